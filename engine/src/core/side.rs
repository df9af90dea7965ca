//! The two players.

use std::fmt;
use std::str::FromStr;

/// One of the two players of a two-sided game.
///
/// The seeds put Green in the North and Red in the South in every Jewel facet
/// (seed 002, "The Players are called The Green TimeLord who plays the North sides
/// throughout the series and The Red TimeLord who plays the South sides"). Games
/// whose seeds name the sides otherwise (Dragon's Forest and Storm) map their
/// northern side to [`Side::Green`] and give their own names through
/// [`Game::side_name`](crate::core::Game::side_name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The northern side: it advances towards rank 1.
    Green,
    /// The southern side: it advances towards the highest rank.
    Red,
}

impl Side {
    /// Both sides, Green first.
    pub const ALL: [Side; 2] = [Side::Green, Side::Red];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Green => Side::Red,
            Side::Red => Side::Green,
        }
    }

    /// 0 for Green, 1 for Red: the index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::Green => 0,
            Side::Red => 1,
        }
    }

    /// The lower-case name used in notation, exports and scenario files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Green => "green",
            Side::Red => "red",
        }
    }

    /// The rank step of this side's "forward": -1 for Green (North), +1 for Red (South).
    #[must_use]
    pub const fn forward(self) -> i8 {
        match self {
            Side::Green => -1,
            Side::Red => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a side name (`green` or `red`, any case).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a side (`green` or `red`), found `{}`", super::Quoted(.0))]
pub struct SideError(pub String);

impl FromStr for Side {
    type Err = SideError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The names as every export writes them, compared at once; any other
        // case below.
        match s {
            "green" => return Ok(Side::Green),
            "red" => return Ok(Side::Red),
            _ => {}
        }
        if s.eq_ignore_ascii_case("green") {
            Ok(Side::Green)
        } else if s.eq_ignore_ascii_case("red") {
            Ok(Side::Red)
        } else {
            Err(SideError(s.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::ALL {
            assert_ne!(side, side.opponent());
            assert_eq!(side, side.opponent().opponent());
        }
    }

    #[test]
    fn names_round_trip() {
        for side in Side::ALL {
            assert_eq!(side.name().parse::<Side>(), Ok(side));
            assert_eq!(side.name().to_uppercase().parse::<Side>(), Ok(side));
        }
        assert!("blue".parse::<Side>().is_err());
    }
}
