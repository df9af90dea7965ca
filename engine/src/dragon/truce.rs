//! The Truce (seed 000, rule 23: "A Truce shall be declared and the game
//! considered drawn under the following circumstances: 1. By agreement
//! between the two players. The Arbiter may over-rule 2. Where a Situation
//! (overall position) is repeated three times with the same player having the
//! move. The situation will be considered as having been repeated if forces
//! of the same colour(s) and type occupy the same positions. 3. If a situation
//! occurs whereby fifty moves are played by both players and there having
//! been no capture or sinking nor any movement of Vessels, Dwarfs, Gnomes,
//! Elves or Trolls. In this case either player or the Arbiter can enforce a
//! Truce."; note 7: "Stalemate results in a truce being declared and is
//! therefore a draw").
//!
//! - By agreement ([`TRUCE_BY_AGREEMENT`], ruling [`AGREEMENT`]): with
//!   `--option truce-agreement=offers` the side to move may offer a truce
//!   (`truce`) once a move; the opponent answers at once, `choose 1` agrees,
//!   `choose 0` declines and the offerer's move goes on.
//! - Threefold repetition ([`THREEFOLD_REPETITION`], ruling [`REPETITION`]):
//!   the game's [`RepetitionHistory`] of position hashes, restarted by the
//!   actions that can never be undone (`irreversible`).
//! - The fifty-move truce and stalemate: `apply.rs`'s `finish` (rulings
//!   [`FIFTY_MOVES`] and [`STALEMATE`]).
//!
//! A truce scores half a Game Point each (the Scoring Table's line is lost).

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::board::{NO_SQUARE, rank_of};
use super::events::DragonEvent;
use super::forces::Role;
use super::options::DragonOptions;
use super::procedures::{self, Pending, ProcedureEvent};
use super::state::{Position, SEER_LIMIT, flags};
pub use crate::core::rules::THREEFOLD_REPETITION;
use crate::core::{InvariantError, OptionError, Outcome, RepetitionHistory, RuleId};
use crate::rulings::{Reading, Ruling};

/// Rule 23.1: "By agreement between the two players."
pub const TRUCE_BY_AGREEMENT: RuleId = RuleId("truce-by-agreement");

/// Ruling `dragon.truce-agreement`: whether truces are offered in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TruceAgreement {
    /// No offers: the players never agree (random play, perft).
    #[default]
    Never,
    /// The side to move may offer a truce once a move; the opponent agrees
    /// or declines at once.
    Offers,
}

impl TruceAgreement {
    /// The option values, the default first.
    pub const NAMES: [&'static str; 2] = ["never", "offers"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TruceAgreement::Never => "never",
            TruceAgreement::Offers => "offers",
        }
    }

    /// Reads an option value.
    ///
    /// # Errors
    ///
    /// When `value` is not one of [`TruceAgreement::NAMES`].
    pub fn parse(key: &str, value: &str) -> Result<TruceAgreement, OptionError> {
        match value {
            "never" => Ok(TruceAgreement::Never),
            "offers" => Ok(TruceAgreement::Offers),
            _ => Err(OptionError::bad_value(key, value, &TruceAgreement::NAMES)),
        }
    }
}

/// Ruling `dragon.repetition`: what the repetition of a Situation compares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RepetitionReading {
    /// What can happen: the whole position, but an en-passant position only
    /// while a legal en-passant capture onto it exists, and each side's
    /// Seer consultations only as whether he may still consult; a
    /// consultation does not restart the history.
    #[default]
    LegalActions,
    /// The whole position as it stands: the en-passant position and the
    /// number of consultations always; a consultation restarts the history.
    WholeSituation,
}

impl RepetitionReading {
    /// The option values, the default first.
    pub const NAMES: [&'static str; 2] = ["legal-actions", "whole-situation"];

    /// The option value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RepetitionReading::LegalActions => "legal-actions",
            RepetitionReading::WholeSituation => "whole-situation",
        }
    }

    /// Reads an option value.
    ///
    /// # Errors
    ///
    /// When `value` is not one of [`RepetitionReading::NAMES`].
    pub fn parse(key: &str, value: &str) -> Result<RepetitionReading, OptionError> {
        match value {
            "legal-actions" => Ok(RepetitionReading::LegalActions),
            "whole-situation" => Ok(RepetitionReading::WholeSituation),
            _ => Err(OptionError::bad_value(
                key,
                value,
                &RepetitionReading::NAMES,
            )),
        }
    }
}

/// The key the repetition history records for `p` (ruling [`REPETITION`]):
/// its hash, under the default reading less the en-passant position when no
/// legal en-passant capture onto it exists and with each side's Seer
/// consultations counted only as whether he may still consult. The tests
/// beyond the hash run only while an en-passant position is set (after a
/// double step) or a side has consulted once or twice.
#[inline(always)]
#[must_use]
pub(crate) fn repetition_key(p: &Position, opts: &DragonOptions) -> u64 {
    let mut key = p.hash;
    if opts.repetition == RepetitionReading::LegalActions {
        if p.ep != NO_SQUARE {
            key ^= dead_en_passant(p, opts);
        }
        if !p.counters.seers[0].is_multiple_of(SEER_LIMIT)
            || !p.counters.seers[1].is_multiple_of(SEER_LIMIT)
        {
            key ^= super::state::seer_count_unkeyed(p);
        }
    }
    key
}

/// The en-passant position's hash key when no legal en-passant capture onto
/// it exists, else 0. A position in the middle of a move (a procedure's
/// choice, a truce offer awaiting its answer) keeps the right whatever: the
/// capture is the opponent's, once the move ends.
#[cold]
#[inline(never)]
fn dead_en_passant(p: &Position, opts: &DragonOptions) -> u64 {
    // Over: no capture is ever made. In the middle of a move: kept.
    if p.outcome.is_some() {
        return super::state::ep_key(p.ep);
    }
    if p.pending != 0 {
        return 0;
    }
    // Only an Elf or Troll (a Walker) of the side to move captures onto it,
    // from where a step diagonally forwards or sideways reaches it: the
    // positions a step the other way from it reaches (directions 0 to 7
    // clockwise from north, the other way four on).
    let b = super::board::board();
    let side = p.to_move;
    let [a, c] = super::moves::diagonal_forward(side);
    let [e, w] = super::moves::LATERAL;
    let beside = [a, c, e, w].into_iter().any(|d| {
        let from = b.land_step[(d + 4) % 8][usize::from(p.ep)];
        from != NO_SQUARE && {
            let f = p.force(from);
            f.is_some() && f.side() == side && f.info().role == Role::Walker
        }
    });
    if beside {
        let mut legal = super::moves::DragonActions::default();
        super::moves::legal_actions_guarded(p, opts, None, None, None, &mut legal);
        if legal
            .iter()
            .any(|a| a.kind() == Some(ActionKind::EnPassant))
        {
            return 0;
        }
    }
    super::state::ep_key(p.ep)
}

/// The action `truce`: the side to move offers a truce.
#[inline]
#[must_use]
pub const fn offer_action() -> Action {
    Action::new(ActionKind::Truce, NO_ORIGIN, NO_ORIGIN, 0)
}

/// Whether the side to move may offer a truce, given that he has another
/// action: offers are on, he has not offered in this move, no choice awaits.
#[inline]
pub(crate) fn offer_listed(p: &Position, opts: &DragonOptions) -> bool {
    opts.truce_agreement == TruceAgreement::Offers
        && p.pending == 0
        && p.flags & flags::TRUCE_OFFERED == 0
}

/// Applies the offer of the side to move: the opponent is to answer.
pub(crate) fn offer(p: &mut Position, events: &mut impl FnMut(DragonEvent)) {
    let side = p.to_move;
    p.edit_off_grid(|p| {
        p.flags |= flags::TRUCE_OFFERED;
        p.pending = Pending::TruceOffer as u8;
        p.pending_at = NO_SQUARE;
    });
    p.set_to_move(side.opponent());
    events(DragonEvent::TruceOffered { by: side });
}

/// Applies the opponent's answer `choose k` to an offer: 1 agrees (the
/// truce), 0 declines and the offerer's move goes on.
pub(crate) fn answer(p: &mut Position, k: u8, events: &mut impl FnMut(DragonEvent)) {
    procedures::set_pending(p, Pending::None, NO_SQUARE);
    if k == 1 {
        p.outcome = Some(truce(TRUCE_BY_AGREEMENT));
    } else {
        events(DragonEvent::Procedure(ProcedureEvent::Declined {
            step: Pending::TruceOffer,
        }));
    }
    p.set_to_move(p.to_move.opponent());
}

/// Clears the flags that last one move (a consultation, an offer in it), as
/// the turn passes.
#[inline]
pub(crate) fn turn_passed(p: &mut Position) {
    const ONE_MOVE: u32 = flags::SEER_THIS_MOVE | flags::TRUCE_OFFERED | flags::CONCEDED;
    if p.flags & ONE_MOVE != 0 {
        p.edit_off_grid(|p| p.flags &= !ONE_MOVE);
    }
}

/// Whether `action`, about to be applied to `p`, can never be undone: after
/// it no earlier position can recur, so the repetition history restarts. Of
/// the actions that restart the fifty-move count (a capture, a sinking, a
/// move of a vessel, Dwarf, Gnome, Elf or Troll), all but a vessel's advance
/// or re-alignment and an Elf's or Troll's move along his rank: Dwarfs and
/// Gnomes only go forwards, Elves and Trolls forwards or sideways, a
/// capture, arrow, sinking or Cannonball sends something to the Barren Lands
/// for good; also a maiden flight (the bird never returns, note 5),
/// Springing (On Alert never again); under the reading `whole-situation` of
/// ruling [`REPETITION`] a Seer consultation too (counted). `p` is the
/// position before the action.
#[inline]
#[must_use]
pub(crate) fn irreversible(p: &Position, opts: &DragonOptions, action: Action) -> bool {
    match action.kind() {
        Some(
            ActionKind::Capture
            | ActionKind::EnPassant
            | ActionKind::Arrow
            | ActionKind::Ram
            | ActionKind::Fire
            | ActionKind::Trident
            | ActionKind::Release
            | ActionKind::Spring
            | ActionKind::Plant,
        ) => true,
        Some(ActionKind::Seer) => opts.repetition == RepetitionReading::WholeSituation,
        Some(ActionKind::Move) => {
            let (from, to) = (action.from(), action.to());
            if usize::from(from) >= super::board::SQUARES {
                return false;
            }
            let role = p.force(from).info().role;
            role == Role::Pawn || (role == Role::Walker && rank_of(from) != rank_of(to))
        }
        Some(
            ActionKind::VesselAdvance
            | ActionKind::VesselRealign
            | ActionKind::Choice
            | ActionKind::Truce
            | ActionKind::Concede,
        )
        | None => false,
    }
}

/// Records the position reached, of [`repetition_key`] `key`, in `history`
/// (restarted after an [`irreversible`] action) and declares the truce on its
/// third occurrence with the same side to move, unless the action decided the
/// game already.
#[inline]
pub(crate) fn record(p: &mut Position, history: &mut RepetitionHistory, restart: bool, key: u64) {
    if restart {
        history.reset(key);
    } else if history.push(key) >= 3 && p.outcome.is_none() {
        p.outcome = Some(truce(THREEFOLD_REPETITION));
    }
}

/// A truce by `rule`: half a Game Point each.
#[must_use]
pub const fn truce(rule: RuleId) -> Outcome {
    Outcome {
        winner: None,
        rule,
        score: super::apply::TRUCE_SCORE,
    }
}

/// The truce a position's result field records that the position alone
/// does not show (`draw:threefold-repetition`, `draw:truce-by-agreement`).
#[must_use]
pub(crate) fn recorded(rule: &str) -> Option<Outcome> {
    match rule {
        "threefold-repetition" => Some(truce(THREEFOLD_REPETITION)),
        "truce-by-agreement" => Some(truce(TRUCE_BY_AGREEMENT)),
        _ => None,
    }
}

/// The Seers' and the Truce's invariants: a consultation in this move was
/// counted, an offer in this move stands with its answer pending or
/// declined, the repetition history ends at the position (its
/// [`repetition_key`] `key`) and no third occurrence went undeclared.
///
/// The tests made first as one run with no error to build (`quick_ok`,
/// always inlined into the checks after every step); the explaining
/// version (`check_explained`) only when that fails.
///
/// # Errors
///
/// The first broken invariant.
#[inline(always)]
pub(crate) fn check(
    p: &Position,
    history: &RepetitionHistory,
    key: u64,
) -> Result<(), InvariantError> {
    if quick_ok(p, history, key) {
        debug_assert_eq!(
            check_explained(p, history, key),
            Ok(()),
            "the quick check passes a position the explaining one does not"
        );
        return Ok(());
    }
    check_explained(p, history, key)
}

/// Whether every test of [`check`] passes, with no error to build.
#[inline(always)]
fn quick_ok(p: &Position, history: &RepetitionHistory, key: u64) -> bool {
    let offer = Pending::is_offer(p.pending);
    let mover = if offer {
        p.to_move.opponent()
    } else {
        p.to_move
    };
    let truce_offer = p.pending == Pending::TruceOffer as u8;
    (p.flags & flags::SEER_THIS_MOVE == 0 || p.counters.seers[mover.index()] != 0)
        && (!truce_offer || p.flags & flags::TRUCE_OFFERED != 0)
        && (!offer || truce_offer || p.flags & flags::CONCEDED != 0)
        && history.current() == Some(key)
        && (p.outcome.is_some() || history.current_count() < 3)
}

/// [`check`]'s explaining version: every test, the first broken invariant
/// named.
#[cold]
#[inline(never)]
fn check_explained(
    p: &Position,
    history: &RepetitionHistory,
    key: u64,
) -> Result<(), InvariantError> {
    let err = |m: &str| Err(InvariantError(m.to_owned()));
    // Whose move it is: the offerer's while his offer awaits its answer.
    let offer = Pending::is_offer(p.pending);
    let mover = if offer {
        p.to_move.opponent()
    } else {
        p.to_move
    };
    if p.flags & flags::SEER_THIS_MOVE != 0 && p.counters.seers[mover.index()] == 0 {
        return err("the side whose move it is consulted his Seer in it but his count is 0");
    }
    if p.pending == Pending::TruceOffer as u8 && p.flags & flags::TRUCE_OFFERED == 0 {
        return err("a truce offer awaits its answer but none was offered");
    }
    if offer && p.pending != Pending::TruceOffer as u8 && p.flags & flags::CONCEDED == 0 {
        return err("a concession awaits its answer but none was made");
    }
    history.check_current(key, p.outcome.is_some())
}

/// Ruling `dragon.truce-agreement`.
pub const AGREEMENT: Ruling = Ruling {
    id: "dragon.truce-agreement",
    question: "Rule 23.1, a truce \"By agreement between the two players. The Arbiter may over-rule\": how is it offered and agreed in play?",
    source: "seed 000 (Dragon), rule 23.1; the Forest and Storm Flags of Truce (\"only removed from there in the event of a Truce being declared\")",
    readings: &[
        Reading {
            name: "never",
            text: "no offers are made in play (`--option truce-agreement=never`, the default): random play and perft see only the forces' actions, and a truce by agreement is a result a position records (`draw:truce-by-agreement`)",
        },
        Reading {
            name: "offers",
            text: "`--option truce-agreement=offers`: the side to move may offer a truce (`truce`) once a move while no procedure's choice awaits him and he has another action; the opponent answers at once, `choose 1` agrees (result `draw:truce-by-agreement`), `choose 0` declines (`declined: truce-offer`) and the offerer's move goes on; an offer is no move for the fifty-move truce",
        },
    ],
    clauses: &["dragon.rule-23.1"],
    option: Some("truce-agreement"),
    reason: "an agreement is the two players' decision, which random play cannot judge: a random opponent would agree to half the offers and end nearly every game by agreement within a few hundred plies, hiding every other ending; with the option the offer and its answer are actions of their own, so scenarios can play them",
};

/// Ruling `dragon.repetition`.
pub const REPETITION: Ruling = Ruling {
    id: "dragon.repetition",
    question: "Rule 23.2: \"The situation will be considered as having been repeated if forces of the same colour(s) and type occupy the same positions\": what else must be the same (the vessels' bows and flags, the special areas, the Barren Lands, arrows, Cannonballs, Seer consultations, the procedures' flags and pending choices, the en-passant right), and is the truce declared or claimed?",
    source: "seed 000 (Dragon), rule 23.2 (\"Where a Situation (overall position) is repeated three times with the same player having the move\")",
    readings: &[
        Reading {
            name: "legal-actions",
            text: "the whole position the future depends on, as far as it decides what can happen: every force and vessel on its position with the vessels' bows and the flags they fly, the special areas, the Barren Lands and vessels sunk, the arrows and Cannonballs, the procedures' flags, a pending choice, and the same side to move; the en-passant position only while an en-passant capture onto it is a legal action (an Elf or Troll beside it that may take; one in the middle of a move keeps it), and each side's Seer consultations only as whether he may still consult (a consultation changes no force and leaves the same actions, so it neither makes a new Situation nor restarts the history); the truce is declared at once on the third occurrence since the game's (or the import's) start; the history restarts after an action that can never be undone (a capture, arrow, sinking or firing, a Dwarf's or Gnome's move, an Elf's or Troll's move off his rank, the Trident opening)",
        },
        Reading {
            name: "whole-situation",
            text: "`--option repetition=whole-situation`: the whole position as it stands, the en-passant position whenever a double step set it and the number of consultations spent, a consultation restarting the history (so a side may dodge a third occurrence by consulting, up to three times a game)",
        },
        Reading {
            name: "forces-only",
            text: "only which force (colour and type) stands on which position, and who moves (not implemented)",
        },
    ],
    clauses: &["dragon.rule-23.2"],
    option: Some("repetition"),
    reason: "\"Situation (overall position)\" is the whole state as far as it decides the play: two positions that differ in a bow, a counter or a right that changes what may be played are not the same situation (as Chess's repetition counts castling rights, and an en-passant right only while the capture can be made, FIDE Laws 9.2.3.1), but rule 23.2's own test is \"forces of the same colour(s) and type occupy the same positions\", which a consultation of the Seer (advice, no move) cannot change: counting it would let a side escape a repetition three times by asking for advice; \"colour(s)\" covers the flags the vessels fly; as with the fifty-move truce, someone always enforces it in a simulation",
};

/// Ruling `dragon.fifty-moves`.
pub const FIFTY_MOVES: Ruling = Ruling {
    id: "dragon.fifty-moves",
    question: "Rule 23.3: what restarts the count of \"fifty moves ... played by both players\", what counts as a move, and is the truce enforced at once?",
    source: "seed 000 (Dragon), rule 23.3 (\"no capture or sinking nor any movement of Vessels, Dwarfs, Gnomes, Elves or Trolls. In this case either player or the Arbiter can enforce a Truce\")",
    readings: &[
        Reading {
            name: "listed-types-automatic",
            text: "the count is of moves (plies), a hundred of them, fifty each; it restarts on a capture (arrows and en passant included), a sinking (Ram or Cannon), any movement of a vessel (advancing, re-aligning by ruling dragon.realign-truce, the Trident opening) and any move of a force that is a Dwarf, Gnome, Elf or Troll when it moves (a Dwarf landing as an Elf included; a Palace Defender or Citadel Watcher, a type of its own in the Cast, does not, even when his move demotes him to a Dwarf, nor does a force boarding a vessel); a procedure's choice, a Seer consultation and a truce offer or answer are no moves and leave the count alone, Springing is a move; the truce is declared at once on the hundredth move (`quiet:` in positions)",
        },
        Reading {
            name: "claimed",
            text: "the truce is only declared when a player or the Arbiter enforces it (an action of either player)",
        },
    ],
    clauses: &["dragon.rule-23.3", "dragon.rule-23.3.s2"],
    option: None,
    reason: "the rule names the forces by type, so the Palace Defenders and Citadel Watchers (drawn from the Elves and Trolls but named apart) are not among them; \"either player ... can enforce\": in a simulation someone always does, and an enforcing action would let random play end games by it at random",
};

/// Ruling `dragon.stalemate`.
pub const STALEMATE: Ruling = Ruling {
    id: "dragon.stalemate",
    question: "Note 7: \"Stalemate results in a truce being declared and is therefore a draw\": when is a side stalemated?",
    source: "seed 000 (Dragon), note 7; the TrueBorn Prince and the Dark Warlord (\"If the TrueBorn Prince is unable to escape the attack then he is Locked Up\")",
    readings: &[
        Reading {
            name: "no-action",
            text: "the side to move has no legal action (a Seer consultation or truce offer, listed only beside another action, does not count) and no procedure's choice awaits him: a truce at once (`stalemate-truce`); when the fifty-move truce or the ply bound falls on the same ply, that truce is named instead (a draw either way); once victory is built a side with no action whose royal stands under attack is Locked Up instead",
        },
        Reading {
            name: "no-move-of-a-force",
            text: "only moves of forces count, vessels' actions not",
        },
    ],
    clauses: &["dragon.prince.10"],
    option: None,
    reason: "a vessel's move is a move of the player's (\"one move per side\"); a consultation is advice, not a move, and would otherwise save a side from stalemate three times",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::dragon::Dragon;

    #[test]
    fn random_play_with_offers_ends_by_agreement_and_keeps_the_invariants() {
        let o = DragonOptions {
            truce_agreement: TruceAgreement::Offers,
            ..DragonOptions::default()
        };
        let mut agreed = 0;
        let mut tags = std::collections::BTreeSet::new();
        crate::dragon::tests::random_games(
            &Dragon::new(&o),
            30,
            400,
            0x7C0E,
            |e| {
                tags.insert(crate::core::RuleEvent::tag(e));
            },
            |g| {
                let text = g.export_string();
                assert_eq!(Dragon::import(&text, &o).as_ref(), Ok(g), "{text}");
                if g.position()
                    .outcome
                    .is_some_and(|out| out.rule == TRUCE_BY_AGREEMENT)
                {
                    agreed += 1;
                }
            },
        );
        assert!(agreed > 20, "{agreed} of 30 agreed");
        for tag in ["seer", "truce-offered", "declined"] {
            assert!(tags.contains(tag), "{tag} never fired: {tags:?}");
        }
    }

    #[test]
    fn the_irreversible_actions_restart_the_history_and_the_rest_do_not() {
        let o = DragonOptions::default();
        let g = Dragon::new(&o);
        let p = g.position();
        let act = |t: &str| g.parse_action(t).unwrap();
        assert!(irreversible(p, &o, act("B4-B5"))); // a Gnome
        assert!(!irreversible(p, &o, act("vA6>NE"))); // a Ship re-aligns
        assert!(!irreversible(p, &o, act("B2-C4"))); // a Red Knight
        let seer = crate::dragon::seers::action(crate::core::Side::Red);
        assert!(!irreversible(p, &o, seer));
        assert!(!irreversible(p, &o, offer_action()));
        // Under the other reading a consultation restarts the history.
        let whole = DragonOptions {
            repetition: RepetitionReading::WholeSituation,
            ..o
        };
        assert!(irreversible(p, &whole, seer));
    }

    /// The en-passant position counts in the key only while an Elf or
    /// Troll may capture onto it: beside the Gnome's double step (the seed's
    /// own example), and not after the Arrowhead's A2-A4 (no Forest force
    /// near), nor under the reading whole-situation's other answer.
    #[test]
    fn the_en_passant_position_counts_only_while_a_capture_is_legal() {
        let o = DragonOptions::default();
        let whole = DragonOptions {
            repetition: RepetitionReading::WholeSituation,
            ..o
        };
        let mut g = Dragon::import(
            "pr8/9/9/9/9/9/9/9/9/9/9/2el6/4el4/GN2GN'5/DW8 storm arrows:0,0,0,0,0,0,0 cannonballs:0,0,0,0 seers:0,0 quiet:0 ply:0",
            &o,
        )
        .unwrap();
        g.play(g.parse_action("D2-D4").unwrap()).unwrap();
        let p = g.position();
        assert_ne!(p.ep, NO_SQUARE);
        assert_eq!(repetition_key(p, &o), p.hash);
        let mut g = Dragon::new(&o);
        g.play(g.parse_action("A2-A4").unwrap()).unwrap();
        let p = g.position();
        assert_ne!(p.ep, NO_SQUARE);
        assert_eq!(
            repetition_key(p, &o),
            p.hash ^ crate::dragon::state::ep_key(p.ep)
        );
        assert_eq!(repetition_key(p, &whole), p.hash);
    }

    /// The key counts the consultations only as whether one is left: a
    /// position with one or two consultations spent has the key of the same
    /// position with none, and three spent differ from none.
    #[test]
    fn the_key_counts_only_whether_a_consultation_is_left() {
        let o = DragonOptions::default();
        let g = Dragon::new(&o);
        let mut p = *g.position();
        let key_with = |p: &mut Position, seers: [u8; 2]| {
            p.edit_off_grid(|p| p.counters.seers = seers);
            assert_eq!(p.hash, p.compute_hash());
            repetition_key(p, &o)
        };
        let none = key_with(&mut p, [0, 0]);
        assert_eq!(key_with(&mut p, [1, 0]), none);
        assert_eq!(key_with(&mut p, [2, 2]), none);
        assert_ne!(key_with(&mut p, [3, 0]), none);
        assert_eq!(key_with(&mut p, [3, 1]), key_with(&mut p, [3, 0]));
        assert_ne!(key_with(&mut p, [3, 3]), key_with(&mut p, [3, 0]));
        let whole = DragonOptions {
            repetition: RepetitionReading::WholeSituation,
            ..o
        };
        p.edit_off_grid(|p| p.counters.seers = [1, 0]);
        assert_eq!(repetition_key(&p, &whole), p.hash);
        assert_ne!(p.hash, none);
    }
}
