//! [`KeyGame`]: a key-square game in progress, and its [`Game`] implementation.

use std::fmt;

use super::board::{coin_key, ep_key, mirror_square, mirrored_squares, piece_key, side_key};
use super::events::KeyEvent;
use super::options::{KeyOptions, KeyWinTiming, LastCharacter, MaterialDraw, NoLegalAction};
use super::{
    Action, Board, JewelAction, Kind, MAX_KINDS, Move, Movement, Params, Tables, lines7, rules,
};
use crate::core::clocks::TimeControl;
use crate::core::{
    ActionBuffer, Bb, Bits, Game, InvariantError, NotationError, Outcome, PositionError,
    RepetitionHistory, RuleId, Score, Side, Square, Turn, rules as core_rules,
};
use crate::rulings::Ruling;

/// How a finished game ended, as stored in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct End {
    pub(super) winner: Option<Side>,
    pub(super) rule: RuleId,
}

/// What the targets of one side's pieces depend on: the squares they may land on
/// (not their own), the empty squares, what stops a slide (the pieces and the
/// Key) and what a pawn may capture (the opposing pieces and the en passant
/// square).
#[derive(Clone, Copy)]
struct Reach<B> {
    not_own: B,
    empty: B,
    blockers: B,
    prey: B,
}

/// A key-square game `P` in progress.
///
/// The position is the placement, the side to move (or a pending first-move coin
/// toss) and, in games with the Pikemen's double step, the en passant square.
/// Whether a player must answer a piece on the Key needs no field: he must
/// exactly when an opposing piece that may take the Key stands on it and he is
/// to move. A side moves on alone exactly when the other has no piece left.
///
/// Equality compares the position, the options and a stored result; the ply count
/// and repetition history are the past.
pub struct KeyGame<P: Params> {
    pub(super) options: KeyOptions<P>,
    pub(super) board: Board<P::Bits>,
    pub(super) to_move: Side,
    pub(super) coin: bool,
    pub(super) ep: Option<Square>,
    pub(super) end: Option<End>,
    pub(super) ply: u32,
    pub(super) hash: u64,
    pub(super) history: RepetitionHistory,
    /// Each side's number of pieces at the set-up (by [`Side::index`]): no side
    /// ever has more. Kept here so the check after every step needs no look-up.
    pub(super) set_up_totals: [u8; 2],
}

impl<P: Params> Clone for KeyGame<P> {
    fn clone(&self) -> Self {
        KeyGame {
            options: self.options,
            board: self.board,
            to_move: self.to_move,
            coin: self.coin,
            ep: self.ep,
            end: self.end,
            ply: self.ply,
            hash: self.hash,
            history: self.history.clone(),
            set_up_totals: self.set_up_totals,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.options = source.options;
        self.board = source.board;
        self.to_move = source.to_move;
        self.coin = source.coin;
        self.ep = source.ep;
        self.end = source.end;
        self.ply = source.ply;
        self.hash = source.hash;
        self.history.clone_from(&source.history);
        self.set_up_totals = source.set_up_totals;
    }
}

impl<P: Params> PartialEq for KeyGame<P> {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.board == other.board
            && self.to_move == other.to_move
            && self.coin == other.coin
            && self.ep == other.ep
            && self.end == other.end
    }
}

impl<P: Params> fmt::Debug for KeyGame<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(P::TITLE)
            .field("position", &self.export_string())
            .field("options", &self.options)
            .field("ply", &self.ply)
            .finish()
    }
}

/// A win for `side` by `rule`, scored as `P` scores wins.
pub(super) fn win<P: Params>(side: Side, rule: RuleId) -> Outcome {
    Outcome {
        winner: Some(side),
        rule,
        score: Score::win(side, P::WIN_SCORE, P::UNIT),
    }
}

/// A draw by `rule`, scored as `P` scores draws.
pub(super) fn draw<P: Params>(rule: RuleId) -> Outcome {
    Outcome {
        winner: None,
        rule,
        score: Score::each_halves(P::DRAW_HALVES, P::UNIT),
    }
}

impl<P: Params> KeyGame<P> {
    /// Every square turned north to south, made at compile time
    /// ([`mirrored_squares`]).
    const MIRRORED_SQUARES: &'static [Square; 128] = &mirrored_squares(P::GEOMETRY);

    /// [`Self::MIRRORED_SQUARES`] up to the board's last square.
    #[inline(always)]
    fn mirror_table() -> &'static [Square] {
        &Self::MIRRORED_SQUARES[..P::GEOMETRY.len()]
    }

    /// The placement.
    #[must_use]
    pub fn board(&self) -> &Board<P::Bits> {
        &self.board
    }

    /// The side to move (the side that will move once a pending coin is tossed is
    /// meaningless).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Every Key-taking piece of `side`.
    #[inline]
    pub(super) fn takers(&self, side: Side) -> P::Bits {
        let mut b = P::Bits::EMPTY;
        for (k, spec) in P::KINDS.iter().enumerate() {
            if spec.takes_key {
                b |= self.board.pieces(side, Kind(k as u8));
            }
        }
        b
    }

    /// Whether a piece of `side` that may take the Key stands on it.
    #[inline]
    pub(super) fn holds_key(&self, side: Side) -> bool {
        self.takers(side).has(P::KEY)
    }

    /// Every square a slider cannot pass: the pieces and the Key.
    #[inline(always)]
    fn blockers(board: &Board<P::Bits>) -> P::Bits {
        board.occupied() | P::Bits::from_bb(P::tables().key)
    }

    /// Whether a piece of `side` attacks (could capture on) `sq` on `board`.
    pub(super) fn attacks(board: &Board<P::Bits>, side: Side, sq: Square) -> bool {
        let t = P::tables();
        let blockers = Self::blockers(board);
        for (k, spec) in P::KINDS.iter().enumerate() {
            let pieces = board.pieces(side, Kind(k as u8));
            if pieces.is_empty() {
                continue;
            }
            // Every movement but the pawn's is symmetric: a piece on `from` attacks
            // `sq` exactly when the same movement on `sq` reaches `from`. A pawn of
            // `side` attacks `sq` from where a pawn of the other side on `sq` would.
            let from = match spec.movement {
                Movement::Pawn { .. } => {
                    P::Bits::from_bb(t.pawn_captures[side.opponent().index()][sq.index()])
                }
                m @ (Movement::King
                | Movement::KingsLancer
                | Movement::QueensLancer
                | Movement::Knight
                | Movement::CloakedPrince
                | Movement::Rook
                | Movement::Bishop) => Self::attacks_by(t, m, side, sq, blockers),
            };
            if !(from & pieces).is_empty() {
                return true;
            }
        }
        false
    }

    /// Whether `side` can ever take the Key again: one of its Key-taking pieces
    /// stands where its movement alone could bring it onto the Key.
    pub(super) fn can_win(&self, side: Side) -> bool {
        let t = P::tables();
        P::KINDS.iter().enumerate().any(|(k, spec)| {
            spec.takes_key
                && !(self.board.pieces(side, Kind(k as u8))
                    & t.key_reach::<P::Bits>(spec.movement, side))
                .is_empty()
        })
    }

    /// What the targets of `side`'s pieces depend on, computed once for all of
    /// them.
    #[inline(always)]
    fn reach(&self, side: Side) -> Reach<P::Bits> {
        let occ = self.board.occupied();
        let mut prey = self.board.side(side.opponent());
        if let Some(ep) = self.ep {
            prey |= P::Bits::bit(ep);
        }
        Reach {
            not_own: !self.board.side(side),
            empty: !occ,
            blockers: occ | P::Bits::from_bb(P::tables().key),
            prey,
        }
    }

    /// The targets of `side`'s piece of `kind` on `from`.
    #[inline(always)]
    fn targets(&self, side: Side, movement: Movement, from: Square) -> P::Bits {
        Self::targets_in(&self.reach(side), side, movement, from)
    }

    /// [`KeyGame::targets`] of `side`'s piece of `kind` (one of the game's) on
    /// `from`, with the kind's movement a constant in each arm, so that each
    /// arm computes only what its movement needs (a slider no pawn's steps, a
    /// leaper no slides). A debug assertion compares it with `targets`.
    #[inline(always)]
    fn kind_targets(&self, side: Side, kind: Kind, from: Square) -> P::Bits {
        let t = match kind.index() {
            0 => self.kind_targets_of::<0>(side, from),
            1 => self.kind_targets_of::<1>(side, from),
            2 => self.kind_targets_of::<2>(side, from),
            3 => self.kind_targets_of::<3>(side, from),
            4 => self.kind_targets_of::<4>(side, from),
            5 => self.kind_targets_of::<5>(side, from),
            _ => P::Bits::EMPTY,
        };
        debug_assert_eq!(
            t,
            P::KINDS
                .get(kind.index())
                .map_or(P::Bits::EMPTY, |spec| self.targets(
                    side,
                    spec.movement,
                    from
                ))
        );
        t
    }

    /// The targets of `side`'s piece of kind `K` on `from`, if the game has
    /// that kind.
    #[inline(always)]
    fn kind_targets_of<const K: usize>(&self, side: Side, from: Square) -> P::Bits {
        const { assert!(P::KINDS.len() <= MAX_KINDS) };
        if K >= P::KINDS.len() {
            return P::Bits::EMPTY;
        }
        self.targets(side, P::KINDS[K].movement, from)
    }

    /// The targets of `side`'s piece moving as `movement` on `from`, given
    /// [`KeyGame::reach`].
    #[inline(always)]
    fn targets_in(r: &Reach<P::Bits>, side: Side, movement: Movement, from: Square) -> P::Bits {
        let t = P::tables();
        match movement {
            Movement::Pawn { double_step } => {
                let mut to = P::Bits::from_bb(t.pawn_steps[side.index()][from.index()]) & r.empty;
                if double_step && !to.is_empty() && Self::on_start_rank(side, from) {
                    to |=
                        P::Bits::from_bb(t.pawn_steps[side.index()][to.first().index()]) & r.empty;
                }
                to | (P::Bits::from_bb(t.pawn_captures[side.index()][from.index()]) & r.prey)
            }
            m @ (Movement::King
            | Movement::KingsLancer
            | Movement::QueensLancer
            | Movement::Knight
            | Movement::CloakedPrince
            | Movement::Rook
            | Movement::Bishop) => Self::attacks_by(t, m, side, from, r.blockers) & r.not_own,
        }
    }

    /// [`Tables::attacks`]: on a 7x7 board (DiamondQi's) a Rook's and a
    /// Bishop's squares by one table read a line ([`lines7`]) instead of four
    /// ray slides (the board's size is a constant, so the test costs nothing).
    /// A debug assertion compares the two.
    #[inline(always)]
    fn attacks_by(t: &Tables, m: Movement, side: Side, sq: Square, blockers: P::Bits) -> P::Bits {
        let seven = P::GEOMETRY.width() == 7 && P::GEOMETRY.height() == 7;
        let lines = match m {
            Movement::Rook if seven => lines7::rook(sq.index(), blockers.to_bb().0 as u64),
            Movement::Bishop if seven => lines7::bishop(sq.index(), blockers.to_bb().0 as u64),
            Movement::Rook
            | Movement::Bishop
            | Movement::King
            | Movement::KingsLancer
            | Movement::QueensLancer
            | Movement::Knight
            | Movement::CloakedPrince
            | Movement::Pawn { .. } => return t.attacks(m, side, sq, blockers),
        };
        let set = P::Bits::from_bb(Bb(u128::from(lines)));
        debug_assert_eq!(set, t.attacks(m, side, sq, blockers));
        set
    }

    /// Whether `sq` is on the rank `side`'s pawns start on (the second rank from
    /// its own edge), from where the double step is made.
    fn on_start_rank(side: Side, sq: Square) -> bool {
        let rank = P::GEOMETRY.coord(sq).rank;
        match side {
            Side::Red => rank == 1,
            Side::Green => rank + 2 == P::GEOMETRY.height(),
        }
    }

    /// Writes every move of `side` into `out`, in [`Move`] order.
    ///
    /// One pass per kind, each compiled for that kind's movement (the kind is a
    /// constant, so its movement is known where the code is built).
    fn generate(&self, side: Side, out: &mut P::Actions) {
        const { assert!(P::KINDS.len() <= MAX_KINDS) };
        let r = self.reach(side);
        self.generate_kind::<0>(side, &r, out);
        self.generate_kind::<1>(side, &r, out);
        self.generate_kind::<2>(side, &r, out);
        self.generate_kind::<3>(side, &r, out);
        self.generate_kind::<4>(side, &r, out);
        self.generate_kind::<5>(side, &r, out);
    }

    /// The moves of `side`'s pieces of kind `K`, if the game has that kind.
    #[inline(always)]
    fn generate_kind<const K: usize>(&self, side: Side, r: &Reach<P::Bits>, out: &mut P::Actions) {
        if K >= P::KINDS.len() {
            return;
        }
        let movement = P::KINDS[K].movement;
        let kind = Kind(K as u8);
        let mut pieces = self.board.pieces(side, kind);
        while !pieces.is_empty() {
            let from = pieces.pop();
            let base = JewelAction::move_base(kind, from);
            Self::targets_in(r, side, movement, from)
                .each_word(|to| out.push_squares(to, |to| base.with_target(to)));
        }
    }

    /// Whether `side` has a move.
    fn has_move(&self, side: Side) -> bool {
        const { assert!(P::KINDS.len() <= MAX_KINDS) };
        self.kind_has_move::<0>(side)
            || self.kind_has_move::<1>(side)
            || self.kind_has_move::<2>(side)
            || self.kind_has_move::<3>(side)
            || self.kind_has_move::<4>(side)
            || self.kind_has_move::<5>(side)
    }

    /// Whether a piece of `side` of kind `K` has a move. The reach is worked
    /// out for each kind, so that the kind's movement (a constant) leaves out
    /// what it does not need: the first kind is most often the one with a
    /// move, and a leaper needs only the squares not its own.
    #[inline(always)]
    fn kind_has_move<const K: usize>(&self, side: Side) -> bool {
        if K >= P::KINDS.len() {
            return false;
        }
        let r = &self.reach(side);
        let movement = P::KINDS[K].movement;
        let mut pieces = self.board.pieces(side, Kind(K as u8));
        while !pieces.is_empty() {
            if !Self::targets_in(r, side, movement, pieces.pop()).is_empty() {
                return true;
            }
        }
        false
    }

    /// Secure and Capture the Key: whether `side` attacks the Key now (and so can
    /// capture on it) or has a move after which it attacks it.
    pub(super) fn can_answer(&self, side: Side) -> bool {
        if Self::attacks(&self.board, side, P::KEY) {
            return true;
        }
        let mut moves = P::Actions::default();
        self.generate(side, &mut moves);
        moves.iter().any(|&a| {
            let Some(m) = a.as_move() else {
                return false;
            };
            let mut board = self.board;
            if let Some(victim) = board.kind_at(m.to) {
                board.toggle(side.opponent(), victim, m.to);
            } else if Some(m.to) == self.ep && P::KINDS[m.kind.index()].movement.is_pawn() {
                let behind = self.ep_victim(m.to, side);
                if let Some(victim) = board.kind_at(behind) {
                    board.toggle(side.opponent(), victim, behind);
                }
            }
            board.shift(side, m.kind, m.from, m.to);
            Self::attacks(&board, side, P::KEY)
        })
    }

    /// The square of the pawn an en passant capture onto `to` by `side` removes.
    fn ep_victim(&self, to: Square, side: Side) -> Square {
        let c = P::GEOMETRY.coord(to);
        let rank = if side == Side::Red {
            c.rank.wrapping_sub(1)
        } else {
            c.rank + 1
        };
        P::GEOMETRY.at(c.file, rank.min(P::GEOMETRY.height() - 1))
    }

    /// The outcome of the move `us` has just made, if it decided the game.
    ///
    /// `challenged`: the opponent held the Key before the move; `irreversible`: the
    /// move captured or moved a pawn, so the material may have changed; `can_win`:
    /// whether each side can still take the Key, when `irreversible` (else it is
    /// computed here when needed).
    fn decide(
        &self,
        us: Side,
        challenged: bool,
        captured: bool,
        irreversible: bool,
        can_win: Option<[bool; 2]>,
    ) -> Option<End> {
        let them = us.opponent();
        let rule = P::WIN.rule();
        let end = |winner, rule| Some(End { winner, rule });
        // "his opponent must capture him immediately or lose the game" (Hold, Win);
        // "he needs to maintain (on his turn) an attack on the Key Position as long
        // as there is an opposing piece occupying the Position or he loses" (Secure,
        // Capture).
        if challenged
            && self.holds_key(them)
            && (P::WIN.must_capture() || !Self::attacks(&self.board, us, P::KEY))
        {
            return end(Some(them), rule);
        }
        let them_empty = self.board.side(them).is_empty();
        if self.holds_key(us) {
            // No opposing Character left to answer.
            if them_empty {
                return end(Some(us), rule);
            }
            // Ruling <game>.key-win-timing.
            if self.options.key_win_timing == KeyWinTiming::AtOnce {
                let answer = if P::WIN.must_capture() {
                    Self::attacks(&self.board, them, P::KEY)
                } else {
                    self.can_answer(them)
                };
                if !answer {
                    return end(Some(us), rule);
                }
            }
        }
        let can = |side: Side| can_win.map_or_else(|| self.can_win(side), |c| c[side.index()]);
        if them_empty {
            // Ruling <game>.last-character: "if not possible then the game is a draw".
            if !can(us) {
                return end(None, rules::LAST_CHARACTER);
            }
            if captured && self.options.last_character == LastCharacter::WinAtOnce {
                return end(Some(us), rule);
            }
        }
        // Ruling <game>.insufficient-material (or the seed's "If both Princesses are
        // captured" / "If all Leaders are captured").
        if irreversible
            && self.options.material == MaterialDraw::KeyReach
            && !can(Side::Green)
            && !can(Side::Red)
        {
            return end(None, P::MATERIAL_RULE);
        }
        None
    }

    fn apply_move(&mut self, m: Move, events: &mut impl FnMut(KeyEvent)) {
        let us = self.to_move;
        let them = us.opponent();
        let spec = &P::KINDS[m.kind.index()];
        let pawn = spec.movement.is_pawn();
        let challenged = self.holds_key(them);
        let mut victim = None;
        let mut en_passant = false;
        if self.board.occupied().has(m.to) {
            victim = self.board.kind_at(m.to).map(|v| (v, m.to));
        } else if pawn && Some(m.to) == self.ep {
            let at = self.ep_victim(m.to, us);
            victim = self.board.kind_at(at).map(|v| (v, at));
            en_passant = true;
        }
        let irreversible = pawn || victim.is_some();
        let could = irreversible.then(|| [self.can_win(Side::Green), self.can_win(Side::Red)]);
        if let Some((v, at)) = victim {
            self.board.toggle(them, v, at);
            self.hash ^= piece_key(them, v, at);
        }
        self.board.shift(us, m.kind, m.from, m.to);
        self.hash ^= piece_key(us, m.kind, m.from) ^ piece_key(us, m.kind, m.to);
        if let Some(ep) = self.ep.take() {
            self.hash ^= ep_key(ep);
        }
        let them_empty = self.board.side(them).is_empty();
        if pawn && !them_empty {
            let (a, b) = (P::GEOMETRY.coord(m.from), P::GEOMETRY.coord(m.to));
            if a.rank.abs_diff(b.rank) == 2 {
                let mid = P::GEOMETRY.at(a.file, a.rank.min(b.rank) + 1);
                self.ep = Some(mid);
                self.hash ^= ep_key(mid);
            }
        }
        if let Some((v, _)) = victim {
            events(KeyEvent::Capture {
                by: us,
                piece: spec.name(us),
                victim: P::KINDS[v.index()].name(them),
                at: P::GEOMETRY.coord(m.to),
                en_passant,
            });
        }
        self.ply += 1;
        if !them_empty {
            self.to_move = them;
            self.hash ^= side_key(Side::Red);
        }
        if challenged && m.to == P::KEY && victim.is_some() {
            events(KeyEvent::KeyDefended {
                side: us,
                captured: true,
                key: P::GEOMETRY.coord(P::KEY),
            });
        } else if challenged
            && !P::WIN.must_capture()
            && self.holds_key(them)
            && Self::attacks(&self.board, us, P::KEY)
        {
            events(KeyEvent::KeyDefended {
                side: us,
                captured: false,
                key: P::GEOMETRY.coord(P::KEY),
            });
        }
        if m.to == P::KEY && spec.takes_key {
            events(KeyEvent::KeyTaken {
                side: us,
                piece: spec.name(us),
                key: P::GEOMETRY.coord(P::KEY),
            });
        }
        // Whether each side can still take the Key, where the material changed.
        let can_win = could.map(|_| [self.can_win(Side::Green), self.can_win(Side::Red)]);
        if let (Some(could), Some(can)) = (could, can_win) {
            for side in Side::ALL {
                if could[side.index()] && !can[side.index()] {
                    events(KeyEvent::CannotWin {
                        side,
                        key: P::GEOMETRY.coord(P::KEY),
                    });
                }
            }
        }
        if them_empty && victim.is_some() && !self.holds_key(us) {
            events(KeyEvent::LoneContinuation { side: us });
        }
        // Every rule `decide` applies needs the Key challenged or held by the
        // mover, the opponent without pieces, or the material changed; without
        // them its answer is no end, known here without the call (a debug
        // assertion asks it).
        let quiet = !challenged
            && !irreversible
            && !self.holds_key(us)
            && !self.board.side(us.opponent()).is_empty();
        self.end = if quiet {
            debug_assert_eq!(
                self.decide(us, challenged, victim.is_some(), irreversible, can_win),
                None
            );
            None
        } else {
            self.decide(us, challenged, victim.is_some(), irreversible, can_win)
        };
        // Ruling <game>.repetition: the same placement, side to move and en passant
        // square (where a capture onto it is legal) for the third time since the
        // last capture or pawn move. A double step is a pawn's move: the en
        // passant square is set only on a restart, and only its key may drop it.
        if irreversible {
            self.history.reset(self.repetition_key());
        } else if self.history.push(self.hash) >= 3 && self.end.is_none() {
            self.end = Some(End {
                winner: None,
                rule: core_rules::THREEFOLD_REPETITION,
            });
        }
    }

    /// The repetition history, the rest of the state dropped (for
    /// [`KeyGame::adopt_history_buffer`] of the state that replaces this one).
    pub(crate) fn into_history(self) -> RepetitionHistory {
        self.history
    }

    /// Gives the history `old`'s heap buffer if it is larger
    /// ([`RepetitionHistory::adopt_buffer`]; the keys do not change).
    pub(crate) fn adopt_history_buffer(&mut self, old: RepetitionHistory) {
        self.history.adopt_buffer(old);
    }

    /// The key the repetition history records: the hash, less the en passant
    /// square when no legal en passant capture onto it exists, so that a
    /// right that changes no legal action does not tell two positions apart
    /// (ruling `<game>.repetition`, as FIDE 9.2.3.1). The capture is looked for
    /// only while a square is set (after a double step).
    #[inline]
    pub(super) fn repetition_key(&self) -> u64 {
        match self.ep {
            Some(ep) if !self.en_passant_capture_exists(ep) => self.hash ^ ep_key(ep),
            _ => self.hash,
        }
    }

    /// Whether the side to move has a legal en passant capture onto `ep`: a
    /// pawn beside the one that made the double step (the common answer, no),
    /// then the capture among the legal actions.
    #[cold]
    #[inline(never)]
    fn en_passant_capture_exists(&self, ep: Square) -> bool {
        let us = self.to_move;
        let beside = P::Bits::from_bb(P::tables().pawn_captures[us.opponent().index()][ep.index()]);
        let mut pawns = P::Bits::EMPTY;
        for (k, spec) in P::KINDS.iter().enumerate() {
            if spec.movement.is_pawn() {
                pawns |= self.board.pieces(us, Kind(k as u8));
            }
        }
        if (beside & pawns).is_empty() {
            return false;
        }
        let mut legal = P::Actions::default();
        self.legal_actions(&mut legal);
        legal.iter().any(|a| {
            a.as_move()
                .is_some_and(|m| m.to == ep && P::KINDS[m.kind.index()].movement.is_pawn())
        })
    }

    /// The hash computed from the position.
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = self.board.hash(P::KINDS.len()) ^ side_key(self.to_move);
        if self.coin {
            h ^= coin_key();
        }
        if let Some(ep) = self.ep {
            h ^= ep_key(ep);
        }
        h
    }

    /// The outcome once the side to move has no legal action (none pending).
    fn stuck_outcome(&self) -> Outcome {
        let us = self.to_move;
        let them = us.opponent();
        if self.holds_key(them) {
            return win::<P>(them, P::WIN.rule());
        }
        if self.board.side(them).is_empty() {
            return draw::<P>(rules::LAST_CHARACTER);
        }
        // Ruling <game>.no-legal-action.
        match self.options.no_legal_action {
            NoLegalAction::Draw => draw::<P>(rules::NO_LEGAL_ACTION),
            NoLegalAction::Lose => win::<P>(them, rules::NO_LEGAL_ACTION),
        }
    }
}

impl<P: Params> Game for KeyGame<P> {
    type Action = JewelAction;
    type Actions = P::Actions;
    type Event = KeyEvent;
    type Options = KeyOptions<P>;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = P::NAME;
    const TITLE: &'static str = P::TITLE;
    const SOURCE: &'static str = P::SOURCE;
    const RULINGS: &'static [Ruling] = P::RULINGS;
    const RULES: &'static [RuleId] = &[
        super::super::HOLD_THE_KEY,
        rules::WIN_THE_KEY,
        rules::SECURE_THE_KEY,
        rules::CAPTURE_THE_KEY,
        core_rules::THREEFOLD_REPETITION,
        rules::LAST_CHARACTER,
        rules::NO_LEGAL_ACTION,
        super::super::rules::INSUFFICIENT_MATERIAL,
        super::super::rules::LACK_OF_MATERIAL,
        super::super::rules::BOTH_PRINCESSES_CAPTURED,
        super::super::rules::ALL_LEADERS_CAPTURED,
    ];
    const EVENTS: &'static [&'static str] = P::EVENTS;
    const CLOCKS: &'static [(&'static str, TimeControl)] = P::CLOCKS;

    fn new(options: &KeyOptions<P>) -> Self {
        let mut game = P::start().clone();
        game.options = *options;
        game
    }

    fn options(&self) -> &KeyOptions<P> {
        &self.options
    }

    fn turn(&self) -> Turn {
        if self.coin {
            return Turn::Chance;
        }
        if let Some(end) = self.end {
            return Turn::Over(match end.winner {
                Some(side) => win::<P>(side, end.rule),
                None => draw::<P>(end.rule),
            });
        }
        if !self.has_move(self.to_move) {
            return Turn::Over(self.stuck_outcome());
        }
        Turn::Player(self.to_move)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_actions(&self, out: &mut P::Actions) {
        out.clear();
        if self.coin {
            out.push(JewelAction::first_move(Side::Green));
            out.push(JewelAction::first_move(Side::Red));
            return;
        }
        if self.end.is_none() {
            self.generate(self.to_move, out);
        }
    }

    fn chance_probability(&self, action: JewelAction) -> Option<crate::core::Probability> {
        (self.coin && matches!(action.get(), Action::FirstMove(_)))
            .then_some(crate::core::Probability { num: 1, den: 2 })
    }

    /// Always inlined: the checks apply every listed action, and the test is
    /// a few comparisons and the targets of one kind.
    #[inline(always)]
    fn is_legal(&self, action: JewelAction) -> bool {
        match action.get() {
            Action::FirstMove(_) => self.coin,
            Action::Move(m) => {
                let len = P::GEOMETRY.len();
                !self.coin
                    && self.end.is_none()
                    && m.kind.index() < P::KINDS.len()
                    && m.promotion.is_none()
                    && m.from.index() < len
                    && m.to.index() < len
                    && self.board.pieces(self.to_move, m.kind).has(m.from)
                    && self.kind_targets(self.to_move, m.kind, m.from).has(m.to)
            }
        }
    }

    fn apply_unchecked(&mut self, action: JewelAction, events: &mut impl FnMut(KeyEvent)) {
        match action.get() {
            Action::FirstMove(side) => {
                self.coin = false;
                self.hash ^= coin_key() ^ side_key(self.to_move) ^ side_key(side);
                self.to_move = side;
                self.ply += 1;
                self.history.reset(self.hash);
                events(KeyEvent::FirstMove { side });
            }
            Action::Move(m) => self.apply_move(m, events),
        }
    }

    /// Always inlined, as [`KeyGame::parse_action`] is: the checks write and
    /// read back every listed action's text, and the calls' saving and
    /// restoring of registers cost more than the common path of each.
    #[inline(always)]
    fn write_action(&self, action: JewelAction, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_action_text(action, out)
    }

    /// A move in the commonest form read inline
    /// (`parse_plain_action`), any other text by the full reading.
    #[inline(always)]
    fn parse_action(&self, text: &str) -> Result<JewelAction, NotationError> {
        match self.parse_plain_action(text) {
            Some(action) => Ok(action),
            None => self.parse_action_text(text),
        }
    }

    fn arbitrary_action(&self, bits: u64) -> JewelAction {
        let len = P::GEOMETRY.len() as u64;
        if bits >> 59 == 0 {
            let side = if bits & 1 == 0 {
                Side::Green
            } else {
                Side::Red
            };
            return JewelAction::first_move(side);
        }
        let from = Square((bits % len) as u8);
        let to = Square(((bits >> 8) % len) as u8);
        let kind = self
            .board
            .kind_at(from)
            .unwrap_or(Kind(((bits >> 16) % P::KINDS.len() as u64) as u8));
        let promotion = (bits >> 24 & 7 == 0).then_some(Kind(0));
        JewelAction::play(Move {
            kind,
            from,
            to,
            promotion,
        })
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.export_text(out)
    }

    fn import(text: &str, options: &KeyOptions<P>) -> Result<Self, PositionError> {
        Self::import_text(text, options, true)
    }

    fn history_len(&self) -> Option<usize> {
        Some(self.history.len())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    /// Always inlined, as one test of the position with no error to build
    /// (`invariants_hold`); the explaining version (`explain_invariants`) only
    /// when it fails. The check after every step runs it.
    #[inline(always)]
    fn check_invariants(&self) -> Result<(), InvariantError> {
        let hold = self.invariants_hold();
        debug_assert_eq!(hold, self.explain_invariants().is_ok(), "{self:?}");
        if hold {
            Ok(())
        } else {
            self.explain_invariants()
        }
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.render_text(out)
    }

    /// No bound: the rules of these games give no move limit; repetition, the
    /// material draw and the Key end them, but not within a number of plies a
    /// simulation could use.
    fn ply_bound(&self) -> Option<u32> {
        None
    }

    fn mirrored(&self) -> Option<Self> {
        let g = P::GEOMETRY;
        let mut m = KeyGame {
            options: self.options,
            board: self.board.mirrored(g, Self::mirror_table()),
            to_move: self.to_move.opponent(),
            coin: self.coin,
            ep: self.ep.map(|e| mirror_square(g, e)),
            end: self.end.map(|e| End {
                winner: e.winner.map(Side::opponent),
                rule: e.rule,
            }),
            ply: self.ply,
            hash: 0,
            history: RepetitionHistory::default(),
            set_up_totals: [self.set_up_totals[1], self.set_up_totals[0]],
        };
        m.hash = m.compute_hash();
        // In place: the history is the empty one built above.
        m.history.reset(m.repetition_key());
        Some(m)
    }

    /// The squares read from the board's table by the action's bit fields
    /// ([`JewelAction::map_squares`]); the general way only for a square off
    /// the board.
    #[inline]
    fn mirror_action(&self, action: JewelAction) -> JewelAction {
        let g = P::GEOMETRY;
        action
            .map_squares(Self::mirror_table())
            .unwrap_or_else(|| match action.get() {
                Action::FirstMove(side) => JewelAction::first_move(side.opponent()),
                Action::Move(m) => JewelAction::play(Move {
                    from: mirror_square(g, m.from),
                    to: mirror_square(g, m.to),
                    ..m
                }),
            })
    }
}
