//! Bitboards of the width a board needs: `u64` for boards up to 64 squares (7x7),
//! `u128` up to 128 (9x9, 11x11).
//!
//! The leap and ray tables of [`Geometry`](super::Geometry) are built once, at
//! compile time, as `u128` sets ([`Bb`]); a game on a small board reads them
//! through [`Bits::from_bb`], which keeps the low 64 bits, so its own sets are
//! `u64` and every operation in its hot path is one machine word.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::geometry::{Bb, Square};

/// A set of squares as a machine integer: bit `i` for square `i`.
///
/// Implemented for `u64` (boards up to 64 squares) and `u128` (up to 128).
pub trait Bits:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No square.
    const EMPTY: Self;
    /// The most squares a board using this width may have.
    const CAPACITY: usize;

    /// The one-square set.
    fn bit(sq: Square) -> Self;
    /// The set `bb` from a compile-time table (its squares must fit this width).
    fn from_bb(bb: Bb) -> Self;
    /// The same set as a [`Bb`].
    fn to_bb(self) -> Bb;
    /// Whether `sq` is in the set.
    fn has(&self, sq: Square) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest-numbered square. The set must not be empty.
    fn first(self) -> Square;
    /// The highest-numbered square. The set must not be empty.
    fn last(self) -> Square;
    /// Removes and returns the lowest-numbered square. The set must not be empty.
    fn pop(&mut self) -> Square;
    /// Whether more than one square is in the set.
    fn several(self) -> bool;

    /// Calls `f` with every square of the set, lowest first. For `u128` the two
    /// halves are walked as `u64`s, which is cheaper than popping a `u128`.
    fn each(self, f: impl FnMut(Square));

    /// Calls `f` with the squares of the set as [`Squares`] iterators, lowest
    /// first: one for a `u64`, one per half for a `u128` (a half that is empty
    /// is skipped).
    fn each_word(self, f: impl FnMut(Squares));

    /// `h` XORed with `keys[sq]` (the square's index masked to 128) for every
    /// square of the set: a Zobrist hash's share of one set of pieces. Two
    /// squares a round (a `u128` word by word), which compiles to five
    /// instructions a square where [`Bits::each`]'s loop takes six.
    fn xor_keys(&self, keys: &[u64; 128], h: u64) -> u64;
}

/// The squares of one machine word of a set, lowest first: bit `i` of the word
/// is square `offset + i`.
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    word: u64,
    offset: u8,
}

impl Squares {
    /// The squares of `word`, bit `i` being square `offset + i`.
    #[inline(always)]
    #[must_use]
    pub const fn new(word: u64, offset: u8) -> Squares {
        Squares { word, offset }
    }
}

impl Squares {
    /// Calls `f` with every square, lowest first, two a round: a loop that
    /// compiles to fewer instructions a square than the iterator's (Dragon's
    /// hash reads it; [`ActionBuffer::push_squares`](crate::core::ActionBuffer::push_squares)
    /// goes four a round with one test of the list's room).
    #[inline(always)]
    pub fn each_two(self, mut f: impl FnMut(Square)) {
        let mut word = self.word;
        while word != 0 {
            f(Square(self.offset + word.trailing_zeros() as u8));
            word &= word - 1;
            if word == 0 {
                break;
            }
            f(Square(self.offset + word.trailing_zeros() as u8));
            word &= word - 1;
        }
    }
}

impl Squares {
    /// The set's word: bit `i` is square [`Squares::offset`]` + i`.
    #[inline(always)]
    #[must_use]
    pub const fn word(self) -> u64 {
        self.word
    }

    /// The square of bit 0 of [`Squares::word`].
    #[inline(always)]
    #[must_use]
    pub const fn offset(self) -> u8 {
        self.offset
    }
}

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.word == 0 {
            return None;
        }
        let sq = Square(self.offset + self.word.trailing_zeros() as u8);
        self.word &= self.word - 1;
        Some(sq)
    }
}

macro_rules! impl_bits {
    (
        $t:ty,
        $bit:ident,
        $has:ident,
        |$b:ident, $f:ident| $each:block,
        |$wb:ident, $wf:ident| $words:block,
        |$kb:ident, $keys:ident, $h:ident| $xor:block
    ) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn bit(sq: Square) -> Self {
                $bit(sq)
            }

            #[inline(always)]
            fn from_bb(bb: Bb) -> Self {
                // Tables of a board that fits this width have no higher bit set.
                bb.0 as $t
            }

            #[inline(always)]
            fn to_bb(self) -> Bb {
                Bb(self as u128)
            }

            #[inline(always)]
            fn has(&self, sq: Square) -> bool {
                $has(*self, sq)
            }

            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn first(self) -> Square {
                Square(self.trailing_zeros() as u8)
            }

            #[inline(always)]
            fn last(self) -> Square {
                Square((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }

            #[inline(always)]
            fn pop(&mut self) -> Square {
                let sq = self.first();
                *self &= *self - 1;
                sq
            }

            #[inline(always)]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }

            #[inline(always)]
            fn each(self, mut $f: impl FnMut(Square)) {
                let $b = self;
                $each
            }

            #[inline(always)]
            fn each_word(self, mut $wf: impl FnMut(Squares)) {
                let $wb = self;
                $words
            }

            #[inline(always)]
            fn xor_keys(&self, $keys: &[u64; 128], $h: u64) -> u64 {
                let $kb = *self;
                $xor
            }
        }
    };
}

#[inline(always)]
fn bit_u64(sq: Square) -> u64 {
    1 << sq.0
}

/// Every square's bit of a `u128`, by square: one load, where shifting a
/// `u128` by a variable takes some seven instructions (two words shifted and
/// chosen between).
static BITS_U128: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// `1 << sq` from [`BITS_U128`] (the shift's overflow, a square past 127, is
/// still caught in a debug build).
#[inline(always)]
fn bit_u128(sq: Square) -> u128 {
    debug_assert!(sq.0 < 128, "shift overflow: square {}", sq.0);
    BITS_U128[usize::from(sq.0 & 127)]
}

#[inline(always)]
fn has_u64(b: u64, sq: Square) -> bool {
    b >> sq.0 & 1 == 1
}

/// A `u128` is two words: test the one holding `sq`, which is cheaper than
/// shifting the whole `u128`.
#[inline(always)]
fn has_u128(b: u128, sq: Square) -> bool {
    let word = if sq.0 < 64 {
        b as u64
    } else {
        (b >> 64) as u64
    };
    word >> (sq.0 & 63) & 1 == 1
}

/// `h` XORed with `keys[offset + i]` (masked to 128) for every bit `i` of
/// `word`, two squares a round: five instructions a square where a loop of one
/// a round takes six. [`Bits::xor_keys`] of a `u64`, and of each half of a
/// `u128`.
#[inline(always)]
fn xor_word_keys(word: u64, keys: &[u64; 128], offset: usize, mut h: u64) -> u64 {
    let mut b = word;
    while b != 0 {
        h ^= keys[(offset + b.trailing_zeros() as usize) & 127];
        b &= b - 1;
        if b == 0 {
            break;
        }
        h ^= keys[(offset + b.trailing_zeros() as usize) & 127];
        b &= b - 1;
    }
    h
}

impl_bits!(
    u64,
    bit_u64,
    has_u64,
    |b, f| {
        let mut b = b;
        while b != 0 {
            f(Square(b.trailing_zeros() as u8));
            b &= b - 1;
        }
    },
    |b, f| {
        if b != 0 {
            f(Squares { word: b, offset: 0 });
        }
    },
    |b, keys, h| { xor_word_keys(b, keys, 0, h) }
);
impl_bits!(
    u128,
    bit_u128,
    has_u128,
    |b, f| {
        let mut lo = b as u64;
        while lo != 0 {
            f(Square(lo.trailing_zeros() as u8));
            lo &= lo - 1;
        }
        let mut hi = (b >> 64) as u64;
        while hi != 0 {
            f(Square(64 + hi.trailing_zeros() as u8));
            hi &= hi - 1;
        }
    },
    |b, f| {
        let (lo, hi) = (b as u64, (b >> 64) as u64);
        if lo != 0 {
            f(Squares {
                word: lo,
                offset: 0,
            });
        }
        if hi != 0 {
            f(Squares {
                word: hi,
                offset: 64,
            });
        }
    },
    |b, keys, h| {
        let h = xor_word_keys(b as u64, keys, 0, h);
        xor_word_keys((b >> 64) as u64, keys, 64, h)
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_u128_bit_from_the_table_is_the_shift() {
        for i in 0..128u8 {
            assert_eq!(<u128 as Bits>::bit(Square(i)), 1u128 << i);
            assert_eq!(<u64 as Bits>::bit(Square(i % 64)), 1u64 << (i % 64));
        }
    }

    fn squares<B: Bits>(mut b: B) -> Vec<u8> {
        let mut v = Vec::new();
        while !b.is_empty() {
            v.push(b.pop().0);
        }
        v
    }

    #[test]
    fn both_widths_agree_on_small_sets() {
        let bb = Bb::EMPTY.with(Square(3)).with(Square(48)).with(Square(0));
        let a = u64::from_bb(bb);
        let b = u128::from_bb(bb);
        assert_eq!(squares(a), [0, 3, 48]);
        let mut seen = Vec::new();
        (b | u128::bit(Square(100))).each(|sq| seen.push(sq.0));
        assert_eq!(seen, [0, 3, 48, 100]);
        assert_eq!(squares(b), [0, 3, 48]);
        assert_eq!(a.to_bb(), bb);
        assert_eq!(a.first(), Square(0));
        assert_eq!(a.last(), Square(48));
        assert_eq!(b.last(), Square(48));
        assert!(a.several());
        assert!(!u64::bit(Square(5)).several());
        assert_eq!(u128::bit(Square(120)).last(), Square(120));
        assert_eq!(u128::bit(Square(120)).count(), 1);
    }

    #[test]
    fn xor_keys_is_the_xor_over_each_square() {
        let keys: [u64; 128] = std::array::from_fn(|i| crate::core::zobrist::splitmix64(i as u64));
        let by_each = |b: u128| {
            let mut h = 7;
            b.each(|sq| h ^= keys[sq.index()]);
            h
        };
        // Sets of every size from 0 to 6 squares (odd and even counts, for the
        // two-a-round walk), in each half of a `u128`.
        let mut set = 0u128;
        for sq in [0u8, 5, 17, 48, 63, 64, 100, 127] {
            assert_eq!(set.xor_keys(&keys, 7), by_each(set), "{set:#x}");
            if sq < 64 {
                let low = set as u64;
                assert_eq!(low.xor_keys(&keys, 7), by_each(u128::from(low)));
            }
            set |= u128::bit(Square(sq));
        }
        assert_eq!(u64::MAX.xor_keys(&keys, 7), by_each(u128::from(u64::MAX)));
    }
}
