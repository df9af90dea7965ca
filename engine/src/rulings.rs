//! The rulings index: every place where a seed is silent, ambiguous or
//! contradicts itself gets a named ruling here, with both readings, the default
//! and the reason. Each game lists its own in [`Game::RULINGS`](crate::Game::RULINGS);
//! [`all`] collects them. The types ([`Ruling`], [`Reading`]) are the core's
//! vocabulary, re-exported here. The conformance harness fails `check` when a ruling has
//! no scenario naming it.

pub use crate::core::{Reading, Ruling};
use crate::registry::GameId;

/// Every ruling of every registered game, in registry order.
#[must_use]
pub fn all() -> Vec<(GameId, &'static Ruling)> {
    GameId::ALL
        .iter()
        .flat_map(|&g| g.rulings().iter().map(move |r| (g, r)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruling_ids_are_unique_and_prefixed_by_their_game() {
        let rulings = all();
        let mut ids: Vec<&str> = rulings.iter().map(|(_, r)| r.id).collect();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate ruling id");
        for (game, ruling) in rulings {
            assert!(
                ruling.id.starts_with(&format!("{}.", game.name())),
                "{} is not prefixed by {game}.",
                ruling.id
            );
            assert!(
                ruling.readings.len() >= 2,
                "{}: a ruling has two readings",
                ruling.id
            );
            assert!(!ruling.reason.is_empty());
        }
    }
}
