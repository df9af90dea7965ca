//! What `docs/adding-a-game.md` says a game brings, checked for every
//! registered game, and the README's games table checked against the registry.

use std::path::{Path, PathBuf};

use tigerseye_conformance::fuzzing::random_game_corpus;
use tigerseye_engine::GameId;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// What a registered game must have in the repository, by the path
/// `docs/adding-a-game.md` gives it (`<game>`, `<game_>` as there).
const LISTED: [&str; 4] = [
    "scenarios/<game>/",
    "scenarios/perft/<game>.toml",
    "docs/games/<game>.md",
    "fuzz/corpus/<game_>_random_game/",
];

fn path_for(pattern: &str, game: GameId) -> String {
    pattern
        .replace(
            "<game_>",
            &random_game_corpus(game).replace("_random_game", ""),
        )
        .replace("<game>", game.name())
}

/// Whether `path` (a folder when it ends in `/`) is there and, for a folder,
/// holds at least one file.
fn present(path: &str) -> bool {
    let full = repo(path);
    if path.ends_with('/') {
        std::fs::read_dir(&full)
            .map(|mut entries| entries.any(|e| e.is_ok_and(|e| e.path().is_file())))
            .unwrap_or(false)
    } else {
        full.is_file()
    }
}

#[test]
fn a_registered_game_has_what_adding_a_game_lists() {
    let guide = std::fs::read_to_string(repo("docs/adding-a-game.md")).unwrap();
    for pattern in LISTED {
        assert!(
            guide.contains(pattern),
            "docs/adding-a-game.md does not list `{pattern}`"
        );
    }
    let missing: Vec<String> = GameId::ALL
        .iter()
        .flat_map(|&g| {
            LISTED
                .iter()
                .map(move |p| path_for(p, g))
                .filter(|p| !present(p))
                .map(move |p| format!("{g}: {p}"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "registered games lack what docs/adding-a-game.md lists:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_listed_paths_are_checked_for_real() {
    // A name the registry does not have has none of them.
    assert!(!present("scenarios/no-such-game/"));
    assert!(!present("docs/games/no-such-game.md"));
    assert_eq!(
        path_for(LISTED[3], GameId::DiamondQi),
        "fuzz/corpus/diamond_qi_random_game/"
    );
    assert!(present(&path_for(LISTED[1], GameId::Duel)));
}

/// The names in backticks in the cells of the table under `## Games`.
fn games_table_names(readme: &str) -> Result<Vec<String>, String> {
    let mut lines = readme.lines().skip_while(|l| l.trim() != "## Games");
    if lines.next().is_none() {
        return Err("no `## Games` heading".into());
    }
    let rows: Vec<&str> = lines
        .take_while(|l| !l.starts_with('#'))
        .skip_while(|l| !l.trim_start().starts_with('|'))
        .take_while(|l| l.trim_start().starts_with('|'))
        .collect();
    if rows.len() < 3 {
        return Err("no table with a header and rows under `## Games`".into());
    }
    // Past the header and the `|---|` line.
    Ok(rows[2..]
        .iter()
        .flat_map(|row| row.split('`').skip(1).step_by(2))
        .map(str::to_owned)
        .collect())
}

#[test]
fn the_readme_games_table_is_the_registry() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let names = games_table_names(&readme).unwrap_or_else(|e| panic!("README.md: {e}"));
    for g in GameId::ALL {
        assert!(
            names.iter().any(|n| n == g.name()),
            "README.md's games table has no `{g}`"
        );
    }
    for n in &names {
        assert!(
            n.parse::<GameId>().is_ok_and(|g| g.name() == n),
            "README.md's games table names `{n}`, which is no registered game"
        );
    }
}

#[test]
fn the_games_table_reader_sees_what_is_missing_or_unknown() {
    let table = "# x\n\n## Games\n\n| game | page |\n|---|---|\n| Duel | [`duel`](docs/games/duel.md) |\n| Chess | `chess` |\n\n## Next\n\n| `race` |\n";
    assert_eq!(games_table_names(table).unwrap(), ["duel", "chess"]);
    assert!(games_table_names("## Other\n| a |\n|---|\n| `duel` |\n").is_err());
}
