//! The reference model's White Room and Stairwell, written plainly from seed
//! 000 ("The Prince is vulnerable to attack and capture in the White Room",
//! "The Dark Warlord is vulnerable to attack and capture in the Stairwell";
//! the Check Lists' "the Forest Sword ... could do so immediately upon the
//! TrueBorn Prince moving to the White Room if the Dark Warlord occupied an
//! adjacent position") and the ruling `dragon.white-room`: a royal in his
//! room is put, for the question, on one more position behind his home rank
//! on the E file (E16, E0) and asked about with the same capture predicate as
//! any position of his kingdom; forces afloat never attack him there.

use super::{Piece, Pos, RefDragon, region};

/// The White Room's point (E16) and the Stairwell's (E0).
pub(super) fn room_point(forest: bool) -> Pos {
    if forest { (4, 15) } else { (4, -1) }
}

/// The room and the royal of a side.
fn room(forest: bool) -> (&'static str, &'static str) {
    if forest {
        ("white-room", "pr")
    } else {
        ("stairwell", "DW")
    }
}

/// The kingdom of `p`, the rooms' points included (`region` otherwise).
pub(super) fn kingdom(p: Pos) -> char {
    if p == room_point(true) {
        'F'
    } else if p == room_point(false) {
        'S'
    } else {
        region(p)
    }
}

fn adjacent(a: Pos, b: Pos) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

impl RefDragon {
    /// Whether the royal of the Forest (`forest`) or the Storms is in his
    /// room.
    pub(super) fn in_room(&self, forest: bool) -> bool {
        let (area, royal) = room(forest);
        self.procs.in_area(area, royal)
    }

    /// Whether the royal of `forest`'s side is in his room and an opposing
    /// force on land could capture him there.
    pub(super) fn room_attacked(&self, forest: bool) -> bool {
        if !self.in_room(forest) {
            return false;
        }
        let point = room_point(forest);
        let mut v = self.clone();
        v.grid.insert(
            point,
            Piece {
                code: room(forest).1.to_owned(),
                unmoved: false,
            },
        );
        v.grid
            .iter()
            .any(|(&a, p)| p.forest() != forest && region(a) != 'O' && v.captures(a, point))
    }

    /// The Forest Sword from the White Room: `to` is next to it, the Prince
    /// is there, and the force asked about is the Dark Warlord.
    pub(super) fn sword_from_room(&self, victim: &str, to: Pos) -> bool {
        victim == "DW" && self.in_room(true) && adjacent(to, room_point(true))
    }

    /// After the Prince (the Red Witch) arrived on `to`: captures the enemy
    /// royal in his room if `to` is next to it.
    pub(super) fn capture_in_room(&mut self, mover_forest: bool, to: Pos) {
        let enemy = !mover_forest;
        if self.in_room(enemy) && adjacent(to, room_point(enemy)) {
            let (area, royal) = room(enemy);
            self.procs.swap_in_area(area, royal, None);
            self.over = true;
        }
    }

    /// The Ice Dragon set afire, the Prince now in the White Room: a Dark
    /// Warlord next to it is captured, unless another Storm force attacks
    /// the room.
    pub(super) fn sword_on_interchange(&mut self) {
        let Some(w) = self.find("DW") else { return };
        if adjacent(w, room_point(true)) && !self.room_attacked(true) {
            self.grid.remove(&w);
            self.over = true;
        }
    }
}
