//! Delta debugging: Zeller's `ddmin` (Zeller and Hildebrandt, "Simplifying and
//! Isolating Failure-Inducing Input", IEEE TSE 28(2), 2002) over a sequence, then
//! the removal of short runs of neighbours.
//!
//! The sequence is cut into `n` chunks (`n` = 2 first). Each chunk alone is
//! tried, then each complement (the sequence without one chunk); a candidate
//! that still fails becomes the sequence, and the cut starts again at 2 chunks
//! (after a chunk alone) or at `n - 1` (after a complement, going on from the
//! chunk that took the removed one's place rather than from the first: the
//! candidates before it were tried at this cut already). When no candidate
//! fails, the cut doubles, down to single items. The result is 1-minimal: no
//! single item can be removed.
//!
//! In a game where the sides alternate, removing one action hands the next
//! action to the wrong side, so a 1-minimal sequence may still hold a removable
//! pair (a move and its reply). [`minimise`] therefore goes on to remove runs
//! of 2 up to [`MAX_RUN`] neighbours, and runs `ddmin` again after any
//! success, until neither finds a smaller failing sequence.
//!
//! The test says more than "fails": a candidate may fail at a prefix of itself
//! (a game that breaks an invariant before its last action), and the prefix is
//! then kept.

/// What the test says about a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It fails the way the input failed, after its first `usize` items
    /// (at most its length).
    Fails(usize),
    /// It does not fail that way (or it is no longer a valid input: an
    /// action sequence that becomes illegal).
    Passes,
    /// Time is up: stop with the smallest failing sequence found so far.
    Stop,
}

/// The result of a minimisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Minimised<T> {
    /// The smallest failing sequence found.
    pub(crate) items: Vec<T>,
    /// False when the test said [`Verdict::Stop`] before the end.
    pub(crate) complete: bool,
    /// Candidates tested.
    pub(crate) tests: u64,
}

/// The longest run of neighbours [`minimise`] removes at once after `ddmin`:
/// a move and its reply (2), or a die and its move and the reply (3), or a
/// whole round of two dice and two moves (4).
pub(crate) const MAX_RUN: usize = 4;

/// The bounds of chunk `i` of `n` over `len` items (`n <= len`).
fn chunk(len: usize, n: usize, i: usize) -> (usize, usize) {
    (i * len / n, (i + 1) * len / n)
}

/// Keeps `candidate` cut to its failing prefix as the new sequence.
fn keep<T: Clone>(candidate: &[T], failing: usize) -> Vec<T> {
    candidate[..failing.min(candidate.len())].to_vec()
}

/// `ddmin` over `input`, which must fail `test`: the smallest failing sequence
/// it finds, 1-minimal unless the test stopped it.
pub(crate) fn ddmin<T: Clone>(
    input: Vec<T>,
    test: &mut impl FnMut(&[T]) -> Verdict,
) -> Minimised<T> {
    let mut c = input;
    let mut tests = 0u64;
    let mut n = 2usize;
    let mut stopped = false;
    'outer: while c.len() >= 2 {
        n = n.min(c.len());
        let cut = n;
        // Each chunk alone (with two chunks these are the complements too).
        for i in 0..cut {
            let (from, to) = chunk(c.len(), cut, i);
            tests += 1;
            match test(&c[from..to]) {
                Verdict::Fails(k) => {
                    c = keep(&c[from..to], k);
                    n = 2;
                    continue 'outer;
                }
                Verdict::Stop => {
                    stopped = true;
                    break 'outer;
                }
                Verdict::Passes => {}
            }
        }
        // Each complement, going on after a removal from the chunk that took
        // the removed chunk's place.
        let mut reduced = false;
        let mut i = 0;
        while n > 2 && i < n {
            let (from, to) = chunk(c.len(), n, i);
            let mut candidate = Vec::with_capacity(c.len() - (to - from));
            candidate.extend_from_slice(&c[..from]);
            candidate.extend_from_slice(&c[to..]);
            tests += 1;
            match test(&candidate) {
                Verdict::Fails(k) => {
                    c = keep(&candidate, k);
                    reduced = true;
                    n = (n - 1).max(2).min(c.len().max(1));
                    if c.len() < 2 {
                        break;
                    }
                }
                Verdict::Stop => {
                    stopped = true;
                    break 'outer;
                }
                Verdict::Passes => i += 1,
            }
        }
        if reduced {
            continue;
        }
        if n >= c.len() {
            break;
        }
        n = (2 * n).min(c.len());
    }
    Minimised {
        items: c,
        complete: !stopped,
        tests,
    }
}

/// Removes runs of `run` neighbours from `input` (which must fail `test`)
/// wherever the rest still fails, scanning once from the start; `None` when
/// the test said stop (the best so far is then in the second field).
fn remove_runs<T: Clone>(
    input: Vec<T>,
    run: usize,
    test: &mut impl FnMut(&[T]) -> Verdict,
    tests: &mut u64,
) -> (Vec<T>, bool) {
    let mut c = input;
    let mut i = 0;
    while i + run <= c.len() && c.len() > run {
        let mut candidate = Vec::with_capacity(c.len() - run);
        candidate.extend_from_slice(&c[..i]);
        candidate.extend_from_slice(&c[i + run..]);
        *tests += 1;
        match test(&candidate) {
            Verdict::Fails(k) => c = keep(&candidate, k),
            Verdict::Passes => i += 1,
            Verdict::Stop => return (c, false),
        }
    }
    (c, true)
}

/// `ddmin`, then the removal of runs of 2 to [`MAX_RUN`] neighbours, again
/// and again until neither finds a smaller failing sequence (or the test says
/// stop). `input` must fail `test`.
pub(crate) fn minimise<T: Clone>(
    input: Vec<T>,
    test: &mut impl FnMut(&[T]) -> Verdict,
) -> Minimised<T> {
    let mut best = ddmin(input, test);
    if !best.complete {
        return best;
    }
    loop {
        let before = best.items.len();
        for run in 2..=MAX_RUN {
            let (items, complete) =
                remove_runs(std::mem::take(&mut best.items), run, test, &mut best.tests);
            best.items = items;
            if !complete {
                best.complete = false;
                return best;
            }
        }
        if best.items.len() == before {
            return best;
        }
        let tests = best.tests;
        best = ddmin(std::mem::take(&mut best.items), test);
        best.tests += tests;
        if !best.complete {
            return best;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails when every one of `needed` is in the candidate.
    fn needs(needed: &'static [u32]) -> impl FnMut(&[u32]) -> Verdict {
        move |c: &[u32]| {
            if needed.iter().all(|x| c.contains(x)) {
                Verdict::Fails(c.len())
            } else {
                Verdict::Passes
            }
        }
    }

    #[test]
    fn ddmin_finds_the_items_a_failure_needs() {
        let input: Vec<u32> = (0..1000).collect();
        let m = ddmin(input, &mut needs(&[3, 500, 998]));
        assert_eq!(m.items, [3, 500, 998]);
        assert!(m.complete);
        // Far fewer tests than the pairs of a thousand items.
        assert!(m.tests < 400, "{} tests", m.tests);
    }

    #[test]
    fn zellers_example_is_one_minimal() {
        // Zeller's test of eight changes where 1, 7 and 8 together fail.
        let m = ddmin((1..=8).collect(), &mut needs(&[1, 7, 8]));
        assert_eq!(m.items, [1, 7, 8]);
    }

    #[test]
    fn a_failing_prefix_is_kept() {
        // The candidate fails as soon as it holds 5 and 9 in that order, at
        // the item that completes them: the rest of it is dropped.
        let mut test = |c: &[u32]| {
            let Some(five) = c.iter().position(|&x| x == 5) else {
                return Verdict::Passes;
            };
            match c[five..].iter().position(|&x| x == 9) {
                Some(nine) => Verdict::Fails(five + nine + 1),
                None => Verdict::Passes,
            }
        };
        let m = ddmin((0..40).collect(), &mut test);
        assert_eq!(m.items, [5, 9]);
    }

    #[test]
    fn a_stop_keeps_the_best_so_far() {
        let mut calls = 0;
        let mut test = |c: &[u32]| {
            calls += 1;
            if calls > 3 {
                Verdict::Stop
            } else if c.contains(&7) {
                Verdict::Fails(c.len())
            } else {
                Verdict::Passes
            }
        };
        let m = minimise((0..64).collect(), &mut test);
        assert!(!m.complete);
        assert!(m.items.contains(&7));
        assert!(m.items.len() < 64, "{:?}", m.items);
    }

    #[test]
    fn pairs_that_single_removals_cannot_drop_are_removed() {
        // A game of alternating sides: a sequence is valid only when it starts
        // with 1 (the first action from the start) and its items alternate odd
        // and even; it fails when it holds 41. Removing any one item breaks
        // the alternation, and no cut of ddmin's removes an even run here, so
        // ddmin keeps all five; removing pairs does not.
        let mut test = |c: &[u32]| {
            let alternates = c
                .iter()
                .enumerate()
                .all(|(i, &x)| x % 2 == (i as u32 + 1) % 2);
            if c.first() == Some(&1) && alternates && c.contains(&41) {
                Verdict::Fails(c.len())
            } else {
                Verdict::Passes
            }
        };
        let input = vec![1, 2, 3, 4, 41];
        assert_eq!(ddmin(input.clone(), &mut test).items, input);
        let m = minimise(input, &mut test);
        assert!(m.complete);
        assert_eq!(m.items, [1, 4, 41]);
    }
}
