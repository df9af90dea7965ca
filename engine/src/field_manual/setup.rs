//! The set-up, read from `engine/data/field_manual/setup.txt` (the project's
//! draft: the manual gives no counts and no placements; ruling
//! [`SETUP`](super::rulings::SETUP); the file explains every placement).
//!
//! The file places the Dragon's army; the Tiger's is its mirror image (same
//! file, rank `11 - rank`). A piece's identity is its side and its index in the
//! file (the order of its `place` line), which names its starting square.

use std::sync::OnceLock;

use super::pieces::Kind;
use crate::core::Coord;

/// The set-up file as embedded in the engine.
pub const SETUP_FILE: &str = include_str!("../../data/field_manual/setup.txt");

/// Files of the battlefield: A to N ("a 14 x 10 battlefield").
pub const WIDTH: u8 = 14;
/// Ranks of the battlefield: 1 to 10.
pub const HEIGHT: u8 = 10;
/// Pieces in an army ("A 42-piece army").
pub const ARMY: usize = 42;

/// One army's set-up: the Dragon's pieces in file order (the index is the
/// piece's identity); the Tiger's are their mirror images.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetUp {
    /// Each piece's starting square and kind, for the Dragon.
    pub pieces: Vec<(Coord, Kind)>,
}

impl SetUp {
    /// The standard set-up, parsed on first use.
    ///
    /// # Panics
    ///
    /// Never: the embedded file is checked by this module's tests.
    #[must_use]
    pub fn standard() -> &'static SetUp {
        static START: OnceLock<SetUp> = OnceLock::new();
        START.get_or_init(|| {
            parse_setup(SETUP_FILE)
                .unwrap_or_else(|e| panic!("engine/data/field_manual/setup.txt: {e}"))
        })
    }

    /// The Tiger's starting square of the piece the Dragon starts on `home`:
    /// the same file, rank `11 - rank`.
    #[must_use]
    pub const fn mirror(home: Coord) -> Coord {
        Coord::new(home.file, HEIGHT - 1 - home.rank)
    }
}

/// A set-up file's text.
///
/// # Errors
///
/// The line and what was expected: an unknown line, kind or square, a square
/// placed twice or outside the Dragon's half, or an army that is not 42 pieces
/// with one King, one Queen, one Prince and one Princess.
pub fn parse_setup(text: &str) -> Result<SetUp, String> {
    let mut pieces: Vec<(Coord, Kind)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at_line = |m: String| format!("line {}: {m}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let ["place", sq, kind] = words[..] else {
            return Err(at_line(format!(
                "expected `place <square> <kind>`, found `{}`",
                crate::core::quoted(line)
            )));
        };
        let at: Coord = sq.parse().map_err(|e| at_line(format!("{e}")))?;
        if at.file >= WIDTH || at.rank >= HEIGHT / 2 {
            return Err(at_line(format!(
                "square `{sq}` is not in the Dragon's half (files A-N, ranks 1-5)"
            )));
        }
        let kind = Kind::from_name(kind).ok_or_else(|| {
            at_line(format!(
                "unknown kind `{}`; expected one of {}",
                crate::core::quoted(kind),
                Kind::ALL.map(Kind::name).join(", ")
            ))
        })?;
        if pieces.iter().any(|&(c, _)| c == at) {
            return Err(at_line(format!("{at} is placed twice")));
        }
        pieces.push((at, kind));
    }
    if pieces.len() != ARMY {
        return Err(format!(
            "an army has {ARMY} pieces (\"A 42-piece army\"), found {}",
            pieces.len()
        ));
    }
    for royal in [Kind::King, Kind::Queen, Kind::Prince, Kind::Princess] {
        let count = pieces.iter().filter(|&&(_, k)| k == royal).count();
        if count != 1 {
            return Err(format!("an army has one {royal}, found {count}"));
        }
    }
    Ok(SetUp { pieces })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(s: &SetUp, kind: Kind) -> usize {
        s.pieces.iter().filter(|&&(_, k)| k == kind).count()
    }

    #[test]
    fn the_standard_set_up_is_the_drafts_three_rows() {
        let s = SetUp::standard();
        assert_eq!(s.pieces.len(), 42);
        for k in [Kind::Rook, Kind::RoyalRook, Kind::Knight] {
            assert_eq!(count(s, k), 2, "{k}");
        }
        for k in [Kind::Bishop, Kind::Archbishop] {
            assert_eq!(count(s, k), 2, "{k}");
            // One on each colour: "Always stays on the same square color".
            let colours: Vec<u8> = s
                .pieces
                .iter()
                .filter(|&&(_, kk)| kk == k)
                .map(|(c, _)| (c.file + c.rank) % 2)
                .collect();
            assert_ne!(colours[0], colours[1], "{k}");
        }
        assert_eq!(count(s, Kind::Squire), 14);
        assert_eq!(count(s, Kind::Pawn), 14);
        // Every file has a Squire with nothing of its own army in front of it
        // but a Pawn, which can step aside.
        for file in 0..WIDTH {
            let squire = s
                .pieces
                .iter()
                .find(|&&(c, k)| k == Kind::Squire && c.file == file)
                .expect("a Squire on every file");
            for &(c, k) in &s.pieces {
                if c.file == file && c.rank > squire.0.rank {
                    assert_eq!(k, Kind::Pawn, "{c} blocks the Squire of {}", squire.0);
                }
            }
        }
        // The Prince has friendly Squires to swap with.
        assert!(count(s, Kind::Squire) > 0 && count(s, Kind::Prince) == 1);
        // Ransom has sacrifices: 38 Pawns, Squires and battle pieces.
        let eligible = s.pieces.iter().filter(|(_, k)| k.is_sacrificeable());
        assert_eq!(eligible.count(), 38);
        assert!(SETUP_FILE.contains("DRAFT: this is the project's set-up"));
    }

    #[test]
    fn bad_files_name_their_line() {
        let err = parse_setup("place A1 king\nplace A1 queen\n").unwrap_err();
        assert_eq!(err, "line 2: A1 is placed twice");
        let err = parse_setup("\n# x\nplace A6 king\n").unwrap_err();
        assert!(err.starts_with("line 3: square `A6`"), "{err}");
        let err = parse_setup("place A1 dragon\n").unwrap_err();
        assert!(err.starts_with("line 1: unknown kind `dragon`"), "{err}");
        let err = parse_setup("put A1 king\n").unwrap_err();
        assert!(err.starts_with("line 1: expected `place"), "{err}");
        let err = parse_setup("place A1 king\n").unwrap_err();
        assert!(err.contains("42 pieces"), "{err}");
    }
}
