//! What attacks a position from Trafalgar Ocean (seed 000;
//! ruling `dragon.royal-aboard`): [`attacked_on`], a force's attackers
//! afloat and on land; [`attacks_from_sea`], the ocean's part of an attack
//! on land, with its quick test by the moves' shapes ([`sea_shape`],
//! [`sea_lines`]).

use super::super::super::board::{NO_SQUARE, SquareSet};
use super::super::super::forces::{Force, Role};
use super::super::super::sea;
use super::super::super::state::Position;
use super::super::{Ctx, attack};
use super::*;
use crate::core::Side;

/// Whether the force `victim` on `sq` of position `q` is under attack by the
/// other side: on land by [`attack::attacked`] (which asks
/// [`attacks_from_sea`] too); afloat by an opposing force that could board his
/// vessel with a capture, an opposing vessel whose Ram points at him, or an
/// opposing Flagship's Cannon (ruling `dragon.royal-aboard`).
pub(crate) fn attacked_on(c: &Ctx<'_>, q: &Position, sq: u8, victim: Force) -> bool {
    let by = victim.side().opponent();
    let cq = Ctx {
        p: q,
        side: by,
        royal_threats: None,
        embark_zone: ANY_POSITION,
        ..*c
    };
    if c.b.region(sq).is_land() {
        return attack::attacked(&cq, sq, victim, by, NO_SQUARE);
    }
    let mut t = SquareSet::EMPTY;
    for s in q.occupied[by.index()].and(c.b.water).iter() {
        afloat(&cq, s, q.force(s), &mut t);
        if t.has(sq) {
            return true;
        }
    }
    for s in q.fleet.iter() {
        let v = q.vessel(s);
        if v.colour() != by {
            continue;
        }
        if c.b.step[usize::from(v.bow())][s as usize] == sq {
            return true;
        }
        let targets = cannon_targets(&cq, s);
        if targets.contains(&sq) {
            return true;
        }
    }
    false
}

/// Every position the force of `by` afloat on `s` could capture on by its
/// moves' shape alone (whatever stands between): the quick test of
/// [`attacks_from_sea`], which then generates the force's actions.
#[inline(always)]
pub(crate) fn sea_shape(c: &Ctx<'_>, s: u8, by: Side) -> SquareSet {
    let t = tables();
    let s_ = s as usize;
    let role = c.p.force(s).info().role;
    match role {
        Role::Royal | Role::Adjacent => t.shapes[STEP_SHAPE][s_],
        Role::Pawn => t.shapes[PAWN_SHAPE[by.index()]][s_],
        Role::Knight | Role::Lance => t.leaps[leap_table(c, role)][s_],
        Role::Rook | Role::Crossbow => t.shapes[ORTHOGONAL_SHAPE][s_],
        Role::Bishop => t.shapes[DIAGONAL_SHAPE][s_],
        Role::Queen => t.shapes[ORTHOGONAL_SHAPE][s_].or(t.shapes[DIAGONAL_SHAPE][s_]),
        Role::Fixed
        | Role::Sentinel
        | Role::PalaceGuard
        | Role::Walker
        | Role::PalaceWalker
        | Role::SiegeRook
        | Role::SiegeBishop
        | Role::SiegeQueen
        | Role::FlyerAll
        | Role::FlyerOrthogonal
        | Role::FlyerDiagonal
        | Role::Bird => SquareSet::EMPTY,
    }
}

/// Whether a force afloat of `role` captures along vertical and horizontal,
/// and along diagonal lines from the ocean (the line shapes of
/// [`sea_shape`]: Watchtowers and Castles, Crossbowmen and Catapults;
/// Buccaneers and Pirates; the Queens both); the others afloat capture by a
/// step or a leap, whatever stands between, or not at all.
#[inline]
pub(crate) const fn sea_lines(role: Role) -> (bool, bool) {
    match role {
        Role::Rook | Role::Crossbow => (true, false),
        Role::Bishop => (false, true),
        Role::Queen => (true, true),
        Role::Fixed
        | Role::Royal
        | Role::Adjacent
        | Role::Sentinel
        | Role::PalaceGuard
        | Role::Walker
        | Role::PalaceWalker
        | Role::Pawn
        | Role::Knight
        | Role::Lance
        | Role::SiegeRook
        | Role::SiegeBishop
        | Role::SiegeQueen
        | Role::FlyerAll
        | Role::FlyerOrthogonal
        | Role::FlyerDiagonal
        | Role::Bird => (false, false),
    }
}

/// Whether a force of `by` afloat could capture `victim` standing on land
/// position `sq` (disembarking with a capture), with the position `ignore`
/// treated as empty: the part of [`attack::Threats`] that comes from the
/// ocean. Only forces that could reach `sq` by their moves' shape are tried,
/// on a copy of the position with `victim` on `sq`.
pub(crate) fn attacks_from_sea(c: &Ctx<'_>, sq: u8, by: Side, victim: Force, ignore: u8) -> bool {
    let mut shaped = SquareSet::EMPTY;
    c.p.occupied[by.index()].and(c.b.water).for_each(|s| {
        if sea_shape(c, s, by).has(sq) {
            shaped.insert(s);
        }
    });
    if shaped.is_empty() {
        return false;
    }
    let mut q = *c.p;
    if ignore != NO_SQUARE && q.force(ignore).is_some() {
        q.take(ignore);
        sea::recolour(&mut q, ignore);
    }
    if q.force(sq) != victim {
        if q.force(sq).is_some() {
            q.take(sq);
        }
        q.put(sq, victim);
    }
    let cq = Ctx {
        p: &q,
        side: by,
        royal_threats: None,
        embark_zone: ANY_POSITION,
        ..*c
    };
    let mut t = SquareSet::EMPTY;
    for s in shaped.iter() {
        afloat(&cq, s, q.force(s), &mut t);
        if t.has(sq) {
            return true;
        }
    }
    false
}
