//! The [`Guard`]'s answers without playing that concern the ocean (seed 000,
//! Trafalgar Ocean; ruling `dragon.royal-aboard`: a royal afloat is attacked
//! by an opposing force afloat that could board his vessel with a capture,
//! by an opposing vessel whose Ram points at him and by an opposing
//! Flagship's Cannon, [`attacked_on`]).
//!
//! **The royal afloat, not under attack**, and an action of another force
//! of his side (a move or capture: boarding, leaving a vessel, disembarking,
//! embarking; or a vessel's advance). It changes the position on at most its
//! origin and destination (the force or vessel leaving one and arriving on
//! the other, a victim taken there, the two vessels' flags by [`recolour`],
//! the mover transformed on crossing, who stays the mover's): no opposing
//! force afloat is added or moved, no bow turned, no Cannonball given back.
//! So, after it:
//!
//! - an opposing force afloat that steps or leaps reaches him as before
//!   (whatever stands between): not;
//! - one that rides or jumps (a Watchtower, Buccaneer, Queen, Crossbowman)
//!   reaches him only along a line it stands on, over the positions
//!   between; an opposing Flagship fires only along a line through her
//!   position: the Guard's hot lines hold every such segment, up to the
//!   farthest such force or Flagship, so an action off them changes none;
//! - a vessel next to him rams him only flying the opposing colour with her
//!   bow at him: an unoccupied one of the opponent's fleet so pointing
//!   would attack him already and a boarded one flies her occupant's
//!   colour, so the one that can come to is the one the mover's force
//!   leaves (she reverts to her own); a vessel that advances keeps the
//!   mover's.
//!
//! A move or capture whose origin and destination are off those segments
//! (next to him, or off his lines) and whose origin is no such vessel, and a
//! vessel's advance off them, leave him as he was: not attacked. (A win at
//! once never leaves him attacked either: the definition's first answer.)
//!
//! **His own moves and sailings** (a move or capture: boarding, landing; his
//! vessel's advance or Ram) were tested by the generator itself for the
//! TrueBorn Prince and the Dark Warlord under `warlord-into-attack =
//! forbidden` ([`generate_at`]: the move or sailing made on a copy,
//! [`attacked_on`] asked): the same grid as applying the action (a royal is
//! never transformed or demoted on crossing, and what else applying does, a
//! flag of his landing, a procedure's step opened, the Shields lowered in
//! their areas off the grid, touches nothing an attack on him reads; a win
//! at once is legal anyway), so every one listed leaves him out of attack.
//!
//! **The royal on land, not under attack**, and a move or capture from land
//! to land, or a vessel's advance, touching a line through him that holds
//! an opposing force afloat capturing along it ([`Guard::kept_from_sea`]):
//! the action changes the grid on its two positions only (a vessel that
//! advances carrying her occupant), so such a force reaches him afterwards
//! only over the line's positions between them as the action leaves them. A
//! rider afloat (Watchtower, Castle, Buccaneer, Pirate, Queen: [`ride`])
//! stops at the first force, boards the first vessel it meets (note 18) and
//! crosses no open water but by `open-water = passes`: any force, any vessel
//! with no force aboard or such open water between keeps him off. A
//! Crossbowman or Catapult ([`jump`]) jumps one force, at sea an occupied
//! vessel only: a vessel with no force aboard or such open water between,
//! or two forces of the royal's side (the second ends the jump, taken or
//! not), keeps him off. The kingdom's part of the line is walked as before
//! ([`Guard::surely_safe`]); a vessel's advance changes nothing on land.
//!
//! **The royal on land attacked by a force on land** ([`attacks_on_land`]:
//! steps, leaps and lines within his kingdom, the Forest Sword from the
//! White Room): a vessel's advance moves nothing on land, so he stays
//! attacked unless it wins at once, which only the Red Witch or the TrueBorn
//! Prince carried can do (a Direct Capture, [`decide`]).
//!
//! Each answer is checked against playing the action in debug builds
//! ([`Guard::allows`]), and the long Guard comparison
//! (`the_guard_agrees_with_playing_every_action_long`, the ocean's readings
//! among its options) compares the Guard with the definition on every
//! action of hundreds of games. None is given while the TrueBorn Queen is due
//! to go to war as the action ends (she takes the Woodland Princess's place,
//! wherever that is).
//!
//! [`attacked_on`]: crate::dragon::moves::ocean::attacked_on
//! [`recolour`]: crate::dragon::sea::recolour
//! [`generate_at`]: crate::dragon::moves::ocean::generate_at
//! [`attacks_on_land`]: crate::dragon::moves::attack::Threats::attacks_on_land
//! [`decide`]: crate::dragon::victory::decide
//! [`ride`]: crate::dragon::moves::ocean
//! [`jump`]: crate::dragon::moves::ocean

use super::super::action::{Action, ActionKind};
use super::super::board::{NO_SQUARE, SquareSet, board};
use super::super::forces::{Kind, Role};
use super::super::moves::{Ctx, attack::Threats};
use super::super::ocean_rules::OpenWater;
use super::super::options::{DragonOptions, WarlordIntoAttack};
use super::super::state::{Position, flags};
use super::{Guard, Mode, full_rays, sea_liners};

/// A move or a capture.
const MOVES: u32 = 1 << ActionKind::Move as u32 | 1 << ActionKind::Capture as u32;
/// A vessel's advance.
const ADVANCE: u32 = 1 << ActionKind::VesselAdvance as u32;
/// A vessel's advance or Ram.
const SAILS: u32 = ADVANCE | 1 << ActionKind::Ram as u32;

impl Guard {
    /// The royal afloat (or in his room): whether `a` surely leaves him out
    /// of attack (see the module's doc); `false`: play it.
    #[inline(always)]
    pub(super) fn surely_safe_afloat(&self, p: &Position, opts: &DragonOptions, a: Action) -> bool {
        if self.royal == NO_SQUARE || p.flags & flags::QUEEN_WAR_DUE != 0 {
            return false;
        }
        let kind = 1u32 << (a.kind_value() & 31);
        let (from, to) = (a.from(), a.to());
        if from == self.royal {
            // The Dark Warlord free under `allowed` is not tested by the
            // generator (and trusted by the Guard only while not attacked).
            let free = p.force(from).kind() == Some(Kind::DarkWarlord)
                && opts.warlord_into_attack == WarlordIntoAttack::Allowed;
            return kind & (MOVES | SAILS) != 0 && !free;
        }
        if self.mode != Mode::Quiet {
            return false;
        }
        if kind & MOVES != 0 {
            !self.rams_when_left(p, from) && self.off_segments(p, from) && self.off_segments(p, to)
        } else if kind & ADVANCE != 0 {
            self.off_segments(p, from) && self.off_segments(p, to)
        } else {
            false
        }
    }

    /// Whether `sq` (on the grid) is off the segments to the opposing forces
    /// afloat that ride or jump and to the Flagships: not hot, or hot only
    /// for being next to the royal (the line from him through it holds none
    /// of them).
    #[inline(always)]
    fn off_segments(&self, p: &Position, sq: u8) -> bool {
        if !self.hot(sq) {
            return true;
        }
        let b = board();
        let royal = usize::from(self.royal);
        let Some(d) = (0..8).find(|&d| b.step[d][royal] == sq) else {
            return false;
        };
        let ray = full_rays()[d][royal];
        let (orthogonal, diagonal) = sea_liners(p, p.to_move.opponent());
        let mut flagship = false;
        p.fleet
            .and(ray)
            .for_each(|s| flagship |= p.vessel(s).kind().is_flagship());
        !flagship && !ray.meets(if d % 2 == 1 { diagonal } else { orthogonal })
    }

    /// Whether the vessel on `from`, left by the mover's force, would ram the
    /// royal: of the opponent's fleet (she reverts to her own colour) with
    /// her bow at him.
    #[inline(always)]
    fn rams_when_left(&self, p: &Position, from: u8) -> bool {
        let v = p.vessel(from);
        v.is_some()
            && v.kind().side() != p.to_move
            && board().step[usize::from(v.bow())][from as usize] == self.royal
    }

    /// The royal on land and not under attack, `a` a move or capture from
    /// land to land or (`advance`) a vessel's advance touching the ray `d`
    /// from him: whether every opposing force afloat on `liners` (those on
    /// the ray that capture along it from the ocean) is still kept from
    /// capturing him along it afterwards (see the module's doc), judged on
    /// the grid as the action leaves it (its origin emptied, its destination
    /// holding the mover, a vessel that advances with her occupant).
    #[inline(never)]
    pub(super) fn kept_from_sea(
        &self,
        p: &Position,
        opts: &DragonOptions,
        d: usize,
        liners: SquareSet,
        a: Action,
        advance: bool,
    ) -> bool {
        if p.flags & flags::QUEEN_WAR_DUE != 0 {
            return false;
        }
        let b = board();
        let (from, to) = (a.from(), a.to());
        let mut occupied = p.all_occupied();
        let mut mine = p.occupied[p.to_move.index()];
        if p.force(from).is_some() {
            occupied.remove(from);
            occupied.insert(to);
            mine.remove(from);
            mine.insert(to);
        }
        let mut fleet = p.fleet;
        if advance {
            fleet.remove(from);
            fleet.insert(to);
        }
        // What ends every ride and jump from the ocean before him: a vessel
        // with no force aboard, and open water but by `open-water = passes`.
        let mut walls = SquareSet::from_words([
            fleet.0[0] & !occupied.0[0],
            fleet.0[1] & !occupied.0[1],
            fleet.0[2] & !occupied.0[2],
        ]);
        if opts.open_water != OpenWater::Passes {
            for w in 0..3 {
                walls.0[w] |= b.water.0[w] & !fleet.0[w];
            }
        }
        let rays = full_rays();
        let whole = rays[d][usize::from(self.royal)];
        let mut kept = true;
        liners.for_each(|s| {
            let beyond = rays[d][usize::from(s)];
            let mut between = SquareSet::from_words([
                whole.0[0] & !beyond.0[0],
                whole.0[1] & !beyond.0[1],
                whole.0[2] & !beyond.0[2],
            ]);
            between.remove(s);
            kept &= between.meets(walls)
                || if p.force(s).info().role == Role::Crossbow {
                    // A Crossbowman or Catapult jumps one force: two of the
                    // royal's side between stop him, whatever stands there
                    // of his own (ruling `dragon.jump-target`).
                    between.and(mine).count() >= 2
                } else {
                    // A rider stops at the first force.
                    between.meets(occupied)
                };
        });
        kept
    }

    /// The royal on land and attacked: whether `a`, a vessel's advance,
    /// surely leaves him so (attacked by a force on land; see the module's
    /// doc).
    #[inline(never)]
    pub(super) fn surely_refused(&self, p: &Position, opts: &DragonOptions, a: Action) -> bool {
        if !self.land
            || self.royal == NO_SQUARE
            || p.flags & flags::QUEEN_WAR_DUE != 0
            || matches!(
                p.force(a.from()).kind(),
                Some(Kind::RedWitch | Kind::TruebornPrince)
            )
        {
            return false;
        }
        let c = Ctx::new(p, opts);
        let victim = p.force(self.royal);
        let threats = Threats::new(&c, p.to_move.opponent(), victim, c.b.region(self.royal));
        threats.attacks_on_land(&c, self.royal, NO_SQUARE)
    }
}
