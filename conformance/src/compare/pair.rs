//! The shortcut `compare --game G --games N --a key=value... --b
//! key=value...`: the same games (one master seed, so game `i` of each run
//! starts from the same seed) played under two option sets, each run's
//! report made as `sim` makes it.

use tigerseye_engine::{Game, GameId};

use crate::report::{RunStatus, Summary};
use crate::sim::{self, SimConfig, SimError, build_options};

/// The two runs: `base` (game, games, seed, threads, checks, ply cap: every
/// setting the runs share) under the options `a` and `b`. A setting both runs
/// share is set on `base` once and reaches both.
#[must_use]
pub fn configs(base: &SimConfig, a: &[(String, String)], b: &[(String, String)]) -> [SimConfig; 2] {
    [a, b].map(|options| {
        let mut config = base.clone();
        config.options = options.to_vec();
        config
    })
}

/// Checks that `game` takes `options`, before any game is played.
///
/// # Errors
///
/// The first option the game does not take, or an option given twice.
pub fn check_options(game: GameId, options: &[(String, String)]) -> Result<(), SimError> {
    struct Check<'a>(&'a [(String, String)]);
    impl tigerseye_engine::GameVisitor for Check<'_> {
        type Output = Result<(), SimError>;
        fn visit<G: Game>(self) -> Result<(), SimError> {
            build_options::<G>(self.0).map(|_| ())
        }
    }
    game.visit(Check(options))
}

/// Plays both runs, one after the other, each as a `sim` report of one game.
///
/// # Errors
///
/// Those of [`sim::run`].
pub fn run(configs: &[SimConfig; 2]) -> Result<[Summary; 2], SimError> {
    let mut out = [Summary::new("sim"), Summary::new("sim")];
    for (summary, config) in out.iter_mut().zip(configs) {
        let started = std::time::Instant::now();
        summary.sims.push(sim::run(config)?);
        summary.elapsed_seconds = started.elapsed().as_secs_f64();
        summary.status = RunStatus::of(summary.failed());
    }
    Ok(out)
}

/// How a run of the shortcut is named in the comparison: `A: race track=indented`
/// (`defaults` for none).
#[must_use]
pub fn source_name(which: &str, game: GameId, options: &[(String, String)]) -> String {
    let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let options = if options.is_empty() {
        "defaults".to_owned()
    } else {
        options.join(" ")
    };
    format!("{which}: {game} {options}")
}
