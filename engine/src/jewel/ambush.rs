//! Ambush in the Forest: Jewel Facet 2, "a Mini game" (seed 002, "Jewel Facet 2:
//! Ambush in the Forest").
//!
//! Five Characters a side on the 5x5 "Forest Clearing board"; the Key position is
//! C3, the chest of gold coins. Green (the Longbowman, Sword-hands, Staffmen) is
//! North, Red (the King's Sheriff, Guardsmen, Tax Collectors) South; "Green moves
//! first". The object is to **Hold the Key**: a Character that reaches C3 must be
//! captured on the opponent's next turn or it wins, and a capturer on C3 holds it
//! in turn, "and this condition continues until no capture is made"
//! ([`WinCondition::HoldTheKey`]).
//!
//! ```text
//! 5  n q k q n     Green: Staffmen (n) A5 E5, Sword-hands (q) B5 D5,
//! 4  . . . . .            the Longbowman (k) C5
//! 3  . . * . .     * the Key position, C3
//! 2  . . . . .     Red: Tax Collectors (N) A1 E1, Guardsmen (Q) B1 D1,
//! 1  N Q K Q N          the King's Sheriff (K) C1
//!    A B C D E
//! ```
//!
//! The set-up is the project's draft (ruling [`SET_UP`], data file
//! `engine/data/jewel/ambush.txt`). The Longbowman and the King's Sheriff move as
//! King's Lancers, Sword-hands and Guardsmen as Queen's Lancers, Staffmen and Tax
//! Collectors as Knights; C3 blocks sliders, but every Ambush piece jumps.
//!
//! Rulings: [`SET_UP`], [`KEY_WIN_TIMING`], [`LAST_CHARACTER`], [`REPETITION`],
//! [`INSUFFICIENT_MATERIAL`]. Unlike the later Facets, Ambush needs no ruling for a
//! side to move without a legal action: with at most the set-up's five Characters
//! (none is ever added) a side always has a move, since a King's Lancer or Knight
//! is hemmed in only by four or more of its own pieces whose own targets are then
//! free (the test `a_side_always_has_a_move` tries every placement).

use std::sync::OnceLock;

use super::keysquare::{
    First, JewelAction, KeyGame, KindSpec, Movement, Params, Tables, WinCondition, spec,
};
use crate::core::clocks::{Lag, Millis, TimeControl};
use crate::core::{Geometry, OptionSpec, RuleId, ScoreUnit, Side, Square};
use crate::rulings::{Reading, Ruling};

/// Ambush in the Forest in progress.
pub type Ambush = KeyGame<AmbushRules>;

/// The Forest Clearing board: 5 files by 5 ranks.
pub const GEOMETRY: Geometry = Geometry::new(5, 5);
/// The Key position, C3.
pub const KEY: Square = GEOMETRY.at(2, 2);
static TABLES: Tables = Tables::build(GEOMETRY, Some(KEY));

/// The most legal actions of any Ambush position: 27, found by trying every
/// placement of a side's five Characters (the set-up's one King's Lancer, two
/// Queen's Lancers and two Knights; no Ambush piece is ever added) on the 25
/// squares and counting the targets not blocked by their own side (opposing pieces
/// are captured, so they block nothing). The test `the_capacity_is_the_worst_case`
/// repeats the search and plays the worst placement.
pub const CAPACITY: usize = 27;

/// The kinds of Character (seed 002, Ambush, "The Board & Characters").
pub const KINDS: [KindSpec; 3] = [
    KindSpec {
        names: ["Longbowman", "King's Sheriff"],
        letter: b'K',
        movement: Movement::KingsLancer,
        takes_key: true,
    },
    KindSpec {
        names: ["Sword-hand", "Guardsman"],
        letter: b'Q',
        movement: Movement::QueensLancer,
        takes_key: true,
    },
    KindSpec {
        names: ["Staffman", "Tax Collector"],
        letter: b'N',
        movement: Movement::Knight,
        takes_key: true,
    },
];

/// Ruling `ambush.set-up`: where the Characters start.
pub const SET_UP: Ruling = Ruling {
    id: "ambush.set-up",
    question: "How many Characters of each kind, and on which squares, start the game?",
    source: "seed 002, Ambush in the Forest, The Board & Characters (the diagram is lost): \"the Sword-hands and the Guardsmen ... could (this does not happen) also jump across the C3 position\"",
    readings: &[
        Reading {
            name: "draft",
            text: "the project's draft in engine/data/jewel/ambush.txt: Red Tax Collectors A1 E1, Guardsmen B1 D1, the King's Sheriff C1; Green the same on rank 5; the Queen's Lancers on squares of the other colour from C3",
        },
        Reading {
            name: "other",
            text: "any other placement satisfying the text; start a game from it with a position",
        },
    ],
    clauses: &["jewel.ambush.6"],
    option: None,
    reason: "the seed names one Longbowman and one Sheriff and the other Characters in the plural (two each, the fewest); a Queen's Lancer never changes square colour, so \"this does not happen\" puts them on the other colour from C3; the Lancers on the Key's file reach C3 with one jump, as the seed describes",
};

/// Ruling `ambush.key-win-timing`: the moment a Hold-the-Key win is recorded.
pub const KEY_WIN_TIMING: Ruling = Ruling {
    id: "ambush.key-win-timing",
    question: "When a Character reaches C3 and the opponent cannot capture it, is the win recorded at once or after the opponent's reply?",
    source: "seed 002, Ambush in the Forest, The Play: \"The Character must Hold the Key position for the next turn of his opponent. This means that his opponent must capture him immediately or lose the game.\"",
    readings: &[
        Reading {
            name: "at-once",
            text: "the win is recorded on the move that reaches C3 when no opposing Character attacks C3; otherwise the opponent must capture on C3 on his next turn or lose",
        },
        Reading {
            name: "after-reply",
            text: "the opponent always makes his next move; the win is recorded once that move has not captured the holder",
        },
    ],
    clauses: &["jewel.ambush.10", "jewel.ambush.11"],
    option: Some("key-win-timing"),
    reason: "as Duel in the Castle, whose example \"Red B1 to B2 and wins\" records the win at once; Ambush's Hold the Key is the same rule (\"the object is also to Hold the Key\")",
};

/// Ruling `ambush.last-character`: the side whose opponent has no Character left.
pub const LAST_CHARACTER: Ruling = Ruling {
    id: "ambush.last-character",
    question: "After the capture of the last opposing Character away from C3, the capturer's side \"may carry on moving until the Key Position is occupied (if possible- if not possible then the game is a draw)\": how is \"not possible\" decided?",
    source: "seed 002, Ambush in the Forest, The Play: \"If a Character has captured his last opposing Character but is not occupying the Key Position then he (or any fellow Characters) may carry on moving until the Key Position is occupied (if possible- if not possible then the game is a draw)\"",
    readings: &[
        Reading {
            name: "play-on",
            text: "the lone side moves again and again, any of its Characters, until one stands on C3 (a win); it is a draw at once when none of its Characters can ever stand on C3 (only Queen's Lancers on the other colour are left); a threefold repetition while it moves on still draws",
        },
        Reading {
            name: "win-at-once",
            text: "the capture of the last opposing Character wins at once when a Character that can stand on C3 is left",
        },
    ],
    clauses: &["jewel.ambush.13"],
    option: Some("last-character"),
    reason: "the seed has the moves played (\"may carry on moving until\"); whether C3 can be reached depends only on which Characters are left, since nothing opposes them: a King's Lancer or Knight always can, a Queen's Lancer only from C3's colour",
};

/// Ruling `ambush.repetition`: what counts as a repeated position.
pub const REPETITION: Ruling = Ruling {
    id: "ambush.repetition",
    question: "What is a \"threefold repetition of moves/position\"?",
    source: "seed 002, Ambush in the Forest, Notes 1: \"Draws include threefold repetition of moves/position\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same Characters on the same squares with the same side to move for the third time since the last capture; the draw is recorded on the move that makes the third occurrence",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over",
        },
    ],
    clauses: &["jewel.ambush.19"],
    option: None,
    reason: "as Duel (ruling duel.repetition): the position reading is Western Chess's and needs no choice of cycle length; the other is not implemented",
};

/// Ruling `ambush.insufficient-material`: the draw by insufficient material.
pub const INSUFFICIENT_MATERIAL: Ruling = Ruling {
    id: "ambush.insufficient-material",
    question: "What is \"insufficient material\" in a game won only by holding C3?",
    source: "seed 002, Ambush in the Forest, Notes 1: \"Draws include threefold repetition of moves/position and also draws by insufficient material\"",
    readings: &[
        Reading {
            name: "key-reach",
            text: "a draw as soon as neither side has a Character that can ever stand on C3: a Queen's Lancer on the other colour from C3 counts for nothing (every Ambush Queen's Lancer, from the set-up); King's Lancers and Knights reach every square",
        },
        Reading {
            name: "off",
            text: "no such draw: the game goes on until repetition or the no-legal-action rule ends it",
        },
    ],
    clauses: &["jewel.ambush.19"],
    option: Some("insufficient-material"),
    reason: "material that can never occupy the Key can never win it; once neither side has any, no result but a draw is possible, which is what the chess draw by insufficient material means",
};

/// The parameters of Ambush in the Forest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AmbushRules;

/// Ambush in the Forest's clock: "thirty minutes on a single countdown clock.
/// Each move is time-lagged by five seconds" (seed 002, Ambush, Clocks).
pub const CLOCK: TimeControl = TimeControl::Countdown {
    base: Millis::mins(30),
    lag: Lag::delay(Millis::secs(5)),
};

impl Params for AmbushRules {
    type Bits = u64;
    type Actions = crate::core::ActionList<JewelAction, CAPACITY>;

    const NAME: &'static str = "ambush";
    const TITLE: &'static str = "Ambush in the Forest";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 2: Ambush in the Forest";
    const RULINGS: &'static [Ruling] = &[
        SET_UP,
        KEY_WIN_TIMING,
        LAST_CHARACTER,
        REPETITION,
        INSUFFICIENT_MATERIAL,
    ];
    const OPTIONS: &'static [OptionSpec] = &[
        spec("key-win-timing", KEY_WIN_TIMING.id),
        spec("last-character", LAST_CHARACTER.id),
        spec("insufficient-material", INSUFFICIENT_MATERIAL.id),
    ];
    const GEOMETRY: Geometry = GEOMETRY;
    const KEY: Square = KEY;
    const WIN: WinCondition = WinCondition::HoldTheKey;
    const KINDS: &'static [KindSpec] = &KINDS;
    const FIRST: First = First::Side(Side::Green);
    /// "two Game Points for a win and one Game Point each for a draw" (Scores).
    const WIN_SCORE: u16 = 2;
    const DRAW_HALVES: u16 = 2;
    const UNIT: ScoreUnit = ScoreUnit::GamePoints;
    const MATERIAL_RULE: RuleId = super::rules::INSUFFICIENT_MATERIAL;
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("ambush", CLOCK)];
    const EVENTS: &'static [&'static str] = &[
        "capture",
        "key-taken",
        "key-defended",
        "lone-continuation",
        "cannot-win",
    ];

    fn tables() -> &'static Tables {
        &TABLES
    }

    fn start() -> &'static Ambush {
        static START: OnceLock<Ambush> = OnceLock::new();
        START.get_or_init(|| Ambush::from_set_up(include_str!("../../data/jewel/ambush.txt")))
    }
}

#[cfg(test)]
mod tests;
