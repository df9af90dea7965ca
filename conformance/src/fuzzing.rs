//! Drivers shared by the cargo-fuzz targets (`fuzz/`), their corpus replay under
//! `cargo test`, and the proptest properties: a game played from a list of
//! choices, every invariant checked after every step.

use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor, Turn};

use crate::invariants::{Checker, Violation};

/// Whether the fuzz targets and proptest properties of `game` draw its options
/// from their input ([`draw_options`]) rather than play the defaults: as the
/// game's options declare ([`GameOptions::DRAWN_IN_RANDOM_TESTS`]; Dragon's,
/// whose options change the move generation). The other games keep their
/// defaults, so that their committed corpora keep their meaning and Duel's
/// test-only `fault` option stays off.
#[must_use]
pub fn draws_options(game: GameId) -> bool {
    struct Drawn;
    impl GameVisitor for Drawn {
        type Output = bool;
        fn visit<G: Game>(self) -> bool {
            <G::Options as GameOptions>::DRAWN_IN_RANDOM_TESTS
        }
    }
    game.visit(Drawn)
}

/// `G`'s options drawn from the front of `input`: one item per option of
/// [`GameOptions::SPECS`] but a test-only `fault` (never drawn, so that an
/// input means the same with the engine's `fault-injection` feature on or
/// off), in order, picks its value (`item % values`, so that the default is
/// value 0); an input shorter than the options leaves the rest at their
/// defaults. Returns the options and the items left.
///
/// # Errors
///
/// When the game refuses a value its own specs list.
pub fn draw_options<G: Game, T: Copy + Into<u64>>(
    input: &[T],
) -> Result<(G::Options, &[T]), Violation> {
    let specs: Vec<_> = <G::Options as GameOptions>::SPECS
        .iter()
        .filter(|spec| spec.key != "fault")
        .collect();
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
    if <G::Options as GameOptions>::DRAWN_IN_RANDOM_TESTS {
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

/// One seed corpus replayed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CorpusReplay {
    /// The corpus: its folder under `fuzz/corpus/` ([`Corpus::folder`]).
    pub target: String,
    /// Inputs replayed.
    pub inputs: u64,
    /// `file: what broke` for each failing input.
    pub failures: Vec<String>,
}

/// The fuzz target that plays any registered game: `fuzz/fuzz_targets/random_game.rs`.
pub const RANDOM_GAME: &str = "random_game";

/// The environment variable that pins [`RANDOM_GAME`] to one game (its
/// registry name, `duel`): every byte of the input is then a choice, the form
/// of that game's committed corpus (`fuzz/corpus/<game>_random_game/`). Unset
/// or empty, the input's first byte picks the game ([`split_game`]).
pub const GAME_VAR: &str = "TIGERSEYE_FUZZ_GAME";

/// The targets that read a whole input each, the game (where they play one)
/// picked by its first byte: `fuzz/fuzz_targets/<name>.rs`, each with its seed
/// corpus `fuzz/corpus/<name>/`.
pub const GENERIC_TARGETS: [&str; 4] = [
    "legal_actions_agree",
    "position_parser",
    "notation_parser",
    "scenario_parser",
];

/// The game [`GAME_VAR`] pins [`RANDOM_GAME`] to, if it is set and not empty.
///
/// # Errors
///
/// The name is no registered game's.
pub fn pinned_game() -> Result<Option<GameId>, tigerseye_engine::registry::UnknownGame> {
    match std::env::var(GAME_VAR) {
        Ok(name) if !name.is_empty() => name.parse().map(Some),
        _ => Ok(None),
    }
}

/// The first byte of a [`RANDOM_GAME`] input that picks `game` (its index in
/// the registry): a byte followed by a game's own corpus input is the same
/// input for the unpinned target.
#[must_use]
pub fn game_byte(game: GameId) -> u8 {
    let index = GameId::ALL.iter().position(|&g| g == game).unwrap_or(0);
    u8::try_from(index).unwrap_or(u8::MAX)
}

/// The [`RANDOM_GAME`] target's body: `pinned` plays every byte of `data` as a
/// choice ([`play_bytes`]); with none, the first byte picks the game
/// ([`split_game`]) and the rest are the choices.
///
/// # Errors
///
/// The first broken invariant, as `game: ply n: what broke`.
pub fn random_game(pinned: Option<GameId>, data: &[u8]) -> Result<(), String> {
    let (game, choices) = match pinned {
        Some(game) => (game, data),
        None => match split_game(data) {
            Some(split) => split,
            None => return Ok(()),
        },
    };
    play_bytes(game, choices)
        .map(|_| ())
        .map_err(|(ply, v)| format!("{game}: ply {ply}: {v}"))
}

/// A committed seed corpus: its folder under `fuzz/corpus/`, the target that
/// runs it, and the game it is pinned to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Corpus {
    /// The folder under `fuzz/corpus/`: the target's name, or
    /// `<game>_random_game` for a game's own [`RANDOM_GAME`] corpus.
    pub folder: String,
    /// The fuzz target (`fuzz/fuzz_targets/<target>.rs`).
    pub target: &'static str,
    /// The game [`RANDOM_GAME`] is pinned to for this corpus ([`GAME_VAR`]),
    /// empty for the other targets.
    pub game: &'static str,
}

/// The seed corpus folder of `game`'s random games: `<name>_random_game`, a
/// `-` in the game's name written `_` (`diamond_qi_random_game`).
#[must_use]
pub fn random_game_corpus(game: GameId) -> String {
    format!("{}_random_game", game.name().replace('-', "_"))
}

/// Every committed seed corpus, derived from the registry: one
/// [`RANDOM_GAME`] corpus per registered game, then one per generic target.
#[must_use]
pub fn corpora() -> Vec<Corpus> {
    let games = GameId::ALL.iter().map(|&g| Corpus {
        folder: random_game_corpus(g),
        target: RANDOM_GAME,
        game: g.name(),
    });
    let generic = GENERIC_TARGETS.iter().map(|&t| Corpus {
        folder: t.to_owned(),
        target: t,
        game: "",
    });
    games.chain(generic).collect()
}

/// Every fuzz target (`fuzz/fuzz_targets/<name>.rs`, a `[[bin]]` of
/// `fuzz/Cargo.toml`): [`RANDOM_GAME`], then the [`GENERIC_TARGETS`].
#[must_use]
pub fn targets() -> Vec<&'static str> {
    std::iter::once(RANDOM_GAME)
        .chain(GENERIC_TARGETS)
        .collect()
}

/// The nightly workflow's fuzz matrix, `{"include": [...]}` with one entry per
/// [`corpora`] entry (`folder`, `target`, `game`), for GitHub's `fromJSON`.
#[must_use]
pub fn matrix_json() -> String {
    serde_json::json!({ "include": corpora() }).to_string()
}

/// Writes each target's seed corpus for a runner that cannot pin a game
/// (ClusterFuzzLite): `out/<target>/`, the [`RANDOM_GAME`] one holding every
/// game's inputs with the game's byte in front ([`game_byte`]), named
/// `<folder>-<file>`. Returns the number of files written.
///
/// # Errors
///
/// A folder or file that cannot be read or written, named.
pub fn write_seed_corpora(root: &std::path::Path, out: &std::path::Path) -> Result<usize, String> {
    let mut written = 0;
    for corpus in corpora() {
        let from = root.join(&corpus.folder);
        let to = out.join(corpus.target);
        std::fs::create_dir_all(&to).map_err(|e| format!("{}: {e}", to.display()))?;
        let prefix: Option<u8> = corpus.game.parse::<GameId>().ok().map(game_byte);
        let entries = std::fs::read_dir(&from).map_err(|e| format!("{}: {e}", from.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|e| format!("{}: {e}", from.display()))?
                .path();
            let data = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let (file, bytes) = match prefix {
                Some(byte) => (
                    to.join(format!("{}-{name}", corpus.folder)),
                    std::iter::once(byte).chain(data).collect(),
                ),
                None => (to.join(name), data),
            };
            std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
            written += 1;
        }
    }
    Ok(written)
}

/// Runs one input of `target`; [`RANDOM_GAME`] is pinned to `game` when it
/// names one (a game's own corpus, [`Corpus::game`]).
///
/// # Errors
///
/// What broke.
pub fn run_input(target: &str, game: &str, data: &[u8]) -> Result<(), String> {
    if target == RANDOM_GAME {
        let pinned = if game.is_empty() {
            None
        } else {
            Some(game.parse::<GameId>().map_err(|e| e.to_string())?)
        };
        return random_game(pinned, data);
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

/// Replays every committed input of every corpus under `root` (`fuzz/corpus`,
/// [`corpora`]), catching panics. A corpus without a folder is reported as a
/// failure.
#[must_use]
pub fn replay_corpora(root: &std::path::Path) -> Vec<CorpusReplay> {
    corpora()
        .into_iter()
        .map(|corpus| {
            let dir = root.join(&corpus.folder);
            let mut replay = CorpusReplay {
                target: corpus.folder.clone(),
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
                        crate::panics::catch_panic(|| run_input(corpus.target, corpus.game, &data))
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
