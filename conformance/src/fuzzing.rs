//! Drivers shared by the cargo-fuzz targets (`fuzz/`), their corpus replay under
//! `cargo test`, and the proptest properties: a game played from a list of
//! choices, every invariant checked after every step.

use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor, Turn};

use crate::invariants::{Checker, Violation};

/// Whether the fuzz targets and proptest properties of `game` draw its options
/// from their input ([`draw_options`]) rather than play the defaults: Dragon,
/// whose options (Knight variations, Trident deployment, truce offers,
/// concessions, the jump target, the Warlord into attack, the ocean's rulings)
/// change the move generation; and the Field Manual, whose modes (Normal, The
/// Long Game, Sniper) and turn-check reading do. The other games keep their defaults, so that
/// their committed corpora keep their meaning and Duel's test-only `fault`
/// option stays off.
#[must_use]
pub fn draws_options(game: GameId) -> bool {
    matches!(game, GameId::Dragon | GameId::FieldManual)
}

/// `G`'s options drawn from the front of `input`: one item per option of
/// [`GameOptions::SPECS`], in order, picks its value (`item % values`, so that
/// the default is item 0); an input shorter than the options leaves the rest at
/// their defaults. Returns the options and the items left.
///
/// # Errors
///
/// When the game refuses a value its own specs list.
pub fn draw_options<G: Game, T: Copy + Into<u64>>(
    input: &[T],
) -> Result<(G::Options, &[T]), Violation> {
    let specs = <G::Options as GameOptions>::SPECS;
    let mut options = G::Options::default();
    let (head, rest) = input.split_at(specs.len().min(input.len()));
    for (spec, &item) in specs.iter().zip(head) {
        let value = spec.values[(item.into() % spec.values.len() as u64) as usize];
        options.set(spec.key, value).map_err(|e| Violation {
            check: "options",
            message: format!("{}={value} is listed but refused: {e}", spec.key),
        })?;
    }
    Ok((options, rest))
}

/// The options of `G` a fuzz input or property draws from the front of `input`
/// when [`draws_options`] says so (the defaults otherwise), and the items left.
///
/// # Errors
///
/// As [`draw_options`].
pub fn input_options<G: Game, T: Copy + Into<u64>>(
    input: &[T],
) -> Result<(G::Options, &[T]), Violation> {
    if draws_options(G::ID) {
        draw_options::<G, T>(input)
    } else {
        Ok((G::Options::default(), input))
    }
}

/// The options that differ from the defaults, as ` under k=v, ...` for a
/// failure's message (empty for the defaults).
fn options_note<G: Game>(options: &G::Options) -> String {
    let set: Vec<String> = crate::sim::option_map::<G>(options)
        .into_iter()
        .filter(|(k, v)| G::Options::default().get(k) != Some(v.as_str()))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if set.is_empty() {
        String::new()
    } else {
        format!(" under {}", set.join(", "))
    }
}

/// Plays `G` from the standard start, each choice picking among the legal
/// actions (`choice % n`; chance outcomes too), until the choices or the game run
/// out. Every invariant, cheap and full, is checked after every step.
///
/// # Errors
///
/// The first broken invariant, with the ply.
pub fn play_choices<G: Game>(
    choices: impl IntoIterator<Item = u64>,
) -> Result<u32, (u32, Violation)> {
    play_choices_with::<G>(&G::Options::default(), choices)
}

/// [`play_choices`] under `options`; a failure's message names the options
/// that differ from the defaults.
///
/// # Errors
///
/// As [`play_choices`].
pub fn play_choices_with<G: Game>(
    options: &G::Options,
    choices: impl IntoIterator<Item = u64>,
) -> Result<u32, (u32, Violation)> {
    play_from::<G>(options, choices).map_err(|(ply, mut v)| {
        v.message.push_str(&options_note::<G>(options));
        (ply, v)
    })
}

fn play_from<G: Game>(
    options: &G::Options,
    choices: impl IntoIterator<Item = u64>,
) -> Result<u32, (u32, Violation)> {
    let mut state = G::new(options);
    let mut legal = G::Actions::default();
    let mut checker = Checker::new(&state);
    let mut ply = 0u32;
    let mut choices = choices.into_iter();
    loop {
        state.legal_actions(&mut legal);
        checker.cheap(&state, &legal).map_err(|v| (ply, v))?;
        checker
            .full(&state, &legal, u64::from(ply))
            .map_err(|v| (ply, v))?;
        if matches!(state.turn(), Turn::Over(_)) {
            return Ok(ply);
        }
        let Some(choice) = choices.next() else {
            return Ok(ply);
        };
        let action = legal[(choice % legal.len() as u64) as usize];
        state.apply(action, &mut |_| {}).map_err(|e| {
            (
                ply,
                Violation {
                    check: "listed-applies",
                    message: format!("{}: {e}", state.action_text(action)),
                },
            )
        })?;
        ply += 1;
    }
}

/// [`play_choices`] for `game`, chosen at run time; for a game that
/// [`draws_options`], the first choices draw its options ([`draw_options`]).
///
/// # Errors
///
/// As [`play_choices`].
pub fn play_game_choices(game: GameId, choices: &[u64]) -> Result<u32, (u32, Violation)> {
    struct Visit<'a>(&'a [u64]);
    impl GameVisitor for Visit<'_> {
        type Output = Result<u32, (u32, Violation)>;
        fn visit<G: Game>(self) -> Self::Output {
            let (options, rest) = input_options::<G, u64>(self.0).map_err(|v| (0, v))?;
            play_choices_with::<G>(&options, rest.iter().copied())
        }
    }
    game.visit(Visit(choices))
}

/// [`play_choices`] for `game`, each byte of `data` one choice: the fuzz target's
/// body. For a game that [`draws_options`], the first bytes draw its options
/// ([`draw_options`]).
///
/// # Errors
///
/// As [`play_choices`].
pub fn play_bytes(game: GameId, data: &[u8]) -> Result<u32, (u32, Violation)> {
    struct Visit<'a>(&'a [u8]);
    impl GameVisitor for Visit<'_> {
        type Output = Result<u32, (u32, Violation)>;
        fn visit<G: Game>(self) -> Self::Output {
            let (options, rest) = input_options::<G, u8>(self.0).map_err(|v| (0, v))?;
            play_choices_with::<G>(&options, rest.iter().map(|&b| u64::from(b)))
        }
    }
    game.visit(Visit(data))
}

/// The game a fuzz input's first byte selects (modulo the number of games), and
/// the rest of the input.
#[must_use]
pub fn split_game(data: &[u8]) -> Option<(GameId, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((GameId::ALL[usize::from(first) % GameId::ALL.len()], rest))
}

/// The `legal_actions_agree` target: plays a game where each round reads 8 bytes
/// as an arbitrary structured action ([`Game::arbitrary_action`]) and checks that
/// it is accepted exactly when it is listed, then reads 1 byte to pick the legal
/// action to play. For a game that [`draws_options`], the bytes before the
/// first round draw its options ([`draw_options`]).
///
/// # Errors
///
/// The first disagreement, with the ply.
pub fn legal_actions_agree(game: GameId, data: &[u8]) -> Result<u32, (u32, Violation)> {
    struct Visit<'a>(&'a [u8]);
    impl GameVisitor for Visit<'_> {
        type Output = Result<u32, (u32, Violation)>;
        fn visit<G: Game>(self) -> Self::Output {
            let (options, data) = input_options::<G, u8>(self.0).map_err(|v| (0, v))?;
            let note = options_note::<G>(&options);
            let mut state = G::new(&options);
            let mut legal = G::Actions::default();
            let mut ply = 0;
            for round in data.chunks(9) {
                state.legal_actions(&mut legal);
                if round.len() < 9 || legal.is_empty() {
                    break;
                }
                let bits = u64::from_le_bytes(round[..8].try_into().unwrap_or([0; 8]));
                let a = state.arbitrary_action(bits);
                let listed = legal.contains(&a);
                let mut probe = state.clone();
                let accepted = probe.play(a).is_ok();
                if listed != accepted {
                    return Err((
                        ply,
                        Violation {
                            check: "legal-agree",
                            message: format!(
                                "{} is listed: {listed}, accepted: {accepted}{note}",
                                state.action_text(a)
                            ),
                        },
                    ));
                }
                if !accepted && probe != state {
                    return Err((
                        ply,
                        Violation {
                            check: "legal-agree",
                            message: format!("a refused action changed the state{note}"),
                        },
                    ));
                }
                for &l in legal.iter() {
                    let mut probe = state.clone();
                    if let Err(e) = probe.play(l) {
                        return Err((
                            ply,
                            Violation {
                                check: "legal-agree",
                                message: format!(
                                    "{} is listed but refused: {e}{note}",
                                    state.action_text(l)
                                ),
                            },
                        ));
                    }
                }
                let pick = legal[usize::from(round[8]) % legal.len()];
                state.apply_unchecked(pick, &mut |_| {});
                ply += 1;
            }
            Ok(ply)
        }
    }
    game.visit(Visit(data))
}

/// The `position_parser` target: any text given to [`Game::import`] either is
/// refused with an error or gives a state that keeps the game's invariants,
/// generates, renders, and exports to a text that imports back to an equal state
/// exporting the same text.
///
/// # Errors
///
/// What broke.
pub fn position_round_trip(game: GameId, text: &str) -> Result<(), Violation> {
    struct Visit<'a>(&'a str);
    impl GameVisitor for Visit<'_> {
        type Output = Result<(), Violation>;
        fn visit<G: Game>(self) -> Self::Output {
            let fail = |message: String| Violation {
                check: "position",
                message,
            };
            let Ok(state) = G::import(self.0, &Default::default()) else {
                return Ok(());
            };
            state
                .check_invariants()
                .map_err(|e| fail(format!("`{}` imports to a broken state: {e}", self.0)))?;
            let mut legal = G::Actions::default();
            state.legal_actions(&mut legal);
            let _ = state.render_string();
            let first = state.export_string();
            let again = G::import(&first, &Default::default()).map_err(|e| {
                fail(format!(
                    "`{first}` (the export of `{}`) does not import: {e}",
                    self.0
                ))
            })?;
            if again != state || again.export_string() != first {
                return Err(fail(format!(
                    "`{}` -> `{first}` does not round-trip",
                    self.0
                )));
            }
            Ok(())
        }
    }
    game.visit(Visit(text))
}

/// The `notation_parser` target: `choices` play a few random actions, then `text`
/// is read as an action there; whatever reads prints back to text that reads as
/// the same action.
///
/// # Errors
///
/// What broke.
pub fn notation_round_trip(game: GameId, choices: &[u8], text: &str) -> Result<(), Violation> {
    struct Visit<'a>(&'a [u8], &'a str);
    impl GameVisitor for Visit<'_> {
        type Output = Result<(), Violation>;
        fn visit<G: Game>(self) -> Self::Output {
            let mut state = G::new(&Default::default());
            let mut legal = G::Actions::default();
            for &c in self.0 {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                state.apply_unchecked(legal[usize::from(c) % legal.len()], &mut |_| {});
            }
            let Ok(a) = state.parse_action(self.1) else {
                return Ok(());
            };
            let printed = state.action_text(a);
            match state.parse_action(&printed) {
                Ok(b) if b == a => Ok(()),
                Ok(b) => Err(Violation {
                    check: "notation",
                    message: format!(
                        "`{}` reads as {a:?}, prints `{printed}`, which reads as {b:?}",
                        self.1
                    ),
                }),
                Err(e) => Err(Violation {
                    check: "notation",
                    message: format!(
                        "`{}` reads as {a:?}, prints `{printed}`, which does not read: {e}",
                        self.1
                    ),
                }),
            }
        }
    }
    game.visit(Visit(choices, text))
}

/// The `scenario_parser` target: any text either fails to load with an error or
/// loads to a scenario that serialises to TOML loading back to an equal scenario.
///
/// # Errors
///
/// What broke.
pub fn scenario_round_trip(text: &str) -> Result<(), Violation> {
    let path = std::path::Path::new("fuzz.toml");
    let Ok(loaded) = crate::scenario::parse(path, text) else {
        return Ok(());
    };
    let fail = |message: String| Violation {
        check: "scenario",
        message,
    };
    let printed =
        toml::to_string(&loaded.scenario).map_err(|e| fail(format!("does not serialise: {e}")))?;
    let again = crate::scenario::parse(path, &printed).map_err(|e| {
        fail(format!(
            "the printed scenario does not load: {e}\n{printed}"
        ))
    })?;
    if again.scenario != loaded.scenario {
        return Err(fail(format!(
            "the printed scenario loads differently:\n{printed}"
        )));
    }
    Ok(())
}

/// The `scenario_parser` target's second half: any text read as a clock scenario
/// (`scenarios/clocks/`) either fails to load with an error or runs to a
/// verdict, its clocks' books balanced after every step, without a panic.
///
/// # Errors
///
/// A [`Violation`] when a loaded clock scenario's run reports an unbalanced
/// clock (`Clocks::check`).
pub fn clock_scenario_runs(text: &str) -> Result<(), Violation> {
    let Ok(loaded) = crate::clock_scenario::parse(std::path::Path::new("fuzz.toml"), text) else {
        return Ok(());
    };
    let run = crate::clock_scenario::run(&loaded);
    match run
        .failures
        .iter()
        .find(|f| f.contains("books do not balance"))
    {
        Some(f) => Err(Violation {
            check: "clock scenario",
            message: f.clone(),
        }),
        None => Ok(()),
    }
}

/// One committed fuzz input replayed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CorpusReplay {
    /// The fuzz target.
    pub target: String,
    /// Inputs replayed.
    pub inputs: u64,
    /// `file: what broke` for each failing input.
    pub failures: Vec<String>,
}

/// The random-game fuzz target of `game`: `<name>_random_game`, a `-` in the
/// game's name written `_` (`diamond_qi_random_game`).
#[must_use]
pub fn random_game_target(game: GameId) -> String {
    format!("{}_random_game", game.name().replace('-', "_"))
}

/// Every fuzz target whose seed corpus `replay_corpora` replays: one random-game
/// target per registered game, then the generic targets.
#[must_use]
pub fn targets() -> Vec<String> {
    let mut t: Vec<String> = GameId::ALL.iter().map(|&g| random_game_target(g)).collect();
    for generic in [
        "legal_actions_agree",
        "position_parser",
        "notation_parser",
        "scenario_parser",
    ] {
        t.push(generic.to_owned());
    }
    t
}

/// Runs one input of `target`.
///
/// # Errors
///
/// What broke.
pub fn run_input(target: &str, data: &[u8]) -> Result<(), String> {
    if target.ends_with("_random_game") {
        let game = GameId::ALL
            .iter()
            .copied()
            .find(|&g| random_game_target(g) == target)
            .ok_or_else(|| format!("no registered game has the fuzz target `{target}`"))?;
        return play_bytes(game, data)
            .map(|_| ())
            .map_err(|(ply, v)| format!("ply {ply}: {v}"));
    }
    match target {
        "legal_actions_agree" => match split_game(data) {
            Some((game, rest)) => legal_actions_agree(game, rest)
                .map(|_| ())
                .map_err(|(ply, v)| format!("{game} ply {ply}: {v}")),
            None => Ok(()),
        },
        "position_parser" => match split_game(data) {
            Some((game, rest)) => match std::str::from_utf8(rest) {
                Ok(text) => position_round_trip(game, text).map_err(|v| format!("{game}: {v}")),
                Err(_) => Ok(()),
            },
            None => Ok(()),
        },
        "notation_parser" => {
            let Some((game, rest)) = split_game(data) else {
                return Ok(());
            };
            let Some((&n, rest)) = rest.split_first() else {
                return Ok(());
            };
            let (choices, text) = rest.split_at(usize::from(n).min(rest.len()));
            match std::str::from_utf8(text) {
                Ok(text) => {
                    notation_round_trip(game, choices, text).map_err(|v| format!("{game}: {v}"))
                }
                Err(_) => Ok(()),
            }
        }
        "scenario_parser" => match std::str::from_utf8(data) {
            Ok(text) => scenario_round_trip(text)
                .and_then(|()| clock_scenario_runs(text))
                .map_err(|v| v.to_string()),
            Err(_) => Ok(()),
        },
        other => Err(format!("unknown fuzz target `{other}`")),
    }
}

/// Replays every committed input of every target under `root` (`fuzz/corpus`),
/// catching panics. A target without a corpus folder is reported as a failure.
#[must_use]
pub fn replay_corpora(root: &std::path::Path) -> Vec<CorpusReplay> {
    targets()
        .into_iter()
        .map(|target| {
            let dir = root.join(&target);
            let mut replay = CorpusReplay {
                target: target.clone(),
                inputs: 0,
                failures: Vec::new(),
            };
            let mut files: Vec<std::path::PathBuf> = match std::fs::read_dir(&dir) {
                Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(e) => {
                    replay.failures.push(format!(
                        "{}: {e} (every fuzz target has a seed corpus)",
                        dir.display()
                    ));
                    return replay;
                }
            };
            files.sort();
            if files.is_empty() {
                replay
                    .failures
                    .push(format!("{}: empty seed corpus", dir.display()));
            }
            for path in files {
                replay.inputs += 1;
                let outcome = std::fs::read(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|data| {
                        crate::sim::catch_panic(|| run_input(&target, &data))
                            .unwrap_or_else(|p| Err(format!("panic: {p}")))
                    });
                if let Err(e) = outcome {
                    replay.failures.push(format!("{}: {e}", path.display()));
                }
            }
            replay
        })
        .collect()
}
