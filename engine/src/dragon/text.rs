//! Dragon's text forms: action notation, the position format, and the ASCII
//! board.
//!
//! **Notation** (see [`action`](super::action)): `E2-E3`, `E2xE3`, `D4xE3ep`,
//! `E14*D12` (an arrow), `A15^A4` (a maiden flight), `vE10-E9`, `vE10>SW`,
//! `vE10xE9`, `vE10*C8` (vessels), `trident NW NE`, `spring E12`, `choose 3`,
//! `seer storm` (`seer forest`; `seer` alone reads as the side to move's),
//! `truce` (an offer).
//!
//! **Positions**: one line of space-separated fields:
//!
//! 1. the grid, ranks 15 to 1 separated by `/`; in a rank, a digit is a run of
//!    empty positions, a two-letter code a force (Forest lower case, Storm
//!    upper case, [`Kind::code`]) with `'` when it has not moved (only for the
//!    forces whose first move matters), and `(...)` a vessel: her letter (`f`
//!    Green Flagship, `s` Green Ship, `F` Red Flagship, `S` Red Ship), her bow
//!    (`N` ... `NW`), the colour she flies (`g` or `r`), and `:` and her
//!    occupant's code if occupied: `(fSg)`, `(SNWg:pr)`;
//! 2. `storm` or `forest`: who moves;
//! 3. then `key:value` fields: each non-empty special area by name with its
//!    forces' codes (`new-earth-library:qk,lb`); `arrows:` the Green Arrows of
//!    the Woodland Princess, of the Library, of the TrueBorn Queen at war, the
//!    Red Arrows of the Storm Queen, those forfeited, and the spent Green and
//!    Red ones; `cannonballs:` left on the Green and Red Flagships, then fired
//!    from each; `seers:` consultations of each OverLord; `barren:` captured or
//!    lost forces by code and count (`df2,GN1`), if any; `sunk:` vessels by
//!    letter and count, if any; `flags:` if any; `ep:` the position a double
//!    step passed, if any; `pending:` the procedure step awaiting a choice,
//!    if any (`pending:guards`, `pending:ice-dragon@E5`, `pending:exchange@E1`:
//!    [`Pending`]); `quiet:` plies towards the fifty-move truce; `ply:`;
//! 4. the result once over, such as `draw:fifty-move-truce`
//!    (`draw:threefold-repetition` and `draw:truce-by-agreement` are taken as
//!    recorded: the position alone does not show them).

use std::fmt;

use super::action::{AREA_ORIGIN, Action, ActionKind, NO_ORIGIN};
use super::apply::{self, FIFTY_MOVE_TRUCE, PLY_BOUND_TRUCE, STALEMATE_TRUCE};
use super::board::{
    AREA_SLOTS, AREAS, Area, DIRECTION_NAMES, FILES, NO_SQUARE, RANKS, Region, SQUARES, board,
    file_of, parse_square, quick_square, rank_of, square_name, write_square,
};
use super::deploy::tracks_first_move;
use super::forces::{Force, Kind};
use super::moves::Ctx;
use super::moves::ocean;
use super::options::DragonOptions;
use super::procedures::Pending;
use super::state::{Position, Vessel, VesselKind, flags};
use super::victory;
use crate::core::{NotationError, Outcome, PositionError, Side};

const ACTION_FORMS: &str = "a move `E2-E3`, a capture `E2xE3`, en passant `D4xE3ep`, an arrow `E14*D12`, a maiden flight `A15^A4`, a vessel's `vE10-E9`, `vE10xE9`, `vE10>SW` or `vE10*C8`, `trident NW NE`, `spring E12`, `plant E4`, `choose 3`, `seer storm` (`seer forest`), `truce` or `concede planting-a-flag`";

/// The side names of Dragon: `forest` (Green, North) and `storm` (Red, South).
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Green => "forest",
        Side::Red => "storm",
    }
}

fn write_origin(from: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    if (from as usize) < SQUARES {
        write_square(from, out)
    } else if from >= AREA_ORIGIN && usize::from(from - AREA_ORIGIN) < AREAS.len() {
        out.write_str(AREAS[usize::from(from - AREA_ORIGIN)].name())
    } else {
        out.write_char('?')
    }
}

fn write_direction(d: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(DIRECTION_NAMES[usize::from(d & 7)])
}

/// Writes `action` in Dragon's notation. Any 32-bit word writes without
/// panicking (positions off the grid as `?`).
pub(crate) fn write_action(action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let (from, to) = (action.from(), action.to());
    // The commonest forms, a move, a capture and a vessel re-aligned, in one
    // write.
    let step = match action.kind() {
        Some(ActionKind::Move) => Some(b'-'),
        Some(ActionKind::Capture) => Some(b'x'),
        Some(ActionKind::VesselRealign) if usize::from(from) < SQUARES => {
            let mut buf = [0u8; 6];
            buf[0] = b'v';
            buf[1] = b'A' + file_of(from);
            let r = rank_of(from) + 1;
            let mut n = 2;
            if r >= 10 {
                buf[n] = b'1';
                n += 1;
            }
            buf[n] = b'0' + r % 10;
            buf[n + 1] = b'>';
            out.write_str(std::str::from_utf8(&buf[..n + 2]).map_err(|_| fmt::Error)?)?;
            return write_direction(action.extra(), out);
        }
        _ => None,
    };
    if let Some(sep) = step
        && usize::from(from) < SQUARES
        && usize::from(to) < SQUARES
    {
        let mut buf = [0u8; 7];
        let mut n = 0;
        for (i, sq) in [from, to].into_iter().enumerate() {
            if i == 1 {
                buf[n] = sep;
                n += 1;
            }
            buf[n] = b'A' + file_of(sq);
            let r = rank_of(sq) + 1;
            if r >= 10 {
                buf[n + 1] = b'1';
                n += 1;
            }
            buf[n + 1] = b'0' + r % 10;
            n += 2;
        }
        if let Ok(text) = std::str::from_utf8(&buf[..n]) {
            return out.write_str(text);
        }
    }
    let sep = |c: char, out: &mut dyn fmt::Write| -> fmt::Result {
        write_origin(from, out)?;
        out.write_char(c)?;
        write_origin(to, out)
    };
    match action.kind() {
        Some(ActionKind::Move) => sep('-', out),
        Some(ActionKind::Capture) => sep('x', out),
        Some(ActionKind::EnPassant) => {
            sep('x', out)?;
            out.write_str("ep")
        }
        Some(ActionKind::Arrow) => sep('*', out),
        Some(ActionKind::Release) => sep('^', out),
        Some(ActionKind::VesselAdvance) => {
            out.write_char('v')?;
            sep('-', out)
        }
        Some(ActionKind::Ram) => {
            out.write_char('v')?;
            sep('x', out)
        }
        Some(ActionKind::Fire) => {
            out.write_char('v')?;
            sep('*', out)
        }
        Some(ActionKind::VesselRealign) => {
            out.write_char('v')?;
            write_origin(from, out)?;
            out.write_char('>')?;
            write_direction(action.extra(), out)
        }
        Some(ActionKind::Trident) => {
            out.write_str("trident ")?;
            write_direction(action.extra() >> 3, out)?;
            out.write_char(' ')?;
            write_direction(action.extra(), out)
        }
        Some(ActionKind::Spring) => {
            out.write_str("spring ")?;
            write_origin(to, out)
        }
        Some(ActionKind::Choice) => write!(out, "choose {}", action.extra()),
        Some(ActionKind::Seer) => {
            out.write_str("seer ")?;
            out.write_str(match action.extra() {
                0 => "forest",
                1 => "storm",
                _ => "?",
            })
        }
        Some(ActionKind::Truce) => out.write_str("truce"),
        Some(ActionKind::Concede) => {
            out.write_str("concede ")?;
            out.write_str(
                super::conceding::InLieuOf::from_u8(action.extra())
                    .map_or("?", super::conceding::InLieuOf::name),
            )
        }
        Some(ActionKind::Plant) => {
            out.write_str("plant ")?;
            write_origin(from, out)
        }
        None => write!(out, "?{:08x}", action.0),
    }
}

fn direction(text: &str) -> Option<u8> {
    DIRECTION_NAMES
        .iter()
        .position(|&d| d == text)
        .map(|d| d as u8)
}

/// Reads an action in `p` (the Trident's Ships and the area a Spring leaves
/// come from the position).
/// The commonest forms, `A1-B2` and `A1xB2` (a move, a capture) and `vA7>NE`
/// (a vessel re-aligned), in a few comparisons; `None` for anything else, which [`parse_action`]'s general
/// reading below takes (and reads these two the same way).
fn quick_step(t: &str) -> Option<Action> {
    // `vA7>NE`: a vessel re-aligned (a dozen of them a vessel in every list).
    if let Some(rest) = t.strip_prefix('v') {
        let sep = rest.bytes().position(|c| c == b'>')?;
        let from = quick_square(rest.get(..sep)?)?;
        let d = direction(rest.get(sep + 1..)?)?;
        return Some(Action::new(ActionKind::VesselRealign, from, from, d));
    }
    let sep = t.bytes().position(|c| c == b'-' || c == b'x')?;
    let kind = if t.as_bytes()[sep] == b'-' {
        ActionKind::Move
    } else {
        ActionKind::Capture
    };
    let from = quick_square(t.get(..sep)?)?;
    let to = quick_square(t.get(sep + 1..)?)?;
    Some(Action::new(kind, from, to, 0))
}

pub(crate) fn parse_action(
    p: &Position,
    opts: &DragonOptions,
    text: &str,
) -> Result<Action, NotationError> {
    let err = |expected: String| NotationError {
        text: text.to_owned(),
        expected,
    };
    // The notation as written (no spaces around it) first.
    if let Some(action) = quick_step(text) {
        return Ok(action);
    }
    let t = text.trim();
    if let Some(action) = quick_step(t) {
        return Ok(action);
    }
    let sq = |s: &str| parse_square(s).map_err(|e| err(format!("{ACTION_FORMS}: {e}")));
    if let Some(rest) = t
        .strip_prefix("seer")
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
    {
        let side = match rest.trim() {
            "" => p.to_move,
            "forest" => Side::Green,
            "storm" => Side::Red,
            other => {
                return Err(err(format!(
                    "`seer forest` or `seer storm`, found `seer {other}`"
                )));
            }
        };
        return Ok(super::seers::action(side));
    }
    if t == "truce" {
        return Ok(super::truce::offer_action());
    }
    if let Some(kind) = t.strip_prefix("concede ") {
        return super::conceding::InLieuOf::from_name(kind.trim())
            .map(super::conceding::action)
            .ok_or_else(|| {
                err(format!(
                    "`concede locking-up`, `concede direct-capture` or `concede planting-a-flag`, found `concede {}`",
                    kind.trim()
                ))
            });
    }
    if let Some(n) = t.strip_prefix("choose ") {
        let n: u8 = n
            .trim()
            .parse()
            .map_err(|_| err(format!("`choose` and a number 0-255, found `{n}`")))?;
        return Ok(Action::new(ActionKind::Choice, NO_ORIGIN, NO_ORIGIN, n));
    }
    if let Some(at) = t.strip_prefix("plant ") {
        return Ok(Action::new(ActionKind::Plant, sq(at.trim())?, NO_ORIGIN, 0));
    }
    if let Some(to) = t.strip_prefix("spring ") {
        let to = sq(to.trim())?;
        let area = match p.to_move {
            Side::Green => Area::NewEarthLibrary,
            Side::Red => Area::Dungeons,
        };
        return Ok(Action::new(
            ActionKind::Spring,
            AREA_ORIGIN + area.index() as u8,
            to,
            0,
        ));
    }
    if let Some(rest) = t.strip_prefix("trident ") {
        let mut it = rest.split_whitespace();
        let (Some(w), Some(e), None) = (it.next(), it.next(), it.next()) else {
            return Err(err("`trident` and two bows, such as `trident NW NE`".into()));
        };
        let (Some(w), Some(e)) = (direction(w), direction(e)) else {
            return Err(err("`trident` and two bows of N NE E SE S SW W NW".into()));
        };
        let c = Ctx::new(p, opts);
        let (west, east) = ocean::trident_ships(&c)
            .ok_or_else(|| err("no Red Ships beside the Red Flagship".into()))?;
        return Ok(Action::new(ActionKind::Trident, west, east, w * 8 + e));
    }
    if let Some(rest) = t.strip_prefix('v') {
        if let Some((a, d)) = rest.split_once('>') {
            let from = sq(a)?;
            let d = direction(d).ok_or_else(|| err("a bow N NE E SE S SW W NW".into()))?;
            return Ok(Action::new(ActionKind::VesselRealign, from, from, d));
        }
        for (c, kind) in [
            ('-', ActionKind::VesselAdvance),
            ('x', ActionKind::Ram),
            ('*', ActionKind::Fire),
        ] {
            if let Some((a, b)) = rest.split_once(c) {
                return Ok(Action::new(kind, sq(a)?, sq(b)?, 0));
            }
        }
        return Err(err(ACTION_FORMS.into()));
    }
    if let Some(rest) = t.strip_suffix("ep")
        && let Some((a, b)) = rest.split_once('x')
    {
        return Ok(Action::new(ActionKind::EnPassant, sq(a)?, sq(b)?, 0));
    }
    for (c, kind) in [
        ('-', ActionKind::Move),
        ('x', ActionKind::Capture),
        ('*', ActionKind::Arrow),
        ('^', ActionKind::Release),
    ] {
        if let Some((a, b)) = t.split_once(c) {
            return Ok(Action::new(kind, sq(a)?, sq(b)?, 0));
        }
    }
    Err(err(ACTION_FORMS.into()))
}

fn write_force(f: Force, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(f.kind().map_or("??", Kind::code))?;
    if f.is_unmoved() {
        out.write_char('\'')?;
    }
    Ok(())
}

fn write_vessel(v: Vessel, occupant: Force, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_char('(')?;
    out.write_char(v.kind().letter())?;
    write_direction(v.bow(), out)?;
    out.write_char(if v.colour() == Side::Red { 'r' } else { 'g' })?;
    if occupant.is_some() {
        out.write_char(':')?;
        write_force(occupant, out)?;
    }
    out.write_char(')')
}

/// Writes `n` in decimal without the formatting machinery (exports run on a
/// sample of every simulated step).
fn write_number(n: u32, out: &mut dyn fmt::Write) -> fmt::Result {
    let mut digits = [0u8; 10];
    let mut len = 0;
    let mut n = n;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.write_char(char::from(d))?;
    }
    Ok(())
}

fn write_pair(key: &str, values: &[u8], out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_char(' ')?;
    out.write_str(key)?;
    out.write_char(':')?;
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write_number(u32::from(*v), out)?;
    }
    Ok(())
}

/// Writes the position format (module documentation).
pub(crate) fn export(p: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    for r in (0..RANKS).rev() {
        let mut empty = 0u32;
        for f in 0..FILES {
            let sq = r * FILES + f;
            let force = p.force(sq);
            let vessel = p.vessel(sq);
            if force.is_none() && !vessel.is_some() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                write_number(empty, out)?;
                empty = 0;
            }
            if vessel.is_some() {
                write_vessel(vessel, force, out)?;
            } else {
                write_force(force, out)?;
            }
        }
        if empty > 0 {
            write_number(empty, out)?;
        }
        if r > 0 {
            out.write_char('/')?;
        }
    }
    out.write_char(' ')?;
    out.write_str(side_name(p.to_move))?;
    for (a, slots) in p.areas.iter().enumerate() {
        if slots[0].is_none() {
            continue;
        }
        out.write_char(' ')?;
        out.write_str(AREAS[a].name())?;
        out.write_char(':')?;
        for (i, f) in slots.iter().take_while(|f| f.is_some()).enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            write_force(*f, out)?;
        }
    }
    let c = &p.counters;
    write_pair(
        "arrows",
        &[
            c.princess_arrows,
            c.library_arrows,
            c.queen_arrows,
            c.red_arrows,
            c.red_arrows_forfeited,
            c.spent_arrows[0],
            c.spent_arrows[1],
        ],
        out,
    )?;
    write_pair(
        "cannonballs",
        &[
            c.cannonballs[0],
            c.cannonballs[1],
            c.spent_cannonballs[0],
            c.spent_cannonballs[1],
        ],
        out,
    )?;
    write_pair("seers", &c.seers, out)?;
    if p.barren.iter().any(|&n| n > 0) {
        out.write_str(" barren:")?;
        let mut first = true;
        for &k in Kind::ALL {
            let n = p.barren[k as usize];
            if n > 0 {
                if !first {
                    out.write_char(',')?;
                }
                first = false;
                out.write_str(k.code())?;
                write_number(u32::from(n), out)?;
            }
        }
    }
    if p.sunk.iter().any(|&n| n > 0) {
        out.write_str(" sunk:")?;
        let mut first = true;
        for k in VesselKind::ALL {
            let n = p.sunk[k.index()];
            if n > 0 {
                if !first {
                    out.write_char(',')?;
                }
                first = false;
                out.write_char(k.letter())?;
                write_number(u32::from(n), out)?;
            }
        }
    }
    if p.flags != 0 {
        out.write_str(" flags:")?;
        let mut first = true;
        for (bit, name) in flags::NAMES {
            if p.flags & bit != 0 {
                if !first {
                    out.write_char(',')?;
                }
                first = false;
                out.write_str(name)?;
            }
        }
    }
    if p.ep != NO_SQUARE {
        out.write_str(" ep:")?;
        write_square(p.ep, out)?;
    }
    if let Some(step) = Pending::from_u8(p.pending).filter(|&s| s != Pending::None) {
        out.write_str(" pending:")?;
        out.write_str(step.name())?;
        if p.pending_at != NO_SQUARE {
            out.write_char('@')?;
            write_square(p.pending_at, out)?;
        }
    }
    out.write_str(" quiet:")?;
    write_number(u32::from(p.quiet), out)?;
    out.write_str(" ply:")?;
    write_number(p.ply, out)?;
    if let Some(o) = p.outcome {
        out.write_char(' ')?;
        out.write_str(result_key(o.winner))?;
        out.write_char(':')?;
        out.write_str(o.rule.name())?;
    }
    Ok(())
}

/// The key of a result field: `draw`, `forest-wins` or `storm-wins`.
const fn result_key(winner: Option<Side>) -> &'static str {
    match winner {
        None => "draw",
        Some(Side::Green) => "forest-wins",
        Some(Side::Red) => "storm-wins",
    }
}

/// The result an import reads as recorded, for the rules a position alone
/// does not show (the enemy royal already in the Barren Lands, the banner
/// replaced, a truce by repetition or agreement): `None` for a rule the
/// position must show itself.
fn recorded_result(key: &str, rule: &str) -> Option<Outcome> {
    let winner = match key {
        "forest-wins" => Side::Green,
        "storm-wins" => Side::Red,
        "draw" => return super::truce::recorded(rule),
        _ => return None,
    };
    if let Some(o) = super::conceding::recorded(winner, rule) {
        return Some(o);
    }
    match rule {
        "direct-capture" => Some(victory::win(
            winner,
            victory::DIRECT_CAPTURE,
            victory::DIRECT_CAPTURE_POINTS,
        )),
        "planting-a-flag" => Some(victory::win(
            winner,
            victory::PLANTING_A_FLAG,
            victory::PLANTING_POINTS,
        )),
        // A royal taken (ruling `dragon.locking-up`): he is in the Barren Lands.
        "locking-up" => Some(victory::win(
            winner,
            victory::LOCKING_UP,
            victory::LOCKING_UP_POINTS,
        )),
        _ => None,
    }
}

/// The most forces of a side on the grid an import accepts (the capacity proof
/// of [`MAX_ACTIONS`](super::moves::MAX_ACTIONS) rests on it).
pub const MAX_FORCES_ON_GRID: u32 = 40;

fn parse_force(text: &str) -> Result<Force, String> {
    let (code, unmoved) = match text.strip_suffix('\'') {
        Some(c) => (c, true),
        None => (text, false),
    };
    let kind = Kind::from_code(code).ok_or_else(|| format!("unknown force code `{code}`"))?;
    if unmoved && !tracks_first_move(kind) {
        return Err(format!(
            "`{text}`: only the royals, towers, Dwarfs and Gnomes are marked unmoved"
        ));
    }
    Ok(if unmoved {
        Force::unmoved(kind)
    } else {
        Force::new(kind)
    })
}

fn parse_vessel(text: &str) -> Result<(Vessel, Force), String> {
    let (v, occupant) = match cut(text, b':') {
        Some((v, o)) => (v, parse_force(o)?),
        None => (text, Force::NONE),
    };
    let mut chars = v.chars();
    let letter = chars.next().ok_or("an empty vessel `()`")?;
    let kind = VesselKind::ALL
        .into_iter()
        .find(|k| k.letter() == letter)
        .ok_or_else(|| format!("a vessel is f, s, F or S, found `{letter}`"))?;
    let rest = chars.as_str();
    // The colour is the last letter (a character, not a byte: the text may
    // be anything).
    let (bow, colour) = rest
        .char_indices()
        .last()
        .map_or(("", ""), |(i, _)| rest.split_at(i));
    let bow = direction(bow).ok_or_else(|| format!("`({text})`: a bow N NE E SE S SW W NW"))?;
    let colour = match colour {
        "g" => Side::Green,
        "r" => Side::Red,
        _ => return Err(format!("`({text})`: the colour she flies, g or r")),
    };
    Ok((Vessel::new(kind, bow).with_colour(colour), occupant))
}

fn parse_rank(p: &mut Position, r: u8, text: &str) -> Result<(), String> {
    let mut file = 0u8;
    let mut rest = text;
    while !rest.is_empty() {
        if file >= FILES {
            return Err(format!("rank {} has more than nine positions", r + 1));
        }
        let sq = r * FILES + file;
        let c = rest.as_bytes()[0];
        if c.is_ascii_digit() {
            let n = c - b'0';
            if n == 0 || file + n > FILES {
                return Err(format!("rank {}: bad run `{}`", r + 1, c as char));
            }
            file += n;
            rest = &rest[1..];
        } else if c == b'(' {
            let end = rest
                .bytes()
                .position(|b| b == b')')
                .ok_or_else(|| format!("rank {}: unclosed `(`", r + 1))?;
            let (v, occupant) = parse_vessel(&rest[1..end])?;
            p.put_vessel(sq, v);
            if occupant.is_some() {
                p.put(sq, occupant);
            }
            file += 1;
            rest = &rest[end + 1..];
        } else {
            let len = if rest.as_bytes().get(2) == Some(&b'\'') {
                3
            } else {
                2
            };
            let token = rest
                .get(..len)
                .ok_or_else(|| format!("rank {}: `{rest}`", r + 1))?;
            p.put(sq, parse_force(token)?);
            file += 1;
            rest = &rest[len..];
        }
    }
    if file != FILES {
        return Err(format!("rank {} has {file} positions, not nine", r + 1));
    }
    Ok(())
}

fn numbers<const N: usize>(key: &str, value: &str) -> Result<[u8; N], String> {
    let mut out = [0u8; N];
    if value.bytes().filter(|&b| b == b',').count() + 1 != N {
        return Err(format!("`{key}:` takes {N} numbers"));
    }
    for (o, part) in out.iter_mut().zip(pieces(value, b',')) {
        *o = part
            .parse()
            .map_err(|_| format!("`{key}:` takes numbers, found `{part}`"))?;
    }
    Ok(out)
}

/// `text` cut at every `sep` (an ASCII byte), as [`str::split`] cuts it, by
/// a plain scan of the bytes: the position's fields are short, and a
/// searcher set up for each cost more than the scan.
fn pieces(text: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == sep) {
            Some(i) => {
                rest = Some(&r[i + 1..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// `text` cut at its first `sep` (an ASCII byte), as [`str::split_once`].
fn cut(text: &str, sep: u8) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == sep)?;
    Some((&text[..i], &text[i + 1..]))
}

/// Reads the position format.
pub(crate) fn import(text: &str, opts: &DragonOptions) -> Result<Position, PositionError> {
    read(text, opts).map_err(|expected| PositionError {
        text: text.to_owned(),
        expected,
    })
}

fn read(text: &str, opts: &DragonOptions) -> Result<Position, String> {
    let mut fields = text.split_whitespace();
    let grid = fields.next().ok_or("an empty position")?;
    let found = grid.bytes().filter(|&b| b == b'/').count() + 1;
    if found != usize::from(RANKS) {
        return Err(format!(
            "the grid is 15 ranks separated by `/`, found {found}"
        ));
    }
    let mut p = Position::empty();
    for (i, rank) in pieces(grid, b'/').enumerate() {
        parse_rank(&mut p, RANKS - 1 - i as u8, rank)?;
    }
    p.to_move = match fields.next() {
        Some("storm") => Side::Red,
        Some("forest") => Side::Green,
        other => {
            return Err(format!(
                "who moves: `storm` or `forest`, found `{}`",
                other.unwrap_or("")
            ));
        }
    };
    let mut result: Option<(&str, &str)> = None;
    for field in fields {
        if result.is_some() {
            return Err(format!("nothing may follow the result, found `{field}`"));
        }
        let (key, value) =
            cut(field, b':').ok_or_else(|| format!("a `key:value` field, found `{field}`"))?;
        if let Some(area) = Area::from_name(key) {
            // Straight into the slots: the hash and the lines of descent are
            // computed whole when the position is sealed, below.
            for code in pieces(value, b',') {
                let force = parse_force(code)?;
                match p.areas[area.index()].iter_mut().find(|f| f.is_none()) {
                    Some(slot) => *slot = force,
                    None => return Err(format!("{} is full", area.name())),
                }
            }
            continue;
        }
        match key {
            "arrows" => {
                let [a, b, c, d, e, f, g] = numbers::<7>(key, value)?;
                let k = &mut p.counters;
                (
                    k.princess_arrows,
                    k.library_arrows,
                    k.queen_arrows,
                    k.red_arrows,
                ) = (a, b, c, d);
                k.red_arrows_forfeited = e;
                k.spent_arrows = [f, g];
            }
            "cannonballs" => {
                let [a, b, c, d] = numbers::<4>(key, value)?;
                p.counters.cannonballs = [a, b];
                p.counters.spent_cannonballs = [c, d];
            }
            "seers" => p.counters.seers = numbers::<2>(key, value)?,
            "barren" => {
                for item in pieces(value, b',') {
                    let (code, n) = item.split_at_checked(2).unwrap_or((item, ""));
                    let kind = Kind::from_code(code)
                        .ok_or_else(|| format!("`barren:` unknown force code `{code}`"))?;
                    let n: u8 = n
                        .parse()
                        .map_err(|_| format!("`barren:` a code and a count, found `{item}`"))?;
                    p.barren[kind as usize] = n;
                }
            }
            "sunk" => {
                for item in pieces(value, b',') {
                    let mut chars = item.chars();
                    let letter = chars.next().unwrap_or(' ');
                    let kind = VesselKind::ALL
                        .into_iter()
                        .find(|k| k.letter() == letter)
                        .ok_or_else(|| format!("`sunk:` a vessel letter, found `{item}`"))?;
                    p.sunk[kind.index()] = chars
                        .as_str()
                        .parse()
                        .map_err(|_| format!("`sunk:` a letter and a count, found `{item}`"))?;
                }
            }
            "flags" => {
                for name in pieces(value, b',') {
                    let (bit, _) =
                        flags::NAMES
                            .iter()
                            .find(|(_, n)| *n == name)
                            .ok_or_else(|| {
                                let known: Vec<&str> =
                                    flags::NAMES.iter().map(|(_, n)| *n).collect();
                                format!("unknown flag `{name}`; the flags are {}", known.join(", "))
                            })?;
                    p.flags |= bit;
                }
            }
            "ep" => {
                p.ep = parse_square(value)?;
            }
            "pending" => {
                let (name, at) = match cut(value, b'@') {
                    Some((n, a)) => (n, parse_square(a)?),
                    None => (value, NO_SQUARE),
                };
                let step = Pending::from_name(name)
                    .filter(|&s| s != Pending::None)
                    .ok_or_else(|| {
                        format!(
                            "`pending:` a procedure step (guards, ice-dragon@E5, elder-serpent@E11, younger-serpent@E11, storm-empress, exchange@E1) or an answer awaited (truce-offer, concede-locking-up, concede-direct-capture, concede-planting-a-flag), found `{value}`"
                        )
                    })?;
                p.pending = step as u8;
                p.pending_at = at;
            }
            "quiet" => {
                p.quiet = value
                    .parse()
                    .map_err(|_| format!("`quiet:` a number, found `{value}`"))?;
            }
            "ply" => {
                p.ply = value
                    .parse()
                    .map_err(|_| format!("`ply:` a number, found `{value}`"))?;
            }
            "draw" | "forest-wins" | "storm-wins" => result = Some((key, value)),
            _ => {
                return Err(format!(
                    "unknown field `{key}:`; the fields are the special areas ({}), arrows, cannonballs, seers, barren, sunk, flags, ep, pending, quiet, ply and a result (draw, forest-wins, storm-wins)",
                    AREAS
                        .iter()
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    validate(&p)?;
    p.seal();
    p.check().map_err(|e| e.0)?;
    super::procedures::check(&p).map_err(|e| e.0)?;
    // The Seers' and the Truce's own invariants (a consultation in this move
    // counted, an offer awaiting its answer made), with a history that starts
    // here.
    super::truce::check(&p, &crate::core::RepetitionHistory::starting_at(p.hash))
        .map_err(|e| e.0)?;
    // No capture into the White Room or the Stairwell is ever played: a royal
    // left attacked there (by his own side's move) is Locked Up first, so no
    // game reaches his opponent's move with him so (`dragon.white-room`),
    // unless that move is not over: a choice of the opponent's (an exchange
    // after his Troll came next to the room) or an offer awaits its answer.
    let waiting = p.to_move.opponent();
    if let Some((_, royal)) = super::room::royal_in_room(&p, waiting)
        && result.is_none()
        && p.pending == 0
        && super::room::royal_attacked_in_room(&p, opts, waiting)
    {
        return Err(format!(
            "the {} stands attacked in {} with the {} OverLord to move: no move leaves him so (ruling `dragon.white-room`)",
            royal.kind().map_or("royal", Kind::name),
            super::room::room_name(royal.kind()),
            side_name(p.to_move)
        ));
    }
    // A result read as recorded (the rules the position alone does not show)
    // is taken before anything is computed: the loser may have no action
    // left once his royal is taken, which is no stalemate of a game already
    // over.
    let recorded = result.and_then(|(key, rule)| Some((key, rule, recorded_result(key, rule)?)));
    let mut unshown = None;
    if let Some((key, rule, o)) = recorded {
        // A royal captured is in the Barren Lands (a truce or a concession
        // the position alone does not show is taken as recorded).
        let loser = o.winner.map_or(p.to_move, Side::opponent);
        let taken = p.barren[victory::royal_kind(loser) as usize] > 0;
        let conceded = super::conceding::recorded(o.winner.unwrap_or(p.to_move), rule).is_some();
        if o.winner.is_none() || o.rule == victory::PLANTING_A_FLAG || conceded || taken {
            p.outcome = Some(o);
            return Ok(p);
        }
        // Locking Up may still be what the position shows (computed below).
        unshown = Some(format!(
            "`{key}:{rule}`: the {} is not in the Barren Lands (`barren:`)",
            victory::royal_kind(loser).name()
        ));
    }
    let _ = apply::finish(&mut p, opts);
    let computed = p.outcome.map(|o| (result_key(o.winner), o.rule.name()));
    if computed.is_none()
        && let Some(e) = unshown
    {
        return Err(e);
    }
    if computed != result {
        return Err(match computed {
            Some((key, rule)) => {
                format!("the position is over (`{key}:{rule}`) but gives no such result")
            }
            None => {
                let (key, rule) = result.unwrap_or(("draw", ""));
                format!(
                    "the result `{key}:{rule}` does not follow from the position (a recorded result is `forest-wins:` or `storm-wins:` `direct-capture`, `planting-a-flag`, `locking-up` or a `conceded-` one, or `draw:threefold-repetition` or `draw:truce-by-agreement`)"
                )
            }
        });
    }
    let _ = (FIFTY_MOVE_TRUCE, PLY_BOUND_TRUCE, STALEMATE_TRUCE);
    Ok(p)
}

/// What an import checks beyond the state's invariants: forces only where
/// they may stand, the en-passant position a double step just passed.
fn validate(p: &Position) -> Result<(), String> {
    let b = board();
    for side in Side::ALL {
        if p.occupied[side.index()].count() > MAX_FORCES_ON_GRID {
            return Err(format!(
                "{} has more than {MAX_FORCES_ON_GRID} forces on the grid",
                side_name(side)
            ));
        }
    }
    for sq in p.all_occupied().iter() {
        let f = p.force(sq);
        let k = f.kind().ok_or("a byte that is no force")?;
        if !k.on_grid() {
            return Err(format!(
                "{} cannot stand on the grid ({})",
                k.name(),
                square_name(sq)
            ));
        }
    }
    // One TrueBorn Prince and one Dark Warlord at most (victory turns on
    // each side's one royal).
    for side in Side::ALL {
        let royal = victory::royal_kind(side);
        let on_grid = p.occupied[side.index()]
            .iter()
            .filter(|&s| p.force(s).kind() == Some(royal))
            .count();
        let in_areas = p
            .areas
            .iter()
            .flatten()
            .filter(|f| f.kind() == Some(royal))
            .count();
        if on_grid + in_areas > 1 {
            return Err(format!("{} stands there more than once", royal.name()));
        }
    }
    if p.ep != NO_SQUARE {
        // The right is the mover's: the offerer's while his truce offer awaits
        // its answer.
        let mover = if Pending::is_offer(p.pending) {
            p.to_move.opponent()
        } else {
            p.to_move
        };
        let behind = b.step[super::moves::forward(mover.opponent())][p.ep as usize];
        let pawn = match mover {
            Side::Green => Kind::Gnome,
            Side::Red => Kind::Dwarf,
        };
        if behind == NO_SQUARE || p.force(behind).kind() != Some(pawn) || p.force(p.ep).is_some() {
            return Err(format!(
                "`ep:{}` is not a position {} just passed",
                square_name(p.ep),
                pawn.name()
            ));
        }
    }
    let _ = AREA_SLOTS;
    Ok(())
}

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
