//! A comparison as text: the terminal's lines, `compare.md`, `compare.json`
//! and the SVG plots, written into a report folder of their own.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{Comparison, Measure, Row};
use crate::plot;
use crate::report::{ReportError, Summary, write_atomic};

impl Row {
    /// A value as the row's measure reads: a percentage, plies or times a
    /// game.
    fn show(&self, v: f64) -> String {
        match self.measure {
            Measure::Share | Measure::Points => format!("{:.1}%", 100.0 * v),
            Measure::Plies | Measure::Distribution => format!("{v:.1}"),
            Measure::Rate => format!("{v:.3}"),
        }
    }

    /// The difference and its interval (`+-` half its width), as the measure
    /// reads: percentage points for shares.
    fn show_difference(&self) -> String {
        let (scale, digits, unit) = match self.measure {
            Measure::Share | Measure::Points => (100.0, 1, " pt"),
            Measure::Plies | Measure::Distribution => (1.0, 1, ""),
            Measure::Rate => (1.0, 3, ""),
        };
        let d = format!("{:+.digits$}", scale * self.difference);
        match self.half_width {
            Some(h) => format!("{d} +-{:.digits$}{unit}", scale * h),
            None => format!("{d}{unit}"),
        }
    }

    /// One line: `green wins 50.1% -> 46.8% (-3.3 +-0.4 pt), significant`.
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{}: {} {} -> {} ({}), p = {}{}",
            self.game,
            self.figure,
            self.show(self.a),
            self.show(self.b),
            self.show_difference(),
            p_text(self.p_value),
            if self.significant {
                ", significant"
            } else {
                ""
            }
        )
    }
}

/// A p-value in few digits.
fn p_text(p: f64) -> String {
    if p < 1e-4 {
        "<0.0001".to_owned()
    } else {
        format!("{p:.4}")
    }
}

impl Comparison {
    /// What the terminal shows: the header, every significant row, and the
    /// exact differences; then one line of how many rows differ.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "compare: A = {}, B = {}",
            self.sources[0], self.sources[1]
        )];
        for (game, runs) in &self.games {
            lines.push(format!(
                "  {game}: {} vs {} games, seeds {} and {}{}",
                runs.games[0],
                runs.games[1],
                runs.seeds[0],
                runs.seeds[1],
                if runs.options.is_empty() {
                    "; same options".to_owned()
                } else {
                    format!("; options {}", runs.options.join(", "))
                }
            ));
        }
        for r in self.significant() {
            lines.push(format!("  {}", r.line()));
        }
        for e in &self.exact {
            lines.push(format!("  {} {}: {} -> {}", e.kind, e.what, e.a, e.b));
        }
        for n in &self.notes {
            lines.push(format!("  note: {n}"));
        }
        lines.push(format!(
            "{} of {} rows significant at the {} level (Holm's correction for {} rows); {} exact differences in {} perft rows and scenarios",
            self.significant().count(),
            self.rows.len(),
            self.level,
            self.rows.len(),
            self.exact.len(),
            self.exact_compared
        ));
        lines
    }

    /// The comparison as markdown: the runs, one table of every row, the
    /// exact differences and the plots.
    #[must_use]
    pub fn markdown(&self, plots: &[String]) -> String {
        let mut md = String::new();
        let _ = writeln!(md, "# Comparison\n");
        let _ = writeln!(md, "- A: `{}`\n- B: `{}`", self.sources[0], self.sources[1]);
        for (game, runs) in &self.games {
            let _ = writeln!(
                md,
                "- {game}: {} games (A, seed {}) and {} games (B, seed {}); {}",
                runs.games[0],
                runs.seeds[0],
                runs.games[1],
                runs.seeds[1],
                if runs.options.is_empty() {
                    "the same options".to_owned()
                } else {
                    format!("options {}", runs.options.join(", "))
                }
            );
        }
        let _ = writeln!(
            md,
            "\n{} rows compared, {} significant at the {} level after Holm's correction for {} rows. Each interval is the difference's own at {}% confidence (uncorrected); shares are of every game played, in percentage points.\n",
            self.rows.len(),
            self.significant().count(),
            self.level,
            self.rows.len(),
            100.0 * (1.0 - self.level)
        );
        let _ = writeln!(
            md,
            "| game | figure | A | B | B - A | p | significant |\n|---|---|---:|---:|---:|---:|---|"
        );
        for r in &self.rows {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} |",
                r.game,
                r.figure,
                r.show(r.a),
                r.show(r.b),
                r.show_difference(),
                p_text(r.p_value),
                if r.significant { "yes" } else { "" }
            );
        }
        if self.exact_compared > 0 {
            let _ = writeln!(
                md,
                "\n## Corpus check\n\n{} perft rows and scenarios compared, {} differ.\n",
                self.exact_compared,
                self.exact.len()
            );
            if !self.exact.is_empty() {
                let _ = writeln!(md, "| kind | what | A | B |\n|---|---|---|---|");
                for e in &self.exact {
                    let _ = writeln!(md, "| {} | {} | {} | {} |", e.kind, e.what, e.a, e.b);
                }
            }
        }
        if !self.unmatched.is_empty() {
            let _ = writeln!(
                md,
                "\nSimulated in one report only, not compared: {}.",
                self.unmatched.join(", ")
            );
        }
        for n in &self.notes {
            let _ = writeln!(md, "\nNote: {n}");
        }
        if !plots.is_empty() {
            let _ = writeln!(md);
            for p in plots {
                let _ = writeln!(md, "![{p}]({p})");
            }
        }
        md
    }
}

/// Every file of a comparison's report folder, by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompareFiles {
    /// `(file name, contents)` in the order written.
    pub files: Vec<(String, Vec<u8>)>,
}

impl CompareFiles {
    /// The files of `comparison`: `compare.md`, `compare.json` and, for each
    /// game simulated in both reports, `<game>-outcomes.svg` (the outcome
    /// shares of A and B side by side) and `<game>-length.svg` (the length
    /// distributions overlaid); with `summaries`, the two reports compared
    /// as `a-summary.json` and `b-summary.json` (the shortcut's runs).
    ///
    /// # Errors
    ///
    /// When a plot cannot be drawn or the JSON not written.
    pub fn of(
        comparison: &Comparison,
        a: &Summary,
        b: &Summary,
        summaries: bool,
    ) -> Result<CompareFiles, ReportError> {
        let mut files = Vec::new();
        let mut plots = Vec::new();
        for game in comparison.games.keys() {
            let (Some(sa), Some(sb)) = (
                a.sims.iter().find(|s| s.game.name() == game),
                b.sims.iter().find(|s| s.game.name() == game),
            ) else {
                continue;
            };
            let shares: Vec<(String, f64, f64)> = comparison
                .rows
                .iter()
                .filter(|r| r.game == *game && r.measure == Measure::Share)
                .filter(|r| {
                    r.figure.contains(" wins by ")
                        || r.figure.starts_with("drawn by ")
                        || r.figure.starts_with("unfinished")
                })
                .map(|r| (r.figure.clone(), r.a, r.b))
                .collect();
            let name = format!("{game}-outcomes.svg");
            let svg = plot::paired_bars(
                &format!("{game}: outcome shares, A and B"),
                ["A", "B"],
                &shares,
            )?;
            files.push((name.clone(), svg.into_bytes()));
            plots.push(name);
            let (la, lb) = length_shares(&sa.length.counts, &sb.length.counts);
            let name = format!("{game}-length.svg");
            let svg = plot::overlaid_lines(
                &format!("{game}: length of finished games, A and B"),
                "plies",
                [("A", &la), ("B", &lb)],
            )?;
            files.push((name.clone(), svg.into_bytes()));
            plots.push(name);
        }
        let mut all = vec![
            (
                "compare.md".to_owned(),
                comparison.markdown(&plots).into_bytes(),
            ),
            (
                "compare.json".to_owned(),
                serde_json::to_string_pretty(comparison)?.into_bytes(),
            ),
        ];
        all.append(&mut files);
        if summaries {
            for (name, s) in [("a-summary.json", a), ("b-summary.json", b)] {
                all.push((
                    name.to_owned(),
                    serde_json::to_string_pretty(s)?.into_bytes(),
                ));
            }
        }
        Ok(CompareFiles { files: all })
    }
}

/// A distribution drawn as a line: `(bucket start, share of games)`.
type Line = Vec<(f64, f64)>;

/// Two length distributions on the same buckets (at most 40 of equal width,
/// a power of two): each bucket's start and its share of the run's finished
/// games.
fn length_shares(a: &BTreeMap<u32, u64>, b: &BTreeMap<u32, u64>) -> (Line, Line) {
    let last = a
        .keys()
        .next_back()
        .max(b.keys().next_back())
        .copied()
        .unwrap_or(0);
    let mut width = 1u32;
    while last / width >= 40 {
        width *= 2;
    }
    let buckets = |counts: &BTreeMap<u32, u64>| {
        let n = counts.values().sum::<u64>().max(1) as f64;
        (0..=last / width)
            .map(|k| {
                let from = k * width;
                let to = from.saturating_add(width - 1);
                let c: u64 = counts.range(from..=to).map(|(_, c)| c).sum();
                (f64::from(from), c as f64 / n)
            })
            .collect::<Vec<_>>()
    };
    (buckets(a), buckets(b))
}

/// Writes `files` into a new report folder under `root`, named
/// `compare-<UTC time>` (`-2`, `-3`, ... when taken), atomically: into a
/// hidden sibling first, renamed into place once every file is in it; gives
/// the folder.
///
/// # Errors
///
/// When the folder cannot be written.
pub fn write_folder(root: &Path, files: &CompareFiles) -> Result<PathBuf, ReportError> {
    std::fs::create_dir_all(root)?;
    let started = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
    let stamp: String = started.chars().filter(|c| *c != '-' && *c != ':').collect();
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let staging = root.join(format!(
        ".compare-{stamp}.{}-{nanos}.partial",
        std::process::id()
    ));
    std::fs::create_dir(&staging)?;
    let written = files
        .files
        .iter()
        .try_for_each(|(name, bytes)| write_atomic(&staging.join(name), bytes));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    let base = format!("compare-{stamp}");
    let mut name = base.clone();
    for n in 2.. {
        let dir = root.join(&name);
        // A rename onto a folder that is not empty fails: a taken name is
        // never written over.
        if !dir.exists() && std::fs::rename(&staging, &dir).is_ok() {
            return Ok(dir);
        }
        if n > 1000 {
            break;
        }
        name = format!("{base}-{n}");
    }
    let _ = std::fs::remove_dir_all(&staging);
    Err(ReportError::NamesTaken(root.join(base)))
}
