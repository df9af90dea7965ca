//! Northern Light, a Treasure Hunt: Jewel Facet 3 (seed 002, "Jewel Facet 3:
//! Northern Light- a Treasure Hunt").
//!
//! Three Hunts on the same 7x7 "Northern Light board", with the same Characters:
//!
//! - [`qi`]: **DiamondQi**, the 1st Hunt, a convergence game on the key-square
//!   core: only a Princess may Win the Key, D4;
//! - [`hunt`]: **DiamondQuest** (the 2nd Hunt, "aka Diamaranga") and
//!   **DiamondChess** (the 3rd): royal Princesses, checkmate ("Encircle"),
//!   Towering, promotion; DiamondChess adds the Pikemen's double step and en
//!   passant;
//! - [`series`]: **Northern Light** as one match: "DiamondQuest is only played if
//!   DiamondQi is a draw and DiamondChess is only played if DiamondQuest is a
//!   draw", scored 1-0, 1½-½ or ½-½, with the Deciding Hunt of the tie-break use as
//!   an option.
//!
//! ```text
//! 7  t k n s k n t     Green (North): Towers A7 G7, Knights B7 E7,
//! 6  p p p p p p p     Nobles C7 F7, the Princess D7, Pikemen on rank 6
//! 5  . . . . . . .
//! 4  . . . * . . .     * D4, the Key position of DiamondQi
//! 3  . . . . . . .
//! 2  P P P P P P P     Red (South): the same on ranks 1 and 2
//! 1  T K N S K N T
//!    A B C D E F G
//! ```
//!
//! The set-up is the project's draft (ruling [`qi::SET_UP`], data file
//! `engine/data/jewel/northern-light.txt`): the Princess on the d-file and the
//! Towers in the corners, so that Towering works as the seed describes it.

pub mod hunt;
mod hunt_gen;
mod hunt_text;
pub mod qi;
pub mod series;
#[cfg(test)]
mod tests;

use super::keysquare::{Kind, KindSpec, Movement};
use crate::core::{Geometry, Square};

/// The Northern Light board: 7 files by 7 ranks.
pub const GEOMETRY: Geometry = Geometry::new(7, 7);
/// D4: the Key position of DiamondQi ("the Northern Light itself").
pub const KEY: Square = GEOMETRY.at(3, 3);
/// The set-up data file of all three Hunts.
pub const SET_UP_FILE: &str = include_str!("../../../data/jewel/northern-light.txt");

/// Every square of the board turned north to south
/// ([`mirror_square`](super::keysquare::mirror_square)), by index: the squares of
/// the mirrored actions of all three Hunts.
pub(crate) static MIRRORED_SQUARES: [Square; 49] = {
    let mut t = [Square(0); 49];
    let mut i = 0;
    while i < 49 {
        t[i] = super::keysquare::mirror_square(GEOMETRY, Square(i as u8));
        i += 1;
    }
    t
};

/// The Princess.
pub const PRINCESS: Kind = Kind(0);
/// A Tower.
pub const TOWER: Kind = Kind(1);
/// A Knight.
pub const KNIGHT: Kind = Kind(2);
/// A Noble.
pub const NOBLE: Kind = Kind(3);
/// An Aristocrat: a promoted Pikeman with a Tower's powers.
pub const ARISTOCRAT: Kind = Kind(4);
/// A Pikeman.
pub const PIKEMAN: Kind = Kind(5);

/// The Characters of Northern Light (seed 002, DiamondQi, "The Board & Characters",
/// and DiamondQuest, Notes 1), in the order their moves are listed. The
/// Pikeman's movement here is DiamondQi's and DiamondQuest's (one square only);
/// DiamondChess adds the double step in its own generator.
pub const KINDS: [KindSpec; 6] = [
    KindSpec {
        names: ["Princess", "Princess"],
        letter: b'S',
        movement: Movement::King,
        takes_key: true,
    },
    KindSpec {
        names: ["Tower", "Tower"],
        letter: b'T',
        movement: Movement::Rook,
        takes_key: false,
    },
    KindSpec {
        names: ["Knight", "Knight"],
        letter: b'K',
        movement: Movement::Knight,
        takes_key: false,
    },
    KindSpec {
        names: ["Noble", "Noble"],
        letter: b'N',
        movement: Movement::Bishop,
        takes_key: false,
    },
    KindSpec {
        names: ["Aristocrat", "Aristocrat"],
        letter: b'A',
        movement: Movement::Rook,
        takes_key: false,
    },
    KindSpec {
        names: ["Pikeman", "Pikeman"],
        letter: b'P',
        movement: Movement::Pawn { double_step: false },
        takes_key: false,
    },
];
