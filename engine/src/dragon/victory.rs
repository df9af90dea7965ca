//! Victory (seed 000, "Overview and Object": "1. By Locking up the Dark
//! Warlord or 2. By Direct Capture of the Dark Warlord or 3. By the TrueBorn
//! Prince Planting his Forest Flag"; for the Storm OverLord the same against
//! the TrueBorn Prince, and "4. By the Red Witch Planting her Storm Flag"), and
//! the royals' duty to escape an attack:
//!
//! - **the royal must not be left under attack** ("The TrueBorn Prince must
//!   not remain under attack if it is possible to escape the attack", the Dark
//!   Warlord likewise; ruling `dragon.locking-up`): an action that would leave
//!   the mover's own royal under attack is not legal (the private `guard` module);
//! - **Locking Up**: the side to move has its royal under attack and no legal
//!   action: "he is Locked Up and victory goes to" the other side;
//! - **Direct Capture**: "should the TrueBorn Prince move to a position adjacent
//!   to the Dark Warlord then the Dark Warlord is captured" (the Forest Sword);
//!   "should the Red Witch move to a position adjacent to the TrueBorn Prince
//!   then the TrueBorn Prince is captured" (the Dark Crystal), across the
//!   borders (note 14);
//! - **Planting a Flag** (`plant E4`): the flag-bearer on a covering position
//!   of the enemy banner replaces it, "on the next or any subsequent move",
//!   not under attack (the Red Witch may be, "but not while the Dark Warlord
//!   is"); the player may delay it (note 13): it is an action like any other.
//!
//! Scores: "For Direct Capture 5", "For Planting a Flag 3"; Locking Up's score
//! is lost (ruling `dragon.locking-up-score`).

use super::action::{Action, ActionKind, NO_ORIGIN};
use super::apply;
use super::board::{NO_SQUARE, board};
use super::forces::{Force, Kind};
use super::guard::royal_attacked;
use super::moves::{Ctx, Sink, attack};
use super::state::Position;
use crate::core::{Outcome, RuleId, Score, ScoreUnit, Side};
use crate::rulings::{Reading, Ruling};

/// "If the TrueBorn Prince (the Dark Warlord) is unable to escape the attack
/// then he is Locked Up and victory goes to the Storm (Forest) forces."
pub const LOCKING_UP: RuleId = RuleId("locking-up");
/// The Forest Sword's and the Dark Crystal's "Direct Capture".
pub const DIRECT_CAPTURE: RuleId = RuleId("direct-capture");
/// "This move gains Victory": a flag replaces the enemy banner.
pub const PLANTING_A_FLAG: RuleId = RuleId("planting-a-flag");

/// The Scoring Table: "For Direct Capture 5".
pub const DIRECT_CAPTURE_POINTS: u16 = 5;
/// The Scoring Table: "For Planting a Flag 3".
pub const PLANTING_POINTS: u16 = 3;
/// Locking Up's Game Points: lost from the Scoring Table (ruling
/// `dragon.locking-up-score`).
pub const LOCKING_UP_POINTS: u16 = 5;

/// A win for `winner` by `rule`, with the points the Scoring Table (or the
/// ruling) gives it.
#[must_use]
pub fn win(winner: Side, rule: RuleId, points: u16) -> Outcome {
    Outcome {
        winner: Some(winner),
        rule,
        score: Score::win(winner, points, ScoreUnit::GamePoints),
    }
}

/// The royal of `side`: the TrueBorn Prince (Forest), the Dark Warlord
/// (Storms).
#[must_use]
pub const fn royal_kind(side: Side) -> Kind {
    match side {
        Side::Green => Kind::TruebornPrince,
        Side::Red => Kind::DarkWarlord,
    }
}

/// Where the royal of `side` stands on the grid, if he does (read from the
/// kept [`Position::royals`]; at most one a side).
#[must_use]
#[inline]
pub fn royal_square(p: &Position, side: Side) -> Option<u8> {
    let mine = p.royals.and(p.occupied[side.index()]);
    (0..3)
        .find(|&w| mine.0[w] != 0)
        .map(|w| w as u8 * 64 + mine.0[w].trailing_zeros() as u8)
}

/// The flag-bearers of `side` and the enemy banner they plant on: the
/// TrueBorn Prince (the Forest Flag, on the Shadow Banner); the Dark Warlord
/// and the Red Witch (their Storm Flags, on the TrueBorn Banner).
#[inline]
fn is_bearer(f: Force) -> bool {
    matches!(
        f.kind(),
        Some(Kind::TruebornPrince | Kind::DarkWarlord | Kind::RedWitch)
    )
}

/// Whether the force of the side to move on `from` may Plant its Flag now:
/// a flag-bearer on one of "the two positions covering" the enemy banner,
/// there since before this move (planting is a move of its own, so a bearer
/// found there has "occupied the position ... for at least one immediately
/// preceding turn of move", note 12; ruling `dragon.planting`), "not under
/// attack"; the Red Witch "may be under attack when planting" but "may not
/// Plant her Flag if the Dark Warlord is under attack".
pub(crate) fn may_plant(c: &Ctx<'_>, from: u8) -> bool {
    let f = c.p.force(from);
    if !f.is(c.side) || !is_bearer(f) || !covers_banner(c, from) {
        return false;
    }
    let opponent = c.side.opponent();
    if f.kind() == Some(Kind::RedWitch) {
        return !royal_attacked(c.p, c.opts, c.side);
    }
    !attack::attacked(c, from, f, opponent, NO_SQUARE)
}

/// Whether `from` is one of the two positions covering the enemy banner of
/// the side to move (two comparisons: a slice's `contains` of bytes calls
/// `memchr`, and this is asked for every origin on land).
#[inline]
fn covers_banner(c: &Ctx<'_>, from: u8) -> bool {
    let [a, b] = c.b.banners[c.side.opponent().index()];
    from == a || from == b
}

/// Writes the Plant action of the bearer on `from`, if he may plant.
#[inline]
pub(crate) fn plant(c: &Ctx<'_>, from: u8, out: &mut impl Sink) {
    if covers_banner(c, from) && may_plant(c, from) {
        out.push(Action::new(ActionKind::Plant, from, NO_ORIGIN, 0));
    }
}

/// What an action just applied decides: a Direct Capture when the TrueBorn
/// Prince or the Red Witch now stands (moved or carried by her vessel) next to
/// the enemy royal, or a planted flag. Sets the outcome and reports the event.
pub(crate) fn decide(
    p: &mut Position,
    side: Side,
    action: Action,
    events: &mut impl FnMut(super::events::DragonEvent),
) {
    use super::events::DragonEvent;
    match action.kind() {
        Some(ActionKind::Plant) => {
            let bearer = p.force(action.from());
            events(DragonEvent::FlagPlanted {
                by: bearer,
                on: action.from(),
            });
            p.outcome = Some(win(side, PLANTING_A_FLAG, PLANTING_POINTS));
        }
        Some(
            ActionKind::Move | ActionKind::Capture | ActionKind::VesselAdvance | ActionKind::Ram,
        ) => {
            let to = action.to();
            let mover = p.force(to);
            let victim = match mover.kind() {
                Some(Kind::TruebornPrince) if side == Side::Green => Kind::DarkWarlord,
                Some(Kind::RedWitch) if side == Side::Red => Kind::TruebornPrince,
                _ => return,
            };
            let b = board();
            for step in &b.step {
                let s = step[to as usize];
                if s != NO_SQUARE && p.force(s).kind() == Some(victim) {
                    let captured = p.take(s);
                    super::sea::recolour(p, s);
                    apply::to_barren(p, captured);
                    events(DragonEvent::DirectCapture {
                        by: mover,
                        on: s,
                        captured,
                    });
                    p.outcome = Some(win(side, DIRECT_CAPTURE, DIRECT_CAPTURE_POINTS));
                    return;
                }
            }
            // The enemy royal in his room (ruling `dragon.white-room`).
            super::room::capture_on_arrival(p, side, to, mover, events);
        }
        _ => {}
    }
}

/// Ruling `dragon.locking-up`: what escaping an attack means.
pub const LOCKING_UP_RULING: Ruling = Ruling {
    id: "dragon.locking-up",
    question: "\"The TrueBorn Prince must not remain under attack if it is possible to escape the attack. If ... unable to escape the attack then he is Locked Up\": which actions escape, and may a side's action leave (or put) its own royal under attack?",
    source: "seed 000 (Dragon), The TrueBorn Prince and The Dark Warlord (\"must not remain under attack if it is possible to escape the attack\", \"may not move to any position that places him under attack\"); Overview and Object (Locking Up)",
    readings: &[
        Reading {
            name: "no-action-leaves-the-royal-attacked",
            text: "as check in Xiangqi and Western Chess: no action may leave the mover's own royal under attack (moving him away, capturing or blocking the attacker all escape; a force standing between him and a line attacker may not leave the line); a side to move whose royal is under attack and that has no legal action is Locked Up and loses; with no legal action and the royal not under attack it is a stalemate (note 7). The Red Witch's and the TrueBorn Prince's Direct Captures win at once whatever they leave. Under `warlord-into-attack = allowed` the Dark Warlord's own moves may end under attack; a Forest force that then captures him wins by Locking Up. A procedure's step is held to it too: the move that opens it is judged on the position it leaves (the Prince on the Storm Beaches before the Ice Dragon's choice), and a choice is no exception (setting the Younger Winged Serpent afire sends the TrueBorn Queen to war as the choice ends, which may attack the Dark Warlord); `choose 0` always leaves the royal as the move did, so a pending step always has a legal choice",
        },
        Reading {
            name: "only-the-royal-escapes",
            text: "only the royal's own moves escape; other forces may leave him exposed and may not capture or block the attacker to save him",
        },
    ],
    clauses: &["dragon.prince.9", "dragon.warlord.5", "dragon.prince.7"],
    option: None,
    reason: "\"escape the attack\" is the attack's end, however it ends: the seed's model games (Chinese Chess, and Western Chess, whose Queen and Bishop it names) let any piece parry a check, and a rule that let a side expose its own royal would let the opponent take him, which no victory of the seed allows (only Locking Up, the two Direct Captures and the flags end a game)",
};

/// Ruling `dragon.partial-positions`: a position set out without a royal.
pub const PARTIAL_POSITIONS: Ruling = Ruling {
    id: "dragon.partial-positions",
    question: "May a position set out to show a rule leave out a side's royal (the TrueBorn Prince or the Dark Warlord on neither the grid, a special area nor in the Barren Lands), and what do the royals' rules do then?",
    source: "seed 000 (Dragon), Overview and Object (\"the TrueBorn Prince ... the Dark Warlord\": each side has one); The TrueBorn Prince (\"must not remain under attack\"); the seed's examples of single forces' moves, which show only the forces they need",
    readings: &[
        Reading {
            name: "allowed",
            text: "an imported position may leave either royal out, or both (at most one of each, as ever): a side with no royal has no duty to escape (every action its forces have is legal), cannot be Locked Up or Directly Captured (its opponent may still win by a flag or a concession), and plants a flag only by a bearer it has (the Red Witch without the Warlord); with no action it is a stalemate truce; a royal captured is not left out but in `barren:`, with the result recorded. No game reaches such a position: taking a royal ends the game",
        },
        Reading {
            name: "refused",
            text: "every position holds both royals, on the grid or in a special area, or records one taken (`barren:` and the result)",
        },
    ],
    clauses: &["dragon.prince.9"],
    option: None,
    reason: "the scenarios, like the seed's descriptions of each force, set out only the forces a rule needs (many Dragon scenario positions have no TrueBorn Prince); adding a royal to each would change what it shows (his duty to escape makes other moves illegal), and accepting such positions changes no game, which always starts from a deployment holding both",
};

/// Ruling `dragon.locking-up-score`: the lost score of Locking Up.
pub const LOCKING_UP_SCORE: Ruling = Ruling {
    id: "dragon.locking-up-score",
    question: "The Scoring Table keeps \"For Direct Capture 5\" and \"For Planting a Flag 3\"; how many Game Points does Locking Up give?",
    source: "seed 000 (Dragon), Scoring Table (its Locking Up and Truce lines lost); rule 27 (a conceding \"in lieu of a Locking Up, Direct Capture or a Planting of a Flag\"; a loss on time \"normally ... 5 Game points\")",
    readings: &[
        Reading {
            name: "5",
            text: "Locking Up gives 5 Game Points, as Direct Capture",
        },
        Reading {
            name: "3",
            text: "Locking Up gives 3, as Planting a Flag",
        },
    ],
    clauses: &["dragon.rule-27.a"],
    option: None,
    reason: "Locking Up and Direct Capture both end with the enemy royal taken (Locking Up is the Xiangqi and Chess checkmate), while Planting a Flag is the lesser win the rules let a player delay in order \"to pursue possibilities of Locking Up or Direct Capture\" (note 13): the two greater wins share the greater score; rule 27b's normal award for a loss on time is the same 5",
};

/// Ruling `dragon.planting`.
pub const PLANTING: Ruling = Ruling {
    id: "dragon.planting",
    question: "When may a flag-bearer plant: what is \"at least one immediately preceding turn of move\", and is planting a move of its own?",
    source: "seed 000 (Dragon), Planting the Forest Flag (\"on the next or any subsequent move (provided the TrueBorn Prince still occupies one of the two covering positions and is not under attack)\"), the Dark Warlord's and the Red Witch's Storm Flags, notes 12 and 13",
    readings: &[
        Reading {
            name: "a-move-of-its-own",
            text: "planting is an action of its own (`plant E4`), offered to a flag-bearer standing on a covering position at the start of his side's move: he came there on an earlier move, so the opponent's turn since is the \"one immediately preceding turn\"; an imported position's bearer is taken to have stood there that long. It wins at once (3 Game Points); the player may delay it (note 13) by playing any other action",
        },
        Reading {
            name: "full-own-turn",
            text: "the bearer must also have stood there through one of his own side's moves before (planting on the second move after arriving at the earliest)",
        },
    ],
    clauses: &["dragon.forest-flag-planting.1"],
    option: None,
    reason: "the Prince's section says \"on the next or any subsequent move\" after he occupies the covering position, which the first reading gives exactly; the second would contradict \"next\"",
};

/// Ruling `dragon.direct-capture`.
pub const DIRECT_CAPTURE_RULING: Ruling = Ruling {
    id: "dragon.direct-capture",
    question: "When does the Forest Sword (the Dark Crystal) capture: on which moves, and next to which positions?",
    source: "seed 000 (Dragon), The Forest Sword (\"should the TrueBorn Prince move to a position adjacent to the Dark Warlord then the Dark Warlord is captured\"), The Dark Crystal (\"should the Red Witch move to a position adjacent to the TrueBorn Prince ... The Red Witch may be on an attacked position whilst doing this\"), note 14 (\"effective across the borders between Trafalgar Ocean, Harbours and the Kingdoms\")",
    readings: &[
        Reading {
            name: "on-arrival",
            text: "whenever the Prince (the Red Witch) comes to stand on one of the eight positions around the enemy royal by a move of his own or of the vessel carrying him, on land, at sea or across a border, the enemy royal is captured and the game won at once (5 Game Points); the Prince still may not move onto a position another Storm force attacks; the Warlord never steps next to the Prince (the Prince attacks it), and a royal's own move next to the Red Witch is refused likewise",
        },
        Reading {
            name: "own-moves-only",
            text: "only a move of the Prince (the Red Witch) himself captures; being carried next to the enemy royal by a vessel does not",
        },
    ],
    clauses: &[
        "dragon.forest-sword.3",
        "dragon.dark-crystal.4",
        "dragon.dark-crystal.5",
        "dragon.note-14",
    ],
    option: None,
    reason: "\"should the TrueBorn Prince move to a position adjacent\": a vessel's move carries him to the new position as much as his own (\"The move of a vessel takes priority over the move of any force occupying the vessel\"), and note 14 makes the powers work across every border",
};
