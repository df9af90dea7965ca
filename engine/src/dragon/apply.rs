//! Applying an action: the move itself, then what the rules attach to it
//! (captures to the Barren Lands, demotions, the double step's en-passant
//! position, the truce counter, the end of the game).

use super::action::{Action, ActionKind};
use super::board::{NO_SQUARE, board, rank_of};
use super::conceding::{self, InLieuOf};
use super::deploy::tracks_first_move;
use super::events::DragonEvent;
use super::forces::{Force, Kind, Role};
use super::guard::Guard;
use super::moves::{Memo, forward, has_action_keeping, ocean};
use super::options::DragonOptions;
use super::procedures::{self, Pending, springing, towering};
use super::sea::{self, OceanEvent};
use super::sibling::Basis;
use super::state::Position;
use super::transform;
use super::{seers, truce, victory};
use crate::core::{Outcome, RuleId, Score, ScoreUnit, Side};

/// Rule 23.3: "fifty moves are played by both players and there having been no
/// capture or sinking nor any movement of Vessels, Dwarfs, Gnomes, Elves or
/// Trolls".
pub const FIFTY_MOVE_TRUCE: RuleId = RuleId("fifty-move-truce");
/// Note 7: "Stalemate results in a truce being declared and is therefore a
/// draw."
pub const STALEMATE_TRUCE: RuleId = RuleId("stalemate-truce");
/// The project's ply bound (ruling `dragon.ply-bound`): not the seed's, the
/// last resort that keeps every game finite when none of the seed's endings
/// came first.
pub const PLY_BOUND_TRUCE: RuleId = RuleId("ply-bound");
/// Plies without a capture, sinking or pawn or vessel move that make the truce.
pub const FIFTY_MOVES: u16 = 100;
/// The ply bound of ruling `dragon.ply-bound`.
pub const PLY_BOUND: u32 = 2000;

/// A truce's score. The seed's table keeps only Direct Capture (5) and
/// Planting a Flag (3); the truce's is lost: a draw is recorded as a half
/// Game Point each.
pub const TRUCE_SCORE: Score = Score::each_halves(1, ScoreUnit::GamePoints);

/// Sends a force (captured or lost) to the Barren Lands: a tower with her bird
/// inside sends both.
pub(crate) fn to_barren(p: &mut Position, f: Force) {
    match f.kind() {
        Some(Kind::WatchtowerAlbatross) => {
            p.add_barren(Kind::Watchtower as usize);
            p.add_barren(Kind::Albatross as usize);
        }
        Some(Kind::CastleRaven) => {
            p.add_barren(Kind::Castle as usize);
            p.add_barren(Kind::Raven as usize);
        }
        _ => p.add_barren(f.kind_value() as usize),
    }
}

/// Applies `action` (legal in `p`), reporting events, and records the end of
/// the game if the new position ends it. The new side to move's [`Guard`],
/// when [`finish_keeping`] computed it (and in `memo` what it keeps). `basis`: the opponent's Guard of `p` when known
/// ([`Basis`]), taken as the new position's when it fits.
pub(crate) fn apply(
    p: &mut Position,
    opts: &DragonOptions,
    action: Action,
    events: &mut impl FnMut(DragonEvent),
    memo: &mut Memo,
    basis: Option<&Basis>,
) -> Option<Option<Guard>> {
    apply_action(p, opts, action, events);
    let known = basis.filter(|b| b.fits(p, action));
    finish_keeping(p, opts, memo, known)
}

/// Applies `action` (legal in `p`), reporting events: the action and what it
/// decides at once (a Direct Capture, a planted flag), but not the ends that
/// depend on the next side's actions ([`finish_keeping`]).
pub(crate) fn apply_action(
    p: &mut Position,
    opts: &DragonOptions,
    action: Action,
    events: &mut impl FnMut(DragonEvent),
) {
    let b = board();
    let _ = opts;
    let enemy_royal = victory::royal_kind(p.to_move.opponent()) as usize;
    let royals_taken = p.barren[enemy_royal];
    p.begin_action();
    let side = p.to_move;
    let from = action.from();
    let to = action.to();
    let mut reset = false;
    let mut new_ep = NO_SQUARE;
    let flags_before = p.flags;
    let mut within_move = false;
    match action.kind() {
        Some(ActionKind::Move) if towering::is_towering(p, from, to) => {
            towering::apply(p, from, to, events);
        }
        Some(ActionKind::Move | ActionKind::Capture | ActionKind::EnPassant) => {
            let mut f = p.take(from);
            if p.force(to).is_some() {
                let victim = p.take(to);
                events(DragonEvent::Capture {
                    by: f,
                    on: to,
                    captured: victim,
                });
                to_barren(p, victim);
                reset = true;
            }
            if action.kind() == Some(ActionKind::EnPassant) {
                let victim_sq = victim_square(to, side.opponent());
                let victim = p.take(victim_sq);
                events(DragonEvent::EnPassant {
                    by: f,
                    on: victim_sq,
                    captured: victim,
                });
                to_barren(p, victim);
                reset = true;
            }
            let role = f.info().role;
            if matches!(role, Role::Pawn | Role::Walker) {
                reset = true;
            }
            if role == Role::Pawn && from.abs_diff(to) == 18 {
                new_ep = (from + to) / 2;
            }
            if f.kind().is_some_and(tracks_first_move) {
                f = f.moved();
            }
            // "should one move or capture to a position outside the Forest Palace
            // he is Demoted to a Dwarf - without the two position initial move".
            if role == Role::PalaceWalker && !b.in_palace(side, to) {
                let demoted = match side {
                    Side::Green => Kind::Dwarf,
                    Side::Red => Kind::Gnome,
                };
                events(DragonEvent::Demoted {
                    on: to,
                    from: f,
                    to: demoted,
                });
                f = Force::new(demoted);
            }
            // Crossing between a kingdom and Trafalgar Ocean: transformations,
            // lost birds, the royals' history (the ocean).
            f = transform::crossing(p, from, to, f, events);
            p.put(to, f);
            // The flags the vessels left and boarded fly.
            if let Some(v) = sea::recolour(p, from) {
                events(DragonEvent::Ocean(OceanEvent::Reverted {
                    on: from,
                    vessel: v,
                }));
            }
            if let Some(v) = sea::recolour(p, to) {
                events(DragonEvent::Ocean(OceanEvent::Commandeered {
                    force: f,
                    on: to,
                    vessel: v,
                }));
            }
            procedures::after_move(p, from, to, f, flags_before);
        }
        Some(ActionKind::Arrow) => {
            let archer = p.force(from);
            let victim = p.take(to);
            events(DragonEvent::Arrow {
                by: archer,
                on: to,
                captured: victim,
            });
            to_barren(p, victim);
            p.edit_off_grid(|p| {
                let c = &mut p.counters;
                match archer.kind() {
                    Some(Kind::WoodlandPrincess) => c.princess_arrows -= 1,
                    Some(Kind::QueenAtWar) => c.queen_arrows -= 1,
                    _ => c.red_arrows -= 1,
                }
                c.spent_arrows[side.index()] += 1;
            });
            reset = true;
        }
        Some(ActionKind::Release) => {
            let tower = p.take(from);
            let (empty, bird) = match tower.kind() {
                Some(Kind::WatchtowerAlbatross) => (Kind::Watchtower, Kind::Albatross),
                _ => (Kind::Castle, Kind::Raven),
            };
            let mut t = Force::new(empty);
            if tower.is_unmoved() {
                t = Force::unmoved(empty);
            }
            p.put(from, t);
            p.put(to, Force::new(bird));
            events(DragonEvent::Released { from, to, bird });
        }
        Some(ActionKind::Trident) => {
            ocean::apply_trident(p, action);
            events(DragonEvent::Trident {
                west: action.extra() >> 3,
                east: action.extra() & 7,
            });
            reset = true;
        }
        Some(
            ActionKind::VesselAdvance
            | ActionKind::VesselRealign
            | ActionKind::Ram
            | ActionKind::Fire,
        ) => {
            // "any movement of Vessels" and any sinking restart the truce's
            // count (ruling `dragon.realign-truce`).
            sea::apply_vessel(p, action, events);
            reset = true;
        }
        Some(ActionKind::Plant) => {
            // The flag replaces the enemy banner: `victory::decide`.
        }
        Some(ActionKind::Spring) => springing::apply(p, to, events),
        Some(ActionKind::Choice) if p.pending == Pending::TruceOffer as u8 => {
            // The answer to a truce offer: the offerer's move goes on.
            truce::answer(p, action.extra(), events);
            new_ep = p.ep;
            within_move = true;
        }
        Some(ActionKind::Choice)
            if let Some(kind) = Pending::from_u8(p.pending).and_then(InLieuOf::of_pending) =>
        {
            // The answer to a concession: accepted, or the conceder's move goes
            // on.
            conceding::answer(p, kind, action.extra(), events);
            new_ep = p.ep;
            within_move = true;
        }
        Some(ActionKind::Choice) => {
            // A procedure's choice is no move: the en-passant position and the
            // truce's count stay as the move left them.
            let ice_dragon = p.pending == Pending::IceDragon as u8 && action.extra() == 1;
            procedures::apply_choice(p, action.extra(), events);
            if ice_dragon {
                // The Forest Sword from the White Room (`dragon.white-room`).
                super::room::sword_on_interchange(p, opts, events);
            }
            new_ep = p.ep;
        }
        Some(ActionKind::Seer) => {
            // A consultation does not end the move (note 8).
            let affairs = seers::apply(p, opts);
            events(DragonEvent::Seer(affairs));
            new_ep = p.ep;
            within_move = true;
        }
        Some(ActionKind::Truce) => {
            truce::offer(p, events);
            new_ep = p.ep;
            within_move = true;
        }
        Some(ActionKind::Concede) => {
            if let Some(kind) = InLieuOf::from_u8(action.extra()) {
                conceding::offer(p, kind, events);
            }
            new_ep = p.ep;
            within_move = true;
        }
        None => {}
    }
    // A Direct Capture or a planted flag ends the game at once: no step of a
    // procedure the move opened awaits a choice any more.
    victory::decide(p, side, action, events);
    // A royal taken by an ordinary capture or a sinking (only from a position
    // where he stood under attack at his opponent's turn: ruling
    // `dragon.locking-up`) was under attack and did not escape; taken by the
    // Prince or the Red Witch, it is their Direct Capture.
    if p.outcome.is_none() && p.barren[enemy_royal] > royals_taken {
        let by = p.force(action.to()).kind();
        p.outcome = Some(match by {
            Some(Kind::TruebornPrince | Kind::RedWitch) => victory::win(
                side,
                victory::DIRECT_CAPTURE,
                victory::DIRECT_CAPTURE_POINTS,
            ),
            _ => victory::win(side, victory::LOCKING_UP, victory::LOCKING_UP_POINTS),
        });
    }
    if p.outcome.is_some() && p.pending != 0 {
        procedures::set_pending(p, procedures::Pending::None, NO_SQUARE);
    }
    p.set_ep(new_ep);
    // Within a move (`within_move`): a consultation, a truce offer and its
    // answer (the offer hands the answer to the opponent and the answer hands
    // the move back, `truce`).
    if !within_move && procedures::end_action(p, side, events) {
        p.set_to_move(side.opponent());
        truce::turn_passed(p);
    }
    p.ply += 1;
    // No move for the fifty-move truce: a procedure's choice, a consultation,
    // a truce offer (ruling `dragon.fifty-moves`).
    if !matches!(
        action.kind(),
        Some(ActionKind::Choice | ActionKind::Seer | ActionKind::Truce | ActionKind::Concede)
    ) {
        p.quiet = if reset { 0 } else { p.quiet.saturating_add(1) };
    }
}

/// Where the Gnome (Dwarf) of `victim_side` that passed `ep` stands: one step
/// beyond it in his forwards direction.
fn victim_square(ep: u8, victim_side: Side) -> u8 {
    board().step[forward(victim_side)][ep as usize]
}

/// Records the end of the game if the position ends it (unless an action
/// already decided it): the side to move with no legal action is Locked Up if
/// its royal stands under attack, stalemated otherwise (note 7); the truces
/// (the fifty-move truce; the ply bound; repetition and agreement are
/// recorded by [`truce`]).
///
/// Returns the side to move's [`Guard`] when it was computed on the way (the
/// caller may keep it for the generation that follows), keeping in `memo`
/// the threats against the royal on land that the Guard gathered (`None` when it was not computed or
/// gathered none) and the force found to have a move. `known`: that Guard
/// and its threats, when known already ([`Basis::fits`]).
#[inline(never)]
pub(crate) fn finish_keeping(
    p: &mut Position,
    opts: &DragonOptions,
    memo: &mut Memo,
    known: Option<&Basis>,
) -> Option<Option<Guard>> {
    memo.threats = None;
    if p.outcome.is_some() {
        return None;
    }
    let mut guard = None;
    let rule = if p.pending != 0 {
        // A procedure's choice comes first, but for the project's bound on
        // the game's length, which ends it even then.
        (p.ply >= PLY_BOUND).then_some(PLY_BOUND_TRUCE)
    } else if !{
        let (any, g) = has_action_keeping(p, opts, memo, known);
        guard = Some(g);
        any
    } {
        if super::guard::royal_attacked(p, opts, p.to_move) {
            p.outcome = Some(victory::win(
                p.to_move.opponent(),
                victory::LOCKING_UP,
                victory::LOCKING_UP_POINTS,
            ));
            return None;
        }
        // Stalemate, unless the fifty-move truce or the bound falls on the
        // same ply (ruling `dragon.stalemate`): a draw either way.
        Some(if p.quiet >= FIFTY_MOVES {
            FIFTY_MOVE_TRUCE
        } else if p.ply >= PLY_BOUND {
            PLY_BOUND_TRUCE
        } else {
            STALEMATE_TRUCE
        })
    } else if p.quiet >= FIFTY_MOVES {
        Some(FIFTY_MOVE_TRUCE)
    } else if p.ply >= PLY_BOUND {
        Some(PLY_BOUND_TRUCE)
    } else {
        None
    };
    p.outcome = rule.map(|rule| Outcome {
        winner: None,
        rule,
        score: TRUCE_SCORE,
    });
    let _ = rank_of;
    guard
}
