//! Whether a position is under attack: whether a force of a side could capture
//! there with its next move (seed 000: "The TrueBorn Prince may not move to any
//! position that places him under attack"). The reference model in the tests
//! checks it against the forward generators.
//!
//! [`Threats`] gathers once what the attacking side's forces threaten
//! whatever stands between (adjacent steps, leaps) and which of them capture
//! along lines (riders, jumpers, flyers); each position asked about then costs a
//! set lookup and a walk along the few lines that hold such a force.

use super::super::board::{DIAGONAL, KNIGHT, LANCE, NO_SQUARE, PIKE, Region, SWORD, SquareSet};
use super::super::forces::{Force, Role};
use super::super::options::{JumpTarget, KnightVariation};
use super::super::room;
use super::super::state::flags::ICE_DRAGON_AFIRE;
use super::land::protected;
use super::{Ctx, ocean};
use crate::core::Side;

/// What `by`'s forces on the grid threaten, as seen by `victim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threats {
    /// Positions attacked whatever stands between (steps and leaps).
    fixed: SquareSet,
    /// `by`'s forces that capture along vertical and horizontal lines.
    pub(crate) orthogonal: SquareSet,
    /// `by`'s forces that capture along diagonal lines.
    pub(crate) diagonal: SquareSet,
    /// Positions a force of `by` afloat might capture on, by its moves' shape
    /// ([`ocean::sea_shape`]): elsewhere [`ocean::attacks_from_sea`] is
    /// surely false and is not asked.
    from_sea: SquareSet,
    by: Side,
    victim: Force,
    /// The region of the victim's position the threats were gathered for.
    region: Region,
}

impl Threats {
    /// Gathers the threats of `by` against `victim` standing in `region`
    /// (forces elsewhere cannot reach it on land: the kingdoms are apart).
    pub(crate) fn new(c: &Ctx<'_>, by: Side, victim: Force, region: Region) -> Threats {
        Threats::with_afloat(c, by, victim, region).0
    }

    /// [`Threats::with_afloat`], the threats written straight into `keep`
    /// (where the game keeps its royal's, [`super::Memo`]).
    pub(crate) fn gather_into<'k>(
        c: &Ctx<'_>,
        by: Side,
        victim: Force,
        region: Region,
        keep: &'k mut Option<Threats>,
    ) -> (&'k Threats, [SquareSet; 2]) {
        let (threats, afloat) = Threats::with_afloat(c, by, victim, region);
        (keep.insert(threats), afloat)
    }

    /// [`Threats::new`], and `by`'s forces afloat that capture along
    /// vertical and horizontal lines from the ocean, and along diagonal ones,
    /// by their moves' shape ([`ocean::sea_shape`]: Watchtowers and Castles,
    /// Crossbowmen and Catapults; Buccaneers and Pirates; the Queens both):
    /// the royal-safety Guard's lines reach out to them. (Not kept in
    /// [`Threats`]: the game keeps its royal's, and a smaller copy is cheaper.)
    #[inline(always)]
    pub(crate) fn with_afloat(
        c: &Ctx<'_>,
        by: Side,
        victim: Force,
        region: Region,
    ) -> (Threats, [SquareSet; 2]) {
        let b = c.b;
        let leap = match c.opts.knights {
            KnightVariation::Lance => LANCE,
            KnightVariation::Sword => SWORD,
            KnightVariation::Pike => PIKE,
        };
        let mut fixed = SquareSet::EMPTY;
        let mut orthogonal = SquareSet::EMPTY;
        let mut diagonal = SquareSet::EMPTY;
        let near = c.p.occupied[by.index()].and(c.b.region_set(region));
        // Most often no force of `by` stands in the victim's region (for
        // the Guard, an invader in the royal's kingdom): the loop's set-up
        // over the set's three words is skipped then.
        if !near.is_empty() {
            #[allow(clippy::explicit_iter_loop)]
            for s in near.iter() {
                let f = c.p.force(s);
                if protected(f, victim) {
                    continue;
                }
                let s_ = s as usize;
                let role = f.info().role;
                match role {
                    Role::Royal | Role::Adjacent | Role::Bird => fixed = fixed.or(b.neighbours[s_]),
                    Role::PalaceGuard => {
                        if b.in_palace(by, s) {
                            let palace = match by {
                                Side::Green => b.palace,
                                Side::Red => b.citadel,
                            };
                            fixed = fixed.or(b.neighbours[s_].and(palace));
                        }
                    }
                    Role::Walker | Role::PalaceWalker => fixed = fixed.or(b.walker[by.index()][s_]),
                    Role::Pawn => fixed = fixed.or(b.pawn_captures[by.index()][s_]),
                    Role::Knight => fixed = fixed.or(b.leap_sets[KNIGHT][s_]),
                    Role::Lance => fixed = fixed.or(b.leap_sets[leap][s_]),
                    Role::Fixed | Role::Sentinel => {}
                    Role::Rook
                    | Role::Bishop
                    | Role::Queen
                    | Role::Crossbow
                    | Role::SiegeRook
                    | Role::SiegeBishop
                    | Role::SiegeQueen
                    | Role::FlyerAll
                    | Role::FlyerOrthogonal
                    | Role::FlyerDiagonal => {
                        if role.rides(false) || role.jumps(false) || role.blazes(false) {
                            orthogonal.insert(s);
                        }
                        if role.rides(true) || role.jumps(true) || role.blazes(true) {
                            diagonal.insert(s);
                        }
                    }
                }
            }
        }
        // The Forest Sword from the White Room (ruling `dragon.white-room`),
        // only once the Ice Dragon was set afire: one flag test otherwise.
        if c.p.flags & ICE_DRAGON_AFIRE != 0 {
            fixed = fixed.or(room::sword_reach(c.p, by, victim));
        }
        let mut from_sea = SquareSet::EMPTY;
        let (mut afloat_orthogonal, mut afloat_diagonal) = (SquareSet::EMPTY, SquareSet::EMPTY);
        // The water lies in the set's first two words (positions 45-89):
        // the forces afloat read word by word over those two (the set's
        // iterator, over three, cost some ten instructions a force: made
        // after every action, about two forces afloat each time).
        debug_assert_eq!(b.water.0[2], 0);
        let afloat = c.p.occupied[by.index()].and(b.water);
        for w in 0..2 {
            let mut bits = afloat.0[w];
            while bits != 0 {
                let s = w as u8 * 64 + bits.trailing_zeros() as u8;
                bits &= bits - 1;
                from_sea = from_sea.or(ocean::sea_shape(c, s, by));
                let (orthogonal, diagonal) = ocean::sea_lines(c.p.force(s).info().role);
                if orthogonal {
                    afloat_orthogonal.insert(s);
                }
                if diagonal {
                    afloat_diagonal.insert(s);
                }
            }
        }
        let threats = Threats {
            fixed,
            orthogonal,
            diagonal,
            from_sea,
            by,
            victim,
            region,
        };
        (threats, [afloat_orthogonal, afloat_diagonal])
    }

    /// Whether these are the threats of `by` against `victim` standing in
    /// `region`: [`Threats::new`] depends on nothing else (and on the
    /// position they were gathered in).
    #[inline]
    pub(crate) fn are_for(&self, by: Side, victim: Force, region: Region) -> bool {
        self.by == by && self.victim == victim && self.region == region
    }

    /// Whether `sq` is attacked, with the position `ignore` treated as empty
    /// (the victim's own origin when it moves).
    #[inline(always)]
    pub(crate) fn attacks(&self, c: &Ctx<'_>, sq: u8, ignore: u8) -> bool {
        self.fixed.has(sq) || self.attacks_beyond_fixed(c, sq, ignore)
    }

    /// The positions of `set` not attacked by steps and leaps (the
    /// positions [`Threats::attacks`] answers first).
    #[inline(always)]
    pub(crate) fn beyond_fixed(&self, set: SquareSet) -> SquareSet {
        let mut s = set;
        for w in 0..3 {
            s.0[w] &= !self.fixed.0[w];
        }
        s
    }

    /// The positions of `set` (none attacked by steps and leaps) that
    /// [`Threats::attacks_beyond_fixed`] surely answers false for: with no
    /// rider, jumper or flyer of the kingdom, those no force afloat might
    /// reach by its moves' shape; otherwise none.
    #[inline(always)]
    pub(crate) fn surely_safe(&self, set: SquareSet) -> SquareSet {
        if !self.orthogonal.or(self.diagonal).is_empty() {
            return SquareSet::EMPTY;
        }
        let mut s = set;
        for w in 0..3 {
            s.0[w] &= !self.from_sea.0[w];
        }
        s
    }

    /// [`Threats::attacks`] for a position not attacked by steps and leaps
    /// ([`Threats::beyond_fixed`]): the lines and the forces afloat.
    #[inline(always)]
    pub(crate) fn attacks_beyond_fixed(&self, c: &Ctx<'_>, sq: u8, ignore: u8) -> bool {
        debug_assert!(!self.fixed.has(sq));
        if !c.b.lines[sq as usize].meets(self.orthogonal.or(self.diagonal)) {
            return self.attacks_from_sea(c, sq, ignore);
        }
        self.along_lines(c, sq, ignore) || self.attacks_from_sea(c, sq, ignore)
    }

    /// [`Threats::attacks`] by the forces on land alone (steps, leaps, the
    /// lines of the kingdom, the Forest Sword from the White Room): what
    /// nothing afloat can change.
    pub(crate) fn attacks_on_land(&self, c: &Ctx<'_>, sq: u8, ignore: u8) -> bool {
        self.fixed.has(sq) || self.along_lines(c, sq, ignore)
    }

    /// Whether a rider, jumper or flyer attacks `sq` along a line of the
    /// kingdom.
    #[inline(always)]
    fn along_lines(&self, c: &Ctx<'_>, sq: u8, ignore: u8) -> bool {
        let b = c.b;
        for d in 0..8 {
            let diagonal = is_diagonal(d);
            let liners = if diagonal {
                self.diagonal
            } else {
                self.orthogonal
            };
            if !b.rays[d][sq as usize].meets(liners) {
                continue;
            }
            if along(
                c,
                self.by,
                self.victim,
                sq,
                d,
                (ignore, NO_SQUARE, Force::NONE),
            ) {
                return true;
            }
        }
        false
    }

    /// [`ocean::attacks_from_sea`], asked only where a force afloat might
    /// reach.
    #[inline(always)]
    fn attacks_from_sea(&self, c: &Ctx<'_>, sq: u8, ignore: u8) -> bool {
        self.from_sea.has(sq) && ocean::attacks_from_sea(c, sq, self.by, self.victim, ignore)
    }
}

/// Whether direction `d` is diagonal (one of [`DIAGONAL`]: the odd ones).
#[inline]
const fn is_diagonal(d: usize) -> bool {
    d % 2 == 1
}

const _: () = assert!(
    DIAGONAL[0] == 1 && DIAGONAL[1] == 3 && DIAGONAL[2] == 5 && DIAGONAL[3] == 7,
    "the diagonal directions are the odd ones"
);

/// Walks from `sq` outwards along direction `d` over the forces x1, x2, ...:
/// a rider of `by` attacks as x1, a jumper as x2 (or, under
/// `first-opposing`, as any later x(i) when x1..x(i-2) are all the
/// attacker's), a flyer as any x(i) unless a Shield of the victim's side
/// stands nearer. `edit` = (`ignore`, `put`, `force`): the position `ignore`
/// is read as empty and `put` as holding `force` (an action not yet played).
pub(crate) fn along(
    c: &Ctx<'_>,
    by: Side,
    victim: Force,
    sq: u8,
    d: usize,
    edit: (u8, u8, Force),
) -> bool {
    along_from(c, by, victim, c.b.land_step[d][sq as usize], d, edit)
}

/// [`along`] from `first`, the first position of the line (included): also
/// the walk from an off-grid point such as the White Room's
/// (`dragon.white-room`), whose line begins on the grid.
#[inline(always)]
pub(crate) fn along_from(
    c: &Ctx<'_>,
    by: Side,
    victim: Force,
    first: u8,
    d: usize,
    edit: (u8, u8, Force),
) -> bool {
    let (ignore, put, put_force) = edit;
    let diagonal = is_diagonal(d);
    let step = &c.b.land_step[d];
    let first_opposing = c.opts.jump_target == JumpTarget::FirstOpposing;
    let mut s = first;
    let mut i = 0u8;
    // Whether x1..x(i-1), and x1..x(i-2), are all `by`'s.
    let (mut pre1, mut pre2) = (true, true);
    let mut shielded = false;
    while s != NO_SQUARE {
        let f = if s == put {
            put_force
        } else if s == ignore {
            Force::NONE
        } else {
            c.p.force(s)
        };
        s = step[s as usize];
        if f.is_none() {
            continue;
        }
        i += 1;
        let role = f.info().role;
        if f.is(by) && !protected(f, victim) {
            let jump_ok = i == 2 || (i > 2 && pre2 && first_opposing);
            if (role.rides(diagonal) && i == 1)
                || (role.jumps(diagonal) && jump_ok)
                || (role.blazes(diagonal) && !shielded)
            {
                return true;
            }
        }
        if !f.is(by) && role == Role::Sentinel {
            shielded = true;
        }
        pre2 = pre1;
        pre1 = pre1 && f.is(by);
    }
    false
}

/// Whether a force of `by` could capture `victim` if it stood on `sq`, with the
/// position `ignore` treated as empty.
///
/// Gliding never captures; arrows never target a royal; forces in the special
/// areas do not act on the grid.
pub(crate) fn attacked(c: &Ctx<'_>, sq: u8, victim: Force, by: Side, ignore: u8) -> bool {
    Threats::new(c, by, victim, c.b.region(sq)).attacks(c, sq, ignore)
}
