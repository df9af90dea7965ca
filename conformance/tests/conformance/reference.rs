//! The reference models against perft: deliberately simple second
//! implementations of a game's rules, written from the seed without the
//! engine's bitboards, hashes or buffers (the library's `reference` module, and
//! the models still kept with the tests). Perft tables in the corpus must agree
//! with them at every depth both can run.

mod jewel;

use std::path::Path;

use tigerseye_conformance::corpus;
use tigerseye_conformance::search::perft;
use tigerseye_engine::Game;
use tigerseye_engine::GameId;
use tigerseye_engine::jewel::duel::{Duel, DuelOptions, KeyWinTiming, LoneContinuation};

pub(crate) use tigerseye_conformance::reference::RefDuel;

#[test]
fn duel_perft_agrees_with_the_reference_model_under_every_option() {
    for (after_reply, lone) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = DuelOptions {
            key_win_timing: if after_reply {
                KeyWinTiming::AfterReply
            } else {
                KeyWinTiming::AtOnce
            },
            lone_continuation: if lone {
                LoneContinuation::WinAtOnce
            } else {
                LoneContinuation::PlayOn
            },
            ..DuelOptions::default()
        };
        let engine = Duel::new(&options);
        let reference = RefDuel::new(after_reply, lone);
        for depth in 1..=11 {
            assert_eq!(
                perft(&engine, depth),
                reference.perft(depth),
                "depth {depth}, {options:?}"
            );
        }
    }
}

#[test]
fn duel_perft_table_agrees_with_the_reference_model() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/perft/duel.toml");
    let file = corpus::load_perft(&path).unwrap();
    assert_eq!(file.game.parse::<GameId>(), Ok(GameId::Duel));
    for table in &file.tables {
        assert!(
            table.position.is_none(),
            "the reference model starts from the standard start only"
        );
        let after_reply = table
            .options
            .get("key-win-timing")
            .is_some_and(|v| v == "after-reply");
        let lone = table
            .options
            .get("lone-continuation")
            .is_some_and(|v| v == "win-at-once");
        let reference = RefDuel::new(after_reply, lone);
        for (d, &n) in table.nodes.iter().enumerate().take(12) {
            assert_eq!(
                reference.perft(d as u32 + 1),
                n,
                "{} depth {}",
                table.name,
                d + 1
            );
        }
    }
}

#[test]
fn duel_perft_by_hand_to_depth_four() {
    // A King's Lancer has exactly four targets from every square of a 3x3 board
    // (two along each edge from a corner; one each way along the edge and one or
    // two inwards from an edge square; the four neighbours from B2), so perft(d)
    // is 4 x the unfinished nodes at depth d - 1. Nothing ends before ply 3: 4,
    // 16, 64. At ply 3 Red ends the game by B1-B2 or C2-B2 when Green stands on
    // A1 or C3 (no capture of B2 from there): 2 + 2 = 4 of the 64 nodes, so
    // perft(4) = 4 x 60 = 240.
    let duel = Duel::new(&DuelOptions::default());
    assert_eq!([1, 2, 3, 4].map(|d| perft(&duel, d)), [4, 16, 64, 240]);
}
