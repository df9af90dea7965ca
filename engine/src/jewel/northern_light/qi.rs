//! DiamondQi: the 1st Hunt of Northern Light (seed 002, "DiamondQi").
//!
//! The object is to **Win the Key**, D4: "the same as to Hold the Key but only a
//! Princess can do so" ([`WinCondition::WinTheKey`]). A Princess on D4 must be
//! captured on the opponent's next turn or her side wins; "If he does capture her
//! with a piece other than his own Princess he saves the game but does not win
//! the game, but if he does then capture her with his own Princess then he will
//! have won the game unless she is also then immediately captured."
//!
//! The Princesses are not royal ("not vulnerable to Check or Checkmate and may
//! occupy adjacent squares"); "if they are captured then their side cannot win
//! the game, but may still draw"; "If both Princesses are captured then the game is
//! a draw". Towers move as Rooks and Nobles as Bishops, and D4 blocks both
//! ("cannot move past (directly over) the position, but they can move onto or
//! capture onto the D4 position"); Knights are unimpeded. Pikemen move as Pawns
//! but "can only move one square on their first move", "do not promote on their
//! end rank but must stay on their end rank until and unless captured". "There is
//! no castling type move." Who moves first is a coin toss (a chance node).
//!
//! Scores: "one Game Point for a win and half a Game Point for each player for a
//! draw".
//!
//! Rulings: [`SET_UP`], [`KEY_WIN_TIMING`], [`LAST_CHARACTER`], [`REPETITION`],
//! [`INSUFFICIENT_MATERIAL`], [`NO_LEGAL_ACTION`].

use std::sync::OnceLock;

use super::{GEOMETRY, KEY, KINDS, SET_UP_FILE};
use crate::core::clocks::{Lag, Millis, TimeControl};
use crate::core::{Geometry, OptionSpec, RuleId, ScoreUnit, Square};
use crate::jewel::keysquare::{
    First, JewelAction, KeyGame, KindSpec, Params, Tables, WinCondition, spec,
};
use crate::rulings::{Reading, Ruling};

/// DiamondQi in progress.
pub type DiamondQi = KeyGame<QiRules>;

static TABLES: Tables = Tables::build(GEOMETRY, Some(KEY));

/// An upper bound on the legal actions of a DiamondQi position: every piece with
/// its most targets on this board, whatever else stands on it: the Princess 8;
/// two Towers 12 each (a Rook on 7x7 reaches at most 6 + 6 squares); two Knights 8
/// each; two Nobles 12 each (from D4: 3 squares in each of four directions); no
/// Aristocrat (no promotion); seven Pikemen 3 each (a step and two captures). 8 +
/// 24 + 16 + 24 + 21 = 93. The test `the_capacity_is_the_sum_of_the_largest_moves`
/// recomputes the per-piece maxima from the move tables.
///
/// The action buffer itself is the Northern Light family's largest
/// ([`super::hunt::CAPACITY`]), so that the match fills one buffer whichever Hunt
/// is being played.
pub const CAPACITY: usize = 93;

const _: () = assert!(CAPACITY <= super::hunt::CAPACITY);

/// Ruling `diamond-qi.set-up`: the Northern Light set-up.
pub const SET_UP: Ruling = Ruling {
    id: "diamond-qi.set-up",
    question: "Where do the Characters of Northern Light start (all three Hunts use one set-up)?",
    source: "seed 002, Northern Light, The Board & Characters (the diagram is lost); DiamondQuest Notes 2: \"The Princess moves two squares laterally and the Tower moves two squares laterally the opposite way to stand next to her\"",
    readings: &[
        Reading {
            name: "draft",
            text: "the project's draft in engine/data/jewel/northern-light.txt: Red Towers A1 G1, Knights B1 E1, Nobles C1 F1, the Princess D1, seven Pikemen on rank 2; Green the same on ranks 7 and 6",
        },
        Reading {
            name: "other",
            text: "any other placement with the Princess on the d-file and the Towers in the corners; start a game from it with a position",
        },
    ],
    clauses: &["jewel.diamond-quest.17"],
    option: None,
    reason: "Towering as the seed describes it (two squares each way, the Tower next to the Princess) works only with the Princess on the d-file and the Towers in the corners; the rest follows Western Chess, whose moves the pieces have, with one Noble on each colour",
};

/// Ruling `diamond-qi.key-win-timing`: the moment a Win-the-Key win is recorded.
pub const KEY_WIN_TIMING: Ruling = Ruling {
    id: "diamond-qi.key-win-timing",
    question: "When a Princess reaches D4 and the opponent cannot capture her, is the win recorded at once or after the opponent's reply?",
    source: "seed 002, DiamondQi, The Play: \"The Princess must Hold the Key position for the immediate next turn of her opponent. This means that her opponent must capture her immediately or lose the game.\"",
    readings: &[
        Reading {
            name: "at-once",
            text: "the win is recorded on the move that brings the Princess to D4 when no opposing piece attacks D4; otherwise the opponent must capture on D4 on his next turn or lose",
        },
        Reading {
            name: "after-reply",
            text: "the opponent always makes his next move; the win is recorded once that move has not captured her",
        },
    ],
    clauses: &["jewel.diamond-qi.13", "jewel.diamond-qi.14"],
    option: Some("key-win-timing"),
    reason: "Win the Key \"is the same as to Hold the Key\", whose Duel example records the win at once (ruling duel.key-win-timing)",
};

/// Ruling `diamond-qi.last-character`: the side whose opponent has no Character left.
pub const LAST_CHARACTER: Ruling = Ruling {
    id: "diamond-qi.last-character",
    question: "After a side's last Character is captured the other side \"may carry on moving until the Key Position is occupied by and won by their Princess (if possible, or the game is a draw)\": how is \"possible\" decided?",
    source: "seed 002, DiamondQi, Notes 8",
    readings: &[
        Reading {
            name: "play-on",
            text: "the lone side moves again and again, any of its Characters, until its Princess stands on D4 (a win); a draw at once when its Princess has been captured; a threefold repetition while it moves on still draws",
        },
        Reading {
            name: "win-at-once",
            text: "the capture of the last opposing Character wins at once when the capturer's Princess is on the board",
        },
    ],
    clauses: &["jewel.diamond-qi.26"],
    option: Some("last-character"),
    reason: "the seed has the moves played; with no opposing piece left a Princess (a non-royal King) can always walk to D4 unless her own blocked Pikemen wall her in, which the no-legal-action and repetition rules then settle",
};

/// Ruling `diamond-qi.repetition`: what counts as a repeated position.
pub const REPETITION: Ruling = Ruling {
    id: "diamond-qi.repetition",
    question: "What is a \"threefold repetition of moves/position\"?",
    source: "seed 002, DiamondQi, Notes 10: \"Draws include threefold repetition of moves/position\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same pieces on the same squares with the same side to move for the third time since the last capture or Pikeman move; the draw is recorded on the move that makes the third occurrence",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over",
        },
    ],
    clauses: &["jewel.diamond-qi.28"],
    option: None,
    reason: "as Duel (ruling duel.repetition): the position reading is Western Chess's; the other is not implemented",
};

/// Ruling `diamond-qi.insufficient-material`: the draw by insufficient material.
pub const INSUFFICIENT_MATERIAL: Ruling = Ruling {
    id: "diamond-qi.insufficient-material",
    question: "What is \"insufficient material\" in DiamondQi, where only a Princess can win?",
    source: "seed 002, DiamondQi, Notes 10: \"Draws include threefold repetition of moves/position and also insufficient material\"; Notes 1 and 2",
    readings: &[
        Reading {
            name: "no-princess",
            text: "the material that can win is a Princess, and nothing else counts; the draw by insufficient material is the seed's \"If both Princesses are captured then the game is a draw\", recorded on the capture of the second Princess",
        },
        Reading {
            name: "dead-position",
            text: "also a draw when no sequence of moves can bring a surviving Princess onto D4 unanswered (not implemented)",
        },
    ],
    clauses: &["jewel.diamond-qi.28"],
    option: None,
    reason: "a Princess moves as a King, reaches every square and is never colour-bound, so while one is on the board her side has the material to win; only the loss of both leaves no winning material",
};

/// Ruling `diamond-qi.no-legal-action`: the side to move cannot move.
pub const NO_LEGAL_ACTION: Ruling = Ruling {
    id: "diamond-qi.no-legal-action",
    question: "What happens when the side to move has no legal action and no opposing Princess is on D4?",
    source: "seed 002, DiamondQi: silent (\"Characters move alternatively\"; Stalemate is named only in DiamondQuest and DiamondChess)",
    readings: &[
        Reading {
            name: "draw",
            text: "the game is drawn, as Western Chess's stalemate",
        },
        Reading {
            name: "lose",
            text: "the side that cannot move loses",
        },
    ],
    clauses: &["jewel.diamond-qi.25"],
    option: Some("no-legal-action"),
    reason: "the two later Hunts, played with the same pieces, draw it (\"Draws include ... Stalemate\"); with the opposing Princess on D4 the player cannot capture her and she wins",
};

/// The parameters of DiamondQi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QiRules;

/// DiamondQi's clock: "sixty minutes on a single countdown clock", no
/// time-lag ("Unlike DiamondQi, DiamondQuest has a five second time-lagging").
pub const CLOCK: TimeControl = TimeControl::Countdown {
    base: Millis::mins(60),
    lag: Lag::NONE,
};

impl Params for QiRules {
    type Bits = u64;
    type Actions = crate::core::ActionList<JewelAction, { super::hunt::CAPACITY }>;

    const NAME: &'static str = "diamond-qi";
    const TITLE: &'static str = "Northern Light, 1st Hunt: DiamondQi";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 3: Northern Light, DiamondQi";
    const RULINGS: &'static [Ruling] = &[
        SET_UP,
        KEY_WIN_TIMING,
        LAST_CHARACTER,
        REPETITION,
        INSUFFICIENT_MATERIAL,
        NO_LEGAL_ACTION,
    ];
    const OPTIONS: &'static [OptionSpec] = &[
        spec("key-win-timing", KEY_WIN_TIMING.id),
        spec("last-character", LAST_CHARACTER.id),
        spec("no-legal-action", NO_LEGAL_ACTION.id),
    ];
    const GEOMETRY: Geometry = GEOMETRY;
    const KEY: Square = KEY;
    const WIN: WinCondition = WinCondition::WinTheKey;
    const KINDS: &'static [KindSpec] = &KINDS;
    const FIRST: First = First::Coin;
    const WIN_SCORE: u16 = 1;
    const DRAW_HALVES: u16 = 1;
    const UNIT: ScoreUnit = ScoreUnit::GamePoints;
    const MATERIAL_RULE: RuleId = crate::jewel::rules::BOTH_PRINCESSES_CAPTURED;
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("diamond-qi", CLOCK)];
    const EVENTS: &'static [&'static str] = &[
        "first-move",
        "capture",
        "key-taken",
        "key-defended",
        "lone-continuation",
        "cannot-win",
    ];

    fn tables() -> &'static Tables {
        &TABLES
    }

    fn start() -> &'static DiamondQi {
        static START: OnceLock<DiamondQi> = OnceLock::new();
        START.get_or_init(|| DiamondQi::from_set_up(SET_UP_FILE))
    }
}
