//! Conceding (seed 000, rule 27 a: "For a conceding - the conceding player
//! must state whether he is conceding in lieu of a Locking Up, Direct Capture
//! or a Planting of a Flag. The winning player may then accept the offer and
//! be awarded game points as shown in the scoring table. If the winning player
//! does not accept the offer (when in lieu of Planting of a Flag), then play
//! should carry on. The Arbiter may over-rule.").
//!
//! With `--option concede=offers` (ruling [`OFFERS`]) the side to move may
//! concede once a move, `concede locking-up`, `concede direct-capture` or
//! `concede planting-a-flag`; the opponent answers at once, as a truce offer
//! ([`truce`](super::truce)): `choose 1` accepts, he wins by the deciding rule
//! `conceded-locking-up`, `conceded-direct-capture` or
//! `conceded-planting-a-flag` with the Scoring Table's points (ruling
//! [`RESULT`]); `choose 0` declines, only in lieu of a Planting (ruling
//! [`DECLINE`]), and the conceder's move goes on.
//!
//! A loss on time (rule 27 b: "the winning player is normally awarded 5 Game
//! points + 1/2 Nominal unless both players agree to an award of 3 Game points
//! (for inevitable Planting of a Flag by the winning player)"): the engine
//! keeps no clocks; the caller drives TigerIncrement
//! [`Clocks`](crate::core::clocks::Clocks) and, when a flag falls, records the
//! result with [`Dragon::lose_on_time`](super::Dragon::lose_on_time):
//! `loss-on-time`, 5 Game Points ([`TimeAward::Normal`], ruling [`NOMINAL`]), or
//! `loss-on-time-agreed-planting`, 3 ([`TimeAward::AgreedPlanting`]).

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::NO_SQUARE;
use super::events::DragonEvent;
use super::options::DragonOptions;
use super::procedures::{self, Pending, ProcedureEvent};
use super::state::{Position, flags};
use super::victory;
use crate::core::clocks::{FlagFall, LOSS_ON_TIME};
use crate::core::{OptionError, Outcome, RuleId, Score, ScoreUnit, Side};
use crate::rulings::{Reading, Ruling};

/// Rule 27 a, accepted in lieu of a Locking Up.
pub const CONCEDED_LOCKING_UP: RuleId = RuleId("conceded-locking-up");
/// Rule 27 a, accepted in lieu of a Direct Capture.
pub const CONCEDED_DIRECT_CAPTURE: RuleId = RuleId("conceded-direct-capture");
/// Rule 27 a, accepted in lieu of a Planting of a Flag.
pub const CONCEDED_PLANTING: RuleId = RuleId("conceded-planting-a-flag");

/// Rule 27 b, a loss on time with the players' agreed award of 3 Game Points
/// "(for inevitable Planting of a Flag by the winning player)".
pub const LOSS_ON_TIME_AGREED: RuleId = RuleId("loss-on-time-agreed-planting");

/// Rule 27 b's award to the winner on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeAward {
    /// "normally awarded 5 Game points + 1/2 Nominal" (the Nominal half not in
    /// Game Points, ruling [`NOMINAL`]): `loss-on-time`, 5 Game Points.
    Normal,
    /// "unless both players agree to an award of 3 Game points":
    /// `loss-on-time-agreed-planting`, 3 Game Points.
    AgreedPlanting,
}

/// The result of a flag fall (rule 27 b): the opponent of the side whose
/// flag fell wins with `award`.
#[must_use]
pub const fn loss_on_time(fall: FlagFall, award: TimeAward) -> Outcome {
    let winner = fall.side.opponent();
    match award {
        TimeAward::Normal => fall.outcome(Score::win(
            winner,
            victory::DIRECT_CAPTURE_POINTS,
            ScoreUnit::GamePoints,
        )),
        TimeAward::AgreedPlanting => Outcome {
            winner: Some(winner),
            rule: LOSS_ON_TIME_AGREED,
            score: Score::win(winner, victory::PLANTING_POINTS, ScoreUnit::GamePoints),
        },
    }
}

/// Ruling `dragon.concede`: whether concessions are offered in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Concede {
    /// No concessions (random play, perft).
    #[default]
    Never,
    /// The side to move may concede once a move; the opponent answers at once.
    Offers,
}

impl Concede {
    /// The option values, the default first.
    pub const NAMES: [&'static str; 2] = ["never", "offers"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Concede::Never => "never",
            Concede::Offers => "offers",
        }
    }

    /// Reads an option value.
    ///
    /// # Errors
    ///
    /// When `value` is not one of [`Concede::NAMES`].
    pub fn parse(key: &str, value: &str) -> Result<Concede, OptionError> {
        match value {
            "never" => Ok(Concede::Never),
            "offers" => Ok(Concede::Offers),
            _ => Err(OptionError::bad_value(key, value, &Concede::NAMES)),
        }
    }
}

/// What a concession is "in lieu of" (rule 27 a), the extra byte of the
/// action `concede`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InLieuOf {
    /// "in lieu of a Locking Up".
    LockingUp = 0,
    /// "in lieu of a ... Direct Capture".
    DirectCapture = 1,
    /// "in lieu of a ... Planting of a Flag".
    Planting = 2,
}

impl InLieuOf {
    /// Every kind, by value.
    pub const ALL: [InLieuOf; 3] = [
        InLieuOf::LockingUp,
        InLieuOf::DirectCapture,
        InLieuOf::Planting,
    ];

    /// The kind of byte `v`, if any.
    #[must_use]
    pub fn from_u8(v: u8) -> Option<InLieuOf> {
        InLieuOf::ALL.get(usize::from(v)).copied()
    }

    /// The name in notation (`concede planting-a-flag`): the rule's.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            InLieuOf::LockingUp => "locking-up",
            InLieuOf::DirectCapture => "direct-capture",
            InLieuOf::Planting => "planting-a-flag",
        }
    }

    /// The kind named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<InLieuOf> {
        InLieuOf::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The step that awaits the opponent's answer.
    #[must_use]
    pub const fn pending(self) -> Pending {
        match self {
            InLieuOf::LockingUp => Pending::ConcedeLockingUp,
            InLieuOf::DirectCapture => Pending::ConcedeDirectCapture,
            InLieuOf::Planting => Pending::ConcedePlanting,
        }
    }

    /// The kind a pending step answers, if it is a concession.
    #[must_use]
    pub const fn of_pending(step: Pending) -> Option<InLieuOf> {
        match step {
            Pending::ConcedeLockingUp => Some(InLieuOf::LockingUp),
            Pending::ConcedeDirectCapture => Some(InLieuOf::DirectCapture),
            Pending::ConcedePlanting => Some(InLieuOf::Planting),
            Pending::None
            | Pending::Guards
            | Pending::IceDragon
            | Pending::ElderSerpent
            | Pending::YoungerSerpent
            | Pending::Empress
            | Pending::Exchange
            | Pending::TruceOffer => None,
        }
    }

    /// The win an accepted concession gives `winner`: the deciding rule and
    /// the Scoring Table's points ("For Direct Capture 5", "For Planting a
    /// Flag 3", Locking Up's by ruling `dragon.locking-up-score`).
    #[must_use]
    pub fn win(self, winner: Side) -> Outcome {
        match self {
            InLieuOf::LockingUp => {
                victory::win(winner, CONCEDED_LOCKING_UP, victory::LOCKING_UP_POINTS)
            }
            InLieuOf::DirectCapture => victory::win(
                winner,
                CONCEDED_DIRECT_CAPTURE,
                victory::DIRECT_CAPTURE_POINTS,
            ),
            InLieuOf::Planting => victory::win(winner, CONCEDED_PLANTING, victory::PLANTING_POINTS),
        }
    }
}

/// The action `concede <kind>`.
#[inline]
#[must_use]
pub const fn action(kind: InLieuOf) -> Action {
    Action::new(ActionKind::Concede, NO_ORIGIN, NO_ORIGIN, kind as u8)
}

/// Whether the side to move may concede, given that he has another action:
/// concessions are on, he has not conceded in this move, no choice awaits.
#[inline]
pub(crate) fn listed(p: &Position, opts: &DragonOptions) -> bool {
    opts.concede == Concede::Offers && p.pending == 0 && p.flags & flags::CONCEDED == 0
}

/// Applies the concession of the side to move: the opponent is to answer.
pub(crate) fn offer(p: &mut Position, kind: InLieuOf, events: &mut impl FnMut(DragonEvent)) {
    let side = p.to_move;
    p.edit_off_grid(|p| {
        p.flags |= flags::CONCEDED;
        p.pending = kind.pending() as u8;
        p.pending_at = NO_SQUARE;
    });
    p.set_to_move(side.opponent());
    events(DragonEvent::Conceded { by: side, kind });
}

/// The answers to a concession: `choose 1` always, `choose 0` in lieu of a
/// Planting only (ruling [`DECLINE`]).
#[inline]
#[must_use]
pub const fn answers(kind: InLieuOf) -> &'static [u8] {
    match kind {
        InLieuOf::Planting => &[0, 1],
        InLieuOf::LockingUp | InLieuOf::DirectCapture => &[1],
    }
}

/// Applies the opponent's answer `choose k` to a concession: 1 accepts (he
/// wins), 0 declines and the conceder's move goes on.
pub(crate) fn answer(
    p: &mut Position,
    kind: InLieuOf,
    k: u8,
    events: &mut impl FnMut(DragonEvent),
) {
    procedures::set_pending(p, Pending::None, NO_SQUARE);
    if k == 1 {
        p.outcome = Some(kind.win(p.to_move));
    } else {
        events(DragonEvent::Procedure(ProcedureEvent::Declined {
            step: kind.pending(),
        }));
    }
    p.set_to_move(p.to_move.opponent());
}

/// The concession a position's result field records (`forest-wins:conceded-
/// planting-a-flag`), which the position alone does not show.
#[must_use]
pub(crate) fn recorded(winner: Side, rule: &str) -> Option<Outcome> {
    let fall = FlagFall {
        side: winner.opponent(),
        move_number: 0,
    };
    if rule == LOSS_ON_TIME.name() {
        return Some(loss_on_time(fall, TimeAward::Normal));
    }
    if rule == LOSS_ON_TIME_AGREED.name() {
        return Some(loss_on_time(fall, TimeAward::AgreedPlanting));
    }
    InLieuOf::ALL
        .into_iter()
        .map(|k| k.win(winner))
        .find(|o| o.rule.name() == rule)
}

/// Ruling `dragon.nominal`.
pub const NOMINAL: Ruling = Ruling {
    id: "dragon.nominal",
    question: "Rule 27 b: \"the winning player is normally awarded 5 Game points + 1/2 Nominal\": what is a Nominal (the seed never defines it), and what does a loss on time score?",
    source: "seed 000 (Dragon), rule 27 b (\"For a loss on time - the winning player is normally awarded 5 Game points + 1/2 Nominal unless both players agree to an award of 3 Game points (for inevitable Planting of a Flag by the winning player). The Arbiter may over-rule.\")",
    readings: &[
        Reading {
            name: "not-game-points",
            text: "the Nominal is a unit of its own the seed lost (a tie-break mark, not a Game Point): the result is `loss-on-time`, 5 Game Points, and the half Nominal is not recorded; the players' agreed award is `loss-on-time-agreed-planting`, 3 Game Points; the engine keeps no clocks, the caller records the result (`Dragon::lose_on_time`, TigerIncrement clocks from the clocks module) and a position records it (`forest-wins:loss-on-time`)",
        },
        Reading {
            name: "half-game-point",
            text: "a Nominal is a Game Point: 5½ Game Points",
        },
    ],
    clauses: &["dragon.rule-27.b"],
    option: None,
    reason: "the rule counts the award in Game points and names the Nominal apart; had it meant 5½ Game points it would have said so, and the Scoring Table (5 the most) has no halves but the truce's; what a Nominal is cannot be recovered, so the score keeps what is certain",
};

/// Ruling `dragon.concede`.
pub const OFFERS: Ruling = Ruling {
    id: "dragon.concede",
    question: "Rule 27 a, \"For a conceding - the conceding player must state whether he is conceding in lieu of a Locking Up, Direct Capture or a Planting of a Flag\": how is a concession made in play?",
    source: "seed 000 (Dragon), rule 27 a",
    readings: &[
        Reading {
            name: "never",
            text: "no concessions in play (`--option concede=never`, the default): random play and perft see only the forces' actions, and a concession is a result a position records (`forest-wins:conceded-planting-a-flag`)",
        },
        Reading {
            name: "offers",
            text: "`--option concede=offers`: the side to move may concede (`concede locking-up`, `concede direct-capture`, `concede planting-a-flag`) once a move while no procedure's choice awaits him and he has another action; the opponent answers at once with `choose 1` (accepts) or `choose 0` (declines, ruling dragon.concession-declined); a concession is no move for the fifty-move truce",
        },
    ],
    clauses: &["dragon.rule-27.a"],
    option: Some("concede"),
    reason: "conceding is the player's decision, which random play cannot judge: a random opponent would accept most concessions and end nearly every game by them; with the option the concession and its answer are actions of their own, as the truce offer's (ruling dragon.truce-agreement)",
};

/// Ruling `dragon.concession-declined`.
pub const DECLINE: Ruling = Ruling {
    id: "dragon.concession-declined",
    question: "Rule 27 a: \"If the winning player does not accept the offer (when in lieu of Planting of a Flag), then play should carry on\": may a concession in lieu of a Locking Up or a Direct Capture be declined too?",
    source: "seed 000 (Dragon), rule 27 a (\"The winning player may then accept the offer ... If the winning player does not accept the offer (when in lieu of Planting of a Flag), then play should carry on\")",
    readings: &[
        Reading {
            name: "planting-only",
            text: "only a concession in lieu of a Planting of a Flag may be declined (`choose 0`, `declined: concede-planting-a-flag`, the conceder's move goes on); in lieu of a Locking Up or a Direct Capture the only answer is `choose 1`",
        },
        Reading {
            name: "any",
            text: "every concession may be declined and play carries on (\"may then accept\" for all three)",
        },
    ],
    clauses: &["dragon.rule-27.a.s2", "dragon.rule-27.a.s3"],
    option: None,
    reason: "the parenthesis limits the carrying on to the Planting: a Planting gives 3 points where the other victories give 5, so the winner may play on for more, while a Locking Up or Direct Capture conceded already gives the most there is and the seed says nothing of play going on after one",
};

/// Ruling `dragon.concession-result`.
pub const RESULT: Ruling = Ruling {
    id: "dragon.concession-result",
    question: "Rule 27 a: \"The winning player may then accept the offer and be awarded game points as shown in the scoring table\": which deciding rule does the result record, and how many points?",
    source: "seed 000 (Dragon), rule 27 a; the Scoring Table (\"For Direct Capture 5\", \"For Planting a Flag 3\", the Locking Up line lost)",
    readings: &[
        Reading {
            name: "conceded-kind",
            text: "the deciding rule names the concession and its kind, `conceded-locking-up`, `conceded-direct-capture`, `conceded-planting-a-flag`; the points are the Scoring Table's for that kind: 5, 5 (ruling dragon.locking-up-score) and 3",
        },
        Reading {
            name: "the-rule-itself",
            text: "the deciding rule is the victory conceded (`locking-up`, `direct-capture`, `planting-a-flag`) with its points",
        },
    ],
    clauses: &["dragon.scoring.2"],
    option: None,
    reason: "the points are the same either way; a record (rule 24) that names the concession tells a conceded game from one played out, and an import can take the result as recorded without the position showing the victory",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::dragon::Dragon;

    #[test]
    fn random_play_with_concessions_ends_by_them_and_keeps_the_invariants() {
        let o = DragonOptions {
            concede: Concede::Offers,
            ..DragonOptions::default()
        };
        let mut legal = crate::dragon::DragonActions::new();
        let mut x = 0xC0DE_u64;
        let mut rules = std::collections::BTreeSet::new();
        let mut declined = 0;
        for game in 0..30u64 {
            let mut g = Dragon::new(&o);
            for _ in 0..300 {
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                x = crate::core::zobrist::splitmix64(x ^ game);
                let a = legal[(x % legal.len() as u64) as usize];
                g.apply(a, &mut |e| {
                    if crate::core::RuleEvent::tag(&e) == "declined" {
                        declined += 1;
                    }
                })
                .unwrap();
                assert_eq!(g.check_invariants(), Ok(()));
                let text = g.export_string();
                assert_eq!(Dragon::import(&text, &o).as_ref(), Ok(&g), "{text}");
            }
            if let Some(out) = g.position().outcome {
                assert!(Dragon::RULES.contains(&out.rule), "{out:?}");
                rules.insert(out.rule.name());
            }
        }
        for rule in [
            CONCEDED_LOCKING_UP,
            CONCEDED_DIRECT_CAPTURE,
            CONCEDED_PLANTING,
        ] {
            assert!(rules.contains(rule.name()), "{rule:?} never: {rules:?}");
        }
        assert!(declined > 0);
    }

    #[test]
    fn a_flag_fall_on_tigerincrement_clocks_is_a_loss_on_time() {
        use crate::core::clocks::{ClockError, Clocks, Millis};
        let o = DragonOptions::default();
        let mut g = Dragon::new(&o);
        let mut clocks = Clocks::new(crate::dragon::CLOCK_EXAMPLE);
        let mut legal = crate::dragon::DragonActions::new();
        // The Storm OverLord takes 3 minutes a move, the Forest OverLord 1:
        // 100 min + 2 min a move runs out for the Storms first.
        let mut x = 0x7135_u64;
        let fall = loop {
            g.legal_actions(&mut legal);
            let side = g.position().to_move;
            x = crate::core::zobrist::splitmix64(x);
            g.apply(legal[(x % legal.len() as u64) as usize], &mut |_| {})
                .unwrap();
            assert!(g.position().outcome.is_none());
            if g.position().to_move == side {
                continue; // a consultation or a choice: the move goes on
            }
            let think = Millis::mins(if side == Side::Red { 3 } else { 1 });
            match clocks.record_move(side, think) {
                Ok(_) => {}
                Err(ClockError::FlagFell(fall)) => break fall,
                Err(e) => panic!("{e:?}"),
            }
        };
        assert_eq!(fall.side, Side::Red);
        let mut agreed = g.clone();
        assert!(g.lose_on_time(fall, TimeAward::Normal));
        let out = g.position().outcome.unwrap();
        assert_eq!((out.winner, out.rule), (Some(Side::Green), LOSS_ON_TIME));
        assert_eq!(out.score, Score::win(Side::Green, 5, ScoreUnit::GamePoints));
        assert!(!g.lose_on_time(fall, TimeAward::Normal));
        assert!(agreed.lose_on_time(fall, TimeAward::AgreedPlanting));
        let out = agreed.position().outcome.unwrap();
        assert_eq!(out.rule, LOSS_ON_TIME_AGREED);
        assert_eq!(out.score, Score::win(Side::Green, 3, ScoreUnit::GamePoints));
        for game in [&g, &agreed] {
            let rule = game.position().outcome.unwrap().rule;
            assert!(Dragon::RULES.contains(&rule), "{rule:?}");
            let text = game.export_string();
            assert!(text.ends_with(&format!(
                "forest-wins:{}",
                game.position().outcome.unwrap().rule.name()
            )));
            assert_eq!(Dragon::import(&text, &o).as_ref(), Ok(game), "{text}");
            assert_eq!(game.check_invariants(), Ok(()));
        }
    }

    #[test]
    fn off_by_default_and_only_planting_may_be_declined() {
        let g = Dragon::new(&DragonOptions::default());
        let mut legal = crate::dragon::DragonActions::new();
        g.legal_actions(&mut legal);
        assert!(legal.iter().all(|a| a.kind() != Some(ActionKind::Concede)));
        let o = DragonOptions {
            concede: Concede::Offers,
            ..DragonOptions::default()
        };
        for kind in InLieuOf::ALL {
            let mut g = Dragon::new(&o);
            g.apply(action(kind), &mut |_| {}).unwrap();
            g.legal_actions(&mut legal);
            let want: Vec<Action> = answers(kind)
                .iter()
                .map(|&k| procedures::choice(k))
                .collect();
            assert_eq!(legal.as_slice(), want.as_slice(), "{kind:?}");
            assert_eq!(
                g.is_legal(procedures::choice(0)),
                kind == InLieuOf::Planting
            );
        }
    }
}
