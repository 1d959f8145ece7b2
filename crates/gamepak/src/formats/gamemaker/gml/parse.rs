//! GML text as the tree, by recursive descent over [`lex`](super::lex)'s tokens.
//!
//! What the parser accepts beyond the printer's layout, and why:
//!
//! - Semicolons may be left out, and bodies may be single statements without
//!   braces; `if` and `while` conditions need no parentheses, and `then` may follow
//!   an `if`'s condition, as GameMaker has always allowed.
//! - In an expression a single `=` compares, as in GameMaker 8 and Studio 1
//!   (`if (a = b)`); only a statement assigns. Directly in an assignment's value
//!   (outside any brackets) a second `=` is refused, since `a = b = c` reads as a
//!   chained assignment that GML does not have.
//! - Any expression may stand as a statement, not only calls, `new` and `++`/`--`:
//!   the decompiler emits what the bytecode holds, and GameMaker itself accepts
//!   (and drops) a bare value. So `a + 1;` parses, as [`Stmt::Expr`].
//! - A `#define name` line (a GameMaker 8 / Studio 1 script file holding several
//!   scripts) starts the script `name`, which is read as a function of that name
//!   with no parameters: its code runs to the next `#define`. Studio 2.3 imports such
//!   scripts as functions too.
//! - A minus before a number literal folds into a negative literal, through
//!   parentheses too (`-(1)` is the literal -1), so that the tree never holds a
//!   negation of a literal the printer would write as a negative literal. The
//!   negation of a negative literal stays a negation (`-(-1)`).
//! - `new a.b(x)` constructs `a.b` with `x`; calls after it apply to the new
//!   value, as in JavaScript.
//!
//! No input runs the stack out: the tree may be [`MAX_DEPTH`] levels deep, and
//! the parser's recursion (which parentheses deepen without deepening the tree)
//! is bounded too. No input takes more than linear time: nothing is read twice.

mod expr;
mod literal;
mod stmt;

use std::fmt;

use super::ast::{Block, Expr, Function, Stmt};
use super::lex::{self, Pos, Tok, Token};
use super::places::{Places, Start};
use super::print::Style;

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

/// Why some text is not GML, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1.
    pub column: u32,
    /// The byte offset in the text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// The text of the line it is on, to show it.
    pub source_line: String,
}

impl ParseError {
    /// An error at `at` in `src`.
    pub fn new(src: &str, at: Pos, message: impl Into<String>) -> ParseError {
        let offset = at.offset.min(src.len());
        let start = src[..offset].rfind('\n').map_or(0, |n| n + 1);
        let end = src[offset..].find('\n').map_or(src.len(), |n| offset + n);
        ParseError {
            line: at.line,
            column: at.column,
            offset,
            message: message.into(),
            source_line: src[start..end].trim_end_matches('\r').to_string(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        writeln!(f, "{}", self.source_line)?;
        let caret = crate::caret::under(&self.source_line, self.column as usize);
        write!(f, "{caret}")
    }
}

impl std::error::Error for ParseError {}

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

/// A parse that failed, its error kept in [`Parser::error`]. A marker rather than
/// the error itself: carried by every `?` of a recursive descent, a large error
/// would swell each level's stack frame in an unoptimised build.
pub(super) struct Failed;

pub(super) type Result<T> = std::result::Result<T, Failed>;

pub(super) struct Parser<'a> {
    src: &'a str,
    toks: &'a [Token],
    pos: usize,
    /// Statements and expressions open around the current token: how deep the
    /// parser has recursed, which [`MAX_RECURSION`] bounds.
    depth: usize,
    /// How deep the tree is under the node last made (or the deepest of the list
    /// last read), which [`MAX_DEPTH`] bounds. Counted on the tree, not on the
    /// text, so that what parses prints as text that parses: printing adds
    /// parentheses, and takes away parentheses that kept a chain of operators
    /// from reading as one.
    last: usize,
    /// Why the parse failed, once it has.
    error: Option<ParseError>,
    /// Set while reading an assignment's value outside brackets, where a bare `=`
    /// would be a chained assignment.
    in_value: bool,
    /// Where each statement starts, in the order read.
    starts: Vec<Start>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, toks: &'a [Token], depth: usize) -> Parser<'a> {
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
    fn file(&mut self) -> Result<Block> {
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
    fn start(&mut self) -> usize {
        self.starts.push((self.token().at, None));
        self.starts.len() - 1
    }

    fn started(&mut self, start: usize, s: &Stmt) {
        self.starts[start].1 = Some(std::mem::discriminant(s));
    }

    fn token(&self) -> &'a Token {
        // The token list always ends with `End`, which is never stepped past.
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek(&self) -> &'a Tok {
        &self.token().kind
    }

    fn peek_next(&self) -> &'a Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].kind
    }

    fn advance(&mut self) -> &'a Token {
        let t = self.token();
        if !matches!(t.kind, Tok::End) {
            self.pos += 1;
        }
        t
    }

    fn at(&self, tok: &Tok) -> bool {
        self.peek() == tok
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        if self.at(tok) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// Whether the next token is the word `word`.
    fn at_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Name(w) if w == word)
    }

    fn eat_word(&mut self, word: &str) -> bool {
        if self.at_word(word) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// `tok`, or an error naming `what` was expected.
    fn expect(&mut self, tok: &Tok, what: &str) -> Result<()> {
        if self.eat(tok) {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    fn expect_word(&mut self, word: &str) -> Result<()> {
        if self.eat_word(word) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{word}`")))
        }
    }

    /// Records the error at `at`; the parse stops there.
    fn error_at(&mut self, at: Pos, message: impl Into<String>) -> Failed {
        self.error = Some(ParseError::new(self.src, at, message));
        Failed
    }

    fn take_error(&mut self) -> ParseError {
        // Every `Failed` is made by `error_at`, so this fallback is never shown.
        let at = self.token().at;
        self.error
            .take()
            .unwrap_or_else(|| ParseError::new(self.src, at, "this text does not parse"))
    }

    /// "expected `what`, found ..." at the next token. Where the text ends with a
    /// bracket still open, the error is that bracket's, where it opens: the end
    /// of the text is rarely where the closing bracket was forgotten.
    fn unexpected(&mut self, what: &str) -> Failed {
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
    fn unclosed(&self) -> Option<&'a Token> {
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
    fn describe(&self, t: &Token) -> String {
        match &t.kind {
            Tok::End if t.end >= self.src.len() => "the end of the text".to_string(),
            Tok::End => "the end of the template's `{...}`".to_string(),
            Tok::Str(_) => "a string".to_string(),
            Tok::Template(_) => "a template string".to_string(),
            Tok::Macro { .. } => "`#macro`".to_string(),
            Tok::Define(_) => "`#define`".to_string(),
            Tok::Name(w) if super::ast::is_keyword(w) => format!("the keyword `{w}`"),
            _ => {
                let text = self.src.get(t.at.offset..t.end).unwrap_or("");
                let short: String = text.chars().take(24).collect();
                format!("`{short}`")
            }
        }
    }

    /// A name that is not a keyword.
    fn name(&mut self, what: &str) -> Result<String> {
        let t = self.token();
        match &t.kind {
            Tok::Name(w) if super::ast::is_keyword(w) => Err(self.error_at(
                t.at,
                format!("`{w}` is a keyword, and cannot be used as {what}"),
            )),
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
    fn is_word_operator(&self, t: &Token) -> bool {
        self.src
            .get(t.at.offset..t.end)
            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
            && !matches!(t.kind, Tok::Name(_) | Tok::Int { .. } | Tok::Real(_))
    }

    /// Records that the node just made is `depth` levels deep, refusing past
    /// [`MAX_DEPTH`].
    fn made(&mut self, depth: usize) -> Result<()> {
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
    fn enter(&mut self) -> Result<()> {
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

    fn leave(&mut self) {
        self.depth -= 1;
    }
}
