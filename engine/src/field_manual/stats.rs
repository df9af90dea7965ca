//! How hard the turn-level check search worked over the battles a simulation
//! played: the most positions it visited for one decision (one legal list, or
//! a turn's start deciding checkmate and the draw) and for one whole turn (its
//! start and every decision along the actions played), with the position of
//! the hardest decision. Kept per run by the harness ([`SearchStats`], this
//! game's [`Game::Stats`](crate::core::Game::Stats)), so that two runs in one
//! process do not share their maxima.
//!
//! A decision's count is the actions the search applied: the pieces' actions
//! whose legality needed a look past them, and every position behind them it
//! went through.

use std::sync::atomic::Ordering;

use super::FieldManual;
use super::moves::Action;
use super::state::Position;
use crate::core::{Figures, GameStats, StatsTable};

/// The figure of the most positions for one decision.
const DECISION: &str = "most-for-a-decision";
/// The figure of the most positions for one turn.
const TURN: &str = "most-for-a-turn";

/// The maxima of the battles seen so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The most positions the search visited for one decision.
    pub most_for_a_decision: u64,
    /// The most positions it visited for one turn's decisions together.
    pub most_for_a_turn: u64,
    /// The position text of the decision that took the most (empty while no
    /// decision has needed the search); of two that took as many, the
    /// smaller text, so that the run's figure does not depend on the order
    /// its battles were played in.
    pub hardest: String,
}

impl SearchStats {
    /// Records a decision of `visited` positions taken at `pos`.
    fn decision(&mut self, visited: u64, pos: &Position) {
        if visited == 0 || visited < self.most_for_a_decision {
            return;
        }
        let mut text = String::new();
        let _ = super::text::export(pos, &mut text);
        if visited > self.most_for_a_decision || text < self.hardest {
            self.most_for_a_decision = visited;
            self.hardest = text;
        }
    }
}

impl GameStats<FieldManual> for SearchStats {
    /// The decision behind the legal list the action was chosen from.
    fn before_action(&mut self, state: &FieldManual, _action: Action) {
        self.decision(state.searched.load(Ordering::Relaxed), &state.pos);
    }

    /// A turn the action ended, and the next turn's start.
    fn after_action(&mut self, state: &FieldManual) {
        if let Some((turn, start)) = state.turn_ended {
            self.most_for_a_turn = self.most_for_a_turn.max(turn);
            self.decision(start, &state.pos);
        }
    }

    /// The decision behind the last legal list (a battle cut at the
    /// harness's ply cap took no action after it).
    fn game_end(&mut self, state: &FieldManual) {
        self.decision(state.searched.load(Ordering::Relaxed), &state.pos);
    }

    fn figures(&self) -> Figures {
        let mut f = Figures::default();
        f.most(DECISION, self.most_for_a_decision, self.hardest.clone());
        f.most(TURN, self.most_for_a_turn, "");
        f
    }

    fn tables(f: &Figures) -> Vec<StatsTable> {
        let (decision, hardest) = f.most_of(DECISION).unwrap_or((0, ""));
        let mut t = StatsTable::new(
            "The Field Manual's turn-level check search at its hardest:",
            &["figure", "value"],
        );
        t.row(vec![
            "most positions visited for one decision".into(),
            decision.to_string(),
        ]);
        t.row(vec![
            "most positions visited for one turn".into(),
            f.count_of(TURN).to_string(),
        ]);
        if !hardest.is_empty() {
            t.row(vec![
                "the hardest decision's position".into(),
                hardest.into(),
            ]);
        }
        vec![t]
    }
}
