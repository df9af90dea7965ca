//! The actions the pieces' rules allow (seed 004, "Your army", "The Prince's
//! swap", "Ransom comes first", "Promotion restores a lost piece"), before the
//! turn-level check rule ([`super::turn`]) filters them.

use super::board::{NONE, SQUARES, Set, tables};
use super::pieces::Kind;
use super::state::{Id, Position, ids, mark, side_of};
use crate::core::{ActionBuffer, Side};

/// One action: a move, a swap, a ransom placement, a promotion choice or the pass.
///
/// Order: the derived one, used only for sorting; legal actions come in the
/// generator's order (see [`Position::pseudo_actions`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// `pass`: the turn ends early, no legal move being left (ruling
    /// `field-manual.pass`).
    #[default]
    Pass,
    /// `E3-E5`: the piece on `from` moves to `to`, capturing what stands there.
    Move {
        /// The origin.
        from: u8,
        /// The destination.
        to: u8,
    },
    /// `H1<>E2`: the Prince on `prince` and the friendly Squire on `squire`
    /// exchange their squares.
    Swap {
        /// The Prince's square.
        prince: u8,
        /// The Squire's square.
        squire: u8,
    },
    /// `PR@E2`: the pending `royal` (Prince or Princess) returns on `at`,
    /// sacrificing the friendly piece there.
    Ransom {
        /// [`Kind::Prince`] or [`Kind::Princess`].
        royal: Kind,
        /// The sacrificed piece's square.
        at: u8,
    },
    /// `=Q`: the Squire awaiting promotion restores an off-board piece of this kind.
    Promote(Kind),
}

/// Orthogonal direction indices (N, E, S, W) into the step tables.
const ORTH: [usize; 4] = [0, 2, 4, 6];
/// Diagonal direction indices (NE, SE, SW, NW).
const DIAG: [usize; 4] = [1, 3, 5, 7];

/// The forward direction index of `side`: N for the Dragon, S for the Tiger.
const fn forward(side: Side) -> usize {
    match side {
        Side::Red => 0,
        Side::Green => 4,
    }
}

impl Position {
    /// Both armies' squares.
    #[inline(always)]
    #[must_use]
    pub fn all_occupied(&self) -> Set {
        self.occupied[0] | self.occupied[1]
    }

    /// A pivot piece's squares along `d` (ruling `field-manual.pivot`): the
    /// straight slide, and from each empty square of it a quarter turn either
    /// way, slid on (own pieces still to be taken out).
    #[inline]
    fn reach_with_pivot(from: u8, d: usize, occupied: Set) -> Set {
        let t = tables();
        let straight = t.reach(d, from, occupied);
        let mut out = straight;
        straight.minus(occupied).for_each(|sq: u8| {
            out |= t.reach((d + 2) % 8, sq, occupied) | t.reach((d + 6) % 8, sq, occupied);
        });
        out
    }

    /// The squares the piece `id` on `from` may move to by its kind's rules,
    /// captures included, the opposing King excluded unless `sniper` (ruling
    /// `field-manual.king-capture`), a King's squares in check excluded.
    #[must_use]
    pub fn destinations(&self, from: u8, id: Id, sniper: bool) -> Set {
        let side = side_of(id);
        let t = tables();
        let fi = usize::from(from);
        let occupied = self.all_occupied();
        let mine = self.occupied[side.index()];
        let mut out = Set::EMPTY;
        match Position::kind(id) {
            Kind::King => {
                let mut safe = Set::EMPTY;
                t.king_set[fi].minus(mine).for_each(|sq: u8| {
                    if !self.attacked(sq, side.opponent(), from) {
                        safe.insert(sq);
                    }
                });
                out = safe;
            }
            Kind::Queen => {
                for d in 0..8 {
                    out |= Position::reach_with_pivot(from, d, occupied);
                }
            }
            Kind::Prince => out = t.prince_set[fi],
            Kind::Princess => {
                for d in 0..8 {
                    out |= t.reach(d, from, occupied) & t.near[d][fi];
                }
            }
            Kind::Rook => {
                for d in ORTH {
                    out |= t.reach(d, from, occupied);
                }
            }
            Kind::RoyalRook => {
                for d in ORTH {
                    out |= Position::reach_with_pivot(from, d, occupied);
                }
            }
            Kind::Knight => out = t.knight_set[fi],
            Kind::Bishop => {
                for d in DIAG {
                    out |= t.reach(d, from, occupied);
                }
            }
            Kind::Archbishop => {
                for d in DIAG {
                    out |= Position::reach_with_pivot(from, d, occupied);
                }
            }
            Kind::Pawn => {
                let f = forward(side);
                for d in [f, (f + 4) % 8] {
                    let one = t.step[d][fi];
                    if one != NONE && self.piece(one) == NONE {
                        out.insert(one);
                        let two = t.step[d][usize::from(one)];
                        if two != NONE && self.piece(two) == NONE {
                            out.insert(two);
                        }
                    }
                }
                self.diagonal_captures(from, side, &mut out);
            }
            Kind::Squire => {
                let one = t.step[forward(side)][fi];
                if one != NONE && self.piece(one) == NONE {
                    out.insert(one);
                }
                self.diagonal_captures(from, side, &mut out);
            }
        }
        out = out.minus(mine);
        if !sniper {
            let king = self.king(side.opponent());
            if king != NONE {
                out.remove(king);
            }
        }
        out
    }

    fn diagonal_captures(&self, from: u8, side: Side, out: &mut Set) {
        let f = forward(side);
        let theirs = self.occupied[side.opponent().index()];
        for d in [(f + 1) % 8, (f + 7) % 8] {
            let sq = tables().step[d][usize::from(from)];
            if sq != NONE && theirs.has(sq) {
                out.insert(sq);
            }
        }
    }

    /// Every action the pieces' rules allow the side to act, before the
    /// turn-level check rule, in this order: a waiting promotion's choices
    /// (Rook, Royal Rook, Knight, Bishop, Archbishop, Queen); else the pending
    /// ransoms (by identity, then square); else for each of the side's pieces
    /// by square its moves by destination, then a Prince's swaps by square.
    pub fn pseudo_actions(&self, sniper: bool, out: &mut impl ActionBuffer<Action>) {
        let side = self.to_act;
        if self.promotion != NONE {
            for k in Kind::RESTORABLE {
                if self.off_board(side, k).is_some() {
                    out.push(Action::Promote(k));
                }
            }
            return;
        }
        if self.pending_of(side) {
            let sacrifices = self.sacrifices(side);
            for id in ids(side) {
                if self.is_pending(id) {
                    let royal = Position::kind(id);
                    out.push_all(
                        sacrifices
                            .iter::<u8>()
                            .map(|at| Action::Ransom { royal, at }),
                    );
                }
            }
            return;
        }
        let far = super::state::far_rank(side);
        self.occupied[side.index()].for_each(|from: u8| {
            let id = self.piece(from);
            let m = self.mark_of(id);
            if m == mark::MOVED || m == mark::RETURNED {
                return;
            }
            let dests = self.destinations(from, id, sniper);
            out.push_all(dests.iter::<u8>().map(|to| Action::Move { from, to }));
            if Position::kind(id) == Kind::Prince
                && m == mark::NONE
                && super::board::rank(from) != far
            {
                let squires = self.squires(side);
                out.push_all(squires.iter::<u8>().map(|squire| Action::Swap {
                    prince: from,
                    squire,
                }));
            }
        });
    }

    /// Whether `a` is among [`Position::pseudo_actions`], found without
    /// listing them.
    #[must_use]
    pub fn is_pseudo(&self, sniper: bool, a: Action) -> bool {
        let side = self.to_act;
        let on_board = |sq: u8| usize::from(sq) < SQUARES;
        if self.promotion != NONE {
            return matches!(a, Action::Promote(k)
                if k.is_restorable() && self.off_board(side, k).is_some());
        }
        if self.pending_of(side) {
            return match a {
                Action::Ransom { royal, at } => {
                    on_board(at)
                        && ids(side).any(|id| self.is_pending(id) && Position::kind(id) == royal)
                        && self.sacrifices(side).has(at)
                }
                Action::Pass | Action::Move { .. } | Action::Swap { .. } | Action::Promote(_) => {
                    false
                }
            };
        }
        let movable = |sq: u8| {
            on_board(sq) && {
                let id = self.piece(sq);
                id != NONE
                    && side_of(id) == side
                    && !matches!(self.mark_of(id), mark::MOVED | mark::RETURNED)
            }
        };
        match a {
            Action::Move { from, to } => {
                movable(from)
                    && on_board(to)
                    && self.destinations(from, self.piece(from), sniper).has(to)
            }
            Action::Swap { prince, squire } => {
                movable(prince) && on_board(squire) && {
                    let id = self.piece(prince);
                    Position::kind(id) == Kind::Prince
                        && self.mark_of(id) == mark::NONE
                        && super::board::rank(prince) != super::state::far_rank(side)
                        && self.squires(side).has(squire)
                }
            }
            Action::Pass | Action::Ransom { .. } | Action::Promote(_) => false,
        }
    }

    /// Whether a Prince or Princess of `side` waits to return.
    #[must_use]
    pub fn pending_of(&self, side: Side) -> bool {
        self.pending & super::state::army_ids(side) != 0
    }

    /// The squares of `side`'s pieces that may be sacrificed ("a friendly
    /// Pawn, Squire, or battle piece").
    #[must_use]
    pub fn sacrifices(&self, side: Side) -> Set {
        let mut out = Set::EMPTY;
        for id in ids(side) {
            let sq = self.at[usize::from(id)];
            if sq != NONE && Position::kind(id).is_sacrificeable() {
                out.insert(sq);
            }
        }
        out
    }

    pub(super) fn squires(&self, side: Side) -> Set {
        let mut out = Set::EMPTY;
        for id in ids(side) {
            let sq = self.at[usize::from(id)];
            if sq != NONE && Position::kind(id) == Kind::Squire {
                out.insert(sq);
            }
        }
        out
    }
}
