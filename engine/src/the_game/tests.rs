//! The Game's unit tests: the position built from the data files on the
//! board layer, and the render.

use super::board::{Boards, Sq};
use super::moves::Actions;
use super::position::Position;
use super::{GOLD, Kind, SILVER};

fn sq(name: &str) -> Sq {
    Boards::get()
        .layout
        .parse_square::<Sq>(name)
        .expect("a square")
}

/// The set-up on the board layer: 142 pieces and four Djinn; the Dragon
/// above the Emperor and the Elemental below him, by the layer's links.
#[test]
fn the_start_stands_on_the_board_layer() {
    let pos = Position::start();
    let b = Boards::get();
    let pieces = (0..super::board::SQUARES as Sq)
        .filter(|&s| pos.at(s).is_some())
        .count();
    assert_eq!(pieces, 142);
    let djinn = (0..super::board::SQUARES as Sq)
        .filter(|&s| pos.djinn_at(s))
        .count();
    assert_eq!(djinn, 4);
    for (side, name) in [(GOLD, "GG1"), (SILVER, "GG8")] {
        let k = sq(name);
        assert_eq!(
            pos.at(k).map(|p| (p.kind, p.side)),
            Some((Kind::Emperor, side))
        );
        let up = b.up[usize::from(k)];
        let down = b.down[usize::from(k)];
        assert_eq!(pos.at(up).map(|p| p.kind), Some(Kind::Dragon));
        assert_eq!(pos.at(down).map(|p| p.kind), Some(Kind::Elemental));
    }
    assert_eq!(pos.to_move(), GOLD);
}

/// The render shows every board with its prefix, files and ranks, and who
/// is to move.
#[test]
fn the_render_shows_every_board() {
    let mut text = String::new();
    Position::start().render(&mut text).unwrap();
    for title in [
        "silver-mana (MS)",
        "sky (S)",
        "ground (G)",
        "west-mana (MW)",
        "east-mana (ME)",
        "cavern (C)",
        "gold-mana (MG)",
        "astral (A)",
    ] {
        assert!(text.contains(title), "{title}\n{text}");
    }
    assert!(text.contains(" 1 F N C H I Z K I H C N F"), "{text}");
    assert!(text.contains(" 7 . J . . . . J ."), "{text}");
    assert!(text.ends_with("gold to move\n"), "{text}");
}

/// The position line of the set-up, board by board as the data file has them.
#[test]
fn the_start_exports_as_the_data_file_reads() {
    let text = Position::start().export();
    assert!(
        text.starts_with(
            "S:ergxmpd1vrge/sstpssssstsx/12/12/12/12/SSTPSSSSSTSX/ERGXMPD1VRGE \
             G:fnchizkihcnf/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/FNCHIZKIHCNF \
             C:aubtmvl1tuba/oyoyoyoyoyoy/12/12/12/12/OYOYOYOYOYOY/AUBTMVL1TUBA "
        ),
        "{text}"
    );
    assert!(text.ends_with(" A:8/1J4J1/8/8/8/8/1J4J1/8 gold"), "{text}");
}

/// Along random games: every position reads back equal from its line, and
/// every legal action reads back from its notation.
#[test]
fn positions_and_actions_read_back() {
    for seed in 1..=4u64 {
        let mut pos = Position::start();
        let mut list = Actions::default();
        let mut state = seed;
        for ply in 0..120 {
            let line = pos.export();
            assert_eq!(Position::import(&line).as_ref(), Ok(&pos), "{line}");
            pos.legal(&mut list);
            if list.is_empty() {
                break;
            }
            for &a in list.iter() {
                let text = pos.action_text(a);
                assert_eq!(pos.parse_action(&text), Ok(a), "{text} at ply {ply}");
            }
            state = crate::core::zobrist::splitmix64(state);
            // Mostly moves of pieces other than the Mana boards' ArchMagi.
            let plain: Vec<_> = list
                .iter()
                .filter(|a| !pos.action_text(**a).starts_with('M'))
                .collect();
            let a = if !state.is_multiple_of(4) && !plain.is_empty() {
                *plain[(state / 4) as usize % plain.len()]
            } else {
                list[(state / 4) as usize % list.len()]
            };
            pos.apply(a);
        }
    }
}

/// Bad position lines say what was expected.
#[test]
fn bad_position_lines_are_refused() {
    let good = Position::start().export();
    for (bad, expected) in [
        (good.replace("S:", "Q:"), "a board prefix"),
        (good.replace(" gold", " green"), "`gold` or `silver`"),
        (good.replace("1J4J1/8 gold", "1J4J/8 gold"), "8 files"),
        (format!("{good} ep:ZZ9"), "board prefix"),
        (format!("{good} colour:red"), "a field ep"),
        (
            good.replace("ERGXMPD1VRGE", "ERGXMPD1VRG!"),
            "a piece's letter",
        ),
    ] {
        let e = Position::import(&bad).expect_err(&bad);
        assert!(e.contains(expected), "{bad}: {e}");
    }
}

/// The capacity of the action list holds the worst case its doc argues, and
/// a crowded position (every Warrior an ArchMagus teleporting from the
/// Astral board) lists no more than that bound.
#[test]
fn the_worst_case_fits() {
    use super::moves::{MAX_ACTIONS, worst_case_bound};
    let bound = worst_case_bound();
    assert!(bound <= MAX_ACTIONS, "{bound} > {MAX_ACTIONS}");
    let mut pos = Position::start();
    let b = Boards::get();
    let astral: Vec<Sq> = b.of_realm[super::Realm::Astral as usize]
        .iter::<Sq>()
        .filter(|&s| !pos.djinn_at(s))
        .collect();
    let mut free = astral.into_iter();
    let warriors: Vec<Sq> = (0..super::board::SQUARES as Sq)
        .filter(|&s| {
            pos.at(s)
                .is_some_and(|p| p.kind == Kind::Warrior && p.side == GOLD)
        })
        .collect();
    for w in warriors {
        let mut p = pos.at(w).unwrap();
        p.kind = Kind::ArchMagus;
        let to = free.next().unwrap();
        pos = with_moved(&pos, w, to, p);
    }
    let mut list = Actions::default();
    pos.legal(&mut list);
    assert!(list.len() > 13 * 300, "{}", list.len());
    assert!(list.len() <= bound, "{} > {bound}", list.len());
}

/// `pos` with the piece on `from` replaced by `p` on `to`, through the
/// position's text (the position's fields are the module's own).
fn with_moved(pos: &Position, from: Sq, to: Sq, p: super::position::Piece) -> Position {
    let mut next = pos.clone();
    next.take_for_test(from);
    next.put(to, p);
    next
}

/// Random games of the registered game end (the ply bound as the last
/// resort), with the invariants, the incremental hash and the export's
/// round trip holding at every step.
#[test]
fn random_games_end_with_every_invariant_kept() {
    use super::TheGame;
    use crate::core::{ActionBuffer, Game, Turn};
    let mut list = Actions::default();
    for seed in 1..=3u64 {
        let mut g = TheGame::new(&Default::default());
        let mut state = seed;
        loop {
            g.check_invariants().unwrap();
            assert_eq!(g.hash(), g.recompute_hash());
            if g.ply() % 97 == 0 {
                let line = g.export_string();
                let back = TheGame::import(&line, &Default::default()).unwrap();
                assert_eq!(back, g, "{line}");
                assert_eq!(back.hash(), g.hash());
            }
            g.legal_actions(&mut list);
            if let Turn::Over(_) = g.turn() {
                assert!(list.is_empty());
                break;
            }
            assert!(!list.is_empty());
            assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicate");
            // The test of one action alone agrees with the list.
            assert!(list.iter().all(|&a| g.is_legal(a)));
            for k in 0..64u64 {
                let a = g.arbitrary_action(crate::core::zobrist::splitmix64(state ^ k));
                assert_eq!(g.is_legal(a), list.contains(&a), "{a:?}");
            }
            if let Some(&a) = list.first() {
                for aux in [1, a.aux.wrapping_add(1)] {
                    let b = super::position::Action { aux, ..a };
                    assert_eq!(g.is_legal(b), list.contains(&b), "{b:?}");
                }
            }
            state = crate::core::zobrist::splitmix64(state);
            let a = list[(state % list.len() as u64) as usize];
            g.play(a).unwrap();
            assert!(g.ply() <= super::position::PLY_BOUND);
        }
        list.clear();
    }
}

/// A position read with a pending choice keeps every invariant: the captured
/// piece waiting to be sent or returned is off the boards, as in play (the
/// position after the first step of scenarios/the-game/return-square.toml).
#[test]
fn a_position_read_with_a_pending_choice_keeps_the_invariants() {
    use crate::Game;
    let text = "S:12/12/12/12/12/12/12/12 G:11k/12/12/12/12/12/12/11K \
                C:12/12/12/12/12/12/12/12 MS:3/3/3 MW:3/3/3 ME:3/3/3 MG:3/3/3 \
                A:8/1J4J1/8/8/3Q4/8/1J4J1/8 gold pending:astral:t:CD8 ply:1";
    let g = super::TheGame::import(text, &crate::core::NoOptions).expect("the position reads");
    assert!(g.position().pending().is_some());
    g.check_invariants().expect("the invariants hold");
}
