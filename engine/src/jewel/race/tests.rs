use super::*;
use crate::core::{ApplyError, GameOptions};

fn options(pairs: &[(&str, &str)]) -> RaceOptions {
    let mut o = RaceOptions::default();
    for (k, v) in pairs {
        o.set(k, v).unwrap();
    }
    o
}

fn at(text: &str, pairs: &[(&str, &str)]) -> Race {
    Race::import(text, &options(pairs)).unwrap_or_else(|e| panic!("{e}"))
}

fn play(race: &mut Race, line: &[&str]) -> Vec<String> {
    let mut events = Vec::new();
    for text in line {
        let a = race.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        race.apply(a, &mut |e: RaceEvent| events.push(e.to_string()))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    events
}

fn legal(race: &Race) -> Vec<String> {
    let mut buf = <Race as Game>::Actions::default();
    race.legal_actions(&mut buf);
    buf.iter().map(|&a| race.action_text(a)).collect()
}

fn tags(events: &[String]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e.split(':').next().unwrap_or(""))
        .collect()
}

#[test]
fn the_coin_decides_then_the_first_mover_rolls() {
    let mut race = Race::new(&RaceOptions::default());
    assert_eq!(race.turn(), Turn::Chance);
    assert_eq!(legal(&race), ["coin green", "coin red"]);
    assert_eq!(
        race.export_string(),
        "G:K11,K11 R:A1,A1 first:coin moves:0,0 coin"
    );
    play(&mut race, &["coin red"]);
    assert_eq!(race.turn(), Turn::Chance);
    assert_eq!(legal(&race).len(), 6);
    play(&mut race, &["roll 4"]);
    assert_eq!(race.turn(), Turn::Player(Side::Red));
    // Both Red Leaders stand on A1: one action, not two.
    assert_eq!(legal(&race), ["A1+4"]);
    play(&mut race, &["A1+4"]);
    assert_eq!(
        race.export_string(),
        "G:K11,K11 R:A1,C5 first:red moves:0,1 green:roll"
    );
}

#[test]
fn every_roll_node_fills_the_capacity_of_six_and_probabilities_are_one_sixth() {
    let race = Race::new(&options(&[("first", "green")]));
    let mut buf = <Race as Game>::Actions::default();
    race.legal_actions(&mut buf);
    assert_eq!(buf.len(), buf.capacity());
    for &a in buf.iter() {
        assert_eq!(
            race.chance_probability(a),
            Some(Probability { num: 1, den: 6 })
        );
    }
    assert_eq!(race.chance_probability(RaceAction::PASS), None);
}

#[test]
fn a10_sets_back_b11_diagonally() {
    // seed 002, Race: "if an Expedition Leader lands on A10 then an opposing
    // Expedition Leader on B11 would be Set-back to his starting square"
    let mut race = at("G:B11,K9 R:A1,A9 first:red moves:4,4 red:1", &[]);
    let events = play(&mut race, &["A9+1"]);
    assert_eq!(tags(&events), ["diagonal-set-back"]);
    assert_eq!(
        race.leaders(Side::Green),
        [
            Some(track::GEOMETRY.at(10, 10)),
            Some(track::GEOMETRY.at(10, 8))
        ]
    );
}

#[test]
fn f6_blocks_a11_from_k1() {
    let mut race = at("G:K1,K11 R:A1,A9 first:red moves:4,4 red:2", &[]);
    let events = play(&mut race, &["A9+2"]);
    assert_eq!(tags(&events), ["diagonal-blocked"]);
    assert!(events[0].contains("F6"), "{events:?}");
    assert_eq!(race.progress(Side::Green), [0, 10]);
}

#[test]
fn the_prominent_squares_relatively_foremost_and_blocking() {
    // Two opposing Unsecured Leaders on F8 and G9: only F8 (the nearer) goes back.
    let mut race = at("G:F8,G9 R:A1,A3 first:red moves:9,9 red:1", &[]);
    let events = play(&mut race, &["A3+1"]);
    assert_eq!(tags(&events), ["diagonal-set-back"]);
    assert!(events[0].contains("on F8"), "{events:?}");
    // A further move that stays on the set (B4 to C5) sets back again on G9.
    play(&mut race, &["roll 6", "K11+6", "roll 1"]);
    let events = play(&mut race, &["B4+1"]);
    assert!(events[0].contains("on G9"), "{events:?}");
    // A Leader of either side on C5 or D6 blocks.
    let mut race = at("G:G9,K11 R:A3,D6 first:red moves:9,9 red:1", &[]);
    let events = play(&mut race, &["A3+1"]);
    assert_eq!(tags(&events), ["diagonal-blocked"]);
    assert!(events[0].contains("on D6"), "{events:?}");
    assert_eq!(race.progress(Side::Green), [0, 36]);
}

#[test]
fn secured_leaders_cannot_be_landed_on_and_a_blocked_mover_passes() {
    // Green pair on A5? Not on the track: use B4 (Red's 4th square).
    let race = at("G:B4,B4 R:A1,A1 first:red moves:3,3 red:3", &[]);
    assert_eq!(legal(&race), ["pass"]);
    let mut race = race;
    let events = play(&mut race, &["pass"]);
    assert_eq!(tags(&events), ["pass"]);
    assert_eq!(race.moves(Side::Red), 4);
    assert_eq!(race.turn(), Turn::Chance);
    // With a throw that misses the pair the Leader passes over it.
    let mut race = at("G:B4,B4 R:A1,A1 first:red moves:3,3 red:4", &[]);
    play(&mut race, &["A1+4"]);
    assert_eq!(race.progress(Side::Red), [0, 4]);
    // Under the blockade reading he cannot pass over it either.
    let race = at(
        "G:B4,B4 R:A1,A1 first:red moves:3,3 red:4",
        &[("secured", "blockade")],
    );
    assert_eq!(legal(&race), ["pass"]);
}

#[test]
fn forward_and_diagonal_in_one_move_is_a_double_set_back() {
    // Red lands on A10 (forward on a Green there) and reaches B11 diagonally.
    let mut race = at("G:A10,B11 R:A1,B8 first:red moves:9,9 red:2", &[]);
    let events = play(&mut race, &["B8+2"]);
    assert_eq!(
        tags(&events),
        ["forward-set-back", "diagonal-set-back", "double-set-back"]
    );
    assert_eq!(race.progress(Side::Green), [0, 0]);
}

#[test]
fn greatest_when_forced_keeps_only_the_double_set_back() {
    let text = "G:A10,B11 R:A2,B8 first:red moves:9,9 red:2";
    // A2+2 lands on B4 and sets back nothing; both moves are legal.
    assert_eq!(legal(&at(text, &[])), ["A2+2", "B8+2"]);
    // From K2 a throw of 2 lands on J1, whose diagonal reaches A10: now every
    // move sets back, B8+2 twice.
    let text = "G:A10,B11 R:B8,K2 first:red moves:9,9 red:2";
    assert_eq!(legal(&at(text, &[])), ["B8+2", "K2+2"]);
    let mut race = at(text, &[]);
    assert_eq!(tags(&play(&mut race, &["K2+2"])), ["diagonal-set-back"]);
    assert_eq!(
        legal(&at(text, &[("setback-choice", "greatest-when-forced")])),
        ["B8+2"]
    );
}

#[test]
fn finishing_needs_the_minimum_or_more() {
    let mut race = at("G:K11,K11 R:C1,home first:red moves:20,20 red:5", &[]);
    assert_eq!(legal(&race), ["C1+5"]);
    let events = play(&mut race, &["C1+5"]);
    assert_eq!(tags(&events), ["home"]);
    let Turn::Over(o) = race.turn() else {
        panic!("red finished both Leaders")
    };
    assert_eq!(o.to_string(), "red wins by completed-by-50 (0-1 Chords)");
    assert_eq!(
        race.export_string(),
        "G:K11,K11 R:home,home first:red moves:20,21 red-wins:completed-by-50"
    );
    let back = Race::import(&race.export_string(), &RaceOptions::default()).unwrap();
    assert_eq!(back, race);
}

#[test]
fn the_exact_finish_lands_only_under_the_other_reading() {
    // A lone Green sits on A1, Red's starting square; Red throws exactly home.
    let text = "G:A1,K11 R:B1,B4 first:red moves:20,20 red:1";
    let mut race = at(text, &[]);
    assert_eq!(tags(&play(&mut race, &["B1+1"])), ["home"]);
    assert_eq!(race.progress(Side::Green), [0, 20]);
    let mut race = at(text, &[("finish", "lands-on-exact")]);
    let events = play(&mut race, &["B1+1"]);
    assert_eq!(tags(&events), ["forward-set-back", "home"]);
    assert_eq!(race.progress(Side::Green), [0, 0]);
    // Secured Greens on A1 refuse the exact throw.
    let text = "G:A1,A1 R:B1,B4 first:red moves:20,20 red:1";
    assert_eq!(legal(&at(text, &[("finish", "lands-on-exact")])), ["B4+1"]);
}

#[test]
fn a_waiting_leader_is_shared_or_closed() {
    // One Green still waits on K11; Red lands there (Red's 21st square).
    let text = "G:K11,I5 R:A1,I11 first:red moves:9,9 red:2";
    let mut race = at(text, &[]);
    assert!(play(&mut race, &["I11+2"]).is_empty());
    assert_eq!(race.progress(Side::Green)[0], 0);
    assert_eq!(race.progress(Side::Red), [0, 20]);
    race.check_invariants().unwrap();
    let race = at(text, &[("start-square", "closed")]);
    assert_eq!(legal(&race), ["A1+2"]);
}

#[test]
fn the_move_limit_ends_setting_back_and_the_second_player_moves_again() {
    // Red moved first; Green's 50th move reaches the limit.
    let mut race = at("G:K10,K3 R:K1,A9 first:red moves:49,50 green:1", &[]);
    let events = play(&mut race, &["K10+1"]);
    assert_eq!(tags(&events), ["move-limit"]);
    assert!(race.limit_reached());
    assert_eq!(race.turn(), Turn::Chance);
    play(&mut race, &["roll 2"]);
    assert_eq!(race.turn(), Turn::Player(Side::Green));
    // Green lands on the Red Leader on K1: no Set-back any more.
    let events = play(&mut race, &["K3+2"]);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(race.progress(Side::Red), [8, 30]);
    assert_eq!(race.turn(), Turn::Chance);
    play(&mut race, &["roll 6"]);
    assert_eq!(race.turn(), Turn::Player(Side::Red));
    race.check_invariants().unwrap();
    // Free stacking: Red may land on a square with two Greens.
    let race = at("G:K1,K1 R:A9,J4 first:red moves:52,51 red:3", &[]);
    assert_eq!(legal(&race), ["A9+3", "J4+3"]);
    let mut after = race;
    play(&mut after, &["J4+3"]);
    assert_eq!(after.progress(Side::Red), [8, 30]);
}

#[test]
fn a_game_won_after_the_limit_is_completed_after_50() {
    let mut race = at("G:J11,home R:A9,K1 first:red moves:60,60 green:roll", &[]);
    play(&mut race, &["roll 3", "J11+3"]);
    let Turn::Over(o) = race.turn() else {
        panic!("green finished")
    };
    assert_eq!(o.rule, COMPLETED_AFTER_50);
    let mut race = at(
        "G:J11,home R:A9,K1 first:red moves:60,60 green:roll",
        &[("scoring", "tie-break")],
    );
    play(&mut race, &["roll 3", "J11+3"]);
    let Turn::Over(o) = race.turn() else {
        panic!("green finished")
    };
    assert_eq!(
        o.to_string(),
        "green wins by completed-after-50 (1-0 Notes)"
    );
}

#[test]
fn actions_order_by_variant_then_fields() {
    let list = [
        RaceActionKind::Coin(Side::Green),
        RaceActionKind::Coin(Side::Red),
        RaceActionKind::Roll(1),
        RaceActionKind::Roll(6),
        RaceActionKind::Advance {
            from: Square(0),
            steps: 6,
        },
        RaceActionKind::Advance {
            from: Square(1),
            steps: 1,
        },
        RaceActionKind::Advance {
            from: Square(120),
            steps: 6,
        },
        RaceActionKind::Pass,
    ];
    for (i, &a) in list.iter().enumerate() {
        // Packing round-trips, and packed actions order as their kinds.
        assert_eq!(RaceAction::new(a).kind(), a);
        for (j, &b) in list.iter().enumerate() {
            assert_eq!(RaceAction::new(a).cmp(&RaceAction::new(b)), i.cmp(&j));
            assert_eq!(a.cmp(&b), i.cmp(&j), "{a:?} {b:?}");
        }
    }
    assert_eq!(
        format!("{:?}", RaceAction::roll(4)),
        format!("{:?}", RaceActionKind::Roll(4))
    );
}

#[test]
fn illegal_actions_change_nothing() {
    let mut race = at("G:B4,B4 R:A1,A1 first:red moves:3,3 red:3", &[]);
    let before = race;
    for text in ["A1+3", "A1+4", "roll 3", "coin red", "K11+3"] {
        let a = race.parse_action(text).unwrap();
        assert_eq!(race.play(a), Err(ApplyError::NotLegal), "{text}");
        assert_eq!(race, before);
        assert_eq!(race.hash(), before.hash());
    }
}

#[test]
fn notation_round_trips_and_bad_text_says_what_was_expected() {
    let race = Race::new(&RaceOptions::default());
    for text in [
        "roll 1",
        "roll 6",
        "coin green",
        "coin red",
        "A1+4",
        "K11+6",
        "pass",
    ] {
        let a = race.parse_action(text).unwrap();
        assert_eq!(race.action_text(a), text);
    }
    assert_eq!(race.parse_action("4"), Ok(RaceAction::roll(4)));
    for text in [
        "roll 7",
        "7",
        "0",
        "roll",
        "coin blue",
        "A1+0",
        "A1+",
        "Z1+3",
        "A1-4",
        "",
        "+3",
    ] {
        let e = race.parse_action(text).unwrap_err();
        assert!(!e.expected.is_empty(), "{text}");
    }
}

#[test]
fn positions_round_trip_and_bad_positions_name_what_was_expected() {
    for text in [
        "G:K11,K11 R:A1,A1 first:coin moves:0,0 coin",
        "G:K11,K11 R:A1,A1 first:green moves:0,0 green:roll",
        "G:C5,home R:A1,J11 first:green moves:30,29 red:4",
        "G:K1,K1 R:A9,K1 first:red moves:51,51 green:roll",
    ] {
        let race = at(text, &[]);
        assert_eq!(race.export_string(), text);
        race.check_invariants().unwrap();
    }
    let bad = [
        (
            "G:K11,K11 R:A1,A1 first:red moves:0,0",
            "turn field is missing",
        ),
        ("G:K11 R:A1,A1 first:red moves:0,0 red:roll", "found one"),
        (
            "G:K11,B3,A1 R:A1,A1 first:red moves:0,0 red:roll",
            "found more",
        ),
        (
            "G:K11,B3 R:A1,A1 first:red moves:0,0 red:roll",
            "not on the indented track",
        ),
        (
            "G:K11,K11 R:A1,A1 first:red moves:0,0 green:roll",
            "red is to move",
        ),
        (
            "G:K11,K11 R:A1,A1 first:red moves:5,3 green:roll",
            "cannot happen",
        ),
        ("G:K11,K11 R:A1,A1 first:red moves:0,0 red:7", "throw 1-6"),
        (
            "G:K11,K11 R:A1,A1 first:maybe moves:0,0 red:roll",
            "first:coin",
        ),
        (
            "G:K11,K11 R:A1,A1 first:red moves:x,0 red:roll",
            "moves:<green>,<red>",
        ),
        (
            "G:K11,K11 R:A1,A1 first:coin moves:1,0 coin",
            "coin is to be tossed",
        ),
        ("G:B4,K11 R:B4,A1 first:red moves:3,3 red:roll", "share B4"),
        (
            "G:home,home R:A1,A1 first:red moves:3,3 red:roll",
            "both Leaders home",
        ),
        (
            "G:home,home R:A1,A1 first:red moves:3,3 red-wins:completed-by-50",
            "winner's Leaders",
        ),
        (
            "G:home,home R:A1,A1 first:red moves:61,60 green-wins:completed-by-50",
            "won after",
        ),
        (
            "G:K11,K11 R:A1,A1 first:red moves:200,200 red:roll",
            "moves",
        ),
        (
            "G:K11,K11 R:A1,A1 first:red moves:0,0 red:roll extra",
            "more",
        ),
    ];
    for (text, needle) in bad {
        let e = Race::import(text, &RaceOptions::default()).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
    // On the plain ring B4 is no track square, A4 is.
    let ring = [("track", "plain-ring")];
    assert!(
        Race::import(
            "G:K11,K11 R:A1,C5 first:red moves:0,1 green:roll",
            &options(&ring)
        )
        .is_err()
    );
    at("G:K11,K11 R:A1,A4 first:red moves:0,1 green:roll", &ring);
}

#[test]
fn hashes_follow_the_position_not_the_path() {
    // Red A1+4 then Green K11+4 versus the same position imported.
    let mut race = Race::new(&options(&[("first", "red")]));
    play(&mut race, &["roll 4", "A1+4", "roll 4", "K11+4"]);
    let direct = at(
        "G:K11,I7 R:A1,C5 first:red moves:1,1 red:roll",
        &[("first", "red")],
    );
    assert_eq!(race, direct);
    assert_eq!(race.hash(), direct.hash());
    assert_eq!(race.hash(), race.recompute_hash());
}

#[test]
fn random_games_end_within_the_bound_and_keep_every_invariant() {
    // A fixed, RNG-free walk: SplitMix64 picks among the legal actions.
    let mut buf = <Race as Game>::Actions::default();
    for shape in ["indented", "plain-ring"] {
        for g in 0..300u64 {
            let mut race = Race::new(&options(&[("track", shape)]));
            let mut s = g;
            while !matches!(race.turn(), Turn::Over(_)) {
                race.legal_actions(&mut buf);
                s = zobrist::splitmix64(s);
                // is_legal (checked directly for the die and coin) agrees with
                // the list, for listed and unlisted actions alike.
                for probe in [s, s >> 7, s >> 13] {
                    let any = race.arbitrary_action(probe);
                    assert_eq!(race.is_legal(any), buf.contains(&any), "{any:?}");
                }
                let a = buf[(s % buf.len() as u64) as usize];
                race.apply(a, &mut |_| {}).unwrap();
                race.check_invariants().unwrap();
                // The fast check and the explaining one agree on every state.
                text::explain(&race).unwrap();
                assert_eq!(race.hash(), race.recompute_hash());
                assert!(race.ply() <= 519);
            }
        }
    }
}

#[test]
fn a_race_on_tigerswing_clocks_with_synthetic_move_times() {
    use crate::core::clocks::{ClockError, Clocks, Millis};
    // Each player move (advance or pass: "Passed moves are counted for move
    // limits") presses the clock; the roll is part of the move. Synthetic times
    // from SplitMix64: mostly a few seconds, now and then minutes.
    let mut buf = <Race as Game>::Actions::default();
    let (mut flags, mut finished) = (0, 0);
    for g in 0..200u64 {
        let mut race = Race::new(&options(&[("first", "red")]));
        let mut clocks = Clocks::new(super::CLOCK);
        let mut s = g.wrapping_mul(0x9E37_79B9);
        let outcome = loop {
            if let Turn::Over(o) = race.turn() {
                break o;
            }
            race.legal_actions(&mut buf);
            s = zobrist::splitmix64(s);
            let a = buf[(s % buf.len() as u64) as usize];
            if let Turn::Player(side) = race.turn() {
                let think = if s >> 60 == 0 {
                    Millis::secs(60 + (s >> 8) % 600)
                } else {
                    Millis((s >> 8) % 40_000)
                };
                match clocks.record_move(side, think) {
                    Ok(left) => assert_eq!(left, clocks.remaining(side)),
                    Err(ClockError::FlagFell(f)) => {
                        assert_eq!(f.side, side);
                        assert_eq!(clocks.remaining(side), Millis::ZERO);
                        break race.loss_on_time(side);
                    }
                    Err(e) => panic!("{e}"),
                }
                // The clock counts the same moves as the game.
                race.apply(a, &mut |_| {}).unwrap();
                assert_eq!(clocks.player(side).moves, u32::from(race.moves(side)));
            } else {
                race.apply(a, &mut |_| {}).unwrap();
            }
            clocks.check().unwrap();
        };
        if outcome.rule == crate::core::clocks::LOSS_ON_TIME {
            flags += 1;
            assert_eq!(outcome.score.unit, crate::core::ScoreUnit::Chords);
            let loser = outcome.winner.map(Side::opponent);
            assert_eq!(clocks.flag().map(|f| Some(f.side)), Some(loser));
        } else {
            finished += 1;
            assert_eq!(clocks.flag(), None);
        }
    }
    // Both endings happen with these times.
    assert!(
        flags > 0 && finished > 0,
        "{flags} flags, {finished} finished"
    );
}
