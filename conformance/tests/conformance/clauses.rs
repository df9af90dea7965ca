//! The clause index under `scenarios/clauses/`: it loads (no id twice), its
//! quotes are in the seeds' texts where the seeds are at hand, a scenario
//! citing a clause not in it is a load error at the id's line, every ruling
//! cites a clause of the index and every scenario cites at least one.

use std::collections::BTreeMap;
use std::path::Path;

use tigerseye_conformance::{clauses, clock_scenario, corpus, scenario};
use tigerseye_engine::rulings::Ruling;

fn corpus_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

fn load_index() -> clauses::Index {
    clauses::Index::load(&corpus_root()).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

/// Every ruling: each registered game's, the clocks', and The Game's, which
/// are checked here before the game is registered (a ruling listed twice is
/// checked once).
fn every_ruling() -> BTreeMap<&'static str, &'static Ruling> {
    tigerseye_engine::rulings::all()
        .into_iter()
        .map(|(_, r)| r)
        .chain(tigerseye_engine::core::clocks::RULINGS)
        .chain(tigerseye_engine::the_game::RULINGS)
        .map(|r| (r.id, r))
        .collect()
}

#[test]
fn the_index_loads_and_covers_the_seeds_with_games() {
    let index = load_index();
    for seed in ["000", "001", "002", "004"] {
        assert!(
            index
                .seeds
                .iter()
                .any(|s| s.seed == seed && !s.clauses.is_empty()),
            "no clause index for seed {seed}"
        );
    }
    // A clause's game, where the index names one, is a registered game.
    for c in index.seeds.iter().flat_map(|s| &s.clauses) {
        if let Some(g) = &c.game {
            assert!(
                g.parse::<tigerseye_engine::GameId>().is_ok(),
                "{}: clause {} names unknown game {g}",
                c.at,
                c.id
            );
        }
    }
}

#[test]
fn every_quote_is_in_its_seed() {
    let Some(seeds) = clauses::seeds_dir() else {
        eprintln!(
            "skipped: no seeds folder (../shared/seeds beside the repository, or $TIGERSEYE_SEEDS): the clause quotes are not checked against the seeds"
        );
        return;
    };
    let index = clauses::Index::load(&corpus_root()).expect("the index loads");
    let stale = clauses::stale_quotes(&index, &seeds).expect("the seeds folder reads");
    assert!(stale.is_empty(), "{}", stale.join("\n"));
}

#[test]
fn an_unknown_clause_is_a_load_error_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("clauses")).unwrap();
    std::fs::write(
        dir.path().join("clauses/002-jewel.toml"),
        "seed = \"002\"\nname = \"Jewel\"\nprefix = \"jewel\"\nfloor = 100.0\n\
         [[clause]]\nid = \"jewel.duel.1\"\nsection = \"Duel\"\nclass = \"rule\"\nquote = \"q\"\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("duel")).unwrap();
    let scenario = |clause: &str| {
        format!(
            "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\nclauses = [\"{clause}\"]\n[[step]]\nturn = \"red\"\n"
        )
    };
    std::fs::write(dir.path().join("duel/a.toml"), scenario("jewel.duel.9")).unwrap();
    let only = Some("duel".parse().unwrap());
    let summary = corpus::check(dir.path(), only, 1000).unwrap();
    let a = &summary.scenarios[0];
    assert_eq!(a.verdict, tigerseye_conformance::runner::Verdict::LoadError);
    assert!(
        a.failures[0].contains("a.toml:4:12: unknown clause `jewel.duel.9`"),
        "{:?}",
        a.failures
    );
    // Cited, the clause is tested and the floor of 100% holds.
    std::fs::write(dir.path().join("duel/a.toml"), scenario("jewel.duel.1")).unwrap();
    let summary = corpus::check(dir.path(), None, 1000).unwrap();
    let cov = summary
        .clauses
        .as_ref()
        .expect("a full check measures coverage");
    assert_eq!((cov.seeds[0].rules, cov.seeds[0].tested), (1, 1));
    assert_eq!(cov.seeds[0].clauses[0].tested_by, ["duel/a.toml"]);
    assert!(!cov.seeds[0].below_floor());
    // (The registry's rulings cite clauses this one-clause index lacks: those
    // are reported as errors.)
    assert!(
        cov.errors.iter().all(|e| e.starts_with("ruling `")),
        "{:?}",
        cov.errors
    );
    // Uncited, coverage falls under the floor and the check fails.
    std::fs::write(
        dir.path().join("duel/a.toml"),
        scenario("jewel.duel.1").replace("clauses = [\"jewel.duel.1\"]\n", ""),
    )
    .unwrap();
    let summary = corpus::check(dir.path(), None, 1000).unwrap();
    assert!(summary.clauses.as_ref().unwrap().seeds[0].below_floor());
    assert!(summary.failed());
}

#[test]
fn every_ruling_cites_a_clause_of_the_index() {
    let index = load_index();
    let mut wrong = Vec::new();
    for (id, ruling) in every_ruling() {
        if ruling.clauses.is_empty() {
            wrong.push(format!("ruling `{id}` cites no clause"));
        }
        for &c in ruling.clauses {
            if index.get(c).is_none() {
                wrong.push(format!("ruling `{id}` cites unknown clause `{c}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_scenario_cites_a_clause() {
    // A scenario cites its clauses in `clauses = [...]`, or through a ruling
    // it names whose `clauses` cite them (the project's ply bounds, which no
    // seed sentence states, are cited only so). An unknown id is the corpus
    // check's load error; here each file must cite something.
    let root = corpus_root();
    let rulings = every_ruling();
    // Whether a scenario citing `clauses` and naming `named` rulings cites a clause.
    let cites = |clauses: &[toml::Spanned<String>], named: &[toml::Spanned<String>]| {
        !clauses.is_empty()
            || named.iter().any(|r| {
                rulings
                    .get(r.get_ref().as_str())
                    .is_some_and(|r| !r.clauses.is_empty())
            })
    };
    let mut uncited = Vec::new();
    let mut seen = 0;
    for path in scenario::discover(&root).expect("the corpus reads") {
        let loaded = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let s = &loaded.scenario;
        seen += 1;
        if !cites(&s.clauses, &s.rulings) {
            uncited.push(path.display().to_string());
        }
    }
    let clocks = scenario::discover_in(vec![root.join(clock_scenario::FOLDER)])
        .expect("the clock scenarios read");
    for path in clocks {
        let loaded = clock_scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let s = &loaded.scenario;
        seen += 1;
        if !cites(&s.clauses, &s.rulings) {
            uncited.push(path.display().to_string());
        }
    }
    assert!(seen > 0, "no scenario found under {}", root.display());
    assert!(
        uncited.is_empty(),
        "these scenarios cite no seed clause, neither in `clauses` nor through a ruling they name (scenarios/README.md, Seed clauses):\n{}",
        uncited.join("\n")
    );
}
