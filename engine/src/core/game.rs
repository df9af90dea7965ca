//! The one trait every game implements, and the errors at its doors.

use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

use super::bits::Squares;
use super::clocks::TimeControl;
use super::geometry::Square;
use super::outcome::{Probability, RuleId, Turn};
use super::side::Side;

/// A fixed-capacity list a game writes its legal actions into.
///
/// Games use `ArrayVec<Action, N>` with `N` the proven worst case, documented at
/// the game's `Actions` type and checked by a test that builds that position.
/// The caller keeps one buffer and reuses it, so generating actions never
/// allocates.
pub trait ActionBuffer<A>:
    Default + Clone + fmt::Debug + Deref<Target = [A]> + DerefMut + Send
{
    /// Empties the list.
    fn clear(&mut self);
    /// Appends `action`.
    ///
    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    fn push(&mut self, action: A);

    /// Appends every action of `actions`, in order: [`ActionBuffer::push`] of
    /// each, which an implementation may do faster (an `ArrayVec` keeps its
    /// length in a register meanwhile).
    ///
    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    #[inline]
    fn push_all(&mut self, actions: impl Iterator<Item = A>) {
        for a in actions {
            self.push(a);
        }
    }

    /// Appends `f(sq)` for every square of `squares`, lowest first:
    /// [`ActionBuffer::push_all`] of them, which an implementation may do faster
    /// (an [`ActionList`] appends two a round, one instruction and a half less
    /// an action than its `push_all`: a move generator's commonest append).
    ///
    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    #[inline]
    fn push_squares(&mut self, squares: Squares, f: impl FnMut(Square) -> A) {
        self.push_all(squares.map(f));
    }
}

impl<A: Copy + fmt::Debug + Send, const N: usize> ActionBuffer<A> for ArrayVec<A, N> {
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }

    #[inline]
    fn push(&mut self, action: A) {
        ArrayVec::push(self, action);
    }

    #[inline]
    fn push_all(&mut self, actions: impl Iterator<Item = A>) {
        self.extend(actions);
    }
}

/// A fixed-capacity list of actions whose `N` slots are always initialised (to
/// `A::default()` when it is made), so that appending many actions keeps the
/// length in a register and checks each slot only as an index into an array:
/// the move generators' output, without `unsafe`.
///
/// Made once and reused, like any [`ActionBuffer`]; [`Clone::clone_from`] copies
/// only the listed actions.
///
/// # Examples
///
/// ```
/// use tigerseye_engine::core::{ActionBuffer, ActionList};
///
/// let mut list = ActionList::<u32, 4>::default();
/// list.push(7);
/// list.push_all([8, 9].into_iter());
/// assert_eq!(&list[..], &[7, 8, 9]);
/// assert_eq!(list.pop(), Some(9));
/// list.clear();
/// assert!(list.is_empty());
/// ```
pub struct ActionList<A, const N: usize> {
    len: usize,
    items: [A; N],
}

impl<A: Copy, const N: usize> Clone for ActionList<A, N> {
    fn clone(&self) -> Self {
        ActionList {
            len: self.len,
            items: self.items,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.copy_from(source);
    }
}

impl<A: Copy + Default, const N: usize> Default for ActionList<A, N> {
    fn default() -> Self {
        ActionList {
            len: 0,
            items: [A::default(); N],
        }
    }
}

impl<A, const N: usize> ActionList<A, N> {
    /// The most actions the list holds.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Removes and returns the last action, if any.
    pub fn pop(&mut self) -> Option<A>
    where
        A: Copy,
    {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }

    /// Keeps the first `len` actions (all of them when there are no more).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Copies `source`'s actions (only those listed).
    pub fn copy_from(&mut self, source: &Self)
    where
        A: Copy,
    {
        self.items[..source.len].copy_from_slice(&source.items[..source.len]);
        self.len = source.len;
    }
}

impl<A: fmt::Debug, const N: usize> fmt::Debug for ActionList<A, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.items[..self.len]).finish()
    }
}

impl<A, const N: usize> Deref for ActionList<A, N> {
    type Target = [A];

    #[inline]
    fn deref(&self) -> &[A] {
        &self.items[..self.len]
    }
}

impl<A, const N: usize> DerefMut for ActionList<A, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [A] {
        &mut self.items[..self.len]
    }
}

impl<A: Copy + Default + fmt::Debug + Send, const N: usize> ActionBuffer<A> for ActionList<A, N> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }

    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    #[inline]
    fn push(&mut self, action: A) {
        self.items[self.len] = action;
        self.len += 1;
    }

    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    #[inline]
    fn push_all(&mut self, actions: impl Iterator<Item = A>) {
        let mut len = self.len;
        for a in actions {
            self.items[len] = a;
            len += 1;
        }
        self.len = len;
    }

    /// # Panics
    ///
    /// When the list is full: the game's capacity proof is wrong.
    ///
    /// The squares go in up to four at a time with one test of the room for
    /// four (`len < N - 3`, of a constant), not one bounds check a slot; near
    /// the end of the list each slot is checked as `push` checks it.
    #[inline]
    fn push_squares(&mut self, squares: Squares, mut f: impl FnMut(Square) -> A) {
        let (mut word, offset) = (squares.word(), squares.offset());
        let mut next = |word: &mut u64| {
            let sq = Square(offset + word.trailing_zeros() as u8);
            *word &= *word - 1;
            f(sq)
        };
        let mut len = self.len;
        while word != 0 {
            if len < N.saturating_sub(3) {
                self.items[len] = next(&mut word);
                if word == 0 {
                    len += 1;
                    break;
                }
                self.items[len + 1] = next(&mut word);
                if word == 0 {
                    len += 2;
                    break;
                }
                self.items[len + 2] = next(&mut word);
                if word == 0 {
                    len += 3;
                    break;
                }
                self.items[len + 3] = next(&mut word);
                len += 4;
            } else {
                self.items[len] = next(&mut word);
                len += 1;
            }
        }
        self.len = len;
    }
}

/// A rule event an action can emit: a capture, the Key taken, a Set-back, ...
///
/// Scenarios assert events by their [`Display`](fmt::Display) form; simulations
/// count them by [`RuleEvent::tag`].
pub trait RuleEvent: Copy + fmt::Debug + fmt::Display + PartialEq + Send + 'static {
    /// The event's kind, one of the game's [`Game::EVENTS`], such as `capture`.
    fn tag(&self) -> &'static str;

    /// What the piece this event takes off the board is worth, when the event
    /// is a capture; `None` for every other event. Not a rule: a heuristic of
    /// the harness's playout policies (its greedy player prefers the capture
    /// worth most). By default an event tagged `capture` or `en-passant` is
    /// worth 1, every piece alike; a game whose pieces differ in worth may
    /// say more.
    fn capture_value(&self) -> Option<u32> {
        matches!(self.tag(), "capture" | "en-passant").then_some(1)
    }
}

/// One documented option of a game: usually the other reading of a named ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in scenario files and on the command line, such as `key-win-timing`.
    pub key: &'static str,
    /// Every value the key takes, the default first.
    pub values: &'static [&'static str],
    /// The ruling id this option selects a reading of, if any.
    pub ruling: Option<&'static str>,
    /// One line on what it changes.
    pub doc: &'static str,
}

/// The options of one game, set from text.
pub trait GameOptions: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Every option, with its values (default first).
    const SPECS: &'static [OptionSpec];

    /// Whether random testing (the fuzz targets, the proptest properties) draws
    /// these options from its input rather than playing the defaults: for
    /// options that change the move generation, every value a reading of the
    /// rules (no test-only fault). Off by default, so that a game's committed
    /// fuzz corpus keeps its meaning.
    const DRAWN_IN_RANDOM_TESTS: bool = false;

    /// Sets `key` to `value`.
    ///
    /// # Errors
    ///
    /// [`OptionError`] naming the key and the values it takes.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The current value of `key`, or `None` for an unknown key.
    fn get(&self, key: &str) -> Option<&'static str>;
}

/// Options for a game that has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    const SPECS: &'static [OptionSpec] = &[];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        Err(OptionError::unknown_key(key, value, Self::SPECS))
    }

    fn get(&self, _key: &str) -> Option<&'static str> {
        None
    }
}

/// A key or value a game does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("option `{} = {}`: {expected}", Quoted(.key), Quoted(.value))]
pub struct OptionError {
    /// The key as given.
    pub key: String,
    /// The value as given.
    pub value: String,
    /// What was expected instead.
    pub expected: String,
}

impl OptionError {
    /// The key is not one of `specs`.
    #[must_use]
    pub fn unknown_key(key: &str, value: &str, specs: &[OptionSpec]) -> OptionError {
        let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
        let expected = if keys.is_empty() {
            "this game takes no options".to_owned()
        } else {
            format!("unknown key; expected one of {}", keys.join(", "))
        };
        OptionError {
            key: key.to_owned(),
            value: value.to_owned(),
            expected,
        }
    }

    /// The value is not one of `values`.
    #[must_use]
    pub fn bad_value(key: &str, value: &str, values: &[&str]) -> OptionError {
        OptionError {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: format!("expected one of {}", values.join(", ")),
        }
    }
}

/// Why [`Game::apply`] refused an action. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The action is not among the legal actions of this state.
    #[error("not a legal action in this position")]
    NotLegal,
}

/// The most characters of a text an error quotes: a longer text is cut there
/// and its length given, so a long line of junk gives a short error.
pub(crate) const QUOTED_CHARS: usize = 60;

/// `text` as an error quotes it (as every error of the engine does): whole up to 60 characters,
/// else cut there, an ellipsis, and its length in bytes. For callers' own
/// messages about user input, so that a long line is not echoed whole.
#[must_use]
pub fn quoted(text: &str) -> String {
    Quoted(text).to_string()
}

/// `text` as an error quotes it: whole up to [`QUOTED_CHARS`] characters,
/// else cut there, an ellipsis, and its length in bytes.
pub(crate) struct Quoted<'a>(pub(crate) &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(QUOTED_CHARS) {
            None => f.write_str(self.0),
            Some((cut, _)) => write!(f, "{}... ({} bytes in all)", &self.0[..cut], self.0.len()),
        }
    }
}

/// An error's `expected` text with every part of the input it quotes (a
/// `` `...` `` span that occurs in `text`) cut as [`Quoted`] cuts the input, so
/// that an error never echoes more than [`QUOTED_CHARS`] characters of it,
/// whichever part a game's message names (a board, a rank, a field).
struct Echoes<'a> {
    expected: &'a str,
    text: &'a str,
}

impl<'a> Echoes<'a> {
    /// `expected`, quoting parts of `text`.
    fn of(expected: &'a str, text: &'a str) -> Echoes<'a> {
        Echoes { expected, text }
    }
}

impl fmt::Display for Echoes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = self.expected.split('`').collect();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                f.write_str("`")?;
            }
            // Odd parts are quoted spans, but for a last one left unclosed.
            let quoted = i % 2 == 1 && i + 1 < parts.len();
            if quoted && part.chars().nth(QUOTED_CHARS).is_some() && self.text.contains(part) {
                write!(f, "{}", Quoted(part))?;
            } else {
                f.write_str(part)?;
            }
        }
        Ok(())
    }
}

/// Why a text is not an action of this game in this state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action `{}`: expected {}", Quoted(.text), Echoes::of(.expected, .text))]
pub struct NotationError {
    /// The text as given.
    pub text: String,
    /// What the notation expects, with an example.
    pub expected: String,
}

/// Why a text is not a position of this game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read position `{}`: {}", Quoted(.text), Echoes::of(.expected, .text))]
pub struct PositionError {
    /// The text as given.
    pub text: String,
    /// What was wrong and what was expected.
    pub expected: String,
}

/// A game's own invariant does not hold: the engine has a bug.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant broken: {0}")]
pub struct InvariantError(pub String);

/// A game's rules, as the harness drives them.
///
/// A state is a whole game in progress: the position, whose turn it is, the
/// repetition history and, once over, the [`Outcome`](crate::core::Outcome). The
/// contract, checked for every game by the conformance harness:
///
/// - [`Game::turn`] is [`Turn::Over`] exactly when [`Game::legal_actions`] is empty;
/// - legal actions come in a deterministic order with no duplicates;
/// - [`Game::apply`] accepts exactly the listed actions and leaves the state
///   unchanged when it refuses one;
/// - [`Game::write_action`] and [`Game::parse_action`] round-trip every legal action;
/// - [`Game::import`] of [`Game::export`] gives an equal state with the same legal
///   actions and hash;
/// - the incremental [`Game::hash`] equals [`Game::recompute_hash`];
/// - a game from the standard start ends within [`Game::ply_bound`] plies when the
///   rules imply a bound.
///
/// Equality (`==`) compares everything that decides the game's future except the
/// repetition history, which is a log of the past: two states are equal when an
/// export of each would be the same text.
///
/// # Positions and saves
///
/// A **position** ([`Game::export`], [`Game::import`]) is the state without
/// its past: the board, who acts, the counters and rights, a pending choice,
/// the outcome. Two states with the same position are equal, but may go on
/// differently: one may be a step from a threefold repetition that the other
/// has never seen. A **save** ([`save::Record`](super::save::Record)) is what
/// resumes a game exactly: the position after the last action that made every
/// earlier position unreachable ([`Game::history_len`] is 1 there) and the
/// actions played since, read back by [`save::restore`](super::save::restore),
/// which plays them again. The contract adds: a state restored from a save has
/// the same legal actions at every later step, and the same outcome, as the
/// game that was saved.
pub trait Game: Clone + PartialEq + fmt::Debug + Send + Sync + Sized + 'static {
    /// One choice of a player or of chance: a move, a capture, a procedure choice,
    /// a die's face. Small and `Copy`.
    type Action: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static;
    /// The fixed-capacity buffer legal actions are written into.
    type Actions: ActionBuffer<Self::Action>;
    /// The rule events applying an action can emit.
    type Event: RuleEvent;
    /// The game's options (readings of its rulings).
    type Options: GameOptions;
    /// The game's own statistics of the games a simulation plays
    /// ([`NoStats`](super::NoStats) for none, at no cost).
    type Stats: super::GameStats<Self>;

    /// The game's short name (`duel`), the one its registry line gives it: the
    /// command line and scenario files name the game by it.
    const NAME: &'static str;
    /// The game's full name as the seed gives it.
    const TITLE: &'static str;
    /// The seed file and section its rules come from.
    const SOURCE: &'static str;
    /// The named rulings this game makes.
    const RULINGS: &'static [super::ruling::Ruling];
    /// Every deciding rule an [`Outcome`](crate::core::Outcome) of this game can carry.
    const RULES: &'static [RuleId];
    /// Every [`RuleEvent::tag`] this game can emit.
    const EVENTS: &'static [&'static str];
    /// The time controls the game's seed states, each by the name a clock
    /// scenario gives it (`duel-5`, `race`); none by default. Two games that
    /// share a control give it the same name (`tigerclocks`).
    const CLOCKS: &'static [(&'static str, TimeControl)] = &[];

    /// The standard start under `options`.
    fn new(options: &Self::Options) -> Self;

    /// The options this game was started with.
    fn options(&self) -> &Self::Options;

    /// Who is to act, or the outcome.
    fn turn(&self) -> Turn;

    /// Actions applied since the start (or since the imported position), chance
    /// outcomes included.
    fn ply(&self) -> u32;

    /// Clears `out` and writes every legal action, in a deterministic order. At a
    /// chance node these are the chance outcomes. Empty when the game is over.
    fn legal_actions(&self, out: &mut Self::Actions);

    /// The probability of chance outcome `action` at a chance node; `None` at a
    /// player's turn or for an action that is no outcome here.
    fn chance_probability(&self, action: Self::Action) -> Option<Probability> {
        let _ = action;
        None
    }

    /// Applies `action`, which must be legal, reporting rule events to `events`.
    ///
    /// The fast path for actions that came from [`Game::legal_actions`]. An illegal
    /// action leaves the state meaningless (but never causes undefined behaviour).
    fn apply_unchecked(&mut self, action: Self::Action, events: &mut impl FnMut(Self::Event));

    /// Applies `action` if it is legal, reporting rule events to `events`.
    ///
    /// # Errors
    ///
    /// [`ApplyError::GameOver`] or [`ApplyError::NotLegal`]; the state is then
    /// unchanged and no event was reported.
    fn apply(
        &mut self,
        action: Self::Action,
        events: &mut impl FnMut(Self::Event),
    ) -> Result<(), ApplyError> {
        let legal = self.is_legal(action);
        apply_tested(self, legal, action, events)
    }

    /// [`Game::apply`] ignoring events.
    ///
    /// # Errors
    ///
    /// As [`Game::apply`].
    fn play(&mut self, action: Self::Action) -> Result<(), ApplyError> {
        self.apply(action, &mut |_| {})
    }

    /// Whether `action` is among the legal actions.
    fn is_legal(&self, action: Self::Action) -> bool {
        let mut legal = Self::Actions::default();
        self.legal_actions(&mut legal);
        legal.contains(&action)
    }

    /// Why `action` is refused here, where the game can say more than "not a
    /// legal action" (Dragon: why a Seer may not be consulted); `None` for a
    /// legal action and, by default, for every action.
    fn refusal(&self, action: Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// Writes `action` in the game's notation, as it reads in this state.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    fn write_action(&self, action: Self::Action, out: &mut dyn fmt::Write) -> fmt::Result;

    /// `action` in the game's notation, as a new string.
    fn action_text(&self, action: Self::Action) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_action(action, &mut s);
        s
    }

    /// Reads an action written in the game's notation, in this state.
    ///
    /// Reading does not check legality; [`Game::apply`] does.
    ///
    /// # Errors
    ///
    /// [`NotationError`] saying what the notation expects.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;

    /// Any structurally valid action built from `bits`, legal or not: for fuzzing
    /// and for checking that unlisted actions are refused.
    fn arbitrary_action(&self, bits: u64) -> Self::Action;

    /// Writes the state as one line of text that [`Game::import`] reads back.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result;

    /// The export as a new string.
    fn export_string(&self) -> String {
        let mut s = String::new();
        let _ = self.export(&mut s);
        s
    }

    /// Reads a state written by [`Game::export`] (or by hand), under `options`.
    /// The repetition history starts at the imported position: a position
    /// holds no past. To resume a game with the positions a repetition rule
    /// still compares with, read its save ([`save::restore`](super::save::restore)).
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming what was expected.
    fn import(text: &str, options: &Self::Options) -> Result<Self, PositionError>;

    /// How many positions the repetition history holds, the current one
    /// included: 1 at the start, after an import, and after an action that
    /// makes every earlier position unreachable (a capture, a Pawn's move,
    /// ...), when nothing before the current position bears on the game's
    /// future; more while earlier positions may still be repeated. A game with
    /// no repetition rule answers 1. `None` (the default): the game does not
    /// say, and a [`save`](super::save) keeps every action since the start.
    fn history_len(&self) -> Option<usize> {
        None
    }

    /// The position hash: equal positions have equal hashes. Maintained
    /// incrementally. Repetition compares keys derived from it, which leave out
    /// a right that changes no legal action (an en passant square no capture
    /// can use: each game's `repetition` ruling), so positions the hash tells
    /// apart may still repeat.
    fn hash(&self) -> u64;

    /// The hash computed from scratch; must equal [`Game::hash`].
    fn recompute_hash(&self) -> u64;

    /// The game's own invariants (piece counts, squares on the board, counters
    /// within their limits, ...).
    ///
    /// # Errors
    ///
    /// [`InvariantError`] describing the first broken invariant.
    fn check_invariants(&self) -> Result<(), InvariantError>;

    /// Draws the position as ASCII: the board (north at the top, files lettered
    /// below) and who is to act.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result;

    /// The render as a new string.
    fn render_string(&self) -> String {
        let mut s = String::new();
        let _ = self.render(&mut s);
        s
    }

    /// The most plies a game from the standard start can last under the rules,
    /// or `None` when the rules imply no bound a simulation can use.
    fn ply_bound(&self) -> Option<u32>;

    /// The name the seed gives `side` in this game (`green`, `red`, `forest`, ...).
    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    /// The colour-mirrored state, for games whose rules treat both sides alike:
    /// the board turned north to south (rank `r` becomes rank `height + 1 - r`,
    /// files unchanged), every piece handed to the other side, the other side to
    /// move, a won game won by the other side. The repetition history starts at the
    /// mirrored position, as after [`Game::import`].
    ///
    /// `None` (the default) for games that are not colour-symmetric. The harness
    /// checks, where it is `Some`, that the mirrored state's legal actions are
    /// exactly the [`Game::mirror_action`]s of this state's.
    fn mirrored(&self) -> Option<Self> {
        None
    }

    /// The action of [`Game::mirrored`] that corresponds to `action` of this state
    /// (squares turned north to south, a side swapped). Meaningful only where
    /// [`Game::mirrored`] is `Some`; the default returns `action` unchanged.
    fn mirror_action(&self, action: Self::Action) -> Self::Action {
        action
    }
}

/// [`Game::apply`] once `action`'s legality is known (`legal`, what
/// [`Game::is_legal`] answers): applies it if legal, else says why not. For a
/// game that tests legality its own way when applying (Dragon keeps an
/// origin's generated actions for the copies of one state) and shares the rest.
///
/// # Errors
///
/// [`ApplyError::GameOver`] or [`ApplyError::NotLegal`] when `legal` is false;
/// the state is then unchanged and no event was reported.
pub fn apply_tested<G: Game>(
    game: &mut G,
    legal: bool,
    action: G::Action,
    events: &mut impl FnMut(G::Event),
) -> Result<(), ApplyError> {
    // The legality test first: a game that is over has no legal action, so
    // a legal one needs no test of the outcome.
    if legal {
        game.apply_unchecked(action, events);
        Ok(())
    } else if matches!(game.turn(), Turn::Over(_)) {
        Err(ApplyError::GameOver)
    } else {
        Err(ApplyError::NotLegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::zobrist::splitmix64;

    /// `push_squares` lists what one `push` a square lists, from every length
    /// of the list at which the squares fit (the four-at-once path and the
    /// checked one near the end), and panics as `push` does when they do not.
    #[test]
    fn push_squares_lists_what_push_lists() {
        let mut bits = 7;
        for _ in 0..2_000 {
            bits = splitmix64(bits);
            let word = bits & splitmix64(bits ^ 1);
            let count = word.count_ones() as usize;
            for start in 0..=(40 - count.min(40)) {
                let mut fast = ActionList::<u32, 40>::default();
                let mut slow = ActionList::<u32, 40>::default();
                for i in 0..start as u32 {
                    fast.push(i);
                    slow.push(i);
                }
                fast.push_squares(Squares::new(word, 3), |sq| 1000 + u32::from(sq.0));
                Squares::new(word, 3).for_each(|sq| slow.push(1000 + u32::from(sq.0)));
                assert_eq!(&fast[..], &slow[..], "{word:#x} from {start}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn push_squares_panics_when_full() {
        let mut list = ActionList::<u32, 8>::default();
        list.push(1);
        list.push_squares(Squares::new(0xff, 0), |sq| u32::from(sq.0));
    }
}
