//! Race's reference model (the library's `reference::race`, seed 002, "Race")
//! against perft: the perft table `scenarios/perft/race.toml` must agree with it
//! at every depth both can run.

use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::reference::race::{RefRace, first_of, rules_of};
use tigerseye_conformance::search::perft;
use tigerseye_engine::jewel::race::{Race, RaceOptions};
use tigerseye_engine::{Game, GameId, GameOptions};

/// Depths up to this many nodes are recounted by the reference model in the test
/// suite (a few seconds). Every depth of the table up to 2,000,000 nodes was
/// cross-checked once with the limit raised, when the table was written.
const REFERENCE_NODE_LIMIT: u64 = 100_000;

#[test]
fn race_perft_table_agrees_with_the_reference_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/race.toml");
    let file = corpus::load_perft(&path).unwrap();
    assert_eq!(file.game.parse::<GameId>(), Ok(GameId::Race));
    for table in &file.tables {
        let rules = rules_of(&table.options);
        let reference = match &table.position {
            Some(p) => RefRace::parse(p, rules),
            None => RefRace::start_position(rules, first_of(&table.options)),
        };
        let mut checked = 0;
        for (d, &n) in table.nodes.iter().enumerate() {
            if n > REFERENCE_NODE_LIMIT {
                break;
            }
            assert_eq!(
                reference.perft(d as u32 + 1),
                n,
                "{} depth {}",
                table.name,
                d + 1
            );
            checked += 1;
        }
        assert!(checked >= 8, "{}: too few depths checked", table.name);
    }
}

#[test]
fn race_perft_agrees_with_the_reference_model_from_scenario_positions() {
    // Every Race scenario that starts from a position, under its options: the
    // engine and the reference model count the same tree.
    let mut compared = 0;
    for crate::scenario_positions::StartingPosition {
        path,
        position,
        options,
    } in crate::scenario_positions::of("race")
    {
        let mut engine_options = RaceOptions::default();
        for (k, v) in &options {
            engine_options.set(k, v).unwrap();
        }
        let Ok(engine) = Race::import(&position, &engine_options) else {
            continue; // a disputed example whose squares are not on the plain ring
        };
        let reference = RefRace::parse(&position, rules_of(&options));
        for depth in 1..=6 {
            assert_eq!(
                perft(&engine, depth),
                reference.perft(depth),
                "{} depth {depth}",
                path.display()
            );
        }
        compared += 1;
    }
    assert!(
        compared >= 25,
        "only {compared} scenario positions compared"
    );
}
