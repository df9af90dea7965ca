//! Dragon's notation as docs/games/dragon.md documents it: positions read in either case
//! (`e2-e3` is `E2-E3`), bows and keywords as written (`vE10>SW`, not
//! `vE10>sw`), and a bare `seer` is the side to move's Seer.

use tigerseye_conformance::fuzzing::draw_options;
use tigerseye_engine::dragon::{Dragon, DragonOptions};
use tigerseye_engine::{Game, GameOptions, Side, Turn};

/// `text` with its positions in lower case, bows and keywords untouched; `None`
/// for the forms with no position or only bows.
fn lower_positions(text: &str) -> Option<String> {
    if let Some((vessel, bow)) = text.split_once('>') {
        return Some(format!("{}>{bow}", vessel.to_ascii_lowercase()));
    }
    if let Some(rest) = text.strip_prefix("spring ") {
        return Some(format!("spring {}", rest.to_ascii_lowercase()));
    }
    if let Some(rest) = text.strip_prefix("plant ") {
        return Some(format!("plant {}", rest.to_ascii_lowercase()));
    }
    let first = text.chars().next()?;
    (first.is_ascii_uppercase() || (first == 'v' && text.len() > 1 && !text.contains(' ')))
        .then(|| text.to_ascii_lowercase())
}

#[test]
fn dragon_reads_positions_in_either_case_and_a_bare_seer() {
    // Every option at its last value (Trident deployment, truce offers,
    // concessions, ...) and at its defaults, a few random games each.
    let specs = DragonOptions::SPECS;
    let last: Vec<u8> = specs.iter().map(|s| (s.values.len() - 1) as u8).collect();
    let (mut lowered, mut seers, mut bows) = (0, 0, 0);
    for input in [vec![], last] {
        let (options, _) = draw_options::<Dragon, u8>(&input).unwrap();
        for game in 0..4u64 {
            let mut g = Dragon::new(&options);
            let mut x = 0xCA5E + game;
            for _ in 0..300 {
                let mut legal = <Dragon as Game>::Actions::default();
                g.legal_actions(&mut legal);
                if matches!(g.turn(), Turn::Over(_)) || legal.is_empty() {
                    break;
                }
                for &a in legal.iter() {
                    let text = g.action_text(a);
                    if let Some(lower) = lower_positions(&text) {
                        assert_eq!(
                            g.parse_action(&lower).ok(),
                            Some(a),
                            "`{lower}` for `{text}`"
                        );
                        lowered += 1;
                    }
                    if let Some((vessel, bow)) = text.split_once('>') {
                        let wrong = format!("{vessel}>{}", bow.to_ascii_lowercase());
                        assert!(g.parse_action(&wrong).is_err(), "`{wrong}` read");
                        bows += 1;
                    }
                    if text.starts_with("seer ") {
                        let mover = match g.turn() {
                            Turn::Player(side) => side,
                            Turn::Chance | Turn::Over(_) => {
                                unreachable!("a Seer is consulted on a move")
                            }
                        };
                        let named = if mover == Side::Green {
                            "seer forest"
                        } else {
                            "seer storm"
                        };
                        assert_eq!(g.parse_action("seer").ok(), g.parse_action(named).ok());
                        if text == named {
                            assert_eq!(g.parse_action("seer").ok(), Some(a));
                        }
                        seers += 1;
                    }
                }
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let a = legal[(x >> 33) as usize % legal.len()];
                g.play(a).unwrap();
            }
        }
    }
    assert!(
        lowered > 10_000,
        "only {lowered} actions read in lower case"
    );
    assert!(bows > 100, "only {bows} re-alignments tried");
    assert!(seers > 0, "no Seer consulted");
}
