//! Statements, and the blocks and bodies that hold them.

use crate::formats::gamemaker::gml::language::ast::{
    is_keyword, AssignOp, Block, Case, Declared, Expr, Stmt,
};
use crate::formats::gamemaker::gml::language::lex::Tok;
use crate::formats::gamemaker::gml::language::parse::expr::assignable;
use crate::formats::gamemaker::gml::language::parse::{Parser, Result};

type StatementFn = fn(&mut Parser) -> Result<Stmt>;

/// A `for` loop's start, condition and step.
type ForHead = (Option<Box<Stmt>>, Option<Expr>, Option<Box<Stmt>>);

/// The statements that start with a keyword, by it. The other keywords start
/// none (`else`, `case`), or start an expression (`true`, `new`).
const KEYWORD_STATEMENTS: &[(&str, StatementFn)] = &[
    ("var", |p| p.declaration_statement(Stmt::Var)),
    ("static", |p| p.declaration_statement(Stmt::Static)),
    ("globalvar", |p| p.globalvar_statement()),
    ("if", |p| p.if_statement()),
    ("while", |p| {
        p.head_statement(|cond, body| Stmt::While { cond, body })
    }),
    ("repeat", |p| {
        p.head_statement(|count, body| Stmt::Repeat { count, body })
    }),
    ("with", |p| {
        p.head_statement(|target, body| Stmt::With { target, body })
    }),
    ("do", |p| p.do_statement()),
    ("for", |p| p.for_statement()),
    ("switch", |p| p.switch_statement()),
    ("break", |p| p.word_statement(Stmt::Break)),
    ("continue", |p| p.word_statement(Stmt::Continue)),
    ("exit", |p| p.word_statement(Stmt::Exit)),
    ("return", |p| p.return_statement()),
    ("throw", |p| p.expr_statement(Stmt::Throw)),
    ("delete", |p| p.expr_statement(Stmt::Delete)),
    ("try", |p| p.try_statement()),
    ("function", |p| p.function_statement()),
    ("enum", |p| p.enum_statement()),
];

/// Whether `tok` can start an expression: what tells `return x` from `return`.
fn starts_expr(tok: &Tok) -> bool {
    match tok {
        Tok::Name(w) => {
            !is_keyword(w) || matches!(w.as_str(), "true" | "false" | "new" | "function")
        }
        Tok::Int { .. }
        | Tok::Real(_)
        | Tok::Str(_)
        | Tok::Template(_)
        | Tok::LParen
        | Tok::LBracket
        | Tok::LBrace
        | Tok::Minus
        | Tok::Bang
        | Tok::Tilde
        | Tok::PlusPlus
        | Tok::MinusMinus => true,
        _ => false,
    }
}

impl Parser<'_> {
    /// Statements up to `}`, the end of the text, or a token `stop` accepts (none of
    /// which is consumed). Stray semicolons are empty statements, and dropped. The
    /// depth left is the deepest statement's, 0 for none.
    pub(crate) fn statements(&mut self, stop: impl Fn(&Tok) -> bool) -> Result<Block> {
        let mut out = Vec::new();
        let mut deepest = 0;
        loop {
            while self.eat(&Tok::Semi) {}
            if matches!(self.peek(), Tok::RBrace | Tok::End) || stop(self.peek()) {
                self.last = deepest;
                return Ok(out);
            }
            out.push(self.placed_statement()?);
            deepest = deepest.max(self.last);
        }
    }

    /// `{ statements }`.
    pub(crate) fn block(&mut self) -> Result<Block> {
        self.expect(&Tok::LBrace, "`{`")?;
        let body = self.statements(|_| false)?;
        self.expect(&Tok::RBrace, "`}`")?;
        Ok(body)
    }

    /// A loop's or a branch's body: a block, one statement, or `;` for none.
    fn body(&mut self) -> Result<Block> {
        match self.peek() {
            Tok::LBrace => self.block(),
            Tok::Semi => {
                self.advance();
                self.last = 0;
                Ok(Vec::new())
            }
            _ => Ok(vec![self.placed_statement()?]),
        }
    }

    /// A statement, its start noted and its level of recursion counted.
    fn placed_statement(&mut self) -> Result<Stmt> {
        self.enter()?;
        let start = self.start();
        let s = self.statement()?;
        self.started(start, &s);
        self.leave();
        Ok(s)
    }

    /// A statement, its level of recursion counted by the caller. An error ends
    /// the parse, so no level needs closing on the way out of one.
    // Each statement has a function of its own, found in a table rather than by a
    // `match` on the word: the dispatch then costs each nested statement a small
    // stack frame, which keeps the deepest nesting allowed well inside a test
    // thread's stack even unoptimised.
    fn statement(&mut self) -> Result<Stmt> {
        match self.peek() {
            Tok::LBrace => self.block_statement(),
            Tok::Macro { .. } => self.macro_statement(),
            Tok::Define(_) => {
                let at = self.token().at;
                Err(self.error_at(at, "`#define` starts a script only outside any block"))
            }
            Tok::Name(w) => match KEYWORD_STATEMENTS.iter().find(|(k, _)| k == w) {
                Some((_, statement)) => statement(self),
                None => self.simple_statement(),
            },
            _ => self.simple_statement(),
        }
    }

    fn block_statement(&mut self) -> Result<Stmt> {
        let body = self.block()?;
        self.made(1 + self.last)?;
        Ok(Stmt::Block(body))
    }

    fn macro_statement(&mut self) -> Result<Stmt> {
        let s = match self.peek() {
            Tok::Macro { config, name, body } => Stmt::Macro {
                config: config.clone(),
                name: name.clone(),
                body: body.clone(),
            },
            _ => return Err(self.unexpected("`#macro`")),
        };
        self.advance();
        self.made(1)?;
        Ok(s)
    }

    /// `function name(...) {}` declares; `function (...) {}` is a value.
    fn function_statement(&mut self) -> Result<Stmt> {
        if !matches!(self.peek_next(), Tok::Name(_)) {
            return self.simple_statement();
        }
        self.advance();
        self.function_rest().map(Stmt::Function)
    }

    fn declaration_statement(&mut self, make: fn(Vec<Declared>) -> Stmt) -> Result<Stmt> {
        self.advance();
        let list = self.declarations()?;
        self.eat(&Tok::Semi);
        self.made(1 + self.last)?;
        Ok(make(list))
    }

    fn globalvar_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let mut names = vec![self.name("a variable name")?];
        while self.eat(&Tok::Comma) {
            names.push(self.name("a variable name")?);
        }
        self.eat(&Tok::Semi);
        self.made(1)?;
        Ok(Stmt::GlobalVar(names))
    }

    /// `while`, `repeat` or `with`: the keyword, a head, a body.
    fn head_statement(&mut self, make: fn(Expr, Block) -> Stmt) -> Result<Stmt> {
        self.advance();
        let head = self.head()?;
        let d = self.last;
        let body = self.body()?;
        self.made(1 + d.max(self.last))?;
        Ok(make(head, body))
    }

    fn do_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let body = self.body()?;
        let d = self.last;
        self.expect_word("until")?;
        let cond = self.head()?;
        self.eat(&Tok::Semi);
        self.made(1 + d.max(self.last))?;
        Ok(Stmt::DoUntil { body, cond })
    }

    /// `break`, `continue` or `exit`.
    fn word_statement(&mut self, s: Stmt) -> Result<Stmt> {
        self.advance();
        self.eat(&Tok::Semi);
        self.made(1)?;
        Ok(s)
    }

    fn return_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let value = if starts_expr(self.peek()) {
            Some(self.expr()?)
        } else {
            self.last = 0;
            None
        };
        self.eat(&Tok::Semi);
        self.made(1 + self.last)?;
        Ok(Stmt::Return(value))
    }

    /// `throw` or `delete` and its expression.
    fn expr_statement(&mut self, make: fn(Expr) -> Stmt) -> Result<Stmt> {
        self.advance();
        let e = self.expr()?;
        self.eat(&Tok::Semi);
        self.made(1 + self.last)?;
        Ok(make(e))
    }

    /// An assignment or an expression, and its optional `;`.
    fn simple_statement(&mut self) -> Result<Stmt> {
        let s = self.simple()?;
        self.eat(&Tok::Semi);
        Ok(s)
    }

    /// An assignment or an expression, as a statement or in a `for`'s head.
    fn simple(&mut self) -> Result<Stmt> {
        if !starts_expr(self.peek()) {
            return Err(self.unexpected("a statement"));
        }
        let start = self.token().at;
        let lhs = self.unary()?;
        let op = match self.peek() {
            Tok::Assign | Tok::ColonAssign => Some(AssignOp::Set),
            Tok::Compound(op) => Some(*op),
            _ => None,
        };
        let Some(op) = op else {
            let e = self.rest_of_expr(lhs)?;
            self.made(1 + self.last)?;
            return Ok(Stmt::Expr(e));
        };
        if !assignable(&lhs) {
            return Err(self.error_at(start, "only a name, a field or an index can be assigned to"));
        }
        let d = self.last;
        self.advance();
        let value = self.value()?;
        self.made(1 + d.max(self.last))?;
        Ok(Stmt::Assign {
            target: lhs,
            op,
            value,
        })
    }

    /// `a = 1, b` after `var` or `static`, the depth left the deepest value's.
    /// GameMaker: Studio 1 compiles a `var;` that declares nothing, so no names
    /// before a `;` is an empty list.
    fn declarations(&mut self) -> Result<Vec<Declared>> {
        let mut list = Vec::new();
        let mut deepest = 0;
        if !self.at(&Tok::Semi) {
            loop {
                let name = self.name("a variable name")?;
                let value = if self.eat(&Tok::Assign) || self.eat(&Tok::ColonAssign) {
                    let v = self.value()?;
                    deepest = deepest.max(self.last);
                    Some(v)
                } else {
                    None
                };
                list.push(Declared { name, value });
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        self.last = deepest;
        Ok(list)
    }

    /// The condition or value after `if`, `while`, `with` and the others. When it
    /// is in parentheses, a `(`, `-`, `++` or `--` after them starts the body
    /// rather than continuing the expression: `if (a) -b;` negates `b`.
    fn head(&mut self) -> Result<Expr> {
        if !self.at(&Tok::LParen) {
            return self.expr();
        }
        self.enter()?;
        let e = self.head_in_parens();
        self.leave();
        e
    }

    fn head_in_parens(&mut self) -> Result<Expr> {
        self.advance();
        let inner = self.expr()?;
        self.expect(&Tok::RParen, "`)`")?;
        if matches!(
            self.peek(),
            Tok::LParen | Tok::Minus | Tok::PlusPlus | Tok::MinusMinus | Tok::LBrace
        ) {
            return Ok(inner);
        }
        let lhs =
            self.accessors(crate::formats::gamemaker::gml::language::parse::expr::grouped(inner))?;
        self.rest_of_expr(lhs)
    }

    fn if_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let cond = self.head()?;
        let d = self.last;
        self.eat_word("then");
        let then = self.body()?;
        let d = d.max(self.last);
        // `if (a) {} ; else {}`: a stray `;` before `else` is no statement.
        if self.at(&Tok::Semi) && matches!(self.peek_next(), Tok::Name(w) if w == "else") {
            self.advance();
        }
        let otherwise = if self.eat_word("else") {
            Some(self.body()?)
        } else {
            self.last = 0;
            None
        };
        self.made(1 + d.max(self.last))?;
        Ok(Stmt::If {
            cond,
            then,
            otherwise,
        })
    }

    fn for_statement(&mut self) -> Result<Stmt> {
        self.advance();
        // The head apart, so that its temporaries are not on the stack of every
        // nested loop.
        let (init, cond, step) = self.for_head()?;
        let d = self.last;
        let body = self.body()?;
        self.made(1 + d.max(self.last))?;
        Ok(Stmt::For {
            init,
            cond,
            step,
            body,
        })
    }

    /// `(init; cond; step)`, the depth left the deepest part's.
    fn for_head(&mut self) -> Result<ForHead> {
        self.expect(&Tok::LParen, "`(` after `for`")?;
        let init = match self.peek() {
            Tok::Semi => {
                self.last = 0;
                None
            }
            Tok::Name(w) if w == "var" => {
                self.advance();
                let list = self.declarations()?;
                self.made(1 + self.last)?;
                Some(Box::new(Stmt::Var(list)))
            }
            _ => Some(Box::new(self.simple()?)),
        };
        let mut d = self.last;
        self.expect(&Tok::Semi, "`;` after the loop's start")?;
        let cond = if self.at(&Tok::Semi) {
            None
        } else {
            let cond = self.expr()?;
            d = d.max(self.last);
            Some(cond)
        };
        self.expect(&Tok::Semi, "`;` after the loop's condition")?;
        let step = if self.at(&Tok::RParen) {
            None
        } else {
            let step = self.simple()?;
            d = d.max(self.last);
            Some(Box::new(step))
        };
        // `for (i = 0; i < n; i++;)` compiles in GameMaker.
        self.eat(&Tok::Semi);
        self.expect(&Tok::RParen, "`)`")?;
        self.last = d;
        Ok((init, cond, step))
    }

    fn switch_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let value = self.head()?;
        let mut d = self.last;
        self.expect(&Tok::LBrace, "`{` to open the switch")?;
        let mut cases = Vec::new();
        loop {
            while self.eat(&Tok::Semi) {}
            let label = if self.eat_word("case") {
                Some(self.expr()?)
            } else if self.eat_word("default") {
                self.last = 0;
                None
            } else if self.eat(&Tok::RBrace) {
                break;
            } else {
                return Err(self.unexpected("`case`, `default` or `}`"));
            };
            let label_depth = self.last;
            self.expect(&Tok::Colon, "`:` after the case")?;
            let body =
                self.statements(|t| matches!(t, Tok::Name(w) if w == "case" || w == "default"))?;
            // A case is a level of the tree of its own, between the switch and
            // what it holds.
            self.made(1 + label_depth.max(self.last))?;
            d = d.max(self.last);
            cases.push(Case { label, body });
        }
        self.made(1 + d)?;
        Ok(Stmt::Switch { value, cases })
    }

    fn try_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let body = self.body()?;
        let mut d = self.last;
        let catch = if self.eat_word("catch") {
            let parens = self.eat(&Tok::LParen);
            let name = self.name("the caught exception's name")?;
            if parens {
                self.expect(&Tok::RParen, "`)`")?;
            }
            let handler = self.body()?;
            d = d.max(self.last);
            Some((name, handler))
        } else {
            None
        };
        let finally = if self.eat_word("finally") {
            let finally = self.body()?;
            d = d.max(self.last);
            Some(finally)
        } else {
            None
        };
        self.made(1 + d)?;
        Ok(Stmt::Try {
            body,
            catch,
            finally,
        })
    }

    fn enum_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let name = self.name("the enum's name")?;
        self.expect(&Tok::LBrace, "`{` to open the enum")?;
        let mut members = Vec::new();
        let mut d = 0;
        while !self.eat(&Tok::RBrace) {
            let member = self.name("a member name")?;
            let value = if self.eat(&Tok::Assign) {
                let v = self.value()?;
                d = d.max(self.last);
                Some(v)
            } else {
                None
            };
            members.push((member, value));
            if !self.eat(&Tok::Comma) {
                self.expect(&Tok::RBrace, "`,` or `}`")?;
                break;
            }
        }
        self.made(1 + d)?;
        Ok(Stmt::Enum { name, members })
    }
}
