//! The invariants every game must keep, checked after every step of a simulated
//! or fuzzed game.
//!
//! Two tiers, so that the default run is fast and a paranoid run is thorough:
//!
//! - **cheap**, after every step: the legal list has no duplicates (at a chance
//!   node: every outcome is listed once); the game is over exactly when no one
//!   can act; at a chance node every outcome has a probability in (0, 1] and they
//!   sum to exactly 1; the incremental hash equals
//!   a recomputation; the game's own invariants hold; the game is within the ply
//!   bound its rules imply.
//! - **full**, on a deterministic sample of steps (every step with `--paranoid`):
//!   every listed action applies and leaves a state that keeps the game's
//!   invariants; an action that is not listed is refused and changes nothing;
//!   export then import gives an equal state with the same hash and legal actions;
//!   every legal action's notation reads back to the same action; for a
//!   colour-symmetric game ([`Game::mirrored`]), the mirrored state's legal actions
//!   are exactly the mirrored legal actions.
//! - **save-restore**, in one game in sixteen at one step (every step with
//!   `--paranoid`; `crate::sim::resume`): the game saved, restored and played on
//!   beside the uninterrupted one lists the same legal actions at every later
//!   step and ends the same way.

use std::fmt;

use tigerseye_engine::core::zobrist::splitmix64;
use tigerseye_engine::{ActionBuffer, Game, Turn};

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The invariant's short name, such as `hash`.
    pub check: &'static str,
    /// What was found.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.check, self.message)
    }
}

fn violation(check: &'static str, message: impl Into<String>) -> Violation {
    Violation {
        check,
        message: message.into(),
    }
}

/// How thoroughly to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckMode {
    /// Run the full checks on one step in this many (1: every step).
    pub full_every: u32,
    /// Save and restore one game in this many, once (0: none); with
    /// `full_every` 1 every step of every game (`crate::sim::resume`).
    pub save_every: u32,
}

impl CheckMode {
    /// The default: cheap checks every step, full checks on one step in 64.
    pub const DEFAULT: CheckMode = CheckMode {
        full_every: 64,
        save_every: 16,
    };
    /// Every check on every step.
    pub const PARANOID: CheckMode = CheckMode {
        full_every: 1,
        save_every: 1,
    };

    /// Whether step `ply` of the game with seed `game_seed` gets the full checks.
    /// Independent of the game's random choices, so a game plays the same in every
    /// mode.
    #[must_use]
    pub fn full_at(self, game_seed: u64, ply: u32) -> bool {
        let every = u64::from(self.full_every);
        let draw = splitmix64(game_seed ^ u64::from(ply));
        // A power of two (the default 64) is a mask: the same draw, no division.
        let rest = if every.is_power_of_two() {
            draw & (every - 1)
        } else {
            draw % every.max(1)
        };
        self.full_every <= 1 || rest == 0
    }
}

/// The set the duplicate check fills: a fast hash of small keys (actions are
/// a few bytes), not a keyed one (nothing here is an adversary's input).
type ActionSet<A> = std::collections::HashSet<A, rustc_hash::FxBuildHasher>;

/// Scratch space for checking one game's states without allocating per step.
pub struct Checker<G: Game> {
    /// The duplicate check's set, emptied and refilled every step (it keeps
    /// its room: no allocation once it has grown to the longest list).
    seen: ActionSet<G::Action>,
    scratch: G,
    scratch_actions: G::Actions,
    mirrored_actions: G::Actions,
    text: String,
    text_again: String,
}

impl<G: Game> Checker<G> {
    /// Scratch space shaped like `state`.
    #[must_use]
    pub fn new(state: &G) -> Checker<G> {
        Checker {
            seen: ActionSet::default(),
            scratch: state.clone(),
            scratch_actions: G::Actions::default(),
            mirrored_actions: G::Actions::default(),
            text: String::with_capacity(256),
            text_again: String::with_capacity(256),
        }
    }

    /// The cheap checks. `legal` must be `state`'s legal actions. Returns
    /// `state`'s [`Game::turn`], which the checks compute anyway.
    ///
    /// Always inlined: the simulation's loop runs it after every step, and a
    /// call costs the saving and restoring of registers and the result passed
    /// through memory.
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    #[inline(always)]
    pub fn cheap(&mut self, state: &G, legal: &G::Actions) -> Result<Turn, Violation> {
        let turn = state.turn();
        if matches!(turn, Turn::Over(_)) != legal.is_empty() {
            return Err(violation(
                "over-iff-no-action",
                format!("turn is {turn:?} with {} legal actions", legal.len()),
            ));
        }
        // Every action (every chance outcome at a chance node) is listed once.
        // A strictly increasing list (as most generators write them) has none;
        // otherwise short lists are compared pairwise in place, longer ones
        // put into a set, one pass: linear, where sorting a copy was not.
        let duplicate = if strictly_increasing(legal) {
            None
        } else if legal.len() <= SHORT_LIST {
            legal
                .iter()
                .enumerate()
                .find(|&(i, a)| legal[i + 1..].contains(a))
                .map(|(_, &a)| a)
        } else {
            self.seen.clear();
            self.seen.reserve(legal.len());
            legal.iter().find(|&&a| !self.seen.insert(a)).copied()
        };
        if let Some(a) = duplicate {
            return Err(violation(
                "no-duplicates",
                format!("{} listed twice", state.action_text(a)),
            ));
        }
        if turn == Turn::Chance {
            check_chance(state, legal)?;
        } else if let Some(&a) = legal.first()
            && state.chance_probability(a).is_some()
        {
            return Err(violation(
                "chance",
                "a player's action has a chance probability",
            ));
        }
        let recomputed = state.recompute_hash();
        if state.hash() != recomputed {
            return Err(violation(
                "hash",
                format!(
                    "incremental hash {:#x} != recomputed {recomputed:#x}",
                    state.hash()
                ),
            ));
        }
        state
            .check_invariants()
            .map_err(|e| violation("game", e.0))?;
        if let Some(bound) = state.ply_bound()
            && state.ply() > bound
        {
            return Err(violation(
                "ply-bound",
                format!(
                    "ply {} exceeds the bound of {bound} plies the rules imply",
                    state.ply()
                ),
            ));
        }
        Ok(turn)
    }

    /// The full checks. `legal` must be `state`'s legal actions; `bits` picks the
    /// unlisted actions to try.
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    pub fn full(&mut self, state: &G, legal: &G::Actions, bits: u64) -> Result<(), Violation> {
        // Every listed action applies.
        for &a in legal.iter() {
            self.scratch.clone_from(state);
            if let Err(e) = self.scratch.apply(a, &mut |_| {}) {
                return Err(violation(
                    "listed-applies",
                    format!("{} is listed but refused: {e}", state.action_text(a)),
                ));
            }
            self.scratch.check_invariants().map_err(|e| {
                violation(
                    "listed-applies",
                    format!("after {}: {}", state.action_text(a), e.0),
                )
            })?;
        }
        // Notation round-trips.
        for &a in legal.iter() {
            self.text.clear();
            let _ = state.write_action(a, &mut self.text);
            match state.parse_action(&self.text) {
                Ok(back) if back == a => {}
                Ok(back) => {
                    return Err(violation(
                        "notation",
                        format!("`{}` reads back as {back:?}, not {a:?}", self.text),
                    ));
                }
                Err(e) => {
                    return Err(violation(
                        "notation",
                        format!("`{}` does not read back: {e}", self.text),
                    ));
                }
            }
        }
        // An action that is not listed is refused and changes nothing.
        let mut probe = bits;
        for _ in 0..16 {
            probe = splitmix64(probe);
            let a = state.arbitrary_action(probe);
            if legal.contains(&a) {
                continue;
            }
            self.scratch.clone_from(state);
            if self.scratch.apply(a, &mut |_| {}).is_ok() {
                return Err(violation(
                    "unlisted-refused",
                    format!("{} is not listed but was accepted", state.action_text(a)),
                ));
            }
            if self.scratch != *state || self.scratch.hash() != state.hash() {
                return Err(violation(
                    "unlisted-refused",
                    format!("refusing {} changed the state", state.action_text(a)),
                ));
            }
            break;
        }
        // Export and import round-trip.
        self.text.clear();
        let _ = state.export(&mut self.text);
        let imported = G::import(&self.text, state.options())
            .map_err(|e| violation("export-import", format!("export does not import: {e}")))?;
        if imported != *state {
            return Err(violation(
                "export-import",
                format!("`{}` imports to a different state", self.text),
            ));
        }
        if imported.hash() != state.hash() {
            return Err(violation(
                "export-import",
                format!("`{}` imports with a different hash", self.text),
            ));
        }
        self.text_again.clear();
        let _ = imported.export(&mut self.text_again);
        if self.text_again != self.text {
            return Err(violation(
                "export-import",
                format!("`{}` exports differently after import", self.text),
            ));
        }
        imported.legal_actions(&mut self.scratch_actions);
        if self.scratch_actions[..] != legal[..] {
            return Err(violation(
                "export-import",
                format!("`{}` imports with different legal actions", self.text),
            ));
        }
        self.mirror(state, legal)
    }

    /// Colour-mirror symmetry: the mirrored state's legal actions are exactly the
    /// mirrored legal actions, and whose turn it is is mirrored too.
    fn mirror(&mut self, state: &G, legal: &G::Actions) -> Result<(), Violation> {
        let Some(mirrored) = state.mirrored() else {
            return Ok(());
        };
        let swapped = match state.turn() {
            Turn::Player(side) => Turn::Player(side.opponent()),
            Turn::Chance => Turn::Chance,
            Turn::Over(o) => Turn::Over(tigerseye_engine::Outcome {
                winner: o.winner.map(tigerseye_engine::Side::opponent),
                ..o
            }),
        };
        let turn = mirrored.turn();
        let same_turn = match (turn, swapped) {
            // The score is given Green first, so compare the winner and rule only.
            (Turn::Over(a), Turn::Over(b)) => a.winner == b.winner && a.rule == b.rule,
            (a, b) => a == b,
        };
        if !same_turn {
            return Err(violation(
                "mirror",
                format!("the mirrored state's turn is {turn:?}, expected {swapped:?}"),
            ));
        }
        mirrored.legal_actions(&mut self.scratch_actions);
        self.mirrored_actions.clear();
        self.mirrored_actions
            .push_all(legal.iter().map(|&a| state.mirror_action(a)));
        // Generators usually list their actions in order already (tested as
        // the cheap checks test the legal list: sorting a list in order
        // changes nothing).
        if !strictly_increasing(&self.scratch_actions) {
            self.scratch_actions.sort_unstable();
        }
        self.mirrored_actions.sort_unstable();
        if self.scratch_actions[..] != self.mirrored_actions[..] {
            let missing = self
                .mirrored_actions
                .iter()
                .find(|a| !self.scratch_actions.contains(a))
                .map(|&a| mirrored.action_text(a));
            let extra = self
                .scratch_actions
                .iter()
                .find(|a| !self.mirrored_actions.contains(a))
                .map(|&a| mirrored.action_text(a));
            return Err(violation(
                "mirror",
                format!(
                    "`{}` mirrored to `{}` has different legal actions: missing {missing:?}, extra {extra:?}",
                    self.text,
                    mirrored.export_string()
                ),
            ));
        }
        Ok(())
    }
}

/// Whether every action is less than the next: no early exit, so that the
/// comparisons of a list of small integers run side by side. From eight pairs
/// on, the pairs are compared in whole blocks of eight and then the last eight
/// pairs as one more block (some of them again), not the rest one by one.
#[inline(always)]
fn strictly_increasing<A: Ord>(xs: &[A]) -> bool {
    let Some((_, rest)) = xs.split_first() else {
        return true;
    };
    let pairs = rest.len();
    if pairs < 8 {
        return xs.iter().zip(rest).fold(true, |ok, (a, b)| ok & (a < b));
    }
    let whole = pairs - pairs % 8;
    let last = pairs - 8;
    let body = xs[..whole]
        .iter()
        .zip(&rest[..whole])
        .fold(true, |ok, (a, b)| ok & (a < b));
    let tail = xs[last..last + 8]
        .iter()
        .zip(&rest[last..last + 8])
        .fold(true, |ok, (a, b)| ok & (a < b));
    body & tail
}

/// Lists up to this long are checked for duplicates pairwise, without sorting.
const SHORT_LIST: usize = 16;

/// Every outcome of a chance node has a probability in (0, 1], and they sum to 1
/// exactly.
fn check_chance<G: Game>(state: &G, legal: &G::Actions) -> Result<(), Violation> {
    // The common case, a fair die or coin: one denominator, so the numerators
    // must add up to it. No division.
    let mut first_den = None;
    let mut same_den_sum = Some(0u64);
    for &a in legal.iter() {
        match state.chance_probability(a) {
            Some(p) if first_den.is_none_or(|d| d == p.den) && p.num >= 1 && p.num <= p.den => {
                first_den = Some(p.den);
                same_den_sum = same_den_sum.map(|s| s + u64::from(p.num));
            }
            _ => {
                same_den_sum = None;
                break;
            }
        }
    }
    if let (Some(sum), Some(den)) = (same_den_sum, first_den)
        && sum == u64::from(den)
    {
        return Ok(());
    }
    // Otherwise (or to name what is wrong) the exact sum of fractions.
    let (mut num, mut den) = (0u128, 1u128);
    for &a in legal.iter() {
        let Some(p) = state.chance_probability(a) else {
            return Err(violation(
                "chance",
                format!("outcome {} has no probability", state.action_text(a)),
            ));
        };
        if p.num == 0 || p.num > p.den {
            return Err(violation(
                "chance",
                format!("outcome {} has probability {p}", state.action_text(a)),
            ));
        }
        num = num * u128::from(p.den) + u128::from(p.num) * den;
        den *= u128::from(p.den);
        let g = gcd(num, den);
        num /= g;
        den /= g;
    }
    if num != den {
        return Err(violation(
            "chance",
            format!("outcome probabilities sum to {num}/{den}, not 1"),
        ));
    }
    Ok(())
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tigerseye_engine::jewel::duel::{Duel, DuelOptions};

    #[test]
    fn the_start_passes_every_check() {
        let duel = Duel::new(&DuelOptions::default());
        let mut legal = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut legal);
        let mut checker = Checker::new(&duel);
        checker.cheap(&duel, &legal).unwrap();
        checker.full(&duel, &legal, 1).unwrap();
    }

    #[test]
    fn a_duplicated_action_is_caught() {
        let duel = Duel::new(&DuelOptions::default());
        let mut legal = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut legal);
        legal[1] = legal[0];
        let mut checker = Checker::new(&duel);
        assert_eq!(
            checker.cheap(&duel, &legal).unwrap_err().check,
            "no-duplicates"
        );
    }

    #[test]
    fn a_duplicate_in_a_long_list_is_caught_wherever_it_stands() {
        // The Field Manual's start lists 42 actions, not in increasing order
        // (the Prince's swaps come between the moves): the set's path.
        use tigerseye_engine::field_manual::FieldManual;
        let g = FieldManual::new(&Default::default());
        let mut legal = <FieldManual as Game>::Actions::default();
        g.legal_actions(&mut legal);
        assert!(legal.len() > SHORT_LIST && !strictly_increasing(&legal));
        let mut checker = Checker::new(&g);
        checker.cheap(&g, &legal).unwrap();
        for (i, j) in [(0, 1), (3, 40), (40, 41), (0, legal.len() - 1)] {
            let mut twice = legal.clone();
            twice[j] = twice[i];
            let v = checker.cheap(&g, &twice).unwrap_err();
            assert_eq!(v.check, "no-duplicates");
            assert!(v.message.contains(&g.action_text(legal[i])), "{v}");
            // The set is emptied between steps: the list is clean again.
            checker.cheap(&g, &legal).unwrap();
        }
        // Sorted, with one action twice: not strictly increasing either.
        let mut sorted = legal.clone();
        sorted.sort_unstable();
        sorted[20] = sorted[21];
        assert_eq!(
            checker.cheap(&g, &sorted).unwrap_err().check,
            "no-duplicates"
        );
    }

    #[test]
    fn a_missing_action_is_caught_by_the_round_trip() {
        let duel = Duel::new(&DuelOptions::default());
        let mut legal = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut legal);
        legal.pop();
        let mut checker = Checker::new(&duel);
        let check = checker.full(&duel, &legal, 1).unwrap_err().check;
        assert!(
            ["unlisted-refused", "export-import"].contains(&check),
            "{check}"
        );
    }

    #[test]
    fn chance_outcomes_are_checked_for_duplicates_and_their_sum() {
        use tigerseye_engine::GameOptions;
        use tigerseye_engine::jewel::race::{Race, RaceOptions};
        let mut options = RaceOptions::default();
        options.set("first", "red").unwrap();
        let race = Race::new(&options);
        let mut legal = <Race as Game>::Actions::default();
        race.legal_actions(&mut legal);
        let mut checker = Checker::new(&race);
        checker.cheap(&race, &legal).unwrap();
        // Five faces of six: they sum to 5/6.
        let mut short = legal.clone();
        short.pop();
        let v = checker.cheap(&race, &short).unwrap_err();
        assert_eq!(v.check, "chance");
        assert!(v.message.contains("5/6"), "{v}");
        // A face listed twice (out of order, so the pairwise path finds it).
        let mut twice = legal.clone();
        twice[0] = twice[5];
        assert_eq!(
            checker.cheap(&race, &twice).unwrap_err().check,
            "no-duplicates"
        );
    }

    #[test]
    fn the_mirror_check_holds_and_catches_a_missing_action() {
        use tigerseye_engine::jewel::ambush::Ambush;
        let mut state = Ambush::new(&Default::default());
        let a = state.parse_action("C5-C4").unwrap();
        state.play(a).unwrap();
        let mut legal = <Ambush as Game>::Actions::default();
        state.legal_actions(&mut legal);
        let mut checker = Checker::new(&state);
        checker.full(&state, &legal, 3).unwrap();
        legal.pop();
        assert_eq!(checker.mirror(&state, &legal).unwrap_err().check, "mirror");
    }

    #[test]
    fn the_sample_is_the_draw_modulo_the_rate() {
        for every in [0, 1, 2, 3, 7, 64, 100] {
            let mode = CheckMode {
                full_every: every,
                ..CheckMode::DEFAULT
            };
            for ply in 0..500 {
                let draw = splitmix64(11 ^ u64::from(ply));
                let expected = every <= 1 || draw.is_multiple_of(u64::from(every));
                assert_eq!(mode.full_at(11, ply), expected, "{every} {ply}");
            }
        }
        assert!(strictly_increasing::<u32>(&[]));
        assert!(strictly_increasing(&[1, 2, 5]));
        assert!(!strictly_increasing(&[1, 2, 2]));
        assert!(!strictly_increasing(&[3, 1, 4, 1, 5, 9, 2, 6]));
        // Every length around the blocks of eight, each pair out of order in turn.
        for len in 0..40u32 {
            let up: Vec<u32> = (0..len).map(|i| 3 * i).collect();
            assert!(strictly_increasing(&up), "{len}");
            for i in 1..up.len() {
                let mut equal = up.clone();
                equal[i] = equal[i - 1];
                assert!(!strictly_increasing(&equal), "{len} {i}");
                let mut down = up.clone();
                down.swap(i - 1, i);
                assert!(!strictly_increasing(&down), "{len} {i}");
            }
        }
    }

    #[test]
    fn sampling_is_deterministic_and_paranoid_checks_everything() {
        let mode = CheckMode::DEFAULT;
        let hits = (0..64_000).filter(|&p| mode.full_at(7, p)).count();
        assert!((700..1300).contains(&hits), "{hits}");
        assert!((0..100).all(|p| CheckMode::PARANOID.full_at(7, p)));
    }
}
