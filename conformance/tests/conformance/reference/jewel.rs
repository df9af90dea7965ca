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

use super::hunts::RefHunt;
use super::keys::{AMBUSH, CRYSTAL, QI, RefKey, STAR_LORDS};

/// The most reference nodes a depth may count in the test run.
fn node_budget() -> u64 {
    std::env::var("TIGERSEYE_REFERENCE_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400_000)
}

/// The Northern Light match, plainly: each Hunt in turn while they are drawn.
#[derive(Clone)]
enum RefMatch {
    Qi(RefKey, Option<usize>),
    Quest(RefHunt),
    Chess(RefHunt),
}

impl RefMatch {
    fn start(qi_export: &str) -> RefMatch {
        RefMatch::Qi(RefKey::from_export(&QI, qi_export), None)
    }

    fn actions(&self) -> usize {
        match self {
            RefMatch::Qi(g, _) => g.actions().len(),
            RefMatch::Quest(g) | RefMatch::Chess(g) => g.actions().len(),
        }
    }

    fn play(&mut self, i: usize, set_up: &str) {
        match self {
            RefMatch::Qi(g, qi_first) => {
                let a = g.actions()[i];
                if a.is_none() {
                    *qi_first = Some(i);
                }
                g.play(a, i);
                if g.result() == Some(None) {
                    // DiamondQi drawn: DiamondQuest, the other side first.
                    let first = 1 - qi_first.expect("the coin was tossed");
                    let mut quest = RefHunt::from_export(set_up, false);
                    quest.play(None, first);
                    *self = RefMatch::Quest(quest);
                }
            }
            RefMatch::Quest(g) => {
                let a = g.actions()[i];
                g.play(a, i);
                if g.result() == Some(None) {
                    *self = RefMatch::Chess(RefHunt::from_export(set_up, true));
                }
            }
            RefMatch::Chess(g) => {
                let a = g.actions()[i];
                g.play(a, i);
            }
        }
    }

    fn perft(&self, depth: u32, set_up: &str) -> u64 {
        if depth == 0 {
            return 1;
        }
        (0..self.actions())
            .map(|i| {
                let mut child = self.clone();
                child.play(i, set_up);
                child.perft(depth - 1, set_up)
            })
            .sum()
    }
}

/// A reference model of `game` from the export `position`, as a perft function:
/// for the games on a Jewel board this file models, `None` for the others
/// (each has its own model, `reference_*.rs`, so a new game adds nothing here).
fn reference(game: GameId, position: &str) -> Option<Box<dyn Fn(u32) -> u64>> {
    let p = position.to_owned();
    let keys = [
        (GameId::Ambush, &AMBUSH),
        (GameId::DiamondQi, &QI),
        (GameId::Crystal, &CRYSTAL),
        (GameId::StarLords, &STAR_LORDS),
    ];
    if let Some(&(_, rules)) = keys.iter().find(|(g, _)| *g == game) {
        return Some(Box::new(move |d| RefKey::from_export(rules, &p).perft(d)));
    }
    if game == GameId::DiamondQuest || game == GameId::DiamondChess {
        let double = game == GameId::DiamondChess;
        return Some(Box::new(move |d| RefHunt::from_export(&p, double).perft(d)));
    }
    if game == GameId::NorthernLight {
        return Some(Box::new(move |d| {
            let qi = p.strip_prefix("diamond-qi ").expect("the match's start");
            RefMatch::start(qi).perft(d, qi)
        }));
    }
    None
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
