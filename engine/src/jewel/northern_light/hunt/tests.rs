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
