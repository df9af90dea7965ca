//! Plays a Jewel Series chosen by the fuzzer's bytes (each byte picks among the
//! legal actions: the bonus statements, every Facet's moves and coins, the
//! Adjacent taken off, the take-back, Race's die) and checks every invariant after
//! every step.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_engine::GameId;

fuzz_target!(|data: &[u8]| {
    if let Err((ply, violation)) =
        tigerseye_conformance::fuzzing::play_bytes(GameId::JewelSeries, data)
    {
        panic!("jewel-series: ply {ply}: {violation}");
    }
});
