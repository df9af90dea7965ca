//! The Field Manual (seed 004, `004_3ed7175da0ac4c13.txt`): a 14x10 battle of
//! two 42-piece armies, the Dragon and the Tiger (ruling
//! [`ARMIES`](rulings::ARMIES)), three moves a turn in Normal and Sniper and one
//! in The Long Game; pivot pieces, the Prince's swap, the ransom of a captured
//! Prince or Princess, and the Squire's restoring promotion.
//!
//! What the manual leaves open is decided in [`rulings`]; the set-up is the
//! project's draft, [`setup`] (`engine/data/field_manual/setup.txt`).

pub mod pieces;
pub mod rulings;
pub mod setup;
