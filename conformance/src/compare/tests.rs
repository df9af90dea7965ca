//! The comparison's contract: two seeds of one configuration flag nothing at
//! the 1% level (over many pairs of seeds), a rule change is flagged where a
//! reader expects it, and bad input is a clear error.

use super::*;
use crate::sim::{SimConfig, run};

/// A report of `games` Race games under `options`, from master seed `seed`.
fn race(seed: u64, games: u64, options: &[(&str, &str)]) -> Summary {
    let mut config = SimConfig::new(GameId::Race, games);
    config.master_seed = seed;
    config.threads = Some(1);
    config.options = options
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let mut s = Summary::new("sim");
    s.sims.push(run(&config).unwrap());
    s
}

fn names() -> [String; 2] {
    ["a".to_owned(), "b".to_owned()]
}

/// Two seeds of one configuration differ by chance alone. Over 20 pairs of
/// seeds, each compared at the 1% level with Holm's correction (at most a 1%
/// chance that a pair flags anything), at most two pairs flag a row: with a
/// 1% chance a pair, three or more of 20 happen about once in a thousand
/// such tests.
#[test]
fn two_seeds_of_one_configuration_flag_nothing() {
    let mut flagged = Vec::new();
    let mut rows = 0;
    for pair in 0..20u64 {
        let a = race(2 * pair + 100, 400, &[]);
        let b = race(2 * pair + 101, 400, &[]);
        let c = compare(&a, &b, names(), 0.01).unwrap();
        rows = c.rows.len();
        assert!(
            c.rows.iter().any(|r| r.measure == Measure::Rate),
            "{:?}",
            c.rows
        );
        flagged.extend(c.significant().map(Row::line));
    }
    assert!(rows > 8, "{rows} rows");
    assert!(flagged.len() <= 2, "{flagged:#?}");
}

/// Race on the plain ring against the indented track: flagged, and where a
/// reader expects it. On the plain ring a Leader's diagonal crosses the
/// board's interior, where no track square lies, to the one track square at
/// its far end; on the indented track it crosses the V-shaped indentations'
/// track squares, and several diagonals end on F6, which blocks them. So the
/// plain ring has fewer Diagonal Set-backs and fewer blocked diagonals, its
/// games are shorter (fewer Leaders sent back to start) and fewer of them go
/// past the 50-move mark; the track is the same for both sides, so neither
/// side's share of wins moves.
#[test]
fn a_rule_change_is_flagged() {
    let a = race(1, 3_000, &[("track", "indented")]);
    let b = race(1, 3_000, &[("track", "plain-ring")]);
    let c = compare(&a, &b, names(), 0.01).unwrap();
    assert_eq!(
        c.games["race"].options,
        ["track: indented -> plain-ring"],
        "{:?}",
        c.games
    );
    let row = |figure: &str| {
        c.rows
            .iter()
            .find(|r| r.figure == figure)
            .unwrap_or_else(|| panic!("no row `{figure}`: {}", c.markdown(&[])))
    };
    for (figure, fewer) in [
        ("diagonal-set-back a game", true),
        ("diagonal-blocked a game", true),
        ("mean length of finished games", true),
        ("decided by completed-after-50", true),
    ] {
        let r = row(figure);
        assert!(r.significant && (r.b < r.a) == fewer, "{}", r.line());
    }
    for figure in ["green wins", "red wins"] {
        assert!(!row(figure).significant, "{}", row(figure).line());
    }
}

/// The same report against itself: every row's difference is 0 and its
/// p-value 1.
#[test]
fn a_report_against_itself_differs_in_nothing() {
    let a = race(7, 200, &[]);
    let c = compare(&a, &a, names(), 0.01).unwrap();
    assert!(
        c.rows
            .iter()
            .all(|r| r.difference == 0.0 && r.p_value == 1.0)
    );
    assert!(!c.differs());
}

/// Bad input: a missing file, a file that is not a summary, reports of two
/// different games, a level outside (0, 1).
#[test]
fn bad_input_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nothing.json");
    let e = read_report(&missing).unwrap_err().to_string();
    assert!(
        e.starts_with("reading ") && e.contains("nothing.json"),
        "{e}"
    );
    let not = dir.path().join("not.json");
    std::fs::write(&not, "{\"schema\": 3}").unwrap();
    let e = read_report(&not).unwrap_err().to_string();
    assert!(e.contains("not.json is not a summary.json"), "{e}");
    // A folder is read as its summary.json.
    let folder = dir.path().join("run");
    std::fs::create_dir(&folder).unwrap();
    let e = read_report(&folder).unwrap_err().to_string();
    assert!(e.contains("summary.json"), "{e}");
    let race = race(1, 20, &[]);
    let mut config = SimConfig::new(GameId::Duel, 20);
    config.threads = Some(1);
    let mut duel = Summary::new("sim");
    duel.sims.push(run(&config).unwrap());
    let e = compare(&race, &duel, names(), 0.01)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "nothing to compare: the first report simulates race, the second duel, and they do not both hold a corpus check"
    );
    assert!(compare(&race, &race, names(), 1.0).is_err());
    assert!(compare(&race, &race, names(), 0.0).is_err());
}

/// A report written before the events' spread was recorded: no event rows,
/// and a note saying why.
#[test]
fn old_reports_have_no_event_rows_and_say_so() {
    let a = race(1, 50, &[]);
    let mut b = a.clone();
    b.sims[0].event_squares.clear();
    let c = compare(&a, &b, names(), 0.01).unwrap();
    assert!(c.rows.iter().all(|r| r.measure != Measure::Rate));
    assert!(c.notes[0].contains("event_squares"), "{:?}", c.notes);
}

/// Corpus checks are compared exactly: a changed perft count and a changed
/// verdict are listed, the rest counted.
#[test]
fn corpus_checks_differ_exactly() {
    use crate::report::{PerftCount, PerftResult, ScenarioResult, Verdict};
    let perft = |n| PerftResult {
        file: "scenarios/duel/perft.toml".to_owned(),
        at: String::new(),
        name: "start".to_owned(),
        game: tigerseye_engine::GameId::Duel,
        depth: 2,
        count: PerftCount::Actions,
        expected: 100,
        computed: Some(n),
        divide: None,
    };
    let scenario = |verdict| ScenarioResult {
        path: "scenarios/duel/x.toml".to_owned(),
        game: crate::check_results::CountedUnder::Game(tigerseye_engine::GameId::Duel),
        title: String::new(),
        verdict,
        reason: None,
        failures: Vec::new(),
    };
    let check = |n, v| {
        let mut s = Summary::new("check");
        s.check = Some(CheckSummary {
            scenarios: vec![scenario(v)],
            perft: vec![perft(n)],
            ..CheckSummary::default()
        });
        s
    };
    let c = compare(
        &check(100, Verdict::Passed),
        &check(101, Verdict::Failed),
        names(),
        0.01,
    )
    .unwrap();
    assert_eq!(c.exact_compared, 2);
    let texts: Vec<String> = c
        .exact
        .iter()
        .map(|e| format!("{} {}: {} -> {}", e.kind, e.what, e.a, e.b))
        .collect();
    assert_eq!(
        texts,
        [
            "perft scenarios/duel/perft.toml: start depth 2 (duel): 100 -> 101",
            "scenario scenarios/duel/x.toml: passed -> failed"
        ]
    );
    assert!(c.differs());
}

/// The report folder holds the markdown, the JSON and a plot of each kind,
/// and appears whole.
#[test]
fn the_report_folder_holds_every_file() {
    let a = race(1, 100, &[]);
    let b = race(2, 100, &[]);
    let c = compare(&a, &b, names(), 0.01).unwrap();
    let files = CompareFiles::of(&c, &a, &b, true).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = write_folder(dir.path(), &files).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "a-summary.json",
            "b-summary.json",
            "compare.json",
            "compare.md",
            "race-length.svg",
            "race-outcomes.svg"
        ]
    );
    let md = std::fs::read_to_string(out.join("compare.md")).unwrap();
    assert!(md.contains("![race-length.svg](race-length.svg)"), "{md}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("compare.json")).unwrap()).unwrap();
    assert_eq!(json["level"], 0.01);
    // A second folder in the same second takes the next name.
    let again = write_folder(dir.path(), &files).unwrap();
    assert_ne!(again, out);
}

/// Race's footprint: one row per reading other than a default, and the
/// track's plain ring changes something.
#[test]
fn every_other_reading_gets_a_row_of_the_footprint() {
    let mut base = SimConfig::new(GameId::Race, 2_000);
    base.threads = Some(1);
    let mut seen = 0;
    let rows = impact::impact(&base, 0.01, |_, _| seen += 1).unwrap();
    let expected: usize = impact::options_of(GameId::Race)
        .iter()
        .map(|s| s.values.len() - 1)
        .sum();
    assert_eq!(rows.len(), expected);
    assert_eq!(seen, expected);
    let track = rows
        .iter()
        .find(|r| r.option == "track" && r.reading == "plain-ring")
        .unwrap();
    assert_eq!(track.ruling, "race.track-shape");
    assert!(!track.changed.is_empty(), "{track:?}");
    let md = impact::markdown(GameId::Race, 2_000, 0.01, &rows);
    assert!(
        md.contains("| race.track-shape | track = plain-ring |"),
        "{md}"
    );
}
