//! `tigerseye nightly`: the corpus with every perft table, the fuzz seed corpora,
//! a chi-square check of sampled chance frequencies, and random games of every registered game
//! (every other one from a position of the corpus), within a time budget; reports with
//! the quarantine applied, given the previous summary the trend, and given the
//! mutants no test caught their table.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tigerseye_engine::GameId;

use crate::mutants::MutantsReport;
use crate::policy::Policy;
use crate::quarantine::{self, Quarantine};
use crate::report::{NotStartedReason, SimsNotStarted, Summary};
use crate::sim::{self, Shard, SimConfig, SimStats};
use crate::{corpus, from_corpus, fuzzing, trend};

/// What a nightly run does.
#[derive(Clone, Debug)]
pub struct NightlyConfig {
    /// Stop starting work after this long; the sims share what the corpus leaves.
    pub budget: Duration,
    /// Play exactly this many games of each game (sharded runs merge to the same
    /// result) instead of as many as the budget allows.
    pub games: Option<u64>,
    /// Without `games`: the floor of each sim, the games of this shard it plays
    /// even when the budget runs out first (see [`SimConfig::min_games`]).
    pub min_games: u64,
    /// The sims' master seed.
    pub seed: u64,
    /// The shard of the sims this run plays.
    pub shard: Shard,
    /// The corpus folder.
    pub corpus: PathBuf,
    /// The fuzz seed corpora (`fuzz/corpus`); skipped when absent.
    pub fuzz: Option<PathBuf>,
    /// Known failures.
    pub quarantine: Quarantine,
    /// The previous run's summary, for the trend.
    pub previous: Option<Summary>,
    /// Perft depths over this many nodes are skipped.
    pub node_limit: u64,
    /// Print progress to stdout.
    pub verbose: bool,
    /// Games played per game for the chance-frequency check.
    pub chance_games: u64,
    /// The sims' worker threads' stack size ([`SimConfig::worker_stack`]).
    pub worker_stack: Option<usize>,
    /// Every other game of each sim starts from one of the corpus's positions
    /// ([`from_corpus`]) instead of the standard start.
    pub from_corpus: bool,
    /// Each sim compares the engine's legal list with the game's reference
    /// model on one state in this many ([`SimConfig::reference_every`]).
    pub reference_every: u32,
    /// The sim of a game whose model is too slow to sample
    /// ([`EVERY_STATE_ONLY`](crate::reference::EVERY_STATE_ONLY)) compares
    /// every state of its first this many games with the model
    /// ([`SimConfig::reference_slice`]), so that every game's model runs;
    /// [`REFERENCE_SLICE`] by default.
    pub reference_slice: u64,
    /// The policies each game is played under, one sim each, in this order,
    /// sharing the game's time ([`Policy::Random`] alone by default).
    pub policies: Vec<Policy>,
    /// The mutants no test caught (a `mutants.json` of `tigerseye mutants`),
    /// carried into the report as given; none by default.
    pub mutants: Option<MutantsReport>,
}

impl NightlyConfig {
    /// A run of `budget` over the corpus at `corpus`, everything else default.
    #[must_use]
    pub fn new(budget: Duration, corpus: PathBuf) -> NightlyConfig {
        NightlyConfig {
            budget,
            games: None,
            min_games: 0,
            seed: 0,
            shard: Shard::WHOLE,
            corpus,
            fuzz: None,
            quarantine: Quarantine::default(),
            previous: None,
            node_limit: 20_000_000,
            verbose: false,
            chance_games: 2_000,
            worker_stack: None,
            from_corpus: true,
            reference_every: sim::REFERENCE_EVERY,
            reference_slice: REFERENCE_SLICE,
            policies: vec![Policy::Random],
            mutants: None,
        }
    }
}

/// The games of a slow model's nightly slice ([`NightlyConfig::reference_slice`]):
/// a few whole games, every state compared, within the game's share of the
/// budget.
pub const REFERENCE_SLICE: u64 = 4;

/// Runs the nightly job and returns its summary, status set. Writing it is the
/// caller's.
///
/// # Errors
///
/// When the corpus cannot be read. A simulation that cannot start is a
/// failure of the run, in its summary ([`Summary::sims_not_started`]).
pub fn run(config: &NightlyConfig, print_sim: impl Fn(&SimStats)) -> std::io::Result<Summary> {
    let started = Instant::now();
    // A budget too long for the clock (`--budget 500000000000y`) is no deadline.
    let deadline = started.checked_add(config.budget);
    let mut summary = Summary::new("nightly");
    if config.verbose {
        println!("== corpus: {}", config.corpus.display());
    }
    let check = corpus::check(&config.corpus, None, config.node_limit)?;
    if config.verbose {
        corpus::print_with(&check, false);
    }
    summary.check = Some(check);
    if let Some(root) = &config.fuzz {
        summary.fuzz = fuzzing::replay_corpora(root);
        if config.verbose {
            let inputs: u64 = summary.fuzz.iter().map(|f| f.inputs).sum();
            let bad: usize = summary.fuzz.iter().map(|f| f.failures.len()).sum();
            println!(
                "\n== fuzz seed corpora: {} targets, {inputs} inputs, {bad} failing",
                summary.fuzz.len()
            );
        }
    }
    for &id in GameId::ALL {
        if let Some(c) = crate::chance::check_game(id, config.chance_games, config.seed) {
            if config.verbose {
                for t in &c.tables {
                    println!(
                        "\n== chance {id}: {} outcomes, {} draws, chi-square {:.2}: {}",
                        t.outcomes,
                        t.counts.iter().sum::<u64>(),
                        t.statistic,
                        if t.ok { "ok" } else { "FAILED" }
                    );
                }
            }
            summary.chance.push(c);
        }
    }
    // The corpus's positions, the odd games' starts.
    let corpus_starts = if config.from_corpus {
        from_corpus::collect(&config.corpus)?
    } else {
        Vec::new()
    };
    // One sim a game and policy, a game's sims one after another.
    let policies: &[Policy] = if config.policies.is_empty() {
        &[Policy::Random]
    } else {
        &config.policies
    };
    let runs: Vec<(GameId, Policy)> = GameId::ALL
        .iter()
        .flat_map(|&id| policies.iter().map(move |&p| (id, p)))
        .collect();
    // The games whose sims from run `from` on are not (all) played.
    let games_from = |from: usize| -> Vec<GameId> {
        let mut ids: Vec<GameId> = runs[from..].iter().map(|r| r.0).collect();
        ids.dedup();
        ids
    };
    for (i, &(id, policy)) in runs.iter().enumerate() {
        // An interrupt before a sim (even before the first, while the corpus
        // ran) fails the run: the sims it kept from starting did not run.
        if sim::interrupted() {
            let note = sim::not_started_note(&games_from(i));
            summary.notes.push(note.clone());
            summary.sims_not_started = Some(SimsNotStarted {
                reason: NotStartedReason::Interrupted,
                games: games_from(i),
                message: note,
            });
            break;
        }
        let left = deadline.map_or(Duration::MAX, |d| {
            d.saturating_duration_since(Instant::now())
        });
        // No time left and no floor to play: one failure for the sims left,
        // not a report of no games for each.
        if left.is_zero() && (config.games.is_some() || config.min_games == 0) {
            let message = format!(
                "no time left for the sims of {}: the checks before them took {:.1} s of the {} budget (give a longer `--budget`)",
                games_from(i)
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                started.elapsed().as_secs_f64(),
                humantime::format_duration(config.budget)
            );
            if config.verbose {
                println!("\n== sims: FAILED: {message}");
            }
            summary.sims_not_started = Some(SimsNotStarted {
                reason: NotStartedReason::NoGames,
                games: games_from(i),
                message,
            });
            break;
        }
        let share = left / u32::try_from(runs.len() - i).unwrap_or(1);
        let mut sim_config = SimConfig::new(id, config.games.unwrap_or(sim::UNCOUNTED));
        sim_config.master_seed = config.seed;
        sim_config.shard = config.shard;
        sim_config.worker_stack = config.worker_stack;
        sim_config.starts = from_corpus::starts_of(&corpus_starts, id, true);
        sim_config.reference_every = config.reference_every;
        if crate::reference::EVERY_STATE_ONLY.contains(&id) {
            sim_config.reference_slice = config.reference_slice;
        }
        sim_config.policy = policy;
        sim_config.deadline = Instant::now().checked_add(share);
        if config.games.is_none() {
            sim_config.min_games = config.min_games;
        }
        if config.verbose {
            let under = if policy.is_random() {
                String::new()
            } else {
                format!(" under {policy}")
            };
            println!("\n== sim {id}{under} (up to {:.0} s)", share.as_secs_f64());
        }
        // A sim that cannot start (its worker threads cannot be made) ends the
        // sims, not the run: what was done is still reported.
        let stats = match sim::run(&sim_config) {
            Ok(stats) => stats,
            Err(e) => {
                let message = format!("the sim of {id} could not start: {e:#}");
                if config.verbose {
                    println!("\n== sims: FAILED: {message}");
                }
                summary.sims_not_started = Some(SimsNotStarted {
                    reason: NotStartedReason::Error,
                    games: games_from(i),
                    message,
                });
                break;
            }
        };
        print_sim(&stats);
        // The corpus, the fuzz corpora and the chance checks come first and are
        // not cut short: a budget they use up leaves the sims nothing, and a sim
        // that played no game (or, counted, fewer than its games) fails the run.
        if let Some((_, message)) = stats.shortfall() {
            let under = if policy.is_random() {
                String::new()
            } else {
                format!(" under {policy}")
            };
            let note = if config.shard == Shard::WHOLE {
                format!("{id}{under}: {message}")
            } else {
                format!(
                    "{id}{under} shard {}/{}: {message}",
                    config.shard.k, config.shard.n
                )
            };
            // The sim's own summary (`print_sim`) has shown it: the note is
            // for the report.
            summary.notes.push(note);
        }
        summary.sims.push(stats);
    }
    summary.notes.push(format!(
        "time budget {}",
        humantime::format_duration(config.budget)
    ));
    if let Some(previous) = &config.previous {
        summary.trend = Some(trend::compare(previous, &summary));
    }
    summary.mutants.clone_from(&config.mutants);
    summary.elapsed_seconds = started.elapsed().as_secs_f64();
    quarantine::finalize(&mut summary, Some(&config.quarantine), &quarantine::today());
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_a_scenario_is_in_the_nightly_report_and_its_junit() {
        let corpus = crate::corpus::tests::corpus_with_planted_panics();
        let _planted = crate::planted::panic_on("planted");
        let mut config = NightlyConfig::new(Duration::from_secs(60), corpus.path().to_owned());
        config.games = Some(1);
        config.chance_games = 10;
        let summary = run(&config, |_| {}).unwrap();
        assert!(summary.failed());
        let reports = tempfile::tempdir().unwrap();
        let dir = crate::report::write(reports.path(), &summary).unwrap();
        let junit = std::fs::read_to_string(dir.join("junit.xml")).unwrap();
        assert!(junit.contains("a-panics.toml"), "{junit}");
        assert!(junit.contains("planted panic at `planted`"), "{junit}");
        let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        assert!(md.contains("a-panics.toml:6:1: panic: "), "{md}");
        // The run went on past the corpus: every game's sim played.
        assert_eq!(summary.sims.len(), GameId::ALL.len());
    }

    /// Every registered game's sim in the nightly report compares states
    /// with its reference model: the sampled ones one state in
    /// [`sim::REFERENCE_EVERY`], a slow model's its slice's every state.
    #[test]
    fn the_nightly_report_shows_an_oracle_for_every_game() {
        let corpus = crate::corpus::tests::corpus_with_planted_panics();
        let mut config = NightlyConfig::new(Duration::from_secs(600), corpus.path().to_owned());
        config.games = Some(24);
        config.chance_games = 10;
        config.from_corpus = false;
        let summary = run(&config, |_| {}).unwrap();
        assert_eq!(summary.sims.len(), GameId::ALL.len());
        for sim in &summary.sims {
            assert!(
                sim.reference_states > 0,
                "{}: no state compared with its reference model",
                sim.game
            );
        }
        let reports = tempfile::tempdir().unwrap();
        let dir = crate::report::write(reports.path(), &summary).unwrap();
        let md = std::fs::read_to_string(dir.join("summary.md")).unwrap();
        let json = std::fs::read_to_string(dir.join("summary.json")).unwrap();
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        for (i, sim) in summary.sims.iter().enumerate() {
            let line = format!(
                "- {} states compared with the reference model",
                sim.reference_states
            );
            assert!(md.contains(&line), "{}: {md}", sim.game);
            assert_eq!(
                json["sims"][i]["reference_states"].as_u64(),
                Some(sim.reference_states)
            );
        }
    }

    #[test]
    fn a_nightly_with_failures_ends_within_its_budget() {
        // Every game's sims fail (a planted check breaks about one state in
        // 16), and their first failures are shrunk: the shrinking is done
        // within each sim's share of the budget, not after it.
        let corpus = crate::corpus::tests::corpus_with_planted_panics();
        let seed = 0x5EED_0060;
        let _planted = crate::planted::fail_sims(seed, 16);
        let budget = Duration::from_secs(60);
        let mut config = NightlyConfig::new(budget, corpus.path().to_owned());
        config.seed = seed;
        config.chance_games = 10;
        let started = Instant::now();
        let summary = run(&config, |_| {}).unwrap();
        let elapsed = started.elapsed();
        assert!(
            elapsed < budget + Duration::from_secs(5),
            "took {elapsed:?}"
        );
        assert!(summary.failed());
        let failed: Vec<_> = summary.sims.iter().filter(|s| s.failed_games > 0).collect();
        assert!(
            failed.len() > GameId::ALL.len() / 2,
            "{} failed",
            failed.len()
        );
        for sim in failed {
            let shrunk = sim.failures.iter().filter(|f| f.shrunk.is_some()).count();
            assert_eq!(
                shrunk,
                sim.failures.len().min(crate::sim::MAX_SHRUNK_FAILURES),
                "{}",
                sim.game
            );
        }
    }
}
