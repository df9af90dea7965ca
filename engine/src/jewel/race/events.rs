//! Race's rule events: what a move did, as scenarios assert and simulations count
//! them (seed 002, Race, "The Play, Moves & Setting-back powers of the Expedition
//! Leaders").

use std::fmt;

use super::track::GEOMETRY;
use crate::core::{RuleEvent, Side, Square};

/// What stopped a Diagonal Setting-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocker {
    /// The F6 position.
    F6,
    /// A Leader (or Leaders) on this track square, nearer than the opposing one.
    Leaders(Square),
    /// Two opposing Leaders on this square: Secured.
    Secured(Square),
}

/// A rule event of Race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceEvent {
    /// `forward-set-back`: `by` landed on `at`, sending the single opposing Leader
    /// there back to `to`.
    ForwardSetBack {
        /// The side that moved.
        by: Side,
        /// The square landed on.
        at: Square,
        /// The set-back Leader's starting square.
        to: Square,
    },
    /// `diagonal-set-back`: from `from` the diagonal reached the single opposing
    /// Leader on `at`, sent back to `to`.
    DiagonalSetBack {
        /// The side that moved.
        by: Side,
        /// The square landed on.
        from: Square,
        /// The set-back Leader's square.
        at: Square,
        /// His starting square.
        to: Square,
    },
    /// `double-set-back`: one move made a Forward and a Diagonal Set-back.
    DoubleSetBack {
        /// The side that moved.
        by: Side,
    },
    /// `diagonal-blocked`: the diagonal from `from` would have reached an opposing
    /// Leader on `shielded`, but `blocker` stopped it.
    DiagonalBlocked {
        /// The square landed on.
        from: Square,
        /// What stopped it.
        blocker: Blocker,
        /// The opposing Leader's square.
        shielded: Square,
    },
    /// `home`: a Leader of `side` went off the board beside his starting square.
    Home {
        /// The side.
        side: Side,
        /// The square he left.
        from: Square,
    },
    /// `pass`: `side` had no move with `throw`.
    Pass {
        /// The side.
        side: Side,
        /// The throw.
        throw: u8,
    },
    /// `move-limit`: both sides have made 50 moves; `second` moves again.
    MoveLimit {
        /// The side that moved second and moves again.
        second: Side,
    },
}

impl RuleEvent for RaceEvent {
    fn tag(&self) -> &'static str {
        match self {
            RaceEvent::ForwardSetBack { .. } => "forward-set-back",
            RaceEvent::DiagonalSetBack { .. } => "diagonal-set-back",
            RaceEvent::DoubleSetBack { .. } => "double-set-back",
            RaceEvent::DiagonalBlocked { .. } => "diagonal-blocked",
            RaceEvent::Home { .. } => "home",
            RaceEvent::Pass { .. } => "pass",
            RaceEvent::MoveLimit { .. } => "move-limit",
        }
    }
}

impl fmt::Display for RaceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |sq: Square| GEOMETRY.name(sq);
        match *self {
            RaceEvent::ForwardSetBack { by, at, to } => write!(
                f,
                "forward-set-back: {by} lands on {}, the {} Leader there goes back to {}",
                n(at),
                by.opponent(),
                n(to)
            ),
            RaceEvent::DiagonalSetBack { by, from, at, to } => write!(
                f,
                "diagonal-set-back: from {} {by} reaches the {} Leader on {}, who goes back to {}",
                n(from),
                by.opponent(),
                n(at),
                n(to)
            ),
            RaceEvent::DoubleSetBack { by } => write!(f, "double-set-back: by {by}"),
            RaceEvent::DiagonalBlocked {
                from,
                blocker,
                shielded,
            } => match blocker {
                Blocker::F6 => write!(
                    f,
                    "diagonal-blocked: F6 blocks the diagonal from {} to {}",
                    n(from),
                    n(shielded)
                ),
                Blocker::Leaders(at) => write!(
                    f,
                    "diagonal-blocked: the Leader on {} blocks the diagonal from {} to {}",
                    n(at),
                    n(from),
                    n(shielded)
                ),
                Blocker::Secured(at) => write!(
                    f,
                    "diagonal-blocked: the Leaders on {} are Secured against the diagonal from {}",
                    n(at),
                    n(from)
                ),
            },
            RaceEvent::Home { side, from } => {
                write!(
                    f,
                    "home: a {side} Leader goes off the board from {}",
                    n(from)
                )
            }
            RaceEvent::Pass { side, throw } => {
                write!(f, "pass: {side} has no move with a {throw}")
            }
            RaceEvent::MoveLimit { second } => write!(
                f,
                "move-limit: 50 moves each, no more Setting-back or Secured squares; {second} moves again"
            ),
        }
    }
}
