//! Legal move generation of the royal hunts: checks, pins, Towering, promotion
//! and en passant, without making any move to test it (but en passant).
//!
//! Moves come out in [`JewelAction`] order: by kind (the Princess first), then the
//! square moved from, then the square moved to, then the promotion.

use super::hunt::{Hunt, LINES, RIGHTS, TABLES};
use super::{ARISTOCRAT, GEOMETRY, KNIGHT, NOBLE, PIKEMAN, PRINCESS, TOWER};
use crate::core::{Bits, Rays, Side, Square};
use crate::jewel::keysquare::{JewelAction, Kind, Move, Movement};

/// Calls `visit` with the moves of `kind` from `from` to each of `to`, in order,
/// until it returns `true`; returns whether it did.
#[inline(always)]
fn emit(
    kind: Kind,
    from: Square,
    mut to: u64,
    visit: &mut impl FnMut(JewelAction) -> bool,
) -> bool {
    while to != 0 {
        let m = Move {
            kind,
            from,
            to: to.pop(),
            promotion: None,
        };
        if visit(JewelAction::play(m)) {
            return true;
        }
    }
    false
}

/// The four rays along files and ranks from `sq`, on an empty board.
#[inline(always)]
fn orthogonal_lines(sq: Square) -> u64 {
    let r = &TABLES.rays;
    u64::from_bb(r.ray(0, sq) | r.ray(2, sq) | r.ray(4, sq) | r.ray(6, sq))
}

/// The four diagonal rays from `sq`, on an empty board.
#[inline(always)]
fn diagonal_lines(sq: Square) -> u64 {
    let r = &TABLES.rays;
    u64::from_bb(r.ray(1, sq) | r.ray(3, sq) | r.ray(5, sq) | r.ray(7, sq))
}

impl<const DOUBLE: bool> Hunt<DOUBLE> {
    /// Whether a piece of `by` attacks `sq` with the squares `occ` occupied.
    #[inline]
    pub(super) fn attacked(&self, sq: Square, by: Side, occ: u64) -> bool {
        let t = &TABLES;
        let b = &self.board;
        let i = sq.index();
        if u64::from_bb(t.knight[i]) & b.pieces(by, KNIGHT) != 0
            || u64::from_bb(t.king[i]) & b.pieces(by, PRINCESS) != 0
            || u64::from_bb(t.pawn_captures[by.opponent().index()][i]) & b.pieces(by, PIKEMAN) != 0
        {
            return true;
        }
        let rooks = b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT);
        if rooks & orthogonal_lines(sq) != 0 && t.slides(&Rays::ORTHOGONAL, sq, occ) & rooks != 0 {
            return true;
        }
        let bishops = b.pieces(by, NOBLE);
        bishops & diagonal_lines(sq) != 0 && t.slides(&Rays::DIAGONAL, sq, occ) & bishops != 0
    }

    /// Every piece of `by` attacking `sq` with the squares `occ` occupied.
    fn attackers(&self, sq: Square, by: Side, occ: u64) -> u64 {
        let t = &TABLES;
        let b = &self.board;
        let i = sq.index();
        let mut a = (u64::from_bb(t.knight[i]) & b.pieces(by, KNIGHT))
            | (u64::from_bb(t.king[i]) & b.pieces(by, PRINCESS))
            | (u64::from_bb(t.pawn_captures[by.opponent().index()][i]) & b.pieces(by, PIKEMAN));
        let rooks = b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT);
        if rooks & orthogonal_lines(sq) != 0 {
            a |= t.slides(&Rays::ORTHOGONAL, sq, occ) & rooks;
        }
        let bishops = b.pieces(by, NOBLE);
        if bishops & diagonal_lines(sq) != 0 {
            a |= t.slides(&Rays::DIAGONAL, sq, occ) & bishops;
        }
        a
    }

    /// `us`'s pieces that stand alone between their Princess on `k` and an opposing
    /// slider along a line: they may move only along that line.
    fn pinned(&self, k: Square, us: Side, occ: u64) -> u64 {
        let b = &self.board;
        let them = us.opponent();
        let own = b.side(us);
        let mut snipers = (orthogonal_lines(k)
            & (b.pieces(them, TOWER) | b.pieces(them, ARISTOCRAT)))
            | (diagonal_lines(k) & b.pieces(them, NOBLE));
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.pop();
            let between = LINES.between[k.index()][s.index()] & occ;
            if between != 0 && !between.several() && between & own != 0 {
                pinned |= between;
            }
        }
        pinned
    }

    /// The Princess's Towering targets (F1, B1 for Red; F7, B7 for Green): "the
    /// normal rules of Western Chess castling apply" - neither she nor the Tower has
    /// moved (the right), the squares between them are empty, and she is not in
    /// check and does not pass over or land on an attacked square.
    fn towering_targets(&self, k: Square, us: Side, occ: u64) -> u64 {
        let them = us.opponent();
        let mut out = 0;
        for (i, &(side, corner)) in RIGHTS.iter().enumerate() {
            if side != us || self.towering >> i & 1 == 0 {
                continue;
            }
            let east = corner.0 > k.0;
            let (near, far) = if east {
                (Square(k.0 + 1), Square(k.0 + 2))
            } else {
                (Square(k.0 - 1), Square(k.0 - 2))
            };
            let path = LINES.between[k.index()][corner.index()];
            if path & occ == 0 && !self.attacked(near, them, occ) && !self.attacked(far, them, occ)
            {
                out |= far.bb().0 as u64;
            }
        }
        out
    }

    /// Whether the en passant capture `from` x `to` leaves `us`'s Princess on `k`
    /// unattacked: made on a copy of the occupancy.
    fn ep_is_safe(&self, from: Square, to: Square, k: Square, us: Side) -> bool {
        let g = GEOMETRY;
        let c = g.coord(to);
        let victim = g.at(
            c.file,
            if us == Side::Red {
                c.rank - 1
            } else {
                c.rank + 1
            },
        );
        let mut copy = Hunt {
            history: Default::default(),
            ..*self
        };
        copy.board.toggle(us.opponent(), PIKEMAN, victim);
        copy.board.shift(us, PIKEMAN, from, to);
        !copy.attacked(k, us.opponent(), copy.board.occupied())
    }

    /// Calls `visit` with every legal move, in order, until it returns `true`;
    /// returns whether it did.
    #[inline(always)]
    pub(super) fn for_each_move(&self, mut visit: impl FnMut(JewelAction) -> bool) -> bool {
        let t = &TABLES;
        let b = &self.board;
        let us = self.to_move;
        let them = us.opponent();
        let own = b.side(us);
        let occ = b.occupied();
        let kings = b.pieces(us, PRINCESS);
        if kings == 0 {
            return false;
        }
        let k = kings.first();
        let checkers = self.attackers(k, them, occ);
        // The Princess: steps to unattacked squares (with her own square vacated, so
        // a slider's line through her counts), and Towering.
        let mut steps = u64::from_bb(t.king[k.index()]) & !own;
        let without_k = occ ^ (1 << k.0);
        let mut targets = 0;
        while steps != 0 {
            let to = steps.pop();
            if !self.attacked(to, them, without_k) {
                targets |= 1 << to.0;
            }
        }
        if checkers == 0 && self.towering != 0 {
            targets |= self.towering_targets(k, us, occ);
        }
        if emit(PRINCESS, k, targets, &mut visit) {
            return true;
        }
        if checkers.several() {
            return false;
        }
        // In check: capture the checker or block its line.
        let mask = if checkers != 0 {
            checkers | LINES.between[k.index()][checkers.first().index()]
        } else {
            !0
        };
        let pinned = self.pinned(k, us, occ);
        for (kind, movement) in [
            (TOWER, Movement::Rook),
            (KNIGHT, Movement::Knight),
            (NOBLE, Movement::Bishop),
            (ARISTOCRAT, Movement::Rook),
        ] {
            let mut pieces = b.pieces(us, kind);
            while pieces != 0 {
                let from = pieces.pop();
                let mut to = t.attacks::<u64>(movement, us, from, occ) & !own & mask;
                if pinned.has(from) {
                    to &= LINES.line[k.index()][from.index()];
                }
                if emit(kind, from, to, &mut visit) {
                    return true;
                }
            }
        }
        let opp = b.side(them);
        let last_rank = if us == Side::Red { 6 } else { 0 };
        let start_rank = if us == Side::Red { 1 } else { 5 };
        let mut pawns = b.pieces(us, PIKEMAN);
        while pawns != 0 {
            let from = pawns.pop();
            let i = from.index();
            let step = u64::from_bb(t.pawn_steps[us.index()][i]) & !occ;
            let mut to = step;
            if DOUBLE && step != 0 && GEOMETRY.coord(from).rank == start_rank {
                to |= u64::from_bb(t.pawn_steps[us.index()][step.first().index()]) & !occ;
            }
            let captures = u64::from_bb(t.pawn_captures[us.index()][i]);
            to |= captures & opp;
            to &= mask;
            if pinned.has(from) {
                to &= LINES.line[k.index()][i];
            }
            if let Some(ep) = self.ep
                && captures.has(ep)
                && self.ep_is_safe(from, ep, k, us)
            {
                to |= 1 << ep.0;
            }
            while to != 0 {
                let sq = to.pop();
                if GEOMETRY.coord(sq).rank == last_rank {
                    // "Pikemen can and must promote on their end rank to either an
                    // Aristocrat ..., a Noble or a Knight".
                    for p in [KNIGHT, NOBLE, ARISTOCRAT] {
                        let m = Move {
                            kind: PIKEMAN,
                            from,
                            to: sq,
                            promotion: Some(p),
                        };
                        if visit(JewelAction::play(m)) {
                            return true;
                        }
                    }
                } else {
                    let m = Move {
                        kind: PIKEMAN,
                        from,
                        to: sq,
                        promotion: None,
                    };
                    if visit(JewelAction::play(m)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}
