//! The lexer: text to tokens, one character class at a time (directives, numbers
//! and strings are read beside it).

use crate::formats::gamemaker::gml::language::ast::{Accessor, AssignOp};
use crate::formats::gamemaker::gml::language::parse::{Failed, ParseError};
use crate::formats::gamemaker::gml::language::print::Style;

use crate::formats::gamemaker::gml::language::lex::token::{Pos, Tok, Token};

/// `text` as tokens, ending with [`Tok::End`]. With `style.escapes` off (GameMaker
/// 8 and Studio 1) a quoted string is taken verbatim between its quotes.
pub fn lex(text: &str, style: Style) -> Result<Vec<Token>, ParseError> {
    let mut lexer = Lexer {
        src: text,
        pos: 0,
        line: 1,
        column: 1,
        style,
        depth: 0,
        error: None,
    };
    lexer.tokens(None).map_err(|Failed| {
        let at = lexer.here();
        // Every `Failed` is made by `error`, so this fallback is never shown.
        lexer
            .error
            .take()
            .unwrap_or_else(|| ParseError::new(text, at, "this text does not lex"))
    })
}

pub(crate) struct Lexer<'a> {
    pub(crate) src: &'a str,
    pub(crate) pos: usize,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) style: Style,
    /// Template strings open around the current position.
    pub(crate) depth: usize,
    /// Why lexing failed, once it has: kept here, and a marker returned, for the
    /// reason [`Failed`] gives.
    pub(crate) error: Option<ParseError>,
}

pub(crate) fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

pub(crate) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl<'a> Lexer<'a> {
    pub(crate) fn here(&self) -> Pos {
        Pos {
            offset: self.pos,
            line: self.line,
            column: self.column,
        }
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    pub(crate) fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn error(&mut self, at: Pos, message: impl Into<String>) -> Failed {
        self.error = Some(ParseError::new(self.src, at, message));
        Failed
    }

    /// Tokens up to the end of the text, or, in a template piece opened at
    /// `in_template`, up to the `}` that closes it (which is consumed, and becomes
    /// the [`Tok::End`]).
    pub(crate) fn tokens(&mut self, in_template: Option<Pos>) -> Result<Vec<Token>, Failed> {
        let mut out = Vec::new();
        // Braces opened inside the piece, which its own `}` does not close.
        let mut braces = 0usize;
        loop {
            self.skip_blank()?;
            let at = self.here();
            let Some(c) = self.peek() else {
                if let Some(open) = in_template {
                    return Err(self.error(open, "this template string's `{` is never closed"));
                }
                out.push(Token {
                    kind: Tok::End,
                    at,
                    end: self.pos,
                });
                return Ok(out);
            };
            if in_template.is_some() && c == '}' && braces == 0 {
                self.bump();
                out.push(Token {
                    kind: Tok::End,
                    at,
                    end: self.pos,
                });
                return Ok(out);
            }
            match c {
                '{' => braces += 1,
                '}' => braces = braces.saturating_sub(1),
                _ => {}
            }
            let kind = self.token(c, at)?;
            if let Some(kind) = kind {
                out.push(Token {
                    kind,
                    at,
                    end: self.pos,
                });
            }
        }
    }

    /// Skips whitespace and comments.
    pub(crate) fn skip_blank(&mut self) -> Result<(), Failed> {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() || c == '\u{feff}' => {
                    self.bump();
                }
                Some('/') if self.peek_at(1) == Some('/') => self.skip_line(),
                Some('/') if self.peek_at(1) == Some('*') => {
                    let at = self.here();
                    self.bump();
                    self.bump();
                    match self.src[self.pos..].find("*/") {
                        Some(n) => {
                            let stop = self.pos + n + 2;
                            while self.pos < stop {
                                self.bump();
                            }
                        }
                        None => return Err(self.error(at, "this `/*` comment is never closed")),
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Skips to the end of the line, leaving the line break.
    pub(crate) fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    /// The token starting with `c`, or `None` for a line that makes none
    /// (`#region`).
    pub(crate) fn token(&mut self, c: char, at: Pos) -> Result<Option<Tok>, Failed> {
        if c.is_ascii_digit() || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())) {
            return self.number(at).map(Some);
        }
        if is_name_start(c) {
            return Ok(Some(self.word()));
        }
        let next = self.peek_at(1);
        match (c, next) {
            ('"' | '\'', _) => return self.quoted(at).map(|s| Some(Tok::Str(s))),
            ('@', Some('"' | '\'')) => {
                self.bump();
                return self.verbatim(at).map(|s| Some(Tok::Str(s)));
            }
            ('$', Some('"')) => {
                self.bump();
                return self.template(at).map(Some);
            }
            ('$', Some(d)) if d.is_ascii_hexdigit() => {
                self.bump();
                return self.digits(at, 16).map(|value| {
                    Some(Tok::Int {
                        value,
                        decimal: false,
                    })
                });
            }
            ('#', _) => return self.directive(at),
            _ => {}
        }
        let op = self.operator(c);
        match op {
            Some(tok) => Ok(Some(tok)),
            None => Err(self.error(at, format!("unexpected character `{}`", c.escape_debug()))),
        }
    }

    /// A name, or a word operator as the operator it spells.
    pub(crate) fn word(&mut self) -> Tok {
        let start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        let word = &self.src[start..self.pos];
        match word {
            "and" => Tok::AndAnd,
            "or" => Tok::OrOr,
            "xor" => Tok::XorXor,
            "not" => Tok::Bang,
            "div" => Tok::IntDiv,
            "mod" => Tok::Percent,
            "begin" => Tok::LBrace,
            "end" => Tok::RBrace,
            _ => Tok::Name(word.to_string()),
        }
    }

    /// Punctuation, longest match first.
    pub(crate) fn operator(&mut self, c: char) -> Option<Tok> {
        let two = |s: &Self, second: char| s.peek_at(1) == Some(second);
        let (tok, len) = match c {
            '(' => (Tok::LParen, 1),
            ')' => (Tok::RParen, 1),
            '{' => (Tok::LBrace, 1),
            '}' => (Tok::RBrace, 1),
            ']' => (Tok::RBracket, 1),
            ',' => (Tok::Comma, 1),
            ';' => (Tok::Semi, 1),
            '.' => (Tok::Dot, 1),
            '~' => (Tok::Tilde, 1),
            '[' => match self.peek_at(1) {
                Some('@') => (Tok::Accessor(Accessor::ArrayRef), 2),
                Some('|') => (Tok::Accessor(Accessor::List), 2),
                Some('?') => (Tok::Accessor(Accessor::Map), 2),
                Some('#') => (Tok::Accessor(Accessor::Grid), 2),
                Some('$') => (Tok::Accessor(Accessor::Struct), 2),
                _ => (Tok::LBracket, 1),
            },
            '?' if two(self, '?') && self.peek_at(2) == Some('=') => {
                (Tok::Compound(AssignOp::Nullish), 3)
            }
            '?' if two(self, '?') => (Tok::Nullish, 2),
            '?' => (Tok::Question, 1),
            ':' if two(self, '=') => (Tok::ColonAssign, 2),
            ':' => (Tok::Colon, 1),
            '<' if two(self, '<') => (Tok::Shl, 2),
            '<' if two(self, '=') => (Tok::Le, 2),
            '<' if two(self, '>') => (Tok::Ne, 2),
            '<' => (Tok::Lt, 1),
            '>' if two(self, '>') => (Tok::Shr, 2),
            '>' if two(self, '=') => (Tok::Ge, 2),
            '>' => (Tok::Gt, 1),
            '=' if two(self, '=') => (Tok::EqEq, 2),
            '=' => (Tok::Assign, 1),
            '!' if two(self, '=') => (Tok::Ne, 2),
            '!' => (Tok::Bang, 1),
            '&' if two(self, '&') => (Tok::AndAnd, 2),
            '&' if two(self, '=') => (Tok::Compound(AssignOp::And), 2),
            '&' => (Tok::Amp, 1),
            '|' if two(self, '|') => (Tok::OrOr, 2),
            '|' if two(self, '=') => (Tok::Compound(AssignOp::Or), 2),
            '|' => (Tok::Pipe, 1),
            '^' if two(self, '^') => (Tok::XorXor, 2),
            '^' if two(self, '=') => (Tok::Compound(AssignOp::Xor), 2),
            '^' => (Tok::Caret, 1),
            '+' if two(self, '+') => (Tok::PlusPlus, 2),
            '+' if two(self, '=') => (Tok::Compound(AssignOp::Add), 2),
            '+' => (Tok::Plus, 1),
            '-' if two(self, '-') => (Tok::MinusMinus, 2),
            '-' if two(self, '=') => (Tok::Compound(AssignOp::Sub), 2),
            '-' => (Tok::Minus, 1),
            '*' if two(self, '=') => (Tok::Compound(AssignOp::Mul), 2),
            '*' => (Tok::Star, 1),
            '/' if two(self, '=') => (Tok::Compound(AssignOp::Div), 2),
            '/' => (Tok::Slash, 1),
            '%' if two(self, '=') => (Tok::Compound(AssignOp::Mod), 2),
            '%' => (Tok::Percent, 1),
            _ => return None,
        };
        for _ in 0..len {
            self.bump();
        }
        Some(tok)
    }
}
