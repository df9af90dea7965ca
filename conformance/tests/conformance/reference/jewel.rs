//! The perft cross-checks of the key-square Facets, the royal Hunts and the
//! Northern Light match against the reference models, and the perft tables in
//! `scenarios/perft/` against them at every depth both can run in the test
//! budget (`TIGERSEYE_REFERENCE_NODES`, default 400 000 nodes a depth, raises it).

use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::search::perft;
use tigerseye_engine::jewel::ambush::Ambush;
use tigerseye_engine::jewel::crystal::Crystal;
use tigerseye_engine::jewel::northern_light::hunt::{DiamondChess, DiamondQuest};
use tigerseye_engine::jewel::northern_light::qi::DiamondQi;
use tigerseye_engine::jewel::northern_light::series::NorthernLight;
use tigerseye_engine::jewel::star_lords::StarLords;
use tigerseye_engine::{Game, GameId};

/// The most reference nodes a depth may count in the test run.
fn node_budget() -> u64 {
    std::env::var("TIGERSEYE_REFERENCE_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400_000)
}

/// The library's reference model of `game` from the export `position`, as a
/// perft function.
fn reference(game: GameId, position: &str) -> Option<Box<dyn Fn(u32) -> u64>> {
    tigerseye_conformance::reference::perft_model(game, position)
}

/// Engine and reference agree from the standard start at every depth whose count
/// is within the budget.
fn agree<G: Game>(max_depth: u32) {
    let start = G::new(&Default::default());
    let export = start.export_string();
    let game = GameId::of::<G>().expect("a registered game");
    let r = reference(game, &export).expect("a game this file models");
    let mut depth = 1;
    while depth <= max_depth {
        let n = perft(&start, depth);
        if n > node_budget() {
            break;
        }
        assert_eq!(r(depth), n, "{game}: depth {depth} from `{export}`");
        depth += 1;
    }
    assert!(
        depth > 3,
        "{game}: the budget allows fewer than three depths"
    );
}

#[test]
fn ambush_agrees_with_the_reference_model() {
    agree::<Ambush>(12);
}

#[test]
fn diamond_qi_agrees_with_the_reference_model() {
    agree::<DiamondQi>(12);
}

#[test]
fn diamond_quest_agrees_with_the_reference_model() {
    agree::<DiamondQuest>(12);
}

#[test]
fn diamond_chess_agrees_with_the_reference_model() {
    agree::<DiamondChess>(12);
}

#[test]
fn northern_light_agrees_with_the_reference_model() {
    agree::<NorthernLight>(12);
}

#[test]
fn crystal_agrees_with_the_reference_model() {
    agree::<Crystal>(12);
}

#[test]
fn star_lords_agrees_with_the_reference_model() {
    agree::<StarLords>(12);
}

#[test]
fn jewel_perft_tables_agree_with_the_reference_models() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let file = corpus::load_perft(&path).unwrap();
        let game: GameId = file.game.parse().unwrap();
        // Duel, Race (and any game not on a Jewel board) have their own reference
        // models.
        if reference(game, "").is_none() {
            continue;
        }
        for table in &file.tables {
            assert!(
                table.options.is_empty(),
                "{}: the reference models play the default readings",
                table.name
            );
            let position = match &table.position {
                Some(p) => p.clone(),
                None => standard_export(game),
            };
            let r = reference(game, &position).expect("a game this file models");
            for (d, &n) in table.nodes.iter().enumerate() {
                if n > node_budget() {
                    break;
                }
                assert_eq!(
                    r(d as u32 + 1),
                    n,
                    "{} `{}` depth {}",
                    game,
                    table.name,
                    d + 1
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 7 * 3, "only {checked} table rows checked");
}

fn standard_export(game: GameId) -> String {
    struct Export;
    impl tigerseye_engine::GameVisitor for Export {
        type Output = String;
        fn visit<G: Game>(self) -> String {
            G::new(&Default::default()).export_string()
        }
    }
    game.visit(Export)
}
