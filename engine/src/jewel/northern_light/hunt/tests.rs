use super::*;
use crate::core::GameOptions;

fn legal_texts<const D: bool>(g: &Hunt<D>) -> Vec<String> {
    let mut buf = <Hunt<D> as Game>::Actions::default();
    g.legal_actions(&mut buf);
    let mut v: Vec<String> = buf.iter().map(|&a| g.action_text(a)).collect();
    v.sort();
    v
}

fn play<const D: bool>(g: &mut Hunt<D>, line: &[&str]) {
    for text in line {
        let a = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        g.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn the_start_is_a_coin() {
    let g = DiamondChess::new(&Default::default());
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(legal_texts(&g), ["green-first", "red-first"]);
    assert_eq!(
        g.export_string(),
        "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT coin towering:A1,G1,A7,G7"
    );
}

#[test]
fn first_moves_by_hand() {
    // DiamondQuest: seven single steps and the Knights' four leaps (B1: A3 C3; E1:
    // D3 F3). DiamondChess adds seven double steps.
    let mut q = DiamondQuest::new(&Default::default());
    play(&mut q, &["red-first"]);
    assert_eq!(legal_texts(&q).len(), 11);
    let mut c = DiamondChess::new(&Default::default());
    play(&mut c, &["red-first"]);
    assert_eq!(legal_texts(&c).len(), 18);
}

#[test]
fn quest_first_mover_is_the_other_of_qi() {
    let mut o = HuntOptions::<false>::default();
    o.set("qi-first-mover", "green").unwrap();
    assert_eq!(DiamondQuest::new(&o).turn(), Turn::Player(Side::Red));
    let mut c = HuntOptions::<true>::default();
    assert!(
        c.set("qi-first-mover", "green").is_err(),
        "DiamondChess has its own coin"
    );
}

#[test]
fn the_capacity_bound() {
    // The most targets of each movement anywhere on the empty 7x7 board.
    let most = |m: crate::jewel::keysquare::Movement| {
        (0..GEOMETRY.len())
            .map(|i| {
                TABLES
                    .attacks::<u64>(m, Side::Red, Square(i as u8), 0)
                    .count_ones() as usize
            })
            .max()
            .unwrap()
    };
    use crate::jewel::keysquare::Movement as M;
    let (king, rook, knight, bishop) = (
        most(M::King),
        most(M::Rook),
        most(M::Knight),
        most(M::Bishop),
    );
    // A Pikeman one step from its end rank: a step and two captures, each with
    // three promotions.
    let pikeman = 3 * 3;
    let slot = pikeman.max(rook).max(bishop).max(knight);
    assert_eq!((king, rook, knight, bishop, slot), (8, 12, 8, 12, 12));
    assert_eq!(
        king + 2 + 2 * rook + 2 * knight + 2 * bishop + 7 * slot,
        CAPACITY
    );
}

#[test]
fn towering_both_ways_when_the_path_is_clear() {
    let mut g = DiamondQuest::import(
        "t2s2t/7/7/7/7/7/T2S2T red towering:A1,G1,A7,G7",
        &Default::default(),
    )
    .unwrap();
    let legal = legal_texts(&g);
    assert!(legal.contains(&"D1-B1".to_owned()) && legal.contains(&"D1-F1".to_owned()));
    play(&mut g, &["D1-F1"]);
    assert_eq!(
        g.export_string(),
        "t2s2t/7/7/7/7/7/T3TS1 green towering:A7,G7"
    );
}

#[test]
fn a_dead_position_is_drawn_at_once() {
    let mut g = DiamondQuest::import("3s3/7/7/3t3/7/2K4/3S3 red", &Default::default()).unwrap();
    play(&mut g, &["C2xD4"]);
    assert_eq!(g.turn(), Turn::Over(draw(rules::DEAD_POSITION)));
}

#[test]
fn the_perft_position_by_hand() {
    // scenarios/perft/diamond-chess.toml, second table, depth 1:
    //
    //   7  t . . s . . t
    //   6  p P k . . p p      Red to move; Green has just played E6-E4.
    //   5  . . . . . . .
    //   4  . . . P p . .
    //   3  . . K . . . .
    //   2  P P . . . P P
    //   1  T . . S . . T
    //
    // The Princess on D1: C1 C2 D2 E1 E2 (nothing Green attacks them) and both
    // Towerings, B1 and F1: 7. The Towers: A1 to B1 C1, G1 to E1 F1: 4. The
    // Knight on C3: A4 B1 B5 D5 E2 and xE4 (A2 and D1 are his own): 6. The
    // Pikemen: B6 to B7 and xA7, three promotions each: 6; D4 to D5 and xE5 en
    // passant: 2; A2 B2 F2 G2 one or two squares: 8. 7 + 4 + 6 + 6 + 2 + 8 = 33.
    let g = DiamondChess::import(
        "t2s2t/pPk2pp/7/3Pp2/2K4/PP3PP/T2S2T red towering:A1,G1,A7,G7 ep:E5",
        &Default::default(),
    )
    .unwrap();
    let legal = legal_texts(&g);
    let from = |sq: &str| legal.iter().filter(|a| a.starts_with(sq)).count();
    assert_eq!(
        [
            from("D1"),
            from("A1") + from("G1"),
            from("C3"),
            from("B6"),
            from("D4")
        ],
        [7, 4, 6, 6, 2]
    );
    assert_eq!(from("A2") + from("B2") + from("F2") + from("G2"), 8);
    assert!(legal.contains(&"D4xE5".to_owned()) && legal.contains(&"B6xA7=A".to_owned()));
    assert_eq!(legal.len(), 33);
}

#[test]
fn the_check_after_every_step_agrees_with_the_explaining_one() {
    fn sq(s: &str) -> Square {
        GEOMETRY.parse_square(s).unwrap()
    }
    let base = DiamondChess::import(
        "t2s2t/1p5/7/7/7/5P1/T2S2T red towering:A1,G1,A7,G7",
        &Default::default(),
    )
    .unwrap();
    assert!(base.is_plain());
    assert!(base.check_invariants().is_ok());
    type Spoil = fn(&mut DiamondChess);
    let broken: [(&str, Spoil); 7] = [
        ("two Red Princesses", |g| {
            g.board.toggle(Side::Red, PRINCESS, sq("D3"))
        }),
        ("no Green Princess", |g| {
            g.board.toggle(Side::Green, PRINCESS, sq("D7"))
        }),
        ("three Red Towers", |g| {
            g.board.toggle(Side::Red, TOWER, sq("D4"))
        }),
        ("Green in check, Red to move", |g| {
            g.board.toggle(Side::Red, KNIGHT, sq("E5"));
        }),
        ("a Pikeman on rank 1", |g| {
            g.board.toggle(Side::Red, PIKEMAN, sq("B1"))
        }),
        ("a right without its Tower", |g| {
            g.board.toggle(Side::Red, TOWER, sq("A1"))
        }),
        ("a result before the coin", |g| {
            g.coin = true;
            g.stored = Some(Stored::Repetition);
        }),
    ];
    for (what, spoil) in broken {
        let mut g = base.clone();
        spoil(&mut g);
        assert!(!g.is_plain(), "{what}");
        assert!(g.validate(false).is_err(), "{what}");
        assert!(g.check_invariants().is_err(), "{what}");
    }
}

#[test]
fn repeated_towering_corners_and_en_passant_squares_are_refused() {
    // They were read silently: a corner twice, a second list, the last `ep:` of two.
    let board = "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT green";
    for (tail, says) in [
        ("towering:A1,A1", "A1 given twice"),
        ("towering:A1 towering:G1", "one `towering:` list at most"),
    ] {
        let e = DiamondQuest::import(&format!("{board} {tail}"), &Default::default()).unwrap_err();
        assert!(e.to_string().contains(says), "{tail}: {e}");
    }
    let e = DiamondChess::import(
        "t2s2t/pPk2pp/7/3Pp2/2K4/PP3PP/T2S2T red towering:A1,G1,A7,G7 ep:E5 ep:E5",
        &Default::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("one `ep:` square at most"), "{e}");
}

/// Every move of every piece (all targets, with and without each promotion) of
/// positions along random games is legal exactly when the generator lists it:
/// [`Hunt::piece_move_is_legal`] (a move made on the bitboards) against
/// [`Hunt::for_each_move`] (checks and pins worked out).
fn is_legal_agrees_with_the_list<const D: bool>(seed: u64) -> usize {
    use crate::core::zobrist::splitmix64;
    let mut g = Hunt::<D>::starting(&Default::default(), None);
    let mut legal = <Hunt<D> as Game>::Actions::default();
    let mut bits = seed;
    let (mut tested, mut listed, mut special) = (0, 0, 0);
    for _ in 0..400 {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let promotions = [
            None,
            Some(KNIGHT),
            Some(NOBLE),
            Some(ARISTOCRAT),
            Some(TOWER),
        ];
        for from in 0..49u8 {
            let Some(kind) = g.board.kind_at(Square(from)) else {
                continue;
            };
            for to in 0..49u8 {
                for promotion in promotions {
                    let a = JewelAction::play(Move {
                        kind,
                        from: Square(from),
                        to: Square(to),
                        promotion,
                    });
                    assert_eq!(g.is_legal(a), legal.contains(&a), "{a:?} in {g:?}");
                    tested += 1;
                    if legal.contains(&a) {
                        listed += 1;
                        // A promotion, or a capture en passant.
                        special += usize::from(promotion.is_some() || g.ep == Some(Square(to)));
                    }
                }
            }
        }
        bits = splitmix64(bits);
        let a = legal[(bits % legal.len() as u64) as usize];
        g.apply_unchecked(a, &mut |_| {});
    }
    assert!(tested > 100_000 && listed > 1_000, "{tested} {listed}");
    special
}

#[test]
fn is_legal_agrees_with_the_generator() {
    let (mut quest, mut chess) = (0, 0);
    for seed in 1..4 {
        quest += is_legal_agrees_with_the_list::<false>(seed);
        chess += is_legal_agrees_with_the_list::<true>(seed);
    }
    // Promotions (and en passant in DiamondChess) were among the moves compared.
    assert!(quest > 0 && chess > 0, "{quest} {chess}");
}
