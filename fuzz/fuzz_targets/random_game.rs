//! Plays any registered game from the fuzzer's bytes (each byte picks among the
//! legal actions, chance outcomes included) and checks every invariant after
//! every step. The first byte picks the game (`fuzzing::split_game`), unless
//! `TIGERSEYE_FUZZ_GAME` names one: then every byte is a choice, the form of
//! that game's corpus `corpus/<game>_random_game/` (fuzz/README.md).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::{GAME_VAR, pinned_game, random_game};
use tigerseye_engine::GameId;

/// The game the environment pins the target to, read once.
static PINNED: OnceLock<Option<GameId>> = OnceLock::new();

fn pinned() -> Option<GameId> {
    *PINNED.get_or_init(|| {
        pinned_game().unwrap_or_else(|e| {
            eprintln!("{GAME_VAR}: {e}");
            std::process::exit(2)
        })
    })
}

fuzz_target!(
    init: {
        pinned();
    },
    |data: &[u8]| {
        if let Err(failure) = random_game(pinned(), data) {
            panic!("{failure}");
        }
    }
);
