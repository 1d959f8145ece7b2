//! Number literals: decimal integers and reals, hex (`$ff`, `0xff`) and binary
//! (`0b101`), underscores allowed between digits.

use crate::formats::gamemaker::gml::language::lex::{is_name_char, is_name_start, Lexer, Pos, Tok};
use crate::formats::gamemaker::gml::language::parse::Failed;

impl Lexer<'_> {
    /// A number starting at a digit or at a point before a digit.
    pub(crate) fn number(&mut self, at: Pos) -> Result<Tok, Failed> {
        if self.peek() == Some('0') {
            match self.peek_at(1) {
                Some('x' | 'X') => {
                    self.bump();
                    self.bump();
                    let value = self.digits(at, 16)?;
                    return Ok(Tok::Int {
                        value,
                        decimal: false,
                    });
                }
                Some('b' | 'B') => {
                    self.bump();
                    self.bump();
                    let value = self.digits(at, 2)?;
                    return Ok(Tok::Int {
                        value,
                        decimal: false,
                    });
                }
                _ => {}
            }
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '_') {
            self.bump();
        }
        // `1.x` is a field of 1 and `1..` nothing GML has, so a point only belongs to
        // the number when what follows cannot start a name.
        let point = self.peek() == Some('.')
            && !self
                .peek_at(1)
                .is_some_and(|c| is_name_start(c) || c == '.');
        if point {
            self.bump();
            while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '_') {
                self.bump();
            }
        }
        if self.peek().is_some_and(is_name_char) {
            return Err(self.error(at, "a number runs into a name here"));
        }
        let written: String = self.src[start..self.pos]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        if point {
            let value: f64 = written
                .parse()
                .map_err(|_| self.error(at, "this number cannot be read"))?;
            if !value.is_finite() {
                return Err(self.error(at, "this number is too large"));
            }
            return Ok(Tok::Real(value));
        }
        let value = written
            .parse::<u64>()
            .map_err(|_| self.error(at, "this integer does not fit in 64 bits"))?;
        Ok(Tok::Int {
            value,
            decimal: true,
        })
    }

    /// Digits in `radix` (underscores between them allowed), as at least one digit
    /// and at most 64 bits.
    pub(crate) fn digits(&mut self, at: Pos, radix: u32) -> Result<u64, Failed> {
        let mut value: u64 = 0;
        let mut any = false;
        while let Some(c) = self.peek() {
            if c == '_' {
                self.bump();
                continue;
            }
            let Some(d) = c.to_digit(radix) else { break };
            self.bump();
            any = true;
            value = value
                .checked_mul(u64::from(radix))
                .and_then(|v| v.checked_add(u64::from(d)))
                .ok_or_else(|| self.error(at, "this integer does not fit in 64 bits"))?;
        }
        if !any || self.peek().is_some_and(is_name_char) {
            return Err(self.error(at, "malformed number"));
        }
        Ok(value)
    }
}
