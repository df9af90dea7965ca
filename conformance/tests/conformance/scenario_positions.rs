//! The corpus's scenarios of one game that start from a position, for the
//! reference models' tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A scenario that starts from a position.
pub(crate) struct StartingPosition {
    /// Its file.
    pub(crate) path: PathBuf,
    /// Its position text.
    pub(crate) position: String,
    /// Its options, by name.
    pub(crate) options: BTreeMap<String, String>,
}

/// Every scenario in `scenarios/<folder>/` that starts from a position (a
/// file that does not load fails the test).
pub(crate) fn of(folder: &str) -> Vec<StartingPosition> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios")
        .join(folder);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let loaded = tigerseye_conformance::scenario::load(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let s = &loaded.scenario;
        let Some(position) = &s.position else {
            continue;
        };
        found.push(StartingPosition {
            position: position.get_ref().clone(),
            options: s
                .options
                .iter()
                .map(|(k, v)| (k.clone(), v.get_ref().clone()))
                .collect(),
            path,
        });
    }
    found
}
