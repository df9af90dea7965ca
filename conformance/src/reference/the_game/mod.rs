//! The Game's reference model (seed 001), written plainly and apart from the
//! engine: the boards as a list read from the boards file, a
//! square as (board, file, rank), the pieces in a map, and the legal actions
//! found by trying every piece against every square of every board with one
//! predicate per kind of piece and board (`mode`), each reading the seed's
//! paragraph for that piece. No tables, bit sets or buffers. The engine's
//! legal actions and perft must equal this model's; it runs as an oracle
//! ([`super::legal`]).
//!
//! It reads the same drafted data files as the engine (engine/data/the_game/,
//! as the engine embeds them) with its own small reader, and positions in the
//! engine's export format (docs/games/the-game.md, "Position line").

mod moves;
mod play;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

/// A square: the board's index in the boards file, the file and the rank
/// from 0.
pub type Sq = (usize, i32, i32);

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
pub struct Piece {
    /// The kind's letter, upper case.
    pub letter: char,
    /// Gold's (else Silver's).
    pub gold: bool,
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
pub enum Act {
    /// A piece's move or capture.
    Go {
        /// Where it stands.
        from: Sq,
        /// Where it goes.
        to: Sq,
        /// The Dragon's strike on the Ground.
        strike: Option<Sq>,
        /// A Warrior's new kind.
        promo: Option<char>,
        /// The Warrior taken en passant.
        en_passant: Option<Sq>,
    },
    /// The captured piece of the pending choice is killed.
    Kill,
    /// It is sent to this square of the Astral board.
    Send(Sq),
    /// It returns to its square.
    Return,
}

/// The Game, plainly.
#[derive(Clone, Debug)]
pub struct RefGame {
    boards: Vec<Board>,
    /// The boards of the stack by level: Sky 1, Ground 0, Cavern -1.
    sky: usize,
    ground: usize,
    cavern: usize,
    astral: usize,
    /// Each side's eight Sylvar starting squares, Gold's first.
    sylvar_starts: [Vec<Sq>; 2],
    /// The pieces by square.
    pub pieces: BTreeMap<Sq, Piece>,
    djinn: BTreeSet<Sq>,
    /// The square each piece on the Astral board was sent from.
    returns: BTreeMap<Sq, Sq>,
    /// Gold acts (else Silver).
    pub gold_to_move: bool,
    /// The square a Warrior's two-square move has just passed.
    ep: Option<Sq>,
    pending: Option<Pending>,
    ply: u32,
    /// The game is over.
    pub over: bool,
}

/// The project's ply bound (ruling the-game.ply-bound).
const PLY_BOUND: u32 = 3000;

/// A data file of `engine/data/the_game/`, as the engine embeds it.
fn data(name: &str) -> &'static str {
    match name {
        "boards.txt" => tigerseye_engine::the_game::setup::BOARDS_TXT,
        _ => tigerseye_engine::the_game::setup::SETUP_TXT,
    }
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
    #[must_use]
    pub fn empty() -> RefGame {
        let mut boards = Vec::new();
        for w in words(data("boards.txt")) {
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
    #[must_use]
    pub fn start() -> RefGame {
        let mut g = RefGame::empty();
        let mut board = 0;
        let mut rank = 0;
        for w in words(data("setup.txt")) {
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

    /// Reads a position line (docs/games/the-game.md, "Position line"): each
    /// board's ranks, who acts, and the fields that apply (`ep:`, `returns:`,
    /// `pending:`, `ply:`, a result). The Sylvars' starting squares are the
    /// set-up's.
    ///
    /// # Panics
    ///
    /// When `text` is not such a line.
    #[must_use]
    pub fn parse(text: &str) -> RefGame {
        let mut g = RefGame::empty();
        g.sylvar_starts = RefGame::start().sylvar_starts;
        for word in text.split_whitespace() {
            let (head, tail) = word.split_once(':').unwrap_or((word, ""));
            if let Some(b) = g.boards.iter().position(|b| b.prefix == head) {
                let ranks = g.boards[b].ranks;
                for (i, row) in tail.split('/').enumerate() {
                    let r = ranks - 1 - i as i32;
                    let mut f = 0;
                    let mut chars = row.chars().peekable();
                    while let Some(c) = chars.next() {
                        if let Some(d) = c.to_digit(10) {
                            let mut n = d as i32;
                            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                                n = n * 10 + d as i32;
                                chars.next();
                            }
                            f += n;
                        } else if c == '{' {
                            // A piece sharing a Djinn's square.
                            let piece = chars.next().unwrap();
                            assert_eq!(chars.next(), Some('}'), "{word}");
                            g.put_text((b, f, r), 'J');
                            g.put_text((b, f, r), piece);
                            f += 1;
                        } else {
                            g.put_text((b, f, r), c);
                            f += 1;
                        }
                    }
                    assert_eq!(f, g.boards[b].files, "{word}");
                }
            } else if word == "gold" || word == "silver" {
                g.gold_to_move = word == "gold";
            } else if head == "ep" {
                g.ep = Some(g.square(tail));
            } else if head == "returns" {
                for pair in tail.split(',') {
                    let (at, back) = pair.split_once('=').unwrap();
                    g.returns.insert(g.square(at), g.square(back));
                }
            } else if head == "pending" {
                let parts: Vec<&str> = tail.split(':').collect();
                let c = parts[1].chars().next().unwrap();
                g.pending = Some(Pending {
                    from_astral: parts[0] == "astral",
                    piece: Piece {
                        letter: c.to_ascii_uppercase(),
                        gold: c.is_ascii_uppercase(),
                    },
                    ret: g.square(parts[2]),
                });
            } else if head == "ply" {
                g.ply = tail.parse().unwrap();
            } else {
                // The result: `gold-wins:emperor-captured`, `draw:stalemate`.
                g.over = true;
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
    #[must_use]
    pub fn name(&self, sq: Sq) -> String {
        format!(
            "{}{}{}",
            self.boards[sq.0].prefix,
            char::from(b'A' + sq.1 as u8),
            sq.2 + 1
        )
    }

    /// The square named `name`.
    #[must_use]
    pub fn square(&self, name: &str) -> Sq {
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
    pub fn put(&mut self, name: &str, c: char) {
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
