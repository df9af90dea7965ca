//! The data files' tests: each constraint the seed's text fixes, proved of
//! the drafted set-up (seed 001, The Boards & The Setup, The Pieces, and the
//! paragraphs quoted at each test), and the readers' errors.

use std::collections::{BTreeMap, BTreeSet};

use super::*;

fn standard() -> (Layout, SetUp) {
    let layout = Layout::standard();
    let setup = SetUp::standard(&layout);
    (layout, setup)
}

fn board(layout: &Layout, name: &str) -> usize {
    layout.index(name).expect("a board of the seed")
}

fn at(setup: &SetUp, b: usize, file: i32, rank: i32) -> Option<Placed> {
    setup
        .pieces
        .iter()
        .copied()
        .find(|p| p.board == b && i32::from(p.file) == file && i32::from(p.rank) == rank)
}

fn of(setup: &SetUp, kind: Kind, side: Option<Side>) -> Vec<Placed> {
    setup
        .pieces
        .iter()
        .copied()
        .filter(|p| p.kind == kind && p.side == side)
        .collect()
}

/// "There are eight boards to The Game": the Sky over the Ground over the
/// Cavern, the four Mana boards and the Astral board joined to nothing.
#[test]
fn eight_boards_the_sky_over_the_ground_over_the_cavern() {
    let layout = Layout::standard();
    assert_eq!(layout.boards.len(), 8);
    let (sky, ground, cavern) = (
        board(&layout, "sky"),
        board(&layout, "ground"),
        board(&layout, "cavern"),
    );
    assert_eq!(layout.above, vec![(sky, ground), (ground, cavern)]);
    for name in ["sky", "ground", "cavern"] {
        let b = &layout.boards[board(&layout, name)];
        assert_eq!((b.files, b.ranks), (12, 8), "{name}: Dragonchess's 12x8");
    }
    let mana = layout
        .boards
        .iter()
        .filter(|b| b.realm == Realm::Mana)
        .count();
    assert_eq!(mana, 4, "four Mana boards");
    let prefixes: BTreeSet<&str> = layout.boards.iter().map(|b| b.prefix.as_str()).collect();
    assert_eq!(prefixes.len(), 8, "each board its own prefix");
}

/// "There are 26 different pieces on each side. Each side has 71 pieces.
/// Combined, there are 146 total pieces." (The Pieces; ruling
/// `the-game.djinn-count`: the four beyond 2 x 71 are the neutral Djinn.)
#[test]
fn twenty_six_kinds_seventy_one_a_side_146_in_all() {
    let (_, setup) = standard();
    assert_eq!(setup.pieces.len(), 146);
    for side in [GOLD, SILVER] {
        let own: Vec<_> = setup
            .pieces
            .iter()
            .filter(|p| p.side == Some(side))
            .collect();
        assert_eq!(own.len(), 71, "{}", side_name(side));
        let kinds: BTreeSet<Kind> = own.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds.len(),
            25,
            "every kind but the Djinn, {}",
            side_name(side)
        );
    }
    let djinn: Vec<_> = setup.pieces.iter().filter(|p| p.side.is_none()).collect();
    assert_eq!(djinn.len(), 4);
    assert!(djinn.iter().all(|p| p.kind == Kind::Djinn));
    let kinds: BTreeSet<Kind> = setup.pieces.iter().map(|p| p.kind).collect();
    assert_eq!(kinds.len(), 26, "26 kinds with the Djinn");
}

/// "any of the eight starting squares of the Sylvars" (Sky Board, Sylvar).
#[test]
fn eight_sylvars_a_side_on_the_sky() {
    let (layout, setup) = standard();
    for side in [GOLD, SILVER] {
        let sylvars = of(&setup, Kind::Sylvar, Some(side));
        assert_eq!(sylvars.len(), 8, "{}", side_name(side));
        assert!(sylvars.iter().all(|p| p.board == board(&layout, "sky")));
    }
}

/// The Emperor is one a side ("capture of the Emperor means the game is
/// lost"), with the Dragon directly above him and the Elemental directly below
/// (Ground Board, Emperor: "most Grand Masters will move the Dragon on the Sky
/// Board or the Elemental on the Cavern Board one square. This is mainly to
/// give the Emperor an immediate outlet"); the ArchMagus is one a side, on its
/// own side's Mana board.
#[test]
fn the_dragon_above_the_emperor_and_the_elemental_below() {
    let (layout, setup) = standard();
    for side in [GOLD, SILVER] {
        let emperors = of(&setup, Kind::Emperor, Some(side));
        assert_eq!(emperors.len(), 1);
        let k = emperors[0];
        assert_eq!(k.board, board(&layout, "ground"));
        let (f, r) = (i32::from(k.file), i32::from(k.rank));
        let above = at(&setup, board(&layout, "sky"), f, r).expect("a piece above the Emperor");
        let below = at(&setup, board(&layout, "cavern"), f, r).expect("a piece below the Emperor");
        assert_eq!((above.kind, above.side), (Kind::Dragon, Some(side)));
        assert_eq!((below.kind, below.side), (Kind::Elemental, Some(side)));
        assert_eq!(of(&setup, Kind::Dragon, Some(side)).len(), 1);
        assert_eq!(of(&setup, Kind::Elemental, Some(side)).len(), 1);
        let magi = of(&setup, Kind::ArchMagus, Some(side));
        assert_eq!(magi.len(), 1);
        let own_mana = if side == GOLD {
            "gold-mana"
        } else {
            "silver-mana"
        };
        assert_eq!(magi[0].board, board(&layout, own_mana));
    }
}

/// "most Grand Masters will move the Dragon on the Sky Board or the Elemental
/// on the Cavern Board one square": each has an empty square next to it on its
/// own board at the start (the Dragon moves as the Queen there; the Elemental
/// one square horizontally or vertically, or diagonally without capturing).
#[test]
fn the_dragon_and_the_elemental_can_each_move_one_square() {
    let (layout, setup) = standard();
    for side in [GOLD, SILVER] {
        for kind in [Kind::Dragon, Kind::Elemental] {
            let p = of(&setup, kind, Some(side))[0];
            let spec = &layout.boards[p.board];
            let mut empty = 0;
            for df in -1..=1 {
                for dr in -1..=1 {
                    let (f, r) = (i32::from(p.file) + df, i32::from(p.rank) + dr);
                    let inside = (0..i32::from(spec.files)).contains(&f)
                        && (0..i32::from(spec.ranks)).contains(&r);
                    if (df, dr) != (0, 0) && inside && at(&setup, p.board, f, r).is_none() {
                        empty += 1;
                    }
                }
            }
            assert!(empty >= 1, "{} {kind}", side_name(side));
        }
    }
}

/// The squares a Phoenix on the Sky attacks (Sky Board, Phoenix: "a
/// combination of the Bishop and King of regular chess"): along each diagonal
/// up to the first piece, and one square any way.
fn phoenix_attacks(setup: &SetUp, spec: &BoardSpec, p: Placed) -> Vec<Placed> {
    let inside = |f: i32, r: i32| {
        (0..i32::from(spec.files)).contains(&f) && (0..i32::from(spec.ranks)).contains(&r)
    };
    let mut found = Vec::new();
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut f, mut r) = (i32::from(p.file) + df, i32::from(p.rank) + dr);
        while inside(f, r) {
            if let Some(q) = at(setup, p.board, f, r) {
                found.push(q);
                break;
            }
            f += df;
            r += dr;
        }
    }
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        if let Some(q) = at(
            setup,
            p.board,
            i32::from(p.file) + df,
            i32::from(p.rank) + dr,
        ) {
            found.push(q);
        }
    }
    found
}

/// "ESPECIAL NOTE: One Phoenix on each side immediately threatens an opposing
/// Sylvar." (Sky Board, Phoenix): each side has two Phoenixes on the Sky, and
/// exactly one of them attacks an enemy Sylvar.
#[test]
fn one_phoenix_of_each_side_threatens_an_enemy_sylvar() {
    let (layout, setup) = standard();
    let sky = board(&layout, "sky");
    for side in [GOLD, SILVER] {
        let phoenixes = of(&setup, Kind::Phoenix, Some(side));
        assert_eq!(phoenixes.len(), 2, "{}", side_name(side));
        let threatening = phoenixes
            .iter()
            .filter(|&&p| {
                assert_eq!(p.board, sky);
                phoenix_attacks(&setup, &layout.boards[sky], p)
                    .iter()
                    .any(|q| q.kind == Kind::Sylvar && q.side == Some(side.opponent()))
            })
            .count();
        assert_eq!(threatening, 1, "{}", side_name(side));
    }
}

/// Silver's set-up is Gold's mirrored (ruling `the-game.setup`): rank r to
/// rank ranks + 1 - r on the same file, the Gold and Silver Mana boards
/// exchanged, the sides exchanged; the Djinn mirror onto Djinn.
#[test]
fn silver_is_gold_mirrored() {
    let (layout, setup) = standard();
    let mirror_board = |b: usize| match layout.boards[b].name.as_str() {
        "gold-mana" => board(&layout, "silver-mana"),
        "silver-mana" => board(&layout, "gold-mana"),
        _ => b,
    };
    let placed: BTreeSet<Placed> = setup.pieces.iter().copied().collect();
    let mirrored: BTreeSet<Placed> = setup
        .pieces
        .iter()
        .map(|p| Placed {
            board: mirror_board(p.board),
            rank: layout.boards[p.board].ranks - 1 - p.rank,
            side: p.side.map(Side::opponent),
            ..*p
        })
        .collect();
    assert_eq!(placed, mirrored);
}

/// Every piece stands on a board its kind may stand on (ruling
/// `the-game.board-changes`), one piece a square, the Djinn on the Astral
/// board, Gold on ranks 1-2 and Silver on ranks 7-8 of the three stacked
/// boards.
#[test]
fn every_piece_on_a_board_it_may_stand_on() {
    let (layout, setup) = standard();
    let mut squares = BTreeMap::new();
    for p in &setup.pieces {
        let spec = &layout.boards[p.board];
        assert!(p.kind.may_stand(spec.realm), "{p}");
        assert!(p.file < spec.files && p.rank < spec.ranks, "{p}");
        assert!(
            squares.insert((p.board, p.file, p.rank), *p).is_none(),
            "{p}: two pieces"
        );
        if matches!(spec.realm, Realm::Sky | Realm::Ground | Realm::Cavern) {
            let home = if p.side == Some(GOLD) { 0..=1 } else { 6..=7 };
            assert!(home.contains(&p.rank), "{p}");
        }
    }
    assert_eq!(setup.first, GOLD, "ruling the-game.first-move");
}

/// The counts a side starts with, as the set-up file's header gives them.
#[test]
fn the_counts_of_each_kind_are_the_headers() {
    let (_, setup) = standard();
    let mut counts: BTreeMap<Kind, usize> = BTreeMap::new();
    for p in setup.pieces.iter().filter(|p| p.side == Some(GOLD)) {
        *counts.entry(p.kind).or_default() += 1;
    }
    for (kind, n) in counts {
        let expected = match kind {
            Kind::Emperor | Kind::Wizard | Kind::Dragon | Kind::Elemental | Kind::ArchMagus => 1,
            Kind::Warrior => 12,
            Kind::Sylvar => 8,
            Kind::Org | Kind::Dwarf => 6,
            Kind::Assassin => 4,
            Kind::Amochal
            | Kind::Basilisk
            | Kind::Cleric
            | Kind::Eagle
            | Kind::Fortress
            | Kind::Gryphon
            | Kind::Nightblade
            | Kind::Paladin
            | Kind::Mithyari
            | Kind::Knight
            | Kind::Phoenix
            | Kind::Krargog
            | Kind::Aemur
            | Kind::Avatar
            | Kind::Cavalier => 2,
            Kind::Djinn => unreachable!("a Djinn has no side"),
        };
        assert_eq!(n, expected, "{kind}");
    }
}

#[test]
fn the_readers_name_the_line_and_what_was_expected() {
    let layout = Layout::standard();
    let bad_boards = [
        ("board moon M 3 3\n", 1, "a board of the seed"),
        ("board sky S 12 8\nboard sky T 12 8\n", 2, "named twice"),
        ("board sky S 0 8\n", 1, "files 1 to 26"),
        (
            "board sky S 12 8\nabove sky ground\n",
            2,
            "two boards named before",
        ),
        ("board sky S 12 8\n", 0, "the board `ground`"),
        ("shelf\n", 1, "`board <name>"),
    ];
    for (text, line, expected) in bad_boards {
        let e = Layout::parse(text).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(e.to_string().contains(expected), "{text}: {e}");
        assert!(
            e.to_string().starts_with(&format!("boards.txt:{line}:")),
            "{e}"
        );
    }
    let bad_setups = [
        (
            "first gold\nboard astral\n8 . . . . . . . .\n6 . . . . . . . .\n",
            4,
            "rank 7",
        ),
        ("first gold\nboard astral\n8 . . . . . . .\n", 3, "8 cells"),
        (
            "first gold\nboard astral\n8 . . . . . . . j\n",
            3,
            "the Djinn have no side",
        ),
        (
            "first gold\nboard astral\n8 . . . . . . . !\n",
            3,
            "a kind's letter",
        ),
        ("first red\n", 1, "`first gold`"),
        ("board pluto\n", 1, "a board of boards.txt"),
        ("board astral\n8 . . . . . . . .\n", 0, "rank 7"),
    ];
    for (text, line, expected) in bad_setups {
        let e = SetUp::parse(text, &layout).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(e.to_string().contains(expected), "{text}: {e}");
    }
    assert!(
        SetUp::parse("board astral\n", &layout).is_err(),
        "no first line"
    );
}
