//! `tigerseye perft`: the leaf nodes N plies from a position, with `--divide`
//! the count below each first action; with `--turns`, N whole turns: the
//! action sequences that play them and the distinct positions they end in.

use std::time::Instant;

use tigerseye_conformance::{search, sim};
use tigerseye_engine::core::save::restore;
use tigerseye_engine::{Game, GameId, GameVisitor};

use super::flags;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game.
    #[arg(long, value_parser = flags::parse_game)]
    game: GameId,
    /// Depth in plies (at most 64), or in whole turns with `--turns`.
    #[arg(long, value_parser = flags::parse_depth)]
    depth: u32,
    /// Count whole turns (a turn is the actions one side takes in a row, up
    /// to the change of the side to act or the game's end): the action
    /// sequences that play `--depth` turns.
    #[arg(long)]
    turns: bool,
    /// With `--turns`, also the distinct positions the sequences end in
    /// (held in memory, one level at a time).
    #[arg(long, requires = "turns")]
    positions: bool,
    /// Print the count below each first action.
    #[arg(long)]
    divide: bool,
    /// Start here instead of the standard start: a position (the game's
    /// export format) or a save (`position; action; ...`).
    #[arg(long)]
    position: Option<String>,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", value_parser = flags::parse_option)]
    options: Vec<(String, String)>,
}

/// A count to make. The position and options are read by the game itself,
/// once it is known ([`run`]).
pub(crate) struct Config {
    game: GameId,
    depth: u32,
    turns: bool,
    positions: bool,
    divide: bool,
    position: Option<String>,
    options: Vec<(String, String)>,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        Ok(Config {
            game: self.game,
            depth: self.depth,
            turns: self.turns,
            positions: self.positions,
            divide: self.divide,
            position: self.position,
            options: self.options,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    config.game.visit(Count(&config))?;
    Ok(true)
}

/// The count, in the game's own types.
struct Count<'a>(&'a Config);

impl GameVisitor for Count<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: Game>(self) -> anyhow::Result<()> {
        let Config {
            depth,
            turns,
            positions,
            divide,
            position,
            options,
            ..
        } = self.0;
        let depth = *depth;
        let options = sim::build_options::<G>(options)?;
        let start = match position {
            Some(p) => restore::<G>(p, &options)?.into_state(),
            None => G::new(&options),
        };
        let t = Instant::now();
        if *turns {
            count_turns(&start, depth, *divide, *positions);
            return Ok(());
        }
        // At depth 0 there is no first action to split by: perft 0 is 1.
        let total = if *divide && depth > 0 {
            let rows = search::divide(&start, depth);
            for (action, n) in &rows {
                println!("{action}: {n}");
            }
            rows.iter().map(|r| r.1).sum()
        } else {
            search::perft(&start, depth)
        };
        let secs = t.elapsed().as_secs_f64();
        println!(
            "perft {depth} = {total} ({secs:.3} s, {:.0} nodes/s)",
            total as f64 / secs.max(1e-9)
        );
        Ok(())
    }
}

/// Perft by turn: the sequences (split by first action with `divide`), then
/// with `positions` the distinct positions at the end of each turn.
fn count_turns<G: Game>(start: &G, depth: u32, divide: bool, positions: bool) {
    let t = Instant::now();
    let sequences = if divide && depth > 0 {
        let rows = search::divide_turns(start, depth);
        for (action, n) in &rows {
            println!("{action}: {n}");
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        search::perft_turns(start, depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("perft {depth} by turn = {sequences} sequences ({secs:.3} s)");
    if !positions {
        return;
    }
    let t = Instant::now();
    let counts = search::turn_positions_within(start, depth, u64::MAX).unwrap_or_default();
    let secs = t.elapsed().as_secs_f64();
    for (d, n) in (1..).zip(counts) {
        println!("turn positions {d} = {n} distinct");
    }
    println!("({secs:.3} s)");
}
