//! The rulings on the pieces' moves (seed 001, Piece Movements).

use crate::rulings::{Reading, Ruling};

/// Ruling `the-game.dwarf`: the Dwarf's lost moves.
pub const DWARF: Ruling = Ruling {
    id: "the-game.dwarf",
    question: "The Dwarf's paragraph is lost (only its heading and a picture's title, \"Dwarf on Cavern Board\", remain): how does it move?",
    source: "seed 001, Cavern Board, Dwarf (heading only)",
    readings: &[
        Reading {
            name: "gygax",
            text: "Gygax's Dwarf of Dragonchess: on the Cavern and the Ground it moves one square straight forward or sideways without capturing and captures one square diagonally forward; it goes up to the Ground (the square directly above) only by capturing and comes down to the Cavern (directly below) only without capturing",
        },
        Reading {
            name: "no-moves",
            text: "the Dwarf has no moves until its paragraph is found",
        },
    ],
    clauses: &["the-game.pieces.1"],
    option: None,
    reason: "every other Cavern piece of The Game is its Dragonchess namesake's cousin and the author names Dragonchess as his source; Gygax's Dwarf is the one the author would have started from",
};

/// Ruling `the-game.gryphon-leap`: "two squares in any diagonal, then one".
pub const GRYPHON_LEAP: Ruling = Ruling {
    id: "the-game.gryphon-leap",
    question: "The Gryphon \"moves two squares in any diagonal, then one square horizontally or vertically\": is the last square outward only, or either way?",
    source: "seed 001, Sky Board, Gryphon (\"With a movement and capture ability similar to the Knight in regular chess, the Gryphon moves two squares in any diagonal, then one square horizontally or vertically, vaulting over any intervening pieces.\")",
    readings: &[
        Reading {
            name: "outward",
            text: "outward only: a leap of three squares one way and two the other (eight squares), over any pieces",
        },
        Reading {
            name: "either-way",
            text: "either way: the eight (3,2) leaps and the eight Knight's (2,1) leaps",
        },
    ],
    clauses: &["the-game.gryphon.2"],
    option: None,
    reason: "Dragonchess's Griffon, which the Gryphon is drawn from, makes the (3,2) leap; \"then one square\" continues a path, and turning back would make half its leaps the Knight's, which the text would have said",
};

/// Ruling `the-game.dragon-strike`: the Dragon's capture on the Ground.
pub const DRAGON_STRIKE: Ruling = Ruling {
    id: "the-game.dragon-strike",
    question: "The Dragon on the Sky \"must move at least one square\" to capture on the Ground in the nine squares below it: below the square it moves to or the one it left, and how is a move with two captures written?",
    source: "seed 001, Sky Board, Dragon (\"the Dragon is the only piece that can capture two pieces in one move ... The Dragon can also capture a piece on the Ground Board in the square directly below or any of the eight surrounding squares ... The Dragon can only capture one piece in these nine squares of control on the Ground Board. If the Dragon does not capture a piece on the Sky Board, it can still capture a piece on the Ground Board. However, to perform this Ground Board Capture ability while on the Sky Board, the Dragon must move at least one square on the Sky Board. ... It must move to capture a piece on the Ground Board.\")",
    readings: &[
        Reading {
            name: "from-destination",
            text: "the Dragon makes a move (or capture) on the Sky and may then take one enemy piece in the nine Ground squares below its new square; the move and the strike are one action (`Dg1-g3xg4`, with the Sky capture `Dg1xg3xg4`); the Dragon never moves to the Ground by it",
        },
        Reading {
            name: "from-origin",
            text: "the strike takes a piece below the square the Dragon left",
        },
    ],
    clauses: &[
        "the-game.dragon.2",
        "the-game.dragon.4",
        "the-game.dragon.5",
        "the-game.dragon.6",
        "the-game.dragon.7",
        "the-game.dragon.8",
        "the-game.dragon.9",
    ],
    option: None,
    reason: "\"it cannot simply move to a square and sit there capturing pieces within its Ground Board Capture field\": the field is the one of the square it moves to, which it may not use without moving; one action keeps the Dragon's choice whole (it has at most nine strikes for each of its moves) and needs no pending step",
};

/// Ruling `the-game.elemental-steps`: the Elemental's two squares.
pub const ELEMENTAL_STEPS: Ruling = Ruling {
    id: "the-game.elemental-steps",
    question: "Pieces that move \"one or two squares\" (the Elemental, the Amochal forward, the Org sideways, the Æmur, the Krargog): may the two-square move pass an occupied square?",
    source: "seed 001, Cavern Board, Elemental (\"The Elemental moves and captures by moving one or two squares horizontally or vertically\"); the Æmur and the Krargog (\"cannot vault over intervening squares\"); the Org (\"one or two squares left or right\"); the Amochal (\"one or two squares directly forward\")",
    readings: &[
        Reading {
            name: "no-vault",
            text: "no: the square passed must be empty, as the text says of the Æmur and the Krargog",
        },
        Reading {
            name: "vault",
            text: "yes: the two-square move leaps",
        },
    ],
    clauses: &[
        "the-game.elemental.1",
        "the-game.org.3",
        "the-game.amochal.1",
        "the-game.aemur.2",
        "the-game.aemur.3",
        "the-game.aemur.4",
        "the-game.krargog.2",
        "the-game.krargog.3",
        "the-game.krargog.4",
    ],
    option: None,
    reason: "the text says which pieces vault (the Gryphon, the Avatar, the Mithyari, the Knight, the Cavalier); a piece it does not say so of moves as a chess piece, over empty squares",
};

/// Ruling `the-game.elemental-return`: the Elemental's way back down.
pub const ELEMENTAL_RETURN: Ruling = Ruling {
    id: "the-game.elemental-return",
    question: "\"The Elemental returns to the Cavern Board by reversing the two-step movement. Again, the first step of the move to the Cavern Board must be to an unoccupied square\": which is the first step?",
    source: "seed 001, Cavern Board, Elemental",
    readings: &[
        Reading {
            name: "down-first",
            text: "the exact reverse: first down to the Cavern square directly below (which must be empty), then one square horizontally or vertically on the Cavern (which may be a capture)",
        },
        Reading {
            name: "across-first",
            text: "first one square horizontally or vertically on the Ground (empty), then down (which may be a capture)",
        },
    ],
    clauses: &[
        "the-game.elemental.8",
        "the-game.elemental.9",
        "the-game.elemental.10",
    ],
    option: None,
    reason: "\"reversing\" the up move (across, then up) is down, then across; both readings reach the same squares and differ only in which square must be empty",
};

/// Ruling `the-game.amochal-descent`: the Amochal's way down.
pub const AMOCHAL_DESCENT: Ruling = Ruling {
    id: "the-game.amochal-descent",
    question: "\"The Amochal returns to the Cavern Board by simply moving to the square directly below it\": may that move capture?",
    source: "seed 001, Cavern Board, Amochal",
    readings: &[
        Reading {
            name: "may-capture",
            text: "yes: it moves or captures to the square directly below",
        },
        Reading {
            name: "move-only",
            text: "no: only to an empty square",
        },
    ],
    clauses: &["the-game.amochal.9"],
    option: None,
    reason: "the text's \"moving\" is its word for a step that captures whatever stands there (\"the Sylvar may also capture on the Ground Board by moving to the square directly below\"); it names move-only steps as such (\"may move only\")",
};

/// Ruling `the-game.split-movers-limited`: the Æmur and the Krargog off the Ground.
pub const SPLIT_MOVERS_LIMITED: Ruling = Ruling {
    id: "the-game.split-movers-limited",
    question: "\"On the Cavern Board, the Æmur's movement and capture abilities are limited to one square\" (the Krargog's on the Sky likewise): does it keep its split of moves and captures there?",
    source: "seed 001, Ground Board, Æmur and Krargog",
    readings: &[
        Reading {
            name: "split-one-square",
            text: "yes: the Æmur moves one square horizontally or vertically and captures one square diagonally; the Krargog moves one square diagonally and captures one square horizontally or vertically",
        },
        Reading {
            name: "king",
            text: "no: it moves and captures one square in any direction",
        },
    ],
    clauses: &["the-game.aemur.7", "the-game.krargog.7"],
    option: None,
    reason: "\"its movement and capture abilities are limited to one square\" limits the distance of the abilities it has; the Nightblade's and Paladin's paragraphs say \"one square in any direction\" when that is meant",
};

/// Ruling `the-game.krargog-return`: the Krargog's way down.
pub const KRARGOG_RETURN: Ruling = Ruling {
    id: "the-game.krargog-return",
    question: "\"Return to the Cavern Board is achieved by moving and/or capturing to the Ground Board\": the Krargog goes up to the Sky, so what is its way back?",
    source: "seed 001, Ground Board, Krargog",
    readings: &[
        Reading {
            name: "to-ground",
            text: "a slip for \"return to the Ground Board\": from the Sky it moves or captures to the Ground square directly below",
        },
        Reading {
            name: "no-return",
            text: "the Krargog has no way back from the Sky",
        },
    ],
    clauses: &["the-game.krargog.8"],
    option: None,
    reason: "the paragraph is the Æmur's mirrored (the Æmur goes down to the Cavern and returns up); \"Cavern\" is the Æmur's word left in",
};

/// Ruling `the-game.avatar-lines`: the Avatar's two- and three-square moves.
pub const AVATAR_LINES: Ruling = Ruling {
    id: "the-game.avatar-lines",
    question: "The Avatar \"may capture only by moving two squares in any direction\" and \"move and/or capture by moving three squares in any direction\": along straight lines only?",
    source: "seed 001, Ground Board, Avatar (\"The Avatar may move only by moving one square in any direction. The Avatar may capture only by moving two squares in any direction, vaulting over the intervening square. The Avatar may also move and/or capture by moving three squares in any direction, also vautling over the intervening squares.\")",
    readings: &[
        Reading {
            name: "straight-lines",
            text: "along the eight straight lines of the board it stands on: exactly one, two or three squares away horizontally, vertically or diagonally, leaping",
        },
        Reading {
            name: "rings",
            text: "to any square at that distance (a ring of squares, as the Mithyari's \"within two squares\")",
        },
    ],
    clauses: &[
        "the-game.avatar.3",
        "the-game.avatar.4",
        "the-game.avatar.5",
    ],
    option: None,
    reason: "\"vaulting over the intervening square\" (one square between) fits a straight line; a ring's squares off the lines have no one intervening square",
};

/// Ruling `the-game.mithyari-field`: the Mithyari's field above and below.
pub const MITHYARI_FIELD: Ruling = Ruling {
    id: "the-game.mithyari-field",
    question: "\"The Mithyari also controls a field of equal size on boards above and/or below\": which squares?",
    source: "seed 001, Ground Board, Mithyari (\"the Mithyari can move and/or capture by moving to any square within two squares, vaulting over any intervening squares. The Mithyari also controls a field of equal size on boards above and/or below. Move and/or capture to these squares is also achieved by vaulting.\")",
    readings: &[
        Reading {
            name: "adjacent-5x5",
            text: "on the board directly above and the board directly below (Sky, Ground, Cavern), the squares within two squares of the square directly above or below it, that square included (up to 25 a board), by a leap",
        },
        Reading {
            name: "adjacent-ring",
            text: "the same field without the square directly above or below (24, the same shape as on its own board)",
        },
        Reading {
            name: "whole-stack",
            text: "the field on every board above or below, two boards away included",
        },
    ],
    clauses: &["the-game.mithyari.2", "the-game.mithyari.3"],
    option: None,
    reason: "\"a field of equal size\" is the 5 by 5 square of its own field, which on another board has no square of its own to leave out; \"above and/or below\" speaks of the neighbouring boards, as every other piece's board change does",
};

/// Ruling `the-game.cavalier`: the Cavalier on and between boards.
pub const CAVALIER: Ruling = Ruling {
    id: "the-game.cavalier",
    question: "The Cavalier's paragraph (headed \"maybe needs more info\") gives its moves on the Ground and between boards, and a lost picture \"Cavalier on Sky & Cavern Boards\": how does it move on the Sky and the Cavern, and between which boards?",
    source: "seed 001, Ground Board, Cavalier (\"The Cavalier can move and/or capture across two boards. The Cavalier moves and/or captures by moving in a combination of the King and Knight in regular chess when upon the Ground Board. Moving and/or capturing between the boards is made in a move similar to the Knight. The Cavalier may move to the square directly above or below, then two squares horizontally or vertically. Or, the Cavalier may move two squares directly above or below, then one square horizontally or vertically. All such moves may involve a capture.\")",
    readings: &[
        Reading {
            name: "king-off-ground",
            text: "on the Sky and the Cavern it moves and captures one square in any direction; from any of the three boards it leaps one board up or down and two squares horizontally or vertically, or two boards up or down (Sky to Cavern, Cavern to Sky) and one square horizontally or vertically, over anything between",
        },
        Reading {
            name: "same-everywhere",
            text: "on the Sky and the Cavern it moves as on the Ground (King and Knight)",
        },
        Reading {
            name: "between-only",
            text: "on the Sky and the Cavern it has only its moves between boards",
        },
    ],
    clauses: &[
        "the-game.cavalier.2",
        "the-game.cavalier.3",
        "the-game.cavalier.4",
        "the-game.cavalier.5",
        "the-game.cavalier.6",
        "the-game.cavalier.7",
    ],
    option: None,
    reason: "the Nightblade and the Paladin have pictures titled the same way and are \"limited to moving and/or capturing by moving one square in any direction\" on the Sky and the Cavern; \"similar to the Knight\" makes the board change a leap",
};

/// Ruling `the-game.basilisk-freeze`: whose pieces the Basilisk freezes.
pub const BASILISK_FREEZE: Ruling = Ruling {
    id: "the-game.basilisk-freeze",
    question: "The Basilisk freezes \"the piece on the Ground Board in the square directly above it\": an enemy piece only, or a friendly one too?",
    source: "seed 001, Cavern Board, Basilisk (\"The Basilisk also has the special ability of \\\"freezing\\\" the piece on the Ground Board in the square directly above it. The frozen piece cannot move until the Basilisk is moved from underneath it.\")",
    readings: &[
        Reading {
            name: "enemy",
            text: "an enemy piece only; a frozen piece makes no move and no capture",
        },
        Reading {
            name: "any",
            text: "whichever piece stands there, friend or foe",
        },
    ],
    clauses: &["the-game.basilisk.3", "the-game.basilisk.4"],
    option: None,
    reason: "Dragonchess's Basilisk freezes enemy pieces only, and the text calls the ability \"very threatening\"; frozen pieces of one's own would make the Basilisks of the draft set-up, under their own back rank, freeze their own Ground pieces from the first move",
};

/// Ruling `the-game.warrior-pawn`: "exactly like the Pawn in regular chess".
pub const WARRIOR_PAWN: Ruling = Ruling {
    id: "the-game.warrior-pawn",
    question: "\"The Warrior moves and captures exactly like the Pawn in regular chess. Period.\": with the Pawn's two-square first move and en passant?",
    source: "seed 001, Ground Board, Warrior",
    readings: &[
        Reading {
            name: "chess-pawn",
            text: "yes: one square straight forward to an empty square, two from its starting rank over an empty square, captures one square diagonally forward, and takes en passant a Warrior that has just made its two-square move past a square it attacks",
        },
        Reading {
            name: "dragonchess-warrior",
            text: "one square forward and captures diagonally, no two-square move and no en passant, as Dragonchess's Warrior",
        },
    ],
    clauses: &["the-game.warrior.1"],
    option: None,
    reason: "\"exactly ... Period.\" leaves no part of the Pawn out",
};

/// Ruling `the-game.warrior-promotion`: what a Warrior becomes.
pub const WARRIOR_PROMOTION: Ruling = Ruling {
    id: "the-game.warrior-promotion",
    question: "\"If a Warrior can cross the board, then it may be replaced with any piece. Including the all powerful ArchMagus\": must it be replaced, and by which kinds (a second Emperor? a Djinn?)?",
    source: "seed 001, Ground Board, Warrior",
    readings: &[
        Reading {
            name: "any-but-emperor-djinn",
            text: "a Warrior reaching the far rank of the Ground is replaced, as part of that move, by a piece of its side of any kind but the Emperor, the Djinn and the Warrior, on the same square; the piece keeps the moves its kind has on the Ground (a kind with none there, the Basilisk, stands still)",
        },
        Reading {
            name: "any",
            text: "by any kind at all, a second Emperor or a Djinn included",
        },
        Reading {
            name: "may-stay",
            text: "the replacement is optional and the Warrior may stay a Warrior",
        },
    ],
    clauses: &["the-game.warrior.3", "the-game.warrior.4"],
    option: None,
    reason: "the Pawn of regular chess must be replaced and may not become a King; a second Emperor would make \"capture of the Emperor\" ambiguous, and a Djinn belongs to neither side; a Warrior left on the far rank could never move again",
};

/// Ruling `the-game.sylvar-return`: the Sylvar across the Sky.
pub const SYLVAR_RETURN: Ruling = Ruling {
    id: "the-game.sylvar-return",
    question: "\"If a Sylvar can manage to progress across the entire Sky Board, then that Sylvar may return to any of the eight starting squares of the Sylvars\": when, and to which squares?",
    source: "seed 001, Sky Board, Sylvar",
    readings: &[
        Reading {
            name: "later-move",
            text: "a Sylvar standing on the far rank of the Sky may, as a move of its own, go to any empty one of its side's eight starting squares (no capture)",
        },
        Reading {
            name: "at-once",
            text: "on reaching the far rank the Sylvar is placed at once, as part of that move, on an empty starting square of its side",
        },
    ],
    clauses: &["the-game.sylvar.5"],
    option: None,
    reason: "\"may return\" is a choice the player makes, which a move of its own gives him at any later turn; a Sylvar on the far rank has no other move but its capture down to the Ground",
};

/// Ruling `the-game.board-changes`: moves to a board where a piece has no moves.
pub const BOARD_CHANGES: Ruling = Ruling {
    id: "the-game.board-changes",
    question: "A piece may stand on boards where the text gives it no moves (a Warrior promoted to a Basilisk on the Ground, any piece sent to the Astral board): what may it do there, and which boards may each piece stand on?",
    source: "seed 001, Piece Movements (\"Some few pieces can move between the boards. Others cannot.\")",
    readings: &[
        Reading {
            name: "as-written",
            text: "each piece has exactly the moves the text gives it on the board it stands on and no others: a kind with none there (the Basilisk off the Cavern) stands still; a piece stands on its own boards, on the Ground after a promotion, and on the Astral board once sent there",
        },
        Reading {
            name: "home-moves",
            text: "a piece off its boards moves as on its home board",
        },
    ],
    clauses: &["the-game.boards.3", "the-game.boards.4"],
    option: None,
    reason: "the text gives each piece's moves board by board; nothing says a piece carries its home moves elsewhere",
};
