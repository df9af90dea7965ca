//! The game's own per-origin move cache.
//!
//! Most of a generation is the same as two plies before: an action changes a
//! few positions ([`Position::touched`]), and a land force's moves and
//! captures by its role and its glide ([`land::role_part`]) depend only on
//! what stands on a few positions, its *reads*. The reads kept are a
//! superset fixed by the force and its position (so they are computed only
//! when a force arrives): the origin itself (its own force byte); a
//! stepper's or leaper's pattern; the Dwarf's or Gnome's step, his double
//! step where he may make it, his two captures; the whole paths of riders,
//! jumpers and flyers in their directions within the kingdom; a released
//! bird's orthogonal paths and neighbours; a glider's land positions of the
//! other kingdom along its crossing lines. The options are the game's,
//! fixed. (The exact reads, the walks up to where they stop, recompute
//! fewer origins, but computing them after every recomputation cost more
//! than the origins they spared: 507.2M instructions against 499.0M with
//! the fixed reads, before the readers below.)
//!
//! So the game keeps, for each of its land origins but the royals (whose
//! moves read the threats against them: always generated afresh), that
//! part's destinations and its reads, and for each position the origins
//! reading it (`readers`); after each of its own actions it brings the side
//! to move's entries up to date, generating afresh only the origins reading
//! a position changed since that side's last update (the last two actions;
//! an arrival's own position is among them), a glider's glide set-wise (its
//! reach kept: the unoccupied positions of it). Everything else of a land
//! force's actions (embarking, arrows, maiden flights, en passant) and the
//! ocean's, the Plant, the procedures and the Guard are generated afresh as
//! before. Everything is regenerated when an action changed more positions
//! than `touched` records. A change of the flags, of a pending choice or of
//! what lies off the grid (a Seer consulted, a procedure's step) changes no
//! entry: the role parts read only the grid, and every change of the grid
//! is a [`Position::put`], `take`, `put_vessel` or `take_vessel`, each
//! recorded in `touched`, so a change of the flags alone (the Seer's, set
//! and cleared) does not regenerate every entry.
//!
//! Only the game's own chain of states uses it: the cache lives beside the
//! state, not in it (no part of `Clone::clone_from`, like the sibling
//! record), and is brought up to date only when the state applying an
//! action is the product of the previous application on the same object
//! (its stamp, [`crate::dragon::stamp`]); the copies the full checks apply
//! actions to neither copy nor update it, and the lists are used only for
//! the state whose stamp they were made for. A debug assertion regenerates
//! every entry after each update; a test compares the cached and fresh
//! lists at every ply of random games.

use std::fmt;

use super::super::board::{Board, Region, SquareSet, rank_of};
use super::super::board::{DIAGONAL, KNIGHT, LANCE, NO_SQUARE, ORTHOGONAL, PIKE, SQUARES, SWORD};
use super::super::forces::{Force, Glide, Role};
use super::super::ocean_rules::OpenWater;
use super::super::options::{DragonOptions, KnightVariation};
use super::super::state::{Position, flags};
use super::land::{self, crossing_directions};
use super::ocean;
use super::{Ctx, forward};
use crate::core::Side;

/// No stamp (stamps are handed out from zero upwards, never this high).
const NONE: u64 = u64::MAX;

/// The cache a game keeps beside its state (see the module's text).
pub(crate) struct MoveCache {
    /// The stamp of the state the entries were last brought up to date for
    /// (their dirty sets hold what changed since).
    stamp: u64,
    /// The stamp the owner's last application produced: a state whose stamp
    /// is this continues the owner's own chain.
    product: u64,
    /// Each side's entries, once the owner's chain has made them (allocated
    /// once, when an object's chain first continues; never for a copy that
    /// applies one action at a time).
    sides: Option<Box<[SideLists; 2]>>,
}

impl Default for MoveCache {
    fn default() -> MoveCache {
        MoveCache {
            stamp: NONE,
            product: NONE,
            sides: None,
        }
    }
}

impl fmt::Debug for MoveCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveCache")
            .field("stamp", &self.stamp)
            .field("product", &self.product)
            .field("built", &self.sides.is_some())
            .finish()
    }
}

/// The role parts of a cache keeping no origin.
pub(crate) static NONE_KEPT: [SquareSet; SQUARES] = [SquareSet::EMPTY; SQUARES];

/// One side's entries.
pub(crate) struct SideLists {
    /// The stamp of the state (that side to move) the entries are exact for.
    exact_at: u64,
    /// Whether the entries are kept at all (false: every origin afresh).
    valid: bool,
    /// The origins with an entry: the side's land forces but the royals.
    origins: SquareSet,
    /// The positions changed since the entries were last brought up to date.
    dirty: SquareSet,
    /// The origins whose `dests` and `embarks` are empty and whose force
    /// has no extras (no arrows, no maiden flight: [`Force::has_extras`]):
    /// off the banners, with no en-passant position set, the generation
    /// writes nothing for them.
    idle: SquareSet,
    /// The kept origins whose force has extras (arrows, a maiden flight:
    /// [`Force::has_extras`]).
    extras: SquareSet,
    /// Each origin's [`land::role_part`].
    dests: [SquareSet; SQUARES],
    /// Each origin's `dests` and `embarks` together: all it writes (moves
    /// and captures) when its force has no extras, off the banners and
    /// with no en-passant position set.
    both: [SquareSet; SQUARES],
    /// The positions each origin's `dests` depend on ([`reads`] and
    /// [`glide_reach`]).
    reads: [SquareSet; SQUARES],
    /// Each origin's [`glide_reach`].
    glides: [SquareSet; SQUARES],
    /// Each origin's embarking destinations ([`embark_part`]): a function
    /// of its force, its `reads` (a rider's way to the coast lies on its
    /// paths), the free vessels `zone_free` and, when rides pass over open
    /// water, the fleet's positions (`sea_key`): regenerated with the
    /// origin's entry, and for every origin when those change.
    embarks: [SquareSet; SQUARES],
    /// The fleet's positions when rides pass over open water (the
    /// embarking rides read them), empty otherwise.
    sea_key: SquareSet,
    /// For each position, the origins whose `reads` hold it (and itself; a
    /// superset: an origin gone may stay).
    readers: [SquareSet; SQUARES],
    /// The side's unoccupied vessels flying its colour when `zone` was
    /// computed.
    zone_free: SquareSet,
    /// [`ocean::embark_zone`] with `zone_free` the free vessels: the
    /// generation's embarking zone (it depends on nothing else and the
    /// options; recomputed when they change).
    zone: SquareSet,
}

impl SideLists {
    fn new() -> SideLists {
        SideLists {
            exact_at: NONE,
            valid: false,
            origins: SquareSet::EMPTY,
            dirty: SquareSet::EMPTY,
            idle: SquareSet::EMPTY,
            extras: SquareSet::EMPTY,
            dests: [SquareSet::EMPTY; SQUARES],
            both: [SquareSet::EMPTY; SQUARES],
            reads: [SquareSet::EMPTY; SQUARES],
            glides: [SquareSet::EMPTY; SQUARES],
            embarks: [SquareSet::EMPTY; SQUARES],
            sea_key: SquareSet::EMPTY,
            readers: [SquareSet::EMPTY; SQUARES],
            zone_free: SquareSet::EMPTY,
            zone: SquareSet::EMPTY,
        }
    }

    /// The embarking zone of the state the entries are exact for
    /// ([`ocean::embark_zone`]).
    #[inline(always)]
    pub(crate) fn embark_zone(&self) -> SquareSet {
        self.zone
    }

    /// The origins kept, and each one's [`land::role_part`].
    #[inline(always)]
    pub(crate) fn parts(&self) -> (SquareSet, &[SquareSet; SQUARES]) {
        (self.origins, &self.dests)
    }

    /// Each kept origin's embarking destinations ([`embark_part`]).
    #[inline(always)]
    pub(crate) fn embarks(&self) -> &[SquareSet; SQUARES] {
        &self.embarks
    }

    /// The kept origins with no action off the banners while no en-passant
    /// position is set: an empty [`land::role_part`], no embarking, no
    /// extras.
    #[inline(always)]
    pub(crate) fn idle(&self) -> SquareSet {
        self.idle
    }

    /// The kept origins whose force has extras ([`Force::has_extras`]).
    #[inline(always)]
    pub(crate) fn extras(&self) -> SquareSet {
        self.extras
    }

    /// Each kept origin's role part and embarking part together.
    #[inline(always)]
    pub(crate) fn both(&self) -> &[SquareSet; SQUARES] {
        &self.both
    }

    /// Brings the entries up to date for `p` (their side to move), with the
    /// stamp `stamp`. Always inlined into its one caller
    /// ([`MoveCache::advance`]): one frame set up, not two.
    #[inline(always)]
    fn update(&mut self, p: &Position, opts: &DragonOptions, stamp: u64) {
        // One context for the role parts and the embarking parts: the role
        // parts read neither its free vessels nor its embarking zone, set
        // below.
        let mut c = role_ctx(p, opts);
        let land = kept_origins(p, c.b, c.side);
        // The embarking zone, recomputed only when the free vessels changed
        // (`zone_free` starts empty, whose zone is empty).
        let mut free = SquareSet::EMPTY;
        for w in 0..3 {
            let red = p.red_fleet.0[w];
            let ours = if c.side == Side::Red { red } else { !red };
            free.0[w] = p.fleet.0[w] & c.empty.0[w] & ours;
        }
        c.free_allied = free;
        let sea_key = if opts.open_water == OpenWater::Passes {
            p.fleet
        } else {
            SquareSet::EMPTY
        };
        // Every origin's embarking part regenerated when what they all read
        // at sea changed (or all entries are made afresh).
        let embark_all = !self.valid || free != self.zone_free || sea_key != self.sea_key;
        if free != self.zone_free {
            self.zone_free = free;
            self.zone = ocean::embark_zone(&c);
        }
        self.sea_key = sea_key;
        c.embark_zone = self.zone;
        if self.valid {
            // The origins reading a changed position: an arrival's own
            // position changed, and every position reads itself.
            // A force not on a changed position is the one whose reads
            // are kept (they depend only on it and its position).
            let dirty = self.dirty;
            let mut redo = SquareSet::EMPTY;
            dirty.for_each(|sq: u8| redo = redo.or(self.readers[usize::from(sq)]));
            let redo = redo.and(land);
            // Often none (a vessel re-aligned, a move no kept origin reads):
            // tested first, so that what the compiler sets up ahead of the
            // loop (some sixty instructions) is not made for nothing.
            if !redo.is_empty() {
                for w in 0..3 {
                    // Written out (not `for_each`'s closure: a call an origin).
                    let mut bits = redo.0[w];
                    while bits != 0 {
                        let from = w as u8 * 64 + bits.trailing_zeros() as u8;
                        bits &= bits - 1;
                        if dirty.has(from) {
                            self.compute(&c, from);
                        } else {
                            // The glide set-wise: where it reaches, unoccupied.
                            let (f, i) = (p.force(from), usize::from(from));
                            let glides = self.glides[i].and(c.empty);
                            self.dests[i] = land::role_moves(&c, from, f).or(glides);
                        }
                        if !embark_all {
                            self.embarks[usize::from(from)] = embark_part(&c, from, p.force(from));
                        }
                        self.mark_idle(p, from);
                    }
                }
            }
        } else {
            for (sq, r) in self.readers.iter_mut().enumerate() {
                *r = SquareSet::EMPTY;
                r.insert(sq as u8);
            }
            self.reads = [SquareSet::EMPTY; SQUARES];
            land.for_each(|from| {
                self.compute(&c, from);
                self.mark_idle(p, from);
            });
        }
        if embark_all {
            land.for_each(|from| {
                self.embarks[usize::from(from)] = embark_part(&c, from, p.force(from));
                self.mark_idle(p, from);
            });
        }
        // An origin gone keeps no mark (one arrived was recomputed above).
        self.idle = self.idle.and(land);
        self.extras = self.extras.and(land);
        self.origins = land;
        self.dirty = SquareSet::EMPTY;
        self.valid = true;
        self.exact_at = stamp;
        #[cfg(debug_assertions)]
        self.assert_exact(&c);
    }

    /// Marks the origin `from` idle or not after its `dests` and `embarks`
    /// were made, and keeps the two together (`both`). Whether its force
    /// has extras was marked when its entry was made ([`SideLists::compute`]:
    /// the force is the same until its position changes).
    #[inline(always)]
    fn mark_idle(&mut self, p: &Position, from: u8) {
        let i = usize::from(from);
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        let both = self.dests[i].or(self.embarks[i]);
        self.both[i] = both;
        debug_assert_eq!(self.extras.has(from), p.force(from).has_extras());
        if both.is_empty() && self.extras.0[w] & bit == 0 {
            self.idle.0[w] |= bit;
        } else {
            self.idle.0[w] &= !bit;
        }
    }

    /// Generates the entry of the origin `from` afresh, keeping `readers`,
    /// and marks whether its force has extras.
    #[inline(always)]
    fn compute(&mut self, c: &Ctx<'_>, from: u8) {
        let i = usize::from(from);
        let f = c.p.force(from);
        self.dests[i] = land::role_part(c, from, f);
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        if f.has_extras() {
            self.extras.0[w] |= bit;
        } else {
            self.extras.0[w] &= !bit;
        }
        let glides = glide_reach(c, from, f);
        self.glides[i] = glides;
        let (old, new) = (self.reads[i], reads(c, from, f).or(glides));
        if old != new {
            self.reads[i] = new;
            let (mut gone, mut added) = (SquareSet::EMPTY, SquareSet::EMPTY);
            for w in 0..3 {
                gone.0[w] = old.0[w] & !new.0[w];
                added.0[w] = new.0[w] & !old.0[w];
            }
            gone.for_each(|sq: u8| self.readers[usize::from(sq)].remove(from));
            added.for_each(|sq: u8| self.readers[usize::from(sq)].insert(from));
        }
    }

    /// Every entry regenerated and compared (debug builds, after each
    /// update).
    #[cfg(debug_assertions)]
    fn assert_exact(&self, c: &Ctx<'_>) {
        assert_eq!(self.origins, kept_origins(c.p, c.b, c.side));
        let mut idle = SquareSet::EMPTY;
        self.origins.for_each(|from| {
            let f = c.p.force(from);
            let all = land::role_part(c, from, f).or(embark_part(c, from, f));
            if all.is_empty() && !f.has_extras() {
                idle.insert(from);
            }
        });
        assert_eq!(self.idle, idle, "the idle origins differ");
        let mut extras = SquareSet::EMPTY;
        self.origins.for_each(|from| {
            if c.p.force(from).has_extras() {
                extras.insert(from);
            }
            let i = usize::from(from);
            assert_eq!(self.both[i], self.dests[i].or(self.embarks[i]));
        });
        assert_eq!(self.extras, extras, "the origins with extras differ");
        assert_eq!(
            self.zone,
            ocean::embark_zone(c),
            "the embarking zone differs"
        );
        self.origins.for_each(|from| {
            let f = c.p.force(from);
            let i = usize::from(from);
            assert_eq!(
                self.dests[i],
                land::role_part(c, from, f),
                "the cached destinations of {from} differ"
            );
            assert_eq!(
                self.reads[i],
                reads(c, from, f).or(glide_reach(c, from, f)),
                "the cached reads of {from} differ"
            );
            assert_eq!(self.glides[i], glide_reach(c, from, f));
            assert_eq!(
                self.embarks[i],
                embark_part(c, from, f),
                "the cached embarking of {from} differs"
            );
            self.reads[i].for_each(|sq: u8| {
                assert!(
                    self.readers[usize::from(sq)].has(from),
                    "{from} reads {sq} unrecorded"
                );
            });
        });
    }
}

/// The embarking destinations of the force `f` of the side to move on land
/// position `from` (not a royal: no royal's limits), `c` with its free
/// vessels and embarking zone: what [`land::generate_with`] adds to its
/// role part.
#[inline(always)]
pub(crate) fn embark_part(c: &Ctx<'_>, from: u8, f: Force) -> SquareSet {
    let mut t = SquareSet::EMPTY;
    if ocean::seafaring(f) && c.embark_zone.has(from) && ocean::may_embark(c, from, f.info().role) {
        ocean::embark(c, from, f, &mut t);
    }
    t
}

/// The context [`land::role_part`] reads (the position, the options, the
/// unoccupied positions and the prey), without the vessels' part of
/// [`Ctx::new`] that only embarking reads (the update sets the free
/// vessels and the embarking zone itself).
#[inline(always)]
fn role_ctx<'a>(p: &'a Position, opts: &'a DragonOptions) -> Ctx<'a> {
    let side = p.to_move;
    let [g, r] = p.occupied;
    let mut empty = SquareSet::EMPTY;
    let mut prey = p.occupied[side.opponent().index()];
    for w in 0..3 {
        empty.0[w] = !(g.0[w] | r.0[w]);
        prey.0[w] &= !p.princesses.0[w];
    }
    let c = Ctx {
        p,
        b: super::super::board::board(),
        opts,
        side,
        empty,
        prey,
        free_allied: SquareSet::EMPTY,
        royal_threats: None,
        embark_zone: SquareSet::EMPTY,
    };
    debug_assert!({
        let full = Ctx::new(p, opts);
        full.empty == c.empty && full.prey == c.prey
    });
    c
}

/// The origins the cache keeps for `side` in `p`: its forces on land but
/// the royals.
#[inline]
fn kept_origins(p: &Position, b: &Board, side: Side) -> SquareSet {
    let mut o = p.occupied[side.index()];
    for w in 0..3 {
        o.0[w] &= !(b.water.0[w] | p.royals.0[w]);
    }
    o
}

impl MoveCache {
    /// The side to move's entries when they are exact for the state with
    /// stamp `stamp`.
    #[inline]
    pub(crate) fn lists(&self, stamp: u64, side: Side) -> Option<&SideLists> {
        let s = &self.sides.as_deref()?[side.index()];
        (s.exact_at == stamp).then_some(s)
    }

    /// After the owner applied an action to the state with stamp `before`,
    /// making `p` with stamp `after`: when that state was the product of its
    /// previous application (its own chain), records what changed and brings
    /// the side to move's entries up to date.
    #[inline]
    pub(crate) fn after_apply(
        &mut self,
        before: u64,
        after: u64,
        p: &Position,
        opts: &DragonOptions,
    ) {
        let chain = self.product == before;
        self.product = after;
        if chain {
            self.advance(before, after, p, opts);
        }
    }

    /// [`MoveCache::after_apply`] on the owner's own chain.
    #[inline(never)]
    fn advance(&mut self, before: u64, after: u64, p: &Position, opts: &DragonOptions) {
        let sides = self
            .sides
            .get_or_insert_with(|| Box::new([SideLists::new(), SideLists::new()]));
        match p.touched.squares() {
            Some(changed) if self.stamp == before => {
                // The changed positions as one set, added to both sides'.
                let mut set = SquareSet::EMPTY;
                for &sq in changed {
                    set.insert(sq);
                }
                for s in sides.iter_mut() {
                    s.dirty = s.dirty.or(set);
                }
            }
            _ => {
                for s in sides.iter_mut() {
                    s.valid = false;
                }
            }
        }
        self.stamp = after;
        // Where the generator lists no land force's own moves (a choice
        // awaits, the Trident opening) or nothing: no update (what changed
        // stays recorded).
        let trident = p.flags & flags::TRIDENT_OPENING != 0 && p.to_move == Side::Red;
        if p.outcome.is_some() || p.pending != 0 || trident {
            return;
        }
        sides[p.to_move.index()].update(p, opts, after);
    }
}

/// Positions that the [`land::role_moves`] of the force `f` of the side to
/// move on land position `from` (not a royal) depends on, and `from`
/// itself: a superset fixed by the force and its position (see the
/// module's text). With its [`glide_reach`], what its [`land::role_part`]
/// depends on.
#[inline(always)]
pub(crate) fn reads(c: &Ctx<'_>, from: u8, f: Force) -> SquareSet {
    let (b, s) = (c.b, usize::from(from));
    let info = f.info();
    let mut r = SquareSet::EMPTY;
    r.insert(from);
    match info.role {
        Role::Royal => debug_assert!(false, "the royal's moves are not cached"),
        Role::Fixed => {}
        Role::Adjacent | Role::Sentinel => r = r.or(b.neighbours[s]),
        Role::PalaceGuard => {
            let palace = match c.side {
                Side::Green => b.palace,
                Side::Red => b.citadel,
            };
            r = r.or(b.neighbours[s].and(palace));
        }
        Role::Walker | Role::PalaceWalker => r = r.or(b.walker[c.side.index()][s]),
        Role::Pawn => {
            let fwd = forward(c.side);
            let one = b.land_step[fwd][s];
            if one != NO_SQUARE {
                r.insert(one);
                let second = Board::kingdom_rank(c.side, 1);
                if f.is_unmoved() && rank_of(from) == second {
                    let two = b.land_step[fwd][usize::from(one)];
                    if two != NO_SQUARE {
                        r.insert(two);
                    }
                }
            }
            r = r.or(b.pawn_captures[c.side.index()][s]);
        }
        Role::Knight => r = r.or(b.leap_sets[KNIGHT][s]),
        Role::Lance => {
            let table = match c.opts.knights {
                KnightVariation::Lance => LANCE,
                KnightVariation::Sword => SWORD,
                KnightVariation::Pike => PIKE,
            };
            r = r.or(b.leap_sets[table][s]);
        }
        Role::Rook | Role::Crossbow | Role::SiegeRook | Role::FlyerOrthogonal => {
            r = r.or(rays(b, s, ORTHOGONAL));
        }
        Role::Bishop | Role::SiegeBishop | Role::FlyerDiagonal => r = r.or(rays(b, s, DIAGONAL)),
        Role::Queen | Role::SiegeQueen | Role::FlyerAll => {
            r = r.or(rays(b, s, ORTHOGONAL)).or(rays(b, s, DIAGONAL));
        }
        Role::Bird => {
            for d in ORTHOGONAL {
                r = r.or(b.rays[d][s]);
            }
            r = r.or(b.neighbours[s]);
        }
    }
    r
}

/// The land positions of the other kingdom along the crossing lines of the
/// glider `f` on `from` (none for a force that does not glide): what its
/// glide reads, and where it glides when they are unoccupied (`land`'s
/// `glide`, "to an unoccupied position within the opposite Kingdom").
pub(crate) fn glide_reach(c: &Ctx<'_>, from: u8, f: Force) -> SquareSet {
    let glide = f.info().glide;
    let mut r = SquareSet::EMPTY;
    if glide == Glide::No {
        return r;
    }
    let b = c.b;
    let home = b.region(from);
    for &d in crossing_directions(c, from, glide == Glide::VerticalDiagonal) {
        let step = &b.step[d];
        let mut sq = step[usize::from(from)];
        while sq != NO_SQUARE {
            let region: Region = b.region(sq);
            if region.is_land() && region != home {
                r.insert(sq);
            }
            sq = step[usize::from(sq)];
        }
    }
    r
}

/// The positions of `s`'s kingdom along the four directions `dirs`.
#[inline(always)]
fn rays(b: &Board, s: usize, dirs: [usize; 4]) -> SquareSet {
    b.rays[dirs[0]][s]
        .or(b.rays[dirs[1]][s])
        .or(b.rays[dirs[2]][s])
        .or(b.rays[dirs[3]][s])
}

#[cfg(test)]
mod tests {
    use crate::core::{Game, zobrist::splitmix64};
    use crate::dragon::moves::{DragonActions, legal_actions_guarded};
    use crate::dragon::{Dragon, DragonOptions};

    /// Random games from the deployment and the perft table's positions,
    /// played on one object (its own chain: the cache kept): at every ply
    /// the listed actions equal a fresh generation's (no cache, the Guard
    /// afresh). Now and then a copy of the game is applied an action to, as
    /// the full checks do, and the game itself is made a copy of another
    /// state (its chain broken and taken up again).
    #[test]
    fn the_cached_lists_equal_fresh_ones() {
        let opts = DragonOptions::default();
        let mut games = crate::dragon::guard::tests::start_games(&opts);
        for _ in 1..8 {
            games.push(Dragon::new(&opts));
        }
        let (mut listed, mut fresh) = (DragonActions::new(), DragonActions::new());
        let mut x = 0x5eed_u64;
        let (mut plies, mut cached, mut breaks) = (0usize, 0usize, 0usize);
        for start in &games {
            let mut g = start.clone();
            let mut scratch = g.clone();
            for ply in 0..400u64 {
                g.legal_actions(&mut listed);
                legal_actions_guarded(&g.pos, &g.options, None, None, None, &mut fresh);
                assert_eq!(listed, fresh, "ply {ply} of {}", g.export_string());
                plies += 1;
                cached += usize::from(g.cache.lists(g.stamp, g.pos.to_move).is_some());
                if listed.is_empty() {
                    break;
                }
                x = splitmix64(x ^ ply);
                let a = listed[(x % listed.len() as u64) as usize];
                if ply % 7 == 3 {
                    // A full check's copy: neither uses nor disturbs the cache.
                    scratch.clone_from(&g);
                    scratch.apply_unchecked(a, &mut |_| {});
                    scratch.legal_actions(&mut listed);
                    legal_actions_guarded(
                        &scratch.pos,
                        &scratch.options,
                        None,
                        None,
                        None,
                        &mut fresh,
                    );
                    assert_eq!(listed, fresh, "a copy, ply {ply}");
                }
                if ply % 50 == 49 {
                    // The chain broken: the game made a copy of another
                    // object's product, then played on.
                    scratch.clone_from(&g);
                    scratch.apply_unchecked(a, &mut |_| {});
                    g.clone_from(&scratch);
                    breaks += 1;
                    continue;
                }
                g.apply_unchecked(a, &mut |_| {});
            }
        }
        eprintln!("{plies} plies, {cached} from the cache, {breaks} chains broken");
        assert!(breaks > 30, "{breaks}");
        assert!(plies > 4000, "{plies}");
        assert!(cached * 10 > plies * 8, "{cached} of {plies}");
    }
}
