//! Race's named rulings (seed 002, "Race") and the options that select their other
//! readings.

use crate::core::{GameOptions, OptionError, OptionSpec};
use crate::rulings::{Reading, Ruling};

pub use super::track::TrackShape;

/// Ruling `race.track-shape`: which 40 squares are "the board's perimeter".
pub const TRACK_SHAPE: Ruling = Ruling {
    id: "race.track-shape",
    question: "Which 40 squares make up the track \"round the perimeter of the board\", and which side is each on?",
    source: "seed 002 (Jewel), Race, The Play and General Rules 7: \"move (clockwise) round the perimeter of the board\", \"the board's 40 square perimeter does not include squares such as B3 or H9\", and the examples on A10, A11, B11, G9, I7, B4, C5, D6, F8, H10, I11",
    readings: &[
        Reading {
            name: "indented",
            text: "the outer ring with a V-shaped indentation on each side whose tip points at F6 and stops two squares short of it (west A1 A2 A3 B4 C5 D6 C7 B8 A9 A10, north A11 B11 C11 D10 E9 F8 G9 H10 I11 J11, east K11 K10 K9 J8 I7 H6 I5 J4 K3 K2, south K1 J1 I1 H2 G3 F4 E3 D2 C1 B1); each side's ten squares take that side's forwards and diagonal",
        },
        Reading {
            name: "plain-ring",
            text: "the plain outer ring of the 11x11 board (A1-A10 west, A11-J11 north, K11-K2 east, K1-B1 south)",
        },
    ],
    clauses: &["jewel.race.22", "jewel.race.51"],
    option: Some("track"),
    reason: "every one of the seed's examples holds on the indented track (the scenarios run each one on both tracks); on the plain ring G9, I7, B4, C5, D6, F8 and H10 are not track squares at all, so the G9 and Prominent-square examples cannot hold. Both have 40 squares and leave out B3 and H9; the indented one is the project's derivation, not the author's, and lives in a data file a maintainer can replace",
};

/// Ruling `race.greatest-setbacks`: what "the greatest number of Set-backs" compels.
pub const GREATEST_SETBACKS: Ruling = Ruling {
    id: "race.greatest-setbacks",
    question: "\"It is not compulsory to play a move to make a Set-back or the greatest number of Set-backs unless there is no other move available\": when every move available sets back, must the mover pick one that sets back the most?",
    source: "seed 002 (Jewel), Race, The Play: \"It is not compulsory to play a move to make a Set-back or the greatest number of Set-backs unless there is no other move available.\"",
    readings: &[
        Reading {
            name: "free",
            text: "the mover chooses freely among his legal moves; a Set-back is compelled only when every move available makes one, and then any of them may be played, whatever the number of Set-backs",
        },
        Reading {
            name: "greatest-when-forced",
            text: "when every move available makes a Set-back, only the moves making the greatest number (a Double Setting-back over a single one) may be played",
        },
    ],
    clauses: &["jewel.race.32"],
    option: Some("setback-choice"),
    reason: "\"unless there is no other move available\" qualifies both halves the same way: a move making one Set-back is another move available besides the one making two, so nothing compels the greater number; the sentence's point is that Setting-back is never a duty, only a consequence of the move chosen (\"Setting-back occurs as and when the attacking Leader lands\")",
};

/// Ruling `race.start-square`: a single Leader still on his starting square.
pub const START_SQUARE: Ruling = Ruling {
    id: "race.start-square",
    question: "Can an opposing Leader land on a single Leader who stands on his own starting square (not yet started, or Set-back there), and what happens to him?",
    source: "seed 002 (Jewel), Race, The Play: \"a Set-back occurs, called Forward Setting-back, when an Expedition leader lands on a square occupied by a single opposing Expedition Leader and this Expedition Leader is then Set-back\" (\"must return (be Set-back) to his starting square\")",
    readings: &[
        Reading {
            name: "share",
            text: "he may be landed on like any single Leader; his Set-back returns him to the square he is on, so he stays, and the two sides share the square (no Set-back is reported); two Leaders of a side there are Secured as anywhere",
        },
        Reading {
            name: "closed",
            text: "an opposing Leader cannot land on a square where a Leader waits on his own starting square, as if he were Secured",
        },
    ],
    clauses: &["jewel.race.30", "jewel.race.27"],
    option: Some("start-square"),
    reason: "the seed makes no exception for starting squares and restricts landing only on Secured Leaders; sending a Leader back to where he already is changes nothing, so the literal reading is the shared square",
};

/// Ruling `race.finishing`: reaching the starting square with the exact throw.
pub const FINISHING: Ruling = Ruling {
    id: "race.finishing",
    question: "Does a Leader who reaches his starting square with the exact throw land on it (Setting-back a single opposing Leader there, refused by Secured ones) before he goes off the board?",
    source: "seed 002 (Jewel), Race, The Play: \"it is not necessary to throw the exact number on the dice to land on the square but the minimum to reach the square or more must be thrown. The finishing Expedition Leader is then placed off the board next to this square.\"",
    readings: &[
        Reading {
            name: "off-board",
            text: "finishing is never a landing: with the minimum or more the Leader goes off the board beside his starting square whatever stands there",
        },
        Reading {
            name: "lands-on-exact",
            text: "with the exact throw he lands on his starting square first (a single opposing Leader there is Set-back; Secured opposing Leaders there refuse him), then goes off; with more he goes straight off",
        },
    ],
    clauses: &["jewel.race.35", "jewel.race.36"],
    option: Some("finish"),
    reason: "the seed treats the exact throw and any greater one alike (\"the minimum to reach the square or more\"), and an overshooting throw lands nowhere; the finishing Leader is \"placed off the board next to this square\", not on it",
};

/// Ruling `race.secured-passing`: whether Secured Leaders stop a Leader passing.
pub const SECURED_PASSING: Ruling = Ruling {
    id: "race.secured-passing",
    question: "Do Secured opposing Leaders only stop a Leader landing on their square, or also stop him passing over it?",
    source: "seed 002 (Jewel), Race, The Play: \"if however both a player's Expedition leaders occupy a square then neither can be Set-back and the opposing Expedition Leader cannot land on this square and must make another move, if possible, or pass the move\"",
    readings: &[
        Reading {
            name: "land-only",
            text: "Secured Leaders stop an opposing Leader landing on their square; passing over it is free",
        },
        Reading {
            name: "blockade",
            text: "an opposing Leader can neither land on nor pass over Secured Leaders",
        },
    ],
    clauses: &["jewel.race.30"],
    option: Some("secured"),
    reason: "the seed names only landing (\"cannot land on this square\"), and nothing else in Race restricts the squares passed over",
};

/// Ruling `race.move-limit`: what a move is, when the limit is reached, and what
/// "completed by 50" means.
pub const MOVE_LIMIT: Ruling = Ruling {
    id: "race.move-limit",
    question: "When is \"the move limit ... 50 moves for each side\" reached, and which games are \"completed by 50\"?",
    source: "seed 002 (Jewel), Race, General Rules 5 and 7: \"The move limit is 50 moves for each side ... Passed moves are counted for move limits.\" \"After the move limit is reached ... the player who started the game moving second and will have just moved now has the move again\" and \"Race – completed by 50 or Race - completed after 50\"",
    readings: &[
        Reading {
            name: "both-fifty",
            text: "a move is one turn (a roll and its advance or pass); the limit is reached when both sides have made 50, that is on the second player's 50th move, who then moves again; a game won on or before that move is completed by 50, any later one after 50",
        },
        Reading {
            name: "either-fifty",
            text: "the limit is reached as soon as the first player has made 50 moves",
        },
    ],
    clauses: &["jewel.race.45", "jewel.race.47", "jewel.race.49"],
    option: None,
    reason: "only the first reading lets \"the player who started the game moving second ... will have just moved\" be true when the limit is reached; the other is not implemented",
};

/// Who moves first: the option `first` (seed 002, Race, General Rules 4: "For
/// Tie-breaking who moves first is the reverse of who moved first in Star-Lords.
/// For a Stand-alone game first move is decided by roll of dice or coin").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstMove {
    /// A coin decides, as a chance node before the first roll (stand-alone).
    #[default]
    Coin,
    /// Green moves first (the tie-break when Red moved first in Star-Lords).
    Green,
    /// Red moves first (the tie-break when Green moved first in Star-Lords).
    Red,
}

/// What a win scores: the option `scoring` (seed 002, Race, Scoring 8 and 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// "For a Stand-alone game the winning player scores one Chord."
    #[default]
    StandAlone,
    /// "For the Tie-break game for the Jewel Series the winning player scores one
    /// Note" (the series adds its win bonus).
    TieBreak,
}

/// Ruling [`GREATEST_SETBACKS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetbackChoice {
    /// Any legal move.
    #[default]
    Free,
    /// When every move sets back, only those setting back the most.
    GreatestWhenForced,
}

/// Ruling [`START_SQUARE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StartSquare {
    /// Landed on like any single Leader; the sides share the square.
    #[default]
    Share,
    /// Cannot be landed on.
    Closed,
}

/// Ruling [`FINISHING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Straight off the board.
    #[default]
    OffBoard,
    /// The exact throw lands on the starting square first.
    LandsOnExact,
}

/// Ruling [`SECURED_PASSING`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SecuredPassing {
    /// Only landing is refused.
    #[default]
    LandOnly,
    /// Passing over is refused too.
    Blockade,
}

/// Race's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RaceOptions {
    /// `track = indented | plain-ring`.
    pub track: TrackShape,
    /// `first = coin | green | red`.
    pub first: FirstMove,
    /// `scoring = stand-alone | tie-break`.
    pub scoring: Scoring,
    /// `setback-choice = free | greatest-when-forced`.
    pub setback_choice: SetbackChoice,
    /// `start-square = share | closed`.
    pub start_square: StartSquare,
    /// `finish = off-board | lands-on-exact`.
    pub finish: Finish,
    /// `secured = land-only | blockade`.
    pub secured: SecuredPassing,
    /// `fault = none | no-forward-setback` (feature `fault-injection` only).
    #[cfg(feature = "fault-injection")]
    pub fault: RaceFault,
}

/// A rule bug a test injects to prove that the harness finds rule bugs that
/// leave a consistent state (engine feature `fault-injection`, never on in a
/// normal build).
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RaceFault {
    /// The rules as written.
    #[default]
    None,
    /// A Leader may not land on a single opposing Leader (the forward Set-back
    /// is missing from the legal actions).
    NoForwardSetback,
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

/// The options that read Race's rulings, and who moves first and how a win scores.
const RULE_SPECS: [OptionSpec; 7] = [
    OptionSpec {
        key: "track",
        values: &["indented", "plain-ring"],
        ruling: Some(TRACK_SHAPE.id),
        doc: "the 40-square track: the indented default or the plain outer ring",
    },
    OptionSpec {
        key: "first",
        values: &["coin", "green", "red"],
        ruling: None,
        doc: "who moves first: a coin (stand-alone) or a side (the tie-break: the reverse of Star-Lords)",
    },
    OptionSpec {
        key: "scoring",
        values: &["stand-alone", "tie-break"],
        ruling: None,
        doc: "a win scores one Chord (stand-alone) or one Note (the Jewel Series tie-break)",
    },
    OptionSpec {
        key: "setback-choice",
        values: &["free", "greatest-when-forced"],
        ruling: Some(GREATEST_SETBACKS.id),
        doc: "whether a mover whose every move sets back must set back the most",
    },
    OptionSpec {
        key: "start-square",
        values: &["share", "closed"],
        ruling: Some(START_SQUARE.id),
        doc: "whether a Leader waiting on his own starting square can be landed on",
    },
    OptionSpec {
        key: "finish",
        values: &["off-board", "lands-on-exact"],
        ruling: Some(FINISHING.id),
        doc: "whether the exact finishing throw lands on the starting square first",
    },
    OptionSpec {
        key: "secured",
        values: &["land-only", "blockade"],
        ruling: Some(SECURED_PASSING.id),
        doc: "whether Secured Leaders also stop opposing Leaders passing",
    },
];

impl GameOptions for RaceOptions {
    #[cfg(not(feature = "fault-injection"))]
    const SPECS: &'static [OptionSpec] = &RULE_SPECS;
    #[cfg(feature = "fault-injection")]
    const SPECS: &'static [OptionSpec] = &[
        RULE_SPECS[0],
        RULE_SPECS[1],
        RULE_SPECS[2],
        RULE_SPECS[3],
        RULE_SPECS[4],
        RULE_SPECS[5],
        RULE_SPECS[6],
        OptionSpec {
            key: "fault",
            values: &["none", "no-forward-setback"],
            ruling: None,
            doc: "an injected rule bug, for testing the harness",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let specs = Self::SPECS;
        match key {
            "track" => choose!(self.track, key, value, specs[0], {
                "indented" => TrackShape::Indented, "plain-ring" => TrackShape::PlainRing,
            }),
            "first" => choose!(self.first, key, value, specs[1], {
                "coin" => FirstMove::Coin, "green" => FirstMove::Green, "red" => FirstMove::Red,
            }),
            "scoring" => choose!(self.scoring, key, value, specs[2], {
                "stand-alone" => Scoring::StandAlone, "tie-break" => Scoring::TieBreak,
            }),
            "setback-choice" => choose!(self.setback_choice, key, value, specs[3], {
                "free" => SetbackChoice::Free, "greatest-when-forced" => SetbackChoice::GreatestWhenForced,
            }),
            "start-square" => choose!(self.start_square, key, value, specs[4], {
                "share" => StartSquare::Share, "closed" => StartSquare::Closed,
            }),
            "finish" => choose!(self.finish, key, value, specs[5], {
                "off-board" => Finish::OffBoard, "lands-on-exact" => Finish::LandsOnExact,
            }),
            "secured" => choose!(self.secured, key, value, specs[6], {
                "land-only" => SecuredPassing::LandOnly, "blockade" => SecuredPassing::Blockade,
            }),
            #[cfg(feature = "fault-injection")]
            "fault" => choose!(self.fault, key, value, specs[7], {
                "none" => RaceFault::None, "no-forward-setback" => RaceFault::NoForwardSetback,
            }),
            _ => return Err(OptionError::unknown_key(key, value, specs)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        Some(match key {
            "track" => self.track.name(),
            "first" => match self.first {
                FirstMove::Coin => "coin",
                FirstMove::Green => "green",
                FirstMove::Red => "red",
            },
            "scoring" => match self.scoring {
                Scoring::StandAlone => "stand-alone",
                Scoring::TieBreak => "tie-break",
            },
            "setback-choice" => match self.setback_choice {
                SetbackChoice::Free => "free",
                SetbackChoice::GreatestWhenForced => "greatest-when-forced",
            },
            "start-square" => match self.start_square {
                StartSquare::Share => "share",
                StartSquare::Closed => "closed",
            },
            "finish" => match self.finish {
                Finish::OffBoard => "off-board",
                Finish::LandsOnExact => "lands-on-exact",
            },
            "secured" => match self.secured {
                SecuredPassing::LandOnly => "land-only",
                SecuredPassing::Blockade => "blockade",
            },
            #[cfg(feature = "fault-injection")]
            "fault" => match self.fault {
                RaceFault::None => "none",
                RaceFault::NoForwardSetback => "no-forward-setback",
            },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_every_option_round_trips_and_the_first_is_the_default() {
        let default = RaceOptions::default();
        for spec in RaceOptions::SPECS {
            assert_eq!(default.get(spec.key), Some(spec.values[0]), "{}", spec.key);
            for value in spec.values {
                let mut o = RaceOptions::default();
                o.set(spec.key, value).unwrap();
                assert_eq!(o.get(spec.key), Some(*value));
            }
            let e = RaceOptions::default()
                .set(spec.key, "nonsense")
                .unwrap_err();
            assert!(e.expected.contains(spec.values[0]), "{e}");
        }
        let e = RaceOptions::default().set("colour", "blue").unwrap_err();
        assert!(e.expected.contains("track"), "{e}");
        assert_eq!(default.get("colour"), None);
    }

    #[test]
    fn rulings_with_an_option_name_an_existing_key() {
        for r in [
            TRACK_SHAPE,
            GREATEST_SETBACKS,
            START_SQUARE,
            FINISHING,
            SECURED_PASSING,
            MOVE_LIMIT,
        ] {
            if let Some(key) = r.option {
                let spec = RaceOptions::SPECS.iter().find(|s| s.key == key).unwrap();
                assert_eq!(spec.ruling, Some(r.id));
                let names: Vec<&str> = r.readings.iter().map(|x| x.name).collect();
                assert_eq!(names, spec.values, "{}", r.id);
            }
        }
    }
}
