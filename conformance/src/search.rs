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
