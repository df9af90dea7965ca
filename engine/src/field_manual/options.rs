//! The options: the manual's three modes, and the other reading of ruling
//! `field-manual.turn-check`.

use super::turn::Rules;
use crate::core::{GameOptions, OptionError, OptionSpec};

/// The game mode (seed 004, "Game modes": "Normal: three moves if able and a
/// check warning. The Long Game: one move per turn. Sniper: three moves if
/// able, with an exposed King capturable without a warning, including by a
/// pivot route. Direct king-safety rules still apply.").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Three moves a turn, check a warning.
    #[default]
    Normal,
    /// One move a turn.
    LongGame,
    /// Three moves a turn; a King may be captured, straight or by a pivot route.
    Sniper,
}

/// Ruling `field-manual.turn-check`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TurnCheck {
    /// An action is offered only when the turn can still end with the King safe.
    #[default]
    Lookahead,
    /// Every action is offered; a turn ending in check is checkmate.
    Loses,
}

/// The Field Manual's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FieldManualOptions {
    /// `mode = normal | long-game | sniper`.
    pub mode: Mode,
    /// `turn-check = lookahead | loses`.
    pub turn_check: TurnCheck,
    /// `fault = none | no-prince-swap` (feature `fault-injection` only).
    #[cfg(feature = "fault-injection")]
    pub fault: FieldManualFault,
}

/// A rule bug a test injects to prove that the harness finds rule bugs that
/// leave a consistent state (engine feature `fault-injection`, never on in a
/// normal build).
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FieldManualFault {
    /// The rules as written.
    #[default]
    None,
    /// The Prince's exchange with a Squire is missing from the legal actions
    /// (and refused).
    NoPrinceSwap,
}

const MODES: &[&str] = &["normal", "long-game", "sniper"];
const TURN_CHECKS: &[&str] = &["lookahead", "loses"];
#[cfg(feature = "fault-injection")]
const FAULTS: &[&str] = &["none", "no-prince-swap"];

/// The options that read the manual's modes and rulings.
const RULE_SPECS: [OptionSpec; 2] = [
    OptionSpec {
        key: "mode",
        values: MODES,
        ruling: None,
        doc: "the manual's game mode: three moves a turn (normal), one (long-game), or three with King captures (sniper)",
    },
    OptionSpec {
        key: "turn-check",
        values: TURN_CHECKS,
        ruling: Some("field-manual.turn-check"),
        doc: "whether a move after which the turn cannot end with the King safe is refused (lookahead) or offered and mates at the turn's end (loses)",
    },
];

impl FieldManualOptions {
    /// The rules these options select.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        Rules {
            moves: match self.mode {
                Mode::LongGame => 1,
                Mode::Normal | Mode::Sniper => 3,
            },
            sniper: matches!(self.mode, Mode::Sniper),
            loses: matches!(self.turn_check, TurnCheck::Loses),
        }
    }
}

impl GameOptions for FieldManualOptions {
    const DRAWN_IN_RANDOM_TESTS: bool = true;
    #[cfg(not(feature = "fault-injection"))]
    const SPECS: &'static [OptionSpec] = &RULE_SPECS;
    #[cfg(feature = "fault-injection")]
    const SPECS: &'static [OptionSpec] = &[
        RULE_SPECS[0],
        RULE_SPECS[1],
        OptionSpec {
            key: "fault",
            values: FAULTS,
            ruling: None,
            doc: "an injected rule bug, for testing the harness",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "mode" => {
                self.mode = match value {
                    "normal" => Mode::Normal,
                    "long-game" => Mode::LongGame,
                    "sniper" => Mode::Sniper,
                    _ => return Err(OptionError::bad_value(key, value, MODES)),
                };
            }
            "turn-check" => {
                self.turn_check = match value {
                    "lookahead" => TurnCheck::Lookahead,
                    "loses" => TurnCheck::Loses,
                    _ => return Err(OptionError::bad_value(key, value, TURN_CHECKS)),
                };
            }
            #[cfg(feature = "fault-injection")]
            "fault" => {
                self.fault = match value {
                    "none" => FieldManualFault::None,
                    "no-prince-swap" => FieldManualFault::NoPrinceSwap,
                    _ => return Err(OptionError::bad_value(key, value, FAULTS)),
                };
            }
            _ => return Err(OptionError::unknown_key(key, value, Self::SPECS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        match key {
            "mode" => Some(match self.mode {
                Mode::Normal => "normal",
                Mode::LongGame => "long-game",
                Mode::Sniper => "sniper",
            }),
            "turn-check" => Some(match self.turn_check {
                TurnCheck::Lookahead => "lookahead",
                TurnCheck::Loses => "loses",
            }),
            #[cfg(feature = "fault-injection")]
            "fault" => Some(match self.fault {
                FieldManualFault::None => "none",
                FieldManualFault::NoPrinceSwap => "no-prince-swap",
            }),
            _ => None,
        }
    }
}
