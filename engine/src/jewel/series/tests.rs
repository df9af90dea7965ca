//! Unit tests of the series: whole series played out, the choices, the text forms.

use super::*;
use crate::core::{Game, GameOptions, Side, Turn};

fn play(s: &mut JewelSeries, texts: &[&str]) -> Vec<String> {
    let mut events = Vec::new();
    for t in texts {
        let a = s.parse_action(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        s.apply(a, &mut |e| events.push(e.to_string()))
            .unwrap_or_else(|e| panic!("{t}: {e} in {}", s.export_string()));
    }
    events
}

#[test]
fn every_facet_event_tag_is_declared() {
    let declared = <JewelSeries as Game>::EVENTS;
    let facets: [&[&str]; 6] = [
        <Duel as Game>::EVENTS,
        <Ambush as Game>::EVENTS,
        <NorthernLight as Game>::EVENTS,
        <Crystal as Game>::EVENTS,
        <StarLords as Game>::EVENTS,
        <Race as Game>::EVENTS,
    ];
    for tags in facets {
        for t in tags {
            assert!(declared.contains(t), "{t}");
        }
    }
    for t in events::SERIES_TAGS {
        assert!(declared.contains(t), "{t}");
    }
    let mut sorted = declared.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), declared.len(), "a tag declared twice");
}

#[test]
fn the_start_states_bonuses_then_duel_begins() {
    let mut s = JewelSeries::new(&SeriesOptions::default());
    assert_eq!(
        s.export_string(),
        "bonus-statement bonus:-,- chords:0-0 points:0-0"
    );
    assert_eq!(s.turn(), Turn::Player(Side::Green));
    let events = play(&mut s, &["alternate-bonuses", "win-bonus"]);
    assert_eq!(
        events,
        [
            "bonus-stated: green opts for alternate-bonuses",
            "bonus-stated: red opts for win-bonus",
            "next-facet: Duel in the Castle, red moves first"
        ]
    );
    assert_eq!(s.turn(), Turn::Player(Side::Red));
    assert_eq!(
        s.export_string(),
        "duel bonus:alternate-bonuses,win-bonus chords:0-0 points:0-0 | G2/3/2R red"
    );
}

#[test]
fn fixed_bonuses_start_at_duel() {
    let mut o = SeriesOptions::default();
    o.set("green-bonus", "win-bonus").unwrap();
    o.set("red-bonus", "alternate-bonuses").unwrap();
    let s = JewelSeries::new(&o);
    assert!(matches!(s.stage(), Stage::Duel(_)));
    assert_eq!(s.bonus(Side::Red), Some(Bonus::Alternate));
}

const PRE: &str = "duel=red-wins:hold-the-key:0-1 ambush=green-wins:hold-the-key:2-0 northern-light=draw:stalemate:0.5-0.5";

fn import_error(text: &str) -> String {
    match JewelSeries::import(text, &SeriesOptions::default()) {
        Ok(s) => panic!("`{text}` imported as {}", s.export_string()),
        Err(e) => e.expected,
    }
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let cases = [
        ("", "is no stage"),
        ("chess bonus:-,- chords:0-0 points:0-0", "is no stage"),
        ("duel chords:0-0 points:0-0 | G2/3/2R red", "no `bonus:`"),
        (
            "duel bonus:win-bonus | G2/3/2R red",
            "`bonus:<green>,<red>`",
        ),
        ("duel bonus:win,win | G2/3/2R red", "a bonus is"),
        (
            "duel bonus:win-bonus,win-bonus",
            "needs the Facet's position",
        ),
        (
            "bonus-statement bonus:-,- | G2/3/2R red",
            "has no Facet's position",
        ),
        (
            "duel bonus:win-bonus,win-bonus | G2/3/2X red",
            "the Facet's position",
        ),
        (
            "crystal bonus:win-bonus,win-bonus chords:0-0 points:0-0 | rlajcjalr/vvvvvvvvv/9/9/9/9/9/VVVVVVVVV/RLAJCJALR coin",
            "needs a result",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-2 | nqkqn/5/5/5/NQKQN green",
            "gives no score",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=green-wins:hold-the-key:0-1 | nqkqn/5/5/5/NQKQN green",
            "gives no score",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:checkmate:0-1 | nqkqn/5/5/5/NQKQN green",
            "no result of",
        ),
        (
            "ambush bonus:win-bonus,win-bonus chess=red-wins:x:0-1 | nqkqn/5/5/5/NQKQN green",
            "is no Facet",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 duel=red-wins:hold-the-key:0-1 | nqkqn/5/5/5/NQKQN green",
            "two results",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 chords:0-1 | nqkqn/5/5/5/NQKQN green",
            "`chords:` does not match",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 points:1-0 | nqkqn/5/5/5/NQKQN green",
            "`points:` does not match",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 take-back:unused | nqkqn/5/5/5/NQKQN green",
            "`take-back:` only",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 first:up,-,- | nqkqn/5/5/5/NQKQN green",
            "`-`",
        ),
        (
            "ambush bonus:win-bonus,win-bonus duel=red-wins:hold-the-key:0-1 wibble | nqkqn/5/5/5/NQKQN green",
            "unexpected `wibble`",
        ),
        // A field given twice was read over the first.
        (
            "bonus-statement bonus:-,- bonus:-,- chords:0-0 points:0-0",
            "`bonus:` given twice",
        ),
        (
            "bonus-statement bonus:-,- chords:0-0 chords:1-1 points:0-0",
            "`chords:` given twice",
        ),
        (
            "bonus-statement bonus:-,- chords:0-0 points:0-0 points:0-0",
            "`points:` given twice",
        ),
        (
            "duel bonus:win-bonus,win-bonus first:-,-,- first:green,-,- | G2/3/2R red",
            "`first:` given twice",
        ),
        (
            "duel bonus:win-bonus,win-bonus take-back:unused take-back:used | G2/3/2R red",
            "`take-back:` given twice",
        ),
        (
            "duel bonus:win-bonus,- | G2/3/2R red",
            "bonuses are stated before Duel",
        ),
        (
            "bonus-statement bonus:-,win-bonus",
            "Red states his bonus after Green",
        ),
        (
            "duel bonus:win-bonus,win-bonus | 3/1R1/G2 green red-wins:hold-the-key",
            "over",
        ),
        ("a | b | c | d", "at most three parts"),
    ];
    for (text, want) in cases {
        let e = import_error(text);
        assert!(e.contains(want), "`{text}`: `{e}` does not say `{want}`");
    }
    // Star-Lords with the take-back: its field is needed, and consistent.
    let sl = format!(
        "star-lords bonus:win-bonus,alternate-bonuses {PRE} crystal=red-wins:secure-the-key:0-4 first:green,red,red"
    );
    let board = "11/11/11/5l5/11/11/11/11/11/11/L10 red";
    assert!(
        import_error(&format!("{sl} chords:0-4 points:2.5-1.5 | {board}"))
            .contains("give `take-back:")
    );
    assert!(import_error(&format!("{sl} take-back:ready:A1-A2 | {board}")).contains("followed by"));
    assert!(
        import_error(&format!("{sl} take-back:sometimes | {board}")).contains("`take-back:unused`")
    );
    assert!(import_error(&format!("{sl} take-back:replay:A1-A2 | {board}")).contains("same-move"));
    assert!(
        import_error(&format!("{sl} take-back:ready:K1-K2 | {board} | {board}"))
            .contains("not a move of the position before")
    );
    assert!(
        JewelSeries::import(
            &format!("{sl} take-back:unused | {board}"),
            &SeriesOptions::default()
        )
        .is_ok()
    );
}

#[test]
fn bad_notation_says_what_is_expected() {
    let s = JewelSeries::new(&SeriesOptions::default());
    let e = s.parse_action("C1-B1").unwrap_err();
    assert!(e.expected.contains("win-bonus"), "{e}");
    let e = s.parse_action("adjacent-down Z9").unwrap_err();
    assert!(e.expected.contains("adjacent-down D1"), "{e}");
    for text in ["take-back", "accept", "adjacent-down D1", "win-bonus"] {
        let a = s.parse_action(text).unwrap();
        assert_eq!(s.action_text(a), text);
    }
    assert!(!s.is_legal(s.parse_action("take-back").unwrap()));
    let mut again = s.clone();
    assert_eq!(
        again.play(SeriesAction::Accept),
        Err(crate::core::ApplyError::NotLegal)
    );
    assert_eq!(again, s);
}

#[test]
fn the_take_back_state_is_part_of_the_position_and_its_hash() {
    let sl = format!(
        "star-lords bonus:win-bonus,alternate-bonuses {PRE} crystal=red-wins:secure-the-key:0-4 first:green,red,red"
    );
    let board = "11/11/11/5l5/11/11/11/11/11/11/L10 red";
    let unused = JewelSeries::import(
        &format!("{sl} take-back:unused | {board}"),
        &SeriesOptions::default(),
    )
    .unwrap();
    let used = JewelSeries::import(
        &format!("{sl} take-back:used | {board}"),
        &SeriesOptions::default(),
    )
    .unwrap();
    assert_ne!(unused, used);
    assert_ne!(unused.hash(), used.hash());
    let mut a = unused.clone();
    play(&mut a, &["A1-A2", "F8-F7", "take-back"]);
    assert_eq!(
        a, used,
        "the take-back restores the position and spends the bonus"
    );
    assert_eq!(a.hash(), used.hash());
    // The stored position survives clone_from into a state that had none.
    let mut b = used.clone();
    let mut c = unused.clone();
    play(&mut c, &["A1-A2", "F8-F7"]);
    b.clone_from(&c);
    assert_eq!(b, c);
    assert_eq!(b.export_string(), c.export_string());
}
