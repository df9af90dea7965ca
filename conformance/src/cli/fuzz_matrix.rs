//! `tigerseye fuzz-matrix`: the nightly workflow's fuzz matrix as JSON, and the
//! seed corpora of a fuzzer that cannot pin a game.

use std::path::PathBuf;

use tigerseye_conformance::fuzzing;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Also write every target's seed corpus here for a fuzzer that cannot pin
    /// a game (`<DIR>/<target>/`, each game's random-game inputs with the
    /// game's byte in front).
    #[arg(long, value_name = "DIR")]
    write_seed_corpora: Option<PathBuf>,
    /// The committed seed corpora.
    #[arg(long, default_value = "fuzz/corpus")]
    corpus: PathBuf,
}

/// The matrix to print, and where to write the seed corpora, if anywhere.
pub(crate) struct Config {
    write_seed_corpora: Option<PathBuf>,
    corpus: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        Ok(Config {
            write_seed_corpora: self.write_seed_corpora,
            corpus: self.corpus,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    println!("{}", fuzzing::matrix_json());
    if let Some(out) = config.write_seed_corpora {
        let n = fuzzing::write_seed_corpora(&config.corpus, &out).map_err(anyhow::Error::msg)?;
        eprintln!("wrote {n} seed inputs under {}", out.display());
    }
    Ok(true)
}
