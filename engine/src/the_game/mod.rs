//! The Game (seed 001): "Called nothing more complicated than The Game", Gold
//! against Silver on eight boards (the Sky above the Ground above the Cavern,
//! four Mana boards around the Ground's level, and the Astral board apart),
//! 26 kinds of piece and 71 pieces a side, derived from Gygax's Dragonchess
//! ("Dragon magazine, in issue #100 ... published \"DragonChess,\" which aided
//! my creation of The Game"). Registered as `the-game`.
//!
//! The kinds of piece are in [`kinds`]; the drafted boards and set-up, data
//! files with tests of every constraint the text fixes, in [`setup`]; the
//! boards on the shared board layer and their move tables in [`board`];
//! every piece's moves and captures, on each board and between boards, in
//! [`moves`]; the position, the Dragon's strike, the ArchMagus's teleport
//! with its pending kill, send or return, freezing, promotion and en passant
//! in [`position`]; the [`Game`](crate::Game) trait in [`TheGame`]; every
//! ruling the seed's gaps need in [`rulings`].

pub mod board;
mod game;
mod invariants;
pub mod kinds;
pub mod moves;
pub mod position;
mod render;
pub mod rulings;
pub mod setup;
pub mod stats;
mod text;

pub use self::game::{EMPEROR_CAPTURED, Event, PLY_BOUND_RULE, STALEMATE, TheGame};
pub use self::kinds::{Kind, Realm};
pub use self::rulings::RULINGS;
pub use self::setup::{GOLD, Layout, SILVER, SetUp};
#[cfg(test)]
mod tests;
