//! Plays a Field Manual battle chosen by the fuzzer's bytes and checks every
//! invariant after every step: the first bytes draw the options, one byte per
//! option (`fuzzing::draw_options`: the mode, the turn-check reading), then
//! each byte picks among the legal actions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_engine::GameId;

fuzz_target!(|data: &[u8]| {
    if let Err((ply, violation)) =
        tigerseye_conformance::fuzzing::play_bytes(GameId::FieldManual, data)
    {
        panic!("field-manual: ply {ply}: {violation}");
    }
});
