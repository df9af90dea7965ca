//! Springing and Shielding (seed 000, The Librarian and Shield, The Jailer and
//! Shield):
//!
//! "Upon a Winged Serpent being set afire, the Shield is raised and the
//! Librarian is said to be On Alert ... The Forest Overlord can, as an
//! immediate move or subsequent move, place the Librarian upon any unoccupied
//! position within the Forest Kingdom. This method of moving is known as
//! Springing. Upon this initial move being completed, the Librarian is said to
//! be On Guard" (the action `spring E12`, a move of its own); the Jailer
//! likewise within the Kingdom of Storms after the Ice Dragon. The Shield
//! "takes effect immediately upon springing" (the On Guard force blocks the
//! flight paths: `moves::attack`, `moves::land`).
//!
//! "Should both Winged Serpents be captured, the Librarian lowers his Shield
//! and remains in the Forest kingdom"; "The Librarian should lower his shield
//! if circumstances are such that no winged serpent is in or can enter the
//! Forest Kingdom in the future"; "Should the Ice Dragon be captured, the
//! Jailer lowers his Shield and remains in the Kingdom of Storms". Ruling
//! `dragon.shield-lowering`: checked after every action once a Shield is
//! raised; a Librarian (Jailer) still On Alert in his area when it happens is
//! stood down there (no Springing any more).

use super::{ProcedureEvent, area_has, area_replace, find};
use crate::core::Side;
use crate::dragon::action::{AREA_ORIGIN, Action, ActionKind};
use crate::dragon::board::Area;
use crate::dragon::events::DragonEvent;
use crate::dragon::forces::{Force, Kind};
use crate::dragon::moves::{Ctx, Sink};
use crate::dragon::state::{Position, flags};

/// The area the side's Librarian (Jailer) waits in, and his kinds On Alert and
/// On Guard.
const fn sentinel(side: Side) -> (Area, Kind, Kind) {
    match side {
        Side::Green => (
            Area::NewEarthLibrary,
            Kind::LibrarianOnAlert,
            Kind::LibrarianOnGuard,
        ),
        Side::Red => (Area::Dungeons, Kind::JailerOnAlert, Kind::JailerOnGuard),
    }
}

/// Writes the Springing actions of the side to move, ascending: every
/// unoccupied position of his kingdom.
pub(crate) fn generate(c: &Ctx<'_>, out: &mut impl Sink) {
    let (area, alert, _) = sentinel(c.side);
    if !area_has(c.p, area, alert) {
        return;
    }
    let kingdom = match c.side {
        Side::Green => c.b.forest,
        Side::Red => c.b.storm,
    };
    let origin = AREA_ORIGIN + area.index() as u8;
    for sq in kingdom.and(c.empty).iter() {
        out.push(Action::new(ActionKind::Spring, origin, sq, 0));
    }
}

/// Springs the side to move's Librarian (Jailer) onto `to`.
pub(crate) fn apply(p: &mut Position, to: u8, events: &mut impl FnMut(DragonEvent)) {
    let (area, alert, guard) = sentinel(p.to_move);
    area_replace(p, area, alert, Force::NONE);
    p.put(to, Force::new(guard));
    events(DragonEvent::Procedure(ProcedureEvent::Sprung {
        kind: guard,
        on: to,
    }));
}

/// Whether a Winged Serpent is in or can still enter the Forest Kingdom: one
/// afire on the grid, or one waiting whose bearer can still make the landing
/// that sets her afire (the Dark Warlord before his first landing; the Red
/// Witch before hers, or the Storm Queen who may yet become her).
fn serpent_can_come(p: &Position) -> bool {
    if find(p, Side::Red, Kind::ElderSerpentAfire).is_some()
        || find(p, Side::Red, Kind::YoungerSerpentAfire).is_some()
    {
        return true;
    }
    let elder = area_has(p, Area::Stairwell, Kind::ElderSerpentWaiting)
        && p.flags & flags::WARLORD_LANDED == 0
        && find(p, Side::Red, Kind::DarkWarlord).is_some();
    let younger = area_has(p, Area::CentralDungeon, Kind::YoungerSerpentWaiting)
        && ((find(p, Side::Red, Kind::RedWitch).is_some() && p.flags & flags::WITCH_LANDED == 0)
            || find(p, Side::Red, Kind::StormQueen).is_some());
    elder || younger
}

/// Lowers a raised Shield that nothing can test any more.
pub(crate) fn lower_shields(p: &mut Position, events: &mut impl FnMut(DragonEvent)) {
    let raised = |p: &Position, side: Side| {
        let (area, alert, guard) = sentinel(side);
        area_has(p, area, alert) || find(p, side, guard).is_some()
    };
    if p.flags & (flags::SERPENT_AFIRE | flags::LIBRARIAN_SHIELD_LOWERED) == flags::SERPENT_AFIRE
        && raised(p, Side::Green)
        && !serpent_can_come(p)
    {
        lower(p, Side::Green, events);
    }
    if p.flags & (flags::ICE_DRAGON_AFIRE | flags::JAILER_SHIELD_LOWERED) == flags::ICE_DRAGON_AFIRE
        && raised(p, Side::Red)
        && find(p, Side::Green, Kind::IceDragonAfire).is_none()
    {
        lower(p, Side::Red, events);
    }
}

fn lower(p: &mut Position, side: Side, events: &mut impl FnMut(DragonEvent)) {
    let (area, alert, _) = sentinel(side);
    let (flag, down) = match side {
        Side::Green => (flags::LIBRARIAN_SHIELD_LOWERED, Kind::Librarian),
        Side::Red => (flags::JAILER_SHIELD_LOWERED, Kind::Jailer),
    };
    area_replace(p, area, alert, Force::new(down));
    p.edit_off_grid(|p| p.flags |= flag);
    events(DragonEvent::Procedure(ProcedureEvent::ShieldLowered {
        forest: side == Side::Green,
    }));
}
