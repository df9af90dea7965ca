//! What each playout policy reached: the rule events a policy other than
//! random fired that random play of the same game never did.

use serde::{Deserialize, Serialize};

use super::Summary;
use crate::policy::Policy;
use crate::sim::SimStats;

/// One game's sims under one policy other than random, beside the random
/// play of the same game and options in the same report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolicyEvents {
    /// The game.
    pub game: String,
    /// The policy.
    pub policy: Policy,
    /// Event tags it fired and random play never did (random play of the
    /// game in the report; every tag it fired when there is none).
    pub beyond_random: Vec<String>,
    /// Event tags it never fired.
    pub never_fired: Vec<String>,
}

/// The rows of a report whose sims ran under a policy other than random,
/// in the report's order, the sims of one game and policy (several shards'
/// or budgets') counted together.
#[must_use]
pub fn policy_events(s: &Summary) -> Vec<PolicyEvents> {
    let fired = |sims: &[&SimStats], tag: &str| {
        sims.iter()
            .any(|sim| sim.events.get(tag).is_some_and(|&n| n > 0))
    };
    let mut rows: Vec<PolicyEvents> = Vec::new();
    for sim in s.sims.iter().filter(|sim| !sim.policy.is_random()) {
        let game = sim.game.to_string();
        if rows
            .iter()
            .any(|r| r.game == game && r.policy == sim.policy)
        {
            continue;
        }
        let same = |p: Policy| -> Vec<&SimStats> {
            s.sims
                .iter()
                .filter(|o| o.game == sim.game && o.options == sim.options && o.policy == p)
                .collect()
        };
        let mine = same(sim.policy);
        let random = same(Policy::Random);
        let tags = sim.events.keys();
        rows.push(PolicyEvents {
            game,
            policy: sim.policy,
            beyond_random: tags
                .clone()
                .filter(|t| fired(&mine, t) && !fired(&random, t))
                .cloned()
                .collect(),
            never_fired: tags.filter(|t| !fired(&mine, t)).cloned().collect(),
        });
    }
    rows
}
