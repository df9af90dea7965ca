//! Chance nodes' outcomes, drawn with their declared probabilities: what every
//! policy plays at a chance node.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::Game;

/// Draws a chance outcome with its declared probability. When the outcomes share
/// one denominator (a fair die or coin) the draw is exact: an integer in `0..den`
/// picks by numerators. Otherwise probabilities are weighted in millionths.
pub fn sample_chance<G: Game>(
    state: &G,
    outcomes: &G::Actions,
    rng: &mut Xoshiro256PlusPlus,
) -> G::Action {
    // One pass: draw against the first outcome's denominator and walk the
    // outcomes until the draw falls in one; every outcome walked must share that
    // denominator, or the general path below decides.
    if let Some(den) = outcomes
        .first()
        .and_then(|&a| state.chance_probability(a))
        .map(|p| p.den)
    {
        let mut pick = rng.random_range(0..den.max(1));
        for &a in outcomes.iter() {
            match state.chance_probability(a) {
                Some(p) if p.den == den => {
                    if pick < p.num {
                        return a;
                    }
                    pick -= p.num;
                }
                _ => break,
            }
        }
    }
    let total: u64 = outcomes
        .iter()
        .map(|&a| {
            state
                .chance_probability(a)
                .map_or(0, |p| u64::from(p.num) * 1_000_000 / u64::from(p.den))
        })
        .sum();
    let mut pick = rng.random_range(0..total.max(1));
    for &a in outcomes.iter() {
        let w = state
            .chance_probability(a)
            .map_or(0, |p| u64::from(p.num) * 1_000_000 / u64::from(p.den));
        if pick < w {
            return a;
        }
        pick -= w;
    }
    outcomes[outcomes.len() - 1]
}
