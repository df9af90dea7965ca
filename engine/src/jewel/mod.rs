//! Jewel (Keys in Time), G. Nicholls: the linked series of Facets (seed 002).
//!
//! - Facet 1, [`duel`]: Duel in the Castle.
//! - Facet 2, [`ambush`]: Ambush in the Forest.
//! - Facet 3, [`northern_light`]: Northern Light, a Treasure Hunt (DiamondQi,
//!   DiamondQuest, DiamondChess, and the three as one match).
//! - Facet 4, [`crystal`]: Crystal of Doom.
//! - Facet 5, [`star_lords`]: Star-Lords.
//! - The tie-break dice game, [`race`]: Race.
//! - [`series`]: the Jewel Series, the Facets played as one linked series.
//!
//! Facets 2 to 5 share the key-square core, [`keysquare`]; DiamondQuest and
//! DiamondChess, whose Key position "is now the same as any other", are royal
//! hunts on the Northern Light board ([`northern_light::hunt`]).

pub mod ambush;
pub mod crystal;
pub mod duel;
pub mod keysquare;
pub mod northern_light;
pub mod race;
pub mod series;
pub mod star_lords;

use crate::core::RuleId;

/// Hold the Key (seed 002, Duel and Ambush, "The object of the game"): a Character
/// reaches the Key position and holds it through the opponent's next turn.
pub const HOLD_THE_KEY: RuleId = RuleId("hold-the-key");

/// Deciding rules the Jewel facets share.
pub mod rules {
    use crate::core::RuleId;

    /// Ambush: "Draws include ... draws by insufficient material" (Notes 1).
    pub const INSUFFICIENT_MATERIAL: RuleId = RuleId("insufficient-material");
    /// Crystal of Doom: "Draws include ... Also lack of material" (General rules 3).
    pub const LACK_OF_MATERIAL: RuleId = RuleId("lack-of-material");
    /// DiamondQi: "If both Princesses are captured then the game is a draw" (Notes 2).
    pub const BOTH_PRINCESSES_CAPTURED: RuleId = RuleId("both-princesses-captured");
    /// Star-Lords: "If all Leaders are captured then the game is a draw" (General
    /// rules 4).
    pub const ALL_LEADERS_CAPTURED: RuleId = RuleId("all-leaders-captured");
}
