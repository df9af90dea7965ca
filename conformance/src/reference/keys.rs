//! The reference model of the key-square Facets (seed 002: Ambush in the Forest,
//! DiamondQi, Crystal of Doom, Star-Lords), default rulings, as plainly as
//! possible: a grid, moves stepped out, outcomes decided in the order the seed
//! states them.

use super::grid::{Grid, Kind, Mv, RefMove};

/// A position as repetition compares it: the board, the side to move, the en
/// passant square.
type Seen = (Grid, usize, Option<(i32, i32)>);

/// One key-square game's rules.
pub(super) struct KeyRules {
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) key: (i32, i32),
    pub(super) kinds: &'static [Kind],
    /// Hold or Win the Key (the holder must be captured) rather than Secure or
    /// Capture it (the Key must be attacked).
    pub(super) must_capture: bool,
}

/// A game in progress. `over` is `Some(winner)` once decided (`Some(None)` a draw).
#[derive(Clone)]
pub(super) struct RefKey {
    pub(super) rules: &'static KeyRules,
    pub(super) grid: Grid,
    pub(super) to_move: usize,
    pub(super) coin: bool,
    pub(super) ep: Option<(i32, i32)>,
    pub(super) over: Option<Option<usize>>,
    seen: Vec<Seen>,
}

impl RefKey {
    /// From an export line: `<board> <green|red|coin> ...`.
    pub(super) fn from_export(rules: &'static KeyRules, text: &str) -> RefKey {
        let mut fields = text.split_whitespace();
        let grid = Grid::parse(fields.next().unwrap(), rules.w, rules.h, rules.kinds);
        let turn = fields.next().unwrap();
        let to_move = usize::from(turn == "red");
        let ep = fields
            .find_map(|t| t.strip_prefix("ep:"))
            .and_then(super::grid::square);
        RefKey {
            rules,
            seen: vec![(grid.clone(), to_move, ep)],
            grid,
            to_move,
            coin: turn == "coin",
            ep,
            over: None,
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        self.rules.kinds
    }

    /// Whether `side` has a piece that may take the Key standing on it.
    fn holds(&self, side: usize) -> bool {
        self.grid
            .get(self.rules.key)
            .is_some_and(|(s, k)| s == side && self.kinds()[k].takes_key)
    }

    fn attacks_key(&self, grid: &Grid, side: usize) -> bool {
        grid.attacks(side, self.rules.key, self.kinds(), Some(self.rules.key))
    }

    /// Whether one of `side`'s Key-taking pieces could ever stand on the Key by its
    /// movement alone.
    fn can_reach(&self, side: usize) -> bool {
        let (kf, kr) = self.rules.key;
        self.grid
            .squares()
            .any(|(f, r)| match self.grid.get((f, r)) {
                Some((s, k)) if s == side && self.kinds()[k].takes_key => {
                    match self.kinds()[k].mv {
                        Mv::QueensLancer | Mv::Bishop => (f + r) % 2 == (kf + kr) % 2,
                        Mv::Pawn { .. } => {
                            let ahead = if side == 1 { kr - r } else { r - kr };
                            ahead >= 0 && (f - kf).abs() <= ahead
                        }
                        Mv::King | Mv::KingsLancer | Mv::Knight | Mv::CloakedPrince | Mv::Rook => {
                            true
                        }
                    }
                }
                _ => false,
            })
    }

    fn moves_for(&self, grid: &Grid, side: usize, ep: Option<(i32, i32)>) -> Vec<RefMove> {
        let mut out = Vec::new();
        for at in grid.squares() {
            if grid.get(at).is_some_and(|p| p.0 == side) {
                for to in grid.moves_of(at, self.kinds(), Some(self.rules.key), ep) {
                    out.push((at, to, None));
                }
            }
        }
        out
    }

    /// The legal actions: the coin's two outcomes (`None`), or moves.
    pub(super) fn actions(&self) -> Vec<Option<RefMove>> {
        if self.coin {
            return vec![None, None];
        }
        if self.over.is_some() {
            return Vec::new();
        }
        self.moves_for(&self.grid, self.to_move, self.ep)
            .into_iter()
            .map(Some)
            .collect()
    }

    /// Plays the coin's `i`-th outcome or a move.
    pub(super) fn play(&mut self, action: Option<RefMove>, coin_outcome: usize) {
        let Some(mv) = action else {
            self.coin = false;
            self.to_move = coin_outcome;
            self.seen = vec![(self.grid.clone(), self.to_move, None)];
            return;
        };
        let me = self.to_move;
        let you = 1 - me;
        let they_held = self.holds(you);
        let pawn = matches!(
            self.kinds()[self.grid.get(mv.0).unwrap().1].mv,
            Mv::Pawn { .. }
        );
        let captured = self.grid.make(mv, self.kinds(), self.ep);
        let you_left = self.grid.has_pieces(you);
        self.ep = None;
        if pawn && (mv.1.1 - mv.0.1).abs() == 2 && you_left {
            self.ep = Some((mv.0.0, (mv.0.1 + mv.1.1) / 2));
        }
        if you_left {
            self.to_move = you;
        }
        self.over = self.decide(me, they_held, captured, pawn);
        if captured || pawn {
            self.seen = vec![(self.grid.clone(), self.to_move, self.ep)];
        } else {
            let pos = (self.grid.clone(), self.to_move, self.ep);
            let n = self.seen.iter().filter(|p| **p == pos).count() + 1;
            self.seen.push(pos);
            if n >= 3 && self.over.is_none() {
                self.over = Some(None);
            }
        }
    }

    fn decide(
        &self,
        me: usize,
        they_held: bool,
        captured: bool,
        pawn: bool,
    ) -> Option<Option<usize>> {
        let you = 1 - me;
        // The holder survived the opponent's turn: he must capture (Hold, Win) or
        // keep the Key attacked (Secure, Capture).
        if they_held
            && self.holds(you)
            && (self.rules.must_capture || !self.attacks_key(&self.grid, me))
        {
            return Some(Some(you));
        }
        let you_left = self.grid.has_pieces(you);
        if self.holds(me) {
            if !you_left {
                return Some(Some(me));
            }
            // At once when the opponent cannot answer.
            let answer = if self.rules.must_capture {
                self.attacks_key(&self.grid, you)
            } else {
                self.attacks_key(&self.grid, you)
                    || self
                        .moves_for(&self.grid, you, self.ep)
                        .into_iter()
                        .any(|mv| {
                            let mut g = self.grid.clone();
                            g.make(mv, self.kinds(), self.ep);
                            self.attacks_key(&g, you)
                        })
            };
            if !answer {
                return Some(Some(me));
            }
        }
        if !you_left && !self.can_reach(me) {
            return Some(None);
        }
        if (captured || pawn) && !self.can_reach(0) && !self.can_reach(1) {
            return Some(None);
        }
        None
    }

    /// Whether the game has ended: decided, or the side to move has no move. Then
    /// the winner (`None` a draw).
    pub(super) fn result(&self) -> Option<Option<usize>> {
        if self.coin {
            return None;
        }
        if let Some(o) = self.over {
            return Some(o);
        }
        if self.actions().is_empty() {
            let you = 1 - self.to_move;
            return Some(if self.holds(you) { Some(you) } else { None });
        }
        None
    }

    pub(super) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.actions();
        actions
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let mut child = self.clone();
                child.play(a, i);
                child.perft(depth - 1)
            })
            .sum()
    }
}

pub(super) const AMBUSH: KeyRules = KeyRules {
    w: 5,
    h: 5,
    key: (2, 2),
    kinds: &[
        Kind {
            letter: 'K',
            mv: Mv::KingsLancer,
            takes_key: true,
        },
        Kind {
            letter: 'Q',
            mv: Mv::QueensLancer,
            takes_key: true,
        },
        Kind {
            letter: 'N',
            mv: Mv::Knight,
            takes_key: true,
        },
    ],
    must_capture: true,
};

pub(super) const QI: KeyRules = KeyRules {
    w: 7,
    h: 7,
    key: (3, 3),
    kinds: &[
        Kind {
            letter: 'S',
            mv: Mv::King,
            takes_key: true,
        },
        Kind {
            letter: 'T',
            mv: Mv::Rook,
            takes_key: false,
        },
        Kind {
            letter: 'K',
            mv: Mv::Knight,
            takes_key: false,
        },
        Kind {
            letter: 'N',
            mv: Mv::Bishop,
            takes_key: false,
        },
        Kind {
            letter: 'A',
            mv: Mv::Rook,
            takes_key: false,
        },
        Kind {
            letter: 'P',
            mv: Mv::Pawn { double: false },
            takes_key: false,
        },
    ],
    must_capture: true,
};

pub(super) const CRYSTAL: KeyRules = KeyRules {
    w: 9,
    h: 9,
    key: (4, 4),
    kinds: &[
        Kind {
            letter: 'C',
            mv: Mv::CloakedPrince,
            takes_key: true,
        },
        Kind {
            letter: 'J',
            mv: Mv::King,
            takes_key: true,
        },
        Kind {
            letter: 'A',
            mv: Mv::Bishop,
            takes_key: true,
        },
        Kind {
            letter: 'L',
            mv: Mv::Knight,
            takes_key: true,
        },
        Kind {
            letter: 'R',
            mv: Mv::Rook,
            takes_key: true,
        },
        Kind {
            letter: 'V',
            mv: Mv::Pawn { double: true },
            takes_key: true,
        },
    ],
    must_capture: false,
};

pub(super) const STAR_LORDS: KeyRules = KeyRules {
    w: 11,
    h: 11,
    key: (5, 5),
    kinds: &[
        Kind {
            letter: 'L',
            mv: Mv::King,
            takes_key: true,
        },
        Kind {
            letter: 'C',
            mv: Mv::Rook,
            takes_key: false,
        },
        Kind {
            letter: 'N',
            mv: Mv::Bishop,
            takes_key: false,
        },
        Kind {
            letter: 'E',
            mv: Mv::Knight,
            takes_key: false,
        },
        Kind {
            letter: 'O',
            mv: Mv::Pawn { double: false },
            takes_key: false,
        },
    ],
    must_capture: false,
};

/// The rules of `game`, when it is a key-square Facet.
pub(super) fn rules_of(game: tigerseye_engine::GameId) -> Option<&'static KeyRules> {
    super::KEY_GAMES
        .iter()
        .find(|(g, _)| *g == game)
        .map(|&(_, r)| r)
}
