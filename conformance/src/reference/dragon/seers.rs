//! The reference model's Seers and truce offers, written plainly from seed
//! 000 (Cast, Overview and note 8: "a maximum of three times", "during their
//! own move"; rule 23.1) and the rulings `dragon.seers` (one consultation a
//! move, beside another action, never while a choice awaits) and
//! `dragon.truce-agreement` (with offers on: once a move, answered at once,
//! `choose 1` agrees, `choose 0` declines and the offerer's move goes on),
//! and concessions (rule 27 a, ruling `dragon.concede`: with offers on, once a
//! move, `concede locking-up`, `concede direct-capture` or `concede
//! planting-a-flag`, answered at once by `choose 1`, or for a Planting also by
//! `choose 0`, after which the conceder's move goes on).

use std::collections::BTreeSet;

use super::RefDragon;

/// What a concession is in lieu of (rule 27 a).
const KINDS: [&str; 3] = ["locking-up", "direct-capture", "planting-a-flag"];

impl RefDragon {
    /// The side to move's name in the notation.
    fn side_word(&self) -> &'static str {
        if self.forest_to_move {
            "forest"
        } else {
            "storm"
        }
    }

    /// Adds a consultation and a truce offer to `out`, the other actions.
    pub(super) fn seer_and_truce_actions(&self, out: &mut BTreeSet<String>) {
        if out.is_empty() || self.procs.pending.is_some() || self.over {
            return;
        }
        let i = usize::from(!self.forest_to_move);
        if self.seers[i] < 3 && !self.procs.flag("seer-this-move") {
            out.insert(format!("seer {}", self.side_word()));
        }
        if self.rules.truce_offers && !self.procs.flag("truce-offered") {
            out.insert("truce".to_owned());
        }
        if self.rules.concede_offers && !self.procs.flag("conceded") {
            for kind in KINDS {
                out.insert(format!("concede {kind}"));
            }
        }
    }

    /// Whether the side to move answers an offer or a concession.
    pub(super) fn answer_awaited(&self) -> bool {
        self.procs
            .pending
            .as_ref()
            .is_some_and(|(s, _)| s == "truce-offer" || s.starts_with("concede-"))
    }

    /// Plays a consultation, an offer or the answer to an offer; `None` for
    /// other actions.
    pub(super) fn play_seer_or_truce(&self, action: &str) -> Option<RefDragon> {
        let mut next = self.clone();
        if action.starts_with("seer ") {
            next.seers[usize::from(!self.forest_to_move)] += 1;
            next.procs.flags.insert("seer-this-move".into());
        } else if action == "truce" {
            next.procs.flags.insert("truce-offered".into());
            next.procs.pending = Some(("truce-offer".into(), None));
            next.forest_to_move = !next.forest_to_move;
        } else if let Some(kind) = action.strip_prefix("concede ") {
            next.procs.flags.insert("conceded".into());
            next.procs.pending = Some((format!("concede-{kind}"), None));
            next.forest_to_move = !next.forest_to_move;
        } else if self.answer_awaited() {
            next.procs.pending = None;
            next.forest_to_move = !next.forest_to_move;
            next.over = action == "choose 1";
        } else {
            return None;
        }
        Some(next)
    }
}
