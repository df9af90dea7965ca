//! The position: which piece stands where (by identity), whose turn it is and
//! how far it has gone, the pending ransoms and promotion, and the result.
//!
//! A piece's identity ([`Id`]) is its army and its place in the set-up file:
//! `0..42` the Tiger's (the engine's [`Side::Green`], North), `42..84` the
//! Dragon's ([`Side::Red`], South), in the file's order. Its kind never changes:
//! a Squire that restores a piece leaves play and the restored piece, with its
//! own identity, takes its square.

use std::sync::OnceLock;

use super::board::{NONE, SQUARES, Set, mirror, rank, square, tables};
use super::pieces::Kind;
use super::setup::{ARMY, SetUp};
use crate::core::zobrist::splitmix64;
use crate::core::{Outcome, Side};

/// A piece's identity: `side.index() * 42 + its index in the set-up file`.
pub type Id = u8;

/// Pieces of both armies.
pub const PIECES: usize = 2 * ARMY;

/// Marks of a piece this turn (ruling `field-manual.different-pieces`).
pub mod mark {
    /// Has not acted this turn.
    pub const NONE: u8 = 0;
    /// Has moved (or is a Squire swapped with): no more moves this turn.
    pub const MOVED: u8 = 1;
    /// A Prince that has swapped: one more jump this turn, no swap.
    pub const SWAPPED: u8 = 2;
    /// A royal returned by ransom: immobile this turn.
    pub const RETURNED: u8 = 3;
}

/// What the set-up fixes for every identity.
pub struct Roster {
    /// The kind of each identity.
    pub kind: [Kind; PIECES],
    /// The square each identity starts on.
    pub home: [u8; PIECES],
}

/// The roster of the standard set-up.
#[must_use]
pub fn roster() -> &'static Roster {
    static ROSTER: OnceLock<Roster> = OnceLock::new();
    ROSTER.get_or_init(|| {
        let set_up = SetUp::standard();
        let mut kind = [Kind::Pawn; PIECES];
        let mut home = [0; PIECES];
        for (i, &(c, k)) in set_up.pieces.iter().enumerate() {
            let dragon = square(c.file, c.rank);
            kind[i] = k;
            home[i] = mirror(dragon);
            kind[ARMY + i] = k;
            home[ARMY + i] = dragon;
        }
        Roster { kind, home }
    })
}

/// The army of identity `id`.
#[must_use]
pub const fn side_of(id: Id) -> Side {
    if (id as usize) < ARMY {
        Side::Green
    } else {
        Side::Red
    }
}

/// The identities of `side`'s army.
#[must_use]
pub fn ids(side: Side) -> std::ops::Range<Id> {
    let base = (side.index() * ARMY) as Id;
    base..base + ARMY as Id
}

/// The rank a side's Squires promote on: the opponent's back row.
#[must_use]
pub const fn far_rank(side: Side) -> u8 {
    match side {
        Side::Red => 9,
        Side::Green => 0,
    }
}

/// Zobrist keys: a piece on a square, then the turn's fields.
struct Keys {
    piece: Vec<[u64; SQUARES]>,
    mark: [[u64; 4]; PIECES],
    pending: [u64; PIECES],
    moves_left: [u64; 4],
    promotion: [u64; SQUARES],
    red: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut seed = 0x0F1E_1D00_4A11_0004_u64;
        let mut next = || {
            seed = splitmix64(seed);
            seed
        };
        Keys {
            piece: (0..PIECES)
                .map(|_| std::array::from_fn(|_| next()))
                .collect(),
            mark: std::array::from_fn(|_| [0, next(), next(), next()]),
            pending: std::array::from_fn(|_| next()),
            moves_left: std::array::from_fn(|_| next()),
            promotion: std::array::from_fn(|_| next()),
            red: next(),
        }
    })
}

/// The whole state of a battle but its options and ply counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The identity on each square, or [`NONE`].
    pub board: [Id; SQUARES],
    /// The square of each identity, or [`NONE`] when it is off the board.
    pub at: [u8; PIECES],
    /// Squares of each side's pieces, by [`Side::index`].
    pub occupied: [Set; 2],
    /// The army whose turn it is.
    pub to_act: Side,
    /// Moves left in the turn.
    pub moves_left: u8,
    /// This turn's [`mark`] of each identity (only the side to act's are set).
    pub marks: [u8; PIECES],
    /// Captured Princes and Princesses waiting to return, by identity.
    pub pending: [bool; PIECES],
    /// The square of the Squire whose promotion choice waits, or [`NONE`].
    pub promotion: u8,
    /// The result, once the battle is over.
    pub outcome: Option<Outcome>,
    /// The hash of the pieces on the board (the turn's fields are added by
    /// [`Position::hash`]).
    pub board_hash: u64,
}

impl Position {
    /// No piece anywhere, the Dragon to act with `moves` moves.
    #[must_use]
    pub fn empty(moves: u8) -> Position {
        Position {
            board: [NONE; SQUARES],
            at: [NONE; PIECES],
            occupied: [Set::EMPTY; 2],
            to_act: Side::Red,
            moves_left: moves,
            marks: [mark::NONE; PIECES],
            pending: [false; PIECES],
            promotion: NONE,
            outcome: None,
            board_hash: 0,
        }
    }

    /// The standard set-up, the Dragon to act ("Dragon moves first").
    #[must_use]
    pub fn start(moves: u8) -> Position {
        let mut p = Position::empty(moves);
        let r = roster();
        for id in 0..PIECES as Id {
            p.put(id, r.home[usize::from(id)]);
        }
        p
    }

    /// The kind of identity `id`.
    #[inline]
    #[must_use]
    pub fn kind(id: Id) -> Kind {
        roster().kind[usize::from(id)]
    }

    /// Puts `id` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, id: Id, sq: u8) {
        self.board[usize::from(sq)] = id;
        self.at[usize::from(id)] = sq;
        self.occupied[side_of(id).index()].insert(sq);
        self.board_hash ^= keys().piece[usize::from(id)][usize::from(sq)];
    }

    /// Takes the piece off `sq` (which holds one) and returns it.
    #[inline]
    pub fn take(&mut self, sq: u8) -> Id {
        let id = self.board[usize::from(sq)];
        self.board[usize::from(sq)] = NONE;
        self.at[usize::from(id)] = NONE;
        self.occupied[side_of(id).index()].remove(sq);
        self.board_hash ^= keys().piece[usize::from(id)][usize::from(sq)];
        id
    }

    /// The identity on `sq`, or [`NONE`].
    #[inline]
    #[must_use]
    pub fn piece(&self, sq: u8) -> Id {
        self.board[usize::from(sq)]
    }

    /// The square of `side`'s King, or [`NONE`] once captured.
    #[inline]
    #[must_use]
    pub fn king(&self, side: Side) -> u8 {
        self.at[usize::from(king_id(side))]
    }

    /// The position's hash: the board's, kept as pieces move, and the turn's
    /// fields.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let k = keys();
        let mut h = self.board_hash ^ k.moves_left[usize::from(self.moves_left.min(3))];
        if self.to_act == Side::Red {
            h ^= k.red;
        }
        if self.promotion != NONE {
            h ^= k.promotion[usize::from(self.promotion)];
        }
        for id in 0..PIECES {
            h ^= k.mark[id][usize::from(self.marks[id] & 3)];
            if self.pending[id] {
                h ^= k.pending[id];
            }
        }
        h
    }

    /// The board's hash computed from scratch.
    #[must_use]
    pub fn recompute_board_hash(&self) -> u64 {
        let k = keys();
        (0..PIECES)
            .filter(|&id| self.at[id] != NONE)
            .fold(0, |h, id| h ^ k.piece[id][usize::from(self.at[id])])
    }

    /// Whether a piece of `by` attacks `target` directly (check, ruling
    /// `field-manual.king-capture`: "Pivot pieces only give check along a
    /// direct, unbent line"): a slider along its straight lines up to the first
    /// piece, a leaper or stepper on its squares. The square `vacated` counts
    /// as empty (a King's origin when his destination is tested, ruling
    /// `field-manual.king-through-check`); pass [`NONE`] for none.
    #[must_use]
    pub fn attacked(&self, target: u8, by: Side, vacated: u8) -> bool {
        let t = tables();
        let theirs = self.occupied[by.index()];
        let ti = usize::from(target);
        for &sq in &t.knight[ti] {
            if sq == NONE {
                break;
            }
            if theirs.has(sq) && Position::kind(self.piece(sq)) == Kind::Knight {
                return true;
            }
        }
        for &sq in &t.prince[ti] {
            if sq == NONE {
                break;
            }
            if theirs.has(sq) && Position::kind(self.piece(sq)) == Kind::Prince {
                return true;
            }
        }
        for d in 0..8 {
            let mut sq = t.step[d][ti];
            let mut distance = 1;
            while sq != NONE {
                let id = self.piece(sq);
                if id != NONE && sq != vacated {
                    if side_of(id) == by {
                        let diagonal = d % 2 == 1;
                        let hit = match Position::kind(id) {
                            Kind::King => distance == 1,
                            Kind::Queen => true,
                            Kind::Princess => distance <= 4,
                            Kind::Rook | Kind::RoyalRook => !diagonal,
                            Kind::Bishop | Kind::Archbishop => diagonal,
                            Kind::Pawn | Kind::Squire => distance == 1 && is_behind(d, by),
                            Kind::Knight | Kind::Prince => false,
                        };
                        if hit {
                            return true;
                        }
                    }
                    break;
                }
                sq = t.step[d][usize::from(sq)];
                distance += 1;
            }
        }
        false
    }

    /// Whether `side`'s King stands in check.
    #[must_use]
    pub fn in_check(&self, side: Side) -> bool {
        let k = self.king(side);
        k != NONE && self.attacked(k, side.opponent(), NONE)
    }

    /// The side to act's pieces that may still be sacrificed for a ransom.
    #[must_use]
    pub fn has_sacrifice(&self, side: Side) -> bool {
        ids(side)
            .any(|id| self.at[usize::from(id)] != NONE && Position::kind(id).is_sacrificeable())
    }

    /// `side`'s first off-board identity of `kind` in set-up order, neither on
    /// the board nor waiting for ransom.
    #[must_use]
    pub fn off_board(&self, side: Side, kind: Kind) -> Option<Id> {
        ids(side).find(|&id| {
            self.at[usize::from(id)] == NONE
                && !self.pending[usize::from(id)]
                && Position::kind(id) == kind
        })
    }

    /// Whether `side` has a piece a Squire may restore.
    #[must_use]
    pub fn has_restorable(&self, side: Side) -> bool {
        Kind::RESTORABLE
            .into_iter()
            .any(|k| self.off_board(side, k).is_some())
    }

    /// Whether only the two Kings are on the board.
    #[must_use]
    pub fn two_kings(&self) -> bool {
        self.occupied[0].count() + self.occupied[1].count() == 2
            && self.king(Side::Green) != NONE
            && self.king(Side::Red) != NONE
    }

    /// Whether `sq` is on `side`'s far back row.
    #[must_use]
    pub const fn on_far_rank(side: Side, sq: u8) -> bool {
        rank(sq) == far_rank(side)
    }
}

/// The King's identity of `side`.
#[must_use]
pub fn king_id(side: Side) -> Id {
    static KINGS: OnceLock<[Id; 2]> = OnceLock::new();
    KINGS.get_or_init(|| {
        Side::ALL.map(|s| {
            ids(s)
                .find(|&id| Position::kind(id) == Kind::King)
                .unwrap_or(NONE)
        })
    })[side.index()]
}

/// Whether a step in direction `d` (an index into the step tables) from a
/// target reaches the square behind it from which a Pawn or Squire of `by`
/// attacks it: south-east or south-west for the Dragon (it attacks north), north-east
/// or north-west for the Tiger.
const fn is_behind(d: usize, by: Side) -> bool {
    match by {
        Side::Red => d == 3 || d == 5,
        Side::Green => d == 1 || d == 7,
    }
}
