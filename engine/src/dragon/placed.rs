//! The import's one pass: a position whose forces and vessels were written
//! straight into [`Position::forces`] and [`Position::vessels`] (with their
//! positions in [`Position::occupied`] and [`Position::fleet`]) gets every
//! other kept field from one pass over its forces and vessels, as
//! [`Position::put`], [`Position::put_vessel`] and [`Position::seal`] would
//! have made them, and the scope tests of the whole grid on the way (what
//! [`Position::check`] tests of a position of unknown history).
//!
//! A test compares the pass with `put`, `put_vessel` and `seal` on the
//! positions of random games and the perft table.

use super::board::board;
use super::forces::{Kind, Scope};
use super::state::{Position, Touched, has_bird, is_royal};
use super::transform;
use crate::core::Side;

/// What the pass found besides the fields it filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placed {
    /// Every force on the grid is of a kind that may stand on the grid
    /// ([`Kind::on_grid`](super::forces::Kind::on_grid)).
    pub(super) on_grid: bool,
    /// Every grid position passes [`Position::check`]'s tests of one
    /// position: each force within its scope and aboard a vessel on the
    /// water, each vessel valid, on the water and flying the right colour.
    pub(super) grid: bool,
}

/// The scopes that hold grid positions (a kind with none stands only off
/// the grid).
const GRID_SCOPES: u8 = Scope::FOREST.0 | Scope::STORM.0 | Scope::OCEAN.0;

impl Position {
    /// Fills in, for a position read by the import (its forces and vessels
    /// written straight into the grid's arrays, `occupied` and `fleet` with
    /// them; the special areas, the Barren Lands, counters, flags and who
    /// moves as read): the royals', the Woodland Princess's and the Storms'
    /// vessels' positions, the towers with birds, the lines of descent, the
    /// totals as deployed, the forces in the special areas and the Barren
    /// Lands, the hash, and `touched` as for a position of unknown history
    /// (what `put`, `put_vessel` and `seal` make), in one pass over the
    /// forces and one over the vessels; the scope tests made on the way.
    pub(super) fn seal_placed(&mut self) -> Placed {
        let b = board();
        let mut by_kind = self.barren;
        for f in self.areas.iter().flatten() {
            let k = usize::from(f.kind_value());
            by_kind[k] = by_kind[k].wrapping_add(1);
        }
        let (mut on_grid, mut grid) = (true, true);
        let mut birds = [0u8; 2];
        for side in Side::ALL {
            let i = side.index();
            let allowed = &b.allowed_by_byte[i];
            let mut n = 0u8;
            let forces = self.occupied[i];
            forces.for_each(|sq: u8| {
                let f = self.forces[usize::from(sq)];
                let k = f.kind_value();
                by_kind[usize::from(k)] = by_kind[usize::from(k)].wrapping_add(1);
                n += u8::from(has_bird(f));
                if k == Kind::WoodlandPrincess as u8 {
                    self.princesses.insert(sq);
                }
                if is_royal(f) {
                    self.royals.insert(sq);
                }
                on_grid &= f.info().scope.0 & GRID_SCOPES != 0;
                grid &=
                    f.0 & 128 == 0 && f.side() == side && allowed[usize::from(f.0 & 127)].has(sq);
            });
            birds[i] = n;
        }
        let fleet = self.fleet;
        fleet.for_each(|sq: u8| {
            let v = self.vessels[usize::from(sq)];
            let f = self.forces[usize::from(sq)];
            let original_red = v.kind().side() == Side::Red;
            if original_red {
                self.red_fleet.insert(sq);
            }
            let flying_red = if f.is_some() {
                f.side() == Side::Red
            } else {
                original_red
            };
            grid &= v.is_some() && v.is_valid() && (v.colour() == Side::Red) == flying_red;
        });
        let occupied = self.all_occupied();
        grid &= (0..3).all(|w| {
            occupied.0[w] & b.water.0[w] & !fleet.0[w] == 0 && fleet.0[w] & !b.water.0[w] == 0
        });
        self.towers_with_birds = birds;
        self.lines = transform::totals_by_kind(&by_kind);
        self.area_forces = self.count_area_forces();
        self.barren_forces = [self.barren_total(Side::Green), self.barren_total(Side::Red)];
        let red_vessels = self.red_fleet.count() as u8;
        let vessels = [fleet.count() as u8 - red_vessels, red_vessels];
        for i in 0..2 {
            self.deployed[i] = self.occupied[i].count() as u16
                + u16::from(birds[i])
                + self.area_forces[i]
                + self.barren_forces[i];
            self.deployed_vessels[i] = vessels[i] + self.sunk[i * 2] + self.sunk[i * 2 + 1];
        }
        self.hash = self.off_grid_key() ^ self.grid_key();
        self.touched = Touched::ALL;
        Placed { on_grid, grid }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::zobrist::splitmix64;
    use crate::dragon::{DragonActions, DragonOptions};

    /// The position `p`'s grid put again force by force and vessel by
    /// vessel, the rest copied, and sealed: the way the import made it
    /// before its one pass.
    fn put_and_sealed(p: &Position) -> Position {
        let mut q = Position::empty();
        for sq in 0..crate::dragon::board::SQUARES as u8 {
            let v = p.vessel(sq);
            if v.is_some() {
                q.put_vessel(sq, v);
            }
            let f = p.force(sq);
            if f.is_some() {
                q.put(sq, f);
            }
        }
        q.areas = p.areas;
        q.barren = p.barren;
        q.sunk = p.sunk;
        q.counters = p.counters;
        q.flags = p.flags;
        q.ep = p.ep;
        q.pending = p.pending;
        q.pending_at = p.pending_at;
        q.to_move = p.to_move;
        q.quiet = p.quiet;
        q.ply = p.ply;
        q.outcome = p.outcome;
        q.seal();
        q
    }

    /// The pass fills in what `put`, `put_vessel` and `seal` fill in (every
    /// field, the hash and lines of descent included), and its scope tests
    /// answer as the whole grid's check, on every position of random games
    /// from the deployment and the perft table's positions; a force or
    /// vessel changed on each breaks the position as the check finds it.
    #[test]
    fn the_one_pass_equals_put_and_seal() {
        let opts = DragonOptions::default();
        let games = crate::dragon::guard::tests::start_games(&opts);
        let mut legal = DragonActions::new();
        let mut x = 0xD10_u64;
        let (mut positions, mut broken) = (0usize, 0usize);
        for start in &games {
            let mut g = start.clone();
            for ply in 0..200u64 {
                let p = *g.position();
                let mut placed = p;
                placed.princesses = Default::default();
                placed.royals = Default::default();
                placed.red_fleet = Default::default();
                placed.hash = 0;
                placed.lines = [0; transform::LINES.len()];
                let found = placed.seal_placed();
                let sealed = put_and_sealed(&p);
                assert_eq!(placed, sealed, "ply {ply}");
                assert_eq!(placed.hash, p.hash);
                assert_eq!(placed.lines, p.lines);
                assert!(found.on_grid && found.grid);
                assert_eq!(found.grid, sealed.grid_ok(board()));
                positions += 1;
                // A force or a vessel byte changed: the pass and the whole
                // grid's check agree whether it still passes.
                x = splitmix64(x ^ ply);
                let sq = (x % 135) as u8;
                let mut bad = placed;
                if x & 1 == 0 {
                    bad.forces[usize::from(sq)] = crate::dragon::forces::Force((x >> 8) as u8);
                } else {
                    bad.vessels[usize::from(sq)] = crate::dragon::state::Vessel((x >> 8) as u8);
                }
                bad.occupied = Default::default();
                bad.fleet = Default::default();
                for s in 0..135u8 {
                    let f = bad.force(s);
                    if f.is_some() {
                        bad.occupied[f.side().index()].insert(s);
                    }
                    if bad.vessel(s).0 != 0 {
                        bad.fleet.insert(s);
                    }
                }
                bad.princesses = Default::default();
                bad.royals = Default::default();
                bad.red_fleet = Default::default();
                let found = bad.seal_placed();
                assert_eq!(found.grid, bad.grid_ok(board()), "ply {ply}");
                broken += usize::from(!found.grid);
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let a = legal[(x % legal.len() as u64) as usize];
                g.play(a).unwrap();
            }
        }
        eprintln!("{positions} positions, {broken} broken");
        assert!(positions > 1000, "{positions}");
        assert!(broken > 500, "{broken}");
    }
}
