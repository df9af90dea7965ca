//! `tigerseye`: check the scenario corpus, count perft, simulate random games with
//! invariants after every step, replay and show games, benchmark, and run the
//! nightly job. Exit status: 0 clean, 1 something failed (a scenario, a perft
//! count, an invariant), 2 the command could not run.
//!
//! This file only dispatches: each command is a module of [`cli`].

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tigerseye_conformance::corpus;

mod cli;

use cli::{
    bench, check, compare, conform, fuzz_matrix, merge, mutants, new_scenario, nightly, perft,
    replay, rulings, scenario, show, sim,
};

#[derive(Parser)]
#[command(name = "tigerseye", version, about = "Rules engine, conformance and fuzz harness for the Tiger's-Eye games", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the scenario corpus and perft tables; exit 1 on a failure.
    #[command(allow_negative_numbers = true)]
    Check(check::Args),
    /// Count the leaf nodes N plies from a position.
    #[command(allow_negative_numbers = true)]
    Perft(perft::Args),
    /// Play random games with every invariant checked after every step.
    #[command(allow_negative_numbers = true)]
    Sim(sim::Args),
    /// Replay one simulated game with every check on every step.
    #[command(allow_negative_numbers = true)]
    Replay(replay::Args),
    /// Render the position after the given actions.
    #[command(allow_negative_numbers = true)]
    Show(show::Args),
    /// Measure random-play plies/s and perft nodes/s, one thread and all threads.
    #[command(allow_negative_numbers = true)]
    Bench(bench::Args),
    /// The corpus, every perft table, the fuzz seed corpora and sims of every game,
    /// within a time budget. This is what `tigerseye` runs with no command.
    #[command(allow_negative_numbers = true)]
    Nightly(nightly::Args),
    /// What differs between two runs (two reports, or the same games under
    /// two option sets): outcome shares, the first mover's share of the
    /// points, game lengths and rule-event rates, each with a confidence
    /// interval and a significance flag corrected for the number of rows;
    /// perft counts and scenario verdicts exactly.
    #[command(allow_negative_numbers = true)]
    Compare(compare::Args),
    /// Merge the summary.json of the shards of one run into one report.
    Merge(merge::Args),
    /// Count cargo-mutants' outcomes (its output folders: the shards of one
    /// run) per module: the mutants tested, caught, missed, timed out and
    /// unviable, and every missed one; writes mutants.json and mutants.md.
    Mutants(mutants::Args),
    /// Print the rulings index (markdown): every game's, then the clocks'.
    Rulings(rulings::Args),
    /// Run scenario files, game or clock scenarios, wherever they are, and print
    /// each one's transcript (what the corpus's snapshots hold); exit 1 when one
    /// fails.
    Scenario(scenario::Args),
    /// Print the fuzz matrix as JSON (`{"include": [...]}`, for the nightly
    /// workflow's `fromJSON`): one entry per seed corpus, each registered game's
    /// random games and each generic target, with its `folder`, `target` and
    /// `game`.
    FuzzMatrix(fuzz_matrix::Args),
    /// Print a skeleton scenario file for a game to fill in, or with a clock
    /// ruling (`clocks.*`) a clock scenario's for `scenarios/clocks/`.
    NewScenario(new_scenario::Args),
    /// Check another engine against tigerseye through the engine protocol
    /// (docs/conform.md): the corpus's scenarios, the perft tables and random
    /// games, every state compared; exit 1 on a disagreement.
    #[command(allow_negative_numbers = true)]
    Conform(conform::Args),
    /// Speak the engine protocol on standard input and output (what
    /// `conform --engine self` starts).
    #[command(hide = true)]
    Engine(conform::EngineArgs),
}

fn main() -> ExitCode {
    // A closed pipe (`tigerseye ... | head`) ends the program quietly, as it does
    // for other command-line tools, instead of panicking in `println!`.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or("");
        if text.contains("failed printing to stdout") {
            std::process::exit(141);
        }
        default_hook(info);
    }));
    // No command is `nightly` with its defaults.
    let parsed = Cli::try_parse().and_then(|cli| match cli.command {
        Some(_) => Ok(cli),
        None => Cli::try_parse_from(["tigerseye", "nightly"]),
    });
    let command = match parsed {
        Ok(Cli { command: Some(c) }) => c,
        Ok(Cli { command: None }) => return ExitCode::from(2),
        Err(e) => return cli::output::clap_error(e),
    };
    match dispatch(command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            // An error may quote input: its control characters are escaped.
            eprintln!("tigerseye: error: {}", corpus::printable(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}

/// Resolves a command's arguments into its config, then runs it; `Ok(false)`
/// when something failed, an error when it could not run.
fn dispatch(command: Command) -> anyhow::Result<bool> {
    match command {
        Command::Check(args) => check::run(args.resolve()?),
        Command::Perft(args) => perft::run(args.resolve()?),
        Command::Sim(args) => sim::run(args.resolve()?),
        Command::Replay(args) => replay::run(args.resolve()?),
        Command::Show(args) => show::run(args.resolve()?),
        Command::Bench(args) => bench::run(args.resolve()?),
        Command::Nightly(args) => nightly::run(args.resolve()?),
        Command::Compare(args) => compare::run(args.resolve()?),
        Command::Merge(args) => merge::run(args.resolve()?),
        Command::Mutants(args) => mutants::run(args.resolve()?),
        Command::Rulings(args) => rulings::run(args.resolve()?),
        Command::Scenario(args) => scenario::run(args.resolve()?),
        Command::FuzzMatrix(args) => fuzz_matrix::run(args.resolve()?),
        Command::NewScenario(args) => new_scenario::run(args.resolve()?),
        Command::Conform(args) => conform::run(args.resolve()?),
        Command::Engine(args) => conform::serve(args.resolve()?),
    }
}
