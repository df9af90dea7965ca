//! The Field Manual's reference model (the library's
//! `reference::field_manual`) against the engine: the engine's legal actions
//! must equal the model's in random positions and under every mode, and its
//! perft (per action and per turn) must equal the model's.

use std::collections::BTreeSet;

use tigerseye_engine::field_manual::FieldManual;
use tigerseye_engine::{Game, GameOptions};

use tigerseye_conformance::reference::field_manual::{RefFm, Rules};

const READINGS: [(&str, &str); 4] = [
    ("normal", "lookahead"),
    ("long-game", "lookahead"),
    ("sniper", "lookahead"),
    ("normal", "loses"),
];

fn engine(mode: &str, turn_check: &str) -> FieldManual {
    let mut o = <FieldManual as Game>::Options::default();
    o.set("mode", mode).unwrap();
    o.set("turn-check", turn_check).unwrap();
    FieldManual::new(&o)
}

fn engine_actions(g: &FieldManual) -> BTreeSet<String> {
    let mut list = Default::default();
    g.legal_actions(&mut list);
    let texts: BTreeSet<String> = list.iter().map(|&a| g.action_text(a)).collect();
    assert_eq!(
        texts.len(),
        list.len(),
        "duplicate actions in {}",
        g.export_string()
    );
    texts
}

/// A small deterministic generator (the engine has no RNG and the model
/// wants none of the harness's).
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

/// Plays the engine's `g` and the model's `r` side by side for at most
/// `plies` plies, each ply the same random pick from their legal lists: the
/// position texts and legal lists must be equal, the export must read back
/// to the same state, and the engine's invariants and hash must hold.
fn play_alongside(mut g: FieldManual, mut r: RefFm, plies: usize, seed: &mut u64, label: &str) {
    for ply in 0..plies {
        let at = format!("{label} ply {ply}: {}", g.export_string());
        assert_eq!(g.export_string(), r.export(), "{at}");
        let mine = engine_actions(&g);
        assert_eq!(mine, r.legal_actions(), "{at}");
        let back = FieldManual::import(&g.export_string(), g.options()).unwrap();
        assert_eq!(back, g, "{at}");
        if mine.is_empty() {
            break;
        }
        let list: Vec<&String> = mine.iter().collect();
        let pick = list[(next(seed) as usize) % list.len()].clone();
        g.play(g.parse_action(&pick).unwrap()).unwrap();
        r = r.play(&pick);
        g.check_invariants()
            .unwrap_or_else(|e| panic!("{at} {pick}: {e}"));
        assert_eq!(g.hash(), g.recompute_hash(), "{at} {pick}");
    }
}

#[test]
fn field_manual_random_games_agree_with_the_reference_model() {
    let plies = std::env::var("FM_REF_PLIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let games = std::env::var("FM_REF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    for (mode, turn_check) in READINGS {
        for game in 0..games {
            let mut seed = 0x5eed_0004 + game;
            play_alongside(
                engine(mode, turn_check),
                RefFm::start(Rules::of(mode, turn_check)),
                plies,
                &mut seed,
                &format!("{mode}/{turn_check} game {game}"),
            );
        }
    }
}

/// Random games from thinned set-ups: open lines, early checks, captured
/// royals, Squires near promotion.
#[test]
fn field_manual_thinned_games_agree_with_the_reference_model() {
    let games = std::env::var("FM_REF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    for (mode, turn_check) in READINGS {
        let rules = Rules::of(mode, turn_check);
        for game in 0..games {
            let mut seed = 0x7417_0004 + game;
            let mut r = RefFm::start(rules);
            let keep = 2 + next(&mut seed) % 5; // keep 2/8 .. 6/8 of the pieces
            r.grid
                .retain(|_, p| p.kind == "K" || next(&mut seed) % 8 < keep);
            // Move a few Squires and Pawns forward, and some pieces about.
            let squares: Vec<_> = r.grid.keys().copied().collect();
            for sq in squares {
                if next(&mut seed).is_multiple_of(3) {
                    let to = ((next(&mut seed) % 14) as i32, (next(&mut seed) % 10) as i32);
                    if !r.grid.contains_key(&to) {
                        let p = r.grid.remove(&sq).unwrap();
                        r.grid.insert(to, p);
                    }
                }
            }
            if r.in_check(false) {
                continue;
            }
            r.settle();
            let g = FieldManual::import(&r.export(), engine(mode, turn_check).options())
                .unwrap_or_else(|e| panic!("{e}"));
            play_alongside(
                g,
                r,
                120,
                &mut seed,
                &format!("thinned {mode}/{turn_check} game {game}"),
            );
        }
    }
}

/// The perft table: every depth up to `FM_REFERENCE_NODE_LIMIT` nodes
/// (100,000 unless set) recounted by this model, and every row by turn up
/// to as many sequences.
#[test]
fn field_manual_perft_table_agrees_with_the_reference_model() {
    let limit = crate::perft_recount::node_limit("FM_REFERENCE_NODE_LIMIT", 100_000);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/perft/field-manual.toml");
    let file = tigerseye_conformance::corpus::load_perft(&path).unwrap();
    for table in &file.tables {
        let mut o = <FieldManual as Game>::Options::default();
        for (k, v) in &table.options {
            o.set(k, v).unwrap();
        }
        let start = match &table.position {
            Some(p) => FieldManual::import(p, &o).unwrap(),
            None => FieldManual::new(&o),
        };
        let mode = o.get("mode").unwrap();
        let turn_check = o.get("turn-check").unwrap();
        let mut reference = RefFm::parse(&start.export_string(), Rules::of(mode, turn_check));
        reference.settle_if_at_start();
        crate::perft_recount::recount(&table.name, &table.nodes, limit, 2, &start, |depth| {
            reference.perft(depth)
        });
        recount_turns(table, limit, &start, &reference);
    }
}

/// A table's rows by turn, each depth whose count of sequences is within
/// `limit`: the sequences by the model's and the harness's perft by turn,
/// the distinct positions by the model's (told apart by their text) and
/// the harness's (by the engine's equality) level-by-level walks.
fn recount_turns(
    table: &tigerseye_conformance::corpus::PerftTable,
    limit: u64,
    start: &FieldManual,
    reference: &RefFm,
) {
    use tigerseye_conformance::search::{perft_turns, turn_positions_within};
    let name = &table.name;
    let depths = table.turns.iter().take_while(|&&n| n <= limit).count();
    for (d, &n) in (1..).zip(&table.turns[..depths]) {
        assert_eq!(reference.perft_turns(d), n, "{name} turn depth {d}");
        assert_eq!(perft_turns(start, d), n, "{name} turn depth {d}");
    }
    let walked = depths.min(table.turn_positions.len());
    if walked == 0 {
        return;
    }
    let rows = &table.turn_positions[..walked];
    assert_eq!(
        reference.turn_positions(walked as u32),
        rows,
        "{name} turn positions"
    );
    assert_eq!(
        turn_positions_within(start, walked as u32, u64::MAX).as_deref(),
        Some(rows),
        "{name} turn positions"
    );
}

/// Every table of the Field Manual's counts by turn, at least its first
/// turn, and the distinct positions after it.
#[test]
fn field_manual_perft_table_has_rows_by_turn() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/perft/field-manual.toml");
    let file = tigerseye_conformance::corpus::load_perft(&path).unwrap();
    for table in &file.tables {
        assert!(
            !table.turns.is_empty() && !table.turn_positions.is_empty(),
            "{}: no rows by turn",
            table.name
        );
    }
}

#[test]
fn field_manual_perft_agrees_with_the_reference_model() {
    for (mode, turn_check) in READINGS {
        let g = engine(mode, turn_check);
        let r = RefFm::start(Rules::of(mode, turn_check));
        for depth in 1..=2 {
            assert_eq!(
                tigerseye_conformance::search::perft(&g, depth),
                r.perft(depth),
                "{mode}/{turn_check} perft {depth}"
            );
        }
    }
}
