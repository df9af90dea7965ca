//! The engine protocol, version 1 (docs/conform.md): JSON lines, one request a
//! line from the harness, one reply a line from the engine.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The protocol version this harness speaks.
pub const PROTOCOL: u32 = 1;

/// Where a `state` or `perft` request is: a game, its options, a position
/// and the actions played from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct At {
    /// A number the reply repeats.
    pub id: u64,
    /// The game's registered name.
    pub game: String,
    /// Game options, `key: value`; an option left out has its default.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// A position in the game's export format, `None` for the standard start.
    #[serde(default)]
    pub position: Option<String>,
    /// Actions in the game's notation, played in order from the position.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// A request from the harness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Request {
    /// The first request: the engine names itself and its games.
    Hello {
        /// The version the harness speaks.
        protocol: u32,
    },
    /// The legal actions, turn, outcome and position of a state.
    State(At),
    /// The leaf nodes `depth` plies below a state, or with `count: turns`
    /// the action sequences that play `depth` whole turns.
    Perft {
        /// The state.
        #[serde(flatten)]
        at: At,
        /// Plies, or whole turns.
        depth: u32,
        /// What is counted; left out of the line when it is `actions`.
        #[serde(default, skip_serializing_if = "PerftUnit::is_actions")]
        count: PerftUnit,
    },
    /// The engine exits; no reply.
    Quit,
}

/// What a `perft` request counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerftUnit {
    /// The leaves `depth` actions down.
    #[default]
    Actions,
    /// The action sequences that play `depth` whole turns (a game with one
    /// action a turn counts the same as by action).
    Turns,
}

impl PerftUnit {
    /// Whether this is the default, `actions`.
    #[must_use]
    pub fn is_actions(&self) -> bool {
        *self == PerftUnit::Actions
    }
}

/// A difference an engine knowingly has: a rule by which tigerseye ends a
/// game and the engine does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    /// The game.
    pub game: String,
    /// The deciding rule's id (an outcome's `rule`).
    pub rule: String,
    /// The ruling id, when a ruling makes the rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
    /// What the engine does instead.
    #[serde(default)]
    pub note: String,
}

/// The engine's answer to `hello`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The version the engine speaks.
    pub protocol: u32,
    /// Its name and version.
    #[serde(default)]
    pub engine: String,
    /// The games it plays.
    #[serde(default)]
    pub games: Vec<String>,
    /// Its declared differences.
    #[serde(default)]
    pub differences: Vec<Declared>,
}

/// An outcome in a `state` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeReply {
    /// The winner's side name, `None` (`null`) for a draw.
    pub winner: Option<String>,
    /// The deciding rule's id.
    pub rule: String,
    /// The score in the project's form, compared when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
}

/// The engine's answer to `state`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateReply {
    /// The request's id.
    #[serde(default)]
    pub id: Option<u64>,
    /// A side's name, `chance` or `over`.
    pub turn: String,
    /// Every legal action, in any order.
    pub legal: Vec<String>,
    /// For chance: each outcome's probability, `"1/2"`, in the order of
    /// `legal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probabilities: Option<Vec<String>>,
    /// When over: the outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<OutcomeReply>,
    /// The state in the game's export format.
    pub position: String,
}

/// The engine's answer to `perft`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftReply {
    /// The request's id.
    #[serde(default)]
    pub id: Option<u64>,
    /// Leaf nodes.
    pub nodes: u64,
}

/// An error reply's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// A game, option or position the engine does not implement.
    Unsupported,
    /// An action of the request is not legal where it is played.
    IllegalAction,
    /// The request cannot be read.
    BadRequest,
}

/// The engine refuses a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorReply {
    /// The request's id, when it could be read.
    #[serde(default)]
    pub id: Option<u64>,
    /// Why.
    pub kind: ErrorKind,
    /// What the engine says.
    #[serde(default)]
    pub message: String,
}

/// A reply from the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Reply {
    /// To `hello`.
    Hello(Hello),
    /// To `state`.
    State(StateReply),
    /// To `perft`.
    Perft(PerftReply),
    /// A refusal of any request.
    Error(ErrorReply),
}

impl Reply {
    /// The reply's `type`, for messages.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Reply::Hello(_) => "hello",
            Reply::State(_) => "state",
            Reply::Perft(_) => "perft",
            Reply::Error(_) => "error",
        }
    }

    /// The id the reply repeats (`hello` has none).
    #[must_use]
    pub fn id(&self) -> Option<u64> {
        match self {
            Reply::Hello(_) => None,
            Reply::State(r) => r.id,
            Reply::Perft(r) => r.id,
            Reply::Error(r) => r.id,
        }
    }
}

/// `"1/2"` as `(1, 2)`: a probability's text, `None` when it is not
/// `numerator/denominator` with a denominator of at least 1.
#[must_use]
pub fn fraction(text: &str) -> Option<(u64, u64)> {
    let (n, d) = text.trim().split_once('/')?;
    let (n, d) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
    (d > 0).then_some((n, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_replies_read_back() {
        let at = At {
            id: 3,
            game: "diamond-quest".to_owned(),
            options: BTreeMap::new(),
            position: None,
            actions: vec!["red-first".to_owned()],
        };
        for request in [
            Request::Hello { protocol: 1 },
            Request::State(at.clone()),
            Request::Perft {
                at: at.clone(),
                depth: 2,
                count: PerftUnit::Actions,
            },
            Request::Perft {
                at,
                depth: 1,
                count: PerftUnit::Turns,
            },
            Request::Quit,
        ] {
            let line = serde_json::to_string(&request).unwrap();
            assert!(!line.contains('\n'));
            // Counting by action is the default and stays off the line.
            assert_eq!(line.contains("count"), line.contains("turns"), "{line}");
            assert_eq!(serde_json::from_str::<Request>(&line).unwrap(), request);
        }
        let reply: Reply =
            serde_json::from_str(r#"{"type":"perft","id":4,"nodes":3210,"extra":"ignored"}"#)
                .unwrap();
        assert_eq!(
            reply,
            Reply::Perft(PerftReply {
                id: Some(4),
                nodes: 3210
            })
        );
        let error: Reply =
            serde_json::from_str(r#"{"type":"error","id":5,"kind":"unsupported","message":"no"}"#)
                .unwrap();
        assert_eq!(error.kind(), "error");
        assert!(serde_json::from_str::<Reply>(r#"{"type":"state","id":1}"#).is_err());
    }

    #[test]
    fn fractions_read() {
        assert_eq!(fraction("1/2"), Some((1, 2)));
        assert_eq!(fraction(" 5 / 36 "), Some((5, 36)));
        assert_eq!(fraction("1/0"), None);
        assert_eq!(fraction("0.5"), None);
    }
}
