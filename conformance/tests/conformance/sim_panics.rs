//! A game that panics inside a simulation run is caught and recorded with its
//! seed and index, and the run goes on (the project's standard for `sim`).
//!
//! The panic comes through the seam `sim` already offers: an [`Oracle`] runs on
//! every state inside the caught part of a game, so an oracle that panics on
//! some states stands for a rule bug that panics in the engine. No production
//! hook is added for the test.

use std::sync::Arc;

use tigerseye_conformance::invariants::CheckMode;
use tigerseye_conformance::report::{self, RunStatus, Summary};
use tigerseye_conformance::shrink::Oracle;
use tigerseye_conformance::sim::{
    MAX_RECORDED_FAILURES, Player, SimConfig, game_seed, run_with_oracle,
};
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::{Game, GameId};

/// The message the oracle panics with; what follows it names the state.
const PANIC: &str = "injected test panic at ply 3";

/// Whether the oracle panics on `duel`: at ply 3, on about one state in four
/// (by its hash, so which games fail depends on the game's own moves).
fn panics_on(duel: &Duel) -> bool {
    duel.ply() == 3 && duel.hash().is_multiple_of(4)
}

fn panicking_oracle() -> Oracle<Duel> {
    Arc::new(|duel: &Duel| {
        if panics_on(duel) {
            panic!("{PANIC}, hash {:#x}", duel.hash());
        }
        Ok(())
    })
}

/// Whether game `index` of a run with master seed `master` reaches a state the
/// oracle panics on: the game replayed alone, without the oracle (which draws
/// nothing from the game's random numbers, so the game is the same).
fn should_panic(master: u64, index: u64, max_plies: u32) -> bool {
    let initial = Duel::new(&Default::default());
    let mut player = Player::new(&initial, CheckMode::DEFAULT, max_plies);
    player.play(game_seed(master, index));
    let mut state = initial;
    for &a in &player.actions {
        if panics_on(&state) {
            return true;
        }
        state.apply_unchecked(a, &mut |_| {});
    }
    panics_on(&state)
}

#[test]
fn a_game_that_panics_is_recorded_with_its_seed_and_the_run_goes_on() {
    // Few enough that every failure is kept in full (at most
    // MAX_RECORDED_FAILURES are).
    const GAMES: u64 = 200;
    let mut config = SimConfig::new(GameId::Duel, GAMES);
    config.master_seed = 21;
    config.threads = Some(2);
    let stats = run_with_oracle::<Duel>(&config, Some(panicking_oracle())).unwrap();

    // The run finished: every game was played, none skipped.
    assert_eq!(stats.games, GAMES);
    assert!(!stats.stopped_early);

    // Exactly the games that reach a panicking state failed, each recorded with
    // its index, its seed, the panic's message and the replay command.
    let expected: Vec<u64> = (0..GAMES)
        .filter(|&i| should_panic(config.master_seed, i, config.max_plies))
        .collect();
    assert!(
        !expected.is_empty() && expected.len() < GAMES as usize / 2,
        "the oracle should fail some games, not most: {} of {GAMES}",
        expected.len()
    );
    assert!(expected.len() <= MAX_RECORDED_FAILURES);
    assert_eq!(stats.failed_games, expected.len() as u64);
    let recorded: Vec<u64> = stats.failures.iter().map(|f| f.index).collect();
    assert_eq!(recorded, expected);
    for f in &stats.failures {
        assert_eq!(f.game_seed, game_seed(config.master_seed, f.index));
        assert_eq!(f.check, "panic");
        assert!(f.message.contains(PANIC), "{}", f.message);
        assert!(f.message.contains("sim_panics.rs"), "{}", f.message);
        // One line: the place, then the text (two lines broke summary.md's list).
        assert!(
            f.message.starts_with("panicked at ")
                && f.message.contains(&format!(" — {PANIC}, hash "))
                && !f.message.contains('\n'),
            "{}",
            f.message
        );
        assert_eq!(f.ply, 3, "game {} failed at ply {}", f.index, f.ply);
        assert_eq!(f.actions.len(), 3);
        assert_eq!(
            f.replay,
            format!(
                "tigerseye replay --game duel --seed {} --index {}",
                config.master_seed, f.index
            )
        );
    }
    // The first failures are shrunk too; the panic is still the failure.
    let shrunk = stats.failures[0].shrunk.as_ref().expect("shrunk");
    assert!(shrunk.toml.contains("panic"), "{}", shrunk.toml);

    // The other games are counted as usual.
    let ended: u64 = stats.outcomes.iter().map(|o| o.count).sum();
    assert_eq!(ended + stats.unfinished + stats.failed_games, GAMES);
    assert!(ended > GAMES / 2);

    // The report says so, with the seed, the message and the replay command.
    let mut summary = Summary::new("sim");
    summary.sims.push(stats.clone());
    tigerseye_conformance::quarantine::finalize(&mut summary, None, "2026-12-01");
    assert_eq!(summary.status, RunStatus::Failed);
    let md = report::markdown(&summary);
    assert!(
        md.contains(&format!("### {} failed games", expected.len())),
        "{md}"
    );
    for f in &stats.failures {
        // The message is the panic's place, then its text, on the entry's line.
        assert!(
            md.contains(&format!(
                "- game {} (seed {:#x}), ply 3: [panic] {}",
                f.index, f.game_seed, f.message
            )),
            "{md}"
        );
        assert!(md.contains(&format!("  - replay: `{}`", f.replay)), "{md}");
    }
    let root = tempfile::tempdir().unwrap();
    let dir = report::write(root.path(), &summary).unwrap();
    let written = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert_eq!(written, md);
    let json: Summary =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(json.sims[0].failures, stats.failures);
    let junit = std::fs::read_to_string(dir.join("junit.xml")).unwrap();
    assert!(junit.contains(PANIC), "{junit}");
}
