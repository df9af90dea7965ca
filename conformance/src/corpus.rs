//! The corpus under `scenarios/`: every scenario file, the perft tables in
//! `scenarios/perft/`, and the rule that every ruling has a scenario.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use tigerseye_engine::GameId;

use crate::check_results::{
    CheckSummary, CountedUnder, PerftCount, PerftResult, ScenarioResult, VerdictCounts,
};
use crate::runner::{self, Verdict};
use crate::scenario;
mod clocks;
mod perft_table;

pub use perft_table::{
    PerftFile, PerftTable, TurnRows, explain_mismatch, load_perft, run_perft_table, run_turn_rows,
};

/// The corpus folder: `dir` when given, else `scenarios/` in the current folder,
/// else the repository's `scenarios/` beside this crate.
#[must_use]
pub fn root(dir: Option<&Path>) -> PathBuf {
    if let Some(d) = dir {
        return d.to_owned();
    }
    let here = PathBuf::from("scenarios");
    if here.is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

pub use crate::check_results::UNKNOWN_GAME;

/// The quarantine's file at the corpus top level, the one file that goes there.
pub const QUARANTINE_FILE: &str = "quarantine.toml";

/// What `check --game` narrows the check to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// One game's scenarios, perft table and rulings.
    Game(GameId),
    /// The clock scenarios of `clocks/` and the clock rulings (`clocks`).
    Clocks,
}

impl From<GameId> for Only {
    fn from(game: GameId) -> Self {
        Only::Game(game)
    }
}

impl std::str::FromStr for Only {
    type Err = String;

    /// A game's name, or `clocks`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case(crate::scenario::CLOCKS_FOLDER) {
            return Ok(Only::Clocks);
        }
        s.parse::<GameId>()
            .map(Only::Game)
            .map_err(|e| format!("{e}, or `clocks` (the clock scenarios)"))
    }
}

/// Records a file that could not be checked (`load-error`) with its one
/// failure, counted as failed under its game, or [`UNKNOWN_GAME`].
fn load_error(
    summary: &mut CheckSummary,
    path: String,
    game: Option<GameId>,
    title: String,
    message: String,
) {
    summary.record(ScenarioResult::load_error(
        path,
        CountedUnder::game_or_unknown(game),
        title,
        message,
    ));
}

/// Runs every scenario and perft table under `root` and the clock scenarios of
/// `clocks/`, and checks that every ruling has a scenario; with `only`, one
/// game's files and rulings, or ([`Only::Clocks`]) the clocks' alone. Perft
/// depths over `node_limit` nodes are skipped.
///
/// # Errors
///
/// When the folder cannot be read.
pub fn check(root: &Path, only: Option<Only>, node_limit: u64) -> std::io::Result<CheckSummary> {
    let mut summary = CheckSummary::default();
    let mut named_rulings = BTreeSet::new();
    // The clause index: scenarios' `clauses` are checked against it, and a full
    // check measures its coverage.
    let (index, index_errors) = match crate::clauses::Index::load(root) {
        Ok(i) => (i, Vec::new()),
        Err(e) => (
            crate::clauses::Index::default(),
            e.iter().map(ToString::to_string).collect(),
        ),
    };
    let mut cited = crate::clauses::Citations::new();
    let mut ruling_scenarios: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let only = match only {
        Some(Only::Clocks) => {
            let mut unused = (crate::clauses::Citations::new(), Vec::new());
            clocks::check(
                root,
                &index,
                &mut summary,
                &mut named_rulings,
                &mut unused.0,
                &mut unused.1,
            )?;
            return Ok(summary);
        }
        Some(Only::Game(g)) => Some(g),
        None => None,
    };
    for path in scenario::discover(root)? {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        // The first folder under the corpus names the game: `<game>/<file>.toml`.
        let folder = path
            .strip_prefix(root)
            .ok()
            .and_then(|p| p.components().next())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        let folder_game = folder.parse::<GameId>().ok();
        let result = match scenario::load(&path) {
            Err(e) => {
                if only.is_some() && folder_game.is_some() && folder_game != only {
                    continue;
                }
                ScenarioResult::load_error(
                    rel,
                    CountedUnder::game_or_unknown(folder_game),
                    String::new(),
                    e.to_string(),
                )
            }
            Ok(loaded) => {
                let game = loaded.scenario.game.get_ref().parse::<GameId>().ok();
                // With `--game`, a file under the game's folder is checked whatever
                // game it names (a misfiled or unknown game is an error there, as in
                // a full check), and so is a file naming the game in another folder.
                let relevant = only.is_none()
                    || folder_game == only
                    || game == only
                    || (folder_game.is_none() && game.is_none());
                if !relevant {
                    continue;
                }
                let misfiled = match (game, folder_game) {
                    (Some(g), _) if folder != g.name() => Some(format!(
                        "{}: a `{g}` scenario under `{folder}/`: scenarios of {g} go under `{g}/`",
                        loaded.locate(loaded.scenario.game.span().start)
                    )),
                    (None, Some(f)) => Some(format!(
                        "{}: unknown game `{}` in a scenario under `{f}/`: expected `game = \"{f}\"`",
                        loaded.locate(loaded.scenario.game.span().start),
                        loaded.scenario.game.get_ref()
                    )),
                    _ => None,
                };
                if let Some(message) = misfiled {
                    let counted = game.or(folder_game);
                    load_error(
                        &mut summary,
                        rel,
                        counted,
                        loaded.scenario.title.clone(),
                        message,
                    );
                    continue;
                }
                if let Err(e) = crate::clauses::check_cited(&loaded, &index)
                    && index_errors.is_empty()
                {
                    let counted = game.or(folder_game);
                    load_error(
                        &mut summary,
                        rel,
                        counted,
                        loaded.scenario.title.clone(),
                        e.to_string(),
                    );
                    continue;
                }
                for id in &loaded.scenario.clauses {
                    cited
                        .entry(id.get_ref().clone())
                        .or_default()
                        .insert(rel.clone());
                }
                for r in &loaded.scenario.rulings {
                    named_rulings.insert(r.get_ref().clone());
                    ruling_scenarios
                        .entry(r.get_ref().clone())
                        .or_default()
                        .insert(rel.clone());
                }
                let run = runner::run(&loaded);
                if let Some(g) = run.game {
                    let per_game = summary.events.entry(g.name().to_owned()).or_default();
                    for (tag, n) in &run.events {
                        *per_game.entry((*tag).to_owned()).or_default() += n;
                    }
                }
                runner::result_of(rel, &loaded, run)
            }
        };
        summary.record(result);
    }
    // A scenario file at the top level is in no game's folder: it would not run.
    let mut top: Vec<PathBuf> = std::fs::read_dir(root)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && crate::scenario::is_toml(p)
                && p.file_name().is_some_and(|n| n != QUARANTINE_FILE)
        })
        .collect();
    top.sort();
    for path in top {
        let game = scenario::load(&path)
            .ok()
            .and_then(|l| l.scenario.game.get_ref().parse::<GameId>().ok());
        if only.is_some() && game.is_some() && game != only {
            continue;
        }
        let file = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let message = format!(
            "{}: a file at the corpus top level is not run: scenarios go under `<game>/`, perft tables under `perft/` (only `{QUARANTINE_FILE}` belongs here){}",
            path.display(),
            game.map_or_else(String::new, |g| format!("; move it to `{g}/{file}`"))
        );
        load_error(&mut summary, file, game, String::new(), message);
    }
    for &game in GameId::ALL {
        if only.is_none_or(|g| g == game) {
            summary
                .per_game
                .entry(game.name().to_owned())
                .or_insert_with(VerdictCounts::default);
        }
    }
    let perft_dir = root.join(scenario::PERFT_FOLDER);
    if perft_dir.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&perft_dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| crate::scenario::is_toml(p))
            .collect();
        files.sort();
        for path in files {
            let rel = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            // `perft/<game>.toml`: the file name names the game.
            let named = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse::<GameId>().ok());
            let fail = |summary: &mut CheckSummary, message: String| {
                load_error(summary, rel.clone(), named, "perft table".into(), message);
            };
            let file = match load_perft(&path) {
                Ok(f) => f,
                Err(e) => {
                    if only.is_none() || named.is_none() || named == only {
                        fail(&mut summary, e);
                    }
                    continue;
                }
            };
            let game = file.game.parse::<GameId>();
            if only.is_some() && named != only && game.as_ref().ok() != only.as_ref() {
                continue;
            }
            let game = match (game, named) {
                (Err(e), _) => {
                    fail(&mut summary, format!("{}: {e}", file.game_at));
                    continue;
                }
                (Ok(g), Some(n)) if g == n => g,
                (Ok(g), Some(n)) => {
                    fail(
                        &mut summary,
                        format!(
                            "{}: a `{g}` perft table in `{}`: expected `game = \"{n}\"` (the tables of {g} go in `perft/{g}.toml`)",
                            file.game_at, rel
                        ),
                    );
                    continue;
                }
                (Ok(g), None) => {
                    fail(
                        &mut summary,
                        format!(
                            "{}: a perft table file must be named after its game: expected `perft/{g}.toml`",
                            path.display()
                        ),
                    );
                    continue;
                }
            };
            for (i, table) in file.tables.iter().enumerate() {
                let at = file
                    .table_at
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| path.display().to_string());
                if table.nodes.is_empty() {
                    fail(
                        &mut summary,
                        format!(
                            "{at}: table `{}`: `nodes = []` checks nothing: expected the counts at depth 1, 2, ...",
                            table.name
                        ),
                    );
                    continue;
                }
                let rows = |summary: &mut CheckSummary,
                            count: PerftCount,
                            table_rows: &[u64],
                            computed: Vec<Option<u64>>| {
                    let first_bad = table_rows
                        .iter()
                        .zip(&computed)
                        .position(|(&e, c)| c.is_some_and(|c| c != e));
                    for (d, (&expected, computed)) in table_rows.iter().zip(computed).enumerate() {
                        let depth = d as u32 + 1;
                        summary.perft.push(PerftResult {
                            file: rel.clone(),
                            at: at.clone(),
                            name: table.name.clone(),
                            game,
                            depth,
                            count,
                            expected,
                            computed,
                            divide: (first_bad == Some(d))
                                .then(|| explain_mismatch(game, table, count, depth, expected)),
                        });
                    }
                };
                match run_perft_table(game, table, node_limit) {
                    Err(e) => fail(&mut summary, format!("{at}: table `{}`: {e}", table.name)),
                    Ok(computed) => rows(&mut summary, PerftCount::Actions, &table.nodes, computed),
                }
                if table.turns.is_empty() && table.turn_positions.is_empty() {
                    continue;
                }
                match run_turn_rows(game, table, node_limit) {
                    Err(e) => fail(&mut summary, format!("{at}: table `{}`: {e}", table.name)),
                    Ok(computed) => {
                        rows(
                            &mut summary,
                            PerftCount::Turns,
                            &table.turns,
                            computed.turns,
                        );
                        rows(
                            &mut summary,
                            PerftCount::TurnPositions,
                            &table.turn_positions,
                            computed.positions,
                        );
                    }
                }
            }
        }
    }
    for (game, ruling) in tigerseye_engine::rulings::all() {
        if only.is_none_or(|g| g == game) && !named_rulings.contains(ruling.id) {
            summary.rulings_without_scenario.push(ruling.id.to_owned());
        }
    }
    if only.is_none() {
        let mut index_errors = index_errors;
        clocks::check(
            root,
            &index,
            &mut summary,
            &mut named_rulings,
            &mut cited,
            &mut index_errors,
        )?;
        summary.clauses = Some(clause_coverage(
            &index,
            index_errors,
            cited,
            &named_rulings,
            &ruling_scenarios,
        ));
    }
    Ok(summary)
}

/// The coverage of the clause index by the scenarios' `cited` clauses and by
/// the clauses of every ruling a scenario names (`named`; `by` holds the game
/// scenarios naming each); a ruling citing a clause not in the index is an
/// error.
fn clause_coverage(
    index: &crate::clauses::Index,
    mut errors: Vec<String>,
    mut cited: crate::clauses::Citations,
    named: &BTreeSet<String>,
    by: &BTreeMap<String, BTreeSet<String>>,
) -> crate::clauses::Coverage {
    let index_loaded = errors.is_empty();
    let rulings = tigerseye_engine::rulings::all()
        .into_iter()
        .map(|(_, r)| r)
        .chain(tigerseye_engine::core::clocks::RULINGS);
    for ruling in rulings {
        for &id in ruling.clauses {
            if index.get(id).is_none() {
                if index_loaded {
                    errors.push(format!(
                        "ruling `{}` cites unknown clause `{id}`",
                        ruling.id
                    ));
                }
                continue;
            }
            if !named.contains(ruling.id) {
                continue;
            }
            let entry = cited.entry(id.to_owned()).or_default();
            match by.get(ruling.id) {
                Some(paths) => {
                    for p in paths {
                        entry.insert(format!("ruling {} ({p})", ruling.id));
                    }
                }
                None => {
                    entry.insert(format!("ruling {} (clocks/)", ruling.id));
                }
            }
        }
    }
    let mut coverage = crate::clauses::coverage(index, &cited);
    coverage.errors = errors;
    coverage
}

/// Prints the check's result: per game counts, failures with their lines, the
/// disputed scenarios with their reasons, and the clause coverage (every
/// clause with the scenarios that test it when `all_clauses`).
pub fn print_with(summary: &CheckSummary, all_clauses: bool) {
    print(summary);
    if let Some(c) = &summary.clauses {
        crate::clauses::print(c, all_clauses);
    }
}

/// Prints the check's result: per game counts, failures with their lines, and the
/// disputed scenarios with their reasons.
pub fn print(summary: &CheckSummary) {
    println!(
        "{:<14} {:>7} {:>7} {:>9}",
        "game", "passed", "failed", "disputed"
    );
    for (game, c) in &summary.per_game {
        println!(
            "{game:<14} {:>7} {:>7} {:>9}",
            c.passed, c.failed, c.disputed
        );
    }
    for r in &summary.scenarios {
        if r.verdict.is_failure() {
            println!(
                "\nFAILED {} ({}){}",
                printable(&r.path),
                r.verdict,
                if r.title.is_empty() {
                    String::new()
                } else {
                    format!(": {}", printable(&r.title))
                }
            );
            for f in &r.failures {
                println!("  {}", printable(f));
            }
            if r.verdict == Verdict::DisputedButPassed {
                println!(
                    "  the scenario is marked disputed but now holds: set `status = \"confirmed\"` or fix the engine"
                );
            }
        }
    }
    let disputed: Vec<&ScenarioResult> = summary
        .scenarios
        .iter()
        .filter(|r| r.verdict == Verdict::Disputed)
        .collect();
    if !disputed.is_empty() {
        println!("\ndisputed scenarios (expected not to hold):");
        for r in disputed {
            println!(
                "  {}: {}\n    reason: {}",
                printable(&r.path),
                printable(&r.title),
                printable(r.reason.as_deref().unwrap_or(""))
            );
        }
    }
    let mut perft_bad = 0;
    for p in &summary.perft {
        if let Some(c) = p.computed
            && c != p.expected
        {
            perft_bad += 1;
            println!(
                "\nPERFT MISMATCH {} `{}` {}: table {} computed {c}",
                printable(if p.at.is_empty() { &p.file } else { &p.at }),
                printable(&p.name),
                p.depth_label(),
                p.expected
            );
            if let Some(d) = &p.divide {
                println!("  {}", printable(d));
            }
        }
    }
    let checked = summary
        .perft
        .iter()
        .filter(|p| p.computed.is_some())
        .count();
    println!(
        "\nperft: {checked} table rows checked, {perft_bad} mismatched, {} skipped for the node limit",
        summary.perft.len() - checked
    );
    for game in summary.events.keys() {
        let never = summary.events_never_fired(game);
        if !never.is_empty() {
            println!(
                "\n{game}: rule events no scenario fires: {}",
                never.join(", ")
            );
        }
    }
    if !summary.rulings_without_scenario.is_empty() {
        println!(
            "\nrulings with no scenario naming them (add one under scenarios/<game>/, or scenarios/clocks/ for clocks.*):"
        );
        for r in &summary.rulings_without_scenario {
            println!("  {r}");
        }
    }
}

pub use crate::text::printable;

#[cfg(test)]
pub(crate) mod tests {
    #[test]
    fn the_console_escapes_control_characters() {
        assert_eq!(super::printable("plain — text"), "plain — text");
        assert_eq!(
            super::printable("a\u{1b}[2Jb\nc\td"),
            "a\\u{1b}[2Jb\\nc\\td"
        );
    }

    use super::*;

    fn table(position: Option<&str>, nodes: Vec<u64>) -> PerftTable {
        PerftTable {
            name: "t".into(),
            position: position.map(str::to_owned),
            options: BTreeMap::new(),
            nodes,
            turns: Vec::new(),
            turn_positions: Vec::new(),
        }
    }

    #[test]
    fn a_wrong_small_count_does_not_start_an_endless_walk() {
        // Depth 40 of Duel with a count of 1 under the node limit was walked in
        // full: `check` never ended.
        let mut nodes = vec![4, 16, 64, 240];
        nodes.resize(40, 1);
        let err = run_perft_table(GameId::Duel, &table(None, nodes), 300).unwrap_err();
        assert!(
            err.contains("depth 5: more than 300 leaves (the node limit), where the table says 1"),
            "{err}"
        );
    }

    #[test]
    fn depths_past_the_end_of_the_game_are_not_walked() {
        let over = "2G/1R1/3 green red-wins:hold-the-key";
        let counts = run_perft_table(GameId::Duel, &table(Some(over), vec![0; 64]), 10).unwrap();
        assert_eq!(counts, vec![Some(0); 64]);
        let counts = run_perft_table(GameId::Duel, &table(None, vec![4, 16, 64, 240, 800]), 500);
        assert_eq!(
            counts.unwrap(),
            vec![Some(4), Some(16), Some(64), Some(240), None]
        );
    }

    #[test]
    fn a_perft_table_not_utf8_is_an_error_at_its_first_bad_byte() {
        // It was "stream did not contain valid UTF-8", with no line.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("duel.toml");
        std::fs::write(&path, b"game = \"duel\"\nsource = \"caf\xe9\"\n").unwrap();
        let e = load_perft(&path).unwrap_err();
        assert!(
            e.starts_with(&format!("{}:2:14: byte 0xe9 is not UTF-8", path.display())),
            "{e}"
        );
    }

    #[test]
    fn perft_table_errors_name_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("duel.toml");
        let text = "game = \"dule\"\nsource = \"s\"\n\n[[table]]\nname = \"a\"\nnodes = [4]\n\n[[table]]\nname = \"b\"\nposition = \"xx\"\nnodes = [1]\n";
        std::fs::write(&path, text).unwrap();
        let file = load_perft(&path).unwrap();
        let at = |line: &str| format!("{}:{line}", path.display());
        assert_eq!(file.game_at, at("1:8"));
        assert_eq!(file.table_at, vec![at("4:1"), at("8:1")]);
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("perft")).unwrap();
        std::fs::write(root.path().join("perft/duel.toml"), text).unwrap();
        let summary = check(root.path(), None, 10).unwrap();
        let failures: Vec<&String> = summary.scenarios.iter().flat_map(|s| &s.failures).collect();
        assert!(
            failures[0].contains("duel.toml:1:8: unknown game `dule`"),
            "{failures:?}"
        );
        std::fs::write(
            root.path().join("perft/duel.toml"),
            text.replace("dule", "duel"),
        )
        .unwrap();
        let summary = check(root.path(), None, 10).unwrap();
        let failures: Vec<&String> = summary.scenarios.iter().flat_map(|s| &s.failures).collect();
        assert!(
            failures[0].contains("duel.toml:8:1: table `b`: cannot read position `xx`"),
            "{failures:?}"
        );
    }

    #[test]
    fn a_scenario_goes_under_its_games_folder() {
        // A `race` scenario under `duel/` ran as a race scenario without a word,
        // and a file that did not load was counted under `?`, not its folder's game.
        let root = tempfile::tempdir().unwrap();
        let duel = root.path().join("duel");
        std::fs::create_dir(&duel).unwrap();
        std::fs::write(
            duel.join("race.toml"),
            "title = \"t\"\ngame = \"race\"\nsource = \"s\"\n[[step]]\nnote = \"n\"\n",
        )
        .unwrap();
        std::fs::write(duel.join("broken.toml"), "title = ").unwrap();
        let summary = check(root.path(), None, 10).unwrap();
        let race = summary
            .scenarios
            .iter()
            .find(|s| s.path.ends_with("race.toml"))
            .unwrap();
        assert_eq!(race.verdict, Verdict::LoadError);
        assert!(
            race.failures[0].ends_with(
                "race.toml:2:8: a `race` scenario under `duel/`: scenarios of race go under `race/`"
            ),
            "{:?}",
            race.failures
        );
        let broken = summary
            .scenarios
            .iter()
            .find(|s| s.path.ends_with("broken.toml"))
            .unwrap();
        assert_eq!(broken.game, CountedUnder::Game(GameId::Duel));
        assert_eq!(summary.per_game["duel"].failed, 1);
        assert_eq!(summary.per_game["race"].failed, 1);
        assert!(!summary.per_game.contains_key("?"));
        let only_race = check(root.path(), Some(GameId::Race.into()), 10).unwrap();
        assert_eq!(only_race.scenarios.len(), 1);
    }

    /// The failures of `check` (with `only`) on `root`, one string each.
    fn failures(root: &Path, only: Option<GameId>) -> Vec<String> {
        check(root, only.map(Only::Game), 10)
            .unwrap()
            .scenarios
            .iter()
            .flat_map(|s| {
                s.failures
                    .iter()
                    .map(|f| format!("{} [{}]: {f}", s.path, s.game.name()))
            })
            .collect()
    }

    #[test]
    fn misfiled_files_are_errors_with_or_without_a_game() {
        // `check --game duel` skipped a `race` scenario (or one of an unknown game)
        // under `duel/` that a full check refused; `perft/duel.toml` saying
        // `game = "race"` was checked as race's; `nodes = []` checked nothing; a
        // scenario at the top level was never run.
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        for dir in ["duel", "perft"] {
            std::fs::create_dir(r.join(dir)).unwrap();
        }
        let scenario = |game: &str| {
            format!("title = \"t\"\ngame = \"{game}\"\nsource = \"s\"\n[[step]]\nnote = \"n\"\n")
        };
        std::fs::write(r.join("duel/race.toml"), scenario("race")).unwrap();
        std::fs::write(r.join("duel/nope.toml"), scenario("nope")).unwrap();
        std::fs::write(r.join("top.toml"), scenario("duel")).unwrap();
        std::fs::write(r.join("quarantine.toml"), "").unwrap();
        let table = |game: &str, nodes: &str| {
            format!(
                "game = \"{game}\"\nsource = \"s\"\n\n[[table]]\nname = \"start\"\nnodes = {nodes}\n"
            )
        };
        std::fs::write(r.join("perft/duel.toml"), table("race", "[1]")).unwrap();
        std::fs::write(r.join("perft/race.toml"), table("race", "[]")).unwrap();
        std::fs::write(r.join("perft/other.toml"), table("duel", "[4]")).unwrap();
        let expected = [
            "duel/race.toml [race]: ",
            "race.toml:2:8: a `race` scenario under `duel/`: scenarios of race go under `race/`",
            "duel/nope.toml [duel]: ",
            "nope.toml:2:8: unknown game `nope` in a scenario under `duel/`: expected `game = \"duel\"`",
            "top.toml [duel]: ",
            "a file at the corpus top level is not run: scenarios go under `<game>/`, perft tables under `perft/` (only `quarantine.toml` belongs here); move it to `duel/top.toml`",
            "perft/duel.toml [duel]: ",
            "duel.toml:1:8: a `race` perft table in `perft/duel.toml`: expected `game = \"duel\"` (the tables of race go in `perft/race.toml`)",
            "perft/other.toml [unknown]: ",
            "other.toml: a perft table file must be named after its game: expected `perft/duel.toml`",
            "perft/race.toml [race]: ",
            "race.toml:4:1: table `start`: `nodes = []` checks nothing: expected the counts at depth 1, 2, ...",
        ];
        for only in [None, Some(GameId::Duel)] {
            let found = failures(r, only);
            for pair in expected.chunks(2) {
                if only.is_some() && pair[0].starts_with("perft/race.toml") {
                    continue;
                }
                assert!(
                    found
                        .iter()
                        .any(|f| f.starts_with(pair[0]) && f.contains(pair[1])),
                    "{only:?}: {pair:?} not in {found:#?}"
                );
            }
        }
        // Nothing of another game under `--game diamond-qi`; the unnamed table
        // counts under `unknown`, not `?`.
        let summary = check(r, Some(GameId::DiamondQi.into()), 10).unwrap();
        assert!(summary.scenarios.is_empty(), "{:#?}", summary.scenarios);
        let summary = check(r, None, 10).unwrap();
        assert_eq!(summary.per_game[UNKNOWN_GAME].failed, 1);
        assert!(!summary.per_game.contains_key("?"));
    }

    #[test]
    fn a_table_deeper_than_the_walks_go_is_an_error() {
        let err = run_perft_table(GameId::Duel, &table(None, vec![1; 65]), 10).unwrap_err();
        assert!(err.contains("65 depths: at most 64"), "{err}");
    }

    /// A corpus of two Duel scenarios and a Duel perft table of two tables, one
    /// scenario's second step and one table named `planted` (where a planted
    /// panic goes off).
    pub(crate) fn corpus_with_planted_panics() -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        for dir in ["duel", "perft"] {
            std::fs::create_dir(r.join(dir)).unwrap();
        }
        let scenario = |note: &str| {
            format!(
                "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n[[step]]\nplay = \"C1-A1\"\n[[step]]\nnote = \"{note}\"\nturn = \"green\"\n"
            )
        };
        std::fs::write(r.join("duel/a-panics.toml"), scenario("planted")).unwrap();
        std::fs::write(r.join("duel/b-holds.toml"), scenario("fine")).unwrap();
        std::fs::write(
            r.join("perft/duel.toml"),
            "game = \"duel\"\nsource = \"s\"\n\n[[table]]\nname = \"planted\"\nnodes = [4]\n\n[[table]]\nname = \"start\"\nnodes = [4, 16]\n",
        )
        .unwrap();
        root
    }

    #[test]
    fn a_panic_fails_its_scenario_or_table_at_its_line_and_the_check_goes_on() {
        let root = corpus_with_planted_panics();
        let _planted = crate::planted::panic_on("planted");
        let summary = check(root.path(), None, 1_000).unwrap();
        let panicked = summary
            .scenarios
            .iter()
            .find(|s| s.path.ends_with("a-panics.toml"))
            .unwrap();
        assert_eq!(panicked.verdict, Verdict::Failed);
        assert_eq!(panicked.failures.len(), 1, "{:?}", panicked.failures);
        // The second `[[step]]`, on line 6, was running.
        assert!(
            panicked.failures[0].contains("a-panics.toml:6:1: panic: panicked at ")
                && panicked.failures[0].ends_with("planted panic at `planted`"),
            "{:?}",
            panicked.failures
        );
        let held = summary
            .scenarios
            .iter()
            .find(|s| s.path.ends_with("b-holds.toml"))
            .unwrap();
        assert_eq!(held.verdict, Verdict::Passed, "{:?}", held.failures);
        let table = summary
            .scenarios
            .iter()
            .find(|s| s.path == "perft/duel.toml")
            .unwrap();
        assert!(
            table.failures[0].contains("duel.toml:4:1: table `planted`: panic: panicked at "),
            "{:?}",
            table.failures
        );
        // The table after the one that panicked ran.
        assert_eq!(
            summary.perft.iter().map(|p| p.computed).collect::<Vec<_>>(),
            [Some(4), Some(16)]
        );
    }

    #[test]
    fn a_perft_mismatch_names_the_first_moves_under_it() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("perft")).unwrap();
        std::fs::write(
            root.path().join("perft/duel.toml"),
            "game = \"duel\"\nsource = \"s\"\n\n[[table]]\nname = \"start\"\nnodes = [4, 17, 65]\n",
        )
        .unwrap();
        let summary = check(root.path(), Some(GameId::Duel.into()), 1_000).unwrap();
        let rows: Vec<_> = summary.perft.iter().map(|p| p.divide.as_deref()).collect();
        // Only the first depth that differs carries the divide.
        assert!(rows[0].is_none() && rows[2].is_none(), "{rows:?}");
        let divide = rows[1].unwrap();
        let computed = summary.perft[1].computed.unwrap();
        assert!(
            divide.starts_with(&format!(
                "the engine's divide at depth 2 (the table's total 17, the engine's {computed}): "
            )),
            "{divide}"
        );
        let start = <tigerseye_engine::jewel::duel::Duel as tigerseye_engine::Game>::new(
            &Default::default(),
        );
        for first in crate::runner::sorted_legal(&start) {
            assert!(divide.contains(&format!("{first} ")), "{first}: {divide}");
        }
    }
}
