//! Panics caught and turned into failures: in a simulated game, a scenario, a
//! perft table, a fuzz seed or a shrinking step, a panic is that item's
//! failure, with its message and place, and the run goes on.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that, on a thread inside [`catch_panic`], records
/// the panic's message and place instead of printing it.
fn install_panic_hook() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(Cell::get) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(one_line(info)));
            } else {
                previous(info);
            }
        }));
    });
}

/// A panic as one line, `panicked at <file:line:column> — <message>` (its
/// message's own lines joined by ` — ` too), so that a report's entry for it
/// stays one markdown list item. The standard form puts the place and the
/// message on two lines.
fn one_line(info: &std::panic::PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic with no message");
    let mut text = match info.location() {
        Some(at) => format!("panicked at {at} — {message}"),
        None => format!("panicked — {message}"),
    };
    if text.contains('\n') {
        text = text.lines().collect::<Vec<_>>().join(" — ");
    }
    text
}

/// Runs `f`, turning a panic into `Err` with the panic's message and place
/// (printed nowhere).
///
/// # Errors
///
/// The panic's message.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    let was = CAPTURING.with(|c| c.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    CAPTURING.with(|c| c.set(was));
    result.map_err(|_| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "panic".into())
    })
}
