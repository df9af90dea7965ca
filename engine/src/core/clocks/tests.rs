use proptest::prelude::*;

use super::samples;
use super::*;
use crate::core::ScoreUnit;

fn ms(n: u64) -> Millis {
    Millis(n)
}

#[test]
fn duel_lag_is_a_delay_and_a_flag_falls_at_zero() {
    let mut c = Clocks::new(samples::countdown_5s(5));
    // Within the five-second lag a move is free.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(5)),
        Ok(Millis::mins(5))
    );
    // Beyond it only the excess counts.
    assert_eq!(
        c.record_move(Side::Green, Millis::secs(35)),
        Ok(Millis::secs(270))
    );
    // Using exactly what is left (after the lag) leaves zero, not a flag.
    assert_eq!(
        c.record_move(Side::Red, Millis::mins(5) + Millis::secs(5)),
        Ok(Millis::ZERO)
    );
    // At zero a move within the lag is still free; one millisecond more is not.
    assert_eq!(c.record_move(Side::Red, Millis::secs(5)), Ok(Millis::ZERO));
    let flag = FlagFall {
        side: Side::Red,
        move_number: 4,
    };
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(5) + ms(1)),
        Err(ClockError::FlagFell(flag))
    );
    assert_eq!(c.flag(), Some(flag));
    let before = c;
    assert_eq!(
        c.record_move(Side::Green, ms(1)),
        Err(ClockError::Stopped(flag))
    );
    assert_eq!(c, before);
    c.check().unwrap();
    let o = flag.outcome(crate::core::Score::win(
        Side::Green,
        1,
        ScoreUnit::GamePoints,
    ));
    assert_eq!(
        o.to_string(),
        "green wins by loss-on-time (1-0 Game Points)"
    );
}

#[test]
fn the_other_lag_readings() {
    let bronstein = TimeControl::Countdown {
        base: Millis::secs(10),
        lag: Lag {
            amount: Millis::secs(5),
            reading: LagReading::Bronstein,
        },
    };
    let mut c = Clocks::new(bronstein);
    // 3 s used, 3 s given back.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(3)),
        Ok(Millis::secs(10))
    );
    // 8 s used, 5 s given back.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(8)),
        Ok(Millis::secs(7))
    );
    // Under Bronstein the clock runs during the lag: 8 s with 7 left flags.
    assert!(c.record_move(Side::Red, Millis::secs(8)).is_err());

    let fischer = TimeControl::Countdown {
        base: Millis::secs(10),
        lag: Lag {
            amount: Millis::secs(5),
            reading: LagReading::Increment,
        },
    };
    let mut c = Clocks::new(fischer);
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(1)),
        Ok(Millis::secs(14))
    );
}

#[test]
fn northern_light_carries_unused_time_and_the_interval_is_off_the_clocks() {
    let mut qi = Clocks::new(samples::SIXTY_NO_LAG);
    // DiamondQi has no lag: every millisecond counts.
    assert_eq!(
        qi.record_move(Side::Green, Millis::secs(2)),
        Ok(Millis::secs(3598))
    );
    qi.record_move(Side::Red, Millis::mins(50)).unwrap();
    Clocks::check_interval(Millis::mins(30)).unwrap();
    assert!(matches!(
        Clocks::check_interval(Millis::mins(31)),
        Err(ClockError::IntervalTooLong { .. })
    ));
    let quest = qi.next_hunt(samples::THIRTY_5S);
    assert_eq!(
        quest.remaining(Side::Green),
        Millis::mins(30) + Millis::secs(3598)
    );
    assert_eq!(quest.remaining(Side::Red), Millis::mins(40));
    let chess = quest.next_hunt(samples::THIRTY_5S);
    assert_eq!(chess.remaining(Side::Red), Millis::mins(70));
    chess.check().unwrap();
}

#[test]
fn tigerclocks_reserve_accrues_during_engagement_time() {
    let mut c = Clocks::new(samples::TIGERCLOCKS);
    for _ in 0..10 {
        c.record_move(Side::Red, Millis::mins(10)).unwrap();
    }
    // 100 of 120 minutes used, 10 minutes of reserve earned.
    let p = *c.player(Side::Red);
    assert_eq!((p.main, p.reserve), (Millis::mins(20), Millis::mins(10)));
    // A move that outlasts the engagement time draws on the reserve, earns none.
    c.record_move(Side::Red, Millis::mins(25)).unwrap();
    let p = *c.player(Side::Red);
    assert_eq!((p.main, p.reserve), (Millis::ZERO, Millis::mins(5)));
    assert!(c.record_move(Side::Red, Millis::mins(5) + ms(1)).is_err());
    c.check().unwrap();

    // The per-move reading: each move's own 60 s run first.
    let per_move = TimeControl::TigerClocks {
        engagement: Millis::mins(120),
        reserve_per_move: Millis::secs(60),
        reading: ReserveReading::PerMove,
    };
    let mut c = Clocks::new(per_move);
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(90)),
        Ok(Millis::mins(120).saturating_sub(Millis::secs(30)))
    );
}

#[test]
fn tigerswing_swings_into_the_reserve_until_the_limit() {
    let mut c = Clocks::new(samples::TIGERSWING);
    // 10 s lag, then 15 s of the 30 s swing: 15 s swing into the Reserve.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(25)),
        Ok(Millis::mins(30) + Millis::secs(15))
    );
    // 10 s lag, then 50 s: 30 s swing and 20 s from the Reserve.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(60)),
        Ok(Millis::mins(30).saturating_sub(Millis::secs(5)))
    );
    for _ in 2..50 {
        c.record_move(Side::Red, Millis::secs(40)).unwrap();
    }
    assert_eq!(c.player(Side::Red).moves, 50);
    let at_limit = c.remaining(Side::Red);
    assert_eq!(at_limit, Millis::mins(30).saturating_sub(Millis::secs(5)));
    // After the limit: the lag still, no swing.
    assert_eq!(
        c.record_move(Side::Red, Millis::secs(40)),
        Ok(at_limit.saturating_sub(Millis::secs(30)))
    );
    c.check().unwrap();
}

#[test]
fn tigerincrement_gives_the_seeds_seven_hours() {
    // "The total time allowed in our example is seven hours for each player":
    // 100 min + 100 x 2 min + 120 min. A player using exactly 2 minutes a move
    // keeps his Reserve to the cut-off, then has it and the Final Increment.
    for timing in [IncrementTiming::AfterMove, IncrementTiming::BeforeMove] {
        let control = TimeControl::TigerIncrement {
            reserve: Millis::mins(100),
            increment: Millis::mins(2),
            cut_off: 100,
            final_increment: Millis::mins(120),
            timing,
        };
        let mut c = Clocks::new(control);
        let mut used = Millis::ZERO;
        for _ in 0..100 {
            c.record_move(Side::Green, Millis::mins(2)).unwrap();
            used = used + Millis::mins(2);
        }
        // Then the countdown phase: no more is added.
        let mut left = c.remaining(Side::Green);
        if timing == IncrementTiming::AfterMove {
            assert_eq!(left, Millis::mins(220));
        }
        while left > Millis::ZERO {
            let step = if left < Millis::mins(7) {
                left
            } else {
                Millis::mins(7)
            };
            left = c.record_move(Side::Green, step).unwrap();
            used = used + step;
        }
        assert_eq!(used, Millis::mins(420), "{timing:?}");
        assert!(c.record_move(Side::Green, ms(1)).is_err());
        c.check().unwrap();
    }
}

fn lag_reading() -> impl Strategy<Value = LagReading> {
    prop_oneof![
        Just(LagReading::Delay),
        Just(LagReading::Bronstein),
        Just(LagReading::Increment)
    ]
}

fn control() -> impl Strategy<Value = TimeControl> {
    let t = 0u64..600_000;
    prop_oneof![
        (t.clone(), 0u64..20_000, lag_reading()).prop_map(|(base, lag, reading)| {
            TimeControl::Countdown {
                base: ms(base),
                lag: Lag {
                    amount: ms(lag),
                    reading,
                },
            }
        }),
        (t.clone(), 0u64..120_000, any::<bool>()).prop_map(|(e, r, accrued)| {
            TimeControl::TigerClocks {
                engagement: ms(e),
                reserve_per_move: ms(r),
                reading: if accrued {
                    ReserveReading::Accrued
                } else {
                    ReserveReading::PerMove
                },
            }
        }),
        (
            t.clone(),
            0u64..60_000,
            0u32..20,
            0u64..20_000,
            lag_reading(),
            any::<(bool, bool)>()
        )
            .prop_map(|(reserve, swing, limit, lag, reading, (carried, stops))| {
                TimeControl::TigerSwing {
                    reserve: ms(reserve),
                    swing: ms(swing),
                    move_limit: limit,
                    lag: Lag {
                        amount: ms(lag),
                        reading,
                    },
                    reading: if carried {
                        SwingReading::Carried
                    } else {
                        SwingReading::PerMove
                    },
                    after_limit: if stops {
                        SwingAfterLimit::Stops
                    } else {
                        SwingAfterLimit::Continues
                    },
                }
            }),
        (t, 0u64..120_000, 0u32..20, 0u64..600_000, any::<bool>()).prop_map(
            |(reserve, inc, cut, fin, after)| TimeControl::TigerIncrement {
                reserve: ms(reserve),
                increment: ms(inc),
                cut_off: cut,
                final_increment: ms(fin),
                timing: if after {
                    IncrementTiming::AfterMove
                } else {
                    IncrementTiming::BeforeMove
                },
            }
        ),
    ]
}

/// Move times, mostly near the lags and allowances (seconds), some long.
fn think() -> impl Strategy<Value = u64> {
    prop_oneof![3 => 0u64..40_000, 1 => 0u64..700_000]
}

fn moves() -> impl Strategy<Value = Vec<(bool, u64)>> {
    proptest::collection::vec((any::<bool>(), think()), 0..80)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// The books balance after every move, time never goes negative (a move can
    /// only end normally or with the flag), and once a flag falls nothing moves.
    #[test]
    fn the_books_balance_and_a_flag_stops_the_clocks(control in control(), moves in moves()) {
        let mut c = Clocks::new(control);
        for (red, think) in moves {
            let side = if red { Side::Red } else { Side::Green };
            let before = c;
            match c.record_move(side, ms(think)) {
                Ok(left) => {
                    prop_assert_eq!(left, c.remaining(side));
                    prop_assert!(before.flag().is_none());
                    prop_assert_eq!(c.player(side).moves, before.player(side).moves + 1);
                    prop_assert_eq!(c.player(side.opponent()), before.player(side.opponent()));
                }
                Err(ClockError::FlagFell(f)) => {
                    prop_assert_eq!(f.side, side);
                    prop_assert_eq!(c.remaining(side), Millis::ZERO);
                    prop_assert_eq!(c.flag(), Some(f));
                }
                Err(ClockError::Stopped(_)) => prop_assert_eq!(c, before),
                Err(e @ ClockError::IntervalTooLong { .. }) => prop_assert!(false, "{e}"),
            }
            prop_assert!(c.check().is_ok(), "{:?}", c.check());
        }
    }

    /// Taking longer over a move never leaves more time, and a flag falls for a
    /// longer move whenever it falls for a shorter one.
    #[test]
    fn longer_moves_never_leave_more_time(
        control in control(),
        history in moves(),
        a in think(),
        b in think(),
    ) {
        let mut c = Clocks::new(control);
        for (red, think) in history {
            let side = if red { Side::Red } else { Side::Green };
            let _ = c.record_move(side, ms(think));
        }
        let (short, long) = (a.min(b), a.max(b));
        let (mut x, mut y) = (c, c);
        let rx = x.record_move(Side::Green, ms(short));
        let ry = y.record_move(Side::Green, ms(long));
        if let (Ok(lx), Ok(ly)) = (rx, ry) {
            prop_assert!(ly <= lx);
        }
        if rx.is_err() {
            prop_assert!(ry.is_err());
        }
    }

    /// Under the delay reading a single countdown charges exactly what a move took
    /// beyond the lag, and the flag falls exactly when that is more than is left.
    #[test]
    fn a_delay_charges_the_excess_exactly(base in 0u64..600_000, lag in 0u64..20_000, think in think()) {
        let mut c = Clocks::new(TimeControl::Countdown { base: ms(base), lag: Lag::delay(ms(lag)) });
        let cost = think.saturating_sub(lag);
        match c.record_move(Side::Red, ms(think)) {
            Ok(left) => {
                prop_assert!(cost <= base);
                prop_assert_eq!(left, ms(base - cost));
            }
            Err(_) => prop_assert!(cost > base),
        }
    }

    /// TigerIncrement adds exactly the increments of moves 1 to the cut-off and the
    /// Final Increment once: after n moves of a player who never flags, his books
    /// hold those credits and nothing else.
    #[test]
    fn tigerincrement_credits_exactly(
        inc in 0u64..120_000,
        cut in 0u32..30,
        fin in 0u64..600_000,
        n in 0u32..40,
        after in any::<bool>(),
    ) {
        let timing = if after { IncrementTiming::AfterMove } else { IncrementTiming::BeforeMove };
        let control = TimeControl::TigerIncrement {
            reserve: Millis::mins(600),
            increment: ms(inc),
            cut_off: cut,
            final_increment: ms(fin),
            timing,
        };
        let mut c = Clocks::new(control);
        for _ in 0..n {
            c.record_move(Side::Red, Millis::ZERO).unwrap();
        }
        let earned = u64::from(n.min(cut)) * inc;
        // With no cut-off the Final Increment is on the clock from the start.
        let final_due = cut > 0
            && match timing {
                IncrementTiming::AfterMove => n >= cut,
                IncrementTiming::BeforeMove => n > cut,
            };
        let expected = earned + if final_due { fin } else { 0 };
        prop_assert_eq!(c.player(Side::Red).credited, ms(expected));
    }
}

#[test]
fn clock_rulings_are_named_and_have_two_readings() {
    let mut ids: Vec<&str> = RULINGS.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), RULINGS.len());
    for r in RULINGS {
        assert!(r.id.starts_with("clocks."), "{}", r.id);
        assert!(r.readings.len() >= 2 && !r.reason.is_empty(), "{}", r.id);
    }
    // Every kind starts at its control's first figure.
    assert_eq!(samples::countdown_5s(10).initial(), Millis::mins(10));
    assert_eq!(samples::THIRTY_5S.initial(), Millis::mins(30));
    assert_eq!(samples::SIXTY_NO_LAG.initial(), Millis::mins(60));
    assert_eq!(samples::TIGERCLOCKS.initial(), Millis::mins(120));
    assert_eq!(samples::TIGERSWING.initial(), Millis::mins(30));
    assert_eq!(samples::TIGERINCREMENT.initial(), Millis::mins(100));
    assert_eq!(Millis(3_723_250).to_string(), "1:02:03.250");
    assert_eq!(Millis::secs(299).to_string(), "4:59.000");
}

#[test]
fn a_move_made_once_the_engagement_time_is_spent_earns_no_reserve() {
    // fresh20: with the engagement time at zero, moves of no time still
    // earned 60 s each (`think <= main` held, both zero).
    let mut c = Clocks::new(samples::TIGERCLOCKS);
    for _ in 0..10 {
        c.record_move(Side::Green, Millis::mins(12)).unwrap();
    }
    assert_eq!(c.remaining(Side::Green), Millis::mins(10));
    for _ in 0..100 {
        assert_eq!(
            c.record_move(Side::Green, Millis::ZERO),
            Ok(Millis::mins(10))
        );
    }
    c.check().unwrap();
}

#[test]
fn books_driven_past_the_largest_time_fail_their_check_without_overflow() {
    let mut c = Clocks::new(TimeControl::TigerIncrement {
        reserve: Millis(u64::MAX / 2),
        increment: Millis(u64::MAX / 2),
        cut_off: 10,
        final_increment: Millis::ZERO,
        timing: IncrementTiming::AfterMove,
    });
    for _ in 0..4 {
        let _ = c.record_move(Side::Red, Millis::ZERO);
    }
    assert!(c.check().is_err());
}
