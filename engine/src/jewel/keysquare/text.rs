//! The text forms of a key-square game: move notation, the position export and
//! import (with every check a position must pass), the set-up data file and the
//! ASCII drawing.

use std::fmt;

use super::game::{End, KeyGame};
use super::options::KeyOptions;
use super::{
    Action, Board, First, JewelAction, Kind, Move, Movement, Params, read_move_squares,
    read_plain_move, read_square, rules, square_name_bytes, write_move, write_named_move,
    write_square,
};
use crate::core::{
    Bits, NotationError, PositionError, RepetitionHistory, RuleId, Side, Turn, rules as core_rules,
};

/// `green-first` or `red-first`: the coin toss's outcomes.
pub(crate) fn first_move_text(side: Side) -> &'static str {
    match side {
        Side::Green => "green-first",
        Side::Red => "red-first",
    }
}

/// Reads a result token, `green-wins:<rule>`, `red-wins:<rule>` or `draw:<rule>`,
/// whose rule is one of `rules`.
pub(crate) fn parse_result(
    token: &str,
    rules: &[RuleId],
) -> Result<(Option<Side>, RuleId), String> {
    let (who, rule) = token
        .split_once(':')
        .ok_or_else(|| format!("a result such as `draw:threefold-repetition`, found `{token}`"))?;
    let winner = match who {
        "green-wins" => Some(Side::Green),
        "red-wins" => Some(Side::Red),
        "draw" => None,
        _ => {
            return Err(format!(
                "a result `green-wins:<rule>`, `red-wins:<rule>` or `draw:<rule>`, found `{token}`"
            ));
        }
    };
    let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
    let rule = rules
        .iter()
        .copied()
        .find(|r| r.name() == rule)
        .ok_or_else(|| {
            format!(
                "a rule a position records ({}; the others are read off the position), found `{rule}`",
                names.join(", ")
            )
        })?;
    Ok((winner, rule))
}

/// Writes a result token.
pub(crate) fn write_result(
    winner: Option<Side>,
    rule: RuleId,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    match winner {
        Some(side) => write!(out, " {side}-wins:{rule}"),
        None => write!(out, " draw:{rule}"),
    }
}

impl<P: Params> KeyGame<P> {
    /// The rules a stored result may name (the others are decided from the
    /// position: a side with no legal action).
    fn stored_rules() -> [RuleId; 4] {
        [
            P::WIN.rule(),
            core_rules::THREEFOLD_REPETITION,
            P::MATERIAL_RULE,
            rules::LAST_CHARACTER,
        ]
    }

    /// Every square's name on the board, for [`write_named_move`].
    const SQUARE_NAME_BYTES: [u8; 1024] = square_name_bytes(P::GEOMETRY);
    /// The same as text.
    const SQUARE_NAMES: &'static str = match std::str::from_utf8(&Self::SQUARE_NAME_BYTES) {
        Ok(text) => text,
        Err(_) => panic!("the squares' names are ASCII"),
    };

    /// `C1-B1`, `A3xA1` (a capture, en passant included), `green-first`. A
    /// board of more than 9 files or ranks writes its moves from the table of
    /// its squares' names ([`write_named_move`]). Always inlined (into
    /// [`Game::write_action`], which is too): the checks write every listed
    /// action's text.
    #[inline(always)]
    pub(super) fn write_action_text(
        &self,
        action: JewelAction,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let g = P::GEOMETRY;
        match action.get() {
            Action::FirstMove(side) => out.write_str(first_move_text(side)),
            Action::Move(m) => {
                let promotion = m
                    .promotion
                    .and_then(|p| P::KINDS.get(p.index()))
                    .map(|spec| spec.letter);
                let capture = self.is_capture(m);
                if g.width() > 9 || g.height() > 9 {
                    return write_named_move(
                        Self::SQUARE_NAMES,
                        g,
                        m.from,
                        capture,
                        m.to,
                        promotion,
                        out,
                    );
                }
                write_move(g, m.from, capture, m.to, promotion, out)
            }
        }
    }

    /// Whether `m` captures: an opposing piece on its square, or a pawn's diagonal
    /// step onto the en passant square.
    fn is_capture(&self, m: Move) -> bool {
        if m.to.index() >= P::GEOMETRY.len() || m.from == m.to {
            return false;
        }
        if self.board.side(self.to_move.opponent()).has(m.to) {
            return true;
        }
        let pawn = P::KINDS
            .get(m.kind.index())
            .is_some_and(|k| k.movement.is_pawn());
        pawn && Some(m.to) == self.ep
            && P::GEOMETRY.coord(m.from).file != P::GEOMETRY.coord(m.to).file
    }

    /// The move from `from` to `to` as the side to move would make it: the
    /// kind of its piece on `from` (`Kind::NONE` when it has none there), no
    /// promotion; the notation's readings test it for legality afterwards.
    #[inline(always)]
    fn mover_move(&self, from: crate::core::Square, to: crate::core::Square) -> Move {
        let kind = if self.board.side(self.to_move).has(from) {
            self.board.kind_at(from).unwrap_or(Kind::NONE)
        } else {
            Kind::NONE
        };
        Move {
            kind,
            from,
            to,
            promotion: None,
        }
    }

    /// [`KeyGame::parse_action_text`] of a move in the commonest form
    /// (`A1-A2`, `A1xB2`; on a board of more than 9 ranks `A10-B11` too)
    /// written with the right separator, read at once and inline, so that the
    /// checks' round trip of every listed action's text needs no call; `None`
    /// for any other text, which the full reading reads and explains. A debug
    /// assertion compares the two in the tests.
    #[inline(always)]
    pub(super) fn parse_plain_action(&self, text: &str) -> Option<JewelAction> {
        let g = P::GEOMETRY;
        let bytes = text.as_bytes();
        let (from, sep, to) = match read_plain_move(g, bytes) {
            Some(read) => read,
            None if g.height() > 9 => match read_move_squares(g, bytes)? {
                (from, sep, to, []) => (from, sep, to),
                _ => return None,
            },
            None => return None,
        };
        let m = self.mover_move(from, to);
        let written = if self.is_capture(m) { b'x' } else { b'-' };
        let action = (sep == written).then(|| JewelAction::play(m))?;
        debug_assert_eq!(self.parse_action_text(text), Ok(action), "{text}");
        Some(action)
    }

    /// Out of line: the plain reading above takes the listed actions' texts,
    /// and this one's error texts need a large frame.
    #[inline(never)]
    pub(super) fn parse_action_text(&self, text: &str) -> Result<JewelAction, NotationError> {
        let g = P::GEOMETRY;
        let form = || {
            let last = g.name(crate::core::Square(g.len() as u8 - 1));
            let coin = if P::FIRST == First::Coin {
                ", or `green-first` / `red-first` for the first-move coin"
            } else {
                ""
            };
            format!(
                "a move such as `A1-A2`, or a capture such as `A1xB2` (squares A1-{last}){coin}"
            )
        };
        let err = |expected: String| NotationError {
            text: text.to_owned(),
            expected,
        };
        let bytes = text.as_bytes();
        let Some((from, sep, to, rest)) = read_move_squares(g, bytes) else {
            for side in Side::ALL {
                if text == first_move_text(side) {
                    return Ok(JewelAction::first_move(side));
                }
            }
            return Err(err(form()));
        };
        if !rest.is_empty() {
            return Err(err(format!(
                "{}; this game has no promotion, so nothing follows the second square",
                form()
            )));
        }
        let m = self.mover_move(from, to);
        let capture = self.is_capture(m);
        let (f, t) = (|| g.name(from), || g.name(to));
        match (sep, capture) {
            (b'x', false) => Err(err(format!(
                "`{}-{}`: `x` marks a capture, and nothing is captured on {}",
                f(),
                t(),
                t()
            ))),
            // Only a move of the side to move's own piece is told to write `x`:
            // from any other square the action is no move at all, and `apply`
            // refuses it (it had been told to write an illegal `C1xC2`).
            (b'-', true) if m.kind != Kind::NONE => Err(err(format!(
                "`{}x{}`: the move captures on {}, so it is written with `x`",
                f(),
                t(),
                t()
            ))),
            _ => Ok(JewelAction::play(m)),
        }
    }

    /// `<board> <turn> [ep:<square>] [<result>]`: the board (see
    /// [`Board::parse`]), `green`, `red` or `coin` (the first-move coin not yet
    /// tossed), the en passant square after a double step, and once over the
    /// stored result (`red-wins:hold-the-key`, `draw:threefold-repetition`, ...).
    pub(super) fn export_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.board.write(P::GEOMETRY, P::KINDS, out)?;
        // The space and the turn in one write.
        out.write_str(match (self.coin, self.to_move) {
            (true, _) => " coin",
            (false, Side::Green) => " green",
            (false, Side::Red) => " red",
        })?;
        if let Some(ep) = self.ep {
            out.write_str(" ep:")?;
            write_square(P::GEOMETRY, ep, out)?;
        }
        if let Some(end) = self.end {
            write_result(end.winner, end.rule, out)?;
        }
        Ok(())
    }

    /// Reads a position written by [`KeyGame::export_text`] (or by hand). With
    /// `full`, also checks what only a reachable position satisfies: no more
    /// pieces of a kind than the set-up has, and a live position must not already
    /// be decided.
    pub(super) fn import_text(
        text: &str,
        options: &KeyOptions<P>,
        full: bool,
    ) -> Result<Self, PositionError> {
        let err = |expected: String| PositionError {
            text: text.to_owned(),
            expected,
        };
        let g = P::GEOMETRY;
        let mut fields = crate::core::fields(text);
        let (Some(board_text), Some(turn_text)) = (fields.next(), fields.next()) else {
            return Err(err(
                "`<board> <green|red|coin> [ep:<square>] [<result>]`".to_owned()
            ));
        };
        let board: Board<P::Bits> = Board::parse(board_text, g, P::KINDS).map_err(err)?;
        let (to_move, coin) = match turn_text {
            "coin" if P::FIRST == First::Coin => (Side::Green, true),
            "coin" => {
                return Err(err(
                    "`green` or `red` to move: this game's first mover is no coin toss".into(),
                ));
            }
            side => (
                side.parse::<Side>()
                    .map_err(|e| err(format!("{e} or `coin`")))?,
                false,
            ),
        };
        let mut ep = None;
        let mut end = None;
        for token in fields {
            if let Some(sq) = token.strip_prefix("ep:") {
                let double = P::KINDS
                    .iter()
                    .any(|k| k.movement == (Movement::Pawn { double_step: true }));
                if !double {
                    return Err(err(format!(
                        "`{token}`: this game has no double step, so no en passant square"
                    )));
                }
                let (s, _) = read_square(g, sq.as_bytes())
                    .filter(|(_, tail)| tail.is_empty())
                    .ok_or_else(|| err(format!("`{token}`: `ep:` and a square such as `ep:C3`")))?;
                if ep.replace(s).is_some() {
                    return Err(err("one `ep:` square at most".into()));
                }
            } else if end.is_none() {
                let (winner, rule) = parse_result(token, &Self::stored_rules()).map_err(err)?;
                end = Some(End { winner, rule });
            } else {
                return Err(err(format!("nothing after the result, found `{token}`")));
            }
        }
        let mut game = KeyGame {
            options: *options,
            board,
            to_move,
            coin,
            ep,
            end,
            ply: 0,
            hash: 0,
            history: RepetitionHistory::default(),
            set_up_totals: [0; 2],
        };
        game.set_up_totals = if full {
            let start = &P::start().board;
            Side::ALL.map(|side| start.side(side).count() as u8)
        } else {
            // The set-up itself.
            Side::ALL.map(|side| board.side(side).count() as u8)
        };
        game.validate(full).map_err(err)?;
        game.hash = game.compute_hash();
        // In place: the history is the empty one built above.
        game.history.reset(game.repetition_key());
        Ok(game)
    }

    /// Whether the stored result `end` can be this position's, by the tests
    /// [`KeyGame::decide`] ends a game with: a win by the game's Key rule with
    /// the winner holding the Key (or, under ruling `<game>.last-character`'s
    /// `win-at-once`, the loser without a piece and the winner able to take the
    /// Key); the material draw (ruling `<game>.insufficient-material`) with
    /// neither side able to take the Key; the last-Character draw with one side
    /// without a piece and the other unable to take it. A draw by repetition is
    /// the game's past, which a position does not hold: it is taken as given.
    fn check_stored_end(&self, end: End) -> Result<(), String> {
        let rule = end.rule;
        let key = P::GEOMETRY.name(P::KEY);
        let out = |side: Side| self.board.side(side).is_empty();
        match end.winner {
            Some(w) if rule == P::WIN.rule() => {
                let at_once = self.options.last_character
                    == super::options::LastCharacter::WinAtOnce
                    && out(w.opponent())
                    && self.can_win(w);
                if self.holds_key(w) || at_once {
                    Ok(())
                } else {
                    Err(format!(
                        "`{w}-wins:{rule}` with no {w} piece that may take the Key on {key}: a game won by {rule} ends with the winner on the Key"
                    ))
                }
            }
            Some(w) => Err(format!(
                "`{w}-wins:{rule}`: {rule} ends a game drawn (`draw:{rule}`)"
            )),
            None if rule == P::WIN.rule() => Err(format!(
                "`draw:{rule}`: {rule} is a win (`green-wins:{rule}` or `red-wins:{rule}`)"
            )),
            None if rule == P::MATERIAL_RULE => {
                if self.options.material != super::options::MaterialDraw::KeyReach {
                    return Err(format!(
                        "`draw:{rule}`: with the material draw's ruling read `off` there is no such draw"
                    ));
                }
                match Side::ALL.into_iter().find(|&s| self.can_win(s)) {
                    Some(side) => Err(format!(
                        "`draw:{rule}` while a {side} piece can still reach the Key on {key}"
                    )),
                    None => Ok(()),
                }
            }
            None if rule == rules::LAST_CHARACTER => {
                let drawn = Side::ALL
                    .into_iter()
                    .any(|s| out(s.opponent()) && !self.can_win(s));
                if drawn {
                    Ok(())
                } else {
                    Err(format!(
                        "`draw:{rule}`: one side without a piece and the other with none that can reach the Key on {key}"
                    ))
                }
            }
            None => Ok(()),
        }
    }

    /// The checks of [`KeyGame::import_text`].
    fn validate(&self, full: bool) -> Result<(), String> {
        let g = P::GEOMETRY;
        self.board.check(g, P::KINDS.len())?;
        if let Some(sq) = Self::pawn_behind_start(&self.board) {
            return Err(format!(
                "a pawn on {}, behind the rank its side's pawns start on",
                g.name(sq)
            ));
        }
        if full && let Some((side, kind, now, then)) = Self::excess(&self.board) {
            return Err(format!(
                "at most {then} {side} {} (the set-up's), found {now}",
                P::KINDS[kind.index()].name(side)
            ));
        }
        let us = self.to_move;
        let them = us.opponent();
        if self.coin {
            if self.ep.is_some() || self.end.is_some() {
                return Err("no en passant square or result before the coin is tossed".into());
            }
            if self.board.side(Side::Green).is_empty() || self.board.side(Side::Red).is_empty() {
                return Err("both sides on the board before the coin is tossed".into());
            }
            return Ok(());
        }
        if self.board.occupied().is_empty() {
            return Err("at least one piece on the board".into());
        }
        if let Some(ep) = self.ep {
            // The square a pawn of the side not to move passed with its double step.
            let passed = self.ep_victim_of(ep, us);
            let start = self.ep_victim_of(ep, them);
            let pawn = P::KINDS
                .iter()
                .position(|k| k.movement.is_pawn())
                .map(|k| Kind(k as u8));
            let ok = pawn.is_some_and(|p| self.board.pieces(them, p).has(passed))
                && !self.board.occupied().has(ep)
                && !self.board.occupied().has(start)
                && passed != ep
                && start != ep;
            if !ok {
                return Err(format!(
                    "`ep:{}`: the empty square a {them} pawn has just passed with its double step",
                    g.name(ep)
                ));
            }
        }
        if let Some(end) = self.end {
            return self.check_stored_end(end);
        }
        if self.board.side(us).is_empty() {
            return Err(format!(
                "{us} to move has no piece: give the result, or {them} to move"
            ));
        }
        if !full {
            return Ok(());
        }
        if self.holds_key(us) {
            let answered = !P::WIN.must_capture() && Self::attacks(&self.board, them, P::KEY);
            if !answered {
                return Err(format!(
                    "{us} to move with a piece on the Key that {them} did not {}: the game is over, give its result",
                    if P::WIN.must_capture() {
                        "capture"
                    } else {
                        "attack"
                    }
                ));
            }
        }
        // Ruling <game>.key-win-timing `at-once`: a holder the side to move cannot
        // answer has already won ("his opponent must capture him immediately or
        // lose the game"; "he needs to maintain (on his turn) an attack on the Key
        // Position"), so the game cannot go on.
        if self.options.key_win_timing == super::options::KeyWinTiming::AtOnce
            && self.holds_key(them)
        {
            let answer = if P::WIN.must_capture() {
                Self::attacks(&self.board, us, P::KEY)
            } else {
                self.can_answer(us)
            };
            if !answer {
                return Err(format!(
                    "{them} holds the Key and {us} to move cannot {} {}: {them} has won (ruling key-win-timing `at-once`), give the result",
                    if P::WIN.must_capture() {
                        "capture on"
                    } else {
                        "attack or capture on"
                    },
                    g.name(P::KEY)
                ));
            }
        }
        let lone = self.board.side(them).is_empty();
        if lone && !self.can_win(us) {
            return Err(format!(
                "{us} is alone and cannot reach the Key: the game is drawn, give its result"
            ));
        }
        if self.options.material == super::MaterialDraw::KeyReach
            && !self.can_win(Side::Green)
            && !self.can_win(Side::Red)
        {
            return Err(format!(
                "neither side can stand on the Key: the game is drawn by {}, give its result",
                P::MATERIAL_RULE
            ));
        }
        Ok(())
    }

    /// The square one rank behind `sq` for a pawn of `side` (towards its own edge).
    fn ep_victim_of(&self, sq: crate::core::Square, side: Side) -> crate::core::Square {
        let g = P::GEOMETRY;
        let c = g.coord(sq);
        let rank = match side {
            Side::Red => c.rank.checked_sub(1),
            Side::Green => (c.rank + 1 < g.height()).then_some(c.rank + 1),
        };
        rank.map_or(sq, |r| g.at(c.file, r))
    }

    /// Reads the game's set-up data file: `#` comment lines and one position line.
    ///
    /// # Panics
    ///
    /// When the embedded file is not a valid position: a maintainer's edit broke
    /// it (the engine's tests load every set-up).
    #[must_use]
    pub fn from_set_up(text: &str) -> Self {
        let line = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("");
        match Self::import_text(line, &KeyOptions::default(), false) {
            Ok(game) => game,
            Err(e) => panic!("{}: the set-up data file does not read: {e}", P::TITLE),
        }
    }

    pub(super) fn render_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let g = P::GEOMETRY;
        self.board.render(g, P::KINDS, Some(P::KEY), out)?;
        if let Some(ep) = self.ep {
            out.write_str("en passant on ")?;
            write_square(g, ep, out)?;
            out.write_char('\n')?;
        }
        let us = self.to_move;
        let them = us.opponent();
        if !self.coin && self.end.is_none() {
            if self.board.side(them).is_empty() {
                writeln!(out, "{them} has no piece left: {us} moves on alone")?;
            } else if self.holds_key(them) {
                if P::WIN.must_capture() {
                    writeln!(
                        out,
                        "{them} holds the Key: {us} must capture on {} or lose",
                        g.name(P::KEY)
                    )?;
                } else {
                    writeln!(
                        out,
                        "{them} occupies the Key: {us} must attack or capture on {} or lose",
                        g.name(P::KEY)
                    )?;
                }
            }
        }
        match crate::core::Game::turn(self) {
            Turn::Over(outcome) => writeln!(out, "{outcome}"),
            Turn::Player(side) => writeln!(out, "{side} to move"),
            Turn::Chance => writeln!(out, "chance to act: the coin for the first move"),
        }
    }
}
