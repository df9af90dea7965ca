//! The Game's reference model (the library's `reference::the_game`) against
//! the engine: the same legal actions, as text, from the set-up and at every
//! step of random games, and the same perft.

use tigerseye_engine::the_game::moves::Actions;
use tigerseye_engine::the_game::position::Position;

use tigerseye_conformance::reference::the_game::RefGame;

fn engine_texts(pos: &Position) -> Vec<String> {
    let mut list = Actions::default();
    pos.legal(&mut list);
    let mut t: Vec<String> = list.iter().map(|&a| pos.action_text(a)).collect();
    t.sort();
    t
}

fn engine_perft(pos: &Position, depth: u32) -> u64 {
    let mut list = Actions::default();
    pos.legal(&mut list);
    if depth <= 1 {
        return if depth == 0 { 1 } else { list.len() as u64 };
    }
    list.iter()
        .map(|&a| {
            let mut next = pos.clone();
            next.apply(a);
            engine_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn the_engine_lists_the_models_actions_at_the_start() {
    let (pos, model) = (Position::start(), RefGame::start());
    assert_eq!(engine_texts(&pos), model.action_texts());
}

/// Random games, the engine and the model driven by the same choices; their
/// legal actions compared at every step. The choices favour moves over the
/// ArchMagus's teleports so that games last and pieces travel.
#[test]
fn the_engine_and_the_model_agree_along_random_games() {
    let games: u64 = std::env::var("THE_GAME_REFERENCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    for seed in 1..=games {
        let (mut pos, mut model) = (Position::start(), RefGame::start());
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for ply in 0..160 {
            let texts = engine_texts(&pos);
            assert_eq!(texts, model.action_texts(), "game {seed}, ply {ply}");
            // The model read from the engine's position line (as the oracle
            // reads it) lists the same actions.
            let export = pos.export();
            assert_eq!(
                RefGame::parse(&export).action_texts(),
                texts,
                "game {seed}, ply {ply}: `{export}`"
            );
            if texts.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = (state >> 33) as usize;
            // Three times in four, a move of a piece that is no ArchMagus
            // on a Mana board, when there is one.
            let plain: Vec<&String> = texts.iter().filter(|t| !t.starts_with('M')).collect();
            let pick = if !r.is_multiple_of(4) && !plain.is_empty() {
                plain[(r / 4) % plain.len()].clone()
            } else {
                texts[(r / 4) % texts.len()].clone()
            };
            let mut list = Actions::default();
            pos.legal(&mut list);
            let action = list
                .iter()
                .copied()
                .find(|&a| pos.action_text(a) == pick)
                .unwrap();
            let reference = model
                .actions()
                .into_iter()
                .find(|&a| model.text(a) == pick)
                .unwrap();
            pos.apply(action);
            model.apply(reference);
            assert_eq!(
                pos.ending().is_some(),
                model.over,
                "game {seed}, ply {ply}, {pick}"
            );
        }
    }
}

#[test]
fn the_engines_perft_is_the_models() {
    let (pos, model) = (Position::start(), RefGame::start());
    for depth in 1..=2 {
        assert_eq!(
            engine_perft(&pos, depth),
            model.perft(depth),
            "depth {depth}"
        );
    }
}

/// The perft table (scenarios/perft/the-game.toml): every depth up to
/// `THE_GAME_REFERENCE_NODE_LIMIT` nodes (300,000 unless set) recounted by
/// this model, and by the harness's perft of the registered game.
#[test]
fn the_game_perft_table_agrees_with_the_reference_model() {
    use tigerseye_engine::Game;
    use tigerseye_engine::the_game::TheGame;
    let limit = crate::perft_recount::node_limit("THE_GAME_REFERENCE_NODE_LIMIT", 300_000);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/the-game.toml");
    let file = tigerseye_conformance::corpus::load_perft(&path).unwrap();
    assert!(!file.tables.is_empty());
    for table in &file.tables {
        assert!(table.options.is_empty(), "The Game has no options");
        let start = match &table.position {
            Some(p) => TheGame::import(p, &Default::default()).unwrap(),
            None => TheGame::new(&Default::default()),
        };
        let model = RefGame::start();
        assert_eq!(
            start.export_string(),
            TheGame::new(&Default::default()).export_string(),
            "{}: the model starts from the set-up only",
            table.name
        );
        crate::perft_recount::recount(&table.name, &table.nodes, limit, 2, &start, |depth| {
            model.perft(depth)
        });
    }
}
