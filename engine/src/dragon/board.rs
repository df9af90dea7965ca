//! The Middle Kingdoms board: 9 files by 15 ranks, read once from
//! `engine/data/dragon/board.txt` (the project's draft: the seed's diagram is
//! lost; the file explains every choice).
//!
//! ```text
//!            A B C D E F G H I
//!      15    f f f P P P f f f   Forest Home          (behind E15: the White Room)
//!      14    f f f P P P f f f   Forest Second
//!      13    f f f P P P f f f   Forest Third         (TrueBorn Banner: E13/E12)
//!      12    f f f f f f f f f   Forest Front
//!      11    f f f f f f f f f   Forest Beaches
//!      10    ~ ~ ~ ~ H ~ ~ ~ ~   Forest coastal waters (H: Trafalgar Harbour)
//!       9    ~ ~ ~ ~ ~ ~ ~ ~ ~   Northern Ocean
//!       8    ~ ~ ~ ~ * ~ ~ ~ ~   Central Ocean        (*: the Island of Sirens)
//!       7    ~ ~ ~ ~ ~ ~ ~ ~ ~   Southern Ocean
//!       6    ~ ~ ~ ~ H ~ ~ ~ ~   Storm coastal waters  (H: the Storm Harbour)
//!       5    s s s s s s s s s   Storm Beaches
//!       4    s s s s s s s s s   Storm Front
//!       3    s s s C C C s s s   Storm Third          (Shadow Banner: E3/E4)
//!       2    s s s C C C s s s   Storm Second
//!       1    s s s C C C s s s   Storm Home           (behind E1: the Stairwell)
//! ```
//!
//! A position is numbered `rank * 9 + file` from A1 = 0 to I15 = 134. The hot
//! path reads the tables built here through one `&'static Board`
//! ([`board`]), fetched once per call.

use std::fmt;
use std::sync::OnceLock;

use crate::core::{Direction, Layout, Plane, Rays, SetIter, Side, SquareIndex};

/// A set of positions, three machine words: the core's set of the width
/// the grid's 135 positions need.
pub type SquareSet = crate::core::SquareSet<3>;
/// The positions of a [`SquareSet`], lowest first.
pub type SquareIter = SetIter<3, u8>;

/// The grid as the core's board layer sees it: one board of 9 files by 15
/// ranks, its positions numbered `rank * 9 + file` (a `u8` each).
pub const PLANE: Plane = Plane::new("Middle Kingdoms", "", 9, 15);
/// The game's layout: the one board [`PLANE`].
pub const LAYOUT: Layout = Layout::single(&PLANE);

/// Files A-I.
pub const FILES: u8 = PLANE.files;
/// Ranks 1-15.
pub const RANKS: u8 = PLANE.ranks;
/// Positions on the grid.
pub const SQUARES: usize = LAYOUT.len();
/// "No position" in the step tables.
pub const NO_SQUARE: u8 = <u8 as SquareIndex>::NONE;

/// The board's data file.
const BOARD_TXT: &str = include_str!("../../data/dragon/board.txt");

/// The eight directions, clockwise from north (the core's
/// [`Direction::ALL`]): N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [Direction; 8] = Direction::ALL;
/// The names of [`DIRECTIONS`].
pub const DIRECTION_NAMES: [&str; 8] = Direction::NAMES;
/// Indices of the vertical and horizontal directions.
pub const ORTHOGONAL: [usize; 4] = Rays::ORTHOGONAL;
/// Indices of the diagonal directions.
pub const DIAGONAL: [usize; 4] = Rays::DIAGONAL;

/// The three regions of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// The Forest Kingdom (North).
    Forest,
    /// Trafalgar Ocean, with its coastal waters, Harbours and the Island.
    Ocean,
    /// The Kingdom of Storms (South).
    Storm,
}

impl Region {
    /// The kingdom of `side`: the Forest for Green (North), the Storms for Red.
    #[must_use]
    pub const fn home(side: Side) -> Region {
        match side {
            Side::Green => Region::Forest,
            Side::Red => Region::Storm,
        }
    }

    /// Whether this is a kingdom (land).
    #[must_use]
    pub const fn is_land(self) -> bool {
        !matches!(self, Region::Ocean)
    }
}

/// The seed's names for the fifteen ranks, from the south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RankName {
    /// Rank 1.
    StormHome,
    /// Rank 2.
    StormSecond,
    /// Rank 3.
    StormThird,
    /// Rank 4.
    StormFront,
    /// Rank 5.
    StormBeaches,
    /// Rank 6.
    StormCoastalWaters,
    /// Rank 7.
    SouthernOcean,
    /// Rank 8.
    CentralOcean,
    /// Rank 9.
    NorthernOcean,
    /// Rank 10.
    ForestCoastalWaters,
    /// Rank 11.
    ForestBeaches,
    /// Rank 12.
    ForestFront,
    /// Rank 13.
    ForestThird,
    /// Rank 14.
    ForestSecond,
    /// Rank 15.
    ForestHome,
}

impl RankName {
    const ALL: [RankName; 15] = [
        RankName::StormHome,
        RankName::StormSecond,
        RankName::StormThird,
        RankName::StormFront,
        RankName::StormBeaches,
        RankName::StormCoastalWaters,
        RankName::SouthernOcean,
        RankName::CentralOcean,
        RankName::NorthernOcean,
        RankName::ForestCoastalWaters,
        RankName::ForestBeaches,
        RankName::ForestFront,
        RankName::ForestThird,
        RankName::ForestSecond,
        RankName::ForestHome,
    ];

    /// The name as the data file writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RankName::StormHome => "storm-home",
            RankName::StormSecond => "storm-second",
            RankName::StormThird => "storm-third",
            RankName::StormFront => "storm-front",
            RankName::StormBeaches => "storm-beaches",
            RankName::StormCoastalWaters => "storm-coastal-waters",
            RankName::SouthernOcean => "southern-ocean",
            RankName::CentralOcean => "central-ocean",
            RankName::NorthernOcean => "northern-ocean",
            RankName::ForestCoastalWaters => "forest-coastal-waters",
            RankName::ForestBeaches => "forest-beaches",
            RankName::ForestFront => "forest-front",
            RankName::ForestThird => "forest-third",
            RankName::ForestSecond => "forest-second",
            RankName::ForestHome => "forest-home",
        }
    }
}

/// The special areas off the grid that hold several forces (seed 000, note 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Area {
    /// New-Earth Library (Forest): the TrueBorn Queen at work, the Librarian.
    NewEarthLibrary,
    /// The White Room, in the Library: the Watching Ice Dragon.
    WhiteRoom,
    /// Scholars' Tower (Forest): the Captive Magician.
    ScholarsTower,
    /// The Dungeons (Storms): the Jailer.
    Dungeons,
    /// The Stairwell, in the Dungeons: the Waiting Elder Winged Serpent.
    Stairwell,
    /// The Central Dungeon: the Waiting Younger Winged Serpent.
    CentralDungeon,
    /// The Jailer's office, in the Dungeons: forfeited regalia (no forces).
    JailersOffice,
    /// Storm Tower (Storms): the Storm Dragon and the Captive Wizard.
    StormTower,
}

/// Every special area, in the order positions list them.
pub const AREAS: [Area; 8] = [
    Area::NewEarthLibrary,
    Area::WhiteRoom,
    Area::ScholarsTower,
    Area::Dungeons,
    Area::Stairwell,
    Area::CentralDungeon,
    Area::JailersOffice,
    Area::StormTower,
];
/// The most forces a special area can hold in the state (the data file may
/// give fewer).
pub const AREA_SLOTS: usize = 4;

impl Area {
    /// The name as the data file and positions write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Area::NewEarthLibrary => "new-earth-library",
            Area::WhiteRoom => "white-room",
            Area::ScholarsTower => "scholars-tower",
            Area::Dungeons => "dungeons",
            Area::Stairwell => "stairwell",
            Area::CentralDungeon => "central-dungeon",
            Area::JailersOffice => "jailers-office",
            Area::StormTower => "storm-tower",
        }
    }

    /// The area's index in [`AREAS`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The area named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Area> {
        AREAS.iter().copied().find(|a| a.name() == name)
    }
}

/// One special area as the data file describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AreaSpec {
    /// The kingdom it lies in.
    pub kingdom: Region,
    /// The area that includes it, if any.
    pub within: Option<Area>,
    /// How many forces it holds at most (up to [`AREA_SLOTS`]).
    pub holds: u8,
    /// For the White Room and the Stairwell: the off-grid point (file, rank,
    /// 0-based; rank -1 or 15) it is attacked through.
    pub behind: Option<(i8, i8)>,
}

/// The parsed board and every table move generation reads.
#[derive(Clone, Debug)]
pub struct Board {
    /// Each position's region.
    pub region: [Region; SQUARES],
    /// The Forest Palace.
    pub palace: SquareSet,
    /// The Storm Citadel.
    pub citadel: SquareSet,
    /// The Harbours.
    pub harbours: SquareSet,
    /// The Island of Sirens (water nothing may occupy).
    pub island: SquareSet,
    /// Each rank's name, rank 1 first.
    pub ranks: [RankName; 15],
    /// The two positions covering each side's banner: `[side.index()]`, the
    /// TrueBorn Banner (Green) and the Shadow Banner (Red).
    pub banners: [[u8; 2]; 2],
    /// The special areas, in [`AREAS`] order.
    pub areas: [AreaSpec; 8],
    /// `step[d][sq]`: the position one step in direction `d`, or
    /// [`NO_SQUARE`] off the grid.
    pub step: [[u8; SQUARES]; 8],
    /// `land_step[d][sq]`: as `step`, but [`NO_SQUARE`] unless both positions
    /// are in the same kingdom (never from or to the ocean).
    pub land_step: [[u8; SQUARES]; 8],
    /// `leaps[table][sq]`: the land positions of `sq`'s kingdom a leap of
    /// [`LEAPS`]`[table]` reaches, ascending, padded with [`NO_SQUARE`].
    pub leaps: [[[u8; 16]; SQUARES]; 4],
    /// `leap_sets[table][sq]`: `leaps` as sets.
    pub leap_sets: [[SquareSet; SQUARES]; 4],
    /// `neighbours[sq]`: the adjacent positions of `sq`'s kingdom.
    pub neighbours: [SquareSet; SQUARES],
    /// `walker[side][sq]`: the positions an Elf or Troll of `side` (or a Palace
    /// Defender, Citadel Watcher) on `sq` moves and captures on.
    pub walker: [[SquareSet; SQUARES]; 2],
    /// `pawn_captures[side][sq]`: the positions a Dwarf or Gnome of `side` on
    /// `sq` captures on (diagonally forwards).
    pub pawn_captures: [[SquareSet; SQUARES]; 2],
    /// `rays[d][sq]`: the positions of `sq`'s kingdom along direction `d`.
    pub rays: [[SquareSet; SQUARES]; 8],
    /// `lines[sq]`: the positions of `sq`'s kingdom along any of the eight
    /// directions.
    pub lines: [SquareSet; SQUARES],
    /// Trafalgar Ocean's positions a vessel may occupy (all but the Island).
    pub water: SquareSet,
    /// The Forest Kingdom's positions.
    pub forest: SquareSet,
    /// The Kingdom of Storms' positions.
    pub storm: SquareSet,
    /// `allowed[kind value]`: the positions a force of that kind may occupy by
    /// its scope of operations (its kingdoms, its palace, the water).
    pub allowed: [SquareSet; 64],
    /// `allowed_by_byte[side][force byte]`: `allowed` of the force's kind when
    /// the byte is a force of `side` with no unknown bits, else empty.
    pub allowed_by_byte: [[SquareSet; 128]; 2],
}

pub use super::tables::{KNIGHT, LANCE, LEAPS, PIKE, SWORD};

/// The board, parsed on first use.
///
/// # Panics
///
/// Never: the embedded data file is checked by this module's tests.
#[must_use]
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        Board::parse(BOARD_TXT).unwrap_or_else(|e| panic!("engine/data/dragon/board.txt: {e}"))
    })
}

/// The position at 0-based `file` and `rank`, if on the grid ([`LAYOUT`]'s
/// numbering as a `u8`).
#[inline]
#[must_use]
pub const fn at(file: i8, rank: i8) -> Option<u8> {
    match PLANE.at(file as i16, rank as i16) {
        Some(sq) => Some(sq as u8),
        None => None,
    }
}

/// The 0-based file of `sq`.
#[inline]
#[must_use]
pub const fn file_of(sq: u8) -> u8 {
    PLANE.coord(sq as usize).file
}

/// The 0-based rank of `sq`.
#[inline]
#[must_use]
pub const fn rank_of(sq: u8) -> u8 {
    PLANE.coord(sq as usize).rank
}

/// Writes `sq` as the seed does: `E15`.
///
/// # Errors
///
/// Only those of `out`.
#[inline]
pub fn write_square<W: fmt::Write + ?Sized>(sq: u8, out: &mut W) -> fmt::Result {
    LAYOUT.write_square(sq, out)
}

/// `sq` as a new string.
#[must_use]
pub fn square_name(sq: u8) -> String {
    let mut s = String::with_capacity(3);
    let _ = write_square(sq, &mut s);
    s
}

/// Reads a position `A1` to `I15`.
///
/// # Errors
///
/// A message saying what was expected.
pub fn parse_square(text: &str) -> Result<u8, String> {
    LAYOUT.parse_square(text).map_err(|e| e.to_string())
}

impl Board {
    /// Parses the board file.
    ///
    /// # Errors
    ///
    /// The line and what was expected.
    pub fn parse(text: &str) -> Result<Board, String> {
        let mut region = [Region::Ocean; SQUARES];
        let mut palace = SquareSet::EMPTY;
        let mut citadel = SquareSet::EMPTY;
        let mut harbours = SquareSet::EMPTY;
        let mut island = SquareSet::EMPTY;
        let mut ranks: [Option<RankName>; 15] = [None; 15];
        let mut banners: [Option<[u8; 2]>; 2] = [None, None];
        let mut areas: [Option<AreaSpec>; 8] = [None; 8];
        let mut in_map = false;
        let mut map_done = false;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at_line = |m: String| format!("line {}: {m}", n + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            if in_map {
                if words == ["end"] {
                    in_map = false;
                    map_done = true;
                    continue;
                }
                if words.len() != 11 {
                    return Err(at_line(format!(
                        "a map line is a rank, nine cells and the rank's name, found `{line}`"
                    )));
                }
                let rank: u8 = words[0]
                    .parse()
                    .ok()
                    .filter(|r| (1..=RANKS).contains(r))
                    .ok_or_else(|| at_line(format!("rank 1-15, found `{}`", words[0])))?;
                let r = rank - 1;
                if ranks[r as usize].is_some() {
                    return Err(at_line(format!("rank {rank} twice")));
                }
                let name = RankName::ALL
                    .into_iter()
                    .find(|k| k.name() == words[10])
                    .ok_or_else(|| at_line(format!("unknown rank name `{}`", words[10])))?;
                ranks[r as usize] = Some(name);
                for (f, cell) in words[1..10].iter().enumerate() {
                    let sq = r * FILES + f as u8;
                    region[sq as usize] = match *cell {
                        "f" => Region::Forest,
                        "P" => {
                            palace.insert(sq);
                            Region::Forest
                        }
                        "s" => Region::Storm,
                        "C" => {
                            citadel.insert(sq);
                            Region::Storm
                        }
                        "~" => Region::Ocean,
                        "H" => {
                            harbours.insert(sq);
                            Region::Ocean
                        }
                        "*" => {
                            island.insert(sq);
                            Region::Ocean
                        }
                        other => {
                            return Err(at_line(format!(
                                "a cell is one of f P s C ~ H *, found `{other}`"
                            )));
                        }
                    };
                }
                continue;
            }
            match words[0] {
                "map" if !map_done => in_map = true,
                "banner" => {
                    if words.len() != 4 {
                        return Err(at_line("`banner <name> <position> <position>`".into()));
                    }
                    let side = match words[1] {
                        "trueborn-banner" => Side::Green,
                        "shadow-banner" => Side::Red,
                        other => {
                            return Err(at_line(format!(
                                "a banner is trueborn-banner or shadow-banner, found `{other}`"
                            )));
                        }
                    };
                    let a = parse_square(words[2]).map_err(at_line)?;
                    let b = parse_square(words[3]).map_err(at_line)?;
                    banners[side.index()] = Some([a, b]);
                }
                "area" => {
                    if words.len() != 6 {
                        return Err(at_line(
                            "`area <name> <kingdom> <within|-> <holds> <behind|->`".into(),
                        ));
                    }
                    let area = Area::from_name(words[1])
                        .ok_or_else(|| at_line(format!("unknown area `{}`", words[1])))?;
                    let kingdom = match words[2] {
                        "forest" => Region::Forest,
                        "storm" => Region::Storm,
                        other => {
                            return Err(at_line(format!(
                                "a kingdom is forest or storm, found `{other}`"
                            )));
                        }
                    };
                    let within = match words[3] {
                        "-" => None,
                        w => Some(
                            Area::from_name(w)
                                .ok_or_else(|| at_line(format!("unknown area `{w}`")))?,
                        ),
                    };
                    let holds: u8 = words[4]
                        .parse()
                        .ok()
                        .filter(|&h| usize::from(h) <= AREA_SLOTS)
                        .ok_or_else(|| {
                            at_line(format!("holds 0-{AREA_SLOTS}, found `{}`", words[4]))
                        })?;
                    let behind = match words[5] {
                        "-" => None,
                        w => {
                            let (f, r) = w.split_at_checked(1).unwrap_or((w, ""));
                            let file = f
                                .bytes()
                                .next()
                                .filter(|b| (b'A'..=b'I').contains(b))
                                .ok_or_else(|| at_line(format!("a file A-I in `{w}`")))?;
                            let rank: i8 = r
                                .parse()
                                .ok()
                                .filter(|&r| r == 0 || r == 16)
                                .ok_or_else(|| {
                                    at_line(format!(
                                        "`behind` is off the grid: rank 0 or 16, found `{w}`"
                                    ))
                                })?;
                            Some(((file - b'A') as i8, rank - 1))
                        }
                    };
                    areas[area.index()] = Some(AreaSpec {
                        kingdom,
                        within,
                        holds,
                        behind,
                    });
                }
                other => return Err(at_line(format!("unknown line `{other}`"))),
            }
        }
        let ranks = {
            let mut out = [RankName::StormHome; 15];
            for (i, r) in ranks.iter().enumerate() {
                out[i] = r.ok_or_else(|| format!("the map has no rank {}", i + 1))?;
            }
            out
        };
        let banners = [
            banners[0].ok_or("no trueborn-banner line")?,
            banners[1].ok_or("no shadow-banner line")?,
        ];
        let areas = {
            let mut out = [AreaSpec {
                kingdom: Region::Forest,
                within: None,
                holds: 0,
                behind: None,
            }; 8];
            for a in AREAS {
                out[a.index()] =
                    areas[a.index()].ok_or_else(|| format!("no line for area {}", a.name()))?;
            }
            out
        };
        let d = super::tables::derive(&region, palace, citadel, island);
        Ok(Board {
            lines: d.lines,
            allowed_by_byte: d.allowed_by_byte,
            forest: d.forest,
            storm: d.storm,
            leap_sets: d.leap_sets,
            neighbours: d.neighbours,
            walker: d.walker,
            pawn_captures: d.pawn_captures,
            rays: d.rays,
            water: d.water,
            allowed: d.allowed,
            leaps: d.leaps,
            region,
            palace,
            citadel,
            harbours,
            island,
            ranks,
            banners,
            areas,
            step: d.step,
            land_step: d.land_step,
        })
    }

    /// The region of `sq`.
    #[inline]
    #[must_use]
    pub fn region(&self, sq: u8) -> Region {
        self.region[sq as usize]
    }

    /// The positions of `region` (the ocean's include the Island).
    #[inline]
    #[must_use]
    pub fn region_set(&self, region: Region) -> SquareSet {
        match region {
            Region::Forest => self.forest,
            Region::Storm => self.storm,
            Region::Ocean => self.water.or(self.island),
        }
    }

    /// Whether `sq` is in the palace of `side` (the Forest Palace for Green, the
    /// Storm Citadel for Red).
    #[inline]
    #[must_use]
    pub fn in_palace(&self, side: Side, sq: u8) -> bool {
        match side {
            Side::Green => self.palace.has(sq),
            Side::Red => self.citadel.has(sq),
        }
    }

    /// The name of `sq`'s rank.
    #[must_use]
    pub fn rank_name(&self, sq: u8) -> RankName {
        self.ranks[rank_of(sq) as usize]
    }

    /// The rank (0-based) `side` calls its `n`th from home (0: Home, 1: Second,
    /// 2: Third, 3: Front, 4: Beaches). The Storm Home is rank 1, the Forest Home
    /// rank 15.
    #[must_use]
    pub const fn kingdom_rank(side: Side, n: u8) -> u8 {
        match side {
            Side::Green => RANKS - 1 - n,
            Side::Red => n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_board_parses_with_the_drafted_shape() {
        let b = board();
        let count = |r: Region| b.region.iter().filter(|&&x| x == r).count();
        assert_eq!(count(Region::Forest), 45);
        assert_eq!(count(Region::Storm), 45);
        assert_eq!(count(Region::Ocean), 45);
        assert_eq!(b.palace.count(), 9);
        assert_eq!(b.citadel.count(), 9);
        assert_eq!(
            b.island.iter::<u8>().collect::<Vec<_>>(),
            vec![parse_square("E8").unwrap()]
        );
        assert_eq!(b.harbours.count(), 2);
        assert_eq!(b.ranks[0], RankName::StormHome);
        assert_eq!(b.ranks[14], RankName::ForestHome);
        assert_eq!(square_name(b.banners[0][0]), "E13");
        assert_eq!(square_name(b.banners[1][1]), "E4");
        for sq in b.palace.iter() {
            assert_eq!(b.region(sq), Region::Forest);
            assert!(rank_of(sq) >= 12);
        }
        assert_eq!(
            b.areas[Area::WhiteRoom.index()].within,
            Some(Area::NewEarthLibrary)
        );
        assert_eq!(b.areas[Area::Stairwell.index()].behind, Some((4, -1)));
        assert_eq!(b.areas[Area::WhiteRoom.index()].behind, Some((4, 15)));
    }

    #[test]
    fn land_steps_stay_in_their_kingdom() {
        let b = board();
        let e11 = parse_square("E11").unwrap();
        assert_eq!(
            b.land_step[4][e11 as usize], NO_SQUARE,
            "south of the Forest Beaches is water"
        );
        assert_eq!(square_name(b.step[4][e11 as usize]), "E10");
        assert_eq!(square_name(b.land_step[0][e11 as usize]), "E12");
    }

    #[test]
    fn square_names_round_trip() {
        for sq in 0..SQUARES as u8 {
            assert_eq!(parse_square(&square_name(sq)), Ok(sq));
        }
        assert!(parse_square("J1").is_err());
        assert!(parse_square("A16").is_err());
        assert!(parse_square("A0").is_err());
    }

    #[test]
    fn the_layout_reading_agrees_with_the_coordinate_reading() {
        // The reading through `Coord` and the grid's bounds.
        let general = |text: &str| -> Result<u8, String> {
            let c: crate::core::Coord = text.parse().map_err(|e| format!("{e}"))?;
            at(c.file as i8, c.rank as i8)
                .ok_or_else(|| format!("`{text}` is off the board (files A-I, ranks 1-15)"))
        };
        let mut texts = vec![String::new()];
        for letter in ['A', 'a', 'I', 'i', 'J', 'z', '@', '1', ' '] {
            texts.push(letter.to_string());
            for rank in [
                "0", "1", "9", "01", "10", "15", "16", "99", "100", "1x", "-1",
            ] {
                texts.push(format!("{letter}{rank}"));
            }
        }
        for text in &texts {
            assert_eq!(parse_square(text), general(text), "`{text}`");
        }
    }

    #[test]
    fn broken_board_files_are_errors_with_lines() {
        let e = Board::parse("map\n15 f f\nend\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = Board::parse("wat\n").unwrap_err();
        assert!(e.contains("unknown line"), "{e}");
        let e = Board::parse(&BOARD_TXT.replace("banner shadow-banner E3 E4", "")).unwrap_err();
        assert!(e.contains("shadow-banner"), "{e}");
        // A `behind` position starting with a letter of several bytes
        // (panicked: cut after its first byte).
        let text = BOARD_TXT.replace(
            "white-room           forest   new-earth-library    1      E16",
            "white-room           forest   new-earth-library    1      \u{c9}16",
        );
        let e = Board::parse(&text).unwrap_err();
        assert!(e.contains("a file A-I"), "{e}");
    }
}
