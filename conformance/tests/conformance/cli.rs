//! The `tigerseye` command's handling of bad arguments: a clear error and exit
//! status 2, never a panic, and never a whole run before the error.

use std::process::{Command, Output};

fn tigerseye(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tigerseye"))
        .args(args)
        .output()
        .expect("the tigerseye binary runs")
}

/// Runs `args`, expects exit status 2 with `expected` in the error, and no panic.
fn refused(args: &[&str], expected: &str) {
    let out = tigerseye(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
}

#[test]
fn bench_seconds_must_be_a_positive_finite_number() {
    // NaN, infinite, negative and huge values panicked in `Duration::from_secs_f64`.
    for s in ["nan", "inf", "-1", "1e300", "0"] {
        refused(
            &["bench", "--game", "duel", &format!("--seconds={s}")],
            "expected a number of seconds more than 0",
        );
    }
}

#[test]
fn threads_must_be_one_or_more() {
    // `bench --threads 0` printed an all-threads row of 0 threads, `inf` per thread.
    refused(
        &[
            "bench",
            "--game",
            "duel",
            "--seconds",
            "0.1",
            "--threads",
            "0",
        ],
        "1 or more",
    );
    refused(
        &["sim", "--game", "duel", "--games", "1", "--threads", "0"],
        "1 or more",
    );
    // `--threads 100000` tried to start them all (16 MiB of stack each).
    refused(
        &[
            "sim",
            "--game",
            "duel",
            "--games",
            "1",
            "--threads",
            "100000",
        ],
        "expected a number of threads, 1 or more and at most 1024, found `100000`",
    );
}

#[test]
fn options_with_every_game_are_refused() {
    // `sim --game all --option k=v` dropped the option without a word.
    refused(
        &[
            "sim",
            "--game",
            "all",
            "--games",
            "1",
            "--option",
            "key-win-timing=after-reply",
        ],
        "`--option` sets one game's option",
    );
}

#[test]
fn new_scenario_names_only_the_games_own_rulings() {
    // An unknown ruling, or another game's, was written into the skeleton.
    refused(
        &["new-scenario", "--game", "race", "--ruling", "nope"],
        "`nope` is no ruling; race's rulings are race.track-shape",
    );
    refused(
        &[
            "new-scenario",
            "--game",
            "race",
            "--ruling",
            "duel.repetition",
        ],
        "`duel.repetition` is a ruling of duel",
    );
    let out = tigerseye(&[
        "new-scenario",
        "--game",
        "duel",
        "--ruling",
        "duel.repetition",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("rulings = [\"duel.repetition\"]"));
    // A clock ruling is no game's: it gets a clock scenario's skeleton, with or
    // without `--game` (it had been refused as "no ruling").
    for args in [
        &["new-scenario", "--ruling", "clocks.tigerswing"][..],
        &[
            "new-scenario",
            "--game",
            "race",
            "--ruling",
            "clocks.tigerswing",
        ],
    ] {
        let out = tigerseye(args);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("rulings = [\"clocks.tigerswing\"]")
                && text.contains("control = \"race\"")
        );
    }
    refused(
        &["new-scenario", "--ruling", "duel.repetition"],
        "`--game` is needed",
    );
    refused(
        &["new-scenario", "--ruling", "clocks.nope"],
        "unknown clock ruling `clocks.nope`: the clock rulings are clocks.time-lag",
    );
}

#[test]
fn a_named_quarantine_file_must_exist() {
    // A mistyped `--quarantine` path was read as an empty quarantine.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("quarantine.toml");
    refused(
        &[
            "nightly",
            "--budget",
            "1s",
            "--quarantine",
            missing.to_str().unwrap(),
            "--reports",
            dir.path().to_str().unwrap(),
        ],
        "no quarantine file at",
    );
}

#[test]
fn an_unwritable_reports_folder_stops_the_command_before_the_run() {
    // The run went to its end and only then failed to write its report.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let reports = file.join("reports");
    let reports = reports.to_str().unwrap();
    let started = std::time::Instant::now();
    // Runs of some seconds each (so that the test ends should the check go), and
    // together far longer than the refusals take.
    refused(
        &[
            "sim",
            "--game",
            "duel",
            "--games",
            "3000000",
            "--reports",
            reports,
        ],
        "cannot create the reports folder",
    );
    refused(
        &[
            "bench",
            "--game",
            "duel",
            "--seconds",
            "3",
            "--reports",
            reports,
        ],
        "cannot create the reports folder",
    );
    refused(
        &["nightly", "--budget", "10s", "--reports", reports],
        "cannot create the reports folder",
    );
    refused(
        &["check", "--reports", reports],
        "cannot create the reports folder",
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn a_reports_folder_that_is_a_file_says_so() {
    // It said "cannot create the reports folder x: File exists (os error 17)".
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    refused(
        &["sim", "--game", "duel", "--games", "1", "--reports", file],
        "a-file: it is a file, not a folder",
    );
    refused(
        &["check", "--game", "duel", "--reports", file],
        "a-file: it is a file, not a folder",
    );
}

#[test]
fn show_names_the_legal_actions_when_one_is_refused() {
    // It said only "not a legal action in this position".
    refused(
        &["show", "--game", "race", "coin red", "roll 4", "A1+5"],
        "action 3 `A1+5`: not a legal action in this position; legal here: A1+4",
    );
    refused(
        &["show", "--game", "duel", "C1-B1", "A3-C3", "B1-B2", "C3-C2"],
        "action 4 `C3-C2`: the game is over\n",
    );
}

#[test]
fn an_option_given_twice_is_refused() {
    // `--option knights=sword --option knights=pike` played the PikeVariation
    // without a word (the last one won).
    refused(
        &[
            "show",
            "--game",
            "dragon",
            "--option",
            "knights=sword",
            "--option",
            "knights=pike",
        ],
        "option `knights` given twice (`knights=sword`, then `knights=pike`): give it once",
    );
}

#[test]
fn full_checks_on_one_step_in_zero_is_refused() {
    // `--full-every 0` ran the full checks on every step without a word.
    refused(
        &["sim", "--game", "duel", "--games", "1", "--full-every", "0"],
        "expected a number of steps from 1 (every step) to 4294967295, found `0`",
    );
}

#[test]
fn a_perft_depth_past_the_limit_is_refused_in_the_usual_form() {
    // It was clap's "65 is not in 0..=64".
    refused(
        &["perft", "--game", "duel", "--depth", "65"],
        "expected a depth in plies from 0 to 64, found `65`",
    );
    refused(
        &["perft", "--game", "duel", "--depth=-1"],
        "expected a depth in plies from 0 to 64, found `-1`",
    );
}

#[test]
fn a_budget_in_months_is_refused() {
    // `--budget 1M` is one month in humantime's notation (`m` is minutes):
    // it ran a nightly job with a month's deadline.
    for budget in ["1M", "1h 5M", "2M30s"] {
        refused(
            &["nightly", "--budget", budget],
            "`M` is months; write `m` or `min` for minutes",
        );
    }
    refused(
        &["nightly", "--budget", "ten"],
        "expected a budget such as `60s`, `15m` or `2h`, found `ten`",
    );
    // A zero budget was taken, ran the corpus and failed for want of games.
    refused(
        &["nightly", "--budget", "0s"],
        "a budget of zero plays no game",
    );
}

#[test]
fn a_negative_number_gets_the_options_own_message() {
    // `--games -5` said "unexpected argument '-5' found", as if no value had been
    // given; the value's own check now says what is expected.
    refused(
        &["sim", "--game", "duel", "--games", "-5"],
        "expected a number of games, 1 or more, found `-5`",
    );
    refused(&["perft", "--game", "duel", "--depth", "-1"], "'-1'");
}

#[test]
fn long_names_are_quoted_short() {
    // A 300-character game name or option key was echoed whole.
    let long = "x".repeat(300);
    refused(
        &["sim", "--game", &long],
        "... (300 bytes in all)`; expected one of duel",
    );
    refused(
        &["sim", "--game", "duel", "--option", &format!("{long}=1")],
        "... (300 bytes in all) = 1`: unknown key",
    );
    // clap's own "invalid value '...'" echoed a value it refused whole.
    for args in [["check", "--game", &long], ["perft", "--depth", &long]] {
        let out = tigerseye(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("'{}... (300 bytes in all)' for", "x".repeat(60))),
            "{stderr}"
        );
        assert!(!stderr.contains(&"x".repeat(61)), "{stderr}");
    }
    let out = tigerseye(&["check", "--game", "abc"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("invalid value 'abc' for '--game"),
        "{stderr}"
    );
}

#[test]
fn a_seer_refused_says_why() {
    // A second consultation in one move said only "not a legal action".
    refused(
        &["show", "--game", "dragon", "seer storm", "seer storm"],
        "action 2 `seer storm`: not a legal action in this position (the storm OverLord has consulted his Seer in this move already (ruling dragon.seers: one consultation a move)); legal here: A1^A11",
    );
    // A game over says so once (it said "the game is over (the game is over: ...)").
    refused(
        &[
            "show",
            "--game",
            "dragon",
            "--position",
            "9/9/9/4pr4/9/9/9/9/9/9/9/9/9/9/9 storm barren:DW1 forest-wins:direct-capture",
            "seer storm",
        ],
        "action 1 `seer storm`: the game is over\n",
    );
}

#[test]
fn replay_prints_the_result_once() {
    // Dragon's and duel's boards end with their result and `replay` printed it a
    // second time.
    // Seed 6's game 48346 ends by Locking Up after 1,436 plies.
    for (game, seed, index) in [("dragon", "6", "48346"), ("duel", "1", "0")] {
        let out = tigerseye(&["replay", "--game", game, "--seed", seed, "--index", index]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{game}: {stdout}");
        // The result's text (`green wins by ...`, `draw by ...`), on the board's
        // own line or on an `over: ` line, but once; duel's board shows it too.
        let shown = stdout
            .lines()
            .filter(|l| l.contains(" wins by ") || l.contains("draw by "))
            .count();
        assert_eq!(shown, 1, "{game}: {stdout}");
    }
}

#[test]
fn replay_takes_the_last_index_there_is() {
    // `--index 18446744073709551615` overflowed `index + 1` (a panic in a debug
    // build such as this test's).
    let out = tigerseye(&[
        "replay",
        "--game",
        "duel",
        "--seed",
        "7",
        "--index",
        &u64::MAX.to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stdout.starts_with("game 18446744073709551615 of seed 7: game seed 0x"),
        "{stdout}"
    );
}

#[test]
fn a_scenario_file_that_does_not_exist_is_exit_2() {
    // It was a failed scenario, exit 1; 2 is for files that cannot be read.
    refused(
        &["scenario", "nonexistent.toml"],
        "cannot read nonexistent.toml",
    );
}

#[test]
fn rulings_and_check_take_clocks_and_all_as_sim_takes_all() {
    // `rulings --game clocks` was refused while `check --game clocks` ran;
    // `check --game all` was refused while `sim --game all` ran.
    let out = tigerseye(&["rulings", "--game", "clocks"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("### `clocks.time-lag`"), "{stdout}");
    assert!(!stdout.contains("duel."), "{stdout}");
    let all = tigerseye(&["rulings", "--game", "all"]);
    assert_eq!(all.stdout, tigerseye(&["rulings"]).stdout);
    let corpus = tempfile::tempdir().unwrap();
    let out = tigerseye(&[
        "check",
        "--game",
        "all",
        "--corpus",
        corpus.path().to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The empty corpus fails (rulings without scenarios), but it ran.
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("rulings with no scenario naming them"),
        "{stdout}"
    );
    refused(&["check", "--game", "chess"], "or `all`");
}

#[test]
fn nightly_previous_takes_only_a_nightly_runs_report() {
    // A bench summary was taken and gave an empty trend.
    let dir = tempfile::tempdir().unwrap();
    let bench = dir.path().join("summary.json");
    let summary = tigerseye_conformance::report::Summary::new("bench");
    std::fs::write(&bench, serde_json::to_string(&summary).unwrap()).unwrap();
    refused(
        &[
            "nightly",
            "--budget",
            "1s",
            "--corpus",
            dir.path().to_str().unwrap(),
            "--previous",
            bench.to_str().unwrap(),
        ],
        "is a `bench` report: `--previous` takes a nightly run's summary.json",
    );
}

#[test]
fn a_new_scenario_skeleton_fails_until_filled_in() {
    // The skeleton passed as printed, so a stub counted as its ruling's
    // scenario.
    let out = tigerseye(&[
        "new-scenario",
        "--game",
        "duel",
        "--ruling",
        "duel.repetition",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stub.toml");
    std::fs::write(&path, &out.stdout).unwrap();
    let out = tigerseye(&["scenario", path.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("`title` still holds the skeleton's placeholder"),
        "{stdout}"
    );
}

#[test]
fn a_nightly_that_played_no_game_fails_saying_why() {
    // `nightly --budget 20s` spent its budget on the corpus and fuzz seeds, played
    // no game and reported clean, exit 0.
    let corpus = tempfile::tempdir().unwrap();
    let reports = tempfile::tempdir().unwrap();
    let out = tigerseye(&[
        "nightly",
        "--budget",
        "1ns",
        "--corpus",
        corpus.path().to_str().unwrap(),
        "--reports",
        reports.path().to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // (The empty corpus fails too; the library's nightly tests show that the
    // sims alone fail the run.)
    // One line says the sims had no time, not a summary of no games for each
    // (eleven blocks of zeros).
    assert!(!stdout.contains("0 games, 0 plies"), "{stdout}");
    let why = "no time left for the sims of duel, ambush, ";
    assert!(
        stdout.contains(&format!("== sims: FAILED: {why}")),
        "{stdout}"
    );
    // (The report's failure is `sim:all:no-games`; the console lists the
    // first 20 failures, here the empty corpus's rulings.)
    assert!(stdout.contains("nightly: FAILED"), "{stdout}");
    // A corpus away from the repository has no fuzz seed corpora beside it: said.
    assert!(stdout.contains("note: no fuzz seed corpora at"), "{stdout}");
}

#[test]
fn zero_games_or_a_zero_ply_cap_is_refused() {
    // `sim --games 0` wrote a clean report of no games; `--max-plies 0` stopped
    // every game, Duel's too, before its first ply.
    for args in [
        &["sim", "--game", "duel", "--games", "0"][..],
        &["nightly", "--games", "0"],
    ] {
        refused(args, "expected a number of games, 1 or more, found `0`");
    }
    let replay = ["replay", "--game", "duel", "--seed", "0", "--index", "0"];
    for args in [
        &["sim", "--game", "duel", "--games", "1", "--max-plies", "0"][..],
        &[&replay[..], &["--max-plies", "0"]].concat(),
    ] {
        refused(args, "expected a ply cap from 1 to 4294967295, found `0`");
    }
}

#[test]
fn a_shard_with_no_game_is_refused() {
    // `sim --games 2 --shard 3/4` played no game and failed (exit 1) with
    // "the time budget was used up before this sim started": sim has no
    // budget, and the shard has no game to play.
    for args in [
        &["sim", "--game", "duel", "--games", "2", "--shard", "3/4"][..],
        &["nightly", "--games", "2", "--shard", "2/4"],
    ] {
        refused(args, "of 2 games plays no game");
    }
}

#[test]
fn sim_says_one_thread_not_one_threads() {
    // "duel: 10 games, ... in 0.00 s on 1 threads: ...".
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().to_str().unwrap();
    for (threads, says) in [("1", " on 1 thread: "), ("2", " on 2 threads: ")] {
        let out = tigerseye(&[
            "sim",
            "--game",
            "duel",
            "--games",
            "10",
            "--threads",
            threads,
            "--quiet",
            "--reports",
            reports,
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(
            stdout.lines().next().is_some_and(|l| l.contains(says)),
            "{stdout}"
        );
    }
}

#[test]
fn position_errors_quote_a_short_excerpt_of_the_input() {
    // Duel's errors echoed the whole input (a rank, a board), Dragon's 200
    // characters: both quote at most 60 characters, then `...` and the length.
    let long = |c: &str| c.repeat(300);
    for (game, position, c) in [
        ("duel", format!("{} red", long("x")), "x"),
        ("duel", format!("G2/3/{} red", long("1")), "1"),
        ("duel", format!("G2/3/2R red {}", long("x")), "x"),
        ("dragon", long("x"), "x"),
    ] {
        let out = tigerseye(&["show", "--game", game, "--position", &position]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(!stderr.contains(&c.repeat(61)), "{game}: {stderr}");
        // The input, and the part named (a board, a rank, a result), cut.
        assert!(
            stderr.contains(&format!("{}... (", c.repeat(55))),
            "{game}: {stderr}"
        );
        assert!(stderr.contains(" bytes in all)`"), "{game}: {stderr}");
    }
}

#[test]
fn an_option_with_an_empty_key_says_so() {
    // `--option =x` read "option ` = x`: unknown key".
    for option in ["=x", " = x"] {
        refused(
            &["show", "--game", "duel", "--option", option],
            "expected `key=value`, the key is empty",
        );
    }
}

#[test]
fn check_prints_its_report_and_counts_unknown_files_under_unknown() {
    // `check --reports DIR` wrote a report without saying where; a perft file
    // that failed to load was counted under game `?`.
    let corpus = tempfile::tempdir().unwrap();
    let reports = tempfile::tempdir().unwrap();
    std::fs::create_dir(corpus.path().join("perft")).unwrap();
    std::fs::write(corpus.path().join("perft/nothing.toml"), "game = ").unwrap();
    let out = tigerseye(&[
        "check",
        "--corpus",
        corpus.path().to_str().unwrap(),
        "--game",
        "duel",
        "--reports",
        reports.path().to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("check: FAILED — report: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let dir = std::path::Path::new(line.trim_start_matches("check: FAILED — report: "));
    assert!(dir.starts_with(reports.path()), "{line}");
    assert!(dir.join("summary.json").is_file(), "{line}");
    assert!(
        stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["unknown", "0", "1", "0"]),
        "{stdout}"
    );
    assert!(stdout.contains("perft/nothing.toml"), "{stdout}");
}

#[test]
fn the_command_reference_names_every_flag_of_every_command() {
    // The table left out flags (check --corpus/--node-limit, replay --option,
    // bench --threads, nightly --seed, ...): each command's row in
    // docs/commands.md must name every flag its `--help` lists, and README's
    // short table must have a row for every command.
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let reference =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/commands.md"))
            .expect("docs/commands.md");
    let help = String::from_utf8(tigerseye(&["--help"]).stdout).unwrap();
    // The commands: the indented lines under `Commands:` up to a blank line.
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{help}");
    for command in commands {
        assert!(
            readme
                .lines()
                .any(|l| l.starts_with(&format!("| `tigerseye {command}`"))),
            "README's command table has no row for `{command}`"
        );
        let row = reference
            .lines()
            .find(|l| l.starts_with(&format!("| `tigerseye {command}")))
            .unwrap_or_else(|| panic!("docs/commands.md has no row for `{command}`"));
        let usage = row.split(" | ").next().unwrap();
        let out = String::from_utf8(tigerseye(&[command, "--help"]).stdout).unwrap();
        for flag in out
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with('-'))
            .filter_map(|l| l.split([' ', ',', '=']).find(|w| w.starts_with("--")))
            .filter(|f| *f != "--help" && *f != "--version")
        {
            assert!(
                usage.contains(&format!("{flag} ")) || usage.contains(&format!("{flag}]")),
                "docs/commands.md's row for `{command}` does not name `{flag}`: {usage}"
            );
        }
    }
}

#[test]
fn bench_says_which_build_its_figures_come_from() {
    // A PGO build and a plain one give different figures: the report and the
    // printed table name the build (profile, debug assertions, target-cpu, PGO).
    let (stdout, dir, _reports) = bench_duel(&[]);
    let build = stdout
        .lines()
        .find_map(|l| l.strip_prefix("build: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    // The binary is built with the tests' profile.
    assert_eq!(
        build.contains("debug assertions"),
        cfg!(debug_assertions),
        "{build}"
    );
    let json = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    let summary: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(summary["build"], build, "{json}");
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(md.contains(&format!("({build} build)")), "{md}");
}

/// Runs `bench --game duel --seconds 0.05 --threads 1` with `extra` arguments
/// into a temporary reports folder; expects success and returns the printed
/// text, the report's folder and the temporary folder (kept alive).
fn bench_duel(extra: &[&str]) -> (String, std::path::PathBuf, tempfile::TempDir) {
    let reports = tempfile::tempdir().unwrap();
    let mut args = vec![
        "bench",
        "--game",
        "duel",
        "--seconds",
        "0.05",
        "--threads",
        "1",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--reports", reports.path().to_str().unwrap()]);
    let out = tigerseye(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let dir = stdout
        .lines()
        .find_map(|l| l.strip_prefix("report: "))
        .unwrap_or_else(|| panic!("{stdout}"))
        .into();
    (stdout, dir, reports)
}

#[test]
fn bench_rounds_report_the_median_and_every_rate() {
    refused(
        &["bench", "--game", "duel", "--rounds", "0"],
        "expected a number of rounds, 1 to 99, found `0`",
    );
    refused(
        &["bench", "--game", "duel", "--rounds", "100"],
        "expected a number of rounds, 1 to 99, found `100`",
    );
    let (stdout, dir, _reports) = bench_duel(&["--rounds", "3"]);
    assert!(
        stdout.lines().next().is_some_and(|l| l.ends_with("spread")),
        "{stdout}"
    );
    let json = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    let summary: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = summary["bench"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{json}");
    for row in rows {
        assert_eq!(row["rates"].as_array().map(Vec::len), Some(3), "{json}");
    }
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(md.contains("| rounds | spread |"), "{md}");
}

#[test]
fn paranoid_and_full_every_are_one_choice() {
    // `--paranoid --full-every 5` ran every step and said nothing of the 5.
    refused(
        &[
            "sim",
            "--game",
            "duel",
            "--games",
            "1",
            "--paranoid",
            "--full-every",
            "5",
        ],
        "cannot be used with",
    );
}

#[test]
fn perft_at_depth_0_is_1_with_or_without_divide() {
    // `--divide` at depth 0 printed `perft 0 = 0`.
    for args in [&["--divide"][..], &[]] {
        let mut all = vec!["perft", "--game", "duel", "--depth", "0"];
        all.extend_from_slice(args);
        let out = tigerseye(&all);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(stdout.contains("perft 0 = 1 "), "{args:?}: {stdout}");
    }
}

#[test]
fn check_game_clocks_runs_the_clock_scenarios_alone() {
    // `check --game clocks` was refused as an unknown game: there was no way to
    // run only the clock scenarios.
    let corpus = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(corpus.path().join("clocks")).unwrap();
    std::fs::create_dir_all(corpus.path().join("duel")).unwrap();
    std::fs::write(corpus.path().join("duel/broken.toml"), "title = ").unwrap();
    let clocks = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/clocks");
    for name in ["time-lag-bronstein.toml", "duel-time-lag.toml"] {
        std::fs::copy(
            std::path::Path::new(clocks).join(name),
            corpus.path().join("clocks").join(name),
        )
        .unwrap();
    }
    let dir = corpus.path().to_str().unwrap();
    let out = tigerseye(&["check", "--corpus", dir, "--game", "clocks"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The broken duel file is not read, and every clock ruling the two files
    // do not name is listed as having no scenario.
    assert!(!stdout.contains("broken.toml"), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["clocks", "2", "0", "0"]),
        "{stdout}"
    );
    assert!(!stdout.lines().any(|l| l.starts_with("duel ")), "{stdout}");
    assert!(stdout.contains("clocks.tigerclocks-reserve"), "{stdout}");
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    refused(
        &["check", "--game", "clock"],
        "unknown game `clock`; expected one of duel,",
    );
}

#[test]
fn scenario_prints_each_files_transcript_and_fails_on_a_failure() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios");
    let race = format!("{root}/race/double-set-back.toml");
    let clock = format!("{root}/clocks/dragon-rule-25-seven-hours.toml");
    let out = tigerseye(&["scenario", &race, &clock]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(&format!("== {race} (race scenario)\n# ")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("\n== {clock} (clock scenario)\n# ")),
        "{stdout}"
    );
    assert!(stdout.contains("legal (6): roll 1"), "{stdout}");
    assert_eq!(stdout.matches("\n-- passed\n").count(), 2, "{stdout}");
    // A scratch copy with one expectation broken: its line is named.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(&race).unwrap();
    let broken = text.replacen("[[step]]", "[[step]]\nturn = \"green\"", 1);
    assert_ne!(broken, text);
    let path = dir.path().join("mine.toml");
    std::fs::write(&path, &broken).unwrap();
    let path = path.to_str().unwrap();
    let line = broken
        .lines()
        .position(|l| l == "turn = \"green\"")
        .unwrap()
        + 1;
    let out = tigerseye(&["scenario", path]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("\n-- failed\n"), "{stdout}");
    assert!(stdout.contains(&format!("  {path}:{line}:")), "{stdout}");
    refused(&["scenario"], "required");
}

/// Runs `tigerseye ARGS --reports REPORTS`, sends it `signal` (`INT`,
/// `TERM`) once it runs, and returns what it printed and its status.
fn signalled(args: &[&str], reports: &tempfile::TempDir, signal: &str) -> std::process::Output {
    let child = Command::new(env!("CARGO_BIN_EXE_tigerseye"))
        .args(args)
        .arg("--reports")
        .arg(reports.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the tigerseye binary runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

/// Starts `tigerseye sim` of many Dragon games, sends it `signal` (`INT`,
/// `TERM`) once it runs, and checks that it finished the games under way,
/// wrote its report and failed as interrupted.
fn a_signal_stops_a_sim_and_writes_its_report_marked_interrupted(signal: &str) {
    let reports = tempfile::tempdir().unwrap();
    let out = signalled(
        &["sim", "--game", "dragon", "--games", "1000000", "--quiet"],
        &reports,
        signal,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{signal}: {stdout}\n{stderr}");
    assert!(
        stderr.contains("interrupted: finishing the games under way"),
        "{stderr}"
    );
    assert!(
        stdout.contains("games played: interrupted (Ctrl-C or SIGTERM) before the run's end"),
        "{stdout}"
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("report: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let dir = std::path::Path::new(line.trim_start_matches("report: "));
    let json = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(json.contains("\"interrupted\": true"), "{json}");
    let junit = std::fs::read_to_string(dir.join("junit.xml")).unwrap();
    assert!(junit.contains("interrupted (Ctrl-C or SIGTERM)"), "{junit}");
}

#[test]
fn ctrl_c_stops_a_sim_and_writes_its_report_marked_interrupted() {
    // An interrupted sim printed nothing and wrote no report: the failures
    // found so far and their replay commands were lost.
    a_signal_stops_a_sim_and_writes_its_report_marked_interrupted("INT");
}

#[test]
fn sigterm_stops_a_sim_as_ctrl_c_does() {
    // SIGTERM (what CI sends on a cancel or a timeout) ended a sim at once,
    // with no report.
    a_signal_stops_a_sim_and_writes_its_report_marked_interrupted("TERM");
}

#[test]
fn ctrl_c_stops_a_conform_run_and_writes_its_report_marked_interrupted() {
    // A conform run had no handler: Ctrl-C or SIGTERM ended it at once with
    // no report, losing every game compared so far.
    let reports = tempfile::tempdir().unwrap();
    let args = [
        "conform",
        "--engine",
        "self",
        "--game",
        "duel",
        "--games",
        "100000000",
        "--no-scenarios",
        "--node-limit",
        "0",
        "--quiet",
    ];
    let out = signalled(&args, &reports, "INT");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("interrupted: finishing the games under way"),
        "{stderr}"
    );
    let dir = std::fs::read_dir(reports.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.join("summary.json").is_file())
        .unwrap_or_else(|| panic!("no report in {}: {stdout}", reports.path().display()));
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("conform.json")).unwrap()).unwrap();
    let random = &run["games"][0]["random"];
    assert_eq!(random["interrupted"], true, "{random}");
    let games = random["games"].as_u64().unwrap();
    assert!(games > 0 && games < 100_000_000, "{random}");
    let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(
        md.contains(&format!(
            "interrupted (Ctrl-C or SIGTERM) after {games} random games"
        )),
        "{md}"
    );
}

#[test]
fn ctrl_c_before_the_sims_fails_a_nightly_as_interrupted() {
    // Ctrl-C while the corpus ran (before any sim) gave `nightly: clean`,
    // exit 0, with no sim played.
    use std::io::BufRead as _;
    let reports = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tigerseye"))
        .args(["nightly", "--budget", "60s", "--reports"])
        .arg(reports.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the tigerseye binary runs");
    // The first line comes as the corpus starts, the handler set.
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("== corpus"), "{first}");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{rest}");
    assert!(rest.contains("nightly: FAILED"), "{rest}");
    assert!(
        rest.contains(
            "failed: sim:all:interrupted: interrupted (Ctrl-C or SIGTERM): no sim of duel, "
        ),
        "{rest}"
    );
}

#[test]
fn seeds_indexes_and_node_limits_say_what_they_take() {
    // `--seed 0x10` said "invalid digit found in string", `--index` past
    // u64::MAX "number too large to fit in target type", and `check
    // --node-limit 0` passed checking no perft depth.
    refused(
        &["sim", "--game", "duel", "--seed", "0x10"],
        "expected a seed, a whole number from 0 to 18446744073709551615, found `0x10`",
    );
    refused(
        &[
            "replay",
            "--game",
            "duel",
            "--seed",
            "1",
            "--index",
            "99999999999999999999",
        ],
        "expected a game's index, a whole number from 0 to 18446744073709551615",
    );
    refused(
        &["check", "--node-limit", "0"],
        "expected a node limit, 1 or more, found `0` (0 would skip every perft depth)",
    );
}
