//! The match's own tests that read its private records (the stage's turn).

use super::*;

#[test]
fn a_stale_record_of_the_stage_turn_fails_the_round_trip() {
    let mut game = NorthernLight::new(&SeriesOptions::default());
    assert_eq!(game.turn(), Turn::Chance);
    let text = game.export_string();
    // What the record would say had a change of stage not been recorded.
    game.stage_turn = Turn::Player(Side::Red);
    let back = NorthernLight::import(&text, game.options()).unwrap();
    assert_eq!(back.turn(), Turn::Chance);
    assert_ne!(back, game);
}

#[test]
fn first_movers_read_as_written_and_otherwise() {
    let game = NorthernLight::new(&SeriesOptions::default());
    let mut first = game.clone();
    first.apply_unchecked(JewelAction::first_move(Side::Red), &mut |_| {});
    let text = first.export_string();
    assert!(text.contains(" qi-first:red "), "{text}");
    // The token as written (read at once), in other cases (read by the
    // general path), and glued to more text or given twice (refused).
    for token in ["qi-first:red", "qi-first:RED", "qi-first:Red"] {
        let other = text.replace("qi-first:red", token);
        assert_eq!(
            NorthernLight::import(&other, game.options()).unwrap(),
            first
        );
    }
    for token in ["qi-first:redx", "qi-first:red qi-first:red", "qi-first:"] {
        let other = text.replace("qi-first:red", token);
        assert!(
            NorthernLight::import(&other, game.options()).is_err(),
            "{other}"
        );
    }
}

#[test]
fn import_splits_fields_at_any_whitespace() {
    let game = NorthernLight::new(&SeriesOptions::default());
    let mut first = game.clone();
    first.apply_unchecked(JewelAction::first_move(Side::Red), &mut |_| {});
    let text = first.export_string();
    // A vertical tab (ASCII, but not `u8::is_ascii_whitespace`), an
    // ideographic space and a no-break space (beyond ASCII); a zero-width
    // space is not whitespace.
    for sep in ["\u{b}", "\u{3000}", "\u{a0}", " \t\r\n"] {
        let other = text.replace(' ', sep);
        assert_eq!(
            NorthernLight::import(&other, game.options()).unwrap(),
            first
        );
    }
    let glued = text.replacen(' ', "\u{200b}", 1);
    assert!(NorthernLight::import(&glued, game.options()).is_err());
}
