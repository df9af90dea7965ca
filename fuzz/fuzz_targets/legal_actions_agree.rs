//! The first byte picks the game (for Dragon the next bytes draw its options,
//! one byte per option: `fuzzing::draws_options`); then each 9 bytes are an
//! arbitrary structured action (accepted exactly when listed) and a choice
//! among the legal actions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::{legal_actions_agree, split_game};

fuzz_target!(|data: &[u8]| {
    if let Some((game, rest)) = split_game(data)
        && let Err((ply, violation)) = legal_actions_agree(game, rest)
    {
        panic!("{game}: ply {ply}: {violation}");
    }
});
