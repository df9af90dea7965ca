//! The registry of games: one line per game.
//!
//! Adding a game adds one line to the `registry!` invocation below; the enum, its
//! names and the dispatch to generic code are generated from it, and every
//! `match` on [`GameId`] is exhaustive, so the compiler lists anything else to do.

use std::fmt;
use std::str::FromStr;

use crate::core::clocks::{ControlError, TimeControl};
use crate::core::{Game, RuleId, Ruling, Side};

/// Generic code to run for one game, chosen at run time by [`GameId::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the generic code for game `G`.
    fn visit<G: Game>(self) -> Self::Output;
}

macro_rules! registry {
    ($($variant:ident => $name:literal, $ty:ty;)*) => {
        /// Every game the engine implements.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $(
                #[doc = concat!("`", $name, "`: [`", stringify!($ty), "`].")]
                $variant,
            )*
        }

        impl GameId {
            /// Every registered game, in registry order.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant),*];

            /// The game's short name, used on the command line and in scenario files.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameId::$variant => $name,)*
                }
            }

            /// Runs `visitor` with the game's type.
            pub fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameId::$variant => visitor.visit::<$ty>(),)*
                }
            }
        }
    };
}

registry! {
    Duel => "duel", crate::jewel::duel::Duel;
    Ambush => "ambush", crate::jewel::ambush::Ambush;
    DiamondQi => "diamond-qi", crate::jewel::northern_light::qi::DiamondQi;
    DiamondQuest => "diamond-quest", crate::jewel::northern_light::hunt::DiamondQuest;
    DiamondChess => "diamond-chess", crate::jewel::northern_light::hunt::DiamondChess;
    NorthernLight => "northern-light", crate::jewel::northern_light::series::NorthernLight;
    Crystal => "crystal", crate::jewel::crystal::Crystal;
    StarLords => "star-lords", crate::jewel::star_lords::StarLords;
    Race => "race", crate::jewel::race::Race;
    JewelSeries => "jewel-series", crate::jewel::series::JewelSeries;
    Dragon => "dragon", crate::dragon::Dragon;
    FieldManual => "field-manual", crate::field_manual::FieldManual;
    TheGame => "the-game", crate::the_game::TheGame;
}

/// A game's static description, read through [`GameId::visit`].
struct Meta;

struct MetaData {
    title: &'static str,
    source: &'static str,
    rulings: &'static [Ruling],
    rules: &'static [RuleId],
    events: &'static [&'static str],
    side_names: [&'static str; 2],
    clocks: &'static [(&'static str, TimeControl)],
}

impl GameVisitor for Meta {
    type Output = MetaData;
    fn visit<G: Game>(self) -> MetaData {
        MetaData {
            title: G::TITLE,
            source: G::SOURCE,
            rulings: G::RULINGS,
            rules: G::RULES,
            events: G::EVENTS,
            side_names: [G::side_name(Side::Green), G::side_name(Side::Red)],
            clocks: G::CLOCKS,
        }
    }
}

impl GameId {
    /// The game's full name as the seed gives it, such as "Duel in the Castle".
    #[must_use]
    pub fn title(self) -> &'static str {
        self.visit(Meta).title
    }

    /// The seed file and section the game's rules come from.
    #[must_use]
    pub fn source(self) -> &'static str {
        self.visit(Meta).source
    }

    /// The named rulings this game makes where its seed is silent or ambiguous.
    #[must_use]
    pub fn rulings(self) -> &'static [Ruling] {
        self.visit(Meta).rulings
    }

    /// Every deciding rule an outcome of this game can carry.
    #[must_use]
    pub fn rules(self) -> &'static [RuleId] {
        self.visit(Meta).rules
    }

    /// Every rule-event tag this game can emit.
    #[must_use]
    pub fn events(self) -> &'static [&'static str] {
        self.visit(Meta).events
    }

    /// The seed's names for the two sides, `[green, red]`
    /// ([`Game::side_name`]): `["forest", "storm"]` for Dragon.
    #[must_use]
    pub fn side_names(self) -> [&'static str; 2] {
        self.visit(Meta).side_names
    }

    /// The time controls the game's seed states, by preset name
    /// ([`Game::CLOCKS`]).
    #[must_use]
    pub fn clocks(self) -> &'static [(&'static str, TimeControl)] {
        self.visit(Meta).clocks
    }

    /// The registered id of the game type `G`: the entry whose name is
    /// [`Game::NAME`], or `None` for a type the registry does not list.
    #[must_use]
    pub fn of<G: Game>() -> Option<GameId> {
        GameId::ALL.iter().copied().find(|g| g.name() == G::NAME)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is no registered game's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{}`; expected one of {known}", crate::core::Quoted(.given))]
pub struct UnknownGame {
    /// The name as given.
    pub given: String,
    /// The registered names, comma-separated.
    pub known: String,
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGame {
                given: s.to_owned(),
                known: GameId::ALL
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Every game's time controls ([`GameId::clocks`]), in registry order, a name
/// that several games declare (`tigerclocks` for Crystal of Doom and Star-Lords)
/// listed once: the presets a clock scenario names.
#[must_use]
pub fn clock_presets() -> Vec<(&'static str, TimeControl)> {
    let mut presets: Vec<(&'static str, TimeControl)> = Vec::new();
    for &(name, control) in GameId::ALL.iter().flat_map(|g| g.clocks()) {
        if !presets.iter().any(|&(n, _)| n == name) {
            presets.push((name, control));
        }
    }
    presets
}

/// The preset called `name` ([`clock_presets`]).
///
/// # Errors
///
/// [`ControlError::UnknownPreset`], listing the names.
pub fn clock_preset(name: &str) -> Result<TimeControl, ControlError> {
    let presets = clock_presets();
    presets
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, c)| c)
        .ok_or_else(|| ControlError::UnknownPreset {
            given: name.to_owned(),
            known: presets.iter().map(|(n, _)| *n).collect(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clocks::Millis;

    #[test]
    fn names_round_trip_and_ids_agree() {
        struct Name;
        impl GameVisitor for Name {
            type Output = (&'static str, Option<GameId>);
            fn visit<G: Game>(self) -> Self::Output {
                (G::NAME, GameId::of::<G>())
            }
        }
        for &g in GameId::ALL {
            assert_eq!(g.name().parse::<GameId>(), Ok(g));
            assert_eq!(
                g.visit(Name),
                (g.name(), Some(g)),
                "{g}: the registry line and Game::NAME disagree"
            );
            assert!(!g.title().is_empty());
        }
        assert!("chess".parse::<GameId>().is_err());
    }

    #[test]
    fn clock_presets_are_the_games_and_a_shared_name_is_one_control() {
        for &g in GameId::ALL {
            for &(name, control) in g.clocks() {
                assert_eq!(clock_preset(name), Ok(control), "{g}: preset {name}");
            }
        }
        let names: Vec<&str> = clock_presets().iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                "duel-5",
                "duel-10",
                "ambush",
                "diamond-qi",
                "diamond-quest",
                "diamond-chess",
                "tigerclocks",
                "race",
                "dragon-example"
            ]
        );
        // Each starts at the seed's time.
        let initial = |name| clock_preset(name).map(TimeControl::initial);
        assert_eq!(initial("duel-10"), Ok(Millis::mins(10)));
        assert_eq!(initial("ambush"), Ok(Millis::mins(30)));
        assert_eq!(initial("diamond-qi"), Ok(Millis::mins(60)));
        assert_eq!(initial("tigerclocks"), Ok(Millis::mins(120)));
        assert_eq!(initial("race"), Ok(Millis::mins(30)));
        assert_eq!(initial("dragon-example"), Ok(Millis::mins(100)));
        assert!(matches!(
            clock_preset("blitz"),
            Err(ControlError::UnknownPreset { .. })
        ));
    }
}
