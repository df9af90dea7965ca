//! The rulings index: every place where a seed is silent, ambiguous or
//! contradicts itself gets a named ruling here, with both readings, the default
//! and the reason. Each game lists its own in [`Game::RULINGS`](crate::Game::RULINGS);
//! [`all`] collects them. The conformance harness fails `check` when a ruling has
//! no scenario naming it.

use crate::registry::GameId;

/// One reading of an open question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The option value that selects it (or a short name when it is no option).
    pub name: &'static str,
    /// What the rules mean under this reading.
    pub text: &'static str,
}

/// A named ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// `game.topic`, such as `duel.key-win-timing`.
    pub id: &'static str,
    /// The question, in one line.
    pub question: &'static str,
    /// Where the seed raises it.
    pub source: &'static str,
    /// The readings; the first is the default.
    pub readings: &'static [Reading],
    /// The seed clauses the ruling settles (ids of `scenarios/clauses/`, such as
    /// `dragon.rule-23.3`): a scenario that names the ruling tests them. `&[]`
    /// until they are traced.
    pub clauses: &'static [&'static str],
    /// The option key that selects a reading, when the other reading is
    /// implemented too.
    pub option: Option<&'static str>,
    /// Why the default was chosen.
    pub reason: &'static str,
}

impl Ruling {
    /// The default reading.
    #[must_use]
    pub fn default_reading(&self) -> &Reading {
        &self.readings[0]
    }
}

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
