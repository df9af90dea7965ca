//! The initial deployments, read from `engine/data/dragon/` (the project's
//! drafts: the seed's "Board and Initial Deployment" is lost; each file explains
//! every placement).
//!
//! - `arrowhead.txt`: the standard Arrowhead formation;
//! - `trident.txt`: the Trident formation of note 17, the two Red Ships beside
//!   the Red Flagship with their bows due North and an opening re-alignment.

use std::sync::OnceLock;

use super::board::{AREA_SLOTS, Area, DIRECTION_NAMES, NO_SQUARE, parse_square, square_name};
use super::forces::{Force, Kind};
use super::state::{Position, Vessel, VesselKind, flags};
use crate::core::Side;

const ARROWHEAD_TXT: &str = include_str!("../../data/dragon/arrowhead.txt");
const TRIDENT_TXT: &str = include_str!("../../data/dragon/trident.txt");

/// Which initial deployment (seed 000, note 17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Formation {
    /// The standard Arrowhead formation.
    #[default]
    Arrowhead,
    /// The Trident formation.
    Trident,
}

impl Formation {
    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Formation::Arrowhead => "arrowhead",
            Formation::Trident => "trident",
        }
    }

    /// The deployment, parsed on first use.
    ///
    /// # Panics
    ///
    /// Never: both embedded files are checked by this module's tests.
    #[must_use]
    pub fn position(self) -> &'static Position {
        static START: OnceLock<[Position; 2]> = OnceLock::new();
        let both = START.get_or_init(|| {
            let parse = |f: Formation, text| {
                parse_deployment(text)
                    .unwrap_or_else(|e| panic!("engine/data/dragon/{}.txt: {e}", f.name()))
            };
            [
                parse(Formation::Arrowhead, ARROWHEAD_TXT),
                parse(Formation::Trident, TRIDENT_TXT),
            ]
        });
        match self {
            Formation::Arrowhead => &both[0],
            Formation::Trident => &both[1],
        }
    }
}

/// The kinds whose "unmoved" flag the rules read: Towering and Castling (the
/// royals and their towers), the Dwarfs' and Gnomes' first move.
#[must_use]
pub const fn tracks_first_move(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::TruebornPrince
            | Kind::DarkWarlord
            | Kind::Watchtower
            | Kind::WatchtowerAlbatross
            | Kind::Castle
            | Kind::CastleRaven
            | Kind::Dwarf
            | Kind::Gnome
    )
}

/// A deployment file's text as a position.
///
/// # Errors
///
/// The line and what was expected.
pub fn parse_deployment(text: &str) -> Result<Position, String> {
    let mut p = Position::empty();
    apply_lines(&mut p, text, 0)?;
    p.seal();
    p.check().map_err(|e| e.0)?;
    Ok(p)
}

fn apply_lines(p: &mut Position, text: &str, depth: u8) -> Result<(), String> {
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at_line = |m: String| format!("line {}: {m}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["like", "arrowhead"] if depth == 0 => apply_lines(p, ARROWHEAD_TXT, 1)?,
            ["first", side] => {
                p.to_move = match side {
                    "forest" => Side::Green,
                    "storm" => Side::Red,
                    _ => return Err(at_line(format!("first forest or storm, found `{side}`"))),
                };
            }
            ["place", sq, kind] => {
                let sq = parse_square(sq).map_err(at_line)?;
                let kind = Kind::from_kebab(kind)
                    .ok_or_else(|| at_line(format!("unknown kind `{kind}`")))?;
                if p.force(sq).is_some() {
                    return Err(at_line(format!("{} is already occupied", square_name(sq))));
                }
                let force = if tracks_first_move(kind) {
                    Force::unmoved(kind)
                } else {
                    Force::new(kind)
                };
                p.put(sq, force);
            }
            ["vessel", sq, kind, bow] => {
                let sq = parse_square(sq).map_err(at_line)?;
                let kind = VesselKind::ALL
                    .into_iter()
                    .find(|k| k.name() == kind)
                    .ok_or_else(|| at_line(format!("unknown vessel `{kind}`")))?;
                let bow = DIRECTION_NAMES
                    .iter()
                    .position(|&d| d == bow)
                    .ok_or_else(|| {
                        at_line(format!("a bow is N NE E SE S SW W NW, found `{bow}`"))
                    })?;
                if p.vessel(sq).is_some() {
                    p.take_vessel(sq);
                }
                p.put_vessel(sq, Vessel::new(kind, bow as u8));
            }
            ["area", area, ref kinds @ ..] => {
                let area = Area::from_name(area)
                    .ok_or_else(|| at_line(format!("unknown area `{area}`")))?;
                if kinds.len() > AREA_SLOTS {
                    return Err(at_line(format!("at most {AREA_SLOTS} forces an area")));
                }
                for k in kinds {
                    let kind = Kind::from_kebab(k)
                        .ok_or_else(|| at_line(format!("unknown kind `{k}`")))?;
                    p.add_to_area(area, Force::new(kind)).map_err(at_line)?;
                }
            }
            ["counter", name, value] => {
                let v: u8 = value
                    .parse()
                    .map_err(|_| at_line(format!("a count, found `{value}`")))?;
                let c = &mut p.counters;
                match name {
                    "princess-arrows" => c.princess_arrows = v,
                    "library-arrows" => c.library_arrows = v,
                    "red-arrows" => c.red_arrows = v,
                    "green-cannonballs" => c.cannonballs[0] = v,
                    "red-cannonballs" => c.cannonballs[1] = v,
                    _ => return Err(at_line(format!("unknown counter `{name}`"))),
                }
            }
            ["opening", "trident", a, b] => {
                let a = parse_square(a).map_err(at_line)?;
                let b = parse_square(b).map_err(at_line)?;
                for sq in [a, b] {
                    if p.vessel(sq).kind() != VesselKind::RedShip || !p.vessel(sq).is_some() {
                        return Err(at_line(format!("no Red Ship on {}", square_name(sq))));
                    }
                }
                p.flags |= flags::TRIDENT_OPENING;
            }
            _ => return Err(at_line(format!("cannot read `{line}`"))),
        }
    }
    p.ep = NO_SQUARE;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::board::{Region, board};

    fn count(p: &Position, kind: Kind) -> usize {
        (0..135u8)
            .filter(|&sq| p.force(sq).kind() == Some(kind))
            .count()
            + p.areas
                .iter()
                .flatten()
                .filter(|f| f.kind() == Some(kind))
                .count()
    }

    #[test]
    fn the_arrowhead_has_the_counts_the_seed_states() {
        let p = Formation::Arrowhead.position();
        assert_eq!(
            count(p, Kind::WhiteKnight),
            2,
            "Sir Lancelot and Sir Tristram"
        );
        assert_eq!(
            count(p, Kind::BlackKnight),
            2,
            "Mordred and the Black Prince"
        );
        assert_eq!(count(p, Kind::Crossbowman), 2, "Tell and his son");
        assert_eq!(count(p, Kind::Guard), 2, "both Guards");
        assert_eq!(count(p, Kind::TruebornPrince), 1);
        assert_eq!(count(p, Kind::DarkWarlord), 1);
        assert_eq!(count(p, Kind::WatchtowerAlbatross), 2);
        assert_eq!(count(p, Kind::CastleRaven), 2);
        assert_eq!(p.counters.princess_arrows + p.counters.library_arrows, 4);
        assert_eq!(p.counters.red_arrows, 3);
        assert_eq!(p.counters.cannonballs, [3, 3]);
        assert_eq!(p.to_move, Side::Red, "the Storm OverLord moves first");
        assert_eq!(p.deployed_vessels, [5, 5]);
        // Every force on its own side's kingdom.
        for sq in p.all_occupied().iter() {
            assert_eq!(board().region(sq), Region::home(p.force(sq).side()));
        }
    }

    #[test]
    fn the_arrowhead_fixes_what_the_seed_fixes() {
        let p = Formation::Arrowhead.position();
        let sq = |s: &str| parse_square(s).unwrap();
        // Tell beside Sir Lancelot: a Crossbowman next to a White Knight on the rank.
        assert_eq!(p.force(sq("B15")).kind(), Some(Kind::Crossbowman));
        assert_eq!(p.force(sq("C15")).kind(), Some(Kind::WhiteKnight));
        // A Green Ship on the Forest coastal waters, file A.
        assert_eq!(p.vessel(sq("A10")).kind(), VesselKind::GreenShip);
        // Royal and towers on the home rank (Towering, Castling).
        for (royal, towers) in [("E15", ["A15", "I15"]), ("E1", ["A1", "I1"])] {
            assert!(p.force(sq(royal)).is_unmoved());
            for t in towers {
                assert_eq!(
                    crate::dragon::board::rank_of(sq(t)),
                    crate::dragon::board::rank_of(sq(royal))
                );
                assert!(p.force(sq(t)).is_unmoved());
            }
        }
        // The Flagships in their Harbours, Ships alongside.
        assert!(board().harbours.has(sq("E10")) && board().harbours.has(sq("E6")));
        assert_eq!(p.vessel(sq("E6")).kind(), VesselKind::RedFlagship);
        assert_eq!(p.vessel(sq("D6")).kind(), VesselKind::RedShip);
        assert_eq!(p.vessel(sq("F6")).kind(), VesselKind::RedShip);
        assert_ne!(DIRECTION_NAMES[p.vessel(sq("D6")).bow() as usize], "N");
    }

    #[test]
    fn the_trident_differs_only_in_the_two_bows_and_the_opening() {
        let a = Formation::Arrowhead.position();
        let t = Formation::Trident.position();
        let sq = |s: &str| parse_square(s).unwrap();
        assert_eq!(a.forces, t.forces);
        let differing: Vec<String> = (0..135u8)
            .filter(|&s| a.vessel(s) != t.vessel(s))
            .map(square_name)
            .collect();
        assert_eq!(differing, ["D6", "F6"]);
        assert_eq!(DIRECTION_NAMES[t.vessel(sq("D6")).bow() as usize], "N");
        assert_eq!(t.flags & flags::TRIDENT_OPENING, flags::TRIDENT_OPENING);
    }

    #[test]
    fn bad_deployment_lines_are_errors_with_lines() {
        for (text, needle) in [
            ("place Z9 dwarf", "line 1"),
            ("place E15 unicorn", "unknown kind"),
            ("place E15 dwarf\nplace E15 elf", "already occupied"),
            ("vessel E10 green-ship UP", "bow"),
            ("counter beans 3", "unknown counter"),
            (
                "area dungeons jailer jailer jailer jailer jailer",
                "at most",
            ),
            ("wat", "cannot read"),
            ("place E8 dwarf", "scope"),
        ] {
            let e = parse_deployment(text).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
