//! The reference model's Trafalgar Ocean (seed 000), written
//! plainly from the seed and separately from the engine, in the land model's
//! style: every origin tried against every position with one predicate per
//! power; vessels kept as their text tokens (letter, bow, colour).
//!
//! - a vessel flying the mover's colour advances to the position her bow
//!   points at (water, not the Island, no vessel there), rams an opposing
//!   vessel there, re-aligns to any other direction with a position, and a
//!   Flagship with a force aboard and a Cannonball left fires at ninety
//!   degrees to her bow over one occupied vessel at the next vessel beyond, if
//!   opposing (or, under `cannon-target = first-opposing`, the first opposing
//!   vessel beyond);
//! - a force afloat moves or captures by its own powers onto a vessel (any
//!   unoccupied one, or one with an opposing force) or onto land (the Prince
//!   only into the Kingdom of Storms, the Red Witch only into the Forest);
//!   rides pass no vessel and no open water (unless `open-water = passes`);
//!   a Crossbowman's jump passes exactly one force, never an unoccupied
//!   vessel;
//! - a force on land embarks by a normal move onto an unoccupied vessel flying
//!   its colour, never with a capture (not the Prince from the Storms, nor the
//!   Red Witch);
//! - crossing: Dwarf, Crossbowman, Buccaneer, Watchtower entering the Storms
//!   become Elf, Siege Director, Ranger, Green Fortress (the Storm forces
//!   likewise in the Forest); a tower leaving with her bird loses it; the Storm
//!   Queen embarking is the Red Witch, her Red Arrows forfeited; a vessel flies
//!   her occupant's colour, or her own when empty;
//! - a royal may not end a move (his own or his vessel's) where an opposing
//!   force could capture him, an opposing vessel's bow points or an opposing
//!   Cannon could fire.

use super::*;

/// The Island, in the middle of the ocean.
pub const ISLAND: Pos = (4, 7);
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// The bows' directions, clockwise from north, as the notation writes them.
pub const DIR_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

fn on_grid(p: Pos) -> bool {
    (0..9).contains(&p.0) && (0..15).contains(&p.1)
}

fn step(p: Pos, d: usize) -> Pos {
    (p.0 + DIRS[d].0, p.1 + DIRS[d].1)
}

fn bow_index(bow: &str) -> usize {
    DIR_NAMES.iter().position(|&n| n == bow).unwrap()
}

fn orth(dx: i32, dy: i32) -> bool {
    (dx == 0) != (dy == 0)
}

fn diag(dx: i32, dy: i32) -> bool {
    dx.abs() == dy.abs() && dx != 0
}

impl RefDragon {
    fn vessel_at(&self, p: Pos) -> Option<&(char, String, char)> {
        self.vessels.get(&p)
    }

    /// Whether the vessel on `p` flies green.
    fn flies_green(&self, p: Pos) -> bool {
        self.vessel_at(p).unwrap().2 == 'g'
    }

    /// Open water: an ocean position with no vessel (the Island included).
    fn open_water(&self, p: Pos) -> bool {
        region(p) == 'O' && self.vessel_at(p).is_none()
    }

    /// A ride's intermediate positions: land empty, no vessel, open water only
    /// when it passes.
    fn ride_clear(&self, from: Pos, to: Pos) -> bool {
        self.between(from, to).iter().all(|&b| {
            if region(b) == 'O' {
                self.vessel_at(b).is_none() && self.rules.open_water_passes
            } else {
                self.at(b).is_none()
            }
        })
    }

    /// A jump's intermediate positions: exactly one force (on land or aboard a
    /// vessel), or under `first-opposing` one force and then only the
    /// jumper's own on land; never an unoccupied vessel; open water only when
    /// it passes.
    fn sea_jump_clear(&self, from: Pos, to: Pos) -> bool {
        let mine = self.at(from).unwrap().forest();
        let between = self.between(from, to);
        for &b in &between {
            if region(b) == 'O' {
                match self.vessel_at(b) {
                    None if !self.rules.open_water_passes => return false,
                    Some(_) if self.at(b).is_none() => return false,
                    _ => {}
                }
            }
        }
        let forces: Vec<Pos> = between
            .into_iter()
            .filter(|&b| self.at(b).is_some())
            .collect();
        match forces.len() {
            0 => false,
            1 => true,
            _ => {
                self.rules.first_opposing
                    && forces[1..]
                        .iter()
                        .all(|&b| region(b) != 'O' && self.at(b).unwrap().forest() == mine)
            }
        }
    }

    /// Whether the force afloat on `from` moves (`capture` false) or captures
    /// on `to`.
    fn sea_reach(&self, from: Pos, to: Pos, capture: bool) -> bool {
        let p = self.at(from).unwrap();
        let code = p.code.to_ascii_lowercase();
        if region(to) == 'O' {
            if self.vessel_at(to).is_none() {
                return false;
            }
        } else if (code == "pr" && region(to) != 'S') || (code == "rw" && region(to) != 'F') {
            return false;
        }
        match self.at(to) {
            None if capture => return false,
            Some(_) if !capture => return false,
            Some(t) if t.forest() == p.forest() || Self::protected(&p.code, t) => return false,
            _ => {}
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let fwd = if p.forest() { -1 } else { 1 };
        match code.as_str() {
            "pr" | "dw" | "rw" => dx.abs() <= 1 && dy.abs() <= 1,
            "df" | "gn" => dy == fwd && if capture { dx.abs() == 1 } else { dx == 0 },
            "gk" | "rk" => knight(dx, dy),
            "wk" | "bk" => lance(self.rules.knights, dx, dy),
            "wt" | "cs" => orth(dx, dy) && self.ride_clear(from, to),
            "bu" | "pi" => diag(dx, dy) && self.ride_clear(from, to),
            "cb" | "cp" => {
                orth(dx, dy)
                    && if capture {
                        self.sea_jump_clear(from, to)
                    } else {
                        self.ride_clear(from, to)
                    }
            }
            _ => false,
        }
    }

    /// Whether the force on land position `from` embarks on `to`: an
    /// unoccupied vessel flying its colour, by a normal move.
    pub(super) fn embarks_to(&self, from: Pos, to: Pos) -> bool {
        let p = self.at(from).unwrap();
        let code = p.code.to_ascii_lowercase();
        if region(to) != 'O' || self.at(to).is_some() {
            return false;
        }
        let Some(v) = self.vessel_at(to) else {
            return false;
        };
        if (v.2 == 'g') != p.forest() || (code == "pr" && region(from) == 'S') {
            return false;
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let fwd = if p.forest() { -1 } else { 1 };
        let clear = || {
            self.between(from, to).iter().all(|&b| {
                if region(b) == 'O' {
                    self.open_water(b) && self.rules.open_water_passes
                } else {
                    self.at(b).is_none()
                }
            })
        };
        match code.as_str() {
            "pr" | "dw" => dx.abs() <= 1 && dy.abs() <= 1,
            "df" | "gn" => dx == 0 && dy == fwd,
            "gk" | "rk" => knight(dx, dy),
            "wk" | "bk" => lance(self.rules.knights, dx, dy),
            "wt" | "wa" | "cs" | "cr" | "cb" | "cp" => orth(dx, dy) && clear(),
            "bu" | "pi" => diag(dx, dy) && clear(),
            "sq" => (orth(dx, dy) || diag(dx, dy)) && clear(),
            _ => false,
        }
    }

    /// The positions a Cannon of the Flagship on `v` could sink, for the side
    /// `green` (whose colour she must fly).
    fn fire_targets(&self, v: Pos, green: bool) -> Vec<Pos> {
        let (letter, bow, colour) = self.vessel_at(v).unwrap();
        let fleet = usize::from(!letter.is_ascii_lowercase());
        if !matches!(letter, 'f' | 'F')
            || (*colour == 'g') != green
            || self.at(v).is_none()
            || self.cannonballs[fleet] == 0
        {
            return vec![];
        }
        let b = bow_index(bow);
        let mut out = vec![];
        for d in [(b + 2) % 8, (b + 6) % 8] {
            let mut line = vec![];
            let mut p = step(v, d);
            while on_grid(p) && region(p) == 'O' {
                if self.vessel_at(p).is_some() {
                    line.push(p);
                }
                p = step(p, d);
            }
            if line.is_empty() || self.at(line[0]).is_none() {
                continue;
            }
            let beyond = &line[1..];
            let target = if self.rules.cannon_first_opposing {
                beyond.iter().find(|&&q| self.flies_green(q) != green)
            } else {
                beyond.first().filter(|&&q| self.flies_green(q) != green)
            };
            out.extend(target);
        }
        out
    }

    /// Whether the force on `to` is attacked from the ocean: by an opposing
    /// force afloat, and aboard also by an opposing Ram or Cannon.
    pub(super) fn sea_threat(&self, to: Pos) -> bool {
        let victim_green = self.at(to).unwrap().forest();
        let afloat = self.grid.iter().any(|(&a, p)| {
            region(a) == 'O' && p.forest() != victim_green && self.sea_reach(a, to, true)
        });
        if afloat {
            return true;
        }
        if region(to) != 'O' {
            return false;
        }
        self.vessels.iter().any(|(&v, (_, bow, colour))| {
            (*colour == 'g') != victim_green
                && (step(v, bow_index(bow)) == to
                    || self.fire_targets(v, !victim_green).contains(&to))
        })
    }

    /// Whether the force on `to` is attacked at all (land powers and the sea's).
    pub(super) fn attacked(&self, to: Pos) -> bool {
        let victim = self.at(to).unwrap();
        let victim_green = victim.forest();
        self.grid
            .iter()
            .any(|(&a, p)| p.forest() != victim_green && self.captures(a, to))
            || self.sea_threat(to)
            || self.sword_from_room(&victim.code, to)
    }

    /// Whether the royal limits apply to the force `p`.
    fn guarded(&self, p: &Piece) -> bool {
        p.code == "pr" || (p.code == "DW" && !self.rules.warlord_may_be_attacked)
    }

    /// The actions at sea of the side to move: forces afloat and vessels.
    pub(super) fn ocean_actions(&self, out: &mut BTreeSet<String>) {
        let all: Vec<Pos> = (0..9).flat_map(|f| (0..15).map(move |r| (f, r))).collect();
        let green = self.forest_to_move;
        for (&v, (letter, bow, colour)) in &self.vessels {
            if (*colour == 'g') != green {
                continue;
            }
            let aboard = self.at(v);
            let guarded = aboard.is_some_and(|p| self.guarded(p));
            let safe = |action: String, to: Pos| {
                if !guarded || !self.play(&action).attacked(to) {
                    Some(action)
                } else {
                    None
                }
            };
            if aboard.is_some() {
                for &to in &all {
                    if to == v {
                        continue;
                    }
                    if self.sea_reach(v, to, false) {
                        out.extend(safe(format!("{}-{}", name(v), name(to)), to));
                    }
                    if self.sea_reach(v, to, true) {
                        out.extend(safe(format!("{}x{}", name(v), name(to)), to));
                    }
                }
            }
            let b = bow_index(bow);
            let ahead = step(v, b);
            if on_grid(ahead) && region(ahead) == 'O' && ahead != ISLAND {
                match self.vessel_at(ahead) {
                    None => out.extend(safe(format!("v{}-{}", name(v), name(ahead)), ahead)),
                    Some(w) if (w.2 == 'g') != green => {
                        out.extend(safe(format!("v{}x{}", name(v), name(ahead)), ahead));
                    }
                    Some(_) => {}
                }
            }
            for (d, dir) in DIR_NAMES.iter().enumerate() {
                if d != b && on_grid(step(v, d)) {
                    out.insert(format!("v{}>{dir}", name(v)));
                }
            }
            let _ = letter;
            for t in self.fire_targets(v, green) {
                out.insert(format!("v{}*{}", name(v), name(t)));
            }
        }
    }

    /// Applies a vessel's action (`v...`).
    pub(super) fn play_vessel(&self, action: &str) -> RefDragon {
        let mut next = self.clone();
        next.ep = None;
        let body = &action[1..];
        if let Some((a, d)) = body.split_once('>') {
            next.vessels.get_mut(&parse_pos(a)).unwrap().1 = d.to_owned();
        } else if let Some((a, b)) = body.split_once('*') {
            let (a, b) = (parse_pos(a), parse_pos(b));
            next.vessels.remove(&b);
            next.grid.remove(&b);
            let fleet = usize::from(!self.vessel_at(a).unwrap().0.is_ascii_lowercase());
            next.cannonballs[fleet] -= 1;
        } else {
            let (a, b) = body.split_once(['-', 'x']).unwrap();
            let (a, b) = (parse_pos(a), parse_pos(b));
            next.vessels.remove(&b);
            next.grid.remove(&b);
            let v = next.vessels.remove(&a).unwrap();
            next.vessels.insert(b, v);
            if let Some(p) = next.grid.remove(&a) {
                next.grid.insert(b, p);
            }
        }
        next.end_action();
        next
    }

    /// What a force's move from `a` to `b` (already made) does across the
    /// border, and the flags the two positions' vessels now fly.
    pub(super) fn crossing(&mut self, a: Pos, b: Pos) {
        let (ra, rb) = (region(a), region(b));
        let p = self.grid.get_mut(&b).unwrap();
        if ra != 'O' && rb == 'O' {
            let new = match p.code.as_str() {
                "wa" => Some("wt"),
                "CR" => Some("CS"),
                "SQ" => Some("RW"),
                _ => None,
            };
            if p.code == "SQ" {
                self.arrows[4] += self.arrows[3];
                self.arrows[3] = 0;
            }
            if let Some(n) = new {
                p.code = n.to_owned();
            }
        } else if ra == 'O' && rb != 'O' {
            let new = match (p.code.as_str(), rb) {
                ("df", 'S') => Some("el"),
                ("cb", 'S') => Some("sd"),
                ("bu", 'S') => Some("rg"),
                ("wt", 'S') => Some("gf"),
                ("GN", 'F') => Some("TR"),
                ("CP", 'F') => Some("RM"),
                ("PI", 'F') => Some("RD"),
                ("CS", 'F') => Some("RF"),
                _ => None,
            };
            if let Some(n) = new {
                p.code = n.to_owned();
            }
        }
        let green = p.forest();
        if let Some(v) = self.vessels.get_mut(&b) {
            v.2 = if green { 'g' } else { 'r' };
        }
        if let Some(v) = self.vessels.get_mut(&a) {
            v.2 = if v.0.is_ascii_lowercase() { 'g' } else { 'r' };
        }
    }
}
