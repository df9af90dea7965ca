//! # tigerseye-engine
//!
//! The rules of G. Nicholls' Tiger's-Eye games (Jewel: Keys in Time; Dragon) and
//! two related drafts, as exact as the seeds allow. Rules only: no I/O, no
//! threads, no random numbers. Chance (dice, coins) is a player whose outcomes
//! the caller chooses.
//!
//! Every game implements [`Game`] and is listed once in [`GameId`]. Where a seed
//! is silent or contradicts itself the engine makes a named ruling
//! ([`rulings`]), with both readings and, where cheap, the other reading as an
//! option.
//!
//! ```
//! use tigerseye_engine::{Game, Turn, Side};
//! use tigerseye_engine::jewel::duel::{Duel, DuelOptions};
//!
//! let mut duel = Duel::new(&DuelOptions::default());
//! assert_eq!(duel.turn(), Turn::Player(Side::Red));
//! for text in ["C1-B1", "A3-C3", "B1-B2"] {
//!     let action = duel.parse_action(text).unwrap();
//!     duel.play(action).unwrap();
//! }
//! let Turn::Over(outcome) = duel.turn() else { panic!("the game goes on") };
//! assert_eq!(outcome.to_string(), "red wins by hold-the-key (0-1 Game Points)");
//! ```
//!
//! A save keeps what decides the game's future: the position after the last
//! irreversible action and the actions since ([`core::save`]).
//!
//! ```
//! use tigerseye_engine::core::save::{Record, restore};
//! use tigerseye_engine::jewel::duel::Duel;
//! use tigerseye_engine::{Game, Turn};
//!
//! let mut record = Record::new(Duel::new(&Default::default()));
//! for text in ["C1-C2", "A3-B3", "C2-A2", "B3-B1", "A2-C2", "B1-B3"] {
//!     let action = record.state().parse_action(text).unwrap();
//!     record.play(action).unwrap();
//! }
//! let save = record.save_string();
//! assert_eq!(save, "G2/3/2R red; C1-C2; A3-B3; C2-A2; B3-B1; A2-C2; B1-B3");
//! // Four more plies repeat the position a third time: a draw, also when
//! // the game goes on from the save.
//! let mut resumed = restore::<Duel>(&save, &Default::default()).unwrap();
//! for text in ["C2-A2", "B3-B1", "A2-C2", "B1-B3"] {
//!     let action = resumed.state().parse_action(text).unwrap();
//!     resumed.play(action).unwrap();
//! }
//! assert!(matches!(resumed.state().turn(), Turn::Over(_)));
//! ```

pub mod core;
pub mod dragon;
pub mod field_manual;
pub mod jewel;
pub mod registry;
pub mod rulings;
#[cfg(test)]
mod save_tests;
pub mod the_game;

#[cfg(test)]
mod layers;

pub use crate::core::{
    ActionBuffer, ApplyError, Coord, Game, GameOptions, Outcome, RuleEvent, RuleId, Score, Side,
    Square, Turn,
};
pub use crate::registry::{GameId, GameVisitor};
