//! The Jewel Series' reference model: its linking logic, written plainly from
//! seed 002 ("Order of Play for The Jewel Series", "Further Notes on The Jewel
//! Series", "Jewel Series Tie-breaking") and the project's rulings, without the
//! engine's series module: its own stage list, its own score sums, the take-back
//! as a list of every Star-Lords position played (not the engine's one stored
//! position), its own reading of the position header. Each Facet is played by its
//! own engine game, whose rules have their own reference models and perft tables:
//! so the series' perft is the Facets' perft composed, and this model checks the
//! composing.
//!
//! The perft tables of `scenarios/perft/jewel-series.toml` must agree with it at
//! every depth within the budget, and from the start, with the bonuses fixed, the
//! series' perft must equal Duel's until the first Duel can end; it runs as an
//! oracle ([`super::legal`]).

use tigerseye_engine::jewel::ambush::Ambush;
use tigerseye_engine::jewel::crystal::Crystal;
use tigerseye_engine::jewel::duel::{Duel, DuelOptions};
use tigerseye_engine::jewel::keysquare::Kind;
use tigerseye_engine::jewel::northern_light::series::NorthernLight;
use tigerseye_engine::jewel::race::{FirstMove, Race, RaceOptions, Scoring};
use tigerseye_engine::jewel::series::SeriesOptions;
use tigerseye_engine::jewel::star_lords::StarLords;
use tigerseye_engine::{Game, GameOptions, Side, Square, Turn};

/// Duel, Ambush, Northern Light, Crystal of Doom, Star-Lords, Race.
const DUEL: usize = 0;
const AMBUSH: usize = 1;
const LIGHT: usize = 2;
const CRYSTAL: usize = 3;
const LORDS: usize = 4;
const RACE: usize = 5;
const NAMES: [&str; 6] = [
    "duel",
    "ambush",
    "northern-light",
    "crystal",
    "star-lords",
    "race",
];

#[derive(Clone)]
enum Now {
    Bonus,
    Duel(Duel),
    Ambush(Ambush),
    Light(NorthernLight),
    /// Crystal of Doom at its set-up; the loser of Northern Light takes an
    /// Adjacent off.
    Down(Crystal),
    Crystal(Crystal),
    Lords(StarLords),
    /// Star-Lords over; the holder of the take-back chooses.
    Offer(StarLords),
    Race(Race),
    Over,
}

/// The readings the model follows, from the series' options.
#[derive(Clone, Copy)]
struct Readings {
    points_as_chords: bool,
    played_before: [bool; 2],
    alternate_first: bool,
    same_move: bool,
    offer_at_end: bool,
}

impl Readings {
    fn of(options: &SeriesOptions) -> Readings {
        let get = |k| options.get(k).unwrap();
        let first_play = get("first-play");
        Readings {
            points_as_chords: get("chords") == "points-as-chords",
            played_before: [
                matches!(first_play, "green-played-before" | "both-played-before"),
                matches!(first_play, "red-played-before" | "both-played-before"),
            ],
            alternate_first: get("first-mover") == "alternate",
            same_move: get("take-back") == "same-move",
            offer_at_end: get("take-back-at-end") == "offered",
        }
    }
}

/// The Jewel Series, its linking logic plainly, each Facet an engine game.
#[derive(Clone)]
pub struct RefSeries {
    now: Now,
    /// Each side's choice: `Some(true)` the Alternate bonuses.
    alternate: [Option<bool>; 2],
    /// Each Facet's winner and half units to Green and Red.
    results: [Option<(Option<Side>, u16, u16)>; 6],
    /// Who moved first in the Hunt of Northern Light being played (or its last).
    light_first: Option<Side>,
    crystal_first: Option<Side>,
    lords_first: Option<Side>,
    /// Every move of Star-Lords so far: who made it (`None` for the coin), the
    /// position before it, and the move's text.
    played: Vec<(Option<Side>, StarLords, String)>,
    used: bool,
    replay: Option<String>,
    readings: Readings,
}

fn mover(turn: Turn) -> Option<Side> {
    match turn {
        Turn::Player(s) => Some(s),
        Turn::Chance | Turn::Over(_) => None,
    }
}

impl RefSeries {
    /// The winner of `facet` if he chose the Alternate bonuses.
    fn alternate_winner(&self, facet: usize) -> Option<Side> {
        let (w, _, _) = self.results[facet]?;
        let w = w?;
        (self.alternate[w.index()] == Some(true)).then_some(w)
    }

    /// Chords to Green and to Red, in half units.
    fn chords(&self) -> [u16; 2] {
        let mut c = [0, 0];
        for (f, r) in self.results.iter().enumerate() {
            let Some((_, g, red)) = *r else { continue };
            let mut halves = [g, red];
            if f == DUEL || f == AMBUSH {
                for (h, before) in halves.iter_mut().zip(self.readings.played_before) {
                    if before {
                        *h = 0;
                    }
                }
            }
            let counts = match f {
                CRYSTAL | LORDS => true,
                DUEL | AMBUSH | LIGHT => self.readings.points_as_chords,
                _ => false,
            };
            if counts {
                c[0] += halves[0];
                c[1] += halves[1];
            }
        }
        c
    }

    fn record(&mut self, facet: usize, turn: Turn) {
        let Turn::Over(o) = turn else {
            panic!("{} is not over", NAMES[facet])
        };
        self.results[facet] = Some((o.winner, o.score.green_halves, o.score.red_halves));
    }

    fn start_crystal(&mut self, mut c: Crystal) {
        if self.readings.alternate_first {
            let first = self
                .light_first
                .expect("Northern Light had a first mover")
                .opponent();
            c.play(c.parse_action(&format!("{first}-first")).unwrap())
                .unwrap();
            self.crystal_first = Some(first);
        }
        self.now = Now::Crystal(c);
    }

    fn start_lords(&mut self) {
        let mut g = StarLords::new(&Default::default());
        if self.readings.alternate_first {
            let first = self
                .crystal_first
                .expect("Crystal's first mover")
                .opponent();
            g.play(g.parse_action(&format!("{first}-first")).unwrap())
                .unwrap();
            self.lords_first = Some(first);
        }
        self.played.clear();
        self.used = false;
        self.replay = None;
        self.now = Now::Lords(g);
    }

    fn after_lords(&mut self) {
        let c = self.chords();
        if c[0] == c[1] {
            let first = match self.lords_first.expect("Star-Lords' first mover") {
                Side::Green => FirstMove::Red,
                Side::Red => FirstMove::Green,
            };
            self.now = Now::Race(Race::new(&RaceOptions {
                first,
                scoring: Scoring::TieBreak,
                ..RaceOptions::default()
            }));
        } else {
            self.now = Now::Over;
        }
    }

    /// Whether the holder could take back now: his move, then exactly one of his
    /// opponent's, were the last two of Star-Lords.
    fn take_back_possible(&self) -> Option<Side> {
        let holder = self.alternate_winner(CRYSTAL)?;
        if self.used || self.replay.is_some() {
            return None;
        }
        let n = self.played.len();
        (n >= 2
            && self.played[n - 1].0 == Some(holder.opponent())
            && self.played[n - 2].0 == Some(holder))
        .then_some(holder)
    }

    /// Once the Facet just played is over, the next one.
    fn settle(&mut self) {
        match &self.now {
            Now::Duel(g) if matches!(g.turn(), Turn::Over(_)) => {
                self.record(DUEL, g.turn());
                self.now = Now::Ambush(Ambush::new(&Default::default()));
            }
            Now::Ambush(g) if matches!(g.turn(), Turn::Over(_)) => {
                self.record(AMBUSH, g.turn());
                self.now = Now::Light(NorthernLight::new(&Default::default()));
            }
            Now::Light(g) if matches!(g.turn(), Turn::Over(_)) => {
                self.record(LIGHT, g.turn());
                let c = Crystal::new(&Default::default());
                if self.alternate_winner(LIGHT).is_some() {
                    self.now = Now::Down(c);
                } else {
                    self.start_crystal(c);
                }
            }
            Now::Crystal(g) if matches!(g.turn(), Turn::Over(_)) => {
                self.record(CRYSTAL, g.turn());
                self.start_lords();
            }
            Now::Lords(g) if matches!(g.turn(), Turn::Over(_)) => {
                if self.readings.offer_at_end && self.take_back_possible().is_some() {
                    self.now = Now::Offer(g.clone());
                } else {
                    self.record(LORDS, g.turn());
                    self.after_lords();
                }
            }
            Now::Race(g) if matches!(g.turn(), Turn::Over(_)) => {
                self.record(RACE, g.turn());
                self.now = Now::Over;
            }
            Now::Bonus
            | Now::Duel(_)
            | Now::Ambush(_)
            | Now::Light(_)
            | Now::Down(_)
            | Now::Crystal(_)
            | Now::Lords(_)
            | Now::Offer(_)
            | Now::Race(_)
            | Now::Over => {}
        }
    }

    /// Plays the Facet action at `i` of the game `g`'s legal list.
    fn facet_children<G: Game>(&self, g: &G, wrap: impl Fn(G) -> Now, out: &mut Vec<RefSeries>) {
        let mut legal = G::Actions::default();
        g.legal_actions(&mut legal);
        for &a in legal.iter() {
            let mut child = self.clone();
            let mut next = g.clone();
            let before = g.turn();
            next.play(a).unwrap();
            let after = mover(next.turn());
            if before == Turn::Chance {
                // A coin: remember who moves first.
                match &self.now {
                    Now::Light(_) => child.light_first = after,
                    Now::Crystal(_) => child.crystal_first = after,
                    Now::Lords(_) => child.lords_first = after,
                    Now::Bonus
                    | Now::Duel(_)
                    | Now::Ambush(_)
                    | Now::Down(_)
                    | Now::Offer(_)
                    | Now::Race(_)
                    | Now::Over => {}
                }
            }
            child.now = wrap(next);
            child.settle();
            out.push(child);
        }
    }

    pub(crate) fn children(&self) -> Vec<RefSeries> {
        let mut out = Vec::new();
        match &self.now {
            Now::Bonus => {
                let side = if self.alternate[0].is_none() { 0 } else { 1 };
                for alt in [false, true] {
                    let mut child = self.clone();
                    child.alternate[side] = Some(alt);
                    if child.alternate.iter().all(Option::is_some) {
                        child.now = Now::Duel(Duel::new(&DuelOptions::default()));
                    }
                    out.push(child);
                }
            }
            Now::Duel(g) => self.facet_children(g, Now::Duel, &mut out),
            Now::Ambush(g) => self.facet_children(g, Now::Ambush, &mut out),
            Now::Light(g) => {
                let hunt =
                    |g: &NorthernLight| g.export_string().split(' ').next().unwrap().to_owned();
                let mut legal = <NorthernLight as Game>::Actions::default();
                g.legal_actions(&mut legal);
                for &a in legal.iter() {
                    let mut child = self.clone();
                    let mut next = g.clone();
                    let before = g.turn();
                    next.play(a).unwrap();
                    // A coin, or the next Hunt begun without one (DiamondQuest):
                    // the Hunt's first mover.
                    if before == Turn::Chance || hunt(&next) != hunt(g) {
                        child.light_first = mover(next.turn()).or(child.light_first);
                    }
                    child.now = Now::Light(next);
                    child.settle();
                    out.push(child);
                }
            }
            Now::Down(c) => {
                let side = self.alternate_winner(LIGHT).unwrap().opponent();
                for i in 0..81u8 {
                    if c.board().pieces(side, Kind(1)) >> i & 1 == 1 {
                        let mut child = self.clone();
                        let mut next = c.clone();
                        next.remove_at_set_up(side, Kind(1), Square(i)).unwrap();
                        child.start_crystal(next);
                        out.push(child);
                    }
                }
            }
            Now::Crystal(g) => self.facet_children(g, Now::Crystal, &mut out),
            Now::Lords(g) => {
                let mut legal = <StarLords as Game>::Actions::default();
                g.legal_actions(&mut legal);
                for &a in legal.iter() {
                    let text = g.action_text(a);
                    if self.replay.as_ref().is_some_and(|r| *r != text) {
                        continue;
                    }
                    let mut child = self.clone();
                    let mut next = g.clone();
                    let before = g.turn();
                    next.play(a).unwrap();
                    if before == Turn::Chance {
                        child.lords_first = mover(next.turn());
                    }
                    child.played.push((mover(before), g.clone(), text));
                    child.replay = None;
                    child.now = Now::Lords(next);
                    child.settle();
                    out.push(child);
                }
                if matches!(g.turn(), Turn::Player(s) if Some(s) == self.take_back_possible()) {
                    out.push(self.taken_back());
                }
            }
            Now::Offer(g) => {
                out.push(self.taken_back());
                let mut accept = self.clone();
                accept.record(LORDS, g.turn());
                accept.after_lords();
                out.push(accept);
            }
            Now::Race(g) => self.facet_children(g, Now::Race, &mut out),
            Now::Over => {}
        }
        out
    }

    /// Star-Lords two moves back: the holder's last and his opponent's answer.
    fn taken_back(&self) -> RefSeries {
        let mut child = self.clone();
        let n = child.played.len();
        let (_, before, text) = child.played[n - 2].clone();
        child.played.truncate(n - 2);
        child.used = true;
        if child.readings.same_move {
            child.replay = Some(text);
        }
        child.now = Now::Lords(before);
        child
    }

    /// Leaves after `depth` actions.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }

    /// The model from the standard start.
    ///
    /// # Panics
    ///
    /// When an option of `options` is missing.
    #[must_use]
    pub fn start(options: &SeriesOptions) -> RefSeries {
        let fixed = |k| match options.get(k).unwrap() {
            "win-bonus" => Some(false),
            "alternate-bonuses" => Some(true),
            _ => None,
        };
        let alternate = [fixed("green-bonus"), fixed("red-bonus")];
        RefSeries {
            now: if alternate.iter().all(Option::is_some) {
                Now::Duel(Duel::new(&DuelOptions::default()))
            } else {
                Now::Bonus
            },
            alternate,
            results: [None; 6],
            light_first: None,
            crystal_first: None,
            lords_first: None,
            played: Vec::new(),
            used: false,
            replay: None,
            readings: Readings::of(options),
        }
    }

    /// The model from a position written as the series writes it, read here
    /// plainly: the stage, the bonuses, the results, the first movers, the
    /// take-back, and the Facet's own position. A take-back armed (the
    /// holder's move made, `moved:`, or answered, `ready:`) becomes the last
    /// one or two entries of the model's list of Star-Lords moves: the holder's
    /// move from the position the export keeps after a second ` | `, then his
    /// opponent's answer (only its mover counts).
    ///
    /// # Panics
    ///
    /// When `text` is not such a position.
    #[must_use]
    pub fn from_position(text: &str, options: &SeriesOptions) -> RefSeries {
        let mut s = RefSeries::start(options);
        let (header, facet) = text
            .split_once('|')
            .map_or((text, ""), |(h, f)| (h, f.trim()));
        let (facet, before) = facet
            .split_once('|')
            .map_or((facet, None), |(f, b)| (f.trim(), Some(b.trim())));
        let mut armed = None;
        let mut words = header.split_whitespace();
        let stage = words.next().unwrap();
        for w in words {
            if let Some(b) = w.strip_prefix("bonus:") {
                let (g, r) = b.split_once(',').unwrap();
                let read = |x: &str| match x {
                    "win-bonus" => Some(false),
                    "alternate-bonuses" => Some(true),
                    _ => None,
                };
                s.alternate = [read(g), read(r)];
            } else if let Some(f) = w.strip_prefix("first:") {
                let v: Vec<Option<Side>> = f.split(',').map(|x| x.parse().ok()).collect();
                (s.light_first, s.crystal_first, s.lords_first) = (v[0], v[1], v[2]);
            } else if let Some(tb) = w.strip_prefix("take-back:") {
                match tb.split_once(':') {
                    None => {
                        s.used = tb == "used";
                        assert!(matches!(tb, "used" | "unused"), "{tb}");
                    }
                    Some(("replay", m)) => {
                        s.used = true;
                        s.replay = Some(m.to_owned());
                    }
                    Some((state @ ("moved" | "ready"), m)) => {
                        armed = Some((state == "ready", m.to_owned()));
                    }
                    Some(_) => panic!("take-back:{tb}"),
                }
            } else if let Some((name, result)) = w.split_once('=') {
                let f = NAMES.iter().position(|n| *n == name).unwrap();
                let parts: Vec<&str> = result.split(':').collect();
                let winner = match parts[0] {
                    "green-wins" => Some(Side::Green),
                    "red-wins" => Some(Side::Red),
                    _ => None,
                };
                let (g, r) = parts[2].split_once('-').unwrap();
                let halves = |x: &str| (x.parse::<f64>().unwrap() * 2.0) as u16;
                s.results[f] = Some((winner, halves(g), halves(r)));
            }
        }
        s.now = match stage {
            "bonus-statement" => Now::Bonus,
            "duel" => Now::Duel(Duel::import(facet, &DuelOptions::default()).unwrap()),
            "ambush" => Now::Ambush(Ambush::import(facet, &Default::default()).unwrap()),
            "northern-light" => {
                Now::Light(NorthernLight::import(facet, &Default::default()).unwrap())
            }
            "adjacent-down" => Now::Down(Crystal::import(facet, &Default::default()).unwrap()),
            "crystal" => Now::Crystal(Crystal::import(facet, &Default::default()).unwrap()),
            "star-lords" => Now::Lords(StarLords::import(facet, &Default::default()).unwrap()),
            "take-back-offer" => Now::Offer(StarLords::import(facet, &Default::default()).unwrap()),
            "race" => {
                let first = match s.lords_first.unwrap() {
                    Side::Green => FirstMove::Red,
                    Side::Red => FirstMove::Green,
                };
                Now::Race(
                    Race::import(
                        facet,
                        &RaceOptions {
                            first,
                            scoring: Scoring::TieBreak,
                            ..RaceOptions::default()
                        },
                    )
                    .unwrap(),
                )
            }
            other => panic!("the model does not start at `{other}`"),
        };
        if let Some((ready, text)) = armed {
            let holder = s.alternate_winner(CRYSTAL).expect("the take-back's holder");
            let kept = before.expect("the position before the holder's move");
            let kept = StarLords::import(kept, &Default::default()).unwrap();
            s.played.push((Some(holder), kept, text));
            if ready {
                let (Now::Lords(now) | Now::Offer(now)) = &s.now else {
                    panic!("a take-back armed outside Star-Lords")
                };
                s.played
                    .push((Some(holder.opponent()), now.clone(), String::new()));
            }
        }
        if let Now::Light(g) = &s.now {
            // The Hunt's first mover so far, as its own position says.
            let e = g.export_string();
            let hunt = e.split(' ').next().unwrap();
            let field = |k: &str| {
                e.split(' ')
                    .find_map(|w| w.strip_prefix(k))
                    .and_then(|x| x.parse::<Side>().ok())
            };
            s.light_first = match hunt {
                "diamond-qi" => field("qi-first:"),
                "diamond-quest" => field("qi-first:").map(Side::opponent),
                _ => field("chess-first:"),
            };
        }
        s
    }
}
