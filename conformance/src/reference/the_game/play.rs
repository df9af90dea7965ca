//! The reference model's actions: every piece tried against every square of
//! every board, the Dragon's strikes, the Warrior's promotions and en passant,
//! the pending choice after an ArchMagus's capture; applying them; their text.

use super::{Act, Mode, PLY_BOUND, Pending, Piece, RefGame, Sq};

/// The kinds a Warrior may become (ruling the-game.warrior-promotion).
const PROMOTIONS: &str = "ABCDEFGHILMNOPQRSTUVXYZ";

impl RefGame {
    fn squares(&self) -> Vec<Sq> {
        let mut all = Vec::new();
        for (b, board) in self.boards.iter().enumerate() {
            for f in 0..board.files {
                for r in 0..board.ranks {
                    all.push((b, f, r));
                }
            }
        }
        all
    }

    /// Every legal action, in no particular order.
    #[must_use]
    pub fn actions(&self) -> Vec<Act> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        if let Some(pending) = self.pending {
            out.push(Act::Kill);
            if pending.from_astral {
                out.push(Act::Return);
            } else {
                for sq in self.squares() {
                    if sq.0 == self.astral && !self.pieces.contains_key(&sq) {
                        out.push(Act::Send(sq));
                    }
                }
            }
            return out;
        }
        let all = self.squares();
        for (&from, &p) in &self.pieces {
            if p.gold != self.gold_to_move || self.frozen(from, p) {
                continue;
            }
            for &to in &all {
                let mode = self.mode(p, from, to);
                let target = self.pieces.get(&to);
                let ok = match target {
                    Some(t) if t.gold == p.gold => false,
                    Some(_) => matches!(mode, Mode::Capture | Mode::Both),
                    None => matches!(mode, Mode::Move | Mode::Both),
                };
                // En passant: a Warrior's diagonal step onto the square a
                // Warrior's two-square move has just passed.
                let fwd = if p.gold { 1 } else { -1 };
                let en_passant = p.letter == 'W'
                    && from.0 == self.ground
                    && self.ep == Some(to)
                    && (to.1 - from.1).abs() == 1
                    && to.2 - from.2 == fwd;
                if !ok && !en_passant {
                    continue;
                }
                let go = |strike, promo, en_passant| Act::Go {
                    from,
                    to,
                    strike,
                    promo,
                    en_passant,
                };
                if en_passant {
                    out.push(go(None, None, Some((to.0, to.1, to.2 - fwd))));
                    continue;
                }
                let far = if p.gold { 7 } else { 0 };
                if p.letter == 'W' && to.0 == self.ground && to.2 == far {
                    for c in PROMOTIONS.chars() {
                        out.push(go(None, Some(c), None));
                    }
                    continue;
                }
                out.push(go(None, None, None));
                // The Dragon's strike after a move on the Sky (ruling
                // the-game.dragon-strike): one enemy piece on the nine Ground
                // squares below its new square.
                if p.letter == 'D' && from.0 == self.sky && to.0 == self.sky {
                    for df in -1..=1 {
                        for dr in -1..=1 {
                            let s = (self.ground, to.1 + df, to.2 + dr);
                            if self.inside(s)
                                && self.pieces.get(&s).is_some_and(|q| q.gold != p.gold)
                            {
                                out.push(go(Some(s), None, None));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Applies a legal action.
    pub fn apply(&mut self, act: Act) {
        self.ply += 1;
        match act {
            Act::Kill => self.end_turn(),
            Act::Send(sq) => {
                let pending = self.pending.unwrap();
                self.pieces.insert(sq, pending.piece);
                self.returns.insert(sq, pending.ret);
                self.end_turn();
            }
            Act::Return => {
                let pending = self.pending.unwrap();
                self.pieces.insert(pending.ret, pending.piece);
                self.end_turn();
            }
            Act::Go {
                from,
                to,
                strike,
                promo,
                en_passant,
            } => {
                let mut p = self.pieces.remove(&from).unwrap();
                let kept = self.returns.remove(&from);
                let captured = self.pieces.remove(&to);
                let captured_ret = self.returns.remove(&to);
                let mut taken: Vec<Piece> = captured.into_iter().collect();
                if let Some(s) = strike.or(en_passant) {
                    taken.push(self.pieces.remove(&s).unwrap());
                }
                if let Some(c) = promo {
                    p.letter = c;
                }
                self.pieces.insert(to, p);
                if let (Some(r), true) = (kept, to.0 == self.astral) {
                    self.returns.insert(to, r);
                }
                let double = p.letter == 'W' && from.0 == self.ground && (to.2 - from.2).abs() == 2;
                self.ep = double.then_some((from.0, from.1, (from.2 + to.2) / 2));
                if taken.iter().any(|t| t.letter == 'K') {
                    self.over = true;
                    return;
                }
                // The ArchMagus's choice (ruling the-game.send-to-astral).
                let magic = p.letter == 'Q' && (self.is_mana(from.0) || from.0 == self.astral);
                if let (true, Some(c)) = (magic, captured) {
                    let ret = captured_ret.unwrap_or(to);
                    let pending = if from.0 == self.astral {
                        (captured_ret.is_some() && !self.pieces.contains_key(&ret)).then_some(
                            Pending {
                                from_astral: true,
                                piece: c,
                                ret,
                            },
                        )
                    } else {
                        let free = self
                            .squares()
                            .into_iter()
                            .any(|s| s.0 == self.astral && !self.pieces.contains_key(&s));
                        free.then_some(Pending {
                            from_astral: false,
                            piece: c,
                            ret,
                        })
                    };
                    if pending.is_some() {
                        self.pending = pending;
                        self.check_bound();
                        return;
                    }
                }
                self.end_turn();
            }
        }
    }

    fn end_turn(&mut self) {
        self.pending = None;
        self.gold_to_move = !self.gold_to_move;
        self.check_bound();
    }

    fn check_bound(&mut self) {
        if self.ply >= PLY_BOUND {
            self.over = true;
        }
    }

    /// The action in the engine's notation: `SG1-SH1`, `SD2xSI7`,
    /// `SG1-SG3xGH4` (a Dragon's strike), `GC7-GC8=Q`, `kill`, `send AC3`,
    /// `return`.
    #[must_use]
    pub fn text(&self, act: Act) -> String {
        match act {
            Act::Kill => "kill".to_owned(),
            Act::Return => "return".to_owned(),
            Act::Send(sq) => format!("send {}", self.name(sq)),
            Act::Go {
                from,
                to,
                strike,
                promo,
                en_passant,
            } => {
                let x = if self.pieces.contains_key(&to) || en_passant.is_some() {
                    'x'
                } else {
                    '-'
                };
                let mut s = format!("{}{x}{}", self.name(from), self.name(to));
                if let Some(sq) = strike {
                    s.push('x');
                    s.push_str(&self.name(sq));
                }
                if let Some(c) = promo {
                    s.push('=');
                    s.push(c);
                }
                s
            }
        }
    }

    /// The texts of every legal action, sorted.
    #[must_use]
    pub fn action_texts(&self) -> Vec<String> {
        let mut t: Vec<String> = self.actions().into_iter().map(|a| self.text(a)).collect();
        t.sort();
        t
    }

    /// The leaves `depth` actions deep.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let acts = self.actions();
        if depth == 1 {
            return acts.len() as u64;
        }
        acts.into_iter()
            .map(|a| {
                let mut next = self.clone();
                next.apply(a);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// Gold's pieces shown as the engine's position text would show the
    /// board `b`: for messages.
    #[must_use]
    pub fn board_text(&self, b: usize) -> String {
        let board = &self.boards[b];
        let mut s = String::new();
        for r in (0..board.ranks).rev() {
            for f in 0..board.files {
                let sq = (b, f, r);
                s.push(match (self.pieces.get(&sq), self.djinn.contains(&sq)) {
                    (Some(p), _) => p.text(),
                    (None, true) => 'J',
                    (None, false) => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}
