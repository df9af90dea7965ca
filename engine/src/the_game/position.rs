//! A position of The Game, every piece's moves and captures on each board it
//! stands on and between boards (seed 001, Piece Movements), and applying
//! them. Each arm of `Position::piece_targets` cites its piece's paragraph
//! and the rulings it follows.

use super::board::{Boards, NONE, Set, Sq, ix};
use super::kinds::{Kind, Realm};
use super::setup::{GOLD, SILVER, SetUp};
use crate::core::Side;

/// A piece of a side (the Djinn are no [`Piece`]: the position keeps them as
/// a set of squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its kind.
    pub kind: Kind,
    /// Its side.
    pub side: Side,
}

/// What an action does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    /// A move or a capture from `from` to `to`.
    #[default]
    Go,
    /// The Dragon's move on the Sky and its strike on the Ground square
    /// `aux` (ruling `the-game.dragon-strike`).
    Strike,
    /// A Warrior's move to the far rank, becoming kind number `aux` (ruling
    /// `the-game.warrior-promotion`).
    Promote,
    /// A Warrior's capture en passant of the Warrior on `aux`.
    EnPassant,
    /// The pending choice: the captured piece is killed.
    Kill,
    /// The pending choice: the captured piece is sent to `to` on the Astral board.
    Send,
    /// The pending choice: the captured piece goes back to its return square.
    Return,
}

/// One action of The Game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action {
    /// What it does.
    pub tag: Tag,
    /// The square moved from (0 for a choice).
    pub from: Sq,
    /// The square moved to (or sent to).
    pub to: Sq,
    /// The strike's square, the promotion's kind, the en passant victim's square.
    pub aux: u16,
}

/// The choice pending after an ArchMagus's capture from a Mana board or the
/// Astral board (ruling `the-game.send-to-astral`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The capture was made from the Astral board (the choice is kill or
    /// return); else from a Mana board (kill or send).
    pub from_astral: bool,
    /// The captured piece.
    pub piece: Piece,
    /// Its return square (ruling `the-game.return-square`).
    pub ret: Sq,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `side` captured the enemy Emperor (ruling `the-game.victory`).
    EmperorCaptured(Side),
    /// The side to move had no action (ruling `the-game.stalemate`).
    Stalemate,
    /// The project's ply bound (ruling `the-game.ply-bound`).
    PlyBound,
}

/// The project's ply bound (ruling `the-game.ply-bound`).
pub const PLY_BOUND: u32 = 3000;

/// A position: the pieces, the Djinn, the return squares, the side to move,
/// the en passant square, the pending choice, the plies played, the ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) cells: Box<[Option<Piece>; super::board::SQUARES]>,
    /// Each side's pieces, by [`Side::index`].
    pub(super) occ: [Set; 2],
    pub(super) djinn: Set,
    /// `(square on the Astral board, its piece's return square)`, sorted.
    pub(super) returns: Vec<(Sq, Sq)>,
    pub(super) to_move: Side,
    pub(super) ep: Sq,
    pub(super) pending: Option<Pending>,
    pub(super) ply: u32,
    pub(super) ending: Option<Ending>,
    /// Each side's Sylvar starting squares (ruling `the-game.sylvar-return`).
    pub(super) sylvar_starts: [Set; 2],
}

/// The kinds a Warrior may become, in kind order.
fn promotions() -> impl Iterator<Item = Kind> {
    Kind::ALL.into_iter().filter(|k| k.promotes_to())
}

fn one(sq: Sq) -> Set {
    if sq == NONE {
        Set::EMPTY
    } else {
        Set::single(sq)
    }
}

impl Position {
    /// The drafted set-up (ruling `the-game.setup`), Gold to move.
    #[must_use]
    pub fn start() -> Position {
        let b = Boards::get();
        let setup = SetUp::standard(&b.spec);
        let mut pos = Position::empty(setup.first);
        for p in &setup.pieces {
            let Some(sq) = b
                .layout
                .square(p.board, i16::from(p.file), i16::from(p.rank))
            else {
                continue;
            };
            match p.side {
                None => pos.djinn.insert(sq),
                Some(side) => {
                    pos.put(sq as Sq, Piece { kind: p.kind, side });
                    if p.kind == Kind::Sylvar {
                        pos.sylvar_starts[side.index()].insert(sq);
                    }
                }
            }
        }
        pos
    }

    /// No piece and no Djinn, `to_move` to move (the Sylvars' starting
    /// squares are the standard set-up's).
    #[must_use]
    pub fn empty(to_move: Side) -> Position {
        let b = Boards::get();
        let setup = SetUp::standard(&b.spec);
        let mut sylvar_starts = [Set::EMPTY; 2];
        for p in setup.pieces.iter().filter(|p| p.kind == Kind::Sylvar) {
            if let (Some(side), Some(sq)) = (
                p.side,
                b.layout
                    .square(p.board, i16::from(p.file), i16::from(p.rank)),
            ) {
                sylvar_starts[side.index()].insert(sq);
            }
        }
        Position {
            cells: Box::new([None; super::board::SQUARES]),
            occ: [Set::EMPTY; 2],
            djinn: Set::EMPTY,
            returns: Vec::new(),
            to_move,
            ep: NONE,
            pending: None,
            ply: 0,
            ending: None,
            sylvar_starts,
        }
    }

    /// The piece on `sq`, if any (a Djinn is none).
    #[must_use]
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.cells[ix(sq)]
    }

    /// Whether a Djinn stands on `sq`.
    #[must_use]
    pub fn djinn_at(&self, sq: Sq) -> bool {
        self.djinn.has(sq)
    }

    /// Puts `piece` on `sq` (which must hold no piece).
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        self.cells[ix(sq)] = Some(piece);
        self.occ[piece.side.index()].insert(sq);
    }

    /// Puts a Djinn on `sq`.
    pub fn put_djinn(&mut self, sq: Sq) {
        self.djinn.insert(sq);
    }

    fn take(&mut self, sq: Sq) -> Option<Piece> {
        let p = self.cells[ix(sq)].take()?;
        self.occ[p.side.index()].remove(sq);
        Some(p)
    }

    fn take_return(&mut self, sq: Sq) -> Option<Sq> {
        let i = self.returns.iter().position(|&(s, _)| s == sq)?;
        Some(self.returns.remove(i).1)
    }

    fn add_return(&mut self, sq: Sq, ret: Sq) {
        self.returns.push((sq, ret));
        self.returns.sort_unstable();
    }

    /// The side to move (or to make the pending choice).
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// How the game ended, if it did.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The pending choice, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The return squares of the pieces on the Astral board.
    #[must_use]
    pub fn returns(&self) -> &[(Sq, Sq)] {
        &self.returns
    }

    /// Whether the piece on `sq` is frozen: a Ground piece over an enemy
    /// Basilisk (ruling `the-game.basilisk-freeze`).
    #[must_use]
    pub fn frozen(&self, sq: Sq) -> bool {
        let b = Boards::get();
        let Some(p) = self.at(sq) else { return false };
        if b.realm(sq) != Realm::Ground {
            return false;
        }
        let below = b.down[ix(sq)];
        below != NONE
            && self
                .at(below)
                .is_some_and(|q| q.kind == Kind::Basilisk && q.side != p.side)
    }

    /// The squares `p` on `from` may move to only (if empty), capture on only
    /// (if an enemy's), and either: `[move, capture, both]`.
    fn piece_targets(&self, p: Piece, from: Sq) -> [Set; 3] {
        let b = Boards::get();
        let f = ix(from);
        let blockers = self.occ[0] | self.occ[1] | self.djinn;
        let gold = p.side == GOLD;
        // Forward is north for Gold, south for Silver: indices into DIRECTIONS.
        let (fwd, back, fwd_diag) = if gold { (0, 1, [4, 5]) } else { (1, 0, [6, 7]) };
        let step = |d: usize| one(b.step[d][f]);
        let steps = |ds: &[usize]| ds.iter().fold(Set::EMPTY, |s, &d| s | one(b.step[d][f]));
        let two = |d: usize| b.two(from, d, blockers).map_or(Set::EMPTY, Set::single);
        let twos = |ds: &[usize]| ds.iter().fold(Set::EMPTY, |s, &d| s | two(d));
        let rays = |ds: std::ops::Range<usize>| {
            ds.fold(Set::EMPTY, |s, d| s | b.ray_to(from, d, blockers))
        };
        let (up, down) = (one(b.up[f]), one(b.down[f]));
        let (orth, diag) = (&[0, 1, 2, 3][..], &[4, 5, 6, 7][..]);
        let realm = b.realm(from);
        let none = Set::EMPTY;
        // The ArchMagus on a Mana or the Astral board: one square any way and
        // the teleport to any square but an Emperor's (rulings
        // the-game.teleport-targets, the-game.astral-moves).
        if p.kind == Kind::ArchMagus && matches!(realm, Realm::Mana | Realm::Astral) {
            let emperors = self.emperors();
            return [none, none, b.all.minus(emperors)];
        }
        // Any other piece on the Astral board: one square any way, and from a
        // square between the Djinn any number along a line (rulings
        // the-game.astral-moves, the-game.djinn-lines, the-game.djinn-squares).
        if realm == Realm::Astral {
            let lines = if b.djinn_lines.has(from) {
                rays(0..8)
            } else {
                none
            };
            return [none, none, b.king[f] | lines];
        }
        let (sky, ground, cavern) = (
            realm == Realm::Sky,
            realm == Realm::Ground,
            realm == Realm::Cavern,
        );
        match p.kind {
            // Dragon: the Queen on the Sky and down to the nine squares
            // below; the King on the Ground and back up to the nine above.
            Kind::Dragon if sky => [none, none, rays(0..8) | b.nine_down[f]],
            Kind::Dragon if ground => [none, none, b.king[f] | b.nine_up[f]],
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
                [none, none, b.zebra[f] | drop]
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
                [none, none, steps(diag) | rise]
            }
            // Eagle: the Rook and the King; Phoenix: the Bishop and the King;
            // down to the square below; on the Ground only back up.
            Kind::Eagle if sky => [none, none, rays(0..4) | b.king[f] | down],
            Kind::Phoenix if sky => [none, none, rays(4..8) | b.king[f] | down],
            Kind::Eagle | Kind::Phoenix | Kind::Sylvar if ground => [none, none, up],
            // Sylvar: moves diagonally forward, captures straight forward
            // and straight down; from the far rank back to a starting square.
            Kind::Sylvar if sky => {
                let far = if gold {
                    b.spec.boards[b.sky].ranks - 1
                } else {
                    0
                };
                let home = if b.coord[f].1 == far {
                    self.sylvar_starts[p.side.index()]
                } else {
                    none
                };
                [steps(&fwd_diag) | home, step(fwd) | down, none]
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
                [steps(diag), none, steps(orth) | twos(orth) | rise]
            }
            Kind::Elemental if ground => {
                let below = b.down[f];
                let sink = if below == NONE || blockers.has(below) {
                    none
                } else {
                    orth.iter()
                        .fold(none, |s, &d| s | one(b.step[d][ix(below)]))
                };
                [none, none, steps(orth) | sink]
            }
            // Basilisk: the three squares in front and the one behind.
            Kind::Basilisk if cavern => [none, none, steps(&[fwd, back]) | steps(&fwd_diag)],
            // Org: diagonally forward and straight back; moves only one
            // forward or one or two sideways; straight up. On the Ground:
            // moves only one forward or back, diagonally forward, straight down.
            Kind::Org if cavern => [
                steps(&[fwd, 2, 3]) | twos(&[2, 3]),
                none,
                steps(&fwd_diag) | step(back) | up,
            ],
            Kind::Org if ground => [steps(&[fwd, back]), none, steps(&fwd_diag) | down],
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
                    two(fwd) | rise
                } else {
                    down
                };
                [steps(diag), step(back), steps(&[fwd, 2, 3]) | extra]
            }
            // Dwarf (ruling the-game.dwarf): moves one forward or sideways,
            // captures one diagonally forward; up only capturing, down only moving.
            Kind::Dwarf if cavern => [steps(&[fwd, 2, 3]), steps(&fwd_diag) | up, none],
            Kind::Dwarf if ground => [steps(&[fwd, 2, 3]) | down, steps(&fwd_diag), none],
            // Emperor: the King on the Ground, straight up or down; off the
            // Ground only back.
            Kind::Emperor if ground => [none, none, b.king[f] | up | down],
            Kind::Emperor if sky => [none, none, down],
            Kind::Emperor if cavern => [none, none, up],
            // Wizard: the Queen on the Ground, the King on the Sky and the
            // Cavern; straight up or down.
            Kind::Wizard if ground => [none, none, rays(0..8) | up | down],
            Kind::Wizard => [none, none, b.king[f] | up | down],
            // Avatar: moves one, captures two away, either three away,
            // leaping along the eight lines (ruling the-game.avatar-lines);
            // straight up or down.
            Kind::Avatar => [b.king[f], b.line2[f], b.line3[f] | up | down],
            // Æmur: moves one or two horizontally or vertically, captures one
            // or two diagonally, never leaping; one square on the Cavern
            // (ruling the-game.split-movers-limited); down and back up.
            Kind::Aemur if ground => [steps(orth) | twos(orth), steps(diag) | twos(diag), down],
            Kind::Aemur if cavern => [steps(orth), steps(diag), up],
            // Krargog: the Æmur's mirror, up to the Sky and back down (ruling
            // the-game.krargog-return).
            Kind::Krargog if ground => [steps(diag) | twos(diag), steps(orth) | twos(orth), up],
            Kind::Krargog if sky => [steps(diag), steps(orth), down],
            // Mithyari: within two squares, leaping, and the fields above and
            // below (ruling the-game.mithyari-field).
            Kind::Mithyari => [none, none, b.mithyari[f]],
            // Cleric, Knight, Fortress: the Bishop, the Knight, the Rook.
            Kind::Cleric if ground => [none, none, rays(4..8)],
            Kind::Knight if ground => [none, none, b.knight[f]],
            Kind::Fortress if ground => [none, none, rays(0..4)],
            // Assassin: the King on every board of the stack, up or down.
            Kind::Assassin => [none, none, b.king[f] | up | down],
            // Nightblade and Paladin: the Knight with the Bishop or the Rook
            // on the Ground, the King elsewhere; up or down.
            Kind::Nightblade if ground => [none, none, b.knight[f] | rays(4..8) | up | down],
            Kind::Paladin if ground => [none, none, b.knight[f] | rays(0..4) | up | down],
            Kind::Nightblade | Kind::Paladin => [none, none, b.king[f] | up | down],
            // Cavalier (ruling the-game.cavalier): the King (and the Knight
            // on the Ground), and its leaps between boards.
            Kind::Cavalier => {
                let knight = if ground { b.knight[f] } else { none };
                [none, none, b.king[f] | knight | b.cavalier[f]]
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
                    two(fwd)
                } else {
                    none
                };
                [step(fwd) | double, steps(&fwd_diag), none]
            }
            // ArchMagus on the stack: the 26 directions (ruling the-game.archmagus-lines).
            Kind::ArchMagus => [
                none,
                none,
                (0..26).fold(none, |s, d| s | b.ray3_to(from, d, blockers)),
            ],
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
            | Kind::Djinn => [none; 3],
        }
    }

    /// The squares of both Emperors.
    fn emperors(&self) -> Set {
        let mut s = Set::EMPTY;
        for side in [GOLD, SILVER] {
            for sq in self.occ[side.index()].iter::<Sq>() {
                if self.at(sq).is_some_and(|p| p.kind == Kind::Emperor) {
                    s.insert(sq);
                }
            }
        }
        s
    }

    /// Writes every legal action into `out` (cleared first), in a
    /// deterministic order: by piece square, then target square.
    pub fn legal(&self, out: &mut Vec<Action>) {
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
        let own = self.occ[us.index()];
        let enemy = self.occ[us.opponent().index()];
        let empty = b.all.minus(own | enemy);
        for from in own.iter::<Sq>() {
            let Some(p) = self.at(from) else { continue };
            if self.frozen(from) {
                continue;
            }
            let [mv, cap, both] = self.piece_targets(p, from);
            let mut targets = ((mv | both) & empty) | ((cap | both) & enemy);
            if p.kind == Kind::Warrior
                && self.ep != NONE
                && cap.has(self.ep)
                && b.realm(from) == Realm::Ground
            {
                let victim = b.step[if us == GOLD { 1 } else { 0 }][ix(self.ep)];
                out.push(Action {
                    tag: Tag::EnPassant,
                    from,
                    to: self.ep,
                    aux: victim,
                });
                targets.remove(self.ep);
            }
            let far = if us == GOLD {
                b.spec.boards[b.ground].ranks - 1
            } else {
                0
            };
            for to in targets.iter::<Sq>() {
                if p.kind == Kind::Warrior
                    && b.realm(to) == Realm::Ground
                    && b.coord[ix(to)].1 == far
                {
                    for k in promotions() {
                        out.push(Action {
                            tag: Tag::Promote,
                            from,
                            to,
                            aux: k as u16,
                        });
                    }
                    continue;
                }
                out.push(Action {
                    tag: Tag::Go,
                    from,
                    to,
                    aux: 0,
                });
                // The Dragon's strike (ruling the-game.dragon-strike).
                if p.kind == Kind::Dragon
                    && b.realm(from) == Realm::Sky
                    && b.realm(to) == Realm::Sky
                {
                    for s in (b.nine_down[ix(to)] & enemy).iter::<Sq>() {
                        out.push(Action {
                            tag: Tag::Strike,
                            from,
                            to,
                            aux: s,
                        });
                    }
                }
            }
        }
    }

    /// Applies `a`, which must be legal.
    pub fn apply(&mut self, a: Action) {
        let b = Boards::get();
        self.ply += 1;
        match a.tag {
            Tag::Kill => self.end_turn(),
            Tag::Send => {
                if let Some(p) = self.pending {
                    self.put(a.to, p.piece);
                    self.add_return(a.to, p.ret);
                }
                self.end_turn();
            }
            Tag::Return => {
                if let Some(p) = self.pending {
                    self.put(p.ret, p.piece);
                }
                self.end_turn();
            }
            Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => {
                let Some(mut p) = self.take(a.from) else {
                    return;
                };
                let kept = self.take_return(a.from);
                let captured = self.take(a.to);
                let captured_ret = self.take_return(a.to);
                let mut emperor = captured.is_some_and(|c| c.kind == Kind::Emperor);
                if matches!(a.tag, Tag::Strike | Tag::EnPassant) {
                    emperor |= self.take(a.aux).is_some_and(|c| c.kind == Kind::Emperor);
                }
                if a.tag == Tag::Promote {
                    p.kind = Kind::ALL[usize::from(a.aux)];
                }
                self.put(a.to, p);
                if let (Some(r), Realm::Astral) = (kept, b.realm(a.to)) {
                    self.add_return(a.to, r);
                }
                let double = p.kind == Kind::Warrior
                    && a.tag == Tag::Go
                    && b.realm(a.from) == Realm::Ground
                    && b.coord[ix(a.from)].1.abs_diff(b.coord[ix(a.to)].1) == 2;
                self.ep = if double {
                    b.step[if p.side == GOLD { 0 } else { 1 }][ix(a.from)]
                } else {
                    NONE
                };
                if emperor {
                    self.ending = Some(Ending::EmperorCaptured(p.side));
                    return;
                }
                let from_realm = b.realm(a.from);
                if let (Kind::ArchMagus, Realm::Mana | Realm::Astral, Some(c)) =
                    (p.kind, from_realm, captured)
                {
                    let ret = captured_ret.unwrap_or(a.to);
                    let pending = if from_realm == Realm::Astral {
                        let free = captured_ret.is_some() && self.at(ret).is_none();
                        free.then_some(Pending {
                            from_astral: true,
                            piece: c,
                            ret,
                        })
                    } else {
                        let free =
                            b.of_realm[Realm::Astral as usize].minus(self.occ[0] | self.occ[1]);
                        (!free.is_empty()).then_some(Pending {
                            from_astral: false,
                            piece: c,
                            ret,
                        })
                    };
                    if pending.is_some() {
                        self.pending = pending;
                        self.check_end();
                        return;
                    }
                }
                self.end_turn();
            }
        }
    }

    fn end_turn(&mut self) {
        self.pending = None;
        self.to_move = self.to_move.opponent();
        self.check_end();
    }

    fn check_end(&mut self) {
        if self.ply >= PLY_BOUND {
            self.ending = Some(Ending::PlyBound);
            return;
        }
        let mut scratch = Vec::new();
        self.legal(&mut scratch);
        if scratch.is_empty() {
            self.ending = Some(Ending::Stalemate);
        }
    }

    /// `a` in the game's notation: `SG1-SH1`, `SD2xSI7`, `SG1-SG3xGH4` (a
    /// Dragon's strike), `GC7-GC8=Q`, `kill`, `send AD4`, `return`.
    #[must_use]
    pub fn action_text(&self, a: Action) -> String {
        let b = Boards::get();
        let name = |sq: Sq| b.layout.name(sq).to_string();
        match a.tag {
            Tag::Kill => "kill".to_owned(),
            Tag::Return => "return".to_owned(),
            Tag::Send => format!("send {}", name(a.to)),
            Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => {
                let x = if self.at(a.to).is_some() || a.tag == Tag::EnPassant {
                    'x'
                } else {
                    '-'
                };
                let mut s = format!("{}{x}{}", name(a.from), name(a.to));
                if a.tag == Tag::Strike {
                    s.push('x');
                    s.push_str(&name(a.aux));
                }
                if a.tag == Tag::Promote {
                    s.push('=');
                    s.push(Kind::ALL[usize::from(a.aux)].letter());
                }
                s
            }
        }
    }
}
