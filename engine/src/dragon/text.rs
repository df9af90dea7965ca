//! Dragon's text forms: action notation and the position format (the ASCII
//! board is [`render`](super::render)).
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

use std::fmt::{self, Write as _};

use arrayvec::ArrayString;

use super::action::{AREA_ORIGIN, Action, ActionKind, NO_ORIGIN};
use super::board::{
    AREAS, Area, DIRECTION_NAMES, FILES, NO_SQUARE, SQUARES, file_of, parse_square, rank_of,
    write_square,
};
use super::forces::{Force, Kind};
use super::moves::Ctx;
use super::moves::ocean;
use super::options::DragonOptions;
use super::procedures::Pending;
use super::state::{Position, Vessel, VesselKind, flags};
use crate::core::{NotationError, Side};

const ACTION_FORMS: &str = "a move `E2-E3`, a capture `E2xE3`, en passant `D4xE3ep`, an arrow `E14*D12`, a maiden flight `A15^A4`, a vessel's `vE10-E9`, `vE10xE9`, `vE10>SW` or `vE10*C8`, `trident NW NE`, `spring E12`, `plant E4`, `choose 3`, `seer storm` (`seer forest`), `truce` or `concede planting-a-flag`";

/// The side names of Dragon: `forest` (Green, North) and `storm` (Red, South).
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Green => "forest",
        Side::Red => "storm",
    }
}

fn write_origin<W: fmt::Write + ?Sized>(from: u8, out: &mut W) -> fmt::Result {
    if (from as usize) < SQUARES {
        write_square(from, out)
    } else if from >= AREA_ORIGIN && usize::from(from - AREA_ORIGIN) < AREAS.len() {
        out.write_str(AREAS[usize::from(from - AREA_ORIGIN)].name())
    } else {
        out.write_char('?')
    }
}

/// Each grid position's name in ASCII (`A1` to `I15`: the file letter and
/// the rank), zero-padded to three bytes: what [`write_square`] writes, read
/// by the notation's commonest forms without dividing by the ranks and files
/// (a test compares the two for every position).
static SQUARE_NAMES: [[u8; 3]; SQUARES] = {
    let mut t = [[0u8; 3]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (file, rank) = (file_of(sq as u8), rank_of(sq as u8) + 1);
        t[sq][0] = b'A' + file;
        if rank >= 10 {
            t[sq][1] = b'1';
            t[sq][2] = b'0' + rank - 10;
        } else {
            t[sq][1] = b'0' + rank;
        }
        sq += 1;
    }
    t
};

/// [`DIRECTION_NAMES`] as ASCII bytes, zero-padded to two (a test compares
/// the two).
const DIRECTION_BYTES: [[u8; 2]; 8] = [
    *b"N\0", *b"NE", *b"E\0", *b"SE", *b"S\0", *b"SW", *b"W\0", *b"NW",
];

/// Appends one or two ASCII bytes, the second unless it is zero (a byte is
/// pushed as a one-byte `char`: no UTF-8 validation of a byte buffer, which
/// cost more than the writing).
#[inline(always)]
fn push_bytes<const N: usize>(text: &mut ArrayString<N>, first: u8, second: u8) -> fmt::Result {
    text.try_push(char::from(first & 0x7f))
        .map_err(|_| fmt::Error)?;
    if second != 0 {
        text.try_push(char::from(second & 0x7f))
            .map_err(|_| fmt::Error)?;
    }
    Ok(())
}

/// Appends the name of grid position `sq` (`A1` to `I15`) to `text`, from
/// [`SQUARE_NAMES`].
#[inline(always)]
fn push_square<const N: usize>(text: &mut ArrayString<N>, sq: u8) -> fmt::Result {
    let [letter, rank, units] = SQUARE_NAMES[usize::from(sq)];
    text.try_push(char::from(letter & 0x7f))
        .map_err(|_| fmt::Error)?;
    push_bytes(text, rank, units)
}

fn write_direction<W: fmt::Write + ?Sized>(d: u8, out: &mut W) -> fmt::Result {
    out.write_str(DIRECTION_NAMES[usize::from(d & 7)])
}

/// Writes `action` in Dragon's notation. Any 32-bit word writes without
/// panicking (positions off the grid as `?`).
///
/// The commonest forms, a move, a capture and a vessel re-aligned (all but a
/// few of every list), are gathered from [`SQUARE_NAMES`] and
/// [`DIRECTION_BYTES`] and passed in one write, the rarer ones of two grid
/// positions likewise by [`write_rarer`]; every other action (and these with
/// a position off the grid) is written by [`write_general`], which writes
/// these forms the same way (a test compares the two).
#[inline]
pub(crate) fn write_action(action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let (from, to) = (action.from(), action.to());
    let sep = match action.kind() {
        Some(ActionKind::Move) => '-',
        Some(ActionKind::Capture) => 'x',
        Some(ActionKind::VesselRealign) => '>',
        _ => return write_rarer(action, out),
    };
    if usize::from(from) >= SQUARES || (sep != '>' && usize::from(to) >= SQUARES) {
        return write_general(action, out);
    }
    // At most `A15xI15` or `vA15>NE`, seven characters.
    let mut text = ArrayString::<8>::new();
    if sep == '>' {
        text.try_push('v').map_err(|_| fmt::Error)?;
        push_square(&mut text, from)?;
        text.try_push('>').map_err(|_| fmt::Error)?;
        let [first, second] = DIRECTION_BYTES[usize::from(action.extra() & 7)];
        push_bytes(&mut text, first, second)?;
    } else {
        push_square(&mut text, from)?;
        text.try_push(sep).map_err(|_| fmt::Error)?;
        push_square(&mut text, to)?;
    }
    out.write_str(&text)
}

/// [`write_action`]'s rarer forms of two grid positions, en passant, an
/// arrow, a maiden flight, a vessel's advance, Ram and Cannon shot, gathered
/// the same way and passed in one write; every other action (and these with
/// a position off the grid) by [`write_general`].
#[inline(never)]
fn write_rarer(action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let (from, to) = (action.from(), action.to());
    // The form: a vessel's `v` first, the separator, `ep` after.
    let (vessel, sep, ep) = match action.kind() {
        Some(ActionKind::EnPassant) => (false, 'x', true),
        Some(ActionKind::Arrow) => (false, '*', false),
        Some(ActionKind::Release) => (false, '^', false),
        Some(ActionKind::VesselAdvance) => (true, '-', false),
        Some(ActionKind::Ram) => (true, 'x', false),
        Some(ActionKind::Fire) => (true, '*', false),
        _ => return write_general(action, out),
    };
    if usize::from(from) >= SQUARES || usize::from(to) >= SQUARES {
        return write_general(action, out);
    }
    // At most `vA15xI15` or `A15xI15ep`, nine characters.
    let mut text = ArrayString::<12>::new();
    if vessel {
        text.try_push('v').map_err(|_| fmt::Error)?;
    }
    push_square(&mut text, from)?;
    text.try_push(sep).map_err(|_| fmt::Error)?;
    push_square(&mut text, to)?;
    if ep {
        push_bytes(&mut text, b'e', b'p')?;
    }
    out.write_str(&text)
}

/// Writes any action in Dragon's notation, character by character (the
/// general form of [`write_action`]).
#[cold]
#[inline(never)]
fn write_general(action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let (from, to) = (action.from(), action.to());
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

pub(super) fn direction(text: &str) -> Option<u8> {
    DIRECTION_NAMES
        .iter()
        .position(|&d| d == text)
        .map(|d| d as u8)
}

/// A grid position's name at the start of `b`, as
/// [`quick_square`](super::board::quick_square) reads it
/// (a file letter A-I of either case and a rank 1-15 without a leading
/// zero), and the bytes after it. A rank of two digits is taken whenever its
/// second digit follows (`A15-A14`): no separator of the notation is a digit.
#[inline(always)]
fn square_at(b: &[u8]) -> Option<(u8, &[u8])> {
    let [letter, digit, rest @ ..] = b else {
        return None;
    };
    // `A`-`I` or `a`-`i`: no other byte has those values with bit 5 set.
    let file @ 0..=8 = (letter | 0x20).wrapping_sub(b'a') else {
        return None;
    };
    let (rank, rest) = match (*digit, rest) {
        (b'1', [d @ b'0'..=b'5', rest @ ..]) => (10 + d - b'0', rest),
        (d @ b'1'..=b'9', rest) => (d - b'0', rest),
        _ => return None,
    };
    Some(((rank - 1) * FILES + file, rest))
}

/// The forms [`write_action`] writes in one piece, read byte by byte: `A1-B2`
/// and `A1xB2` (a move, a capture), `vA7>NE` (a vessel re-aligned), `A1xB2ep`
/// (en passant), `A1*B2` (an arrow), `A1^B2` (a maiden flight), `vA1-B2`,
/// `vA1xB2` and `vA1*B2` (a vessel's advance, Ram and Cannon shot); `None` for
/// anything else, which [`parse_general`] takes (and reads these forms the
/// same way: a test compares the two).
#[inline(always)]
fn quick_step(t: &str) -> Option<Action> {
    if let [b'v', rest @ ..] = t.as_bytes() {
        let (from, rest) = square_at(rest)?;
        // `vA7>NE`: a vessel re-aligned (a dozen of them a vessel in every list).
        let d = match rest {
            b">N" => 0,
            b">NE" => 1,
            b">E" => 2,
            b">SE" => 3,
            b">S" => 4,
            b">SW" => 5,
            b">W" => 6,
            b">NW" => 7,
            [b'-', rest @ ..] => return vessel_step(ActionKind::VesselAdvance, from, rest),
            [b'x', rest @ ..] => return vessel_step(ActionKind::Ram, from, rest),
            [b'*', rest @ ..] => return vessel_step(ActionKind::Fire, from, rest),
            _ => return None,
        };
        return Some(Action::new(ActionKind::VesselRealign, from, from, d));
    }
    let (from, rest) = square_at(t.as_bytes())?;
    let (kind, rest) = match rest {
        [b'-', rest @ ..] => (ActionKind::Move, rest),
        [b'x', rest @ ..] => (ActionKind::Capture, rest),
        [b'*', rest @ ..] => (ActionKind::Arrow, rest),
        [b'^', rest @ ..] => (ActionKind::Release, rest),
        _ => return None,
    };
    match square_at(rest)? {
        (to, []) => Some(Action::new(kind, from, to, 0)),
        (to, b"ep") if kind == ActionKind::Capture => {
            Some(Action::new(ActionKind::EnPassant, from, to, 0))
        }
        _ => None,
    }
}

/// A vessel's action of `kind` from `from` to the grid position that is all
/// of `rest` (the part of [`quick_step`] after `vA1-`, `vA1x`, `vA1*`).
#[inline(always)]
fn vessel_step(kind: ActionKind, from: u8, rest: &[u8]) -> Option<Action> {
    match square_at(rest)? {
        (to, []) => Some(Action::new(kind, from, to, 0)),
        _ => None,
    }
}

/// Reads an action in `p` (the Trident's Ships and the area a Spring leaves
/// come from the position): the commonest forms by [`quick_step`], the rest
/// by [`parse_general`].
#[inline]
pub(crate) fn parse_action(
    p: &Position,
    opts: &DragonOptions,
    text: &str,
) -> Result<Action, NotationError> {
    // The notation as written (no spaces around it) first.
    if let Some(action) = quick_step(text) {
        return Ok(action);
    }
    parse_general(p, opts, text)
}

/// Reads any action in `p`: the general reading of [`parse_action`], for a
/// text with spaces around it or of a rarer form.
#[cold]
#[inline(never)]
fn parse_general(p: &Position, opts: &DragonOptions, text: &str) -> Result<Action, NotationError> {
    let t = text.trim();
    if let Some(action) = quick_step(t) {
        return Ok(action);
    }
    read_action(p, opts, text, t)
}

/// Reads every form of the notation from `t`, `text` trimmed (an error
/// quotes `text`); the forms [`quick_step`] reads, it reads the same way.
fn read_action(
    p: &Position,
    opts: &DragonOptions,
    text: &str,
    t: &str,
) -> Result<Action, NotationError> {
    let err = |expected: String| NotationError {
        text: text.to_owned(),
        expected,
    };
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

pub(super) fn write_force<W: fmt::Write + ?Sized>(f: Force, out: &mut W) -> fmt::Result {
    out.write_str(f.kind().map_or("??", Kind::code))?;
    if f.is_unmoved() {
        out.write_char('\'')?;
    }
    Ok(())
}

pub(super) fn write_vessel<W: fmt::Write + ?Sized>(
    v: Vessel,
    occupant: Force,
    out: &mut W,
) -> fmt::Result {
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
///
/// One digit (a run of empty positions in a rank of nine, most counters) is
/// written in line, with no division.
#[inline(always)]
fn write_number<W: fmt::Write + ?Sized>(n: u32, out: &mut W) -> fmt::Result {
    if n < 10 {
        return out.write_char(char::from(b'0' + n as u8));
    }
    write_digits(n, out)
}

/// [`write_number`] of a number of two digits or more.
#[inline(never)]
fn write_digits<W: fmt::Write + ?Sized>(n: u32, out: &mut W) -> fmt::Result {
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

fn write_pair<W: fmt::Write + ?Sized>(key: &str, values: &[u8], out: &mut W) -> fmt::Result {
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
    // Written on the stack a few hundred bytes at a time (the sampled full
    // checks export twice): no call through `out` for every character.
    let mut text = Buffered::new(out);
    export_to(p, &mut text)?;
    text.flush()
}

/// A writer that gathers text on the stack and passes it on to `out` in
/// pieces of up to [`Buffered::CAPACITY`] bytes ([`Buffered::flush`] at the
/// end).
struct Buffered<'a> {
    out: &'a mut dyn fmt::Write,
    text: ArrayString<{ Buffered::CAPACITY }>,
}

impl<'a> Buffered<'a> {
    const CAPACITY: usize = 256;

    fn new(out: &'a mut dyn fmt::Write) -> Buffered<'a> {
        Buffered {
            out,
            text: ArrayString::new(),
        }
    }

    /// Passes on what was gathered.
    fn flush(&mut self) -> fmt::Result {
        self.out.write_str(&self.text)?;
        self.text.clear();
        Ok(())
    }
}

impl fmt::Write for Buffered<'_> {
    #[inline(always)]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.text.try_push_str(s).is_err() {
            self.flush()?;
            if self.text.try_push_str(s).is_err() {
                return self.out.write_str(s);
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn write_char(&mut self, c: char) -> fmt::Result {
        if self.text.try_push(c).is_err() {
            self.flush()?;
            self.text.try_push(c).map_err(|_| fmt::Error)?;
        }
        Ok(())
    }
}

/// [`export`] into `out`.
fn export_to(p: &Position, out: &mut Buffered<'_>) -> fmt::Result {
    // The ranks through the codes' tables, in one write: the first text,
    // so straight to `out`'s own writer (nothing is gathered yet).
    debug_assert!(out.text.is_empty());
    super::ranks::write_grid(p, &mut *out.out)?;
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
pub(super) const fn result_key(winner: Option<Side>) -> &'static str {
    match winner {
        None => "draw",
        Some(Side::Green) => "forest-wins",
        Some(Side::Red) => "storm-wins",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::zobrist::splitmix64;
    use crate::dragon::board::{DIRECTION_NAMES, write_square};
    use crate::dragon::{Dragon, DragonActions};

    /// [`SQUARE_NAMES`] and [`DIRECTION_BYTES`] hold what [`write_square`]
    /// and [`DIRECTION_NAMES`] write, and [`square_at`] reads every name
    /// back (in either case, and with the bytes after it).
    #[test]
    fn the_tables_hold_the_names() {
        for sq in 0..SQUARES as u8 {
            let mut name = String::new();
            write_square(sq, &mut name).unwrap();
            let mut text = ArrayString::<4>::new();
            push_square(&mut text, sq).unwrap();
            assert_eq!(text.as_str(), name);
            assert_eq!(square_at(name.as_bytes()), Some((sq, &b""[..])));
            let lower = name.to_ascii_lowercase() + "-";
            assert_eq!(square_at(lower.as_bytes()), Some((sq, &b"-"[..])));
        }
        for (d, name) in DIRECTION_NAMES.iter().enumerate() {
            let [first, second] = DIRECTION_BYTES[d];
            let mut text = ArrayString::<2>::new();
            push_bytes(&mut text, first, second).unwrap();
            assert_eq!(text.as_str(), *name);
        }
    }

    /// The texts near `text`: each byte replaced by a few others (the
    /// separators, digits around the ranks' bounds, letters around the
    /// files', a space), cut short, or followed by a digit, a space or `ep`.
    fn neighbours(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            for &c in b"-x>*^v0156789AIJaijNESW :" {
                let mut b = bytes.to_vec();
                b[i] = c;
                out.push(String::from_utf8(b).unwrap());
            }
            out.push(text[..i].to_owned());
        }
        for tail in ["0", "5", " ", "ep", "E", "-A1"] {
            out.push(format!("{text}{tail}"));
            out.push(format!("{tail}{text}"));
        }
        out.push(format!(" {text} "));
        out
    }

    /// The fast notation against the general one, for `a` in `g`: the same
    /// text written ([`write_action`], [`write_general`]); that text and
    /// its neighbours read the same by [`parse_action`] and by the general
    /// reading alone ([`read_action`]), and whatever [`quick_step`] reads it
    /// reads as the general reading does.
    fn compare(g: &Dragon, a: Action, texts: &mut usize) {
        let (p, opts) = (&g.pos, &g.options);
        let mut fast = String::new();
        write_action(a, &mut fast).unwrap();
        let mut general = String::new();
        write_general(a, &mut general).unwrap();
        assert_eq!(fast, general, "{a:?}");
        let mut all = neighbours(&fast);
        all.push(fast);
        for text in &all {
            let read = read_action(p, opts, text, text.trim());
            assert_eq!(parse_action(p, opts, text), read, "`{text}`");
            if let Some(quick) = quick_step(text) {
                assert_eq!(Ok(quick), read, "`{text}`");
            }
            *texts += 1;
        }
    }

    /// Every listed action of random games from the deployment and the
    /// perft table's positions (every fourth position of each), and
    /// arbitrary action words, written and read by the fast paths and the
    /// general ones alike.
    #[test]
    fn the_fast_notation_agrees_with_the_general() {
        let opts = DragonOptions::default();
        let games = crate::dragon::guard::tests::start_games(&opts);
        let mut legal = DragonActions::new();
        let mut x = 0x51_u64;
        let (mut listed, mut texts) = (0usize, 0usize);
        for (i, start) in games.iter().enumerate() {
            let mut g = start.clone();
            for ply in 0..60u64 {
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                if ply % 4 == (i % 4) as u64 {
                    for &a in legal.iter() {
                        compare(&g, a, &mut texts);
                        listed += 1;
                    }
                    for _ in 0..8 {
                        x = splitmix64(x);
                        compare(&g, g.arbitrary_action(x), &mut texts);
                        compare(&g, Action(x as u32), &mut texts);
                    }
                }
                x = splitmix64(x ^ ply);
                let a = legal[(x % legal.len() as u64) as usize];
                g.play(a).unwrap();
            }
        }
        eprintln!("{listed} listed actions, {texts} texts");
        assert!(listed > 3000, "{listed}");
    }
}
