//! One worker's player: a game of legal actions chosen by a playout policy,
//! checked every step.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::core::GameStats;
use tigerseye_engine::{Game, RuleEvent, Turn};

use super::resume::{Resumed, SavePoints};
use super::starts::Begin;
use crate::invariants::{CheckMode, Checker, Violation};
use crate::policy::{Chooser, Policy, sample_chance};
use crate::shrink::Oracle;

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The game is over.
    Over(tigerseye_engine::Outcome),
    /// It reached the ply cap of a game with no rule-implied bound.
    Unfinished,
    /// An invariant broke (or the game panicked, check `panic`).
    Failed(Violation),
}

/// One worker's reusable state for playing games of `G`.
pub struct Player<G: Game> {
    pub(super) initial: G,
    /// The state with no past that `initial` is reached from by `prefix`
    /// (itself, at the standard start): what a save starts from.
    root: G,
    /// The actions from `root` to `initial`.
    prefix: Vec<G::Action>,
    /// The actions of the game in progress after `prefix`, for a save.
    since_root: Vec<G::Action>,
    state: G,
    legal: G::Actions,
    checker: Checker<G>,
    mode: CheckMode,
    max_plies: u32,
    /// The actions of the game in progress.
    pub actions: Vec<G::Action>,
    events: EventCounts,
    /// The game's own statistics of the games played ([`Game::Stats`]).
    stats: G::Stats,
    oracle: Option<Oracle<G>>,
    /// The games restored from saves of the game in progress.
    resumed: Resumed<G>,
    /// How the players choose.
    chooser: Chooser<G>,
    /// The players' decisions in the game in progress (its actions but
    /// chance outcomes).
    pub decisions: u32,
}

impl<G: Game> Player<G> {
    /// A player for games starting at `initial`.
    #[must_use]
    pub fn new(initial: &G, mode: CheckMode, max_plies: u32) -> Player<G> {
        Player {
            initial: initial.clone(),
            root: initial.clone(),
            prefix: Vec::new(),
            since_root: Vec::new(),
            state: initial.clone(),
            legal: G::Actions::default(),
            checker: Checker::new(initial),
            mode,
            max_plies,
            actions: Vec::with_capacity(256),
            events: EventCounts::new(G::EVENTS.len()),
            stats: G::Stats::default(),
            oracle: None,
            resumed: Resumed::default(),
            chooser: Chooser::new(Policy::Random),
            decisions: 0,
        }
    }

    /// Chooses the players' actions by `policy` (uniform random by default).
    #[must_use]
    pub fn with_policy(mut self, policy: Policy) -> Player<G> {
        self.chooser = Chooser::new(policy);
        self
    }

    /// Runs `oracle` on every state too.
    #[must_use]
    pub fn with_oracle(mut self, oracle: Option<Oracle<G>>) -> Player<G> {
        self.oracle = oracle;
        self
    }

    /// Plays the next games from `begin`, with its past and under its oracle
    /// (a no-op when they already start there).
    pub(super) fn start_at(&mut self, begin: &Begin<G>) {
        if self.initial != begin.initial || self.prefix != begin.prefix || self.root != begin.root {
            self.initial.clone_from(&begin.initial);
            self.root.clone_from(&begin.root);
            self.prefix.clone_from(&begin.prefix);
        }
        self.use_oracle(begin.oracle.as_ref());
    }

    /// Plays the next games under `oracle` (a no-op when they already do).
    pub(super) fn use_oracle(&mut self, oracle: Option<&Oracle<G>>) {
        let same = match (&self.oracle, oracle) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.oracle = oracle.cloned();
        }
    }

    /// The state the last game reached.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Plays one game from `seed` under the player's policy, checking every
    /// step.
    pub fn play(&mut self, seed: u64) -> GameEnd {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.state.clone_from(&self.initial);
        self.actions.clear();
        self.decisions = 0;
        let start_ply = self.state.ply();
        // A copy, so that what the sample's test derives from the mode is worked
        // out once, not at every step.
        let mode = self.mode;
        let saves = SavePoints::of(mode, seed);
        self.resumed.clear();
        loop {
            self.state.legal_actions(&mut self.legal);
            let turn = match self.checker.cheap(&self.state, &self.legal) {
                Ok(turn) => turn,
                Err(v) => return GameEnd::Failed(v),
            };
            if let Some(oracle) = &self.oracle
                && let Err(v) = oracle(&self.state)
            {
                return GameEnd::Failed(v);
            }
            let ply = self.state.ply() - start_ply;
            if saves != SavePoints::None {
                if let Err(v) = self.resumed.check(&self.legal, turn, ply) {
                    return GameEnd::Failed(v);
                }
                if saves.at(ply) {
                    // From the start's own past, so that the save carries it.
                    let saved = if self.prefix.is_empty() {
                        self.resumed
                            .save(&self.initial, &self.actions, &self.state, ply)
                    } else {
                        self.since_root.clear();
                        self.since_root.extend_from_slice(&self.prefix);
                        self.since_root.extend_from_slice(&self.actions);
                        self.resumed
                            .save(&self.root, &self.since_root, &self.state, ply)
                    };
                    if let Err(v) = saved {
                        return GameEnd::Failed(v);
                    }
                }
            }
            if mode.full_at(seed, ply)
                && let Err(v) = self
                    .checker
                    .full(&self.state, &self.legal, seed ^ u64::from(ply))
            {
                return GameEnd::Failed(v);
            }
            let action = match turn {
                Turn::Over(outcome) => {
                    if G::Stats::KEPT {
                        self.stats.game_end(&self.state);
                    }
                    return GameEnd::Over(outcome);
                }
                // The cap before the choice: a policy that searches does
                // not search for an action it will not play.
                _ if ply >= self.max_plies => {
                    if G::Stats::KEPT {
                        self.stats.game_end(&self.state);
                    }
                    return GameEnd::Unfinished;
                }
                Turn::Chance => sample_chance(&self.state, &self.legal, &mut rng),
                Turn::Player(_) => {
                    self.decisions += 1;
                    self.chooser.choose(&self.state, &self.legal, &mut rng)
                }
            };
            self.actions.push(action);
            if saves != SavePoints::None {
                self.resumed.apply(action);
            }
            if G::Stats::KEPT {
                self.stats.before_action(&self.state, action);
            }
            let events = &mut self.events;
            let stats = &mut self.stats;
            self.state.apply_unchecked(action, &mut |e: G::Event| {
                events.count(e.tag(), G::EVENTS);
                if G::Stats::KEPT {
                    stats.event(e);
                }
            });
            if G::Stats::KEPT {
                self.stats.after_action(&self.state);
            }
        }
    }

    /// The game's own statistics of the games played so far, as figures,
    /// and resets them.
    pub fn take_figures(&mut self) -> tigerseye_engine::core::Figures {
        if !G::Stats::KEPT {
            return tigerseye_engine::core::Figures::default();
        }
        std::mem::take(&mut self.stats).figures()
    }

    /// The counts of events emitted so far, by index into [`Game::EVENTS`], and
    /// resets them.
    pub fn take_events(&mut self) -> Vec<u64> {
        std::mem::replace(&mut self.events.counts, vec![0; G::EVENTS.len()])
    }
}

/// Rule events counted by index into [`Game::EVENTS`]. A tag is a
/// `&'static str`: each one is matched to its index by its text once, the
/// first time it is met, and known by its address after that, so that the
/// play loop compares no strings.
#[derive(Debug, Default)]
struct EventCounts {
    /// Each tag met so far, by address and length, with its index (`None`
    /// for a tag the game does not declare).
    seen: Vec<((usize, usize), Option<usize>)>,
    /// The counts by index.
    counts: Vec<u64>,
}

impl EventCounts {
    fn new(events: usize) -> EventCounts {
        EventCounts {
            seen: Vec::new(),
            counts: vec![0; events],
        }
    }

    /// Counts one event of kind `tag`, one of `events`.
    #[inline]
    fn count(&mut self, tag: &'static str, events: &[&str]) {
        let key = (tag.as_ptr() as usize, tag.len());
        let index = match self.seen.iter().find(|(k, _)| *k == key) {
            Some(&(_, i)) => i,
            None => {
                let i = events.iter().position(|t| *t == tag);
                self.seen.push((key, i));
                i
            }
        };
        if let Some(n) = index.and_then(|i| self.counts.get_mut(i)) {
            *n += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EventCounts;

    /// Counts go to the tag's index whatever its address: a tag with the
    /// text of a declared one counts as it, an undeclared one not at all.
    #[test]
    fn events_count_by_index() {
        let events = ["capture", "promotion"];
        let mut c = EventCounts::new(events.len());
        let other: &'static str = String::from("capture").leak();
        for tag in ["promotion", "capture", other, "capture", "castling"] {
            c.count(tag, &events);
        }
        assert_eq!(c.counts, [3, 1]);
    }
}
