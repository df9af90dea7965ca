//! Whose turn it is, how a game ended, and the score the seed gives for it.

use std::fmt;

use super::side::Side;

/// The name of the rule that decided a game, such as `hold-the-key` or
/// `threefold-repetition`.
///
/// Each game declares the rules it can report in [`Game::RULES`](crate::core::Game::RULES),
/// as constants beside the code that applies them; reports count outcomes by this
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub &'static str);

impl RuleId {
    /// The rule's kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// What a score is counted in. The seeds score each game in its own unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreUnit {
    /// Tiger's-eye Game Points (Duel, Ambush, Northern Light, Dragon).
    GamePoints,
    /// Tiger's-eye Chords (Crystal of Doom, Star-Lords, Race stand-alone).
    Chords,
    /// Notes, a kind of Mark (Race as the Jewel Series tie-break).
    Notes,
    /// Nominal Points: Northern Light's points when it is the tie-break game of
    /// The Dragon Trilogy (seed 002, "When played as this Tie-break game the points
    /// scored for the individual game(s) are as above but are Nominal Points").
    NominalPoints,
}

impl ScoreUnit {
    /// The unit's name as the seeds write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ScoreUnit::GamePoints => "Game Points",
            ScoreUnit::Chords => "Chords",
            ScoreUnit::Notes => "Notes",
            ScoreUnit::NominalPoints => "Nominal Points",
        }
    }
}

/// A score to each side, in half units (the seeds give half points for draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// Half units to Green.
    pub green_halves: u16,
    /// Half units to Red.
    pub red_halves: u16,
    /// What the units are.
    pub unit: ScoreUnit,
}

impl Score {
    /// `win` units to `winner`, none to the loser.
    #[must_use]
    pub const fn win(winner: Side, win: u16, unit: ScoreUnit) -> Score {
        match winner {
            Side::Green => Score {
                green_halves: win * 2,
                red_halves: 0,
                unit,
            },
            Side::Red => Score {
                green_halves: 0,
                red_halves: win * 2,
                unit,
            },
        }
    }

    /// `halves` half units to each side.
    #[must_use]
    pub const fn each_halves(halves: u16, unit: ScoreUnit) -> Score {
        Score {
            green_halves: halves,
            red_halves: halves,
            unit,
        }
    }

    /// The half units to `side`.
    #[must_use]
    pub const fn halves(self, side: Side) -> u16 {
        match side {
            Side::Green => self.green_halves,
            Side::Red => self.red_halves,
        }
    }
}

/// Writes a count of half units as the seeds do: `1`, `½`, `1½`.
fn write_halves(f: &mut fmt::Formatter<'_>, halves: u16) -> fmt::Result {
    match (halves / 2, halves % 2) {
        (0, 1) => f.write_str("½"),
        (n, 0) => write!(f, "{n}"),
        (n, _) => write!(f, "{n}½"),
    }
}

impl fmt::Display for Score {
    /// `1-0 Game Points` (Green's score first, as in "Green-Red").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_halves(f, self.green_halves)?;
        f.write_str("-")?;
        write_halves(f, self.red_halves)?;
        write!(f, " {}", self.unit.name())
    }
}

/// How a game ended: the winner (none for a draw), the rule that decided it, and
/// the score the seed gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The rule that decided the game.
    pub rule: RuleId,
    /// The score the seed awards for this result.
    pub score: Score,
}

impl Outcome {
    /// A win for `side` by `rule` worth one Game Point, the score most of the
    /// games give a win.
    #[must_use]
    pub const fn game_point_win(side: Side, rule: RuleId) -> Outcome {
        Outcome {
            winner: Some(side),
            rule,
            score: Score::win(side, 1, ScoreUnit::GamePoints),
        }
    }

    /// A draw by `rule`: half a Game Point each.
    #[must_use]
    pub const fn game_point_draw(rule: RuleId) -> Outcome {
        Outcome {
            winner: None,
            rule,
            score: Score::each_halves(1, ScoreUnit::GamePoints),
        }
    }

    /// The outcome shown with a game's own names for the sides, `[green, red]`
    /// (`Game::side_name`): `storm wins by locking-up (0-5 Game Points)`.
    #[must_use]
    pub const fn named(&self, names: [&'static str; 2]) -> NamedOutcome<'_> {
        NamedOutcome {
            outcome: self,
            names,
        }
    }
}

impl fmt::Display for Outcome {
    /// `red wins by hold-the-key (0-1 Game Points)` or `draw by threefold-repetition (½-½ Game Points)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.named([Side::Green.name(), Side::Red.name()]).fmt(f)
    }
}

/// An [`Outcome`] displayed with a game's names for the sides ([`Outcome::named`]).
#[derive(Clone, Copy, Debug)]
pub struct NamedOutcome<'a> {
    outcome: &'a Outcome,
    names: [&'static str; 2],
}

impl fmt::Display for NamedOutcome<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.outcome;
        match o.winner {
            Some(side) => write!(
                f,
                "{} wins by {} ({})",
                self.names[side.index()],
                o.rule,
                o.score
            ),
            None => write!(f, "draw by {} ({})", o.rule, o.score),
        }
    }
}

/// Who is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The side to move chooses an action.
    Player(Side),
    /// Chance acts: the legal actions are the outcomes of a die or coin, each with a
    /// probability ([`Game::chance_probability`](crate::core::Game::chance_probability)).
    Chance,
    /// The game is over.
    Over(Outcome),
}

/// An exact probability `num / den`, for chance outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probability {
    /// Numerator, at least 1.
    pub num: u32,
    /// Denominator, at least `num`.
    pub den: u32,
}

impl Probability {
    /// The probability as a float in (0, 1].
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.num) / f64::from(self.den)
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_halves_as_the_seed_does() {
        let draw = Score::each_halves(1, ScoreUnit::GamePoints);
        assert_eq!(draw.to_string(), "½-½ Game Points");
        let win = Score::win(Side::Red, 1, ScoreUnit::GamePoints);
        assert_eq!(win.to_string(), "0-1 Game Points");
        let quest = Score {
            green_halves: 3,
            red_halves: 1,
            unit: ScoreUnit::GamePoints,
        };
        assert_eq!(quest.to_string(), "1½-½ Game Points");
    }

    #[test]
    fn outcomes_print_the_games_names_for_the_sides() {
        let rule = RuleId("locking-up");
        let win = Outcome {
            winner: Some(Side::Red),
            rule,
            score: Score::win(Side::Red, 5, ScoreUnit::GamePoints),
        };
        assert_eq!(win.to_string(), "red wins by locking-up (0-5 Game Points)");
        let names = ["forest", "storm"];
        assert_eq!(
            win.named(names).to_string(),
            "storm wins by locking-up (0-5 Game Points)"
        );
        let green = Outcome {
            winner: Some(Side::Green),
            ..win
        };
        assert_eq!(
            green.named(names).to_string(),
            "forest wins by locking-up (0-5 Game Points)"
        );
        let draw = Outcome {
            winner: None,
            ..win
        };
        assert_eq!(
            draw.named(names).to_string(),
            "draw by locking-up (0-5 Game Points)"
        );
    }
}
