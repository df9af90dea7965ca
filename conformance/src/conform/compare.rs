//! An engine's answer set beside tigerseye's: the turn, the legal actions (as
//! sets), the chance outcomes' probabilities, the outcome and the position
//! (read back and compared as states).

use std::collections::BTreeSet;

use tigerseye_engine::{Game, Turn};

use super::client::Transport;
use super::protocol::{Declared, ErrorKind, Reply, StateReply, fraction};
use super::serve::turn_name;

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answers agree.
    Agree,
    /// tigerseye's game is over by this declared rule: not compared.
    Declared(String),
    /// The engine does not implement the request (its message).
    Unsupported(String),
    /// A disagreement: what differs.
    Differ(String),
    /// The engine crashed, hung or answered garbage: a failure of the
    /// engine, not a disagreement about the rules (what happened).
    Failed(String),
}

/// The declared difference that covers `state`: its game is over by a rule
/// the engine declared for `G`.
#[must_use]
pub fn declared_at<G: Game>(state: &G, declared: &[Declared]) -> Option<String> {
    match state.turn() {
        Turn::Over(o) => declared
            .iter()
            .find(|d| d.game == G::NAME && d.rule == o.rule.0)
            .map(|d| d.rule.clone()),
        Turn::Player(_) | Turn::Chance => None,
    }
}

/// The engine's `reply` to a `state` request for `state`, beside tigerseye's
/// answer.
#[must_use]
pub fn compare<G: Game>(
    state: &G,
    reply: &Result<Reply, Transport>,
    declared: &[Declared],
) -> Verdict {
    if let Some(rule) = declared_at(state, declared) {
        return Verdict::Declared(rule);
    }
    match reply {
        Err(e) => Verdict::Failed(format!("the engine failed: {e}")),
        Ok(Reply::State(r)) => match differences(state, r) {
            d if d.is_empty() => Verdict::Agree,
            d => Verdict::Differ(d.join("; ")),
        },
        Ok(Reply::Error(e)) if e.kind == ErrorKind::Unsupported => {
            Verdict::Unsupported(e.message.clone())
        }
        Ok(Reply::Error(e)) => Verdict::Differ(format!(
            "the engine refused the request ({}): {}",
            serde_json::to_string(&e.kind)
                .unwrap_or_default()
                .trim_matches('"'),
            e.message
        )),
        Ok(other @ (Reply::Hello(_) | Reply::Perft(_))) => Verdict::Failed(format!(
            "garbage: a `{}` reply to a state request",
            other.kind()
        )),
    }
}

fn list(items: &BTreeSet<&str>) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every way `reply` differs from tigerseye's answer for `state`, empty when
/// they agree.
#[must_use]
pub fn differences<G: Game>(state: &G, reply: &StateReply) -> Vec<String> {
    let mut out = Vec::new();
    let turn = state.turn();
    let expected_turn = turn_name::<G>(turn);
    if reply.turn != expected_turn {
        out.push(format!(
            "turn: tigerseye `{expected_turn}`, the engine `{}`",
            reply.turn
        ));
    }
    let mut legal = G::Actions::default();
    state.legal_actions(&mut legal);
    let ours: Vec<(String, G::Action)> = legal.iter().map(|&a| (state.action_text(a), a)).collect();
    let our_set: BTreeSet<&str> = ours.iter().map(|(t, _)| t.as_str()).collect();
    let mut their_set = BTreeSet::new();
    let mut twice = BTreeSet::new();
    for t in &reply.legal {
        if !their_set.insert(t.as_str()) {
            twice.insert(t.as_str());
        }
    }
    let missing: BTreeSet<&str> = our_set.difference(&their_set).copied().collect();
    let extra: BTreeSet<&str> = their_set.difference(&our_set).copied().collect();
    if !missing.is_empty() {
        out.push(format!(
            "legal actions the engine lacks: {}",
            list(&missing)
        ));
    }
    if !extra.is_empty() {
        out.push(format!(
            "actions the engine lists that tigerseye does not: {}",
            list(&extra)
        ));
    }
    if !twice.is_empty() {
        out.push(format!("actions the engine lists twice: {}", list(&twice)));
    }
    if turn == Turn::Chance
        && let Some(probabilities) = &reply.probabilities
    {
        if probabilities.len() == reply.legal.len() {
            for (text, p) in reply.legal.iter().zip(probabilities) {
                let Some(&(_, action)) = ours.iter().find(|(t, _)| t == text) else {
                    continue;
                };
                let want = state.chance_probability(action);
                let same = match (fraction(p), want) {
                    (Some((n, d)), Some(w)) => n * u64::from(w.den) == u64::from(w.num) * d,
                    _ => false,
                };
                if !same {
                    out.push(format!(
                        "probability of `{text}`: tigerseye {}, the engine `{p}`",
                        want.map_or_else(|| "none".to_owned(), |w| format!("{}/{}", w.num, w.den))
                    ));
                }
            }
        } else {
            out.push(format!(
                "{} probabilities for {} chance outcomes",
                probabilities.len(),
                reply.legal.len()
            ));
        }
    }
    match (turn, &reply.outcome) {
        (Turn::Over(o), Some(theirs)) => {
            let winner = o.winner.map(G::side_name);
            let their_winner = theirs.winner.as_deref().filter(|w| *w != "none");
            if winner != their_winner || o.rule.0 != theirs.rule {
                out.push(format!(
                    "outcome: tigerseye {} by `{}`, the engine {} by `{}`",
                    winner.unwrap_or("a draw"),
                    o.rule.0,
                    their_winner.unwrap_or("a draw"),
                    theirs.rule
                ));
            }
            if let Some(score) = &theirs.score
                && *score != o.score.to_string()
            {
                out.push(format!(
                    "score: tigerseye `{}`, the engine `{score}`",
                    o.score
                ));
            }
        }
        (Turn::Over(o), None) => out.push(format!(
            "the engine gives no outcome; tigerseye: {} by `{}`",
            o.winner.map_or("a draw", G::side_name),
            o.rule.0
        )),
        (Turn::Player(_) | Turn::Chance, Some(theirs)) => out.push(format!(
            "the engine gives an outcome (by `{}`) where the game goes on",
            theirs.rule
        )),
        (Turn::Player(_) | Turn::Chance, None) => {}
    }
    match G::import(&reply.position, state.options()) {
        Ok(theirs) if theirs == *state => {}
        Ok(_) => out.push(format!(
            "position: tigerseye `{}`, the engine `{}`",
            state.export_string(),
            reply.position
        )),
        Err(e) => out.push(format!("the engine's position does not read: {e}")),
    }
    out
}
