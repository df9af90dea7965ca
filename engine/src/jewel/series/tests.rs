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
