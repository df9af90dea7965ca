//! One origin's actions kept for the later legality tests of the same state.
//!
//! The sampled full checks apply every listed action of one position to a
//! copy of it, and each application first tests the action's legality
//! ([`is_legal_guarded`](super::is_legal_guarded)) by generating the actions
//! of its origin: a force with five listed moves had its moves generated
//! five times. [`Kept`] holds the actions the generator wrote for the last
//! origin tested (before the [`Guard`](super::super::guard::Guard), which
//! still tests every action as before), keyed by the state's stamp
//! ([`crate::dragon::stamp`]: copies of one state share it, any change gives a
//! fresh one) and the origin. The same per-origin generation runs, once an
//! origin, with the same context; the answer is the one the look for the
//! action among them gives ([`Find`](super::Find)): a debug assertion
//! compares the two on every test, and a test plays random games comparing
//! them on every listed action and on unlisted ones. The listed list itself
//! is never read (answering from it would make "a listed action applies"
//! circular).

use arrayvec::ArrayVec;

use super::super::action::{Action, ActionKind};
use super::super::board::SquareSet;
use super::{Ctx, Sink, find, generate_origin};

/// The actions one origin's generation wrote: moves and captures as sets,
/// re-alignments as bows, the rest (arrows, maiden flights, en passant, a
/// vessel's advance, ram or fire) listed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept {
    /// The stamp of the state they were generated for (0: none).
    stamp: u64,
    /// Their origin.
    origin: u8,
    /// Destinations of the moves and captures from `origin`.
    moves: SquareSet,
    /// Those of them that are captures.
    captures: SquareSet,
    /// The re-alignments of a vessel on `origin`: bit `d` for bow `d`.
    bows: u8,
    /// Every other action.
    others: ArrayVec<Action, 48>,
    /// More than `others` holds, or a destination written twice: not kept,
    /// the look is made afresh ([`Kept::has`]).
    overflow: bool,
}

impl Kept {
    /// Whether `action` (from a position on the grid, not a Plant) is
    /// among the actions generated for its origin in the state whose
    /// context `ctx` makes and whose stamp is `stamp`: generated once for a
    /// stamp and origin, looked up for the later actions of that origin
    /// (the context made only to generate).
    ///
    /// The look-up among the kept actions always inlined; generating them
    /// (once an origin) out of line ([`Kept::has_afresh`]).
    #[inline(always)]
    pub(crate) fn has<'a>(
        &mut self,
        ctx: impl FnOnce() -> Ctx<'a>,
        stamp: u64,
        action: Action,
    ) -> bool {
        if self.stamp == stamp && self.origin == action.from() && !self.overflow {
            return self.lookup(action);
        }
        self.has_afresh(ctx, stamp, action)
    }

    /// [`Kept::has`] for an origin not kept for `stamp` (or not kept at all:
    /// `overflow`).
    #[inline(never)]
    fn has_afresh<'a>(
        &mut self,
        ctx: impl FnOnce() -> Ctx<'a>,
        stamp: u64,
        action: Action,
    ) -> bool {
        let from = action.from();
        if self.stamp != stamp || self.origin != from {
            let c = ctx();
            self.stamp = stamp;
            self.origin = from;
            self.moves = SquareSet::EMPTY;
            self.captures = SquareSet::EMPTY;
            self.bows = 0;
            self.others.clear();
            self.overflow = false;
            generate_origin(&c, from, self);
            if self.overflow {
                return find(&c, action);
            }
        } else if self.overflow {
            return find(&ctx(), action);
        }
        self.lookup(action)
    }

    /// Whether `action` is among the kept ones.
    #[inline]
    fn lookup(&self, action: Action) -> bool {
        let a = action.0;
        let to = usize::from(action.to());
        let realign = Action::new(ActionKind::VesselRealign, self.origin, self.origin, 0).0;
        if action.from() == self.origin && a & 0xfe_ff == 0 && to < 3 * 64 {
            // A move (kind 0) or capture (kind 1) with no extra.
            let capture = a >> 8 & 1 != 0;
            let sq = to as u8;
            self.moves.has(sq) && self.captures.has(sq) == capture
        } else if a ^ realign < 8 {
            self.bows >> (a ^ realign) & 1 != 0
        } else {
            self.others.contains(&action)
        }
    }

    /// Records a move or capture to `to` (`capture`); a destination written
    /// twice is not kept (`overflow`).
    #[inline]
    fn record_move(&mut self, to: u8, capture: bool) {
        if self.moves.has(to) {
            self.overflow = true;
        }
        self.moves.insert(to);
        if capture {
            self.captures.insert(to);
        }
    }
}

impl Sink for Kept {
    #[inline]
    fn push(&mut self, action: Action) {
        let a = action.0;
        let to = action.to();
        if action.from() == self.origin && a & 0xfe_ff == 0 && usize::from(to) < 3 * 64 {
            self.record_move(to, a >> 8 & 1 != 0);
        } else if self.others.try_push(action).is_err() {
            self.overflow = true;
        }
    }

    #[inline]
    fn done(&self) -> bool {
        false
    }

    #[inline]
    fn push_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        if from != self.origin || self.moves.meets(t) {
            super::push_moves_each(self, from, t, enemy);
            return;
        }
        self.moves = self.moves.or(t);
        self.captures = self.captures.or(t.and(enemy));
    }

    #[inline]
    fn push_realigns(&mut self, sq: u8, bows: u8) {
        if sq != self.origin || self.bows & bows != 0 {
            super::push_realigns_each(self, sq, bows);
            return;
        }
        self.bows |= bows;
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Game, zobrist::splitmix64};
    use crate::dragon::DragonOptions;
    use crate::dragon::action::Action;
    use crate::dragon::moves::DragonActions;

    /// Random games from the deployment and the perft table's positions: at
    /// every fourth position each listed action, and its neighbours (the
    /// capture bit, the destination or the extra changed), is tested on a
    /// copy as the full checks test it (`clone_from`, then the kept actions
    /// of its origin) and afresh (`is_legal`): the same answers.
    #[test]
    fn the_kept_actions_answer_as_the_generation() {
        let opts = DragonOptions::default();
        let games = crate::dragon::guard::tests::start_games(&opts);
        let mut legal = DragonActions::new();
        let mut x = 0x6b_u64;
        let (mut listed, mut neighbours, mut refused) = (0usize, 0usize, 0usize);
        for (i, start) in games.iter().enumerate() {
            let mut g = start.clone();
            let mut scratch = g.clone();
            for ply in 0..100u64 {
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                if ply % 4 == (i % 4) as u64 {
                    for &a in legal.iter() {
                        scratch.clone_from(&g);
                        assert!(scratch.is_legal_kept(a), "{a:?} in {}", g.export_string());
                        listed += 1;
                        for flip in [1 << 8, 1 << 9, 1 << 16, 1 << 17, 1 << 20, 1] {
                            let b = Action(a.0 ^ flip);
                            let fresh = g.is_legal(b);
                            assert_eq!(
                                scratch.is_legal_kept(b),
                                fresh,
                                "{b:?} in {}",
                                g.export_string()
                            );
                            neighbours += 1;
                            refused += usize::from(!fresh);
                        }
                    }
                }
                x = splitmix64(x ^ ply);
                let a = legal[(x % legal.len() as u64) as usize];
                g.play(a).unwrap();
            }
        }
        eprintln!("{listed} listed actions, {neighbours} neighbours ({refused} refused)");
        assert!(listed > 5000, "{listed}");
        assert!(refused * 2 > neighbours, "{refused} of {neighbours}");
    }
}
