//! What several commands print and do alike: a simulation's lines, the failures
//! of a run, a report's last touches, Ctrl-C, a state's legal actions, and
//! clap's errors.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use tigerseye_conformance::report::{self, RunStatus, Summary};
use tigerseye_conformance::{series, sim};
use tigerseye_engine::Game;

/// Ctrl-C in `sim` and `nightly`: the first stops starting games
/// ([`sim::interrupt`]); the games under way finish and the report is written,
/// marked interrupted. A second stops at once (exit status 130).
pub(crate) fn stop_on_ctrl_c() {
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

/// The legal actions of `state` in its notation, sorted.
pub(crate) fn legal_texts<G: Game>(state: &G) -> Vec<String> {
    let mut legal = G::Actions::default();
    state.legal_actions(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(|&a| state.action_text(a)).collect();
    texts.sort();
    texts
}

/// Prints one game's simulation: throughput, lengths, outcomes, rule events,
/// the series' figures and the failures.
pub(crate) fn print_sim(s: &sim::SimStats) {
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
    for line in s.policy_line().into_iter().chain(s.length_lines()) {
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
    if let Some(series) = series::summarize(s) {
        for line in series.markdown().lines() {
            println!("  {line}");
        }
    }
    for table in s.game_stats.tables(s.game) {
        for line in table.to_string().lines().filter(|l| !l.is_empty()) {
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
pub(crate) fn print_failures(failures: &[(String, String)]) {
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

/// Sets the summary's time and status and writes it under `root`, in a folder
/// of its own; gives that folder.
pub(crate) fn finish(
    summary: &mut Summary,
    started: Instant,
    root: &Path,
) -> anyhow::Result<PathBuf> {
    summary.elapsed_seconds = started.elapsed().as_secs_f64();
    summary.status = RunStatus::of(summary.failed());
    report::unique_run_id(root, summary);
    Ok(report::write(root, summary)?)
}

/// Prints clap's error (help and version too) and gives its exit status. clap's
/// "invalid value 'V' for '--flag'" echoes V whole however long it is, as do
/// the value parsers' messages after it: here V is quoted at most 60
/// characters, as every other error quotes input
/// ([`tigerseye_engine::core::quoted`]).
pub(crate) fn clap_error(e: clap::Error) -> ExitCode {
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
