//! proptest properties over random games. A game is a vector of choices (each
//! picks among the legal actions), so a failing game shrinks to a short one.

use proptest::prelude::*;
use tigerseye_conformance::fuzzing::play_choices;
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::jewel::race::Race;

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn duel_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..400)) {
        if let Err((ply, v)) = play_choices::<Duel>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }

    #[test]
    fn race_random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u64>(), 0..600)) {
        // Choices pick the coin and the die's faces too, so shrinking also looks
        // for smaller throws.
        if let Err((ply, v)) = play_choices::<Race>(choices) {
            prop_assert!(false, "ply {}: {}", ply, v);
        }
    }
}
