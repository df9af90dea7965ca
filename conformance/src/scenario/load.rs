//! Loading a scenario file, of either format (a game's, a clock scenario):
//! discovering the files, reading them as UTF-8, parsing the TOML, checking
//! the header they share, and pointing at a line (`file:line:column`) with
//! what was expected.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use toml::Spanned;

use super::Status;

/// The corpus's folder of perft tables: no game's scenarios.
pub const PERFT_FOLDER: &str = "perft";

/// The corpus's folder of clock scenarios (their own format, beside the
/// games'), and the name their results are counted under.
pub const CLOCKS_FOLDER: &str = "clocks";

/// The corpus's folder of the seeds' clause indexes.
pub const CLAUSES_FOLDER: &str = "clauses";

/// A scenario format: a file's shape, read by serde, with the header every
/// format shares and the checks of its own keys that serde cannot make. The
/// games' scenarios ([`Scenario`](super::Scenario)) and the clock scenarios
/// are the two.
pub trait Format: DeserializeOwned + Sized {
    /// The header: title, source, status, reason, rulings and clauses.
    fn header(&self) -> Header<'_>;

    /// Checks the format's own keys, the header checked already.
    ///
    /// # Errors
    ///
    /// [`LoadError`] at the line of the first problem.
    fn check(loaded: &Loaded<Self>) -> Result<(), LoadError>;
}

/// A scenario of format `F` loaded from a file, with what is needed to point
/// at its lines.
#[derive(Clone, Debug)]
pub struct Loaded<F> {
    /// The file.
    pub path: PathBuf,
    /// The text, for turning spans into line numbers.
    pub text: String,
    /// The parsed scenario.
    pub scenario: F,
}

impl<F> Loaded<F> {
    /// `path:line:column` of byte offset `at`.
    #[must_use]
    pub fn locate(&self, at: usize) -> String {
        locate(&self.path, &self.text, at)
    }
}

/// Parses `text` read from `path` as a scenario of format `F`: the TOML, then
/// the header ([`check_header`]), then the format's own checks
/// ([`Format::check`]).
///
/// # Errors
///
/// [`LoadError`] at the line of the first problem: TOML syntax, an unknown or
/// missing key, a value of the wrong type, a header at fault, or what the
/// format refuses.
pub fn parse_as<F: Format>(path: &Path, text: &str) -> Result<Loaded<F>, LoadError> {
    let scenario: F = toml::from_str(text).map_err(|e| toml_error(path, text, &e))?;
    let loaded = Loaded {
        path: path.to_owned(),
        text: text.to_owned(),
        scenario,
    };
    check_header(path, text, &loaded.scenario.header())?;
    F::check(&loaded)?;
    Ok(loaded)
}

/// Reads and parses the scenario file at `path` as format `F`.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or [`parse_as`] fails.
pub fn load_as<F: Format>(path: &Path) -> Result<Loaded<F>, LoadError> {
    parse_as(path, &read(path)?)
}

/// `path:line:column` of byte offset `at` in `text` (1-based line and column).
#[must_use]
pub fn locate(path: &Path, text: &str, at: usize) -> String {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("{}:{line}:{column}", path.display())
}

/// A scenario file that could not be read or does not have the format's shape.
#[derive(Debug, thiserror::Error)]
#[error("{at}: {message}")]
pub struct LoadError {
    /// `path:line:column`, or the path alone.
    pub at: String,
    /// What was wrong and what was expected.
    pub message: String,
}

/// Where `key` is set in the step whose `[[step]]` header spans `span` of
/// `text`: the start of its `key = ...` line (searched up to the next table
/// header), so that a failed expectation points at the key that failed; the
/// header's start when no such line is found (a quoted or dotted key).
pub(crate) fn key_at(text: &str, span: &std::ops::Range<usize>, key: &str) -> usize {
    let Some(after) = text.get(span.end..) else {
        return span.start;
    };
    let mut offset = span.end;
    for line in after.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            break;
        }
        if let Some(rest) = trimmed.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            return offset + (line.len() - trimmed.len());
        }
        offset += line.len();
    }
    span.start
}

/// A TOML error in `text`, read from `path`, at its line and column (the file
/// alone when the error has no place).
#[must_use]
pub fn toml_error(path: &Path, text: &str, e: &toml::de::Error) -> LoadError {
    LoadError {
        at: e.span().map_or_else(
            || path.display().to_string(),
            |s| locate(path, text, s.start),
        ),
        message: e.message().trim().to_owned(),
    }
}

/// The title `tigerseye new-scenario` writes into a skeleton.
pub const SKELETON_TITLE: &str = "What this example shows, in one line";

/// What of a `new-scenario` skeleton is still unfilled in a scenario's
/// `title` and `source`: the key and the placeholder. A skeleton loaded as
/// written would pass and count as its ruling's scenario.
#[must_use]
pub fn skeleton_placeholder(title: &str, source: &str) -> Option<(&'static str, &'static str)> {
    if title.trim() == SKELETON_TITLE {
        return Some(("title", SKELETON_TITLE));
    }
    ["<seed>", "<section>", "<the seed's words>"]
        .into_iter()
        .find(|p| source.contains(p))
        .map(|p| ("source", p))
}

/// The error for a skeleton's placeholder left in `key`.
fn placeholder_message(key: &str, placeholder: &str) -> String {
    format!(
        "`{key}` still holds the skeleton's placeholder `{placeholder}`: say what the scenario shows and cite the seed's section and words"
    )
}

/// The text of the scenario file at `path`, a game's or a clock scenario.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or is not UTF-8.
pub fn read(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError {
        at: path.display().to_string(),
        message: e.to_string(),
    })?;
    utf8(path, bytes)
}

/// The header every scenario file starts with, a game's and a clock
/// scenario alike: what it shows, where it comes from, whether it holds.
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    /// `title`.
    pub title: &'a str,
    /// `source`.
    pub source: &'a str,
    /// `status`.
    pub status: Status,
    /// `reason`.
    pub reason: Option<&'a str>,
    /// `rulings`: the ids of the rulings the scenario exercises.
    pub rulings: &'a [Spanned<String>],
    /// `clauses`: the ids of the seed clauses the scenario tests.
    pub clauses: &'a [Spanned<String>],
}

/// Checks the header of the scenario `text` read from `path`: a `source`
/// that cites something, no skeleton placeholder left, a `reason` for a
/// disputed status.
///
/// # Errors
///
/// [`LoadError`] at the line of the key at fault.
pub fn check_header(path: &Path, text: &str, h: &Header<'_>) -> Result<(), LoadError> {
    // A top-level key's line: searched from the start up to the first table.
    let top = |key: &str| locate(path, text, key_at(text, &(0..0), key));
    if h.source.trim().is_empty() {
        return Err(LoadError {
            at: top("source"),
            message: "`source` is empty: cite the seed file and section".into(),
        });
    }
    if let Some((key, placeholder)) = skeleton_placeholder(h.title, h.source) {
        return Err(LoadError {
            at: top(key),
            message: placeholder_message(key, placeholder),
        });
    }
    if h.status == Status::Disputed && h.reason.is_none_or(|r| r.trim().is_empty()) {
        let key = if h.reason.is_some() {
            "reason"
        } else {
            "status"
        };
        return Err(LoadError {
            at: top(key),
            message: "`status = \"disputed\"` needs a `reason` saying why the example cannot hold"
                .into(),
        });
    }
    Ok(())
}

/// The text of a file read as `bytes`, or an error at the line and column of its
/// first byte that is not UTF-8.
///
/// # Errors
///
/// [`LoadError`] when `bytes` are not UTF-8.
pub fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let valid = std::str::from_utf8(&bytes[..bad]).unwrap_or_default();
        LoadError {
            at: locate(path, valid, bad),
            message: format!(
                "byte 0x{:02x} is not UTF-8: the file must be UTF-8 text",
                bytes[bad]
            ),
        }
    })
}

/// Whether `path` names a TOML file: extension `.toml` in any case (a
/// `x.TOML` was passed over unseen).
#[must_use]
pub fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// Every scenario file under `root`: `*.toml` in its subfolders (files directly in
/// `root`, such as `quarantine.toml`, the `perft/` folder, the clock scenarios'
/// `clocks/` and the clause indexes' `clauses/` are not game scenarios),
/// sorted by path.
///
/// # Errors
///
/// When a directory cannot be read.
pub fn discover(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut stack: Vec<PathBuf> = Vec::new();
    for entry in std::fs::read_dir(root)? {
        let path = entry?.path();
        if path.is_dir()
            && path
                .file_name()
                .is_some_and(|n| n != PERFT_FOLDER && n != CLOCKS_FOLDER && n != CLAUSES_FOLDER)
        {
            stack.push(path);
        }
    }
    discover_in(stack)
}

/// Every `*.toml` under the folders `dirs` and their subfolders, sorted by
/// path (a symbolic link to a missing file is listed, so that it fails to
/// load, not passes unseen).
///
/// # Errors
///
/// When a directory cannot be read.
pub fn discover_in(dirs: Vec<PathBuf>) -> std::io::Result<Vec<PathBuf>> {
    let mut stack = dirs;
    let mut found = Vec::new();
    // Folders already walked, by their real path: a symbolic link back up the
    // tree would otherwise be followed until the path is too long, and every
    // file under it run again at each level.
    let mut seen = std::collections::HashSet::new();
    while let Some(dir) = stack.pop() {
        if !seen.insert(std::fs::canonicalize(&dir)?) {
            continue;
        }
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if is_toml(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_utf8_is_an_error_at_its_first_bad_byte() {
        // It was "stream did not contain valid UTF-8", with no line.
        let err = utf8(
            Path::new("x.toml"),
            b"title = \"t\"\ngame = \"caf\xe9\"\n".to_vec(),
        )
        .unwrap_err();
        assert_eq!(err.at, "x.toml:2:12");
        assert!(err.message.contains("byte 0xe9 is not UTF-8"), "{err}");
    }

    #[test]
    fn a_link_back_up_the_tree_is_walked_once() {
        let root = tempfile::tempdir().unwrap();
        let duel = root.path().join("duel");
        std::fs::create_dir(&duel).unwrap();
        std::fs::write(duel.join("a.toml"), "").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink("..", duel.join("loop")).unwrap();
        let found = discover(root.path()).unwrap();
        assert_eq!(found, [duel.join("a.toml")]);
    }

    #[test]
    fn locate_counts_lines_and_columns_from_one() {
        assert_eq!(locate(Path::new("f"), "ab\ncd", 4), "f:2:2");
        assert_eq!(locate(Path::new("f"), "ab\ncd", 0), "f:1:1");
    }
}
