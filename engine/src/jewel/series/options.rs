//! The Jewel Series' named rulings (seed 002, "Jewel as a Linked-series", "Further
//! Notes on The Jewel Series", "Order of Play for The Jewel Series") and the
//! options that select their other readings or fix the players' bonus choices.

use crate::core::{GameOptions, OptionError, OptionSpec, Side};
use crate::rulings::{Reading, Ruling};

/// Ruling `jewel-series.chords-table`: what Duel, Ambush and Northern Light
/// score in the series.
pub const CHORDS_TABLE: Ruling = Ruling {
    id: "jewel-series.chords-table",
    question: "The table of \"the Chords scored for each Game\" of the series is lost: what do Duel, Ambush and Northern Light add to the Chords the series is won on?",
    source: "seed 002 (Jewel), Jewel as a Linked-series: \"The series is scored by what are called Tiger's-eye Chords ... The Games must be played in the order shown below and the Chords scored for each Game are also shown below\" (the table is lost); Crystal of Doom 2 and Star-Lords 3: \"These scores are both for when the game is played as a stand-alone game or as part of the Jewel Series\"; Duel, Ambush, Northern Light: scores in Game Points only",
    readings: &[
        Reading {
            name: "crystal-and-star-lords",
            text: "only Crystal of Doom (4-0, 2-2) and Star-Lords (5-0, 2-2) score Chords; Duel (1-0, ½-½), Ambush (2-0, 1-1) and Northern Light (1-0, 1½-½, ½-½) score the Game Points their sections give, kept beside the Chords and not counted in them; Northern Light still earns its Alternate bonus",
        },
        Reading {
            name: "points-as-chords",
            text: "every Game Point of Duel, Ambush and Northern Light also counts as one Chord, so all five Facets add to the Chords for and against",
        },
    ],
    clauses: &["jewel.series.4", "jewel.crystal.27", "jewel.star-lords.26"],
    option: Some("chords"),
    reason: "the seed states a score in Chords only for Crystal of Doom and Star-Lords, and says for both that it holds in the series; Duel, Ambush and Northern Light are scored in Game Points, a different unit whose exchange rate to Chords \"can vary\" (between 20% and 80%), so no rate can be read off the text. The default counts only what the seed states in Chords; the other reading (one Chord a Game Point) lets a maintainer see what the first three Facets would change",
};

/// Ruling `jewel-series.first-play`: Duel and Ambush score "only for the first time
/// of a player's playing".
pub const FIRST_PLAY: Ruling = Ruling {
    id: "jewel-series.first-play",
    question: "Duel and Ambush score \"only for the first time of a player's playing; thereafter no Points, Chords or marks are awarded to the player when [it] is played as a Stand-alone game\": does that limit apply to them as Facets of the series?",
    source: "seed 002 (Jewel), Duel in the Castle, Scores, and Ambush in the Forest, Scores",
    readings: &[
        Reading {
            name: "series-scores",
            text: "the limit is on stand-alone play only: in the series Duel and Ambush always score for both players",
        },
        Reading {
            name: "green-played-before",
            text: "the limit applies in the series too, and the Green TimeLord has played Duel and Ambush before: he scores nothing from them (Red still does)",
        },
        Reading {
            name: "red-played-before",
            text: "as above with the Red TimeLord the one who has played them before",
        },
        Reading {
            name: "both-played-before",
            text: "as above for both players: Duel and Ambush score nothing",
        },
    ],
    clauses: &["jewel.duel.26", "jewel.ambush.14"],
    option: Some("first-play"),
    reason: "both sentences end \"when Duel [Ambush] is played as a Stand-alone game\", and the series' own scoring (\"the Chords scored for each Game\") has no such exception; a player's history before the series is outside the game, so the other readings take it as an option",
};

/// Ruling `jewel-series.first-mover`: who moves first in Crystal of Doom and
/// Star-Lords as Facets of the series.
pub const FIRST_MOVER: Ruling = Ruling {
    id: "jewel-series.first-mover",
    question: "Crystal of Doom and Star-Lords give their first mover only \"For a stand-alone game ... by roll of dice or coin\": who moves first when they are played in the series?",
    source: "seed 002 (Jewel), Crystal of Doom, General rules 7; Star-Lords, General rules 7; Race, General Rules 4: \"For Tie-breaking who moves first is the reverse of who moved first in Star-Lords\"",
    readings: &[
        Reading {
            name: "coin",
            text: "a coin, as stand-alone (a chance node at the start of each)",
        },
        Reading {
            name: "alternate",
            text: "the reverse of the previous Facet's first mover: Crystal of Doom's is the other side from the first mover of the last Hunt of Northern Light played, Star-Lords' the other side from Crystal of Doom's (as DiamondQuest reverses DiamondQi and Race reverses Star-Lords)",
        },
    ],
    clauses: &["jewel.race.42"],
    option: Some("first-mover"),
    reason: "the seed gives no series rule for these two and names the coin as their own; the reversing rule it uses elsewhere in the series is the other reading",
};

/// Ruling `jewel-series.bonus-statement`: how the players state their bonuses.
pub const BONUS_STATEMENT: Ruling = Ruling {
    id: "jewel-series.bonus-statement",
    question: "\"Each Player must state what bonus(es) he opts for before commencing the series\": how and in what order?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 8 and 9: \"Instead of the possible win bonus of five Chords, a Player may opt to be awarded the Alternate bonuses ... Each Player must state what bonus(es) he opts for before commencing the series. It is not allowed to partially mix bonuses.\"",
    readings: &[
        Reading {
            name: "stated",
            text: "each player states one of `win-bonus` or `alternate-bonuses` as an action before Duel begins, Green then Red (the options green-bonus and red-bonus can fix either beforehand instead); the choice is all or nothing",
        },
        Reading {
            name: "sealed",
            text: "both state at once, neither knowing the other's choice (not implemented: the engine has no hidden information)",
        },
    ],
    clauses: &["jewel.series.18", "jewel.series.19", "jewel.series.20"],
    option: None,
    reason: "the engine's actions are sequential and public; the seed fixes no order, so Green (the North side, named first throughout the seed) states first; random play and the options cover every combination",
};

/// Ruling `jewel-series.alternate-bonuses`: which Alternate bonuses there are.
pub const ALTERNATE_BONUSES: Ruling = Ruling {
    id: "jewel-series.alternate-bonuses",
    question: "The table of \"the Alternate bonuses for winning each game\" is lost: which are there?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 2, 3, 4 and 8",
    readings: &[
        Reading {
            name: "three-described",
            text: "the three the notes describe: winning Northern Light puts the opponent an Adjacent down in Crystal of Doom; winning Crystal of Doom gives one take-back in Star-Lords; winning Star-Lords and the series makes the winner The Sky-Prince. Duel and Ambush carry none",
        },
        Reading {
            name: "lost-table",
            text: "Duel and Ambush carried Alternate bonuses too, in the lost table (not implemented: nothing says what they were)",
        },
    ],
    clauses: &["jewel.series.5", "jewel.series.18"],
    option: None,
    reason: "only these three are described anywhere in the seed, and note 6 (\"Situations can arise where neither player wins a bonus\") fits a series where the first two Facets carry none",
};

/// Ruling `jewel-series.adjacent-down`: when and how the Adjacent is removed.
pub const ADJACENT_DOWN: Ruling = Ruling {
    id: "jewel-series.adjacent-down",
    question: "\"the opposing player in Crystal of Doom starts the game an Adjacent down. The choice of which Adjacent is made by the Player who is the Adjacent down\": when is it chosen?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 2",
    readings: &[
        Reading {
            name: "before-first-move",
            text: "at the set-up, before the first mover is decided: the player who is down chooses one of his Adjacents (an action, `adjacent-down D1`) and it is taken off the board; it applies only when the winner of Northern Light opted for the Alternate bonuses",
        },
        Reading {
            name: "after-first-move",
            text: "after the coin has decided who moves first (not implemented)",
        },
    ],
    clauses: &["jewel.series.8", "jewel.series.9"],
    option: None,
    reason: "\"starts the game an Adjacent down\" makes it part of the set-up, and the set-up comes before the first move is decided",
};

/// Ruling `jewel-series.take-back`: what the take-back does.
pub const TAKE_BACK: Ruling = Ruling {
    id: "jewel-series.take-back",
    question: "\"the Player with the bonus may, before completing a move, take back his previous move and his opponents last move and replay his previous move\": what may he replay?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 3",
    readings: &[
        Reading {
            name: "redo",
            text: "once in Star-Lords, at his turn, when his previous move was answered by exactly one move of his opponent, he may (an action, `take-back`) restore the position before his previous move, repetition record included, and he then makes that move again: any legal move, the same or another",
        },
        Reading {
            name: "same-move",
            text: "as above, but he must replay exactly the move he took back, so that only his opponent chooses again",
        },
    ],
    clauses: &["jewel.series.10", "jewel.series.11"],
    option: Some("take-back"),
    reason: "a bonus for winning Crystal of Doom must help its holder, and only the first reading does: \"replay his previous move\" is read as making his move again. Clocks are not altered either way (the engine keeps no clocks in the series)",
};

/// Ruling `jewel-series.take-back-at-end`: a take-back after the opponent's move
/// ended Star-Lords.
pub const TAKE_BACK_AT_END: Ruling = Ruling {
    id: "jewel-series.take-back-at-end",
    question: "May the holder of the take-back use it when his opponent's last move ended Star-Lords (a Leader on F6 he cannot answer, a threefold repetition, no legal action left to him)?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 3: \"before completing a move\"; Star-Lords: the win by Capturing the Key (ruling star-lords.key-win-timing)",
    readings: &[
        Reading {
            name: "offered",
            text: "yes: the game stops with the result pending and he chooses `take-back` or `accept`",
        },
        Reading {
            name: "in-play-only",
            text: "no: a finished game has no move left to complete, so the result stands",
        },
    ],
    clauses: &["jewel.series.10"],
    option: Some("take-back-at-end"),
    reason: "the engine records a Capture-the-Key win at once (star-lords.key-win-timing) where the rules would have the loser make one more futile move, \"before completing\" which he could take back; offering the take-back keeps the bonus what it would be under the seed's own order of play",
};

/// Ruling `jewel-series.sky-prince`: whether a series won through Race counts.
pub const SKY_PRINCE: Ruling = Ruling {
    id: "jewel-series.sky-prince",
    question: "\"To become The Sky-Prince a Player must first opt for the Alternate bonuses and then win the Game of Star-Lords and also win the series overall\": does a series won in the Race tie-break count as won overall?",
    source: "seed 002 (Jewel), Further Notes on The Jewel Series 4 and 7; Race, Scoring 9: \"the winning player scores one Note ... and wins the Series\"",
    readings: &[
        Reading {
            name: "race-counts",
            text: "yes: whoever wins the series, on Chords or in Race, has won it overall",
        },
        Reading {
            name: "chords-only",
            text: "no: only a series won on Chords for and against (note 7) is won overall",
        },
    ],
    clauses: &["jewel.race.55"],
    option: Some("sky-prince"),
    reason: "Race's winner \"wins the Series\" in the seed's own words; note 7 says how the winner is found when the Chords differ, not that a tie-broken series has no winner",
};

/// What a player opts for before the series (seed 002, Further Notes 5, 8 and 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bonus {
    /// "the overall win bonus ... of an additional five Tiger's-eye Chords".
    WinBonus,
    /// "the Alternate bonuses for winning Games".
    Alternate,
}

impl Bonus {
    /// The notation: `win-bonus` or `alternate-bonuses`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Bonus::WinBonus => "win-bonus",
            Bonus::Alternate => "alternate-bonuses",
        }
    }
}

/// Option `green-bonus` / `red-bonus`: a player's bonus, stated at the start
/// (an action) or fixed before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BonusOption {
    /// The player states it as his action before Duel.
    #[default]
    Stated,
    /// Fixed: the win bonus.
    WinBonus,
    /// Fixed: the Alternate bonuses.
    Alternate,
}

impl BonusOption {
    /// The bonus when fixed beforehand.
    #[must_use]
    pub const fn fixed(self) -> Option<Bonus> {
        match self {
            BonusOption::Stated => None,
            BonusOption::WinBonus => Some(Bonus::WinBonus),
            BonusOption::Alternate => Some(Bonus::Alternate),
        }
    }
}

/// Ruling [`CHORDS_TABLE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChordsTable {
    /// Only Crystal of Doom and Star-Lords score Chords.
    #[default]
    CrystalAndStarLords,
    /// Game Points count one Chord each.
    PointsAsChords,
}

/// Ruling [`FIRST_PLAY`]: which TimeLords have played Duel and Ambush before
/// (and so score nothing from them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstPlay {
    /// Both score.
    #[default]
    SeriesScores,
    /// Green scores nothing from Duel and Ambush.
    GreenPlayedBefore,
    /// Red scores nothing from Duel and Ambush.
    RedPlayedBefore,
    /// Neither scores from them.
    BothPlayedBefore,
}

impl FirstPlay {
    /// Whether `side` scores from Duel and Ambush.
    #[must_use]
    pub const fn scores(self, side: Side) -> bool {
        match (self, side) {
            (FirstPlay::SeriesScores, _)
            | (FirstPlay::GreenPlayedBefore, Side::Red)
            | (FirstPlay::RedPlayedBefore, Side::Green) => true,
            (FirstPlay::GreenPlayedBefore, Side::Green)
            | (FirstPlay::RedPlayedBefore, Side::Red)
            | (FirstPlay::BothPlayedBefore, _) => false,
        }
    }
}

/// Ruling [`FIRST_MOVER`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstMover {
    /// A coin for Crystal of Doom and for Star-Lords.
    #[default]
    Coin,
    /// The reverse of the previous Facet's first mover.
    Alternate,
}

/// Ruling [`TAKE_BACK`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TakeBackReplay {
    /// Any legal move.
    #[default]
    Redo,
    /// Only the move taken back.
    SameMove,
}

/// The series' options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeriesOptions {
    /// `green-bonus = stated | win-bonus | alternate-bonuses`.
    pub green_bonus: BonusOption,
    /// `red-bonus = stated | win-bonus | alternate-bonuses`.
    pub red_bonus: BonusOption,
    /// `chords = crystal-and-star-lords | points-as-chords`.
    pub chords: ChordsTable,
    /// `first-play = series-scores | green-played-before | red-played-before |
    /// both-played-before`.
    pub first_play: FirstPlay,
    /// `first-mover = coin | alternate`.
    pub first_mover: FirstMover,
    /// `take-back = redo | same-move`.
    pub take_back: TakeBackReplay,
    /// `take-back-at-end = offered | in-play-only`: `true` when offered.
    pub take_back_at_end: bool,
    /// `sky-prince = race-counts | chords-only`: `true` when Race counts.
    pub sky_prince_race: bool,
}

impl SeriesOptions {
    /// The options every scenario and the sim start from: the defaults.
    #[must_use]
    pub const fn standard() -> SeriesOptions {
        SeriesOptions {
            green_bonus: BonusOption::Stated,
            red_bonus: BonusOption::Stated,
            chords: ChordsTable::CrystalAndStarLords,
            first_play: FirstPlay::SeriesScores,
            first_mover: FirstMover::Coin,
            take_back: TakeBackReplay::Redo,
            take_back_at_end: true,
            sky_prince_race: true,
        }
    }

    /// `side`'s bonus option.
    #[must_use]
    pub const fn bonus(&self, side: Side) -> BonusOption {
        match side {
            Side::Green => self.green_bonus,
            Side::Red => self.red_bonus,
        }
    }
}

/// Sets an enum field from its option value, or returns the error naming the values.
macro_rules! choose {
    ($field:expr, $key:expr, $value:expr, $spec:expr, { $($name:literal => $variant:expr),* $(,)? }) => {
        $field = match $value {
            $($name => $variant,)*
            _ => return Err(OptionError::bad_value($key, $value, $spec.values)),
        }
    };
}

const BONUS_VALUES: &[&str] = &["stated", "win-bonus", "alternate-bonuses"];

impl GameOptions for SeriesOptions {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "green-bonus",
            values: BONUS_VALUES,
            ruling: None,
            doc: "the Green TimeLord's bonus: stated as his first action, or fixed before the series",
        },
        OptionSpec {
            key: "red-bonus",
            values: BONUS_VALUES,
            ruling: None,
            doc: "the Red TimeLord's bonus: stated as his first action, or fixed before the series",
        },
        OptionSpec {
            key: "chords",
            values: &["crystal-and-star-lords", "points-as-chords"],
            ruling: Some(CHORDS_TABLE.id),
            doc: "whether the Game Points of Duel, Ambush and Northern Light count as Chords",
        },
        OptionSpec {
            key: "first-play",
            values: &[
                "series-scores",
                "green-played-before",
                "red-played-before",
                "both-played-before",
            ],
            ruling: Some(FIRST_PLAY.id),
            doc: "who, having played Duel and Ambush before, scores nothing from them",
        },
        OptionSpec {
            key: "first-mover",
            values: &["coin", "alternate"],
            ruling: Some(FIRST_MOVER.id),
            doc: "Crystal of Doom's and Star-Lords' first mover: a coin, or the reverse of the previous Facet's",
        },
        OptionSpec {
            key: "take-back",
            values: &["redo", "same-move"],
            ruling: Some(TAKE_BACK.id),
            doc: "after the take-back, any move or only the move taken back",
        },
        OptionSpec {
            key: "take-back-at-end",
            values: &["offered", "in-play-only"],
            ruling: Some(TAKE_BACK_AT_END.id),
            doc: "whether the take-back may undo the opponent's move that ended Star-Lords",
        },
        OptionSpec {
            key: "sky-prince",
            values: &["race-counts", "chords-only"],
            ruling: Some(SKY_PRINCE.id),
            doc: "whether a series won in Race counts for The Sky-Prince",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let specs = Self::SPECS;
        match key {
            "green-bonus" => choose!(self.green_bonus, key, value, specs[0], {
                "stated" => BonusOption::Stated, "win-bonus" => BonusOption::WinBonus,
                "alternate-bonuses" => BonusOption::Alternate,
            }),
            "red-bonus" => choose!(self.red_bonus, key, value, specs[1], {
                "stated" => BonusOption::Stated, "win-bonus" => BonusOption::WinBonus,
                "alternate-bonuses" => BonusOption::Alternate,
            }),
            "chords" => choose!(self.chords, key, value, specs[2], {
                "crystal-and-star-lords" => ChordsTable::CrystalAndStarLords,
                "points-as-chords" => ChordsTable::PointsAsChords,
            }),
            "first-play" => choose!(self.first_play, key, value, specs[3], {
                "series-scores" => FirstPlay::SeriesScores,
                "green-played-before" => FirstPlay::GreenPlayedBefore,
                "red-played-before" => FirstPlay::RedPlayedBefore,
                "both-played-before" => FirstPlay::BothPlayedBefore,
            }),
            "first-mover" => choose!(self.first_mover, key, value, specs[4], {
                "coin" => FirstMover::Coin, "alternate" => FirstMover::Alternate,
            }),
            "take-back" => choose!(self.take_back, key, value, specs[5], {
                "redo" => TakeBackReplay::Redo, "same-move" => TakeBackReplay::SameMove,
            }),
            "take-back-at-end" => choose!(self.take_back_at_end, key, value, specs[6], {
                "offered" => true, "in-play-only" => false,
            }),
            "sky-prince" => choose!(self.sky_prince_race, key, value, specs[7], {
                "race-counts" => true, "chords-only" => false,
            }),
            _ => return Err(OptionError::unknown_key(key, value, specs)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        let bonus = |b: BonusOption| match b {
            BonusOption::Stated => "stated",
            BonusOption::WinBonus => "win-bonus",
            BonusOption::Alternate => "alternate-bonuses",
        };
        Some(match key {
            "green-bonus" => bonus(self.green_bonus),
            "red-bonus" => bonus(self.red_bonus),
            "chords" => match self.chords {
                ChordsTable::CrystalAndStarLords => "crystal-and-star-lords",
                ChordsTable::PointsAsChords => "points-as-chords",
            },
            "first-play" => match self.first_play {
                FirstPlay::SeriesScores => "series-scores",
                FirstPlay::GreenPlayedBefore => "green-played-before",
                FirstPlay::RedPlayedBefore => "red-played-before",
                FirstPlay::BothPlayedBefore => "both-played-before",
            },
            "first-mover" => match self.first_mover {
                FirstMover::Coin => "coin",
                FirstMover::Alternate => "alternate",
            },
            "take-back" => match self.take_back {
                TakeBackReplay::Redo => "redo",
                TakeBackReplay::SameMove => "same-move",
            },
            "take-back-at-end" => {
                if self.take_back_at_end {
                    "offered"
                } else {
                    "in-play-only"
                }
            }
            "sky-prince" => {
                if self.sky_prince_race {
                    "race-counts"
                } else {
                    "chords-only"
                }
            }
            _ => return None,
        })
    }
}

impl Default for SeriesOptions {
    fn default() -> Self {
        SeriesOptions::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_every_option_round_trips_and_the_first_is_the_default() {
        let default = SeriesOptions::default();
        for spec in SeriesOptions::SPECS {
            assert_eq!(default.get(spec.key), Some(spec.values[0]), "{}", spec.key);
            for value in spec.values {
                let mut o = SeriesOptions::default();
                o.set(spec.key, value).unwrap();
                assert_eq!(o.get(spec.key), Some(*value));
            }
            let e = SeriesOptions::default()
                .set(spec.key, "nonsense")
                .unwrap_err();
            assert!(e.expected.contains(spec.values[0]), "{e}");
        }
        assert!(SeriesOptions::default().set("colour", "blue").is_err());
        assert_eq!(default.get("colour"), None);
    }

    #[test]
    fn rulings_with_an_option_name_an_existing_key_with_their_readings() {
        for r in super::super::RULINGS {
            if let Some(key) = r.option {
                let spec = SeriesOptions::SPECS.iter().find(|s| s.key == key).unwrap();
                assert_eq!(spec.ruling, Some(r.id));
                let names: Vec<&str> = r.readings.iter().map(|x| x.name).collect();
                assert_eq!(names, spec.values, "{}", r.id);
            }
        }
    }
}
