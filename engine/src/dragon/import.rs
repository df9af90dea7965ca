//! Dragon's position import: the format [`text`](super::text) documents and
//! exports, read back with an error naming the field and what was expected,
//! then validated (counts, scopes, the procedures' and rooms' states) before
//! the game goes on from it.

use super::apply::{self, FIFTY_MOVE_TRUCE, PLY_BOUND_TRUCE, STALEMATE_TRUCE};
use super::board::{
    AREA_SLOTS, AREAS, Area, FILES, NO_SQUARE, RANKS, board, parse_square, square_name,
};
use super::deploy::tracks_first_move;
use super::forces::{Force, Kind};
use super::guard::Guard;
use super::moves::{Memo, attack::Threats};
use super::options::DragonOptions;
use super::procedures::Pending;
use super::state::{Position, Vessel, VesselKind, flags};
use super::text::{direction, result_key, side_name};
use super::victory;
use crate::core::{Outcome, PositionError, Side};

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

/// [`parse_force`] of a code of two letters with or without the mark
/// (every force on an exported rank): the kind from the codes' table, the
/// mark tested, [`parse_force`] itself for anything else and for the error.
#[inline]
fn quick_force(text: &str) -> Result<Force, String> {
    let (code, unmoved) = match *text.as_bytes() {
        [_, _] => (text, false),
        [a, b, b'\''] if a.is_ascii() && b.is_ascii() => (&text[..2], true),
        _ => return parse_force(text),
    };
    match Kind::from_code(code) {
        Some(k) if !unmoved => Ok(Force::new(k)),
        Some(k) if tracks_first_move(k) => Ok(Force::unmoved(k)),
        _ => parse_force(text),
    }
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

/// Writes `force` on `sq` with its side's occupancy: the rest of what
/// [`Position::put`] keeps is made by the import's one pass
/// ([`Position::seal_placed`](super::placed)).
#[inline]
fn place(p: &mut Position, sq: u8, force: Force) {
    p.forces[usize::from(sq)] = force;
    p.occupied[force.side().index()].insert(sq);
}

/// Writes `vessel` on `sq` with the fleet, as [`place`] a force.
#[inline]
fn place_vessel(p: &mut Position, sq: u8, vessel: Vessel) {
    p.vessels[usize::from(sq)] = vessel;
    p.fleet.insert(sq);
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
            place_vessel(p, sq, v);
            if occupant.is_some() {
                place(p, sq, occupant);
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
            place(p, sq, quick_force(token)?);
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
    // One digit each (the common case), read as the bytes they are.
    let b = value.as_bytes();
    if b.len() == 2 * N - 1
        && (0..N).all(|i| b[2 * i].is_ascii_digit() && (i + 1 == N || b[2 * i + 1] == b','))
    {
        for (i, o) in out.iter_mut().enumerate() {
            *o = b[2 * i] - b'0';
        }
        return Ok(out);
    }
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

/// The fields after the side to move that are neither a special area nor the
/// result, in the order the export writes them: the reader dispatches on them,
/// and the refusal of a field given twice numbers them after the areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Arrows,
    Cannonballs,
    Seers,
    Barren,
    Sunk,
    Flags,
    Ep,
    Pending,
    Quiet,
    Ply,
}

impl Field {
    const ALL: [Field; 10] = [
        Field::Arrows,
        Field::Cannonballs,
        Field::Seers,
        Field::Barren,
        Field::Sunk,
        Field::Flags,
        Field::Ep,
        Field::Pending,
        Field::Quiet,
        Field::Ply,
    ];

    /// The field's key, before the `:`.
    const fn key(self) -> &'static str {
        match self {
            Field::Arrows => "arrows",
            Field::Cannonballs => "cannonballs",
            Field::Seers => "seers",
            Field::Barren => "barren",
            Field::Sunk => "sunk",
            Field::Flags => "flags",
            Field::Ep => "ep",
            Field::Pending => "pending",
            Field::Quiet => "quiet",
            Field::Ply => "ply",
        }
    }

    fn from_key(key: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.key() == key)
    }
}

/// The keys of a result field.
const RESULT_KEYS: [&str; 3] = ["draw", "forest-wins", "storm-wins"];

/// `text` cut at its first `sep` (an ASCII byte), as [`str::split_once`].
fn cut(text: &str, sep: u8) -> Option<(&str, &str)> {
    let i = text.bytes().position(|b| b == sep)?;
    Some((&text[..i], &text[i + 1..]))
}

/// Reads the position format.
///
/// With the position, the side to move's [`Guard`] and the threats it kept
/// when the import's look for his move computed them (as
/// [`apply::finish_keeping`] does after an action): the game need not
/// compute them again.
pub(crate) fn import(text: &str, opts: &DragonOptions) -> Result<(Position, Known), PositionError> {
    read(text, opts).map_err(|expected| PositionError {
        text: text.to_owned(),
        expected,
    })
}

/// The side to move's Guard and kept threats, when the import computed them.
pub(crate) type Known = Option<(Option<Guard>, Option<Threats>)>;

fn read(text: &str, opts: &DragonOptions) -> Result<(Position, Known), String> {
    // Cut as `split_whitespace` cuts, by a byte scan (`core::fields`).
    let mut fields = crate::core::fields(text);
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
    // The fields read so far: the special areas by their index, then the
    // other fields after them.
    let mut seen = crate::core::FieldsSeen::default();
    for field in fields {
        if result.is_some() {
            return Err(format!("nothing may follow the result, found `{field}`"));
        }
        let (key, value) =
            cut(field, b':').ok_or_else(|| format!("a `key:value` field, found `{field}`"))?;
        if let Some(area) = Area::from_name(key) {
            seen.note(area.index(), key)?;
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
        if RESULT_KEYS.contains(&key) {
            result = Some((key, value));
            continue;
        }
        let field = Field::from_key(key).ok_or_else(|| {
            let areas: Vec<&str> = AREAS.iter().map(|a| a.name()).collect();
            let fields: Vec<&str> = Field::ALL.iter().map(|f| f.key()).collect();
            format!(
                "unknown field `{key}:`; the fields are the special areas ({}), {} and a result ({})",
                areas.join(", "),
                fields.join(", "),
                RESULT_KEYS.join(", ")
            )
        })?;
        seen.note(AREAS.len() + field as usize, key)?;
        match field {
            Field::Arrows => {
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
            Field::Cannonballs => {
                let [a, b, c, d] = numbers::<4>(key, value)?;
                p.counters.cannonballs = [a, b];
                p.counters.spent_cannonballs = [c, d];
            }
            Field::Seers => p.counters.seers = numbers::<2>(key, value)?,
            Field::Barren => {
                let mut named = 0u64;
                for item in pieces(value, b',') {
                    let (code, n) = item.split_at_checked(2).unwrap_or((item, ""));
                    let kind = Kind::from_code(code)
                        .ok_or_else(|| format!("`barren:` unknown force code `{code}`"))?;
                    let n: u8 = n
                        .parse()
                        .map_err(|_| format!("`barren:` a code and a count, found `{item}`"))?;
                    if named & 1 << (kind as u8) != 0 {
                        return Err(format!("`barren:` names `{code}` twice"));
                    }
                    named |= 1 << (kind as u8);
                    p.barren[kind as usize] = n;
                }
            }
            Field::Sunk => {
                let mut named = 0u8;
                for item in pieces(value, b',') {
                    let mut chars = item.chars();
                    let letter = chars.next().unwrap_or(' ');
                    let kind = VesselKind::ALL
                        .into_iter()
                        .find(|k| k.letter() == letter)
                        .ok_or_else(|| format!("`sunk:` a vessel letter, found `{item}`"))?;
                    if named & 1 << kind.index() != 0 {
                        return Err(format!("`sunk:` names `{letter}` twice"));
                    }
                    named |= 1 << kind.index();
                    p.sunk[kind.index()] = chars
                        .as_str()
                        .parse()
                        .map_err(|_| format!("`sunk:` a letter and a count, found `{item}`"))?;
                }
            }
            Field::Flags => {
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
            Field::Ep => {
                p.ep = parse_square(value)?;
            }
            Field::Pending => {
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
            Field::Quiet => {
                p.quiet = value
                    .parse()
                    .map_err(|_| format!("`quiet:` a number, found `{value}`"))?;
            }
            Field::Ply => {
                p.ply = value
                    .parse()
                    .map_err(|_| format!("`ply:` a number, found `{value}`"))?;
            }
        }
    }
    let placed = p.seal_placed();
    validate(&p, placed.on_grid)?;
    p.check_placed(placed.grid).map_err(|e| e.0)?;
    super::procedures::check(&p).map_err(|e| e.0)?;
    if p.pending == Pending::Guards as u8 && !towered_this_move(&p) {
        let side = p.to_move;
        return Err(format!(
            "`pending:guards`: the Guards' choice follows only a Towering (Castling) of the {} OverLord in this move, which leaves {} moved and beside {} his tower became, on his rank; no such pair stands here",
            side_name(side),
            victory::royal_kind(side).name(),
            match side {
                Side::Green => Kind::GreenSceptre.name(),
                Side::Red => "the Red Sceptre (the Storm Talisman once the Ice Dragon is afire)",
            }
        ));
    }
    // The Seers' and the Truce's own invariants (a consultation in this move
    // counted, an offer awaiting its answer made), with a history that starts
    // here.
    super::truce::check(
        &p,
        &crate::core::RepetitionHistory::starting_at(p.hash),
        p.hash,
    )
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
            "{} stands attacked in {} with the {} OverLord to move: no move leaves him so (ruling `dragon.white-room`)",
            royal.kind().map_or("the royal", Kind::name),
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
            return Ok((p, None));
        }
        // Locking Up may still be what the position shows (computed below).
        unshown = Some(format!(
            "`{key}:{rule}`: {} is not in the Barren Lands (`barren:`)",
            victory::royal_kind(loser).name()
        ));
    }
    let mut memo = Memo::default();
    let known = apply::finish_keeping(&mut p, opts, &mut memo, None)
        .filter(|_| !Pending::is_offer(p.pending))
        .map(|guard| (guard, memo.threats));
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
    Ok((p, known))
}

/// Whether the side to move has just Towered (Castled), as `pending:guards`
/// needs (seed 000, The Guards; [`towering`](super::procedures)): his royal,
/// moved, stands on his rank beside the Sceptre his tower became (the Green
/// Sceptre; the Red Sceptre, or the Storm Talisman once the Ice Dragon is
/// afire), the position he passed over.
fn towered_this_move(p: &Position) -> bool {
    let side = p.to_move;
    let royal = victory::royal_kind(side);
    let sceptre = |k: Option<Kind>| match side {
        Side::Green => k == Some(Kind::GreenSceptre),
        Side::Red => matches!(k, Some(Kind::RedSceptre | Kind::StormTalisman)),
    };
    p.occupied[side.index()].iter().any(|sq| {
        let f = p.force(sq);
        f.kind() == Some(royal)
            && !f.is_unmoved()
            && [sq.checked_sub(1), sq.checked_add(1)]
                .into_iter()
                .flatten()
                .filter(|&s| usize::from(s) < super::board::SQUARES)
                .filter(|&s| super::board::rank_of(s) == super::board::rank_of(sq))
                .any(|s| p.occupied[side.index()].has(s) && sceptre(p.force(s).kind()))
    })
}

/// What an import checks beyond the state's invariants: forces only where
/// they may stand, the en-passant position a double step just passed.
/// `on_grid` is whether every force on the grid is of a kind that may
/// stand there (the one pass's answer); their positions are looked through
/// for the error only when one is not.
fn validate(p: &Position, on_grid: bool) -> Result<(), String> {
    let b = board();
    for side in Side::ALL {
        if p.occupied[side.index()].count() > MAX_FORCES_ON_GRID {
            return Err(format!(
                "{} has more than {MAX_FORCES_ON_GRID} forces on the grid",
                side_name(side)
            ));
        }
    }
    if !on_grid {
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
    }
    // One TrueBorn Prince and one Dark Warlord at most (victory turns on
    // each side's one royal); none is allowed (ruling
    // `dragon.partial-positions`: a partial board showing a rule).
    for side in Side::ALL {
        let royal = victory::royal_kind(side);
        // The side's forces among the royals' positions are its royal.
        let on_grid = p.occupied[side.index()].and(p.royals).count() as usize;
        let in_areas = p
            .areas
            .iter()
            .flatten()
            .filter(|f| f.kind_value() == royal as u8)
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

#[cfg(test)]
mod tests {
    /// The ranks' quick reading of a force reads every code, marked or
    /// not, and every other token of two or three bytes as `parse_force`.
    #[test]
    fn quick_force_reads_as_parse_force() {
        let mut tokens: Vec<String> = Vec::new();
        for &k in crate::dragon::forces::Kind::ALL {
            tokens.push(k.code().to_owned());
            tokens.push(format!("{}'", k.code()));
            tokens.push(format!("{}x", k.code()));
        }
        for t in [
            "",
            "a",
            "zz",
            "zz'",
            "''",
            "é",
            "a'",
            "é'",
            "ab\"",
            "\u{7f}\u{7f}'",
        ] {
            tokens.push(t.to_owned());
        }
        for t in &tokens {
            assert_eq!(super::quick_force(t), super::parse_force(t), "{t:?}");
        }
    }
}
