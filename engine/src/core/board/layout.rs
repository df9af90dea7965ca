//! A game's boards as data: one board of files by ranks, or several named
//! boards with the links between them, and one square index across them all.

use std::fmt;

use super::index::SquareIndex;
use crate::core::{Coord, Direction};

/// One board of a [`Layout`]: a name, the prefix its squares are written
/// with (empty for a game of one board), and its size.
///
/// ```text
///         A   B   C       a 3x2 board "Sky" with prefix "S":
///   2    SA2 SB2 SC2      its squares are written SA1 .. SC2
///   1    SA1 SB1 SC1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plane {
    /// The board's name as the seed gives it (`Sky`, `Ground`, ...).
    pub name: &'static str,
    /// What its squares' names start with (`S` for `SC1`); empty for the
    /// only board of a game.
    pub prefix: &'static str,
    /// Files, A.. from the west: 1 to 26.
    pub files: u8,
    /// Ranks, 1.. from the south: 1 to 99.
    pub ranks: u8,
}

impl Plane {
    /// A board of `files` by `ranks`, named `name`, its squares written
    /// with `prefix`.
    #[must_use]
    pub const fn new(name: &'static str, prefix: &'static str, files: u8, ranks: u8) -> Plane {
        Plane {
            name,
            prefix,
            files,
            ranks,
        }
    }

    /// Squares on the board.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The square on 0-based `file` and `rank` of this board alone
    /// (`rank * files + file`), or `None` off it. Every numbering of the
    /// layer goes through this: [`Layout::square`] adds the board's base,
    /// [`Geometry`](crate::core::Geometry) is a board of its own.
    #[inline(always)]
    #[must_use]
    pub const fn at(&self, file: i16, rank: i16) -> Option<usize> {
        if file < 0 || rank < 0 || file >= self.files as i16 || rank >= self.ranks as i16 {
            None
        } else {
            Some(rank as usize * self.files as usize + file as usize)
        }
    }

    /// The file and rank of square `i` of this board alone
    /// (`0..`[`Plane::len`]).
    #[inline(always)]
    #[must_use]
    pub const fn coord(&self, i: usize) -> Coord {
        let files = self.files as usize;
        Coord::new((i % files) as u8, (i / files) as u8)
    }

    /// Always false: a board has at least one square ([`Layout::new`]
    /// checks it).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How a [`Link`] leads from one board to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// To the board above (The Game: Ground to Sky). A [`Step`] with
    /// `dz > 0` follows these.
    Up,
    /// To the board below (Ground to Cavern). A [`Step`] with `dz < 0`
    /// follows these.
    Down,
    /// To a board beside, on the same level (the Mana boards around the
    /// Ground). Followed only by name, with [`Layout::across`].
    Beside,
}

/// A link from board `from` to board `to` (indices into the layout's
/// boards): the square on file `f`, rank `r` of `from` lies against the
/// square on file `f + df`, rank `r + dr` of `to` (none where that is off
/// `to`). Boards stacked square over square have `df = dr = 0`.
///
/// A link goes one way: stacked boards have an `Up` link and a `Down` link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The board the link leaves.
    pub from: u8,
    /// The board it reaches.
    pub to: u8,
    /// Up, down or beside.
    pub way: Way,
    /// Files added on the way.
    pub df: i8,
    /// Ranks added on the way.
    pub dr: i8,
}

impl Link {
    /// The link from `from` to `to` square over square (no shift).
    #[must_use]
    pub const fn new(from: u8, to: u8, way: Way) -> Link {
        Link {
            from,
            to,
            way,
            df: 0,
            dr: 0,
        }
    }
}

/// A step that may cross boards: `dz` boards up (negative: down) through
/// the [`Way::Up`] / [`Way::Down`] links, then `df` files east and `dr`
/// ranks north on the board reached. On a game of one board `dz` is 0 and
/// a step is a [`Direction`].
///
/// ```text
///   Sky     . x .      Step { df: 1, dr: 0, dz: 1 } from Ground B1
///   Ground  . o .      reaches Sky C1 ("up, then one east")
///   Cavern  . . .
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Files eastwards.
    pub df: i8,
    /// Ranks northwards.
    pub dr: i8,
    /// Boards upwards (negative: downwards).
    pub dz: i8,
}

impl Step {
    /// The board directly above, square over square.
    pub const UP: Step = Step::new(0, 0, 1);
    /// The board directly below.
    pub const DOWN: Step = Step::new(0, 0, -1);

    /// `df` files east, `dr` ranks north, `dz` boards up.
    #[must_use]
    pub const fn new(df: i8, dr: i8, dz: i8) -> Step {
        Step { df, dr, dz }
    }

    /// The step `d` on the same board.
    #[must_use]
    pub const fn flat(d: Direction) -> Step {
        Step::new(d.df, d.dr, 0)
    }

    /// The step `d` after `dz` boards up (negative: down).
    #[must_use]
    pub const fn levels(d: Direction, dz: i8) -> Step {
        Step::new(d.df, d.dr, dz)
    }
}

impl From<Direction> for Step {
    fn from(d: Direction) -> Step {
        Step::flat(d)
    }
}

/// The most boards a layout has (The Game has eight).
pub const MAX_PLANES: usize = 16;

/// Why a layout cannot be built (a compile error where the layout is a
/// `const`).
const fn check(planes: &[Plane], links: &[Link]) -> usize {
    assert!(!planes.is_empty(), "a layout has at least one board");
    assert!(planes.len() <= MAX_PLANES, "at most 16 boards");
    let mut total = 0;
    let mut i = 0;
    while i < planes.len() {
        let p = planes[i];
        assert!(p.files >= 1 && p.files <= 26, "files 1 to 26");
        assert!(p.ranks >= 1 && p.ranks <= 99, "ranks 1 to 99");
        assert!(
            planes.len() == 1 || !p.prefix.is_empty(),
            "every board of several has a prefix"
        );
        total += p.len();
        i += 1;
    }
    assert!(total < u16::MAX as usize, "squares fit a u16");
    let mut k = 0;
    while k < links.len() {
        let l = links[k];
        assert!((l.from as usize) < planes.len() && (l.to as usize) < planes.len());
        assert!(l.from != l.to, "a link joins two boards");
        k += 1;
    }
    total
}

/// A game's boards: one or several [`Plane`]s and the [`Link`]s between
/// them. Squares are numbered board after board, each board rank by rank
/// from its south-west corner, so one index names any square of the game:
///
/// ```text
///  one board (Jewel 3x3, Dragon 9x15)   two boards "Sky" (S, 3x2) and "Ground" (G, 3x2)
///  rank 3   6 7 8                        Sky     rank 2   3  4  5   SA2 SB2 SC2
///  rank 2   3 4 5                                rank 1   0  1  2   SA1 SB1 SC1
///  rank 1   0 1 2                        Ground  rank 2   9 10 11   GA2 GB2 GC2
///           A B C                                rank 1   6  7  8   GA1 GB1 GC1
/// ```
///
/// A layout is `const` data; the tables move generation reads are built
/// from it once ([`Layout::steps`], [`Layout::leap_sets`], [`Layout::rays`]).
///
/// # Examples
///
/// ```
/// use tigerseye_engine::core::{Layout, Link, Plane, Step, Way};
///
/// const BOARDS: [Plane; 2] = [Plane::new("Sky", "S", 3, 2), Plane::new("Ground", "G", 3, 2)];
/// const LINKS: [Link; 2] = [Link::new(1, 0, Way::Up), Link::new(0, 1, Way::Down)];
/// const GAME: Layout = Layout::new(&BOARDS, &LINKS);
///
/// let b1 = GAME.parse_square("GB1").unwrap();
/// assert_eq!(b1, 7);
/// let up = GAME.offset(b1, Step::UP).unwrap();
/// assert_eq!(GAME.name(up).to_string(), "SB1");
/// assert_eq!(GAME.len(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    planes: &'static [Plane],
    links: &'static [Link],
    bases: [u16; MAX_PLANES],
    len: u16,
}

impl Layout {
    /// The layout of `planes` joined by `links`.
    ///
    /// # Panics
    ///
    /// When there is no board or more than [`MAX_PLANES`], a board is larger
    /// than 26 files or 99 ranks, a board of several has no prefix, the
    /// squares do not fit a `u16`, or a link names a board that is not there
    /// or joins a board to itself. In a `const` this is a compile error.
    #[must_use]
    pub const fn new(planes: &'static [Plane], links: &'static [Link]) -> Layout {
        let len = check(planes, links);
        let mut bases = [0u16; MAX_PLANES];
        let mut base = 0;
        let mut i = 0;
        while i < planes.len() {
            bases[i] = base as u16;
            base += planes[i].len();
            i += 1;
        }
        Layout {
            planes,
            links,
            bases,
            len: len as u16,
        }
    }

    /// The layout of one board of `files` by `ranks`, no prefix.
    ///
    /// # Panics
    ///
    /// As [`Layout::new`].
    #[must_use]
    pub const fn single(plane: &'static Plane) -> Layout {
        Layout::new(std::slice::from_ref(plane), &[])
    }

    /// Squares on all the boards.
    #[inline]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a layout has at least one square.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The boards.
    #[must_use]
    pub const fn planes(&self) -> &'static [Plane] {
        self.planes
    }

    /// The links between boards.
    #[must_use]
    pub const fn links(&self) -> &'static [Link] {
        self.links
    }

    /// The index of the board named `name` (its name or its prefix).
    #[must_use]
    pub fn plane_named(&self, name: &str) -> Option<usize> {
        self.planes
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name) || p.prefix == name)
    }

    /// The first square of board `plane`.
    ///
    /// # Panics
    ///
    /// When there is no board `plane`.
    #[inline]
    #[must_use]
    pub const fn base(&self, plane: usize) -> usize {
        assert!(plane < self.planes.len());
        self.bases[plane] as usize
    }

    /// The squares of board `plane`: `base..base + len`.
    ///
    /// # Panics
    ///
    /// When there is no board `plane`.
    #[must_use]
    pub const fn range(&self, plane: usize) -> std::ops::Range<usize> {
        let base = self.base(plane);
        base..base + self.planes[plane].len()
    }

    /// The board of square `sq`, and its file and rank there.
    ///
    /// # Panics
    ///
    /// When `sq` is not below [`Layout::len`].
    #[inline]
    #[must_use]
    pub const fn locate(&self, sq: usize) -> (usize, Coord) {
        assert!(sq < self.len(), "square past the last board");
        let mut p = self.planes.len() - 1;
        while self.bases[p] as usize > sq {
            p -= 1;
        }
        (p, self.planes[p].coord(sq - self.bases[p] as usize))
    }

    /// The square on `file`, `rank` (0-based, may be negative or past the
    /// edge) of board `plane`, or `None` off that board.
    #[inline]
    #[must_use]
    pub const fn square(&self, plane: usize, file: i16, rank: i16) -> Option<usize> {
        if plane >= self.planes.len() {
            return None;
        }
        match self.planes[plane].at(file, rank) {
            Some(i) => Some(self.bases[plane] as usize + i),
            None => None,
        }
    }

    /// The board the first link of `way` from board `plane` reaches, with
    /// the link's shift.
    const fn follow(&self, plane: usize, way: Way) -> Option<(usize, i8, i8)> {
        let mut k = 0;
        while k < self.links.len() {
            let l = self.links[k];
            if l.from as usize == plane && (l.way as u8) == (way as u8) {
                return Some((l.to as usize, l.df, l.dr));
            }
            k += 1;
        }
        None
    }

    /// The square one `step` from `sq`: `dz` boards up or down through the
    /// [`Way::Up`] or [`Way::Down`] links (their shifts added), then `df`,
    /// `dr` on the board reached; `None` where a link is missing or the
    /// square is off the board.
    ///
    /// # Panics
    ///
    /// When `sq` is not below [`Layout::len`].
    #[must_use]
    pub const fn offset(&self, sq: usize, step: Step) -> Option<usize> {
        let (mut plane, c) = self.locate(sq);
        let (mut file, mut rank) = (c.file as i16, c.rank as i16);
        let way = if step.dz > 0 { Way::Up } else { Way::Down };
        let mut levels = step.dz.unsigned_abs();
        while levels > 0 {
            match self.follow(plane, way) {
                Some((to, df, dr)) => {
                    plane = to;
                    file += df as i16;
                    rank += dr as i16;
                }
                None => return None,
            }
            levels -= 1;
        }
        self.square(plane, file + step.df as i16, rank + step.dr as i16)
    }

    /// The square against `sq` through `link` (an index into
    /// [`Layout::links`]), then `d` on the board reached: `None` when the
    /// link does not leave `sq`'s board or the square is off the board.
    ///
    /// # Panics
    ///
    /// When `sq` is not below [`Layout::len`] or there is no link `link`.
    #[must_use]
    pub const fn across(&self, sq: usize, link: usize, d: Direction) -> Option<usize> {
        let (plane, c) = self.locate(sq);
        let l = self.links[link];
        if l.from as usize != plane {
            return None;
        }
        self.square(
            l.to as usize,
            c.file as i16 + l.df as i16 + d.df as i16,
            c.rank as i16 + l.dr as i16 + d.dr as i16,
        )
    }

    /// A display adaptor writing `sq` as the seeds do: `C1`, or the board's
    /// prefix and `C1` where the game has several.
    ///
    /// # Panics
    ///
    /// When `sq` is not below [`Layout::len`].
    #[must_use]
    pub fn name(&self, sq: impl SquareIndex) -> LayoutSquareName {
        let (plane, coord) = self.locate(sq.to_index());
        LayoutSquareName {
            prefix: self.planes[plane].prefix,
            coord,
        }
    }

    /// Writes `sq` as [`Layout::name`] does, character by character (no
    /// formatting machinery: notation is written in hot loops).
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    ///
    /// # Panics
    ///
    /// When `sq` is not below [`Layout::len`].
    #[inline]
    pub fn write_square<O: fmt::Write + ?Sized>(
        &self,
        sq: impl SquareIndex,
        out: &mut O,
    ) -> fmt::Result {
        let (plane, c) = self.locate(sq.to_index());
        out.write_str(self.planes[plane].prefix)?;
        write_coord(c, out)
    }

    /// Reads a square as the seeds write it: `C1` (either case) on a game
    /// of one board; the board's prefix, then `C1`, on a game of several.
    ///
    /// # Errors
    ///
    /// [`SquareError`] saying what was expected: a square such as `C1`, a
    /// square on the board (its files and ranks), or a known board prefix.
    pub fn parse_square<I: SquareIndex>(&self, text: &str) -> Result<I, SquareError> {
        if self.planes.len() == 1 {
            return self.parse_on(0, text, text);
        }
        // The longest prefix that leaves a square (`MA1` is board `M`'s A1
        // even if a board `MA` existed only when `1` alone is no square).
        let mut best: Option<usize> = None;
        for (i, p) in self.planes.iter().enumerate() {
            if text.len() > p.prefix.len()
                && text.is_char_boundary(p.prefix.len())
                && text[..p.prefix.len()].eq_ignore_ascii_case(p.prefix)
                && best.is_none_or(|b| self.planes[b].prefix.len() < p.prefix.len())
            {
                best = Some(i);
            }
        }
        match best {
            Some(i) => self.parse_on(i, text, &text[self.planes[i].prefix.len()..]),
            None => Err(SquareError::UnknownBoard {
                text: text.to_owned(),
                prefixes: self
                    .planes
                    .iter()
                    .map(|p| p.prefix)
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// Reads `coord` (the text past the prefix) on board `plane`.
    fn parse_on<I: SquareIndex>(
        &self,
        plane: usize,
        text: &str,
        coord: &str,
    ) -> Result<I, SquareError> {
        let p = self.planes[plane];
        let c = quick_coord(coord).ok_or_else(|| SquareError::Malformed(text.to_owned()))?;
        match self.square(plane, i16::from(c.file), i16::from(c.rank)) {
            Some(sq) => Ok(I::from_index(sq)),
            None => Err(SquareError::OffBoard {
                text: text.to_owned(),
                board: if self.planes.len() == 1 {
                    String::new()
                } else {
                    format!(" {}", p.name)
                },
                last_file: char::from(b'A' + p.files - 1),
                ranks: p.ranks,
            }),
        }
    }
}

/// A file letter (either case) and a rank 1-99 with no leading zero, read
/// without allocating.
#[inline]
fn quick_coord(text: &str) -> Option<Coord> {
    let [letter, digits @ ..] = text.as_bytes() else {
        return None;
    };
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let rank = match *digits {
        [d @ b'1'..=b'9'] => d - b'0',
        [a @ b'1'..=b'9', b @ b'0'..=b'9'] => (a - b'0') * 10 + b - b'0',
        _ => return None,
    };
    Some(Coord::new(letter.to_ascii_uppercase() - b'A', rank - 1))
}

/// Writes `c` as `C1` or `K11`, character by character.
#[inline]
fn write_coord<O: fmt::Write + ?Sized>(c: Coord, out: &mut O) -> fmt::Result {
    out.write_char(char::from(b'A' + c.file))?;
    let r = c.rank + 1;
    if r >= 10 {
        out.write_char(char::from(b'0' + r / 10))?;
    }
    out.write_char(char::from(b'0' + r % 10))
}

/// Display adaptor for a square of a [`Layout`]: `C1`, or `SC1` with the
/// board's prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutSquareName {
    prefix: &'static str,
    coord: Coord,
}

impl fmt::Display for LayoutSquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.prefix)?;
        write_coord(self.coord, f)
    }
}

/// Why a text is not a square of a [`Layout`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// Not a file letter followed by a rank number.
    #[error("expected a square such as `C1` (a file letter A-Z and a rank from 1), found `{0}`")]
    Malformed(String),
    /// Well formed, but off its board.
    #[error("`{text}` is off the{board} board (files A-{last_file}, ranks 1-{ranks})")]
    OffBoard {
        /// The text as given.
        text: String,
        /// The board's name with a space before it, empty for a game of one
        /// board.
        board: String,
        /// The letter of the board's last file.
        last_file: char,
        /// The board's ranks.
        ranks: u8,
    },
    /// No board's prefix begins the text.
    #[error("expected a board prefix ({prefixes}) and a square such as `C1`, found `{text}`")]
    UnknownBoard {
        /// The text as given.
        text: String,
        /// The boards' prefixes, comma-separated.
        prefixes: String,
    },
}
