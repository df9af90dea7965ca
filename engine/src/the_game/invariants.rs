//! The Game's invariants, checked after every step of a simulation: every
//! piece on a board it may stand on, one piece a square (a Djinn's square
//! shared only with a Djinn), the Djinn on the Astral board, every piece sent
//! to the Astral board keeping its return square, pieces counted by captures
//! and returns, and no frozen piece moved (seed 001, Basilisk: "The frozen
//! piece cannot move until the Basilisk is moved from underneath it").

use super::board::{Boards, NONE, SQUARES, Sq};
use super::kinds::{Kind, Realm};
use super::position::{PLY_BOUND, Piece, Position};
use super::setup::side_name;
use crate::core::{InvariantError, Side};

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
    // The cells and the sets agree: as many pieces on the cells as in the
    // sets, and each square of a side's set holds one of its pieces.
    let on_cells = pos.cells.iter().filter(|c| c.is_some()).count() as u32;
    let seen = [pos.occ[0].count(), pos.occ[1].count()];
    if on_cells != seen[0] + seen[1] {
        return broken(format!(
            "the cells hold {on_cells} pieces, the sets {seen:?}"
        ));
    }
    let mut emperors = [NONE; 2];
    for side in [Side::Green, Side::Red] {
        for sq in pos.occ[side.index()].iter::<Sq>() {
            let Some(p) = pos.at(sq).filter(|p| p.side == side) else {
                return broken(format!(
                    "{} is in {}'s set but holds no piece of it",
                    name(sq),
                    side_name(side)
                ));
            };
            let realm = b.realm(sq);
            if p.kind == Kind::Djinn || !p.kind.may_stand(realm) {
                return broken(format!(
                    "a {} {} stands on {}, a board it may not stand on",
                    side_name(p.side),
                    p.kind,
                    name(sq)
                ));
            }
            if p.kind == Kind::Emperor {
                if emperors[side.index()] != NONE {
                    return broken(format!("{} has two Emperors", side_name(side)));
                }
                emperors[side.index()] = sq;
            }
            if realm == Realm::Astral
                && p.kind != Kind::ArchMagus
                && !pos.returns.iter().any(|&(s, _)| s == sq)
            {
                return broken(format!(
                    "the {} on {} was sent to the Astral board but has no return square",
                    p.kind,
                    name(sq)
                ));
            }
        }
    }
    if emperors != pos.kings {
        return broken("the Emperors' squares are not where the Emperors stand".to_owned());
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
