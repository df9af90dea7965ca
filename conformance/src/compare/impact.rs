//! A ruling's footprint (`rulings --impact`): every other reading of each of a
//! game's options compared with the defaults, the same games played under
//! each, and what changed significantly, one row a reading.

use std::fmt::Write as _;

use serde::Serialize;
use tigerseye_engine::core::OptionSpec;
use tigerseye_engine::{Game, GameId, GameOptions};

use super::{CompareError, Comparison, compare, pair};
use crate::report::Summary;
use crate::sim::{self, SimConfig, SimError};

/// One reading compared with the defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Impact {
    /// The ruling the option selects a reading of (empty for an option that
    /// names none).
    pub ruling: String,
    /// The option's key.
    pub option: String,
    /// The reading (the option's value) compared with the default.
    pub reading: String,
    /// The rows compared.
    pub rows: usize,
    /// Each significant row, as a line (`green wins 50.1% -> 46.8% ...`).
    pub changed: Vec<String>,
}

/// Why a footprint could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum ImpactError {
    /// A run could not start.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// Two runs could not be compared.
    #[error(transparent)]
    Compare(#[from] CompareError),
}

/// Every option of `game`, with its values (the default first).
#[must_use]
pub fn options_of(game: GameId) -> &'static [OptionSpec] {
    struct Specs;
    impl tigerseye_engine::GameVisitor for Specs {
        type Output = &'static [OptionSpec];
        fn visit<G: Game>(self) -> &'static [OptionSpec] {
            <G::Options as GameOptions>::SPECS
        }
    }
    game.visit(Specs)
}

/// Plays `base` (its game, games, seed) under the defaults and under each
/// other value of each of the game's options, and compares each with the
/// defaults at `level`; `each` sees each reading's comparison as it is made.
///
/// # Errors
///
/// When a run cannot start or two cannot be compared.
pub fn impact(
    base: &SimConfig,
    level: f64,
    mut each: impl FnMut(&Impact, &Comparison),
) -> Result<Vec<Impact>, ImpactError> {
    let mut defaults = base.clone();
    defaults.options.clear();
    let mut default_run = Summary::new("sim");
    default_run.sims.push(sim::run(&defaults)?);
    let mut out = Vec::new();
    for spec in options_of(base.game) {
        for value in spec.values.iter().skip(1) {
            let options = vec![(spec.key.to_owned(), (*value).to_owned())];
            let [_, other] = pair::configs(&defaults, &[], &options);
            let mut summary = Summary::new("sim");
            summary.sims.push(sim::run(&other)?);
            let c = compare(
                &default_run,
                &summary,
                [
                    pair::source_name("A", base.game, &[]),
                    pair::source_name("B", base.game, &options),
                ],
                level,
            )?;
            let row = Impact {
                ruling: spec.ruling.unwrap_or_default().to_owned(),
                option: spec.key.to_owned(),
                reading: (*value).to_owned(),
                rows: c.rows.len(),
                changed: c.significant().map(|r| r.line()).collect(),
            };
            each(&row, &c);
            out.push(row);
        }
    }
    Ok(out)
}

/// The footprint as one markdown table: ruling, option and reading, and what
/// changed significantly (or "nothing measurable").
#[must_use]
pub fn markdown(game: GameId, games: u64, level: f64, rows: &[Impact]) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# {game}: each reading against the defaults\n\n{games} games a run, one master seed; significant at the {level} level after Holm's correction within each comparison.\n"
    );
    if rows.is_empty() {
        let _ = writeln!(
            md,
            "{game} has no options: every ruling has one reading in the engine."
        );
        return md;
    }
    let _ = writeln!(
        md,
        "| ruling | option = reading | rows | what changed significantly |\n|---|---|---:|---|"
    );
    for r in rows {
        let changed = if r.changed.is_empty() {
            "nothing measurable".to_owned()
        } else {
            r.changed
                .iter()
                .map(|l| l.split_once(": ").map_or(l.as_str(), |x| x.1))
                .collect::<Vec<_>>()
                .join("; ")
        };
        let _ = writeln!(
            md,
            "| {} | {} = {} | {} | {} |",
            if r.ruling.is_empty() { "-" } else { &r.ruling },
            r.option,
            r.reading,
            r.rows,
            changed
        );
    }
    md
}
