//! The tree as GML text, in one stable layout: 4-space indents, braces on every
//! body, one statement a line, and parentheses only where the tree needs them to
//! read back the same (plus where people misread GML's precedence: see
//! `misread`, and around nested ternaries).

use crate::formats::gamemaker::gml::language::ast::{
    is_keyword, Accessor, BinaryOp, Case, Declared, Expr, Function, Number, Param, StepOp, Stmt,
    TemplatePart, UnaryOp,
};

/// What the text may use, by the release it is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Backslash escapes in strings (GameMaker Studio 2 on). Without them a string
    /// is taken verbatim between its quotes, so one holding `"` is written in `'`.
    pub escapes: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style { escapes: true }
    }
}

/// `block` as GML text, each statement on its own line.
pub fn print(block: &[Stmt], style: Style) -> String {
    let mut p = Printer {
        out: String::new(),
        indent: 0,
        style,
        statement_at: None,
    };
    p.statements(block);
    p.out
}

/// `expr` as GML text.
pub fn print_expr(expr: &Expr, style: Style) -> String {
    let mut p = Printer {
        out: String::new(),
        indent: 0,
        style,
        statement_at: None,
    };
    p.expr(expr, 0);
    p.out
}

struct Printer {
    out: String,
    indent: usize,
    style: Style,
    /// Where the statement being printed starts in `out`.
    statement_at: Option<usize>,
}

/// Binding strengths beyond the binary operators'.
const TERNARY: u8 = 0;
const PREFIX: u8 = 12;
const POSTFIX: u8 = 13;
const ACCESS: u8 = 14;
const ATOM: u8 = 15;

fn strength(e: &Expr) -> u8 {
    match e {
        Expr::Ternary { .. } => TERNARY,
        Expr::Binary { op, .. } => op.precedence(),
        Expr::Unary { .. } | Expr::New { .. } => PREFIX,
        Expr::Number(Number::Int(n)) if *n < 0 => PREFIX,
        Expr::Number(Number::Real(r)) if r.is_sign_negative() => PREFIX,
        Expr::Step { op, .. } => match op {
            StepOp::PreInc | StepOp::PreDec => PREFIX,
            StepOp::PostInc | StepOp::PostDec => POSTFIX,
        },
        Expr::Call { .. } | Expr::Index { .. } | Expr::Field { .. } => ACCESS,
        Expr::Group(_) => ATOM,
        _ => ATOM,
    }
}

/// Whether `e` is a call, or a field or an index of one.
fn has_call(e: &Expr) -> bool {
    match e {
        Expr::Call { .. } => true,
        Expr::Field { base, .. } | Expr::Index { base, .. } => has_call(base),
        _ => false,
    }
}

/// Whether `s` can be written as a bare name.
fn is_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !is_keyword(s)
}

fn is_bitwise(op: BinaryOp) -> bool {
    matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor)
}

fn is_comparison(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(op, Lt | Le | Eq | Ne | Ge | Gt)
}

/// Whether `child` under `parent` reads wrongly to people used to other
/// languages' precedence, though not to GML: mixed bitwise operators, a bitwise
/// operator or a shift inside a comparison (`(a & 1) == 0`), a shift inside a
/// bitwise operator, `&&` inside `||`.
fn misread(parent: BinaryOp, child: BinaryOp) -> bool {
    let shift = matches!(child, BinaryOp::Shl | BinaryOp::Shr);
    (is_bitwise(parent) && is_bitwise(child) && child != parent)
        || (is_comparison(parent) && (is_bitwise(child) || shift))
        || (is_bitwise(parent) && shift)
        || (parent == BinaryOp::Or && child == BinaryOp::And)
}

impl Printer {
    fn line(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
    }

    fn statements(&mut self, block: &[Stmt]) {
        for (i, s) in block.iter().enumerate() {
            if i > 0 {
                self.line();
            }
            self.statement(s);
        }
        if !block.is_empty() {
            self.out.push('\n');
        }
    }

    /// `{`, the statements indented, `}`.
    fn body(&mut self, block: &[Stmt]) {
        self.out.push('{');
        self.indent += 1;
        for s in block {
            self.line();
            self.statement(s);
        }
        self.indent -= 1;
        self.line();
        self.out.push('}');
    }

    fn statement(&mut self, s: &Stmt) {
        match s {
            Stmt::Expr(e) => {
                self.statement_start(|p| p.expr(e, 0));
                self.out.push(';');
            }
            Stmt::Assign { .. } => {
                self.simple(s);
                self.out.push(';');
            }
            Stmt::Var(list) => {
                self.declared("var", list);
                self.out.push(';');
            }
            Stmt::Static(list) => {
                self.declared("static", list);
                self.out.push(';');
            }
            Stmt::GlobalVar(names) => {
                self.out.push_str("globalvar ");
                self.out.push_str(&names.join(", "));
                self.out.push(';');
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.head("if", cond);
                self.body(then);
                match otherwise.as_deref() {
                    None => {}
                    Some([chained @ Stmt::If { .. }]) => {
                        self.out.push_str(" else ");
                        self.statement(chained);
                    }
                    Some(block) => {
                        self.out.push_str(" else ");
                        self.body(block);
                    }
                }
            }
            Stmt::While { cond, body } => {
                self.head("while", cond);
                self.body(body);
            }
            Stmt::DoUntil { body, cond } => {
                self.out.push_str("do ");
                self.body(body);
                self.out.push_str(" until (");
                self.expr(cond, 0);
                self.out.push_str(");");
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                self.out.push_str("for (");
                if let Some(init) = init {
                    self.simple(init);
                }
                self.out.push(';');
                if let Some(cond) = cond {
                    self.out.push(' ');
                    self.expr(cond, 0);
                }
                self.out.push(';');
                if let Some(step) = step {
                    self.out.push(' ');
                    self.simple(step);
                }
                self.out.push_str(") ");
                self.body(body);
            }
            Stmt::Repeat { count, body } => {
                self.head("repeat", count);
                self.body(body);
            }
            Stmt::With { target, body } => {
                self.head("with", target);
                self.body(body);
            }
            Stmt::Switch { value, cases } => {
                self.head("switch", value);
                self.cases(cases);
            }
            Stmt::Break => self.out.push_str("break;"),
            Stmt::Continue => self.out.push_str("continue;"),
            Stmt::Exit => self.out.push_str("exit;"),
            Stmt::Return(value) => {
                self.out.push_str("return");
                if let Some(v) = value {
                    self.out.push(' ');
                    self.expr(v, 0);
                }
                self.out.push(';');
            }
            Stmt::Try {
                body,
                catch,
                finally,
            } => {
                self.out.push_str("try ");
                self.body(body);
                if let Some((name, handler)) = catch {
                    self.out.push_str(" catch (");
                    self.out.push_str(name);
                    self.out.push_str(") ");
                    self.body(handler);
                }
                if let Some(finally) = finally {
                    self.out.push_str(" finally ");
                    self.body(finally);
                }
            }
            Stmt::Throw(e) => self.keyword_expr("throw", e),
            Stmt::Delete(e) => self.keyword_expr("delete", e),
            Stmt::Function(f) => self.function(f),
            Stmt::Enum { name, members } => {
                self.out.push_str("enum ");
                self.out.push_str(name);
                self.out.push_str(" {");
                self.indent += 1;
                for (i, (member, value)) in members.iter().enumerate() {
                    self.line();
                    self.out.push_str(member);
                    if let Some(v) = value {
                        self.out.push_str(" = ");
                        self.expr(v, 0);
                    }
                    if i + 1 < members.len() {
                        self.out.push(',');
                    }
                }
                self.indent -= 1;
                self.line();
                self.out.push('}');
            }
            Stmt::Macro { config, name, body } => {
                self.out.push_str("#macro ");
                if let Some(c) = config {
                    self.out.push_str(c);
                    self.out.push(':');
                }
                self.out.push_str(name);
                self.out.push(' ');
                self.out.push_str(body);
            }
            Stmt::Block(block) => self.body(block),
        }
    }

    /// An assignment or an expression, without its `;`: a statement as `for` holds
    /// it.
    fn simple(&mut self, s: &Stmt) {
        match s {
            Stmt::Assign { target, op, value } => {
                self.statement_start(|p| p.expr(target, ACCESS));
                self.out.push(' ');
                self.out.push_str(op.text());
                self.out.push(' ');
                self.expr(value, 0);
            }
            Stmt::Var(list) => self.declared("var", list),
            Stmt::Expr(e) => self.expr(e, 0),
            other => self.statement(other),
        }
    }

    /// What `f` prints, with the struct literal or function it starts with in
    /// parentheses: at a statement's start those read as a block or a declaration,
    /// however deep in the expression the struct or function is (`({}).a = 1`).
    fn statement_start(&mut self, f: impl FnOnce(&mut Self)) {
        let outer = self.statement_at.replace(self.out.len());
        f(self);
        self.statement_at = outer;
    }

    fn keyword_expr(&mut self, keyword: &str, e: &Expr) {
        self.out.push_str(keyword);
        self.out.push(' ');
        self.expr(e, 0);
        self.out.push(';');
    }

    fn head(&mut self, keyword: &str, e: &Expr) {
        self.out.push_str(keyword);
        self.out.push_str(" (");
        self.expr(e, 0);
        self.out.push_str(") ");
    }

    fn declared(&mut self, keyword: &str, list: &[Declared]) {
        self.out.push_str(keyword);
        for (i, d) in list.iter().enumerate() {
            self.out.push_str(if i == 0 { " " } else { ", " });
            self.out.push_str(&d.name);
            if let Some(v) = &d.value {
                self.out.push_str(" = ");
                self.expr(v, 0);
            }
        }
    }

    fn cases(&mut self, cases: &[Case]) {
        self.out.push('{');
        self.indent += 1;
        for case in cases {
            self.line();
            match &case.label {
                Some(label) => {
                    self.out.push_str("case ");
                    self.expr(label, 0);
                    self.out.push(':');
                }
                None => self.out.push_str("default:"),
            }
            self.indent += 1;
            for s in &case.body {
                self.line();
                self.statement(s);
            }
            self.indent -= 1;
        }
        self.indent -= 1;
        self.line();
        self.out.push('}');
    }

    fn function(&mut self, f: &Function) {
        self.out.push_str("function");
        if let Some(name) = &f.name {
            self.out.push(' ');
            self.out.push_str(name);
        }
        self.params(&f.params);
        if let Some((parent, args)) = &f.inherits {
            self.out.push_str(" : ");
            self.out.push_str(parent);
            self.arguments(args);
        }
        if f.constructor {
            self.out.push_str(" constructor");
        }
        self.out.push(' ');
        self.body(&f.body);
    }

    fn params(&mut self, params: &[Param]) {
        self.out.push('(');
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&p.name);
            if let Some(d) = &p.default {
                self.out.push_str(" = ");
                self.expr(d, 0);
            }
        }
        self.out.push(')');
    }

    fn arguments(&mut self, args: &[Expr]) {
        self.out.push('(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(a, 0);
        }
        self.out.push(')');
    }

    /// `e`, parenthesised when it binds less tightly than `min`.
    fn expr(&mut self, e: &Expr, min: u8) {
        self.wrapped(e, strength(e) < min);
    }

    fn wrapped(&mut self, e: &Expr, wrap: bool) {
        let leads = || {
            matches!(e, Expr::Struct(_) | Expr::Function(_))
                && self.statement_at == Some(self.out.len())
        };
        if wrap || leads() {
            self.out.push('(');
            self.bare(e);
            self.out.push(')');
        } else {
            self.bare(e);
        }
    }

    fn bare(&mut self, e: &Expr) {
        match e {
            Expr::Number(n) => self.number(*n),
            Expr::String(s) => self.string(s),
            Expr::Template(parts) => self.template(parts),
            Expr::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Expr::Ident(name) => self.out.push_str(name),
            Expr::Field { base, name } => {
                // `1.x` would read as a number.
                let wrap = strength(base) < ACCESS || matches!(**base, Expr::Number(_));
                self.wrapped(base, wrap);
                self.out.push('.');
                self.out.push_str(name);
            }
            Expr::Index {
                base,
                accessor,
                indices,
            } => {
                self.callee(base);
                self.out.push_str(match accessor {
                    Accessor::Array => "[",
                    Accessor::ArrayRef => "[@ ",
                    Accessor::List => "[| ",
                    Accessor::Map => "[? ",
                    Accessor::Grid => "[# ",
                    Accessor::Struct => "[$ ",
                });
                self.bracketed(indices);
                self.out.push(']');
            }
            Expr::Call { callee, args } => {
                self.callee(callee);
                self.arguments(args);
            }
            Expr::New { callee, args } => {
                self.out.push_str("new ");
                // `new f()()` constructs `f`, then calls the result: a callee that
                // holds a call needs its parentheses.
                if has_call(callee) {
                    self.wrapped(callee, true);
                } else {
                    self.callee(callee);
                }
                self.arguments(args);
            }
            Expr::Unary { op, expr } => {
                self.out.push(match op {
                    UnaryOp::Neg => '-',
                    UnaryOp::Not => '!',
                    UnaryOp::BitNot => '~',
                });
                // `- -x` would read as a decrement.
                let doubled = *op == UnaryOp::Neg && self.starts_negative(expr);
                self.wrapped(expr, doubled || strength(expr) < PREFIX);
            }
            Expr::Step { op, target } => match op {
                StepOp::PreInc | StepOp::PreDec => {
                    self.out
                        .push_str(if *op == StepOp::PreInc { "++" } else { "--" });
                    self.expr(target, ACCESS);
                }
                StepOp::PostInc | StepOp::PostDec => {
                    self.expr(target, ACCESS);
                    self.out
                        .push_str(if *op == StepOp::PostInc { "++" } else { "--" });
                }
            },
            Expr::Binary { op, lhs, rhs } => {
                let p = op.precedence();
                self.operand(lhs, *op, p);
                self.out.push(' ');
                self.out.push_str(op.text());
                self.out.push(' ');
                self.operand(rhs, *op, p + 1);
            }
            Expr::Ternary {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond, TERNARY + 1);
                self.out.push_str(" ? ");
                self.expr(then, TERNARY + 1);
                self.out.push_str(" : ");
                self.expr(otherwise, TERNARY + 1);
            }
            Expr::Group(inner) => {
                self.out.push('(');
                self.expr(inner, TERNARY);
                self.out.push(')');
            }
            Expr::Array(items) => {
                self.out.push('[');
                self.bracketed(items);
                self.out.push(']');
            }
            Expr::Struct(fields) => {
                if fields.is_empty() {
                    self.out.push_str("{}");
                    return;
                }
                self.out.push_str("{ ");
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    // A key that is no name was written quoted, and is again.
                    if is_name(name) {
                        self.out.push_str(name);
                    } else {
                        self.string(name);
                    }
                    self.out.push_str(": ");
                    self.expr(value, 0);
                }
                self.out.push_str(" }");
            }
            Expr::Function(f) => self.function(f),
        }
    }

    /// `items` after a `[`, separated by commas. A first item starting with `$`
    /// (a template string) is set off by a space, as `[$` reads as the struct
    /// accessor.
    fn bracketed(&mut self, items: &[Expr]) {
        let start = self.out.len();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.expr(item, 0);
        }
        if self.out[start..].starts_with('$') && self.out[..start].ends_with('[') {
            self.out.insert(start, ' ');
        }
    }

    /// What is called or indexed: parenthesised unless it is a name, a field, a call
    /// or an index.
    fn callee(&mut self, e: &Expr) {
        let wrap = strength(e) < ACCESS || matches!(e, Expr::Function(_) | Expr::Number(_));
        self.wrapped(e, wrap);
    }

    /// A binary operand: parenthesised when it binds less tightly than `min`, and
    /// when it mixes bitwise operators.
    fn operand(&mut self, e: &Expr, parent: BinaryOp, min: u8) {
        let mixed = match e {
            Expr::Binary { op, .. } => misread(parent, *op),
            _ => false,
        };
        self.wrapped(e, mixed || strength(e) < min);
    }

    fn starts_negative(&self, e: &Expr) -> bool {
        match e {
            Expr::Unary {
                op: UnaryOp::Neg, ..
            } => true,
            Expr::Step {
                op: StepOp::PreDec, ..
            } => true,
            Expr::Number(Number::Int(n)) => *n < 0,
            Expr::Number(Number::Real(r)) => r.is_sign_negative(),
            _ => false,
        }
    }

    fn number(&mut self, n: Number) {
        match n {
            Number::Int(i) => self.out.push_str(&i.to_string()),
            // Six digits at least, as a colour's blue, green and red.
            Number::Hex(i) => self.out.push_str(&format!("${:06X}", i as u64)),
            Number::Real(r) if r.is_nan() => self.out.push_str("NaN"),
            Number::Real(r) if r.is_infinite() => {
                self.out
                    .push_str(if r > 0.0 { "infinity" } else { "-infinity" })
            }
            Number::Real(r) => {
                // Display never uses an exponent, which GML cannot read; the point
                // keeps a whole real apart from an integer.
                let text = r.to_string();
                self.out.push_str(&text);
                if !text.contains('.') {
                    self.out.push_str(".0");
                }
            }
        }
    }

    fn string(&mut self, s: &str) {
        if !self.style.escapes {
            let quote = if s.contains('"') { '\'' } else { '"' };
            self.out.push(quote);
            self.out.push_str(s);
            self.out.push(quote);
            return;
        }
        self.out.push('"');
        self.escaped(s, false);
        self.out.push('"');
    }

    fn escaped(&mut self, s: &str, template: bool) {
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                '{' | '}' if template => {
                    self.out.push('\\');
                    self.out.push(c);
                }
                c if (c as u32) < 0x20 || c == '\u{7f}' => {
                    self.out.push_str(&format!("\\u{:04x}", c as u32));
                }
                c => self.out.push(c),
            }
        }
    }

    fn template(&mut self, parts: &[TemplatePart]) {
        self.out.push_str("$\"");
        for part in parts {
            match part {
                TemplatePart::Text(t) => self.escaped(t, true),
                TemplatePart::Expr(e) => {
                    self.out.push('{');
                    self.expr(e, 0);
                    self.out.push('}');
                }
            }
        }
        self.out.push('"');
    }
}
