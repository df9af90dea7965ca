//! The placement of the pieces: one bitboard per kind and one per side, their
//! text form (ranks from the north, `/` between them, a letter per piece, a
//! number for a run of empty squares), an ASCII drawing and Zobrist keys.

use std::fmt;

use super::{Kind, KindSpec};
use crate::core::{Bits, Geometry, Side, Square, zobrist};

/// The most kinds of piece a game may have.
pub const MAX_KINDS: usize = 6;

/// Zobrist keys of every Jewel board game: a piece of each side and kind on each
/// square, the en passant square, the side to move, a pending coin toss and four
/// Towering rights.
static ZOBRIST: [u64; ZOBRIST_LEN] = zobrist::keys(0x1E3E_1C0D_0000_0003);
const PIECES_LEN: usize = 2 * MAX_KINDS * 128;
const EP_AT: usize = PIECES_LEN;
const RED_TO_MOVE_AT: usize = EP_AT + 128;
const COIN_AT: usize = RED_TO_MOVE_AT + 1;
const TOWERING_AT: usize = COIN_AT + 1;
const ZOBRIST_LEN: usize = TOWERING_AT + 4;

/// The piece keys of [`ZOBRIST`] by side and kind: `PIECE_KEYS[side * MAX_KINDS +
/// kind][sq]`, the same values, shaped so that a row's keys are read with a
/// constant offset.
static PIECE_KEYS: [[u64; 128]; 2 * MAX_KINDS] = {
    let mut t = [[0u64; 128]; 2 * MAX_KINDS];
    let mut i = 0;
    while i < PIECES_LEN {
        t[i / 128][i % 128] = ZOBRIST[i];
        i += 1;
    }
    t
};

/// For each set of the four Towering rights (bit `i` for right `i`), the keys of
/// its rights together.
static TOWERING_SETS: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut i = 0;
        while i < 4 {
            if set >> i & 1 == 1 {
                t[set] ^= ZOBRIST[TOWERING_AT + i];
            }
            i += 1;
        }
        set += 1;
    }
    t
};

/// The key of `side`'s piece of `kind` on `sq`.
#[inline(always)]
#[must_use]
pub fn piece_key(side: Side, kind: Kind, sq: Square) -> u64 {
    ZOBRIST[(side.index() * MAX_KINDS + kind.index()) * 128 + sq.index()]
}

/// The key of an en passant capture onto `sq`.
#[inline(always)]
#[must_use]
pub fn ep_key(sq: Square) -> u64 {
    ZOBRIST[EP_AT + sq.index()]
}

/// The key of Red to move, read from the table.
#[inline(always)]
#[must_use]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::Green => 0,
        Side::Red => ZOBRIST[RED_TO_MOVE_AT],
    }
}

/// The key of a pending first-move coin toss.
#[inline(always)]
#[must_use]
pub fn coin_key() -> u64 {
    ZOBRIST[COIN_AT]
}

/// The key of Towering right `i` (0..4).
#[inline(always)]
#[must_use]
pub fn towering_key(i: usize) -> u64 {
    ZOBRIST[TOWERING_AT + i]
}

/// The keys of the Towering rights of `rights` (bit `i` for right `i`; bits 4 to
/// 7 are ignored) together: the XOR of their [`towering_key`]s.
#[inline(always)]
#[must_use]
pub fn towering_set_key(rights: u8) -> u64 {
    TOWERING_SETS[usize::from(rights & 15)]
}

/// Where every piece stands: a bitboard per kind (both sides) and per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board<B> {
    kinds: [B; MAX_KINDS],
    sides: [B; 2],
}

impl<B: Bits> Board<B> {
    /// Every occupied square.
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> B {
        self.sides[0] | self.sides[1]
    }

    /// `side`'s pieces.
    #[inline(always)]
    #[must_use]
    pub fn side(&self, side: Side) -> B {
        self.sides[side.index()]
    }

    /// The pieces of `kind`, both sides.
    #[inline(always)]
    #[must_use]
    pub fn kind(&self, kind: Kind) -> B {
        self.kinds[kind.index()]
    }

    /// `side`'s pieces of `kind`.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, side: Side, kind: Kind) -> B {
        self.kinds[kind.index()] & self.sides[side.index()]
    }

    /// The kind of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|b| b.has(sq))
            .map(|k| Kind(k as u8))
    }

    /// The side of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn side_at(&self, sq: Square) -> Option<Side> {
        if self.sides[0].has(sq) {
            Some(Side::Green)
        } else if self.sides[1].has(sq) {
            Some(Side::Red)
        } else {
            None
        }
    }

    /// Toggles `side`'s piece of `kind` on `sq` (puts it on an empty square, takes
    /// it off its own).
    #[inline(always)]
    pub fn toggle(&mut self, side: Side, kind: Kind, sq: Square) {
        let bit = B::bit(sq);
        self.kinds[kind.index()] ^= bit;
        self.sides[side.index()] ^= bit;
    }

    /// Moves `side`'s piece of `kind` from `from` to the empty square `to`.
    #[inline(always)]
    pub fn shift(&mut self, side: Side, kind: Kind, from: Square, to: Square) {
        let bits = B::bit(from) | B::bit(to);
        self.kinds[kind.index()] ^= bits;
        self.sides[side.index()] ^= bits;
    }

    /// The Zobrist hash of the placement, whose pieces are of the first `kinds`
    /// kinds.
    ///
    /// Kind by kind, unrolled (each kind's rows of keys at a constant offset),
    /// each side's pieces looked up in its row of keys: the check after every
    /// step recomputes it. Always inlined, so that `kinds` is the game's
    /// constant.
    #[must_use]
    #[inline(always)]
    pub fn hash(&self, kinds: usize) -> u64 {
        // One call a kind below: a seventh kind needs a seventh call.
        const { assert!(MAX_KINDS == 6) };
        let h = self.kind_hash::<0>(kinds, 0);
        let h = self.kind_hash::<1>(kinds, h);
        let h = self.kind_hash::<2>(kinds, h);
        let h = self.kind_hash::<3>(kinds, h);
        let h = self.kind_hash::<4>(kinds, h);
        self.kind_hash::<5>(kinds, h)
    }

    /// `h` XORed with the keys of both sides' pieces of kind `K`, if the game
    /// has that kind (`K < kinds`): [`Board::hash`]'s share of one kind.
    #[inline(always)]
    fn kind_hash<const K: usize>(&self, kinds: usize, h: u64) -> u64 {
        const { assert!(K < MAX_KINDS) };
        if K >= kinds {
            return h;
        }
        let bb = self.kinds[K];
        let h = (bb & self.sides[0]).xor_keys(&PIECE_KEYS[K], h);
        (bb & self.sides[1]).xor_keys(&PIECE_KEYS[MAX_KINDS + K], h)
    }

    /// The board turned north to south with every piece handed to the other side.
    /// `table` is the board's [`mirrored_squares`] up to its last square: a
    /// piece's square is read from it, and turned by [`mirror_square`] (its
    /// divisions) only off it.
    #[must_use]
    pub fn mirrored(&self, g: Geometry, table: &[Square]) -> Board<B> {
        let mut out = Board::default();
        for side in Side::ALL {
            for k in 0..MAX_KINDS {
                let mut b = self.kinds[k] & self.sides[side.index()];
                while !b.is_empty() {
                    let sq = b.pop();
                    let to = match table.get(sq.index()) {
                        Some(&to) => to,
                        None => mirror_square(g, sq),
                    };
                    out.toggle(side.opponent(), Kind(k as u8), to);
                }
            }
        }
        out
    }

    /// The consistency of the bitboards: kinds and sides disjoint and covering the
    /// same squares, nothing off the board, no kind beyond `kinds`.
    ///
    /// # Errors
    ///
    /// What is inconsistent.
    #[inline]
    pub fn check(&self, g: Geometry, kinds: usize) -> Result<(), String> {
        if self.is_consistent(g, kinds) {
            Ok(())
        } else {
            self.explain(g, kinds)
        }
    }

    /// Whether [`Board::check`] passes, as one test of the bitboards.
    #[inline]
    #[must_use]
    pub fn is_consistent(&self, g: Geometry, kinds: usize) -> bool {
        let mut union = B::EMPTY;
        let mut overlap = B::EMPTY;
        let mut beyond = B::EMPTY;
        for (k, &bb) in self.kinds.iter().enumerate() {
            overlap |= union & bb;
            union |= bb;
            if k >= kinds {
                beyond |= bb;
            }
        }
        let occupied = self.occupied();
        ((self.sides[0] & self.sides[1])
            | overlap
            | beyond
            | (union ^ occupied)
            | (occupied & !B::from_bb(g.all())))
        .is_empty()
    }

    /// What [`Board::check`] found wrong.
    #[cold]
    #[inline(never)]
    fn explain(&self, g: Geometry, kinds: usize) -> Result<(), String> {
        if !(self.sides[0] & self.sides[1]).is_empty() {
            return Err("a square belongs to both sides".into());
        }
        let mut union = B::EMPTY;
        let mut overlap = B::EMPTY;
        for &bb in &self.kinds {
            overlap |= union & bb;
            union |= bb;
        }
        if !overlap.is_empty() {
            return Err("a square holds two kinds of piece".into());
        }
        if let Some(k) = (kinds..MAX_KINDS).find(|&k| !self.kinds[k].is_empty()) {
            return Err(format!(
                "a piece of kind {k}, which this game does not have"
            ));
        }
        if union != self.occupied() {
            return Err("the kind and side bitboards disagree".into());
        }
        if !(union & !B::from_bb(g.all())).is_empty() {
            return Err("a piece off the board".into());
        }
        Ok(())
    }

    /// Reads the board part of a position: ranks from the northernmost, separated
    /// by `/`; in each, from file A, a kind's letter (upper case Red, lower case
    /// Green) or a number of empty squares.
    ///
    /// # Errors
    ///
    /// What was expected, naming the rank and the character.
    pub fn parse(text: &str, g: Geometry, kinds: &[KindSpec]) -> Result<Board<B>, String> {
        match Self::parse_plain(text.as_bytes(), g, kinds) {
            Some(board) => Ok(board),
            None => Self::parse_checked(text, g, kinds),
        }
    }

    /// [`Board::parse`] of a well-formed board in one pass over the bytes, with no
    /// allocation; `None` for anything unusual, which [`Board::parse_checked`]
    /// then reads (and explains).
    fn parse_plain(bytes: &[u8], g: Geometry, kinds: &[KindSpec]) -> Option<Board<B>> {
        // By byte: 0 for no piece, else the kind plus one, bit 7 set for Green.
        let mut lookup = [0u8; 128];
        // In reverse, so that the first kind with a letter wins, as in the full reading.
        for (k, spec) in kinds.iter().enumerate().take(MAX_KINDS).rev() {
            let upper = spec.letter.to_ascii_uppercase();
            if !upper.is_ascii_uppercase() {
                return None;
            }
            lookup[usize::from(upper)] = k as u8 + 1;
            lookup[usize::from(upper.to_ascii_lowercase())] = (k as u8 + 1) | 0x80;
        }
        let (width, height) = (g.width(), g.height());
        let mut board = Board::default();
        let mut rank = height - 1;
        let mut file = 0u8;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            i += 1;
            if c == b'/' {
                if file != width || rank == 0 {
                    return None;
                }
                rank -= 1;
                file = 0;
            } else if c.is_ascii_digit() {
                if c == b'0' {
                    return None;
                }
                let mut run = c - b'0';
                while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                    run = run.checked_mul(10)?.checked_add(d - b'0')?;
                    i += 1;
                }
                file = file.checked_add(run).filter(|&f| f <= width)?;
            } else {
                let code = *lookup.get(usize::from(c))?;
                if code == 0 || file >= width {
                    return None;
                }
                let side = if code & 0x80 == 0 {
                    Side::Red
                } else {
                    Side::Green
                };
                board.toggle(side, Kind((code & 0x7f) - 1), Square(rank * width + file));
                file += 1;
            }
        }
        (rank == 0 && file == width).then_some(board)
    }

    /// The reading of [`Board::parse`], naming the first thing that is wrong.
    fn parse_checked(text: &str, g: Geometry, kinds: &[KindSpec]) -> Result<Board<B>, String> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != usize::from(g.height()) {
            return Err(format!(
                "{} ranks separated by `/`, rank {} first, found {}",
                g.height(),
                g.height(),
                ranks.len()
            ));
        }
        let letters = || -> String {
            kinds
                .iter()
                .map(|k| char::from(k.letter))
                .chain(
                    kinds
                        .iter()
                        .map(|k| char::from(k.letter.to_ascii_lowercase())),
                )
                .collect()
        };
        let mut board = Board::default();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = g.height() - 1 - i as u8;
            let mut file = 0u16;
            let bytes = rank_text.as_bytes();
            let mut at = 0;
            while at < bytes.len() {
                let c = bytes[at];
                if c.is_ascii_digit() {
                    let run = bytes[at..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let n: u16 = rank_text[at..at + run].parse().unwrap_or(u16::MAX);
                    if n == 0 || bytes[at] == b'0' {
                        return Err(format!(
                            "rank {}: a run of empty squares is a number from 1",
                            rank + 1
                        ));
                    }
                    file = file.saturating_add(n);
                    at += run;
                    continue;
                }
                let side = if c.is_ascii_uppercase() {
                    Side::Red
                } else {
                    Side::Green
                };
                let Some(k) = kinds
                    .iter()
                    .position(|k| k.letter == c.to_ascii_uppercase() && c.is_ascii_alphabetic())
                else {
                    return Err(format!(
                        "rank {}: `{}` is no piece; expected one of {} or a number",
                        rank + 1,
                        char::from(c),
                        letters()
                    ));
                };
                if file >= u16::from(g.width()) {
                    return Err(format!(
                        "rank {} has more than {} files",
                        rank + 1,
                        g.width()
                    ));
                }
                board.toggle(side, Kind(k as u8), g.at(file as u8, rank));
                file += 1;
                at += 1;
            }
            if file != u16::from(g.width()) {
                return Err(format!(
                    "rank {} has {file} files, expected {}",
                    rank + 1,
                    g.width()
                ));
            }
        }
        Ok(board)
    }

    /// Writes the board part of a position (see [`Board::parse`]).
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write(&self, g: Geometry, kinds: &[KindSpec], out: &mut dyn fmt::Write) -> fmt::Result {
        // Every piece's letter by square, filled from the bitboards (indexed by a
        // square masked to the 128 a board has at most, so no index is out of
        // range).
        let mut letters = [0u8; 128];
        // The squares given a letter (a square of no kind this game has, or of
        // no side, counts as empty).
        let mut lettered = B::EMPTY;
        for (k, spec) in kinds.iter().enumerate().take(MAX_KINDS) {
            let kind = self.kinds[k];
            lettered |= kind & (self.sides[0] | self.sides[1]);
            (kind & self.sides[Side::Red.index()])
                .each(|sq| letters[sq.index() & 127] = spec.letter);
            (kind & self.sides[Side::Green.index()])
                .each(|sq| letters[sq.index() & 127] = spec.letter.to_ascii_lowercase());
        }
        // The text is built in a buffer and written at once: at most 128 squares
        // and 25 rank separators, so a length kept in a byte indexes the 256
        // bytes with no bounds check. Each rank is walked by its occupied
        // squares, the runs of empty squares between them counted from their
        // files.
        let mut text = [0u8; 256];
        let mut len = 0u8;
        let width = g.width();
        let lettered = lettered.to_bb().0;
        let rank_mask = (1u64 << width) - 1;
        for rank in (0..g.height()).rev() {
            let start = u32::from(rank) * u32::from(width);
            let mut row = (lettered >> start) as u64 & rank_mask;
            let mut file = 0u8;
            while row != 0 {
                let f = row.trailing_zeros() as u8;
                if f > file {
                    len = put_run(&mut text, len, f - file);
                }
                text[usize::from(len)] = letters[(start + u32::from(f)) as usize & 127];
                len += 1;
                row &= row - 1;
                file = f + 1;
            }
            if width > file {
                len = put_run(&mut text, len, width - file);
            }
            if rank > 0 {
                text[usize::from(len)] = b'/';
                len += 1;
            }
        }
        // Only ASCII letters, digits and `/` were written.
        out.write_str(std::str::from_utf8(&text[..usize::from(len)]).map_err(|_| fmt::Error)?)
    }

    fn letter_at(&self, sq: Square, kinds: &[KindSpec]) -> Option<char> {
        let side = self.side_at(sq)?;
        let k = self.kind_at(sq)?;
        let letter = kinds.get(k.index()).map_or(b'?', |k| k.letter);
        Some(char::from(match side {
            Side::Red => letter,
            Side::Green => letter.to_ascii_lowercase(),
        }))
    }

    /// Draws the board, north at the top, ranks numbered on the left and files
    /// lettered below; `*` marks an empty Key position, `.` an empty square.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn render(
        &self,
        g: Geometry,
        kinds: &[KindSpec],
        key: Option<Square>,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let wide = g.height() >= 10;
        for rank in (0..g.height()).rev() {
            if wide {
                write!(out, "{:>2}  ", rank + 1)?;
            } else {
                write!(out, "{}  ", rank + 1)?;
            }
            for file in 0..g.width() {
                let sq = g.at(file, rank);
                let c = match self.letter_at(sq, kinds) {
                    Some(c) => c,
                    None if Some(sq) == key => '*',
                    None => '.',
                };
                out.write_char(c)?;
                if file + 1 < g.width() {
                    out.write_char(' ')?;
                }
            }
            out.write_char('\n')?;
        }
        out.write_str(if wide { "    " } else { "   " })?;
        for file in 0..g.width() {
            out.write_char(char::from(b'A' + file))?;
            if file + 1 < g.width() {
                out.write_char(' ')?;
            }
        }
        out.write_char('\n')
    }
}

/// Puts a run of `n` empty squares (at most 26, one rank) as digits into `text`
/// at `len`; returns the length reached. A run of one digit (every run on a
/// board of at most nine files) is put without a division.
#[inline(always)]
fn put_run(text: &mut [u8; 256], len: u8, n: u8) -> u8 {
    if n < 10 {
        text[usize::from(len)] = b'0' + n;
        len + 1
    } else {
        text[usize::from(len)] = b'0' + n / 10;
        text[usize::from(len + 1)] = b'0' + n % 10;
        len + 2
    }
}

/// `sq` turned north to south: rank `r` becomes rank `height + 1 - r`.
#[must_use]
pub const fn mirror_square(g: Geometry, sq: Square) -> Square {
    let c = g.coord(sq);
    g.at(c.file, g.height() - 1 - c.rank)
}

/// Every square of board `g` turned north to south ([`mirror_square`]), by
/// index, made at compile time; the entries past the board's last square are
/// the squares themselves, and the users take the table only up to the last
/// square (`[..g.len()]`), so that a square off the board is turned the
/// general way.
#[must_use]
pub const fn mirrored_squares(g: Geometry) -> [Square; 128] {
    let mut t = [Square(0); 128];
    let mut i = 0;
    while i < 128 {
        t[i] = if i < g.len() {
            mirror_square(g, Square(i as u8))
        } else {
            Square(i as u8)
        };
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::super::Movement;
    use super::*;

    const KINDS: [KindSpec; 2] = [
        KindSpec {
            names: ["Longbowman", "King's Sheriff"],
            letter: b'K',
            movement: Movement::KingsLancer,
            takes_key: true,
        },
        KindSpec {
            names: ["Staffman", "Tax Collector"],
            letter: b'N',
            movement: Movement::Knight,
            takes_key: true,
        },
    ];
    const G5: Geometry = Geometry::new(5, 5);

    #[test]
    fn text_round_trips_and_errors_name_what_was_expected() {
        let text = "n1k1n/5/5/5/N1K1N";
        let b: Board<u64> = Board::parse(text, G5, &KINDS).unwrap();
        let mut s = String::new();
        b.write(G5, &KINDS, &mut s).unwrap();
        assert_eq!(s, text);
        assert_eq!(b.side(Side::Green).count(), 3);
        assert_eq!(b.kind_at(G5.at(2, 0)), Some(Kind(0)));
        assert!(b.check(G5, 2).is_ok());
        for (bad, says) in [
            ("n1k1n/5/5/5", "5 ranks"),
            ("n1k1n/5/5/5/N1K1NN", "more than 5 files"),
            ("n1k1n/5/5/5/N1K1", "has 4 files"),
            ("n1q1n/5/5/5/N1K1N", "`q` is no piece"),
            ("n1k1n/5/5/05/N1K1N", "number from 1"),
            ("n1k1n/5/5/99999999999999/N1K1N", "files, expected 5"),
        ] {
            let e = Board::<u64>::parse(bad, G5, &KINDS).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// The board text square by square: a letter where a kind of the game and a
    /// side meet (Green's over Red's, the later kind over the earlier), else an
    /// empty square.
    fn reference_text<B: Bits>(b: &Board<B>, g: Geometry, kinds: &[KindSpec]) -> String {
        let mut out = String::new();
        for rank in (0..g.height()).rev() {
            let mut empty = 0;
            for file in 0..g.width() {
                let sq = g.at(file, rank);
                let mut letter = None;
                for (k, spec) in kinds.iter().enumerate().take(MAX_KINDS) {
                    if b.kinds[k].has(sq) && b.sides[1].has(sq) {
                        letter = Some(char::from(spec.letter));
                    }
                    if b.kinds[k].has(sq) && b.sides[0].has(sq) {
                        letter = Some(char::from(spec.letter.to_ascii_lowercase()));
                    }
                }
                match letter {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    #[test]
    fn the_writer_agrees_with_a_square_by_square_one() {
        let mut seed = 7u64;
        let mut next = || {
            seed = zobrist::splitmix64(seed);
            seed
        };
        for round in 0..400 {
            // Sparse and crowded boards, and from round 300 on inconsistent ones:
            // a kind the game does not have, a square of a kind and no side.
            let density = [3, 1, 0][round % 3];
            let mut words = [0u128; MAX_KINDS + 2];
            for w in &mut words {
                let mut x = u128::from(next()) << 64 | u128::from(next());
                for _ in 0..density {
                    x &= u128::from(next()) << 64 | u128::from(next());
                }
                *w = x;
            }
            let (kinds, sides) = words.split_at(MAX_KINDS);
            let mut b = Board::<u128> {
                kinds: kinds.try_into().unwrap(),
                sides: sides.try_into().unwrap(),
            };
            if round < 300 {
                // Consistent: each square of one kind at most, of the side its
                // first side word gives.
                let mut taken = 0;
                for k in &mut b.kinds {
                    *k &= !taken;
                    taken |= *k;
                }
                b.sides = [taken & b.sides[0], taken & !b.sides[0]];
            }
            for g in [Geometry::new(11, 11), Geometry::new(9, 9), G5] {
                let mask = g.all().0;
                let on = Board::<u128> {
                    kinds: b.kinds.map(|k| k & mask),
                    sides: b.sides.map(|s| s & mask),
                };
                let mut s = String::new();
                on.write(g, &KINDS, &mut s).unwrap();
                assert_eq!(s, reference_text(&on, g, &KINDS), "round {round}");
                if g.len() <= 64 {
                    let narrow = Board::<u64> {
                        kinds: on.kinds.map(|k| k as u64),
                        sides: on.sides.map(|s| s as u64),
                    };
                    let mut s64 = String::new();
                    narrow.write(g, &KINDS, &mut s64).unwrap();
                    assert_eq!(s64, s, "round {round}");
                }
            }
        }
    }

    #[test]
    fn the_one_pass_reading_agrees_with_the_full_one() {
        let g11 = Geometry::new(11, 11);
        for (text, g) in [
            ("n1k1n/5/5/5/N1K1N", G5),
            ("5/5/2K2/5/5", G5),
            ("kKnNk/NnKkN/5/4n/n4", G5),
            ("11/11/11/11/11/5K5/11/11/11/11/11", g11),
            ("k10/11/11/11/11/11/11/11/11/11/10N", g11),
        ] {
            let plain = Board::<u128>::parse_plain(text.as_bytes(), g, &KINDS);
            assert_eq!(plain, Board::parse_checked(text, g, &KINDS).ok(), "{text}");
            assert!(plain.is_some(), "{text}");
        }
        // Whatever is wrong goes to the full reading, which explains it.
        for bad in [
            "n1k1n/5/5/5",
            "n1k1n/5/5/5/N1K1NN",
            "n1k1n/5/5/5/N1K1",
            "n1q1n/5/5/5/N1K1N",
            "n1k1n/5/5/05/N1K1N",
            "n1k1n/5/5/99999999999999/N1K1N",
            "n1k1n/5/5/5/N1K1N/",
            "/n1k1n/5/5/5/N1K1N",
            "n1k1n/5/5/32/N1K1N",
            "n1k1n/5/5/5/N1K1N ",
            "n1k1n//5/5/5/N1K1N",
        ] {
            assert_eq!(
                Board::<u64>::parse_plain(bad.as_bytes(), G5, &KINDS),
                None,
                "{bad}"
            );
            assert!(Board::<u64>::parse(bad, G5, &KINDS).is_err(), "{bad}");
        }
    }

    #[test]
    fn eleven_files_use_two_digit_runs() {
        let g = Geometry::new(11, 11);
        let text = "11/11/11/11/11/5K5/11/11/11/11/11";
        let b: Board<u128> = Board::parse(text, g, &KINDS).unwrap();
        let mut s = String::new();
        b.write(g, &KINDS, &mut s).unwrap();
        assert_eq!(s, text);
    }

    #[test]
    fn mirroring_swaps_sides_and_ranks() {
        let b: Board<u64> = Board::parse("5/n4/5/5/2K2", G5, &KINDS).unwrap();
        let table = mirrored_squares(G5);
        let m = b.mirrored(G5, &table[..G5.len()]);
        let mut s = String::new();
        m.write(G5, &KINDS, &mut s).unwrap();
        assert_eq!(s, "2k2/5/5/N4/5");
        assert_eq!(m.mirrored(G5, &table[..G5.len()]), b);
        // Without the table, the squares turned the general way.
        assert_eq!(b.mirrored(G5, &[]), m);
        assert_ne!(m.hash(2), b.hash(2));
    }

    #[test]
    fn the_mirrored_squares_table_is_mirror_square() {
        for g in [
            G5,
            Geometry::new(11, 11),
            Geometry::new(7, 7),
            Geometry::new(3, 9),
        ] {
            let table = mirrored_squares(g);
            for i in 0..128u8 {
                let expected = if usize::from(i) < g.len() {
                    mirror_square(g, Square(i))
                } else {
                    Square(i)
                };
                assert_eq!(table[usize::from(i)], expected);
            }
        }
    }
}
