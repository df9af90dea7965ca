//! What `check` found, typed: each scenario's result, the counts per game,
//! each perft row, the rulings without a scenario, the corpus's rule events
//! and the clauses' coverage. The corpus and the clock scenarios fill it in;
//! the reports write it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tigerseye_engine::GameId;

use crate::scenario::Status;

/// How a scenario fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Confirmed and every expectation held.
    Passed,
    /// Confirmed and something did not hold.
    Failed,
    /// Disputed and, as its reason says, it does not hold.
    Disputed,
    /// Disputed but every expectation held: the status is out of date.
    DisputedButPassed,
    /// The file did not load (it is not a scenario of the format, or names
    /// what does not exist): a failure.
    LoadError,
}

impl Verdict {
    /// The verdict on a scenario of `status` whose expectations all held
    /// (`held`) or not: a disputed one is expected not to hold.
    #[must_use]
    pub fn of(status: Status, held: bool) -> Verdict {
        match (status, held) {
            (Status::Confirmed, true) => Verdict::Passed,
            (Status::Confirmed, false) => Verdict::Failed,
            (Status::Disputed, false) => Verdict::Disputed,
            (Status::Disputed, true) => Verdict::DisputedButPassed,
        }
    }

    /// Whether the check counts this as a failure.
    #[must_use]
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            Verdict::Failed | Verdict::DisputedButPassed | Verdict::LoadError
        )
    }

    /// Lower-case name for reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Disputed => "disputed",
            Verdict::DisputedButPassed => "disputed-but-passed",
            Verdict::LoadError => "load-error",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a scenario's result is counted: under its game, under the clock
/// scenarios, or, for a file of no registered game, under [`UNKNOWN_GAME`].
///
/// In the JSON report it is the game's name, `"clocks"`, or `null`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Option<String>", from = "Option<String>")]
pub enum CountedUnder {
    /// A registered game.
    Game(GameId),
    /// The clock scenarios (`scenarios/clocks/`).
    Clocks,
    /// Neither: the file names no registered game and lies in no game's folder.
    Unknown,
}

impl CountedUnder {
    /// `game` if known, else [`CountedUnder::Unknown`].
    #[must_use]
    pub fn game_or_unknown(game: Option<GameId>) -> Self {
        game.map_or(CountedUnder::Unknown, CountedUnder::Game)
    }

    /// The name the check report counts it under: the game's, `clocks`, or
    /// [`UNKNOWN_GAME`].
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CountedUnder::Game(game) => game.name(),
            CountedUnder::Clocks => crate::scenario::CLOCKS_FOLDER,
            CountedUnder::Unknown => UNKNOWN_GAME,
        }
    }

    /// The game, if it is one.
    #[must_use]
    pub fn game(self) -> Option<GameId> {
        match self {
            CountedUnder::Game(game) => Some(game),
            CountedUnder::Clocks | CountedUnder::Unknown => None,
        }
    }
}

impl From<CountedUnder> for Option<String> {
    fn from(counted: CountedUnder) -> Self {
        match counted {
            CountedUnder::Game(_) | CountedUnder::Clocks => Some(counted.name().to_owned()),
            CountedUnder::Unknown => None,
        }
    }
}

impl From<Option<String>> for CountedUnder {
    /// Reads a report's field: a name that is neither a registered game nor
    /// `clocks` (a game since renamed) is counted as unknown.
    fn from(name: Option<String>) -> Self {
        match name.as_deref() {
            Some(crate::scenario::CLOCKS_FOLDER) => CountedUnder::Clocks,
            Some(name) => CountedUnder::game_or_unknown(name.parse().ok()),
            None => CountedUnder::Unknown,
        }
    }
}

/// One scenario's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioResult {
    /// The file, relative to the corpus root.
    pub path: String,
    /// Where the result is counted.
    pub game: CountedUnder,
    /// The scenario's title.
    pub title: String,
    /// How it fared.
    pub verdict: Verdict,
    /// The reason given for a disputed scenario.
    pub reason: Option<String>,
    /// What did not hold, as `file:line:column: message`.
    pub failures: Vec<String>,
}

/// Where the check report counts a file whose game is not known (neither its
/// folder's nor the one it names).
pub const UNKNOWN_GAME: &str = "unknown";

impl ScenarioResult {
    /// A file that could not be checked (`load-error`), with its one failure,
    /// counted under `game`.
    #[must_use]
    pub fn load_error(path: String, game: CountedUnder, title: String, message: String) -> Self {
        ScenarioResult {
            path,
            game,
            title,
            verdict: Verdict::LoadError,
            reason: None,
            failures: vec![message],
        }
    }
}

/// Counts per game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerdictCounts {
    /// Confirmed scenarios that held.
    pub passed: u64,
    /// Scenarios that failed (a confirmed one that did not hold, a disputed one
    /// that now holds, or a file that did not load).
    pub failed: u64,
    /// Disputed scenarios that, as their reasons say, do not hold.
    pub disputed: u64,
}

impl VerdictCounts {
    /// Counts one scenario of `verdict`: a failure of any kind (a load error
    /// included) as failed.
    pub fn count(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Passed => self.passed += 1,
            Verdict::Disputed => self.disputed += 1,
            Verdict::Failed | Verdict::DisputedButPassed | Verdict::LoadError => self.failed += 1,
        }
    }
}

/// A perft table row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftResult {
    /// The table file.
    pub file: String,
    /// Where the table is: `path:line:column` of its `[[table]]` (empty in
    /// reports written before it was recorded).
    #[serde(default)]
    pub at: String,
    /// The table's name.
    pub name: String,
    /// The game.
    #[serde(with = "crate::sim::schema::game_name")]
    pub game: GameId,
    /// Depth in plies, or in whole turns (see `count`).
    pub depth: u32,
    /// What the row counts: leaves by action (absent in the report), or by
    /// whole turn.
    #[serde(default, skip_serializing_if = "PerftCount::is_actions")]
    pub count: PerftCount,
    /// The count in the table.
    pub expected: u64,
    /// The count computed now; `None` when skipped for the node limit.
    pub computed: Option<u64>,
    /// On the first depth whose count differs: which first moves it differs
    /// by ([`crate::corpus::explain_mismatch`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divide: Option<String>,
}

/// What a perft table row counts (a table's `nodes`, `turns` and
/// `turn-positions`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerftCount {
    /// The leaves `depth` actions down (`nodes`).
    #[default]
    Actions,
    /// The action sequences that play `depth` whole turns (`turns`).
    Turns,
    /// The distinct positions at the end of `depth` whole turns
    /// (`turn-positions`).
    TurnPositions,
}

impl PerftCount {
    /// Whether this is the count by action, the default.
    #[must_use]
    pub fn is_actions(&self) -> bool {
        *self == PerftCount::Actions
    }
}

impl PerftResult {
    /// The row's depth as the reports name it: `depth 3`, `turn depth 2`,
    /// `turn depth 2 (positions)`.
    #[must_use]
    pub fn depth_label(&self) -> String {
        match self.count {
            PerftCount::Actions => format!("depth {}", self.depth),
            PerftCount::Turns => format!("turn depth {}", self.depth),
            PerftCount::TurnPositions => format!("turn depth {} (positions)", self.depth),
        }
    }

    /// The row's failure id: `perft:<game>:<table>:<depth>`, with the depth
    /// written `turns-<d>` or `turn-positions-<d>` for the rows by turn.
    #[must_use]
    pub fn id(&self) -> String {
        let depth = match self.count {
            PerftCount::Actions => self.depth.to_string(),
            PerftCount::Turns => format!("turns-{}", self.depth),
            PerftCount::TurnPositions => format!("turn-positions-{}", self.depth),
        };
        format!("perft:{}:{}:{depth}", self.game, self.name)
    }
}

/// The result of checking the corpus.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CheckSummary {
    /// Every scenario, sorted by path.
    pub scenarios: Vec<ScenarioResult>,
    /// Counts by game name (`unknown` for files of no registered game).
    pub per_game: BTreeMap<String, VerdictCounts>,
    /// Every perft table row.
    pub perft: Vec<PerftResult>,
    /// Ruling ids that no scenario names.
    pub rulings_without_scenario: Vec<String>,
    /// Rule events fired in the corpus, by game then tag (every declared tag,
    /// zero included).
    pub events: BTreeMap<String, BTreeMap<String, u64>>,
    /// The seeds' rule clauses and the scenarios that test them (a full check
    /// only; absent in older reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<crate::clauses::Coverage>,
}

impl CheckSummary {
    /// The declared events of `game` that no scenario fires.
    #[must_use]
    pub fn events_never_fired(&self, game: &str) -> Vec<String> {
        self.events.get(game).map_or_else(Vec::new, |m| {
            m.iter()
                .filter(|&(_, &n)| n == 0)
                .map(|(k, _)| k.clone())
                .collect()
        })
    }
}

impl CheckSummary {
    /// Records one scenario file's `result`, counted under its game, the
    /// clock scenarios, or [`UNKNOWN_GAME`].
    pub fn record(&mut self, result: ScenarioResult) {
        self.per_game
            .entry(result.game.name().to_owned())
            .or_default()
            .count(result.verdict);
        self.scenarios.push(result);
    }

    /// Whether anything failed.
    #[must_use]
    pub fn failed(&self) -> bool {
        self.per_game.values().any(|c| c.failed > 0)
            || self
                .perft
                .iter()
                .any(|p| p.computed.is_some_and(|c| c != p.expected))
            || !self.rulings_without_scenario.is_empty()
            || self
                .clauses
                .as_ref()
                .is_some_and(crate::clauses::Coverage::failed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report keeps the field's JSON form: the game's name, `"clocks"`
    /// or `null`, and reads each back as it was written.
    #[test]
    fn where_a_result_is_counted_reads_back_as_written() {
        let cases = [
            (CountedUnder::Game(GameId::Duel), "\"duel\""),
            (CountedUnder::Game(GameId::FieldManual), "\"field-manual\""),
            (CountedUnder::Clocks, "\"clocks\""),
            (CountedUnder::Unknown, "null"),
        ];
        for (counted, json) in cases {
            assert_eq!(serde_json::to_string(&counted).unwrap(), json);
            assert_eq!(serde_json::from_str::<CountedUnder>(json).unwrap(), counted);
        }
        // A name no longer registered is read as unknown, not an error.
        let renamed: CountedUnder = serde_json::from_str("\"old-game\"").unwrap();
        assert_eq!(renamed, CountedUnder::Unknown);
    }

    /// Each result is counted under its own name in the per-game table.
    #[test]
    fn a_result_is_counted_under_its_name() {
        let mut summary = CheckSummary::default();
        for game in [
            CountedUnder::Game(GameId::Race),
            CountedUnder::Clocks,
            CountedUnder::Unknown,
        ] {
            summary.record(ScenarioResult::load_error(
                "x.toml".into(),
                game,
                String::new(),
                "broken".into(),
            ));
        }
        let names: Vec<&str> = summary.per_game.keys().map(String::as_str).collect();
        assert_eq!(names, ["clocks", "race", UNKNOWN_GAME]);
        assert!(summary.per_game.values().all(|c| c.failed == 1));
    }
}
