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
