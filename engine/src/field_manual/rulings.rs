//! The rulings of the Field Manual (seed 004): every place where the manual is
//! silent or leaves a reading open, with both readings, the default and the
//! reason; and the manual's own "Draft-rule interpretations used here", which
//! are rulings it made itself and which the engine implements as written.

use crate::rulings::{Reading, Ruling};

/// Ruling `field-manual.pieces`: which description is the Queen's and which the Princess's.
pub const PIECES: Ruling = Ruling {
    id: "field-manual.pieces",
    question: "Eleven descriptions follow \"Your army\" without their names: which piece moves how, and which of \"as an Archbishop (AB) or Royal Rook (RR), with one optional pivot\" and \"up to four clear squares\" is the Queen and which the Princess?",
    source: "seed 004 (The Field Manual), Your army; Ransom comes first (\"The King, Queen, Prince, and Princess cannot be sacrificed\"); Promotion restores a lost piece",
    readings: &[
        Reading {
            name: "queen-pivots",
            text: "in the order given: King (one square), Queen (as an Archbishop or Royal Rook with one optional pivot, one style a move), Prince (jump two squares, or swap with a Squire), Princess (up to four clear squares in the eight directions, no pivot), Rook, Royal Rook, Knight, Bishop, Archbishop, Pawn, Squire; the battle pieces are the Rook, Royal Rook, Knight, Bishop and Archbishop (\"restore a lost battle piece or Queen\", then \"an off-board Rook, Royal Rook, Knight, Bishop, Archbishop, or Queen\")",
        },
        Reading {
            name: "princess-pivots",
            text: "the second description is the Princess's and the fourth the Queen's: the Queen moves up to four squares, the Princess as an Archbishop or Royal Rook",
        },
    ],
    clauses: &[
        "field-manual.army-pivot-royal.1",
        "field-manual.army-four-square-royal.1",
        "field-manual.ransom.5",
        "field-manual.promotion.1",
    ],
    option: None,
    reason: "the descriptions run King, ?, Prince, ?, and the manual names the royals in exactly that order, \"The King, Queen, Prince, and Princess\": the gaps are the Queen and the Princess in turn; the strongest piece is the Queen's, as in chess, and it is the one a Squire may restore, so the manual's promotion is worth the most where it names the Queen",
};

/// Ruling `field-manual.armies`: the armies' names and sides.
pub const ARMIES: Ruling = Ruling {
    id: "field-manual.armies",
    question: "The manual names one army (\"Dragon moves first\"): what is the other called, and where does each stand?",
    source: "seed 004 (The Field Manual), Take your turn (\"Dragon moves first\")",
    readings: &[
        Reading {
            name: "dragon-and-tiger",
            text: "Dragon and Tiger: Dragon stands in the South (ranks 1-3, the engine's red side) and moves first; the Tiger stands in the North (ranks 8-10, the engine's green side); in notation and positions `dragon` and `tiger`",
        },
        Reading {
            name: "unnamed",
            text: "the other army has no name: \"the other army\" (the manual's own words, \"play passes automatically to the other army\")",
        },
    ],
    clauses: &["field-manual.turn.1"],
    option: None,
    reason: "a position and a result must name both sides; the dragon and the tiger are the classic pair of opponents of East Asian iconography, and the manual belongs with the Tiger's-Eye games; the side that moves first stands in the South as White does in chess, and as Red (South) moves first in the project's other games",
};

/// Ruling `field-manual.setup`: the piece counts and the set-up.
pub const SETUP: Ruling = Ruling {
    id: "field-manual.setup",
    question: "The manual gives 42 pieces an army on a 14x10 board but no counts and no placements: what is the set-up?",
    source: "seed 004 (The Field Manual), \"Three moves per turn. A 42-piece army.\"; \"Command 42 pieces on a 14 x 10 battlefield.\"",
    readings: &[
        Reading {
            name: "project-draft",
            text: "the project's draft, engine/data/field_manual/setup.txt: each army fills three ranks of fourteen: the back row King, Queen, Prince, Princess and two each of the five battle pieces; a row of fourteen Squires; a row of fourteen Pawns in front; the Tiger the Dragon's mirror image; every placement explained in the file",
        },
        Reading {
            name: "the-authors",
            text: "the author's set-up, which is lost with the manual's pictures",
        },
    ],
    clauses: &["field-manual.intro.2", "field-manual.intro.3"],
    option: None,
    reason: "42 = 3 x 14: three full ranks leave four empty ranks between the armies, as chess leaves four; two of each battle piece as chess has two of each; the file satisfies every constraint the text implies (a Squire can reach the far back row; the Prince has Squires to swap with; ransom has Pawns, Squires and battle pieces to sacrifice) and is data, so the real set-up, once known, is one edit",
};

/// Ruling `field-manual.different-pieces`: what may move twice in a turn.
pub const DIFFERENT_PIECES: Ruling = Ruling {
    id: "field-manual.different-pieces",
    question: "\"make all three moves ... normally with three different pieces\": which piece may move twice in a turn, and when?",
    source: "seed 004 (The Field Manual), Take your turn; The Prince's swap (\"The swap costs one move; the Prince may then use another move to jump or capture. The Squire can have moved before the swap, but cannot move after it.\")",
    readings: &[
        Reading {
            name: "prince-after-swap",
            text: "every move of a turn is made by a piece that has not moved in it, with one exception, the only one the manual names: a Prince whose move this turn was a swap may use one later move of the turn to jump (capturing or not), never a second swap; a Prince that has jumped may not swap after; a Squire swapped with may have moved before but moves no more that turn; a royal returned by ransom does not move that turn",
        },
        Reading {
            name: "any-piece-twice",
            text: "\"normally\" is advice only: any piece may move again in the same turn",
        },
    ],
    clauses: &[
        "field-manual.turn.2",
        "field-manual.swap.2",
        "field-manual.swap.3",
    ],
    option: None,
    reason: "\"normally\" is explained by the exception the manual spells out under the Prince's swap; were repeated moves allowed, \"the Prince may then use another move\" and \"cannot move after it\" would say nothing",
};

/// Ruling `field-manual.pivot`: where a pivot may bend, and what a bent move is.
pub const PIVOT: Ruling = Ruling {
    id: "field-manual.pivot",
    question: "\"Move like a Rook with one optional 90° pivot. Cannot jump or continue after a capture.\": where may the move bend, does the pivot square count as passed, and is a square reached by two paths two moves?",
    source: "seed 004 (The Field Manual), Your army (the Queen, the Royal Rook, the Archbishop)",
    readings: &[
        Reading {
            name: "bend-on-empty",
            text: "a pivot piece goes one or more clear squares in one of its directions, may bend once by 90° (a Royal Rook from orthogonal to orthogonal, an Archbishop from diagonal to diagonal; the Queen in one style for the whole move) on a square it has reached, which must be empty, and goes one or more squares on; the pivot square is a passed square like the others (empty, and no capture there); the move stops at the first piece, capturing it if it is the opponent's; a destination reachable straight or by several bent paths is one action, its origin and destination",
        },
        Reading {
            name: "bend-anywhere",
            text: "the pivot is a point of the path only: a move may bend on its origin square (a sidestep) or count the pivot square as not passed",
        },
    ],
    clauses: &[
        "field-manual.army-pivot-royal.1",
        "field-manual.army-royal-rook.1",
        "field-manual.army-royal-rook.2",
        "field-manual.army-archbishop.1",
    ],
    option: None,
    reason: "\"Cannot jump or continue after a capture\" makes every square before the last one a square the piece crosses, so the pivot square must be empty; a bend on the origin would be a plain straight move in the new direction; a player chooses a destination (\"Click a piece to see legal destinations\"), so two paths to one square are one choice",
};

/// Ruling `field-manual.prince-jump`: the Prince's jump.
pub const PRINCE_JUMP: Ruling = Ruling {
    id: "field-manual.prince-jump",
    question: "\"Jump exactly two squares in any direction\": which squares are they?",
    source: "seed 004 (The Field Manual), Your army (the Prince)",
    readings: &[
        Reading {
            name: "eight-directions",
            text: "the square two steps away in each of the eight directions (two files, two ranks, or two of each), whatever stands between; empty or holding an opponent's piece, which is captured",
        },
        Reading {
            name: "distance-two",
            text: "every square at distance two, the Knight's squares included",
        },
    ],
    clauses: &["field-manual.army-prince.1"],
    option: None,
    reason: "\"in any direction\" is the manual's phrase for the eight lines (the King's \"One square in any direction\", the Princess's \"horizontally, vertically, or diagonally\"); the Knight's L is described apart, as a shape of its own",
};

/// Ruling `field-manual.prince-swap`: which Squire the Prince swaps with.
pub const PRINCE_SWAP: Ruling = Ruling {
    id: "field-manual.prince-swap",
    question: "\"swap with a friendly Squire\": which Squires may the Prince swap with?",
    source: "seed 004 (The Field Manual), The Prince's swap (\"Select your Prince and click a highlighted friendly Squire to exchange their positions.\")",
    readings: &[
        Reading {
            name: "any-squire",
            text: "any friendly Squire on the board, however far away, unless the Prince stands on the opponent's back row; the swap captures nothing and needs no clear path",
        },
        Reading {
            name: "within-jump",
            text: "only a Squire on one of the Prince's jump squares",
        },
    ],
    clauses: &[
        "field-manual.army-prince.1",
        "field-manual.swap.1",
        "field-manual.swap.4",
    ],
    option: None,
    reason: "the manual gives no distance for the swap, and a swap with a Squire on a jump square would add little to the jump; the one limit it names (\"cannot swap from the opponent's back row\") would be needed only if a far Squire could come there",
};

/// Ruling `field-manual.king-through-check`: "into or through check" for a one-square mover.
pub const KING_THROUGH_CHECK: Ruling = Ruling {
    id: "field-manual.king-through-check",
    question: "\"The King itself cannot move into or through check\": the King moves one square; what does \"through\" add, and is a square checked with the King still on his origin?",
    source: "seed 004 (The Field Manual), Protect your King; Your army (\"Your King must stay safe throughout every move.\")",
    readings: &[
        Reading {
            name: "king-removed",
            text: "a King's move is legal only when no opponent's piece attacks (gives check on) the destination with the King gone from his origin, so he cannot step back along the line that checks him; \"through\" adds nothing for a one-square mover",
        },
        Reading {
            name: "king-present",
            text: "the destination is tested with the King still on his origin (he shields the squares behind him)",
        },
    ],
    clauses: &["field-manual.check.4", "field-manual.army-king.2"],
    option: None,
    reason: "\"Your King must stay safe throughout every move\": after the move the King stands on the destination and his origin is empty, so that is the position to test; a King stepping back along a Rook's line is still on it",
};

/// Ruling `field-manual.turn-check`: check within the turn, and when checkmate is decided.
pub const TURN_CHECK: Ruling = Ruling {
    id: "field-manual.turn-check",
    question: "\"You have until the end of your turn to resolve check ... Your final move must leave the King safe\": is a move after which no continuation of the turn can leave the King safe legal (the turn then ending in checkmate) or not offered, and when is checkmate decided?",
    source: "seed 004 (The Field Manual), Protect your King (\"If no sequence of legal moves can leave the King safe by the end of that turn, or the turn is used without resolving check, the battle ends in checkmate.\")",
    readings: &[
        Reading {
            name: "lookahead",
            text: "an action (move, swap, ransom placement, promotion choice) is offered only when some continuation of the turn leaves the own King not in check at its end (the turn ends after the last move, or earlier when no move is left); at the start of a turn, when no sequence of the turn's actions can leave the King safe, the battle ends at once in checkmate; so a turn is never used without resolving check",
        },
        Reading {
            name: "loses",
            text: "`--option turn-check=loses`: every move the pieces' rules allow is offered; checkmate is still declared at the start of a turn when no sequence can leave the King safe, and otherwise when the turn ends (its last move made, or no move left) with the King in check",
        },
    ],
    clauses: &[
        "field-manual.check.1",
        "field-manual.check.3",
        "field-manual.check.7",
    ],
    option: Some("turn-check"),
    reason: "\"Your final move must leave the King safe\" is a must, and \"Click a piece to see legal destinations\" shows only legal ones: as in chess a move that breaks a must is not a legal move; the turn-level rule is the one other multi-move games use (Fairy-Stockfish for duck chess: a first part is illegal if no second part leaves the king safe); the second clause of the manual's sentence is what the first implies for a player who does not look ahead, and the option keeps that reading",
};

/// Ruling `field-manual.king-capture`: King captures in Normal and in Sniper.
pub const KING_CAPTURE: Ruling = Ruling {
    id: "field-manual.king-capture",
    question: "\"Checkmate or capture the opposing King to win\", \"Normal King captures require a direct attack\", \"Sniper: ... an exposed King capturable without a warning, including by a pivot route. Direct king-safety rules still apply.\": when may a King be captured?",
    source: "seed 004 (The Field Manual), Game modes; Draft-rule interpretations used here; Protect your King (\"Pivot pieces only give check along a direct, unbent line. In Normal Mode, the defender gets a full turn to answer check.\")",
    readings: &[
        Reading {
            name: "sniper-only",
            text: "Normal and the Long Game: a King is never captured; a direct attack on him is check, the warning, and the defender gets his full turn to answer it (checkmate when he cannot), so a move onto the opposing King is not offered, and a bent route is no attack on him at all. Sniper: any move that may capture may capture the opposing King, straight or by a pivot route, in the same turn the attack appears (no warning), and wins at once; the direct rules still bind the King's owner: his King never moves into direct check, his turn must end with no direct check on him, and checkmate is as in Normal",
        },
        Reading {
            name: "mid-turn-direct",
            text: "in Normal too a King standing in a direct attack may be captured by a later move of the attacker's turn (a discovered check, then the capture), but never by a pivot route",
        },
    ],
    clauses: &[
        "field-manual.intro.4",
        "field-manual.check.5",
        "field-manual.check.6",
        "field-manual.modes.3",
        "field-manual.interpretations.5",
    ],
    option: None,
    reason: "\"the defender gets a full turn to answer check\" leaves no moment in Normal when a King stands in a direct attack he has not had his turn to answer, so \"Normal King captures require a direct attack\" says that a bent route never takes a King in Normal; Sniper is the mode \"without a warning\", where the attack need not wait a turn, \"including by a pivot route\"",
};

/// Ruling `field-manual.ransom`: which piece is sacrificed, in what order, and whether it is forced.
pub const RANSOM: Ruling = Ruling {
    id: "field-manual.ransom",
    question: "\"A captured Prince or Princess returns at the start of its owner's next turn. Sacrifice a friendly Pawn, Squire, or battle piece and place the royal on that square.\": which pieces may be sacrificed, in what order do two returns go, is a return forced, and what of a royal with no sacrifice?",
    source: "seed 004 (The Field Manual), Ransom comes first; Draft-rule interpretations used here (\"Check may remain while resolving mandatory ransoms\")",
    readings: &[
        Reading {
            name: "forced-any-order",
            text: "at the start of its owner's next turn every pending royal returns before any other move, each return one action costing one move (`PR@E2`: the Prince placed on E2, the piece there sacrificed): any friendly Pawn, Squire or battle piece on the board may be sacrificed, never the King, Queen, Prince or Princess; with two pending the owner chooses which returns first; a return is forced while a sacrifice is eligible; a royal whose return finds no eligible sacrifice stays out of play for the rest of the battle; the returned royal cannot move that turn but attacks at once; the sacrificed piece is off the board and a Squire may restore it later",
        },
        Reading {
            name: "optional",
            text: "a return is the owner's choice: he may leave the royal out and make other moves",
        },
    ],
    clauses: &[
        "field-manual.ransom.1",
        "field-manual.ransom.2",
        "field-manual.ransom.3",
        "field-manual.ransom.4",
        "field-manual.ransom.5",
        "field-manual.ransom.6",
    ],
    option: None,
    reason: "the manual calls the ransoms mandatory (\"mandatory ransoms\") and puts them first (\"Ransom comes first\"); it names no order, so the owner chooses, as he chooses the sacrifice; \"stays out of play\" says where the royal goes and names no later return",
};

/// Ruling `field-manual.long-game-ransom`: the manual's own: one ransom a turn in the Long Game.
pub const LONG_GAME_RANSOM: Ruling = Ruling {
    id: "field-manual.long-game-ransom",
    question: "In the Long Game (one move a turn), how do two pending ransoms return?",
    source: "seed 004 (The Field Manual), Draft-rule interpretations used here (\"In The Long Game, two pending ransoms return over successive turns, one per turn.\")",
    readings: &[
        Reading {
            name: "one-per-turn",
            text: "the manual's own reading: one return a turn, the return being the turn's one move; the other stays pending for the next turn",
        },
        Reading {
            name: "both-at-once",
            text: "both return at the start of the turn, as a free action",
        },
    ],
    clauses: &["field-manual.interpretations.2", "field-manual.modes.2"],
    option: None,
    reason: "the manual states it: a draft-rule interpretation it made itself",
};

/// Ruling `field-manual.check-during-ransom`: the manual's own: check may stand while ransoms resolve.
pub const CHECK_DURING_RANSOM: Ruling = Ruling {
    id: "field-manual.check-during-ransom",
    question: "May a player in check make his mandatory ransoms first?",
    source: "seed 004 (The Field Manual), Draft-rule interpretations used here (\"Check may remain while resolving mandatory ransoms, but must be resolved by the end of the turn.\")",
    readings: &[
        Reading {
            name: "ransoms-first",
            text: "the manual's own reading: the ransoms come first even in check; the check must be resolved by the end of the turn (ruling field-manual.turn-check)",
        },
        Reading {
            name: "check-first",
            text: "a King in check must be made safe before any ransom",
        },
    ],
    clauses: &["field-manual.interpretations.4"],
    option: None,
    reason: "the manual states it: a draft-rule interpretation it made itself",
};

/// Ruling `field-manual.promotion`: the Squire's restoring promotion.
pub const PROMOTION: Ruling = Ruling {
    id: "field-manual.promotion",
    question: "\"A Squire that reaches the far back row through its own movement may restore an off-board Rook, Royal Rook, Knight, Bishop, Archbishop, or Queen\": is it forced, is the choice an action, and which piece comes back when two of a kind are off?",
    source: "seed 004 (The Field Manual), Promotion restores a lost piece; Draft-rule interpretations used here (\"If no promotion target is available when a Squire reaches the back row, it remains a Squire.\")",
    readings: &[
        Reading {
            name: "forced-by-kind",
            text: "a Squire's own move (forward, or a diagonal capture) onto the far back row, when a friendly Rook, Royal Rook, Knight, Bishop, Archbishop or Queen is off the board (captured or sacrificed), is followed by its owner's choice of a kind among them (`=Q`, `=RR`, ...), one action costing no move, before anything else; the piece restored is the off-board one of that kind that stands first in the set-up (engine/data/field_manual/setup.txt), and it stands where the Squire stood, having made the Squire's move (it moves no more that turn); the Squire leaves play; a piece in play is never restored again; a Squire put there by a swap does not promote",
        },
        Reading {
            name: "optional-by-piece",
            text: "restoring is optional (\"may\"), and the player names which piece of a kind returns",
        },
    ],
    clauses: &[
        "field-manual.promotion.1",
        "field-manual.promotion.2",
        "field-manual.army-squire.3",
        "field-manual.interpretations.3",
    ],
    option: None,
    reason: "the manual's own interpretation that a Squire \"remains a Squire\" only when no target is available says it does not remain one when one is; two lost Rooks of one side move alike, so naming one of them would only double the choices; \"through its own movement\" excludes the swap",
};

/// Ruling `field-manual.pawn-moves`: the Pawn's moves.
pub const PAWN_MOVES: Ruling = Ruling {
    id: "field-manual.pawn-moves",
    question: "\"Move one or two clear squares forward or backward. Capture one square diagonally forward.\": may a Pawn move two squares at any time, and capture straight?",
    source: "seed 004 (The Field Manual), Your army (the Pawn)",
    readings: &[
        Reading {
            name: "any-time",
            text: "at any time, one or two squares straight forward or straight backward, every square passed or reached empty; a Pawn captures only one square diagonally forward; it never promotes",
        },
        Reading {
            name: "first-move-two",
            text: "two squares only from its starting square, as in chess",
        },
    ],
    clauses: &[
        "field-manual.army-pawn.1",
        "field-manual.army-pawn.2",
        "field-manual.army-pawn.3",
    ],
    option: None,
    reason: "the manual names no first-move condition, and a Pawn that steps backward has no single \"first move\"; \"clear squares\" means the move does not capture, the capture being the next sentence's",
};

/// Ruling `field-manual.pass`: the automatic pass as an action.
pub const PASS: Ruling = Ruling {
    id: "field-manual.pass",
    question: "\"If no legal moves remain earlier, play passes automatically to the other army. You cannot pass while a legal move is available.\": is the pass an action?",
    source: "seed 004 (The Field Manual), Take your turn",
    readings: &[
        Reading {
            name: "forced-action",
            text: "when a turn has moves left and no legal move remains, `pass` is the one legal action: the turn's end is a state of its own, which a position records and a test can see; it is never legal beside a move",
        },
        Reading {
            name: "engine-passes",
            text: "the engine ends the turn itself after the move that leaves no legal move",
        },
    ],
    clauses: &["field-manual.turn.6", "field-manual.turn.7"],
    option: None,
    reason: "every choice of the turn is one action so every state of the turn is observable; a forced pass is the manual's \"automatically\" with its one outcome shown",
};

/// Ruling `field-manual.forfeit`: forfeit in play.
pub const FORFEIT: Ruling = Ruling {
    id: "field-manual.forfeit",
    question: "\"Forfeit ends the battle immediately and awards the opponent the win.\": is a forfeit an action of the game?",
    source: "seed 004 (The Field Manual), Draws and forfeits",
    readings: &[
        Reading {
            name: "recorded",
            text: "a forfeit is a result the caller records and a position carries (`tiger-wins:forfeit`), not an action random play or perft sees",
        },
        Reading {
            name: "action",
            text: "either side may forfeit as an action at any time",
        },
    ],
    clauses: &["field-manual.draws.4"],
    option: None,
    reason: "forfeiting is the player's decision, which random play cannot judge: an action always available would end most random battles by forfeit and add one to every perft count",
};

/// Ruling `field-manual.draws`: when the manual's draws are declared.
pub const DRAWS: Ruling = Ruling {
    id: "field-manual.draws",
    question: "\"A battle is drawn when the army whose turn is starting has no legal action and its King is not in check, or when only the two Kings remain\": when is each tested?",
    source: "seed 004 (The Field Manual), Draws and forfeits (\"A King with no safe move is not a draw if another piece can act. Check is still resolved using the full-turn rules above.\")",
    readings: &[
        Reading {
            name: "turn-start-and-at-once",
            text: "no legal action is tested at the start of each turn (pending ransoms count as actions; ruling field-manual.turn-check decides which moves are legal); the two lone Kings end the battle at once, after the action that captures the last other piece",
        },
        Reading {
            name: "both-at-turn-start",
            text: "both are tested only when a turn starts",
        },
    ],
    clauses: &[
        "field-manual.draws.1",
        "field-manual.draws.2",
        "field-manual.draws.3",
    ],
    option: None,
    reason: "the manual ties the first draw to \"the army whose turn is starting\" and the second to no moment: with two lone Kings nothing can change, so nothing is gained by waiting",
};

/// Ruling `field-manual.ply-bound`: the project's last resort.
pub const PLY_BOUND: Ruling = Ruling {
    id: "field-manual.ply-bound",
    question: "The manual names no repetition or move-count draw: what keeps a battle finite?",
    source: "seed 004 (The Field Manual), Draws and forfeits",
    readings: &[
        Reading {
            name: "bound",
            text: "as a last resort, not the manual's, a battle reaching 3000 actions (plies) is drawn by the project's ply bound (`draw:ply-bound`), even in the middle of a turn",
        },
        Reading {
            name: "unbounded",
            text: "no bound: a battle may go on for ever",
        },
    ],
    clauses: &["field-manual.draws.1"],
    option: None,
    reason: "random play must end; the bound is not the manual's and names itself as the deciding rule, apart from the manual's endings; 3000 actions are a thousand turns of three moves",
};

/// Ruling `field-manual.sniper`: the manual's own: Sniper is the core rules with its exception.
pub const SNIPER: Ruling = Ruling {
    id: "field-manual.sniper",
    question: "What are Sniper's rules beyond its one line?",
    source: "seed 004 (The Field Manual), Draft-rule interpretations used here (\"Sniper uses the core rules with its check-warning exception; the draft does not supply a separate full Sniper section.\")",
    readings: &[
        Reading {
            name: "core-rules",
            text: "the manual's own reading: Sniper is Normal (three moves if able) but for the check warning: a King may be captured, straight or by a pivot route (ruling field-manual.king-capture)",
        },
        Reading {
            name: "own-rules",
            text: "Sniper has rules of its own the draft does not give",
        },
    ],
    clauses: &["field-manual.interpretations.6", "field-manual.modes.3"],
    option: None,
    reason: "the manual states it: a draft-rule interpretation it made itself",
};

/// Ruling `field-manual.no-castling`: the manual's own: no castling, no en passant.
pub const NO_CASTLING: Ruling = Ruling {
    id: "field-manual.no-castling",
    question: "Does the battle have castling or en passant?",
    source: "seed 004 (The Field Manual), Draft-rule interpretations used here (\"Castling and en passant are not included.\")",
    readings: &[
        Reading {
            name: "neither",
            text: "the manual's own reading: neither castling nor en passant",
        },
        Reading {
            name: "chess-rules",
            text: "chess's castling and en passant",
        },
    ],
    clauses: &["field-manual.interpretations.7"],
    option: None,
    reason: "the manual states it: a draft-rule interpretation it made itself",
};

/// Ruling `field-manual.promotion-none`: the manual's own: no target leaves a Squire a Squire.
pub const PROMOTION_NONE: Ruling = Ruling {
    id: "field-manual.promotion-none",
    question: "What happens when a Squire reaches the back row and no piece can be restored?",
    source: "seed 004 (The Field Manual), Draft-rule interpretations used here (\"If no promotion target is available when a Squire reaches the back row, it remains a Squire.\")",
    readings: &[
        Reading {
            name: "remains",
            text: "the manual's own reading: it remains a Squire, and stays one when a target becomes available later (it reached the row before)",
        },
        Reading {
            name: "waits",
            text: "it promotes later, when a piece is lost",
        },
    ],
    clauses: &["field-manual.interpretations.3"],
    option: None,
    reason: "the manual states it; a promotion needs the Squire to reach the row \"through its own movement\", which it does once",
};

/// Ruling `field-manual.score`: what a result scores.
pub const SCORE: Ruling = Ruling {
    id: "field-manual.score",
    question: "The manual names a win and a draw but no score: what does a result score?",
    source: "seed 004 (The Field Manual), Learn to command (\"Checkmate or capture the opposing King to win\"); Draws and forfeits",
    readings: &[
        Reading {
            name: "one-game-point",
            text: "a win scores 1 Game Point to the winner, a draw ½ to each, whatever rule decided it",
        },
        Reading {
            name: "by-rule",
            text: "each rule its own score, as Dragon's Scoring Table",
        },
    ],
    clauses: &["field-manual.intro.4", "field-manual.draws.1"],
    option: None,
    reason: "the manual ranks no way of winning above another; the project's unit for a game without its own is the Game Point",
};

/// Every ruling of the Field Manual, the manual's own interpretations last.
pub const RULINGS: &[Ruling] = &[
    PIECES,
    ARMIES,
    SETUP,
    DIFFERENT_PIECES,
    PIVOT,
    PRINCE_JUMP,
    PRINCE_SWAP,
    KING_THROUGH_CHECK,
    TURN_CHECK,
    KING_CAPTURE,
    RANSOM,
    PROMOTION,
    PAWN_MOVES,
    PASS,
    FORFEIT,
    DRAWS,
    PLY_BOUND,
    SCORE,
    LONG_GAME_RANSOM,
    CHECK_DURING_RANSOM,
    PROMOTION_NONE,
    SNIPER,
    NO_CASTLING,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruling_is_named_for_the_game_and_has_two_readings() {
        let mut ids: Vec<&str> = RULINGS.iter().map(|r| r.id).collect();
        for r in RULINGS {
            assert!(r.id.starts_with("field-manual."), "{}", r.id);
            assert!(r.readings.len() >= 2, "{}", r.id);
            assert!(r.source.starts_with("seed 004"), "{}", r.id);
            assert!(!r.reason.is_empty(), "{}", r.id);
        }
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate ruling id");
    }
}
