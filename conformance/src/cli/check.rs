//! `tigerseye check`: the scenario corpus, the clock scenarios, the perft
//! tables and the rulings' coverage; exit 1 on a failure.

use std::path::PathBuf;
use std::time::Instant;

use tigerseye_conformance::corpus::{self, Only};
use tigerseye_conformance::report::{self, Summary};

use super::flags::{self, Games};
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The corpus folder [default: ./scenarios, else the repository's].
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Check one game only, `clocks` for the clock scenarios only, or `all`
    /// (the default).
    #[arg(long, value_parser = flags::parse_game_clocks_or_all)]
    game: Option<Games>,
    /// Skip perft depths with more nodes than this (1 or more).
    #[arg(long, default_value_t = 20_000_000, value_parser = flags::parse_node_limit)]
    node_limit: u64,
    /// Also write a report under this folder.
    #[arg(long)]
    reports: Option<PathBuf>,
    /// List every seed clause with the scenarios that test it.
    #[arg(long)]
    clauses: bool,
}

/// A `check` to run: its corpus exists and its reports folder is writable.
pub(crate) struct Config {
    root: PathBuf,
    only: Option<Only>,
    node_limit: u64,
    reports: Option<PathBuf>,
    list_clauses: bool,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let root = flags::corpus_root(self.corpus.as_deref())?;
        if let Some(dir) = &self.reports {
            report::ensure_writable(dir)?;
        }
        Ok(Config {
            root,
            only: self.game.and_then(Games::only),
            node_limit: self.node_limit,
            reports: self.reports,
            list_clauses: self.clauses,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let started = Instant::now();
    let summary = corpus::check(&config.root, config.only, config.node_limit)?;
    corpus::print_with(&summary, config.list_clauses);
    let ok = !summary.failed();
    let written = match config.reports {
        Some(dir) => {
            let mut s = Summary::new("check");
            s.check = Some(summary);
            Some(output::finish(&mut s, started, &dir)?)
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
