//! The reference model's procedures (seed 000, "Check Lists"), written plainly
//! from the seed and the project's rulings: Towering and Castling, the choice
//! steps (the Guards, the Interchanges, the Storm Empress, the exchanges),
//! Springing, the TrueBorn Queen going to war and the Shields lowered. The
//! special areas are lists of codes by name, the Barren Lands counts by code.

use std::collections::{BTreeMap, BTreeSet};

use super::{Pos, RefDragon, name, parse_pos, region};

/// What the procedures read beyond the grid.
#[derive(Clone, Debug, Default)]
pub(super) struct Procedures {
    pub(super) areas: BTreeMap<String, Vec<String>>,
    pub(super) barren: BTreeMap<String, u32>,
    pub(super) flags: BTreeSet<String>,
    /// The pending step's name and position.
    pub(super) pending: Option<(String, Option<Pos>)>,
}

impl Procedures {
    /// Reads one field of the export; whether it was one of these.
    pub(super) fn field(&mut self, key: &str, value: &str) -> bool {
        match key {
            "new-earth-library" | "white-room" | "scholars-tower" | "dungeons" | "stairwell"
            | "central-dungeon" | "jailers-office" | "storm-tower" => {
                self.areas.insert(
                    key.to_owned(),
                    value
                        .split(',')
                        .map(|c| c.trim_end_matches('\'').to_owned())
                        .collect(),
                );
            }
            "barren" => {
                for item in value.split(',') {
                    self.barren
                        .insert(item[..2].to_owned(), item[2..].parse().unwrap());
                }
            }
            "flags" => self.flags = value.split(',').map(str::to_owned).collect(),
            "pending" => {
                self.pending = Some(match value.split_once('@') {
                    Some((n, p)) => (n.to_owned(), Some(parse_pos(p))),
                    None => (value.to_owned(), None),
                });
            }
            _ => return false,
        }
        true
    }

    pub(super) fn in_area(&self, area: &str, code: &str) -> bool {
        self.areas
            .get(area)
            .is_some_and(|v| v.iter().any(|c| c == code))
    }

    pub(super) fn swap_in_area(&mut self, area: &str, code: &str, with: Option<&str>) {
        let v = self.areas.entry(area.to_owned()).or_default();
        let i = v.iter().position(|c| c == code).unwrap();
        match with {
            Some(w) => v[i] = w.to_owned(),
            None => {
                v.remove(i);
            }
        }
    }

    pub(super) fn flag(&self, f: &str) -> bool {
        self.flags.contains(f)
    }
}

/// Every position of the grid.
fn all() -> Vec<Pos> {
    (0..9).flat_map(|f| (0..15).map(move |r| (f, r))).collect()
}

impl RefDragon {
    /// Where the force `code` stands, if on the grid.
    pub(super) fn find(&self, code: &str) -> Option<Pos> {
        self.grid
            .iter()
            .find(|(_, p)| p.code == code)
            .map(|(q, _)| *q)
    }

    /// The Guards (Warders) of the side to move, in the engine's position
    /// order (rank by rank from the south, west to east), at most four.
    fn guards(&self) -> Vec<Pos> {
        let code = if self.forest_to_move { "gd" } else { "WD" };
        let mut v: Vec<Pos> = self
            .grid
            .iter()
            .filter(|(_, p)| p.code == code)
            .map(|(q, _)| *q)
            .collect();
        v.sort_by_key(|q| (q.1, q.0));
        v.truncate(4);
        v
    }

    /// Choices 1-4 of an exchange for the side to move.
    fn exchange_offers(&self) -> Vec<u32> {
        let (tower, captive, kinds) = if self.forest_to_move {
            ("storm-tower", "cw", ["wk", "gk", "rg"])
        } else {
            ("scholars-tower", "CM", ["BK", "RK", "RD"])
        };
        let mut out = Vec::new();
        if self.procs.in_area(tower, captive) {
            out.push(1);
        }
        for (i, k) in kinds.iter().enumerate() {
            if self.procs.barren.get(*k).copied().unwrap_or(0) > 0 {
                out.push(i as u32 + 2);
            }
        }
        out
    }

    /// The choices of the pending step, if one is pending.
    pub(super) fn choices(&self) -> Option<BTreeSet<String>> {
        let (step, _) = self.procs.pending.as_ref()?;
        let n: Vec<u32> = match step.as_str() {
            "guards" => (0..1u32 << self.guards().len()).collect(),
            "exchange" => std::iter::once(0).chain(self.exchange_offers()).collect(),
            // Only a concession in lieu of a Planting may be declined
            // (ruling `dragon.concession-declined`).
            "concede-locking-up" | "concede-direct-capture" => vec![1],
            _ => vec![0, 1],
        };
        Some(n.into_iter().map(|k| format!("choose {k}")).collect())
    }

    /// Towering (Castling) landing positions of the royal on `from` and
    /// Springing, in notation.
    pub(super) fn procedure_actions(&self, out: &mut BTreeSet<String>) {
        let forest = self.forest_to_move;
        let (royal, towers, home) = if forest {
            ("pr", ["wt", "wa"], 'F')
        } else {
            ("DW", ["CS", "CR"], 'S')
        };
        if let Some(from) = self.find(royal) {
            let p = self.at(from).unwrap();
            if p.unmoved && region(from) == home {
                for dx in [-1, 1] {
                    let passed = (from.0 + dx, from.1);
                    let landing = (from.0 + 2 * dx, from.1);
                    if !(0..9).contains(&landing.0) {
                        continue;
                    }
                    let mut x = landing.0 + dx;
                    while (0..9).contains(&x) && self.at((x, from.1)).is_none() {
                        x += dx;
                    }
                    let tower_ok = (0..9).contains(&x)
                        && self.at(passed).is_none()
                        && self.at(landing).is_none()
                        && self
                            .at((x, from.1))
                            .is_some_and(|t| t.unmoved && towers.contains(&t.code.as_str()));
                    if tower_ok
                        && !self.lands_under_attack(from, from)
                        && !self.lands_under_attack(from, passed)
                        && !self.lands_under_attack(from, landing)
                    {
                        out.insert(format!("{}-{}", name(from), name(landing)));
                    }
                }
            }
        }
        let (area, alert, kingdom) = if forest {
            ("new-earth-library", "la", 'F')
        } else {
            ("dungeons", "JA", 'S')
        };
        if self.procs.in_area(area, alert) {
            for q in all() {
                if region(q) == kingdom && self.at(q).is_none() {
                    out.insert(format!("spring {}", name(q)));
                }
            }
        }
    }

    /// Whether `action` is Towering (Castling).
    pub(super) fn is_towering(&self, action: &str) -> bool {
        let Some((a, b)) = action.split_once('-') else {
            return false;
        };
        if a.starts_with('v') || !b.chars().all(|c| c.is_ascii_alphanumeric()) {
            return false;
        }
        let (a, b) = (parse_pos(a), parse_pos(b));
        self.at(a).is_some_and(|p| p.code == "pr" || p.code == "DW")
            && a.1 == b.1
            && (a.0 - b.0).abs() == 2
    }

    /// Plays Towering, a choice or a Springing; `None` for other actions.
    pub(super) fn play_procedure(&self, action: &str) -> Option<RefDragon> {
        let mut next = self.clone();
        if self.is_towering(action) {
            let (a, b) = action.split_once('-').unwrap();
            let (a, b) = (parse_pos(a), parse_pos(b));
            let dx = (b.0 - a.0).signum();
            let mut x = b.0 + dx;
            while self.at((x, a.1)).is_none() {
                x += dx;
            }
            let mut royal = next.grid.remove(&a).unwrap();
            royal.unmoved = false;
            next.grid.insert(b, royal);
            let tower = next.grid.remove(&(x, a.1)).unwrap();
            match tower.code.as_str() {
                "wa" => *next.procs.barren.entry("ab".into()).or_default() += 1,
                "CR" => *next.procs.barren.entry("RV".into()).or_default() += 1,
                _ => {}
            }
            let became = if self.forest_to_move {
                "gs"
            } else if self.procs.flag("ice-dragon-afire") {
                "ST"
            } else {
                "RS"
            };
            next.put((a.0 + dx, a.1), became);
            next.ep = None;
            if !next.guards().is_empty() {
                next.procs.pending = Some(("guards".into(), None));
            }
            next.end_action();
            return Some(next);
        }
        if let Some(to) = action.strip_prefix("spring ") {
            let (area, alert, guard) = if self.forest_to_move {
                ("new-earth-library", "la", "lg")
            } else {
                ("dungeons", "JA", "JG")
            };
            next.procs.swap_in_area(area, alert, None);
            next.put(parse_pos(to), guard);
            next.ep = None;
            next.end_action();
            return Some(next);
        }
        let k: u32 = action.strip_prefix("choose ")?.parse().unwrap();
        let (step, at) = next.procs.pending.take().unwrap();
        match (step.as_str(), k) {
            (_, 0) => {}
            ("guards", mask) => {
                let to = if self.forest_to_move { "bu" } else { "PI" };
                for (i, q) in self.guards().into_iter().enumerate() {
                    if mask & 1 << i != 0 {
                        next.put(q, to);
                    }
                }
            }
            ("ice-dragon", _) => {
                let at = at.unwrap();
                next.put(at, "id");
                next.procs.swap_in_area("white-room", "iw", Some("pr"));
                for (from, to) in [("gs", "ft"), ("RS", "ST")] {
                    if let Some(q) = next.find(from) {
                        next.put(q, to);
                    }
                }
                next.procs.swap_in_area("dungeons", "JL", Some("JA"));
                next.procs.flags.insert("ice-dragon-afire".into());
                next.procs.flags.insert("empress-due".into());
                next.sword_on_interchange();
            }
            ("elder-serpent" | "younger-serpent", _) => {
                let at = at.unwrap();
                let (afire, area, waiting, royal) = if step == "elder-serpent" {
                    ("EA", "stairwell", "EW", "DW")
                } else {
                    ("YA", "central-dungeon", "YW", "RW")
                };
                next.put(at, afire);
                next.procs.swap_in_area(area, waiting, Some(royal));
                if next.procs.in_area("new-earth-library", "lb") {
                    next.procs
                        .swap_in_area("new-earth-library", "lb", Some("la"));
                }
                next.procs.flags.insert("serpent-afire".into());
                if !next.procs.flag("queen-at-war") {
                    next.procs.flags.insert("queen-war-due".into());
                }
            }
            ("storm-empress", _) => {
                let q = next.find("SQ").unwrap();
                next.put(q, "SE");
                next.arrows[4] += next.arrows[3];
                next.arrows[3] = 0;
            }
            ("exchange", k) => {
                let at = at.unwrap();
                let (walker, tower, captive, chained, kinds) = if self.forest_to_move {
                    ("el", "storm-tower", "cw", "ce", ["wu", "wk", "gk", "rg"])
                } else {
                    ("TR", "scholars-tower", "CM", "CT", ["MU", "BK", "RK", "RD"])
                };
                let with = kinds[k as usize - 1];
                if k == 1 {
                    next.procs.swap_in_area(tower, captive, Some(chained));
                } else {
                    *next.procs.barren.get_mut(with).unwrap() -= 1;
                    *next.procs.barren.entry(walker.into()).or_default() += 1;
                }
                next.put(at, with);
            }
            _ => panic!("reference: unknown step {step}"),
        }
        next.end_action();
        Some(next)
    }

    /// Puts a force of `code` (moved) on `q`, replacing what stood there.
    fn put(&mut self, q: Pos, code: &str) {
        self.grid.insert(
            q,
            super::Piece {
                code: code.to_owned(),
                unmoved: false,
            },
        );
    }

    /// After a force's move from `a` to `b` (made): the step it opens.
    /// `warlord_landed` is whether the Dark Warlord had landed before.
    pub(super) fn opened(&mut self, a: Pos, b: Pos, warlord_landed: bool) {
        let code = self.at(b).unwrap().code.clone();
        let from_sea = region(a) == 'O';
        let step = match code.as_str() {
            "pr" if from_sea && b.1 == 4 && self.procs.in_area("white-room", "iw") => {
                Some("ice-dragon")
            }
            "DW" if from_sea
                && b.1 == 10
                && !warlord_landed
                && self.procs.in_area("stairwell", "EW") =>
            {
                Some("elder-serpent")
            }
            "RW" if from_sea && b.1 == 10 && self.procs.in_area("central-dungeon", "YW") => {
                Some("younger-serpent")
            }
            "el" if b.1 == 0 && a.1 != 0 && !self.exchange_offers().is_empty() => Some("exchange"),
            "TR" if b.1 == 14 && a.1 != 14 && !self.exchange_offers().is_empty() => {
                Some("exchange")
            }
            _ => None,
        };
        if let Some(s) = step {
            self.procs.pending = Some((s.to_owned(), Some(b)));
        }
        if from_sea && region(b) != 'O' {
            let flag = match (code.as_str(), region(b)) {
                ("DW", 'F') => Some("warlord-landed"),
                ("RW", _) => Some("witch-landed"),
                _ => None,
            };
            if let Some(f) = flag {
                self.procs.flags.insert(f.into());
            }
        }
    }

    /// The end of an action: the turn passes unless a step is pending; the
    /// Storm Empress choice, the TrueBorn Queen going to war, the Shields.
    pub(super) fn end_action(&mut self) {
        if self.procs.pending.is_some() {
            return;
        }
        let storm = !self.forest_to_move;
        if storm && self.procs.flags.remove("empress-due") && self.find("SQ").is_some() {
            self.procs.pending = Some(("storm-empress".into(), None));
            return;
        }
        if storm && self.procs.flags.remove("queen-war-due") {
            let wp = self
                .grid
                .iter()
                .find(|(_, p)| p.code == "wp")
                .map(|(q, _)| *q);
            if let Some(q) = wp
                && self.procs.in_area("new-earth-library", "qk")
            {
                self.put(q, "qw");
                self.procs
                    .swap_in_area("new-earth-library", "qk", Some("wp"));
                self.arrows[2] += self.arrows[0] + self.arrows[1];
                self.arrows[0] = 0;
                self.arrows[1] = 0;
                self.procs.flags.insert("queen-at-war".into());
            }
        }
        // The Shields lowered once nothing they guard against can come.
        let serpent_on_grid = self.find("EA").is_some() || self.find("YA").is_some();
        let elder = self.procs.in_area("stairwell", "EW")
            && !self.procs.flag("warlord-landed")
            && self.find("DW").is_some();
        let younger = self.procs.in_area("central-dungeon", "YW")
            && ((self.find("RW").is_some() && !self.procs.flag("witch-landed"))
                || self.find("SQ").is_some());
        if self.procs.flag("serpent-afire")
            && !self.procs.flag("librarian-shield-lowered")
            && (self.procs.in_area("new-earth-library", "la") || self.find("lg").is_some())
            && !(serpent_on_grid || elder || younger)
        {
            if self.procs.in_area("new-earth-library", "la") {
                self.procs
                    .swap_in_area("new-earth-library", "la", Some("lb"));
            }
            self.procs.flags.insert("librarian-shield-lowered".into());
        }
        if self.procs.flag("ice-dragon-afire")
            && !self.procs.flag("jailer-shield-lowered")
            && (self.procs.in_area("dungeons", "JA") || self.find("JG").is_some())
            && self.find("id").is_none()
        {
            if self.procs.in_area("dungeons", "JA") {
                self.procs.swap_in_area("dungeons", "JA", Some("JL"));
            }
            self.procs.flags.insert("jailer-shield-lowered".into());
        }
        self.forest_to_move = !self.forest_to_move;
        // A consultation and an offer are of one move.
        self.procs.flags.remove("seer-this-move");
        self.procs.flags.remove("truce-offered");
        self.procs.flags.remove("conceded");
    }
}
