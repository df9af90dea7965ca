//! The White Room and the Stairwell under attack (seed 000, The TrueBorn
//! Prince: "the TrueBorn Prince is then confined to the White Room for the
//! duration of the conflict and has no powers of movement or capture. The
//! Prince is vulnerable to attack and capture in the White Room whereas the
//! Ice Dragon guards the White Room against all enemy forces and cannot be
//! captured whilst in there"; The Dark Warlord: "The Dark Warlord is
//! vulnerable to attack and capture in the Stairwell whereas the Elder Winged
//! Serpent guards the Stairwell"; Check Lists, setting the Ice Dragon afire:
//! "the Forest Sword retains its power to directly capture the Dark Warlord
//! and could do so immediately upon the TrueBorn Prince moving to the White
//! Room if the Dark Warlord occupied an adjacent position"; note 6).
//!
//! Ruling [`WHITE_ROOM`]: each room is attacked as if it were one more
//! position behind its kingdom's home rank, on the E file (the board file's
//! `behind`: E16 behind the Forest Palace, E0 behind the Storm Citadel):
//!
//! ```text
//!   16  . . . . W . . . .     W  the White Room (E16)
//!   15  . . . d e f . . .     d e f  next to it: steppers attack from here
//!   14  . . c . e . g . .     the E file and the two diagonals: riders,
//!   13  . b . . e . . h .     jumpers and blazers along them
//!   12  a . . . e . . . i
//!       A B C D E F G H I
//! ```
//!
//! by the opposing forces on land in the room's kingdom, each by its own
//! powers of capture (stepping from the three positions next to it, leaping
//! by its offsets, riding, jumping and blazing along the E file and the two
//! diagonals, the Shields blocking the blazers), never by arrows (no royal is
//! their target), gliding (no capture) or a force afloat. The royal in his
//! room has no powers, but the TrueBorn Prince's Forest Sword still acts from
//! the White Room: the three positions next to it are attacked for the Dark
//! Warlord ([`sword_reach`]), and the Prince's arrival there captures a Dark
//! Warlord next to it ([`sword_on_interchange`]); the Red Witch's Dark
//! Crystal and the Prince's Forest Sword capture a royal in his room when
//! they arrive next to it ([`capture_on_arrival`]).
//!
//! Everything here runs only while a royal is in his room: the common case
//! (both royals on the grid) pays one flag test in [`sword_reach`].

use std::sync::OnceLock;

use super::apply;
use super::board::{
    Area, DIRECTIONS, KNIGHT, LANCE, LEAPS, NO_SQUARE, PIKE, Region, SWORD, SquareSet, at, board,
};
use super::events::DragonEvent;
use super::forces::{Force, Kind, Role};
use super::moves::land::protected;
use super::moves::{Ctx, attack};
use super::options::{DragonOptions, KnightVariation};
use super::state::{Position, flags};
use super::victory;
use crate::core::Direction;
use crate::core::Side;
use crate::rulings::{Reading, Ruling};

/// Where a room lies and which positions reach it.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    /// The room's kingdom.
    kingdom: Region,
    /// The positions of the kingdom next to the room's point.
    next: SquareSet,
    /// The first position of the kingdom in each direction from the point
    /// ([`NO_SQUARE`] when none): the lines riders, jumpers and blazers come
    /// along.
    first: [u8; 8],
    /// Every position on those lines.
    lines: SquareSet,
    /// `leaps[table]`: where a leap of [`LEAPS`]`[table]` reaches the point from.
    leaps: [SquareSet; 4],
    /// `walker[side]`: where an Elf or Troll (Palace Defender, Citadel
    /// Watcher) of `side` steps onto the point from.
    walker: [SquareSet; 2],
    /// `pawn[side]`: where a Dwarf or Gnome of `side` captures onto the point
    /// from.
    pawn: [SquareSet; 2],
}

/// The geometry of the White Room (`[0]`) and the Stairwell (`[1]`), from the
/// board file's `behind` points.
fn geometries() -> &'static [Option<Geometry>; 2] {
    static GEOMETRY: OnceLock<[Option<Geometry>; 2]> = OnceLock::new();
    GEOMETRY.get_or_init(|| [geometry_of(Area::WhiteRoom), geometry_of(Area::Stairwell)])
}

/// The geometry of `area` if the board file places it behind a position.
fn geometry_of(area: Area) -> Option<Geometry> {
    let b = board();
    let spec = b.areas[area.index()];
    let (pf, pr) = spec.behind?;
    let kingdom = spec.kingdom;
    // The position `(dx, dy)` away from the point, if in the kingdom.
    let off = |dx: i8, dy: i8| at(pf + dx, pr + dy).filter(|&s| b.region(s) == kingdom);
    let mut g = Geometry {
        kingdom,
        next: SquareSet::EMPTY,
        first: [NO_SQUARE; 8],
        lines: SquareSet::EMPTY,
        leaps: [SquareSet::EMPTY; 4],
        walker: [SquareSet::EMPTY; 2],
        pawn: [SquareSet::EMPTY; 2],
    };
    for (d, &Direction { df: dx, dr: dy }) in DIRECTIONS.iter().enumerate() {
        if let Some(s) = off(dx, dy) {
            g.next.insert(s);
            g.first[d] = s;
            let mut t = s;
            while t != NO_SQUARE {
                g.lines.insert(t);
                t = b.land_step[d][t as usize];
            }
        }
    }
    for (table, set) in LEAPS.iter().zip(g.leaps.iter_mut()) {
        for &Direction { df: dx, dr: dy } in *table {
            // A leaper on `s` reaches `s + (dx, dy)`: here the point.
            if let Some(s) = off(-dx, -dy) {
                set.insert(s);
            }
        }
    }
    for side in [Side::Green, Side::Red] {
        let fwd: i8 = match side {
            Side::Green => -1,
            Side::Red => 1,
        };
        for (dx, dy) in [(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)] {
            if let Some(s) = off(-dx, -dy) {
                g.walker[side.index()].insert(s);
            }
        }
        for dx in [1, -1] {
            if let Some(s) = off(-dx, -fwd) {
                g.pawn[side.index()].insert(s);
            }
        }
    }
    Some(g)
}

/// The geometry of `area` (the White Room or the Stairwell), if placed.
fn geometry(area: Area) -> Option<&'static Geometry> {
    geometries()[usize::from(area == Area::Stairwell)].as_ref()
}

/// The royal of `side` and his room: the TrueBorn Prince and the White Room,
/// the Dark Warlord and the Stairwell.
const fn room_of(side: Side) -> (Area, Kind) {
    match side {
        Side::Green => (Area::WhiteRoom, Kind::TruebornPrince),
        Side::Red => (Area::Stairwell, Kind::DarkWarlord),
    }
}

/// The room the royal of `side` is confined to, with the royal, if he is
/// there.
#[must_use]
pub(crate) fn royal_in_room(p: &Position, side: Side) -> Option<(Area, Force)> {
    let (area, kind) = room_of(side);
    let f = p.areas[area.index()][0];
    (f.kind_value() == kind as u8).then_some((area, f))
}

/// The positions whose forces could come to attack the royal in `area`, or
/// stop attacking him, by moving: the lines from the room's point (empty
/// when the board file places no point).
#[must_use]
pub(crate) fn lines(area: Area) -> SquareSet {
    geometry(area).map_or(SquareSet::EMPTY, |g| g.lines)
}

/// Whether a force of `by` on the grid could capture `victim` standing in
/// `area` (the White Room or the Stairwell), by its own powers of capture as
/// if the room were its point behind the home rank (ruling [`WHITE_ROOM`]).
#[must_use]
pub(crate) fn attacked(c: &Ctx<'_>, area: Area, by: Side, victim: Force) -> bool {
    let Some(g) = geometry(area) else {
        return false;
    };
    let leap = match c.opts.knights {
        KnightVariation::Lance => LANCE,
        KnightVariation::Sword => SWORD,
        KnightVariation::Pike => PIKE,
    };
    let near = c.p.occupied[by.index()].and(c.b.region_set(g.kingdom));
    for s in near.iter() {
        let f = c.p.force(s);
        if protected(f, victim) {
            continue;
        }
        let hit = match f.info().role {
            Role::Royal | Role::Adjacent | Role::Bird => g.next.has(s),
            Role::Walker | Role::PalaceWalker => g.walker[by.index()].has(s),
            Role::Pawn => g.pawn[by.index()].has(s),
            Role::Knight => g.leaps[KNIGHT].has(s),
            Role::Lance => g.leaps[leap].has(s),
            // The point is no position of a palace; no capture; and the line
            // powers are walked below.
            Role::PalaceGuard
            | Role::Fixed
            | Role::Sentinel
            | Role::Rook
            | Role::Bishop
            | Role::Queen
            | Role::Crossbow
            | Role::SiegeRook
            | Role::SiegeBishop
            | Role::SiegeQueen
            | Role::FlyerAll
            | Role::FlyerOrthogonal
            | Role::FlyerDiagonal => false,
        };
        if hit {
            return true;
        }
    }
    // Riders, jumpers and blazers: the lines from the point, as on the grid.
    (0..8).any(|d| {
        g.first[d] != NO_SQUARE
            && attack::along_from(
                c,
                by,
                victim,
                g.first[d],
                d,
                (NO_SQUARE, NO_SQUARE, Force::NONE),
            )
    })
}

/// Whether the royal of `side` is in his room and attacked there.
#[must_use]
pub(crate) fn royal_attacked_in_room(p: &Position, opts: &DragonOptions, side: Side) -> bool {
    royal_in_room(p, side)
        .is_some_and(|(area, royal)| attacked(&Ctx::new(p, opts), area, side.opponent(), royal))
}

/// The Forest Sword from the White Room: the positions next to it, attacked
/// for the Dark Warlord (`victim`) by the Forest (`by`) while the TrueBorn
/// Prince is there; empty otherwise. Its caller (`Threats::new`) asks only
/// once the Ice Dragon was set afire, so the common case pays one flag test.
#[inline(never)]
#[must_use]
pub(crate) fn sword_reach(p: &Position, by: Side, victim: Force) -> SquareSet {
    if by != Side::Green || victim.kind_value() != Kind::DarkWarlord as u8 {
        return SquareSet::EMPTY;
    }
    match (royal_in_room(p, Side::Green), geometry(Area::WhiteRoom)) {
        (Some(_), Some(g)) => g.next,
        _ => SquareSet::EMPTY,
    }
}

/// Captures the royal in `area` for `side` (the Forest Sword's or the Dark
/// Crystal's Direct Capture): to the Barren Lands, the event, the win.
fn capture_in_room(
    p: &mut Position,
    side: Side,
    by: Force,
    area: Area,
    events: &mut impl FnMut(DragonEvent),
) {
    let captured = p.areas[area.index()][0];
    super::procedures::area_replace(
        p,
        area,
        captured.kind().unwrap_or(Kind::DarkWarlord),
        Force::NONE,
    );
    apply::to_barren(p, captured);
    events(DragonEvent::DirectCapture {
        by,
        on: NO_SQUARE,
        captured,
    });
    p.outcome = Some(victory::win(
        side,
        victory::DIRECT_CAPTURE,
        victory::DIRECT_CAPTURE_POINTS,
    ));
}

/// After `mover` of `side` arrived on `to` (the TrueBorn Prince, the Red
/// Witch) with no enemy royal next to it on the grid: captures the enemy
/// royal in his room if `to` is next to it (the Forest Sword on the Dark
/// Warlord in the Stairwell, the Dark Crystal on the TrueBorn Prince in the
/// White Room). Whether it did.
pub(crate) fn capture_on_arrival(
    p: &mut Position,
    side: Side,
    to: u8,
    mover: Force,
    events: &mut impl FnMut(DragonEvent),
) -> bool {
    if p.flags & (flags::ICE_DRAGON_AFIRE | flags::SERPENT_AFIRE) == 0 {
        return false;
    }
    let Some((area, _)) = royal_in_room(p, side.opponent()) else {
        return false;
    };
    if !geometry(area).is_some_and(|g| g.next.has(to)) {
        return false;
    }
    capture_in_room(p, side, mover, area, events);
    true
}

/// The Ice Dragon set afire (`choose 1`), the TrueBorn Prince now in the
/// White Room: his Forest Sword captures a Dark Warlord next to it at once
/// ("could do so immediately upon the TrueBorn Prince moving to the White
/// Room if the Dark Warlord occupied an adjacent position"), unless another
/// Storm force attacks the room (the Forest Sword: "this position must not be
/// under attack by any other Storm Force"; then the interchange leaves the
/// Prince attacked and is refused).
pub(crate) fn sword_on_interchange(
    p: &mut Position,
    opts: &DragonOptions,
    events: &mut impl FnMut(DragonEvent),
) {
    let (Some((area, prince)), Some(g)) =
        (royal_in_room(p, Side::Green), geometry(Area::WhiteRoom))
    else {
        return;
    };
    let Some(w) = victory::royal_square(p, Side::Red) else {
        return;
    };
    if !g.next.has(w) || attacked(&Ctx::new(p, opts), area, Side::Red, prince) {
        return;
    }
    let captured = p.take(w);
    super::sea::recolour(p, w);
    apply::to_barren(p, captured);
    events(DragonEvent::DirectCapture {
        by: prince,
        on: w,
        captured,
    });
    p.outcome = Some(victory::win(
        Side::Green,
        victory::DIRECT_CAPTURE,
        victory::DIRECT_CAPTURE_POINTS,
    ));
}

/// The name of the room a royal of `kind` is confined to, for events.
#[must_use]
pub(crate) fn room_name(kind: Option<Kind>) -> &'static str {
    match kind {
        Some(Kind::DarkWarlord) => "the Stairwell",
        _ => "the White Room",
    }
}

/// Ruling `dragon.white-room`.
pub(crate) const WHITE_ROOM: Ruling = Ruling {
    id: "dragon.white-room",
    question: "\"The Prince is vulnerable to attack and capture in the White Room\" (\"The Dark Warlord is vulnerable to attack and capture in the Stairwell\"), yet the rooms lie off the grid, the royal there \"has no powers of movement or capture\", and the Scholars (the Storm Dragon) guard the Library (the Dungeons) that include them: which forces attack a royal in his room, and what can his Forest Sword still do?",
    source: "seed 000 (Dragon), The TrueBorn Prince and The Dark Warlord (setting the Ice Dragon, the Elder Winged Serpent afire); Check Lists, setting the Ice Dragon afire (\"the Forest Sword retains its power to directly capture the Dark Warlord and could do so immediately upon the TrueBorn Prince moving to the White Room if the Dark Warlord occupied an adjacent position\"); The Forest Sword; The Dark Crystal; The Scholars, The Storm Dragon; note 6",
    readings: &[
        Reading {
            name: "behind-the-home-rank",
            text: "each room is attacked as if it were one more position of its kingdom behind the home rank on the E file (the board file's `behind`: the White Room E16 behind E15, the Stairwell E0 behind E1), by the opposing forces on land in that kingdom, each by its own powers of capture: steppers (the royals, the Red Witch, Elves and Trolls, Dwarfs and Gnomes, birds) from the positions next to it that their step reaches it from, leapers by their offsets (the Knights, the White and Black Knights under each variation), riders, jumpers and blazers along the E file and the two diagonals (a Shield of the royal's side blocks the blazers as on the grid); not by arrows (their targets are Ravens, Winged Serpents, Albatrosses and the Ice Dragon, never a royal), gliding (no capture) or a force afloat (a force at sea enters a kingdom only by alighting upon a position of it, and the room is none), nor by the Guards and Warders (the room is no position of a palace). The Dark Warlord never attacks the Prince (the Forest Sword) and the royal in his room attacks nothing, but the Forest Sword still acts from the White Room: the positions next to it are attacked for the Dark Warlord (he never steps there under `warlord-into-attack = forbidden`; under `allowed` he may and then stands attacked), and the Prince arriving there by the Ice Dragon's interchange captures a Dark Warlord next to it at once (Direct Capture), unless another Storm force attacks the room, when the interchange is refused. Likewise a Red Witch arriving next to the White Room captures the Prince there (the Dark Crystal) and the Prince arriving next to the Stairwell captures the Dark Warlord (the Forest Sword), on the grid's terms (the Prince not onto a position another Storm force attacks). The Dark Warlord has no Forest Sword: from the Stairwell he captures nothing and attacks nothing. Royal safety (`dragon.locking-up`) holds in the rooms: no action may leave one's own royal attacked there, a royal attacked there with no legal action is Locked Up, and the interchange that would place him in an attacked room is refused. No capture into a room is ever played: a royal left attacked is Locked Up first, so an imported position whose side not to move has his royal attacked in his room is refused, unless a choice or an offer awaits its answer (the attacker's move is not over)",
        },
        Reading {
            name: "beyond-reach",
            text: "nothing attacks the rooms: the Library and the Dungeons are guarded (\"No Storm Force can enter New-Earth Library\", the Storm Dragon \"prevents any entry or capture\"), so a royal in his room is safe for the rest of the game",
        },
    ],
    clauses: &["dragon.check-ice-dragon.12"],
    option: None,
    reason: "the seed says twice, in the royals' own sections, that each is \"vulnerable to attack and capture\" in his room, against the Ice Dragon and the Elder Winged Serpent who \"cannot be captured whilst in there\": the specific sentence overrides the general guard of the Library and the Dungeons, or it would say nothing. The check list places the White Room next to positions the Dark Warlord can occupy (\"if the Dark Warlord occupied an adjacent position\"), so the room borders the grid; the board file draws it behind the Forest Palace's home position (the Prince's own, where the Ice Dragon watches over him \"whom he stands between\"), and the Stairwell likewise behind the Citadel's. One point behind the home rank lets every force keep its own powers unchanged, adds no new kind of attack, and makes the Forest Sword's adjacency mean the same as on the grid",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::board::parse_square;

    fn sq(name: &str) -> u8 {
        parse_square(name).unwrap()
    }

    #[test]
    fn an_attacked_room_is_reported_and_refused_for_the_side_waiting() {
        use crate::core::Game;
        use crate::dragon::{Dragon, DragonOptions};
        let opts = DragonOptions::default();
        let attacked = "9/9/wt8/df5gk2/4RF4/9/9/9/9/9/9/9/9/9/4DW4 forest white-room:pr dungeons:JL flags:prince-in-storms,ice-dragon-afire,jailer-shield-lowered";
        let g = Dragon::import(attacked, &opts).unwrap();
        assert_eq!(g.royal_under_attack(Side::Green), Some(true));
        assert_eq!(g.royal_under_attack(Side::Red), Some(false));
        // The Red Fortress moved away: the room is quiet.
        let quiet = attacked.replace("4RF4", "RF8");
        let g = Dragon::import(&quiet, &opts).unwrap();
        assert_eq!(g.royal_under_attack(Side::Green), Some(false));
        // No move of the Forest's leaves the Prince attacked there: refused.
        let waiting = attacked.replace(" forest ", " storm ");
        let err = Dragon::import(&waiting, &opts).unwrap_err().to_string();
        assert!(err.contains("stands attacked in the White Room"), "{err}");
    }

    /// Found by 100,000 random games (`sim --game dragon --seed 6`, game
    /// 48346, ply 1435): a Storm Troll came to F15, next to the White Room,
    /// and the Storm OverLord's exchange choice awaits: his move is not over,
    /// so the Prince attacked there with the Storm to move is a position of
    /// the game and imports.
    #[test]
    fn a_room_attacked_while_the_attackers_choice_awaits_imports() {
        use crate::core::Game;
        use crate::dragon::{Dragon, DragonOptions};
        let opts = DragonOptions::default();
        let mid_move = "5TR3/4wp1wt2/gk8/5gk3/1RK7/2(sNEg)6/3(sEg)1(SNr)3/9/3(sSEg)5/7(sNg)1/GNGNGN2GNGNGNGN/2DW2GN3/1JGCSCPWDWD3/2CS6/BK8 storm new-earth-library:qk,lb white-room:pr scholars-tower:CM stairwell:EW central-dungeon:YW storm-tower:DR,cw arrows:1,2,0,0,2,1,1 cannonballs:3,3,0,0 seers:3,3 barren:id1,df11,gd2,wk2,cb2,wt1,ab2,RW1,GN2,RK1,BK1,CP1,RV2 sunk:f1,F1,S3 flags:prince-sailed,prince-in-storms,witch-landed,ice-dragon-afire,jailer-shield-lowered pending:exchange@F15 quiet:0 ply:1435";
        let g = Dragon::import(mid_move, &opts).unwrap();
        assert_eq!(g.royal_under_attack(Side::Green), Some(true));
        assert_eq!(g.export_string(), mid_move);
        // Without the pending choice his move would be over: refused.
        let over = mid_move.replace(" pending:exchange@F15", "");
        let err = Dragon::import(&over, &opts).unwrap_err().to_string();
        assert!(err.contains("stands attacked in the White Room"), "{err}");
    }

    #[test]
    fn the_rooms_lie_behind_e15_and_e1() {
        let white = geometry(Area::WhiteRoom).unwrap();
        let names = |s: SquareSet| {
            s.iter()
                .map(super::super::board::square_name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(white.next), ["D15", "E15", "F15"]);
        assert_eq!(white.first[4], sq("E15"));
        assert_eq!(white.first[0], NO_SQUARE);
        assert_eq!(white.lines.count(), 5 + 4 + 4);
        // The Knight's leap reaches E16 from D14, F14, C15 and G15.
        assert_eq!(names(white.leaps[KNIGHT]), ["D14", "F14", "C15", "G15"]);
        // A Storm Troll (forwards north) steps onto E16 from D15, E15, F15.
        assert_eq!(
            names(white.walker[Side::Red.index()]),
            ["D15", "E15", "F15"]
        );
        let stair = geometry(Area::Stairwell).unwrap();
        assert_eq!(names(stair.next), ["D1", "E1", "F1"]);
        // A Forest Elf (forwards south) steps onto E0 from D1, E1, F1.
        assert_eq!(names(stair.walker[Side::Green.index()]), ["D1", "E1", "F1"]);
        assert_eq!(names(stair.pawn[Side::Green.index()]), ["D1", "F1"]);
    }
}
