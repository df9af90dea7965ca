//! The checks beside the invariants that a run's games answer to: the
//! caller's oracle and the game's reference model ([`crate::reference`]),
//! under each start's own options.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use tigerseye_engine::Game;

use super::SimConfig;
use super::starts::Begin;
use crate::invariants::CheckMode;
use crate::reference;
use crate::shrink::Oracle;

/// One state in this many is compared with the reference model by default
/// ([`SimConfig::reference_every`]).
pub const REFERENCE_EVERY: u32 = 16;

/// How often the reference model is asked under `config`: every state in
/// paranoid mode, else one in [`SimConfig::reference_every`] (0: never).
pub(super) fn reference_every(config: &SimConfig) -> u32 {
    if config.reference_every > 0 && config.mode == CheckMode::PARANOID {
        1
    } else {
        config.reference_every
    }
}

/// Sets each of `begins`' oracles: `extra` (the caller's) and the reference
/// model under the start's options, both when there are both; sampled one
/// state in `every`, on every state for the games of the run's slice (when
/// `slice`; see [`SimConfig::reference_slice`]) and, for shrinking, on every
/// state. Returns the count of states the models compare in the run's games
/// (not in shrinking).
pub(super) fn attach<G: Game>(
    begins: &mut [Begin<G>],
    extra: Option<&Oracle<G>>,
    every: u32,
    slice: bool,
) -> Arc<AtomicU64> {
    let compared = Arc::new(AtomicU64::new(0));
    for begin in begins {
        let count = Some(Arc::clone(&compared));
        let model = reference::counted_oracle::<G>(every, &begin.options, count.clone());
        let sliced = if slice {
            reference::counted_oracle::<G>(every.min(1), &begin.options, count)
        } else {
            None
        };
        // Shrinking asks every state, but only of a model the run asks (a
        // slow model the run leaves out stays out of its shrinking too).
        let full = (model.is_some() || sliced.is_some())
            .then(|| reference::oracle::<G>(every.min(1), &begin.options))
            .flatten();
        begin.oracle = both(extra.cloned(), model);
        begin.slice_oracle = match sliced {
            Some(sliced) => both(extra.cloned(), Some(sliced)),
            None => begin.oracle.clone(),
        };
        begin.full_oracle = both(extra.cloned(), full);
    }
    compared
}

/// An oracle that checks `a`, then `b`.
fn both<G: Game>(a: Option<Oracle<G>>, b: Option<Oracle<G>>) -> Option<Oracle<G>> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Arc::new(move |state: &G| {
            a(state)?;
            b(state)
        })),
        (a, b) => a.or(b),
    }
}
