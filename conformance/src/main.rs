//! `tigerseye`: check the scenario corpus, count perft, simulate random games with
//! invariants after every step, replay and show games, benchmark, and run the
//! nightly job. Exit status: 0 clean, 1 something failed (a scenario, a perft
//! count, an invariant), 2 the command could not run.

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use tigerseye_conformance::invariants::CheckMode;
use tigerseye_conformance::nightly::{self, NightlyConfig};
use tigerseye_conformance::report::{self, Summary};
use tigerseye_conformance::sim::{self, GameEnd, Shard, SimConfig};
use tigerseye_conformance::{bench, clauses, corpus, search};
use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor};

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
    Check {
        /// The corpus folder [default: ./scenarios, else the repository's].
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// Check one game only, `clocks` for the clock scenarios only, or `all`
        /// (the default).
        #[arg(long)]
        game: Option<GameOrAll>,
        /// Skip perft depths with more nodes than this (1 or more).
        #[arg(long, default_value_t = 20_000_000, value_parser = parse_node_limit)]
        node_limit: u64,
        /// Also write a report under this folder.
        #[arg(long)]
        reports: Option<PathBuf>,
        /// List every seed clause with the scenarios that test it.
        #[arg(long)]
        clauses: bool,
    },
    /// Count the leaf nodes N plies from a position.
    #[command(allow_negative_numbers = true)]
    Perft {
        /// The game.
        #[arg(long)]
        game: GameId,
        /// Depth in plies (at most 64).
        #[arg(long, value_parser = parse_depth)]
        depth: u32,
        /// Print the count below each first action.
        #[arg(long)]
        divide: bool,
        /// Start here instead of the standard start: a position (the game's
        /// export format) or a save (`position; action; ...`).
        #[arg(long)]
        position: Option<String>,
        /// A game option, `key=value` (repeatable).
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, String)>,
    },
    /// Play random games with every invariant checked after every step.
    #[command(allow_negative_numbers = true)]
    Sim {
        /// The game, or `all`.
        #[arg(long, required_unless_present = "series", conflicts_with = "series")]
        game: Option<String>,
        /// A whole linked series instead of one game: `jewel`, the Jewel Series
        /// (the same as `--game jewel-series`); reports who won, by how many
        /// Chords, how often Race decided and which Facet decided.
        #[arg(long)]
        series: Option<String>,
        /// Games to play (per game with `all`), 1 or more.
        #[arg(long, default_value_t = 100_000, value_parser = parse_games)]
        games: u64,
        /// The master seed; game i plays from a seed derived from (seed, i).
        #[arg(long, default_value_t = 0, value_parser = parse_seed)]
        seed: u64,
        /// Worker threads [default: all cores].
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Run the full checks on every step instead of a sample.
        #[arg(long, conflicts_with = "full_every")]
        paranoid: bool,
        /// Run the full checks on one step in N (1: every step, as --paranoid).
        #[arg(long, default_value_t = CheckMode::DEFAULT.full_every, value_parser = parse_full_every)]
        full_every: u32,
        /// Save, restore and play on beside the game one game in N, once (0:
        /// none; --paranoid: every step of every game).
        #[arg(long, default_value_t = CheckMode::DEFAULT.save_every, conflicts_with = "paranoid")]
        save_every: u32,
        /// Ply cap, 1 or more: a game still going after this many plies stops and
        /// counts as unfinished. It applies to every game; the default is above
        /// the bound of every game whose rules imply one (Duel 305, Race 519,
        /// Dragon 2000), so by default it stops only the others.
        #[arg(long, default_value_t = 100_000, value_parser = parse_max_plies)]
        max_plies: u32,
        /// Play only shard K of N (`K/N`, K from 0): the games whose index is K mod N.
        #[arg(long, value_parser = parse_shard)]
        shard: Option<Shard>,
        /// A game option, `key=value` (repeatable).
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// Where reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Replay one simulated game with every check on every step.
    #[command(allow_negative_numbers = true)]
    Replay {
        /// The game.
        #[arg(long)]
        game: GameId,
        /// The run's master seed.
        #[arg(long, value_parser = parse_seed)]
        seed: u64,
        /// The game's index in the run.
        #[arg(long, value_parser = parse_index)]
        index: u64,
        /// A game option, `key=value` (repeatable).
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// Ply cap, 1 or more, as in the run.
        #[arg(long, default_value_t = 100_000, value_parser = parse_max_plies)]
        max_plies: u32,
    },
    /// Render the position after the given actions.
    #[command(allow_negative_numbers = true)]
    Show {
        /// The game.
        #[arg(long)]
        game: GameId,
        /// Start here instead of the standard start: a position (the game's
        /// export format) or a save (the position, then each action since,
        /// each after `; `), which keeps the positions a repetition counts.
        #[arg(long)]
        position: Option<String>,
        /// A game option, `key=value` (repeatable).
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// Actions in the game's notation.
        actions: Vec<String>,
    },
    /// Measure random-play plies/s and perft nodes/s, one thread and all threads.
    #[command(allow_negative_numbers = true)]
    Bench {
        /// The game, or `all`.
        #[arg(long, default_value = "all")]
        game: String,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 3.0, value_parser = parse_seconds)]
        seconds: f64,
        /// Threads for the all-threads rows [default: all cores].
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Rounds, 1 to 99: every row is measured once a round and reported as its
        /// median round, with the rounds' spread.
        #[arg(long, default_value_t = 1, value_parser = parse_rounds)]
        rounds: u32,
        /// Where reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// The corpus, every perft table, the fuzz seed corpora and sims of every game,
    /// within a time budget. This is what `tigerseye` runs with no command.
    #[command(allow_negative_numbers = true)]
    Nightly {
        /// Time budget, such as `60s`, `15m`, `2h` (`m` is minutes; `M`, months, is refused).
        #[arg(long, default_value = "60s", value_parser = parse_budget)]
        budget: Duration,
        /// Play exactly this many games of each game (within the budget) instead of
        /// as many as the budget allows: sharded runs then merge to the unsharded run.
        /// 1 or more.
        #[arg(long, value_parser = parse_games)]
        games: Option<u64>,
        /// Without `--games`: each sim plays at least this many games (of this
        /// shard), even past the budget, so that a run on a slow machine is still
        /// a real run. 0, the default, is no floor.
        #[arg(long, default_value_t = 0, conflicts_with = "games")]
        min_games: u64,
        /// The master seed of the sims.
        #[arg(long, default_value_t = 0, value_parser = parse_seed)]
        seed: u64,
        /// Play only shard K of N of the sims (`K/N`, K from 0).
        #[arg(long, value_parser = parse_shard)]
        shard: Option<Shard>,
        /// The previous run's summary.json, for the trend.
        #[arg(long)]
        previous: Option<PathBuf>,
        /// The quarantine of known failures [default: CORPUS/quarantine.toml].
        #[arg(long)]
        quarantine: Option<PathBuf>,
        /// Where reports go.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
        /// The corpus folder [default: ./scenarios, else the repository's].
        #[arg(long)]
        corpus: Option<PathBuf>,
    },
    /// Merge the summary.json of the shards of one run into one report.
    Merge {
        /// The shards' summary.json files.
        #[arg(required = true)]
        summaries: Vec<PathBuf>,
        /// Where the merged report goes.
        #[arg(long, default_value = "reports")]
        reports: PathBuf,
    },
    /// Print the rulings index (markdown): every game's, then the clocks'.
    Rulings {
        /// One game's rulings only, `clocks` for the clock rulings, or `all`
        /// (the default).
        #[arg(long)]
        game: Option<GameOrAll>,
        /// Write them into the generated block of each game's page,
        /// `DIR/games/<game>.md` (the clocks': `DIR/clocks.md`), instead of
        /// printing them.
        #[arg(long, value_name = "DIR", num_args = 0..=1, default_missing_value = "docs")]
        write_docs: Option<PathBuf>,
    },
    /// Run scenario files, game or clock scenarios, wherever they are, and print
    /// each one's transcript (what the corpus's snapshots hold); exit 1 when one
    /// fails.
    Scenario {
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the fuzz matrix as JSON (`{"include": [...]}`, for the nightly
    /// workflow's `fromJSON`): one entry per seed corpus, each registered game's
    /// random games and each generic target, with its `folder`, `target` and
    /// `game`.
    FuzzMatrix {
        /// Also write every target's seed corpus here for a fuzzer that cannot pin
        /// a game (`<DIR>/<target>/`, each game's random-game inputs with the
        /// game's byte in front).
        #[arg(long, value_name = "DIR")]
        write_seed_corpora: Option<PathBuf>,
        /// The committed seed corpora.
        #[arg(long, default_value = "fuzz/corpus")]
        corpus: PathBuf,
    },
    /// Print a skeleton scenario file for a game to fill in, or with a clock
    /// ruling (`clocks.*`) a clock scenario's for `scenarios/clocks/`.
    NewScenario {
        /// The game (not needed for a clock ruling, nor for a clause whose
        /// index names its game).
        #[arg(long, required_unless_present_any = ["ruling", "clause"])]
        game: Option<GameId>,
        /// The ruling the scenario exercises.
        #[arg(long)]
        ruling: Option<String>,
        /// The seed clause the scenario tests (an id of scenarios/clauses/):
        /// the skeleton quotes it and cites it.
        #[arg(long)]
        clause: Option<String>,
    },
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("expected `key=value`, found `{s}`"))?;
    if k.trim().is_empty() {
        return Err(format!("expected `key=value`, the key is empty: `{s}`"));
    }
    Ok((k.trim().to_owned(), v.trim().to_owned()))
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    let err = || format!("expected `K/N` with 0 <= K < N, such as `0/4`, found `{s}`");
    let (k, n) = s.split_once('/').ok_or_else(err)?;
    let k: u64 = k.parse().map_err(|_| err())?;
    let n: u64 = n.parse().map_err(|_| err())?;
    if n == 0 || k >= n {
        return Err(err());
    }
    Ok(Shard { k, n })
}

/// The most worker threads `--threads` takes: far more than any machine's cores
/// (each sim worker reserves 16 MiB of stack).
const MAX_THREADS: usize = 1024;

/// `s` read as a whole number within `range`, else the error `expected {what},
/// found `s``, followed by `why` when it is not empty.
fn number_in<T>(s: &str, range: RangeInclusive<T>, what: &str, why: &str) -> Result<T, String>
where
    T: FromStr + PartialOrd,
{
    match s.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("expected {what}, found `{s}`{why}")),
    }
}

/// A master seed: any `u64`, in decimal.
fn parse_seed(s: &str) -> Result<u64, String> {
    number_in(
        s,
        0..=u64::MAX,
        "a seed, a whole number from 0 to 18446744073709551615",
        "",
    )
}

/// A game's index in a run: any `u64`, in decimal.
fn parse_index(s: &str) -> Result<u64, String> {
    number_in(
        s,
        0..=u64::MAX,
        "a game's index, a whole number from 0 to 18446744073709551615",
        "",
    )
}

/// `check`'s node limit: 1 or more (0 would skip every perft depth and check
/// nothing, as `--games 0` would).
fn parse_node_limit(s: &str) -> Result<u64, String> {
    number_in(
        s,
        1..=u64::MAX,
        "a node limit, 1 or more",
        " (0 would skip every perft depth)",
    )
}

/// Worker threads: at least one, at most [`MAX_THREADS`].
fn parse_threads(s: &str) -> Result<usize, String> {
    let what = format!("a number of threads, 1 or more and at most {MAX_THREADS}");
    number_in(s, 1..=MAX_THREADS, &what, "")
}

/// Bench rounds: 1 to [`bench::MAX_ROUNDS`].
fn parse_rounds(s: &str) -> Result<u32, String> {
    let what = format!("a number of rounds, 1 to {}", bench::MAX_ROUNDS);
    number_in(s, 1..=bench::MAX_ROUNDS, &what, "")
}

/// Games to play: at least one (a report of no games checks nothing).
fn parse_games(s: &str) -> Result<u64, String> {
    let why = " (a run of no games checks nothing)";
    number_in(s, 1..=u64::MAX, "a number of games, 1 or more", why)
}

/// The ply cap: at least one (a cap of 0 stops every game before its first ply).
fn parse_max_plies(s: &str) -> Result<u32, String> {
    let what = format!("a ply cap from 1 to {}", u32::MAX);
    let why = " (a cap of 0 stops every game before its first ply)";
    number_in(s, 1..=u32::MAX, &what, why)
}

/// Perft depth: 0 to [`search::MAX_PERFT_DEPTH`] plies.
fn parse_depth(s: &str) -> Result<u32, String> {
    let max = search::MAX_PERFT_DEPTH;
    number_in(s, 0..=max, &format!("a depth in plies from 0 to {max}"), "")
}

/// Full checks on one step in N: N at least 1 (1 is every step).
fn parse_full_every(s: &str) -> Result<u32, String> {
    let what = format!("a number of steps from 1 (every step) to {}", u32::MAX);
    number_in(s, 1..=u32::MAX, &what, "")
}

/// The nightly time budget in humantime's notation (`90s`, `15m`, `1h 30m`).
/// humantime reads `M` as months, so `1M`, most likely meant as a minute, would
/// run for a month: the unit `M` is refused.
fn parse_budget(s: &str) -> Result<Duration, String> {
    let bytes = s.as_bytes();
    let months = bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'M' && !bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic));
    if months {
        return Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: `M` is months; write `m` or `min` for minutes"
        ));
    }
    match humantime::parse_duration(s) {
        Ok(d) if d.is_zero() => Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: a budget of zero plays no game"
        )),
        Ok(d) => Ok(d),
        Err(e) => Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: {e}"
        )),
    }
}

/// Seconds per benchmark measurement: more than 0, at most a day.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(x),
        _ => Err(format!(
            "expected a number of seconds more than 0 and at most 86400, such as `3` or `0.5`, found `{s}`"
        )),
    }
}

/// Refuses a shard that would play no game of `games`: shard K/N plays the
/// games whose index is K mod N, none when K >= games (its report would fail
/// as "no game played" and blame a time budget).
fn ensure_shard_has_games(shard: Option<Shard>, games: u64) -> anyhow::Result<()> {
    if let Some(Shard { k, n }) = shard {
        anyhow::ensure!(
            k < games,
            "shard {k}/{n} of {games} games plays no game (it plays the games whose index is {k} mod {n}): give `--games` more than {k}, or fewer shards"
        );
    }
    Ok(())
}

/// `--game` of `check` and `rulings`: a game's name, `clocks`, or `all` (every
/// game and the clocks, as `sim --game all` plays every game).
#[derive(Clone, Copy, Debug)]
struct GameOrAll(Option<corpus::Only>);

impl std::str::FromStr for GameOrAll {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("all") {
            return Ok(GameOrAll(None));
        }
        s.parse::<corpus::Only>()
            .map(|only| GameOrAll(Some(only)))
            .map_err(|e| format!("{e}, or `all`"))
    }
}

fn games_named(name: &str) -> anyhow::Result<Vec<GameId>> {
    if name.eq_ignore_ascii_case("all") {
        Ok(GameId::ALL.to_vec())
    } else {
        Ok(vec![name.parse::<GameId>()?])
    }
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    let command = cli.command.unwrap_or(Command::Nightly {
        budget: Duration::from_secs(60),
        games: None,
        min_games: 0,
        seed: 0,
        shard: None,
        previous: None,
        quarantine: None,
        reports: PathBuf::from("reports"),
        corpus: None,
    });
    match run(command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            // An error may quote input: its control characters are escaped.
            eprintln!("tigerseye: error: {}", corpus::printable(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}

/// Ctrl-C in `sim` and `nightly`: the first stops starting games
/// ([`sim::interrupt`]); the games under way finish and the report is written,
/// marked interrupted. A second stops at once (exit status 130).
fn stop_on_ctrl_c() {
    let handler = || {
        if sim::interrupted() {
            std::process::exit(130);
        }
        sim::interrupt();
        eprintln!(
            "\ntigerseye: interrupted: finishing the games under way and writing the report (Ctrl-C again to stop at once)"
        );
    };
    // Without a handler (one already set) Ctrl-C stops at once, as before.
    let _ = ctrlc::set_handler(handler);
}

/// Prints clap's error (help and version too) and gives its exit status. clap's
/// "invalid value 'V' for '--flag'" echoes V whole however long it is, as do
/// the value parsers' messages after it: here V is quoted at most 60
/// characters, as every other error quotes input
/// ([`tigerseye_engine::core::quoted`]).
fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue};
    let long = match e.get(ContextKind::InvalidValue) {
        Some(ContextValue::String(v)) if tigerseye_engine::core::quoted(v) != *v => Some(v),
        _ => None,
    };
    let Some(value) = long else {
        e.exit();
    };
    // The value parsers' own messages (`found `V``) are cut alike.
    let text = e
        .render()
        .to_string()
        .replace(value.as_str(), &tigerseye_engine::core::quoted(value));
    eprint!("{text}");
    ExitCode::from(2)
}

/// Runs a command; `Ok(false)` when something failed.
fn run(command: Command) -> anyhow::Result<bool> {
    match command {
        Command::Check {
            corpus: dir,
            game,
            node_limit,
            reports,
            clauses,
        } => {
            let started = Instant::now();
            let root = corpus::root(dir.as_deref());
            anyhow::ensure!(root.is_dir(), "no corpus folder at {}", root.display());
            if let Some(dir) = &reports {
                report::ensure_writable(dir)?;
            }
            let summary = corpus::check(&root, game.and_then(|g| g.0), node_limit)?;
            corpus::print_with(&summary, clauses);
            let ok = !summary.failed();
            let written = match reports {
                Some(dir) => {
                    let mut s = Summary::new("check");
                    s.check = Some(summary);
                    Some(finish(&mut s, started, &dir)?)
                }
                None => None,
            };
            println!(
                "\ncheck: {}{}",
                if ok { "passed" } else { "FAILED" },
                written.map_or_else(String::new, |d| format!(" — report: {}", d.display()))
            );
            Ok(ok)
        }
        Command::Perft {
            game,
            depth,
            divide,
            position,
            options,
        } => {
            struct Visit(u32, bool, Option<String>, Vec<(String, String)>);
            impl GameVisitor for Visit {
                type Output = anyhow::Result<()>;
                fn visit<G: Game>(self) -> anyhow::Result<()> {
                    let options = sim::build_options::<G>(&self.3)?;
                    let start = match &self.2 {
                        Some(p) => restore::<G>(p, &options)?.into_state(),
                        None => G::new(&options),
                    };
                    let t = Instant::now();
                    // At depth 0 there is no first action to split by: perft 0 is 1.
                    let total = if self.1 && self.0 > 0 {
                        let rows = search::divide(&start, self.0);
                        for (action, n) in &rows {
                            println!("{action}: {n}");
                        }
                        rows.iter().map(|r| r.1).sum()
                    } else {
                        search::perft(&start, self.0)
                    };
                    let secs = t.elapsed().as_secs_f64();
                    println!(
                        "perft {} = {total} ({:.3} s, {:.0} nodes/s)",
                        self.0,
                        secs,
                        total as f64 / secs.max(1e-9)
                    );
                    Ok(())
                }
            }
            game.visit(Visit(depth, divide, position, options))?;
            Ok(true)
        }
        Command::Sim {
            game,
            series,
            games,
            seed,
            threads,
            paranoid,
            full_every,
            save_every,
            max_plies,
            shard,
            options,
            reports,
            quiet,
        } => {
            let started = Instant::now();
            let game = match (game, series) {
                (Some(g), None) => g,
                (None, Some(s)) if s.eq_ignore_ascii_case("jewel") || s == "jewel-series" => {
                    GameId::JewelSeries.name().to_owned()
                }
                (None, Some(s)) => {
                    anyhow::bail!(
                        "unknown series `{s}`; the one series is `jewel`, the Jewel Series"
                    )
                }
                (Some(_), Some(_)) | (None, None) => {
                    anyhow::bail!("give `--game <game>` or `--series jewel`")
                }
            };
            let ids = games_named(&game)?;
            anyhow::ensure!(
                ids.len() == 1 || options.is_empty(),
                "`--option` sets one game's option: give `--game <game>`, not `--game all` (every game plays its defaults)"
            );
            ensure_shard_has_games(shard, games)?;
            report::ensure_writable(&reports)?;
            let mut summary = Summary::new("sim");
            stop_on_ctrl_c();
            for (i, &id) in ids.iter().enumerate() {
                if sim::interrupted() {
                    summary.notes.push(sim::not_started_note(&ids[i..]));
                    break;
                }
                let mut config = SimConfig::new(id, games);
                config.options = if game == "all" {
                    Vec::new()
                } else {
                    options.clone()
                };
                config.master_seed = seed;
                config.threads = threads;
                config.mode = if paranoid {
                    CheckMode::PARANOID
                } else {
                    CheckMode {
                        full_every,
                        save_every,
                    }
                };
                config.max_plies = max_plies;
                config.progress = !quiet;
                config.shard = shard.unwrap_or(Shard::WHOLE);
                let stats = sim::run(&config)?;
                print_sim(&stats);
                if id == GameId::FieldManual {
                    print_field_manual_search();
                }
                summary.sims.push(stats);
            }
            let dir = finish(&mut summary, started, &reports)?;
            println!("report: {}", dir.display());
            Ok(!summary.failed())
        }
        Command::Replay {
            game,
            seed,
            index,
            options,
            max_plies,
        } => {
            // The run the game belongs to: games 0 to `index` (the last index
            // there is, u64::MAX, is a game of a run of u64::MAX games).
            let mut config = SimConfig::new(game, index.saturating_add(1));
            config.master_seed = seed;
            config.options = options;
            config.max_plies = max_plies;
            let (end, actions, board, save) = sim::replay(&config, index)?;
            println!(
                "game {index} of seed {seed}: game seed {:#x}",
                sim::game_seed(seed, index)
            );
            for (i, a) in actions.iter().enumerate() {
                println!("{:>5}. {a}", i + 1);
            }
            print!("{board}");
            println!("save: {save}");
            match end {
                GameEnd::Over(o) => {
                    if let Some(line) = sim::result_line(game, &board, &o) {
                        println!("{line}");
                    }
                    Ok(true)
                }
                GameEnd::Unfinished => {
                    println!("unfinished at the ply cap of {max_plies}");
                    Ok(true)
                }
                GameEnd::Failed(v) => {
                    println!("FAILED after {} plies: {v}", actions.len());
                    Ok(false)
                }
            }
        }
        Command::Show {
            game,
            position,
            options,
            actions,
        } => {
            struct Visit(Option<String>, Vec<(String, String)>, Vec<String>);
            impl GameVisitor for Visit {
                type Output = anyhow::Result<()>;
                fn visit<G: Game>(self) -> anyhow::Result<()> {
                    let options = sim::build_options::<G>(&self.1)?;
                    let mut record = match &self.0 {
                        Some(p) => restore::<G>(p, &options)?,
                        None => Record::new(G::new(&options)),
                    };
                    for (i, text) in self.2.iter().enumerate() {
                        let state = record.state();
                        let a = state
                            .parse_action(text)
                            .with_context(|| format!("action {}", i + 1))?;
                        let mut events = Vec::new();
                        if let Err(e) = record.apply(a, &mut |e| events.push(e.to_string())) {
                            let state = record.state();
                            let legal = legal_texts(state);
                            anyhow::bail!(
                                "action {} `{text}`: {e}{}{}",
                                i + 1,
                                state
                                    .refusal(a)
                                    .map_or_else(String::new, |why| format!(" ({why})")),
                                if legal.is_empty() {
                                    String::new()
                                } else {
                                    format!("; legal here: {}", legal.join(" "))
                                }
                            );
                        }
                        for e in events {
                            println!("{:>3}. {text}: {e}", i + 1);
                        }
                    }
                    let state = record.state();
                    print!("{}", state.render_string());
                    println!("position: {}", state.export_string());
                    // The save, where the game's past bears on its future.
                    if !record.actions().is_empty() {
                        println!("save: {}", record.save_string());
                    }
                    let texts = legal_texts(state);
                    if !texts.is_empty() {
                        println!("legal ({}): {}", texts.len(), texts.join(" "));
                    }
                    Ok(())
                }
            }
            game.visit(Visit(position, options, actions))?;
            Ok(true)
        }
        Command::Bench {
            game,
            seconds,
            threads,
            rounds,
            reports,
        } => {
            let started = Instant::now();
            let threads = threads.unwrap_or_else(rayon::current_num_threads);
            let ids = games_named(&game)?;
            report::ensure_writable(&reports)?;
            let mut summary = Summary::new("bench");
            for id in ids {
                let rows = bench::bench(id, seconds, threads, rounds)?;
                summary.bench.extend(rows);
            }
            bench::print(&summary.bench);
            println!("build: {}", summary.build);
            let dir = finish(&mut summary, started, &reports)?;
            println!("report: {}", dir.display());
            Ok(true)
        }
        Command::Nightly {
            budget,
            games,
            min_games,
            seed,
            shard,
            previous,
            quarantine,
            reports,
            corpus: dir,
        } => {
            if let Some(games) = games {
                ensure_shard_has_games(shard, games)?;
            }
            let root = corpus::root(dir.as_deref());
            anyhow::ensure!(root.is_dir(), "no corpus folder at {}", root.display());
            let mut config = NightlyConfig::new(budget, root.clone());
            config.games = games;
            config.min_games = min_games;
            config.seed = seed;
            config.shard = shard.unwrap_or(Shard::WHOLE);
            config.verbose = true;
            let fuzz = root.join("../fuzz/corpus");
            if !fuzz.is_dir() {
                // Said, not silent: a corpus copied elsewhere has no fuzz corpora
                // beside it, and the run then checks less than the repository's.
                println!(
                    "note: no fuzz seed corpora at {}: this run skips them (they are checked beside the repository's scenarios/)",
                    fuzz.display()
                );
            }
            config.fuzz = fuzz.is_dir().then_some(fuzz);
            // The default quarantine may be absent (no known failures); a file named
            // with `--quarantine` must exist, so that a typo is not an empty quarantine.
            if let Some(q) = &quarantine {
                anyhow::ensure!(q.is_file(), "no quarantine file at {}", q.display());
            }
            config.quarantine = tigerseye_conformance::quarantine::load(
                &quarantine.unwrap_or_else(|| root.join(corpus::QUARANTINE_FILE)),
                Some(&root),
            )?;
            if let Some(p) = previous {
                let text = std::fs::read_to_string(&p)
                    .with_context(|| format!("reading {}", p.display()))?;
                let previous: Summary = serde_json::from_str(&text)
                    .with_context(|| format!("{} is not a summary.json", p.display()))?;
                // A bench or check report has no sims to compare: its trend
                // would be empty, and read as "nothing changed".
                anyhow::ensure!(
                    previous.command == "nightly" || previous.command == "merge",
                    "{} is a `{}` report: `--previous` takes a nightly run's summary.json (of `nightly`, or `merge` of its shards)",
                    p.display(),
                    corpus::printable(&previous.command)
                );
                config.previous = Some(previous);
            }
            report::ensure_writable(&reports)?;
            stop_on_ctrl_c();
            let mut summary = nightly::run(&config, print_sim)?;
            report::unique_run_id(&reports, &mut summary);
            let dir = report::write(&reports, &summary)?;
            if let Some(q) = &summary.quarantine {
                for line in q.tolerated.iter().chain(&q.expired).chain(&q.now_passing) {
                    println!("quarantine: {line}");
                }
            }
            let ok = summary.status == "clean";
            if !ok {
                let (counting, _) = tigerseye_conformance::quarantine::apply(
                    &config.quarantine,
                    &summary,
                    &tigerseye_conformance::quarantine::today(),
                );
                print_failures(&counting);
            }
            println!(
                "\nnightly: {} — report: {}",
                if ok { "clean" } else { "FAILED" },
                dir.display()
            );
            Ok(ok)
        }
        Command::Merge { summaries, reports } => {
            let mut parts = Vec::new();
            for p in &summaries {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("reading {}", p.display()))?;
                parts.push(
                    serde_json::from_str::<Summary>(&text)
                        .with_context(|| format!("{} is not a summary.json", p.display()))?,
                );
            }
            report::ensure_writable(&reports)?;
            let names: Vec<String> = summaries.iter().map(|p| p.display().to_string()).collect();
            let mut merged = tigerseye_conformance::merge::merge(&parts, &names)?;
            for sim in &merged.sims {
                print_sim(sim);
            }
            if merged.status != "clean" {
                print_failures(&tigerseye_conformance::quarantine::failure_ids(&merged));
            }
            report::unique_run_id(&reports, &mut merged);
            let dir = report::write(&reports, &merged)?;
            println!(
                "merged {} report{}: {} — report: {}",
                parts.len(),
                if parts.len() == 1 { "" } else { "s" },
                merged.status,
                dir.display()
            );
            Ok(merged.status == "clean")
        }
        Command::Rulings { game, write_docs } => {
            use tigerseye_conformance::rulings_doc;
            let game = game.and_then(|g| g.0);
            let clocks = tigerseye_engine::core::clocks::RULINGS;
            // Each page and its rulings: every game's, then the clocks'.
            let pages: Vec<(String, &[tigerseye_engine::rulings::Ruling])> = GameId::ALL
                .iter()
                .filter(|&&g| game.is_none_or(|x| x == corpus::Only::Game(g)))
                .map(|&g| (format!("games/{}.md", g.name()), g.rulings()))
                .chain(
                    game.is_none_or(|x| x == corpus::Only::Clocks)
                        .then(|| ("clocks.md".to_owned(), clocks)),
                )
                .collect();
            match write_docs {
                None => {
                    for (page, rulings) in &pages {
                        if game.is_none() && page == "clocks.md" {
                            println!("## The clocks (shared by every game that is timed)\n");
                        }
                        print!("{}", rulings_doc::markdown(rulings));
                    }
                }
                Some(dir) => {
                    for (page, rulings) in &pages {
                        let path = dir.join(page);
                        let text = std::fs::read_to_string(&path)
                            .with_context(|| format!("cannot read {}", path.display()))?;
                        let new = rulings_doc::with_block(&text, &rulings_doc::markdown(rulings))
                            .with_context(|| format!("{}", path.display()))?;
                        if new != text {
                            std::fs::write(&path, new)
                                .with_context(|| format!("cannot write {}", path.display()))?;
                            println!("rewrote {}", path.display());
                        }
                    }
                }
            }
            Ok(true)
        }
        Command::FuzzMatrix {
            write_seed_corpora,
            corpus,
        } => {
            println!("{}", tigerseye_conformance::fuzzing::matrix_json());
            if let Some(out) = write_seed_corpora {
                let n = tigerseye_conformance::fuzzing::write_seed_corpora(&corpus, &out)
                    .map_err(anyhow::Error::msg)?;
                eprintln!("wrote {n} seed inputs under {}", out.display());
            }
            Ok(true)
        }
        Command::Scenario { files } => {
            // A file that cannot be read is an unreadable input (exit 2), not
            // a failed scenario (exit 1).
            for path in &files {
                std::fs::File::open(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
            }
            let mut ok = true;
            for (i, path) in files.iter().enumerate() {
                let run = tigerseye_conformance::transcript::run_file(path);
                ok &= !run.failed();
                if i > 0 {
                    println!();
                }
                print!("{}", tigerseye_conformance::transcript::render(&run));
            }
            Ok(ok)
        }
        Command::NewScenario {
            game,
            ruling,
            clause,
        } => {
            let clause = match clause {
                Some(id) => Some(clauses::find(&corpus::root(None), &id)?),
                None => None,
            };
            let game = game.or_else(|| {
                clause
                    .as_ref()
                    .and_then(|(_, c)| c.game.as_deref()?.parse().ok())
            });
            if let (Some((_, c)), None, None) = (&clause, game, &ruling) {
                anyhow::bail!(
                    "`--game` is needed: clause `{}` names no registered game",
                    c.id
                );
            }
            let clock_ids = tigerseye_conformance::clock_scenario::clock_ruling_ids().join(", ");
            let quoted = |id: &str| tigerseye_engine::core::quoted(id);
            if let Some(r) = tigerseye_engine::core::clocks::RULINGS
                .iter()
                .find(|r| Some(r.id) == ruling.as_deref())
            {
                if let Some(g) = game {
                    // Said, not silently dropped.
                    eprintln!(
                        "note: a clock scenario belongs to no game (it goes under scenarios/clocks/): `--game {g}` is not used"
                    );
                }
                print!("{}", tigerseye_conformance::clock_scenario::template(r));
                return Ok(true);
            }
            if let Some(id) = ruling.as_deref().filter(|id| id.starts_with("clocks.")) {
                anyhow::bail!(
                    "unknown clock ruling `{}`: the clock rulings are {clock_ids}",
                    quoted(id)
                );
            }
            let Some(game) = game else {
                anyhow::bail!(
                    "`--game` is needed: `{}` is no clock ruling (those are {clock_ids}), and a game's scenario goes under its game's folder",
                    quoted(ruling.as_deref().unwrap_or_default())
                );
            };
            if let Some(id) = &ruling {
                let all = tigerseye_engine::rulings::all();
                let owner = all
                    .iter()
                    .find(|(_, r)| r.id == id.as_str())
                    .map(|(g, _)| *g);
                if owner != Some(game) {
                    let ours: Vec<&str> = all
                        .iter()
                        .filter(|(g, _)| *g == game)
                        .map(|(_, r)| r.id)
                        .collect();
                    anyhow::bail!(
                        "`{}` is {}; {game}'s rulings are {}",
                        quoted(id),
                        owner
                            .map_or_else(|| "no ruling".to_owned(), |g| format!("a ruling of {g}")),
                        if ours.is_empty() {
                            "none".to_owned()
                        } else {
                            ours.join(", ")
                        }
                    );
                }
            }
            struct Visit(Option<String>);
            impl GameVisitor for Visit {
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
                        self.0.map(|r| format!("{r:?}")).unwrap_or_default(),
                        options.join("\n"),
                        start.export_string(),
                        texts.join(", "),
                        texts.first().cloned().unwrap_or_else(|| "\"...\"".into()),
                    )
                }
            }
            let skeleton = game.visit(Visit(ruling));
            match &clause {
                Some((seed, c)) => print!("{}", clauses::skeleton(&skeleton, seed, c)),
                None => print!("{skeleton}"),
            }
            Ok(true)
        }
    }
}

/// The legal actions of `state` in its notation, sorted.
fn legal_texts<G: Game>(state: &G) -> Vec<String> {
    let mut legal = G::Actions::default();
    state.legal_actions(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(|&a| state.action_text(a)).collect();
    texts.sort();
    texts
}

fn print_sim(s: &sim::SimStats) {
    println!(
        "{}: {} games, {} plies in {:.2} s on {} thread{}: {:.0} games/s, {:.0} plies/s ({:.0} per thread); full checks on 1 step in {}",
        s.game,
        s.games,
        s.plies,
        s.elapsed_seconds,
        s.threads,
        if s.threads == 1 { "" } else { "s" },
        s.games_per_second(),
        s.plies_per_second(),
        s.plies_per_second() / s.threads as f64,
        s.full_check_every
    );
    for line in s.length_lines() {
        println!("  {line}");
    }
    for o in &s.outcomes {
        println!(
            "  {:<6} by {:<24} {:>12} ({:.2}%)",
            o.winner,
            o.rule,
            o.count,
            100.0 * o.count as f64 / s.games.max(1) as f64
        );
    }
    // Each rule event's total and how often it fired a game (the procedures'
    // events among them: Towering, interchanges, Seers, ...).
    let games = s.games.max(1) as f64;
    let events: Vec<String> = s
        .events
        .iter()
        .map(|(k, v)| format!("{k} {v} ({:.3}/game)", *v as f64 / games))
        .collect();
    println!("  events (total, a game): {}", events.join(", "));
    if let Some(series) = tigerseye_conformance::series::summarize(s) {
        for line in series.markdown().lines() {
            println!("  {line}");
        }
    }
    if let Some((_, message)) = s.shortfall() {
        println!("  FAILED: {message}");
    }
    if s.failed_games > 0 {
        println!("  {} FAILED games; first ones:", s.failed_games);
        for f in s.failures.iter().take(10) {
            println!(
                "    game {} ply {}: [{}] {}\n      replay: {}",
                f.index, f.ply, f.check, f.message, f.replay
            );
            if let Some(shrunk) = &f.shrunk {
                println!("      {}", shrunk.describe());
            }
        }
    } else {
        println!("  no invariant broke");
    }
}

/// Prints the failures that fail a run, `(id, message)`, the first 20.
fn print_failures(failures: &[(String, String)]) {
    const SHOWN: usize = 20;
    for (id, message) in failures.iter().take(SHOWN) {
        println!("failed: {id}: {message}");
    }
    if failures.len() > SHOWN {
        println!(
            "failed: ... and {} more (see the report)",
            failures.len() - SHOWN
        );
    }
}

/// Sets the summary's time and status and writes it.
fn finish(
    summary: &mut Summary,
    started: Instant,
    root: &std::path::Path,
) -> anyhow::Result<PathBuf> {
    summary.elapsed_seconds = started.elapsed().as_secs_f64();
    summary.status = if summary.failed() {
        "failed".into()
    } else {
        "clean".into()
    };
    report::unique_run_id(root, summary);
    report::write(root, summary)
}

/// The Field Manual's turn-level check search at its hardest in this run: the
/// most positions it visited for one decision and for one turn.
fn print_field_manual_search() {
    let s = tigerseye_engine::field_manual::stats::search_stats();
    println!(
        "field-manual check search: at most {} positions for one decision, {} for one turn",
        s.most_for_a_decision, s.most_for_a_turn
    );
    if !s.hardest.is_empty() {
        println!("field-manual hardest decision: {}", s.hardest);
    }
}
