//! The rule events of the series: every Facet's own, and the series' steps.

use std::fmt;

use super::options::Bonus;
use super::score::Facet;
use crate::core::{Coord, Outcome, RuleEvent, Side};
use crate::jewel::duel::DuelEvent;
use crate::jewel::keysquare::KeyEvent;
use crate::jewel::northern_light::series::SeriesEvent as NorthernLightEvent;
use crate::jewel::race::RaceEvent;

/// A rule event of the series.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SeriesEvent {
    /// An event of Duel.
    Duel(DuelEvent),
    /// An event of Ambush, Crystal of Doom or Star-Lords.
    Key(KeyEvent),
    /// An event of Northern Light.
    NorthernLight(NorthernLightEvent),
    /// An event of Race.
    Race(RaceEvent),
    /// `bonus-stated`: `side` opts for `bonus` before the series.
    BonusStated {
        /// Who states.
        side: Side,
        /// What he opts for.
        bonus: Bonus,
    },
    /// `<facet>-<green|red|draw>`: a Facet ended with `outcome`.
    FacetEnded {
        /// The Facet.
        facet: Facet,
        /// Its result as its game reports it.
        outcome: Outcome,
    },
    /// `next-facet`: `facet` begins; `first` moves first when no coin decides.
    NextFacet {
        /// The Facet.
        facet: Facet,
        /// Its first mover, if known now.
        first: Option<Side>,
    },
    /// `adjacent-down`: `side` starts Crystal of Doom without his Adjacent on `at`
    /// (the Alternate bonus of the winner of Northern Light).
    AdjacentDown {
        /// The side that is down.
        side: Side,
        /// Where the Adjacent stood.
        at: Coord,
    },
    /// `take-back-offered`: `side`'s opponent ended Star-Lords, and `side` may still
    /// take back (ruling `jewel-series.take-back-at-end`).
    TakeBackOffered {
        /// The holder of the take-back.
        side: Side,
    },
    /// `take-back`: `side` takes back his previous move and his opponent's last.
    TakeBack {
        /// The holder of the take-back.
        side: Side,
    },
    /// `result-accepted`: `side` lets the end of Star-Lords stand.
    ResultAccepted {
        /// The holder of the take-back.
        side: Side,
    },
    /// `tie-break`: the Chords are level after Star-Lords; Race decides.
    TieBreak {
        /// Each side's Chords, in half units.
        chords: u16,
    },
    /// `decided-by-<facet>`: the series is over.
    SeriesWon {
        /// The winner.
        winner: Side,
        /// The Facet after which he stayed ahead (Race when it broke the tie).
        deciding: Facet,
    },
    /// `win-bonus`: the winner is awarded the five-Chord win bonus.
    WinBonus {
        /// The winner.
        side: Side,
    },
    /// `sky-prince`: the winner becomes The Sky-Prince.
    SkyPrince {
        /// The winner.
        side: Side,
    },
}

/// The tags of [`SeriesEvent::FacetEnded`], by Facet and then green, red, draw.
const ENDED: [[&str; 3]; 6] = [
    ["duel-green", "duel-red", "duel-draw"],
    ["ambush-green", "ambush-red", "ambush-draw"],
    [
        "northern-light-green",
        "northern-light-red",
        "northern-light-draw",
    ],
    ["crystal-green", "crystal-red", "crystal-draw"],
    ["star-lords-green", "star-lords-red", "star-lords-draw"],
    ["race-green", "race-red", "race-draw"],
];

/// The tags of [`SeriesEvent::SeriesWon`], by Facet.
const DECIDED: [&str; 6] = [
    "decided-by-duel",
    "decided-by-ambush",
    "decided-by-northern-light",
    "decided-by-crystal",
    "decided-by-star-lords",
    "decided-by-race",
];

/// Every tag the series' own steps emit.
pub(super) const SERIES_TAGS: &[&str] = &[
    "bonus-stated",
    "next-facet",
    "adjacent-down",
    "take-back-offered",
    "take-back",
    "result-accepted",
    "tie-break",
    "win-bonus",
    "sky-prince",
    "duel-green",
    "duel-red",
    "duel-draw",
    "ambush-green",
    "ambush-red",
    "ambush-draw",
    "northern-light-green",
    "northern-light-red",
    "northern-light-draw",
    "crystal-green",
    "crystal-red",
    "crystal-draw",
    "star-lords-green",
    "star-lords-red",
    "star-lords-draw",
    "race-green",
    "race-red",
    "decided-by-duel",
    "decided-by-ambush",
    "decided-by-northern-light",
    "decided-by-crystal",
    "decided-by-star-lords",
    "decided-by-race",
];

impl RuleEvent for SeriesEvent {
    fn tag(&self) -> &'static str {
        match self {
            SeriesEvent::Duel(e) => e.tag(),
            SeriesEvent::Key(e) => e.tag(),
            SeriesEvent::NorthernLight(e) => e.tag(),
            SeriesEvent::Race(e) => e.tag(),
            SeriesEvent::BonusStated { .. } => "bonus-stated",
            SeriesEvent::FacetEnded { facet, outcome } => {
                ENDED[facet.index()][outcome.winner.map_or(2, Side::index)]
            }
            SeriesEvent::NextFacet { .. } => "next-facet",
            SeriesEvent::AdjacentDown { .. } => "adjacent-down",
            SeriesEvent::TakeBackOffered { .. } => "take-back-offered",
            SeriesEvent::TakeBack { .. } => "take-back",
            SeriesEvent::ResultAccepted { .. } => "result-accepted",
            SeriesEvent::TieBreak { .. } => "tie-break",
            SeriesEvent::SeriesWon { deciding, .. } => DECIDED[deciding.index()],
            SeriesEvent::WinBonus { .. } => "win-bonus",
            SeriesEvent::SkyPrince { .. } => "sky-prince",
        }
    }
}

impl fmt::Display for SeriesEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesEvent::Duel(e) => fmt::Display::fmt(e, f),
            SeriesEvent::Key(e) => fmt::Display::fmt(e, f),
            SeriesEvent::NorthernLight(e) => fmt::Display::fmt(e, f),
            SeriesEvent::Race(e) => fmt::Display::fmt(e, f),
            SeriesEvent::BonusStated { side, bonus } => {
                write!(f, "bonus-stated: {side} opts for {}", bonus.name())
            }
            SeriesEvent::FacetEnded { facet, outcome } => {
                write!(f, "{}: {facet}: {outcome}", self.tag())
            }
            SeriesEvent::NextFacet { facet, first } => match first {
                Some(side) => write!(f, "next-facet: {facet}, {side} moves first"),
                None => write!(f, "next-facet: {facet}, a coin for the first move"),
            },
            SeriesEvent::AdjacentDown { side, at } => {
                write!(
                    f,
                    "adjacent-down: {side} starts without the Adjacent on {at}"
                )
            }
            SeriesEvent::TakeBackOffered { side } => write!(
                f,
                "take-back-offered: {side} may take back before the result stands"
            ),
            SeriesEvent::TakeBack { side } => write!(
                f,
                "take-back: {side} takes back his previous move and his opponent's last"
            ),
            SeriesEvent::ResultAccepted { side } => {
                write!(f, "result-accepted: {side} lets the result stand")
            }
            SeriesEvent::TieBreak { chords } => {
                write!(f, "tie-break: level at ")?;
                super::score::write_halves(f, *chords)?;
                write!(f, " Chords each; Race decides")
            }
            SeriesEvent::SeriesWon { winner, .. } => {
                write!(f, "{}: {winner} wins the series", self.tag())
            }
            SeriesEvent::WinBonus { side } => {
                write!(f, "win-bonus: {side} is awarded five Chords")
            }
            SeriesEvent::SkyPrince { side } => {
                write!(f, "sky-prince: {side} becomes The Sky-Prince")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_tag_is_declared_once() {
        let mut tags: Vec<&str> = ENDED
            .iter()
            .flatten()
            .copied()
            .filter(|t| *t != "race-draw")
            .chain(DECIDED)
            .collect();
        tags.extend([
            "bonus-stated",
            "next-facet",
            "adjacent-down",
            "take-back-offered",
            "take-back",
            "result-accepted",
            "tie-break",
            "win-bonus",
            "sky-prince",
        ]);
        tags.sort_unstable();
        let mut declared = SERIES_TAGS.to_vec();
        declared.sort_unstable();
        assert_eq!(tags, declared);
    }
}
