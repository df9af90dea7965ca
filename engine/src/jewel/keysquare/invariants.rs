//! The key-square games' own invariants (seed 002, the Facets' rules as
//! docs/harness.md's "What `sim` checks" lists them): the board's sets agree, no side
//! has more pieces than at its set-up (there is no promotion), no pawn stands
//! behind its starting rank, the side to move has a piece and is not left on
//! the Key unanswered, the en-passant square is one a pawn passed, and the
//! repetition history ends with the current position.

use super::game::KeyGame;
use super::{Board, Kind, Movement, Params};
use crate::core::{Bits, InvariantError, Side, Square};

impl<P: Params> KeyGame<P> {
    /// The first kind of which `side` has more pieces than at the set-up, with
    /// both counts.
    pub(super) fn excess(board: &Board<P::Bits>) -> Option<(Side, Kind, u32, u32)> {
        let start = &P::start().board;
        for side in Side::ALL {
            for k in 0..P::KINDS.len() {
                let kind = Kind(k as u8);
                let (now, then) = (
                    board.pieces(side, kind).count(),
                    start.pieces(side, kind).count(),
                );
                if now > then {
                    return Some((side, kind, now, then));
                }
            }
        }
        None
    }

    /// A pawn standing behind the rank its side's pawns start on (Red's on rank 1,
    /// Green's on the last rank), if any.
    pub(super) fn pawn_behind_start(board: &Board<P::Bits>) -> Option<Square> {
        let g = P::GEOMETRY;
        let first_rank = P::Bits::from_bb(crate::core::Bb((1u128 << g.width()) - 1));
        let last_rank = P::Bits::from_bb(crate::core::Bb(
            ((1u128 << g.width()) - 1) << (usize::from(g.width()) * usize::from(g.height() - 1)),
        ));
        for (k, spec) in P::KINDS.iter().enumerate() {
            if spec.movement.is_pawn() {
                let kind = Kind(k as u8);
                let wrong = (board.pieces(Side::Red, kind) & first_rank)
                    | (board.pieces(Side::Green, kind) & last_rank);
                if !wrong.is_empty() {
                    return Some(wrong.first());
                }
            }
        }
        None
    }

    /// What [`Game::check_invariants`] checks, naming the first thing that is
    /// wrong.
    #[cold]
    #[inline(never)]
    pub(super) fn explain_invariants(&self) -> Result<(), InvariantError> {
        self.board
            .check(P::GEOMETRY, P::KINDS.len())
            .map_err(InvariantError)?;
        // No piece is ever added (there is no promotion): a side never has more
        // pieces than at the set-up. (The count of each kind is checked on import.)
        for side in Side::ALL {
            let (now, then) = (
                self.board.side(side).count(),
                u32::from(self.set_up_totals[side.index()]),
            );
            if now > then {
                return Err(InvariantError(format!(
                    "{side} has {now} pieces, more than the {then} of the set-up"
                )));
            }
        }
        if let Some(sq) = Self::pawn_behind_start(&self.board) {
            return Err(InvariantError(format!(
                "a pawn behind its starting rank on {}",
                P::GEOMETRY.name(sq)
            )));
        }
        let live = !self.coin && self.end.is_none();
        if live && self.board.side(self.to_move).is_empty() {
            return Err(InvariantError(format!(
                "{} to move with no piece",
                self.to_move
            )));
        }
        if live && self.holds_key(self.to_move) {
            let opponent_attacks = Self::attacks(&self.board, self.to_move.opponent(), P::KEY);
            if P::WIN.must_capture() || !opponent_attacks {
                return Err(InvariantError(format!(
                    "{} to move on the Key unanswered: the game should be over",
                    self.to_move
                )));
            }
        }
        if let Some(ep) = self.ep
            && (self.coin
                || !P::KINDS
                    .iter()
                    .any(|k| k.movement == (Movement::Pawn { double_step: true }))
                || self.board.occupied().has(ep))
        {
            return Err(InvariantError(format!(
                "en passant square {} is not the empty square a pawn passed",
                P::GEOMETRY.name(ep)
            )));
        }
        self.history
            .check_current(self.repetition_key(), self.end.is_some())
    }

    /// Whether [`KeyGame::explain_invariants`] passes, as tests of the bitboards
    /// and fields with no error to build. The two must agree (a debug assertion
    /// checks it in the tests).
    #[inline(always)]
    pub(super) fn invariants_hold(&self) -> bool {
        let b = &self.board;
        let live = !self.coin && self.end.is_none();
        let double_step = P::KINDS
            .iter()
            .any(|k| k.movement == (Movement::Pawn { double_step: true }));
        b.is_consistent(P::GEOMETRY, P::KINDS.len())
            && Side::ALL
                .iter()
                .all(|&side| b.side(side).count() <= u32::from(self.set_up_totals[side.index()]))
            && Self::pawn_behind_start(b).is_none()
            && !(live && b.side(self.to_move).is_empty())
            && !(live
                && self.holds_key(self.to_move)
                && (P::WIN.must_capture() || !Self::attacks(b, self.to_move.opponent(), P::KEY)))
            && self
                .ep
                .is_none_or(|ep| !self.coin && double_step && !b.occupied().has(ep))
            && self.history.current() == Some(self.repetition_key())
            && !(self.end.is_none() && self.history.current_count() >= 3)
    }
}
