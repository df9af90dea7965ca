//! Legal-action generation for Dragon.
//!
//! The side to move's forces are visited position by position, lowest first;
//! each writes its actions in ascending order, so the whole list is strictly
//! increasing ([`Action`]'s packing sorts by origin, destination, kind). Forces
//! on land are `land`'s; forces aboard vessels and the vessels themselves are
//! `ocean`'s; the actions off the grid (Springing, the Seers, choices,
//! offers) are the procedures', the Seers' and the Truce's modules'.
//!
//! Nothing here allocates: actions go into the caller's fixed buffer.

pub(crate) mod attack;
pub(crate) mod cache;
pub(crate) mod kept;
pub(crate) mod land;
pub(crate) mod ocean;

use arrayvec::ArrayVec;

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::{Board, NO_SQUARE, Region, SQUARES, SquareSet, board};
use super::guard::{Guard, Guarded};
use super::options::DragonOptions;
use super::procedures;
use super::sibling::Basis;
use super::state::{Position, flags};
use super::{conceding, seers, truce, victory};
use crate::core::Side;

/// The most legal actions a position can have. A side has at most 40 forces on
/// the grid (imports refuse more; the deployment has 23); a force reaches at
/// most the 44 other positions of its kingdom by moving, capturing or
/// blazing, at most 15 more by gliding (three lines of five positions) and at
/// most 44 by arrows (only the three archers), 5 by a maiden flight, 1 en
/// passant: 40 x 65 + 3 x 44 = 2732, under 4096. A test builds a crowded
/// position and checks it stays far below.
pub const MAX_ACTIONS: usize = 4096;

/// The buffer legal actions are written into.
pub type DragonActions = ArrayVec<Action, MAX_ACTIONS>;

/// Where the generator writes: a buffer, or a counter that stops at the first.
pub(crate) trait Sink {
    /// Takes one action.
    fn push(&mut self, action: Action);
    /// Whether the generator may stop.
    fn done(&self) -> bool;
    /// Takes a move from `from` to each position of `t` (a capture where
    /// `enemy` holds a force), ascending.
    #[inline(always)]
    fn push_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        push_moves_each(self, from, t, enemy);
    }
    /// Takes the re-alignments of the vessel on `sq` to each bow of `bows`
    /// (bit `d` for direction `d`), ascending.
    #[inline(always)]
    fn push_realigns(&mut self, sq: u8, bows: u8) {
        push_realigns_each(self, sq, bows);
    }
    /// The origins for which [`Sink::push_cold_moves`] may stand for
    /// [`Sink::push_moves`] (every position but for the [`Guarded`] sink:
    /// those off the Guard's hot lines, the royal's among them, while he is
    /// not under attack; none while he is).
    #[inline(always)]
    fn cold_origins(&self) -> SquareSet {
        SquareSet::from_words([!0; 3])
    }
    /// [`Sink::push_moves`] for an origin among [`Sink::cold_origins`]: no
    /// test of the origin.
    #[inline(always)]
    fn push_cold_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        self.push_moves(from, t, enemy);
    }
    /// Takes a move for each bit `i` of `bits`, ascending: the action
    /// `base | i << 16` (`base` a move's from its origin to position
    /// `64 * w` of a word `w`), a capture where `captures` (a subset of
    /// `bits`: the opposing forces' positions among them) has the bit.
    #[inline(always)]
    fn push_word(&mut self, base: u32, bits: u64, captures: u64) {
        push_word_each(self, base, bits, captures);
    }
}

/// [`Sink::push_word`], one [`Sink::push`] an action.
#[inline(always)]
pub(crate) fn push_word_each<S: Sink + ?Sized>(out: &mut S, base: u32, bits: u64, captures: u64) {
    let mut bits = bits;
    while bits != 0 {
        let i = bits.trailing_zeros();
        bits &= bits - 1;
        let capture = (captures >> i) as u32 & 1;
        out.push(Action(base | i << 16 | capture << 8));
    }
}

/// [`Sink::push_realigns`], one [`Sink::push`] an action.
#[inline(always)]
pub(crate) fn push_realigns_each<S: Sink + ?Sized>(out: &mut S, sq: u8, bows: u8) {
    let base = Action::new(ActionKind::VesselRealign, sq, sq, 0).0;
    let mut bows = bows;
    while bows != 0 {
        let d = bows.trailing_zeros();
        bows &= bows - 1;
        out.push(Action(base | d));
    }
}

/// [`Sink::push_moves`], one [`Sink::push`] an action. Word by word: the
/// set was just written word by word.
#[inline(always)]
pub(crate) fn push_moves_each<S: Sink + ?Sized>(
    out: &mut S,
    from: u8,
    t: SquareSet,
    enemy: SquareSet,
) {
    let base = Action::new(ActionKind::Move, from, 0, 0).0;
    for w in 0..3 {
        let bits = t.0[w];
        push_word_each(out, base | (w as u32 * 64) << 16, bits, enemy.0[w] & bits);
    }
}

/// Makes captures of the moves `moves` holds, one a destination of `bits`
/// ascending, at the destinations of `captures` (a subset of `bits`): each
/// at its rank among them. Out of line: most words hold no capture (about
/// one in twenty-five in random games).
#[inline(never)]
fn make_captures(moves: &mut [Action], bits: u64, captures: u64) {
    let mut captures = captures;
    while captures != 0 {
        let i = captures.trailing_zeros();
        captures &= captures - 1;
        let rank = (bits & ((1u64 << i) - 1)).count_ones() as usize;
        moves[rank].0 |= 1 << 8;
    }
}

/// Counts actions and stops at the first.
#[derive(Default)]
pub(crate) struct Any(pub bool);

impl Sink for Any {
    #[inline]
    fn push(&mut self, _action: Action) {
        self.0 = true;
    }

    #[inline]
    fn done(&self) -> bool {
        self.0
    }

    #[inline(always)]
    fn push_moves(&mut self, _from: u8, t: SquareSet, _enemy: SquareSet) {
        self.0 |= !t.is_empty();
    }

    #[inline(always)]
    fn push_realigns(&mut self, _sq: u8, bows: u8) {
        self.0 |= bows != 0;
    }
}

/// Looks for one action among those generated: whether it was written.
struct Find(Action, bool);

impl Sink for Find {
    #[inline]
    fn push(&mut self, action: Action) {
        self.1 |= action == self.0;
    }

    #[inline]
    fn done(&self) -> bool {
        self.1
    }

    /// Whether the action sought is among the moves: one look at its
    /// destination, not a comparison with each.
    #[inline(always)]
    fn push_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        let a = self.0;
        let to = usize::from(a.to());
        // A move (kind 0) or capture (kind 1) with no extra, from `from`.
        if a.from() == from && a.0 & 0xfe_ff == 0 && to < 3 * 64 {
            let (w, i) = (to / 64, to % 64);
            let capture = u64::from(a.0 >> 8 & 1);
            self.1 |= t.0[w] >> i & 1 != 0 && enemy.0[w] >> i & 1 == capture;
        }
    }

    /// Whether the action sought is among the re-alignments.
    #[inline(always)]
    fn push_realigns(&mut self, sq: u8, bows: u8) {
        let base = Action::new(ActionKind::VesselRealign, sq, sq, 0).0;
        let d = self.0.0 ^ base;
        self.1 |= d < 8 && bows >> d & 1 != 0;
    }
}

/// What the generators read: the position, the board, the options.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub(crate) p: &'a Position,
    pub(crate) b: &'static Board,
    pub(crate) opts: &'a DragonOptions,
    pub(crate) side: Side,
    /// Unoccupied positions.
    pub(crate) empty: SquareSet,
    /// Opposing forces any force of the side to move may capture: all but the
    /// Woodland Princess (protected by the Northern Light from every Storm
    /// force). The protections against one attacker (the Forest Sword, the
    /// Dark Crystal) are the royals' own generator's business.
    pub(crate) prey: SquareSet,
    /// Unoccupied vessels whose original side is the side to move: where its
    /// forces may embark (an unoccupied vessel flies her original colour).
    pub(crate) free_allied: SquareSet,
    /// The threats against the side to move's royal on land that its
    /// [`Guard`] gathered for this position, when known: his own moves' test
    /// reads them instead of gathering them again ([`land`]'s `royal`).
    pub(crate) royal_threats: Option<&'a attack::Threats>,
    /// The land positions from which a force of the side to move might
    /// embark ([`ocean::embark_zone`]: a superset, the embarking test proper
    /// is [`ocean::may_embark`]): every position unless [`generate`]
    /// computed it.
    pub(crate) embark_zone: SquareSet,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(p: &'a Position, opts: &'a DragonOptions) -> Ctx<'a> {
        let side = p.to_move;
        let [g, r] = p.occupied;
        let mut empty = SquareSet::EMPTY;
        for w in 0..3 {
            empty.0[w] = !(g.0[w] | r.0[w]);
        }
        let mut prey = p.occupied[side.opponent().index()];
        for w in 0..3 {
            prey.0[w] &= !p.princesses.0[w];
        }
        let mut free_allied = SquareSet::EMPTY;
        for w in 0..3 {
            let red = p.red_fleet.0[w];
            let ours = if side == Side::Red { red } else { !red };
            free_allied.0[w] = p.fleet.0[w] & empty.0[w] & ours;
        }
        Ctx {
            p,
            b: board(),
            opts,
            side,
            empty,
            prey,
            free_allied,
            royal_threats: None,
            embark_zone: ocean::ANY_POSITION,
        }
    }

    /// The context the making of the side to move's [`Guard`] reads
    /// ([`Guard::new_keeping`] and what it calls: the position, the board,
    /// the options, the side), its sets of unoccupied positions, prey and
    /// free vessels left empty: only the land forces' role parts, embarking
    /// and the generation read them. Made after every action, where
    /// [`Ctx::new`]'s three sets cost some fifty instructions for nothing
    /// ([`guard_keeping`] compares the Guard with the full context's in
    /// debug builds).
    #[inline(always)]
    pub(crate) fn for_guard(p: &'a Position, opts: &'a DragonOptions) -> Ctx<'a> {
        Ctx {
            p,
            b: board(),
            opts,
            side: p.to_move,
            empty: SquareSet::EMPTY,
            prey: SquareSet::EMPTY,
            free_allied: SquareSet::EMPTY,
            royal_threats: None,
            embark_zone: ocean::ANY_POSITION,
        }
    }

    /// Unoccupied positions and capturable opposing forces.
    #[inline]
    pub(crate) fn open(&self) -> SquareSet {
        self.empty.or(self.prey)
    }
}

/// Writes every legal action of the side to move into `out` (cleared first),
/// ascending. Nothing once the game is over.
///
/// `known`: the side to move's [`Guard`] when known already (`Some(guard)`,
/// the guard `None` when the royal is nowhere: taken); `threats`: the threats
/// against his royal that it gathered, when known; `cached`: the land
/// origins' role parts kept for this state by the game's own move cache
/// ([`cache`]), when it has them.
#[inline(never)]
pub(crate) fn legal_actions_guarded(
    p: &Position,
    opts: &DragonOptions,
    known: Option<Option<Guard>>,
    threats: Option<&attack::Threats>,
    cached: Option<&cache::SideLists>,
    out: &mut DragonActions,
) {
    out.clear();
    if p.outcome.is_some() {
        return;
    }
    // The context made once, with its embarking zone (the cache's when it
    // keeps one: its free vessels are the context's, a debug assertion in
    // `generate_zoned` compares the zone with a fresh one).
    let mut c = Ctx::new(p, opts);
    c.royal_threats = threats;
    c.embark_zone = match cached {
        Some(k) => k.embark_zone(),
        None => ocean::embark_zone(&c),
    };
    match guard_for(&c, known) {
        Some(guard) => generate_zoned(
            &c,
            cached,
            &mut Guarded {
                inner: out,
                guard,
                p,
                opts,
            },
        ),
        None => generate_zoned(&c, cached, out),
    }
    // Beside another action only: a Seer consultation, a truce offer (rulings
    // `dragon.seers`, `dragon.truce-agreement`), ascending after the rest.
    if !out.is_empty() {
        if seers::listed(p) {
            out.push(seers::action(p.to_move));
        }
        if truce::offer_listed(p, opts) {
            out.push(truce::offer_action());
        }
        if conceding::listed(p, opts) {
            for kind in conceding::InLieuOf::ALL {
                out.push(conceding::action(kind));
            }
        }
    }
}

/// Whether the side to move has any legal action: first a quick look for a
/// force that surely has one (an unoccupied position next to it in a
/// direction it moves, a leap not onto its own side), then the generator,
/// stopping at the first action.
///
/// An action that would leave the side's royal under attack is none
/// ([`Guard`]): the quick look skips the royal, forces on a line through him
/// and steps onto such a line, and is not taken at all while he is under
/// attack or afloat.
///
/// Also returns the side to move's [`Guard`] it computed.
pub(crate) fn has_action_guarded(p: &Position, opts: &DragonOptions) -> (bool, Option<Guard>) {
    has_action_keeping(p, opts, &mut Memo::default(), None)
}

/// What a game keeps from one look for an action to the next: nothing that
/// changes an answer (no part of equality), only work not done twice.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Memo {
    /// The threats against the side to move's royal on land that its
    /// [`Guard`] gathered (`None` when it gathered none), read again by his
    /// own moves' test ([`Ctx::royal_threats`]): a function of the position.
    pub(crate) threats: Option<attack::Threats>,
    /// For each side, the position of the force that last surely had a move
    /// ([`surely_moves`]): looked at first next time (one move seldom takes
    /// that away), a mere hint.
    pub(crate) witness: [u8; 2],
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            threats: None,
            witness: [NO_SQUARE; 2],
        }
    }
}

/// [`has_action_guarded`], keeping in `memo` the threats against the royal
/// on land that the Guard gathered and the force found to have a move.
/// `known`: the Guard and its threats when known already (the basis shared
/// by the positions one action from one position, [`Basis::fits`]: no choice
/// awaits).
///
/// Always inlined (into [`finish_keeping`](super::apply::finish_keeping)
/// after every action): a call passed its answer and the Guard back through
/// memory.
#[inline(always)]
pub(crate) fn has_action_keeping(
    p: &Position,
    opts: &DragonOptions,
    memo: &mut Memo,
    known: Option<&Basis>,
) -> (bool, Option<Guard>) {
    let guard = if let Some(b) = known {
        memo.threats = b.threats;
        Some(b.guard)
    } else if procedures::Pending::is_offer(p.pending) {
        memo.threats = None;
        None
    } else {
        guard_keeping(p, opts, &mut memo.threats)
    };
    let avoid = match guard {
        Some(g) if !g.quiet() => None,
        Some(g) => Some(g.lines()),
        None => Some(SquareSet::EMPTY),
    };
    if let Some(avoid) = avoid
        && p.flags & flags::TRIDENT_OPENING == 0
        && p.pending == 0
        && surely_moves(p, avoid, &mut memo.witness[p.to_move.index()])
    {
        return (true, guard);
    }
    // The quick look found none: the generator (its context only now).
    let c = Ctx::new(p, opts);
    let mut any = Any::default();
    match guard {
        Some(guard) => generate(
            &c,
            &mut Guarded {
                inner: &mut any,
                guard,
                p,
                opts,
            },
        ),
        None => generate(&c, &mut any),
    }
    (any.0, guard)
}

/// [`Guard::new_keeping`] for the side to move of `p` with the lean context
/// [`Ctx::for_guard`]; in debug builds compared with the Guard and threats
/// the full context ([`Ctx::new`]) makes.
#[inline(always)]
pub(crate) fn guard_keeping(
    p: &Position,
    opts: &DragonOptions,
    keep: &mut Option<attack::Threats>,
) -> Option<Guard> {
    let guard = Guard::new_keeping(&Ctx::for_guard(p, opts), keep);
    debug_assert!({
        let mut full = None;
        Guard::new_keeping(&Ctx::new(p, opts), &mut full) == guard && full == *keep
    });
    guard
}

/// Whether some land force of the side to move surely has a move: each test
/// below implies an action the generator lists. Forces on `avoid` and steps
/// onto it are not looked at. The force on `witness` (the last one found) is
/// looked at first, and `witness` becomes the one found.
///
/// The witness's look always inlined (it ends about nine looks in ten), the
/// walk over the side's forces out of line ([`surely_moves_scan`]).
#[inline(always)]
fn surely_moves(p: &Position, avoid: SquareSet, witness: &mut u8) -> bool {
    let b = board();
    let own = p.occupied[p.to_move.index()];
    let all = p.all_occupied().or(avoid);
    let w = *witness;
    if usize::from(w) < super::board::SQUARES
        && own.has(w)
        && b.region(w).is_land()
        && !avoid.has(w)
        && surely_moves_from(p, b, w, all)
    {
        return true;
    }
    surely_moves_scan(p, avoid, witness)
}

/// [`surely_moves`]' walk over the side's forces from the lowest position.
#[inline(never)]
fn surely_moves_scan(p: &Position, avoid: SquareSet, witness: &mut u8) -> bool {
    let b = board();
    let own = p.occupied[p.to_move.index()];
    let all = p.all_occupied().or(avoid);
    // Word by word (the set's iterator cost some ten instructions a
    // force), the positions to avoid taken out at once.
    for w in 0..3 {
        let mut bits = own.0[w] & !avoid.0[w];
        while bits != 0 {
            let sq = w as u8 * 64 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if b.region(sq).is_land() && surely_moves_from(p, b, sq, all) {
                *witness = sq;
                return true;
            }
        }
    }
    false
}

/// Whether the side to move's land force on `sq` surely has a move (none
/// onto `all`: the occupied positions and those to avoid).
#[inline(always)]
fn surely_moves_from(p: &Position, b: &Board, sq: u8, all: SquareSet) -> bool {
    use super::board::{DIAGONAL, KNIGHT, ORTHOGONAL, SquareSet};
    use super::forces::Role;
    let side = p.to_move;
    let free = |set: SquareSet| (0..3).any(|w| set.0[w] & !all.0[w] != 0);
    let fwd = forward(side);
    let s = sq as usize;
    match p.force(sq).info().role {
        Role::Queen | Role::SiegeQueen | Role::FlyerAll | Role::Adjacent | Role::Sentinel => {
            free(b.neighbours[s])
        }
        Role::Rook | Role::Crossbow | Role::SiegeRook | Role::FlyerOrthogonal | Role::Bird => {
            steps_free(b, s, all, ORTHOGONAL)
        }
        Role::Bishop | Role::SiegeBishop | Role::FlyerDiagonal => steps_free(b, s, all, DIAGONAL),
        Role::Knight => free(b.leap_sets[KNIGHT][s]),
        Role::Walker | Role::PalaceWalker => free(b.walker[side.index()][s]),
        Role::Pawn => {
            let t = b.land_step[fwd][s];
            t != NO_SQUARE && !all.has(t)
        }
        Role::PalaceGuard => {
            let palace = match side {
                Side::Green => b.palace,
                Side::Red => b.citadel,
            };
            free(b.neighbours[s].and(palace))
        }
        Role::Royal | Role::Lance | Role::Fixed => false,
    }
}

/// Whether a step from `s` along one of `dirs` on land leads to a position
/// off `all` (written out: the slice's `any` was a call).
#[inline(always)]
fn steps_free(b: &Board, s: usize, all: SquareSet, dirs: [usize; 4]) -> bool {
    #[inline(always)]
    fn free(b: &Board, s: usize, all: SquareSet, d: usize) -> bool {
        let t = b.land_step[d][s];
        t != NO_SQUARE && !all.has(t)
    }
    free(b, s, all, dirs[0])
        || free(b, s, all, dirs[1])
        || free(b, s, all, dirs[2])
        || free(b, s, all, dirs[3])
}

/// Whether `action` is legal: only the actions of its origin are generated.
///
/// `known`: the side to move's [`Guard`] when known already; `threats`: the
/// threats against his royal that it gathered, when known; `kept`: the
/// origin's actions kept for the state's stamp ([`kept::Kept`]), when the
/// caller keeps them (its state and that stamp).
#[inline(never)]
pub(crate) fn is_legal_guarded(
    p: &Position,
    opts: &DragonOptions,
    known: Option<Option<Guard>>,
    threats: Option<&attack::Threats>,
    action: Action,
    kept: Option<(&mut kept::Kept, u64)>,
) -> bool {
    if p.outcome.is_some() {
        return false;
    }
    match action.kind() {
        Some(ActionKind::Seer) => {
            return action == seers::action(p.to_move)
                && seers::listed(p)
                && has_action_guarded(p, opts).0;
        }
        Some(ActionKind::Truce) => {
            return action == truce::offer_action()
                && truce::offer_listed(p, opts)
                && has_action_guarded(p, opts).0;
        }
        Some(ActionKind::Concede) => {
            return action.from() == NO_ORIGIN
                && action.to() == NO_ORIGIN
                && conceding::InLieuOf::from_u8(action.extra()).is_some()
                && conceding::listed(p, opts)
                && has_action_guarded(p, opts).0;
        }
        _ => {}
    }
    // The context only where it is read: not for an action found among
    // the kept ones with the Guard known.
    let ctx = || Ctx {
        royal_threats: threats,
        ..Ctx::new(p, opts)
    };
    let from = action.from();
    let trident = p.flags & flags::TRIDENT_OPENING != 0 && p.to_move == Side::Red;
    let listed = if trident || p.pending != 0 || usize::from(from) >= super::board::SQUARES {
        listed_among_all(&ctx(), action)
    } else if action.kind() == Some(ActionKind::Plant) {
        action.to() == NO_ORIGIN && victory::may_plant(&ctx(), from)
    } else {
        match kept {
            Some((kept, stamp)) => {
                let listed = kept.has(ctx, stamp, action);
                debug_assert_eq!(
                    listed,
                    find(&ctx(), action),
                    "the kept actions of {from} answer otherwise for {action:?}"
                );
                listed
            }
            None => find(&ctx(), action),
        }
    };
    let guard = if procedures::Pending::is_offer(p.pending) {
        None
    } else {
        known.unwrap_or_else(|| Guard::new(&ctx()))
    };
    listed && guard.is_none_or(|g| g.allows(p, opts, action))
}

/// Whether `action` (from a position on the grid) is among the actions
/// generated at its origin.
#[inline(always)]
pub(crate) fn find(c: &Ctx<'_>, action: Action) -> bool {
    let mut one = Find(action, false);
    generate_origin(c, action.from(), &mut one);
    one.1
}

/// Writes the actions of the side to move's force or vessel on `from` (a
/// position on the grid): what [`generate`] writes at that origin, without
/// the Plant, outside the Trident opening and any choice.
#[inline(always)]
fn generate_origin(c: &Ctx<'_>, from: u8, out: &mut impl Sink) {
    if c.b.region(from) == Region::Ocean {
        ocean::generate_at(c, from, out);
    } else if c.p.force(from).is(c.side) {
        land::generate(c, from, c.p.force(from), out);
    }
}

/// Whether `action` is among every action the generator writes (the
/// Trident opening, a choice, an origin past the grid). Out of line: its
/// buffer of [`MAX_ACTIONS`] stays off the stack frame of every
/// [`is_legal_guarded`].
#[cold]
#[inline(never)]
fn listed_among_all(c: &Ctx<'_>, action: Action) -> bool {
    let mut all = DragonActions::new();
    generate(c, &mut all);
    all.contains(&action)
}

/// The royal-safety [`Guard`] the side to move's actions answer to: `known`
/// or computed (as [`is_legal_guarded`] does with its context made only
/// when needed); none while he answers his opponent's offer, a truce or a
/// concession ([`Pending::is_offer`](procedures::Pending::is_offer):
/// `choose 1`, `choose 0` are no moves of his and leave the position as it
/// is, ruling `dragon.locking-up`), when his duty to escape waits for his own
/// move.
#[inline]
fn guard_for(c: &Ctx<'_>, known: Option<Option<Guard>>) -> Option<Guard> {
    if procedures::Pending::is_offer(c.p.pending) {
        return None;
    }
    known.unwrap_or_else(|| Guard::new(c))
}

impl<const N: usize> Sink for ArrayVec<Action, N> {
    #[inline]
    fn push(&mut self, action: Action) {
        ArrayVec::push(self, action);
    }

    #[inline]
    fn done(&self) -> bool {
        false
    }

    /// Moves and captures word by word ([`Sink::push_word`]).
    #[inline(always)]
    fn push_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        let base = Action::new(ActionKind::Move, from, 0, 0).0;
        for w in 0..3 {
            let bits = t.0[w];
            if bits != 0 {
                self.push_word(base | (w as u32 * 64) << 16, bits, enemy.0[w] & bits);
            }
        }
    }

    /// The word's moves written as moves, ascending, with no test of the
    /// opposing forces at each; then the captures among them (a few, most
    /// often none) made captures in place, each at its rank among the
    /// destinations (not the capture's bit read at each action: some five
    /// instructions of the seventeen an action). The same
    /// actions in the same order as [`push_word_each`] (a test compares
    /// them).
    #[inline(always)]
    fn push_word(&mut self, base: u32, bits: u64, captures: u64) {
        debug_assert_eq!(captures & !bits, 0);
        let start = self.len();
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            ArrayVec::push(self, Action(base | i << 16));
        }
        if captures != 0 {
            make_captures(&mut self[start..], bits, captures);
        }
    }

    /// The re-alignments as one block: the eight slots written at once from
    /// [`REALIGN_BOWS`] (the bows of `bows` ascending, then padding), the
    /// list then cut back to the bows there are; one push each only where
    /// eight slots are not free (never short of [`MAX_ACTIONS`]'s proof).
    /// The same actions in the same order as [`push_realigns_each`] (a test
    /// compares them for every set of bows).
    #[inline(always)]
    fn push_realigns(&mut self, sq: u8, bows: u8) {
        let base = Action::new(ActionKind::VesselRealign, sq, sq, 0).0;
        let order = &REALIGN_BOWS[usize::from(bows)];
        let mut block = [Action(0); 8];
        for (slot, &d) in block.iter_mut().zip(order) {
            *slot = Action(base | d);
        }
        let len = self.len() + bows.count_ones() as usize;
        if self.try_extend_from_slice(&block).is_ok() {
            self.truncate(len);
        } else {
            push_realigns_short(self, sq, bows);
        }
    }
}

/// The list's [`Sink::push_realigns`] where eight slots are not free: one
/// push a bow. Out of line and cold: in line, the compiler unrolled its loop
/// over the eight bows and made the eight actions before the test (some 60
/// instructions a vessel).
#[cold]
#[inline(never)]
fn push_realigns_short<const N: usize>(out: &mut ArrayVec<Action, N>, sq: u8, bows: u8) {
    push_realigns_each(out, sq, bows);
}

/// `REALIGN_BOWS[bows]`: the directions of the set `bows` (bit `d` for
/// direction `d`) ascending, the slots past them 0 (cut back by
/// [`Sink::push_realigns`] of the list).
static REALIGN_BOWS: [[u32; 8]; 256] = realign_bows();

const fn realign_bows() -> [[u32; 8]; 256] {
    let mut table = [[0u32; 8]; 256];
    let mut bows = 0;
    while bows < 256 {
        let (mut d, mut k) = (0, 0);
        while d < 8 {
            if bows >> d & 1 != 0 {
                table[bows][k] = d as u32;
                k += 1;
            }
            d += 1;
        }
        bows += 1;
    }
    table
}

pub(crate) fn generate(c: &Ctx<'_>, out: &mut impl Sink) {
    // Where the side's forces might embark, once for all of them.
    let zoned = Ctx {
        embark_zone: ocean::embark_zone(c),
        ..*c
    };
    generate_zoned(&zoned, None, out);
}

/// [`generate`] with the context's embarking zone computed
/// ([`ocean::embark_zone`], or the move cache's, kept while its free
/// vessels stay the same), the land forces' [`land::role_part`] taken from
/// `cached` where it keeps them (the game's own move cache, exact for this
/// state).
#[inline(always)]
fn generate_zoned(c: &Ctx<'_>, cached: Option<&cache::SideLists>, out: &mut impl Sink) {
    debug_assert_eq!(c.embark_zone, ocean::embark_zone(c));
    if c.p.flags & flags::TRIDENT_OPENING != 0 && c.side == Side::Red {
        ocean::trident_opening(c, out);
        return;
    }
    if c.p.pending != 0 {
        // A procedure's step awaits its choice: only the choices.
        procedures::choices(c.p, out);
        return;
    }
    let side = c.side;
    let own = c.p.occupied[side.index()];
    // The side's forces and the vessels flying its colour, position by
    // position: a vessel's actions and her occupant's are the ocean's,
    // written at her position so the list stays ascending. A vessel flies
    // the colour of her occupant, or unoccupied her original one: those of
    // the side are its forces' positions afloat and `free_allied` (the
    // others have no action, `ocean::generate_at`).
    let mut visit = own;
    for w in 0..3 {
        visit.0[w] |= c.free_allied.0[w];
    }
    debug_assert!(
        c.p.fleet
            .iter()
            .all(|sq| visit.has(sq) || c.p.vessel(sq).colour() != side),
        "a vessel flying the side's colour is left unvisited"
    );
    // The two positions covering the enemy banner, where a bearer may plant
    // (read once, not at every origin).
    let [banner_a, banner_b] = c.b.banners[side.opponent().index()];
    // A visited position on the water holds a vessel (the Island, the
    // ocean's other positions, holds nothing: checked after every step).
    debug_assert!(!visit.meets(c.b.island), "a force on the Island of Sirens");
    // The origins whose role parts the cache keeps, and those parts.
    let (kept, parts) = cached.map_or((SquareSet::EMPTY, &cache::NONE_KEPT), |k| k.parts());
    let idle = cached.map_or(SquareSet::EMPTY, |k| k.idle());
    let embarks = cached.map_or(&cache::NONE_KEPT, |k| k.embarks());
    let (extras, both) = cached.map_or((SquareSet::EMPTY, &cache::NONE_KEPT), |k| {
        (k.extras(), k.both())
    });
    // The kept origins off the banners' positions, while no en-passant
    // position is set: their actions need no test of either.
    let mut plain = if c.p.ep == NO_SQUARE {
        kept
    } else {
        SquareSet::EMPTY
    };
    for sq in [banner_a, banner_b] {
        if usize::from(sq) < SQUARES {
            plain.remove(sq);
        }
    }
    // Of those, the simple ones, whose forces have no extras: their actions
    // are their kept role and embarking parts, moves and captures, with no
    // other test of the origin (not each read through
    // `land::generate_ashore`: its force, its extras, its set's emptiness);
    // the ones with extras off the embarking zone (on land): their kept
    // part and their rarer ones (`land::generate_ashore`); and the idle ones
    // (an empty role part, no embarking, no extras), which write nothing:
    // not visited.
    let mut simple = plain;
    let mut ashore = plain;
    let quiet = plain.and(idle);
    for w in 0..3 {
        simple.0[w] &= !extras.0[w];
        ashore.0[w] &= !c.embark_zone.0[w] & extras.0[w];
        visit.0[w] &= !quiet.0[w];
    }
    debug_assert!(quiet.iter().all(|sq| {
        let i = usize::from(sq);
        kept.has(sq) && parts[i].or(embarks[i]).is_empty() && !c.p.force(sq).has_extras()
    }));
    // The opposing forces' positions, read once (the captures' bit).
    let enemy = c.p.occupied[side.opponent().index()];
    // The origins whose moves the sink takes with no test of the origin
    // (the Guard's: off its hot lines, not under attack), read once: a
    // simple origin among them is not tested at each (the Guarded sink does
    // not ask its mode, its hot lines and the royal's position for each).
    let cold = out.cold_origins();
    for w in 0..3 {
        let mut bits = visit.0[w];
        let water = c.b.water.0[w];
        let kept = kept.0[w];
        let simple = simple.0[w];
        // The simple origins among the cold ones (the commonest case)
        // tested first, with one test.
        let simple_cold = simple & cold.0[w];
        let ashore = ashore.0[w];
        while bits != 0 {
            let i = bits.trailing_zeros();
            let from = w as u8 * 64 + i as u8;
            bits &= bits - 1;
            // A simple origin's actions are its kept parts, moves and
            // captures (a debug assertion compares them with fresh ones).
            let simple_ok = |from: u8, t: SquareSet| {
                let (f, i) = (c.p.force(from), usize::from(from));
                !f.has_extras()
                    && t == parts[i].or(embarks[i])
                    && embarks[i] == cache::embark_part(c, from, f)
                    && !t.is_empty()
            };
            if simple_cold >> i & 1 != 0 {
                let t = both[usize::from(from)];
                debug_assert!(simple_ok(from, t));
                out.push_cold_moves(from, t, enemy);
            } else if simple >> i & 1 != 0 {
                let t = both[usize::from(from)];
                debug_assert!(simple_ok(from, t));
                out.push_moves(from, t, enemy);
            } else if ashore >> i & 1 != 0 {
                let f = c.p.force(from);
                debug_assert!(!c.embark_zone.has(from) && water >> i & 1 == 0);
                land::generate_ashore(c, from, f, parts[usize::from(from)], false, enemy, out);
            } else if water >> i & 1 != 0 {
                ocean::generate_at(c, from, out);
            } else {
                let f = c.p.force(from);
                if kept >> i & 1 != 0 {
                    // The kept role part and embarking part.
                    let (role, embark) = (parts[usize::from(from)], embarks[usize::from(from)]);
                    debug_assert_eq!(embark, cache::embark_part(c, from, f));
                    land::generate_ashore(c, from, f, role.or(embark), true, enemy, out);
                } else {
                    land::generate(c, from, f, out);
                }
                if from == banner_a || from == banner_b {
                    victory::plant(c, from, out);
                }
            }
            if out.done() {
                return;
            }
        }
    }
    // Springing the Librarian or Jailer On Alert (origins past the grid).
    procedures::springing::generate(c, out);
}

/// The direction index of "forwards" for `side`: south (4) for the Forest, north
/// (0) for the Storms.
#[inline]
pub(crate) const fn forward(side: Side) -> usize {
    match side {
        Side::Green => 4,
        Side::Red => 0,
    }
}

/// The two diagonally-forward directions of `side`.
#[inline]
pub(crate) const fn diagonal_forward(side: Side) -> [usize; 2] {
    match side {
        Side::Green => [3, 5],
        Side::Red => [1, 7],
    }
}

/// East and west.
pub(crate) const LATERAL: [usize; 2] = [2, 6];

#[cfg(test)]
mod tests {
    use super::*;

    /// The list's moves of a word, written as moves and then made captures
    /// in place, equal one push an action (each reading the capture's bit),
    /// after other actions, for words of one to many destinations and
    /// every kind of capture among them; and the list's `push_moves` as
    /// one push an action.
    #[test]
    fn the_words_moves_equal_one_push_an_action() {
        let mut x = 0x5eed_u64;
        for n in 0..4000u64 {
            x = crate::core::zobrist::splitmix64(x ^ n);
            let y = crate::core::zobrist::splitmix64(x);
            // Sparse and dense words, captures a subset.
            let bits = match n % 4 {
                0 => x & y,
                1 => x,
                2 => 1u64 << (x % 64) | 1u64 << (y % 64),
                _ => u64::MAX,
            };
            let captures = bits & if n % 3 == 0 { y } else { y & x.rotate_left(7) };
            let base = Action::new(ActionKind::Move, 17, 64 * (n % 3) as u8, 0).0;
            let before = Action::new(ActionKind::Move, 1, 2, 0);
            let (mut word, mut each) = (DragonActions::new(), DragonActions::new());
            word.push(before);
            each.push(before);
            Sink::push_word(&mut word, base, bits, captures);
            push_word_each(&mut each, base, bits, captures);
            assert_eq!(word, each, "{bits:#x} {captures:#x}");
            let t = SquareSet::from_words([bits, y, x & 0x7f]);
            let enemy = SquareSet::from_words([captures, x, y]);
            let (mut list, mut one) = (DragonActions::new(), DragonActions::new());
            Sink::push_moves(&mut list, 40, t, enemy);
            push_moves_each(&mut one, 40, t, enemy);
            assert_eq!(list, one);
        }
    }

    /// The list's block of re-alignments writes what one push a bow writes,
    /// for every set of bows, after other actions and with too few free
    /// slots for the block.
    #[test]
    fn the_realignments_block_equals_one_push_a_bow() {
        for bows in 0..=255u8 {
            for sq in [0u8, 94, 134] {
                let before = Action::new(ActionKind::Move, 1, 2, 0);
                let (mut block, mut each) = (DragonActions::new(), DragonActions::new());
                block.push(before);
                each.push(before);
                Sink::push_realigns(&mut block, sq, bows);
                push_realigns_each(&mut each, sq, bows);
                assert_eq!(block, each, "bows {bows:#010b} at {sq}");
                // Five slots left: the block does not fit, one push a bow.
                if bows.count_ones() <= 5 {
                    let mut short: ArrayVec<Action, 8> = ArrayVec::new();
                    for _ in 0..3 {
                        short.push(before);
                    }
                    Sink::push_realigns(&mut short, sq, bows);
                    assert_eq!(short[3..], each[1..], "bows {bows:#010b} at {sq}");
                }
            }
        }
    }
}
