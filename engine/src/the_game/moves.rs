//! Every piece's moves and captures on each board it stands on and between
//! boards (seed 001, Piece Movements), the legal actions of a position, and
//! the cheap test for a position with none (ruling `the-game.stalemate`).
//! Each arm of `Position::piece_targets` cites its piece's paragraph and the
//! rulings it follows.

use super::board::{Boards, NONE, Set, Sq, ix};
use super::kinds::{Kind, Realm};
use super::position::{Action, Piece, Position, Tag};
use super::setup::{GOLD, SILVER};
use crate::core::{ActionBuffer, ActionList};

/// The most actions a position lists: the capacity of [`Actions`].
///
/// A pending choice lists at most 65 (kill, and a send to each of the Astral
/// board's 64 squares). Otherwise each piece of the side to move lists at
/// most its targets (distinct squares) on a board with no other piece, since
/// every target set only shrinks as squares fill (rays stop, two-square moves
/// need their first square empty), times the actions a target can carry: 23
/// promotions for a Warrior reaching the far rank, and for the Dragon on the
/// Sky the move and up to nine strikes below it. A teleporting ArchMagus
/// (on a Mana board or the Astral board) reaches at most the 387 other
/// squares. No piece is ever created, so a side holds at most the set-up's
/// count of each kind, and its 12 Warriors may each have become any kind.
/// `the_worst_case_fits` computes that sum from the engine's own tables
/// (`worst_case_bound`) and checks it is within this capacity.
pub const MAX_ACTIONS: usize = 10_240;

/// The buffer of legal actions.
pub type Actions = ActionList<Action, MAX_ACTIONS>;

fn one(sq: Sq) -> Set {
    if sq == NONE {
        Set::EMPTY
    } else {
        Set::single(sq)
    }
}

/// The squares that cut a piece's targets: those that stop a ray (every
/// piece and Djinn), the empty squares it may move to, the enemy's it may
/// capture on, and either.
#[derive(Clone, Copy, Debug)]
struct Masks {
    blockers: Set,
    empty: Set,
    enemy: Set,
    reach: Set,
}

/// What a piece's target rules read: the tables, its square and the masks.
/// Its methods are always inlined, so that each rule's sets stay in
/// registers and the empty ones fold away.
struct Here<'a> {
    b: &'static Boards,
    f: usize,
    from: Sq,
    m: &'a Masks,
}

impl Here<'_> {
    /// One step in direction `d` (of [`super::board::DIRECTIONS`]).
    #[inline(always)]
    fn step(&self, d: usize) -> Set {
        one(self.b.step[d][self.f])
    }

    /// One step in each of the directions `ds`.
    #[inline(always)]
    fn steps(&self, ds: &[usize]) -> Set {
        let mut s = Set::EMPTY;
        for &d in ds {
            let to = self.b.step[d][self.f];
            if to != NONE {
                s.insert(to);
            }
        }
        s
    }

    /// Two steps in direction `d`, the first to an empty square.
    #[inline(always)]
    fn two(&self, d: usize) -> Set {
        self.b
            .two(self.from, d, self.m.blockers)
            .map_or(Set::EMPTY, Set::single)
    }

    /// [`Here::two`] in each of the directions `ds`.
    #[inline(always)]
    fn twos(&self, ds: &[usize]) -> Set {
        let mut s = Set::EMPTY;
        for &d in ds {
            if let Some(to) = self.b.two(self.from, d, self.m.blockers) {
                s.insert(to);
            }
        }
        s
    }

    /// The rays in the directions `ds`, each to its first piece or Djinn.
    #[inline(always)]
    fn rays(&self, ds: std::ops::Range<usize>) -> Set {
        let mut s = Set::EMPTY;
        for d in ds {
            self.b.ray_into(&mut s, self.from, d, self.m.blockers);
        }
        s
    }

    /// Of squares the piece may move to or capture on, those it may go to now.
    #[inline(always)]
    fn any(&self, both: Set) -> Set {
        both & self.m.reach
    }

    /// Of squares it may move to only, capture on only, and either, those it
    /// may go to now.
    #[inline(always)]
    fn split(&self, mv: Set, cap: Set, both: Set) -> Set {
        ((mv | both) & self.m.empty) | ((cap | both) & self.m.enemy)
    }
}

/// The kinds a Warrior may become, in kind order.
fn promotions() -> impl Iterator<Item = Kind> {
    Kind::ALL.into_iter().filter(|k| k.promotes_to())
}

impl Position {
    /// The squares `p` on `from` may go to now: of the squares its rules
    /// let it move to only (if empty), capture on only (if an enemy's), and
    /// either, those that `m` allows, with the en passant square for a
    /// Warrior that may take there.
    #[inline]
    fn piece_targets(&self, p: Piece, from: Sq, m: &Masks) -> Set {
        let b = Boards::get();
        let f = ix(from);
        let blockers = m.blockers;
        let gold = p.side == GOLD;
        // Forward is north for Gold, south for Silver: indices into DIRECTIONS.
        let (fwd, back, fwd_diag) = if gold { (0, 1, [4, 5]) } else { (1, 0, [6, 7]) };
        let (up, down) = (one(b.up[f]), one(b.down[f]));
        let h = Here { b, f, from, m };
        let (orth, diag) = (&[0, 1, 2, 3][..], &[4, 5, 6, 7][..]);
        let realm = b.realm(from);
        let none = Set::EMPTY;
        // The ArchMagus on a Mana or the Astral board: one square any way and
        // the teleport to any square but an Emperor's (rulings
        // the-game.teleport-targets, the-game.astral-moves).
        if p.kind == Kind::ArchMagus && matches!(realm, Realm::Mana | Realm::Astral) {
            let emperors = self.emperors();
            return h.any(b.all.minus(emperors));
        }
        // Any other piece on the Astral board: one square any way, and from a
        // square between the Djinn any number along a line (rulings
        // the-game.astral-moves, the-game.djinn-lines, the-game.djinn-squares).
        if realm == Realm::Astral {
            let lines = if b.djinn_lines.has(from) {
                h.rays(0..8)
            } else {
                none
            };
            return h.any(b.king[f] | lines);
        }
        let (sky, ground, cavern) = (
            realm == Realm::Sky,
            realm == Realm::Ground,
            realm == Realm::Cavern,
        );
        match p.kind {
            // Dragon: the Queen on the Sky and down to the nine squares
            // below; the King on the Ground and back up to the nine above.
            Kind::Dragon if sky => h.any(h.rays(0..8) | b.nine_down[f]),
            Kind::Dragon if ground => h.any(b.king[f] | b.nine_up[f]),
            // Gryphon: the (3,2) leap; down to the square below or its four
            // diagonals; on the Ground one square diagonally and back up.
            Kind::Gryphon if sky => {
                let below = b.down[f];
                let drop = if below == NONE {
                    none
                } else {
                    one(below)
                        | diag
                            .iter()
                            .fold(none, |s, &d| s | one(b.step[d][ix(below)]))
                };
                h.any(b.zebra[f] | drop)
            }
            Kind::Gryphon if ground => {
                let above = b.up[f];
                let rise = if above == NONE {
                    none
                } else {
                    one(above)
                        | diag
                            .iter()
                            .fold(none, |s, &d| s | one(b.step[d][ix(above)]))
                };
                h.any(h.steps(diag) | rise)
            }
            // Eagle: the Rook and the King; Phoenix: the Bishop and the King;
            // down to the square below; on the Ground only back up.
            Kind::Eagle if sky => h.any(h.rays(0..4) | b.king[f] | down),
            Kind::Phoenix if sky => h.any(h.rays(4..8) | b.king[f] | down),
            Kind::Eagle | Kind::Phoenix | Kind::Sylvar if ground => h.any(up),
            // Sylvar: moves diagonally forward, captures straight forward
            // and straight down; from the far rank back to a starting square.
            Kind::Sylvar if sky => {
                let far = if gold {
                    b.spec.boards[b.sky].ranks - 1
                } else {
                    0
                };
                let home = if b.coord[f].1 == far {
                    b.sylvar_starts[p.side.index()]
                } else {
                    none
                };
                h.split(h.steps(&fwd_diag) | home, h.step(fwd) | down, none)
            }
            // Elemental: one or two horizontally or vertically, one
            // diagonally without capturing, up by a step across to an empty
            // square then up; on the Ground one square, and down the reverse
            // way (rulings the-game.elemental-steps, the-game.elemental-return).
            Kind::Elemental if cavern => {
                let rise = orth.iter().fold(none, |s, &d| {
                    let mid = b.step[d][f];
                    if mid == NONE || blockers.has(mid) {
                        s
                    } else {
                        s | one(b.up[ix(mid)])
                    }
                });
                h.split(h.steps(diag), none, h.steps(orth) | h.twos(orth) | rise)
            }
            Kind::Elemental if ground => {
                let below = b.down[f];
                let sink = if below == NONE || blockers.has(below) {
                    none
                } else {
                    orth.iter()
                        .fold(none, |s, &d| s | one(b.step[d][ix(below)]))
                };
                h.any(h.steps(orth) | sink)
            }
            // Basilisk: the three squares in front and the one behind.
            Kind::Basilisk if cavern => h.any(h.steps(&[fwd, back]) | h.steps(&fwd_diag)),
            // Org: diagonally forward and straight back; moves only one
            // forward or one or two sideways; straight up. On the Ground:
            // moves only one forward or back, diagonally forward, straight down.
            Kind::Org if cavern => h.split(
                h.steps(&[fwd, 2, 3]) | h.twos(&[2, 3]),
                none,
                h.steps(&fwd_diag) | h.step(back) | up,
            ),
            Kind::Org if ground => h.split(h.steps(&[fwd, back]), none, h.steps(&fwd_diag) | down),
            // Amochal: one or two forward and one sideways; moves only one
            // diagonally; captures only one back; up by a step forward to
            // an empty square then up; on the Ground forward one only, and
            // straight down (ruling the-game.amochal-descent).
            Kind::Amochal if cavern || ground => {
                let ahead = b.step[fwd][f];
                let extra = if cavern {
                    let rise = if ahead == NONE || blockers.has(ahead) {
                        none
                    } else {
                        one(b.up[ix(ahead)])
                    };
                    h.two(fwd) | rise
                } else {
                    down
                };
                h.split(h.steps(diag), h.step(back), h.steps(&[fwd, 2, 3]) | extra)
            }
            // Dwarf (ruling the-game.dwarf): moves one forward or sideways,
            // captures one diagonally forward; up only capturing, down only moving.
            Kind::Dwarf if cavern => h.split(h.steps(&[fwd, 2, 3]), h.steps(&fwd_diag) | up, none),
            Kind::Dwarf if ground => {
                h.split(h.steps(&[fwd, 2, 3]) | down, h.steps(&fwd_diag), none)
            }
            // Emperor: the King on the Ground, straight up or down; off the
            // Ground only back.
            Kind::Emperor if ground => h.any(b.king[f] | up | down),
            Kind::Emperor if sky => h.any(down),
            Kind::Emperor if cavern => h.any(up),
            // Wizard: the Queen on the Ground, the King on the Sky and the
            // Cavern; straight up or down.
            Kind::Wizard if ground => h.any(h.rays(0..8) | up | down),
            Kind::Wizard => h.any(b.king[f] | up | down),
            // Avatar: moves one, captures two away, either three away,
            // leaping along the eight lines (ruling the-game.avatar-lines);
            // straight up or down.
            Kind::Avatar => h.split(b.king[f], b.line2[f], b.line3[f] | up | down),
            // Æmur: moves one or two horizontally or vertically, captures one
            // or two diagonally, never leaping; one square on the Cavern
            // (ruling the-game.split-movers-limited); down and back up.
            Kind::Aemur if ground => h.split(
                h.steps(orth) | h.twos(orth),
                h.steps(diag) | h.twos(diag),
                down,
            ),
            Kind::Aemur if cavern => h.split(h.steps(orth), h.steps(diag), up),
            // Krargog: the Æmur's mirror, up to the Sky and back down (ruling
            // the-game.krargog-return).
            Kind::Krargog if ground => h.split(
                h.steps(diag) | h.twos(diag),
                h.steps(orth) | h.twos(orth),
                up,
            ),
            Kind::Krargog if sky => h.split(h.steps(diag), h.steps(orth), down),
            // Mithyari: within two squares, leaping, and the fields above and
            // below (ruling the-game.mithyari-field).
            Kind::Mithyari => h.any(b.mithyari[f]),
            // Cleric, Knight, Fortress: the Bishop, the Knight, the Rook.
            Kind::Cleric if ground => h.any(h.rays(4..8)),
            Kind::Knight if ground => h.any(b.knight[f]),
            Kind::Fortress if ground => h.any(h.rays(0..4)),
            // Assassin: the King on every board of the stack, up or down.
            Kind::Assassin => h.any(b.king[f] | up | down),
            // Nightblade and Paladin: the Knight with the Bishop or the Rook
            // on the Ground, the King elsewhere; up or down.
            Kind::Nightblade if ground => h.any(b.knight[f] | h.rays(4..8) | up | down),
            Kind::Paladin if ground => h.any(b.knight[f] | h.rays(0..4) | up | down),
            Kind::Nightblade | Kind::Paladin => h.any(b.king[f] | up | down),
            // Cavalier (ruling the-game.cavalier): the King (and the Knight
            // on the Ground), and its leaps between boards.
            Kind::Cavalier => {
                let knight = if ground { b.knight[f] } else { none };
                h.any(b.king[f] | knight | b.cavalier[f])
            }
            // Warrior: the Pawn (ruling the-game.warrior-pawn); en passant
            // and promotion are added by the generator.
            Kind::Warrior if ground => {
                let start = if gold {
                    1
                } else {
                    b.spec.boards[b.ground].ranks - 2
                };
                let double = if b.coord[f].1 == start {
                    h.two(fwd)
                } else {
                    none
                };
                let cap = h.steps(&fwd_diag);
                let ep = if self.ep != NONE && cap.has(self.ep) {
                    one(self.ep)
                } else {
                    none
                };
                h.split(h.step(fwd) | double, cap, none) | ep
            }
            // ArchMagus on the stack: the 26 directions (ruling the-game.archmagus-lines).
            Kind::ArchMagus => {
                let mut s = Set::EMPTY;
                for d in 0..26 {
                    b.ray3_into(&mut s, from, d, blockers);
                }
                h.any(s)
            }
            // A kind on a board where the text gives it no move (ruling
            // the-game.board-changes), and the Djinn.
            Kind::Dragon
            | Kind::Gryphon
            | Kind::Eagle
            | Kind::Phoenix
            | Kind::Sylvar
            | Kind::Elemental
            | Kind::Basilisk
            | Kind::Org
            | Kind::Amochal
            | Kind::Dwarf
            | Kind::Emperor
            | Kind::Aemur
            | Kind::Krargog
            | Kind::Cleric
            | Kind::Knight
            | Kind::Fortress
            | Kind::Warrior
            | Kind::Djinn => none,
        }
    }

    /// The squares of both Emperors.
    pub(super) fn emperors(&self) -> Set {
        one(self.kings[0]) | one(self.kings[1])
    }

    /// The far rank of the Ground for a Warrior of the side to move.
    fn far_rank(&self) -> u8 {
        let b = Boards::get();
        if self.to_move == GOLD {
            b.spec.boards[b.ground].ranks - 1
        } else {
            0
        }
    }

    /// The squares that cut the targets of the side to move's pieces.
    #[inline]
    fn masks(&self) -> Masks {
        let b = Boards::get();
        let us = self.to_move;
        let own = self.occ[us.index()];
        let enemy = self.occ[us.opponent().index()];
        Masks {
            blockers: own | enemy | self.djinn,
            empty: b.all.minus(own | enemy),
            enemy,
            reach: b.all.minus(own),
        }
    }

    /// Whether the piece on `from`, whose code is `code`, is frozen: a Ground
    /// piece over an enemy Basilisk (ruling `the-game.basilisk-freeze`).
    #[inline]
    fn frozen_code(&self, from: Sq, code: u8) -> bool {
        let b = Boards::get();
        if b.realm(from) != Realm::Ground {
            return false;
        }
        let below = b.down[ix(from)];
        below != NONE && self.cells[ix(below)] == (Kind::Basilisk as u8 * 2) | (!code & 1)
    }

    /// Writes every legal action into `out` (cleared first), in increasing
    /// order (by square moved from, then square moved to, then the kind of
    /// action and its extra square or kind), so a list has no duplicate.
    pub fn legal(&self, out: &mut impl ActionBuffer<Action>) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        let b = Boards::get();
        if let Some(pending) = self.pending {
            out.push(Action {
                tag: Tag::Kill,
                ..Action::default()
            });
            if pending.from_astral {
                out.push(Action {
                    tag: Tag::Return,
                    to: pending.ret,
                    ..Action::default()
                });
            } else {
                let free = b.of_realm[Realm::Astral as usize].minus(self.occ[0] | self.occ[1]);
                for sq in free.iter::<Sq>() {
                    out.push(Action {
                        tag: Tag::Send,
                        to: sq,
                        ..Action::default()
                    });
                }
            }
            return;
        }
        let us = self.to_move;
        let m = self.masks();
        let enemy = m.enemy;
        let far = self.far_rank();
        self.occ[us.index()].for_each(|from: Sq| {
            let code = self.cells[ix(from)];
            let Some(p) = Piece::decode(code) else { return };
            if self.frozen_code(from, code) {
                return;
            }
            let targets = self.piece_targets(p, from, &m);
            // Only a Warrior and a Dragon on the Sky list more than a move
            // a target: the other pieces' targets in a loop of their own.
            let strikes = p.kind == Kind::Dragon && b.realm(from) == Realm::Sky;
            if p.kind != Kind::Warrior && !strikes {
                targets.for_each(|to: Sq| {
                    out.push(Action {
                        tag: Tag::Go,
                        from,
                        to,
                        aux: 0,
                    });
                });
                return;
            }
            targets.for_each(|to: Sq| {
                if p.kind == Kind::Warrior {
                    if to == self.ep {
                        let victim = b.step[if us == GOLD { 1 } else { 0 }][ix(to)];
                        out.push(Action {
                            tag: Tag::EnPassant,
                            from,
                            to,
                            aux: victim,
                        });
                        return;
                    }
                    if b.realm(to) == Realm::Ground && b.coord[ix(to)].1 == far {
                        for k in promotions() {
                            out.push(Action {
                                tag: Tag::Promote,
                                from,
                                to,
                                aux: k as u16,
                            });
                        }
                        return;
                    }
                }
                out.push(Action {
                    tag: Tag::Go,
                    from,
                    to,
                    aux: 0,
                });
                // The Dragon's strike (ruling the-game.dragon-strike).
                if strikes && b.realm(to) == Realm::Sky {
                    for s in (b.nine_down[ix(to)] & enemy).iter::<Sq>() {
                        out.push(Action {
                            tag: Tag::Strike,
                            from,
                            to,
                            aux: s,
                        });
                    }
                }
            });
        });
    }

    /// Whether `a` is among [`Position::legal`]'s actions, without listing
    /// them: the pending choice's, or the moving piece's targets with the
    /// action's kind and extra square or kind checked as `legal` writes them.
    #[must_use]
    pub fn is_legal(&self, a: Action) -> bool {
        if self.ending.is_some() {
            return false;
        }
        let b = Boards::get();
        if let Some(pending) = self.pending {
            let plain = a.from == 0 && a.aux == 0;
            return plain
                && match a.tag {
                    Tag::Kill => a.to == 0,
                    Tag::Return => pending.from_astral && a.to == pending.ret,
                    Tag::Send => {
                        !pending.from_astral
                            && usize::from(a.to) < super::board::SQUARES
                            && b.realm(a.to) == Realm::Astral
                            && self.at(a.to).is_none()
                    }
                    Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => false,
                };
        }
        if usize::from(a.from) >= super::board::SQUARES
            || usize::from(a.to) >= super::board::SQUARES
        {
            return false;
        }
        let us = self.to_move;
        let Some(p) = self.at(a.from).filter(|p| p.side == us) else {
            return false;
        };
        if self.frozen(a.from) {
            return false;
        }
        let m = self.masks();
        let enemy = m.enemy;
        if !self.piece_targets(p, a.from, &m).has(a.to) {
            return false;
        }
        if p.kind == Kind::Warrior {
            if a.to == self.ep {
                let victim = b.step[if us == GOLD { 1 } else { 0 }][ix(a.to)];
                return a.tag == Tag::EnPassant && a.aux == victim;
            }
            if b.realm(a.to) == Realm::Ground && b.coord[ix(a.to)].1 == self.far_rank() {
                return a.tag == Tag::Promote
                    && Kind::ALL
                        .get(usize::from(a.aux))
                        .is_some_and(|k| k.promotes_to());
            }
        }
        match a.tag {
            Tag::Go => a.aux == 0,
            Tag::Strike => {
                p.kind == Kind::Dragon
                    && b.realm(a.from) == Realm::Sky
                    && b.realm(a.to) == Realm::Sky
                    && usize::from(a.aux) < super::board::SQUARES
                    && (b.nine_down[ix(a.to)] & enemy).has(a.aux)
            }
            Tag::Promote | Tag::EnPassant | Tag::Kill | Tag::Send | Tag::Return => false,
        }
    }

    /// Whether the side to act has any legal action, without listing them:
    /// the first piece with a target answers (ruling `the-game.stalemate`).
    #[must_use]
    pub fn has_action(&self) -> bool {
        if self.ending.is_some() {
            return false;
        }
        if self.pending.is_some() {
            return true;
        }
        let m = self.masks();
        // From the highest square down: the Mana boards and the Astral board
        // come first, where an ArchMagus's teleport always has a target.
        let mut left = self.occ[self.to_move.index()];
        while let Some(from) = left.last::<Sq>() {
            left.remove(from);
            let code = self.cells[ix(from)];
            if !self.frozen_code(from, code)
                && Piece::decode(code).is_some_and(|p| !self.piece_targets(p, from, &m).is_empty())
            {
                return true;
            }
        }
        false
    }
}

/// The bound [`MAX_ACTIONS`] argues, computed from the engine's tables: each
/// kind's most actions from any square it may stand on with no other piece
/// on the boards, summed over a side of the set-up's counts with each of its
/// Warriors counted as the kind of most actions.
#[must_use]
pub fn worst_case_bound() -> usize {
    let b = Boards::get();
    let setup = super::setup::SetUp::standard(&b.spec);
    let most = |kind: Kind| -> usize {
        let mut best = 0;
        for side in [GOLD, SILVER] {
            for from in 0..super::board::SQUARES as Sq {
                let realm = b.realm(from);
                if !kind.may_stand(realm) {
                    continue;
                }
                let mut pos = Position::empty(side);
                let p = Piece { kind, side };
                pos.put(from, p);
                // Every square allowed, empty and enemy alike: the targets
                // to move to, capture on, and either.
                let open = Masks {
                    blockers: pos.occ[0] | pos.occ[1] | pos.djinn,
                    empty: b.all,
                    enemy: b.all,
                    reach: b.all,
                };
                let targets = pos.piece_targets(p, from, &open).without(from);
                let n = targets.count() as usize;
                let actions = if kind == Kind::Warrior {
                    n * 23
                } else if kind == Kind::Dragon && realm == Realm::Sky {
                    n * 10
                } else {
                    n
                };
                best = best.max(actions);
            }
        }
        best
    };
    let most_of: Vec<usize> = Kind::ALL.iter().map(|&k| most(k)).collect();
    let widest = most_of.iter().copied().max().unwrap_or(0);
    setup
        .pieces
        .iter()
        .filter(|p| p.side == Some(GOLD))
        .map(|p| {
            if p.kind == Kind::Warrior {
                widest
            } else {
                most_of[p.kind as usize]
            }
        })
        .sum::<usize>()
        .max(65)
}
