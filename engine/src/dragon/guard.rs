//! The royals' duty to escape an attack, made cheap (seed 000, The TrueBorn
//! Prince: "The TrueBorn Prince must not remain under attack if it is possible
//! to escape the attack", the Dark Warlord likewise; ruling
//! `dragon.locking-up`): no action may leave the mover's own royal under
//! attack.
//!
//! The rule's definition is [`leaves_royal_attacked`]: play the action on a
//! copy and ask whether the royal stands under attack (a win at once never
//! leaves him so). That costs a copy and an attack test per action, so the
//! [`Guard`] computes once per generation what the answer can depend on and
//! plays only the actions that could change it:
//!
//! - the royal **on land and not under attack**: steps and leaps attack
//!   whatever stands between, so only an action that starts or ends on a line
//!   through him up to the farthest opposing rider, jumper or blazer of his
//!   kingdom, or opposing force afloat that captures along lines from the
//!   ocean, on it (it may open the line, or become the screen a jumper
//!   needs), en passant (its victim leaves a third position) and a
//!   procedure's choice (the TrueBorn Queen goes to war as it ends) are
//!   looked at; a move or capture among them walks only the lines it touches
//!   ([`Guard::surely_safe`]) and is played only when that cannot tell;
//!   every other action is legal;
//! - the royal **on land and under attack**: an action ends the attack only by
//!   moving him, by starting or ending on such a line (blocking it, capturing
//!   the rider, removing a jumper's screen) or on an opposing force (capturing
//!   an attacker, or the enemy royal, which wins), by sinking or sailing (a
//!   vessel's occupant may be an attacker, or the Red Witch carried next to
//!   the Prince), by a move of the Red Witch or of the Storm Queen who
//!   becomes her on leaving the Kingdom of Storms (her Direct Capture wins;
//!   the Storm Queen's move within it is refused, [`attacked`]),
//!   en passant or a choice: those are played (but a vessel's advance while a
//!   force on land attacks him is illegal, [`afloat`]), every other action is
//!   illegal;
//! - the royal **afloat and not under attack** (boarders, Rams, Cannons:
//!   ruling `dragon.royal-aboard`): the actions next to him (a vessel there
//!   may come to fly the opposing colour, her Ram pointing at him) or on a line
//!   through him up to the farthest opposing force afloat that captures along
//!   lines, or Flagship, are looked at: a move or a vessel's advance touching
//!   only positions next to him, and leaving no vessel that would ram him, is
//!   legal, the rest played ([`afloat`]); afloat and under attack, every
//!   action but a move or capture on land, which nothing afloat sees: refused
//!   ([`attacked`]); afloat, his own moves and sailings are legal as listed
//!   (the generator tested them);
//! - re-aligning a bow never changes the answer (it moves nothing and turns
//!   only the mover's own Ram and Cannons).
//!
//! The royal's own moves from land are the generator's business: it already
//! lists only positions no opposing force attacks once he has left his own
//! (or, for the Dark Warlord under `warlord-into-attack = allowed`, every
//! position while he is not under attack). A test compares the Guard with the
//! definition on every action of thousands of positions.

use std::sync::OnceLock;

mod afloat;
mod attacked;

use super::action::{Action, ActionKind};
use super::apply;
use super::board::{NO_SQUARE, Region, SQUARES, SquareSet, board};
use super::forces::Kind;
use super::moves::{Ctx, Sink, attack, ocean};
use super::options::{DragonOptions, WarlordIntoAttack};
use super::room;
use super::state::{Position, flags};
use super::victory::royal_square;
use crate::core::Side;

/// `full_rays()[d][sq]`: every position from `sq` along direction `d` over
/// the whole grid (kingdoms and ocean).
fn full_rays() -> &'static [[SquareSet; SQUARES]; 8] {
    static RAYS: OnceLock<[[SquareSet; SQUARES]; 8]> = OnceLock::new();
    RAYS.get_or_init(|| {
        let b = board();
        let mut rays = [[SquareSet::EMPTY; SQUARES]; 8];
        for (d, step) in b.step.iter().enumerate() {
            for (sq, set) in rays[d].iter_mut().enumerate() {
                let mut s = step[sq];
                while s != NO_SQUARE {
                    set.insert(s);
                    s = step[s as usize];
                }
            }
        }
        rays
    })
}

/// `through()[sq]`: every position on the eight full rays from `sq`.
fn through() -> &'static [SquareSet; SQUARES] {
    static THROUGH: OnceLock<[SquareSet; SQUARES]> = OnceLock::new();
    THROUGH.get_or_init(|| {
        let rays = full_rays();
        let mut out = [SquareSet::EMPTY; SQUARES];
        for (sq, set) in out.iter_mut().enumerate() {
            for ray in rays {
                *set = set.or(ray[sq]);
            }
        }
        out
    })
}

/// The positions on the lines from the royal on `royal` along which an
/// opposing force could come to attack him once something moves: on each ray
/// (over the whole grid) that holds an opposing force of his region capturing
/// along such a line (a rider, jumper or blazer: `threats`) or any opposing
/// force afloat that captures along lines (`afloat`: orthogonal, diagonal), the
/// positions from him to the farthest of them (beyond it nothing can matter).
fn exposed_lines(royal: u8, threats: &attack::Threats, afloat: [SquareSet; 2]) -> SquareSet {
    segments(
        royal,
        threats.orthogonal.or(afloat[0]),
        threats.diagonal.or(afloat[1]),
    )
}

/// The forces of `by` afloat that capture along vertical and horizontal, and
/// along diagonal lines from the ocean ([`ocean::sea_lines`]).
fn sea_liners(p: &Position, by: Side) -> (SquareSet, SquareSet) {
    let (mut orthogonal, mut diagonal) = (SquareSet::EMPTY, SquareSet::EMPTY);
    p.occupied[by.index()].and(board().water).for_each(|s| {
        let (o, d) = ocean::sea_lines(p.force(s).info().role);
        if o {
            orthogonal.insert(s);
        }
        if d {
            diagonal.insert(s);
        }
    });
    (orthogonal, diagonal)
}

/// The directions along which the positions' numbers grow (`rank * 9 +
/// file`: N +9, NE +10, E +1, NW +8); along the others they fall.
const GROWS: [bool; 8] = [true, true, true, false, false, false, false, true];

/// The highest position of `set`, if any.
#[inline]
fn highest(set: SquareSet) -> Option<u8> {
    (0..3)
        .rev()
        .find(|&w| set.0[w] != 0)
        .map(|w| w as u8 * 64 + 63 - set.0[w].leading_zeros() as u8)
}

/// The lowest position of `set`, if any.
#[inline]
fn lowest(set: SquareSet) -> Option<u8> {
    (0..3)
        .find(|&w| set.0[w] != 0)
        .map(|w| w as u8 * 64 + set.0[w].trailing_zeros() as u8)
}

/// On each ray from `from` (over the whole grid), the positions from it to
/// the farthest of `orthogonal` (on the vertical and horizontal rays) or
/// `diagonal` (on the diagonal ones): the segment to the farthest holds the
/// segments to the nearer ones. Most calls find no liner on any ray from
/// `from` (in the profile of 20 random games, one ray in a hundred or fewer
/// held one): one test against every ray at once ([`through`]) answers
/// those without a walk over the eight. That test always inlined (into the
/// Guard's making, after every action), the walk out of line
/// ([`segments_walk`]).
#[inline(always)]
fn segments(from: u8, orthogonal: SquareSet, diagonal: SquareSet) -> SquareSet {
    if !through()[from as usize].meets(orthogonal.or(diagonal)) {
        return SquareSet::EMPTY;
    }
    segments_walk(from, orthogonal, diagonal)
}

/// [`segments`]' walk over the eight rays, when one holds a liner.
#[inline(never)]
fn segments_walk(from: u8, orthogonal: SquareSet, diagonal: SquareSet) -> SquareSet {
    let rays = full_rays();
    let mut lines = SquareSet::EMPTY;
    for (d, ray) in rays.iter().enumerate() {
        let whole = ray[from as usize];
        let on = whole.and(if d % 2 == 1 { diagonal } else { orthogonal });
        let farthest = if GROWS[d] { highest(on) } else { lowest(on) };
        if let Some(a) = farthest {
            let beyond = ray[a as usize];
            for w in 0..3 {
                lines.0[w] |= whole.0[w] & !beyond.0[w];
            }
        }
    }
    lines
}

/// The positions that matter to the royal afloat on `royal`, not under
/// attack: those next to him (a vessel there may come to fly the opposing
/// colour, her Ram pointing at him), and on each line through him those up to
/// the farthest opposing force afloat (a boarder) or Flagship (her Cannons
/// fire along a line through him, over one occupied vessel). A boarder that
/// leaps does so whatever stands between.
fn afloat_lines(c: &Ctx<'_>, royal: u8) -> SquareSet {
    let (mut orthogonal, mut diagonal) = sea_liners(c.p, c.side.opponent());
    c.p.fleet.and(through()[royal as usize]).for_each(|s| {
        if c.p.vessel(s).kind().is_flagship() {
            orthogonal.insert(s);
            diagonal.insert(s);
        }
    });
    let mut near = segments(royal, orthogonal, diagonal);
    for step in &c.b.step {
        let s = step[royal as usize];
        if s != NO_SQUARE {
            near.insert(s);
        }
    }
    near
}

/// The royal's situation, computed once per generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Not under attack: play what touches `hot`, allow the rest.
    Quiet,
    /// On land, under attack: play what could end it, refuse the rest.
    Attacked,
    /// Afloat and under attack: play everything.
    Everything,
}

/// Which of the side to move's actions could leave its royal under attack,
/// and the test of one ([`Guard::allows`]); see the module's doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Guard {
    royal: u8,
    mode: Mode,
    /// The royal's own moves need no test (the generator's own check, or the
    /// Dark Warlord free under `warlord-into-attack = allowed` while not
    /// attacked).
    trust_royal: bool,
    /// Quiet: the lines through the royal that matter; Attacked: those and
    /// the opposing forces; and his own position. A fourth word, empty, for
    /// origins past the grid.
    hot: [u64; 4],
    /// The royal stands on land.
    land: bool,
}

/// Kinds always played: a procedure's choice (the TrueBorn Queen may go to
/// war as it ends), en passant (its victim leaves a third position).
const PLAYED: u32 = 1 << ActionKind::Choice as u32 | 1 << ActionKind::EnPassant as u32;
/// Kinds always legal: planting wins at once; the Trident opening comes before
/// any attack; a Seer consultation moves nothing.
const FREE: u32 =
    1 << ActionKind::Plant as u32 | 1 << ActionKind::Trident as u32 | 1 << ActionKind::Seer as u32;
/// A vessel re-aligning her bow.
const REALIGN: u32 = 1 << ActionKind::VesselRealign as u32;
/// Kinds that sink or sail: a vessel's occupant may be an attacker, or the
/// Red Witch carried next to the Prince.
const SAILS: u32 = 1 << ActionKind::VesselAdvance as u32
    | 1 << ActionKind::Ram as u32
    | 1 << ActionKind::Fire as u32;

impl Guard {
    /// The guard of the side to move ([`Guard::in_room`] when its royal is
    /// in the White Room or the Stairwell), or `None` when its royal is
    /// nowhere (taken).
    #[inline]
    pub(crate) fn new(c: &Ctx<'_>) -> Option<Guard> {
        Guard::new_keeping(c, &mut None)
    }

    /// [`Guard::new`], keeping in `keep` the threats against the royal on
    /// land it gathered (`None` when it gathered none): his own moves' test
    /// needs the same ones.
    #[inline(never)]
    pub(crate) fn new_keeping(c: &Ctx<'_>, keep: &mut Option<attack::Threats>) -> Option<Guard> {
        *keep = None;
        let Some(royal) = royal_square(c.p, c.side) else {
            return Guard::in_room(c);
        };
        let victim = c.p.force(royal);
        let region = c.b.region(royal);
        let allowed = victim.kind() == Some(Kind::DarkWarlord)
            && c.opts.warlord_into_attack == WarlordIntoAttack::Allowed;
        let opponent = c.side.opponent();
        let (mode, hot) = if region == Region::Ocean {
            // Afloat: boarders come along the lines through him (or leap,
            // whatever stands between), Rams from next to him, Cannons along
            // a line through him; an action elsewhere changes none of them.
            if ocean::attacked_on(c, c.p, royal, victim) {
                (Mode::Everything, SquareSet::EMPTY)
            } else {
                (Mode::Quiet, afloat_lines(c, royal))
            }
        } else {
            let (threats, afloat) = attack::Threats::gather_into(c, opponent, victim, region, keep);
            let lines = exposed_lines(royal, threats, afloat);
            if threats.attacks(c, royal, NO_SQUARE) {
                (Mode::Attacked, lines.or(c.p.occupied[opponent.index()]))
            } else {
                (Mode::Quiet, lines)
            }
        };
        // On land the generator checks the Prince's (and the Warlord's under
        // `forbidden`) own moves; afloat only the Warlord free is trusted.
        let trust_royal = match mode {
            Mode::Quiet => region != Region::Ocean || allowed,
            Mode::Attacked => !allowed,
            Mode::Everything => false,
        };
        let mut hot = hot;
        hot.insert(royal);
        let [a, b, c3] = hot.0;
        Some(Guard {
            royal,
            mode,
            trust_royal,
            hot: [a, b, c3, 0],
            land: region != Region::Ocean,
        })
    }

    /// The guard of the side to move whose royal is in his room (ruling
    /// `dragon.white-room`, [`room`]), or `None` when he is not there
    /// either. Only the forces on the lines from the room's point (and, the
    /// room attacked, the opposing forces) can change its attackers: an
    /// action touching them is played (`land` false: no walk, the
    /// definition), another is legal while the room is not attacked and
    /// refused while it is. Every action is from a position other than the
    /// royal's (`NO_SQUARE`, never trusted).
    #[inline(never)]
    fn in_room(c: &Ctx<'_>) -> Option<Guard> {
        let (area, victim) = room::royal_in_room(c.p, c.side)?;
        let lines = room::lines(area);
        let opponent = c.side.opponent();
        let (mode, hot) = if room::attacked(c, area, opponent, victim) {
            (Mode::Attacked, lines.or(c.p.occupied[opponent.index()]))
        } else {
            (Mode::Quiet, lines)
        };
        let [a, b, c3] = hot.0;
        Some(Guard {
            royal: NO_SQUARE,
            mode,
            land: false,
            trust_royal: false,
            hot: [a, b, c3, 0],
        })
    }

    /// Whether the royal is not under attack: then an action from and to
    /// positions off [`Guard::lines`] (and not en passant or a choice) is
    /// legal without a test.
    pub(crate) fn quiet(&self) -> bool {
        self.mode == Mode::Quiet
    }

    /// Whether the royal stands on land, not under attack: the guard then
    /// depends only on his kingdom and the ocean ([`super::sibling`]).
    pub(crate) fn quiet_on_land(&self) -> bool {
        self.mode == Mode::Quiet && self.land
    }

    /// The royal's position and the positions that matter (when
    /// [`Guard::quiet`]).
    pub(crate) fn lines(&self) -> SquareSet {
        SquareSet::from_words([self.hot[0], self.hot[1], self.hot[2]])
    }

    /// Whether `sq` (maybe past the grid) is hot.
    #[inline(always)]
    fn hot(&self, sq: u8) -> bool {
        self.hot[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
    }

    /// Whether `a` needs playing: `Some(verdict)` when the answer is known
    /// without.
    #[inline(always)]
    fn verdict(&self, p: &Position, a: Action) -> Option<bool> {
        // The common case first: not attacked, nothing that matters touched
        // (the royal's own position is hot too).
        if self.mode == Mode::Quiet
            && !self.hot(a.from())
            && !self.hot(a.to())
            && (1u32 << (a.kind_value() & 31)) & PLAYED == 0
        {
            return Some(true);
        }
        self.verdict_rest(p, a)
    }

    /// [`Guard::verdict`] past the common case.
    #[inline(never)]
    fn verdict_rest(&self, p: &Position, a: Action) -> Option<bool> {
        let kind = 1u32 << (a.kind_value() & 31);
        if kind & PLAYED != 0 {
            return None;
        }
        if kind & FREE != 0 {
            return Some(true);
        }
        if kind & REALIGN != 0 {
            // A bow re-aligned moves nothing and turns only the mover's own
            // Ram and Cannons: the royal stays as attacked as he was.
            return Some(self.mode == Mode::Quiet);
        }
        let (from, to) = (a.from(), a.to());
        if from == self.royal {
            return self.trust_royal.then_some(true);
        }
        let touches = self.hot(from) || self.hot(to);
        match self.mode {
            Mode::Quiet => (!touches).then_some(true),
            Mode::Everything => None,
            Mode::Attacked => {
                // The Red Witch, or the Storm Queen who becomes her on leaving
                // the Kingdom of Storms: her Direct Capture wins.
                let witch = || {
                    usize::from(from) < SQUARES
                        && matches!(
                            p.force(from).kind(),
                            Some(Kind::RedWitch | Kind::StormQueen)
                        )
                };
                if touches || kind & SAILS != 0 || witch() {
                    None
                } else {
                    Some(false)
                }
            }
        }
    }

    /// Whether `a` (generated for the side to move of `p`) leaves its royal
    /// out of attack, or wins at once.
    #[inline(always)]
    pub(crate) fn allows(&self, p: &Position, opts: &DragonOptions, a: Action) -> bool {
        self.verdict(p, a).unwrap_or_else(|| {
            self.surely_known(p, opts, a)
                .unwrap_or_else(|| !leaves_royal_attacked(p, opts, a))
        })
    }

    /// [`Guard::allows`] past [`Guard::verdict`] when the answer is known
    /// without playing `a` (checked against playing in debug builds):
    /// [`Guard::surely_safe`], or refused: a vessel's advance
    /// [`Guard::surely_refused`], a move or capture
    /// [`Guard::surely_still_attacked`]; `None`: play it.
    #[inline(never)]
    fn surely_known(&self, p: &Position, opts: &DragonOptions, a: Action) -> Option<bool> {
        if self.surely_safe(p, opts, a) {
            debug_assert!(
                !leaves_royal_attacked(p, opts, a),
                "{a:?} judged safe without playing"
            );
            return Some(true);
        }
        if self.mode == Mode::Attacked
            && a.kind() == Some(ActionKind::VesselAdvance)
            && self.surely_refused(p, opts, a)
        {
            debug_assert!(
                leaves_royal_attacked(p, opts, a),
                "{a:?} refused without playing"
            );
            return Some(false);
        }
        if self.mode != Mode::Quiet && self.surely_still_attacked(p, a) {
            debug_assert!(
                leaves_royal_attacked(p, opts, a),
                "{a:?} refused without playing"
            );
            return Some(false);
        }
        None
    }

    /// Whether a move or capture (on land, embarking or disembarking), the
    /// royal on land and not under attack, surely leaves him so: only the
    /// lines through him that the action touches can change, so they are
    /// walked (his kingdom's part, where his attackers on land are) with the
    /// action's origin emptied and its destination holding the mover; an
    /// opposing force afloat that captures along one of them must stay kept
    /// from him ([`Guard::kept_from_sea`], for a move or capture on land;
    /// otherwise the action is played). A vessel's advance: the same for the
    /// forces afloat, nothing on land changing. `false` says "play it" (a
    /// win at once, or an attack, is the definition's to tell).
    ///
    /// Afloat: [`Guard::surely_safe_afloat`].
    #[inline(always)]
    fn surely_safe(&self, p: &Position, opts: &DragonOptions, a: Action) -> bool {
        if !self.land {
            return self.surely_safe_afloat(p, opts, a);
        }
        if self.mode != Mode::Quiet {
            return false;
        }
        let advance = match a.kind() {
            Some(ActionKind::Move | ActionKind::Capture) => false,
            // Not while the TrueBorn Queen is due to go to war as it ends.
            Some(ActionKind::VesselAdvance) if p.flags & flags::QUEEN_WAR_DUE == 0 => true,
            _ => return false,
        };
        let (from, to) = (a.from(), a.to());
        let by = p.to_move.opponent();
        let (orthogonal, diagonal) = sea_liners(p, by);
        let c = Ctx::new(p, opts);
        let victim = p.force(self.royal);
        let edit = (from, to, p.force(from));
        // A move or capture from land to land, or a vessel's advance: what
        // it changes at sea is known ([`Guard::kept_from_sea`]).
        let known_at_sea = advance
            || (usize::from(from) < SQUARES
                && usize::from(to) < SQUARES
                && c.b.region(from).is_land()
                && c.b.region(to).is_land());
        for (d, ray) in full_rays().iter().enumerate() {
            let ray = ray[self.royal as usize];
            if !ray.has(from) && !ray.has(to) {
                continue;
            }
            let afloat = ray.and(if d % 2 == 1 { diagonal } else { orthogonal });
            let kept = afloat.is_empty()
                || (known_at_sea && self.kept_from_sea(p, opts, d, afloat, a, advance));
            if !kept {
                return false;
            }
            // A vessel's advance changes nothing on land.
            if !advance && attack::along(&c, by, victim, self.royal, d, edit) {
                return false;
            }
        }
        true
    }
}

/// Whether applying `a` leaves the mover's royal under attack (a win at once
/// never does): the rule's definition. Never inlined: its copy of the
/// position stays off the generators' (and their callers') stack frames.
#[inline(never)]
pub(crate) fn leaves_royal_attacked(p: &Position, opts: &DragonOptions, a: Action) -> bool {
    let side = p.to_move;
    let mut q = *p;
    apply::apply_action(&mut q, opts, a, &mut |_| {});
    if q.outcome.is_some_and(|o| o.winner == Some(side)) {
        return false;
    }
    royal_attacked(&q, opts, side)
}

/// Whether the royal of `side` stands under attack (on land, or afloat: by
/// boarders, Rams and Cannons, ruling `dragon.royal-aboard`; in the White
/// Room or the Stairwell, ruling `dragon.white-room`); false when he is
/// nowhere.
pub(crate) fn royal_attacked(p: &Position, opts: &DragonOptions, side: Side) -> bool {
    match royal_square(p, side) {
        Some(sq) => {
            let c = Ctx::new(p, opts);
            ocean::attacked_on(&c, p, sq, p.force(sq))
        }
        None => room::royal_attacked_in_room(p, opts, side),
    }
}

/// A sink that passes on only the actions the [`Guard`] allows.
pub(crate) struct Guarded<'a, S: Sink> {
    pub(crate) inner: &'a mut S,
    pub(crate) guard: Guard,
    pub(crate) p: &'a Position,
    pub(crate) opts: &'a DragonOptions,
}

impl<S: Sink> Guarded<'_, S> {
    /// [`Sink::push_moves`]' word `w` (destinations `bits`, the opposing
    /// forces `enemy`) of a move from `base`'s origin, off the hot lines
    /// and not under attack: only its destinations on them tested.
    #[inline(always)]
    fn push_moves_word(&mut self, base: u32, w: usize, bits: u64, enemy: u64) {
        // Most words of a force's destinations are empty (its moves lie in
        // one or two of the three): tested first, nothing else read.
        if bits == 0 {
            return;
        }
        let hot = self.guard.hot[w];
        let base = base | (w as u32 * 64) << 16;
        if bits & hot == 0 {
            // No destination of this word on them (the common case): no
            // test of each.
            self.inner.push_word(base, bits, enemy & bits);
            return;
        }
        let mut bits = bits;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let capture = (enemy >> i) as u32 & 1;
            let a = Action(base | i << 16 | capture << 8);
            if hot >> i & 1 == 0 {
                self.inner.push(a);
            } else {
                self.push(a);
            }
        }
    }
}

impl<S: Sink> Sink for Guarded<'_, S> {
    #[inline(always)]
    fn push(&mut self, action: Action) {
        if self.guard.allows(self.p, self.opts, action) {
            self.inner.push(action);
        }
    }

    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }

    /// Moves and captures: while the royal is not under attack and `from`
    /// is off the hot lines, only the destinations on them need the test
    /// ([`Guard::verdict`]'s common case, word by word).
    ///
    /// The royal's own moves and captures, when trusted
    /// ([`Guard::verdict`]'s answer for each of them whatever the mode),
    /// pass on at once: his position is hot, so each was a call of the
    /// verdict's rest (about five a generation).
    #[inline(always)]
    fn push_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        if from == self.guard.royal && self.guard.trust_royal {
            debug_assert!(t.iter().all(|to| {
                let kind = if enemy.has(to) {
                    ActionKind::Capture
                } else {
                    ActionKind::Move
                };
                self.guard.verdict(self.p, Action::new(kind, from, to, 0)) == Some(true)
            }));
            self.inner.push_moves(from, t, enemy);
            return;
        }
        if self.guard.mode != Mode::Quiet || self.guard.hot(from) {
            super::moves::push_moves_each(self, from, t, enemy);
            return;
        }
        self.push_cold_moves(from, t, enemy);
    }

    /// Off the hot lines (the royal's position among them) while the royal
    /// is not under attack: [`Sink::push_moves`] after its tests of the
    /// origin; none while he is.
    #[inline(always)]
    fn cold_origins(&self) -> SquareSet {
        if self.guard.mode == Mode::Quiet {
            SquareSet::from_words([!self.guard.hot[0], !self.guard.hot[1], !self.guard.hot[2]])
        } else {
            SquareSet::EMPTY
        }
    }

    /// [`Sink::push_moves`] from an origin off the hot lines, not the
    /// royal's, while he is not under attack: only the destinations on them
    /// tested.
    #[inline(always)]
    fn push_cold_moves(&mut self, from: u8, t: SquareSet, enemy: SquareSet) {
        debug_assert!(self.guard.mode == Mode::Quiet && !self.guard.hot(from));
        debug_assert_ne!(from, self.guard.royal);
        let base = Action::new(ActionKind::Move, from, 0, 0).0;
        // The three words written out (each with its constant offset).
        self.push_moves_word(base, 0, t.0[0], enemy.0[0]);
        self.push_moves_word(base, 1, t.0[1], enemy.0[1]);
        self.push_moves_word(base, 2, t.0[2], enemy.0[2]);
    }

    /// Re-alignments: all allowed while the royal is not under attack, none
    /// while he is, wherever the vessel ([`Guard::verdict`]'s answer for
    /// each: a bow re-aligned moves nothing; a debug assertion asks it).
    /// A vessel on the hot lines does not have each re-alignment tested (a
    /// call of the verdict's rest).
    #[inline(always)]
    fn push_realigns(&mut self, sq: u8, bows: u8) {
        let g = &self.guard;
        let quiet = g.mode == Mode::Quiet;
        debug_assert!((0..8u32).filter(|d| bows >> d & 1 != 0).all(|d| {
            let a = Action(Action::new(ActionKind::VesselRealign, sq, sq, 0).0 | d);
            g.verdict(self.p, a) == Some(quiet)
        }));
        if quiet {
            self.inner.push_realigns(sq, bows);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::{Game, zobrist::splitmix64};
    use crate::dragon::moves::{self, DragonActions};
    use crate::dragon::ocean_rules::{CannonTarget, OpenWater};
    use crate::dragon::{Dragon, JumpTarget, KnightVariation};

    /// The rule's definition, written without the Guard: the Dark Warlord's
    /// own moves are free under `warlord-into-attack = allowed` while he is
    /// not under attack; every other action is played and the royal asked.
    fn by_definition(p: &Position, opts: &DragonOptions, a: Action) -> bool {
        let side = p.to_move;
        let free = side == Side::Red
            && opts.warlord_into_attack == WarlordIntoAttack::Allowed
            && royal_square(p, side) == Some(a.from())
            && !royal_attacked(p, opts, side);
        free || !leaves_royal_attacked(p, opts, a)
    }

    /// The positions of the perft tables (crowded kingdoms, the ocean crowded,
    /// the procedures) and the deployment.
    pub(crate) fn starts() -> Vec<String> {
        let table = include_str!("../../../scenarios/perft/dragon.toml");
        let mut out: Vec<String> = table
            .lines()
            .filter_map(|l| l.strip_prefix("position = \""))
            .map(|l| l.trim_end_matches('"').to_owned())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The games the Dragon tests play from: the perft tables' positions
    /// ([`starts`], imported), then one fresh deployment.
    pub(crate) fn start_games(opts: &DragonOptions) -> Vec<Dragon> {
        let mut games: Vec<Dragon> = starts()
            .iter()
            .map(|t| Dragon::import(t, opts).unwrap())
            .collect();
        games.push(Dragon::new(opts));
        games
    }

    #[derive(Default, Debug)]
    struct Seen {
        positions: usize,
        actions: usize,
        attacked: usize,
        afloat: usize,
        /// The royal in the White Room or the Stairwell, and attacked there.
        in_room: usize,
        in_room_attacked: usize,
        everything: usize,
        refused: usize,
    }

    /// Compares the Guard with the definition on every generated action of
    /// `p`'s side to move.
    fn compare(p: &Position, opts: &DragonOptions, seen: &mut Seen) {
        let c = Ctx::new(p, opts);
        let Some(guard) = Guard::new(&c) else {
            return;
        };
        seen.positions += 1;
        match guard.mode {
            Mode::Attacked => seen.attacked += 1,
            Mode::Everything => seen.everything += 1,
            Mode::Quiet => {}
        }
        if guard.royal == NO_SQUARE {
            seen.in_room += 1;
            seen.in_room_attacked += usize::from(guard.mode == Mode::Attacked);
        } else if c.b.region(guard.royal) == Region::Ocean {
            seen.afloat += 1;
        }
        let mut all = DragonActions::new();
        moves::generate(&c, &mut all);
        let mut legal = Vec::new();
        for &a in &all {
            let fast = guard.allows(p, opts, a);
            let slow = by_definition(p, opts, a);
            if fast != slow {
                let mut text = String::new();
                let _ = super::super::text::export(p, &mut text);
                panic!("{a:?}: guard {fast}, definition {slow} in {text}");
            }
            seen.actions += 1;
            seen.refused += usize::from(!slow);
            if slow {
                legal.push(a);
            }
        }
        // The generator through the Guarded sink lists exactly the actions
        // the definition allows.
        let mut guarded = DragonActions::new();
        moves::generate(
            &c,
            &mut Guarded {
                inner: &mut guarded,
                guard,
                p,
                opts,
            },
        );
        if guarded.as_slice() != legal.as_slice() {
            let mut text = String::new();
            let _ = super::super::text::export(p, &mut text);
            panic!("the guarded generator lists {guarded:?}, the definition {legal:?} in {text}");
        }
    }

    /// Random games from every start under several options, comparing the
    /// Guard with the definition at every position: it must agree on every
    /// action, and the run must meet positions with the royal under attack,
    /// afloat and in his room (attacked there too), and refuse actions.
    fn run(games: u64, plies: usize) -> Seen {
        let mut seen = Seen::default();
        let mut variants = [DragonOptions::default(); 3];
        variants[1].warlord_into_attack = WarlordIntoAttack::Allowed;
        // The ocean's other readings: rides and jumps over open water,
        // Cannons past the firing side's vessels.
        variants[1].open_water = OpenWater::Passes;
        variants[1].cannon_target = CannonTarget::FirstOpposing;
        variants[2].knights = KnightVariation::Pike;
        variants[2].jump_target = JumpTarget::FirstOpposing;
        let mut x = 0x5AFE_u64;
        let mut legal = DragonActions::new();
        for (v, opts) in variants.iter().enumerate() {
            let mut starts: Vec<Dragon> = starts()
                .iter()
                .map(|t| Dragon::import(t, opts).unwrap())
                .collect();
            starts.push(Dragon::new(opts));
            for game in 0..games {
                let mut g = starts[(game as usize + v) % starts.len()].clone();
                for _ in 0..plies {
                    compare(&g.pos, opts, &mut seen);
                    g.legal_actions(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    x = splitmix64(x ^ game);
                    let a = legal[(x % legal.len() as u64) as usize];
                    g.play(a).unwrap();
                }
            }
        }
        seen
    }

    /// [`GROWS`] says which way the board's numbering runs along each
    /// direction, and [`segments`] (the farthest liner on each ray) equals
    /// the plain union of the segments to every liner, on random sets.
    #[test]
    fn segments_reach_the_farthest_liner_on_each_ray() {
        let b = board();
        for (d, step) in b.step.iter().enumerate() {
            for (sq, &t) in step.iter().enumerate() {
                if t != NO_SQUARE {
                    assert_eq!(usize::from(t) > sq, GROWS[d], "direction {d} from {sq}");
                }
            }
        }
        let plain = |from: u8, orthogonal: SquareSet, diagonal: SquareSet| {
            let mut lines = SquareSet::EMPTY;
            for (d, ray) in full_rays().iter().enumerate() {
                let whole = ray[from as usize];
                let on = whole.and(if d % 2 == 1 { diagonal } else { orthogonal });
                on.for_each(|a: u8| {
                    let beyond = ray[a as usize];
                    for w in 0..3 {
                        lines.0[w] |= whole.0[w] & !beyond.0[w];
                    }
                });
            }
            lines
        };
        let mut x = 0x5E6_u64;
        let mut random_set = |density: u64| {
            let mut set = SquareSet::EMPTY;
            for sq in 0..SQUARES as u8 {
                x = splitmix64(x);
                if x % 100 < density {
                    set.insert(sq);
                }
            }
            set
        };
        let mut nonempty = 0;
        for i in 0..600u64 {
            let from = (i % SQUARES as u64) as u8;
            let (orthogonal, diagonal) = (random_set(i % 12), random_set((i / 12) % 12));
            let fast = segments(from, orthogonal, diagonal);
            assert_eq!(fast, plain(from, orthogonal, diagonal), "from {from}");
            nonempty += usize::from(!fast.is_empty());
        }
        assert!(nonempty > 300, "{nonempty}");
    }

    #[test]
    fn the_guard_agrees_with_playing_every_action() {
        let seen = run(24, 150);
        eprintln!("{seen:?}");
        assert!(seen.positions >= 3000, "{seen:?}");
        assert!(seen.attacked >= 50, "{seen:?}");
        assert!(seen.afloat >= 50, "{seen:?}");
        assert!(seen.everything >= 5, "{seen:?}");
        assert!(seen.refused >= 500, "{seen:?}");
        // The perft table's rooms rows: the Prince in the White Room, the
        // Dark Warlord in the Stairwell (ruling `dragon.white-room`).
        assert!(seen.in_room >= 100, "{seen:?}");
        assert!(seen.in_room_attacked >= 10, "{seen:?}");
    }

    /// The same over many more games (on its last run, 2026-12-03, 279,756
    /// positions and 17.0M actions played and compared;
    /// an earlier build's games gave 356,939 and 23.1M: the figures move with
    /// the rules the random games meet; 3 s in release on that run): too long
    /// for every CI run, so run by hand after changing the Guard:
    /// `cargo test --release -p tigerseye-engine the_guard_agrees -- --ignored`.
    #[test]
    #[ignore = "minutes long: the same comparison as the_guard_agrees_with_playing_every_action over 400 games; run by hand after changing the Guard"]
    fn the_guard_agrees_with_playing_every_action_long() {
        let seen = run(400, 400);
        eprintln!("{seen:?}");
        assert!(seen.attacked >= 1000, "{seen:?}");
    }
}
