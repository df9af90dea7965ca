//! tigerseye's own engine speaking the protocol (`tigerseye engine`, which
//! `conform --engine self` starts): every registered game, no declared
//! difference.

use std::io::{BufRead, Write};

use tigerseye_engine::core::save::restore;
use tigerseye_engine::{Game, GameId, GameVisitor, Turn};

use super::protocol::{
    At, ErrorKind, ErrorReply, Hello, OutcomeReply, PROTOCOL, PerftReply, PerftUnit, Reply,
    Request, StateReply,
};
use crate::search;
use crate::sim::build_options;

/// Answers the requests read from `input` on `output`, one line each, until
/// `quit` or the end of the input.
///
/// # Errors
///
/// Only those of reading `input` or writing `output`.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(Request::Quit) => return Ok(()),
            Ok(request) => answer(&request),
            Err(e) => Reply::Error(ErrorReply {
                id: None,
                kind: ErrorKind::BadRequest,
                message: format!("not a request of the protocol: {e}"),
            }),
        };
        let text = serde_json::to_string(&reply).map_err(std::io::Error::other)?;
        writeln!(output, "{text}")?;
        output.flush()?;
    }
    Ok(())
}

/// The reply to one request.
#[must_use]
pub fn answer(request: &Request) -> Reply {
    match request {
        Request::Hello { .. } => Reply::Hello(Hello {
            protocol: PROTOCOL,
            engine: format!("tigerseye {}", env!("CARGO_PKG_VERSION")),
            games: GameId::ALL.iter().map(|g| g.name().to_owned()).collect(),
            differences: Vec::new(),
        }),
        Request::State(at) => at_game(at, None),
        Request::Perft { at, depth, count } => at_game(at, Some((*depth, *count))),
        Request::Quit => Reply::Error(ErrorReply {
            id: None,
            kind: ErrorKind::BadRequest,
            message: "quit has no reply".to_owned(),
        }),
    }
}

fn refuse(at: &At, kind: ErrorKind, message: String) -> Reply {
    Reply::Error(ErrorReply {
        id: Some(at.id),
        kind,
        message,
    })
}

fn at_game(at: &At, perft: Option<(u32, PerftUnit)>) -> Reply {
    match at.game.parse::<GameId>() {
        Ok(game) => game.visit(Answer { at, perft }),
        Err(e) => refuse(at, ErrorKind::Unsupported, e.to_string()),
    }
}

struct Answer<'a> {
    at: &'a At,
    perft: Option<(u32, PerftUnit)>,
}

impl GameVisitor for Answer<'_> {
    type Output = Reply;

    fn visit<G: Game>(self) -> Reply {
        let at = self.at;
        let pairs: Vec<(String, String)> = at
            .options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let options = match build_options::<G>(&pairs) {
            Ok(o) => o,
            Err(e) => return refuse(at, ErrorKind::Unsupported, e.to_string()),
        };
        let mut state = match &at.position {
            None => G::new(&options),
            Some(text) => match restore::<G>(text, &options) {
                Ok(record) => record.into_state(),
                Err(e) => return refuse(at, ErrorKind::BadRequest, e.to_string()),
            },
        };
        for text in &at.actions {
            let action = match state.parse_action(text) {
                Ok(a) => a,
                Err(e) => return refuse(at, ErrorKind::BadRequest, e.to_string()),
            };
            if let Err(e) = state.play(action) {
                return refuse(
                    at,
                    ErrorKind::IllegalAction,
                    format!(
                        "`{text}` in `{}`: {e}",
                        tigerseye_engine::core::quoted(&state.export_string())
                    ),
                );
            }
        }
        if let Some((depth, count)) = self.perft {
            let nodes = match count {
                PerftUnit::Actions => search::perft(&state, depth),
                PerftUnit::Turns => search::perft_turns(&state, depth),
            };
            return Reply::Perft(PerftReply {
                id: Some(at.id),
                nodes,
            });
        }
        Reply::State(state_reply(&state, Some(at.id)))
    }
}

/// What tigerseye answers for `state`.
#[must_use]
pub fn state_reply<G: Game>(state: &G, id: Option<u64>) -> StateReply {
    let mut legal = G::Actions::default();
    state.legal_actions(&mut legal);
    let turn = state.turn();
    let probabilities = (turn == Turn::Chance).then(|| {
        legal
            .iter()
            .map(|&a| {
                state
                    .chance_probability(a)
                    .map_or_else(|| "0/1".to_owned(), |p| format!("{}/{}", p.num, p.den))
            })
            .collect()
    });
    let outcome = match turn {
        Turn::Over(o) => Some(OutcomeReply {
            winner: o.winner.map(|s| G::side_name(s).to_owned()),
            rule: o.rule.0.to_owned(),
            score: Some(o.score.to_string()),
        }),
        Turn::Player(_) | Turn::Chance => None,
    };
    StateReply {
        id,
        turn: turn_name::<G>(turn).to_owned(),
        legal: legal.iter().map(|&a| state.action_text(a)).collect(),
        probabilities,
        outcome,
        position: state.export_string(),
    }
}

/// The protocol's name of a turn: a side's name, `chance` or `over`.
#[must_use]
pub fn turn_name<G: Game>(turn: Turn) -> &'static str {
    match turn {
        Turn::Player(side) => G::side_name(side),
        Turn::Chance => "chance",
        Turn::Over(_) => "over",
    }
}
