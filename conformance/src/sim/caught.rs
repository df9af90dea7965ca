//! Panics inside a simulated game, caught and turned into failures.

use tigerseye_engine::Game;

use super::{GameEnd, Player};
use crate::invariants::Violation;
use crate::panics::catch_panic;

/// Plays game `seed` with `player`, turning a panic into a failed end.
pub fn play_caught<G: Game>(player: &mut Player<G>, seed: u64) -> GameEnd {
    catch_panic(|| player.play(seed)).unwrap_or_else(|message| {
        GameEnd::Failed(Violation {
            check: "panic",
            message,
        })
    })
}
