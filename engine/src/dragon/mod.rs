//! Dragon (seed 000): "A Kaleidoscope Game between The Middle Kingdoms of
//! New-Earth", "based upon Chinese Chess": the Forest OverLord (the Forest
//! Forces, North, [`Side::Green`]) against the Storm OverLord (the Storm
//! Forces, South, [`Side::Red`]) across Trafalgar Ocean. "The right of first
//! move belongs to the Storm Overlord."
//!
//! The game is built of the board ([`board`], a drafted data file), the
//! deployment ([`deploy`], drafted data files: the Arrowhead formation and the
//! Trident of note 17), the state ([`state`]), and every force's scope of
//! operations, moves and captures ([`moves`]) with the Lance, Sword and Pike
//! variations of the White and Black Knights, Trafalgar Ocean (vessels,
//! embarking, boarding, ramming, cannons) and the transformations; the
//! procedures ([`procedures`]: Towering and
//! Castling, the Interchanges, Springing and Shielding, freeing the Captives
//! and the other exchanges, each choice an action of its own), the Seers
//! ([`seers`]) and the Truce ([`truce`]: by agreement as an option, threefold
//! repetition, the fifty-move truce, stalemate), victory ([`victory`]) and
//! conceding and loss on time ([`conceding`], rule 27). The project's ply bound (ruling [`options::PLY_BOUND`]) is
//! the last resort that keeps every game finite.
//!
//! ```
//! use tigerseye_engine::{Game, Turn, Side};
//! use tigerseye_engine::dragon::{Dragon, DragonOptions};
//!
//! let mut game = Dragon::new(&DragonOptions::default());
//! assert_eq!(game.turn(), Turn::Player(Side::Red)); // the Storm OverLord first
//! let action = game.parse_action("B4-B5").unwrap(); // a Gnome onto the Storm Beaches
//! game.play(action).unwrap();
//! assert_eq!(game.turn(), Turn::Player(Side::Green));
//! ```

pub mod action;
mod apply;
pub mod board;
pub mod conceding;
pub mod deploy;
pub mod events;
pub mod forces;
mod grid_hash;
mod guard;
mod import;
mod invariants;
pub mod moves;
pub mod ocean_rules;
pub mod options;
mod placed;
pub mod procedures;
mod ranks;
mod render;
mod room;
pub mod sea;
pub mod seers;
mod sibling;
pub mod stamp;
pub mod state;
mod tables;
#[cfg(test)]
mod tests;
mod text;
pub mod transform;
pub mod truce;
pub mod victory;

use std::fmt;

pub use self::action::{Action, ActionKind};
pub use self::apply::{
    FIFTY_MOVE_TRUCE, FIFTY_MOVES, PLY_BOUND, PLY_BOUND_TRUCE, STALEMATE_TRUCE, TRUCE_SCORE,
};
pub use self::deploy::Formation;
pub use self::events::DragonEvent;
pub use self::import::MAX_FORCES_ON_GRID;
pub use self::moves::DragonActions;
pub use self::ocean_rules::{CannonTarget, OpenWater};
pub use self::options::{DragonOptions, JumpTarget, KnightVariation, WarlordIntoAttack};
pub use self::procedures::{Pending, ProcedureEvent};
pub use self::sea::OceanEvent;
pub use self::seers::{SeerRefusal, StateOfAffairs};
pub use self::state::Position;
pub use self::text::side_name;
pub use self::truce::{THREEFOLD_REPETITION, TRUCE_BY_AGREEMENT, TruceAgreement};
use crate::core::clocks::{IncrementTiming, Millis, TimeControl};
use crate::core::{
    ApplyError, Game, InvariantError, NotationError, PositionError, RepetitionHistory, RuleId,
    Side, Turn,
};
use crate::rulings::Ruling;

/// A game of Dragon in progress.
#[derive(Debug)]
pub struct Dragon {
    pos: Position,
    options: DragonOptions,
    /// The totals of each line of descent at the deployment or the import
    /// ([`transform::LINES`]), conserved.
    lines: [u8; transform::LINES.len()],
    /// The positions since the last action that can never be undone, for the
    /// truce by repetition (rule 23.2, [`truce::record`]).
    history: RepetitionHistory,
    /// The side to move's royal-safety [`Guard`](guard::Guard) (`None` when
    /// his royal is nowhere: taken), computed with every new position: a
    /// function of the position and the options, so no part of equality.
    guard: Option<guard::Guard>,
    /// What the look for an action keeps for the next (the threats the
    /// guard gathered, a hint): no part of equality either.
    memo: moves::Memo,
    /// This state's stamp ([`crate::dragon::stamp`]): fresh at every change,
    /// kept by its copies.
    stamp: u64,
    /// The stamp of the state this object's last action was applied to,
    /// while nothing else changed it since (0 otherwise): `clone_from` a
    /// state of that stamp drops the repetition history's one pushed key
    /// instead of copying the history whole. No part of equality.
    applied_from: u64,
    /// The opponent's Guard shared by the positions one action from the
    /// same position ([`sibling`]): the copy's own, kept through
    /// `clone_from`, left behind by `clone`; no part of equality.
    sibling: sibling::Sibling,
    /// The game's own per-origin move cache ([`moves::cache`]): the
    /// object's own, neither copied by `clone_from` nor by `clone`, used
    /// only for the state whose stamp its lists were made for; no part of
    /// equality.
    cache: moves::cache::MoveCache,
}

/// The side to move's Guard in `pos`, and the threats it gathered.
fn guard_of(
    pos: &Position,
    options: &DragonOptions,
) -> (Option<guard::Guard>, Option<moves::attack::Threats>) {
    let mut threats = None;
    let guard = moves::guard_keeping(pos, options, &mut threats);
    (guard, threats)
}

impl Clone for Dragon {
    fn clone(&self) -> Dragon {
        Dragon {
            pos: self.pos,
            options: self.options,
            lines: self.lines,
            history: self.history.clone(),
            guard: self.guard,
            memo: self.memo,
            stamp: self.stamp,
            applied_from: 0,
            sibling: sibling::Sibling::default(),
            cache: moves::cache::MoveCache::default(),
        }
    }

    /// A copy of `source`, keeping this state's own `sibling` (keyed
    /// by the stamp of the state it was made for). When this state was a
    /// copy of `source` before its last action (its stamp then was
    /// `source`'s, and only that action changed it since: the full checks'
    /// scratch state, copied back for each listed action), the repetition
    /// history's key that action pushed is dropped again
    /// ([`RepetitionHistory::restore_from`]) rather than the history
    /// copied whole; a debug assertion compares the result with `source`.
    fn clone_from(&mut self, source: &Dragon) {
        self.pos = source.pos;
        if self.applied_from == source.stamp {
            self.history.restore_from(&source.history);
            debug_assert!(
                self.history == source.history,
                "a restored history differs from its source's"
            );
        } else {
            self.history.clone_from(&source.history);
        }
        self.applied_from = 0;
        self.options = source.options;
        self.lines = source.lines;
        self.guard = source.guard;
        self.memo = source.memo;
        self.stamp = source.stamp;
    }
}

impl PartialEq for Dragon {
    /// The same position, options and lines of descent; the repetition
    /// history is the past, not the position, and the cached guard follows
    /// from the position and the options.
    fn eq(&self, other: &Dragon) -> bool {
        self.pos == other.pos && self.options == other.options && self.lines == other.lines
    }
}

impl Eq for Dragon {}

impl Dragon {
    /// [`Game::is_legal`], the origin's generated actions kept for the
    /// later tests of copies of this state ([`moves::kept`], in
    /// [`sibling::Sibling`]: the same answer, a debug assertion compares).
    fn is_legal_kept(&mut self, action: Action) -> bool {
        moves::is_legal_guarded(
            &self.pos,
            &self.options,
            Some(self.guard),
            self.memo.threats.as_ref(),
            action,
            Some((&mut self.sibling.kept, self.stamp)),
        )
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether the royal of `side` (the TrueBorn Prince, the Dark Warlord)
    /// stands under attack on the grid (afloat too: boarders, Rams, Cannons)
    /// or in his room (the White Room, the Stairwell: ruling
    /// `dragon.white-room`); `None` when he is in neither (taken).
    #[must_use]
    pub fn royal_under_attack(&self, side: Side) -> Option<bool> {
        if victory::royal_square(&self.pos, side).is_none()
            && room::royal_in_room(&self.pos, side).is_none()
        {
            return None;
        }
        Some(guard::royal_attacked(&self.pos, &self.options, side))
    }

    /// Why `side` may not consult his Seer now, or `None` when `seer forest`
    /// (`seer storm`) is a legal action (ruling [`seers::SEERS`]).
    #[must_use]
    pub fn seer_refusal(&self, side: Side) -> Option<SeerRefusal> {
        seers::refusal(&self.pos, &self.options, side)
    }

    /// Records a loss on time (rule 27 b): `fall`'s side ran out of time on
    /// his TigerIncrement clock ([`crate::core::clocks`]), his opponent wins
    /// with `award` ([`conceding::loss_on_time`], ruling
    /// [`conceding::NOMINAL`]). A procedure's choice or an answer awaited is
    /// dropped. Returns false, and changes nothing, when the game is over
    /// already.
    #[must_use]
    pub fn lose_on_time(
        &mut self,
        fall: crate::core::clocks::FlagFall,
        award: conceding::TimeAward,
    ) -> bool {
        if self.pos.outcome.is_some() {
            return false;
        }
        if self.pos.pending != 0 {
            procedures::set_pending(&mut self.pos, procedures::Pending::None, board::NO_SQUARE);
        }
        self.pos.outcome = Some(conceding::loss_on_time(fall, award));
        (self.guard, self.memo.threats) = guard_of(&self.pos, &self.options);
        self.stamp = crate::dragon::stamp::fresh();
        self.applied_from = 0;
        true
    }

    /// What the side to move's Seer would tell him now: his forces under
    /// attack, the procedures open to him, the material on each side.
    #[must_use]
    pub fn state_of_affairs(&self) -> StateOfAffairs {
        StateOfAffairs::of(&self.pos, &self.options)
    }
}

/// Dragon's clock as rule 25's example gives it (the seed names no standard):
/// "The Reserve ... say 100 minutes", "the increment is 2 minutes and the
/// cut-off point is 100 moves for each player", "the final increment is 120
/// minutes" (seed 000, rule 25).
pub const CLOCK_EXAMPLE: TimeControl = TimeControl::TigerIncrement {
    reserve: Millis::mins(100),
    increment: Millis::mins(2),
    cut_off: 100,
    final_increment: Millis::mins(120),
    timing: IncrementTiming::AfterMove,
};

impl Game for Dragon {
    type Action = Action;
    type Actions = DragonActions;
    type Event = DragonEvent;
    type Options = DragonOptions;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = "dragon";
    const TITLE: &'static str = "Dragon";
    const SOURCE: &'static str = "seed 000 (Dragon), G. Nicholls";
    const RULINGS: &'static [Ruling] = options::RULINGS;
    const RULES: &'static [RuleId] = &[
        victory::LOCKING_UP,
        victory::DIRECT_CAPTURE,
        victory::PLANTING_A_FLAG,
        TRUCE_BY_AGREEMENT,
        THREEFOLD_REPETITION,
        FIFTY_MOVE_TRUCE,
        STALEMATE_TRUCE,
        PLY_BOUND_TRUCE,
        conceding::CONCEDED_LOCKING_UP,
        conceding::CONCEDED_DIRECT_CAPTURE,
        conceding::CONCEDED_PLANTING,
        crate::core::clocks::LOSS_ON_TIME,
        conceding::LOSS_ON_TIME_AGREED,
    ];
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("dragon-example", CLOCK_EXAMPLE)];
    const EVENTS: &'static [&'static str] = events::EVENTS;

    fn new(options: &DragonOptions) -> Dragon {
        let pos = *options.formation.position();
        let (guard, threats) = guard_of(&pos, options);
        Dragon {
            pos,
            options: *options,
            lines: transform::line_totals(&pos),
            history: RepetitionHistory::starting_at(truce::repetition_key(&pos, options)),
            guard,
            memo: moves::Memo {
                threats,
                ..moves::Memo::default()
            },
            stamp: crate::dragon::stamp::fresh(),
            applied_from: 0,
            sibling: sibling::Sibling::default(),
            cache: moves::cache::MoveCache::default(),
        }
    }

    fn options(&self) -> &DragonOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        match self.pos.outcome {
            Some(o) => Turn::Over(o),
            None => Turn::Player(self.pos.to_move),
        }
    }

    fn ply(&self) -> u32 {
        self.pos.ply
    }

    fn legal_actions(&self, out: &mut DragonActions) {
        moves::legal_actions_guarded(
            &self.pos,
            &self.options,
            Some(self.guard),
            self.memo.threats.as_ref(),
            self.cache.lists(self.stamp, self.pos.to_move),
            out,
        );
    }

    fn apply_unchecked(&mut self, action: Action, events: &mut impl FnMut(DragonEvent)) {
        let restart = truce::irreversible(&self.pos, &self.options, action);
        let basis = self
            .sibling
            .before_apply(self.stamp, &self.pos, &self.options);
        let known = apply::apply(
            &mut self.pos,
            &self.options,
            action,
            events,
            &mut self.memo,
            basis,
        );
        let before = self.stamp;
        self.stamp = crate::dragon::stamp::fresh();
        // The state is now the one of stamp `before` (the same position
        // and history: a stamp changes with every change) and this action.
        self.applied_from = before;
        let key = truce::repetition_key(&self.pos, &self.options);
        truce::record(&mut self.pos, &mut self.history, restart, key);
        match known {
            Some(guard) => self.guard = guard,
            None => (self.guard, self.memo.threats) = guard_of(&self.pos, &self.options),
        }
        self.cache
            .after_apply(before, self.stamp, &self.pos, &self.options);
    }

    fn is_legal(&self, action: Action) -> bool {
        moves::is_legal_guarded(
            &self.pos,
            &self.options,
            Some(self.guard),
            self.memo.threats.as_ref(),
            action,
            None,
        )
    }

    /// [`Game::apply`]'s test and application, the legality tested with the
    /// actions of the action's origin kept for this state (the same answer
    /// as [`Game::is_legal`]): the full checks apply each listed action of
    /// one state to a copy of it, so an origin's actions are generated once,
    /// not once for each of them.
    fn apply(
        &mut self,
        action: Action,
        events: &mut impl FnMut(DragonEvent),
    ) -> Result<(), ApplyError> {
        let legal = self.is_legal_kept(action);
        crate::core::apply_tested(self, legal, action, events)
    }

    fn refusal(&self, action: Action) -> Option<String> {
        // A consultation refused says why (ruling `dragon.seers`: "the fourth
        // is refused with a clear reason").
        // (A game over says so already.)
        if action.kind() != Some(ActionKind::Seer)
            || self.is_legal(action)
            || matches!(self.turn(), Turn::Over(_))
        {
            return None;
        }
        let side = *Side::ALL.get(usize::from(action.extra()))?;
        self.seer_refusal(side).map(|r| r.to_string())
    }

    fn write_action(&self, action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        text::write_action(action, out)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text::parse_action(&self.pos, &self.options, text)
    }

    fn arbitrary_action(&self, bits: u64) -> Action {
        let kind = (bits % 15) as u8;
        let from = ((bits >> 8) % 135) as u8;
        let to = ((bits >> 16) % 135) as u8;
        let extra = (bits >> 24) as u8 & 63;
        Action::new(
            ActionKind::from_u8(kind).unwrap_or(ActionKind::Move),
            from,
            to,
            extra,
        )
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::export(&self.pos, out)
    }

    fn import(text: &str, options: &DragonOptions) -> Result<Dragon, PositionError> {
        let (pos, known) = import::import(text, options)?;
        // The Guard the import's look for a move computed, else computed
        // here; the lines of descent as the import sealed them
        // (`transform::line_totals`).
        let (guard, threats) = known.unwrap_or_else(|| guard_of(&pos, options));
        Ok(Dragon {
            pos,
            options: *options,
            lines: pos.lines,
            history: RepetitionHistory::starting_at(truce::repetition_key(&pos, options)),
            guard,
            memo: moves::Memo {
                threats,
                ..moves::Memo::default()
            },
            stamp: crate::dragon::stamp::fresh(),
            applied_from: 0,
            sibling: sibling::Sibling::default(),
            cache: moves::cache::MoveCache::default(),
        })
    }

    fn history_len(&self) -> Option<usize> {
        Some(self.history.len())
    }

    fn hash(&self) -> u64 {
        self.pos.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.pos.compute_hash()
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        self.pos.check()?;
        procedures::check(&self.pos)?;
        truce::check(
            &self.pos,
            &self.history,
            truce::repetition_key(&self.pos, &self.options),
        )?;
        transform::check_lines(&self.pos, &self.lines)
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        render::render(&self.pos, out)
    }

    /// The truce at [`PLY_BOUND`] ends the game even while a procedure's
    /// choice is pending (`finish` in apply.rs), so no game runs past it.
    fn ply_bound(&self) -> Option<u32> {
        Some(PLY_BOUND)
    }

    fn side_name(side: Side) -> &'static str {
        text::side_name(side)
    }
}
