//! Move tables of one board, built at compile time: leaps of every [`Movement`],
//! pawn captures, rider rays, and from where a piece can ever stand on the Key.

use crate::core::{Bb, Bits, Direction, Geometry, Rays, Side, Square, leaps};

use super::Movement;

/// Pawn captures of each side: Red (South) moves north, Green (North) south.
const PAWN_CAPTURES: [[Direction; 2]; 2] = [
    // Green: forward is south.
    [Direction { df: -1, dr: -1 }, Direction { df: 1, dr: -1 }],
    // Red: forward is north.
    [Direction { df: -1, dr: 1 }, Direction { df: 1, dr: 1 }],
];

/// The move tables of one board (and its Key, if any).
#[derive(Clone, Debug)]
pub struct Tables {
    /// The board.
    pub geometry: Geometry,
    /// The Key position's one-square set (empty for a board without one): a
    /// blocker of every slide.
    pub key: Bb,
    /// One step in any direction.
    pub king: [Bb; 128],
    /// The Knight's leaps.
    pub knight: [Bb; 128],
    /// The King's Lancer's leaps.
    pub kings_lancer: [Bb; 128],
    /// The Queen's Lancer's leaps.
    pub queens_lancer: [Bb; 128],
    /// Knight and Queen's Lancer together.
    pub cloaked_prince: [Bb; 128],
    /// `pawn_captures[side][sq]`: the squares a pawn of `side` on `sq` attacks.
    pub pawn_captures: [[Bb; 128]; 2],
    /// `pawn_steps[side][sq]`: the square one step forward of a pawn of `side`.
    pub pawn_steps: [[Bb; 128]; 2],
    /// Rider rays.
    pub rays: Rays,
    /// Squares of the Key's colour (file + rank of the same parity): the only
    /// squares from which a Queen's Lancer or a Bishop can ever reach the Key.
    pub key_colour: Bb,
    /// `pawn_reach[side]`: squares from which a pawn of `side` can ever stand on the
    /// Key (moving forward one rank at a time and changing file by at most one per
    /// rank, by captures).
    pub pawn_reach: [Bb; 2],
}

impl Tables {
    /// The tables of `geometry` with the Key on `key` (or none).
    #[must_use]
    pub const fn build(geometry: Geometry, key: Option<Square>) -> Tables {
        let mut pawn_captures = [[Bb::EMPTY; 128]; 2];
        pawn_captures[0] = geometry.leap_table(&PAWN_CAPTURES[0]);
        pawn_captures[1] = geometry.leap_table(&PAWN_CAPTURES[1]);
        let mut pawn_steps = [[Bb::EMPTY; 128]; 2];
        pawn_steps[0] = geometry.leap_table(&[Direction::S]);
        pawn_steps[1] = geometry.leap_table(&[Direction::N]);
        let knight = geometry.leap_table(&leaps::KNIGHT);
        let queens_lancer = geometry.leap_table(&leaps::QUEENS_LANCER);
        let mut cloaked_prince = [Bb::EMPTY; 128];
        let mut i = 0;
        while i < 128 {
            cloaked_prince[i] = Bb(knight[i].0 | queens_lancer[i].0);
            i += 1;
        }
        let (key_bb, key_colour, pawn_reach) = match key {
            None => (Bb::EMPTY, Bb::EMPTY, [Bb::EMPTY; 2]),
            Some(k) => {
                let kc = geometry.coord(k);
                let mut colour = 0u128;
                let mut reach = [0u128; 2];
                let mut sq = 0;
                while sq < geometry.len() {
                    let c = geometry.coord(Square(sq as u8));
                    if (c.file + c.rank) % 2 == (kc.file + kc.rank) % 2 {
                        colour |= 1 << sq;
                    }
                    let df = (c.file as i16 - kc.file as i16).abs();
                    // Red moves north: the Key is `ahead` ranks in front.
                    let ahead_red = kc.rank as i16 - c.rank as i16;
                    if ahead_red >= 0 && df <= ahead_red {
                        reach[1] |= 1 << sq;
                    }
                    let ahead_green = c.rank as i16 - kc.rank as i16;
                    if ahead_green >= 0 && df <= ahead_green {
                        reach[0] |= 1 << sq;
                    }
                    sq += 1;
                }
                (k.bb(), Bb(colour), [Bb(reach[0]), Bb(reach[1])])
            }
        };
        Tables {
            geometry,
            key: key_bb,
            king: geometry.leap_table(&leaps::KING),
            knight,
            kings_lancer: geometry.leap_table(&leaps::KINGS_LANCER),
            queens_lancer,
            cloaked_prince,
            pawn_captures,
            pawn_steps,
            rays: geometry.rays(),
            key_colour,
            pawn_reach,
        }
    }

    /// The squares `movement` on `sq` of `side` attacks (could capture on), with
    /// sliders stopped by the first square of `blockers` (which they may land on).
    /// A pawn's attacks are its two diagonal captures.
    #[inline(always)]
    pub fn attacks<B: Bits>(&self, movement: Movement, side: Side, sq: Square, blockers: B) -> B {
        let i = sq.index();
        match movement {
            Movement::King => B::from_bb(self.king[i]),
            Movement::KingsLancer => B::from_bb(self.kings_lancer[i]),
            Movement::QueensLancer => B::from_bb(self.queens_lancer[i]),
            Movement::Knight => B::from_bb(self.knight[i]),
            Movement::CloakedPrince => B::from_bb(self.cloaked_prince[i]),
            Movement::Rook => self.slides(&Rays::ORTHOGONAL, sq, blockers),
            Movement::Bishop => self.slides(&Rays::DIAGONAL, sq, blockers),
            Movement::Pawn { .. } => B::from_bb(self.pawn_captures[side.index()][i]),
        }
    }

    /// The union of the slides from `sq` in the directions `dirs`, each stopped by
    /// (and including) the first square of `blockers`.
    #[inline(always)]
    pub fn slides<B: Bits>(&self, dirs: &[usize; 4], sq: Square, blockers: B) -> B {
        let mut set = B::EMPTY;
        for &d in dirs {
            set |= self.slide(d, sq, blockers);
        }
        set
    }

    /// One slide from `sq` in direction `d` (an index into [`Direction::ALL`]).
    #[inline(always)]
    pub fn slide<B: Bits>(&self, d: usize, sq: Square, blockers: B) -> B {
        let ray = B::from_bb(self.rays.ray(d, sq));
        let hit = ray & blockers;
        if hit.is_empty() {
            return ray;
        }
        // N, NE, E and NW raise the square number; the others lower it.
        let first = if matches!(d, 0..=2 | 7) {
            hit.first()
        } else {
            hit.last()
        };
        ray ^ B::from_bb(self.rays.ray(d, first))
    }

    /// Squares from which a piece of `movement` and `side` can ever stand on the
    /// Key, whatever the other pieces do.
    #[must_use]
    pub fn key_reach<B: Bits>(&self, movement: Movement, side: Side) -> B {
        match movement {
            Movement::QueensLancer | Movement::Bishop => B::from_bb(self.key_colour),
            Movement::Pawn { .. } => B::from_bb(self.pawn_reach[side.index()]),
            Movement::King
            | Movement::KingsLancer
            | Movement::Knight
            | Movement::CloakedPrince
            | Movement::Rook => B::from_bb(self.geometry.all()),
        }
    }
}

/// For a board up to 64 squares: the squares strictly between two squares on a
/// common line (`between`) and the whole line through both (`line`), empty when
/// they share none. Used by the royal hunts for checks and pins.
#[derive(Clone, Debug)]
pub struct BetweenTables {
    /// `between[a][b]`.
    pub between: [[u64; 64]; 64],
    /// `line[a][b]`, both squares included.
    pub line: [[u64; 64]; 64],
}

impl BetweenTables {
    /// The tables of `geometry`, which must have at most 64 squares.
    ///
    /// # Panics
    ///
    /// When `geometry` has more than 64 squares (a compile error in a `const`).
    #[must_use]
    pub const fn build(geometry: Geometry) -> BetweenTables {
        assert!(geometry.len() <= 64);
        let mut between = [[0u64; 64]; 64];
        let mut line = [[0u64; 64]; 64];
        let mut a = 0;
        while a < geometry.len() {
            let mut d = 0;
            while d < 8 {
                let dir = Direction::ALL[d];
                let mut passed = 0u64;
                let mut at = Square(a as u8);
                while let Some(next) = geometry.offset(at, dir) {
                    between[a][next.0 as usize] = passed;
                    passed |= 1 << next.0;
                    at = next;
                }
                // The full line through `a` in this direction and its opposite.
                let mut full = 1u64 << a;
                let mut at = Square(a as u8);
                while let Some(next) = geometry.offset(at, dir) {
                    full |= 1 << next.0;
                    at = next;
                }
                let back = Direction::ALL[(d + 4) % 8];
                let mut at = Square(a as u8);
                while let Some(next) = geometry.offset(at, back) {
                    full |= 1 << next.0;
                    at = next;
                }
                let mut at = Square(a as u8);
                while let Some(next) = geometry.offset(at, dir) {
                    line[a][next.0 as usize] = full;
                    at = next;
                }
                d += 1;
            }
            a += 1;
        }
        BetweenTables { between, line }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G5: Geometry = Geometry::new(5, 5);
    static T5: Tables = Tables::build(G5, Some(G5.at(2, 2)));

    fn names(b: u64) -> Vec<String> {
        let mut v = Vec::new();
        let mut b = b;
        while b != 0 {
            v.push(G5.name(b.pop()).to_string());
        }
        v
    }

    #[test]
    fn the_key_blocks_a_slide_but_may_be_landed_on() {
        let sq = G5.parse_square("C1").unwrap();
        let blockers = u64::from_bb(T5.key);
        let north = T5.slide(0, sq, blockers);
        assert_eq!(names(north), ["C2", "C3"]);
    }

    #[test]
    fn pawn_reach_is_a_cone_towards_the_key() {
        let red: u64 = T5.key_reach(Movement::Pawn { double_step: false }, Side::Red);
        assert_eq!(
            names(red),
            ["A1", "B1", "C1", "D1", "E1", "B2", "C2", "D2", "C3"]
        );
        let green: u64 = T5.key_reach(Movement::Pawn { double_step: false }, Side::Green);
        assert_eq!(
            names(green),
            ["C3", "B4", "C4", "D4", "A5", "B5", "C5", "D5", "E5"]
        );
        let bishop: u64 = T5.key_reach(Movement::Bishop, Side::Red);
        assert_eq!(bishop.count(), 13);
        assert!(!bishop.has(G5.parse_square("B1").unwrap()));
    }

    #[test]
    fn between_and_line() {
        static B: BetweenTables = BetweenTables::build(G5);
        let a1 = G5.parse_square("A1").unwrap();
        let d4 = G5.parse_square("D4").unwrap();
        let a3 = G5.parse_square("A3").unwrap();
        let b3 = G5.parse_square("B3").unwrap();
        assert_eq!(names(B.between[a1.index()][d4.index()]), ["B2", "C3"]);
        assert_eq!(
            names(B.line[a1.index()][d4.index()]),
            ["A1", "B2", "C3", "D4", "E5"]
        );
        assert_eq!(B.between[a1.index()][b3.index()], 0);
        assert_eq!(B.line[a1.index()][b3.index()], 0);
        assert_eq!(names(B.line[a3.index()][a1.index()]).len(), 5);
    }
}
