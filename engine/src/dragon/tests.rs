//! Dragon's tests: the land moves against the seed, text round trips, and
//! (ignored) timing loops for the hot path.

use super::*;
use crate::core::Game;

/// A game played `n` plies by a fixed pseudo-random choice, for tests.
fn played(n: u32, seed: u64) -> Vec<Dragon> {
    let mut g = Dragon::new(&DragonOptions::default());
    let mut out = vec![g.clone()];
    let mut legal = DragonActions::new();
    let mut x = seed;
    for _ in 0..n {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        x = crate::core::zobrist::splitmix64(x);
        let a = legal[(x % legal.len() as u64) as usize];
        g.play(a).unwrap();
        out.push(g.clone());
    }
    out
}

#[test]
#[ignore = "a timing loop: cargo test --release -p tigerseye-engine time_the_hot_path -- --ignored --nocapture"]
fn time_the_hot_path() {
    let states = played(400, 7);
    let mut legal = DragonActions::new();
    let reps = 200;
    let t = std::time::Instant::now();
    let mut n = 0usize;
    for _ in 0..reps {
        for s in &states {
            s.legal_actions(&mut legal);
            n += legal.len();
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (reps * states.len()) as f64;
    println!(
        "legal_actions: {per:.0} ns ({} actions on average)",
        n / (reps * states.len())
    );
    let t = std::time::Instant::now();
    for _ in 0..reps {
        for s in &states {
            assert!(s.check_invariants().is_ok());
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (reps * states.len()) as f64;
    println!("check_invariants: {per:.0} ns");
    let t = std::time::Instant::now();
    let mut h = 0;
    for _ in 0..reps {
        for s in &states {
            h ^= s.recompute_hash();
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (reps * states.len()) as f64;
    println!("recompute_hash: {per:.0} ns ({h:x})");
    let t = std::time::Instant::now();
    let mut k = 0;
    for _ in 0..reps {
        for w in states.windows(2) {
            let mut g = w[0].clone();
            g.legal_actions(&mut legal);
            let a = legal[k % legal.len()];
            k += 1;
            g.apply_unchecked(a, &mut |_| {});
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (reps * states.len()) as f64;
    println!("clone + legal_actions + apply: {per:.0} ns");
}

#[test]
#[ignore = "an instruction-count probe: run under callgrind"]
fn probe_check() {
    let g = Dragon::new(&DragonOptions::default());
    for _ in 0..100_000 {
        assert!(std::hint::black_box(&g).check_invariants().is_ok());
    }
}
