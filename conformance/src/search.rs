//! Tree walks over any [`Game`]: perft, divide, and a bounded solver for the seeds'
//! "must ... or lose" claims.
//!
//! Every walk keeps one scratch state and one action buffer per depth and copies
//! with [`Clone::clone_from`], so it does not allocate per node.

use tigerseye_engine::{Game, Side, Turn};

/// One scratch state and action buffer per depth.
struct Stack<G: Game> {
    frames: Vec<(G, G::Actions)>,
}

impl<G: Game> Stack<G> {
    fn new(root: &G, depth: u32) -> Stack<G> {
        Stack {
            frames: (0..depth)
                .map(|_| (root.clone(), G::Actions::default()))
                .collect(),
        }
    }
}

/// The number of leaf nodes `depth` plies below `state` (chance outcomes count as
/// plies). Every leaf action is applied, none is bulk-counted; a game that ends
/// earlier contributes no leaf.
#[must_use]
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut stack = Stack::new(state, depth);
    perft_in(state, &mut stack.frames)
}

fn perft_in<G: Game>(state: &G, frames: &mut [(G, G::Actions)]) -> u64 {
    let Some(((child, actions), rest)) = frames.split_first_mut() else {
        return 1;
    };
    state.legal_actions(actions);
    let mut nodes = 0;
    for &action in actions.iter() {
        child.clone_from(state);
        child.apply_unchecked(action, &mut |_| {});
        nodes += perft_in(child, rest);
    }
    nodes
}

/// The deepest perft the tools walk: far beyond what any game's tree allows in
/// practice, and small enough that the walk's per-depth scratch states fit.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// [`perft`], abandoned once more than `max_leaves` leaves have been counted:
/// `None` then. The walk visits the positions at every ply above the leaves too,
/// which are the counts of the shallower depths.
#[must_use]
pub fn perft_within<G: Game>(state: &G, depth: u32, max_leaves: u64) -> Option<u64> {
    fn walk<G: Game>(
        state: &G,
        frames: &mut [(G, G::Actions)],
        leaves: &mut u64,
        max_leaves: u64,
    ) -> bool {
        let Some(((child, actions), rest)) = frames.split_first_mut() else {
            *leaves += 1;
            return *leaves <= max_leaves;
        };
        state.legal_actions(actions);
        for &action in actions.iter() {
            child.clone_from(state);
            child.apply_unchecked(action, &mut |_| {});
            if !walk(child, rest, leaves, max_leaves) {
                return false;
            }
        }
        true
    }
    let mut stack = Stack::new(state, depth);
    let mut leaves = 0;
    walk(state, &mut stack.frames, &mut leaves, max_leaves).then_some(leaves)
}

/// Perft split by the first action: `(notation, nodes)` for each legal action in
/// generation order.
#[must_use]
pub fn divide<G: Game>(state: &G, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut actions = G::Actions::default();
    state.legal_actions(&mut actions);
    let mut stack = Stack::new(state, depth - 1);
    let mut child = state.clone();
    actions
        .iter()
        .map(|&action| {
            child.clone_from(state);
            child.apply_unchecked(action, &mut |_| {});
            (
                state.action_text(action),
                perft_in(&child, &mut stack.frames),
            )
        })
        .collect()
}

/// Whether the action that led from a state where `before` was to act to one
/// where `after` is to act ended a turn: a **turn** is the actions one actor
/// takes in a row (the side to move's moves, swaps, choices and pass; chance's
/// outcomes), and it ends when the one to act changes or the game ends.
fn ends_turn(before: Turn, after: Turn) -> bool {
    matches!(after, Turn::Over(_)) || after != before
}

/// Perft by turn: the number of action sequences that play out `turns` whole
/// turns from `state`: a turn is the actions one actor takes in a row, and it
/// ends when the one to act changes or the game ends. Every leaf
/// action is applied; a sequence that ends the game before its last turn
/// contributes nothing, one that ends it in its last turn is a leaf. In a game
/// of one action a turn this is [`perft`]; in the Field Manual, one turn of
/// Normal from the start is three actions.
///
/// `state` may stand inside a turn: the first turn is the rest of that one.
#[must_use]
pub fn perft_turns<G: Game>(state: &G, turns: u32) -> u64 {
    perft_turns_within(state, turns, u64::MAX).unwrap_or(u64::MAX)
}

/// [`perft_turns`], abandoned once more than `max_leaves` leaves have been
/// counted: `None` then.
#[must_use]
pub fn perft_turns_within<G: Game>(state: &G, turns: u32, max_leaves: u64) -> Option<u64> {
    if turns == 0 {
        return (max_leaves >= 1).then_some(1);
    }
    let mut walk = TurnWalk::new(max_leaves);
    walk.sequences(state, 0, turns).then_some(walk.walked)
}

/// Perft by turn split by the first action: `(notation, sequences)` for each
/// legal action in generation order.
#[must_use]
pub fn divide_turns<G: Game>(state: &G, turns: u32) -> Vec<(String, u64)> {
    if turns == 0 {
        return Vec::new();
    }
    let mut actions = G::Actions::default();
    state.legal_actions(&mut actions);
    let before = state.turn();
    let mut child = state.clone();
    actions
        .iter()
        .map(|&action| {
            child.clone_from(state);
            child.apply_unchecked(action, &mut |_| {});
            let n = if !ends_turn(before, child.turn()) {
                perft_turns(&child, turns)
            } else if turns == 1 {
                1
            } else if matches!(child.turn(), Turn::Over(_)) {
                0
            } else {
                perft_turns(&child, turns - 1)
            };
            (state.action_text(action), n)
        })
        .collect()
}

/// The distinct positions at the end of each of the first `turns` whole turns
/// from `state`: element `d - 1` counts the states (by the game's equality,
/// which leaves out the repetition history and counters kept as a log) that
/// some sequence of [`perft_turns`] at depth `d` ends in. A game that ends
/// before turn `d` ends in no position of it.
///
/// Counted level by level, each distinct position once: a level's turns are
/// walked from the previous level's positions, not from every sequence. `None`
/// when one level walks more than `max_walked` sequences.
#[must_use]
pub fn turn_positions_within<G: Game>(state: &G, turns: u32, max_walked: u64) -> Option<Vec<u64>> {
    let mut level = vec![state.clone()];
    let mut counts = Vec::with_capacity(turns as usize);
    for _ in 0..turns {
        let mut next = PositionSet::default();
        let mut walk = TurnWalk::new(max_walked);
        for from in &level {
            if !walk.ends(from, 0, &mut next) {
                return None;
            }
        }
        level = next.states;
        counts.push(level.len() as u64);
    }
    Some(counts)
}

/// Distinct states, bucketed by [`Game::hash`] (equal states hash equally)
/// and told apart by `==`.
struct PositionSet<G> {
    states: Vec<G>,
    by_hash: std::collections::HashMap<u64, Vec<usize>>,
}

impl<G> Default for PositionSet<G> {
    fn default() -> Self {
        PositionSet {
            states: Vec::new(),
            by_hash: std::collections::HashMap::new(),
        }
    }
}

impl<G: Game> PositionSet<G> {
    fn insert(&mut self, state: &G) {
        let bucket = self.by_hash.entry(state.hash()).or_default();
        if !bucket.iter().any(|&i| self.states[i] == *state) {
            bucket.push(self.states.len());
            self.states.push(state.clone());
        }
    }
}

/// One scratch state and action buffer per action of the turns walked, added
/// as a walk first goes that deep (a turn has no fixed length), and the
/// leaves counted against a limit.
struct TurnWalk<G: Game> {
    frames: Vec<Option<(G, G::Actions)>>,
    walked: u64,
    max: u64,
}

impl<G: Game> TurnWalk<G> {
    fn new(max: u64) -> TurnWalk<G> {
        TurnWalk {
            frames: Vec::new(),
            walked: 0,
            max,
        }
    }

    /// Takes frame `at` out (made from `like` the first time the walk is that
    /// deep), to be put back by [`TurnWalk::put`].
    fn take(&mut self, at: usize, like: &G) -> (G, G::Actions) {
        if at == self.frames.len() {
            self.frames.push(None);
        }
        self.frames[at]
            .take()
            .unwrap_or_else(|| (like.clone(), G::Actions::default()))
    }

    fn put(&mut self, at: usize, frame: (G, G::Actions)) {
        self.frames[at] = Some(frame);
    }

    /// Counts one leaf; `false` past the limit.
    fn leaf(&mut self) -> bool {
        self.walked += 1;
        self.walked <= self.max
    }

    /// Counts into `walked` the sequences that complete `turns` turns from
    /// `state` (inside its first turn), using frames from `at` on; `false`
    /// once past the limit.
    fn sequences(&mut self, state: &G, at: usize, turns: u32) -> bool {
        let (mut child, mut actions) = self.take(at, state);
        state.legal_actions(&mut actions);
        let before = state.turn();
        let mut ok = true;
        for &action in actions.iter() {
            child.clone_from(state);
            child.apply_unchecked(action, &mut |_| {});
            let after = child.turn();
            ok = if !ends_turn(before, after) {
                self.sequences(&child, at + 1, turns)
            } else if turns == 1 {
                self.leaf()
            } else if matches!(after, Turn::Over(_)) {
                true
            } else {
                self.sequences(&child, at + 1, turns - 1)
            };
            if !ok {
                break;
            }
        }
        self.put(at, (child, actions));
        ok
    }

    /// Adds to `out` every state the turn `state` stands in can end in,
    /// counting each sequence walked; `false` once past the limit.
    fn ends(&mut self, state: &G, at: usize, out: &mut PositionSet<G>) -> bool {
        let (mut child, mut actions) = self.take(at, state);
        state.legal_actions(&mut actions);
        let before = state.turn();
        let mut ok = true;
        for &action in actions.iter() {
            child.clone_from(state);
            child.apply_unchecked(action, &mut |_| {});
            ok = if ends_turn(before, child.turn()) {
                out.insert(&child);
                self.leaf()
            } else {
                self.ends(&child, at + 1, out)
            };
            if !ok {
                break;
            }
        }
        self.put(at, (child, actions));
        ok
    }
}

/// The most plies at the top of the tree [`perft_parallel`] splits into tasks.
const SPLIT_PLIES: u32 = 3;

/// Perft on all threads. Equal to [`perft`].
///
/// The top plies (up to three, one fewer than `depth`) are split into
/// one task a position, which rayon's threads take as they fall idle; below
/// them each subtree is counted by [`perft`] on one thread. (Splitting only
/// the first two plies into a fixed list could leave one thread idle at the
/// end when a few subtrees outweighed the rest: a chance node at the root,
/// DiamondChess's coin, makes those two plies one move. `bench` showed
/// 1.23-1.83x on two threads for DiamondChess that way, 1.82-2.01x this way.)
#[must_use]
pub fn perft_parallel<G: Game>(state: &G, depth: u32) -> u64 {
    split(state, depth, depth.saturating_sub(1).min(SPLIT_PLIES))
}

/// [`perft_parallel`] with `plies` more plies to split.
fn split<G: Game>(state: &G, depth: u32, plies: u32) -> u64 {
    use rayon::prelude::*;
    if plies == 0 {
        return perft(state, depth);
    }
    let mut actions = G::Actions::default();
    state.legal_actions(&mut actions);
    let actions: Vec<G::Action> = actions.iter().copied().collect();
    actions
        .into_par_iter()
        .map(|a| {
            let mut child = state.clone();
            child.apply_unchecked(a, &mut |_| {});
            split(&child, depth - 1, plies - 1)
        })
        .sum()
}

/// The side that can force a win within `depth` plies from `state`, whatever the
/// other side does (and whatever chance does), or `None` when neither can.
///
/// A finished game's winner is returned at any depth. The walk is exhaustive and
/// unbounded: [`forced_winner_within`] is the bounded one.
#[must_use]
pub fn forced_winner<G: Game>(state: &G, depth: u32) -> Option<Side> {
    forced_winner_within(state, depth, u64::MAX).unwrap_or(None)
}

/// The most positions the scenario runner's solver visits for one claim
/// (`forced`, each action of `losing` and `must-play`) before it gives up:
/// some seconds of Dragon (about 75 actions a position: `within = 3` fits,
/// 4 does not), far beyond every claim of the Jewel games' corpus.
pub const SOLVER_NODE_LIMIT: u64 = 2_000_000;

/// The solver visited more positions than its limit allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the solver gave up after {visited} positions (the limit) without an answer: `within = {depth}` is too deep for this position; lower it"
)]
pub struct SolverGaveUp {
    /// The positions visited.
    pub visited: u64,
    /// The depth asked for.
    pub depth: u32,
}

/// [`forced_winner`], abandoned once more than `max_nodes` positions below
/// `state` have been visited.
///
/// # Errors
///
/// [`SolverGaveUp`] when the walk needs more than `max_nodes` positions.
pub fn forced_winner_within<G: Game>(
    state: &G,
    depth: u32,
    max_nodes: u64,
) -> Result<Option<Side>, SolverGaveUp> {
    let mut stack = Stack::new(state, depth);
    let mut budget = max_nodes;
    forced_in(state, &mut stack.frames, &mut budget).map_err(|()| SolverGaveUp {
        visited: max_nodes,
        depth,
    })
}

fn forced_in<G: Game>(
    state: &G,
    frames: &mut [(G, G::Actions)],
    budget: &mut u64,
) -> Result<Option<Side>, ()> {
    let mover = match state.turn() {
        Turn::Over(outcome) => return Ok(outcome.winner),
        Turn::Player(side) => Some(side),
        Turn::Chance => None,
    };
    let Some(((child, actions), rest)) = frames.split_first_mut() else {
        return Ok(None);
    };
    state.legal_actions(actions);
    // A player wins if one action wins; chance "wins" for a side only if every
    // outcome does. The opponent wins if every action loses.
    let mut all_same: Option<Option<Side>> = None;
    for &action in actions.iter() {
        *budget = budget.checked_sub(1).ok_or(())?;
        child.clone_from(state);
        child.apply_unchecked(action, &mut |_| {});
        let result = forced_in(child, rest, budget)?;
        if mover.is_some() && result == mover {
            return Ok(mover);
        }
        match all_same {
            None => all_same = Some(result),
            Some(prev) if prev != result => all_same = Some(None),
            Some(_) => {}
        }
        // Chance cannot force anything once two outcomes differ; a player keeps
        // looking for a winning action.
        if all_same == Some(None) && mover.is_none() {
            return Ok(None);
        }
    }
    Ok(all_same.flatten())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tigerseye_engine::jewel::duel::{Duel, DuelOptions};

    #[test]
    fn divide_sums_to_perft() {
        let duel = Duel::new(&DuelOptions::default());
        for depth in 1..6 {
            let total: u64 = divide(&duel, depth).iter().map(|(_, n)| n).sum();
            assert_eq!(total, perft(&duel, depth));
            assert_eq!(perft_parallel(&duel, depth), perft(&duel, depth));
        }
    }

    #[test]
    fn perft_parallel_equals_perft_for_every_game() {
        // The start positions open with a chance node (the first-move coin of
        // DiamondChess, Race's dice) or a player's move; Dragon's is wide.
        struct Compare;
        impl tigerseye_engine::GameVisitor for Compare {
            type Output = ();
            fn visit<G: Game>(self) {
                let start = G::new(&Default::default());
                let mut depth = 0;
                while depth <= 5 && perft(&start, depth) <= 20_000 {
                    assert_eq!(
                        perft_parallel(&start, depth),
                        perft(&start, depth),
                        "{} depth {depth}",
                        G::NAME
                    );
                    depth += 1;
                }
                assert!(depth >= 2, "{}", G::NAME);
            }
        }
        for &game in tigerseye_engine::GameId::ALL {
            game.visit(Compare);
        }
    }

    #[test]
    fn perft_within_stops_past_its_limit() {
        let duel = Duel::new(&DuelOptions::default());
        assert_eq!(perft_within(&duel, 4, 240), Some(240));
        assert_eq!(perft_within(&duel, 4, 239), None);
        assert_eq!(perft_within(&duel, 0, 0), None);
        assert_eq!(perft_within(&duel, 0, 1), Some(1));
    }

    /// Perft by turn written plainly, a fresh clone a node: the sequences
    /// counted, and the export of every position a sequence ends in.
    fn plain_turns<G: Game>(
        state: &G,
        turns: u32,
        ends: &mut std::collections::BTreeSet<String>,
    ) -> u64 {
        if turns == 0 {
            ends.insert(state.export_string());
            return 1;
        }
        let mut actions = G::Actions::default();
        state.legal_actions(&mut actions);
        let mut n = 0;
        for &a in actions.iter() {
            let mut child = state.clone();
            child.play(a).unwrap();
            if child.turn() == state.turn() {
                n += plain_turns(&child, turns, ends);
            } else if turns == 1 || !matches!(child.turn(), Turn::Over(_)) {
                n += plain_turns(&child, turns - 1, ends);
            }
        }
        n
    }

    /// The Long Game from its start: one action a turn, moves of two
    /// armies.
    fn long_game() -> tigerseye_engine::field_manual::FieldManual {
        use tigerseye_engine::GameOptions as _;
        let mut options = <tigerseye_engine::field_manual::FieldManual as Game>::Options::default();
        options.set("mode", "long-game").unwrap();
        tigerseye_engine::field_manual::FieldManual::new(&options)
    }

    #[test]
    fn the_walks_by_turn_agree_with_a_plain_count() {
        let start = long_game();
        let counts = turn_positions_within(&start, 2, u64::MAX).unwrap();
        for (d, &positions) in (1..).zip(&counts) {
            let mut ends = std::collections::BTreeSet::new();
            let n = plain_turns(&start, d, &mut ends);
            assert_eq!(perft_turns(&start, d), n, "depth {d}");
            let by_first: u64 = divide_turns(&start, d).iter().map(|(_, n)| n).sum();
            assert_eq!(by_first, n, "depth {d}");
            assert_eq!(positions, ends.len() as u64, "depth {d}");
        }
        // One action a turn: the sequences are the plies.
        for depth in 0..3 {
            assert_eq!(perft_turns(&start, depth), perft(&start, depth), "{depth}");
        }
    }

    #[test]
    fn a_field_manual_turn_is_three_actions() {
        use tigerseye_engine::field_manual::FieldManual;
        // No first turn of Normal ends early: one turn is three plies.
        let start = FieldManual::new(&Default::default());
        assert_eq!(perft_turns(&start, 1), perft(&start, 3));
        // From inside a turn, the first turn is the rest of it.
        let mut actions = <FieldManual as Game>::Actions::default();
        start.legal_actions(&mut actions);
        let mut inside = start.clone();
        inside.play(actions[actions.len() - 1]).unwrap();
        assert_eq!(perft_turns(&inside, 1), perft(&inside, 2));
        let by_first: u64 = divide_turns(&inside, 1).iter().map(|(_, n)| n).sum();
        assert_eq!(by_first, perft(&inside, 2));
        let mut ends = std::collections::BTreeSet::new();
        assert_eq!(plain_turns(&inside, 1, &mut ends), perft(&inside, 2));
        assert_eq!(
            turn_positions_within(&inside, 1, u64::MAX),
            Some(vec![ends.len() as u64])
        );
        // Moves of different pieces in either order end in one position.
        assert!((ends.len() as u64) < perft(&inside, 2));
    }

    #[test]
    fn the_walks_by_turn_stop_past_their_limit() {
        let start = long_game();
        let n = perft_turns(&start, 2);
        assert_eq!(perft_turns_within(&start, 2, n), Some(n));
        assert_eq!(perft_turns_within(&start, 2, n - 1), None);
        assert_eq!(perft_turns_within(&start, 0, 0), None);
        // The positions' walk counts the sequences of one level at a time:
        // the first level's are the first turn's.
        let first = perft_turns(&start, 1);
        assert!(turn_positions_within(&start, 1, first).is_some());
        assert_eq!(turn_positions_within(&start, 1, first - 1), None);
    }

    #[test]
    fn red_moving_to_a1_loses_at_once() {
        let mut duel = Duel::new(&DuelOptions::default());
        let a = duel.parse_action("C1-A1").unwrap();
        duel.play(a).unwrap();
        // Green captures on A1, then walks to B2 in two moves: three plies.
        assert_eq!(forced_winner(&duel, 3), Some(Side::Green));
        assert_eq!(forced_winner(&duel, 2), None);
    }

    #[test]
    fn the_bounded_solver_gives_up_past_its_limit() {
        let mut duel = Duel::new(&DuelOptions::default());
        let a = duel.parse_action("C1-A1").unwrap();
        duel.play(a).unwrap();
        assert_eq!(forced_winner_within(&duel, 3, 1_000), Ok(Some(Side::Green)));
        assert_eq!(
            forced_winner_within(&duel, 3, 2),
            Err(SolverGaveUp {
                visited: 2,
                depth: 3
            })
        );
        // The start has no forced win within 12 plies; the walk needs more
        // than a hundred positions to say so.
        let duel = Duel::new(&DuelOptions::default());
        assert!(forced_winner_within(&duel, 12, 100).is_err());
    }
}
