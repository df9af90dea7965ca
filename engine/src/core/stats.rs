//! A game's own statistics of the games a simulation plays: counters and
//! tables only that game knows how to keep (which kinds of piece move, how hard
//! a search worked), beside the outcomes, lengths and rule events the harness
//! counts for every game.
//!
//! A game names its statistics in [`Game::Stats`]: [`NoStats`] keeps none and
//! costs nothing (the harness tests [`GameStats::KEPT`], a constant, before
//! every call). A game that keeps some implements [`GameStats`]: the harness
//! calls it around every action of every game it plays, turns each worker's
//! counts into [`Figures`] and merges them. Figures merge by addition and by
//! maximum with a fixed tie-break, so a run's figures are the same whatever
//! the number of threads and the order in which their games finished.

use std::collections::BTreeMap;
use std::fmt;

use super::game::Game;

/// One figure of a game's statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A count, summed over games.
    Count(u64),
    /// The largest value seen, with where it was seen (a position's text, or
    /// empty); of two equal values the smaller text is kept, so that merging
    /// does not depend on order.
    Most {
        /// The value.
        value: u64,
        /// Where it was reached.
        at: String,
    },
}

impl Figure {
    /// Merges `other` into this figure: counts add, maxima keep the larger
    /// value (the smaller text on a tie). A count meeting a maximum (figures of
    /// two versions of a game) keeps the larger number.
    pub fn merge(&mut self, other: &Figure) {
        match (&mut *self, other) {
            (Figure::Count(a), Figure::Count(b)) => *a += b,
            (Figure::Most { value, at }, Figure::Most { value: v2, at: at2 }) => {
                if *v2 > *value || (*v2 == *value && at2 < at) {
                    *value = *v2;
                    at.clone_from(at2);
                }
            }
            (Figure::Count(_), Figure::Most { .. }) | (Figure::Most { .. }, Figure::Count(_)) => {
                if other.value() > self.value() {
                    *self = other.clone();
                }
            }
        }
    }

    /// The count or the maximum.
    #[must_use]
    pub fn value(&self) -> u64 {
        match self {
            Figure::Count(n) | Figure::Most { value: n, .. } => *n,
        }
    }
}

/// A game's statistics as named figures: what reports keep and what the
/// reports of several shards merge.
///
/// ```
/// use tigerseye_engine::core::Figures;
///
/// let mut a = Figures::default();
/// a.count("moves", 3);
/// a.most("deepest", 7, "P1");
/// let mut b = Figures::default();
/// b.count("moves", 2);
/// b.most("deepest", 7, "P0");
/// a.merge(&b);
/// assert_eq!(a.count_of("moves"), 5);
/// assert_eq!(a.most_of("deepest"), Some((7, "P0")));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures(pub BTreeMap<String, Figure>);

impl Figures {
    /// Whether there is no figure.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `n` to the count `name` (made at 0 if absent).
    pub fn count(&mut self, name: impl Into<String>, n: u64) {
        self.0
            .entry(name.into())
            .or_insert(Figure::Count(0))
            .merge(&Figure::Count(n));
    }

    /// Offers `value`, reached at `at`, to the maximum `name`.
    pub fn most(&mut self, name: impl Into<String>, value: u64, at: impl Into<String>) {
        let figure = Figure::Most {
            value,
            at: at.into(),
        };
        match self.0.entry(name.into()) {
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(figure);
            }
            std::collections::btree_map::Entry::Occupied(mut e) => e.get_mut().merge(&figure),
        }
    }

    /// Merges every figure of `other` into these.
    pub fn merge(&mut self, other: &Figures) {
        for (name, figure) in &other.0 {
            match self.0.get_mut(name) {
                Some(mine) => mine.merge(figure),
                None => {
                    self.0.insert(name.clone(), figure.clone());
                }
            }
        }
    }

    /// The count (or maximum) `name`, 0 when absent.
    #[must_use]
    pub fn count_of(&self, name: &str) -> u64 {
        self.0.get(name).map_or(0, Figure::value)
    }

    /// The maximum `name` and where it was reached, if recorded as one.
    #[must_use]
    pub fn most_of(&self, name: &str) -> Option<(u64, &str)> {
        match self.0.get(name) {
            Some(Figure::Most { value, at }) => Some((*value, at.as_str())),
            _ => None,
        }
    }
}

/// One table of a game's statistics, as reports print it: a title, a header
/// row and rows of cells, every cell already text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsTable {
    /// What the table shows, one line.
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

impl StatsTable {
    /// A table of `title` with columns `header` and no row yet.
    #[must_use]
    pub fn new(title: impl Into<String>, header: &[&str]) -> StatsTable {
        StatsTable {
            title: title.into(),
            header: header.iter().map(|&h| h.to_owned()).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }
}

/// The table as Markdown: the title as a paragraph, then the table (a `|`
/// in a cell escaped).
impl fmt::Display for StatsTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}\n", self.title)?;
        writeln!(f, "| {} |", self.header.join(" | "))?;
        writeln!(f, "|{}", "---|".repeat(self.header.len()))?;
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
            writeln!(f, "| {} |", cells.join(" | "))?;
        }
        Ok(())
    }
}

/// A game's own statistics of the games played, kept beside each player of a
/// simulation (one value for many games) and reported as [`Figures`].
///
/// The harness calls, for every action of a game: [`before_action`]
/// (the state with its legal actions just listed, and the action chosen), then
/// [`event`] for each rule event the action emits, then [`after_action`]; and
/// at a game's end (over, or cut by the harness's ply cap) [`game_end`]. Every
/// method but [`figures`] and [`tables`] does nothing by default.
///
/// The contract: the figures depend only on the games played, not on how they
/// were shared out among values of this type (figures merge by
/// [`Figures::merge`]).
///
/// [`before_action`]: GameStats::before_action
/// [`event`]: GameStats::event
/// [`after_action`]: GameStats::after_action
/// [`game_end`]: GameStats::game_end
/// [`figures`]: GameStats::figures
/// [`tables`]: GameStats::tables
pub trait GameStats<G: Game>: Default + fmt::Debug + Send + 'static {
    /// Whether the game keeps statistics at all; `false` only for
    /// [`NoStats`], whose calls the harness skips.
    const KEPT: bool = true;

    /// Before `action` is applied to `state`.
    #[inline]
    fn before_action(&mut self, state: &G, action: G::Action) {
        let _ = (state, action);
    }

    /// A rule event the action being applied emitted.
    #[inline]
    fn event(&mut self, event: G::Event) {
        let _ = event;
    }

    /// After the action is applied; `state` is the state it led to.
    #[inline]
    fn after_action(&mut self, state: &G) {
        let _ = state;
    }

    /// A game ended at `state` (over, or cut at the harness's ply cap).
    #[inline]
    fn game_end(&mut self, state: &G) {
        let _ = state;
    }

    /// The statistics so far, as figures.
    fn figures(&self) -> Figures;

    /// The tables the figures of a run (of many games, maybe merged from
    /// several shards) make, in the order reports print them.
    fn tables(figures: &Figures) -> Vec<StatsTable>;
}

/// The statistics of a game that keeps none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoStats;

impl<G: Game> GameStats<G> for NoStats {
    const KEPT: bool = false;

    fn figures(&self) -> Figures {
        Figures::default()
    }

    fn tables(_figures: &Figures) -> Vec<StatsTable> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Merging is independent of order: every permutation of three figure
    /// sets merges to the same figures, ties of a maximum included.
    #[test]
    fn merging_does_not_depend_on_order() {
        let sets: Vec<Figures> = [(3, 9, "b"), (4, 9, "a"), (5, 2, "z")]
            .into_iter()
            .map(|(n, most, at)| {
                let mut f = Figures::default();
                f.count("n", n);
                f.most("m", most, at);
                f
            })
            .collect();
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let merged: Vec<Figures> = orders
            .iter()
            .map(|order| {
                let mut all = Figures::default();
                for &i in order {
                    all.merge(&sets[i]);
                }
                all
            })
            .collect();
        for m in &merged {
            assert_eq!(m, &merged[0]);
        }
        assert_eq!(merged[0].count_of("n"), 12);
        assert_eq!(merged[0].most_of("m"), Some((9, "a")));
    }

    #[test]
    fn a_table_prints_as_markdown() {
        let mut t = StatsTable::new("Moves:", &["kind", "moves"]);
        t.row(vec!["Dragon".into(), "3".into()]);
        assert_eq!(
            t.to_string(),
            "Moves:\n\n| kind | moves |\n|---|---|\n| Dragon | 3 |\n"
        );
    }
}
