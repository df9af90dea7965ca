//! A test-only reference model of the Field Manual (seed 004), written plainly
//! and separately from the engine: the battlefield as a map from (file, rank)
//! to a piece, every move found by walking its path square by square (a pivot
//! piece's bent paths by walking each leg), check by asking every opposing
//! piece whether it reaches the King along an unbent line, and the turn-level
//! check rule by a plain search over the turn's remaining actions. Actions are
//! their notation, states their position text (docs/games/field-manual.md). No
//! tables, sets of bits, hashes or buffers.
//!
//! The engine's legal actions must equal these in random positions and under
//! every mode, and its perft (per action and per turn) must equal this model's.

mod turn;

use std::collections::{BTreeMap, BTreeSet};

/// (file, rank), both from 0: `(0, 0)` is A1, `(13, 9)` N10.
pub(crate) type Pos = (i32, i32);

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
pub(crate) struct Piece {
    pub(crate) dragon: bool,
    pub(crate) kind: &'static str,
    pub(crate) home: Pos,
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

/// The set-up file, read plainly: every piece of both armies in the order of
/// the file, the Dragon's then the Tiger's (its mirror image).
pub(crate) fn set_up() -> Vec<Piece> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../engine/data/field_manual/setup.txt"),
    )
    .unwrap();
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
pub(crate) struct Rules {
    /// Moves a turn: 3, or 1 in The Long Game.
    pub(crate) moves: u8,
    /// Sniper: a King may be captured, straight or by a pivot route.
    pub(crate) sniper: bool,
    /// `turn-check = loses`: every move offered, an unanswered check mates at
    /// the turn's end.
    pub(crate) loses: bool,
}

impl Rules {
    pub(crate) fn of(mode: &str, turn_check: &str) -> Rules {
        Rules {
            moves: if mode == "long-game" { 1 } else { 3 },
            sniper: mode == "sniper",
            loses: turn_check == "loses",
        }
    }
}

/// The project's ply bound (ruling field-manual.ply-bound).
pub(crate) const PLY_BOUND: u32 = 3000;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RefFm {
    pub(crate) grid: BTreeMap<Pos, Piece>,
    /// The army whose turn it is.
    pub(crate) dragon: bool,
    pub(crate) moves_left: u8,
    /// Marks of the side to act's pieces this turn, by identity: '*' moved,
    /// '~' a Prince that swapped, '^' a royal returned by ransom.
    pub(crate) marks: BTreeMap<Pos, char>,
    /// Captured Princes and Princesses waiting to return.
    pub(crate) pending: BTreeSet<Piece>,
    /// A Squire's square whose promotion choice waits.
    pub(crate) promotion: Option<Pos>,
    /// `dragon-wins:checkmate`, `draw:two-kings`, ...
    pub(crate) result: Option<String>,
    pub(crate) plies: u32,
    pub(crate) rules: Rules,
}

impl RefFm {
    pub(crate) fn start(rules: Rules) -> RefFm {
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
    pub(crate) fn parse(text: &str, rules: Rules) -> RefFm {
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

    pub(crate) fn export(&self) -> String {
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
    pub(crate) fn in_check(&self, dragon: bool) -> bool {
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

/// The reference model checked against facts counted by hand, before it
/// checks the engine.
#[cfg(test)]
mod own_tests {
    use super::*;

    fn position(pieces: &[(&str, &str)], dragon: bool, moves_left: u8, rules: Rules) -> RefFm {
        let mut s = RefFm::start(rules);
        s.grid.clear();
        for &(sq, token) in pieces {
            s.grid.insert(parse_pos(sq).unwrap(), parse_token(token));
        }
        s.dragon = dragon;
        s.moves_left = moves_left;
        s
    }

    #[test]
    fn the_start_has_pawn_steps_and_prince_swaps() {
        let s = RefFm::start(Rules::of("normal", "lookahead"));
        let legal = s.legal_actions();
        // Fourteen Pawns one or two squares forward; the Prince with each of
        // the fourteen Squires; nothing else can move.
        assert_eq!(legal.len(), 28 + 14, "{legal:?}");
        assert!(legal.contains("A3-A5") && legal.contains("H1<>A2"));
        let text = s.export();
        assert!(text.starts_with("ra10,nb10,bc10,abd10,rre10,qf10,kg10,prh10,psi10,"));
        assert!(text.ends_with(
            "/Ra1,Nb1,Bc1,ABd1,RRe1,Qf1,Kg1,PRh1,PSi1,RRj1,ABk1,Bl1,Nm1,Rn1 dragon 3 - - - -"
        ));
        assert_eq!(RefFm::parse(&text, s.rules).export(), text);
    }

    #[test]
    fn pivot_destinations_counted_by_hand() {
        let rules = Rules::of("normal", "lookahead");
        // A Royal Rook alone reaches every other square: 22 straight, the rest
        // by one bend, each once.
        let s = position(&[("E5", "RRe1")], true, 3, rules);
        assert_eq!(s.destinations((4, 4)).len(), 139);
        // An Archbishop alone in a corner: 9 squares on its diagonal, and from
        // the k-th of them min(k, 9-k) squares north-west and min(k, 13-k)
        // south-east: 20 + 36.
        let s = position(&[("A1", "ABd1")], true, 3, rules);
        assert_eq!(s.destinations((0, 0)).len(), 9 + 20 + 36);
        // The bend needs an empty pivot: a Royal Rook on A1 with its own piece
        // on A2 and B1 has no move at all.
        let s = position(
            &[("A1", "RRe1"), ("A2", "SQa2"), ("B1", "Nb1")],
            true,
            3,
            rules,
        );
        assert!(s.destinations((0, 0)).is_empty());
    }

    #[test]
    fn check_must_be_answered_by_the_end_of_the_turn() {
        // The Dragon King on A1 in check from a Tiger Rook on A8; a Dragon Rook
        // on N5 can block on A5.
        let pieces = [
            ("A1", "Kg1"),
            ("N5", "Ra1"),
            ("A8", "ra10"),
            ("N10", "kg10"),
        ];
        let normal = position(&pieces, true, 3, Rules::of("normal", "lookahead"));
        // Three moves: the King steps out (B1, B2; A2 stays on the file), or
        // the Rook goes anywhere (21 squares) and the King steps out after.
        assert_eq!(normal.legal_actions().len(), 2 + 21);
        assert!(!normal.legal_actions().contains("A1-A2"));
        // One move: only what answers the check now.
        let long = position(&pieces, true, 1, Rules::of("long-game", "lookahead"));
        let legal: Vec<String> = long.legal_actions().into_iter().collect();
        assert_eq!(legal, ["A1-B1", "A1-B2", "N5-A5"]);
        // Under `turn-check = loses` every Rook move is offered, and a turn
        // that ends in check is checkmate.
        let loses = position(&pieces, true, 1, Rules::of("long-game", "loses"));
        assert_eq!(loses.legal_actions().len(), 2 + 21);
        assert_eq!(
            loses.play("N5-N4").result.as_deref(),
            Some("tiger-wins:checkmate")
        );
    }

    #[test]
    fn checkmate_is_decided_at_the_turn_s_start() {
        // The Tiger closes the B file: the Dragon King on A1 has no square and
        // nothing else to act.
        let pieces = [
            ("A1", "Kg1"),
            ("A8", "ra10"),
            ("B9", "rn10"),
            ("N10", "kg10"),
        ];
        for mode in ["normal", "long-game"] {
            let s = position(&pieces, false, 1, Rules::of(mode, "lookahead"));
            let after = s.play("B9-B8");
            assert_eq!(
                after.result.as_deref(),
                Some("tiger-wins:checkmate"),
                "{mode}"
            );
        }
        // Without the check it is the draw by no legal action: the King's only
        // squares are covered and nothing else can act.
        let pieces = [
            ("A1", "Kg1"),
            ("C8", "ra10"),
            ("B9", "rn10"),
            ("N10", "kg10"),
        ];
        let s = position(&pieces, false, 1, Rules::of("normal", "lookahead"));
        let after = s.play("C8-C2");
        assert_eq!(after.result.as_deref(), Some("draw:no-legal-action"));
    }

    #[test]
    fn only_sniper_captures_a_king_and_by_a_pivot_route() {
        // A Royal Rook on A1, the Tiger King on C3: no straight line, a bent
        // route A1-A3-C3.
        let pieces = [("A1", "RRe1"), ("N1", "Kg1"), ("C3", "kg10")];
        let sniper = position(&pieces, true, 3, Rules::of("sniper", "lookahead"));
        assert!(sniper.legal_actions().contains("A1-C3"));
        assert_eq!(
            sniper.play("A1-C3").result.as_deref(),
            Some("dragon-wins:king-captured")
        );
        let normal = position(&pieces, true, 3, Rules::of("normal", "lookahead"));
        assert!(!normal.legal_actions().contains("A1-C3"));
        assert!(!normal.in_check(false), "a pivot route is no check");
    }

    #[test]
    fn the_prince_jumps_once_more_after_a_swap_and_the_squire_stays() {
        let s = RefFm::start(Rules::of("normal", "lookahead")).play("H1<>A2");
        assert_eq!(s.moves_left, 2);
        let legal = s.legal_actions();
        // From A2 the Prince jumps over the Pawn to A4 and to C4; no swap again.
        assert!(legal.contains("A2-A4") && legal.contains("A2-C4"));
        assert!(!legal.iter().any(|a| a.contains("<>")), "{legal:?}");
        assert!(
            s.export().contains(" dragon 2 a2,h1~ - - -"),
            "{}",
            s.export()
        );
        let s = s.play("A2-A4");
        assert!(!s.legal_actions().iter().any(|a| a.starts_with("A4-")));
    }
}

/// The engine against this model.
mod versus_engine {
    use std::collections::BTreeSet;

    use tigerseye_engine::field_manual::FieldManual;
    use tigerseye_engine::{Game, GameOptions};

    use super::{RefFm, Rules};

    const READINGS: [(&str, &str); 4] = [
        ("normal", "lookahead"),
        ("long-game", "lookahead"),
        ("sniper", "lookahead"),
        ("normal", "loses"),
    ];

    fn engine(mode: &str, turn_check: &str) -> FieldManual {
        let mut o = <FieldManual as Game>::Options::default();
        o.set("mode", mode).unwrap();
        o.set("turn-check", turn_check).unwrap();
        FieldManual::new(&o)
    }

    fn engine_actions(g: &FieldManual) -> BTreeSet<String> {
        let mut list = Default::default();
        g.legal_actions(&mut list);
        let texts: BTreeSet<String> = list.iter().map(|&a| g.action_text(a)).collect();
        assert_eq!(
            texts.len(),
            list.len(),
            "duplicate actions in {}",
            g.export_string()
        );
        texts
    }

    /// A small deterministic generator (the engine has no RNG and the model
    /// wants none of the harness's).
    fn next(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        *seed >> 33
    }

    #[test]
    fn field_manual_random_games_agree_with_the_reference_model() {
        let plies = std::env::var("FM_REF_PLIES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(150);
        let games = std::env::var("FM_REF_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(3);
        for (mode, turn_check) in READINGS {
            for game in 0..games {
                let mut seed = 0x5eed_0004 + game;
                let mut g = engine(mode, turn_check);
                let mut r = RefFm::start(Rules::of(mode, turn_check));
                for ply in 0..plies {
                    let at = format!(
                        "{mode}/{turn_check} game {game} ply {ply}: {}",
                        g.export_string()
                    );
                    assert_eq!(g.export_string(), r.export(), "{at}");
                    let mine = engine_actions(&g);
                    assert_eq!(mine, r.legal_actions(), "{at}");
                    // The export reads back to the same state and actions.
                    let back = FieldManual::import(&g.export_string(), g.options()).unwrap();
                    assert_eq!(back, g, "{at}");
                    if mine.is_empty() {
                        break;
                    }
                    let list: Vec<&String> = mine.iter().collect();
                    let pick = list[(next(&mut seed) as usize) % list.len()].clone();
                    g.play(g.parse_action(&pick).unwrap()).unwrap();
                    r = r.play(&pick);
                    g.check_invariants()
                        .unwrap_or_else(|e| panic!("{at} {pick}: {e}"));
                    assert_eq!(g.hash(), g.recompute_hash(), "{at} {pick}");
                }
            }
        }
    }

    /// Random games from thinned set-ups: open lines, early checks, captured
    /// royals, Squires near promotion.
    #[test]
    fn field_manual_thinned_games_agree_with_the_reference_model() {
        let games = std::env::var("FM_REF_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(6);
        for (mode, turn_check) in READINGS {
            let rules = Rules::of(mode, turn_check);
            for game in 0..games {
                let mut seed = 0x7417_0004 + game;
                let mut r = RefFm::start(rules);
                let keep = 2 + next(&mut seed) % 5; // keep 2/8 .. 6/8 of the pieces
                r.grid
                    .retain(|_, p| p.kind == "K" || next(&mut seed) % 8 < keep);
                // Move a few Squires and Pawns forward, and some pieces about.
                let squares: Vec<_> = r.grid.keys().copied().collect();
                for sq in squares {
                    if next(&mut seed).is_multiple_of(3) {
                        let to = ((next(&mut seed) % 14) as i32, (next(&mut seed) % 10) as i32);
                        if !r.grid.contains_key(&to) {
                            let p = r.grid.remove(&sq).unwrap();
                            r.grid.insert(to, p);
                        }
                    }
                }
                if r.in_check(false) {
                    continue;
                }
                r.settle();
                let mut g = match FieldManual::import(
                    &r.export(),
                    &engine(mode, turn_check).options().clone(),
                ) {
                    Ok(g) => g,
                    Err(e) => panic!("{e}"),
                };
                for ply in 0..120 {
                    let at = format!(
                        "thinned {mode}/{turn_check} game {game} ply {ply}: {}",
                        r.export()
                    );
                    assert_eq!(g.export_string(), r.export(), "{at}");
                    let mine = engine_actions(&g);
                    assert_eq!(mine, r.legal_actions(), "{at}");
                    if mine.is_empty() {
                        break;
                    }
                    let list: Vec<&String> = mine.iter().collect();
                    let pick = list[(next(&mut seed) as usize) % list.len()].clone();
                    g.play(g.parse_action(&pick).unwrap()).unwrap();
                    r = r.play(&pick);
                    g.check_invariants()
                        .unwrap_or_else(|e| panic!("{at} {pick}: {e}"));
                    assert_eq!(g.hash(), g.recompute_hash(), "{at} {pick}");
                }
            }
        }
    }

    /// The perft table: every depth up to `FM_REFERENCE_NODE_LIMIT` nodes
    /// (100,000 unless set) recounted by this model, and every row by turn up
    /// to as many sequences.
    #[test]
    fn field_manual_perft_table_agrees_with_the_reference_model() {
        let limit = crate::perft_recount::node_limit("FM_REFERENCE_NODE_LIMIT", 100_000);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/perft/field-manual.toml");
        let file = tigerseye_conformance::corpus::load_perft(&path).unwrap();
        for table in &file.tables {
            let mut o = <FieldManual as Game>::Options::default();
            for (k, v) in &table.options {
                o.set(k, v).unwrap();
            }
            let start = match &table.position {
                Some(p) => FieldManual::import(p, &o).unwrap(),
                None => FieldManual::new(&o),
            };
            let mode = o.get("mode").unwrap();
            let turn_check = o.get("turn-check").unwrap();
            let mut reference = RefFm::parse(&start.export_string(), Rules::of(mode, turn_check));
            reference.settle_if_at_start();
            crate::perft_recount::recount(&table.name, &table.nodes, limit, 2, &start, |depth| {
                reference.perft(depth)
            });
            recount_turns(table, limit, &start, &reference);
        }
    }

    /// A table's rows by turn, each depth whose count of sequences is within
    /// `limit`: the sequences by the model's and the harness's perft by turn,
    /// the distinct positions by the model's (told apart by their text) and
    /// the harness's (by the engine's equality) level-by-level walks.
    fn recount_turns(
        table: &tigerseye_conformance::corpus::PerftTable,
        limit: u64,
        start: &FieldManual,
        reference: &RefFm,
    ) {
        use tigerseye_conformance::search::{perft_turns, turn_positions_within};
        let name = &table.name;
        let depths = table.turns.iter().take_while(|&&n| n <= limit).count();
        for (d, &n) in (1..).zip(&table.turns[..depths]) {
            assert_eq!(reference.perft_turns(d), n, "{name} turn depth {d}");
            assert_eq!(perft_turns(start, d), n, "{name} turn depth {d}");
        }
        let walked = depths.min(table.turn_positions.len());
        if walked == 0 {
            return;
        }
        let rows = &table.turn_positions[..walked];
        assert_eq!(
            reference.turn_positions(walked as u32),
            rows,
            "{name} turn positions"
        );
        assert_eq!(
            turn_positions_within(start, walked as u32, u64::MAX).as_deref(),
            Some(rows),
            "{name} turn positions"
        );
    }

    /// Every table of the Field Manual's counts by turn, at least its first
    /// turn, and the distinct positions after it.
    #[test]
    fn field_manual_perft_table_has_rows_by_turn() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/perft/field-manual.toml");
        let file = tigerseye_conformance::corpus::load_perft(&path).unwrap();
        for table in &file.tables {
            assert!(
                !table.turns.is_empty() && !table.turn_positions.is_empty(),
                "{}: no rows by turn",
                table.name
            );
        }
    }

    #[test]
    fn field_manual_perft_agrees_with_the_reference_model() {
        for (mode, turn_check) in READINGS {
            let g = engine(mode, turn_check);
            let r = RefFm::start(Rules::of(mode, turn_check));
            for depth in 1..=2 {
                assert_eq!(
                    tigerseye_conformance::search::perft(&g, depth),
                    r.perft(depth),
                    "{mode}/{turn_check} perft {depth}"
                );
            }
        }
    }
}
