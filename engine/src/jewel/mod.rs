//! Jewel (Keys in Time), G. Nicholls: the linked series of Facets (seed 002).
//!
//! Facet 1, [`duel`]: Duel in the Castle. The tie-break dice game, [`race`]: Race.

pub mod duel;
pub mod race;

use crate::core::RuleId;

/// Hold the Key (seed 002, Duel and Ambush, "The object of the game"): a Character
/// reaches the Key position and holds it through the opponent's next turn.
pub const HOLD_THE_KEY: RuleId = RuleId("hold-the-key");
