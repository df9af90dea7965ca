//! The 26 kinds of piece of The Game (seed 001, The Pieces: "There are 26
//! different pieces on each side"), their letters in positions and notation,
//! and the boards each may stand on.
//!
//! Every kind has its own letter, upper case for Gold and lower case for
//! Silver; the Djinn, which belong to neither side (ruling
//! `the-game.djinn-count`), are always `J`. The letters follow chess where
//! chess has the piece (K the Emperor, N the Knight), the seed where it gives
//! one (Q the ArchMagus: "I chose \"Q\" for the abbreviation of the ArchMagus
//! piece"), and otherwise a letter of the name:
//!
//! ```text
//! A Amochal    B Basilisk   C Cleric     D Dragon     E Eagle      F Fortress
//! G Gryphon    H Nightblade I Paladin    J Djinn      K Emperor    L Elemental
//! M Mithyari   N Knight     O Org        P Phoenix    Q ArchMagus  R Krargog
//! S Sylvar     T Assassin   U Æmur       V Avatar     W Warrior    X Cavalier
//! Y Dwarf      Z Wizard
//! ```

use std::fmt;

/// The kinds of board, by the part each plays (seed 001, The Boards & The
/// Setup): the three stacked boards, the four Mana boards alike, and the
/// Astral board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Realm {
    /// The Sky board, the uppermost.
    Sky,
    /// The Ground board, in the middle.
    Ground,
    /// The Cavern board, the bottommost.
    Cavern,
    /// Any of the four Mana boards.
    Mana,
    /// The Astral board, "off by itself".
    Astral,
}

impl Realm {
    /// Every realm.
    pub const ALL: [Realm; 5] = [
        Realm::Sky,
        Realm::Ground,
        Realm::Cavern,
        Realm::Mana,
        Realm::Astral,
    ];

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

macro_rules! kinds {
    ($($variant:ident = $letter:literal, $name:literal, [$($realm:ident),*];)*) => {
        /// A kind of piece. The order is the letters' (`A` to `Z`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $(
                #[doc = concat!("`", $letter, "`, the ", $name, ".")]
                $variant,
            )*
        }

        impl Kind {
            /// Every kind, in letter order.
            pub const ALL: [Kind; 26] = [$(Kind::$variant),*];

            /// The kind's letter (upper case).
            #[must_use]
            pub const fn letter(self) -> char {
                match self {
                    $(Kind::$variant => $letter,)*
                }
            }

            /// The kind's name as the seed writes it.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// The realms the text lets a piece of this kind stand on by its
            /// own moves or by its set-up, as a bit set of [`Realm`]s.
            const fn realms(self) -> u8 {
                match self {
                    $(Kind::$variant => 0 $(| Realm::$realm.bit())*,)*
                }
            }
        }
    };
}

// The realms of each kind (ruling `the-game.board-changes`): where its set-up
// and its own moves as the seed gives them (Piece Movements) can put it. Any
// piece may also be sent to the Astral board by an ArchMagus (ruling
// `the-game.send-to-astral`) and any but the Emperor stand on the Ground after
// a Warrior's promotion (ruling `the-game.warrior-promotion`); `may_stand`
// adds both.
kinds! {
    Amochal = 'A', "Amochal", [Cavern, Ground];
    Basilisk = 'B', "Basilisk", [Cavern];
    Cleric = 'C', "Cleric", [Ground];
    Dragon = 'D', "Dragon", [Sky, Ground];
    Eagle = 'E', "Eagle", [Sky, Ground];
    Fortress = 'F', "Fortress", [Ground];
    Gryphon = 'G', "Gryphon", [Sky, Ground];
    Nightblade = 'H', "Nightblade", [Sky, Ground, Cavern];
    Paladin = 'I', "Paladin", [Sky, Ground, Cavern];
    Djinn = 'J', "Djinn", [Astral];
    Emperor = 'K', "Emperor", [Sky, Ground, Cavern];
    Elemental = 'L', "Elemental", [Cavern, Ground];
    Mithyari = 'M', "Mithyari", [Sky, Ground, Cavern];
    Knight = 'N', "Knight", [Ground];
    Org = 'O', "Org", [Cavern, Ground];
    Phoenix = 'P', "Phoenix", [Sky, Ground];
    ArchMagus = 'Q', "ArchMagus", [Sky, Ground, Cavern, Mana, Astral];
    Krargog = 'R', "Krargog", [Ground, Sky];
    Sylvar = 'S', "Sylvar", [Sky, Ground];
    Assassin = 'T', "Assassin", [Sky, Ground, Cavern];
    Aemur = 'U', "Æmur", [Ground, Cavern];
    Avatar = 'V', "Avatar", [Sky, Ground, Cavern];
    Warrior = 'W', "Warrior", [Ground];
    Cavalier = 'X', "Cavalier", [Sky, Ground, Cavern];
    Dwarf = 'Y', "Dwarf", [Cavern, Ground];
    Wizard = 'Z', "Wizard", [Sky, Ground, Cavern];
}

impl Kind {
    /// The kind whose letter is `letter` (either case), if any.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        Kind::ALL.iter().copied().find(|k| k.letter() == upper)
    }

    /// Whether a piece of this kind may stand on a board of `realm`: its own
    /// realms, the Astral board for any kind (an ArchMagus may send any piece
    /// there but the Emperor, ruling `the-game.send-to-astral`), and the Ground
    /// for any kind a Warrior may become (ruling `the-game.warrior-promotion`).
    #[must_use]
    pub const fn may_stand(self, realm: Realm) -> bool {
        let own = self.realms() & realm.bit() != 0;
        match realm {
            Realm::Astral => !matches!(self, Kind::Emperor) || own,
            Realm::Ground => own || self.promotes_to(),
            Realm::Sky | Realm::Cavern | Realm::Mana => own,
        }
    }

    /// Whether a Warrior may become this kind on the far rank of the Ground
    /// (ruling `the-game.warrior-promotion`): any kind but the Emperor, the
    /// Djinn and the Warrior.
    #[must_use]
    pub const fn promotes_to(self) -> bool {
        !matches!(self, Kind::Emperor | Kind::Djinn | Kind::Warrior)
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
    fn letters_are_the_alphabet_and_read_back() {
        let letters: String = Kind::ALL.iter().map(|k| k.letter()).collect();
        assert_eq!(letters, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        for k in Kind::ALL {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
            assert_eq!(Kind::from_letter(k.letter().to_ascii_lowercase()), Some(k));
        }
        assert_eq!(Kind::from_letter('.'), None);
    }

    #[test]
    fn only_the_archmagus_stands_on_a_mana_board_and_the_emperor_is_never_sent() {
        for k in Kind::ALL {
            assert_eq!(k.may_stand(Realm::Mana), k == Kind::ArchMagus, "{k}");
            assert_eq!(k.may_stand(Realm::Astral), k != Kind::Emperor, "{k}");
        }
        assert!(!Kind::Djinn.may_stand(Realm::Ground));
        assert!(Kind::Basilisk.may_stand(Realm::Ground));
        assert!(!Kind::Basilisk.may_stand(Realm::Sky));
    }
}
