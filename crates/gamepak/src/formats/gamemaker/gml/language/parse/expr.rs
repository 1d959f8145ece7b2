//! Expressions: precedence climbing over [`BinaryOp::precedence`], with the
//! ternary below every binary operator and the prefix operators above them.

use crate::formats::gamemaker::gml::language::ast::{
    is_keyword, Accessor, BinaryOp, Expr, Number, StepOp, UnaryOp,
};
use crate::formats::gamemaker::gml::language::lex::Tok;
use crate::formats::gamemaker::gml::language::parse::{Parser, Result};

/// The binary operator `tok` spells; `=` compares.
/// `e` marked as written in parentheses, where that may matter: a chain of
/// `&&` or `||`.
pub(crate) fn grouped(e: Expr) -> Expr {
    match e {
        Expr::Binary {
            op: BinaryOp::And | BinaryOp::Or,
            ..
        } => Expr::Group(Box::new(e)),
        e => e,
    }
}

/// `e` without the mark, where its parentheses change nothing.
pub(crate) fn ungrouped(e: Expr) -> Expr {
    match e {
        Expr::Group(inner) => *inner,
        e => e,
    }
}

fn binary_op(tok: &Tok) -> Option<BinaryOp> {
    use BinaryOp::*;
    Some(match tok {
        Tok::Star => Mul,
        Tok::Slash => Div,
        Tok::IntDiv => IntDiv,
        Tok::Percent => Mod,
        Tok::Plus => Add,
        Tok::Minus => Sub,
        Tok::Shl => Shl,
        Tok::Shr => Shr,
        Tok::Amp => BitAnd,
        Tok::Caret => BitXor,
        Tok::Pipe => BitOr,
        Tok::Lt => Lt,
        Tok::Le => Le,
        Tok::EqEq | Tok::Assign => Eq,
        Tok::Ne => Ne,
        Tok::Ge => Ge,
        Tok::Gt => Gt,
        Tok::AndAnd => And,
        Tok::XorXor => Xor,
        Tok::OrOr => Or,
        Tok::Nullish => Nullish,
        _ => return None,
    })
}

/// Whether `e` can be assigned to, incremented or decremented.
pub(crate) fn assignable(e: &Expr) -> bool {
    matches!(e, Expr::Ident(_) | Expr::Field { .. } | Expr::Index { .. })
}

/// `-n` for a literal `n` that is not negative; `None` for one that is, whose
/// negation stays an operator.
fn negated(n: Number) -> Option<Number> {
    match n {
        Number::Int(i) if i >= 0 => Some(Number::Int(-i)),
        Number::Real(r) if !r.is_sign_negative() => Some(Number::Real(-r)),
        _ => None,
    }
}

impl Parser<'_> {
    /// A whole expression, ternary included.
    pub(crate) fn expr(&mut self) -> Result<Expr> {
        self.enter()?;
        let saved = std::mem::replace(&mut self.in_value, false);
        let e = self.unary().and_then(|lhs| self.rest_of_expr(lhs));
        self.in_value = saved;
        self.leave();
        e
    }

    /// An assignment's (or a declaration's) value, where a bare `=` is refused.
    pub(crate) fn value(&mut self) -> Result<Expr> {
        self.enter()?;
        let lhs = self.unary();
        let saved = std::mem::replace(&mut self.in_value, true);
        let e = lhs.and_then(|lhs| self.rest_of_expr(lhs));
        self.in_value = saved;
        self.leave();
        e
    }

    /// The binary operators and ternary that follow `lhs`, an operand already read.
    pub(crate) fn rest_of_expr(&mut self, lhs: Expr) -> Result<Expr> {
        let cond = ungrouped(self.binary(lhs, 1)?);
        if self.eat(&Tok::Question) {
            self.ternary(cond)
        } else {
            Ok(cond)
        }
    }

    /// `? then : otherwise` after `cond`; apart, so that its temporaries are not on
    /// the stack of every expression.
    fn ternary(&mut self, cond: Expr) -> Result<Expr> {
        let d = self.last;
        let then = self.expr()?;
        let d = d.max(self.last);
        self.expect(&Tok::Colon, "`:` in a `? :`")?;
        let otherwise = self.expr()?;
        self.made(1 + d.max(self.last))?;
        Ok(Expr::Ternary {
            cond: Box::new(cond),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
        })
    }

    /// Binary operators of at least precedence `min` after `lhs`, left to right.
    /// A long chain does not recurse, but each operator nests the tree a level
    /// deeper, which [`made`](Parser::made) counts.
    fn binary(&mut self, mut lhs: Expr, min: u8) -> Result<Expr> {
        loop {
            let Some(op) = binary_op(self.peek()) else {
                return Ok(lhs);
            };
            let p = op.precedence();
            if p < min {
                return Ok(lhs);
            }
            if self.in_value && self.at(&Tok::Assign) {
                let at = self.token().at;
                return Err(self.error_at(
                    at,
                    "an assignment cannot hold another: GML assignments are statements \
                     (write `==` to compare)",
                ));
            }
            let d = self.last;
            self.advance();
            let first = self.unary()?;
            // Only what binds tighter joins the right operand: left associative.
            let rhs = self.binary(first, p + 1)?;
            self.made(1 + d.max(self.last))?;
            lhs = Expr::Binary {
                op,
                lhs: Box::new(match lhs {
                    Expr::Group(g) if matches!(*g, Expr::Binary { op: o, .. } if o == op) => {
                        Expr::Group(g)
                    }
                    lhs => ungrouped(lhs),
                }),
                rhs: Box::new(ungrouped(rhs)),
            };
        }
    }

    /// A prefix expression: `-x`, `!x`, `~x`, `++x`, `--x`, `new f()`, or a postfix
    /// one.
    pub(crate) fn unary(&mut self) -> Result<Expr> {
        let op = match self.peek() {
            Tok::Minus => UnaryOp::Neg,
            Tok::Bang => UnaryOp::Not,
            Tok::Tilde => UnaryOp::BitNot,
            Tok::PlusPlus | Tok::MinusMinus => return self.pre_step(),
            Tok::Name(w) if w == "new" => return self.new_expr(),
            _ => return self.postfix(),
        };
        self.enter()?;
        self.advance();
        let e = self.prefix_operand(op);
        self.leave();
        e
    }

    fn prefix_operand(&mut self, op: UnaryOp) -> Result<Expr> {
        // -9223372036854775808 is an i64, though its digits alone are not.
        if op == UnaryOp::Neg {
            if let Tok::Int {
                value: 0x8000_0000_0000_0000,
                decimal: true,
            } = self.peek()
            {
                if !matches!(
                    self.peek_next(),
                    Tok::Dot
                        | Tok::LBracket
                        | Tok::Accessor(_)
                        | Tok::LParen
                        | Tok::PlusPlus
                        | Tok::MinusMinus
                ) {
                    self.advance();
                    self.made(1)?;
                    return Ok(Expr::Number(Number::Int(i64::MIN)));
                }
            }
        }
        let operand = ungrouped(self.unary()?);
        if op == UnaryOp::Neg {
            if let Expr::Number(n) = operand {
                if let Some(n) = negated(n) {
                    return Ok(Expr::Number(n));
                }
            }
        }
        self.made(1 + self.last)?;
        Ok(Expr::Unary {
            op,
            expr: Box::new(operand),
        })
    }

    fn pre_step(&mut self) -> Result<Expr> {
        let t = self.advance();
        let op = if t.kind == Tok::PlusPlus {
            StepOp::PreInc
        } else {
            StepOp::PreDec
        };
        let target = self.access()?;
        if !assignable(&target) {
            return Err(self.error_at(
                t.at,
                "only a name, a field or an index can be incremented or decremented",
            ));
        }
        self.made(1 + self.last)?;
        Ok(Expr::Step {
            op,
            target: Box::new(target),
        })
    }

    /// `new callee(args)`, then whatever fields, indices and calls follow it.
    fn new_expr(&mut self) -> Result<Expr> {
        self.enter()?;
        self.advance();
        let e = self.new_operand();
        self.leave();
        let e = self.accessors(e?)?;
        self.post_step(e)
    }

    fn new_operand(&mut self) -> Result<Expr> {
        let mut callee = if self.at_word("new") {
            self.new_expr()?
        } else {
            ungrouped(self.primary()?)
        };
        loop {
            callee = match self.peek() {
                Tok::Dot => self.field(callee)?,
                Tok::LBracket | Tok::Accessor(_) => self.index(callee)?,
                _ => break,
            };
        }
        let d = self.last;
        let args = if self.at(&Tok::LParen) {
            self.arguments()?
        } else {
            self.last = 0;
            Vec::new()
        };
        self.made(1 + d.max(self.last))?;
        Ok(Expr::New {
            callee: Box::new(callee),
            args,
        })
    }

    /// An access expression with a `++` or `--` after it.
    fn postfix(&mut self) -> Result<Expr> {
        let e = self.access()?;
        self.post_step(e)
    }

    fn post_step(&mut self, e: Expr) -> Result<Expr> {
        // What cannot be incremented leaves the `++` to the next statement, as
        // when a semicolon is left out before `++i`.
        let op = match self.peek() {
            Tok::PlusPlus if assignable(&e) => StepOp::PostInc,
            Tok::MinusMinus if assignable(&e) => StepOp::PostDec,
            _ => return Ok(e),
        };
        self.advance();
        self.made(1 + self.last)?;
        Ok(Expr::Step {
            op,
            target: Box::new(e),
        })
    }

    /// A primary expression and the fields, indices and calls after it.
    pub(crate) fn access(&mut self) -> Result<Expr> {
        let e = self.primary()?;
        self.accessors(e)
    }

    /// The fields, indices and calls after `e`; like a chain of binary operators,
    /// a loop, each link a level deeper in the tree.
    pub(crate) fn accessors(&mut self, mut e: Expr) -> Result<Expr> {
        if matches!(
            self.peek(),
            Tok::Dot | Tok::LBracket | Tok::Accessor(_) | Tok::LParen
        ) {
            e = ungrouped(e);
        }
        loop {
            e = match self.peek() {
                Tok::Dot => self.field(e)?,
                Tok::LBracket | Tok::Accessor(_) => self.index(e)?,
                Tok::LParen => self.call(e)?,
                _ => return Ok(e),
            };
        }
    }

    fn call(&mut self, callee: Expr) -> Result<Expr> {
        let d = self.last;
        let args = self.arguments()?;
        self.made(1 + d.max(self.last))?;
        Ok(Expr::Call {
            callee: Box::new(callee),
            args,
        })
    }

    fn field(&mut self, base: Expr) -> Result<Expr> {
        self.advance();
        // Games before 2.3 name variables with the words 2.3 made keywords
        // (`global.static`), and later ones name struct fields with any keyword
        // (`_dict.switch`, the Input library); after a `.` a word can mean
        // nothing else.
        let name = match &self.token().kind {
            Tok::Name(w) if is_keyword(w) => {
                let w = w.clone();
                self.advance();
                w
            }
            _ => self.name("a field name")?,
        };
        self.made(1 + self.last)?;
        Ok(Expr::Field {
            base: Box::new(base),
            name,
        })
    }

    fn index(&mut self, base: Expr) -> Result<Expr> {
        let d = self.last;
        let open = self.advance();
        let accessor = match open.kind {
            Tok::Accessor(a) => a,
            _ => Accessor::Array,
        };
        let mut indices = vec![self.expr()?];
        let mut d = d.max(self.last);
        while self.eat(&Tok::Comma) {
            indices.push(self.expr()?);
            d = d.max(self.last);
        }
        self.expect(&Tok::RBracket, "`]`")?;
        let (fewest, most, what) = match accessor {
            Accessor::Array => (1, 2, "one or two indices"),
            Accessor::Grid => (2, 2, "two indices"),
            _ => (1, 1, "one index"),
        };
        if indices.len() < fewest || indices.len() > most {
            return Err(self.error_at(open.at, format!("this accessor takes {what}")));
        }
        self.made(1 + d)?;
        Ok(Expr::Index {
            base: Box::new(base),
            accessor,
            indices,
        })
    }

    /// `(a, b)`; a trailing comma is allowed.
    pub(crate) fn arguments(&mut self) -> Result<Vec<Expr>> {
        self.expect(&Tok::LParen, "`(`")?;
        self.list(&Tok::RParen, "`)`", |p| p.expr())
    }

    /// Items separated by commas up to `close` (consumed), a trailing comma
    /// allowed; the depth left is the deepest item's, 0 for none.
    pub(crate) fn list<T>(
        &mut self,
        close: &Tok,
        what: &str,
        mut item: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        let mut deepest = 0;
        while !self.eat(close) {
            out.push(item(self)?);
            deepest = deepest.max(self.last);
            if !self.eat(&Tok::Comma) {
                self.expect(close, &format!("`,` or {what}"))?;
                break;
            }
        }
        self.last = deepest;
        Ok(out)
    }

    // As with statements, the forms that nest have functions of their own, so
    // that nesting costs the stack only the frames on its way.
    fn primary(&mut self) -> Result<Expr> {
        match self.peek() {
            Tok::Int { value, decimal } => self.int_literal(*value, *decimal),
            Tok::Template(pieces) => {
                self.advance();
                self.template(pieces)
            }
            Tok::LParen => self.parenthesised(),
            Tok::LBracket => {
                self.advance();
                self.grouped(|p| p.array_literal())
            }
            Tok::LBrace => {
                self.advance();
                self.grouped(|p| p.struct_literal())
            }
            Tok::Name(w) if w == "function" => {
                self.advance();
                self.grouped(|p| p.function_rest())
                    .map(|f| Expr::Function(Box::new(f)))
            }
            _ => self.atom(),
        }
    }

    fn int_literal(&mut self, value: u64, decimal: bool) -> Result<Expr> {
        let at = self.advance().at;
        self.made(1)?;
        match i64::try_from(value) {
            Ok(v) if decimal => Ok(Expr::Number(Number::Int(v))),
            // Hex and binary spell 64 bits, which may be negative.
            _ if !decimal => Ok(Expr::Number(Number::Hex(value as i64))),
            _ => Err(self.error_at(at, "this integer does not fit in 64 bits")),
        }
    }

    /// `(e)`: a chain of `&&` or `||` stays a [`Expr::Group`] until
    /// [`binary`](Parser::binary) knows whether it is the left operand of the
    /// same operator, the one place the parentheses change the code.
    fn parenthesised(&mut self) -> Result<Expr> {
        self.advance();
        let e = self.expr()?;
        self.expect(&Tok::RParen, "`)`")?;
        Ok(grouped(e))
    }

    /// A real, a string, `true`, `false` or a name.
    fn atom(&mut self) -> Result<Expr> {
        let t = self.token();
        let e = match &t.kind {
            Tok::Real(r) => Expr::Number(Number::Real(*r)),
            Tok::Str(s) => Expr::String(s.clone()),
            Tok::Name(w) if w == "true" => Expr::Bool(true),
            Tok::Name(w) if w == "false" => Expr::Bool(false),
            Tok::Name(w) if !is_keyword(w) => Expr::Ident(w.clone()),
            Tok::Name(w) => {
                return Err(self.error_at(
                    t.at,
                    format!("`{w}` is a keyword, and cannot be used as a name"),
                ))
            }
            _ => return Err(self.unexpected("an expression")),
        };
        self.advance();
        self.made(1)?;
        Ok(e)
    }

    /// `f` run as a nesting level, with `=` comparing again.
    pub(crate) fn grouped<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.enter()?;
        let saved = std::mem::replace(&mut self.in_value, false);
        let r = f(self);
        self.in_value = saved;
        self.leave();
        r
    }
}
