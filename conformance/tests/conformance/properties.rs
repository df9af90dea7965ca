//! proptest properties over random games. A game is a vector of choices (each
//! picks among the legal actions), so a failing game shrinks to a short one.

use proptest::prelude::*;
use tigerseye_conformance::fuzzing::play_game_choices;
use tigerseye_engine::jewel::duel::{Duel, DuelOptions};
use tigerseye_engine::{Game, GameId, Turn};

use crate::reference::RefDuel;

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    /// Every registered game: a random game (a shrinkable vector of choices, each
    /// picking among the legal actions or chance outcomes) keeps every invariant,
    /// cheap and full, after every step. A failure shrinks to a short game of the
    /// game it broke.
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
