//! Splitting a .gap script into commands, with every quirk of the reference lexer.
//!
//! One command per `\n`-terminated line. `#` ends the line anywhere, even inside
//! quotes. Bytes 8, 10 and 13 are dropped, so CRLF scripts work. Tokens split at commas
//! outside double quotes; a `"` toggles quoting and is removed. Spaces and tabs are
//! dropped only at the start of a token: `imagegroup ,name=g` names the command
//! `imagegroup ` (with the space), and `w = 2` makes the key `w `.

use crate::{Error, Result};

/// One command line: its 1-based number, the command word and `key=value` arguments
/// in the order given (a repeated key keeps its first place and its last value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub command: String,
    pub args: Vec<(String, String)>,
}

/// Case-insensitive name comparison as the reference does it: every byte masked with
/// 0xDF before comparing.
pub fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x & 0xDF == y & 0xDF)
}

impl Line {
    /// The value of the first key matching any of `names`, case-insensitively.
    pub fn get(&self, names: &[&str]) -> Option<&str> {
        self.args
            .iter()
            .rev()
            .find(|(k, _)| names.iter().any(|n| same_name(k, n)))
            .map(|(_, v)| v.as_str())
    }

    pub fn has(&self, names: &[&str]) -> bool {
        self.get(names).is_some()
    }
}

/// Splits a whole script. `file` names the script in errors.
pub fn lex(file: &str, source: &[u8]) -> Result<Vec<Line>> {
    let mut out = Vec::new();
    for (i, raw) in source.split(|&b| b == b'\n').enumerate() {
        if let Some(line) = lex_line(file, i + 1, raw)? {
            out.push(line);
        }
    }
    Ok(out)
}

fn lex_line(file: &str, number: usize, raw: &[u8]) -> Result<Option<Line>> {
    let err = |msg: String| Error::at(format!("{file}:{number}"), msg);
    let mut tokens: Vec<Vec<u8>> = Vec::new();
    let mut token = Vec::new();
    let mut quoted = false;
    let mut separators = 0usize;
    for &ch in raw {
        match ch {
            b' ' | b'\t' => {
                if !token.is_empty() {
                    token.push(ch);
                }
            }
            b'#' => break,
            b',' if !quoted => {
                if separators == 0 && token.is_empty() {
                    return Err(err("missing command before the first comma".into()));
                }
                tokens.push(std::mem::take(&mut token));
                separators += 1;
            }
            b'"' => quoted = !quoted,
            8 | 10 | 13 => {}
            _ => token.push(ch),
        }
    }
    if !token.is_empty() {
        tokens.push(token);
    }
    let mut tokens = tokens.into_iter();
    let Some(command) = tokens.next() else {
        return Ok(None);
    };
    if command.is_empty() {
        return Ok(None);
    }
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    let mut args: Vec<(String, String)> = Vec::new();
    for t in tokens.filter(|t| !t.is_empty()) {
        let t = text(t);
        let Some((k, v)) = t.split_once('=') else {
            return Err(err(format!(
                "missing value for '{t}': every parameter must be key=value"
            )));
        };
        if k.is_empty() || v.is_empty() {
            return Err(err(format!("syntax error in '{t}': empty key or value")));
        }
        match args.iter_mut().find(|(key, _)| key == k) {
            Some(slot) => slot.1 = v.to_string(),
            None => args.push((k.to_string(), v.to_string())),
        }
    }
    Ok(Some(Line {
        number,
        command: text(command),
        args,
    }))
}

/// `strtol(s, nullptr, 10)`: leading blanks, optional sign, digits; anything else
/// ends the number, and no digits gives 0.
pub fn c_int(s: &str) -> i64 {
    let s = s.trim_start();
    let (neg, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut v: i64 = 0;
    for b in rest.bytes().take_while(u8::is_ascii_digit) {
        v = v.saturating_mul(10).saturating_add((b - b'0') as i64);
    }
    if neg {
        -v
    } else {
        v
    }
}

/// `strtof`: the longest leading decimal number, else 0.
pub fn c_float(s: &str) -> f32 {
    let s = s.trim_start();
    let end = s
        .char_indices()
        .take_while(|&(i, c)| c.is_ascii_digit() || c == '.' || ((c == '-' || c == '+') && i == 0))
        .map(|(i, c)| i + c.len_utf8())
        .last()
        .unwrap_or(0);
    (1..=end)
        .rev()
        .find_map(|e| s[..e].parse::<f32>().ok())
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(s: &str) -> Result<Option<Line>> {
        lex_line("t.gap", 1, s.as_bytes())
    }

    #[test]
    fn space_before_comma_stays_in_the_command() {
        assert_eq!(
            one("imagegroup ,name=g").unwrap().unwrap().command,
            "imagegroup "
        );
    }

    #[test]
    fn spaces_around_equals_make_a_different_key() {
        let l = one("image, w = 2 ,h=1").unwrap().unwrap();
        assert_eq!(l.args[0], ("w ".to_string(), " 2 ".to_string()));
        assert_eq!(l.get(&["w"]), None);
        assert_eq!(l.get(&["H"]), Some("1"));
    }

    #[test]
    fn hash_ends_the_line_even_in_quotes() {
        let l = one("export,name=\"a#b\",filename=x").unwrap().unwrap();
        assert_eq!(l.args, vec![("name".to_string(), "a".to_string())]);
    }

    #[test]
    fn flag_without_value_is_an_error() {
        let e = one("image,w=2,hflip").unwrap_err().to_string();
        assert!(e.starts_with("t.gap:1:"), "{e}");
        assert!(e.contains("hflip"), "{e}");
    }

    #[test]
    fn crlf_and_quotes() {
        let l = one("loadimage, src=\"a,b.png\"\r").unwrap().unwrap();
        assert_eq!(l.get(&["SRC"]), Some("a,b.png"));
    }

    #[test]
    fn c_number_parsing() {
        assert_eq!(c_int("12abc"), 12);
        assert_eq!(c_int("x"), 0);
        assert_eq!(c_int(" -5"), -5);
        assert_eq!(c_float("30"), 30.0);
        assert_eq!(c_float("2.5deg"), 2.5);
        assert_eq!(c_float("abc"), 0.0);
    }
}
