//! A test-only reference model of The Game (seed 001), written plainly and
//! apart from the engine: the boards as a list read from the boards file, a
//! square as (board, file, rank), the pieces in a map, and the legal actions
//! found by trying every piece against every square of every board with one
//! predicate per kind of piece and board (`mode`), each reading the seed's
//! paragraph for that piece. No tables, bit sets or buffers. The engine's
//! legal actions and perft must equal this model's.
//!
//! It reads the same drafted data files as the engine (engine/data/the_game/)
//! with its own small reader, and positions in the engine's export format.

#[cfg(test)]
mod engine;
mod moves;
mod play;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A square: the board's index in the boards file, the file and the rank
/// from 0.
pub(crate) type Sq = (usize, i32, i32);

/// A board of the boards file.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    name: String,
    prefix: String,
    files: i32,
    ranks: i32,
}

/// A piece: its kind's letter (upper case) and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) letter: char,
    pub(crate) gold: bool,
}

impl Piece {
    fn text(self) -> char {
        if self.gold {
            self.letter
        } else {
            self.letter.to_ascii_lowercase()
        }
    }
}

/// What a piece may do on a square: nothing, move there only if it is empty,
/// capture there only, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    No,
    Move,
    Capture,
    Both,
}

/// A choice pending after an ArchMagus's capture from a Mana board or the
/// Astral board (ruling the-game.send-to-astral).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pending {
    from_astral: bool,
    piece: Piece,
    ret: Sq,
}

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    Go {
        from: Sq,
        to: Sq,
        strike: Option<Sq>,
        promo: Option<char>,
        en_passant: Option<Sq>,
    },
    Kill,
    Send(Sq),
    Return,
}

/// The Game, plainly.
#[derive(Clone, Debug)]
pub(crate) struct RefGame {
    boards: Vec<Board>,
    /// The boards of the stack by level: Sky 1, Ground 0, Cavern -1.
    sky: usize,
    ground: usize,
    cavern: usize,
    astral: usize,
    /// Each side's eight Sylvar starting squares, Gold's first.
    sylvar_starts: [Vec<Sq>; 2],
    pub(crate) pieces: BTreeMap<Sq, Piece>,
    djinn: BTreeSet<Sq>,
    /// The square each piece on the Astral board was sent from.
    returns: BTreeMap<Sq, Sq>,
    pub(crate) gold_to_move: bool,
    /// The square a Warrior's two-square move has just passed.
    ep: Option<Sq>,
    pending: Option<Pending>,
    ply: u32,
    pub(crate) over: bool,
}

/// The project's ply bound (ruling the-game.ply-bound).
const PLY_BOUND: u32 = 3000;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/data/the_game")
        .join(name);
    std::fs::read_to_string(path).expect("the data file")
}

fn words(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| {
            l.split('#')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

impl RefGame {
    /// The boards of the boards file, with no piece.
    pub(crate) fn empty() -> RefGame {
        let mut boards = Vec::new();
        for w in words(&data("boards.txt")) {
            if w[0] == "board" {
                boards.push(Board {
                    name: w[1].clone(),
                    prefix: w[2].clone(),
                    files: w[3].parse().unwrap(),
                    ranks: w[4].parse().unwrap(),
                });
            }
        }
        let find = |name: &str| boards.iter().position(|b| b.name == name).unwrap();
        let (sky, ground, cavern, astral) =
            (find("sky"), find("ground"), find("cavern"), find("astral"));
        RefGame {
            boards,
            sky,
            ground,
            cavern,
            astral,
            sylvar_starts: [Vec::new(), Vec::new()],
            pieces: BTreeMap::new(),
            djinn: BTreeSet::new(),
            returns: BTreeMap::new(),
            gold_to_move: true,
            ep: None,
            pending: None,
            ply: 0,
            over: false,
        }
    }

    /// The set-up file's start.
    pub(crate) fn start() -> RefGame {
        let mut g = RefGame::empty();
        let mut board = 0;
        let mut rank = 0;
        for w in words(&data("setup.txt")) {
            if w[0] == "first" {
                g.gold_to_move = w[1] == "gold";
            } else if w[0] == "board" {
                board = g.boards.iter().position(|b| b.name == w[1]).unwrap();
            } else {
                rank = w[0].parse::<i32>().unwrap() - 1;
                for (f, cell) in w[1..].iter().enumerate() {
                    let c = cell.chars().next().unwrap();
                    g.put_text((board, f as i32, rank), c);
                }
            }
        }
        let _ = rank;
        for (&sq, p) in &g.pieces {
            if p.letter == 'S' {
                g.sylvar_starts[usize::from(!p.gold)].push(sq);
            }
        }
        g
    }

    fn put_text(&mut self, sq: Sq, c: char) {
        match c {
            '.' => {}
            'J' => {
                self.djinn.insert(sq);
            }
            _ => {
                self.pieces.insert(
                    sq,
                    Piece {
                        letter: c.to_ascii_uppercase(),
                        gold: c.is_ascii_uppercase(),
                    },
                );
            }
        }
    }

    /// A square's name as the board layer writes it: the board's prefix, the
    /// file's letter (upper case), the rank: `SG1`, `MGB2`.
    pub(crate) fn name(&self, sq: Sq) -> String {
        format!(
            "{}{}{}",
            self.boards[sq.0].prefix,
            char::from(b'A' + sq.1 as u8),
            sq.2 + 1
        )
    }

    /// The square named `name`.
    pub(crate) fn square(&self, name: &str) -> Sq {
        // The prefix is every letter but the last (the file's).
        let split = name.find(|c: char| c.is_ascii_digit()).unwrap() - 1;
        let b = self
            .boards
            .iter()
            .position(|b| b.prefix == name[..split])
            .unwrap();
        let f = i32::from(name.as_bytes()[split] - b'A');
        (b, f, name[split + 1..].parse::<i32>().unwrap() - 1)
    }

    /// Puts a piece (`Q`, `q`, ...) on the named square: for hand-made positions.
    pub(crate) fn put(&mut self, name: &str, c: char) {
        let sq = self.square(name);
        self.put_text(sq, c);
    }

    fn level(&self, b: usize) -> Option<i32> {
        if b == self.sky {
            Some(1)
        } else if b == self.ground {
            Some(0)
        } else if b == self.cavern {
            Some(-1)
        } else {
            None
        }
    }

    fn at_level(&self, level: i32) -> Option<usize> {
        match level {
            1 => Some(self.sky),
            0 => Some(self.ground),
            -1 => Some(self.cavern),
            _ => None,
        }
    }

    fn is_mana(&self, b: usize) -> bool {
        self.boards[b].name.ends_with("-mana")
    }

    fn inside(&self, sq: Sq) -> bool {
        let b = &self.boards[sq.0];
        (0..b.files).contains(&sq.1) && (0..b.ranks).contains(&sq.2)
    }

    /// No piece and no Djinn.
    fn empty_sq(&self, sq: Sq) -> bool {
        !self.pieces.contains_key(&sq) && !self.djinn.contains(&sq)
    }

    /// Every square strictly between `from` and `to` on one board along a
    /// straight line is empty (`from` and `to` on a line is the caller's test).
    fn clear(&self, from: Sq, to: Sq) -> bool {
        let (df, dr) = ((to.1 - from.1).signum(), (to.2 - from.2).signum());
        let mut s = (from.0, from.1 + df, from.2 + dr);
        while s != to {
            if !self.empty_sq(s) {
                return false;
            }
            s = (s.0, s.1 + df, s.2 + dr);
        }
        true
    }

    /// The squares between two Djinn on a rank, a file or a diagonal
    /// (ruling the-game.djinn-lines).
    fn on_djinn_line(&self, sq: Sq) -> bool {
        for &a in &self.djinn {
            for &b in &self.djinn {
                let (df, dr) = (b.1 - a.1, b.2 - a.2);
                let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
                if a >= b || !aligned {
                    continue;
                }
                let n = df.abs().max(dr.abs());
                for k in 1..n {
                    if (a.0, a.1 + k * df.signum(), a.2 + k * dr.signum()) == sq {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn frozen(&self, sq: Sq, p: Piece) -> bool {
        sq.0 == self.ground
            && self
                .pieces
                .get(&(self.cavern, sq.1, sq.2))
                .is_some_and(|b| b.letter == 'B' && b.gold != p.gold)
    }
}
