//! The failures of a run, each by its id (the quarantine's and the trend's
//! key), and what the quarantine made of them.

use serde::{Deserialize, Serialize};

use super::Summary;

/// What the quarantine did to a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuarantineReport {
    /// Failures that were tolerated: `id: reason (expires ...)`.
    pub tolerated: Vec<String>,
    /// Entries that expired while still failing: they fail the run.
    pub expired: Vec<String>,
    /// Entries whose failure did not happen: they fail the run until removed.
    pub now_passing: Vec<String>,
}

impl QuarantineReport {
    /// Whether the quarantine itself fails the run.
    #[must_use]
    pub fn failed(&self) -> bool {
        !self.expired.is_empty() || !self.now_passing.is_empty()
    }
}

/// Every failure in `summary`, as `(id, message)`.
#[must_use]
pub fn failure_ids(summary: &Summary) -> Vec<(String, String)> {
    let mut ids = Vec::new();
    if let Some(check) = &summary.check {
        for s in &check.scenarios {
            if s.verdict.is_failure() {
                ids.push((format!("scenario:{}", s.path), s.failures.join("; ")));
            }
        }
        for p in &check.perft {
            if let Some(c) = p.computed
                && c != p.expected
            {
                ids.push((
                    p.id(),
                    format!(
                        "{}: expected {}, computed {c}",
                        if p.at.is_empty() { &p.file } else { &p.at },
                        p.expected
                    ),
                ));
            }
        }
        for r in &check.rulings_without_scenario {
            ids.push((
                format!("ruling:{r}"),
                "no scenario names this ruling".into(),
            ));
        }
    }
    for sim in &summary.sims {
        ids.extend(sim.failure_ids());
    }
    if let Some(n) = &summary.sims_not_started {
        ids.push((n.failure_id(), n.message.clone()));
    }
    for c in &summary.chance {
        for t in c.tables.iter().filter(|t| !t.ok) {
            ids.push((
                format!("chance:{}:{}", c.game, t.outcomes),
                format!(
                    "chi-square {:.2} over the 0.1% point; counts {:?}",
                    t.statistic, t.counts
                ),
            ));
        }
    }
    for f in &summary.fuzz {
        if !f.failures.is_empty() {
            ids.push((format!("fuzz:{}", f.target), f.failures.join("; ")));
        }
    }
    ids
}
