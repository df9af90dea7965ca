//! The 14x10 battlefield on the shared board layer: its layout, square names
//! and the step and leap tables move generation reads, built once.
//!
//! Squares are numbered rank by rank from A1 (0) to N10 (139):
//!
//! ```text
//! rank 10  126 127 ... 139      A10 ... N10   (the Tiger's back row)
//!  ...
//! rank 1     0   1 ...  13      A1  ...  N1   (the Dragon's back row)
//! ```

use std::sync::OnceLock;

use crate::core::{Direction, Layout, Plane, SquareSet, Step, everywhere};

/// Squares of the battlefield.
pub const SQUARES: usize = 140;
/// Files (A-N).
pub const FILES: u8 = 14;
/// Ranks (1-10).
pub const RANKS: u8 = 10;
/// "No square": a step off the board, an empty square, a piece off the board.
pub const NONE: u8 = u8::MAX;

/// A set of squares of the battlefield.
pub type Set = SquareSet<3>;

/// The battlefield: "a 14 x 10 battlefield" (seed 004, "Learn to command").
pub const PLANE: Plane = Plane::new("battlefield", "", FILES, RANKS);
/// The one-board layout.
pub const LAYOUT: Layout = Layout::single(&PLANE);

/// The eight directions in [`Direction::ALL`]'s order: N, NE, E, SE, S, SW, W,
/// NW. Even indices are orthogonal, odd ones diagonal; `(d + 2) % 8` and
/// `(d + 6) % 8` are the two quarter turns of `d`.
pub const DIRECTIONS: usize = 8;

/// The tables, built once.
pub struct Tables {
    /// `step[d][sq]`: the square one step from `sq` in direction `d`, or [`NONE`].
    pub step: [[u8; SQUARES]; DIRECTIONS],
    /// The Knight's leaps from each square, ascending, padded with [`NONE`].
    pub knight: [[u8; 8]; SQUARES],
    /// The Prince's jumps (two squares in each direction), ascending, padded.
    pub prince: [[u8; 8]; SQUARES],
    /// The King's steps, ascending, padded.
    pub king: [[u8; 8]; SQUARES],
}

/// The tables, built at first use.
#[must_use]
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let step = Direction::ALL.map(|d| LAYOUT.steps::<u8, SQUARES>(Step::flat(d), everywhere));
        let knight_steps: Vec<Step> = [(1, 2), (2, 1), (2, -1), (1, -2)]
            .into_iter()
            .flat_map(|(f, r)| [Step::new(f, r, 0), Step::new(-f, -r, 0)])
            .collect();
        let prince_steps: Vec<Step> = Direction::ALL
            .into_iter()
            .map(|d| Step::new(2 * d.df, 2 * d.dr, 0))
            .collect();
        let king_steps: Vec<Step> = Direction::ALL.into_iter().map(Step::flat).collect();
        Tables {
            step,
            knight: LAYOUT.leap_lists::<u8, 8, SQUARES>(&knight_steps, everywhere),
            prince: LAYOUT.leap_lists::<u8, 8, SQUARES>(&prince_steps, everywhere),
            king: LAYOUT.leap_lists::<u8, 8, SQUARES>(&king_steps, everywhere),
        }
    })
}

/// The file of `sq`, 0 for A.
#[must_use]
pub const fn file(sq: u8) -> u8 {
    sq % FILES
}

/// The rank of `sq`, 0 for rank 1.
#[must_use]
pub const fn rank(sq: u8) -> u8 {
    sq / FILES
}

/// The square of `file` and `rank` (0-based).
#[must_use]
pub const fn square(file: u8, rank: u8) -> u8 {
    rank * FILES + file
}

/// `sq` turned north to south: the same file, rank `11 - rank`.
#[must_use]
pub const fn mirror(sq: u8) -> u8 {
    square(file(sq), RANKS - 1 - rank(sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_plain_stepping() {
        let t = tables();
        for sq in 0..SQUARES as u8 {
            let (f, r) = (i16::from(file(sq)), i16::from(rank(sq)));
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let (tf, tr) = (f + i16::from(dir.df), r + i16::from(dir.dr));
                let expected = if (0..14).contains(&tf) && (0..10).contains(&tr) {
                    square(tf as u8, tr as u8)
                } else {
                    NONE
                };
                assert_eq!(t.step[d][usize::from(sq)], expected);
            }
            let count = |list: &[u8; 8]| list.iter().filter(|&&s| s != NONE).count();
            if (2..12).contains(&f) && (2..8).contains(&r) {
                assert_eq!(count(&t.knight[usize::from(sq)]), 8);
                assert_eq!(count(&t.prince[usize::from(sq)]), 8);
            }
            assert!(count(&t.king[usize::from(sq)]) >= 3);
        }
        assert_eq!(LAYOUT.name(139u8).to_string(), "N10");
        assert_eq!(LAYOUT.parse_square::<u8>("E3"), Ok(square(4, 2)));
        assert_eq!(mirror(square(0, 0)), square(0, 9));
    }
}
