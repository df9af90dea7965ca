//! Crystal of Doom: Jewel Facet 4 (seed 002, "Jewel Facet 4: Crystal of Doom" and
//! "Jewel – further Facets").
//!
//! Twenty-one Characters a side on the 9x9 "Crystal board"; the Key position is
//! E5, the Crystal. The object is to **Secure the Key** ([`WinCondition::SecureTheKey`]):
//! any piece occupies E5, and then "the opponent need only to attack (or he can
//! capture on) the Key Position (square) with one (or more) of his pieces to save
//! the game but he needs to maintain (on his turn) an attack on the Key Position
//! as long as there is an opposing piece occupying the Position or he loses the
//! game". A piece attacks E5 when it could capture there on its next move.
//!
//! ```text
//! 9  r l a j c j a l r     Green: Rollers (r), Leapers (l), Attackers (a),
//! 8  v v v v v v v v v            Adjacents (j), the Cloaked Prince (c),
//! 7  . . . . . . . . .            Advancers (v)
//! 6  . . . . . . . . .
//! 5  . . . . * . . . .     * the Key position, E5
//! 4  . . . . . . . . .
//! 3  . . . . . . . . .
//! 2  V V V V V V V V V     Red: the same on ranks 2 and 1
//! 1  R L A J C J A L R
//!    A B C D E F G H I
//! ```
//!
//! The set-up is the project's draft (ruling [`SET_UP`], data file
//! `engine/data/jewel/crystal.txt`). "A Cloaked Prince: He has the combined moving
//! and capturing powers of the standard Western Chess Knight plus the Queen's
//! Lancer"; "An Adjacent: ... a non-royal Western Chess King"; Attackers, Leapers
//! and Rollers move as Bishops, Knights and Rooks; "An Advancer: ... the standard
//! Western Chess Pawn including the initial optional two square move and so the en
//! passant rules apply. Upon reaching their end rank however, Advancers do not
//! promote but must stay where they are until and unless captured." "The E5
//! position acts as a block to pieces that slide – the Attackers and Rollers";
//! "Cloaked Princes and Leapers are unimpeded". First move by a coin. Scores:
//! "4-0 Chords for a win and 2-2 Chords for each Player for a draw".
//!
//! Rulings: [`SET_UP`], [`KEY_WIN_TIMING`], [`LAST_CHARACTER`], [`REPETITION`],
//! [`LACK_OF_MATERIAL`], [`NO_LEGAL_ACTION`].

use std::sync::OnceLock;

use super::keysquare::{
    First, JewelAction, KeyGame, KindSpec, Movement, Params, Tables, WinCondition, spec,
};
use crate::core::clocks::{Millis, ReserveReading, TimeControl};
use crate::core::{Geometry, OptionSpec, RuleId, ScoreUnit, Square};
use crate::rulings::{Reading, Ruling};

/// Crystal of Doom in progress.
pub type Crystal = KeyGame<CrystalRules>;

/// The Crystal board: 9 files by 9 ranks.
pub const GEOMETRY: Geometry = Geometry::new(9, 9);
/// The Key position, E5.
pub const KEY: Square = GEOMETRY.at(4, 4);
static TABLES: Tables = Tables::build(GEOMETRY, Some(KEY));

/// An upper bound on the legal actions of a Crystal position: every piece with its
/// most targets on this board, whatever else stands on it: the Cloaked Prince 16
/// (8 Knight leaps and 8 Queen's Lancer leaps); two Adjacents 8 each; two
/// Attackers 16 each (a Bishop on 9x9 reaches at most 4 squares in each of four
/// directions); two Leapers 8 each; two Rollers 16 each (8 + 8); nine Advancers 4
/// each (a step, a double step, two captures). 16 + 16 + 32 + 16 + 32 + 36 = 148.
/// The test `the_capacity_is_the_sum_of_the_largest_moves` recomputes it.
pub const CAPACITY: usize = 148;

/// The kinds of Character (seed 002, Crystal of Doom, "Moves & capturing powers").
pub const KINDS: [KindSpec; 6] = [
    KindSpec {
        names: ["Cloaked Prince", "Cloaked Prince"],
        letter: b'C',
        movement: Movement::CloakedPrince,
        takes_key: true,
    },
    KindSpec {
        names: ["Adjacent", "Adjacent"],
        letter: b'J',
        movement: Movement::King,
        takes_key: true,
    },
    KindSpec {
        names: ["Attacker", "Attacker"],
        letter: b'A',
        movement: Movement::Bishop,
        takes_key: true,
    },
    KindSpec {
        names: ["Leaper", "Leaper"],
        letter: b'L',
        movement: Movement::Knight,
        takes_key: true,
    },
    KindSpec {
        names: ["Roller", "Roller"],
        letter: b'R',
        movement: Movement::Rook,
        takes_key: true,
    },
    KindSpec {
        names: ["Advancer", "Advancer"],
        letter: b'V',
        movement: Movement::Pawn { double_step: true },
        takes_key: true,
    },
];

/// Ruling `crystal.set-up`.
pub const SET_UP: Ruling = Ruling {
    id: "crystal.set-up",
    question: "How many Characters of each kind, and on which squares, start the game?",
    source: "seed 002, Crystal of Doom, The Board & Characters (the diagram is lost); Further Notes on The Jewel Series 2: \"the opposing player in Crystal of Doom starts the game an Adjacent down. The choice of which Adjacent is made by the Player who is the Adjacent down\"",
    readings: &[
        Reading {
            name: "draft",
            text: "the project's draft in engine/data/jewel/crystal.txt: Red Rollers A1 I1, Leapers B1 H1, Attackers C1 G1, Adjacents D1 F1, the Cloaked Prince E1, nine Advancers on rank 2; Green the same on ranks 9 and 8",
        },
        Reading {
            name: "other",
            text: "any other placement with at least two Adjacents a side; start a game from it with a position",
        },
    ],
    clauses: &["jewel.series.8", "jewel.series.9"],
    option: None,
    reason: "the choice of \"which Adjacent\" needs at least two; the Prince is named in the singular; the others follow the Western Chess pieces whose moves they have, with the Adjacents adjacent to their Prince",
};

/// Ruling `crystal.key-win-timing`.
pub const KEY_WIN_TIMING: Ruling = Ruling {
    id: "crystal.key-win-timing",
    question: "When a piece occupies E5 and the opponent can neither capture on E5 nor attack it with any move, is the win recorded at once or after his reply?",
    source: "seed 002, Jewel – further Facets 1: \"he needs to maintain (on his turn) an attack on the Key Position as long as there is an opposing piece occupying the Position or he loses the game\"",
    readings: &[
        Reading {
            name: "at-once",
            text: "the win is recorded on the move that leaves a piece on E5 when the opponent does not attack E5 and has no move after which he attacks it; otherwise he must, on each of his turns while the piece stays, capture on E5 or end his move attacking it, or lose",
        },
        Reading {
            name: "after-reply",
            text: "the opponent always makes his next move; the win is recorded once that move has neither captured on E5 nor left him attacking it",
        },
    ],
    clauses: &["jewel.keys.3"],
    option: Some("key-win-timing"),
    reason: "Securing the Key \"is the same as Holding the Key inasmuch as a piece ... must first occupy the Key Position\", and Holding the Key records the win at once when no answer exists (ruling duel.key-win-timing)",
};

/// Ruling `crystal.last-character`.
pub const LAST_CHARACTER: Ruling = Ruling {
    id: "crystal.last-character",
    question: "After the capture of the last opposing Character the capturer's side \"may carry on moving until the Key Position is occupied. (if possible, if not possible then the game is a draw)\": how is \"possible\" decided?",
    source: "seed 002, Crystal of Doom, General rules & notes 6",
    readings: &[
        Reading {
            name: "play-on",
            text: "the lone side moves again and again, any of its pieces, until one stands on E5 (a win); a draw at once when none of its pieces can ever stand on E5 (Attackers on the other colour, Advancers past E5); a threefold repetition while it moves on still draws",
        },
        Reading {
            name: "win-at-once",
            text: "the capture of the last opposing Character wins at once when a piece that can stand on E5 is left",
        },
    ],
    clauses: &["jewel.crystal.33", "jewel.crystal.34"],
    option: Some("last-character"),
    reason: "the seed has the moves played; with nothing opposing them, whether E5 can be reached depends only on the pieces' movement",
};

/// Ruling `crystal.repetition`.
pub const REPETITION: Ruling = Ruling {
    id: "crystal.repetition",
    question: "What is a \"threefold repetition of moves/position\"?",
    source: "seed 002, Crystal of Doom, General rules & notes 3: \"Draws include threefold repetition of moves/position\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same pieces on the same squares, the same side to move and the same en passant square for the third time since the last capture or Advancer move, the en passant square counting only while an en passant capture onto it is a legal action (a position after a double step with no Advancer beside to capture is the same as that position without the right); the draw is recorded on the move that makes the third occurrence",
        },
        Reading {
            name: "en-passant-right",
            text: "the en passant square counts whenever a double step set it, whether or not a capture onto it is possible (not implemented: the seed's \"the en passant rules apply\" brings Western Chess's rule with them)",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over (not implemented)",
        },
    ],
    clauses: &["jewel.crystal.28"],
    option: None,
    reason: "as Duel (ruling duel.repetition), with Western Chess's en passant right since \"the en passant rules apply\": under Western Chess's rule (FIDE Laws 9.2.3.1) positions are the same when the same moves are possible, so the right makes them differ only while a capture en passant could be made",
};

/// Ruling `crystal.lack-of-material`.
pub const LACK_OF_MATERIAL: Ruling = Ruling {
    id: "crystal.lack-of-material",
    question: "What is \"lack of material\" in a game won by Securing E5?",
    source: "seed 002, Crystal of Doom, General rules & notes 3: \"Draws include threefold repetition of moves/position. Also lack of material.\"",
    readings: &[
        Reading {
            name: "key-reach",
            text: "a draw as soon as neither side has a piece that can ever stand on E5: an Attacker on the other colour from E5, or an Advancer that has passed E5 or cannot get back to its file, counts for nothing",
        },
        Reading {
            name: "off",
            text: "no such draw: the game goes on until repetition or the no-legal-action rule ends it",
        },
    ],
    clauses: &["jewel.crystal.28"],
    option: Some("lack-of-material"),
    reason: "material that can never occupy the Key can never Secure it; once neither side has any, only a draw is possible",
};

/// Ruling `crystal.no-legal-action`.
pub const NO_LEGAL_ACTION: Ruling = Ruling {
    id: "crystal.no-legal-action",
    question: "What happens when the side to move has no legal action and no opposing piece is on E5?",
    source: "seed 002, Crystal of Doom: silent (\"Players move alternatively\"; no stalemate rule)",
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
    clauses: &["jewel.crystal.32"],
    option: Some("no-legal-action"),
    reason: "the pieces move as Western Chess's, and Northern Light's royal Hunts draw a stalemate; with an opposing piece on E5 the player cannot keep up an attack and loses",
};

/// The parameters of Crystal of Doom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrystalRules;

/// Crystal of Doom's clock, Star-Lords' too: "TigerClocks – double countdown
/// ... 120 minutes engagement time for each Player and reserve time is 60
/// seconds per engagement time move" (seed 002, Crystal of Doom 4).
pub const CLOCK: TimeControl = TimeControl::TigerClocks {
    engagement: Millis::mins(120),
    reserve_per_move: Millis::secs(60),
    reading: ReserveReading::Accrued,
};

impl Params for CrystalRules {
    type Bits = u128;
    type Actions = crate::core::ActionList<JewelAction, CAPACITY>;

    const NAME: &'static str = "crystal";
    const TITLE: &'static str = "Crystal of Doom";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 4: Crystal of Doom";
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
        spec("lack-of-material", LACK_OF_MATERIAL.id),
        spec("no-legal-action", NO_LEGAL_ACTION.id),
    ];
    const GEOMETRY: Geometry = GEOMETRY;
    const KEY: Square = KEY;
    const WIN: WinCondition = WinCondition::SecureTheKey;
    const KINDS: &'static [KindSpec] = &KINDS;
    const FIRST: First = First::Coin;
    const WIN_SCORE: u16 = 4;
    const DRAW_HALVES: u16 = 4;
    const UNIT: ScoreUnit = ScoreUnit::Chords;
    const MATERIAL_RULE: RuleId = super::rules::LACK_OF_MATERIAL;
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("tigerclocks", CLOCK)];
    const EVENTS: &'static [&'static str] = &[
        "first-move",
        "capture",
        "en-passant",
        "key-taken",
        "key-defended",
        "lone-continuation",
        "cannot-win",
    ];

    fn tables() -> &'static Tables {
        &TABLES
    }

    fn start() -> &'static Crystal {
        static START: OnceLock<Crystal> = OnceLock::new();
        START.get_or_init(|| Crystal::from_set_up(include_str!("../../data/jewel/crystal.txt")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Bits, Game, Side, Turn};
    use crate::jewel::keysquare::{Kind, capacity_bound};

    fn after_coin(side: &str) -> Crystal {
        let mut g = Crystal::new(&Default::default());
        let a = g.parse_action(side).unwrap();
        g.play(a).unwrap();
        g
    }

    #[test]
    fn a_move_from_a_square_the_mover_does_not_hold_is_no_capture_to_rewrite() {
        // Green moves first after `green-first`; C1 holds a piece of Red's and C2
        // a Red Advancer. `C1-C2` had been answered "the move captures on C2, so
        // it is written with `x`", pointing the user at an action as illegal.
        let g = after_coin("green-first");
        let mut tried = g.clone();
        let a = tried
            .parse_action("C1-C2")
            .expect("read: it is no move of Green's, so apply refuses it");
        assert!(tried.play(a).is_err());
        assert_eq!(tried, g);
        // The mover's own capture written with `-` is still told to write `x`.
        let mut red = g.clone();
        for text in ["C8-C6", "D2-D4", "C6-C5"] {
            let a = red
                .parse_action(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            red.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        let err = red.parse_action("D4-C5").unwrap_err().to_string();
        assert!(err.contains("`D4xC5`: the move captures on C5"), "{err}");
    }

    #[test]
    fn the_set_up_satisfies_the_seed() {
        let g = Crystal::new(&Default::default());
        assert_eq!(g.turn(), Turn::Chance, "a coin decides the first move");
        for side in Side::ALL {
            assert!(
                g.board().pieces(side, Kind(1)).count() >= 2,
                "two Adjacents"
            );
            assert_eq!(
                g.board().pieces(side, Kind(0)).count(),
                1,
                "one Cloaked Prince"
            );
        }
        // Green on ranks 8 and 9, Red on ranks 1 and 2.
        assert_eq!(g.board().side(Side::Red), (1u128 << 18) - 1);
        assert_eq!(g.board().side(Side::Green), ((1u128 << 18) - 1) << 63);
    }

    #[test]
    fn the_capacity_is_the_sum_of_the_largest_moves() {
        assert_eq!(capacity_bound::<CrystalRules>(), CAPACITY);
    }

    #[test]
    fn red_has_twenty_six_first_moves() {
        // Nine Advancers with a step and a double step each (18); the Leapers B1
        // and H1 to A3 C3 and G3 I3 (4); the Cloaked Prince E1 leaps as a Knight to
        // D3 F3 and as a Queen's Lancer to C3 G3 (4; D2 F2 C2 G2 are his own).
        let g = after_coin("red-first");
        let mut buf = <Crystal as Game>::Actions::default();
        g.legal_actions(&mut buf);
        assert_eq!(buf.len(), 26);
    }
}
