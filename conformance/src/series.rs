//! What a simulation of whole Jewel Series shows (`tigerseye sim --series jewel`):
//! who won, by how many Chords, how often Race decided, which Facet decided, and
//! how each Facet and bonus went. Read from the run's counts: outcomes, final
//! scores and the series' events (seed 002, "Jewel as a Linked-series").

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tigerseye_engine::GameId;
use tigerseye_engine::jewel::series::{CHORDS, Facet, RACE_TIE_BREAK};

use crate::sim::SimStats;

/// The series' results over a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeriesSummary {
    /// Series played to the end.
    pub finished: u64,
    /// Series won by Green and by Red.
    pub wins: [u64; 2],
    /// Series won on Chords for and against, and in Race.
    pub by_chords: u64,
    /// Series whose Chords were level after Star-Lords, decided by Race.
    pub by_race: u64,
    /// Series by the winner's margin in Chords, the win bonus included, in half
    /// Chords.
    pub margins: BTreeMap<u16, u64>,
    /// Series by the Facet after which the winner stayed ahead (Race when it broke
    /// the tie), in the order of play.
    pub deciding: Vec<(&'static str, u64)>,
    /// Each Facet's results: Green wins, Red wins, draws.
    pub facets: Vec<(&'static str, [u64; 3])>,
    /// Five-Chord win bonuses awarded.
    pub win_bonuses: u64,
    /// Sky-Princes made.
    pub sky_princes: u64,
    /// Crystal of Doom started an Adjacent down.
    pub adjacent_down: u64,
    /// Take-backs made in Star-Lords, and those offered at its end.
    pub take_backs: u64,
    /// Take-backs offered at the end of Star-Lords.
    pub take_back_offers: u64,
}

/// The summary of a run of `jewel-series`; `None` for any other game.
#[must_use]
pub fn summarize(stats: &SimStats) -> Option<SeriesSummary> {
    if stats.game != GameId::JewelSeries {
        return None;
    }
    let event = |tag: &str| stats.events.get(tag).copied().unwrap_or(0);
    let mut s = SeriesSummary::default();
    for o in &stats.outcomes {
        s.finished += o.count;
        if let Some(side) = o.winner.side {
            s.wins[side.index()] += o.count;
        }
        if o.rule == CHORDS.name() {
            s.by_chords += o.count;
        } else if o.rule == RACE_TIE_BREAK.name() {
            s.by_race += o.count;
        }
    }
    for (score, &n) in &stats.scores {
        *s.margins.entry(score.margin_halves()).or_default() += n;
    }
    for f in Facet::ALL {
        let name = f.name();
        s.deciding
            .push((name, event(&format!("decided-by-{name}"))));
        s.facets.push((
            name,
            [
                event(&format!("{name}-green")),
                event(&format!("{name}-red")),
                event(&format!("{name}-draw")),
            ],
        ));
    }
    s.win_bonuses = event("win-bonus");
    s.sky_princes = event("sky-prince");
    s.adjacent_down = event("adjacent-down");
    s.take_backs = event("take-back");
    s.take_back_offers = event("take-back-offered");
    Some(s)
}

fn share(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn write_halves(out: &mut String, h: u16) {
    let _ = write!(out, "{}", h / 2);
    if h % 2 == 1 {
        out.push('½');
    }
}

impl SeriesSummary {
    /// The summary as markdown lines (also printed by `tigerseye sim`).
    #[must_use]
    pub fn markdown(&self) -> String {
        let n = self.finished;
        let mut md = String::new();
        let _ = writeln!(
            md,
            "Jewel Series: {n} series played to the end; Green won {} ({:.2}%), Red {} ({:.2}%)",
            self.wins[0],
            share(self.wins[0], n),
            self.wins[1],
            share(self.wins[1], n)
        );
        let _ = writeln!(
            md,
            "- won on Chords for and against: {} ({:.2}%); level after Star-Lords and decided by Race: {} ({:.2}%)",
            self.by_chords,
            share(self.by_chords, n),
            self.by_race,
            share(self.by_race, n)
        );
        let mut margins = String::new();
        for (&m, &count) in &self.margins {
            if !margins.is_empty() {
                margins.push_str(", ");
            }
            write_halves(&mut margins, m);
            let _ = write!(margins, ": {count} ({:.1}%)", share(count, n));
        }
        let _ = writeln!(md, "- margin in Chords, the win bonus included: {margins}");
        let deciding: Vec<String> = self
            .deciding
            .iter()
            .map(|(f, c)| format!("{f} {c} ({:.2}%)", share(*c, n)))
            .collect();
        let _ = writeln!(md, "- deciding Facet: {}", deciding.join(", "));
        let facets: Vec<String> = self
            .facets
            .iter()
            .map(|(f, [g, r, d])| format!("{f} {g}/{r}/{d}"))
            .collect();
        let _ = writeln!(md, "- Facet results, Green/Red/draw: {}", facets.join(", "));
        let _ = writeln!(
            md,
            "- bonuses: win bonus {}, Sky-Prince {}, Adjacent down {}, take-backs {} (offered at the end {})",
            self.win_bonuses,
            self.sky_princes,
            self.adjacent_down,
            self.take_backs,
            self.take_back_offers
        );
        md
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{SimConfig, run};

    #[test]
    fn a_run_of_series_adds_up() {
        let mut config = SimConfig::new(GameId::JewelSeries, 60);
        config.master_seed = 11;
        let stats = run(&config).unwrap();
        assert_eq!(stats.failed_games, 0, "{:?}", stats.failures);
        let s = summarize(&stats).unwrap();
        assert_eq!(s.finished + stats.unfinished, 60);
        assert_eq!(
            s.wins[0] + s.wins[1],
            s.finished,
            "a series always has a winner"
        );
        assert_eq!(s.by_chords + s.by_race, s.finished);
        assert_eq!(s.margins.values().sum::<u64>(), s.finished);
        assert_eq!(s.deciding.iter().map(|d| d.1).sum::<u64>(), s.finished);
        for (f, [g, r, d]) in &s.facets[..5] {
            assert_eq!(
                g + r + d,
                s.finished,
                "{f}: every finished series played it"
            );
        }
        assert_eq!(s.facets[5].1.iter().sum::<u64>(), s.by_race);
        assert!(s.markdown().contains("deciding Facet"));
        let duel = run(&SimConfig::new(GameId::Duel, 10)).unwrap();
        assert_eq!(summarize(&duel), None);
    }
}
