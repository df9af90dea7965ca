//! proptest properties over random games. A game is a vector of choices (each
//! picks among the legal actions), so a failing game shrinks to a short one.

use proptest::prelude::*;
use tigerseye_conformance::fuzzing::{draw_options, play_choices_with, play_game_choices};
use tigerseye_engine::dragon::{Dragon, DragonOptions};
use tigerseye_engine::jewel::duel::{Duel, DuelOptions};
use tigerseye_engine::{Game, GameId, GameOptions, Turn};

use crate::reference::RefDuel;

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    /// Every registered game: a random game (a shrinkable vector of choices, each
    /// picking among the legal actions or chance outcomes) keeps every invariant,
    /// cheap and full, after every step. A failure shrinks to a short game of the
    /// game it broke. Dragon's first choices draw its options
    /// (`fuzzing::draws_options`).
    #[test]
    fn every_game_keeps_every_invariant(
        game in 0..GameId::ALL.len(),
        choices in proptest::collection::vec(any::<u64>(), 0..400),
    ) {
        let game = GameId::ALL[game];
        if let Err((ply, v)) = play_game_choices(game, &choices) {
            prop_assert!(false, "{}: ply {}: {}", game, ply, v);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Dragon under options drawn at random (one item per option: the Knight
    /// variations, the Trident deployment, truce offers, concessions, the jump
    /// target, the Warlord into attack, the ocean's rulings): a random game keeps
    /// every invariant after every step. A failure shrinks both the game and the
    /// options towards the defaults.
    #[test]
    fn dragon_keeps_every_invariant_under_any_options(
        options in proptest::collection::vec(any::<u8>(), DragonOptions::SPECS.len()),
        choices in proptest::collection::vec(any::<u64>(), 0..400),
    ) {
        let (options, rest) = draw_options::<Dragon, u8>(&options).unwrap();
        prop_assert!(rest.is_empty());
        if let Err((ply, v)) = play_choices_with::<Dragon>(&options, choices) {
            prop_assert!(false, "dragon: ply {}: {}", ply, v);
        }
    }
}

/// The options a Dragon input draws reach every value of every option, item `j`
/// at option `i`'s place giving its `j`-th value (the default for 0), and an
/// input shorter than the options leaves the rest at their defaults.
#[test]
fn dragon_inputs_draw_every_value_of_every_option() {
    let specs = DragonOptions::SPECS;
    assert!(specs.len() >= 8, "{specs:?}");
    for (i, spec) in specs.iter().enumerate() {
        assert!(spec.values.len() >= 2, "{spec:?}");
        for (j, value) in spec.values.iter().enumerate() {
            let mut input = vec![0u8; specs.len() + 3];
            input[i] = j as u8 + spec.values.len() as u8;
            let (options, rest) = draw_options::<Dragon, u8>(&input).unwrap();
            assert_eq!(rest.len(), 3);
            for other in specs {
                let expected = if other.key == spec.key {
                    *value
                } else {
                    other.values[0]
                };
                assert_eq!(options.get(other.key), Some(expected), "{input:?}");
            }
        }
    }
    let (options, rest) = draw_options::<Dragon, u8>(&[2]).unwrap();
    assert!(rest.is_empty());
    assert_eq!(
        options.get(specs[0].key),
        Some(specs[0].values[2 % specs[0].values.len()])
    );
    for other in &specs[1..] {
        assert_eq!(options.get(other.key), Some(other.values[0]));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Differential: the engine and the test-only reference model play the same
    /// game in lockstep and agree on the legal moves and the winner at every step.
    #[test]
    fn duel_agrees_with_the_reference_model(choices in proptest::collection::vec(any::<u16>(), 0..300)) {
        let mut engine = Duel::new(&DuelOptions::default());
        let mut reference = RefDuel::new(false, false);
        let mut buf = <Duel as Game>::Actions::default();
        for c in choices {
            engine.legal_actions(&mut buf);
            let mut texts: Vec<String> = buf.iter().map(|&a| engine.action_text(a).replace('x', "-")).collect();
            texts.sort();
            prop_assert_eq!(&texts, &reference.move_texts());
            if texts.is_empty() {
                break;
            }
            let pick = &texts[usize::from(c) % texts.len()];
            let action = engine.parse_action(pick).or_else(|_| engine.parse_action(&pick.replace('-', "x"))).unwrap();
            engine.play(action).unwrap();
            reference.play_text(pick);
        }
        let over = matches!(engine.turn(), Turn::Over(_));
        prop_assert_eq!(over, reference.move_texts().is_empty());
    }
}
