//! The square index: one number for a square across every board of a game.

use std::fmt;
use std::hash::Hash;

use crate::core::Square;

/// The integer a game numbers its squares with: `u8` for a game of at most
/// 255 squares (every Jewel board, Dragon's 135, the 14x10 game's 140), `u16`
/// beyond (The Game's eight boards). Square sets ([`SquareSet`](super::SquareSet))
/// and the tables of a [`Layout`](super::Layout) are generic over it, so each
/// game keeps the narrowest index its squares fit: a `u8` keeps step tables
/// and actions small where a game's speed depends on it.
///
/// [`SquareIndex::NONE`] (the type's largest value) is "no square" in step
/// tables; it is never a square.
pub trait SquareIndex: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static {
    /// "No square": the value step tables hold where a step leaves the boards.
    const NONE: Self;
    /// How many squares this index numbers (`NONE` excluded).
    const CAPACITY: usize;

    /// The square numbered `i`. `i` must be below [`SquareIndex::CAPACITY`]
    /// (a larger `i` is cut to the type's width).
    fn from_index(i: usize) -> Self;

    /// The square's number, `0..CAPACITY` (or `CAPACITY` for `NONE`).
    fn to_index(self) -> usize;
}

impl SquareIndex for u8 {
    const NONE: u8 = u8::MAX;
    const CAPACITY: usize = u8::MAX as usize;

    #[inline(always)]
    fn from_index(i: usize) -> u8 {
        i as u8
    }

    #[inline(always)]
    fn to_index(self) -> usize {
        usize::from(self)
    }
}

impl SquareIndex for u16 {
    const NONE: u16 = u16::MAX;
    const CAPACITY: usize = u16::MAX as usize;

    #[inline(always)]
    fn from_index(i: usize) -> u16 {
        i as u16
    }

    #[inline(always)]
    fn to_index(self) -> usize {
        usize::from(self)
    }
}

impl SquareIndex for Square {
    const NONE: Square = Square(u8::MAX);
    const CAPACITY: usize = u8::MAX as usize;

    #[inline(always)]
    fn from_index(i: usize) -> Square {
        Square(i as u8)
    }

    #[inline(always)]
    fn to_index(self) -> usize {
        usize::from(self.0)
    }
}
