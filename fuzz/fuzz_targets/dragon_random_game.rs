//! Plays a Dragon game chosen by the fuzzer's bytes and checks every invariant
//! after every step: the first bytes draw the options, one byte per option
//! (`fuzzing::draw_options`: Knight variations, Trident deployment, truce
//! offers, concessions, ...), then each byte picks among the legal actions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_engine::GameId;

fuzz_target!(|data: &[u8]| {
    if let Err((ply, violation)) = tigerseye_conformance::fuzzing::play_bytes(GameId::Dragon, data) {
        panic!("dragon: ply {ply}: {violation}");
    }
});
