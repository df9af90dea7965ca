//! Text from the input shown on the console.

/// `text` with its control characters escaped (`\n`, `\u{1b}`), so that a
/// scenario's title, reason or quoted input cannot break the console's lines or
/// send it escape sequences; the report files keep the text as written.
#[must_use]
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(char::is_control) {
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}
