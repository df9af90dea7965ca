//! Dragon's reference model (seed 000, "Scope, Moves and Powers of the
//! Forces", the Trafalgar Ocean, the procedures, the Seers and truces), written
//! plainly and separately from the engine:
//! the grid as a map from (file, rank) to a force's two-letter code, the
//! regions by rank arithmetic, and the legal actions found by trying every
//! origin against every position of the grid with one predicate per power. No
//! tables, sets, hashes or buffers. The engine's legal actions must equal these
//! in random positions and under every option, and its perft from the
//! deployment must equal this model's; it runs as an oracle
//! ([`super::legal`]).

mod ocean;
mod procedures;
mod rooms;
mod seers;

pub use ocean::{DIR_NAMES, ISLAND};

use std::collections::{BTreeMap, BTreeSet};
/// A position of the grid: (file, rank) from 0.
pub type Pos = (i32, i32);

/// The position's name (`A1` to `I15`).
#[must_use]
pub fn name(p: Pos) -> String {
    format!("{}{}", char::from(b'A' + p.0 as u8), p.1 + 1)
}

/// 'F' Forest (ranks 11-15), 'S' Storms (1-5), 'O' ocean.
#[must_use]
pub fn region(p: Pos) -> char {
    match p.1 {
        0..=4 => 'S',
        10..=14 => 'F',
        _ => 'O',
    }
}

fn in_palace(forest: bool, p: Pos) -> bool {
    (3..=5).contains(&p.0) && if forest { p.1 >= 12 } else { p.1 <= 2 }
}

#[derive(Clone, Debug, PartialEq)]
struct Piece {
    code: String,
    unmoved: bool,
}

impl Piece {
    fn forest(&self) -> bool {
        self.code.chars().all(|c| c.is_ascii_lowercase())
    }
}

/// The readings of Dragon's rulings the model plays ([`rules_of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rules {
    /// "lance", "sword" or "pike" as 0, 1, 2.
    knights: u8,
    first_opposing: bool,
    warlord_may_be_attacked: bool,
    /// `open-water = passes` (the ocean).
    open_water_passes: bool,
    /// `cannon-target = first-opposing` (the ocean).
    cannon_first_opposing: bool,
    /// `truce-agreement = offers`.
    truce_offers: bool,
    /// `concede = offers`.
    concede_offers: bool,
}

/// Dragon as plainly as possible, at one position.
#[derive(Clone, Debug)]
pub struct RefDragon {
    grid: BTreeMap<Pos, Piece>,
    /// The vessel tokens (letter, bow, colour) by position, kept as text.
    vessels: BTreeMap<Pos, (char, String, char)>,
    forest_to_move: bool,
    /// princess, library, queen, red, forfeited, spent green, spent red.
    arrows: [u32; 7],
    ep: Option<Pos>,
    trident: bool,
    /// Cannonballs left on the Green and the Red Flagship.
    cannonballs: [u32; 2],
    rules: Rules,
    /// The game is over (a royal taken, a flag planted, a truce agreed, a
    /// result field).
    over: bool,
    /// The special areas, the Barren Lands, the flags, the pending step.
    procs: procedures::Procedures,
    /// Seer consultations of the Forest and the Storm OverLord.
    seers: [u32; 2],
}

/// The position a name (`A1` to `I15`) names.
///
/// # Panics
///
/// When `s` is not a position's name.
#[must_use]
pub fn parse_pos(s: &str) -> Pos {
    let b = s.as_bytes();
    (i32::from(b[0] - b'A'), s[1..].parse::<i32>().unwrap() - 1)
}

impl RefDragon {
    /// Reads the engine's export (only what the land moves need).
    ///
    /// # Panics
    ///
    /// When `text` is not a Dragon position.
    #[must_use]
    pub fn parse(text: &str, rules: Rules) -> RefDragon {
        let mut fields = text.split_whitespace();
        let grid_text = fields.next().unwrap();
        let mut grid = BTreeMap::new();
        let mut vessels = BTreeMap::new();
        for (i, rank) in grid_text.split('/').enumerate() {
            let r = 14 - i as i32;
            let mut f = 0;
            let chars: Vec<char> = rank.chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    f += c.to_digit(10).unwrap() as i32;
                    k += 1;
                } else if c == '(' {
                    let end = k + chars[k..].iter().position(|&x| x == ')').unwrap();
                    let inner: String = chars[k + 1..end].iter().collect();
                    let (v, occupant) = match inner.split_once(':') {
                        Some((v, o)) => (v.to_owned(), Some(o.to_owned())),
                        None => (inner.clone(), None),
                    };
                    let letter = v.chars().next().unwrap();
                    let colour = v.chars().last().unwrap();
                    let bow = v[1..v.len() - 1].to_owned();
                    vessels.insert((f, r), (letter, bow, colour));
                    if let Some(o) = occupant {
                        let unmoved = o.ends_with('\'');
                        grid.insert(
                            (f, r),
                            Piece {
                                code: o.trim_end_matches('\'').to_owned(),
                                unmoved,
                            },
                        );
                    }
                    f += 1;
                    k = end + 1;
                } else {
                    let code: String = chars[k..k + 2].iter().collect();
                    let unmoved = chars.get(k + 2) == Some(&'\'');
                    grid.insert((f, r), Piece { code, unmoved });
                    f += 1;
                    k += if unmoved { 3 } else { 2 };
                }
            }
        }
        let forest_to_move = fields.next() == Some("forest");
        let mut arrows = [0; 7];
        let mut ep = None;
        let mut trident = false;
        let mut cannonballs = [0; 2];
        let mut over = false;
        let mut procs = procedures::Procedures::default();
        let mut seers = [0; 2];
        for field in fields {
            if let Some(v) = field.strip_prefix("seers:") {
                for (i, n) in v.split(',').enumerate() {
                    seers[i] = n.parse().unwrap();
                }
            }
            if let Some((key, value)) = field.split_once(':') {
                procs.field(key, value);
            }
            if let Some(v) = field.strip_prefix("cannonballs:") {
                for (i, n) in v.split(',').take(2).enumerate() {
                    cannonballs[i] = n.parse().unwrap();
                }
            }
            if let Some(v) = field.strip_prefix("arrows:") {
                for (i, n) in v.split(',').enumerate() {
                    arrows[i] = n.parse().unwrap();
                }
            } else if let Some(v) = field.strip_prefix("ep:") {
                ep = Some(parse_pos(v));
            } else if let Some(v) = field.strip_prefix("flags:") {
                trident = v.split(',').any(|f| f == "trident-opening");
            } else if ["draw:", "forest-wins:", "storm-wins:"]
                .iter()
                .any(|k| field.starts_with(k))
            {
                over = true;
            }
        }
        RefDragon {
            grid,
            vessels,
            forest_to_move,
            arrows,
            ep,
            trident,
            cannonballs,
            rules,
            over,
            procs,
            seers,
        }
    }

    fn mine(&self, p: &Piece) -> bool {
        p.forest() == self.forest_to_move
    }

    fn at(&self, p: Pos) -> Option<&Piece> {
        self.grid.get(&p)
    }

    /// Whether every position strictly between `a` and `b` (on a line) is empty.
    fn clear_between(&self, a: Pos, b: Pos) -> bool {
        self.between(a, b).iter().all(|p| self.at(*p).is_none())
    }

    fn between(&self, a: Pos, b: Pos) -> Vec<Pos> {
        let (dx, dy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        let mut out = Vec::new();
        let mut p = (a.0 + dx, a.1 + dy);
        while p != b {
            out.push(p);
            p = (p.0 + dx, p.1 + dy);
        }
        out
    }

    /// Whether an attacker with code `attacker` may capture `target` at all.
    fn protected(attacker: &str, target: &Piece) -> bool {
        target.code == "wp"
            || (target.code == "pr" && attacker == "DW")
            || (target.code == "RW" && attacker == "pr")
    }

    /// Whether the force on `from` could capture on `to` (an opposing force
    /// standing there), by its powers of capture (arrows and gliding aside).
    fn captures(&self, from: Pos, to: Pos) -> bool {
        let Some(p) = self.at(from) else { return false };
        let Some(t) = self.at(to) else { return false };
        if p.forest() == t.forest() || Self::protected(&p.code, t) {
            return false;
        }
        if region(from) != rooms::kingdom(to) || region(from) == 'O' {
            return false;
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let fwd = if p.forest() { -1 } else { 1 };
        let adjacent = dx.abs() <= 1 && dy.abs() <= 1;
        let orth = (dx == 0) != (dy == 0);
        let diag = dx.abs() == dy.abs() && dx != 0;
        let code = p.code.to_ascii_lowercase();
        let rides = |ok: bool| ok && self.clear_between(from, to);
        let jumps = |ok: bool| ok && self.jump_ok(from, to);
        let blazes = |ok: bool| ok && !self.shield_between(from, to, p.forest());
        match code.as_str() {
            "pr" | "dw" | "rw" | "ab" | "rv" => adjacent,
            "gd" | "wd" => adjacent && in_palace(p.forest(), from) && in_palace(p.forest(), to),
            "el" | "tr" | "pd" | "ci" => adjacent && ((dy == fwd) || (dy == 0 && dx != 0)),
            "df" | "gn" => dy == fwd && dx.abs() == 1,
            "gk" | "rk" => knight(dx, dy),
            "wk" | "bk" => lance(self.rules.knights, dx, dy),
            "wt" | "wa" | "cs" | "cr" => rides(orth),
            "bu" | "pi" => rides(diag),
            "qw" | "sq" | "se" | "gf" | "rf" | "gs" | "rs" | "ft" | "st" => rides(orth || diag),
            "cb" | "cp" => jumps(orth),
            "sd" | "rm" => rides(orth) || jumps(orth),
            "rg" | "rd" => rides(diag) || jumps(diag),
            "wu" | "mu" => rides(orth || diag) || jumps(orth || diag),
            "id" => blazes(orth || diag),
            "ea" => blazes(orth),
            "ya" => blazes(diag),
            _ => false,
        }
    }

    /// A jump from `from` to `to`: exactly one force between, or (under
    /// `first-opposing`) one force and then only the jumper's own.
    fn jump_ok(&self, from: Pos, to: Pos) -> bool {
        let mine = self.at(from).unwrap().forest();
        let between: Vec<&Piece> = self
            .between(from, to)
            .iter()
            .filter_map(|p| self.at(*p))
            .collect();
        match between.len() {
            0 => false,
            1 => true,
            _ => self.rules.first_opposing && between[1..].iter().all(|b| b.forest() == mine),
        }
    }

    /// A Shield (the opposing Librarian or Jailer On Guard) on the line from
    /// `from` to `to`, or on `to` itself.
    fn shield_between(&self, from: Pos, to: Pos, forest: bool) -> bool {
        let shield = if forest { "JG" } else { "lg" };
        self.between(from, to)
            .iter()
            .chain(std::iter::once(&to))
            .any(|p| self.at(*p).is_some_and(|x| x.code == shield))
    }

    /// Whether the force on `from` could move to the unoccupied `to` on land in
    /// its own kingdom.
    fn moves_to(&self, from: Pos, to: Pos) -> bool {
        let p = self.at(from).unwrap();
        if self.at(to).is_some() || region(from) != region(to) || region(from) == 'O' {
            return false;
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let fwd = if p.forest() { -1 } else { 1 };
        let adjacent = dx.abs() <= 1 && dy.abs() <= 1;
        let orth = (dx == 0) != (dy == 0);
        let diag = dx.abs() == dy.abs() && dx != 0;
        let rides = |ok: bool| ok && self.clear_between(from, to);
        let flies = |ok: bool| ok && !self.shield_between(from, to, p.forest());
        match p.code.to_ascii_lowercase().as_str() {
            "pr" | "dw" | "rw" | "lg" | "jg" => adjacent,
            "gd" | "wd" => adjacent && in_palace(p.forest(), from) && in_palace(p.forest(), to),
            "el" | "tr" | "pd" | "ci" => adjacent && ((dy == fwd) || (dy == 0 && dx != 0)),
            "df" | "gn" => {
                let second = if p.forest() { 13 } else { 1 };
                dx == 0
                    && (dy == fwd
                        || (dy == 2 * fwd
                            && p.unmoved
                            && from.1 == second
                            && self.at((from.0, from.1 + fwd)).is_none()))
            }
            "gk" | "rk" => knight(dx, dy),
            "wk" | "bk" => lance(self.rules.knights, dx, dy),
            "wt" | "wa" | "cs" | "cr" | "cb" | "cp" | "sd" | "rm" => rides(orth),
            "bu" | "pi" | "rg" | "rd" => rides(diag),
            "qw" | "sq" | "se" | "gf" | "rf" | "gs" | "rs" | "ft" | "st" | "wu" | "mu" => {
                rides(orth || diag)
            }
            "id" => flies(orth || diag),
            "ea" => flies(orth),
            "ya" => flies(diag),
            "ab" | "rv" => orth,
            _ => false,
        }
    }

    /// Gliding to the unoccupied `to` in the other kingdom.
    fn glides_to(&self, from: Pos, to: Pos) -> bool {
        let p = self.at(from).unwrap();
        let code = p.code.to_ascii_lowercase();
        let diagonal_too = matches!(code.as_str(), "se" | "wu" | "mu" | "ft" | "st");
        let vertical_only = matches!(code.as_str(), "ab" | "rv");
        if !(diagonal_too || vertical_only) || self.at(to).is_some() {
            return false;
        }
        let (rf, rt) = (region(from), region(to));
        if rf == 'O' || rt == 'O' || rf == rt {
            return false;
        }
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        dx == 0 || (diagonal_too && dx.abs() == dy.abs())
    }

    /// Whether the royal moving from `from` to `to` would stand under attack.
    fn lands_under_attack(&self, from: Pos, to: Pos) -> bool {
        let mut after = self.clone();
        let royal = after.grid.remove(&from).unwrap();
        let code = royal.code.clone();
        after.grid.insert(to, royal);
        let attackers: Vec<Pos> = after
            .grid
            .iter()
            .filter(|(_, p)| !after.mine(p))
            .map(|(q, _)| *q)
            .collect();
        attackers.into_iter().any(|a| after.captures(a, to))
            || after.sea_threat(to)
            || after.sword_from_room(&code, to)
    }

    /// Every legal action, in the engine's notation: the forces' and vessels'
    /// actions and the flags planted, less those that leave the mover's own
    /// royal under attack (unless they win at once).
    #[must_use]
    pub fn actions(&self) -> BTreeSet<String> {
        if self.over {
            return BTreeSet::new();
        }
        let mut out = self.board_actions();
        self.seer_and_truce_actions(&mut out);
        out
    }

    /// Every legal action but a consultation or a truce offer.
    fn board_actions(&self) -> BTreeSet<String> {
        let mut out = self.unguarded_actions();
        if self.choices().is_none() {
            self.plants(&mut out);
        }
        // The answer to a truce offer or a concession is no move of the
        // answerer's: his royal's duty to escape waits for his own move.
        if self.answer_awaited() {
            return out;
        }
        let royal = if self.forest_to_move { "pr" } else { "DW" };
        let Some(at) = self.find(royal) else {
            // In his room (`dragon.white-room`): no action may leave him
            // attacked there.
            if self.in_room(self.forest_to_move) {
                out.retain(|a| {
                    let next = self.play(a);
                    next.over || !next.room_attacked(self.forest_to_move)
                });
            }
            return out;
        };
        // `warlord-into-attack = allowed`: his own moves, while not attacked.
        let free = !self.forest_to_move && self.rules.warlord_may_be_attacked && !self.attacked(at);
        out.retain(|a| {
            if free && origin(a) == Some(at) {
                return true;
            }
            let next = self.play(a);
            next.over
                || next.find(royal).map_or_else(
                    || !next.room_attacked(self.forest_to_move),
                    |q| !next.attacked(q),
                )
        });
        out
    }

    /// Planting a Flag: the Prince on E3 or E4 (the Shadow Banner's covering
    /// positions), the Dark Warlord or the Red Witch on E13 or E12, not under
    /// attack (the Red Witch: while the Dark Warlord is not).
    fn plants(&self, out: &mut BTreeSet<String>) {
        let (bearers, covering): (&[&str], [Pos; 2]) = if self.forest_to_move {
            (&["pr"], [(4, 2), (4, 3)])
        } else {
            (&["DW", "RW"], [(4, 12), (4, 11)])
        };
        for at in covering {
            let Some(p) = self.at(at) else { continue };
            if !bearers.contains(&p.code.as_str()) {
                continue;
            }
            let safe = if p.code == "RW" {
                self.find("DW").is_none_or(|w| !self.attacked(w))
            } else {
                !self.attacked(at)
            };
            if safe {
                out.insert(format!("plant {}", name(at)));
            }
        }
    }

    /// The actions of the forces and vessels, the royal's duty to escape aside.
    fn unguarded_actions(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.trident && !self.forest_to_move {
            let dirs = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
            for w in &dirs[1..] {
                for e in &dirs[1..] {
                    out.insert(format!("trident {w} {e}"));
                }
            }
            return out;
        }
        if let Some(choices) = self.choices() {
            return choices;
        }
        let all: Vec<Pos> = (0..9).flat_map(|f| (0..15).map(move |r| (f, r))).collect();
        for (&from, p) in &self.grid {
            if !self.mine(p) || region(from) == 'O' {
                continue;
            }
            let royal = p.code == "pr" || p.code == "DW";
            let checked = p.code == "pr" || (p.code == "DW" && !self.rules.warlord_may_be_attacked);
            for &to in &all {
                if to == from {
                    continue;
                }
                let ok_royal = |s: &Self| !checked || !s.lands_under_attack(from, to);
                if self.moves_to(from, to) && (!royal || ok_royal(self)) {
                    out.insert(format!("{}-{}", name(from), name(to)));
                }
                if self.captures(from, to) && (!royal || ok_royal(self)) {
                    out.insert(format!("{}x{}", name(from), name(to)));
                }
                if self.glides_to(from, to) {
                    out.insert(format!("{}-{}", name(from), name(to)));
                }
                if self.embarks_to(from, to) && (!royal || ok_royal(self)) {
                    out.insert(format!("{}-{}", name(from), name(to)));
                }
                self.extras(from, p, to, &mut out);
            }
        }
        self.ocean_actions(&mut out);
        self.procedure_actions(&mut out);
        out
    }

    /// Arrows, maiden flights and en passant from `from` to `to`.
    fn extras(&self, from: Pos, p: &Piece, to: Pos, out: &mut BTreeSet<String>) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let aligned = (dx == 0) != (dy == 0) || (dx.abs() == dy.abs() && dx != 0);
        let target = self.at(to).map(|t| t.code.as_str());
        let arrows = match p.code.as_str() {
            "wp" => (self.arrows[0], vec!["RV"]),
            "qw" => (self.arrows[2], vec!["RV", "EA", "YA"]),
            "SQ" => (self.arrows[3], vec!["ab", "id"]),
            _ => (0, vec![]),
        };
        if arrows.0 > 0
            && aligned
            && region(from) == region(to)
            && target.is_some_and(|t| arrows.1.contains(&t))
        {
            out.insert(format!("{}*{}", name(from), name(to)));
        }
        let home = if p.forest() { 'F' } else { 'S' };
        if (p.code == "wa" || p.code == "CR")
            && region(from) == home
            && dx == 0
            && region(to) != home
            && region(to) != 'O'
            && target.is_none()
        {
            out.insert(format!("{}^{}", name(from), name(to)));
        }
        if (p.code == "el" || p.code == "TR") && self.ep == Some(to) {
            let fwd = if p.forest() { -1 } else { 1 };
            if dx.abs() == 1 && (dy == 0 || dy == fwd) {
                out.insert(format!("{}x{}ep", name(from), name(to)));
            }
        }
    }

    /// Applies an action in notation (what the perft needs), and what it
    /// decides: a flag planted, a Direct Capture (the Prince, or the Red
    /// Witch, now next to the enemy royal on any side, across any border), an
    /// enemy royal taken.
    ///
    /// # Panics
    ///
    /// When `action` is not in the notation.
    #[must_use]
    pub fn play(&self, action: &str) -> RefDragon {
        if let Some(next) = self.play_seer_or_truce(action) {
            return next;
        }
        if action.starts_with("plant ") {
            let mut next = self.clone();
            next.over = true;
            return next;
        }
        let mut next = self.play_force_or_vessel(action);
        let (mover, victim) = if self.forest_to_move {
            ("pr", "DW")
        } else {
            ("RW", "pr")
        };
        let before = self.find(victim).is_some();
        let carried = action.starts_with('v') && !action.contains('*') && !action.contains('>');
        let plain = !action.starts_with('v')
            && !action.ends_with("ep")
            && !action.contains('*')
            && !action.contains('^')
            && !action.starts_with("trident")
            && !action.starts_with("choose")
            && !action.starts_with("spring");
        if carried || plain {
            let to = parse_pos(
                action
                    .trim_start_matches('v')
                    .split(['-', 'x'])
                    .nth(1)
                    .unwrap(),
            );
            if next.at(to).is_some_and(|p| p.code == mover) {
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        let q = (to.0 + dx, to.1 + dy);
                        if next.at(q).is_some_and(|p| p.code == victim) {
                            next.grid.remove(&q);
                        }
                    }
                }
                next.capture_in_room(self.forest_to_move, to);
            }
        }
        if before && next.find(victim).is_none() {
            next.over = true;
        }
        next
    }

    fn play_force_or_vessel(&self, action: &str) -> RefDragon {
        if action.starts_with('v') {
            return self.play_vessel(action);
        }
        if let Some(next) = self.play_procedure(action) {
            return next;
        }
        let mut next = self.clone();
        next.ep = None;
        if let Some(rest) = action.strip_prefix("trident ") {
            let (w, e) = rest.split_once(' ').unwrap();
            for (p, bow) in [((3, 5), w), ((5, 5), e)] {
                next.vessels.get_mut(&p).unwrap().1 = bow.to_owned();
            }
            next.trident = false;
        } else if let Some((a, b)) = action.split_once('*') {
            next.grid.remove(&parse_pos(b));
            let archer = &self.at(parse_pos(a)).unwrap().code;
            let i = match archer.as_str() {
                "wp" => 0,
                "qw" => 2,
                _ => 3,
            };
            next.arrows[i] -= 1;
        } else if let Some((a, b)) = action.split_once('^') {
            let (a, b) = (parse_pos(a), parse_pos(b));
            let tower = next.grid.get_mut(&a).unwrap();
            let bird = if tower.code == "wa" { "ab" } else { "RV" };
            tower.code = if tower.code == "wa" { "wt" } else { "CS" }.to_owned();
            next.grid.insert(
                b,
                Piece {
                    code: bird.to_owned(),
                    unmoved: false,
                },
            );
        } else {
            let ep = action.ends_with("ep");
            let body = action.trim_end_matches("ep");
            let (a, b) = body.split_once(['-', 'x']).unwrap();
            let (a, b) = (parse_pos(a), parse_pos(b));
            let mut p = next.grid.remove(&a).unwrap();
            next.grid.remove(&b);
            if ep {
                let fwd_victim = if p.forest() { 1 } else { -1 };
                next.grid.remove(&(b.0, b.1 + fwd_victim));
            }
            let lower = p.code.to_ascii_lowercase();
            if (lower == "df" || lower == "gn") && (b.1 - a.1).abs() == 2 {
                next.ep = Some((a.0, (a.1 + b.1) / 2));
            }
            if (lower == "pd" || lower == "ci") && !in_palace(p.forest(), b) {
                p.code = if p.forest() { "df" } else { "GN" }.to_owned();
            }
            p.unmoved = false;
            next.grid.insert(b, p);
            next.crossing(a, b);
            let landed = self.procs.flags.contains("warlord-landed");
            next.opened(a, b, landed);
        }
        next.end_action();
        next
    }

    /// The leaves `depth` actions deep.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions.iter().map(|a| self.play(a).perft(depth - 1)).sum()
    }
}

/// The position an action in notation starts from, if any.
fn origin(action: &str) -> Option<Pos> {
    let body = action.strip_prefix("plant ").unwrap_or(action);
    let body = body.strip_prefix('v').unwrap_or(body);
    let end = body.find(['-', 'x', '*', '^', '>']).unwrap_or(body.len());
    let head = &body[..end];
    let b = head.as_bytes();
    (b.len() >= 2 && b[0].is_ascii_uppercase() && b[1].is_ascii_digit()).then(|| parse_pos(head))
}

fn knight(dx: i32, dy: i32) -> bool {
    (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1)
}

/// The White and Black Knights: the Lance (3 then 1 or 2), the Sword (1 or 2
/// diagonally, or the Knight's leap), the Pike (1 or 2 orthogonally, or the
/// Knight's leap).
fn lance(variation: u8, dx: i32, dy: i32) -> bool {
    let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
    match variation {
        0 => a == 3 && (b == 1 || b == 2),
        1 => knight(dx, dy) || (dx.abs() == dy.abs() && (1..=2).contains(&dx.abs())),
        _ => knight(dx, dy) || (b == 0 && (1..=2).contains(&a)),
    }
}

/// The readings that Dragon's `options` (as a scenario's or a perft table's
/// option table) select.
#[must_use]
pub fn rules_of(options: &BTreeMap<String, String>) -> Rules {
    let is = |k: &str, v: &str| options.get(k).is_some_and(|x| x == v);
    Rules {
        knights: if is("knights", "sword") {
            1
        } else if is("knights", "pike") {
            2
        } else {
            0
        },
        first_opposing: is("jump-target", "first-opposing"),
        warlord_may_be_attacked: is("warlord-into-attack", "allowed"),
        open_water_passes: is("open-water", "passes"),
        cannon_first_opposing: is("cannon-target", "first-opposing"),
        truce_offers: is("truce-agreement", "offers"),
        concede_offers: is("concede", "offers"),
    }
}
