//! The typed values of a simulation's report and how `summary.json` writes
//! them: the game by its name, a winner by the game's name for the side
//! (`green`, `gold`, `storm`, ...) or `draw`, a final score as the game prints
//! it (`4-9 Chords`). Reports hold the values typed; the text is made when a
//! report is written, and read back only when one is read (`merge`,
//! `--previous`).

use std::cmp::Ordering;
use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tigerseye_engine::core::ScoreUnit;
use tigerseye_engine::{GameId, Score, Side};

/// A game written by its name (`duel`).
pub mod game_name {
    use super::{Deserialize, Deserializer, GameId, Serializer};

    /// Writes the game's name.
    ///
    /// # Errors
    ///
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(game: &GameId, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(game.name())
    }

    /// Reads a game's name.
    ///
    /// # Errors
    ///
    /// When the name is not a registered game's.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        let name = String::deserialize(d)?;
        name.parse::<GameId>().map_err(serde::de::Error::custom)
    }
}

/// Games written by their names (`["duel", "race"]`).
pub mod game_names {
    use super::{Deserialize, Deserializer, GameId, Serializer};
    use serde::ser::SerializeSeq as _;

    /// Writes the games' names.
    ///
    /// # Errors
    ///
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(games: &[GameId], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(games.len()))?;
        for game in games {
            seq.serialize_element(game.name())?;
        }
        seq.end()
    }

    /// Reads games' names.
    ///
    /// # Errors
    ///
    /// When a name is not a registered game's.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<GameId>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|name| name.parse::<GameId>().map_err(serde::de::Error::custom))
            .collect()
    }
}

/// Who won a game, or nobody: the side, and the game's name for it, which is
/// what reports print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Winner {
    /// The winning side, `None` for a draw.
    pub side: Option<Side>,
    /// The game's name for the side (`draw` for a draw).
    pub name: &'static str,
}

impl Winner {
    /// The winner of a game of `game`.
    #[must_use]
    pub fn of(game: GameId, side: Option<Side>) -> Winner {
        let name = match side {
            Some(s) => game.side_names()[s.index()],
            None => "draw",
        };
        Winner { side, name }
    }

    /// The winner named `name` by some game (`draw` for none).
    #[must_use]
    pub fn named(name: &str) -> Option<Winner> {
        if name == "draw" {
            return Some(Winner {
                side: None,
                name: "draw",
            });
        }
        GameId::ALL.iter().find_map(|g| {
            let names = g.side_names();
            let i = names.iter().position(|n| *n == name)?;
            Some(Winner {
                side: Some(Side::ALL[i]),
                name: names[i],
            })
        })
    }
}

/// Ordered by name, as reports list them.
impl Ord for Winner {
    fn cmp(&self, other: &Self) -> Ordering {
        self.name.cmp(other.name)
    }
}

impl PartialOrd for Winner {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name)
    }
}

impl<'de> Deserialize<'de> for Winner {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Winner, D::Error> {
        let name = String::deserialize(d)?;
        Winner::named(&name)
            .ok_or_else(|| D::Error::custom(format!("`{name}` is no game's side nor `draw`")))
    }
}

/// Every unit a score is counted in.
const SCORE_UNITS: [ScoreUnit; 4] = [
    ScoreUnit::GamePoints,
    ScoreUnit::Chords,
    ScoreUnit::Notes,
    ScoreUnit::NominalPoints,
];

/// A game's final score, written as the game prints it (`4-9 Chords`,
/// `½-½ Game Points`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalScore(pub Score);

impl FinalScore {
    /// The winner's margin in half units (0 for a level score).
    #[must_use]
    pub fn margin_halves(self) -> u16 {
        self.0.green_halves.abs_diff(self.0.red_halves)
    }
}

/// Ordered as their texts are, the order reports list them in.
impl Ord for FinalScore {
    fn cmp(&self, other: &Self) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for FinalScore {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for FinalScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Reads half units written as the seeds do: `6`, `½`, `6½`.
fn halves(text: &str) -> Option<u16> {
    let (whole, half) = match text.strip_suffix('½') {
        Some(w) => (w, 1),
        None => (text, 0),
    };
    let whole: u16 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    whole.checked_mul(2)?.checked_add(half)
}

impl std::str::FromStr for FinalScore {
    type Err = String;

    /// Reads a score as [`Score`]'s `Display` writes it.
    fn from_str(text: &str) -> Result<FinalScore, String> {
        let bad = || format!("`{text}` is not a score such as `4-9 Chords`");
        let (green, rest) = text.split_once('-').ok_or_else(bad)?;
        let (red, unit) = rest.split_once(' ').ok_or_else(bad)?;
        let unit = SCORE_UNITS
            .into_iter()
            .find(|u| u.name() == unit)
            .ok_or_else(bad)?;
        Ok(FinalScore(Score {
            green_halves: halves(green).ok_or_else(bad)?,
            red_halves: halves(red).ok_or_else(bad)?,
            unit,
        }))
    }
}

impl Serialize for FinalScore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FinalScore {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FinalScore, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's side names and `draw` read back to the side they were
    /// written for; no name is two games' names for different sides.
    #[test]
    fn winners_read_back() {
        for &game in GameId::ALL {
            for side in [Some(Side::Green), Some(Side::Red), None] {
                let w = Winner::of(game, side);
                let json = serde_json::to_string(&w).unwrap();
                assert_eq!(serde_json::from_str::<Winner>(&json).unwrap(), w, "{game}");
            }
        }
        assert!(serde_json::from_str::<Winner>("\"purple\"").is_err());
    }

    /// Scores read back from the text the engine writes, half units included,
    /// and sort as their texts do.
    #[test]
    fn scores_read_back() {
        for (g, r, unit) in [
            (8, 18, ScoreUnit::Chords),
            (1, 1, ScoreUnit::GamePoints),
            (13, 13, ScoreUnit::Chords),
            (1, 22, ScoreUnit::Chords),
            (0, 2, ScoreUnit::NominalPoints),
        ] {
            let s = FinalScore(Score {
                green_halves: g,
                red_halves: r,
                unit,
            });
            let text = s.to_string();
            assert_eq!(text.parse::<FinalScore>(), Ok(s), "{text}");
        }
        assert_eq!(
            "4-9 Chords"
                .parse::<FinalScore>()
                .map(FinalScore::margin_halves),
            Ok(10)
        );
        assert!("4-9".parse::<FinalScore>().is_err());
        assert!("4-x Chords".parse::<FinalScore>().is_err());
        let mut v: Vec<FinalScore> = ["1-0 Game Points", "½-½ Game Points", "0-1 Game Points"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        v.sort();
        let texts: Vec<String> = v.iter().map(ToString::to_string).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
    }
}
