//! The cargo-fuzz seed corpora under `fuzz/corpus/`, replayed on stable: every
//! corpus the registry implies exists and every committed input passes its
//! target's checks; the fuzz workspace and the nightly workflow are derived
//! from the registry, not copied per game.

use std::path::{Path, PathBuf};

use tigerseye_conformance::fuzzing::{
    RANDOM_GAME, corpora, game_byte, matrix_json, random_game, random_game_corpus, replay_corpora,
    scenario_round_trip, targets, write_seed_corpora,
};
use tigerseye_engine::GameId;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

#[test]
fn every_fuzz_corpus_replays_clean() {
    let replays = replay_corpora(&repo("fuzz/corpus"));
    assert_eq!(replays.len(), corpora().len());
    // One random-game corpus per registered game, in registry order.
    for (&g, r) in GameId::ALL.iter().zip(&replays) {
        assert_eq!(r.target, random_game_corpus(g));
    }
    for r in &replays {
        assert!(r.failures.is_empty(), "{}: {:#?}", r.target, r.failures);
        assert!(r.inputs > 0, "{} has no inputs", r.target);
    }
}

#[test]
fn the_fuzz_workspace_builds_exactly_the_targets() {
    let manifest = std::fs::read_to_string(repo("fuzz/Cargo.toml")).unwrap();
    let bins: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.trim().strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|&n| n != "tigerseye-fuzz")
        .collect();
    assert_eq!(bins, targets(), "fuzz/Cargo.toml's [[bin]] targets");
    let mut files: Vec<String> = std::fs::read_dir(repo("fuzz/fuzz_targets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected: Vec<String> = targets().iter().map(|t| format!("{t}.rs")).collect();
    expected.sort();
    assert_eq!(
        files, expected,
        "fuzz/fuzz_targets/ holds one file per target"
    );
}

#[test]
fn a_game_byte_in_front_is_the_pinned_input() {
    // The unpinned target reads the first byte as the game; a game's own corpus
    // input, that byte in front, is the same game (first file of each corpus).
    for &g in GameId::ALL {
        let dir = repo("fuzz/corpus").join(random_game_corpus(g));
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let data = std::fs::read(&files[0]).unwrap();
        let prefixed: Vec<u8> = std::iter::once(game_byte(g)).chain(data.clone()).collect();
        assert_eq!(
            random_game(None, &prefixed),
            random_game(Some(g), &data),
            "{g}"
        );
        assert_eq!(
            tigerseye_conformance::fuzzing::split_game(&prefixed).map(|(x, _)| x),
            Some(g)
        );
    }
    // Only a game that declares it draws its options (never Duel's test-only
    // `fault`).
    assert!(tigerseye_conformance::fuzzing::draws_options(
        GameId::Dragon
    ));
    assert!(!tigerseye_conformance::fuzzing::draws_options(GameId::Duel));
    // An empty input picks no game and plays nothing.
    assert_eq!(random_game(None, &[]), Ok(()));
}

#[test]
fn the_seed_corpora_written_for_an_unpinned_fuzzer_replay_clean() {
    let out = tempfile::tempdir().unwrap();
    let n = write_seed_corpora(&repo("fuzz/corpus"), out.path()).unwrap();
    let committed: u64 = replay_corpora(&repo("fuzz/corpus"))
        .iter()
        .map(|r| r.inputs)
        .sum();
    assert_eq!(n as u64, committed);
    let mut per_game = vec![0usize; GameId::ALL.len()];
    for e in std::fs::read_dir(out.path().join(RANDOM_GAME)).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        per_game[usize::from(data[0])] += 1;
        assert_eq!(random_game(None, &data), Ok(()));
    }
    assert!(per_game.iter().all(|&n| n > 0), "{per_game:?}");
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
fn the_nightly_workflow_fuzzes_what_the_registry_lists() {
    let workflow = std::fs::read_to_string(repo(".github/workflows/nightly.yml")).unwrap();
    // The matrix comes from `tigerseye fuzz-matrix`, not from a copied list.
    assert!(
        workflow.contains("fuzz-matrix"),
        "nightly.yml runs no fuzz-matrix"
    );
    assert!(
        workflow.contains("fromJSON("),
        "nightly.yml builds no matrix from JSON"
    );
    for g in GameId::ALL {
        assert!(
            !workflow.contains(&random_game_corpus(*g)),
            "nightly.yml names {g}'s corpus by hand"
        );
    }
    // The matrix has one entry per corpus, each with its folder, target and game.
    let matrix: serde_json::Value = serde_json::from_str(&matrix_json()).unwrap();
    let include = matrix["include"].as_array().unwrap();
    assert_eq!(include.len(), corpora().len());
    for (entry, corpus) in include.iter().zip(corpora()) {
        assert_eq!(entry["folder"], corpus.folder.as_str());
        assert_eq!(entry["target"], corpus.target);
        assert_eq!(entry["game"], corpus.game);
        assert!(repo("fuzz/corpus").join(&corpus.folder).is_dir());
    }
}
