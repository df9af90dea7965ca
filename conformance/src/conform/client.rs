//! The engine as a child process: a request written, one reply line read
//! within a timeout. A crash, a hang or garbage is a [`Transport`] failure
//! naming the request and the engine's last lines of standard error; the
//! process is then killed and started again at the next request, so that no
//! engine can hang the harness.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::protocol::{Hello, PROTOCOL, Reply, Request};

/// How many lines of the engine's standard error a failure quotes.
const STDERR_LINES: usize = 12;

/// The least time the engine has to start and answer `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// How to start the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// A program and its arguments (`tigerseye engine` for `--engine self`).
    Program {
        /// The program.
        program: PathBuf,
        /// Its arguments.
        args: Vec<String>,
    },
    /// A command line run by `sh -c`.
    Shell(String),
}

impl EngineCommand {
    /// The command as the report names it.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            EngineCommand::Program { program, args } => {
                let mut s = program.display().to_string();
                for a in args {
                    s.push(' ');
                    s.push_str(a);
                }
                s
            }
            EngineCommand::Shell(line) => line.clone(),
        }
    }

    /// The engine's process, in a process group of its own: a Ctrl-C at the
    /// terminal reaches the harness alone, which finishes the game under way
    /// with the engine still answering and then stops it.
    fn command(&self) -> Command {
        let mut c = match self {
            EngineCommand::Program { program, args } => {
                let mut c = Command::new(program);
                c.args(args);
                c
            }
            EngineCommand::Shell(line) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                c
            }
        };
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
}

/// The engine could not answer a request: it is reported as a disagreement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what}{}", stderr_tail(.stderr))]
pub struct Transport {
    /// What went wrong: the engine exited, did not answer in time, or wrote
    /// what is not a reply.
    pub what: String,
    /// The engine's last lines of standard error.
    pub stderr: Vec<String>,
}

fn stderr_tail(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!(" (its standard error ends: {})", lines.join(" | "))
    }
}

/// Why the engine cannot be checked at all.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The process does not start.
    #[error("cannot start the engine `{command}`: {cause}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        cause: std::io::Error,
    },
    /// It does not answer `hello` with a `hello` reply.
    #[error("the engine `{command}` does not answer hello: {why}")]
    Hello {
        /// The command.
        command: String,
        /// What it did.
        why: String,
    },
    /// It speaks another version.
    #[error("the engine `{command}` speaks protocol {found}; this harness speaks {speaks}")]
    Protocol {
        /// The command.
        command: String,
        /// The engine's version.
        found: u32,
        /// This harness's ([`PROTOCOL`]).
        speaks: u32,
    },
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Running {
    fn stderr_lines(&self) -> Vec<String> {
        self.stderr
            .lock()
            .map(|q| q.iter().cloned().collect())
            .unwrap_or_default()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An engine speaking the protocol.
pub struct Engine {
    command: EngineCommand,
    running: Option<Running>,
    timeout: Duration,
    hello: Hello,
    next_id: u64,
    /// How many times the engine was started again after a failure.
    pub restarts: u64,
}

impl Engine {
    /// Starts the engine and says hello.
    ///
    /// # Errors
    ///
    /// When it does not start, or does not answer hello with a hello reply of
    /// this protocol version within `timeout`.
    pub fn start(command: EngineCommand, timeout: Duration) -> Result<Engine, StartError> {
        let mut engine = Engine {
            command,
            running: None,
            timeout,
            hello: Hello::default(),
            next_id: 1,
            restarts: 0,
        };
        engine.hello = engine.launch()?;
        Ok(engine)
    }

    /// The engine's hello reply.
    #[must_use]
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// The command that starts it.
    #[must_use]
    pub fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// A fresh request id.
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn launch(&mut self) -> Result<Hello, StartError> {
        let describe = self.command.describe();
        let mut child = self
            .command
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|cause| StartError::Spawn {
                command: describe.clone(),
                cause,
            })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartError::Hello {
                command: describe,
                why: "its standard streams are not piped".to_owned(),
            });
        };
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let end = line.is_err();
                if tx.send(line).is_err() || end {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut q) = keep.lock() {
                    if q.len() == STDERR_LINES {
                        q.pop_front();
                    }
                    q.push_back(line);
                }
            }
        });
        self.running = Some(Running {
            child,
            stdin,
            lines: rx,
            stderr: tail,
        });
        // Starting may take longer than answering (an interpreter, a library).
        let timeout = self.timeout.max(HELLO_TIMEOUT);
        match self.exchange(&Request::Hello { protocol: PROTOCOL }, timeout) {
            Ok(Reply::Hello(h)) if h.protocol == PROTOCOL => Ok(h),
            Ok(Reply::Hello(h)) => Err(StartError::Protocol {
                command: describe,
                found: h.protocol,
                speaks: PROTOCOL,
            }),
            Ok(other @ (Reply::State(_) | Reply::Perft(_) | Reply::Error(_))) => {
                Err(StartError::Hello {
                    command: describe,
                    why: format!("it answered with a `{}` reply", other.kind()),
                })
            }
            Err(e) => Err(StartError::Hello {
                command: describe,
                why: e.to_string(),
            }),
        }
    }

    /// Sends `request` and reads its reply within `timeout`, starting the
    /// engine again first when an earlier failure stopped it.
    ///
    /// # Errors
    ///
    /// A [`Transport`] failure: the engine could not be started again, exited,
    /// did not answer within `timeout`, or wrote what is not a reply of the
    /// protocol (the engine is stopped, to be started again next time).
    pub fn ask(&mut self, request: &Request, timeout: Duration) -> Result<Reply, Transport> {
        if self.running.is_none() {
            self.restarts += 1;
            self.launch().map_err(|e| Transport {
                what: format!("the engine could not be started again: {e}"),
                stderr: Vec::new(),
            })?;
        }
        let result = self.exchange(request, timeout);
        if result.is_err() {
            self.running = None;
        }
        result
    }

    fn exchange(&mut self, request: &Request, timeout: Duration) -> Result<Reply, Transport> {
        let Some(running) = self.running.as_mut() else {
            return Err(Transport {
                what: "the engine is not running".to_owned(),
                stderr: Vec::new(),
            });
        };
        let fail = |running: &Running, what: String| Transport {
            what,
            stderr: running.stderr_lines(),
        };
        let line = match serde_json::to_string(request) {
            Ok(line) => line,
            Err(e) => return Err(fail(running, format!("cannot write the request: {e}"))),
        };
        if let Err(e) = writeln!(running.stdin, "{line}").and_then(|()| running.stdin.flush()) {
            return Err(fail(
                running,
                format!("the engine does not read its input ({e}): it has exited"),
            ));
        }
        let text = match running.lines.recv_timeout(timeout) {
            Ok(Ok(text)) => text,
            Ok(Err(e)) => return Err(fail(running, format!("cannot read its output: {e}"))),
            Err(RecvTimeoutError::Timeout) => {
                return Err(fail(
                    running,
                    format!("no reply within {:.1} s", timeout.as_secs_f64()),
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = running.child.try_wait().ok().flatten().map_or_else(
                    || "its output closed".to_owned(),
                    |s| format!("it exited ({s})"),
                );
                return Err(fail(running, format!("no reply: {status}")));
            }
        };
        serde_json::from_str::<Reply>(&text).map_err(|e| {
            fail(
                running,
                format!(
                    "garbage: `{}` is not a reply of the protocol ({e})",
                    crate::text::printable(&tigerseye_engine::core::quoted(&text))
                ),
            )
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(running) = self.running.as_mut() {
            let _ = serde_json::to_string(&Request::Quit)
                .map(|line| writeln!(running.stdin, "{line}").and_then(|()| running.stdin.flush()));
        }
    }
}
