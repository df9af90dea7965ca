//! The record of earlier positions that threefold repetition is judged on.

/// The keys of the positions since the last irreversible action, oldest first,
/// the current position included.
///
/// Cloning with [`Clone::clone_from`] reuses the buffer, so a search that keeps
/// one scratch state per depth does not allocate per node.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RepetitionHistory {
    keys: Vec<u64>,
}

impl Clone for RepetitionHistory {
    fn clone(&self) -> Self {
        RepetitionHistory {
            keys: self.keys.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.keys.clone_from(&source.keys);
    }
}

impl RepetitionHistory {
    /// A history holding only the current position.
    #[must_use]
    pub fn starting_at(key: u64) -> RepetitionHistory {
        let mut keys = Vec::with_capacity(64);
        keys.push(key);
        RepetitionHistory { keys }
    }

    /// Records the position reached by a reversible action and returns how many
    /// times it has now occurred (1 for a new position).
    pub fn push(&mut self, key: u64) -> usize {
        self.keys.push(key);
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Forgets everything before the position reached by an irreversible action
    /// (one that makes the earlier positions unreachable, such as a capture).
    pub fn reset(&mut self, key: u64) {
        self.keys.clear();
        self.keys.push(key);
    }

    /// Positions recorded, the current one included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Always false once started: the current position is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many times `key` occurs.
    #[must_use]
    pub fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The current position's key.
    #[must_use]
    pub fn current(&self) -> Option<u64> {
        self.keys.last().copied()
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
        h.reset(9);
        assert_eq!(h.count(1), 0);
        assert_eq!(h.push(1), 1);
        assert_eq!(h.len(), 2);
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
}
