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
}
