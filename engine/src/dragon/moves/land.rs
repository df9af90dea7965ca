//! The land forces' moves and captures (seed 000, "Scope, Moves and Powers of
//! the Forces"). Every force moves within its kingdom (the ocean's five ranks
//! separate the kingdoms, so a move, leap or flight on land never leaves it),
//! but for gliding, which crosses Trafalgar Ocean to the other kingdom, and an
//! Albatross's or Raven's maiden flight.
//!
//! Each force's destinations are gathered in a [`SquareSet`] and written
//! ascending; the rarer actions (arrows, maiden flights, en passant) are
//! merged in order.

use super::super::action::{Action, ActionKind};
use super::super::board::{DIAGONAL, KNIGHT, LANCE, NO_SQUARE, ORTHOGONAL, PIKE, SWORD, SquareSet};
use super::super::forces::{Archery, Force, Glide, Kind, Role};
use super::super::options::{JumpTarget, KnightVariation, WarlordIntoAttack};
use super::{Ctx, LATERAL, Sink, attack, diagonal_forward, forward, ocean};

const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

impl Ctx<'_> {
    /// Whether `attacker` (of the side to move) may capture the force on `sq`:
    /// it is an opposing force and no power protects it from this attacker.
    ///
    /// - the Woodland Princess "cannot be captured by the Storm Forces" (the
    ///   Northern Light);
    /// - the Forest Sword "protects the TrueBorn Prince from attack by the Dark
    ///   Warlord";
    /// - the Dark Crystal "protects the Red Witch from attack by the TrueBorn
    ///   Prince".
    #[inline]
    pub(crate) fn capturable(&self, attacker: Force, sq: u8) -> bool {
        let target = self.p.force(sq);
        target.is(self.side.opponent()) && !protected(attacker, target)
    }
}

/// Whether `target` is protected from `attacker` (see [`Ctx::capturable`]).
#[inline]
pub(crate) fn protected(attacker: Force, target: Force) -> bool {
    // The kind values compared (no `Option<Kind>` decoded: asked at every
    // capture a rider or flyer finds).
    let (a, t) = (attacker.kind_value(), target.kind_value());
    if t == Kind::WoodlandPrincess as u8 {
        true
    } else if t == Kind::TruebornPrince as u8 {
        a == Kind::DarkWarlord as u8
    } else if t == Kind::RedWitch as u8 {
        a == Kind::TruebornPrince as u8
    } else {
        false
    }
}

/// Writes every action of the force `f` of the side to move on land position
/// `from`.
pub(crate) fn generate(c: &Ctx<'_>, from: u8, f: Force, out: &mut impl Sink) {
    generate_with(c, from, f, role_part(c, from, f), out);
}

/// The destinations of the force `f` of the side to move on land position
/// `from` by its role's moves and captures and its glide: its actions but
/// for embarking, arrows, maiden flights and en passant. For every role but
/// the royal's, a function of the positions [`super::cache::reads`] and
/// [`super::cache::glide_reach`] list (the move cache keeps it).
#[inline(always)]
pub(crate) fn role_part(c: &Ctx<'_>, from: u8, f: Force) -> SquareSet {
    let mut t = role_moves(c, from, f);
    let glides = f.info().glide;
    if glides != Glide::No {
        glide(c, from, glides, &mut t);
    }
    t
}

/// [`role_part`] without the glide: the role's moves and captures.
#[inline(always)]
pub(crate) fn role_moves(c: &Ctx<'_>, from: u8, f: Force) -> SquareSet {
    let info = f.info();
    let mut t = SquareSet::EMPTY;
    match info.role {
        Role::Fixed => {}
        Role::Royal => royal(c, from, f, &mut t),
        Role::Adjacent => adjacent(c, from, f, &mut t, false),
        Role::Sentinel => sentinel(c, from, &mut t),
        Role::PalaceGuard => adjacent(c, from, f, &mut t, true),
        Role::Walker | Role::PalaceWalker => walker(c, from, f, &mut t),
        Role::Pawn => pawn(c, from, f, &mut t),
        Role::Knight => leaps(c, from, f, KNIGHT, &mut t),
        Role::Lance => match c.opts.knights {
            KnightVariation::Lance => leaps(c, from, f, LANCE, &mut t),
            KnightVariation::Sword => leaps(c, from, f, SWORD, &mut t),
            KnightVariation::Pike => leaps(c, from, f, PIKE, &mut t),
        },
        Role::Rook => slide(c, from, f, &ORTHOGONAL, &mut t, true),
        Role::Bishop => slide(c, from, f, &DIAGONAL, &mut t, true),
        Role::Queen => slide(c, from, f, &ALL_DIRECTIONS, &mut t, true),
        Role::Crossbow => {
            slide(c, from, f, &ORTHOGONAL, &mut t, false);
            jump(c, from, f, &ORTHOGONAL, &mut t);
        }
        Role::SiegeRook => {
            slide(c, from, f, &ORTHOGONAL, &mut t, true);
            jump(c, from, f, &ORTHOGONAL, &mut t);
        }
        Role::SiegeBishop => {
            slide(c, from, f, &DIAGONAL, &mut t, true);
            jump(c, from, f, &DIAGONAL, &mut t);
        }
        Role::SiegeQueen => {
            slide(c, from, f, &ALL_DIRECTIONS, &mut t, true);
            jump(c, from, f, &ALL_DIRECTIONS, &mut t);
        }
        Role::FlyerAll => fly(c, from, f, &ALL_DIRECTIONS, &mut t),
        Role::FlyerOrthogonal => fly(c, from, f, &ORTHOGONAL, &mut t),
        Role::FlyerDiagonal => fly(c, from, f, &DIAGONAL, &mut t),
        Role::Bird => bird(c, from, f, &mut t),
    }
    t
}

/// Writes every action of the force `f` of the side to move on land position
/// `from`, `t` being its [`role_part`]: that, embarking, and the rarer
/// actions merged in order.
#[inline(always)]
pub(crate) fn generate_with(c: &Ctx<'_>, from: u8, f: Force, t: SquareSet, out: &mut impl Sink) {
    let info = f.info();
    let mut t = t;
    // Outside the zone no embarking shape reaches a free allied vessel.
    debug_assert!(c.embark_zone.has(from) || !ocean::may_embark(c, from, info.role));
    if ocean::seafaring(f) && c.embark_zone.has(from) && ocean::may_embark(c, from, info.role) {
        ocean::embark(c, from, f, &mut t);
    }
    let enemy = c.p.occupied[c.side.opponent().index()];
    generate_ashore(c, from, f, t, true, enemy, out);
}

/// [`generate_with`] for a force that cannot embark from `from` (off the
/// generation's embarking zone, [`Ctx::embark_zone`]), `t` being its
/// [`role_part`], or for one whose embarking destinations are known (`t`
/// then its role part and those, as the move cache keeps them): `t` and
/// the rarer actions merged in order. `ep`: whether
/// an en-passant capture may be open (false only where the caller knows
/// that no en-passant position is set). `enemy`: the opposing forces'
/// positions (`c.p.occupied` of the opponent), read once by the
/// generation's loop over the origins, not again at each (after a write
/// into the list the compiler read them afresh).
#[inline(always)]
pub(crate) fn generate_ashore(
    c: &Ctx<'_>,
    from: u8,
    f: Force,
    t: SquareSet,
    ep: bool,
    enemy: SquareSet,
    out: &mut impl Sink,
) {
    debug_assert!(ep || c.p.ep == NO_SQUARE);
    debug_assert_eq!(enemy, c.p.occupied[c.side.opponent().index()]);
    let info = f.info();
    let extras = f.has_extras() || (ep && c.p.ep != NO_SQUARE && info.role == Role::Walker);
    if !extras {
        // A blocked force (common on a crowded board) writes nothing: the
        // sink's set-up is skipped.
        if !t.is_empty() {
            out.push_moves(from, t, enemy);
        }
        return;
    }
    // Merge the rarer actions in order: at most a few dozen, on a few forces.
    let mut extra = SquareSet::EMPTY;
    let mut extra_kind = ActionKind::Move;
    if info.archery != Archery::No {
        arrows(c, from, info.archery, &mut extra);
        extra_kind = ActionKind::Arrow;
    } else if f.kind_value() == Kind::WatchtowerAlbatross as u8
        || f.kind_value() == Kind::CastleRaven as u8
    {
        maiden_flight(c, from, &mut extra);
        extra_kind = ActionKind::Release;
    } else if en_passant_from(c, from) {
        extra.insert(c.p.ep);
        extra_kind = ActionKind::EnPassant;
    }
    // Destinations ascending; at one destination the ordinary action (kind 0 or
    // 1) sorts before the extra one (kind 2-4). Word by word, as the
    // sink's `push_moves`.
    let base = Action::new(ActionKind::Move, from, 0, 0).0;
    let extra_base = Action::new(extra_kind, from, 0, 0).0;
    for w in 0..3 {
        let (plain_bits, extra_bits) = (t.0[w], extra.0[w]);
        let mut bits = plain_bits | extra_bits;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let to = w as u32 * 64 + i;
            if plain_bits >> i & 1 != 0 {
                let capture = (enemy.0[w] >> i) as u32 & 1;
                out.push(Action(base | to << 16 | capture << 8));
            }
            if extra_bits >> i & 1 != 0 {
                out.push(Action(extra_base | to << 16));
            }
        }
    }
}

/// The TrueBorn Prince and the Dark Warlord: "can move (or board) to any
/// adjacent unoccupied position ... can capture (or board and capture) and
/// replace any opposing force occupying an adjacent position"; "may not move to
/// any position that places him under attack" (the Prince; the Dark Warlord by
/// ruling `dragon.warlord-into-attack`).
fn royal(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let check = f.kind() == Some(Kind::TruebornPrince)
        || c.opts.warlord_into_attack == WarlordIntoAttack::Forbidden;
    let mut candidates = SquareSet::EMPTY;
    adjacent(c, from, f, &mut candidates, false);
    if f.is_unmoved() {
        // Towering and Castling (their own conditions, whatever the ruling).
        super::super::procedures::towering::targets(c, from, f, t);
    }
    if !check || candidates.is_empty() {
        *t = t.or(candidates);
        return;
    }
    let (by, region) = (c.side.opponent(), c.b.region(from));
    // The Guard gathered the same threats for this position (its royal's);
    // otherwise they are gathered here.
    let gathered;
    let threats = match c.royal_threats {
        Some(t) if t.are_for(by, f, region) => t,
        _ => {
            gathered = attack::Threats::new(c, by, f, region);
            &gathered
        }
    };
    // The positions attacked by steps and leaps taken out at once, those
    // no line nor force afloat reaches added at once (most often all: the
    // opponent's liners in the royal's kingdom are its invaders).
    let open = threats.beyond_fixed(candidates);
    let safe = threats.surely_safe(open);
    debug_assert!(
        {
            let mut all = true;
            safe.for_each(|to| all &= !threats.attacks(c, to, from));
            all
        },
        "a position added at once is attacked"
    );
    *t = t.or(safe);
    let mut asked = open;
    for w in 0..3 {
        asked.0[w] &= !safe.0[w];
    }
    // Most often none are left to ask: no walk over the set's three words.
    if !asked.is_empty() {
        asked.for_each(|to| {
            if !threats.attacks_beyond_fixed(c, to, from) {
                t.insert(to);
            }
        });
    }
}

/// The Red Witch ("can move (or board) to any adjacent unoccupied position ...
/// capture ... any opposing force occupying an adjacent position"), and with
/// `palace` the Guards and Warders ("can move to any adjacent position within
/// his palace", "capture on any adjacent position within his palace").
#[inline(always)]
fn adjacent(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet, palace: bool) {
    let mut near = c.b.neighbours[from as usize];
    if palace {
        near = near.and(match c.side {
            crate::core::Side::Green => c.b.palace,
            crate::core::Side::Red => c.b.citadel,
        });
    }
    near = near.and(c.open());
    // The Forest Sword and the Dark Crystal: the Dark Warlord never captures
    // the TrueBorn Prince, the Prince never the Red Witch. Most often no
    // opposing force stands next to him: no walk over the set's words.
    let victims = near.and(c.prey);
    if !victims.is_empty() {
        victims.for_each(|to| {
            if protected(f, c.p.force(to)) {
                near.remove(to);
            }
        });
    }
    *t = t.or(near);
}

/// The Librarian and the Jailer On Guard: "can move to any unoccupied adjacent
/// position but is confined to the Forest Kingdom"; "no powers of capture".
fn sentinel(c: &Ctx<'_>, from: u8, t: &mut SquareSet) {
    let all = c.p.all_occupied();
    let mut near = c.b.neighbours[from as usize];
    for w in 0..3 {
        near.0[w] &= !all.0[w];
    }
    *t = t.or(near);
}

/// Elves and Trolls, Palace Defenders and Citadel Watchers: "one position
/// vertically forwards or diagonally forwards, or one position horizontally",
/// capturing as they move. A Palace Defender (Citadel Watcher) that moves or
/// captures out of the palace is demoted when the move is applied.
fn walker(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let _ = f;
    *t = t.or(c.b.walker[c.side.index()][from as usize].and(c.open()));
}

/// Whether the Elf or Troll on `from` may capture en passant onto `p.ep`: the
/// passed position is one of his lateral or diagonally-forward steps (seed
/// 000, The Elves, both cases; ruling `dragon.en-passant`).
fn en_passant_from(c: &Ctx<'_>, from: u8) -> bool {
    let ep = c.p.ep;
    let side = c.side;
    let [a, b] = diagonal_forward(side);
    [a, b, LATERAL[0], LATERAL[1]]
        .into_iter()
        .any(|d| c.b.land_step[d][from as usize] == ep)
}

/// Dwarfs and Gnomes: "those upon the Forest Second Rank can move vertically
/// forwards either one position or two positions (they cannot jump over any
/// force); those upon the Forest Front Rank can move vertically forwards one
/// position. After their initial move a Dwarf can move (or board) vertically
/// forwards one position. Dwarfs can capture (or board and capture) one position
/// diagonally forwards." The two-position move needs an unmoved Dwarf on his
/// Second Rank (a demoted Palace Defender has moved: "without the two position
/// initial move").
#[inline(always)]
fn pawn(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    let side = c.side;
    let fwd = forward(side);
    let one = c.b.land_step[fwd][from as usize];
    if one != NO_SQUARE && c.empty.has(one) {
        t.insert(one);
        let second = super::super::board::Board::kingdom_rank(side, 1);
        if f.is_unmoved() && super::super::board::rank_of(from) == second {
            let two = c.b.land_step[fwd][one as usize];
            if two != NO_SQUARE && c.empty.has(two) {
                t.insert(two);
            }
        }
    }
    *t = t.or(c.b.pawn_captures[side.index()][from as usize].and(c.prey));
}

/// Leapers: "Any intervening forces have no effect on the move"; moving and
/// capturing alike.
fn leaps(c: &Ctx<'_>, from: u8, f: Force, table: usize, t: &mut SquareSet) {
    let _ = f;
    *t = t.or(c.b.leap_sets[table][from as usize].and(c.open()));
}

/// Riders: "any number of unoccupied positions", capturing "any opposing force
/// along [the] path of movement" (the first force met) when `captures`.
#[inline(always)]
fn slide(c: &Ctx<'_>, from: u8, f: Force, dirs: &[usize], t: &mut SquareSet, captures: bool) {
    for &d in dirs {
        let step = &c.b.land_step[d];
        let mut sq = step[from as usize];
        while sq != NO_SQUARE {
            if c.p.force(sq).is_none() {
                t.insert(sq);
            } else {
                if captures && c.capturable(f, sq) {
                    t.insert(sq);
                }
                break;
            }
            sq = step[sq as usize];
        }
    }
}

/// Jumping captures: "by Jumping over one force of either side and capturing
/// the first opposing force behind the force being jumped over ... as with the
/// Canon in Chinese Chess" (ruling `dragon.jump-target`). Watchtowers and
/// Castles are one force whether or not their birds are inside ("may be jumped
/// over whether or not their Albatrosses or Ravens have been released").
#[inline(always)]
pub(crate) fn jump(c: &Ctx<'_>, from: u8, f: Force, dirs: &[usize], t: &mut SquareSet) {
    for &d in dirs {
        let step = &c.b.land_step[d];
        let mut sq = step[from as usize];
        while sq != NO_SQUARE && c.p.force(sq).is_none() {
            sq = step[sq as usize];
        }
        if sq == NO_SQUARE {
            continue;
        }
        // `sq` holds the force jumped over.
        sq = step[sq as usize];
        while sq != NO_SQUARE {
            let g = c.p.force(sq);
            if g.is_some() {
                if c.capturable(f, sq) {
                    t.insert(sq);
                    break;
                }
                if !(c.opts.jump_target == JumpTarget::FirstOpposing && g.is(c.side)) {
                    break;
                }
            }
            sq = step[sq as usize];
        }
    }
}

/// Flying and Blazing within a kingdom: "moves along any number of positions
/// ... regardless of any occupying force or forces and can alight on any
/// unoccupied position along ... the Flight Paths", "capture and replace any
/// opposing force along [a] flight path ... regardless of any intervening
/// forces". A Shield stops the path: the Jailer On Guard against the Ice
/// Dragon, the Librarian On Guard against the Winged Serpents ("prevents ...
/// capturing him, flying over him or capturing behind him").
fn fly(c: &Ctx<'_>, from: u8, f: Force, dirs: &[usize], t: &mut SquareSet) {
    for &d in dirs {
        let step = &c.b.land_step[d];
        let mut sq = step[from as usize];
        while sq != NO_SQUARE {
            let g = c.p.force(sq);
            if g.is_none() {
                t.insert(sq);
            } else if g.is(c.side.opponent()) && g.info().role == Role::Sentinel {
                break;
            } else if c.capturable(f, sq) {
                t.insert(sq);
            }
            sq = step[sq as usize];
        }
    }
}

/// A released Albatross or Raven: "can move by flying vertically or
/// horizontally ... alighting on any unoccupied position along her path"
/// (gliding is [`glide`]); "captures on any adjacent position ... the choice is
/// either to move or to capture".
fn bird(c: &Ctx<'_>, from: u8, f: Force, t: &mut SquareSet) {
    for d in ORTHOGONAL {
        let step = &c.b.land_step[d];
        let mut sq = step[from as usize];
        while sq != NO_SQUARE {
            if c.p.force(sq).is_none() {
                t.insert(sq);
            }
            sq = step[sq as usize];
        }
    }
    for d in ALL_DIRECTIONS {
        let to = c.b.land_step[d][from as usize];
        if to != NO_SQUARE && c.capturable(f, to) {
            t.insert(to);
        }
    }
}

/// The directions from `from` towards the other kingdom: vertically, and with
/// `diagonal` diagonally.
pub(crate) fn crossing_directions(c: &Ctx<'_>, from: u8, diagonal: bool) -> &'static [usize] {
    let south = c.b.region(from) == super::super::board::Region::Forest;
    match (south, diagonal) {
        (true, false) => &[4],
        (true, true) => &[3, 4, 5],
        (false, false) => &[0],
        (false, true) => &[0, 1, 7],
    }
}

/// The unoccupied positions of the other kingdom along direction `d` from
/// `from`, "regardless of any intervening forces on land or ocean".
fn across(c: &Ctx<'_>, from: u8, d: usize, t: &mut SquareSet) {
    let home = c.b.region(from);
    let step = &c.b.step[d];
    let mut sq = step[from as usize];
    while sq != NO_SQUARE {
        let r = c.b.region(sq);
        if r.is_land() && r != home && c.p.force(sq).is_none() {
            t.insert(sq);
        }
        sq = step[sq as usize];
    }
}

/// Gliding: "travel from the position on which it is situated within either
/// kingdom to an unoccupied position within the opposite Kingdom ... regardless
/// of any intervening forces on land or ocean ... not permitted to make any
/// capture"; vertically only for Albatrosses and Ravens, also diagonally
/// "(where the diagonal path leads to a land position)" for the Storm Empress,
/// the Unchained and the Talismans (note 10).
fn glide(c: &Ctx<'_>, from: u8, glide: Glide, t: &mut SquareSet) {
    for &d in crossing_directions(c, from, glide == Glide::VerticalDiagonal) {
        across(c, from, d, t);
    }
}

/// An Albatross's (Raven's) maiden flight: "must glide vertically forwards
/// across Trafalgar Ocean to alight on any unoccupied position along her path
/// within the Kingdom of Storms". Her Watchtower stays where it is.
fn maiden_flight(c: &Ctx<'_>, from: u8, t: &mut SquareSet) {
    if c.b.region(from) == super::super::board::Region::home(c.side) {
        across(c, from, forward(c.side), t);
    }
}

/// Arrows: "can bring down and so capture a Raven or a Winged Serpent by means
/// of it flying on a vertical, horizontal or diagonal flight path which leads
/// to the position that a Raven or Winged Serpent occupies within the Forest
/// Kingdom, regardless of any intervening forces" (Red Arrows: "an Albatross
/// or the Ice Dragon ... within the Kingdom of Storms"); "there may be more
/// than one ... along the flight path and in this case a choice of capture can
/// be made". Loosed singly, while arrows are left.
fn arrows(c: &Ctx<'_>, from: u8, archery: Archery, t: &mut SquareSet) {
    let counters = &c.p.counters;
    let (left, targets): (u8, &[Kind]) = match archery {
        Archery::No => return,
        Archery::GreenAtRavens => (counters.princess_arrows, &[Kind::Raven]),
        Archery::GreenAtRavensAndSerpents => (
            counters.queen_arrows,
            &[
                Kind::Raven,
                Kind::ElderSerpentAfire,
                Kind::YoungerSerpentAfire,
            ],
        ),
        Archery::Red => (
            counters.red_arrows,
            &[Kind::Albatross, Kind::IceDragonAfire],
        ),
    };
    if left == 0 {
        return;
    }
    // The targets in the archer's kingdom (a few invaders at most); every one
    // on a line from the archer is in reach, whatever stands between.
    let lines = c.b.lines[from as usize];
    let enemy = c.p.occupied[c.side.opponent().index()].and(lines);
    enemy.for_each(|sq| {
        if c.p.force(sq).kind().is_some_and(|k| targets.contains(&k)) {
            t.insert(sq);
        }
    });
}
