//! The harness proves itself: a rule bug injected into the engine (feature
//! `fault-injection`) is found by `sim` within a bounded number of games, using
//! the test-only reference model as a differential oracle, and shrunk to a
//! scenario of at most 10 steps that loads and still fails.

use std::path::Path;
use std::sync::Arc;

use tigerseye_conformance::invariants::{CheckMode, Violation};
use tigerseye_conformance::scenario;
use tigerseye_conformance::shrink::{Oracle, first_failure};
use tigerseye_conformance::sim::{SimConfig, run_with_oracle};
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::{Game, GameId};

use crate::reference::RefDuel;

/// The engine's legal moves (capture marks dropped) must be the reference model's.
fn duel_oracle() -> Oracle<Duel> {
    Arc::new(|duel: &Duel| {
        let mut buf = <Duel as Game>::Actions::default();
        duel.legal_actions(&mut buf);
        let mut engine: Vec<String> = buf
            .iter()
            .map(|&a| duel.action_text(a).replace('x', "-"))
            .collect();
        engine.sort();
        let reference = RefDuel::at(duel).move_texts();
        if engine == reference {
            Ok(())
        } else {
            Err(Violation {
                check: "reference-model",
                message: format!(
                    "legal {engine:?}, reference model {reference:?} in {}",
                    duel.export_string()
                ),
            })
        }
    })
}

#[test]
fn the_rules_as_written_agree_with_the_reference_model() {
    let mut config = SimConfig::new(GameId::Duel, 20_000);
    config.master_seed = 5;
    let stats = run_with_oracle::<Duel>(&config, Some(duel_oracle())).unwrap();
    assert_eq!(stats.failed_games, 0, "{:?}", stats.failures.first());
}

#[test]
fn an_injected_rule_bug_is_found_and_shrunk_to_a_short_scenario() {
    let mut config = SimConfig::new(GameId::Duel, 2_000);
    config.master_seed = 11;
    config.mode = CheckMode::DEFAULT;
    config.options = vec![("fault".into(), "key-holder-immune".into())];
    let stats = run_with_oracle::<Duel>(&config, Some(duel_oracle())).unwrap();
    assert!(
        stats.failed_games > 0,
        "2000 games did not find the injected bug"
    );
    let failure = &stats.failures[0];
    assert_eq!(failure.check, "reference-model");
    let shrunk = failure
        .shrunk
        .as_ref()
        .expect("the first failure is shrunk");
    assert!(
        shrunk.steps <= 10,
        "shrunk to {} steps:\n{}",
        shrunk.steps,
        shrunk.toml
    );
    assert!(shrunk.steps < failure.actions.len() || failure.actions.len() <= 3);

    // The scenario loads, and its actions still break the oracle at the end.
    let loaded = scenario::parse(Path::new("shrunk.toml"), &shrunk.toml)
        .unwrap_or_else(|e| panic!("{e}\n{}", shrunk.toml));
    assert_eq!(loaded.scenario.steps.len(), shrunk.steps);
    let mut options = <Duel as Game>::Options::default();
    tigerseye_engine::GameOptions::set(&mut options, "fault", "key-holder-immune").unwrap();
    let mut state = Duel::new(&options);
    let mut actions = Vec::new();
    for step in &loaded.scenario.steps {
        let text = step.get_ref().play.as_ref().expect("a play step").get_ref();
        let a = state.parse_action(text).unwrap();
        actions.push(a);
        state.play(a).unwrap();
    }
    let (at, v) =
        first_failure(&Duel::new(&options), &actions, Some(&duel_oracle())).expect("still fails");
    assert_eq!((at, v.check), (actions.len(), "reference-model"));
}
