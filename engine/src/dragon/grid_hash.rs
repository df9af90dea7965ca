//! The grid's part of the position hash, eight positions a key.
//!
//! [`Position::forces`] and [`Position::vessels`] are read as machine words
//! of eight bytes (positions `8w..8w+8`), and each word gets one key, a
//! strong mix of its value and a random key of the word
//! ([`word_key`]). The hash XORs the keys of the forces' 17 words and of
//! the vessels' words over the water (words 5-11: vessels stand only on
//! the water, positions 45-89, ranks 6-10). A change of one position's
//! byte replaces its word's key by the key of the word's new value
//! ([`Position::put`] and the like); the recomputation from scratch
//! ([`Position::compute_hash`], made after every step by the checks)
//! mixes 24 words, not a key for each of the fifty-odd forces and
//! vessels. As with the keys of single positions, a threefold repetition
//! could be misjudged only by two different positions' keys colliding.

use super::board::SQUARES;
use super::state::Position;
use crate::core::zobrist;

/// The forces' words: sixteen whole, and the last seven positions.
const FORCE_WORDS: usize = SQUARES.div_ceil(8);
/// The whole words.
const WHOLE_WORDS: usize = SQUARES / 8;
/// The vessels' words hashed: those holding the water's positions.
const VESSEL_WORDS: std::ops::Range<usize> = 5..12;

/// Per word of the forces.
static Z_FORCE_WORD: [u64; FORCE_WORDS] = zobrist::keys(0xD4A6_0005);
/// Per word of the vessels (keys for every word: a vessel put off the water
/// changes the hash kept, not the recomputed one, and the check finds it).
static Z_VESSEL_WORD: [u64; FORCE_WORDS] = zobrist::keys(0xD4A6_0006);

/// The key of a word holding `value`, `z` the word's random key: the
/// full 128-bit product of `value ^ z` and an odd constant, its two halves
/// XORed (the folded multiplication of wyhash and foldhash): every bit of
/// the word reaches most bits of the key, the high half carrying the low
/// bits' upwards and the product's high bits downwards, in one
/// multiplication.
#[inline(always)]
fn word_key(z: u64, value: u64) -> u64 {
    let m = u128::from(value ^ z) * 0x94D0_49BB_1331_11EB;
    (m as u64) ^ (m >> 64) as u64
}

/// `word` with byte `sq % 8` made `byte`.
#[inline(always)]
fn with_byte(word: u64, sq: u8, byte: u8) -> u64 {
    let shift = u32::from(sq & 7) * 8;
    word & !(0xFF << shift) | u64::from(byte) << shift
}

impl Position {
    /// Word `w` of the forces' bytes, `w` one of the whole words.
    #[inline(always)]
    fn force_word(&self, w: usize) -> u64 {
        let f = &self.forces[w * 8..w * 8 + 8];
        u64::from_le_bytes([
            f[0].0, f[1].0, f[2].0, f[3].0, f[4].0, f[5].0, f[6].0, f[7].0,
        ])
    }

    /// The last word of the forces' bytes (the last seven positions).
    #[inline(always)]
    fn last_force_word(&self) -> u64 {
        let f = &self.forces[WHOLE_WORDS * 8..];
        u64::from_le_bytes([f[0].0, f[1].0, f[2].0, f[3].0, f[4].0, f[5].0, f[6].0, 0])
    }

    /// Word `w` of the vessels' bytes, `w` one of the whole words.
    #[inline(always)]
    fn vessel_word(&self, w: usize) -> u64 {
        let v = &self.vessels[w * 8..w * 8 + 8];
        u64::from_le_bytes([
            v[0].0, v[1].0, v[2].0, v[3].0, v[4].0, v[5].0, v[6].0, v[7].0,
        ])
    }

    /// The last word of the vessels' bytes.
    #[inline(always)]
    fn last_vessel_word(&self) -> u64 {
        let v = &self.vessels[WHOLE_WORDS * 8..];
        u64::from_le_bytes([v[0].0, v[1].0, v[2].0, v[3].0, v[4].0, v[5].0, v[6].0, 0])
    }

    /// The grid's part of the hash, from scratch.
    #[inline(always)]
    pub(super) fn grid_key(&self) -> u64 {
        let mut h = word_key(Z_FORCE_WORD[WHOLE_WORDS], self.last_force_word());
        for (w, &z) in Z_FORCE_WORD[..WHOLE_WORDS].iter().enumerate() {
            h ^= word_key(z, self.force_word(w));
        }
        for w in VESSEL_WORDS {
            h ^= word_key(Z_VESSEL_WORD[w], self.vessel_word(w));
        }
        h
    }

    /// The change of the hash when the force byte on `sq` becomes `byte`
    /// (to be XORed in before the byte is written).
    #[inline(always)]
    pub(super) fn force_change(&self, sq: u8, byte: u8) -> u64 {
        let w = usize::from(sq >> 3);
        let before = if w < WHOLE_WORDS {
            self.force_word(w)
        } else {
            self.last_force_word()
        };
        let z = Z_FORCE_WORD[w];
        word_key(z, before) ^ word_key(z, with_byte(before, sq, byte))
    }

    /// The change of the hash when the vessel byte on `sq` becomes `byte`
    /// (to be XORed in before the byte is written).
    #[inline(always)]
    pub(super) fn vessel_change(&self, sq: u8, byte: u8) -> u64 {
        let w = usize::from(sq >> 3);
        let before = if w < WHOLE_WORDS {
            self.vessel_word(w)
        } else {
            self.last_vessel_word()
        };
        let z = Z_VESSEL_WORD[w];
        word_key(z, before) ^ word_key(z, with_byte(before, sq, byte))
    }
}

#[cfg(test)]
mod tests {
    use super::{VESSEL_WORDS, word_key};
    use crate::dragon::board::board;

    /// Every water position lies in the vessels' words hashed.
    #[test]
    fn the_vessel_words_cover_the_water() {
        let b = board();
        b.water.for_each(|sq: u8| {
            assert!(VESSEL_WORDS.contains(&usize::from(sq / 8)), "{sq}");
        });
    }

    /// Distinct values of a word, keyed alike, do not collide among many
    /// (a sanity check of the mix), and a change of the top byte alone
    /// changes bits of the key's lower half.
    #[test]
    fn word_keys_differ() {
        let mut seen = std::collections::HashSet::new();
        for i in 0u64..20_000 {
            // Single bytes and pairs of bytes, as positions change.
            let v = (i % 256) << ((i / 256 % 8) * 8) | (i / 2048) << 40;
            seen.insert((v, word_key(0x1234_5678_9ABC_DEF1, v)));
        }
        let keys: std::collections::HashSet<u64> = seen.iter().map(|&(_, k)| k).collect();
        assert_eq!(keys.len(), seen.len());
        let (a, b) = (word_key(7, 1 << 56), word_key(7, 2 << 56));
        assert_ne!((a ^ b) & 0xFFFF_FFFF, 0);
    }
}
