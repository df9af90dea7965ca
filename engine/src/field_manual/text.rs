//! Text forms: the notation of actions and the position text
//! (docs/games/field-manual.md), and the ASCII render.

use std::fmt;

use super::board::{FILES, LAYOUT, NONE, RANKS, SQUARES, square};
use super::moves::Action;
use super::pieces::Kind;
use super::state::{Id, PIECES, Position, ids, king_id, mark, roster, side_of};
use super::turn::{
    CHECKMATE, FORFEIT, KING_CAPTURED, NO_LEGAL_ACTION, PLY_BOUND_RULE, Rules, TWO_KINGS, army,
    draw, win,
};
use crate::core::{NotationError, PositionError, RuleId, Side};

/// Every deciding rule.
pub const RULES: [RuleId; 6] = [
    CHECKMATE,
    KING_CAPTURED,
    FORFEIT,
    NO_LEGAL_ACTION,
    TWO_KINGS,
    PLY_BOUND_RULE,
];

const FORMS: &str = "a move `E3-E5`, a swap `H1<>E2`, a ransom `PR@E2` or `PS@E2`, a promotion `=Q` (`=R`, `=RR`, `=N`, `=B`, `=AB`), or `pass` (squares A1-N10)";

/// Writes `action` in the notation.
///
/// # Errors
///
/// Only those of `out`.
pub fn write_action(action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    match action {
        Action::Pass => out.write_str("pass"),
        Action::Move { from, to } => {
            LAYOUT.write_square(from, out)?;
            out.write_char('-')?;
            LAYOUT.write_square(to, out)
        }
        Action::Swap { prince, squire } => {
            LAYOUT.write_square(prince, out)?;
            out.write_str("<>")?;
            LAYOUT.write_square(squire, out)
        }
        Action::Ransom { royal, at } => {
            out.write_str(royal.code())?;
            out.write_char('@')?;
            LAYOUT.write_square(at, out)
        }
        Action::Promote(kind) => {
            out.write_char('=')?;
            out.write_str(kind.code())
        }
    }
}

/// Reads an action in the notation.
///
/// # Errors
///
/// [`NotationError`] naming the forms.
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let err = |expected: String| NotationError {
        text: text.to_owned(),
        expected,
    };
    let square = |s: &str| {
        LAYOUT
            .parse_square::<u8>(s)
            .map_err(|e| err(format!("{FORMS}: {e}")))
    };
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Action::Pass);
    }
    if let Some(code) = t.strip_prefix('=') {
        return match Kind::from_code(code) {
            Some(k) if k.is_restorable() => Ok(Action::Promote(k)),
            _ => Err(err(format!(
                "a promotion names a Rook, Royal Rook, Knight, Bishop, Archbishop or Queen: `=R`, `=RR`, `=N`, `=B`, `=AB` or `=Q`; {FORMS}"
            ))),
        };
    }
    if let Some((a, b)) = t.split_once("<>") {
        return Ok(Action::Swap {
            prince: square(a)?,
            squire: square(b)?,
        });
    }
    if let Some((code, sq)) = t.split_once('@') {
        return match Kind::from_code(code) {
            Some(royal) if royal.is_ransomed() => Ok(Action::Ransom {
                royal,
                at: square(sq)?,
            }),
            _ => Err(err(format!(
                "a ransom returns a Prince `PR@E2` or a Princess `PS@E2`; {FORMS}"
            ))),
        };
    }
    if let Some((a, b)) = t.split_once('-') {
        return Ok(Action::Move {
            from: square(a)?,
            to: square(b)?,
        });
    }
    Err(err(FORMS.to_owned()))
}

/// A piece's token: its code (upper case the Dragon's) and its starting square.
fn write_token(id: Id, out: &mut dyn fmt::Write) -> fmt::Result {
    let code = Position::kind(id).code();
    if side_of(id) == Side::Red {
        out.write_str(code)?;
    } else {
        for c in code.chars() {
            out.write_char(c.to_ascii_lowercase())?;
        }
    }
    write_home(id, out)
}

fn write_home(id: Id, out: &mut dyn fmt::Write) -> fmt::Result {
    let home = roster().home[usize::from(id)];
    let name = LAYOUT.name(home).to_string();
    out.write_str(&name.to_ascii_lowercase())
}

/// The identity of `side` that starts on `home`.
fn id_at_home(side: Side, home: u8) -> Option<Id> {
    ids(side).find(|&id| roster().home[usize::from(id)] == home)
}

/// Reads a token `Ra1` / `sqe9`: the identity, checking its kind.
fn parse_token(token: &str) -> Result<Id, String> {
    let bad = || {
        format!(
            "`{token}` is no piece: expected a code (upper case the Dragon's, lower case the Tiger's) and the square the piece started on, such as `Ra1` or `sqe9`"
        )
    };
    let digits = token.trim_start_matches(|c: char| !c.is_ascii_digit());
    let head = &token[..token.len() - digits.len()];
    if head.len() < 2 || !head.is_char_boundary(head.len() - 1) {
        return Err(bad());
    }
    let (code, file) = head.split_at(head.len() - 1);
    let kind = Kind::from_code(code).ok_or_else(bad)?;
    let side = if code.chars().all(|c| c.is_ascii_uppercase()) {
        Side::Red
    } else if code.chars().all(|c| c.is_ascii_lowercase()) {
        Side::Green
    } else {
        return Err(bad());
    };
    if !file.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(bad());
    }
    let home: u8 = LAYOUT
        .parse_square(&format!("{file}{digits}"))
        .map_err(|_| bad())?;
    let id = id_at_home(side, home).ok_or_else(|| {
        format!(
            "`{token}`: no {} piece starts on {}",
            army(side),
            LAYOUT.name(home)
        )
    })?;
    if Position::kind(id) != kind {
        return Err(format!(
            "`{token}`: the {} piece that starts on {} is a {}, not a {kind}",
            army(side),
            LAYOUT.name(home),
            Position::kind(id)
        ));
    }
    Ok(id)
}

/// Writes the position text.
///
/// # Errors
///
/// Only those of `out`.
pub fn export(p: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    for r in (0..RANKS).rev() {
        let mut empty = 0;
        let mut first = true;
        let mut sep = |out: &mut dyn fmt::Write| {
            if first {
                first = false;
                Ok(())
            } else {
                out.write_char(',')
            }
        };
        for f in 0..FILES {
            let id = p.piece(square(f, r));
            if id == NONE {
                empty += 1;
                continue;
            }
            if empty > 0 {
                sep(out)?;
                write!(out, "{empty}")?;
                empty = 0;
            }
            sep(out)?;
            write_token(id, out)?;
        }
        if empty > 0 {
            sep(out)?;
            write!(out, "{empty}")?;
        }
        if r > 0 {
            out.write_char('/')?;
        }
    }
    write!(out, " {} {} ", army(p.to_act), p.moves_left)?;
    // Marks, ordered by the starting square's file, then rank.
    let mut marked: Vec<Id> = (0..PIECES as Id)
        .filter(|&id| p.mark_of(id) != mark::NONE)
        .collect();
    marked.sort_by_key(|&id| {
        let h = roster().home[usize::from(id)];
        (h % FILES, h / FILES)
    });
    if marked.is_empty() {
        out.write_char('-')?;
    }
    for (i, &id) in marked.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write_home(id, out)?;
        match p.mark_of(id) {
            mark::SWAPPED => out.write_char('~')?,
            mark::RETURNED => out.write_char('^')?,
            _ => {}
        }
    }
    out.write_char(' ')?;
    let mut any = false;
    for side in [Side::Green, Side::Red] {
        for kind in [Kind::Prince, Kind::Princess] {
            for id in ids(side) {
                if p.is_pending(id) && Position::kind(id) == kind {
                    if any {
                        out.write_char(',')?;
                    }
                    any = true;
                    write_token(id, out)?;
                }
            }
        }
    }
    if !any {
        out.write_char('-')?;
    }
    out.write_char(' ')?;
    if p.promotion == NONE {
        out.write_char('-')?;
    } else {
        LAYOUT.write_square(p.promotion, out)?;
    }
    out.write_char(' ')?;
    match p.outcome {
        None => out.write_char('-'),
        Some(o) => match o.winner {
            Some(side) => write!(out, "{}-wins:{}", army(side), o.rule),
            None => write!(out, "draw:{}", o.rule),
        },
    }
}

/// Reads a position text under `rules`, and decides the turn's start as play
/// would (checkmate, the draw by no legal action) when it stands at one.
///
/// # Errors
///
/// [`PositionError`] naming the field and what was expected.
pub fn import(text: &str, rules: Rules) -> Result<Position, PositionError> {
    let err = |expected: String| PositionError {
        text: text.to_owned(),
        expected,
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, moves, marks, pending, promotion, result] = fields[..] else {
        return Err(err(format!(
            "expected seven fields, `<board> <side> <moves-left> <marks> <pending> <promotion> <result>`, found {}",
            fields.len()
        )));
    };
    let mut p = Position::empty(rules.moves);
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != usize::from(RANKS) {
        return Err(err(format!(
            "the board has 10 ranks separated by `/`, found {}",
            ranks.len()
        )));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = RANKS - 1 - i as u8;
        let mut f: u32 = 0;
        for token in rank_text.split(',') {
            if let Ok(n) = token.parse::<u32>() {
                if n == 0 {
                    return Err(err(format!("rank {}: an empty run is 1 to 14", r + 1)));
                }
                f += n;
            } else {
                let id = parse_token(token).map_err(|m| err(format!("rank {}: {m}", r + 1)))?;
                if f >= u32::from(FILES) {
                    return Err(err(format!("rank {} has more than 14 squares", r + 1)));
                }
                if p.at[usize::from(id)] != NONE {
                    return Err(err(format!("`{token}` stands twice on the board")));
                }
                p.put(id, square(f as u8, r));
                f += 1;
            }
            if f > u32::from(FILES) {
                return Err(err(format!("rank {} has more than 14 squares", r + 1)));
            }
        }
        if f != u32::from(FILES) {
            return Err(err(format!("rank {} has {f} squares, expected 14", r + 1)));
        }
    }
    p.to_act = match side {
        "dragon" => Side::Red,
        "tiger" => Side::Green,
        _ => {
            return Err(err(format!(
                "the side is `dragon` or `tiger`, found `{side}`"
            )));
        }
    };
    p.moves_left = match moves.parse::<u8>() {
        Ok(n) if n <= rules.moves => n,
        _ => {
            return Err(err(format!(
                "moves left are 0 to {} in this mode, found `{moves}`",
                rules.moves
            )));
        }
    };
    if marks != "-" {
        for m in marks.split(',') {
            let (home, value) = match m.as_bytes().last() {
                Some(b'~') => (&m[..m.len() - 1], mark::SWAPPED),
                Some(b'^') => (&m[..m.len() - 1], mark::RETURNED),
                _ => (m, mark::MOVED),
            };
            let id = LAYOUT
                .parse_square::<u8>(home)
                .ok()
                .and_then(|h| id_at_home(p.to_act, h))
                .ok_or_else(|| {
                    err(format!(
                        "a mark names the starting square of a piece of the side to act, then `~` (a Prince that swapped) or `^` (a returned royal) or nothing (moved), found `{m}`"
                    ))
                })?;
            let kind = Position::kind(id);
            if (value == mark::SWAPPED && kind != Kind::Prince)
                || (value == mark::RETURNED && !kind.is_ransomed())
            {
                return Err(err(format!("mark `{m}`: not a {kind}'s mark")));
            }
            p.set_mark(id, value);
        }
    }
    if pending != "-" {
        for token in pending.split(',') {
            let id = parse_token(token).map_err(|m| err(format!("pending: {m}")))?;
            if !Position::kind(id).is_ransomed() || p.at[usize::from(id)] != NONE {
                return Err(err(format!(
                    "pending: `{token}` is no captured Prince or Princess off the board"
                )));
            }
            p.set_pending(id, true);
        }
    }
    if promotion != "-" {
        let sq: u8 = LAYOUT
            .parse_square(promotion)
            .map_err(|e| err(format!("promotion: {e}")))?;
        if !p.promotable_squire(p.to_act, sq) || !p.has_restorable(p.to_act) {
            return Err(err(format!(
                "promotion: {promotion} holds no Squire of the side to act on its far back row with a piece to restore"
            )));
        }
        p.promotion = sq;
    }
    p.outcome = match result {
        "-" => None,
        _ => Some(parse_result(result).ok_or_else(|| {
            err(format!(
                "the result is `-`, `dragon-wins:<rule>`, `tiger-wins:<rule>` or `draw:<rule>` with a rule of {}, found `{result}`",
                RULES.map(RuleId::name).join(", ")
            ))
        })?),
    };
    if p.outcome.is_some() {
        return Ok(p);
    }
    if p.moves_left == 0 && p.promotion == NONE {
        return Err(err(
            "no moves left and no promotion waiting: the turn would have ended".to_owned(),
        ));
    }
    if usize::from(p.promotion) < SQUARES && p.pending_of(p.to_act) {
        return Err(err(
            "a promotion waits while the side to act's ransom is pending".to_owned(),
        ));
    }
    if p.pending_of(p.to_act) && !p.has_sacrifice(p.to_act) {
        return Err(err(
            "the side to act's royal waits for ransom with no piece to sacrifice".to_owned(),
        ));
    }
    if p.outcome.is_none() {
        for side in Side::ALL {
            if p.at[usize::from(king_id(side))] == NONE {
                return Err(err(format!("the {} King is missing", army(side))));
            }
        }
        if p.at_turn_start(rules) {
            if p.in_check(p.to_act.opponent()) {
                return Err(err(format!(
                    "the {} King stands in check at the start of the other army's turn",
                    army(p.to_act.opponent())
                )));
            }
            p.decide_turn_start(rules);
        }
    }
    Ok(p)
}

fn parse_result(text: &str) -> Option<crate::core::Outcome> {
    let (who, rule) = text.split_once(':')?;
    let rule = RULES.into_iter().find(|r| r.name() == rule)?;
    match who {
        "dragon-wins" => Some(win(Side::Red, rule)),
        "tiger-wins" => Some(win(Side::Green, rule)),
        "draw" => Some(draw(rule)),
        _ => None,
    }
}

/// Draws the board, north at the top, and the turn.
///
/// # Errors
///
/// Only those of `out`.
pub fn render(p: &Position, out: &mut dyn fmt::Write) -> fmt::Result {
    for r in (0..RANKS).rev() {
        write!(out, "{:>2} ", r + 1)?;
        for f in 0..FILES {
            let id = p.piece(square(f, r));
            if id == NONE {
                out.write_str("  .")?;
            } else {
                let code = Position::kind(id).code();
                let code = if side_of(id) == Side::Red {
                    code.to_owned()
                } else {
                    code.to_ascii_lowercase()
                };
                write!(out, "{code:>3}")?;
            }
        }
        out.write_char('\n')?;
    }
    out.write_str("   ")?;
    for f in 0..FILES {
        write!(out, "  {}", char::from(b'A' + f))?;
    }
    out.write_char('\n')?;
    match p.outcome {
        Some(o) => writeln!(out, "{}", o.named(["tiger", "dragon"])),
        None => writeln!(
            out,
            "{} to act, {} move{} left",
            army(p.to_act),
            p.moves_left,
            if p.moves_left == 1 { "" } else { "s" }
        ),
    }
}
