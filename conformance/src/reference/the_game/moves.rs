//! The reference model's one predicate per kind of piece and board: whether a
//! piece may move or capture from one square to another, each arm citing the
//! seed's paragraph (seed 001, Piece Movements) and the rulings it follows.

// One branch a rule of the seed, even where two rules give the same answer.
#![allow(clippy::if_same_then_else)]

use super::{Mode, Piece, RefGame, Sq};

fn king(df: i32, dr: i32) -> bool {
    df.abs().max(dr.abs()) == 1
}

fn knight(df: i32, dr: i32) -> bool {
    (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1)
}

fn orth(df: i32, dr: i32, n: i32) -> bool {
    (df == 0 && dr.abs() == n) || (dr == 0 && df.abs() == n)
}

fn diag(df: i32, dr: i32, n: i32) -> bool {
    df.abs() == n && dr.abs() == n
}

fn both(ok: bool) -> Mode {
    if ok { Mode::Both } else { Mode::No }
}

fn only(ok: bool, mode: Mode) -> Mode {
    if ok { mode } else { Mode::No }
}

impl RefGame {
    fn rook_line(&self, from: Sq, to: Sq) -> bool {
        let (df, dr) = (to.1 - from.1, to.2 - from.2);
        (df == 0) != (dr == 0) && self.clear(from, to)
    }

    fn bishop_line(&self, from: Sq, to: Sq) -> bool {
        let (df, dr) = (to.1 - from.1, to.2 - from.2);
        df != 0 && df.abs() == dr.abs() && self.clear(from, to)
    }

    /// What `p` on `from` may do on `to`, before the test of what stands on
    /// `to` (a friend: nothing; an enemy: a capture; empty: a move).
    pub(super) fn mode(&self, p: Piece, from: Sq, to: Sq) -> Mode {
        if from == to {
            return Mode::No;
        }
        // The ArchMagus on a Mana or the Astral board: one square any way,
        // and the teleport to any square of any board but an Emperor's
        // (rulings the-game.teleport-targets, the-game.astral-moves).
        if p.letter == 'Q' && (self.is_mana(from.0) || from.0 == self.astral) {
            let emperor = self.pieces.get(&to).is_some_and(|q| q.letter == 'K');
            return both(!emperor);
        }
        if from.0 == self.astral {
            return self.astral_mode(from, to);
        }
        let (Some(lf), Some(lt)) = (self.level(from.0), self.level(to.0)) else {
            return Mode::No;
        };
        let (dl, df, dr) = (lt - lf, to.1 - from.1, to.2 - from.2);
        let fwd = if p.gold { 1 } else { -1 };
        let same = dl == 0;
        let straight_up_down = dl.abs() == 1 && df == 0 && dr == 0;
        let (sky, ground, cavern) = (lf == 1, lf == 0, lf == -1);
        match p.letter {
            // Dragon: on the Sky the Queen, and to the nine Ground squares
            // below; on the Ground the King, and back to the nine above.
            'D' if sky => both(
                (same && (self.rook_line(from, to) || self.bishop_line(from, to)))
                    || (dl == -1 && df.abs() <= 1 && dr.abs() <= 1),
            ),
            'D' if ground => {
                both((same && king(df, dr)) || (dl == 1 && df.abs() <= 1 && dr.abs() <= 1))
            }
            // Gryphon: the (3,2) leap on the Sky (ruling the-game.gryphon-leap),
            // down to the square below or its four diagonals; on the Ground
            // one square diagonally, and back up the same way.
            'G' if sky => both(
                (same && ((df.abs(), dr.abs()) == (3, 2) || (df.abs(), dr.abs()) == (2, 3)))
                    || (dl == -1 && df.abs() == dr.abs() && df.abs() <= 1),
            ),
            'G' if ground => both(
                (same && diag(df, dr, 1)) || (dl == 1 && df.abs() == dr.abs() && df.abs() <= 1),
            ),
            // Eagle: the Rook and the King on the Sky, down to the square
            // below; on the Ground only back up.
            'E' if sky => both(
                (same && (self.rook_line(from, to) || king(df, dr)))
                    || (dl == -1 && df == 0 && dr == 0),
            ),
            'E' | 'P' if ground => both(dl == 1 && df == 0 && dr == 0),
            // Phoenix: the Bishop and the King on the Sky, down to the square below.
            'P' if sky => both(
                (same && (self.bishop_line(from, to) || king(df, dr)))
                    || (dl == -1 && df == 0 && dr == 0),
            ),
            // Sylvar: one square diagonally forward to an empty square, a
            // capture straight forward, a capture straight down; from the far
            // rank back to an empty starting square (ruling
            // the-game.sylvar-return); on the Ground only back up.
            'S' if sky => {
                let far = if p.gold { 7 } else { 0 };
                let starts = &self.sylvar_starts[usize::from(!p.gold)];
                if same && from.2 == far && starts.contains(&to) {
                    Mode::Move
                } else if same && df.abs() == 1 && dr == fwd {
                    Mode::Move
                } else if same && df == 0 && dr == fwd {
                    Mode::Capture
                } else {
                    only(dl == -1 && df == 0 && dr == 0, Mode::Capture)
                }
            }
            'S' if ground => both(dl == 1 && df == 0 && dr == 0),
            // Elemental: one or two squares horizontally or vertically (over
            // an empty square, ruling the-game.elemental-steps), one square
            // diagonally without capturing; up by one step across to an empty
            // square then up; on the Ground one square horizontally or
            // vertically, and down by the reverse (ruling the-game.elemental-return).
            'L' if cavern => {
                if same && (orth(df, dr, 1) || (orth(df, dr, 2) && self.clear(from, to))) {
                    Mode::Both
                } else if same && diag(df, dr, 1) {
                    Mode::Move
                } else {
                    both(dl == 1 && orth(df, dr, 1) && self.empty_sq((self.cavern, to.1, to.2)))
                }
            }
            'L' if ground => both(
                (same && orth(df, dr, 1))
                    || (dl == -1
                        && orth(df, dr, 1)
                        && self.empty_sq((self.cavern, from.1, from.2))),
            ),
            // Basilisk: the three squares in front and the one behind, on the Cavern.
            'B' if cavern => {
                both(same && ((df.abs() <= 1 && dr == fwd) || (df == 0 && dr == -fwd)))
            }
            // Org: captures or moves diagonally forward and straight back;
            // moves only one forward or one or two sideways; up and down
            // straight, capturing; on the Ground moves one forward or back,
            // captures or moves diagonally forward.
            'O' if cavern => {
                if same && ((df.abs() == 1 && dr == fwd) || (df == 0 && dr == -fwd)) {
                    Mode::Both
                } else if same
                    && ((df == 0 && dr == fwd)
                        || (dr == 0 && df.abs() == 1)
                        || (dr == 0 && df.abs() == 2 && self.clear(from, to)))
                {
                    Mode::Move
                } else {
                    both(straight_up_down && dl == 1)
                }
            }
            'O' if ground => {
                if same && df == 0 && dr.abs() == 1 {
                    Mode::Move
                } else {
                    both((same && df.abs() == 1 && dr == fwd) || (straight_up_down && dl == -1))
                }
            }
            // Amochal: one or two forward and one sideways; moves only one
            // diagonally; captures only one straight back; up by one step
            // forward to an empty square then up; on the Ground the same with
            // one forward only, and straight down (ruling the-game.amochal-descent).
            'A' if cavern || ground => {
                // `same` first: `clear` walks `from`'s board towards `to`,
                // and never reaches a square of another board.
                let two = cavern && same && df == 0 && dr == 2 * fwd && self.clear(from, to);
                if same && ((df == 0 && dr == fwd) || two || (dr == 0 && df.abs() == 1)) {
                    Mode::Both
                } else if same && diag(df, dr, 1) {
                    Mode::Move
                } else if same && df == 0 && dr == -fwd {
                    Mode::Capture
                } else if cavern {
                    both(
                        dl == 1 && df == 0 && dr == fwd && self.empty_sq((self.cavern, to.1, to.2)),
                    )
                } else {
                    both(straight_up_down && dl == -1)
                }
            }
            // Dwarf (ruling the-game.dwarf, Gygax's): moves one forward or
            // sideways, captures one diagonally forward; up only capturing,
            // down only moving.
            'Y' if cavern || ground => {
                if same && ((df == 0 && dr == fwd) || (dr == 0 && df.abs() == 1)) {
                    Mode::Move
                } else if same && df.abs() == 1 && dr == fwd {
                    Mode::Capture
                } else if straight_up_down && cavern && dl == 1 {
                    Mode::Capture
                } else {
                    only(straight_up_down && ground && dl == -1, Mode::Move)
                }
            }
            // Emperor: the King on the Ground, straight up or down; off the
            // Ground only back.
            'K' if ground => both((same && king(df, dr)) || straight_up_down),
            'K' => both(straight_up_down && lt == 0),
            // Wizard: the Queen on the Ground, the King on the Sky and the
            // Cavern; straight up or down.
            'Z' if ground => both(
                (same && (self.rook_line(from, to) || self.bishop_line(from, to)))
                    || straight_up_down,
            ),
            'Z' => both((same && king(df, dr)) || straight_up_down),
            // Avatar, on every board of the stack: moves only one square,
            // captures only two squares away, either three squares away,
            // along the eight lines, leaping (ruling the-game.avatar-lines);
            // straight up or down.
            'V' => {
                let line = df == 0 || dr == 0 || df.abs() == dr.abs();
                let n = df.abs().max(dr.abs());
                if same && line && n == 1 {
                    Mode::Move
                } else if same && line && n == 2 {
                    Mode::Capture
                } else {
                    both((same && line && n == 3) || straight_up_down)
                }
            }
            // Æmur: on the Ground moves one or two horizontally or
            // vertically, captures one or two diagonally, never leaping; on
            // the Cavern the same limited to one square (ruling
            // the-game.split-movers-limited); down and back up straight.
            'U' if ground || cavern => {
                if same && (orth(df, dr, 1) || (ground && orth(df, dr, 2) && self.clear(from, to)))
                {
                    Mode::Move
                } else if same
                    && (diag(df, dr, 1) || (ground && diag(df, dr, 2) && self.clear(from, to)))
                {
                    Mode::Capture
                } else {
                    both(straight_up_down && (if ground { dl == -1 } else { dl == 1 }))
                }
            }
            // Krargog: the Æmur's mirror, up to the Sky and back (ruling
            // the-game.krargog-return).
            'R' if ground || sky => {
                if same && (diag(df, dr, 1) || (ground && diag(df, dr, 2) && self.clear(from, to)))
                {
                    Mode::Move
                } else if same
                    && (orth(df, dr, 1) || (ground && orth(df, dr, 2) && self.clear(from, to)))
                {
                    Mode::Capture
                } else {
                    both(straight_up_down && (if ground { dl == 1 } else { dl == -1 }))
                }
            }
            // Mithyari: any square within two, leaping, and the same field
            // on the board above and below (ruling the-game.mithyari-field).
            'M' => both(dl.abs() <= 1 && df.abs() <= 2 && dr.abs() <= 2),
            // Cleric, Knight, Fortress: the Bishop, the Knight, the Rook, on the Ground only.
            'C' if ground => both(same && self.bishop_line(from, to)),
            'N' if ground => both(same && knight(df, dr)),
            'F' if ground => both(same && self.rook_line(from, to)),
            // Assassin: the King on every board of the stack, straight up or down.
            'T' => both((same && king(df, dr)) || straight_up_down),
            // Nightblade and Paladin: the Knight with the Bishop or the Rook
            // on the Ground, the King on the Sky and the Cavern; straight up
            // or down.
            'H' if ground => {
                both((same && (knight(df, dr) || self.bishop_line(from, to))) || straight_up_down)
            }
            'I' if ground => {
                both((same && (knight(df, dr) || self.rook_line(from, to))) || straight_up_down)
            }
            'H' | 'I' => both((same && king(df, dr)) || straight_up_down),
            // Cavalier: the King and the Knight on the Ground, the King on the
            // Sky and the Cavern (ruling the-game.cavalier); one board up or
            // down and two squares across, or two boards and one square,
            // leaping.
            'X' => both(
                (same && (king(df, dr) || (ground && knight(df, dr))))
                    || (dl.abs() == 1 && orth(df, dr, 2))
                    || (dl.abs() == 2 && orth(df, dr, 1)),
            ),
            // Warrior: the Pawn of regular chess, on the Ground (ruling
            // the-game.warrior-pawn; en passant is added by the generator).
            'W' if ground => {
                let start = if p.gold { 1 } else { 6 };
                if same && df == 0 && dr == fwd {
                    Mode::Move
                } else if same
                    && df == 0
                    && dr == 2 * fwd
                    && from.2 == start
                    && self.clear(from, to)
                {
                    Mode::Move
                } else {
                    only(same && df.abs() == 1 && dr == fwd, Mode::Capture)
                }
            }
            // ArchMagus on the stack: any number of empty squares in any of
            // the 26 directions (ruling the-game.archmagus-lines).
            'Q' => {
                let n = dl.abs().max(df.abs()).max(dr.abs());
                let unit = |d: i32| d == 0 || d.abs() == n;
                if !(unit(dl) && unit(df) && unit(dr)) {
                    return Mode::No;
                }
                for k in 1..n {
                    let b = self.at_level(lf + k * dl.signum()).unwrap();
                    if !self.empty_sq((b, from.1 + k * df.signum(), from.2 + k * dr.signum())) {
                        return Mode::No;
                    }
                }
                Mode::Both
            }
            // Every other kind on a board where the text gives it no move
            // (ruling the-game.board-changes), and the Djinn.
            _ => Mode::No,
        }
    }

    /// Any piece but the ArchMagus on the Astral board: one square any way,
    /// and from a square between the Djinn any number of empty squares along
    /// a line (rulings the-game.astral-moves, the-game.djinn-lines,
    /// the-game.djinn-squares).
    fn astral_mode(&self, from: Sq, to: Sq) -> Mode {
        if to.0 != self.astral {
            return Mode::No;
        }
        let (df, dr) = (to.1 - from.1, to.2 - from.2);
        let line = df == 0 || dr == 0 || df.abs() == dr.abs();
        both(king(df, dr) || (line && self.on_djinn_line(from) && self.clear(from, to)))
    }
}
