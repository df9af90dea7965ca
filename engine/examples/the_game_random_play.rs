//! Random play of The Game (seed 001), for the author's table in
//! docs/games/the-game.md: how games end and after how many plies, how often
//! each kind of piece moves and captures, which boards and rules come into
//! play, and the first mover's score.
//!
//! `cargo run --release -p tigerseye-engine --example the_game_random_play -- GAMES SEED`
//!
//! Each game starts from the set-up and picks every action uniformly among
//! the legal ones (SplitMix64 from the seed and the game's number), as `sim`
//! does; the table is printed as Markdown.

use std::collections::BTreeMap;

use tigerseye_engine::core::zobrist::splitmix64;
use tigerseye_engine::the_game::board::Boards;
use tigerseye_engine::the_game::moves::Actions;
use tigerseye_engine::the_game::position::Tag;
use tigerseye_engine::the_game::{Event, GOLD, Kind, Realm, TheGame};
use tigerseye_engine::{ActionBuffer, Game, Turn};

#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
    max_plies: u64,
    lengths: Vec<u64>,
    endings: BTreeMap<String, u64>,
    gold_halves: u64,
    moves: [u64; 26],
    captures_by: [u64; 26],
    taken: [u64; 26],
    arrivals: [u64; 5],
    tags: BTreeMap<&'static str, u64>,
}

fn realm_index(r: Realm) -> usize {
    Realm::ALL.iter().position(|&x| x == r).unwrap_or(0)
}

fn play(seed: u64, t: &mut Tally, list: &mut Actions) {
    let b = Boards::get();
    let mut g = TheGame::new(&Default::default());
    let mut state = seed;
    loop {
        g.legal_actions(list);
        if let Turn::Over(o) = g.turn() {
            let who = match o.winner {
                Some(s) if s == GOLD => "Gold (first mover) wins",
                Some(_) => "Silver wins",
                None => "draw",
            };
            *t.endings.entry(format!("{who} by {}", o.rule)).or_default() += 1;
            t.gold_halves += u64::from(o.score.halves(GOLD));
            break;
        }
        state = splitmix64(state);
        let a = list[(state % list.len() as u64) as usize];
        let pos = g.position();
        if let Some(p) = pos
            .at(a.from)
            .filter(|_| matches!(a.tag, Tag::Go | Tag::Strike | Tag::Promote | Tag::EnPassant))
        {
            t.moves[p.kind as usize] += 1;
            t.arrivals[realm_index(b.realm(a.to))] += 1;
            let from_realm = b.realm(a.from);
            let rank = |sq: u16| b.coord[usize::from(sq)].1;
            let tag = if a.tag == Tag::Strike {
                Some("Dragon's strike")
            } else if a.tag == Tag::Promote {
                Some("promotion")
            } else if a.tag == Tag::EnPassant {
                Some("en passant")
            } else if p.kind == Kind::ArchMagus
                && matches!(from_realm, Realm::Mana | Realm::Astral)
                && b.realm(a.to) != from_realm
            {
                Some("teleport to another board")
            } else if from_realm == Realm::Astral && !b.king[usize::from(a.from)].has(a.to) {
                Some("move along a Djinn line")
            } else if p.kind == Kind::Sylvar
                && from_realm == Realm::Sky
                && b.realm(a.to) == Realm::Sky
                && rank(a.from).abs_diff(rank(a.to)) > 1
            {
                Some("Sylvar back to a starting square")
            } else {
                None
            };
            if let Some(tag) = tag {
                *t.tags.entry(tag).or_default() += 1;
            }
        }
        g.apply_unchecked(a, &mut |e| match e {
            Event::Capture { by, taken, .. } => {
                t.captures_by[by.kind as usize] += 1;
                t.taken[taken.kind as usize] += 1;
            }
            Event::Kill { .. } => {
                *t.tags.entry("kill (after a teleport capture)").or_default() += 1
            }
            Event::Send { .. } => *t.tags.entry("send to the Astral board").or_default() += 1,
            Event::Return { .. } => *t.tags.entry("return from the Astral board").or_default() += 1,
            Event::Promotion { .. } => {}
        });
    }
    let plies = u64::from(g.ply());
    t.games += 1;
    t.plies += plies;
    t.max_plies = t.max_plies.max(plies);
    t.lengths.push(plies);
    list.clear();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut t = Tally::default();
    let mut list = Actions::default();
    for i in 0..games {
        play(
            splitmix64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            &mut t,
            &mut list,
        );
    }
    t.lengths.sort_unstable();
    let n = t.games.max(1);
    let pct = |x: u64| 100.0 * x as f64 / n as f64;
    let median = t.lengths.get(t.lengths.len() / 2).copied().unwrap_or(0);
    println!("{games} random games, seed {seed}\n");
    println!("| how games end | games | share |\n|---|---|---|");
    for (k, v) in &t.endings {
        println!("| {k} | {v} | {:.2}% |", pct(*v));
    }
    println!(
        "\nPlies a game: mean {:.1}, median {median}, longest {}. The first mover's score: {:.2}% of the points.\n",
        t.plies as f64 / n as f64,
        t.max_plies,
        100.0 * t.gold_halves as f64 / (2 * n) as f64
    );
    println!(
        "| kind | moves a game | captures made a game | times taken a game |\n|---|---|---|---|"
    );
    for k in Kind::ALL {
        if k == Kind::Djinn {
            continue;
        }
        let i = k as usize;
        println!(
            "| {k} | {:.2} | {:.3} | {:.3} |",
            t.moves[i] as f64 / n as f64,
            t.captures_by[i] as f64 / n as f64,
            t.taken[i] as f64 / n as f64
        );
    }
    println!("\n| board moved onto | moves a game |\n|---|---|");
    for r in Realm::ALL {
        println!(
            "| {r:?} | {:.2} |",
            t.arrivals[realm_index(r)] as f64 / n as f64
        );
    }
    println!("\n| rule | times a game |\n|---|---|");
    for tag in [
        "Dragon's strike",
        "promotion",
        "en passant",
        "teleport to another board",
        "kill (after a teleport capture)",
        "send to the Astral board",
        "return from the Astral board",
        "move along a Djinn line",
        "Sylvar back to a starting square",
    ] {
        let v = t.tags.get(tag).copied().unwrap_or(0);
        println!("| {tag} | {:.4} |", v as f64 / n as f64);
    }
}
