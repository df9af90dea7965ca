//! Applying what happens on Trafalgar Ocean (seed 000): vessels advancing,
//! re-aligning, ramming and firing, forces boarding and leaving them, and the
//! flags they fly. The legal actions are [`moves::ocean`](super::moves)'s.
//!
//! - "Whilst operating on Trafalgar Ocean a force can by means of a normal move
//!   alight on and commandeer any unoccupied vessel of either Fleet or any
//!   vessel occupied by an opposing force (such force is then captured) ...
//!   Whenever a vessel is vacated she then reverts to her original colour if
//!   not already that colour" (`recolour`);
//! - Ramming: "They can sink an opposing vessel that is one position adjacent
//!   to the direction in which the Green Battering Ram (and bows) points. Any
//!   occupant on board the sunken ship is captured ... The Green Ship or
//!   Flagship moves to replace the sunken vessel";
//! - Firing: a Cannonball sinks a vessel "and capturing any occupant on board";
//!   the Flagship's cannonballs are counted in
//!   [`Counters::cannonballs`](super::state::Counters), by her own fleet (a
//!   commandeered Flagship fires her own);
//! - "A Captain never leaves his vessel and therefore if his vessel is sunk a
//!   Captain is lost along with his vessel" (the Ferrymen likewise): a sunk
//!   vessel is counted in [`Position::sunk`], her Captain or Ferryman with her.

use std::fmt;

use super::action::{Action, ActionKind};
use super::board::square_name;
use super::events::DragonEvent;
use super::forces::{Force, Kind};
use super::state::{Position, Vessel, VesselKind};
use crate::core::Side;

/// What happened on Trafalgar Ocean, as [`DragonEvent::Ocean`] carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OceanEvent {
    /// `rammed`: the vessel from `from` sank the vessel on `on` with her Ram
    /// and took her place.
    Rammed {
        /// The ramming vessel.
        by: Vessel,
        /// Where she was.
        from: u8,
        /// Where the sunk vessel was.
        on: u8,
        /// The sunk vessel.
        sunk: Vessel,
        /// Her occupant, captured (or none).
        captured: Force,
    },
    /// `fired`: the Flagship on `from` fired a Cannon and sank the vessel on
    /// `on`.
    Fired {
        /// The Flagship.
        by: Vessel,
        /// Where she is.
        from: u8,
        /// Where the sunk vessel was.
        on: u8,
        /// The sunk vessel.
        sunk: Vessel,
        /// Her occupant, captured (or none).
        captured: Force,
    },
    /// `commandeered`: a force boarded the vessel on `on`, who now flies his
    /// colour instead of the other.
    Commandeered {
        /// The force aboard.
        force: Force,
        /// Where.
        on: u8,
        /// The vessel, flying her new colour.
        vessel: Vessel,
    },
    /// `reverted`: the vessel on `on` was vacated and flies her original
    /// colour again.
    Reverted {
        /// Where.
        on: u8,
        /// The vessel, flying her own colour.
        vessel: Vessel,
    },
    /// `transformed`: a force crossing between a kingdom and the ocean became
    /// another (a promotion, a re-formation, the Storm Queen's transformation).
    Transformed {
        /// Where it now stands.
        on: u8,
        /// What it was.
        from: Kind,
        /// What it is.
        to: Kind,
    },
    /// `lost`: an unreleased Albatross (Raven) was lost when her tower left its
    /// kingdom.
    Lost {
        /// Where the tower now stands.
        on: u8,
        /// The bird.
        bird: Kind,
    },
    /// `forfeited`: the Storm Queen's bow, quiver and remaining Red Arrows went
    /// to the Jailer's office when she became the Red Witch.
    Forfeited {
        /// How many Red Arrows.
        arrows: u8,
    },
}

/// The event tags of [`OceanEvent`].
pub const TAGS: [&str; 7] = [
    "rammed",
    "fired",
    "commandeered",
    "reverted",
    "transformed",
    "lost",
    "forfeited",
];

impl OceanEvent {
    /// The event's tag.
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        match self {
            OceanEvent::Rammed { .. } => TAGS[0],
            OceanEvent::Fired { .. } => TAGS[1],
            OceanEvent::Commandeered { .. } => TAGS[2],
            OceanEvent::Reverted { .. } => TAGS[3],
            OceanEvent::Transformed { .. } => TAGS[4],
            OceanEvent::Lost { .. } => TAGS[5],
            OceanEvent::Forfeited { .. } => TAGS[6],
        }
    }
}

/// The seed's name of a vessel: "the Green Flagship", "a Red Ship".
#[must_use]
pub const fn vessel_name(v: Vessel) -> &'static str {
    match v.kind() {
        VesselKind::GreenFlagship => "the Green Flagship",
        VesselKind::GreenShip => "a Green Ship",
        VesselKind::RedFlagship => "the Red Flagship",
        VesselKind::RedShip => "a Red Ship",
    }
}

/// Who stands at her bows: "her Captain", "her Ferryman" (the Fleet Captain and
/// the Head Ferryman on the Flagships).
const fn bows_name(v: Vessel) -> &'static str {
    match v.kind() {
        VesselKind::GreenFlagship => "the Fleet Captain",
        VesselKind::GreenShip => "her Captain",
        VesselKind::RedFlagship => "the Head Ferryman",
        VesselKind::RedShip => "her Ferryman",
    }
}

fn colour_name(side: Side) -> &'static str {
    match side {
        Side::Green => "green",
        Side::Red => "red",
    }
}

fn force_name(f: Force) -> &'static str {
    f.kind().map_or("?", Kind::name)
}

fn write_sunk(f: &mut fmt::Formatter<'_>, sunk: Vessel, on: u8, captured: Force) -> fmt::Result {
    write!(
        f,
        "{} on {} sinks with {}",
        vessel_name(sunk),
        square_name(on),
        bows_name(sunk)
    )?;
    if captured.is_some() {
        write!(f, " and {} aboard is captured", force_name(captured))?;
    }
    Ok(())
}

impl fmt::Display for OceanEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            OceanEvent::Rammed {
                by,
                from,
                on,
                sunk,
                captured,
            } => {
                write!(
                    f,
                    "rammed: {} from {}: ",
                    vessel_name(by),
                    square_name(from)
                )?;
                write_sunk(f, sunk, on, captured)
            }
            OceanEvent::Fired {
                by,
                from,
                on,
                sunk,
                captured,
            } => {
                write!(
                    f,
                    "fired: a Cannon of {} on {}: ",
                    vessel_name(by),
                    square_name(from)
                )?;
                write_sunk(f, sunk, on, captured)
            }
            OceanEvent::Commandeered { force, on, vessel } => write!(
                f,
                "commandeered: {} boards {} on {}, who now flies {}",
                force_name(force),
                vessel_name(vessel),
                square_name(on),
                colour_name(vessel.colour())
            ),
            OceanEvent::Reverted { on, vessel } => write!(
                f,
                "reverted: {} on {} is vacated and flies {} again",
                vessel_name(vessel),
                square_name(on),
                colour_name(vessel.colour())
            ),
            OceanEvent::Transformed { on, from, to } => write!(
                f,
                "transformed: {} on {} is {}",
                from.name(),
                square_name(on),
                to.name()
            ),
            OceanEvent::Lost { on, bird } => write!(
                f,
                "lost: the unreleased {} leaves her kingdom with her tower (now on {}) and is lost",
                if bird == Kind::Albatross {
                    "Albatross"
                } else {
                    "Raven"
                },
                square_name(on)
            ),
            OceanEvent::Forfeited { arrows } => write!(
                f,
                "forfeited: her bow, quiver and {arrows} Red Arrow{} go to the Jailer's office",
                if arrows == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The colour the vessel on `sq` must fly: her occupant's, or her own when
/// empty.
#[inline]
fn due_colour(p: &Position, sq: u8, v: Vessel) -> Side {
    let f = p.force(sq);
    if f.is_some() {
        f.side()
    } else {
        v.kind().side()
    }
}

/// Makes the vessel on `sq` (if any) fly the colour she must: her occupant's
/// when boarded, her original colour when vacated. Returns her with her new
/// flag when it changed.
#[inline]
pub(crate) fn recolour(p: &mut Position, sq: u8) -> Option<Vessel> {
    let v = p.vessel(sq);
    if !v.is_some() {
        return None;
    }
    let due = due_colour(p, sq, v);
    if v.colour() == due {
        return None;
    }
    let v = v.with_colour(due);
    p.change_vessel(sq, v);
    Some(v)
}

/// Moves the force on `from` to `to`, capturing what stands there, and sets
/// both positions' flags: the grid part of a move, for the royals' safety test
/// (a copy of the position) and for [`apply`](super::apply). Returns the
/// captured force (or none).
pub(crate) fn shift(p: &mut Position, from: u8, to: u8) -> Force {
    let f = p.take(from);
    let captured = if p.force(to).is_some() {
        p.take(to)
    } else {
        Force::NONE
    };
    p.put(to, f);
    recolour(p, from);
    recolour(p, to);
    captured
}

/// Takes the vessel on `sq` and her occupant off the board (sunk, with her
/// Captain or Ferryman): returns both. The caller counts them.
fn scuttle(p: &mut Position, sq: u8) -> (Vessel, Force) {
    let v = p.take_vessel(sq);
    let f = if p.force(sq).is_some() {
        p.take(sq)
    } else {
        Force::NONE
    };
    (v, f)
}

/// The grid part of a vessel's advance or ram from `from` to `to`: she sinks
/// whatever vessel is on `to` and moves there with her occupant. Returns the
/// sunk vessel and her occupant (none when she only advanced).
pub(crate) fn sail(p: &mut Position, from: u8, to: u8) -> (Vessel, Force) {
    let sunk = if p.vessel(to).is_some() {
        scuttle(p, to)
    } else {
        (Vessel::NONE, Force::NONE)
    };
    let v = p.take_vessel(from);
    let f = p.force(from);
    if f.is_some() {
        p.take(from);
        p.put(to, f);
    }
    p.put_vessel(to, v);
    sunk
}

/// Records a sunk vessel (and her Captain or Ferryman) and her captured
/// occupant in the Barren Lands.
fn count_sunk(p: &mut Position, v: Vessel, captured: Force) {
    if captured.is_some() {
        super::apply::to_barren(p, captured);
    }
    p.edit_off_grid(|p| p.sunk[v.kind().index()] += 1);
}

/// Applies a vessel's action (advance, re-align, ram, fire), legal in `p`.
pub(crate) fn apply_vessel(p: &mut Position, action: Action, events: &mut impl FnMut(DragonEvent)) {
    let (from, to) = (action.from(), action.to());
    match action.kind() {
        Some(ActionKind::VesselAdvance) => {
            sail(p, from, to);
        }
        Some(ActionKind::VesselRealign) => {
            let v = p.vessel(from).with_bow(action.extra());
            p.change_vessel(from, v);
        }
        Some(ActionKind::Ram) => {
            let by = p.vessel(from);
            let (sunk, captured) = sail(p, from, to);
            events(DragonEvent::Ocean(OceanEvent::Rammed {
                by,
                from,
                on: to,
                sunk,
                captured,
            }));
            count_sunk(p, sunk, captured);
        }
        Some(ActionKind::Fire) => {
            let by = p.vessel(from);
            let (sunk, captured) = scuttle(p, to);
            events(DragonEvent::Ocean(OceanEvent::Fired {
                by,
                from,
                on: to,
                sunk,
                captured,
            }));
            count_sunk(p, sunk, captured);
            let fleet = by.kind().side().index();
            p.edit_off_grid(|p| {
                p.counters.cannonballs[fleet] -= 1;
                p.counters.spent_cannonballs[fleet] += 1;
            });
        }
        _ => {}
    }
}
