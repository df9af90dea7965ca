//! Freeing the Captive Wizard or Magician, and the other exchanges of an Elf
//! or Troll on the opposing home rank (seed 000, The Elves, The Trolls,
//! "Check Lists"):
//!
//! "Should an Elf reach The Storm Home Rank ... he may be exchanged for and
//! change place with one of the following forces: 1. The Captive Wizard, but
//! not The Wizard Unchained if he has been captured 2. A White Knight that has
//! been captured 3. A Green Knight that has been captured 4. A Ranger that has
//! been captured. If no Forest Force is available for exchange he must remain
//! an Elf. The Elf may remain as an Elf by choice, but the choice of exchange
//! must be made before the Forest Overlord presses his clock or he will remain
//! an Elf." The step [`Pending::Exchange`] after the move: `choose 0` remain,
//! `choose 1`-`4` the four in that order, each offered only when available.
//! Freeing: "The Captive Wizard and the Elf Interchange places. ... The Elf
//! becomes the Captive Elf". A captured force exchanged comes back from the
//! Barren Lands onto the Elf's position, the Elf going there in its place
//! (ruling `dragon.exchange`: "change place with"). The Trolls likewise on the
//! Forest Home Rank with the Captive Magician, Black and Red Knights and
//! Raiders. Ruling `dragon.exchange`: an Elf "reaches" the home rank by a move
//! onto it from another rank; moving along it offers nothing ("forfeited, at
//! least until and if another Elf reaches the Storm Home Rank").

use super::{Pending, ProcedureEvent, area_replace};
use crate::core::Side;
use crate::dragon::board::{Area, Board, rank_of};
use crate::dragon::events::DragonEvent;
use crate::dragon::forces::{Force, Kind};
use crate::dragon::state::Position;

/// The side's walker, its captive in the opposing tower, and the forces of
/// choices 1-4 (the captive's freed kind, then the captured kinds).
const fn table(side: Side) -> (Kind, Area, Kind, Kind, [Kind; 4]) {
    match side {
        Side::Green => (
            Kind::Elf,
            Area::StormTower,
            Kind::CaptiveWizard,
            Kind::CaptiveElf,
            [
                Kind::WizardUnchained,
                Kind::WhiteKnight,
                Kind::GreenKnight,
                Kind::Ranger,
            ],
        ),
        Side::Red => (
            Kind::Troll,
            Area::ScholarsTower,
            Kind::CaptiveMagician,
            Kind::CaptiveTroll,
            [
                Kind::MagicianUnchained,
                Kind::BlackKnight,
                Kind::RedKnight,
                Kind::Raider,
            ],
        ),
    }
}

/// The choices 1-4 available to `side`, as bits 1-4.
pub(crate) fn offered(p: &Position, side: Side) -> u8 {
    let (_, tower, captive, _, kinds) = table(side);
    let mut bits = 0;
    if super::area_has(p, tower, captive) {
        bits |= 2;
    }
    for (i, k) in kinds.iter().enumerate().skip(1) {
        if p.barren[*k as usize] > 0 {
            bits |= 2 << i;
        }
    }
    bits
}

/// The exchange step the move of `placed` from `from` to `to` opens.
pub(crate) fn opened(p: &Position, from: u8, to: u8, placed: Force) -> Option<(Pending, u8)> {
    let side = placed.side();
    let (walker, ..) = table(side);
    let home = Board::kingdom_rank(side.opponent(), 0);
    (placed.kind() == Some(walker)
        && rank_of(to) == home
        && rank_of(from) != home
        && offered(p, side) != 0)
        .then_some((Pending::Exchange, to))
}

/// Applies choice `k` (1-4) to the Elf (Troll) on `at`.
pub(crate) fn apply(
    p: &mut Position,
    side: Side,
    at: u8,
    k: u8,
    events: &mut impl FnMut(DragonEvent),
) {
    if k == 0 || k > 4 {
        return;
    }
    let (walker, tower, captive, chained, kinds) = table(side);
    let with = kinds[usize::from(k - 1)];
    p.take(at);
    if k == 1 {
        area_replace(p, tower, captive, Force::new(chained));
    } else {
        p.remove_barren(with as usize);
        p.add_barren(walker as usize);
    }
    p.put(at, Force::new(with));
    events(DragonEvent::Procedure(ProcedureEvent::Exchanged {
        with,
        on: at,
    }));
}
