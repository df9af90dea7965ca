//! The tables move generation reads, built from a [`Layout`] once per game
//! (at first use, in a `OnceLock` or a `static`), never per node.
//!
//! Every builder takes a `keep(from, to)` filter: a game whose pieces stay
//! in a region (Dragon's kingdoms) keeps the steps inside it; pass
//! [`everywhere`] to keep them all. `N` is the layout's number of squares
//! (checked), `W` the words of the game's [`SquareSet`].

use super::index::SquareIndex;
use super::layout::{Layout, Step};
use super::set::SquareSet;

/// The filter that keeps every step.
#[must_use]
pub const fn everywhere(_from: usize, _to: usize) -> bool {
    true
}

impl Layout {
    /// Panics unless `n` is this layout's number of squares.
    fn check_len(&self, n: usize) {
        assert_eq!(n, self.len(), "a table has one entry a square");
    }

    /// For every square, the square one `step` away where `keep(from, to)`
    /// holds, else [`SquareIndex::NONE`].
    ///
    /// ```text
    ///  3x3, Step north:   from 0 1 2 3 4 5 6 7 8
    ///                     to   3 4 5 6 7 8 - - -
    /// ```
    ///
    /// # Panics
    ///
    /// When `N` is not [`Layout::len`] or the squares do not fit `I`.
    #[must_use]
    pub fn steps<I: SquareIndex, const N: usize>(
        &self,
        step: Step,
        keep: impl Fn(usize, usize) -> bool,
    ) -> [I; N] {
        self.check_len(N);
        assert!(N <= I::CAPACITY, "the squares do not fit the index");
        std::array::from_fn(|from| match self.offset(from, step) {
            Some(to) if keep(from, to) => I::from_index(to),
            _ => I::NONE,
        })
    }

    /// For every square, the squares one of `steps` reaches where
    /// `keep(from, to)` holds (a leaper's targets, whatever stands between).
    ///
    /// # Panics
    ///
    /// When `N` is not [`Layout::len`] or the squares do not fit `W` words.
    #[must_use]
    pub fn leap_sets<const W: usize, const N: usize>(
        &self,
        steps: &[Step],
        keep: impl Fn(usize, usize) -> bool,
    ) -> [SquareSet<W>; N] {
        self.check_len(N);
        assert!(N <= 64 * W, "the squares do not fit the set");
        std::array::from_fn(|from| {
            let mut set = SquareSet::EMPTY;
            for &s in steps {
                match self.offset(from, s) {
                    Some(to) if keep(from, to) => set.insert(to),
                    _ => {}
                }
            }
            set
        })
    }

    /// For every square, the squares one of `steps` reaches where
    /// `keep(from, to)` holds, ascending, padded with
    /// [`SquareIndex::NONE`]: a leaper's targets as a list (`K` at least
    /// the number of steps).
    ///
    /// # Panics
    ///
    /// When `N` is not [`Layout::len`], the squares do not fit `I`, or `K`
    /// is less than `steps.len()`.
    #[must_use]
    pub fn leap_lists<I: SquareIndex, const K: usize, const N: usize>(
        &self,
        steps: &[Step],
        keep: impl Fn(usize, usize) -> bool,
    ) -> [[I; K]; N] {
        self.check_len(N);
        assert!(N <= I::CAPACITY && steps.len() <= K);
        std::array::from_fn(|from| {
            let mut list = [I::NONE; K];
            let mut n = 0;
            for &s in steps {
                match self.offset(from, s) {
                    Some(to) if keep(from, to) => {
                        list[n] = I::from_index(to);
                        n += 1;
                    }
                    _ => {}
                }
            }
            list[..n].sort_unstable();
            list
        })
    }

    /// For every square, the ray along `step`: the squares reached by
    /// repeating it while `keep(previous, next)` holds (the square itself
    /// excluded). A rider's reach on an empty board; with blockers, see
    /// [`SquareSet::ray_to`].
    ///
    /// ```text
    ///  3x3, Step north from A1 (0):  {3, 6}       . 6 .  <- A3
    ///                                              . 3 .  <- A2
    ///                                              0 . .  <- A1
    /// ```
    ///
    /// # Panics
    ///
    /// When `N` is not [`Layout::len`] or the squares do not fit `W` words.
    #[must_use]
    pub fn rays<const W: usize, const N: usize>(
        &self,
        step: Step,
        keep: impl Fn(usize, usize) -> bool,
    ) -> [SquareSet<W>; N] {
        self.check_len(N);
        assert!(N <= 64 * W, "the squares do not fit the set");
        std::array::from_fn(|from| {
            let mut set = SquareSet::EMPTY;
            let mut at = from;
            while let Some(next) = self.offset(at, step) {
                if !keep(at, next) || set.has(next) || next == from {
                    break;
                }
                set.insert(next);
                at = next;
            }
            set
        })
    }
}

impl<const W: usize> SquareSet<W> {
    /// The part of `ray` (a ray from [`Layout::rays`], walking square by
    /// square from its origin along `steps`, a table from [`Layout::steps`]
    /// of the same step) up to and including its first square in
    /// `blockers`: a rider's reach on a board with pieces.
    #[must_use]
    pub fn ray_to<I: SquareIndex>(self, from: I, steps: &[I], blockers: SquareSet<W>) -> Self {
        let mut reach = SquareSet::EMPTY;
        let mut at = steps[from.to_index()];
        while at != I::NONE && self.has(at) {
            reach.insert(at);
            if blockers.has(at) {
                break;
            }
            at = steps[at.to_index()];
        }
        reach
    }
}
