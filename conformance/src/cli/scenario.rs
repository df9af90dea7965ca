//! `tigerseye scenario`: scenario files, game or clock scenarios, wherever
//! they are, each run and printed with its transcript; exit 1 when one fails.

use std::path::PathBuf;

use anyhow::Context as _;
use tigerseye_conformance::transcript;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// The files to run, each readable.
pub(crate) struct Config {
    files: Vec<PathBuf>,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        // A file that cannot be read is an unreadable input (exit 2), not
        // a failed scenario (exit 1).
        for path in &self.files {
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        }
        Ok(Config { files: self.files })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let mut ok = true;
    for (i, path) in config.files.iter().enumerate() {
        let run = transcript::run_file(path);
        ok &= !run.failed();
        if i > 0 {
            println!();
        }
        print!("{}", transcript::render(&run));
    }
    Ok(ok)
}
