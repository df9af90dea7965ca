//! What crossing between a kingdom and Trafalgar Ocean does to a force (seed
//! 000, "Scope, Moves and Powers of the Forces"; rule 26):
//!
//! - on entering the other kingdom, by disembarking: "Upon A Dwarf landing
//!   (disembarking) on the Storm Beaches, he gains promotion to an Elf", a
//!   Gnome to a Troll; "Upon entering the Kingdom of Storms a Crossbowman is
//!   promoted into a Siege Director", a Catapult "is re-formed into a Red Siege
//!   Machine when entering the Forest Kingdom"; "Upon disembarking and entering
//!   the Kingdom of Storms a Buccaneer is promoted to a Ranger", a Pirate to a
//!   Raider; "Upon entering the Kingdom of Storms a Watchtower is re-formed into
//!   a Green Fortress", a Castle into a Red Fortress ([`on_entering`]);
//! - on leaving his kingdom, by embarking: "An Unreleased Albatross is deemed
//!   Lost ... if ... 3. Her Watchtower leaves the Forest Kingdom (lost)" (a
//!   Raven with her Castle likewise); the Storm Queen "once she leaves she is
//!   transformed into the Red Witch", whose "bow and remaining red arrows and
//!   quiver are forfeited and placed in the Jailer's office" (ruling
//!   `dragon.storm-queen-embarks`);
//! - the history the royals' limits read: the TrueBorn Prince has left for the
//!   ocean, has reached the Kingdom of Storms; the Dark Warlord has disembarked
//!   into the Forest Kingdom; the Red Witch has left the ocean.
//!
//! Rule 26: "Transformations ... are effective upon completion of the move
//! bringing such change about. The new powers of movement and capture of such a
//! force cannot be used, however, until the following move unless stated
//! otherwise": the kind changes as the move completes, so the force moves with
//! its new powers on its side's next move (ruling `dragon.rule-26`).

use super::board::{Region, board};
use super::events::DragonEvent;
use super::forces::{Force, Kind};
use super::sea::OceanEvent;
use super::state::{Position, flags};
use crate::core::InvariantError;

/// What `kind` becomes on entering `region` from the ocean, if anything.
#[must_use]
pub const fn on_entering(kind: Kind, region: Region) -> Option<Kind> {
    match (kind, region) {
        (Kind::Dwarf, Region::Storm) => Some(Kind::Elf),
        (Kind::Crossbowman, Region::Storm) => Some(Kind::SiegeDirector),
        (Kind::Buccaneer, Region::Storm) => Some(Kind::Ranger),
        (Kind::Watchtower, Region::Storm) => Some(Kind::GreenFortress),
        (Kind::Gnome, Region::Forest) => Some(Kind::Troll),
        (Kind::Catapult, Region::Forest) => Some(Kind::RedSiegeMachine),
        (Kind::Pirate, Region::Forest) => Some(Kind::Raider),
        (Kind::Castle, Region::Forest) => Some(Kind::RedFortress),
        _ => None,
    }
}

/// What a force moving from `from` to `to` becomes, with the losses,
/// forfeits and history flags crossing the border brings. Called with the
/// force in hand (off the board) before it is put on `to`.
pub(crate) fn crossing(
    p: &mut Position,
    from: u8,
    to: u8,
    f: Force,
    events: &mut impl FnMut(DragonEvent),
) -> Force {
    let b = board();
    let (left, entered) = (b.region(from), b.region(to));
    if left == entered {
        return f;
    }
    let Some(kind) = f.kind() else {
        return f;
    };
    let mut flag = 0;
    let mut out = f;
    if entered == Region::Ocean {
        // Embarking.
        if matches!(kind, Kind::WatchtowerAlbatross | Kind::CastleRaven) {
            let (tower, bird) = if kind == Kind::WatchtowerAlbatross {
                (Kind::Watchtower, Kind::Albatross)
            } else {
                (Kind::Castle, Kind::Raven)
            };
            p.add_barren(bird as usize);
            events(DragonEvent::Ocean(OceanEvent::Lost { on: to, bird }));
            out = Force::new(tower);
        } else if kind == Kind::StormQueen {
            events(DragonEvent::Ocean(OceanEvent::Transformed {
                on: to,
                from: kind,
                to: Kind::RedWitch,
            }));
            let arrows = p.counters.red_arrows;
            events(DragonEvent::Ocean(OceanEvent::Forfeited { arrows }));
            p.edit_off_grid(|p| {
                p.counters.red_arrows_forfeited += arrows;
                p.counters.red_arrows = 0;
            });
            out = Force::new(Kind::RedWitch);
        } else if kind == Kind::TruebornPrince {
            flag = flags::PRINCE_SAILED;
        }
    } else if left == Region::Ocean {
        // Disembarking.
        if let Some(new) = on_entering(kind, entered) {
            events(DragonEvent::Ocean(OceanEvent::Transformed {
                on: to,
                from: kind,
                to: new,
            }));
            out = Force::new(new);
        }
        flag = match (kind, entered) {
            (Kind::TruebornPrince, Region::Storm) => flags::PRINCE_IN_STORMS,
            (Kind::DarkWarlord, Region::Forest) => flags::WARLORD_LANDED,
            (Kind::RedWitch, _) => flags::WITCH_LANDED,
            _ => 0,
        };
    }
    if flag != 0 && p.flags & flag == 0 {
        p.edit_off_grid(|p| p.flags |= flag);
    }
    out
}

/// The lines of descent: the kinds a force of the deployment can become by
/// every transformation, promotion, demotion and exchange of seed 000 (a
/// Dwarf is promoted to an Elf, a Palace Defender demoted to a Dwarf, an Elf
/// exchanged becomes the Captive Elf; a Guard becomes a Buccaneer at
/// Towering, a Buccaneer a Ranger; a Watchtower becomes a Green Fortress, or
/// the Green Sceptre at Towering and then the Forest Talisman; the Storm Queen
/// the Storm Empress or the Red Witch; and the Storm counterparts). A tower
/// with her bird inside counts in both her tower's line and her bird's. Each
/// line's total (on the grid, in the special areas, in the Barren Lands) is
/// conserved: [`check_lines`].
pub const LINES: [&[Kind]; 11] = [
    &[
        Kind::Dwarf,
        Kind::Elf,
        Kind::PalaceDefender,
        Kind::CaptiveElf,
    ],
    &[Kind::Crossbowman, Kind::SiegeDirector],
    &[Kind::Guard, Kind::Buccaneer, Kind::Ranger],
    &[
        Kind::Watchtower,
        Kind::WatchtowerAlbatross,
        Kind::GreenFortress,
        Kind::GreenSceptre,
        Kind::ForestTalisman,
    ],
    &[Kind::Albatross, Kind::WatchtowerAlbatross],
    &[
        Kind::Gnome,
        Kind::Troll,
        Kind::CitadelWatcher,
        Kind::CaptiveTroll,
    ],
    &[Kind::Catapult, Kind::RedSiegeMachine],
    &[Kind::Warder, Kind::Pirate, Kind::Raider],
    &[
        Kind::Castle,
        Kind::CastleRaven,
        Kind::RedFortress,
        Kind::RedSceptre,
        Kind::StormTalisman,
    ],
    &[Kind::Raven, Kind::CastleRaven],
    &[Kind::StormQueen, Kind::StormEmpress, Kind::RedWitch],
];

/// For each kind value, the set of [`LINES`] it belongs to (bit `i` for
/// `LINES[i]`): what [`Position::put`], [`Position::take`],
/// [`Position::add_barren`] and [`Position::edit_off_grid`] add to or take
/// from [`Position::lines`].
pub(crate) static LINE_OF: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut i = 0;
    while i < LINES.len() {
        let mut j = 0;
        while j < LINES[i].len() {
            t[LINES[i][j] as usize] |= 1 << i;
            j += 1;
        }
        i += 1;
    }
    t
};

/// Each line's total in `p`: forces on the grid, in the special areas and in
/// the Barren Lands, counted afresh (what [`Position::lines`] keeps). No
/// allocation: the forces are counted by kind, then summed per line.
#[must_use]
pub fn line_totals(p: &Position) -> [u8; LINES.len()] {
    let mut by_kind = p.barren;
    for f in &p.forces {
        if f.is_some() {
            let k = usize::from(f.kind_value());
            by_kind[k] = by_kind[k].wrapping_add(1);
        }
    }
    for f in p.areas.iter().flatten() {
        let k = usize::from(f.kind_value());
        by_kind[k] = by_kind[k].wrapping_add(1);
    }
    totals_by_kind(&by_kind)
}

/// Each line's total from the forces of each kind value (anywhere).
#[must_use]
pub(crate) fn totals_by_kind(by_kind: &[u8; 64]) -> [u8; LINES.len()] {
    let mut out = [0u8; LINES.len()];
    for (o, line) in out.iter_mut().zip(LINES) {
        for &k in line {
            *o = o.wrapping_add(by_kind[k as usize]);
        }
    }
    out
}

/// The invariant: every line's total in `p` equals `deployed` (the totals at
/// the deployment or the import), so no transformation, sinking or capture
/// created or lost a force.
///
/// # Errors
///
/// The first line whose total changed.
pub fn check_lines(p: &Position, deployed: &[u8; LINES.len()]) -> Result<(), InvariantError> {
    // The totals are kept as forces are put on and taken off the grid, added
    // to the Barren Lands and moved in or out of the special areas (any other
    // change of those would break the hash, checked after every step too).
    // They are counted afresh where the position's history is unknown (an
    // import, an edit, an action that changed more than eight positions);
    // an export and its import (the sampled full checks) compare them with a
    // fresh count as well, since they are part of the position.
    if p.touched.squares().is_none() {
        let counted = line_totals(p);
        if counted != p.lines {
            return Err(InvariantError(format!(
                "the lines of descent hold {counted:?} forces, {:?} recorded",
                p.lines
            )));
        }
    }
    if p.lines == *deployed {
        return Ok(());
    }
    for (i, (&a, &b)) in p.lines.iter().zip(deployed.iter()).enumerate() {
        if a != b {
            return Err(InvariantError(format!(
                "the line of {} holds {a} forces, {b} deployed",
                LINES[i][0].name()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_transformations_go_to_the_counterpart_in_the_other_kingdom() {
        let mut n = 0;
        for &k in Kind::ALL {
            for r in [Region::Forest, Region::Ocean, Region::Storm] {
                if let Some(t) = on_entering(k, r) {
                    n += 1;
                    assert_eq!(t.side(), k.side(), "{k:?}");
                    assert_ne!(r, Region::home(k.side()), "{k:?} transforms at home");
                    assert!(
                        board().allowed[t as usize].count() == 45,
                        "{t:?} is of one kingdom"
                    );
                    assert!(!board().allowed[k as usize].meets(board().allowed[t as usize]));
                }
            }
        }
        assert_eq!(n, 8);
    }

    #[test]
    fn the_lines_hold_every_kind_that_transforms_and_catch_a_wrong_transformation() {
        for k in [
            Kind::Dwarf,
            Kind::Crossbowman,
            Kind::Buccaneer,
            Kind::Watchtower,
            Kind::Gnome,
            Kind::Catapult,
            Kind::Pirate,
            Kind::Castle,
        ] {
            let t = on_entering(k, Region::home(k.side().opponent())).unwrap();
            assert!(
                LINES.iter().any(|l| l.contains(&k) && l.contains(&t)),
                "{k:?} and {t:?} share a line"
            );
        }
        let mut p = *crate::dragon::deploy::Formation::Arrowhead.position();
        let deployed = line_totals(&p);
        // The Arrowhead: eight Dwarfs and three Palace Defenders, two Albatrosses.
        assert_eq!((deployed[0], deployed[4]), (11, 2));
        assert!(check_lines(&p, &deployed).is_ok());
        let a14 = crate::dragon::board::parse_square("A14").unwrap();
        p.take(a14);
        p.put(a14, Force::new(Kind::SiegeDirector));
        let e = check_lines(&p, &deployed).unwrap_err();
        assert!(e.0.contains("a Dwarf"), "{e}");
    }

    #[test]
    fn the_kept_totals_follow_the_grid_the_areas_and_the_barren_lands() {
        let mut p = *crate::dragon::deploy::Formation::Arrowhead.position();
        let deployed = line_totals(&p);
        assert_eq!(p.lines, deployed);
        // After an action (a known history) only the kept totals are read: a
        // force gone to the Barren Lands keeps its line whole.
        p.begin_action();
        let a14 = crate::dragon::board::parse_square("A14").unwrap();
        let dwarf = p.take(a14);
        p.add_barren(usize::from(dwarf.kind_value()));
        assert_eq!((p.lines, check_lines(&p, &deployed)), (deployed, Ok(())));
        // A Dwarf more in a special area, through the areas' editor: caught.
        let area = crate::dragon::board::AREAS
            .into_iter()
            .find(|a| p.areas[a.index()].iter().any(|f| f.is_none()))
            .unwrap();
        p.add_to_area(area, Force::new(Kind::Dwarf)).unwrap();
        assert_eq!(p.lines, line_totals(&p));
        assert!(
            check_lines(&p, &deployed)
                .unwrap_err()
                .0
                .contains("a Dwarf")
        );
        // Kept totals that disagree with a fresh count, in a position of
        // unknown history: caught.
        let mut q = *crate::dragon::deploy::Formation::Arrowhead.position();
        q.lines[3] += 1;
        let e = check_lines(&q, &deployed).unwrap_err();
        assert!(e.0.contains("recorded"), "{e}");
    }

    #[test]
    fn random_games_with_the_ocean_conserve_every_line() {
        use crate::core::Game;
        use crate::dragon::{Dragon, DragonOptions};
        let mut crossings = 0;
        crate::dragon::tests::random_games(
            &Dragon::new(&DragonOptions::default()),
            10,
            2000,
            0x0CEA,
            |e| {
                if matches!(
                    e,
                    DragonEvent::Ocean(OceanEvent::Transformed { .. } | OceanEvent::Lost { .. })
                ) {
                    crossings += 1;
                }
            },
            |g| assert_eq!(g.position().lines, line_totals(g.position())),
        );
        assert!(crossings >= 5, "only {crossings} crossings");
    }
}
