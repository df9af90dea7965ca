//! The harness's module graph has no circle, kept by a test: the scenario
//! format at the bottom, the runner above it (the clock scenarios one more kind
//! it runs), the reports above both; the sim
//! (its player and tally in its folder) above the shrinker, which catches
//! panics through [`crate::panics`], not through the sim; the commands on top,
//! in the binary.
//!
//! Every file of the library is read as text, its comments, strings and
//! `#[cfg(test)]` modules left out, braced or in files of their own (a test
//! may reach anywhere). A file names
//! another module by a path from the crate (`crate::a::b`, each member of a
//! `use crate::{...}` group included), from its parent (`super::x`), or by a
//! child's name (`tally::` in `sim/mod.rs`, `self::tally::`); such a path
//! leads to the deepest module file it reaches (`crate::sim::tally::X` is
//! `sim/tally`, `crate::sim::SimStats` is `sim`). A folder's files are one
//! module (their items are the folder's), so the graph is between the crate's
//! top modules, and it must have no cycle: the test names one when it does.

use std::collections::{BTreeMap, BTreeSet};

/// A module: its path below `src/` without the extension, `mod.rs` files by
/// their folder (`sim`, `sim/tally`, `report/markdown`).
type Module = String;

/// `text` with its comments, string and character literals blanked out (each
/// character a space, newlines kept) and every `#[cfg(test)]` item that is a
/// braced module (`#[cfg(test)] mod tests { ... }`) removed.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0usize;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.extend([' ', ' ']);
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.extend([' ', ' ']);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == '"' || (c == 'r' && matches!(next, Some('"' | '#')) && !word(&chars, i)) {
            // A raw string closes at `"` followed by as many `#` as opened it.
            let raw = c == 'r';
            let mut hashes = 0;
            out.push(' ');
            i += 1;
            if raw {
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            while i < chars.len() {
                let d = chars[i];
                if !raw && d == '\\' {
                    out.push(' ');
                    out.push(blank(chars.get(i + 1).copied().unwrap_or(' ')));
                    i += 2;
                    continue;
                }
                out.push(blank(d));
                i += 1;
                if d == '"' && (0..hashes).all(|h| chars.get(i + h) == Some(&'#')) {
                    out.extend(std::iter::repeat_n(' ', hashes));
                    i += hashes;
                    break;
                }
            }
        } else if c == '\'' {
            // A character literal (`'x'`, `'\n'`, `'\u{41}'`), not a lifetime.
            let end = if next == Some('\\') {
                chars[i + 2..]
                    .iter()
                    .position(|&d| d == '\'')
                    .map(|n| i + 2 + n)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.extend(std::iter::repeat_n(' ', end + 1 - i));
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    without_test_modules(&out.into_iter().collect::<String>())
}

/// Whether the character before `i` continues an identifier.
fn word(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// `code` without its `#[cfg(test)] mod name { ... }` items.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let item = after.trim_start();
        let braced_module = item.starts_with("mod ")
            || item.starts_with("pub mod ")
            || item.starts_with("pub(crate) mod ");
        let open = item.find(['{', ';']);
        match open {
            Some(open) if braced_module && item[open..].starts_with('{') => {
                let body = &item[open..];
                let mut depth = 0usize;
                let mut end = body.len();
                for (j, ch) in body.char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = j + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &body[end..];
            }
            _ => {
                out.push_str("#[cfg(test)]");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The identifier starting at byte `i` of `s`, if one does.
fn ident_at(s: &str, i: usize) -> &str {
    let rest = &s[i..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The module `segments` (a path's identifiers after `crate`) leads to: the
/// deepest one of `modules` it names.
fn resolve(modules: &BTreeSet<Module>, segments: &[&str]) -> Option<Module> {
    (1..=segments.len())
        .rev()
        .map(|n| segments[..n].join("/"))
        .find(|m| modules.contains(m))
}

/// The path's segments from byte `i` of `code`: `a::b::C` gives `[a, b, C]`.
fn segments_at(code: &str, mut i: usize) -> Vec<&str> {
    let mut out = Vec::new();
    loop {
        let id = ident_at(code, i);
        if id.is_empty() {
            break;
        }
        out.push(id);
        i += id.len();
        if code[i..].starts_with("::") {
            i += 2;
        } else {
            break;
        }
    }
    out
}

/// The members of a `{...}` group at byte `i` (just after the `{`): each
/// top-level member's path segments.
fn group_at(code: &str, i: usize) -> Vec<Vec<&str>> {
    let mut members = Vec::new();
    let mut depth = 0usize;
    let mut start = true;
    for (j, ch) in code[i..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && depth == 0 && (c.is_alphanumeric() || c == '_') => {
                members.push(segments_at(code, i + j));
                start = false;
            }
            _ => {}
        }
    }
    members
}

/// The modules that `code`, the file of module `me`, names.
fn edges(modules: &BTreeSet<Module>, me: &str, code: &str) -> BTreeSet<Module> {
    let parent: Vec<&str> = me.split('/').collect::<Vec<_>>();
    let parent = &parent[..parent.len() - 1];
    let mut found = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut add = |segments: Vec<&str>| {
        if let Some(m) = resolve(modules, &segments) {
            found.insert(m);
        }
    };
    for (i, _) in code.char_indices() {
        let at_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !at_word {
            continue;
        }
        let after_path = code[..i].ends_with("::");
        let id = ident_at(code, i);
        if id.is_empty() || !code[i + id.len()..].starts_with("::") {
            continue;
        }
        let next = i + id.len() + 2;
        let base: Vec<&str> = match id {
            "crate" if !after_path => Vec::new(),
            "super" if !after_path => parent.to_vec(),
            "self" if !after_path => me.split('/').collect(),
            _ if !after_path && modules.contains(&format!("{me}/{id}")) => {
                add(me.split('/').chain([id]).collect());
                continue;
            }
            _ => continue,
        };
        let mut paths = Vec::new();
        if code[next..].starts_with('{') {
            paths.extend(group_at(code, next + 1));
        } else {
            paths.push(segments_at(code, next));
        }
        for tail in paths {
            add(base.iter().copied().chain(tail).collect());
        }
    }
    found.remove(me);
    found
}

/// The modules declared test-only in a file of their own (`#[cfg(test)] mod
/// name;` in `lib.rs`, or in `a.rs` or `a/mod.rs` for `a/name`): like a braced
/// `#[cfg(test)]` module, such a file may reach anywhere.
fn test_only_files(files: &[(String, String)]) -> BTreeSet<Module> {
    let mut out = BTreeSet::new();
    for (path, text) in files {
        let Some(me) = path.strip_suffix(".rs") else {
            continue;
        };
        let me = me.strip_suffix("/mod").unwrap_or(me);
        let parent = if me == "lib" || me == "main" { "" } else { me };
        let code = code_of(text);
        let mut rest = code.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            let item = rest[at + "#[cfg(test)]".len()..].trim_start();
            let item = ["pub(crate) ", "pub "]
                .iter()
                .find_map(|v| item.strip_prefix(v))
                .unwrap_or(item);
            if let Some(decl) = item.strip_prefix("mod ") {
                let name = ident_at(decl, 0);
                if !name.is_empty() && decl[name.len()..].trim_start().starts_with(';') {
                    out.insert(if parent.is_empty() {
                        name.to_owned()
                    } else {
                        format!("{parent}/{name}")
                    });
                }
            }
            rest = &rest[at + "#[cfg(test)]".len()..];
        }
    }
    out
}

/// A cycle of `graph`, as the modules along it, the first repeated at the end.
fn cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        marks: &mut BTreeMap<Module, Mark>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        match marks.get(m) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|p| p == m).unwrap_or(0);
                let mut c = path[from..].to_vec();
                c.push(m.clone());
                return Some(c);
            }
            None => {}
        }
        marks.insert(m.clone(), Mark::Open);
        path.push(m.clone());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, marks, path) {
                return Some(c);
            }
        }
        path.pop();
        marks.insert(m.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut marks, &mut Vec::new()))
}

/// The module graph of the library's files, between the crate's top modules
/// (a folder's files are one module: `sim/tally` is part of `sim`, as its
/// items are `sim`'s): `files` are `(path below src/, text)`; the crate's
/// roots (`lib.rs`, `main.rs`) and the binary's `cli/` are left out.
fn graph(files: &[(String, String)]) -> BTreeMap<Module, BTreeSet<Module>> {
    let module_of = |path: &str| -> Option<Module> {
        let m = path.strip_suffix(".rs")?;
        let m = m.strip_suffix("/mod").unwrap_or(m);
        (m != "lib" && m != "main" && !m.starts_with("cli")).then(|| m.to_owned())
    };
    let top = |m: &str| m.split('/').next().unwrap_or(m).to_owned();
    let test_only = test_only_files(files);
    let is_test_only = |m: &str| {
        test_only
            .iter()
            .any(|t| m == t || m.starts_with(&format!("{t}/")))
    };
    let modules: BTreeSet<Module> = files.iter().filter_map(|(p, _)| module_of(p)).collect();
    let mut g: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (p, text) in files {
        let Some(me) = module_of(p) else { continue };
        if is_test_only(&me) {
            continue;
        }
        let out = g.entry(top(&me)).or_default();
        for m in edges(&modules, &me, &code_of(text)) {
            if top(&m) != top(&me) {
                out.insert(top(&m));
            }
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect()
    }

    /// The file-level edges of `list`, by module.
    fn file_edges(list: &[(&str, &str)]) -> BTreeMap<String, Vec<String>> {
        let modules: BTreeSet<Module> = list
            .iter()
            .map(|(p, _)| {
                let m = p.strip_suffix(".rs").unwrap();
                m.strip_suffix("/mod").unwrap_or(m).to_owned()
            })
            .collect();
        list.iter()
            .map(|(p, t)| {
                let m = p.strip_suffix(".rs").unwrap();
                let m = m.strip_suffix("/mod").unwrap_or(m).to_owned();
                let e = edges(&modules, &m, &code_of(t)).into_iter().collect();
                (m, e)
            })
            .collect()
    }

    #[test]
    fn every_kind_of_path_is_an_edge() {
        let e = file_edges(&[
            ("a.rs", "use crate::b::X;\nfn f() { crate::c::g(); }"),
            ("b.rs", "use crate::{c, d::{self, Y}};"),
            ("c.rs", ""),
            ("d.rs", ""),
            ("s/mod.rs", "mod t;\npub use t::Z;\nuse crate::a;"),
            ("s/t.rs", "use super::u::W; fn f() { super::g(); }"),
            ("s/u.rs", "use self::inner::Q;"),
        ]);
        assert_eq!(e["a"], ["b", "c"]);
        assert_eq!(e["b"], ["c", "d"]);
        assert_eq!(e["s"], ["a", "s/t"]);
        assert_eq!(e["s/t"], ["s", "s/u"]);
        assert!(e["s/u"].is_empty(), "{e:?}");
    }

    #[test]
    fn a_folder_is_one_module() {
        let g = graph(&files(&[
            ("a.rs", "use crate::s::t::X;"),
            ("s/mod.rs", "mod t;\npub use t::Z;"),
            ("s/t.rs", "use super::Y; use crate::b::W;"),
            ("b.rs", ""),
        ]));
        let names = |m: &str| -> Vec<&str> { g[m].iter().map(String::as_str).collect() };
        assert_eq!(names("a"), ["s"]);
        assert_eq!(names("s"), ["b"]);
        assert_eq!(g.len(), 3, "{g:?}");
    }

    #[test]
    fn comments_strings_and_test_modules_are_no_edges() {
        let g = graph(&files(&[
            (
                "a.rs",
                "//! see [crate::b]\n/* crate::b */ fn f() -> &'static str { \"crate::b::x\" }\n\
                 const C: char = '\"'; fn g() {}\n#[cfg(test)]\nmod tests { use crate::b; }\n\
                 fn h() { r#\"crate::b\"#; }",
            ),
            ("b.rs", "use crate::a;"),
        ]));
        assert!(g["a"].is_empty(), "{g:?}");
        assert_eq!(cycle(&g), None);
    }

    #[test]
    fn test_only_files_are_no_edges() {
        let g = graph(&files(&[
            ("lib.rs", "pub mod a;\n#[cfg(test)]\nmod planted;"),
            ("a.rs", "#[cfg(test)]\nmod tests;\npub fn f() {}"),
            ("a/tests.rs", "use crate::planted::X;"),
            ("planted.rs", "use crate::a::f;"),
        ]));
        assert!(!g.contains_key("planted"), "{g:?}");
        assert!(g["a"].is_empty(), "{g:?}");
        // Without the attribute the same files make a circle.
        let g = graph(&files(&[
            ("lib.rs", "pub mod a;\nmod planted;"),
            ("a.rs", "mod tests;\npub fn f() {}"),
            ("a/tests.rs", "use crate::planted::X;"),
            ("planted.rs", "use crate::a::f;"),
        ]));
        assert!(cycle(&g).is_some(), "{g:?}");
    }

    #[test]
    fn a_cycle_is_named() {
        let g = graph(&files(&[
            ("a.rs", "use crate::b::X;"),
            ("b.rs", "use crate::c::X;"),
            ("c.rs", "use crate::a::X;"),
            ("d.rs", "use crate::a::X;"),
        ]));
        assert_eq!(
            cycle(&g),
            Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
    }

    #[test]
    fn the_harness_has_no_circle() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut list = Vec::new();
        let mut dirs = vec![src.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
                let path = entry.expect("src/ is readable").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let rel = path.strip_prefix(&src).expect("below src/");
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    list.push((rel, text));
                }
            }
        }
        let g = graph(&list);
        assert!(g.len() > 20, "too few modules found: {g:?}");
        // The graph is read, not empty: edges known to exist are there.
        assert!(g["runner"].contains("scenario"), "{g:?}");
        assert!(g["sim"].contains("shrink"), "{g:?}");
        assert!(g["report"].contains("sim"), "{g:?}");
        // The clock scenarios are one more kind the runner runs: loaded by the
        // scenario format's loader, run into the runner's results.
        assert!(g["clock_scenario"].contains("scenario"), "{g:?}");
        assert!(g["clock_scenario"].contains("runner"), "{g:?}");
        if let Some(c) = cycle(&g) {
            panic!(
                "the modules of conformance/src import each other in a circle: {}",
                c.join(" -> ")
            );
        }
    }
}
