//! Dragon's ASCII board: the grid with its vessels and forces (the position
//! format's codes), the special areas, and who moves or the result.

use std::fmt;

use super::board::{AREAS, FILES, RANKS, Region, board};
use super::forces::Kind;
use super::state::Position;
use super::text::{side_name, write_force, write_vessel};
use crate::core::Side;

/// Draws the grid (north at the top), the special areas and who moves.
pub(crate) fn render(p: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    let b = board();
    for r in (0..RANKS).rev() {
        write!(out, "{:>2} ", r + 1)?;
        for f in 0..FILES {
            let sq = r * FILES + f;
            let mut cell = String::new();
            let (force, vessel) = (p.force(sq), p.vessel(sq));
            if vessel.is_some() {
                write_vessel(vessel, force, &mut cell)?;
            } else if force.is_some() {
                write_force(force, &mut cell)?;
            } else {
                cell.push(match b.region(sq) {
                    Region::Ocean if b.island.has(sq) => '*',
                    Region::Ocean => '~',
                    Region::Forest | Region::Storm if b.palace.has(sq) || b.citadel.has(sq) => ':',
                    Region::Forest | Region::Storm => '.',
                });
            }
            write!(out, " {cell:<9}")?;
        }
        writeln!(out, " {}", b.ranks[usize::from(r)].name())?;
    }
    out.write_str("   ")?;
    for f in 0..FILES {
        write!(out, " {:<9}", char::from(b'A' + f))?;
    }
    out.write_char('\n')?;
    for (a, slots) in p.areas.iter().enumerate() {
        if slots[0].is_none() {
            continue;
        }
        write!(out, "{}:", AREAS[a].name())?;
        for f in slots.iter().take_while(|f| f.is_some()) {
            out.write_char(' ')?;
            out.write_str(f.kind().map_or("?", Kind::name))?;
        }
        out.write_char('\n')?;
    }
    match p.outcome {
        Some(o) => writeln!(
            out,
            "over: {}",
            o.named([side_name(Side::Green), side_name(Side::Red)])
        ),
        None => writeln!(out, "{} to move", side_name(p.to_move)),
    }
}
