//! `tigerseye bench`: random-play plies/s and games/s in sim's default checking
//! mode, and perft nodes/s with every leaf action applied, on one thread and on
//! all threads.

use std::time::{Duration, Instant};

use tigerseye_engine::{Game, GameId, GameVisitor};

use crate::invariants::CheckMode;
use crate::report::BenchRow;
use crate::search::{perft, perft_parallel};
use crate::sim::{self, SimConfig};

/// Measures `game` for about `seconds` per row and returns four rows: random play
/// and perft, one thread and `threads` threads (two rows when `threads` is 1:
/// the all-threads rows would measure one thread again).
///
/// # Errors
///
/// When `seconds` is not in (0, 86400], `threads` is 0, or a simulation cannot
/// run.
pub fn bench(game: GameId, seconds: f64, threads: usize) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::ensure!(
        seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0,
        "seconds per measurement: more than 0 and at most 86400, not {seconds}"
    );
    anyhow::ensure!(threads >= 1, "threads: at least 1, not 0");
    // One thread, then `threads` unless that is one thread again.
    let counts: &[usize] = if threads == 1 { &[1] } else { &[1, threads] };
    let mut rows = Vec::new();
    for &t in counts {
        let mut config = SimConfig::new(game, sim::UNCOUNTED);
        config.threads = Some(t);
        config.mode = CheckMode::DEFAULT;
        config.master_seed = 1;
        config.deadline = Some(Instant::now() + Duration::from_secs_f64(seconds));
        let stats = sim::run(&config)?;
        rows.push(BenchRow {
            game: game.name().into(),
            kind: "random-play".into(),
            threads: t,
            plies_per_second: Some(stats.plies_per_second()),
            games_per_second: Some(stats.games_per_second()),
            nodes_per_second: None,
            depth: None,
            work: stats.plies,
            seconds: stats.elapsed_seconds,
        });
        anyhow::ensure!(
            stats.failed_games == 0,
            "{game}: an invariant broke during the benchmark: {:?}",
            stats.failures.first()
        );
    }
    struct Perft<'a>(f64, usize, &'a [usize]);
    impl GameVisitor for Perft<'_> {
        type Output = anyhow::Result<Vec<BenchRow>>;
        fn visit<G: Game>(self) -> anyhow::Result<Vec<BenchRow>> {
            let start = G::new(&Default::default());
            // The deepest depth whose single-thread run takes at most a quarter of
            // the budget, found by growing the depth.
            let mut depth = 1;
            loop {
                let t = Instant::now();
                let n = perft(&start, depth);
                if t.elapsed().as_secs_f64() * 8.0 > self.0 || n == 0 || depth >= 40 {
                    break;
                }
                depth += 1;
            }
            // Only when a row measures more than one thread.
            let pool = if self.2.iter().any(|&threads| threads > 1) {
                Some(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(self.1)
                        .build()
                        .map_err(|e| {
                            anyhow::anyhow!(
                                "cannot start {} perft threads: {e}; give fewer `--threads`",
                                self.1
                            )
                        })?,
                )
            } else {
                None
            };
            Ok(self
                .2
                .iter()
                .map(|&threads| {
                    let deadline = Instant::now() + Duration::from_secs_f64(self.0);
                    let mut nodes = 0u64;
                    let t = Instant::now();
                    while Instant::now() < deadline {
                        nodes += match &pool {
                            Some(pool) if threads > 1 => {
                                pool.install(|| perft_parallel(&start, depth))
                            }
                            _ => perft(&start, depth),
                        };
                    }
                    let secs = t.elapsed().as_secs_f64();
                    BenchRow {
                        game: G::ID.name().into(),
                        kind: "perft".into(),
                        threads,
                        plies_per_second: None,
                        games_per_second: None,
                        nodes_per_second: Some(nodes as f64 / secs),
                        depth: Some(depth),
                        work: nodes,
                        seconds: secs,
                    }
                })
                .collect())
        }
    }
    rows.extend(game.visit(Perft(seconds, threads, counts))?);
    Ok(rows)
}

/// Prints `rows` as a table, with the per-thread rate and the all-threads speed-up.
pub fn print(rows: &[BenchRow]) {
    println!(
        "{:<12} {:<12} {:>7} {:>14} {:>12} {:>14} {:>14} {:>6}",
        "game", "kind", "threads", "plies/s", "games/s", "nodes/s", "per thread", "depth"
    );
    for r in rows {
        let rate = r.plies_per_second.or(r.nodes_per_second).unwrap_or(0.0);
        println!(
            "{:<12} {:<12} {:>7} {:>14} {:>12} {:>14} {:>14.0} {:>6}",
            r.game,
            r.kind,
            r.threads,
            r.plies_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            r.games_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            r.nodes_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            rate / r.threads as f64,
            r.depth.map_or("-".into(), |d| d.to_string()),
        );
    }
    for pair in rows.chunks(2) {
        if let [one, all] = pair
            && all.threads > 1
        {
            let a = one.plies_per_second.or(one.nodes_per_second).unwrap_or(0.0);
            let b = all.plies_per_second.or(all.nodes_per_second).unwrap_or(0.0);
            println!(
                "{} {}: {} threads run {:.2}x one thread",
                one.game,
                one.kind,
                all.threads,
                b / a.max(1e-9)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_is_measured_once() {
        // `bench --threads 1` (and `bench` on a one-core machine) measured
        // and printed every row twice.
        let rows = bench(GameId::Duel, 0.02, 1).unwrap();
        let shape: Vec<(&str, usize)> = rows.iter().map(|r| (r.kind.as_str(), r.threads)).collect();
        assert_eq!(shape, [("random-play", 1), ("perft", 1)]);
        let rows = bench(GameId::Duel, 0.02, 2).unwrap();
        let shape: Vec<(&str, usize)> = rows.iter().map(|r| (r.kind.as_str(), r.threads)).collect();
        assert_eq!(
            shape,
            [
                ("random-play", 1),
                ("random-play", 2),
                ("perft", 1),
                ("perft", 2)
            ]
        );
    }
}
