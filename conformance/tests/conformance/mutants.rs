//! `tigerseye mutants` on real cargo-mutants outcomes (a fixture copied from a
//! run over shard 0 of 2 of `engine/src/core/board/coord.rs`, and the same
//! cut in two as two shards), on outcomes made here (an `--iterate` run and
//! the run before it), a folder without outcomes and a malformed file; and
//! `nightly --mutants` refusing what it cannot read.
//!
//! cargo-mutants never copies a folder named `mutants.out` into the tree it
//! mutates, so the fixtures are flat files, laid out as cargo-mutants' output
//! folders in a temporary folder by each test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tigerseye_conformance::mutants::{self, Counts, MutantsReport};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mutants")
        .join(name)
}

fn tigerseye(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tigerseye"))
        .args(args)
        .output()
        .expect("the tigerseye binary runs")
}

/// Copies `files` (fixture name, path inside `dir`) into `dir`.
fn lay_out(dir: &Path, files: &[(&str, &str)]) {
    for (name, to) in files {
        let to = dir.join(to);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(fixture(name), &to).unwrap();
    }
}

/// The totals cargo-mutants wrote in a fixture: (tested, caught, missed,
/// timeout, unviable).
fn totals(name: &str) -> Counts {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    Counts {
        tested: n("total_mutants"),
        caught: n("caught"),
        missed: n("missed"),
        timeout: n("timeout"),
        unviable: n("unviable"),
    }
}

/// Runs `mutants` with `args`, expects exit 0, and reads its mutants.json.
fn report(args: &[&str], out: &Path) -> (MutantsReport, String, String) {
    let mut all: Vec<&str> = vec!["mutants"];
    all.extend(args);
    let out_arg = out.to_str().unwrap();
    all.extend(["--out", out_arg]);
    let o = tigerseye(&all);
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stdout}\n{stderr}");
    let json = std::fs::read_to_string(out.join("mutants.json")).unwrap();
    let md = std::fs::read_to_string(out.join("mutants.md")).unwrap();
    (serde_json::from_str(&json).unwrap(), md, stdout)
}

const COORD: &str = "engine/src/core/board/coord.rs";

#[test]
fn two_shards_merge_into_the_table_of_the_whole_run() {
    // A real run's outcomes (shard 0 of 2 of coord.rs: 8 mutants) and the
    // same run cut in two, as two shards of it.
    let tmp = tempfile::tempdir().unwrap();
    lay_out(
        tmp.path(),
        &[
            ("coord-shard-0.json", "whole/mutants.out/outcomes.json"),
            ("coord-slice-a.json", "a/mutants.out/outcomes.json"),
            // A `mutants.out` folder named itself.
            ("coord-slice-b.json", "b/mutants.out/outcomes.json"),
        ],
    );
    let p = |d: &str| tmp.path().join(d).to_str().unwrap().to_owned();
    let (whole, _, _) = report(&[p("whole").as_str()], &tmp.path().join("out-whole"));
    let a = p("a");
    let b = format!("{}/mutants.out", p("b"));
    let (r, md, stdout) = report(
        &[a.as_str(), b.as_str(), "--commit", "0123abc"],
        &tmp.path().join("out"),
    );
    let expected = totals("coord-shard-0.json");
    assert_eq!(expected.tested, 8);
    assert_eq!(whole.total, expected);
    assert_eq!(r.total, expected);
    assert_eq!(r.modules, whole.modules);
    assert_eq!(r.modules.len(), 1);
    assert_eq!(r.modules[0].module, COORD);
    assert_eq!(r.modules[0].counts, expected);
    assert_eq!(r.missed.len() as u64, expected.missed);
    assert_eq!(r.runs.len(), 2);
    assert_eq!(r.commit.as_deref(), Some("0123abc"));
    assert_eq!(r.cargo_mutants, ["27.1.0"]);
    assert_eq!(r.started.as_deref(), Some("2026-12-07T20:37:55.026723771Z"));
    assert_eq!(
        r.finished.as_deref(),
        Some("2026-12-07T21:01:50.014046949Z")
    );
    assert!(r.notes.is_empty(), "{:?}", r.notes);
    assert!(md.starts_with("# Mutants no test caught\n"), "{md}");
    assert!(
        md.contains("on commit `0123abc` by cargo-mutants 27.1.0"),
        "{md}"
    );
    let row = format!(
        "| `{COORD}` | {} | {} | {} | {} | {} |",
        expected.tested, expected.caught, expected.missed, expected.timeout, expected.unviable
    );
    assert!(md.contains(&row), "{row}\n{md}");
    assert!(md.contains("No mutant was missed."), "{md}");
    // The printed table: the module's row and the total.
    let words = |first: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(first))
            .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>())
            .unwrap_or_else(|| panic!("no `{first}` row: {stdout}"))
    };
    let counts = [
        expected.tested,
        expected.caught,
        expected.missed,
        expected.timeout,
        expected.unviable,
    ]
    .map(|n| n.to_string());
    assert_eq!(words(COORD), counts);
    assert_eq!(words("total"), counts);
    // A folder named twice is read once.
    let (twice, _, _) = report(&[a.as_str(), a.as_str()], &tmp.path().join("out-twice"));
    assert_eq!(twice.runs.len(), 1);
}

/// Two stages of one shard: the engine's tests missed two mutants of
/// `a.rs`, caught one and found one of `b.rs` unviable; the run after them
/// (the corpus too) caught the first missed one and missed the other.
fn two_stages() -> (String, String) {
    let stage1 = lab(
        &[
            (
                "engine/src/a.rs",
                3,
                "replace f -> bool with true",
                "MissedMutant",
            ),
            (
                "engine/src/a.rs",
                4,
                "replace f -> bool with false",
                "MissedMutant",
            ),
            ("engine/src/a.rs", 5, "replace + with -", "CaughtMutant"),
            ("engine/src/b.rs", 6, "delete !", "Unviable"),
        ],
        true,
    );
    let stage2 = lab(
        &[
            (
                "engine/src/a.rs",
                3,
                "replace f -> bool with true",
                "CaughtMutant",
            ),
            (
                "engine/src/a.rs",
                4,
                "replace f -> bool with false",
                "MissedMutant",
            ),
        ],
        true,
    );
    (stage1, stage2)
}

#[test]
fn an_iterate_run_counts_with_the_run_before_it() {
    // Stage 1 (the engine's tests) missed two mutants; stage 2 (the corpus),
    // an `--iterate` run in the same folder, tested them again and caught
    // one. cargo-mutants moved stage 1's folder to `mutants.out.old`.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    let (stage1, stage2) = two_stages();
    for (to, text) in [
        ("mutants.out.old/outcomes.json", stage1.as_str()),
        ("mutants.out/outcomes.json", stage2.as_str()),
        (
            "mutants.out/previously_caught.txt",
            "engine/src/a.rs:5:5: replace + with -\n",
        ),
    ] {
        std::fs::create_dir_all(dir.join(to).parent().unwrap()).unwrap();
        std::fs::write(dir.join(to), text).unwrap();
    }
    let d = dir.to_str().unwrap();
    let (r, md, _) = report(&[d], &tmp.path().join("out"));
    assert_eq!(r.runs.len(), 2, "{:?}", r.runs);
    assert_eq!(
        r.total,
        Counts {
            tested: 4,
            caught: 2,
            missed: 1,
            timeout: 0,
            unviable: 1
        }
    );
    assert_eq!(r.missed.len(), 1);
    assert!(
        md.contains("- `engine/src/a.rs:4`: `replace f -> bool with false`"),
        "{md}"
    );
    assert!(
        md.contains("\n## Missed mutants\n\n### `engine/src/a.rs` (1)\n"),
        "{md}"
    );
    // The same folder named as its mutants.out reads the same.
    let (again, _, _) = report(
        &[dir.join("mutants.out").to_str().unwrap()],
        &tmp.path().join("out2"),
    );
    assert_eq!(again.total, r.total);
    assert_eq!(again.missed, r.missed);
    // Without previously_caught.txt, mutants.out.old is an older run, not read.
    std::fs::remove_file(dir.join("mutants.out/previously_caught.txt")).unwrap();
    let (alone, _, _) = report(&[d], &tmp.path().join("out3"));
    assert_eq!(alone.total.tested, 2);
}

#[test]
fn an_iterate_run_with_nothing_left_to_test_reads_the_run_before_it() {
    // Laid out as cargo-mutants left it: `cargo mutants --iterate` over the
    // real shard, every mutant of which was caught or unviable, found none to
    // test, wrote no outcomes and moved the shard's folder aside.
    let tmp = tempfile::tempdir().unwrap();
    lay_out(
        tmp.path(),
        &[
            ("coord-shard-0.json", "s/mutants.out.old/outcomes.json"),
            (
                "coord-shard-0-previously-caught.txt",
                "s/mutants.out/previously_caught.txt",
            ),
        ],
    );
    let (r, _, _) = report(
        &[tmp.path().join("s").to_str().unwrap()],
        &tmp.path().join("out"),
    );
    assert_eq!(r.total, totals("coord-shard-0.json"));
    assert_eq!(r.runs.len(), 1);
}

/// Runs `args`, expects exit status 2 with each of `expected` in the error,
/// and no panic.
fn refused(args: &[&str], expected: &[impl AsRef<str>]) {
    let out = tigerseye(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    for e in expected {
        let e = e.as_ref();
        assert!(stderr.contains(e), "{args:?}: `{e}` not in: {stderr}");
    }
}

#[test]
fn a_folder_without_outcomes_or_a_malformed_file_is_refused_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let e = empty.to_str().unwrap();
    let out = tmp.path().join("out");
    let o = out.to_str().unwrap();
    refused(
        &["mutants", e, "--out", o],
        &[format!(
            "{e}: no cargo-mutants outcomes: expected {e}/mutants.out/outcomes.json"
        )],
    );
    refused(
        &["mutants", "no/such/folder", "--out", o],
        &["no/such/folder: no cargo-mutants outcomes"],
    );
    lay_out(
        tmp.path(),
        &[
            ("coord-shard-0.json", "good/mutants.out/outcomes.json"),
            ("malformed-outcomes.json", "bad/mutants.out/outcomes.json"),
        ],
    );
    let good = tmp.path().join("good");
    let bad = tmp.path().join("bad");
    let file = bad.join("mutants.out/outcomes.json");
    refused(
        &[
            "mutants",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
            "--out",
            o,
        ],
        &[
            format!("{}:9:", file.display()),
            ": expected a cargo-mutants outcomes.json: invalid type: integer `7`, expected a string"
                .to_owned(),
        ],
    );
    // Nothing was written: every file is read before the report is.
    assert!(!out.join("mutants.json").exists());
    // Not JSON at all.
    std::fs::write(&file, "not json").unwrap();
    refused(
        &["mutants", bad.to_str().unwrap(), "--out", o],
        &[
            format!("{}:1:", file.display()),
            ": expected a cargo-mutants outcomes.json".to_owned(),
        ],
    );
    refused(
        &["mutants", good.to_str().unwrap(), "--commit", "a b"],
        &["expected a commit id"],
    );
}

#[test]
fn nightly_refuses_a_mutants_file_it_cannot_read_before_running() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("missing.json");
    refused(
        &["nightly", "--mutants", missing.to_str().unwrap()],
        &[format!("cannot read {}", missing.display())],
    );
    // A cargo-mutants outcomes file is not a report of `tigerseye mutants`.
    let raw = fixture("coord-shard-0.json");
    refused(
        &["nightly", "--mutants", raw.to_str().unwrap()],
        &[format!(
            "{}: expected the mutants.json of `tigerseye mutants`, schema `tigerseye.mutants/1`, found no schema",
            raw.display()
        )],
    );
}

// The merge itself, on outcomes made here: the best outcome of a mutant in
// two runs, notes on what the counts miss, errors with their place.

/// An outcomes file of `mutants`: (file, line, change, summary).
fn lab(mutants: &[(&str, u32, &str, &str)], finished: bool) -> String {
    let outcomes: Vec<serde_json::Value> = std::iter::once(serde_json::json!({
        "scenario": "Baseline", "summary": "Success", "log_path": "log/baseline.log",
        "diff_path": null, "phase_results": []
    }))
    .chain(mutants.iter().map(|&(file, line, change, summary)| {
        serde_json::json!({
            "scenario": {"Mutant": {
                "name": format!("{file}:{line}:5: {change}"),
                "package": "tigerseye-engine",
                "file": file,
                "function": {"function_name": "f", "return_type": "", "span": {}},
                "span": {"start": {"line": line, "column": 5}, "end": {"line": line, "column": 9}},
                "replacement": "x",
                "genre": "FnValue",
                "a_field_of_a_later_version": [1, 2]
            }},
            "summary": summary,
        })
    }))
    .collect();
    serde_json::json!({
        "outcomes": outcomes,
        "total_mutants": mutants.len(),
        "start_time": "2026-12-06T03:41:00Z",
        "end_time": if finished { serde_json::json!("2026-12-06T05:00:00Z") } else { serde_json::Value::Null },
        "cargo_mutants_version": "27.1.0",
    })
    .to_string()
}

fn run(name: &str, text: &str) -> mutants::Run {
    mutants::parse_run(Path::new(name), text).unwrap()
}

#[test]
fn the_best_outcome_of_a_mutant_in_two_runs_counts_once() {
    // Stage one (the engine's tests) missed two mutants; the iterate run
    // (the corpus too) caught one of them.
    let (a, b) = two_stages();
    // The order the runs are read in does not matter.
    let one = mutants::merge(&[run("a", &a), run("b", &b)], Some("abc".into()));
    let other = mutants::merge(&[run("b", &b), run("a", &a)], Some("abc".into()));
    for report in [&one, &other] {
        assert_eq!(report.modules.len(), 2);
        assert_eq!(
            report.modules[0].counts,
            Counts {
                tested: 3,
                caught: 2,
                missed: 1,
                timeout: 0,
                unviable: 0
            }
        );
        assert_eq!(report.total.tested, 4);
        assert_eq!(report.total.unviable, 1);
        assert_eq!(report.missed.len(), 1);
        assert_eq!(report.missed[0].change, "replace f -> bool with false");
        assert_eq!(report.missed[0].line, 4);
        assert!(report.notes.is_empty(), "{:?}", report.notes);
    }
    assert_eq!(one.modules, other.modules);
    assert_eq!(one.missed, other.missed);
}

#[test]
fn an_unfinished_run_a_failed_baseline_and_unknown_outcomes_are_noted() {
    let unfinished = lab(
        &[("engine/src/a.rs", 3, "replace f with ()", "Success")],
        false,
    );
    let report = mutants::merge(&[run("u", &unfinished)], None);
    assert_eq!(report.total, Counts::default());
    assert!(report.finished.is_none());
    assert_eq!(report.notes.len(), 2, "{:?}", report.notes);
    assert!(report.notes[0].starts_with("u: the run did not finish"));
    assert!(report.notes[1].contains("1 mutant with the outcome `Success`"));
    assert!(!report.baseline_failed());
    let failed = lab(&[], true).replace(r#""summary":"Success""#, r#""summary":"Failure""#);
    assert_ne!(failed, lab(&[], true));
    let report = mutants::merge(&[run("f", &failed)], None);
    assert!(report.baseline_failed(), "{:?}", report.notes);
}

#[test]
fn a_malformed_file_is_refused_with_its_line_and_column() {
    let err = mutants::parse_run(Path::new("x/outcomes.json"), "{\n  \"outcomes\": 3\n}")
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.starts_with("x/outcomes.json:2:15: expected a cargo-mutants outcomes.json: invalid type: integer `3`"),
        "{err}"
    );
    assert!(!err.contains(" at line "), "{err}");
}
