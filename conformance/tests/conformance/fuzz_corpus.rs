//! The cargo-fuzz seed corpora under `fuzz/corpus/`, replayed on stable: every
//! target has a corpus and every committed input passes its target's checks.

use std::path::Path;

use tigerseye_conformance::fuzzing::{replay_corpora, scenario_round_trip, targets};

#[test]
fn every_fuzz_corpus_replays_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    let replays = replay_corpora(&root);
    assert_eq!(replays.len(), targets().len());
    for r in &replays {
        assert!(r.failures.is_empty(), "{}: {:#?}", r.target, r.failures);
        assert!(r.inputs > 0, "{} has no inputs", r.target);
    }
}

#[test]
fn every_fuzz_target_is_built_by_the_fuzz_workspace() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/Cargo.toml"))
            .unwrap();
    for t in targets() {
        assert!(
            manifest.contains(&format!("name = \"{t}\"")),
            "fuzz/Cargo.toml has no [[bin]] {t}"
        );
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../fuzz/fuzz_targets/{t}.rs"))
                .is_file(),
            "no fuzz_targets/{t}.rs"
        );
    }
}

#[test]
fn every_scenario_in_the_corpus_round_trips() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    for path in tigerseye_conformance::scenario::discover(&root).unwrap() {
        let text = std::fs::read_to_string(&path).unwrap();
        if let Err(v) = scenario_round_trip(&text) {
            panic!("{}: {v}", path.display());
        }
    }
}

#[test]
fn the_nightly_workflow_fuzzes_every_target() {
    let workflow = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../.github/workflows/nightly.yml"),
    )
    .unwrap();
    for t in targets() {
        assert!(
            workflow.contains(&t),
            ".github/workflows/nightly.yml does not fuzz {t}"
        );
    }
}
