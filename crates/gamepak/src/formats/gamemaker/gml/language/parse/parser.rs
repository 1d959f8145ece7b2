//! The parser: its entry points, and the state its recursive descent carries.

use crate::formats::gamemaker::gml::language::ast::{Block, Expr, Function, Stmt};
use crate::formats::gamemaker::gml::language::lex::{self, Pos, Tok, Token};
use crate::formats::gamemaker::gml::language::places::{Places, Start};
use crate::formats::gamemaker::gml::language::print::Style;

use crate::formats::gamemaker::gml::language::parse::error::{Failed, ParseError};

/// How deep a parsed tree may be: each statement and expression a level below
/// the one holding it (a block is no level; a switch's case is). Counted on the
/// tree rather than the text, so that what parses prints as text that parses:
/// printing adds parentheses, and takes away ones that split a chain of
/// operators. Deep enough for any code people write or GameMaker compiles, and
/// shallow enough that parsing, printing and dropping the tree stay well inside
/// a test thread's stack, even unoptimised.
pub const MAX_DEPTH: usize = 256;

/// How deep the parser may recurse. Text can nest deeper than its tree (in
/// parentheses), and printing a tree of [`MAX_DEPTH`] levels adds at most two
/// levels of recursion a level (a condition's parentheses, an operand's), so this
/// bound never refuses what the printer writes.
const MAX_RECURSION: usize = 2 * MAX_DEPTH + 8;

/// `text` as a block of statements, strings read with escapes (GameMaker Studio 2
/// on).
pub fn parse(text: &str) -> std::result::Result<Block, ParseError> {
    parse_with(text, Style::default())
}

/// `text` as a block of statements, its strings read as `style` says: without
/// escapes for GameMaker 8 and Studio 1.
pub fn parse_with(text: &str, style: Style) -> std::result::Result<Block, ParseError> {
    parse_placed(text, style).map(|(block, _)| block)
}

/// [`parse_with`], and where each statement starts.
pub fn parse_placed(text: &str, style: Style) -> std::result::Result<(Block, Places), ParseError> {
    let tokens = lex::lex(text, style)?;
    let mut p = Parser::new(text, &tokens, 0);
    let block = p.file().map_err(|Failed| p.take_error())?;
    let places = Places::of(&block, &p.starts);
    Ok((block, places))
}

/// `text` as one expression (escapes read), and nothing after it.
pub fn parse_expr(text: &str) -> std::result::Result<Expr, ParseError> {
    let tokens = lex::lex(text, Style::default())?;
    let mut p = Parser::new(text, &tokens, 0);
    let e = p
        .expr()
        .and_then(|e| p.expect(&Tok::End, "the end of the expression").map(|()| e));
    e.map_err(|Failed| p.take_error())
}

pub(crate) type Result<T> = std::result::Result<T, Failed>;

pub(crate) struct Parser<'a> {
    pub(crate) src: &'a str,
    pub(crate) toks: &'a [Token],
    pub(crate) pos: usize,
    /// Statements and expressions open around the current token: how deep the
    /// parser has recursed, which [`MAX_RECURSION`] bounds.
    pub(crate) depth: usize,
    /// How deep the tree is under the node last made (or the deepest of the list
    /// last read), which [`MAX_DEPTH`] bounds. Counted on the tree, not on the
    /// text, so that what parses prints as text that parses: printing adds
    /// parentheses, and takes away parentheses that kept a chain of operators
    /// from reading as one.
    pub(crate) last: usize,
    /// Why the parse failed, once it has.
    pub(crate) error: Option<ParseError>,
    /// Set while reading an assignment's value outside brackets, where a bare `=`
    /// would be a chained assignment.
    pub(crate) in_value: bool,
    /// Where each statement starts, in the order read.
    pub(crate) starts: Vec<Start>,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, toks: &'a [Token], depth: usize) -> Parser<'a> {
        Parser {
            src,
            toks,
            pos: 0,
            depth,
            last: 0,
            error: None,
            in_value: false,
            starts: Vec::new(),
        }
    }

    /// The whole text: statements, then a function for each `#define` section.
    pub(crate) fn file(&mut self) -> Result<Block> {
        let top = |t: &Tok| matches!(t, Tok::Define(_));
        let mut out = self.statements(top)?;
        while let Tok::Define(name) = self.peek() {
            let name = name.clone();
            let start = self.start();
            self.advance();
            let body = self.statements(top)?;
            self.made(1 + self.last)?;
            let script = Stmt::Function(Function {
                name: Some(name),
                params: Vec::new(),
                inherits: None,
                constructor: false,
                body,
            });
            self.started(start, &script);
            out.push(script);
        }
        self.expect(&Tok::End, "the end of the text")?;
        Ok(out)
    }

    /// Notes that a statement starts at the next token; [`Parser::started`]
    /// says what it became.
    pub(crate) fn start(&mut self) -> usize {
        self.starts.push((self.token().at, None));
        self.starts.len() - 1
    }

    pub(crate) fn started(&mut self, start: usize, s: &Stmt) {
        self.starts[start].1 = Some(std::mem::discriminant(s));
    }

    pub(crate) fn token(&self) -> &'a Token {
        // The token list always ends with `End`, which is never stepped past.
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub(crate) fn peek(&self) -> &'a Tok {
        &self.token().kind
    }

    pub(crate) fn peek_next(&self) -> &'a Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].kind
    }

    pub(crate) fn advance(&mut self) -> &'a Token {
        let t = self.token();
        if !matches!(t.kind, Tok::End) {
            self.pos += 1;
        }
        t
    }

    pub(crate) fn at(&self, tok: &Tok) -> bool {
        self.peek() == tok
    }

    pub(crate) fn eat(&mut self, tok: &Tok) -> bool {
        if self.at(tok) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// Whether the next token is the word `word`.
    pub(crate) fn at_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Name(w) if w == word)
    }

    pub(crate) fn eat_word(&mut self, word: &str) -> bool {
        if self.at_word(word) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// `tok`, or an error naming `what` was expected.
    pub(crate) fn expect(&mut self, tok: &Tok, what: &str) -> Result<()> {
        if self.eat(tok) {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    pub(crate) fn expect_word(&mut self, word: &str) -> Result<()> {
        if self.eat_word(word) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{word}`")))
        }
    }

    /// Records the error at `at`; the parse stops there.
    pub(crate) fn error_at(&mut self, at: Pos, message: impl Into<String>) -> Failed {
        self.error = Some(ParseError::new(self.src, at, message));
        Failed
    }

    pub(crate) fn take_error(&mut self) -> ParseError {
        // Every `Failed` is made by `error_at`, so this fallback is never shown.
        let at = self.token().at;
        self.error
            .take()
            .unwrap_or_else(|| ParseError::new(self.src, at, "this text does not parse"))
    }

    /// "expected `what`, found ..." at the next token. Where the text ends with a
    /// bracket still open, the error is that bracket's, where it opens: the end
    /// of the text is rarely where the closing bracket was forgotten.
    pub(crate) fn unexpected(&mut self, what: &str) -> Failed {
        let t = self.token();
        let message = format!("expected {what}, found {}", self.describe(t));
        if matches!(t.kind, Tok::End) {
            if let Some(open) = self.unclosed() {
                let bracket = self.src.get(open.at.offset..open.end).unwrap_or("bracket");
                let message = format!("{message}: this `{bracket}` is never closed");
                return self.error_at(open.at, message);
            }
        }
        self.error_at(t.at, message)
    }

    /// The innermost bracket the text leaves open, if any.
    pub(crate) fn unclosed(&self) -> Option<&'a Token> {
        let mut open = Vec::new();
        for t in self.toks {
            match t.kind {
                Tok::LBrace | Tok::LParen | Tok::LBracket | Tok::Accessor(_) => open.push(t),
                Tok::RBrace | Tok::RParen | Tok::RBracket => {
                    open.pop();
                }
                _ => {}
            }
        }
        open.pop()
    }

    /// A token as an error message names it.
    pub(crate) fn describe(&self, t: &Token) -> String {
        match &t.kind {
            Tok::End if t.end >= self.src.len() => "the end of the text".to_string(),
            Tok::End => "the end of the template's `{...}`".to_string(),
            Tok::Str(_) => "a string".to_string(),
            Tok::Template(_) => "a template string".to_string(),
            Tok::Macro { .. } => "`#macro`".to_string(),
            Tok::Define(_) => "`#define`".to_string(),
            Tok::Name(w) if crate::formats::gamemaker::gml::language::ast::is_keyword(w) => {
                format!("the keyword `{w}`")
            }
            _ => {
                let text = self.src.get(t.at.offset..t.end).unwrap_or("");
                let short: String = text.chars().take(24).collect();
                format!("`{short}`")
            }
        }
    }

    /// A name that is not a keyword.
    pub(crate) fn name(&mut self, what: &str) -> Result<String> {
        let t = self.token();
        match &t.kind {
            Tok::Name(w) if crate::formats::gamemaker::gml::language::ast::is_keyword(w) => {
                Err(self.error_at(
                    t.at,
                    format!("`{w}` is a keyword, and cannot be used as {what}"),
                ))
            }
            Tok::Name(w) => {
                self.advance();
                Ok(w.clone())
            }
            _ if self.is_word_operator(t) => {
                let w = &self.src[t.at.offset..t.end];
                Err(self.error_at(
                    t.at,
                    format!("`{w}` is a keyword, and cannot be used as {what}"),
                ))
            }
            _ => Err(self.unexpected(what)),
        }
    }

    /// Whether `t` is an operator or brace spelled as a word (`and`, `begin`).
    pub(crate) fn is_word_operator(&self, t: &Token) -> bool {
        self.src
            .get(t.at.offset..t.end)
            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
            && !matches!(t.kind, Tok::Name(_) | Tok::Int { .. } | Tok::Real(_))
    }

    /// Records that the node just made is `depth` levels deep, refusing past
    /// [`MAX_DEPTH`].
    pub(crate) fn made(&mut self, depth: usize) -> Result<()> {
        self.last = depth;
        if depth > MAX_DEPTH {
            let at = self.token().at;
            return Err(self.error_at(
                at,
                format!("nested too deeply (more than {MAX_DEPTH} levels)"),
            ));
        }
        Ok(())
    }

    /// Opens a level of recursion, refusing past [`MAX_RECURSION`].
    pub(crate) fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_RECURSION {
            let at = self.token().at;
            return Err(self.error_at(
                at,
                format!("nested too deeply (more than {MAX_RECURSION} levels of brackets)"),
            ));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }
}
