//! A step's expectations of the clocks: what each side has left, the moves
//! each has made, and whose flag has fallen.

use tigerseye_engine::Side;
use tigerseye_engine::core::clocks::{Clocks, Millis};

use super::values::side;
use super::{ClockStep, LoadedClockScenario};

/// Checks a step's `left`, `made` and `flag` against the clocks.
pub(super) fn expect(
    loaded: &LoadedClockScenario,
    clocks: &Clocks,
    step: &ClockStep,
    failures: &mut Vec<String>,
) {
    // Side names are read in any case: `Red` and `red` are one clock.
    let mut seen = Vec::new();
    let once = |seen: &mut Vec<Side>, who: Side, at: usize| {
        if seen.contains(&who) {
            Err(format!(
                "{}: {who} is named twice in the table",
                loaded.locate(at)
            ))
        } else {
            seen.push(who);
            Ok(who)
        }
    };
    for (name, want) in step.left.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at)
            .and_then(|who| once(&mut seen, who, at))
            .and_then(|who| {
                let want_time: Millis = want
                    .get_ref()
                    .parse()
                    .map_err(|e| format!("{}: {e}", loaded.locate(at)))?;
                let left = clocks.remaining(who);
                if left == want_time {
                    Ok(())
                } else {
                    Err(format!(
                        "{}: {who} has {left} left, expected {want_time}",
                        loaded.locate(at)
                    ))
                }
            });
        failures.extend(check.err());
    }
    seen.clear();
    for (name, want) in step.made.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at)
            .and_then(|who| once(&mut seen, who, at))
            .and_then(|who| {
                let made = clocks.player(who).moves;
                if made == *want.get_ref() {
                    Ok(())
                } else {
                    Err(format!(
                        "{}: {who} has completed {made} move{}, expected {}",
                        loaded.locate(at),
                        if made == 1 { "" } else { "s" },
                        want.get_ref()
                    ))
                }
            });
        failures.extend(check.err());
    }
    if let Some(want) = &step.flag {
        let shown = clocks.flag().map_or_else(
            || "none".to_owned(),
            |f| format!("{} on move {}", f.side, f.move_number),
        );
        if shown != *want.get_ref() {
            failures.push(format!(
                "{}: the flag is `{shown}`, expected `{}` (`none` or such as `green on move 101`)",
                loaded.locate(want.span().start),
                want.get_ref()
            ));
        }
    }
}
