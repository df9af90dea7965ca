//! The rule events of the key-square games.

use std::fmt;

use crate::core::{Coord, RuleEvent, Side};

/// A rule event of a key-square game, with the seed's names of the pieces it
/// concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyEvent {
    /// `first-move`: the coin gave `side` the first move.
    FirstMove {
        /// Who moves first.
        side: Side,
    },
    /// `capture` (or `en-passant`): `by`'s `piece` captured the opposing `victim`;
    /// `at` is the square moved to.
    Capture {
        /// The capturing side.
        by: Side,
        /// The capturing piece's name.
        piece: &'static str,
        /// The captured piece's name.
        victim: &'static str,
        /// The square moved to.
        at: Coord,
        /// An en passant capture.
        en_passant: bool,
    },
    /// `key-taken`: `side`'s `piece`, which may take the Key, reached it.
    KeyTaken {
        /// The side.
        side: Side,
        /// The piece's name.
        piece: &'static str,
        /// The Key position.
        key: Coord,
    },
    /// `key-defended`: `side` answered the opposing piece on the Key: by capturing
    /// it, or (Secure, Capture the Key) by attacking the Key after its move.
    KeyDefended {
        /// The answering side.
        side: Side,
        /// Whether it captured on the Key (else it attacks it).
        captured: bool,
        /// The Key position.
        key: Coord,
    },
    /// `lone-continuation`: `side` captured the last opposing Character and moves
    /// on alone.
    LoneContinuation {
        /// The side moving on.
        side: Side,
    },
    /// `cannot-win`: `side` has no piece left that can ever stand on the Key (its
    /// Princess, its last Leader, ... captured): it can no longer win.
    CannotWin {
        /// The side.
        side: Side,
        /// The Key position.
        key: Coord,
    },
}

impl fmt::Display for KeyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KeyEvent::FirstMove { side } => write!(f, "first-move: {side} moves first"),
            KeyEvent::Capture {
                by,
                piece,
                victim,
                at,
                en_passant,
            } => {
                let tag = if en_passant { "en-passant" } else { "capture" };
                write!(
                    f,
                    "{tag}: {by} {piece} captures {} {victim} on {at}",
                    by.opponent()
                )
            }
            KeyEvent::KeyTaken { side, piece, key } => {
                write!(f, "key-taken: {side} {piece} on {key}")
            }
            KeyEvent::KeyDefended {
                side,
                captured,
                key,
            } => {
                if captured {
                    write!(f, "key-defended: {side} captures the holder on {key}")
                } else {
                    write!(f, "key-defended: {side} attacks {key}")
                }
            }
            KeyEvent::LoneContinuation { side } => {
                write!(f, "lone-continuation: {side} moves on alone")
            }
            KeyEvent::CannotWin { side, key } => write!(
                f,
                "cannot-win: {side} has no piece left that can stand on {key}"
            ),
        }
    }
}

impl RuleEvent for KeyEvent {
    fn tag(&self) -> &'static str {
        match self {
            KeyEvent::FirstMove { .. } => "first-move",
            KeyEvent::Capture {
                en_passant: false, ..
            } => "capture",
            KeyEvent::Capture {
                en_passant: true, ..
            } => "en-passant",
            KeyEvent::KeyTaken { .. } => "key-taken",
            KeyEvent::KeyDefended { .. } => "key-defended",
            KeyEvent::LoneContinuation { .. } => "lone-continuation",
            KeyEvent::CannotWin { .. } => "cannot-win",
        }
    }
}
