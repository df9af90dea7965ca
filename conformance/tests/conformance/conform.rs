//! `conform`: tigerseye's own engine through the protocol for every game; an
//! engine that crashes, hangs or answers garbage is reported, never hangs the
//! harness; a rule bug on the engine's side is found, shrunk and written as a
//! scenario tigerseye passes; and Fairy-Stockfish on both Hunts through its
//! two adapters, when their engine is installed: pyffish, when a Python with
//! `pyffish` is named by `TIGERSEYE_PYFFISH_PYTHON`, and ffish.js, when `node`
//! runs and the `ffish` package is installed beside the adapter (or in the
//! `node_modules` that `TIGERSEYE_FFISH_NODE_MODULES` names).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use tigerseye_conformance::check_results::PerftCount;
use tigerseye_conformance::conform::{self, Config, ConformError, EngineCommand, StartError};
use tigerseye_conformance::corpus;
use tigerseye_engine::GameId;

fn tigerseye() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tigerseye"))
}

fn config(engine: EngineCommand, games: Vec<GameId>) -> Config {
    Config {
        engine,
        games,
        options: Vec::new(),
        corpus: corpus::root(None),
        scenarios: true,
        node_limit: 20_000,
        games_per_game: 3,
        shard: conform::Shard::WHOLE,
        budget: None,
        seed: 1,
        max_plies: 200,
        timeout: Duration::from_secs(60),
        shrink_seconds: 30.0,
        progress: false,
    }
}

fn self_engine() -> EngineCommand {
    EngineCommand::Program {
        program: tigerseye(),
        args: vec!["engine".to_owned()],
    }
}

/// tigerseye's engine and its `engine` command run through `sh`, its replies
/// passed through `filter` (a `sed` program, unbuffered).
fn filtered_self(filter: &str) -> EngineCommand {
    EngineCommand::Shell(format!(
        "'{}' engine | sed -u '{filter}'",
        tigerseye().display()
    ))
}

#[test]
fn every_game_agrees_with_itself_through_the_protocol() {
    let run = conform::run(&config(self_engine(), Vec::new())).expect("the engine starts");
    assert_eq!(run.games.len(), GameId::ALL.len(), "every registered game");
    for g in &run.games {
        assert!(
            g.disagreements.is_empty(),
            "{}: {:#?}",
            g.game,
            g.disagreements
        );
        assert!(g.skipped.is_empty(), "{}: {:?}", g.game, g.skipped);
        assert!(!g.scenarios.is_empty(), "{}: no scenario ran", g.game);
        assert!(
            g.perft.iter().any(|p| p.computed.is_some()),
            "{}: no perft row asked",
            g.game
        );
        assert_eq!(g.random.games, 3, "{}", g.game);
        if g.game == GameId::FieldManual {
            // Its table's rows by turn are asked too (those within the limit).
            assert!(
                g.perft
                    .iter()
                    .any(|p| p.count == PerftCount::Turns && p.computed == Some(p.expected)),
                "no row by turn asked: {:#?}",
                g.perft
            );
        }
        assert!(g.compared > g.random.plies, "{}", g.game);
    }
    assert_eq!(run.restarts, 0);
    assert!(!run.failed());
    // The report holds every scenario as a test case and the random games.
    let summary = conform::summary(&run);
    assert!(!summary.failed(), "{:?}", summary.notes);
}

#[test]
fn the_shards_of_the_random_games_add_up_to_the_whole_run() {
    let mut c = config(self_engine(), vec![GameId::DiamondQuest]);
    c.scenarios = false;
    c.node_limit = 0;
    c.games_per_game = 5;
    let whole = conform::run(&c).expect("the engine starts").games[0]
        .random
        .clone();
    assert_eq!(whole.games, 5);
    let (mut games, mut plies) = (0, 0);
    for k in 0..2 {
        c.shard = conform::Shard { k, n: 2 };
        let run = conform::run(&c).expect("the engine starts");
        assert_eq!(run.shard, Some(c.shard));
        let r = &run.games[0].random;
        // Shard 0 plays games 0, 2 and 4; shard 1 games 1 and 3.
        assert_eq!(r.games, 3 - k, "shard {k}/2");
        games += r.games;
        plies += r.plies;
        assert!(
            conform::summary(&run)
                .notes
                .iter()
                .any(|n| n.contains(&format!("shard {k}/2"))),
            "the notes name the shard"
        );
    }
    assert_eq!((games, plies), (whole.games, whole.plies));
}

#[test]
fn a_missing_legal_action_is_found_shrunk_and_written_as_a_scenario() {
    // The engine never lists the Knight's B1-C3: from the start, Red's first move.
    let engine = filtered_self(r#"s/,"B1-C3"//;s/"B1-C3",//;s/\["B1-C3"\]/[]/"#);
    let mut c = config(engine, vec![GameId::DiamondQuest]);
    c.scenarios = false;
    c.node_limit = 0;
    c.games_per_game = 20;
    let run = conform::run(&c).expect("the engine starts");
    let g = &run.games[0];
    assert!(run.failed());
    assert_eq!(g.disagreements.len(), 1, "{:#?}", g.disagreements);
    let d = &g.disagreements[0];
    assert!(
        d.message.contains("the engine lacks: `B1-C3`"),
        "{}",
        d.message
    );
    assert!(d.message.contains("shrunk from"), "{}", d.message);
    let text = d.scenario.as_deref().expect("a scenario is written");
    assert!(
        !text.starts_with("# tigerseye does not pass"),
        "tigerseye passes the written scenario:\n{text}"
    );
    assert!(text.contains("legal = ["), "{text}");
    assert!(text.contains("\"B1-C3\""), "{text}");
    // At most the coin and a Green move before Red's first move.
    assert!(text.matches("[[step]]").count() <= 2, "{text}");
}

#[test]
fn an_engine_that_answers_garbage_crashes_or_hangs_is_reported() {
    let hello = r#"{"type":"hello","protocol":1,"engine":"bad","games":["duel"]}"#;
    for (body, expected, timeout) in [
        ("while read l; do echo garbage; done", "garbage", 60.0),
        ("read l; exit 3", "no reply", 60.0),
        ("while read l; do sleep 5; done", "no reply within", 0.3),
    ] {
        let script = format!("read l; echo '{hello}'; {body}");
        let mut c = config(EngineCommand::Shell(script), vec![GameId::Duel]);
        c.scenarios = false;
        c.node_limit = 0;
        c.games_per_game = 1;
        c.timeout = Duration::from_secs_f64(timeout);
        c.shrink_seconds = 1.0;
        let run = conform::run(&c).expect("the engine says hello");
        let g = &run.games[0];
        // A failure of the engine, not a rules disagreement: reported, not
        // shrunk, and the run fails.
        assert!(g.disagreements.is_empty(), "{body}: {:#?}", g.disagreements);
        assert_eq!(g.random.engine_failures.len(), 1, "{body}");
        let failure = &g.random.engine_failures[0];
        assert!(failure.contains(expected), "{body}: {failure}");
        assert!(failure.contains("not a rules disagreement"), "{failure}");
        assert!(run.failed());
        assert!(conform::summary(&run).failed(), "{body}");
    }
}

#[test]
fn the_notes_list_only_the_declared_differences_of_the_games_checked() {
    let hello = r#"{"type":"hello","protocol":1,"engine":"fake","games":["duel","race"],"differences":[{"game":"duel","rule":"duel-rule","note":"not here"},{"game":"race","rule":"race-rule","note":"nor here"}]}"#;
    let script = format!("read l; echo '{hello}'; cat >/dev/null");
    let mut c = config(EngineCommand::Shell(script), vec![GameId::Duel]);
    c.scenarios = false;
    c.node_limit = 0;
    c.games_per_game = 0;
    let run = conform::run(&c).expect("the engine says hello");
    // The run keeps what the engine declared; its notes speak of duel only.
    assert_eq!(run.differences.len(), 2);
    let notes = conform::summary(&run).notes;
    let declared: Vec<&String> = notes
        .iter()
        .filter(|n| n.starts_with("declared difference"))
        .collect();
    assert_eq!(declared.len(), 1, "{notes:#?}");
    assert!(declared[0].contains("`duel-rule`"), "{notes:#?}");
}

#[test]
fn an_engine_of_another_protocol_or_games_is_refused() {
    let two = EngineCommand::Shell(r#"read l; echo '{"type":"hello","protocol":2}'"#.to_owned());
    match conform::run(&config(two, vec![GameId::Duel])) {
        Err(ConformError::Start(StartError::Protocol { found: 2, .. })) => {}
        other => panic!("{:?}", other.map(|r| r.engine)),
    }
    let duel_only = EngineCommand::Shell(
        r#"read l; echo '{"type":"hello","protocol":1,"games":["duel"]}'; cat >/dev/null"#
            .to_owned(),
    );
    match conform::run(&config(duel_only, vec![GameId::Race])) {
        Err(ConformError::NotPlayed { game, .. }) => assert_eq!(game, "race"),
        other => panic!("{:?}", other.map(|r| r.engine)),
    }
}

#[test]
fn the_conform_command_writes_its_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(tigerseye())
        .args([
            "conform", "--engine", "self", "--game", "duel", "--games", "2",
        ])
        .args(["--node-limit", "1000", "--quiet", "--reports"])
        .arg(dir.path())
        .output()
        .expect("tigerseye runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("duel:"), "{stdout}");
    let run_dir = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with("conform-"))
        .expect("a report folder")
        .path();
    for file in ["summary.json", "summary.md", "junit.xml", "conform.json"] {
        assert!(run_dir.join(file).is_file(), "{file}");
    }
}

const BUG: &str = " --bug towering-ignores-attacks";

fn adapters() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("adapters")
        .join("fairy_stockfish")
}

/// The Fairy-Stockfish adapter on pyffish, when a Python with `pyffish` is
/// named by `TIGERSEYE_PYFFISH_PYTHON`.
fn pyffish(bug: bool) -> Option<EngineCommand> {
    let python = std::env::var("TIGERSEYE_PYFFISH_PYTHON").ok()?;
    let adapter = adapters().join("adapter.py");
    Some(EngineCommand::Shell(format!(
        "'{python}' '{}'{}",
        adapter.display(),
        if bug { BUG } else { "" }
    )))
}

const PYFFISH_SKIPPED: &str =
    "skipped: TIGERSEYE_PYFFISH_PYTHON does not name a Python with pyffish";

/// The Fairy-Stockfish adapter on ffish.js, when `node` runs and the
/// `ffish` package is installed: in the adapter's own `node_modules`
/// (`npm ci` there), or in the `node_modules` folder that
/// `TIGERSEYE_FFISH_NODE_MODULES` names.
fn ffish_js(bug: bool) -> Option<EngineCommand> {
    let folder = adapters().join("ffish");
    let modules = match std::env::var_os("TIGERSEYE_FFISH_NODE_MODULES") {
        Some(dir) => PathBuf::from(dir),
        None => folder.join("node_modules"),
    };
    if !modules.join("ffish").join("package.json").is_file() {
        return None;
    }
    let node = Command::new("node").arg("--version").output().ok()?;
    if !node.status.success() {
        return None;
    }
    Some(EngineCommand::Shell(format!(
        "NODE_PATH='{}' node '{}'{}",
        modules.display(),
        folder.join("adapter.cjs").display(),
        if bug { BUG } else { "" }
    )))
}

const FFISH_JS_SKIPPED: &str = "skipped: no `node`, or no `ffish` package in \
    conformance/adapters/fairy_stockfish/ffish/node_modules (`npm ci` there) \
    nor in TIGERSEYE_FFISH_NODE_MODULES";

/// Fairy-Stockfish agrees with tigerseye on both Hunts: corpus, perft rows
/// and random games, every difference declared.
fn agrees_on_both_hunts(engine: EngineCommand) {
    let mut c = config(engine, vec![GameId::DiamondQuest, GameId::DiamondChess]);
    c.node_limit = 50_000;
    c.games_per_game = 20;
    let run = conform::run(&c).expect("the adapter starts");
    for g in &run.games {
        assert!(
            g.disagreements.is_empty(),
            "{}: {:#?}",
            g.game,
            g.disagreements
        );
        assert!(g.skipped.is_empty(), "{}: {:?}", g.game, g.skipped);
        assert!(!g.scenarios.is_empty(), "{}: no scenario ran", g.game);
        assert_eq!(g.random.games, 20, "{}", g.game);
    }
    assert!(
        !run.differences.is_empty(),
        "the adapter declares its differences"
    );
}

/// The adapter's injected Towering bug is found in random play, shrunk and
/// written as a scenario tigerseye passes.
fn finds_the_injected_towering_bug(engine: EngineCommand) {
    let mut c = config(engine, vec![GameId::DiamondQuest]);
    c.scenarios = false;
    c.node_limit = 0;
    c.games_per_game = 2_000;
    c.max_plies = 2_000;
    let run = conform::run(&c).expect("the adapter starts");
    let g = &run.games[0];
    assert_eq!(g.disagreements.len(), 1, "{:#?}", g.disagreements);
    let d = &g.disagreements[0];
    assert!(
        d.message
            .contains("actions the engine lists that tigerseye does not"),
        "{}",
        d.message
    );
    let text = d.scenario.as_deref().expect("a scenario is written");
    assert!(!text.starts_with("# tigerseye does not pass"), "{text}");
    assert!(text.contains("Where Fairy-Stockfish"), "{text}");
}

/// `engine`, or `None` after saying on standard error why the test skips.
fn installed(engine: Option<EngineCommand>, skipped: &str) -> Option<EngineCommand> {
    if engine.is_none() {
        eprintln!("{skipped}");
    }
    engine
}

#[test]
fn conform_fairy_stockfish() {
    if let Some(engine) = installed(pyffish(false), PYFFISH_SKIPPED) {
        agrees_on_both_hunts(engine);
    }
}

#[test]
fn conform_finds_an_injected_towering_bug_in_fairy_stockfish() {
    if let Some(engine) = installed(pyffish(true), PYFFISH_SKIPPED) {
        finds_the_injected_towering_bug(engine);
    }
}

#[test]
fn conform_fairy_stockfish_ffish_js() {
    if let Some(engine) = installed(ffish_js(false), FFISH_JS_SKIPPED) {
        agrees_on_both_hunts(engine);
    }
}

#[test]
fn conform_finds_an_injected_towering_bug_in_fairy_stockfish_ffish_js() {
    if let Some(engine) = installed(ffish_js(true), FFISH_JS_SKIPPED) {
        finds_the_injected_towering_bug(engine);
    }
}

/// The pyffish and ffish.js adapters are one adapter written twice: the
/// requests of a run through ffish.js (the scenarios, the perft rows and
/// random games of both Hunts), recorded, get the same replies from pyffish,
/// JSON for JSON, but for the engine's name in `hello`. Runs when both
/// adapters are installed.
#[test]
fn conform_the_two_fairy_stockfish_adapters_answer_alike() {
    let (Some(EngineCommand::Shell(js)), Some(EngineCommand::Shell(py))) =
        (ffish_js(false), pyffish(false))
    else {
        eprintln!("skipped: it needs both adapters ({PYFFISH_SKIPPED}; {FFISH_JS_SKIPPED})");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let requests = dir.path().join("requests.jsonl");
    let js_replies = dir.path().join("ffish-js.jsonl");
    let py_replies = dir.path().join("pyffish.jsonl");
    let recorded = EngineCommand::Shell(format!(
        "tee '{}' | {js} | tee '{}'",
        requests.display(),
        js_replies.display()
    ));
    let mut c = config(recorded, vec![GameId::DiamondQuest, GameId::DiamondChess]);
    c.games_per_game = 10;
    c.node_limit = 2_000;
    let run = conform::run(&c).expect("the ffish.js adapter starts");
    assert!(!run.failed(), "{:#?}", conform::summary(&run).notes);
    assert_eq!(run.restarts, 0, "one engine process, one recorded stream");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{py} < '{}' > '{}'",
            requests.display(),
            py_replies.display()
        ))
        .status()
        .unwrap();
    assert!(status.success());
    let lines = |path: &PathBuf| -> Vec<serde_json::Value> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                if let Some(hello) = v.as_object_mut()
                    && hello.get("type").and_then(|r| r.as_str()) == Some("hello")
                {
                    hello.remove("engine");
                }
                v
            })
            .collect()
    };
    let (js, py) = (lines(&js_replies), lines(&py_replies));
    assert!(js.len() > 1_000, "{} replies recorded", js.len());
    assert_eq!(js.len(), py.len(), "as many replies as requests");
    for (i, (a, b)) in js.iter().zip(&py).enumerate() {
        assert_eq!(a, b, "reply {} of {}", i + 1, js.len());
    }
}
