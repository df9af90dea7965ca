//! Controls with the seeds' figures, for the clocks' own tests. The games
//! declare the real ones ([`Game::CLOCKS`](crate::core::Game::CLOCKS)); the
//! core tests the kinds with the same figures, written out here, so that it
//! needs no game.

use super::{
    IncrementTiming, Lag, Millis, ReserveReading, SwingAfterLimit, SwingReading, TimeControl,
};

/// A countdown of `minutes` with a five-second delay: Duel's (seed 002, Duel,
/// Clocks).
pub(super) const fn countdown_5s(minutes: u64) -> TimeControl {
    TimeControl::Countdown {
        base: Millis::mins(minutes),
        lag: Lag::delay(Millis::secs(5)),
    }
}

/// Sixty minutes, no lag: DiamondQi's.
pub(super) const SIXTY_NO_LAG: TimeControl = TimeControl::Countdown {
    base: Millis::mins(60),
    lag: Lag::NONE,
};

/// Thirty minutes with a five-second delay: Ambush's, DiamondQuest's and
/// DiamondChess's.
pub(super) const THIRTY_5S: TimeControl = countdown_5s(30);

/// TigerClocks, 120 minutes and 60 s a move: Crystal of Doom's and
/// Star-Lords'.
pub(super) const TIGERCLOCKS: TimeControl = TimeControl::TigerClocks {
    engagement: Millis::mins(120),
    reserve_per_move: Millis::secs(60),
    reading: ReserveReading::Accrued,
};

/// TigerSwing, 30 minutes, 30 s swing, 50 moves, 10 s lag: Race's.
pub(super) const TIGERSWING: TimeControl = TimeControl::TigerSwing {
    reserve: Millis::mins(30),
    swing: Millis::secs(30),
    move_limit: 50,
    lag: Lag::delay(Millis::secs(10)),
    reading: SwingReading::Carried,
    after_limit: SwingAfterLimit::Stops,
};

/// TigerIncrement with rule 25's example figures: Dragon's.
pub(super) const TIGERINCREMENT: TimeControl = TimeControl::TigerIncrement {
    reserve: Millis::mins(100),
    increment: Millis::mins(2),
    cut_off: 100,
    final_increment: Millis::mins(120),
    timing: IncrementTiming::AfterMove,
};
