//! Dragon's reference model (the library's `reference::dragon`) against the
//! engine: the engine's legal actions must equal the model's in random
//! positions and under every option, and its perft from the deployment must
//! equal the model's.

mod ocean;
mod random;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::reference::dragon::{
    DIR_NAMES, ISLAND, Pos, RefDragon, parse_pos, region, rules_of,
};
use tigerseye_engine::dragon::{Dragon, DragonOptions};
use tigerseye_engine::{Game, GameId, GameOptions};

fn engine_options(options: &BTreeMap<String, String>) -> DragonOptions {
    let mut o = DragonOptions::default();
    for (k, v) in options {
        o.set(k, v).unwrap();
    }
    o
}

fn engine_actions(g: &Dragon) -> BTreeSet<String> {
    let mut legal = Default::default();
    g.legal_actions(&mut legal);
    legal.iter().map(|&a| g.action_text(a)).collect()
}

/// Random positions from random games under each option set: the engine lists
/// exactly the reference model's actions.
#[test]
fn dragon_legal_actions_agree_with_the_reference_model() {
    let option_sets: [&[(&str, &str)]; 7] = [
        &[],
        &[("knights", "sword")],
        &[("knights", "pike"), ("jump-target", "first-opposing")],
        &[("warlord-into-attack", "allowed")],
        &[("formation", "trident")],
        &[("truce-agreement", "offers")],
        &[("concede", "offers")],
    ];
    let mut compared = 0;
    for (k, set) in option_sets.iter().enumerate() {
        let options = random::options_map(set);
        let opts = engine_options(&options);
        for game in 0..6u64 {
            let mut g = Dragon::new(&opts);
            let mut rng = random::Lcg(0x5EED_0000 + game * 31 + k as u64);
            for ply in 0..400 {
                let mine = engine_actions(&g);
                if ply % 7 == 0 || mine.iter().any(|a| a.contains('*') || a.contains("ep")) {
                    let reference = RefDragon::parse(&g.export_string(), rules_of(&options));
                    assert_eq!(
                        mine,
                        reference.actions(),
                        "{options:?}: position `{}`",
                        g.export_string()
                    );
                    compared += 1;
                }
                if mine.is_empty() {
                    break;
                }
                let mut legal = Default::default();
                g.legal_actions(&mut legal);
                let a = legal[rng.next(legal.len() as u64) as usize];
                g.play(a).unwrap();
            }
        }
    }
    assert!(compared > 1000, "only {compared} positions compared");
}

/// Every Dragon scenario that starts from a position: the same actions.
#[test]
fn dragon_scenario_positions_agree_with_the_reference_model() {
    let mut compared = 0;
    for crate::scenario_positions::StartingPosition {
        path,
        position,
        options,
    } in crate::scenario_positions::of("dragon")
    {
        let g = Dragon::import(&position, &engine_options(&options)).unwrap();
        if matches!(g.turn(), tigerseye_engine::Turn::Over(_)) {
            continue;
        }
        let reference = RefDragon::parse(&position, rules_of(&options));
        assert_eq!(
            engine_actions(&g),
            reference.actions(),
            "{}",
            path.display()
        );
        compared += 1;
    }
    assert!(compared >= 8, "only {compared} scenario positions compared");
}

/// Depths up to this many nodes are recounted by the reference model in the
/// test suite (a few seconds); `DRAGON_REFERENCE_NODE_LIMIT` raises it for a
/// one-off cross-check of the deeper rows (every row of the table was so
/// checked when it was written).
fn reference_node_limit() -> u64 {
    crate::perft_recount::node_limit("DRAGON_REFERENCE_NODE_LIMIT", 100_000)
}

#[test]
fn dragon_perft_table_agrees_with_the_reference_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/dragon.toml");
    let file = corpus::load_perft(&path).unwrap();
    assert_eq!(file.game.parse::<GameId>(), Ok(GameId::Dragon));
    for table in &file.tables {
        let opts = engine_options(&table.options);
        let start = match &table.position {
            Some(p) => Dragon::import(p, &opts).unwrap(),
            None => Dragon::new(&opts),
        };
        let reference = RefDragon::parse(&start.export_string(), rules_of(&table.options));
        crate::perft_recount::recount(
            &table.name,
            &table.nodes,
            reference_node_limit(),
            2,
            &start,
            |depth| reference.perft(depth),
        );
    }
}
