//! The shared vocabulary of every game: sides, coordinates, board geometry,
//! outcomes, repetition history, hashing, the [`Game`] trait, saved games
//! ([`save`]), and the game [`clocks`].

pub mod board;
pub mod clocks;
mod fields;
mod game;
pub(crate) use game::Quoted;
pub use game::quoted;
mod history;
mod outcome;
mod ruling;
pub mod save;
mod side;
mod stats;
pub mod zobrist;

pub use board::{
    Bb, Bits, Coord, CoordError, Direction, Geometry, Layout, LayoutSquareName, Link, MAX_PLANES,
    Plane, Rays, SetIter, Square, SquareError, SquareIndex, SquareName, SquareSet, Squares, Step,
    Way, everywhere, leaps,
};
use board::{bits, geometry};
pub use fields::{Fields, FieldsSeen, fields, first_field, trim_start};
pub use game::{
    ActionBuffer, ActionList, ApplyError, Game, GameOptions, InvariantError, NoOptions,
    NotationError, OptionError, OptionSpec, PositionError, RuleEvent, apply_tested,
};
pub use history::RepetitionHistory;
pub use outcome::{NamedOutcome, Outcome, Probability, RuleId, Score, ScoreUnit, Turn};
pub use ruling::{Reading, Ruling};
pub use side::{Side, SideError};
pub use stats::{Figure, Figures, GameStats, NoStats, StatsTable};

/// Deciding rules shared by several games.
pub mod rules {
    use super::RuleId;

    /// The same position occurred for the third time (every Jewel facet's notes:
    /// "Draws include threefold repetition of moves/position").
    pub const THREEFOLD_REPETITION: RuleId = RuleId("threefold-repetition");
}
