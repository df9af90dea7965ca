//! Star-Lords: Jewel Facet 5 (seed 002, "Jewel Facet 5: Star-Lords" and "Jewel –
//! further Facets").
//!
//! Two Expeditions of twenty-two a side on the 11x11 "Treasure board"; the Key
//! position is F6, the Treasure of the World. The object is to **Capture the Key**
//! ([`WinCondition::CaptureTheKey`]): "The Key Position (F6) must be occupied by
//! an Expedition Leader in order to win"; as in Securing the Key the opponent must
//! then attack (or capture on) F6 on each of his turns while the Leader stays, or
//! lose. "Occupying the Key Position with a piece other than a Leader has no
//! special effect or significance." "Where a side has both Leaders captured then a
//! win is not possible for that side though a draw may be. If all Leaders are
//! captured then the game is a draw."
//!
//! ```text
//! 11  c e n e l c l e n e c     Green: Captains (c), Escorts (e), Navigators (n),
//! 10  o o o o o o o o o o o            Leaders (l), Orderlies (o)
//!  9  . . . . . . . . . . .
//!  ...
//!  6  . . . . . * . . . . .     * the Key position, F6
//!  ...
//!  2  O O O O O O O O O O O     Red: the same on ranks 2 and 1
//!  1  C E N E L C L E N E C
//!     A B C D E F G H I J K
//! ```
//!
//! The set-up is the project's draft (ruling [`SET_UP`], data file
//! `engine/data/jewel/star-lords.txt`). Leaders move as non-royal Kings, Captains
//! as Rooks, Navigators as Bishops, Escorts as Knights; "An Expedition Orderly: He
//! has the moving and capturing powers of the standard Western Chess Pawn but not
//! the initial optional two square move and so the en passant rules do not apply.
//! Upon reaching their end rank (11th rank) however, Orderlies do not promote but
//! must stay where they are" (a Green Orderly's end rank is rank 1: either way an
//! Orderly on the far edge has no move). F6 blocks Captains and Navigators, not
//! Escorts. First move by a coin. Scores: "5-0 Chords for a win and 2-2 Chords for
//! each Player for a draw".
//!
//! Rulings: [`SET_UP`], [`KEY_WIN_TIMING`], [`LAST_CHARACTER`], [`REPETITION`],
//! [`LACK_OF_MATERIAL`], [`NO_LEGAL_ACTION`].

use std::sync::OnceLock;

use super::keysquare::{
    First, JewelAction, KeyGame, KindSpec, Movement, Params, Tables, WinCondition, spec,
};
use crate::core::clocks::TimeControl;
use crate::core::{Geometry, OptionSpec, RuleId, ScoreUnit, Square};
use crate::rulings::{Reading, Ruling};

/// Star-Lords in progress.
pub type StarLords = KeyGame<StarLordsRules>;

/// The Treasure board: 11 files by 11 ranks.
pub const GEOMETRY: Geometry = Geometry::new(11, 11);
/// The Key position, F6.
pub const KEY: Square = GEOMETRY.at(5, 5);
static TABLES: Tables = Tables::build(GEOMETRY, Some(KEY));

/// An upper bound on the legal actions of a Star-Lords position: every piece with
/// its most targets on this board, whatever else stands on it: two Leaders 8 each;
/// three Captains 20 each (a Rook on 11x11 reaches at most 10 + 10 squares); two
/// Navigators 20 each (a Bishop at most 5 squares in each of four directions);
/// four Escorts 8 each; eleven Orderlies 3 each (a step and two captures):
/// 16 + 60 + 40 + 32 + 33 = 181. The test
/// `the_capacity_is_the_sum_of_the_largest_moves` recomputes it.
pub const CAPACITY: usize = 181;

/// The kinds of Character (seed 002, Star-Lords, "Moves & capturing powers").
pub const KINDS: [KindSpec; 5] = [
    KindSpec {
        names: ["Expedition Leader", "Expedition Leader"],
        letter: b'L',
        movement: Movement::King,
        takes_key: true,
    },
    KindSpec {
        names: ["Expedition Captain", "Expedition Captain"],
        letter: b'C',
        movement: Movement::Rook,
        takes_key: false,
    },
    KindSpec {
        names: ["Expedition Navigator", "Expedition Navigator"],
        letter: b'N',
        movement: Movement::Bishop,
        takes_key: false,
    },
    KindSpec {
        names: ["Expedition Escort", "Expedition Escort"],
        letter: b'E',
        movement: Movement::Knight,
        takes_key: false,
    },
    KindSpec {
        names: ["Expedition Orderly", "Expedition Orderly"],
        letter: b'O',
        movement: Movement::Pawn { double_step: false },
        takes_key: false,
    },
];

/// Ruling `star-lords.set-up`.
pub const SET_UP: Ruling = Ruling {
    id: "star-lords.set-up",
    question: "How many Characters of each kind, and on which squares, start the game?",
    source: "seed 002, Star-Lords, The Board & Characters (the diagram is lost); General rules & notes 4: \"Where a side has both Leaders captured\"",
    readings: &[
        Reading {
            name: "draft",
            text: "the project's draft in engine/data/jewel/star-lords.txt: Red Captains A1 F1 K1, Escorts B1 D1 H1 J1, Navigators C1 I1, Leaders E1 G1, eleven Orderlies on rank 2; Green the same on ranks 11 and 10",
        },
        Reading {
            name: "other",
            text: "any other placement with two Leaders a side; start a game from it with a position",
        },
    ],
    clauses: &["jewel.star-lords.29"],
    option: None,
    reason: "\"both Leaders\" means two a side (and Race plays \"the two Expedition Leaders from Star-Lords\"); the rest fills two ranks with the Western Chess pieces whose moves they have, the Navigators on F6's colour",
};

/// Ruling `star-lords.key-win-timing`.
pub const KEY_WIN_TIMING: Ruling = Ruling {
    id: "star-lords.key-win-timing",
    question: "When a Leader occupies F6 and the opponent can neither capture on F6 nor attack it with any move, is the win recorded at once or after his reply?",
    source: "seed 002, Jewel – further Facets 2: \"the other rules regarding attacking the Key position are otherwise the same as above in Securing the Key\"",
    readings: &[
        Reading {
            name: "at-once",
            text: "the win is recorded on the move that leaves a Leader on F6 when the opponent does not attack F6 and has no move after which he attacks it; otherwise he must, on each of his turns while the Leader stays, capture on F6 or end his move attacking it, or lose",
        },
        Reading {
            name: "after-reply",
            text: "the opponent always makes his next move; the win is recorded once that move has neither captured on F6 nor left him attacking it",
        },
    ],
    clauses: &["jewel.keys.4"],
    option: Some("key-win-timing"),
    reason: "as Crystal of Doom (ruling crystal.key-win-timing), whose Securing the Key this is",
};

/// Ruling `star-lords.last-character`.
pub const LAST_CHARACTER: Ruling = Ruling {
    id: "star-lords.last-character",
    question: "After a side's last Character is captured the other \"may carry on moving until the Key Position is occupied by and won by one of their Leaders (if possible, or the game is a draw)\": how is \"possible\" decided?",
    source: "seed 002, Star-Lords, General rules & notes 9",
    readings: &[
        Reading {
            name: "play-on",
            text: "the lone side moves again and again, any of its Characters, until a Leader stands on F6 (a win); a draw at once when both its Leaders have been captured; a threefold repetition while it moves on still draws",
        },
        Reading {
            name: "win-at-once",
            text: "the capture of the last opposing Character wins at once when the capturer has a Leader left",
        },
    ],
    clauses: &["jewel.star-lords.35"],
    option: Some("last-character"),
    reason: "the seed has the moves played; a Leader moves as a King and, with no opposing piece left, can always walk to F6",
};

/// Ruling `star-lords.repetition`.
pub const REPETITION: Ruling = Ruling {
    id: "star-lords.repetition",
    question: "What is a \"threefold repetition of moves/position\"?",
    source: "seed 002, Star-Lords, General rules & notes 4: \"Draws include threefold repetition of moves/position\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same pieces on the same squares with the same side to move for the third time since the last capture or Orderly move; the draw is recorded on the move that makes the third occurrence",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over (not implemented)",
        },
    ],
    clauses: &["jewel.star-lords.27"],
    option: None,
    reason: "as Duel (ruling duel.repetition)",
};

/// Ruling `star-lords.lack-of-material`.
pub const LACK_OF_MATERIAL: Ruling = Ruling {
    id: "star-lords.lack-of-material",
    question: "What is \"lack of material\" in a game only a Leader can win?",
    source: "seed 002, Star-Lords, General rules & notes 4: \"Also lack of material is a draw. Where a side has both Leaders captured then a win is not possible for that side though a draw may be. If all Leaders are captured then the game is a draw.\"",
    readings: &[
        Reading {
            name: "leaders",
            text: "the material that can win is a Leader and nothing else counts; the draw by lack of material is the seed's \"If all Leaders are captured then the game is a draw\", recorded on the capture of the last Leader",
        },
        Reading {
            name: "dead-position",
            text: "also a draw when no sequence of moves can bring a surviving Leader onto F6 unanswered (not implemented)",
        },
    ],
    clauses: &[
        "jewel.star-lords.28",
        "jewel.star-lords.29",
        "jewel.star-lords.30",
    ],
    option: None,
    reason: "a Leader moves as a King, reaches every square and is never colour-bound, so while one is on the board his side has the material to win",
};

/// Ruling `star-lords.no-legal-action`.
pub const NO_LEGAL_ACTION: Ruling = Ruling {
    id: "star-lords.no-legal-action",
    question: "What happens when the side to move has no legal action and no opposing Leader is on F6?",
    source: "seed 002, Star-Lords: silent (\"Characters move alternatively\"; no stalemate rule)",
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
    clauses: &["jewel.star-lords.34"],
    option: Some("no-legal-action"),
    reason: "as Crystal of Doom (ruling crystal.no-legal-action)",
};

/// The parameters of Star-Lords.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StarLordsRules;

/// Star-Lords' clock, the same TigerClocks as Crystal of Doom's: "120 minutes
/// engagement time for each Player and reserve time is 60 seconds per
/// engagement time move" (seed 002, Star-Lords 5).
pub const CLOCK: TimeControl = crate::jewel::crystal::CLOCK;

impl Params for StarLordsRules {
    type Bits = u128;
    type Actions = crate::core::ActionList<JewelAction, CAPACITY>;

    const NAME: &'static str = "star-lords";
    const TITLE: &'static str = "Star-Lords";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 5: Star-Lords";
    const RULINGS: &'static [Ruling] = &[
        SET_UP,
        KEY_WIN_TIMING,
        LAST_CHARACTER,
        REPETITION,
        LACK_OF_MATERIAL,
        NO_LEGAL_ACTION,
    ];
    const OPTIONS: &'static [OptionSpec] = &[
        spec("key-win-timing", KEY_WIN_TIMING.id),
        spec("last-character", LAST_CHARACTER.id),
        spec("no-legal-action", NO_LEGAL_ACTION.id),
    ];
    const GEOMETRY: Geometry = GEOMETRY;
    const KEY: Square = KEY;
    const WIN: WinCondition = WinCondition::CaptureTheKey;
    const KINDS: &'static [KindSpec] = &KINDS;
    const FIRST: First = First::Coin;
    const WIN_SCORE: u16 = 5;
    const DRAW_HALVES: u16 = 4;
    const UNIT: ScoreUnit = ScoreUnit::Chords;
    const MATERIAL_RULE: RuleId = super::rules::ALL_LEADERS_CAPTURED;
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("tigerclocks", CLOCK)];
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

    fn start() -> &'static StarLords {
        static START: OnceLock<StarLords> = OnceLock::new();
        START
            .get_or_init(|| StarLords::from_set_up(include_str!("../../data/jewel/star-lords.txt")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Bits, Game, Side, Turn};
    use crate::jewel::keysquare::{Kind, capacity_bound};

    #[test]
    fn the_set_up_satisfies_the_seed() {
        let g = StarLords::new(&Default::default());
        assert_eq!(g.turn(), Turn::Chance, "a coin decides the first move");
        for side in Side::ALL {
            assert_eq!(g.board().pieces(side, Kind(0)).count(), 2, "two Leaders");
        }
        assert_eq!(g.board().side(Side::Red), (1u128 << 22) - 1);
        assert_eq!(g.board().side(Side::Green), ((1u128 << 22) - 1) << 99);
        // The Navigators stand on F6's colour.
        let mut n = g.board().kind(Kind(2));
        while !n.is_empty() {
            let c = GEOMETRY.coord(n.pop());
            assert_eq!((c.file + c.rank) % 2, 0);
        }
    }

    #[test]
    fn the_capacity_is_the_sum_of_the_largest_moves() {
        assert_eq!(capacity_bound::<StarLordsRules>(), CAPACITY);
    }

    #[test]
    fn a_leader_on_the_key_that_cannot_be_answered_has_won() {
        // Green's Leader on A11 can neither attack F6 nor move to attack it: under
        // key-win-timing `at-once` Red has already won, so the game cannot go on.
        let held = "l10/11/11/11/11/5L5/11/11/11/11/11 green";
        let e = StarLords::import(held, &Default::default()).unwrap_err();
        assert!(
            e.to_string()
                .contains("red holds the Key and green to move cannot attack or capture on F6"),
            "{e}"
        );
        let mut options = <StarLords as Game>::Options::default();
        crate::core::GameOptions::set(&mut options, "key-win-timing", "after-reply").unwrap();
        assert!(StarLords::import(held, &options).is_ok());
        // A Captain on A6 attacks F6 along the rank: the game goes on.
        assert!(
            StarLords::import(
                "l10/11/11/11/11/c4L5/11/11/11/11/11 green",
                &Default::default()
            )
            .is_ok()
        );
    }

    #[test]
    fn red_has_nineteen_first_moves() {
        // Eleven Orderlies one step each (no double step), and the four Escorts two
        // leaps each (B1: A3 C3; D1: C3 E3; H1: G3 I3; J1: I3 K3).
        let mut g = StarLords::new(&Default::default());
        let a = g.parse_action("red-first").unwrap();
        g.play(a).unwrap();
        let mut buf = <StarLords as Game>::Actions::default();
        g.legal_actions(&mut buf);
        assert_eq!(buf.len(), 19);
        assert!(g.parse_action("C2-C4").is_ok_and(|a| !g.is_legal(a)));
    }
}
