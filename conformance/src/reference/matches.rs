//! The Northern Light match, plainly: each Hunt in turn while they are drawn
//! (seed 002, "The Northern Light"), from the models of its three games.

use super::hunts::RefHunt;
use super::keys::{QI, RefKey};

/// The Northern Light match, plainly: each Hunt in turn while they are drawn.
#[derive(Clone)]
pub(super) enum RefMatch {
    Qi(RefKey, Option<usize>),
    Quest(RefHunt),
    Chess(RefHunt),
}

impl RefMatch {
    pub(super) fn start(qi_export: &str) -> RefMatch {
        RefMatch::Qi(RefKey::from_export(&QI, qi_export), None)
    }

    fn actions(&self) -> usize {
        match self {
            RefMatch::Qi(g, _) => g.actions().len(),
            RefMatch::Quest(g) | RefMatch::Chess(g) => g.actions().len(),
        }
    }

    fn play(&mut self, i: usize, set_up: &str) {
        match self {
            RefMatch::Qi(g, qi_first) => {
                let a = g.actions()[i];
                if a.is_none() {
                    *qi_first = Some(i);
                }
                g.play(a, i);
                if g.result() == Some(None) {
                    // DiamondQi drawn: DiamondQuest, the other side first.
                    let first = 1 - qi_first.expect("the coin was tossed");
                    let mut quest = RefHunt::from_export(set_up, false);
                    quest.play(None, first);
                    *self = RefMatch::Quest(quest);
                }
            }
            RefMatch::Quest(g) => {
                let a = g.actions()[i];
                g.play(a, i);
                if g.result() == Some(None) {
                    *self = RefMatch::Chess(RefHunt::from_export(set_up, true));
                }
            }
            RefMatch::Chess(g) => {
                let a = g.actions()[i];
                g.play(a, i);
            }
        }
    }

    pub(super) fn perft(&self, depth: u32, set_up: &str) -> u64 {
        if depth == 0 {
            return 1;
        }
        (0..self.actions())
            .map(|i| {
                let mut child = self.clone();
                child.play(i, set_up);
                child.perft(depth - 1, set_up)
            })
            .sum()
    }
}
