//! The Game's invariants, checked after every step of a simulation: every
//! piece on a board it may stand on, one piece a square (a Djinn's square
//! shared only with a Djinn), the Djinn on the Astral board, every piece sent
//! to the Astral board keeping its return square, pieces counted by captures
//! and returns, and no frozen piece moved (seed 001, Basilisk: "The frozen
//! piece cannot move until the Basilisk is moved from underneath it").

use super::board::{Boards, NONE, SQUARES, Sq};
use super::kinds::{Kind, Realm};
use super::position::{EMPTY, PLY_BOUND, Piece, Position};
use super::setup::side_name;
use crate::core::{InvariantError, Side};

/// The realms a piece may stand on, by its [`Piece::code`], as bits of
/// `Realm as u8` ([`Kind::may_stand`]); none for a Djinn, which is no piece
/// of a side, and for a code of no piece.
const STAND: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut code = 0;
    while code < 2 * Kind::ALL.len() {
        let kind = Kind::ALL[code / 2];
        let mut r = 0;
        while r < Realm::ALL.len() {
            if !matches!(kind, Kind::Djinn) && kind.may_stand(Realm::ALL[r]) {
                table[code] |= 1 << r;
            }
            r += 1;
        }
        code += 1;
    }
    table
};

/// [`STAND`] for the pieces of each side only, by `Side::index`: none for
/// an empty cell or the other side's piece.
const OWN_STAND: [[u8; 256]; 2] = {
    let mut table = [[0u8; 256]; 2];
    let mut code = 0;
    while code < 256 {
        table[code & 1][code] = STAND[code];
        code += 1;
    }
    table
};

fn broken(text: String) -> Result<(), InvariantError> {
    Err(InvariantError(text))
}

/// Checks `pos` against the boards and `counts`, each side's pieces by the
/// captures and returns since the start.
pub(super) fn check(pos: &Position, counts: [u32; 2]) -> Result<(), InvariantError> {
    let b = Boards::get();
    let name = |sq: Sq| b.layout.name(sq).to_string();
    if pos.occ[0].meets(pos.occ[1]) {
        return broken("a square is in both sides' sets".to_owned());
    }
    if !pos.occ[0].minus(b.all).is_empty() || !pos.occ[1].minus(b.all).is_empty() {
        return broken("a side's set holds a square beyond the boards".to_owned());
    }
    // The cells and the sets agree: each side has as many pieces on the
    // cells as in its set (one pass over the cells' bytes: a piece's code is
    // odd for Gold, the empty cell's even), and each square of a side's set
    // holds one of its pieces.
    // Counted in bytes a run of at most 255 cells, so that the counts add
    // up sixteen cells an instruction.
    let (mut on_cells, mut gold_on_cells) = (0u32, 0u32);
    for run in pos.cells.chunks(255) {
        let (mut pieces, mut gold) = (0u8, 0u8);
        for &c in run {
            pieces += u8::from(c != EMPTY);
            gold += c & 1;
        }
        on_cells += u32::from(pieces);
        gold_on_cells += u32::from(gold);
    }
    let seen = [pos.occ[0].count(), pos.occ[1].count()];
    if [on_cells - gold_on_cells, gold_on_cells] != seen {
        return broken(format!(
            "the cells hold {on_cells} pieces ({gold_on_cells} Gold), the sets {seen:?}"
        ));
    }
    for side in [Side::Green, Side::Red] {
        let i = side.index();
        let emperor = Piece {
            kind: Kind::Emperor,
            side,
        }
        .code();
        let mut fault = None;
        pos.occ[i].for_each(|sq: Sq| {
            let c = pos.cells[usize::from(sq)];
            if OWN_STAND[i][usize::from(c)] & (1 << b.realm(sq) as u8) == 0 && fault.is_none() {
                fault = Some(if c == EMPTY || usize::from(c & 1) != i {
                    format!(
                        "{} is in {}'s set but holds no piece of it",
                        name(sq),
                        side_name(side)
                    )
                } else {
                    let kind = Piece::decode(c).map_or(Kind::Djinn, |p| p.kind);
                    format!(
                        "a {} {} stands on {}, a board it may not stand on",
                        side_name(side),
                        kind,
                        name(sq)
                    )
                });
            }
            if c == emperor && sq != pos.kings[i] && fault.is_none() {
                fault = Some("the Emperors' squares are not where the Emperors stand".to_owned());
            }
        });
        if let Some(text) = fault {
            return broken(text);
        }
        for sq in (pos.occ[i] & b.of_realm[Realm::Astral as usize]).iter::<Sq>() {
            let c = pos.cells[usize::from(sq)];
            if c >> 1 != Kind::ArchMagus as u8 && !pos.returns.iter().any(|&(s, _)| s == sq) {
                let kind = Piece::decode(c).map_or(Kind::Djinn, |p| p.kind);
                return broken(format!(
                    "the {} on {} was sent to the Astral board but has no return square",
                    kind,
                    name(sq)
                ));
            }
        }
        // Every Emperor of the side stands on its Emperor's square (so it has
        // at most one), and that square holds it.
        let king = pos.kings[i];
        if king != NONE && (usize::from(king) >= SQUARES || pos.cells[usize::from(king)] != emperor)
        {
            return broken("the Emperors' squares are not where the Emperors stand".to_owned());
        }
    }
    for sq in pos.djinn.iter::<Sq>() {
        if usize::from(sq) >= SQUARES || b.realm(sq) != Realm::Astral {
            return broken(format!("a Djinn off the Astral board on {}", name(sq)));
        }
    }
    for side in [Side::Green, Side::Red] {
        let i = side.index();
        if seen[i] != counts[i] {
            return broken(format!(
                "{} has {} pieces on the boards, but captures and returns leave {}",
                side_name(side),
                seen[i],
                counts[i]
            ));
        }
        if seen[i] > 71 {
            return broken(format!("{} has more than 71 pieces", side_name(side)));
        }
    }
    let mut last = None;
    for &(sq, ret) in &pos.returns {
        if last.is_some_and(|l| l >= sq) {
            return broken("the return squares are not sorted by square, once each".to_owned());
        }
        last = Some(sq);
        let Some(p) = pos.at(sq) else {
            return broken(format!(
                "{} keeps a return square but holds no piece",
                name(sq)
            ));
        };
        if b.realm(sq) != Realm::Astral {
            return broken(format!(
                "{} keeps a return square but is not on the Astral board",
                name(sq)
            ));
        }
        if !p.kind.may_stand(b.realm(ret)) {
            return broken(format!(
                "the {} on {} would return to {}, a board it may not stand on",
                p.kind,
                name(sq),
                name(ret)
            ));
        }
    }
    if let Some(p) = pos.pending
        && (p.piece.kind == Kind::Emperor || !p.piece.kind.may_stand(b.realm(p.ret)))
    {
        return broken(format!(
            "a pending choice for a {} from {}",
            p.piece.kind,
            name(p.ret)
        ));
    }
    if pos.ep != NONE && (b.realm(pos.ep) != Realm::Ground || pos.at(pos.ep).is_some()) {
        return broken(format!(
            "the en passant square {} is no empty Ground square",
            name(pos.ep)
        ));
    }
    if pos.ply > PLY_BOUND {
        return broken(format!("ply {} beyond the bound {PLY_BOUND}", pos.ply));
    }
    Ok(())
}

/// Checks that the last move, of `piece` from `from` (with `under` directly
/// below it before the move), was no frozen piece's: a piece on the Ground
/// over an enemy Basilisk cannot move (ruling `the-game.basilisk-freeze`).
pub(super) fn not_frozen(
    from: Sq,
    piece: Piece,
    under: Option<Piece>,
) -> Result<(), InvariantError> {
    let b = Boards::get();
    let frozen = b.realm(from) == Realm::Ground
        && under.is_some_and(|u| u.kind == Kind::Basilisk && u.side != piece.side);
    if frozen {
        return broken(format!(
            "the {} {} moved from {}, frozen by the Basilisk below it",
            side_name(piece.side),
            piece.kind,
            b.layout.name(from)
        ));
    }
    Ok(())
}
