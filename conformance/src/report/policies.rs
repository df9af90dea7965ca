//! What each playout policy reached: the rule events a policy other than
//! random fired that random play of the same game never did.

use serde::{Deserialize, Serialize};
use tigerseye_engine::GameId;

use super::Summary;
use crate::policy::Policy;
use crate::sim::SimStats;

/// One game's sims under one policy other than random, beside the random
/// play of the same game and options in the same report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolicyEvents {
    /// The game.
    #[serde(with = "crate::sim::schema::game_name")]
    pub game: GameId,
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
        let game = sim.game;
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

#[cfg(test)]
mod tests {
    use tigerseye_engine::GameId;

    use super::*;
    use crate::sim::{self, SimConfig};

    /// A nightly of Duel under random and greedy play: the greedy row lists
    /// what greedy fired that random play did not (computed from the two
    /// sims' counts here), and what it never fired.
    #[test]
    fn each_policy_lists_what_random_play_never_fired() {
        let mut summary = Summary::new("nightly");
        for policy in [Policy::Random, Policy::Greedy] {
            let mut config = SimConfig::new(GameId::Duel, 300);
            config.policy = policy;
            summary.sims.push(sim::run(&config).unwrap());
        }
        // A tag random play never fired, made so: the rows must follow the
        // counts, whatever they are.
        summary.sims[0].events.insert("key-taken".into(), 0);
        summary.sims[1].events.insert("capture".into(), 0);
        let rows = policy_events(&summary);
        assert_eq!(rows.len(), 1, "{rows:?}");
        let row = &rows[0];
        assert_eq!((row.game, row.policy), (GameId::Duel, Policy::Greedy));
        let greedy = &summary.sims[1].events;
        let expected: Vec<String> = greedy
            .iter()
            .filter(|&(t, &n)| n > 0 && summary.sims[0].events.get(t) == Some(&0))
            .map(|(t, _)| t.clone())
            .collect();
        assert!(expected.contains(&"key-taken".to_owned()), "{greedy:?}");
        assert_eq!(row.beyond_random, expected);
        assert!(row.never_fired.contains(&"capture".to_owned()));
        let md = crate::report::markdown(&summary);
        assert!(md.contains("## Rule events by policy"), "{md}");
        assert!(md.contains("## Simulation: duel under greedy"), "{md}");
        // Random play alone: no rows.
        summary.sims.truncate(1);
        assert!(policy_events(&summary).is_empty());
    }
}
