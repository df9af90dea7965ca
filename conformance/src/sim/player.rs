//! One worker's player: a game of random legal actions, checked every step.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::core::GameStats;
use tigerseye_engine::{Game, RuleEvent, Turn};

use super::resume::{Resumed, SavePoints};
use super::starts::Begin;
use crate::invariants::{CheckMode, Checker, Violation};
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
        }
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
        let same = match (&self.oracle, &begin.oracle) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.oracle.clone_from(&begin.oracle);
        }
    }

    /// The state the last game reached.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Plays one game of random actions from `seed`, checking every step.
    pub fn play(&mut self, seed: u64) -> GameEnd {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.state.clone_from(&self.initial);
        self.actions.clear();
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
                Turn::Chance => sample_chance(&self.state, &self.legal, &mut rng),
                Turn::Player(_) => self.legal[rng.random_range(0..self.legal.len())],
            };
            if ply >= self.max_plies {
                if G::Stats::KEPT {
                    self.stats.game_end(&self.state);
                }
                return GameEnd::Unfinished;
            }
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

/// Draws a chance outcome with its declared probability. When the outcomes share
/// one denominator (a fair die or coin) the draw is exact: an integer in `0..den`
/// picks by numerators. Otherwise probabilities are weighted in millionths.
pub fn sample_chance<G: Game>(
    state: &G,
    outcomes: &G::Actions,
    rng: &mut Xoshiro256PlusPlus,
) -> G::Action {
    // One pass: draw against the first outcome's denominator and walk the
    // outcomes until the draw falls in one; every outcome walked must share that
    // denominator, or the general path below decides.
    if let Some(den) = outcomes
        .first()
        .and_then(|&a| state.chance_probability(a))
        .map(|p| p.den)
    {
        let mut pick = rng.random_range(0..den.max(1));
        for &a in outcomes.iter() {
            match state.chance_probability(a) {
                Some(p) if p.den == den => {
                    if pick < p.num {
                        return a;
                    }
                    pick -= p.num;
                }
                _ => break,
            }
        }
    }
    let total: u64 = outcomes
        .iter()
        .map(|&a| {
            state
                .chance_probability(a)
                .map_or(0, |p| u64::from(p.num) * 1_000_000 / u64::from(p.den))
        })
        .sum();
    let mut pick = rng.random_range(0..total.max(1));
    for &a in outcomes.iter() {
        let w = state
            .chance_probability(a)
            .map_or(0, |p| u64::from(p.num) * 1_000_000 / u64::from(p.den));
        if pick < w {
            return a;
        }
        pick -= w;
    }
    outcomes[outcomes.len() - 1]
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
