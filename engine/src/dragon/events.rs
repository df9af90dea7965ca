//! Dragon's rule events: what an action did, as scenarios assert and
//! simulations count them.

use std::fmt;

use super::board::{DIRECTION_NAMES, NO_SQUARE, square_name};
use super::forces::{Force, Kind};
use super::procedures::{self, ProcedureEvent};
use super::sea::OceanEvent;
use super::seers::StateOfAffairs;
use super::text::side_name;
use crate::core::{RuleEvent, Side};

/// A rule event of Dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragonEvent {
    /// `capture`: `by` captured `captured` on `on` by replacement (blazing
    /// included).
    Capture {
        /// The capturing force.
        by: Force,
        /// Where.
        on: u8,
        /// The captured force.
        captured: Force,
    },
    /// `en-passant`: `by` captured the Gnome or Dwarf on `on` that had just
    /// passed the position `by` moved to.
    EnPassant {
        /// The Elf or Troll.
        by: Force,
        /// The captured force's position.
        on: u8,
        /// The captured force.
        captured: Force,
    },
    /// `arrow`: `by` loosed an arrow that brought down `captured` on `on`.
    Arrow {
        /// The archer.
        by: Force,
        /// Where.
        on: u8,
        /// The force brought down.
        captured: Force,
    },
    /// `maiden-flight`: a bird left her tower on `from` for `to`.
    Released {
        /// The tower's position.
        from: u8,
        /// Where she alighted.
        to: u8,
        /// Albatross or Raven.
        bird: Kind,
    },
    /// `demoted`: a Palace Defender or Citadel Watcher left the palace.
    Demoted {
        /// Where he now stands.
        on: u8,
        /// What he was.
        from: Force,
        /// What he is now.
        to: Kind,
    },
    /// What happened on Trafalgar Ocean: ramming, firing, commandeering,
    /// reverting, transformations, lost birds, forfeits ([`OceanEvent`]).
    Ocean(OceanEvent),
    /// `direct-capture`: the TrueBorn Prince (the Forest Sword) or the Red
    /// Witch (the Dark Crystal) came next to the enemy royal and captured him.
    DirectCapture {
        /// The Prince or the Red Witch.
        by: Force,
        /// The captured royal's position ([`NO_SQUARE`] in the White Room or
        /// the Stairwell).
        on: u8,
        /// The captured royal.
        captured: Force,
    },
    /// `flag-planted`: the flag-bearer on `on` planted his (her) flag in
    /// place of the enemy banner.
    FlagPlanted {
        /// The flag-bearer.
        by: Force,
        /// The covering position he stands on.
        on: u8,
    },
    /// A procedure's event: Towering, Interchanging, Springing, exchanges
    /// ([`ProcedureEvent`]).
    Procedure(ProcedureEvent),
    /// `seer`: an OverLord consulted his Seer, who told him the State of
    /// Affairs ([`seers`](super::seers)).
    Seer(StateOfAffairs),
    /// `truce-offered`: the side `by` offered a truce (rule 23.1, ruling
    /// `dragon.truce-agreement`); the opponent answers.
    TruceOffered {
        /// The offering OverLord.
        by: Side,
    },
    /// `conceded`: the side `by` conceded in lieu of `kind` (rule 27 a, ruling
    /// `dragon.concede`); the opponent answers.
    Conceded {
        /// The conceding OverLord.
        by: Side,
        /// What the concession is in lieu of.
        kind: super::conceding::InLieuOf,
    },
    /// `trident-opening`: the two Ships beside the Red Flagship re-aligned.
    Trident {
        /// The west Ship's new bow.
        west: u8,
        /// The east Ship's new bow.
        east: u8,
    },
}

impl RuleEvent for DragonEvent {
    fn tag(&self) -> &'static str {
        match self {
            DragonEvent::Capture { .. } => "capture",
            DragonEvent::EnPassant { .. } => "en-passant",
            DragonEvent::Arrow { .. } => "arrow",
            DragonEvent::Released { .. } => "maiden-flight",
            DragonEvent::Demoted { .. } => "demoted",
            DragonEvent::Trident { .. } => "trident-opening",
            DragonEvent::Seer(_) => "seer",
            DragonEvent::TruceOffered { .. } => "truce-offered",
            DragonEvent::Conceded { .. } => "conceded",
            DragonEvent::DirectCapture { .. } => "direct-capture",
            DragonEvent::FlagPlanted { .. } => "flag-planted",
            DragonEvent::Ocean(e) => e.tag(),
            DragonEvent::Procedure(e) => e.tag(),
        }
    }
}

/// Every event tag.
pub const EVENTS: &[&str] = &[
    "capture",
    "en-passant",
    "arrow",
    "maiden-flight",
    "demoted",
    "trident-opening",
    "rammed",
    "fired",
    "commandeered",
    "reverted",
    "transformed",
    "lost",
    "forfeited",
    "direct-capture",
    "flag-planted",
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
    "seer",
    "truce-offered",
    "conceded",
];

const _: () = assert!(procedures::events::TAGS.len() == 10);

fn name(f: Force) -> &'static str {
    f.kind().map_or("?", Kind::name)
}

impl fmt::Display for DragonEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DragonEvent::Capture { by, on, captured } => write!(
                f,
                "capture: {} takes {} on {}",
                name(by),
                name(captured),
                square_name(on)
            ),
            DragonEvent::EnPassant { by, on, captured } => write!(
                f,
                "en-passant: {} takes {} on {}",
                name(by),
                name(captured),
                square_name(on)
            ),
            DragonEvent::Arrow { by, on, captured } => write!(
                f,
                "arrow: {} brings down {} on {}",
                name(by),
                name(captured),
                square_name(on)
            ),
            DragonEvent::Released { from, to, bird } => write!(
                f,
                "maiden-flight: {} leaves her tower on {} for {}",
                bird.name(),
                square_name(from),
                square_name(to)
            ),
            DragonEvent::Demoted { on, from, to } => write!(
                f,
                "demoted: {} leaves the palace for {} and is {}",
                name(from),
                square_name(on),
                to.name()
            ),
            DragonEvent::Seer(affairs) => write!(f, "seer: {affairs}"),
            DragonEvent::TruceOffered { by } => write!(
                f,
                "truce-offered: the {} OverLord offers a truce",
                side_name(by)
            ),
            DragonEvent::Conceded { by, kind } => write!(
                f,
                "conceded: the {} OverLord concedes in lieu of {}",
                side_name(by),
                kind.name()
            ),
            DragonEvent::Ocean(e) => e.fmt(f),
            DragonEvent::DirectCapture { by, on, captured } if on == NO_SQUARE => write!(
                f,
                "direct-capture: {} captures {} in {}",
                name(by),
                name(captured),
                super::room::room_name(captured.kind())
            ),
            DragonEvent::DirectCapture { by, on, captured } => write!(
                f,
                "direct-capture: {} captures {} on {}",
                name(by),
                name(captured),
                square_name(on)
            ),
            DragonEvent::FlagPlanted { by, on } => {
                let (flag, banner) = if by.kind() == Some(Kind::TruebornPrince) {
                    ("the Forest Flag", "the Shadow Banner")
                } else {
                    ("a Storm Flag", "the TrueBorn Banner")
                };
                write!(
                    f,
                    "flag-planted: {} on {} plants {flag} in place of {banner}",
                    name(by),
                    square_name(on)
                )
            }
            DragonEvent::Procedure(e) => e.fmt(f),
            DragonEvent::Trident { west, east } => write!(
                f,
                "trident-opening: the Ships beside the Red Flagship turn {} and {}",
                DIRECTION_NAMES[west as usize & 7],
                DIRECTION_NAMES[east as usize & 7]
            ),
        }
    }
}
