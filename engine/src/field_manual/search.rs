//! The turn-level check rule (seed 004, "Protect your King": "You have until
//! the end of your turn to resolve check. You may move other pieces first";
//! ruling `field-manual.turn-check`): which actions leave a continuation of the
//! turn that ends with the King safe, found by a search that stops at the
//! first such continuation.
//!
//! The search is exact; what makes it fast is what a position tells without
//! searching:
//!
//! - out of check, the turn can always end safe (a move that keeps it so, or
//!   the pass when none is left), and an action that opens no line onto the
//!   King (a piece that is not pinned, a pinned one along its pin, a swap, a
//!   ransom or a promotion choice, which change no square's occupancy) keeps
//!   the King out of check;
//! - in check, a King free to move answers it at once: his destinations are
//!   the squares no piece attacks;
//! - in check with one move left and the King unable to answer, only a move
//!   onto the one checker's line (capturing or blocking it), or a Sniper's
//!   capture of the opposing King, can answer, so only those are tried.
//!
//! Every other case is the plain search over the turn's actions.

use super::board::{NONE, Set, Tables, tables};
use super::moves::Action;
use super::pieces::Kind;
use super::state::{Position, far_rank, ids, king_id, mark};
use super::turn::{Actions, Rules};
use crate::core::Side;

/// The turn-level check search of one decision, with the positions it visited.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Search {
    /// Positions visited: one for each action the search applied.
    pub(super) visited: u64,
}

/// The own pieces that stand alone between the King and an opposing rider
/// that would attack him along that line, each with the squares it may move
/// to without opening the line (the line up to the rider, the rider's square
/// included).
#[derive(Clone, Copy, Debug, Default)]
struct Pins {
    pinned: Set,
    count: usize,
    at: [u8; 8],
    keep: [Set; 8],
}

impl Pins {
    fn of(p: &Position, side: Side, king: u8) -> Pins {
        let mut pins = Pins::default();
        if king == NONE {
            return pins;
        }
        let t = tables();
        let ki = usize::from(king);
        let occupied = p.all_occupied();
        let mine = p.occupied[side.index()];
        let theirs = p.occupied[side.opponent().index()];
        for d in 0..8 {
            let blockers = t.ray[d][ki] & occupied;
            let first = Tables::nearest(d, blockers);
            if first == NONE || !mine.has(first) {
                continue;
            }
            let second = Tables::nearest(d, blockers.without(first));
            if second == NONE || !theirs.has(second) {
                continue;
            }
            let diagonal = d % 2 == 1;
            let along = match Position::kind(p.piece(second)) {
                Kind::Queen => true,
                Kind::Rook | Kind::RoyalRook => !diagonal,
                Kind::Bishop | Kind::Archbishop => diagonal,
                Kind::Princess => t.near[d][ki].has(second),
                Kind::King | Kind::Prince | Kind::Knight | Kind::Pawn | Kind::Squire => false,
            };
            if along {
                pins.pinned.insert(first);
                pins.at[pins.count] = first;
                pins.keep[pins.count] = t.ray[d][ki].minus(t.ray[d][usize::from(second)]);
                pins.count += 1;
            }
        }
        pins
    }

    /// Whether a move of the pinned piece on `from` to `to` keeps its line shut.
    fn keeps(&self, from: u8, to: u8) -> bool {
        (0..self.count).any(|i| self.at[i] == from && self.keep[i].has(to))
    }
}

/// What the position tells about each action without searching.
struct Quick {
    checked: bool,
    king: u8,
    pins: Pins,
}

impl Quick {
    fn of(p: &Position) -> Quick {
        let side = p.to_act;
        let king = p.king(side);
        let checked = p.in_check(side);
        let pins = if checked {
            Pins::default()
        } else {
            Pins::of(p, side, king)
        };
        Quick {
            checked,
            king,
            pins,
        }
    }

    /// Whether `a` surely leaves a continuation that ends the turn safe.
    #[inline]
    fn surely_legal(&self, a: Action) -> bool {
        match a {
            // A King's destinations are squares no piece attacks.
            Action::Move { from, .. } if from == self.king => true,
            Action::Move { from, to } => {
                !self.checked && (!self.pins.pinned.has(from) || self.pins.keeps(from, to))
            }
            Action::Swap { .. } | Action::Ransom { .. } | Action::Promote(_) | Action::Pass => {
                !self.checked
            }
        }
    }
}

impl Position {
    /// Calls `f` with every action [`Position::pseudo_actions`] lists, in its
    /// order, until `f` answers true; returns whether it did.
    pub fn any_pseudo(&self, sniper: bool, mut f: impl FnMut(Action) -> bool) -> bool {
        let side = self.to_act;
        if self.promotion != NONE {
            return Kind::RESTORABLE
                .into_iter()
                .any(|k| self.off_board(side, k).is_some() && f(Action::Promote(k)));
        }
        if self.pending_of(side) {
            let sacrifices = self.sacrifices(side);
            return ids(side).any(|id| {
                self.is_pending(id) && {
                    let royal = Position::kind(id);
                    sacrifices
                        .iter::<u8>()
                        .any(|at| f(Action::Ransom { royal, at }))
                }
            });
        }
        let far = far_rank(side);
        self.occupied[side.index()].iter::<u8>().any(|from| {
            let id = self.piece(from);
            let m = self.mark_of(id);
            if m == mark::MOVED || m == mark::RETURNED {
                return false;
            }
            self.destinations(from, id, sniper)
                .iter::<u8>()
                .any(|to| f(Action::Move { from, to }))
                || (Position::kind(id) == Kind::Prince
                    && m == mark::NONE
                    && super::board::rank(from) != far
                    && self.squires(side).iter::<u8>().any(|squire| {
                        f(Action::Swap {
                            prince: from,
                            squire,
                        })
                    }))
        })
    }
}

impl Search {
    /// Whether some continuation of the turn ends it with the side to act's
    /// King out of check (a battle won or drawn on the way counts too): the
    /// turn-level check rule. Stops at the first continuation found.
    pub(super) fn can_end_safe(&mut self, p: &Position, rules: Rules) -> bool {
        if let Some(o) = p.outcome {
            return o.winner != Some(p.to_act.opponent());
        }
        let side = p.to_act;
        let checked = p.in_check(side);
        if p.promotion == NONE {
            // Out of check, the turn can end safe: by a move that keeps it so,
            // or, when no move is legal, by the pass.
            if p.moves_left == 0 || !checked {
                return !checked;
            }
            if !p.pending_of(side) {
                let king = p.king(side);
                let kid = king_id(side);
                // The King free to move answers at once.
                if p.mark_of(kid) == mark::NONE
                    && !p.destinations(king, kid, rules.sniper).is_empty()
                {
                    return true;
                }
                if p.moves_left == 1 {
                    return self.last_move_answers(p, rules, king);
                }
            }
        }
        p.any_pseudo(rules.sniper, |a| self.after_can_end_safe(p, a, rules))
    }

    /// With one move left, in check, the King unable to answer: whether a
    /// move onto the one checker's line (or a Sniper's capture of the opposing
    /// King) leaves him safe.
    fn last_move_answers(&mut self, p: &Position, rules: Rules, king: u8) -> bool {
        let side = p.to_act;
        let t = tables();
        let checkers = p.attackers(king, side.opponent());
        let mut targets = Set::EMPTY;
        if let Some(c) = checkers.first::<u8>()
            && !checkers.several()
        {
            targets.insert(c);
            if !matches!(Position::kind(p.piece(c)), Kind::Knight | Kind::Prince) {
                let ki = usize::from(king);
                for d in 0..8 {
                    if t.ray[d][ki].has(c) {
                        targets |= t.ray[d][ki].minus(t.ray[d][usize::from(c)]);
                    }
                }
            }
        }
        if rules.sniper {
            let theirs = p.king(side.opponent());
            if theirs != NONE {
                targets.insert(theirs);
            }
        }
        if targets.is_empty() {
            return false;
        }
        p.occupied[side.index()].iter::<u8>().any(|from| {
            let id = p.piece(from);
            let m = p.mark_of(id);
            if from == king || m == mark::MOVED || m == mark::RETURNED {
                return false;
            }
            (p.destinations(from, id, rules.sniper) & targets)
                .iter::<u8>()
                .any(|to| self.after_can_end_safe(p, Action::Move { from, to }, rules))
        })
    }

    /// Whether, after `a`, the turn can still end with the King safe.
    fn after_can_end_safe(&mut self, p: &Position, a: Action, rules: Rules) -> bool {
        self.visited += 1;
        let mut next = p.clone();
        next.raw(a, &mut |_| {});
        self.can_end_safe(&next, rules)
    }

    /// Keeps, of the pieces' actions in `out`, those the turn-level check
    /// rule allows, in their order.
    pub(super) fn keep_legal(&mut self, p: &Position, rules: Rules, out: &mut Actions) {
        let quick = Quick::of(p);
        let mut kept = 0;
        for i in 0..out.len() {
            let a = out[i];
            if quick.surely_legal(a) || self.after_can_end_safe(p, a, rules) {
                out[kept] = a;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether `a`, one of the pieces' actions, is legal under the turn-level
    /// check rule.
    pub(super) fn allows(&mut self, p: &Position, rules: Rules, a: Action) -> bool {
        rules.loses || Quick::of(p).surely_legal(a) || self.after_can_end_safe(p, a, rules)
    }

    /// Whether the side to act has a legal action other than the pass: the
    /// first one found ends the search (a turn's start asks it every turn).
    pub(super) fn has_legal_action(&mut self, p: &Position, rules: Rules) -> bool {
        if rules.loses {
            return p.any_pseudo(rules.sniper, |_| true);
        }
        let quick = Quick::of(p);
        p.any_pseudo(rules.sniper, |a| {
            quick.surely_legal(a) || self.after_can_end_safe(p, a, rules)
        })
    }
}
