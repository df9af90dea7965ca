use super::*;
use crate::core::{Bits, Game, GameOptions, Turn};

fn start() -> Ambush {
    Ambush::new(&Default::default())
}

fn legal_texts(g: &Ambush) -> Vec<String> {
    let mut buf = <Ambush as Game>::Actions::default();
    g.legal_actions(&mut buf);
    let mut v: Vec<String> = buf.iter().map(|&a| g.action_text(a)).collect();
    v.sort();
    v
}

fn play(g: &mut Ambush, line: &[&str]) {
    for text in line {
        let a = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        g.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn the_set_up_satisfies_the_seed() {
    let g = start();
    assert_eq!(g.export_string(), "nqkqn/5/5/5/NQKQN green");
    assert_eq!(g.turn(), Turn::Player(Side::Green), "Green moves first");
    // The Queen's Lancers stand on the other colour from C3: file + rank odd.
    for side in Side::ALL {
        let mut q = g.board().pieces(side, crate::jewel::keysquare::Kind(1));
        assert_eq!(q.count(), 2);
        while !q.is_empty() {
            let c = GEOMETRY.coord(q.pop());
            assert_eq!((c.file + c.rank) % 2, 1);
        }
    }
    // Green North, Red South.
    assert!(g.board().side(Side::Green) >> 20 == 0b11111);
    assert!(g.board().side(Side::Red) == 0b11111);
}

#[test]
fn the_first_moves_by_hand() {
    // Green: the Longbowman on C5 reaches C4, C3 (jumping C4), and no rank-5
    // square (his own Sword-hands stand on B5 and D5; A5 and E5 are his Staffmen).
    // Each Sword-hand: B5 to A4, C4, D3 (D5 to E4, C4, B3). Each Staffman: A5 to
    // B3, C4 (E5 to D3, C4). 2 + 3 + 3 + 2 + 2 = 12.
    let g = start();
    assert_eq!(
        legal_texts(&g),
        [
            "A5-B3", "A5-C4", "B5-A4", "B5-C4", "B5-D3", "C5-C3", "C5-C4", "D5-B3", "D5-C4",
            "D5-E4", "E5-C4", "E5-D3"
        ]
    );
}

#[test]
fn the_longbowman_on_the_key_is_captured_by_the_sheriff_who_then_holds_it() {
    let mut g = start();
    play(&mut g, &["C5-C3"]);
    assert_eq!(g.turn(), Turn::Player(Side::Red));
    play(&mut g, &["C1xC3"]);
    // No Green Character attacks C3 (the Staffmen reach B3, C4, D3; the Sword-hands
    // never do): Red holds the Key at once.
    let Turn::Over(o) = g.turn() else { panic!() };
    assert_eq!(o.winner, Some(Side::Red));
    assert_eq!(o.rule, crate::jewel::HOLD_THE_KEY);
    assert_eq!(o.score.to_string(), "0-2 Game Points");
}

#[test]
fn the_capacity_is_the_worst_case() {
    let t = &TABLES;
    let lancer = |sq: usize| u64::from_bb(t.kings_lancer[sq]);
    let queen = |sq: usize| u64::from_bb(t.queens_lancer[sq]);
    let knight = |sq: usize| u64::from_bb(t.knight[sq]);
    let key = KEY.index();
    let mut best = (0u32, [0usize; 5]);
    for a in 0..25 {
        for b in 0..25 {
            for c in b + 1..25 {
                for d in 0..25 {
                    for e in d + 1..25 {
                        let sq = [a, b, c, d, e];
                        let mut own = 0u64;
                        for &s in &sq {
                            own |= 1 << s;
                        }
                        // Five distinct squares, none the Key (a side never moves
                        // with its own Character on C3: the game would be over).
                        if own.count_ones() != 5 || own >> key & 1 == 1 {
                            continue;
                        }
                        let n = (lancer(a) & !own).count_ones()
                            + (queen(b) & !own).count_ones()
                            + (queen(c) & !own).count_ones()
                            + (knight(d) & !own).count_ones()
                            + (knight(e) & !own).count_ones();
                        if n > best.0 {
                            best = (n, sq);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(best.0 as usize, CAPACITY);
    // Play it: Green's five Characters on the worst squares, Red's five on the
    // first free squares, Green to move.
    let mut cells = [None; 25];
    for (i, &s) in best.1.iter().enumerate() {
        cells[s] = Some(['k', 'q', 'q', 'n', 'n'][i]);
    }
    let mut red = ['K', 'Q', 'Q', 'N', 'N'].into_iter();
    for (s, cell) in cells.iter_mut().enumerate() {
        if cell.is_none() && s != key {
            *cell = red.next();
        }
    }
    let mut text = String::new();
    for rank in (0..5).rev() {
        let mut empty = 0;
        for file in 0..5 {
            match cells[rank * 5 + file] {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let g = Ambush::import(&format!("{text} green"), &Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut buf = <Ambush as Game>::Actions::default();
    g.legal_actions(&mut buf);
    assert_eq!(buf.len(), CAPACITY, "{text}");
}

#[test]
fn options_default_to_the_first_reading() {
    use crate::core::GameOptions;
    let o = <Ambush as Game>::Options::default();
    for spec in AmbushRules::OPTIONS {
        assert_eq!(o.get(spec.key), Some(spec.values[0]), "{}", spec.key);
        let mut p = o;
        for v in spec.values {
            p.set(spec.key, v).unwrap();
            assert_eq!(p.get(spec.key), Some(*v));
        }
        assert!(p.set(spec.key, "nonsense").is_err());
    }
    let mut p = o;
    assert!(p.set("lack-of-material", "off").is_err(), "Crystal's key");
    assert!(
        p.set("no-legal-action", "lose").is_err(),
        "not an Ambush option"
    );
}

#[test]
fn bad_positions_are_refused_with_what_was_expected() {
    for (text, says) in [
        ("nqkqn/5/5/5/NQKQN", "<board>"),
        ("nqkqn/5/5/5/NQKQN coin", "no coin toss"),
        ("nqkqn/5/5/5/NQKQN blue", "expected a side"),
        ("nqkqn/5/5/5/NQKQNK green", "more than 5 files"),
        ("nqkqn/5/2k2/5/NQKQN green", "at most 1 green Longbowman"),
        ("nqkqn/5/2K2/5/NQ1QN red", "the game is over"),
        // Red holds C3 and the Knight on A5 cannot capture there: Red has won.
        (
            "n4/5/2K2/5/5 green",
            "red holds the Key and green to move cannot capture on C3",
        ),
        ("nqkqn/5/5/5/NQKQN green ep:C3", "no double step"),
        (
            "nqkqn/5/5/5/NQKQN green draw:checkmate",
            "a rule a position records",
        ),
        ("5/5/5/5/5 green", "at least one piece"),
        ("1q3/5/5/5/5 green", "cannot reach the Key"),
        ("1q3/5/5/5/3Q1 green", "insufficient-material"),
        // A stored result the board contradicts (perft from it counted 0).
        (
            "nqkqn/5/5/5/NQKQN green red-wins:hold-the-key",
            "no red piece that may take the Key on C3",
        ),
        (
            "nqkqn/5/5/5/NQKQN green green-wins:threefold-repetition",
            "ends a game drawn",
        ),
        ("nqkqn/5/5/5/NQKQN green draw:hold-the-key", "is a win"),
        (
            "nqkqn/5/5/5/NQKQN green draw:insufficient-material",
            "while a green piece can still reach the Key on C3",
        ),
        (
            "nqkqn/5/5/5/NQKQN green draw:last-character",
            "one side without a piece",
        ),
    ] {
        let e = Ambush::import(text, &Default::default()).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    // The results the rules end a game with are read.
    for text in [
        "1qkqn/5/2n2/5/NQKQN red green-wins:hold-the-key",
        "1q3/5/5/5/3Q1 green draw:insufficient-material",
        "1q3/5/5/5/5 green draw:last-character",
        "nqkqn/5/5/5/NQKQN green draw:threefold-repetition",
    ] {
        let game = Ambush::import(text, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(game.turn(), Turn::Over(_)), "{text}");
    }
    let off = "insufficient-material";
    let mut options = <Ambush as Game>::Options::default();
    options.set(off, "off").unwrap();
    let e = Ambush::import("1q3/5/5/5/3Q1 green draw:insufficient-material", &options).unwrap_err();
    assert!(e.to_string().contains("read `off`"), "{e}");
}

#[test]
fn a_side_always_has_a_move() {
    // Every placement of at most the set-up's Characters of one side (one King's
    // Lancer, two Queen's Lancers, two Knights) on any squares: some Character
    // has a target its own side does not occupy. Opposing pieces block nothing
    // (they are captured), so the opponent's placement does not matter.
    let t = &TABLES;
    let target = |kind: usize, sq: usize| -> u64 {
        u64::from_bb(match kind {
            0 => t.kings_lancer[sq],
            1 => t.queens_lancer[sq],
            _ => t.knight[sq],
        })
    };
    // Squares 0..25, and 25 for "no such Character".
    let mut placements = 0u64;
    for a in 0..=25usize {
        for b in 0..=25usize {
            for c in b..=25usize {
                for d in 0..=25usize {
                    for e in d..=25usize {
                        let pieces = [(0, a), (1, b), (1, c), (2, d), (2, e)];
                        let present: Vec<(usize, usize)> =
                            pieces.into_iter().filter(|&(_, s)| s < 25).collect();
                        let mut own = 0u64;
                        for &(_, s) in &present {
                            own |= 1 << s;
                        }
                        if present.is_empty() || own.count_ones() as usize != present.len() {
                            continue;
                        }
                        placements += 1;
                        let stuck = present.iter().all(|&(k, s)| target(k, s) & !own == 0);
                        assert!(!stuck, "no move with {present:?}");
                    }
                }
            }
        }
    }
    assert!(placements > 1_000_000);
}
