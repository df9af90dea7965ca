//! Race: the Jewel Series tie-break dice game, also played stand-alone (seed 002,
//! "Jewel Series Tie-breaking", "The Play, Moves & Setting-back powers of the
//! Expedition Leaders", "General Rules for Race", "Setting-back on Prominent
//! squares", "Blocking of Setting-back on Prominent squares").
//!
//! Each side has the two Expedition Leaders of Star-Lords: "the two Green
//! Expedition Leaders are placed on square K11 and the two Red Expedition Leaders
//! are placed on square A1". On his turn a player "must first roll the dice" (a
//! chance node: `roll 1` to `roll 6`, 1/6 each) and then advance one of his
//! Leaders clockwise by the throw along the 40-square [`track`] ("by either of the
//! player's Expedition Leaders ..., or by the Expedition Leader not having returned
//! to his starting square if one has already returned there"). The first side to
//! bring both Leaders round and home wins.
//!
//! - **Forward Setting-back**: landing on a single opposing Leader sends him back
//!   to his starting square.
//! - **Diagonal Setting-back**: from the square landed on, the diagonal 45 degrees
//!   clockwise of the side's forwards "reaches across to another side of the board";
//!   the nearest Leader on it (the "Relatively foremost") is set back if he is a
//!   single (Unsecured) opposing Leader on another side. F6 blocks the diagonal, and
//!   so, "temporarily", does any Leader on a track square before him (a Leader on
//!   the landing square's own side can only be Forwardly set back). From B4 the
//!   diagonal crosses C5 and D6 (its own side's Prominent squares, D6 "Foremost")
//!   and reaches F8, G9, H10 and I11 (F8 Foremost).
//! - **Double Setting-back**: a Forward and a Diagonal Set-back by one move.
//! - **Secured Leaders**: two Leaders of a side on one square cannot be set back
//!   and cannot be landed on; the mover "must make another move, if possible, or
//!   pass the move".
//! - Setting back is never compulsory beyond the choice of move
//!   ([`GREATEST_SETBACKS`]); finishing needs "the minimum to reach the square or
//!   more" and puts the Leader off the board ([`FINISHING`]).
//! - **The move limit**: 50 moves a side, passes counted ([`MOVE_LIMIT`]). After it
//!   "there is no more Setting-back at all and no restrictions whatsoever on ...
//!   occupying the same square", and "the player who started the game moving
//!   second and will have just moved now has the move again". The result is "Race –
//!   completed by 50" or "Race - completed after 50".
//! - Who moves first: a coin stand-alone, the reverse of Star-Lords as the
//!   tie-break (option `first`). A win scores one Chord stand-alone, one Note as the
//!   tie-break (option `scoring`).
//!
//! Actions ([`RaceAction`], unpacked as [`RaceActionKind`]): `coin green` / `coin
//! red` (chance), `roll 4` (chance), `A1+4` (advance the Leader on A1 by the throw
//! of 4), `pass`. The position format is in [`Race::export`](crate::Game::export).
//!
//! Rulings: [`TRACK_SHAPE`], [`GREATEST_SETBACKS`], [`START_SQUARE`], [`FINISHING`],
//! [`SECURED_PASSING`], [`MOVE_LIMIT`].
//!
//! ```
//! use tigerseye_engine::Game;
//! use tigerseye_engine::jewel::race::{Race, RaceOptions};
//!
//! // The seed's first example: a Leader landing on A10 sets back one on B11.
//! let start = "G:K11,B11 R:A1,A9 first:red moves:10,10 red:roll";
//! let mut race = Race::import(start, &RaceOptions::default()).unwrap();
//! for text in ["roll 1", "A9+1"] {
//!     let action = race.parse_action(text).unwrap();
//!     race.play(action).unwrap();
//! }
//! assert_eq!(
//!     race.export_string(),
//!     "G:K11,K11 R:A1,A10 first:red moves:10,11 green:roll"
//! );
//! ```

mod events;
mod options;
mod text;
pub mod track;

use std::fmt;

use arrayvec::ArrayVec;

pub use self::events::{Blocker, RaceEvent};
#[cfg(feature = "fault-injection")]
pub use self::options::RaceFault;
pub use self::options::{
    FINISHING, Finish, FirstMove, GREATEST_SETBACKS, MOVE_LIMIT, RaceOptions, SECURED_PASSING,
    START_SQUARE, Scoring, SecuredPassing, SetbackChoice, StartSquare, TRACK_SHAPE, TrackShape,
};
use self::track::{LEN, Track};
use crate::core::clocks::{Lag, Millis, SwingAfterLimit, SwingReading, TimeControl};
use crate::core::{
    Game, InvariantError, NotationError, Outcome, PositionError, Probability, RuleId, Score,
    ScoreUnit, Side, Square, Turn, zobrist,
};
use crate::rulings::Ruling;

/// "Race – completed by 50": won before the move limit was reached.
pub const COMPLETED_BY_50: RuleId = RuleId("completed-by-50");
/// "Race - completed after 50": won after the move limit was reached.
pub const COMPLETED_AFTER_50: RuleId = RuleId("completed-after-50");
/// "The move limit is 50 moves for each side" (General Rules 5).
pub const MOVE_LIMIT_MOVES: u8 = 50;
/// The most moves a side can make: 50, then at most 80 more (after the limit no
/// Leader goes back, and each move takes one of at most 80 squares still to go).
pub const MAX_MOVES: u8 = 130;
/// A Leader's progress once home (off the board): a full round.
pub const HOME: u8 = LEN;

/// The track index of a side's starting square: Red's A1, Green's K11.
#[inline]
const fn start(side: Side) -> u8 {
    match side {
        Side::Red => 0,
        Side::Green => 20,
    }
}

/// The track index of a Leader of `side` `progress` squares from his start.
#[inline]
const fn track_index(side: Side, progress: u8) -> u8 {
    let t = start(side) + progress;
    if t >= LEN { t - LEN } else { t }
}

/// The six faces of the die, in order.
const ROLLS: [RaceAction; 6] = [
    RaceAction::roll(1),
    RaceAction::roll(2),
    RaceAction::roll(3),
    RaceAction::roll(4),
    RaceAction::roll(5),
    RaceAction::roll(6),
];

/// Where a Leader of each side stands, by progress: `SPOT[side][p]` is the track
/// index `p` squares on from his start, or [`OFF`] once home. A table, so that the
/// hot counting code is one load per Leader.
const SPOT: [[u8; 41]; 2] = {
    let mut t = [[OFF; 41]; 2];
    let mut p = 0;
    while p < LEN {
        t[0][p as usize] = track_index(Side::Green, p);
        t[1][p as usize] = track_index(Side::Red, p);
        p += 1;
    }
    t
};
/// The [`SPOT`] of a Leader who is home: no track index.
const OFF: u8 = u8::MAX;

/// `BIT[side][p]`: the one-square set (bit per track index) of a Leader at
/// progress `p`, empty once home.
const BIT: [[u64; 41]; 2] = {
    let mut t = [[0u64; 41]; 2];
    let mut p = 0;
    while p < LEN {
        t[0][p as usize] = 1 << track_index(Side::Green, p);
        t[1][p as usize] = 1 << track_index(Side::Red, p);
        p += 1;
    }
    t
};

/// What an action of Race is; [`RaceAction`] is its packed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaceActionKind {
    /// Chance: the coin names the side that moves first. `coin green`.
    Coin(Side),
    /// Chance: the die shows this face, 1 to 6. `roll 4`.
    Roll(u8),
    /// The side to move advances its Leader standing on `from` by the throw `steps`.
    /// `A1+4`.
    Advance {
        /// The Leader's square.
        from: Square,
        /// The throw (stored up to 15; a throw is 1 to 6).
        steps: u8,
    },
    /// No Leader can move with this throw. `pass`.
    Pass,
}

/// One action of Race, packed into 16 bits: the kind in bits 12-13, then the
/// fields. Actions compare and sort as their [`RaceActionKind`]s do (kind in the
/// order declared, then fields), in one integer comparison: the duplicate checks
/// that run on every simulated step compare them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RaceAction(u16);

impl RaceAction {
    /// `pass`.
    pub const PASS: RaceAction = RaceAction(3 << 12);

    /// `coin green` / `coin red`.
    #[must_use]
    pub const fn coin(side: Side) -> RaceAction {
        RaceAction(side.index() as u16)
    }

    /// `roll d`.
    #[must_use]
    pub const fn roll(d: u8) -> RaceAction {
        RaceAction(1 << 12 | d as u16)
    }

    /// `<from>+<steps>`; a throw above 15 is stored as 15 (no throw is above 6).
    #[must_use]
    pub const fn advance(from: Square, steps: u8) -> RaceAction {
        let steps = if steps > 15 { 15 } else { steps };
        RaceAction(2 << 12 | (from.0 as u16) << 4 | steps as u16)
    }

    /// The action from its kind.
    #[must_use]
    pub const fn new(kind: RaceActionKind) -> RaceAction {
        match kind {
            RaceActionKind::Coin(side) => RaceAction::coin(side),
            RaceActionKind::Roll(d) => RaceAction::roll(d),
            RaceActionKind::Advance { from, steps } => RaceAction::advance(from, steps),
            RaceActionKind::Pass => RaceAction::PASS,
        }
    }

    /// What the action is.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> RaceActionKind {
        match self.0 >> 12 {
            0 => RaceActionKind::Coin(if self.0 & 1 == 0 {
                Side::Green
            } else {
                Side::Red
            }),
            1 => RaceActionKind::Roll(self.0 as u8),
            2 => RaceActionKind::Advance {
                from: Square((self.0 >> 4) as u8),
                steps: (self.0 & 15) as u8,
            },
            _ => RaceActionKind::Pass,
        }
    }
}

impl From<RaceActionKind> for RaceAction {
    fn from(kind: RaceActionKind) -> RaceAction {
        RaceAction::new(kind)
    }
}

impl fmt::Debug for RaceAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.kind(), f)
    }
}

/// Where the game stands between actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The coin decides who moves first.
    Coin,
    /// The side to move rolls the die.
    Roll,
    /// The side to move has thrown this number and chooses a Leader (or passes).
    Move(u8),
    /// The game is over.
    Over,
}

/// Zobrist keys: leaders by side, slot (the rearmost first) and progress 0-40;
/// moves by side and count; the phase; Red to move; the first mover.
const ZOBRIST: [u64; 164 + 512 + 9 + 1 + 3] = zobrist::keys(0x2ACE_0000_0000_0004);
const MOVES_KEYS: usize = 164;
const PHASE_KEYS: usize = MOVES_KEYS + 512;
const RED_TO_MOVE: u64 = ZOBRIST[PHASE_KEYS + 9];
const FIRST_KEYS: usize = PHASE_KEYS + 10;

#[inline]
fn pair_key(side: Side, pair: [u8; 2]) -> u64 {
    let base = side.index() * 82;
    ZOBRIST[base + usize::from(pair[0])] ^ ZOBRIST[base + 41 + usize::from(pair[1])]
}

#[inline]
fn moves_key(side: Side, n: u8) -> u64 {
    ZOBRIST[MOVES_KEYS + side.index() * 256 + usize::from(n)]
}

#[inline]
fn phase_key(phase: Phase) -> u64 {
    ZOBRIST[PHASE_KEYS
        + match phase {
            Phase::Coin => 0,
            Phase::Roll => 1,
            Phase::Move(d) => 1 + usize::from(d.clamp(1, 6)),
            Phase::Over => 8,
        }]
}

#[inline]
fn first_key(first: Option<Side>) -> u64 {
    ZOBRIST[FIRST_KEYS + first.map_or(0, |s| 1 + s.index())]
}

/// A win for `side`: "For a Stand-alone game the winning player scores one Chord",
/// "For the Tie-break game ... one Note" (seed 002, Race, Scoring 8 and 9).
#[must_use]
pub fn win(side: Side, rule: RuleId, scoring: Scoring) -> Outcome {
    let unit = match scoring {
        Scoring::StandAlone => ScoreUnit::Chords,
        Scoring::TieBreak => ScoreUnit::Notes,
    };
    Outcome {
        winner: Some(side),
        rule,
        score: Score::win(side, 1, unit),
    }
}

/// What one advance does, worked out before it is applied.
#[derive(Clone, Copy, Debug)]
struct Landing {
    /// Both sides' Leaders afterwards, unsorted.
    leaders: [[u8; 2]; 2],
    /// The square landed on (the starting square for a finishing Leader that
    /// lands there), if the Leader lands.
    at: Option<u8>,
    /// The track index of a Forwardly set-back Leader.
    forward: Option<u8>,
    /// The track index of a Diagonally set-back Leader.
    diagonal: Option<u8>,
    /// A Diagonal Setting-back that was stopped: the blocker and the shielded
    /// track index.
    blocked: Option<(Blocker, u8)>,
    /// The Leader went home.
    home: bool,
}

impl Landing {
    fn setbacks(&self) -> u8 {
        u8::from(self.forward.is_some()) + u8::from(self.diagonal.is_some())
    }
}

/// A game of Race in progress.
///
/// The position is each Leader's progress round the track from his starting square
/// (0 on it, [`HOME`] once off the board; a side's two Leaders are kept rearmost
/// first, since they are alike), the moves each side has made, who moved first,
/// whose turn it is and what it waits for ([`Phase`]). Race has no repetition rule:
/// the move limit ends Setting-back, and with it every way back.
#[derive(Clone, Copy, Debug)]
pub struct Race {
    options: RaceOptions,
    track: &'static Track,
    leaders: [[u8; 2]; 2],
    moves: [u8; 2],
    first: Option<Side>,
    to_move: Side,
    phase: Phase,
    outcome: Option<Outcome>,
    ply: u32,
    hash: u64,
}

impl PartialEq for Race {
    /// Equal positions, options and outcome; the ply count is the past.
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.leaders == other.leaders
            && self.moves == other.moves
            && self.first == other.first
            && self.to_move == other.to_move
            && self.phase == other.phase
            && self.outcome == other.outcome
    }
}

impl Race {
    /// The track in use.
    #[must_use]
    pub fn track(&self) -> &'static Track {
        self.track
    }

    /// The squares of `side`'s two Leaders, rearmost first; `None` once home.
    #[must_use]
    pub fn leaders(&self, side: Side) -> [Option<Square>; 2] {
        self.leaders[side.index()].map(|p| self.square_of(side, p))
    }

    /// How far round each of `side`'s Leaders is, rearmost first (0 on the starting
    /// square, [`HOME`] once off the board).
    #[must_use]
    pub fn progress(&self, side: Side) -> [u8; 2] {
        self.leaders[side.index()]
    }

    /// Moves `side` has made (passes included).
    #[must_use]
    pub fn moves(&self, side: Side) -> u8 {
        self.moves[side.index()]
    }

    /// Who moved first, once decided.
    #[must_use]
    pub fn first(&self) -> Option<Side> {
        self.first
    }

    /// What the game waits for.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether both sides have made 50 moves: no more Setting-back, no Secured
    /// squares (seed 002, Race, General Rules 7).
    #[must_use]
    #[inline]
    pub fn limit_reached(&self) -> bool {
        self.moves[0] >= MOVE_LIMIT_MOVES && self.moves[1] >= MOVE_LIMIT_MOVES
    }

    fn square_of(&self, side: Side, progress: u8) -> Option<Square> {
        (progress < HOME).then(|| self.track.square(track_index(side, progress)))
    }

    #[inline]
    fn compute_hash(&self) -> u64 {
        let mut h = pair_key(Side::Green, self.leaders[0]) ^ pair_key(Side::Red, self.leaders[1]);
        h ^= moves_key(Side::Green, self.moves[0]) ^ moves_key(Side::Red, self.moves[1]);
        h ^= phase_key(self.phase) ^ first_key(self.first);
        if self.to_move == Side::Red {
            h ^= RED_TO_MOVE;
        }
        h
    }

    /// The track indices with a Leader on them (bit `t` for index `t`).
    #[inline]
    fn occupied(leaders: &[[u8; 2]; 2]) -> u64 {
        let [[g0, g1], [r0, r1]] = *leaders;
        BIT[0][usize::from(g0.min(HOME))]
            | BIT[0][usize::from(g1.min(HOME))]
            | BIT[1][usize::from(r0.min(HOME))]
            | BIT[1][usize::from(r1.min(HOME))]
    }

    /// The track squares holding a Leader of `side`.
    #[inline]
    fn side_mask(&self, side: Side) -> u64 {
        let [a, b] = self.leaders[side.index()];
        let bits = &BIT[side.index()];
        bits[usize::from(a.min(HOME))] | bits[usize::from(b.min(HOME))]
    }

    /// Leaders of `side` on track index `t`, in `leaders`.
    #[inline]
    fn count(leaders: &[[u8; 2]; 2], side: Side, t: u8) -> u8 {
        let [a, b] = leaders[side.index()];
        let spot = &SPOT[side.index()];
        u8::from(spot[usize::from(a.min(HOME))] == t)
            + u8::from(spot[usize::from(b.min(HOME))] == t)
    }

    /// Whether a Leader of `me` may land on track index `t` before the limit: not on
    /// Secured opposing Leaders (nor, under [`StartSquare::Closed`], on one waiting
    /// on his own starting square).
    #[inline]
    fn may_land(&self, me: Side, t: u8) -> bool {
        let them = me.opponent();
        match Race::count(&self.leaders, them, t) {
            0 => true,
            #[cfg(feature = "fault-injection")]
            1 if self.options.fault == RaceFault::NoForwardSetback => false,
            1 => !(self.options.start_square == StartSquare::Closed && t == start(them)),
            _ => false,
        }
    }

    /// Whether the Leader of `me` at `progress` may advance by `throw`.
    #[inline]
    fn may_advance(&self, me: Side, progress: u8, throw: u8, before_limit: bool) -> bool {
        if !before_limit {
            return true;
        }
        if self.options.secured == SecuredPassing::Blockade && self.blockaded(me, progress, throw) {
            return false;
        }
        let target = progress.saturating_add(throw);
        if target < HOME {
            return self.may_land(me, SPOT[me.index()][usize::from(target)]);
        }
        // Ruling race.finishing: only the exact throw under `lands-on-exact` lands.
        target > HOME || self.options.finish == Finish::OffBoard || self.may_land(me, start(me))
    }

    /// Ruling race.secured-passing, other reading: whether Secured opposing
    /// Leaders stand on a square the advance would pass over.
    #[cold]
    #[inline(never)]
    fn blockaded(&self, me: Side, progress: u8, throw: u8) -> bool {
        let them = me.opponent();
        (1..throw)
            .map(|k| progress.saturating_add(k))
            .take_while(|&q| q < HOME)
            .any(|q| Race::count(&self.leaders, them, track_index(me, q)) >= 2)
    }

    /// Works out the advance of `me`'s Leader in slot `slot` by `throw`.
    #[inline]
    fn landing(&self, me: Side, slot: usize, throw: u8, before_limit: bool) -> Landing {
        let them = me.opponent();
        let mut leaders = self.leaders;
        let target = leaders[me.index()][slot].saturating_add(throw);
        let mut out = Landing {
            leaders,
            at: None,
            forward: None,
            diagonal: None,
            blocked: None,
            home: target >= HOME,
        };
        let at = if target < HOME {
            leaders[me.index()][slot] = target;
            Some(track_index(me, target))
        } else {
            leaders[me.index()][slot] = HOME;
            (target == HOME && self.options.finish == Finish::LandsOnExact).then_some(start(me))
        };
        out.at = at;
        if let (Some(t), true) = (at, before_limit) {
            // Forward Setting-back: "lands on a square occupied by a single
            // opposing Expedition Leader". A Leader on his own starting square
            // goes back to where he is (ruling race.start-square).
            if Race::count(&leaders, them, t) == 1 {
                let theirs = &mut leaders[them.index()];
                let j = usize::from(track_index(them, theirs[1]) == t && theirs[1] < HOME);
                if theirs[j] != 0 {
                    theirs[j] = 0;
                    out.forward = Some(t);
                }
            }
            self.resolve_diagonal(&mut leaders, me, t, &mut out);
        }
        out.leaders = leaders;
        out
    }

    /// Diagonal Setting-back from track index `t`: the nearest occupied track
    /// square decides ("only the Relatively foremost Leader can be Set-back",
    /// "all the diagonal squares in between ... completely unoccupied").
    #[inline]
    fn resolve_diagonal(&self, leaders: &mut [[u8; 2]; 2], me: Side, t: u8, out: &mut Landing) {
        let them = me.opponent();
        let diagonal = self.track.diagonal(t);
        let occupied = Race::occupied(leaders) & diagonal.mask();
        if occupied == 0 {
            // No Leader anywhere on the diagonal: nothing to set back or report.
            return;
        }
        let mut blocker: Option<Blocker> = None;
        for step in diagonal.steps() {
            if occupied >> step.track & 1 == 0 {
                continue;
            }
            let mine = Race::count(leaders, me, step.track);
            let theirs = Race::count(leaders, them, step.track);
            if mine + theirs == 0 {
                continue;
            }
            if step.beyond_f6 && blocker.is_none() {
                blocker = Some(Blocker::F6);
            }
            let target = !step.own_side && theirs == 1 && mine == 0;
            match blocker {
                None if target => {
                    let theirs = &mut leaders[them.index()];
                    let j =
                        usize::from(theirs[1] < HOME && track_index(them, theirs[1]) == step.track);
                    theirs[j] = 0;
                    out.diagonal = Some(step.track);
                    return;
                }
                None => {
                    let sq = self.track.square(step.track);
                    if !step.own_side && mine == 0 {
                        // "this Set-back does not apply if both opposing Expedition
                        // Leaders occupy the relevant square"
                        out.blocked = Some((Blocker::Secured(sq), step.track));
                        return;
                    }
                    blocker = Some(Blocker::Leaders(sq));
                }
                Some(b) if target => {
                    out.blocked = Some((b, step.track));
                    return;
                }
                Some(_) => {}
            }
        }
    }

    /// The slot of `me`'s Leader on `from`, if any.
    #[inline]
    fn slot_at(&self, me: Side, from: Square) -> Option<usize> {
        let t = self.track.index_of(from)?;
        let pair = self.leaders[me.index()];
        (0..2).find(|&i| pair[i] < HOME && track_index(me, pair[i]) == t)
    }

    #[inline]
    fn set_pair(&mut self, side: Side, mut pair: [u8; 2]) {
        if pair[0] > pair[1] {
            pair.swap(0, 1);
        }
        self.hash ^= pair_key(side, self.leaders[side.index()]) ^ pair_key(side, pair);
        self.leaders[side.index()] = pair;
    }

    #[inline]
    fn set_phase(&mut self, phase: Phase) {
        self.hash ^= phase_key(self.phase) ^ phase_key(phase);
        self.phase = phase;
    }

    /// Counts the move, decides the game or passes the turn (seed 002, Race,
    /// General Rules 3, 5 and 7).
    #[inline]
    fn end_move(&mut self, me: Side, before_limit: bool, events: &mut impl FnMut(RaceEvent)) {
        let m = self.moves[me.index()];
        self.hash ^= moves_key(me, m) ^ moves_key(me, m + 1);
        self.moves[me.index()] = m + 1;
        self.ply += 1;
        if self.leaders[me.index()] == [HOME, HOME] {
            // "the winner is still the player who has moved both his Expedition
            // Leaders back to their commencing square before his opponent"
            let rule = if before_limit {
                COMPLETED_BY_50
            } else {
                COMPLETED_AFTER_50
            };
            self.outcome = Some(win(me, rule, self.options.scoring));
            self.set_phase(Phase::Over);
            return;
        }
        if before_limit && self.limit_reached() {
            // "the player who started the game moving second and will have just
            // moved now has the move again"
            events(RaceEvent::MoveLimit { second: me });
        } else {
            self.to_move = me.opponent();
            self.hash ^= RED_TO_MOVE;
        }
        self.set_phase(Phase::Roll);
    }

    #[inline]
    fn advance(&mut self, me: Side, slot: usize, throw: u8, events: &mut impl FnMut(RaceEvent)) {
        let them = me.opponent();
        let before_limit = !self.limit_reached();
        let from = self.square_of(me, self.leaders[me.index()][slot]);
        let l = self.landing(me, slot, throw, before_limit);
        self.set_pair(me, l.leaders[me.index()]);
        self.set_pair(them, l.leaders[them.index()]);
        let sq = |t: u8| self.track.square(t);
        let their_start = sq(start(them));
        if let (Some(at), Some(_)) = (l.at, l.forward) {
            events(RaceEvent::ForwardSetBack {
                by: me,
                at: sq(at),
                to: their_start,
            });
        }
        if let (Some(at), Some(d)) = (l.at, l.diagonal) {
            events(RaceEvent::DiagonalSetBack {
                by: me,
                from: sq(at),
                at: sq(d),
                to: their_start,
            });
        }
        if l.setbacks() == 2 {
            events(RaceEvent::DoubleSetBack { by: me });
        }
        if let (Some(at), Some((blocker, shielded))) = (l.at, l.blocked) {
            events(RaceEvent::DiagonalBlocked {
                from: sq(at),
                blocker,
                shielded: sq(shielded),
            });
        }
        if l.home
            && let Some(from) = from
        {
            events(RaceEvent::Home { side: me, from });
        }
        self.end_move(me, before_limit, events);
    }
}

impl Race {
    /// The result when `loser`'s flag falls (his TigerSwing clock,
    /// [`CLOCK`], runs out):
    /// his opponent wins Race on time, scoring as for any win of Race (ruling
    /// `clocks.flag-fall`).
    #[must_use]
    pub fn loss_on_time(&self, loser: Side) -> Outcome {
        crate::core::clocks::FlagFall {
            side: loser,
            move_number: u32::from(self.moves(loser)) + 1,
        }
        .outcome(win(loser.opponent(), COMPLETED_BY_50, self.options.scoring).score)
    }
}

/// Race's clock: "TigerSwing clocks – double time control with a Reserve
/// balance of 30 minutes and a Swing Balance of 30 seconds. The move limit is
/// 50 moves for each side and there is time lagging of 10 seconds per move"
/// (seed 002, General Rules for Race 5).
pub const CLOCK: TimeControl = TimeControl::TigerSwing {
    reserve: Millis::mins(30),
    swing: Millis::secs(30),
    move_limit: 50,
    lag: Lag::delay(Millis::secs(10)),
    reading: SwingReading::Carried,
    after_limit: SwingAfterLimit::Stops,
};

impl Game for Race {
    type Action = RaceAction;
    /// Six die faces at a roll; at a move at most two Leaders (or a pass); two coin
    /// faces. Capacity 6 is exact (every roll node).
    type Actions = ArrayVec<RaceAction, 6>;
    type Event = RaceEvent;
    type Options = RaceOptions;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = "race";
    const TITLE: &'static str = "Race";
    const SOURCE: &'static str =
        "seed 002 (Jewel), Jewel Series Tie-breaking: Race, and General Rules for Race";
    const RULINGS: &'static [Ruling] = &[
        TRACK_SHAPE,
        GREATEST_SETBACKS,
        START_SQUARE,
        FINISHING,
        SECURED_PASSING,
        MOVE_LIMIT,
    ];
    const RULES: &'static [RuleId] = &[COMPLETED_BY_50, COMPLETED_AFTER_50];
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[("race", CLOCK)];
    const EVENTS: &'static [&'static str] = &[
        "forward-set-back",
        "diagonal-set-back",
        "double-set-back",
        "diagonal-blocked",
        "home",
        "pass",
        "move-limit",
    ];

    /// Both Green Leaders on K11, both Red on A1; the coin to toss, or the side the
    /// option `first` names to roll.
    fn new(options: &RaceOptions) -> Race {
        let (first, phase) = match options.first {
            FirstMove::Coin => (None, Phase::Coin),
            FirstMove::Green => (Some(Side::Green), Phase::Roll),
            FirstMove::Red => (Some(Side::Red), Phase::Roll),
        };
        let mut race = Race {
            options: *options,
            track: options.track.track(),
            leaders: [[0, 0], [0, 0]],
            moves: [0, 0],
            first,
            to_move: first.unwrap_or(Side::Green),
            phase,
            outcome: None,
            ply: 0,
            hash: 0,
        };
        race.hash = race.compute_hash();
        race
    }

    fn options(&self) -> &RaceOptions {
        &self.options
    }

    #[inline]
    fn turn(&self) -> Turn {
        if let Some(outcome) = self.outcome {
            return Turn::Over(outcome);
        }
        match self.phase {
            Phase::Coin | Phase::Roll => Turn::Chance,
            Phase::Move(_) | Phase::Over => Turn::Player(self.to_move),
        }
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
    }

    /// At the coin: `coin green`, `coin red`. At a roll: `roll 1` to `roll 6`. At a
    /// move: an advance for each of the mover's Leaders still on the board that may
    /// move by the throw (one when both stand on one square), rearmost first, or
    /// `pass` when none may.
    #[inline]
    fn legal_actions(&self, out: &mut Self::Actions) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Coin => {
                out.push(RaceAction::coin(Side::Green));
                out.push(RaceAction::coin(Side::Red));
            }
            Phase::Roll => *out = ArrayVec::from(ROLLS),
            Phase::Move(throw) => {
                let me = self.to_move;
                let before_limit = !self.limit_reached();
                let [a, b] = self.leaders[me.index()];
                let advance =
                    |p: u8| RaceAction::advance(self.track.square(track_index(me, p)), throw);
                let first = a < HOME && self.may_advance(me, a, throw, before_limit);
                // Both Leaders on one square make one action, not two.
                let second = b < HOME && b != a && self.may_advance(me, b, throw, before_limit);
                match (first, second) {
                    (true, true) => {
                        // Ruling race.greatest-setbacks, other reading: when every
                        // move sets back, only the greatest number may be played.
                        let (sa, sb) =
                            if self.options.setback_choice == SetbackChoice::GreatestWhenForced {
                                (
                                    self.landing(me, 0, throw, before_limit).setbacks(),
                                    self.landing(me, 1, throw, before_limit).setbacks(),
                                )
                            } else {
                                (0, 0)
                            };
                        if sa > 0 && sb > 0 && sa != sb {
                            out.push(advance(if sa > sb { a } else { b }));
                        } else {
                            out.push(advance(a));
                            out.push(advance(b));
                        }
                    }
                    (true, false) => out.push(advance(a)),
                    (false, true) => out.push(advance(b)),
                    (false, false) => out.push(RaceAction::PASS),
                }
            }
        }
    }

    #[inline]
    fn chance_probability(&self, action: RaceAction) -> Option<Probability> {
        match action.kind() {
            RaceActionKind::Roll(1..=6) if matches!(self.phase, Phase::Roll) => {
                Some(Probability { num: 1, den: 6 })
            }
            RaceActionKind::Coin(_) if matches!(self.phase, Phase::Coin) => {
                Some(Probability { num: 1, den: 2 })
            }
            RaceActionKind::Roll(_)
            | RaceActionKind::Coin(_)
            | RaceActionKind::Advance { .. }
            | RaceActionKind::Pass => None,
        }
    }

    /// The die's faces and the coin's sides are checked directly; a move against
    /// the generated list.
    #[inline]
    fn is_legal(&self, action: RaceAction) -> bool {
        match (self.phase, action.kind()) {
            (Phase::Roll, RaceActionKind::Roll(d)) => (1..=6).contains(&d),
            (Phase::Coin, RaceActionKind::Coin(_)) => true,
            (Phase::Move(_), RaceActionKind::Advance { .. } | RaceActionKind::Pass) => {
                let mut legal = ArrayVec::new();
                self.legal_actions(&mut legal);
                legal.contains(&action)
            }
            (Phase::Coin | Phase::Roll | Phase::Move(_) | Phase::Over, _) => false,
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: RaceAction, events: &mut impl FnMut(RaceEvent)) {
        match action.kind() {
            RaceActionKind::Coin(side) => {
                self.hash ^= first_key(self.first) ^ first_key(Some(side));
                self.first = Some(side);
                if self.to_move != side {
                    self.to_move = side;
                    self.hash ^= RED_TO_MOVE;
                }
                self.set_phase(Phase::Roll);
                self.ply += 1;
            }
            RaceActionKind::Roll(d) => {
                self.set_phase(Phase::Move(d));
                self.ply += 1;
            }
            RaceActionKind::Pass => {
                let me = self.to_move;
                let throw = match self.phase {
                    Phase::Move(d) => d,
                    Phase::Coin | Phase::Roll | Phase::Over => 0,
                };
                events(RaceEvent::Pass { side: me, throw });
                let before_limit = !self.limit_reached();
                self.end_move(me, before_limit, events);
            }
            RaceActionKind::Advance { from, steps } => {
                let me = self.to_move;
                if let Some(slot) = self.slot_at(me, from) {
                    self.advance(me, slot, steps, events);
                }
            }
        }
    }

    fn write_action(&self, action: RaceAction, out: &mut dyn fmt::Write) -> fmt::Result {
        text::write_action(action, out)
    }

    fn parse_action(&self, text: &str) -> Result<RaceAction, NotationError> {
        text::parse_action(text)
    }

    fn arbitrary_action(&self, bits: u64) -> RaceAction {
        match bits % 4 {
            0 => RaceAction::coin(if bits & 4 == 0 {
                Side::Green
            } else {
                Side::Red
            }),
            1 => RaceAction::roll(1 + ((bits >> 8) % 6) as u8),
            2 => RaceAction::advance(
                Square(((bits >> 16) % 121) as u8),
                1 + ((bits >> 24) % 6) as u8,
            ),
            _ => RaceAction::PASS,
        }
    }

    /// `G:<sq>,<sq> R:<sq>,<sq> first:<coin|green|red> moves:<green>,<red> <turn>`:
    /// each side's Leaders rearmost first (`home` once off the board), who moved
    /// first, the moves each side has made, and the turn: `coin`, `red:roll` (Red
    /// to roll), `red:4` (Red threw 4 and chooses), or once over the result
    /// `red-wins:completed-by-50`. The coin start is
    /// `G:K11,K11 R:A1,A1 first:coin moves:0,0 coin`.
    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::export(self, out)
    }

    fn import(text: &str, options: &RaceOptions) -> Result<Race, PositionError> {
        let mut race = text::import(text, options)?;
        race.hash = race.compute_hash();
        Ok(race)
    }

    /// Race has no repetition rule: its past never bears on its future.
    fn history_len(&self) -> Option<usize> {
        Some(1)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    #[inline]
    fn check_invariants(&self) -> Result<(), InvariantError> {
        text::validate(self).map_err(InvariantError)
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::render(self, out)
    }

    /// Before the limit each side makes at most 50 moves (100 in all); after it no
    /// Leader goes back and every move takes at least one of the at most 80 squares
    /// a side still has to go, so a side finishes within 80 of its moves; with the
    /// second player moving first after the limit, at most 80 + 79 = 159 moves are
    /// played. A move is two plies (the roll and the advance or pass), and the coin
    /// is one: 1 + 2 x (100 + 159) = 519.
    #[inline]
    fn ply_bound(&self) -> Option<u32> {
        Some(519)
    }
}

#[cfg(test)]
mod tests;
