//! The named rulings of The Game (seed 001): every place where the seed is
//! silent, ambiguous or contradicts itself. The seed's pictures are lost, and
//! with them the boards, the set-up and much of each piece's diagram; what the
//! text fixes is quoted in each ruling's `source`, and the default reading is
//! the one the engine implements.
//!
//! This module holds the rulings on the boards, the set-up and the course of a
//! game; [`pieces`] those on the pieces' moves and [`magic`] those on the
//! ArchMagus, the Astral board and the Djinn. [`RULINGS`] lists them all.

pub mod magic;
pub mod pieces;

use crate::rulings::{Reading, Ruling};

/// Ruling `the-game.boards`: the sizes of the eight boards.
pub const BOARDS: Ruling = Ruling {
    id: "the-game.boards",
    question: "How large is each of the eight boards (Sky, Ground, Cavern, the four Mana boards, the Astral board)?",
    source: "seed 001 (The Game), The Boards & The Setup (\"There are eight boards to The Game ... the Sky Board would be the uppermost board, the Ground Board would be in the middle, and the Cavern Board would be the bottommost board. The four Mana Boards would be surrounding the other boards on the same level as the Ground Board. The Astral Board sets off by itself.\"); the author's note (\"Dragon magazine ... published \\\"DragonChess,\\\" which aided my creation of The Game\")",
    readings: &[
        Reading {
            name: "draft",
            text: "Sky, Ground and Cavern are 12 files (a-l) by 8 ranks (1-8), one above the other, square over square, as Dragonchess's three boards; each Mana board is 3 by 3 (a-c, 1-3); the Astral board is 8 by 8 (a-h, 1-8); the data file engine/data/the_game/boards.txt says so and is the project's draft",
        },
        Reading {
            name: "all-12x8",
            text: "every board is 12 by 8, as the three boards of Dragonchess",
        },
        Reading {
            name: "chess-boards",
            text: "every board is 8 by 8, as the board of regular chess the text compares every piece to",
        },
    ],
    clauses: &[
        "the-game.boards.2",
        "the-game.boards.7",
        "the-game.boards.8",
        "the-game.boards.9",
    ],
    option: None,
    reason: "the game derives from Dragonchess, whose three boards are 12x8: 71 pieces a side fit two ranks a side on three such boards (72 squares) with the ArchMagus on its Mana board and one square beside the Dragon and one beside the Elemental left empty, which the text's opening (\"move the Dragon ... or the Elemental ... one square\") needs; a Mana board only has to let an ArchMagus step \"one square in any direction\", which 3x3 is the least board to allow from its centre; the Astral board is \"another separate game within itself\", and a chess board is the text's measure of a game; the sizes are one data file, so a maintainer who learns the real ones edits it and sees every consequence",
};

/// Ruling `the-game.board-links`: how the boards connect.
pub const BOARD_LINKS: Ruling = Ruling {
    id: "the-game.board-links",
    question: "Which squares of different boards are neighbours: are the Mana boards and the Astral board joined to the Sky, Ground and Cavern boards?",
    source: "seed 001, The Boards & The Setup (\"The four Mana Boards would be surrounding the other boards on the same level as the Ground Board. The Astral Board sets off by itself.\"); the ArchMagus (\"When on any Mana Board or the Astral Board, the ArchMagus also has the special ability to \\\"teleport\\\" to any square on any board\")",
    readings: &[
        Reading {
            name: "stack-only",
            text: "only the Sky, Ground and Cavern boards are joined: each square is directly above the same square (same file and rank) of the board below; the Mana boards and the Astral board touch nothing, and are entered and left only by the ArchMagus's teleport (and by a captured piece sent to or from the Astral board)",
        },
        Reading {
            name: "mana-beside",
            text: "each Mana board adjoins one edge of the Ground board (Silver Mana the north edge, Gold Mana the south, West and East Mana the files' ends), so a line on the Ground runs on across the edge onto it and a step off a Mana board lands on the Ground",
        },
    ],
    clauses: &[
        "the-game.boards.3",
        "the-game.boards.7",
        "the-game.boards.8",
        "the-game.boards.9",
        "the-game.archmagus.3",
    ],
    option: None,
    reason: "no piece but the ArchMagus is said to reach a Mana board, and the ArchMagus is given teleport as its way off them; the Astral board \"sets off by itself\"; with Mana boards of 3 squares a side an adjoining edge would need a rule for which Ground squares face which Mana squares, which the text never hints at",
};

/// Ruling `the-game.setup`: the pieces of each side and their squares.
pub const SETUP: Ruling = Ruling {
    id: "the-game.setup",
    question: "How many pieces of each of the 26 kinds does a side have, and on which squares do they start?",
    source: "seed 001, The Boards & The Setup (\"Below is how The Game is setup to begin The Game\": the picture is lost); The Pieces (\"There are 26 different pieces on each side. Each side has 71 pieces. Combined, there are 146 total pieces.\"); the Sylvar (\"any of the eight starting squares of the Sylvars\"); the Phoenix (\"One Phoenix on each side immediately threatens an opposing Sylvar\"); the Emperor (\"most Grand Masters will move the Dragon on the Sky Board or the Elemental on the Cavern Board one square. This is mainly to give the Emperor an immediate outlet\")",
    readings: &[
        Reading {
            name: "draft",
            text: "the project's draft in engine/data/the_game/setup.txt: Gold on ranks 1-2 and Silver on ranks 7-8 of the Sky, Ground and Cavern boards, Silver the mirror of Gold across the boards' middle; a side has 1 Emperor, 1 Wizard, 1 Dragon, 1 Elemental, 1 ArchMagus, 12 Warriors, 8 Sylvars, 6 Orgs, 6 Dwarves, 4 Assassins and 2 of each other kind (71); the Emperor on Ground g1 (g8), the Dragon above him on Sky g1 (g8), the Elemental below him on Cavern g1 (g8), Sky and Cavern h1 (h8) empty so that each may move one square; one Phoenix on Sky d2 (d7) with an open diagonal to the enemy Sylvar on i7 (i2), the other behind its own rank 2; the ArchMagus on the centre of its side's Mana board; the four Djinn on the Astral board",
        },
        Reading {
            name: "unknown",
            text: "the author's own set-up, which the lost picture showed; a maintainer who learns it edits the data file",
        },
    ],
    clauses: &[
        "the-game.pieces.1",
        "the-game.pieces.2",
        "the-game.pieces.3",
        "the-game.sylvar.5",
        "the-game.phoenix.5",
    ],
    option: None,
    reason: "the draft keeps every constraint the text fixes, each proved by a test of the data file: 26 kinds, 71 a side, 146 in all with the Djinn, eight Sylvars a side, the Dragon directly above the Emperor and the Elemental directly below him, a one-square move for the Dragon and the Elemental at the start, exactly one Phoenix of each side attacking an enemy Sylvar; it follows Dragonchess where it can (the Emperor, Dragon and Elemental on file g, the Gryphons on c and k, the Basilisks on c and k, a full rank of Warriors, a chess-like back rank of the Ground); the pieces the text calls Ground pieces that do not fit two ranks of the Ground start on the Sky or the Cavern, which their moves let them stand on, and no piece but that Phoenix and the ArchMagus, whose teleport reaches every square, can capture on the first move (\"the immediate carnage and anarchy that can result from this opening move\" is that Phoenix's; the reference model's test proves it)",
};

/// Ruling `the-game.djinn-count`: the four pieces beyond 2 x 71.
pub const DJINN_COUNT: Ruling = Ruling {
    id: "the-game.djinn-count",
    question: "\"Each side has 71 pieces. Combined, there are 146 total pieces\": 2 x 71 is 142; what are the other four, and whose are the Djinn?",
    source: "seed 001, The Pieces (\"There are 26 different pieces on each side. Each side has 71 pieces. Combined, there are 146 total pieces.\"); the Djinn (\"The Djinn cannot move. The Djinn cannot capture. The Djinn cannot be captured. The Djinn are Facilitators.\"; \"Djinn Setup on Astral Board\")",
    readings: &[
        Reading {
            name: "four-neutral-djinn",
            text: "the four others are the Djinn, on the Astral board from the start and belonging to neither side; a side's 71 pieces are of the other 25 kinds, and the Djinn are the 26th kind both sides share",
        },
        Reading {
            name: "two-djinn-a-side",
            text: "each side owns two Djinn beside its 71 pieces (73 a side); since a Djinn never moves, captures or is captured, whose it is changes nothing in play",
        },
        Reading {
            name: "miscount",
            text: "146 is a slip for 142 and there are no Djinn beyond the 71",
        },
    ],
    clauses: &[
        "the-game.pieces.1",
        "the-game.pieces.2",
        "the-game.pieces.3",
        "the-game.djinn.1",
        "the-game.djinn.2",
        "the-game.djinn.3",
    ],
    option: None,
    reason: "the Djinn are set up on the Astral board, where no other piece starts, and can never be taken, so they are the natural four outside the sides' counts; neutral Djinn make no difference in play from owned ones and need no colour in a position",
};

/// Ruling `the-game.first-move`: who moves first.
pub const FIRST_MOVE: Ruling = Ruling {
    id: "the-game.first-move",
    question: "Which side moves first?",
    source: "seed 001, The Boards & The Setup (\"There are two sides to The Game: Gold and Silver.\"); the Emperor (\"Oftentimes, the first four moves will be to move the Dragon and Elemental one square\")",
    readings: &[
        Reading {
            name: "gold",
            text: "Gold moves first",
        },
        Reading {
            name: "silver",
            text: "Silver moves first",
        },
    ],
    clauses: &["the-game.boards.1"],
    option: None,
    reason: "the text names Gold first and in Dragonchess, its source, Gold moves first",
};

/// Ruling `the-game.victory`: what ends the game.
pub const VICTORY: Ruling = Ruling {
    id: "the-game.victory",
    question: "\"Capture of the Emperor means the game is lost\", yet the Basilisk's paragraph speaks of Check and of a frozen Emperor being Mated: may a move leave one's own Emperor attacked, and what ends the game?",
    source: "seed 001, the Emperor (\"capture of the Emperor means the game is lost\"); the Basilisk (\"If the piece frozen is the Emperor, he is not considered to be in Check unless threatened by another piece. If the Emperor is frozen and a piece threatens him, then the Emperor is considered to be Mated unless the threatening piece can be blocked.\")",
    readings: &[
        Reading {
            name: "capture",
            text: "the game ends when an Emperor is captured, and the captor's side wins; a move may leave one's own Emperor attacked (\"Check\" and \"Mated\" describe a threat the next move carries out): a frozen Emperor that is threatened is lost unless the threat is blocked or its piece taken",
        },
        Reading {
            name: "checkmate",
            text: "as regular chess: no move may leave one's own Emperor attacked, and a side whose Emperor is attacked with no move that ends the attack is mated and loses",
        },
    ],
    clauses: &[
        "the-game.emperor.1",
        "the-game.basilisk.5",
        "the-game.basilisk.6",
    ],
    option: None,
    reason: "the text's one statement of how a game is lost is the capture; the Basilisk's paragraph uses Check and Mate for the situation a capture ends, and a frozen Emperor is the one case where the Emperor cannot step away; the capture reading needs no test of every attack across eight boards (a Dragon's strike from the Sky, a Mithyari's field) for each move, and it is the reading under which the text's \"capture of the Emperor\" ever happens",
};

/// Ruling `the-game.stalemate`: a side with no move.
pub const STALEMATE: Ruling = Ruling {
    id: "the-game.stalemate",
    question: "What happens when the side to move has no legal move?",
    source: "seed 001 (silent); the Emperor (\"moves and captures exactly like the King in regular chess\")",
    readings: &[
        Reading {
            name: "draw",
            text: "the game is drawn (`draw:stalemate`), as a stalemate in regular chess",
        },
        Reading {
            name: "loss",
            text: "the side that cannot move loses",
        },
    ],
    clauses: &["the-game.emperor.2"],
    option: None,
    reason: "the text measures everything against regular chess; with 71 pieces a side and an Astral board it should never happen, but the engine must end every position",
};

/// Ruling `the-game.ply-bound`: the project's last resort.
pub const PLY_BOUND: Ruling = Ruling {
    id: "the-game.ply-bound",
    question: "What keeps a game finite when no Emperor is ever captured? The text gives no repetition or move-count draw.",
    source: "seed 001 (silent); the author's note (\"The Game was played out over several hours spread out over several days. Only one of these games was actually completed.\")",
    readings: &[
        Reading {
            name: "bound",
            text: "as a last resort, not the seed's, a game reaching 3000 plies is drawn by the project's ply bound (`draw:ply-bound`), even with a pending choice",
        },
        Reading {
            name: "chess-draws",
            text: "regular chess's threefold repetition and fifty-move rule",
        },
    ],
    clauses: &["the-game.emperor.1"],
    option: None,
    reason: "the text gives no draw at all; adding chess's would be inventing rules, while a bound that names itself as the deciding rule keeps random play finite and tells its games apart from the seed's endings; 3000 plies is half again Dragon's bound for a game with more than twice the pieces",
};

/// Ruling `the-game.score`: what a result scores.
pub const SCORE: Ruling = Ruling {
    id: "the-game.score",
    question: "What does a win or a draw score?",
    source: "seed 001 (silent: \"The Game is used to decide the new Maktalaine\")",
    readings: &[
        Reading {
            name: "one-point",
            text: "a win scores 1 Game Point to 0, a draw ½ each",
        },
        Reading {
            name: "no-score",
            text: "the result only names the winner",
        },
    ],
    clauses: &["the-game.emperor.1"],
    option: None,
    reason: "the harness counts scores to give the first mover's share; 1-0 and ½-½ is regular chess's and changes nothing else",
};

/// Every ruling of The Game, the boards and course of play first, then the
/// pieces, then the ArchMagus, the Astral board and the Djinn.
pub const RULINGS: &[Ruling] = &[
    BOARDS,
    BOARD_LINKS,
    SETUP,
    DJINN_COUNT,
    FIRST_MOVE,
    VICTORY,
    STALEMATE,
    PLY_BOUND,
    SCORE,
    pieces::DWARF,
    pieces::GRYPHON_LEAP,
    pieces::DRAGON_STRIKE,
    pieces::ELEMENTAL_STEPS,
    pieces::ELEMENTAL_RETURN,
    pieces::AMOCHAL_DESCENT,
    pieces::SPLIT_MOVERS_LIMITED,
    pieces::KRARGOG_RETURN,
    pieces::AVATAR_LINES,
    pieces::MITHYARI_FIELD,
    pieces::CAVALIER,
    pieces::BASILISK_FREEZE,
    pieces::WARRIOR_PAWN,
    pieces::WARRIOR_PROMOTION,
    pieces::SYLVAR_RETURN,
    pieces::BOARD_CHANGES,
    magic::ARCHMAGUS_LINES,
    magic::TELEPORT_TARGETS,
    magic::SEND_TO_ASTRAL,
    magic::RETURN_SQUARE,
    magic::ASTRAL_MOVES,
    magic::DJINN_LINES,
    magic::DJINN_SQUARES,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape the rulings index checks for every registered game, checked
    /// here before The Game is registered: unique ids under `the-game.`, two
    /// readings or more, a reason and a source.
    #[test]
    fn rulings_are_well_formed() {
        let mut ids: Vec<&str> = RULINGS.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate ruling id");
        for r in RULINGS {
            assert!(r.id.starts_with("the-game."), "{}", r.id);
            assert!(r.readings.len() >= 2, "{}: two readings at least", r.id);
            assert!(!r.reason.is_empty() && !r.question.is_empty(), "{}", r.id);
            assert!(r.source.starts_with("seed 001"), "{}: cite seed 001", r.id);
        }
    }
}
