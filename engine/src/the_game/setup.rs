//! The boards and the set-up of The Game as data (seed 001, The Boards & The
//! Setup): `engine/data/the_game/boards.txt` and `setup.txt`, both the
//! project's drafts (rulings `the-game.boards`, `the-game.board-links`,
//! `the-game.setup`), read once. Each file explains every line; this module
//! reads them into plain lists, and its tests prove every constraint the
//! seed's text fixes.

use std::fmt;

use super::kinds::{Kind, Realm};
use crate::core::Side;

/// The boards file as built into the engine.
pub const BOARDS_TXT: &str = include_str!("../../data/the_game/boards.txt");
/// The set-up file as built into the engine.
pub const SETUP_TXT: &str = include_str!("../../data/the_game/setup.txt");

/// Gold, the south side (ranks 1 and 2 at the start), which moves first
/// (ruling `the-game.first-move`).
pub const GOLD: Side = Side::Red;
/// Silver, the north side (ranks 7 and 8 at the start).
pub const SILVER: Side = Side::Green;

/// The seed's name for `side`: `gold` or `silver`.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "gold",
        Side::Green => "silver",
    }
}

/// A line of a data file that cannot be read: the file, the line (from 1)
/// and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: expected {expected}")]
pub struct DataError {
    /// The file's name, such as `boards.txt`.
    pub file: &'static str,
    /// The line, counted from 1 (0: the file as a whole).
    pub line: usize,
    /// What was expected.
    pub expected: String,
}

/// One board of the boards file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Its name, such as `sky` or `gold-mana`.
    pub name: String,
    /// The prefix of its squares' names, such as `S` or `MG`.
    pub prefix: String,
    /// Its files, lettered `a..` from the west.
    pub files: u8,
    /// Its ranks, numbered `1..` from the south.
    pub ranks: u8,
    /// The part it plays.
    pub realm: Realm,
}

/// The boards file: the boards in order and which lie above which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The boards, in the file's order.
    pub boards: Vec<BoardSpec>,
    /// `(upper, lower)` indices into `boards`: every square of the upper
    /// board is directly above the square of the same name of the lower.
    pub above: Vec<(usize, usize)>,
}

/// One piece of the set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placed {
    /// The board, an index into [`Layout::boards`].
    pub board: usize,
    /// The file, from 0 (`a`).
    pub file: u8,
    /// The rank, from 0 (rank 1).
    pub rank: u8,
    /// Its kind.
    pub kind: Kind,
    /// Its side; `None` for a Djinn.
    pub side: Option<Side>,
}

/// The set-up file: who moves first and every piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetUp {
    /// The side that moves first.
    pub first: Side,
    /// Every piece, board by board in the file's order, each board's ranks
    /// from the highest down and files from `a`.
    pub pieces: Vec<Placed>,
}

/// The realm a board's name gives it.
fn realm_of(name: &str) -> Option<Realm> {
    match name {
        "sky" => Some(Realm::Sky),
        "ground" => Some(Realm::Ground),
        "cavern" => Some(Realm::Cavern),
        "astral" => Some(Realm::Astral),
        "gold-mana" | "silver-mana" | "west-mana" | "east-mana" => Some(Realm::Mana),
        _ => None,
    }
}

/// The lines of `text` with their numbers, comments cut and blank lines left out.
fn lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        (!words.is_empty()).then_some((i + 1, words))
    })
}

impl Layout {
    /// Reads a boards file.
    ///
    /// # Errors
    ///
    /// [`DataError`] naming the line and what it should say: an unknown
    /// keyword or board name, a size outside 1 to 26 files or 1 to 99 ranks,
    /// a board named twice, `above` of two boards of different sizes, or a
    /// board missing (the eight boards of the seed must all be there).
    pub fn parse(text: &str) -> Result<Layout, DataError> {
        let err = |line: usize, expected: String| DataError {
            file: "boards.txt",
            line,
            expected,
        };
        let mut boards: Vec<BoardSpec> = Vec::new();
        let mut above = Vec::new();
        for (n, words) in lines(text) {
            match words[..] {
                ["board", name, prefix, files, ranks] => {
                    let realm = realm_of(name).ok_or_else(|| {
                        err(n, format!("a board of the seed (sky, ground, cavern, gold-mana, silver-mana, west-mana, east-mana, astral), not `{name}`"))
                    })?;
                    if boards.iter().any(|b| b.name == name) {
                        return Err(err(n, format!("each board once; `{name}` is named twice")));
                    }
                    if prefix.is_empty()
                        || !prefix.chars().all(|c| c.is_ascii_uppercase())
                        || boards.iter().any(|b| b.prefix == prefix)
                    {
                        return Err(err(
                            n,
                            format!(
                                "a prefix of upper-case letters no other board has, not `{prefix}`"
                            ),
                        ));
                    }
                    let files = files.parse::<u8>().ok().filter(|f| (1..=26).contains(f));
                    let ranks = ranks.parse::<u8>().ok().filter(|r| (1..=99).contains(r));
                    let (Some(files), Some(ranks)) = (files, ranks) else {
                        return Err(err(n, "files 1 to 26 and ranks 1 to 99".to_owned()));
                    };
                    boards.push(BoardSpec {
                        name: name.to_owned(),
                        prefix: prefix.to_owned(),
                        files,
                        ranks,
                        realm,
                    });
                }
                ["above", upper, lower] => {
                    let find = |name: &str| boards.iter().position(|b| b.name == name);
                    let (Some(u), Some(l)) = (find(upper), find(lower)) else {
                        return Err(err(
                            n,
                            "`above <upper> <lower>` of two boards named before".to_owned(),
                        ));
                    };
                    if (boards[u].files, boards[u].ranks) != (boards[l].files, boards[l].ranks) {
                        return Err(err(
                            n,
                            format!(
                                "`{upper}` and `{lower}` of the same size, to lie square over square"
                            ),
                        ));
                    }
                    above.push((u, l));
                }
                _ => {
                    return Err(err(
                        n,
                        "`board <name> <prefix> <files> <ranks>` or `above <upper> <lower>`"
                            .to_owned(),
                    ));
                }
            }
        }
        for name in [
            "sky",
            "ground",
            "cavern",
            "gold-mana",
            "silver-mana",
            "west-mana",
            "east-mana",
            "astral",
        ] {
            if !boards.iter().any(|b| b.name == name) {
                return Err(err(0, format!("the board `{name}` (the seed has eight)")));
            }
        }
        Ok(Layout { boards, above })
    }

    /// The built-in boards file.
    ///
    /// # Panics
    ///
    /// Never: the file is built in and a test reads it.
    #[must_use]
    pub fn standard() -> Layout {
        Layout::parse(BOARDS_TXT).expect("the built-in boards file reads")
    }

    /// The index of the board named `name`.
    #[must_use]
    pub fn index(&self, name: &str) -> Option<usize> {
        self.boards.iter().position(|b| b.name == name)
    }
}

impl SetUp {
    /// Reads a set-up file against `layout`.
    ///
    /// # Errors
    ///
    /// [`DataError`] naming the line: an unknown board, a rank out of order
    /// or of the wrong length, an unknown letter, a lower-case `j` (the Djinn
    /// have no side), or a missing `first` line.
    pub fn parse(text: &str, layout: &Layout) -> Result<SetUp, DataError> {
        let err = |line: usize, expected: String| DataError {
            file: "setup.txt",
            line,
            expected,
        };
        let mut first = None;
        let mut pieces = Vec::new();
        // The board being read and the next rank expected (from the top).
        let mut current: Option<(usize, u8)> = None;
        for (n, words) in lines(text) {
            match words[..] {
                ["first", side] => {
                    first = Some(match side {
                        "gold" => GOLD,
                        "silver" => SILVER,
                        _ => {
                            return Err(err(
                                n,
                                format!("`first gold` or `first silver`, not `{side}`"),
                            ));
                        }
                    });
                }
                ["board", name] => {
                    if let Some((b, next)) = current.filter(|&(_, next)| next > 0) {
                        return Err(err(
                            n,
                            format!(
                                "rank {next} of `{}` before a new board",
                                layout.boards[b].name
                            ),
                        ));
                    }
                    let b = layout
                        .index(name)
                        .ok_or_else(|| err(n, format!("a board of boards.txt, not `{name}`")))?;
                    current = Some((b, layout.boards[b].ranks));
                }
                [rank, ref cells @ ..] => {
                    let Some((b, next)) = current else {
                        return Err(err(n, "`board <name>` before its ranks".to_owned()));
                    };
                    let spec = &layout.boards[b];
                    if next == 0 || rank.parse::<u8>() != Ok(next) {
                        return Err(err(
                            n,
                            format!(
                                "rank {next} of `{}` (ranks from the highest down), not `{rank}`",
                                spec.name
                            ),
                        ));
                    }
                    if cells.len() != usize::from(spec.files) {
                        return Err(err(
                            n,
                            format!(
                                "{} cells for the files of `{}`, not {}",
                                spec.files,
                                spec.name,
                                cells.len()
                            ),
                        ));
                    }
                    for (file, cell) in cells.iter().enumerate() {
                        let mut chars = cell.chars();
                        let (Some(c), None) = (chars.next(), chars.next()) else {
                            return Err(err(n, format!("one character a cell, not `{cell}`")));
                        };
                        if c == '.' {
                            continue;
                        }
                        let kind = Kind::from_letter(c)
                            .ok_or_else(|| err(n, format!("`.` or a kind's letter, not `{c}`")))?;
                        let side = match (kind, c.is_ascii_uppercase()) {
                            (Kind::Djinn, true) => None,
                            (Kind::Djinn, false) => {
                                return Err(err(
                                    n,
                                    "`J` for a Djinn (the Djinn have no side)".to_owned(),
                                ));
                            }
                            (_, true) => Some(GOLD),
                            (_, false) => Some(SILVER),
                        };
                        pieces.push(Placed {
                            board: b,
                            file: file as u8,
                            rank: next - 1,
                            kind,
                            side,
                        });
                    }
                    current = Some((b, next - 1));
                }
                [] => {}
            }
        }
        if let Some((b, next)) = current.filter(|&(_, next)| next > 0) {
            return Err(err(
                0,
                format!("rank {next} of `{}`", layout.boards[b].name),
            ));
        }
        let first =
            first.ok_or_else(|| err(0, "a line `first gold` or `first silver`".to_owned()))?;
        Ok(SetUp { first, pieces })
    }

    /// The built-in set-up file, against the built-in boards.
    ///
    /// # Panics
    ///
    /// Never: the files are built in and a test reads them.
    #[must_use]
    pub fn standard(layout: &Layout) -> SetUp {
        SetUp::parse(SETUP_TXT, layout).expect("the built-in set-up file reads")
    }
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} on board {} file {} rank {}",
            self.kind,
            self.board,
            self.file,
            self.rank + 1
        )
    }
}

#[cfg(test)]
mod tests;
