//! Playout policies: how the players of a simulated game choose among their
//! legal actions ([`Policy`]), each deterministic for a game's seed.
//!
//! - `random` ([`Policy::Random`]): one legal action drawn uniformly, the
//!   simulation's choice from the start (the same seed plays the same game
//!   as it always has);
//! - `greedy` ([`Policy::Greedy`], [`Greedy`]): an action that wins at once,
//!   else one after which the opponent cannot win at once, preferring the
//!   capture worth most;
//! - `mcts:N` ([`Policy::Mcts`], [`Mcts`]): UCT search of `N` playouts a
//!   decision, random rollouts cut off at [`ROLLOUT_DEPTH`] plies and scored
//!   as a draw.
//!
//! A policy sees the game only through the [`Game`] trait, and chooses only a
//! player's action: a chance node's outcome is drawn with its declared
//! probability ([`sample_chance`]), whatever the policy. A policy draws every
//! random number from the game's own generator, so that a game's seed and its
//! policy decide every action: game `i` of a run replays alone, on any
//! thread, under its policy. Where a turn is several actions (the Field
//! Manual's three moves, The Game's choices), a policy decides each action on
//! its own.

mod chance;
mod greedy;
mod mcts;

use std::fmt;
use std::str::FromStr;

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use tigerseye_engine::Game;

pub use chance::sample_chance;
pub use greedy::Greedy;
pub use mcts::{EXPLORATION, Mcts, ROLLOUT_DEPTH};

/// The most playouts a decision `mcts:N` takes.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// How the players choose their actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Policy {
    /// A legal action drawn uniformly.
    #[default]
    Random,
    /// An action that wins at once; else one after which the opponent cannot
    /// win at once; among those the capture worth most; ties drawn ([`Greedy`]).
    Greedy,
    /// UCT with this many playouts a decision ([`Mcts`]).
    Mcts {
        /// Playouts a decision, 1 to [`MAX_PLAYOUTS`].
        playouts: u32,
    },
}

impl Policy {
    /// Whether this is the uniform random policy, the default.
    #[must_use]
    pub fn is_random(&self) -> bool {
        *self == Policy::Random
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Random => f.write_str("random"),
            Policy::Greedy => f.write_str("greedy"),
            Policy::Mcts { playouts } => write!(f, "mcts:{playouts}"),
        }
    }
}

/// A text that names no policy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a policy, `random`, `greedy` or `mcts:N` with N playouts a decision from 1 to {MAX_PLAYOUTS}, found `{}`",
    tigerseye_engine::core::quoted(.0)
)]
pub struct PolicyError(pub String);

impl FromStr for Policy {
    type Err = PolicyError;

    fn from_str(s: &str) -> Result<Policy, PolicyError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("random") {
            return Ok(Policy::Random);
        }
        if t.eq_ignore_ascii_case("greedy") {
            return Ok(Policy::Greedy);
        }
        let playouts = t
            .split_once(':')
            .filter(|(name, _)| name.trim().eq_ignore_ascii_case("mcts"))
            .and_then(|(_, n)| n.trim().parse::<u32>().ok())
            .filter(|n| (1..=MAX_PLAYOUTS).contains(n));
        playouts
            .map(|playouts| Policy::Mcts { playouts })
            .ok_or_else(|| PolicyError(s.to_owned()))
    }
}

impl TryFrom<String> for Policy {
    type Error = PolicyError;

    fn try_from(s: String) -> Result<Policy, PolicyError> {
        s.parse()
    }
}

impl From<Policy> for String {
    fn from(p: Policy) -> String {
        p.to_string()
    }
}

/// One worker's chooser of actions under a [`Policy`], with the scratch
/// states and lists its policy needs, made at its first decision and reused
/// for every later one (no allocation a decision once they have grown).
pub struct Chooser<G: Game> {
    policy: Policy,
    greedy: Option<Box<Greedy<G>>>,
    mcts: Option<Box<Mcts<G>>>,
}

impl<G: Game> Chooser<G> {
    /// A chooser under `policy`.
    #[must_use]
    pub fn new(policy: Policy) -> Chooser<G> {
        Chooser {
            policy,
            greedy: None,
            mcts: None,
        }
    }

    /// The policy it chooses by.
    #[must_use]
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// The action the player to act in `state` takes among `legal` (which
    /// must be `state`'s legal actions at a player's turn, not empty).
    ///
    /// # Panics
    ///
    /// When `legal` is empty.
    #[inline]
    pub fn choose(
        &mut self,
        state: &G,
        legal: &[G::Action],
        rng: &mut Xoshiro256PlusPlus,
    ) -> G::Action {
        match self.policy {
            Policy::Random => random(legal, rng),
            Policy::Greedy => self
                .greedy
                .get_or_insert_with(|| Box::new(Greedy::new(state)))
                .choose(state, legal, rng),
            Policy::Mcts { playouts } => self
                .mcts
                .get_or_insert_with(|| Box::new(Mcts::new(state, playouts)))
                .choose(state, legal, rng),
        }
    }
}

/// The uniform random choice: one draw in `0..legal.len()`.
///
/// # Panics
///
/// When `legal` is empty.
#[inline]
pub fn random<A: Copy>(legal: &[A], rng: &mut Xoshiro256PlusPlus) -> A {
    legal[rng.random_range(0..legal.len())]
}

#[cfg(test)]
mod tests;
