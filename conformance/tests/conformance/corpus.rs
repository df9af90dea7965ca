//! Every scenario file under `scenarios/`: it must pass `check` (or, disputed,
//! fail as its reason says), and its transcript (boards, sorted legal actions,
//! events, outcome) is snapshotted, so a rule change shows up as a reviewable diff.

use std::path::Path;

use tigerseye_conformance::runner::{self, Verdict};
use tigerseye_conformance::{clauses, clock_scenario, corpus, scenario};

#[test]
fn every_scenario_holds_and_matches_its_snapshot() {
    insta::glob!("../../../scenarios", "*/*.toml", |path| {
        if path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "perft" || n == clock_scenario::FOLDER || n == clauses::FOLDER)
        {
            return;
        }
        let loaded = scenario::load(path).unwrap_or_else(|e| panic!("{e}"));
        let run = runner::run(&loaded);
        assert!(
            !run.verdict.is_failure(),
            "{}: {}\n{}",
            path.display(),
            run.verdict.name(),
            run.failures.join("\n")
        );
        if loaded.scenario.status == scenario::Status::Disputed {
            assert_eq!(run.verdict, Verdict::Disputed);
        }
        insta::with_settings!({
            description => format!("{} — {}", loaded.scenario.title, loaded.scenario.source),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("transcript", run.transcript);
        });
    });
}

#[test]
fn every_clock_scenario_holds_and_matches_its_snapshot() {
    insta::glob!("../../../scenarios", "clocks/*.toml", |path| {
        let loaded = clock_scenario::load(path).unwrap_or_else(|e| panic!("{e}"));
        let run = clock_scenario::run(&loaded);
        assert!(
            !run.verdict.is_failure(),
            "{}: {}\n{}",
            path.display(),
            run.verdict.name(),
            run.failures.join("\n")
        );
        insta::with_settings!({
            description => format!("{} — {}", loaded.scenario.title, loaded.scenario.source),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("clock_transcript", run.transcript);
        });
    });
}

#[test]
fn a_clock_ruling_without_a_clock_scenario_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("clocks")).unwrap();
    let summary = corpus::check(dir.path(), None, 1000).unwrap();
    for id in clock_scenario::clock_ruling_ids() {
        assert!(
            summary.rulings_without_scenario.iter().any(|r| r == id),
            "{id} is not reported"
        );
    }
    assert!(summary.per_game.contains_key("clocks"));
    // A broken clock scenario is a load error counted under `clocks`, with its line.
    std::fs::write(
        dir.path().join("clocks/bad.toml"),
        "title = \"t\"\nsource = \"s\"\ncontrol = \"race\"\n[[step]]\nside = \"red\"\nthink = \"1s\"\nmoves = 0\n",
    )
    .unwrap();
    let summary = corpus::check(dir.path(), None, 1000).unwrap();
    assert_eq!(summary.per_game["clocks"].failed, 1);
    let bad = &summary.scenarios[0];
    assert_eq!(bad.verdict, Verdict::LoadError);
    assert!(
        bad.failures[0].ends_with("bad.toml:7:9: `moves` is from 1 to 10000, found 0"),
        "{:?}",
        bad.failures
    );
    // A file in a subfolder, and a link to no file, are run too (they had
    // passed unseen): two more load errors.
    std::fs::create_dir(dir.path().join("clocks/sub")).unwrap();
    std::fs::write(dir.path().join("clocks/sub/x.toml"), "garbage =").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        dir.path().join("clocks/none.toml"),
        dir.path().join("clocks/dangling.toml"),
    )
    .unwrap();
    let summary = corpus::check(dir.path(), None, 1000).unwrap();
    let expected = if cfg!(unix) { 3 } else { 2 };
    assert_eq!(summary.per_game["clocks"].failed, expected);
    // With a game named, the clocks are not checked.
    let one = corpus::check(dir.path(), Some("duel".parse().unwrap()), 1000).unwrap();
    assert!(!one.per_game.contains_key("clocks"));
}

#[test]
fn the_whole_corpus_checks_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let summary = corpus::check(&root, None, 5_000_000).expect("the corpus folder reads");
    assert!(!summary.scenarios.is_empty());
    assert!(!summary.perft.is_empty(), "no perft table in the corpus");
    assert!(
        summary
            .perft
            .iter()
            .all(|p| p.computed.is_none() || p.computed == Some(p.expected))
    );
    assert!(
        summary.rulings_without_scenario.is_empty(),
        "rulings without a scenario: {:?}",
        summary.rulings_without_scenario
    );
    assert!(
        !summary.failed(),
        "{:#?}",
        summary
            .scenarios
            .iter()
            .filter(|s| s.verdict.is_failure())
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_wrong_expectation_fails_with_its_line() {
    let text = r#"title = "t"
game = "duel"
source = "test"

[[step]]
play = "C1-B1"

[[step]]
play = "A3-C3"
turn = "green"
legal = ["C3-C2"]
"#;
    let loaded = scenario::parse(Path::new("mem.toml"), text).unwrap();
    let run = runner::run(&loaded);
    assert_eq!(run.verdict, Verdict::Failed);
    assert_eq!(run.failures.len(), 2, "{:?}", run.failures);
    // Each failure points at its own key's line, not the `[[step]]` line (8).
    assert!(
        run.failures
            .iter()
            .any(|f| f.starts_with("mem.toml:10:1: turn: expected green, got red")),
        "{:?}",
        run.failures
    );
    assert!(
        run.failures
            .iter()
            .any(|f| f.starts_with("mem.toml:11:1: legal actions differ")),
        "{:?}",
        run.failures
    );
}

#[test]
fn a_disputed_scenario_that_holds_fails_the_check() {
    let text = r#"title = "t"
game = "duel"
source = "test"
status = "disputed"
reason = "pretend the seed's line cannot hold"

[[step]]
play = "C1-B1"
"#;
    let loaded = scenario::parse(Path::new("mem.toml"), text).unwrap();
    assert_eq!(runner::run(&loaded).verdict, Verdict::DisputedButPassed);
}

#[test]
fn a_position_that_does_not_import_still_shows_the_header() {
    let text = r#"title = "G9 is not on the plain ring"
game = "race"
source = "test"
status = "disputed"
reason = "the square is off the track"
position = "G:K11,G9 R:A1,A1 first:red moves:0,0 red:roll"

[options]
track = "plain-ring"
"#;
    let loaded = scenario::parse(Path::new("mem.toml"), text).unwrap();
    let run = runner::run(&loaded);
    assert_eq!(run.verdict, Verdict::Disputed);
    assert!(run.transcript.starts_with("# G9 is not on the plain ring"));
    assert!(
        run.transcript
            .contains("reason: the square is off the track")
    );
    assert!(
        run.failures
            .iter()
            .any(|f| f.contains("G9 is not on the plain-ring track")),
        "{:?}",
        run.failures
    );
}
