//! The series' actions: every Facet's own, and the players' choices between and
//! around them.

use std::fmt;

use super::options::Bonus;
use crate::core::Square;
use crate::jewel::duel::DuelAction;
use crate::jewel::keysquare::JewelAction;
use crate::jewel::race::RaceAction;

/// One action of the series.
///
/// Actions order by kind as declared, then as the Facet orders its own, so every
/// legal list the series writes is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SeriesAction {
    /// The player to state opts for a bonus: `win-bonus` or `alternate-bonuses`
    /// (seed 002, Further Notes 9: "Each Player must state what bonus(es) he opts
    /// for before commencing the series").
    Bonus(Bonus),
    /// A move of Duel, in its notation (`C1-B1`).
    Duel(DuelAction),
    /// An action of Ambush, Northern Light, Crystal of Doom or Star-Lords, in its
    /// game's notation (`C1-C2`, `green-first`).
    Board(JewelAction),
    /// An action of Race, in its notation (`roll 4`, `A1+4`, `pass`).
    Race(RaceAction),
    /// `adjacent-down D1`: the player who starts Crystal of Doom an Adjacent down
    /// chooses which (seed 002, Further Notes 2).
    AdjacentDown(Square),
    /// `take-back`: the holder of the Alternate bonus for winning Crystal of Doom
    /// takes back his previous move and his opponent's last (Further Notes 3).
    TakeBack,
    /// `accept`: the holder of the take-back lets the end of Star-Lords stand.
    Accept,
}

impl SeriesAction {
    /// The notation of the series' own actions; `None` for a Facet's.
    #[must_use]
    pub const fn series_word(self) -> Option<&'static str> {
        match self {
            SeriesAction::Bonus(b) => Some(b.name()),
            SeriesAction::TakeBack => Some("take-back"),
            SeriesAction::Accept => Some("accept"),
            SeriesAction::Duel(_)
            | SeriesAction::Board(_)
            | SeriesAction::Race(_)
            | SeriesAction::AdjacentDown(_) => None,
        }
    }
}

/// What the series' notation expects, for errors.
pub(super) const EXPECTED: &str = "a move of the Facet being played in its own notation (`C1-B1`, `green-first`, `roll 4`), `win-bonus` or `alternate-bonuses` before the series, `adjacent-down <square>` before Crystal of Doom, `take-back` or `accept` in Star-Lords";

impl fmt::Display for SeriesAction {
    /// The series' own actions in notation; a Facet's as a debug form (the
    /// series writes those with the Facet's notation, which needs its state).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.series_word() {
            Some(w) => f.write_str(w),
            None => write!(f, "{self:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;

    #[test]
    fn actions_are_small_and_order_by_kind() {
        assert!(std::mem::size_of::<SeriesAction>() <= 8);
        let a = [
            SeriesAction::Bonus(Bonus::WinBonus),
            SeriesAction::Bonus(Bonus::Alternate),
            SeriesAction::Board(JewelAction::first_move(Side::Green)),
            SeriesAction::TakeBack,
            SeriesAction::Accept,
        ];
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(SeriesAction::TakeBack.to_string(), "take-back");
    }
}
