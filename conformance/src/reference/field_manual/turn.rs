//! The reference model's turn: ransoms first, moves by pieces that have not
//! moved (the Prince once more after a swap), the promotion choice, the pass,
//! the end of the turn, and the turn-level check rule as a plain search over
//! every continuation of the turn.

use std::collections::{BTreeMap, BTreeSet};

use super::{Piece, Pos, RANKS, RefFm, name, parse_pos, set_up};

const RESTORABLE: [&str; 6] = ["R", "RR", "N", "B", "AB", "Q"];

fn army(dragon: bool) -> &'static str {
    if dragon { "dragon" } else { "tiger" }
}

fn sacrificeable(kind: &str) -> bool {
    matches!(kind, "P" | "SQ" | "R" | "RR" | "N" | "B" | "AB")
}

impl RefFm {
    pub(crate) fn over(&self) -> bool {
        self.result.is_some()
    }

    fn pending_of(&self, dragon: bool) -> Vec<Piece> {
        self.pending
            .iter()
            .copied()
            .filter(|p| p.dragon == dragon)
            .collect()
    }

    fn sacrifices(&self) -> Vec<Pos> {
        self.grid
            .iter()
            .filter(|(_, p)| p.dragon == self.dragon && sacrificeable(p.kind))
            .map(|(&sq, _)| sq)
            .collect()
    }

    /// The side to act's pieces of the set-up neither on the board nor waiting
    /// for ransom, in set-up order.
    fn off_board(&self) -> Vec<Piece> {
        set_up()
            .into_iter()
            .filter(|p| p.dragon == self.dragon)
            .filter(|p| !self.grid.values().any(|q| q == p) && !self.pending.contains(p))
            .collect()
    }

    /// Every action the pieces' rules allow, before the turn-level check rule.
    pub(crate) fn pseudo_actions(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.over() {
            return out;
        }
        if self.promotion.is_some() {
            let off = self.off_board();
            for k in RESTORABLE {
                if off.iter().any(|p| p.kind == k) {
                    out.insert(format!("={k}"));
                }
            }
            return out;
        }
        let pending = self.pending_of(self.dragon);
        if !pending.is_empty() {
            for r in pending {
                for sq in self.sacrifices() {
                    out.insert(format!("{}@{}", r.kind, name(sq)));
                }
            }
            return out;
        }
        let far = if self.dragon { RANKS - 1 } else { 0 };
        for (&from, p) in &self.grid {
            if p.dragon != self.dragon {
                continue;
            }
            let mark = self.marks.get(&p.home).copied();
            match mark {
                None => {}
                Some('~') => {} // the Prince after his swap: one more jump
                Some(_) => continue,
            }
            for to in self.destinations(from) {
                let target = self.grid.get(&to);
                if target.is_some_and(|q| q.kind == "K") && !self.rules.sniper {
                    continue;
                }
                if p.kind == "K" {
                    let mut after = self.clone();
                    after.grid.remove(&from);
                    after.grid.insert(to, *p);
                    if after.attacked(to, !self.dragon) {
                        continue;
                    }
                }
                out.insert(format!("{}-{}", name(from), name(to)));
            }
            if p.kind == "PR" && mark.is_none() && from.1 != far {
                for (&sq, q) in &self.grid {
                    if q.dragon == self.dragon && q.kind == "SQ" {
                        out.insert(format!("{}<>{}", name(from), name(sq)));
                    }
                }
            }
        }
        out
    }

    /// Applies `action` within the turn: no end of turn, no ply count.
    fn raw(&self, action: &str) -> RefFm {
        let mut s = self.clone();
        if let Some(k) = action.strip_prefix('=') {
            let at = s.promotion.take().unwrap();
            let restored = s.off_board().into_iter().find(|p| p.kind == k).unwrap();
            s.grid.insert(at, restored);
            // The restored piece has made the Squire's move.
            s.marks.insert(restored.home, '*');
        } else if let Some((k, sq)) = action.split_once('@') {
            let at = parse_pos(sq).unwrap();
            let royal = s
                .pending_of(s.dragon)
                .into_iter()
                .find(|p| p.kind == k)
                .unwrap();
            s.pending.remove(&royal);
            s.grid.insert(at, royal);
            s.marks.insert(royal.home, '^');
            s.moves_left -= 1;
        } else if let Some((a, b)) = action.split_once("<>") {
            let (a, b) = (parse_pos(a).unwrap(), parse_pos(b).unwrap());
            let (prince, squire) = (s.grid[&a], s.grid[&b]);
            s.grid.insert(a, squire);
            s.grid.insert(b, prince);
            s.marks.insert(prince.home, '~');
            s.marks.insert(squire.home, '*');
            s.moves_left -= 1;
        } else {
            let (a, b) = action.split_once('-').unwrap();
            let (from, to) = (parse_pos(a).unwrap(), parse_pos(b).unwrap());
            let p = s.grid.remove(&from).unwrap();
            if let Some(taken) = s.grid.insert(to, p) {
                if taken.kind == "K" {
                    s.result = Some(format!("{}-wins:king-captured", army(s.dragon)));
                }
                if taken.kind == "PR" || taken.kind == "PS" {
                    s.pending.insert(taken);
                }
            }
            s.marks.insert(p.home, '*');
            s.moves_left -= 1;
            let far = if s.dragon { RANKS - 1 } else { 0 };
            if p.kind == "SQ"
                && to.1 == far
                && s.off_board().iter().any(|q| RESTORABLE.contains(&q.kind))
            {
                s.promotion = Some(to);
            }
        }
        if s.result.is_none() && s.grid.len() == 2 && s.grid.values().all(|p| p.kind == "K") {
            s.result = Some("draw:two-kings".to_owned());
        }
        // A royal whose return finds no sacrifice stays out of play.
        if !s.pending_of(s.dragon).is_empty() && s.sacrifices().is_empty() {
            let mine = s.pending_of(s.dragon);
            for r in mine {
                s.pending.remove(&r);
            }
        }
        s
    }

    /// Whether some continuation of the turn (the pass included, when nothing
    /// else is left) ends it with the side to act's King out of check: the
    /// plain search of the turn-level check rule.
    pub(crate) fn can_end_safe(&self) -> bool {
        if let Some(r) = &self.result {
            return !r.starts_with(army(!self.dragon));
        }
        if self.promotion.is_none() && self.moves_left == 0 {
            return !self.in_check(self.dragon);
        }
        if self.promotion.is_none() && !self.in_check(self.dragon) {
            // Nothing is to answer now: passing (or any move that keeps it so)
            // ends the turn safe; a move is still needed if one is legal, and a
            // legal one exists exactly when some continuation ends safe.
            return true;
        }
        for a in self.pseudo_actions() {
            if self.raw(&a).can_end_safe() {
                return true;
            }
        }
        false
    }

    /// The legal actions, sorted.
    #[must_use]
    pub fn legal_actions(&self) -> BTreeSet<String> {
        if self.over() {
            return BTreeSet::new();
        }
        let pseudo = self.pseudo_actions();
        let legal: BTreeSet<String> = if self.rules.loses {
            pseudo
        } else {
            pseudo
                .into_iter()
                .filter(|a| self.raw(a).can_end_safe())
                .collect()
        };
        if legal.is_empty() && self.promotion.is_none() {
            return ["pass".to_owned()].into();
        }
        legal
    }

    /// Applies a legal `action`: the turn ends after its last move (and any
    /// promotion choice) or a pass; the next turn's start decides checkmate and
    /// the draw by no legal action.
    #[must_use]
    pub fn play(&self, action: &str) -> RefFm {
        assert!(
            self.legal_actions().contains(action),
            "{action} is not legal in {}",
            self.export()
        );
        self.play_listed(action)
    }

    /// [`RefFm::play`] of an action just taken from [`RefFm::legal_actions`]
    /// (the counts walk every listed action; asking again is only slower).
    fn play_listed(&self, action: &str) -> RefFm {
        let mut s = if action == "pass" {
            self.clone()
        } else {
            self.raw(action)
        };
        s.plies += 1;
        if s.result.is_none() && s.promotion.is_none() && (action == "pass" || s.moves_left == 0) {
            s.end_turn();
        }
        if s.result.is_none() && s.plies >= super::PLY_BOUND {
            s.result = Some("draw:ply-bound".to_owned());
        }
        s
    }

    fn end_turn(&mut self) {
        if self.in_check(self.dragon) {
            assert!(self.rules.loses, "a turn ends in check: {}", self.export());
            self.result = Some(format!("{}-wins:checkmate", army(!self.dragon)));
            return;
        }
        self.dragon = !self.dragon;
        self.moves_left = self.rules.moves;
        self.marks.clear();
        if self.sacrifices().is_empty() {
            let mine = self.pending_of(self.dragon);
            for r in mine {
                self.pending.remove(&r);
            }
        }
        self.settle();
    }

    /// [`RefFm::settle`] when the state stands at a turn's start (all moves
    /// left, nothing marked, no promotion waiting): what the engine does on
    /// reading a position.
    pub fn settle_if_at_start(&mut self) {
        if self.result.is_none()
            && self.moves_left == self.rules.moves
            && self.marks.is_empty()
            && self.promotion.is_none()
        {
            self.settle();
        }
    }

    /// At a turn's start: checkmate when no sequence can leave the King safe,
    /// the draw when nothing can act.
    pub fn settle(&mut self) {
        if !self.can_end_safe() {
            self.result = Some(format!("{}-wins:checkmate", army(!self.dragon)));
        } else if self.legal_actions().contains("pass") {
            self.result = Some("draw:no-legal-action".to_owned());
        }
    }

    /// Leaves after `depth` actions.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal_actions();
        if depth == 1 {
            // The leaves are the listed actions.
            return legal.len() as u64;
        }
        legal
            .iter()
            .map(|a| self.play_listed(a).perft(depth - 1))
            .sum()
    }

    /// The distinct positions (by their position text) at the end of each of
    /// the first `depth` whole turns, level by level: the positions of one
    /// level are the ends of every turn from the positions of the last.
    #[must_use]
    pub fn turn_positions(&self, depth: u32) -> Vec<u64> {
        let mut level = BTreeMap::from([(self.export(), self.clone())]);
        let mut counts = Vec::new();
        for _ in 0..depth {
            let mut next = BTreeMap::new();
            for s in level.values() {
                s.turn_ends(&mut next);
            }
            counts.push(next.len() as u64);
            level = next;
        }
        counts
    }

    /// Every position the turn under way can end in, by its text.
    fn turn_ends(&self, out: &mut BTreeMap<String, RefFm>) {
        for a in self.legal_actions() {
            let next = self.play_listed(&a);
            if next.over() || next.dragon != self.dragon {
                out.entry(next.export()).or_insert(next);
            } else {
                next.turn_ends(out);
            }
        }
    }

    /// Leaves after `depth` whole turns (a battle that ends completes its turn).
    #[must_use]
    pub fn perft_turns(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_actions()
            .iter()
            .map(|a| {
                let next = self.play_listed(a);
                if next.over() || next.dragon != self.dragon {
                    if depth == 1 {
                        1
                    } else if next.over() {
                        0
                    } else {
                        next.perft_turns(depth - 1)
                    }
                } else {
                    next.perft_turns(depth)
                }
            })
            .sum()
    }
}
