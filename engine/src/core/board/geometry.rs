//! Board geometry: squares, bitboards, directions, leaps and rays.
//!
//! A square is numbered `rank * width + file`, so on a 3x3 board:
//!
//! ```text
//! rank 3   6 7 8      A3 B3 C3
//! rank 2   3 4 5      A2 B2 C2
//! rank 1   0 1 2      A1 B1 C1
//! ```
//!
//! Boards up to 128 squares (11x11 is the largest Jewel board) fit a `u128`
//! bitboard ([`Bb`]). Tables of leaps and rays are built by `const fn`s at compile
//! time, one per game, so move generation never allocates.

use std::fmt;

use super::coord::{Coord, CoordError};
use super::layout::Plane;

/// A square of a board up to 128 squares: `rank * width + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square's index, `0..width*height`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The one-square bitboard.
    #[must_use]
    pub const fn bb(self) -> Bb {
        Bb(1u128 << self.0)
    }
}

/// A set of squares of a board up to 128 squares, bit `i` for square `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bb(pub u128);

impl Bb {
    /// No square.
    pub const EMPTY: Bb = Bb(0);

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 == 1
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest-numbered square, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest-numbered square, if any.
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bb {
        Bb(self.0 | 1u128 << sq.0)
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bb {
        Bb(self.0 & !(1u128 << sq.0))
    }
}

impl std::ops::BitOr for Bb {
    type Output = Bb;
    fn bitor(self, rhs: Bb) -> Bb {
        Bb(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Bb {
    type Output = Bb;
    fn bitand(self, rhs: Bb) -> Bb {
        Bb(self.0 & rhs.0)
    }
}

impl std::ops::BitXor for Bb {
    type Output = Bb;
    fn bitxor(self, rhs: Bb) -> Bb {
        Bb(self.0 ^ rhs.0)
    }
}

impl std::ops::Not for Bb {
    type Output = Bb;
    fn not(self) -> Bb {
        Bb(!self.0)
    }
}

impl std::ops::BitOrAssign for Bb {
    fn bitor_assign(&mut self, rhs: Bb) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAndAssign for Bb {
    fn bitand_assign(&mut self, rhs: Bb) {
        self.0 &= rhs.0;
    }
}

impl Iterator for Bb {
    type Item = Square;

    /// Removes and yields the lowest-numbered square.
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

/// A step on the board: `df` files east (negative: west), `dr` ranks north
/// (negative: south).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction {
    /// Files eastwards.
    pub df: i8,
    /// Ranks northwards.
    pub dr: i8,
}

impl Direction {
    /// One rank north.
    pub const N: Direction = Direction { df: 0, dr: 1 };
    /// One rank north, one file east.
    pub const NE: Direction = Direction { df: 1, dr: 1 };
    /// One file east.
    pub const E: Direction = Direction { df: 1, dr: 0 };
    /// One rank south, one file east.
    pub const SE: Direction = Direction { df: 1, dr: -1 };
    /// One rank south.
    pub const S: Direction = Direction { df: 0, dr: -1 };
    /// One rank south, one file west.
    pub const SW: Direction = Direction { df: -1, dr: -1 };
    /// One file west.
    pub const W: Direction = Direction { df: -1, dr: 0 };
    /// One rank north, one file west.
    pub const NW: Direction = Direction { df: -1, dr: 1 };

    /// The eight directions of a rider, in the order [`Rays`] indexes them:
    /// N, NE, E, SE, S, SW, W, NW.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The names of [`Direction::ALL`], in its order.
    pub const NAMES: [&'static str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

    /// The step scaled by `k`.
    #[must_use]
    pub const fn times(self, k: i8) -> Direction {
        Direction {
            df: self.df * k,
            dr: self.dr * k,
        }
    }
}

/// Leaps of the pieces the seeds name, as lists of steps.
pub mod leaps {
    use super::Direction as D;

    const fn d(df: i8, dr: i8) -> D {
        D { df, dr }
    }

    /// One square in any of the eight directions (a Western Chess King).
    pub const KING: [D; 8] = [
        d(0, 1),
        d(1, 1),
        d(1, 0),
        d(1, -1),
        d(0, -1),
        d(-1, -1),
        d(-1, 0),
        d(-1, 1),
    ];

    /// The Western Chess Knight's (1, 2) leaps.
    pub const KNIGHT: [D; 8] = [
        d(1, 2),
        d(2, 1),
        d(2, -1),
        d(1, -2),
        d(-1, -2),
        d(-2, -1),
        d(-2, 1),
        d(-1, 2),
    ];

    /// The King's Lancer (seed 002, "Piece moves"): "one or two squares vertically or
    /// horizontally and he can jump", so all eight targets are leaps.
    pub const KINGS_LANCER: [D; 8] = [
        d(0, 1),
        d(0, 2),
        d(1, 0),
        d(2, 0),
        d(0, -1),
        d(0, -2),
        d(-1, 0),
        d(-2, 0),
    ];

    /// The Queen's Lancer (seed 002, "Piece moves"): "one or two squares diagonally
    /// and he can jump".
    pub const QUEENS_LANCER: [D; 8] = [
        d(1, 1),
        d(2, 2),
        d(1, -1),
        d(2, -2),
        d(-1, -1),
        d(-2, -2),
        d(-1, 1),
        d(-2, 2),
    ];

    /// `a` then `b` as one list of `N = a.len() + b.len()` leaps (a piece
    /// that leaps as two others: the Knight's leaps with a Lancer's).
    ///
    /// # Panics
    ///
    /// When `N` is not `a.len() + b.len()` (a compile error in a `const`).
    #[must_use]
    pub const fn join<const N: usize>(a: &[D], b: &[D]) -> [D; N] {
        assert!(a.len() + b.len() == N, "N is the leaps of both lists");
        let mut out = [d(0, 0); N];
        let mut i = 0;
        while i < N {
            out[i] = if i < a.len() { a[i] } else { b[i - a.len()] };
            i += 1;
        }
        out
    }
}

/// The size of a rectangular board of at most 128 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
}

impl Geometry {
    /// A board of `width` files and `height` ranks.
    ///
    /// # Panics
    ///
    /// When `width` or `height` is 0, `width` exceeds 26 or `width * height`
    /// exceeds 128; in a `const` this is a compile error.
    #[must_use]
    pub const fn new(width: u8, height: u8) -> Geometry {
        assert!(width > 0 && height > 0 && width <= 26);
        assert!((width as u32) * (height as u32) <= 128);
        Geometry { width, height }
    }

    /// Files on the board.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Ranks on the board.
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always false: a geometry has at least one square.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Every square of the board.
    #[must_use]
    pub const fn all(self) -> Bb {
        let n = self.len();
        if n == 128 {
            Bb(u128::MAX)
        } else {
            Bb((1u128 << n) - 1)
        }
    }

    /// The square at `c`, or `None` off the board.
    #[must_use]
    pub const fn square(self, c: Coord) -> Option<Square> {
        match self.plane().at(c.file as i16, c.rank as i16) {
            Some(i) => Some(Square(i as u8)),
            None => None,
        }
    }

    /// The board as the board layer's [`Plane`]: one board, no prefix; its
    /// numbering is this geometry's.
    #[inline(always)]
    #[must_use]
    pub const fn plane(self) -> Plane {
        Plane::new("", "", self.width, self.height)
    }

    /// The square at 0-based `file` and `rank`.
    ///
    /// # Panics
    ///
    /// When the square is off the board (a compile error in a `const`).
    #[must_use]
    pub const fn at(self, file: u8, rank: u8) -> Square {
        match self.square(Coord { file, rank }) {
            Some(sq) => sq,
            None => panic!("square off the board"),
        }
    }

    /// The coordinate of `sq`. `sq` must be on this board.
    #[must_use]
    pub const fn coord(self, sq: Square) -> Coord {
        self.plane().coord(sq.0 as usize)
    }

    /// The square one step `d` from `sq`, or `None` off the board.
    #[must_use]
    pub const fn offset(self, sq: Square, d: Direction) -> Option<Square> {
        let c = self.coord(sq);
        match self
            .plane()
            .at(c.file as i16 + d.df as i16, c.rank as i16 + d.dr as i16)
        {
            Some(i) => Some(Square(i as u8)),
            None => None,
        }
    }

    /// Parses the seeds' form (`C1`) and checks it is on this board.
    ///
    /// # Errors
    ///
    /// [`CoordError::Malformed`] for text that is no square, [`CoordError::OffBoard`]
    /// for a square outside `A1` to the last file and rank.
    pub fn parse_square(self, text: &str) -> Result<Square, CoordError> {
        let c: Coord = text.parse()?;
        self.square(c).ok_or_else(|| CoordError::OffBoard {
            text: text.to_owned(),
            width: self.width,
            height: self.height,
            last_file: char::from(b'A' + self.width - 1),
        })
    }

    /// A display adaptor writing `sq` as the seeds do.
    #[must_use]
    pub const fn name(self, sq: Square) -> SquareName {
        SquareName(self.coord(sq))
    }

    /// For every square, the set reached by one of `steps` (a leaper's targets,
    /// whatever stands between). Squares beyond `len()` are empty.
    #[must_use]
    pub const fn leap_table(self, steps: &[Direction]) -> [Bb; 128] {
        let mut table = [Bb::EMPTY; 128];
        let mut i = 0;
        while i < self.len() {
            let mut set = 0u128;
            let mut k = 0;
            while k < steps.len() {
                if let Some(t) = self.offset(Square(i as u8), steps[k]) {
                    set |= 1u128 << t.0;
                }
                k += 1;
            }
            table[i] = Bb(set);
            i += 1;
        }
        table
    }

    /// The ray tables of this board, for riders.
    #[must_use]
    pub const fn rays(self) -> Rays {
        let mut rays = [[Bb::EMPTY; 128]; 8];
        let mut d = 0;
        while d < 8 {
            let mut i = 0;
            while i < self.len() {
                let mut set = 0u128;
                let mut at = Square(i as u8);
                while let Some(next) = self.offset(at, Direction::ALL[d]) {
                    set |= 1u128 << next.0;
                    at = next;
                }
                rays[d][i] = Bb(set);
                i += 1;
            }
            d += 1;
        }
        Rays { rays }
    }
}

/// Display adaptor for a square: `C1`.
#[derive(Clone, Copy, Debug)]
pub struct SquareName(Coord);

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// For each of the eight [`Direction::ALL`] and each square, every square along
/// the ray to the board's edge (the square itself excluded).
#[derive(Clone, Debug)]
pub struct Rays {
    rays: [[Bb; 128]; 8],
}

impl Rays {
    /// Index into [`Direction::ALL`] of the orthogonal directions (a Rook's).
    pub const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
    /// Index into [`Direction::ALL`] of the diagonal directions (a Bishop's).
    pub const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

    /// The full ray from `sq` in direction `d` (an index into [`Direction::ALL`]).
    #[must_use]
    pub const fn ray(&self, d: usize, sq: Square) -> Bb {
        self.rays[d][sq.0 as usize]
    }

    /// The squares a rider on `sq` reaches in direction `d`: every square up to and
    /// including the first square in `blockers`.
    ///
    /// A square that blocks sliders but may be landed on (the Key positions of
    /// Jewel, seed 002 "Northern Light" note 3) is simply put in `blockers`
    /// whether or not it is occupied: the rider may land on it, never pass it.
    #[must_use]
    pub fn slide(&self, d: usize, sq: Square, blockers: Bb) -> Bb {
        let ray = self.rays[d][sq.0 as usize];
        let hit = ray & blockers;
        // N, NE, E and NW raise the square number; S, SW, W and SE lower it.
        let first = if matches!(d, 0..=2 | 7) {
            hit.first()
        } else {
            hit.last()
        };
        match first {
            Some(b) => ray ^ self.rays[d][b.0 as usize],
            None => ray,
        }
    }

    /// The union of [`Rays::slide`] over the directions `dirs`.
    #[must_use]
    pub fn slides(&self, dirs: &[usize], sq: Square, blockers: Bb) -> Bb {
        let mut set = Bb::EMPTY;
        for &d in dirs {
            set |= self.slide(d, sq, blockers);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G3: Geometry = Geometry::new(3, 3);
    const G11: Geometry = Geometry::new(11, 11);

    fn sq(g: Geometry, s: &str) -> Square {
        g.parse_square(s).unwrap()
    }

    #[test]
    fn squares_number_from_the_south_west() {
        assert_eq!(sq(G3, "A1"), Square(0));
        assert_eq!(sq(G3, "C1"), Square(2));
        assert_eq!(sq(G3, "B2"), Square(4));
        assert_eq!(sq(G3, "A3"), Square(6));
        assert_eq!(G3.name(Square(8)).to_string(), "C3");
        assert!(matches!(
            G3.parse_square("D1"),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            G3.parse_square("A4"),
            Err(CoordError::OffBoard { .. })
        ));
    }

    #[test]
    fn kings_lancer_on_c1_reaches_four_squares() {
        let table = G3.leap_table(&leaps::KINGS_LANCER);
        let mut names: Vec<String> = table[sq(G3, "C1").index()]
            .map(|s| G3.name(s).to_string())
            .collect();
        names.sort();
        assert_eq!(names, ["A1", "B1", "C2", "C3"]);
    }

    #[test]
    fn slide_stops_on_the_first_blocker_and_may_land_on_it() {
        let rays = G11.rays();
        let key = sq(G11, "F6");
        // A Rook on F1 going north: F2..F6, stopped by the key position F6.
        let north = rays.slide(0, sq(G11, "F1"), key.bb());
        let names: Vec<String> = north.map(|s| G11.name(s).to_string()).collect();
        assert_eq!(names, ["F2", "F3", "F4", "F5", "F6"]);
        // Going south from F11 the blocker is found from the other end.
        let south = rays.slide(4, sq(G11, "F11"), key.bb());
        assert_eq!(south.count(), 5);
        assert!(south.has(key));
        // With no blocker the whole ray.
        assert_eq!(rays.slide(2, sq(G11, "A1"), Bb::EMPTY).count(), 10);
    }

    #[test]
    fn every_direction_agrees_with_stepping() {
        let rays = G11.rays();
        let blockers = Bb(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210) & G11.all();
        for i in 0..G11.len() {
            let from = Square(i as u8);
            for (d, dir) in Direction::ALL.iter().enumerate() {
                let mut expected = Bb::EMPTY;
                let mut at = from;
                while let Some(next) = G11.offset(at, *dir) {
                    expected = expected.with(next);
                    if blockers.has(next) {
                        break;
                    }
                    at = next;
                }
                assert_eq!(rays.slide(d, from, blockers), expected, "{i} {dir:?}");
            }
        }
    }

    #[test]
    fn bitboard_iterates_in_square_order() {
        let set = Bb::EMPTY.with(Square(5)).with(Square(0)).with(Square(127));
        let squares: Vec<u8> = set.map(|s| s.0).collect();
        assert_eq!(squares, [0, 5, 127]);
    }
}
