//! The Game's unit tests: the position built from the data files on the
//! board layer, and the render.

use super::board::{Boards, Sq};
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
        let mut list = Vec::new();
        let mut state = seed;
        for ply in 0..120 {
            let line = pos.export();
            assert_eq!(Position::import(&line).as_ref(), Ok(&pos), "{line}");
            pos.legal(&mut list);
            if list.is_empty() {
                break;
            }
            for &a in &list {
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
