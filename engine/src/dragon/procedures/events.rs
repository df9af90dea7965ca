//! The procedures' rule events (seed 000, "Check Lists"): what scenarios
//! assert and simulations count, one tag per procedure.

use std::fmt;

use super::Pending;
use crate::dragon::board::square_name;
use crate::dragon::forces::Kind;

/// A procedure's event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcedureEvent {
    /// `towering` (the Forest) or `castling` (the Storms): the royal moved two
    /// positions and his tower stands beside him as `became`.
    Towering {
        /// The Forest (Towering) or not (Castling).
        forest: bool,
        /// Where the royal now stands.
        royal: u8,
        /// Where the tower now stands.
        tower: u8,
        /// The Green or Red Sceptre, or the Storm Talisman.
        became: Kind,
    },
    /// `lost`: the unreleased Albatross (Raven) of the tower on `on` was lost
    /// as Towering (Castling) was exercised.
    Lost {
        /// Where the tower, now the Sceptre, stands.
        on: u8,
        /// The bird.
        bird: Kind,
    },
    /// `interchange`: a Dragon or Winged Serpent `afire` set afire on `on`,
    /// the royal (or the Red Witch) sent to the special area.
    Interchanged {
        /// The Ice Dragon afire, the Elder or Younger Winged Serpent afire.
        afire: Kind,
        /// The landing position.
        on: u8,
    },
    /// `declined`: the choice of a step was not to act.
    Declined {
        /// The step declined.
        step: Pending,
    },
    /// `queen-to-war`: the TrueBorn Queen went to war on `on`, with `arrows`
    /// Green Arrows.
    QueenToWar {
        /// The Woodland Princess's position, now the Queen's.
        on: u8,
        /// Green Arrows in her quiver.
        arrows: u8,
    },
    /// `sprung`: the Librarian or Jailer was Sprung onto `on`.
    Sprung {
        /// The Librarian or Jailer On Guard.
        kind: Kind,
        /// Where.
        on: u8,
    },
    /// `shield-lowered`: the Librarian (Forest) or Jailer lowered his Shield.
    ShieldLowered {
        /// The Librarian.
        forest: bool,
    },
    /// `storm-empress`: the Storm Queen on `on` became the Storm Empress.
    Empress {
        /// Where she stands.
        on: u8,
        /// Red Arrows forfeited with her bow and Storm Flag.
        arrows: u8,
    },
    /// `freed` (the Captive Wizard or Magician) or `exchanged` (a captured
    /// Knight or Ranger / Raider): an Elf or Troll on `on` changed places with
    /// `with`.
    Exchanged {
        /// What now stands on `on`.
        with: Kind,
        /// The home rank position.
        on: u8,
    },
}

/// Every tag of [`ProcedureEvent`].
pub const TAGS: [&str; 10] = [
    "towering",
    "castling",
    "interchange",
    "declined",
    "queen-to-war",
    "sprung",
    "shield-lowered",
    "storm-empress",
    "freed",
    "exchanged",
];

impl ProcedureEvent {
    /// The event's tag.
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        match self {
            ProcedureEvent::Towering { forest: true, .. } => TAGS[0],
            ProcedureEvent::Towering { forest: false, .. } => TAGS[1],
            ProcedureEvent::Lost { .. } => crate::dragon::sea::TAGS[5],
            ProcedureEvent::Interchanged { .. } => TAGS[2],
            ProcedureEvent::Declined { .. } => TAGS[3],
            ProcedureEvent::QueenToWar { .. } => TAGS[4],
            ProcedureEvent::Sprung { .. } => TAGS[5],
            ProcedureEvent::ShieldLowered { .. } => TAGS[6],
            ProcedureEvent::Empress { .. } => TAGS[7],
            ProcedureEvent::Exchanged {
                with: Kind::WizardUnchained | Kind::MagicianUnchained,
                ..
            } => TAGS[8],
            ProcedureEvent::Exchanged { .. } => TAGS[9],
        }
    }
}

impl fmt::Display for ProcedureEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())?;
        match *self {
            ProcedureEvent::Towering {
                royal,
                tower,
                became,
                ..
            } => write!(
                f,
                ": the royal to {}, {} on {}",
                square_name(royal),
                became.name(),
                square_name(tower)
            ),
            ProcedureEvent::Lost { on, bird } => write!(
                f,
                ": {} still inside the tower now on {} is lost as Towering (Castling) rights are exercised",
                bird.name(),
                square_name(on)
            ),
            ProcedureEvent::Interchanged { afire, on } => {
                write!(f, ": {} on {}", afire.name(), square_name(on))
            }
            ProcedureEvent::Declined { step } => write!(f, ": {}", step.name()),
            ProcedureEvent::QueenToWar { on, arrows } => write!(
                f,
                ": the TrueBorn Queen on {} with {arrows} Green Arrows",
                square_name(on)
            ),
            ProcedureEvent::Sprung { kind, on } => {
                write!(f, ": {} on {}", kind.name(), square_name(on))
            }
            ProcedureEvent::ShieldLowered { forest } => f.write_str(if forest {
                ": the Librarian"
            } else {
                ": the Jailer"
            }),
            ProcedureEvent::Empress { on, arrows } => write!(
                f,
                ": on {}, forfeiting her bow, Storm Flag and {arrows} Red Arrows",
                square_name(on)
            ),
            ProcedureEvent::Exchanged { with, on } => {
                write!(f, ": {} on {}", with.name(), square_name(on))
            }
        }
    }
}
