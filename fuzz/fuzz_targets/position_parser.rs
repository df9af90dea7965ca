//! The first byte picks the game; the rest is position text: no panic, and what
//! imports exports back to an equal state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::{position_round_trip, split_game};

fuzz_target!(|data: &[u8]| {
    if let Some((game, rest)) = split_game(data)
        && let Ok(text) = std::str::from_utf8(rest)
        && let Err(violation) = position_round_trip(game, text)
    {
        panic!("{game}: {violation}");
    }
});
