//! The text forms of the royal hunts: move notation, the position export and
//! import with every check a position must pass, and the ASCII drawing.

use std::fmt;

use super::hunt::{DeadPosition, Hunt, HuntOptions, RIGHTS, Stored, rules};
use super::{ARISTOCRAT, GEOMETRY, KINDS, KNIGHT, NOBLE, PIKEMAN, PRINCESS, TOWER};
use crate::core::{
    Bits, Game, NotationError, PositionError, RepetitionHistory, Side, Turn, rules as core_rules,
};
use crate::jewel::keysquare::{
    Action, Board, JewelAction, Kind, Move, first_move_text, is_square_name, parse_result,
    read_move_squares, read_plain_move, read_square, write_move, write_result, write_square,
};

impl<const DOUBLE: bool> Hunt<DOUBLE> {
    /// Whether `m` captures: an opposing piece on its square, or a Pikeman's
    /// diagonal step onto the en passant square.
    fn is_capture(&self, m: Move) -> bool {
        if m.to.index() >= GEOMETRY.len() || m.from == m.to {
            return false;
        }
        self.board.side(self.to_move.opponent()).has(m.to)
            || (m.kind == PIKEMAN
                && Some(m.to) == self.ep
                && GEOMETRY.coord(m.from).file != GEOMETRY.coord(m.to).file)
    }

    /// `C2-C3`, `B4xC5`, `C6-C7=A` (a promotion to an Aristocrat; `=N` a Noble,
    /// `=K` a Knight), `D1-F1` (Towering), `green-first`. Always inlined
    /// (into [`Game::write_action`], which is too): the checks write every
    /// listed action's text.
    #[inline(always)]
    pub(super) fn write_action_text(
        &self,
        action: JewelAction,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match action.get() {
            Action::FirstMove(side) => out.write_str(first_move_text(side)),
            Action::Move(m) => {
                let promotion = m
                    .promotion
                    .and_then(|p| KINDS.get(p.index()))
                    .map(|spec| spec.letter);
                write_move(GEOMETRY, m.from, self.is_capture(m), m.to, promotion, out)
            }
        }
    }

    /// The move from `from` to `to` (with `promotion`) as the side to move
    /// would make it: the kind of its piece on `from` (`Kind::NONE` when it
    /// has none there); the notation's readings test it for legality
    /// afterwards.
    #[inline(always)]
    fn mover_move(
        &self,
        from: crate::core::Square,
        to: crate::core::Square,
        promotion: Option<Kind>,
    ) -> Move {
        let kind = match self.board.side_at(from) {
            Some(side) if side == self.to_move => self.board.kind_at(from).unwrap_or(Kind::NONE),
            _ => Kind::NONE,
        };
        Move {
            kind,
            from,
            to,
            promotion,
        }
    }

    /// [`Hunt::parse_action_text`] of a move in the commonest form (`C2-C3`,
    /// `B4xC5`: no promotion) written with the right separator, read at once
    /// and inline, so that the checks' round trip of every listed action's
    /// text needs no call; `None` for any other text, which the full reading
    /// reads and explains. A debug assertion compares the two in the tests.
    #[inline(always)]
    pub(super) fn parse_plain_action(&self, text: &str) -> Option<JewelAction> {
        let (from, sep, to) = read_plain_move(GEOMETRY, text.as_bytes())?;
        let m = self.mover_move(from, to, None);
        let written = if self.is_capture(m) { b'x' } else { b'-' };
        let action = (sep == written).then(|| JewelAction::play(m))?;
        debug_assert_eq!(self.parse_action_text(text), Ok(action), "{text}");
        Some(action)
    }

    pub(super) fn parse_action_text(&self, text: &str) -> Result<JewelAction, NotationError> {
        const FORM: &str = "a move such as `C2-C3`, a capture such as `B4xC5`, a promotion such as `C6-C7=A` (`=A` Aristocrat, `=N` Noble, `=K` Knight), Towering as the Princess's move such as `D1-F1` (squares A1-G7), or `green-first` / `red-first` for the first-move coin";
        let err = |expected: String| NotationError {
            text: text.to_owned(),
            expected,
        };
        let Some((from, sep, to, rest)) = read_move_squares(GEOMETRY, text.as_bytes()) else {
            for side in Side::ALL {
                if text == first_move_text(side) {
                    return Ok(JewelAction::first_move(side));
                }
            }
            return Err(err(FORM.into()));
        };
        let promotion = match rest {
            [] => None,
            [b'=', letter] => Some(match letter.to_ascii_uppercase() {
                b'A' => ARISTOCRAT,
                b'N' => NOBLE,
                b'K' => KNIGHT,
                _ => {
                    return Err(err(format!(
                        "a promotion to `=A` (Aristocrat), `=N` (Noble) or `=K` (Knight); {FORM}"
                    )));
                }
            }),
            _ => return Err(err(FORM.into())),
        };
        let m = self.mover_move(from, to, promotion);
        let names = || (GEOMETRY.name(from), GEOMETRY.name(to));
        match (sep, self.is_capture(m)) {
            (b'x', false) => {
                let (f, t) = names();
                Err(err(format!(
                    "`{f}-{t}`: `x` marks a capture, and nothing is captured on {t}"
                )))
            }
            // Only a move of the side to move's own piece is told to write `x`
            // (as in `keysquare::text`).
            (b'-', true) if m.kind != Kind::NONE => {
                let (f, t) = names();
                Err(err(format!(
                    "`{f}x{t}`: the move captures on {t}, so it is written with `x`"
                )))
            }
            _ => Ok(JewelAction::play(m)),
        }
    }

    /// `<board> <turn> [towering:<corners>] [ep:<square>] [<result>]`: the board,
    /// `green`, `red` or `coin`, the corners whose Tower may still Tower with its
    /// Princess (`towering:A1,G1,A7,G7` at the start), the en passant square
    /// (DiamondChess), and a stored result (`draw:threefold-repetition`,
    /// `draw:dead-position`; checkmate and stalemate are read off the position).
    pub(super) fn export_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.board.write(GEOMETRY, &KINDS, out)?;
        // The space and the turn in one write.
        out.write_str(match (self.coin, self.to_move) {
            (true, _) => " coin",
            (false, Side::Green) => " green",
            (false, Side::Red) => " red",
        })?;
        if self.towering != 0 {
            out.write_str(" towering:")?;
            let mut first = true;
            for (i, &(_, corner)) in RIGHTS.iter().enumerate() {
                if self.towering >> i & 1 == 1 {
                    if !first {
                        out.write_char(',')?;
                    }
                    first = false;
                    write_square(GEOMETRY, corner, out)?;
                }
            }
        }
        if let Some(ep) = self.ep {
            out.write_str(" ep:")?;
            write_square(GEOMETRY, ep, out)?;
        }
        if let Some(s) = self.stored {
            write_result(None, s.rule(), out)?;
        }
        Ok(())
    }

    pub(super) fn import_text(
        text: &str,
        options: &HuntOptions<DOUBLE>,
    ) -> Result<Self, PositionError> {
        let err = |expected: String| PositionError {
            text: text.to_owned(),
            expected,
        };
        let mut fields = crate::core::fields(text);
        let (Some(board_text), Some(turn_text)) = (fields.next(), fields.next()) else {
            return Err(err(
                "`<board> <green|red|coin> [towering:<corners>] [ep:<square>] [<result>]`".into(),
            ));
        };
        let board = Board::parse(board_text, GEOMETRY, &KINDS).map_err(err)?;
        let (to_move, coin) = match turn_text {
            "coin" => (Side::Green, true),
            side => (
                side.parse::<Side>()
                    .map_err(|e| err(format!("{e} or `coin`")))?,
                false,
            ),
        };
        let mut hunt = Hunt {
            options: *options,
            board,
            to_move,
            coin,
            towering: 0,
            ep: None,
            stored: None,
            ply: 0,
            hash: 0,
            history: RepetitionHistory::default(),
        };
        let mut seen_result = false;
        let mut seen_towering = false;
        for token in fields {
            if let Some(list) = token.strip_prefix("towering:") {
                if std::mem::replace(&mut seen_towering, true) {
                    return Err(err(format!("`{token}`: one `towering:` list at most")));
                }
                for corner in list.split(',') {
                    let i = RIGHTS
                        .iter()
                        .position(|&(_, c)| is_square_name(GEOMETRY, c, corner))
                        .ok_or_else(|| {
                            err(format!(
                                "`{token}`: Towering corners among A1, G1, A7 and G7, separated by commas"
                            ))
                        })?;
                    if hunt.towering & 1 << i != 0 {
                        return Err(err(format!("`{token}`: {corner} given twice")));
                    }
                    hunt.towering |= 1 << i;
                }
            } else if let Some(sq) = token.strip_prefix("ep:") {
                if !DOUBLE {
                    return Err(err(format!(
                        "`{token}`: DiamondQuest's Pikemen have no double step, so no en passant square"
                    )));
                }
                let (s, _) = read_square(GEOMETRY, sq.as_bytes())
                    .filter(|(_, tail)| tail.is_empty())
                    .ok_or_else(|| err(format!("`{token}`: `ep:` and a square such as `ep:C3`")))?;
                if hunt.ep.replace(s).is_some() {
                    return Err(err("one `ep:` square at most".into()));
                }
            } else if !seen_result {
                seen_result = true;
                let (winner, rule) = parse_result(
                    token,
                    &[core_rules::THREEFOLD_REPETITION, rules::DEAD_POSITION],
                )
                .map_err(err)?;
                if winner.is_some() {
                    return Err(err(format!(
                        "`{token}`: a stored result is a draw (a checkmate is read off the position)"
                    )));
                }
                hunt.stored = Some(if rule == rules::DEAD_POSITION {
                    Stored::DeadPosition
                } else {
                    Stored::Repetition
                });
            } else {
                return Err(err(format!("nothing after the result, found `{token}`")));
            }
        }
        // The tests of the check after every step and of the counts, with no
        // error to build; the explaining version only when one fails.
        let valid = hunt.is_plain() && hunt.counts_fit();
        debug_assert_eq!(valid, hunt.validate(true).is_ok(), "{hunt:?}");
        if !valid {
            hunt.validate(true).map_err(err)?;
        }
        // Ruling `*.dead-position`: a stored dead position is one no sequence of
        // moves can checkmate from, under the reading that draws it.
        if hunt.stored == Some(Stored::DeadPosition)
            && !(hunt.options.dead_position == DeadPosition::Draw && hunt.dead())
        {
            return Err(err(
                "`draw:dead-position` where a side can still checkmate (or under the reading `play-on`, with no such draw)".into(),
            ));
        }
        if hunt.stored.is_none() && hunt.options.dead_position == DeadPosition::Draw && hunt.dead()
        {
            return Err(err(
                "no side can checkmate: the game is drawn by dead-position, give its result".into(),
            ));
        }
        hunt.hash = hunt.compute_hash();
        // In place: the history is the empty one built above.
        hunt.history.reset(hunt.repetition_key());
        Ok(hunt)
    }

    /// Whether [`Hunt::validate`]`(false)` passes, as one pass over the bitboards
    /// with no error to build: what the check after every step runs, falling back to
    /// the explaining version only when something is wrong. The two must agree
    /// (a debug assertion checks it in the tests).
    #[inline(always)]
    pub(super) fn is_plain(&self) -> bool {
        const EDGE_RANKS: u64 = 0x7f | 0x7f << 42;
        let b = &self.board;
        if !b.is_consistent(GEOMETRY, KINDS.len()) {
            return false;
        }
        let mut ok = b.kind(PIKEMAN) & EDGE_RANKS == 0 && !(self.coin && self.stored.is_some());
        for side in Side::ALL {
            let princess = b.pieces(side, PRINCESS);
            let towers = b.pieces(side, TOWER);
            let beyond_two = towers & towers.wrapping_sub(1);
            ok &= princess != 0
                && !princess.several()
                && beyond_two & beyond_two.wrapping_sub(1) == 0
                && b.side(side).count_ones() <= 16;
        }
        if let Some(ep) = self.ep {
            // The square a Pikeman of the side that just moved has passed with its
            // double step: on its third rank, with that Pikeman beyond it and the
            // square and the Pikeman's starting square empty.
            const RANK_3: u64 = 0x7f << 14;
            const RANK_5: u64 = 0x7f << 28;
            let e = 1u64.checked_shl(u32::from(ep.0)).unwrap_or(0);
            let occ = b.occupied();
            let (rank, beyond, start) = match self.to_move.opponent() {
                Side::Red => (RANK_3, e << 7, e >> 7),
                Side::Green => (RANK_5, e >> 7, e << 7),
            };
            ok &= !self.coin
                && e & rank != 0
                && b.pieces(self.to_move.opponent(), PIKEMAN) & beyond != 0
                && occ & (e | start) == 0;
        }
        if !ok {
            return false;
        }
        if self.towering != 0 && self.towering & !self.valid_rights() != 0 {
            return false;
        }
        // Neither Princess in check while the other side is to move (both, before
        // the coin: the rare case, away from the one that runs after every step).
        let occ = b.occupied();
        let mover = self.to_move;
        let waiting = b.pieces(mover.opponent(), PRINCESS).first();
        !(self.attacked(waiting, mover, occ) || self.coin && self.mover_in_check_at_coin())
    }

    /// Whether each side's pieces fit the set-up's counts as
    /// [`Hunt::validate`]`(true)` tests them: no more Pikemen and promoted
    /// pieces (Aristocrats, Knights and Nobles beyond two) than seven.
    #[inline(always)]
    fn counts_fit(&self) -> bool {
        Side::ALL.iter().all(|&side| {
            let n = |k: Kind| self.board.pieces(side, k).count_ones();
            n(PIKEMAN) + n(ARISTOCRAT) + n(KNIGHT).saturating_sub(2) + n(NOBLE).saturating_sub(2)
                <= 7
        })
    }

    /// Before the coin, whether the side named to move is in check.
    #[cold]
    #[inline(never)]
    fn mover_in_check_at_coin(&self) -> bool {
        self.in_check(self.to_move)
    }

    /// The checks every hunt position passes. With `counts`, also the count of
    /// every kind against the set-up (two Towers, Knights and Nobles, seven
    /// Pikemen, promoted or not); without, the cheaper bounds the simulation
    /// checks after every step: one Princess, at most two Towers and sixteen
    /// pieces a side.
    pub(super) fn validate(&self, counts: bool) -> Result<(), String> {
        let g = GEOMETRY;
        let b = &self.board;
        b.check(g, KINDS.len())?;
        for side in Side::ALL {
            let princess = b.pieces(side, PRINCESS);
            if princess == 0 || princess.several() {
                return Err(format!(
                    "{side} has {} Princesses, expected 1",
                    princess.count_ones()
                ));
            }
            let towers = b.pieces(side, TOWER);
            let beyond_two = towers & towers.wrapping_sub(1);
            if beyond_two & beyond_two.wrapping_sub(1) != 0 || b.side(side).count_ones() > 16 {
                return Err(format!("{side} has more pieces than the set-up"));
            }
            if counts {
                let n = |k: Kind| b.pieces(side, k).count_ones();
                let promoted =
                    n(ARISTOCRAT) + n(KNIGHT).saturating_sub(2) + n(NOBLE).saturating_sub(2);
                if n(PIKEMAN) + promoted > 7 {
                    return Err(format!(
                        "{side} has more pieces than the set-up's two Towers, Knights and Nobles and seven Pikemen (promoted or not)"
                    ));
                }
            }
        }
        const EDGE_RANKS: u64 = 0x7f | 0x7f << 42;
        if b.kind(PIKEMAN) & EDGE_RANKS != 0 {
            return Err(
                "a Pikeman on rank 1 or 7: behind its start or unpromoted on its end rank".into(),
            );
        }
        let sides: &[Side] = if self.coin {
            &Side::ALL
        } else {
            std::slice::from_ref(&self.to_move)
        };
        for &mover in sides {
            if self.in_check(mover.opponent()) {
                return Err(format!(
                    "{} is in check with {mover} to move",
                    mover.opponent()
                ));
            }
        }
        if self.towering & !self.valid_rights() != 0 {
            return Err(
                "a Towering right without its Princess on the d-file and its Tower in the corner"
                    .into(),
            );
        }
        if let Some(ep) = self.ep {
            let them = self.to_move.opponent();
            let c = g.coord(ep);
            let (rank, beyond, start) = match them {
                Side::Red => (2, 3, 1),
                Side::Green => (4, 3, 5),
            };
            let ok = !self.coin
                && c.rank == rank
                && b.pieces(them, PIKEMAN).has(g.at(c.file, beyond))
                && !b.occupied().has(ep)
                && !b.occupied().has(g.at(c.file, start));
            if !ok {
                return Err(format!(
                    "`ep:{}`: the empty square a {them} Pikeman has just passed with its double step",
                    g.name(ep)
                ));
            }
        }
        if self.coin && self.stored.is_some() {
            return Err("no result before the coin is tossed".into());
        }
        Ok(())
    }

    pub(super) fn render_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.board.render(GEOMETRY, &KINDS, None, out)?;
        if self.towering != 0 {
            out.write_str("towering:")?;
            for (i, &(_, corner)) in RIGHTS.iter().enumerate() {
                if self.towering >> i & 1 == 1 {
                    out.write_char(' ')?;
                    write_square(GEOMETRY, corner, out)?;
                }
            }
            out.write_char('\n')?;
        }
        if let Some(ep) = self.ep {
            out.write_str("en passant on ")?;
            write_square(GEOMETRY, ep, out)?;
            out.write_char('\n')?;
        }
        let turn = self.turn();
        if let Turn::Player(side) = turn
            && self.in_check(side)
        {
            writeln!(out, "{side} is in check")?;
        }
        match turn {
            Turn::Over(outcome) => writeln!(out, "{outcome}"),
            Turn::Player(side) => writeln!(out, "{side} to move"),
            Turn::Chance => writeln!(out, "chance to act: the coin for the first move"),
        }
    }
}
