//! Bugs planted for the harness's own tests: a test names a marker, and the
//! code under test panics where it meets it (on this thread only, so tests
//! running side by side do not see each other's); or a test names a master
//! seed, and the sims of that seed break a planted check.

use std::cell::RefCell;
use std::sync::{Arc, Mutex};

use tigerseye_engine::Game;

use crate::invariants::Violation;
use crate::shrink::Oracle;

thread_local! {
    static PANIC_ON: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Panics on this thread wherever [`hit`] meets `marker`, until the guard is
/// dropped.
pub(crate) fn panic_on(marker: &str) -> Guard {
    PANIC_ON.with(|p| *p.borrow_mut() = Some(marker.to_owned()));
    Guard
}

/// Clears the planted marker when dropped.
pub(crate) struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        PANIC_ON.with(|p| *p.borrow_mut() = None);
    }
}

/// Panics when `text` is the planted marker.
pub(crate) fn hit(text: &str) {
    if PANIC_ON.with(|p| p.borrow().as_deref() == Some(text)) {
        panic!("planted panic at `{text}`");
    }
}

thread_local! {
    static FAILING_WRITE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Makes the writing of every report file named `name` fail on this thread
/// ([`crate::report::write_atomic`]), until the guard is dropped.
pub(crate) fn fail_writing(name: &str) -> WriteGuard {
    FAILING_WRITE.with(|p| *p.borrow_mut() = Some(name.to_owned()));
    WriteGuard
}

/// Ends a [`fail_writing`] when dropped.
pub(crate) struct WriteGuard;

impl Drop for WriteGuard {
    fn drop(&mut self) {
        FAILING_WRITE.with(|p| *p.borrow_mut() = None);
    }
}

/// Whether writing `path` is to fail ([`fail_writing`] named its file name).
pub(crate) fn write_fails(path: &std::path::Path) -> bool {
    FAILING_WRITE.with(|p| {
        p.borrow()
            .as_deref()
            .is_some_and(|name| path.file_name().is_some_and(|f| f == name))
    })
}

/// The master seeds whose sims break a planted check, each with its rate:
/// a sim of such a seed ([`crate::sim::run`]) fails every state whose hash is
/// a multiple of the rate, with the check `planted`. Keyed by seed, so that
/// the other tests' sims, on other threads at the same time, do not see it.
static FAILING_SIMS: Mutex<Vec<(u64, Plant)>> = Mutex::new(Vec::new());

/// What a planted check fails.
#[derive(Clone)]
enum Plant {
    /// Every state whose hash is a multiple of this.
    HashMultiple(u64),
    /// Every state of the game named first whose position (its export)
    /// lacks the text named second: a bug in a branch only such positions
    /// reach.
    Lacking(&'static str, &'static str),
}

/// Makes the sims of master seed `seed` fail on every state whose hash is a
/// multiple of `every` (about one state in `every`: deep in a long game, and
/// independent of the game's past), until the guard is dropped.
pub(crate) fn fail_sims(seed: u64, every: u64) -> SimGuard {
    lock().push((seed, Plant::HashMultiple(every.max(1))));
    SimGuard(seed)
}

/// Makes the sims of master seed `seed` of the game named `game` fail on
/// every state whose position ([`Game::export`]) lacks `text` (for Dragon,
/// `wp`: a state without the Woodland Princess, which random play from the
/// standard start never captures), until the guard is dropped.
pub(crate) fn fail_sims_lacking(seed: u64, game: &'static str, text: &'static str) -> SimGuard {
    lock().push((seed, Plant::Lacking(game, text)));
    SimGuard(seed)
}

/// Ends a [`fail_sims`] when dropped.
pub(crate) struct SimGuard(u64);

impl Drop for SimGuard {
    fn drop(&mut self) {
        lock().retain(|(seed, _)| *seed != self.0);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<(u64, Plant)>> {
    FAILING_SIMS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The planted check of the sims of master seed `seed`, if [`fail_sims`]
/// planted one.
pub(crate) fn sim_oracle<G: Game>(seed: u64) -> Option<Oracle<G>> {
    let plant = lock().iter().find(|(s, _)| *s == seed)?.1.clone();
    match plant {
        Plant::HashMultiple(every) => Some(hash_multiple(every)),
        Plant::Lacking(game, text) => (game == G::NAME).then(|| lacking(text)),
    }
}

/// A planted check that fails every state whose position lacks `text`.
fn lacking<G: Game>(text: &'static str) -> Oracle<G> {
    Arc::new(move |state: &G| {
        let position = state.export_string();
        if position.contains(text) {
            Ok(())
        } else {
            Err(Violation {
                check: "planted",
                message: format!("planted failure: the position `{position}` lacks `{text}`"),
            })
        }
    })
}

/// A planted check that fails every state whose hash is a multiple of
/// `every`.
pub(crate) fn hash_multiple<G: Game>(every: u64) -> Oracle<G> {
    Arc::new(move |state: &G| {
        let hash = state.hash();
        if hash.is_multiple_of(every) {
            Err(Violation {
                check: "planted",
                message: format!("planted failure: the hash {hash:#x} is a multiple of {every}"),
            })
        } else {
            Ok(())
        }
    })
}
