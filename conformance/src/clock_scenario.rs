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
use tigerseye_engine::Side;
use tigerseye_engine::core::clocks::{
    Clocks, IncrementTiming, LagReading, Millis, ReserveReading, SwingAfterLimit, SwingReading,
    TimeControl,
};
use tigerseye_engine::rulings::Ruling;
use toml::Spanned;

use crate::report::{CheckSummary, ScenarioResult};
use crate::runner::Verdict;
use crate::scenario::{LoadError, Status, locate};

/// The folder under the corpus that holds the clock scenarios, and the name
/// their results are counted under.
pub const FOLDER: &str = "clocks";

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
    /// `confirmed` (default) or `disputed`.
    #[serde(default)]
    pub status: Status,
    /// Why a disputed scenario cannot hold; required when disputed.
    #[serde(default)]
    pub reason: Option<String>,
    /// Free-text tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The time control's preset name (`TimeControl::PRESETS`).
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
    let scenario: ClockScenario = toml::from_str(text).map_err(|e| LoadError {
        at: e.span().map_or_else(
            || path.display().to_string(),
            |s| locate(path, text, s.start),
        ),
        message: e.message().trim().to_owned(),
    })?;
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
    if s.source.trim().is_empty() {
        return Err(whole("`source` is empty: cite the seed file and section"));
    }
    if s.status == Status::Disputed && s.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
        return Err(whole(
            "`status = \"disputed\"` needs a `reason` saying why the example cannot hold",
        ));
    }
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
        if st.side.is_some() != st.think.is_some() {
            return Err(refuse(
                "a step of moves names both `side` and `think` (how long each move took)",
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
    Ok(loaded)
}

/// Reads and parses the clock scenario at `path`.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or [`parse`] fails.
pub fn load(path: &Path) -> Result<LoadedClockScenario, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError {
        at: path.display().to_string(),
        message: e.to_string(),
    })?;
    let text = crate::scenario::utf8(path, bytes)?;
    parse(path, &text)
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
            let _ = writeln!(t, "start: {}", both(&clocks));
            for (i, step) in s.steps.iter().enumerate() {
                let at = loaded.locate(step.span().start);
                if let Err(e) = run_step(loaded, &mut clocks, step.get_ref(), i + 1, &mut t) {
                    failures.push(format!("{at}: {e}"));
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
    let verdict = match (s.status, failures.is_empty()) {
        (Status::Confirmed, true) => Verdict::Passed,
        (Status::Confirmed, false) => Verdict::Failed,
        (Status::Disputed, false) => Verdict::Disputed,
        (Status::Disputed, true) => Verdict::DisputedButPassed,
    };
    ClockRun {
        verdict,
        failures,
        transcript: t,
    }
}

/// Runs every `*.toml` of the corpus's `clocks/` folder (none when it is absent)
/// into `summary`, counted under [`FOLDER`], and adds the rulings they name to
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
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
    files.sort();
    for path in files {
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
                verdict: "load-error".into(),
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
                    verdict: run.verdict.name().into(),
                    reason: loaded.scenario.reason.clone(),
                    failures: run.failures,
                }
            }
        };
        let counts = summary.per_game.entry(FOLDER.to_owned()).or_default();
        match result.verdict.as_str() {
            "passed" => counts.passed += 1,
            "disputed" => counts.disputed += 1,
            _ => counts.failed += 1,
        }
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
    let control = TimeControl::preset(preset).unwrap_or(TimeControl::DIAMOND_QI);
    let presets: Vec<&str> = TimeControl::PRESETS.iter().map(|(n, _)| *n).collect();
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
    let mut c = TimeControl::preset(name.get_ref())
        .map_err(|e| format!("{}: {e}", loaded.locate(name.span().start)))?;
    for (key, value) in fields {
        c.set(key, value.get_ref())
            .map_err(|e| format!("{}: {e}", loaded.locate(value.span().start)))?;
    }
    Ok(c)
}

/// A side's name read from a scenario, or an error at its place.
fn side(loaded: &LoadedClockScenario, text: &str, at: usize) -> Result<Side, String> {
    text.parse::<Side>()
        .map_err(|e| format!("{}: {e}", loaded.locate(at)))
}

/// Runs one step's moves or next hunt, writing it to the transcript. An error
/// the step names in `error` is written and not returned; any other is.
fn run_step(
    loaded: &LoadedClockScenario,
    clocks: &mut Clocks,
    step: &ClockStep,
    number: usize,
    t: &mut String,
) -> Result<(), String> {
    // The error the step ended with: where (a move's number, or empty) and what.
    let mut ended: Option<(String, String)> = None;
    if let (Some(who), Some(think)) = (&step.side, &step.think) {
        let who_side = side(loaded, who.get_ref(), who.span().start)?;
        let each: Millis = think
            .get_ref()
            .parse()
            .map_err(|e| format!("{}: {e}", loaded.locate(think.span().start)))?;
        let n = step.moves.as_ref().map_or(1, |m| *m.get_ref());
        let _ = write!(
            t,
            "step {number}: {who_side}, {n} move{} of {each}",
            if n == 1 { "" } else { "s" }
        );
        for k in 1..=n {
            if let Err(e) = clocks.record_move(who_side, each) {
                ended = Some((format!("move {k} of {n}: "), e.to_string()));
                break;
            }
        }
    } else if let Some(hunt) = &step.next_hunt {
        let next = TimeControl::preset(hunt.get_ref())
            .map_err(|e| format!("{}: {e}", loaded.locate(hunt.span().start)))?;
        let _ = write!(t, "step {number}: the next hunt, {}", hunt.get_ref());
        let pause = match &step.interval {
            None => Ok(()),
            Some(i) => {
                let d: Millis = i
                    .get_ref()
                    .parse()
                    .map_err(|e| format!("{}: {e}", loaded.locate(i.span().start)))?;
                let _ = write!(t, " after an interval of {d}");
                Clocks::check_interval(d)
            }
        };
        match pause {
            Ok(()) => *clocks = clocks.next_hunt(next),
            Err(e) => ended = Some((String::new(), e.to_string())),
        }
    } else {
        let _ = write!(t, "step {number}: the clocks as they stand");
    }
    let _ = writeln!(t);
    if let Some(note) = &step.note {
        let _ = writeln!(t, "  note: {note}");
    }
    match (&ended, &step.error) {
        (Some((at, e)), Some(want)) if e == want.get_ref() => {
            let _ = writeln!(t, "  refused: {at}{e}");
        }
        (Some((_, e)), Some(want)) => {
            return Err(format!(
                "{}: expected the error `{}`, the step ended with `{e}`",
                loaded.locate(want.span().start),
                want.get_ref()
            ));
        }
        (Some((at, e)), None) => return Err(format!("the step ended with `{at}{e}`")),
        (None, Some(want)) => {
            return Err(format!(
                "{}: expected the error `{}`, the step ended without one",
                loaded.locate(want.span().start),
                want.get_ref()
            ));
        }
        (None, None) => {}
    }
    let _ = writeln!(t, "  clocks: {}", both(clocks));
    if let Some(flag) = clocks.flag() {
        let _ = writeln!(
            t,
            "  flag: {} on move {}; {} wins on time ({})",
            flag.side,
            flag.move_number,
            flag.side.opponent(),
            tigerseye_engine::core::clocks::LOSS_ON_TIME.0
        );
    }
    Ok(())
}

/// Checks a step's `left`, `made` and `flag` against the clocks.
fn expect(
    loaded: &LoadedClockScenario,
    clocks: &Clocks,
    step: &ClockStep,
    failures: &mut Vec<String>,
) {
    for (name, want) in step.left.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at).and_then(|who| {
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
    for (name, want) in step.made.iter().flatten() {
        let at = want.span().start;
        let check = side(loaded, name, at).and_then(|who| {
            let made = clocks.player(who).moves;
            if made == *want.get_ref() {
                Ok(())
            } else {
                Err(format!(
                    "{}: {who} has completed {made} moves, expected {}",
                    loaded.locate(at),
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
        let fell = run_text(&format!("{HEAD}[[step]]\nside = \"red\"\nthink = \"6m\"\n"));
        assert_eq!(
            fell.failures,
            ["c.toml:4:1: the step ended with `move 1 of 1: red ran out of time during move 1`"]
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
            "c.toml:4:1: a step of moves names both `side` and `think` (how long each move took)"
        );
        assert_eq!(
            err(HEAD),
            "c.toml: no `[[step]]`: the scenario checks nothing; add a step"
        );
        assert!(err(&format!("{HEAD}[[step]]\nthink = 5\n")).starts_with("c.toml:5:9: "));
        let bad_preset = run_text("title = \"t\"\nsource = \"s\"\ncontrol = \"blitz\"\n[[step]]\n");
        assert!(bad_preset.failures[0].starts_with("c.toml:3:11: unknown time control `blitz`"));
        let bad_field = run_text(&format!("{HEAD}[fields]\nswing = \"1s\"\n[[step]]\n"));
        assert!(
            bad_field.failures[0].starts_with("c.toml:5:9: a countdown control has no `swing`"),
            "{:?}",
            bad_field.failures
        );
        let bad_ruling = run_text(&format!("rulings = [\"clocks.nope\"]\n{HEAD}[[step]]\n"));
        assert!(bad_ruling.failures[0].starts_with("c.toml:1:12: unknown clock ruling"));
    }

    #[test]
    fn every_clock_rulings_template_loads_once_filled_in() {
        for r in tigerseye_engine::core::clocks::RULINGS {
            let text = template(r)
                .replace("<seed>, <section>", "seed")
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
}
