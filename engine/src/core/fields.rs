//! Whitespace-separated fields of a position's text, as
//! [`str::split_whitespace`] cuts them, read by a scan of the bytes: the
//! imports of the key-square games cut every position this way, and
//! `split_whitespace` decodes every character of it (some fifteen instructions a
//! byte, the board's forty bytes included).

/// Whether `b` is an ASCII byte that [`char::is_whitespace`] calls whitespace:
/// the space, and the tab to the carriage return (the vertical tab and the form
/// feed included, unlike [`u8::is_ascii_whitespace`]).
#[inline(always)]
const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// Eight bytes of which one may be whitespace or beyond ASCII: those at most
/// a space or at least 128 (the borrow test is exact when every byte is below
/// 128, and a byte of 128 or more is caught by its top bit).
#[inline(always)]
const fn may_end(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (w.wrapping_sub(0x21 * ONES) & !w | w) & (0x80 * ONES) != 0
}

/// The first field of `text` (empty if none) and the text after it, the
/// whitespace before the field skipped: `text.split_whitespace().next()`, with
/// the rest. ASCII bytes are read eight at a time while none ends a field;
/// from the first byte beyond ASCII, the characters are read.
#[must_use]
#[inline]
pub fn first_field(text: &str) -> (&str, &str) {
    let bytes = text.as_bytes();
    let start = space_before(text);
    let mut i = start;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let w = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        if may_end(w) {
            break;
        }
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if is_space(b) {
            break;
        }
        if !b.is_ascii() {
            i += text[i..]
                .find(char::is_whitespace)
                .unwrap_or(text.len() - i);
            break;
        }
        i += 1;
    }
    (&text[start..i], &text[i..])
}

/// How many bytes of whitespace begin `text`: ASCII bytes are read one by one;
/// from the first byte beyond ASCII, [`str::trim_start`] decides.
#[inline(always)]
fn space_before(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if is_space(b) {
            i += 1;
        } else {
            if !b.is_ascii() {
                // Perhaps Unicode whitespace.
                i = text.len() - text[i..].trim_start().len();
            }
            break;
        }
    }
    i
}

/// `text` without the whitespace that begins it: [`str::trim_start`], with
/// ASCII bytes read one by one rather than as characters.
#[must_use]
#[inline]
pub fn trim_start(text: &str) -> &str {
    &text[space_before(text)..]
}

/// The fields of `text` as [`str::split_whitespace`] gives them (see
/// [`first_field`]).
#[must_use]
pub fn fields(text: &str) -> Fields<'_> {
    Fields { rest: text }
}

/// The iterator of [`fields`].
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let (field, rest) = first_field(self.rest);
        self.rest = rest;
        (!field.is_empty()).then_some(field)
    }
}

/// The `key:value` fields of a position read so far, each numbered (below 64)
/// by its place in the reader's own table of keys: a field given twice is
/// refused, not silently read over the first.
#[derive(Clone, Copy, Debug, Default)]
pub struct FieldsSeen(u64);

impl FieldsSeen {
    /// Notes field number `index` (below 64), whose key is `key`.
    ///
    /// # Errors
    ///
    /// "`` `<key>:` given twice: once at most ``" when `index` was noted before.
    ///
    /// # Panics
    ///
    /// When `index` is 64 or more (a reader's table of more keys than that).
    pub fn note(&mut self, index: usize, key: &str) -> Result<(), String> {
        assert!(index < 64, "field number {index} of `{key}:` is past 63");
        let bit = 1u64 << index;
        if self.0 & bit != 0 {
            return Err(format!("`{key}:` given twice: once at most"));
        }
        self.0 |= bit;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_noted_once_and_refused_the_second_time() {
        let mut seen = FieldsSeen::default();
        assert!(seen.note(0, "ply").is_ok());
        assert!(seen.note(63, "last").is_ok());
        assert!(seen.note(1, "quiet").is_ok());
        assert_eq!(
            seen.note(0, "ply"),
            Err("`ply:` given twice: once at most".to_owned())
        );
        assert!(seen.note(63, "last").is_err());
        assert!(seen.note(2, "seers").is_ok());
    }
    use crate::core::zobrist::splitmix64;

    fn agrees(text: &str) {
        let fast: Vec<&str> = fields(text).collect();
        let plain: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(fast, plain, "{text:?}");
        // The rest after each field is the text after it.
        let mut rest = text;
        for field in &plain {
            let (f, after) = first_field(rest);
            assert_eq!(f, *field, "{text:?}");
            assert!(text.ends_with(after));
            rest = after;
        }
        assert_eq!(first_field(rest).0, "", "{text:?}");
        assert_eq!(trim_start(text), text.trim_start(), "{text:?}");
    }

    /// The byte scan cuts texts as `split_whitespace` does: ASCII whitespace,
    /// the vertical tab and form feed, control characters that are not
    /// whitespace, Unicode whitespace and characters that are not.
    #[test]
    fn fields_are_cut_as_split_whitespace_cuts_them() {
        for text in [
            "",
            " ",
            "a",
            "  a  b\tc\nd\re\x0Bf\x0Cg  ",
            "a\u{a0}b c",
            "\u{2003}a b\u{2003}",
            "\u{3000}\u{85}x\u{200b}y\u{3000}z",
            "x\x1Fy z",
            "é",
            "abcdefghij klmnopqrstuvwxyz\tABCDEFGH\x0BIJKLMNOPQRSTU\x1Fxyz12345678 9",
            "12345678 12345678\x0C12345678\r\n1234567812345678",
            "4p2/7/7/3P3/7/7/1P5 green towering:A1,G1 ep:C3",
            "abcdefgh\u{a0}ijklmnop",
            "abcdefgé ijklmnop\u{2003}",
        ] {
            agrees(text);
        }
        // Random texts over an alphabet of the cases above.
        const PIECES: [&str; 12] = [
            "a", "Z", "/", "7", " ", "\t", "\x0B", "\x1F", "\u{a0}", "\u{3000}", "\u{200b}", "é",
        ];
        let mut bits = 9;
        for _ in 0..2_000 {
            bits = splitmix64(bits);
            let len = (bits % 40) as usize;
            let mut text = String::new();
            for _ in 0..len {
                bits = splitmix64(bits);
                // Mostly letters, so that long fields are read eight at a time.
                let i = (bits % 24) as usize;
                text.push_str(PIECES.get(i).copied().unwrap_or("k"));
            }
            agrees(&text);
        }
    }
}
