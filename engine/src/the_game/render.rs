//! A text render of the eight boards a person can read, laid out as the
//! seed's own 2-D picture (The Boards & The Setup):
//!
//! ```text
//!         SILVER MANA
//!         SKY
//!         GROUND
//! WEST MANA       EAST MANA
//!         CAVERN
//!         GOLD MANA
//!         ASTRAL
//! ```
//!
//! Each board has its name and prefix above it, its ranks from the highest
//! down and its files lettered below. A square is two characters: `. ` empty,
//! a piece's letter (upper case Gold, lower case Silver) and a space, `J ` a
//! Djinn alone, a piece's letter and `*` for a piece sharing a Djinn's square,
//! a piece's letter and `~` for a piece a Basilisk freezes.

use std::fmt;

use super::board::{Boards, Sq};
use super::position::{Ending, Position};
use super::setup::side_name;

/// The boards in the order of the seed's picture; the West and East Mana
/// boards share a row.
const ROWS: [&[&str]; 6] = [
    &["silver-mana"],
    &["sky"],
    &["ground"],
    &["west-mana", "east-mana"],
    &["cavern"],
    &["gold-mana"],
];

impl Position {
    /// The lines of board `plane`: a title, its ranks, its files.
    fn board_lines(&self, plane: usize) -> Vec<String> {
        let b = Boards::get();
        let spec = &b.spec.boards[plane];
        let mut lines = vec![format!("{} ({})", spec.name, spec.prefix)];
        for rank in (0..spec.ranks).rev() {
            let mut line = format!("{:>2} ", rank + 1);
            for file in 0..spec.files {
                let Some(sq) = b.layout.square(plane, i16::from(file), i16::from(rank)) else {
                    continue;
                };
                let sq = sq as Sq;
                let (c, mark) = match (self.at(sq), self.djinn_at(sq)) {
                    (Some(p), djinn) => {
                        let letter = if p.side == super::GOLD {
                            p.kind.letter()
                        } else {
                            p.kind.letter().to_ascii_lowercase()
                        };
                        let mark = if djinn {
                            '*'
                        } else if self.frozen(sq) {
                            '~'
                        } else {
                            ' '
                        };
                        (letter, mark)
                    }
                    (None, true) => ('J', ' '),
                    (None, false) => ('.', ' '),
                };
                line.push(c);
                line.push(mark);
            }
            lines.push(line.trim_end().to_owned());
        }
        let files: String = (0..spec.files)
            .map(|f| format!("{} ", char::from(b'A' + f)))
            .collect();
        lines.push(format!("   {}", files.trim_end()));
        lines
    }

    /// Draws every board and who is to act.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let b = Boards::get();
        for row in ROWS {
            let boards: Vec<Vec<String>> = row
                .iter()
                .filter_map(|name| b.spec.index(name))
                .map(|plane| self.board_lines(plane))
                .collect();
            let height = boards.iter().map(Vec::len).max().unwrap_or(0);
            for i in 0..height {
                let cells: Vec<String> = boards
                    .iter()
                    .map(|lines| format!("{:<28}", lines.get(i).map_or("", String::as_str)))
                    .collect();
                writeln!(out, "{}", cells.concat().trim_end())?;
            }
            writeln!(out)?;
        }
        for line in self.board_lines(b.astral) {
            writeln!(out, "{line}")?;
        }
        for &(sq, ret) in self.returns() {
            writeln!(
                out,
                "{} returns to {}",
                b.layout.name(sq),
                b.layout.name(ret)
            )?;
        }
        match (self.ending(), self.pending()) {
            (Some(Ending::EmperorCaptured(side)), _) => writeln!(
                out,
                "over: {} wins, the {} Emperor captured",
                side_name(side),
                side_name(side.opponent())
            ),
            (Some(Ending::Stalemate), _) => writeln!(
                out,
                "over: a draw, {} has no legal action",
                side_name(self.to_move())
            ),
            (Some(Ending::PlyBound), _) => writeln!(out, "over: a draw at the ply bound"),
            (None, Some(p)) => writeln!(
                out,
                "{} to choose for the captured {} ({})",
                side_name(self.to_move()),
                p.piece.kind,
                if p.from_astral {
                    "kill or return"
                } else {
                    "kill or send"
                }
            ),
            (None, None) => writeln!(out, "{} to move", side_name(self.to_move())),
        }
    }
}
