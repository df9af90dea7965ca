//! The reference models as oracles: at a state where a player is to move, the
//! engine's legal list against the model's, the model set up from the
//! state's export alone (so a game over by repetition, which the export does
//! not show, is never compared: only states the engine says go on).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tigerseye_engine::{Game, GameId, GameOptions, Turn};

use super::duel::RefDuel;
use super::hunts::RefHunt;
use super::keys::{self, RefKey};
use super::{dragon, field_manual, race, series, the_game};
use crate::invariants::Violation;
use crate::panics::catch_panic;
use crate::shrink::Oracle;

/// The games whose reference model runs as an oracle.
pub const ORACLE_GAMES: &[GameId] = &[
    GameId::Duel,
    GameId::Ambush,
    GameId::DiamondQi,
    GameId::Crystal,
    GameId::StarLords,
    GameId::DiamondQuest,
    GameId::DiamondChess,
    GameId::NorthernLight,
    GameId::Race,
    GameId::Dragon,
    GameId::FieldManual,
    GameId::TheGame,
    GameId::JewelSeries,
];

/// The games among [`ORACLE_GAMES`] whose model is too slow to sample in
/// every run (release build, `sim --threads 1`, one state in 16 against
/// none): Dragon's costs about 0.9 ms a state, and made random play about 48
/// times slower; the Field Manual's about 0.8 ms (its turn-level check
/// search over the turn's continuations), 8.7 times slower; The Game's 1 to 5
/// ms (every piece against every square of eight boards). Their model runs
/// only where every state is checked: `--paranoid`, `--reference-every 1`,
/// `replay`, and a run's slice
/// ([`SimConfig::reference_slice`](crate::sim::SimConfig::reference_slice):
/// the nightly job's first games of each of them).
pub const EVERY_STATE_ONLY: &[GameId] = &[GameId::Dragon, GameId::FieldManual, GameId::TheGame];

/// A reference model's legal list at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Legal {
    /// The moves as the seed writes them, sorted (a capture written with `-`
    /// like any move).
    Texts(Vec<String>),
    /// The actions in the engine's own notation, sorted (a model that writes
    /// them as the engine does).
    Notation(Vec<String>),
    /// How many there are (a model that does not write its moves as the
    /// engine does).
    Count(usize),
}

/// The legal list of `game`'s reference model at the position `export`,
/// with no past and the default readings; `None` when the game has no model
/// among [`ORACLE_GAMES`] or the export is not one of its positions.
#[must_use]
pub fn legal(game: GameId, export: &str) -> Option<Legal> {
    if game == GameId::Duel {
        return RefDuel::from_export(export).map(|d| Legal::Texts(d.move_texts()));
    }
    if let Some(rules) = keys::rules_of(game) {
        return Some(Legal::Count(
            RefKey::from_export(rules, export).actions().len(),
        ));
    }
    if game == GameId::DiamondQuest || game == GameId::DiamondChess {
        let double = game == GameId::DiamondChess;
        return Some(Legal::Count(
            RefHunt::from_export(export, double).actions().len(),
        ));
    }
    if game == GameId::NorthernLight {
        return northern_light(export);
    }
    if game == GameId::Race {
        let race = race::RefRace::parse(export, race::Rules::default());
        return Some(Legal::Count(race.children().len()));
    }
    if game == GameId::Dragon {
        let dragon = dragon::RefDragon::parse(export, dragon::Rules::default());
        return Some(Legal::Notation(dragon.actions().into_iter().collect()));
    }
    if game == GameId::FieldManual {
        let rules = field_manual::Rules::of("normal", "lookahead");
        let fm = field_manual::RefFm::parse(export, rules);
        return Some(Legal::Notation(fm.legal_actions().into_iter().collect()));
    }
    if game == GameId::TheGame {
        let model = the_game::RefGame::parse(export);
        return Some(Legal::Notation(model.action_texts()));
    }
    if game == GameId::JewelSeries {
        let options = tigerseye_engine::jewel::series::SeriesOptions::default();
        let model = series::RefSeries::from_position(export, &options);
        return Some(Legal::Count(model.children().len()));
    }
    None
}

/// The Northern Light match's legal list: its Hunt in progress, the export's
/// first word (`diamond-qi`, `diamond-quest`, `diamond-chess` or
/// `deciding-hunt`, a DiamondChess game), its `qi-first:` and `chess-first:`
/// words passed over, the rest the Hunt's own export.
fn northern_light(export: &str) -> Option<Legal> {
    let (stage, mut rest) = export.trim_start().split_once(' ')?;
    while let Some((word, after)) = rest.split_once(' ')
        && (word.starts_with("qi-first:") || word.starts_with("chess-first:"))
    {
        rest = after;
    }
    let n = match stage {
        "diamond-qi" => RefKey::from_export(&keys::QI, rest).actions().len(),
        "diamond-quest" => RefHunt::from_export(rest, false).actions().len(),
        "diamond-chess" | "deciding-hunt" => RefHunt::from_export(rest, true).actions().len(),
        _ => return None,
    };
    Some(Legal::Count(n))
}

/// The engine's legal list at `state`, in the form `model` takes.
fn engine_legal<G: Game>(state: &G, model: &Legal) -> Legal {
    let mut buf = G::Actions::default();
    state.legal_actions(&mut buf);
    match model {
        Legal::Texts(_) => {
            let mut texts: Vec<String> = buf
                .iter()
                .map(|&a| state.action_text(a).replace('x', "-"))
                .collect();
            texts.sort();
            Legal::Texts(texts)
        }
        Legal::Notation(_) => {
            let mut texts: Vec<String> = buf.iter().map(|&a| state.action_text(a)).collect();
            texts.sort();
            Legal::Notation(texts)
        }
        Legal::Count(_) => Legal::Count(buf.len()),
    }
}

/// Whether every option is at its default, but the test-only `fault` (the
/// planted bug an oracle is there to find): the models play the default
/// rules, and a variation without a ruling (the Field Manual's `mode`,
/// Dragon's `knights`) changes them as much as another reading does.
fn default_readings<O: GameOptions>(options: &O) -> bool {
    let default = O::default();
    O::SPECS
        .iter()
        .filter(|spec| spec.key != "fault")
        .all(|spec| options.get(spec.key) == default.get(spec.key))
}

/// Whether the state with hash `hash` at ply `ply` is one of the one in
/// `every` the oracle samples: a function of the state alone, so that a
/// replay and a shrink sample the same states, and of its ply, so that a
/// small game's few positions are each sampled somewhere in a run.
fn sampled(hash: u64, ply: u32, every: u32) -> bool {
    if every <= 1 {
        return true;
    }
    // SplitMix64's finaliser: the hash's low bits spread over the draw.
    let mut z = (hash ^ u64::from(ply).rotate_left(32)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    z.is_multiple_of(u64::from(every))
}

/// The reference-model oracle of `G` (check `reference-model`): on about one
/// state in `every` (1: every state) where a player is to move, the engine's
/// legal list must be the model's. `None` when `G` has no model among
/// [`ORACLE_GAMES`], `every` is 0, `every` is more than 1 for a game of
/// [`EVERY_STATE_ONLY`], or an option of `options` is not at its default
/// (the models play the default rules).
#[must_use]
pub fn oracle<G: Game>(every: u32, options: &G::Options) -> Option<Oracle<G>> {
    counted_oracle(every, options, None)
}

/// [`oracle`], adding one to `compared` for every state whose legal list it
/// compares with the model's (the count a run reports).
#[must_use]
pub fn counted_oracle<G: Game>(
    every: u32,
    options: &G::Options,
    compared: Option<Arc<AtomicU64>>,
) -> Option<Oracle<G>> {
    let game = GameId::of::<G>()?;
    if every == 0
        || !ORACLE_GAMES.contains(&game)
        || (every > 1 && EVERY_STATE_ONLY.contains(&game))
        || !default_readings(options)
    {
        return None;
    }
    Some(Arc::new(move |state: &G| {
        if !matches!(state.turn(), Turn::Player(_)) || !sampled(state.hash(), state.ply(), every) {
            return Ok(());
        }
        if let Some(count) = &compared {
            count.fetch_add(1, Ordering::Relaxed);
        }
        let export = state.export_string();
        let model = match catch_panic(|| legal(game, &export)) {
            Ok(Some(model)) => model,
            Ok(None) => {
                return Err(Violation {
                    check: "reference-model",
                    message: format!("the reference model cannot read the position `{export}`"),
                });
            }
            Err(panic) => {
                return Err(Violation {
                    check: "reference-model",
                    message: format!("the reference model panics at `{export}`: {panic}"),
                });
            }
        };
        let engine = engine_legal(state, &model);
        if engine == model {
            Ok(())
        } else {
            Err(Violation {
                check: "reference-model",
                message: format!(
                    "at `{export}` the engine's legal list is {engine:?}, the reference model's {model:?}"
                ),
            })
        }
    }))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::invariants::CheckMode;
    use crate::sim::{self, SimConfig};

    #[test]
    fn every_oracle_game_agrees_with_its_model_on_every_state() {
        for &game in ORACLE_GAMES {
            // The slow models (EVERY_STATE_ONLY) and the Jewel Series (all
            // the Facets in one game): a few games of them.
            let games = match game {
                GameId::Dragon => 12,
                GameId::FieldManual => 8,
                GameId::TheGame => 6,
                GameId::JewelSeries => 60,
                GameId::Duel
                | GameId::Ambush
                | GameId::DiamondQi
                | GameId::DiamondQuest
                | GameId::DiamondChess
                | GameId::NorthernLight
                | GameId::Crystal
                | GameId::StarLords
                | GameId::Race => 200,
            };
            let mut config = SimConfig::new(game, games);
            config.master_seed = 21;
            config.max_plies = 300;
            config.threads = Some(1);
            config.mode = CheckMode::PARANOID;
            let stats = sim::run(&config).unwrap();
            assert_eq!(stats.games, games, "{game}");
            assert_eq!(
                stats.failed_games,
                0,
                "{game}: {:?}",
                stats.failures.first()
            );
        }
    }

    #[test]
    fn the_models_read_the_engines_exports() {
        use tigerseye_engine::GameVisitor;
        struct Start;
        impl GameVisitor for Start {
            type Output = (GameId, String, usize);
            fn visit<G: Game>(self) -> Self::Output {
                let mut g = G::new(&G::Options::default());
                // Past a coin toss, to a player's turn.
                let mut buf = G::Actions::default();
                while g.turn() == Turn::Chance {
                    g.legal_actions(&mut buf);
                    g.apply_unchecked(buf[0], &mut |_| {});
                }
                g.legal_actions(&mut buf);
                (GameId::of::<G>().unwrap(), g.export_string(), buf.len())
            }
        }
        for &game in ORACLE_GAMES {
            let (id, export, n) = game.visit(Start);
            assert_eq!(id, game);
            let model = legal(game, &export).unwrap_or_else(|| panic!("{game}: `{export}`"));
            let count = match model {
                Legal::Texts(t) | Legal::Notation(t) => t.len(),
                Legal::Count(c) => c,
            };
            assert_eq!(count, n, "{game} at `{export}`");
        }
        assert_eq!(legal(GameId::Duel, "G2/3/2R blue"), None);
    }

    #[test]
    fn sampling_is_a_function_of_the_state() {
        let hits = (0..16_000u64).filter(|&h| sampled(h, 3, 16)).count();
        assert!((800..1200).contains(&hits), "{hits} of 16000 sampled");
        // One position at many plies: sampled at about one in 16.
        let plies = (0..16_000u32).filter(|&p| sampled(7, p, 16)).count();
        assert!(
            (800..1200).contains(&plies),
            "{plies} of 16000 plies sampled"
        );
        assert!((0..100u64).all(|h| sampled(h, 0, 1)));
        assert_eq!(sampled(12345, 9, 7), sampled(12345, 9, 7));
    }

    /// A rule broken with a consistent state (Duel's injected bug: a
    /// Character on the Key cannot be captured) breaks no invariant; the
    /// reference model in a plain `sim` finds it, and the failure is shrunk
    /// to a short scenario that still fails.
    #[test]
    fn the_oracle_finds_a_consistent_state_rule_bug_and_shrinks_it() {
        let (config, stats) = planted(GameId::Duel, 2_000, 11, "key-holder-immune");
        let failure = &stats.failures[0];
        assert!(failure.message.contains("B2"), "{}", failure.message);
        let shrunk = failure.shrunk.as_ref().expect("shrunk");
        assert!(shrunk.steps <= 10, "{}", shrunk.toml);

        // The replay checks every state against the model.
        let (end, _, _, _) = sim::replay(&config, failure.index).unwrap();
        assert!(
            matches!(&end, sim::GameEnd::Failed(v) if v.check == "reference-model"),
            "{end:?}"
        );
    }

    /// The Field Manual's injected bug (the Prince's exchange with a Squire
    /// is missing, and refused) leaves every state consistent. Its model is
    /// too slow to sample: the run's slice, every state of its games, finds
    /// it, and shrinks it.
    #[test]
    fn the_oracle_slice_finds_a_missing_prince_swap() {
        let (_, stats) = planted(GameId::FieldManual, 6, 5, "no-prince-swap");
        let failure = &stats.failures[0];
        assert!(failure.message.contains("<>"), "{}", failure.message);
        assert!(failure.shrunk.is_some(), "shrunk");
    }

    /// Race's injected bug (a Leader may not land on a single opposing
    /// Leader: the forward Set-back is missing) leaves every state consistent;
    /// the reference model finds it where the invariants do not.
    #[test]
    fn the_oracle_finds_a_missing_race_setback() {
        let (_, stats) = planted(GameId::Race, 300, 5, "no-forward-setback");
        assert!(stats.failures[0].shrunk.is_some(), "shrunk");
    }

    /// `games` games of `game` (master seed `seed`) with the test-only
    /// `fault` planted: the invariants alone see nothing, the reference model
    /// at the default sampling (for a model too slow to sample, in the run's
    /// slice: every state of every game, as the nightly job's first games)
    /// fails a game, and each failure's shrunk scenario parses. The run's
    /// config (oracle on) and its figures.
    fn planted(game: GameId, games: u64, seed: u64, fault: &str) -> (SimConfig, sim::SimStats) {
        let mut config = SimConfig::new(game, games);
        config.master_seed = seed;
        config.options = vec![("fault".into(), fault.into())];
        if EVERY_STATE_ONLY.contains(&game) {
            config.reference_slice = games;
        }
        config.reference_every = 0;
        let blind = sim::run(&config).unwrap();
        assert_eq!(blind.failed_games, 0, "{game}: the invariants alone see it");

        config.reference_every = REFERENCE_EVERY_FOR_TEST;
        let stats = sim::run(&config).unwrap();
        assert!(stats.failed_games > 0, "{game}: the oracle missed the bug");
        assert!(stats.reference_states > 0, "{game}: no state compared");
        for failure in &stats.failures {
            assert_eq!(failure.check, "reference-model");
            if let Some(shrunk) = &failure.shrunk {
                crate::scenario::parse(Path::new("shrunk.toml"), &shrunk.toml)
                    .unwrap_or_else(|e| panic!("{e}\n{}", shrunk.toml));
            }
        }
        (config, stats)
    }

    /// The default sampling, as the nightly job's sims run it.
    const REFERENCE_EVERY_FOR_TEST: u32 = crate::sim::REFERENCE_EVERY;

    #[test]
    fn a_slow_model_runs_only_where_every_state_is_checked() {
        use tigerseye_engine::dragon::{Dragon, DragonOptions};
        let options = DragonOptions::default();
        assert!(oracle::<Dragon>(REFERENCE_EVERY_FOR_TEST, &options).is_none());
        assert!(oracle::<Dragon>(1, &options).is_some());
    }

    /// Every registered game has a reference model that runs as an oracle.
    #[test]
    fn every_registered_game_has_an_oracle() {
        for &game in GameId::ALL {
            assert!(ORACLE_GAMES.contains(&game), "{game}");
        }
        for game in EVERY_STATE_ONLY {
            assert!(ORACLE_GAMES.contains(game), "{game}");
        }
    }

    /// A variation without a ruling changes the rules as much as another
    /// reading: the models play the defaults, so it is not compared.
    #[test]
    fn a_variation_is_not_compared() {
        use tigerseye_engine::GameOptions;
        use tigerseye_engine::field_manual::{FieldManual, FieldManualOptions};
        let mut long = FieldManualOptions::default();
        long.set("mode", "long-game").unwrap();
        assert!(oracle::<FieldManual>(1, &long).is_none());
        assert!(oracle::<FieldManual>(1, &FieldManualOptions::default()).is_some());
    }

    #[test]
    fn other_readings_are_not_compared() {
        use tigerseye_engine::jewel::duel::{Duel, DuelOptions, KeyWinTiming};
        let after_reply = DuelOptions {
            key_win_timing: KeyWinTiming::AfterReply,
            ..DuelOptions::default()
        };
        assert!(oracle::<Duel>(1, &after_reply).is_none());
        assert!(oracle::<Duel>(0, &DuelOptions::default()).is_none());
        assert!(oracle::<Duel>(1, &DuelOptions::default()).is_some());
    }
}
