//! proptest properties over random games. A game is a vector of choices (each
//! picks among the legal actions), so a failing game shrinks to a short one.

use proptest::prelude::*;
use tigerseye_conformance::fuzzing::play_choices;
use tigerseye_engine::jewel::ambush::Ambush;
use tigerseye_engine::jewel::crystal::Crystal;
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::jewel::northern_light::hunt::{DiamondChess, DiamondQuest};
use tigerseye_engine::jewel::northern_light::qi::DiamondQi;
use tigerseye_engine::jewel::northern_light::series::NorthernLight;
use tigerseye_engine::jewel::star_lords::StarLords;

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn duel_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..400)) {
        if let Err((ply, v)) = play_choices::<Duel>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }
}

// The larger games: fewer cases, each a few hundred plies with every check,
// the full ones included, after every step.
proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn ambush_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<Ambush>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn diamond_qi_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<DiamondQi>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn diamond_quest_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<DiamondQuest>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn diamond_chess_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<DiamondChess>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn northern_light_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..400)) {
        if let Err((ply, v)) = play_choices::<NorthernLight>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn crystal_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<Crystal>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn star_lords_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..300)) {
        if let Err((ply, v)) = play_choices::<StarLords>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }
}
