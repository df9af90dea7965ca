//! `compare`: what differs between two runs' reports (two commits, two option
//! sets, two seeds), figure by figure. Every statistical row carries its value
//! in each run, the difference with a confidence interval, a p-value, and a
//! significance flag corrected for the number of rows compared (Holm's
//! step-down method), so that two runs that differ only by their seed show
//! nothing significant at the stated level. Perft counts and scenario
//! verdicts, where both reports hold them, are exact: every difference is
//! listed, no statistics needed.
//!
//! The rows of each game simulated in both reports:
//!
//! - the share of games of each outcome (winner and deciding rule), of each
//!   winner, of each deciding rule, and of unfinished games (two-proportion
//!   test; the shares are of every game played);
//! - the share of the points that went to the side that moves first at the
//!   game's start (by its score, finished games; for a game whose first mover
//!   is drawn by chance, the side the game names first);
//! - the finished games' mean length (normal test on the means, from the exact
//!   length counts), and their length distribution (Mann-Whitney rank test,
//!   over the same counts: the row's values are the median lengths);
//! - each rule event's rate a game (normal test on the means, the spread from
//!   the report's sums of squared counts; a report written before those were
//!   recorded has no event rows).

pub mod impact;
pub mod pair;
mod render;
mod stats;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;
use tigerseye_engine::{Game, GameId, Side, Turn};

use crate::report::{CheckSummary, Summary};
use crate::sim::{SimStats, build_options};
use stats::Estimate;

pub use render::{CompareFiles, write_folder};

/// The significance level used when none is given.
pub const DEFAULT_LEVEL: f64 = 0.01;

/// What a row measures, which says how its values read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// A share of games (0 to 1), printed as a percentage.
    Share,
    /// A share of the points (0 to 1), printed as a percentage.
    Points,
    /// Plies a game.
    Plies,
    /// The median length in plies, tested as a whole distribution: no
    /// interval.
    Distribution,
    /// Times a game.
    Rate,
}

/// One figure of one game in both runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The game.
    pub game: String,
    /// What it measures.
    pub measure: Measure,
    /// The figure, such as `green wins` or `event capture a game`.
    pub figure: String,
    /// Its value in the first report.
    pub a: f64,
    /// Its value in the second report.
    pub b: f64,
    /// `b - a`.
    pub difference: f64,
    /// Half the width of the difference's confidence interval at confidence
    /// `1 - level` (each row's own, not corrected for the number of rows);
    /// `None` for a distribution's test.
    pub half_width: Option<f64>,
    /// The two-sided p-value of "no difference".
    pub p_value: f64,
    /// Whether the difference is significant at the level after Holm's
    /// correction for the number of rows.
    pub significant: bool,
}

/// An exact difference between the reports' corpus checks: a perft count or a
/// scenario's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExactDifference {
    /// `perft` or `scenario`.
    pub kind: &'static str,
    /// The perft row (`file: name depth N`) or the scenario's path.
    pub what: String,
    /// In the first report (`absent` when it has none).
    pub a: String,
    /// In the second report.
    pub b: String,
}

/// One game's runs, as the reports describe them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Runs {
    /// Games played in each run.
    pub games: [u64; 2],
    /// The master seed of each run.
    pub seeds: [u64; 2],
    /// The options that differ, `key: a -> b`.
    pub options: Vec<String>,
}

/// Two reports compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The significance level.
    pub level: f64,
    /// Where each report came from.
    pub sources: [String; 2],
    /// Every game compared, with its runs.
    pub games: BTreeMap<String, Runs>,
    /// Every statistical row, by game in registry order.
    pub rows: Vec<Row>,
    /// The exact differences of the corpus checks (empty when they agree
    /// or either report has none).
    pub exact: Vec<ExactDifference>,
    /// Perft rows and scenarios compared exactly (0 when either report has
    /// no corpus check).
    pub exact_compared: usize,
    /// The games simulated in one report only, not compared.
    pub unmatched: Vec<String>,
    /// What could not be compared, and why (such as event rates of a report
    /// written before their spread was recorded).
    pub notes: Vec<String>,
}

/// Why two reports could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The level is not a probability strictly between 0 and 1.
    #[error("the significance level is between 0 and 1 (both excluded), found {0}")]
    Level(f64),
    /// A report that cannot be read.
    #[error("reading {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file that is not a summary.json.
    #[error("{path} is not a summary.json of tigerseye: {source}")]
    NotASummary {
        /// The file.
        path: PathBuf,
        /// Where and what serde found.
        source: serde_json::Error,
    },
    /// Nothing in common: no game simulated in both, and no corpus check in
    /// both.
    #[error(
        "nothing to compare: the first report simulates {a}, the second {b}, and they do not both hold a corpus check"
    )]
    NothingShared {
        /// The first report's games.
        a: String,
        /// The second report's games.
        b: String,
    },
}

/// Reads a report: a `summary.json`, or a report folder holding one.
///
/// # Errors
///
/// When the file cannot be read or is not a summary.json.
pub fn read_report(path: &Path) -> Result<Summary, CompareError> {
    let file = if path.is_dir() {
        path.join("summary.json")
    } else {
        path.to_owned()
    };
    let text = std::fs::read_to_string(&file).map_err(|source| CompareError::Read {
        path: file.clone(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| CompareError::NotASummary { path: file, source })
}

/// Compares two reports at significance level `level`; `sources` names them
/// (their files).
///
/// # Errors
///
/// When `level` is not strictly between 0 and 1, or the reports share
/// neither a simulated game nor a corpus check.
pub fn compare(
    a: &Summary,
    b: &Summary,
    sources: [String; 2],
    level: f64,
) -> Result<Comparison, CompareError> {
    if !(level > 0.0 && level < 1.0) {
        return Err(CompareError::Level(level));
    }
    let mut c = Comparison {
        level,
        sources,
        games: BTreeMap::new(),
        rows: Vec::new(),
        exact: Vec::new(),
        exact_compared: 0,
        unmatched: Vec::new(),
        notes: Vec::new(),
    };
    let mut unmatched = BTreeSet::new();
    for sa in &a.sims {
        let Some(sb) = b.sims.iter().find(|x| x.game == sa.game) else {
            unmatched.insert(sa.game.to_string());
            continue;
        };
        c.games.insert(sa.game.to_string(), runs(sa, sb));
        sims(sa, sb, level, &mut c);
    }
    for sb in &b.sims {
        if !a.sims.iter().any(|x| x.game == sb.game) {
            unmatched.insert(sb.game.to_string());
        }
    }
    c.unmatched = unmatched.into_iter().collect();
    let checks = match (&a.check, &b.check) {
        (Some(ca), Some(cb)) => {
            checks(ca, cb, &mut c);
            true
        }
        _ => false,
    };
    if c.games.is_empty() && !checks {
        let names = |s: &Summary| -> String {
            if s.sims.is_empty() {
                "no game".to_owned()
            } else {
                let v: Vec<String> = s.sims.iter().map(|x| x.game.to_string()).collect();
                v.join(", ")
            }
        };
        return Err(CompareError::NothingShared {
            a: names(a),
            b: names(b),
        });
    }
    let flags = stats::holm(&c.rows.iter().map(|r| r.p_value).collect::<Vec<_>>(), level);
    for (r, f) in c.rows.iter_mut().zip(flags) {
        r.significant = f;
    }
    Ok(c)
}

impl Comparison {
    /// The rows whose difference is significant.
    pub fn significant(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.significant)
    }

    /// Whether anything differs: a significant row or an exact difference.
    #[must_use]
    pub fn differs(&self) -> bool {
        self.significant().next().is_some() || !self.exact.is_empty()
    }
}

/// The runs' seeds, games and the options that differ.
fn runs(a: &SimStats, b: &SimStats) -> Runs {
    let keys: BTreeSet<&String> = a.options.keys().chain(b.options.keys()).collect();
    let options = keys
        .into_iter()
        .filter_map(|k| {
            let (va, vb) = (a.options.get(k), b.options.get(k));
            (va != vb).then(|| {
                let show = |v: Option<&String>| v.map_or("(absent)".to_owned(), Clone::clone);
                format!("{k}: {} -> {}", show(va), show(vb))
            })
        })
        .collect();
    Runs {
        games: [a.games, b.games],
        seeds: [a.master_seed, b.master_seed],
        options,
    }
}

/// The side that moves first at the standard start of `game` under
/// `options`, `None` when chance decides it (or the options do not build).
fn first_mover(game: GameId, options: &BTreeMap<String, String>) -> Option<Side> {
    struct First<'a>(&'a BTreeMap<String, String>);
    impl tigerseye_engine::GameVisitor for First<'_> {
        type Output = Option<Side>;
        fn visit<G: Game>(self) -> Option<Side> {
            let pairs: Vec<(String, String)> =
                self.0.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            let options = build_options::<G>(&pairs).ok()?;
            match G::new(&options).turn() {
                Turn::Player(side) => Some(side),
                Turn::Chance | Turn::Over(_) => None,
            }
        }
    }
    game.visit(First(options))
}

/// The rows of one game's two simulations.
fn sims(a: &SimStats, b: &SimStats, level: f64, c: &mut Comparison) {
    let game = a.game.to_string();
    let mut push = |measure: Measure, figure: String, ea: Estimate, eb: Estimate| {
        let pooled = matches!(measure, Measure::Share);
        let (half, p) = stats::difference(ea, eb, level, pooled);
        c.rows.push(Row {
            game: game.clone(),
            measure,
            figure,
            a: ea.mean,
            b: eb.mean,
            difference: eb.mean - ea.mean,
            half_width: Some(half),
            p_value: p,
            significant: false,
        });
    };
    // Shares: by outcome, by winner, by deciding rule, unfinished.
    let tally = |s: &SimStats| {
        let mut outcomes: Vec<(String, u64)> = Vec::new();
        let mut winners: Vec<(String, u64)> = Vec::new();
        let mut rules: Vec<(String, u64)> = Vec::new();
        for o in &s.outcomes {
            bump(
                &mut outcomes,
                format!("{} wins by {}", o.winner, o.rule),
                o.count,
            );
            let w = if o.winner.side.is_some() {
                format!("{} wins", o.winner)
            } else {
                "drawn".to_owned()
            };
            bump(&mut winners, w, o.count);
            bump(&mut rules, format!("decided by {}", o.rule), o.count);
        }
        for (name, _) in &mut outcomes {
            if let Some(rule) = name.strip_prefix("draw wins by ") {
                *name = format!("drawn by {rule}");
            }
        }
        [outcomes, winners, rules]
    };
    let (ta, tb) = (tally(a), tally(b));
    for (la, lb) in ta.iter().zip(&tb) {
        for name in union(la, lb) {
            let count = |l: &[(String, u64)]| l.iter().find(|(n, _)| *n == name).map_or(0, |x| x.1);
            push(
                Measure::Share,
                name.clone(),
                Estimate::share(count(la), a.games),
                Estimate::share(count(lb), b.games),
            );
        }
    }
    if a.unfinished + b.unfinished > 0 {
        push(
            Measure::Share,
            "unfinished (ply cap)".to_owned(),
            Estimate::share(a.unfinished, a.games),
            Estimate::share(b.unfinished, b.games),
        );
    }
    // The first mover's share of the points.
    let first = first_mover(a.game, &a.options);
    let side = first.unwrap_or(Side::Green);
    let points = |s: &SimStats| {
        Estimate::of_counts(s.scores.iter().filter_map(|(score, &n)| {
            let (g, r) = (score.0.green_halves, score.0.red_halves);
            let mine = if side == Side::Green { g } else { r };
            (g + r > 0).then(|| (f64::from(mine) / f64::from(g + r), n))
        }))
    };
    let name = a.game.side_names()[side.index()];
    let figure = match (first, first_mover(b.game, &b.options)) {
        (Some(fa), Some(fb)) if fa == fb => format!("first mover's ({name}'s) share of the points"),
        _ => format!("{name}'s share of the points (the first mover is drawn or differs)"),
    };
    let (pa, pb) = (points(a), points(b));
    if pa.n > 0 && pb.n > 0 {
        push(Measure::Points, figure, pa, pb);
    }
    // Lengths.
    let lengths = |s: &SimStats| {
        Estimate::of_counts(s.length.counts.iter().map(|(&l, &n)| (f64::from(l), n)))
    };
    push(
        Measure::Plies,
        "mean length of finished games".to_owned(),
        lengths(a),
        lengths(b),
    );
    if let Some((_, p)) = stats::mann_whitney(&a.length.counts, &b.length.counts) {
        let (ma, mb) = (median(&a.length.counts), median(&b.length.counts));
        c.rows.push(Row {
            game: game.clone(),
            measure: Measure::Distribution,
            figure: "length distribution (median; Mann-Whitney)".to_owned(),
            a: ma,
            b: mb,
            difference: mb - ma,
            half_width: None,
            p_value: p,
            significant: false,
        });
    }
    // Event rates.
    let has_squares = |s: &SimStats| s.event_squares.len() == s.events.len();
    if has_squares(a) && has_squares(b) {
        let events: BTreeSet<&String> = a.events.keys().chain(b.events.keys()).collect();
        for e in events {
            let rate = |s: &SimStats| {
                let sum = s.events.get(e).copied().unwrap_or(0) as f64;
                let squares = s.event_squares.get(e).copied().unwrap_or(0) as f64;
                Estimate::of_sums(s.games, sum, squares)
            };
            let (ra, rb) = (rate(a), rate(b));
            if ra.mean > 0.0 || rb.mean > 0.0 {
                let (half, p) = stats::difference(ra, rb, level, false);
                c.rows.push(Row {
                    game: game.clone(),
                    measure: Measure::Rate,
                    figure: format!("{e} a game"),
                    a: ra.mean,
                    b: rb.mean,
                    difference: rb.mean - ra.mean,
                    half_width: Some(half),
                    p_value: p,
                    significant: false,
                });
            }
        }
    } else {
        c.notes.push(format!(
            "{game}: rule events not compared: a report written before the spread of each event's count a game was recorded (event_squares) holds their totals only"
        ));
    }
}

/// Adds `n` to `name`'s count in `list` (in first-seen order).
fn bump(list: &mut Vec<(String, u64)>, name: String, n: u64) {
    match list.iter_mut().find(|(k, _)| *k == name) {
        Some((_, c)) => *c += n,
        None => list.push((name, n)),
    }
}

/// The names of `a`, then those only `b` has, each once.
fn union(a: &[(String, u64)], b: &[(String, u64)]) -> Vec<String> {
    let mut names: Vec<String> = a.iter().map(|(n, _)| n.clone()).collect();
    for (n, _) in b {
        if !names.contains(n) {
            names.push(n.clone());
        }
    }
    names
}

/// The median of exact counts (the lower middle value of an even number).
fn median(counts: &BTreeMap<u32, u64>) -> f64 {
    let n: u64 = counts.values().sum();
    let mut seen = 0;
    for (&l, &c) in counts {
        seen += c;
        if 2 * seen >= n.max(1) {
            return f64::from(l);
        }
    }
    0.0
}

/// The exact differences of two corpus checks: perft counts and scenario
/// verdicts.
fn checks(a: &CheckSummary, b: &CheckSummary, c: &mut Comparison) {
    let perft = |s: &CheckSummary| -> BTreeMap<String, String> {
        s.perft
            .iter()
            .map(|p| {
                let key = format!("{}: {} depth {} ({})", p.file, p.name, p.depth, p.game);
                let value = p
                    .computed
                    .map_or("skipped (node limit)".to_owned(), |n| n.to_string());
                (key, value)
            })
            .collect()
    };
    let verdicts = |s: &CheckSummary| -> BTreeMap<String, String> {
        s.scenarios
            .iter()
            .map(|r| {
                let v = serde_json::to_value(r.verdict)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                (r.path.clone(), v)
            })
            .collect()
    };
    for (kind, ma, mb) in [
        ("perft", perft(a), perft(b)),
        ("scenario", verdicts(a), verdicts(b)),
    ] {
        let keys: BTreeSet<&String> = ma.keys().chain(mb.keys()).collect();
        c.exact_compared += keys.len();
        for k in keys {
            let (va, vb) = (ma.get(k), mb.get(k));
            if va != vb {
                let show = |v: Option<&String>| v.map_or("absent".to_owned(), Clone::clone);
                c.exact.push(ExactDifference {
                    kind,
                    what: k.clone(),
                    a: show(va),
                    b: show(vb),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests;
