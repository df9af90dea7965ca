//! The record of earlier positions that threefold repetition is judged on.

use super::game::InvariantError;

/// Keys kept inline, in the history itself, before any go to the heap.
const INLINE: usize = 12;

/// The keys of the positions since the last irreversible action, oldest first,
/// the current position included.
///
/// The first `INLINE` (12) keys live in the history itself and only later ones on the
/// heap, so copying a short history (as a tree search does at every node, with
/// [`Clone::clone_from`]) is a plain copy of a few words; a long one reuses its
/// buffer and does not allocate.
///
/// Two filters let most new keys be recorded without comparing them with the
/// others: one word for the first `INLINE` keys, always kept, and 1,024 bits
/// for a longer history, filled only once it grows past them (so that a short
/// history, the common one, neither copies nor clears the large filter).
#[derive(Debug, Default)]
pub struct RepetitionHistory {
    /// The first keys.
    recent: [u64; INLINE],
    /// Keys recorded, the current one included.
    len: usize,
    /// Keys beyond the first [`INLINE`], oldest first.
    more: Vec<u64>,
    /// How many times the current key occurs, as counted when it was recorded.
    current_count: usize,
    /// For each of the first [`INLINE`] keys recorded, bit `key % 64` is set: a
    /// key whose bit is clear is not among them.
    near: u64,
    /// Only while more than [`INLINE`] keys are recorded (stale otherwise): for
    /// each key recorded, bit `key % 1024` is set, a key whose bit is clear has
    /// not occurred, and is recorded without looking at the others (most
    /// positions are new). 1,024 bits: with 256, a history of a few hundred keys
    /// (Dragon's long reversible stretches) had most bits set and most new keys
    /// were compared with every other.
    seen: [u64; SEEN_WORDS],
}

/// The words of [`RepetitionHistory::seen`].
const SEEN_WORDS: usize = 16;

/// The word and bit of [`RepetitionHistory::seen`] that stand for `key`.
#[inline(always)]
fn seen_bit(key: u64) -> (usize, u64) {
    ((key >> 6) as usize % SEEN_WORDS, 1 << (key & 63))
}

impl Clone for RepetitionHistory {
    fn clone(&self) -> Self {
        RepetitionHistory {
            recent: self.recent,
            len: self.len,
            more: self.more.clone(),
            current_count: self.current_count,
            near: self.near,
            seen: self.seen,
        }
    }

    /// The large filter and the keys on the heap are copied only when `source`
    /// has more than `INLINE` (12) keys, by a call of its own
    /// (`copy_spilled`): the common copy of a short history
    /// (four in five of the Northern Light checks' copies) then makes no call
    /// and saves no registers for one.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.recent = source.recent;
        self.len = source.len;
        self.current_count = source.current_count;
        self.near = source.near;
        if source.len > INLINE {
            self.copy_spilled(source);
        } else {
            self.more.clear();
        }
    }
}

impl RepetitionHistory {
    /// [`Clone::clone_from`]'s copy of the large filter and the keys on the
    /// heap, for a `source` of more than [`INLINE`] keys.
    #[inline(never)]
    fn copy_spilled(&mut self, source: &Self) {
        self.seen = source.seen;
        self.more.clone_from(&source.more);
    }
}

impl RepetitionHistory {
    /// `clone_from` for a history that was a copy of `source` and has had
    /// at most one key pushed since (the caller knows it): a pushed key
    /// dropped again instead of the keys copied. Such a push wrote only the
    /// key (into `recent` past `source`'s length, or onto the heap), the
    /// length, the count and one word of a filter (`near`, or the large
    /// filter's word of that key once spilled), so only those are put back;
    /// the rest is `source`'s already. Any other history (a reset, more
    /// keys, the spill itself) is copied as `clone_from` copies it.
    #[inline]
    pub fn restore_from(&mut self, source: &Self) {
        if self.len != source.len + 1 {
            self.clone_from(source);
        } else if self.len <= INLINE {
            self.len = source.len;
            self.current_count = source.current_count;
            self.near = source.near;
            debug_assert!(self.more.is_empty() && source.more.is_empty());
            debug_assert!(self.recent[..self.len] == source.recent[..self.len]);
        } else if source.len > INLINE && self.more.len() == source.more.len() + 1 {
            if let Some(key) = self.more.pop() {
                let (word, _) = seen_bit(key);
                self.seen[word] = source.seen[word];
            }
            self.len = source.len;
            self.current_count = source.current_count;
            debug_assert!(self.more == source.more, "not a copy of the source");
            debug_assert!(self.recent == source.recent && self.near == source.near);
            debug_assert!(self.seen == source.seen, "the large filter differs");
        } else {
            self.clone_from(source);
        }
    }
}

impl PartialEq for RepetitionHistory {
    /// The same keys in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.keys().eq(other.keys())
    }
}

impl Eq for RepetitionHistory {}

impl RepetitionHistory {
    /// A history holding only the current position.
    #[must_use]
    pub fn starting_at(key: u64) -> RepetitionHistory {
        let mut h = RepetitionHistory::default();
        h.reset(key);
        h
    }

    /// Every key, oldest first.
    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.recent[..self.len.min(INLINE)]
            .iter()
            .chain(self.more.iter())
            .copied()
    }

    /// Records the position reached by a reversible action and returns how many
    /// times it has now occurred (1 for a new position).
    ///
    /// Always inlined: every reversible action of a game calls it, and a call
    /// costs more than its common path.
    #[inline(always)]
    pub fn push(&mut self, key: u64) -> usize {
        let n;
        if self.len < INLINE {
            let bit = 1 << (key & 63);
            n = if self.near & bit == 0 {
                1
            } else {
                self.count(key) + 1
            };
            self.near |= bit;
            self.recent[self.len] = key;
        } else {
            if self.len == INLINE {
                self.fill_seen();
            }
            let (word, bit) = seen_bit(key);
            n = if self.seen[word] & bit == 0 {
                1
            } else {
                self.count(key) + 1
            };
            self.seen[word] |= bit;
            self.more.push(key);
        }
        self.len += 1;
        self.current_count = n;
        n
    }

    /// Fills the large filter from the first [`INLINE`] keys, as the history
    /// grows past them.
    #[cold]
    #[inline(never)]
    fn fill_seen(&mut self) {
        self.seen = [0; SEEN_WORDS];
        for &k in &self.recent {
            let (word, bit) = seen_bit(k);
            self.seen[word] |= bit;
        }
    }

    /// Takes over `old`'s heap buffer for the keys beyond the first `INLINE`
    /// (12) when it is larger than this history's own (whose keys move into
    /// it): a history that replaces another (the next Hunt of a match, a copy
    /// between states of different games) then grows without allocating again.
    /// The keys recorded do not change.
    pub fn adopt_buffer(&mut self, old: RepetitionHistory) {
        let mut buffer = old.more;
        if buffer.capacity() > self.more.capacity() {
            buffer.clear();
            buffer.extend_from_slice(&self.more);
            self.more = buffer;
        }
    }

    /// Forgets everything before the position reached by an irreversible action
    /// (one that makes the earlier positions unreachable, such as a capture).
    #[inline]
    pub fn reset(&mut self, key: u64) {
        self.recent[0] = key;
        self.len = 1;
        self.more.clear();
        self.current_count = 1;
        self.near = 1 << (key & 63);
    }

    /// How many times the current position has occurred, as counted when it was
    /// recorded by [`RepetitionHistory::push`] (1 after a reset): the cheap form of
    /// `count(current)`, for invariant checks after every step.
    #[must_use]
    pub fn current_count(&self) -> usize {
        self.current_count
    }

    /// Positions recorded, the current one included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false once started: the current position is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many times `key` occurs.
    #[must_use]
    #[inline]
    pub fn count(&self, key: u64) -> usize {
        // A sum of comparisons, with no branch: the compiler vectorises it.
        let occurrences = |keys: &[u64]| keys.iter().map(|&k| usize::from(k == key)).sum::<usize>();
        occurrences(&self.recent[..self.len.min(INLINE)]) + occurrences(&self.more)
    }

    /// The checks after every step of a game that a third occurrence ends:
    /// the history ends at the current position `key` and, the game going on
    /// (`over` false), holds it fewer than three times.
    ///
    /// # Errors
    ///
    /// What is wrong, when either fails.
    #[inline]
    pub fn check_current(&self, key: u64, over: bool) -> Result<(), InvariantError> {
        if self.current() != Some(key) {
            return Err(InvariantError(
                "the repetition history does not end at the current position".into(),
            ));
        }
        if !over && self.current_count >= 3 {
            return Err(InvariantError(
                "a third occurrence of a position did not end the game".into(),
            ));
        }
        Ok(())
    }

    /// The current position's key.
    #[must_use]
    pub fn current(&self) -> Option<u64> {
        match self.len {
            0 => None,
            n if n <= INLINE => Some(self.recent[n - 1]),
            _ => self.more.last().copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_occurrences_since_the_last_reset() {
        let mut h = RepetitionHistory::starting_at(1);
        assert_eq!(h.push(2), 1);
        assert_eq!(h.push(1), 2);
        assert_eq!(h.push(2), 2);
        assert_eq!(h.push(1), 3);
        assert_eq!(h.current_count(), 3);
        assert_eq!(h.count(1), 3);
        h.reset(9);
        assert_eq!(h.current_count(), 1);
        assert_eq!(h.count(1), 0);
        assert_eq!(h.push(1), 1);
        assert_eq!(h.len(), 2);
    }

    #[test]
    fn a_restore_drops_the_one_pushed_key() {
        let mut h = RepetitionHistory::starting_at(0);
        for k in 1..30u64 {
            h.push(k % 5);
        }
        let mut c = h.clone();
        c.push(3);
        c.restore_from(&h);
        assert_eq!(c, h);
        assert_eq!(c.count(3), h.count(3));
        assert_eq!(c.current_count(), h.current_count());
        assert_eq!(c.push(4), h.clone().push(4));
        // A reset, or two keys pushed: copied whole.
        c.reset(7);
        c.restore_from(&h);
        assert_eq!(c, h);
        c.push(1);
        c.push(2);
        c.restore_from(&h);
        assert_eq!(c, h);
        let short = RepetitionHistory::starting_at(4);
        let mut d = short.clone();
        d.push(4);
        d.restore_from(&short);
        assert_eq!(d, short);
        assert_eq!(d.current_count(), 1);
    }

    #[test]
    fn long_histories_spill_and_still_count() {
        let mut h = RepetitionHistory::starting_at(0);
        for k in 1..40u64 {
            assert_eq!(h.push(k % 7), (k / 7 + 1) as usize);
        }
        assert_eq!(h.len(), 40);
        assert_eq!(h.current(), Some(39 % 7));
        assert_eq!(h.count(3), 6);
        let mut c = RepetitionHistory::starting_at(5);
        c.clone_from(&h);
        assert_eq!(c, h);
        assert_eq!(c.count(3), 6);
        c.clone_from(&RepetitionHistory::starting_at(5));
        assert_eq!(c.len(), 1);
        assert_eq!(c.count(3), 0);
        assert_eq!(c.current(), Some(5));
    }

    #[test]
    fn keys_that_share_a_filter_bit_are_still_told_apart() {
        // 1, 257 and 513 share bit 1 of the filter; 2 has its own.
        let mut h = RepetitionHistory::starting_at(1);
        assert_eq!(h.push(257), 1);
        assert_eq!(h.push(2), 1);
        assert_eq!(h.push(1), 2);
        assert_eq!(h.push(513), 1);
        assert_eq!(h.push(257), 2);
        let mut c = RepetitionHistory::default();
        c.clone_from(&h);
        assert_eq!(c.push(1), 3);
        h.reset(2);
        assert_eq!(h.push(1), 1);
        assert_eq!(h.push(2), 2);
    }

    /// The filters are a fast path: every count must be what comparing the key
    /// with every other gives, across the filters' boundary (12 keys), resets
    /// and copies between short and long histories.
    #[test]
    fn counts_agree_with_a_plain_count() {
        let mut rng = 0x5eed_u64;
        let mut next = || {
            rng = crate::core::zobrist::splitmix64(rng);
            rng
        };
        let mut histories = [
            RepetitionHistory::starting_at(0),
            RepetitionHistory::starting_at(0),
        ];
        let mut plain: [Vec<u64>; 2] = [vec![0], vec![0]];
        for step in 0..20_000 {
            let r = next();
            let i = (r & 1) as usize;
            match r >> 1 & 63 {
                // Now and then a reset, or a copy of the other history.
                0 => {
                    let key = next() % 40;
                    histories[i].reset(key);
                    plain[i] = vec![key];
                }
                1 | 2 => {
                    let [a, b] = &mut histories;
                    if i == 0 {
                        a.clone_from(b);
                    } else {
                        b.clone_from(a);
                    }
                    plain[i] = plain[1 - i].clone();
                }
                _ => {
                    // Few distinct keys (repetitions) or many (a long history);
                    // some share a filter bit (multiples of 64 and 1,024 apart).
                    let key = if r >> 8 & 1 == 0 {
                        next() % 40
                    } else {
                        (next() % 8) << 10 | (r >> 9 & 3)
                    };
                    plain[i].push(key);
                    let expected = plain[i].iter().filter(|&&k| k == key).count();
                    assert_eq!(histories[i].push(key), expected, "step {step}");
                }
            }
            let h = &histories[i];
            assert_eq!(h.len(), plain[i].len());
            assert_eq!(h.current(), plain[i].last().copied());
            assert!(h.keys().eq(plain[i].iter().copied()));
        }
    }

    #[test]
    fn clone_from_reuses_the_buffer() {
        let mut a = RepetitionHistory::starting_at(1);
        for k in 0..50 {
            a.push(k);
        }
        let mut b = RepetitionHistory::starting_at(3);
        b.clone_from(&a);
        assert_eq!(a, b);
    }

    /// A history given another's larger buffer keeps its keys and counts, and
    /// grows into the buffer.
    #[test]
    fn an_adopted_buffer_keeps_the_keys() {
        let mut old = RepetitionHistory::starting_at(1);
        for k in 0..100 {
            old.push(k);
        }
        let capacity = old.more.capacity();
        let mut h = RepetitionHistory::starting_at(7);
        for k in [8, 9, 7, 8] {
            h.push(k);
        }
        let before = h.clone();
        h.adopt_buffer(old);
        assert_eq!(h, before);
        assert_eq!(h.more.capacity(), capacity);
        for k in 10..60 {
            h.push(k);
        }
        assert_eq!(h.more.capacity(), capacity);
        assert_eq!(h.count(8), 2);
        assert_eq!(h.count(7), 2);
        assert_eq!(h.push(9), 2);
        // A smaller buffer is not taken.
        let mut long = before.clone();
        for k in 0..200 {
            long.push(k + 1_000);
        }
        let kept = long.more.capacity();
        long.adopt_buffer(RepetitionHistory::starting_at(5));
        assert_eq!(long.more.capacity(), kept);
    }
}
