//! The flags several commands share, parsed and validated here once, so that
//! `--game all`, `--game clocks`, a seed, a game option or a count means the
//! same in every command, and is refused in the same words: the value parsers
//! clap calls (a refused value exits 2, as every input the command cannot use)
//! and the checks that join two flags.

use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

use tigerseye_conformance::corpus::{self, Only};
use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::search;
use tigerseye_conformance::sim::Shard;
use tigerseye_conformance::{bench, clock_scenario};
use tigerseye_engine::GameId;

/// `--game` of a command that takes more than one game: one game, the clock
/// scenarios and rulings (`clocks`), or every game and the clocks (`all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Games {
    /// Every registered game (and, where a command has them, the clocks).
    All,
    /// One game, or the clocks (`clocks`).
    Only(Only),
}

impl Games {
    /// The games played: every registered game for `all`, else the one game
    /// (`clocks` is no game: [`parse_game_or_all`] refuses it where games are
    /// played).
    pub(crate) fn ids(self) -> Vec<GameId> {
        match self {
            Games::All => GameId::ALL.to_vec(),
            Games::Only(Only::Game(g)) => vec![g],
            Games::Only(Only::Clocks) => Vec::new(),
        }
    }

    /// What `check` and `rulings` keep: `None` for all.
    pub(crate) fn only(self) -> Option<Only> {
        match self {
            Games::All => None,
            Games::Only(only) => Some(only),
        }
    }
}

/// `--game` of `check` and `rulings`: a game's name, `clocks`, or `all` (every
/// game and the clocks, as `sim --game all` plays every game).
pub(crate) fn parse_game_clocks_or_all(s: &str) -> Result<Games, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(Games::All);
    }
    s.parse::<Only>()
        .map(Games::Only)
        .map_err(|e| format!("{e}, or `all`"))
}

/// `--game` of `sim` and `bench`: a game's name or `all` (every game). The
/// clocks have no random games to play: `clocks` is refused, saying so.
pub(crate) fn parse_game_or_all(s: &str) -> Result<Games, String> {
    if s.eq_ignore_ascii_case(clock_scenario::FOLDER) {
        return Err(format!(
            "expected a game or `all`, found `{s}`: the clocks are checked by `check --game clocks`, they have no games to play"
        ));
    }
    if s.eq_ignore_ascii_case("all") {
        return Ok(Games::All);
    }
    Ok(Games::Only(Only::Game(parse_game(s)?)))
}

/// `--game` of a command about one game (`perft`, `replay`, `show`,
/// `new-scenario`): a game's name.
/// `all` and `clocks` are refused as other unknown names are, saying why.
pub(crate) fn parse_game(s: &str) -> Result<GameId, String> {
    s.parse::<GameId>().map_err(|e| {
        if s.eq_ignore_ascii_case("all") || s.eq_ignore_ascii_case(clock_scenario::FOLDER) {
            format!("{e} (this command takes one game)")
        } else {
            e.to_string()
        }
    })
}

/// `--option key=value`: a game option, the key and value trimmed.
pub(crate) fn parse_option(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("expected `key=value`, found `{s}`"))?;
    if k.trim().is_empty() {
        return Err(format!("expected `key=value`, the key is empty: `{s}`"));
    }
    Ok((k.trim().to_owned(), v.trim().to_owned()))
}

/// Refuses game options with more than one game: `--option` sets one game's
/// option, and with `--game all` every game plays its defaults.
pub(crate) fn ensure_options_fit(
    ids: &[GameId],
    options: &[(String, String)],
) -> anyhow::Result<()> {
    anyhow::ensure!(
        ids.len() == 1 || options.is_empty(),
        "`--option` sets one game's option: give `--game <game>`, not `--game all` (every game plays its defaults)"
    );
    Ok(())
}

/// `--policy`: `random`, `greedy` or `mcts:N`.
pub(crate) fn parse_policy(s: &str) -> Result<Policy, String> {
    s.parse::<Policy>().map_err(|e| e.to_string())
}

/// The policies of `nightly --policy` (`random,greedy,mcts:50`), refused
/// when one is given twice (its sims would be the same run twice).
pub(crate) fn distinct_policies(list: Vec<Policy>) -> anyhow::Result<Vec<Policy>> {
    for (i, p) in list.iter().enumerate() {
        anyhow::ensure!(
            !list[..i].contains(p),
            "`--policy`: `{p}` given twice: give each policy once"
        );
    }
    Ok(list)
}

/// `--shard K/N`: 0 <= K < N.
pub(crate) fn parse_shard(s: &str) -> Result<Shard, String> {
    let err = || format!("expected `K/N` with 0 <= K < N, such as `0/4`, found `{s}`");
    let (k, n) = s.split_once('/').ok_or_else(err)?;
    let k: u64 = k.parse().map_err(|_| err())?;
    let n: u64 = n.parse().map_err(|_| err())?;
    if n == 0 || k >= n {
        return Err(err());
    }
    Ok(Shard { k, n })
}

/// Refuses a shard that would play no game of `games`: shard K/N plays the
/// games whose index is K mod N, none when K >= games (its report would fail
/// as "no game played" and blame a time budget).
pub(crate) fn ensure_shard_has_games(shard: Option<Shard>, games: u64) -> anyhow::Result<()> {
    if let Some(Shard { k, n }) = shard {
        anyhow::ensure!(
            k < games,
            "shard {k}/{n} of {games} games plays no game (it plays the games whose index is {k} mod {n}): give `--games` more than {k}, or fewer shards"
        );
    }
    Ok(())
}

/// The most worker threads `--threads` takes: far more than any machine's cores
/// (each sim worker reserves 16 MiB of stack).
const MAX_THREADS: usize = 1024;

/// `s` read as a whole number within `range`, else the error `expected {what},
/// found `s``, followed by `why` when it is not empty.
fn number_in<T>(s: &str, range: RangeInclusive<T>, what: &str, why: &str) -> Result<T, String>
where
    T: FromStr + PartialOrd,
{
    match s.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!("expected {what}, found `{s}`{why}")),
    }
}

/// A master seed: any `u64`, in decimal.
pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    number_in(
        s,
        0..=u64::MAX,
        "a seed, a whole number from 0 to 18446744073709551615",
        "",
    )
}

/// A game's index in a run: any `u64`, in decimal.
pub(crate) fn parse_index(s: &str) -> Result<u64, String> {
    number_in(
        s,
        0..=u64::MAX,
        "a game's index, a whole number from 0 to 18446744073709551615",
        "",
    )
}

/// `check`'s node limit: 1 or more (0 would skip every perft depth and check
/// nothing, as `--games 0` would).
pub(crate) fn parse_node_limit(s: &str) -> Result<u64, String> {
    number_in(
        s,
        1..=u64::MAX,
        "a node limit, 1 or more",
        " (0 would skip every perft depth)",
    )
}

/// Worker threads: at least one, at most [`MAX_THREADS`].
pub(crate) fn parse_threads(s: &str) -> Result<usize, String> {
    let what = format!("a number of threads, 1 or more and at most {MAX_THREADS}");
    number_in(s, 1..=MAX_THREADS, &what, "")
}

/// Bench rounds: 1 to [`bench::MAX_ROUNDS`].
pub(crate) fn parse_rounds(s: &str) -> Result<u32, String> {
    let what = format!("a number of rounds, 1 to {}", bench::MAX_ROUNDS);
    number_in(s, 1..=bench::MAX_ROUNDS, &what, "")
}

/// Games to play: at least one (a report of no games checks nothing).
pub(crate) fn parse_games(s: &str) -> Result<u64, String> {
    let why = " (a run of no games checks nothing)";
    number_in(s, 1..=u64::MAX, "a number of games, 1 or more", why)
}

/// The ply cap: at least one (a cap of 0 stops every game before its first ply).
pub(crate) fn parse_max_plies(s: &str) -> Result<u32, String> {
    let what = format!("a ply cap from 1 to {}", u32::MAX);
    let why = " (a cap of 0 stops every game before its first ply)";
    number_in(s, 1..=u32::MAX, &what, why)
}

/// Perft depth: 0 to [`search::MAX_PERFT_DEPTH`] plies.
pub(crate) fn parse_depth(s: &str) -> Result<u32, String> {
    let max = search::MAX_PERFT_DEPTH;
    number_in(s, 0..=max, &format!("a depth in plies from 0 to {max}"), "")
}

/// Full checks on one step in N: N at least 1 (1 is every step).
pub(crate) fn parse_full_every(s: &str) -> Result<u32, String> {
    let what = format!("a number of steps from 1 (every step) to {}", u32::MAX);
    number_in(s, 1..=u32::MAX, &what, "")
}

/// The nightly time budget in humantime's notation (`90s`, `15m`, `1h 30m`).
/// humantime reads `M` as months, so `1M`, most likely meant as a minute, would
/// run for a month: the unit `M` is refused.
pub(crate) fn parse_budget(s: &str) -> Result<Duration, String> {
    let bytes = s.as_bytes();
    let months = bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'M' && !bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic));
    if months {
        return Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: `M` is months; write `m` or `min` for minutes"
        ));
    }
    match humantime::parse_duration(s) {
        Ok(d) if d.is_zero() => Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: a budget of zero plays no game"
        )),
        Ok(d) => Ok(d),
        Err(e) => Err(format!(
            "expected a budget such as `60s`, `15m` or `2h`, found `{s}`: {e}"
        )),
    }
}

/// Seconds per benchmark measurement: more than 0, at most a day.
pub(crate) fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(x),
        _ => Err(format!(
            "expected a number of seconds more than 0 and at most 86400, such as `3` or `0.5`, found `{s}`"
        )),
    }
}

/// The corpus folder `--corpus` names, or the default one: it must exist.
pub(crate) fn corpus_root(dir: Option<&std::path::Path>) -> anyhow::Result<std::path::PathBuf> {
    let root = corpus::root(dir);
    anyhow::ensure!(root.is_dir(), "no corpus folder at {}", root.display());
    Ok(root)
}
