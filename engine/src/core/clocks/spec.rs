//! Time controls by name, and times as text: what a clock scenario
//! (`scenarios/clocks/`) writes.
//!
//! A control is a preset named after its game (each game's
//! [`Game::CLOCKS`](crate::core::Game::CLOCKS), collected by the registry), then
//! any of its fields set by key ([`TimeControl::set`]), so that a ruling's other
//! readings and the seed's sample figures can be written down. A time is written
//! in units (`7h`, `1h30m`, `65s`, `250ms`) or as [`Millis`] prints it
//! (`1:05:03.250`, `4:59.000`).

use std::str::FromStr;

use crate::core::Quoted;

use super::{
    IncrementTiming, Lag, LagReading, Millis, ReserveReading, SwingAfterLimit, SwingReading,
    TimeControl,
};

/// The text was not a time.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MillisError {
    /// Not in either form.
    #[error("expected a time such as `7h`, `1h30m`, `65s`, `250ms` or `4:59.000`, found `{}`", Quoted(.0))]
    Malformed(String),
    /// More than `u64::MAX` milliseconds.
    #[error("`{}` is too long a time: at most {} milliseconds", Quoted(.0), u64::MAX)]
    TooLarge(String),
}

impl FromStr for Millis {
    type Err = MillisError;

    /// `7h`, `1h30m`, `2m`, `65s`, `250ms`, `1m5s250ms` (whole numbers, units in
    /// the order h, m, s, ms, each at most once), or the printed form
    /// `[h:]m:ss.mmm` (minutes and seconds below 60 after an hour field, seconds
    /// below 60, three digits of milliseconds).
    ///
    /// # Errors
    ///
    /// [`MillisError`] naming the text, for anything else or a time past
    /// `u64::MAX` milliseconds.
    fn from_str(s: &str) -> Result<Millis, MillisError> {
        let bad = || MillisError::Malformed(s.to_owned());
        let large = || MillisError::TooLarge(s.to_owned());
        if s.contains(':') {
            return printed(s).map_err(|too_large| if too_large { large() } else { bad() });
        }
        let mut rest = s;
        let mut total: u64 = 0;
        // The units still allowed: each one only after the larger ones.
        let mut units: &[(&str, u64)] = &[("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1000)];
        if rest.is_empty() {
            return Err(bad());
        }
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return Err(bad());
            }
            // Only digits: the one error is a number past `u64::MAX`.
            let n: u64 = rest[..digits].parse().map_err(|_| large())?;
            rest = &rest[digits..];
            // `ms` is tried before `m`, so "5ms" is not read as "5m" and "s".
            let (i, &(unit, scale)) = units
                .iter()
                .enumerate()
                .find(|(_, (u, _))| rest.starts_with(u))
                .ok_or_else(bad)?;
            rest = &rest[unit.len()..];
            total = n
                .checked_mul(scale)
                .and_then(|v| total.checked_add(v))
                .ok_or_else(large)?;
            units = match unit {
                "h" => &units[i + 1..],
                "m" => &[("ms", 1), ("s", 1000)],
                "s" => &[("ms", 1)],
                _ => &[],
            };
        }
        Ok(Millis(total))
    }
}

/// `[h:]m:ss.mmm` as [`Millis`]'s `Display` writes it: `Err(true)` for a
/// time past `u64::MAX` milliseconds, `Err(false)` for another form.
fn printed(s: &str) -> Result<Millis, bool> {
    let (h, m, sec, ms) = printed_fields(s).ok_or(false)?;
    h.checked_mul(3_600_000)
        .and_then(|h| h.checked_add(m.checked_mul(60_000)?))
        .and_then(|t| t.checked_add(sec * 1000 + ms))
        .map(Millis)
        .ok_or(true)
}

/// The hours, minutes, seconds and milliseconds of `[h:]m:ss.mmm`.
fn printed_fields(s: &str) -> Option<(u64, u64, u64, u64)> {
    let (clock, ms) = s.split_once('.')?;
    if ms.len() != 3 || !ms.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fields: Vec<&str> = clock.split(':').collect();
    let number = |t: &str| -> Option<u64> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let (h, m, sec) = match fields.as_slice() {
        [m, sec] => (0, number(m)?, number(sec)?),
        [h, m, sec] if m.len() == 2 => (number(h)?, number(m)?, number(sec)?),
        _ => return None,
    };
    if sec >= 60 || fields[fields.len() - 1].len() != 2 || (fields.len() == 3 && m >= 60) {
        return None;
    }
    Some((h, m, sec, ms.parse().ok()?))
}

/// A time control could not be named or set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// No preset has the name.
    #[error("unknown time control `{}`: expected one of {}", Quoted(.given), .known.join(", "))]
    UnknownPreset {
        /// The name given.
        given: String,
        /// Every preset's name.
        known: Vec<&'static str>,
    },
    /// The control's kind has no such field.
    #[error("a {kind} control has no `{}`: its fields are {}", Quoted(.key), .fields.join(", "))]
    UnknownField {
        /// The key given.
        key: String,
        /// The control's kind.
        kind: &'static str,
        /// The fields it has.
        fields: &'static [&'static str],
    },
    /// The value does not fit the field.
    #[error("`{key}`: {expected}, found `{}`", Quoted(.given))]
    BadValue {
        /// The field.
        key: String,
        /// What it takes.
        expected: String,
        /// The value given.
        given: String,
    },
}

impl TimeControl {
    /// The kind's name: `countdown`, `tigerclocks`, `tigerswing` or
    /// `tigerincrement`.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            TimeControl::Countdown { .. } => "countdown",
            TimeControl::TigerClocks { .. } => "tigerclocks",
            TimeControl::TigerSwing { .. } => "tigerswing",
            TimeControl::TigerIncrement { .. } => "tigerincrement",
        }
    }

    /// The keys [`TimeControl::set`] takes for this kind.
    #[must_use]
    pub const fn fields(self) -> &'static [&'static str] {
        match self {
            TimeControl::Countdown { .. } => &["base", "lag", "lag-reading"],
            TimeControl::TigerClocks { .. } => &["engagement", "reserve-per-move", "reading"],
            TimeControl::TigerSwing { .. } => &[
                "reserve",
                "swing",
                "move-limit",
                "lag",
                "lag-reading",
                "reading",
                "after-limit",
            ],
            TimeControl::TigerIncrement { .. } => &[
                "reserve",
                "increment",
                "cut-off",
                "final-increment",
                "timing",
            ],
        }
    }

    /// Sets one field by key: a time (`base`, `lag`, `engagement`,
    /// `reserve-per-move`, `reserve`, `swing`, `increment`, `final-increment`), a
    /// count of moves (`move-limit`, `cut-off`), or a ruling's reading by its name
    /// in [`RULINGS`](super::RULINGS): `lag-reading` (`delay`, `bronstein`,
    /// `increment`), `reading` (TigerClocks: `accrued`, `per-move`; TigerSwing:
    /// `carried`, `per-move`), `after-limit` (`stops`, `continues`), `timing`
    /// (`after-move`, `before-move`).
    ///
    /// # Errors
    ///
    /// [`ControlError::UnknownField`] for a key this kind has not;
    /// [`ControlError::BadValue`] for a value that does not fit it.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), ControlError> {
        let kind = self.kind();
        let fields = self.fields();
        let bad = |expected: &str| ControlError::BadValue {
            key: key.to_owned(),
            expected: expected.to_owned(),
            given: value.to_owned(),
        };
        // The value is named once, by `BadValue`.
        let time = || {
            value.parse::<Millis>().map_err(|e| {
                bad(match e {
                    MillisError::Malformed(_) => {
                        "expected a time such as `7h`, `1h30m`, `65s`, `250ms` or `4:59.000`"
                    }
                    MillisError::TooLarge(_) => "too long a time",
                })
            })
        };
        let moves = || {
            value.parse::<u32>().map_err(|_| {
                // All digits, and still no number: past `u32::MAX`.
                bad(
                    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                        "at most 4294967295 moves"
                    } else {
                        "expected a whole number of moves"
                    },
                )
            })
        };
        let lag_reading = || match value {
            "delay" => Ok(LagReading::Delay),
            "bronstein" => Ok(LagReading::Bronstein),
            "increment" => Ok(LagReading::Increment),
            _ => Err(bad("expected `delay`, `bronstein` or `increment`")),
        };
        match (self, key) {
            (TimeControl::Countdown { base, .. }, "base") => *base = time()?,
            (TimeControl::Countdown { lag, .. } | TimeControl::TigerSwing { lag, .. }, "lag") => {
                lag.amount = time()?
            }
            (
                TimeControl::Countdown { lag, .. } | TimeControl::TigerSwing { lag, .. },
                "lag-reading",
            ) => {
                *lag = Lag {
                    reading: lag_reading()?,
                    ..*lag
                }
            }
            (TimeControl::TigerClocks { engagement, .. }, "engagement") => *engagement = time()?,
            (
                TimeControl::TigerClocks {
                    reserve_per_move, ..
                },
                "reserve-per-move",
            ) => *reserve_per_move = time()?,
            (TimeControl::TigerClocks { reading, .. }, "reading") => {
                *reading = match value {
                    "accrued" => ReserveReading::Accrued,
                    "per-move" => ReserveReading::PerMove,
                    _ => return Err(bad("expected `accrued` or `per-move`")),
                }
            }
            (
                TimeControl::TigerSwing { reserve, .. }
                | TimeControl::TigerIncrement { reserve, .. },
                "reserve",
            ) => *reserve = time()?,
            (TimeControl::TigerSwing { swing, .. }, "swing") => *swing = time()?,
            (TimeControl::TigerSwing { move_limit, .. }, "move-limit") => *move_limit = moves()?,
            (TimeControl::TigerSwing { reading, .. }, "reading") => {
                *reading = match value {
                    "carried" => SwingReading::Carried,
                    "per-move" => SwingReading::PerMove,
                    _ => return Err(bad("expected `carried` or `per-move`")),
                }
            }
            (TimeControl::TigerSwing { after_limit, .. }, "after-limit") => {
                *after_limit = match value {
                    "stops" => SwingAfterLimit::Stops,
                    "continues" => SwingAfterLimit::Continues,
                    _ => return Err(bad("expected `stops` or `continues`")),
                }
            }
            (TimeControl::TigerIncrement { increment, .. }, "increment") => *increment = time()?,
            (TimeControl::TigerIncrement { cut_off, .. }, "cut-off") => *cut_off = moves()?,
            (
                TimeControl::TigerIncrement {
                    final_increment, ..
                },
                "final-increment",
            ) => *final_increment = time()?,
            (TimeControl::TigerIncrement { timing, .. }, "timing") => {
                *timing = match value {
                    "after-move" => IncrementTiming::AfterMove,
                    "before-move" => IncrementTiming::BeforeMove,
                    _ => return Err(bad("expected `after-move` or `before-move`")),
                }
            }
            _ => {
                return Err(ControlError::UnknownField {
                    key: key.to_owned(),
                    kind,
                    fields,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn times_in_units_and_as_printed() {
        let ok = [
            ("7h", Millis::mins(420)),
            ("1h30m", Millis::mins(90)),
            ("2m", Millis::mins(2)),
            ("65s", Millis::secs(65)),
            ("250ms", Millis(250)),
            ("5ms", Millis(5)),
            ("1m5s250ms", Millis(65_250)),
            ("1h5ms", Millis(3_600_005)),
            ("0s", Millis::ZERO),
            ("4:59.000", Millis::secs(299)),
            ("1:05:03.250", Millis(3_903_250)),
            ("125:00.000", Millis::mins(125)),
        ];
        for (text, want) in ok {
            assert_eq!(text.parse::<Millis>(), Ok(want), "{text}");
        }
        for bad in [
            "",
            "h",
            "7",
            "1m1h",
            "1s1m",
            "2m2m",
            "7 h",
            "-1s",
            "1.5s",
            "4:59",
            "4:5.000",
            "1:60:00.000",
            "4:60.000",
            "4:59.00",
            ":59.000",
        ] {
            assert_eq!(
                bad.parse::<Millis>(),
                Err(MillisError::Malformed(bad.to_owned())),
                "{bad}"
            );
        }
        // Too long is said so, not "expected a time".
        for large in [
            "99999999999999999999h",
            "5124095576031h",
            "18446744073709551616ms",
            "5124095576031:00:00.000",
        ] {
            assert_eq!(
                large.parse::<Millis>(),
                Err(MillisError::TooLarge(large.to_owned())),
                "{large}"
            );
        }
    }

    #[test]
    fn fields_set_by_key() {
        let mut c = super::super::samples::TIGERINCREMENT;
        c.set("timing", "before-move").unwrap();
        c.set("cut-off", "40").unwrap();
        c.set("final-increment", "1h").unwrap();
        assert_eq!(
            c,
            TimeControl::TigerIncrement {
                reserve: Millis::mins(100),
                increment: Millis::mins(2),
                cut_off: 40,
                final_increment: Millis::mins(60),
                timing: IncrementTiming::BeforeMove,
            }
        );
        let mut d = super::super::samples::countdown_5s(5);
        d.set("lag-reading", "bronstein").unwrap();
        assert_eq!(
            d,
            TimeControl::Countdown {
                base: Millis::mins(5),
                lag: Lag {
                    amount: Millis::secs(5),
                    reading: LagReading::Bronstein
                }
            }
        );
        assert!(matches!(
            d.set("swing", "30s"),
            Err(ControlError::UnknownField {
                kind: "countdown",
                ..
            })
        ));
        assert!(matches!(
            d.set("base", "soon"),
            Err(ControlError::BadValue { .. })
        ));
        // The value is named once (it was `..., found `-1s`, found `-1s``).
        let e = d.set("base", "-1s").unwrap_err().to_string();
        assert_eq!(e.matches("-1s").count(), 1, "{e}");
        assert!(e.starts_with("`base`: expected a time such as"), "{e}");
        // Every listed field of every kind is settable.
        for preset in [
            super::super::samples::countdown_5s(5),
            super::super::samples::TIGERCLOCKS,
            super::super::samples::TIGERSWING,
            super::super::samples::TIGERINCREMENT,
        ] {
            for key in preset.fields() {
                let mut c = preset;
                let tries = ["1m", "3", "delay", "per-move", "continues", "before-move"];
                assert!(
                    tries.iter().any(|v| c.set(key, v).is_ok()),
                    "{}: {key}",
                    preset.kind()
                );
            }
        }
    }

    proptest! {
        #[test]
        fn a_printed_time_reads_back(ms in 0u64..1_000_000_000_000) {
            let t = Millis(ms);
            prop_assert_eq!(t.to_string().parse::<Millis>(), Ok(t));
        }
    }
}
