//! The first byte picks the game, the second how many of the next bytes are
//! choices playing into a position; the rest is action text read there: no
//! panic, and what reads prints back to the same action.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::{notation_round_trip, split_game};

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = split_game(data) else { return };
    let Some((&n, rest)) = rest.split_first() else { return };
    let n = usize::from(n).min(rest.len());
    let (choices, text) = rest.split_at(n);
    if let Ok(text) = std::str::from_utf8(text)
        && let Err(violation) = notation_round_trip(game, choices, text)
    {
        panic!("{game}: {violation}");
    }
});
