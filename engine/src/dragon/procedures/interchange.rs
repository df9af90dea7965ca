//! Interchanging (seed 000, "Check Lists"): setting the Ice Dragon afire, the
//! Storm Empress's choice, setting the Elder or Younger Winged Serpent afire,
//! and the TrueBorn Queen going to war.
//!
//! - "Upon the TrueBorn Prince landing (disembarking) on the Storm Beaches, the
//!   Forest Overlord has a choice on whether or not to set the Ice Dragon
//!   afire. The choice must be made immediately or is forfeited": the step
//!   [`Pending::IceDragon`] after that move, and only then. "1. The Ice Dragon
//!   with his wings now open is moved to the position the TrueBorn Prince
//!   disembarked upon. 2. The TrueBorn Prince is moved to the White Room. 3.
//!   The Green Sceptre (if there is one) is transformed into the Forest
//!   Talisman. 4. The Red Sceptre (if there is one) is transformed into the
//!   Storm Talisman. 5. The Jailer raises his Shield and is on alert. 6. The
//!   procedure is completed by the Forest Overlord pressing his clock." The
//!   Storm Talisman, Jailer and Shield act at once (the Storm OverLord moves
//!   next); the Ice Dragon and the Forest Talisman from the Forest OverLord's
//!   next move (rule 26).
//! - "The Storm Overlord now has the choice to transform the Storm Queen (if
//!   there is one) into the Storm Empress. The choice must be made after making
//!   his move ... and before pressing his clock or will be forfeited. ... Her
//!   Storm Flag, Bow, Quiver and any remaining Red Arrows are forfeited":
//!   [`Pending::Empress`] after his next move.
//! - "The option to set the Elder Winged Serpent afire occurs only upon the
//!   first disembarking by the Dark Warlord into the Forest Kingdom"; the Red
//!   Witch "landing (disembarking) on the Forest Beaches" likewise the Younger.
//!   "1. The Winged Serpent ... is moved to the position the Dark Warlord/Red
//!   Witch disembarked upon. 2. The Dark Warlord/Red Witch is moved to the
//!   Stairwell/Central Dungeon. 3. The Librarian raises his Shield and is on
//!   alert."
//! - "After the Storm Overlord presses his clock: 1. The TrueBorn Queen now
//!   automatically goes to war ... 2. The TrueBorn Queen collects her bow,
//!   quiver and two Green Arrows and is moved to the position of The Woodland
//!   Princess. 3. The Woodland Princess is moved to the position in New-Earth
//!   Library occupied by the TrueBorn Queen at work. ... 4. Any remaining Green
//!   Arrows of the Woodland Princess are Transferred to the TrueBorn Queen."

use super::{Pending, ProcedureEvent, area_add, area_has, area_replace, find, retype};
use crate::core::Side;
use crate::dragon::board::{Area, RankName, Region, board};
use crate::dragon::events::DragonEvent;
use crate::dragon::forces::{Force, Kind};
use crate::dragon::sea::OceanEvent;
use crate::dragon::state::{Position, flags};

/// The interchange step the move of `placed` from `from` to `to` opens, with
/// the landing position.
pub(crate) fn opened(
    p: &Position,
    from: u8,
    to: u8,
    placed: Force,
    flags_before: u32,
) -> Option<(Pending, u8)> {
    let b = board();
    if b.region(from) != Region::Ocean {
        return None;
    }
    let rank = b.rank_name(to);
    let kind = placed.kind()?;
    let step = if kind == Kind::TruebornPrince
        && rank == RankName::StormBeaches
        && area_has(p, Area::WhiteRoom, Kind::IceDragonWatching)
    {
        Pending::IceDragon
    } else if kind == Kind::DarkWarlord
        && rank == RankName::ForestBeaches
        && flags_before & flags::WARLORD_LANDED == 0
        && area_has(p, Area::Stairwell, Kind::ElderSerpentWaiting)
    {
        Pending::ElderSerpent
    } else if kind == Kind::RedWitch
        && rank == RankName::ForestBeaches
        && area_has(p, Area::CentralDungeon, Kind::YoungerSerpentWaiting)
    {
        Pending::YoungerSerpent
    } else {
        return None;
    };
    Some((step, to))
}

/// Sets the Ice Dragon or a Winged Serpent afire on `at`, where the royal
/// (the Red Witch) landed.
pub(crate) fn set_afire(
    p: &mut Position,
    step: Pending,
    at: u8,
    events: &mut impl FnMut(DragonEvent),
) {
    let (afire, waiting, area) = match step {
        Pending::IceDragon => (
            Kind::IceDragonAfire,
            Kind::IceDragonWatching,
            Area::WhiteRoom,
        ),
        Pending::ElderSerpent => (
            Kind::ElderSerpentAfire,
            Kind::ElderSerpentWaiting,
            Area::Stairwell,
        ),
        Pending::None
        | Pending::Guards
        | Pending::YoungerSerpent
        | Pending::Empress
        | Pending::Exchange
        | Pending::TruceOffer
        | Pending::ConcedeLockingUp
        | Pending::ConcedeDirectCapture
        | Pending::ConcedePlanting => (
            Kind::YoungerSerpentAfire,
            Kind::YoungerSerpentWaiting,
            Area::CentralDungeon,
        ),
    };
    // 1-2: the Dragon (Serpent) to the landing position, the royal to the
    // special area (no longer tracked as unmoved).
    let royal = p.take(at);
    p.put(at, Force::new(afire));
    area_replace(p, area, waiting, royal.moved());
    events(DragonEvent::Procedure(ProcedureEvent::Interchanged {
        afire,
        on: at,
    }));
    if step == Pending::IceDragon {
        // 3-4: the Sceptres become the Talismans.
        for (side, from, to) in [
            (Side::Green, Kind::GreenSceptre, Kind::ForestTalisman),
            (Side::Red, Kind::RedSceptre, Kind::StormTalisman),
        ] {
            if let Some(sq) = find(p, side, from) {
                retype(p, sq, to);
                events(DragonEvent::Ocean(OceanEvent::Transformed {
                    on: sq,
                    from,
                    to,
                }));
            }
        }
        // 5: the Jailer On Alert.
        area_replace(
            p,
            Area::Dungeons,
            Kind::Jailer,
            Force::new(Kind::JailerOnAlert),
        );
        p.edit_off_grid(|p| p.flags |= flags::ICE_DRAGON_AFIRE | flags::EMPRESS_DUE);
    } else {
        // 3: the Librarian On Alert; the Queen goes to war after this move.
        area_replace(
            p,
            Area::NewEarthLibrary,
            Kind::Librarian,
            Force::new(Kind::LibrarianOnAlert),
        );
        let due = if p.flags & flags::QUEEN_AT_WAR == 0 {
            flags::QUEEN_WAR_DUE
        } else {
            0
        };
        p.edit_off_grid(|p| p.flags |= flags::SERPENT_AFIRE | due);
    }
}

/// The Storm Queen becomes the Storm Empress, forfeiting her bow, quiver,
/// Storm Flag and remaining Red Arrows.
pub(crate) fn empress(p: &mut Position, events: &mut impl FnMut(DragonEvent)) {
    let Some(sq) = find(p, Side::Red, Kind::StormQueen) else {
        return;
    };
    retype(p, sq, Kind::StormEmpress);
    let arrows = p.counters.red_arrows;
    p.edit_off_grid(|p| {
        p.counters.red_arrows_forfeited += arrows;
        p.counters.red_arrows = 0;
    });
    events(DragonEvent::Procedure(ProcedureEvent::Empress {
        on: sq,
        arrows,
    }));
}

/// The TrueBorn Queen goes to war: she changes places with the Woodland
/// Princess and takes her two Green Arrows and the Princess's remaining ones.
pub(crate) fn queen_to_war(p: &mut Position, events: &mut impl FnMut(DragonEvent)) {
    p.edit_off_grid(|p| p.flags &= !flags::QUEEN_WAR_DUE);
    let Some(sq) = p.princesses.iter().next() else {
        return;
    };
    if !area_has(p, Area::NewEarthLibrary, Kind::QueenAtWork) {
        return;
    }
    let princess = p.take(sq);
    p.put(sq, Force::new(Kind::QueenAtWar));
    area_replace(p, Area::NewEarthLibrary, Kind::QueenAtWork, princess);
    let arrows = p.counters.library_arrows + p.counters.princess_arrows;
    p.edit_off_grid(|p| {
        p.counters.queen_arrows += arrows;
        p.counters.library_arrows = 0;
        p.counters.princess_arrows = 0;
        p.flags |= flags::QUEEN_AT_WAR;
    });
    events(DragonEvent::Procedure(ProcedureEvent::QueenToWar {
        on: sq,
        arrows,
    }));
    let _ = area_add;
}
