//! Seed 000's procedures ("Check Lists"), each a sequence of actions: a step
//! that awaits a choice is recorded in the position ([`Position::pending`],
//! [`Pending`]) and the side to move is offered exactly its choices
//! (`choose N`) and nothing else; the turn passes once no step is pending.
//!
//! - `towering`: Towering and Castling (the royal's two-position move), the
//!   tower becoming the Green or Red Sceptre (or the Storm Talisman), the
//!   Guards' and Warders' choice;
//! - `interchange`: setting the Ice Dragon or a Winged Serpent afire, the
//!   Storm Empress's choice, the TrueBorn Queen going to war;
//! - `springing`: Springing the Librarian and the Jailer, lowering their
//!   Shields;
//! - `exchange`: freeing the Captive Wizard or Magician and the other
//!   exchanges of an Elf or Troll on the opposing home rank.
//!
//! Choices do not count towards the fifty-move truce (they are no moves) but
//! are plies of the game.

pub mod events;
pub(crate) mod exchange;
pub(crate) mod interchange;
pub mod rulings;
pub(crate) mod springing;
pub(crate) mod towering;

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::{Area, NO_SQUARE, square_name};
use super::conceding::{self, InLieuOf};
use super::events::DragonEvent;
use super::forces::{Force, Kind};
use super::moves::Sink;
use super::state::{Position, flags};
use crate::core::{InvariantError, Side};

pub use self::events::ProcedureEvent;

/// The procedure step awaiting the side to move's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Pending {
    /// None.
    None = 0,
    /// After Towering (Castling): which Guards (Warders) become Buccaneers
    /// (Pirates): `choose N`, bit i of N the i-th Guard in position order.
    Guards = 1,
    /// The TrueBorn Prince landed on the Storm Beaches: set the Ice Dragon
    /// afire (`choose 1`) or not (`choose 0`).
    IceDragon = 2,
    /// The Dark Warlord's first landing on the Forest Beaches: set the Elder
    /// Winged Serpent afire or not.
    ElderSerpent = 3,
    /// The Red Witch landed on the Forest Beaches: set the Younger Winged
    /// Serpent afire or not.
    YoungerSerpent = 4,
    /// After the Storm OverLord's move following the Ice Dragon's: make the
    /// Storm Queen the Storm Empress or not.
    Empress = 5,
    /// An Elf (Troll) reached the opposing home rank: `choose 0` remain,
    /// 1 the Captive Wizard (Magician), 2 a captured White (Black) Knight,
    /// 3 a captured Green (Red) Knight, 4 a captured Ranger (Raider).
    Exchange = 6,
    /// The opponent offered a truce (rule 23.1, ruling
    /// `dragon.truce-agreement`): `choose 1` agrees, `choose 0` declines.
    TruceOffer = 7,
    /// The opponent conceded in lieu of a Locking Up (rule 27 a): `choose 1`
    /// accepts (ruling `dragon.concession-declined`: no decline).
    ConcedeLockingUp = 8,
    /// The opponent conceded in lieu of a Direct Capture: `choose 1` accepts.
    ConcedeDirectCapture = 9,
    /// The opponent conceded in lieu of a Planting of a Flag: `choose 1`
    /// accepts, `choose 0` declines and play carries on.
    ConcedePlanting = 10,
}

impl Pending {
    /// Every step, by value.
    pub const ALL: [Pending; 11] = [
        Pending::None,
        Pending::Guards,
        Pending::IceDragon,
        Pending::ElderSerpent,
        Pending::YoungerSerpent,
        Pending::Empress,
        Pending::Exchange,
        Pending::TruceOffer,
        Pending::ConcedeLockingUp,
        Pending::ConcedeDirectCapture,
        Pending::ConcedePlanting,
    ];

    /// The step of byte `v`, if any.
    #[must_use]
    pub fn from_u8(v: u8) -> Option<Pending> {
        Pending::ALL.get(usize::from(v)).copied()
    }

    /// The name in positions (`pending:guards`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Pending::None => "none",
            Pending::Guards => "guards",
            Pending::IceDragon => "ice-dragon",
            Pending::ElderSerpent => "elder-serpent",
            Pending::YoungerSerpent => "younger-serpent",
            Pending::Empress => "storm-empress",
            Pending::Exchange => "exchange",
            Pending::TruceOffer => "truce-offer",
            Pending::ConcedeLockingUp => "concede-locking-up",
            Pending::ConcedeDirectCapture => "concede-direct-capture",
            Pending::ConcedePlanting => "concede-planting-a-flag",
        }
    }

    /// The step named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Pending> {
        Pending::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether the pending byte `v` is an offer the opponent answers within
    /// the offerer's move (a truce offer, a concession): the side to move is
    /// then the answerer, the move the offerer's.
    #[inline]
    #[must_use]
    pub const fn is_offer(v: u8) -> bool {
        v >= Pending::TruceOffer as u8 && v <= Pending::ConcedePlanting as u8
    }

    /// Whether the step is about a position ([`Position::pending_at`]).
    #[must_use]
    pub const fn has_position(self) -> bool {
        matches!(
            self,
            Pending::IceDragon
                | Pending::ElderSerpent
                | Pending::YoungerSerpent
                | Pending::Exchange
        )
    }
}

/// Whether `area` holds a force of `kind`.
#[inline]
pub(crate) fn area_has(p: &Position, area: Area, kind: Kind) -> bool {
    p.areas[area.index()]
        .iter()
        .any(|f| f.kind_value() == kind as u8)
}

/// Replaces the first force of `kind` in `area` by `with` (or removes it,
/// keeping the empty slots last, when `with` is none). Whether one was found.
pub(crate) fn area_replace(p: &mut Position, area: Area, kind: Kind, with: Force) -> bool {
    let Some(i) = p.areas[area.index()]
        .iter()
        .position(|f| f.kind_value() == kind as u8)
    else {
        return false;
    };
    p.edit_off_grid(|p| {
        let slots = &mut p.areas[area.index()];
        if with.is_some() {
            slots[i] = with;
        } else {
            for j in i..slots.len() - 1 {
                slots[j] = slots[j + 1];
            }
            let last = slots.len() - 1;
            slots[last] = Force::NONE;
        }
    });
    true
}

/// Adds `force` to `area` (which has room: the procedures only fill a slot
/// they just emptied or one of the larger areas).
pub(crate) fn area_add(p: &mut Position, area: Area, force: Force) {
    let _ = p.add_to_area(area, force);
}

/// The first position of `side`'s forces holding a force of `kind`, if any.
pub(crate) fn find(p: &Position, side: Side, kind: Kind) -> Option<u8> {
    p.occupied[side.index()]
        .iter()
        .find(|&s| p.force(s).kind_value() == kind as u8)
}

/// Changes the force on `sq` into `kind` (keeping it where it stands).
pub(crate) fn retype(p: &mut Position, sq: u8, kind: Kind) {
    p.take(sq);
    p.put(sq, Force::new(kind));
}

/// Sets the pending step.
pub(crate) fn set_pending(p: &mut Position, step: Pending, at: u8) {
    p.edit_off_grid(|p| {
        p.pending = step as u8;
        p.pending_at = at;
    });
}

/// Writes the choices of the pending step, ascending.
pub(crate) fn choices(p: &Position, out: &mut impl Sink) {
    let n = match Pending::from_u8(p.pending) {
        Some(Pending::Guards) => 1u16 << towering::guards(p, p.to_move).len(),
        Some(Pending::IceDragon | Pending::ElderSerpent | Pending::YoungerSerpent) => 2,
        Some(Pending::Empress | Pending::TruceOffer) => 2,
        Some(
            step @ (Pending::ConcedeLockingUp
            | Pending::ConcedeDirectCapture
            | Pending::ConcedePlanting),
        ) => {
            if let Some(kind) = InLieuOf::of_pending(step) {
                for &k in conceding::answers(kind) {
                    out.push(choice(k));
                }
            }
            return;
        }
        Some(Pending::Exchange) => {
            let offered = exchange::offered(p, p.to_move);
            for k in 0..5u8 {
                if k == 0 || offered & 1 << k != 0 {
                    out.push(choice(k));
                }
            }
            return;
        }
        Some(Pending::None) | None => 0,
    };
    for k in 0..n {
        out.push(choice(k as u8));
    }
}

/// The action `choose k`.
#[inline]
#[must_use]
pub const fn choice(k: u8) -> Action {
    Action::new(ActionKind::Choice, NO_ORIGIN, NO_ORIGIN, k)
}

/// Applies `choose k` to the pending step.
pub(crate) fn apply_choice(p: &mut Position, k: u8, events: &mut impl FnMut(DragonEvent)) {
    let step = Pending::from_u8(p.pending).unwrap_or(Pending::None);
    let at = p.pending_at;
    set_pending(p, Pending::None, NO_SQUARE);
    let side = p.to_move;
    if k == 0 && step != Pending::None {
        events(DragonEvent::Procedure(ProcedureEvent::Declined { step }));
    }
    match step {
        Pending::Guards => towering::transform_guards(p, side, k, events),
        Pending::IceDragon | Pending::ElderSerpent | Pending::YoungerSerpent => {
            if k == 1 {
                interchange::set_afire(p, step, at, events);
            }
        }
        Pending::Empress => {
            if k == 1 {
                interchange::empress(p, events);
            }
        }
        Pending::Exchange => exchange::apply(p, side, at, k, events),
        // Answered in `truce::answer`, `conceding::answer`.
        Pending::TruceOffer
        | Pending::ConcedeLockingUp
        | Pending::ConcedeDirectCapture
        | Pending::ConcedePlanting
        | Pending::None => {}
    }
}

/// After a move of `placed` (formerly `mover`) from `from` to `to` by the
/// side to move: the step the move opens, if any. `flags_before` are the
/// position's flags before the move (the Dark Warlord's first landing).
///
/// Always inlined up to a test that most moves fail: an interchange opens
/// only by a move from the ocean ([`interchange::opened`]), an exchange only
/// by a move onto the opponent's home rank ([`exchange::opened`]); the
/// procedures' own tests out of line ([`after_move_rest`]).
#[inline(always)]
pub(crate) fn after_move(p: &mut Position, from: u8, to: u8, placed: Force, flags_before: u32) {
    let b = super::board::board();
    if b.region(from) == super::board::Region::Ocean
        || super::board::rank_of(to)
            == super::board::Board::kingdom_rank(placed.side().opponent(), 0)
    {
        after_move_rest(p, from, to, placed, flags_before);
    } else {
        debug_assert!(
            interchange::opened(p, from, to, placed, flags_before).is_none()
                && exchange::opened(p, from, to, placed).is_none(),
            "a move past the test opens a procedure"
        );
    }
}

/// [`after_move`] past its test.
#[inline(never)]
fn after_move_rest(p: &mut Position, from: u8, to: u8, placed: Force, flags_before: u32) {
    if let Some((step, at)) = interchange::opened(p, from, to, placed, flags_before)
        .or_else(|| exchange::opened(p, from, to, placed))
    {
        set_pending(p, step, at);
    }
}

/// The end of an action of `side`: whether the turn passes. Not while a step
/// is pending; after the Storm OverLord's move following the Ice Dragon's
/// interchange, his Storm Empress choice; when it passes from the Storm
/// OverLord after a Winged Serpent was set afire, the TrueBorn Queen goes to
/// war. The Shields are lowered once nothing they guard against can come.
pub(crate) fn end_action(
    p: &mut Position,
    side: Side,
    events: &mut impl FnMut(DragonEvent),
) -> bool {
    if p.pending != 0 {
        return false;
    }
    if side == Side::Red && p.flags & flags::EMPRESS_DUE != 0 {
        p.edit_off_grid(|p| p.flags &= !flags::EMPRESS_DUE);
        if find(p, Side::Red, Kind::StormQueen).is_some() {
            set_pending(p, Pending::Empress, NO_SQUARE);
            return false;
        }
    }
    if side == Side::Red && p.flags & flags::QUEEN_WAR_DUE != 0 {
        interchange::queen_to_war(p, events);
    }
    springing::lower_shields(p, events);
    true
}

/// The procedures' invariants: the pending step is consistent with the
/// position, the Shields are raised only after their interchange, the White
/// Room, the Stairwell and the Central Dungeon hold whom the procedures put
/// there.
///
/// # Errors
///
/// The first broken invariant.
#[inline(always)]
pub(crate) fn check(p: &Position) -> Result<(), InvariantError> {
    // The common case first, in line in the checks after every step, with
    // the same answer: no step pending (none has a position), nothing off
    // the grid changed.
    if p.pending == Pending::None as u8 && p.pending_at == NO_SQUARE && !p.touched.off_grid() {
        return Ok(());
    }
    check_rest(p)
}

/// [`check`] past its common case.
#[inline(never)]
fn check_rest(p: &Position) -> Result<(), InvariantError> {
    let err = |m: String| Err(InvariantError(m));
    let Some(step) = Pending::from_u8(p.pending) else {
        return err(format!("pending step {} is no step", p.pending));
    };
    if step.has_position() != (p.pending_at != NO_SQUARE) {
        return err(format!(
            "pending step {} with position {}",
            step.name(),
            p.pending_at
        ));
    }
    let at_kind = |k: Kind| {
        usize::from(p.pending_at) < super::board::SQUARES && p.force(p.pending_at).kind() == Some(k)
    };
    let side = p.to_move;
    let ok = match step {
        Pending::None => true,
        Pending::Guards => !towering::guards(p, side).is_empty(),
        Pending::IceDragon => {
            side == Side::Green
                && at_kind(Kind::TruebornPrince)
                && area_has(p, Area::WhiteRoom, Kind::IceDragonWatching)
        }
        Pending::ElderSerpent => {
            side == Side::Red
                && at_kind(Kind::DarkWarlord)
                && area_has(p, Area::Stairwell, Kind::ElderSerpentWaiting)
        }
        Pending::YoungerSerpent => {
            side == Side::Red
                && at_kind(Kind::RedWitch)
                && area_has(p, Area::CentralDungeon, Kind::YoungerSerpentWaiting)
        }
        Pending::Empress => side == Side::Red && find(p, Side::Red, Kind::StormQueen).is_some(),
        Pending::Exchange => {
            at_kind(match side {
                Side::Green => Kind::Elf,
                Side::Red => Kind::Troll,
            }) && exchange::offered(p, side) != 0
        }
        Pending::TruceOffer => p.flags & flags::TRUCE_OFFERED != 0,
        Pending::ConcedeLockingUp | Pending::ConcedeDirectCapture | Pending::ConcedePlanting => {
            p.flags & flags::CONCEDED != 0
        }
    };
    if !ok {
        return err(format!(
            "pending step {} does not fit the position ({} to move{})",
            step.name(),
            super::text::side_name(side),
            if p.pending_at == NO_SQUARE {
                String::new()
            } else {
                format!(", at {}", square_name(p.pending_at))
            }
        ));
    }
    // What follows reads only the special areas and the flags, which change
    // only through `Position::edit_off_grid` (any other change breaks the
    // hash, recomputed after every step): checked after a step that went
    // through it, or a position of unknown history; otherwise it holds as it
    // did after the step before.
    if !p.touched.off_grid() {
        return Ok(());
    }
    // Raised Shields: the Librarian (Jailer) On Alert in his area only after
    // a Winged Serpent (the Ice Dragon) was set afire. (On Guard on the grid
    // an imported position may place him freely: the blazing rules apply.)
    let serpent = p.flags & flags::SERPENT_AFIRE != 0;
    let ice = p.flags & flags::ICE_DRAGON_AFIRE != 0;
    if !serpent && area_has(p, Area::NewEarthLibrary, Kind::LibrarianOnAlert) {
        return err("the Librarian is On Alert but no Winged Serpent was set afire".into());
    }
    if !ice && area_has(p, Area::Dungeons, Kind::JailerOnAlert) {
        return err("the Jailer is On Alert but the Ice Dragon was not set afire".into());
    }
    let white_room = p.areas[Area::WhiteRoom.index()][0].kind();
    let room_ok = match white_room {
        Some(Kind::IceDragonWatching) => !ice,
        Some(Kind::TruebornPrince) => ice,
        None => true,
        Some(_) => false,
    };
    if !room_ok {
        return err(format!(
            "the White Room holds {} with the Ice Dragon {}",
            white_room.map_or("nothing", Kind::name),
            if ice { "afire" } else { "watching" }
        ));
    }
    if area_has(p, Area::Stairwell, Kind::DarkWarlord) && !serpent {
        return err("the Dark Warlord is in the Stairwell but no serpent was set afire".into());
    }
    if p.flags & flags::QUEEN_AT_WAR != 0 && area_has(p, Area::NewEarthLibrary, Kind::QueenAtWork) {
        return err("the TrueBorn Queen is at war and at work".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::dragon::{Dragon, DragonActions, DragonOptions};

    /// The procedures' perft position (scenarios/perft/dragon.toml): Towering
    /// and Castling open, the Librarian On Alert, an Elf and a Troll one step
    /// from the opposing home rank with captives to free.
    const BUSY: &str = "wa'3pr'3wa'/2TRgd1gd3/9/9/9/9/9/9/9/9/9/9/9/1el1WD1WD3/CR'3DW'3CR' forest new-earth-library:qk,la scholars-tower:CM storm-tower:DR,cw arrows:2,2,0,3,0,0,0 cannonballs:0,0,0,0 seers:0,0 flags:serpent-afire quiet:0 ply:0";

    #[test]
    fn imports_refuse_procedure_states_that_do_not_fit() {
        let o = DragonOptions::default();
        let empty = "4pr4/9/9/9/9/9/9/9/9/9/9/9/9/9/4DW4";
        for (text, why) in [
            (
                format!("{empty} forest pending:ice-dragon@D5"),
                "pending step ice-dragon",
            ),
            (
                format!("{empty} storm pending:storm-empress"),
                "pending step storm-empress",
            ),
            (
                format!("{empty} forest pending:guards"),
                "pending step guards",
            ),
            (
                format!("{empty} forest pending:exchange@B1"),
                "pending step exchange",
            ),
            (format!("{empty} forest pending:exchange"), "with position"),
            (
                format!("{empty} forest pending:nothing"),
                "a procedure step",
            ),
            (
                format!("{empty} storm dungeons:JA"),
                "the Jailer is On Alert",
            ),
            (
                format!("{empty} forest new-earth-library:la"),
                "the Librarian is On Alert",
            ),
            (
                // (A Knight for the royal: two royals of a side are refused first.)
                format!("{} storm white-room:pr", empty.replacen("pr", "gk", 1)),
                "the White Room holds",
            ),
            (
                format!("{empty} forest white-room:iw flags:ice-dragon-afire"),
                "the White Room holds",
            ),
            (
                format!("{} forest stairwell:DW", empty.replacen("DW", "RK", 1)),
                "the Dark Warlord is in the Stairwell",
            ),
            (
                format!("{empty} forest new-earth-library:qk flags:queen-at-war"),
                "at war and at work",
            ),
        ] {
            let e = Dragon::import(&text, &o).unwrap_err();
            assert!(e.expected.contains(why), "{text}: {}", e.expected);
        }
    }

    #[test]
    fn a_pending_step_offers_only_its_choices_and_refuses_the_rest() {
        let o = DragonOptions::default();
        let mut g = Dragon::import(BUSY, &o).unwrap();
        g.play(g.parse_action("E15-G15").unwrap()).unwrap();
        let mut legal = DragonActions::new();
        g.legal_actions(&mut legal);
        assert_eq!(
            legal.as_slice(),
            &[choice(0), choice(1), choice(2), choice(3)]
        );
        for text in ["B2-B1", "spring A11", "choose 4", "D14-D13"] {
            let a = g.parse_action(text).unwrap();
            assert!(!g.is_legal(a), "{text}");
            assert!(g.play(a).is_err(), "{text}");
        }
        g.play(choice(0)).unwrap();
        assert_eq!(g.turn(), crate::core::Turn::Player(Side::Red));
        assert!(!g.is_legal(choice(0)));
    }

    #[test]
    fn random_play_from_a_busy_position_fires_the_procedures_and_keeps_the_invariants() {
        let o = DragonOptions::default();
        let mut tags = std::collections::BTreeSet::new();
        crate::dragon::tests::random_games(
            &Dragon::import(BUSY, &o).unwrap(),
            40,
            60,
            0x9E0C,
            |e| {
                tags.insert(crate::core::RuleEvent::tag(e));
            },
            |g| {
                let text = g.export_string();
                assert_eq!(Dragon::import(&text, &o).as_ref(), Ok(g), "{text}");
            },
        );
        for tag in [
            "towering",
            "castling",
            "sprung",
            "freed",
            "declined",
            "transformed",
        ] {
            assert!(tags.contains(tag), "{tag} never fired: {tags:?}");
        }
    }

    #[test]
    fn the_ply_bound_ends_the_game_even_with_a_choice_pending() {
        // Regression: a Towering on the 2000th ply left the Guards' choice
        // for a 2001st (sim game 932 of seed 0).
        let o = DragonOptions::default();
        let mut g = Dragon::import(&BUSY.replace("ply:0", "ply:1999"), &o).unwrap();
        g.play(g.parse_action("E15-G15").unwrap()).unwrap();
        assert!(matches!(g.turn(), crate::core::Turn::Over(_)));
        assert_eq!(g.ply(), crate::dragon::PLY_BOUND);
        let text = g.export_string();
        assert!(
            text.ends_with("pending:guards quiet:1 ply:2000 draw:ply-bound"),
            "{text}"
        );
        assert_eq!(Dragon::import(&text, &o).as_ref(), Ok(&g));
    }
}
