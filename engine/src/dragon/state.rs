//! Dragon's position: what stands where, on the grid, aboard the vessels and in
//! the special areas, with the counters and flags the rules need. `Copy`, about
//! 600 bytes, no heap: a search copies it freely.
//!
//! - `forces[sq]`: the force on position `sq` (aboard the vessel there, if the
//!   position is water);
//! - `vessels[sq]`: the vessel on `sq` ([`Vessel`]: Flagship or Ship, original
//!   side (her Captain or Ferryman), current colour (her flag), bow);
//! - `areas[a]`: the forces in special area `a` ([`Area`]);
//! - `barren[kind]`: forces of each kind captured or lost ("placed in the
//!   Barren Lands"); `sunk`: vessels sunk;
//! - [`Counters`]: arrows, cannonballs, Seer consultations;
//! - `flags`: procedure and history flags ([`flags`]);
//! - `ep`: after a Dwarf's or Gnome's double step, the position passed over,
//!   which an Elf or Troll may capture onto "immediately or ... forfeited".

use super::board::{AREA_SLOTS, Area, NO_SQUARE, SQUARES, SquareSet};
use super::forces::{Force, Kind};
use super::transform;
use crate::core::{Outcome, Side, zobrist};

/// A vessel in one byte: bit 7 present, bit 6 a Flagship, bit 5 her original
/// side is the Storms (a Ferryman at the bows; a Captain otherwise), bit 4 she
/// flies the red flag, bits 0-2 her bow ([`DIRECTIONS`](super::board::DIRECTIONS)
/// index).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vessel(pub u8);

/// The four kinds of vessel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VesselKind {
    /// The Green Flagship (the Fleet Captain at her bows).
    GreenFlagship,
    /// A Green Ship (a Captain at her bows).
    GreenShip,
    /// The Red Flagship (the Head Ferryman at her bows).
    RedFlagship,
    /// A Red Ship (a Ferryman at her bows).
    RedShip,
}

impl VesselKind {
    /// All four.
    pub const ALL: [VesselKind; 4] = [
        VesselKind::GreenFlagship,
        VesselKind::GreenShip,
        VesselKind::RedFlagship,
        VesselKind::RedShip,
    ];

    /// The name in deployment files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            VesselKind::GreenFlagship => "green-flagship",
            VesselKind::GreenShip => "green-ship",
            VesselKind::RedFlagship => "red-flagship",
            VesselKind::RedShip => "red-ship",
        }
    }

    /// The letter in positions: `F`/`S` (Red), `f`/`s` (Green).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            VesselKind::GreenFlagship => 'f',
            VesselKind::GreenShip => 's',
            VesselKind::RedFlagship => 'F',
            VesselKind::RedShip => 'S',
        }
    }

    /// Index 0-3 in [`VesselKind::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side whose Captain (Green) or Ferryman (Red) is at her bows.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            VesselKind::GreenFlagship | VesselKind::GreenShip => Side::Green,
            VesselKind::RedFlagship | VesselKind::RedShip => Side::Red,
        }
    }

    /// Whether she is a Flagship (with Cannons).
    #[must_use]
    pub const fn is_flagship(self) -> bool {
        matches!(self, VesselKind::GreenFlagship | VesselKind::RedFlagship)
    }
}

impl Vessel {
    /// No vessel.
    pub const NONE: Vessel = Vessel(0);
    const PRESENT: u8 = 0x80;
    const FLAGSHIP: u8 = 0x40;
    const ORIGINAL_RED: u8 = 0x20;
    const FLYING_RED: u8 = 0x10;

    /// A vessel of `kind`, flying her own colour, bow `bow` (0-7).
    #[must_use]
    pub const fn new(kind: VesselKind, bow: u8) -> Vessel {
        let mut v = Vessel::PRESENT | (bow & 7);
        if kind.is_flagship() {
            v |= Vessel::FLAGSHIP;
        }
        if matches!(kind.side(), Side::Red) {
            v |= Vessel::ORIGINAL_RED | Vessel::FLYING_RED;
        }
        Vessel(v)
    }

    /// Whether there is a vessel.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.0 & Vessel::PRESENT != 0
    }

    /// Her kind.
    #[must_use]
    pub const fn kind(self) -> VesselKind {
        match (
            self.0 & Vessel::FLAGSHIP != 0,
            self.0 & Vessel::ORIGINAL_RED != 0,
        ) {
            (true, false) => VesselKind::GreenFlagship,
            (false, false) => VesselKind::GreenShip,
            (true, true) => VesselKind::RedFlagship,
            (false, true) => VesselKind::RedShip,
        }
    }

    /// Her bow, a [`DIRECTIONS`](super::board::DIRECTIONS) index.
    #[inline]
    #[must_use]
    pub const fn bow(self) -> u8 {
        self.0 & 7
    }

    /// The same vessel with her bow re-aligned to `bow`.
    #[must_use]
    pub const fn with_bow(self, bow: u8) -> Vessel {
        Vessel(self.0 & !7 | (bow & 7))
    }

    /// The side whose flag she flies.
    #[inline]
    #[must_use]
    pub const fn colour(self) -> Side {
        if self.0 & Vessel::FLYING_RED != 0 {
            Side::Red
        } else {
            Side::Green
        }
    }

    /// The same vessel flying `side`'s flag.
    #[must_use]
    pub const fn with_colour(self, side: Side) -> Vessel {
        match side {
            Side::Green => Vessel(self.0 & !Vessel::FLYING_RED),
            Side::Red => Vessel(self.0 | Vessel::FLYING_RED),
        }
    }

    /// Whether the byte is no vessel, or a vessel with no unknown bits.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.0 == 0 || (self.0 & Vessel::PRESENT != 0 && self.0 & 0x08 == 0)
    }
}

/// Procedure and history flags (bits of [`Position::flags`]). The procedures
/// and the ocean set most of them; positions read and write them.
pub mod flags {
    /// The Trident formation's opening is due: the Storm OverLord's first move
    /// re-aligns the two Ships beside the Red Flagship (note 17).
    pub const TRIDENT_OPENING: u32 = 1 << 0;
    /// The TrueBorn Prince has left the Forest Kingdom for Trafalgar Ocean (he
    /// "may not ... return to the Forest Kingdom").
    pub const PRINCE_SAILED: u32 = 1 << 1;
    /// The TrueBorn Prince has reached the Kingdom of Storms ("he may not leave
    /// there").
    pub const PRINCE_IN_STORMS: u32 = 1 << 2;
    /// The Dark Warlord has disembarked into the Forest Kingdom once (the Elder
    /// Winged Serpent's option "occurs only upon the first disembarking").
    pub const WARLORD_LANDED: u32 = 1 << 3;
    /// The Red Witch has left Trafalgar Ocean ("may not return").
    pub const WITCH_LANDED: u32 = 1 << 4;
    /// The Ice Dragon has been set afire.
    pub const ICE_DRAGON_AFIRE: u32 = 1 << 5;
    /// A Winged Serpent has been set afire.
    pub const SERPENT_AFIRE: u32 = 1 << 6;
    /// The Forest Talisman's, Storm Talisman's powers are lost or kept (reserved).
    pub const RESERVED_7: u32 = 1 << 7;
    /// The Ice Dragon was set afire on the Forest OverLord's last move: after
    /// the Storm OverLord's move comes his choice to make the Storm Queen the
    /// Storm Empress ("after making his move ... and before pressing his
    /// clock").
    pub const EMPRESS_DUE: u32 = 1 << 8;
    /// A Winged Serpent was set afire on the Storm OverLord's move: when he
    /// presses his clock the TrueBorn Queen goes to war.
    pub const QUEEN_WAR_DUE: u32 = 1 << 9;
    /// The TrueBorn Queen has gone to war (once only).
    pub const QUEEN_AT_WAR: u32 = 1 << 10;
    /// The Librarian has lowered his Shield: no Winged Serpent is in or can
    /// enter the Forest Kingdom.
    pub const LIBRARIAN_SHIELD_LOWERED: u32 = 1 << 11;
    /// The Jailer has lowered his Shield: the Ice Dragon was captured.
    pub const JAILER_SHIELD_LOWERED: u32 = 1 << 12;
    /// The side to move has consulted his Seer in this move (ruling
    /// `dragon.seers`: one consultation a move); cleared as the turn passes.
    pub const SEER_THIS_MOVE: u32 = 1 << 13;
    /// The side whose move it is has offered a truce in this move (ruling
    /// `dragon.truce-agreement`: one offer a move); cleared as the turn passes.
    pub const TRUCE_OFFERED: u32 = 1 << 14;
    /// The side whose move it is has conceded in this move (ruling
    /// `dragon.concede`: one concession a move); cleared as the turn passes.
    pub const CONCEDED: u32 = 1 << 15;

    /// Every flag with its name in positions.
    pub const NAMES: [(u32, &str); 15] = [
        (TRIDENT_OPENING, "trident-opening"),
        (PRINCE_SAILED, "prince-sailed"),
        (PRINCE_IN_STORMS, "prince-in-storms"),
        (WARLORD_LANDED, "warlord-landed"),
        (WITCH_LANDED, "witch-landed"),
        (ICE_DRAGON_AFIRE, "ice-dragon-afire"),
        (SERPENT_AFIRE, "serpent-afire"),
        (EMPRESS_DUE, "empress-due"),
        (QUEEN_WAR_DUE, "queen-war-due"),
        (QUEEN_AT_WAR, "queen-at-war"),
        (LIBRARIAN_SHIELD_LOWERED, "librarian-shield-lowered"),
        (JAILER_SHIELD_LOWERED, "jailer-shield-lowered"),
        (SEER_THIS_MOVE, "seer-this-move"),
        (TRUCE_OFFERED, "truce-offered"),
        (CONCEDED, "conceded"),
    ];
}

/// The limited resources, and where each arrow and cannonball is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Green Arrows in the Woodland Princess's quiver (2 at the start).
    pub princess_arrows: u8,
    /// Green Arrows set aside in New-Earth Library for the TrueBorn Queen (2).
    pub library_arrows: u8,
    /// Green Arrows in the TrueBorn Queen at war's quiver (0 until she goes to
    /// war).
    pub queen_arrows: u8,
    /// Red Arrows in the Storm Queen's quiver (3).
    pub red_arrows: u8,
    /// Red Arrows forfeited to the Jailer's office (Storm Empress, Red Witch).
    pub red_arrows_forfeited: u8,
    /// Arrows loosed, Green then Red ("Spent arrows ... placed in the Barren
    /// Lands").
    pub spent_arrows: [u8; 2],
    /// Cannonballs left on each Flagship, Green's then Red's (3 each).
    pub cannonballs: [u8; 2],
    /// Cannonballs fired, Green's Flagship's then Red's.
    pub spent_cannonballs: [u8; 2],
    /// Seer consultations so far, Forest then Storm (at most three each).
    pub seers: [u8; 2],
}

/// The most Green Arrows: "There are four Green Arrows".
pub const GREEN_ARROWS: u8 = 4;
/// The most Red Arrows: "There are three Red Arrows".
pub const RED_ARROWS: u8 = 3;
/// Cannonballs per Flagship: "Cannonballs of which there are three".
pub const CANNONBALLS: u8 = 3;
/// Seer consultations per OverLord: "a maximum of three times".
pub const SEER_LIMIT: u8 = 3;

/// A whole position of Dragon (the game state but for its options).
#[derive(Clone, Copy, Debug, Eq)]
pub struct Position {
    /// The force on each position (aboard, on water).
    pub forces: [Force; SQUARES],
    /// The vessel on each position.
    pub vessels: [Vessel; SQUARES],
    /// Positions holding a force of each side, `[side.index()]`.
    pub occupied: [SquareSet; 2],
    /// Positions holding a vessel.
    pub fleet: SquareSet,
    /// The forces in each special area, [`AREAS`](super::board::AREAS) order, empty slots last.
    pub areas: [[Force; AREA_SLOTS]; 8],
    /// Forces captured or lost, per kind value.
    pub barren: [u8; 64],
    /// Vessels sunk, per [`VesselKind::index`].
    pub sunk: [u8; 4],
    /// Arrows, cannonballs, Seers.
    pub counters: Counters,
    /// [`flags`].
    pub flags: u32,
    /// The position a double step just passed over, or [`NO_SQUARE`].
    pub ep: u8,
    /// The procedure step awaiting the side to move's choice
    /// ([`Pending`](super::procedures::Pending) as a byte, 0 for none).
    pub pending: u8,
    /// The position the pending step is about (the Elf or Troll to exchange),
    /// or [`NO_SQUARE`].
    pub pending_at: u8,
    /// Who moves.
    pub to_move: Side,
    /// Plies since the last capture, sinking, or move of a vessel, Dwarf, Gnome,
    /// Elf or Troll (the truce of rule 23.3).
    pub quiet: u16,
    /// Plies played since the deployment or the imported position.
    pub ply: u32,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Forces of each side in play, captured or lost, at the deployment (or the
    /// import): conserved.
    pub deployed: [u16; 2],
    /// Vessels of each original side at the deployment: conserved.
    pub deployed_vessels: [u8; 2],
    /// The position hash, kept incrementally.
    pub hash: u64,
    /// Towers of each side on the grid with their bird still inside (each
    /// counts two forces), kept by [`Position::put`] and [`Position::take`].
    pub towers_with_birds: [u8; 2],
    /// Where the Woodland Princess stands on the grid (no Storm force may
    /// capture her), kept by [`Position::put`] and [`Position::take`].
    pub princesses: SquareSet,
    /// Where the royals stand on the grid (the TrueBorn Prince, the Dark
    /// Warlord: [`victory::royal_square`](super::victory::royal_square)),
    /// kept by [`Position::put`] and [`Position::take`].
    pub royals: SquareSet,
    /// The positions of the vessels whose original side is the Storms (a
    /// Ferryman at the bows), kept by [`Position::put_vessel`] and
    /// [`Position::take_vessel`].
    pub red_fleet: SquareSet,
    /// Each line of descent's total ([`transform::LINES`]): forces on the
    /// grid, in the special areas and in the Barren Lands; kept by
    /// [`Position::put`], [`Position::take`], [`Position::add_barren`] and
    /// [`Position::edit_off_grid`], counted afresh by [`Position::seal`].
    pub lines: [u8; transform::LINES.len()],
    /// Forces of each side in the special areas (a tower with her bird inside
    /// counts two), `[side.index()]`: kept by [`Position::edit_off_grid`] (the
    /// only door to the areas), counted by [`Position::seal`]. The checks
    /// after a step that left the areas alone use it instead of a recount; a
    /// step that changed them (and a position of unknown history) has its
    /// areas checked slot by slot and counted afresh.
    pub area_forces: [u16; 2],
    /// Forces of each side in the Barren Lands, `[side.index()]`: kept by
    /// [`Position::add_barren`] and [`Position::remove_barren`] (the only
    /// doors to the Barren Lands after a deployment or an import), counted by
    /// [`Position::seal`]. The checks after every step use it; a position of
    /// unknown history is counted afresh, and an export and its import (the
    /// sampled full checks) compare it with a fresh count, being part of the
    /// position.
    pub barren_forces: [u16; 2],
    /// The grid positions changed since the last [`Position::begin_action`]:
    /// what [`Position::check`] has to look at. Bookkeeping, not part of the
    /// position: equal positions may differ in it.
    pub touched: Touched,
}

impl PartialEq for Position {
    /// Every field equal, as a derived comparison (the destructuring names
    /// every field: a new one must be added here), the grid's forces and
    /// vessels compared as two byte strings rather than position by
    /// position (the sampled full checks compare whole positions twice).
    fn eq(&self, other: &Position) -> bool {
        let Position {
            forces,
            vessels,
            occupied,
            fleet,
            areas,
            barren,
            sunk,
            counters,
            flags,
            ep,
            pending,
            pending_at,
            to_move,
            quiet,
            ply,
            outcome,
            deployed,
            deployed_vessels,
            hash,
            towers_with_birds,
            princesses,
            royals,
            red_fleet,
            lines,
            area_forces,
            barren_forces,
            touched,
        } = self;
        forces.map(|f| f.0) == other.forces.map(|f| f.0)
            && vessels.map(|v| v.0) == other.vessels.map(|v| v.0)
            && *occupied == other.occupied
            && *fleet == other.fleet
            && *areas == other.areas
            && *barren == other.barren
            && *sunk == other.sunk
            && *counters == other.counters
            && *flags == other.flags
            && *ep == other.ep
            && *pending == other.pending
            && *pending_at == other.pending_at
            && *to_move == other.to_move
            && *quiet == other.quiet
            && *ply == other.ply
            && *outcome == other.outcome
            && *deployed == other.deployed
            && *deployed_vessels == other.deployed_vessels
            && *hash == other.hash
            && *towers_with_birds == other.towers_with_birds
            && *princesses == other.princesses
            && *royals == other.royals
            && *red_fleet == other.red_fleet
            && *lines == other.lines
            && *area_forces == other.area_forces
            && *barren_forces == other.barren_forces
            && *touched == other.touched
    }
}

/// The grid positions an action changed (up to eight; more makes the next
/// check scan the whole grid), and whether it changed what lies off the grid
/// (the special areas, counters, sunk vessels, flags). Compares equal to any
/// other: it records how a position was reached, not what it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Touched {
    squares: [u8; 8],
    len: u8,
    /// More than eight changed, or the history is unknown: check everything.
    all: bool,
    /// [`Position::edit_off_grid`] ran: check the special areas slot by slot.
    off_grid: bool,
}

impl PartialEq for Touched {
    fn eq(&self, _other: &Touched) -> bool {
        true
    }
}

impl Eq for Touched {}

impl Touched {
    /// Everything to check (a position of unknown history).
    pub const ALL: Touched = Touched {
        squares: [0; 8],
        len: 0,
        all: true,
        off_grid: true,
    };

    #[inline]
    fn add(&mut self, sq: u8) {
        // A position changed twice (taken, then put) is checked once, and
        // does not use up the eight.
        if self.squares[..usize::from(self.len)].contains(&sq) {
            return;
        }
        if usize::from(self.len) < self.squares.len() {
            self.squares[usize::from(self.len)] = sq;
            self.len += 1;
        } else {
            self.all = true;
        }
    }

    /// The positions changed, or `None` when every position must be checked.
    #[must_use]
    pub fn squares(&self) -> Option<&[u8]> {
        (!self.all).then(|| &self.squares[..usize::from(self.len)])
    }

    /// Whether what lies off the grid may have changed (or the history is
    /// unknown): the special areas must be checked slot by slot.
    #[must_use]
    pub fn off_grid(&self) -> bool {
        self.all | self.off_grid
    }
}

/// Per position (256 entries, the grid's first: any byte indexes it without
/// a bounds test; the keys of the grid's positions as they were with 135).
static Z_SQUARE: [u64; 256] = zobrist::keys(0xD4A6_0001);
static Z_MISC: [u64; 64] = zobrist::keys(0xD4A6_0004);
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Whether `force` is a tower with her bird inside (two forces in one).
#[inline]
pub(crate) fn has_bird(force: Force) -> bool {
    let k = force.kind_value();
    k == Kind::WatchtowerAlbatross as u8 || k == Kind::CastleRaven as u8
}

/// Eight bytes as one word, for hashing them together.
#[inline]
fn word(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(bytes);
    u64::from_le_bytes(b)
}

/// The hash key of word `w` (kinds `8w..8w+8`) of the Barren Lands holding
/// `value` (its counts as bytes); no key for an empty word.
#[inline]
fn barren_key(w: usize, value: u64) -> u64 {
    if value == 0 {
        0
    } else {
        let x = (value ^ Z_MISC[48 + w]).wrapping_mul(MIX);
        x ^ (x >> 29)
    }
}

/// The hash key of the en-passant position (none for [`NO_SQUARE`]).
#[inline]
pub(crate) fn ep_key(ep: u8) -> u64 {
    if ep == NO_SQUARE {
        0
    } else {
        Z_SQUARE[ep as usize].wrapping_mul(Z_MISC[45] | 1)
    }
}

/// The hash key of the side to move.
#[inline]
fn side_key(side: Side) -> u64 {
    if side == Side::Red { Z_MISC[46] } else { 0 }
}

/// What turns `p`'s hash into one that counts each side's Seer
/// consultations only as whether he may still consult (none left, or some):
/// the counters' word that holds the counts keyed as it is, then with every
/// count below [`SEER_LIMIT`] as 0 (ruling `dragon.repetition`). 0 when no
/// count is 1 or 2.
#[inline(never)]
pub(crate) fn seer_count_unkeyed(p: &Position) -> u64 {
    let c = &p.counters;
    // The third word of `rare_key`'s counters: bytes 8 to 15.
    let word = |seers: [u8; 2]| {
        u64::from_le_bytes([
            c.cannonballs[1],
            c.spent_cannonballs[0],
            c.spent_cannonballs[1],
            seers[0],
            seers[1],
            p.sunk[0],
            p.sunk[1],
            p.sunk[2],
        ])
    };
    let key = |w: u64| (w ^ Z_MISC[42]).wrapping_mul(MIX);
    let left = c
        .seers
        .map(|n| if n >= SEER_LIMIT { SEER_LIMIT } else { 0 });
    key(word(c.seers)) ^ key(word(left))
}

/// The hash key of what changes rarely: the special areas, the counters, the
/// sunk vessels and the flags. Recomputed whole when one of them changes
/// ([`Position::edit_off_grid`]).
fn rare_key(p: &Position) -> u64 {
    let mut h = 0u64;
    // The areas' 32 slots as four words of eight bytes.
    for (pair, key) in Z_MISC[..4].iter().enumerate() {
        let (a, b) = (&p.areas[pair * 2], &p.areas[pair * 2 + 1]);
        let bytes = [
            a[0].0, a[1].0, a[2].0, a[3].0, b[0].0, b[1].0, b[2].0, b[3].0,
        ];
        let x = (u64::from_le_bytes(bytes) ^ key).wrapping_mul(MIX);
        h ^= x ^ (x >> 29);
    }
    let c = &p.counters;
    let bytes = [
        c.princess_arrows,
        c.library_arrows,
        c.queen_arrows,
        c.red_arrows,
        c.red_arrows_forfeited,
        c.spent_arrows[0],
        c.spent_arrows[1],
        c.cannonballs[0],
        c.cannonballs[1],
        c.spent_cannonballs[0],
        c.spent_cannonballs[1],
        c.seers[0],
        c.seers[1],
        p.sunk[0],
        p.sunk[1],
        p.sunk[2],
        p.sunk[3],
    ];
    let mut packed = [0u64; 3];
    for (i, b) in bytes.iter().enumerate() {
        packed[i / 8] |= u64::from(*b) << ((i % 8) * 8);
    }
    for (i, w) in packed.iter().enumerate() {
        h ^= (w ^ Z_MISC[41 + i]).wrapping_mul(MIX);
    }
    let procedure = u64::from(p.flags) | u64::from(p.pending) << 32 | u64::from(p.pending_at) << 40;
    h ^ (procedure ^ Z_MISC[44]).wrapping_mul(MIX)
}

impl Position {
    /// An empty board, Storm to move, no counters.
    #[must_use]
    pub fn empty() -> Position {
        let mut p = Position {
            forces: [Force::NONE; SQUARES],
            vessels: [Vessel::NONE; SQUARES],
            occupied: [SquareSet::EMPTY; 2],
            fleet: SquareSet::EMPTY,
            areas: [[Force::NONE; AREA_SLOTS]; 8],
            barren: [0; 64],
            sunk: [0; 4],
            counters: Counters::default(),
            flags: 0,
            ep: NO_SQUARE,
            pending: 0,
            pending_at: NO_SQUARE,
            to_move: Side::Red,
            quiet: 0,
            ply: 0,
            outcome: None,
            deployed: [0; 2],
            deployed_vessels: [0; 2],
            hash: 0,
            towers_with_birds: [0; 2],
            princesses: SquareSet::EMPTY,
            royals: SquareSet::EMPTY,
            red_fleet: SquareSet::EMPTY,
            lines: [0; transform::LINES.len()],
            area_forces: [0; 2],
            barren_forces: [0; 2],
            touched: Touched::ALL,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The force on `sq`.
    #[inline]
    #[must_use]
    pub fn force(&self, sq: u8) -> Force {
        self.forces[sq as usize]
    }

    /// The vessel on `sq`.
    #[inline]
    #[must_use]
    pub fn vessel(&self, sq: u8) -> Vessel {
        self.vessels[sq as usize]
    }

    /// Positions holding a force of either side.
    #[inline]
    #[must_use]
    pub fn all_occupied(&self) -> SquareSet {
        let [g, r] = self.occupied;
        SquareSet::from_words([g.0[0] | r.0[0], g.0[1] | r.0[1], g.0[2] | r.0[2]])
    }

    /// Puts `force` on the empty-of-forces position `sq`, keeping the hash and
    /// occupancy.
    #[inline]
    pub fn put(&mut self, sq: u8, force: Force) {
        debug_assert!(self.forces[sq as usize].is_none());
        self.hash ^= self.force_change(sq, force.0);
        self.forces[sq as usize] = force;
        self.occupied[force.side().index()].insert(sq);
        self.towers_with_birds[force.side().index()] += u8::from(has_bird(force));
        if force.kind_value() == Kind::WoodlandPrincess as u8 {
            self.princesses.insert(sq);
        }
        if is_royal(force) {
            self.royals.insert(sq);
        }
        self.count_lines(force.kind_value(), 1);
        self.touched.add(sq);
    }

    /// Adds `n` (1 or -1 as a byte) to the total of every line of descent
    /// kind value `kind` belongs to.
    #[inline]
    fn count_lines(&mut self, kind: u8, n: u8) {
        let mut bits = transform::LINE_OF[usize::from(kind & Force::KIND_MASK)];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            self.lines[i] = self.lines[i].wrapping_add(n);
            bits &= bits - 1;
        }
    }

    /// Adds `n` (1 or -1 as a byte) to the lines of the forces in the special
    /// areas.
    fn count_area_lines(&mut self, n: u8) {
        let areas = self.areas;
        for f in areas.iter().flatten() {
            if f.is_some() {
                self.count_lines(f.kind_value(), n);
            }
        }
    }

    /// Takes the force off `sq` (which must hold one), keeping the hash and
    /// occupancy.
    #[inline]
    pub fn take(&mut self, sq: u8) -> Force {
        let force = self.forces[sq as usize];
        debug_assert!(force.is_some());
        self.hash ^= self.force_change(sq, Force::NONE.0);
        self.forces[sq as usize] = Force::NONE;
        self.occupied[force.side().index()].remove(sq);
        self.towers_with_birds[force.side().index()] -= u8::from(has_bird(force));
        self.princesses.remove(sq);
        self.royals.remove(sq);
        self.count_lines(force.kind_value(), u8::MAX);
        self.touched.add(sq);
        force
    }

    /// Starts recording the positions an action changes (for the next
    /// [`Position::check`]).
    #[inline]
    pub fn begin_action(&mut self) {
        self.touched = Touched::default();
    }

    /// Puts `vessel` on `sq` (which must hold none).
    pub fn put_vessel(&mut self, sq: u8, vessel: Vessel) {
        debug_assert!(!self.vessels[sq as usize].is_some());
        self.hash ^= self.vessel_change(sq, vessel.0);
        self.vessels[sq as usize] = vessel;
        self.fleet.insert(sq);
        if vessel.kind().side() == Side::Red {
            self.red_fleet.insert(sq);
        }
        self.touched.add(sq);
    }

    /// Turns the vessel on `sq` (which must hold one) into `vessel`, of the
    /// same kind (a bow re-aligned, a flag changed): what
    /// [`Position::take_vessel`] and [`Position::put_vessel`] make, the
    /// hash changed once and the fleet's sets left as they are (the kind
    /// fixes them); a debug assertion compares the two.
    #[inline]
    pub(crate) fn change_vessel(&mut self, sq: u8, vessel: Vessel) {
        let before = self.vessels[sq as usize];
        debug_assert!(before.is_some() && vessel.is_some() && before.kind() == vessel.kind());
        #[cfg(debug_assertions)]
        let reference = {
            let mut q = *self;
            q.take_vessel(sq);
            q.put_vessel(sq, vessel);
            q
        };
        self.hash ^= self.vessel_change(sq, vessel.0);
        self.vessels[sq as usize] = vessel;
        self.touched.add(sq);
        #[cfg(debug_assertions)]
        debug_assert!(
            *self == reference
                && self.hash == reference.hash
                && self.touched.squares() == reference.touched.squares(),
            "a vessel changed in place differs from one taken and put"
        );
    }

    /// Takes the vessel off `sq` (which must hold one).
    pub fn take_vessel(&mut self, sq: u8) -> Vessel {
        let vessel = self.vessels[sq as usize];
        debug_assert!(vessel.is_some());
        self.hash ^= self.vessel_change(sq, Vessel::NONE.0);
        self.vessels[sq as usize] = Vessel::NONE;
        self.fleet.remove(sq);
        self.red_fleet.remove(sq);
        self.touched.add(sq);
        vessel
    }

    /// Changes the special areas, counters, sunk vessels or flags through `f`,
    /// keeping the hash.
    #[inline]
    pub fn edit_off_grid(&mut self, f: impl FnOnce(&mut Position)) {
        self.hash ^= rare_key(self);
        self.count_area_lines(u8::MAX);
        f(self);
        self.count_area_lines(1);
        self.area_forces = self.count_area_forces();
        self.touched.off_grid = true;
        self.hash ^= rare_key(self);
    }

    /// Adds one force of kind value `kind` to the Barren Lands.
    #[inline]
    pub fn add_barren(&mut self, kind: usize) {
        let w = kind / 8;
        let before = word(&self.barren[w * 8..w * 8 + 8]);
        self.barren[kind] += 1;
        let after = word(&self.barren[w * 8..w * 8 + 8]);
        self.hash ^= barren_key(w, before) ^ barren_key(w, after);
        // The side's kind values are 0-31 (Forest) or 32-63 (Storms).
        self.barren_forces[(kind / 32) & 1] += 1;
        self.count_lines(kind as u8, 1);
    }

    /// Takes one force of kind value `kind` out of the Barren Lands (an
    /// exchange for a captured force); it must hold one.
    #[inline]
    pub fn remove_barren(&mut self, kind: usize) {
        let w = kind / 8;
        let before = word(&self.barren[w * 8..w * 8 + 8]);
        self.barren[kind] -= 1;
        let after = word(&self.barren[w * 8..w * 8 + 8]);
        self.hash ^= barren_key(w, before) ^ barren_key(w, after);
        self.barren_forces[(kind / 32) & 1] -= 1;
        self.count_lines(kind as u8, u8::MAX);
    }

    /// Sets the en-passant position.
    #[inline]
    pub fn set_ep(&mut self, ep: u8) {
        self.hash ^= ep_key(self.ep) ^ ep_key(ep);
        self.ep = ep;
    }

    /// Sets who moves.
    #[inline]
    pub fn set_to_move(&mut self, side: Side) {
        self.hash ^= side_key(self.to_move) ^ side_key(side);
        self.to_move = side;
    }

    /// Adds `force` to `area`'s first empty slot.
    ///
    /// # Errors
    ///
    /// When the area is full.
    pub fn add_to_area(&mut self, area: Area, force: Force) -> Result<(), String> {
        let mut result = Err(format!("{} is full", area.name()));
        self.edit_off_grid(|p| {
            if let Some(slot) = p.areas[area.index()].iter_mut().find(|f| f.is_none()) {
                *slot = force;
                result = Ok(());
            }
        });
        result
    }

    /// The hash from scratch: a key for each word of eight positions of the
    /// grid's forces and vessels (the module `dragon::grid_hash`), and the
    /// rest.
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        self.off_grid_key() ^ self.grid_key()
    }

    /// The hash of everything but the grid's forces and vessels. Always
    /// inlined: [`Position::compute_hash`], after every step, is its caller
    /// (one frame set up, not two).
    #[inline(always)]
    pub(super) fn off_grid_key(&self) -> u64 {
        let mut h = rare_key(self) ^ ep_key(self.ep) ^ side_key(self.to_move);
        for w in 0..8 {
            h ^= barren_key(w, word(&self.barren[w * 8..w * 8 + 8]));
        }
        h
    }

    /// Forces of `side` anywhere: on the grid, in the special areas, in the
    /// Barren Lands (a tower with her bird inside counts two).
    #[must_use]
    pub fn force_total(&self, side: Side) -> u16 {
        let mut n = 0u16;
        self.occupied[side.index()]
            .for_each(|sq: u8| n += u16::from(self.forces[sq as usize].info().weight));
        for f in self.areas.iter().flatten() {
            if f.is(side) {
                n += u16::from(f.info().weight);
            }
        }
        n + self.barren_total(side)
    }

    /// Forces of `side` in the Barren Lands.
    #[must_use]
    pub fn barren_total(&self, side: Side) -> u16 {
        // The side's kind values are 0-31 (Forest) or 32-63 (Storms).
        let base = side.index() * 32;
        let mut n = 0u16;
        for w in 0..4 {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.barren[base + w * 8..base + w * 8 + 8]);
            let x = u64::from_le_bytes(bytes);
            // Bytewise sum: pairs, then every pair into the top 16 bits.
            let pairs = (x & 0x00ff_00ff_00ff_00ff) + ((x >> 8) & 0x00ff_00ff_00ff_00ff);
            n += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u16;
        }
        n
    }

    /// Vessels of original side `side`, afloat or sunk.
    #[must_use]
    pub fn vessel_total(&self, side: Side) -> u8 {
        let afloat = self
            .fleet
            .iter::<u8>()
            .filter(|&sq| self.vessels[sq as usize].kind().side() == side)
            .count() as u8;
        let base = side.index() * 2;
        afloat + self.sunk[base] + self.sunk[base + 1]
    }

    /// Records the current totals as the deployed ones (after a deployment or
    /// an import) and recomputes the hash.
    pub fn seal(&mut self) {
        self.deployed = [self.force_total(Side::Green), self.force_total(Side::Red)];
        self.deployed_vessels = [self.vessel_total(Side::Green), self.vessel_total(Side::Red)];
        self.lines = transform::line_totals(self);
        self.area_forces = self.count_area_forces();
        self.barren_forces = [self.barren_total(Side::Green), self.barren_total(Side::Red)];
        self.hash = self.compute_hash();
        self.touched = Touched::ALL;
    }
}

/// Whether `force` is a royal: the TrueBorn Prince or the Dark Warlord
/// ([`Position::royals`]).
#[inline]
#[must_use]
pub fn is_royal(force: Force) -> bool {
    let k = force.kind_value();
    k == Kind::TruebornPrince as u8 || k == Kind::DarkWarlord as u8
}
