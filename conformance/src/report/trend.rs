//! The comparison with a previous run, as a summary holds it
//! ([`crate::trend::compare`] makes it).

use serde::{Deserialize, Serialize};

/// One game's throughput then and now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    /// The game.
    pub game: String,
    /// Plies per second per thread, previously.
    pub before: f64,
    /// Plies per second per thread, now.
    pub now: f64,
}

/// A rule event's frequency then and now, per 1000 games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventFrequency {
    /// The game.
    pub game: String,
    /// The event tag.
    pub event: String,
    /// Per 1000 games, previously.
    pub before: f64,
    /// Per 1000 games, now.
    pub now: f64,
}

/// The comparison with a previous run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trend {
    /// The previous run's id.
    pub previous_run: String,
    /// Throughput of every game in both runs.
    pub throughput: Vec<Throughput>,
    /// Events whose frequency changed by more than 10% (or appeared, or vanished).
    pub events: Vec<EventFrequency>,
    /// Failure ids of this run that the previous run did not have.
    pub new_failures: Vec<String>,
    /// Failure ids of the previous run that this run does not have.
    pub gone_failures: Vec<String>,
}
