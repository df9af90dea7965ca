//! Race (seed 002, "Race"), written plainly: the tracks as lists of
//! coordinates, every diagonal walked square by square, Leaders as progress
//! counters in vectors, no tables, hashes or buffers. The perft table
//! `scenarios/perft/race.toml` must agree with it at every depth both can run,
//! and it runs as an oracle ([`super::legal`]).

use std::collections::BTreeMap;

/// The default track, clockwise from A1, one side (ten squares) after another.
const INDENTED: [&str; 40] = [
    "A1", "A2", "A3", "B4", "C5", "D6", "C7", "B8", "A9", "A10", // west
    "A11", "B11", "C11", "D10", "E9", "F8", "G9", "H10", "I11", "J11", // north
    "K11", "K10", "K9", "J8", "I7", "H6", "I5", "J4", "K3", "K2", // east
    "K1", "J1", "I1", "H2", "G3", "F4", "E3", "D2", "C1", "B1", // south
];

fn coord(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    (
        i32::from(b[0] - b'A'),
        name[1..].parse::<i32>().expect("a rank") - 1,
    )
}

/// The plain outer ring: up the A-file, along rank 11, down the K-file, back
/// along rank 1.
fn plain_ring() -> Vec<(i32, i32)> {
    let mut t = Vec::new();
    t.extend((0..10).map(|r| (0, r)));
    t.extend((0..10).map(|f| (f, 10)));
    t.extend((0..10).map(|r| (10, 10 - r)));
    t.extend((0..10).map(|f| (10 - f, 0)));
    t
}

/// The readings of Race's rulings the model plays ([`rules_of`]).
#[derive(Clone, Debug, Default)]
pub struct Rules {
    plain: bool,
    greatest: bool,
    closed: bool,
    exact_lands: bool,
    blockade: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Coin,
    Roll,
    Move(u32),
    Over,
}

/// Race as plainly as possible. Side 0 is Green (starts on K11, track index 20),
/// side 1 Red (A1, index 0).
#[derive(Clone, Debug)]
pub struct RefRace {
    track: Vec<(i32, i32)>,
    rules: Rules,
    /// Each Leader's progress from his starting square, 40 once home.
    leaders: [Vec<u32>; 2],
    moves: [u32; 2],
    first: Option<usize>,
    to_move: usize,
    phase: Phase,
}

fn start(side: usize) -> usize {
    if side == 0 { 20 } else { 0 }
}

impl RefRace {
    fn square(&self, side: usize, progress: u32) -> (i32, i32) {
        self.track[(start(side) + progress as usize) % 40]
    }

    /// The side of the board (0 west, 1 north, 2 east, 3 south) a track square is on.
    fn board_side(&self, sq: (i32, i32)) -> usize {
        self.track
            .iter()
            .position(|&t| t == sq)
            .expect("on the track")
            / 10
    }

    fn on_track(&self, sq: (i32, i32)) -> bool {
        self.track.contains(&sq)
    }

    /// How many Leaders of `side` stand on `sq`.
    fn count(&self, side: usize, sq: (i32, i32)) -> usize {
        self.leaders[side]
            .iter()
            .filter(|&&p| p < 40 && self.square(side, p) == sq)
            .count()
    }

    fn limit(&self) -> bool {
        self.moves[0] >= 50 && self.moves[1] >= 50
    }

    /// The model at the position `text` (the engine's export).
    ///
    /// # Panics
    ///
    /// When `text` is not a Race position.
    #[must_use]
    pub fn parse(text: &str, rules: Rules) -> RefRace {
        let track = if rules.plain {
            plain_ring()
        } else {
            INDENTED.iter().map(|s| coord(s)).collect()
        };
        let f: Vec<&str> = text.split_whitespace().collect();
        let mut race = RefRace {
            track,
            rules,
            leaders: [Vec::new(), Vec::new()],
            moves: [0, 0],
            first: None,
            to_move: 0,
            phase: Phase::Coin,
        };
        for (side, field) in f[..2].iter().enumerate() {
            for item in field[2..].split(',') {
                let p = if item == "home" {
                    40
                } else {
                    let i = race.track.iter().position(|&t| t == coord(item)).unwrap();
                    ((i + 40 - start(side)) % 40) as u32
                };
                race.leaders[side].push(p);
            }
        }
        race.first = match f[2] {
            "first:green" => Some(0),
            "first:red" => Some(1),
            _ => None,
        };
        let (g, r) = f[3][6..].split_once(',').unwrap();
        race.moves = [g.parse().unwrap(), r.parse().unwrap()];
        if f[4] != "coin" {
            let (side, what) = f[4].split_once(':').unwrap();
            race.to_move = usize::from(side == "red");
            race.phase = match what {
                "roll" => Phase::Roll,
                n => Phase::Move(n.parse().unwrap()),
            };
        }
        race
    }

    /// The start, `first` the side that moves first (0 Green, 1 Red), or a coin.
    #[must_use]
    pub fn start_position(rules: Rules, first: Option<usize>) -> RefRace {
        let mut race = RefRace::parse("G:K11,K11 R:A1,A1 first:coin moves:0,0 coin", rules);
        if let Some(side) = first {
            race.first = Some(side);
            race.to_move = side;
            race.phase = Phase::Roll;
        }
        race
    }

    /// Whether `me` may land on `sq` before the limit.
    fn may_land(&self, me: usize, sq: (i32, i32)) -> bool {
        let them = 1 - me;
        let n = self.count(them, sq);
        n < 2 && !(self.rules.closed && n == 1 && sq == self.track[start(them)])
    }

    /// Leader `i` of the side to move, advanced by `d`: the new state, or `None`
    /// when the move is not allowed; with the number of Set-backs it made.
    fn advance(&self, i: usize, d: u32) -> Option<(RefRace, u32)> {
        let me = self.to_move;
        let them = 1 - me;
        let pre = !self.limit();
        let p = self.leaders[me][i];
        if pre && self.rules.blockade {
            for k in 1..d {
                if p + k < 40 && self.count(them, self.square(me, p + k)) >= 2 {
                    return None;
                }
            }
        }
        let mut next = self.clone();
        let mut setbacks = 0;
        let landing = if p + d < 40 {
            Some(self.square(me, p + d))
        } else if p + d == 40 && self.rules.exact_lands {
            Some(self.track[start(me)])
        } else {
            None
        };
        if let Some(sq) = landing
            && pre
            && !self.may_land(me, sq)
        {
            return None;
        }
        next.leaders[me][i] = (p + d).min(40);
        if let (Some(sq), true) = (landing, pre) {
            // Forward: a single opposing Leader on the square goes back.
            if next.count(them, sq) == 1 {
                let j = (0..2)
                    .find(|&j| {
                        next.leaders[them][j] < 40 && next.square(them, next.leaders[them][j]) == sq
                    })
                    .unwrap();
                if next.leaders[them][j] != 0 {
                    next.leaders[them][j] = 0;
                    setbacks += 1;
                }
            }
            // Diagonal: 45 degrees clockwise of the side's forwards.
            let (df, dr) = [(1, 1), (1, -1), (-1, -1), (-1, 1)][self.board_side(sq)];
            let mut at = sq;
            loop {
                at = (at.0 + df, at.1 + dr);
                if !(0..11).contains(&at.0) || !(0..11).contains(&at.1) || at == (5, 5) {
                    break;
                }
                if !next.on_track(at) {
                    continue;
                }
                let (mine, theirs) = (next.count(me, at), next.count(them, at));
                if mine + theirs == 0 {
                    continue;
                }
                if next.board_side(at) != self.board_side(sq) && theirs == 1 && mine == 0 {
                    let j = (0..2)
                        .find(|&j| {
                            next.leaders[them][j] < 40
                                && next.square(them, next.leaders[them][j]) == at
                        })
                        .unwrap();
                    next.leaders[them][j] = 0;
                    setbacks += 1;
                }
                break;
            }
        }
        next.end_move(pre);
        Some((next, setbacks))
    }

    fn end_move(&mut self, pre: bool) {
        let me = self.to_move;
        self.moves[me] += 1;
        if self.leaders[me].iter().all(|&p| p >= 40) {
            self.phase = Phase::Over;
            return;
        }
        if !(pre && self.limit()) {
            self.to_move = 1 - me;
        }
        self.phase = Phase::Roll;
    }

    /// The positions after each legal action (a coin toss and a roll
    /// included).
    #[must_use]
    pub fn children(&self) -> Vec<RefRace> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Coin => (0..2)
                .map(|side| {
                    let mut c = self.clone();
                    c.first = Some(side);
                    c.to_move = side;
                    c.phase = Phase::Roll;
                    c
                })
                .collect(),
            Phase::Roll => (1..=6)
                .map(|d| {
                    let mut c = self.clone();
                    c.phase = Phase::Move(d);
                    c
                })
                .collect(),
            Phase::Move(d) => {
                let me = self.to_move;
                let mut seen = Vec::new();
                let mut moves = Vec::new();
                for i in 0..2 {
                    let p = self.leaders[me][i];
                    if p >= 40 || seen.contains(&p) {
                        continue;
                    }
                    seen.push(p);
                    if let Some(m) = self.advance(i, d) {
                        moves.push(m);
                    }
                }
                if self.rules.greatest && !self.limit() && moves.iter().all(|m| m.1 > 0) {
                    let most = moves.iter().map(|m| m.1).max().unwrap_or(0);
                    moves.retain(|m| m.1 == most);
                }
                if moves.is_empty() {
                    let mut c = self.clone();
                    c.end_move(!self.limit());
                    return vec![c];
                }
                moves.into_iter().map(|m| m.0).collect()
            }
        }
    }

    /// The leaves `depth` actions deep.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

/// The readings that Race's `options` (as a scenario's or a perft table's
/// option table) select.
#[must_use]
pub fn rules_of(options: &BTreeMap<String, String>) -> Rules {
    let is = |k: &str, v: &str| options.get(k).is_some_and(|x| x == v);
    Rules {
        plain: is("track", "plain-ring"),
        greatest: is("setback-choice", "greatest-when-forced"),
        closed: is("start-square", "closed"),
        exact_lands: is("finish", "lands-on-exact"),
        blockade: is("secured", "blockade"),
    }
}

/// The side the `first` option names (0 Green, 1 Red), `None` for a coin.
#[must_use]
pub fn first_of(options: &BTreeMap<String, String>) -> Option<usize> {
    match options.get("first").map(String::as_str) {
        Some("green") => Some(0),
        Some("red") => Some(1),
        _ => None,
    }
}
