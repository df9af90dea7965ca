//! The [`Guard`]'s refusals without playing of a move or capture on land
//! while the royal stands afloat under attack (seed 000, The TrueBorn
//! Prince: "must not remain under attack if it is possible to escape the
//! attack"; ruling `dragon.locking-up`).
//!
//! A royal afloat is attacked by an opposing force afloat that could board
//! his vessel with a capture, by an opposing vessel whose Ram points at him
//! and by an opposing Flagship's Cannon (ruling `dragon.royal-aboard`,
//! [`attacked_on`]): nothing on land takes part in those attacks, and a
//! straight line between two positions of the ocean crosses no land. A move
//! or capture from land to land by a force other than the royal changes the
//! grid on its two positions only (the origin emptied, the destination
//! holding the mover, an opposing force on land taken there), no vessel and
//! no force afloat: he stays attacked.
//!
//! Not for a win at once, which never leaves him attacked (the definition's
//! first answer): the TrueBorn Prince's or the Red Witch's (or the Storm
//! Queen's, who becomes her on leaving the Kingdom of Storms) Direct
//! Capture, the enemy royal taken; nor while the TrueBorn Queen is due to go
//! to war as the action ends. Each refusal is checked against playing the
//! action in debug builds ([`Guard::allows`]), and the long Guard comparison
//! compares the Guard with the definition on every action of hundreds of
//! games.
//!
//! [`attacked_on`]: crate::dragon::moves::ocean::attacked_on

use super::super::action::{Action, ActionKind};
use super::super::board::{NO_SQUARE, SQUARES, board};
use super::super::forces::Kind;
use super::super::state::{Position, flags};
use super::{Guard, Mode};

impl Guard {
    /// The royal afloat and under attack: whether `a`, a move or capture
    /// from land to land, surely leaves him so (see the module's doc);
    /// `false`: play it.
    #[inline(never)]
    pub(super) fn surely_still_attacked(&self, p: &Position, a: Action) -> bool {
        let b = board();
        let (from, to) = (a.from(), a.to());
        self.mode == Mode::Everything
            && !self.land
            && self.royal != NO_SQUARE
            && matches!(a.kind(), Some(ActionKind::Move | ActionKind::Capture))
            && usize::from(from) < SQUARES
            && usize::from(to) < SQUARES
            && b.region(from).is_land()
            && b.region(to).is_land()
            && !p.royals.has(to)
            && p.flags & flags::QUEEN_WAR_DUE == 0
            && !matches!(
                p.force(from).kind(),
                Some(Kind::RedWitch | Kind::StormQueen | Kind::TruebornPrince)
            )
    }
}
