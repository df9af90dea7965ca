//! The readings of the rulings every key-square game makes, as options.
//!
//! Each game lists the keys it takes, with its own ruling ids, in
//! [`Params::OPTIONS`]; [`KeyOptions`] accepts exactly those.

use std::fmt;
use std::marker::PhantomData;

use super::Params;
use crate::core::{GameOptions, OptionError, OptionSpec};

/// When a win by the Key is recorded (each game's `key-win-timing` ruling).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyWinTiming {
    /// At once, on the move that leaves a piece on the Key, when the opponent has
    /// no way to answer (no capture of the holder; for Secure and Capture the Key,
    /// no move after which he attacks or has captured on the Key).
    #[default]
    AtOnce,
    /// Always after the opponent's reply, once that reply has not answered.
    AfterReply,
}

/// What the side whose opponent has no Character left does (each game's
/// `last-character` ruling).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LastCharacter {
    /// It moves on alone, move after move, until a piece that may take the Key
    /// stands on it (a win); a draw at once when none of its pieces can ever stand
    /// on the Key; threefold repetition still draws.
    #[default]
    PlayOn,
    /// The capture of the last opposing Character wins at once when one of the
    /// capturer's pieces can ever stand on the Key.
    WinAtOnce,
}

/// The side to move has no legal action, in a game without stalemate rules (each
/// game's `no-legal-action` ruling).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NoLegalAction {
    /// A draw, as Western Chess's stalemate.
    #[default]
    Draw,
    /// The side that cannot move loses.
    Lose,
}

/// The draw when neither side can ever take the Key (Ambush's
/// `insufficient-material`, Crystal's `lack-of-material`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MaterialDraw {
    /// A draw as soon as no piece of either side can ever stand on the Key by its
    /// movement alone (a piece bound to the other colour, a pawn past the Key).
    #[default]
    KeyReach,
    /// No such draw: the game goes on to repetition or the no-legal-action rule.
    Off,
}

/// The options of a key-square game `P`: the other readings of its rulings.
pub struct KeyOptions<P> {
    /// `key-win-timing`.
    pub key_win_timing: KeyWinTiming,
    /// `last-character`.
    pub last_character: LastCharacter,
    /// `no-legal-action`.
    pub no_legal_action: NoLegalAction,
    /// `insufficient-material` / `lack-of-material`.
    pub material: MaterialDraw,
    _game: PhantomData<P>,
}

impl<P> Clone for KeyOptions<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for KeyOptions<P> {}

impl<P> Default for KeyOptions<P> {
    fn default() -> Self {
        KeyOptions {
            key_win_timing: KeyWinTiming::default(),
            last_character: LastCharacter::default(),
            no_legal_action: NoLegalAction::default(),
            material: MaterialDraw::default(),
            _game: PhantomData,
        }
    }
}

impl<P> PartialEq for KeyOptions<P> {
    fn eq(&self, other: &Self) -> bool {
        self.key_win_timing == other.key_win_timing
            && self.last_character == other.last_character
            && self.no_legal_action == other.no_legal_action
            && self.material == other.material
    }
}

impl<P> Eq for KeyOptions<P> {}

impl<P> fmt::Debug for KeyOptions<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyOptions")
            .field("key_win_timing", &self.key_win_timing)
            .field("last_character", &self.last_character)
            .field("no_legal_action", &self.no_legal_action)
            .field("material", &self.material)
            .finish()
    }
}

/// The option keys naming the material draw.
const MATERIAL_KEYS: [&str; 2] = ["insufficient-material", "lack-of-material"];

impl<P: Params> GameOptions for KeyOptions<P> {
    const SPECS: &'static [OptionSpec] = P::OPTIONS;

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let Some(spec) = P::OPTIONS.iter().find(|s| s.key == key) else {
            return Err(OptionError::unknown_key(key, value, P::OPTIONS));
        };
        let bad = || OptionError::bad_value(key, value, spec.values);
        match key {
            "key-win-timing" => {
                self.key_win_timing = match value {
                    "at-once" => KeyWinTiming::AtOnce,
                    "after-reply" => KeyWinTiming::AfterReply,
                    _ => return Err(bad()),
                };
            }
            "last-character" => {
                self.last_character = match value {
                    "play-on" => LastCharacter::PlayOn,
                    "win-at-once" => LastCharacter::WinAtOnce,
                    _ => return Err(bad()),
                };
            }
            "no-legal-action" => {
                self.no_legal_action = match value {
                    "draw" => NoLegalAction::Draw,
                    "lose" => NoLegalAction::Lose,
                    _ => return Err(bad()),
                };
            }
            k if MATERIAL_KEYS.contains(&k) => {
                self.material = match value {
                    "key-reach" => MaterialDraw::KeyReach,
                    "off" => MaterialDraw::Off,
                    _ => return Err(bad()),
                };
            }
            _ => return Err(OptionError::unknown_key(key, value, P::OPTIONS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        P::OPTIONS.iter().find(|s| s.key == key)?;
        Some(match key {
            "key-win-timing" => match self.key_win_timing {
                KeyWinTiming::AtOnce => "at-once",
                KeyWinTiming::AfterReply => "after-reply",
            },
            "last-character" => match self.last_character {
                LastCharacter::PlayOn => "play-on",
                LastCharacter::WinAtOnce => "win-at-once",
            },
            "no-legal-action" => match self.no_legal_action {
                NoLegalAction::Draw => "draw",
                NoLegalAction::Lose => "lose",
            },
            k if MATERIAL_KEYS.contains(&k) => match self.material {
                MaterialDraw::KeyReach => "key-reach",
                MaterialDraw::Off => "off",
            },
            _ => return None,
        })
    }
}

/// The option specs every key game shares, with the game's ruling ids.
#[must_use]
pub const fn spec(key: &'static str, ruling: &'static str) -> OptionSpec {
    let (values, doc): (&'static [&'static str], &'static str) = match key.as_bytes() {
        b"key-win-timing" => (
            &["at-once", "after-reply"],
            "when a win by the Key is recorded",
        ),
        b"last-character" => (
            &["play-on", "win-at-once"],
            "whether the side left alone plays its way to the Key",
        ),
        b"no-legal-action" => (
            &["draw", "lose"],
            "what happens to a side to move with no legal action",
        ),
        _ => (
            &["key-reach", "off"],
            "the draw when neither side can ever stand on the Key",
        ),
    };
    OptionSpec {
        key,
        values,
        ruling: Some(ruling),
        doc,
    }
}
