//! The conformance crate's one integration-test binary: the scenario corpus with
//! its snapshots, perft tables against the test-only reference models, fuzz seed
//! corpora replayed on stable, proptest properties over random games, and the
//! commands on fixtures (cargo-mutants' outcomes).

mod adding_a_game;
mod clauses;
mod cli;
mod conform;
mod corpus;
mod docs;
mod dragon_notation;
mod dragon_positions;
mod fuzz_corpus;
mod harness;
mod mutants;
mod nightly;
mod perft_recount;
mod properties;
mod reference;
mod reference_dragon;
mod reference_field_manual;
mod reference_race;
mod reference_series;
mod reference_the_game;
mod scenario_positions;
mod sim_panics;
