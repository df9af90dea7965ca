//! The turn as a sequence of actions (seed 004, "Take your turn", "Protect your
//! King", "Ransom comes first", "Draws and forfeits"): applying an action
//! within the turn, the end of the turn, and the turn-level check rule
//! (ruling `field-manual.turn-check`) as a search over the turn's
//! continuations that stops at the first one leaving the King safe.

use std::fmt;

use super::board::{NONE, SQUARES};
use super::moves::Action;
use super::pieces::Kind;
use super::search::Search;
use super::state::{Position, far_rank, ids, mark, side_of};
use crate::core::{ActionBuffer, ActionList, Outcome, RuleEvent, RuleId, Side};

/// The battle was won by checkmate: "If no sequence of legal moves can leave
/// the King safe by the end of that turn, or the turn is used without
/// resolving check, the battle ends in checkmate."
pub const CHECKMATE: RuleId = RuleId("checkmate");
/// "Checkmate or capture the opposing King to win" (Sniper only, ruling
/// `field-manual.king-capture`).
pub const KING_CAPTURED: RuleId = RuleId("king-captured");
/// "Forfeit ends the battle immediately and awards the opponent the win"
/// (a result a position records, ruling `field-manual.forfeit`).
pub const FORFEIT: RuleId = RuleId("forfeit");
/// "A battle is drawn when the army whose turn is starting has no legal action
/// and its King is not in check".
pub const NO_LEGAL_ACTION: RuleId = RuleId("no-legal-action");
/// "... or when only the two Kings remain."
pub const TWO_KINGS: RuleId = RuleId("two-kings");
/// The project's last resort (ruling `field-manual.ply-bound`).
pub const PLY_BOUND_RULE: RuleId = RuleId("ply-bound");
/// Plies after which a battle is drawn (ruling `field-manual.ply-bound`).
pub const PLY_BOUND: u32 = 3000;

/// The most actions a position lists. A piece's destinations are distinct
/// squares and the armies never exceed the set-up's counts (a Squire restores
/// only a lost piece): the Queen and two Royal Rooks at most 139 each (417),
/// two Archbishops at most the 69 other squares of their colour (138), two
/// Rooks 22 (44), two Bishops 18 (36), the Princess 32, two Knights 8 (16),
/// the Prince 8 jumps and 14 swaps (22), the King 8, fourteen Pawns 6 (84),
/// fourteen Squires 3 (42): 839 moves; ransoms at most 2 x 38 (76), promotions 6.
pub const MAX_ACTIONS: usize = 840;

/// The buffer of legal actions.
pub type Actions = ActionList<Action, MAX_ACTIONS>;

/// The rules of the mode and the turn-check reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Moves a turn: 3 (Normal, Sniper) or 1 (The Long Game).
    pub moves: u8,
    /// Sniper: a King may be captured, straight or by a pivot route.
    pub sniper: bool,
    /// `turn-check = loses`: every move is offered; a turn ending in check mates.
    pub loses: bool,
}

/// A rule event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece was captured on `at`.
    Capture {
        /// The capturing army.
        by: Side,
        /// The captured piece's kind.
        kind: Kind,
        /// Where.
        at: u8,
    },
    /// The Prince swapped with a Squire; he now stands on `at`.
    Swap {
        /// The army.
        side: Side,
        /// The Prince's new square.
        at: u8,
    },
    /// A Prince or Princess returned on `at`, sacrificing the piece there.
    Ransom {
        /// The army.
        side: Side,
        /// The returning royal.
        royal: Kind,
        /// The sacrificed piece.
        sacrificed: Kind,
        /// Where.
        at: u8,
    },
    /// A captured royal stays out of play: no eligible sacrifice.
    StaysOut {
        /// The army.
        side: Side,
        /// The royal.
        royal: Kind,
    },
    /// A Squire restored a piece on `at`.
    Promotion {
        /// The army.
        side: Side,
        /// The restored kind.
        kind: Kind,
        /// Where.
        at: u8,
    },
    /// The turn ended early: no legal move was left.
    Pass {
        /// The army that passed.
        side: Side,
    },
}

/// The army's name (ruling `field-manual.armies`).
#[must_use]
pub const fn army(side: Side) -> &'static str {
    match side {
        Side::Red => "dragon",
        Side::Green => "tiger",
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = |s: u8| super::board::LAYOUT.name(s);
        match *self {
            Event::Capture { by, kind, at } => {
                write!(f, "capture: {} takes {kind} on {}", army(by), sq(at))
            }
            Event::Swap { side, at } => write!(f, "swap: {} prince to {}", army(side), sq(at)),
            Event::Ransom {
                side,
                royal,
                sacrificed,
                at,
            } => write!(
                f,
                "ransom: {} {royal} returns on {}, {sacrificed} sacrificed",
                army(side),
                sq(at)
            ),
            Event::StaysOut { side, royal } => {
                write!(f, "stays-out: {} {royal}", army(side))
            }
            Event::Promotion { side, kind, at } => {
                write!(f, "promotion: {} {kind} restored on {}", army(side), sq(at))
            }
            Event::Pass { side } => write!(f, "pass: {}", army(side)),
        }
    }
}

impl RuleEvent for Event {
    fn tag(&self) -> &'static str {
        match self {
            Event::Capture { .. } => "capture",
            Event::Swap { .. } => "swap",
            Event::Ransom { .. } => "ransom",
            Event::StaysOut { .. } => "stays-out",
            Event::Promotion { .. } => "promotion",
            Event::Pass { .. } => "pass",
        }
    }
}

/// A win for `side` by `rule`: one Game Point (ruling `field-manual.score`).
#[must_use]
pub const fn win(side: Side, rule: RuleId) -> Outcome {
    Outcome::game_point_win(side, rule)
}

/// A draw by `rule`: half a Game Point each.
#[must_use]
pub const fn draw(rule: RuleId) -> Outcome {
    Outcome::game_point_draw(rule)
}

impl Position {
    /// Applies `action` within the turn: no end of turn, no ply count. The
    /// action must be one of [`Position::pseudo_actions`].
    pub fn raw(&mut self, action: Action, events: &mut impl FnMut(Event)) {
        let side = self.to_act;
        match action {
            Action::Pass => {}
            Action::Promote(kind) => {
                let at = self.promotion;
                let Some(restored) = self.off_board(side, kind) else {
                    return;
                };
                self.take(at);
                self.put(restored, at);
                self.set_mark(restored, mark::MOVED);
                self.promotion = NONE;
                events(Event::Promotion { side, kind, at });
            }
            Action::Ransom { royal, at } => {
                let Some(id) =
                    ids(side).find(|&id| self.is_pending(id) && Position::kind(id) == royal)
                else {
                    return;
                };
                let sacrificed = Position::kind(self.take(at));
                self.put(id, at);
                self.set_pending(id, false);
                self.set_mark(id, mark::RETURNED);
                self.moves_left -= 1;
                events(Event::Ransom {
                    side,
                    royal,
                    sacrificed,
                    at,
                });
            }
            Action::Swap { prince, squire } => {
                let p = self.take(prince);
                let s = self.take(squire);
                self.put(p, squire);
                self.put(s, prince);
                self.set_mark(p, mark::SWAPPED);
                self.set_mark(s, mark::MOVED);
                self.moves_left -= 1;
                events(Event::Swap { side, at: squire });
            }
            Action::Move { from, to } => {
                let id = self.take(from);
                if self.piece(to) != NONE {
                    let taken = self.take(to);
                    let kind = Position::kind(taken);
                    events(Event::Capture {
                        by: side,
                        kind,
                        at: to,
                    });
                    if kind == Kind::King {
                        self.outcome = Some(win(side, KING_CAPTURED));
                    } else if kind.is_ransomed() {
                        self.set_pending(taken, true);
                    }
                }
                self.put(id, to);
                self.set_mark(id, mark::MOVED);
                self.moves_left -= 1;
                if Position::kind(id) == Kind::Squire
                    && Position::on_far_rank(side, to)
                    && self.has_restorable(side)
                {
                    self.promotion = to;
                }
            }
        }
        if self.outcome.is_none() && self.two_kings() {
            self.outcome = Some(draw(TWO_KINGS));
        }
        self.release_unransomable(side, events);
    }

    /// "With no eligible sacrifice, the captured royal stays out of play."
    pub(super) fn release_unransomable(&mut self, side: Side, events: &mut impl FnMut(Event)) {
        if self.pending_of(side) && !self.has_sacrifice(side) {
            for id in ids(side) {
                if self.is_pending(id) {
                    self.set_pending(id, false);
                    events(Event::StaysOut {
                        side,
                        royal: Position::kind(id),
                    });
                }
            }
        }
    }

    /// The legal actions: the pieces' actions that the turn-level check rule
    /// allows (all of them under `turn-check = loses`), or `pass` alone when
    /// there is none and no promotion choice waits. Returns the positions the
    /// turn-level check search visited.
    pub fn legal_actions(&self, rules: Rules, out: &mut Actions) -> u64 {
        out.clear();
        if self.outcome.is_some() {
            return 0;
        }
        self.pseudo_actions(rules.sniper, out);
        let mut search = Search::default();
        if !rules.loses {
            search.keep_legal(self, rules, out);
        }
        if out.is_empty() && self.promotion == NONE {
            out.push(Action::Pass);
        }
        search.visited
    }

    /// Whether `action` is among [`Position::legal_actions`], found without
    /// listing them.
    #[must_use]
    pub fn is_legal(&self, rules: Rules, action: Action) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let mut search = Search::default();
        if action == Action::Pass {
            return self.promotion == NONE && !search.has_legal_action(self, rules);
        }
        self.is_pseudo(rules.sniper, action) && search.allows(self, rules, action)
    }

    /// Ends the turn: under `turn-check = loses` a King left in check is
    /// checkmate; else the other army's turn starts, its unransomable royals
    /// stay out, and checkmate or the draw by no legal action is decided.
    /// Returns the positions the turn-level check search visited at the new
    /// turn's start.
    pub fn end_turn(&mut self, rules: Rules, events: &mut impl FnMut(Event)) -> u64 {
        let side = self.to_act;
        if self.in_check(side) {
            // Under the lookahead reading no legal action leads here.
            self.outcome = Some(win(side.opponent(), CHECKMATE));
            return 0;
        }
        let next = side.opponent();
        self.to_act = next;
        self.moves_left = rules.moves;
        self.marks = [0; 3];
        self.promotion = NONE;
        self.release_unransomable(next, events);
        self.decide_turn_start(rules)
    }

    /// At a turn's start: checkmate when no sequence of the turn's actions can
    /// leave the King safe; the draw when the army has no legal action.
    /// Returns the positions the turn-level check search visited.
    pub fn decide_turn_start(&mut self, rules: Rules) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let mut search = Search::default();
        if !search.can_end_safe(self, rules) {
            self.outcome = Some(win(self.to_act.opponent(), CHECKMATE));
        } else if !search.has_legal_action(self, rules) {
            self.outcome = Some(draw(NO_LEGAL_ACTION));
        }
        search.visited
    }

    /// Whether the position stands at a turn's start: all moves left, nothing
    /// marked, no promotion waiting.
    #[must_use]
    pub fn at_turn_start(&self, rules: Rules) -> bool {
        self.moves_left == rules.moves && self.promotion == NONE && self.unmarked()
    }

    /// Whether the square `sq` holds a Squire of `side` on its far rank.
    #[must_use]
    pub fn promotable_squire(&self, side: Side, sq: u8) -> bool {
        usize::from(sq) < SQUARES && {
            let id = self.piece(sq);
            id != NONE
                && side_of(id) == side
                && Position::kind(id) == Kind::Squire
                && super::board::rank(sq) == far_rank(side)
        }
    }
}
