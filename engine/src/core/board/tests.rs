//! The board layer against plain stepping, on one board and on a layout of
//! several boards with links.

use std::collections::HashMap;

use super::*;

/// A sketch of The Game's boards (seed 001, "The Boards & The Setup"): Sky
/// above Ground above Cavern, four Mana boards beside the Ground, the Astral
/// board apart. The sizes are this test's, not the seed's.
const GAME_PLANES: [Plane; 8] = [
    Plane::new("Sky", "S", 12, 8),
    Plane::new("Ground", "G", 12, 8),
    Plane::new("Cavern", "C", 12, 8),
    Plane::new("Silver Mana", "MS", 4, 4),
    Plane::new("East Mana", "ME", 4, 4),
    Plane::new("Gold Mana", "MG", 4, 4),
    Plane::new("West Mana", "MW", 4, 4),
    Plane::new("Astral", "A", 8, 8),
];
const GAME_LINKS: [Link; 6] = [
    Link::new(0, 1, Way::Down),
    Link::new(1, 0, Way::Up),
    Link::new(1, 2, Way::Down),
    Link::new(2, 1, Way::Up),
    // The Silver Mana board beside the Ground's north edge, shifted.
    Link {
        from: 1,
        to: 3,
        way: Way::Beside,
        df: -4,
        dr: -7,
    },
    Link {
        from: 3,
        to: 1,
        way: Way::Beside,
        df: 4,
        dr: 7,
    },
];
const GAME: Layout = Layout::new(&GAME_PLANES, &GAME_LINKS);
const GAME_N: usize = 3 * 96 + 4 * 16 + 64;

const DRAGON_PLANE: Plane = Plane::new("Middle Kingdoms", "", 9, 15);
const DRAGON: Layout = Layout::single(&DRAGON_PLANE);
const FIELD_PLANE: Plane = Plane::new("Field", "", 14, 10);
const FIELD: Layout = Layout::single(&FIELD_PLANE);
const JEWEL_PLANE: Plane = Plane::new("Jewel", "", 11, 11);
const JEWEL: Layout = Layout::single(&JEWEL_PLANE);

/// The squares of a layout as (board, file, rank), numbered independently
/// of [`Layout`]: by walking the boards in order.
/// A square as (board, file, rank).
type At = (usize, i16, i16);

fn model(planes: &[Plane]) -> (Vec<At>, HashMap<At, usize>) {
    let mut list = Vec::new();
    for (p, plane) in planes.iter().enumerate() {
        for r in 0..i16::from(plane.ranks) {
            for f in 0..i16::from(plane.files) {
                list.push((p, f, r));
            }
        }
    }
    let index = list.iter().enumerate().map(|(i, &k)| (k, i)).collect();
    (list, index)
}

/// One step by the model: levels through the links first, then the step.
fn model_step(planes: &[Plane], links: &[Link], from: usize, step: Step) -> Option<usize> {
    let (list, index) = model(planes);
    let (mut p, mut f, mut r) = list[from];
    let way = if step.dz > 0 { Way::Up } else { Way::Down };
    for _ in 0..step.dz.unsigned_abs() {
        let l = links
            .iter()
            .find(|l| usize::from(l.from) == p && l.way == way)?;
        p = usize::from(l.to);
        f += i16::from(l.df);
        r += i16::from(l.dr);
    }
    index
        .get(&(p, f + i16::from(step.df), r + i16::from(step.dr)))
        .copied()
}

fn all_steps() -> Vec<Step> {
    let mut steps = Vec::new();
    for dz in -2..=2 {
        for d in Direction::ALL.iter().chain(&leaps::KNIGHT) {
            steps.push(Step::levels(*d, dz));
        }
        steps.push(Step::new(0, 0, dz));
    }
    steps
}

#[test]
fn offsets_agree_with_plain_stepping_on_every_square() {
    for (layout, planes, links) in [
        (GAME, &GAME_PLANES[..], &GAME_LINKS[..]),
        (DRAGON, std::slice::from_ref(&DRAGON_PLANE), &[][..]),
        (FIELD, std::slice::from_ref(&FIELD_PLANE), &[][..]),
    ] {
        for sq in 0..layout.len() {
            for step in all_steps() {
                assert_eq!(
                    layout.offset(sq, step),
                    model_step(planes, links, sq, step),
                    "{} {step:?}",
                    layout.name(sq)
                );
            }
        }
    }
}

#[test]
fn the_game_layout_numbers_board_after_board() {
    assert_eq!(GAME.len(), GAME_N);
    assert!(GAME.len() > 256, "needs a u16 index");
    assert_eq!(GAME.base(1), 96);
    assert_eq!(GAME.range(7), 352..416);
    assert_eq!(GAME.locate(96 + 13), (1, Coord::new(1, 1)));
    assert_eq!(GAME.plane_named("cavern"), Some(2));
    assert_eq!(GAME.plane_named("MW"), Some(6));
    // Ground A1 up is Sky A1; Sky has nothing above.
    assert_eq!(GAME.offset(96, Step::UP), Some(0));
    assert_eq!(GAME.offset(0, Step::UP), None);
    // Cavern two levels up is Sky.
    assert_eq!(GAME.offset(192 + 5, Step::new(0, 0, 2)), Some(5));
    // Beside: Ground E8 against the Silver Mana board's A1.
    let e8 = GAME.parse_square::<u16>("GE8").unwrap();
    let mana = GAME.across(usize::from(e8), 4, Direction { df: 0, dr: 0 });
    assert_eq!(
        mana.map(|s| GAME.name(s).to_string()).as_deref(),
        Some("MSA1")
    );
    assert_eq!(
        GAME.across(0, 4, Direction::N),
        None,
        "the link leaves the Ground"
    );
    assert_eq!(DRAGON.len(), 135);
    assert_eq!(FIELD.len(), 140);
}

#[test]
fn tables_agree_with_plain_stepping() {
    let (list, _) = model(&GAME_PLANES);
    // Keep only steps that stay on the Ground or leave it (a filter like
    // Dragon's kingdoms).
    let keep = |from: usize, to: usize| list[from].0 == 1 || list[to].0 == 1;
    let step_of = |from: usize, s: Step| {
        model_step(&GAME_PLANES, &GAME_LINKS, from, s).filter(|&to| keep(from, to))
    };
    for s in all_steps() {
        let table: [u16; GAME_N] = GAME.steps(s, keep);
        let rays: [SquareSet<7>; GAME_N] = GAME.rays(s, keep);
        for from in 0..GAME_N {
            let want = step_of(from, s).map_or(u16::NONE, |t| t as u16);
            assert_eq!(table[from], want);
            let mut ray = SquareSet::<7>::EMPTY;
            let mut at = from;
            if s != Step::new(0, 0, 0) {
                while let Some(next) = step_of(at, s) {
                    ray.insert(next);
                    at = next;
                }
            }
            assert_eq!(rays[from], ray, "{} {s:?}", GAME.name(from));
            // The ray cut at a blocker is the walk that stops on it.
            let blockers =
                SquareSet::<7>::first_n(GAME_N).and(SquareSet([0x5555_1234_8888_0001; 7]));
            let mut cut = SquareSet::<7>::EMPTY;
            let mut at = from;
            while let Some(next) = step_of(at, s).filter(|_| s != Step::new(0, 0, 0)) {
                cut.insert(next);
                if blockers.has(next) {
                    break;
                }
                at = next;
            }
            assert_eq!(rays[from].ray_to(from as u16, &table, blockers), cut);
        }
    }
    let knight: Vec<Step> = leaps::KNIGHT.iter().map(|&d| Step::flat(d)).collect();
    let sets: [SquareSet<7>; GAME_N] = GAME.leap_sets(&knight, everywhere);
    let lists: [[u16; 8]; GAME_N] = GAME.leap_lists(&knight, everywhere);
    for from in 0..GAME_N {
        let mut want: Vec<u16> = knight
            .iter()
            .filter_map(|&s| model_step(&GAME_PLANES, &GAME_LINKS, from, s))
            .map(|t| t as u16)
            .collect();
        want.sort_unstable();
        assert_eq!(sets[from].iter::<u16>().collect::<Vec<_>>(), want);
        let listed: Vec<u16> = lists[from]
            .iter()
            .copied()
            .take_while(|&t| t != u16::NONE)
            .collect();
        assert_eq!(listed, want);
    }
}

#[test]
fn squares_print_and_parse_as_the_seeds_write_them() {
    for layout in [GAME, DRAGON, FIELD, JEWEL] {
        for sq in 0..layout.len() {
            let name = layout.name(sq).to_string();
            let mut written = String::new();
            layout.write_square(sq, &mut written).unwrap();
            assert_eq!(written, name);
            assert_eq!(layout.parse_square::<usize>(&name), Ok(sq), "{name}");
            assert_eq!(
                layout.parse_square::<usize>(&name.to_ascii_lowercase()),
                Ok(sq)
            );
        }
    }
    assert_eq!(DRAGON.name(134u8).to_string(), "I15");
    assert_eq!(FIELD.name(139u8).to_string(), "N10");
    assert_eq!(GAME.name(0u16).to_string(), "SA1");
    assert_eq!(GAME.name(GAME_N - 1).to_string(), "AH8");
    assert_eq!(GAME.name(3usize * 96).to_string(), "MSA1");
}

#[test]
fn bad_squares_say_what_was_expected() {
    let err = |l: Layout, t: &str| l.parse_square::<usize>(t).unwrap_err().to_string();
    assert_eq!(
        err(DRAGON, "J1"),
        "`J1` is off the board (files A-I, ranks 1-15)"
    );
    assert_eq!(
        err(DRAGON, "A16"),
        "`A16` is off the board (files A-I, ranks 1-15)"
    );
    for bad in ["", "A", "A0", "A01", "A100", "1A", "AA1", "\u{e9}1", "A1x"] {
        assert!(
            err(DRAGON, bad).starts_with("expected a square such as `C1`"),
            "{bad:?}"
        );
    }
    assert_eq!(
        err(GAME, "S1"),
        "expected a square such as `C1` (a file letter A-Z and a rank from 1), found `S1`"
    );
    assert_eq!(
        err(GAME, "GM1"),
        "`GM1` is off the Ground board (files A-L, ranks 1-8)"
    );
    assert_eq!(
        err(GAME, "XA1"),
        "expected a board prefix (S, G, C, MS, ME, MG, MW, A) and a square such as `C1`, found `XA1`"
    );
    assert!(GAME.parse_square::<u16>("").is_err());
    assert!(GAME.parse_square::<u16>("\u{e9}").is_err());
}

#[test]
fn one_board_tables_agree_with_geometry() {
    // The single-board layout and the compile-time geometry of Jewel's
    // boards give the same steps and rays.
    const G: Geometry = Geometry::new(11, 11);
    let rays = G.rays();
    for (d, dir) in Direction::ALL.iter().enumerate() {
        let table: [SquareSet<2>; 121] = JEWEL.rays(Step::flat(*dir), everywhere);
        for sq in 0..121u8 {
            assert_eq!(table[usize::from(sq)].to_bb(), rays.ray(d, Square(sq)));
        }
    }
    let knights = G.leap_table(&leaps::KNIGHT);
    let steps: Vec<Step> = leaps::KNIGHT.iter().map(|&d| d.into()).collect();
    let sets: [SquareSet<2>; 121] = JEWEL.leap_sets(&steps, everywhere);
    for sq in 0..121 {
        assert_eq!(sets[sq].to_bb(), knights[sq]);
    }
}
