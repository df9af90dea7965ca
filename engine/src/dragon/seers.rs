//! The Seers (seed 000, Cast: "The Forest OverLord may be assisted in his
//! play by The Forest Seer for a maximum of three times during the game and
//! likewise the Storm OverLord may be assisted in his play by The Storm Seer
//! for a maximum of three times"; Overview: "The Seers may be consulted on the
//! State of Affairs existing in the game at the request of their Principals
//! ... such consultations may only take place for a maximum of three times per
//! principal"; note 8: "Consultations between Principals and Seers must take
//! place during their own move and not whilst their opponent's clock is
//! running").
//!
//! A consultation is the action `seer forest` (`seer storm`) of the side to
//! move ([`action`]); it does not end his move (the same side moves next, the
//! en-passant right stands, it is no move for the fifty-move truce) and
//! reports the [`StateOfAffairs`] in a `seer` event. It is listed while he
//! has consulted fewer than three times, not yet in this move, no choice of a
//! procedure awaits him, and he has another action (ruling [`SEERS`]).
//! [`refusal`] (and [`Dragon::seer_refusal`](super::Dragon::seer_refusal))
//! names why a consultation is refused.

use std::fmt;

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::{Area, Region, SquareSet, square_name};
use super::moves::{self, Ctx, DragonActions, ocean};
use super::options::DragonOptions;
use super::procedures::towering;
use super::room;
use super::state::{Position, SEER_LIMIT, flags};
use super::text::side_name;
use crate::core::Side;
use crate::rulings::{Reading, Ruling};

/// The consultation of `side`'s Seer: `seer forest`, `seer storm`.
#[inline]
#[must_use]
pub const fn action(side: Side) -> Action {
    Action::new(ActionKind::Seer, NO_ORIGIN, NO_ORIGIN, side.index() as u8)
}

/// Why a consultation is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeerRefusal {
    /// The game is over.
    #[error("the game is over: no Seer is consulted")]
    GameOver,
    /// It is the other OverLord's move (note 8: "during their own move and
    /// not whilst their opponent's clock is running").
    #[error(
        "the {0} OverLord may consult his Seer only during his own move, not whilst his opponent's clock is running (note 8)"
    )]
    NotHisMove(&'static str),
    /// Three consultations already ("a maximum of three times").
    #[error(
        "the {0} OverLord has consulted his Seer three times already, the most the rules allow (\"a maximum of three times\")"
    )]
    NoneLeft(&'static str),
    /// He consulted already in this move (ruling `dragon.seers`).
    #[error(
        "the {0} OverLord has consulted his Seer in this move already (ruling dragon.seers: one consultation a move)"
    )]
    AlreadyThisMove(&'static str),
    /// A procedure's choice awaits him: it "must be made immediately".
    #[error(
        "a procedure's choice awaits the {0} OverLord and must be made immediately (ruling dragon.seers)"
    )]
    ChoicePending(&'static str),
    /// He has no other action: the game ends before any consultation.
    #[error("the {0} OverLord has no action for a Seer to advise on (ruling dragon.seers)")]
    NoAction(&'static str),
}

/// Why `side` may not consult his Seer in `p`, if he may not (checked in
/// the order of [`SeerRefusal`]'s variants).
#[must_use]
pub fn refusal(p: &Position, opts: &DragonOptions, side: Side) -> Option<SeerRefusal> {
    let name = side_name(side);
    if p.outcome.is_some() {
        Some(SeerRefusal::GameOver)
    } else if p.to_move != side {
        Some(SeerRefusal::NotHisMove(name))
    } else if p.counters.seers[side.index()] >= SEER_LIMIT {
        Some(SeerRefusal::NoneLeft(name))
    } else if p.flags & flags::SEER_THIS_MOVE != 0 {
        Some(SeerRefusal::AlreadyThisMove(name))
    } else if p.pending != 0 {
        Some(SeerRefusal::ChoicePending(name))
    } else if !moves::has_action_guarded(p, opts).0 {
        Some(SeerRefusal::NoAction(name))
    } else {
        None
    }
}

/// Whether the side to move may consult, given that he has another action
/// (the generator's quick test: no [`moves::has_action_guarded`]).
#[inline]
pub(crate) fn listed(p: &Position) -> bool {
    p.counters.seers[p.to_move.index()] < SEER_LIMIT
        && p.flags & flags::SEER_THIS_MOVE == 0
        && p.pending == 0
}

/// The procedures and rarer powers a State of Affairs reports open, as bits
/// of [`StateOfAffairs::open`], with their names. Planting a Flag (a `plant`
/// action legal: the flag-bearer on a covering position of the enemy banner
/// since before this move, ruling `dragon.planting`) is open like the others:
/// the seed lets a player "with-hold or delay Planting the Flag" (note 13),
/// so his Seer tells him he may.
pub const PROCEDURES: [&str; 9] = [
    "towering or castling",
    "springing",
    "an arrow",
    "a maiden flight",
    "firing a Cannon",
    "ramming",
    "en passant",
    "the Trident opening",
    "planting a flag",
];

/// Which of [`PROCEDURES`] `a` is (in `p`), if any.
fn procedure_of(p: &Position, a: Action) -> Option<usize> {
    match a.kind()? {
        ActionKind::Move if usize::from(a.from()) < super::board::SQUARES => {
            towering::is_towering(p, a.from(), a.to()).then_some(0)
        }
        ActionKind::Spring => Some(1),
        ActionKind::Arrow => Some(2),
        ActionKind::Release => Some(3),
        ActionKind::Fire => Some(4),
        ActionKind::Ram => Some(5),
        ActionKind::EnPassant => Some(6),
        ActionKind::Trident => Some(7),
        ActionKind::Plant => Some(8),
        ActionKind::Move
        | ActionKind::Capture
        | ActionKind::VesselAdvance
        | ActionKind::VesselRealign
        | ActionKind::Choice
        | ActionKind::Seer
        | ActionKind::Truce
        | ActionKind::Concede => None,
    }
}

/// What a Seer tells his Principal: what of his is under attack, which
/// procedures are open to him, and the material on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateOfAffairs {
    /// The consulting OverLord.
    pub side: Side,
    /// Which consultation this is, 1 to 3.
    pub consultation: u8,
    /// His forces on the grid (aboard vessels too) that an opposing force
    /// could capture (ruling `dragon.under-attack`; afloat also Rams and
    /// Cannons, `dragon.royal-aboard`).
    pub under_attack: SquareSet,
    /// His royal's room (the White Room, the Stairwell) when the royal is
    /// confined there and attacked (ruling `dragon.white-room`); `None`
    /// otherwise.
    pub room_attacked: Option<Area>,
    /// Bit `i` set: [`PROCEDURES`]`[i]` is open to him now.
    pub open: u16,
    /// His legal actions now (the consultation not counted).
    pub actions: u16,
    /// Forces of each side (`[Side::index]`) in play: on the grid and in the
    /// special areas (a tower with her bird inside counts two).
    pub forces: [u16; 2],
    /// Forces of each side in the Barren Lands (captured or lost).
    pub barren: [u16; 2],
    /// Vessels afloat of each original side.
    pub vessels: [u8; 2],
}

impl StateOfAffairs {
    /// The State of Affairs the side to move of `p` is told by his next
    /// consultation.
    #[must_use]
    pub fn of(p: &Position, opts: &DragonOptions) -> StateOfAffairs {
        let side = p.to_move;
        let c = Ctx::new(p, opts);
        let mut under_attack = SquareSet::EMPTY;
        for sq in p.occupied[side.index()].iter() {
            if c.b.region(sq) != Region::Ocean || p.vessel(sq).is_some() {
                let f = p.force(sq);
                if ocean::attacked_on(&c, p, sq, f) {
                    under_attack.insert(sq);
                }
            }
        }
        let room_attacked = room::royal_in_room(p, side)
            .filter(|&(area, royal)| room::attacked(&c, area, side.opponent(), royal))
            .map(|(area, _)| area);
        let mut legal = DragonActions::new();
        moves::legal_actions_guarded(p, opts, None, None, None, &mut legal);
        let mut open = 0u16;
        let mut actions = 0u16;
        for &a in &legal {
            if matches!(
                a.kind(),
                Some(ActionKind::Seer | ActionKind::Truce | ActionKind::Concede)
            ) {
                continue;
            }
            actions += 1;
            if let Some(i) = procedure_of(p, a) {
                open |= 1 << i;
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
            room_attacked,
            open,
            actions,
            forces,
            barren,
            vessels,
        }
    }
}

impl fmt::Display for StateOfAffairs {
    /// `the forest Seer (consultation 1 of 3): under attack E14, D12; open:
    /// springing; 30 actions; forces 23-22, in the Barren Lands 0-1, vessels
    /// 5-5` (the Forest's figures first; his royal attacked in his room is
    /// listed last as `white-room` or `stairwell`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} Seer (consultation {} of {SEER_LIMIT}): under attack ",
            side_name(self.side),
            self.consultation
        )?;
        if self.under_attack.is_empty() && self.room_attacked.is_none() {
            f.write_str("nothing")?;
        }
        for (i, sq) in self.under_attack.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(&square_name(sq))?;
        }
        if let Some(area) = self.room_attacked {
            if !self.under_attack.is_empty() {
                f.write_str(", ")?;
            }
            f.write_str(area.name())?;
        }
        f.write_str("; open: ")?;
        if self.open == 0 {
            f.write_str("no procedure")?;
        }
        let mut first = true;
        for (i, name) in PROCEDURES.iter().enumerate() {
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
            "; {} actions; forces {}-{}, in the Barren Lands {}-{}, vessels {}-{}",
            self.actions,
            self.forces[0],
            self.forces[1],
            self.barren[0],
            self.barren[1],
            self.vessels[0],
            self.vessels[1]
        )
    }
}

/// Applies a consultation of the side to move (legal in `p`): the State of
/// Affairs as it stands, then his count and the flag that he consulted in
/// this move. Returns the State of Affairs for the `seer` event.
pub(crate) fn apply(p: &mut Position, opts: &DragonOptions) -> StateOfAffairs {
    let affairs = StateOfAffairs::of(p, opts);
    let side = p.to_move;
    p.edit_off_grid(|p| {
        p.counters.seers[side.index()] += 1;
        p.flags |= flags::SEER_THIS_MOVE;
    });
    affairs
}

/// Ruling `dragon.seers`.
pub const SEERS: Ruling = Ruling {
    id: "dragon.seers",
    question: "How is a Seer consulted, when, and how do random games consult?",
    source: "seed 000 (Dragon), Cast (\"may be assisted in his play by The Forest Seer for a maximum of three times during the game\"), Overview (\"The Seers may be consulted on the State of Affairs existing in the game at the request of their Principals ... the time involved will be charged to the principal involved\"), note 8 (\"Consultations between Principals and Seers must take place during their own move and not whilst their opponent's clock is running\")",
    readings: &[
        Reading {
            name: "one-a-move-action",
            text: "a consultation is a legal action of the side to move (`seer forest`, `seer storm`), listed while he has consulted fewer than three times, not yet in this move, no procedure's choice awaits him (it \"must be made immediately\") and he has another action; it does not end his move (the same side moves next, the en-passant right stands, it is no move for the fifty-move truce) and reports the State of Affairs (his forces under attack, the procedures open to him, his number of actions, forces, Barren Lands and vessels of each side) as a `seer` event. Random play picks it like any other action, about one chance in 75 from the Arrowhead, so each OverLord's three consultations fall within the first few hundred plies and add at most six plies to a game; a fourth, one in the opponent's move or a second in the same move is refused with its reason (`Dragon::seer_refusal`)",
        },
        Reading {
            name: "outside-the-actions",
            text: "consultations are an API call beside the actions, never in the legal list (perft and random play never see them)",
        },
    ],
    clauses: &[
        "dragon.cast.1",
        "dragon.overview.24",
        "dragon.overview.25",
        "dragon.note-8",
    ],
    option: None,
    reason: "the design makes every choice a player makes an action (\"consult the Seer\" is its own example), so scenarios play and refuse it and random play exercises it; a second consultation in the same move would report the same State of Affairs and only spend one, and without the one-a-move limit perft and random play would chain consultations; a consultation that saved a side with no other action from stalemate or Locking Up would change the result, which the seed's Seers only advise on",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ApplyError, Game};
    use crate::dragon::{Dragon, DragonEvent, DragonOptions};

    #[test]
    fn three_consultations_a_game_one_a_move_never_in_the_opponents_move() {
        let mut g = Dragon::new(&DragonOptions::default());
        let seer = |s| action(s);
        assert!(g.is_legal(seer(Side::Red)));
        assert!(!g.is_legal(seer(Side::Green)));
        assert_eq!(
            g.seer_refusal(Side::Green),
            Some(SeerRefusal::NotHisMove("forest"))
        );
        let mut seen = Vec::new();
        for round in 1..=3u8 {
            let mut events = Vec::new();
            g.apply(seer(Side::Red), &mut |e| events.push(e)).unwrap();
            let [DragonEvent::Seer(affairs)] = events[..] else {
                panic!("one seer event, got {events:?}");
            };
            assert_eq!(affairs.consultation, round);
            assert_eq!(affairs.side, Side::Red);
            seen.push(affairs);
            assert_eq!(g.turn(), crate::core::Turn::Player(Side::Red));
            let why = if round < 3 {
                SeerRefusal::AlreadyThisMove("storm")
            } else {
                SeerRefusal::NoneLeft("storm")
            };
            assert_eq!(g.seer_refusal(Side::Red), Some(why));
            assert_eq!(g.play(seer(Side::Red)), Err(ApplyError::NotLegal));
            g.play(
                g.parse_action(["B4-B5", "H4-H5", "D4-D5"][usize::from(round) - 1])
                    .unwrap(),
            )
            .unwrap();
            g.play(
                g.parse_action(["B12-B11", "H12-H11", "D12-D11"][usize::from(round) - 1])
                    .unwrap(),
            )
            .unwrap();
        }
        assert_eq!(g.position().counters.seers, [0, 3]);
        assert_eq!(
            g.seer_refusal(Side::Red),
            Some(SeerRefusal::NoneLeft("storm"))
        );
        assert_eq!(g.play(seer(Side::Red)), Err(ApplyError::NotLegal));
        assert!(seen[0].forces[0] > 20 && seen[0].forces[1] > 20);
        assert_eq!(seen[0].barren, [0, 0]);
        assert_eq!(seen[0].vessels, [5, 5]);
        assert!(seen[0].actions > 20);
        assert!(seen[0].under_attack.is_empty());
        assert_eq!(seen[0].room_attacked, None);
    }

    /// The TrueBorn Prince attacked in the White Room (ruling
    /// `dragon.white-room`) is what his Seer reports first: the room is off
    /// the grid, so it is named beside the positions.
    #[test]
    fn a_royal_attacked_in_his_room_is_reported() {
        let mut g = Dragon::import(
            "9/9/wt8/df5gk2/RF8/9/9/9/9/9/9/9/9/9/4DW4 storm white-room:pr dungeons:JL \
             arrows:0,0,0,0,0,0,0 cannonballs:0,0,0,0 seers:0,0 \
             flags:prince-in-storms,ice-dragon-afire,jailer-shield-lowered quiet:0 ply:0",
            &DragonOptions::default(),
        )
        .unwrap();
        assert_eq!(g.state_of_affairs().room_attacked, None);
        g.play(g.parse_action("A11-E11").unwrap()).unwrap();
        let affairs = g.state_of_affairs();
        assert_eq!(affairs.room_attacked, Some(Area::WhiteRoom));
        assert!(affairs.under_attack.is_empty());
        let text = affairs.to_string();
        assert!(text.contains("under attack white-room; open"), "{text}");
    }
}
