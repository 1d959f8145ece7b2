//! Statements, and the blocks and bodies that hold them.

use super::expr::assignable;
use super::{Parser, Result};
use crate::formats::gamemaker::gml::ast::{
    is_keyword, AssignOp, Block, Case, Declared, Expr, Stmt,
};
use crate::formats::gamemaker::gml::lex::Tok;

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
    /// which is consumed). Stray semicolons are empty statements, and dropped.
    pub(super) fn statements(&mut self, stop: impl Fn(&Tok) -> bool) -> Result<Block> {
        let mut out = Vec::new();
        loop {
            while self.eat(&Tok::Semi) {}
            if matches!(self.peek(), Tok::RBrace | Tok::End) || stop(self.peek()) {
                return Ok(out);
            }
            out.push(self.statement()?);
        }
    }

    /// `{ statements }`.
    pub(super) fn block(&mut self) -> Result<Block> {
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
                Ok(Vec::new())
            }
            _ => Ok(vec![self.statement()?]),
        }
    }

    pub(super) fn statement(&mut self) -> Result<Stmt> {
        self.enter()?;
        let s = self.statement_inner();
        self.leave();
        s
    }

    // Each statement has a function of its own, and the dispatch below only calls
    // them: a nested statement then costs the stack only the frames on its way,
    // which keeps [`MAX_DEPTH`](super::MAX_DEPTH) levels well inside a test
    // thread's stack even unoptimised.
    fn statement_inner(&mut self) -> Result<Stmt> {
        match self.peek() {
            Tok::LBrace => self.block().map(Stmt::Block),
            Tok::Macro { .. } => self.macro_statement(),
            Tok::Define(_) => {
                let at = self.token().at;
                Err(self.error_at(at, "`#define` starts a script only outside any block"))
            }
            Tok::Name(w) if is_keyword(w) => self.keyword_statement(w),
            _ => self.simple_statement(),
        }
    }

    fn keyword_statement(&mut self, word: &str) -> Result<Stmt> {
        match word {
            "var" => self.declaration_statement(Stmt::Var),
            "static" => self.declaration_statement(Stmt::Static),
            "globalvar" => self.globalvar_statement(),
            "if" => self.if_statement(),
            "while" => self.head_statement(|cond, body| Stmt::While { cond, body }),
            "repeat" => self.head_statement(|count, body| Stmt::Repeat { count, body }),
            "with" => self.head_statement(|target, body| Stmt::With { target, body }),
            "do" => self.do_statement(),
            "for" => self.for_statement(),
            "switch" => self.switch_statement(),
            "break" => self.word_statement(Stmt::Break),
            "continue" => self.word_statement(Stmt::Continue),
            "exit" => self.word_statement(Stmt::Exit),
            "return" => self.return_statement(),
            "throw" => self.expr_statement(Stmt::Throw),
            "delete" => self.expr_statement(Stmt::Delete),
            "try" => self.try_statement(),
            "function" if matches!(self.peek_next(), Tok::Name(_)) => {
                self.advance();
                self.function_rest().map(Stmt::Function)
            }
            "enum" => self.enum_statement(),
            "true" | "false" | "new" | "function" => self.simple_statement(),
            _ => {
                let at = self.token().at;
                Err(self.error_at(at, format!("expected a statement, found `{word}`")))
            }
        }
    }

    fn macro_statement(&mut self) -> Result<Stmt> {
        let Tok::Macro { config, name, body } = &self.advance().kind else {
            unreachable!("called at a macro");
        };
        Ok(Stmt::Macro {
            config: config.clone(),
            name: name.clone(),
            body: body.clone(),
        })
    }

    fn declaration_statement(&mut self, make: fn(Vec<Declared>) -> Stmt) -> Result<Stmt> {
        self.advance();
        let list = self.declarations()?;
        self.eat(&Tok::Semi);
        Ok(make(list))
    }

    fn globalvar_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let mut names = vec![self.name("a variable name")?];
        while self.eat(&Tok::Comma) {
            names.push(self.name("a variable name")?);
        }
        self.eat(&Tok::Semi);
        Ok(Stmt::GlobalVar(names))
    }

    /// `while`, `repeat` or `with`: the keyword, a head, a body.
    fn head_statement(&mut self, make: fn(Expr, Block) -> Stmt) -> Result<Stmt> {
        self.advance();
        let head = self.head()?;
        let body = self.body()?;
        Ok(make(head, body))
    }

    fn do_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let body = self.body()?;
        self.expect_word("until")?;
        let cond = self.head()?;
        self.eat(&Tok::Semi);
        Ok(Stmt::DoUntil { body, cond })
    }

    /// `break`, `continue` or `exit`.
    fn word_statement(&mut self, s: Stmt) -> Result<Stmt> {
        self.advance();
        self.eat(&Tok::Semi);
        Ok(s)
    }

    fn return_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let value = if starts_expr(self.peek()) {
            Some(self.expr()?)
        } else {
            None
        };
        self.eat(&Tok::Semi);
        Ok(Stmt::Return(value))
    }

    /// `throw` or `delete` and its expression.
    fn expr_statement(&mut self, make: fn(Expr) -> Stmt) -> Result<Stmt> {
        self.advance();
        let e = self.expr()?;
        self.eat(&Tok::Semi);
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
            return Ok(Stmt::Expr(self.rest_of_expr(lhs)?));
        };
        if !assignable(&lhs) {
            return Err(self.error_at(start, "only a name, a field or an index can be assigned to"));
        }
        self.advance();
        Ok(Stmt::Assign {
            target: lhs,
            op,
            value: self.value()?,
        })
    }

    /// `a = 1, b` after `var` or `static`. GameMaker: Studio 1 compiles a `var;`
    /// that declares nothing, so no names before a `;` is an empty list.
    fn declarations(&mut self) -> Result<Vec<Declared>> {
        let mut list = Vec::new();
        if self.at(&Tok::Semi) {
            return Ok(list);
        }
        loop {
            let name = self.name("a variable name")?;
            let value = if self.eat(&Tok::Assign) || self.eat(&Tok::ColonAssign) {
                Some(self.value()?)
            } else {
                None
            };
            list.push(Declared { name, value });
            if !self.eat(&Tok::Comma) {
                return Ok(list);
            }
        }
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
        let lhs = self.accessors(inner)?;
        self.rest_of_expr(lhs)
    }

    fn if_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let cond = self.head()?;
        self.eat_word("then");
        let then = self.body()?;
        // `if (a) {} ; else {}`: a stray `;` before `else` is no statement.
        if self.at(&Tok::Semi) && matches!(self.peek_next(), Tok::Name(w) if w == "else") {
            self.advance();
        }
        let otherwise = if self.eat_word("else") {
            Some(self.body()?)
        } else {
            None
        };
        Ok(Stmt::If {
            cond,
            then,
            otherwise,
        })
    }

    fn for_statement(&mut self) -> Result<Stmt> {
        self.advance();
        self.expect(&Tok::LParen, "`(` after `for`")?;
        let init = match self.peek() {
            Tok::Semi => None,
            Tok::Name(w) if w == "var" => {
                self.advance();
                Some(Box::new(Stmt::Var(self.declarations()?)))
            }
            _ => Some(Box::new(self.simple()?)),
        };
        self.expect(&Tok::Semi, "`;` after the loop's start")?;
        let cond = if self.at(&Tok::Semi) {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(&Tok::Semi, "`;` after the loop's condition")?;
        let step = if self.at(&Tok::RParen) {
            None
        } else {
            Some(Box::new(self.simple()?))
        };
        // `for (i = 0; i < n; i++;)` compiles in GameMaker.
        self.eat(&Tok::Semi);
        self.expect(&Tok::RParen, "`)`")?;
        Ok(Stmt::For {
            init,
            cond,
            step,
            body: self.body()?,
        })
    }

    fn switch_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let value = self.head()?;
        self.expect(&Tok::LBrace, "`{` to open the switch")?;
        let mut cases = Vec::new();
        loop {
            while self.eat(&Tok::Semi) {}
            let label = if self.eat_word("case") {
                Some(self.expr()?)
            } else if self.eat_word("default") {
                None
            } else if self.eat(&Tok::RBrace) {
                break;
            } else {
                return Err(self.unexpected("`case`, `default` or `}`"));
            };
            self.expect(&Tok::Colon, "`:` after the case")?;
            let body =
                self.statements(|t| matches!(t, Tok::Name(w) if w == "case" || w == "default"))?;
            cases.push(Case { label, body });
        }
        Ok(Stmt::Switch { value, cases })
    }

    fn try_statement(&mut self) -> Result<Stmt> {
        self.advance();
        let body = self.body()?;
        let catch = if self.eat_word("catch") {
            let parens = self.eat(&Tok::LParen);
            let name = self.name("the caught exception's name")?;
            if parens {
                self.expect(&Tok::RParen, "`)`")?;
            }
            Some((name, self.body()?))
        } else {
            None
        };
        let finally = if self.eat_word("finally") {
            Some(self.body()?)
        } else {
            None
        };
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
        while !self.eat(&Tok::RBrace) {
            let member = self.name("a member name")?;
            let value = if self.eat(&Tok::Assign) {
                Some(self.value()?)
            } else {
                None
            };
            members.push((member, value));
            if !self.eat(&Tok::Comma) {
                self.expect(&Tok::RBrace, "`,` or `}`")?;
                break;
            }
        }
        Ok(Stmt::Enum { name, members })
    }
}
