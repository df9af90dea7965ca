//! Scenario file text: no panic, and what loads prints back to an equal scenario;
//! the same text read as a clock scenario loads or not, and runs with balanced
//! clocks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigerseye_conformance::fuzzing::{clock_scenario_runs, scenario_round_trip};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(violation) =
            scenario_round_trip(text).and_then(|()| clock_scenario_runs(text))
    {
        panic!("{violation}");
    }
});
