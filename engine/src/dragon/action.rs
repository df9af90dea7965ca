//! Dragon's actions, packed into 32 bits so that they compare as one integer.
//!
//! The fields, most significant first: the origin (a position 0-134, or
//! [`AREA_ORIGIN`]` + area`, or [`NO_ORIGIN`]), the destination, the
//! [`ActionKind`], and an extra byte (a bow, a choice). Actions therefore sort
//! by origin, then destination, then kind: the generator writes them in that
//! order, so the harness's duplicate check is one pass.
//!
//! | kind | notation | what |
//! |---|---|---|
//! | `Move` | `E2-E3` | a move (gliding and flying included) |
//! | `Capture` | `E2xE3` | a capture by replacement (blazing included) |
//! | `EnPassant` | `D4xE3ep` | an Elf or Troll captures the Gnome or Dwarf that just passed `E3` |
//! | `Arrow` | `E14*D12` | an arrow loosed from `E14` brings down the force on `D12` |
//! | `Release` | `A15^A4` | the Albatross inside the Watchtower on `A15` makes her maiden flight to `A4` |
//! | `VesselAdvance` | `vE10-E9` | the vessel on `E10` moves where her bow points (the ocean, part 4) |
//! | `VesselRealign` | `vE10>SW` | she re-aligns her bow |
//! | `Ram` | `vE10xE9` | she rams the vessel her bow points at |
//! | `Fire` | `vE10*C8` | her Cannon fires at the vessel on `C8` |
//! | `Trident` | `trident NW NE` | the Trident opening: both Ships re-align (note 17) |
//! | `Spring` | `spring E12` | the Librarian or Jailer On Alert is Sprung |
//! | `Choice` | `choose 3` | a procedure's choice |
//! | `Seer` | `seer storm` | the OverLord consults his Seer ([`seers`](super::seers)) |
//! | `Truce` | `truce` | the side to move offers a truce ([`truce`](super::truce), `--option truce-agreement=offers`) |
//! | `Concede` | `concede planting-a-flag` | the side to move concedes in lieu of a Locking Up, Direct Capture or Planting of a Flag (rule 27 a, [`conceding`](super::conceding), `--option concede=offers`) |
//! | `Plant` | `plant E4` | the flag-bearer on `E4` plants his (her) flag ([`victory`](super::victory)) |

use std::fmt;

/// The origin of an action from a special area: `AREA_ORIGIN + area index`.
pub const AREA_ORIGIN: u8 = 200;
/// The origin of an action from no position (a choice, a Seer).
pub const NO_ORIGIN: u8 = 255;

/// What an action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ActionKind {
    /// A move to an unoccupied position.
    Move = 0,
    /// A capture by replacement.
    Capture = 1,
    /// The en-passant capture of a Gnome or Dwarf that just moved two positions.
    EnPassant = 2,
    /// An arrow loosed.
    Arrow = 3,
    /// An Albatross's or Raven's maiden flight from her tower.
    Release = 4,
    /// A vessel moves one position where her bow points.
    VesselAdvance = 5,
    /// A vessel re-aligns her bow (the extra byte).
    VesselRealign = 6,
    /// A vessel rams the vessel her bow points at.
    Ram = 7,
    /// A Flagship's Cannon fires.
    Fire = 8,
    /// The Trident opening: both Ships beside the Red Flagship re-align (the
    /// extra byte: west Ship's bow * 8 + east Ship's bow).
    Trident = 9,
    /// Springing the Librarian or Jailer.
    Spring = 10,
    /// A procedure's choice (the extra byte).
    Choice = 11,
    /// A Seer consultation (the extra byte: the consulting side's index).
    Seer = 12,
    /// A truce offered by the side to move (rule 23.1).
    Truce = 13,
    /// Planting a Flag: the flag-bearer on the origin replaces the enemy banner
    /// (the destination is [`NO_ORIGIN`], so it sorts after the bearer's moves).
    Plant = 14,
    /// A concession by the side to move (rule 27 a; the extra byte: what it is
    /// in lieu of, [`InLieuOf`](super::conceding::InLieuOf)).
    Concede = 15,
}

impl ActionKind {
    /// Every kind by its value (the tests' reference for `from_u8`).
    #[cfg(test)]
    const ALL: [ActionKind; 16] = [
        ActionKind::Move,
        ActionKind::Capture,
        ActionKind::EnPassant,
        ActionKind::Arrow,
        ActionKind::Release,
        ActionKind::VesselAdvance,
        ActionKind::VesselRealign,
        ActionKind::Ram,
        ActionKind::Fire,
        ActionKind::Trident,
        ActionKind::Spring,
        ActionKind::Choice,
        ActionKind::Seer,
        ActionKind::Truce,
        ActionKind::Plant,
        ActionKind::Concede,
    ];

    /// The kind of value `v`, if any. Written as a `match` of each value
    /// (the compiler makes it one comparison, the value kept as it is), not
    /// a look-up in a table of the kinds: asked at every action applied,
    /// tested and written (a test compares the two for every byte).
    #[inline]
    #[must_use]
    pub const fn from_u8(v: u8) -> Option<ActionKind> {
        Some(match v {
            0 => ActionKind::Move,
            1 => ActionKind::Capture,
            2 => ActionKind::EnPassant,
            3 => ActionKind::Arrow,
            4 => ActionKind::Release,
            5 => ActionKind::VesselAdvance,
            6 => ActionKind::VesselRealign,
            7 => ActionKind::Ram,
            8 => ActionKind::Fire,
            9 => ActionKind::Trident,
            10 => ActionKind::Spring,
            11 => ActionKind::Choice,
            12 => ActionKind::Seer,
            13 => ActionKind::Truce,
            14 => ActionKind::Plant,
            15 => ActionKind::Concede,
            _ => return None,
        })
    }
}

/// One action of Dragon. See the module documentation for the packing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(pub u32);

impl Action {
    /// An action of `kind` from `from` to `to` with `extra`.
    #[inline]
    #[must_use]
    pub const fn new(kind: ActionKind, from: u8, to: u8, extra: u8) -> Action {
        Action((from as u32) << 24 | (to as u32) << 16 | (kind as u32) << 8 | extra as u32)
    }

    /// A move.
    #[inline]
    #[must_use]
    pub const fn step(from: u8, to: u8) -> Action {
        Action::new(ActionKind::Move, from, to, 0)
    }

    /// A capture.
    #[inline]
    #[must_use]
    pub const fn capture(from: u8, to: u8) -> Action {
        Action::new(ActionKind::Capture, from, to, 0)
    }

    /// The origin.
    #[inline]
    #[must_use]
    pub const fn from(self) -> u8 {
        (self.0 >> 24) as u8
    }

    /// The destination.
    #[inline]
    #[must_use]
    pub const fn to(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// The kind's value (use [`Action::kind`] for the kind).
    #[inline]
    #[must_use]
    pub const fn kind_value(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The kind, or `None` for a word that is no action.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> Option<ActionKind> {
        ActionKind::from_u8(self.kind_value())
    }

    /// The extra byte.
    #[inline]
    #[must_use]
    pub const fn extra(self) -> u8 {
        self.0 as u8
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        let _ = super::text::write_action(*self, &mut s);
        write!(f, "Action({s})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_four_bytes_and_sort_by_origin_destination_kind() {
        assert_eq!(std::mem::size_of::<Action>(), 4);
        let a = Action::step(3, 90);
        let b = Action::capture(3, 90);
        let c = Action::step(4, 0);
        assert!(a < b && b < c);
        assert_eq!(
            (a.from(), a.to(), a.kind()),
            (3, 90, Some(ActionKind::Move))
        );
        let r = Action::new(ActionKind::VesselRealign, 94, 94, 5);
        assert_eq!(r.extra(), 5);
        assert_eq!(Action(0x00_00_7f_00).kind(), None);
    }

    /// `from_u8`'s `match` reads every byte as the table of kinds does.
    #[test]
    fn from_u8_reads_as_the_table() {
        for v in 0..=u8::MAX {
            let table = ActionKind::ALL.get(usize::from(v)).copied();
            assert_eq!(ActionKind::from_u8(v), table, "{v}");
            if let Some(k) = table {
                assert_eq!(k as u8, v);
            }
        }
    }
}
