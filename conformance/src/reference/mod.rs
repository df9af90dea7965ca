//! Reference models: deliberately simple second implementations of the games'
//! rules, written from the seeds without the engine's bitboards, hashes or
//! buffers. The perft tables are checked against them (the tests), and `sim`
//! and the nightly job run them as oracles ([`oracle`]): at sampled states the
//! engine's legal list must be the model's.
//!
//! Here, one for every registered game: Duel in the Castle ([`RefDuel`]), the
//! key-square Facets (Ambush in the Forest, DiamondQi, Crystal of Doom,
//! Star-Lords), the royal Hunts (DiamondQuest, DiamondChess), the Northern
//! Light match ([`perft_model`] for the others' perft), Race ([`race`]), the
//! Jewel Series' linking of the Facets ([`series`]), Dragon ([`dragon`]), the
//! Field Manual ([`field_manual`]) and The Game ([`the_game`]).
//! [`ORACLE_GAMES`] lists the games whose model runs as an oracle (all of
//! them); [`EVERY_STATE_ONLY`] the ones too slow to sample, which run where
//! every state is checked.

pub mod dragon;
mod duel;
pub mod field_manual;
mod grid;
mod hunts;
mod keys;
mod matches;
mod oracle;
pub mod race;
pub mod series;
pub mod the_game;

pub use duel::RefDuel;
pub use oracle::{EVERY_STATE_ONLY, Legal, ORACLE_GAMES, counted_oracle, legal, oracle};

use tigerseye_engine::GameId;

use hunts::RefHunt;
use keys::{AMBUSH, CRYSTAL, QI, RefKey, STAR_LORDS};
use matches::RefMatch;

/// A reference model of `game` from the export `position`, as a perft
/// function (depth to leaf count): for the games on a Jewel board with a
/// model here (the key-square Facets, the Hunts, the Northern Light match from
/// its start), `None` for the others.
#[must_use]
pub fn perft_model(game: GameId, position: &str) -> Option<Box<dyn Fn(u32) -> u64>> {
    let p = position.to_owned();
    if let Some(rules) = keys::rules_of(game) {
        return Some(Box::new(move |d| RefKey::from_export(rules, &p).perft(d)));
    }
    if game == GameId::DiamondQuest || game == GameId::DiamondChess {
        let double = game == GameId::DiamondChess;
        return Some(Box::new(move |d| RefHunt::from_export(&p, double).perft(d)));
    }
    if game == GameId::NorthernLight {
        return Some(Box::new(move |d| {
            let qi = p.strip_prefix("diamond-qi ").unwrap_or(&p);
            RefMatch::start(qi).perft(d, qi)
        }));
    }
    None
}

/// The rules of the key-square Facets, for [`keys::rules_of`].
const KEY_GAMES: [(GameId, &keys::KeyRules); 4] = [
    (GameId::Ambush, &AMBUSH),
    (GameId::DiamondQi, &QI),
    (GameId::Crystal, &CRYSTAL),
    (GameId::StarLords, &STAR_LORDS),
];
