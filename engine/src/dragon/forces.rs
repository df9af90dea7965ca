//! Dragon's forces: every kind the seed names, with its side, its two-letter code,
//! its scope of operations and how it moves (seed 000, "Scope, Moves and Powers of
//! the Forces").
//!
//! A force on a position or in a special area is one byte, [`Force`]: its
//! [`Kind`] (bits 0-5; bit 5 is the side, so Forest kinds are 1-31 and Storm
//! kinds 32-63) and an *unmoved* flag (bit 6) for the forces whose first move
//! matters (the TrueBorn Prince, the Dark Warlord, Watchtowers and Castles for
//! Towering and Castling; Dwarfs and Gnomes for their two-position first move).
//! Each transformation (Dwarf to Elf, Watchtower to Green Fortress, ...) is a
//! change of kind. Vessels are not forces of this list: a position holds a
//! vessel and, aboard her, at most one force (see [`state`](super::state)).
//!
//! Codes: Forest forces in lower case, Storm forces in upper case, no two alike
//! ignoring case (the seed's own abbreviations are lost but for the Knights' `LT`,
//! `TM`, `MD` and `BP`, which name individuals, not kinds).

use std::fmt;

use crate::core::Side;

/// The areas a force may operate in: its scope of operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scope(pub u8);

impl Scope {
    /// The Forest Kingdom.
    pub const FOREST: Scope = Scope(1);
    /// The Kingdom of Storms.
    pub const STORM: Scope = Scope(2);
    /// Trafalgar Ocean (aboard a vessel).
    pub const OCEAN: Scope = Scope(4);
    /// Confined to its palace or citadel (Guards, Warders, Palace Defenders,
    /// Citadel Watchers): a sub-area of its kingdom.
    pub const PALACE: Scope = Scope(8);
    /// Confined to a special area off the grid (library, towers, dungeons).
    pub const AREA: Scope = Scope(16);
    /// Nowhere on the grid: a force of no scope.
    pub const NONE: Scope = Scope(0);

    /// Both scopes together.
    #[must_use]
    pub const fn with(self, other: Scope) -> Scope {
        Scope(self.0 | other.0)
    }

    /// Whether every area of `other` is in `self`.
    #[must_use]
    pub const fn has(self, other: Scope) -> bool {
        self.0 & other.0 == other.0
    }
}

/// How a force moves and captures on land. The seed's counterparts share a role
/// (a Gnome moves as a Dwarf, "The Gnomes' scope and powers equate to those of
/// The Dwarfs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// No powers of movement or capture (at work, watching, waiting, captive,
    /// confined, the Woodland Princess who only looses arrows).
    Fixed,
    /// The TrueBorn Prince and the Dark Warlord: to and on any adjacent position,
    /// never onto a position under attack (ruling `dragon.royal-attack`).
    Royal,
    /// The Red Witch: to and on any adjacent position.
    Adjacent,
    /// Librarian and Jailer On Guard: to any unoccupied adjacent position; no
    /// capture.
    Sentinel,
    /// Guards and Warders: to and on any adjacent position within the palace.
    PalaceGuard,
    /// Elves, Trolls: one position vertically forwards, diagonally forwards or
    /// horizontally, moving and capturing alike.
    Walker,
    /// Palace Defenders and Citadel Watchers: as Elves; leaving the palace
    /// demotes them to Dwarfs or Gnomes.
    PalaceWalker,
    /// Dwarfs and Gnomes: one position vertically forwards (two from the Second
    /// Rank on the first move), capturing one position diagonally forwards.
    Pawn,
    /// Green and Red Knights: the Western Chess Knight's leap.
    Knight,
    /// White and Black Knights: the Lance (3,1)/(3,2) leap, or the Sword or Pike
    /// variation.
    Lance,
    /// Watchtowers and Castles: as the Rook.
    Rook,
    /// Buccaneers and Pirates: as the Bishop.
    Bishop,
    /// Queens, Sceptres, Fortresses, Talismans, the Storm Empress: as the Queen.
    Queen,
    /// Crossbowmen and Catapults: move as the Rook, capture only by jumping one
    /// force (the Xiangqi Cannon).
    Crossbow,
    /// Siege Directors and Red Siege Machines: as the Rook, and capture by
    /// jumping along files and ranks.
    SiegeRook,
    /// Rangers and Raiders: as the Bishop, and capture by jumping along
    /// diagonals.
    SiegeBishop,
    /// The Wizard and Magician Unchained: as the Queen, and capture by jumping
    /// in all eight directions.
    SiegeQueen,
    /// The Ice Dragon afire: flies and blazes in all eight directions.
    FlyerAll,
    /// The Elder Winged Serpent afire: flies and blazes vertically and
    /// horizontally.
    FlyerOrthogonal,
    /// The Younger Winged Serpent afire: flies and blazes diagonally.
    FlyerDiagonal,
    /// A released Albatross or Raven: flies vertically and horizontally (no
    /// capture), captures any adjacent force.
    Bird,
}

impl Role {
    /// Whether the role captures as a rider along a line of this kind (the
    /// first force met): diagonal when `diagonal`, else vertical or
    /// horizontal.
    #[must_use]
    pub const fn rides(self, diagonal: bool) -> bool {
        match self {
            Role::Queen | Role::SiegeQueen => true,
            Role::Rook | Role::SiegeRook => !diagonal,
            Role::Bishop | Role::SiegeBishop => diagonal,
            Role::Fixed
            | Role::Royal
            | Role::Adjacent
            | Role::Sentinel
            | Role::PalaceGuard
            | Role::Walker
            | Role::PalaceWalker
            | Role::Pawn
            | Role::Knight
            | Role::Lance
            | Role::Crossbow
            | Role::FlyerAll
            | Role::FlyerOrthogonal
            | Role::FlyerDiagonal
            | Role::Bird => false,
        }
    }

    /// Whether the role captures by jumping one force along such a line.
    #[must_use]
    pub const fn jumps(self, diagonal: bool) -> bool {
        match self {
            Role::SiegeQueen => true,
            Role::Crossbow | Role::SiegeRook => !diagonal,
            Role::SiegeBishop => diagonal,
            Role::Fixed
            | Role::Royal
            | Role::Adjacent
            | Role::Sentinel
            | Role::PalaceGuard
            | Role::Walker
            | Role::PalaceWalker
            | Role::Pawn
            | Role::Knight
            | Role::Lance
            | Role::Rook
            | Role::Bishop
            | Role::Queen
            | Role::FlyerAll
            | Role::FlyerOrthogonal
            | Role::FlyerDiagonal
            | Role::Bird => false,
        }
    }

    /// Whether the role blazes (captures regardless of intervening forces)
    /// along such a line.
    #[must_use]
    pub const fn blazes(self, diagonal: bool) -> bool {
        match self {
            Role::FlyerAll => true,
            Role::FlyerOrthogonal => !diagonal,
            Role::FlyerDiagonal => diagonal,
            Role::Fixed
            | Role::Royal
            | Role::Adjacent
            | Role::Sentinel
            | Role::PalaceGuard
            | Role::Walker
            | Role::PalaceWalker
            | Role::Pawn
            | Role::Knight
            | Role::Lance
            | Role::Rook
            | Role::Bishop
            | Role::Queen
            | Role::Crossbow
            | Role::SiegeRook
            | Role::SiegeBishop
            | Role::SiegeQueen
            | Role::Bird => false,
        }
    }
}

/// Which crossings of Trafalgar Ocean a force can glide (seed 000, "Gliding";
/// note 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glide {
    /// None.
    No,
    /// Vertically only: Albatrosses and Ravens.
    Vertical,
    /// Vertically and diagonally: the Storm Empress, the Wizard and Magician
    /// Unchained, the Forest and Storm Talismans.
    VerticalDiagonal,
}

/// Which arrows a force looses, at what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Archery {
    /// None.
    No,
    /// The Woodland Princess: Green Arrows at Ravens only ("The Woodland Princess
    /// can bring down and capture only Ravens").
    GreenAtRavens,
    /// The TrueBorn Queen at war: Green Arrows at Ravens and Winged Serpents.
    GreenAtRavensAndSerpents,
    /// The Storm Queen: Red Arrows at Albatrosses and the Ice Dragon.
    Red,
}

macro_rules! kinds {
    ($($variant:ident = $value:literal, $code:literal, $name:literal, $role:ident, $glide:ident, $arch:ident, $scope:expr, $weight:literal;)*) => {
        /// Every kind of force, with the side in bit 5 of its value (Forest 1-31,
        /// Storm 32-63).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Kind {
            $(
                #[doc = concat!("`", $code, "`: ", $name, ".")]
                $variant = $value,
            )*
        }

        impl Kind {
            /// Every kind, Forest first.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),*];

            /// The kind of value `v` (bits 0-5 of a [`Force`]), if any.
            #[inline]
            #[must_use]
            pub const fn from_u8(v: u8) -> Option<Kind> {
                match v {
                    $($value => Some(Kind::$variant),)*
                    _ => None,
                }
            }

            /// The kind whose code is `code`.
            fn by_code(code: &str) -> Option<Kind> {
                match code {
                    $($code => Some(Kind::$variant),)*
                    _ => None,
                }
            }

            /// The seed's name.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// The two-letter code of positions and notation.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self {
                    $(Kind::$variant => $code,)*
                }
            }
        }

        /// Per kind value (0-63): the role, the glide, the archery, the scope, the
        /// weight. Value 0 (no force) and unused values are `Fixed`, empty scope.
        const KIND_TABLE: [KindInfo; 64] = {
            let mut t = [KindInfo { role: Role::Fixed, glide: Glide::No, archery: Archery::No, scope: Scope::NONE, weight: 0 }; 64];
            $(
                t[$value] = KindInfo { role: Role::$role, glide: Glide::$glide, archery: Archery::$arch, scope: $scope, weight: $weight };
            )*
            t
        };

        /// [`KIND_TABLE`], read at run time.
        static TABLE: [KindInfo; 64] = KIND_TABLE;

        /// Bit `v` for each kind value `v` that has actions beside its moves
        /// and captures whatever the position ([`Force::has_extras`]):
        /// archers (arrows) and the towers with their birds inside (maiden
        /// flights).
        const EXTRAS: u64 = {
            let mut mask = 0u64;
            let mut v = 0;
            while v < 64 {
                if !matches!(KIND_TABLE[v].archery, Archery::No)
                    || v == Kind::WatchtowerAlbatross as usize
                    || v == Kind::CastleRaven as usize
                {
                    mask |= 1 << v;
                }
                v += 1;
            }
            mask
        };

        /// Bit `v` for each kind value `v` whose force may go to sea (its
        /// scope holds Trafalgar Ocean), and the Storm Queen who becomes the
        /// Red Witch on leaving the Kingdom of Storms ([`Force::seafaring`]).
        const SEAFARING: u64 = {
            let mut mask = 0u64;
            let mut v = 0;
            while v < 64 {
                if KIND_TABLE[v].scope.has(Scope::OCEAN) || v == Kind::StormQueen as usize {
                    mask |= 1 << v;
                }
                v += 1;
            }
            mask
        };
    };
}

const F: Scope = Scope::FOREST;
const S: Scope = Scope::STORM;
const O: Scope = Scope::OCEAN;
const P: Scope = Scope::PALACE;
const A: Scope = Scope::AREA;

kinds! {
    // The Forest Kingdom (North).
    TruebornPrince = 1, "pr", "the TrueBorn Prince", Royal, No, No, F.with(S).with(O), 1;
    QueenAtWork = 2, "qk", "the TrueBorn Queen at work", Fixed, No, No, A, 1;
    QueenAtWar = 3, "qw", "the TrueBorn Queen at war", Queen, No, GreenAtRavensAndSerpents, F, 1;
    WoodlandPrincess = 4, "wp", "the Woodland Princess", Fixed, No, GreenAtRavens, F.with(A), 1;
    IceDragonWatching = 5, "iw", "the Watching Ice Dragon", Fixed, No, No, A, 1;
    IceDragonAfire = 6, "id", "the Ice Dragon afire", FlyerAll, No, No, S, 1;
    CaptiveWizard = 7, "cw", "the Captive Wizard", Fixed, No, No, A, 1;
    WizardUnchained = 8, "wu", "the Wizard Unchained", SiegeQueen, VerticalDiagonal, No, F.with(S), 1;
    CaptiveElf = 9, "ce", "the Captive Elf", Fixed, No, No, A, 1;
    Librarian = 10, "lb", "the Librarian (Shield lowered)", Fixed, No, No, A, 1;
    LibrarianOnAlert = 11, "la", "the Librarian On Alert", Fixed, No, No, A, 1;
    LibrarianOnGuard = 12, "lg", "the Librarian On Guard", Sentinel, No, No, F, 1;
    Dwarf = 13, "df", "a Dwarf", Pawn, No, No, F.with(O), 1;
    Elf = 14, "el", "an Elf", Walker, No, No, S, 1;
    PalaceDefender = 15, "pd", "a Palace Defender", PalaceWalker, No, No, F.with(P), 1;
    Guard = 16, "gd", "a Guard", PalaceGuard, No, No, F.with(P), 1;
    Buccaneer = 17, "bu", "a Buccaneer", Bishop, No, No, F.with(O), 1;
    Ranger = 18, "rg", "a Ranger", SiegeBishop, No, No, S, 1;
    GreenKnight = 19, "gk", "a Green Knight", Knight, No, No, F.with(S).with(O), 1;
    WhiteKnight = 20, "wk", "a White Knight", Lance, No, No, F.with(S).with(O), 1;
    Crossbowman = 21, "cb", "a Crossbowman", Crossbow, No, No, F.with(O), 1;
    SiegeDirector = 22, "sd", "a Siege Director", SiegeRook, No, No, S, 1;
    Watchtower = 23, "wt", "a Watchtower", Rook, No, No, F.with(O), 1;
    WatchtowerAlbatross = 24, "wa", "a Watchtower with her Albatross inside", Rook, No, No, F.with(O), 2;
    GreenFortress = 25, "gf", "a Green Fortress", Queen, No, No, S, 1;
    Albatross = 26, "ab", "an Albatross", Bird, Vertical, No, F.with(S), 1;
    GreenSceptre = 27, "gs", "the Green Sceptre", Queen, No, No, F, 1;
    ForestTalisman = 28, "ft", "the Forest Talisman", Queen, VerticalDiagonal, No, F.with(S), 1;
    // The Kingdom of Storms (South).
    StormDragon = 32, "DR", "the Storm Dragon", Fixed, No, No, A, 1;
    DarkWarlord = 33, "DW", "the Dark Warlord", Royal, No, No, S.with(F).with(O), 1;
    StormQueen = 34, "SQ", "the Storm Queen", Queen, No, Red, S, 1;
    StormEmpress = 35, "SE", "the Storm Empress", Queen, VerticalDiagonal, No, S.with(F), 1;
    RedWitch = 36, "RW", "the Red Witch", Adjacent, No, No, F.with(O), 1;
    ElderSerpentWaiting = 37, "EW", "the Waiting Elder Winged Serpent", Fixed, No, No, A, 1;
    ElderSerpentAfire = 38, "EA", "the Elder Winged Serpent afire", FlyerOrthogonal, No, No, F, 1;
    YoungerSerpentWaiting = 39, "YW", "the Waiting Younger Winged Serpent", Fixed, No, No, A, 1;
    YoungerSerpentAfire = 40, "YA", "the Younger Winged Serpent afire", FlyerDiagonal, No, No, F, 1;
    CaptiveMagician = 41, "CM", "the Captive Magician", Fixed, No, No, A, 1;
    MagicianUnchained = 42, "MU", "the Magician Unchained", SiegeQueen, VerticalDiagonal, No, S.with(F), 1;
    CaptiveTroll = 43, "CT", "the Captive Troll", Fixed, No, No, A, 1;
    Jailer = 44, "JL", "the Jailer (Shield lowered)", Fixed, No, No, A, 1;
    JailerOnAlert = 45, "JA", "the Jailer On Alert", Fixed, No, No, A, 1;
    JailerOnGuard = 46, "JG", "the Jailer On Guard", Sentinel, No, No, S, 1;
    Gnome = 47, "GN", "a Gnome", Pawn, No, No, S.with(O), 1;
    Troll = 48, "TR", "a Troll", Walker, No, No, F, 1;
    CitadelWatcher = 49, "CI", "a Citadel Watcher", PalaceWalker, No, No, S.with(P), 1;
    Warder = 50, "WD", "a Warder", PalaceGuard, No, No, S.with(P), 1;
    Pirate = 51, "PI", "a Pirate", Bishop, No, No, S.with(O), 1;
    Raider = 52, "RD", "a Raider", SiegeBishop, No, No, F, 1;
    RedKnight = 53, "RK", "a Red Knight", Knight, No, No, S.with(F).with(O), 1;
    BlackKnight = 54, "BK", "a Black Knight", Lance, No, No, S.with(F).with(O), 1;
    Catapult = 55, "CP", "a Catapult", Crossbow, No, No, S.with(O), 1;
    RedSiegeMachine = 56, "RM", "a Red Siege Machine", SiegeRook, No, No, F, 1;
    Castle = 57, "CS", "a Castle", Rook, No, No, S.with(O), 1;
    CastleRaven = 58, "CR", "a Castle with her Raven inside", Rook, No, No, S.with(O), 2;
    RedFortress = 59, "RF", "a Red Fortress", Queen, No, No, F, 1;
    Raven = 60, "RV", "a Raven", Bird, Vertical, No, S.with(F), 1;
    RedSceptre = 61, "RS", "the Red Sceptre", Queen, No, No, S, 1;
    StormTalisman = 62, "ST", "the Storm Talisman", Queen, VerticalDiagonal, No, S.with(F), 1;
}

/// What the hot path reads about a kind, in one table load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// How it moves on land.
    pub role: Role,
    /// Which crossings it glides.
    pub glide: Glide,
    /// Which arrows it looses.
    pub archery: Archery,
    /// Its scope of operations.
    pub scope: Scope,
    /// How many forces it counts as: 2 for a tower with her bird inside.
    pub weight: u8,
}

impl Kind {
    /// The side the kind belongs to: Forest kinds are [`Side::Green`] (North),
    /// Storm kinds [`Side::Red`] (South).
    #[must_use]
    pub const fn side(self) -> Side {
        if (self as u8) & 32 == 0 {
            Side::Green
        } else {
            Side::Red
        }
    }

    /// The kind's table entry.
    #[inline]
    #[must_use]
    pub fn info(self) -> KindInfo {
        TABLE[self as usize]
    }

    /// The kind whose code is `code` (case matters: Forest codes are lower case).
    ///
    /// Two ASCII letters (every code): one look-up in a table of the
    /// 128 x 128 pairs made at compile time (`BY_PAIR`; it was built on
    /// first use behind a `OnceLock`, tested at every look-up); anything
    /// else as the codes' match. Always inlined: the import reads some 50
    /// codes a position, and the call cost about as much as the look-up.
    #[inline(always)]
    #[must_use]
    pub fn from_code(code: &str) -> Option<Kind> {
        match *code.as_bytes() {
            [a, b] if a.is_ascii() && b.is_ascii() => {
                Kind::from_u8(BY_PAIR[usize::from(a) * 128 + usize::from(b)])
            }
            _ => Kind::by_code(code),
        }
    }

    /// The kind whose kebab-case name is `name` (`trueborn-prince`), as the
    /// deployment files write them. The names are made once a process
    /// ([`Kind::kebab`] of each kind, in [`Kind::ALL`]'s order), not once a
    /// kind at every look-up (the deployment's, about 4M instructions).
    #[must_use]
    pub fn from_kebab(name: &str) -> Option<Kind> {
        static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let names = NAMES.get_or_init(|| Kind::ALL.iter().map(|k| k.kebab()).collect());
        let i = names.iter().position(|n| n == name)?;
        Some(Kind::ALL[i])
    }

    /// The kebab-case name of the deployment files: the variant's name split at
    /// its capitals (`TruebornPrince` is `trueborn-prince`).
    #[must_use]
    pub fn kebab(self) -> String {
        let debug = format!("{self:?}");
        let mut out = String::with_capacity(debug.len() + 4);
        for (i, c) in debug.chars().enumerate() {
            if c.is_ascii_uppercase() {
                if i > 0 {
                    out.push('-');
                }
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
        out
    }

    /// Whether a force of this kind may stand on a position of the grid at all.
    #[must_use]
    pub fn on_grid(self) -> bool {
        self.info().scope.0 & (Scope::FOREST.0 | Scope::STORM.0 | Scope::OCEAN.0) != 0
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A force: its kind and whether it has moved, in one byte (0 is no force).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Force(pub u8);

impl Force {
    /// No force.
    pub const NONE: Force = Force(0);
    /// Bit 6: the force has not moved since the deployment.
    pub const UNMOVED: u8 = 64;
    /// Bits 0-5: the kind.
    pub const KIND_MASK: u8 = 63;

    /// A force of `kind` that has moved (or whose first move does not matter).
    #[inline]
    #[must_use]
    pub const fn new(kind: Kind) -> Force {
        Force(kind as u8)
    }

    /// A force of `kind` that has not moved yet.
    #[inline]
    #[must_use]
    pub const fn unmoved(kind: Kind) -> Force {
        Force(kind as u8 | Force::UNMOVED)
    }

    /// Whether there is a force.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Whether there is no force.
    #[inline]
    #[must_use]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The kind's value, bits 0-5 (0 for no force).
    #[inline]
    #[must_use]
    pub const fn kind_value(self) -> u8 {
        self.0 & Force::KIND_MASK
    }

    /// The kind, `None` for no force (or a byte that is no kind).
    #[inline]
    #[must_use]
    pub const fn kind(self) -> Option<Kind> {
        Kind::from_u8(self.kind_value())
    }

    /// Whether the force may go to sea: its scope holds Trafalgar Ocean, or
    /// it is the Storm Queen (the Red Witch once she leaves her kingdom). One
    /// bit of a constant, asked of every land force the generator visits.
    #[inline(always)]
    #[must_use]
    pub const fn seafaring(self) -> bool {
        SEAFARING >> self.kind_value() & 1 != 0
    }

    /// Whether the force has actions beside its moves and captures whatever
    /// the position: an archer (arrows) or a tower with her bird inside (a
    /// maiden flight). One bit of a constant.
    #[inline(always)]
    #[must_use]
    pub const fn has_extras(self) -> bool {
        EXTRAS >> self.kind_value() & 1 != 0
    }

    /// The kind's table entry (the empty entry for no force).
    #[inline]
    #[must_use]
    pub fn info(self) -> KindInfo {
        TABLE[self.kind_value() as usize]
    }

    /// The force's side; meaningless for no force.
    #[inline]
    #[must_use]
    pub const fn side(self) -> Side {
        if self.0 & 32 == 0 {
            Side::Green
        } else {
            Side::Red
        }
    }

    /// Whether this is a force of `side`.
    #[inline]
    #[must_use]
    pub const fn is(self, side: Side) -> bool {
        self.0 != 0 && (self.0 & 32 != 0) == matches!(side, Side::Red)
    }

    /// Whether the force has not moved since the deployment.
    #[inline]
    #[must_use]
    pub const fn is_unmoved(self) -> bool {
        self.0 & Force::UNMOVED != 0
    }

    /// The same force, marked as having moved.
    #[inline]
    #[must_use]
    pub const fn moved(self) -> Force {
        Force(self.0 & !Force::UNMOVED)
    }

    /// Whether the byte is no force or a force of a known kind with no unknown
    /// bits.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.0 == 0 || (self.0 & 128 == 0 && self.kind().is_some())
    }
}

/// [`Kind::from_code`]'s table: for each pair of ASCII letters (the first
/// times 128 plus the second), the value of the kind whose code it is, 0
/// (no kind) for the others.
static BY_PAIR: [u8; 128 * 128] = {
    let mut t = [0u8; 128 * 128];
    let mut i = 0;
    while i < Kind::ALL.len() {
        let k = Kind::ALL[i];
        if let [a, b] = *k.code().as_bytes() {
            t[(a & 127) as usize * 128 + (b & 127) as usize] = k as u8;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_a_code_by_its_table_agrees_with_the_codes() {
        for &k in Kind::ALL {
            assert_eq!(Kind::from_code(k.code()), Some(k));
        }
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let bytes = [a, b];
                if let Ok(code) = std::str::from_utf8(&bytes) {
                    assert_eq!(Kind::from_code(code), Kind::by_code(code), "{code:?}");
                }
            }
        }
        for code in ["", "d", "dfx", "\u{e9}", "\u{e9}f"] {
            assert_eq!(Kind::from_code(code), Kind::by_code(code), "{code:?}");
        }
    }

    #[test]
    fn codes_are_two_letters_unique_ignoring_case_and_cased_by_side() {
        let mut seen = std::collections::BTreeSet::new();
        for &k in Kind::ALL {
            let code = k.code();
            assert_eq!(code.len(), 2, "{k:?}");
            let lower = code.chars().all(|c| c.is_ascii_lowercase());
            let upper = code.chars().all(|c| c.is_ascii_uppercase());
            assert_eq!(lower, k.side() == Side::Green, "{k:?}: {code}");
            assert_eq!(upper, k.side() == Side::Red, "{k:?}: {code}");
            assert!(seen.insert(code.to_ascii_lowercase()), "{code} twice");
            assert_eq!(Kind::from_code(code), Some(k));
            assert_eq!(Kind::from_kebab(&k.kebab()), Some(k));
            assert_eq!(Kind::from_u8(k as u8), Some(k));
            assert!(Force::new(k).is_valid() && Force::unmoved(k).is_valid());
            assert!(Force::new(k).is(k.side()) && !Force::new(k).is(k.side().opponent()));
        }
        assert_eq!(Kind::from_u8(0), None);
        assert_eq!(Kind::from_kebab("trueborn"), None);
        assert!(!Force(0x80).is_valid());
        assert_eq!(Kind::TruebornPrince.kebab(), "trueborn-prince");
    }

    #[test]
    fn counterparts_share_roles_and_mirror_scopes() {
        let pairs = [
            (Kind::TruebornPrince, Kind::DarkWarlord),
            (Kind::Dwarf, Kind::Gnome),
            (Kind::Elf, Kind::Troll),
            (Kind::PalaceDefender, Kind::CitadelWatcher),
            (Kind::Guard, Kind::Warder),
            (Kind::Buccaneer, Kind::Pirate),
            (Kind::Ranger, Kind::Raider),
            (Kind::GreenKnight, Kind::RedKnight),
            (Kind::WhiteKnight, Kind::BlackKnight),
            (Kind::Crossbowman, Kind::Catapult),
            (Kind::SiegeDirector, Kind::RedSiegeMachine),
            (Kind::Watchtower, Kind::Castle),
            (Kind::WatchtowerAlbatross, Kind::CastleRaven),
            (Kind::GreenFortress, Kind::RedFortress),
            (Kind::Albatross, Kind::Raven),
            (Kind::GreenSceptre, Kind::RedSceptre),
            (Kind::ForestTalisman, Kind::StormTalisman),
            (Kind::WizardUnchained, Kind::MagicianUnchained),
            (Kind::LibrarianOnGuard, Kind::JailerOnGuard),
        ];
        let swap = |s: Scope| {
            let f = s.0 & 1;
            let st = (s.0 >> 1) & 1;
            Scope(s.0 & !3 | f << 1 | st)
        };
        for (f, s) in pairs {
            let (a, b) = (f.info(), s.info());
            assert_eq!(a.role, b.role, "{f:?}/{s:?}");
            assert_eq!(a.glide, b.glide, "{f:?}/{s:?}");
            assert_eq!(a.weight, b.weight, "{f:?}/{s:?}");
            assert_eq!(swap(a.scope), b.scope, "{f:?}/{s:?}");
        }
    }
}
