//! Sets of the board's 135 positions, three machine words each.

use crate::core::Squares;

/// A set of positions: bit `i` of word `i / 64` for position `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub [u64; 3]);

impl SquareSet {
    /// No position.
    pub const EMPTY: SquareSet = SquareSet([0; 3]);

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn has(&self, sq: u8) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 == 1
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
    }

    /// Positions in the set.
    #[must_use]
    pub const fn count(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The positions in both sets.
    #[inline]
    #[must_use]
    pub const fn and(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
        ])
    }

    /// The positions in either set.
    #[inline]
    #[must_use]
    pub const fn or(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
        ])
    }

    /// Whether the sets share a position.
    #[inline]
    #[must_use]
    pub const fn meets(self, other: SquareSet) -> bool {
        (self.0[0] & other.0[0]) | (self.0[1] & other.0[1]) | (self.0[2] & other.0[2]) != 0
    }

    /// Calls `f` with each position, lowest first, reading the set word by
    /// word (faster than [`SquareSet::iter`] in the hot loops).
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(u8)) {
        for w in 0..3 {
            let mut bits = self.0[w];
            while bits != 0 {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                f(w as u8 * 64 + i);
            }
        }
    }

    /// `h` XORed with `key(sq)` for each position `sq` of the set: two
    /// positions a round (the core's [`Squares::each_two`] on each word: the
    /// loop's test and branch shared by two keys), the same value as XORing
    /// them one by one ([`SquareSet::for_each`]; a test compares the two).
    #[inline(always)]
    #[must_use]
    pub fn xor_keys(&self, mut h: u64, key: impl Fn(u8) -> u64) -> u64 {
        for (w, &word) in self.0.iter().enumerate() {
            Squares::new(word, w as u8 * 64).each_two(|sq| h ^= key(sq.0));
        }
        h
    }

    /// The positions, lowest first.
    #[inline]
    #[must_use]
    pub fn iter(self) -> SquareIter {
        SquareIter {
            words: self.0,
            word: 0,
            bits: self.0[0],
        }
    }
}

/// The positions of a [`SquareSet`], lowest first.
#[derive(Clone, Debug)]
pub struct SquareIter {
    words: [u64; 3],
    word: u8,
    bits: u64,
}

impl Iterator for SquareIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.bits == 0 {
            if self.word >= 2 {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word as usize];
        }
        let sq = self.word * 64 + self.bits.trailing_zeros() as u8;
        self.bits &= self.bits - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::SquareSet;
    use crate::core::zobrist::splitmix64;

    /// [`SquareSet::xor_keys`] two positions a round is the XOR of every
    /// position's key, one by one, for sets of every size and shape.
    #[test]
    fn xor_keys_is_the_xor_over_each_position() {
        let key = |sq: u8| splitmix64(u64::from(sq) + 1);
        let mut state = 7u64;
        for n in 0..2000 {
            let mut set = SquareSet::EMPTY;
            for w in 0..3 {
                state = splitmix64(state);
                // Sparse, dense, empty and full words alike.
                set.0[w] = match n % 4 {
                    0 => state & splitmix64(state) & splitmix64(state ^ 1),
                    1 => state,
                    2 => state | splitmix64(state),
                    _ => [0, u64::MAX, state & 0x7f][(state % 3) as usize],
                };
            }
            set.0[2] &= (1 << (135 - 128)) - 1;
            let mut plain = n as u64;
            set.for_each(|sq| plain ^= key(sq));
            assert_eq!(set.xor_keys(n as u64, key), plain, "{set:?}");
        }
    }
}
