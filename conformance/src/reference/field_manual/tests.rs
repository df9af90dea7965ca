//! The reference model checked against facts counted by hand, before it
//! checks the engine.

use super::*;

fn position(pieces: &[(&str, &str)], dragon: bool, moves_left: u8, rules: Rules) -> RefFm {
    let mut s = RefFm::start(rules);
    s.grid.clear();
    for &(sq, token) in pieces {
        s.grid.insert(parse_pos(sq).unwrap(), parse_token(token));
    }
    s.dragon = dragon;
    s.moves_left = moves_left;
    s
}

#[test]
fn the_start_has_pawn_steps_and_prince_swaps() {
    let s = RefFm::start(Rules::of("normal", "lookahead"));
    let legal = s.legal_actions();
    // Fourteen Pawns one or two squares forward; the Prince with each of
    // the fourteen Squires; nothing else can move.
    assert_eq!(legal.len(), 28 + 14, "{legal:?}");
    assert!(legal.contains("A3-A5") && legal.contains("H1<>A2"));
    let text = s.export();
    assert!(text.starts_with("ra10,nb10,bc10,abd10,rre10,qf10,kg10,prh10,psi10,"));
    assert!(text.ends_with(
        "/Ra1,Nb1,Bc1,ABd1,RRe1,Qf1,Kg1,PRh1,PSi1,RRj1,ABk1,Bl1,Nm1,Rn1 dragon 3 - - - -"
    ));
    assert_eq!(RefFm::parse(&text, s.rules).export(), text);
}

#[test]
fn pivot_destinations_counted_by_hand() {
    let rules = Rules::of("normal", "lookahead");
    // A Royal Rook alone reaches every other square: 22 straight, the rest
    // by one bend, each once.
    let s = position(&[("E5", "RRe1")], true, 3, rules);
    assert_eq!(s.destinations((4, 4)).len(), 139);
    // An Archbishop alone in a corner: 9 squares on its diagonal, and from
    // the k-th of them min(k, 9-k) squares north-west and min(k, 13-k)
    // south-east: 20 + 36.
    let s = position(&[("A1", "ABd1")], true, 3, rules);
    assert_eq!(s.destinations((0, 0)).len(), 9 + 20 + 36);
    // The bend needs an empty pivot: a Royal Rook on A1 with its own piece
    // on A2 and B1 has no move at all.
    let s = position(
        &[("A1", "RRe1"), ("A2", "SQa2"), ("B1", "Nb1")],
        true,
        3,
        rules,
    );
    assert!(s.destinations((0, 0)).is_empty());
}

#[test]
fn check_must_be_answered_by_the_end_of_the_turn() {
    // The Dragon King on A1 in check from a Tiger Rook on A8; a Dragon Rook
    // on N5 can block on A5.
    let pieces = [
        ("A1", "Kg1"),
        ("N5", "Ra1"),
        ("A8", "ra10"),
        ("N10", "kg10"),
    ];
    let normal = position(&pieces, true, 3, Rules::of("normal", "lookahead"));
    // Three moves: the King steps out (B1, B2; A2 stays on the file), or
    // the Rook goes anywhere (21 squares) and the King steps out after.
    assert_eq!(normal.legal_actions().len(), 2 + 21);
    assert!(!normal.legal_actions().contains("A1-A2"));
    // One move: only what answers the check now.
    let long = position(&pieces, true, 1, Rules::of("long-game", "lookahead"));
    let legal: Vec<String> = long.legal_actions().into_iter().collect();
    assert_eq!(legal, ["A1-B1", "A1-B2", "N5-A5"]);
    // Under `turn-check = loses` every Rook move is offered, and a turn
    // that ends in check is checkmate.
    let loses = position(&pieces, true, 1, Rules::of("long-game", "loses"));
    assert_eq!(loses.legal_actions().len(), 2 + 21);
    assert_eq!(
        loses.play("N5-N4").result.as_deref(),
        Some("tiger-wins:checkmate")
    );
}

#[test]
fn checkmate_is_decided_at_the_turn_s_start() {
    // The Tiger closes the B file: the Dragon King on A1 has no square and
    // nothing else to act.
    let pieces = [
        ("A1", "Kg1"),
        ("A8", "ra10"),
        ("B9", "rn10"),
        ("N10", "kg10"),
    ];
    for mode in ["normal", "long-game"] {
        let s = position(&pieces, false, 1, Rules::of(mode, "lookahead"));
        let after = s.play("B9-B8");
        assert_eq!(
            after.result.as_deref(),
            Some("tiger-wins:checkmate"),
            "{mode}"
        );
    }
    // Without the check it is the draw by no legal action: the King's only
    // squares are covered and nothing else can act.
    let pieces = [
        ("A1", "Kg1"),
        ("C8", "ra10"),
        ("B9", "rn10"),
        ("N10", "kg10"),
    ];
    let s = position(&pieces, false, 1, Rules::of("normal", "lookahead"));
    let after = s.play("C8-C2");
    assert_eq!(after.result.as_deref(), Some("draw:no-legal-action"));
}

#[test]
fn only_sniper_captures_a_king_and_by_a_pivot_route() {
    // A Royal Rook on A1, the Tiger King on C3: no straight line, a bent
    // route A1-A3-C3.
    let pieces = [("A1", "RRe1"), ("N1", "Kg1"), ("C3", "kg10")];
    let sniper = position(&pieces, true, 3, Rules::of("sniper", "lookahead"));
    assert!(sniper.legal_actions().contains("A1-C3"));
    assert_eq!(
        sniper.play("A1-C3").result.as_deref(),
        Some("dragon-wins:king-captured")
    );
    let normal = position(&pieces, true, 3, Rules::of("normal", "lookahead"));
    assert!(!normal.legal_actions().contains("A1-C3"));
    assert!(!normal.in_check(false), "a pivot route is no check");
}

#[test]
fn the_prince_jumps_once_more_after_a_swap_and_the_squire_stays() {
    let s = RefFm::start(Rules::of("normal", "lookahead")).play("H1<>A2");
    assert_eq!(s.moves_left, 2);
    let legal = s.legal_actions();
    // From A2 the Prince jumps over the Pawn to A4 and to C4; no swap again.
    assert!(legal.contains("A2-A4") && legal.contains("A2-C4"));
    assert!(!legal.iter().any(|a| a.contains("<>")), "{legal:?}");
    assert!(
        s.export().contains(" dragon 2 a2,h1~ - - -"),
        "{}",
        s.export()
    );
    let s = s.play("A2-A4");
    assert!(!s.legal_actions().iter().any(|a| a.starts_with("A4-")));
}
