//! `tigerseye replay`: one simulated game again, from its run's seed and its
//! index, with every check on every step.

use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::sim::{self, GameEnd, SimConfig, Start, Starts};
use tigerseye_engine::GameId;

use super::flags;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game.
    #[arg(long, value_parser = flags::parse_game)]
    game: GameId,
    /// The run's master seed.
    #[arg(long, value_parser = flags::parse_seed)]
    seed: u64,
    /// The game's index in the run.
    #[arg(long, value_parser = flags::parse_index)]
    index: u64,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", value_parser = flags::parse_option)]
    options: Vec<(String, String)>,
    /// The run's policy (`random`, `greedy`, `mcts:N`).
    #[arg(long, default_value = "random", value_parser = flags::parse_policy)]
    policy: Policy,
    /// Ply cap, 1 or more, as in the run.
    #[arg(long, default_value_t = sim::DEFAULT_MAX_PLIES, value_parser = flags::parse_max_plies)]
    max_plies: u32,
    /// The position (or save: a position and the actions since, each after
    /// `; `) the game started from, for a game of `sim --from-corpus` or the
    /// nightly job that did not start at the standard start.
    #[arg(long)]
    position: Option<String>,
    /// Where that position was found (a scenario file and step, a perft
    /// table), printed with the game.
    #[arg(long, requires = "position")]
    from: Option<String>,
}

/// The game to replay: its run, and its index in it.
pub(crate) struct Config {
    run: SimConfig,
    index: u64,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        // The run the game belongs to: games 0 to `index` (the last index
        // there is, u64::MAX, is a game of a run of u64::MAX games).
        let mut run = SimConfig::new(self.game, self.index.saturating_add(1));
        run.master_seed = self.seed;
        run.options = self.options;
        run.max_plies = self.max_plies;
        run.policy = self.policy;
        if let Some(save) = self.position {
            run.starts = Starts {
                list: [Start {
                    from: self.from.unwrap_or_else(|| "--position".to_owned()),
                    options: run.options.clone(),
                    save,
                }]
                .into(),
                with_standard: false,
            };
        }
        Ok(Config {
            run,
            index: self.index,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let Config { run, index } = config;
    let (end, actions, board, save) = sim::replay(&run, index)?;
    println!(
        "game {index} of seed {}: game seed {:#x}",
        run.master_seed,
        sim::game_seed(run.master_seed, index)
    );
    if let Some(start) = run.starts.of(index) {
        println!("started from {}: {}", start.from, start.save);
    }
    for (i, a) in actions.iter().enumerate() {
        println!("{:>5}. {a}", i + 1);
    }
    print!("{board}");
    println!("save: {save}");
    match end {
        GameEnd::Over(o) => {
            if let Some(line) = sim::result_line(run.game, &board, &o) {
                println!("{line}");
            }
            Ok(true)
        }
        GameEnd::Unfinished => {
            println!("unfinished at the ply cap of {}", run.max_plies);
            Ok(true)
        }
        GameEnd::Failed(v) => {
            println!("FAILED after {} plies: {v}", actions.len());
            Ok(false)
        }
    }
}
