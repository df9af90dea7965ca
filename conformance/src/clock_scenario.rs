//! Clock scenarios: the seeds' clock rules and examples, one per TOML file under
//! `scenarios/clocks/`.
//!
//! The engine keeps no clocks inside a game (its games are timed by the caller,
//! `core::clocks`), so a clock scenario plays no game: it names a time control
//! (a preset, some fields changed), records moves of given lengths for a side,
//! and says what each clock then shows, whose flag fell, or what was refused.
//! `tigerseye check` runs them beside the games' scenarios and counts them under
//! `clocks`; every clock ruling (`clocks.*`) needs one, as every game ruling
//! does. The format is in `scenarios/README.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use tigerseye_engine::core::clocks::{
    Clocks, IncrementTiming, Lag, LagReading, Millis, MillisError, ReserveReading, SwingAfterLimit,
    SwingReading, TimeControl,
};
use tigerseye_engine::jewel::northern_light::hunt::DiamondQuest;
use tigerseye_engine::jewel::northern_light::series;
use tigerseye_engine::registry::{clock_preset, clock_presets};
use tigerseye_engine::rulings::Ruling;
use tigerseye_engine::{Game, Side};
use toml::Spanned;

use crate::check_results::Verdict;
use crate::check_results::{CheckSummary, ScenarioResult};
use crate::scenario::{Header, LoadError, Status, check_header, locate};

/// The folder under the corpus that holds the clock scenarios, and the name
/// their results are counted under.
pub const FOLDER: &str = crate::scenario::CLOCKS_FOLDER;

/// The most moves one step may record (the seeds' longest phase is Dragon's
/// 100-move cut-off).
pub const MAX_MOVES: u32 = 10_000;

/// A clock scenario file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockScenario {
    /// One line saying what the scenario shows.
    pub title: String,
    /// The seed file and section the rule or example comes from.
    pub source: String,
    /// Ids of the clock rulings (`clocks.*`) this scenario exercises.
    #[serde(default)]
    pub rulings: Vec<Spanned<String>>,
    /// Ids of the seed clauses this scenario tests (`scenarios/clauses/`).
    #[serde(default)]
    pub clauses: Vec<Spanned<String>>,
    /// `confirmed` (default) or `disputed`.
    #[serde(default)]
    pub status: Status,
    /// Why a disputed scenario cannot hold; required when disputed.
    #[serde(default)]
    pub reason: Option<String>,
    /// Free-text tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The time control's preset name (a game's `Game::CLOCKS`, collected by `registry::clock_presets`).
    pub control: Spanned<String>,
    /// Fields of the control changed from the preset, `key = "value"`
    /// (`TimeControl::set`).
    #[serde(default)]
    pub fields: BTreeMap<String, Spanned<String>>,
    /// The steps, in order.
    #[serde(default, rename = "step")]
    pub steps: Vec<Spanned<ClockStep>>,
}

/// One step: moves of one side, or the next hunt's clocks, or neither; then
/// expectations about the clocks.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockStep {
    /// A note printed in the transcript.
    pub note: Option<String>,
    /// Whose moves: `green` or `red`.
    pub side: Option<Spanned<String>>,
    /// How long each move took, such as `2m` or `65s`.
    pub think: Option<Spanned<String>>,
    /// How many such moves (1 when absent): the side's clock alone runs.
    pub moves: Option<Spanned<u32>>,
    /// The next hunt's clocks under this preset, each player's unused time
    /// carried over (Northern Light).
    pub next_hunt: Option<Spanned<String>>,
    /// The interval before the next hunt, charged to neither clock.
    pub interval: Option<Spanned<String>>,
    /// The time each named side has left after the step.
    pub left: Option<BTreeMap<String, Spanned<String>>>,
    /// The moves each named side has completed after the step.
    pub made: Option<BTreeMap<String, Spanned<u32>>>,
    /// `none`, or whose flag has fallen and during which of his moves:
    /// `green on move 101`.
    pub flag: Option<Spanned<String>>,
    /// The error the step ends with, as printed; a step with an error not named
    /// here fails.
    pub error: Option<Spanned<String>>,
}

/// A clock scenario loaded from a file.
#[derive(Clone, Debug)]
pub struct LoadedClockScenario {
    /// The file.
    pub path: PathBuf,
    /// The text, for line numbers.
    pub text: String,
    /// The parsed scenario.
    pub scenario: ClockScenario,
}

impl LoadedClockScenario {
    /// `path:line:column` of byte offset `at`.
    #[must_use]
    pub fn locate(&self, at: usize) -> String {
        locate(&self.path, &self.text, at)
    }
}

/// Parses clock scenario `text` read from `path`.
///
/// # Errors
///
/// [`LoadError`] at the line of the first problem: TOML syntax, an unknown or
/// missing key, an empty `source`, a disputed status without a reason, no step,
/// or a step that mixes its kinds (`think` without `side`, `interval` without
/// `next-hunt`, moves with a next hunt, `moves` outside 1 to [`MAX_MOVES`]).
pub fn parse(path: &Path, text: &str) -> Result<LoadedClockScenario, LoadError> {
    let scenario: ClockScenario =
        toml::from_str(text).map_err(|e| crate::scenario::toml_error(path, text, &e))?;
    let loaded = LoadedClockScenario {
        path: path.to_owned(),
        text: text.to_owned(),
        scenario,
    };
    let s = &loaded.scenario;
    let whole = |message: &str| LoadError {
        at: path.display().to_string(),
        message: message.to_owned(),
    };
    check_header(
        path,
        text,
        &Header {
            title: &s.title,
            source: &s.source,
            status: s.status,
            reason: s.reason.as_deref(),
        },
    )?;
    if s.steps.is_empty() {
        return Err(whole(
            "no `[[step]]`: the scenario checks nothing; add a step",
        ));
    }
    for step in &s.steps {
        let st = step.get_ref();
        let refuse = |message: &str| LoadError {
            at: loaded.locate(step.span().start),
            message: message.to_owned(),
        };
        match (&st.side, &st.think) {
            (Some(_), None) => {
                return Err(refuse(
                    "`side` without `think`: a step of moves says how long each move took",
                ));
            }
            (None, Some(_)) => {
                return Err(refuse(
                    "`think` without `side`: a step of moves says whose they are",
                ));
            }
            _ => {}
        }
        let acts = st.side.is_some() || st.next_hunt.is_some();
        if !acts && !expects(st) {
            return Err(refuse(
                "the step checks nothing: give it moves (`side`, `think`) or a `next-hunt`, or an expectation (`left`, `made`, `flag`, `error`)",
            ));
        }
        if st.moves.is_some() && st.think.is_none() {
            return Err(refuse("`moves` needs `side` and `think`"));
        }
        if let Some(m) = &st.moves
            && !(1..=MAX_MOVES).contains(m.get_ref())
        {
            return Err(LoadError {
                at: loaded.locate(m.span().start),
                message: format!("`moves` is from 1 to {MAX_MOVES}, found {}", m.get_ref()),
            });
        }
        if st.interval.is_some() && st.next_hunt.is_none() {
            return Err(refuse("`interval` is the pause before a `next-hunt`"));
        }
        if st.next_hunt.is_some() && st.side.is_some() {
            return Err(refuse(
                "a step either records moves (`side`, `think`) or starts the `next-hunt`, not both",
            ));
        }
    }
    if !s.steps.iter().any(|st| expects(st.get_ref())) {
        return Err(whole(
            "no step expects anything (`left`, `made`, `flag` or `error`): the scenario checks nothing but the clocks' books",
        ));
    }
    Ok(loaded)
}

/// Whether a step expects something of the clocks.
fn expects(st: &ClockStep) -> bool {
    st.left.is_some() || st.made.is_some() || st.flag.is_some() || st.error.is_some()
}

/// Reads and parses the clock scenario at `path`.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or [`parse`] fails.
pub fn load(path: &Path) -> Result<LoadedClockScenario, LoadError> {
    parse(path, &crate::scenario::read(path)?)
}

/// The result of running one clock scenario.
#[derive(Clone, Debug)]
pub struct ClockRun {
    /// The verdict.
    pub verdict: Verdict,
    /// Each expectation that did not hold, as `file:line:column: message`.
    pub failures: Vec<String>,
    /// The transcript: the control, each step and both clocks after it.
    pub transcript: String,
}

/// Runs `loaded`: each step, then its expectations and the clocks' own
/// invariant (`Clocks::check`: the initial time plus what was credited less
/// what was charged is what is left).
#[must_use]
pub fn run(loaded: &LoadedClockScenario) -> ClockRun {
    let s = &loaded.scenario;
    let mut failures = Vec::new();
    let mut t = String::new();
    let _ = writeln!(t, "# {}\nsource: {}", s.title, s.source);
    if !s.rulings.is_empty() {
        let ids: Vec<&str> = s.rulings.iter().map(|r| r.get_ref().as_str()).collect();
        let _ = writeln!(t, "rulings: {}", ids.join(", "));
    }
    for r in &s.rulings {
        let known = tigerseye_engine::core::clocks::RULINGS
            .iter()
            .any(|k| k.id == r.get_ref());
        if !known {
            failures.push(format!(
                "{}: unknown clock ruling `{}`: expected one of {}",
                loaded.locate(r.span().start),
                r.get_ref(),
                clock_ruling_ids().join(", ")
            ));
        }
    }
    match control(loaded, &s.control, &s.fields) {
        Err(e) => failures.push(e),
        Ok(control) => {
            let _ = writeln!(t, "control: {}", describe(control));
            let mut clocks = Clocks::new(control);
            let mut hunt = s.control.get_ref().clone();
            let _ = writeln!(t, "start: {}", both(&clocks));
            for (i, step) in s.steps.iter().enumerate() {
                let at = loaded.locate(step.span().start);
                let mut run = StepRun {
                    loaded,
                    clocks: &mut clocks,
                    hunt: &mut hunt,
                    at: &at,
                    t: &mut t,
                };
                // A panic in the clocks is this step's failure; the corpus run goes on.
                let stepped = crate::panics::catch_panic(|| run.step(step.get_ref(), i + 1))
                    .unwrap_or_else(|message| Err(format!("{at}: panic: {message}")));
                if let Err(e) = stepped {
                    failures.push(e);
                    // The clocks are not where the later steps expect them.
                    break;
                }
                expect(loaded, &clocks, step.get_ref(), &mut failures);
                if let Err(e) = clocks.check() {
                    failures.push(format!("{at}: the clocks' books do not balance: {e}"));
                }
            }
        }
    }
    let verdict = Verdict::of(s.status, failures.is_empty());
    ClockRun {
        verdict,
        failures,
        transcript: t,
    }
}

/// Runs every `*.toml` under the corpus's `clocks/` folder and its subfolders
/// (none when it is absent) into `summary`, counted under [`FOLDER`], and adds the rulings they name to
/// `named`. A file that does not load is a `load-error`, counted as failed.
///
/// # Errors
///
/// When the folder exists and cannot be read.
pub fn check_folder(
    root: &Path,
    summary: &mut CheckSummary,
    named: &mut BTreeSet<String>,
) -> std::io::Result<()> {
    let dir = root.join(FOLDER);
    summary.per_game.entry(FOLDER.to_owned()).or_default();
    if !dir.is_dir() {
        return Ok(());
    }
    // As the games' folders are walked: subfolders too, and a link to a
    // missing file is listed (it fails to load).
    for path in crate::scenario::discover_in(vec![dir])? {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let result = match load(&path) {
            Err(e) => ScenarioResult {
                path: rel,
                game: Some(FOLDER.to_owned()),
                title: String::new(),
                verdict: Verdict::LoadError,
                reason: None,
                failures: vec![e.to_string()],
            },
            Ok(loaded) => {
                for r in &loaded.scenario.rulings {
                    named.insert(r.get_ref().clone());
                }
                let run = run(&loaded);
                ScenarioResult {
                    path: rel,
                    game: Some(FOLDER.to_owned()),
                    title: loaded.scenario.title.clone(),
                    verdict: run.verdict,
                    reason: loaded.scenario.reason.clone(),
                    failures: run.failures,
                }
            }
        };
        let counts = summary.per_game.entry(FOLDER.to_owned()).or_default();
        counts.count(result.verdict);
        summary.scenarios.push(result);
    }
    Ok(())
}

/// A skeleton clock scenario exercising `ruling`, to fill in: the control its
/// question is about, that kind's fields and every step key, commented.
#[must_use]
pub fn template(ruling: &Ruling) -> String {
    let preset = match ruling.id {
        "clocks.tigerclocks-reserve" => "tigerclocks",
        "clocks.tigerswing" => "race",
        "clocks.increment-timing" => "dragon-example",
        "clocks.hunt-carry-over" => "diamond-qi",
        _ => "duel-5",
    };
    let presets = clock_presets();
    // Every ruling's preset is registered (a test says so); a countdown else.
    let control = clock_preset(preset).unwrap_or(TimeControl::Countdown {
        base: Millis::ZERO,
        lag: Lag::NONE,
    });
    let presets: Vec<&str> = presets.iter().map(|(n, _)| *n).collect();
    format!(
        "# scenarios/clocks/<name>.toml — the format: scenarios/README.md, \"Clock scenarios\"
title = \"What this example shows, in one line\"
source = \"<seed>, <section>: \\\"<the seed's words>\\\"\"
rulings = [{id:?}]
# status = \"disputed\"
# reason = \"why the seed's example cannot hold under the ruling\"
tags = []
# one of: {presets}
control = {preset:?}

# [fields]  the control's fields changed from the preset; a {kind} control has: {fields}
# (the ruling's other readings: {readings})

[[step]]
note = \"what this step shows\"
side = \"green\"
think = \"1m\"          # each move's time: 7h, 1h30m, 65s, 250ms or 4:59.000
# moves = 1             # how many such moves, 1 to {MAX_MOVES}
# (instead of side and think: next-hunt = \"diamond-quest\" and interval = \"30m\")
left = {{ green = \"...\" }}
# made = {{ green = 1 }}
# flag = \"none\"        # or \"green on move 3\"
# error = \"...\"        # the error the step ends with, as printed
",
        id = ruling.id,
        presets = presets.join(", "),
        kind = control.kind(),
        fields = control.fields().join(", "),
        readings = ruling
            .readings
            .iter()
            .skip(1)
            .map(|r| r.name)
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// Every clock ruling's id.
#[must_use]
pub fn clock_ruling_ids() -> Vec<&'static str> {
    tigerseye_engine::core::clocks::RULINGS
        .iter()
        .map(|r| r.id)
        .collect()
}

/// The control a preset and its changed fields make.
fn control(
    loaded: &LoadedClockScenario,
    name: &Spanned<String>,
    fields: &BTreeMap<String, Spanned<String>>,
) -> Result<TimeControl, String> {
    let mut c = clock_preset(name.get_ref())
        .map_err(|e| format!("{}: {e}", loaded.locate(name.span().start)))?;
    for (key, value) in fields {
        let at = value.span().start;
        // A time is bounded as the steps' are.
        let too_long = match value.get_ref().parse::<Millis>() {
            Ok(t) => t > MAX_TIME,
            Err(e) => matches!(e, MillisError::TooLarge(_)),
        };
        if too_long {
            time(loaded, value.get_ref(), at)?;
        }
        c.set(key, value.get_ref())
            .map_err(|e| format!("{}: {e}", loaded.locate(at)))?;
    }
    Ok(c)
}

/// A side's name read from a scenario, or an error at its place.
fn side(loaded: &LoadedClockScenario, text: &str, at: usize) -> Result<Side, String> {
    text.parse::<Side>()
        .map_err(|e| format!("{}: {e}", loaded.locate(at)))
}

/// The longest time a clock scenario may write (a move, an interval, a
/// field): 10,000 hours. With at most [`MAX_MOVES`] moves a step, no clock
/// comes near `u64::MAX` milliseconds, where it would saturate.
pub const MAX_TIME: Millis = Millis(10_000 * 3_600_000);

/// A time read from a scenario at `at`, at most [`MAX_TIME`].
fn time(loaded: &LoadedClockScenario, text: &str, at: usize) -> Result<Millis, String> {
    let t: Millis = text.parse().map_err(|e| match e {
        // Past `u64::MAX` milliseconds: past this bound too, which is the one to name.
        MillisError::TooLarge(_) => too_long(loaded, text, at),
        MillisError::Malformed(_) => format!("{}: {e}", loaded.locate(at)),
    })?;
    if t > MAX_TIME {
        return Err(too_long(loaded, text, at));
    }
    Ok(t)
}

/// The error for a time past [`MAX_TIME`].
fn too_long(loaded: &LoadedClockScenario, text: &str, at: usize) -> String {
    format!(
        "{}: `{}` is longer than a clock scenario's longest time, 10000h",
        loaded.locate(at),
        tigerseye_engine::core::quoted(text)
    )
}

/// The hunt Northern Light plays after `hunt` when it is drawn, in the
/// match's own order ([`series::hunt_after`]), and whether an interval may
/// come before it (seed 002, Northern Light: "If the game moves to
/// DiamondQuest then a short interval is allowable of up to thirty minutes").
fn hunt_after(hunt: &str) -> Option<(&'static str, bool)> {
    let next = series::hunt_after(hunt)?;
    Some((next, next == <DiamondQuest as Game>::NAME))
}

/// The keys of `[fields]` that choose a ruling's reading: they carry over to
/// the next hunt (a reading is compared across the hunts), the others (times)
/// belong to the preset they change.
const READING_FIELDS: [&str; 4] = ["lag-reading", "reading", "after-limit", "timing"];

/// One step being run: the clocks, the hunt they time, the step's place.
struct StepRun<'a> {
    loaded: &'a LoadedClockScenario,
    clocks: &'a mut Clocks,
    /// The preset the clocks now run under.
    hunt: &'a mut String,
    /// The step's `path:line:column`.
    at: &'a str,
    t: &'a mut String,
}

impl StepRun<'_> {
    /// Runs the step's moves or next hunt, writing it to the transcript. An
    /// error the step names in `error` is written and not returned; any other
    /// is, as a failure `path:line:column: message`.
    fn step(&mut self, step: &ClockStep, number: usize) -> Result<(), String> {
        let loaded = self.loaded;
        // The error the step ended with: where (a move's number, or empty) and what.
        let mut ended: Option<(String, String)> = None;
        if let (Some(who), Some(think)) = (&step.side, &step.think) {
            let who_side = side(loaded, who.get_ref(), who.span().start)?;
            let each = time(loaded, think.get_ref(), think.span().start)?;
            let n = step.moves.as_ref().map_or(1, |m| *m.get_ref());
            let _ = write!(
                self.t,
                "step {number}: {who_side}, {n} move{} of {each}",
                if n == 1 { "" } else { "s" }
            );
            for k in 1..=n {
                if let Err(e) = self.clocks.record_move(who_side, each) {
                    ended = Some((format!("move {k} of {n}"), e.to_string()));
                    break;
                }
            }
        } else if let Some(hunt) = &step.next_hunt {
            let at = loaded.locate(hunt.span().start);
            let next = clock_preset(hunt.get_ref()).map_err(|e| format!("{at}: {e}"))?;
            let Some((follows, interval_allowed)) = hunt_after(self.hunt) else {
                return Err(format!(
                    "{at}: `{}` is no Northern Light hunt: only DiamondQi, DiamondQuest and DiamondChess are followed by a next hunt",
                    self.hunt
                ));
            };
            if hunt.get_ref() != follows {
                return Err(format!(
                    "{at}: after {} Northern Light plays {follows}, not `{}`",
                    self.hunt,
                    tigerseye_engine::core::quoted(hunt.get_ref())
                ));
            }
            if let Some(flag) = self.clocks.flag() {
                return Err(format!(
                    "{at}: {}'s flag fell: a loss on time ends the match, and only a drawn hunt is followed by the next",
                    flag.side
                ));
            }
            let _ = write!(self.t, "step {number}: the next hunt, {follows}");
            let pause = match &step.interval {
                None => Ok(()),
                Some(i) if !interval_allowed => {
                    return Err(format!(
                        "{}: the seed allows an interval only before DiamondQuest",
                        loaded.locate(i.span().start)
                    ));
                }
                Some(i) => {
                    let d = time(loaded, i.get_ref(), i.span().start)?;
                    let _ = write!(self.t, " after an interval of {d}");
                    Clocks::check_interval(d)
                }
            };
            match pause {
                Ok(()) => {
                    let mut control = next;
                    // The readings chosen in `[fields]` carry over.
                    for (key, value) in &loaded.scenario.fields {
                        if READING_FIELDS.contains(&key.as_str())
                            && next.fields().contains(&key.as_str())
                        {
                            control.set(key, value.get_ref()).map_err(|e| {
                                format!("{}: {e}", loaded.locate(value.span().start))
                            })?;
                        }
                    }
                    if control != next {
                        let _ = write!(self.t, " ({})", describe(control));
                    }
                    *self.clocks = self.clocks.next_hunt(control);
                    follows.clone_into(self.hunt);
                }
                Err(e) => ended = Some((String::new(), e.to_string())),
            }
        } else {
            let _ = write!(self.t, "step {number}: the clocks as they stand");
        }
        let _ = writeln!(self.t);
        if let Some(note) = &step.note {
            let _ = writeln!(self.t, "  note: {note}");
        }
        match (&ended, &step.error) {
            (Some((during, e)), Some(want)) if e == want.get_ref() => {
                let _ = writeln!(self.t, "  refused: {e}{}", in_move(during));
            }
            (Some((during, e)), Some(want)) => {
                return Err(format!(
                    "{}: expected the error `{}`; the step ended with `{e}`{}",
                    loaded.locate(want.span().start),
                    want.get_ref(),
                    in_move(during)
                ));
            }
            (Some((during, e)), None) => {
                return Err(format!(
                    "{}: the step ended with `{e}`{} (name it in `error` if it is expected)",
                    self.at,
                    in_move(during)
                ));
            }
            (None, Some(want)) => {
                return Err(format!(
                    "{}: expected the error `{}`; the step ended without one",
                    loaded.locate(want.span().start),
                    want.get_ref()
                ));
            }
            (None, None) => {}
        }
        let _ = writeln!(self.t, "  clocks: {}", both(self.clocks));
        if let Some(flag) = self.clocks.flag() {
            let _ = writeln!(
                self.t,
                "  flag: {} on move {}; {} wins on time ({})",
                flag.side,
                flag.move_number,
                flag.side.opponent(),
                tigerseye_engine::core::clocks::LOSS_ON_TIME.0
            );
        }
        Ok(())
    }
}

/// ` (at move k of n)` for an error during a step's moves.
fn in_move(during: &str) -> String {
    if during.is_empty() {
        String::new()
    } else {
        format!(" (at {during})")
    }
}

/// Checks a step's `left`, `made` and `flag` against the clocks.
fn expect(
    loaded: &LoadedClockScenario,
    clocks: &Clocks,
    step: &ClockStep,
    failures: &mut Vec<String>,
) {
    // Side names are read in any case: `Red` and `red` are one clock.
    let mut seen = Vec::new();
    let once = |seen: &mut Vec<Side>, who: Side, at: usize| {
        if seen.contains(&who) {
            Err(format!(
                "{}: {who} is named twice in the table",
                loaded.locate(at)
            ))
        } else {
            seen.push(who);
            Ok(who)
        }
    };
    for (name, want) in step.left.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at)
            .and_then(|who| once(&mut seen, who, at))
            .and_then(|who| {
                let want_time: Millis = want
                    .get_ref()
                    .parse()
                    .map_err(|e| format!("{}: {e}", loaded.locate(at)))?;
                let left = clocks.remaining(who);
                if left == want_time {
                    Ok(())
                } else {
                    Err(format!(
                        "{}: {who} has {left} left, expected {want_time}",
                        loaded.locate(at)
                    ))
                }
            });
        failures.extend(check.err());
    }
    seen.clear();
    for (name, want) in step.made.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at)
            .and_then(|who| once(&mut seen, who, at))
            .and_then(|who| {
                let made = clocks.player(who).moves;
                if made == *want.get_ref() {
                    Ok(())
                } else {
                    Err(format!(
                        "{}: {who} has completed {made} move{}, expected {}",
                        loaded.locate(at),
                        if made == 1 { "" } else { "s" },
                        want.get_ref()
                    ))
                }
            });
        failures.extend(check.err());
    }
    if let Some(want) = &step.flag {
        let shown = clocks.flag().map_or_else(
            || "none".to_owned(),
            |f| format!("{} on move {}", f.side, f.move_number),
        );
        if shown != *want.get_ref() {
            failures.push(format!(
                "{}: the flag is `{shown}`, expected `{}` (`none` or such as `green on move 101`)",
                loaded.locate(want.span().start),
                want.get_ref()
            ));
        }
    }
}

/// Both clocks: what is left and the moves made.
fn both(clocks: &Clocks) -> String {
    let one = |s: Side| {
        let p = clocks.player(s);
        if p.reserve == Millis::ZERO {
            format!("{s} {} ({} moves)", p.remaining(), p.moves)
        } else {
            format!(
                "{s} {} = {} + reserve {} ({} moves)",
                p.remaining(),
                p.main,
                p.reserve,
                p.moves
            )
        }
    };
    format!("{}, {}", one(Side::Green), one(Side::Red))
}

/// The control's kind and every field, as a scenario would set them.
fn describe(c: TimeControl) -> String {
    let lag = |r: LagReading| match r {
        LagReading::Delay => "delay",
        LagReading::Bronstein => "bronstein",
        LagReading::Increment => "increment",
    };
    let fields = match c {
        TimeControl::Countdown { base, lag: l } => {
            format!("base {base}, lag {} ({})", l.amount, lag(l.reading))
        }
        TimeControl::TigerClocks {
            engagement,
            reserve_per_move,
            reading,
        } => format!(
            "engagement {engagement}, reserve-per-move {reserve_per_move}, reading {}",
            match reading {
                ReserveReading::Accrued => "accrued",
                ReserveReading::PerMove => "per-move",
            }
        ),
        TimeControl::TigerSwing {
            reserve,
            swing,
            move_limit,
            lag: l,
            reading,
            after_limit,
        } => format!(
            "reserve {reserve}, swing {swing}, move-limit {move_limit}, lag {} ({}), reading {}, after-limit {}",
            l.amount,
            lag(l.reading),
            match reading {
                SwingReading::Carried => "carried",
                SwingReading::PerMove => "per-move",
            },
            match after_limit {
                SwingAfterLimit::Stops => "stops",
                SwingAfterLimit::Continues => "continues",
            }
        ),
        TimeControl::TigerIncrement {
            reserve,
            increment,
            cut_off,
            final_increment,
            timing,
        } => format!(
            "reserve {reserve}, increment {increment}, cut-off {cut_off}, final-increment {final_increment}, timing {}",
            match timing {
                IncrementTiming::AfterMove => "after-move",
                IncrementTiming::BeforeMove => "before-move",
            }
        ),
    };
    format!("{} ({fields})", c.kind())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(text: &str) -> ClockRun {
        run(&parse(Path::new("c.toml"), text).unwrap_or_else(|e| panic!("{e}")))
    }

    const HEAD: &str = "title = \"t\"\nsource = \"s\"\ncontrol = \"duel-5\"\n";

    #[test]
    fn a_lagged_move_and_its_expectations() {
        let ok = run_text(&format!(
            "{HEAD}[[step]]\nside = \"green\"\nthink = \"65s\"\nleft = {{ green = \"4m\", red = \"5:00.000\" }}\nmade = {{ green = 1 }}\nflag = \"none\"\n"
        ));
        assert_eq!(ok.verdict, Verdict::Passed, "{:?}", ok.failures);
        let wrong = run_text(&format!(
            "{HEAD}[[step]]\nside = \"green\"\nthink = \"65s\"\n\nleft = {{ green = \"5m\" }}\n"
        ));
        assert_eq!(wrong.verdict, Verdict::Failed);
        // The failure points at the value's line, not the step's.
        assert_eq!(
            wrong.failures,
            ["c.toml:8:18: green has 4:00.000 left, expected 5:00.000"]
        );
    }

    #[test]
    fn a_flag_fall_must_be_expected_and_stops_the_clocks() {
        let fell = run_text(&format!(
            "{HEAD}[[step]]\nside = \"red\"\nthink = \"6m\"\nleft = {{ red = \"0s\" }}\n"
        ));
        // The quoted error is what `error` takes (the move's number outside it).
        assert_eq!(
            fell.failures,
            [
                "c.toml:4:1: the step ended with `red ran out of time during move 1` (at move 1 of 1) (name it in `error` if it is expected)"
            ]
        );
        let expected = run_text(&format!(
            "{HEAD}[[step]]\nside = \"red\"\nthink = \"3m\"\nmoves = 5\nerror = \"red ran out of time during move 2\"\nflag = \"red on move 2\"\n[[step]]\nside = \"green\"\nthink = \"1s\"\nerror = \"the clocks stopped when red's flag fell\"\n"
        ));
        assert_eq!(expected.verdict, Verdict::Passed, "{:?}", expected.failures);
        assert!(expected.transcript.contains("green wins on time"));
    }

    #[test]
    fn bad_files_name_the_line_and_what_was_expected() {
        let err = |text: &str| parse(Path::new("c.toml"), text).unwrap_err().to_string();
        assert_eq!(
            err(&format!("{HEAD}[[step]]\nside = \"red\"\n")),
            "c.toml:4:1: `side` without `think`: a step of moves says how long each move took"
        );
        // A step, or a whole scenario, that checks nothing is refused.
        assert!(
            err(&format!("{HEAD}[[step]]\nnote = \"n\"\n"))
                .starts_with("c.toml:4:1: the step checks nothing")
        );
        assert!(
            err(&format!("{HEAD}[[step]]\nside = \"red\"\nthink = \"1s\"\n"))
                .starts_with("c.toml: no step expects anything")
        );
        assert_eq!(
            err(HEAD),
            "c.toml: no `[[step]]`: the scenario checks nothing; add a step"
        );
        assert!(err(&format!("{HEAD}[[step]]\nthink = 5\n")).starts_with("c.toml:5:9: "));
        // The header is checked as a game scenario's is, at the key's line.
        assert_eq!(
            err(&format!(
                "{HEAD}status = \"disputed\"\n[[step]]\nflag = \"none\"\n"
            )),
            "c.toml:4:1: `status = \"disputed\"` needs a `reason` saying why the example cannot hold"
        );
        assert!(
            err("title = \"t\"\nsource = \" \"\ncontrol = \"duel-5\"\n[[step]]\nflag = \"none\"\n")
                .starts_with("c.toml:2:1: `source` is empty")
        );
        let bad_preset = run_text(
            "title = \"t\"\nsource = \"s\"\ncontrol = \"blitz\"\n[[step]]\nflag = \"none\"\n",
        );
        assert!(bad_preset.failures[0].starts_with("c.toml:3:11: unknown time control `blitz`"));
        let bad_field = run_text(&format!(
            "{HEAD}[fields]\nswing = \"1s\"\n[[step]]\nflag = \"none\"\n"
        ));
        assert!(
            bad_field.failures[0].starts_with("c.toml:5:9: a countdown control has no `swing`"),
            "{:?}",
            bad_field.failures
        );
        let bad_ruling = run_text(&format!(
            "rulings = [\"clocks.nope\"]\n{HEAD}[[step]]\nflag = \"none\"\n"
        ));
        assert!(bad_ruling.failures[0].starts_with("c.toml:1:12: unknown clock ruling"));
    }

    #[test]
    fn every_clock_rulings_template_loads_once_filled_in() {
        for r in tigerseye_engine::core::clocks::RULINGS {
            let text = template(r)
                .replace("<seed>, <section>: \\\"<the seed's words>\\\"", "seed")
                .replace(crate::scenario::SKELETON_TITLE, "t")
                .replace("\"...\"", "\"1:00:00.000\"");
            let loaded =
                parse(Path::new("t.toml"), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(loaded.scenario.rulings[0].get_ref(), r.id);
            assert!(
                run(&loaded)
                    .failures
                    .iter()
                    .all(|f| f.contains("left, expected"))
            );
        }
    }

    #[test]
    fn the_next_hunt_carries_the_time_over_and_refuses_a_long_interval() {
        let text = "title = \"t\"\nsource = \"s\"\ncontrol = \"diamond-qi\"\n[[step]]\nside = \"green\"\nthink = \"20m\"\n[[step]]\nnext-hunt = \"diamond-quest\"\ninterval = \"30m\"\nleft = { green = \"1h10m\", red = \"1h30m\" }\nmade = { green = 0 }\n";
        let ok = run_text(text);
        assert_eq!(ok.verdict, Verdict::Passed, "{:?}", ok.failures);
        let long = run_text(&text.replace("\"30m\"", "\"31m\""));
        assert_eq!(long.verdict, Verdict::Failed);
        assert!(long.failures[0].contains("longer than the 30:00.000 allowed"));
    }

    #[test]
    fn only_a_drawn_hunt_is_followed_and_only_by_the_next_one() {
        let head = "title = \"t\"\nsource = \"s\"\ncontrol = \"diamond-qi\"\n";
        // After a flag fall: the match is lost, no next hunt (fresh20).
        let flagged = run_text(&format!(
            "{head}[[step]]\nside = \"green\"\nthink = \"2h\"\nerror = \"green ran out of time during move 1\"\n[[step]]\nnext-hunt = \"diamond-quest\"\nflag = \"none\"\n"
        ));
        assert_eq!(
            flagged.failures,
            [
                "c.toml:9:13: green's flag fell: a loss on time ends the match, and only a drawn hunt is followed by the next"
            ]
        );
        // Not the next hunt, or from a game with no hunts.
        let skipped = run_text(&format!(
            "{head}[[step]]\nnext-hunt = \"diamond-chess\"\nflag = \"none\"\n"
        ));
        assert!(
            skipped.failures[0].contains(
                "after diamond-qi Northern Light plays diamond-quest, not `diamond-chess`"
            )
        );
        let race = run_text(
            "title = \"t\"\nsource = \"s\"\ncontrol = \"race\"\n[[step]]\nnext-hunt = \"race\"\nflag = \"none\"\n",
        );
        assert!(race.failures[0].contains("`race` is no Northern Light hunt"));
        // An interval only before DiamondQuest; the Deciding Hunt follows DiamondChess.
        let chess = "title = \"t\"\nsource = \"s\"\ncontrol = \"diamond-chess\"\n[[step]]\nnext-hunt = \"diamond-chess\"\n";
        assert_eq!(
            run_text(&format!("{chess}left = {{ red = \"1h\" }}\n")).verdict,
            Verdict::Passed
        );
        let paused = run_text(&format!("{chess}interval = \"1m\"\nflag = \"none\"\n"));
        assert!(paused.failures[0].contains("an interval only before DiamondQuest"));
    }

    #[test]
    fn a_reading_carries_over_to_the_next_hunt() {
        // With the increment reading of the lag, DiamondQuest's 3 s move gains 2 s.
        let text = "title = \"t\"\nsource = \"s\"\ncontrol = \"diamond-qi\"\n[fields]\nlag-reading = \"increment\"\n[[step]]\nnext-hunt = \"diamond-quest\"\n[[step]]\nside = \"red\"\nthink = \"3s\"\nleft = { red = \"1:30:02.000\" }\n";
        let run = run_text(text);
        assert_eq!(run.verdict, Verdict::Passed, "{:?}", run.failures);
    }

    #[test]
    fn a_side_named_twice_and_a_time_too_long_are_errors() {
        let twice = run_text(&format!(
            "{HEAD}[[step]]\nleft = {{ Red = \"5m\", red = \"5m\" }}\n"
        ));
        assert_eq!(twice.failures.len(), 1, "{:?}", twice.failures);
        assert!(twice.failures[0].contains("red is named twice"));
        let long = run_text(&format!(
            "{HEAD}[[step]]\nside = \"red\"\nthink = \"10001h\"\nflag = \"none\"\n"
        ));
        assert_eq!(
            long.failures,
            ["c.toml:6:9: `10001h` is longer than a clock scenario's longest time, 10000h"]
        );
        let field = run_text(&format!(
            "{HEAD}[fields]\nbase = \"99999999999h\"\n[[step]]\nflag = \"none\"\n"
        ));
        assert!(field.failures[0].starts_with("c.toml:5:8: `99999999999h` is longer"));
    }
}
