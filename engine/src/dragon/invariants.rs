//! Dragon's own invariants (checked after every step of a simulation): every
//! force inside its scope of operations, nothing on the Island of Sirens,
//! vessels only on water flying the right colour, forces conserved (on the
//! grid, in the special areas and in the Barren Lands, as deployed), vessels
//! conserved, arrows, cannonballs and Seer consultations within their limits.
//! No allocation unless an invariant is broken.

use std::sync::OnceLock;

use super::board::{AREA_SLOTS, AREAS, NO_SQUARE, SQUARES, SquareSet, board};
use super::forces::{Force, Kind};
use super::state::{CANNONBALLS, GREEN_ARROWS, Position, RED_ARROWS, SEER_LIMIT, has_bird};
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
    /// The invariants of one grid position: its force is in the occupancy set
    /// of its side and no other, within its scope, aboard a vessel on the water;
    /// its vessel is in the fleet set and on the water.
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

    /// The cheap invariants (no allocation): every force where its scope allows,
    /// nothing on the Island of Sirens, vessels only on water, occupancy sets
    /// agreeing with the grid, counts conserved, resources within their limits.
    ///
    /// # Errors
    ///
    /// The first broken invariant.
    pub fn check(&self) -> Result<(), InvariantError> {
        let b = board();
        let err = |m: String| Err(InvariantError(m));
        // Every force where its scope allows: one table lookup each
        // (`Board::allowed` holds the regions, the palace confinement and the
        // water positions of each kind's scope); aboard a vessel on water.
        // Every force where its scope allows: the positions the last action
        // changed (the others kept the invariant from before), or every
        // position of a position of unknown history.
        let mut totals = [0u16; 2];
        match self.touched.squares() {
            Some(changed) => {
                for &sq in changed {
                    self.check_position(sq)?;
                }
            }
            None => {
                for sq in 0..SQUARES as u8 {
                    self.check_position(sq)?;
                }
                let birds = [Side::Green, Side::Red].map(|side| {
                    self.occupied[side.index()]
                        .iter()
                        .filter(|&sq| has_bird(self.forces[sq as usize]))
                        .count() as u8
                });
                let princesses = self.occupied[0]
                    .iter()
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
        let codes = slot_codes();
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
        for side in Side::ALL {
            let i = side.index();
            let total = totals[i] + self.barren_total(side);
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
