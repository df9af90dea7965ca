//! The save-restore check: at sampled steps of a simulated game the game is
//! saved ([`Record::save`]), restored ([`restore`]) and played on from the
//! restored state beside the uninterrupted game, with the same actions; at
//! every later step both must list the same legal actions, and both must end
//! with the same outcome.
//!
//! One game in sixteen (`CheckMode::save_every`, `sim --save-every`) is saved
//! once, at a ply drawn log-uniformly below
//! 1,024 (so that short games and long ones are saved early and late alike),
//! from the game's seed, not its random choices: a game plays the same whether
//! it is saved or not. With every check on (`--paranoid`, `replay`) every step
//! is saved, and each restored game runs to the end.

use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::core::zobrist::splitmix64;
use tigerseye_engine::{Game, Turn};

use crate::invariants::{CheckMode, Violation};

/// Mixed into the game's seed for the save's draw, so that it does not follow
/// the full checks' sample.
const SALT: u64 = 0x5a7e_5a7e_5a7e_5a7e;

/// Which steps of one game are saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavePoints {
    /// None.
    None,
    /// The step at this ply (counted from the game's start).
    At(u32),
    /// Every step.
    Every,
}

impl SavePoints {
    /// The steps saved in the game of seed `game_seed` under `mode`.
    #[must_use]
    pub fn of(mode: CheckMode, game_seed: u64) -> SavePoints {
        if mode.save_every == 0 {
            return SavePoints::None;
        }
        if mode.full_every <= 1 {
            return SavePoints::Every;
        }
        let draw = splitmix64(game_seed ^ SALT);
        if !draw.is_multiple_of(u64::from(mode.save_every)) {
            return SavePoints::None;
        }
        let span = 1u64 << ((draw >> 8) % 11);
        SavePoints::At(((draw >> 16) % span) as u32)
    }

    /// Whether the step at `ply` is saved.
    #[inline]
    #[must_use]
    pub fn at(self, ply: u32) -> bool {
        match self {
            SavePoints::None => false,
            SavePoints::At(p) => p == ply,
            SavePoints::Every => true,
        }
    }
}

fn violation(message: String) -> Violation {
    Violation {
        check: "save-restore",
        message,
    }
}

/// The games restored from saves of the game in progress, played beside it.
pub struct Resumed<G: Game> {
    /// Each restored game, with the ply it was saved at.
    games: Vec<(u32, G)>,
    legal: G::Actions,
}

impl<G: Game> Default for Resumed<G> {
    fn default() -> Self {
        Resumed {
            games: Vec::new(),
            legal: G::Actions::default(),
        }
    }
}

impl<G: Game> Resumed<G> {
    /// Forgets the restored games (a new game starts).
    pub fn clear(&mut self) {
        self.games.clear();
    }

    /// Saves the game `actions` played from `initial` (which has no past), which
    /// reached `state` at `ply`, restores the save, and keeps the restored game
    /// to play beside it.
    ///
    /// # Errors
    ///
    /// When the save does not restore, or restores to a different state.
    pub fn save(
        &mut self,
        initial: &G,
        actions: &[G::Action],
        state: &G,
        ply: u32,
    ) -> Result<(), Violation> {
        let record = Record::replay(initial, actions);
        let text = record.save_string();
        let restored = restore::<G>(&text, state.options())
            .map_err(|e| violation(format!("the save at ply {ply} does not restore: {e}")))?
            .into_state();
        if restored != *state
            || restored.hash() != state.hash()
            || restored.history_len() != state.history_len()
        {
            return Err(violation(format!(
                "the save at ply {ply}, `{text}`, restores to a different state (history {:?} positions, not {:?})",
                restored.history_len(),
                state.history_len()
            )));
        }
        self.games.push((ply, restored));
        Ok(())
    }

    /// Checks each restored game against the game at `ply`, whose legal
    /// actions are `legal` and whose turn is `turn`.
    ///
    /// Never inlined: only a saved game calls it, and inlined into the
    /// simulation's loop it made every other game's steps dearer.
    ///
    /// # Errors
    ///
    /// The first restored game that lists other actions or ended otherwise.
    #[inline(never)]
    pub fn check(&mut self, legal: &G::Actions, turn: Turn, ply: u32) -> Result<(), Violation> {
        for (saved, game) in &self.games {
            game.legal_actions(&mut self.legal);
            if self.legal[..] != legal[..] {
                return Err(violation(format!(
                    "the game restored from its save at ply {saved} lists other actions at ply {ply}: {} (the game: {})",
                    texts(game, &self.legal),
                    texts(game, legal)
                )));
            }
            if let Turn::Over(_) = turn
                && game.turn() != turn
            {
                return Err(violation(format!(
                    "the game restored from its save at ply {saved} ends otherwise at ply {ply}: {:?}, not {turn:?}",
                    game.turn()
                )));
            }
        }
        Ok(())
    }

    /// Plays `action` in every restored game (never inlined, as
    /// [`Resumed::check`]).
    #[inline(never)]
    pub fn apply(&mut self, action: G::Action) {
        for (_, game) in &mut self.games {
            game.apply_unchecked(action, &mut |_| {});
        }
    }
}

/// The actions `legal` in `state`'s notation, for a message.
fn texts<G: Game>(state: &G, legal: &[G::Action]) -> String {
    let t: Vec<String> = legal.iter().map(|&a| state.action_text(a)).collect();
    t.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tigerseye_engine::jewel::duel::Duel;

    /// The Knights out and back twice: the save keeps the repetition under
    /// way, a plain position (what a save held before) does not, and the
    /// check tells them apart on the ply the game draws.
    #[test]
    fn a_restored_game_that_forgot_its_past_is_caught() {
        let start = Duel::new(&Default::default());
        let mut state = start.clone();
        let mut actions = Vec::new();
        for t in ["C1-C2", "A3-B3", "C2-A2", "B3-B1", "A2-C2", "B1-B3"] {
            let a = state.parse_action(t).unwrap();
            state.play(a).unwrap();
            actions.push(a);
        }
        let mut resumed = Resumed::<Duel>::default();
        resumed.save(&start, &actions, &state, 6).unwrap();
        let plain = Duel::import(&state.export_string(), state.options()).unwrap();
        assert_eq!(plain, state, "equal positions, different pasts");
        resumed.games.push((6, plain));
        let mut legal = Default::default();
        for (i, t) in ["C2-A2", "B3-B1", "A2-C2", "B1-B3"].into_iter().enumerate() {
            let a = state.parse_action(t).unwrap();
            state.play(a).unwrap();
            resumed.apply(a);
            state.legal_actions(&mut legal);
            let checked = resumed.check(&legal, state.turn(), 7 + i as u32);
            if i < 3 {
                checked.unwrap();
            } else {
                let v = checked.unwrap_err();
                assert_eq!(v.check, "save-restore");
                assert!(
                    v.message.starts_with(
                        "the game restored from its save at ply 6 lists other actions at ply 10: "
                    ),
                    "{v}"
                );
            }
        }
        assert!(matches!(state.turn(), Turn::Over(_)));
    }

    #[test]
    fn one_game_in_sixteen_is_saved_and_every_step_with_every_check() {
        let saved = (0..16_000u64)
            .filter(|&s| SavePoints::of(CheckMode::DEFAULT, splitmix64(s)) != SavePoints::None)
            .count();
        assert!((800..1_200).contains(&saved), "{saved}");
        let none = CheckMode {
            save_every: 0,
            ..CheckMode::PARANOID
        };
        assert_eq!(SavePoints::of(none, 1), SavePoints::None);
        assert_eq!(SavePoints::of(CheckMode::PARANOID, 1), SavePoints::Every);
        assert!(SavePoints::Every.at(77) && SavePoints::At(3).at(3) && !SavePoints::At(3).at(4));
    }
}
