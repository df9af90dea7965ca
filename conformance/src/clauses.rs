//! The clause index: every rule sentence of the seeds with a stable id, and
//! which scenarios test it.
//!
//! `scenarios/clauses/<seed>-<name>.toml` lists one seed's clauses, each an id
//! (`dragon.rule-23.3`, `jewel.race.10`: the seed's prefix, its section, its
//! order there), a short quote that locates it in the seed, its section and a
//! class: [`Class::Rule`] (to be tested), [`Class::Conduct`] (touch-move, the
//! Arbiter, record-keeping: outside an engine) or [`Class::Elsewhere`] (told in
//! another document). Scenarios cite clauses (`clauses = [...]`) beside their
//! `source`, rulings in [`Ruling::clauses`](tigerseye_engine::rulings::Ruling);
//! `check` counts the rule clauses that a scenario, or a ruling some scenario
//! names, cites, per seed and section, and fails below the index's `floor`.
//! This is test262's model: each test names the specification clause it tests
//! (`esid`), and coverage of the specification is measured from that.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::scenario::{LoadError, locate, toml_error, utf8};

/// The folder of the clause indexes under the corpus.
pub const FOLDER: &str = crate::scenario::CLAUSES_FOLDER;

/// What a clause is, for coverage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// A rule of play: a scenario must test it.
    Rule,
    /// How players behave (touch-move, the Arbiter, records, consultation):
    /// outside an engine; `reason` says why.
    Conduct,
    /// Stated as told in another document: noted, not testable; `reason` names it.
    Elsewhere,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Rule => "rule",
            Class::Conduct => "conduct",
            Class::Elsewhere => "elsewhere",
        })
    }
}

/// One index file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct IndexFile {
    seed: String,
    /// The seed document the index transcribes (its file under the seeds
    /// folder), for the reader; not checked.
    #[allow(dead_code)]
    source: Option<String>,
    name: String,
    prefix: String,
    game: Option<String>,
    floor: Option<Spanned<f64>>,
    #[serde(default, rename = "clause")]
    clauses: Vec<Spanned<ClauseFile>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ClauseFile {
    id: String,
    section: String,
    class: Class,
    quote: String,
    reason: Option<String>,
    game: Option<String>,
}

/// One clause of a seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    /// `prefix.section.n`, such as `dragon.rule-23.3`.
    pub id: String,
    /// The seed's section, as a reader finds it.
    pub section: String,
    /// Rule, conduct or elsewhere.
    pub class: Class,
    /// A short quote that locates the clause in the seed.
    pub quote: String,
    /// Why a conduct or elsewhere clause is not tested.
    pub reason: Option<String>,
    /// The game a scenario of it goes under, when the index says.
    pub game: Option<String>,
    /// `file:line:column` of its `[[clause]]`.
    pub at: String,
}

/// One seed's index.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedIndex {
    /// The seed's number, such as `000`: its file is `<seed>_*.txt`.
    pub seed: String,
    /// The seed's name, such as `Dragon`.
    pub name: String,
    /// The index file.
    pub path: PathBuf,
    /// The percentage of rule clauses that must be tested.
    pub floor: Option<f64>,
    /// The clauses in the seed's order.
    pub clauses: Vec<Clause>,
}

/// Every seed's index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Index {
    /// The seeds, by file name.
    pub seeds: Vec<SeedIndex>,
}

impl Index {
    /// The clause with `id`.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.seeds
            .iter()
            .flat_map(|s| &s.clauses)
            .find(|c| c.id == id)
    }

    /// Every clause id, for "expected one of" messages.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.seeds
            .iter()
            .flat_map(|s| &s.clauses)
            .map(|c| c.id.as_str())
    }

    /// Loads every `*.toml` of `root/clauses/` (none when the folder is absent).
    ///
    /// # Errors
    ///
    /// Every problem found, each at its file and line: TOML syntax or an unknown
    /// key, an id not under the file's prefix or given twice (in any file), an
    /// empty quote or section, a conduct or elsewhere clause with no reason, a
    /// floor outside 0..=100.
    pub fn load(root: &Path) -> Result<Index, Vec<LoadError>> {
        let dir = root.join(FOLDER);
        let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Err(_) => return Ok(Index::default()),
            Ok(entries) => entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| crate::scenario::is_toml(p))
                .collect(),
        };
        files.sort();
        let mut index = Index::default();
        let mut errors = Vec::new();
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for path in files {
            match load_file(&path, &mut seen) {
                Ok(seed) => index.seeds.push(seed),
                Err(mut e) => errors.append(&mut e),
            }
        }
        if errors.is_empty() {
            Ok(index)
        } else {
            Err(errors)
        }
    }
}

fn load_file(
    path: &Path,
    seen: &mut BTreeMap<String, String>,
) -> Result<SeedIndex, Vec<LoadError>> {
    let bytes = std::fs::read(path).map_err(|e| {
        vec![LoadError {
            at: path.display().to_string(),
            message: e.to_string(),
        }]
    })?;
    let text = utf8(path, bytes).map_err(|e| vec![e])?;
    parse(path, &text, seen)
}

/// Parses one index file's `text`; `seen` holds the ids of the files read
/// before it, with where each was given, and gains this file's.
///
/// # Errors
///
/// As [`Index::load`].
fn parse(
    path: &Path,
    text: &str,
    seen: &mut BTreeMap<String, String>,
) -> Result<SeedIndex, Vec<LoadError>> {
    let file: IndexFile = toml::from_str(text).map_err(|e| vec![toml_error(path, text, &e)])?;
    let mut errors = Vec::new();
    let mut err = |at: String, message: String| errors.push(LoadError { at, message });
    let floor = file.floor.as_ref().map(|f| *f.get_ref());
    if let Some(f) = &file.floor
        && !(0.0..=100.0).contains(f.get_ref())
    {
        err(
            locate(path, text, f.span().start),
            format!(
                "`floor` is a percentage: expected 0 to 100, found {}",
                f.get_ref()
            ),
        );
    }
    let mut clauses = Vec::with_capacity(file.clauses.len());
    for spanned in &file.clauses {
        let at = locate(path, text, spanned.span().start);
        let c = spanned.get_ref();
        if !c.id.starts_with(&format!("{}.", file.prefix)) {
            err(
                at.clone(),
                format!(
                    "clause id `{}` is not under this seed's prefix: expected `{}.<section>.<n>`",
                    c.id, file.prefix
                ),
            );
        }
        if let Some(first) = seen.get(&c.id) {
            err(
                at.clone(),
                format!("clause id `{}` is given twice (first at {first})", c.id),
            );
        } else {
            seen.insert(c.id.clone(), at.clone());
        }
        if c.quote.trim().is_empty() || c.section.trim().is_empty() {
            err(
                at.clone(),
                format!("clause `{}`: `quote` and `section` must not be empty", c.id),
            );
        }
        if c.class != Class::Rule && c.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
            err(
                at.clone(),
                format!(
                    "clause `{}` is `{}`: it needs a `reason` saying why it is not tested",
                    c.id, c.class
                ),
            );
        }
        clauses.push(Clause {
            id: c.id.clone(),
            section: c.section.clone(),
            class: c.class,
            quote: c.quote.clone(),
            reason: c.reason.clone(),
            game: c.game.clone().or_else(|| file.game.clone()),
            at,
        });
    }
    if errors.is_empty() {
        Ok(SeedIndex {
            seed: file.seed,
            name: file.name,
            path: path.to_owned(),
            floor,
            clauses,
        })
    } else {
        Err(errors)
    }
}

/// `text` with every run of whitespace made one space.
#[must_use]
pub fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The seeds' folder: `$TIGERSEYE_SEEDS`, else `../shared/seeds` beside the
/// repository; `None` when it is not there.
#[must_use]
pub fn seeds_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("TIGERSEYE_SEEDS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

/// Each clause of `index` whose quote is not in its seed's text under
/// `seeds` (whitespace normalised), and each seed whose file is missing.
///
/// # Errors
///
/// When the folder cannot be read.
pub fn stale_quotes(index: &Index, seeds: &Path) -> std::io::Result<Vec<String>> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(seeds)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    let mut stale = Vec::new();
    for seed in &index.seeds {
        let prefix = format!("{}_", seed.seed);
        let Some(file) = names.iter().find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix))
        }) else {
            stale.push(format!(
                "{}: no seed file `{prefix}*` in {}",
                seed.path.display(),
                seeds.display()
            ));
            continue;
        };
        let text = normalise(&String::from_utf8_lossy(&std::fs::read(file)?));
        for c in &seed.clauses {
            if !text.contains(&normalise(&c.quote)) {
                stale.push(format!(
                    "{}: clause `{}`: the quote is not in {}: \"{}\"",
                    c.at,
                    c.id,
                    file.display(),
                    c.quote
                ));
            }
        }
    }
    Ok(stale)
}

/// Who tests a clause: a scenario's path, or `ruling <id> (<path>)` for a
/// ruling that cites it and a scenario that names the ruling.
pub type Citations = BTreeMap<String, BTreeSet<String>>;

/// One section's rule clauses.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SectionCoverage {
    /// The section.
    pub section: String,
    /// Its rule clauses.
    pub rules: usize,
    /// Those a scenario tests.
    pub tested: usize,
}

/// A clause and who tests it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClauseRow {
    /// The id.
    pub id: String,
    /// Its section.
    pub section: String,
    /// `rule`, `conduct` or `elsewhere`.
    pub class: String,
    /// The quote.
    pub quote: String,
    /// Why it is not tested (conduct, elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The scenarios that test it (`ruling <id> (<path>)` through a ruling).
    #[serde(default)]
    pub tested_by: Vec<String>,
}

/// One seed's coverage.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeedCoverage {
    /// The seed's number.
    pub seed: String,
    /// Its name.
    pub name: String,
    /// Rule clauses.
    pub rules: usize,
    /// Rule clauses tested.
    pub tested: usize,
    /// Conduct clauses (not tested).
    pub conduct: usize,
    /// Elsewhere clauses (not tested).
    pub elsewhere: usize,
    /// The floor, a percentage of rule clauses.
    pub floor: Option<f64>,
    /// Per section, in the seed's order.
    pub sections: Vec<SectionCoverage>,
    /// Every clause with who tests it.
    pub clauses: Vec<ClauseRow>,
}

impl SeedCoverage {
    /// The percentage of rule clauses tested (100 with none).
    #[must_use]
    pub fn percent(&self) -> f64 {
        if self.rules == 0 {
            100.0
        } else {
            100.0 * self.tested as f64 / self.rules as f64
        }
    }

    /// Whether coverage is under the floor.
    #[must_use]
    pub fn below_floor(&self) -> bool {
        self.floor.is_some_and(|f| self.percent() + 1e-9 < f)
    }

    /// The rule clauses no scenario tests.
    pub fn untested(&self) -> impl Iterator<Item = &ClauseRow> {
        self.clauses
            .iter()
            .filter(|c| c.class == "rule" && c.tested_by.is_empty())
    }
}

/// The coverage of every seed, and what was wrong with the citations.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Coverage {
    /// Per seed.
    pub seeds: Vec<SeedCoverage>,
    /// Index errors and rulings citing unknown clauses.
    #[serde(default)]
    pub errors: Vec<String>,
}

impl Coverage {
    /// Whether coverage fails the check: an error, or a seed under its floor.
    #[must_use]
    pub fn failed(&self) -> bool {
        !self.errors.is_empty() || self.seeds.iter().any(SeedCoverage::below_floor)
    }
}

/// The coverage of `index` by `cited`.
#[must_use]
pub fn coverage(index: &Index, cited: &Citations) -> Coverage {
    let mut out = Coverage::default();
    for seed in &index.seeds {
        let mut sc = SeedCoverage {
            seed: seed.seed.clone(),
            name: seed.name.clone(),
            floor: seed.floor,
            ..SeedCoverage::default()
        };
        for c in &seed.clauses {
            let tested_by: Vec<String> = cited
                .get(&c.id)
                .map(|s| s.iter().cloned().collect())
                .unwrap_or_default();
            match c.class {
                Class::Rule => {
                    sc.rules += 1;
                    let tested = !tested_by.is_empty();
                    sc.tested += usize::from(tested);
                    let i = match sc.sections.iter().position(|s| s.section == c.section) {
                        Some(i) => i,
                        None => {
                            sc.sections.push(SectionCoverage {
                                section: c.section.clone(),
                                ..SectionCoverage::default()
                            });
                            sc.sections.len() - 1
                        }
                    };
                    sc.sections[i].rules += 1;
                    sc.sections[i].tested += usize::from(tested);
                }
                Class::Conduct => sc.conduct += 1,
                Class::Elsewhere => sc.elsewhere += 1,
            }
            sc.clauses.push(ClauseRow {
                id: c.id.clone(),
                section: c.section.clone(),
                class: c.class.to_string(),
                quote: c.quote.clone(),
                reason: c.reason.clone(),
                tested_by,
            });
        }
        out.seeds.push(sc);
    }
    out
}

/// Checks a scenario's `clauses` against `index`.
///
/// # Errors
///
/// [`LoadError`] at the line of the first id that is not in the index, naming it.
pub fn check_cited(
    loaded: &crate::scenario::LoadedScenario,
    index: &Index,
) -> Result<(), LoadError> {
    for id in &loaded.scenario.clauses {
        if index.get(id.get_ref()).is_none() {
            return Err(LoadError {
                at: loaded.locate(id.span().start),
                message: format!(
                    "unknown clause `{}`: expected an id of scenarios/{FOLDER}/ (`tigerseye check --clauses` lists them)",
                    id.get_ref()
                ),
            });
        }
    }
    Ok(())
}

/// Why [`find`] found no clause.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The index did not load: each file's first error, one a line.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Index(Vec<LoadError>),
    /// No clause has the id.
    #[error(
        "unknown clause `{}`{}; `tigerseye check --clauses` lists them all",
        crate::text::printable(.id),
        if .near.is_empty() { String::new() } else { format!(" (near: {})", .near.join(", ")) }
    )]
    Unknown {
        /// The id asked for.
        id: String,
        /// The ids that share its section, else its prefix (at most 12).
        near: Vec<String>,
    },
}

/// The seed and clause with `id` in the index under the corpus `root`.
///
/// # Errors
///
/// When the index cannot be loaded or has no such clause (the message lists
/// the ids that share its section, else its prefix).
pub fn find(root: &Path, id: &str) -> Result<(SeedIndex, Clause), FindError> {
    let index = Index::load(root).map_err(FindError::Index)?;
    for seed in &index.seeds {
        if let Some(c) = seed.clauses.iter().find(|c| c.id == id) {
            return Ok((seed.clone(), c.clone()));
        }
    }
    let stem = id.rsplit_once('.').map_or(id, |(s, _)| s);
    let near = index
        .ids()
        .filter(|i| i.starts_with(&format!("{stem}.")))
        .take(12)
        .map(str::to_owned)
        .collect();
    Err(FindError::Unknown {
        id: id.to_owned(),
        near,
    })
}

/// A scenario `skeleton` (as `new-scenario` prints it) citing `clause` of
/// `seed`: its `source` quotes the clause and `clauses` names it.
#[must_use]
pub fn skeleton(skeleton: &str, seed: &SeedIndex, clause: &Clause) -> String {
    let source = format!(
        "seed {} ({}), {}: \"{}\"",
        seed.seed, seed.name, clause.section, clause.quote
    );
    let mut out = format!(
        "# tests {} ({}): \"{}\"\n",
        clause.id, clause.class, clause.quote
    );
    for line in skeleton.lines() {
        if line.starts_with("source = ") {
            out.push_str(&format!(
                "source = {source:?}\nclauses = [{:?}]\n",
                clause.id
            ));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Prints the coverage table per seed, the sections below 100%, and the
/// untested rule clauses with their quotes; with `all`, every clause with the
/// scenarios that test it.
pub fn print(cov: &Coverage, all: bool) {
    use crate::text::printable;
    if cov.seeds.is_empty() && cov.errors.is_empty() {
        return;
    }
    println!(
        "\n{:<6} {:<14} {:>6} {:>7} {:>8} {:>8} {:>10} {:>7}",
        "seed", "name", "rules", "tested", "percent", "conduct", "elsewhere", "floor"
    );
    for s in &cov.seeds {
        println!(
            "{:<6} {:<14} {:>6} {:>7} {:>7.1}% {:>8} {:>10} {:>7}",
            s.seed,
            printable(&s.name),
            s.rules,
            s.tested,
            s.percent(),
            s.conduct,
            s.elsewhere,
            s.floor
                .map_or_else(|| "-".to_owned(), |f| format!("{f:.1}%")),
        );
    }
    for s in &cov.seeds {
        if s.sections.iter().all(|x| x.tested == x.rules) && !all {
            continue;
        }
        println!("\nseed {} ({}) by section:", s.seed, printable(&s.name));
        for x in &s.sections {
            if all || x.tested < x.rules {
                println!("  {:>3}/{:<3} {}", x.tested, x.rules, printable(&x.section));
            }
        }
        if all {
            println!("\nseed {} ({}) clauses:", s.seed, printable(&s.name));
            for c in &s.clauses {
                let by = if c.class != "rule" {
                    format!("{}: {}", c.class, c.reason.as_deref().unwrap_or(""))
                } else if c.tested_by.is_empty() {
                    "UNTESTED".to_owned()
                } else {
                    c.tested_by.join(", ")
                };
                println!(
                    "  {} \"{}\"\n      {}",
                    c.id,
                    printable(&c.quote),
                    printable(&by)
                );
            }
        } else {
            let untested: Vec<&ClauseRow> = s.untested().collect();
            if !untested.is_empty() {
                println!("  untested rule clauses:");
                for c in untested {
                    println!("    {} \"{}\"", c.id, printable(&c.quote));
                }
            }
        }
        if s.below_floor() {
            println!(
                "\nseed {}: coverage {:.1}% is below the floor of {:.1}% (scenarios/{FOLDER}/)",
                s.seed,
                s.percent(),
                s.floor.unwrap_or_default()
            );
        }
    }
    for e in &cov.errors {
        println!("\nclause index: {}", printable(e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_one(text: &str) -> Result<SeedIndex, Vec<LoadError>> {
        parse(Path::new("i.toml"), text, &mut BTreeMap::new())
    }

    const HEAD: &str = "seed = \"002\"\nname = \"Jewel\"\nprefix = \"jewel\"\nfloor = 50.0\n";

    #[test]
    fn a_duplicate_id_is_an_error_naming_both_lines() {
        let text = format!(
            "{HEAD}[[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"a\"\n\
             [[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"b\"\n"
        );
        let errs = parse_one(&text).unwrap_err();
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].at, "i.toml:10:1");
        assert!(
            errs[0]
                .message
                .contains("given twice (first at i.toml:5:1)"),
            "{}",
            errs[0]
        );
    }

    #[test]
    fn untested_classes_need_a_reason_and_ids_their_prefix() {
        let text = format!(
            "{HEAD}[[clause]]\nid = \"dragon.x.1\"\nsection = \"S\"\nclass = \"conduct\"\nquote = \"a\"\n"
        );
        let errs = parse_one(&text).unwrap_err();
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert!(errs[0].message.contains("prefix"));
        assert!(errs[1].message.contains("reason"));
    }

    #[test]
    fn coverage_counts_rule_clauses_per_section_and_holds_the_floor() {
        let text = format!(
            "{HEAD}[[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"a\"\n\
             [[clause]]\nid = \"jewel.duel.2\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"b\"\n\
             [[clause]]\nid = \"jewel.duel.3\"\nsection = \"Duel\"\nclass = \"conduct\"\nquote = \"c\"\nreason = \"r\"\n"
        );
        let index = Index {
            seeds: vec![parse_one(&text).unwrap()],
        };
        let mut cited = Citations::new();
        let cov = coverage(&index, &cited);
        assert_eq!((cov.seeds[0].rules, cov.seeds[0].tested), (2, 0));
        assert!(cov.failed(), "0% is below a 50% floor");
        cited
            .entry("jewel.duel.2".into())
            .or_default()
            .insert("duel/x.toml".into());
        let cov = coverage(&index, &cited);
        let s = &cov.seeds[0];
        assert_eq!((s.rules, s.tested, s.conduct), (2, 1, 1));
        assert_eq!(s.sections[0].tested, 1);
        assert!(!cov.failed());
        assert_eq!(
            s.untested().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["jewel.duel.1"]
        );
    }

    #[test]
    fn a_skeleton_quotes_and_cites_its_clause() {
        let text = format!(
            "{HEAD}game = \"duel\"\n[[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"Red \\\"moves\\\" first\"\n"
        );
        let seed = parse_one(&text).unwrap();
        let clause = &seed.clauses[0];
        assert_eq!(clause.game.as_deref(), Some("duel"));
        let out = skeleton("title = \"t\"\nsource = \"s\"\n[[step]]\n", &seed, clause);
        let parsed: toml::Value = toml::from_str(&out).expect("the skeleton is TOML");
        assert_eq!(
            parsed["source"].as_str(),
            Some("seed 002 (Jewel), Duel: \"Red \"moves\" first\"")
        );
        assert_eq!(parsed["clauses"][0].as_str(), Some("jewel.duel.1"));
    }

    #[test]
    fn quotes_are_matched_with_whitespace_normalised() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("002_abc.txt"), "Red   moves\nfirst.").unwrap();
        let text = format!(
            "{HEAD}[[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"Red moves first\"\n\
             [[clause]]\nid = \"jewel.duel.2\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"Green moves first\"\n"
        );
        let index = Index {
            seeds: vec![parse_one(&text).unwrap()],
        };
        let stale = stale_quotes(&index, dir.path()).unwrap();
        assert_eq!(stale.len(), 1, "{stale:?}");
        assert!(stale[0].contains("jewel.duel.2"));
    }
}
