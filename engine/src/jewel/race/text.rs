//! Race's text forms: action notation, the position format, its validation, and
//! the ASCII board.

use std::fmt::{self, Write as _};

use super::track::{F6, GEOMETRY, LEN};
use super::{
    COMPLETED_AFTER_50, COMPLETED_BY_50, HOME, MAX_MOVES, MOVE_LIMIT_MOVES, Phase, Race,
    RaceAction, RaceOptions, start, track_index, win,
};
use crate::core::{Game, NotationError, PositionError, Side, Turn};

const ACTION_FORMS: &str = "`roll 1` to `roll 6` (or the bare face `1` to `6`), `coin green`, `coin red`, a Leader's square and the throw such as `A1+4`, or `pass`";

pub(super) fn write_action(action: RaceAction, out: &mut dyn fmt::Write) -> fmt::Result {
    match action {
        RaceAction::Coin(side) => write!(out, "coin {side}"),
        RaceAction::Roll(d) => write!(out, "roll {d}"),
        RaceAction::Advance { from, steps } => write!(out, "{}+{steps}", GEOMETRY.name(from)),
        RaceAction::Pass => out.write_str("pass"),
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
        return Ok(RaceAction::Pass);
    }
    if let Some(face) = t.strip_prefix("roll ") {
        return Ok(RaceAction::Roll(throw(face.trim())?));
    }
    // A bare face is read as a roll, so scenarios can force `chance = "4"`.
    if t.len() == 1 {
        return Ok(RaceAction::Roll(throw(t)?));
    }
    if let Some(side) = t.strip_prefix("coin ") {
        return side
            .trim()
            .parse::<Side>()
            .map(RaceAction::Coin)
            .map_err(|e| err(format!("`coin green` or `coin red`: {e}")));
    }
    let Some((sq, n)) = t.split_once('+') else {
        return Err(err(ACTION_FORMS.to_owned()));
    };
    let from = GEOMETRY
        .parse_square(sq)
        .map_err(|e| err(format!("{ACTION_FORMS}: {e}")))?;
    Ok(RaceAction::Advance {
        from,
        steps: throw(n)?,
    })
}

fn write_side(race: &Race, side: Side, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(if side == Side::Green { "G:" } else { "R:" })?;
    for (i, sq) in race.leaders(side).into_iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        match sq {
            Some(sq) => write!(out, "{}", GEOMETRY.name(sq))?,
            None => out.write_str("home")?,
        }
    }
    Ok(())
}

pub(super) fn export(race: &Race, out: &mut dyn fmt::Write) -> fmt::Result {
    write_side(race, Side::Green, out)?;
    out.write_char(' ')?;
    write_side(race, Side::Red, out)?;
    match race.first {
        None => out.write_str(" first:coin")?,
        Some(side) => write!(out, " first:{side}")?,
    }
    write!(out, " moves:{},{} ", race.moves[0], race.moves[1])?;
    match (race.outcome, race.phase) {
        (Some(o), _) => match o.winner {
            Some(w) => write!(out, "{w}-wins:{}", o.rule),
            None => write!(out, "draw:{}", o.rule),
        },
        (None, Phase::Coin) => out.write_str("coin"),
        (None, Phase::Roll | Phase::Over) => write!(out, "{}:roll", race.to_move),
        (None, Phase::Move(d)) => write!(out, "{}:{d}", race.to_move),
    }
}

/// The progress of a Leader of `side` written as `text` on `race`'s track.
fn read_leader(race: &Race, side: Side, text: &str) -> Result<u8, String> {
    if text == "home" {
        return Ok(HOME);
    }
    let sq = GEOMETRY.parse_square(text).map_err(|e| e.to_string())?;
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
    let mut fields = text.split_whitespace();
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
        let mut pair = [0u8; 2];
        let mut n = 0;
        for item in list.split(',') {
            if n == 2 {
                return Err(err(format!("two {side} Leaders, found more in `{field}`")));
            }
            pair[n] = read_leader(&race, side, item).map_err(&err)?;
            n += 1;
        }
        if n != 2 {
            return Err(err(format!("two {side} Leaders, found one in `{field}`")));
        }
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
        .and_then(|m| m.split_once(','))
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
    } else if let Some((side, what)) = turn.split_once(':') {
        if let Some(winner) = side.strip_suffix("-wins") {
            let w: Side = winner.parse().map_err(|e| err(format!("{e}")))?;
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
            race.to_move = side.parse().map_err(|e| err(format!("turn: {e}")))?;
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

/// Who is to move after `moves`, given who moved first (seed 002, Race, General
/// Rules 3 and 7).
fn expected_mover(first: Side, moves: [u8; 2]) -> Result<Side, String> {
    let second = first.opponent();
    let (f, s) = (moves[first.index()], moves[second.index()]);
    let after_limit = f >= MOVE_LIMIT_MOVES && s >= MOVE_LIMIT_MOVES;
    match (after_limit, f.checked_sub(s)) {
        // Before the limit the first player is level or one move ahead.
        (false, Some(0)) => Ok(first),
        (false, Some(1)) => Ok(second),
        // From the limit on the second player is level (and moves) or one ahead.
        (true, Some(0)) => Ok(second),
        (true, None) if s == f + 1 => Ok(first),
        _ => Err(format!(
            "{first} moved first, so {f} {first} moves and {s} {second} moves cannot happen"
        )),
    }
}

/// Everything a reachable position satisfies.
pub(super) fn validate(race: &Race) -> Result<(), String> {
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
