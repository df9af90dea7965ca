//! Coordinates as the seeds write them: files `A..` from the west, ranks `1..` from
//! the south, so `C1` is the third file of the southernmost rank.

use std::fmt;
use std::str::FromStr;

/// A file and rank on a rectangular board, both counted from 0.
///
/// `Coord { file: 2, rank: 0 }` is the seeds' `C1`. A `Coord` knows nothing of the
/// board's size; [`Geometry::square`](crate::core::Geometry::square) checks that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0 for file A (the west edge), up to 25 for file Z.
    pub file: u8,
    /// 0 for rank 1 (the south edge).
    pub rank: u8,
}

impl Coord {
    /// The coordinate of 0-based `file` and `rank`.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }
}

impl fmt::Display for Coord {
    /// Writes the seeds' form: an upper-case file letter and a 1-based rank, `C1`, `K11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.file),
            u32::from(self.rank) + 1
        )
    }
}

/// Why a text is not a coordinate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// Not a file letter followed by a rank number.
    #[error("expected a square such as `C1` (a file letter A-Z and a rank from 1), found `{0}`")]
    Malformed(String),
    /// Well formed, but off this board.
    #[error(
        "square `{text}` is off the {width}x{height} board (files A-{last_file}, ranks 1-{height})"
    )]
    OffBoard {
        /// The text as given.
        text: String,
        /// Board width in files.
        width: u8,
        /// Board height in ranks.
        height: u8,
        /// The letter of the last file.
        last_file: char,
    },
}

impl FromStr for Coord {
    type Err = CoordError;

    /// Parses `C1`, `c1` or `K11`: one letter (any case) and a rank from 1 to 99.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || CoordError::Malformed(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(malformed)?;
        if !letter.is_ascii_alphabetic() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let rank: u8 = digits.parse().map_err(|_| malformed())?;
        if rank == 0 || digits.starts_with('0') {
            return Err(malformed());
        }
        let file = letter.to_ascii_uppercase() as u8 - b'A';
        Ok(Coord {
            file,
            rank: rank - 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_form_round_trips() {
        for text in ["A1", "C1", "B2", "K11", "I15", "N10"] {
            let c: Coord = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert_eq!("c1".parse::<Coord>(), Ok(Coord::new(2, 0)));
        assert_eq!("K11".parse::<Coord>(), Ok(Coord::new(10, 10)));
    }

    #[test]
    fn malformed_text_is_an_error() {
        for text in ["", "1A", "A", "A0", "A01", "A100", "AA1", "A1x", "é1", "-1"] {
            assert!(text.parse::<Coord>().is_err(), "{text:?} parsed");
        }
    }
}
