//! The next side's [`Guard`] shared by the positions one action away from
//! one position.
//!
//! After every action the game computes the next side's Guard (to know
//! whether he has a move, and for his generation). The sampled full checks
//! apply every listed action of one position to a copy of it: seventy
//! positions that differ from one parent by one action of its mover, each
//! computing the Guard of the same opponent afresh. That Guard (his royal on
//! land, not under attack: [`Guard::quiet_on_land`]) reads only his kingdom
//! (the mover's forces there, what stands on the lines through him) and the
//! ocean (the mover's forces afloat); an action that changes neither leaves
//! it as it was. So the opponent's Guard of the parent (a [`Basis`]) is
//! computed once and stands for the Guard of each such position: a move or
//! capture whose every changed position lies in the mover's own kingdom
//! (the other kingdom), or a vessel re-aligning her bow (no Guard reads a
//! bow), with nothing off the grid or in the flags changed, no procedure's
//! step awaiting a choice and the opponent to move. Every other position
//! computes its own. A test compares the basis with a fresh computation on
//! every such position of many random games.
//!
//! The parent is known by its stamp ([`crate::dragon::stamp`]): every change
//! of a game's state gives it a fresh one, its copies keep it, so the copy
//! a full check applies an action to carries the stamp of the position
//! copied. The first action applied from a stamp only records it (the game's
//! own moves are all of that kind: no cost); the second computes the basis.

use super::action::{Action, ActionKind};
use super::board::{Region, board};
use super::guard::Guard;
use super::moves::{attack::Threats, kept::Kept};
use super::options::DragonOptions;
use super::state::Position;
use super::victory::royal_square;
use crate::core::Side;

/// The Guard of the side not to move in a position, and the threats it
/// gathered, for the positions one action away ([`Basis::fits`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Basis {
    /// The side whose royal it guards (the parent's opponent of its mover).
    side: Side,
    /// His royal's kingdom.
    region: Region,
    /// The parent's flags.
    flags: u32,
    pub(crate) guard: Guard,
    pub(crate) threats: Option<Threats>,
}

impl Basis {
    /// The basis of `p`: the Guard of the side not to move as
    /// [`Guard::new_keeping`] computes it once he is to move, when his royal
    /// stands on land, not under attack; `None` otherwise (in his room,
    /// afloat, taken, attacked), or when a choice awaits or the game is
    /// over.
    pub(crate) fn of(p: &Position, opts: &DragonOptions) -> Option<Basis> {
        if p.pending != 0 || p.outcome.is_some() {
            return None;
        }
        let side = p.to_move.opponent();
        let royal = royal_square(p, side)?;
        let region = board().region(royal);
        if !region.is_land() {
            return None;
        }
        let mut q = *p;
        q.to_move = side;
        let mut threats = None;
        let guard = super::moves::guard_keeping(&q, opts, &mut threats)?;
        guard.quiet_on_land().then_some(Basis {
            side,
            region,
            flags: p.flags,
            guard,
            threats,
        })
    }

    /// Whether this basis (of the position `a` was applied to) is the Guard
    /// of `c`, the position `a` led to: the opponent to move with no choice
    /// awaited and the game going on, nothing off the grid or in the flags
    /// changed, and `a` a move or capture that changed only positions of the
    /// other kingdom (its origin, destination and victims: `c`'s touched
    /// positions) or a re-alignment (only the vessel's bow changed).
    #[inline]
    pub(crate) fn fits(&self, c: &Position, a: Action) -> bool {
        if c.to_move != self.side
            || c.pending != 0
            || c.outcome.is_some()
            || c.flags != self.flags
            || c.touched.off_grid()
        {
            return false;
        }
        let Some(changed) = c.touched.squares() else {
            return false;
        };
        match a.kind() {
            Some(ActionKind::Move | ActionKind::Capture) => {
                let b = board();
                changed.iter().all(|&sq| {
                    let r = b.region(sq);
                    r.is_land() && r != self.region
                })
            }
            Some(ActionKind::VesselRealign) => changed == [a.from()],
            _ => false,
        }
    }
}

/// What a game keeps to share its opponent's Guard among the positions one
/// action from one position: the stamp of that position and its basis once
/// computed; and the actions of the origin last tested for legality
/// ([`Kept`]). Kept by a game through [`Clone::clone_from`] (the copy a full
/// check applies each action to), no part of equality.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sibling {
    /// The stamp of the position last applied to (0: none).
    parent: u64,
    /// Its basis, once computed (the second action applied from it):
    /// `Some(None)` when it has none.
    basis: Option<Option<Basis>>,
    /// The actions of the origin last tested by [`Game::apply`](crate::core::Game::apply).
    pub(crate) kept: Kept,
}

impl Sibling {
    /// The basis to offer the action about to be applied to `p` (whose
    /// state has the stamp `stamp`): computed on the second action applied
    /// from the same stamp, kept for the later ones.
    #[inline]
    pub(crate) fn before_apply(
        &mut self,
        stamp: u64,
        p: &Position,
        opts: &DragonOptions,
    ) -> Option<&Basis> {
        if self.parent != stamp {
            self.parent = stamp;
            self.basis = None;
            return None;
        }
        self.basis
            .get_or_insert_with(|| Basis::of(p, opts))
            .as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, zobrist::splitmix64};
    use crate::dragon::guard_of;
    use crate::dragon::moves::DragonActions;

    /// Random games from the deployment and the perft table's positions:
    /// at every position each listed action is applied to a copy as the full
    /// checks do (`clone_from`, `apply`), and the copy's Guard and kept
    /// threats must equal a fresh computation; the basis must have stood for
    /// many of them.
    #[test]
    fn the_shared_guard_equals_a_fresh_one() {
        let opts = DragonOptions::default();
        let games = crate::dragon::guard::tests::start_games(&opts);
        let mut x = 0x51B_u64;
        let (mut children, mut shared) = (0usize, 0usize);
        let mut legal = DragonActions::new();
        for (i, start) in games.iter().enumerate() {
            let mut g = start.clone();
            let mut scratch = g.clone();
            for ply in 0..120u64 {
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                // Every eighth position gets the full treatment.
                if ply % 8 == (i % 8) as u64 {
                    for &a in legal.iter() {
                        scratch.clone_from(&g);
                        scratch.play(a).unwrap();
                        // A copy made by `clone` keeps no basis: the Guard
                        // computed afresh.
                        let mut fresh = g.clone();
                        fresh.play(a).unwrap();
                        let text = || g.export_string();
                        assert_eq!(scratch.guard, fresh.guard, "{a:?} after {}", text());
                        assert_eq!(scratch.memo.threats, fresh.memo.threats, "{a:?}");
                        children += 1;
                        if let Some(b) = Basis::of(&g.pos, &opts)
                            && b.fits(&scratch.pos, a)
                        {
                            let (guard, threats) = guard_of(&scratch.pos, &opts);
                            assert_eq!(Some(b.guard), guard, "{a:?} after {}", text());
                            assert_eq!(b.threats, threats, "{a:?}");
                            shared += 1;
                        }
                    }
                }
                x = splitmix64(x ^ ply);
                let a = legal[(x % legal.len() as u64) as usize];
                g.play(a).unwrap();
            }
        }
        eprintln!("{children} positions, {shared} with the shared guard");
        assert!(children > 5000, "{children}");
        assert!(shared * 4 > children, "{shared} of {children}");
    }
}
