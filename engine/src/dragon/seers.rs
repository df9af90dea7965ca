//! The Seers (seed 000, Cast and Overview: "The Forest OverLord may be
//! assisted in his play by The Forest Seer for a maximum of three times during
//! the game and likewise the Storm OverLord ... The Seers may be consulted on
//! the State of Affairs existing in the game at the request of their
//! Principals"; note 8: "Consultations between Principals and Seers must take
//! place during their own move and not whilst their opponent's clock is
//! running").
//!
//! A consultation is an action (`seer forest`, `seer storm`) of the side to
//! move, offered while he has consultations left; it does not end his move
//! (the same side moves next, the en-passant right stands, the truce count
//! does not move) and reports the [`StateOfAffairs`] in a `seer` event.
//! [`Dragon::consult_seer`](super::Dragon::consult_seer) gives the reason a
//! consultation is refused ([`SeerRefusal`]).

use std::fmt;

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::{SquareSet, square_name};
use super::moves::{Ctx, DragonActions, ocean};
use super::options::DragonOptions;
use super::state::{Position, SEER_LIMIT};
use super::text::side_name;
use crate::core::Side;
use crate::rulings::{Reading, Ruling};

/// The consultation of `side`'s Seer.
#[must_use]
pub const fn action(side: Side) -> Action {
    Action::new(ActionKind::Seer, NO_ORIGIN, NO_ORIGIN, side.index() as u8)
}

/// Whether `side` may consult his Seer in `p`: it is his move, the game goes
/// on, and he has consulted fewer than three times.
#[must_use]
pub fn may_consult(p: &Position, side: Side) -> bool {
    p.outcome.is_none() && p.to_move == side && p.counters.seers[side.index()] < SEER_LIMIT
}

/// Why a consultation is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeerRefusal {
    /// The game is over.
    #[error("the game is over: no Seer is consulted")]
    GameOver,
    /// It is the other OverLord's move (note 8: "during their own move and
    /// not whilst their opponent's clock is running").
    #[error("the {0} OverLord may consult his Seer only during his own move")]
    NotHisMove(&'static str),
    /// Three consultations already ("a maximum of three times").
    #[error("the {0} OverLord has consulted his Seer three times already, the most the rules allow")]
    NoneLeft(&'static str),
}

/// Why `side` may not consult now, if he may not.
#[must_use]
pub fn refusal(p: &Position, side: Side) -> Option<SeerRefusal> {
    if p.outcome.is_some() {
        Some(SeerRefusal::GameOver)
    } else if p.to_move != side {
        Some(SeerRefusal::NotHisMove(side_name(side)))
    } else if p.counters.seers[side.index()] >= SEER_LIMIT {
        Some(SeerRefusal::NoneLeft(side_name(side)))
    } else {
        None
    }
}

/// Procedures (and powers used seldom) a State of Affairs reports open, as
/// bits of [`StateOfAffairs::open`], with their names.
pub const PROCEDURES: [(ActionKind, &str); 8] = [
    (ActionKind::Plant, "planting a flag"),
    (ActionKind::Spring, "springing"),
    (ActionKind::Choice, "a procedure's choice"),
    (ActionKind::Release, "a maiden flight"),
    (ActionKind::Arrow, "an arrow"),
    (ActionKind::Fire, "firing a Cannon"),
    (ActionKind::Ram, "ramming"),
    (ActionKind::EnPassant, "en passant"),
];

/// What a Seer tells his Principal: what of his is under attack, which
/// procedures are open to him, and the material on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateOfAffairs {
    /// The consulting OverLord.
    pub side: Side,
    /// Which consultation this is, 1 to 3.
    pub consultation: u8,
    /// His forces on the grid an opposing force could capture.
    pub under_attack: SquareSet,
    /// Bit `i` set: [`PROCEDURES`]`[i]` is open to him.
    pub open: u8,
    /// Forces of each side (`[Side::index]`) in play: on the grid and in
    /// the special areas (a tower with her bird inside counts two).
    pub forces: [u16; 2],
    /// Forces of each side in the Barren Lands (captured or lost).
    pub barren: [u16; 2],
    /// Vessels afloat of each original side.
    pub vessels: [u8; 2],
}

impl StateOfAffairs {
    /// The State of Affairs for the side to move of `p`, as his next
    /// consultation.
    #[must_use]
    pub fn of(p: &Position, opts: &DragonOptions) -> StateOfAffairs {
        let side = p.to_move;
        let c = Ctx::new(p, opts);
        let mut under_attack = SquareSet::EMPTY;
        for sq in p.occupied[side.index()].iter() {
            if ocean::attacked_on(&c, p, sq, p.force(sq)) {
                under_attack.insert(sq);
            }
        }
        let mut legal = DragonActions::new();
        super::moves::legal_actions(p, opts, &mut legal);
        let mut open = 0u8;
        for a in &legal {
            for (i, (kind, _)) in PROCEDURES.iter().enumerate() {
                if a.kind() == Some(*kind) {
                    open |= 1 << i;
                }
            }
        }
        let mut forces = [0u16; 2];
        let mut barren = [0u16; 2];
        let mut vessels = [0u8; 2];
        for s in Side::ALL {
            barren[s.index()] = p.barren_total(s);
            forces[s.index()] = p.force_total(s) - barren[s.index()];
            vessels[s.index()] = p
                .fleet
                .iter()
                .filter(|&sq| p.vessel(sq).kind().side() == s)
                .count() as u8;
        }
        StateOfAffairs {
            side,
            consultation: p.counters.seers[side.index()] + 1,
            under_attack,
            open,
            forces,
            barren,
            vessels,
        }
    }
}

impl fmt::Display for StateOfAffairs {
    /// `the forest Seer (consultation 1 of 3): under attack E14, D12; open:
    /// planting a flag; forces 23-22, in the Barren Lands 0-1, vessels 5-5`
    /// (Forest's figures first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} Seer (consultation {} of {SEER_LIMIT}): under attack ",
            side_name(self.side),
            self.consultation
        )?;
        if self.under_attack.is_empty() {
            f.write_str("nothing")?;
        }
        for (i, sq) in self.under_attack.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(&square_name(sq))?;
        }
        f.write_str("; open: ")?;
        if self.open == 0 {
            f.write_str("no procedure")?;
        }
        let mut first = true;
        for (i, (_, name)) in PROCEDURES.iter().enumerate() {
            if self.open & (1 << i) != 0 {
                if !first {
                    f.write_str(", ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        write!(
            f,
            "; forces {}-{}, in the Barren Lands {}-{}, vessels {}-{}",
            self.forces[0],
            self.forces[1],
            self.barren[0],
            self.barren[1],
            self.vessels[0],
            self.vessels[1]
        )
    }
}

/// Ruling `dragon.seers`.
pub const SEERS: Ruling = Ruling {
    id: "dragon.seers",
    question: "How is a Seer consulted in the engine, and how often do random games consult?",
    source: "seed 000 (Dragon), Overview (\"may be assisted in his play by The Forest Seer for a maximum of three times during the game ... The Seers may be consulted on the State of Affairs existing in the game at the request of their Principals (the Forest Overlord or the Storm Overlord). Such consultation must take place away from the playing area and the time involved will be charged to the principal involved\"), note 8",
    readings: &[
        Reading {
            name: "an-action-in-the-move",
            text: "a consultation is a legal action of the side to move (`seer forest`, `seer storm`) while he has consulted fewer than three times; it does not end the move (the same side moves next; the en-passant right stands; it is no move towards the fifty-move truce) and reports the State of Affairs (his forces under attack, the procedures open to him, forces, Barren Lands and vessels of each side) as a `seer` event; a fourth, or one in the opponent's move, is not legal (`Dragon::consult_seer` names the reason). Random play picks it like any other action: one chance in the number of legal actions (about 1 in 75 from the Arrowhead), so each OverLord's three consultations fall early and add at most six plies to a game. A side whose only action is a consultation has no action: the consultation never saves him from Locking Up or stalemate",
        },
        Reading {
            name: "outside-the-actions",
            text: "consultations are an API call beside the actions, never in the legal list (perft and random play never see them)",
        },
    ],
    option: None,
    reason: "the project's design makes every choice a player makes an action (\"consult the Seer\" is its own example), so scenarios can play and refuse it; uniform random play exercises it without any special weighting, and the limit of three keeps it from dominating",
};
