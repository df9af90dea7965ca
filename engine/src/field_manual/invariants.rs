//! The Field Manual's own invariants, checked after every step of a
//! simulation: the board and the identities agree, the turn's counters are in
//! range, marks are where the turn allows them, a turn never starts with the
//! other army's King in check, and every identity is in exactly one place.
//!
//! Beside the state, a log of the turn's actions ([`TurnLog`]) lets each step
//! be judged against the manual without trusting the marks the generator
//! reads: the moves left match the actions taken; a piece moves twice in a
//! turn only as the Prince after his swap; the King is never in check after
//! his own move; a returned royal does not move; a promotion never restores a
//! piece in play; a step changes the pieces on the board only as a capture
//! (one fewer) or an exchange (a ransom, a promotion) does.

use super::board::{NONE, SQUARES};
use super::moves::Action;
use super::pieces::Kind;
use super::state::{Id, PIECES, Position, ids, king_id, mark, side_of};
use super::turn::Rules;
use crate::core::{InvariantError, Side};

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

/// What a turn's actions did, recorded as they are played (a log beside the
/// state, like its ply counter) so that the invariants can judge each step
/// against the rules without trusting the marks the generator reads.
#[derive(Clone, Copy, Debug)]
pub(super) struct TurnLog {
    /// The army whose turn the entries belong to.
    side: Side,
    /// Whether the log began at the turn's start (not after reading a
    /// position in the middle of a turn).
    from_start: bool,
    len: usize,
    entries: [Entry; 8],
    /// The army whose King made the last action, if he did.
    king_moved: Option<Side>,
    /// The pieces on the board the last step must leave, if known.
    expected_on_board: Option<u32>,
    /// Before a promotion: the identities of the chosen kind then in play.
    in_play: u128,
}

/// One action of the turn: who acted and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    /// The piece that moved, swapped (the Prince), returned or was restored.
    id: Id,
    verb: Verb,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Verb {
    /// A move or capture.
    #[default]
    Moved,
    /// A Prince's swap with the Squire `squire`.
    Swapped { squire: Id },
    /// A ransomed royal's return.
    Returned,
    /// A Squire's promotion restored this piece; `was_in_play` when it stood
    /// on the board or waited for ransom just before.
    Restored { was_in_play: bool },
}

impl TurnLog {
    /// An empty log of `side`'s turn; `from_start` when the turn has just begun.
    pub(super) fn new(side: Side, from_start: bool) -> TurnLog {
        TurnLog {
            side,
            from_start,
            len: 0,
            entries: [Entry::default(); 8],
            king_moved: None,
            expected_on_board: None,
            in_play: 0,
        }
    }

    /// Records `action`, about to be applied to `p`, and the pieces on the
    /// board it must leave.
    pub(super) fn before(&mut self, p: &Position, action: Action) {
        let on_board = p.occupied[0].count() + p.occupied[1].count();
        let side = p.to_act;
        self.king_moved = None;
        let (entry, on_board) = match action {
            Action::Pass => (None, on_board),
            Action::Move { from, to } => {
                let id = p.piece(from);
                if id == king_id(side) {
                    self.king_moved = Some(side);
                }
                let captured = u32::from(p.piece(to) != NONE);
                (
                    Some(Entry {
                        id,
                        verb: Verb::Moved,
                    }),
                    on_board - captured,
                )
            }
            Action::Swap { prince, squire } => (
                Some(Entry {
                    id: p.piece(prince),
                    verb: Verb::Swapped {
                        squire: p.piece(squire),
                    },
                }),
                on_board,
            ),
            Action::Ransom { royal, .. } => (
                ids(side)
                    .find(|&id| p.is_pending(id) && Position::kind(id) == royal)
                    .map(|id| Entry {
                        id,
                        verb: Verb::Returned,
                    }),
                on_board,
            ),
            Action::Promote(kind) => {
                // The restored identity is known after the step.
                self.in_play = ids(side)
                    .filter(|&id| {
                        Position::kind(id) == kind
                            && (p.at[usize::from(id)] != NONE || p.is_pending(id))
                    })
                    .fold(0, |set, id| set | 1 << id);
                (
                    Some(Entry {
                        id: NONE,
                        verb: Verb::Restored { was_in_play: false },
                    }),
                    on_board,
                )
            }
        };
        self.expected_on_board = Some(on_board);
        if let Some(e) = entry
            && self.len < self.entries.len()
        {
            self.entries[self.len] = e;
            self.len += 1;
        }
    }

    /// Completes the entry of a promotion with the restored identity, now on
    /// `at` of `p`.
    pub(super) fn restored(&mut self, p: &Position, at: u8) {
        if let Some(e) = self.len.checked_sub(1).map(|i| &mut self.entries[i])
            && matches!(e.verb, Verb::Restored { .. })
        {
            e.id = p.piece(at);
            e.verb = Verb::Restored {
                was_in_play: e.id != NONE && self.in_play >> e.id & 1 == 1,
            };
        }
    }

    /// Starts the log of the next turn, keeping what the invariants check
    /// after the step that ended this one.
    pub(super) fn next_turn(&mut self, side: Side) {
        let (king_moved, expected) = (self.king_moved, self.expected_on_board);
        *self = TurnLog::new(side, true);
        self.king_moved = king_moved;
        self.expected_on_board = expected;
    }
}

/// Checks the turn's log against `p`, the state after its last step.
///
/// # Errors
///
/// The first invariant broken.
pub(super) fn check_log(p: &Position, log: &TurnLog, rules: Rules) -> Result<(), InvariantError> {
    // The King never left in check after his own move.
    if let Some(side) = log.king_moved
        && p.outcome.is_none()
        && p.in_check(side)
    {
        return fail(format!(
            "the {side} King stands in check after his own move"
        ));
    }
    // Identity conserved over the step: a capture takes one piece off, a
    // ransom and a promotion exchange one for another.
    let on_board = p.occupied[0].count() + p.occupied[1].count();
    if let Some(expected) = log.expected_on_board
        && on_board != expected
    {
        return fail(format!(
            "{on_board} pieces on the board after a step that leaves {expected}"
        ));
    }
    let entries = &log.entries[..log.len];
    for (i, e) in entries.iter().enumerate() {
        let earlier = &entries[..i];
        let kind = Position::kind(e.id.min(PIECES as u8 - 1));
        match e.verb {
            // A piece moved twice only as allowed: once a turn, but the Prince
            // once more after his swap; never a Squire after it was swapped, a
            // royal the turn it returned, or a piece the turn it was restored.
            Verb::Moved => {
                let same = earlier.iter().filter(|x| x.id == e.id).count();
                let after_swap = same == 1
                    && earlier
                        .iter()
                        .any(|x| x.id == e.id && matches!(x.verb, Verb::Swapped { .. }));
                let swapped_squire = earlier
                    .iter()
                    .any(|x| matches!(x.verb, Verb::Swapped { squire } if squire == e.id));
                if (same > 0 && !after_swap) || swapped_squire {
                    return fail(format!("{kind} (identity {}) moves twice in a turn", e.id));
                }
            }
            Verb::Swapped { squire } => {
                if kind != Kind::Prince
                    || earlier.iter().any(|x| {
                        x.id == e.id || matches!(x.verb, Verb::Swapped { squire: s } if s == squire)
                    })
                {
                    return fail(format!(
                        "a swap by identity {} after it acted this turn",
                        e.id
                    ));
                }
            }
            // Returned royals immobile: a return comes before any move.
            Verb::Returned => {
                if !kind.is_ransomed() || earlier.iter().any(|x| x.verb != Verb::Returned) {
                    return fail(format!("{kind} returns after the turn's moves began"));
                }
            }
            // No duplicated restored piece.
            Verb::Restored { was_in_play } => {
                if was_in_play || !kind.is_restorable() {
                    return fail(format!(
                        "a promotion restores {kind} (identity {}), which was in play",
                        e.id
                    ));
                }
            }
        }
    }
    // Moves left in the turn: three (or one) less those used, a ransom and a
    // swap a move each, a promotion choice none.
    if log.from_start && p.outcome.is_none() && log.side == p.to_act {
        let used = entries
            .iter()
            .filter(|e| !matches!(e.verb, Verb::Restored { .. }))
            .count();
        if usize::from(p.moves_left) + used != usize::from(rules.moves) {
            return fail(format!(
                "{} moves left after {used} of the turn's {}",
                p.moves_left, rules.moves
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field_manual::board::LAYOUT;
    use crate::field_manual::state::roster;

    const NORMAL: Rules = Rules {
        moves: 3,
        sniper: false,
        loses: false,
    };

    fn sq(name: &str) -> u8 {
        LAYOUT.parse_square(name).unwrap()
    }

    /// The first identity of `side` of `kind`.
    fn id_of(side: Side, kind: Kind) -> Id {
        roster().by_kind[side.index()][kind as usize][0]
    }

    /// The two Kings (the Dragon's on A1, the Tiger's on N10) and `more`.
    fn position(more: &[(Side, Kind, &str)]) -> Position {
        let mut p = Position::empty(3);
        p.put(id_of(Side::Red, Kind::King), sq("A1"));
        p.put(id_of(Side::Green, Kind::King), sq("N10"));
        let mut used = Vec::new();
        for &(side, kind, at) in more {
            let id = roster().by_kind[side.index()][kind as usize]
                .iter()
                .copied()
                .find(|id| !used.contains(id))
                .unwrap();
            used.push(id);
            p.put(id, sq(at));
        }
        p
    }

    fn log_fails(p: &Position, log: &TurnLog, what: &str) {
        match check_log(p, log, NORMAL) {
            Err(e) => assert!(e.0.contains(what), "{what}: {}", e.0),
            Ok(()) => panic!("{what}: no invariant broke"),
        }
    }

    #[test]
    fn moves_left_must_match_the_turn_s_actions() {
        let mut p = position(&[(Side::Red, Kind::Pawn, "E3")]);
        let mut log = TurnLog::new(Side::Red, true);
        log.before(
            &p,
            Action::Move {
                from: sq("E3"),
                to: sq("E5"),
            },
        );
        p.raw(
            Action::Move {
                from: sq("E3"),
                to: sq("E5"),
            },
            &mut |_| {},
        );
        assert_eq!(check_log(&p, &log, NORMAL), Ok(()));
        p.moves_left = 3;
        log_fails(&p, &log, "moves left");
    }

    #[test]
    fn a_piece_moves_twice_only_as_allowed() {
        let p = position(&[
            (Side::Red, Kind::Pawn, "F3"),
            (Side::Red, Kind::Prince, "H1"),
            (Side::Red, Kind::Squire, "E2"),
        ]);
        let step = |from: &str, to: &str| Action::Move {
            from: sq(from),
            to: sq(to),
        };
        // The Pawn twice.
        let mut log = TurnLog::new(Side::Red, false);
        log.before(&p, step("F3", "F4"));
        log.before(&p, step("F3", "F4"));
        log_fails(&p, &log, "moves twice");
        // The Prince after his swap: once more is allowed, twice is not.
        let mut log = TurnLog::new(Side::Red, false);
        log.before(
            &p,
            Action::Swap {
                prince: sq("H1"),
                squire: sq("E2"),
            },
        );
        log.before(&p, step("H1", "H3"));
        assert_eq!(check_log(&p, &log, NORMAL), Ok(()));
        log.before(&p, step("H1", "H3"));
        log_fails(&p, &log, "moves twice");
        // The Squire after the swap.
        let mut log = TurnLog::new(Side::Red, false);
        log.before(
            &p,
            Action::Swap {
                prince: sq("H1"),
                squire: sq("E2"),
            },
        );
        log.before(&p, step("E2", "E3"));
        log_fails(&p, &log, "moves twice");
    }

    #[test]
    fn the_king_is_never_left_in_check_after_his_own_move() {
        let p = position(&[(Side::Green, Kind::Rook, "A5")]);
        let mut log = TurnLog::new(Side::Red, false);
        assert_eq!(check_log(&p, &log, NORMAL), Ok(()));
        log.king_moved = Some(Side::Red);
        log_fails(&p, &log, "after his own move");
    }

    #[test]
    fn check_is_answered_by_the_end_of_every_turn() {
        // The Tiger to act at its turn's start, the Dragon's King in check.
        let mut p = position(&[(Side::Green, Kind::Rook, "A5")]);
        p.to_act = Side::Green;
        match check(&p, NORMAL) {
            Err(e) => assert!(e.0.contains("in check"), "{}", e.0),
            Ok(()) => panic!("no invariant broke"),
        }
    }

    #[test]
    fn returned_royals_stay_put() {
        let mut p = position(&[
            (Side::Red, Kind::Pawn, "E3"),
            (Side::Red, Kind::Knight, "B1"),
        ]);
        let prince = id_of(Side::Red, Kind::Prince);
        p.set_pending(prince, true);
        let ransom = Action::Ransom {
            royal: Kind::Prince,
            at: sq("E3"),
        };
        let mut log = TurnLog::new(Side::Red, false);
        log.before(&p, ransom);
        assert_eq!(check_log(&p, &log, NORMAL), Ok(()));
        // The returned Prince moving.
        let mut moved = p.clone();
        moved.set_pending(prince, false);
        moved.take(sq("E3"));
        moved.put(prince, sq("E3"));
        log.before(
            &moved,
            Action::Move {
                from: sq("E3"),
                to: sq("E5"),
            },
        );
        log_fails(&moved, &log, "moves twice");
        // A return after a move.
        let mut log = TurnLog::new(Side::Red, false);
        log.before(
            &p,
            Action::Move {
                from: sq("B1"),
                to: sq("C3"),
            },
        );
        log.before(&p, ransom);
        log_fails(&p, &log, "returns after");
    }

    #[test]
    fn a_promotion_never_restores_a_piece_in_play() {
        // Both Dragon Rooks on the board, a Squire on the far back row.
        let mut p = position(&[
            (Side::Red, Kind::Rook, "B1"),
            (Side::Red, Kind::Rook, "C1"),
            (Side::Red, Kind::Squire, "E10"),
        ]);
        p.promotion = sq("E10");
        let mut log = TurnLog::new(Side::Red, false);
        log.before(&p, Action::Promote(Kind::Rook));
        // A wrong engine puts an identity in play on the square.
        let rook = p.piece(sq("B1"));
        p.take(sq("E10"));
        p.take(sq("B1"));
        p.put(rook, sq("E10"));
        log.restored(&p, sq("E10"));
        // (The count of pieces is another invariant's.)
        log.expected_on_board = None;
        log_fails(&p, &log, "which was in play");
        // An off-board Rook is restored without complaint.
        let mut p = position(&[(Side::Red, Kind::Squire, "E10")]);
        p.promotion = sq("E10");
        let mut log = TurnLog::new(Side::Red, false);
        log.before(&p, Action::Promote(Kind::Rook));
        p.raw(Action::Promote(Kind::Rook), &mut |_| {});
        log.restored(&p, sq("E10"));
        assert_eq!(check_log(&p, &log, NORMAL), Ok(()));
    }

    #[test]
    fn identities_are_conserved() {
        let p = position(&[
            (Side::Red, Kind::Rook, "E3"),
            (Side::Green, Kind::Pawn, "E7"),
        ]);
        // A capture leaves one piece fewer: here nothing was taken.
        let mut log = TurnLog::new(Side::Red, false);
        log.before(
            &p,
            Action::Move {
                from: sq("E3"),
                to: sq("E7"),
            },
        );
        log_fails(&p, &log, "pieces on the board");
        // An identity standing on two squares.
        let mut q = p.clone();
        let rook = q.piece(sq("E3"));
        q.board[usize::from(sq("E4"))] = rook;
        q.occupied[Side::Red.index()].insert(sq("E4"));
        match check(&q, NORMAL) {
            Err(e) => assert!(e.0.contains("squares occupied"), "{}", e.0),
            Ok(()) => panic!("no invariant broke"),
        }
    }
}
