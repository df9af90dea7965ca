//! The corpus's positions as starts of random games (`sim --from-corpus`, and
//! the nightly job's sims): every scenario's start and the position after
//! each of its steps, and every perft table's position, each under its
//! file's options.
//!
//! Random play from the standard start rarely reaches what the corpus holds:
//! imported positions (a Dragon army without its Woodland Princess), states
//! deep in a game (a truce counter near its limit), a repetition under way.
//! A start is kept as its save ([`Record::save`]), so a repetition under way
//! goes on with the positions it compares with. A file that does not load, a
//! position that does not import or a step that is refused ends that file's
//! starts there: `check` reports them; finished positions are left out (no
//! game to play), and a position met twice under the same options is kept
//! once, under the first file and step that reached it.

use std::collections::HashSet;
use std::path::Path;

use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor, Turn};

use crate::corpus::load_perft;
use crate::panics::catch_panic;
use crate::scenario::{self, PERFT_FOLDER};
use crate::sim::{Start, Starts};

/// The starts the corpus at `root` gives, each with its game, in the order of
/// the files (sorted by path) and of their steps and tables.
///
/// # Errors
///
/// When the corpus folder cannot be read.
pub fn collect(root: &Path) -> std::io::Result<Vec<(GameId, Start)>> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut keep = |game: GameId, start: Start| {
        if seen.insert((game, start.options.clone(), start.save.clone())) {
            found.push((game, start));
        }
    };
    for path in scenario::discover(root)? {
        let rel = relative(root, &path);
        let Ok(loaded) = scenario::load(&path) else {
            continue;
        };
        let s = &loaded.scenario;
        let Ok(game) = s.game.get_ref().parse::<GameId>() else {
            continue;
        };
        let options: Vec<(String, String)> = s
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.get_ref().clone()))
            .collect();
        let position = s.position.as_ref().map(|p| p.get_ref().clone());
        let steps: Vec<(bool, String)> = s
            .steps
            .iter()
            .map(|step| {
                let step = step.get_ref();
                match (&step.play, &step.chance) {
                    (Some(p), _) => (true, p.get_ref().clone()),
                    (None, Some(c)) => (true, c.get_ref().clone()),
                    (None, None) => (false, String::new()),
                }
            })
            .collect();
        let saves = game.visit(ScenarioSaves {
            options: &options,
            position: position.as_deref(),
            steps: &steps,
        });
        for (step, save) in saves {
            let from = match step {
                0 => format!("{rel}, its start"),
                k => format!("{rel}, after step {k}"),
            };
            keep(
                game,
                Start {
                    from,
                    options: options.clone(),
                    save,
                },
            );
        }
    }
    let perft = root.join(PERFT_FOLDER);
    if perft.is_dir() {
        for path in scenario::discover_in(vec![perft])? {
            let rel = relative(root, &path);
            let Ok(file) = load_perft(&path) else {
                continue;
            };
            let Ok(game) = file.game.parse::<GameId>() else {
                continue;
            };
            for table in &file.tables {
                let options: Vec<(String, String)> = table
                    .options
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let saves = game.visit(ScenarioSaves {
                    options: &options,
                    position: table.position.as_deref(),
                    steps: &[],
                });
                for (_, save) in saves {
                    keep(
                        game,
                        Start {
                            from: format!("{rel}, table {:?}", table.name),
                            options: options.clone(),
                            save,
                        },
                    );
                }
            }
        }
    }
    Ok(found)
}

/// The starts of `game` among `all` ([`collect`]'s), as a run's
/// [`Starts`]; `with_standard` as [`Starts::with_standard`].
#[must_use]
pub fn starts_of(all: &[(GameId, Start)], game: GameId, with_standard: bool) -> Starts {
    Starts {
        list: all
            .iter()
            .filter(|(g, _)| *g == game)
            .map(|(_, s)| s.clone())
            .collect(),
        with_standard,
    }
}

/// `path` below `root`, with `/` between its parts.
fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The saves of a scenario's states that are not over: its start (step 0) and
/// the state after each step that plays something (its number), until an
/// option, the position or a step is refused, or the engine panics.
struct ScenarioSaves<'a> {
    options: &'a [(String, String)],
    position: Option<&'a str>,
    /// Per step: whether it plays (a move or a chance outcome), and the text.
    steps: &'a [(bool, String)],
}

impl GameVisitor for ScenarioSaves<'_> {
    type Output = Vec<(usize, String)>;

    fn visit<G: Game>(self) -> Self::Output {
        let mut saves = Vec::new();
        // A panic ends the file's starts where it happened (`check` reports it).
        let _ = catch_panic(|| {
            let mut options = G::Options::default();
            for (k, v) in self.options {
                if options.set(k, v).is_err() {
                    return;
                }
            }
            let mut record = match self.position {
                None => Record::new(G::new(&options)),
                Some(p) => match restore::<G>(p, &options) {
                    Ok(r) => r,
                    Err(_) => return,
                },
            };
            let mut keep = |step: usize, record: &Record<G>| {
                if !matches!(record.state().turn(), Turn::Over(_)) {
                    saves.push((step, record.save_string()));
                }
            };
            keep(0, &record);
            for (i, (plays, text)) in self.steps.iter().enumerate() {
                if !plays {
                    continue;
                }
                let Ok(action) = record.state().parse_action(text) else {
                    return;
                };
                if record.play(action).is_err() {
                    return;
                }
                keep(i + 1, &record);
            }
        });
        saves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_step_and_perft_table_is_a_start() {
        let root = crate::corpus::root(None);
        let all = collect(&root).unwrap();
        let duel = starts_of(&all, GameId::Duel, false);
        let froms: Vec<&str> = duel.list.iter().map(|s| s.from.as_str()).collect();
        // The drawn line's positions, its start among them (the standard
        // start, met first there).
        assert!(
            froms
                .iter()
                .any(|f| f.starts_with("duel/") && f.ends_with(", its start")),
            "{froms:?}"
        );
        assert!(
            froms.iter().any(|f| f.contains(", after step ")),
            "{froms:?}"
        );
        // Perft tables give positions of their own (Duel's are all met
        // first in its scenarios, and kept once, under the scenario).
        assert!(
            all.iter().any(|(_, s)| s.from.starts_with("perft/")),
            "no perft table is a start"
        );
        // No position twice under the same options.
        let mut keys: Vec<_> = duel
            .list
            .iter()
            .map(|s| (s.options.clone(), s.save.clone()))
            .collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n);
        // Every registered game with scenarios has starts.
        for &game in GameId::ALL {
            assert!(
                !starts_of(&all, game, false).list.is_empty(),
                "no start for {game}"
            );
        }
    }

    /// A bug in a branch that needs a Dragon position without the Woodland
    /// Princess (planted: a check that fails every such state): random play
    /// from the standard start never gets there, the corpus's positions do,
    /// and the failure names the file and step its game started from, in
    /// its record, its replay line and its shrunk scenario.
    #[test]
    fn a_bug_only_a_corpus_position_reaches_is_found_from_the_corpus() {
        use crate::sim::{self, SimConfig};
        let seed = 0x5EED_C0DE;
        let _planted = crate::planted::fail_sims_lacking(seed, "dragon", "wp");
        let mut config = SimConfig::new(GameId::Dragon, 40);
        config.master_seed = seed;
        config.max_plies = 200;
        config.threads = Some(2);
        let standard = sim::run(&config).unwrap();
        assert_eq!(standard.games, 40);
        assert_eq!(standard.failed_games, 0, "{:?}", standard.failures.first());

        let all = collect(&crate::corpus::root(None)).unwrap();
        config.starts = starts_of(&all, GameId::Dragon, false);
        config.max_plies = 20;
        let n = config.starts.list.len() as u64;
        config.games = n;
        let from_corpus = sim::run(&config).unwrap();
        assert_eq!(from_corpus.games, n);
        assert!(
            from_corpus.failed_games > 0,
            "the corpus's starts missed it"
        );
        let first = &from_corpus.failures[0];
        assert_eq!(first.check, "planted");
        let from = first.from.as_deref().expect("a corpus start is named");
        assert!(
            from.starts_with("dragon/") || from.starts_with("perft/"),
            "{from}"
        );
        let start = config.starts.of(first.index).unwrap();
        assert_eq!(from, start.from);
        assert!(
            first.replay.contains(&format!(
                "--position {} --from {}",
                sim::shell_quoted(&start.save),
                sim::shell_quoted(from)
            )),
            "{}",
            first.replay
        );
        let shrunk = first.shrunk.as_ref().expect("shrunk");
        assert!(shrunk.toml.contains(from), "{}", shrunk.toml);
        let loaded = scenario::parse(Path::new("shrunk.toml"), &shrunk.toml).unwrap();
        assert!(loaded.scenario.position.is_some(), "{}", shrunk.toml);
    }

    #[test]
    fn a_repetition_under_way_starts_with_its_past() {
        // A save with actions: the positions the repetition compares with
        // come with the start.
        let root = crate::corpus::root(None);
        let all = collect(&root).unwrap();
        let with_past = all
            .iter()
            .filter(|(_, s)| s.save.contains(tigerseye_engine::core::save::SEPARATOR))
            .count();
        assert!(with_past > 0, "no start carries a past");
    }
}
