//! The Game as the harness plays it: the [`Game`] trait over a
//! [`Position`], its rule events, its outcomes and its invariants.

use std::fmt;

use super::board::{Boards, NONE, SQUARES, Sq};
use super::kinds::Kind;
use super::moves::Actions;
use super::position::{Action, Ending, PLY_BOUND, Piece, Position, Tag};
use super::setup::side_name;
use crate::core::{
    Game, InvariantError, NoOptions, NotationError, Outcome, PositionError, RuleEvent, RuleId,
    Side, Turn,
};
use crate::rulings::Ruling;

/// The Emperor was captured: "capture of the Emperor means the game is lost"
/// (seed 001, Emperor; ruling `the-game.victory`).
pub const EMPEROR_CAPTURED: RuleId = RuleId("emperor-captured");
/// The side to act had no legal action: a draw (ruling `the-game.stalemate`).
pub const STALEMATE: RuleId = RuleId("stalemate");
/// The project's last resort (ruling `the-game.ply-bound`).
pub const PLY_BOUND_RULE: RuleId = RuleId("ply-bound");

/// A rule event of The Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `by` took `taken` on `at` (by a move, a Dragon's strike, en passant or
    /// an ArchMagus's teleport).
    Capture {
        /// The capturing piece (before a promotion).
        by: Piece,
        /// The piece taken.
        taken: Piece,
        /// Where.
        at: Sq,
    },
    /// A Warrior became `kind` on the far rank (seed 001, Warrior).
    Promotion {
        /// Its side.
        side: Side,
        /// What it became.
        kind: Kind,
        /// Where.
        at: Sq,
    },
    /// After an ArchMagus's capture, the captured piece is killed.
    Kill {
        /// The side that chose.
        side: Side,
        /// The piece.
        piece: Piece,
    },
    /// After an ArchMagus's capture from a Mana board, the captured piece is
    /// sent to the Astral board's `to`.
    Send {
        /// The side that chose.
        side: Side,
        /// The piece.
        piece: Piece,
        /// Where it now stands.
        to: Sq,
    },
    /// After an ArchMagus's capture on the Astral board, the captured piece
    /// goes back to the square it was sent from.
    Return {
        /// The side that chose.
        side: Side,
        /// The piece.
        piece: Piece,
        /// Where it now stands.
        to: Sq,
    },
}

fn named(p: Piece) -> String {
    format!("{} {}", side_name(p.side), p.kind)
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |sq: Sq| Boards::get().layout.name(sq);
        match *self {
            Event::Capture { by, taken, at } => write!(
                f,
                "capture: {} takes {} on {}",
                named(by),
                named(taken),
                name(at)
            ),
            Event::Promotion { side, kind, at } => write!(
                f,
                "promotion: {} Warrior becomes {kind} on {}",
                side_name(side),
                name(at)
            ),
            Event::Kill { side, piece } => {
                write!(f, "kill: {} kills {}", side_name(side), named(piece))
            }
            Event::Send { side, piece, to } => write!(
                f,
                "send: {} sends {} to {}",
                side_name(side),
                named(piece),
                name(to)
            ),
            Event::Return { side, piece, to } => write!(
                f,
                "return: {} returns {} to {}",
                side_name(side),
                named(piece),
                name(to)
            ),
        }
    }
}

impl RuleEvent for Event {
    fn tag(&self) -> &'static str {
        match self {
            Event::Capture { .. } => "capture",
            Event::Promotion { .. } => "promotion",
            Event::Kill { .. } => "kill",
            Event::Send { .. } => "send",
            Event::Return { .. } => "return",
        }
    }
}

/// The last piece moved, as the invariants check it: its square and the
/// piece directly below it before it moved.
#[derive(Clone, Copy, Debug)]
struct Moved {
    from: Sq,
    piece: Piece,
    under: Option<Piece>,
}

/// A game of The Game (seed 001).
///
/// ```
/// use tigerseye_engine::Game;
/// use tigerseye_engine::the_game::TheGame;
///
/// let mut g = TheGame::new(&Default::default());
/// for text in ["SG1-SH1", "SG8-SH8", "GG1-SG1"] {
///     let a = g.parse_action(text).unwrap();
///     g.play(a).unwrap();
/// }
/// assert!(g.export_string().ends_with(" silver ply:3"));
/// ```
#[derive(Clone, Debug)]
pub struct TheGame {
    pos: Position,
    /// Each side's pieces by the count of captures and returns since the
    /// start or the import: the invariants compare it with the boards.
    counts: [u32; 2],
    last: Option<Moved>,
}

/// Equal when the positions are (the counts and the last move are the
/// invariants' bookkeeping).
impl PartialEq for TheGame {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos
    }
}

impl TheGame {
    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn from_position(pos: Position) -> TheGame {
        // A pending choice's captured piece is off the boards until it is
        // sent or returned, as in play, where the capture already counted.
        let held = |side: Side| pos.occ[side.index()].count();
        TheGame {
            counts: [held(Side::Green), held(Side::Red)],
            pos,
            last: None,
        }
    }
}

fn win(side: Side, rule: RuleId) -> Outcome {
    Outcome::game_point_win(side, rule)
}

fn draw(rule: RuleId) -> Outcome {
    Outcome::game_point_draw(rule)
}

impl Game for TheGame {
    type Action = Action;
    /// [`super::moves::MAX_ACTIONS`] is the proven bound.
    type Actions = Actions;
    type Event = Event;
    type Options = NoOptions;
    /// The author's table ([`super::stats`]).
    type Stats = super::stats::AuthorTable;

    const NAME: &'static str = "the-game";
    const TITLE: &'static str = "The Game";
    const SOURCE: &'static str = "seed 001 (The Game)";
    const RULINGS: &'static [Ruling] = super::rulings::RULINGS;
    const RULES: &'static [RuleId] = &[EMPEROR_CAPTURED, STALEMATE, PLY_BOUND_RULE];
    const EVENTS: &'static [&'static str] = &["capture", "promotion", "kill", "send", "return"];

    /// The drafted set-up (ruling `the-game.setup`), Gold to move (ruling
    /// `the-game.first-move`).
    fn new(_options: &NoOptions) -> TheGame {
        TheGame::from_position(Position::start())
    }

    fn options(&self) -> &NoOptions {
        &NoOptions
    }

    fn turn(&self) -> Turn {
        match self.pos.ending() {
            Some(Ending::EmperorCaptured(side)) => Turn::Over(win(side, EMPEROR_CAPTURED)),
            Some(Ending::Stalemate) => Turn::Over(draw(STALEMATE)),
            Some(Ending::PlyBound) => Turn::Over(draw(PLY_BOUND_RULE)),
            None => Turn::Player(self.pos.to_move()),
        }
    }

    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    fn legal_actions(&self, out: &mut Actions) {
        self.pos.legal(out);
    }

    /// Tests the action alone (its piece's targets, or the pending choice),
    /// not against a whole list.
    fn is_legal(&self, action: Action) -> bool {
        self.pos.is_legal(action)
    }

    fn apply_unchecked(&mut self, action: Action, events: &mut impl FnMut(Event)) {
        let b = Boards::get();
        self.last = match (action.tag, self.pos.at(action.from)) {
            (Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant, Some(piece))
                if usize::from(action.from) < SQUARES =>
            {
                let below = b.down[usize::from(action.from)];
                let under = if below == NONE {
                    None
                } else {
                    self.pos.at(below)
                };
                Some(Moved {
                    from: action.from,
                    piece,
                    under,
                })
            }
            _ => None,
        };
        let counts = &mut self.counts;
        self.pos.apply_with(action, &mut |e| {
            match e {
                Event::Capture { taken, .. } => {
                    counts[taken.side.index()] = counts[taken.side.index()].saturating_sub(1);
                }
                Event::Send { piece, .. } | Event::Return { piece, .. } => {
                    counts[piece.side.index()] += 1;
                }
                Event::Promotion { .. } | Event::Kill { .. } => {}
            }
            events(e);
        });
    }

    fn write_action(&self, action: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        self.pos.write_action(action, out)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        self.pos
            .parse_action(text)
            .map_err(|expected| NotationError {
                text: text.to_owned(),
                expected,
            })
    }

    fn arbitrary_action(&self, bits: u64) -> Action {
        let sq = |b: u64| (b % SQUARES as u64) as Sq;
        let (from, to) = (sq(bits >> 8), sq(bits >> 24));
        let tag = [
            Tag::Go,
            Tag::Strike,
            Tag::Promote,
            Tag::EnPassant,
            Tag::Kill,
            Tag::Send,
            Tag::Return,
        ][(bits % 7) as usize];
        let aux = match tag {
            Tag::Promote => ((bits >> 40) % 26) as u16,
            Tag::Strike | Tag::EnPassant => sq(bits >> 40),
            Tag::Go | Tag::Kill | Tag::Send | Tag::Return => 0,
        };
        match tag {
            Tag::Kill => Action {
                tag,
                ..Action::default()
            },
            Tag::Send | Tag::Return => Action {
                tag,
                to,
                ..Action::default()
            },
            Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant => Action { from, to, tag, aux },
        }
    }

    fn export(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.pos.export())
    }

    fn import(text: &str, _options: &NoOptions) -> Result<TheGame, PositionError> {
        Position::import(text)
            .map(TheGame::from_position)
            .map_err(|expected| PositionError {
                text: text.to_owned(),
                expected,
            })
    }

    /// No rule of The Game looks back at earlier positions: every position
    /// is a save's start.
    fn history_len(&self) -> Option<usize> {
        Some(1)
    }

    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.pos.recompute_hash()
    }

    fn check_invariants(&self) -> Result<(), InvariantError> {
        super::invariants::check(&self.pos, self.counts)?;
        if let Some(m) = self.last {
            super::invariants::not_frozen(m.from, m.piece, m.under)?;
        }
        Ok(())
    }

    fn render(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.pos.render(out)
    }

    /// The project's ply bound (ruling `the-game.ply-bound`).
    fn ply_bound(&self) -> Option<u32> {
        Some(PLY_BOUND)
    }

    /// `gold` (the engine's red, moving first) and `silver` (green).
    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }
}
