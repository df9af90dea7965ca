//! The Truce and the results decided away from the board (seed 000, rule 23:
//! "A Truce shall be declared and the game considered drawn under the
//! following circumstances: 1. By agreement between the two players ... 2.
//! Where a Situation (overall position) is repeated three times with the same
//! player having the move ... 3. If a situation occurs whereby fifty moves are
//! played by both players and there having been no capture or sinking nor any
//! movement of Vessels, Dwarfs, Gnomes, Elves or Trolls"; note 7: "Stalemate
//! results in a truce"; rule 27: conceding and loss on time).
//!
//! The fifty-move truce and stalemate are [`apply`](super::apply)'s; the
//! repetition is the game's (its history, [`Dragon`](super::Dragon)); the
//! truce by agreement, conceding and loss on time are declared through
//! [`Dragon::agree_truce`](super::Dragon::agree_truce),
//! [`Dragon::concede`](super::Dragon::concede) and
//! [`Dragon::lose_on_time`](super::Dragon::lose_on_time) (ruling
//! `dragon.results-off-the-board`).

use super::victory::{self, DIRECT_CAPTURE_POINTS, LOCKING_UP_POINTS, PLANTING_POINTS};
use crate::core::clocks::LOSS_ON_TIME;
use crate::core::{Outcome, RuleId, Score, ScoreUnit, Side};
use crate::rulings::{Reading, Ruling};

/// Rule 23.1: "By agreement between the two players."
pub const TRUCE_BY_AGREEMENT: RuleId = RuleId("truce-by-agreement");
/// Rule 27a, a conceding in lieu of a Locking Up.
pub const CONCEDED_LOCKING_UP: RuleId = RuleId("conceded-locking-up");
/// Rule 27a, a conceding in lieu of a Direct Capture.
pub const CONCEDED_DIRECT_CAPTURE: RuleId = RuleId("conceded-direct-capture");
/// Rule 27a, a conceding in lieu of a Planting of a Flag, accepted.
pub const CONCEDED_PLANTING: RuleId = RuleId("conceded-planting");
/// Rule 27b: "the winning player is normally awarded 5 Game points": the
/// clocks' `loss-on-time`.
pub const LOSS_ON_TIME_RULE: RuleId = LOSS_ON_TIME;
/// Rule 27b: "unless both players agree to an award of 3 Game points (for
/// inevitable Planting of a Flag by the winning player)".
pub const LOSS_ON_TIME_PLANTING: RuleId = RuleId("loss-on-time-planting");

/// The win a conceding player names (rule 27a: "the conceding player must
/// state whether he is conceding in lieu of a Locking Up, Direct Capture or a
/// Planting of a Flag").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Victory {
    /// In lieu of a Locking Up.
    LockingUp,
    /// In lieu of a Direct Capture.
    DirectCapture,
    /// In lieu of a Planting of a Flag: the winner may decline and play on.
    PlantingAFlag,
}

/// What a loss on time awards (rule 27b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeAward {
    /// "normally awarded 5 Game points + 1/2 Nominal".
    #[default]
    Normal,
    /// "both players agree to an award of 3 Game points (for inevitable
    /// Planting of a Flag by the winning player)".
    AgreedPlanting,
}

/// The outcome of `loser` conceding in lieu of `victory`.
#[must_use]
pub fn conceded(loser: Side, victory: Victory) -> Outcome {
    let (rule, points) = match victory {
        Victory::LockingUp => (CONCEDED_LOCKING_UP, LOCKING_UP_POINTS),
        Victory::DirectCapture => (CONCEDED_DIRECT_CAPTURE, DIRECT_CAPTURE_POINTS),
        Victory::PlantingAFlag => (CONCEDED_PLANTING, PLANTING_POINTS),
    };
    victory::win(loser.opponent(), rule, points)
}

/// The outcome of `loser`'s flag falling.
#[must_use]
pub fn on_time(loser: Side, award: TimeAward) -> Outcome {
    match award {
        TimeAward::Normal => victory::win(loser.opponent(), LOSS_ON_TIME_RULE, 5),
        TimeAward::AgreedPlanting => victory::win(loser.opponent(), LOSS_ON_TIME_PLANTING, 3),
    }
}

/// A truce's score (ruling `dragon.truce-score`): half a Game Point each.
pub const TRUCE_SCORE: Score = Score::each_halves(1, ScoreUnit::GamePoints);

/// A truce by `rule`.
#[must_use]
pub const fn truce(rule: RuleId) -> Outcome {
    Outcome {
        winner: None,
        rule,
        score: TRUCE_SCORE,
    }
}

/// The outcome recorded for an off-the-board `rule` won by `winner` (`None`:
/// the truce by agreement), as a position's result field names it.
#[must_use]
pub fn recorded(winner: Option<Side>, rule: &str) -> Option<Outcome> {
    match (winner, rule) {
        (None, "truce-by-agreement") => Some(truce(TRUCE_BY_AGREEMENT)),
        (None, "threefold-repetition") => Some(truce(crate::core::rules::THREEFOLD_REPETITION)),
        (Some(w), "conceded-locking-up") => Some(conceded(w.opponent(), Victory::LockingUp)),
        (Some(w), "conceded-direct-capture") => {
            Some(conceded(w.opponent(), Victory::DirectCapture))
        }
        (Some(w), "conceded-planting") => Some(conceded(w.opponent(), Victory::PlantingAFlag)),
        (Some(w), "loss-on-time") => Some(on_time(w.opponent(), TimeAward::Normal)),
        (Some(w), "loss-on-time-planting") => Some(on_time(w.opponent(), TimeAward::AgreedPlanting)),
        _ => None,
    }
}

/// Ruling `dragon.repetition`.
pub const REPETITION: Ruling = Ruling {
    id: "dragon.repetition",
    question: "Rule 23.2: \"The situation will be considered as having been repeated if forces of the same colour(s) and type occupy the same positions\": what else must be the same (vessels' bows and flags, the special areas, arrows, Cannonballs, Seer consultations, procedure flags, the en-passant right)?",
    source: "seed 000 (Dragon), rule 23.2 (\"Where a Situation (overall position) is repeated three times with the same player having the move\")",
    readings: &[
        Reading {
            name: "whole-situation",
            text: "the whole position the future depends on: every force and vessel on its position with the vessels' bows and the flags they fly, the special areas, the Barren Lands, the arrows, Cannonballs and Seer consultations left, the procedure flags and the en-passant right, and the same side to move (the position's hash); a truce is declared at once on the third occurrence since the game's (or the import's) start",
        },
        Reading {
            name: "forces-only",
            text: "only which force (colour and type) stands on which position, and who moves",
        },
    ],
    option: None,
    reason: "\"Situation (overall position)\" is the whole state; two positions that differ in a bow, a counter or a right offer different actions, so they are not the same situation (the same reading as Chess's repetition with castling and en-passant rights); \"colour(s)\" covers the vessels' flags",
};

/// Ruling `dragon.fifty-moves`.
pub const FIFTY_MOVES: Ruling = Ruling {
    id: "dragon.fifty-moves",
    question: "Rule 23.3 lists what restarts the fifty-move count: \"no capture or sinking nor any movement of Vessels, Dwarfs, Gnomes, Elves or Trolls\". Every vessel moves on most plies of a game, so the count seldom runs: does every vessel's movement restart it?",
    source: "seed 000 (Dragon), rule 23.3",
    readings: &[
        Reading {
            name: "restart",
            text: "as listed: a capture (arrows included), a sinking, and any movement of a vessel (advancing, re-aligning by ruling dragon.realign-truce, ramming, firing), a Dwarf, Gnome, Elf or Troll (a Palace Defender or Citadel Watcher included: drawn from the Elves and Trolls) restarts the count; the truce is declared at once on the hundredth ply without one (\"either player or the Arbiter can enforce a Truce\")",
        },
        Reading {
            name: "ignored",
            text: "a vessel's advance or re-alignment does not restart the count (a sinking still does): `--option truce-vessels=ignored`, so that random games reach the truce",
        },
    ],
    option: Some("truce-vessels"),
    reason: "the seed lists vessels by name among what restarts the count; the other reading is kept as an option because with it random games end by the truce instead of the ply bound, which a maintainer may want to compare",
};

/// Ruling `dragon.truce-score`.
pub const TRUCE_SCORE_RULING: Ruling = Ruling {
    id: "dragon.truce-score",
    question: "The Scoring Table's line for a Truce is lost: what does a drawn game score?",
    source: "seed 000 (Dragon), Scoring Table (only \"For Direct Capture 5\" and \"For Planting a Flag 3\" kept); rule 23",
    readings: &[
        Reading {
            name: "half-each",
            text: "½ Game Point to each OverLord",
        },
        Reading {
            name: "one-and-a-half-each",
            text: "half of the lesser win (1½ each)",
        },
    ],
    option: None,
    reason: "the Tiger's-Eye games whose tables survive (Jewel's Facets) give a drawn game ½ each; nothing in Dragon's text suggests a draw is worth more than there",
};

/// Ruling `dragon.results-off-the-board`.
pub const RESULTS_OFF_THE_BOARD: Ruling = Ruling {
    id: "dragon.results-off-the-board",
    question: "How are a truce by agreement, a conceding and a loss on time declared, and what do they score?",
    source: "seed 000 (Dragon), rules 23.1 (\"By agreement between the two players. The Arbiter may over-rule\"), 25 (TigerIncrement clocks) and 27 (\"a. For a conceding - the conceding player must state whether he is conceding in lieu of a Locking Up, Direct Capture or a Planting of a Flag. The winning player may then accept the offer ... If the winning player does not accept the offer (when in lieu of Planting of a Flag), then play should carry on ... b. For a loss on time - the winning player is normally awarded 5 Game points + 1/2 Nominal unless both players agree to an award of 3 Game points\")",
    readings: &[
        Reading {
            name: "declared-by-the-caller",
            text: "they are decisions of the players (and the Arbiter), not moves of the forces: the caller declares them (`Dragon::agree_truce`, `Dragon::concede(loser, in lieu of, accepted)`, `Dragon::lose_on_time(loser, award)` after the TigerIncrement clocks' flag fall), they are never legal actions, so perft and random play count only the forces' moves; results `draw:truce-by-agreement`, `forest-wins:conceded-locking-up` (5), `conceded-direct-capture` (5), `conceded-planting` (3; declined, play goes on), `loss-on-time` (5; the ½ Nominal point has no place in a Game Point score and is left to the series) and `loss-on-time-planting` (3) are recorded in positions",
        },
        Reading {
            name: "offer-and-accept-actions",
            text: "an offer of a truce (or a conceding) is an action of the side to move and the acceptance an action of the other",
        },
    ],
    option: None,
    reason: "random play would otherwise agree to a truce or concede within a few plies of every game; the seed describes these as statements between the players, overruled by the Arbiter, which the engine cannot judge",
};
