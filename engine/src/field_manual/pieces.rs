//! The eleven kinds of piece (seed 004, "Your army"; which description is whose:
//! ruling [`PIECES`](super::rulings::PIECES)).

use std::fmt;

/// A kind of piece. The manual's descriptions, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// "One square in any direction. Your King must stay safe throughout every move."
    King,
    /// "Move as an Archbishop (AB) or Royal Rook (RR), with one optional pivot. Use
    /// one style for the entire move; never combine them."
    Queen,
    /// "Jump exactly two squares in any direction, or swap with a friendly Squire.
    /// After swapping, the Prince may jump once more."
    Prince,
    /// "Move up to four clear squares horizontally, vertically, or diagonally. No pivot."
    Princess,
    /// "Move any number of clear squares horizontally or vertically."
    Rook,
    /// "Move like a Rook with one optional 90° pivot. Cannot jump or continue after a capture."
    RoyalRook,
    /// "Jump in an L: two squares one way and one square across. Intervening pieces do not matter."
    Knight,
    /// "Move any number of clear diagonal squares."
    Bishop,
    /// "Move like a Bishop with one optional 90° diagonal pivot. Always stays on the same square color."
    Archbishop,
    /// "Move one or two clear squares forward or backward. Capture one square
    /// diagonally forward. Does not promote."
    Pawn,
    /// "Move one square forward. Capture one square diagonally forward. Reach the far
    /// back row to restore a lost battle piece or Queen."
    Squire,
}

impl Kind {
    /// Every kind, in the manual's order.
    pub const ALL: [Kind; 11] = [
        Kind::King,
        Kind::Queen,
        Kind::Prince,
        Kind::Princess,
        Kind::Rook,
        Kind::RoyalRook,
        Kind::Knight,
        Kind::Bishop,
        Kind::Archbishop,
        Kind::Pawn,
        Kind::Squire,
    ];

    /// The kinds a Squire may restore, in the order a promotion lists them
    /// ("may restore an off-board Rook, Royal Rook, Knight, Bishop, Archbishop, or Queen").
    pub const RESTORABLE: [Kind; 6] = [
        Kind::Rook,
        Kind::RoyalRook,
        Kind::Knight,
        Kind::Bishop,
        Kind::Archbishop,
        Kind::Queen,
    ];

    /// The name in set-up files, such as `royal-rook`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Prince => "prince",
            Kind::Princess => "princess",
            Kind::Rook => "rook",
            Kind::RoyalRook => "royal-rook",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Archbishop => "archbishop",
            Kind::Pawn => "pawn",
            Kind::Squire => "squire",
        }
    }

    /// The code in notation and positions, upper case (the Dragon's; the Tiger's
    /// is the lower case): the manual's own `AB` and `RR`, and `PR` (Prince),
    /// `PS` (Princess), `SQ` (Squire) beside chess's letters.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::Queen => "Q",
            Kind::Prince => "PR",
            Kind::Princess => "PS",
            Kind::Rook => "R",
            Kind::RoyalRook => "RR",
            Kind::Knight => "N",
            Kind::Bishop => "B",
            Kind::Archbishop => "AB",
            Kind::Pawn => "P",
            Kind::Squire => "SQ",
        }
    }

    /// The kind named `name` in a set-up file.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kind whose code is `code`, in either case.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.code().eq_ignore_ascii_case(code))
    }

    /// The royals: never sacrificed ("The King, Queen, Prince, and Princess cannot
    /// be sacrificed").
    #[must_use]
    pub const fn is_royal(self) -> bool {
        matches!(
            self,
            Kind::King | Kind::Queen | Kind::Prince | Kind::Princess
        )
    }

    /// The battle pieces: Rook, Royal Rook, Knight, Bishop, Archbishop ("restore a
    /// lost battle piece or Queen").
    #[must_use]
    pub const fn is_battle_piece(self) -> bool {
        matches!(
            self,
            Kind::Rook | Kind::RoyalRook | Kind::Knight | Kind::Bishop | Kind::Archbishop
        )
    }

    /// Whether a piece of this kind may be sacrificed for a ransom: "a friendly
    /// Pawn, Squire, or battle piece".
    #[must_use]
    pub const fn is_sacrificeable(self) -> bool {
        self.is_battle_piece() || matches!(self, Kind::Pawn | Kind::Squire)
    }

    /// Whether a captured piece of this kind is ransomed: "A captured Prince or
    /// Princess returns at the start of its owner's next turn."
    #[must_use]
    pub const fn is_ransomed(self) -> bool {
        matches!(self, Kind::Prince | Kind::Princess)
    }

    /// Whether a Squire may restore this kind.
    #[must_use]
    pub const fn is_restorable(self) -> bool {
        self.is_battle_piece() || matches!(self, Kind::Queen)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_round_trip_and_are_distinct() {
        for k in Kind::ALL {
            assert_eq!(Kind::from_name(k.name()), Some(k));
            assert_eq!(Kind::from_code(k.code()), Some(k));
            assert_eq!(Kind::from_code(&k.code().to_lowercase()), Some(k));
        }
        assert_eq!(Kind::from_code("X"), None);
    }

    #[test]
    fn the_manual_s_groups() {
        let royals: Vec<Kind> = Kind::ALL.into_iter().filter(|k| k.is_royal()).collect();
        assert_eq!(
            royals,
            [Kind::King, Kind::Queen, Kind::Prince, Kind::Princess]
        );
        for k in Kind::ALL {
            assert_eq!(k.is_sacrificeable(), !k.is_royal(), "{k}");
            assert_eq!(k.is_restorable(), Kind::RESTORABLE.contains(&k), "{k}");
        }
    }
}
