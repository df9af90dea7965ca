//! Values read from a clock scenario: the time control its preset and
//! `[fields]` make, a side's name, a time; each error at its place.

use std::collections::BTreeMap;

use tigerseye_engine::Side;
use tigerseye_engine::core::clocks::{Millis, MillisError, TimeControl};
use tigerseye_engine::registry::clock_preset;
use toml::Spanned;

use super::LoadedClockScenario;

/// The control a preset and its changed fields make.
pub(super) fn control(
    loaded: &LoadedClockScenario,
    name: &Spanned<String>,
    fields: &BTreeMap<String, Spanned<String>>,
) -> Result<TimeControl, String> {
    let mut c = clock_preset(name.get_ref())
        .map_err(|e| format!("{}: {e}", loaded.locate(name.span().start)))?;
    for (key, value) in fields {
        let at = value.span().start;
        // A time is bounded as the steps' are.
        let too_long = match value.get_ref().parse::<Millis>() {
            Ok(t) => t > MAX_TIME,
            Err(e) => matches!(e, MillisError::TooLarge(_)),
        };
        if too_long {
            time(loaded, value.get_ref(), at)?;
        }
        c.set(key, value.get_ref())
            .map_err(|e| format!("{}: {e}", loaded.locate(at)))?;
    }
    Ok(c)
}

/// A side's name read from a scenario, or an error at its place.
pub(super) fn side(loaded: &LoadedClockScenario, text: &str, at: usize) -> Result<Side, String> {
    text.parse::<Side>()
        .map_err(|e| format!("{}: {e}", loaded.locate(at)))
}

/// The longest time a clock scenario may write (a move, an interval, a
/// field): 10,000 hours. With at most [`MAX_MOVES`](super::MAX_MOVES) moves a step, no clock
/// comes near `u64::MAX` milliseconds, where it would saturate.
pub const MAX_TIME: Millis = Millis(10_000 * 3_600_000);

/// A time read from a scenario at `at`, at most [`MAX_TIME`].
pub(super) fn time(loaded: &LoadedClockScenario, text: &str, at: usize) -> Result<Millis, String> {
    let t: Millis = text.parse().map_err(|e| match e {
        // Past `u64::MAX` milliseconds: past this bound too, which is the one to name.
        MillisError::TooLarge(_) => too_long(loaded, text, at),
        MillisError::Malformed(_) => format!("{}: {e}", loaded.locate(at)),
    })?;
    if t > MAX_TIME {
        return Err(too_long(loaded, text, at));
    }
    Ok(t)
}

/// The error for a time past [`MAX_TIME`].
fn too_long(loaded: &LoadedClockScenario, text: &str, at: usize) -> String {
    format!(
        "{}: `{}` is longer than a clock scenario's longest time, 10000h",
        loaded.locate(at),
        tigerseye_engine::core::quoted(text)
    )
}
