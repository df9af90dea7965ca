//! A plain board for the reference models: a vector of cells, pieces stepped one
//! square at a time, nothing precomputed. Written from seed 002's piece
//! descriptions, without the engine's tables.

/// How a kind of piece moves (seed 002, "Piece moves" and each facet's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mv {
    /// One square any way (Princess, Adjacent, Leader).
    King,
    /// One or two squares along a file or rank, jumping.
    KingsLancer,
    /// One or two squares diagonally, jumping.
    QueensLancer,
    /// (1, 2) leaps.
    Knight,
    /// Knight and Queen's Lancer.
    CloakedPrince,
    /// Slides along files and ranks.
    Rook,
    /// Slides along diagonals.
    Bishop,
    /// A pawn, with or without the double step.
    Pawn { double: bool },
}

/// A kind: its letter (upper case), movement, and whether it may take the Key.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kind {
    pub(super) letter: char,
    pub(super) mv: Mv,
    pub(super) takes_key: bool,
}

/// A piece: side (0 Green, 1 Red) and kind index.
pub(super) type Piece = (usize, usize);

/// A board of `w` x `h` cells, rank 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Grid {
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) cells: Vec<Option<Piece>>,
}

/// A move: from, to, and a promotion kind.
pub(super) type RefMove = ((i32, i32), (i32, i32), Option<usize>);

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl Grid {
    /// Reads the board part of a position: ranks from the top, `/` between them,
    /// upper case Red, lower case Green, numbers for empty runs.
    pub(super) fn parse(text: &str, w: i32, h: i32, kinds: &[Kind]) -> Grid {
        let mut cells = vec![None; (w * h) as usize];
        for (i, rank) in text.split('/').enumerate() {
            let r = h - 1 - i as i32;
            let mut f = 0;
            let mut digits = String::new();
            for c in rank.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    f += digits.parse::<i32>().unwrap();
                    digits.clear();
                }
                if c == ' ' {
                    break;
                }
                let side = usize::from(c.is_ascii_uppercase());
                let k = kinds
                    .iter()
                    .position(|k| k.letter == c.to_ascii_uppercase())
                    .unwrap_or_else(|| panic!("letter {c}"));
                cells[(r * w + f) as usize] = Some((side, k));
                f += 1;
            }
        }
        Grid { w, h, cells }
    }

    pub(super) fn on(&self, f: i32, r: i32) -> bool {
        f >= 0 && r >= 0 && f < self.w && r < self.h
    }

    pub(super) fn get(&self, (f, r): (i32, i32)) -> Option<Piece> {
        self.cells[(r * self.w + f) as usize]
    }

    pub(super) fn set(&mut self, (f, r): (i32, i32), p: Option<Piece>) {
        self.cells[(r * self.w + f) as usize] = p;
    }

    pub(super) fn squares(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.h).flat_map(move |r| (0..self.w).map(move |f| (f, r)))
    }

    pub(super) fn has_pieces(&self, side: usize) -> bool {
        self.cells.iter().flatten().any(|p| p.0 == side)
    }

    /// Every move of `side`'s piece on `at`, captures included, with the Key (if
    /// any) stopping a slide on itself; a pawn captures onto `ep` too. Promotions
    /// are not added here.
    pub(super) fn moves_of(
        &self,
        at: (i32, i32),
        kinds: &[Kind],
        key: Option<(i32, i32)>,
        ep: Option<(i32, i32)>,
    ) -> Vec<(i32, i32)> {
        let (side, k) = self.get(at).expect("a piece");
        let mut out = Vec::new();
        let leap = |offsets: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
            for &(df, dr) in offsets {
                let t = (at.0 + df, at.1 + dr);
                if self.on(t.0, t.1) && self.get(t).is_none_or(|p| p.0 != side) {
                    out.push(t);
                }
            }
        };
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
            for &(df, dr) in dirs {
                let mut t = (at.0 + df, at.1 + dr);
                while self.on(t.0, t.1) {
                    match self.get(t) {
                        Some(p) => {
                            if p.0 != side {
                                out.push(t);
                            }
                            break;
                        }
                        None => out.push(t),
                    }
                    if Some(t) == key {
                        break;
                    }
                    t = (t.0 + df, t.1 + dr);
                }
            }
        };
        match kinds[k].mv {
            Mv::King => leap(
                &[
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ],
                &mut out,
            ),
            Mv::KingsLancer => leap(
                &[
                    (0, 1),
                    (0, 2),
                    (1, 0),
                    (2, 0),
                    (0, -1),
                    (0, -2),
                    (-1, 0),
                    (-2, 0),
                ],
                &mut out,
            ),
            Mv::QueensLancer => leap(
                &[
                    (1, 1),
                    (2, 2),
                    (1, -1),
                    (2, -2),
                    (-1, -1),
                    (-2, -2),
                    (-1, 1),
                    (-2, 2),
                ],
                &mut out,
            ),
            Mv::Knight => leap(&KNIGHT, &mut out),
            Mv::CloakedPrince => {
                leap(&KNIGHT, &mut out);
                leap(
                    &[
                        (1, 1),
                        (2, 2),
                        (1, -1),
                        (2, -2),
                        (-1, -1),
                        (-2, -2),
                        (-1, 1),
                        (-2, 2),
                    ],
                    &mut out,
                );
            }
            Mv::Rook => slide(&ORTHO, &mut out),
            Mv::Bishop => slide(&DIAG, &mut out),
            Mv::Pawn { double } => {
                let dir = if side == 1 { 1 } else { -1 };
                let one = (at.0, at.1 + dir);
                if self.on(one.0, one.1) && self.get(one).is_none() {
                    out.push(one);
                    let start = if side == 1 { 1 } else { self.h - 2 };
                    let two = (at.0, at.1 + 2 * dir);
                    if double && at.1 == start && self.on(two.0, two.1) && self.get(two).is_none() {
                        out.push(two);
                    }
                }
                for df in [-1, 1] {
                    let t = (at.0 + df, at.1 + dir);
                    if !self.on(t.0, t.1) {
                        continue;
                    }
                    if self.get(t).is_some_and(|p| p.0 != side) || Some(t) == ep {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// Whether a piece of `side` could capture on `target` (a piece of the other
    /// side standing there), with the Key stopping slides.
    pub(super) fn attacks(
        &self,
        side: usize,
        target: (i32, i32),
        kinds: &[Kind],
        key: Option<(i32, i32)>,
    ) -> bool {
        let mut probe = self.clone();
        probe.set(target, Some((1 - side, 0)));
        self.squares().any(|at| {
            probe.get(at).is_some_and(|p| p.0 == side)
                && probe.moves_of(at, kinds, key, None).contains(&target)
        })
    }

    /// Applies a move: an en passant capture removes the pawn passed; a promotion
    /// changes the kind. Returns whether it captured.
    pub(super) fn make(
        &mut self,
        (from, to, promo): RefMove,
        kinds: &[Kind],
        ep: Option<(i32, i32)>,
    ) -> bool {
        let piece = self.get(from).expect("a piece");
        let mut captured = self.get(to).is_some();
        if matches!(kinds[piece.1].mv, Mv::Pawn { .. }) && Some(to) == ep && from.0 != to.0 {
            self.set((to.0, from.1), None);
            captured = true;
        }
        self.set(from, None);
        self.set(to, Some((piece.0, promo.unwrap_or(piece.1))));
        captured
    }
}

/// Reads a square such as `E5` (`None` for anything else).
pub(super) fn square(text: &str) -> Option<(i32, i32)> {
    let mut chars = text.chars();
    let file = chars.next()? as i32 - 'A' as i32;
    let rank: i32 = chars.as_str().parse().ok()?;
    Some((file, rank - 1))
}
