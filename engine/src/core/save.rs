//! Saved games: a position and the actions played since, so that a game
//! resumes exactly as it would have gone on.
//!
//! A position ([`Game::export`]) holds everything that decides the game's
//! future except the repetition history: the earlier positions a repetition
//! rule compares the current one with. A game restarted from a position alone
//! forgets them, and a threefold repetition under way is missed. A **save**
//! keeps them the way a PGN record keeps a FEN and the moves: the position after
//! the last action that made every earlier position unreachable (a capture, a
//! Pawn's move, ...; [`Game::history_len`] is then 1) and the actions played
//! since. Restoring imports that position and plays the actions again, so the
//! history is rebuilt by the rules themselves, not read from the text.
//!
//! The text is the position, then each action in the game's notation, each
//! after `; ` (an action's notation may hold a space, such as Dragon's
//! `seer storm`; no position or action holds a `;`):
//!
//! ```text
//! 1G1/2R/3 red; C2-A2; B3-B1; A2-C2
//! ```
//!
//! A save with no action is a plain position, so everywhere a position is read
//! ([`restore`]) a save is read too.
//!
//! The crate's root documentation has an example with Duel: a save that
//! resumes a repetition under way.

use std::fmt;

use super::game::{ApplyError, Game, PositionError};

/// What separates the position and the actions of a save's text.
pub const SEPARATOR: char = ';';

/// A game in progress with its record: the position the record starts from
/// (the standard start, an imported position, or the position after the last
/// action that made every earlier position unreachable) and the actions played
/// since, which [`Record::save`] writes.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    /// The state the record starts from.
    start: G,
    /// The actions played since `start`.
    actions: Vec<G::Action>,
    /// The state they lead to.
    state: G,
}

impl<G: Game> Record<G> {
    /// A record starting at `state`, which must have no past of its own (a
    /// state from [`Game::new`] or [`Game::import`], or one whose
    /// [`Game::history_len`] is 1): earlier positions are not in the record.
    #[must_use]
    pub fn new(state: G) -> Record<G> {
        Record {
            start: state.clone(),
            actions: Vec::new(),
            state,
        }
    }

    /// The record of `actions` played from `initial` (a state with no past,
    /// as for [`Record::new`]), each trusted to be legal where it is played
    /// (as actions from [`Game::legal_actions`] are).
    #[must_use]
    pub fn replay(initial: &G, actions: &[G::Action]) -> Record<G> {
        let mut record = Record::new(initial.clone());
        for &a in actions {
            record.apply_unchecked(a, &mut |_| {});
        }
        record
    }

    /// The state reached.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The state the record starts from.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The actions played since [`Record::start`].
    #[must_use]
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// The state reached, the record dropped.
    #[must_use]
    pub fn into_state(self) -> G {
        self.state
    }

    /// Applies `action` if it is legal ([`Game::apply`]) and records it.
    ///
    /// # Errors
    ///
    /// As [`Game::apply`]: the record is then unchanged.
    pub fn apply(
        &mut self,
        action: G::Action,
        events: &mut impl FnMut(G::Event),
    ) -> Result<(), ApplyError> {
        self.state.apply(action, events)?;
        self.recorded(action);
        Ok(())
    }

    /// [`Record::apply`] ignoring events.
    ///
    /// # Errors
    ///
    /// As [`Game::apply`].
    pub fn play(&mut self, action: G::Action) -> Result<(), ApplyError> {
        self.apply(action, &mut |_| {})
    }

    /// Applies `action`, which must be legal ([`Game::apply_unchecked`]), and
    /// records it.
    pub fn apply_unchecked(&mut self, action: G::Action, events: &mut impl FnMut(G::Event)) {
        self.state.apply_unchecked(action, events);
        self.recorded(action);
    }

    /// Records `action`, just applied; the record starts again at the state
    /// reached when it has no past that bears on its future.
    fn recorded(&mut self, action: G::Action) {
        if self.state.history_len() == Some(1) {
            self.start.clone_from(&self.state);
            self.actions.clear();
        } else {
            self.actions.push(action);
        }
    }

    /// Writes the save: the start's position, then each action since, each
    /// after `; `.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn save(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.start.export(out)?;
        let mut state = self.start.clone();
        for &a in &self.actions {
            write!(out, "{SEPARATOR} ")?;
            state.write_action(a, out)?;
            state.apply_unchecked(a, &mut |_| {});
        }
        Ok(())
    }

    /// The save as a new string.
    #[must_use]
    pub fn save_string(&self) -> String {
        let mut s = String::new();
        let _ = self.save(&mut s);
        s
    }
}

/// Reads a save ([`Record::save`]'s text, or a plain position) under
/// `options`: imports its position and plays its actions, each of which must
/// be legal where it is played.
///
/// # Errors
///
/// [`PositionError`] quoting the text: the position's own error, or which
/// action cannot be read or is refused, and why.
pub fn restore<G: Game>(text: &str, options: &G::Options) -> Result<Record<G>, PositionError> {
    let mut parts = text.split(SEPARATOR);
    let position = parts.next().unwrap_or_default().trim();
    let mut record = Record::new(G::import(position, options)?);
    let err = |expected: String| PositionError {
        text: text.to_owned(),
        expected,
    };
    for (i, part) in parts.enumerate() {
        let action_text = part.trim();
        let n = i + 1;
        if action_text.is_empty() {
            return Err(err(format!(
                "action {n} of the save is empty: expected `position; action; action ...`"
            )));
        }
        let action = record
            .state
            .parse_action(action_text)
            .map_err(|e| err(format!("action {n} of the save: {e}")))?;
        if let Err(e) = record.play(action) {
            let why = record
                .state
                .refusal(action)
                .map_or_else(String::new, |why| format!(" ({why})"));
            return Err(err(format!(
                "action {n} of the save, `{action_text}`, is refused: {e}{why}"
            )));
        }
    }
    Ok(record)
}
