//! The tables derived from the board's map once it is read: steps, leaps, rays
//! and the sets move generation and the invariants read.

use super::board::{DIRECTIONS, LAYOUT, NO_SQUARE, Region, SQUARES, SquareSet};
use super::forces::{Kind, Scope};
use crate::core::{Direction, Side, Step, everywhere, leaps};

/// The leap tables: [`KNIGHT`], [`LANCE`], [`SWORD`], [`PIKE`].
pub const LEAPS: [&[Direction]; 4] = [&leaps::KNIGHT, &LANCE_LEAPS, &SWORD_LEAPS, &PIKE_LEAPS];
/// Index of the Western Chess Knight's leap in [`LEAPS`] (Green and Red
/// Knights).
pub const KNIGHT: usize = 0;
/// Index of the White and Black Knights' Lance leaps: "Three positions
/// vertically or horizontally, then two positions laterally ... or ... one".
pub const LANCE: usize = 1;
/// Index of the SwordVariation: one or two diagonally, or the Knight's leap.
pub const SWORD: usize = 2;
/// Index of the PikeVariation: one or two vertically or horizontally, or the
/// Knight's leap.
pub const PIKE: usize = 3;

/// The Lance: three positions vertically or horizontally, then one or two
/// laterally.
const LANCE_LEAPS: [Direction; 16] = {
    const fn d(df: i8, dr: i8) -> Direction {
        Direction { df, dr }
    }
    [
        d(3, 1),
        d(3, 2),
        d(3, -1),
        d(3, -2),
        d(-3, 1),
        d(-3, 2),
        d(-3, -1),
        d(-3, -2),
        d(1, 3),
        d(2, 3),
        d(-1, 3),
        d(-2, 3),
        d(1, -3),
        d(2, -3),
        d(-1, -3),
        d(-2, -3),
    ]
};
/// One or two diagonally (the Queen's Lancer's leaps), or the Knight's.
const SWORD_LEAPS: [Direction; 16] = leaps::join(&leaps::QUEENS_LANCER, &leaps::KNIGHT);
/// One or two vertically or horizontally (the King's Lancer's leaps), or
/// the Knight's.
const PIKE_LEAPS: [Direction; 16] = leaps::join(&leaps::KINGS_LANCER, &leaps::KNIGHT);

/// `steps` as the core layer's steps on the one board.
fn flat(steps: &[Direction]) -> Vec<Step> {
    steps.iter().map(|&d| Step::flat(d)).collect()
}

/// The derived tables (see the fields of [`Board`](super::board::Board)).
pub(crate) struct Derived {
    pub(crate) step: [[u8; SQUARES]; 8],
    pub(crate) land_step: [[u8; SQUARES]; 8],
    pub(crate) leaps: [[[u8; 16]; SQUARES]; 4],
    pub(crate) water: SquareSet,
    pub(crate) forest: SquareSet,
    pub(crate) storm: SquareSet,
    pub(crate) allowed: [SquareSet; 64],
    pub(crate) allowed_by_byte: [[SquareSet; 128]; 2],
    pub(crate) leap_sets: [[SquareSet; SQUARES]; 4],
    pub(crate) neighbours: [SquareSet; SQUARES],
    pub(crate) walker: [[SquareSet; SQUARES]; 2],
    pub(crate) pawn_captures: [[SquareSet; SQUARES]; 2],
    pub(crate) rays: [[SquareSet; SQUARES]; 8],
    pub(crate) lines: [SquareSet; SQUARES],
}

/// Builds every derived table from the regions and the palaces.
pub(crate) fn derive(
    region: &[Region; SQUARES],
    palace: SquareSet,
    citadel: SquareSet,
    island: SquareSet,
) -> Box<Derived> {
    // A land step or leap stays in its kingdom: never from or to the ocean.
    let land = |from: usize, to: usize| region[from] == region[to] && region[from].is_land();
    let step = DIRECTIONS.map(|d| LAYOUT.steps(Step::flat(d), everywhere));
    let land_step = DIRECTIONS.map(|d| LAYOUT.steps(Step::flat(d), land));
    let leaps = LEAPS.map(|l| LAYOUT.leap_lists(&flat(l), land));
    let mut water = SquareSet::EMPTY;
    for sq in 0..SQUARES as u8 {
        if region[sq as usize] == Region::Ocean && !island.has(sq) {
            water.insert(sq);
        }
    }
    let mut forest = SquareSet::EMPTY;
    let mut storm = SquareSet::EMPTY;
    for sq in 0..SQUARES as u8 {
        match region[sq as usize] {
            Region::Forest => forest.insert(sq),
            Region::Storm => storm.insert(sq),
            Region::Ocean => {}
        }
    }
    let mut allowed = [SquareSet::EMPTY; 64];
    for &kind in Kind::ALL {
        let scope = kind.info().scope;
        for sq in 0..SQUARES as u8 {
            let ok = match region[sq as usize] {
                Region::Forest => {
                    scope.has(Scope::FOREST)
                        && (!scope.has(Scope::PALACE)
                            || kind.side() != Side::Green
                            || palace.has(sq))
                }
                Region::Storm => {
                    scope.has(Scope::STORM)
                        && (!scope.has(Scope::PALACE)
                            || kind.side() != Side::Red
                            || citadel.has(sq))
                }
                Region::Ocean => scope.has(Scope::OCEAN) && water.has(sq),
            };
            if ok {
                allowed[kind as usize].insert(sq);
            }
        }
    }
    let mut allowed_by_byte = [[SquareSet::EMPTY; 128]; 2];
    for &kind in Kind::ALL {
        for unmoved in [0u8, 64] {
            let byte = kind as u8 | unmoved;
            allowed_by_byte[kind.side().index()][byte as usize] = allowed[kind as usize];
        }
    }
    let leap_sets = LEAPS.map(|l| LAYOUT.leap_sets(&flat(l), land));
    let rays = DIRECTIONS.map(|d| LAYOUT.rays(Step::flat(d), land));
    let mut neighbours = [SquareSet::EMPTY; SQUARES];
    let mut walker = [[SquareSet::EMPTY; SQUARES]; 2];
    let mut pawn_captures = [[SquareSet::EMPTY; SQUARES]; 2];
    for sq in 0..SQUARES {
        for steps in &land_step {
            if steps[sq] != NO_SQUARE {
                neighbours[sq].insert(steps[sq]);
            }
        }
        // Forwards is south (4) for the Forest, north (0) for the Storms.
        for (side, [fwd, diag_a, diag_b]) in [(0, [4, 3, 5]), (1, [0, 1, 7])] {
            for d in [fwd, diag_a, diag_b, 2, 6] {
                let s = land_step[d][sq];
                if s != NO_SQUARE {
                    walker[side][sq].insert(s);
                }
            }
            for d in [diag_a, diag_b] {
                let s = land_step[d][sq];
                if s != NO_SQUARE {
                    pawn_captures[side][sq].insert(s);
                }
            }
        }
    }
    let mut lines = [SquareSet::EMPTY; SQUARES];
    for (sq, line) in lines.iter_mut().enumerate() {
        for ray in &rays {
            *line = line.or(ray[sq]);
        }
    }
    Box::new(Derived {
        step,
        land_step,
        leaps,
        water,
        forest,
        storm,
        allowed,
        allowed_by_byte,
        leap_sets,
        neighbours,
        walker,
        pawn_captures,
        rays,
        lines,
    })
}
