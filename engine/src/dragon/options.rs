//! Dragon's options (the seed's variations and the other readings of rulings)
//! and its named rulings.

use super::conceding::{self, Concede};
use super::deploy::Formation;
use super::ocean_rules::{self, CannonTarget, OpenWater};
use super::truce::{self, RepetitionReading, TruceAgreement};
use crate::core::{GameOptions, OptionError, OptionSpec};
use crate::rulings::{Reading, Ruling};

/// The White and Black Knights' powers (seed 000, "Variations of White/Black
/// Knights' powers": "Games should be designated as "LanceVariation",
/// "SwordVariation" or "PikeVariation"").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KnightVariation {
    /// The main rules: leaps of three then two, or three then one.
    #[default]
    Lance,
    /// One or two positions diagonally, or the Chess Knight's leap.
    Sword,
    /// One or two positions vertically or horizontally, or the Chess Knight's
    /// leap.
    Pike,
}

impl KnightVariation {
    const NAMES: [&'static str; 3] = ["lance", "sword", "pike"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            KnightVariation::Lance => "lance",
            KnightVariation::Sword => "sword",
            KnightVariation::Pike => "pike",
        }
    }
}

/// Ruling `dragon.jump-target`: what a jumping capture takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum JumpTarget {
    /// The first force beyond the jumped one, captured if it is opposing (the
    /// Xiangqi Cannon).
    #[default]
    FirstForce,
    /// The first opposing force beyond the jumped one, passing over forces of
    /// the jumper's own side.
    FirstOpposing,
}

/// Ruling `dragon.warlord-into-attack`: whether the Dark Warlord may move onto
/// an attacked position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WarlordIntoAttack {
    /// No, as the TrueBorn Prince.
    #[default]
    Forbidden,
    /// Yes: the seed says it of the Prince only.
    Allowed,
}

/// The options of a game of Dragon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DragonOptions {
    /// `knights`: lance (default), sword or pike.
    pub knights: KnightVariation,
    /// `formation`: arrowhead (default) or trident.
    pub formation: Formation,
    /// `jump-target`: first-force (default) or first-opposing.
    pub jump_target: JumpTarget,
    /// `warlord-into-attack`: forbidden (default) or allowed.
    pub warlord_into_attack: WarlordIntoAttack,
    /// `open-water`: blocks (default) or passes (ruling `dragon.open-water`).
    pub open_water: OpenWater,
    /// `cannon-target`: first-vessel (default) or first-opposing (ruling
    /// `dragon.cannon-target`).
    pub cannon_target: CannonTarget,
    /// `truce-agreement`: never (default) or offers (ruling
    /// `dragon.truce-agreement`).
    pub truce_agreement: TruceAgreement,
    /// `concede`: never (default) or offers (ruling `dragon.concede`).
    pub concede: Concede,
    /// `repetition`: legal-actions (default) or whole-situation (ruling
    /// `dragon.repetition`).
    pub repetition: RepetitionReading,
}

impl GameOptions for DragonOptions {
    /// The Knight variations, Trident deployment, truce offers, concessions,
    /// the jump target, the Warlord into attack and the ocean's rulings change
    /// the move generation.
    const DRAWN_IN_RANDOM_TESTS: bool = true;
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "knights",
            values: &KnightVariation::NAMES,
            ruling: None,
            doc: "the White and Black Knights' powers: the LanceVariation (the main rules), the SwordVariation or the PikeVariation (seed 000, Variations)",
        },
        OptionSpec {
            key: "formation",
            values: &["arrowhead", "trident"],
            ruling: Some("dragon.trident-opening"),
            doc: "the initial deployment: the Arrowhead formation (standard) or the Trident formation (note 17)",
        },
        OptionSpec {
            key: "jump-target",
            values: &["first-force", "first-opposing"],
            ruling: Some("dragon.jump-target"),
            doc: "what a jumping capture takes: the first force beyond the jumped one if opposing, or the first opposing force beyond it",
        },
        OptionSpec {
            key: "warlord-into-attack",
            values: &["forbidden", "allowed"],
            ruling: Some("dragon.warlord-into-attack"),
            doc: "whether the Dark Warlord may move onto a position under attack",
        },
        OptionSpec {
            key: "open-water",
            values: &OpenWater::NAMES,
            ruling: Some("dragon.open-water"),
            doc: "whether a ride or a jump may pass over water that holds no vessel",
        },
        OptionSpec {
            key: "cannon-target",
            values: &CannonTarget::NAMES,
            ruling: Some("dragon.cannon-target"),
            doc: "what a Cannonball sinks beyond the one intervening vessel: the next vessel if opposing, or the first opposing vessel",
        },
        OptionSpec {
            key: "truce-agreement",
            values: &TruceAgreement::NAMES,
            ruling: Some("dragon.truce-agreement"),
            doc: "whether the side to move may offer a truce (`truce`), which the opponent agrees to (`choose 1`) or declines (`choose 0`) (rule 23.1)",
        },
        OptionSpec {
            key: "concede",
            values: &Concede::NAMES,
            ruling: Some("dragon.concede"),
            doc: "whether the side to move may concede in lieu of a Locking Up, Direct Capture or Planting of a Flag (`concede planting-a-flag`), which the opponent accepts (`choose 1`) or, for a Planting only, declines (`choose 0`) (rule 27 a)",
        },
        OptionSpec {
            key: "repetition",
            values: &RepetitionReading::NAMES,
            ruling: Some("dragon.repetition"),
            doc: "what a repeated Situation compares (rule 23.2): an en-passant position only while a capture onto it is legal and the Seer consultations only as whether one is left, a consultation restarting nothing (legal-actions); or both as they stand, a consultation restarting the history (whole-situation)",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = |values: &[&str]| OptionError::bad_value(key, value, values);
        match key {
            "knights" => {
                self.knights = match value {
                    "lance" => KnightVariation::Lance,
                    "sword" => KnightVariation::Sword,
                    "pike" => KnightVariation::Pike,
                    _ => return Err(bad(&KnightVariation::NAMES)),
                };
            }
            "formation" => {
                self.formation = match value {
                    "arrowhead" => Formation::Arrowhead,
                    "trident" => Formation::Trident,
                    _ => return Err(bad(&["arrowhead", "trident"])),
                };
            }
            "jump-target" => {
                self.jump_target = match value {
                    "first-force" => JumpTarget::FirstForce,
                    "first-opposing" => JumpTarget::FirstOpposing,
                    _ => return Err(bad(&["first-force", "first-opposing"])),
                };
            }
            "warlord-into-attack" => {
                self.warlord_into_attack = match value {
                    "forbidden" => WarlordIntoAttack::Forbidden,
                    "allowed" => WarlordIntoAttack::Allowed,
                    _ => return Err(bad(&["forbidden", "allowed"])),
                };
            }
            "open-water" => {
                self.open_water = match value {
                    "blocks" => OpenWater::Blocks,
                    "passes" => OpenWater::Passes,
                    _ => return Err(bad(&OpenWater::NAMES)),
                };
            }
            "cannon-target" => {
                self.cannon_target = match value {
                    "first-vessel" => CannonTarget::FirstVessel,
                    "first-opposing" => CannonTarget::FirstOpposing,
                    _ => return Err(bad(&CannonTarget::NAMES)),
                };
            }
            "truce-agreement" => self.truce_agreement = TruceAgreement::parse(key, value)?,
            "concede" => self.concede = Concede::parse(key, value)?,
            "repetition" => self.repetition = RepetitionReading::parse(key, value)?,
            _ => return Err(OptionError::unknown_key(key, value, Self::SPECS)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        Some(match key {
            "knights" => self.knights.name(),
            "formation" => self.formation.name(),
            "jump-target" => match self.jump_target {
                JumpTarget::FirstForce => "first-force",
                JumpTarget::FirstOpposing => "first-opposing",
            },
            "warlord-into-attack" => match self.warlord_into_attack {
                WarlordIntoAttack::Forbidden => "forbidden",
                WarlordIntoAttack::Allowed => "allowed",
            },
            "open-water" => self.open_water.name(),
            "cannon-target" => self.cannon_target.name(),
            "truce-agreement" => self.truce_agreement.name(),
            "concede" => self.concede.name(),
            "repetition" => self.repetition.name(),
            _ => return None,
        })
    }
}

/// Ruling `dragon.board`: the lost board.
pub const BOARD: Ruling = Ruling {
    id: "dragon.board",
    question: "Where are the kingdoms, Trafalgar Ocean, the palaces, the Harbours, the Island of Sirens, the banners and the special areas on the lost Middle Kingdoms board?",
    source: "seed 000 (Dragon), \"Board and Initial Deployment\" (its diagrams lost), the Cast, the banners' descriptions, note 6; shared/RULES-NOTES.md, Dragon",
    readings: &[
        Reading {
            name: "drafted",
            text: "engine/data/dragon/board.txt: 9x15, the Storms ranks 1-5 (Home, Second, Third, Front, Beaches), the ocean ranks 6-10 (Storm coastal waters, Southern, Central, Northern Ocean, Forest coastal waters), the Forest ranks 11-15 mirrored; Xiangqi palaces D-F of the three home ranks; the Island E8; a Harbour in the middle of each coastal waters; banners between E13/E12 and E3/E4; the special areas off the grid",
        },
        Reading {
            name: "any-other",
            text: "the author's lost board, whatever it was: a maintainer edits the data file",
        },
    ],
    clauses: &[
        "dragon.island.1",
        "dragon.trueborn-banner.1",
        "dragon.shadow-banner.1",
        "dragon.note-6",
        "dragon.palace-defenders.1",
        "dragon.citadel-watchers.1",
        "dragon.elves.4",
        "dragon.trolls.5",
    ],
    option: None,
    reason: "every piece of the map is fixed by a sentence of the seed or by the 9x15 size public metadata gives, except where the text is silent (the Harbours' places, the areas off the grid), and those are drafted as harmlessly as possible; board.txt justifies each line",
};

/// Ruling `dragon.deployment`: the lost initial deployment.
pub const DEPLOYMENT: Ruling = Ruling {
    id: "dragon.deployment",
    question: "Where does every force and vessel stand at the start, and how many are there of the forces the seed counts only in the plural?",
    source: "seed 000 (Dragon), \"Board and Initial Deployment\" (lost); the counts and placements the text keeps (two White and two Black Knights, two Crossbowmen with Tell beside Sir Lancelot, both Guards, four Green and three Red Arrows, three Cannonballs a Flagship, the Dwarfs' two starting ranks, the Albatrosses in their Watchtowers, the Green Flagship in Trafalgar Harbour, the Trident note)",
    readings: &[
        Reading {
            name: "drafted-arrowhead",
            text: "engine/data/dragon/arrowhead.txt: the counts the seed states, two of each plural force but three Palace Defenders and Citadel Watchers and eight Dwarfs and Gnomes, the royal on the centre of his home rank with a tower in each corner, the Flagship in its Harbour flanked by two Ships, a Ship on each edge file",
        },
        Reading {
            name: "any-other",
            text: "the author's lost deployment: a maintainer edits the data file",
        },
    ],
    clauses: &[
        "dragon.note-17.s3",
        "dragon.prince.4",
        "dragon.dwarfs.2",
        "dragon.buccaneers.2",
        "dragon.pirates.3",
        "dragon.albatrosses.2",
        "dragon.green-arrows.1",
    ],
    option: None,
    reason: "it satisfies every constraint the text implies (Towering and Castling each way, the Dwarfs' double step from the Second Rank, the Elf/Gnome en-passant geometry, the Trident's Ships alongside the Flagship) and explains every drafted count and place in the file",
};

/// Ruling `dragon.jump-target`.
pub const JUMP_TARGET: Ruling = Ruling {
    id: "dragon.jump-target",
    question: "A jumping capture takes \"the first opposing force behind the force being jumped over\": when the first force beyond the jumped one is the jumper's own, is the capture blocked, or does it pass on to the next opposing force?",
    source: "seed 000 (Dragon), The Crossbowmen: \"Jumping over one force of either side and capturing the first opposing force behind the force being jumped over ... as with the Canon in Chinese Chess\" (also Siege Directors, Rangers, the Wizard and Magician Unchained)",
    readings: &[
        Reading {
            name: "first-force",
            text: "the first force beyond the jumped one is the target: captured if it is opposing (and capturable), otherwise no capture along that line, as with the Xiangqi Cannon",
        },
        Reading {
            name: "first-opposing",
            text: "the jumper passes over exactly one force, then over any of his own side's forces, and captures the first opposing force",
        },
    ],
    clauses: &["dragon.crossbowmen.3", "dragon.crossbowmen.4"],
    option: Some("jump-target"),
    reason: "\"as with the Canon in Chinese Chess\" names the model, whose capture is of the very next piece beyond the screen; jumping two forces would no longer be \"jumping over one force\"",
};

/// Ruling `dragon.warlord-into-attack`.
pub const WARLORD_INTO_ATTACK: Ruling = Ruling {
    id: "dragon.warlord-into-attack",
    question: "The seed says \"The TrueBorn Prince may not move to any position that places him under attack\"; its Dark Warlord section has no such sentence. May the Dark Warlord move onto an attacked position?",
    source: "seed 000 (Dragon), The TrueBorn Prince; The Dark Warlord (\"must not remain under attack if it is possible to escape the attack\")",
    readings: &[
        Reading {
            name: "forbidden",
            text: "neither royal may move onto a position under attack",
        },
        Reading {
            name: "allowed",
            text: "only the Prince is so limited; the Dark Warlord may move onto an attacked position",
        },
    ],
    clauses: &["dragon.warlord.5"],
    option: Some("warlord-into-attack"),
    reason: "the Dark Warlord's section otherwise repeats the Prince's rule by rule (\"must not remain under attack if it is possible to escape\"), Castling repeats Towering's conditions including \"Any positions ... landed on ... must not be under attack\", and a royal that may step into attack but must then escape it makes no sense; the missing sentence reads as a gap in the copy",
};

/// Ruling `dragon.en-passant`.
pub const EN_PASSANT: Ruling = Ruling {
    id: "dragon.en-passant",
    question: "When an Elf (Troll) may capture a Gnome (Dwarf) that just moved two positions by moving onto the position it passed, is that a separate choice from an ordinary move onto the same position, and how long does it last?",
    source: "seed 000 (Dragon), The Elves: \"Then the Elf can capture ... by moving one position diagonally forwards towards the Gnome to stand on the Storm Third Rank. The choice to capture diagonally must be made immediately or is forfeited\"; the second case \"by moving one position laterally\"",
    readings: &[
        Reading {
            name: "separate-action",
            text: "the en-passant capture (`D4xE3ep`) is an action of its own beside the ordinary move to the same position (`D4-E3`), offered only on the move right after the double step",
        },
        Reading {
            name: "always-captures",
            text: "moving onto the passed position on that move always captures",
        },
    ],
    clauses: &["dragon.elves.14", "dragon.elves.19", "dragon.elves.15"],
    option: None,
    reason: "the seed calls it a choice to capture; the Elf's ordinary move there (diagonally forwards, or laterally) is a power he always has, and nothing says making that move forces the capture",
};

/// Ruling `dragon.trident-opening`.
pub const TRIDENT_OPENING: Ruling = Ruling {
    id: "dragon.trident-opening",
    question: "In the Trident formation \"the Storm Player on his first move re-aligns the bows of both these Ships\": to which bows?",
    source: "seed 000 (Dragon), note 17",
    readings: &[
        Reading {
            name: "any-new-bows",
            text: "one action re-aligns both Ships, each to any bow other than due North (49 choices); then the Forest OverLord moves",
        },
        Reading {
            name: "arrowhead-bows",
            text: "the re-alignment restores the Arrowhead formation's bows",
        },
    ],
    clauses: &["dragon.note-17", "dragon.note-17.s2"],
    option: None,
    reason: "\"re-aligns\" is the vessels' ordinary power to turn to \"any adjacent position\"; nothing ties the new bows to the Arrowhead's, and the point of the experiment is that the Storm OverLord's first move is a choice of alignment",
};

/// Ruling `dragon.truce-by-ply-bound`: what keeps every game finite.
pub const PLY_BOUND: Ruling = Ruling {
    id: "dragon.ply-bound",
    question: "What keeps a random game finite when none of the seed's endings comes, and how is the fifty-move truce enforced?",
    source: "seed 000 (Dragon), rule 23 (Truce): \"3. If a situation occurs whereby fifty moves are played by both players and there having been no capture or sinking nor any movement of Vessels, Dwarfs, Gnomes, Elves or Trolls\"; note 7 (\"Stalemate results in a truce\")",
    readings: &[
        Reading {
            name: "fifty-moves-and-bound",
            text: "the seed's truces are declared at once (the fifty-move truce, threefold repetition, stalemate: rulings dragon.fifty-moves, dragon.repetition, dragon.stalemate); as a last resort, not the seed's, a game reaching 2000 plies is drawn by the project's ply bound (`draw:ply-bound`), even with a procedure's choice pending",
        },
        Reading {
            name: "claimed",
            text: "the fifty-move truce is only declared when a player or the Arbiter enforces it (a claim would be an action of its own)",
        },
    ],
    clauses: &["dragon.rule-23.3", "dragon.note-7"],
    option: None,
    reason: "\"either player or the Arbiter can enforce a Truce\": in a simulation someone always does; the ply bound is not the seed's, it keeps random games finite (every movement of a vessel restarts the fifty-move count, so random games seldom reach it) and names itself as the deciding rule, apart from the seed's endings",
};

/// Ruling `dragon.under-attack`: which forces put a position "under attack".
pub const UNDER_ATTACK: Ruling = Ruling {
    id: "dragon.under-attack",
    question: "A royal \"may not move to any position that places him under attack\": which powers attack a position?",
    source: "seed 000 (Dragon), The TrueBorn Prince; Gliding (\"it is not permitted to make any capture\"); the Albatrosses and Ravens (\"captures on any adjacent position\"); the arrows (targets only Ravens, Winged Serpents, Albatrosses and the Ice Dragon)",
    readings: &[
        Reading {
            name: "capturing-powers",
            text: "a position is under attack when an opposing force could capture there by its powers of capture: stepping, leaping, riding, jumping, blazing, a bird's adjacent capture; not by gliding or flying (no capture), not by arrows (no royal is their target), not by a force the Forest Sword or Dark Crystal holds off; a force that could not leave its own position without exposing its royal still attacks",
        },
        Reading {
            name: "any-reach",
            text: "a position is under attack when any opposing force could move there, capturing or not",
        },
    ],
    clauses: &[
        "dragon.gliding.4",
        "dragon.albatrosses.7",
        "dragon.ravens.8",
    ],
    option: None,
    reason: "\"under attack\" is the threat of capture: the seed keeps gliding apart as movement without capture, and its own exception (\"the only instance where the TrueBorn Prince can move to a position under attack by a Storm Force (the Dark Warlord)\") treats an attack as the power to capture; as in Xiangqi and Western Chess, a pinned piece still gives check",
};

/// Every ruling of Dragon (part 1).
pub const RULINGS: &[Ruling] = &[
    BOARD,
    DEPLOYMENT,
    JUMP_TARGET,
    WARLORD_INTO_ATTACK,
    EN_PASSANT,
    TRIDENT_OPENING,
    PLY_BOUND,
    UNDER_ATTACK,
    // Trafalgar Ocean: engine/src/dragon/ocean_rules.rs.
    ocean_rules::OPEN_WATER,
    ocean_rules::CANNON_TARGET,
    ocean_rules::VESSEL_COMMAND,
    ocean_rules::VESSEL_PRIORITY,
    ocean_rules::REALIGN_BOWS,
    ocean_rules::JUMP_AT_SEA,
    ocean_rules::SINKING_PROTECTED,
    ocean_rules::ROYAL_ABOARD,
    ocean_rules::STORM_QUEEN_EMBARKS,
    ocean_rules::HARBOURS,
    ocean_rules::REALIGN_TRUCE,
    ocean_rules::RULE_26,
    ocean_rules::LANDFALL,
    ocean_rules::ISLAND,
    // The procedures: engine/src/dragon/procedures/rulings.rs.
    super::procedures::rulings::TOWERING_GEOMETRY,
    super::procedures::rulings::PROCEDURE_CHOICES,
    super::procedures::rulings::EMPRESS_TIMING,
    super::procedures::rulings::EXCHANGE,
    super::procedures::rulings::SHIELD_LOWERING,
    super::procedures::rulings::FOREST_TALISMAN_KEPT,
    super::procedures::rulings::QUEEN_TO_WAR,
    // The Seers and the Truce: seers.rs, truce.rs.
    super::seers::SEERS,
    truce::AGREEMENT,
    truce::REPETITION,
    truce::FIFTY_MOVES,
    truce::STALEMATE,
    // Victory: engine/src/dragon/victory.rs.
    super::victory::LOCKING_UP_RULING,
    super::victory::LOCKING_UP_SCORE,
    super::victory::PARTIAL_POSITIONS,
    super::room::WHITE_ROOM,
    super::victory::DIRECT_CAPTURE_RULING,
    super::victory::PLANTING,
    // Conceding: conceding.rs.
    conceding::OFFERS,
    conceding::DECLINE,
    conceding::RESULT,
    conceding::NOMINAL,
];
