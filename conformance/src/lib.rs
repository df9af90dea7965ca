//! # tigerseye-conformance
//!
//! The rule-conformance, simulation and fuzz-testing harness around
//! `tigerseye-engine`, and the `tigerseye` command.
//!
//! - [`scenario`] and [`runner`]: the corpus of documented rule examples;
//! - [`clauses`]: the seeds' clause index and its coverage by scenarios;
//! - [`corpus`]: `check`, the corpus with its perft tables and rulings coverage;
//! - [`search`]: perft, divide and a bounded solver;
//! - [`invariants`] and [`sim`]: random games on all cores with invariants after
//!   every step;
//! - [`from_corpus`]: the corpus's positions as starts of random games;
//! - [`policy`]: how a simulated game's players choose (random, greedy, MCTS);
//! - [`shrink`]: failing games reduced to short scenarios;
//! - [`reference`](mod@reference): the reference models, and their oracle for `sim`;
//! - [`conform`]: another engine checked through the engine protocol;
//! - [`report`]: summary.json, summary.md and junit.xml, written atomically;
//! - [`merge`]: shard reports combined into the unsharded run's;
//! - [`mutants`]: what cargo-mutants' runs over the engine found, per module;
//! - [`bench`](mod@bench): random-play and perft throughput;
//! - [`build`](mod@build): how the binary was built, written into every report;
//! - [`chance`]: sampled frequencies of chance nodes against a chi-square test;
//! - [`series`]: what a simulation of whole Jewel Series shows;
//! - [`fuzzing`]: the drivers behind the fuzz targets and proptest properties;
//! - [`rulings_doc`]: the rulings as markdown, and the pages' generated blocks;
//! - [`transcript`]: one scenario file run with its transcript (`scenario`);
//! - [`check_results`]: what `check` found, typed, below the reports;
//! - [`panics`]: a panic caught and turned into one item's failure;
//! - [`text`]: input text made safe for the console.
//!
//! The modules import one another in one direction (a test keeps it so): the
//! scenario format at the bottom, the runner above it, the corpus above both,
//! the reports above everything they report.

pub mod bench;
pub mod build;
pub mod chance;
pub mod check_results;
pub mod clauses;
pub mod clock_scenario;
pub mod compare;
pub mod conform;
pub mod corpus;
pub mod from_corpus;
pub mod fuzzing;
pub mod invariants;
#[cfg(test)]
mod layers;
pub mod merge;
pub mod mutants;
pub mod nightly;
pub mod panics;
#[cfg(test)]
pub(crate) mod planted;
pub mod plot;
pub mod policy;
pub mod quarantine;
pub mod reference;
pub mod report;
pub mod rulings_doc;
pub mod runner;
pub mod scenario;
pub mod search;
pub mod series;
pub mod shrink;
pub mod sim;
pub mod text;
pub mod transcript;
pub mod trend;
