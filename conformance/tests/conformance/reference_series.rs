//! The Jewel Series' reference model (the library's `reference::series`)
//! against the engine: the perft tables of `scenarios/perft/jewel-series.toml`
//! must agree with it at every depth within the budget, and from the start,
//! with the bonuses fixed, the series' perft must equal Duel's until the first
//! Duel can end.

use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::reference::series::RefSeries;
use tigerseye_conformance::search::perft;
use tigerseye_engine::jewel::duel::{Duel, DuelOptions};
use tigerseye_engine::jewel::keysquare::JewelAction;
use tigerseye_engine::jewel::series::{JewelSeries, SeriesOptions};
use tigerseye_engine::jewel::star_lords::StarLords;
use tigerseye_engine::{Game, GameOptions, Side};

/// The most reference nodes a depth may count in the test run.
fn node_budget() -> u64 {
    std::env::var("TIGERSEYE_REFERENCE_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000)
}

fn options_of(pairs: &std::collections::BTreeMap<String, String>) -> SeriesOptions {
    let mut o = SeriesOptions::default();
    for (k, v) in pairs {
        o.set(k, v).unwrap();
    }
    o
}

#[test]
fn with_the_bonuses_fixed_the_series_starts_as_duel_and_composes_as_the_model() {
    let mut options = SeriesOptions::default();
    options.set("green-bonus", "win-bonus").unwrap();
    options.set("red-bonus", "alternate-bonuses").unwrap();
    let series = JewelSeries::new(&options);
    let duel = Duel::new(&DuelOptions::default());
    // No Duel ends before its third ply, so until then the series is Duel.
    for depth in 1..=3 {
        assert_eq!(perft(&series, depth), perft(&duel, depth), "depth {depth}");
    }
    // From the fourth ply Ambush follows the Duels won at the third.
    assert!(perft(&series, 4) > perft(&duel, 4));
    let model = RefSeries::start(&options);
    for depth in 1..=6 {
        assert_eq!(perft(&series, depth), model.perft(depth), "depth {depth}");
    }
}

#[test]
fn the_bonus_statements_multiply_the_start_by_four() {
    let series = JewelSeries::new(&SeriesOptions::default());
    let mut fixed = SeriesOptions::default();
    fixed.set("green-bonus", "win-bonus").unwrap();
    fixed.set("red-bonus", "win-bonus").unwrap();
    let after = JewelSeries::new(&fixed);
    // Every one of the four statements leads to the same Duel (the bonuses change
    // nothing before Northern Light ends).
    for depth in 3..=6 {
        assert_eq!(
            perft(&series, depth),
            4 * perft(&after, depth - 2),
            "depth {depth}"
        );
    }
}

#[test]
fn the_series_perft_table_agrees_with_the_reference_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/jewel-series.toml");
    let file = corpus::load_perft(&path).unwrap();
    assert_eq!(file.game, "jewel-series");
    let mut checked = 0;
    for table in &file.tables {
        let options = options_of(&table.options);
        let model = match &table.position {
            Some(p) => RefSeries::from_position(p, &options),
            None => RefSeries::start(&options),
        };
        let engine = match &table.position {
            Some(p) => JewelSeries::import(p, &options).unwrap(),
            None => JewelSeries::new(&options),
        };
        for (d, &n) in table.nodes.iter().enumerate() {
            if n > node_budget() {
                break;
            }
            let depth = d as u32 + 1;
            assert_eq!(
                model.perft(depth),
                n,
                "`{}` depth {depth}: the model",
                table.name
            );
            assert_eq!(
                perft(&engine, depth),
                n,
                "`{}` depth {depth}: the engine",
                table.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} rows checked");
}

#[test]
fn the_model_reads_an_action_the_engine_writes() {
    // The take-back's moves are compared as text: a Star-Lords move reads back.
    let g = StarLords::new(&Default::default());
    let a = JewelAction::first_move(Side::Red);
    assert_eq!(g.parse_action(&g.action_text(a)).unwrap(), a);
}

/// The model read from the engine's exports (as the oracle reads them) lists
/// as many actions as the engine at every state three plies deep from each
/// table of the default readings: the take-back armed (`moved:`, `ready:`)
/// and offered at the end among them.
#[test]
fn the_model_reads_the_engines_exports_with_the_take_back_armed() {
    use tigerseye_conformance::reference::{Legal, legal};
    use tigerseye_engine::{GameId, Turn};
    fn walk(g: &JewelSeries, depth: u32, seen: &mut Vec<String>) {
        let mut list = <JewelSeries as Game>::Actions::default();
        g.legal_actions(&mut list);
        if matches!(g.turn(), Turn::Player(_)) {
            let export = g.export_string();
            assert_eq!(
                legal(GameId::JewelSeries, &export),
                Some(Legal::Count(list.len())),
                "`{export}`"
            );
            seen.push(export);
        }
        if depth == 0 {
            return;
        }
        for &a in list.iter() {
            let mut next = g.clone();
            next.play(a).unwrap();
            walk(&next, depth - 1, seen);
        }
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/jewel-series.toml");
    let file = corpus::load_perft(&path).unwrap();
    let mut seen = Vec::new();
    for table in file.tables.iter().filter(|t| t.options.is_empty()) {
        let engine = match &table.position {
            Some(p) => JewelSeries::import(p, &SeriesOptions::default()).unwrap(),
            None => JewelSeries::new(&SeriesOptions::default()),
        };
        walk(&engine, 3, &mut seen);
    }
    for field in ["take-back:moved:", "take-back:ready:", "take-back-offer "] {
        assert!(seen.iter().any(|e| e.contains(field)), "no `{field}` seen");
    }
}
