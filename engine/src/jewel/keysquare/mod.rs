//! The key-square core: what the convergence Facets of Jewel share (seed 002).
//!
//! Ambush in the Forest, DiamondQi, Crystal of Doom and Star-Lords are one game
//! with different parameters: a square board with a **Key position** at its centre
//! that blocks sliding pieces ("cannot move past (directly over) the position, but
//! they can move onto or capture onto" it, seed 002, Northern Light note 3, Crystal
//! and Star-Lords notes) but not leapers; some kinds of piece may take the Key; and
//! one of four ways of winning it:
//!
//! | condition | game | who may take the Key | what the opponent must do |
//! |---|---|---|---|
//! | [Hold the Key](WinCondition::HoldTheKey) | Ambush | any Character | capture it on his next turn |
//! | [Win the Key](WinCondition::WinTheKey) | DiamondQi | a Princess | capture her on his next turn |
//! | [Secure the Key](WinCondition::SecureTheKey) | Crystal of Doom | any piece | attack (or capture on) the Key on each of his turns while it is occupied |
//! | [Capture the Key](WinCondition::CaptureTheKey) | Star-Lords | an Expedition Leader | as Secure the Key |
//!
//! A game supplies a [`Params`] type (board, Key, kinds of piece with their
//! [`Movement`], win condition, first mover, set-up data file, scores) and gets a
//! complete [`Game`](crate::Game) as [`KeyGame<P>`]. What every key game shares
//! beyond the win condition lives here too: the last-Character continuation,
//! threefold repetition, the material draw and the side with no legal action, each
//! a named ruling of the game that uses it (the core only implements the readings;
//! [`KeyOptions`] selects them).
//!
//! The pieces' moves are the seed's: "The King's Lancer can move or capture one or
//! two squares vertically or horizontally and he can jump. The Queen's Lancer can
//! move or capture one or two squares diagonally and he can jump. A Cloaked Prince
//! moves and captures with the combined powers of a Queen's Lancer and a Western
//! Chess Knight. All other pieces move as their Western Chess equivalents"
//! (seed 002, "Piece moves").

mod board;
mod events;
mod game;
mod handicap;
mod invariants;
pub(crate) mod lines7;
mod options;
mod tables;
mod text;

use std::fmt;
use std::sync::OnceLock;

pub use board::{
    Board, MAX_KINDS, coin_key, ep_key, mirror_square, mirrored_squares, piece_key, side_key,
    towering_key, towering_set_key,
};
pub use events::KeyEvent;
pub use game::KeyGame;
pub use options::{KeyOptions, KeyWinTiming, LastCharacter, MaterialDraw, NoLegalAction, spec};
pub use tables::{BetweenTables, Tables};
pub(crate) use text::{first_move_text, parse_result, write_result};

use crate::core::clocks::TimeControl;
use crate::core::{ActionBuffer, Bits, Geometry, OptionSpec, RuleId, ScoreUnit, Side, Square};
use crate::rulings::Ruling;

/// How a kind of piece moves and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    /// One square in any direction: a non-royal Western Chess King (the Princess
    /// of DiamondQi, the Adjacent, the Expedition Leader).
    King,
    /// One or two squares along a file or rank, jumping (seed 002, "Piece moves").
    KingsLancer,
    /// One or two squares diagonally, jumping (seed 002, "Piece moves").
    QueensLancer,
    /// The Western Chess Knight's (1, 2) leap.
    Knight,
    /// A Knight and a Queen's Lancer together (seed 002, "Piece moves").
    CloakedPrince,
    /// A Western Chess Rook: a slider along files and ranks, blocked by the Key.
    Rook,
    /// A Western Chess Bishop: a slider along diagonals, blocked by the Key.
    Bishop,
    /// A Western Chess Pawn: one square forward to an empty square, capturing one
    /// square diagonally forward; with `double_step`, two squares forward from its
    /// starting rank over an empty square, and the en passant capture applies.
    Pawn {
        /// Whether the initial two-square move (and so en passant) exists.
        double_step: bool,
    },
}

impl Movement {
    /// Whether the piece slides (and so is blocked by the Key).
    #[must_use]
    pub const fn is_slider(self) -> bool {
        matches!(self, Movement::Rook | Movement::Bishop)
    }

    /// Whether the piece is a pawn of some kind.
    #[must_use]
    pub const fn is_pawn(self) -> bool {
        matches!(self, Movement::Pawn { .. })
    }
}

/// A kind of piece of one game: its seed names, its letter in positions and
/// notation, how it moves, and whether it may take the Key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindSpec {
    /// The seed's name for the Green piece and for the Red one (they differ in
    /// Ambush: Longbowman and King's Sheriff).
    pub names: [&'static str; 2],
    /// The letter in positions and promotion suffixes: upper case for Red (South),
    /// lower case for Green (North), as Western Chess writes White and Black.
    pub letter: u8,
    /// How it moves and captures.
    pub movement: Movement,
    /// Whether it may take (Hold, Win, Secure, Capture) the Key.
    pub takes_key: bool,
}

impl KindSpec {
    /// The seed's name of `side`'s piece of this kind.
    #[must_use]
    pub const fn name(&self, side: Side) -> &'static str {
        self.names[side.index()]
    }
}

/// A kind of piece: an index into the game's [`Params::KINDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index into [`Params::KINDS`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The four ways of winning the Key (seed 002, Duel, Ambush, DiamondQi and
/// "Jewel – further Facets").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinCondition {
    /// "Hold the Key" (Ambush): a Character occupies the Key and holds it for the
    /// opponent's next turn, "his opponent must capture him immediately or lose the
    /// game"; a capturer that may take the Key becomes the holder in turn, "and this
    /// condition continues until no capture is made".
    HoldTheKey,
    /// "Win the Key" (DiamondQi): Hold the Key, "but only a Princess can do so".
    /// Any capture of her saves the game; only a capturing Princess holds in turn.
    WinTheKey,
    /// "Securing the Key" (Crystal of Doom): any piece occupies the Key; the
    /// opponent "need only to attack (or he can capture on) the Key Position ... but
    /// he needs to maintain (on his turn) an attack on the Key Position as long as
    /// there is an opposing piece occupying the Position or he loses the game".
    SecureTheKey,
    /// "Capturing the Key" (Star-Lords): Securing the Key, "but in this case only one
    /// (or perhaps more) specified piece must occupy the Key Position".
    CaptureTheKey,
}

impl WinCondition {
    /// Whether the opponent must capture the holder (Hold, Win) rather than attack
    /// the Key (Secure, Capture).
    #[must_use]
    pub const fn must_capture(self) -> bool {
        matches!(self, WinCondition::HoldTheKey | WinCondition::WinTheKey)
    }

    /// The deciding rule of a win by this condition.
    #[must_use]
    pub const fn rule(self) -> RuleId {
        match self {
            WinCondition::HoldTheKey => super::HOLD_THE_KEY,
            WinCondition::WinTheKey => rules::WIN_THE_KEY,
            WinCondition::SecureTheKey => rules::SECURE_THE_KEY,
            WinCondition::CaptureTheKey => rules::CAPTURE_THE_KEY,
        }
    }
}

/// Deciding rules of the key-square games.
pub mod rules {
    use crate::core::RuleId;

    /// Win the Key (DiamondQi).
    pub const WIN_THE_KEY: RuleId = RuleId("win-the-key");
    /// Secure the Key (Crystal of Doom).
    pub const SECURE_THE_KEY: RuleId = RuleId("secure-the-key");
    /// Capture the Key (Star-Lords).
    pub const CAPTURE_THE_KEY: RuleId = RuleId("capture-the-key");
    /// The side left alone after the capture of the opposing last Character cannot
    /// take the Key: "if not possible then the game is a draw".
    pub const LAST_CHARACTER: RuleId = RuleId("last-character");
    /// The side to move has no legal action (each game's `no-legal-action` ruling).
    pub const NO_LEGAL_ACTION: RuleId = RuleId("no-legal-action");
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The seed names the side ("Green moves first", Ambush).
    Side(Side),
    /// "decided by the roll of a standard dice or coin": a chance node with two
    /// outcomes of probability 1/2 (an even and an odd face of a die are as likely
    /// as the two faces of a coin).
    Coin,
}

/// One action of a Jewel game played on a board, packed into one integer: the
/// first-move coin toss (a chance outcome) or a [`Move`]. [`JewelAction::get`]
/// gives it back as an [`Action`].
///
/// Actions order coin outcomes first (Green's, then Red's), then moves by kind,
/// then the square moved from, then the square moved to, then the promotion: the
/// order the generators emit, so a legal list is already sorted.
///
/// The default is Green's first move: what the unused slots of an
/// [`ActionList`](crate::core::ActionList) hold.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JewelAction(u32);

/// What a [`JewelAction`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance: the coin gives the first move to this side. Written `green-first`
    /// or `red-first`.
    FirstMove(Side),
    /// A move of the side to move.
    Move(Move),
}

/// A move: the kind of the moving piece, its squares and, for a Pikeman reaching
/// its end rank in DiamondQuest or DiamondChess, the kind it becomes.
///
/// Written `C1-B1`, or `A3xA1` for a capture (en passant included), with `=A`
/// for a promotion. The kind is not written: it is the piece on the first square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's kind ([`Kind::NONE`] when the text named a square
    /// without a piece of the side to move: such a move is never legal).
    pub kind: Kind,
    /// The square moved from.
    pub from: Square,
    /// The square moved to.
    pub to: Square,
    /// The kind a promoting Pikeman becomes.
    pub promotion: Option<Kind>,
}

impl Kind {
    /// No kind: the piece of a move read from a square without a piece of the side
    /// to move.
    pub const NONE: Kind = Kind(0x7f);
}

const MOVE_FLAG: u32 = 1 << 31;

impl JewelAction {
    /// The coin gives the first move to `side`.
    #[inline(always)]
    #[must_use]
    pub const fn first_move(side: Side) -> JewelAction {
        JewelAction(side.index() as u32)
    }

    /// The move `m` (a kind beyond 126 is read as [`Kind::NONE`]).
    #[inline(always)]
    #[must_use]
    pub const fn play(m: Move) -> JewelAction {
        let promotion = match m.promotion {
            None => 0,
            Some(k) => k.0 as u32 + 1,
        };
        let kind = if m.kind.0 >= 0x7f {
            0x7f
        } else {
            m.kind.0 as u32
        };
        JewelAction(
            MOVE_FLAG | kind << 24 | (m.from.0 as u32) << 16 | (m.to.0 as u32) << 8 | promotion,
        )
    }

    /// What the action is.
    #[inline(always)]
    #[must_use]
    pub const fn get(self) -> Action {
        if self.0 & MOVE_FLAG == 0 {
            return Action::FirstMove(if self.0 == 0 { Side::Green } else { Side::Red });
        }
        let p = self.0 & 0xff;
        Action::Move(Move {
            kind: Kind((self.0 >> 24 & 0x7f) as u8),
            from: Square((self.0 >> 16) as u8),
            to: Square((self.0 >> 8) as u8),
            promotion: if p == 0 {
                None
            } else {
                Some(Kind(p as u8 - 1))
            },
        })
    }

    /// A move of a piece of `kind` (at most 126) from `from`, without promotion,
    /// to be completed by [`JewelAction::with_target`].
    #[inline(always)]
    #[must_use]
    pub const fn move_base(kind: Kind, from: Square) -> JewelAction {
        JewelAction(MOVE_FLAG | (kind.0 as u32) << 24 | (from.0 as u32) << 16)
    }

    /// The same move to `to` instead (a move; the kind, the square moved from
    /// and the promotion are kept).
    #[inline(always)]
    #[must_use]
    pub const fn with_target(self, to: Square) -> JewelAction {
        JewelAction(self.0 & !0xff00 | (to.0 as u32) << 8)
    }

    /// The action with both squares of a move read through `table` (indexed by
    /// square) and everything else kept, or the first move given to the other
    /// side: what decoding with [`JewelAction::get`], replacing the squares and
    /// encoding again gives, without the decoding. `None` for a move with a square
    /// beyond the table.
    #[inline(always)]
    #[must_use]
    pub fn map_squares(self, table: &[Square]) -> Option<JewelAction> {
        if self.0 & MOVE_FLAG == 0 {
            // `get` reads 0 as Green's first move and anything else as Red's.
            return Some(JewelAction(u32::from(self.0 == 0)));
        }
        let from = table.get((self.0 >> 16 & 0xff) as usize)?;
        let to = table.get((self.0 >> 8 & 0xff) as usize)?;
        Some(JewelAction(
            self.0 & 0xff00_00ff | u32::from(from.0) << 16 | u32::from(to.0) << 8,
        ))
    }

    /// The move, if the action is one.
    #[inline(always)]
    #[must_use]
    pub const fn as_move(self) -> Option<Move> {
        match self.get() {
            Action::Move(m) => Some(m),
            Action::FirstMove(_) => None,
        }
    }
}

impl From<Move> for JewelAction {
    fn from(m: Move) -> JewelAction {
        JewelAction::play(m)
    }
}

impl fmt::Debug for JewelAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

/// The parameters of one key-square game: everything [`KeyGame`] needs to know.
///
/// Implemented by a unit type in each game's module (`AmbushRules`, `QiRules`,
/// `CrystalRules`, `StarLordsRules`).
pub trait Params: Copy + Default + fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The bitboard width: `u64` up to 64 squares, else `u128`.
    type Bits: Bits;
    /// The legal-action buffer, `ActionList<JewelAction, N>` with `N` proven in the
    /// game's module.
    type Actions: ActionBuffer<JewelAction>;

    /// The short name, as the registry line gives it.
    const NAME: &'static str;
    /// The full name.
    const TITLE: &'static str;
    /// Seed and section.
    const SOURCE: &'static str;
    /// The game's named rulings.
    const RULINGS: &'static [Ruling];
    /// The options the game takes (a subset of [`KeyOptions`]'s keys).
    const OPTIONS: &'static [OptionSpec];
    /// The board.
    const GEOMETRY: Geometry;
    /// The Key position.
    const KEY: Square;
    /// How the Key is won.
    const WIN: WinCondition;
    /// The kinds of piece, at most [`MAX_KINDS`].
    const KINDS: &'static [KindSpec];
    /// Who moves first.
    const FIRST: First;
    /// Game Points or Chords for a win.
    const WIN_SCORE: u16;
    /// Half units to each side for a draw.
    const DRAW_HALVES: u16;
    /// The unit of the scores.
    const UNIT: ScoreUnit;
    /// The deciding rule when neither side can ever take the Key any more
    /// (`insufficient-material`, `both-princesses-captured`, ...).
    const MATERIAL_RULE: RuleId;
    /// Every event tag the game can emit.
    const EVENTS: &'static [&'static str];
    /// The time controls the seed states ([`Game::CLOCKS`](crate::core::Game::CLOCKS)).
    const CLOCKS: &'static [(&'static str, TimeControl)];

    /// The move tables of the board, built at compile time.
    fn tables() -> &'static Tables;

    /// The set-up, read once from the game's data file.
    fn start() -> &'static KeyGame<Self>;
}

/// Writes `sq` as the seeds do (`C1`, `K11`) without the formatting machinery.
pub(crate) fn write_square(g: Geometry, sq: Square, out: &mut dyn fmt::Write) -> fmt::Result {
    let mut buf = [0u8; 3];
    let n = put_square(g, sq, &mut buf, 0);
    write_ascii(&buf[..n], out)
}

/// Puts `sq`'s name (`C1`, `K11`) into `buf` at `at`; returns the length reached.
/// `buf` has room for three more bytes.
#[inline]
fn put_square(g: Geometry, sq: Square, buf: &mut [u8], at: usize) -> usize {
    let c = g.coord(sq);
    let rank = c.rank + 1;
    buf[at] = b'A' + c.file;
    if rank >= 10 {
        buf[at + 1] = b'0' + rank / 10;
        buf[at + 2] = b'0' + rank % 10;
        at + 3
    } else {
        buf[at + 1] = b'0' + rank;
        at + 2
    }
}

/// Whether `text` is exactly `sq`'s name as [`write_square`] writes it.
pub(crate) fn is_square_name(g: Geometry, sq: Square, text: &str) -> bool {
    let mut buf = [0u8; 3];
    let n = put_square(g, sq, &mut buf, 0);
    text.as_bytes() == &buf[..n]
}

/// Writes text made of ASCII bytes in one call.
#[inline]
fn write_ascii(bytes: &[u8], out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(std::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
}

/// Writes a move as the Jewel board games do, in one call: `C1-B1`, `K10xK11`
/// (`capture`), `C6-C7=A` (a promotion to the kind whose letter is `promotion`).
/// On a board of at most 9 files and 9 ranks the move's text is read from a
/// table of every move's text made once ([`MoveTexts`]).
pub(crate) fn write_move(
    g: Geometry,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<u8>,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    if let Some(texts) = MoveTexts::of(g)
        && let Some(text) = texts.get(from, capture, to)
    {
        out.write_str(text)?;
        return match promotion {
            Some(letter) => write_promotion(letter, out),
            None => Ok(()),
        };
    }
    let mut buf = [0u8; 9];
    let mut n = put_square(g, from, &mut buf, 0);
    buf[n] = if capture { b'x' } else { b'-' };
    n = put_square(g, to, &mut buf, n + 1);
    if let Some(letter) = promotion {
        buf[n] = b'=';
        buf[n + 1] = letter;
        n += 2;
    }
    write_ascii(&buf[..n], out)
}

/// Writes a move as [`write_move`] does, from `names`, a board's
/// [`square_name_bytes`] as text: the first square's name with the separator,
/// then the second's, two slices of a table made at compile time where
/// [`write_move`] would put the names together and check them as UTF-8 (a board
/// too large for [`MoveTexts`]); [`write_move`] itself off the table.
#[inline(always)]
pub(crate) fn write_named_move(
    names: &'static str,
    g: Geometry,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<u8>,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    if let (Some(head), Some(tail)) = (
        square_name(names, from, Some(capture)),
        square_name(names, to, None),
    ) {
        out.write_str(head)?;
        out.write_str(tail)?;
        return match promotion {
            Some(letter) => write_promotion(letter, out),
            None => Ok(()),
        };
    }
    write_move(g, from, capture, to, promotion, out)
}

/// The squares [`square_name_bytes`] names: every square a byte can index.
const NAMED_SQUARES: usize = 128;

/// Every square's name on board `g` as [`put_square`] writes it, followed by `-`
/// and then again by `x`, eight bytes a square padded with spaces (`A1- A1x `,
/// `K10-K10x`), by square index: made at compile time for a board too large
/// for [`MoveTexts`] and read by [`write_named_move`].
pub(crate) const fn square_name_bytes(g: Geometry) -> [u8; NAMED_SQUARES * 8] {
    let mut bytes = [b' '; NAMED_SQUARES * 8];
    let mut sq = 0;
    while sq < NAMED_SQUARES {
        let c = g.coord(Square(sq as u8));
        let shown = c.rank + 1;
        let mut half = 0;
        while half < 2 {
            let mut at = sq * 8 + half * 4;
            bytes[at] = b'A' + c.file;
            if shown >= 10 {
                bytes[at + 1] = b'0' + shown / 10;
                bytes[at + 2] = b'0' + shown % 10;
                at += 3;
            } else {
                bytes[at + 1] = b'0' + shown;
                at += 2;
            }
            bytes[at] = if half == 0 { b'-' } else { b'x' };
            half += 1;
        }
        sq += 1;
    }
    bytes
}

/// `sq`'s name in `names` (see [`square_name_bytes`]), followed by `x`
/// (`Some(true)`), by `-` (`Some(false)`) or by nothing; `None` off the table.
/// A name is three bytes long when its third byte is not the separator.
#[inline(always)]
fn square_name(names: &'static str, sq: Square, separator: Option<bool>) -> Option<&'static str> {
    let (at, sep) = match separator {
        Some(true) => (sq.index() * 8 + 4, b'x'),
        _ => (sq.index() * 8, b'-'),
    };
    let len =
        2 + usize::from(*names.as_bytes().get(at + 2)? != sep) + usize::from(separator.is_some());
    names.get(at..at + len)
}

/// Writes `=` and a promotion's letter (an uppercase ASCII letter from a table;
/// any other byte as `write_ascii` writes it).
fn write_promotion(letter: u8, out: &mut dyn fmt::Write) -> fmt::Result {
    const SUFFIXES: &str = "=A=B=C=D=E=F=G=H=I=J=K=L=M=N=O=P=Q=R=S=T=U=V=W=X=Y=Z";
    match letter.checked_sub(b'A').map(usize::from) {
        Some(i) if i < 26 => out.write_str(&SUFFIXES[2 * i..2 * i + 2]),
        _ => write_ascii(&[b'=', letter], out),
    }
}

/// The text of every move on one board of at most 9 files and 9 ranks (every
/// square's name two characters long, so every move's text five: `C1-B1`,
/// `B4xC5`), made once per board size: what [`write_move`] writes without
/// putting the squares' names together each time. 4,802 texts (24 kB, and 77 kB
/// of their slices) for the 7x7 board.
struct MoveTexts {
    /// The squares of the board.
    len: usize,
    /// Move `(from, capture, to)` at `(from * len + to) * 2 + capture`: each a
    /// slice of one text made once and kept for the program's life (as the
    /// table itself is), so that a move's text is one read of the table, not
    /// a slice of a `String` whose ends are tested as character boundaries at
    /// every call.
    texts: Vec<&'static str>,
}

impl MoveTexts {
    /// The table of `g`'s size, made at the first call; `None` for a board with
    /// more than 9 files or ranks.
    fn of(g: Geometry) -> Option<&'static MoveTexts> {
        static TABLES: [[OnceLock<MoveTexts>; 9]; 9] =
            [const { [const { OnceLock::new() }; 9] }; 9];
        let (w, h) = (usize::from(g.width()), usize::from(g.height()));
        let cell = TABLES.get(w.checked_sub(1)?)?.get(h.checked_sub(1)?)?;
        Some(cell.get_or_init(|| MoveTexts::build(g)))
    }

    fn build(g: Geometry) -> MoveTexts {
        let len = g.len();
        let mut text = String::with_capacity(len * len * 10);
        let mut buf = [0u8; 9];
        for from in 0..len {
            for to in 0..len {
                for capture in [false, true] {
                    let mut n = put_square(g, Square(from as u8), &mut buf, 0);
                    buf[n] = if capture { b'x' } else { b'-' };
                    n = put_square(g, Square(to as u8), &mut buf, n + 1);
                    debug_assert_eq!(n, 5);
                    text.extend(buf[..n].iter().map(|&b| char::from(b)));
                }
            }
        }
        // Made once per board size (at most 81), as the table holding it.
        let text: &'static str = Box::leak(text.into_boxed_str());
        let texts = (0..len * len * 2)
            .map(|i| &text[5 * i..5 * i + 5])
            .collect();
        MoveTexts { len, texts }
    }

    /// The text of the move, `None` off the board.
    #[inline]
    fn get(&self, from: Square, capture: bool, to: Square) -> Option<&'static str> {
        let (from, to) = (from.index(), to.index());
        if from >= self.len || to >= self.len {
            return None;
        }
        self.texts
            .get((from * self.len + to) * 2 + usize::from(capture))
            .copied()
    }
}

/// The squares and separator of a move written in the commonest form, `C2-C3` or
/// `B4xC5` (files in upper case, one-digit ranks, nothing after): read at once,
/// as [`read_square`] twice and the separator between would read them. `None`
/// for any other text, which the full reading then reads (so that the checks'
/// round trip of every move's text costs less).
#[inline(always)]
pub(crate) fn read_plain_move(g: Geometry, text: &[u8]) -> Option<(Square, u8, Square)> {
    let &[f1, r1, sep, f2, r2] = text else {
        return None;
    };
    let (from_file, from_rank) = (f1.wrapping_sub(b'A'), r1.wrapping_sub(b'1'));
    let (to_file, to_rank) = (f2.wrapping_sub(b'A'), r2.wrapping_sub(b'1'));
    let (w, h) = (g.width(), g.height());
    // On the board, so each index is below 128.
    ((sep == b'-' || sep == b'x') && from_file < w && to_file < w && from_rank < h && to_rank < h)
        .then(|| {
            (
                Square(from_rank * w + from_file),
                sep,
                Square(to_rank * w + to_file),
            )
        })
}

/// Reads a move's squares and separator (`C2-C3`, `B4xC5`, `c2-c3`, `A10xB11`)
/// and returns them with what follows the second square: the commonest form at
/// once ([`read_plain_move`]), any other by [`read_square`] twice. `None` when
/// the text starts with no square, `-` or `x`, square.
#[inline(always)]
pub(crate) fn read_move_squares(g: Geometry, text: &[u8]) -> Option<(Square, u8, Square, &[u8])> {
    if let Some((from, sep, to)) = read_plain_move(g, text) {
        return Some((from, sep, to, &[]));
    }
    let (from, rest) = read_square(g, text)?;
    let (&sep, rest) = rest.split_first()?;
    if sep != b'-' && sep != b'x' {
        return None;
    }
    let (to, rest) = read_square(g, rest)?;
    Some((from, sep, to, rest))
}

/// Reads a square such as `C1` or `K11` at the start of `text`; returns it and
/// the rest. `None` when no square of this board starts the text.
pub(crate) fn read_square(g: Geometry, text: &[u8]) -> Option<(Square, &[u8])> {
    let [letter, first, rest @ ..] = text else {
        return None;
    };
    let file = letter.to_ascii_uppercase().checked_sub(b'A')?;
    // A rank is one or two digits, the first not 0.
    if file >= g.width() || !(b'1'..=b'9').contains(first) {
        return None;
    }
    let (rank, rest) = match rest {
        [second, tail @ ..] if second.is_ascii_digit() => {
            if tail.first().is_some_and(u8::is_ascii_digit) {
                return None;
            }
            ((first - b'0') * 10 + (second - b'0'), tail)
        }
        _ => (first - b'0', rest),
    };
    if rank > g.height() {
        return None;
    }
    // On the board, so the index is below 128.
    Some((Square((rank - 1) * g.width() + file), rest))
}

/// The upper bound on a key game's legal actions that its capacity proof uses:
/// for each kind, the set-up's count times the most targets one piece of that
/// kind has anywhere on the board (sliders stopped only by the Key; a pawn's
/// step, double step and two captures).
#[cfg(test)]
pub(crate) fn capacity_bound<P: Params>() -> usize {
    let t = P::tables();
    let g = P::GEOMETRY;
    let board = P::start().board();
    P::KINDS
        .iter()
        .enumerate()
        .map(|(k, spec)| {
            let count = Side::ALL
                .iter()
                .map(|&s| board.pieces(s, Kind(k as u8)).count() as usize)
                .max()
                .unwrap_or(0);
            let most = (0..g.len())
                .map(|i| {
                    let sq = Square(i as u8);
                    if let Movement::Pawn { double_step } = spec.movement {
                        t.pawn_steps[1][i].count() as usize
                            + usize::from(double_step)
                            + t.pawn_captures[1][i].count() as usize
                    } else {
                        t.attacks::<u128>(spec.movement, Side::Red, sq, t.key.0)
                            .count() as usize
                    }
                })
                .max()
                .unwrap_or(0);
            count * most
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_without_fmt() {
        let g = Geometry::new(11, 11);
        for text in ["A1", "F6", "K11", "B10"] {
            let (sq, rest) = read_square(g, text.as_bytes()).unwrap();
            assert!(rest.is_empty());
            let mut s = String::new();
            write_square(g, sq, &mut s).unwrap();
            assert_eq!(s, text);
        }
        assert!(read_square(g, b"L1").is_none());
        assert!(read_square(g, b"A12").is_none());
        assert!(read_square(g, b"A0").is_none());
        assert!(read_square(g, b"A01").is_none());
        assert!(read_square(g, b"A").is_none());
        assert_eq!(read_square(g, b"c3-c4").unwrap().1, b"-c4");
        assert!(read_square(g, b"A100").is_none());
        assert!(read_square(g, b"-1").is_none());
        assert!(read_square(g, b"").is_none());
        assert_eq!(
            read_square(g, b"k10xk11").unwrap(),
            (g.at(10, 9), &b"xk11"[..])
        );
        let g7 = Geometry::new(7, 7);
        assert!(read_square(g7, b"A8").is_none());
        assert!(read_square(g7, b"H1").is_none());
        assert_eq!(read_square(g7, b"G7=A").unwrap(), (g7.at(6, 6), &b"=A"[..]));
    }

    #[test]
    fn a_plain_move_reads_as_the_full_reading_reads_it() {
        // The full reading: a square, `-` or `x`, a square, nothing after.
        let full = |g: Geometry, text: &[u8]| {
            let (from, rest) = read_square(g, text)?;
            let (&sep, rest) = rest.split_first()?;
            let (to, rest) = read_square(g, rest)?;
            (rest.is_empty() && (sep == b'-' || sep == b'x')).then_some((from, sep, to))
        };
        let files = b"@AaBGgHKLl";
        let ranks = b"0126789";
        let mut plain = 0;
        for (w, h) in [(7, 7), (11, 11), (4, 9)] {
            let g = Geometry::new(w, h);
            for &f1 in files {
                for &r1 in ranks {
                    for sep in [b'-', b'x', b'=', b'1'] {
                        for &f2 in files {
                            for &r2 in ranks {
                                let text = [f1, r1, sep, f2, r2];
                                let fast = read_plain_move(g, &text);
                                if fast.is_some() {
                                    plain += 1;
                                    assert_eq!(fast, full(g, &text), "{text:?}");
                                } else {
                                    // Only the lower-case files go the long way.
                                    assert!(
                                        full(g, &text).is_none()
                                            || text.iter().any(u8::is_ascii_lowercase),
                                        "{text:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(plain > 1000, "{plain}");
        assert_eq!(read_plain_move(Geometry::new(7, 7), b"C2-C3=A"), None);
        assert_eq!(read_plain_move(Geometry::new(11, 11), b"A1-A10"), None);
    }

    #[test]
    fn the_move_texts_table_writes_what_the_squares_names_make() {
        for (w, h) in [(3, 3), (5, 5), (7, 7), (9, 9), (11, 11), (4, 9)] {
            let g = Geometry::new(w, h);
            for from in (0..g.len()).map(|i| Square(i as u8)) {
                for to in (0..g.len()).map(|i| Square(i as u8)) {
                    for (capture, promotion) in
                        [(false, None), (true, Some(b'A')), (false, Some(b'?'))]
                    {
                        let mut expected = String::new();
                        write_square(g, from, &mut expected).unwrap();
                        expected.push(if capture { 'x' } else { '-' });
                        write_square(g, to, &mut expected).unwrap();
                        if let Some(p) = promotion {
                            expected.push('=');
                            expected.push(char::from(p));
                        }
                        let mut text = String::new();
                        write_move(g, from, capture, to, promotion, &mut text).unwrap();
                        assert_eq!(text, expected);
                    }
                }
            }
            assert_eq!(MoveTexts::of(g).is_some(), w <= 9 && h <= 9);
        }
    }

    #[test]
    fn a_move_from_the_squares_names_is_what_write_move_writes() {
        for (w, h) in [
            (11, 11),
            (9, 9),
            (10, 12),
            (26, 4),
            (8, 16),
            (1, 128),
            (3, 3),
        ] {
            let g = Geometry::new(w, h);
            let bytes = square_name_bytes(g);
            let names = std::str::from_utf8(&bytes).unwrap();
            let names: &'static str = Box::leak(names.to_owned().into_boxed_str());
            // Every square a byte holds, on the board and off it.
            for from in (0..=200u8).map(Square) {
                for to in (0..=200u8).step_by(3).map(Square) {
                    for (capture, promotion) in [
                        (false, None),
                        (true, Some(b'A')),
                        (true, None),
                        (false, Some(b'?')),
                    ] {
                        let mut expected = String::new();
                        write_move(g, from, capture, to, promotion, &mut expected).unwrap();
                        let mut text = String::new();
                        write_named_move(names, g, from, capture, to, promotion, &mut text)
                            .unwrap();
                        assert_eq!(text, expected, "{w}x{h} {from:?} {to:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn map_squares_is_decoding_mapping_and_encoding_again() {
        // A table that moves every square somewhere else, shorter than a byte.
        let table: Vec<Square> = (0..49u8).map(|i| Square(48 - i)).collect();
        let slow = |a: JewelAction| match a.get() {
            Action::FirstMove(side) => Some(JewelAction::first_move(side.opponent())),
            Action::Move(m) => Some(JewelAction::play(Move {
                from: *table.get(m.from.index())?,
                to: *table.get(m.to.index())?,
                ..m
            })),
        };
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000u32 {
            bits = crate::core::zobrist::splitmix64(bits);
            // Every kind of bit pattern: first moves (flag clear), moves with
            // squares on and off the table, any kind and promotion byte.
            let raw = if i % 4 == 0 {
                bits as u32 & 0x7fff_ffff & if i % 8 == 0 { 1 } else { !0 }
            } else {
                let from = (bits >> 32) as u32 % 64;
                let to = (bits >> 40) as u32 % 64;
                MOVE_FLAG | (bits as u32 & 0x7f00_00ff) | from << 16 | to << 8
            };
            let a = JewelAction(raw);
            assert_eq!(a.map_squares(&table), slow(a), "{raw:#x}");
        }
    }
}
