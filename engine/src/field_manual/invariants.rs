//! The Field Manual's own invariants, checked after every step of a
//! simulation: the board and the identities agree, the turn's counters are in
//! range, marks are where the turn allows them, a turn never starts with the
//! other army's King in check, and every identity is in exactly one place.

use super::board::{NONE, SQUARES};
use super::pieces::Kind;
use super::state::{Id, PIECES, Position, mark, side_of};
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
    // off the board, and nothing else on the board; a pending one is a
    // captured Prince or Princess.
    let mut placed = 0;
    for id in 0..PIECES {
        let sq = p.at[id];
        if sq == NONE {
            continue;
        }
        placed += 1;
        if usize::from(sq) >= SQUARES || usize::from(p.piece(sq)) != id {
            return fail(format!("identity {id} stands on {sq}, which holds another"));
        }
        if !p.occupied[side_of(id as Id).index()].has(sq) {
            return fail(format!("square {sq} is missing from its army's set"));
        }
    }
    let on_board = p.board.iter().filter(|&&id| id != NONE).count();
    if placed != on_board
        || p.occupied[0].count() as usize + p.occupied[1].count() as usize != on_board
    {
        return fail(format!(
            "{placed} identities placed, {on_board} squares occupied"
        ));
    }
    if p.pending >> PIECES != 0 {
        return fail("an identity past the armies is pending".to_owned());
    }
    let mut pending = p.pending;
    while pending != 0 {
        let id = pending.trailing_zeros() as usize;
        pending &= pending - 1;
        if p.at[id] != NONE || !Position::kind(id as Id).is_ransomed() {
            return fail(format!("identity {id} is pending but not a captured royal"));
        }
    }
    // (The board's hash against a recomputation is the harness's check,
    // `Game::recompute_hash`.)
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
    if (p.marks[0] | p.marks[1] | p.marks[2]) >> PIECES != 0
        || p.marks[0] & p.marks[1] != 0
        || p.marks[0] & p.marks[2] != 0
        || p.marks[1] & p.marks[2] != 0
    {
        return fail("an identity carries two marks, or none exists".to_owned());
    }
    let mut marked = 0;
    let mut any = p.marks[0] | p.marks[1] | p.marks[2];
    while any != 0 {
        let id = any.trailing_zeros() as usize;
        any &= any - 1;
        let m = p.mark_of(id as Id);
        marked += 1;
        let kind = Position::kind(id as u8);
        if side_of(id as u8) != p.to_act
            || (m == mark::SWAPPED && kind != Kind::Prince)
            || (m == mark::RETURNED && (!kind.is_ransomed() || p.at[id] == NONE))
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
