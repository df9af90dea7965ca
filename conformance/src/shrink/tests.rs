//! The shrinker on planted failures: Dragon's long games within a budget, a
//! deadline already passed, a failure that needs the repetition history, a
//! panic that keeps its place.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tigerseye_engine::dragon::Dragon;
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::{Game, GameId, Side, Turn};

use super::*;
use crate::invariants::CheckMode;
use crate::sim::{self, GameEnd, Player, SimConfig, UNCOUNTED};

/// The first game of `seeds` that `oracle` fails, played from `initial`:
/// its actions.
fn failing_game<G: Game>(
    initial: &G,
    oracle: &Oracle<G>,
    seeds: std::ops::Range<u64>,
) -> Vec<G::Action> {
    let mut player =
        Player::new(initial, CheckMode::DEFAULT, 100_000).with_oracle(Some(oracle.clone()));
    for seed in seeds {
        if let GameEnd::Failed(v) = player.play(seed) {
            assert_eq!(v.check, "planted", "{v}");
            return player.actions.clone();
        }
    }
    panic!("no game failed");
}

#[test]
fn a_planted_dragon_failure_shrinks_within_the_budget() {
    // A failure in about one Dragon state in 4096, which the random games meet
    // hundreds of plies in; the sim's budget holds the shrinking too.
    let seed = 0x5EED_D2A6;
    let _planted = crate::planted::fail_sims(seed, 4096);
    let budget = Duration::from_secs(20);
    let mut config = SimConfig::new(GameId::Dragon, UNCOUNTED);
    config.master_seed = seed;
    config.threads = Some(2);
    let started = Instant::now();
    config.deadline = Some(started + budget);
    let stats = sim::run(&config).unwrap();
    let elapsed = started.elapsed();
    assert!(
        elapsed < budget + Duration::from_secs(3),
        "took {elapsed:?}"
    );
    assert!(
        stats.failed_games > 0,
        "no failure in {} games",
        stats.games
    );
    let failure = &stats.failures[0];
    assert_eq!(failure.check, "planted");
    let shrunk = failure
        .shrunk
        .as_ref()
        .expect("the first failure is shrunk");
    assert!(
        shrunk.steps <= FROM_START_MAX || (shrunk.from_position && shrunk.steps == 1),
        "{} steps: {}",
        shrunk.steps,
        shrunk.toml
    );
    assert_eq!(shrunk.original_steps, failure.actions.len());
    assert!(shrunk.seconds <= elapsed.as_secs_f64());
    // The scenario loads, and its steps are the ones it says.
    let loaded = crate::scenario::parse(std::path::Path::new("shrunk.toml"), &shrunk.toml)
        .unwrap_or_else(|e| panic!("{e}\n{}", shrunk.toml));
    assert_eq!(loaded.scenario.steps.len(), shrunk.steps);
}

#[test]
fn a_deadline_already_passed_keeps_the_failing_game() {
    let initial = Dragon::new(&Default::default());
    let oracle = crate::planted::hash_multiple::<Dragon>(2048);
    let actions = failing_game(&initial, &oracle, 0..64);
    let limits = ShrinkLimits {
        deadline: Some(Instant::now()),
        seed: 0,
    };
    let shrunk = shrink(&initial, &actions, Some(&oracle), limits).expect("it fails");
    assert!(!shrunk.complete);
    assert_eq!(shrunk.actions, actions);
    // The one replay of the position and its action is made all the same: the
    // failure needs no past, so the scenario is one position and one action.
    let position = shrunk.position.as_ref().expect("the position fails");
    assert!(!position.save);
    let text = scenario_text(&shrunk, initial.options(), 1, 2, "tigerseye replay");
    assert!(text.stopped);
    assert!(
        text.toml.contains("stopped by the time budget"),
        "{}",
        text.toml
    );
    if actions.len() > FROM_START_MAX {
        assert!(text.from_position && text.steps == 1, "{}", text.toml);
    }
}

#[test]
fn a_dragon_failure_shrinks_to_a_game_no_removal_shortens() {
    // A failure once two of Red's forces are in the Barren Lands (captured).
    let initial = Dragon::new(&Default::default());
    let oracle: Oracle<Dragon> = Arc::new(|d: &Dragon| {
        if d.position().barren_total(Side::Red) >= 2 {
            Err(Violation {
                check: "planted",
                message: "two of Red's forces are in the Barren Lands".into(),
            })
        } else {
            Ok(())
        }
    });
    let actions = failing_game(&initial, &oracle, 0..64);
    let shrunk =
        shrink(&initial, &actions, Some(&oracle), ShrinkLimits::default()).expect("it fails");
    assert!(shrunk.complete);
    // Seed 0's game fails after 114 actions; 30 are left, the two captures
    // and the moves that bring the capturers within reach.
    assert!(
        3 * shrunk.actions.len() <= actions.len(),
        "{} of {} actions left",
        shrunk.actions.len(),
        actions.len()
    );
    let (at, v) = first_failure(&initial, &shrunk.actions, Some(&oracle)).expect("still fails");
    assert_eq!((at, v.check), (shrunk.actions.len(), "planted"));
    // Removing any one action, or any run of up to four, loses the failure.
    for run in 1..=ddmin::MAX_RUN {
        for i in 0..=shrunk.actions.len().saturating_sub(run) {
            let mut candidate = shrunk.actions.clone();
            candidate.drain(i..i + run);
            let found = first_failure(&initial, &candidate, Some(&oracle));
            assert!(
                found.as_ref().is_none_or(|(_, v)| v.check != "planted"),
                "removing {run} at {i} still fails"
            );
        }
    }
    // The failure needs no past: the position before the last capture and
    // that capture fail alone.
    let position = shrunk.position.as_ref().expect("from the position");
    assert!(!position.save);
}

#[test]
fn a_failure_that_needs_the_repetition_history_keeps_it_in_a_save() {
    // A draw by threefold repetition, planted as a failure: from the position
    // before the last move alone the repetition is not there; from its save
    // it is.
    let initial = Duel::new(&Default::default());
    let oracle: Oracle<Duel> = Arc::new(|d: &Duel| match d.turn() {
        Turn::Over(o) if o.winner.is_none() => Err(Violation {
            check: "planted",
            message: format!("a draw by {}", o.rule),
        }),
        Turn::Over(_) | Turn::Player(_) | Turn::Chance => Ok(()),
    });
    let actions = failing_game(&initial, &oracle, 0..1000);
    let shrunk =
        shrink(&initial, &actions, Some(&oracle), ShrinkLimits::default()).expect("it fails");
    assert!(shrunk.complete);
    assert!(shrunk.actions.len() <= actions.len());
    let position = shrunk.position.as_ref().expect("the save fails");
    assert!(position.save, "{}", position.text);
    assert!(position.text.contains(';'), "{}", position.text);
}

#[test]
fn a_panic_shrinks_to_a_panic_at_the_same_place() {
    let initial = Dragon::new(&Default::default());
    let oracle: Oracle<Dragon> = Arc::new(|d: &Dragon| {
        assert!(!d.hash().is_multiple_of(2048), "planted panic");
        Ok(())
    });
    let mut player =
        Player::new(&initial, CheckMode::DEFAULT, 100_000).with_oracle(Some(oracle.clone()));
    let actions = (0..64)
        .find_map(|seed| {
            matches!(
                crate::sim::play_caught(&mut player, seed),
                GameEnd::Failed(_)
            )
            .then(|| player.actions.clone())
        })
        .expect("a game panics");
    let shrunk =
        shrink(&initial, &actions, Some(&oracle), ShrinkLimits::default()).expect("it fails");
    assert_eq!(shrunk.violation.check, "panic");
    assert!(
        shrunk.violation.message.contains("shrink/tests.rs")
            && shrunk.violation.message.contains("planted panic"),
        "{}",
        shrunk.violation.message
    );
    assert!(shrunk.position.is_some() || shrunk.actions.len() <= FROM_START_MAX);
}
