//! The clause index under `scenarios/clauses/`: it loads (no id twice), its
//! quotes are in the seeds' texts where the seeds are at hand, and a scenario
//! citing a clause not in it is a load error at the id's line.

use std::path::Path;

use tigerseye_conformance::{clauses, corpus};

fn corpus_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

#[test]
fn the_index_loads_and_covers_the_seeds_with_games() {
    let index = clauses::Index::load(&corpus_root()).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    for seed in ["000", "002"] {
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
