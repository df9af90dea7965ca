//! The Game's text forms: actions in its notation (read back from text), and
//! a position as one line (export and import).
//!
//! A position is every board as `<prefix>:<ranks>` (ranks from the highest
//! down, separated by `/`; a run of empty squares is its count, a piece its
//! letter, upper case Gold and lower case Silver, a Djinn `J`, a piece sharing
//! a Djinn's square `{q}`), then the side to move (`gold` or `silver`), then
//! the fields that apply: `ep:GE3` (the square a Warrior's two-square move has
//! just passed), `returns:AD4=CD8,...` (each piece on the Astral board and the
//! square it returns to), `pending:mana:t:CD8` (the choice after an
//! ArchMagus's capture: from a `mana` or the `astral` board, the captured
//! piece, its return square), `ply:N`, and the result once over
//! (`gold-wins:emperor-captured`, `draw:stalemate`, `draw:ply-bound`).

use std::fmt::Write as _;

use super::board::{Boards, NONE, Sq, ix};
use super::kinds::{Kind, Realm};
use super::position::{Action, Ending, PLY_BOUND, Pending, Piece, Position, Tag};
use super::setup::{GOLD, SILVER, side_name};

fn letter(p: Piece) -> char {
    if p.side == GOLD {
        p.kind.letter()
    } else {
        p.kind.letter().to_ascii_lowercase()
    }
}

fn piece_of(c: char) -> Option<Piece> {
    let kind = Kind::from_letter(c).filter(|&k| k != Kind::Djinn)?;
    let side = if c.is_ascii_uppercase() { GOLD } else { SILVER };
    Some(Piece { kind, side })
}

fn square(text: &str) -> Result<Sq, String> {
    Boards::get()
        .layout
        .parse_square::<Sq>(text)
        .map_err(|e| e.to_string())
}

/// The import's checks of the pieces read: each on a board it may stand
/// on, one Emperor a side at most, the Djinn on the Astral board, at most 71
/// pieces a side.
fn check_pieces(pos: &Position) -> Result<(), String> {
    let b = Boards::get();
    let mut emperors = [0; 2];
    for sq in 0..super::board::SQUARES as Sq {
        if pos.djinn_at(sq) && b.realm(sq) != Realm::Astral {
            return Err(format!(
                "a Djinn `J` only on the Astral board, not on {}",
                b.layout.name(sq)
            ));
        }
        let Some(p) = pos.at(sq) else { continue };
        if !p.kind.may_stand(b.realm(sq)) {
            return Err(format!(
                "no {} on {}: a board it may not stand on",
                p.kind,
                b.layout.name(sq)
            ));
        }
        if p.kind == Kind::Emperor {
            emperors[p.side.index()] += 1;
            if emperors[p.side.index()] > 1 {
                return Err(format!("one {} Emperor at most", side_name(p.side)));
            }
        }
    }
    if pos.occ.iter().any(|o| o.count() > 71) {
        return Err("at most 71 pieces a side".to_owned());
    }
    Ok(())
}

impl Position {
    /// Reads an action in the notation [`Position::action_text`] writes, in
    /// this position (legality is not checked).
    ///
    /// # Errors
    ///
    /// What the notation expects, with an example.
    pub fn parse_action(&self, text: &str) -> Result<Action, String> {
        let expected = "a move `SG1-SH1`, a capture `SD2xSI7`, a strike `SG1-SG3xGH4`, a promotion `GC7-GC8=Q`, or `kill`, `send AD4`, `return`";
        match text {
            "kill" => {
                return Ok(Action {
                    tag: Tag::Kill,
                    ..Action::default()
                });
            }
            "return" => {
                let to = self.pending().map_or(0, |p| p.ret);
                return Ok(Action {
                    tag: Tag::Return,
                    to,
                    ..Action::default()
                });
            }
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("send ") {
            let to = square(rest)?;
            return Ok(Action {
                tag: Tag::Send,
                to,
                ..Action::default()
            });
        }
        let (body, promo) = match text.split_once('=') {
            Some((body, k)) => {
                let mut chars = k.chars();
                let kind = match (chars.next().and_then(Kind::from_letter), chars.next()) {
                    (Some(kind), None) => kind,
                    _ => return Err(format!("a kind's letter after `=`; {expected}")),
                };
                (body, Some(kind))
            }
            None => (text, None),
        };
        let sep = body.find(['-', 'x']).ok_or_else(|| expected.to_owned())?;
        let from = square(&body[..sep])?;
        let rest = &body[sep + 1..];
        let (to, strike) = match rest.find('x') {
            Some(i) => (square(&rest[..i])?, Some(square(&rest[i + 1..])?)),
            None => (square(rest)?, None),
        };
        let b = Boards::get();
        let action = if let Some(kind) = promo {
            Action {
                tag: Tag::Promote,
                from,
                to,
                aux: kind as u16,
            }
        } else if let Some(s) = strike {
            Action {
                tag: Tag::Strike,
                from,
                to,
                aux: s,
            }
        } else if body.as_bytes()[sep] == b'x'
            && self.ep == to
            && self.at(to).is_none()
            && self.at(from).is_some_and(|p| p.kind == Kind::Warrior)
        {
            let mover = self.at(from).map_or(GOLD, |p| p.side);
            let victim = b.step[if mover == GOLD { 1 } else { 0 }][ix(to)];
            Action {
                tag: Tag::EnPassant,
                from,
                to,
                aux: victim,
            }
        } else {
            Action {
                tag: Tag::Go,
                from,
                to,
                aux: 0,
            }
        };
        Ok(action)
    }

    /// The position as one line of text ([`Position::import`] reads it back).
    #[must_use]
    pub fn export(&self) -> String {
        let b = Boards::get();
        let mut out = String::new();
        for (plane, spec) in b.spec.boards.iter().enumerate() {
            let _ = write!(out, "{}:", spec.prefix);
            for rank in (0..spec.ranks).rev() {
                let mut empty = 0;
                for file in 0..spec.files {
                    let sq = b
                        .layout
                        .square(plane, i16::from(file), i16::from(rank))
                        .unwrap_or(0) as Sq;
                    let cell = match (self.at(sq), self.djinn_at(sq)) {
                        (None, false) => {
                            empty += 1;
                            continue;
                        }
                        (None, true) => "J".to_owned(),
                        (Some(p), false) => letter(p).to_string(),
                        (Some(p), true) => format!("{{{}}}", letter(p)),
                    };
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push_str(&cell);
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                }
                if rank > 0 {
                    out.push('/');
                }
            }
            out.push(' ');
        }
        out.push_str(side_name(self.to_move));
        if self.ep != NONE {
            let _ = write!(out, " ep:{}", b.layout.name(self.ep));
        }
        if !self.returns.is_empty() {
            let list: Vec<String> = self
                .returns
                .iter()
                .map(|&(s, r)| format!("{}={}", b.layout.name(s), b.layout.name(r)))
                .collect();
            let _ = write!(out, " returns:{}", list.join(","));
        }
        if let Some(p) = self.pending {
            let from = if p.from_astral { "astral" } else { "mana" };
            let _ = write!(
                out,
                " pending:{from}:{}:{}",
                letter(p.piece),
                b.layout.name(p.ret)
            );
        }
        if self.ply > 0 {
            let _ = write!(out, " ply:{}", self.ply);
        }
        match self.ending {
            Some(Ending::EmperorCaptured(side)) => {
                let _ = write!(out, " {}-wins:emperor-captured", side_name(side));
            }
            Some(Ending::Stalemate) => out.push_str(" draw:stalemate"),
            Some(Ending::PlyBound) => out.push_str(" draw:ply-bound"),
            None => {}
        }
        out
    }

    /// Reads a position written by [`Position::export`] (or by hand). The
    /// Sylvars' starting squares are the standard set-up's.
    ///
    /// # Errors
    ///
    /// What was expected: a board `<prefix>:<ranks>` for each of the eight
    /// boards, ranks of the board's width, known letters, the side to move,
    /// well-formed fields.
    pub fn import(text: &str) -> Result<Position, String> {
        let b = Boards::get();
        let mut fields = text.split_whitespace();
        let mut pos = Position::empty(GOLD);
        let mut seen = vec![false; b.spec.boards.len()];
        let mut side = None;
        for field in fields.by_ref() {
            let Some((prefix, ranks)) = field.split_once(':') else {
                side = Some(match field {
                    "gold" => GOLD,
                    "silver" => SILVER,
                    _ => {
                        return Err(format!(
                            "`gold` or `silver` after the boards, not `{field}`"
                        ));
                    }
                });
                break;
            };
            let plane = b
                .spec
                .boards
                .iter()
                .position(|s| s.prefix == prefix)
                .ok_or_else(|| {
                    format!("a board prefix (S, G, C, MS, MW, ME, MG, A), not `{prefix}`")
                })?;
            if std::mem::replace(&mut seen[plane], true) {
                return Err(format!("each board once; `{prefix}` twice"));
            }
            let spec = &b.spec.boards[plane];
            let rows: Vec<&str> = ranks.split('/').collect();
            if rows.len() != usize::from(spec.ranks) {
                return Err(format!(
                    "{} ranks for `{prefix}`, not {}",
                    spec.ranks,
                    rows.len()
                ));
            }
            for (i, row) in rows.iter().enumerate() {
                let rank = spec.ranks - 1 - i as u8;
                let mut file: u16 = 0;
                let mut chars = row.chars().peekable();
                while let Some(c) = chars.next() {
                    if let Some(d) = c.to_digit(10) {
                        let mut n = d as u16;
                        while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                            n = n.saturating_mul(10).saturating_add(d2 as u16);
                            chars.next();
                        }
                        file = file.saturating_add(n);
                        continue;
                    }
                    let at = |file: u16| {
                        (file < u16::from(spec.files))
                            .then(|| b.layout.square(plane, file as i16, i16::from(rank)))
                            .flatten()
                            .map(|s| s as Sq)
                            .ok_or_else(|| {
                                format!("{} files on each rank of `{prefix}`", spec.files)
                            })
                    };
                    let sq = at(file)?;
                    if c == 'J' {
                        pos.put_djinn(sq);
                    } else if c == '{' {
                        let inner = chars.next().and_then(piece_of);
                        if chars.next() != Some('}') || inner.is_none() {
                            return Err("`{q}`: a piece on a Djinn's square".to_owned());
                        }
                        pos.put_djinn(sq);
                        pos.put(
                            sq,
                            inner.unwrap_or(Piece {
                                kind: Kind::Warrior,
                                side: GOLD,
                            }),
                        );
                    } else {
                        let p = piece_of(c).ok_or_else(|| {
                            format!("a piece's letter, a count or `J`, not `{c}`")
                        })?;
                        pos.put(sq, p);
                    }
                    file += 1;
                }
                if file != u16::from(spec.files) {
                    return Err(format!("{} files on each rank of `{prefix}`", spec.files));
                }
            }
        }
        if seen.iter().any(|s| !s) {
            return Err("all eight boards before the side to move".to_owned());
        }
        check_pieces(&pos)?;
        pos.to_move = side.ok_or("the side to move, `gold` or `silver`")?;
        for field in fields {
            let (key, value) = field
                .split_once(':')
                .ok_or_else(|| format!("a field `key:value`, not `{field}`"))?;
            match key {
                "ep" => {
                    let ep = square(value)?;
                    if b.realm(ep) != Realm::Ground || pos.at(ep).is_some() {
                        return Err(format!(
                            "an empty square of the Ground after `ep:`, not `{value}`"
                        ));
                    }
                    pos.ep = ep;
                }
                "ply" => {
                    pos.ply = value
                        .parse()
                        .ok()
                        .filter(|&n| n <= PLY_BOUND)
                        .ok_or_else(|| {
                            format!("a count up to {PLY_BOUND} after `ply:`, not `{value}`")
                        })?;
                }
                "returns" => {
                    for pair in value.split(',') {
                        let (s, r) = pair.split_once('=').ok_or("`returns:AD4=CD8,...`")?;
                        let (s, r) = (square(s)?, square(r)?);
                        if b.realm(s) != Realm::Astral || pos.at(s).is_none() {
                            return Err(format!("a piece on the Astral board before `={r}`"));
                        }
                        if pos.returns.iter().any(|&(x, _)| x == s) {
                            return Err(format!("one return square for `{}`", b.layout.name(s)));
                        }
                        pos.add_return(s, r);
                    }
                }
                "pending" => {
                    let mut parts = value.split(':');
                    let from_astral = match parts.next() {
                        Some("mana") => false,
                        Some("astral") => true,
                        _ => return Err("`pending:mana:...` or `pending:astral:...`".to_owned()),
                    };
                    let piece = parts
                        .next()
                        .and_then(|t| t.chars().next())
                        .and_then(piece_of)
                        .ok_or("the captured piece's letter in `pending:`")?;
                    let ret = square(parts.next().unwrap_or(""))?;
                    if piece.kind == Kind::Emperor
                        || !piece.kind.may_stand(b.realm(ret))
                        || (from_astral && pos.at(ret).is_some())
                    {
                        return Err(format!(
                            "a captured piece other than an Emperor in `pending:`, and a return square it may stand on and, from the Astral board, empty: not `{value}`"
                        ));
                    }
                    pos.pending = Some(Pending {
                        from_astral,
                        piece,
                        ret,
                    });
                }
                "gold-wins" | "silver-wins" | "draw" => {
                    pos.ending = Some(match (key, value) {
                        ("gold-wins", "emperor-captured") => Ending::EmperorCaptured(GOLD),
                        ("silver-wins", "emperor-captured") => Ending::EmperorCaptured(SILVER),
                        ("draw", "stalemate") => Ending::Stalemate,
                        ("draw", "ply-bound") => Ending::PlyBound,
                        _ => return Err(format!("a result, not `{field}`")),
                    });
                }
                _ => {
                    return Err(format!(
                        "a field ep, returns, pending, ply or a result, not `{key}`"
                    ));
                }
            }
        }
        for sq in b.of_realm[Realm::Astral as usize].iter::<Sq>() {
            if pos.at(sq).is_some_and(|p| p.kind != Kind::ArchMagus)
                && !pos.returns.iter().any(|&(s, _)| s == sq)
            {
                return Err(format!(
                    "a return square in `returns:` for the piece on {}: every piece but an ArchMagus on the Astral board was sent there",
                    b.layout.name(sq)
                ));
            }
        }
        if pos.ending.is_none() {
            pos.settle();
        }
        Ok(pos)
    }
}
