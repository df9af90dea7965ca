//! The mutants no test caught, in markdown: `mutants.md` of `tigerseye
//! mutants`, and the section of a nightly's `summary.md` given `--mutants`.

use std::fmt::Write as _;

use super::markdown::{code, inline};
use crate::mutants::MutantsReport;

/// The title of the table, in `mutants.md` and in the nightly report.
pub const MUTANTS_TITLE: &str = "Mutants no test caught";

/// `mutants.md`: the table of the mutants per module, then every missed
/// mutant by module.
#[must_use]
pub fn mutants_markdown(r: &MutantsReport) -> String {
    let mut md = String::new();
    section(&mut md, r, 1);
    md
}

/// The mutants' section, its title a heading of `level` (1: `#`).
pub(super) fn section(md: &mut String, r: &MutantsReport, level: usize) {
    let h = "#".repeat(level);
    let _ = writeln!(md, "{h} {MUTANTS_TITLE}\n");
    let when = match (&r.started, &r.finished) {
        (Some(s), Some(f)) => format!("run from {} to {}", inline(s), inline(f)),
        (Some(s), None) => format!("run from {}, not finished", inline(s)),
        (None, _) => "run at an unknown time".to_owned(),
    };
    let commit = r
        .commit
        .as_ref()
        .map_or_else(String::new, |c| format!(" on commit {}", code(c)));
    let by = if r.cargo_mutants.is_empty() {
        String::new()
    } else {
        let versions: Vec<String> = r.cargo_mutants.iter().map(|v| inline(v)).collect();
        format!(" by cargo-mutants {}", versions.join(", "))
    };
    let _ = writeln!(md, "- {when}{commit}{by}");
    let _ = writeln!(
        md,
        "- {} outcomes file{} read; a mutant is caught when a test fails, missed when every test passes",
        r.runs.len(),
        if r.runs.len() == 1 { "" } else { "s" }
    );
    for note in &r.notes {
        let _ = writeln!(md, "- {}", inline(note));
    }
    let _ = writeln!(
        md,
        "\n| module | tested | caught | missed | timed out | unviable |\n|---|---:|---:|---:|---:|---:|"
    );
    for m in &r.modules {
        let c = &m.counts;
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} |",
            code(&m.module).replace('|', "\\|"),
            c.tested,
            c.caught,
            c.missed,
            c.timeout,
            c.unviable
        );
    }
    let t = &r.total;
    let _ = writeln!(
        md,
        "| **total** | **{}** | **{}** | **{}** | **{}** | **{}** |",
        t.tested, t.caught, t.missed, t.timeout, t.unviable
    );
    if r.missed.is_empty() {
        let _ = writeln!(md, "\nNo mutant was missed.");
        return;
    }
    let _ = writeln!(md, "\n{h}# Missed mutants");
    for (module, missed) in r.missed_by_module() {
        let _ = writeln!(md, "\n{h}## {} ({})\n", code(module), missed.len());
        for m in missed {
            let _ = writeln!(
                md,
                "- {}: {}",
                code(&format!("{}:{}", m.file, m.line)),
                code(&m.change)
            );
        }
    }
}
