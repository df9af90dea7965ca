//! Running a clock scenario: its steps on the clocks, each followed by its
//! expectations and the clocks' own books, into the transcript.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tigerseye_engine::Game;
use tigerseye_engine::Side;
use tigerseye_engine::core::clocks::{
    Clocks, IncrementTiming, LagReading, Millis, ReserveReading, SwingAfterLimit, SwingReading,
    TimeControl,
};
use tigerseye_engine::jewel::northern_light::hunt::DiamondQuest;
use tigerseye_engine::jewel::northern_light::series;
use tigerseye_engine::registry::clock_preset;

use super::expect::expect;
use super::values::{control, side, time};
use super::{ClockStep, LoadedClockScenario, clock_ruling_ids};
use crate::check_results::Verdict;
use crate::runner::ScenarioRun;

/// Runs `loaded`: each step, then its expectations and the clocks' own
/// invariant (`Clocks::check`: the initial time plus what was credited less
/// what was charged is what is left).
#[must_use]
pub fn run(loaded: &LoadedClockScenario) -> ScenarioRun {
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
    ScenarioRun {
        game: None,
        verdict,
        failures,
        transcript: t,
        events: BTreeMap::new(),
    }
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
    use std::path::Path;

    use super::*;
    use crate::clock_scenario::parse;

    fn run_text(text: &str) -> ScenarioRun {
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
