//! The skeleton of a clock scenario that `tigerseye new-scenario` prints
//! for a clock ruling.

use tigerseye_engine::core::clocks::{Lag, Millis, TimeControl};
use tigerseye_engine::registry::{clock_preset, clock_presets};
use tigerseye_engine::rulings::Ruling;

use super::MAX_MOVES;

/// A skeleton clock scenario exercising `ruling`, to fill in: the control its
/// question is about, that kind's fields and every step key, commented.
#[must_use]
pub fn template(ruling: &Ruling) -> String {
    let preset = match ruling.id {
        "clocks.tigerclocks-reserve" => "tigerclocks",
        "clocks.tigerswing" => "race",
        "clocks.increment-timing" => "dragon-example",
        "clocks.hunt-carry-over" => "diamond-qi",
        _ => "duel-5",
    };
    let presets = clock_presets();
    // Every ruling's preset is registered (a test says so); a countdown else.
    let control = clock_preset(preset).unwrap_or(TimeControl::Countdown {
        base: Millis::ZERO,
        lag: Lag::NONE,
    });
    let presets: Vec<&str> = presets.iter().map(|(n, _)| *n).collect();
    format!(
        "# scenarios/clocks/<name>.toml — the format: scenarios/README.md, \"Clock scenarios\"
title = \"What this example shows, in one line\"
source = \"<seed>, <section>: \\\"<the seed's words>\\\"\"
rulings = [{id:?}]
# status = \"disputed\"
# reason = \"why the seed's example cannot hold under the ruling\"
tags = []
# one of: {presets}
control = {preset:?}

# [fields]  the control's fields changed from the preset; a {kind} control has: {fields}
# (the ruling's other readings: {readings})

[[step]]
note = \"what this step shows\"
side = \"green\"
think = \"1m\"          # each move's time: 7h, 1h30m, 65s, 250ms or 4:59.000
# moves = 1             # how many such moves, 1 to {MAX_MOVES}
# (instead of side and think: next-hunt = \"diamond-quest\" and interval = \"30m\")
left = {{ green = \"...\" }}
# made = {{ green = 1 }}
# flag = \"none\"        # or \"green on move 3\"
# error = \"...\"        # the error the step ends with, as printed
",
        id = ruling.id,
        presets = presets.join(", "),
        kind = control.kind(),
        fields = control.fields().join(", "),
        readings = ruling
            .readings
            .iter()
            .skip(1)
            .map(|r| r.name)
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// Every clock ruling's id.
#[must_use]
pub fn clock_ruling_ids() -> Vec<&'static str> {
    tigerseye_engine::core::clocks::RULINGS
        .iter()
        .map(|r| r.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::clock_scenario::{parse, run};

    #[test]
    fn every_clock_rulings_template_loads_once_filled_in() {
        for r in tigerseye_engine::core::clocks::RULINGS {
            let text = template(r)
                .replace("<seed>, <section>: \\\"<the seed's words>\\\"", "seed")
                .replace(crate::scenario::SKELETON_TITLE, "t")
                .replace("\"...\"", "\"1:00:00.000\"");
            let loaded =
                parse(Path::new("t.toml"), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(loaded.scenario.rulings[0].get_ref(), r.id);
            assert!(
                run(&loaded)
                    .failures
                    .iter()
                    .all(|f| f.contains("left, expected"))
            );
        }
    }
}
