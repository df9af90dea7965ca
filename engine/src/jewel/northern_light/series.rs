//! Northern Light as one match: DiamondQi, then DiamondQuest if it is drawn, then
//! DiamondChess if that is drawn (seed 002, Northern Light: "DiamondQuest is only
//! played if DiamondQi is a draw and DiamondChess is only played if DiamondQuest is
//! a draw. ... The same Player (TimeLord) plays the same Side (same colour
//! Characters) for all three sections if they are played").
//!
//! Scores: "If DiamondQi has ended in a win then the game of Northern Light has
//! ended and the score is 1-0"; a DiamondQuest or DiamondChess win "the score is 1
//! ½ - ½ to the winning Player as both Players keep their half point from
//! DiamondQi"; "If DiamondChess has ended in a draw then the game of Northern Light
//! has ended in a draw and the score is ½ - ½".
//!
//! First movers: DiamondQi's by a coin; DiamondQuest's "the opposite of who moved
//! first in DiamondQi"; DiamondChess's by a coin.
//!
//! With the option `deciding-hunt = on` (ruling [`DECIDING_HUNT`]) the match is
//! Northern Light in its tie-break use for The Dragon Trilogy: scores are Nominal
//! Points, and three drawn Hunts are followed by "a second game of DiamondChess ...
//! the same Player who moved first in the first game of DiamondChess also moves
//! first", whose winner "is awarded an extra one Nominal Point", and if it "ends in
//! a draw then the Player who moved second is awarded an extra half a Nominal
//! Point and wins". The Trilogy's win bonus (four, three or one Game Points) is
//! the Trilogy's score, not this match's.
//!
//! The Hunts of the match play with their rulings' default readings.

use std::fmt;
use std::sync::OnceLock;

use super::hunt::{self, DiamondChess, DiamondQuest, Hunt, HuntEvent, HuntOptions};
use super::qi::DiamondQi;
use crate::core::{
    ApplyError, Game, GameOptions, InvariantError, NotationError, OptionError, OptionSpec, Outcome,
    PositionError, Probability, RuleEvent, RuleId, Score, ScoreUnit, Side, Turn,
    rules as core_rules, zobrist,
};
use crate::jewel::keysquare::{self, JewelAction, KeyEvent};
use crate::rulings::{Reading, Ruling};

/// Ruling `northern-light.deciding-hunt`.
pub const DECIDING_HUNT: Ruling = Ruling {
    id: "northern-light.deciding-hunt",
    question: "Is the Deciding Hunt played after three drawn Hunts?",
    source: "seed 002, Northern Light, \"When played as this Tie-break game\" 8: \"If there are draws in all the three games then a second game of DiamondChess is played ... This game is called 'The Deciding Hunt'\"",
    readings: &[
        Reading {
            name: "off",
            text: "stand-alone Northern Light: three drawn Hunts end the match ½-½ Game Points",
        },
        Reading {
            name: "on",
            text: "the tie-break use for The Dragon Trilogy: Nominal Points, and after three draws a second DiamondChess with the same first mover; its winner wins 1½-½, and a draw gives the player who moved second ½ more and the match, 1-½",
        },
    ],
    clauses: &[
        "jewel.northern-light-tie-break.2",
        "jewel.northern-light-tie-break.14",
    ],
    option: Some("deciding-hunt"),
    reason: "the seed plays the Deciding Hunt only in the tie-break use; the stand-alone game ends after DiamondChess",
};

/// The deciding rule when the Deciding Hunt is drawn and the second mover wins.
pub const DECIDING_HUNT_DRAWN: RuleId = RuleId("deciding-hunt-drawn");

/// The options of the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeriesOptions {
    /// `deciding-hunt = off | on`.
    pub deciding_hunt: bool,
}

impl GameOptions for SeriesOptions {
    const SPECS: &'static [OptionSpec] = &[OptionSpec {
        key: "deciding-hunt",
        values: &["off", "on"],
        ruling: Some(DECIDING_HUNT.id),
        doc: "whether three drawn Hunts are followed by the Deciding Hunt (tie-break use)",
    }];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if key != "deciding-hunt" {
            return Err(OptionError::unknown_key(key, value, Self::SPECS));
        }
        self.deciding_hunt = match value {
            "off" => false,
            "on" => true,
            _ => return Err(OptionError::bad_value(key, value, Self::SPECS[0].values)),
        };
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'static str> {
        (key == "deciding-hunt").then_some(if self.deciding_hunt { "on" } else { "off" })
    }
}

/// The Hunt being played.
///
/// With an explicit one-byte tag (`repr(u8)`): every use of the match reads the
/// stage, and a tag hidden in a niche of DiamondQi's state (a vector's capacity)
/// took several instructions to decode each time.
#[derive(Debug, PartialEq)]
#[repr(u8)]
pub enum Stage {
    /// The 1st Hunt.
    Qi(DiamondQi),
    /// The 2nd Hunt.
    Quest(DiamondQuest),
    /// The 3rd Hunt.
    Chess(DiamondChess),
    /// The second DiamondChess of the tie-break use.
    Deciding(DiamondChess),
}

impl Clone for Stage {
    fn clone(&self) -> Self {
        match self {
            Stage::Qi(g) => Stage::Qi(g.clone()),
            Stage::Quest(g) => Stage::Quest(g.clone()),
            Stage::Chess(g) => Stage::Chess(g.clone()),
            Stage::Deciding(g) => Stage::Deciding(g.clone()),
        }
    }

    /// Reuses the Hunt's buffers when both are the same Hunt, so a tree search
    /// copying states does not allocate.
    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (Stage::Qi(a), Stage::Qi(b)) => a.clone_from(b),
            (Stage::Quest(a), Stage::Quest(b)) => a.clone_from(b),
            (Stage::Chess(a), Stage::Chess(b)) | (Stage::Deciding(a), Stage::Deciding(b)) => {
                a.clone_from(b);
            }
            (me, other) => me.replace_by_clone(other),
        }
    }
}

impl Stage {
    /// `*self = source.clone()`: [`Clone::clone_from`] between different Hunts
    /// (rare), apart so that the common copy between equal Hunts needs no large
    /// stack frame for a whole `Stage` and saves no registers for it.
    ///
    /// The replaced Hunt's buffer of repetition keys is kept (when larger than
    /// the copy's), so that a state reused for different Hunts (the player's
    /// from game to game, the checks' scratch copy) does not allocate it anew.
    #[cold]
    #[inline(never)]
    fn replace_by_clone(&mut self, source: &Stage) {
        let old = std::mem::replace(self, source.clone());
        self.adopt_history_buffer(old);
    }

    /// Gives this stage's Hunt `old`'s buffer of repetition keys if it is
    /// larger ([`crate::core::RepetitionHistory::adopt_buffer`]; the keys
    /// recorded do not change).
    fn adopt_history_buffer(&mut self, old: Stage) {
        let old = match old {
            Stage::Qi(g) => g.into_history(),
            Stage::Quest(g) => g.history,
            Stage::Chess(g) | Stage::Deciding(g) => g.history,
        };
        match self {
            Stage::Qi(g) => g.adopt_history_buffer(old),
            Stage::Quest(g) => g.history.adopt_buffer(old),
            Stage::Chess(g) | Stage::Deciding(g) => g.history.adopt_buffer(old),
        }
    }

    /// The stage's name in the export.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        STAGE_NAMES[self.index()]
    }

    const fn index(&self) -> usize {
        match self {
            Stage::Qi(_) => 0,
            Stage::Quest(_) => 1,
            Stage::Chess(_) => 2,
            Stage::Deciding(_) => 3,
        }
    }

    /// The Hunt's [`Game::turn`], computed.
    fn turn(&self) -> Turn {
        match self {
            Stage::Qi(g) => g.turn(),
            Stage::Quest(g) => g.turn(),
            Stage::Chess(g) | Stage::Deciding(g) => g.turn(),
        }
    }
}

/// The match's own part of the hash, computed: the stage's key and the first
/// movers' keys.
fn extra_hash(stage: &Stage, qi_first: Option<Side>, chess_first: Option<Side>) -> u64 {
    let mut h = KEYS[stage.index()];
    if let Some(s) = qi_first {
        h ^= KEYS[4 + s.index()];
    }
    if let Some(s) = chess_first {
        h ^= KEYS[6 + s.index()];
    }
    h
}

/// The Hunts of the match in the order it plays them, each by its game's
/// name (seed 002, Northern Light: "the 1st Hunt is DiamondQi ... the 2nd Hunt
/// is DiamondQuest ... the 3rd Hunt is DiamondChess", and the Deciding Hunt, a
/// second DiamondChess). A drawn Hunt is followed by the next; [`Stage`]
/// holds the Hunt under way.
pub const HUNTS: [&str; 4] = [
    <DiamondQi as Game>::NAME,
    <DiamondQuest as Game>::NAME,
    <DiamondChess as Game>::NAME,
    <DiamondChess as Game>::NAME,
];

/// The game of the Hunt the match plays after a drawn Hunt of game `hunt`
/// ([`HUNTS`]; DiamondChess after DiamondChess, the Deciding Hunt), `None`
/// for a game that is no Hunt of the match.
///
/// ```
/// use tigerseye_engine::jewel::northern_light::series::hunt_after;
///
/// assert_eq!(hunt_after("diamond-qi"), Some("diamond-quest"));
/// assert_eq!(hunt_after("diamond-chess"), Some("diamond-chess"));
/// assert_eq!(hunt_after("duel"), None);
/// ```
#[must_use]
pub fn hunt_after(hunt: &str) -> Option<&'static str> {
    let i = HUNTS.iter().position(|h| *h == hunt)?;
    HUNTS.get(i + 1).copied()
}

/// The stages' names in the export, by [`Stage`] index.
const STAGE_NAMES: [&str; 4] = [
    "diamond-qi",
    "diamond-quest",
    "diamond-chess",
    "deciding-hunt",
];

/// The first movers' tokens as the export writes them.
const FIRST_MOVER_TOKENS: [&str; 4] = [
    "qi-first:green",
    "qi-first:red",
    "chess-first:green",
    "chess-first:red",
];

/// A rule event of the match: one of a Hunt's, or the start of the next Hunt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SeriesEvent {
    /// An event of DiamondQi.
    Qi(KeyEvent),
    /// An event of DiamondQuest or DiamondChess.
    Hunt(HuntEvent),
    /// `next-hunt`: the Hunt just ended drawn, and `hunt` begins.
    NextHunt {
        /// The next Hunt's name.
        hunt: &'static str,
        /// Its first mover, when no coin decides it.
        first: Option<Side>,
    },
}

impl RuleEvent for SeriesEvent {
    fn tag(&self) -> &'static str {
        match self {
            SeriesEvent::Qi(e) => e.tag(),
            SeriesEvent::Hunt(e) => e.tag(),
            SeriesEvent::NextHunt { .. } => "next-hunt",
        }
    }
}

impl fmt::Display for SeriesEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesEvent::Qi(e) => fmt::Display::fmt(e, f),
            SeriesEvent::Hunt(e) => fmt::Display::fmt(e, f),
            SeriesEvent::NextHunt { hunt, first } => match first {
                Some(side) => write!(f, "next-hunt: {hunt}, {side} moves first"),
                None => write!(f, "next-hunt: {hunt}, a coin for the first move"),
            },
        }
    }
}

/// Zobrist keys of the stage and the first movers.
static KEYS: [u64; 8] = zobrist::keys(0x1E3E_1C0D_0000_0005);

/// The Northern Light match in progress.
///
/// Equality compares the stage's state, the first movers so far and the options
/// (and the stage's turn as recorded, which equal positions share: so a record
/// that went stale shows up as an export that imports to a different state); the
/// ply count is the past.
#[derive(Debug)]
pub struct NorthernLight {
    options: SeriesOptions,
    stage: Stage,
    qi_first: Option<Side>,
    chess_first: Option<Side>,
    ply: u32,
    /// The stage's [`Game::turn`], computed once whenever the stage changes (after
    /// every action, which must know it to go on to the next Hunt), so that the
    /// match's turn and its checks do not compute it again.
    stage_turn: Turn,
    /// The match's own part of the hash (the stage and the first movers known),
    /// kept whenever they change, so that [`Game::hash`] does not compute it
    /// again; [`Game::recompute_hash`] does, so the checks compare the two.
    extra_hash: u64,
}

impl Clone for NorthernLight {
    fn clone(&self) -> Self {
        NorthernLight {
            options: self.options,
            stage: self.stage.clone(),
            qi_first: self.qi_first,
            chess_first: self.chess_first,
            ply: self.ply,
            stage_turn: self.stage_turn,
            extra_hash: self.extra_hash,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.options = source.options;
        self.stage.clone_from(&source.stage);
        self.qi_first = source.qi_first;
        self.chess_first = source.chess_first;
        self.ply = source.ply;
        self.stage_turn = source.stage_turn;
        self.extra_hash = source.extra_hash;
    }
}

impl PartialEq for NorthernLight {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.stage == other.stage
            && self.qi_first == other.qi_first
            && self.chess_first == other.chess_first
            && self.stage_turn == other.stage_turn
    }
}

/// The Hunts of the match play with default options.
fn hunt_options<const DOUBLE: bool>() -> HuntOptions<DOUBLE> {
    HuntOptions::default()
}

impl NorthernLight {
    /// The Hunt being played.
    #[must_use]
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// Who moves first in the Hunt being played, once known: DiamondQi's by its
    /// coin, DiamondQuest's "the opposite of who moved first in DiamondQi",
    /// DiamondChess's by its coin, the Deciding Hunt's as DiamondChess's.
    #[must_use]
    pub fn hunt_first_mover(&self) -> Option<Side> {
        match self.stage {
            Stage::Qi(_) => self.qi_first,
            Stage::Quest(_) => self.qi_first.map(Side::opponent),
            Stage::Chess(_) | Stage::Deciding(_) => self.chess_first,
        }
    }

    fn unit(&self) -> ScoreUnit {
        if self.options.deciding_hunt {
            ScoreUnit::NominalPoints
        } else {
            ScoreUnit::GamePoints
        }
    }

    /// The match's own part of the hash, computed: the stage's key and the first
    /// movers' keys.
    fn compute_extra_hash(&self) -> u64 {
        extra_hash(&self.stage, self.qi_first, self.chess_first)
    }

    /// The stage's turn, as recorded ([`NorthernLight::stage_turn`] field). Tests
    /// (with debug assertions) check the record against a computation every time.
    #[inline]
    fn stage_turn(&self) -> Turn {
        debug_assert_eq!(self.stage_turn, self.compute_stage_turn(), "{self:?}");
        self.stage_turn
    }

    /// The stage's turn, computed.
    fn compute_stage_turn(&self) -> Turn {
        self.stage.turn()
    }

    /// Whether a draw of the current stage ends the match.
    fn final_stage(&self) -> bool {
        match self.stage {
            Stage::Qi(_) | Stage::Quest(_) => false,
            Stage::Chess(_) => !self.options.deciding_hunt,
            Stage::Deciding(_) => true,
        }
    }

    /// The match's outcome once the stage ended with `o` and the match with it.
    fn match_outcome(&self, o: Outcome) -> Outcome {
        let unit = self.unit();
        let halves = |green: u16, red: u16| Score {
            green_halves: green,
            red_halves: red,
            unit,
        };
        let split = |winner: Side, w: u16, l: u16| match winner {
            Side::Green => halves(w, l),
            Side::Red => halves(l, w),
        };
        match (o.winner, &self.stage) {
            (Some(w), Stage::Qi(_)) => Outcome {
                winner: Some(w),
                rule: o.rule,
                score: split(w, 2, 0),
            },
            (Some(w), _) => Outcome {
                winner: Some(w),
                rule: o.rule,
                score: split(w, 3, 1),
            },
            (None, Stage::Deciding(_)) => {
                let second = self.chess_first.map_or(Side::Green, Side::opponent);
                Outcome {
                    winner: Some(second),
                    rule: DECIDING_HUNT_DRAWN,
                    score: split(second, 2, 1),
                }
            }
            (None, _) => Outcome {
                winner: None,
                rule: o.rule,
                score: halves(1, 1),
            },
        }
    }

    /// After a move that ended the Hunt (its turn recorded): if the Hunt ended
    /// drawn and the match goes on, the next one.
    #[cold]
    #[inline(never)]
    fn advance(&mut self, events: &mut impl FnMut(SeriesEvent)) {
        let Turn::Over(o) = self.stage_turn else {
            return;
        };
        if o.winner.is_some() || self.final_stage() {
            return;
        }
        let (next, first) = match self.stage {
            Stage::Qi(_) => {
                let first = self.qi_first.map(Side::opponent);
                (Stage::Quest(Hunt::starting(&hunt_options(), first)), first)
            }
            Stage::Quest(_) => (Stage::Chess(Hunt::starting(&hunt_options(), None)), None),
            Stage::Chess(_) | Stage::Deciding(_) => {
                let first = self.chess_first;
                (
                    Stage::Deciding(Hunt::starting(&hunt_options(), first)),
                    first,
                )
            }
        };
        self.stage_turn = next.turn();
        events(SeriesEvent::NextHunt {
            hunt: match next {
                Stage::Qi(_) => "DiamondQi",
                Stage::Quest(_) => "DiamondQuest",
                Stage::Chess(_) => "DiamondChess",
                Stage::Deciding(_) => "the Deciding Hunt",
            },
            first,
        });
        // The finished Hunt's buffer of repetition keys goes to the next one.
        let finished = std::mem::replace(&mut self.stage, next);
        self.stage.adopt_history_buffer(finished);
        self.extra_hash = self.compute_extra_hash();
    }
}

/// Legal actions of the match: the most of any Hunt.
pub type SeriesActions = crate::core::ActionList<JewelAction, { hunt::CAPACITY }>;

impl Game for NorthernLight {
    type Action = JewelAction;
    type Actions = SeriesActions;
    type Event = SeriesEvent;
    type Options = SeriesOptions;
    type Stats = crate::core::NoStats;

    const NAME: &'static str = "northern-light";
    const TITLE: &'static str =
        "Northern Light, a Treasure Hunt (DiamondQi, DiamondQuest, DiamondChess)";
    const SOURCE: &'static str = "seed 002 (Jewel), Jewel Facet 3: Northern Light- a Treasure Hunt";
    const RULINGS: &'static [Ruling] = &[DECIDING_HUNT];
    const RULES: &'static [RuleId] = &[
        keysquare::rules::WIN_THE_KEY,
        crate::jewel::rules::BOTH_PRINCESSES_CAPTURED,
        keysquare::rules::LAST_CHARACTER,
        keysquare::rules::NO_LEGAL_ACTION,
        hunt::rules::CHECKMATE,
        hunt::rules::STALEMATE,
        hunt::rules::DEAD_POSITION,
        core_rules::THREEFOLD_REPETITION,
        DECIDING_HUNT_DRAWN,
    ];
    const EVENTS: &'static [&'static str] = &[
        "first-move",
        "capture",
        "en-passant",
        "key-taken",
        "key-defended",
        "lone-continuation",
        "cannot-win",
        "promotion",
        "towering",
        "next-hunt",
    ];

    fn new(options: &SeriesOptions) -> Self {
        let stage = Stage::Qi(DiamondQi::new(&Default::default()));
        NorthernLight::with_stage(*options, stage, None, None)
    }

    fn options(&self) -> &SeriesOptions {
        &self.options
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.stage_turn() {
            Turn::Over(o) => Turn::Over(self.match_outcome(o)),
            t @ (Turn::Player(_) | Turn::Chance) => t,
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    fn legal_actions(&self, out: &mut SeriesActions) {
        match &self.stage {
            Stage::Qi(g) => g.legal_actions(out),
            Stage::Quest(g) => g.legal_actions(out),
            Stage::Chess(g) | Stage::Deciding(g) => g.legal_actions(out),
        }
    }

    #[inline]
    fn chance_probability(&self, action: JewelAction) -> Option<Probability> {
        match &self.stage {
            Stage::Qi(g) => g.chance_probability(action),
            Stage::Quest(g) => g.chance_probability(action),
            Stage::Chess(g) | Stage::Deciding(g) => g.chance_probability(action),
        }
    }

    #[inline]
    fn is_legal(&self, action: JewelAction) -> bool {
        match &self.stage {
            Stage::Qi(g) => g.is_legal(action),
            Stage::Quest(g) => g.is_legal(action),
            Stage::Chess(g) | Stage::Deciding(g) => g.is_legal(action),
        }
    }

    /// One dispatch on the stage for the legality test and the application
    /// (`NorthernLight::apply_in_stage`), not one for [`Game::is_legal`] and
    /// another for [`Game::apply_unchecked`]: the checks apply every listed
    /// action to a copy. The same answers and state as the default `apply`
    /// (the test `apply_agrees_with_is_legal_and_apply_unchecked`).
    fn apply(
        &mut self,
        action: JewelAction,
        events: &mut impl FnMut(SeriesEvent),
    ) -> Result<(), ApplyError> {
        if self.apply_in_stage::<true>(action, events) {
            Ok(())
        } else {
            // As `core::apply_tested` refuses: the state is unchanged.
            crate::core::apply_tested(self, false, action, events)
        }
    }

    fn apply_unchecked(&mut self, action: JewelAction, events: &mut impl FnMut(SeriesEvent)) {
        self.apply_in_stage::<false>(action, events);
    }

    fn write_action(&self, action: JewelAction, out: &mut dyn fmt::Write) -> fmt::Result {
        match &self.stage {
            Stage::Qi(g) => g.write_action(action, out),
            Stage::Quest(g) => g.write_action(action, out),
            Stage::Chess(g) | Stage::Deciding(g) => g.write_action(action, out),
        }
    }

    /// Always inlined: the checks read back every listed action's text, and a
    /// move in the commonest form is read inline by the Hunts.
    #[inline(always)]
    fn parse_action(&self, text: &str) -> Result<JewelAction, NotationError> {
        match &self.stage {
            Stage::Qi(g) => g.parse_action(text),
            Stage::Quest(g) => g.parse_action(text),
            Stage::Chess(g) | Stage::Deciding(g) => g.parse_action(text),
        }
    }

    fn arbitrary_action(&self, bits: u64) -> JewelAction {
        match &self.stage {
            Stage::Qi(g) => g.arbitrary_action(bits),
            Stage::Quest(g) => g.arbitrary_action(bits),
            Stage::Chess(g) | Stage::Deciding(g) => g.arbitrary_action(bits),
        }
    }

    /// `<stage> [qi-first:<side>] [chess-first:<side>] <the Hunt's position>`:
    /// the Hunt being played (`diamond-qi`, `diamond-quest`, `diamond-chess`,
    /// `deciding-hunt`), the first movers of DiamondQi and DiamondChess once known,
    /// then the Hunt's own export.
    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.export_prefix())?;
        match &self.stage {
            Stage::Qi(g) => g.export(out),
            Stage::Quest(g) => g.export(out),
            Stage::Chess(g) | Stage::Deciding(g) => g.export(out),
        }
    }

    fn import(text: &str, options: &SeriesOptions) -> Result<Self, PositionError> {
        let err = |expected: String| PositionError {
            text: text.to_owned(),
            expected,
        };
        // The first whitespace-separated token of `rest`, and what follows it.
        let next = crate::core::first_field;
        // The stage: one of the four names followed by whitespace or the end is
        // taken as it stands (the token `next` would cut, without scanning it);
        // anything else is cut by `next`, for the error.
        let trimmed = crate::core::trim_start(text);
        let known = STAGE_NAMES.iter().find(|name| {
            trimmed
                .strip_prefix(**name)
                .is_some_and(|after| after.chars().next().is_none_or(char::is_whitespace))
        });
        let (stage_name, mut rest) = match known {
            Some(name) => trimmed.split_at(name.len()),
            None => next(text),
        };
        let mut qi_first = None;
        let mut chess_first = None;
        // The Hunt's own position: from the first token that is not a first
        // mover. Only the first movers are cut out as tokens; the position is
        // not scanned here.
        let hunt_text = loop {
            let start = crate::core::trim_start(rest);
            // A token as every export writes it (`qi-first:green`) followed by
            // whitespace or the end is taken as it stands, as the stage's name
            // is; any other is cut by `next`.
            let known = FIRST_MOVER_TOKENS.iter().find(|token| {
                start
                    .strip_prefix(**token)
                    .is_some_and(|after| after.chars().next().is_none_or(char::is_whitespace))
            });
            let (t, after) = match known {
                Some(token) => start.split_at(token.len()),
                None if start.starts_with("qi-first:") || start.starts_with("chess-first:") => {
                    next(start)
                }
                None => break start,
            };
            // Each once: a second would be read over the first.
            let (slot, key) = if t.starts_with("qi-first:") {
                (&mut qi_first, "qi-first")
            } else {
                (&mut chess_first, "chess-first")
            };
            if slot.is_some() {
                return Err(err(format!("`{key}:` given twice: once at most")));
            }
            let s = &t[key.len() + 1..];
            *slot = Some(s.parse::<Side>().map_err(|e| err(format!("`{t}`: {e}")))?);
            rest = after;
        };
        let inner = |e: PositionError| err(e.expected);
        let stage = match stage_name {
            "diamond-qi" => {
                Stage::Qi(DiamondQi::import(hunt_text, &Default::default()).map_err(inner)?)
            }
            "diamond-quest" => {
                Stage::Quest(Hunt::import(hunt_text, &hunt_options()).map_err(inner)?)
            }
            "diamond-chess" => {
                Stage::Chess(Hunt::import(hunt_text, &hunt_options()).map_err(inner)?)
            }
            "deciding-hunt" => {
                Stage::Deciding(Hunt::import(hunt_text, &hunt_options()).map_err(inner)?)
            }
            _ => {
                return Err(err(format!(
                    "`<stage> [qi-first:<side>] [chess-first:<side>] <position>` with a stage `diamond-qi`, `diamond-quest`, `diamond-chess` or `deciding-hunt`, found `{stage_name}`"
                )));
            }
        };
        let game = NorthernLight::with_stage(*options, stage, qi_first, chess_first);
        game.validate().map_err(err)?;
        Ok(game)
    }

    /// The Hunt under way's.
    fn history_len(&self) -> Option<usize> {
        match &self.stage {
            Stage::Qi(g) => g.history_len(),
            Stage::Quest(g) => g.history_len(),
            Stage::Chess(g) | Stage::Deciding(g) => g.history_len(),
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        let h = match &self.stage {
            Stage::Qi(g) => g.hash(),
            Stage::Quest(g) => g.hash(),
            Stage::Chess(g) | Stage::Deciding(g) => g.hash(),
        };
        h ^ self.extra_hash
    }

    #[inline(always)]
    fn recompute_hash(&self) -> u64 {
        let h = match &self.stage {
            Stage::Qi(g) => g.recompute_hash(),
            Stage::Quest(g) => g.recompute_hash(),
            Stage::Chess(g) | Stage::Deciding(g) => g.recompute_hash(),
        };
        h ^ self.compute_extra_hash()
    }

    #[inline(always)]
    fn check_invariants(&self) -> Result<(), InvariantError> {
        // The match's own checks first (one test; the explaining version only
        // when it fails), then the Hunt's as each arm's last call.
        let valid = self.is_valid();
        debug_assert_eq!(valid, self.validate().is_ok(), "{self:?}");
        if !valid {
            self.validate().map_err(InvariantError)?;
        }
        match &self.stage {
            Stage::Qi(g) => g.check_invariants(),
            Stage::Quest(g) => g.check_invariants(),
            Stage::Chess(g) | Stage::Deciding(g) => g.check_invariants(),
        }
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let title = match self.stage {
            Stage::Qi(_) => "1st Hunt: DiamondQi",
            Stage::Quest(_) => "2nd Hunt: DiamondQuest",
            Stage::Chess(_) => "3rd Hunt: DiamondChess",
            Stage::Deciding(_) => "the Deciding Hunt (DiamondChess)",
        };
        writeln!(out, "Northern Light, {title}")?;
        match &self.stage {
            Stage::Qi(g) => g.render(out),
            Stage::Quest(g) => g.render(out),
            Stage::Chess(g) | Stage::Deciding(g) => g.render(out),
        }?;
        if let Turn::Over(o) = self.turn() {
            writeln!(out, "match: {o}")?;
        }
        Ok(())
    }

    /// No bound: the Hunts have none.
    fn ply_bound(&self) -> Option<u32> {
        None
    }

    fn mirrored(&self) -> Option<Self> {
        let stage = match &self.stage {
            Stage::Qi(g) => Stage::Qi(g.mirrored()?),
            Stage::Quest(g) => Stage::Quest(g.mirrored()?),
            Stage::Chess(g) => Stage::Chess(g.mirrored()?),
            Stage::Deciding(g) => Stage::Deciding(g.mirrored()?),
        };
        let mut m = NorthernLight::with_stage(
            self.options,
            stage,
            self.qi_first.map(Side::opponent),
            self.chess_first.map(Side::opponent),
        );
        m.ply = self.ply;
        Some(m)
    }

    /// Every Hunt plays on the same board and turns an action north to south the
    /// same way: the squares read from one table by the action's bit fields
    /// ([`JewelAction::map_squares`]), without a dispatch on the stage; the
    /// Hunt's own way only for a square beyond the board.
    #[inline]
    fn mirror_action(&self, action: JewelAction) -> JewelAction {
        if let Some(m) = action.map_squares(&super::MIRRORED_SQUARES) {
            return m;
        }
        match &self.stage {
            Stage::Qi(g) => g.mirror_action(action),
            Stage::Quest(g) => g.mirror_action(action),
            Stage::Chess(g) | Stage::Deciding(g) => g.mirror_action(action),
        }
    }
}

impl NorthernLight {
    /// Applies `action` (when `TEST`, only if the Hunt's `is_legal` accepts it;
    /// returns whether it was applied), then records the stage's turn and goes
    /// on to the next Hunt if this one ended drawn. The stage's turn is
    /// computed in the arm that applied the action (one dispatch on the stage,
    /// not two).
    #[inline(always)]
    fn apply_in_stage<const TEST: bool>(
        &mut self,
        action: JewelAction,
        events: &mut impl FnMut(SeriesEvent),
    ) -> bool {
        let first = match action.get() {
            keysquare::Action::FirstMove(side) => Some(side),
            keysquare::Action::Move(_) => None,
        };
        self.stage_turn = match &mut self.stage {
            Stage::Qi(g) => {
                if TEST && !g.is_legal(action) {
                    return false;
                }
                g.apply_unchecked(action, &mut |e| events(SeriesEvent::Qi(e)));
                if first.is_some() {
                    self.qi_first = first;
                }
                g.turn()
            }
            Stage::Quest(g) => {
                if TEST && !g.is_legal(action) {
                    return false;
                }
                g.apply_unchecked(action, &mut |e| events(SeriesEvent::Hunt(e)));
                g.turn()
            }
            Stage::Chess(g) => {
                if TEST && !g.is_legal(action) {
                    return false;
                }
                g.apply_unchecked(action, &mut |e| events(SeriesEvent::Hunt(e)));
                if first.is_some() {
                    self.chess_first = first;
                }
                g.turn()
            }
            Stage::Deciding(g) => {
                if TEST && !g.is_legal(action) {
                    return false;
                }
                g.apply_unchecked(action, &mut |e| events(SeriesEvent::Hunt(e)));
                g.turn()
            }
        };
        self.ply += 1;
        if first.is_some() {
            self.extra_hash = self.compute_extra_hash();
        }
        if matches!(self.stage_turn, Turn::Over(_)) {
            self.advance(events);
        }
        true
    }

    /// What the export writes before the Hunt's position: the stage, the first
    /// movers known, and a space. One of 36 texts made once, so that the export
    /// writes it at once.
    fn export_prefix(&self) -> &'static str {
        static PREFIXES: OnceLock<Vec<String>> = OnceLock::new();
        let prefixes = PREFIXES.get_or_init(|| {
            let sides = [None, Some(Side::Green), Some(Side::Red)];
            let mut all = Vec::with_capacity(36);
            for stage in STAGE_NAMES {
                for qi in sides {
                    for chess in sides {
                        let mut text = stage.to_owned();
                        if let Some(s) = qi {
                            text.push_str(" qi-first:");
                            text.push_str(s.name());
                        }
                        if let Some(s) = chess {
                            text.push_str(" chess-first:");
                            text.push_str(s.name());
                        }
                        text.push(' ');
                        all.push(text);
                    }
                }
            }
            all
        });
        let side = |s: Option<Side>| s.map_or(0, |s| 1 + s.index());
        &prefixes[self.stage.index() * 9 + side(self.qi_first) * 3 + side(self.chess_first)]
    }

    /// The match at ply 0 playing `stage`, with the stage's turn computed.
    ///
    /// The turn and the match's part of the hash are worked out before the
    /// match is built, so that the stage (some 400 bytes) is moved once, into
    /// the match returned, not into a local first and then copied out.
    #[inline]
    fn with_stage(
        options: SeriesOptions,
        stage: Stage,
        qi_first: Option<Side>,
        chess_first: Option<Side>,
    ) -> NorthernLight {
        let stage_turn = stage.turn();
        let extra_hash = extra_hash(&stage, qi_first, chess_first);
        NorthernLight {
            options,
            stage,
            qi_first,
            chess_first,
            ply: 0,
            stage_turn,
            extra_hash,
        }
    }

    /// Whether [`NorthernLight::validate`] passes, as a few tests with no error to
    /// build: what the check after every step runs, falling back to the
    /// explaining version only when something is wrong. The two must agree (a
    /// debug assertion checks it in the tests).
    #[inline]
    fn is_valid(&self) -> bool {
        let turn = self.stage_turn();
        let coin = matches!(turn, Turn::Chance);
        let qi = self.qi_first.is_some();
        let chess = self.chess_first.is_some();
        let stage_ok = match self.stage {
            Stage::Qi(_) => !chess && coin != qi,
            Stage::Quest(_) => qi && !coin && !chess,
            Stage::Chess(_) => qi && coin != chess,
            Stage::Deciding(_) => qi && !coin && chess && self.options.deciding_hunt,
        };
        stage_ok && !matches!(turn, Turn::Over(o) if o.winner.is_none() && !self.final_stage())
    }

    /// What a match position must satisfy beyond its Hunt's own checks.
    fn validate(&self) -> Result<(), String> {
        let coin = matches!(self.stage_turn(), Turn::Chance);
        match &self.stage {
            Stage::Qi(_) => {
                if self.chess_first.is_some() {
                    return Err("`chess-first:` only once DiamondChess has begun".into());
                }
                if coin == self.qi_first.is_some() {
                    return Err("`qi-first:` exactly when DiamondQi's coin has been tossed".into());
                }
            }
            Stage::Quest(_) | Stage::Chess(_) | Stage::Deciding(_) => {
                if self.qi_first.is_none() {
                    return Err("`qi-first:<side>`: who moved first in DiamondQi".into());
                }
            }
        }
        let problem = match &self.stage {
            Stage::Qi(_) => None,
            Stage::Quest(_) => (coin || self.chess_first.is_some()).then_some(
                "DiamondQuest begins with the opposite of DiamondQi's first mover, and no `chess-first:`",
            ),
            Stage::Chess(_) => (coin == self.chess_first.is_some())
                .then_some("`chess-first:` exactly when DiamondChess's coin has been tossed"),
            Stage::Deciding(_) => {
                if coin || self.chess_first.is_none() {
                    Some("the Deciding Hunt begins with DiamondChess's first mover, given as `chess-first:`")
                } else if !self.options.deciding_hunt {
                    Some("a Deciding Hunt with the option `deciding-hunt = off`")
                } else {
                    None
                }
            }
        };
        if let Some(p) = problem {
            return Err(p.into());
        }
        if let Turn::Over(o) = self.stage_turn()
            && o.winner.is_none()
            && !self.final_stage()
        {
            return Err(format!(
                "{} drawn: the match goes on to the next Hunt; give that position",
                self.stage.name()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
