//! Perft tables, `scenarios/perft/<game>.toml`: reading them, computing their
//! rows (by action, and by turn), and the divide that explains a mismatch.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor};

use crate::check_results::PerftCount;
use crate::scenario::{self, locate};
use crate::search::{MAX_PERFT_DEPTH, perft_turns_within, perft_within, turn_positions_within};

/// A perft table file: `scenarios/perft/<game>.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerftFile {
    /// The game's name.
    pub game: String,
    /// How the numbers were computed and cross-checked.
    pub source: String,
    /// The tables.
    #[serde(rename = "table")]
    pub tables: Vec<PerftTable>,
    /// Where each table starts in the file, `path:line:column`, for errors (filled
    /// by [`load_perft`]).
    #[serde(skip)]
    pub table_at: Vec<String>,
    /// Where the `game` value is, `path:line:column` (filled by [`load_perft`]).
    #[serde(skip)]
    pub game_at: String,
}

/// Perft counts from one start.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerftTable {
    /// A name for the start, such as `standard start`.
    pub name: String,
    /// A position in the game's export format; the standard start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Game options.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// `nodes[d - 1]` is perft at depth `d`.
    pub nodes: Vec<u64>,
    /// Perft by turn: `turns[d - 1]` is the number of action sequences that
    /// play `d` whole turns ([`crate::search::perft_turns`]); optional.
    #[serde(default)]
    pub turns: Vec<u64>,
    /// `turn-positions[d - 1]` is the number of distinct positions those
    /// sequences end in ([`crate::search::turn_positions_within`]); optional,
    /// no longer than `turns`, whose count bounds its walk.
    #[serde(default)]
    pub turn_positions: Vec<u64>,
}

/// A table's start, under its options.
fn table_start<G: Game>(table: &PerftTable) -> Result<G, String> {
    let mut options = G::Options::default();
    for (k, v) in &table.options {
        options.set(k, v).map_err(|e| e.to_string())?;
    }
    match &table.position {
        Some(p) => G::import(p, &options).map_err(|e| e.to_string()),
        None => Ok(G::new(&options)),
    }
}

/// Reads a perft table file.
///
/// # Errors
///
/// `file:line:column: message` when it cannot be read or parsed.
pub fn load_perft(path: &Path) -> Result<PerftFile, String> {
    /// The tables' spans, to point errors found when a table runs at its line.
    #[derive(Deserialize)]
    struct Spans {
        #[serde(rename = "table", default)]
        tables: Vec<toml::Spanned<toml::Table>>,
        game: toml::Spanned<String>,
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // Not UTF-8: the line and column of the first bad byte, as for a scenario.
    let text = scenario::utf8(path, bytes).map_err(|e| e.to_string())?;
    let error = |e: toml::de::Error| scenario::toml_error(path, &text, &e).to_string();
    let mut file: PerftFile = toml::from_str(&text).map_err(error)?;
    let spans: Spans = toml::from_str(&text).map_err(error)?;
    file.table_at = spans
        .tables
        .iter()
        .map(|t| locate(path, &text, t.span().start))
        .collect();
    file.game_at = locate(path, &text, spans.game.span().start);
    Ok(file)
}

/// Computes a table's counts: `None` for the depths whose count in the table
/// exceeds `node_limit`. A walk that counts more than `node_limit` leaves where
/// the table says fewer is stopped (the table is wrong, and a wrong small count
/// must not start a walk that never ends); once a depth has no leaf, every
/// deeper one has none either and is not walked.
///
/// # Errors
///
/// When the game, options or position are not valid, the table is deeper than
/// [`MAX_PERFT_DEPTH`], or a walk passes the node limit.
pub fn run_perft_table(
    game: GameId,
    table: &PerftTable,
    node_limit: u64,
) -> Result<Vec<Option<u64>>, String> {
    struct Visit<'a>(&'a PerftTable, u64);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Vec<Option<u64>>, String>;
        fn visit<G: Game>(self) -> Self::Output {
            #[cfg(test)]
            crate::planted::hit(&self.0.name);
            let start = table_start::<G>(self.0)?;
            if self.0.nodes.len() > MAX_PERFT_DEPTH as usize {
                return Err(format!(
                    "{} depths: at most {MAX_PERFT_DEPTH}",
                    self.0.nodes.len()
                ));
            }
            let mut counts = Vec::with_capacity(self.0.nodes.len());
            let mut ended = false;
            for (d, &expected) in (1..).zip(&self.0.nodes) {
                if expected > self.1 {
                    counts.push(None);
                    continue;
                }
                if ended {
                    counts.push(Some(0));
                    continue;
                }
                let n = perft_within(&start, d, self.1).ok_or_else(|| {
                    format!(
                        "depth {d}: more than {} leaves (the node limit), where the table says {expected}",
                        self.1
                    )
                })?;
                ended = n == 0;
                counts.push(Some(n));
            }
            Ok(counts)
        }
    }
    // A panic in the engine is this table's failure; the other tables still run.
    crate::panics::catch_panic(|| game.visit(Visit(table, node_limit)))
        .unwrap_or_else(|message| Err(format!("panic: {message}")))
}

/// A table's rows by turn as computed: `None` for a depth skipped for the
/// node limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRows {
    /// The `turns` row: action sequences.
    pub turns: Vec<Option<u64>>,
    /// The `turn-positions` row: distinct positions.
    pub positions: Vec<Option<u64>>,
}

/// Computes a table's rows by turn, `turns` and `turn-positions`, as
/// [`run_perft_table`] computes `nodes`: `None` for a depth whose count of
/// `turns` exceeds `node_limit` (the sequences bound the positions' walk too),
/// and a walk past the limit is stopped.
///
/// # Errors
///
/// As [`run_perft_table`]; and when `turn-positions` is longer than `turns`.
pub fn run_turn_rows(
    game: GameId,
    table: &PerftTable,
    node_limit: u64,
) -> Result<TurnRows, String> {
    struct Visit<'a>(&'a PerftTable, u64);
    impl GameVisitor for Visit<'_> {
        type Output = Result<TurnRows, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let (table, limit) = (self.0, self.1);
            if table.turns.len() > MAX_PERFT_DEPTH as usize {
                return Err(format!(
                    "`turns` has {} depths: at most {MAX_PERFT_DEPTH}",
                    table.turns.len()
                ));
            }
            if table.turn_positions.len() > table.turns.len() {
                return Err(format!(
                    "`turn-positions` has {} depths and `turns` {}: expected a count in `turns` for every depth of `turn-positions` (it bounds that depth's walk)",
                    table.turn_positions.len(),
                    table.turns.len()
                ));
            }
            let start = table_start::<G>(table)?;
            let mut turns = Vec::with_capacity(table.turns.len());
            let mut ended = false;
            for (d, &expected) in (1..).zip(&table.turns) {
                if expected > limit {
                    turns.push(None);
                    continue;
                }
                if ended {
                    turns.push(Some(0));
                    continue;
                }
                let n = perft_turns_within(&start, d, limit).ok_or_else(|| {
                    format!(
                        "turn depth {d}: more than {limit} sequences (the node limit), where the table says {expected}"
                    )
                })?;
                ended = n == 0;
                turns.push(Some(n));
            }
            // The positions of every depth come from one walk, level by
            // level, as deep as the first depth whose sequences are over the
            // limit.
            let walked = table.turns[..table.turn_positions.len()]
                .iter()
                .take_while(|&&n| n <= limit)
                .count();
            let counts = turn_positions_within(&start, walked as u32, limit).ok_or_else(|| {
                format!(
                    "turn positions to depth {walked}: more than {limit} sequences (the node limit) from one depth's positions"
                )
            })?;
            let positions = (0..table.turn_positions.len())
                .map(|d| counts.get(d).copied())
                .collect();
            Ok(TurnRows { turns, positions })
        }
    }
    crate::panics::catch_panic(|| game.visit(Visit(table, node_limit)))
        .unwrap_or_else(|message| Err(format!("panic: {message}")))
}

/// Which first moves a perft count that differs from its table's differs by:
/// the engine's divide at `depth` (each first move and the leaves under it,
/// or for a row by turn the sequences under it) beside the table's total, so
/// that the move whose subtree is wrong is one `tigerseye perft --divide`
/// away. A walk that panics or cannot start says so.
#[must_use]
pub fn explain_mismatch(
    game: GameId,
    table: &PerftTable,
    count: PerftCount,
    depth: u32,
    expected: u64,
) -> String {
    struct Visit<'a>(&'a PerftTable, u32, PerftCount);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Vec<(String, u64)>, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let start = table_start::<G>(self.0)?;
            Ok(match self.2 {
                PerftCount::Actions => crate::search::divide(&start, self.1),
                PerftCount::Turns | PerftCount::TurnPositions => {
                    crate::search::divide_turns(&start, self.1)
                }
            })
        }
    }
    let divided = crate::panics::catch_panic(|| game.visit(Visit(table, depth, count)))
        .unwrap_or_else(|message| Err(format!("panic: {message}")));
    match divided {
        Err(e) => format!("no divide: {e}"),
        Ok(moves) => {
            let total: u64 = moves.iter().map(|(_, n)| n).sum();
            let each: Vec<String> = moves.iter().map(|(m, n)| format!("{m} {n}")).collect();
            match count {
                PerftCount::Actions | PerftCount::Turns => format!(
                    "the engine's divide{} at depth {depth} (the table's total {expected}, the engine's {total}): {}",
                    if count == PerftCount::Turns {
                        " by turn"
                    } else {
                        ""
                    },
                    each.join(", ")
                ),
                // Positions do not add up by first move (two first moves
                // can reach one position): the sequences under each show
                // where the walk went.
                PerftCount::TurnPositions => format!(
                    "the engine's sequences by turn at depth {depth} under each first move ({total} in all; positions do not add up by first move): {}",
                    each.join(", ")
                ),
            }
        }
    }
}
