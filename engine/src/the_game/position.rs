//! A position of The Game (seed 001): the pieces on the eight boards, the
//! Djinn, the return squares of the pieces sent to the Astral board, the side
//! to act, a pending choice, and applying an action to it, with the position
//! hash kept as it goes. The moves themselves are in [`super::moves`].

use std::fmt;

use arrayvec::ArrayVec;

use super::board::{Boards, NONE, SQUARES, Set, Sq, ix};
use super::kinds::{Kind, Realm};
use super::setup::{GOLD, SILVER, SetUp};
use crate::core::Side;
use crate::core::zobrist::{keys, splitmix64};

use super::game::Event;

/// A piece of a side (the Djinn are no [`Piece`]: the position keeps them as
/// a set of squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its kind.
    pub kind: Kind,
    /// Its side.
    pub side: Side,
}

/// What an action does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    /// A move or a capture from `from` to `to`.
    #[default]
    Go,
    /// The Dragon's move on the Sky and its strike on the Ground square
    /// `aux` (ruling `the-game.dragon-strike`).
    Strike,
    /// A Warrior's move to the far rank, becoming kind number `aux` (ruling
    /// `the-game.warrior-promotion`).
    Promote,
    /// A Warrior's capture en passant of the Warrior on `aux`.
    EnPassant,
    /// The pending choice: the captured piece is killed.
    Kill,
    /// The pending choice: the captured piece is sent to `to` on the Astral board.
    Send,
    /// The pending choice: the captured piece goes back to its return square.
    Return,
}

/// One action of The Game. Ordered by the square moved from, the square
/// moved to, then the rest: the order [`Position::legal`] lists them in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Action {
    /// The square moved from (0 for a choice).
    pub from: Sq,
    /// The square moved to (or sent to).
    pub to: Sq,
    /// What it does.
    pub tag: Tag,
    /// The strike's square, the promotion's kind, the en passant victim's square.
    pub aux: u16,
}

impl Action {
    /// The action as one number in its order: from, to, tag, aux (one
    /// comparison of integers, where the harness checks that a list is
    /// strictly increasing at every step).
    #[inline]
    fn key(self) -> u64 {
        (u64::from(self.from) << 48)
            | (u64::from(self.to) << 32)
            | ((self.tag as u64) << 16)
            | u64::from(self.aux)
    }
}

/// Inlined where the harness compares neighbouring actions of a list.
impl PartialOrd for Action {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.key() < other.key()
    }
}

impl Ord for Action {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// The choice pending after an ArchMagus's capture from a Mana board or the
/// Astral board (ruling `the-game.send-to-astral`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The capture was made from the Astral board (the choice is kill or
    /// return); else from a Mana board (kill or send).
    pub from_astral: bool,
    /// The captured piece.
    pub piece: Piece,
    /// Its return square (ruling `the-game.return-square`).
    pub ret: Sq,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `side` captured the enemy Emperor (ruling `the-game.victory`).
    EmperorCaptured(Side),
    /// The side to move had no action (ruling `the-game.stalemate`).
    Stalemate,
    /// The project's ply bound (ruling `the-game.ply-bound`).
    PlyBound,
}

/// The project's ply bound (ruling `the-game.ply-bound`).
pub const PLY_BOUND: u32 = 3000;

/// A position: the pieces, the Djinn, the return squares, the side to move,
/// the en passant square, the pending choice, the plies played, the ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each square's piece as its [`Piece::code`], [`EMPTY`] for none: one
    /// byte a square, so a copy of the position is short.
    pub(super) cells: [u8; SQUARES],
    /// Each side's pieces, by [`Side::index`].
    pub(super) occ: [Set; 2],
    pub(super) djinn: Set,
    /// Each side's Emperor's square ([`NONE`] once taken).
    pub(super) kings: [Sq; 2],
    /// `(square on the Astral board, its piece's return square)`, sorted: at
    /// most one a square of the Astral board.
    pub(super) returns: ArrayVec<(Sq, Sq), 64>,
    /// The pieces' and the return squares' hash keys, kept as they change.
    pub(super) board_hash: u64,
    pub(super) to_move: Side,
    pub(super) ep: Sq,
    pub(super) pending: Option<Pending>,
    pub(super) ply: u32,
    pub(super) ending: Option<Ending>,
}

/// A cell with no piece (an even code, so that a cell's lowest bit counts
/// Gold's pieces: see [`Piece::code`]).
pub(super) const EMPTY: u8 = 0xFE;

impl Piece {
    /// The piece as one byte: its kind's number twice, plus its side's index
    /// (the index of its hash keys too).
    #[inline]
    #[must_use]
    pub(super) const fn code(self) -> u8 {
        self.kind as u8 * 2 + self.side.index() as u8
    }

    /// The piece whose [`Piece::code`] is `code` ([`EMPTY`]: none).
    #[inline]
    #[must_use]
    pub(super) fn decode(code: u8) -> Option<Piece> {
        let kind = *Kind::ALL.get(usize::from(code >> 1))?;
        Some(Piece {
            kind,
            side: Side::ALL[usize::from(code & 1)],
        })
    }
}

/// A key for each kind, side and square.
static PIECE_KEYS: [u64; 52 * SQUARES] = keys(0x7E6A_3E00_0000_0001);
/// Keys for the side to move, the en passant square, a return square and a
/// pending choice.
const SILVER_KEY: u64 = splitmix64(0x7E6A_3E00_0000_0002);
const EP_SALT: u64 = 0x7E6A_3E00_0000_0003;
const RETURN_SALT: u64 = 0x7E6A_3E00_0000_0004;
const PENDING_SALT: u64 = 0x7E6A_3E00_0000_0005;

fn piece_key(p: Piece, sq: Sq) -> u64 {
    code_key(p.code(), sq)
}

fn code_key(code: u8, sq: Sq) -> u64 {
    PIECE_KEYS[usize::from(code) * SQUARES + ix(sq)]
}

fn return_key(sq: Sq, ret: Sq) -> u64 {
    splitmix64(RETURN_SALT ^ (u64::from(sq) << 16) ^ u64::from(ret))
}

impl Position {
    /// The drafted set-up (ruling `the-game.setup`), Gold to move.
    #[must_use]
    pub fn start() -> Position {
        let b = Boards::get();
        let setup = SetUp::standard(&b.spec);
        let mut pos = Position::empty(setup.first);
        for p in &setup.pieces {
            let Some(sq) = b
                .layout
                .square(p.board, i16::from(p.file), i16::from(p.rank))
            else {
                continue;
            };
            match p.side {
                None => pos.djinn.insert(sq),
                Some(side) => {
                    pos.put(sq as Sq, Piece { kind: p.kind, side });
                }
            }
        }
        pos
    }

    /// No piece and no Djinn, `to_move` to move.
    #[must_use]
    pub fn empty(to_move: Side) -> Position {
        Position {
            cells: [EMPTY; SQUARES],
            occ: [Set::EMPTY; 2],
            djinn: Set::EMPTY,
            kings: [NONE; 2],
            returns: ArrayVec::new(),
            board_hash: 0,
            to_move,
            ep: NONE,
            pending: None,
            ply: 0,
            ending: None,
        }
    }

    /// The piece on `sq`, if any (a Djinn is none).
    #[must_use]
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        Piece::decode(self.cells[ix(sq)])
    }

    /// Whether a Djinn stands on `sq`.
    #[must_use]
    pub fn djinn_at(&self, sq: Sq) -> bool {
        self.djinn.has(sq)
    }

    /// Puts `piece` on `sq` (which must hold no piece).
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        self.cells[ix(sq)] = piece.code();
        self.occ[piece.side.index()].insert(sq);
        self.board_hash ^= piece_key(piece, sq);
        if piece.kind == Kind::Emperor {
            self.kings[piece.side.index()] = sq;
        }
    }

    /// Puts a Djinn on `sq`.
    pub fn put_djinn(&mut self, sq: Sq) {
        self.djinn.insert(sq);
    }

    fn take(&mut self, sq: Sq) -> Option<Piece> {
        let p = Piece::decode(std::mem::replace(&mut self.cells[ix(sq)], EMPTY))?;
        self.occ[p.side.index()].remove(sq);
        self.board_hash ^= piece_key(p, sq);
        if p.kind == Kind::Emperor {
            self.kings[p.side.index()] = NONE;
        }
        Some(p)
    }

    /// Takes the piece off `sq` (for tests that build positions).
    #[cfg(test)]
    pub(super) fn take_for_test(&mut self, sq: Sq) -> Option<Piece> {
        self.take(sq)
    }

    fn take_return(&mut self, sq: Sq) -> Option<Sq> {
        if self.returns.is_empty() {
            return None;
        }
        let i = self.returns.iter().position(|&(s, _)| s == sq)?;
        let ret = self.returns.remove(i).1;
        self.board_hash ^= return_key(sq, ret);
        Some(ret)
    }

    /// Records that the piece on the Astral board's `sq` returns to `ret`.
    pub(super) fn add_return(&mut self, sq: Sq, ret: Sq) {
        let at = self.returns.partition_point(|&(s, _)| s < sq);
        self.returns.insert(at, (sq, ret));
        self.board_hash ^= return_key(sq, ret);
    }

    /// The position hash: the pieces, the return squares, the side to act,
    /// the en passant square and a pending choice (the ply count and the
    /// ending are left out).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.board_hash ^ self.misc_hash()
    }

    fn misc_hash(&self) -> u64 {
        let mut h = 0;
        if self.to_move == SILVER {
            h ^= SILVER_KEY;
        }
        if self.ep != NONE {
            h ^= splitmix64(EP_SALT ^ u64::from(self.ep));
        }
        if let Some(p) = self.pending {
            h ^= splitmix64(
                PENDING_SALT
                    ^ (u64::from(p.from_astral) << 40)
                    ^ ((p.piece.kind as u64 * 2 + p.piece.side.index() as u64) << 20)
                    ^ u64::from(p.ret),
            );
        }
        h
    }

    /// The hash computed from every piece and return square afresh.
    #[must_use]
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in (self.occ[0] | self.occ[1]).iter::<Sq>() {
            let code = self.cells[ix(sq)];
            if code != EMPTY {
                h ^= code_key(code, sq);
            }
        }
        for &(sq, ret) in &self.returns {
            h ^= return_key(sq, ret);
        }
        h ^ self.misc_hash()
    }

    /// The side to move (or to make the pending choice).
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// How the game ended, if it did.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The pending choice, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The return squares of the pieces on the Astral board.
    #[must_use]
    pub fn returns(&self) -> &[(Sq, Sq)] {
        &self.returns
    }

    /// Whether the piece on `sq` is frozen: a Ground piece over an enemy
    /// Basilisk (ruling `the-game.basilisk-freeze`).
    #[must_use]
    pub fn frozen(&self, sq: Sq) -> bool {
        let b = Boards::get();
        let Some(p) = self.at(sq) else { return false };
        if b.realm(sq) != Realm::Ground {
            return false;
        }
        let below = b.down[ix(sq)];
        below != NONE
            && self
                .at(below)
                .is_some_and(|q| q.kind == Kind::Basilisk && q.side != p.side)
    }

    /// Applies `a`, which must be legal.
    pub fn apply(&mut self, a: Action) {
        self.apply_with(a, &mut |_| {});
    }

    /// Applies `a`, which must be legal, reporting each rule event to `events`.
    pub fn apply_with(&mut self, a: Action, events: &mut impl FnMut(Event)) {
        let b = Boards::get();
        self.ply += 1;
        let side = self.to_move;
        match a.tag {
            Tag::Kill => {
                if let Some(p) = self.pending {
                    events(Event::Kill {
                        side,
                        piece: p.piece,
                    });
                }
                self.end_turn();
            }
            Tag::Send => {
                if let Some(p) = self.pending {
                    self.put(a.to, p.piece);
                    self.add_return(a.to, p.ret);
                    events(Event::Send {
                        side,
                        piece: p.piece,
                        to: a.to,
                    });
                }
                self.end_turn();
            }
            Tag::Return => {
                if let Some(p) = self.pending {
                    self.put(p.ret, p.piece);
                    events(Event::Return {
                        side,
                        piece: p.piece,
                        to: p.ret,
                    });
                }
                self.end_turn();
            }
            Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => {
                let Some(mut p) = self.take(a.from) else {
                    return;
                };
                let kept = self.take_return(a.from);
                let captured = self.take(a.to);
                let captured_ret = self.take_return(a.to);
                let mut emperor = false;
                if let Some(c) = captured {
                    emperor |= c.kind == Kind::Emperor;
                    events(Event::Capture {
                        by: p,
                        taken: c,
                        at: a.to,
                    });
                }
                if matches!(a.tag, Tag::Strike | Tag::EnPassant) {
                    // A piece struck below or taken en passant is no piece
                    // of the Astral board: it has no return square.
                    if let Some(c) = self.take(a.aux) {
                        emperor |= c.kind == Kind::Emperor;
                        events(Event::Capture {
                            by: p,
                            taken: c,
                            at: a.aux,
                        });
                    }
                }
                if a.tag == Tag::Promote
                    && let Some(&kind) = Kind::ALL.get(usize::from(a.aux))
                {
                    p.kind = kind;
                    events(Event::Promotion {
                        side,
                        kind,
                        at: a.to,
                    });
                }
                self.put(a.to, p);
                if let (Some(r), Realm::Astral) = (kept, b.realm(a.to)) {
                    self.add_return(a.to, r);
                }
                let double = p.kind == Kind::Warrior
                    && a.tag == Tag::Go
                    && b.realm(a.from) == Realm::Ground
                    && b.coord[ix(a.from)].1.abs_diff(b.coord[ix(a.to)].1) == 2;
                self.ep = if double {
                    b.step[if p.side == GOLD { 0 } else { 1 }][ix(a.from)]
                } else {
                    NONE
                };
                if emperor {
                    self.ending = Some(Ending::EmperorCaptured(p.side));
                    return;
                }
                let from_realm = b.realm(a.from);
                if let (Kind::ArchMagus, Realm::Mana | Realm::Astral, Some(c)) =
                    (p.kind, from_realm, captured)
                {
                    let ret = captured_ret.unwrap_or(a.to);
                    let pending = if from_realm == Realm::Astral {
                        let free = captured_ret.is_some() && self.at(ret).is_none();
                        free.then_some(Pending {
                            from_astral: true,
                            piece: c,
                            ret,
                        })
                    } else {
                        let free =
                            b.of_realm[Realm::Astral as usize].minus(self.occ[0] | self.occ[1]);
                        (!free.is_empty()).then_some(Pending {
                            from_astral: false,
                            piece: c,
                            ret,
                        })
                    };
                    if pending.is_some() {
                        self.pending = pending;
                        self.check_end();
                        return;
                    }
                }
                self.end_turn();
            }
        }
    }

    fn end_turn(&mut self) {
        self.pending = None;
        self.to_move = self.to_move.opponent();
        self.check_end();
    }

    /// Ends a position read from text that is over by the rules: the ply
    /// bound reached, or no legal action.
    pub(super) fn settle(&mut self) {
        self.check_end();
    }

    fn check_end(&mut self) {
        if self.ply >= PLY_BOUND {
            self.ending = Some(Ending::PlyBound);
            return;
        }
        if !self.has_action() {
            self.ending = Some(Ending::Stalemate);
        }
    }

    /// `a` in the game's notation: `SG1-SH1`, `SD2xSI7`, `SG1-SG3xGH4` (a
    /// Dragon's strike), `GC7-GC8=Q`, `kill`, `send AD4`, `return`.
    #[must_use]
    pub fn action_text(&self, a: Action) -> String {
        let mut s = String::new();
        let _ = self.write_action(a, &mut s);
        s
    }

    /// Writes [`Position::action_text`] to `out`, character by character.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_action<O: fmt::Write + ?Sized>(&self, a: Action, out: &mut O) -> fmt::Result {
        let b = Boards::get();
        let square = |sq: Sq, out: &mut O| {
            if usize::from(sq) < SQUARES {
                b.layout.write_square(sq, out)
            } else {
                out.write_char('?')
            }
        };
        match a.tag {
            Tag::Kill => out.write_str("kill"),
            Tag::Return => out.write_str("return"),
            Tag::Send => {
                out.write_str("send ")?;
                square(a.to, out)
            }
            Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => {
                let x = if (usize::from(a.to) < SQUARES && self.at(a.to).is_some())
                    || a.tag == Tag::EnPassant
                {
                    'x'
                } else {
                    '-'
                };
                square(a.from, out)?;
                out.write_char(x)?;
                square(a.to, out)?;
                if a.tag == Tag::Strike {
                    out.write_char('x')?;
                    square(a.aux, out)?;
                }
                if a.tag == Tag::Promote {
                    out.write_char('=')?;
                    out.write_char(
                        Kind::ALL
                            .get(usize::from(a.aux))
                            .map_or('?', |k| k.letter()),
                    )?;
                }
                Ok(())
            }
        }
    }
}
