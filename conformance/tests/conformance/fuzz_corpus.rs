//! The cargo-fuzz seed corpora under `fuzz/corpus/`, replayed on stable: every
//! committed input must play without breaking an invariant.

use std::path::Path;

use tigerseye_conformance::fuzzing::play_bytes;
use tigerseye_engine::GameId;

/// The random-game fuzz targets: `<game>_random_game`, with the game's `-` written
/// `_` (`diamond_qi_random_game`).
#[test]
fn random_game_corpora_replay_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    for &game in GameId::ALL {
        let dir = root.join(format!("{}_random_game", game.name().replace('-', "_")));
        let entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (every game has a fuzz target and a seed corpus)",
                    dir.display()
                )
            })
            .map(|e| e.unwrap().path())
            .collect();
        assert!(!entries.is_empty(), "{} is empty", dir.display());
        for path in entries {
            let data = std::fs::read(&path).unwrap();
            if let Err((ply, v)) = play_bytes(game, &data) {
                panic!("{}: ply {ply}: {v}", path.display());
            }
        }
    }
}
