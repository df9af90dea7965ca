//! The tables derived from the board's map once it is read: steps, leaps, rays
//! and the sets move generation and the invariants read.

use super::board::{DIRECTIONS, NO_SQUARE, Region, SQUARES, SquareSet, at, file_of, rank_of};
use super::forces::{Kind, Scope};
use crate::core::Side;

/// The leap tables: [`KNIGHT`], [`LANCE`], [`SWORD`], [`PIKE`].
pub const LEAPS: [&[(i8, i8)]; 4] = [&KNIGHT_LEAPS, &LANCE_LEAPS, &SWORD_LEAPS, &PIKE_LEAPS];
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

const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const LANCE_LEAPS: [(i8, i8); 16] = [
    (3, 1),
    (3, 2),
    (3, -1),
    (3, -2),
    (-3, 1),
    (-3, 2),
    (-3, -1),
    (-3, -2),
    (1, 3),
    (2, 3),
    (-1, 3),
    (-2, 3),
    (1, -3),
    (2, -3),
    (-1, -3),
    (-2, -3),
];
const SWORD_LEAPS: [(i8, i8); 16] = [
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const PIKE_LEAPS: [(i8, i8); 16] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

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
    let mut step = [[NO_SQUARE; SQUARES]; 8];
    let mut land_step = [[NO_SQUARE; SQUARES]; 8];
    for sq in 0..SQUARES as u8 {
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            if let Some(t) = at(file_of(sq) as i8 + df, rank_of(sq) as i8 + dr) {
                step[d][sq as usize] = t;
                let (a, b) = (region[sq as usize], region[t as usize]);
                if a == b && a.is_land() {
                    land_step[d][sq as usize] = t;
                }
            }
        }
    }
    let mut leaps = [[[NO_SQUARE; 16]; SQUARES]; 4];
    for (t, offsets) in LEAPS.iter().enumerate() {
        for sq in 0..SQUARES as u8 {
            let mut found: Vec<u8> = offsets
                .iter()
                .filter_map(|&(df, dr)| at(file_of(sq) as i8 + df, rank_of(sq) as i8 + dr))
                .filter(|&to| {
                    region[to as usize] == region[sq as usize] && region[sq as usize].is_land()
                })
                .collect();
            found.sort_unstable();
            leaps[t][sq as usize][..found.len()].copy_from_slice(&found);
        }
    }
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
    let mut leap_sets = [[SquareSet::EMPTY; SQUARES]; 4];
    let mut neighbours = [SquareSet::EMPTY; SQUARES];
    let mut walker = [[SquareSet::EMPTY; SQUARES]; 2];
    let mut pawn_captures = [[SquareSet::EMPTY; SQUARES]; 2];
    let mut rays = [[SquareSet::EMPTY; SQUARES]; 8];
    for sq in 0..SQUARES {
        for t in 0..4 {
            for &to in leaps[t][sq].iter().take_while(|&&to| to != NO_SQUARE) {
                leap_sets[t][sq].insert(to);
            }
        }
        for d in 0..8 {
            let mut s = land_step[d][sq];
            if s != NO_SQUARE {
                neighbours[sq].insert(s);
            }
            while s != NO_SQUARE {
                rays[d][sq].insert(s);
                s = land_step[d][s as usize];
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
