//! The Game (seed 001): "Called nothing more complicated than The Game", Gold
//! against Silver on eight boards (the Sky above the Ground above the Cavern,
//! four Mana boards around the Ground's level, and the Astral board apart),
//! 26 kinds of piece and 71 pieces a side, derived from Gygax's Dragonchess
//! ("Dragon magazine, in issue #100 ... published \"DragonChess,\" which aided
//! my creation of The Game").
//!
//! So far: the kinds of piece ([`kinds`]), the drafted boards and set-up as
//! data with tests of every constraint the text fixes ([`setup`]), and every
//! ruling the seed's gaps need ([`rulings`]). The rules of play (moves,
//! captures, the teleport, the Astral board) and the game's registration are
//! not written yet.

pub mod board;
pub mod kinds;
pub mod position;
mod render;
pub mod rulings;
pub mod setup;
mod text;

pub use self::kinds::{Kind, Realm};
pub use self::rulings::RULINGS;
pub use self::setup::{GOLD, Layout, SILVER, SetUp};
#[cfg(test)]
mod tests;
