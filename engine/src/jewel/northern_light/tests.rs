//! DiamondQi and the Northern Light match.

use super::hunt::DiamondQuest;
use super::qi::{CAPACITY, DiamondQi, QiRules};
use super::series::NorthernLight;
use super::*;
use crate::core::{Bits, Game, GameOptions, Side, Turn};
use crate::jewel::keysquare::capacity_bound;

fn play<G: Game>(g: &mut G, line: &[&str]) {
    for text in line {
        let a = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        g.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

fn legal_count<G: Game>(g: &G) -> usize {
    let mut buf = G::Actions::default();
    g.legal_actions(&mut buf);
    buf.len()
}

#[test]
fn the_set_up_satisfies_the_seed() {
    let g = DiamondQi::new(&Default::default());
    let b = g.board();
    for side in Side::ALL {
        let home = if side == Side::Red { 0 } else { 6 };
        // The Princess on the d-file, the Towers in the corners.
        assert!(b.pieces(side, PRINCESS).has(GEOMETRY.at(3, home)));
        assert!(b.pieces(side, TOWER).has(GEOMETRY.at(0, home)));
        assert!(b.pieces(side, TOWER).has(GEOMETRY.at(6, home)));
        // One Noble on each colour.
        let nobles = b.pieces(side, NOBLE);
        let colours: Vec<u8> = [nobles.first(), nobles.last()]
            .iter()
            .map(|&sq| {
                let c = GEOMETRY.coord(sq);
                (c.file + c.rank) % 2
            })
            .collect();
        assert_eq!(nobles.count(), 2);
        assert_ne!(colours[0], colours[1]);
        assert_eq!(b.pieces(side, PIKEMAN).count(), 7);
        assert_eq!(b.pieces(side, ARISTOCRAT).count(), 0);
    }
    // Green North, Red South.
    assert_eq!(b.side(Side::Red), (1u64 << 14) - 1);
    assert_eq!(b.side(Side::Green), ((1u64 << 14) - 1) << 35);
    assert_eq!(g.turn(), Turn::Chance);
}

#[test]
fn the_capacity_is_the_sum_of_the_largest_moves() {
    assert_eq!(capacity_bound::<QiRules>(), CAPACITY);
}

#[test]
fn red_has_eleven_first_moves() {
    // Seven Pikemen one square each, and the Knights B1 to A3 C3 and E1 to D3 F3.
    let mut g = DiamondQi::new(&Default::default());
    play(&mut g, &["red-first"]);
    assert_eq!(legal_count(&g), 11);
}

#[test]
fn a_princess_on_d4_unattacked_wins_at_once() {
    let mut g = DiamondQi::import("3s3/7/7/7/3S3/7/7 red", &Default::default()).unwrap();
    play(&mut g, &["D3-D4"]);
    let Turn::Over(o) = g.turn() else { panic!() };
    assert_eq!(o.winner, Some(Side::Red));
    assert_eq!(o.score.to_string(), "0-1 Game Points");
}

#[test]
fn a_first_mover_given_twice_is_refused() {
    // `qi-first:green qi-first:red` imported as Red, the first read over.
    let start = "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT red towering:A1,G1,A7,G7";
    for (text, says) in [
        (
            format!("diamond-quest qi-first:green qi-first:red {start}"),
            "`qi-first:` given twice",
        ),
        (
            format!("diamond-chess qi-first:green chess-first:red chess-first:red {start}"),
            "`chess-first:` given twice",
        ),
    ] {
        let e = NorthernLight::import(&text, &Default::default()).unwrap_err();
        assert!(e.expected.contains(says), "{text}: {e}");
    }
    assert!(
        NorthernLight::import(
            &format!("diamond-quest qi-first:green {start}"),
            &Default::default()
        )
        .is_ok()
    );
}

#[test]
fn the_match_goes_from_a_drawn_qi_to_quest_with_the_other_first_mover() {
    // Both Princesses captured: DiamondQi is drawn; Green moved first in it, so
    // Red moves first in DiamondQuest.
    let mut g = NorthernLight::import(
        "diamond-qi qi-first:green 7/7/7/2s4/7/1K1S3/1k5 red",
        &Default::default(),
    )
    .unwrap();
    play(&mut g, &["B2xC4"]);
    assert_eq!(g.stage().name(), "diamond-qi");
    play(&mut g, &["B1xD2"]);
    assert_eq!(g.stage().name(), "diamond-quest");
    assert_eq!(g.turn(), Turn::Player(Side::Red));
}

#[test]
fn a_hunt_move_from_a_square_the_mover_does_not_hold_is_no_capture_to_rewrite() {
    // After `green-first`, C1 and C2 hold Red's pieces: `C1-C2` had been told to
    // be written `C1xC2`, as illegal.
    let mut g = super::hunt::DiamondChess::new(&Default::default());
    play(&mut g, &["green-first"]);
    let before = g.clone();
    let a = g
        .parse_action("C1-C2")
        .expect("read: it is no move of Green's, so apply refuses it");
    assert!(g.play(a).is_err());
    assert_eq!(g, before);
}

/// The match's `apply` (one dispatch on the stage for the legality test and
/// the application) answers and changes the state as the default `apply`
/// does, `is_legal` then `apply_unchecked`, or the refusal with the state
/// unchanged: listed and arbitrary actions in random matches reaching every
/// Hunt (the Deciding Hunt with its option).
#[test]
fn apply_agrees_with_is_legal_and_apply_unchecked() {
    use crate::core::{ApplyError, GameOptions, zobrist::splitmix64};
    use crate::jewel::keysquare::JewelAction;
    let mut options = super::series::SeriesOptions::default();
    options.set("deciding-hunt", "on").unwrap();
    let mut stages = std::collections::BTreeSet::new();
    let mut bits = 7;
    for _ in 0..300 {
        let mut g = NorthernLight::new(&options);
        let mut legal = <NorthernLight as Game>::Actions::default();
        while !matches!(g.turn(), Turn::Over(_)) {
            stages.insert(g.stage().name());
            g.legal_actions(&mut legal);
            for probe in 0..4 {
                bits = splitmix64(bits);
                let a = if probe == 0 {
                    legal[bits as usize % legal.len()]
                } else {
                    g.arbitrary_action(bits)
                };
                let mut by_apply = g.clone();
                let mut by_parts = g.clone();
                let mut events_apply = Vec::new();
                let mut events_parts = Vec::new();
                let answer = by_apply.apply(a, &mut |e| events_apply.push(e.to_string()));
                let expected = if g.is_legal(a) {
                    by_parts.apply_unchecked(a, &mut |e| events_parts.push(e.to_string()));
                    Ok(())
                } else {
                    Err(ApplyError::NotLegal)
                };
                assert_eq!(answer, expected);
                assert_eq!(answer.is_ok(), legal.contains(&a));
                assert_eq!(by_apply, by_parts);
                assert_eq!(by_apply.hash(), by_parts.hash());
                assert_eq!(by_apply.ply(), by_parts.ply());
                assert_eq!(events_apply, events_parts);
            }
            bits = splitmix64(bits);
            g.play(legal[bits as usize % legal.len()]).unwrap();
        }
        let mut over = g.clone();
        let a = JewelAction::first_move(Side::Green);
        assert_eq!(over.apply(a, &mut |_| {}), Err(ApplyError::GameOver));
        assert_eq!(over, g);
    }
    assert_eq!(stages.len(), 4, "{stages:?}");
}

#[test]
fn a_stored_dead_position_must_be_one() {
    // A result the board contradicts was read (perft from it counted 0).
    let quest = <DiamondQuest as Game>::Options::default();
    let e = DiamondQuest::import(
        "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT green draw:dead-position",
        &quest,
    )
    .unwrap_err();
    assert!(e.to_string().contains("can still checkmate"), "{e}");
    let g = DiamondQuest::import("3s3/7/7/7/7/7/3S3 green draw:dead-position", &quest)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(g.turn(), Turn::Over(_)));
    let mut off = quest;
    off.set("dead-position", "play-on").unwrap();
    assert!(DiamondQuest::import("3s3/7/7/7/7/7/3S3 green draw:dead-position", &off).is_err());
}
