//! Random crowded positions on and near the Trafalgar Ocean, against the
//! reference model's ocean (the library's `reference::dragon`).

use super::random::{Lcg, board_text, for_random_positions};
use super::*;

/// Forces that may be afloat, with the side they belong to (`true`: Forest).
const SEAFARING: [&str; 14] = [
    "pr", "df", "gk", "wk", "wt", "bu", "cb", "DW", "RW", "GN", "RK", "BK", "CS", "PI",
];
/// Land forces placed beside the ocean: seafaring ones that embark (the Storm
/// Queen and towers with their birds among them) and others that cannot.
const ASHORE: [&str; 16] = [
    "pr", "df", "gk", "wk", "wa", "cb", "gs", "el", "DW", "SQ", "GN", "RK", "CR", "CP", "TR", "RW",
];

/// A random position crowded on and near the ocean: vessels of both fleets
/// with random bows, most with a force aboard (her flag his colour), forces on
/// the beaches and fronts of both kingdoms, random Cannonballs and Red Arrows.
fn random_ocean_position(seed: u64) -> String {
    let mut rng = Lcg(seed);
    let mut next = |n: u64| rng.next(n);
    let mut grid: BTreeMap<Pos, String> = BTreeMap::new();
    let mut royals = [false; 2];
    for _ in 0..10 + next(10) {
        // The coastal waters twice as often as the open ocean.
        let p = (next(9) as i32, 5 + [0, 0, 1, 2, 3, 4, 4][next(7) as usize]);
        if p == ISLAND || grid.contains_key(&p) {
            continue;
        }
        let letter = ['f', 's', 'F', 'S'][next(4) as usize];
        let bow = DIR_NAMES[next(8) as usize];
        let occupant = if next(4) == 0 {
            None
        } else {
            let code = SEAFARING[next(SEAFARING.len() as u64) as usize];
            let forest = code.chars().all(|c| c.is_ascii_lowercase());
            let royal = usize::from(!forest);
            if matches!(code, "pr" | "DW") {
                if royals[royal] {
                    None
                } else {
                    royals[royal] = true;
                    Some(code)
                }
            } else {
                Some(code)
            }
        };
        let colour = match occupant {
            Some(c) if c.chars().all(|c| c.is_ascii_lowercase()) => 'g',
            Some(_) => 'r',
            None if letter.is_ascii_lowercase() => 'g',
            None => 'r',
        };
        let token = match occupant {
            Some(o) => format!("({letter}{bow}{colour}:{o})"),
            None => format!("({letter}{bow}{colour})"),
        };
        grid.insert(p, token);
    }
    // Keep at most one Flagship of each fleet.
    for flagship in ["(f", "(F"] {
        let mut seen = false;
        for t in grid.values_mut() {
            if t.starts_with(flagship) {
                if seen {
                    *t = t.replacen(
                        flagship,
                        &flagship.to_ascii_lowercase().replace('f', "s"),
                        1,
                    );
                    if flagship == "(F" {
                        *t = t.replacen("(s", "(S", 1);
                    }
                }
                seen = true;
            }
        }
    }
    for _ in 0..6 + next(10) {
        let code = ASHORE[next(ASHORE.len() as u64) as usize];
        let forest = code.chars().all(|c| c.is_ascii_lowercase());
        // The kingdom: own for most, the other for invaders.
        let kingdom_forest = match code {
            "el" | "SQ" | "CR" | "GN" | "CP" => false,
            "TR" | "RW" | "gs" | "wa" | "cb" | "df" => true,
            _ => next(2) == 0,
        };
        let depth = [0, 0, 0, 1, 2][next(5) as usize];
        let rank = if kingdom_forest {
            10 + depth
        } else {
            4 - depth
        };
        let p = (next(9) as i32, rank);
        if grid.contains_key(&p) {
            continue;
        }
        if matches!(code, "pr" | "DW") {
            let royal = usize::from(!forest);
            if royals[royal] || (code == "pr" && !kingdom_forest && next(2) == 0) {
                continue;
            }
            royals[royal] = true;
        }
        grid.insert(p, code.to_owned());
    }
    let side = if next(2) == 0 { "forest" } else { "storm" };
    format!(
        "{} {side} arrows:0,0,0,{},0,0,0 cannonballs:{},{},0,0 seers:0,0 quiet:0 ply:0",
        board_text(&grid),
        next(4),
        1 + next(3),
        1 + next(3)
    )
}

/// Random crowded ocean positions under every option of the ocean and of the
/// land forces at sea: the engine lists exactly the reference model's actions,
/// and after each of them both agree on the next position's actions.
#[test]
fn dragon_random_ocean_positions_agree_with_the_reference_model() {
    let option_sets: [&[(&str, &str)]; 6] = [
        &[],
        &[("open-water", "passes")],
        &[("cannon-target", "first-opposing")],
        &[("knights", "sword"), ("jump-target", "first-opposing")],
        &[("knights", "pike"), ("open-water", "passes")],
        &[("warlord-into-attack", "allowed")],
    ];
    let (mut compared, mut afloat) = (0, 0);
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    for_random_positions(
        &option_sets,
        40,
        0x0CEA_0000,
        random_ocean_position,
        |options, g, reference, text| {
            let mine = engine_actions(g);
            assert_eq!(mine, reference.actions(), "{options:?}: `{text}`");
            compared += 1;
            afloat += mine.iter().filter(|a| a.starts_with('v')).count();
            for a in &mine {
                *kinds.entry(kind_of(a)).or_insert(0) += 1;
            }
            // One ply further: every fourth action applied by both.
            for a in mine.iter().step_by(4) {
                let mut h = g.clone();
                h.play(h.parse_action(a).unwrap()).unwrap();
                if matches!(h.turn(), tigerseye_engine::Turn::Over(_)) {
                    continue;
                }
                let r = reference.play(a);
                assert_eq!(
                    engine_actions(&h),
                    r.actions(),
                    "{options:?}: `{text}` then {a}: `{}`",
                    h.export_string()
                );
                compared += 1;
            }
        },
    );
    assert!(compared > 3000, "only {compared} positions compared");
    assert!(afloat > 5000, "only {afloat} vessel actions seen");
    for (kind, least) in [
        ("fire", 10),
        ("ram", 50),
        ("embark", 40),
        ("board", 300),
        ("land", 1000),
        ("advance", 300),
    ] {
        assert!(kinds.get(kind).copied().unwrap_or(0) >= least, "{kinds:?}");
    }
}

/// What kind of ocean action `a` is, for the test's coverage counts.
fn kind_of(a: &str) -> &'static str {
    if let Some(v) = a.strip_prefix('v') {
        return if v.contains('*') {
            "fire"
        } else if v.contains('x') {
            "ram"
        } else if v.contains('>') {
            "realign"
        } else {
            "advance"
        };
    }
    let Some((f, t)) = a.split_once(['-', 'x']) else {
        return "other";
    };
    if a.contains(['*', '^']) || t.ends_with("ep") {
        return "other";
    }
    match (region(parse_pos(f)) == 'O', region(parse_pos(t)) == 'O') {
        (true, true) => "board",
        (true, false) => "land",
        (false, true) => "embark",
        (false, false) => "on-land",
    }
}
