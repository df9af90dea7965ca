//! Where a run's games start: the standard start, or positions found
//! elsewhere (`sim --from-corpus`: every scenario's start and the positions
//! after its steps, every perft table's position), each under its own
//! options and with its own past.
//!
//! A start is kept as a save ([`Record::save`]): the position after its last
//! irreversible action and the actions since, so that a game from a position
//! in the middle of a repetition goes on with the positions the repetition
//! compares with. Game `i` of a run plays from the start [`Starts::pick`]
//! names, a function of `i` alone, so a run stays deterministic for its seed
//! and any game replays alone (`replay --position`).

use std::sync::Arc;

use tigerseye_engine::Game;
use tigerseye_engine::core::save::{Record, restore};

use super::{SimError, build_options};
use crate::shrink::Oracle;

/// A position random games may start from, and where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// Where it was found, for replays and reports: `duel/drawn-line.toml,
    /// after step 3`, or `perft/duel.toml, table "standard start"`.
    pub from: String,
    /// The options its games are played under, `(key, value)`.
    pub options: Vec<(String, String)>,
    /// Its save: a position, then the actions since its last irreversible
    /// action, each after `; ` ([`restore`] reads it).
    pub save: String,
}

/// The starts of a run's games. With no start listed every game starts at the
/// standard start under the run's options.
#[derive(Clone, Debug, Default)]
pub struct Starts {
    /// The positions games start from.
    pub list: Arc<[Start]>,
    /// Whether every other game (the even indices) starts at the standard
    /// start, the odd ones taking the listed starts in turn: the nightly
    /// job's mix. Without it every game takes the listed starts in turn.
    pub with_standard: bool,
}

impl Starts {
    /// The listed start game `index` plays from, by its place in
    /// [`list`](Self::list); `None` for the standard start.
    #[must_use]
    pub fn pick(&self, index: u64) -> Option<usize> {
        let n = self.list.len() as u64;
        if n == 0 {
            return None;
        }
        if self.with_standard {
            (index % 2 == 1).then_some(((index / 2) % n) as usize)
        } else {
            Some((index % n) as usize)
        }
    }

    /// The start game `index` plays from; `None` for the standard start.
    #[must_use]
    pub fn of(&self, index: u64) -> Option<&Start> {
        self.pick(index).map(|k| &self.list[k])
    }
}

/// A start ready to play: the state its record starts from (with no past),
/// the actions from there, the state they reach, and the oracle its games
/// answer to.
#[derive(Clone)]
pub(super) struct Begin<G: Game> {
    /// The state with no past the save starts from.
    pub(super) root: G,
    /// The save's actions, from `root` to `initial`.
    pub(super) prefix: Vec<G::Action>,
    /// Where the games start.
    pub(super) initial: G,
    /// The options in force.
    pub(super) options: G::Options,
    /// The extra check on every state of its games ([`super::oracles`]).
    pub(super) oracle: Option<Oracle<G>>,
    /// The check of the games of the run's slice
    /// ([`SimConfig::reference_slice`](super::SimConfig::reference_slice)):
    /// the reference model on every state.
    pub(super) slice_oracle: Option<Oracle<G>>,
    /// The same check with nothing sampled, for shrinking a failure: a
    /// shorter game reaches the failing position at another ply.
    pub(super) full_oracle: Option<Oracle<G>>,
}

impl<G: Game> Begin<G> {
    /// The standard start under `options`.
    pub(super) fn standard(options: &G::Options) -> Begin<G> {
        let initial = G::new(options);
        Begin {
            root: initial.clone(),
            prefix: Vec::new(),
            initial,
            options: options.clone(),
            oracle: None,
            slice_oracle: None,
            full_oracle: None,
        }
    }

    /// `start`, restored.
    ///
    /// # Errors
    ///
    /// When its options are not the game's or its save does not restore.
    pub(super) fn of(start: &Start) -> Result<Begin<G>, SimError> {
        let options = build_options::<G>(&start.options)?;
        let record = crate::panics::catch_panic(|| restore::<G>(&start.save, &options))
            .map_err(|panic| format!("restoring it panics: {panic}"))
            .and_then(|r| r.map_err(|e| e.to_string()))
            .map_err(|message| SimError::Start {
                from: start.from.clone(),
                message,
            })?;
        Ok(Begin {
            root: record.start().clone(),
            prefix: record.actions().to_vec(),
            initial: record.state().clone(),
            options,
            oracle: None,
            slice_oracle: None,
            full_oracle: None,
        })
    }

    /// The record of `actions` played from this start: its save carries the
    /// start's past.
    pub(super) fn record(&self, actions: &[G::Action]) -> Record<G> {
        let mut record = Record::replay(&self.root, &self.prefix);
        for &a in actions {
            record.apply_unchecked(a, &mut |_| {});
        }
        record
    }
}

/// The starts of a run of `G` ready to play: the standard start under
/// `options` first, then each of `starts`, in order.
///
/// # Errors
///
/// The first start whose options or save are not `G`'s.
pub(super) fn begins<G: Game>(
    options: &G::Options,
    starts: &Starts,
) -> Result<Vec<Begin<G>>, SimError> {
    let mut begins = vec![Begin::standard(options)];
    for start in starts.list.iter() {
        begins.push(Begin::of(start)?);
    }
    Ok(begins)
}

/// `text` quoted for a POSIX shell: in single quotes, each single quote
/// written `'\''`.
#[must_use]
pub fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(n: usize) -> Start {
        Start {
            from: format!("s{n}"),
            options: Vec::new(),
            save: String::new(),
        }
    }

    #[test]
    fn games_take_the_starts_in_turn() {
        let none = Starts::default();
        assert_eq!(none.pick(5), None);
        let list: Arc<[Start]> = (0..3).map(start).collect();
        let only = Starts {
            list: list.clone(),
            with_standard: false,
        };
        let picks: Vec<_> = (0..7).map(|i| only.pick(i)).collect();
        assert_eq!(
            picks,
            [0, 1, 2, 0, 1, 2, 0].map(Some),
            "every game from a listed start"
        );
        let mixed = Starts {
            list,
            with_standard: true,
        };
        let picks: Vec<_> = (0..8).map(|i| mixed.pick(i)).collect();
        assert_eq!(
            picks,
            [None, Some(0), None, Some(1), None, Some(2), None, Some(0)]
        );
        assert_eq!(mixed.of(3).map(|s| s.from.as_str()), Some("s1"));
    }

    #[test]
    fn quoting_survives_single_quotes() {
        assert_eq!(shell_quoted("a b; c"), "'a b; c'");
        assert_eq!(shell_quoted("wa'"), r"'wa'\'''");
    }
}
