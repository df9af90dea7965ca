//! The rulings on the ArchMagus, the Astral board and the Djinn (seed 001,
//! Mana Boards and Astral Board).

use crate::rulings::{Reading, Ruling};

/// Ruling `the-game.archmagus-lines`: "in any direction" on the three boards.
pub const ARCHMAGUS_LINES: Ruling = Ruling {
    id: "the-game.archmagus-lines",
    question: "On the Sky, Ground and Cavern the ArchMagus \"moves and/or captures by moving any number of unoccupied squares in any direction\": within its board only, or up and down through the boards too?",
    source: "seed 001, Mana Boards, ArchMagus (\"the ArchMagus, when on the Sky, Ground, or Cavern Boards, moves and/or catures by moving any number of unoccupied squares in any direction, capturing at the end of move if desired\")",
    readings: &[
        Reading {
            name: "three-d",
            text: "in any of the 26 directions of the three boards stacked square over square: the eight of its board, straight up and down, and the sixteen that change board and square at each step (up or down with one square horizontally, vertically or diagonally), over empty squares, capturing at the end",
        },
        Reading {
            name: "board-only",
            text: "as the Queen, on the board it stands on only",
        },
        Reading {
            name: "board-and-vertical",
            text: "as the Queen on its board, and straight up or down",
        },
    ],
    clauses: &["the-game.archmagus.1"],
    option: None,
    reason: "the text writes \"in any direction\" of the most powerful piece in a game of stacked boards, and gives the Queen's moves to others in those words (\"like the Queen in regular chess\") when it means them; the Cavalier and the Mithyari show the author counting moves across boards",
};

/// Ruling `the-game.teleport-targets`: where the ArchMagus teleports.
pub const TELEPORT_TARGETS: Ruling = Ruling {
    id: "the-game.teleport-targets",
    question: "\"The ArchMagus CANNOT teleport into the square currently occupied by the Emperor or other friendly piece\": which Emperor, and which squares may it teleport to?",
    source: "seed 001, Mana Boards, ArchMagus (\"When on any Mana Board or the Astral Board, the ArchMagus also has the special ability to \\\"teleport\\\" to any square on any board. EXCEPTION: The ArchMagus CANNOT teleport into the square currently occupied by the Emperor or other friendly piece. This teleportation ability can also involve a capture.\")",
    readings: &[
        Reading {
            name: "neither-emperor",
            text: "from a Mana board or the Astral board it teleports to any square of any of the eight boards (its own board included) but those of either Emperor and of its own side's pieces: an empty square, a Djinn's square with no other piece, or an enemy piece's square, capturing it",
        },
        Reading {
            name: "own-emperor",
            text: "\"the Emperor\" is its own, a friendly piece named first, and the enemy Emperor may be taken by teleport",
        },
    ],
    clauses: &[
        "the-game.archmagus.3",
        "the-game.archmagus.4",
        "the-game.archmagus.5",
    ],
    option: None,
    reason: "its own Emperor is a friendly piece already, so naming him apart only means something of the enemy's; under the other reading the first mover wins at once by teleporting onto the enemy Emperor",
};

/// Ruling `the-game.send-to-astral`: the ArchMagus's choice on a capture.
pub const SEND_TO_ASTRAL: Ruling = Ruling {
    id: "the-game.send-to-astral",
    question: "\"The ArchMagus also has the special ability to teleport the captured piece to any square of the Astral Board instead of killing it\": on which captures, to which squares, and how is the choice made?",
    source: "seed 001, Mana Boards, ArchMagus (\"In other words, when moving to a square occupied by an enemy piece, the ArchMagus has the choice to either kill (capture) that piece or to teleport that piece to the Astral Board to any square. On the Astral Board, the ArchMagus has the ability to either kill (capture) or teleport the piece back to the same exact square from which it was teleported from.\")",
    readings: &[
        Reading {
            name: "mana-captures-pending",
            text: "every capture by an ArchMagus whose move starts on a Mana board (a step or a teleport) takes the piece off and leaves the choice pending, an action of the same side: `kill`, or `send` to an Astral square with no piece but perhaps a Djinn; from the Astral board the choice is `kill` or `return` (ruling the-game.return-square); where killing is the only choice there is no pending step; an Emperor is never sent",
        },
        Reading {
            name: "teleport-captures",
            text: "only a capture made by teleport offers the choice",
        },
        Reading {
            name: "one-action",
            text: "the capture and the choice are one action (up to 65 actions a capture)",
        },
    ],
    clauses: &[
        "the-game.archmagus.6",
        "the-game.archmagus.7",
        "the-game.archmagus.8",
    ],
    option: None,
    reason: "\"when moving to a square occupied by an enemy piece\" speaks of any move of the ArchMagus while it has its special abilities, which it has on the Mana and the Astral boards; the choice as a second action keeps a position's list of actions short (an ArchMagus on a Mana board threatens every enemy piece, and 64 Astral squares for each would make thousands of actions) and every step observable",
};

/// Ruling `the-game.return-square`: sending a piece back from the Astral board.
pub const RETURN_SQUARE: Ruling = Ruling {
    id: "the-game.return-square",
    question: "\"Teleport the piece back to the same exact square from which it was teleported\": which square is that after a piece moved on the Astral board or was sent on again, and what if it is occupied?",
    source: "seed 001, Mana Boards, ArchMagus (\"This requires strict bookkeeping from both players. However, few players rarely teleport enemy pieces back into The Game. One further note, some of the greatest Grand Masters of The Game enjoy toying with their opposing players by giving them a piece back here and there.\")",
    readings: &[
        Reading {
            name: "first-square-if-empty",
            text: "each piece on the Astral board keeps the square it was first sent from (the state and a position record it); an ArchMagus capturing it from the Astral board may return it there, to its own side, when that square is empty (or holds only a Djinn); otherwise it may only kill it",
        },
        Reading {
            name: "replace-occupant",
            text: "the returning piece takes whatever stands on its square",
        },
    ],
    clauses: &["the-game.archmagus.8", "the-game.archmagus.9"],
    option: None,
    reason: "\"back into The Game\" is the square it left in the game, not a square of the Astral board it moved through; a return is a gift, not a capture, so it needs an empty square",
};

/// Ruling `the-game.astral-moves`: play on the Astral board.
pub const ASTRAL_MOVES: Ruling = Ruling {
    id: "the-game.astral-moves",
    question: "How do pieces sent to the Astral board move, and may they leave it (\"Pieces teleported to the Astral Board can create another separate game within itself\")?",
    source: "seed 001, Astral Board, Djinn (\"All pieces, regardless of their home board movement and/or capture abilities, are able to move and/or capture by moving one square in any direction. ... Pieces teleported to the Astral Board can create another separate game within itself. But always remember, each side is allowed only one move per turn.\")",
    readings: &[
        Reading {
            name: "one-square-and-lines",
            text: "on the Astral board every piece (the ArchMagus too, beside its teleport) moves and captures one square in any direction, and along the Djinn's lines (ruling the-game.djinn-lines); it has none of its home moves there and leaves only as an ArchMagus's capture returns it; a side makes one move a turn on whichever board",
        },
        Reading {
            name: "home-moves-too",
            text: "pieces keep their home moves on the Astral board as well",
        },
    ],
    clauses: &["the-game.djinn.8", "the-game.djinn.9", "the-game.djinn.10"],
    option: None,
    reason: "\"regardless of their home board movement and/or capture abilities\" sets the home moves aside; nothing but the ArchMagus's return is said to bring a piece back",
};

/// Ruling `the-game.djinn-lines`: the Djinn set-up and their lines.
pub const DJINN_LINES: Ruling = Ruling {
    id: "the-game.djinn-lines",
    question: "Where do the four Djinn stand, which are \"the diagonal, horizontal, and/or vertical squares between the Djinns\", and how does a piece on them move?",
    source: "seed 001, Astral Board, Djinn (\"Any piece teleported to the Astral Board that moves into any of the diagonal, horizontal, and/or vertical squares between the Djinns can move any number of unoccupied squares, also capturing at the end of such a move. (See above middle figure.)\"; the figures \"Djinn Setup on Astral Board\" and \"Djinn Special Movement\" are lost)",
    readings: &[
        Reading {
            name: "corners-queen",
            text: "the Djinn stand on b2, g2, b7 and g7 of the Astral board; the line squares are those strictly between two Djinn on one rank, file or diagonal (c2-f2, c7-f7, b3-b6, g3-g6, and the diagonals c3-f6 and f3-c6: 24 squares); a piece standing on a line square moves and captures as the Queen on the Astral board, over empty squares",
        },
        Reading {
            name: "along-lines",
            text: "a piece on a line square moves any distance only along the Djinn's lines",
        },
    ],
    clauses: &["the-game.djinn.7"],
    option: None,
    reason: "four Djinn near the corners make their six lines (two ranks, two files, two diagonals) cross the whole board, which a \"Special Movement\" figure would show; \"can move any number of unoccupied squares\" gives the distance, not a path, so a piece on a line moves as the Queen from it",
};

/// Ruling `the-game.djinn-squares`: sharing a square with a Djinn.
pub const DJINN_SQUARES: Ruling = Ruling {
    id: "the-game.djinn-squares",
    question: "\"The Djinn are the only piece that allows two pieces to occupy the same square\": may a line pass a Djinn, may a piece sharing a Djinn's square be captured, and do Djinn squares count as line squares?",
    source: "seed 001, Astral Board, Djinn (\"The Djinn cannot move. The Djinn cannot capture. The Djinn cannot be captured. The Djinn are Facilitators. The Djinn are the only piece that allows two pieces to occupy the same square. Reiteration, any other piece teleported to the Astral Board may also occupy the same square with a Djinn.\")",
    readings: &[
        Reading {
            name: "stop-on-djinn",
            text: "a Djinn's square holds the Djinn and at most one other piece; a move may end there (capturing the enemy piece that shares it, never the Djinn) but a line stops at it; a Djinn's square is no line square",
        },
        Reading {
            name: "pass-djinn",
            text: "a Djinn does not block lines",
        },
    ],
    clauses: &["the-game.djinn.3", "the-game.djinn.5", "the-game.djinn.6"],
    option: None,
    reason: "a Djinn occupies its square (\"unoccupied squares\" are what a line crosses); the squares \"between the Djinns\" lie between them",
};
