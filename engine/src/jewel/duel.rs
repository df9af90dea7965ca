//! Duel in the Castle: Jewel Facet 1, "a Beginner's game" (seed 002, "Jewel Facet 1:
//! Duel in the Castle").
//!
//! Two Characters on the 3x3 "Castle board", each moving as a King's Lancer (one or
//! two squares vertically or horizontally, jumping). Red moves first. The object is
//! to Hold the Key, B2: reach it, and keep it through the opponent's next turn.
//!
//! ```text
//! 3  G . .      Green (the Prince in the seed's tale) starts on A3,
//! 2  . * .      Red (the armed Guard) on C1; * is the Key position B2.
//! 1  . . R
//!    A B C
//! ```
//!
//! The seed's diagram is lost. Red on C1 and Green on A3 is the only placement every
//! example fits: Red "has four possible starting moves" of which "to move to A1 or
//! C3" lose at once, and the winning lines begin "Red C1 to B1 Green A3 to C3".
//!
//! Rulings: [`KEY_WIN_TIMING`], [`REPETITION`], [`LONE_CONTINUATION`].

use std::fmt;

use arrayvec::ArrayVec;

use super::HOLD_THE_KEY;
use crate::core::clocks::{Lag, Millis, TimeControl};
use crate::core::{
    Bb, Game, GameOptions, Geometry, InvariantError, NotationError, OptionError, OptionSpec,
    Outcome, PositionError, RepetitionHistory, RuleEvent, RuleId, Side, Square, Turn, leaps, rules,
    zobrist,
};
use crate::rulings::{Reading, Ruling};

/// The Castle board: 3 files by 3 ranks.
pub const GEOMETRY: Geometry = Geometry::new(3, 3);
/// The Key position, B2: "the centre of the Castle ... which are stairs".
pub const KEY: Square = GEOMETRY.at(1, 1);
/// Red's Character starts on C1.
pub const RED_START: Square = GEOMETRY.at(2, 0);
/// Green's Character starts on A3.
pub const GREEN_START: Square = GEOMETRY.at(0, 2);

/// King's Lancer targets from each square (seed 002, "Piece moves": "one or two
/// squares vertically or horizontally and he can jump").
const LANCER: [Bb; 128] = GEOMETRY.leap_table(&leaps::KINGS_LANCER);

/// Zobrist keys: 9 squares for each side, then the side to move.
const ZOBRIST: [u64; 19] = zobrist::keys(0xD0E1_1CA5_7E00_0001);
const RED_TO_MOVE: u64 = ZOBRIST[18];

fn piece_key(side: Side, sq: Square) -> u64 {
    ZOBRIST[side.index() * 9 + sq.index()]
}

/// Ruling `duel.key-win-timing`: the moment a Hold-the-Key win is recorded.
pub const KEY_WIN_TIMING: Ruling = Ruling {
    id: "duel.key-win-timing",
    question: "When a Character reaches the Key and the opponent cannot capture it, is the win recorded at once or after the opponent's reply?",
    source: "seed 002, Duel in the Castle, The Play: \"2. Red B1 to B2 and wins ... Green cannot capture Red on his next turn and so Red Holds the Key Position whatever move Green were to make\"",
    readings: &[
        Reading {
            name: "at-once",
            text: "the win is recorded on the move that reaches the Key when the opponent has no capture of the holder; otherwise the opponent must capture on his next turn or lose",
        },
        Reading {
            name: "after-reply",
            text: "the opponent always makes his next move; the win is recorded once that move has not captured the holder",
        },
    ],
    clauses: &["jewel.duel.13"],
    option: Some("key-win-timing"),
    reason: "the seed writes \"Red B1 to B2 and wins\" with no Green move after it, and \"whatever move Green were to make\" says the reply cannot change the result",
};

/// Ruling `duel.repetition`: what counts as a repeated position.
pub const REPETITION: Ruling = Ruling {
    id: "duel.repetition",
    question: "What is a \"threefold repetition of moves/position\"?",
    source: "seed 002, Duel in the Castle, Notes 1 and The Play (\"both Characters must jump backwards and forwards to the same two positions ... The game ends by threefold repetition of moves/position\")",
    readings: &[
        Reading {
            name: "position",
            text: "the same squares for both Characters with the same side to move occur for the third time since the last capture; the draw is recorded on the move that makes the third occurrence",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves is played three times over",
        },
    ],
    clauses: &["jewel.duel.24", "jewel.duel.25"],
    option: None,
    reason: "the seed's drawn line repeats the positions and the moves together, so both readings agree on it; the position reading is the one every Western Chess player knows, needs no choice of cycle length, and the other is not implemented",
};

/// Ruling `duel.lone-continuation`: the side whose opponent has no Character left.
pub const LONE_CONTINUATION: Ruling = Ruling {
    id: "duel.lone-continuation",
    question: "After a capture off the Key, the capturer \"may carry on moving until he does occupy the Key Position\": are those moves played, and does repetition still count?",
    source: "seed 002, Duel in the Castle, The Play: \"if captured on A1 for example Green would then move to e.g. A2 and then to B2 and so win\"",
    readings: &[
        Reading {
            name: "play-on",
            text: "the lone side makes move after move until its Character stands on the Key, which wins at once; threefold repetition still draws",
        },
        Reading {
            name: "win-at-once",
            text: "the capture wins at once, since a lone King's Lancer always reaches B2",
        },
    ],
    clauses: &["jewel.duel.22"],
    option: Some("lone-continuation"),
    reason: "the seed plays the moves out (\"move to e.g. A2 and then to B2 and so win\"), and the repetition note applies to every Duel without exception",
};

/// When a Hold-the-Key win is recorded: ruling [`KEY_WIN_TIMING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyWinTiming {
    /// At once when the opponent has no capture of the holder.
    #[default]
    AtOnce,
    /// Always after the opponent's non-capturing reply.
    AfterReply,
}

/// What the lone side does: ruling [`LONE_CONTINUATION`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LoneContinuation {
    /// Moves on until it reaches the Key.
    #[default]
    PlayOn,
    /// Wins at the capture.
    WinAtOnce,
}

/// A rule bug a test injects to prove that the harness finds and shrinks rule
/// bugs (engine feature `fault-injection`, never on in a normal build).
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DuelFault {
    /// The rules as written.
    #[default]
    None,
    /// A Character on the Key may not be captured: the capture onto B2 is missing
    /// from the legal actions.
    KeyHolderImmune,
}

/// Duel's options: the other readings of its rulings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuelOptions {
    /// `key-win-timing = at-once | after-reply`.
    pub key_win_timing: KeyWinTiming,
    /// `lone-continuation = play-on | win-at-once`.
    pub lone_continuation: LoneContinuation,
    /// `fault = none | key-holder-immune` (feature `fault-injection` only).
    #[cfg(feature = "fault-injection")]
    pub fault: DuelFault,
}

const KEY_WIN_TIMING_SPEC: OptionSpec = OptionSpec {
    key: "key-win-timing",
    values: &["at-once", "after-reply"],
    ruling: Some(KEY_WIN_TIMING.id),
    doc: "when a Hold-the-Key win is recorded",
};

const LONE_CONTINUATION_SPEC: OptionSpec = OptionSpec {
    key: "lone-continuation",
    values: &["play-on", "win-at-once"],
    ruling: Some(LONE_CONTINUATION.id),
    doc: "whether the side left alone plays its way to the Key",
};

impl GameOptions for DuelOptions {
    #[cfg(not(feature = "fault-injection"))]
    const SPECS: &'static [OptionSpec] = &[KEY_WIN_TIMING_SPEC, LONE_CONTINUATION_SPEC];
    #[cfg(feature = "fault-injection")]
    const SPECS: &'static [OptionSpec] = &[
        KEY_WIN_TIMING_SPEC,
        LONE_CONTINUATION_SPEC,
        OptionSpec {
            key: "fault",
            values: &["none", "key-holder-immune"],
            ruling: None,
            doc: "an injected rule bug, for testing the harness",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "key-win-timing" => {
                self.key_win_timing = match value {
                    "at-once" => KeyWinTiming::AtOnce,
                    "after-reply" => KeyWinTiming::AfterReply,
                    _ => return Err(OptionError::bad_value(key, value, Self::SPECS[0].values)),
                };
            }
            "lone-continuation" => {
                self.lone_continuation = match value {
                    "play-on" => LoneContinuation::PlayOn,
                    "win-at-once" => LoneContinuation::WinAtOnce,
                    _ => return Err(OptionError::bad_value(key, value, Self::SPECS[1].values)),
                };
            }
            #[cfg(feature = "fault-injection")]
            "fault" => {
                self.fault = match value {
                    "none" => DuelFault::None,
                    "key-holder-immune" => DuelFault::KeyHolderImmune,
                    _ => {
                        return Err(OptionError::bad_value(
                            key,
                            value,
                            &["none", "key-holder-immune"],
                        ));
                    }
                };
            }
            _ => return Err(OptionError::unknown_key(key, value, Self::SPECS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        match key {
            "key-win-timing" => Some(match self.key_win_timing {
                KeyWinTiming::AtOnce => "at-once",
                KeyWinTiming::AfterReply => "after-reply",
            }),
            "lone-continuation" => Some(match self.lone_continuation {
                LoneContinuation::PlayOn => "play-on",
                LoneContinuation::WinAtOnce => "win-at-once",
            }),
            #[cfg(feature = "fault-injection")]
            "fault" => Some(match self.fault {
                DuelFault::None => "none",
                DuelFault::KeyHolderImmune => "key-holder-immune",
            }),
            _ => None,
        }
    }
}

/// A move of the side to move's Character from one square to another, capturing
/// whatever stands there. Written `C1-B1`, or `A3xA1` for a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DuelAction {
    /// The square moved from.
    pub from: Square,
    /// The square moved to.
    pub to: Square,
}

/// A rule event of Duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelEvent {
    /// `capture`: `by` captured ("disarmed") the opposing Character on `at`.
    Capture {
        /// The capturing side.
        by: Side,
        /// Where.
        at: Square,
    },
    /// `key-taken`: `side`'s Character reached the Key position.
    KeyTaken {
        /// The side now on the Key.
        side: Side,
    },
    /// `lone-continuation`: `side` has no opposing Character left and moves on alone.
    LoneContinuation {
        /// The side that moves on.
        side: Side,
    },
}

impl RuleEvent for DuelEvent {
    fn tag(&self) -> &'static str {
        match self {
            DuelEvent::Capture { .. } => "capture",
            DuelEvent::KeyTaken { .. } => "key-taken",
            DuelEvent::LoneContinuation { .. } => "lone-continuation",
        }
    }
}

impl fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DuelEvent::Capture { by, at } => {
                write!(
                    f,
                    "capture: {by} captures {} on {}",
                    by.opponent(),
                    GEOMETRY.name(at)
                )
            }
            DuelEvent::KeyTaken { side } => write!(f, "key-taken: {side} on B2"),
            DuelEvent::LoneContinuation { side } => {
                write!(f, "lone-continuation: {side} moves on alone")
            }
        }
    }
}

/// A game of Duel in the Castle in progress.
///
/// The position is the square of each Character (or none once captured) and the
/// side to move. Whether a Hold-the-Key challenge is pending needs no field: it is
/// pending exactly when a Character stands on B2 and its opponent is to move.
#[derive(Debug)]
pub struct Duel {
    options: DuelOptions,
    /// Each side's Character, by [`Side::index`]; `None` once captured.
    squares: [Option<Square>; 2],
    to_move: Side,
    outcome: Option<Outcome>,
    ply: u32,
    hash: u64,
    history: RepetitionHistory,
}

impl Clone for Duel {
    fn clone(&self) -> Self {
        Duel {
            history: self.history.clone(),
            ..*self
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.options = source.options;
        self.squares = source.squares;
        self.to_move = source.to_move;
        self.outcome = source.outcome;
        self.ply = source.ply;
        self.hash = source.hash;
        self.history.clone_from(&source.history);
    }
}

impl PartialEq for Duel {
    /// Equal positions, options and outcome; the ply count and repetition history
    /// are the past, not the position.
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.squares == other.squares
            && self.to_move == other.to_move
            && self.outcome == other.outcome
    }
}

/// A win for `side` in Duel: "one Game Point for a win" (seed 002, Duel, Scores).
fn win(side: Side, rule: RuleId) -> Outcome {
    Outcome::game_point_win(side, rule)
}

/// A draw in Duel: "a half Game Point each for a draw".
fn draw(rule: RuleId) -> Outcome {
    Outcome::game_point_draw(rule)
}

impl Duel {
    /// The square of `side`'s Character, or `None` once it is captured.
    #[must_use]
    pub fn character(&self, side: Side) -> Option<Square> {
        self.squares[side.index()]
    }

    fn compute_hash(squares: [Option<Square>; 2], to_move: Side) -> u64 {
        let mut h = 0;
        for side in Side::ALL {
            if let Some(sq) = squares[side.index()] {
                h ^= piece_key(side, sq);
            }
        }
        if to_move == Side::Red {
            h ^= RED_TO_MOVE;
        }
        h
    }

    /// Whether `side`'s Character attacks the Key.
    fn attacks_key(&self, side: Side) -> bool {
        self.character(side)
            .is_some_and(|sq| LANCER[sq.index()].has(KEY))
    }

    /// The outcome after `mover` moved, if the move decided the game.
    ///
    /// `challenged` is whether the opponent stood on the Key before the move (a
    /// Hold-the-Key challenge the mover had to answer by capturing).
    fn decide(&self, mover: Side, challenged: bool, lone_capture: bool) -> Option<Outcome> {
        let them = mover.opponent();
        // "his opponent must capture him immediately or lose the game"
        if challenged && self.character(them) == Some(KEY) {
            return Some(win(them, HOLD_THE_KEY));
        }
        if self.character(mover) == Some(KEY) {
            // No opposing Character is left to capture the holder.
            if self.character(them).is_none() {
                return Some(win(mover, HOLD_THE_KEY));
            }
            // Ruling duel.key-win-timing.
            if self.options.key_win_timing == KeyWinTiming::AtOnce && !self.attacks_key(them) {
                return Some(win(mover, HOLD_THE_KEY));
            }
            return None;
        }
        // Ruling duel.lone-continuation.
        if lone_capture && self.options.lone_continuation == LoneContinuation::WinAtOnce {
            return Some(win(mover, HOLD_THE_KEY));
        }
        None
    }

    fn parse_board(text: &str, board: &str) -> Result<[Option<Square>; 2], PositionError> {
        let err = |expected: String| PositionError {
            text: text.to_owned(),
            expected,
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 3 {
            return Err(err(format!(
                "three ranks separated by `/`, rank 3 first (such as `G2/3/2R`), found {} in `{board}`",
                ranks.len()
            )));
        }
        let mut squares = [None, None];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 2 - i as u8;
            let mut file = 0u8;
            for c in rank_text.chars() {
                let side = match c {
                    '1'..='3' => {
                        file += c as u8 - b'0';
                        if file > 3 {
                            return Err(err(format!(
                                "at most 3 squares in rank {}, found more in `{rank_text}`",
                                rank + 1
                            )));
                        }
                        continue;
                    }
                    'G' => Side::Green,
                    'R' => Side::Red,
                    _ => {
                        return Err(err(format!(
                            "`G`, `R` or a count of empty squares 1-3 in rank {}, found `{c}`",
                            rank + 1
                        )));
                    }
                };
                if file >= 3 {
                    return Err(err(format!("at most 3 squares in rank {}", rank + 1)));
                }
                if squares[side.index()].is_some() {
                    return Err(err(format!("at most one {side} Character")));
                }
                squares[side.index()] = Some(GEOMETRY.at(file, rank));
                file += 1;
            }
            if file != 3 {
                return Err(err(format!(
                    "exactly 3 squares in rank {}, found {file} in `{rank_text}`",
                    rank + 1
                )));
            }
        }
        Ok(squares)
    }
}

/// Duel in the Castle's clock: "five or ten minutes on a single countdown
/// clock. Each move is time-lagged by five seconds" (seed 002, Duel, Clocks).
#[must_use]
pub const fn clock(minutes: u64) -> TimeControl {
    TimeControl::Countdown {
        base: Millis::mins(minutes),
        lag: Lag::delay(Millis::secs(5)),
    }
}

impl Game for Duel {
    type Action = DuelAction;
    /// A King's Lancer reaches at most 4 squares of a 3x3 board (from a corner: two
    /// along each edge); from any other square fewer. Capacity 4 is exact.
    type Actions = ArrayVec<DuelAction, 4>;
    type Event = DuelEvent;
    type Options = DuelOptions;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = "duel";
    const TITLE: &'static str = "Duel in the Castle";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 1: Duel in the Castle";
    const RULINGS: &'static [Ruling] = &[KEY_WIN_TIMING, REPETITION, LONE_CONTINUATION];
    const RULES: &'static [RuleId] = &[HOLD_THE_KEY, rules::THREEFOLD_REPETITION];
    const CLOCKS: &'static [(&'static str, TimeControl)] =
        &[("duel-5", clock(5)), ("duel-10", clock(10))];
    const EVENTS: &'static [&'static str] = &["capture", "key-taken", "lone-continuation"];

    /// Red on C1, Green on A3, Red to move ("Of the two Characters, who move
    /// alternately, Red moves first").
    fn new(options: &DuelOptions) -> Duel {
        let squares = [Some(GREEN_START), Some(RED_START)];
        let hash = Duel::compute_hash(squares, Side::Red);
        Duel {
            options: *options,
            squares,
            to_move: Side::Red,
            outcome: None,
            ply: 0,
            hash,
            history: RepetitionHistory::starting_at(hash),
        }
    }

    fn options(&self) -> &DuelOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        match self.outcome {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Player(self.to_move),
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    /// The side to move's Character may go to any King's Lancer target; the only
    /// other piece on the board is the opponent's, which it captures.
    fn legal_actions(&self, out: &mut Self::Actions) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        if let Some(from) = self.character(self.to_move) {
            for to in LANCER[from.index()] {
                #[cfg(feature = "fault-injection")]
                if self.options.fault == DuelFault::KeyHolderImmune
                    && to == KEY
                    && self.character(self.to_move.opponent()) == Some(KEY)
                {
                    continue;
                }
                out.push(DuelAction { from, to });
            }
        }
    }

    fn apply_unchecked(&mut self, action: DuelAction, events: &mut impl FnMut(DuelEvent)) {
        let mover = self.to_move;
        let them = mover.opponent();
        let challenged = self.character(them) == Some(KEY);
        let DuelAction { from, to } = action;

        self.hash ^= piece_key(mover, from) ^ piece_key(mover, to);
        self.squares[mover.index()] = Some(to);
        let captured = self.character(them) == Some(to);
        if captured {
            self.squares[them.index()] = None;
            self.hash ^= piece_key(them, to);
            events(DuelEvent::Capture { by: mover, at: to });
        }
        if to == KEY {
            events(DuelEvent::KeyTaken { side: mover });
        }
        self.ply += 1;

        // "If a Character has captured his opposing Character but is not occupying
        // the Key position then he may carry on moving until he does occupy the Key
        // Position - otherwise Characters must move alternately."
        if self.character(them).is_some() {
            self.to_move = them;
            self.hash ^= RED_TO_MOVE;
        }
        let lone_capture = captured && to != KEY;
        if lone_capture {
            events(DuelEvent::LoneContinuation { side: mover });
        }

        self.outcome = self.decide(mover, challenged, lone_capture);
        // Ruling duel.repetition: positions since the last capture, side to move
        // included (it is in the hash).
        if captured {
            self.history.reset(self.hash);
        } else if self.history.push(self.hash) >= 3 && self.outcome.is_none() {
            self.outcome = Some(draw(rules::THREEFOLD_REPETITION));
        }
    }

    /// `C1-B1` for a move, `A3xA1` for a capture.
    fn write_action(&self, action: DuelAction, out: &mut dyn fmt::Write) -> fmt::Result {
        let occupied = self.squares.contains(&Some(action.to)) && action.to != action.from;
        let sep = if occupied { 'x' } else { '-' };
        write!(
            out,
            "{}{sep}{}",
            GEOMETRY.name(action.from),
            GEOMETRY.name(action.to)
        )
    }

    fn parse_action(&self, text: &str) -> Result<DuelAction, NotationError> {
        let err = |expected: &str| NotationError {
            text: text.to_owned(),
            expected: expected.to_owned(),
        };
        const FORM: &str = "a move such as `C1-B1`, or a capture such as `A3xA1` (squares A1-C3)";
        let (sep_at, sep) = text
            .char_indices()
            .find(|&(_, c)| c == '-' || c == 'x')
            .ok_or_else(|| err(FORM))?;
        let from = GEOMETRY
            .parse_square(&text[..sep_at])
            .map_err(|_| err(FORM))?;
        let to = GEOMETRY
            .parse_square(&text[sep_at + 1..])
            .map_err(|_| err(FORM))?;
        let occupied = self.squares.contains(&Some(to)) && to != from;
        match (sep, occupied) {
            ('x', false) => Err(err(&format!(
                "`{}-{}`: `x` marks a capture, and {} is empty",
                GEOMETRY.name(from),
                GEOMETRY.name(to),
                GEOMETRY.name(to)
            ))),
            ('-', true) => Err(err(&format!(
                "`{}x{}`: {} is occupied, so the move is a capture written with `x`",
                GEOMETRY.name(from),
                GEOMETRY.name(to),
                GEOMETRY.name(to)
            ))),
            _ => Ok(DuelAction { from, to }),
        }
    }

    fn arbitrary_action(&self, bits: u64) -> DuelAction {
        DuelAction {
            from: Square((bits % 9) as u8),
            to: Square((bits >> 8) as u8 % 9),
        }
    }

    /// `<rank 3>/<rank 2>/<rank 1> <side to move> [<result>]`: `G` and `R` for the
    /// Characters, a digit for a run of empty squares; the result, once over, is
    /// `red-wins:hold-the-key`, `green-wins:hold-the-key` or
    /// `draw:threefold-repetition`. The start is `G2/3/2R red`.
    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        for rank in (0..3u8).rev() {
            let mut empty = 0;
            for file in 0..3u8 {
                let sq = GEOMETRY.at(file, rank);
                let piece = Side::ALL
                    .into_iter()
                    .find(|&s| self.character(s) == Some(sq));
                match piece {
                    Some(side) => {
                        if empty > 0 {
                            write!(out, "{empty}")?;
                            empty = 0;
                        }
                        out.write_char(if side == Side::Green { 'G' } else { 'R' })?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(out, "{empty}")?;
            }
            if rank > 0 {
                out.write_char('/')?;
            }
        }
        write!(out, " {}", self.to_move)?;
        if let Some(outcome) = self.outcome {
            match outcome.winner {
                Some(side) => write!(out, " {side}-wins:{}", outcome.rule)?,
                None => write!(out, " draw:{}", outcome.rule)?,
            }
        }
        Ok(())
    }

    fn import(text: &str, options: &DuelOptions) -> Result<Duel, PositionError> {
        let err = |expected: String| PositionError {
            text: text.to_owned(),
            expected,
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, result) = match fields.as_slice() {
            [board, side] => (*board, *side, None),
            [board, side, result] => (*board, *side, Some(*result)),
            _ => {
                return Err(err(
                    "`<board> <side to move> [<result>]`, such as `G2/3/2R red`".to_owned(),
                ));
            }
        };
        let squares = Duel::parse_board(text, board)?;
        let to_move: Side = side.parse().map_err(|e| err(format!("{e}")))?;
        if squares == [None, None] {
            return Err(err("at least one Character on the board".to_owned()));
        }
        if squares[to_move.index()].is_none() {
            return Err(err(format!("{to_move} is to move but has no Character")));
        }
        let outcome = match result {
            None => None,
            Some(r) => Some(match r {
                "green-wins:hold-the-key" => win(Side::Green, HOLD_THE_KEY),
                "red-wins:hold-the-key" => win(Side::Red, HOLD_THE_KEY),
                "draw:threefold-repetition" => draw(rules::THREEFOLD_REPETITION),
                _ => {
                    return Err(err(format!(
                        "a result `green-wins:hold-the-key`, `red-wins:hold-the-key` or `draw:threefold-repetition`, found `{r}`"
                    )));
                }
            }),
        };
        // A Hold the Key win ends with the winner on the Key, or under ruling
        // duel.lone-continuation's `win-at-once` with the loser captured
        // (`decide`'s wins); a draw by repetition is the past's, taken as given.
        if let Some(Outcome {
            winner: Some(w), ..
        }) = outcome
        {
            let lone = options.lone_continuation == LoneContinuation::WinAtOnce
                && squares[w.opponent().index()].is_none();
            if squares[w.index()] != Some(KEY) && !lone {
                return Err(err(format!(
                    "`{w}-wins:hold-the-key` with {w} not on the Key B2: a won Duel ends with the winner on the Key"
                )));
            }
        }
        let hash = Duel::compute_hash(squares, to_move);
        let duel = Duel {
            options: *options,
            squares,
            to_move,
            outcome,
            ply: 0,
            hash,
            history: RepetitionHistory::starting_at(hash),
        };
        if outcome.is_none() {
            // A game that goes on cannot have a Key holder whose win is already due
            // (seed 002, Duel, The Play: "his opponent must capture him immediately
            // or lose the game"; ruling duel.key-win-timing).
            let them = to_move.opponent();
            if duel.character(to_move) == Some(KEY) {
                return Err(err(format!(
                    "{to_move} to move on the Key B2, which {them} did not capture: the game is over, give its result"
                )));
            }
            if duel.character(them) == Some(KEY)
                && options.key_win_timing == KeyWinTiming::AtOnce
                && !duel.attacks_key(to_move)
            {
                return Err(err(format!(
                    "{them} on the Key B2 and {to_move} cannot capture there: {them} has won (ruling duel.key-win-timing `at-once`), give the result"
                )));
            }
        }
        Ok(duel)
    }

    fn history_len(&self) -> Option<usize> {
        Some(self.history.len())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        Duel::compute_hash(self.squares, self.to_move)
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        if let [Some(g), Some(r)] = self.squares
            && g == r
        {
            return Err(InvariantError(format!(
                "both Characters on {}",
                GEOMETRY.name(g)
            )));
        }
        for sq in self.squares.into_iter().flatten() {
            if sq.index() >= GEOMETRY.len() {
                return Err(InvariantError(format!(
                    "a Character off the board ({})",
                    sq.0
                )));
            }
        }
        if self.outcome.is_none() && self.character(self.to_move).is_none() {
            return Err(InvariantError(format!(
                "{} to move with no Character",
                self.to_move
            )));
        }
        if self.history.current() != Some(self.hash) {
            return Err(InvariantError(
                "the repetition history does not end at the current position".into(),
            ));
        }
        if self.outcome.is_none() && self.history.count(self.hash) >= 3 {
            return Err(InvariantError(
                "a third occurrence of a position did not end the game".into(),
            ));
        }
        Ok(())
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        for rank in (0..3u8).rev() {
            write!(out, "{}  ", rank + 1)?;
            for file in 0..3u8 {
                let sq = GEOMETRY.at(file, rank);
                let c = if self.character(Side::Green) == Some(sq) {
                    'G'
                } else if self.character(Side::Red) == Some(sq) {
                    'R'
                } else if sq == KEY {
                    '*'
                } else {
                    '.'
                };
                out.write_char(c)?;
                if file < 2 {
                    out.write_char(' ')?;
                }
            }
            out.write_char('\n')?;
        }
        writeln!(out, "   A B C")?;
        match self.turn() {
            Turn::Over(outcome) => writeln!(out, "{outcome}"),
            Turn::Player(side) => writeln!(out, "{side} to move"),
            Turn::Chance => writeln!(out, "chance to act"),
        }
    }

    /// Before any capture a position is the two Characters' squares (9 x 8) and the
    /// side to move (2): 144 positions, none of which may occur a third time, so at
    /// most 2 x 144 = 288 plies reach the first capture or the draw. After a capture
    /// one Character is left on one of 8 squares off the Key with the same side to
    /// move: at most 2 x 8 = 16 more positions. With the capturing ply itself, no
    /// game lasts more than 288 + 1 + 16 = 305 plies.
    fn ply_bound(&self) -> Option<u32> {
        Some(305)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(duel: &mut Duel, line: &[&str]) {
        for text in line {
            let a = duel.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
            duel.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }

    fn start() -> Duel {
        Duel::new(&DuelOptions::default())
    }

    fn legal_texts(duel: &Duel) -> Vec<String> {
        let mut buf = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut buf);
        let mut v: Vec<String> = buf.iter().map(|&a| duel.action_text(a)).collect();
        v.sort();
        v
    }

    #[test]
    fn red_has_four_first_moves() {
        assert_eq!(legal_texts(&start()), ["C1-A1", "C1-B1", "C1-C2", "C1-C3"]);
    }

    #[test]
    fn an_action_is_two_bytes() {
        assert_eq!(std::mem::size_of::<DuelAction>(), 2);
    }

    #[test]
    fn the_capacity_of_four_is_reached_from_a_corner() {
        let duel = Duel::import("G2/3/2R red", &DuelOptions::default()).unwrap();
        let mut buf = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut buf);
        assert_eq!(buf.len(), buf.capacity());
    }

    #[test]
    fn first_winning_line_wins_at_once() {
        let mut duel = start();
        play(&mut duel, &["C1-B1", "A3-C3", "B1-B2"]);
        assert_eq!(duel.turn(), Turn::Over(win(Side::Red, HOLD_THE_KEY)));
    }

    #[test]
    fn first_winning_line_after_reply_needs_greens_move() {
        let options = DuelOptions {
            key_win_timing: KeyWinTiming::AfterReply,
            ..DuelOptions::default()
        };
        let mut duel = Duel::new(&options);
        play(&mut duel, &["C1-B1", "A3-C3", "B1-B2"]);
        assert_eq!(duel.turn(), Turn::Player(Side::Green));
        play(&mut duel, &["C3-C2"]);
        assert_eq!(duel.turn(), Turn::Over(win(Side::Red, HOLD_THE_KEY)));
    }

    #[test]
    fn second_winning_line_green_captures_on_the_key() {
        let mut duel = start();
        play(&mut duel, &["C1-B1", "A3-A2", "B1-B2"]);
        assert_eq!(duel.turn(), Turn::Player(Side::Green));
        play(&mut duel, &["A2xB2"]);
        assert_eq!(duel.turn(), Turn::Over(win(Side::Green, HOLD_THE_KEY)));
    }

    #[test]
    fn failing_to_capture_the_holder_loses() {
        let mut duel = start();
        play(&mut duel, &["C1-B1", "A3-A2", "B1-B2", "A2-A1"]);
        assert_eq!(duel.turn(), Turn::Over(win(Side::Red, HOLD_THE_KEY)));
    }

    #[test]
    fn notation_checks_the_capture_mark() {
        let duel = start();
        assert!(duel.parse_action("C1xB1").is_err());
        assert!(duel.parse_action("C1-B1").is_ok());
        let mut duel = start();
        play(&mut duel, &["C1-A1"]);
        assert!(duel.parse_action("A3-A1").is_err());
        assert!(duel.parse_action("A3xA1").is_ok());
        assert!(duel.parse_action("A3A1").is_err());
        assert!(duel.parse_action("A3-D1").is_err());
    }

    #[test]
    fn illegal_actions_change_nothing() {
        let mut duel = start();
        let before = duel.clone();
        let bad = DuelAction {
            from: RED_START,
            to: KEY,
        };
        assert_eq!(duel.play(bad), Err(crate::core::ApplyError::NotLegal));
        assert_eq!(duel, before);
        assert_eq!(duel.hash(), before.hash());
    }

    #[test]
    fn export_import_round_trips() {
        let mut duel = start();
        assert_eq!(duel.export_string(), "G2/3/2R red");
        play(&mut duel, &["C1-A1", "A3xA1"]);
        assert_eq!(duel.export_string(), "3/3/G2 green");
        let back = Duel::import(&duel.export_string(), &DuelOptions::default()).unwrap();
        assert_eq!(back, duel);
        assert!(Duel::import("G2/3/2R", &DuelOptions::default()).is_err());
        assert!(Duel::import("G3/3/2R red", &DuelOptions::default()).is_err());
        // A Key holder whose win is already due: the game cannot go on.
        for on_key in ["1G1/1R1/3 red", "3/1R1/3 red", "3/1R1/G2 green"] {
            let e = Duel::import(on_key, &DuelOptions::default()).unwrap_err();
            assert!(e.expected.contains("give"), "{on_key}: {e}");
        }
        let after_reply = DuelOptions {
            key_win_timing: KeyWinTiming::AfterReply,
            ..DuelOptions::default()
        };
        assert!(Duel::import("3/1R1/G2 green", &after_reply).is_ok());
        assert!(Duel::import("3/1R1/G2 red", &after_reply).is_err());
        assert!(Duel::import("1G1/1R1/3 green", &DuelOptions::default()).is_ok());
        assert!(
            Duel::import(
                "1G1/1R1/3 red red-wins:hold-the-key",
                &DuelOptions::default()
            )
            .is_ok()
        );
        assert!(Duel::import("GG1/3/3 red", &DuelOptions::default()).is_err());
        // A stored win the board contradicts: perft from it counted 0.
        for (text, says) in [
            (
                "2G/1R1/3 green green-wins:hold-the-key",
                "green not on the Key",
            ),
            ("3/1G1/2R red red-wins:hold-the-key", "red not on the Key"),
            (
                "3/3/G2 green green-wins:hold-the-key",
                "green not on the Key",
            ),
        ] {
            let e = Duel::import(text, &DuelOptions::default()).unwrap_err();
            assert!(e.expected.contains(says), "{text}: {e}");
        }
        // Under the lone continuation's `win-at-once` the capture of the last
        // opposing Character wins off the Key.
        let at_once = DuelOptions {
            lone_continuation: LoneContinuation::WinAtOnce,
            ..DuelOptions::default()
        };
        assert!(Duel::import("3/3/G2 green green-wins:hold-the-key", &at_once).is_ok());
        assert!(Duel::import("3/3/G1R green green-wins:hold-the-key", &at_once).is_err());
        // Found by the position_parser fuzz target: long runs of digits overflowed.
        let long = format!("{}/3/G2 red", "3".repeat(200));
        assert!(Duel::import(&long, &DuelOptions::default()).is_err());
    }
}
