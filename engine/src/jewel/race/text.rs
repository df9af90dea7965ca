//! Race's text forms: action notation, the position format, its validation, and
//! the ASCII board.

use std::fmt::{self, Write as _};

use super::track::{F6, GEOMETRY, LEN};
use super::{
    COMPLETED_AFTER_50, COMPLETED_BY_50, HOME, MAX_MOVES, MOVE_LIMIT_MOVES, Phase, Race,
    RaceAction, RaceActionKind, RaceOptions, start, track_index, win,
};
use crate::core::{Game, NotationError, PositionError, Side, Turn};

const ACTION_FORMS: &str = "`roll 1` to `roll 6` (or the bare face `1` to `6`), `coin green`, `coin red`, a Leader's square and the throw such as `A1+4`, or `pass`";

/// Numbers 0 to 130 and ranks 1 to 11 as text, without the formatting machinery
/// (export and notation run on a sample of every simulated step).
fn write_number(n: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    if n >= 100 {
        out.write_char(char::from(b'0' + n / 100))?;
    }
    if n >= 10 {
        out.write_char(char::from(b'0' + n / 10 % 10))?;
    }
    out.write_char(char::from(b'0' + n % 10))
}

fn write_square(sq: crate::core::Square, out: &mut dyn fmt::Write) -> fmt::Result {
    let c = GEOMETRY.coord(sq);
    out.write_char(char::from(b'A' + c.file))?;
    write_number(c.rank + 1, out)
}

pub(super) fn write_action(action: RaceAction, out: &mut dyn fmt::Write) -> fmt::Result {
    match action.kind() {
        RaceActionKind::Coin(side) => {
            out.write_str("coin ")?;
            out.write_str(side.name())
        }
        RaceActionKind::Roll(d) => {
            out.write_str("roll ")?;
            write_number(d, out)
        }
        RaceActionKind::Advance { from, steps } => {
            write_square(from, out)?;
            out.write_char('+')?;
            write_number(steps, out)
        }
        RaceActionKind::Pass => out.write_str("pass"),
    }
}

pub(super) fn parse_action(text: &str) -> Result<RaceAction, NotationError> {
    let err = |expected: String| NotationError {
        text: text.to_owned(),
        expected,
    };
    let throw = |t: &str| match t {
        "1" | "2" | "3" | "4" | "5" | "6" => Ok(t.as_bytes()[0] - b'0'),
        _ => Err(err(format!("a throw from 1 to 6, found `{t}`"))),
    };
    let t = text.trim();
    if t == "pass" {
        return Ok(RaceAction::PASS);
    }
    if let Some(face) = t.strip_prefix("roll ") {
        return Ok(RaceAction::roll(throw(face.trim())?));
    }
    // A bare face is read as a roll, so scenarios can force `chance = "4"`.
    if t.len() == 1 {
        return Ok(RaceAction::roll(throw(t)?));
    }
    if let Some(side) = t.strip_prefix("coin ") {
        return side
            .trim()
            .parse::<Side>()
            .map(RaceAction::coin)
            .map_err(|e| err(format!("`coin green` or `coin red`: {e}")));
    }
    let Some((sq, n)) = t.split_once('+') else {
        return Err(err(ACTION_FORMS.to_owned()));
    };
    let from = GEOMETRY
        .parse_square(sq)
        .map_err(|e| err(format!("{ACTION_FORMS}: {e}")))?;
    Ok(RaceAction::advance(from, throw(n)?))
}

fn write_side(race: &Race, side: Side, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(if side == Side::Green { "G:" } else { "R:" })?;
    for (i, sq) in race.leaders(side).into_iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        match sq {
            Some(sq) => write_square(sq, out)?,
            None => out.write_str("home")?,
        }
    }
    Ok(())
}

/// A position's text is short: it is built on the stack and handed over in one
/// piece, so exporting to a `String` allocates once.
struct StackText {
    bytes: [u8; 96],
    len: usize,
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

pub(super) fn export(race: &Race, out: &mut dyn fmt::Write) -> fmt::Result {
    let mut text = StackText {
        bytes: [0; 96],
        len: 0,
    };
    write_position(race, &mut text)?;
    out.write_str(std::str::from_utf8(&text.bytes[..text.len]).map_err(|_| fmt::Error)?)
}

fn write_position(race: &Race, out: &mut dyn fmt::Write) -> fmt::Result {
    write_side(race, Side::Green, out)?;
    out.write_char(' ')?;
    write_side(race, Side::Red, out)?;
    out.write_str(" first:")?;
    out.write_str(race.first.map_or("coin", Side::name))?;
    out.write_str(" moves:")?;
    write_number(race.moves[0], out)?;
    out.write_char(',')?;
    write_number(race.moves[1], out)?;
    out.write_char(' ')?;
    match (race.outcome, race.phase) {
        (Some(o), _) => {
            out.write_str(o.winner.map_or("draw", Side::name))?;
            out.write_str(if o.winner.is_some() { "-wins:" } else { ":" })?;
            out.write_str(o.rule.name())
        }
        (None, Phase::Coin) => out.write_str("coin"),
        (None, Phase::Roll | Phase::Over) => {
            out.write_str(race.to_move.name())?;
            out.write_str(":roll")
        }
        (None, Phase::Move(d)) => {
            out.write_str(race.to_move.name())?;
            out.write_char(':')?;
            write_number(d, out)
        }
    }
}

/// `text` split at the first `byte` (an ASCII separator), without the general
/// pattern machinery: position fields are a few bytes long.
fn split_at_byte(text: &str, byte: u8) -> Option<(&str, &str)> {
    let at = text.bytes().position(|b| b == byte)?;
    // `byte` is ASCII, so both sides are on character boundaries.
    Some((text.get(..at)?, text.get(at + 1..)?))
}

/// `A1` to `K11` as exports write them, read without the general parser (imports
/// run on a sample of every simulated step); `None` sends anything else to it.
fn quick_square(text: &str) -> Option<crate::core::Square> {
    let (&file, digits) = text.as_bytes().split_first()?;
    if !(b'A'..=b'K').contains(&file) {
        return None;
    }
    let rank = match *digits {
        [d @ b'1'..=b'9'] => d - b'0',
        [b'1', d @ b'0'..=b'1'] => 10 + d - b'0',
        _ => return None,
    };
    GEOMETRY.square(crate::core::Coord::new(file - b'A', rank - 1))
}

/// `green` or `red` as exports write them, else the general parser's answer.
fn read_side(text: &str) -> Result<Side, crate::core::SideError> {
    match text {
        "green" => Ok(Side::Green),
        "red" => Ok(Side::Red),
        _ => text.parse(),
    }
}

/// The progress of a Leader of `side` written as `text` on `race`'s track.
fn read_leader(race: &Race, side: Side, text: &str) -> Result<u8, String> {
    if text == "home" {
        return Ok(HOME);
    }
    let sq = match quick_square(text) {
        Some(sq) => sq,
        None => GEOMETRY.parse_square(text).map_err(|e| e.to_string())?,
    };
    let t = race.track.index_of(sq).ok_or_else(|| {
        format!(
            "{text} is not on the {} track ({})",
            race.track.shape(),
            race.track.listing()
        )
    })?;
    Ok((t + LEN - start(side)) % LEN)
}

pub(super) fn import(text: &str, options: &RaceOptions) -> Result<Race, PositionError> {
    let err = |expected: String| PositionError {
        text: text.to_owned(),
        expected,
    };
    const FORM: &str = "`G:<sq>,<sq> R:<sq>,<sq> first:<coin|green|red> moves:<n>,<n> <turn>`, such as `G:K11,K11 R:A1,A1 first:red moves:0,0 red:roll`";
    let mut fields = text.split_ascii_whitespace();
    let mut next = |what: &str| {
        fields
            .next()
            .ok_or_else(|| err(format!("{FORM}: the {what} field is missing")))
    };
    let (g, r, first, moves, turn) = (
        next("Green Leaders")?,
        next("Red Leaders")?,
        next("first")?,
        next("moves")?,
        next("turn")?,
    );
    if fields.next().is_some() {
        return Err(err(format!("{FORM}: five fields, found more")));
    }
    let mut race = Race::new(options);
    for (side, field, prefix) in [(Side::Green, g, "G:"), (Side::Red, r, "R:")] {
        let list = field.strip_prefix(prefix).ok_or_else(|| {
            err(format!(
                "the {side} Leaders as `{prefix}<sq>,<sq>` (a track square or `home`), found `{field}`"
            ))
        })?;
        let Some((a, b)) = split_at_byte(list, b',') else {
            return Err(err(format!("two {side} Leaders, found one in `{field}`")));
        };
        if split_at_byte(b, b',').is_some() {
            return Err(err(format!("two {side} Leaders, found more in `{field}`")));
        }
        let mut pair = [
            read_leader(&race, side, a).map_err(&err)?,
            read_leader(&race, side, b).map_err(&err)?,
        ];
        pair.sort_unstable();
        race.leaders[side.index()] = pair;
    }
    race.first = match first {
        "first:coin" => None,
        "first:green" => Some(Side::Green),
        "first:red" => Some(Side::Red),
        _ => {
            return Err(err(format!(
                "`first:coin`, `first:green` or `first:red`, found `{first}`"
            )));
        }
    };
    let counts = moves
        .strip_prefix("moves:")
        .and_then(|m| split_at_byte(m, b','))
        .and_then(|(a, b)| Some([a.parse::<u8>().ok()?, b.parse::<u8>().ok()?]))
        .ok_or_else(|| {
            err(format!(
                "`moves:<green>,<red>` with counts from 0 to {MAX_MOVES}, found `{moves}`"
            ))
        })?;
    race.moves = counts;
    race.outcome = None;
    if turn == "coin" {
        race.phase = Phase::Coin;
        race.to_move = Side::Green;
    } else if let Some((side, what)) = split_at_byte(turn, b':') {
        if let Some(winner) = side.strip_suffix("-wins") {
            let w = read_side(winner).map_err(|e| err(format!("{e}")))?;
            let rule = match what {
                "completed-by-50" => COMPLETED_BY_50,
                "completed-after-50" => COMPLETED_AFTER_50,
                _ => {
                    return Err(err(format!(
                        "a result rule `completed-by-50` or `completed-after-50`, found `{what}`"
                    )));
                }
            };
            race.outcome = Some(win(w, rule, options.scoring));
            race.phase = Phase::Over;
            race.to_move = w;
        } else {
            race.to_move = read_side(side).map_err(|e| err(format!("turn: {e}")))?;
            race.phase = match what {
                "roll" => Phase::Roll,
                "1" | "2" | "3" | "4" | "5" | "6" => Phase::Move(what.as_bytes()[0] - b'0'),
                _ => {
                    return Err(err(format!(
                        "a turn `<side>:roll` or `<side>:<throw 1-6>`, found `{turn}`"
                    )));
                }
            };
        }
    } else {
        return Err(err(format!(
            "a turn `coin`, `<side>:roll`, `<side>:<throw>` or `<side>-wins:<rule>`, found `{turn}`"
        )));
    }
    validate(&race).map_err(err)?;
    Ok(race)
}

/// [`mover_of`], or a message saying why the counts cannot happen.
fn expected_mover(first: Side, moves: [u8; 2]) -> Result<Side, String> {
    mover_of(first, moves).ok_or_else(|| {
        let second = first.opponent();
        format!(
            "{first} moved first, so {} {first} moves and {} {second} moves cannot happen",
            moves[first.index()],
            moves[second.index()]
        )
    })
}

/// Whether `race` keeps every invariant [`validate`] checks, computed without
/// building messages: the check that runs after every simulated step. A finished
/// game and the coin go to [`explain`], which decides them.
#[inline]
fn holds(race: &Race) -> bool {
    let [g, r] = race.leaders;
    let [mg, mr] = race.moves;
    let in_range = (g[0] <= g[1])
        & (g[1] <= HOME)
        & (r[0] <= r[1])
        & (r[1] <= HOME)
        & (mg <= MAX_MOVES)
        & (mr <= MAX_MOVES);
    let Some(first) = race.first else {
        return false;
    };
    if race.outcome.is_some() || !matches!(race.phase, Phase::Roll | Phase::Move(1..=6)) {
        return false;
    }
    if !in_range || g == [HOME, HOME] || r == [HOME, HOME] {
        return false;
    }
    if mover_of(first, race.moves) != Some(race.to_move) {
        return false;
    }
    // Before the limit, shared squares only where a starting square's own Leader
    // waits.
    let starts = 1 << start(Side::Red) | 1 << start(Side::Green);
    race.limit_reached() || race.side_mask(Side::Green) & race.side_mask(Side::Red) & !starts == 0
}

/// Who is to move after `moves`, given who moved first (seed 002, Race, General
/// Rules 3 and 7), or `None` when those counts cannot happen.
#[inline]
fn mover_of(first: Side, moves: [u8; 2]) -> Option<Side> {
    let second = first.opponent();
    let (f, s) = (moves[first.index()], moves[second.index()]);
    if f >= MOVE_LIMIT_MOVES && s >= MOVE_LIMIT_MOVES {
        // From the limit on the second player is level (and moves) or one ahead.
        if f == s {
            Some(second)
        } else if s.checked_sub(f) == Some(1) {
            Some(first)
        } else {
            None
        }
    } else if f == s {
        // Before the limit the first player is level or one move ahead.
        Some(first)
    } else if f.checked_sub(s) == Some(1) {
        Some(second)
    } else {
        None
    }
}

/// Everything a reachable position satisfies; `Err` says what does not hold.
#[inline]
pub(super) fn validate(race: &Race) -> Result<(), String> {
    if holds(race) {
        return Ok(());
    }
    explain(race)
}

/// [`validate`]'s slow path: the same invariants, checked one by one with a message.
pub(super) fn explain(race: &Race) -> Result<(), String> {
    for side in Side::ALL {
        let [a, b] = race.leaders[side.index()];
        if a > b || b > HOME {
            return Err(format!("{side} Leaders out of order or range: {a}, {b}"));
        }
        if race.moves[side.index()] > MAX_MOVES {
            return Err(format!(
                "{side} has made {} moves; no game lasts more than {MAX_MOVES} a side",
                race.moves[side.index()]
            ));
        }
    }
    let Some(first) = race.first else {
        if race.phase != Phase::Coin || race.moves != [0, 0] {
            return Err("with no first mover yet the coin is to be tossed, before any move".into());
        }
        return Ok(());
    };
    if race.phase == Phase::Coin {
        return Err(format!("{first} moved first, so the coin has been tossed"));
    }
    if let Phase::Move(d) = race.phase
        && !(1..=6).contains(&d)
    {
        return Err(format!("a throw of {d}"));
    }
    let home = |s: Side| race.leaders[s.index()] == [HOME, HOME];
    match race.outcome {
        Some(o) => {
            let Some(w) = o.winner.filter(|&w| home(w)) else {
                return Err(format!(
                    "the result {o} needs the winner's Leaders both home"
                ));
            };
            if home(w.opponent()) {
                return Err("both sides cannot have finished".into());
            }
            // The winner's last move made the count; the other side's count is
            // what it was then.
            let mut before = race.moves;
            before[w.index()] = before[w.index()]
                .checked_sub(1)
                .ok_or("the winner made no move")?;
            if expected_mover(first, before)? != w {
                return Err(format!("{w} could not have made the last move"));
            }
            let by_50 = before[0] < MOVE_LIMIT_MOVES || before[1] < MOVE_LIMIT_MOVES;
            if (o.rule == COMPLETED_BY_50) != by_50 {
                return Err(format!(
                    "the game was {} the move limit, not {}",
                    if by_50 { "won before" } else { "won after" },
                    o.rule
                ));
            }
            if race.phase != Phase::Over {
                return Err("a finished game waits for nothing".into());
            }
        }
        None => {
            for side in Side::ALL {
                if home(side) {
                    return Err(format!("{side} has both Leaders home but has not won"));
                }
            }
            if race.phase == Phase::Over {
                return Err("an unfinished game waits for a roll or a move".into());
            }
            let mover = expected_mover(first, race.moves)?;
            if mover != race.to_move {
                return Err(format!(
                    "after {} green and {} red moves with {first} first, {mover} is to move, not {}",
                    race.moves[0], race.moves[1], race.to_move
                ));
            }
        }
    }
    if !race.limit_reached() {
        // Before the limit the sides never share a square, except a starting
        // square where its own Leader waits (ruling race.start-square).
        for p in race.leaders[Side::Red.index()] {
            if p >= HOME {
                continue;
            }
            let t = track_index(Side::Red, p);
            let green = Race::count(&race.leaders, Side::Green, t);
            if green > 0 && t != start(Side::Red) && t != start(Side::Green) {
                return Err(format!(
                    "green and red Leaders share {} before the move limit",
                    GEOMETRY.name(race.track.square(t))
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn render(race: &Race, out: &mut dyn fmt::Write) -> fmt::Result {
    let mut line = String::with_capacity(64);
    for rank in (0..11u8).rev() {
        line.clear();
        let _ = write!(line, "{:>2} ", rank + 1);
        for file in 0..11u8 {
            let sq = GEOMETRY.at(file, rank);
            let mut cell = String::new();
            if let Some(t) = race.track.index_of(sq) {
                for side in Side::ALL {
                    let c = if side == Side::Green { 'G' } else { 'R' };
                    for _ in 0..Race::count(&race.leaders, side, t) {
                        cell.push(c);
                    }
                }
                if cell.is_empty() {
                    cell.push('.');
                }
            } else if sq == F6 {
                cell.push('*');
            }
            let _ = write!(line, "{cell:>4}");
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    out.write_str("   ")?;
    for file in 0..11u8 {
        write!(out, "{:>4}", char::from(b'A' + file))?;
    }
    out.write_char('\n')?;
    write!(out, "track: {}", race.track.shape())?;
    match race.first {
        None => out.write_str("; first: the coin decides")?,
        Some(f) => write!(out, "; {f} moved first")?,
    }
    if race.limit_reached() {
        out.write_str("; move limit reached: no Setting-back, free stacking")?;
    }
    out.write_char('\n')?;
    for side in Side::ALL {
        let names: Vec<String> = race
            .leaders(side)
            .iter()
            .map(|sq| sq.map_or("home".to_owned(), |s| GEOMETRY.name(s).to_string()))
            .collect();
        writeln!(
            out,
            "{side}: {} ({} moves)",
            names.join(" "),
            race.moves[side.index()]
        )?;
    }
    match race.turn() {
        Turn::Over(outcome) => writeln!(out, "{outcome}"),
        Turn::Chance if race.phase == Phase::Coin => {
            writeln!(out, "chance: the coin decides who moves first")
        }
        Turn::Chance => writeln!(out, "chance: {} rolls the die", race.to_move),
        Turn::Player(side) => match race.phase {
            Phase::Move(d) => writeln!(out, "{side} threw {d} and moves"),
            Phase::Coin | Phase::Roll | Phase::Over => writeln!(out, "{side} to move"),
        },
    }
}
