//! The export's grid: every rank's
//! text from the force and vessel bytes through tables of their codes, made
//! once by the writers themselves ([`write_force`], [`write_vessel`]), into
//! one buffer passed on in one write (the full checks export twice a
//! check). A test compares it with the writers' rank loop on the positions
//! of random games and the perft table, and on grids of arbitrary bytes.

use std::fmt;
use std::sync::OnceLock;

use arrayvec::ArrayString;

use super::board::{FILES, RANKS};
use super::forces::Force;
use super::state::{Position, Vessel};
use super::text::{write_force, write_vessel};

/// A token's bytes and its length (the last byte).
type Code = [u8; 5];

/// The codes of every force byte (a code and its mark: up to three bytes)
/// and of every vessel byte (the letter, bow and colour inside the
/// parentheses: up to four).
struct Codes {
    forces: [Code; 256],
    vessels: [Code; 256],
}

/// The text of `write` as a [`Code`].
fn code(write: impl FnOnce(&mut ArrayString<16>) -> fmt::Result) -> Code {
    let mut s = ArrayString::<16>::new();
    let _ = write(&mut s);
    let mut c = [0u8; 5];
    let n = s.len().min(4);
    c[..n].copy_from_slice(&s.as_bytes()[..n]);
    c[4] = n as u8;
    c
}

fn codes() -> &'static Codes {
    static CODES: OnceLock<Codes> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut c = Codes {
            forces: [[0; 5]; 256],
            vessels: [[0; 5]; 256],
        };
        for b in 0..=255u8 {
            c.forces[usize::from(b)] = code(|s| write_force(Force(b), s));
            // Inside the parentheses, with no occupant.
            let mut s = ArrayString::<16>::new();
            let _ = write_vessel(Vessel(b), Force::NONE, &mut s);
            let inner = s
                .as_bytes()
                .get(1..s.len().saturating_sub(1))
                .unwrap_or(&[]);
            c.vessels[usize::from(b)] = code(|out| {
                out.try_push_str(std::str::from_utf8(inner).map_err(|_| fmt::Error)?)
                    .map_err(|_| fmt::Error)
            });
        }
        c
    })
}

/// The longest grid text: every position a vessel with an occupant,
/// `(FNEr:Ab')`, and the fourteen `/`.
const GRID_TEXT: usize = 15 * 9 * 10 + 14;

/// Writes the grid's fifteen ranks as [`export`](super::text) does, from
/// the top rank down: forces by their codes, vessels in parentheses, runs
/// of empty positions as their count, ranks separated by `/`.
pub(super) fn write_grid<W: fmt::Write + ?Sized>(p: &Position, out: &mut W) -> fmt::Result {
    let c = codes();
    let mut buf = [0u8; GRID_TEXT + 8];
    let mut n = 0;
    for r in (0..RANKS).rev() {
        let base = usize::from(r * FILES);
        // The rank's positions holding a force or a vessel, one bit each.
        let mut held = 0u32;
        for f in 0..usize::from(FILES) {
            let (force, vessel) = (p.forces[base + f], p.vessels[base + f]);
            held |= u32::from(force.is_some() || vessel.is_some()) << f;
        }
        let mut file = 0u8;
        while held != 0 {
            let f = held.trailing_zeros() as u8;
            held &= held - 1;
            if f > file {
                buf[n] = b'0' + (f - file);
                n += 1;
            }
            file = f + 1;
            let sq = base + usize::from(f);
            let (force, vessel) = (p.forces[sq], p.vessels[sq]);
            let fc = &c.forces[usize::from(force.0)];
            if vessel.is_some() {
                let vc = &c.vessels[usize::from(vessel.0)];
                buf[n] = b'(';
                buf[n + 1..n + 5].copy_from_slice(&vc[..4]);
                n += 1 + usize::from(vc[4]);
                if force.is_some() {
                    buf[n] = b':';
                    buf[n + 1..n + 4].copy_from_slice(&fc[..3]);
                    n += 1 + usize::from(fc[4]);
                }
                buf[n] = b')';
                n += 1;
            } else {
                buf[n..n + 3].copy_from_slice(&fc[..3]);
                n += usize::from(fc[4]);
            }
        }
        if file < FILES {
            buf[n] = b'0' + (FILES - file);
            n += 1;
        }
        if r > 0 {
            buf[n] = b'/';
            n += 1;
        }
    }
    out.write_str(std::str::from_utf8(&buf[..n]).map_err(|_| fmt::Error)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::zobrist::splitmix64;
    use crate::dragon::{DragonActions, DragonOptions};

    /// The grid as the writers write it rank by rank (the export's loop
    /// before the tables).
    fn written(p: &Position) -> String {
        let mut out = String::new();
        for r in (0..RANKS).rev() {
            let mut empty = 0u32;
            for f in 0..FILES {
                let sq = r * FILES + f;
                let (force, vessel) = (p.force(sq), p.vessel(sq));
                if force.is_none() && !vessel.is_some() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if vessel.is_some() {
                    write_vessel(vessel, force, &mut out).unwrap();
                } else {
                    write_force(force, &mut out).unwrap();
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out
    }

    fn grid(p: &Position) -> String {
        let mut s = String::new();
        write_grid(p, &mut s).unwrap();
        s
    }

    /// The tables' grid equals the writers' on every position of random
    /// games from the deployment and the perft table's positions, and on
    /// those positions with arbitrary force and vessel bytes written in.
    #[test]
    fn the_tables_write_the_grid_as_the_writers() {
        let opts = DragonOptions::default();
        let games = crate::dragon::guard::tests::start_games(&opts);
        let mut legal = DragonActions::new();
        let mut x = 0xE5_u64;
        let mut positions = 0usize;
        for start in &games {
            let mut g = start.clone();
            for ply in 0..150u64 {
                let p = *g.position();
                assert_eq!(grid(&p), written(&p), "ply {ply}");
                let mut q = p;
                for _ in 0..12 {
                    x = splitmix64(x);
                    let sq = (x % 135) as usize;
                    q.forces[sq] = Force((x >> 8) as u8);
                    q.vessels[sq] = Vessel((x >> 16) as u8);
                }
                assert_eq!(grid(&q), written(&q), "ply {ply}, bytes");
                positions += 1;
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                x = splitmix64(x ^ ply);
                g.play(legal[(x % legal.len() as u64) as usize]).unwrap();
            }
        }
        let mut full = Position::empty();
        for sq in 0..135 {
            full.forces[sq] = Force(0xC3);
            full.vessels[sq] = Vessel(0xD6);
        }
        assert_eq!(grid(&full), written(&full));
        eprintln!("{positions} positions");
        assert!(positions > 1000, "{positions}");
    }
}
