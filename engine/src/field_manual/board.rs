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

/// Whether the squares along direction `d` grow in number (N, NE, E, NW: a
/// ray's nearest square is its lowest) or shrink (SE, S, SW, W: its highest).
pub const ASCENDING: [bool; DIRECTIONS] = [true, true, true, false, false, false, false, true];

/// The tables, built once.
pub struct Tables {
    /// `step[d][sq]`: the square one step from `sq` in direction `d`, or [`NONE`].
    pub step: [[u8; SQUARES]; DIRECTIONS],
    /// `ray[d][sq]`: every square from `sq` along direction `d` to the edge
    /// (`sq` excluded).
    pub ray: [[Set; SQUARES]; DIRECTIONS],
    /// `near[d][sq]`: the first four squares of `ray[d][sq]` (the Princess's reach).
    pub near: [[Set; SQUARES]; DIRECTIONS],
    /// `lines[sq]`: the squares of the eight rays from `sq`.
    pub lines: [Set; SQUARES],
    /// The King's steps from each square, as a set.
    pub king_set: [Set; SQUARES],
    /// The Knight's leaps from each square, as a set.
    pub knight_set: [Set; SQUARES],
    /// The Prince's jumps from each square, as a set.
    pub prince_set: [Set; SQUARES],
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
        let ray = Direction::ALL.map(|d| LAYOUT.rays::<3, SQUARES>(Step::flat(d), everywhere));
        let near = std::array::from_fn(|d| {
            std::array::from_fn(|sq| {
                let mut set = Set::EMPTY;
                let mut at = step[d][sq];
                for _ in 0..4 {
                    if at == NONE {
                        break;
                    }
                    set.insert(at);
                    at = step[d][usize::from(at)];
                }
                set
            })
        });
        let lines =
            std::array::from_fn(|sq| (0..DIRECTIONS).fold(Set::EMPTY, |s, d| s | ray[d][sq]));
        Tables {
            step,
            ray,
            near,
            lines,
            king_set: LAYOUT.leap_sets::<3, SQUARES>(&king_steps, everywhere),
            knight_set: LAYOUT.leap_sets::<3, SQUARES>(&knight_steps, everywhere),
            prince_set: LAYOUT.leap_sets::<3, SQUARES>(&prince_steps, everywhere),
            knight: LAYOUT.leap_lists::<u8, 8, SQUARES>(&knight_steps, everywhere),
            prince: LAYOUT.leap_lists::<u8, 8, SQUARES>(&prince_steps, everywhere),
            king: LAYOUT.leap_lists::<u8, 8, SQUARES>(&king_steps, everywhere),
        }
    })
}

impl Tables {
    /// The nearest square of `set` (a part of `ray[d][sq]` for some `sq`)
    /// along direction `d`, or [`NONE`] when it is empty.
    #[inline(always)]
    #[must_use]
    pub fn nearest(d: usize, set: Set) -> u8 {
        let found = if ASCENDING[d] {
            set.first::<u8>()
        } else {
            set.last::<u8>()
        };
        found.unwrap_or(NONE)
    }

    /// What a rider on `from` reaches along direction `d` over `occupied`:
    /// every empty square up to the first occupied one, which is included.
    #[inline(always)]
    #[must_use]
    pub fn reach(&self, d: usize, from: u8, occupied: Set) -> Set {
        let ray = self.ray[d][usize::from(from)];
        let blocker = Tables::nearest(d, ray & occupied);
        if blocker == NONE {
            ray
        } else {
            ray.minus(self.ray[d][usize::from(blocker)])
        }
    }
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
        // Every ray, walked square by square, runs the way `ASCENDING` says,
        // and `reach` stops at the first occupied square.
        for sq in 0..SQUARES as u8 {
            for (d, &ascending) in ASCENDING.iter().enumerate() {
                let mut walked = Vec::new();
                let mut at = t.step[d][usize::from(sq)];
                while at != NONE {
                    walked.push(at);
                    at = t.step[d][usize::from(at)];
                }
                let ray: Vec<u8> = t.ray[d][usize::from(sq)].iter::<u8>().collect();
                let mut sorted = walked.clone();
                sorted.sort_unstable();
                assert_eq!(ray, sorted);
                assert!(walked.windows(2).all(|w| (w[0] < w[1]) == ascending));
                let near: Vec<u8> = t.near[d][usize::from(sq)].iter::<u8>().collect();
                let mut first4: Vec<u8> = walked.iter().copied().take(4).collect();
                first4.sort_unstable();
                assert_eq!(near, first4);
                for (i, &blocker) in walked.iter().enumerate() {
                    let reached: Vec<u8> =
                        t.reach(d, sq, Set::single(blocker)).iter::<u8>().collect();
                    let mut expected = walked[..=i].to_vec();
                    expected.sort_unstable();
                    assert_eq!(reached, expected);
                }
                assert_eq!(t.reach(d, sq, Set::EMPTY), t.ray[d][usize::from(sq)]);
            }
        }
        assert_eq!(LAYOUT.parse_square::<u8>("E3"), Ok(square(4, 2)));
        assert_eq!(mirror(square(0, 0)), square(0, 9));
    }
}
