//! String literals: quoted (with or without escapes, by release), verbatim, and
//! template strings with their `{expr}` pieces.

use crate::formats::gamemaker::gml::language::lex::{Lexer, Piece, Pos, Tok};
use crate::formats::gamemaker::gml::language::parse::{Failed, MAX_DEPTH};

impl Lexer<'_> {
    /// `"..."` or `'...'`, at its opening quote. A line break inside is kept:
    /// GameMaker: Studio 1 strings may span lines.
    pub(crate) fn quoted(&mut self, at: Pos) -> Result<String, Failed> {
        let quote = self.bump().unwrap_or('"');
        let mut out = String::new();
        loop {
            match self.bump() {
                None => return Err(self.error(at, "this string is never closed")),
                Some(c) if c == quote => return Ok(out),
                Some('\\') if self.style.escapes => self.escape(&mut out, false)?,
                Some(c) => out.push(c),
            }
        }
    }

    /// `@"..."` or `@'...'`, at its quote: no escapes, and it may span lines.
    pub(crate) fn verbatim(&mut self, at: Pos) -> Result<String, Failed> {
        let quote = self.bump().unwrap_or('"');
        let start = self.pos;
        loop {
            match self.bump() {
                None => return Err(self.error(at, "this string is never closed")),
                Some(c) if c == quote => {
                    return Ok(self.src[start..self.pos - c.len_utf8()].to_string())
                }
                Some(_) => {}
            }
        }
    }

    /// `$"...{expr}..."`, at its quote (the `$` already read).
    pub(crate) fn template(&mut self, at: Pos) -> Result<Tok, Failed> {
        // Each template is a level of the tree too, so one nested deeper than the
        // tree may be would be refused anyway; refused here, it cannot run the
        // lexer's stack out first.
        if self.depth >= MAX_DEPTH {
            return Err(self.error(at, "template strings are nested too deeply"));
        }
        self.bump();
        let mut pieces = Vec::new();
        let mut text = String::new();
        loop {
            let here = self.here();
            match self.bump() {
                None => return Err(self.error(at, "this template string is never closed")),
                Some('"') => break,
                Some('\\') => self.escape(&mut text, true)?,
                Some('{') => {
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    self.depth += 1;
                    let code = self.tokens(Some(here));
                    self.depth -= 1;
                    let code = code?;
                    if code.len() == 1 {
                        return Err(self.error(here, "this `{` holds no expression"));
                    }
                    pieces.push(Piece::Code(code));
                }
                Some(c) => text.push(c),
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Tok::Template(pieces))
    }

    /// The escape after a `\`, pushed onto `out`. An escape GML does not define is
    /// kept as written, backslash and all.
    fn escape(&mut self, out: &mut String, template: bool) -> Result<(), Failed> {
        let at = Pos {
            offset: self.pos - 1,
            line: self.line,
            column: self.column - 1,
        };
        let Some(c) = self.peek() else {
            return Err(self.error(at, "this string is never closed"));
        };
        let simple = match c {
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            'v' => Some('\u{b}'),
            'a' => Some('\u{7}'),
            '\\' | '"' | '\'' => Some(c),
            '{' | '}' if template => Some(c),
            _ => None,
        };
        if let Some(s) = simple {
            self.bump();
            out.push(s);
            return Ok(());
        }
        let code = match c {
            'x' => {
                self.bump();
                self.hex_digits(at, 2, 2)?
            }
            'u' if self.peek_at(1) == Some('{') => {
                self.bump();
                self.bump();
                let code = self.hex_digits(at, 1, 6)?;
                if !self.eat('}') {
                    return Err(self.error(at, "a `\\u{` escape needs its `}`"));
                }
                code
            }
            'u' => {
                self.bump();
                self.hex_digits(at, 4, 4)?
            }
            _ => {
                out.push('\\');
                return Ok(());
            }
        };
        let ch = char::from_u32(code)
            .ok_or_else(|| self.error(at, format!("`{code:x}` is not a character")))?;
        out.push(ch);
        Ok(())
    }

    /// Between `min` and `max` hex digits.
    fn hex_digits(&mut self, at: Pos, min: usize, max: usize) -> Result<u32, Failed> {
        let mut value = 0u32;
        let mut n = 0;
        while n < max {
            let Some(d) = self.peek().and_then(|c| c.to_digit(16)) else {
                break;
            };
            self.bump();
            value = value * 16 + d;
            n += 1;
        }
        if n < min {
            return Err(self.error(at, "this escape needs more hex digits"));
        }
        Ok(value)
    }
}
