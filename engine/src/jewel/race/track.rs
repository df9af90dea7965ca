//! Race's track: the 40 squares a Leader passes, clockwise from A1, read from a
//! data file under `engine/data/jewel/` and parsed once (seed 002, "Race", "The
//! Play, Moves & Setting-back powers of the Expedition Leaders").
//!
//! The default track (ruling [`TRACK_SHAPE`](super::TRACK_SHAPE)) is the outer ring
//! with a V-shaped indentation on each side whose tip points at F6; `.` marks the
//! track, `*` the F6 position:
//!
//! ```text
//! 11  .  .  .                 .  .  .
//! 10  .        .           .        .
//!  9  .           .     .           .
//!  8     .           .           .
//!  7        .                 .
//!  6           .     *     .
//!  5        .                 .
//!  4     .           .           .
//!  3  .           .     .           .
//!  2  .        .           .        .
//!  1  .  .  .                 .  .  .
//!     A  B  C  D  E  F  G  H  I  J  K
//! ```
//!
//! Each square belongs to one of the four sides; the side decides "forwards" and so
//! the direction of its Diagonal Setting-back: "a forwards (taken as - from A1
//! northwards, from A11 eastwards, from K11 southwards, from K1 westwards) then
//! clockwise diagonal", 45 degrees clockwise of forwards (north-east from the west
//! side, south-east from the north, south-west from the east, north-west from the
//! south).

use std::fmt;
use std::sync::OnceLock;

use crate::core::{Direction, Geometry, Square};

/// The Star-Lords board Race is played on: "The Settings and Board are as for
/// Star-Lords" (11x11).
pub const GEOMETRY: Geometry = Geometry::new(11, 11);
/// F6, the Key position of Star-Lords: "The F6 position ... however acts as a block
/// to a diagonal".
pub const F6: Square = GEOMETRY.at(5, 5);
/// Squares on the track.
pub const LEN: u8 = 40;

/// The default track's data file.
const INDENTED: &str = include_str!("../../../data/jewel/race-track-indented.txt");
/// The plain outer ring's data file.
const PLAIN_RING: &str = include_str!("../../../data/jewel/race-track-plain-ring.txt");

/// Which track file: ruling [`TRACK_SHAPE`](super::TRACK_SHAPE).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TrackShape {
    /// The outer ring with a V on each side pointing at F6 (the default).
    #[default]
    Indented,
    /// The plain outer ring of the 11x11 board.
    PlainRing,
}

impl TrackShape {
    /// The option value: `indented` or `plain-ring`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TrackShape::Indented => "indented",
            TrackShape::PlainRing => "plain-ring",
        }
    }

    /// The parsed track, built on first use.
    ///
    /// # Panics
    ///
    /// Never: both embedded files are checked by this module's tests.
    #[must_use]
    pub fn track(self) -> &'static Track {
        static TRACKS: OnceLock<[Track; 2]> = OnceLock::new();
        let tracks = TRACKS.get_or_init(|| {
            let parse = |shape, text| {
                Track::parse(shape, text)
                    .unwrap_or_else(|e| panic!("embedded Race track `{}`: {e}", shape.name()))
            };
            [
                parse(TrackShape::Indented, INDENTED),
                parse(TrackShape::PlainRing, PLAIN_RING),
            ]
        });
        match self {
            TrackShape::Indented => &tracks[0],
            TrackShape::PlainRing => &tracks[1],
        }
    }
}

/// One of the board's four sides, in track order from A1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSide {
    /// From A1, forwards northwards; diagonal north-east.
    West,
    /// From A11, forwards eastwards; diagonal south-east.
    North,
    /// From K11, forwards southwards; diagonal south-west.
    East,
    /// From K1, forwards westwards; diagonal north-west.
    South,
}

impl BoardSide {
    const ALL: [BoardSide; 4] = [
        BoardSide::West,
        BoardSide::North,
        BoardSide::East,
        BoardSide::South,
    ];

    fn name(self) -> &'static str {
        match self {
            BoardSide::West => "west",
            BoardSide::North => "north",
            BoardSide::East => "east",
            BoardSide::South => "south",
        }
    }

    /// 45 degrees clockwise of the side's forwards.
    const fn diagonal(self) -> Direction {
        match self {
            BoardSide::West => Direction::NE,
            BoardSide::North => Direction::SE,
            BoardSide::East => Direction::SW,
            BoardSide::South => Direction::NW,
        }
    }
}

/// A track square met along a Diagonal, nearest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagonalStep {
    /// Its track index.
    pub track: u8,
    /// On the same side as the square the diagonal starts from: a Leader there
    /// blocks, but can only be set back by landing on it ("the Leader on B4 could
    /// not Diagonally Set-back on C5 or D6 as an opposing Unsecured Leader on either
    /// of these squares would need to be Forwardly Set-back").
    pub own_side: bool,
    /// Past F6 along the same line: never reached ("F6 ... acts as a block to any
    /// Diagonal Setting-back that would run through F6"); kept so that the block
    /// can be reported.
    pub beyond_f6: bool,
}

/// The track squares on one square's Diagonal, nearest first. Off-track squares
/// (E7 from B4: "E7 does not form part of the board's perimeter") are skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagonal {
    len: u8,
    steps: [DiagonalStep; 10],
    /// Bit `t` for every track index among the steps.
    mask: u64,
}

impl Diagonal {
    /// The steps, nearest first.
    #[must_use]
    pub fn steps(&self) -> &[DiagonalStep] {
        &self.steps[..usize::from(self.len)]
    }

    /// The steps as a set of track indices (bit `t` for index `t`).
    #[must_use]
    pub fn mask(&self) -> u64 {
        self.mask
    }
}

/// A parsed track: 40 squares clockwise from A1, each with its side and Diagonal.
#[derive(Clone, PartialEq, Eq)]
pub struct Track {
    shape: TrackShape,
    squares: [Square; LEN as usize],
    sides: [BoardSide; LEN as usize],
    /// Track index of each board square, `u8::MAX` off the track.
    index: [u8; 121],
    diagonals: [Diagonal; LEN as usize],
}

/// Why a track file is not a track.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {expected}")]
pub struct TrackError {
    /// 1-based line of the file.
    pub line: usize,
    /// What was expected.
    pub expected: String,
}

impl Track {
    /// Reads a track file: `#` comments, then one line per side, clockwise from
    /// the west side, each the side's name and its ten squares. The squares must be
    /// 40 distinct squares of the 11x11 board (F6 excepted), each one king step from
    /// the next (and the last from the first), starting on A1 with K11 21st.
    ///
    /// # Errors
    ///
    /// [`TrackError`] with the line and what was expected.
    pub fn parse(shape: TrackShape, text: &str) -> Result<Track, TrackError> {
        let mut squares = Vec::with_capacity(40);
        let mut sides = Vec::with_capacity(40);
        let mut last_line = 0;
        let mut side_no = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            last_line = line;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let err = |expected: String| TrackError { line, expected };
            let mut words = content.split_whitespace();
            let name = words.next().unwrap_or("");
            let Some(&side) = BoardSide::ALL.get(side_no) else {
                return Err(err("no more than four sides".into()));
            };
            if name != side.name() {
                return Err(err(format!(
                    "the {} side next (sides clockwise from A1: west, north, east, south), found `{name}`",
                    side.name()
                )));
            }
            side_no += 1;
            let mut count = 0;
            for word in words {
                let sq = GEOMETRY
                    .parse_square(word)
                    .map_err(|e| err(format!("{e}")))?;
                if sq == F6 {
                    return Err(err("F6 is a position, not a track square".into()));
                }
                if squares.contains(&sq) {
                    return Err(err(format!("{word} is on the track twice")));
                }
                squares.push(sq);
                sides.push(side);
                count += 1;
            }
            if count != 10 {
                return Err(err(format!(
                    "ten squares on the {} side, found {count}",
                    side.name()
                )));
            }
        }
        if squares.len() != usize::from(LEN) {
            return Err(TrackError {
                line: last_line,
                expected: format!("four sides of ten squares, found {} squares", squares.len()),
            });
        }
        if squares[0] != GEOMETRY.at(0, 0) || squares[20] != GEOMETRY.at(10, 10) {
            return Err(TrackError {
                line: last_line,
                expected: "A1 first (Red's start) and K11 21st (Green's start)".into(),
            });
        }
        for i in 0..squares.len() {
            let (a, b) = (squares[i], squares[(i + 1) % squares.len()]);
            let (ca, cb) = (GEOMETRY.coord(a), GEOMETRY.coord(b));
            if ca.file.abs_diff(cb.file) > 1 || ca.rank.abs_diff(cb.rank) > 1 {
                return Err(TrackError {
                    line: last_line,
                    expected: format!(
                        "each square one step from the next, but {} is not next to {}",
                        GEOMETRY.name(a),
                        GEOMETRY.name(b)
                    ),
                });
            }
        }
        let mut index = [u8::MAX; 121];
        for (i, sq) in squares.iter().enumerate() {
            index[sq.index()] = i as u8;
        }
        let empty = Diagonal {
            len: 0,
            steps: [DiagonalStep {
                track: 0,
                own_side: false,
                beyond_f6: false,
            }; 10],
            mask: 0,
        };
        let mut diagonals = [empty; LEN as usize];
        for (i, diag) in diagonals.iter_mut().enumerate() {
            let side = sides[i];
            let mut at = squares[i];
            let mut beyond_f6 = false;
            while let Some(next) = GEOMETRY.offset(at, side.diagonal()) {
                at = next;
                if at == F6 {
                    beyond_f6 = true;
                    continue;
                }
                let t = index[at.index()];
                if t != u8::MAX {
                    diag.steps[usize::from(diag.len)] = DiagonalStep {
                        track: t,
                        own_side: sides[usize::from(t)] == side,
                        beyond_f6,
                    };
                    diag.len += 1;
                    diag.mask |= 1 << t;
                }
            }
        }
        Ok(Track {
            shape,
            squares: squares.try_into().unwrap_or([F6; LEN as usize]),
            sides: sides.try_into().unwrap_or([BoardSide::West; LEN as usize]),
            index,
            diagonals,
        })
    }

    /// Which file this is.
    #[must_use]
    pub fn shape(&self) -> TrackShape {
        self.shape
    }

    /// The board square of track index `i` (`0..40`, A1 first).
    #[must_use]
    pub fn square(&self, i: u8) -> Square {
        self.squares[usize::from(i)]
    }

    /// The track index of board square `sq`, or `None` off the track.
    #[must_use]
    pub fn index_of(&self, sq: Square) -> Option<u8> {
        self.index
            .get(sq.index())
            .copied()
            .filter(|&t| t != u8::MAX)
    }

    /// The side track index `i` belongs to.
    #[must_use]
    pub fn side(&self, i: u8) -> BoardSide {
        self.sides[usize::from(i)]
    }

    /// The Diagonal from track index `i`.
    #[must_use]
    pub fn diagonal(&self, i: u8) -> &Diagonal {
        &self.diagonals[usize::from(i)]
    }

    /// Every track square in order, as text (`A1 A2 ...`).
    #[must_use]
    pub fn listing(&self) -> String {
        self.squares
            .iter()
            .map(|&s| GEOMETRY.name(s).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Debug for Track {
    /// `Track(indented)`: the tables follow from the shape.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Track({})", self.shape)
    }
}

impl fmt::Display for TrackShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        GEOMETRY.parse_square(text).unwrap()
    }

    /// The track squares on the Diagonal from `from`, before F6.
    fn reach(track: &Track, from: &str) -> Vec<String> {
        let i = track.index_of(sq(from)).unwrap();
        track
            .diagonal(i)
            .steps()
            .iter()
            .filter(|s| !s.beyond_f6)
            .map(|s| GEOMETRY.name(track.square(s.track)).to_string())
            .collect()
    }

    #[test]
    fn both_embedded_tracks_parse() {
        for shape in [TrackShape::Indented, TrackShape::PlainRing] {
            let t = shape.track();
            assert_eq!(t.shape(), shape);
            assert_eq!(t.square(0), sq("A1"));
            assert_eq!(t.square(20), sq("K11"));
            assert_eq!(t.index_of(F6), None);
        }
    }

    #[test]
    fn the_seed_says_b3_and_h9_are_not_on_the_perimeter() {
        for shape in [TrackShape::Indented, TrackShape::PlainRing] {
            let t = shape.track();
            assert_eq!(t.index_of(sq("B3")), None);
            assert_eq!(t.index_of(sq("H9")), None);
            assert_eq!(t.index_of(sq("E7")), None);
        }
    }

    #[test]
    fn the_indented_track_fits_every_diagonal_example() {
        let t = TrackShape::Indented.track();
        // "if an Expedition Leader lands on A10 then an opposing Expedition Leader
        // on B11 would be Set-back"
        assert_eq!(reach(t, "A10"), ["B11"]);
        // "if an Expedition Leader lands on A11 then the F6 position blocks and
        // prevents any Set-back on K1"
        assert_eq!(reach(t, "A11"), Vec::<String>::new());
        let beyond: Vec<Square> = t
            .diagonal(t.index_of(sq("A11")).unwrap())
            .steps()
            .iter()
            .map(|s| t.square(s.track))
            .collect();
        assert_eq!(beyond, [sq("K1")]);
        // "if an Expedition Leader lands on B11 then an opposing Expedition Leader
        // on K2 would be Set-back"
        assert_eq!(reach(t, "B11"), ["K2"]);
        // "if an Expedition Leader lands on G9 then an opposing Expedition Leader on
        // I7 is Set-back"
        assert_eq!(reach(t, "G9"), ["I7"]);
        // B4: C5 and D6 of its own side, then F8, G9, H10, I11 (E7 off the track).
        assert_eq!(reach(t, "B4"), ["C5", "D6", "F8", "G9", "H10", "I11"]);
        let own: Vec<bool> = t
            .diagonal(t.index_of(sq("B4")).unwrap())
            .steps()
            .iter()
            .map(|s| s.own_side)
            .collect();
        assert_eq!(own, [true, true, false, false, false, false]);
        // A3, C5 and D6 are the rest of the Prominent set: same diagonal.
        assert_eq!(reach(t, "A3"), ["B4", "C5", "D6", "F8", "G9", "H10", "I11"]);
        assert_eq!(reach(t, "C5"), ["D6", "F8", "G9", "H10", "I11"]);
        assert_eq!(reach(t, "D6"), ["F8", "G9", "H10", "I11"]);
    }

    #[test]
    fn the_indented_track_is_symmetric_under_a_quarter_turn() {
        let t = TrackShape::Indented.track();
        for i in 0..LEN {
            let c = GEOMETRY.coord(t.square(i));
            // A quarter turn clockwise about F6 takes (file, rank) to (rank, 10 - file).
            let turned = GEOMETRY.at(c.rank, 10 - c.file);
            assert_eq!(t.index_of(turned), Some((i + 10) % LEN), "{i}");
        }
    }

    #[test]
    fn the_plain_ring_cannot_hold_the_inner_examples() {
        let t = TrackShape::PlainRing.track();
        for s in ["G9", "I7", "B4", "C5", "D6", "F8", "H10"] {
            assert_eq!(t.index_of(sq(s)), None, "{s}");
        }
        assert_eq!(reach(t, "A10"), ["B11"]);
        assert_eq!(reach(t, "A11"), Vec::<String>::new());
        assert_eq!(reach(t, "B11"), ["K2"]);
    }

    #[test]
    fn malformed_track_files_name_the_line() {
        let bad = [
            ("north A11", 1, "west side next"),
            ("west A1 A2", 1, "ten squares"),
            ("west A1 A2 A3 A4 A5 A6 A7 A8 A9 Z9", 1, "off the"),
            ("west A1 A2 A3 A4 A5 A6 A7 A8 A9 A9", 1, "twice"),
            ("# only a comment", 1, "four sides"),
            ("west A1 A2 A3 A4 A5 A6 F6 A8 A9 A10", 1, "F6"),
        ];
        for (text, line, needle) in bad {
            let e = Track::parse(TrackShape::Indented, text).unwrap_err();
            assert_eq!(e.line, line, "{text}: {e}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        let gap = PLAIN_RING.replace("A5  A6", "A6  A5");
        let e = Track::parse(TrackShape::PlainRing, &gap).unwrap_err();
        assert!(e.expected.contains("not next to"), "{e}");
    }
}
