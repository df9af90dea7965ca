//! The author's table of The Game (seed 001) from the games a simulation
//! plays: how games end and after how many plies, how often each kind of
//! piece moves, captures and is taken, which boards the moves land on, how
//! often the rules that seldom come into play do, and the first mover's
//! score. `tigerseye sim --game the-game` prints it and writes it into its
//! report.

use crate::core::{Figures, Game, GameStats, StatsTable, Turn};

use super::board::Boards;
use super::game::{Event, TheGame};
use super::kinds::{Kind, Realm};
use super::position::{Action, Tag};
use super::setup::GOLD;

/// The seldom rules the table counts, in its order.
const RULES: [&str; 9] = [
    "Dragon's strike",
    "promotion",
    "en passant",
    "teleport to another board",
    "kill (after a teleport capture)",
    "send to the Astral board",
    "return from the Astral board",
    "move along a Djinn line",
    "Sylvar back to a starting square",
];

/// Indices into [`RULES`].
const STRIKE: usize = 0;
const PROMOTION: usize = 1;
const EN_PASSANT: usize = 2;
const TELEPORT: usize = 3;
const KILL: usize = 4;
const SEND: usize = 5;
const RETURN: usize = 6;
const DJINN_LINE: usize = 7;
const SYLVAR_BACK: usize = 8;

/// The counts of the author's table, by index (a kind's, a realm's, a rule's).
#[derive(Clone, Debug)]
pub struct AuthorTable {
    games: u64,
    plies: u64,
    longest: u64,
    /// Ends by `(who, rule)` text, as the table prints them.
    endings: Vec<(String, u64)>,
    /// Half points won by Gold, the first mover.
    gold_halves: u64,
    moves: [u64; Kind::ALL.len()],
    captures_by: [u64; Kind::ALL.len()],
    taken: [u64; Kind::ALL.len()],
    arrivals: [u64; Realm::ALL.len()],
    rules: [u64; RULES.len()],
}

impl Default for AuthorTable {
    fn default() -> Self {
        AuthorTable {
            games: 0,
            plies: 0,
            longest: 0,
            endings: Vec::new(),
            gold_halves: 0,
            moves: [0; Kind::ALL.len()],
            captures_by: [0; Kind::ALL.len()],
            taken: [0; Kind::ALL.len()],
            arrivals: [0; Realm::ALL.len()],
            rules: [0; RULES.len()],
        }
    }
}

fn realm_index(r: Realm) -> usize {
    Realm::ALL.iter().position(|&x| x == r).unwrap_or(0)
}

/// The seldom rule a move brings into play, if any (`from_kind` moving).
fn rule_of(b: &Boards, a: Action, from_kind: Kind) -> Option<usize> {
    let from_realm = b.realm(a.from);
    let to_realm = b.realm(a.to);
    let rank = |sq| b.coord[usize::from(sq)].1;
    match a.tag {
        Tag::Strike => Some(STRIKE),
        Tag::Promote => Some(PROMOTION),
        Tag::EnPassant => Some(EN_PASSANT),
        Tag::Go | Tag::Kill | Tag::Send | Tag::Return => {
            if from_kind == Kind::ArchMagus
                && matches!(from_realm, Realm::Mana | Realm::Astral)
                && to_realm != from_realm
            {
                Some(TELEPORT)
            } else if from_realm == Realm::Astral && !b.king[usize::from(a.from)].has(a.to) {
                Some(DJINN_LINE)
            } else if from_kind == Kind::Sylvar
                && from_realm == Realm::Sky
                && to_realm == Realm::Sky
                && rank(a.from).abs_diff(rank(a.to)) > 1
            {
                Some(SYLVAR_BACK)
            } else {
                None
            }
        }
    }
}

impl GameStats<TheGame> for AuthorTable {
    fn before_action(&mut self, state: &TheGame, a: Action) {
        if !matches!(a.tag, Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant) {
            return;
        }
        let Some(p) = state.position().at(a.from) else {
            return;
        };
        let b = Boards::get();
        self.moves[p.kind as usize] += 1;
        self.arrivals[realm_index(b.realm(a.to))] += 1;
        if let Some(rule) = rule_of(b, a, p.kind) {
            self.rules[rule] += 1;
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Capture { by, taken, .. } => {
                self.captures_by[by.kind as usize] += 1;
                self.taken[taken.kind as usize] += 1;
            }
            Event::Kill { .. } => self.rules[KILL] += 1,
            Event::Send { .. } => self.rules[SEND] += 1,
            Event::Return { .. } => self.rules[RETURN] += 1,
            Event::Promotion { .. } => {}
        }
    }

    fn game_end(&mut self, state: &TheGame) {
        let ending = match state.turn() {
            Turn::Over(o) => {
                self.gold_halves += u64::from(o.score.halves(GOLD));
                let who = match o.winner {
                    Some(s) if s == GOLD => "Gold (first mover) wins",
                    Some(_) => "Silver wins",
                    None => "draw",
                };
                format!("{who} by {}", o.rule)
            }
            Turn::Player(_) | Turn::Chance => "unfinished (the harness's ply cap)".to_owned(),
        };
        match self.endings.iter_mut().find(|(e, _)| *e == ending) {
            Some((_, n)) => *n += 1,
            None => self.endings.push((ending, 1)),
        }
        let plies = u64::from(state.ply());
        self.games += 1;
        self.plies += plies;
        self.longest = self.longest.max(plies);
    }

    fn figures(&self) -> Figures {
        let mut f = Figures::default();
        f.count("games", self.games);
        f.count("plies", self.plies);
        f.most("longest", self.longest, "");
        f.count("gold-halves", self.gold_halves);
        for (ending, n) in &self.endings {
            f.count(format!("ending:{ending}"), *n);
        }
        for k in Kind::ALL {
            let i = k as usize;
            f.count(format!("moves:{k}"), self.moves[i]);
            f.count(format!("captures:{k}"), self.captures_by[i]);
            f.count(format!("taken:{k}"), self.taken[i]);
        }
        for r in Realm::ALL {
            f.count(format!("onto:{r:?}"), self.arrivals[realm_index(r)]);
        }
        for (rule, n) in RULES.iter().zip(self.rules) {
            f.count(format!("rule:{rule}"), n);
        }
        f
    }

    fn tables(f: &Figures) -> Vec<StatsTable> {
        let games = f.count_of("games");
        let n = games.max(1) as f64;
        let a_game = |x: u64, places: usize| format!("{:.places$}", x as f64 / n);
        let mut endings = StatsTable::new(
            format!(
                "The Game, {games} games: plies a game mean {:.1}, longest {}; the first mover's score {:.2}% of the points.",
                f.count_of("plies") as f64 / n,
                f.count_of("longest"),
                100.0 * f.count_of("gold-halves") as f64 / (2.0 * n)
            ),
            &["how games end", "games", "share"],
        );
        for (name, figure) in &f.0 {
            if let Some(ending) = name.strip_prefix("ending:") {
                let v = figure.value();
                endings.row(vec![
                    ending.to_owned(),
                    v.to_string(),
                    format!("{:.2}%", 100.0 * v as f64 / n),
                ]);
            }
        }
        let mut kinds = StatsTable::new(
            "The Game, each kind of piece (means a game):",
            &[
                "kind",
                "moves a game",
                "captures made a game",
                "times taken a game",
            ],
        );
        for k in Kind::ALL {
            if k == Kind::Djinn {
                continue;
            }
            kinds.row(vec![
                k.to_string(),
                a_game(f.count_of(&format!("moves:{k}")), 2),
                a_game(f.count_of(&format!("captures:{k}")), 3),
                a_game(f.count_of(&format!("taken:{k}")), 3),
            ]);
        }
        let mut boards = StatsTable::new(
            "The Game, the boards moves land on (means a game):",
            &["board moved onto", "moves a game"],
        );
        for r in Realm::ALL {
            boards.row(vec![
                format!("{r:?}"),
                a_game(f.count_of(&format!("onto:{r:?}")), 2),
            ]);
        }
        let mut rules = StatsTable::new(
            "The Game, the rules that seldom come into play (means a game):",
            &["rule", "times a game"],
        );
        for rule in RULES {
            rules.row(vec![
                rule.to_owned(),
                a_game(f.count_of(&format!("rule:{rule}")), 4),
            ]);
        }
        vec![endings, kinds, boards, rules]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::zobrist::splitmix64;

    /// The table counts what a played game did: every move of a piece once,
    /// every capture once by its maker and once by its victim, one ending a
    /// game; and figures merge to those of the games played by one table.
    #[test]
    fn the_table_counts_what_was_played() {
        let mut whole = AuthorTable::default();
        let mut parts = Figures::default();
        let mut captures = 0u64;
        for seed in 0..3u64 {
            let mut one = AuthorTable::default();
            let mut g = TheGame::new(&Default::default());
            let mut list = super::super::moves::Actions::default();
            let mut state = seed;
            while !matches!(g.turn(), Turn::Over(_)) && g.ply() < 400 {
                g.legal_actions(&mut list);
                state = splitmix64(state);
                let a = list[(state % list.len() as u64) as usize];
                whole.before_action(&g, a);
                one.before_action(&g, a);
                g.apply_unchecked(a, &mut |e| {
                    if matches!(e, Event::Capture { .. }) {
                        captures += 1;
                    }
                    whole.event(e);
                    one.event(e);
                });
            }
            whole.game_end(&g);
            one.game_end(&g);
            parts.merge(&one.figures());
        }
        let f = whole.figures();
        assert_eq!(f, parts);
        assert_eq!(f.count_of("games"), 3);
        let made: u64 = Kind::ALL
            .iter()
            .map(|k| f.count_of(&format!("captures:{k}")))
            .sum();
        let taken: u64 = Kind::ALL
            .iter()
            .map(|k| f.count_of(&format!("taken:{k}")))
            .sum();
        assert_eq!((made, taken), (captures, captures));
        let ended: u64 =
            f.0.iter()
                .filter(|(k, _)| k.starts_with("ending:"))
                .map(|(_, v)| v.value())
                .sum();
        assert_eq!(ended, 3);
        let tables = AuthorTable::tables(&f);
        assert_eq!(tables.len(), 4);
        assert_eq!(tables[1].rows.len(), Kind::ALL.len() - 1);
    }
}
