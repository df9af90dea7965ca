//! The Field Manual's reference model (seed 004), written plainly and
//! separately from the engine: the battlefield as a map from (file, rank) to a
//! piece, every move found by walking its path square by square (a pivot
//! piece's bent paths by walking each leg), check by asking every opposing
//! piece whether it reaches the King along an unbent line, and the turn-level
//! check rule by a plain search over the turn's remaining actions. Actions are
//! their notation, states their position text (docs/games/field-manual.md). No
//! tables, sets of bits, hashes or buffers.
//!
//! The engine's legal actions must equal these in random positions and under
//! every mode, and its perft (per action and per turn) must equal this
//! model's; it runs as an oracle ([`super::legal`]).

#[cfg(test)]
mod tests;
mod turn;

use std::collections::{BTreeMap, BTreeSet};

/// (file, rank), both from 0: `(0, 0)` is A1, `(13, 9)` N10.
pub type Pos = (i32, i32);

pub(crate) const FILES: i32 = 14;
pub(crate) const RANKS: i32 = 10;

pub(crate) fn on_board(p: Pos) -> bool {
    (0..FILES).contains(&p.0) && (0..RANKS).contains(&p.1)
}

pub(crate) fn name(p: Pos) -> String {
    format!("{}{}", char::from(b'A' + p.0 as u8), p.1 + 1)
}

pub(crate) fn parse_pos(s: &str) -> Option<Pos> {
    let b = s.as_bytes();
    let file = i32::from(b.first()?.to_ascii_uppercase()) - i32::from(b'A');
    let rank = s.get(1..)?.parse::<i32>().ok()? - 1;
    on_board((file, rank)).then_some((file, rank))
}

/// A piece: its army, its kind (the code, upper case: `K`, `RR`, `SQ`, ...) and
/// its identity, the square it started on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Piece {
    /// The Dragon's (else the Tiger's).
    pub dragon: bool,
    /// The kind's code, upper case.
    pub kind: &'static str,
    /// The square it started on: its identity.
    pub home: Pos,
}

impl Piece {
    /// Its token in the position text: `Ra1`, `sqe9`.
    pub(crate) fn token(&self) -> String {
        let code = if self.dragon {
            self.kind.to_owned()
        } else {
            self.kind.to_lowercase()
        };
        format!("{code}{}", name(self.home).to_lowercase())
    }

    /// +1 for the Dragon (it advances north), -1 for the Tiger.
    pub(crate) fn forward(&self) -> i32 {
        if self.dragon { 1 } else { -1 }
    }
}

const CODES: [&str; 11] = ["K", "Q", "PR", "PS", "R", "RR", "N", "B", "AB", "P", "SQ"];

fn kind_of_name(name: &str) -> &'static str {
    match name {
        "king" => "K",
        "queen" => "Q",
        "prince" => "PR",
        "princess" => "PS",
        "rook" => "R",
        "royal-rook" => "RR",
        "knight" => "N",
        "bishop" => "B",
        "archbishop" => "AB",
        "pawn" => "P",
        "squire" => "SQ",
        other => panic!("unknown kind {other}"),
    }
}

fn code(s: &str) -> &'static str {
    CODES
        .into_iter()
        .find(|c| c.eq_ignore_ascii_case(s))
        .unwrap_or_else(|| panic!("unknown code {s}"))
}

/// The set-up file (`engine/data/field_manual/setup.txt`, as the engine
/// embeds it), read plainly once: every piece of both armies in the order of
/// the file, the Dragon's then the Tiger's (its mirror image).
pub(crate) fn set_up() -> Vec<Piece> {
    static SET_UP: std::sync::OnceLock<Vec<Piece>> = std::sync::OnceLock::new();
    SET_UP.get_or_init(read_set_up).clone()
}

fn read_set_up() -> Vec<Piece> {
    let text = tigerseye_engine::field_manual::setup::SETUP_FILE;
    let mut dragon = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "place");
        dragon.push(Piece {
            dragon: true,
            kind: kind_of_name(words[2]),
            home: parse_pos(words[1]).unwrap(),
        });
    }
    let tiger: Vec<Piece> = dragon
        .iter()
        .map(|p| Piece {
            dragon: false,
            kind: p.kind,
            home: (p.home.0, RANKS - 1 - p.home.1),
        })
        .collect();
    dragon.into_iter().chain(tiger).collect()
}

/// Which rules: the mode and the turn-check reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Moves a turn: 3, or 1 in The Long Game.
    pub moves: u8,
    /// Sniper: a King may be captured, straight or by a pivot route.
    pub sniper: bool,
    /// `turn-check = loses`: every move offered, an unanswered check mates at
    /// the turn's end.
    pub loses: bool,
}

impl Rules {
    /// The rules of the options `mode` and `turn-check`.
    #[must_use]
    pub fn of(mode: &str, turn_check: &str) -> Rules {
        Rules {
            moves: if mode == "long-game" { 1 } else { 3 },
            sniper: mode == "sniper",
            loses: turn_check == "loses",
        }
    }
}

/// The project's ply bound (ruling field-manual.ply-bound).
pub(crate) const PLY_BOUND: u32 = 3000;

/// The Field Manual as plainly as possible, at one position.
#[derive(Clone, Debug, PartialEq)]
pub struct RefFm {
    /// The pieces by square.
    pub grid: BTreeMap<Pos, Piece>,
    /// The army whose turn it is.
    pub dragon: bool,
    /// Moves left in the turn.
    pub moves_left: u8,
    /// Marks of the side to act's pieces this turn, by identity: '*' moved,
    /// '~' a Prince that swapped, '^' a royal returned by ransom.
    pub marks: BTreeMap<Pos, char>,
    /// Captured Princes and Princesses waiting to return.
    pub pending: BTreeSet<Piece>,
    /// A Squire's square whose promotion choice waits.
    pub promotion: Option<Pos>,
    /// `dragon-wins:checkmate`, `draw:two-kings`, ...
    pub result: Option<String>,
    /// Actions played since the model was set up.
    pub plies: u32,
    /// The rules it plays.
    pub rules: Rules,
}

impl RefFm {
    /// The set-up, the Dragon to move.
    #[must_use]
    pub fn start(rules: Rules) -> RefFm {
        let grid = set_up().into_iter().map(|p| (p.home, p)).collect();
        RefFm {
            grid,
            dragon: true,
            moves_left: rules.moves,
            marks: BTreeMap::new(),
            pending: BTreeSet::new(),
            promotion: None,
            result: None,
            plies: 0,
            rules,
        }
    }

    /// Reads a position text (docs/games/field-manual.md).
    #[must_use]
    pub fn parse(text: &str, rules: Rules) -> RefFm {
        let f: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(f.len(), 7, "seven fields: {text}");
        let mut grid = BTreeMap::new();
        for (i, rank) in f[0].split('/').enumerate() {
            let r = RANKS - 1 - i as i32;
            let mut file = 0;
            for token in rank.split(',') {
                if let Ok(n) = token.parse::<i32>() {
                    file += n;
                    continue;
                }
                let piece = parse_token(token);
                grid.insert((file, r), piece);
                file += 1;
            }
            assert_eq!(file, FILES, "rank {} of {text}", r + 1);
        }
        let dragon = f[1] == "dragon";
        let mut marks = BTreeMap::new();
        if f[3] != "-" {
            for m in f[3].split(',') {
                let (sq, mark) = match m.chars().last().unwrap() {
                    c @ ('~' | '^') => (&m[..m.len() - 1], c),
                    _ => (m, '*'),
                };
                marks.insert(parse_pos(sq).unwrap(), mark);
            }
        }
        let pending = if f[4] == "-" {
            BTreeSet::new()
        } else {
            f[4].split(',').map(parse_token).collect()
        };
        RefFm {
            grid,
            dragon,
            moves_left: f[2].parse().unwrap(),
            marks,
            pending,
            promotion: (f[5] != "-").then(|| parse_pos(f[5]).unwrap()),
            result: (f[6] != "-").then(|| f[6].to_owned()),
            plies: 0,
            rules,
        }
    }

    /// The position text.
    #[must_use]
    pub fn export(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..RANKS).rev() {
            let mut tokens = Vec::new();
            let mut empty = 0;
            for file in 0..FILES {
                match self.grid.get(&(file, r)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            tokens.push(empty.to_string());
                            empty = 0;
                        }
                        tokens.push(p.token());
                    }
                }
            }
            if empty > 0 {
                tokens.push(empty.to_string());
            }
            ranks.push(tokens.join(","));
        }
        let marks: Vec<String> = self
            .marks
            .iter()
            .map(|(&home, &m)| {
                let n = name(home).to_lowercase();
                if m == '*' { n } else { format!("{n}{m}") }
            })
            .collect();
        let pending: Vec<String> = self.pending.iter().map(Piece::token).collect();
        let dash = |v: Vec<String>| {
            if v.is_empty() {
                "-".to_owned()
            } else {
                v.join(",")
            }
        };
        format!(
            "{} {} {} {} {} {} {}",
            ranks.join("/"),
            if self.dragon { "dragon" } else { "tiger" },
            self.moves_left,
            dash(marks),
            dash(pending),
            self.promotion.map_or("-".to_owned(), name),
            self.result.clone().unwrap_or_else(|| "-".to_owned()),
        )
    }

    pub(crate) fn king(&self, dragon: bool) -> Option<Pos> {
        self.grid
            .iter()
            .find(|(_, p)| p.dragon == dragon && p.kind == "K")
            .map(|(&sq, _)| sq)
    }

    /// Whether `dragon`'s King stands in a direct attack (check).
    #[must_use]
    pub fn in_check(&self, dragon: bool) -> bool {
        match self.king(dragon) {
            None => false,
            Some(k) => self.attacked(k, !dragon),
        }
    }

    /// Whether a piece of the army `by` attacks `target` along a direct,
    /// unbent line (or by its leap or step).
    pub(crate) fn attacked(&self, target: Pos, by: bool) -> bool {
        self.grid
            .iter()
            .any(|(&from, p)| p.dragon == by && self.attacks(from, p, target))
    }

    /// Whether the piece `p` on `from` attacks `target` directly: its straight
    /// slides and its leaps and steps, ignoring what stands on `target`.
    fn attacks(&self, from: Pos, p: &Piece, target: Pos) -> bool {
        let (dx, dy) = (target.0 - from.0, target.1 - from.1);
        if (dx, dy) == (0, 0) {
            return false;
        }
        let line = |max: i32, orth: bool, diag: bool| {
            let straight = dx == 0 || dy == 0;
            let diagonal = dx.abs() == dy.abs();
            if !((orth && straight) || (diag && diagonal)) {
                return false;
            }
            let n = dx.abs().max(dy.abs());
            if n > max {
                return false;
            }
            let step = (dx.signum(), dy.signum());
            (1..n).all(|k| {
                !self
                    .grid
                    .contains_key(&(from.0 + k * step.0, from.1 + k * step.1))
            })
        };
        match p.kind {
            "K" => dx.abs() <= 1 && dy.abs() <= 1,
            "Q" => line(99, true, true),
            "PR" => (dx.abs() == 2 || dx == 0) && (dy.abs() == 2 || dy == 0) && (dx, dy) != (0, 0),
            "PS" => line(4, true, true),
            "R" | "RR" => line(99, true, false),
            "B" | "AB" => line(99, false, true),
            "N" => (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1),
            "P" | "SQ" => dx.abs() == 1 && dy == p.forward(),
            other => panic!("kind {other}"),
        }
    }

    /// The squares a slider walks to from `from` along `step`, at most `max`
    /// squares: every empty one, then the first occupied one if it is the
    /// opponent's (a capture ends the move).
    fn walk(&self, from: Pos, step: Pos, max: i32, mover: &Piece, out: &mut BTreeSet<Pos>) {
        let mut at = from;
        for _ in 0..max {
            at = (at.0 + step.0, at.1 + step.1);
            if !on_board(at) {
                return;
            }
            match self.grid.get(&at) {
                None => {
                    out.insert(at);
                }
                Some(q) => {
                    if q.dragon != mover.dragon {
                        out.insert(at);
                    }
                    return;
                }
            }
        }
    }

    /// A pivot piece's destinations along `step`: the straight walk, and from
    /// every empty square of it a bend by 90° (both ways) walked on.
    fn walk_with_pivot(&self, from: Pos, step: Pos, mover: &Piece, out: &mut BTreeSet<Pos>) {
        let mut at = from;
        loop {
            at = (at.0 + step.0, at.1 + step.1);
            if !on_board(at) {
                return;
            }
            if let Some(q) = self.grid.get(&at) {
                if q.dragon != mover.dragon {
                    out.insert(at);
                }
                return;
            }
            out.insert(at);
            // The pivot: this empty square, then a quarter turn either way.
            for turn in [(-step.1, step.0), (step.1, -step.0)] {
                self.walk(at, turn, 99, mover, out);
            }
        }
    }

    /// The destinations of the piece on `from` by its rules of movement, before
    /// the King's safety and the turn are considered: moves and captures
    /// (never onto a friendly piece).
    pub(crate) fn destinations(&self, from: Pos) -> BTreeSet<Pos> {
        let p = self.grid[&from];
        let mut out = BTreeSet::new();
        const ORTH: [Pos; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [Pos; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let leap = |targets: &[Pos], out: &mut BTreeSet<Pos>| {
            for &(dx, dy) in targets {
                let to = (from.0 + dx, from.1 + dy);
                if on_board(to) && self.grid.get(&to).is_none_or(|q| q.dragon != p.dragon) {
                    out.insert(to);
                }
            }
        };
        match p.kind {
            "K" => leap(
                &[
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ],
                &mut out,
            ),
            "Q" => {
                for s in ORTH.into_iter().chain(DIAG) {
                    self.walk_with_pivot(from, s, &p, &mut out);
                }
            }
            "PR" => leap(
                &[
                    (2, 0),
                    (-2, 0),
                    (0, 2),
                    (0, -2),
                    (2, 2),
                    (2, -2),
                    (-2, 2),
                    (-2, -2),
                ],
                &mut out,
            ),
            "PS" => {
                for s in ORTH.into_iter().chain(DIAG) {
                    self.walk(from, s, 4, &p, &mut out);
                }
            }
            "R" => {
                for s in ORTH {
                    self.walk(from, s, 99, &p, &mut out);
                }
            }
            "RR" => {
                for s in ORTH {
                    self.walk_with_pivot(from, s, &p, &mut out);
                }
            }
            "N" => leap(
                &[
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ],
                &mut out,
            ),
            "B" => {
                for s in DIAG {
                    self.walk(from, s, 99, &p, &mut out);
                }
            }
            "AB" => {
                for s in DIAG {
                    self.walk_with_pivot(from, s, &p, &mut out);
                }
            }
            "P" => {
                for dir in [1, -1] {
                    for n in 1..=2 {
                        let to = (from.0, from.1 + dir * n);
                        let clear = (1..=n).all(|k| {
                            let sq = (from.0, from.1 + dir * k);
                            on_board(sq) && !self.grid.contains_key(&sq)
                        });
                        if clear {
                            out.insert(to);
                        }
                    }
                }
                self.diagonal_captures(from, &p, &mut out);
            }
            "SQ" => {
                let to = (from.0, from.1 + p.forward());
                if on_board(to) && !self.grid.contains_key(&to) {
                    out.insert(to);
                }
                self.diagonal_captures(from, &p, &mut out);
            }
            other => panic!("kind {other}"),
        }
        out
    }

    fn diagonal_captures(&self, from: Pos, p: &Piece, out: &mut BTreeSet<Pos>) {
        for dx in [1, -1] {
            let to = (from.0 + dx, from.1 + p.forward());
            if self.grid.get(&to).is_some_and(|q| q.dragon != p.dragon) {
                out.insert(to);
            }
        }
    }
}

fn parse_token(token: &str) -> Piece {
    // Kind letters, then the home square's file letter (lower case) and rank.
    let digits = token.trim_start_matches(|c: char| !c.is_ascii_digit());
    let head = &token[..token.len() - digits.len()];
    let (kind, file) = head.split_at(head.len() - 1);
    Piece {
        dragon: kind.chars().all(|c| c.is_ascii_uppercase()),
        kind: code(kind),
        home: parse_pos(&format!("{file}{digits}")).unwrap(),
    }
}
