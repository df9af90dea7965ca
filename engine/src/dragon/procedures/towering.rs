//! Towering and Castling (seed 000, the TrueBorn Prince's and the Dark
//! Warlord's "Choosing to exercise Towering rights", "Check Lists"):
//!
//! "Towering can only take place if the following conditions are met:"
//! "Neither the TrueBorn Prince nor the relevant Watchtower must have been
//! moved, or the Watchtower captured"; "The TrueBorn Prince must not be under
//! attack"; "Any positions passed over or landed on by the TrueBorn Prince
//! must not be under attack"; "All the positions between the TrueBorn Prince
//! and the relevant Watchtower must be unoccupied" (conditions 1-4). "Upon
//! completion of Towering, the relevant Watchtower is transformed into The
//! Green Sceptre." "The conditions for Castling are identical ... except that
//! the relevant Castle is automatically transformed into the Storm Talisman if
//! the Ice Dragon has previously been set afire (even if subsequently
//! captured)."
//!
//! The check list's own steps are lost; ruling `dragon.towering-geometry`: the
//! royal moves two positions along his rank towards the tower (the action
//! `E15-C15`), the tower crosses to the position he passed over (Chess
//! castling, and Jewel's Towering "to stand next to her"). An Albatross (Raven)
//! still inside is lost ("An Unreleased Albatross is deemed Lost ... if ... 2.
//! Towering rights are exercised"). Then, if any Guard (Warder) is left, the
//! choice of "both Guards into Buccaneers ... neither ... either one": `choose
//! N`, bit i of N transforming the i-th Guard in position order ("The choice
//! must be made immediately or both remain as Guards").

use super::{Pending, ProcedureEvent, retype, set_pending};
use crate::core::Side;
use crate::dragon::board::{NO_SQUARE, Region, SquareSet};
use crate::dragon::events::DragonEvent;
use crate::dragon::forces::{Force, Kind};
use crate::dragon::moves::{Ctx, LATERAL, attack::Threats};
use crate::dragon::sea::OceanEvent;
use crate::dragon::state::{Position, flags};
use arrayvec::ArrayVec;

/// The most Guards (Warders) a choice names (the seed has two; an imported
/// position's others stay Guards).
pub(crate) const MAX_GUARDS: usize = 4;

/// Whether `f` is an unmoved tower of `side` (with or without her bird).
fn unmoved_tower(f: Force, side: Side) -> bool {
    f.is_unmoved()
        && matches!(
            (side, f.kind()),
            (
                Side::Green,
                Some(Kind::Watchtower | Kind::WatchtowerAlbatross)
            ) | (Side::Red, Some(Kind::Castle | Kind::CastleRaven))
        )
}

/// Adds to `t` the landing positions of Towering (Castling) for the royal `f`
/// of the side to move on `from`.
pub(crate) fn targets(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    if !f.is_unmoved() || c.b.region(from) != Region::home(c.side) {
        return;
    }
    let mut threats: Option<Threats> = None;
    for d in LATERAL {
        let step = &c.b.land_step[d];
        let passed = step[from as usize];
        if passed == NO_SQUARE || c.p.force(passed).is_some() {
            continue;
        }
        let landing = step[passed as usize];
        if landing == NO_SQUARE || c.p.force(landing).is_some() {
            continue;
        }
        // Condition 4: unoccupied up to the tower, at least one beyond the
        // landing position.
        let mut s = step[landing as usize];
        while s != NO_SQUARE && c.p.force(s).is_none() {
            s = step[s as usize];
        }
        if s == NO_SQUARE || !unmoved_tower(c.p.force(s), c.side) {
            continue;
        }
        // Conditions 2 and 3.
        let th =
            threats.get_or_insert_with(|| Threats::new(c, c.side.opponent(), f, c.b.region(from)));
        if th.attacks(c, from, NO_SQUARE)
            || th.attacks(c, passed, from)
            || th.attacks(c, landing, from)
        {
            continue;
        }
        t.insert(landing);
    }
}

/// Whether the move of the force on `from` to `to` is Towering or Castling.
#[inline]
pub(crate) fn is_towering(p: &Position, from: u8, to: u8) -> bool {
    matches!(
        p.force(from).kind(),
        Some(Kind::TruebornPrince | Kind::DarkWarlord)
    ) && from.abs_diff(to) == 2
        && crate::dragon::board::rank_of(from) == crate::dragon::board::rank_of(to)
}

/// Applies Towering (Castling) from `from` to `to`.
pub(crate) fn apply(p: &mut Position, from: u8, to: u8, events: &mut impl FnMut(DragonEvent)) {
    let b = crate::dragon::board::board();
    let side = p.to_move;
    let d = if to > from { LATERAL[0] } else { LATERAL[1] };
    let passed = b.land_step[d][from as usize];
    let mut s = b.land_step[d][to as usize];
    while p.force(s).is_none() {
        s = b.land_step[d][s as usize];
    }
    let royal = p.take(from);
    p.put(to, royal.moved());
    let tower = p.take(s);
    let became = match side {
        Side::Green => Kind::GreenSceptre,
        Side::Red if p.flags & flags::ICE_DRAGON_AFIRE != 0 => Kind::StormTalisman,
        Side::Red => Kind::RedSceptre,
    };
    if let Some(bird @ (Kind::WatchtowerAlbatross | Kind::CastleRaven)) = tower.kind() {
        let bird = if bird == Kind::WatchtowerAlbatross {
            Kind::Albatross
        } else {
            Kind::Raven
        };
        p.add_barren(bird as usize);
        events(DragonEvent::Procedure(ProcedureEvent::Lost {
            on: passed,
            bird,
        }));
    }
    p.put(passed, Force::new(became));
    events(DragonEvent::Procedure(ProcedureEvent::Towering {
        forest: side == Side::Green,
        royal: to,
        tower: passed,
        became,
    }));
    if !guards(p, side).is_empty() {
        set_pending(p, Pending::Guards, NO_SQUARE);
    }
}

/// The positions of `side`'s Guards (Warders) on the grid, ascending, at most
/// [`MAX_GUARDS`].
pub(crate) fn guards(p: &Position, side: Side) -> ArrayVec<u8, MAX_GUARDS> {
    let kind = match side {
        Side::Green => Kind::Guard,
        Side::Red => Kind::Warder,
    };
    let mut out = ArrayVec::new();
    for s in p.occupied[side.index()].iter() {
        if p.force(s).kind_value() == kind as u8 && !out.is_full() {
            out.push(s);
        }
    }
    out
}

/// The Guards' (Warders') choice `mask`: each Guard whose bit is set becomes
/// a Buccaneer (Pirate) where he stands.
pub(crate) fn transform_guards(
    p: &mut Position,
    side: Side,
    mask: u8,
    events: &mut impl FnMut(DragonEvent),
) {
    let (from, to) = match side {
        Side::Green => (Kind::Guard, Kind::Buccaneer),
        Side::Red => (Kind::Warder, Kind::Pirate),
    };
    for (i, sq) in guards(p, side).into_iter().enumerate() {
        if mask & 1 << i != 0 {
            retype(p, sq, to);
            events(DragonEvent::Ocean(OceanEvent::Transformed {
                on: sq,
                from,
                to,
            }));
        }
    }
}
