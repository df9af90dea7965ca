//! `tigerseye merge`: combines the reports of the shards of one run (`--shard K/N`
//! on several machines) into the report the unsharded run would have written.
//!
//! Everything a run counts adds up (games, plies, outcomes, exact game lengths,
//! events, failures by index), so the merged simulation equals the unsharded one
//! in every field but the wall-clock time and thread count.

use std::collections::BTreeMap;

use anyhow::{bail, ensure};
use tigerseye_engine::GameId;

use crate::report::Summary;
use crate::sim::{
    LengthStats, MAX_RECORDED_FAILURES, MAX_SHRUNK_FAILURES, OutcomeCount, Shard, SimStats,
};

/// Merges the shards `parts` of one simulation (same game, options and seed, every
/// shard `0..n` exactly once).
///
/// # Errors
///
/// When the parts are not the shards of one run.
pub fn merge_sims(parts: &[SimStats]) -> anyhow::Result<SimStats> {
    let Some(first) = parts.first() else {
        bail!("nothing to merge")
    };
    let n = first.shard.n;
    let mut seen = vec![false; usize::try_from(n)?];
    for p in parts {
        ensure!(
            p.game == first.game
                && p.options == first.options
                && p.master_seed == first.master_seed,
            "{} (seed {}) and {} (seed {}) are not shards of one run",
            first.game,
            first.master_seed,
            p.game,
            p.master_seed
        );
        ensure!(
            p.shard.n == n,
            "{}: shards of {} and of {} games mixed",
            p.game,
            n,
            p.shard.n
        );
        let k = usize::try_from(p.shard.k)?;
        ensure!(
            !seen[k],
            "{}: shard {}/{} given twice",
            p.game,
            p.shard.k,
            n
        );
        seen[k] = true;
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        bail!("{}: shard {missing}/{n} is missing", first.game);
    }
    let mut outcomes: BTreeMap<(String, String), u64> = BTreeMap::new();
    let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
    let mut events: BTreeMap<String, u64> = BTreeMap::new();
    let mut scores: BTreeMap<String, u64> = BTreeMap::new();
    let mut failures = Vec::new();
    for p in parts {
        for o in &p.outcomes {
            *outcomes
                .entry((o.winner.clone(), o.rule.clone()))
                .or_default() += o.count;
        }
        for (&l, &c) in &p.length.counts {
            *counts.entry(l).or_default() += c;
        }
        for (e, &c) in &p.events {
            *events.entry(e.clone()).or_default() += c;
        }
        for (e, &c) in &p.scores {
            *scores.entry(e.clone()).or_default() += c;
        }
        failures.extend(p.failures.iter().cloned());
    }
    failures.sort_by_key(|f| f.index);
    failures.truncate(MAX_RECORDED_FAILURES);
    for f in failures.iter_mut().skip(MAX_SHRUNK_FAILURES) {
        f.shrunk = None;
    }
    // Outcomes in the order a run writes them: green, red (the game's names for
    // them), draw; then the rule's order of first appearance in the parts.
    let mut rule_order: Vec<String> = Vec::new();
    for p in parts {
        for o in &p.outcomes {
            if !rule_order.contains(&o.rule) {
                rule_order.push(o.rule.clone());
            }
        }
    }
    let [green, red] = first
        .game
        .parse::<GameId>()
        .map_or(["green", "red"], GameId::side_names);
    let mut merged_outcomes = Vec::new();
    for w in [green, red, "draw"] {
        for r in &rule_order {
            if let Some(&count) = outcomes.get(&(w.to_owned(), r.clone())) {
                merged_outcomes.push(OutcomeCount {
                    winner: w.to_owned(),
                    rule: r.clone(),
                    count,
                });
            }
        }
    }
    Ok(SimStats {
        game: first.game.clone(),
        options: first.options.clone(),
        master_seed: first.master_seed,
        shard: Shard::WHOLE,
        games: parts.iter().map(|p| p.games).sum(),
        plies: parts.iter().map(|p| p.plies).sum(),
        elapsed_seconds: parts.iter().map(|p| p.elapsed_seconds).fold(0.0, f64::max),
        threads: parts.iter().map(|p| p.threads).sum(),
        full_check_every: first.full_check_every,
        outcomes: merged_outcomes,
        unfinished: parts.iter().map(|p| p.unfinished).sum(),
        unfinished_plies: parts.iter().map(|p| p.unfinished_plies).sum(),
        length: LengthStats::from_counts(counts),
        events,
        scores,
        failed_games: parts.iter().map(|p| p.failed_games).sum(),
        failures,
        stopped_early: parts.iter().any(|p| p.stopped_early),
    })
}

/// Merges shard reports into one report: simulations of the same game, options
/// and seed are merged with [`merge_sims`]; the corpus check (the same in every
/// shard) is taken from the first report that has one; benchmark rows and notes
/// are kept.
///
/// # Errors
///
/// When simulations are not the shards of one run.
pub fn merge(parts: &[Summary]) -> anyhow::Result<Summary> {
    ensure!(!parts.is_empty(), "nothing to merge");
    let mut merged = Summary::new("merge");
    merged.started = parts
        .iter()
        .map(|p| p.started.clone())
        .min()
        .unwrap_or_default();
    merged.elapsed_seconds = parts.iter().map(|p| p.elapsed_seconds).fold(0.0, f64::max);
    merged.check = parts.iter().find_map(|p| p.check.clone());
    let mut groups: Vec<Vec<SimStats>> = Vec::new();
    for sim in parts.iter().flat_map(|p| p.sims.iter()) {
        match groups.iter_mut().find(|g| {
            g[0].game == sim.game
                && g[0].options == sim.options
                && g[0].master_seed == sim.master_seed
        }) {
            Some(g) => g.push(sim.clone()),
            None => groups.push(vec![sim.clone()]),
        }
    }
    for g in &groups {
        merged.sims.push(merge_sims(g)?);
    }
    merged.bench = parts.iter().flat_map(|p| p.bench.iter().cloned()).collect();
    for p in parts {
        for note in &p.notes {
            if !merged.notes.contains(note) {
                merged.notes.push(note.clone());
            }
        }
    }
    merged.notes.push(format!(
        "merged from {} shard reports: {}",
        parts.len(),
        parts
            .iter()
            .map(|p| p.run_id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    merged.status = if merged.failed() {
        "failed".into()
    } else {
        "clean".into()
    };
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{SimConfig, run};

    /// Everything but wall-clock time and threads.
    fn result_fields(mut s: SimStats) -> SimStats {
        s.elapsed_seconds = 0.0;
        s.threads = 0;
        s
    }

    #[test]
    fn merged_shards_equal_the_unsharded_run() {
        let mut config = SimConfig::new(GameId::Duel, 5_000);
        config.master_seed = 3;
        let whole = run(&config).unwrap();
        let parts: Vec<SimStats> = (0..3)
            .map(|k| {
                config.shard = Shard { k, n: 3 };
                run(&config).unwrap()
            })
            .collect();
        let merged = merge_sims(&[parts[2].clone(), parts[0].clone(), parts[1].clone()]).unwrap();
        assert_eq!(result_fields(merged), result_fields(whole));
    }

    #[test]
    fn a_missing_or_repeated_shard_is_refused() {
        let mut config = SimConfig::new(GameId::Duel, 100);
        config.shard = Shard { k: 0, n: 2 };
        let a = run(&config).unwrap();
        assert!(
            merge_sims(std::slice::from_ref(&a))
                .unwrap_err()
                .to_string()
                .contains("missing")
        );
        assert!(
            merge_sims(&[a.clone(), a])
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
    }
}
