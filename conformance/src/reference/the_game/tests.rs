//! The reference model's own tests: counts worked out by hand from the seed's
//! paragraphs for single pieces, and the set-up's claims that only move
//! generation can prove. The engine's perft is compared with the model in
//! the perft test once the engine plays The Game.

use super::{Act, RefGame};

/// The actions of the piece on `from`, as texts.
fn moves_of(g: &RefGame, from: &str) -> Vec<String> {
    g.action_texts()
        .into_iter()
        .filter(|t| t.starts_with(from) && t[from.len()..].starts_with(['-', 'x']))
        .collect()
}

fn lone(square: &str, piece: char) -> RefGame {
    let mut g = RefGame::empty();
    g.put(square, piece);
    g.gold_to_move = piece.is_ascii_uppercase();
    g
}

/// Single pieces on otherwise empty boards, counted by hand from the seed.
#[test]
fn lone_pieces_have_the_moves_counted_by_hand() {
    // Mithyari on the Ground's e4: 24 squares within two on the Ground, and a
    // 5x5 field on the Sky and on the Cavern (ruling the-game.mithyari-field).
    assert_eq!(moves_of(&lone("GE4", 'M'), "GE4").len(), 24 + 25 + 25);
    // Gryphon on the Sky's f4: eight (3,2) leaps (ruling the-game.gryphon-leap)
    // and five squares down (below and its four diagonals).
    assert_eq!(moves_of(&lone("SF4", 'G'), "SF4").len(), 8 + 5);
    // ArchMagus on the Ground's e4 (ruling the-game.archmagus-lines): the
    // Queen's 18 + 14 squares, and on each of the Sky and the Cavern the
    // square straight above or below and its eight neighbours, where each
    // line leaves the stack.
    assert_eq!(moves_of(&lone("GE4", 'Q'), "GE4").len(), 32 + 9 + 9);
    // Cavalier on the Sky's f4 (ruling the-game.cavalier): the King's 8, two
    // squares across one board down (4), one square across two boards down (4).
    assert_eq!(moves_of(&lone("SF4", 'X'), "SF4").len(), 8 + 4 + 4);
    // Avatar on the Ground's e4: 8 one-square moves, no two-square capture
    // (nothing to take), 8 three-square moves, straight up and down.
    assert_eq!(moves_of(&lone("GE4", 'V'), "GE4").len(), 8 + 8 + 2);
    // A Gold Warrior on its starting rank: one or two squares forward.
    assert_eq!(moves_of(&lone("GE2", 'W'), "GE2"), ["GE2-GE3", "GE2-GE4"]);
    // A Silver Warrior moves the other way.
    assert_eq!(moves_of(&lone("GE7", 'w'), "GE7"), ["GE7-GE5", "GE7-GE6"]);
    // An Eagle on the Ground has only its way back up.
    assert_eq!(moves_of(&lone("GC3", 'E'), "GC3"), ["GC3-SC3"]);
    // A Basilisk promoted onto the Ground has no move there (ruling
    // the-game.board-changes).
    assert!(moves_of(&lone("GC3", 'B'), "GC3").is_empty());
    // An Emperor on the Sky has only his way back down.
    assert_eq!(moves_of(&lone("SG1", 'K'), "SG1"), ["SG1-GG1"]);
}

/// The Elemental's two-step moves need an empty first square (seed 001,
/// Elemental: "The first step of the move to the Ground Board must be to an
/// unoccupied square").
#[test]
fn the_elementals_first_step_must_be_empty() {
    let mut g = lone("CD4", 'L');
    let free = moves_of(&g, "CD4");
    // 4 + 4 one- and two-square moves, 4 diagonal, 4 up by a step across.
    assert_eq!(free.len(), 16, "{free:?}");
    assert!(free.contains(&"CD4-GE4".to_owned()));
    g.put("CE4", 'O');
    let blocked = moves_of(&g, "CD4");
    assert!(!blocked.contains(&"CD4-GE4".to_owned()));
    // e4 now holds a friend and f4 lies past it: two squares fewer on the
    // Cavern, one fewer up.
    assert_eq!(blocked.len(), 13, "{blocked:?}");
}

/// The Basilisk freezes the enemy piece on the Ground directly above it
/// (ruling the-game.basilisk-freeze), not a friendly one.
#[test]
fn the_basilisk_freezes_the_enemy_above_it() {
    let mut g = lone("GD4", 'K');
    g.put("CD4", 'b');
    assert!(moves_of(&g, "GD4").is_empty());
    let mut own = lone("GD4", 'K');
    own.put("CD4", 'B');
    assert_eq!(
        moves_of(&own, "GD4").len(),
        8 + 1,
        "the King's steps and up"
    );
}

/// The Dragon's strike (ruling the-game.dragon-strike): a move on the Sky and
/// one enemy piece below its new square.
#[test]
fn the_dragon_strikes_below_its_new_square() {
    let mut g = lone("SA1", 'D');
    g.put("GB3", 'w');
    g.put("GA1", 'w');
    let strikes: Vec<String> = moves_of(&g, "SA1")
        .into_iter()
        .filter(|t| t.matches('x').count() == 1 && t.contains("xG") && t.contains('-'))
        .collect();
    // b3 lies below a2 a3 a4 b2 b3 b4 c2 c3 c4 of the Sky: every one the
    // Dragon reaches from a1 (a2 a3 a4 on the file, b2 c3 on the diagonal,
    // and b3 b4 c2 c4 it does not reach); a1 lies below a1 a2 b1 b2, and the
    // Dragon leaves a1 for a2, b1 or b2.
    let mut expected = vec![
        "SA1-SA2xGB3",
        "SA1-SA3xGB3",
        "SA1-SA4xGB3",
        "SA1-SB2xGB3",
        "SA1-SC3xGB3",
        "SA1-SA2xGA1",
        "SA1-SB1xGA1",
        "SA1-SB2xGA1",
    ];
    expected.sort_unstable();
    let mut strikes = strikes;
    strikes.sort();
    assert_eq!(strikes, expected);
}

/// The set-up's claims: exactly one Phoenix of each side threatens an enemy
/// Sylvar, and no other piece but the ArchMagus (whose teleport reaches every
/// square) can capture anything on the first move; the two sides' first moves
/// mirror each other.
#[test]
fn at_the_start_only_one_phoenix_and_the_archmagus_can_capture() {
    let g = RefGame::start();
    let texts = g.action_texts();
    let captures: Vec<&String> = texts.iter().filter(|t| t.contains('x')).collect();
    let phoenix: Vec<&&String> = captures.iter().filter(|t| t.starts_with("SD2")).collect();
    assert_eq!(phoenix, [&&"SD2xSI7".to_owned()]);
    let magus = captures.iter().filter(|t| t.starts_with("MGB2")).count();
    assert_eq!(magus, 70, "every Silver piece but the Emperor");
    assert_eq!(captures.len(), 71, "{captures:?}");
    let mut silver = g.clone();
    silver.gold_to_move = false;
    assert_eq!(silver.actions().len(), g.actions().len());
    let silver_captures: Vec<String> = silver
        .action_texts()
        .into_iter()
        .filter(|t| t.contains('x') && !t.starts_with("MS"))
        .collect();
    assert_eq!(silver_captures, ["SD7xSI2"]);
}

/// An ArchMagus's capture from a Mana board leaves the choice pending: kill,
/// or send the piece to any Astral square with no piece (ruling
/// the-game.send-to-astral); from the Astral board, kill or return it to the
/// square it was sent from (ruling the-game.return-square).
#[test]
fn the_archmagus_sends_and_returns() {
    let mut g = RefGame::start();
    let take = g
        .actions()
        .into_iter()
        .find(|&a| g.text(a) == "MGB2xCD8")
        .unwrap();
    g.apply(take);
    assert!(g.gold_to_move, "the choice is Gold's");
    let choices = g.action_texts();
    assert_eq!(
        choices.len(),
        1 + 64,
        "kill, or any of the 64 Astral squares (a Djinn's too)"
    );
    let send = g
        .actions()
        .into_iter()
        .find(|&a| g.text(a) == "send AD4")
        .unwrap();
    g.apply(send);
    assert!(!g.gold_to_move);
    assert_eq!(g.board_text(g.astral).lines().nth(4), Some("...t...."));
    // Silver's ArchMagus teleports onto the sent piece's square? It is a
    // friend's: no. Gold's ArchMagus, now on the Cavern's d8, is a stack
    // piece and has no teleport.
    assert!(
        !g.action_texts()
            .iter()
            .any(|t| t.starts_with("MSB2") && t.ends_with("AD4"))
    );
    // Silver moves; Gold's other ArchMagus is not there, so put one on the
    // Astral board and take the sent Assassin from there.
    let wait = g
        .actions()
        .into_iter()
        .find(|&a| g.text(a) == "SG8-SH8")
        .unwrap();
    g.apply(wait);
    // The first ArchMagus leaves the Cavern's d8 (as if taken), so that the
    // Assassin's square is free again.
    let d8 = g.square("CD8");
    g.pieces.remove(&d8);
    g.put("AE5", 'Q');
    let from_astral = g
        .actions()
        .into_iter()
        .find(|&a| g.text(a) == "AE5xAD4")
        .unwrap();
    g.apply(from_astral);
    assert_eq!(g.action_texts(), ["kill", "return"]);
    let back = g
        .actions()
        .into_iter()
        .find(|&a| matches!(a, Act::Return))
        .unwrap();
    g.apply(back);
    assert_eq!(g.board_text(g.cavern).lines().next(), Some("aubtmvl.tuba"));
}

/// A Warrior on the far rank becomes any of 23 kinds (ruling
/// the-game.warrior-promotion), and takes en passant (ruling
/// the-game.warrior-pawn).
#[test]
fn the_warrior_promotes_and_takes_en_passant() {
    let g = lone("GC7", 'W');
    assert_eq!(moves_of(&g, "GC7").len(), 23);
    let mut e = lone("GD5", 'W');
    e.put("GE7", 'w');
    e.gold_to_move = false;
    let double = e
        .actions()
        .into_iter()
        .find(|&a| e.text(a) == "GE7-GE5")
        .unwrap();
    e.apply(double);
    assert!(moves_of(&e, "GD5").contains(&"GD5xGE6".to_owned()));
    let ep = e
        .actions()
        .into_iter()
        .find(|&a| e.text(a) == "GD5xGE6")
        .unwrap();
    e.apply(ep);
    assert_eq!(e.pieces.len(), 1);
}

/// Perft from the start, small depths: each depth is the sum over the first
/// actions of the depth below (a check of the model's own apply).
#[test]
fn perft_adds_up() {
    let g = RefGame::start();
    let one = g.perft(1);
    assert!(one > 400, "{one}");
    let mut sum = 0;
    for a in g.actions().into_iter().take(40) {
        let mut next = g.clone();
        next.apply(a);
        sum += next.perft(1);
    }
    assert!(sum > 0);
}

/// An Amochal on the Cavern with the square ahead empty: its two-step
/// forward is on the Cavern only (the model once walked the Cavern towards
/// the square two ahead on the Ground or the Sky, for ever).
#[test]
fn the_amochals_two_step_stays_on_the_cavern() {
    let g = lone("CA1", 'A');
    let moves = moves_of(&g, "CA1");
    assert!(moves.contains(&"CA1-CA3".to_owned()), "{moves:?}");
    assert!(
        !moves.iter().any(|m| m.ends_with("A3") && m != "CA1-CA3"),
        "{moves:?}"
    );
}
