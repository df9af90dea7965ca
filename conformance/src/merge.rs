//! `tigerseye merge`: combines the reports of the shards of one run (`--shard K/N`
//! on several machines) into the report the unsharded run would have written.
//!
//! Everything a run counts adds up (games, plies, outcomes, exact game lengths,
//! events, failures by index), so the merged simulation equals the unsharded one
//! in every field but the wall-clock time and thread count.

use std::collections::{BTreeMap, BTreeSet};

use tigerseye_engine::{GameId, Side};

use crate::report::{RunStatus, Summary};
use crate::sim::{
    FinalScore, GameFigures, LengthStats, MAX_RECORDED_FAILURES, MAX_SHRUNK_FAILURES, OutcomeCount,
    Shard, SimStats, Winner,
};

/// The first setting of the run that `a` and `b` do not share (game, options,
/// seed, games requested, ply cap, check mode, shard count, policy), with both values; `None` when they
/// can be shards of one run.
#[must_use]
pub fn run_difference(a: &SimStats, b: &SimStats) -> Option<String> {
    let opts = |s: &SimStats| {
        s.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let fields = [
        ("game", a.game.to_string(), b.game.to_string()),
        ("options", opts(a), opts(b)),
        ("seed", a.master_seed.to_string(), b.master_seed.to_string()),
        (
            "games requested",
            a.games_requested.to_string(),
            b.games_requested.to_string(),
        ),
        (
            "max plies",
            a.max_plies.to_string(),
            b.max_plies.to_string(),
        ),
        (
            "check mode (full check every N steps)",
            a.full_check_every.to_string(),
            b.full_check_every.to_string(),
        ),
        ("shard count", a.shard.n.to_string(), b.shard.n.to_string()),
        ("policy", a.policy.to_string(), b.policy.to_string()),
    ];
    fields
        .into_iter()
        .find(|(_, x, y)| x != y)
        .map(|(name, x, y)| format!("{name} ({x} vs {y})"))
}

/// A game's name and the occurrence of its sim in its report (0 for the first).
type GroupKey = (GameId, usize);

/// Why reports could not be merged: they are not the shards of one run.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No report.
    #[error("nothing to merge")]
    Nothing,
    /// Not one name a report.
    #[error("one name a report is needed")]
    Names,
    /// A report with no simulation (a `check` or `bench` run's).
    #[error(
        "{name} is a `{command}` report with no simulation: `merge` joins the shard reports of `sim` and `nightly` runs"
    )]
    NoSimulation {
        /// The report's file.
        name: String,
        /// Its command.
        command: String,
    },
    /// A report of another schema.
    #[error(
        "{name} has schema `{schema}`: this tool merges `{}` reports only",
        crate::report::SCHEMA
    )]
    Schema {
        /// The report's file.
        name: String,
        /// Its schema.
        schema: String,
    },
    /// Reports of other games.
    #[error(
        "{first} ({first_games}) and {name} ({games}) are not shards of one run: the games differ"
    )]
    Games {
        /// The first report's file.
        first: String,
        /// Its games.
        first_games: String,
        /// The other report's file.
        name: String,
        /// Its games.
        games: String,
    },
    /// Reports whose corpus checks differ.
    #[error("{first} and {name} are not shards of one run: their corpus checks differ")]
    Checks {
        /// The first report's file.
        first: String,
        /// The other report's file.
        name: String,
    },
    /// Simulations that differ in a setting of their run.
    #[error("{a} and {b} are not shards of one run: {field} differs")]
    Setting {
        /// The first simulation, as the message names it.
        a: String,
        /// The other.
        b: String,
        /// The setting, with both values.
        field: String,
    },
    /// A shard out of its range.
    #[error("{game}: shard {k}/{n} is no shard (expected K/N with 0 <= K < N)")]
    NoShard {
        /// The game.
        game: String,
        /// The shard.
        k: u64,
        /// The shards of the run.
        n: u64,
    },
    /// A shard given twice.
    #[error("{game}: shard {k}/{n} given twice")]
    Twice {
        /// The game.
        game: String,
        /// The shard.
        k: u64,
        /// The shards of the run.
        n: u64,
    },
    /// A shard missing.
    #[error("{game}: shard {k}/{n} is missing")]
    Missing {
        /// The game.
        game: String,
        /// The shard.
        k: u64,
        /// The shards of the run.
        n: u64,
    },
    /// Counts that add up past `u64::MAX` (a hand-edited report).
    #[error("the shards' {what} add up to more than {}", u64::MAX)]
    Overflow {
        /// What was counted.
        what: &'static str,
    },
    /// A simulation's error, with the files of its shards.
    #[error("{inner} (in {files})")]
    In {
        /// The error.
        inner: Box<MergeError>,
        /// The shards' files.
        files: String,
    },
}

/// A simulation as the error messages name it.
fn describe(s: &SimStats) -> String {
    format!("{} shard {}/{}", s.game, s.shard.k, s.shard.n)
}

/// `a + b`, or an error naming `what` when the sum does not fit (a hand-edited
/// report: a run's own counts are far below `u64::MAX`).
fn add(a: u64, b: u64, what: &'static str) -> Result<u64, MergeError> {
    a.checked_add(b).ok_or(MergeError::Overflow { what })
}

/// Adds `count` to `key`'s count in `tally`, as [`add`].
fn add_to<K: Ord>(
    tally: &mut BTreeMap<K, u64>,
    key: K,
    count: u64,
    what: &'static str,
) -> Result<(), MergeError> {
    let c = tally.entry(key).or_default();
    *c = add(*c, count, what)?;
    Ok(())
}

/// The shards' `field` added up, as [`add`].
fn sum(
    parts: &[SimStats],
    field: impl Fn(&SimStats) -> u64,
    what: &'static str,
) -> Result<u64, MergeError> {
    parts.iter().try_fold(0, |t, p| add(t, field(p), what))
}

/// Merges the shards `parts` of one simulation (same game, options, seed, games
/// requested, ply cap and check mode, every shard `0..n` exactly once).
///
/// # Errors
///
/// When the parts are not the shards of one run.
pub fn merge_sims(parts: &[SimStats]) -> Result<SimStats, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::Nothing);
    };
    let n = first.shard.n;
    // The shards seen, as a set: a hand-edited report may say any K and N.
    let mut seen = BTreeSet::new();
    for p in parts {
        if let Some(field) = run_difference(first, p) {
            return Err(MergeError::Setting {
                a: describe(first),
                b: describe(p),
                field,
            });
        }
        let (game, k) = (p.game.to_string(), p.shard.k);
        if k >= n {
            return Err(MergeError::NoShard { game, k, n });
        }
        if !seen.insert(k) {
            return Err(MergeError::Twice { game, k, n });
        }
    }
    // `parts` holds at most `parts.len()` shards, so one of the first
    // `parts.len() + 1` is missing unless all `n` are there.
    if let Some(missing) = (0..n).take(parts.len() + 1).find(|k| !seen.contains(k)) {
        return Err(MergeError::Missing {
            game: first.game.to_string(),
            k: missing,
            n,
        });
    }
    let mut outcomes: BTreeMap<(Winner, String), u64> = BTreeMap::new();
    let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
    let mut events: BTreeMap<String, u64> = BTreeMap::new();
    let mut event_squares: BTreeMap<String, u64> = BTreeMap::new();
    let mut scores: BTreeMap<FinalScore, u64> = BTreeMap::new();
    let mut failures = Vec::new();
    for p in parts {
        for o in &p.outcomes {
            let key = (o.winner, o.rule.clone());
            add_to(&mut outcomes, key, o.count, "counts of an outcome")?;
        }
        for (&l, &c) in &p.length.counts {
            add_to(&mut counts, l, c, "counts of a game length")?;
        }
        for (e, &c) in &p.events {
            add_to(&mut events, e.clone(), c, "counts of an event")?;
        }
        for (e, &c) in &p.event_squares {
            add_to(
                &mut event_squares,
                e.clone(),
                c,
                "sums of an event's squared counts",
            )?;
        }
        for (e, &c) in &p.scores {
            add_to(&mut scores, *e, c, "counts of a score")?;
        }
        failures.extend(p.failures.iter().cloned());
    }
    // A part written before the squares were recorded has none: the merged
    // run's would be short of its games, so it has none either.
    if parts
        .iter()
        .any(|p| p.event_squares.len() != p.events.len())
    {
        event_squares.clear();
    }
    failures.sort_by_key(|f| f.index);
    failures.truncate(MAX_RECORDED_FAILURES);
    for f in failures.iter_mut().skip(MAX_SHRUNK_FAILURES) {
        f.shrunk = None;
    }
    // Outcomes in the order a run writes them: green, red (the game's names for
    // them), draw; then the game's order of its rules (a rule it does not know,
    // in a hand-edited report: by first appearance in the parts).
    let mut rule_order: Vec<String> = Vec::new();
    for p in parts {
        for o in &p.outcomes {
            if !rule_order.contains(&o.rule) {
                rule_order.push(o.rule.clone());
            }
        }
    }
    // A known game's rules in its own order, as the unsharded run lists them
    // (a rule no shard of the first ever saw came later in the order above).
    struct Rules;
    impl tigerseye_engine::GameVisitor for Rules {
        type Output = Vec<&'static str>;
        fn visit<G: tigerseye_engine::Game>(self) -> Vec<&'static str> {
            G::RULES.iter().map(|r| r.name()).collect()
        }
    }
    let rules = first.game.visit(Rules);
    rule_order.sort_by_key(|r| rules.iter().position(|k| k == r).unwrap_or(usize::MAX));
    let mut merged_outcomes = Vec::new();
    for side in [Some(Side::Green), Some(Side::Red), None] {
        let w = Winner::of(first.game, side);
        for r in &rule_order {
            if let Some(&count) = outcomes.get(&(w, r.clone())) {
                merged_outcomes.push(OutcomeCount {
                    winner: w,
                    rule: r.clone(),
                    count,
                });
            }
        }
    }
    Ok(SimStats {
        game: first.game,
        options: first.options.clone(),
        master_seed: first.master_seed,
        shard: Shard::WHOLE,
        games_requested: first.games_requested,
        max_plies: first.max_plies,
        policy: first.policy,
        decisions: if first.policy.is_random() {
            None
        } else {
            Some(sum(parts, |p| p.decisions.unwrap_or(0), "decisions")?)
        },
        games: sum(parts, |p| p.games, "games")?,
        plies: sum(parts, |p| p.plies, "plies")?,
        reference_states: sum(parts, |p| p.reference_states, "reference-model states")?,
        elapsed_seconds: parts.iter().map(|p| p.elapsed_seconds).fold(0.0, f64::max),
        threads: parts.iter().fold(0, |t, p| t.saturating_add(p.threads)),
        full_check_every: first.full_check_every,
        outcomes: merged_outcomes,
        unfinished: sum(parts, |p| p.unfinished, "unfinished games")?,
        unfinished_plies: sum(parts, |p| p.unfinished_plies, "unfinished plies")?,
        length: LengthStats::from_counts(counts),
        events,
        event_squares,
        scores,
        game_stats: GameFigures::merged(parts.iter().map(|p| &p.game_stats)),
        failed_games: sum(parts, |p| p.failed_games, "failed games")?,
        failures,
        stopped_early: parts.iter().any(|p| p.stopped_early),
        interrupted: parts.iter().any(|p| p.interrupted),
    })
}

/// Merges shard reports into one report: the `i`-th simulation of a game in
/// each report are merged with [`merge_sims`]; the corpus check (the same in every
/// shard that ran it) is taken once; benchmark rows and notes are kept, and the
/// fuzz and chance rows, each distinct one once. The quarantine and the trend
/// are not carried over: a merged run's failures all count (apply the
/// quarantine to a merged report by hand). `names[i]` names `parts[i]` (its
/// file) in error messages.
///
/// # Errors
///
/// When a report has no simulation (a `check` or `bench` report: the message
/// names its file) or another schema, or when the reports are not the shards
/// of one run (other games, corpus checks that differ, a setting of a
/// simulation that differs): the message names both files and what differs.
pub fn merge(parts: &[Summary], names: &[String]) -> Result<Summary, MergeError> {
    if parts.is_empty() {
        return Err(MergeError::Nothing);
    }
    if names.len() != parts.len() {
        return Err(MergeError::Names);
    }
    // A report with no simulation (a `check` or `bench` run's) is no shard:
    // merged alone, it would pass for a merged run of nothing.
    for (p, name) in parts.iter().zip(names) {
        if p.sims.is_empty() {
            return Err(MergeError::NoSimulation {
                name: name.clone(),
                command: p.command.clone(),
            });
        }
    }
    // Another schema's fields may mean other things: not merged.
    for (p, name) in parts.iter().zip(names) {
        if p.schema != crate::report::SCHEMA {
            return Err(MergeError::Schema {
                name: name.clone(),
                schema: p.schema.clone(),
            });
        }
    }
    // The shards of one run play the same games: a report of other games is
    // no shard of it (it read as "shard k/n is missing").
    let games = |p: &Summary| p.sims.iter().map(|s| s.game.name()).collect::<Vec<_>>();
    for (p, name) in parts.iter().zip(names).skip(1) {
        if games(p) != games(&parts[0]) {
            return Err(MergeError::Games {
                first: names[0].clone(),
                first_games: games(&parts[0]).join(", "),
                name: name.clone(),
                games: games(p).join(", "),
            });
        }
    }
    // The corpus check is the same in every shard that ran it: one that
    // differs (a failure in one shard only) is not hidden by the order of the
    // files.
    let checked: Vec<(&Summary, &String)> = parts
        .iter()
        .zip(names)
        .filter(|(p, _)| p.check.is_some())
        .collect();
    if let Some(&(first, first_name)) = checked.first() {
        for &(p, name) in &checked[1..] {
            if p.check != first.check {
                return Err(MergeError::Checks {
                    first: first_name.clone(),
                    name: name.clone(),
                });
            }
        }
    }
    let mut merged = Summary::new("merge");
    merged.started = parts
        .iter()
        .map(|p| p.started.clone())
        .min()
        .unwrap_or_default();
    merged.elapsed_seconds = parts.iter().map(|p| p.elapsed_seconds).fold(0.0, f64::max);
    merged.check = parts.iter().find_map(|p| p.check.clone());
    // Every shard of a nightly was given the same `--mutants`: kept once.
    merged.mutants = parts.iter().find_map(|p| p.mutants.clone());
    // (game, its occurrence in its report) -> the sims with the file of each.
    let mut groups: Vec<(GroupKey, Vec<(&str, SimStats)>)> = Vec::new();
    for (p, name) in parts.iter().zip(names) {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for sim in &p.sims {
            let nth = seen.entry(sim.game.name()).or_default();
            let key = (sim.game, *nth);
            *nth += 1;
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.push((name.as_str(), sim.clone())),
                None => groups.push((key, vec![(name.as_str(), sim.clone())])),
            }
        }
    }
    for (_, g) in &groups {
        let (first_name, first) = &g[0];
        for (name, sim) in &g[1..] {
            if let Some(field) = run_difference(first, sim) {
                return Err(MergeError::Setting {
                    a: format!("{first_name} ({})", describe(first)),
                    b: format!("{name} ({})", describe(sim)),
                    field,
                });
            }
        }
        let sims: Vec<SimStats> = g.iter().map(|(_, s)| s.clone()).collect();
        let sim = merge_sims(&sims).map_err(|e| {
            let files: Vec<&str> = g.iter().map(|(n, _)| *n).collect();
            MergeError::In {
                inner: Box::new(e),
                files: files.join(", "),
            }
        })?;
        // A shard cut short by its budget leaves the merged run short of games:
        // say so, and which shards (the failure itself is the merged sim's).
        if let Some((_, message)) = sim.shortfall() {
            let short: Vec<String> = g
                .iter()
                .filter(|(_, s)| s.shortfall().is_some())
                .map(|(name, s)| {
                    format!(
                        "shard {}/{} ({name}: {} of {})",
                        s.shard.k,
                        s.shard.n,
                        s.games,
                        s.games_expected()
                    )
                })
                .collect();
            merged.notes.push(format!(
                "{}: {message}; short: {}",
                sim.game,
                short.join(", ")
            ));
        }
        merged.sims.push(sim);
    }
    merged.bench = parts.iter().flat_map(|p| p.bench.iter().cloned()).collect();
    // Each shard of a nightly replays the fuzz seed corpora and samples the
    // chance frequencies: their rows are kept, each distinct one once, so
    // that a failure in any shard fails the merged run (the chance tables are
    // not pooled: each is the test its shard made).
    for p in parts {
        for f in &p.fuzz {
            if !merged.fuzz.contains(f) {
                merged.fuzz.push(f.clone());
            }
        }
        for c in &p.chance {
            if !merged.chance.contains(c) {
                merged.chance.push(c.clone());
            }
        }
    }
    for p in parts {
        for note in &p.notes {
            if !merged.notes.contains(note) {
                merged.notes.push(note.clone());
            }
        }
        // Sims a shard did not start fail the merged run as they failed it.
        if merged.sims_not_started.is_none() {
            merged.sims_not_started.clone_from(&p.sims_not_started);
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
    merged.status = RunStatus::of(merged.failed());
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
    fn merged_outcomes_are_in_the_games_order_of_rules() {
        // Star-Lords `--games 30 --seed 5` in two shards listed its outcome rows
        // in another order than the unsharded run: the first shard did not
        // have the rule that comes first.
        let mut config = SimConfig::new(GameId::StarLords, 30);
        config.master_seed = 5;
        let whole = run(&config).unwrap();
        let parts: Vec<SimStats> = (0..2)
            .map(|k| {
                config.shard = Shard { k, n: 2 };
                run(&config).unwrap()
            })
            .collect();
        for order in [[0, 1], [1, 0]] {
            let merged = merge_sims(&[parts[order[0]].clone(), parts[order[1]].clone()]).unwrap();
            assert_eq!(merged.outcomes, whole.outcomes, "{order:?}");
        }
    }

    #[test]
    fn a_shard_out_of_its_range_is_refused() {
        // A hand-edited summary.json saying shard 5/2 panicked (index out of
        // bounds), and one of u64::MAX shards asked for that much memory.
        let mut config = SimConfig::new(GameId::Duel, 100);
        config.shard = Shard { k: 1, n: 2 };
        let b = run(&config).unwrap();
        let mut a = b.clone();
        a.shard = Shard { k: 5, n: 2 };
        let err = merge_sims(&[a.clone(), b.clone()]).unwrap_err().to_string();
        assert!(err.contains("shard 5/2 is no shard"), "{err}");
        // A shard of a run cut in three with one of a run cut in two: the
        // runs differ (a second test of the count, after this one, said
        // "shards of 2 and of 3 games mixed", and was never reached).
        let mut third = b.clone();
        third.shard = Shard { k: 0, n: 3 };
        let err = merge_sims(&[b.clone(), third]).unwrap_err().to_string();
        assert!(err.contains("shard count (2 vs 3) differs"), "{err}");
        let mut huge = b.clone();
        huge.shard = Shard { k: 0, n: u64::MAX };
        let mut other = b;
        other.shard = Shard { k: 1, n: u64::MAX };
        let err = merge_sims(&[huge, other]).unwrap_err().to_string();
        assert!(
            err.contains("shard 2/18446744073709551615 is missing"),
            "{err}"
        );
    }

    #[test]
    fn counts_that_overflow_are_refused() {
        // A hand-edited summary.json of u64::MAX games merged "clean" with a
        // wrapped-around count of games.
        let mut config = SimConfig::new(GameId::Duel, 100);
        config.shard = Shard { k: 0, n: 2 };
        let mut a = run(&config).unwrap();
        config.shard = Shard { k: 1, n: 2 };
        let b = run(&config).unwrap();
        a.games = u64::MAX;
        let err = merge_sims(&[a, b]).unwrap_err().to_string();
        assert!(err.contains("games add up to more than"), "{err}");
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

    /// The tryout's case: a nightly shard cut by its budget (stopped early, short
    /// of its games) merged into a report that read clean.
    #[test]
    fn a_merge_short_of_games_fails_and_says_which_shards() {
        let shard = |k: u64| {
            let mut config = SimConfig::new(GameId::Duel, 40);
            config.shard = Shard { k, n: 2 };
            let mut summary = Summary::new("nightly");
            summary.sims.push(run(&config).unwrap());
            summary
        };
        let names = ["a/summary.json".to_owned(), "b/summary.json".to_owned()];
        let whole = merge(&[shard(0), shard(1)], &names).unwrap();
        assert_eq!(whole.status, RunStatus::Clean);
        // Shard 1 as the budget leaves it: 15 of its 20 games, stopped early.
        let mut cut = shard(1);
        let sim = &mut cut.sims[0];
        let mut config = SimConfig::new(GameId::Duel, 30);
        config.shard = Shard { k: 1, n: 2 };
        *sim = SimStats {
            games_requested: 40,
            stopped_early: true,
            ..run(&config).unwrap()
        };
        assert_eq!(sim.games, 15);
        let merged = merge(&[shard(0), cut], &names).unwrap();
        assert_eq!(merged.status, RunStatus::Failed);
        let ids = crate::quarantine::failure_ids(&merged);
        assert!(
            ids.iter()
                .any(|(id, m)| id == "sim:duel:short" && m.starts_with("35 of 40 games played")),
            "{ids:?}"
        );
        assert!(
            merged
                .notes
                .iter()
                .any(|n| n.starts_with("duel: 35 of 40 games played")
                    && n.contains("short: shard 1/2 (b/summary.json: 15 of 20)")),
            "{:?}",
            merged.notes
        );
    }

    /// A change to a shard's run.
    type Change = fn(&mut SimConfig);

    /// The tryout's case: shard 0/2 of a 1,000-game run with shard 1/2 of a
    /// 500-game run (and shards differing in seed, ply cap or check mode) were
    /// merged and called clean, or refused as "missing a shard".
    #[test]
    fn shards_of_different_runs_are_refused_naming_files_and_field() {
        let shard = |k: u64, change: Change| {
            let mut config = SimConfig::new(GameId::Duel, 40);
            config.master_seed = 3;
            config.shard = Shard { k, n: 2 };
            change(&mut config);
            let mut summary = Summary::new("sim");
            summary.sims.push(run(&config).unwrap());
            summary
        };
        let names = ["a/summary.json".to_owned(), "b/summary.json".to_owned()];
        let same: Change = |_| {};
        assert!(merge(&[shard(0, same), shard(1, same)], &names).is_ok());
        let cases: [(&str, Change); 4] = [
            ("games requested (40 vs 20)", |c| c.games = 20),
            ("seed (3 vs 4)", |c| c.master_seed = 4),
            ("max plies (100000 vs 7)", |c| c.max_plies = 7),
            ("check mode", |c| {
                c.mode = crate::invariants::CheckMode::PARANOID
            }),
        ];
        for (field, change) in cases {
            let err = merge(&[shard(0, same), shard(1, change)], &names)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("a/summary.json")
                    && err.contains("b/summary.json")
                    && err.contains(field)
                    && !err.contains("missing"),
                "{field}: {err}"
            );
        }
    }

    /// fresh15's case: `merge` of a lone `bench` report said "merged 1
    /// reports: clean".
    #[test]
    fn a_report_without_simulations_is_refused_naming_its_file() {
        let mut config = SimConfig::new(GameId::Duel, 20);
        config.shard = Shard { k: 0, n: 1 };
        let mut sim = Summary::new("sim");
        sim.sims.push(run(&config).unwrap());
        for command in ["bench", "check"] {
            let names = [
                "sim/summary.json".to_owned(),
                format!("{command}/summary.json"),
            ];
            let err = merge(&[sim.clone(), Summary::new(command)], &names)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&format!(
                    "{command}/summary.json is a `{command}` report with no simulation"
                )),
                "{err}"
            );
            assert!(merge(&[Summary::new(command)], &names[1..]).is_err());
        }
        assert!(merge(&[sim], &["sim/summary.json".to_owned()]).is_ok());
    }

    /// fresh19's cases: a shard of other games read as a missing shard;
    /// another schema merged; the corpus check came from the first file only,
    /// so the order of the files decided the verdict; a shard's fuzz failure
    /// was dropped.
    #[test]
    fn shards_must_match_and_no_shards_failure_is_dropped() {
        let shard = |game: GameId, k: u64| {
            let mut config = SimConfig::new(game, 20);
            config.shard = Shard { k, n: 2 };
            let mut summary = Summary::new("nightly");
            summary.sims.push(run(&config).unwrap());
            summary.check = Some(crate::report::CheckSummary::default());
            summary
        };
        let names = ["a/summary.json".to_owned(), "b/summary.json".to_owned()];
        let err = merge(&[shard(GameId::Duel, 0), shard(GameId::Race, 1)], &names)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("a/summary.json (duel) and b/summary.json (race)")
                && err.contains("the games differ"),
            "{err}"
        );
        let mut other = shard(GameId::Duel, 1);
        other.schema = "tigerseye.summary/99".into();
        let err = merge(&[shard(GameId::Duel, 0), other], &names)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("b/summary.json has schema `tigerseye.summary/99`"),
            "{err}"
        );
        let mut failing = shard(GameId::Duel, 1);
        failing
            .check
            .as_mut()
            .unwrap()
            .rulings_without_scenario
            .push("duel.x".into());
        for parts in [
            [shard(GameId::Duel, 0), failing.clone()],
            [failing.clone(), shard(GameId::Duel, 0)],
        ] {
            let err = merge(&parts, &names).unwrap_err().to_string();
            assert!(err.contains("their corpus checks differ"), "{err}");
        }
        let mut fuzzed = shard(GameId::Duel, 1);
        fuzzed.fuzz.push(crate::fuzzing::CorpusReplay {
            target: "duel_play".into(),
            inputs: 2,
            failures: vec!["x: panicked".into()],
        });
        let merged = merge(&[shard(GameId::Duel, 0), fuzzed], &names).unwrap();
        assert_eq!(merged.fuzz.len(), 1);
        assert_eq!(merged.status, RunStatus::Failed);
        let clean = merge(&[shard(GameId::Duel, 0), shard(GameId::Duel, 1)], &names).unwrap();
        assert_eq!(clean.status, RunStatus::Clean);
    }
}
