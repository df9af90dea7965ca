//! The Game's eight boards on the shared board layer: the drafted boards file
//! (ruling `the-game.boards`) made a [`Layout`] once, with the Sky above the
//! Ground above the Cavern square over square and the Mana and Astral boards
//! linked to nothing (ruling `the-game.board-links`), and the step, leap and
//! ray tables every piece's moves read, built once from it.
//!
//! ```text
//!   Sky     SA1..SL8   squares   0..96     Up/Down links, square over square
//!   Ground  GA1..GL8   squares  96..192
//!   Cavern  CA1..CL8   squares 192..288
//!   Mana    MSA1..MSC3, MWA1.., MEA1.., MGA1..   288..324   (3x3 each)
//!   Astral  AA1..AH8   squares 324..388
//! ```

use std::sync::OnceLock;

use super::kinds::Realm;
use super::setup;
use crate::core::{Layout, Link, Plane, SquareIndex, SquareSet, Step, Way, everywhere};

/// The squares of the drafted boards (3 x 12 x 8 + 4 x 3 x 3 + 8 x 8). The
/// tables are arrays of this length; a boards file of another size needs this
/// changed too (the first use says so).
pub const SQUARES: usize = 388;
/// The words of a square set: 7 x 64 = 448 bits for 388 squares.
pub const WORDS: usize = 7;
/// A square: its index across the eight boards.
pub type Sq = u16;
/// A set of squares of the eight boards.
pub type Set = SquareSet<WORDS>;
/// "No square" in the step tables.
pub const NONE: Sq = u16::MAX;

/// The eight directions on one board: north, south, east, west, then the
/// diagonals.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The boards and every table built from them.
#[derive(Debug)]
pub struct Boards {
    /// The layout on the board layer.
    pub layout: Layout,
    /// The boards file as read.
    pub spec: setup::Layout,
    /// The board index of the Sky, the Ground, the Cavern and the Astral board.
    pub sky: usize,
    /// See [`Boards::sky`].
    pub ground: usize,
    /// See [`Boards::sky`].
    pub cavern: usize,
    /// See [`Boards::sky`].
    pub astral: usize,
    /// Each square's realm.
    pub realm: Box<[Realm; SQUARES]>,
    /// Each square's file and rank (0-based).
    pub coord: Box<[(u8, u8); SQUARES]>,
    /// Every square.
    pub all: Set,
    /// The squares of each realm, by `Realm as usize`.
    pub of_realm: [Set; 5],
    /// The square directly above and below (or [`NONE`]).
    pub up: Box<[Sq; SQUARES]>,
    /// See [`Boards::up`].
    pub down: Box<[Sq; SQUARES]>,
    /// One step on the same board in each of [`DIRECTIONS`] (or [`NONE`]).
    pub step: Vec<Box<[Sq; SQUARES]>>,
    /// The ray on the same board in each of [`DIRECTIONS`].
    pub ray: Vec<Box<[Set; SQUARES]>>,
    /// The 26 directions of the stack (ruling `the-game.archmagus-lines`):
    /// their steps and rays.
    pub step3: Vec<Box<[Sq; SQUARES]>>,
    /// See [`Boards::step3`].
    pub ray3: Vec<Box<[Set; SQUARES]>>,
    /// The King's squares on the same board.
    pub king: Box<[Set; SQUARES]>,
    /// The Knight's leaps on the same board.
    pub knight: Box<[Set; SQUARES]>,
    /// The Gryphon's (3,2) leaps on the same board (ruling `the-game.gryphon-leap`).
    pub zebra: Box<[Set; SQUARES]>,
    /// The squares on the same board exactly 2 and 3 away along the eight
    /// lines (the Avatar, ruling `the-game.avatar-lines`).
    pub line2: Box<[Set; SQUARES]>,
    /// See [`Boards::line2`].
    pub line3: Box<[Set; SQUARES]>,
    /// Within two squares on the same board, and the 5x5 fields above and
    /// below (the Mithyari, ruling `the-game.mithyari-field`).
    pub mithyari: Box<[Set; SQUARES]>,
    /// The square above or below and its eight neighbours there (the Dragon).
    pub nine_up: Box<[Set; SQUARES]>,
    /// See [`Boards::nine_up`].
    pub nine_down: Box<[Set; SQUARES]>,
    /// The Cavalier's leaps between boards (ruling `the-game.cavalier`).
    pub cavalier: Box<[Set; SQUARES]>,
    /// The squares between two Djinn of the standard set-up (ruling
    /// `the-game.djinn-lines`).
    pub djinn_lines: Set,
    /// Each side's Sylvar starting squares in the drafted set-up, by
    /// `Side::index` (ruling `the-game.sylvar-return`).
    pub sylvar_starts: [Set; 2],
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

fn boxed<T: Copy>(f: impl Fn(usize) -> T) -> Box<[T; SQUARES]> {
    Box::new(std::array::from_fn(f))
}

impl Boards {
    /// The boards of the built-in boards file, built at first use.
    ///
    /// # Panics
    ///
    /// When the built-in boards file does not give [`SQUARES`] squares.
    pub fn get() -> &'static Boards {
        static BOARDS: OnceLock<Boards> = OnceLock::new();
        BOARDS.get_or_init(|| Boards::build(setup::Layout::standard()))
    }

    fn build(spec: setup::Layout) -> Boards {
        let planes: Vec<Plane> = spec
            .boards
            .iter()
            .map(|b| Plane::new(leak(&b.name), leak(&b.prefix), b.files, b.ranks))
            .collect();
        let mut links = Vec::new();
        for &(upper, lower) in &spec.above {
            links.push(Link::new(lower as u8, upper as u8, Way::Up));
            links.push(Link::new(upper as u8, lower as u8, Way::Down));
        }
        let layout = Layout::new(
            Box::leak(planes.into_boxed_slice()),
            Box::leak(links.into_boxed_slice()),
        );
        assert_eq!(
            layout.len(),
            SQUARES,
            "boards.txt gives {} squares; the engine's tables are built for {SQUARES} (board.rs)",
            layout.len()
        );
        let index = |name: &str| spec.index(name).expect("the boards file names every board");
        let (sky, ground, cavern, astral) = (
            index("sky"),
            index("ground"),
            index("cavern"),
            index("astral"),
        );
        let realm = boxed(|sq| spec.boards[layout.locate(sq).0].realm);
        let coord = boxed(|sq| {
            let c = layout.locate(sq).1;
            (c.file, c.rank)
        });
        let mut of_realm = [Set::EMPTY; 5];
        for sq in 0..SQUARES {
            of_realm[realm[sq] as usize].insert(sq);
        }
        let on_stack = |sq: usize| matches!(realm[sq], Realm::Sky | Realm::Ground | Realm::Cavern);
        let flat = |df: i8, dr: i8| Step::new(df, dr, 0);
        let leaps = |steps: &[Step]| -> Box<[Set; SQUARES]> {
            Box::new(layout.leap_sets::<WORDS, SQUARES>(steps, everywhere))
        };
        let king_steps: Vec<Step> = DIRECTIONS.iter().map(|&(f, r)| flat(f, r)).collect();
        let knight_steps: Vec<Step> = [(1, 2), (2, 1)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)])
            .map(|(f, r)| flat(f, r))
            .collect();
        let zebra_steps: Vec<Step> = [(3, 2), (2, 3)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)])
            .map(|(f, r)| flat(f, r))
            .collect();
        let line = |n: i8| -> Vec<Step> {
            DIRECTIONS
                .iter()
                .map(|&(f, r)| flat(f * n, r * n))
                .collect()
        };
        let mut field = Vec::new();
        for dz in -1..=1 {
            for df in -2..=2 {
                for dr in -2..=2 {
                    if (dz, df, dr) != (0, 0, 0) {
                        field.push(Step::new(df, dr, dz));
                    }
                }
            }
        }
        let nine = |dz: i8| -> Vec<Step> {
            let mut v = Vec::new();
            for df in -1..=1 {
                for dr in -1..=1 {
                    v.push(Step::new(df, dr, dz));
                }
            }
            v
        };
        let mut cav = Vec::new();
        for (dz, n) in [(1, 2), (-1, 2), (2, 1), (-2, 1)] {
            for (df, dr) in [(n, 0), (-n, 0), (0, n), (0, -n)] {
                cav.push(Step::new(df, dr, dz));
            }
        }
        let mut dirs3 = Vec::new();
        for dz in -1..=1 {
            for df in -1..=1 {
                for dr in -1..=1 {
                    if (dz, df, dr) != (0, 0, 0) {
                        dirs3.push(Step::new(df, dr, dz));
                    }
                }
            }
        }
        let step = DIRECTIONS
            .iter()
            .map(|&(f, r)| Box::new(layout.steps::<Sq, SQUARES>(flat(f, r), everywhere)))
            .collect();
        let ray = DIRECTIONS
            .iter()
            .map(|&(f, r)| Box::new(layout.rays::<WORDS, SQUARES>(flat(f, r), everywhere)))
            .collect();
        let step3 = dirs3
            .iter()
            .map(|&s| Box::new(layout.steps::<Sq, SQUARES>(s, everywhere)))
            .collect();
        let ray3 = dirs3
            .iter()
            .map(|&s| Box::new(layout.rays::<WORDS, SQUARES>(s, everywhere)))
            .collect();
        let up = Box::new(layout.steps::<Sq, SQUARES>(Step::UP, everywhere));
        let down = Box::new(layout.steps::<Sq, SQUARES>(Step::DOWN, everywhere));
        let stack_only = |from: usize, to: usize| on_stack(from) && on_stack(to);
        let mithyari = Box::new(layout.leap_sets::<WORDS, SQUARES>(&field, stack_only));
        let mut djinn_lines = Set::EMPTY;
        let layout_ref = &layout;
        let standard = setup::SetUp::standard(&spec);
        let djinn: Vec<usize> = standard
            .pieces
            .iter()
            .filter(|p| p.kind == super::Kind::Djinn)
            .filter_map(|p| layout_ref.square(p.board, i16::from(p.file), i16::from(p.rank)))
            .collect();
        let mut sylvar_starts = [Set::EMPTY; 2];
        for p in standard
            .pieces
            .iter()
            .filter(|p| p.kind == super::Kind::Sylvar)
        {
            if let (Some(side), Some(sq)) = (
                p.side,
                layout.square(p.board, i16::from(p.file), i16::from(p.rank)),
            ) {
                sylvar_starts[side.index()].insert(sq);
            }
        }
        for &a in &djinn {
            for &b in &djinn {
                let (pa, ca) = layout.locate(a);
                let (pb, cb) = layout.locate(b);
                let (df, dr) = (
                    i16::from(cb.file) - i16::from(ca.file),
                    i16::from(cb.rank) - i16::from(ca.rank),
                );
                if pa != pb || a >= b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
                    continue;
                }
                let n = df.abs().max(dr.abs());
                for k in 1..n {
                    if let Some(sq) = layout.square(
                        pa,
                        i16::from(ca.file) + k * df.signum(),
                        i16::from(ca.rank) + k * dr.signum(),
                    ) {
                        djinn_lines.insert(sq);
                    }
                }
            }
        }
        Boards {
            sky,
            ground,
            cavern,
            astral,
            all: Set::first_n(SQUARES),
            of_realm,
            up,
            down,
            step,
            ray,
            step3,
            ray3,
            king: leaps(&king_steps),
            knight: leaps(&knight_steps),
            zebra: leaps(&zebra_steps),
            line2: leaps(&line(2)),
            line3: leaps(&line(3)),
            mithyari,
            nine_up: Box::new(layout.leap_sets::<WORDS, SQUARES>(&nine(1), everywhere)),
            nine_down: Box::new(layout.leap_sets::<WORDS, SQUARES>(&nine(-1), everywhere)),
            cavalier: Box::new(layout.leap_sets::<WORDS, SQUARES>(&cav, everywhere)),
            djinn_lines,
            sylvar_starts,
            realm,
            coord,
            layout,
            spec,
        }
    }

    /// The realm of `sq`.
    #[inline]
    #[must_use]
    pub fn realm(&self, sq: Sq) -> Realm {
        self.realm[usize::from(sq)]
    }

    /// The squares the ray from `sq` in direction `d` (of [`DIRECTIONS`])
    /// reaches before and including its first square in `blockers`.
    #[inline]
    #[must_use]
    pub fn ray_to(&self, sq: Sq, d: usize, blockers: Set) -> Set {
        self.ray[d][usize::from(sq)].ray_to(sq, &self.step[d][..], blockers)
    }

    /// The same for the 26 directions of the stack.
    #[inline]
    #[must_use]
    pub fn ray3_to(&self, sq: Sq, d: usize, blockers: Set) -> Set {
        self.ray3[d][usize::from(sq)].ray_to(sq, &self.step3[d][..], blockers)
    }

    /// Adds to `s` the squares the ray from `sq` in direction `d` (of
    /// [`DIRECTIONS`]) reaches before and including its first square in
    /// `blockers`: [`Boards::ray_to`] step by step into one set.
    #[inline]
    pub fn ray_into(&self, s: &mut Set, sq: Sq, d: usize, blockers: Set) {
        let steps = &self.step[d];
        let mut at = steps[usize::from(sq)];
        while at != NONE {
            s.insert(at);
            if blockers.has(at) {
                break;
            }
            at = steps[usize::from(at)];
        }
    }

    /// The same for the 26 directions of the stack.
    #[inline]
    pub fn ray3_into(&self, s: &mut Set, sq: Sq, d: usize, blockers: Set) {
        let steps = &self.step3[d];
        let mut at = steps[usize::from(sq)];
        while at != NONE {
            s.insert(at);
            if blockers.has(at) {
                break;
            }
            at = steps[usize::from(at)];
        }
    }

    /// The square `n` steps in direction `d` on the same board, if every
    /// square before it is outside `blockers` (a two-square move that does
    /// not leap, ruling `the-game.elemental-steps`).
    #[inline]
    #[must_use]
    pub fn two(&self, sq: Sq, d: usize, blockers: Set) -> Option<Sq> {
        let mid = self.step[d][usize::from(sq)];
        if mid == NONE || blockers.has(mid) {
            return None;
        }
        let to = self.step[d][usize::from(mid)];
        (to != NONE).then_some(to)
    }
}

/// `sq` as an index, for the tables.
#[inline]
#[must_use]
pub fn ix(sq: Sq) -> usize {
    sq.to_index()
}
