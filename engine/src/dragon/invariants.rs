//! Dragon's own invariants (checked after every step of a simulation): every
//! force inside its scope of operations, nothing on the Island of Sirens,
//! vessels only on water flying the right colour, forces conserved (on the
//! grid, in the special areas and in the Barren Lands, as deployed), vessels
//! conserved, arrows, cannonballs and Seer consultations within their limits.
//! No allocation unless an invariant is broken.

use std::sync::OnceLock;

use super::board::{AREA_SLOTS, AREAS, NO_SQUARE, SQUARES, SquareSet, board};
use super::forces::{Force, Kind};
use super::state::{
    CANNONBALLS, Counters, GREEN_ARROWS, Position, RED_ARROWS, SEER_LIMIT, has_bird,
};
use crate::core::{InvariantError, Side};

/// The bit of [`slot_codes`] for a byte that is no force.
const NOT_A_FORCE: u8 = 0x80;

/// For each byte a special area's slot may hold, what it counts: bits 0-3 the
/// force's weight (a tower with her bird inside counts two), bit 4 its side
/// (1 for the Storms), or [`NOT_A_FORCE`].
fn slot_codes() -> &'static [u8; 256] {
    static CODES: OnceLock<[u8; 256]> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut t = [NOT_A_FORCE; 256];
        for (byte, code) in t.iter_mut().enumerate() {
            let f = Force(byte as u8);
            if f.0 & 0x80 == 0 && f.kind().is_some() {
                *code = (f.info().weight & 15) | (f.side().index() as u8) << 4;
            }
        }
        t
    })
}

impl Position {
    /// Whether [`Position::check_position`] passes, as one run of tests with no
    /// error to build: what the checks after every step run for each position,
    /// falling back to the explaining version only when something is wrong.
    /// The two must agree (a debug assertion checks it in the tests).
    #[inline(always)]
    fn position_ok(&self, b: &super::board::Board, sq: u8) -> bool {
        let f = self.forces[sq as usize];
        let v = self.vessels[sq as usize];
        let (green, red) = (self.occupied[0].has(sq), self.occupied[1].has(sq));
        let water = b.water.has(sq);
        let afloat = v.is_some();
        let force_red = f.side() == Side::Red;
        let force_ok = if f.is_none() {
            !green && !red
        } else {
            green != force_red
                && red == force_red
                && f.0 & 128 == 0
                && b.allowed_by_byte[f.side().index()][usize::from(f.0 & 127)].has(sq)
                && (afloat || !water)
        };
        let original_red = v.kind().side() == Side::Red;
        let flying_red = if f.is_some() { force_red } else { original_red };
        let vessel_ok = afloat == self.fleet.has(sq)
            && v.is_valid()
            && (!afloat || water)
            && self.red_fleet.has(sq) == (afloat && original_red)
            && (!afloat || (v.colour() == Side::Red) == flying_red);
        let royal_ok = self.royals.has(sq) == super::state::is_royal(f);
        let ok = force_ok & vessel_ok & royal_ok;
        debug_assert_eq!(ok, self.check_position(sq).is_ok(), "{sq}");
        ok
    }

    /// Whether every grid position passes [`Position::position_ok`], the
    /// same tests made set by set (for a position of unknown history, such
    /// as an import): one pass over the grid gathers the occupancy, fleet
    /// and royals' sets the forces and vessels imply, tests each force's
    /// scope and each vessel's validity and flag, and the sets are compared
    /// with those kept (a force on the water is aboard: the occupied water
    /// positions lie in the fleet; every vessel is on the water).
    pub(super) fn grid_ok(&self, b: &super::board::Board) -> bool {
        let mut sets = [SquareSet::EMPTY; 5];
        let [green, red, fleet, red_fleet, royals] = &mut sets;
        let mut ok = true;
        for sq in 0..SQUARES as u8 {
            let f = self.forces[sq as usize];
            let v = self.vessels[sq as usize];
            let force_red = f.side() == Side::Red;
            if f.is_some() {
                if force_red {
                    red.insert(sq);
                } else {
                    green.insert(sq);
                }
                ok &= f.0 & 128 == 0
                    && b.allowed_by_byte[f.side().index()][usize::from(f.0 & 127)].has(sq);
            }
            if super::state::is_royal(f) {
                royals.insert(sq);
            }
            ok &= v.is_valid();
            if v.is_some() {
                fleet.insert(sq);
                let original_red = v.kind().side() == Side::Red;
                if original_red {
                    red_fleet.insert(sq);
                }
                let flying_red = if f.is_some() { force_red } else { original_red };
                ok &= (v.colour() == Side::Red) == flying_red;
            }
        }
        let occupied = green.or(*red);
        ok && *green == self.occupied[0]
            && *red == self.occupied[1]
            && *fleet == self.fleet
            && *red_fleet == self.red_fleet
            && *royals == self.royals
            && (0..3).all(|w| {
                occupied.0[w] & b.water.0[w] & !fleet.0[w] == 0 && fleet.0[w] & !b.water.0[w] == 0
            })
    }

    /// Why [`Position::position_ok`] failed on `sq`.
    #[cold]
    #[inline(never)]
    fn position_error(&self, sq: u8) -> Result<(), InvariantError> {
        self.check_position(sq)?;
        Err(InvariantError(format!(
            "the position {} fails the quick check but passes the explaining one",
            super::board::square_name(sq)
        )))
    }

    /// The invariants of one grid position: its force is in the occupancy set
    /// of its side and no other, within its scope, aboard a vessel on the water;
    /// its vessel is in the fleet set and on the water. The explaining version
    /// of [`Position::position_ok`].
    #[cold]
    #[inline(never)]
    fn check_position(&self, sq: u8) -> Result<(), InvariantError> {
        let b = board();
        let f = self.forces[sq as usize];
        let (green, red) = (self.occupied[0].has(sq), self.occupied[1].has(sq));
        if f.is_none() {
            if green || red {
                return Err(InvariantError(format!(
                    "an occupancy set lists the empty position {}",
                    super::board::square_name(sq)
                )));
            }
        } else {
            let side = f.side();
            if (side == Side::Green) != green || (side == Side::Red) != red {
                return Err(InvariantError(format!(
                    "the occupancy sets disagree with the force on {}",
                    super::board::square_name(sq)
                )));
            }
            let table = &b.allowed_by_byte[side.index()];
            if f.0 & 128 != 0 || !table[usize::from(f.0 & 127)].has(sq) {
                return self.scope_error(side, sq);
            }
            if b.water.has(sq) && !self.vessels[sq as usize].is_some() {
                return Err(InvariantError(format!(
                    "a force on {} is on the water with no vessel",
                    super::board::square_name(sq)
                )));
            }
        }
        if self.royals.has(sq) != super::state::is_royal(f) {
            return Err(InvariantError(format!(
                "the royals' positions are misrecorded on {}",
                super::board::square_name(sq)
            )));
        }
        let v = self.vessels[sq as usize];
        if v.is_some() != self.fleet.has(sq)
            || !v.is_valid()
            || (v.is_some() && !b.water.has(sq))
            || self.red_fleet.has(sq) != (v.is_some() && v.kind().side() == Side::Red)
        {
            return Err(InvariantError(format!(
                "the fleet sets or the vessel on {} are wrong",
                super::board::square_name(sq)
            )));
        }
        if v.is_some() {
            // "Whenever a vessel is vacated she then reverts to her original
            // colour"; boarded, she flies her occupant's.
            let flying = if f.is_some() {
                f.side()
            } else {
                v.kind().side()
            };
            if v.colour() != flying {
                return Err(InvariantError(format!(
                    "the vessel on {} flies {} but should fly {flying}",
                    super::board::square_name(sq),
                    v.colour()
                )));
            }
        }
        Ok(())
    }

    /// Why the force of `side` listed on `sq` breaks the scope invariant (the
    /// slow path of [`Position::check`]).
    fn scope_error(&self, side: Side, sq: u8) -> Result<(), InvariantError> {
        let f = self.forces[sq as usize];
        let name = f.kind().map_or("?", Kind::name);
        Err(InvariantError(if !f.is(side) || !f.is_valid() {
            format!("occupancy of {side} lists {sq} holding {f:?}")
        } else {
            format!(
                "{name} on {} is outside its scope of operations",
                super::board::square_name(sq)
            )
        }))
    }

    /// The special areas' slots: each holds a force or is empty, the empty
    /// ones last, no area beyond its capacity. Returns the forces of each side
    /// in them (a tower with her bird inside counts two).
    fn check_areas(&self) -> Result<[u16; 2], InvariantError> {
        let b = board();
        let err = |m: String| Err(InvariantError(m));
        let codes = slot_codes();
        let mut totals = [0u16; 2];
        for (a, slots) in self.areas.iter().enumerate() {
            let bytes = [slots[0].0, slots[1].0, slots[2].0, slots[3].0];
            let word = u32::from_le_bytes(bytes);
            if word == 0 {
                continue;
            }
            // Bit 0 of each byte: whether its slot is filled; `n` slots
            // filled before the first empty one, and none may follow it.
            let filled = (((word & 0x7f7f_7f7f) + 0x7f7f_7f7f) | word) >> 7 & 0x0101_0101;
            let n = (!(filled * 0xff)).trailing_zeros() as usize / 8;
            for &x in &bytes[..n] {
                let code = codes[usize::from(x)];
                if code & NOT_A_FORCE != 0 {
                    return err(format!("{}: no force {:?}", AREAS[a].name(), Force(x)));
                }
                totals[usize::from(code >> 4)] += u16::from(code & 15);
            }
            if n < AREA_SLOTS && filled >> (8 * n) != 0 {
                return err(format!("{}: slots out of order", AREAS[a].name()));
            }
            let n = n as u8;
            if n > b.areas[a].holds {
                return err(format!("{} holds {n} forces", AREAS[a].name()));
            }
        }
        Ok(totals)
    }

    /// The forces of each side in the special areas, counted (what
    /// [`Position::area_forces`] keeps); a byte that is no force counts
    /// nothing (the check of the areas names it).
    #[must_use]
    pub fn count_area_forces(&self) -> [u16; 2] {
        let codes = slot_codes();
        let mut totals = [0u16; 2];
        for &f in self.areas.iter().flatten() {
            let code = codes[usize::from(f.0)];
            if code & NOT_A_FORCE == 0 {
                totals[usize::from(code >> 4)] += u16::from(code & 15);
            }
        }
        totals
    }

    /// The cheap invariants (no allocation): every force where its scope allows,
    /// nothing on the Island of Sirens, vessels only on water, occupancy sets
    /// agreeing with the grid, counts conserved, resources within their limits.
    ///
    /// The tests run first as one run with no error to build
    /// (`quick_ok`: the same tests, for a position whose last
    /// action changed only grid positions); when that does not pass (or the
    /// history is unknown, or the special areas changed) the explaining
    /// version (`check_explained`) makes every test again and
    /// names the first broken invariant.
    ///
    /// # Errors
    ///
    /// The first broken invariant.
    #[inline(always)]
    pub fn check(&self) -> Result<(), InvariantError> {
        if self.quick_ok() {
            debug_assert_eq!(
                self.check_explained(),
                Ok(()),
                "the quick check passes a position the explaining one does not"
            );
            return Ok(());
        }
        self.check_explained()
    }

    /// Whether every test of [`Position::check_explained`] passes, made as
    /// one run of tests with no error to build, for a position whose last
    /// action changed at most eight grid positions; `false` for a position
    /// of unknown history or one whose special areas changed (the
    /// explaining version checks those). The same tests: each changed
    /// position ([`Position::position_ok`]); the Island's positions in no
    /// occupancy or fleet set; the forces of each side (on the grid, a tower
    /// with her bird inside counting two, in the special areas as kept and in
    /// the Barren Lands as kept) and the vessels of each original side
    /// (afloat and sunk) as deployed, in the same arithmetic; the arrows,
    /// cannonballs and Seer consultations within their limits
    /// ([`Counters::within_limits`]); the en-passant position empty.
    #[inline(always)]
    fn quick_ok(&self) -> bool {
        let Some(changed) = self.touched.squares() else {
            return false;
        };
        if self.touched.off_grid() {
            return false;
        }
        let b = board();
        let mut ok = true;
        for &sq in changed {
            ok &= self.position_ok(b, sq);
        }
        let [green, red] = self.occupied;
        let (fleet, red_fleet) = (self.fleet, self.red_fleet);
        let island = (0..3).fold(0, |acc, w| {
            acc | (green.0[w] | red.0[w] | fleet.0[w]) & b.island.0[w]
        });
        let total = |i: usize, set: SquareSet| {
            (set.count() as u16)
                .wrapping_add(u16::from(self.towers_with_birds[i]))
                .wrapping_add(self.area_forces[i])
                .wrapping_add(self.barren_forces[i])
        };
        let reds = red_fleet.count() as u8;
        let greens = (fleet.count() as u8).wrapping_sub(reds);
        let vessels = |i: usize, afloat: u8| {
            afloat
                .wrapping_add(self.sunk[i * 2])
                .wrapping_add(self.sunk[i * 2 + 1])
        };
        let ep_ok = self.ep == NO_SQUARE
            || (usize::from(self.ep) < SQUARES && self.forces[usize::from(self.ep)].is_none());
        ok && island == 0
            && total(0, green) == self.deployed[0]
            && total(1, red) == self.deployed[1]
            && vessels(0, greens) == self.deployed_vessels[0]
            && vessels(1, reds) == self.deployed_vessels[1]
            && self.counters.within_limits()
            && ep_ok
    }

    /// [`Position::check`]'s explaining version: every test, the first
    /// broken invariant named.
    #[cold]
    #[inline(never)]
    fn check_explained(&self) -> Result<(), InvariantError> {
        let b = board();
        let err = |m: String| Err(InvariantError(m));
        // Every force where its scope allows: one table lookup each
        // (`Board::allowed` holds the regions, the palace confinement and the
        // water positions of each kind's scope); aboard a vessel on water.
        // Every force where its scope allows: the positions the last action
        // changed (the others kept the invariant from before), or every
        // position of a position of unknown history.
        match self.touched.squares() {
            Some(changed) => {
                for &sq in changed {
                    if !self.position_ok(b, sq) {
                        return self.position_error(sq);
                    }
                }
            }
            None => {
                let grid = self.grid_ok(b);
                debug_assert_eq!(
                    grid,
                    (0..SQUARES as u8).all(|sq| self.position_ok(b, sq)),
                    "the whole-grid check and the position checks disagree"
                );
                if !grid {
                    // The first position that fails, explained.
                    for sq in 0..SQUARES as u8 {
                        if !self.position_ok(b, sq) {
                            return self.position_error(sq);
                        }
                    }
                    return err("the whole-grid check fails, every position passes".into());
                }
                let birds = [Side::Green, Side::Red].map(|side| {
                    self.occupied[side.index()]
                        .iter::<u8>()
                        .filter(|&sq| has_bird(self.forces[sq as usize]))
                        .count() as u8
                });
                let princesses = self.occupied[0]
                    .iter::<u8>()
                    .filter(|&sq| self.forces[sq as usize].kind() == Some(Kind::WoodlandPrincess))
                    .fold(SquareSet::EMPTY, |mut set, sq| {
                        set.insert(sq);
                        set
                    });
                if princesses != self.princesses {
                    return err("the Woodland Princess's position is misrecorded".into());
                }
                if birds != self.towers_with_birds {
                    return err(format!(
                        "towers with birds inside: {birds:?} on the grid, {:?} counted",
                        self.towers_with_birds
                    ));
                }
            }
        }
        self.check_counts()
    }

    /// [`Position::check`] of a position the import just read, whose kept
    /// sets and totals its one pass built from the grid
    /// ([`Position::seal_placed`](super::placed)), `grid` whether every grid
    /// position passed the tests of one position there: the same tests as
    /// for any position of unknown history, the grid's not made again when
    /// they passed (a debug assertion makes them again).
    pub(super) fn check_placed(&self, grid: bool) -> Result<(), InvariantError> {
        debug_assert!(self.touched.squares().is_none());
        debug_assert_eq!(grid, self.grid_ok(board()), "the pass and the grid's check");
        if !grid {
            return self.check_explained();
        }
        let result = self.check_counts();
        debug_assert_eq!(result, self.check_explained());
        result
    }

    /// The tests of [`Position::check_explained`] beyond each grid
    /// position's: the Island, the special areas, the Barren Lands, the
    /// forces and vessels conserved, the arrows, cannonballs and Seers, the
    /// en-passant position.
    fn check_counts(&self) -> Result<(), InvariantError> {
        let b = board();
        let err = |m: String| Err(InvariantError(m));
        let mut totals = [0u16; 2];
        for side in Side::ALL {
            // A tower with her bird inside counts two forces.
            totals[side.index()] = self.occupied[side.index()].count() as u16
                + u16::from(self.towers_with_birds[side.index()]);
        }
        // That no force or vessel stands on the grid outside the occupancy and
        // fleet sets is checked where the whole grid is read anyway: an export
        // reads every position, and its import (on the sampled full checks)
        // rebuilds the sets, which must then equal these.
        let all = self.all_occupied();
        if (0..3).any(|w| (all.0[w] | self.fleet.0[w]) & b.island.0[w] != 0) {
            return err("something occupies the Island of Sirens".into());
        }
        // Each vessel is checked where it changed (`check_position`); here the
        // count of each original side.
        let red = self.red_fleet.count() as u8;
        let afloat = [self.fleet.count() as u8 - red, red];
        // The special areas: slot by slot when an action changed them (or the
        // history is unknown), else as kept (`Position::area_forces`, which
        // only `edit_off_grid` changes; any other change of the areas would
        // break the hash, recomputed after every step too).
        let in_areas = if self.touched.off_grid() {
            let counted = self.check_areas()?;
            if counted != self.area_forces {
                return err(format!(
                    "the special areas hold {counted:?} forces, {:?} recorded",
                    self.area_forces
                ));
            }
            counted
        } else {
            self.area_forces
        };
        for side in Side::ALL {
            totals[side.index()] += in_areas[side.index()];
        }
        // The Barren Lands as kept (`Position::barren_forces`), counted afresh
        // for a position of unknown history.
        if self.touched.squares().is_none() {
            let counted = [self.barren_total(Side::Green), self.barren_total(Side::Red)];
            if counted != self.barren_forces {
                return err(format!(
                    "the Barren Lands hold {counted:?} forces, {:?} recorded",
                    self.barren_forces
                ));
            }
        }
        for side in Side::ALL {
            let i = side.index();
            let total = totals[i] + self.barren_forces[i];
            if total != self.deployed[i] {
                return err(format!(
                    "{side} forces not conserved: {total} now, {} deployed",
                    self.deployed[i]
                ));
            }
            let vessels = afloat[i] + self.sunk[i * 2] + self.sunk[i * 2 + 1];
            if vessels != self.deployed_vessels[i] {
                return err(format!(
                    "{side} vessels not conserved: {vessels} now, {} deployed",
                    self.deployed_vessels[i]
                ));
            }
        }
        let c = &self.counters;
        let n = u16::from;
        let green =
            n(c.princess_arrows) + n(c.library_arrows) + n(c.queen_arrows) + n(c.spent_arrows[0]);
        if green > u16::from(GREEN_ARROWS) {
            return err(format!("{green} Green Arrows"));
        }
        let red = n(c.red_arrows) + n(c.red_arrows_forfeited) + n(c.spent_arrows[1]);
        if red > u16::from(RED_ARROWS) {
            return err(format!("{red} Red Arrows"));
        }
        for i in 0..2 {
            if n(c.cannonballs[i]) + n(c.spent_cannonballs[i]) > u16::from(CANNONBALLS) {
                return err("more than three Cannonballs a Flagship".into());
            }
            if c.seers[i] > SEER_LIMIT {
                return err("more than three Seer consultations".into());
            }
        }
        if self.ep != NO_SQUARE
            && (self.ep as usize >= SQUARES || self.forces[self.ep as usize].is_some())
        {
            return err("the en-passant position is occupied".into());
        }
        Ok(())
    }
}

impl Counters {
    /// Whether the arrows, cannonballs and Seer consultations are within
    /// their limits: the tests of [`Position::check_explained`] (Green
    /// Arrows in the quivers, the Library and spent at most
    /// [`GREEN_ARROWS`], Red ones at most [`RED_ARROWS`], each Flagship's
    /// cannonballs left and fired at most [`CANNONBALLS`], each OverLord's
    /// consultations at most [`SEER_LIMIT`]), with no error to build.
    #[inline(always)]
    fn within_limits(&self) -> bool {
        let n = u16::from;
        n(self.princess_arrows)
            + n(self.library_arrows)
            + n(self.queen_arrows)
            + n(self.spent_arrows[0])
            <= u16::from(GREEN_ARROWS)
            && n(self.red_arrows) + n(self.red_arrows_forfeited) + n(self.spent_arrows[1])
                <= u16::from(RED_ARROWS)
            && n(self.cannonballs[0]) + n(self.spent_cannonballs[0]) <= u16::from(CANNONBALLS)
            && n(self.cannonballs[1]) + n(self.spent_cannonballs[1]) <= u16::from(CANNONBALLS)
            && self.seers[0] <= SEER_LIMIT
            && self.seers[1] <= SEER_LIMIT
    }
}
