//! Stamps: numbers that tell copies of one Dragon state apart from other states.
//!
//! A game that keeps work done for one state (to share it with the states
//! one action away, say) gives each new state a fresh stamp and lets copies
//! keep it: two states with the same stamp are then copies of one state, an
//! exact test where comparing the states would cost more than the work kept.
//! Each thread takes its stamps from a block of its own (a block is 2^32
//! stamps, taken from a counter shared by every thread once it is used up),
//! so a stamp costs a few instructions and no thread waits for another.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next block to hand out (0 is never handed out: stamp 0 stands for
/// none).
static BLOCKS: AtomicU64 = AtomicU64::new(1);

/// Stamps in a block.
const BLOCK: u64 = 1 << 32;

thread_local! {
    /// The thread's next stamp and the end of its block (both 0 before the
    /// first).
    static NEXT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A stamp never handed out before (in this process), never 0.
#[must_use]
#[inline]
pub fn fresh() -> u64 {
    NEXT.with(|next| {
        let (mut n, mut end) = next.get();
        if n == end {
            n = BLOCKS.fetch_add(1, Ordering::Relaxed) * BLOCK;
            end = n + BLOCK;
        }
        next.set((n + 1, end));
        n
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_differ_within_and_across_threads() {
        let mine: Vec<u64> = (0..1000).map(|_| fresh()).collect();
        let theirs: Vec<u64> = std::thread::spawn(|| (0..1000).map(|_| fresh()).collect())
            .join()
            .unwrap();
        let mut all: Vec<u64> = mine.iter().chain(&theirs).copied().collect();
        assert!(!all.contains(&0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2000);
    }
}
