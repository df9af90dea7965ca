//! The shared vocabulary of every game: sides, coordinates, board geometry,
//! outcomes, repetition history, hashing, the [`Game`] trait, saved games
//! ([`save`]), and the game [`clocks`].

mod bits;
pub mod clocks;
mod coord;
mod fields;
mod game;
pub(crate) use game::Quoted;
pub use game::quoted;
mod geometry;
mod history;
mod outcome;
pub mod save;
mod side;
pub mod stamp;
pub mod zobrist;

pub use bits::{Bits, Squares};
pub use coord::{Coord, CoordError};
pub use fields::{Fields, FieldsSeen, fields, first_field, trim_start};
pub use game::{
    ActionBuffer, ActionList, ApplyError, Game, GameOptions, InvariantError, NoOptions,
    NotationError, OptionError, OptionSpec, PositionError, RuleEvent, apply_tested,
};
pub use geometry::{Bb, Direction, Geometry, Rays, Square, SquareName, leaps};
pub use history::RepetitionHistory;
pub use outcome::{NamedOutcome, Outcome, Probability, RuleId, Score, ScoreUnit, Turn};
pub use side::{Side, SideError};

/// Deciding rules shared by several games.
pub mod rules {
    use super::RuleId;

    /// The same position occurred for the third time (every Jewel facet's notes:
    /// "Draws include threefold repetition of moves/position").
    pub const THREEFOLD_REPETITION: RuleId = RuleId("threefold-repetition");
}
