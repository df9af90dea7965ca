//! The Field Manual's own invariants, checked after every step of a
//! simulation: the board and the identities agree, the turn's counters are in
//! range, marks are where the turn allows them, a turn never starts with the
//! other army's King in check, and every identity is in exactly one place.

use super::board::{NONE, SQUARES};
use super::pieces::Kind;
use super::state::{PIECES, Position, mark, side_of};
use super::turn::Rules;
use crate::core::InvariantError;

fn fail(message: String) -> Result<(), InvariantError> {
    Err(InvariantError(message))
}

/// Checks `p` under `rules`.
///
/// # Errors
///
/// The first invariant broken.
pub(super) fn check(p: &Position, rules: Rules) -> Result<(), InvariantError> {
    // Identity conserved: each identity on one square (the board agrees) or
    // off the board; a pending one is a captured Prince or Princess.
    let mut on_board = 0;
    for sq in 0..SQUARES as u8 {
        let id = p.piece(sq);
        if id == NONE {
            continue;
        }
        on_board += 1;
        if usize::from(id) >= PIECES || p.at[usize::from(id)] != sq {
            return fail(format!("square {sq} holds {id}, which stands elsewhere"));
        }
        if !p.occupied[side_of(id).index()].has(sq) {
            return fail(format!("square {sq} is missing from its army's set"));
        }
    }
    let placed = (0..PIECES).filter(|&id| p.at[id] != NONE).count();
    if placed != on_board
        || p.occupied[0].count() as usize + p.occupied[1].count() as usize != on_board
    {
        return fail(format!(
            "{placed} identities placed, {on_board} squares occupied"
        ));
    }
    for id in 0..PIECES {
        if p.pending[id] && (p.at[id] != NONE || !Position::kind(id as u8).is_ransomed()) {
            return fail(format!("identity {id} is pending but not a captured royal"));
        }
    }
    if p.board_hash != p.recompute_board_hash() {
        return fail("the board hash drifted".to_owned());
    }
    if p.outcome.is_some() {
        return Ok(());
    }
    // Moves left in range; none left only while a promotion choice waits.
    if p.moves_left > rules.moves || (p.moves_left == 0 && p.promotion == NONE) {
        return fail(format!("{} moves left", p.moves_left));
    }
    // Marks only on the side to act, each of its kind; no more marked pieces
    // than the moves used allow (a swap marks two, a promotion its piece).
    let used = usize::from(rules.moves - p.moves_left);
    let mut marked = 0;
    for id in 0..PIECES {
        let m = p.marks[id];
        if m == mark::NONE {
            continue;
        }
        marked += 1;
        let kind = Position::kind(id as u8);
        if side_of(id as u8) != p.to_act
            || (m == mark::SWAPPED && kind != Kind::Prince)
            || (m == mark::RETURNED && (!kind.is_ransomed() || p.at[id] == NONE))
            || m > mark::RETURNED
        {
            return fail(format!("identity {id} carries mark {m}"));
        }
    }
    if marked > 2 * used {
        return fail(format!("{marked} pieces marked after {used} moves"));
    }
    // Check answered by the end of every turn: the army that has just ended
    // its turn is never in check when the next one starts.
    if p.at_turn_start(rules) && p.in_check(p.to_act.opponent()) {
        return fail("a turn starts with the other army's King in check".to_owned());
    }
    if p.promotion != NONE && !p.promotable_squire(p.to_act, p.promotion) {
        return fail("a promotion waits with no Squire on the far back row".to_owned());
    }
    for side in crate::core::Side::ALL {
        if p.king(side) == NONE {
            return fail(format!("the {side} King is missing"));
        }
    }
    Ok(())
}
