//! The engine's layers, kept by a test: [`core`](crate::core) is the bottom
//! layer, so nothing under `src/core/` names a path outside it: no game, no
//! registry, no rulings index.
//!
//! Every file under `src/core/` is read as text. A path that starts at the
//! crate (`crate::` in the code, `tigerseye_engine::` in a doctest) must go
//! into `core` next, each member of a `use crate::{...}` group included; a
//! `super::` chain must not climb above `core` from the module it is written in
//! (the file's module, plus any inline `mod name { ... }` it sits in).
//! Comments count as much as code: an intra-doc link is a path too.

use std::path::{Path, PathBuf};

/// One path out of `core`: where, and the path as written.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Escape {
    /// 1-based line.
    pub(crate) line: usize,
    /// The path as written (for a group, the offending member).
    pub(crate) path: String,
}

/// The roots a path can start from that lead out of the module tree: the
/// crate itself, by either name.
const ROOTS: &[&str] = &["crate", "tigerseye_engine"];

/// The paths in `text` (a file whose module sits `depth` levels below `core`:
/// 0 for `core/mod.rs`, 1 for `core/x.rs` or `core/x/mod.rs`, 2 for
/// `core/x/y.rs`) that leave `core`.
pub(crate) fn escapes(text: &str, depth: usize) -> Vec<Escape> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let line_at = |i: usize| chars[..i].iter().filter(|&&c| c == '\n').count() + 1;
    // Inline modules open: the brace depth at which each one's body started.
    let mut modules: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // Comments: searched for paths, not counted for braces.
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n);
            scan_paths(&chars, i, end, depth + modules.len(), &line_at, &mut found);
            i = end;
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let end = find(&chars, i + 2, "*/").map_or(chars.len(), |n| n + 2);
            scan_paths(&chars, i, end, depth + modules.len(), &line_at, &mut found);
            i = end;
            continue;
        }
        // Strings and character literals: skipped.
        if c == '"'
            || (c == 'r'
                && matches!(chars.get(i + 1), Some('"' | '#'))
                && !ident(chars.get(i.wrapping_sub(1))))
        {
            i = skip_string(&chars, i);
            continue;
        }
        if c == '\'' {
            i = skip_char(&chars, i);
            continue;
        }
        if c == '{' {
            braces += 1;
        } else if c == '}' {
            braces = braces.saturating_sub(1);
            if modules.last() == Some(&braces) {
                modules.pop();
            }
        } else if starts_word(&chars, i, "mod") {
            // `mod name {`: an inline module starts.
            let mut j = i + 3;
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            while chars
                .get(j)
                .is_some_and(|&c| c.is_alphanumeric() || c == '_')
            {
                j += 1;
            }
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            if chars.get(j) == Some(&'{') {
                modules.push(braces);
                braces += 1;
                i = j + 1;
                continue;
            }
        } else if is_path_start(&chars, i) {
            let end = chars[i..]
                .iter()
                .position(|&c| c == ';' || c == '\n')
                .map_or(chars.len(), |n| i + n);
            let end = group_end(&chars, i, end);
            scan_paths(&chars, i, end, depth + modules.len(), &line_at, &mut found);
            i = end;
            continue;
        }
        i += 1;
    }
    found
}

/// Whether a path that may leave `core` starts at `i` (a root or `super`).
fn is_path_start(chars: &[char], i: usize) -> bool {
    ROOTS
        .iter()
        .chain(&["super"])
        .any(|w| starts_word(chars, i, w))
}

/// The end of a path starting at `i`, past its `{...}` group if it has one
/// (a group may span lines); `line_end` if it has none.
fn group_end(chars: &[char], i: usize, line_end: usize) -> usize {
    let mut j = i;
    while j < line_end && (chars[j].is_alphanumeric() || matches!(chars[j], '_' | ':' | ' ')) {
        j += 1;
    }
    if chars.get(j) != Some(&'{') {
        return j.max(i + 1);
    }
    let mut depth = 0usize;
    while j < chars.len() {
        match chars[j] {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    chars.len()
}

/// Every path in `chars[from..to]` that leaves `core` from a module `depth`
/// levels below it.
fn scan_paths(
    chars: &[char],
    from: usize,
    to: usize,
    depth: usize,
    line_at: &dyn Fn(usize) -> usize,
    found: &mut Vec<Escape>,
) {
    let mut i = from;
    while i < to {
        if let Some(root) = ROOTS.iter().find(|w| starts_word(chars, i, w)) {
            let rest = skip_colons(chars, i + root.len());
            if let Some(rest) = rest {
                for member in members(chars, rest, to) {
                    if !(member == "core" || member.starts_with("core::")) {
                        found.push(Escape {
                            line: line_at(i),
                            path: format!("{root}::{member}"),
                        });
                    }
                }
            }
            i += root.len();
        } else if starts_word(chars, i, "super") {
            let mut climbs = 0;
            let mut j = i;
            while starts_word(chars, j, "super") {
                match skip_colons(chars, j + 5) {
                    Some(next) => {
                        climbs += 1;
                        j = next;
                    }
                    None => break,
                }
            }
            if climbs > depth {
                let path: String = chars[i..j].iter().collect();
                found.push(Escape {
                    line: line_at(i),
                    path: format!("{path}…"),
                });
            }
            i = j.max(i + 5);
        } else {
            i += 1;
        }
    }
}

/// The paths a root leads to from `at` (just past `root::`): one, or each
/// member of a `{...}` group, whitespace removed.
fn members(chars: &[char], at: usize, to: usize) -> Vec<String> {
    let mut j = at;
    while j < to && chars[j].is_whitespace() {
        j += 1;
    }
    if chars.get(j) != Some(&'{') {
        // Whitespace counts only around `::`.
        let mut path = String::new();
        for (k, &c) in chars[j..to].iter().enumerate() {
            if c.is_alphanumeric() || matches!(c, '_' | ':') {
                path.push(c);
            } else if c.is_whitespace()
                && (path.ends_with(':')
                    || chars[j + k..to].iter().find(|c| !c.is_whitespace()) == Some(&':'))
            {
                continue;
            } else {
                break;
            }
        }
        return vec![path];
    }
    // A group: split at the commas of its top level.
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for &c in &chars[j + 1..to] {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        if !c.is_whitespace() {
            current.push(c);
        }
    }
    out.push(current);
    out.retain(|m| !m.is_empty());
    out
}

/// The index past `::` (whitespace around it allowed) at `i`, if it is there.
fn skip_colons(chars: &[char], mut i: usize) -> Option<usize> {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
        Some(i + 2)
    } else {
        None
    }
}

/// Whether the word `w` stands at `i` (no identifier character either side).
fn starts_word(chars: &[char], i: usize, w: &str) -> bool {
    let n = w.chars().count();
    chars.len() >= i + n
        && chars[i..i + n].iter().copied().eq(w.chars())
        && !ident(i.checked_sub(1).and_then(|p| chars.get(p)))
        && !ident(chars.get(i + n))
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|&c| c.is_alphanumeric() || c == '_')
}

fn find(chars: &[char], from: usize, pat: &str) -> Option<usize> {
    let pat: Vec<char> = pat.chars().collect();
    (from..chars.len().saturating_sub(pat.len() - 1)).find(|&i| chars[i..i + pat.len()] == pat[..])
}

/// The index past the string literal starting at `i` (`"..."`, `r"..."`,
/// `r#"..."#`).
fn skip_string(chars: &[char], i: usize) -> usize {
    if chars[i] == 'r' {
        let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
        let open = i + 1 + hashes;
        if chars.get(open) != Some(&'"') {
            return i + 1;
        }
        let close: String = std::iter::once('"')
            .chain((0..hashes).map(|_| '#'))
            .collect();
        return find(chars, open + 1, &close).map_or(chars.len(), |n| n + close.len());
    }
    let mut j = i + 1;
    while j < chars.len() {
        match chars[j] {
            '\\' => j += 2,
            '"' => return j + 1,
            _ => j += 1,
        }
    }
    chars.len()
}

/// The index past a character literal at `i` (`'x'`, `'\n'`, `'\u{..}'`), or
/// just past the quote of a lifetime.
fn skip_char(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        return find(chars, i + 2, "'").map_or(chars.len(), |n| n + 1);
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    i + 1
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for e in entries {
            let path = e.unwrap_or_else(|e| panic!("{}: {e}", d.display())).path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// How many levels below `core` the module of the file at `relative` (to
/// `src/core/`) sits.
fn module_depth(relative: &Path) -> usize {
    let parts = relative.components().count();
    if relative.file_name().is_some_and(|f| f == "mod.rs") {
        parts - 1
    } else {
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_under_core_names_a_path_outside_it() {
        let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
        let files = rust_files(&core);
        assert!(files.len() > 5, "no core files under {}", core.display());
        let mut report = Vec::new();
        for path in files {
            let relative = path.strip_prefix(&core).expect("under core");
            let text = std::fs::read_to_string(&path).expect("a core file reads");
            for e in escapes(&text, module_depth(relative)) {
                report.push(format!(
                    "src/core/{}:{}: {}",
                    relative.display(),
                    e.line,
                    e.path
                ));
            }
        }
        assert!(
            report.is_empty(),
            "core is the bottom layer; these paths leave it:\n{}",
            report.join("\n")
        );
    }

    fn paths(text: &str, depth: usize) -> Vec<String> {
        escapes(text, depth).into_iter().map(|e| e.path).collect()
    }

    #[test]
    fn the_scan_finds_each_way_out() {
        // Plain paths, in code and in comments.
        assert_eq!(
            paths("use crate::registry::GameId;", 1),
            ["crate::registry::GameId"]
        );
        assert_eq!(
            paths("/// [`G`](crate::Game)\nfn f() {}", 1),
            ["crate::Game"]
        );
        assert_eq!(
            paths("//! use tigerseye_engine::jewel::duel;", 0),
            ["tigerseye_engine::jewel::duel"]
        );
        assert_eq!(
            paths("let x = crate :: rulings :: all();", 1),
            ["crate::rulings::all"]
        );
        // Groups, nested and over several lines.
        assert_eq!(
            paths(
                "use crate::{\n    core::Side,\n    rulings::{Reading, Ruling},\n};",
                1
            ),
            ["crate::rulings::{Reading,Ruling}"]
        );
        assert_eq!(
            paths("use crate::{core::{Side, Square}, self};", 1),
            ["crate::self"]
        );
        // `super` climbing out of core, from a file and from an inline module.
        assert_eq!(
            paths("use super::super::registry::GameId;", 1),
            ["super::super::…"]
        );
        assert_eq!(paths("use super::Side;", 0), ["super::…"]);
        assert_eq!(
            paths("mod tests {\n    use super::super::super::x;\n}", 1),
            ["super::super::super::…"]
        );
        // What stays inside passes.
        assert!(
            paths(
                "use crate::core::{Side, Square};\nuse super::game::Game;",
                1
            )
            .is_empty()
        );
        assert!(
            paths(
                "mod tests {\n    use super::super::Side;\n}\nuse super::X;",
                1
            )
            .is_empty()
        );
        assert!(
            paths(
                "let s = \"crate::registry\"; let c = '{'; let r = r#\"super::super\"#;",
                0
            )
            .is_empty()
        );
        assert!(paths("fn f<'a>(x: &'a str) { mod m { } }\nuse crate::core::X;", 1).is_empty());
    }

    #[test]
    fn module_depths() {
        assert_eq!(module_depth(Path::new("mod.rs")), 0);
        assert_eq!(module_depth(Path::new("clocks.rs")), 1);
        assert_eq!(module_depth(Path::new("clocks/mod.rs")), 1);
        assert_eq!(module_depth(Path::new("clocks/spec.rs")), 2);
    }
}
