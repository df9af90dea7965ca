//! The trend against a previous run's `summary.json`: throughput per game, rule
//! event frequencies, and failures that are new or gone.

pub use crate::report::{EventFrequency, Throughput, Trend};
use crate::report::{Summary, failure_ids};

/// Compares `now` with `before`.
#[must_use]
pub fn compare(before: &Summary, now: &Summary) -> Trend {
    let mut trend = Trend {
        previous_run: before.run_id.clone(),
        ..Trend::default()
    };
    for sim in &now.sims {
        let Some(old) = before
            .sims
            .iter()
            .find(|s| s.game == sim.game && s.options == sim.options && s.policy == sim.policy)
        else {
            continue;
        };
        trend.throughput.push(Throughput {
            game: sim.game.to_string(),
            before: old.plies_per_second() / old.threads.max(1) as f64,
            now: sim.plies_per_second() / sim.threads.max(1) as f64,
        });
        let per_k = |n: u64, games: u64| 1000.0 * n as f64 / games.max(1) as f64;
        for (event, &n) in &sim.events {
            let b = per_k(old.events.get(event).copied().unwrap_or(0), old.games);
            let a = per_k(n, sim.games);
            let changed = if b == 0.0 {
                a > 0.0
            } else {
                ((a - b) / b).abs() > 0.10
            };
            if changed {
                trend.events.push(EventFrequency {
                    game: sim.game.to_string(),
                    event: event.clone(),
                    before: b,
                    now: a,
                });
            }
        }
    }
    let old_ids: Vec<String> = failure_ids(before).into_iter().map(|f| f.0).collect();
    let new_ids: Vec<String> = failure_ids(now).into_iter().map(|f| f.0).collect();
    trend.new_failures = new_ids
        .iter()
        .filter(|i| !old_ids.contains(i))
        .cloned()
        .collect();
    trend.gone_failures = old_ids
        .iter()
        .filter(|i| !new_ids.contains(i))
        .cloned()
        .collect();
    trend
}
