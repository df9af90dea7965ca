//! The position: which piece stands where (by identity), whose turn it is and
//! how far it has gone, the pending ransoms and promotion, and the result.
//!
//! A piece's identity ([`Id`]) is its army and its place in the set-up file:
//! `0..42` the Tiger's (the engine's [`Side::Green`], North), `42..84` the
//! Dragon's ([`Side::Red`], South), in the file's order. Its kind never changes:
//! a Squire that restores a piece leaves play and the restored piece, with its
//! own identity, takes its square.

use std::sync::OnceLock;

use super::board::{NONE, SQUARES, Set, Tables, mirror, rank, square, tables};
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
    /// The identities of each kind, by [`Side::index`] and kind.
    pub by_kind: [[Vec<Id>; Kind::ALL.len()]; 2],
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
        let by_kind = std::array::from_fn(|s| {
            std::array::from_fn(|k| {
                let side = Side::ALL[s];
                ids(side)
                    .filter(|&id| kind[usize::from(id)] as usize == k)
                    .collect()
            })
        });
        Roster {
            kind,
            home,
            by_kind,
        }
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
    /// This turn's marks (only the side to act's are set), one set of
    /// identities (bit `id`) for each [`mark`] but [`mark::NONE`]:
    /// [`mark::MOVED`], [`mark::SWAPPED`], [`mark::RETURNED`]; read them with
    /// [`Position::mark_of`].
    pub marks: [u128; 3],
    /// Captured Princes and Princesses waiting to return, as a set of
    /// identities (bit `id`).
    pub pending: u128,
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
            marks: [0; 3],
            pending: 0,
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
        for (m, &set) in self.marks.iter().enumerate() {
            h = each_id(set, h, |h, id| h ^ k.mark[id][m + 1]);
        }
        each_id(self.pending, h, |h, id| h ^ k.pending[id])
    }

    /// The [`mark`] of identity `id` this turn.
    #[inline]
    #[must_use]
    pub fn mark_of(&self, id: Id) -> u8 {
        let bit = 1u128 << id;
        if self.marks[0] & bit != 0 {
            mark::MOVED
        } else if self.marks[1] & bit != 0 {
            mark::SWAPPED
        } else if self.marks[2] & bit != 0 {
            mark::RETURNED
        } else {
            mark::NONE
        }
    }

    /// Gives identity `id` the [`mark`] `m`.
    #[inline]
    pub fn set_mark(&mut self, id: Id, m: u8) {
        let bit = 1u128 << id;
        for (i, set) in self.marks.iter_mut().enumerate() {
            if usize::from(m) == i + 1 {
                *set |= bit;
            } else {
                *set &= !bit;
            }
        }
    }

    /// Whether no identity carries a mark.
    #[inline]
    #[must_use]
    pub fn unmarked(&self) -> bool {
        self.marks == [0; 3]
    }

    /// Whether identity `id` waits for ransom.
    #[inline]
    #[must_use]
    pub fn is_pending(&self, id: Id) -> bool {
        self.pending >> id & 1 == 1
    }

    /// Sets whether identity `id` waits for ransom.
    #[inline]
    pub fn set_pending(&mut self, id: Id, on: bool) {
        if on {
            self.pending |= 1 << id;
        } else {
            self.pending &= !(1 << id);
        }
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
        self.scan_attackers(target, by, vacated, |_| true)
    }

    /// The squares of the pieces of `by` that attack `target` directly (as
    /// [`Position::attacked`] finds them).
    #[must_use]
    pub fn attackers(&self, target: u8, by: Side) -> Set {
        let mut out = Set::EMPTY;
        self.scan_attackers(target, by, NONE, |sq| {
            out.insert(sq);
            false
        });
        out
    }

    /// Calls `found` with the square of each piece of `by` that attacks
    /// `target` until it answers true; returns whether it did.
    #[inline(always)]
    fn scan_attackers(
        &self,
        target: u8,
        by: Side,
        vacated: u8,
        mut found: impl FnMut(u8) -> bool,
    ) -> bool {
        let t = tables();
        let ti = usize::from(target);
        let r = roster();
        let b = by.index();
        // The leapers, by identity: a kind's identities never change.
        for &id in &r.by_kind[b][Kind::Knight as usize] {
            let at = self.at[usize::from(id)];
            if at != NONE && t.knight_set[ti].has(at) && found(at) {
                return true;
            }
        }
        for &id in &r.by_kind[b][Kind::Prince as usize] {
            let at = self.at[usize::from(id)];
            if at != NONE && t.prince_set[ti].has(at) && found(at) {
                return true;
            }
        }
        let theirs = self.occupied[b];
        let mut occupied = self.occupied[0] | self.occupied[1];
        if vacated != NONE {
            occupied.remove(vacated);
        }
        // Nothing of theirs on any line: no rider or stepper attacks.
        if !t.lines[ti].meets(theirs) {
            return false;
        }
        for d in 0..8 {
            let sq = Tables::nearest(d, t.ray[d][ti] & occupied);
            if sq == NONE || !theirs.has(sq) {
                continue;
            }
            let diagonal = d % 2 == 1;
            let hit = match Position::kind(self.piece(sq)) {
                Kind::King => t.king_set[ti].has(sq),
                Kind::Queen => true,
                Kind::Princess => t.near[d][ti].has(sq),
                Kind::Rook | Kind::RoyalRook => !diagonal,
                Kind::Bishop | Kind::Archbishop => diagonal,
                Kind::Pawn | Kind::Squire => t.step[d][ti] == sq && is_behind(d, by),
                Kind::Knight | Kind::Prince => false,
            };
            if hit && found(sq) {
                return true;
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
            self.at[usize::from(id)] == NONE && !self.is_pending(id) && Position::kind(id) == kind
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

/// The identities of `side`'s army as a set (bit `id`).
#[inline]
#[must_use]
pub const fn army_ids(side: Side) -> u128 {
    let all = (1u128 << ARMY) - 1;
    match side {
        Side::Green => all,
        Side::Red => all << ARMY,
    }
}

/// `h` folded with `f` over the identities of `set`, lowest first.
#[inline]
fn each_id(set: u128, mut h: u64, f: impl Fn(u64, usize) -> u64) -> u64 {
    let mut bits = set;
    while bits != 0 {
        h = f(h, bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
    h
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
