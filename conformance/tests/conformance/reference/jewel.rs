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

/// A reference model of `game` from the export `position`, as a perft function.
fn reference(game: GameId, position: &str) -> Box<dyn Fn(u32) -> u64> {
    let p = position.to_owned();
    match game {
        GameId::Ambush => Box::new(move |d| RefKey::from_export(&AMBUSH, &p).perft(d)),
        GameId::DiamondQi => Box::new(move |d| RefKey::from_export(&QI, &p).perft(d)),
        GameId::Crystal => Box::new(move |d| RefKey::from_export(&CRYSTAL, &p).perft(d)),
        GameId::StarLords => Box::new(move |d| RefKey::from_export(&STAR_LORDS, &p).perft(d)),
        GameId::DiamondQuest => Box::new(move |d| RefHunt::from_export(&p, false).perft(d)),
        GameId::DiamondChess => Box::new(move |d| RefHunt::from_export(&p, true).perft(d)),
        GameId::NorthernLight => {
            let qi = p
                .strip_prefix("diamond-qi ")
                .expect("the match's start")
                .to_owned();
            Box::new(move |d| RefMatch::start(&qi).perft(d, &qi))
        }
        GameId::Duel
        | GameId::Race
        | GameId::JewelSeries
        | GameId::Dragon
        | GameId::FieldManual => {
            unreachable!("{game} has its own reference model")
        }
    }
}

/// Engine and reference agree from the standard start at every depth whose count
/// is within the budget.
fn agree<G: Game>(max_depth: u32) {
    let start = G::new(&Default::default());
    let export = start.export_string();
    let r = reference(G::ID, &export);
    let mut depth = 1;
    while depth <= max_depth {
        let n = perft(&start, depth);
        if n > node_budget() {
            break;
        }
        assert_eq!(r(depth), n, "{}: depth {depth} from `{export}`", G::ID);
        depth += 1;
    }
    assert!(
        depth > 3,
        "{}: the budget allows fewer than three depths",
        G::ID
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
        if matches!(
            game,
            GameId::Duel
                | GameId::Race
                | GameId::JewelSeries
                | GameId::Dragon
                | GameId::FieldManual
        ) {
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
            let r = reference(game, &position);
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
