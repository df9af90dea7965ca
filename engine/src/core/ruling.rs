//! A named ruling: where a seed is silent, ambiguous or contradicts itself, the
//! question, both readings, the default and the reason. Each game lists its own
//! in [`Game::RULINGS`](super::Game::RULINGS); the clocks list theirs in
//! [`clocks::RULINGS`](super::clocks::RULINGS).

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
