//! The `tigerseye` command's subcommands, one module each, as cargo lays out
//! its own: each has its clap arguments (`Args`), resolves them into a
//! validated `Config` (every check on the arguments, before any work), and
//! runs it (`run`, `Ok(false)` when something failed). The flags several
//! commands share are parsed in [`flags`], once; what several print, in
//! [`output`]. The library never sees clap.

pub(crate) mod bench;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod conform;
pub(crate) mod flags;
pub(crate) mod fuzz_matrix;
pub(crate) mod merge;
pub(crate) mod mutants;
pub(crate) mod new_scenario;
pub(crate) mod nightly;
pub(crate) mod output;
pub(crate) mod perft;
pub(crate) mod replay;
pub(crate) mod rulings;
pub(crate) mod scenario;
pub(crate) mod show;
pub(crate) mod sim;
