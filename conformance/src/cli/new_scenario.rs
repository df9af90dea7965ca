//! `tigerseye new-scenario`: a skeleton scenario file to fill in, for a game's
//! ruling or seed clause, or with a clock ruling a clock scenario's.

use tigerseye_conformance::clauses::{self, Clause, SeedIndex};
use tigerseye_conformance::{clock_scenario, corpus};
use tigerseye_engine::core::quoted;
use tigerseye_engine::rulings::Ruling;
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor};

use super::flags;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game (not needed for a clock ruling, nor for a clause whose
    /// index names its game).
    #[arg(long, required_unless_present_any = ["ruling", "clause"], value_parser = flags::parse_game)]
    game: Option<GameId>,
    /// The ruling the scenario exercises.
    #[arg(long)]
    ruling: Option<String>,
    /// The seed clause the scenario tests (an id of scenarios/clauses/):
    /// the skeleton quotes it and cites it.
    #[arg(long)]
    clause: Option<String>,
}

/// The skeleton to print: a clock scenario's for a clock ruling, else a
/// game's, for one of its rulings or a seed clause.
pub(crate) enum Config {
    /// A clock scenario, and the `--game` it does not use (said, not
    /// silently dropped).
    Clock {
        ruling: &'static Ruling,
        unused_game: Option<GameId>,
    },
    /// A game's scenario: the ruling is the game's, the clause exists.
    Game {
        game: GameId,
        ruling: Option<String>,
        clause: Option<Box<(SeedIndex, Clause)>>,
    },
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let clause = match &self.clause {
            Some(id) => Some(Box::new(clauses::find(&corpus::root(None), id)?)),
            None => None,
        };
        let game = self.game.or_else(|| {
            clause
                .as_deref()
                .and_then(|(_, c)| c.game.as_deref()?.parse().ok())
        });
        if let (Some((_, c)), None, None) = (clause.as_deref(), game, &self.ruling) {
            anyhow::bail!(
                "`--game` is needed: clause `{}` names no registered game",
                c.id
            );
        }
        let clock_ids = clock_scenario::clock_ruling_ids().join(", ");
        if let Some(r) = tigerseye_engine::core::clocks::RULINGS
            .iter()
            .find(|r| Some(r.id) == self.ruling.as_deref())
        {
            return Ok(Config::Clock {
                ruling: r,
                unused_game: game,
            });
        }
        if let Some(id) = self
            .ruling
            .as_deref()
            .filter(|id| id.starts_with("clocks."))
        {
            anyhow::bail!(
                "unknown clock ruling `{}`: the clock rulings are {clock_ids}",
                quoted(id)
            );
        }
        let Some(game) = game else {
            anyhow::bail!(
                "`--game` is needed: `{}` is no clock ruling (those are {clock_ids}), and a game's scenario goes under its game's folder",
                quoted(self.ruling.as_deref().unwrap_or_default())
            );
        };
        if let Some(id) = &self.ruling {
            ensure_ruling_of(game, id)?;
        }
        Ok(Config::Game {
            game,
            ruling: self.ruling,
            clause,
        })
    }
}

/// Refuses a ruling that is not `game`'s, naming whose it is and `game`'s.
fn ensure_ruling_of(game: GameId, id: &str) -> anyhow::Result<()> {
    let all = tigerseye_engine::rulings::all();
    let owner = all.iter().find(|(_, r)| r.id == id).map(|(g, _)| *g);
    if owner != Some(game) {
        let ours: Vec<&str> = all
            .iter()
            .filter(|(g, _)| *g == game)
            .map(|(_, r)| r.id)
            .collect();
        anyhow::bail!(
            "`{}` is {}; {game}'s rulings are {}",
            quoted(id),
            owner.map_or_else(|| "no ruling".to_owned(), |g| format!("a ruling of {g}")),
            if ours.is_empty() {
                "none".to_owned()
            } else {
                ours.join(", ")
            }
        );
    }
    Ok(())
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    match config {
        Config::Clock {
            ruling,
            unused_game,
        } => {
            if let Some(g) = unused_game {
                eprintln!(
                    "note: a clock scenario belongs to no game (it goes under scenarios/clocks/): `--game {g}` is not used"
                );
            }
            print!("{}", clock_scenario::template(ruling));
        }
        Config::Game {
            game,
            ruling,
            clause,
        } => {
            let skeleton = game.visit(Skeleton { ruling });
            match clause.as_deref() {
                Some((seed, c)) => print!("{}", clauses::skeleton(&skeleton, seed, c)),
                None => print!("{skeleton}"),
            }
        }
    }
    Ok(true)
}

/// A game's skeleton: its start's legal actions and its options, to fill in.
struct Skeleton {
    ruling: Option<String>,
}

impl GameVisitor for Skeleton {
    type Output = String;

    fn visit<G: Game>(self) -> String {
        let start = G::new(&Default::default());
        let mut legal = G::Actions::default();
        start.legal_actions(&mut legal);
        let mut texts: Vec<String> = legal
            .iter()
            .map(|&a| format!("{:?}", start.action_text(a)))
            .collect();
        texts.sort();
        let options: Vec<String> = <G::Options as GameOptions>::SPECS
            .iter()
            .map(|s| {
                format!(
                    "# {} = {:?}   # {} (values: {})",
                    s.key,
                    s.values[0],
                    s.doc,
                    s.values.join(", ")
                )
            })
            .collect();
        format!(
            "title = \"What this example shows, in one line\"\ngame = \"{}\"\nsource = \"{}, <section>: \\\"<the seed's words>\\\"\"\nrulings = [{}]\n# status = \"disputed\"\n# reason = \"why the seed's example cannot hold under the ruling\"\ntags = []\n\n[options]\n{}\n\n# position = \"{}\"\n\n[[step]]\nnote = \"the start\"\nlegal = [{}]\n\n[[step]]\nplay = {}\n# events = []\n# outcome = {{ winner = \"none\", rule = \"...\" }}\n",
            G::NAME,
            G::SOURCE,
            self.ruling.map(|r| format!("{r:?}")).unwrap_or_default(),
            options.join("\n"),
            start.export_string(),
            texts.join(", "),
            texts.first().cloned().unwrap_or_else(|| "\"...\"".into()),
        )
    }
}
