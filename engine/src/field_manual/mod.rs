//! The Field Manual (seed 004, `004_3ed7175da0ac4c13.txt`): a 14x10 battle of
//! two 42-piece armies, the Dragon and the Tiger (ruling
//! [`ARMIES`](rulings::ARMIES)), three moves a turn in Normal and Sniper and one
//! in The Long Game; pivot pieces, the Prince's swap, the ransom of a captured
//! Prince or Princess, and the Squire's restoring promotion.
//!
//! What the manual leaves open is decided in [`rulings`]; the set-up is the
//! project's draft, [`setup`] (`engine/data/field_manual/setup.txt`). The turn
//! is a sequence of actions ([`moves::Action`]): ransom placements, moves and
//! swaps, a promotion choice, the pass; the state records the moves left,
//! the pieces that acted, the pending ransoms and promotion ([`state`]).
//!
//! ```
//! use tigerseye_engine::Game;
//! use tigerseye_engine::field_manual::FieldManual;
//!
//! let mut g = FieldManual::new(&Default::default());
//! for text in ["E3-E5", "H1<>E2", "F3-F4"] {
//!     let a = g.parse_action(text).unwrap();
//!     g.play(a).unwrap();
//! }
//! assert!(g.export_string().contains(" tiger 3 - - - -"));
//! ```

pub mod board;
mod invariants;
pub mod moves;
pub mod options;
pub mod pieces;
pub mod rulings;
mod search;
pub mod setup;
pub mod state;
pub mod stats;
pub mod text;
pub mod turn;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::{Game, InvariantError, NotationError, PositionError, RuleId, Side, Turn};
use crate::rulings::Ruling;

pub use moves::Action;
#[cfg(feature = "fault-injection")]
pub use options::FieldManualFault;
pub use options::{FieldManualOptions, Mode, TurnCheck};
use state::Position;
pub use turn::{Actions, Event};

/// A battle of the Field Manual.
#[derive(Debug)]
pub struct FieldManual {
    pos: Position,
    options: FieldManualOptions,
    ply: u32,
    /// Positions the turn-level check search visited for the last legal
    /// list (a log for [`stats`], as the next two).
    searched: AtomicU64,
    /// Positions it visited for this turn's decisions so far.
    turn_searched: u64,
    /// When the last action ended a turn: the positions that turn's
    /// decisions visited, and those the next turn's start visited.
    turn_ended: Option<(u64, u64)>,
    /// This turn's actions, for the invariants.
    log: invariants::TurnLog,
}

impl Clone for FieldManual {
    fn clone(&self) -> Self {
        FieldManual {
            pos: self.pos.clone(),
            options: self.options,
            ply: self.ply,
            searched: AtomicU64::new(self.searched.load(Ordering::Relaxed)),
            turn_searched: self.turn_searched,
            turn_ended: self.turn_ended,
            log: self.log,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.pos.clone_from(&source.pos);
        self.options = source.options;
        self.ply = source.ply;
        *self.searched.get_mut() = source.searched.load(Ordering::Relaxed);
        self.turn_searched = source.turn_searched;
        self.turn_ended = source.turn_ended;
        self.log = source.log;
    }
}

/// Equal when the positions and options are (the ply counter and the search
/// counts are a log).
impl PartialEq for FieldManual {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && self.options == other.options
    }
}

impl FieldManual {
    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Records a forfeit by `side`: "Forfeit ends the battle immediately and
    /// awards the opponent the win" (ruling `field-manual.forfeit`).
    pub fn forfeit(&mut self, side: Side) {
        if self.pos.outcome.is_none() {
            self.pos.outcome = Some(turn::win(side.opponent(), turn::FORFEIT));
        }
    }
}

impl Game for FieldManual {
    type Action = Action;
    /// [`turn::MAX_ACTIONS`] is the proven bound.
    type Actions = Actions;
    type Event = Event;
    type Options = FieldManualOptions;
    type Stats = stats::SearchStats;

    const NAME: &'static str = "field-manual";
    const TITLE: &'static str = "The Field Manual";
    const SOURCE: &'static str = "seed 004 (The Field Manual)";
    const RULINGS: &'static [Ruling] = rulings::RULINGS;
    const RULES: &'static [RuleId] = &text::RULES;
    const EVENTS: &'static [&'static str] = &[
        "capture",
        "swap",
        "ransom",
        "stays-out",
        "promotion",
        "pass",
    ];

    /// The set-up of `engine/data/field_manual/setup.txt`, the Dragon to move.
    fn new(options: &FieldManualOptions) -> FieldManual {
        let pos = Position::start(options.rules().moves);
        FieldManual {
            log: invariants::TurnLog::new(pos.to_act, true),
            pos,
            options: *options,
            ply: 0,
            searched: AtomicU64::new(0),
            turn_searched: 0,
            turn_ended: None,
        }
    }

    fn options(&self) -> &FieldManualOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        match self.pos.outcome {
            Some(o) => Turn::Over(o),
            None => Turn::Player(self.pos.to_act),
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_actions(&self, out: &mut Actions) {
        let visited = self.pos.legal_actions(self.options.rules(), out);
        self.searched.store(visited, Ordering::Relaxed);
        #[cfg(feature = "fault-injection")]
        if self.options.fault == options::FieldManualFault::NoPrinceSwap {
            let mut kept = 0;
            for i in 0..out.len() {
                if !matches!(out[i], Action::Swap { .. }) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn is_legal(&self, action: Action) -> bool {
        #[cfg(feature = "fault-injection")]
        if self.options.fault == options::FieldManualFault::NoPrinceSwap
            && matches!(action, Action::Swap { .. })
        {
            return false;
        }
        self.pos.is_legal(self.options.rules(), action)
    }

    fn apply_unchecked(&mut self, action: Action, events: &mut impl FnMut(Event)) {
        let rules = self.options.rules();
        self.ply += 1;
        // The search behind the decision just taken belongs to this turn.
        self.turn_searched += std::mem::take(self.searched.get_mut());
        self.turn_ended = None;
        self.log.before(&self.pos, action);
        let promotion = self.pos.promotion;
        let ends = action == Action::Pass || {
            self.pos.raw(action, events);
            if matches!(action, Action::Promote(_)) {
                self.log.restored(&self.pos, promotion);
            }
            self.pos.outcome.is_none()
                && self.pos.promotion == board::NONE
                && self.pos.moves_left == 0
        };
        if action == Action::Pass {
            events(Event::Pass {
                side: self.pos.to_act,
            });
        }
        if ends {
            let start = self.pos.end_turn(rules, events);
            self.turn_ended = Some((self.turn_searched, start));
            self.turn_searched = start;
            self.log.next_turn(self.pos.to_act);
        }
        if self.pos.outcome.is_none() && self.ply >= turn::PLY_BOUND {
            self.pos.outcome = Some(turn::draw(turn::PLY_BOUND_RULE));
        }
    }

    fn write_action(&self, action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        text::write_action(action, out)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text::parse_action(text)
    }

    fn arbitrary_action(&self, bits: u64) -> Action {
        let sq = |b: u64| (b % board::SQUARES as u64) as u8;
        let kind = pieces::Kind::ALL[((bits >> 24) % 11) as usize];
        match bits % 5 {
            0 => Action::Pass,
            1 => Action::Swap {
                prince: sq(bits >> 8),
                squire: sq(bits >> 16),
            },
            2 => Action::Ransom {
                royal: kind,
                at: sq(bits >> 8),
            },
            3 => Action::Promote(kind),
            _ => Action::Move {
                from: sq(bits >> 8),
                to: sq(bits >> 16),
            },
        }
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::export(&self.pos, out)
    }

    fn import(text: &str, options: &FieldManualOptions) -> Result<FieldManual, PositionError> {
        let pos = text::import(text, options.rules())?;
        Ok(FieldManual {
            log: invariants::TurnLog::new(pos.to_act, pos.at_turn_start(options.rules())),
            pos,
            options: *options,
            ply: 0,
            searched: AtomicU64::new(0),
            turn_searched: 0,
            turn_ended: None,
        })
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// The board's part recomputed from every piece's square; the turn's
    /// part is computed afresh by every [`Position::hash`].
    fn recompute_hash(&self) -> u64 {
        self.pos.hash() ^ self.pos.board_hash ^ self.pos.recompute_board_hash()
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        invariants::check(&self.pos, self.options.rules())?;
        invariants::check_log(&self.pos, &self.log, self.options.rules())
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::render(&self.pos, out)
    }

    /// The project's ply bound (ruling `field-manual.ply-bound`).
    fn ply_bound(&self) -> Option<u32> {
        Some(turn::PLY_BOUND)
    }

    /// `tiger` (North, the engine's green) and `dragon` (South, red).
    fn side_name(side: Side) -> &'static str {
        turn::army(side)
    }
}
