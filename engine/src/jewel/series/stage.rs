//! Where the Jewel Series stands ([`Stage`]: the Facet being played, with its
//! state) and the take-back of the Alternate bonus for winning Crystal of Doom
//! (seed 002, Further Notes 3).

use crate::jewel::ambush::Ambush;
use crate::jewel::crystal::Crystal;
use crate::jewel::duel::Duel;
use crate::jewel::keysquare::JewelAction;
use crate::jewel::northern_light::series::NorthernLight;
use crate::jewel::race::Race;
use crate::jewel::star_lords::StarLords;

use super::score::Facet;

/// Where the series stands.
#[derive(Debug, PartialEq)]
pub enum Stage {
    /// A player states his bonus (the first side whose bonus is not yet known).
    Bonus,
    /// Facet 1.
    Duel(Duel),
    /// Facet 2.
    Ambush(Ambush),
    /// Facet 3, its Hunts as needed.
    NorthernLight(NorthernLight),
    /// Facet 4 at its set-up: the player who is down chooses his Adjacent.
    AdjacentDown(Crystal),
    /// Facet 4.
    Crystal(Crystal),
    /// Facet 5.
    StarLords(StarLords),
    /// Facet 5 ended by the opponent of the take-back's holder, who may take back
    /// or accept (ruling [`TAKE_BACK_AT_END`](super::TAKE_BACK_AT_END)).
    TakeBackOffer(StarLords),
    /// The tie-break.
    Race(Race),
    /// The series is over.
    Over,
}

impl Clone for Stage {
    fn clone(&self) -> Self {
        match self {
            Stage::Bonus => Stage::Bonus,
            Stage::Duel(g) => Stage::Duel(g.clone()),
            Stage::Ambush(g) => Stage::Ambush(g.clone()),
            Stage::NorthernLight(g) => Stage::NorthernLight(g.clone()),
            Stage::AdjacentDown(g) => Stage::AdjacentDown(g.clone()),
            Stage::Crystal(g) => Stage::Crystal(g.clone()),
            Stage::StarLords(g) => Stage::StarLords(g.clone()),
            Stage::TakeBackOffer(g) => Stage::TakeBackOffer(g.clone()),
            Stage::Race(g) => Stage::Race(*g),
            Stage::Over => Stage::Over,
        }
    }

    /// Reuses the Facet's buffers when both are the same stage, so a search copying
    /// states does not allocate.
    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (Stage::Duel(a), Stage::Duel(b)) => a.clone_from(b),
            (Stage::Ambush(a), Stage::Ambush(b)) => a.clone_from(b),
            (Stage::NorthernLight(a), Stage::NorthernLight(b)) => a.clone_from(b),
            (Stage::AdjacentDown(a), Stage::AdjacentDown(b))
            | (Stage::Crystal(a), Stage::Crystal(b)) => a.clone_from(b),
            (Stage::StarLords(a), Stage::StarLords(b))
            | (Stage::TakeBackOffer(a), Stage::TakeBackOffer(b)) => a.clone_from(b),
            (me, other) => *me = other.clone(),
        }
    }
}

impl Stage {
    /// The stage's name in positions.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Stage::Bonus => "bonus-statement",
            Stage::Duel(_) => "duel",
            Stage::Ambush(_) => "ambush",
            Stage::NorthernLight(_) => "northern-light",
            Stage::AdjacentDown(_) => "adjacent-down",
            Stage::Crystal(_) => "crystal",
            Stage::StarLords(_) => "star-lords",
            Stage::TakeBackOffer(_) => "take-back-offer",
            Stage::Race(_) => "race",
            Stage::Over => "over",
        }
    }

    /// The Facet being played (the one about to begin at its set-up).
    #[must_use]
    pub const fn facet(&self) -> Option<Facet> {
        match self {
            Stage::Bonus | Stage::Over => None,
            Stage::Duel(_) => Some(Facet::Duel),
            Stage::Ambush(_) => Some(Facet::Ambush),
            Stage::NorthernLight(_) => Some(Facet::NorthernLight),
            Stage::AdjacentDown(_) | Stage::Crystal(_) => Some(Facet::Crystal),
            Stage::StarLords(_) | Stage::TakeBackOffer(_) => Some(Facet::StarLords),
            Stage::Race(_) => Some(Facet::Race),
        }
    }

    pub(super) const fn index(&self) -> usize {
        match self {
            Stage::Bonus => 0,
            Stage::Duel(_) => 1,
            Stage::Ambush(_) => 2,
            Stage::NorthernLight(_) => 3,
            Stage::AdjacentDown(_) => 4,
            Stage::Crystal(_) => 5,
            Stage::StarLords(_) => 6,
            Stage::TakeBackOffer(_) => 7,
            Stage::Race(_) => 8,
            Stage::Over => 9,
        }
    }
}

/// The take-back of the Alternate bonus for winning Crystal of Doom, in
/// Star-Lords (seed 002, Further Notes 3: "the Player with the bonus may, before
/// completing a move, take back his previous move and his opponents last move and
/// replay his previous move").
#[derive(Debug, Default)]
pub(crate) struct TakeBack {
    /// The take-back has been made ("once during the game").
    pub(super) used: bool,
    /// `store` holds Star-Lords as it stood before the holder's last move.
    pub(super) armed: bool,
    /// The buffer of that position, kept when disarmed so that arming again does
    /// not allocate.
    pub(super) store: Option<StarLords>,
    /// The holder's last move (meaningful when armed).
    pub(super) own_move: Option<JewelAction>,
    /// Moves of the opponent since the holder's last move (0 or 1 when armed).
    pub(super) replies: u8,
    /// Under the reading `same-move`: after the take-back, the move the holder must
    /// replay.
    pub(super) replay: Option<JewelAction>,
}

impl Clone for TakeBack {
    fn clone(&self) -> Self {
        TakeBack {
            used: self.used,
            armed: self.armed,
            store: self.store.clone(),
            own_move: self.own_move,
            replies: self.replies,
            replay: self.replay,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.used = source.used;
        self.armed = source.armed;
        match (&mut self.store, &source.store) {
            (Some(a), Some(b)) => a.clone_from(b),
            (a, b) => a.clone_from(b),
        }
        self.own_move = source.own_move;
        self.replies = source.replies;
        self.replay = source.replay;
    }
}

impl PartialEq for TakeBack {
    /// The stored position counts only while armed.
    fn eq(&self, other: &Self) -> bool {
        self.used == other.used
            && self.armed == other.armed
            && self.replay == other.replay
            && (!self.armed
                || (self.replies == other.replies
                    && self.own_move == other.own_move
                    && self.store == other.store))
    }
}

impl TakeBack {
    /// The position before the holder's last move, while it may be restored.
    pub(crate) fn before(&self) -> Option<&StarLords> {
        if self.armed {
            self.store.as_ref()
        } else {
            None
        }
    }

    pub(super) fn disarm(&mut self) {
        self.armed = false;
        self.own_move = None;
        self.replies = 0;
    }
}
