//! The series' text forms: notation, the position (export and import), its
//! checks, and the render.
//!
//! A position is a header, then ` | ` and the Facet's own position, then, while
//! the take-back may restore it, ` | ` and Star-Lords before the holder's last
//! move:
//!
//! ```text
//! <stage> bonus:<green>,<red> [<facet>=<result>:<score> ...] [first:<nl>,<crystal>,<star-lords>]
//!         [take-back:<unused|used|moved:<move>|ready:<move>|replay:<move>>] chords:<g>-<r> points:<g>-<r>
//!         [| <the Facet's position> [| <Star-Lords before the holder's last move>]]
//! ```
//!
//! `<stage>` is `bonus-statement`, `duel`, `ambush`, `northern-light`,
//! `adjacent-down` (Crystal of Doom at its set-up, the Adjacent to choose),
//! `crystal`, `star-lords`, `take-back-offer` (Star-Lords over, the take-back on
//! offer), `race` or `over`; a bonus is `win-bonus`, `alternate-bonuses` or `-`
//! (not yet stated); each Facet played is `duel=red-wins:hold-the-key:0-1`, the
//! score in the Facet's unit with halves as `.5`; first movers are `green`, `red`
//! or `-`; `chords:` and `points:` are the running Chords and Game Points, checked
//! against the results.

use std::fmt;

use super::action::{EXPECTED, SeriesAction};
use super::events::SERIES_TAGS;
use super::options::{Bonus, FirstMover, TakeBackReplay};
use super::score::{self, Facet, Tally, parse_halves, write_halves};
use super::{
    ADJACENT, CRYSTAL_FIRST, JewelSeries, NL_FIRST, STAR_LORDS_FIRST, SeriesOptions, Stage,
    TakeBack,
};
use crate::core::{Game, NotationError, Outcome, PositionError, Score, Side, Turn};
use crate::jewel::ambush::Ambush;
use crate::jewel::crystal::{self, Crystal, CrystalRules};
use crate::jewel::duel::Duel;
use crate::jewel::keysquare::JewelAction;
use crate::jewel::keysquare::Params;
use crate::jewel::northern_light::series::NorthernLight;
use crate::jewel::race::{Race, RaceOptions, Scoring};
use crate::jewel::star_lords::StarLords;

/// Every event tag: the Facets' own (Duel, the key-square Facets, Northern Light,
/// Race), then the series'.
pub(super) const EVENT_TAGS: &[&str] = &[
    "first-move",
    "capture",
    "en-passant",
    "key-taken",
    "key-defended",
    "lone-continuation",
    "cannot-win",
    "promotion",
    "towering",
    "next-hunt",
    "forward-set-back",
    "diagonal-set-back",
    "double-set-back",
    "diagonal-blocked",
    "home",
    "pass",
    "move-limit",
    "bonus-stated",
    "next-facet",
    "adjacent-down",
    "take-back-offered",
    "take-back",
    "result-accepted",
    "tie-break",
    "win-bonus",
    "sky-prince",
    "duel-green",
    "duel-red",
    "duel-draw",
    "ambush-green",
    "ambush-red",
    "ambush-draw",
    "northern-light-green",
    "northern-light-red",
    "northern-light-draw",
    "crystal-green",
    "crystal-red",
    "crystal-draw",
    "star-lords-green",
    "star-lords-red",
    "star-lords-draw",
    "race-green",
    "race-red",
    "decided-by-duel",
    "decided-by-ambush",
    "decided-by-northern-light",
    "decided-by-crystal",
    "decided-by-star-lords",
    "decided-by-race",
];

const _: () = assert!(SERIES_TAGS.len() + 17 == EVENT_TAGS.len());

/// Writes `action` as it reads in `s`.
pub(super) fn write_action(
    s: &JewelSeries,
    action: SeriesAction,
    out: &mut dyn fmt::Write,
) -> fmt::Result {
    if let Some(word) = action.series_word() {
        return out.write_str(word);
    }
    match (action, &s.stage) {
        (SeriesAction::Duel(a), Stage::Duel(g)) => g.write_action(a, out),
        (SeriesAction::Duel(a), _) => Duel::new(&Default::default()).write_action(a, out),
        (SeriesAction::Board(a), Stage::Ambush(g)) => g.write_action(a, out),
        (SeriesAction::Board(a), Stage::NorthernLight(g)) => g.write_action(a, out),
        (SeriesAction::Board(a), Stage::AdjacentDown(g) | Stage::Crystal(g)) => {
            g.write_action(a, out)
        }
        (SeriesAction::Board(a), Stage::StarLords(g) | Stage::TakeBackOffer(g)) => {
            g.write_action(a, out)
        }
        (SeriesAction::Race(a), Stage::Race(g)) => g.write_action(a, out),
        (SeriesAction::Race(a), _) => Race::new(&RaceOptions::default()).write_action(a, out),
        (SeriesAction::AdjacentDown(sq), _) => {
            out.write_str("adjacent-down ")?;
            if sq.index() < crystal::GEOMETRY.len() {
                write!(out, "{}", crystal::GEOMETRY.name(sq))
            } else {
                write!(out, "#{}", sq.0)
            }
        }
        (a, _) => write!(out, "{a:?}"),
    }
}

/// Reads an action of `s`.
pub(super) fn parse_action(s: &JewelSeries, text: &str) -> Result<SeriesAction, NotationError> {
    let t = text.trim();
    let err = |expected: String| NotationError {
        text: text.to_owned(),
        expected,
    };
    match t {
        "win-bonus" => return Ok(SeriesAction::Bonus(Bonus::WinBonus)),
        "alternate-bonuses" => return Ok(SeriesAction::Bonus(Bonus::Alternate)),
        "take-back" => return Ok(SeriesAction::TakeBack),
        "accept" => return Ok(SeriesAction::Accept),
        _ => {}
    }
    if let Some(sq) = t.strip_prefix("adjacent-down") {
        return crystal::GEOMETRY
            .parse_square(sq.trim())
            .map(SeriesAction::AdjacentDown)
            .map_err(|e| err(format!("`adjacent-down` and a square of Crystal of Doom's board, such as `adjacent-down D1` ({e})")));
    }
    let inner = |e: NotationError| err(e.expected);
    match &s.stage {
        Stage::Duel(g) => g.parse_action(t).map(SeriesAction::Duel).map_err(inner),
        Stage::Ambush(g) => g.parse_action(t).map(SeriesAction::Board).map_err(inner),
        Stage::NorthernLight(g) => g.parse_action(t).map(SeriesAction::Board).map_err(inner),
        Stage::AdjacentDown(g) | Stage::Crystal(g) => {
            g.parse_action(t).map(SeriesAction::Board).map_err(inner)
        }
        Stage::StarLords(g) | Stage::TakeBackOffer(g) => {
            g.parse_action(t).map(SeriesAction::Board).map_err(inner)
        }
        Stage::Race(g) => g.parse_action(t).map(SeriesAction::Race).map_err(inner),
        Stage::Bonus | Stage::Over => Err(err(EXPECTED.to_owned())),
    }
}

fn write_score(out: &mut dyn fmt::Write, g: u16, r: u16) -> fmt::Result {
    write_halves(out, g)?;
    out.write_char('-')?;
    write_halves(out, r)
}

fn write_side(out: &mut dyn fmt::Write, side: Option<Side>) -> fmt::Result {
    out.write_str(side.map_or("-", Side::name))
}

/// Writes the position.
pub(super) fn export(s: &JewelSeries, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(s.stage.name())?;
    out.write_str(" bonus:")?;
    for (i, b) in s.bonus.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        out.write_str(b.map_or("-", Bonus::name))?;
    }
    for f in Facet::ALL {
        if let Some(o) = &s.results[f.index()] {
            write!(out, " {}=", f.name())?;
            match o.winner {
                Some(side) => write!(out, "{side}-wins:{}:", o.rule)?,
                None => write!(out, "draw:{}:", o.rule)?,
            }
            write_score(out, o.score.green_halves, o.score.red_halves)?;
        }
    }
    if s.firsts.iter().any(Option::is_some) {
        out.write_str(" first:")?;
        for (i, f) in s.firsts.iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            write_side(out, *f)?;
        }
    }
    if s.take_back_holder().is_some() {
        let tb = &s.take_back;
        out.write_str(" take-back:")?;
        if let (Some(b), Some(m)) = (tb.before(), tb.own_move) {
            out.write_str(if tb.replies == 0 { "moved:" } else { "ready:" })?;
            b.write_action(m, out)?;
        } else if let (Some(m), Stage::StarLords(g)) = (tb.replay, &s.stage) {
            out.write_str("replay:")?;
            g.write_action(m, out)?;
        } else {
            out.write_str(if tb.used { "used" } else { "unused" })?;
        }
    }
    out.write_str(" chords:")?;
    write_score(out, s.tally.chords[0], s.tally.chords[1])?;
    out.write_str(" points:")?;
    write_score(out, s.tally.game_points[0], s.tally.game_points[1])?;
    let facet_text = |out: &mut dyn fmt::Write| -> fmt::Result {
        out.write_str(" | ")?;
        match &s.stage {
            Stage::Bonus | Stage::Over => Ok(()),
            Stage::Duel(g) => g.export(out),
            Stage::Ambush(g) => g.export(out),
            Stage::NorthernLight(g) => g.export(out),
            Stage::AdjacentDown(g) | Stage::Crystal(g) => g.export(out),
            Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.export(out),
            Stage::Race(g) => g.export(out),
        }
    };
    if !matches!(s.stage, Stage::Bonus | Stage::Over) {
        facet_text(out)?;
    }
    if let Some(b) = s.take_back.before() {
        out.write_str(" | ")?;
        b.export(out)?;
    }
    Ok(())
}

/// Every stage's name, in the order of play.
const STAGES: [&str; 10] = [
    "bonus-statement",
    "duel",
    "ambush",
    "northern-light",
    "adjacent-down",
    "crystal",
    "star-lords",
    "take-back-offer",
    "race",
    "over",
];

/// The form of a position, for errors.
const FORM: &str = "`<stage> bonus:<green>,<red> [<facet>=<result>:<score> ...] [first:<nl>,<crystal>,<star-lords>] [take-back:<state>] chords:<g>-<r> points:<g>-<r> | <the Facet's position>`, such as `duel bonus:win-bonus,win-bonus chords:0-0 points:0-0 | G2/3/2R red`";

fn parse_bonus(text: &str) -> Result<Option<Bonus>, String> {
    match text {
        "-" => Ok(None),
        "win-bonus" => Ok(Some(Bonus::WinBonus)),
        "alternate-bonuses" => Ok(Some(Bonus::Alternate)),
        _ => Err(format!(
            "a bonus is `win-bonus`, `alternate-bonuses` or `-` (not yet stated), found `{text}`"
        )),
    }
}

fn parse_side(text: &str) -> Result<Option<Side>, String> {
    if text == "-" {
        return Ok(None);
    }
    text.parse::<Side>()
        .map(Some)
        .map_err(|e| format!("{e} or `-`"))
}

fn parse_score(text: &str) -> Result<(u16, u16), String> {
    let (g, r) = text
        .split_once('-')
        .ok_or_else(|| format!("a score such as `1.5-0.5`, found `{text}`"))?;
    match (parse_halves(g), parse_halves(r)) {
        (Some(g), Some(r)) => Ok((g, r)),
        _ => Err(format!("a score such as `1.5-0.5`, found `{text}`")),
    }
}

/// Reads `duel=red-wins:hold-the-key:0-1` into its Facet and outcome.
fn parse_result(token: &str) -> Result<(Facet, Outcome), String> {
    let form = "a result such as `duel=red-wins:hold-the-key:0-1` or `crystal=draw:threefold-repetition:2-2`";
    let (name, rest) = token
        .split_once('=')
        .ok_or_else(|| format!("{form}, found `{token}`"))?;
    let facet = Facet::named(name).ok_or_else(|| {
        format!("`{name}` is no Facet: duel, ambush, northern-light, crystal, star-lords, race")
    })?;
    let mut parts = rest.splitn(3, ':');
    let (who, rule, points) = match (parts.next(), parts.next(), parts.next()) {
        (Some(w), Some(r), Some(p)) => (w, r, p),
        _ => return Err(format!("{form}, found `{token}`")),
    };
    let winner = match who {
        "green-wins" => Some(Side::Green),
        "red-wins" => Some(Side::Red),
        "draw" => None,
        _ => {
            return Err(format!(
                "`{who}`: `green-wins`, `red-wins` or `draw` in `{token}`"
            ));
        }
    };
    let rule = *facet
        .rules()
        .iter()
        .find(|r| r.name() == rule)
        .ok_or_else(|| {
            let names: Vec<&str> = facet.rules().iter().map(|r| r.name()).collect();
            format!(
                "`{rule}` is no result of {facet}: expected one of {}",
                names.join(", ")
            )
        })?;
    let (g, r) = parse_score(points)?;
    Ok((
        facet,
        Outcome {
            winner,
            rule,
            score: Score {
                green_halves: g,
                red_halves: r,
                unit: facet.unit(),
            },
        },
    ))
}

/// Reads a position.
pub(super) fn import(text: &str, options: &SeriesOptions) -> Result<JewelSeries, PositionError> {
    let err = |expected: String| PositionError {
        text: text.to_owned(),
        expected,
    };
    let mut parts = text.split('|').map(str::trim);
    let header = parts.next().unwrap_or("");
    let facet_text = parts.next();
    let before_text = parts.next();
    if parts.next().is_some() {
        return Err(err(format!("at most three parts separated by `|`: {FORM}")));
    }
    let mut tokens = header.split_whitespace();
    let stage_name = tokens.next().unwrap_or("");
    if !STAGES.contains(&stage_name) {
        return Err(err(format!(
            "`{stage_name}` is no stage: {}; {FORM}",
            STAGES.join(", ")
        )));
    }
    let mut s = JewelSeries::new(options);
    s.stage = Stage::Bonus;
    let mut bonus_seen = false;
    let mut chords = None;
    let mut points = None;
    let mut take_back_text = None;
    // Each field once: a second would be read over the first.
    const KEYS: [&str; 5] = ["bonus", "first", "take-back", "chords", "points"];
    let mut seen = crate::core::FieldsSeen::default();
    for t in tokens {
        if let Some((key, _)) = t.split_once(':')
            && !t.contains('=')
            && let Some(i) = KEYS.iter().position(|k| *k == key)
        {
            seen.note(i, key).map_err(|e| err(format!("{e}; {FORM}")))?;
        }
        if let Some(b) = t.strip_prefix("bonus:") {
            let (g, r) = b
                .split_once(',')
                .ok_or_else(|| err(format!("`bonus:<green>,<red>`, found `{t}`")))?;
            s.bonus = [parse_bonus(g).map_err(err)?, parse_bonus(r).map_err(err)?];
            bonus_seen = true;
        } else if let Some(f) = t.strip_prefix("first:") {
            let sides: Vec<&str> = f.split(',').collect();
            let [nl, c, sl] = sides.as_slice() else {
                return Err(err(format!(
                    "`first:<northern-light>,<crystal>,<star-lords>`, each `green`, `red` or `-`, found `{t}`"
                )));
            };
            s.firsts = [
                parse_side(nl).map_err(err)?,
                parse_side(c).map_err(err)?,
                parse_side(sl).map_err(err)?,
            ];
        } else if let Some(tb) = t.strip_prefix("take-back:") {
            take_back_text = Some(tb);
        } else if let Some(c) = t.strip_prefix("chords:") {
            chords = Some(parse_score(c).map_err(err)?);
        } else if let Some(p) = t.strip_prefix("points:") {
            points = Some(parse_score(p).map_err(err)?);
        } else if t.contains('=') {
            let (facet, o) = parse_result(t).map_err(err)?;
            if s.results[facet.index()].replace(o).is_some() {
                return Err(err(format!("{facet} has two results")));
            }
        } else {
            return Err(err(format!("unexpected `{t}`: {FORM}")));
        }
    }
    if !bonus_seen {
        return Err(err(format!("no `bonus:` field: {FORM}")));
    }
    for f in Facet::ALL {
        if let Some(o) = &s.results[f.index()] {
            check_result(f, o).map_err(err)?;
            check_rule(f, o).map_err(err)?;
        }
    }
    s.tally = Tally::of(&s.results, options);
    let given = |x: Option<(u16, u16)>, have: [u16; 2], what: &str| match x {
        Some((g, r)) if [g, r] != have => {
            let mut want = String::new();
            let _ = write_score(&mut want, have[0], have[1]);
            Err(err(format!(
                "`{what}:` does not match the results, which give {want}"
            )))
        }
        _ => Ok(()),
    };
    given(chords, s.tally.chords, "chords")?;
    given(points, s.tally.game_points, "points")?;
    let need_facet = !matches!(stage_name, "bonus-statement" | "over");
    let facet = match (need_facet, facet_text) {
        (true, Some(f)) if !f.is_empty() => f,
        (true, _) => {
            return Err(err(format!(
                "stage `{stage_name}` needs the Facet's position after ` | `"
            )));
        }
        (false, Some(_)) => {
            return Err(err(format!("stage `{stage_name}` has no Facet's position")));
        }
        (false, None) => "",
    };
    let inner = |e: PositionError| err(format!("the Facet's position: {}", e.expected));
    s.stage = match stage_name {
        "bonus-statement" => Stage::Bonus,
        "duel" => Stage::Duel(Duel::import(facet, &Default::default()).map_err(inner)?),
        "ambush" => Stage::Ambush(Ambush::import(facet, &Default::default()).map_err(inner)?),
        "northern-light" => {
            Stage::NorthernLight(NorthernLight::import(facet, &Default::default()).map_err(inner)?)
        }
        "adjacent-down" => {
            Stage::AdjacentDown(Crystal::import(facet, &Default::default()).map_err(inner)?)
        }
        "crystal" => Stage::Crystal(Crystal::import(facet, &Default::default()).map_err(inner)?),
        "star-lords" => {
            Stage::StarLords(StarLords::import(facet, &Default::default()).map_err(inner)?)
        }
        "take-back-offer" => {
            Stage::TakeBackOffer(StarLords::import(facet, &Default::default()).map_err(inner)?)
        }
        "race" => Stage::Race(Race::import(facet, &s.race_options()).map_err(inner)?),
        _ => Stage::Over,
    };
    if let Some(tb) = take_back_text {
        read_take_back(&mut s, tb, before_text).map_err(err)?;
    } else if before_text.is_some() {
        return Err(err(
            "a third part (Star-Lords before the holder's last move) needs `take-back:moved:<move>` or `take-back:ready:<move>`".into(),
        ));
    }
    if s.take_back_holder().is_some() && take_back_text.is_none() {
        return Err(err(
            "the winner of Crystal of Doom opted for the Alternate bonuses: give `take-back:<unused|used|moved:<move>|ready:<move>|replay:<move>>`".into(),
        ));
    }
    s.key = s.compute_key();
    validate(&s).map_err(err)?;
    Ok(s)
}

/// Reads the `take-back:` field (and the position before the holder's last move).
fn read_take_back(s: &mut JewelSeries, text: &str, before: Option<&str>) -> Result<(), String> {
    if s.take_back_holder().is_none() {
        return Err("`take-back:` only once the winner of Crystal of Doom, having opted for the Alternate bonuses, holds it".into());
    }
    let mut tb = TakeBack::default();
    let (state, action) = text.split_once(':').unwrap_or((text, ""));
    let reader =
        match (&s.stage, before) {
            (_, Some(b)) => Some(StarLords::import(b, &Default::default()).map_err(|e| {
                format!("the position before the holder's last move: {}", e.expected)
            })?),
            (Stage::StarLords(g) | Stage::TakeBackOffer(g), None) => Some(g.clone()),
            _ => None,
        };
    let read_move = |r: &Option<StarLords>| -> Result<JewelAction, String> {
        let g = r
            .as_ref()
            .ok_or_else(|| format!("`take-back:{state}:<move>` only in Star-Lords"))?;
        g.parse_action(action)
            .map_err(|e| format!("`take-back:{text}`: {}", e.expected))
    };
    match state {
        "unused" | "used" if action.is_empty() && before.is_none() => tb.used = state == "used",
        "moved" | "ready" if before.is_some() => {
            let m = read_move(&reader)?;
            let b = reader.ok_or("`take-back:` with no position")?;
            if !b.is_legal(m) {
                return Err(format!(
                    "`{action}` is not a move of the position before the holder's last move"
                ));
            }
            tb.armed = true;
            tb.store = Some(b);
            tb.own_move = Some(m);
            tb.replies = u8::from(state == "ready");
        }
        "replay" if before.is_none() => {
            tb.used = true;
            tb.replay = Some(read_move(&reader)?);
        }
        _ => {
            return Err(format!(
                "`take-back:unused`, `take-back:used`, `take-back:replay:<move>`, or `take-back:moved:<move>` / `take-back:ready:<move>` followed by ` | ` and Star-Lords before that move; found `take-back:{text}`"
            ));
        }
    }
    s.take_back = tb;
    Ok(())
}

/// Whether `o` is a result `facet` gives.
fn check_result(facet: Facet, o: &Outcome) -> Result<(), String> {
    let (g, r) = (o.score.green_halves, o.score.red_halves);
    let winner_ok = match o.winner {
        Some(Side::Green) => g > r,
        Some(Side::Red) => r > g,
        None => g == r,
    };
    if !facet.scores().contains(&(g, r)) || !winner_ok || o.score.unit != facet.unit() {
        let mut text = String::new();
        let _ = write_score(&mut text, g, r);
        return Err(format!(
            "{facet} gives no score {text} {} for {}",
            o.score.unit.name(),
            o.winner.map_or("a draw", Side::name)
        ));
    }
    Ok(())
}

/// Whether `o` names a rule that decides `facet` (checked at the door: in play the
/// results are the Facets' own outcomes).
fn check_rule(facet: Facet, o: &Outcome) -> Result<(), String> {
    if !facet.rules().contains(&o.rule) {
        return Err(format!("{facet} is never decided by {}", o.rule));
    }
    Ok(())
}

/// How many Facets have results at `stage` (Race aside).
fn played_before(stage: &Stage) -> usize {
    match stage {
        Stage::Bonus | Stage::Duel(_) => 0,
        Stage::Ambush(_) => 1,
        Stage::NorthernLight(_) => 2,
        Stage::AdjacentDown(_) | Stage::Crystal(_) => 3,
        Stage::StarLords(_) | Stage::TakeBackOffer(_) => 4,
        Stage::Race(_) | Stage::Over => 5,
    }
}

/// Whether the Facet being played is over (which only the take-back offer may
/// show: the series moves on at once otherwise).
fn facet_over(stage: &Stage) -> bool {
    let turn = match stage {
        Stage::Bonus | Stage::AdjacentDown(_) | Stage::Over => return false,
        Stage::Duel(g) => g.turn(),
        Stage::Ambush(g) => g.turn(),
        Stage::NorthernLight(g) => g.turn(),
        Stage::Crystal(g) => g.turn(),
        Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.turn(),
        Stage::Race(g) => g.turn(),
    };
    matches!(turn, Turn::Over(_))
}

/// Everything a series position must satisfy beyond its Facet's own checks. No
/// allocation unless something is wrong.
pub(super) fn validate(s: &JewelSeries) -> Result<(), String> {
    for side in Side::ALL {
        if let Some(fixed) = s.options.bonus(side).fixed()
            && s.bonus[side.index()] != Some(fixed)
        {
            return Err(format!(
                "the option {side}-bonus fixes {side}'s bonus to {}",
                fixed.name()
            ));
        }
    }
    if s.bonus[0].is_none() && s.bonus[1].is_some() && s.options.red_bonus.fixed().is_none() {
        return Err(
            "Red states his bonus after Green (ruling jewel-series.bonus-statement)".into(),
        );
    }
    if s.stating().is_some() != matches!(s.stage, Stage::Bonus) {
        return Err(
            "the bonuses are stated before Duel, and Duel begins once both are known".into(),
        );
    }
    let played = played_before(&s.stage);
    for f in &Facet::ALL[..5] {
        if (f.index() < played) != s.results[f.index()].is_some() {
            return Err(format!(
                "at stage `{}` {} {} a result",
                s.stage.name(),
                f,
                if f.index() < played {
                    "needs"
                } else {
                    "cannot have"
                }
            ));
        }
    }
    for f in Facet::ALL {
        if let Some(o) = &s.results[f.index()] {
            check_result(f, o)?;
        }
    }
    if s.tally != Tally::of(&s.results, &s.options) {
        return Err(format!(
            "the running score {:?} is not the sum of the results",
            s.tally
        ));
    }
    let tied = s.results[Facet::StarLords.index()].is_some() && s.tally.leader().is_none();
    let race_played = s.results[Facet::Race.index()].is_some();
    if race_played && !(tied && matches!(s.stage, Stage::Over)) {
        return Err(
            "Race is played only when the Chords are level after Star-Lords, and ends the series"
                .into(),
        );
    }
    if facet_over(&s.stage) != matches!(s.stage, Stage::TakeBackOffer(_)) {
        return Err(format!(
            "{} is over: the series has moved on (only the take-back offer waits)",
            s.stage.facet().map_or("the stage", Facet::title)
        ));
    }
    match &s.stage {
        Stage::Race(r) => {
            if !tied {
                return Err(
                    "Race is played only when the Chords are level after Star-Lords".into(),
                );
            }
            if r.first() != s.firsts[STAR_LORDS_FIRST].map(Side::opponent)
                || r.options().scoring != Scoring::TieBreak
            {
                return Err("Race's first mover is the reverse of Star-Lords' (`first:` of the header), and it scores a Note".into());
            }
        }
        Stage::Over if tied && !race_played => {
            return Err("the Chords are level after Star-Lords: Race decides".into());
        }
        Stage::Over
        | Stage::Bonus
        | Stage::Duel(_)
        | Stage::Ambush(_)
        | Stage::NorthernLight(_)
        | Stage::AdjacentDown(_)
        | Stage::Crystal(_)
        | Stage::StarLords(_)
        | Stage::TakeBackOffer(_) => {}
    }
    validate_firsts(s)?;
    validate_adjacent(s)?;
    validate_take_back(s)
}

/// The first movers the header records.
fn validate_firsts(s: &JewelSeries) -> Result<(), String> {
    let [nl, crystal_first, sl] = s.firsts;
    if nl.is_some() != s.results[Facet::NorthernLight.index()].is_some() {
        return Err(
            "`first:` gives Northern Light's last Hunt's first mover exactly once it is over"
                .into(),
        );
    }
    // Whether the coin is still to be tossed (cheaper than the turn, which looks
    // for a legal move).
    let chance = |g: &dyn Fn(JewelAction) -> bool| g(JewelAction::first_move(Side::Green));
    let (crystal_known, sl_known) = match &s.stage {
        Stage::Bonus
        | Stage::Duel(_)
        | Stage::Ambush(_)
        | Stage::NorthernLight(_)
        | Stage::AdjacentDown(_) => (false, false),
        Stage::Crystal(g) => (!chance(&|a| g.chance_probability(a).is_some()), false),
        Stage::StarLords(g) => (true, !chance(&|a| g.chance_probability(a).is_some())),
        Stage::TakeBackOffer(_) | Stage::Race(_) | Stage::Over => (true, true),
    };
    if crystal_first.is_some() != crystal_known || sl.is_some() != sl_known {
        return Err("`first:` gives Crystal of Doom's and Star-Lords' first movers exactly once their coins are tossed".into());
    }
    if s.options.first_mover == FirstMover::Alternate
        && ((crystal_known && crystal_first != nl.map(Side::opponent))
            || (sl_known && sl != crystal_first.map(Side::opponent)))
    {
        return Err("with `first-mover = alternate` each of Crystal of Doom and Star-Lords begins with the reverse of the Facet before".into());
    }
    Ok(())
}

/// The Adjacent of the Alternate bonus for winning Northern Light.
fn validate_adjacent(s: &JewelSeries) -> Result<(), String> {
    let down = s.adjacent_down_side();
    match (&s.stage, down) {
        (Stage::AdjacentDown(_), None) => Err("`adjacent-down` only when the winner of Northern Light opted for the Alternate bonuses".into()),
        (Stage::AdjacentDown(c), Some(side)) => {
            if c != CrystalRules::start() || c.board().pieces(side, ADJACENT) == 0 {
                return Err("`adjacent-down` is Crystal of Doom at its set-up".into());
            }
            Ok(())
        }
        (Stage::Crystal(c), Some(side)) => {
            let full = CrystalRules::start()
                .board()
                .pieces(side, ADJACENT)
                .count_ones();
            if c.board().pieces(side, ADJACENT).count_ones() >= full {
                return Err(format!(
                    "{side} lost Northern Light to the Alternate bonuses and starts Crystal of Doom an Adjacent down"
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The take-back of the Alternate bonus for winning Crystal of Doom.
fn validate_take_back(s: &JewelSeries) -> Result<(), String> {
    let tb = &s.take_back;
    let holder = s.take_back_holder();
    let in_star_lords = matches!(s.stage, Stage::StarLords(_) | Stage::TakeBackOffer(_));
    if holder.is_none() && (tb.used || tb.armed || tb.replay.is_some()) {
        return Err("a take-back only for the winner of Crystal of Doom who opted for the Alternate bonuses".into());
    }
    if !in_star_lords && (tb.armed || tb.replay.is_some()) {
        return Err("a take-back pending outside Star-Lords".into());
    }
    if let (Some(h), Some(before)) = (holder, tb.before()) {
        if tb.used || tb.replies > 1 || tb.own_move.is_none() {
            return Err("the take-back's record is inconsistent".into());
        }
        // A position before a move of the holder: the coin tossed, he to move.
        if before.side_to_move() != h
            || before
                .chance_probability(JewelAction::first_move(h))
                .is_some()
        {
            return Err(format!(
                "the position before the holder's last move has {h} to move"
            ));
        }
    }
    if let Some(m) = tb.replay {
        let ok = tb.used
            && s.options.take_back == TakeBackReplay::SameMove
            && match (&s.stage, holder) {
                (Stage::StarLords(g), Some(h)) => g.side_to_move() == h && g.is_legal(m),
                _ => false,
            };
        if !ok {
            return Err("`take-back:replay:<move>`: under `take-back = same-move`, the holder to move replays the move he took back".into());
        }
    }
    if let Stage::TakeBackOffer(_) = s.stage
        && (tb.used || !tb.armed || tb.replies != 1 || !s.options.take_back_at_end)
    {
        return Err("the take-back is offered at the end only to a holder who has not used it, right after his opponent's move answered his (option take-back-at-end = offered)".into());
    }
    Ok(())
}

/// Draws the series: its stage, bonuses, results and score, then the Facet.
pub(super) fn render(s: &JewelSeries, out: &mut dyn fmt::Write) -> fmt::Result {
    let stage = match &s.stage {
        Stage::Bonus => "the bonuses are stated",
        Stage::Duel(_) => "Facet 1, Duel in the Castle",
        Stage::Ambush(_) => "Facet 2, Ambush in the Forest",
        Stage::NorthernLight(_) => "Facet 3, Northern Light",
        Stage::AdjacentDown(_) => "Facet 4, Crystal of Doom: the Adjacent to take off",
        Stage::Crystal(_) => "Facet 4, Crystal of Doom",
        Stage::StarLords(_) => "Facet 5, Star-Lords",
        Stage::TakeBackOffer(_) => "Facet 5, Star-Lords: over, the take-back on offer",
        Stage::Race(_) => "the tie-break, Race",
        Stage::Over => "over",
    };
    writeln!(out, "The Jewel Series: {stage}")?;
    for side in Side::ALL {
        writeln!(
            out,
            "  {side} TimeLord: {}",
            s.bonus[side.index()].map_or("bonus not yet stated", Bonus::name)
        )?;
    }
    for f in Facet::ALL {
        if let Some(o) = &s.results[f.index()] {
            writeln!(out, "  {f}: {o}")?;
        }
    }
    out.write_str("  Chords ")?;
    write_score(out, s.tally.chords[0], s.tally.chords[1])?;
    out.write_str(", Game Points ")?;
    write_score(out, s.tally.game_points[0], s.tally.game_points[1])?;
    out.write_str(" (Green-Red)\n")?;
    if let Some(h) = s.take_back_holder() {
        let tb = &s.take_back;
        let state = if tb.replay.is_some() {
            "taken: the move to replay"
        } else if tb.used {
            "used"
        } else if tb.before().is_some() && tb.replies == 1 {
            "ready"
        } else {
            "unused"
        };
        writeln!(out, "  take-back ({h}): {state}")?;
    }
    match &s.stage {
        Stage::Bonus | Stage::Over => Ok(()),
        Stage::Duel(g) => g.render(out),
        Stage::Ambush(g) => g.render(out),
        Stage::NorthernLight(g) => g.render(out),
        Stage::AdjacentDown(g) | Stage::Crystal(g) => g.render(out),
        Stage::StarLords(g) | Stage::TakeBackOffer(g) => g.render(out),
        Stage::Race(g) => g.render(out),
    }?;
    if let Some(v) = score::verdict(&s.results, s.bonus, &s.options)
        && matches!(s.stage, Stage::Over)
    {
        writeln!(out, "series: {}", v.outcome)?;
        writeln!(out, "decided by: {}", v.deciding)?;
        if v.win_bonus {
            writeln!(out, "win bonus: five Chords")?;
        }
        if v.sky_prince {
            writeln!(
                out,
                "The Sky-Prince: {}",
                v.outcome.winner.map_or("-", Side::name)
            )?;
        }
    }
    Ok(())
}

impl JewelSeries {
    /// The first movers recorded (Northern Light's last Hunt, Crystal of Doom,
    /// Star-Lords).
    #[must_use]
    pub fn first_movers(&self) -> [Option<Side>; 3] {
        [
            self.firsts[NL_FIRST],
            self.firsts[CRYSTAL_FIRST],
            self.firsts[STAR_LORDS_FIRST],
        ]
    }
}
