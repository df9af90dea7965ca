//! The Jewel Series: the Facets of Jewel played as one linked series (seed 002,
//! "Jewel as a Linked-series", "Order of Play for The Jewel Series", "Further
//! Notes on The Jewel Series", "Jewel Series Tie-breaking").
//!
//! **Order of play** ("The Games must be played in the order shown below"): Duel
//! in the Castle, Ambush in the Forest, Northern Light ("2nd Hunt is only played if
//! the 1st Hunt is a draw", the 3rd if the 2nd is: the [`NorthernLight`] match),
//! Crystal of Doom, Star-Lords, and "Race is only played if The Jewel Series
//! overall is a draw". Each Facet plays its own rules with its rulings' default
//! readings, as its own registered game does; Northern Light plays as its
//! stand-alone match (the Deciding Hunt belongs to its tie-break use for The
//! Dragon Trilogy). The series keeps no clocks: a caller drives each Facet's
//! preset in [`crate::core::clocks`], and the take-back leaves them alone ("Clocks
//! are not altered however").
//!
//! **Sides**: "Players ... roll a standard dice or coin to see which TimeLord they
//! will be and they stay as that same TimeLord throughout all Facets"; "The Green
//! TimeLord ... plays the North sides throughout the series and The Red TimeLord
//! ... the South sides". The engine's players are the TimeLords, so [`Side::Green`]
//! of every Facet is the Green TimeLord: the Prince in Duel (JLD-GNPR), the
//! Longbowman's band in Ambush, the Green Princess, the Green Characters of
//! Crystal of Doom, the Green Expedition and its Leaders in Race. Which person
//! plays which TimeLord is decided outside the game.
//!
//! **First movers**: Duel "Red moves first"; Ambush "Green moves first"; Northern
//! Light's Hunts as that match decides (coins, and DiamondQuest the opposite of
//! DiamondQi); Crystal of Doom and Star-Lords by a coin, or the reverse of the
//! Facet before (ruling [`FIRST_MOVER`]); Race "the reverse of who moved first in
//! Star-Lords". Coins are chance nodes.
//!
//! **Scores** ([`score`]): each Facet's own, in its own unit: Game Points for Duel
//! (1-0, ½-½), Ambush (2-0, 1-1) and Northern Light (1-0, 1½-½, ½-½), Chords for
//! Crystal of Doom (4-0, 2-2) and Star-Lords (5-0, 2-2), a Note for Race. What the
//! series is won on, Chords for and against, is ruling [`CHORDS_TABLE`]; Duel and
//! Ambush's "only for the first time of a player's playing" is ruling
//! [`FIRST_PLAY`].
//!
//! **Bonuses** ("Each Player must state what bonus(es) he opts for before
//! commencing the series. It is not allowed to partially mix bonuses"): the win
//! bonus of five Chords to the overall winner, or the Alternate bonuses (ruling
//! [`ALTERNATE_BONUSES`]): winning Northern Light puts the opponent "an Adjacent
//! down" in Crystal of Doom, of his choice (an action, ruling [`ADJACENT_DOWN`]);
//! winning Crystal of Doom gives "(once during the game) Take back of one move" in
//! Star-Lords (an action, rulings [`TAKE_BACK`] and [`TAKE_BACK_AT_END`]); and
//! winning Star-Lords and the series makes the winner The Sky-Prince (ruling
//! [`SKY_PRINCE`]). The statements themselves are actions (ruling
//! [`BONUS_STATEMENT`]) unless the options `green-bonus` / `red-bonus` fix them.
//!
//! ```
//! use tigerseye_engine::jewel::series::{JewelSeries, SeriesOptions};
//! use tigerseye_engine::{Game, Side, Turn};
//!
//! let mut series = JewelSeries::new(&SeriesOptions::default());
//! assert_eq!(series.turn(), Turn::Player(Side::Green), "Green states his bonus first");
//! for text in ["win-bonus", "alternate-bonuses", "C1-B1", "A3-C3", "B1-B2"] {
//!     let action = series.parse_action(text).unwrap();
//!     series.play(action).unwrap();
//! }
//! // Red won Duel; Ambush begins, Green first.
//! assert_eq!(series.turn(), Turn::Player(Side::Green));
//! assert!(series.export_string().starts_with("ambush bonus:win-bonus,alternate-bonuses duel=red-wins:hold-the-key:0-1"));
//! ```

mod action;
mod events;
mod options;
pub mod score;
mod stage;
#[cfg(test)]
mod tests;
mod text;

use std::fmt;

use arrayvec::ArrayVec;

pub use self::action::SeriesAction;
pub use self::events::SeriesEvent;
pub use self::options::{
    ADJACENT_DOWN, ALTERNATE_BONUSES, BONUS_STATEMENT, Bonus, BonusOption, CHORDS_TABLE,
    ChordsTable, FIRST_MOVER, FIRST_PLAY, FirstMover, FirstPlay, SKY_PRINCE, SeriesOptions,
    TAKE_BACK, TAKE_BACK_AT_END, TakeBackReplay,
};
pub use self::score::{CHORDS, Facet, RACE_TIE_BREAK, Results, Tally, Verdict};
pub use self::stage::Stage;
use self::stage::TakeBack;

use crate::core::{
    Game, InvariantError, NotationError, Outcome, PositionError, Probability, RuleId, Side, Square,
    Turn, zobrist,
};
use crate::jewel::ambush::Ambush;
use crate::jewel::crystal::Crystal;
use crate::jewel::duel::Duel;
use crate::jewel::keysquare::{Action as BoardAction, JewelAction, Kind};
use crate::jewel::northern_light::series::NorthernLight;
use crate::jewel::race::{FirstMove, Race, RaceOptions, Scoring};
use crate::jewel::star_lords::{self, StarLords};
use crate::rulings::Ruling;

/// Every ruling of the series.
pub const RULINGS: &[Ruling] = &[
    CHORDS_TABLE,
    FIRST_PLAY,
    FIRST_MOVER,
    BONUS_STATEMENT,
    ALTERNATE_BONUSES,
    ADJACENT_DOWN,
    TAKE_BACK,
    TAKE_BACK_AT_END,
    SKY_PRINCE,
];

/// Crystal of Doom's Adjacent (`J`), the piece the Alternate bonus for winning
/// Northern Light takes off.
pub const ADJACENT: Kind = Kind(1);

/// Legal actions of the series: the most of any Facet (Star-Lords,
/// [`star_lords::CAPACITY`]) and the take-back.
pub const CAPACITY: usize = star_lords::CAPACITY + 1;

/// The series' legal-action buffer.
pub type SeriesActions = ArrayVec<SeriesAction, CAPACITY>;

/// Zobrist keys of the series' own state.
static KEYS: [u64; 40] = zobrist::keys(0x3E3E_15E2_1E50_0006);

/// The Jewel Series in progress.
///
/// Equality compares the stage (with the Facet's state), the bonuses stated, the
/// results so far, the first movers recorded, the take-back and the options; the
/// ply count is the past.
#[derive(Debug)]
pub struct JewelSeries {
    options: SeriesOptions,
    bonus: [Option<Bonus>; 2],
    stage: Stage,
    results: Results,
    /// Running totals, kept as each Facet ends; `check_invariants` recomputes them
    /// from `results`.
    tally: Tally,
    /// The first mover of Northern Light's last Hunt, of Crystal of Doom and of
    /// Star-Lords, once known.
    firsts: [Option<Side>; 3],
    take_back: TakeBack,
    ply: u32,
    /// The hash of the bonuses, results and first movers, kept as they change;
    /// `recompute_hash` recomputes it.
    key: u64,
}

/// Index into [`JewelSeries::firsts`].
const NL_FIRST: usize = 0;
const CRYSTAL_FIRST: usize = 1;
const STAR_LORDS_FIRST: usize = 2;

impl Clone for JewelSeries {
    fn clone(&self) -> Self {
        JewelSeries {
            options: self.options,
            bonus: self.bonus,
            stage: self.stage.clone(),
            results: self.results,
            tally: self.tally,
            firsts: self.firsts,
            take_back: self.take_back.clone(),
            ply: self.ply,
            key: self.key,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.options = source.options;
        self.bonus = source.bonus;
        self.stage.clone_from(&source.stage);
        self.results = source.results;
        self.tally = source.tally;
        self.firsts = source.firsts;
        self.take_back.clone_from(&source.take_back);
        self.ply = source.ply;
        self.key = source.key;
    }
}

impl PartialEq for JewelSeries {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.bonus == other.bonus
            && self.stage == other.stage
            && self.results == other.results
            && self.tally == other.tally
            && self.firsts == other.firsts
            && self.take_back == other.take_back
    }
}

/// Writes a Facet's legal actions into the series' buffer.
macro_rules! collect {
    ($game:expr, $ty:ty, $wrap:expr, $out:expr) => {{
        let mut own = <$ty as Game>::Actions::default();
        $game.legal_actions(&mut own);
        $out.extend(own.iter().map(|&a| $wrap(a)));
    }};
}

impl JewelSeries {
    /// Where the series stands.
    #[must_use]
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The result of each Facet played so far.
    #[must_use]
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// The running totals.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Each side's bonus, once stated (or fixed by its option).
    #[must_use]
    pub fn bonus(&self, side: Side) -> Option<Bonus> {
        self.bonus[side.index()]
    }

    /// The verdict once the series is over.
    #[must_use]
    pub fn verdict(&self) -> Option<Verdict> {
        if matches!(self.stage, Stage::Over) {
            score::verdict(&self.results, self.bonus, &self.options)
        } else {
            None
        }
    }

    /// The side still to state his bonus, Green first (ruling [`BONUS_STATEMENT`]).
    fn stating(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.bonus[s.index()].is_none())
    }

    /// The winner of `facet` if he opted for the Alternate bonuses.
    fn alternate_winner(&self, facet: Facet) -> Option<Side> {
        let w = self.results[facet.index()]?.winner?;
        (self.bonus[w.index()] == Some(Bonus::Alternate)).then_some(w)
    }

    /// The player who starts Crystal of Doom an Adjacent down: the loser of
    /// Northern Light, when its winner opted for the Alternate bonuses (seed 002,
    /// Further Notes 2).
    #[must_use]
    pub fn adjacent_down_side(&self) -> Option<Side> {
        self.alternate_winner(Facet::NorthernLight)
            .map(Side::opponent)
    }

    /// The holder of the take-back in Star-Lords: the winner of Crystal of Doom,
    /// when he opted for the Alternate bonuses (Further Notes 3).
    #[must_use]
    pub fn take_back_holder(&self) -> Option<Side> {
        self.alternate_winner(Facet::Crystal)
    }

    /// Whether the holder may take back now, at his turn in Star-Lords.
    fn take_back_ready(&self, sl: &StarLords) -> bool {
        let tb = &self.take_back;
        !tb.used
            && tb.armed
            && tb.replies == 1
            // Armed, the game is past its coin; in Star-Lords it is not over.
            && self
                .take_back_holder()
                .is_some_and(|h| sl.side_to_move() == h)
    }

    fn race_options(&self) -> RaceOptions {
        RaceOptions {
            first: match self.firsts[STAR_LORDS_FIRST].map(Side::opponent) {
                Some(Side::Red) => FirstMove::Red,
                // Star-Lords' first mover is always known when Race begins.
                Some(Side::Green) | None => FirstMove::Green,
            },
            scoring: Scoring::TieBreak,
            ..RaceOptions::default()
        }
    }

    /// The next stage after the bonus statements: Duel.
    fn begin_duel(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        self.stage = Stage::Duel(Duel::new(&Default::default()));
        events(SeriesEvent::NextFacet {
            facet: Facet::Duel,
            first: Some(Side::Red),
        });
    }

    /// Crystal of Doom from its set-up (the Adjacent already off, if any): its
    /// first mover by the coin, or set now under `first-mover = alternate`.
    fn start_crystal(&mut self, mut crystal: Crystal, events: &mut impl FnMut(SeriesEvent)) {
        if self.options.first_mover == FirstMover::Alternate {
            let first = self.firsts[NL_FIRST].map_or(Side::Green, Side::opponent);
            crystal.apply_unchecked(JewelAction::first_move(first), &mut |e| {
                events(SeriesEvent::Key(e));
            });
            self.set_first(CRYSTAL_FIRST, Some(first));
        }
        self.stage = Stage::Crystal(crystal);
    }

    /// Star-Lords from its set-up.
    fn start_star_lords(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        let mut sl = StarLords::new(&Default::default());
        let first = (self.options.first_mover == FirstMover::Alternate)
            .then(|| self.firsts[CRYSTAL_FIRST].map_or(Side::Green, Side::opponent));
        events(SeriesEvent::NextFacet {
            facet: Facet::StarLords,
            first,
        });
        if let Some(first) = first {
            sl.apply_unchecked(JewelAction::first_move(first), &mut |e| {
                events(SeriesEvent::Key(e));
            });
            self.set_first(STAR_LORDS_FIRST, Some(first));
        }
        self.take_back.used = false;
        self.take_back.disarm();
        self.take_back.replay = None;
        self.stage = Stage::StarLords(sl);
    }

    /// Records the end of `facet` and moves on to the next stage.
    fn end_facet(&mut self, facet: Facet, o: Outcome, events: &mut impl FnMut(SeriesEvent)) {
        self.results[facet.index()] = Some(o);
        self.key ^= result_key(facet.index(), &o);
        self.tally.add(facet, &o, &self.options);
        if facet == Facet::StarLords {
            // The take-back lasts only "during the game".
            self.take_back.disarm();
            self.take_back.replay = None;
        }
        events(SeriesEvent::FacetEnded { facet, outcome: o });
        match facet {
            Facet::Duel => {
                self.stage = Stage::Ambush(Ambush::new(&Default::default()));
                events(SeriesEvent::NextFacet {
                    facet: Facet::Ambush,
                    first: Some(Side::Green),
                });
            }
            Facet::Ambush => {
                self.stage = Stage::NorthernLight(NorthernLight::new(&Default::default()));
                events(SeriesEvent::NextFacet {
                    facet: Facet::NorthernLight,
                    first: None,
                });
            }
            Facet::NorthernLight => {
                let first = (self.options.first_mover == FirstMover::Alternate)
                    .then(|| self.firsts[NL_FIRST].map_or(Side::Green, Side::opponent));
                events(SeriesEvent::NextFacet {
                    facet: Facet::Crystal,
                    first,
                });
                let crystal = Crystal::new(&Default::default());
                if self.adjacent_down_side().is_some() {
                    self.stage = Stage::AdjacentDown(crystal);
                } else {
                    self.start_crystal(crystal, events);
                }
            }
            Facet::Crystal => self.start_star_lords(events),
            Facet::StarLords => {
                if self.tally.leader().is_none() {
                    events(SeriesEvent::TieBreak {
                        chords: self.tally.chords[0],
                    });
                    let race = Race::new(&self.race_options());
                    events(SeriesEvent::NextFacet {
                        facet: Facet::Race,
                        first: race.first(),
                    });
                    self.stage = Stage::Race(race);
                } else {
                    self.finish(events);
                }
            }
            Facet::Race => self.finish(events),
        }
    }

    /// The series is decided.
    fn finish(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        self.stage = Stage::Over;
        if let Some(v) = score::verdict(&self.results, self.bonus, &self.options)
            && let Some(winner) = v.outcome.winner
        {
            events(SeriesEvent::SeriesWon {
                winner,
                deciding: v.deciding,
            });
            if v.win_bonus {
                events(SeriesEvent::WinBonus { side: winner });
            }
            if v.sky_prince {
                events(SeriesEvent::SkyPrince { side: winner });
            }
        }
    }

    /// After an action: if the Facet being played is over, the series moves on.
    fn settle(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        let over = match &self.stage {
            Stage::Duel(g) => g.turn(),
            Stage::Ambush(g) => g.turn(),
            Stage::NorthernLight(g) => g.turn(),
            Stage::Crystal(g) => g.turn(),
            Stage::StarLords(g) => g.turn(),
            Stage::Race(g) => g.turn(),
            Stage::Bonus | Stage::AdjacentDown(_) | Stage::TakeBackOffer(_) | Stage::Over => {
                return;
            }
        };
        let Turn::Over(o) = over else {
            return;
        };
        let facet = match &self.stage {
            Stage::NorthernLight(g) => {
                let first = g.hunt_first_mover();
                self.set_first(NL_FIRST, first);
                Facet::NorthernLight
            }
            Stage::StarLords(_) => {
                // Ruling jewel-series.take-back-at-end: the holder's opponent ended
                // the game with the move that answered the holder's last.
                let tb = &self.take_back;
                if self.options.take_back_at_end
                    && !tb.used
                    && tb.armed
                    && tb.replies == 1
                    && let Some(holder) = self.take_back_holder()
                {
                    if let Stage::StarLords(g) = std::mem::replace(&mut self.stage, Stage::Over) {
                        self.stage = Stage::TakeBackOffer(g);
                    }
                    events(SeriesEvent::TakeBackOffered { side: holder });
                    return;
                }
                Facet::StarLords
            }
            other @ (Stage::Bonus
            | Stage::Duel(_)
            | Stage::Ambush(_)
            | Stage::AdjacentDown(_)
            | Stage::Crystal(_)
            | Stage::TakeBackOffer(_)
            | Stage::Race(_)
            | Stage::Over) => match other.facet() {
                Some(f) => f,
                None => return,
            },
        };
        self.end_facet(facet, o, events);
    }

    /// A move in Star-Lords, keeping what the take-back needs.
    fn apply_star_lords(&mut self, a: JewelAction, events: &mut impl FnMut(SeriesEvent)) {
        let holder = if self.take_back.used {
            None
        } else {
            self.take_back_holder()
        };
        let Stage::StarLords(g) = &mut self.stage else {
            return;
        };
        match a.get() {
            BoardAction::FirstMove(side) => {
                self.firsts[STAR_LORDS_FIRST] = Some(side);
                self.key ^= first_key(STAR_LORDS_FIRST, Some(side));
            }
            BoardAction::Move(_) => {
                let tb = &mut self.take_back;
                tb.replay = None;
                if Some(g.side_to_move()) == holder {
                    match &mut tb.store {
                        Some(s) => s.clone_from(g),
                        None => tb.store = Some(g.clone()),
                    }
                    tb.armed = true;
                    tb.own_move = Some(a);
                    tb.replies = 0;
                } else if tb.armed {
                    tb.replies += 1;
                    if tb.replies > 1 {
                        // More than one move of the opponent since the holder's:
                        // "his opponents last move" alone cannot be taken back.
                        tb.disarm();
                    }
                }
            }
        }
        g.apply_unchecked(a, &mut |e| events(SeriesEvent::Key(e)));
    }

    /// The take-back: Star-Lords as it stood before the holder's last move.
    fn take_back_now(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        let Some(holder) = self.take_back_holder() else {
            return;
        };
        let stage = std::mem::replace(&mut self.stage, Stage::Over);
        let (Stage::StarLords(mut g) | Stage::TakeBackOffer(mut g)) = stage else {
            self.stage = stage;
            return;
        };
        if let Some(before) = self.take_back.before() {
            g.clone_from(before);
        }
        let own = self.take_back.own_move;
        self.take_back.used = true;
        self.take_back.disarm();
        // Ruling jewel-series.take-back, reading `same-move`.
        if self.options.take_back == TakeBackReplay::SameMove {
            self.take_back.replay = own;
        }
        self.stage = Stage::StarLords(g);
        events(SeriesEvent::TakeBack { side: holder });
    }

    /// Sets a first mover, keeping the hash.
    fn set_first(&mut self, i: usize, side: Option<Side>) {
        self.key ^= first_key(i, self.firsts[i]) ^ first_key(i, side);
        self.firsts[i] = side;
    }

    /// The hash of the bonuses, results and first movers, from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut h = 0;
        for side in Side::ALL {
            h ^= bonus_key(side, self.bonus[side.index()]);
        }
        for (i, r) in self.results.iter().enumerate() {
            if let Some(o) = r {
                h ^= result_key(i, o);
            }
        }
        for (i, &f) in self.firsts.iter().enumerate() {
            h ^= first_key(i, f);
        }
        h
    }

    /// The hash of the series' own state; `recompute` recomputes it (and the
    /// stored Star-Lords position's) from scratch.
    fn extra_hash(&self, recompute: bool) -> u64 {
        let mut h = KEYS[self.stage.index()];
        h ^= if recompute {
            self.compute_key()
        } else {
            self.key
        };
        let tb = &self.take_back;
        if tb.used {
            h ^= KEYS[26];
        }
        if let Some(before) = tb.before() {
            let inner = if recompute {
                before.recompute_hash()
            } else {
                before.hash()
            };
            h ^= KEYS[27 + usize::from(tb.replies.min(1))] ^ inner.rotate_left(17);
            if let Some(m) = tb.own_move {
                h ^= zobrist::splitmix64(KEYS[29] ^ action_bits(m));
            }
        }
        if let Some(m) = tb.replay {
            h ^= zobrist::splitmix64(KEYS[30] ^ action_bits(m));
        }
        h
    }
}

/// The hash of `side`'s bonus.
fn bonus_key(side: Side, bonus: Option<Bonus>) -> u64 {
    match bonus {
        None => 0,
        Some(Bonus::WinBonus) => KEYS[10 + side.index()],
        Some(Bonus::Alternate) => KEYS[12 + side.index()],
    }
}

/// The hash of Facet `i`'s result.
fn result_key(i: usize, o: &Outcome) -> u64 {
    let w = o.winner.map_or(0, |s| 1 + s.index() as u64);
    zobrist::splitmix64(
        KEYS[14 + i]
            ^ w
            ^ u64::from(o.score.green_halves) << 8
            ^ u64::from(o.score.red_halves) << 24,
    )
}

/// The hash of first mover `i`.
fn first_key(i: usize, side: Option<Side>) -> u64 {
    side.map_or(0, |s| KEYS[20 + 2 * i + s.index()])
}

/// A board action's squares and kinds as a number, for hashing.
fn action_bits(a: JewelAction) -> u64 {
    match a.get() {
        BoardAction::FirstMove(s) => s.index() as u64,
        BoardAction::Move(m) => {
            4 | u64::from(m.kind.0) << 8
                | u64::from(m.from.0) << 16
                | u64::from(m.to.0) << 24
                | m.promotion.map_or(0, |k| u64::from(k.0) + 1) << 32
        }
    }
}

impl Game for JewelSeries {
    type Action = SeriesAction;
    type Actions = SeriesActions;
    type Event = SeriesEvent;
    type Options = SeriesOptions;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = "jewel-series";
    const TITLE: &'static str = "The Jewel Series (Jewel, Keys in Time, as a Linked-series)";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel as a Linked-series; Order of Play for The Jewel Series; Further Notes on The Jewel Series; Jewel Series Tie-breaking";
    const RULINGS: &'static [Ruling] = RULINGS;
    const RULES: &'static [RuleId] = &[CHORDS, RACE_TIE_BREAK];
    const EVENTS: &'static [&'static str] = text::EVENT_TAGS;

    /// The bonus statements (unless both are fixed by options), then Duel.
    fn new(options: &SeriesOptions) -> Self {
        let bonus = Side::ALL.map(|s| options.bonus(s).fixed());
        let mut series = JewelSeries {
            options: *options,
            bonus,
            stage: Stage::Bonus,
            results: [None; 6],
            tally: Tally::default(),
            firsts: [None; 3],
            take_back: TakeBack::default(),
            ply: 0,
            key: 0,
        };
        series.key = series.compute_key();
        if series.stating().is_none() {
            series.stage = Stage::Duel(Duel::new(&Default::default()));
        }
        series
    }

    fn options(&self) -> &SeriesOptions {
        &self.options
    }

    fn turn(&self) -> Turn {
        match &self.stage {
            Stage::Bonus => Turn::Player(self.stating().unwrap_or(Side::Green)),
            Stage::Duel(g) => g.turn(),
            Stage::Ambush(g) => g.turn(),
            Stage::NorthernLight(g) => g.turn(),
            Stage::AdjacentDown(_) => {
                Turn::Player(self.adjacent_down_side().unwrap_or(Side::Green))
            }
            Stage::Crystal(g) => g.turn(),
            Stage::StarLords(g) => g.turn(),
            Stage::TakeBackOffer(_) => Turn::Player(self.take_back_holder().unwrap_or(Side::Green)),
            Stage::Race(g) => g.turn(),
            Stage::Over => match score::verdict(&self.results, self.bonus, &self.options) {
                Some(v) => Turn::Over(v.outcome),
                // Only a position that fails validation gets here.
                None => Turn::Over(Outcome {
                    winner: None,
                    rule: CHORDS,
                    score: crate::core::Score::each_halves(0, crate::core::ScoreUnit::Chords),
                }),
            },
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_actions(&self, out: &mut SeriesActions) {
        out.clear();
        match &self.stage {
            Stage::Bonus => {
                out.push(SeriesAction::Bonus(Bonus::WinBonus));
                out.push(SeriesAction::Bonus(Bonus::Alternate));
            }
            Stage::Duel(g) => collect!(g, Duel, SeriesAction::Duel, out),
            Stage::Ambush(g) => collect!(g, Ambush, SeriesAction::Board, out),
            Stage::NorthernLight(g) => collect!(g, NorthernLight, SeriesAction::Board, out),
            Stage::AdjacentDown(c) => {
                if let Some(side) = self.adjacent_down_side() {
                    let mut adjacents: u128 = c.board().pieces(side, ADJACENT);
                    while adjacents != 0 {
                        let i = adjacents.trailing_zeros();
                        adjacents &= adjacents - 1;
                        out.push(SeriesAction::AdjacentDown(Square(i as u8)));
                    }
                }
            }
            Stage::Crystal(g) => collect!(g, Crystal, SeriesAction::Board, out),
            Stage::StarLords(g) => {
                if let Some(m) = self.take_back.replay {
                    out.push(SeriesAction::Board(m));
                } else {
                    collect!(g, StarLords, SeriesAction::Board, out);
                    if self.take_back_ready(g) {
                        out.push(SeriesAction::TakeBack);
                    }
                }
            }
            Stage::TakeBackOffer(_) => {
                out.push(SeriesAction::TakeBack);
                out.push(SeriesAction::Accept);
            }
            Stage::Race(g) => collect!(g, Race, SeriesAction::Race, out),
            Stage::Over => {}
        }
    }

    fn chance_probability(&self, action: SeriesAction) -> Option<Probability> {
        match (&self.stage, action) {
            (Stage::NorthernLight(g), SeriesAction::Board(a)) => g.chance_probability(a),
            (Stage::Crystal(g), SeriesAction::Board(a)) => g.chance_probability(a),
            (Stage::StarLords(g), SeriesAction::Board(a)) => g.chance_probability(a),
            (Stage::Race(g), SeriesAction::Race(a)) => g.chance_probability(a),
            _ => None,
        }
    }

    fn is_legal(&self, action: SeriesAction) -> bool {
        match (&self.stage, action) {
            (Stage::Bonus, SeriesAction::Bonus(_))
            | (Stage::TakeBackOffer(_), SeriesAction::TakeBack | SeriesAction::Accept) => true,
            (Stage::Duel(g), SeriesAction::Duel(a)) => g.is_legal(a),
            (Stage::Ambush(g), SeriesAction::Board(a)) => g.is_legal(a),
            (Stage::NorthernLight(g), SeriesAction::Board(a)) => g.is_legal(a),
            (Stage::Crystal(g), SeriesAction::Board(a)) => g.is_legal(a),
            (Stage::StarLords(g), SeriesAction::Board(a)) => match self.take_back.replay {
                Some(m) => a == m,
                None => g.is_legal(a),
            },
            (Stage::StarLords(g), SeriesAction::TakeBack) => {
                self.take_back.replay.is_none() && self.take_back_ready(g)
            }
            (Stage::AdjacentDown(c), SeriesAction::AdjacentDown(sq)) => {
                sq.index() < 128
                    && self
                        .adjacent_down_side()
                        .is_some_and(|side| c.board().pieces(side, ADJACENT) >> sq.index() & 1 == 1)
            }
            (Stage::Race(g), SeriesAction::Race(a)) => g.is_legal(a),
            _ => false,
        }
    }

    fn apply_unchecked(&mut self, action: SeriesAction, events: &mut impl FnMut(SeriesEvent)) {
        self.ply += 1;
        match action {
            SeriesAction::Bonus(bonus) => {
                if let Some(side) = self.stating() {
                    self.bonus[side.index()] = Some(bonus);
                    self.key ^= bonus_key(side, Some(bonus));
                    events(SeriesEvent::BonusStated { side, bonus });
                }
                if self.stating().is_none() {
                    self.begin_duel(events);
                }
            }
            SeriesAction::Duel(a) => {
                if let Stage::Duel(g) = &mut self.stage {
                    g.apply_unchecked(a, &mut |e| events(SeriesEvent::Duel(e)));
                }
            }
            SeriesAction::Board(a) => match &mut self.stage {
                Stage::Ambush(g) => g.apply_unchecked(a, &mut |e| events(SeriesEvent::Key(e))),
                Stage::NorthernLight(g) => {
                    g.apply_unchecked(a, &mut |e| events(SeriesEvent::NorthernLight(e)));
                }
                Stage::Crystal(g) => {
                    if let BoardAction::FirstMove(side) = a.get() {
                        self.firsts[CRYSTAL_FIRST] = Some(side);
                        self.key ^= first_key(CRYSTAL_FIRST, Some(side));
                    }
                    g.apply_unchecked(a, &mut |e| events(SeriesEvent::Key(e)));
                }
                Stage::StarLords(_) => self.apply_star_lords(a, events),
                Stage::Bonus
                | Stage::Duel(_)
                | Stage::AdjacentDown(_)
                | Stage::TakeBackOffer(_)
                | Stage::Race(_)
                | Stage::Over => {}
            },
            SeriesAction::Race(a) => {
                if let Stage::Race(g) = &mut self.stage {
                    g.apply_unchecked(a, &mut |e| events(SeriesEvent::Race(e)));
                }
            }
            SeriesAction::AdjacentDown(sq) => {
                let side = self.adjacent_down_side().unwrap_or(Side::Green);
                let stage = std::mem::replace(&mut self.stage, Stage::Over);
                if let Stage::AdjacentDown(mut crystal) = stage {
                    if crystal.remove_at_set_up(side, ADJACENT, sq).is_ok() {
                        events(SeriesEvent::AdjacentDown {
                            side,
                            at: crate::jewel::crystal::GEOMETRY.coord(sq),
                        });
                    }
                    self.start_crystal(crystal, events);
                } else {
                    self.stage = stage;
                }
            }
            SeriesAction::TakeBack => self.take_back_now(events),
            SeriesAction::Accept => {
                if let Some(holder) = self.take_back_holder() {
                    events(SeriesEvent::ResultAccepted { side: holder });
                }
                let stage = std::mem::replace(&mut self.stage, Stage::Over);
                if let Stage::TakeBackOffer(g) = &stage
                    && let Turn::Over(o) = g.turn()
                {
                    self.take_back.disarm();
                    self.end_facet(Facet::StarLords, o, events);
                } else {
                    self.stage = stage;
                }
            }
        }
        self.settle(events);
    }

    fn write_action(&self, action: SeriesAction, out: &mut dyn fmt::Write) -> fmt::Result {
        text::write_action(self, action, out)
    }

    fn parse_action(&self, text: &str) -> Result<SeriesAction, NotationError> {
        text::parse_action(self, text)
    }

    fn arbitrary_action(&self, bits: u64) -> SeriesAction {
        match bits % 8 {
            0 => SeriesAction::Bonus(if bits & 8 == 0 {
                Bonus::WinBonus
            } else {
                Bonus::Alternate
            }),
            1 => SeriesAction::Duel(Duel::new(&Default::default()).arbitrary_action(bits >> 3)),
            2 => SeriesAction::Race(Race::new(&RaceOptions::default()).arbitrary_action(bits >> 3)),
            3 => SeriesAction::AdjacentDown(Square(((bits >> 3) % 81) as u8)),
            4 => SeriesAction::TakeBack,
            5 => SeriesAction::Accept,
            _ => SeriesAction::Board(match &self.stage {
                Stage::Ambush(g) => g.arbitrary_action(bits >> 3),
                Stage::NorthernLight(g) => g.arbitrary_action(bits >> 3),
                Stage::AdjacentDown(g) | Stage::Crystal(g) => g.arbitrary_action(bits >> 3),
                Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.arbitrary_action(bits >> 3),
                Stage::Bonus | Stage::Duel(_) | Stage::Race(_) | Stage::Over => {
                    JewelAction::first_move(Side::Green)
                }
            }),
        }
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::export(self, out)
    }

    fn import(text: &str, options: &SeriesOptions) -> Result<Self, PositionError> {
        text::import(text, options)
    }

    /// The Facet under way's; 1 between Facets. While a take-back is kept
    /// (Star-Lords' Alternate bonus), the kept state's too, whichever is
    /// longer: taking back restores its history, so the past before the
    /// last irreversible action still matters.
    fn history_len(&self) -> Option<usize> {
        let kept = self
            .take_back
            .store
            .as_ref()
            .map_or(Some(1), Game::history_len);
        let current = match &self.stage {
            Stage::Bonus | Stage::Over => Some(1),
            Stage::Duel(g) => g.history_len(),
            Stage::Ambush(g) => g.history_len(),
            Stage::NorthernLight(g) => g.history_len(),
            Stage::AdjacentDown(g) | Stage::Crystal(g) => g.history_len(),
            Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.history_len(),
            Stage::Race(g) => g.history_len(),
        };
        current.zip(kept).map(|(a, b)| a.max(b))
    }

    fn hash(&self) -> u64 {
        let h = match &self.stage {
            Stage::Bonus | Stage::Over => 0,
            Stage::Duel(g) => g.hash(),
            Stage::Ambush(g) => g.hash(),
            Stage::NorthernLight(g) => g.hash(),
            Stage::AdjacentDown(g) | Stage::Crystal(g) => g.hash(),
            Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.hash(),
            Stage::Race(g) => g.hash(),
        };
        h ^ self.extra_hash(false)
    }

    fn recompute_hash(&self) -> u64 {
        let h = match &self.stage {
            Stage::Bonus | Stage::Over => 0,
            Stage::Duel(g) => g.recompute_hash(),
            Stage::Ambush(g) => g.recompute_hash(),
            Stage::NorthernLight(g) => g.recompute_hash(),
            Stage::AdjacentDown(g) | Stage::Crystal(g) => g.recompute_hash(),
            Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.recompute_hash(),
            Stage::Race(g) => g.recompute_hash(),
        };
        h ^ self.extra_hash(true)
    }

    /// The Facet's own invariants, then the series': the stage agrees with the
    /// results, every result is one its Facet gives, the running score equals the
    /// score recomputed from the results, and the bonuses, first movers and
    /// take-back agree with them.
    fn check_invariants(&self) -> Result<(), InvariantError> {
        match &self.stage {
            Stage::Bonus | Stage::Over => Ok(()),
            Stage::Duel(g) => g.check_invariants(),
            Stage::Ambush(g) => g.check_invariants(),
            Stage::NorthernLight(g) => g.check_invariants(),
            Stage::AdjacentDown(g) | Stage::Crystal(g) => g.check_invariants(),
            Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.check_invariants(),
            Stage::Race(g) => g.check_invariants(),
        }?;
        if let Some(b) = self.take_back.before() {
            b.check_invariants().map_err(|e| {
                InvariantError(format!("the position before the take-back: {}", e.0))
            })?;
        }
        text::validate(self).map_err(InvariantError)
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        text::render(self, out)
    }

    /// No bound: the board Facets have none.
    fn ply_bound(&self) -> Option<u32> {
        None
    }
}
