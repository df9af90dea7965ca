//! Monte Carlo tree search (UCT) over the [`Game`] trait, with random
//! rollouts cut off at a depth.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::{Game, Side, Turn};

use super::chance::sample_chance;

/// UCT's exploration constant `c` in `wins/visits + c * sqrt(ln(parent
/// visits) / visits)`, rewards in `[0, 1]`: the textbook `sqrt(2)`.
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// The most actions (chance outcomes included) a rollout plays after the
/// tree's leaf; a rollout still going then scores as a draw (1/2 to each
/// side), as does a drawn game.
pub const ROLLOUT_DEPTH: u32 = 64;

/// No node (a root's parent, a child not made).
const NONE: u32 = u32::MAX;

/// A node of the tree: the state reached from the root by the actions on
/// the path to it.
struct Node<A> {
    /// The action that leads here from the parent.
    action: Option<A>,
    /// Who chose that action (`None` for a chance outcome, and at the root):
    /// the node's rewards are that side's.
    chooser: Option<Side>,
    /// Playouts through this node.
    visits: u32,
    /// The chooser's reward summed over those playouts.
    reward: f64,
    /// The first child, and the next sibling (children in the order made).
    first_child: u32,
    next_sibling: u32,
    /// The actions not yet made children (at a player's turn), once the
    /// node has been reached; `None` before.
    untried: Option<Vec<A>>,
}

/// The tree and scratch of `mcts:N`, reused for every decision (the tree is
/// cleared at each).
///
/// A decision runs `N` playouts from the state to act on. Each one descends
/// the tree by UCT ([`EXPLORATION`]) while every action of a node has been
/// tried, makes a child for one untried action (drawn), then plays random
/// actions for at most [`ROLLOUT_DEPTH`] more, and adds its reward to every
/// node on its path: 1 to the winner's choices, 0 to the loser's, 1/2 each
/// for a draw or a rollout cut off. A chance node is a node whose children
/// are outcomes drawn with their probabilities ([`sample_chance`]), never
/// chosen. The action taken is the root's child visited most (among equals, the
/// one made last). Each node is one action of one side, so a turn of several
/// actions is searched action by action, each by the side that takes it.
///
/// Its cost a decision: `N` playouts of up to the tree's depth plus
/// [`ROLLOUT_DEPTH`] actions, each a legal-action list and an action applied.
pub struct Mcts<G: Game> {
    playouts: u32,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    state: G,
    legal: G::Actions,
}

impl<G: Game> Mcts<G> {
    /// Scratch for games like `state`, `playouts` a decision.
    #[must_use]
    pub fn new(state: &G, playouts: u32) -> Mcts<G> {
        Mcts {
            playouts,
            nodes: Vec::new(),
            path: Vec::new(),
            state: state.clone(),
            legal: G::Actions::default(),
        }
    }

    /// The search's choice among `legal`, `state`'s legal actions at a
    /// player's turn.
    ///
    /// # Panics
    ///
    /// When `legal` is empty.
    pub fn choose(
        &mut self,
        state: &G,
        legal: &[G::Action],
        rng: &mut Xoshiro256PlusPlus,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            chooser: None,
            visits: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
            untried: Some(legal.to_vec()),
        });
        for _ in 0..self.playouts {
            self.playout(state, rng);
        }
        let mut best: Option<(u32, G::Action)> = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if let Some(a) = node.action
                && best.is_none_or(|(v, _)| node.visits > v)
            {
                best = Some((node.visits, a));
            }
            child = node.next_sibling;
        }
        best.map_or(legal[0], |(_, a)| a)
    }

    /// One playout from `root`: selection, expansion, rollout, backup.
    fn playout(&mut self, root: &G, rng: &mut Xoshiro256PlusPlus) {
        self.state.clone_from(root);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        loop {
            let turn = self.state.turn();
            let side = match turn {
                Turn::Over(_) => break,
                Turn::Chance => {
                    self.state.legal_actions(&mut self.legal);
                    let a = sample_chance(&self.state, &self.legal, rng);
                    node = self.child(node, a, None);
                    self.state.apply_unchecked(a, &mut |_| {});
                    self.path.push(node);
                    continue;
                }
                Turn::Player(side) => side,
            };
            if self.nodes[node as usize].untried.is_none() {
                self.state.legal_actions(&mut self.legal);
                self.nodes[node as usize].untried = Some(self.legal.to_vec());
            }
            let untried = self.nodes[node as usize].untried.as_mut();
            if let Some(untried) = untried.filter(|u| !u.is_empty()) {
                let a = untried.swap_remove(rng.random_range(0..untried.len()));
                node = self.make_child(node, a, Some(side));
                self.state.apply_unchecked(a, &mut |_| {});
                self.path.push(node);
                break;
            }
            node = self.select(node);
            if node == NONE {
                break;
            }
            if let Some(a) = self.nodes[node as usize].action {
                self.state.apply_unchecked(a, &mut |_| {});
            }
            self.path.push(node);
        }
        let winner = self.rollout(rng);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += match (winner, node.chooser) {
                (Some(Some(w)), Some(c)) if w == c => 1.0,
                (Some(Some(_)), Some(_)) => 0.0,
                _ => 0.5,
            };
        }
    }

    /// Random actions from the current state for at most [`ROLLOUT_DEPTH`]:
    /// `Some(winner)` when the game ended (`Some(None)` drawn), `None` when
    /// cut off.
    fn rollout(&mut self, rng: &mut Xoshiro256PlusPlus) -> Option<Option<Side>> {
        for _ in 0..=ROLLOUT_DEPTH {
            let turn = self.state.turn();
            if let Turn::Over(o) = turn {
                return Some(o.winner);
            }
            self.state.legal_actions(&mut self.legal);
            let a = match turn {
                Turn::Chance => sample_chance(&self.state, &self.legal, rng),
                Turn::Player(_) | Turn::Over(_) => super::random(&self.legal, rng),
            };
            self.state.apply_unchecked(a, &mut |_| {});
        }
        None
    }

    /// The child of `parent` by UCT, `NONE` when it has none.
    fn select(&self, parent: u32) -> u32 {
        let ln = f64::from(self.nodes[parent as usize].visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, NONE);
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            let visits = f64::from(node.visits.max(1));
            let score = node.reward / visits + EXPLORATION * (ln / visits).sqrt();
            if score > best.0 {
                best = (score, child);
            }
            child = node.next_sibling;
        }
        best.1
    }

    /// The child of `parent` by chance outcome `action`, made if new.
    fn child(&mut self, parent: u32, action: G::Action, chooser: Option<Side>) -> u32 {
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            if self.nodes[child as usize].action == Some(action) {
                return child;
            }
            child = self.nodes[child as usize].next_sibling;
        }
        self.make_child(parent, action, chooser)
    }

    /// A new child of `parent` by `action`, first among its siblings.
    fn make_child(&mut self, parent: u32, action: G::Action, chooser: Option<Side>) -> u32 {
        let id = u32::try_from(self.nodes.len()).unwrap_or(NONE - 1);
        let next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            action: Some(action),
            chooser,
            visits: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling,
            untried: None,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }
}
