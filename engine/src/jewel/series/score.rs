//! The series' scores: the Facets in their order of play, the result of each, the
//! running totals in Game Points and Chords, and the overall result (seed 002,
//! "Jewel as a Linked-series", "Further Notes on The Jewel Series", "Jewel Series
//! Tie-breaking").

use std::fmt;

use super::options::{Bonus, ChordsTable, SeriesOptions};
use crate::core::{Game, Outcome, RuleId, Score, ScoreUnit, Side};
use crate::jewel::ambush::Ambush;
use crate::jewel::crystal::Crystal;
use crate::jewel::duel::Duel;
use crate::jewel::northern_light::series::NorthernLight;
use crate::jewel::race::Race;
use crate::jewel::star_lords::StarLords;

/// A Facet of the series, in the "Order of Play for The Jewel Series": "1. Duel in
/// the Castle 2. Ambush in the Forest 3. ... Northern Light ... 4. Crystal of Doom.
/// 5. Star-Lords: 6. Race, for Tie-breaking, if required".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Facet {
    /// Facet 1, Duel in the Castle.
    Duel,
    /// Facet 2, Ambush in the Forest.
    Ambush,
    /// Facet 3, Northern Light (its Hunts as needed).
    NorthernLight,
    /// Facet 4, Crystal of Doom.
    Crystal,
    /// Facet 5, Star-Lords.
    StarLords,
    /// The tie-break, Race.
    Race,
}

impl Facet {
    /// Every Facet in the order of play.
    pub const ALL: [Facet; 6] = [
        Facet::Duel,
        Facet::Ambush,
        Facet::NorthernLight,
        Facet::Crystal,
        Facet::StarLords,
        Facet::Race,
    ];

    /// The position in the order of play, from 0.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name in positions: the registered game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Facet::Duel => "duel",
            Facet::Ambush => "ambush",
            Facet::NorthernLight => "northern-light",
            Facet::Crystal => "crystal",
            Facet::StarLords => "star-lords",
            Facet::Race => "race",
        }
    }

    /// The name "on the Keys in Time Table", as the series calls it.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Facet::Duel => "Duel in the Castle",
            Facet::Ambush => "Ambush in the Forest",
            Facet::NorthernLight => "Northern Light",
            Facet::Crystal => "Crystal of Doom",
            Facet::StarLords => "Star-Lords",
            Facet::Race => "Race",
        }
    }

    /// The unit the Facet scores in: Game Points (Duel, Ambush, Northern Light),
    /// Chords (Crystal of Doom, Star-Lords), Notes (Race as the tie-break).
    #[must_use]
    pub const fn unit(self) -> ScoreUnit {
        match self {
            Facet::Duel | Facet::Ambush | Facet::NorthernLight => ScoreUnit::GamePoints,
            Facet::Crystal | Facet::StarLords => ScoreUnit::Chords,
            Facet::Race => ScoreUnit::Notes,
        }
    }

    /// Every score the Facet gives, in half units `(green, red)`: "one Game Point
    /// for a win and a half Game Point each for a draw" (Duel), "two Game Points for
    /// a win and one Game Point each for a draw" (Ambush), "1-0", "1 ½ - ½", "½ - ½"
    /// (Northern Light), "4-0 Chords for a win and 2-2 Chords ... for a draw"
    /// (Crystal of Doom), "5-0 ... and 2-2" (Star-Lords), "one Note" (Race).
    #[must_use]
    pub const fn scores(self) -> &'static [(u16, u16)] {
        match self {
            Facet::Duel => &[(2, 0), (0, 2), (1, 1)],
            Facet::Ambush => &[(4, 0), (0, 4), (2, 2)],
            Facet::NorthernLight => &[(2, 0), (0, 2), (3, 1), (1, 3), (1, 1)],
            Facet::Crystal => &[(8, 0), (0, 8), (4, 4)],
            Facet::StarLords => &[(10, 0), (0, 10), (4, 4)],
            Facet::Race => &[(2, 0), (0, 2)],
        }
    }

    /// Every deciding rule the Facet's game can report.
    #[must_use]
    pub fn rules(self) -> &'static [RuleId] {
        match self {
            Facet::Duel => Duel::RULES,
            Facet::Ambush => Ambush::RULES,
            Facet::NorthernLight => NorthernLight::RULES,
            Facet::Crystal => Crystal::RULES,
            Facet::StarLords => StarLords::RULES,
            Facet::Race => Race::RULES,
        }
    }

    /// The Facet named `name`.
    #[must_use]
    pub fn named(name: &str) -> Option<Facet> {
        Facet::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Facet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// The result of each Facet played so far, by [`Facet::index`], as the Facet's
/// game reported it.
pub type Results = [Option<Outcome>; 6];

/// Running totals, in half units by [`Side::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Game Points of Duel, Ambush and Northern Light.
    pub game_points: [u16; 2],
    /// Chords for (a side's Chords for are its opponent's against).
    pub chords: [u16; 2],
}

impl Tally {
    /// Adds what the result `o` of `facet` scores under `options`: Duel and Ambush
    /// score nothing to a player who has played them before (ruling
    /// `jewel-series.first-play`); Game Points count as Chords too under the
    /// reading `points-as-chords` of `jewel-series.chords-table`; Race's Note is
    /// no Chord.
    pub fn add(&mut self, facet: Facet, o: &Outcome, options: &SeriesOptions) {
        for side in Side::ALL {
            let mut halves = o.score.halves(side);
            if matches!(facet, Facet::Duel | Facet::Ambush) && !options.first_play.scores(side) {
                halves = 0;
            }
            let i = side.index();
            match facet.unit() {
                ScoreUnit::GamePoints | ScoreUnit::NominalPoints => {
                    self.game_points[i] += halves;
                    if options.chords == ChordsTable::PointsAsChords {
                        self.chords[i] += halves;
                    }
                }
                ScoreUnit::Chords => self.chords[i] += halves,
                ScoreUnit::Notes => {}
            }
        }
    }

    /// The totals of `results` under `options`, recomputed from scratch.
    #[must_use]
    pub fn of(results: &Results, options: &SeriesOptions) -> Tally {
        let mut t = Tally::default();
        for f in Facet::ALL {
            if let Some(o) = &results[f.index()] {
                t.add(f, o, options);
            }
        }
        t
    }

    /// The side ahead on Chords, if any.
    #[must_use]
    pub fn leader(&self) -> Option<Side> {
        match self.chords[0].cmp(&self.chords[1]) {
            std::cmp::Ordering::Greater => Some(Side::Green),
            std::cmp::Ordering::Less => Some(Side::Red),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// The series won on Chords for and against (seed 002, Further Notes 7: "The
/// overall winner of the series is determined by total Chords scored for and total
/// Chords scored against").
pub const CHORDS: RuleId = RuleId("chords-for-and-against");
/// The series level on Chords and won in Race (seed 002, Jewel Series
/// Tie-breaking: "If the Jewel Series ends with both players scoring the same
/// number of Chords ... The Tie-break Game is called Race"; Race, Scoring 9: "the
/// winning player scores one Note ... and wins the Series").
pub const RACE_TIE_BREAK: RuleId = RuleId("race-tie-break");

/// The half units of the win bonus: "an overall win reward of an additional five
/// Tiger's-eye Chords" (Further Notes 5).
pub const WIN_BONUS_HALVES: u16 = 10;

/// How the series ended, beyond its [`Outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The outcome: the winner, [`CHORDS`] or [`RACE_TIE_BREAK`], and the Chords
    /// for each side, the win bonus included.
    pub outcome: Outcome,
    /// The winner was awarded the five-Chord win bonus.
    pub win_bonus: bool,
    /// The winner became The Sky-Prince.
    pub sky_prince: bool,
    /// The Facet after which the winner stayed ahead on Chords to the end (Race when
    /// Race broke the tie).
    pub deciding: Facet,
}

/// The verdict once the series is decided: the Chords differ after Star-Lords, or
/// Race has been played. `None` while it is not.
#[must_use]
pub fn verdict(
    results: &Results,
    bonus: [Option<Bonus>; 2],
    options: &SeriesOptions,
) -> Option<Verdict> {
    results[Facet::StarLords.index()]?;
    let tally = Tally::of(results, options);
    let (winner, rule) = match (tally.leader(), &results[Facet::Race.index()]) {
        (Some(side), _) => (side, CHORDS),
        (None, Some(race)) => (race.winner?, RACE_TIE_BREAK),
        (None, None) => return None,
    };
    let mut chords = tally.chords;
    // Further Notes 5: "This win bonus is awarded to the overall winner of the series
    // if he has not opted for Alternate bonuses"; Race, Scoring 9: "and is awarded
    // the Win Bonus of five Chords (but not if he has opted for the Alternate
    // bonuses)".
    let win_bonus = bonus[winner.index()] == Some(Bonus::WinBonus);
    if win_bonus {
        chords[winner.index()] += WIN_BONUS_HALVES;
    }
    // Further Notes 4: "To become The Sky-Prince a Player must first opt for the
    // Alternate bonuses ... and then win the Game of Star-Lords and also win the
    // series overall" (ruling jewel-series.sky-prince on a series won in Race).
    let sky_prince = bonus[winner.index()] == Some(Bonus::Alternate)
        && results[Facet::StarLords.index()].and_then(|o| o.winner) == Some(winner)
        && (rule == CHORDS || options.sky_prince_race);
    let deciding = if rule == RACE_TIE_BREAK {
        Facet::Race
    } else {
        deciding_facet(results, options, winner)
    };
    Some(Verdict {
        outcome: Outcome {
            winner: Some(winner),
            rule,
            score: Score {
                green_halves: chords[0],
                red_halves: chords[1],
                unit: ScoreUnit::Chords,
            },
        },
        win_bonus,
        sky_prince,
        deciding,
    })
}

/// The first Facet from whose end on `winner` was ahead on Chords at the end of
/// every later Facet (bonuses aside): the Facet that decided the series.
fn deciding_facet(results: &Results, options: &SeriesOptions, winner: Side) -> Facet {
    let mut tally = Tally::default();
    let mut deciding = Facet::StarLords;
    let mut ahead = false;
    for f in [
        Facet::Duel,
        Facet::Ambush,
        Facet::NorthernLight,
        Facet::Crystal,
        Facet::StarLords,
    ] {
        if let Some(o) = &results[f.index()] {
            tally.add(f, o, options);
        }
        let now = tally.leader() == Some(winner);
        if now && !ahead {
            deciding = f;
        }
        ahead = now;
    }
    deciding
}

/// Writes half units as ASCII: `2`, `0.5`, `1.5`.
pub(super) fn write_halves(out: &mut dyn fmt::Write, halves: u16) -> fmt::Result {
    write!(out, "{}", halves / 2)?;
    if halves % 2 == 1 {
        out.write_str(".5")?;
    }
    Ok(())
}

/// Reads half units written as `2`, `0.5`, `1.5` (or `½`, `1½`).
pub(super) fn parse_halves(text: &str) -> Option<u16> {
    let (whole, half) = if let Some(w) = text.strip_suffix(".5") {
        (w, 1)
    } else if let Some(w) = text.strip_suffix('½') {
        (if w.is_empty() { "0" } else { w }, 1)
    } else {
        (text, 0)
    };
    if whole.is_empty() || whole.len() > 3 || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u16 = whole.parse().ok()?;
    Some(n * 2 + half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ScoreUnit;

    fn result(facet: Facet, winner: Option<Side>, g: u16, r: u16) -> Option<Outcome> {
        Some(Outcome {
            winner,
            rule: facet.rules()[0],
            score: Score {
                green_halves: g,
                red_halves: r,
                unit: facet.unit(),
            },
        })
    }

    #[test]
    fn every_facet_score_has_its_winner_ahead() {
        for f in Facet::ALL {
            assert_eq!(Facet::named(f.name()), Some(f));
            assert!(!f.rules().is_empty());
            for &(g, r) in f.scores() {
                assert!(g + r > 0, "{f}: a result scores something");
            }
        }
        assert_eq!(Facet::named("chess"), None);
    }

    #[test]
    fn halves_read_back() {
        for h in 0..40 {
            let mut s = String::new();
            write_halves(&mut s, h).unwrap();
            assert_eq!(parse_halves(&s), Some(h), "{s}");
        }
        assert_eq!(parse_halves("1½"), Some(3));
        assert_eq!(parse_halves("½"), Some(1));
        for bad in ["", ".5", "x", "1.25", "-1", "99999"] {
            assert_eq!(parse_halves(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_crystal_and_star_lords_score_chords_by_default() {
        let mut results: Results = [None; 6];
        results[0] = result(Facet::Duel, Some(Side::Red), 0, 2);
        results[1] = result(Facet::Ambush, Some(Side::Red), 0, 4);
        results[2] = result(Facet::NorthernLight, Some(Side::Red), 1, 3);
        results[3] = result(Facet::Crystal, None, 4, 4);
        results[4] = result(Facet::StarLords, Some(Side::Green), 10, 0);
        let options = SeriesOptions::default();
        let t = Tally::of(&results, &options);
        assert_eq!(t.game_points, [1, 9]);
        assert_eq!(t.chords, [14, 4]);
        let v = verdict(&results, [Some(Bonus::WinBonus), None], &options).unwrap();
        assert_eq!(v.outcome.winner, Some(Side::Green));
        assert_eq!(
            v.outcome.to_string(),
            "green wins by chords-for-and-against (12-2 Chords)"
        );
        assert!(v.win_bonus && !v.sky_prince);
        assert_eq!(v.deciding, Facet::StarLords);
        let mut points = options;
        points.chords = ChordsTable::PointsAsChords;
        let t = Tally::of(&results, &points);
        assert_eq!(t.chords, [15, 13]);
        assert_eq!(t.game_points, [1, 9]);
        let v = verdict(&results, [Some(Bonus::Alternate), None], &points).unwrap();
        assert_eq!(v.outcome.score.unit, ScoreUnit::Chords);
        assert!(v.sky_prince && !v.win_bonus);
        assert_eq!(v.deciding, Facet::StarLords);
    }

    #[test]
    fn a_tie_waits_for_race() {
        let mut results: Results = [None; 6];
        results[3] = result(Facet::Crystal, None, 4, 4);
        results[4] = result(Facet::StarLords, None, 4, 4);
        let options = SeriesOptions::default();
        assert_eq!(verdict(&results, [None, None], &options), None);
        results[5] = result(Facet::Race, Some(Side::Red), 0, 2);
        let v = verdict(&results, [None, Some(Bonus::WinBonus)], &options).unwrap();
        assert_eq!(v.outcome.rule, RACE_TIE_BREAK);
        assert_eq!(v.outcome.score.green_halves, 8);
        assert_eq!(v.outcome.score.red_halves, 18);
        assert_eq!(v.deciding, Facet::Race);
    }
}
