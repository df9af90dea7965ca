//! The [`Guard`]'s refusals without playing of a move or capture on land
//! while the royal stands under attack (seed 000, The TrueBorn Prince:
//! "must not remain under attack if it is possible to escape the attack";
//! ruling `dragon.locking-up`).
//!
//! A move or capture from land to land by a force other than the royal
//! changes the grid on its two positions only (the origin emptied, the
//! destination holding the mover, an opposing force on land taken there),
//! no vessel and no force afloat. So:
//!
//! - **the royal afloat attacked** by an opposing force afloat that could
//!   board his vessel with a capture, by an opposing vessel whose Ram points
//!   at him or by an opposing Flagship's Cannon (ruling
//!   `dragon.royal-aboard`, [`attacked_on`]): nothing on land takes part in
//!   those attacks, and a straight line between two positions of the ocean
//!   crosses no land: he stays attacked;
//! - **the royal on land attacked**: an action off the Guard's hot
//!   positions (his lines, the opposing forces) leaves him attacked unless it
//!   may win at once, so the Guard refuses it ([`Guard::verdict`]) but for
//!   the Red Witch and the Storm Queen, who becomes her on leaving the
//!   Kingdom of Storms; within it, the Storm Queen's move is any other
//!   force's, refused here.
//!
//! Not for a win at once, which never leaves him attacked (the definition's
//! first answer): the TrueBorn Prince's or the Red Witch's Direct Capture
//! (the Storm Queen's, leaving the Kingdom of Storms), the enemy royal
//! taken; nor while the TrueBorn Queen is due to go to war as the action
//! ends. Each refusal is checked against playing the action in debug builds
//! ([`Guard::allows`]), and the long Guard comparison compares the Guard
//! with the definition on every action of hundreds of games.
//!
//! [`attacked_on`]: crate::dragon::moves::ocean::attacked_on

use super::super::action::{Action, ActionKind};
use super::super::board::{NO_SQUARE, Region, SQUARES, board};
use super::super::forces::Kind;
use super::super::state::{Position, flags};
use super::{Guard, Mode};

impl Guard {
    /// The royal under attack: whether `a`, a move or capture from land to
    /// land, surely leaves him so (see the module's doc); `false`: play it.
    #[inline(never)]
    pub(super) fn surely_still_attacked(&self, p: &Position, a: Action) -> bool {
        let b = board();
        let (from, to) = (a.from(), a.to());
        let on_land = self.royal != NO_SQUARE
            && matches!(a.kind(), Some(ActionKind::Move | ActionKind::Capture))
            && usize::from(from) < SQUARES
            && usize::from(to) < SQUARES
            && b.region(from).is_land()
            && b.region(to).is_land()
            && !p.royals.has(to)
            && p.flags & flags::QUEEN_WAR_DUE == 0;
        if !on_land {
            return false;
        }
        // A Direct Capture: the Prince's, the Red Witch's, the Storm
        // Queen's who becomes her on leaving the Kingdom of Storms (within
        // it, her move is any other force's).
        let wins = match p.force(from).kind() {
            Some(Kind::RedWitch | Kind::TruebornPrince) => true,
            Some(Kind::StormQueen) => b.region(to) != Region::Storm,
            _ => false,
        };
        match self.mode {
            Mode::Everything => !wins && !self.land,
            // On land: an action off the hot positions (his lines, the
            // opposing forces) is refused by `Guard::verdict` unless it may
            // win; the Storm Queen staying in the Kingdom of Storms cannot.
            Mode::Attacked => !wins && self.land && !self.hot(from) && !self.hot(to),
            Mode::Quiet => false,
        }
    }
}
