//! The clock scenarios of `clocks/` in the corpus check: each file loaded and
//! run as the runner runs every kind of scenario ([`Runnable`]), recorded
//! beside the games' under `clocks`, with the rulings and clauses it names;
//! then each clock ruling that no scenario names.

use std::collections::BTreeSet;
use std::path::Path;

use crate::check_results::{CheckSummary, CountedUnder, ScenarioResult};
use crate::clauses::{Citations, Index};
use crate::clock_scenario::{self, ClockScenario, FOLDER};
use crate::runner::{self, Runnable};
use crate::scenario::{self, Format};

/// Runs every `*.toml` under the corpus's `clocks/` folder and its subfolders
/// (none when it is absent) into `summary`, counted under [`FOLDER`] (a file
/// that does not load is a `load-error`, counted as failed); adds the rulings
/// they name to `named` and the clauses they cite to `cited`, an id not in
/// `index` an error in `errors` at its line (when the index loaded, that is
/// when `errors` is empty); then lists each clock ruling that no scenario
/// (of `named`) names.
///
/// # Errors
///
/// When the folder exists and cannot be read.
pub(super) fn check(
    root: &Path,
    index: &Index,
    summary: &mut CheckSummary,
    named: &mut BTreeSet<String>,
    cited: &mut Citations,
    errors: &mut Vec<String>,
) -> std::io::Result<()> {
    let dir = root.join(FOLDER);
    summary.per_game.entry(FOLDER.to_owned()).or_default();
    let index_loaded = errors.is_empty();
    // As the games' folders are walked: subfolders too, and a link to a
    // missing file is listed (it fails to load).
    let files = if dir.is_dir() {
        scenario::discover_in(vec![dir])?
    } else {
        Vec::new()
    };
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let loaded = match clock_scenario::load(&path) {
            Ok(loaded) => loaded,
            Err(e) => {
                summary.record(ScenarioResult::load_error(
                    rel,
                    CountedUnder::Clocks,
                    String::new(),
                    e.to_string(),
                ));
                continue;
            }
        };
        let header = loaded.scenario.header();
        for r in header.rulings {
            named.insert(r.get_ref().clone());
        }
        for id in header.clauses {
            if index.get(id.get_ref()).is_none() {
                if index_loaded {
                    errors.push(format!(
                        "{}: unknown clause `{}`: expected an id of scenarios/{}/",
                        loaded.locate(id.span().start),
                        id.get_ref(),
                        crate::clauses::FOLDER
                    ));
                }
                continue;
            }
            cited
                .entry(id.get_ref().clone())
                .or_default()
                .insert(rel.clone());
        }
        let run = ClockScenario::run(&loaded);
        summary.record(runner::result_of(rel, &loaded, run));
    }
    for ruling in tigerseye_engine::core::clocks::RULINGS {
        if !named.contains(ruling.id) {
            summary.rulings_without_scenario.push(ruling.id.to_owned());
        }
    }
    Ok(())
}
