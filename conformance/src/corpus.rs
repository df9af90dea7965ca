//! The corpus under `scenarios/`: every scenario file, the perft tables in
//! `scenarios/perft/`, and the rule that every ruling has a scenario.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor};

use crate::report::{CheckSummary, PerftResult, ScenarioResult, VerdictCounts};
use crate::runner::{self, Verdict};
use crate::scenario::{self, locate};
use crate::search::perft;

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

/// A perft table file: `scenarios/perft/<game>.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerftFile {
    /// The game's name.
    pub game: String,
    /// How the numbers were computed and cross-checked.
    pub source: String,
    /// The tables.
    #[serde(rename = "table")]
    pub tables: Vec<PerftTable>,
}

/// Perft counts from one start.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerftTable {
    /// A name for the start, such as `standard start`.
    pub name: String,
    /// A position in the game's export format; the standard start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Game options.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// `nodes[d - 1]` is perft at depth `d`.
    pub nodes: Vec<u64>,
}

/// Reads a perft table file.
///
/// # Errors
///
/// `file:line:column: message` when it cannot be read or parsed.
pub fn load_perft(path: &Path) -> Result<PerftFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| {
        let at = e.span().map_or_else(
            || path.display().to_string(),
            |s| locate(path, &text, s.start),
        );
        format!("{at}: {}", e.message().trim())
    })
}

/// Computes a table's counts up to the depth whose count exceeds `node_limit`.
/// `None` for the depths skipped.
///
/// # Errors
///
/// When the game, options or position are not valid.
pub fn run_perft_table(
    game: GameId,
    table: &PerftTable,
    node_limit: u64,
) -> Result<Vec<Option<u64>>, String> {
    struct Visit<'a>(&'a PerftTable, u64);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Vec<Option<u64>>, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let mut options = G::Options::default();
            for (k, v) in &self.0.options {
                options.set(k, v).map_err(|e| e.to_string())?;
            }
            let start = match &self.0.position {
                Some(p) => G::import(p, &options).map_err(|e| e.to_string())?,
                None => G::new(&options),
            };
            Ok(self
                .0
                .nodes
                .iter()
                .enumerate()
                .map(|(d, &n)| (n <= self.1).then(|| perft(&start, d as u32 + 1)))
                .collect())
        }
    }
    game.visit(Visit(table, node_limit))
}

/// Runs every scenario and perft table under `root` (optionally one game's only)
/// and checks that every ruling has a scenario. Perft depths over `node_limit`
/// nodes are skipped.
///
/// # Errors
///
/// When the folder cannot be read.
pub fn check(root: &Path, only: Option<GameId>, node_limit: u64) -> anyhow::Result<CheckSummary> {
    let mut summary = CheckSummary::default();
    let mut named_rulings = BTreeSet::new();
    for path in scenario::discover(root)? {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let result = match scenario::load(&path) {
            Err(e) => ScenarioResult {
                path: rel,
                game: None,
                title: String::new(),
                verdict: "load-error".into(),
                reason: None,
                failures: vec![e.to_string()],
            },
            Ok(loaded) => {
                let game = loaded.scenario.game.get_ref().parse::<GameId>().ok();
                if only.is_some() && game != only {
                    continue;
                }
                for r in &loaded.scenario.rulings {
                    named_rulings.insert(r.get_ref().clone());
                }
                let run = runner::run(&loaded);
                if let Some(g) = run.game {
                    let per_game = summary.events.entry(g.name().to_owned()).or_default();
                    for (tag, n) in &run.events {
                        *per_game.entry((*tag).to_owned()).or_default() += n;
                    }
                }
                ScenarioResult {
                    path: rel,
                    game: run.game.map(|g| g.name().to_owned()),
                    title: loaded.scenario.title.clone(),
                    verdict: run.verdict.name().into(),
                    reason: loaded.scenario.reason.clone(),
                    failures: run.failures,
                }
            }
        };
        let counts = summary
            .per_game
            .entry(result.game.clone().unwrap_or_else(|| "?".into()))
            .or_default();
        match result.verdict.as_str() {
            "passed" => counts.passed += 1,
            "disputed" => counts.disputed += 1,
            _ => counts.failed += 1,
        }
        summary.scenarios.push(result);
    }
    for &game in GameId::ALL {
        if only.is_none_or(|g| g == game) {
            summary
                .per_game
                .entry(game.name().to_owned())
                .or_insert_with(VerdictCounts::default);
        }
    }
    let perft_dir = root.join("perft");
    if perft_dir.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&perft_dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        for path in files {
            let rel = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            let fail = |summary: &mut CheckSummary, message: String| {
                summary.scenarios.push(ScenarioResult {
                    path: rel.clone(),
                    game: None,
                    title: "perft table".into(),
                    verdict: "load-error".into(),
                    reason: None,
                    failures: vec![message],
                });
                summary.per_game.entry("?".into()).or_default().failed += 1;
            };
            let file = match load_perft(&path) {
                Ok(f) => f,
                Err(e) => {
                    fail(&mut summary, e);
                    continue;
                }
            };
            let game = match file.game.parse::<GameId>() {
                Ok(g) => g,
                Err(e) => {
                    fail(&mut summary, format!("{}: {e}", path.display()));
                    continue;
                }
            };
            if only.is_some_and(|g| g != game) {
                continue;
            }
            for table in &file.tables {
                match run_perft_table(game, table, node_limit) {
                    Err(e) => fail(
                        &mut summary,
                        format!("{}: table `{}`: {e}", path.display(), table.name),
                    ),
                    Ok(computed) => {
                        for (d, (&expected, computed)) in
                            table.nodes.iter().zip(computed).enumerate()
                        {
                            summary.perft.push(PerftResult {
                                file: rel.clone(),
                                name: table.name.clone(),
                                game: game.name().into(),
                                depth: d as u32 + 1,
                                expected,
                                computed,
                            });
                        }
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
    Ok(summary)
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
        if r.verdict != "passed" && r.verdict != "disputed" {
            println!(
                "\nFAILED {} ({}){}",
                r.path,
                r.verdict,
                if r.title.is_empty() {
                    String::new()
                } else {
                    format!(": {}", r.title)
                }
            );
            for f in &r.failures {
                println!("  {f}");
            }
            if r.verdict == Verdict::DisputedButPassed.name() {
                println!(
                    "  the scenario is marked disputed but now holds: set `status = \"confirmed\"` or fix the engine"
                );
            }
        }
    }
    let disputed: Vec<&ScenarioResult> = summary
        .scenarios
        .iter()
        .filter(|r| r.verdict == "disputed")
        .collect();
    if !disputed.is_empty() {
        println!("\ndisputed scenarios (expected not to hold):");
        for r in disputed {
            println!(
                "  {}: {}\n    reason: {}",
                r.path,
                r.title,
                r.reason.as_deref().unwrap_or("")
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
                "\nPERFT MISMATCH {} `{}` depth {}: table {} computed {c}",
                p.file, p.name, p.depth, p.expected
            );
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
        println!("\nrulings with no scenario naming them (add one under scenarios/<game>/):");
        for r in &summary.rulings_without_scenario {
            println!("  {r}");
        }
    }
}
