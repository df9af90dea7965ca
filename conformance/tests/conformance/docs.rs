//! The documentation against the code: each game page's generated rulings, the
//! counts of scenario files the pages give, and every relative link of README
//! and docs/.

use std::path::{Path, PathBuf};

use tigerseye_conformance::rulings_doc;
use tigerseye_engine::GameId;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// README.md and every markdown file under docs/, with their text.
fn pages() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let mut paths = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut paths);
    paths
        .into_iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text)
        })
        .collect()
}

#[test]
fn every_game_page_holds_its_rulings_as_the_code_gives_them() {
    // The page's rulings are `tigerseye rulings --game G`'s text: a changed
    // ruling fails here until `tigerseye rulings --write-docs` rewrites them.
    let mut pages: Vec<(String, &[tigerseye_engine::rulings::Ruling])> = GameId::ALL
        .iter()
        .map(|g| (format!("docs/games/{}.md", g.name()), g.rulings()))
        .collect();
    pages.push((
        "docs/clocks.md".to_owned(),
        tigerseye_engine::core::clocks::RULINGS,
    ));
    for (page, rulings) in pages {
        let text = std::fs::read_to_string(root().join(&page))
            .unwrap_or_else(|e| panic!("{page}: {e} (every registered game has a page)"));
        let block = rulings_doc::block(&text).unwrap_or_else(|e| panic!("{page}: {e}"));
        let expected = rulings_doc::markdown(rulings);
        assert!(
            block == expected.trim_matches('\n'),
            "{page}'s rulings differ from the code's: run `tigerseye rulings --write-docs`"
        );
    }
}

/// The files under `scenarios/` that `claim` names: a folder (`dragon/`, every
/// `.toml` in it) or a pattern with one `*` (`dragon/ocean-*.toml`).
fn scenario_files_named(claim: &str) -> usize {
    let root = root().join("scenarios");
    let (dir, pattern) = claim.rsplit_once('/').expect("a folder and a pattern");
    let (prefix, suffix) = pattern.split_once('*').unwrap_or(("", ".toml"));
    std::fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("scenarios/{claim}: {e}"))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(prefix) && n.ends_with(suffix))
        .count()
}

#[test]
fn the_docs_counts_of_scenario_files_hold() {
    // The pages said 36 ocean and 31 procedure scenarios of Dragon where there
    // were 37 and 30. Each count a page gives of a set of scenario files,
    // "(`scenarios/<folder>/<pattern>`, N files)" or "`scenarios/<folder>/<pattern>`
    // (N)", is the number of files there.
    let mut claims = 0;
    for (path, text) in pages() {
        for (at, _) in text.match_indices("`scenarios/") {
            let rest = &text[at + "`scenarios/".len()..];
            let Some((named, after)) = rest.split_once('`') else {
                continue;
            };
            let count = if let Some(n) = after.strip_prefix(',') {
                n.trim_start()
                    .split_once(" files")
                    .and_then(|(digits, _)| digits.parse::<usize>().ok())
            } else {
                after
                    .strip_prefix(" (")
                    .and_then(|n| n.split_once(')'))
                    .and_then(|(digits, _)| digits.parse::<usize>().ok())
            };
            if let Some(n) = count {
                claims += 1;
                assert_eq!(
                    scenario_files_named(named),
                    n,
                    "{} says `scenarios/{named}` holds {n} files",
                    path.display()
                );
            }
        }
    }
    assert!(
        claims >= 5,
        "the docs' counts of scenario files: {claims} found"
    );
}

/// GitHub's anchor of a heading: lower case, punctuation but `-` and `_`
/// dropped, spaces to `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown text's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of a markdown text's inline links `[text](target)`, outside
/// code blocks and code spans, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans out: every other piece between backticks.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((n + 1, after[..end].to_owned()));
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_of_the_readme_and_docs_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for (path, text) in pages() {
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if file.is_empty() {
                path.clone()
            } else {
                path.parent().unwrap().join(file)
            };
            let at = format!("{}:{line}: `{target}`", path.display());
            if !resolved.exists() {
                broken.push(format!("{at}: no such file"));
            } else if !fragment.is_empty() && resolved.extension().is_some_and(|x| x == "md") {
                let target_text = std::fs::read_to_string(&resolved).unwrap();
                if !anchors(&target_text).iter().any(|a| a == fragment) {
                    broken.push(format!("{at}: no heading with that anchor"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 20, "only {checked} relative links found");
}

#[test]
fn the_link_check_finds_a_broken_link_and_a_missing_anchor() {
    // The check itself: a link in a code span is no link; anchors are GitHub's.
    assert_eq!(
        links("see [a](b.md#c) and `[x](y)` and [d](e)"),
        vec![(1, "b.md#c".to_owned()), (1, "e".to_owned())]
    );
    assert_eq!(anchor(" The `tigerseye` command"), "the-tigerseye-command");
    assert_eq!(anchors("# A, b\n```\n# not\n```\n## C-d"), ["a-b", "c-d"]);
}
