//! Trafalgar Ocean's named rulings and the options of their other readings
//! (seed 000, "Overview and Object" on the elements, embarking, disembarking
//! and boarding; the Flagships, Ships, Cannons, Battering Rams, Captains and
//! Ferrymen; note 18; rule 26). Each ruling has a scenario in
//! `scenarios/dragon/ocean-*.toml` and a comment where the code implements it.

use crate::rulings::{Reading, Ruling};

/// Ruling `dragon.open-water`: whether a line of movement (a rider's path, a
/// jump's) may pass over water that holds no vessel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpenWater {
    /// No: a force of earth and water is on the ocean only aboard a vessel, so
    /// its path ends where the vessels end.
    #[default]
    Blocks,
    /// Yes: open water (and the Island of Sirens) is passed like an unoccupied
    /// position, though nothing alights there.
    Passes,
}

impl OpenWater {
    /// The option values.
    pub const NAMES: [&'static str; 2] = ["blocks", "passes"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OpenWater::Blocks => "blocks",
            OpenWater::Passes => "passes",
        }
    }
}

/// Ruling `dragon.cannon-target`: which vessel a Cannonball sinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CannonTarget {
    /// The next vessel beyond the one intervening vessel, if she is opposing.
    #[default]
    FirstVessel,
    /// The first opposing vessel beyond the intervening one, passing over
    /// vessels of the firing side's colour.
    FirstOpposing,
}

impl CannonTarget {
    /// The option values.
    pub const NAMES: [&'static str; 2] = ["first-vessel", "first-opposing"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CannonTarget::FirstVessel => "first-vessel",
            CannonTarget::FirstOpposing => "first-opposing",
        }
    }
}

/// Ruling `dragon.open-water`.
pub const OPEN_WATER: Ruling = Ruling {
    id: "dragon.open-water",
    question: "May a force's line of movement (a Watchtower's, Buccaneer's, Crossbowman's ride or a Crossbowman's jump) pass over positions of Trafalgar Ocean that hold no vessel?",
    source: "seed 000 (Dragon), Overview: \"forces without the element of water cannot alight on Trafalgar Ocean ... Forces whose elements include earth and water must, when crossing between kingdoms and Trafalgar Ocean, embark on or disembark from vessels\"; \"Gliding is the ability to cross Trafalgar Ocean without the use of vessels\"; note 18",
    readings: &[
        Reading {
            name: "blocks",
            text: "no: open water (and the Island of Sirens, which is water) ends a line; a force of earth and water is on the ocean only aboard a vessel, so a ride goes from vessel to adjacent vessel or land",
        },
        Reading {
            name: "passes",
            text: "yes: open water is passed like an unoccupied position; the force still alights only on a vessel or on land",
        },
    ],
    clauses: &["dragon.overview.2", "dragon.overview.3", "dragon.gliding.1"],
    option: Some("open-water"),
    reason: "crossing water without a vessel beneath is what gliding is, and only forces of air glide; a force of earth and water that rode over open water would be in the sea between vessels. Leaps are unaffected: a leap does not pass over positions",
};

/// Ruling `dragon.cannon-target`.
pub const CANNON_TARGET: Ruling = Ruling {
    id: "dragon.cannon-target",
    question: "A Cannonball \"travels over any one intervening vessel regardless of colour to sink the first opposing vessel beyond\": when the next vessel beyond the intervening one flies the firing side's colour, does the line stop there, or does the ball pass on to the first opposing vessel?",
    source: "seed 000 (Dragon), The Green Cannons and Cannonballs",
    readings: &[
        Reading {
            name: "first-vessel",
            text: "the ball passes over exactly one vessel (which must be occupied) and open water; the next vessel beyond is sunk if she is opposing, otherwise that Cannon has no target on that side",
        },
        Reading {
            name: "first-opposing",
            text: "after the one occupied intervening vessel the ball also passes over vessels of the firing side's colour and sinks the first opposing vessel",
        },
    ],
    clauses: &["dragon.green-cannons.6"],
    option: Some("cannon-target"),
    reason: "\"over any one intervening vessel\" counts the vessels passed: one. This is the same reading as the jumping captures' (ruling dragon.jump-target) and the Xiangqi Cannon's",
};

/// Ruling `dragon.vessel-command`.
pub const VESSEL_COMMAND: Ruling = Ruling {
    id: "dragon.vessel-command",
    question: "Which OverLord sails a vessel, and may he sail an empty vessel of the other fleet?",
    source: "seed 000 (Dragon), The Captains: \"simply maneuver & sail their vessels in accordance with whichever Overlord currently commands them\"; Overview: \"Whenever a vessel is vacated she then reverts to her original colour ... Current colour is indicated by a vessel flying either a green flag or a red flag\"; The Green Ships: \"free to move with or without an occupant\"",
    readings: &[
        Reading {
            name: "flag",
            text: "the OverLord whose flag she flies commands her: her occupant's side when occupied, her own fleet's when empty; an empty vessel of the other fleet is reached only by boarding her from another vessel (commandeering)",
        },
        Reading {
            name: "occupant-only",
            text: "only an occupied vessel moves, commanded by her occupant's side",
        },
    ],
    clauses: &[
        "dragon.captains.2",
        "dragon.overview.15",
        "dragon.green-ships.2",
    ],
    option: None,
    reason: "the seed says a Flagship and a Ship are \"free to move with or without\" an occupant, so empty vessels sail; the flag is what the seed uses to show allegiance, and an empty vessel flies her own",
};

/// Ruling `dragon.vessel-priority`.
pub const VESSEL_PRIORITY: Ruling = Ruling {
    id: "dragon.vessel-priority",
    question: "\"The move of a vessel takes priority over the move of any force occupying the vessel. The move of the force only comes into play when embarking, disembarking, or boarding or boarding with a capture\": what may a vessel and her occupant do on one move?",
    source: "seed 000 (Dragon), Overview",
    readings: &[
        Reading {
            name: "one-or-the-other",
            text: "a move is either the vessel's (advance, re-align, ram or fire, carrying her occupant) or her occupant's own move, which can only board another vessel or disembark; both are offered",
        },
        Reading {
            name: "vessel-first",
            text: "while his vessel can move, the occupant may not move at all",
        },
    ],
    clauses: &["dragon.overview.19", "dragon.overview.20"],
    option: None,
    reason: "the second sentence says when the force's own move does come into play (boarding, disembarking), which the second reading would forbid whenever the vessel could move; \"priority\" reads as: afloat, the vessel's powers are what move a force, not the force's own",
};

/// Ruling `dragon.realign-bows`.
pub const REALIGN_BOWS: Ruling = Ruling {
    id: "dragon.realign-bows",
    question: "A vessel \"can re-align her bow in the direction of any adjacent position whether vertical, horizontal or diagonal\": which bows are open to her?",
    source: "seed 000 (Dragon), The Green Flagship, The Green Ships",
    readings: &[
        Reading {
            name: "adjacent-positions",
            text: "any of the other seven directions in which an adjacent position lies on the board (water, land or the Island); not off the board's edge",
        },
        Reading {
            name: "any-direction",
            text: "any of the other seven directions, the board's edge included",
        },
    ],
    clauses: &["dragon.green-flagship.4", "dragon.green-ships.4"],
    option: None,
    reason: "the seed names the direction by an adjacent position; at the edge there is none. Re-aligning to the bow she already has would be no move at all",
};

/// Ruling `dragon.jump-at-sea`.
pub const JUMP_AT_SEA: Ruling = Ruling {
    id: "dragon.jump-at-sea",
    question: "What may a Crossbowman's (Catapult's) capturing jump pass over on Trafalgar Ocean?",
    source: "seed 000 (Dragon), The Crossbowmen: \"If the capture is on Trafalgar Ocean, the single vessel of either colour being jumped over must be occupied\"; note 18: \"Watchtowers/Castles, Buccaneers/Pirates & Crossbowmen/Catapults cannot jump over ships at any time except when Crossbowmen/Catapults make a capture on Trafalgar Ocean or capture whilst disembarking from Trafalgar Ocean\"",
    readings: &[
        Reading {
            name: "one-occupied-vessel",
            text: "the one force jumped over may be aboard a vessel (the vessel is then jumped with it); an unoccupied vessel is no force to jump and no ship may be passed otherwise, so it ends the line; a second vessel beyond the jumped one ends it too",
        },
        Reading {
            name: "unoccupied-passed",
            text: "unoccupied vessels are passed like unoccupied positions",
        },
    ],
    clauses: &["dragon.crossbowmen.5", "dragon.note-18"],
    option: None,
    reason: "note 18 forbids passing over ships except in these captures, and the Crossbowmen's section allows exactly \"the single vessel ... being jumped over\", which \"must be occupied\"",
};

/// Ruling `dragon.sinking-protected`.
pub const SINKING_PROTECTED: Ruling = Ruling {
    id: "dragon.sinking-protected",
    question: "Do the Forest Sword (the TrueBorn Prince safe from the Dark Warlord) and the Dark Crystal (the Red Witch safe from the Prince) protect against a vessel carrying that force ramming or firing?",
    source: "seed 000 (Dragon), The Forest Sword, The Dark Crystal; The Green Battering Rams: \"Any occupant on board the sunken ship is captured\"; The Green Cannons: \"capable of sinking a vessel and capturing any occupant on board\"",
    readings: &[
        Reading {
            name: "vessels-sink-regardless",
            text: "no: sinking is the vessel's power (her Battering Ram, her Cannons), not her occupant's, and the occupant of a sunken vessel is captured whoever sails the attacker",
        },
        Reading {
            name: "protected",
            text: "yes: a vessel carrying the Dark Warlord may not sink the Prince's vessel, nor one carrying the Prince the Red Witch's",
        },
    ],
    clauses: &["dragon.green-rams.4", "dragon.green-cannons.4"],
    option: None,
    reason: "the protections are \"from attack by the Dark Warlord\" and \"by the TrueBorn Prince\"; a Battering Ram or a Cannon is not that force's attack, and the seed says the occupant of a sunken vessel is captured without exception",
};

/// Ruling `dragon.royal-aboard`.
pub const ROYAL_ABOARD: Ruling = Ruling {
    id: "dragon.royal-aboard",
    question: "The TrueBorn Prince \"may not move to any position that places him under attack\" (and the Dark Warlord, ruling dragon.warlord-into-attack): what attacks a royal afloat, and may his vessel carry him into attack?",
    source: "seed 000 (Dragon), The TrueBorn Prince; The Green Battering Rams; The Green Cannons; Overview (\"The move of a vessel takes priority over the move of any force occupying the vessel\")",
    readings: &[
        Reading {
            name: "vessel-carries-him",
            text: "aboard, he is under attack from any opposing force that could board his vessel with a capture, from any opposing vessel whose Battering Ram points at him and from any opposing Flagship's Cannon that could sink his vessel; his vessel may not advance or ram onto a position under attack, nor may he embark, board or disembark onto one",
        },
        Reading {
            name: "own-moves-only",
            text: "only his own moves (embarking, boarding, disembarking) are limited; his vessel may sail him anywhere",
        },
    ],
    clauses: &["dragon.overview.19"],
    option: None,
    reason: "sinking his vessel captures him, so rams and Cannons attack him; a vessel carrying him moves him to a new position, which is what the rule forbids when that position is attacked",
};

/// Ruling `dragon.storm-queen-embarks`.
pub const STORM_QUEEN_EMBARKS: Ruling = Ruling {
    id: "dragon.storm-queen-embarks",
    question: "The Storm Queen \"can operate only within the Kingdom of Storms for once she leaves she is transformed into the Red Witch\", whose scope is the Forest Kingdom and Trafalgar Ocean: how does she leave?",
    source: "seed 000 (Dragon), The Storm Queen; The Red Witch: \"the Red Witch comes into being upon the Storm Queen leaving the Kingdom of Storms ... her bow and remaining red arrows and quiver are forfeited and placed in the Jailer's office\"; \"The Red Witch may not return to Trafalgar Ocean once she has left there\"",
    readings: &[
        Reading {
            name: "embarks",
            text: "by embarking: a normal (Queen's) move onto an unoccupied red vessel, on which she is transformed into the Red Witch (her bow, quiver and remaining Red Arrows to the Jailer's office)",
        },
        Reading {
            name: "never",
            text: "she has no element of water and cannot leave, so the Red Witch never comes into being",
        },
    ],
    clauses: &[
        "dragon.red-witch.1",
        "dragon.red-witch.2",
        "dragon.red-witch.7",
    ],
    option: None,
    reason: "the seed describes the Red Witch's scope (\"Trafalgar Ocean\"), her return ban and her landing on the Forest Beaches; the only way off the Kingdom of Storms for a force that does not glide is a vessel",
};

/// Ruling `dragon.harbours`.
pub const HARBOURS: Ruling = Ruling {
    id: "dragon.harbours",
    question: "What do the Harbours change? The seed refers to \"Harbours, below\" and to \"Harbour Border[s]\", but that section is lost",
    source: "seed 000 (Dragon), The Green Flagship: \"when initially anchored in Trafalgar Harbour ... if boarded by an opposing force (see Harbours, below)\"; note 14",
    readings: &[
        Reading {
            name: "water",
            text: "a Harbour is a water position like any other: vessels sail in and out, forces embark, board and disembark there",
        },
        Reading {
            name: "lost-rules",
            text: "the lost section's rules, whatever they were",
        },
    ],
    clauses: &["dragon.green-flagship.8"],
    option: None,
    reason: "nothing the seed keeps gives a Harbour a rule of its own; note 14 only says the Sword's and Crystal's powers work across Harbour borders, which they do across every border here",
};

/// Ruling `dragon.realign-truce`.
pub const REALIGN_TRUCE: Ruling = Ruling {
    id: "dragon.realign-truce",
    question: "Rule 23.3's truce counts moves with \"no capture or sinking nor any movement of Vessels\": is re-aligning a bow a movement of a vessel?",
    source: "seed 000 (Dragon), rule 23.3; The Green Flagship: \"can move in one of two ways: 1. ... to the adjacent position her bow is pointing towards 2. She can re-align her bow\"",
    readings: &[
        Reading {
            name: "movement",
            text: "yes: re-aligning is one of the two ways a vessel moves, and it restarts the count, as do advancing, ramming and firing (a sinking)",
        },
        Reading {
            name: "position-only",
            text: "only a change of position is movement",
        },
    ],
    clauses: &["dragon.green-flagship.4"],
    option: None,
    reason: "the seed lists re-aligning among the ways a vessel \"can move\"",
};

/// Ruling `dragon.rule-26`.
pub const RULE_26: Ruling = Ruling {
    id: "dragon.rule-26",
    question: "Rule 26: a transformation is \"effective upon completion of the move bringing such change about. The new powers ... cannot be used, however, until the following move\": when does a Dwarf promoted to an Elf on the Storm Beaches first act as an Elf, and does he threaten as one before that?",
    source: "seed 000 (Dragon), rule 26; The Dwarfs: \"Upon A Dwarf landing (disembarking) on the Storm Beaches, he gains promotion to an Elf\"; the Check Lists' \"may be exercised on the following move of the Forest Overlord\" against \"immediately by the Storm Overlord\"",
    readings: &[
        Reading {
            name: "next-own-move",
            text: "the kind changes when the move is completed; the force moves and captures with its new powers on its own side's next move, and in between it threatens what those powers would capture (as every force threatens what it could capture on its next move)",
        },
        Reading {
            name: "old-powers-meanwhile",
            text: "until its side's next move the force still counts with its old powers for attacks on the opposing royal",
        },
    ],
    clauses: &[
        "dragon.dwarfs.5",
        "dragon.check-ice-dragon.11",
        "dragon.check-ice-dragon.10",
    ],
    option: None,
    reason: "with one action a move, \"the following move\" of the transforming side is its next one, and what a force threatens is what it could capture then; the Check Lists distinguish the mover's following move from the opponent's immediate one only for powers usable by the opponent",
};

/// Ruling `dragon.landfall`.
pub const LANDFALL: Ruling = Ruling {
    id: "dragon.landfall",
    question: "\"When leaving Trafalgar Ocean a Force must carry out a normal move and alight upon a position within the kingdom being entered\": may it alight beyond the Beaches?",
    source: "seed 000 (Dragon), Overview; The TrueBorn Prince: \"landing (disembarking) on the Storm Beaches\"; The Dwarfs: \"landing (disembarking) on the Storm Beaches\"",
    readings: &[
        Reading {
            name: "normal-move",
            text: "wherever its normal move reaches within that kingdom: a rider runs on over unoccupied positions, a leaper lands where the leap lands",
        },
        Reading {
            name: "beaches-only",
            text: "only on the Beaches",
        },
    ],
    clauses: &["dragon.prince-ice-dragon.1", "dragon.dwarfs.5"],
    option: None,
    reason: "the rule asks for a normal move and a position within the kingdom; the Beaches are named where a one-step force (the royals, the Dwarfs) can reach nothing else",
};

/// Every ruling of Trafalgar Ocean.
pub const RULINGS: [Ruling; 14] = [
    OPEN_WATER,
    CANNON_TARGET,
    VESSEL_COMMAND,
    VESSEL_PRIORITY,
    REALIGN_BOWS,
    JUMP_AT_SEA,
    SINKING_PROTECTED,
    ROYAL_ABOARD,
    STORM_QUEEN_EMBARKS,
    HARBOURS,
    REALIGN_TRUCE,
    RULE_26,
    LANDFALL,
    ISLAND,
];

/// Ruling `dragon.island`.
pub const ISLAND: Ruling = Ruling {
    id: "dragon.island",
    question: "The Island of Sirens \"cannot be occupied by any force or item of regalia. The effect the island otherwise has on the conflict is exactly the same as though it were a position of water\": may a vessel sail onto it, and do lines of fire and movement cross it?",
    source: "seed 000 (Dragon), The Island of Sirens",
    readings: &[
        Reading {
            name: "open-water",
            text: "no vessel sails, rams or leaps onto it; for every line (a Cannonball's, a ride, a jump) it is open water, crossed or not as open water is",
        },
        Reading {
            name: "obstacle",
            text: "it blocks every line",
        },
    ],
    clauses: &["dragon.island.1", "dragon.island.2"],
    option: None,
    reason: "a vessel on it would occupy it with her Captain or Ferryman; otherwise the seed makes it \"exactly the same as\" water",
};
