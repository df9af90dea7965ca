//! `tigerseye mutants`: cargo-mutants' output folders (the shards of one run,
//! each with the run it iterated on) read, merged and counted per module,
//! into `mutants.json` and `mutants.md`, the table printed.

use std::path::{Path, PathBuf};

use tigerseye_conformance::mutants::{self, MutantsReport, Run};
use tigerseye_conformance::report;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// cargo-mutants' output folders: each the folder given to `cargo mutants
    /// --output` (holding `mutants.out/`), or a `mutants.out` folder itself.
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Where `mutants.json` and `mutants.md` are written.
    #[arg(long, value_name = "DIR", default_value = "reports/mutants")]
    out: PathBuf,
    /// The commit the mutants were made from, recorded in the report (CI:
    /// the workflow's commit).
    #[arg(long, value_parser = parse_commit)]
    commit: Option<String>,
}

/// The runs read (every file parsed before anything is written), the commit,
/// and where the report goes (writable).
pub(crate) struct Config {
    runs: Vec<Run>,
    commit: Option<String>,
    out: PathBuf,
}

/// `--commit`: a commit id or any other name of the code, one word of at most
/// 100 printable characters.
fn parse_commit(s: &str) -> Result<String, String> {
    let ok = !s.is_empty()
        && s.chars().count() <= 100
        && s.chars()
            .all(|c| c.is_ascii_graphic() || c.is_alphanumeric());
    if ok {
        Ok(s.to_owned())
    } else {
        Err(format!(
            "expected a commit id, one word of at most 100 printable characters, found `{s}`"
        ))
    }
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let mut files: Vec<PathBuf> = Vec::new();
        let mut seen: Vec<PathBuf> = Vec::new();
        for dir in &self.dirs {
            for file in mutants::run_files(dir)? {
                // A folder named twice (`shards/*` and one of them) is read once.
                let canonical = file.canonicalize().unwrap_or_else(|_| file.clone());
                if !seen.contains(&canonical) {
                    seen.push(canonical);
                    files.push(file);
                }
            }
        }
        let runs = files
            .iter()
            .map(|f| mutants::read_run(f))
            .collect::<Result<Vec<_>, _>>()?;
        report::ensure_writable(&self.out)?;
        Ok(Config {
            runs,
            commit: self.commit,
            out: self.out,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let Config { runs, commit, out } = config;
    let report = mutants::merge(&runs, commit);
    print!("{}", table(&report));
    for note in &report.notes {
        println!("note: {}", tigerseye_conformance::text::printable(note));
    }
    let (md, json) = write(&out, &report)?;
    println!(
        "mutants: {} tested, {} missed in {} module{} — report: {}, {}",
        report.total.tested,
        report.total.missed,
        report.modules.len(),
        if report.modules.len() == 1 { "" } else { "s" },
        md.display(),
        json.display()
    );
    // Missed mutants are the finding, not a failure; a baseline that failed
    // left mutants untested.
    Ok(!report.baseline_failed())
}

/// Writes `mutants.md`, then `mutants.json` (what `nightly --mutants` reads),
/// each atomically; gives their paths.
fn write(out: &Path, report: &MutantsReport) -> anyhow::Result<(PathBuf, PathBuf)> {
    let md = out.join("mutants.md");
    let json = out.join("mutants.json");
    report::write_atomic(&md, report::mutants_markdown(report).as_bytes())?;
    report::write_atomic(&json, serde_json::to_string_pretty(report)?.as_bytes())?;
    Ok((md, json))
}

/// The per-module table as plain text, columns aligned, the total last.
fn table(r: &MutantsReport) -> String {
    let head = [
        "module", "tested", "caught", "missed", "timeout", "unviable",
    ];
    let mut rows: Vec<[String; 6]> = r
        .modules
        .iter()
        .map(|m| {
            (
                tigerseye_conformance::text::printable(&m.module).into_owned(),
                m.counts,
            )
        })
        .chain(std::iter::once(("total".to_owned(), r.total)))
        .map(|(name, c)| {
            [
                name,
                c.tested.to_string(),
                c.caught.to_string(),
                c.missed.to_string(),
                c.timeout.to_string(),
                c.unviable.to_string(),
            ]
        })
        .collect();
    rows.insert(0, head.map(str::to_owned));
    let mut widths = [0; 6];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    for row in &rows {
        let mut line = format!("{:<w$}", row[0], w = widths[0]);
        for (cell, w) in row[1..].iter().zip(&widths[1..]) {
            line.push_str(&format!("  {cell:>w$}"));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
