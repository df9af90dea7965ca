//! The greedy policy: a one-ply look at each action and at the opponent's
//! replies to the one it would take.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::{Game, RuleEvent, Side, Turn};

/// The greedy policy's scratch: two states and a list of replies, reused for
/// every decision.
///
/// Its choice, for the side `S` to act:
///
/// 1. an action after which the game is over and won by `S` ("wins at
///    once"), drawn among them when there are several;
/// 2. else the actions in order of the capture they make, worth most first
///    ([`RuleEvent::capture_value`] of the events the action emits, summed;
///    0 for no capture), ties in an order drawn from the game's generator, an
///    action after which the game is lost by `S` last: the first of them after
///    which the opponent cannot win at once;
/// 3. else (every action lets the opponent win) the first in that order.
///
/// "At once" is the one action that follows. Inside a turn of several actions
/// (the Field Manual's three moves) each action is judged alone: a win that
/// needs the turn's later actions is not seen, and the opponent's replies are
/// looked at only after an action that hands the turn to the opponent (not
/// after one that leaves `S` to act again, nor before a chance node).
///
/// Its cost a decision: one copy of the state and one action applied for
/// every legal action, then, for each action tried in order (most often the
/// first), one for every reply of the opponent, up to the first that wins.
pub struct Greedy<G: Game> {
    /// The state after an action.
    after: G,
    /// The state after an action and a reply.
    reply: G,
    /// The opponent's replies.
    replies: G::Actions,
    /// The actions that win at once.
    wins: Vec<G::Action>,
    /// Every other action, ranked.
    ranked: Vec<Ranked<G::Action>>,
}

/// An action that does not win at once, as the first look saw it.
#[derive(Clone, Copy)]
struct Ranked<A> {
    /// Whether the game is over, lost by the side acting, after it.
    loses: bool,
    /// The worth of its captures.
    worth: u32,
    /// The opponent, when the opponent acts next (its replies are then
    /// looked at).
    hands_over: Option<Side>,
    /// The action.
    action: A,
}

impl<A> Ranked<A> {
    /// The order of the candidates: an action that loses last, then the
    /// capture worth most first.
    fn order(&self, other: &Ranked<A>) -> std::cmp::Ordering {
        self.loses
            .cmp(&other.loses)
            .then_with(|| other.worth.cmp(&self.worth))
    }
}

impl<G: Game> Greedy<G> {
    /// Scratch for games like `state`.
    #[must_use]
    pub fn new(state: &G) -> Greedy<G> {
        Greedy {
            after: state.clone(),
            reply: state.clone(),
            replies: G::Actions::default(),
            wins: Vec::new(),
            ranked: Vec::new(),
        }
    }

    /// The greedy choice among `legal`, `state`'s legal actions at a
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
        let Turn::Player(mover) = state.turn() else {
            return legal[0];
        };
        if legal.len() == 1 {
            return legal[0];
        }
        self.wins.clear();
        self.ranked.clear();
        for &a in legal {
            self.after.clone_from(state);
            let mut worth = 0u32;
            self.after.apply_unchecked(a, &mut |e: G::Event| {
                worth = worth.saturating_add(e.capture_value().unwrap_or(0));
            });
            let (loses, hands_over) = match self.after.turn() {
                Turn::Over(o) if o.winner == Some(mover) => {
                    self.wins.push(a);
                    continue;
                }
                Turn::Over(o) => (o.winner.is_some(), None),
                Turn::Player(next) => (false, (next != mover).then_some(next)),
                Turn::Chance => (false, None),
            };
            self.ranked.push(Ranked {
                loses,
                worth,
                hands_over,
                action: a,
            });
        }
        if !self.wins.is_empty() {
            return self.wins[rng.random_range(0..self.wins.len())];
        }
        self.ranked.shuffle(rng);
        // Stable: the drawn order breaks ties. Most often no action captures
        // and none loses: the drawn order is then the order, unsorted.
        if !self.ranked.is_sorted_by(|x, y| x.order(y).is_le()) {
            self.ranked.sort_by(Ranked::order);
        }
        for i in 0..self.ranked.len() {
            let r = self.ranked[i];
            if r.loses {
                break;
            }
            // After an action that leaves the side acting to act again, or
            // before a chance node, the opponent's replies are not looked at.
            match r.hands_over {
                Some(next) if self.opponent_wins_after(state, r.action, next) => {}
                _ => return r.action,
            }
        }
        self.ranked[0].action
    }

    /// Whether, after `action` in `state` (which hands the turn to
    /// `opponent`), `opponent` has an action that wins at once.
    fn opponent_wins_after(&mut self, state: &G, action: G::Action, opponent: Side) -> bool {
        self.after.clone_from(state);
        self.after.apply_unchecked(action, &mut |_| {});
        self.after.legal_actions(&mut self.replies);
        self.replies.iter().any(|&b| {
            self.reply.clone_from(&self.after);
            self.reply.apply_unchecked(b, &mut |_| {});
            matches!(self.reply.turn(), Turn::Over(o) if o.winner == Some(opponent))
        })
    }
}
