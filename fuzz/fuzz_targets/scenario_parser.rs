//! Scenario file text: no panic, and what loads prints back to an equal scenario.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::scenario_round_trip;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(violation) = scenario_round_trip(text)
    {
        panic!("{violation}");
    }
});
