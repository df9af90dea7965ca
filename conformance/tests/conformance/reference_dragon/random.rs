//! Random positions for the reference model's comparisons: the generator both
//! position builders draw from, the grid written as a position's board, and the
//! loop that imports each position under each option set and hands the engine's
//! and the reference model's views of it to a comparison.

use super::*;

/// The linear congruential generator the random positions and games draw from
/// (Knuth's MMIX constants): plain, so that a failing seed reads the same in
/// any version of the test.
pub(super) struct Lcg(pub(super) u64);

impl Lcg {
    /// The next number in `0..n`.
    pub(super) fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// The board part of a position's text: ranks from 14 down to 0, files 0 to 8,
/// runs of empty positions as digits.
pub(super) fn board_text(grid: &BTreeMap<Pos, String>) -> String {
    let mut ranks = Vec::new();
    for r in (0..15).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..9 {
            match grid.get(&(f, r)) {
                Some(t) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(t);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    ranks.join("/")
}

/// An option set as the engine's and the reference model's option readers
/// take it: key to value.
pub(super) fn options_map(set: &[(&str, &str)]) -> BTreeMap<String, String> {
    set.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

/// Builds `per_set` positions with `position` under each of `option_sets`
/// (position `i` of set `k` from seed `base + 7919 i + 104729 k`), imports each,
/// and hands every one whose game is not over to `compare` with its options, the
/// engine's game, the reference model's and the text. A position the import
/// refuses as over (Locked Up or stalemated) must leave the reference model
/// without an action too; any other refusal fails the test.
pub(super) fn for_random_positions(
    option_sets: &[&[(&str, &str)]],
    per_set: u64,
    base: u64,
    position: fn(u64) -> String,
    mut compare: impl FnMut(&BTreeMap<String, String>, &Dragon, RefDragon, &str),
) {
    for (k, set) in option_sets.iter().enumerate() {
        let options = options_map(set);
        let opts = engine_options(&options);
        for i in 0..per_set {
            let text = position(base + i * 7919 + k as u64 * 104_729);
            let g = match Dragon::import(&text, &opts) {
                Ok(g) => g,
                Err(e) if e.expected.contains("is over") => {
                    let reference = RefDragon::parse(&text, rules_of(&options));
                    assert!(reference.actions().is_empty(), "{e}");
                    continue;
                }
                Err(e) => panic!("{e}"),
            };
            if matches!(g.turn(), tigerseye_engine::Turn::Over(_)) {
                continue;
            }
            let reference = RefDragon::parse(&text, rules_of(&options));
            compare(&options, &g, reference, &text);
        }
    }
}

/// Where each force may stand on land, written here from the seed's scopes:
/// 'F' the Forest Kingdom, 'S' the Kingdom of Storms, 'B' both, 'f'/'s' the
/// palace only.
const SCOPES: [(&str, char); 46] = [
    ("pr", 'B'),
    ("qw", 'F'),
    ("wp", 'F'),
    ("id", 'S'),
    ("wu", 'B'),
    ("lg", 'F'),
    ("df", 'F'),
    ("el", 'S'),
    ("pd", 'f'),
    ("gd", 'f'),
    ("bu", 'F'),
    ("rg", 'S'),
    ("gk", 'B'),
    ("wk", 'B'),
    ("cb", 'F'),
    ("sd", 'S'),
    ("wt", 'F'),
    ("wa", 'F'),
    ("gf", 'S'),
    ("ab", 'B'),
    ("gs", 'F'),
    ("ft", 'B'),
    ("DW", 'B'),
    ("SQ", 'S'),
    ("SE", 'B'),
    ("RW", 'F'),
    ("EA", 'F'),
    ("YA", 'F'),
    ("MU", 'B'),
    ("JG", 'S'),
    ("GN", 'S'),
    ("TR", 'F'),
    ("CI", 's'),
    ("WD", 's'),
    ("PI", 'S'),
    ("RD", 'F'),
    ("RK", 'B'),
    ("BK", 'B'),
    ("CP", 'S'),
    ("RM", 'F'),
    ("CS", 'S'),
    ("CR", 'S'),
    ("RF", 'F'),
    ("RV", 'B'),
    ("RS", 'S'),
    ("ST", 'B'),
];

/// A random position: forces of every kind that moves on land, each on a
/// random position its scope allows, random arrows, either side to move.
fn random_position(seed: u64) -> String {
    let mut rng = Lcg(seed);
    let mut next = |n: u64| rng.next(n);
    let mut grid: BTreeMap<Pos, String> = BTreeMap::new();
    let count = 16 + next(24);
    for _ in 0..count {
        let (code, scope) = SCOPES[next(SCOPES.len() as u64) as usize];
        // One royal a side at most (imports refuse more).
        if matches!(code, "pr" | "DW") && grid.values().any(|t| t.starts_with(code)) {
            continue;
        }
        let forest = match scope {
            'F' | 'f' => true,
            'S' | 's' => false,
            _ => next(2) == 0,
        };
        let palace = scope == 'f' || scope == 's';
        let file = if palace { 3 + next(3) } else { next(9) } as i32;
        let depth = if palace { next(3) } else { next(5) } as i32;
        let rank = if forest { 14 - depth } else { depth };
        let mut token = code.to_owned();
        let unmovable = matches!(code, "pr" | "DW" | "wa" | "CR" | "df" | "GN");
        if unmovable && next(2) == 0 {
            token.push('\'');
        }
        grid.insert((file, rank), token);
    }
    let side = if next(2) == 0 { "forest" } else { "storm" };
    format!(
        "{} {side} arrows:{},0,{},{},0,0,0 cannonballs:0,0,0,0 seers:0,0 quiet:0 ply:0",
        board_text(&grid),
        next(3),
        next(3),
        next(4)
    )
}

/// Random positions with forces of every kind scattered over both kingdoms
/// (invaders, flyers and Shields, gliders, archers with targets): the engine
/// lists exactly the reference model's actions, under every option.
#[test]
fn dragon_random_positions_agree_with_the_reference_model() {
    let option_sets: [&[(&str, &str)]; 4] = [
        &[],
        &[("knights", "sword"), ("jump-target", "first-opposing")],
        &[("knights", "pike")],
        &[("warlord-into-attack", "allowed")],
    ];
    let mut compared = 0;
    for_random_positions(
        &option_sets,
        150,
        0xD4A6,
        random_position,
        |options, g, reference, text| {
            assert_eq!(
                engine_actions(g),
                reference.actions(),
                "{options:?}: `{text}`"
            );
            compared += 1;
        },
    );
    assert!(compared > 500, "only {compared} positions compared");
}
