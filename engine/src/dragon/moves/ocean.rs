//! Trafalgar Ocean's legal actions (seed 000, Overview, the vessels and note 18).
//!
//! - [`generate_at`]: every action at a water position of the side to move,
//!   ascending: the vessel's (advance where her bow points, re-align, ram,
//!   fire a Cannon) when she flies the mover's colour (ruling
//!   `dragon.vessel-command`), and her occupant's own moves, which only board
//!   another vessel or disembark (ruling `dragon.vessel-priority`);
//! - [`embark`]: a land force's moves onto an unoccupied allied vessel, written
//!   by [`land::generate`](super::land) beside its land moves;
//! - [`attacks_from_sea`] and [`attacked_on`]: what attacks a position from the
//!   ocean, for the royals' limits (ruling `dragon.royal-aboard`);
//! - the Trident opening (note 17).
//!
//! The seed's words, position by position along a line:
//!
//! - "forces without the element of water cannot alight on Trafalgar Ocean,
//!   likewise forces with only the element of water can only operate within
//!   Trafalgar Ocean": a force afloat is aboard a vessel, a vessel never leaves
//!   the water (nor enters the Island of Sirens, ruling `dragon.island`);
//! - embarking: "a force must carry out a normal move and land upon an
//!   unoccupied vessel. The vessel must be an allied one ... It is therefore not
//!   allowed for a Force to capture an enemy force when embarking";
//! - disembarking: "a Force must carry out a normal move and alight upon a
//!   position within the kingdom being entered ... It is allowed for a force to
//!   make a capture when disembarking" (ruling `dragon.landfall`);
//! - boarding: "Whilst operating on Trafalgar Ocean a force can by means of a
//!   normal move alight on and commandeer any unoccupied vessel of either Fleet
//!   or any vessel occupied by an opposing force (such force is then
//!   captured)";
//! - note 18: "Watchtowers/Castles, Buccaneers/Pirates & Crossbowmen/Catapults
//!   cannot jump over ships at any time except when Crossbowmen/Catapults make
//!   a capture on Trafalgar Ocean or capture whilst disembarking": a ride stops
//!   at the first vessel; open water ends it too (ruling `dragon.open-water`);
//! - a Crossbowman's capture: "If the capture is on Trafalgar Ocean, the single
//!   vessel of either colour being jumped over must be occupied" (ruling
//!   `dragon.jump-at-sea`).
//!
//! Nothing here allocates; the royals' safety test copies the position (a
//! `Copy` value on the stack).

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::super::action::{Action, ActionKind};
use super::super::board::{
    DIAGONAL, KNIGHT, LANCE, LAYOUT, LEAPS, NO_SQUARE, ORTHOGONAL, PIKE, Region, SQUARES, SWORD,
    SquareSet, board, file_of, rank_of,
};
use super::super::forces::{Force, Kind, Role};
use super::super::ocean_rules::{CannonTarget, OpenWater};
use super::super::options::{JumpTarget, KnightVariation, WarlordIntoAttack};
use super::super::sea;
use super::super::state::{Position, Vessel, VesselKind, flags};
use super::super::transform::on_entering;
use super::{Ctx, Sink, diagonal_forward, forward};
use crate::core::Step;

mod attacks;

pub(crate) use attacks::{attacked_on, attacks_from_sea, sea_lines, sea_shape};

const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Tables across the coast, built once:
///
/// - `leaps[table][sq]`: for a land position, the water positions a leap of
///   [`LEAPS`]`[table]` reaches (embarking); for a water position, every
///   position it reaches but the Island (boarding and disembarking). Leaps
///   from land to land are [`Board::leaps`](super::super::board::Board);
/// - `coast[d][sq]`: from a land position, the first water position along
///   direction `d` ([`NO_SQUARE`] if none), and `inland[d][sq]` the land
///   positions strictly between, which a ride to the coast must find
///   unoccupied; `coast_lines[0][sq]` the first water positions along the
///   vertical and horizontal directions, `coast_lines[1][sq]` along the
///   diagonal ones (where a ride embarks by ruling `dragon.open-water`'s
///   default);
/// - `shapes[shape][sq]`: every position a force on `sq` could capture on by
///   its moves' shape alone ([`sea_shape`]): one step any way, a Forest or a
///   Storm pawn's diagonal step forwards, the same file or rank, the same
///   diagonal;
/// - `bows[sq]`: bit `d` set when direction `d` leads from `sq` to a
///   position (where a vessel's bow may point);
/// - `embark_from[sq]`: for a water position, the land positions whose
///   embarking shapes reach it (a step any way, a leap of any of
///   [`LEAPS`], the first water position along a line): where a force
///   might embark on a vessel there ([`embark_zone`]).
struct SeaTables {
    leaps: [[SquareSet; SQUARES]; 4],
    coast: [[u8; SQUARES]; 8],
    inland: [[SquareSet; SQUARES]; 8],
    coast_lines: [[SquareSet; SQUARES]; 2],
    shapes: [[SquareSet; SQUARES]; 5],
    bows: [u8; SQUARES],
    embark_from: [SquareSet; SQUARES],
}

/// The shapes of [`SeaTables`]'s `shapes`.
const STEP_SHAPE: usize = 0;
const PAWN_SHAPE: [usize; 2] = [1, 2];
const ORTHOGONAL_SHAPE: usize = 3;
const DIAGONAL_SHAPE: usize = 4;

fn tables() -> &'static SeaTables {
    static T: OnceLock<Box<SeaTables>> = OnceLock::new();
    T.get_or_init(|| {
        let b = board();
        let mut t = Box::new(SeaTables {
            leaps: [[SquareSet::EMPTY; SQUARES]; 4],
            coast: [[NO_SQUARE; SQUARES]; 8],
            inland: [[SquareSet::EMPTY; SQUARES]; 8],
            coast_lines: [[SquareSet::EMPTY; SQUARES]; 2],
            shapes: [[SquareSet::EMPTY; SQUARES]; 5],
            bows: [0; SQUARES],
            embark_from: [SquareSet::EMPTY; SQUARES],
        });
        for (sq, bows) in t.bows.iter_mut().enumerate() {
            for d in 0..8 {
                if b.step[d][sq] != NO_SQUARE {
                    *bows |= 1 << d;
                }
            }
        }
        for from in 0..SQUARES as u8 {
            for to in 0..SQUARES as u8 {
                let df = file_of(to) as i8 - file_of(from) as i8;
                let dr = rank_of(to) as i8 - rank_of(from) as i8;
                let shapes = &mut t.shapes;
                let mut mark = |shape: usize, yes: bool| {
                    if yes {
                        shapes[shape][from as usize].insert(to);
                    }
                };
                mark(STEP_SHAPE, df.abs() <= 1 && dr.abs() <= 1);
                mark(PAWN_SHAPE[0], df.abs() == 1 && dr == -1);
                mark(PAWN_SHAPE[1], df.abs() == 1 && dr == 1);
                mark(ORTHOGONAL_SHAPE, df == 0 || dr == 0);
                mark(DIAGONAL_SHAPE, df.abs() == dr.abs());
            }
        }
        // A leap onto the water, or from the water onto land.
        let embarks = |from: usize, to: usize| {
            b.water.has(to) || (!b.region[from].is_land() && b.region[to].is_land())
        };
        for (i, offsets) in LEAPS.iter().enumerate() {
            let steps: Vec<Step> = offsets.iter().map(|&d| Step::flat(d)).collect();
            t.leaps[i] = LAYOUT.leap_sets(&steps, embarks);
        }
        for sq in 0..SQUARES as u8 {
            if !b.region(sq).is_land() {
                continue;
            }
            for d in 0..8 {
                let mut s = b.step[d][sq as usize];
                let mut between = SquareSet::EMPTY;
                while s != NO_SQUARE && b.region(s).is_land() {
                    between.insert(s);
                    s = b.step[d][s as usize];
                }
                if s != NO_SQUARE {
                    t.coast[d][sq as usize] = s;
                    t.inland[d][sq as usize] = between;
                    t.coast_lines[d % 2][sq as usize].insert(s);
                }
            }
        }
        // Every water position a land force's embarking shapes reach
        // ([`may_embark`]'s tables; the pawn's step is one of the steps).
        for sq in 0..SQUARES as u8 {
            if !b.region(sq).is_land() {
                continue;
            }
            let s = sq as usize;
            let mut reach = t.shapes[STEP_SHAPE][s]
                .or(t.coast_lines[0][s])
                .or(t.coast_lines[1][s]);
            for leaps in &t.leaps {
                reach = reach.or(leaps[s]);
            }
            reach
                .and(b.water)
                .for_each(|w: u8| t.embark_from[w as usize].insert(sq));
        }
        t
    })
}

/// An embarking zone that rules out no position: what a context holds until
/// [`embark_zone`] computes one (every force then runs [`may_embark`]).
pub(crate) const ANY_POSITION: SquareSet = SquareSet::from_words([!0; 3]);

/// The land positions from which a force of the side to move might embark
/// on one of its unoccupied vessels (`c.free_allied`) by its moves' shape: a
/// superset of those where [`may_embark`] holds, computed once a
/// generation so that most forces skip that test (every land position when
/// rides pass over open water, as [`may_embark`] lets every rider try).
pub(crate) fn embark_zone(c: &Ctx<'_>) -> SquareSet {
    let free = c.free_allied;
    if free.is_empty() {
        return SquareSet::EMPTY;
    }
    if c.opts.open_water == OpenWater::Passes {
        return ANY_POSITION;
    }
    let tb = tables();
    let mut zone = SquareSet::EMPTY;
    free.for_each(|w: u8| zone = zone.or(tb.embark_from[w as usize]));
    zone
}

/// The leap table of a leaper's role under the options.
fn leap_table(c: &Ctx<'_>, role: Role) -> usize {
    if role != Role::Lance {
        return KNIGHT;
    }
    match c.opts.knights {
        KnightVariation::Lance => LANCE,
        KnightVariation::Sword => SWORD,
        KnightVariation::Pike => PIKE,
    }
}

/// Whether a force of this kind may ever be afloat: its scope includes
/// Trafalgar Ocean, or it is the Storm Queen, who leaves the Kingdom of Storms
/// by embarking (ruling `dragon.storm-queen-embarks`).
#[inline]
pub(crate) fn seafaring(f: Force) -> bool {
    f.seafaring()
}

/// Whether an unoccupied vessel of the side to move lies where a land force
/// of `role` on land position `from` could embark on her at all, by its
/// moves' shape (a step any way, the Dwarf's or Gnome's step forwards, its
/// leap, the first water position along its lines; every vessel when rides
/// pass over open water): [`embark`]'s first test, cheap enough to make
/// before calling it. False for the roles that never embark by a move.
#[inline(always)]
pub(crate) fn may_embark(c: &Ctx<'_>, from: u8, role: Role) -> bool {
    let free = c.free_allied;
    if free.is_empty() {
        return false;
    }
    let s = from as usize;
    let tb = tables();
    let passes = c.opts.open_water == OpenWater::Passes;
    let reach = match role {
        Role::Royal | Role::Adjacent => tb.shapes[STEP_SHAPE][s],
        Role::Pawn => {
            let to = c.b.step[forward(c.side)][s];
            return to != NO_SQUARE && free.has(to);
        }
        Role::Knight | Role::Lance => tb.leaps[leap_table(c, role)][s],
        Role::Rook | Role::Crossbow | Role::Bishop | Role::Queen if passes => return true,
        Role::Rook | Role::Crossbow => tb.coast_lines[0][s],
        Role::Bishop => tb.coast_lines[1][s],
        Role::Queen => tb.coast_lines[0][s].or(tb.coast_lines[1][s]),
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
        | Role::Bird => return false,
    };
    reach.meets(free)
}

/// Whether the force `f`, afloat, may alight on land position `to`: a kingdom
/// of its scope, or the kingdom it is transformed on entering; never the
/// Forest Kingdom for the TrueBorn Prince ("may not, however, return to the
/// Forest Kingdom once leaving for Trafalgar Ocean").
#[inline]
fn may_land(c: &Ctx<'_>, f: Force, to: u8) -> bool {
    let Some(k) = f.kind() else {
        return false;
    };
    let allowed = &c.b.allowed;
    if k == Kind::TruebornPrince {
        return c.b.region(to) == Region::Storm;
    }
    allowed[k as usize].has(to)
        || on_entering(k, c.b.region(to)).is_some_and(|t| allowed[t as usize].has(to))
}

/// The force `f` afloat steps, leaps or rides onto `to`: a vessel (boarding an
/// unoccupied one of either fleet when `moves`, capturing an opposing occupant
/// when `captures`) or land it may enter (disembarking, with or without a
/// capture).
#[inline(always)]
fn onto(c: &Ctx<'_>, f: Force, to: u8, moves: bool, captures: bool, t: &mut SquareSet) {
    if c.b.region(to).is_land() {
        if !may_land(c, f, to) {
            return;
        }
    } else if !c.p.vessel(to).is_some() {
        return;
    }
    if c.p.force(to).is_none() {
        if moves {
            t.insert(to);
        }
    } else if captures && c.capturable(f, to) {
        t.insert(to);
    }
}

/// A ride from the vessel on `from` along `dirs`: over open water only by
/// ruling `dragon.open-water`'s other reading, onto the first vessel (note 18:
/// no ship is passed), or ashore and on over unoccupied positions of that
/// kingdom.
fn ride(c: &Ctx<'_>, from: u8, f: Force, dirs: &[usize], captures: bool, t: &mut SquareSet) {
    let passes = c.opts.open_water == OpenWater::Passes;
    for &d in dirs {
        let step = &c.b.step[d];
        let mut sq = step[from as usize];
        while sq != NO_SQUARE {
            if c.b.region(sq).is_land() {
                if !may_land(c, f, sq) {
                    break;
                }
                if c.p.force(sq).is_none() {
                    t.insert(sq);
                } else {
                    if captures && c.capturable(f, sq) {
                        t.insert(sq);
                    }
                    break;
                }
            } else if c.p.vessel(sq).is_some() {
                onto(c, f, sq, true, captures, t);
                break;
            } else if !passes {
                break;
            }
            sq = step[sq as usize];
        }
    }
}

/// A Crossbowman's (Catapult's) capture from the vessel on `from`: "Jumping
/// over one force of either side and capturing the first opposing force
/// behind" (ruling `dragon.jump-target`), at sea jumping only "the single
/// vessel ... being jumped over [which] must be occupied" (ruling
/// `dragon.jump-at-sea`): an unoccupied vessel or a second vessel ends the
/// line; open water by ruling `dragon.open-water`.
fn jump(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let passes = c.opts.open_water == OpenWater::Passes;
    let first_opposing = c.opts.jump_target == JumpTarget::FirstOpposing;
    for d in ORTHOGONAL {
        let step = &c.b.step[d];
        let mut sq = step[from as usize];
        // Up to the force jumped over.
        let mut screen = NO_SQUARE;
        while sq != NO_SQUARE {
            let land = c.b.region(sq).is_land();
            if c.p.force(sq).is_some() {
                screen = sq;
                break;
            }
            if !land && (c.p.vessel(sq).is_some() || !passes) {
                break;
            }
            sq = step[sq as usize];
        }
        if screen == NO_SQUARE {
            continue;
        }
        sq = step[screen as usize];
        while sq != NO_SQUARE {
            let land = c.b.region(sq).is_land();
            let g = c.p.force(sq);
            if land {
                if g.is_some() {
                    if c.capturable(f, sq) {
                        if may_land(c, f, sq) {
                            t.insert(sq);
                        }
                        break;
                    }
                    if !(first_opposing && g.is(c.side)) {
                        break;
                    }
                }
            } else if c.p.vessel(sq).is_some() {
                if c.capturable(f, sq) {
                    t.insert(sq);
                }
                break;
            } else if !passes {
                break;
            }
            sq = step[sq as usize];
        }
    }
}

/// The destinations of the force `f` of `c.side` aboard the vessel on `from`
/// (moves and captures, before the royals' safety test): "The TrueBorn Prince
/// can move (or board) to any adjacent unoccupied position", "Dwarfs can
/// capture (or board and capture) one position diagonally forwards", "A Green
/// Knight can move (or board) ...", "A Watchtower moves (or boards) any number
/// of unoccupied positions", and so on for every force of the ocean.
pub(crate) fn afloat(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    afloat_inline(c, from, f, t);
}

/// [`afloat`], always inlined: the generation's copy ([`generate_at`], for
/// every force afloat of the side to move), which saves a call's frame.
#[inline(always)]
fn afloat_inline(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let role = f.info().role;
    let s = from as usize;
    match role {
        Role::Royal | Role::Adjacent => {
            for d in ALL_DIRECTIONS {
                let to = c.b.step[d][s];
                if to != NO_SQUARE {
                    onto(c, f, to, true, true, t);
                }
            }
        }
        Role::Pawn => {
            let to = c.b.step[forward(c.side)][s];
            if to != NO_SQUARE {
                onto(c, f, to, true, false, t);
            }
            for d in diagonal_forward(c.side) {
                let to = c.b.step[d][s];
                if to != NO_SQUARE {
                    onto(c, f, to, false, true, t);
                }
            }
        }
        Role::Knight | Role::Lance => {
            tables().leaps[leap_table(c, role)][s].for_each(|to| onto(c, f, to, true, true, t));
        }
        Role::Rook => ride(c, from, f, &ORTHOGONAL, true, t),
        Role::Bishop => ride(c, from, f, &DIAGONAL, true, t),
        Role::Queen => ride(c, from, f, &ALL_DIRECTIONS, true, t),
        Role::Crossbow => {
            ride(c, from, f, &ORTHOGONAL, false, t);
            jump(c, from, f, t);
        }
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
        | Role::Bird => {}
    }
}

/// Whether the royal limits of `f` apply: the TrueBorn Prince always, the Dark
/// Warlord by ruling `dragon.warlord-into-attack`.
#[inline]
fn guarded(c: &Ctx<'_>, f: Force) -> bool {
    match f.kind() {
        Some(Kind::TruebornPrince) => true,
        Some(Kind::DarkWarlord) => c.opts.warlord_into_attack == WarlordIntoAttack::Forbidden,
        _ => false,
    }
}

/// Whether the royal `f` would stand under attack after moving (or being
/// carried) from `from` to `to`: `vessel` when his vessel carries him.
fn unsafe_after(c: &Ctx<'_>, from: u8, to: u8, f: Force, vessel: bool) -> bool {
    let mut q = *c.p;
    if vessel {
        sea::sail(&mut q, from, to);
    } else {
        sea::shift(&mut q, from, to);
    }
    attacked_on(c, &q, to, f)
}

/// Removes from `t` the destinations that would place the royal `f` (moving
/// from `from`) under attack.
///
/// The test whether `f` is such a royal always inlined (it is not, nearly
/// always), the destinations' tests out of line ([`keep_safe_royal`]: their
/// copy of the position and its registers set up only for a royal).
#[inline(always)]
fn keep_safe(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    if guarded(c, f) {
        keep_safe_royal(c, from, f, t);
    }
}

/// [`keep_safe`] for the royal `f`.
#[inline(never)]
fn keep_safe_royal(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let candidates = *t;
    candidates.for_each(|to| {
        if unsafe_after(c, from, to, f, false) {
            t.remove(to);
        }
    });
}

/// The positions the Cannons of the Flagship on `sq` can sink, if she flies
/// the colour of `c.side`, is occupied and has a Cannonball left: "each one
/// being fixed in the middle of and at ninety degrees to the bow"; "the
/// Cannonball travels along the line of fire ... over any one intervening
/// vessel regardless of colour to sink the first opposing vessel beyond. The
/// intervening vessel must be occupied" (ruling `dragon.cannon-target`).
/// [`NO_SQUARE`] where a Cannon has no target.
pub(crate) fn cannon_targets(c: &Ctx<'_>, sq: u8) -> [u8; 2] {
    let mut out = [NO_SQUARE; 2];
    let v = c.p.vessel(sq);
    if !v.is_some()
        || !v.kind().is_flagship()
        || v.colour() != c.side
        || c.p.force(sq).is_none()
        || c.p.counters.cannonballs[v.kind().side().index()] == 0
    {
        return out;
    }
    let first_opposing = c.opts.cannon_target == CannonTarget::FirstOpposing;
    let bow = usize::from(v.bow());
    for (i, d) in [(bow + 2) % 8, (bow + 6) % 8].into_iter().enumerate() {
        let step = &c.b.step[d];
        let mut s = step[sq as usize];
        // The intervening vessel: the first met, which must be occupied.
        while s != NO_SQUARE && !c.b.region(s).is_land() && !c.p.vessel(s).is_some() {
            s = step[s as usize];
        }
        if s == NO_SQUARE || c.b.region(s).is_land() || c.p.force(s).is_none() {
            continue;
        }
        s = step[s as usize];
        while s != NO_SQUARE && !c.b.region(s).is_land() {
            let w = c.p.vessel(s);
            if w.is_some() {
                if w.colour() != c.side {
                    out[i] = s;
                    break;
                }
                if !first_opposing {
                    break;
                }
            }
            s = step[s as usize];
        }
    }
    out
}

/// Writes every action at water position `sq` for the side to move, ascending:
/// her occupant's moves (board, disembark, with or without a capture) and the
/// vessel's own (advance, re-align, ram, fire), when she flies the mover's
/// colour ("Current colour is indicated by a vessel flying either a green flag
/// or a red flag"; ruling `dragon.vessel-command`).
pub(crate) fn generate_at(c: &Ctx<'_>, sq: u8, out: &mut impl Sink) {
    let v = c.p.vessel(sq);
    if !v.is_some() || v.colour() != c.side {
        return;
    }
    let f = c.p.force(sq);
    if f.is_none() {
        generate_unoccupied(c, sq, v, out);
        return;
    }
    let mut t = SquareSet::EMPTY;
    afloat_inline(c, sq, f, &mut t);
    keep_safe(c, sq, f, &mut t);
    // The vessel's actions, at most 1 + 7 + 2, written ascending: the advance
    // or ram and the Cannons' targets (each to another position) before or
    // after the re-alignments (to her own position, by bow).
    let mut single: ArrayVec<Action, 3> = ArrayVec::new();
    let bow = usize::from(v.bow());
    let ahead = c.b.step[bow][sq as usize];
    if ahead != NO_SQUARE && c.b.water.has(ahead) {
        let w = c.p.vessel(ahead);
        let kind = if !w.is_some() {
            Some(ActionKind::VesselAdvance)
        } else if w.colour() != c.side {
            Some(ActionKind::Ram)
        } else {
            None
        };
        if let Some(kind) = kind
            && (f.is_none() || !guarded(c, f) || !unsafe_after(c, sq, ahead, f, true))
        {
            single.push(Action::new(kind, sq, ahead, 0));
        }
    }
    if v.kind().is_flagship() && f.is_some() {
        for target in cannon_targets(c, sq) {
            if target != NO_SQUARE {
                // Insertion keeps the three in order.
                let a = Action::new(ActionKind::Fire, sq, target, 0);
                let at = single.iter().position(|&b| b > a).unwrap_or(single.len());
                single.insert(at, a);
            }
        }
    }
    // Re-aligning: "in the direction of any adjacent position" (ruling
    // `dragon.realign-bows`): every other direction with a position. The
    // re-alignments (to her own position, by bow) come as one block between
    // the actions to lower and to higher positions.
    let realign = Action::new(ActionKind::VesselRealign, sq, sq, 0);
    let bows = tables().bows[sq as usize] & !(1u8 << bow);
    let single = single.as_slice();
    let mut k = 0;
    let mut pending = true;
    // Word by word, and not at all for most vessels: no occupant to move.
    if !t.is_empty() {
        t.for_each(|to| {
            let a = if c.p.force(to).is_none() {
                Action::step(sq, to)
            } else {
                Action::capture(sq, to)
            };
            if pending && a > realign {
                flush_below(single, &mut k, realign, out);
                out.push_realigns(sq, bows);
                pending = false;
            }
            flush_below(single, &mut k, a, out);
            out.push(a);
        });
    }
    if pending {
        flush_below(single, &mut k, realign, out);
        out.push_realigns(sq, bows);
    }
    for &b in &single[k..] {
        out.push(b);
    }
}

/// [`generate_at`] for the unoccupied vessel `v` on `sq` flying the colour
/// of the side to move (about half of those visited): no occupant's move,
/// no Cannon (an unoccupied Flagship does not fire), no occupant whose
/// safety a vessel's advance or Ram could touch; her advance or Ram, if
/// any, before or after her re-alignments (the same actions in the same
/// order as the general path: `the_unoccupied_vessels_write_as_before`).
#[inline(always)]
fn generate_unoccupied(c: &Ctx<'_>, sq: u8, v: Vessel, out: &mut impl Sink) {
    let bow = usize::from(v.bow());
    let ahead = c.b.step[bow][sq as usize];
    let realign = Action::new(ActionKind::VesselRealign, sq, sq, 0);
    let bows = tables().bows[sq as usize] & !(1u8 << bow);
    let mut single = None;
    if ahead != NO_SQUARE && c.b.water.has(ahead) {
        let w = c.p.vessel(ahead);
        if !w.is_some() {
            single = Some(Action::new(ActionKind::VesselAdvance, sq, ahead, 0));
        } else if w.colour() != c.side {
            single = Some(Action::new(ActionKind::Ram, sq, ahead, 0));
        }
    }
    match single {
        Some(a) if a < realign => {
            out.push(a);
            out.push_realigns(sq, bows);
        }
        Some(a) => {
            out.push_realigns(sq, bows);
            out.push(a);
        }
        None => out.push_realigns(sq, bows),
    }
}

/// Writes the actions of `single[*k..]` (ascending) below `a`.
#[inline(always)]
fn flush_below(single: &[Action], k: &mut usize, a: Action, out: &mut impl Sink) {
    while let Some(&b) = single.get(*k) {
        if b > a {
            break;
        }
        out.push(b);
        *k += 1;
    }
}

/// Embarking from land position `from` (a land force of the side to move):
/// "When alighting on Trafalgar Ocean from a kingdom a force must carry out a
/// normal move and land upon an unoccupied vessel. The vessel must be an
/// allied one ... It is therefore not allowed for a Force to capture an enemy
/// force when embarking. Embarking may be carried out by way of retreat from
/// the opposing kingdom for some forces". Adds the vessels' positions to `t`.
///
/// Not for the TrueBorn Prince once in the Kingdom of Storms ("he may not
/// leave there"), nor for the Red Witch, who is ashore only after leaving the
/// ocean ("may not return to Trafalgar Ocean once she has left there").
pub(crate) fn embark(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let home = c.b.region(from);
    match f.kind() {
        Some(Kind::TruebornPrince) if home == Region::Storm => return,
        Some(Kind::RedWitch) | None => return,
        _ => {}
    }
    // The unoccupied vessels of the side (each flies her own colour); none
    // within reach ([`may_embark`], the caller's test), no embarking.
    let free = c.free_allied;
    let all = c.p.all_occupied();
    let allied_free = |to: u8| allied_free(c, free, to);
    let mut add = SquareSet::EMPTY;
    let role = f.info().role;
    let s = from as usize;
    match role {
        Role::Royal | Role::Adjacent => {
            for d in ALL_DIRECTIONS {
                let to = c.b.step[d][s];
                if to != NO_SQUARE && allied_free(to) {
                    add.insert(to);
                }
            }
        }
        Role::Pawn => {
            let to = c.b.step[forward(c.side)][s];
            if to != NO_SQUARE && allied_free(to) {
                add.insert(to);
            }
        }
        Role::Knight | Role::Lance => {
            tables().leaps[leap_table(c, role)][s]
                .and(free)
                .for_each(|to| {
                    if allied_free(to) {
                        add.insert(to);
                    }
                });
        }
        Role::Rook | Role::Crossbow => embark_ride(c, from, &ORTHOGONAL, all, &mut add),
        Role::Bishop => embark_ride(c, from, &DIAGONAL, all, &mut add),
        Role::Queen => embark_ride(c, from, &ALL_DIRECTIONS, all, &mut add),
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
        | Role::Bird => {}
    }
    if add.is_empty() {
        return;
    }
    keep_safe(c, from, f, &mut add);
    *t = t.or(add);
}

/// Whether `to` holds an unoccupied vessel of the side to move's fleet
/// (`free`) flying its colour: where its forces may embark.
#[inline(always)]
fn allied_free(c: &Ctx<'_>, free: SquareSet, to: u8) -> bool {
    free.has(to) && c.p.vessel(to).colour() == c.side
}

/// A ride from land position `from` along `dirs` over unoccupied positions of
/// its kingdom to the first water position ([`SeaTables`]), then (by ruling
/// `dragon.open-water`'s other reading) over open water: onto the first
/// vessel if she is allied and unoccupied (note 18: no ship is passed).
fn embark_ride(c: &Ctx<'_>, from: u8, dirs: &[usize], all: SquareSet, t: &mut SquareSet) {
    let passes = c.opts.open_water == OpenWater::Passes;
    let tb = tables();
    for &d in dirs {
        let mut sq = tb.coast[d][from as usize];
        if sq == NO_SQUARE || tb.inland[d][from as usize].meets(all) {
            continue;
        }
        let step = &c.b.step[d];
        while sq != NO_SQUARE && !c.b.region(sq).is_land() {
            let v = c.p.vessel(sq);
            if v.is_some() {
                if v.colour() == c.side && c.p.force(sq).is_none() {
                    t.insert(sq);
                }
                break;
            }
            if !passes {
                break;
            }
            sq = step[sq as usize];
        }
    }
}

/// The Trident opening (note 17, ruling `dragon.trident-opening`): one action
/// re-aligns both Red Ships beside the Red Flagship, each to any bow but due
/// North. The Ships are the Red Ships alongside the Red Flagship (west first).
pub(crate) fn trident_opening(c: &Ctx<'_>, out: &mut impl Sink) {
    let Some((west, east)) = trident_ships(c) else {
        return;
    };
    for w in 1..8u8 {
        for e in 1..8u8 {
            out.push(Action::new(ActionKind::Trident, west, east, w * 8 + e));
        }
    }
}

/// The two Red Ships immediately alongside the Red Flagship, west then east.
pub(crate) fn trident_ships(c: &Ctx<'_>) -> Option<(u8, u8)> {
    let b = board();
    let flagship =
        c.p.fleet
            .iter()
            .find(|&sq| c.p.vessel(sq).kind() == VesselKind::RedFlagship)?;
    let west = b.step[6][flagship as usize];
    let east = b.step[2][flagship as usize];
    let is_ship = |sq: u8| {
        sq != NO_SQUARE && c.p.vessel(sq).is_some() && c.p.vessel(sq).kind() == VesselKind::RedShip
    };
    (is_ship(west) && is_ship(east)).then_some((west, east))
}

/// Applies the Trident opening `action` (from [`trident_opening`]).
pub(crate) fn apply_trident(p: &mut Position, action: Action) {
    let (west, east) = (action.from(), action.to());
    let (w, e) = (action.extra() >> 3 & 7, action.extra() & 7);
    for (sq, bow) in [(west, w), (east, e)] {
        let v = p.take_vessel(sq);
        p.put_vessel(sq, v.with_bow(bow));
    }
    p.edit_off_grid(|p| p.flags &= !flags::TRIDENT_OPENING);
}

#[cfg(test)]
mod tests {
    use crate::dragon::board::parse_square;
    use crate::dragon::deploy::Formation;
    use crate::dragon::moves::DragonActions;
    use crate::dragon::options::DragonOptions;

    /// The unoccupied vessels' actions (`generate_unoccupied`) are those the
    /// general path writes for them (its advance or Ram kept among at most
    /// three single actions, merged with the re-alignments), in the same
    /// order: every vessel of both colours of random games.
    #[test]
    fn the_unoccupied_vessels_write_as_before() {
        use super::super::{Ctx, Sink};
        use super::{
            Action, ActionKind, ArrayVec, NO_SQUARE, flush_below, generate_unoccupied, tables,
        };
        use crate::core::Game;
        use crate::core::zobrist::splitmix64;
        let opts = DragonOptions::default();
        let mut g = crate::dragon::Dragon::new(&opts);
        let mut listed = DragonActions::new();
        let (mut x, mut vessels) = (7u64, 0usize);
        for ply in 0..3000u64 {
            for side in crate::core::Side::ALL {
                let mut p = *g.position();
                p.to_move = side;
                let c = Ctx::new(&p, &opts);
                for sq in p.fleet.iter() {
                    let v = p.vessel(sq);
                    if p.force(sq).is_some() || v.colour() != side {
                        continue;
                    }
                    vessels += 1;
                    let (mut now, mut before) = (DragonActions::new(), DragonActions::new());
                    generate_unoccupied(&c, sq, v, &mut now);
                    // The general path, as it was, for an unoccupied vessel.
                    let mut single: ArrayVec<Action, 3> = ArrayVec::new();
                    let bow = usize::from(v.bow());
                    let ahead = c.b.step[bow][sq as usize];
                    if ahead != NO_SQUARE && c.b.water.has(ahead) {
                        let w = p.vessel(ahead);
                        if !w.is_some() {
                            single.push(Action::new(ActionKind::VesselAdvance, sq, ahead, 0));
                        } else if w.colour() != side {
                            single.push(Action::new(ActionKind::Ram, sq, ahead, 0));
                        }
                    }
                    let realign = Action::new(ActionKind::VesselRealign, sq, sq, 0);
                    let bows = tables().bows[sq as usize] & !(1u8 << bow);
                    let mut k = 0;
                    flush_below(&single, &mut k, realign, &mut before);
                    Sink::push_realigns(&mut before, sq, bows);
                    for &b in &single[k..] {
                        before.push(b);
                    }
                    assert_eq!(now, before, "{sq} at ply {ply}");
                }
            }
            g.legal_actions(&mut listed);
            if listed.is_empty() {
                g = crate::dragon::Dragon::new(&opts);
                continue;
            }
            x = splitmix64(x ^ ply);
            let a = listed[(x % listed.len() as u64) as usize];
            g.apply_unchecked(a, &mut |_| {});
        }
        assert!(vessels > 10_000, "{vessels}");
    }

    #[test]
    fn the_trident_opening_offers_every_pair_of_new_bows() {
        let opts = DragonOptions::default();
        let p = Formation::Trident.position();
        let mut out = DragonActions::new();
        crate::dragon::moves::legal_actions_guarded(p, &opts, None, None, None, &mut out);
        // 49 pairs of bows, then the Storm OverLord's Seer (ruling
        // `dragon.seers`: his own move).
        assert_eq!(out.len(), 50);
        assert_eq!(
            out[49],
            crate::dragon::seers::action(crate::core::Side::Red)
        );
        assert!(
            out[..49]
                .iter()
                .all(|a| a.from() == parse_square("D6").unwrap())
        );
        assert!(out.windows(2).all(|w| w[0] < w[1]));
    }
}
