//! The clocks of the Tiger's-Eye games, driven by the time each move took.
//!
//! The engine has no time source: the caller says how long each move took
//! ([`Clocks::record_move`]), in integer milliseconds ([`Millis`]), and the clock
//! says what is left, or that a flag fell. Four kinds, each with its seed:
//!
//! | kind | games | seed |
//! |---|---|---|
//! | single countdown with a per-move time-lag | Duel (5 or 10 min, 5 s lag), Ambush (30 min, 5 s), DiamondQi (60 min, no lag), DiamondQuest and DiamondChess (30 min plus the unused time of the hunt before, 5 s) | seed 002, each facet's "Clocks" |
//! | TigerClocks, double countdown | Crystal of Doom, Star-Lords (120 min engagement time, 60 s reserve per engagement-time move) | seed 002, Crystal of Doom 4 and Star-Lords 5 |
//! | TigerSwing | Race (reserve 30 min, swing 30 s, 50-move limit, 10 s lag) | seed 002, General Rules for Race 5 |
//! | TigerIncrement | Dragon (reserve, increment per move to a cut-off, final increment, countdown; 100 min, 2 min, 100 moves, 120 min in the example) | seed 000, rule 25 |
//!
//! Time never goes negative: a move that overruns what is left sets that clock to
//! zero and records a [`FlagFall`]; every later move on these clocks is refused.
//! A flag fall ends the game: [`FlagFall::outcome`] gives the opponent the win
//! (ruling [`FLAG_FALL`]). The seeds describe the kinds in a sentence or two; where
//! a sentence reads two ways the reading is a ruling in [`RULINGS`] and a field of
//! the [`TimeControl`], so every reading can be compared.
//!
//! Each game declares the controls its seed states in
//! [`Game::CLOCKS`](super::Game::CLOCKS), by the name a clock scenario gives them
//! (`duel-5`, `race`); the registry collects them.
//!
//! ```
//! use tigerseye_engine::core::clocks::{Clocks, Lag, Millis, TimeControl};
//! use tigerseye_engine::core::Side;
//!
//! // Duel: "five or ten minutes on a single countdown clock. Each move is
//! // time-lagged by five seconds."
//! let duel = TimeControl::Countdown {
//!     base: Millis::mins(5),
//!     lag: Lag::delay(Millis::secs(5)),
//! };
//! let mut clocks = Clocks::new(duel);
//! clocks.record_move(Side::Red, Millis::secs(3)).unwrap();    // within the lag: free
//! clocks.record_move(Side::Green, Millis::secs(65)).unwrap(); // a minute after the lag
//! assert_eq!(clocks.remaining(Side::Red), Millis::mins(5));
//! assert_eq!(clocks.remaining(Side::Green), Millis::mins(4));
//! ```

use std::fmt;

use super::outcome::{Outcome, RuleId, Score};
use super::ruling::{Reading, Ruling};
use super::side::Side;

mod spec;

pub use spec::{ControlError, MillisError};

/// A span of time in whole milliseconds. Never negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

impl Millis {
    /// No time.
    pub const ZERO: Millis = Millis(0);

    /// `n` seconds.
    #[must_use]
    pub const fn secs(n: u64) -> Millis {
        Millis(n * 1000)
    }

    /// `n` minutes.
    #[must_use]
    pub const fn mins(n: u64) -> Millis {
        Millis(n * 60_000)
    }

    /// `self - other`, or zero when `other` is more.
    #[must_use]
    pub const fn saturating_sub(self, other: Millis) -> Millis {
        Millis(self.0.saturating_sub(other.0))
    }

    /// `self + other`, capped at the largest value.
    #[must_use]
    pub const fn saturating_add(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }
}

impl std::ops::Add for Millis {
    type Output = Millis;

    /// Saturating: time on a clock never wraps.
    fn add(self, rhs: Millis) -> Millis {
        self.saturating_add(rhs)
    }
}

impl fmt::Display for Millis {
    /// `1:05:03.250` (hours shown only when there are some), `4:59.000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0 % 1000;
        let s = self.0 / 1000 % 60;
        let m = self.0 / 60_000 % 60;
        let h = self.0 / 3_600_000;
        if h > 0 {
            write!(f, "{h}:{m:02}:{s:02}.{ms:03}")
        } else {
            write!(f, "{m}:{s:02}.{ms:03}")
        }
    }
}

/// The rule a flag fall decides a game by.
pub const LOSS_ON_TIME: RuleId = RuleId("loss-on-time");

/// Ruling `clocks.time-lag`: what "each move is time-lagged by five seconds" does.
pub const TIME_LAG: Ruling = Ruling {
    id: "clocks.time-lag",
    question: "What does \"Each move is time-lagged by five seconds\" do to the clock?",
    source: "seed 002 (Jewel), Duel in the Castle and Ambush in the Forest, Clocks; DiamondQuest and DiamondChess (\"five second time-lagging for each move\"); General Rules for Race 5 (\"time lagging of 10 seconds per move\")",
    readings: &[
        Reading {
            name: "delay",
            text: "the clock waits out the lag before it runs: a move costs what it took beyond the lag, and nothing within it",
        },
        Reading {
            name: "bronstein",
            text: "the clock runs from the start; after the move the time used, up to the lag, is given back",
        },
        Reading {
            name: "increment",
            text: "the lag is added after every move, whatever the move took",
        },
    ],
    clauses: &[
        "jewel.diamond-quest.24",
        "jewel.diamond-chess.19",
        "jewel.race.45",
    ],
    option: Some("LagReading"),
    reason: "a lag is a delay before the clock starts, not a bonus: only the first reading never shows the clock running during the lag; the other two are implemented for comparison",
};

/// Ruling `clocks.tigerclocks-reserve`: "reserve time is 60 seconds per engagement
/// time move".
pub const TIGERCLOCKS_RESERVE: Ruling = Ruling {
    id: "clocks.tigerclocks-reserve",
    question: "In TigerClocks, how does the reserve of \"60 seconds per engagement time move\" work beside the 120 minutes of engagement time?",
    source: "seed 002 (Jewel), Crystal of Doom 4 and Star-Lords 5: \"Clocks are TigerClocks – double countdown, and standard times are 120 minutes engagement time for each Player and reserve time is 60 seconds per engagement time move for each Player\"",
    readings: &[
        Reading {
            name: "accrued",
            text: "each move completed within the engagement time adds 60 seconds to a reserve; when the engagement time is spent the reserve counts down; the flag falls when both are spent",
        },
        Reading {
            name: "per-move",
            text: "each move has its own 60-second reserve that runs first; the engagement time runs only once a move has used it",
        },
    ],
    clauses: &["jewel.crystal.30", "jewel.star-lords.31"],
    option: Some("ReserveReading"),
    reason: "\"double countdown\" is two countdowns one after the other, and a \"reserve\" is time kept back for later; \"per engagement time move\" says how it is earned",
};

/// Ruling `clocks.tigerswing`: the Swing balance and the move limit.
pub const TIGERSWING: Ruling = Ruling {
    id: "clocks.tigerswing",
    question: "In TigerSwing, what happens to the unused part of the 30-second Swing Balance, and does the swing go on after the 50-move limit?",
    source: "seed 002 (Jewel), General Rules for Race 5: \"Clocks are TigerSwing clocks – double time control with a Reserve balance of 30 minutes and a Swing Balance of 30 seconds. The move limit is 50 moves for each side and there is time lagging of 10 seconds per move\" (Stones of Fortune, which explains TigerSwing, is not among the seeds)",
    readings: &[
        Reading {
            name: "carried, stops-at-limit",
            text: "each move up to the move limit has a Swing balance of 30 seconds: what it does not use swings into the Reserve, what it overruns comes out of the Reserve; after the limit (the second time control) moves draw on the Reserve alone",
        },
        Reading {
            name: "per-move, continues",
            text: "the Swing balance is an allowance used first and lost when unused; it applies to every move, the limit changing nothing",
        },
    ],
    clauses: &["jewel.race.44", "jewel.race.45"],
    option: Some("SwingReading and SwingAfterLimit"),
    reason: "a \"balance\" is an account that is paid into and drawn on, and \"double time control\" with the move limit named in the same sentence reads as two controls split at the limit; both halves are separate fields, so every combination can be compared",
};

/// Ruling `clocks.increment-timing`: when TigerIncrement adds its increments.
pub const INCREMENT_TIMING: Ruling = Ruling {
    id: "clocks.increment-timing",
    question: "Is TigerIncrement's increment added when a move is completed or when it starts, and when is the Final Increment added?",
    source: "seed 000 (Dragon), rule 25: \"An amount of time, known as the Increment, is added per move for a fixed number of moves, known as the Cut-Off Point\", \"At the cut-off point a Final Increment is added\", \"The total time allowed in our example is seven hours\"",
    readings: &[
        Reading {
            name: "after-move",
            text: "the increment is added on completing each of moves 1 to the cut-off, and the final increment on completing the cut-off move",
        },
        Reading {
            name: "before-move",
            text: "the increment is added as each of moves 1 to the cut-off starts, and the final increment as the move after the cut-off starts",
        },
    ],
    clauses: &["dragon.rule-25.2", "dragon.rule-25.3", "dragon.rule-25.4"],
    option: Some("IncrementTiming"),
    reason: "both give the seed's seven hours (100 + 100 x 2 + 120 minutes, so the cut-off move earns its increment and the final one too); adding after the move is how increment clocks work, and \"up to 100 moves there is allowed a minimum of 2 minutes for each move\" holds for every move after the first either way (under the second reading for the first too)",
};

/// Ruling `clocks.flag-fall`: the result when a flag falls.
pub const FLAG_FALL: Ruling = Ruling {
    id: "clocks.flag-fall",
    question: "What result does a flag fall give?",
    source: "seed 002 (Jewel) gives none; seed 000 (Dragon), rule 27b: \"For a loss on time - the winning player is normally awarded 5 Game points + 1/2 Nominal\"",
    readings: &[
        Reading {
            name: "loses",
            text: "the player whose time runs out loses; his opponent scores what the game gives for a win (Dragon: rule 27b's award)",
        },
        Reading {
            name: "draw-if-no-win",
            text: "as in Western Chess, a draw when the opponent could not have won",
        },
    ],
    clauses: &["dragon.rule-27.b"],
    option: None,
    reason: "Dragon's rule 27 calls it \"a loss on time\" and no seed mentions the Western Chess exception; the other reading needs a rules search this module does not make",
};

/// Ruling `clocks.hunt-carry-over`: the unused time between Northern Light's hunts.
pub const HUNT_CARRY_OVER: Ruling = Ruling {
    id: "clocks.hunt-carry-over",
    question: "What happens to the clocks between Northern Light's hunts, and during the interval?",
    source: "seed 002 (Jewel), Northern Light: \"If the game moves to DiamondQuest then a short interval is allowable of up to thirty minutes\", \"thirty minutes on a single countdown clock plus any unused time on his clock from DiamondQi\" (and from DiamondQuest for DiamondChess; the Deciding Hunt \"with any unused time added on from the first game of DiamondChess\")",
    readings: &[
        Reading {
            name: "carry, interval-off-clock",
            text: "each player's unused time is added to the next hunt's base; the interval (at most thirty minutes) is charged to neither clock",
        },
        Reading {
            name: "interval-on-clock",
            text: "the interval runs on the clocks",
        },
    ],
    clauses: &[
        "jewel.diamond-qi.31",
        "jewel.diamond-quest.23",
        "jewel.northern-light-tie-break.14",
    ],
    option: None,
    reason: "an interval is a pause between games; the seed adds \"any unused time on his clock\", which the interval would otherwise eat",
};

/// Every ruling the clocks make. They belong to no one game, so they are not in
/// any game's [`Game::RULINGS`](super::Game::RULINGS) (`tigerseye rulings` lists
/// them after the games'; their scenarios are under `scenarios/clocks/`);
/// a ruling's `option` names the field type of [`TimeControl`] that selects its
/// reading.
pub const RULINGS: &[Ruling] = &[
    TIME_LAG,
    TIGERCLOCKS_RESERVE,
    TIGERSWING,
    INCREMENT_TIMING,
    FLAG_FALL,
    HUNT_CARRY_OVER,
];

/// How a time-lag applies: ruling [`TIME_LAG`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LagReading {
    /// The clock starts after the lag.
    #[default]
    Delay,
    /// The time used, up to the lag, is given back after the move.
    Bronstein,
    /// The lag is added after every move.
    Increment,
}

/// A per-move time-lag: how long, and how it applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lag {
    /// The lag of every move.
    pub amount: Millis,
    /// Ruling [`TIME_LAG`].
    pub reading: LagReading,
}

impl Lag {
    /// No lag.
    pub const NONE: Lag = Lag::delay(Millis::ZERO);

    /// A lag of `amount` under the default (delay) reading.
    #[must_use]
    pub const fn delay(amount: Millis) -> Lag {
        Lag {
            amount,
            reading: LagReading::Delay,
        }
    }

    /// What a move of `think` costs while it is made, and what is given back after.
    const fn split(self, think: Millis) -> (Millis, Millis) {
        match self.reading {
            LagReading::Delay => (think.saturating_sub(self.amount), Millis::ZERO),
            LagReading::Bronstein => (
                think,
                if think.0 < self.amount.0 {
                    think
                } else {
                    self.amount
                },
            ),
            LagReading::Increment => (think, self.amount),
        }
    }
}

/// TigerClocks' reserve: ruling [`TIGERCLOCKS_RESERVE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReserveReading {
    /// Earned per move made within the engagement time, spent after it.
    #[default]
    Accrued,
    /// A per-move allowance that runs before the engagement time.
    PerMove,
}

/// TigerSwing's Swing balance: ruling [`TIGERSWING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SwingReading {
    /// Unused swing goes into the Reserve; overruns come out of it.
    #[default]
    Carried,
    /// An allowance used first and lost when unused.
    PerMove,
}

/// Whether TigerSwing's swing goes on after the move limit: ruling [`TIGERSWING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SwingAfterLimit {
    /// After the limit moves draw on the Reserve alone.
    #[default]
    Stops,
    /// Every move has its swing.
    Continues,
}

/// When TigerIncrement adds: ruling [`INCREMENT_TIMING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IncrementTiming {
    /// On completing a move.
    #[default]
    AfterMove,
    /// As a move starts.
    BeforeMove,
}

/// A time control: the kind of clock and its parameters, the same for both players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A single countdown from `base`, every move lagged by `lag`.
    Countdown {
        /// Each player's time.
        base: Millis,
        /// The per-move time-lag.
        lag: Lag,
    },
    /// TigerClocks: `engagement` time, then the reserve of `reserve_per_move`.
    TigerClocks {
        /// Each player's engagement time.
        engagement: Millis,
        /// The reserve per engagement-time move.
        reserve_per_move: Millis,
        /// Ruling [`TIGERCLOCKS_RESERVE`].
        reading: ReserveReading,
    },
    /// TigerSwing: a `reserve` and a `swing` balance per move up to `move_limit`.
    TigerSwing {
        /// The Reserve balance.
        reserve: Millis,
        /// The Swing balance of each move.
        swing: Millis,
        /// The move limit (per side).
        move_limit: u32,
        /// The per-move time-lag.
        lag: Lag,
        /// Ruling [`TIGERSWING`]: the unused swing.
        reading: SwingReading,
        /// Ruling [`TIGERSWING`]: after the limit.
        after_limit: SwingAfterLimit,
    },
    /// TigerIncrement: a `reserve`, `increment` per move up to `cut_off` moves, then
    /// `final_increment` and a countdown.
    TigerIncrement {
        /// The Reserve.
        reserve: Millis,
        /// Added per move up to the cut-off.
        increment: Millis,
        /// The Cut-Off Point, in moves per player.
        cut_off: u32,
        /// Added at the cut-off point.
        final_increment: Millis,
        /// Ruling [`INCREMENT_TIMING`].
        timing: IncrementTiming,
    },
}

impl TimeControl {
    /// Each player's time at the start. (A TigerIncrement control with a cut-off
    /// of 0 moves starts in its countdown phase, its Final Increment already on
    /// the clock.)
    #[must_use]
    pub const fn initial(self) -> Millis {
        match self {
            TimeControl::Countdown { base, .. } => base,
            TimeControl::TigerClocks { engagement, .. } => engagement,
            TimeControl::TigerSwing { reserve, .. } => reserve,
            TimeControl::TigerIncrement {
                reserve,
                cut_off: 0,
                final_increment,
                ..
            } => reserve.saturating_add(final_increment),
            TimeControl::TigerIncrement { reserve, .. } => reserve,
        }
    }
}

/// Northern Light's interval before DiamondQuest: "a short interval is allowable
/// of up to thirty minutes" (seed 002, DiamondQi, Clocks). It runs on neither
/// clock (ruling [`HUNT_CARRY_OVER`]).
pub const NORTHERN_LIGHT_INTERVAL_MAX: Millis = Millis::mins(30);

/// One player's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerClock {
    /// The countdown, engagement time or Reserve.
    pub main: Millis,
    /// TigerClocks' accrued reserve (zero for the other kinds).
    pub reserve: Millis,
    /// Moves completed.
    pub moves: u32,
    /// Everything added since the start (increments, swing, lag given back, reserve
    /// earned).
    pub credited: Millis,
    /// Everything taken since the start.
    pub charged: Millis,
}

impl PlayerClock {
    /// All the time on this clock now.
    #[must_use]
    pub const fn remaining(&self) -> Millis {
        self.main.saturating_add(self.reserve)
    }
}

/// A player ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// Whose flag fell.
    pub side: Side,
    /// The move (1 for his first) during which it fell.
    pub move_number: u32,
}

impl FlagFall {
    /// The game's result: the opponent wins on time, scoring `score` (what the game
    /// gives for a win; Dragon's rule 27b gives 5 Game Points and ½ a Nominal
    /// point). Ruling [`FLAG_FALL`].
    #[must_use]
    pub const fn outcome(self, score: Score) -> Outcome {
        Outcome {
            winner: Some(self.side.opponent()),
            rule: LOSS_ON_TIME,
            score,
        }
    }
}

/// Why a move was not recorded normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The move overran the time left: the flag fell during it.
    #[error("{} ran out of time during move {}", .0.side, .0.move_number)]
    FlagFell(FlagFall),
    /// A flag had already fallen; the clocks have stopped.
    #[error("the clocks stopped when {}'s flag fell", .0.side)]
    Stopped(FlagFall),
    /// An interval longer than the rules allow.
    #[error("an interval of {given} is longer than the {max} allowed")]
    IntervalTooLong {
        /// The interval asked for.
        given: Millis,
        /// The longest allowed.
        max: Millis,
    },
}

/// Both players' clocks under one time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clocks {
    control: TimeControl,
    initial: [Millis; 2],
    players: [PlayerClock; 2],
    flag: Option<FlagFall>,
}

impl Clocks {
    /// Fresh clocks: each player starts with the control's initial time.
    #[must_use]
    pub fn new(control: TimeControl) -> Clocks {
        Clocks::with_extra(control, [Millis::ZERO; 2])
    }

    /// Fresh clocks with `extra[side]` added to each player's initial time (the
    /// unused time carried over from an earlier hunt), by [`Side::index`].
    #[must_use]
    pub fn with_extra(control: TimeControl, extra: [Millis; 2]) -> Clocks {
        let initial = extra.map(|e| control.initial().saturating_add(e));
        Clocks {
            control,
            initial,
            players: initial.map(|main| PlayerClock {
                main,
                ..PlayerClock::default()
            }),
            flag: None,
        }
    }

    /// The clocks of the next hunt under `control`, each player's unused time
    /// carried over: DiamondQuest after DiamondQi, DiamondChess after DiamondQuest,
    /// the Deciding Hunt after DiamondChess (ruling [`HUNT_CARRY_OVER`]).
    #[must_use]
    pub fn next_hunt(&self, control: TimeControl) -> Clocks {
        Clocks::with_extra(control, Side::ALL.map(|s| self.remaining(s)))
    }

    /// Checks that an interval between hunts is allowed; it is charged to neither
    /// clock.
    ///
    /// # Errors
    ///
    /// [`ClockError::IntervalTooLong`] past [`NORTHERN_LIGHT_INTERVAL_MAX`].
    pub fn check_interval(interval: Millis) -> Result<(), ClockError> {
        if interval > NORTHERN_LIGHT_INTERVAL_MAX {
            return Err(ClockError::IntervalTooLong {
                given: interval,
                max: NORTHERN_LIGHT_INTERVAL_MAX,
            });
        }
        Ok(())
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `side`'s clock.
    #[must_use]
    pub fn player(&self, side: Side) -> &PlayerClock {
        &self.players[side.index()]
    }

    /// All the time `side` has left.
    #[must_use]
    pub fn remaining(&self, side: Side) -> Millis {
        self.players[side.index()].remaining()
    }

    /// The flag that fell, if one has.
    #[must_use]
    pub fn flag(&self) -> Option<FlagFall> {
        self.flag
    }

    /// Records that `side` took `think` over a move, and returns his time left.
    ///
    /// # Errors
    ///
    /// [`ClockError::FlagFell`] when the move overran: his clock is then at zero
    /// and the clocks stop. [`ClockError::Stopped`] once a flag has fallen; nothing
    /// changes.
    pub fn record_move(&mut self, side: Side, think: Millis) -> Result<Millis, ClockError> {
        if let Some(flag) = self.flag {
            return Err(ClockError::Stopped(flag));
        }
        let control = self.control;
        let p = &mut self.players[side.index()];
        let number = p.moves + 1;
        let before = p.remaining();
        // `Some(new main)` or `None` when the flag falls; `credit` is what the move
        // adds, everything else of the change is charged.
        let mut credit = Millis::ZERO;
        let survived = match control {
            TimeControl::Countdown { lag, .. } => {
                let (cost, back) = lag.split(think);
                credit = back;
                (cost <= p.main).then(|| p.main.saturating_sub(cost).saturating_add(back))
            }
            TimeControl::TigerClocks {
                reserve_per_move,
                reading,
                ..
            } => match reading {
                // A move made within the engagement time earns the reserve: one
                // made once it is spent (even in no time) does not.
                ReserveReading::Accrued if p.main > Millis::ZERO && think <= p.main => {
                    p.reserve = p.reserve.saturating_add(reserve_per_move);
                    credit = reserve_per_move;
                    Some(p.main.saturating_sub(think))
                }
                ReserveReading::Accrued => {
                    let over = think.saturating_sub(p.main);
                    (over <= p.reserve).then(|| {
                        p.reserve = p.reserve.saturating_sub(over);
                        Millis::ZERO
                    })
                }
                ReserveReading::PerMove => {
                    let cost = think.saturating_sub(reserve_per_move);
                    (cost <= p.main).then(|| p.main.saturating_sub(cost))
                }
            },
            TimeControl::TigerSwing {
                swing,
                move_limit,
                lag,
                reading,
                after_limit,
                ..
            } => {
                let swing = if p.moves < move_limit || after_limit == SwingAfterLimit::Continues {
                    swing
                } else {
                    Millis::ZERO
                };
                let (cost, back) = lag.split(think);
                match reading {
                    SwingReading::Carried => {
                        credit = swing.saturating_add(back);
                        let available = p.main.saturating_add(swing);
                        (cost <= available)
                            .then(|| available.saturating_sub(cost).saturating_add(back))
                    }
                    SwingReading::PerMove => {
                        let excess = cost.saturating_sub(swing);
                        // Bronstein gives back time the clock used; what the
                        // swing allowance covered was never on the clock.
                        let back = match lag.reading {
                            LagReading::Bronstein => back.min(excess),
                            LagReading::Delay | LagReading::Increment => back,
                        };
                        credit = back;
                        (excess <= p.main)
                            .then(|| p.main.saturating_sub(excess).saturating_add(back))
                    }
                }
            }
            TimeControl::TigerIncrement {
                increment,
                cut_off,
                final_increment,
                timing,
                ..
            } => {
                // Moves 1..=cut_off earn the increment; the final increment comes
                // with the cut-off move (after it) or the one after (before it).
                let (earned, at) = match timing {
                    IncrementTiming::AfterMove => (number <= cut_off, number == cut_off),
                    IncrementTiming::BeforeMove => {
                        (number <= cut_off, cut_off > 0 && number == cut_off + 1)
                    }
                };
                let mut add = if earned { increment } else { Millis::ZERO };
                if at {
                    add = add.saturating_add(final_increment);
                }
                credit = add;
                match timing {
                    IncrementTiming::AfterMove => {
                        (think <= p.main).then(|| p.main.saturating_sub(think).saturating_add(add))
                    }
                    IncrementTiming::BeforeMove => {
                        let available = p.main.saturating_add(add);
                        (think <= available).then(|| available.saturating_sub(think))
                    }
                }
            }
        };
        match survived {
            Some(main) => {
                p.main = main;
                p.moves = number;
                p.credited = p.credited.saturating_add(credit);
                // What the clock lost, given what was credited.
                let after = p.remaining();
                p.charged = p
                    .charged
                    .saturating_add(before.saturating_add(credit).saturating_sub(after));
                Ok(after)
            }
            None => {
                // Time never goes negative: what was left is all spent.
                p.charged = p.charged.saturating_add(before);
                p.main = Millis::ZERO;
                p.reserve = Millis::ZERO;
                let flag = FlagFall {
                    side,
                    move_number: number,
                };
                self.flag = Some(flag);
                Err(ClockError::FlagFell(flag))
            }
        }
    }

    /// The clocks' own invariant: for each player, the initial time plus everything
    /// credited minus everything charged is what is left.
    ///
    /// # Errors
    ///
    /// A message naming the player whose books do not balance.
    pub fn check(&self) -> Result<(), String> {
        for side in Side::ALL {
            let p = &self.players[side.index()];
            // Checked: clocks driven past `u64::MAX` milliseconds saturate, and
            // their books then cannot balance (an error, never an overflow).
            let books = self.initial[side.index()].0.checked_add(p.credited.0);
            if books.and_then(|b| b.checked_sub(p.charged.0)) != Some(p.remaining().0) {
                return Err(format!(
                    "{side}: {} + {} credited - {} charged != {} left",
                    self.initial[side.index()],
                    p.credited,
                    p.charged,
                    p.remaining()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod samples;
#[cfg(test)]
mod tests;
