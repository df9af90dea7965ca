//! The board layer every game stands on: boards as data, one square index
//! across a game's boards, square sets of the width a game needs, and the
//! step, leap and ray tables built from them once.
//!
//! - [`Layout`]: one board of files by ranks ([`Plane`]), or several named
//!   boards with the [`Link`]s between them (above, below, beside). Squares
//!   are numbered board after board, rank by rank from the south-west:
//!
//!   ```text
//!   Jewel 3x3        Dragon 9x15              The Game (sketch)
//!   6 7 8            126 ... 134  (I15)       Sky    (S) 0..96
//!   3 4 5             ...                     Ground (G) 96..192    Sky above Ground,
//!   0 1 2              0 ...   8  (I1)        Cavern (C) 192..288   Cavern below, ...
//!   ```
//!
//! - [`SquareIndex`]: the integer a game numbers its squares with (`u8` up to
//!   255 squares, `u16` beyond); [`Square`] is the `u8` index of the
//!   single-board games.
//! - Square sets: `u64` and `u128` ([`Bits`]) for boards up to 128 squares,
//!   [`SquareSet<W>`] of `W` words beyond (it implements [`Bits`] too, up to
//!   256 squares).
//! - [`Direction`] (a step on one board), [`Step`] (a step that may cross
//!   boards), and the shared lists of leaps ([`leaps`]).
//! - Tables: [`Layout::steps`], [`Layout::leap_sets`], [`Layout::leap_lists`],
//!   [`Layout::rays`] at first use for any layout; [`Geometry`]'s `const fn`
//!   tables ([`Geometry::leap_table`], [`Geometry::rays`]) for a single board
//!   up to 128 squares, built at compile time.
//! - Text: squares print and parse as the seeds write them, `C1`, with the
//!   board's prefix in front where a game has several ([`Layout::name`],
//!   [`Layout::parse_square`]; [`Geometry::name`], [`Geometry::parse_square`]).

pub(in crate::core) mod bits;
pub(in crate::core) mod coord;
pub(in crate::core) mod geometry;
mod index;
mod layout;
mod set;
mod tables;

pub use bits::{Bits, Squares};
pub use coord::{Coord, CoordError};
pub use geometry::{Bb, Direction, Geometry, Rays, Square, SquareName, leaps};
pub use index::SquareIndex;
pub use layout::{Layout, LayoutSquareName, Link, MAX_PLANES, Plane, SquareError, Step, Way};
pub use set::{SetIter, SquareSet};
pub use tables::everywhere;

#[cfg(test)]
mod tests;
