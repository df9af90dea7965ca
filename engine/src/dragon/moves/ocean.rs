//! Trafalgar Ocean: issue 5 part 4, IN PROGRESS in its own worktree
//! (`dragon-ocean`). Until it lands this module generates no action at sea
//! but the Trident opening: vessels stay where they are deployed, forces
//! cannot embark, and nothing aboard moves.
//!
//! What the ocean adds, here and in [`apply`](crate::dragon::apply):
//!
//! - [`generate_at`]: every action at a water position `sq` of the side to
//!   move, written ascending by destination: the vessel's (advance where her
//!   bow points, re-align, ram, fire a Cannon) when she flies the mover's
//!   colour, then her occupant's (boarding, disembarking with or without a
//!   capture);
//! - embarking from land onto an unoccupied allied vessel (a land force's
//!   move onto water), for each force whose scope includes the ocean: to be
//!   called from [`land::generate`](super::land) beside the land moves;
//! - [`attacks_from_sea`]: whether a force aboard attacks a land position (a
//!   disembarking capture), for the royals' attack test.
//!
//! Vessel data is in [`Vessel`](crate::dragon::state::Vessel): her kind, her
//! original side (Captain or Ferryman), the colour she flies and her bow; her
//! occupant is `forces[sq]`. The invariants already check that vessels stay on
//! water, that an occupied vessel flies her occupant's colour and an empty one
//! her own, and that vessels are conserved (afloat + sunk = deployed).

use super::super::action::{Action, ActionKind};
use super::super::board::{NO_SQUARE, board};
use super::super::state::{Position, VesselKind, flags};
use super::{Ctx, Sink};

/// The actions at water position `sq`: none yet (issue 5 part 4).
#[inline]
pub(crate) fn generate_at(_c: &Ctx<'_>, _sq: u8, _out: &mut impl Sink) {}

/// Whether a force of `by` aboard a vessel attacks land position `sq`: never
/// yet (issue 5 part 4).
#[inline]
pub(crate) fn attacks_from_sea(_c: &Ctx<'_>, _sq: u8, _by: crate::core::Side) -> bool {
    false
}

/// The Trident opening (note 17, ruling `dragon.trident-opening`): one action
/// re-aligns both Red Ships beside the Red Flagship, each to any bow but due
/// North. The Ships are the Red Ships alongside the Red Flagship (west first).
pub(crate) fn trident_opening(c: &Ctx<'_>, out: &mut impl Sink) {
    let Some((west, east)) = trident_ships(c) else {
        return;
    };
    for w in 1..8u8 {
        for e in 1..8u8 {
            out.push(Action::new(ActionKind::Trident, west, east, w * 8 + e));
        }
    }
}

/// The two Red Ships immediately alongside the Red Flagship, west then east.
pub(crate) fn trident_ships(c: &Ctx<'_>) -> Option<(u8, u8)> {
    let b = board();
    let flagship =
        c.p.fleet
            .iter()
            .find(|&sq| c.p.vessel(sq).kind() == VesselKind::RedFlagship)?;
    let west = b.step[6][flagship as usize];
    let east = b.step[2][flagship as usize];
    let is_ship = |sq: u8| {
        sq != NO_SQUARE && c.p.vessel(sq).is_some() && c.p.vessel(sq).kind() == VesselKind::RedShip
    };
    (is_ship(west) && is_ship(east)).then_some((west, east))
}

/// Applies the Trident opening `action` (from [`trident_opening`]).
pub(crate) fn apply_trident(p: &mut Position, action: Action) {
    let (west, east) = (action.from(), action.to());
    let (w, e) = (action.extra() >> 3 & 7, action.extra() & 7);
    for (sq, bow) in [(west, w), (east, e)] {
        let v = p.take_vessel(sq);
        p.put_vessel(sq, v.with_bow(bow));
    }
    p.edit_off_grid(|p| p.flags &= !flags::TRIDENT_OPENING);
}

#[cfg(test)]
mod tests {
    use crate::dragon::board::parse_square;
    use crate::dragon::deploy::Formation;
    use crate::dragon::moves::DragonActions;
    use crate::dragon::options::DragonOptions;

    #[test]
    fn the_trident_opening_offers_every_pair_of_new_bows() {
        let opts = DragonOptions::default();
        let p = Formation::Trident.position();
        let mut out = DragonActions::new();
        crate::dragon::moves::legal_actions(p, &opts, &mut out);
        assert_eq!(out.len(), 49);
        assert!(out.iter().all(|a| a.from() == parse_square("D6").unwrap()));
        assert!(out.windows(2).all(|w| w[0] < w[1]));
    }
}
