//! DiamondQuest and DiamondChess: the 2nd and 3rd Hunts of Northern Light (seed
//! 002, "DiamondQuest (aka Diamaranga)" and "DiamondChess").
//!
//! "The D4 position is now the same as any other and the board is now a
//! straightforward 7x7 non-chequered Chessboard." The Princesses "are now Royal
//! ... and so are vulnerable to Check and Checkmate and therefore may not occupy
//! adjacent squares"; the object is to "Encircle (Checkmate) the opposing
//! Princess". Towers move as Rooks, Knights as Knights, Nobles as Bishops,
//! Pikemen as Pawns; "Pikemen can and must promote on their end rank to either an
//! Aristocrat (same powers as a Tower), a Noble or a Knight"; "There is castling
//! and this is called Towering and the normal rules of Western Chess castling
//! apply – The Princess moves two squares laterally and the Tower moves two
//! squares laterally the opposite way to stand next to her"; "Draws include
//! threefold repetition of moves/position and Stalemate".
//!
//! DiamondQuest: "The Pikemen can only move one square on their first move"; "who
//! moves first is the opposite of who moved first in DiamondQi" (ruling
//! [`QUEST_FIRST_MOVER`]). DiamondChess: "All the rules of play are identical to
//! DiamondQuest except that the Pikemen also have an optional initial two square
//! (position) move ... The en-passant capture rules now apply"; "who moves first
//! is decided by the roll of a standard dice or coin".
//!
//! Scores: "one Game Point for a win but there are no Points awarded for a draw".
//!
//! [`Hunt<false>`] is DiamondQuest, [`Hunt<true>`] DiamondChess: the parameter is
//! the Pikemen's double step. Rulings: [`QUEST_FIRST_MOVER`], [`QUEST_REPETITION`],
//! [`QUEST_DEAD_POSITION`]; [`CHESS_REPETITION`], [`CHESS_DEAD_POSITION`]; the
//! set-up is DiamondQi's ([`super::qi::SET_UP`]).

use std::fmt;
use std::sync::OnceLock;

use super::hunt_gen::Collect;
use super::{ARISTOCRAT, GEOMETRY, KINDS, KNIGHT, NOBLE, PIKEMAN, PRINCESS, SET_UP_FILE, TOWER};
use crate::core::clocks::{Lag, Millis, TimeControl};
use crate::core::{
    ActionBuffer, Bits, Game, InvariantError, NotationError, Outcome, PositionError, Probability,
    RepetitionHistory, RuleId, Score, ScoreUnit, Side, Square, Turn, rules as core_rules,
};
use crate::jewel::keysquare::{
    Action, BetweenTables, Board, JewelAction, Kind, Move, ep_key, piece_key, side_key,
    towering_set_key,
};
use crate::rulings::Ruling;

/// DiamondQuest in progress.
pub type DiamondQuest = Hunt<false>;
/// DiamondChess in progress.
pub type DiamondChess = Hunt<true>;

/// The generic move tables of the board, for the tests (the hunts' own are
/// narrower: [`hunt_gen`](super::hunt_gen)).
#[cfg(test)]
pub(super) static TABLES: crate::jewel::keysquare::Tables =
    crate::jewel::keysquare::Tables::build(GEOMETRY, None);
pub(super) static LINES: BetweenTables = BetweenTables::build(GEOMETRY);

/// An upper bound on the legal actions of a hunt position: the Princess 8 steps
/// and 2 Towering moves; two Towers 12 each (a Rook on 7x7 reaches at most 6 + 6
/// squares); two Knights 8 each; two Nobles 12 each (from the centre, 3 squares
/// in each of four directions); and seven Pikemen, each at most 12 whether it is
/// still a Pikeman (3 squares times 3 promotions = 9, or a step, a double step and
/// two captures = 4) or promoted (an Aristocrat 12, a Noble 12, a Knight 8). 10 +
/// 24 + 16 + 24 + 84 = 158. The test `the_capacity_bound` recomputes the maxima.
pub const CAPACITY: usize = 158;

/// Towering rights: Red's with the A1 Tower, Red's with the G1 Tower, Green's with
/// A7, Green's with G7.
pub(super) const RIGHTS: [(Side, Square); 4] = [
    (Side::Red, GEOMETRY.at(0, 0)),
    (Side::Red, GEOMETRY.at(6, 0)),
    (Side::Green, GEOMETRY.at(0, 6)),
    (Side::Green, GEOMETRY.at(6, 6)),
];

/// Deciding rules of the hunts.
pub mod rules {
    use crate::core::RuleId;

    /// "the object of the game is to Encircle (Checkmate) the opposing Princess".
    pub const CHECKMATE: RuleId = RuleId("checkmate");
    /// "Draws include threefold repetition of moves/position and Stalemate".
    pub const STALEMATE: RuleId = RuleId("stalemate");
    /// Neither side can ever checkmate (rulings `diamond-quest.dead-position`,
    /// `diamond-chess.dead-position`).
    pub const DEAD_POSITION: RuleId = RuleId("dead-position");
}

/// A result kept in the state (checkmate and stalemate are read off the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stored {
    /// Threefold repetition.
    Repetition,
    /// Ruling `*.dead-position`.
    DeadPosition,
}

impl Stored {
    pub(super) const fn rule(self) -> RuleId {
        match self {
            Stored::Repetition => core_rules::THREEFOLD_REPETITION,
            Stored::DeadPosition => rules::DEAD_POSITION,
        }
    }
}

/// DiamondQuest (`DOUBLE = false`) or DiamondChess (`DOUBLE = true`) in progress.
///
/// The position is the placement, the side to move (or a pending first-move coin),
/// the Towering rights and, in DiamondChess, the en passant square. Equality
/// compares those, the options and a stored result; the ply count and repetition
/// history are the past.
pub struct Hunt<const DOUBLE: bool> {
    pub(super) options: HuntOptions<DOUBLE>,
    pub(super) board: Board<u64>,
    pub(super) to_move: Side,
    pub(super) coin: bool,
    /// Bit `i` for [`RIGHTS`]`[i]`.
    pub(super) towering: u8,
    pub(super) ep: Option<Square>,
    pub(super) stored: Option<Stored>,
    pub(super) ply: u32,
    pub(super) hash: u64,
    pub(super) history: RepetitionHistory,
}

impl<const DOUBLE: bool> Clone for Hunt<DOUBLE> {
    fn clone(&self) -> Self {
        Hunt {
            history: self.history.clone(),
            ..*self
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.options = source.options;
        self.board = source.board;
        self.to_move = source.to_move;
        self.coin = source.coin;
        self.towering = source.towering;
        self.ep = source.ep;
        self.stored = source.stored;
        self.ply = source.ply;
        self.hash = source.hash;
        self.history.clone_from(&source.history);
    }
}

impl<const DOUBLE: bool> PartialEq for Hunt<DOUBLE> {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.board == other.board
            && self.to_move == other.to_move
            && self.coin == other.coin
            && self.towering == other.towering
            && self.ep == other.ep
            && self.stored == other.stored
    }
}

impl<const DOUBLE: bool> fmt::Debug for Hunt<DOUBLE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(Self::TITLE)
            .field("position", &self.export_string())
            .field("options", &self.options)
            .field("ply", &self.ply)
            .finish()
    }
}

/// A hunt win: "one Game Point for a win".
pub(super) fn win(side: Side, rule: RuleId) -> Outcome {
    Outcome {
        winner: Some(side),
        rule,
        score: Score::win(side, 1, ScoreUnit::GamePoints),
    }
}

/// A hunt draw: "there are no Points awarded for a draw".
pub(super) fn draw(rule: RuleId) -> Outcome {
    Outcome {
        winner: None,
        rule,
        score: Score::each_halves(0, ScoreUnit::GamePoints),
    }
}

/// The set-up's placement, read once from the data file.
fn set_up_board() -> &'static Board<u64> {
    static BOARD: OnceLock<Board<u64>> = OnceLock::new();
    BOARD.get_or_init(|| {
        let line = SET_UP_FILE
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("");
        let board_text = line.split_whitespace().next().unwrap_or("");
        match Board::parse(board_text, GEOMETRY, &KINDS) {
            Ok(b) => b,
            Err(e) => panic!("Northern Light: the set-up data file does not read: {e}"),
        }
    })
}

impl<const DOUBLE: bool> Hunt<DOUBLE> {
    /// The hunt from the set-up with `first` to move (`None`: a coin toss pending).
    #[must_use]
    pub fn starting(options: &HuntOptions<DOUBLE>, first: Option<Side>) -> Self {
        let mut hunt = Hunt {
            options: *options,
            board: *set_up_board(),
            to_move: first.unwrap_or(Side::Green),
            coin: first.is_none(),
            towering: 0b1111,
            ep: None,
            stored: None,
            ply: 0,
            hash: 0,
            history: RepetitionHistory::default(),
        };
        hunt.towering = hunt.valid_rights();
        hunt.hash = hunt.compute_hash();
        hunt.history = RepetitionHistory::starting_at(hunt.hash);
        hunt
    }

    /// The placement.
    #[must_use]
    pub fn board(&self) -> &Board<u64> {
        &self.board
    }

    /// The Towering rights whose Princess and Tower still stand on their squares.
    pub(super) fn valid_rights(&self) -> u8 {
        /// Where each right's Princess stands: D1 for Red's, D7 for Green's.
        const HOMES: [Square; 4] = [
            GEOMETRY.at(3, 0),
            GEOMETRY.at(3, 0),
            GEOMETRY.at(3, 6),
            GEOMETRY.at(3, 6),
        ];
        let mut rights = 0;
        for (i, &(side, corner)) in RIGHTS.iter().enumerate() {
            if self.towering >> i & 1 == 1
                && self.board.pieces(side, PRINCESS).has(HOMES[i])
                && self.board.pieces(side, TOWER).has(corner)
            {
                rights |= 1 << i;
            }
        }
        rights
    }

    /// The key the repetition history records: the hash, less the en passant
    /// square when no legal en passant capture onto it exists, so that a
    /// right that changes no legal action does not tell two positions apart
    /// (ruling `diamond-chess.repetition`, as FIDE 9.2.3.1). The capture is
    /// looked for only while a square is set (after a double step).
    #[inline]
    pub(super) fn repetition_key(&self) -> u64 {
        match self.ep {
            Some(ep) if !self.en_passant_capture_exists(ep) => self.hash ^ ep_key(ep),
            _ => self.hash,
        }
    }

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = self.board.hash(KINDS.len()) ^ side_key(self.to_move);
        if self.coin {
            h ^= crate::jewel::keysquare::coin_key();
        }
        if let Some(ep) = self.ep {
            h ^= ep_key(ep);
        }
        h ^ towering_set_key(self.towering)
    }

    /// Whether only the Princesses are left, or besides them a single Knight, or
    /// only Nobles all on squares of one colour: no sequence of moves can
    /// checkmate (ruling `*.dead-position`).
    pub(super) fn dead(&self) -> bool {
        let b = &self.board;
        let others = b.occupied() & !b.kind(PRINCESS);
        if others == 0 {
            return true;
        }
        if others & (b.kind(TOWER) | b.kind(ARISTOCRAT) | b.kind(PIKEMAN)) != 0 {
            return false;
        }
        let (knights, nobles) = (b.kind(KNIGHT), b.kind(NOBLE));
        if nobles == 0 {
            return knights.count_ones() == 1;
        }
        // Squares whose file + rank is even: on 7 files, every other bit.
        const EVEN: u64 = 0x1_5555_5555_5555 & ((1 << 49) - 1);
        knights == 0 && (nobles & EVEN == 0 || nobles & !EVEN == 0)
    }

    /// The Towering rights kept when a piece moves from or to `sq`: all but the
    /// right of a Tower whose corner `sq` is.
    const fn rights_kept(sq: Square) -> u8 {
        let mut keep = 0b1111;
        let mut i = 0;
        while i < 4 {
            if RIGHTS[i].1.0 == sq.0 {
                keep &= !(1 << i);
            }
            i += 1;
        }
        keep
    }

    #[inline]
    fn apply_move(&mut self, m: Move, events: &mut impl FnMut(HuntEvent)) {
        // One entry per byte a square can be, so that no index is out of range
        // (squares beyond the board keep every right; no move has them).
        const KEEP: [u8; 256] = {
            let mut t = [0b1111u8; 256];
            let mut sq = 0;
            while sq < 49 {
                t[sq] = Hunt::<false>::rights_kept(Square(sq as u8));
                sq += 1;
            }
            t
        };
        let us = self.to_move;
        let them = us.opponent();
        let (from, to) = (m.from, m.to);
        let width = GEOMETRY.width();
        let mut irreversible = m.kind == PIKEMAN;
        let mut captured = false;
        if self.board.side(them).has(to) {
            if let Some(v) = self.board.kind_at(to) {
                self.board.toggle(them, v, to);
                self.hash ^= piece_key(them, v, to);
                captured = true;
                events(HuntEvent::Capture {
                    by: us,
                    kind: m.kind,
                    victim: v,
                    at: to,
                    en_passant: false,
                });
            }
        } else if m.kind == PIKEMAN && Some(to) == self.ep {
            let at = Square(if us == Side::Red {
                to.0 - width
            } else {
                to.0 + width
            });
            self.board.toggle(them, PIKEMAN, at);
            self.hash ^= piece_key(them, PIKEMAN, at);
            captured = true;
            events(HuntEvent::Capture {
                by: us,
                kind: m.kind,
                victim: PIKEMAN,
                at: to,
                en_passant: true,
            });
        }
        if m.kind == PRINCESS && from.0.abs_diff(to.0) == 2 {
            // Towering: the Tower comes from its corner to stand next to her.
            let east = to.0 > from.0;
            let rank_start = from.0 - from.0 % width;
            let (corner, beside) = if east {
                (Square(rank_start + width - 1), Square(to.0 - 1))
            } else {
                (Square(rank_start), Square(to.0 + 1))
            };
            self.board.shift(us, TOWER, corner, beside);
            self.hash ^= piece_key(us, TOWER, corner) ^ piece_key(us, TOWER, beside);
            events(HuntEvent::Towering { side: us, east });
        }
        if let Some(p) = m.promotion {
            self.board.toggle(us, PIKEMAN, from);
            self.board.toggle(us, p, to);
            self.hash ^= piece_key(us, PIKEMAN, from) ^ piece_key(us, p, to);
            events(HuntEvent::Promotion {
                side: us,
                to: p,
                at: to,
            });
        } else {
            self.board.shift(us, m.kind, from, to);
            self.hash ^= piece_key(us, m.kind, from) ^ piece_key(us, m.kind, to);
        }
        // Towering rights: lost when the Princess moves, or when anything moves
        // from or to a Tower's corner.
        if self.towering != 0 {
            let mut rights = self.towering & KEEP[from.index()] & KEEP[to.index()];
            if m.kind == PRINCESS {
                rights &= if us == Side::Red { 0b1100 } else { 0b0011 };
            }
            let lost = self.towering ^ rights;
            if lost != 0 {
                self.hash ^= towering_set_key(lost);
                self.towering = rights;
                irreversible = true;
            }
        }
        if let Some(ep) = self.ep.take() {
            self.hash ^= ep_key(ep);
        }
        if DOUBLE && m.kind == PIKEMAN && from.0.abs_diff(to.0) == 2 * width {
            let mid = Square((from.0 + to.0) / 2);
            self.ep = Some(mid);
            self.hash ^= ep_key(mid);
        }
        self.to_move = them;
        self.hash ^= side_key(Side::Red);
        self.ply += 1;
        self.stored = None;
        if (captured || m.promotion.is_some())
            && self.options.dead_position == DeadPosition::Draw
            && self.dead()
        {
            self.stored = Some(Stored::DeadPosition);
        }
        // Ruling diamond-quest.repetition / diamond-chess.repetition.
        // A double step is a Pikeman's move: the en passant square is set only
        // on a restart, and only its key may drop it.
        if captured || irreversible {
            self.history.reset(self.repetition_key());
        } else if self.history.push(self.hash) >= 3 && self.stored.is_none() {
            self.stored = Some(Stored::Repetition);
        }
    }
}

/// DiamondQuest's clock (and DiamondChess's, and the Deciding Hunt's): "thirty
/// minutes on a single countdown clock plus any unused time" from the hunt
/// before ([`Clocks::next_hunt`](crate::core::clocks::Clocks::next_hunt)), "a
/// five second time-lagging for each move" (seed 002, DiamondQuest and
/// DiamondChess, Clocks).
pub const CLOCK: TimeControl = TimeControl::Countdown {
    base: Millis::mins(30),
    lag: Lag::delay(Millis::secs(5)),
};

impl<const DOUBLE: bool> Game for Hunt<DOUBLE> {
    type Action = JewelAction;
    type Actions = crate::core::ActionList<JewelAction, CAPACITY>;
    type Event = HuntEvent;
    type Options = HuntOptions<DOUBLE>;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = if DOUBLE {
        "diamond-chess"
    } else {
        "diamond-quest"
    };
    const TITLE: &'static str = if DOUBLE {
        "Northern Light, 3rd Hunt: DiamondChess"
    } else {
        "Northern Light, 2nd Hunt: DiamondQuest"
    };
    const SOURCE: &'static str = if DOUBLE {
        "seed 002 (Jewel), Jewel Facet 3: Northern Light, DiamondChess"
    } else {
        "seed 002 (Jewel), Jewel Facet 3: Northern Light, DiamondQuest"
    };
    const RULINGS: &'static [Ruling] = if DOUBLE {
        &[CHESS_REPETITION, CHESS_DEAD_POSITION]
    } else {
        &[QUEST_FIRST_MOVER, QUEST_REPETITION, QUEST_DEAD_POSITION]
    };
    const RULES: &'static [RuleId] = &[
        rules::CHECKMATE,
        rules::STALEMATE,
        core_rules::THREEFOLD_REPETITION,
        rules::DEAD_POSITION,
    ];
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[(Self::NAME, CLOCK)];
    const EVENTS: &'static [&'static str] = if DOUBLE {
        &[
            "first-move",
            "capture",
            "en-passant",
            "promotion",
            "towering",
        ]
    } else {
        &["first-move", "capture", "promotion", "towering"]
    };

    fn new(options: &HuntOptions<DOUBLE>) -> Self {
        let first = match options.qi_first_mover {
            QiFirstMover::Side(qi) if !DOUBLE => Some(qi.opponent()),
            QiFirstMover::Coin | QiFirstMover::Side(_) => None,
        };
        Hunt::starting(options, first)
    }

    fn options(&self) -> &HuntOptions<DOUBLE> {
        &self.options
    }

    fn turn(&self) -> Turn {
        if self.coin {
            return Turn::Chance;
        }
        if let Some(s) = self.stored {
            return Turn::Over(draw(s.rule()));
        }
        if !self.has_legal_move() {
            return Turn::Over(if self.in_check(self.to_move) {
                win(self.to_move.opponent(), rules::CHECKMATE)
            } else {
                draw(rules::STALEMATE)
            });
        }
        Turn::Player(self.to_move)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_actions(&self, out: &mut Self::Actions) {
        out.clear();
        if self.coin {
            out.push(JewelAction::first_move(Side::Green));
            out.push(JewelAction::first_move(Side::Red));
            return;
        }
        if self.stored.is_none() {
            self.for_each_move::<true>(!0, !0, Collect(out));
        }
    }

    fn chance_probability(&self, action: JewelAction) -> Option<Probability> {
        (self.coin && matches!(action.get(), Action::FirstMove(_)))
            .then_some(Probability { num: 1, den: 2 })
    }

    /// Inline: the checks apply every listed action, and the common case is
    /// a few tests and the call of `piece_move_is_legal`; Towering is
    /// searched apart (`towering_is_legal`).
    #[inline]
    fn is_legal(&self, action: JewelAction) -> bool {
        match action.get() {
            Action::FirstMove(_) => self.coin,
            Action::Move(m) => {
                !self.coin
                    && self.stored.is_none()
                    && m.kind.index() < KINDS.len()
                    && m.from.index() < GEOMETRY.len()
                    && m.to.index() < GEOMETRY.len()
                    && self.board.pieces(self.to_move, m.kind).has(m.from)
                    && if m.kind == PRINCESS && m.from.0.abs_diff(m.to.0) == 2 {
                        self.towering_is_legal(action, m)
                    } else {
                        self.piece_move_is_legal(m)
                    }
            }
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: JewelAction, events: &mut impl FnMut(HuntEvent)) {
        match action.get() {
            Action::FirstMove(side) => {
                self.coin = false;
                self.hash ^=
                    crate::jewel::keysquare::coin_key() ^ side_key(self.to_move) ^ side_key(side);
                self.to_move = side;
                self.ply += 1;
                self.history.reset(self.hash);
                events(HuntEvent::FirstMove { side });
            }
            Action::Move(m) => self.apply_move(m, events),
        }
    }

    /// Always inlined, as [`Hunt::parse_action`] is: the checks write and
    /// read back every listed action's text, and the calls' saving and
    /// restoring of registers cost more than the common path of each.
    #[inline(always)]
    fn write_action(&self, action: JewelAction, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_action_text(action, out)
    }

    /// A move in the commonest form read inline
    /// (`parse_plain_action`), any other text by the full reading.
    #[inline(always)]
    fn parse_action(&self, text: &str) -> Result<JewelAction, NotationError> {
        match self.parse_plain_action(text) {
            Some(action) => Ok(action),
            None => self.parse_action_text(text),
        }
    }

    fn arbitrary_action(&self, bits: u64) -> JewelAction {
        let len = GEOMETRY.len() as u64;
        if bits >> 59 == 0 {
            let side = if bits & 1 == 0 {
                Side::Green
            } else {
                Side::Red
            };
            return JewelAction::first_move(side);
        }
        let from = Square((bits % len) as u8);
        let to = Square(((bits >> 8) % len) as u8);
        let kind = self
            .board
            .kind_at(from)
            .unwrap_or(Kind(((bits >> 16) % KINDS.len() as u64) as u8));
        let promotion = match bits >> 24 & 7 {
            1 => Some(KNIGHT),
            2 => Some(NOBLE),
            3 => Some(ARISTOCRAT),
            4 => Some(TOWER),
            _ => None,
        };
        JewelAction::play(Move {
            kind,
            from,
            to,
            promotion,
        })
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.export_text(out)
    }

    fn import(text: &str, options: &HuntOptions<DOUBLE>) -> Result<Self, PositionError> {
        Self::import_text(text, options)
    }

    fn history_len(&self) -> Option<usize> {
        Some(self.history.len())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    /// Always inlined: the check after every step runs it (through the match's
    /// own check, itself inlined there), and a call costs the saving and
    /// restoring of registers and the result passed through memory.
    #[inline(always)]
    fn check_invariants(&self) -> Result<(), InvariantError> {
        let plain = self.is_plain();
        debug_assert_eq!(plain, self.validate(false).is_ok(), "{self:?}");
        if !plain {
            self.validate(false).map_err(InvariantError)?;
        }
        debug_assert!(self.history.len() == 1 || self.ep.is_none());
        self.history
            .check_current(self.repetition_key(), self.stored.is_some())
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.render_text(out)
    }

    /// No bound: neither hunt has a move limit.
    fn ply_bound(&self) -> Option<u32> {
        None
    }

    fn mirrored(&self) -> Option<Self> {
        let mut m = Hunt {
            options: self.options,
            board: self.board.mirrored(GEOMETRY, &super::MIRRORED_SQUARES),
            to_move: self.to_move.opponent(),
            coin: self.coin,
            towering: (self.towering >> 2) | (self.towering & 0b11) << 2,
            ep: self
                .ep
                .map(|e| crate::jewel::keysquare::mirror_square(GEOMETRY, e)),
            stored: self.stored,
            ply: self.ply,
            hash: 0,
            history: RepetitionHistory::default(),
        };
        m.hash = m.compute_hash();
        // In place: the history is the empty one built above.
        m.history.reset(m.repetition_key());
        Some(m)
    }

    /// The squares read from a table by the action's bit fields
    /// ([`JewelAction::map_squares`]); the general way only for a square beyond
    /// the board.
    #[inline]
    fn mirror_action(&self, action: JewelAction) -> JewelAction {
        action
            .map_squares(&super::MIRRORED_SQUARES)
            .unwrap_or_else(|| match action.get() {
                Action::FirstMove(side) => JewelAction::first_move(side.opponent()),
                Action::Move(m) => JewelAction::play(Move {
                    from: crate::jewel::keysquare::mirror_square(GEOMETRY, m.from),
                    to: crate::jewel::keysquare::mirror_square(GEOMETRY, m.to),
                    ..m
                }),
            })
    }
}

impl<const DOUBLE: bool> Hunt<DOUBLE> {
    /// Whether `side`'s Princess is attacked.
    #[must_use]
    pub fn in_check(&self, side: Side) -> bool {
        let k = self.board.pieces(side, PRINCESS);
        k != 0 && self.attacked(k.first(), side.opponent(), self.board.occupied())
    }
}

mod rulings;
#[cfg(test)]
mod tests;

pub use rulings::{
    CHESS_DEAD_POSITION, CHESS_REPETITION, DeadPosition, HuntEvent, HuntOptions,
    QUEST_DEAD_POSITION, QUEST_FIRST_MOVER, QUEST_REPETITION, QiFirstMover,
};
