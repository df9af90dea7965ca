//! The nightly job end to end within a small budget: corpus, perft tables, fuzz
//! seed corpora, sims of every game; every report file written; the quarantine
//! and the trend applied.

use std::path::Path;
use std::time::{Duration, Instant};

use tigerseye_conformance::nightly::{NightlyConfig, run};
use tigerseye_conformance::quarantine::{Known, Quarantine};
use tigerseye_conformance::report;
use tigerseye_engine::GameId;

/// Games of each game a test run plays.
const GAMES: u64 = 300;

fn config(budget: Duration) -> NightlyConfig {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut c = NightlyConfig::new(budget, root.join("scenarios"));
    c.fuzz = Some(root.join("fuzz/corpus"));
    // Dragon's random games mostly run to its ply bound (2000 plies: its
    // vessels move on most plies, and any movement of a vessel restarts the
    // fifty-move count), so the fixed count stays small enough for every game
    // to finish inside the budget.
    c.games = Some(GAMES);
    c.chance_games = 500;
    c.node_limit = 200_000;
    c
}

#[test]
fn nightly_runs_within_its_budget_and_writes_every_report() {
    // The games are counted, so the run ends when they are played; the budget
    // is generous so that a loaded CI machine does not cut the sims short.
    let budget = Duration::from_secs(120);
    let started = Instant::now();
    let summary = run(&config(budget), |_| {}).unwrap();
    assert!(
        started.elapsed() < budget + Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(
        summary.status,
        report::RunStatus::Clean,
        "{:#?}",
        tigerseye_conformance::quarantine::failure_ids(&summary)
    );
    assert_eq!(summary.sims.len(), GameId::ALL.len());
    assert!(summary.sims.iter().all(|s| s.games == GAMES));
    assert!(summary.check.as_ref().is_some_and(|c| !c.perft.is_empty()));
    assert!(!summary.fuzz.is_empty() && summary.fuzz.iter().all(|f| f.inputs > 0));

    let dir = tempfile::tempdir().unwrap();
    let out = report::write(dir.path(), &summary).unwrap();
    for file in [
        "summary.json",
        "summary.md",
        "junit.xml",
        "duel-length.svg",
        "duel-outcomes.svg",
    ] {
        assert!(out.join(file).is_file(), "{file} missing");
    }
    let json: report::Summary =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(json.schema, report::SCHEMA);
    assert_eq!(json.sims, summary.sims);
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("## Simulation: duel") && md.contains("duel-length.svg"));

    // A second run against the first shows a trend with no new failures.
    let mut c = config(budget);
    c.previous = Some(summary.clone());
    let again = run(&c, |_| {}).unwrap();
    let trend = again.trend.expect("a trend");
    assert_eq!(trend.throughput.len(), GameId::ALL.len());
    assert!(trend.new_failures.is_empty());
}

#[test]
fn a_quarantine_entry_that_no_longer_fails_fails_the_nightly() {
    let mut c = config(Duration::from_secs(10));
    c.games = Some(200);
    c.quarantine = Quarantine {
        known: vec![Known {
            id: "sim:duel:hash".into(),
            reason: "pretend it was broken".into(),
            expires: "2999-01-01".into(),
        }],
    };
    let summary = run(&c, |_| {}).unwrap();
    assert_eq!(summary.status, report::RunStatus::Failed);
    assert_eq!(summary.quarantine.unwrap().now_passing.len(), 1);
}

#[test]
fn the_budget_stops_uncounted_sims_cleanly() {
    let corpus = tempfile::tempdir().unwrap();
    let budget = Duration::from_secs(3);
    let mut c = NightlyConfig::new(budget, corpus.path().to_path_buf());
    c.chance_games = 10;
    // A floor of one game, so that on a loaded machine a sim the budget left
    // no time still starts (without it the sims left fail as one
    // `sim:all:no-games`).
    c.min_games = 1;
    let started = Instant::now();
    let summary = run(&c, |_| {}).unwrap();
    assert!(
        started.elapsed() < budget + Duration::from_secs(15),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(summary.sims.len(), GameId::ALL.len());
    assert!(
        summary.sims.iter().all(|s| s.stopped_early),
        "games are uncounted, so only the budget can stop a sim"
    );
    // (The empty corpus itself fails the run: no perft tables, rulings without
    // scenarios. The sims must not.)
    assert!(summary.sims.iter().all(|s| s.failed_games == 0));
}

/// A nightly on an empty corpus with `games` games of each and a small chance check.
fn empty_corpus_config(budget: Duration, corpus: &Path, games: Option<u64>) -> NightlyConfig {
    let mut c = NightlyConfig::new(budget, corpus.to_owned());
    c.games = games;
    c.chance_games = 10;
    c
}

#[test]
fn a_budget_too_long_for_the_clock_is_no_deadline() {
    // `--budget 500000000000y` panicked adding the budget to the start time.
    let dir = tempfile::tempdir().unwrap();
    let summary = run(
        &empty_corpus_config(Duration::MAX, dir.path(), Some(2)),
        |_| {},
    )
    .unwrap();
    assert!(
        summary
            .sims
            .iter()
            .all(|s| s.games == 2 && !s.stopped_early)
    );
}

#[test]
fn a_budget_used_up_before_the_sims_fails_the_run_in_one_line() {
    // With no time left the sims played no game and the run said nothing of it,
    // then read clean on a passing corpus, then failed every sim as `no-games`
    // with a report of zeros each: now one failure says it for the sims left.
    let dir = tempfile::tempdir().unwrap();
    let summary = run(
        &empty_corpus_config(Duration::ZERO, dir.path(), None),
        |_| {},
    )
    .unwrap();
    assert!(summary.sims.is_empty(), "{:?}", summary.sims.len());
    assert_eq!(summary.status, report::RunStatus::Failed);
    let ids = tigerseye_conformance::quarantine::failure_ids(&summary);
    let (_, message) = ids
        .iter()
        .find(|(id, _)| id == "sim:all:no-games")
        .unwrap_or_else(|| panic!("{ids:?}"));
    assert!(
        message.starts_with("no time left for the sims of duel, ambush, "),
        "{message}"
    );
    assert!(message.ends_with("(give a longer `--budget`)"), "{message}");
    assert!(
        !ids.iter()
            .any(|(id, _)| id.ends_with(":no-games") && id != "sim:all:no-games")
    );
}

#[test]
fn a_floor_of_games_is_played_whatever_the_budget() {
    // A budget-bound run on a slow machine played whatever the budget left,
    // down to nothing: with `min_games` each sim plays at least that many
    // games of its shard, and nothing fails for the budget.
    let dir = tempfile::tempdir().unwrap();
    let mut c = empty_corpus_config(Duration::ZERO, dir.path(), None);
    c.min_games = 3;
    c.shard = tigerseye_conformance::sim::Shard { k: 1, n: 2 };
    let summary = run(&c, |_| {}).unwrap();
    assert_eq!(summary.sims.len(), GameId::ALL.len());
    for sim in &summary.sims {
        assert_eq!(sim.games, 3, "{}", sim.game);
        assert!(
            sim.failure_ids().is_empty(),
            "{}: {:?}",
            sim.game,
            sim.failure_ids()
        );
    }
    assert!(summary.sims_not_started.is_none());
}

#[test]
fn worker_threads_that_cannot_start_mid_run_keep_what_was_done() {
    // The error ended the run with no report: the corpus, fuzz and chance
    // results already computed were lost.
    let dir = tempfile::tempdir().unwrap();
    let mut c = empty_corpus_config(Duration::from_secs(60), dir.path(), Some(2));
    // A stack larger than any address space.
    c.worker_stack = Some(1 << 47);
    let summary = run(&c, |_| {}).unwrap();
    assert!(summary.check.is_some());
    assert!(!summary.chance.is_empty());
    assert_eq!(summary.status, report::RunStatus::Failed);
    let not_started = summary
        .sims_not_started
        .as_ref()
        .expect("the sims not started");
    assert_eq!(not_started.reason, report::NotStartedReason::Error);
    assert_eq!(not_started.games, GameId::ALL);
    assert!(
        not_started
            .message
            .starts_with("the sim of duel could not start: cannot start "),
        "{}",
        not_started.message
    );
    let ids = tigerseye_conformance::quarantine::failure_ids(&summary);
    assert!(ids.iter().any(|(id, _)| id == "sim:all:error"), "{ids:?}");
}

#[test]
fn the_mutants_table_is_in_the_report_only_when_given() {
    // `nightly --mutants`: the table of the mutants no test caught goes into
    // summary.md and summary.json; without it, neither changes.
    use tigerseye_conformance::mutants;
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mutants");
    let outcomes = mutants::read_run(&fixture.join("coord-shard-0.json")).unwrap();
    let mut table = mutants::merge(&[outcomes], Some("0123abc".into()));
    // That run missed none: one missed, for the list.
    table.missed.push(mutants::MissedMutant {
        file: "engine/src/core/board/coord.rs".into(),
        line: 80,
        column: 54,
        change: "replace - with / in <impl FromStr for Coord>::from_str".into(),
        function: None,
    });
    let dir = tempfile::tempdir().unwrap();
    let mut c = empty_corpus_config(Duration::from_secs(60), dir.path(), Some(1));
    c.mutants = Some(table.clone());
    let with = run(&c, |_| {}).unwrap();
    assert_eq!(with.mutants.as_ref(), Some(&table));
    let reports = tempfile::tempdir().unwrap();
    let out = report::write(reports.path(), &with).unwrap();
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert!(md.contains("\n## Mutants no test caught\n"), "{md}");
    assert!(md.contains("on commit `0123abc`"), "{md}");
    assert!(
        md.contains("| `engine/src/core/board/coord.rs` | 8 | 7 | 0 | 0 | 1 |"),
        "{md}"
    );
    assert!(md.contains("\n### Missed mutants\n"), "{md}");
    assert!(
        md.contains("- `engine/src/core/board/coord.rs:80`: `replace - with / in <impl FromStr for Coord>::from_str`"),
        "{md}"
    );
    assert_eq!(json["mutants"]["total"]["tested"], 8);
    let back: report::Summary =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(back.mutants, Some(table));

    // Without: no section, no field, and the rest of the report the same.
    let mut without = with.clone();
    without.mutants = None;
    let plain = report::markdown(&without);
    assert!(!plain.contains("Mutants no test caught"), "{plain}");
    let section = md
        .strip_prefix(plain.as_str())
        .expect("the rest of the report unchanged");
    assert!(
        section.starts_with("\n## Mutants no test caught\n"),
        "{section}"
    );
    let json = serde_json::to_value(&without).unwrap();
    assert!(json.get("mutants").is_none(), "{json}");
    let c = empty_corpus_config(Duration::from_secs(60), dir.path(), Some(1));
    assert!(c.mutants.is_none());
}
