//! Bugs planted for the harness's own tests: a test names a marker, and the
//! code under test panics where it meets it (on this thread only, so tests
//! running side by side do not see each other's).

use std::cell::RefCell;

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
