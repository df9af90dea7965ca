//! The procedures' named rulings (seed 000, "Check Lists" and the forces'
//! sections they clarify). Each has a scenario in
//! `scenarios/dragon/procedure-*.toml` naming it and a comment where the code
//! implements it.

use crate::rulings::{Reading, Ruling};

/// Ruling `dragon.towering-geometry`.
pub const TOWERING_GEOMETRY: Ruling = Ruling {
    id: "dragon.towering-geometry",
    question: "Towering's check list of steps is lost: where do the TrueBorn Prince (Dark Warlord) and his Watchtower (Castle) stand after it?",
    source: "seed 000 (Dragon), The TrueBorn Prince: the four conditions (\"Any positions passed over or landed on by the TrueBorn Prince\", \"All the positions between the TrueBorn Prince and the relevant Watchtower must be unoccupied\"), \"Upon completion of Towering, the relevant Watchtower is transformed into The Green Sceptre\"; Check Lists: \"the procedure is:\" (its steps lost); shared/RULES-NOTES.md on Jewel's Towering",
    readings: &[
        Reading {
            name: "two-positions",
            text: "the royal moves two positions along his rank towards an unmoved tower of his side with only unoccupied positions between (one at least beyond his landing position), and the tower crosses to the position he passed over, becoming the Sceptre there (Chess castling; Jewel's Towering: the tower \"to stand next to her\"); the action is the royal's move, `E15-C15`",
        },
        Reading {
            name: "beside-the-tower",
            text: "the royal moves up to the tower and the tower crosses over him (the positions passed over would then be all those between)",
        },
    ],
    clauses: &[
        "dragon.towering.3",
        "dragon.towering.4",
        "dragon.towering.5",
    ],
    option: None,
    reason: "\"positions passed over or landed on\" names one passed position and one landing position, which is the castling move; Jewel's Towering by the same author moves the royal two positions and sets the tower beside him",
};

/// Ruling `dragon.procedure-choices`.
pub const PROCEDURE_CHOICES: Ruling = Ruling {
    id: "dragon.procedure-choices",
    question: "\"The choice must be made immediately or is forfeited\" (the Guards, the Ice Dragon, the Winged Serpents, the exchanges): how is a choice made, and does it count as a move?",
    source: "seed 000 (Dragon), The Guards: \"The choice must be made immediately or both remain as Guards\"; The TrueBorn Prince: \"The choice must be made immediately or is forfeited ... This changeover is all part of the one move\"; The Elves: \"the choice of exchange must be made before the Forest Overlord presses his clock\"; rule 23.3",
    readings: &[
        Reading {
            name: "choice-step",
            text: "after the move that opens it, the step is recorded in the position and the same OverLord's only actions are its choices (`choose 0` declines; `choose N` otherwise, the step's own numbering); the turn passes after the choice; a choice is a ply of the game but no move for the fifty-move truce, and the truce and the stalemate are judged after it (the project's ply bound ends the game even with a choice pending)",
        },
        Reading {
            name: "one-action",
            text: "each combination of move and choice is one action (the move to the Beaches with or without the Interchange, the Towering with each subset of Guards)",
        },
    ],
    clauses: &[
        "dragon.guards.8",
        "dragon.prince-ice-dragon.2",
        "dragon.prince-ice-dragon.5",
        "dragon.elves.10",
    ],
    option: None,
    reason: "the design makes every choice an action of its own so that every intermediate state is observable; the choices are part of the one move, so the truce's count of moves does not grow with them",
};

/// Ruling `dragon.empress-timing`.
pub const EMPRESS_TIMING: Ruling = Ruling {
    id: "dragon.empress-timing",
    question: "When does the Storm OverLord choose to make the Storm Queen the Storm Empress: at once when the Ice Dragon is set afire, or after his next move?",
    source: "seed 000 (Dragon), The Storm Queen: \"Upon the Ice Dragon being set afire the Storm Overlord can, if he so chooses, extend the Storm Queen's scope ... The choice must be made immediately or is forfeited\"; Check Lists: \"The choice must be made after making his move (which can be a move of the Storm Queen) and before pressing his clock or will be forfeited\"",
    readings: &[
        Reading {
            name: "after-his-move",
            text: "after the Storm OverLord's move that follows the Interchange (and any choice that move opens), before the turn passes: the step `storm-empress`, offered only then and only while the Storm Queen is on the grid",
        },
        Reading {
            name: "at-once",
            text: "before his move, as soon as the Forest OverLord's Interchange is complete",
        },
    ],
    clauses: &["dragon.storm-empress.1", "dragon.check-ice-dragon.14"],
    option: None,
    reason: "the Check List is the detailed procedure and allows the move to be the Storm Queen's own; \"immediately\" then means on that move, not later",
};

/// Ruling `dragon.exchange`.
pub const EXCHANGE: Ruling = Ruling {
    id: "dragon.exchange",
    question: "When does an Elf (Troll) \"reach\" the opposing home rank, and where does he go when exchanged for a captured Knight or Ranger (Raider)?",
    source: "seed 000 (Dragon), The Elves: \"Should an Elf reach The Storm Home Rank ... he may be exchanged for and change place with one of the following forces\"; Check Lists: \"the possibility is forfeited, at least until and if another Elf reaches the Storm Home Rank\"",
    readings: &[
        Reading {
            name: "arrival",
            text: "by a move onto the home rank from another rank (moving along it opens nothing); exchanged for a captured force, the Elf changes place with it: the force comes from the Barren Lands onto his position and he goes to the Barren Lands; freeing the Captive Wizard, the Elf becomes the Captive Elf in Storm Tower",
        },
        Reading {
            name: "any-move-there",
            text: "every move ending on the home rank opens the choice again; an Elf exchanged for a captured force leaves play without being counted as captured",
        },
    ],
    clauses: &["dragon.elves.4", "dragon.check-wizard.3"],
    option: None,
    reason: "\"until and if another Elf reaches\" says the forfeit holds for the Elf already there; \"change place with\" puts the Elf where the force was, and the Barren Lands are where captured forces are",
};

/// Ruling `dragon.shield-lowering`.
pub const SHIELD_LOWERING: Ruling = Ruling {
    id: "dragon.shield-lowering",
    question: "When do the Librarian and the Jailer lower their Shields, and what of one still On Alert in his area?",
    source: "seed 000 (Dragon), The Librarian and Shield: \"Should both Winged Serpents be captured, the Librarian lowers his Shield and remains in the Forest kingdom\"; Notes 2: \"The Librarian should lower his shield if circumstances are such that no winged serpent is in or can enter the Forest Kingdom in the future\"; The Jailer: \"Should the Ice Dragon be captured, the Jailer lowers his Shield and remains in the Kingdom of Storms\"",
    readings: &[
        Reading {
            name: "when-none-can-come",
            text: "checked as each turn passes: the Librarian lowers his Shield once no Winged Serpent afire is on the grid and none waiting can still be set afire (the Dark Warlord's first landing gone or he in the Stairwell; no Red Witch still to land and no Storm Queen to become her); the Jailer once the Ice Dragon afire is off the grid; On Guard he stays where he is (event `shield-lowered`, flag); still On Alert he stands down in his area and can no longer be Sprung",
        },
        Reading {
            name: "both-captured",
            text: "the Librarian only when both Winged Serpents afire have been captured",
        },
    ],
    clauses: &["dragon.librarian.10", "dragon.note-2", "dragon.jailer.11"],
    option: None,
    reason: "note 2 gives the general condition, of which both serpents captured is one case; a lowered Shield blocks nothing, and a Shield raised against what can never come would change nothing either, so the flag records the seed's state without changing play",
};

/// Ruling `dragon.forest-talisman-kept`.
pub const FOREST_TALISMAN_KEPT: Ruling = Ruling {
    id: "dragon.forest-talisman-kept",
    question: "\"Unlike the Forest Talisman, the Storm Talisman is unaffected by the capture of the Ice Dragon\": what happens to the Forest Talisman when the Ice Dragon is captured?",
    source: "seed 000 (Dragon), The Storm Talisman; The Forest Talisman (no effect stated)",
    readings: &[
        Reading {
            name: "kept",
            text: "nothing the engine can apply: the effect is not in the seed, so the Forest Talisman keeps its powers (a gap recorded, not a reading of the text)",
        },
        Reading {
            name: "reverts",
            text: "the Forest Talisman reverts to the Green Sceptre, losing gliding and the Kingdom of Storms (what happens to it if it stands there is then unknown too)",
        },
    ],
    clauses: &["dragon.storm-talisman.4"],
    option: None,
    reason: "the sentence implies an effect it never states; inventing one would bend the rules silently, so the effect is left out and named here",
};

/// Ruling `dragon.queen-to-war`.
pub const QUEEN_TO_WAR: Ruling = Ruling {
    id: "dragon.queen-to-war",
    question: "The TrueBorn Queen goes to war \"upon either of the two Winged Serpents being set afire\", \"after the Storm Overlord presses his clock\": once or twice, and with which arrows?",
    source: "seed 000 (Dragon), The TrueBorn Queen at work / at war; Check Lists: \"After the Storm Overlord presses his clock: 1. The TrueBorn Queen now automatically goes to war ... 2. ... collects her bow, quiver and two Green Arrows and is moved to the position of The Woodland Princess. 3. The Woodland Princess is moved to the position in New-Earth Library ... 4. Any remaining Green Arrows of the Woodland Princess are Transferred\"",
    readings: &[
        Reading {
            name: "once-when-the-turn-passes",
            text: "once, the first time a Winged Serpent is set afire, as the turn passes to the Forest OverLord (after any Storm Empress choice), with no action of its own (event `queen-to-war`): she takes the Library's Green Arrows and the Princess's remaining ones",
        },
        Reading {
            name: "an-action",
            text: "the Forest OverLord's first action of his turn",
        },
    ],
    clauses: &[
        "dragon.check-serpent.12",
        "dragon.check-serpent.13",
        "dragon.check-serpent.14",
        "dragon.check-serpent.16",
    ],
    option: None,
    reason: "\"automatically\" and \"This does not constitute a move\"; the second Serpent finds her already at war",
};
