//! The reference model of DiamondQuest and DiamondChess (seed 002), default
//! rulings: pseudo-moves stepped out, each tried on a copy and kept when the
//! mover's Princess is not attacked afterwards; Towering by Western Chess's
//! castling conditions; promotion to Knight, Noble or Aristocrat.

use super::grid::{Grid, Kind, Mv, RefMove};

pub(super) const KINDS: &[Kind] = &[
    Kind {
        letter: 'S',
        mv: Mv::King,
        takes_key: false,
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
];
const PRINCESS: usize = 0;
const TOWER: usize = 1;
const PIKEMAN: usize = 5;

/// Towering rights: (side, corner file): Red A1, Red G1, Green A7, Green G7.
const RIGHTS: [(usize, i32); 4] = [(1, 0), (1, 6), (0, 0), (0, 6)];

/// A position as repetition compares it: the board, the side to move, the
/// Towering rights, the en passant square.
type Seen = (Grid, usize, [bool; 4], Option<(i32, i32)>);

#[derive(Clone)]
pub(super) struct RefHunt {
    pub(super) grid: Grid,
    pub(super) to_move: usize,
    pub(super) coin: bool,
    pub(super) double: bool,
    pub(super) rights: [bool; 4],
    pub(super) ep: Option<(i32, i32)>,
    /// Drawn by repetition or a dead position.
    pub(super) drawn: bool,
    seen: Vec<Seen>,
}

fn home(side: usize) -> i32 {
    if side == 1 { 0 } else { 6 }
}

impl RefHunt {
    /// From an export line `<board> <green|red|coin> [towering:<corners>]
    /// [ep:<square>]`.
    pub(super) fn from_export(text: &str, double: bool) -> RefHunt {
        let mut fields = text.split_whitespace();
        let grid = Grid::parse(fields.next().unwrap(), 7, 7, KINDS);
        let turn = fields.next().unwrap();
        let to_move = usize::from(turn == "red");
        let mut rights = [false; 4];
        let mut ep = None;
        for token in fields {
            if let Some(list) = token.strip_prefix("towering:") {
                for corner in list.split(',') {
                    let (file, rank) = super::grid::square(corner).unwrap();
                    let i = RIGHTS
                        .iter()
                        .position(|&(side, f)| f == file && home(side) == rank)
                        .unwrap();
                    rights[i] = true;
                }
            } else if let Some(sq) = token.strip_prefix("ep:") {
                ep = super::grid::square(sq);
            }
        }
        RefHunt {
            seen: vec![(grid.clone(), to_move, rights, ep)],
            grid,
            to_move,
            coin: turn == "coin",
            double,
            rights,
            ep,
            drawn: false,
        }
    }

    fn kinds(&self) -> Vec<Kind> {
        let mut k = KINDS.to_vec();
        k[PIKEMAN].mv = Mv::Pawn {
            double: self.double,
        };
        k
    }

    fn princess(grid: &Grid, side: usize) -> (i32, i32) {
        grid.squares()
            .find(|&at| grid.get(at) == Some((side, PRINCESS)))
            .expect("a Princess")
    }

    pub(super) fn in_check(&self, grid: &Grid, side: usize) -> bool {
        grid.attacks(1 - side, Self::princess(grid, side), &self.kinds(), None)
    }

    /// Every legal move of the side to move.
    pub(super) fn moves(&self) -> Vec<RefMove> {
        let kinds = self.kinds();
        let me = self.to_move;
        let mut pseudo = Vec::new();
        for at in self.grid.squares() {
            let Some((side, k)) = self.grid.get(at) else {
                continue;
            };
            if side != me {
                continue;
            }
            for to in self.grid.moves_of(at, &kinds, None, self.ep) {
                let last = if me == 1 { 6 } else { 0 };
                if k == PIKEMAN && to.1 == last {
                    for p in [2, 3, 4] {
                        pseudo.push((at, to, Some(p)));
                    }
                } else {
                    pseudo.push((at, to, None));
                }
            }
        }
        let mut out: Vec<RefMove> = pseudo
            .into_iter()
            .filter(|&mv| {
                let mut g = self.grid.clone();
                g.make(mv, &kinds, self.ep);
                !self.in_check(&g, me)
            })
            .collect();
        // Towering.
        let rank = home(me);
        for (i, &(side, file)) in RIGHTS.iter().enumerate() {
            if side != me || !self.rights[i] || self.in_check(&self.grid, me) {
                continue;
            }
            let dir = if file > 3 { 1 } else { -1 };
            let between: Vec<i32> = if file > 3 { vec![4, 5] } else { vec![1, 2] };
            if between.iter().any(|&f| self.grid.get((f, rank)).is_some()) {
                continue;
            }
            let safe = [3 + dir, 3 + 2 * dir].iter().all(|&f| {
                let mut g = self.grid.clone();
                g.set((3, rank), None);
                g.set((f, rank), Some((me, PRINCESS)));
                !self.in_check(&g, me)
            });
            if safe {
                out.push(((3, rank), (3 + 2 * dir, rank), None));
            }
        }
        out
    }

    pub(super) fn actions(&self) -> Vec<Option<RefMove>> {
        if self.coin {
            return vec![None, None];
        }
        if self.drawn {
            return Vec::new();
        }
        self.moves().into_iter().map(Some).collect()
    }

    fn dead(&self) -> bool {
        let mut knights = 0;
        let mut noble_colours = [false; 2];
        for at in self.grid.squares() {
            match self.grid.get(at) {
                None | Some((_, PRINCESS)) => {}
                Some((_, 2)) => knights += 1,
                Some((_, 3)) => noble_colours[((at.0 + at.1) % 2) as usize] = true,
                Some(_) => return false,
            }
        }
        let nobles = noble_colours.iter().filter(|&&c| c).count();
        (knights == 0 && nobles <= 1) || (knights == 1 && !noble_colours.contains(&true))
    }

    pub(super) fn play(&mut self, action: Option<RefMove>, coin_outcome: usize) {
        let Some(mv) = action else {
            self.coin = false;
            self.to_move = coin_outcome;
            self.seen = vec![(self.grid.clone(), self.to_move, self.rights, None)];
            return;
        };
        let kinds = self.kinds();
        let me = self.to_move;
        let (from, to, promo) = mv;
        let kind = self.grid.get(from).unwrap().1;
        let captured = self.grid.make(mv, &kinds, self.ep);
        if kind == PRINCESS && (to.0 - from.0).abs() == 2 {
            let (corner, beside) = if to.0 > from.0 {
                (6, to.0 - 1)
            } else {
                (0, to.0 + 1)
            };
            self.grid.set((corner, from.1), None);
            self.grid.set((beside, from.1), Some((me, TOWER)));
        }
        let before = self.rights;
        for (i, &(side, file)) in RIGHTS.iter().enumerate() {
            let corner = (file, home(side));
            if (kind == PRINCESS && side == me) || from == corner || to == corner {
                self.rights[i] = false;
            }
        }
        self.ep = None;
        if kind == PIKEMAN && self.double && (to.1 - from.1).abs() == 2 {
            self.ep = Some((from.0, (from.1 + to.1) / 2));
        }
        self.to_move = 1 - me;
        if (captured || promo.is_some()) && self.dead() {
            self.drawn = true;
        }
        if captured || kind == PIKEMAN || before != self.rights {
            self.seen = vec![(self.grid.clone(), self.to_move, self.rights, self.ep)];
        } else {
            let pos = (self.grid.clone(), self.to_move, self.rights, self.ep);
            let n = self.seen.iter().filter(|p| **p == pos).count() + 1;
            self.seen.push(pos);
            if n >= 3 {
                self.drawn = true;
            }
        }
    }

    /// Once over: the winner (`None` a draw).
    pub(super) fn result(&self) -> Option<Option<usize>> {
        if self.coin {
            return None;
        }
        if self.drawn {
            return Some(None);
        }
        if self.moves().is_empty() {
            return Some(if self.in_check(&self.grid, self.to_move) {
                Some(1 - self.to_move)
            } else {
                None
            });
        }
        None
    }

    pub(super) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.actions()
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
