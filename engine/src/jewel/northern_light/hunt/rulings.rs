//! The rulings, options and rule events of the royal hunts.

use std::fmt;

use super::super::{ARISTOCRAT, GEOMETRY, KINDS};
use crate::core::{GameOptions, OptionError, OptionSpec, RuleEvent, Side, Square};
use crate::jewel::keysquare::Kind;
use crate::rulings::{Reading, Ruling};

/// Ruling `diamond-quest.first-mover`: who moves first in a stand-alone DiamondQuest.
pub const QUEST_FIRST_MOVER: Ruling = Ruling {
    id: "diamond-quest.first-mover",
    question: "\"who moves first is the opposite of who moved first in DiamondQi\": who moves first when DiamondQuest is played on its own?",
    source: "seed 002, DiamondQuest, The Play",
    readings: &[
        Reading {
            name: "coin",
            text: "a coin decides who moved first in the DiamondQi this Hunt follows, and the other side moves first: a chance node whose outcome names DiamondQuest's first mover",
        },
        Reading {
            name: "green",
            text: "DiamondQi's first mover is given (`green` or `red`) and the other side moves first",
        },
    ],
    clauses: &["jewel.diamond-quest.9"],
    option: Some("qi-first-mover"),
    reason: "DiamondQi's first mover is itself a coin toss, so without a DiamondQi played the opposite of it is as likely to be either side; in the Northern Light match the real DiamondQi's first mover decides",
};

/// Ruling `diamond-quest.repetition`.
pub const QUEST_REPETITION: Ruling = Ruling {
    id: "diamond-quest.repetition",
    question: "What is a \"threefold repetition of moves/position\" in DiamondQuest?",
    source: "seed 002, DiamondQuest, Notes 4: \"Draws include threefold repetition of moves/position and Stalemate\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same pieces on the same squares, the same side to move and the same Towering rights for the third time since the last capture, Pikeman move or loss of a Towering right (Western Chess's rule, as \"the normal rules of Western Chess castling apply\")",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over (not implemented)",
        },
    ],
    clauses: &["jewel.diamond-quest.19"],
    option: None,
    reason: "the Hunt follows Western Chess, whose repetition is of positions with their castling rights",
};

/// Ruling `diamond-quest.dead-position`.
pub const QUEST_DEAD_POSITION: Ruling = Ruling {
    id: "diamond-quest.dead-position",
    question: "Is a position in which neither side can ever checkmate a draw, though the seed lists only repetition and Stalemate?",
    source: "seed 002, DiamondQuest, Notes 4: \"Draws include threefold repetition of moves/position and Stalemate\"",
    readings: &[
        Reading {
            name: "draw",
            text: "a draw at once when only the Princesses are left, or besides them a single Knight, or only Nobles all on squares of one colour (Western Chess's dead positions by material)",
        },
        Reading {
            name: "play-on",
            text: "no such draw: the Princesses move on until repetition or stalemate",
        },
    ],
    clauses: &["jewel.diamond-quest.19"],
    option: Some("dead-position"),
    reason: "\"Draws include\" is no closed list; the pieces are Western Chess's, whose rules draw a position no sequence of moves can checkmate from, and without it a bare-Princess ending only ends by repetition",
};

/// Ruling `diamond-chess.repetition`.
pub const CHESS_REPETITION: Ruling = Ruling {
    id: "diamond-chess.repetition",
    question: "What is a \"threefold repetition of moves/position\" in DiamondChess?",
    source: "seed 002, DiamondChess, Scores: \"Draws include threefold repetition of moves/position and Stalemate\"",
    readings: &[
        Reading {
            name: "position",
            text: "the same pieces on the same squares, the same side to move, the same Towering rights and the same en passant square for the third time since the last capture, Pikeman move or loss of a Towering right, the en passant square counting only while an en passant capture onto it is a legal action (a Pikeman beside the one that made the double step, not pinned to his Princess nor leaving her in check)",
        },
        Reading {
            name: "en-passant-right",
            text: "the en passant square counts whenever a double step set it, whether or not a capture onto it is possible (not implemented: Western Chess's rule is the other)",
        },
        Reading {
            name: "moves",
            text: "the same sequence of moves played three times over (not implemented)",
        },
    ],
    clauses: &["jewel.diamond-chess.17"],
    option: None,
    reason: "as DiamondQuest (ruling diamond-quest.repetition), with Western Chess's en passant right, which (FIDE Laws 9.2.3.1) makes positions differ only while a capture en passant could be made: positions are the same when the same moves are possible",
};

/// Ruling `diamond-chess.dead-position`.
pub const CHESS_DEAD_POSITION: Ruling = Ruling {
    id: "diamond-chess.dead-position",
    question: "Is a position in which neither side can ever checkmate a draw?",
    source: "seed 002, DiamondChess, Scores: \"Draws include threefold repetition of moves/position and Stalemate\"",
    readings: &[
        Reading {
            name: "draw",
            text: "a draw at once when only the Princesses are left, or besides them a single Knight, or only Nobles all on squares of one colour",
        },
        Reading {
            name: "play-on",
            text: "no such draw",
        },
    ],
    clauses: &["jewel.diamond-chess.17"],
    option: Some("dead-position"),
    reason: "as DiamondQuest (ruling diamond-quest.dead-position)",
};

/// Whether a position from which neither side can checkmate is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeadPosition {
    /// Drawn at once.
    #[default]
    Draw,
    /// Played on.
    PlayOn,
}

/// Who moved first in the DiamondQi a stand-alone DiamondQuest follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QiFirstMover {
    /// Unknown: a coin decides.
    #[default]
    Coin,
    /// This side moved first in DiamondQi (so the other moves first here).
    Side(Side),
}

/// The options of a hunt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HuntOptions<const DOUBLE: bool> {
    /// `dead-position = draw | play-on`.
    pub dead_position: DeadPosition,
    /// DiamondQuest only: `qi-first-mover = coin | green | red`.
    pub qi_first_mover: QiFirstMover,
}

const QUEST_SPECS: [OptionSpec; 2] = [
    OptionSpec {
        key: "dead-position",
        values: &["draw", "play-on"],
        ruling: Some(QUEST_DEAD_POSITION.id),
        doc: "whether a position no side can checkmate from is drawn",
    },
    OptionSpec {
        key: "qi-first-mover",
        values: &["coin", "green", "red"],
        ruling: Some(QUEST_FIRST_MOVER.id),
        doc: "who moved first in DiamondQi (the other side moves first here)",
    },
];

const CHESS_SPECS: [OptionSpec; 1] = [OptionSpec {
    key: "dead-position",
    values: &["draw", "play-on"],
    ruling: Some(CHESS_DEAD_POSITION.id),
    doc: "whether a position no side can checkmate from is drawn",
}];

impl<const DOUBLE: bool> GameOptions for HuntOptions<DOUBLE> {
    const SPECS: &'static [OptionSpec] = if DOUBLE { &CHESS_SPECS } else { &QUEST_SPECS };

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let Some(spec) = Self::SPECS.iter().find(|s| s.key == key) else {
            return Err(OptionError::unknown_key(key, value, Self::SPECS));
        };
        let bad = || OptionError::bad_value(key, value, spec.values);
        match key {
            "dead-position" => {
                self.dead_position = match value {
                    "draw" => DeadPosition::Draw,
                    "play-on" => DeadPosition::PlayOn,
                    _ => return Err(bad()),
                };
            }
            _ => {
                self.qi_first_mover = match value {
                    "coin" => QiFirstMover::Coin,
                    side => QiFirstMover::Side(side.parse().map_err(|_| bad())?),
                };
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        Self::SPECS.iter().find(|s| s.key == key)?;
        Some(match key {
            "dead-position" => match self.dead_position {
                DeadPosition::Draw => "draw",
                DeadPosition::PlayOn => "play-on",
            },
            _ => match self.qi_first_mover {
                QiFirstMover::Coin => "coin",
                QiFirstMover::Side(side) => side.name(),
            },
        })
    }
}

/// A rule event of a hunt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HuntEvent {
    /// `first-move`: the coin gave `side` the first move.
    FirstMove {
        /// Who moves first.
        side: Side,
    },
    /// `capture` (or `en-passant`).
    Capture {
        /// The capturing side.
        by: Side,
        /// The capturing kind.
        kind: Kind,
        /// The captured kind.
        victim: Kind,
        /// The square moved to.
        at: Square,
        /// An en passant capture.
        en_passant: bool,
    },
    /// `promotion`: `side`'s Pikeman became `to` on `at`.
    Promotion {
        /// The side.
        side: Side,
        /// The new kind.
        to: Kind,
        /// Where.
        at: Square,
    },
    /// `towering`: `side`'s Princess and Tower towered, eastwards or westwards.
    Towering {
        /// The side.
        side: Side,
        /// With the Tower on the g-file.
        east: bool,
    },
}

impl RuleEvent for HuntEvent {
    fn tag(&self) -> &'static str {
        match self {
            HuntEvent::FirstMove { .. } => "first-move",
            HuntEvent::Capture {
                en_passant: false, ..
            } => "capture",
            HuntEvent::Capture {
                en_passant: true, ..
            } => "en-passant",
            HuntEvent::Promotion { .. } => "promotion",
            HuntEvent::Towering { .. } => "towering",
        }
    }
}

impl fmt::Display for HuntEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = GEOMETRY;
        let name = |k: Kind| KINDS.get(k.index()).map_or("piece", |s| s.names[0]);
        match *self {
            HuntEvent::FirstMove { side } => write!(f, "first-move: {side} moves first"),
            HuntEvent::Capture {
                by,
                kind,
                victim,
                at,
                en_passant,
            } => write!(
                f,
                "{}: {by} {} captures {} {} on {}",
                if en_passant { "en-passant" } else { "capture" },
                name(kind),
                by.opponent(),
                name(victim),
                g.name(at)
            ),
            HuntEvent::Promotion { side, to, at } => write!(
                f,
                "promotion: {side} Pikeman becomes {} {} on {}",
                if to == ARISTOCRAT { "an" } else { "a" },
                name(to),
                g.name(at)
            ),
            HuntEvent::Towering { side, east } => {
                let rank = if side == Side::Red { 1 } else { 7 };
                if east {
                    write!(
                        f,
                        "towering: {side} Princess D{rank}-F{rank}, Tower G{rank}-E{rank}"
                    )
                } else {
                    write!(
                        f,
                        "towering: {side} Princess D{rank}-B{rank}, Tower A{rank}-C{rank}"
                    )
                }
            }
        }
    }
}
