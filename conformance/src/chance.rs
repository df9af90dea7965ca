//! Chance nodes, checked by their sampled frequencies: does a simulated die land
//! on each face about as often as its declared probability says?
//!
//! The cheap invariants ([`crate::invariants`]) check every chance node's declared
//! outcomes (each listed once, each probability in (0, 1], summing to exactly 1).
//! They cannot see a sampler that draws with the wrong weights; a chi-square test
//! of many draws can. [`uniform_frequencies`] plays random games of any game and
//! counts, at every chance node whose outcomes are equally likely (a die, a coin),
//! which of them was drawn; [`chi_square_uniform`] judges each count table.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::{Game, GameId, Turn};

use crate::sim::{game_seed, sample_chance};

/// Upper 0.1% points of the chi-square distribution for 1 to 10 degrees of
/// freedom (standard tables).
const CRITICAL_0_001: [f64; 10] = [
    10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588,
];

/// The chi-square statistic of `counts` against equal expected counts, and whether
/// it passes at the 0.1% level.
///
/// The threshold is the upper 0.001 quantile of the chi-square distribution with
/// `counts.len() - 1` degrees of freedom (a table up to 10, the Wilson–Hilferty
/// approximation beyond): a fair sampler fails once in a thousand runs, so a
/// nightly job that runs it every night sees a false alarm about every three
/// years, while a die biased by a few percent fails for certain at 100,000 draws.
/// Fewer than two outcomes, or no draws, pass trivially.
///
/// # Examples
///
/// ```
/// use tigerseye_conformance::chance::chi_square_uniform;
///
/// let (stat, ok) = chi_square_uniform(&[1000, 1010, 990, 1005, 995, 1000]);
/// assert!(ok && stat < 1.0);
/// let (_, ok) = chi_square_uniform(&[1200, 960, 960, 960, 960, 960]);
/// assert!(!ok);
/// ```
#[must_use]
pub fn chi_square_uniform(counts: &[u64]) -> (f64, bool) {
    let total: u64 = counts.iter().sum();
    if counts.len() < 2 || total == 0 {
        return (0.0, true);
    }
    let expected = total as f64 / counts.len() as f64;
    let statistic: f64 = counts
        .iter()
        .map(|&o| {
            let d = o as f64 - expected;
            d * d / expected
        })
        .sum();
    (statistic, statistic <= critical_value(counts.len() - 1))
}

/// The upper 0.1% point of the chi-square distribution with `df` degrees of
/// freedom.
#[must_use]
pub fn critical_value(df: usize) -> f64 {
    if let Some(&c) = CRITICAL_0_001.get(df.wrapping_sub(1)) {
        return c;
    }
    // Wilson–Hilferty: (X / df)^(1/3) is nearly normal with mean 1 - 2/(9 df)
    // and variance 2/(9 df); 3.0902 is the normal's upper 0.1% point.
    let k = df as f64;
    let v = 2.0 / (9.0 * k);
    k * (1.0 - v + 3.090_232 * v.sqrt()).powi(3)
}

/// The draws at the equally likely chance nodes with `outcomes` outcomes.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct UniformCounts {
    /// Outcomes at these nodes (6 for a die, 2 for a coin).
    pub outcomes: usize,
    /// How often the outcome listed `i`-th was drawn.
    pub counts: Vec<u64>,
    /// [`chi_square_uniform`]'s statistic.
    pub statistic: f64,
    /// Whether it passes at the 0.1% level.
    pub ok: bool,
}

/// Plays `games` random games of `G` from the standard start (game `i` from
/// [`game_seed`]`(seed, i)`, as the simulation does) and, at every chance node
/// whose outcomes all have the same probability, counts which was drawn (by its
/// place in the legal list). One table per number of outcomes, fewest first.
#[must_use]
pub fn uniform_frequencies<G: Game>(games: u64, seed: u64) -> Vec<UniformCounts> {
    let mut tables: Vec<Vec<u64>> = Vec::new();
    let start = G::new(&Default::default());
    let mut state = start.clone();
    let mut legal = G::Actions::default();
    for i in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(game_seed(seed, i));
        state.clone_from(&start);
        let mut plies = 0u32;
        loop {
            state.legal_actions(&mut legal);
            let action = match state.turn() {
                Turn::Over(_) => break,
                Turn::Chance => {
                    let a = sample_chance(&state, &legal, &mut rng);
                    let first = legal.first().and_then(|&x| state.chance_probability(x));
                    let uniform = legal.iter().all(|&x| state.chance_probability(x) == first);
                    if uniform && let Some(place) = legal.iter().position(|&x| x == a) {
                        let n = legal.len();
                        if tables.len() < n + 1 {
                            tables.resize(n + 1, Vec::new());
                        }
                        tables[n].resize(n, 0);
                        tables[n][place] += 1;
                    }
                    a
                }
                Turn::Player(_) => {
                    // Any legal action will do: the count is of chance's draws.
                    legal[rng.random_range(0..legal.len())]
                }
            };
            state.apply_unchecked(action, &mut |_| {});
            plies += 1;
            if state.ply_bound().is_none() && plies > 100_000 {
                break;
            }
        }
    }
    tables
        .into_iter()
        .enumerate()
        .filter(|(_, c)| !c.is_empty())
        .map(|(n, counts)| {
            let (statistic, ok) = chi_square_uniform(&counts);
            UniformCounts {
                outcomes: n,
                counts,
                statistic,
                ok,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tigerseye_engine::jewel::race::Race;

    #[test]
    fn the_table_and_the_approximation_agree_where_they_meet() {
        // df = 10 by the table, by Wilson–Hilferty for comparison.
        let k = 10.0f64;
        let v = 2.0 / (9.0 * k);
        let wh = k * (1.0 - v + 3.090_232 * v.sqrt()).powi(3);
        assert!((wh - critical_value(10)).abs() < 0.3, "{wh}");
        // df = 30: the table value is 59.703.
        assert!((critical_value(30) - 59.703).abs() < 0.3);
        assert!(critical_value(5) > critical_value(4));
    }

    #[test]
    fn a_fair_die_passes_and_a_loaded_one_fails() {
        assert_eq!(chi_square_uniform(&[]), (0.0, true));
        assert!(chi_square_uniform(&[10_000; 6]).1);
        // One face 3% too likely over 120,000 throws: far past the threshold.
        let loaded = [20_600, 19_880, 19_880, 19_880, 19_880, 19_880];
        let (stat, ok) = chi_square_uniform(&loaded);
        assert!(!ok, "{stat}");
    }

    #[test]
    fn races_die_and_coin_are_drawn_with_their_declared_frequencies() {
        let tables = uniform_frequencies::<Race>(400, 11);
        let die = tables.iter().find(|t| t.outcomes == 6).expect("die throws");
        let coin = tables
            .iter()
            .find(|t| t.outcomes == 2)
            .expect("coin tosses");
        assert_eq!(coin.counts.iter().sum::<u64>(), 400);
        assert!(die.counts.iter().sum::<u64>() > 20_000);
        assert!(die.ok, "{die:?}");
        assert!(coin.ok, "{coin:?}");
    }
}

/// One game's chance-frequency check, for reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChanceCheck {
    /// The game.
    #[serde(with = "crate::sim::schema::game_name")]
    pub game: GameId,
    /// Games played.
    pub games: u64,
    /// One table per number of equally likely outcomes.
    pub tables: Vec<UniformCounts>,
}

/// [`uniform_frequencies`] for `game`, chosen at run time; `None` for a game whose
/// random play met no chance node.
#[must_use]
pub fn check_game(game: tigerseye_engine::GameId, games: u64, seed: u64) -> Option<ChanceCheck> {
    struct Visit(u64, u64);
    impl tigerseye_engine::GameVisitor for Visit {
        type Output = Vec<UniformCounts>;
        fn visit<G: Game>(self) -> Vec<UniformCounts> {
            uniform_frequencies::<G>(self.0, self.1)
        }
    }
    let tables = game.visit(Visit(games, seed));
    (!tables.is_empty()).then_some(ChanceCheck {
        game,
        games,
        tables,
    })
}
