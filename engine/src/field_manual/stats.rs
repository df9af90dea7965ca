//! How hard the turn-level check search worked, over every battle played in
//! this process: the most positions it visited for one decision (one legal
//! list, or a turn's start deciding checkmate and the draw) and for one whole
//! turn (its start and every decision along the actions played), with the
//! position of the hardest decision. Only the maxima are kept, so recording
//! costs a load and a comparison a decision.
//!
//! A decision's count is the actions the search applied: the pieces' actions
//! whose legality needed a look past them, and every position behind them it
//! went through.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::state::Position;

static MOST_FOR_A_DECISION: AtomicU64 = AtomicU64::new(0);
static MOST_FOR_A_TURN: AtomicU64 = AtomicU64::new(0);
static HARDEST: Mutex<String> = Mutex::new(String::new());

/// The maxima recorded so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The most positions the search visited for one decision.
    pub most_for_a_decision: u64,
    /// The most positions it visited for one turn's decisions together.
    pub most_for_a_turn: u64,
    /// The position text of the decision that took the most (empty while no
    /// decision has needed the search).
    pub hardest: String,
}

/// The maxima recorded in this process so far.
#[must_use]
pub fn search_stats() -> SearchStats {
    SearchStats {
        most_for_a_decision: MOST_FOR_A_DECISION.load(Ordering::Relaxed),
        most_for_a_turn: MOST_FOR_A_TURN.load(Ordering::Relaxed),
        hardest: HARDEST.lock().map(|s| s.clone()).unwrap_or_default(),
    }
}

/// Records a decision of `visited` positions taken at `pos`.
#[inline]
pub(super) fn decision(visited: u64, pos: &Position) {
    if visited > MOST_FOR_A_DECISION.load(Ordering::Relaxed)
        && MOST_FOR_A_DECISION.fetch_max(visited, Ordering::Relaxed) < visited
        && let Ok(mut hardest) = HARDEST.lock()
        && MOST_FOR_A_DECISION.load(Ordering::Relaxed) == visited
    {
        hardest.clear();
        let _ = super::text::export(pos, &mut *hardest);
    }
}

/// Records a turn whose decisions visited `visited` positions in all.
#[inline]
pub(super) fn turn(visited: u64) {
    if visited > MOST_FOR_A_TURN.load(Ordering::Relaxed) {
        MOST_FOR_A_TURN.fetch_max(visited, Ordering::Relaxed);
    }
}
