//! Test-only reference models: deliberately simple second implementations of a
//! game's rules, written from the seed without the engine's bitboards, hashes or
//! buffers. Perft tables in the corpus must agree with them at every depth both
//! can run.

mod grid;
mod hunts;
mod jewel;
mod keys;

use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::search::perft;
use tigerseye_engine::GameId;
use tigerseye_engine::jewel::duel::{Duel, DuelOptions, KeyWinTiming, LoneContinuation};
use tigerseye_engine::{Game, Side, Turn};

/// Each side's Character (file, rank), and whether Red is to move.
type Placement = ([Option<(i32, i32)>; 2], bool);

/// Duel in the Castle, seed 002, as plainly as possible.
#[derive(Clone, Debug)]
pub(crate) struct RefDuel {
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
    pub(crate) fn new(after_reply: bool, lone_wins_at_once: bool) -> RefDuel {
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
    pub(crate) fn at(duel: &Duel) -> RefDuel {
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

    /// The legal moves as `from-to` in the seeds' coordinates, sorted, ignoring the
    /// capture mark.
    pub(crate) fn move_texts(&self) -> Vec<String> {
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
    pub(crate) fn play_text(&mut self, text: &str) {
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

    fn perft(&self, depth: u32) -> u64 {
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

#[test]
fn duel_perft_agrees_with_the_reference_model_under_every_option() {
    for (after_reply, lone) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = DuelOptions {
            key_win_timing: if after_reply {
                KeyWinTiming::AfterReply
            } else {
                KeyWinTiming::AtOnce
            },
            lone_continuation: if lone {
                LoneContinuation::WinAtOnce
            } else {
                LoneContinuation::PlayOn
            },
            ..DuelOptions::default()
        };
        let engine = Duel::new(&options);
        let reference = RefDuel::new(after_reply, lone);
        for depth in 1..=11 {
            assert_eq!(
                perft(&engine, depth),
                reference.perft(depth),
                "depth {depth}, {options:?}"
            );
        }
    }
}

#[test]
fn duel_perft_table_agrees_with_the_reference_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/duel.toml");
    let file = corpus::load_perft(&path).unwrap();
    assert_eq!(file.game.parse::<GameId>(), Ok(GameId::Duel));
    for table in &file.tables {
        assert!(
            table.position.is_none(),
            "the reference model starts from the standard start only"
        );
        let after_reply = table
            .options
            .get("key-win-timing")
            .is_some_and(|v| v == "after-reply");
        let lone = table
            .options
            .get("lone-continuation")
            .is_some_and(|v| v == "win-at-once");
        let reference = RefDuel::new(after_reply, lone);
        for (d, &n) in table.nodes.iter().enumerate().take(12) {
            assert_eq!(
                reference.perft(d as u32 + 1),
                n,
                "{} depth {}",
                table.name,
                d + 1
            );
        }
    }
}

#[test]
fn duel_perft_by_hand_to_depth_four() {
    // A King's Lancer has exactly four targets from every square of a 3x3 board
    // (two along each edge from a corner; one each way along the edge and one or
    // two inwards from an edge square; the four neighbours from B2), so perft(d)
    // is 4 x the unfinished nodes at depth d - 1. Nothing ends before ply 3: 4,
    // 16, 64. At ply 3 Red ends the game by B1-B2 or C2-B2 when Green stands on
    // A1 or C3 (no capture of B2 from there): 2 + 2 = 4 of the 64 nodes, so
    // perft(4) = 4 x 60 = 240.
    let duel = Duel::new(&DuelOptions::default());
    assert_eq!([1, 2, 3, 4].map(|d| perft(&duel, d)), [4, 16, 64, 240]);
}
