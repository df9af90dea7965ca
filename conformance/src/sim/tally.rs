//! The counts of a run: games played in batches on the pool, each one's end
//! tallied per worker, the tallies merged and summarized into [`SimStats`].

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use rayon::prelude::*;
use tigerseye_engine::core::Figures;
use tigerseye_engine::{Game, Score, Side};

use super::starts::Begin;
use super::{
    FailureRecord, FinalScore, GameEnd, LengthStats, MAX_RECORDED_FAILURES, OutcomeCount, Player,
    SimConfig, SimStats, Winner, game_seed, option_map, play_caught, replay_command,
};
use crate::invariants::Violation;
use crate::shrink::Oracle;

/// Lengths below this are counted in a flat array, longer ones in a map.
const EXACT_LENGTHS: usize = 4096;

/// Counters kept per worker and merged by addition.
#[derive(Clone, Debug, Default)]
pub(super) struct Acc {
    pub(super) games: u64,
    pub(super) plies: u64,
    /// The players' decisions (actions but chance outcomes).
    pub(super) decisions: u64,
    /// `[winner * rules + rule]`, winner 0 green, 1 red, 2 draw.
    pub(super) outcomes: Vec<u64>,
    pub(super) unfinished: u64,
    pub(super) unfinished_plies: u64,
    /// Exact counts of lengths `0..EXACT_LENGTHS`.
    pub(super) lengths: Vec<u64>,
    /// Exact counts of longer games.
    pub(super) long_lengths: BTreeMap<u32, u64>,
    pub(super) max_len: u32,
    pub(super) events: Vec<u64>,
    /// Each event's count in one game, squared, summed over games.
    pub(super) event_squares: Vec<u64>,
    /// Finished games by final score (a handful of scores: a list).
    pub(super) scores: Vec<(Score, u64)>,
    pub(super) failed: u64,
    pub(super) failures: Vec<FailureRecord>,
    pub(super) skipped: u64,
    /// The game's own statistics ([`tigerseye_engine::Game::Stats`]).
    pub(super) figures: Figures,
}

impl Acc {
    pub(super) fn new(rules: usize, events: usize) -> Acc {
        Acc {
            outcomes: vec![0; 3 * rules],
            lengths: vec![0; EXACT_LENGTHS],
            events: vec![0; events],
            event_squares: vec![0; events],
            ..Acc::default()
        }
    }

    pub(super) fn merge(mut self, other: Acc) -> Acc {
        self.games += other.games;
        self.plies += other.plies;
        self.decisions += other.decisions;
        add(&mut self.outcomes, &other.outcomes);
        self.unfinished += other.unfinished;
        self.unfinished_plies += other.unfinished_plies;
        add(&mut self.lengths, &other.lengths);
        for (l, n) in other.long_lengths {
            *self.long_lengths.entry(l).or_default() += n;
        }
        self.max_len = self.max_len.max(other.max_len);
        add(&mut self.events, &other.events);
        add(&mut self.event_squares, &other.event_squares);
        for (score, n) in other.scores {
            add_score(&mut self.scores, score, n);
        }
        self.failed += other.failed;
        self.failures.extend(other.failures);
        self.failures.sort_by_key(|f| f.index);
        self.failures.truncate(MAX_RECORDED_FAILURES);
        self.skipped += other.skipped;
        self.figures.merge(&other.figures);
        self
    }
}

fn add(into: &mut Vec<u64>, from: &[u64]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

/// When a run with failures stops playing: no game starts past the midpoint
/// of its time once one has failed, so that the rest of its time is left for
/// shrinking the failures.
pub(super) struct Cut {
    failed: AtomicBool,
    midpoint: Option<Instant>,
}

impl Cut {
    /// The cut of a run that started at `started` and ends at `deadline`.
    pub(super) fn new(started: Instant, deadline: Option<Instant>) -> Cut {
        Cut {
            failed: AtomicBool::new(false),
            midpoint: deadline.map(|d| started + d.saturating_duration_since(started) / 2),
        }
    }

    /// Whether a game has failed and the midpoint has passed.
    pub(super) fn stop(&self) -> bool {
        self.failed.load(Ordering::Relaxed) && self.midpoint.is_some_and(|m| Instant::now() >= m)
    }
}

/// Plays local games `from..to` of this shard on the current pool.
pub(super) fn run_batch<G: Game>(
    begins: &[Begin<G>],
    config: &SimConfig,
    cut: &Cut,
    from: u64,
    to: u64,
    bar: Option<&ProgressBar>,
    oracle: Option<&Oracle<G>>,
) -> Acc {
    let shard = config.shard;
    let rules = G::RULES.len();
    let events = G::EVENTS.len();
    // Each split's state: its player, its counts, games played since the progress
    // bar last moved, and games played since the deadline was last looked at. Once
    // the deadline has passed every game left in the split is skipped (not only the
    // one that found it: that let a run overrun its deadline by the batch's 63/64).
    //
    // The player is boxed: rayon moves the fold state by value through its
    // recursive splitting, and every level of that recursion reserved room for
    // a few copies of it (188 KB a level for Dragon, whose Player holds four
    // 16 KiB action buffers), so a run whose splits nested ten deep overflowed
    // a worker's 2 MiB stack (`bench --game dragon`, two runs in ten).
    (from..to)
        .into_par_iter()
        .fold(
            || {
                (
                    boxed_player(&begins[0].initial, config, oracle),
                    Acc::new(rules, events),
                    0u64,
                    0u32,
                )
            },
            |(mut player, mut acc, mut pending, mut since_look): (
                Box<Player<G>>,
                Acc,
                u64,
                u32,
            ),
             local: u64| {
                if acc.skipped > 0 {
                    acc.skipped += 1;
                    return (player, acc, pending, since_look);
                }
                if (since_look == 0 || local == config.min_games)
                    && (config.stop_before(local) || (local >= config.min_games && cut.stop()))
                {
                    acc.skipped += 1;
                    return (player, acc, pending, since_look);
                }
                since_look = (since_look + 1) % 64;
                let index = shard.k + local * shard.n;
                let begin = &begins[config.starts.pick(index).map_or(0, |k| k + 1)];
                player.start_at(begin);
                if index < config.reference_slice {
                    player.use_oracle(begin.slice_oracle.as_ref());
                }
                play_into(&mut player, &mut acc, config, index);
                if acc.failed > 0 {
                    cut.failed.store(true, Ordering::Relaxed);
                }
                pending += 1;
                if pending == 1024 {
                    if let Some(bar) = bar {
                        bar.inc(pending);
                    }
                    pending = 0;
                }
                (player, acc, pending, since_look)
            },
        )
        .map(|(mut player, mut acc, pending, _)| {
            if let Some(bar) = bar {
                bar.inc(pending);
            }
            acc.figures.merge(&player.take_figures());
            acc
        })
        .reduce(|| Acc::new(rules, events), Acc::merge)
}

/// A player on the heap, built there by a call of its own so that no caller's
/// frame holds it.
#[inline(never)]
fn boxed_player<G: Game>(
    initial: &G,
    config: &SimConfig,
    oracle: Option<&Oracle<G>>,
) -> Box<Player<G>> {
    Box::new(
        Player::new(initial, config.mode, config.max_plies)
            .with_oracle(oracle.cloned())
            .with_policy(config.policy),
    )
}

/// Adds `n` games ended at `score` to `scores`.
fn add_score(scores: &mut Vec<(Score, u64)>, score: Score, n: u64) {
    match scores.iter_mut().find(|(s, _)| *s == score) {
        Some((_, count)) => *count += n,
        None => scores.push((score, n)),
    }
}

fn play_into<G: Game>(player: &mut Player<G>, acc: &mut Acc, config: &SimConfig, index: u64) {
    let seed = game_seed(config.master_seed, index);
    let end = play_caught(player, seed);
    let plies = player.actions.len() as u32;
    // The game's own event counts: added to the run's, and squared for their
    // spread from game to game.
    let events = player.take_events();
    if acc.events.len() < events.len() {
        acc.events.resize(events.len(), 0);
        acc.event_squares.resize(events.len(), 0);
    }
    for ((total, squares), &n) in acc
        .events
        .iter_mut()
        .zip(&mut acc.event_squares)
        .zip(&events)
    {
        *total += n;
        *squares = squares.saturating_add(n.saturating_mul(n));
    }
    acc.games += 1;
    acc.plies += u64::from(plies);
    acc.decisions += u64::from(player.decisions);
    match end {
        GameEnd::Over(outcome) => {
            let w = match outcome.winner {
                Some(Side::Green) => 0,
                Some(Side::Red) => 1,
                None => 2,
            };
            match G::RULES.iter().position(|r| *r == outcome.rule) {
                Some(r) => acc.outcomes[w * G::RULES.len() + r] += 1,
                None => record_failure(
                    acc,
                    player,
                    config,
                    index,
                    seed,
                    Violation {
                        check: "rules",
                        message: format!(
                            "outcome rule `{}` is not in the game's RULES",
                            outcome.rule
                        ),
                    },
                ),
            }
            add_score(&mut acc.scores, outcome.score, 1);
            match acc.lengths.get_mut(plies as usize) {
                Some(n) => *n += 1,
                None => *acc.long_lengths.entry(plies).or_default() += 1,
            }
            acc.max_len = acc.max_len.max(plies);
        }
        GameEnd::Unfinished => {
            acc.unfinished += 1;
            acc.unfinished_plies += u64::from(plies);
        }
        GameEnd::Failed(v) => record_failure(acc, player, config, index, seed, v),
    }
}

fn record_failure<G: Game>(
    acc: &mut Acc,
    player: &Player<G>,
    config: &SimConfig,
    index: u64,
    seed: u64,
    v: Violation,
) {
    acc.failed += 1;
    if acc.failures.len() < MAX_RECORDED_FAILURES {
        // Re-walk the actions from the start to write them in notation.
        let mut state = player.initial.clone();
        let mut texts = Vec::with_capacity(player.actions.len());
        for &a in &player.actions {
            texts.push(state.action_text(a));
            state.apply_unchecked(a, &mut |_| {});
        }
        acc.failures.push(FailureRecord {
            index,
            game_seed: seed,
            ply: player.actions.len() as u32,
            check: v.check.to_owned(),
            message: v.message,
            actions: texts,
            replay: replay_command(config, index),
            from: config.starts.of(index).map(|s| s.from.clone()),
            shrunk: None,
        });
    }
}

pub(super) fn summarize<G: Game>(
    config: &SimConfig,
    options: &G::Options,
    acc: Acc,
    elapsed: Duration,
    threads: usize,
) -> SimStats {
    let mut outcomes = Vec::new();
    let winners = [Some(Side::Green), Some(Side::Red), None];
    for (w, side) in winners.into_iter().enumerate() {
        for (r, rule) in G::RULES.iter().enumerate() {
            let count = acc
                .outcomes
                .get(w * G::RULES.len() + r)
                .copied()
                .unwrap_or(0);
            if count > 0 {
                outcomes.push(OutcomeCount {
                    winner: Winner::of(config.game, side),
                    rule: rule.name().to_owned(),
                    count,
                });
            }
        }
    }
    let mut counts: BTreeMap<u32, u64> = acc
        .lengths
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(l, &n)| (l as u32, n))
        .collect();
    counts.extend(acc.long_lengths);
    SimStats {
        game: config.game,
        options: option_map::<G>(options),
        master_seed: config.master_seed,
        shard: config.shard,
        games_requested: config.games,
        max_plies: config.max_plies,
        policy: config.policy,
        decisions: (!config.policy.is_random()).then_some(acc.decisions),
        games: acc.games,
        plies: acc.plies,
        reference_states: 0,
        elapsed_seconds: elapsed.as_secs_f64(),
        threads,
        full_check_every: config.mode.full_every,
        outcomes,
        unfinished: acc.unfinished,
        unfinished_plies: acc.unfinished_plies,
        length: LengthStats::from_counts(counts),
        events: G::EVENTS
            .iter()
            .zip(acc.events.iter().chain(std::iter::repeat(&0)))
            .map(|(t, &n)| ((*t).to_owned(), n))
            .collect(),
        event_squares: G::EVENTS
            .iter()
            .zip(acc.event_squares.iter().chain(std::iter::repeat(&0)))
            .map(|(t, &n)| ((*t).to_owned(), n))
            .collect(),
        scores: acc
            .scores
            .iter()
            .map(|&(score, n)| (FinalScore(score), n))
            .collect(),
        game_stats: super::GameFigures::from(&acc.figures),
        failed_games: acc.failed,
        failures: acc.failures,
        stopped_early: acc.skipped > 0,
        interrupted: acc.skipped > 0 && super::interrupted(),
    }
}

/// At most 24 buckets of equal width (a power of two) covering every length seen.
pub(super) fn histogram(counts: &BTreeMap<u32, u64>) -> Vec<[u64; 3]> {
    let Some(&last) = counts.keys().next_back() else {
        return Vec::new();
    };
    let last = u64::from(last);
    let mut width = 1u64;
    while last / width >= 24 {
        width *= 2;
    }
    (0..=last / width)
        .map(|b| {
            let from = b * width;
            let to = (from + width - 1).min(last);
            let count = counts.range(from as u32..=to as u32).map(|(_, n)| n).sum();
            [from, to, count]
        })
        .collect()
}
