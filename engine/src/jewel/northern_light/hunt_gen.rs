//! Legal move generation of the royal hunts: checks, pins, Towering, promotion
//! and en passant, without making any move to test it (but en passant).
//!
//! Moves come out in [`JewelAction`] order: by kind (the Princess first), then the
//! square moved from, then the square moved to, then the promotion.

use super::hunt::{Hunt, LINES, RIGHTS};
use super::{ARISTOCRAT, GEOMETRY, KNIGHT, NOBLE, PIKEMAN, PRINCESS, TOWER};
use crate::core::{ActionBuffer, Bits, Side, Square, Squares};
use crate::jewel::keysquare::{Board, JewelAction, Kind, Move, lines7};

/// Where the generator sends the moves it finds, in order.
pub(super) trait MoveSink {
    /// Takes one move; `true` stops the generation.
    fn one(&mut self, action: JewelAction) -> bool;

    /// Takes the moves of `kind` from `from` to each square of `to`, in order;
    /// `true` stops the generation.
    #[inline(always)]
    fn many(&mut self, kind: Kind, from: Square, mut to: u64) -> bool {
        let base = JewelAction::move_base(kind, from);
        while to != 0 {
            if self.one(base.with_target(to.pop())) {
                return true;
            }
        }
        false
    }
}

/// A search: the moves go to a closure until it returns `true`.
pub(super) struct Search<F>(pub(super) F);

impl<F: FnMut(JewelAction) -> bool> MoveSink for Search<F> {
    #[inline(always)]
    fn one(&mut self, action: JewelAction) -> bool {
        (self.0)(action)
    }
}

/// Every move, into a legal-action list.
pub(super) struct Collect<'a, A>(pub(super) &'a mut A);

impl<A: ActionBuffer<JewelAction>> MoveSink for Collect<'_, A> {
    #[inline(always)]
    fn one(&mut self, action: JewelAction) -> bool {
        self.0.push(action);
        false
    }

    #[inline(always)]
    fn many(&mut self, kind: Kind, from: Square, to: u64) -> bool {
        let base = JewelAction::move_base(kind, from);
        self.0
            .push_squares(Squares::new(to, 0), |to| base.with_target(to));
        false
    }
}

/// Entries of a table by square: one for each square a `u64` set's first or
/// popped square can be (0 to 64, 64 for an empty set), so that a square found
/// by `trailing_zeros` indexes the table with no bounds check. Squares 49 to 64
/// are off the board and have no moves.
const SLOTS: usize = 65;

/// The move tables of the 7x7 board as `u64` sets, built at compile time: the
/// royal hunts' hot path reads nothing wider than a machine word.
pub(super) struct Small {
    king: [u64; SLOTS],
    knight: [u64; SLOTS],
    /// `pawn_captures[side][sq]`.
    pawn_captures: [[u64; SLOTS]; 2],
    /// `pawn_steps[side][sq]`: the square one step forward.
    pawn_steps: [[u64; SLOTS]; 2],
    /// `rays[d][sq]`, `d` indexing [`crate::core::Direction::ALL`]; squares 49 to
    /// 63 (off the board) have empty rays, which the slides use as sentinels.
    /// The tests' slides only: the generator reads the lines' tables
    /// ([`lines7`]).
    #[cfg(test)]
    rays: [[u64; 64]; 8],
    /// The four orthogonal rays together, on an empty board.
    orthogonal: [u64; SLOTS],
    /// The four diagonal rays together, on an empty board.
    diagonal: [u64; SLOTS],
}

/// The first 49 entries of a compile-time table, as `u64` sets (the rest empty).
const fn narrow(t: &[crate::core::Bb; 128]) -> [u64; SLOTS] {
    let mut out = [0u64; SLOTS];
    let mut i = 0;
    while i < 49 {
        out[i] = t[i].0 as u64;
        i += 1;
    }
    out
}

impl Small {
    const fn build() -> Small {
        use crate::core::{Direction as D, leaps};
        let g = GEOMETRY;
        let r = g.rays();
        let mut rays = [[0u64; 64]; 8];
        let mut orthogonal = [0u64; SLOTS];
        let mut diagonal = [0u64; SLOTS];
        let mut d = 0;
        while d < 8 {
            let mut sq = 0;
            while sq < 49 {
                let ray = r.ray(d, Square(sq as u8)).0 as u64;
                rays[d][sq] = ray;
                if d % 2 == 0 {
                    orthogonal[sq] |= ray;
                } else {
                    diagonal[sq] |= ray;
                }
                sq += 1;
            }
            d += 1;
        }
        Small {
            king: narrow(&g.leap_table(&leaps::KING)),
            knight: narrow(&g.leap_table(&leaps::KNIGHT)),
            pawn_captures: [
                narrow(&g.leap_table(&[D { df: -1, dr: -1 }, D { df: 1, dr: -1 }])),
                narrow(&g.leap_table(&[D { df: -1, dr: 1 }, D { df: 1, dr: 1 }])),
            ],
            pawn_steps: [
                narrow(&g.leap_table(&[D::S])),
                narrow(&g.leap_table(&[D::N])),
            ],
            #[cfg(test)]
            rays,
            orthogonal,
            diagonal,
        }
    }

    /// The slide from `sq` in direction `d` up to and including the first square
    /// of `occ`, without a branch: when nothing blocks, the first blocker found is
    /// a sentinel square whose ray is empty (square 63, off the board, for the
    /// directions that raise the square number; A1, from which no ray leads south
    /// or west, for the others).
    #[cfg(test)]
    fn slide(&self, d: usize, sq: usize, occ: u64) -> u64 {
        let ray = self.rays[d][sq];
        let hit = ray & occ;
        // N, NE, E and NW raise the square number; the others lower it.
        let first = if matches!(d, 0..=2 | 7) {
            (hit | 1 << 63).trailing_zeros()
        } else {
            63 - (hit | 1).leading_zeros()
        };
        ray ^ self.rays[d][first as usize]
    }

    /// A Rook's (Tower's, Aristocrat's) squares from `sq`: what
    /// [`lines7::rook`] restates, for the tests.
    #[cfg(test)]
    pub(super) fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.slide(0, sq, occ)
            | self.slide(2, sq, occ)
            | self.slide(4, sq, occ)
            | self.slide(6, sq, occ)
    }

    /// A Bishop's (Noble's) squares from `sq`: what [`lines7::bishop`]
    /// restates, for the tests.
    #[cfg(test)]
    pub(super) fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.slide(1, sq, occ)
            | self.slide(3, sq, occ)
            | self.slide(5, sq, occ)
            | self.slide(7, sq, occ)
    }
}

pub(super) static SMALL: Small = Small::build();

/// The sliders of `by` on `b` standing on a line through square `i` that their
/// moves follow: the Towers and Aristocrats on its rank and file, the Nobles on
/// its diagonals (whether anything stands between is not asked).
#[inline(always)]
fn lined_sliders(b: &Board<u64>, i: usize, by: Side) -> u64 {
    let t = &SMALL;
    ((b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT)) & t.orthogonal[i])
        | (b.pieces(by, NOBLE) & t.diagonal[i])
}

/// Whether one of `lined` (sliders on lines through square `i`, as
/// [`lined_sliders`] gives them) reaches `i` with the squares `occ` occupied:
/// none of `occ` stands between them. One table read a slider, where the
/// slides from `i` cost four ray scans a kind of line; tests compare the two
/// (`sliders_by_lines_agree_with_the_slides`; the legality test
/// that reads them is compared with the generator by `is_legal_agrees_with_the_generator`).
#[inline(always)]
fn any_reaches(i: usize, mut lined: u64, occ: u64) -> bool {
    let between = &LINES.between[i & 63];
    while lined != 0 {
        if between[lined.pop().index() & 63] & occ == 0 {
            return true;
        }
    }
    false
}

/// Whether a piece of `by` on `b` attacks `sq` with the squares `occ` occupied.
#[inline(always)]
fn attacked_on(b: &Board<u64>, sq: Square, by: Side, occ: u64) -> bool {
    let t = &SMALL;
    let i = sq.index();
    if t.knight[i] & b.pieces(by, KNIGHT) != 0
        || t.king[i] & b.pieces(by, PRINCESS) != 0
        || t.pawn_captures[by.opponent().index()][i] & b.pieces(by, PIKEMAN) != 0
    {
        return true;
    }
    let lined = lined_sliders(b, i, by);
    lined != 0 && any_reaches(i, lined, occ)
}

/// [`attacked_on`] with the sliders' squares found by sliding from `sq`: what
/// the table reads restate, for the tests.
#[cfg(test)]
fn attacked_by_slides(b: &Board<u64>, sq: Square, by: Side, occ: u64) -> bool {
    let t = &SMALL;
    let i = sq.index();
    if t.knight[i] & b.pieces(by, KNIGHT) != 0
        || t.king[i] & b.pieces(by, PRINCESS) != 0
        || t.pawn_captures[by.opponent().index()][i] & b.pieces(by, PIKEMAN) != 0
    {
        return true;
    }
    let rooks = b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT);
    let bishops = b.pieces(by, NOBLE);
    t.rook(i, occ) & rooks != 0 || t.bishop(i, occ) & bishops != 0
}

impl<const DOUBLE: bool> Hunt<DOUBLE> {
    /// Whether a piece of `by` attacks `sq` with the squares `occ` occupied.
    #[inline(always)]
    pub(super) fn attacked(&self, sq: Square, by: Side, occ: u64) -> bool {
        attacked_on(&self.board, sq, by, occ)
    }

    /// Every piece of `by` attacking `sq` with the squares `occ` occupied.
    #[inline(always)]
    fn attackers(&self, sq: Square, by: Side, occ: u64) -> u64 {
        let t = &SMALL;
        let b = &self.board;
        let i = sq.index();
        let mut a = (t.knight[i] & b.pieces(by, KNIGHT))
            | (t.king[i] & b.pieces(by, PRINCESS))
            | (t.pawn_captures[by.opponent().index()][i] & b.pieces(by, PIKEMAN));
        // The sliders on its lines with nothing between (as `any_reaches`).
        let mut lined = lined_sliders(b, i, by);
        let between = &LINES.between[i & 63];
        while lined != 0 {
            let s = lined.pop().index() & 63;
            if between[s] & occ == 0 {
                a |= 1 << s;
            }
        }
        a
    }

    /// Every square of `zone` that `by` attacks with the squares `occ` occupied
    /// (and perhaps other squares): the Pikemen's attacks in one shift each way,
    /// and the sliders' on the squares of the zone only, each by the squares
    /// between (tests compare the zone's squares with the slides').
    #[inline]
    fn danger(&self, by: Side, occ: u64, zone: u64) -> u64 {
        const BOARD: u64 = (1 << 49) - 1;
        const FILE_A: u64 = 0x0000_0408_1020_4081;
        const FILE_G: u64 = FILE_A << 6;
        let t = &SMALL;
        let b = &self.board;
        let pawns = b.pieces(by, PIKEMAN);
        // West and east captures: Red's north (+6, +8), Green's south (-8, -6).
        let (west, east) = (pawns & !FILE_A, pawns & !FILE_G);
        let mut d = match by {
            Side::Red => (west << 6 | east << 8) & BOARD,
            Side::Green => west >> 8 | east >> 6,
        };
        let mut k = b.pieces(by, KNIGHT);
        while k != 0 {
            d |= t.knight[k.pop().index()];
        }
        let p = b.pieces(by, PRINCESS);
        if p != 0 {
            d |= t.king[p.first().index()];
        }
        // A slider: the squares of the zone on its lines (not yet found
        // attacked) with nothing between, one table read a square.
        let reach = |lines: &[u64; SLOTS], mut sliders: u64, d: &mut u64| {
            while sliders != 0 {
                let i = sliders.pop().index();
                let mut open = lines[i] & zone & !*d;
                let between = &LINES.between[i & 63];
                while open != 0 {
                    let z = open.pop().index() & 63;
                    if between[z] & occ == 0 {
                        *d |= 1 << z;
                    }
                }
            }
        };
        reach(
            &t.orthogonal,
            b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT),
            &mut d,
        );
        reach(&t.diagonal, b.pieces(by, NOBLE), &mut d);
        d
    }

    /// `us`'s pieces that stand alone between their Princess on `k` and an opposing
    /// slider along a line: they may move only along that line.
    #[inline(always)]
    fn pinned(&self, k: Square, us: Side, occ: u64) -> u64 {
        let b = &self.board;
        let them = us.opponent();
        let own = b.side(us);
        let mut snipers = (SMALL.orthogonal[k.index()]
            & (b.pieces(them, TOWER) | b.pieces(them, ARISTOCRAT)))
            | (SMALL.diagonal[k.index()] & b.pieces(them, NOBLE));
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.pop();
            let between = LINES.between[k.index()][s.index()] & occ;
            if between != 0 && !between.several() && between & own != 0 {
                pinned |= between;
            }
        }
        pinned
    }

    /// The squares the Princess on `k` could Tower to (F1, B1 for Red; F7, B7 for
    /// Green): the right is kept and the squares between her and the Tower are
    /// empty. Whether she passes over or lands on an attacked square is
    /// [`Hunt::towering_is_safe`]'s.
    #[inline]
    fn towering_candidates(&self, k: Square, us: Side, occ: u64) -> u64 {
        let mut out = 0;
        for (i, &(side, corner)) in RIGHTS.iter().enumerate() {
            if side == us
                && self.towering >> i & 1 == 1
                && LINES.between[k.index()][corner.index()] & occ == 0
            {
                out |= 1 << (if corner.0 > k.0 { k.0 + 2 } else { k.0 - 2 });
            }
        }
        out
    }

    /// "the normal rules of Western Chess castling apply": Towering from `k` to
    /// `to`, not in check, passes over and lands on unattacked squares only.
    #[inline]
    fn towering_is_safe(&self, k: Square, to: Square, them: Side, occ: u64) -> bool {
        let near = Square(u8::midpoint(k.0, to.0));
        !self.attacked(near, them, occ) && !self.attacked(to, them, occ)
    }

    /// Whether the en passant capture `from` x `to` leaves `us`'s Princess on `k`
    /// unattacked: made on a copy of the placement.
    fn ep_is_safe(&self, from: Square, to: Square, k: Square, us: Side) -> bool {
        let w = GEOMETRY.width();
        let victim = Square(if us == Side::Red { to.0 - w } else { to.0 + w });
        let mut board = self.board;
        board.toggle(us.opponent(), PIKEMAN, victim);
        board.shift(us, PIKEMAN, from, to);
        !attacked_on(&board, k, us.opponent(), board.occupied())
    }

    /// Whether the side to move has a legal en passant capture onto `ep`: a
    /// Pikeman beside the one that made the double step, whose capture leaves
    /// its Princess unattacked (not pinned, not in a check it does not
    /// resolve). What counts the en passant square in the repetition key
    /// (ruling `diamond-chess.repetition`): asked only while one is set.
    #[cold]
    pub(super) fn en_passant_capture_exists(&self, ep: Square) -> bool {
        let us = self.to_move;
        let mut capturers =
            SMALL.pawn_captures[us.opponent().index()][ep.index()] & self.board.pieces(us, PIKEMAN);
        while capturers != 0 {
            let from = capturers.pop();
            let capture = Move {
                kind: PIKEMAN,
                from,
                to: ep,
                promotion: None,
            };
            if self.piece_move_is_legal(capture) {
                return true;
            }
        }
        false
    }

    /// Whether `action`, the Princess's move `m` two files away (Towering), is
    /// legal: searched among the moves of her square to its target.
    #[inline(never)]
    pub(super) fn towering_is_legal(&self, action: JewelAction, m: Move) -> bool {
        self.for_each_move::<false>(1 << m.from.0, 1 << m.to.0, Search(|a| a == action))
    }

    /// Whether the move `m` of a piece whose kind stands on `m.from` for the side
    /// to move, other than Towering, is legal: it is one of the piece's moves (a
    /// Pikeman's step, double step, capture or en passant, with the promotion
    /// exactly when it reaches its end rank) and, made, leaves its Princess
    /// unattacked. What [`Hunt::for_each_move`] lists for that piece, tested by
    /// making the one move on the bitboards instead of working out the checks and
    /// pins of the position (tests compare the two on every action of sampled
    /// positions).
    pub(super) fn piece_move_is_legal(&self, m: Move) -> bool {
        // Rank 7 (Red's end rank, Green's back rank) and rank 1; rank 2 and rank 6.
        const RANK_7: u64 = 0x7f << 42;
        const RANK_1: u64 = 0x7f;
        let t = &SMALL;
        let b = &self.board;
        let us = self.to_move;
        let them = us.opponent();
        let own = b.side(us);
        let opp = b.side(them);
        let occ = own | opp;
        let kings = b.pieces(us, PRINCESS);
        if kings == 0 || m.to.index() >= GEOMETRY.len() {
            return false;
        }
        let i = m.from.index();
        let to = 1u64 << m.to.0;
        if m.kind == PRINCESS {
            // A step to a square the opponent does not attack once she has left
            // hers (a piece she captures there attacks it not).
            return m.promotion.is_none()
                && t.king[i] & !own & to != 0
                && !self.attacked(m.to, them, occ ^ (1 << m.from.0));
        }
        // A slider reaches the squares of its lines with none between.
        let open = LINES.between[i][m.to.index()] & occ == 0;
        // The square of a Pikeman taken en passant, if the move is that capture.
        let mut taken_ep = 0;
        let reach = match m.kind {
            TOWER | ARISTOCRAT if open => t.orthogonal[i] & !own,
            NOBLE if open => t.diagonal[i] & !own,
            KNIGHT => t.knight[i] & !own,
            PIKEMAN => {
                let (last_rank, start_rank) = if us == Side::Red {
                    (RANK_7, RANK_1 << 7)
                } else {
                    (RANK_1, RANK_7 >> 7)
                };
                // "Pikemen can and must promote on their end rank to either an
                // Aristocrat ..., a Noble or a Knight".
                let promotion_ok = match m.promotion {
                    None => !last_rank.has(m.to),
                    Some(KNIGHT | NOBLE | ARISTOCRAT) => last_rank.has(m.to),
                    Some(_) => false,
                };
                if !promotion_ok {
                    return false;
                }
                let step = t.pawn_steps[us.index()][i] & !occ;
                let mut reach = step;
                if DOUBLE && step != 0 && start_rank.has(m.from) {
                    reach |= t.pawn_steps[us.index()][step.first().index()] & !occ;
                }
                let captures = t.pawn_captures[us.index()][i];
                reach |= captures & opp;
                if let Some(ep) = self.ep
                    && ep == m.to
                    && captures.has(ep)
                {
                    let w = GEOMETRY.width();
                    taken_ep = 1 << (if us == Side::Red { ep.0 - w } else { ep.0 + w });
                    reach |= to;
                }
                reach
            }
            _ => 0,
        };
        if reach & to == 0 || (m.promotion.is_some() && m.kind != PIKEMAN) {
            return false;
        }
        // Made on the bitboards: the opposing pieces on the target square (or the
        // Pikeman taken en passant) are gone.
        let k = kings.first().index();
        let after = (occ ^ (1 << m.from.0) ^ taken_ep) | to;
        let alive = !(to | taken_ep);
        let p = |kind| b.pieces(them, kind) & alive;
        if t.knight[k] & p(KNIGHT) != 0
            || t.king[k] & p(PRINCESS) != 0
            || t.pawn_captures[us.index()][k] & p(PIKEMAN) != 0
        {
            return false;
        }
        let lined = ((p(TOWER) | p(ARISTOCRAT)) & t.orthogonal[k]) | (p(NOBLE) & t.diagonal[k]);
        !(lined != 0 && any_reaches(k, lined, after))
    }

    /// The side to move's Pikemen that may have a move: those with an empty
    /// square ahead or an opposing piece on a square ahead diagonally (whatever
    /// the file), or all of them while an en passant square is set. A superset
    /// of those [`Hunt::for_each_move`] finds a move for, in one shift each
    /// way, so that a blocked Pikeman (some three in eight of those the
    /// generator visits in random play) is skipped without looking up its
    /// squares; a debug assertion checks that the skipped have none.
    #[inline(always)]
    fn movable_pikemen(&self, occ: u64, opp: u64) -> u64 {
        let us = self.to_move;
        let pawns = self.board.pieces(us, PIKEMAN);
        if self.ep.is_some() {
            return pawns;
        }
        let free = !occ;
        let movable = pawns
            & match us {
                Side::Red => free >> 7 | opp >> 6 | opp >> 8,
                Side::Green => free << 7 | opp << 6 | opp << 8,
            };
        debug_assert!(
            {
                let t = &SMALL;
                let mut skipped = pawns & !movable;
                let mut none = true;
                while skipped != 0 {
                    let i = skipped.pop().index();
                    none &= (t.pawn_steps[us.index()][i] & free)
                        | (t.pawn_captures[us.index()][i] & opp)
                        == 0;
                }
                none
            },
            "{self:?}"
        );
        movable
    }

    /// Whether the side to move has a legal move. Not in check, an unpinned Knight
    /// with a free square, an unpinned Pikeman's step or an unpinned slider's free
    /// square is one; otherwise the moves are searched in order until one is found.
    pub(super) fn has_legal_move(&self) -> bool {
        const BOARD: u64 = (1 << 49) - 1;
        let t = &SMALL;
        let b = &self.board;
        let us = self.to_move;
        let own = b.side(us);
        let occ = b.occupied();
        let kings = b.pieces(us, PRINCESS);
        if kings == 0 {
            return false;
        }
        let k = kings.first();
        // A step of the Princess to a square the opponent does not attack once she
        // has left hers is a legal move: try the square she may step to nearest
        // her own home rank (the least likely to be attacked): the lowest for
        // Red (South), the highest for Green (North).
        let steps = t.king[k.index()] & !own;
        if steps != 0 {
            let to = match us {
                Side::Red => steps.first(),
                Side::Green => steps.last(),
            };
            if !self.attacked(to, us.opponent(), occ ^ (1 << k.0)) {
                return true;
            }
        }
        if self.attackers(k, us.opponent(), occ) == 0 {
            let free = !self.pinned(k, us, occ);
            let mut knights = b.pieces(us, KNIGHT) & free;
            while knights != 0 {
                if t.knight[knights.pop().index()] & !own != 0 {
                    return true;
                }
            }
            // No Pikeman stands on its end rank, so a step stays on the board.
            let pawns = b.pieces(us, PIKEMAN) & free;
            let steps = if us == Side::Red {
                pawns << 7
            } else {
                pawns >> 7
            };
            if steps & !occ & BOARD != 0 {
                return true;
            }
            let mut rooks = (b.pieces(us, TOWER) | b.pieces(us, ARISTOCRAT)) & free;
            while rooks != 0 {
                if lines7::rook(rooks.pop().index(), occ) & !own != 0 {
                    return true;
                }
            }
            let mut bishops = b.pieces(us, NOBLE) & free;
            while bishops != 0 {
                if lines7::bishop(bishops.pop().index(), occ) & !own != 0 {
                    return true;
                }
            }
        }
        self.for_each_move::<false>(!0, !0, Search(|_| true))
    }

    /// Calls `visit` with every legal move of the pieces on `only` (a set of
    /// squares; `!0` for all) to the squares of `only_to` (`!0` for all), in
    /// order, until it returns `true`; returns whether it did. `ALL`: every move is wanted (the Princess's squares are then tested
    /// against one map of the opponent's attacks rather than one by one).
    #[inline(always)]
    pub(super) fn for_each_move<const ALL: bool>(
        &self,
        only: u64,
        only_to: u64,
        mut visit: impl MoveSink,
    ) -> bool {
        let t = &SMALL;
        let b = &self.board;
        let us = self.to_move;
        let them = us.opponent();
        let own = b.side(us);
        let occ = b.occupied();
        let kings = b.pieces(us, PRINCESS);
        if kings == 0 {
            return false;
        }
        let k = kings.first();
        let checkers = self.attackers(k, them, occ);
        // The Princess: steps to squares left unattacked once she has left hers (so
        // a slider's line through her counts), and Towering; each move goes out as
        // soon as it is found, so a search for any move stops early.
        let without_k = occ ^ (1 << k.0);
        let mut targets = if only.has(k) {
            t.king[k.index()] & !own & only_to
        } else {
            0
        };
        // Two or more squares to test: one map of the opponent's attacks is
        // cheaper than testing each.
        let mapped = ALL && targets & targets.wrapping_sub(1) != 0;
        if mapped {
            // Every square found at once: the moves go out together, Towering's
            // squares (two files away) in their place among them.
            targets &= !self.danger(them, without_k, targets);
            if checkers == 0 && self.towering != 0 && only.has(k) {
                let mut towerings = self.towering_candidates(k, us, occ) & only_to;
                while towerings != 0 {
                    let to = towerings.pop();
                    if self.towering_is_safe(k, to, them, occ) {
                        targets |= 1 << to.0;
                    }
                }
            }
            if visit.many(PRINCESS, k, targets) {
                return true;
            }
        } else {
            if checkers == 0 && self.towering != 0 && only.has(k) {
                targets |= self.towering_candidates(k, us, occ) & only_to;
            }
            while targets != 0 {
                let to = targets.pop();
                let ok = if to.0.abs_diff(k.0) == 2 {
                    self.towering_is_safe(k, to, them, occ)
                } else {
                    !self.attacked(to, them, without_k)
                };
                if ok && visit.one(JewelAction::move_base(PRINCESS, k).with_target(to)) {
                    return true;
                }
            }
        }
        if checkers.several() {
            return false;
        }
        // In check: capture the checker or block its line.
        let mask = if checkers != 0 {
            checkers | LINES.between[k.index()][checkers.first().index()]
        } else {
            !0
        };
        let pinned = self.pinned(k, us, occ);
        let line = |from: Square| {
            if pinned.has(from) {
                LINES.line[k.index()][from.index()]
            } else {
                !0
            }
        };
        // Each kind in its own loop, in kind order: the moves of a piece
        // within `$mask` and its line (`$line`).
        macro_rules! moves_of {
            ($kind:expr, $mask:expr, $line:expr, |$i:ident| $reach:expr) => {
                let mut pieces = b.pieces(us, $kind) & only;
                while pieces != 0 {
                    let from = pieces.pop();
                    let $i = from.index();
                    if visit.many($kind, from, $reach & !own & $mask & $line(from) & only_to) {
                        return true;
                    }
                }
            };
        }
        if ALL && checkers == 0 && pinned == 0 {
            // Every move wanted, not in check and nothing pinned (most
            // positions): every piece's moves stand, and the loops test no
            // line a piece (the same moves as the loops below with `mask` and
            // `line` all squares). Not in a search for one move (the turn's),
            // whose loops stop at the first.
            debug_assert!(mask == !0 && (0..49).all(|sq| line(Square(sq)) == !0));
            let anywhere = |_: Square| !0u64;
            moves_of!(TOWER, !0, anywhere, |i| lines7::rook(i, occ));
            moves_of!(KNIGHT, !0, anywhere, |i| t.knight[i]);
            moves_of!(NOBLE, !0, anywhere, |i| lines7::bishop(i, occ));
            moves_of!(ARISTOCRAT, !0, anywhere, |i| lines7::rook(i, occ));
        } else {
            moves_of!(TOWER, mask, line, |i| lines7::rook(i, occ));
            moves_of!(KNIGHT, mask, line, |i| t.knight[i]);
            moves_of!(NOBLE, mask, line, |i| lines7::bishop(i, occ));
            moves_of!(ARISTOCRAT, mask, line, |i| lines7::rook(i, occ));
        }
        let opp = b.side(them);
        // Rank 7 (Red's end rank, Green's back rank) and rank 1; rank 2 and rank 6.
        const RANK_7: u64 = 0x7f << 42;
        const RANK_1: u64 = 0x7f;
        let (last_rank, start_rank) = if us == Side::Red {
            (RANK_7, RANK_1 << 7)
        } else {
            (RANK_1, RANK_7 >> 7)
        };
        let pawns = self.movable_pikemen(occ, opp) & only;
        // The Pikemen of `$set` in order, with every test.
        macro_rules! any_pawns {
            ($set:expr) => {
                let mut pawns = $set;
                while pawns != 0 {
                    let from = pawns.pop();
                    let i = from.index();
                    let step = t.pawn_steps[us.index()][i] & !occ;
                    let mut to = step;
                    if DOUBLE && step != 0 && start_rank.has(from) {
                        to |= t.pawn_steps[us.index()][step.first().index()] & !occ;
                    }
                    let captures = t.pawn_captures[us.index()][i];
                    to |= captures & opp;
                    to &= mask & line(from) & only_to;
                    if let Some(ep) = self.ep
                        && captures.has(ep)
                        && only_to.has(ep)
                        && self.ep_is_safe(from, ep, k, us)
                    {
                        to |= 1 << ep.0;
                    }
                    // Moves that do not promote go out together, in order; the others
                    // one by one below, each with its three promotions.
                    if to & last_rank == 0 {
                        if visit.many(PIKEMAN, from, to) {
                            return true;
                        }
                        continue;
                    }
                    while to != 0 {
                        let sq = to.pop();
                        if last_rank.has(sq) {
                            // "Pikemen can and must promote on their end rank to either an
                            // Aristocrat ..., a Noble or a Knight".
                            for p in [KNIGHT, NOBLE, ARISTOCRAT] {
                                let m = Move {
                                    kind: PIKEMAN,
                                    from,
                                    to: sq,
                                    promotion: Some(p),
                                };
                                if visit.one(JewelAction::play(m)) {
                                    return true;
                                }
                            }
                        } else if visit.one(JewelAction::move_base(PIKEMAN, from).with_target(sq)) {
                            return true;
                        }
                    }
                }
            };
        }
        // The Pikemen of `$set` in order, none of them pinned or a step from
        // its end rank (so none promotes: a double step goes from the start
        // rank to the fourth), with no en passant square set and every move
        // wanted: their moves need no test of a line, of en passant or of a
        // promotion, a Pikeman (the same moves as `any_pawns`: the perft rows
        // and `is_legal_agrees_with_the_generator` cover both, and a debug
        // assertion the facts that make them the same).
        macro_rules! plain_pawns {
            ($set:expr) => {
                let mut pawns = $set;
                while pawns != 0 {
                    let from = pawns.pop();
                    let i = from.index();
                    let step = t.pawn_steps[us.index()][i] & !occ;
                    let mut to = step;
                    if DOUBLE && step != 0 && start_rank.has(from) {
                        to |= t.pawn_steps[us.index()][step.first().index()] & !occ;
                    }
                    to |= t.pawn_captures[us.index()][i] & opp;
                    debug_assert!(line(from) == !0 && to & last_rank == 0, "{self:?}");
                    if visit.many(PIKEMAN, from, to & mask) {
                        return true;
                    }
                }
            };
        }
        if ALL && only == !0 && only_to == !0 && self.ep.is_none() && pawns & pinned == 0 {
            // The Pikemen that may promote (a step from their end rank, or
            // beyond it in no valid position) stand on the highest squares a
            // Red one can (from A6, square 35) and the lowest a Green one can
            // (below A3, square 14): so the others, in order, go before them
            // for Red and after them for Green, and each set by its own loop.
            const BELOW_A6: u64 = (1 << 35) - 1;
            const BELOW_A3: u64 = (1 << 14) - 1;
            if us == Side::Red {
                plain_pawns!(pawns & BELOW_A6);
                any_pawns!(pawns & !BELOW_A6);
            } else {
                any_pawns!(pawns & BELOW_A3);
                plain_pawns!(pawns & !BELOW_A3);
            }
            return false;
        }
        any_pawns!(pawns);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::zobrist::splitmix64;

    /// Along random games of both Hunts, for every square, both sides and the
    /// board's occupancy with a square taken away or added: [`attacked_on`] and
    /// [`Hunt::attackers`] (sliders by the squares between) agree with the
    /// slides from the square, and so does the legality test that reads them.
    fn sliders_by_lines_agree<const D: bool>(seed: u64) -> usize {
        let t = &SMALL;
        let mut g = Hunt::<D>::starting(&Default::default(), Some(Side::Red));
        let mut legal = <Hunt<D> as Game>::Actions::default();
        let mut bits = seed;
        let mut attacked = 0;
        for _ in 0..300 {
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let b = g.board;
            for change in 0..4u64 {
                bits = splitmix64(bits);
                let occ = match change {
                    0 => b.occupied(),
                    _ => b.occupied() ^ 1 << (bits % 49),
                };
                for sq in 0..49u8 {
                    let sq = Square(sq);
                    for by in Side::ALL {
                        let slides = attacked_by_slides(&b, sq, by, occ);
                        assert_eq!(attacked_on(&b, sq, by, occ), slides, "{sq:?} {by:?} {g:?}");
                        let i = sq.index();
                        let rooks = b.pieces(by, TOWER) | b.pieces(by, ARISTOCRAT);
                        let all = (t.knight[i] & b.pieces(by, KNIGHT))
                            | (t.king[i] & b.pieces(by, PRINCESS))
                            | (t.pawn_captures[by.opponent().index()][i] & b.pieces(by, PIKEMAN))
                            | (t.rook(i, occ) & rooks)
                            | (t.bishop(i, occ) & b.pieces(by, NOBLE));
                        assert_eq!(g.attackers(sq, by, occ), all, "{sq:?} {by:?} {g:?}");
                        attacked += usize::from(slides);
                        // The zone around the square: its attacked squares.
                        let zone = t.king[i] | 1 << i;
                        let mut expected = 0;
                        for z in 0..49u8 {
                            if zone >> z & 1 == 1 && attacked_by_slides(&b, Square(z), by, occ) {
                                expected |= 1 << z;
                            }
                        }
                        assert_eq!(g.danger(by, occ, zone) & zone, expected, "{sq:?} {by:?}");
                    }
                }
            }
            bits = splitmix64(bits);
            let a = legal[(bits % legal.len() as u64) as usize];
            g.apply_unchecked(a, &mut |_| {});
        }
        attacked
    }

    #[test]
    fn sliders_by_lines_agree_with_the_slides() {
        for seed in 1..4 {
            assert!(sliders_by_lines_agree::<false>(seed) > 1_000);
            assert!(sliders_by_lines_agree::<true>(seed) > 1_000);
        }
    }
}
