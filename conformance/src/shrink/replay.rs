//! Replaying the shrinker's candidates: an action sequence played from a state
//! with the checks after every step, and the test [`ddmin`](super::ddmin)
//! asks of each candidate (does it still break the same check?), which starts
//! from a cached state of the last failing sequence where the candidate
//! shares its prefix.

use std::cell::Cell;
use std::time::Instant;

use tigerseye_engine::Game;

use super::Oracle;
use super::ddmin::Verdict;
use crate::invariants::{Checker, Violation};
use crate::panics::catch_panic;

/// Where the full checks run in a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Full {
    /// Nowhere: the failure is one the cheap checks, the oracle or a step find.
    Never,
    /// On the state the last action leads to.
    Last,
    /// On every state.
    Every,
}

/// How a replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// A check broke (or a step panicked) after the first `after` actions (a
    /// panic while applying an action counts that action); `in_full` when the
    /// full checks found it.
    Broke {
        after: usize,
        violation: Violation,
        in_full: bool,
    },
    /// An action is not legal where it is played.
    Illegal,
    /// Every action applied and no check broke.
    Clean,
    /// The deadline passed.
    OutOfTime,
}

/// What a candidate must break to fail "the same way": the same check, and for
/// a panic the same place in the code (`panicked at <file:line:column>`), so
/// that shrinking does not slide from one bug to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Target {
    pub(super) check: &'static str,
    place: Option<String>,
    /// The full checks found it: a candidate's last state gets them.
    pub(super) full: bool,
}

impl Target {
    pub(super) fn of(violation: &Violation, in_full: bool) -> Target {
        Target {
            check: violation.check,
            place: panic_place(violation),
            full: in_full,
        }
    }

    pub(super) fn matches(&self, violation: &Violation) -> bool {
        violation.check == self.check && panic_place(violation) == self.place
    }

    /// Where a candidate's replay runs the full checks.
    pub(super) fn full(&self) -> Full {
        if self.full { Full::Last } else { Full::Never }
    }
}

/// A panic's place, `file:line:column` (the text between `panicked at ` and
/// ` — `, as [`catch_panic`] writes it); `None` for another check.
fn panic_place(violation: &Violation) -> Option<String> {
    (violation.check == "panic").then(|| {
        let m = violation.message.as_str();
        let rest = m.strip_prefix("panicked at ").unwrap_or(m);
        rest.split(" — ").next().unwrap_or(rest).to_owned()
    })
}

/// The scratch a replay reuses.
pub(super) struct Scratch<'a, G: Game> {
    pub(super) oracle: Option<&'a Oracle<G>>,
    pub(super) deadline: Option<Instant>,
    /// What the full checks' probe of unlisted actions is drawn from, with
    /// the step's index (as the simulation draws it from the game's seed and
    /// the ply, so that a failure it found there is found again).
    pub(super) probe: u64,
    checker: Checker<G>,
    legal: G::Actions,
}

impl<'a, G: Game> Scratch<'a, G> {
    pub(super) fn new(
        initial: &G,
        oracle: Option<&'a Oracle<G>>,
        deadline: Option<Instant>,
        probe: u64,
    ) -> Scratch<'a, G> {
        Scratch {
            oracle,
            deadline,
            probe,
            checker: Checker::new(initial),
            legal: G::Actions::default(),
        }
    }

    pub(super) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Plays `actions` from `start`, whose first action is action `offset` of
    /// the game, with the cheap checks and the oracle on every state
    /// (`start`'s too) and the full checks where `full` says.
    pub(super) fn replay(
        &mut self,
        start: &G,
        offset: usize,
        actions: &[G::Action],
        full: Full,
    ) -> Ended {
        let Scratch {
            oracle,
            deadline,
            probe,
            checker,
            legal,
        } = self;
        let (oracle, deadline, probe) = (*oracle, *deadline, *probe);
        // Where the replay is when a panic comes: actions applied, and
        // whether the full checks were running.
        let at = Cell::new((0usize, false));
        let result = catch_panic(|| {
            let mut state = start.clone();
            for i in 0..=actions.len() {
                if i % 8 == 7 && deadline.is_some_and(|d| Instant::now() >= d) {
                    return Ended::OutOfTime;
                }
                at.set((i, false));
                state.legal_actions(legal);
                let checked = checker
                    .cheap(&state, legal)
                    .map(|_| ())
                    .and_then(|()| oracle.map_or(Ok(()), |o| o(&state)));
                if let Err(violation) = checked {
                    return Ended::Broke {
                        after: i,
                        violation,
                        in_full: false,
                    };
                }
                if full == Full::Every || (full == Full::Last && i == actions.len()) {
                    at.set((i, true));
                    let bits = probe ^ (offset + i) as u64;
                    if let Err(violation) = checker.full(&state, legal, bits) {
                        return Ended::Broke {
                            after: i,
                            violation,
                            in_full: true,
                        };
                    }
                }
                let Some(&a) = actions.get(i) else {
                    break;
                };
                if !legal.contains(&a) {
                    return Ended::Illegal;
                }
                at.set((i + 1, false));
                state.apply_unchecked(a, &mut |_| {});
            }
            Ended::Clean
        });
        result.unwrap_or_else(|message| {
            let (after, in_full) = at.get();
            Ended::Broke {
                after,
                violation: Violation {
                    check: "panic",
                    message,
                },
                in_full,
            }
        })
    }
}

/// At most this many bytes of states are cached (16 MiB); a longer game
/// caches every second, third, ... state.
const CACHE_BYTES: usize = 16 << 20;

/// The test of a candidate: does it, played from `initial`, break `target`?
/// Keeps the states of the last failing sequence (the `base`), so that a
/// candidate sharing a prefix with it is replayed from the state after that
/// prefix rather than from the start.
pub(super) struct Tester<'a, G: Game> {
    initial: &'a G,
    pub(super) scratch: Scratch<'a, G>,
    target: Target,
    base: Vec<G::Action>,
    /// `cache[j]`: the state after the first `j * stride` actions of `base`,
    /// for every such prefix shorter than `base` (its last state broke).
    cache: Vec<G>,
    stride: usize,
    fresh: bool,
    /// The violation of the last failing candidate.
    pub(super) violation: Option<Violation>,
}

impl<'a, G: Game> Tester<'a, G> {
    /// The test of candidates that must break `target` as `failing` (played
    /// from `initial`) does.
    pub(super) fn new(
        initial: &'a G,
        scratch: Scratch<'a, G>,
        target: Target,
        failing: &[G::Action],
    ) -> Tester<'a, G> {
        let stride = (failing.len() * size_of::<G>().max(1))
            .div_ceil(CACHE_BYTES)
            .max(1);
        Tester {
            initial,
            scratch,
            target,
            base: failing.to_vec(),
            cache: Vec::new(),
            stride,
            fresh: false,
            violation: None,
        }
    }

    /// Builds the cache of `base`'s states.
    fn rebuild(&mut self) {
        self.cache.clear();
        let (base, stride, initial) = (&self.base, self.stride, self.initial);
        let cache = &mut self.cache;
        // The last action may be the one that panics; a panic on the way keeps
        // the states cached before it.
        let _ = catch_panic(|| {
            let mut state = initial.clone();
            for (i, &a) in base.iter().enumerate() {
                if i % stride == 0 {
                    cache.push(state.clone());
                }
                state.apply_unchecked(a, &mut |_| {});
            }
        });
        if self.cache.is_empty() {
            self.cache.push(self.initial.clone());
        }
        self.fresh = true;
    }

    /// The verdict on `candidate`.
    pub(super) fn test(&mut self, candidate: &[G::Action]) -> Verdict {
        if self.scratch.out_of_time() {
            return Verdict::Stop;
        }
        if !self.fresh {
            self.rebuild();
        }
        let shared = candidate
            .iter()
            .zip(&self.base)
            .take_while(|(a, b)| a == b)
            .count();
        let j = (shared / self.stride).min(self.cache.len() - 1);
        let from = j * self.stride;
        let full = self.target.full();
        match self
            .scratch
            .replay(&self.cache[j], from, &candidate[from..], full)
        {
            Ended::Broke {
                after, violation, ..
            } if self.target.matches(&violation) => {
                let k = from + after;
                self.base = candidate[..k].to_vec();
                self.fresh = false;
                self.violation = Some(violation);
                Verdict::Fails(k)
            }
            Ended::OutOfTime => Verdict::Stop,
            Ended::Broke { .. } | Ended::Illegal | Ended::Clean => Verdict::Passes,
        }
    }
}
