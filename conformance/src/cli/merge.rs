//! `tigerseye merge`: the summary.json of the shards of one run combined into
//! the unsharded run's report.

use std::path::PathBuf;

use anyhow::Context as _;
use tigerseye_conformance::report::{self, Summary};
use tigerseye_conformance::{merge, quarantine};

use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The shards' summary.json files.
    #[arg(required = true)]
    summaries: Vec<PathBuf>,
    /// Where the merged report goes.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
}

/// The shards' reports, read, each with the name it is known by in messages,
/// and where the merged report goes (writable).
pub(crate) struct Config {
    parts: Vec<Summary>,
    names: Vec<String>,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let mut parts = Vec::new();
        for p in &self.summaries {
            let text =
                std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
            parts.push(
                serde_json::from_str::<Summary>(&text)
                    .with_context(|| format!("{} is not a summary.json", p.display()))?,
            );
        }
        report::ensure_writable(&self.reports)?;
        let names = self
            .summaries
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        Ok(Config {
            parts,
            names,
            reports: self.reports,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let Config {
        parts,
        names,
        reports,
    } = config;
    let mut merged = merge::merge(&parts, &names)?;
    for sim in &merged.sims {
        output::print_sim(sim);
    }
    if !merged.status.is_clean() {
        output::print_failures(&quarantine::failure_ids(&merged));
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
    Ok(merged.status.is_clean())
}
