//! Each policy on positions whose right choice is known, its determinism,
//! and every game played under it with every invariant.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::jewel::duel::Duel;
use tigerseye_engine::{Game, GameId, Turn};

use super::*;
use crate::invariants::CheckMode;
use crate::sim::{self, GameEnd, Player, SimConfig};

/// Duel after `moves` from the standard start.
fn duel_after(moves: &[&str]) -> Duel {
    let mut duel = Duel::new(&Default::default());
    for m in moves {
        let a = duel.parse_action(m).unwrap();
        duel.play(a).unwrap();
    }
    duel
}

fn legal<G: Game>(state: &G) -> Vec<G::Action> {
    let mut list = G::Actions::default();
    state.legal_actions(&mut list);
    list.to_vec()
}

/// Whether `action` in `state` ends the game won by the side acting.
fn wins_at_once<G: Game>(state: &G, action: G::Action) -> bool {
    let Turn::Player(side) = state.turn() else {
        return false;
    };
    let mut after = state.clone();
    after.play(action).unwrap();
    matches!(after.turn(), Turn::Over(o) if o.winner == Some(side))
}

/// Whether, after `action`, the opponent has an action that wins at once.
fn lets_opponent_win<G: Game>(state: &G, action: G::Action) -> bool {
    let mut after = state.clone();
    after.play(action).unwrap();
    legal(&after).into_iter().any(|b| wins_at_once(&after, b))
}

/// The action `policy` takes in `state` with the generator of `seed`.
fn choice<G: Game>(policy: Policy, state: &G, seed: u64) -> G::Action {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Chooser::new(policy).choose(state, &legal(state), &mut rng)
}

#[test]
fn policies_read_back_as_written_and_refuse_the_rest() {
    for p in [
        Policy::Random,
        Policy::Greedy,
        Policy::Mcts { playouts: 1 },
        Policy::Mcts { playouts: 250 },
    ] {
        assert_eq!(p.to_string().parse::<Policy>(), Ok(p));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Policy>(&json).unwrap(), p);
    }
    assert_eq!(
        " MCTS:7 ".parse::<Policy>(),
        Ok(Policy::Mcts { playouts: 7 })
    );
    for bad in [
        "",
        "rand",
        "mcts",
        "mcts:",
        "mcts:0",
        "mcts:-3",
        "mcts:x",
        "mcts:1000001",
        "greedy:2",
    ] {
        let e = bad.parse::<Policy>().unwrap_err().to_string();
        assert!(
            e.starts_with("expected a policy, `random`, `greedy` or `mcts:N`")
                && e.contains(&format!("found `{bad}`")),
            "{bad}: {e}"
        );
    }
    assert!(serde_json::from_str::<Policy>("\"best\"").is_err());
}

#[test]
fn random_is_one_uniform_draw() {
    // The draw the simulation always made: `legal[random_range(0..len)]`,
    // one number from the generator, so that random play's games are the
    // same under the policy as before it.
    let duel = Duel::new(&Default::default());
    let actions = legal(&duel);
    for seed in 0..50 {
        let mut a = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut b = a.clone();
        let mine = Chooser::<Duel>::new(Policy::Random).choose(&duel, &actions, &mut a);
        let theirs = actions[rand::RngExt::random_range(&mut b, 0..actions.len())];
        assert_eq!(mine, theirs);
        assert_eq!(rand::Rng::next_u64(&mut a), rand::Rng::next_u64(&mut b));
    }
}

#[test]
fn greedy_and_mcts_take_a_win_at_once() {
    // 1. Red C1-B1, Green A3-C3: Red's B1-B2 Holds the Key at once (the
    // seed's own example), one of several moves.
    let duel = duel_after(&["C1-B1", "A3-C3"]);
    let actions = legal(&duel);
    let winning: Vec<_> = actions
        .iter()
        .filter(|&&a| wins_at_once(&duel, a))
        .collect();
    assert_eq!(winning.len(), 1, "{actions:?}");
    assert!(actions.len() > 1);
    for seed in 0..40 {
        assert_eq!(
            choice(Policy::Greedy, &duel, seed),
            *winning[0],
            "greedy, seed {seed}"
        );
    }
    for seed in 0..10 {
        let a = choice(Policy::Mcts { playouts: 40 }, &duel, seed);
        assert_eq!(a, *winning[0], "mcts, seed {seed}");
    }
    // Random play does not always find it: the test can tell.
    assert!((0..40).any(|seed| choice(Policy::Random, &duel, seed) != *winning[0]));
}

#[test]
fn greedy_avoids_a_move_the_opponent_wins_after() {
    // 1. Red C1-B1: some of Green's moves let Red Hold the Key at once
    // (A3-C3, the seed's example), some do not.
    let duel = duel_after(&["C1-B1"]);
    let actions = legal(&duel);
    let (losing, safe): (Vec<_>, Vec<_>) =
        actions.iter().partition(|&&a| lets_opponent_win(&duel, a));
    assert!(!losing.is_empty() && !safe.is_empty(), "{actions:?}");
    for seed in 0..60 {
        let a = choice(Policy::Greedy, &duel, seed);
        assert!(safe.contains(&&a), "seed {seed}: {}", duel.action_text(a));
    }
    assert!((0..60).any(|seed| losing.contains(&&choice(Policy::Random, &duel, seed))));
}

#[test]
fn greedy_prefers_the_capture() {
    // 1. Red C1-A1: Green's A3xA1 captures, its other moves do not (and
    // none wins at once).
    let duel = duel_after(&["C1-A1"]);
    let actions = legal(&duel);
    let capture = duel.parse_action("A3xA1").unwrap();
    assert!(actions.contains(&capture) && actions.len() > 1);
    assert!(!actions.iter().any(|&a| wins_at_once(&duel, a)));
    for seed in 0..40 {
        assert_eq!(choice(Policy::Greedy, &duel, seed), capture, "seed {seed}");
    }
}

/// `game` played under `policy`: `games` games with a ply cap, the outcome
/// figures of the run on one thread and on three.
fn run_both(game: GameId, policy: Policy, games: u64, max_plies: u32) -> sim::SimStats {
    let mut config = SimConfig::new(game, games);
    config.master_seed = 11;
    config.policy = policy;
    config.max_plies = max_plies;
    config.threads = Some(1);
    let one = sim::run(&config).unwrap();
    config.threads = Some(3);
    let three = sim::run(&config).unwrap();
    assert_eq!(
        (
            one.plies,
            &one.outcomes,
            &one.events,
            &one.length.counts,
            one.decisions
        ),
        (
            three.plies,
            &three.outcomes,
            &three.events,
            &three.length.counts,
            three.decisions
        ),
        "{game} under {policy}"
    );
    one
}

#[test]
fn each_policy_plays_the_same_games_whatever_the_threads() {
    for policy in [Policy::Greedy, Policy::Mcts { playouts: 8 }] {
        // Race has chance nodes; Duel none.
        for game in [GameId::Duel, GameId::Race] {
            let stats = run_both(game, policy, 40, 600);
            assert_eq!(stats.failed_games, 0, "{:?}", stats.failures);
            assert_eq!(stats.policy, policy);
            assert!(stats.decisions.is_some_and(|d| d > 0));
        }
    }
}

#[test]
fn every_game_plays_under_every_policy_with_every_invariant() {
    for &game in GameId::ALL {
        for policy in [Policy::Greedy, Policy::Mcts { playouts: 3 }] {
            let mut config = SimConfig::new(game, 3);
            config.master_seed = 2;
            config.policy = policy;
            config.max_plies = 60;
            config.mode = CheckMode {
                full_every: 4,
                ..CheckMode::DEFAULT
            };
            let stats = sim::run(&config).unwrap();
            assert_eq!(stats.games, 3, "{game} under {policy}");
            assert_eq!(
                stats.failed_games, 0,
                "{game} under {policy}: {:?}",
                stats.failures
            );
        }
    }
}

#[test]
fn greedy_games_differ_from_random_ones() {
    // The policy is really used: Duel's greedy games end otherwise.
    let mut config = SimConfig::new(GameId::Duel, 400);
    config.master_seed = 4;
    let random = sim::run(&config).unwrap();
    config.policy = Policy::Greedy;
    let greedy = sim::run(&config).unwrap();
    assert_ne!(random.outcomes, greedy.outcomes);
    assert_eq!(random.decisions, None);
    assert!(greedy.decisions.is_some());
}

#[test]
fn a_failure_under_a_policy_replays_and_shrinks() {
    // A failure planted in one Duel state in 16; the greedy run's first
    // failing game, replayed from its seed under its policy, is the same
    // game, and its replay line names the policy.
    let seed = 0x9011_C1E5;
    let _planted = crate::planted::fail_sims(seed, 16);
    let mut config = SimConfig::new(GameId::Duel, 200);
    config.master_seed = seed;
    config.policy = Policy::Greedy;
    let stats = sim::run(&config).unwrap();
    assert!(stats.failed_games > 0);
    let failure = &stats.failures[0];
    assert_eq!(failure.check, "planted");
    assert!(
        failure.replay.ends_with("--policy greedy") || failure.replay.contains("--policy greedy "),
        "{}",
        failure.replay
    );
    // The same game again, with the planted check and the policy.
    let initial = Duel::new(&Default::default());
    let oracle = crate::planted::hash_multiple::<Duel>(16);
    let mut player = Player::new(&initial, CheckMode::DEFAULT, config.max_plies)
        .with_oracle(Some(oracle))
        .with_policy(Policy::Greedy);
    assert!(matches!(player.play(failure.game_seed), GameEnd::Failed(_)));
    let mut state = initial.clone();
    let texts: Vec<String> = player
        .actions
        .iter()
        .map(|&a| {
            let t = state.action_text(a);
            state.play(a).unwrap();
            t
        })
        .collect();
    assert_eq!(texts, failure.actions);
    // `replay` (which has no planted check) plays the same actions first.
    let (_, replayed, _, _) = sim::replay(&config, failure.index).unwrap();
    assert!(
        replayed.starts_with(&failure.actions),
        "{replayed:?} {:?}",
        failure.actions
    );
    // The shrunk scenario reads, and names the policy's replay line.
    let shrunk = failure.shrunk.as_ref().expect("shrunk");
    crate::scenario::parse(std::path::Path::new("shrunk.toml"), &shrunk.toml)
        .unwrap_or_else(|e| panic!("{e}\n{}", shrunk.toml));
    assert!(shrunk.toml.contains("--policy greedy"), "{}", shrunk.toml);
}

/// Greedy's choice as first written (every action's turn asked again, the
/// candidates always sorted): the oracle the faster [`Greedy`] must agree
/// with, choice for choice and draw for draw.
fn greedy_as_first_written<G: Game>(
    state: &G,
    actions: &[G::Action],
    rng: &mut Xoshiro256PlusPlus,
) -> G::Action {
    use rand::RngExt;
    use rand::seq::SliceRandom;
    use tigerseye_engine::RuleEvent;
    let Turn::Player(mover) = state.turn() else {
        return actions[0];
    };
    if actions.len() == 1 {
        return actions[0];
    }
    let mut wins = Vec::new();
    let mut ranked: Vec<(bool, u32, G::Action)> = Vec::new();
    for &a in actions {
        let mut after = state.clone();
        let mut worth = 0u32;
        after.apply_unchecked(a, &mut |e: G::Event| {
            worth = worth.saturating_add(e.capture_value().unwrap_or(0));
        });
        match after.turn() {
            Turn::Over(o) if o.winner == Some(mover) => wins.push(a),
            Turn::Over(o) => ranked.push((o.winner.is_some(), worth, a)),
            Turn::Player(_) | Turn::Chance => ranked.push((false, worth, a)),
        }
    }
    if !wins.is_empty() {
        return wins[rng.random_range(0..wins.len())];
    }
    ranked.shuffle(rng);
    ranked.sort_by(|x, y| x.0.cmp(&y.0).then_with(|| y.1.cmp(&x.1)));
    let opponent_wins_after = |a: G::Action| {
        let mut after = state.clone();
        after.apply_unchecked(a, &mut |_| {});
        let Turn::Player(next) = after.turn() else {
            return false;
        };
        next != mover
            && legal(&after).into_iter().any(|b| {
                let mut reply = after.clone();
                reply.apply_unchecked(b, &mut |_| {});
                matches!(reply.turn(), Turn::Over(o) if o.winner == Some(next))
            })
    };
    for &(loses, _, a) in &ranked {
        if loses {
            break;
        }
        if !opponent_wins_after(a) {
            return a;
        }
    }
    ranked[0].2
}

/// Plays `games` games of `G` under greedy (chance drawn) and compares every
/// decision with [`greedy_as_first_written`] on a copy of the generator:
/// the same action, and the generator left in the same state. Returns the
/// decisions compared.
struct SameChoices {
    games: u64,
    max_plies: u32,
}

impl tigerseye_engine::GameVisitor for SameChoices {
    type Output = u64;
    fn visit<G: Game>(self) -> u64 {
        let mut greedy: Option<Greedy<G>> = None;
        let mut compared = 0;
        for index in 0..self.games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(sim::game_seed(9, index));
            let mut state = G::new(&Default::default());
            while state.ply() < self.max_plies {
                let mut list = G::Actions::default();
                state.legal_actions(&mut list);
                let a = match state.turn() {
                    Turn::Over(_) => break,
                    Turn::Chance => sample_chance(&state, &list, &mut rng),
                    Turn::Player(_) => {
                        let mut theirs = rng.clone();
                        let old = greedy_as_first_written(&state, &list, &mut theirs);
                        let new = greedy
                            .get_or_insert_with(|| Greedy::new(&state))
                            .choose(&state, &list, &mut rng);
                        assert_eq!(
                            (new, &rng),
                            (old, &theirs),
                            "{}: game {index}, ply {}: {}",
                            G::NAME,
                            state.ply(),
                            state.export_string()
                        );
                        compared += 1;
                        new
                    }
                };
                state.apply_unchecked(a, &mut |_| {});
            }
        }
        compared
    }
}

#[test]
fn greedy_chooses_as_first_written_in_every_game() {
    for &game in GameId::ALL {
        let compared = game.visit(SameChoices {
            games: 6,
            max_plies: 400,
        });
        assert!(compared > 0, "{game}: no decision compared");
    }
}
