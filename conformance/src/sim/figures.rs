//! A game's own statistics in a simulation's report: the figures of the
//! engine's [`GameStats`](tigerseye_engine::core::GameStats) hook, as
//! `summary.json` keeps them (mergeable, so shard reports merge), and the
//! game's tables made from them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tigerseye_engine::core::{Figure, Figures, GameStats, StatsTable};
use tigerseye_engine::{Game, GameId, GameVisitor};

/// One figure as JSON: a count is a number, a maximum `{"most": N, "at": TEXT}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FigureValue {
    /// A count, summed over games.
    Count(u64),
    /// The largest value seen and where.
    Most {
        /// The value.
        most: u64,
        /// Where it was reached (a position's text, or empty).
        at: String,
    },
}

/// A game's statistics of a run, by figure name (empty for a game that keeps
/// none; then `summary.json` leaves the field out).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameFigures(pub BTreeMap<String, FigureValue>);

impl GameFigures {
    /// Whether there is no figure.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The engine's figures.
    #[must_use]
    pub fn to_figures(&self) -> Figures {
        Figures(
            self.0
                .iter()
                .map(|(k, v)| {
                    let f = match v {
                        FigureValue::Count(n) => Figure::Count(*n),
                        FigureValue::Most { most, at } => Figure::Most {
                            value: *most,
                            at: at.clone(),
                        },
                    };
                    (k.clone(), f)
                })
                .collect(),
        )
    }

    /// The figures of several shards of a run, merged.
    #[must_use]
    pub fn merged<'a>(parts: impl IntoIterator<Item = &'a GameFigures>) -> GameFigures {
        let mut all = Figures::default();
        for p in parts {
            all.merge(&p.to_figures());
        }
        GameFigures::from(&all)
    }

    /// The tables `game` makes of these figures (none when there is no figure).
    #[must_use]
    pub fn tables(&self, game: GameId) -> Vec<StatsTable> {
        struct Tables<'a>(&'a Figures);
        impl GameVisitor for Tables<'_> {
            type Output = Vec<StatsTable>;
            fn visit<G: Game>(self) -> Vec<StatsTable> {
                <G::Stats as GameStats<G>>::tables(self.0)
            }
        }
        if self.is_empty() {
            return Vec::new();
        }
        game.visit(Tables(&self.to_figures()))
    }
}

impl From<&Figures> for GameFigures {
    fn from(f: &Figures) -> GameFigures {
        GameFigures(
            f.0.iter()
                .map(|(k, v)| {
                    let v = match v {
                        Figure::Count(n) => FigureValue::Count(*n),
                        Figure::Most { value, at } => FigureValue::Most {
                            most: *value,
                            at: at.clone(),
                        },
                    };
                    (k.clone(), v)
                })
                .collect(),
        )
    }
}
