//! A faithful port of VASSAL's `VASSAL.tools.SequenceEncoder` and its `Decoder`.
//!
//! VASSAL serialises almost everything (piece types and states, commands, grid
//! location formats) as delimiter-separated fields. A field containing the delimiter has
//! it escaped with a backslash; a field that starts with a backslash, or that starts and
//! ends with a single quote, is wrapped in single quotes. Nesting is done by encoding an
//! inner sequence and appending it as one field of the outer one, so each level of
//! nesting adds one level of escaping.
//!
//! The decoder below reproduces the Java decoder's quirks exactly (for example it treats a
//! delimiter preceded by any backslash as escaped, and an empty input still yields one
//! empty token), because VASSAL's own files were written and are read with those rules.

/// Encodes fields into one string with `delim` between them (Java `SequenceEncoder`).
#[derive(Debug, Clone)]
pub struct SequenceEncoder {
    buffer: Option<String>,
    delim: char,
}

impl SequenceEncoder {
    /// A new, empty encoder for `delim`.
    pub fn new(delim: char) -> Self {
        SequenceEncoder {
            buffer: None,
            delim,
        }
    }

    /// Appends one field (Java `append(String)`).
    pub fn append(&mut self, s: &str) -> &mut Self {
        match &mut self.buffer {
            None => self.buffer = Some(String::new()),
            Some(b) => b.push(self.delim),
        }
        if s.is_empty() {
            return self;
        }
        let quote = s.starts_with('\\') || (s.starts_with('\'') && s.ends_with('\''));
        let delim = self.delim;
        let buf = self.buffer.as_mut().expect("buffer was just created");
        if quote {
            buf.push('\'');
        }
        for c in s.chars() {
            if c == delim {
                buf.push('\\');
            }
            buf.push(c);
        }
        if quote {
            buf.push('\'');
        }
        self
    }

    /// The encoded string, or `None` when nothing was appended (Java returns null).
    pub fn value(&self) -> Option<&str> {
        self.buffer.as_deref()
    }

    /// The encoded string, empty when nothing was appended.
    pub fn into_string(self) -> String {
        self.buffer.unwrap_or_default()
    }
}

/// Encodes `fields` with `delim`; empty string for no fields.
pub fn encode(fields: &[&str], delim: char) -> String {
    let mut se = SequenceEncoder::new(delim);
    for f in fields {
        se.append(f);
    }
    se.into_string()
}

/// Splits a string into fields (Java `SequenceEncoder.Decoder`).
///
/// `Decoder::new(Some(""), d)` yields one empty token, like Java; `Decoder::new(None, d)`
/// yields none.
#[derive(Debug, Clone)]
pub struct Decoder<'a> {
    val: Option<&'a str>,
    delim: u8,
    start: usize,
    stop: usize,
}

impl<'a> Decoder<'a> {
    /// A decoder over `value` (`None` is Java's null: no tokens). `delim` must be ASCII;
    /// every delimiter VASSAL uses is (`;` `,` `/` `\t` `$` `=` `+` ESC).
    pub fn new(value: impl Into<Option<&'a str>>, delim: char) -> Self {
        let val = value.into();
        debug_assert!(delim.is_ascii(), "delimiters are ASCII");
        Decoder {
            val,
            delim: delim as u8,
            start: 0,
            stop: val.map_or(0, str::len),
        }
    }

    /// Whether another token can be read (Java `hasMoreTokens`).
    pub fn has_more_tokens(&self) -> bool {
        self.val.is_some()
    }

    /// The undecoded rest (Java `getRemaining`).
    pub fn remaining(&self) -> &'a str {
        match self.val {
            Some(v) => &v[self.start..self.stop],
            None => "",
        }
    }

    /// The next token, or `None` when there are no more (where Java would throw
    /// `NoSuchElementException`).
    pub fn next_token(&mut self) -> Option<String> {
        let val = self.val?;
        if self.start == self.stop {
            self.val = None;
            return Some(String::new());
        }
        let bytes = val.as_bytes();
        let mut buf = String::new();
        let mut tok: Option<&str> = None;
        let mut i = self.start;
        while i < self.stop {
            if bytes[i] == self.delim {
                if i > 0 && bytes[i - 1] == b'\\' {
                    // Escaped delimiter: keep everything before the backslash, then the
                    // delimiter itself starts the next slice.
                    buf.push_str(&val[self.start..i - 1]);
                    self.start = i;
                } else {
                    if buf.is_empty() {
                        tok = Some(&val[self.start..i]);
                    } else {
                        buf.push_str(&val[self.start..i]);
                    }
                    self.start = i + 1;
                    break;
                }
            }
            i += 1;
        }
        if self.start < i {
            if buf.is_empty() {
                tok = Some(&val[self.start..]);
            } else {
                buf.push_str(&val[self.start..self.stop]);
            }
            self.val = None;
        }
        let raw: &str = match tok {
            Some(t) => t,
            None => &buf,
        };
        Some(unquote(raw).to_string())
    }

    /// The next token, or `default` when there are none (Java `nextToken(String)`).
    pub fn next_or(&mut self, default: &str) -> String {
        self.next_token().unwrap_or_else(|| default.to_string())
    }

    /// The next token parsed as a Java int; `default` when absent or not a number
    /// (Java `nextInt`: the token is consumed either way).
    pub fn next_int(&mut self, default: i32) -> i32 {
        match self.next_token() {
            Some(t) => parse_java_int(&t).unwrap_or(default),
            None => default,
        }
    }

    /// The next token parsed as a double (Java `nextDouble`).
    pub fn next_double(&mut self, default: f64) -> f64 {
        match self.next_token() {
            Some(t) => parse_java_double(&t).unwrap_or(default),
            None => default,
        }
    }

    /// `true` only for the token "true"; `default` when absent (Java `nextBoolean`).
    pub fn next_boolean(&mut self, default: bool) -> bool {
        match self.next_token() {
            Some(t) => t == "true",
            None => default,
        }
    }

    /// First character of the next token; `default` when absent or empty (Java `nextChar`).
    pub fn next_char(&mut self, default: char) -> char {
        match self.next_token() {
            Some(t) => t.chars().next().unwrap_or(default),
            None => default,
        }
    }

    /// The next token split as a comma-separated string array, padded with empty strings
    /// to `min_len` (Java `nextStringArray` + `StringArrayConfigurer.stringToArray`).
    pub fn next_string_array(&mut self, min_len: usize) -> Vec<String> {
        let mut v = match self.next_token() {
            Some(t) => string_to_array(&t),
            None => Vec::new(),
        };
        while v.len() < min_len {
            v.push(String::new());
        }
        v
    }
}

impl Iterator for Decoder<'_> {
    type Item = String;
    fn next(&mut self) -> Option<String> {
        self.next_token()
    }
}

/// All tokens of `value` split with `delim`.
pub fn decode_all(value: &str, delim: char) -> Vec<String> {
    Decoder::new(value, delim).collect()
}

/// `StringArrayConfigurer.stringToArray`: empty input is an empty array.
pub fn string_to_array(s: &str) -> Vec<String> {
    if s.is_empty() {
        return Vec::new();
    }
    decode_all(s, ',')
}

fn unquote(s: &str) -> &str {
    if s.len() > 1 && s.starts_with('\'') && s.ends_with('\'') {
        &s[1..s.len() - 1]
    } else {
        s
    }
}

/// Java `Integer.parseInt`: optional sign, ASCII digits, 32-bit range, nothing else.
pub fn parse_java_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i32>().ok()
}

/// Java `Double.parseDouble` for the forms VASSAL writes (decimal, optional exponent),
/// with surrounding whitespace allowed like Java. NaN and infinities are refused: they
/// would make no sense as grid sizes.
pub fn parse_java_double(s: &str) -> Option<f64> {
    let t = s.trim();
    let t = t.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(t);
    if t.is_empty()
        || !t
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'))
    {
        return None;
    }
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(fields: &[&str], d: char) -> String {
        encode(fields, d)
    }

    #[test]
    fn encodes_like_java() {
        assert_eq!(enc(&["a", "b", "c"], ';'), "a;b;c");
        assert_eq!(enc(&["a;b", "c"], ';'), "a\\;b;c");
        // A leading backslash is quoted.
        assert_eq!(enc(&["\\x", "y"], ';'), "'\\x';y");
        // A quoted field is quoted again so that the decoder's unquote restores it.
        assert_eq!(enc(&["'q'"], ';'), "''q''");
        assert_eq!(enc(&["", ""], ';'), ";");
        assert_eq!(enc(&[], ';'), "");
    }

    #[test]
    fn decodes_like_java() {
        assert_eq!(decode_all("a;b;c", ';'), ["a", "b", "c"]);
        assert_eq!(decode_all("a\\;b;c", ';'), ["a;b", "c"]);
        assert_eq!(decode_all("'\\x';y", ';'), ["\\x", "y"]);
        assert_eq!(decode_all("''q''", ';'), ["'q'"]);
        // Empty input yields one empty token; a trailing delimiter one more empty token.
        assert_eq!(decode_all("", ';'), [""]);
        assert_eq!(decode_all("a;", ';'), ["a", ""]);
        assert_eq!(decode_all(";", ';'), ["", ""]);
        // Escaped delimiters inside the last token.
        assert_eq!(decode_all("x;a\\;b\\;c", ';'), ["x", "a;b;c"]);
        // Several escapes in one token followed by more tokens.
        assert_eq!(decode_all("a\\;b\\;c;d", ';'), ["a;b;c", "d"]);
    }

    #[test]
    fn nested_round_trip() {
        // Inner sequence with ';' placed into an outer '\t' sequence and then into a '/'
        // sequence: each level decodes back exactly.
        let inner = enc(&["mark;Side", "x/y\\z"], ';');
        let mid = enc(&[&inner, "piece;;;img.png;A/B"], '\t');
        let outer = enc(&["null", &mid, "state"], '/');
        let lvl1 = decode_all(&outer, '/');
        assert_eq!(lvl1.len(), 3);
        assert_eq!(lvl1[1], mid);
        let lvl2 = decode_all(&lvl1[1], '\t');
        assert_eq!(lvl2, [inner.clone(), "piece;;;img.png;A/B".to_string()]);
        assert_eq!(decode_all(&lvl2[0], ';'), ["mark;Side", "x/y\\z"]);
    }

    #[test]
    fn typed_readers() {
        let mut d = Decoder::new("12;x;true;2.5;;Q", ';');
        assert_eq!(d.next_int(7), 12);
        assert_eq!(d.next_int(7), 7); // "x" is consumed, default returned
        assert!(d.next_boolean(false));
        assert_eq!(d.next_double(0.0), 2.5);
        assert_eq!(d.next_char('z'), 'z'); // empty token
        assert_eq!(d.next_char('z'), 'Q');
        assert!(!d.has_more_tokens());
        assert_eq!(d.next_int(-3), -3);
        assert_eq!(d.next_token(), None);
        let mut n = Decoder::new(None, ';');
        assert!(!n.has_more_tokens());
        assert_eq!(n.next_or("dflt"), "dflt");
    }

    #[test]
    fn java_number_parsing() {
        assert_eq!(parse_java_int("-12"), Some(-12));
        assert_eq!(parse_java_int("+3"), Some(3));
        assert_eq!(parse_java_int(" 3"), None);
        assert_eq!(parse_java_int("99999999999"), None);
        assert_eq!(parse_java_double("64.5"), Some(64.5));
        assert_eq!(parse_java_double(" 1e2 "), Some(100.0));
        assert_eq!(parse_java_double("NaN"), None);
        assert_eq!(parse_java_double("1,5"), None);
    }

    #[test]
    fn string_arrays() {
        let mut d = Decoder::new("a.png,b.png;;", ';');
        assert_eq!(d.next_string_array(1), ["a.png", "b.png"]);
        assert_eq!(d.next_string_array(2), ["", ""]);
    }
}
