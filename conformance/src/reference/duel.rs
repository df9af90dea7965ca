//! Duel in the Castle (seed 002), as plainly as possible: two Characters on
//! a 3x3 board, King's Lancer moves, the Key on B2.

use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::{Game, Side, Turn};

/// Each side's Character (file, rank), and whether Red is to move.
type Placement = ([Option<(i32, i32)>; 2], bool);

/// Duel in the Castle, seed 002, as plainly as possible.
#[derive(Clone, Debug)]
pub struct RefDuel {
    /// (file, rank) from 0, index 0 Green, 1 Red.
    at: [Option<(i32, i32)>; 2],
    red_to_move: bool,
    over: bool,
    /// Positions since the last capture, the current one included.
    seen: Vec<Placement>,
    after_reply: bool,
    lone_wins_at_once: bool,
}

const KEY: (i32, i32) = (1, 1);

/// A King's Lancer from `a` reaches `b`: one or two squares along a file or rank.
fn lancer(a: (i32, i32), b: (i32, i32)) -> bool {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dx == 0 && (dy == 1 || dy == 2)) || (dy == 0 && (dx == 1 || dx == 2))
}

impl RefDuel {
    /// The standard start: Green on A3, Red on C1, Red to move; `after_reply`
    /// the Hold-the-Key win's other timing, `lone_wins_at_once` the other
    /// reading of the lone side's continuation.
    #[must_use]
    pub fn new(after_reply: bool, lone_wins_at_once: bool) -> RefDuel {
        let at = [Some((0, 2)), Some((2, 0))];
        RefDuel {
            at,
            red_to_move: true,
            over: false,
            seen: vec![(at, true)],
            after_reply,
            lone_wins_at_once,
        }
    }

    /// The reference model standing where `duel` stands (its history starting
    /// there), for comparing legal moves position by position.
    #[must_use]
    pub fn at(duel: &Duel) -> RefDuel {
        let square = |side| {
            duel.character(side).map(|sq| {
                let c = tigerseye_engine::jewel::duel::GEOMETRY.coord(sq);
                (i32::from(c.file), i32::from(c.rank))
            })
        };
        let at = [square(Side::Green), square(Side::Red)];
        let (red_to_move, over) = match duel.turn() {
            Turn::Player(side) => (side == Side::Red, false),
            Turn::Chance | Turn::Over(_) => (false, true),
        };
        RefDuel {
            at,
            red_to_move,
            over,
            seen: vec![(at, red_to_move)],
            after_reply: false,
            lone_wins_at_once: false,
        }
    }

    /// The model at the position `text`, an export (`G2/3/2R red`: the ranks
    /// from the third, a digit for empty squares, `G` and `R` for the
    /// Characters, then the side to move), with no past and the default
    /// readings; `None` when it is not one.
    #[must_use]
    pub fn from_export(text: &str) -> Option<RefDuel> {
        let (board, side) = text.trim().split_once(' ')?;
        let red_to_move = match side {
            "red" => true,
            "green" => false,
            _ => return None,
        };
        let mut at = [None, None];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 3 {
            return None;
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 2 - i as i32;
            let mut f = 0;
            for c in rank.chars() {
                match c {
                    '1'..='3' => f += c as i32 - '0' as i32,
                    'G' | 'R' => {
                        at[usize::from(c == 'R')] = Some((f, r));
                        f += 1;
                    }
                    _ => return None,
                }
            }
            if f != 3 {
                return None;
            }
        }
        Some(RefDuel {
            at,
            red_to_move,
            over: at[usize::from(red_to_move)].is_none(),
            seen: vec![(at, red_to_move)],
            after_reply: false,
            lone_wins_at_once: false,
        })
    }

    /// The legal moves as `from-to` in the seeds' coordinates, sorted, ignoring the
    /// capture mark.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        let name = |(f, r): (i32, i32)| format!("{}{}", char::from(b'A' + f as u8), r + 1);
        let me = usize::from(self.red_to_move);
        let mut v: Vec<String> = match self.at[me] {
            Some(from) if !self.over => self
                .moves()
                .into_iter()
                .map(|to| format!("{}-{}", name(from), name(to)))
                .collect(),
            _ => Vec::new(),
        };
        v.sort();
        v
    }

    /// Plays `C1-B1` (the from-square is the mover's).
    ///
    /// # Panics
    ///
    /// When `text` is not a move written `from-to`.
    pub fn play_text(&mut self, text: &str) {
        let to = text.split('-').nth(1).expect("from-to");
        let b = to.as_bytes();
        self.play((i32::from(b[0] - b'A'), i32::from(b[1] - b'1')));
    }

    fn moves(&self) -> Vec<(i32, i32)> {
        if self.over {
            return Vec::new();
        }
        let me = usize::from(self.red_to_move);
        let from = self.at[me].expect("the side to move has a Character");
        let mut out = Vec::new();
        for f in 0..3 {
            for r in 0..3 {
                if lancer(from, (f, r)) {
                    out.push((f, r));
                }
            }
        }
        out
    }

    fn play(&mut self, to: (i32, i32)) {
        let me = usize::from(self.red_to_move);
        let them = 1 - me;
        let they_held_the_key = self.at[them] == Some(KEY);
        self.at[me] = Some(to);
        let captured = self.at[them] == Some(to);
        if captured {
            self.at[them] = None;
        }
        if self.at[them].is_some() {
            self.red_to_move = !self.red_to_move;
        }
        if they_held_the_key && self.at[them] == Some(KEY) {
            self.over = true;
        } else if to == KEY {
            match self.at[them] {
                None => self.over = true,
                Some(t) => {
                    if !self.after_reply && !lancer(t, KEY) {
                        self.over = true;
                    }
                }
            }
        } else if captured && self.lone_wins_at_once {
            self.over = true;
        }
        let pos = (self.at, self.red_to_move);
        if captured {
            self.seen = vec![pos];
        } else {
            self.seen.push(pos);
            if self.seen.iter().filter(|p| **p == pos).count() >= 3 {
                self.over = true;
            }
        }
    }

    /// The leaves `depth` plies below, every move tried.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
