//! Taking a piece off a game's set-up: the handicap of the Jewel Series'
//! Alternate bonus for winning Northern Light (seed 002, Further Notes on The Jewel
//! Series 2: "the opposing player in Crystal of Doom starts the game an Adjacent
//! down").

use super::board::piece_key;
use super::{KeyGame, Kind, Params};
use crate::core::{Bits, Side, Square};

impl<P: Params> KeyGame<P> {
    /// Takes `side`'s piece of `kind` on `sq` off the board before the game
    /// starts; the repetition history starts again at the new position.
    ///
    /// # Errors
    ///
    /// When no piece of `side` and `kind` stands on `sq`, or the game has begun
    /// (a move has been made): the state is then unchanged.
    pub fn remove_at_set_up(&mut self, side: Side, kind: Kind, sq: Square) -> Result<(), String> {
        if self.ply > 0 {
            return Err("the game has begun: pieces come off only at the set-up".into());
        }
        if kind.index() >= P::KINDS.len() || !self.board.pieces(side, kind).has(sq) {
            return Err(format!(
                "no {} of {side} on {}",
                P::KINDS.get(kind.index()).map_or("piece", |k| k.name(side)),
                P::GEOMETRY.name(sq)
            ));
        }
        self.board.toggle(side, kind, sq);
        self.hash ^= piece_key(side, kind, sq);
        self.history.reset(self.hash);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Game, Side};
    use crate::jewel::crystal::{Crystal, GEOMETRY};
    use crate::jewel::keysquare::Kind;

    #[test]
    fn an_adjacent_comes_off_the_set_up_and_the_hash_follows() {
        let mut g = Crystal::new(&Default::default());
        let d1 = GEOMETRY.at(3, 0);
        g.remove_at_set_up(Side::Red, Kind(1), d1).unwrap();
        assert_eq!(g.board().pieces(Side::Red, Kind(1)).count_ones(), 1);
        assert_eq!(g.hash(), g.recompute_hash());
        g.check_invariants().unwrap();
        let again = g.clone();
        assert!(g.remove_at_set_up(Side::Red, Kind(1), d1).is_err());
        assert_eq!(g, again);
        let back = Crystal::import(&g.export_string(), &Default::default()).unwrap();
        assert_eq!(back, g);
        let coin = g.parse_action("red-first").unwrap();
        g.play(coin).unwrap();
        let mv = g.parse_action("E2-E3").unwrap();
        g.play(mv).unwrap();
        let f1 = GEOMETRY.at(5, 0);
        assert!(g.remove_at_set_up(Side::Red, Kind(1), f1).is_err());
    }
}
