//! A perft table recounted: each depth of one table, up to a node limit, by a
//! game's reference model and by the harness's perft of the registered game.

use tigerseye_conformance::search::perft;
use tigerseye_engine::Game;

/// The node limit a reference recount stops at: the environment variable
/// `var` when it holds a number, else `default`.
pub(crate) fn node_limit(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Checks table `name`'s `nodes` (depth 1 first) from `start`: every depth
/// whose count is within `limit`, by `reference` (the model's perft at a
/// depth) and by the harness's perft; at least `min_depths` depths.
pub(crate) fn recount<G: Game>(
    name: &str,
    nodes: &[u64],
    limit: u64,
    min_depths: usize,
    start: &G,
    mut reference: impl FnMut(u32) -> u64,
) {
    let mut checked = 0;
    for (d, &n) in nodes.iter().enumerate() {
        if n > limit {
            break;
        }
        let depth = d as u32 + 1;
        assert_eq!(reference(depth), n, "{name} depth {depth}");
        assert_eq!(perft(start, depth), n, "{name} depth {depth}");
        checked += 1;
    }
    assert!(checked >= min_depths, "{name}: too few depths checked");
}
