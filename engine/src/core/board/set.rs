//! Sets of squares as a fixed number of machine words.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::index::SquareIndex;
use crate::core::{Bb, Bits, Square, Squares};

/// A set of squares in `W` machine words: bit `i % 64` of word `i / 64` for
/// square `i`. Any game's squares fit one: `W = 3` holds Dragon's 135
/// squares, `W = 8` up to 512 squares over several boards.
///
/// ```text
///  word 0          word 1           word 2
///  squares 0..64   squares 64..128  squares 128..192
///  bit 0 = sq 0    bit 0 = sq 64    bit 0 = sq 128
/// ```
///
/// Every operation walks the words with loops of the constant `W`, which
/// the compiler unrolls: a set of three words costs three instructions an
/// operation and no bounds check. The methods take and give any
/// [`SquareIndex`] (`u8`, `u16`, [`Square`]), the one the game numbers its
/// squares with.
///
/// For sets of up to 256 squares ([`Square`] is a `u8`), `SquareSet<W>`
/// implements [`Bits`], the vocabulary of the one- and two-word sets.
///
/// # Examples
///
/// ```
/// use tigerseye_engine::core::SquareSet;
///
/// let mut set = SquareSet::<3>::EMPTY;
/// set.insert(3u8);
/// set.insert(130u8);
/// assert!(set.has(130u8));
/// assert_eq!(set.iter::<u8>().collect::<Vec<_>>(), [3, 130]);
/// assert_eq!(set.count(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for SquareSet<W> {
    #[inline(always)]
    fn default() -> Self {
        Self::EMPTY
    }
}

/// Writes the words, `SquareSet([1, 0, 0])`, as a derived `Debug` would.
impl<const W: usize> fmt::Debug for SquareSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SquareSet").field(&self.0).finish()
    }
}

/// `usize` numbers squares for [`SquareSet`]'s iteration and the table
/// builders; it is never stored.
impl SquareIndex for usize {
    const NONE: usize = usize::MAX;
    const CAPACITY: usize = usize::MAX;

    #[inline(always)]
    fn from_index(i: usize) -> usize {
        i
    }

    #[inline(always)]
    fn to_index(self) -> usize {
        self
    }
}

impl<const W: usize> SquareSet<W> {
    /// No square.
    pub const EMPTY: Self = SquareSet([0; W]);
    /// Every square the set can hold, `0..64 * W`.
    pub const FULL: Self = SquareSet([!0; W]);
    /// The most squares a set of this width holds.
    pub const CAPACITY: usize = 64 * W;

    /// The set of the words `words` (bit `i % 64` of word `i / 64` for
    /// square `i`).
    #[inline(always)]
    #[must_use]
    pub const fn from_words(words: [u64; W]) -> Self {
        SquareSet(words)
    }

    /// The set of squares `0..n` (every square of a layout of `n` squares).
    ///
    /// # Panics
    ///
    /// When `n` exceeds [`SquareSet::CAPACITY`].
    #[must_use]
    pub const fn first_n(n: usize) -> Self {
        assert!(n <= 64 * W, "more squares than the set holds");
        let mut words = [0u64; W];
        let mut w = 0;
        while w < W {
            let lo = w * 64;
            words[w] = if n >= lo + 64 {
                !0
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            w += 1;
        }
        SquareSet(words)
    }

    /// The one-square set.
    #[inline(always)]
    #[must_use]
    pub fn single(sq: impl SquareIndex) -> Self {
        let mut set = Self::EMPTY;
        set.insert(sq);
        set
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub fn has(&self, sq: impl SquareIndex) -> bool {
        let i = sq.to_index();
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: impl SquareIndex) {
        let i = sq.to_index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: impl SquareIndex) {
        let i = sq.to_index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// The set with `sq` added.
    #[inline(always)]
    #[must_use]
    pub fn with(mut self, sq: impl SquareIndex) -> Self {
        self.insert(sq);
        self
    }

    /// The set with `sq` removed.
    #[inline(always)]
    #[must_use]
    pub fn without(mut self, sq: impl SquareIndex) -> Self {
        self.remove(sq);
        self
    }

    /// Squares in the set.
    #[must_use]
    pub const fn count(self) -> u32 {
        let mut n = 0;
        let mut w = 0;
        while w < W {
            n += self.0[w].count_ones();
            w += 1;
        }
        n
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        let mut any = 0;
        let mut w = 0;
        while w < W {
            any |= self.0[w];
            w += 1;
        }
        any == 0
    }

    /// Whether more than one square is in the set.
    #[inline]
    #[must_use]
    pub fn several(self) -> bool {
        self.count() > 1
    }

    /// The squares in both sets.
    #[inline]
    #[must_use]
    pub const fn and(self, other: Self) -> Self {
        let mut out = [0u64; W];
        let mut w = 0;
        while w < W {
            out[w] = self.0[w] & other.0[w];
            w += 1;
        }
        SquareSet(out)
    }

    /// The squares in either set.
    #[inline]
    #[must_use]
    pub const fn or(self, other: Self) -> Self {
        let mut out = [0u64; W];
        let mut w = 0;
        while w < W {
            out[w] = self.0[w] | other.0[w];
            w += 1;
        }
        SquareSet(out)
    }

    /// The squares of `self` not in `other`.
    #[inline]
    #[must_use]
    pub const fn minus(self, other: Self) -> Self {
        let mut out = [0u64; W];
        let mut w = 0;
        while w < W {
            out[w] = self.0[w] & !other.0[w];
            w += 1;
        }
        SquareSet(out)
    }

    /// Whether the sets share a square.
    #[inline]
    #[must_use]
    pub const fn meets(self, other: Self) -> bool {
        let mut any = 0;
        let mut w = 0;
        while w < W {
            any |= self.0[w] & other.0[w];
            w += 1;
        }
        any != 0
    }

    /// The lowest-numbered square, if any.
    #[inline]
    #[must_use]
    pub fn first<I: SquareIndex>(self) -> Option<I> {
        (0..W)
            .find(|&w| self.0[w] != 0)
            .map(|w| I::from_index(w * 64 + self.0[w].trailing_zeros() as usize))
    }

    /// The highest-numbered square, if any.
    #[inline]
    #[must_use]
    pub fn last<I: SquareIndex>(self) -> Option<I> {
        (0..W)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| I::from_index(w * 64 + 63 - self.0[w].leading_zeros() as usize))
    }

    /// Removes and returns the lowest-numbered square, if any.
    #[inline]
    pub fn pop<I: SquareIndex>(&mut self) -> Option<I> {
        let w = (0..W).find(|&w| self.0[w] != 0)?;
        let sq = w * 64 + self.0[w].trailing_zeros() as usize;
        self.0[w] &= self.0[w] - 1;
        Some(I::from_index(sq))
    }

    /// Calls `f` with each square, lowest first, reading the set word by
    /// word (cheaper than [`SquareSet::iter`] in hot loops).
    #[inline]
    pub fn for_each<I: SquareIndex>(&self, mut f: impl FnMut(I)) {
        for w in 0..W {
            let mut bits = self.0[w];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(I::from_index(w * 64 + i));
            }
        }
    }

    /// `h` XORed with `key(sq)` for each square `sq` of the set, two squares
    /// a round ([`Squares::each_two`] on each word: the loop's test and
    /// branch shared by two keys); the same value as XORing them one by one.
    #[inline(always)]
    #[must_use]
    pub fn xor_keys<I: SquareIndex>(&self, mut h: u64, key: impl Fn(I) -> u64) -> u64 {
        for (w, &word) in self.0.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                h ^= key(I::from_index(w * 64 + b.trailing_zeros() as usize));
                b &= b - 1;
                if b == 0 {
                    break;
                }
                h ^= key(I::from_index(w * 64 + b.trailing_zeros() as usize));
                b &= b - 1;
            }
        }
        h
    }

    /// The squares, lowest first.
    #[inline]
    #[must_use]
    pub fn iter<I: SquareIndex>(self) -> SetIter<W, I> {
        SetIter {
            words: self.0,
            word: 0,
            bits: if W == 0 { 0 } else { self.0[0] },
            index: PhantomData,
        }
    }
}

/// The squares of a [`SquareSet`], lowest first, as the index `I`.
#[derive(Clone, Debug)]
pub struct SetIter<const W: usize, I> {
    words: [u64; W],
    word: usize,
    bits: u64,
    index: PhantomData<I>,
}

impl<const W: usize, I: SquareIndex> Iterator for SetIter<W, I> {
    type Item = I;

    #[inline]
    fn next(&mut self) -> Option<I> {
        while self.bits == 0 {
            if self.word + 1 >= W {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word];
        }
        let sq = self.word * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(I::from_index(sq))
    }
}

macro_rules! word_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for SquareSet<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(mut self, rhs: Self) -> Self {
                for w in 0..W {
                    self.0[w] $op rhs.0[w];
                }
                self
            }
        }
        impl<const W: usize> $atr for SquareSet<W> {
            #[inline(always)]
            fn $af(&mut self, rhs: Self) {
                for w in 0..W {
                    self.0[w] $op rhs.0[w];
                }
            }
        }
    };
}
word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for SquareSet<W> {
    type Output = Self;
    /// Every square of the words not in the set (squares past a layout's
    /// last one included: AND the result with the layout's squares).
    #[inline(always)]
    fn not(mut self) -> Self {
        for w in 0..W {
            self.0[w] = !self.0[w];
        }
        self
    }
}

/// Sets of up to 256 squares (a [`Square`] is a `u8`) share the vocabulary of
/// `u64` and `u128`. `W` must be 1 to 4 (a compile error otherwise).
impl<const W: usize> Bits for SquareSet<W> {
    const EMPTY: Self = Self::EMPTY;
    const CAPACITY: usize = {
        assert!(W >= 1 && W <= 4, "Bits holds squares up to 255");
        64 * W
    };

    #[inline(always)]
    fn bit(sq: Square) -> Self {
        Self::single(sq)
    }

    #[inline(always)]
    fn from_bb(bb: Bb) -> Self {
        let mut out = Self::EMPTY;
        out.0[0] = bb.0 as u64;
        if W > 1 {
            out.0[1] = (bb.0 >> 64) as u64;
        }
        out
    }

    #[inline(always)]
    fn to_bb(self) -> Bb {
        // The squares past 127 are dropped: a `Bb` holds 128.
        let hi = if W > 1 { self.0[1] } else { 0 };
        Bb(u128::from(self.0[0]) | u128::from(hi) << 64)
    }

    #[inline(always)]
    fn has(&self, sq: Square) -> bool {
        SquareSet::has(self, sq)
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        SquareSet::is_empty(self)
    }

    #[inline(always)]
    fn count(self) -> u32 {
        SquareSet::count(self)
    }

    #[inline(always)]
    fn first(self) -> Square {
        SquareSet::first(self).unwrap_or(Square::NONE)
    }

    #[inline(always)]
    fn last(self) -> Square {
        SquareSet::last(self).unwrap_or(Square::NONE)
    }

    #[inline(always)]
    fn pop(&mut self) -> Square {
        SquareSet::pop(self).unwrap_or(Square::NONE)
    }

    #[inline(always)]
    fn several(self) -> bool {
        SquareSet::several(self)
    }

    #[inline(always)]
    fn each(self, f: impl FnMut(Square)) {
        self.for_each(f);
    }

    #[inline(always)]
    fn each_word(self, mut f: impl FnMut(Squares)) {
        for w in 0..W {
            if self.0[w] != 0 {
                f(Squares::new(self.0[w], (w * 64) as u8));
            }
        }
    }

    #[inline(always)]
    fn xor_keys(&self, keys: &[u64; 128], h: u64) -> u64 {
        SquareSet::xor_keys(self, h, |sq: usize| keys[sq & 127])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    const N: usize = 300;
    type S = SquareSet<5>;

    fn set_of(v: &BTreeSet<usize>) -> S {
        let mut s = S::EMPTY;
        for &i in v {
            s.insert(i);
        }
        s
    }

    fn squares() -> impl Strategy<Value = BTreeSet<usize>> {
        prop::collection::btree_set(0..N, 0..40)
    }

    proptest! {
        #[test]
        fn set_operations_agree_with_a_btree_set(a in squares(), b in squares()) {
            let (sa, sb) = (set_of(&a), set_of(&b));
            let list = |s: S| s.iter::<usize>().collect::<Vec<_>>();
            prop_assert_eq!(list(sa), a.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(list(sa & sb), a.intersection(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(sa.and(sb)), list(sa & sb));
            prop_assert_eq!(list(sa | sb), a.union(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(sa.or(sb)), list(sa | sb));
            prop_assert_eq!(list(sa ^ sb), a.symmetric_difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(sa.minus(sb)), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(list(!sa & S::first_n(N)), (0..N).filter(|i| !a.contains(i)).collect::<Vec<_>>());
            prop_assert_eq!(sa.meets(sb), !a.is_disjoint(&b));
            prop_assert_eq!(sa.count() as usize, a.len());
            prop_assert_eq!(sa.is_empty(), a.is_empty());
            prop_assert_eq!(sa.several(), a.len() > 1);
            prop_assert_eq!(sa.first::<usize>(), a.first().copied());
            prop_assert_eq!(sa.last::<usize>(), a.last().copied());
            for i in [0usize, 63, 64, 127, 128, 200, 299] {
                prop_assert_eq!(sa.has(i), a.contains(&i));
                prop_assert!(sa.with(i).has(i));
                prop_assert!(!sa.without(i).has(i));
            }
            let mut each = Vec::new();
            sa.for_each(|i: usize| each.push(i));
            prop_assert_eq!(&each, &list(sa));
            let mut popped = Vec::new();
            let mut s = sa;
            while let Some(i) = s.pop::<u16>() {
                popped.push(usize::from(i));
            }
            prop_assert_eq!(&popped, &each);
            let key = |i: usize| crate::core::zobrist::splitmix64(i as u64 + 1);
            let plain = each.iter().fold(9, |h, &i| h ^ key(i));
            prop_assert_eq!(sa.xor_keys(9, key), plain);
        }

        #[test]
        fn the_bits_vocabulary_agrees_with_u128(lo in any::<u64>(), hi in any::<u64>()) {
            let v = u128::from(lo) | u128::from(hi) << 64;
            let s = <SquareSet<3> as Bits>::from_bb(Bb(v));
            prop_assert_eq!(s.to_bb(), Bb(v));
            prop_assert_eq!(Bits::count(s), v.count());
            let (mut a, mut b) = (Vec::new(), Vec::new());
            s.each(|sq| a.push(sq));
            v.each(|sq| b.push(sq));
            prop_assert_eq!(&a, &b);
            let keys: [u64; 128] = std::array::from_fn(|i| i as u64 * 0x9E37_79B9);
            prop_assert_eq!(Bits::xor_keys(&s, &keys, 5), v.xor_keys(&keys, 5));
            if v != 0 {
                prop_assert_eq!(Bits::first(s), Bits::first(v));
                prop_assert_eq!(Bits::last(s), Bits::last(v));
            }
        }
    }

    #[test]
    fn first_n_holds_exactly_n_squares() {
        for n in [0, 1, 63, 64, 65, 135, 191, 192] {
            let s = SquareSet::<3>::first_n(n);
            assert_eq!(s.count() as usize, n);
            assert_eq!(s.last::<usize>(), n.checked_sub(1));
        }
    }
}
