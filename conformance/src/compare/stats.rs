//! The tests behind a comparison's rows: the difference of two means with its
//! normal-approximation interval (shares of games, event rates a game, game
//! lengths, shares of the points), the Mann-Whitney rank test on two length
//! histograms, and Holm's step-down correction for the number of rows. The
//! distributions are statrs's.

use std::collections::BTreeMap;

use statrs::distribution::{ContinuousCDF, Normal};

/// A mean over games and the variance of that mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Estimate {
    /// The mean.
    pub(super) mean: f64,
    /// The variance of the mean (the spread from game to game over the
    /// number of games).
    pub(super) variance: f64,
    /// The games it is a mean over.
    pub(super) n: u64,
}

impl Estimate {
    /// The share of `k` games of `n` (0 of none).
    pub(super) fn share(k: u64, n: u64) -> Estimate {
        if n == 0 {
            return Estimate {
                mean: 0.0,
                variance: 0.0,
                n,
            };
        }
        let p = k as f64 / n as f64;
        Estimate {
            mean: p,
            variance: p * (1.0 - p) / n as f64,
            n,
        }
    }

    /// The mean of a value over `n` games from the sum of its values and the
    /// sum of their squares.
    pub(super) fn of_sums(n: u64, sum: f64, squares: f64) -> Estimate {
        if n == 0 {
            return Estimate {
                mean: 0.0,
                variance: 0.0,
                n,
            };
        }
        let nf = n as f64;
        let mean = sum / nf;
        // The sample variance over the games (rounding may leave it a hair
        // below zero when every game had the same value).
        let spread = if n > 1 {
            ((squares - nf * mean * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            variance: spread / nf,
            n,
        }
    }

    /// The mean of values counted `(value, games)`.
    pub(super) fn of_counts(counts: impl Iterator<Item = (f64, u64)>) -> Estimate {
        let (mut n, mut sum, mut squares) = (0u64, 0.0, 0.0);
        for (v, c) in counts {
            n += c;
            sum += v * c as f64;
            squares += v * v * c as f64;
        }
        Estimate::of_sums(n, sum, squares)
    }
}

/// The difference `b - a` of two estimates: the half width of its interval at
/// confidence `1 - level`, and the two-sided p-value of "no difference".
/// `pooled`: the p-value of two shares uses their pooled share's variance
/// (the usual two-proportion test, right under "no difference" also for rare
/// outcomes); the interval uses each one's own.
pub(super) fn difference(a: Estimate, b: Estimate, level: f64, pooled: bool) -> (f64, f64) {
    let d = b.mean - a.mean;
    let se = (a.variance + b.variance).sqrt();
    let se_test = if pooled && a.n > 0 && b.n > 0 {
        let p = (a.mean * a.n as f64 + b.mean * b.n as f64) / (a.n + b.n) as f64;
        (p * (1.0 - p) * (1.0 / a.n as f64 + 1.0 / b.n as f64)).sqrt()
    } else {
        se
    };
    let normal = Normal::standard();
    let half_width = normal.inverse_cdf(1.0 - level / 2.0) * se;
    (half_width, two_sided(d, se_test))
}

/// The two-sided p-value of a normal statistic `d` of standard error `se`
/// (1 for no difference of no spread, 0 for a difference of no spread).
fn two_sided(d: f64, se: f64) -> f64 {
    if se > 0.0 {
        let z = (d / se).abs();
        (2.0 * Normal::standard().sf(z)).min(1.0)
    } else if d == 0.0 {
        1.0
    } else {
        0.0
    }
}

/// The Mann-Whitney rank test of two samples given as exact counts of each
/// value: `(the probability that a value of b exceeds one of a, ties counting
/// half; the two-sided p-value)`, by the normal approximation with the
/// correction for ties. `None` when either sample is empty.
pub(super) fn mann_whitney(a: &BTreeMap<u32, u64>, b: &BTreeMap<u32, u64>) -> Option<(f64, f64)> {
    let na: f64 = a.values().sum::<u64>() as f64;
    let nb: f64 = b.values().sum::<u64>() as f64;
    if na == 0.0 || nb == 0.0 {
        return None;
    }
    let n = na + nb;
    let mut values: Vec<u32> = a.keys().chain(b.keys()).copied().collect();
    values.sort_unstable();
    values.dedup();
    // Ranks from 1, each tie at its midrank.
    let (mut below, mut rank_sum_a, mut ties) = (0.0, 0.0, 0.0);
    for v in values {
        let ca = a.get(&v).copied().unwrap_or(0) as f64;
        let cb = b.get(&v).copied().unwrap_or(0) as f64;
        let t = ca + cb;
        rank_sum_a += ca * (below + (t + 1.0) / 2.0);
        ties += t * t * t - t;
        below += t;
    }
    let u_a = rank_sum_a - na * (na + 1.0) / 2.0;
    let mean = na * nb / 2.0;
    let variance = na * nb / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)).max(1.0));
    let p = two_sided(u_a - mean, variance.max(0.0).sqrt());
    Some((1.0 - u_a / (na * nb), p))
}

/// Holm's step-down correction of `p_values` at `level`: the `i`-th smallest
/// (from 0) of `m` is significant while every smaller one is and it is below
/// `level / (m - i)`.
pub(super) fn holm(p_values: &[f64], level: f64) -> Vec<bool> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&x, &y| p_values[x].total_cmp(&p_values[y]));
    let mut significant = vec![false; m];
    for (i, &r) in order.iter().enumerate() {
        if p_values[r] < level / (m - i) as f64 {
            significant[r] = true;
        } else {
            break;
        }
    }
    significant
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_corrects_for_the_number_of_rows() {
        // 0.003 < 0.01/3, then 0.004 < 0.01/2, then 0.02 > 0.01/1.
        assert_eq!(holm(&[0.02, 0.003, 0.004], 0.01), [false, true, true]);
        // 0.004 alone among four is not below 0.01/4.
        assert_eq!(holm(&[0.004, 0.5, 0.5, 0.5], 0.01), [false; 4]);
        // Once one fails, no larger one passes, even below the level.
        assert_eq!(holm(&[0.001, 0.009, 0.0099], 0.01), [true, false, false]);
    }

    #[test]
    fn shares_of_many_games_give_a_narrow_interval_and_a_clear_p_value() {
        let a = Estimate::share(5_000, 10_000);
        let b = Estimate::share(4_700, 10_000);
        let (half, p) = difference(a, b, 0.01, true);
        // sqrt(2 * 0.25 / 10000) * 2.576 ~ 0.0182.
        assert!((half - 0.0182).abs() < 0.0005, "{half}");
        assert!(p < 1e-4, "{p}");
        let (_, p) = difference(a, Estimate::share(5_010, 10_000), 0.01, true);
        assert!(p > 0.5, "{p}");
        // No games of either kind: nothing differs.
        assert_eq!(
            difference(Estimate::share(0, 10), Estimate::share(0, 10), 0.01, true).1,
            1.0
        );
    }

    #[test]
    fn a_mean_from_sums_has_the_sample_variance() {
        // Values 1, 2, 3: mean 2, sample variance 1, of the mean 1/3.
        let e = Estimate::of_sums(3, 6.0, 14.0);
        assert_eq!(e.mean, 2.0);
        assert!((e.variance - 1.0 / 3.0).abs() < 1e-12);
        let c = Estimate::of_counts([(1.0, 1), (2.0, 1), (3.0, 1)].into_iter());
        assert_eq!(c, e);
    }

    #[test]
    fn mann_whitney_sees_a_shift_and_not_a_reshuffle() {
        let a: BTreeMap<u32, u64> = (10..30).map(|l| (l, 50)).collect();
        let shifted: BTreeMap<u32, u64> = (14..34).map(|l| (l, 50)).collect();
        let (superiority, p) = mann_whitney(&a, &shifted).unwrap();
        assert!(superiority > 0.6 && p < 1e-6, "{superiority} {p}");
        let (superiority, p) = mann_whitney(&a, &a).unwrap();
        assert!((superiority - 0.5).abs() < 1e-12 && (p - 1.0).abs() < 1e-9);
        assert_eq!(mann_whitney(&a, &BTreeMap::new()), None);
        // Every value tied: no spread, no difference.
        let one: BTreeMap<u32, u64> = [(7, 10)].into();
        assert_eq!(mann_whitney(&one, &one), Some((0.5, 1.0)));
    }
}
