//! GML as a tree: what the parser reads, the decompiler makes, the printer writes
//! and the compiler will read. One tree for all of them, so that a decompiled entry
//! and the same text parsed back are equal values.
//!
//! The tree keeps what compiles differently and drops what does not: an integer
//! literal stays apart from a real one (GameMaker pushes them differently), `true`
//! stays apart from `1`, but parentheses, comments and layout are gone. Names are
//! kept as written; what a name stands for (a local, a built-in, an asset) is
//! decided by whoever reads the tree.

/// A file of GML: its statements, in order.
pub type Block = Vec<Stmt>;

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// An expression evaluated for its effect: a call, `i++`, `new Thing()`.
    Expr(Expr),
    /// `target op value`.
    Assign {
        /// What is assigned: a name, a field or an index.
        target: Expr,
        /// `=`, `+=`, ...
        op: AssignOp,
        /// The value.
        value: Expr,
    },
    /// `var a = 1, b;`
    Var(Vec<Declared>),
    /// `static a = 1;`
    Static(Vec<Declared>),
    /// `globalvar a, b;`
    GlobalVar(Vec<String>),
    /// `if (cond) { then } else { otherwise }`; an `else if` is an `otherwise` that
    /// holds one `If`.
    If {
        /// The condition.
        cond: Expr,
        /// Run when it holds.
        then: Block,
        /// Run when it does not.
        otherwise: Option<Block>,
    },
    /// `while (cond) { body }`
    While {
        /// Tested before each pass.
        cond: Expr,
        /// The loop's body.
        body: Block,
    },
    /// `do { body } until (cond);`
    DoUntil {
        /// The loop's body.
        body: Block,
        /// Tested after each pass; the loop ends when it holds.
        cond: Expr,
    },
    /// `for (init; cond; step) { body }`
    For {
        /// Run once first.
        init: Option<Box<Stmt>>,
        /// Tested before each pass.
        cond: Option<Expr>,
        /// Run after each pass.
        step: Option<Box<Stmt>>,
        /// The loop's body.
        body: Block,
    },
    /// `repeat (count) { body }`
    Repeat {
        /// How many times.
        count: Expr,
        /// The loop's body.
        body: Block,
    },
    /// `with (target) { body }`
    With {
        /// The instance, object or struct each pass runs as.
        target: Expr,
        /// The loop's body.
        body: Block,
    },
    /// `switch (value) { case ...: ... default: ... }`
    Switch {
        /// The value compared.
        value: Expr,
        /// The cases, in order.
        cases: Vec<Case>,
    },
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `exit;`
    Exit,
    /// `return value;`
    Return(Option<Expr>),
    /// `try { body } catch (name) { ... } finally { ... }`
    Try {
        /// The guarded code.
        body: Block,
        /// The handler and the name it binds the exception to.
        catch: Option<(String, Block)>,
        /// Run however the guarded code ends.
        finally: Option<Block>,
    },
    /// `throw value;`
    Throw(Expr),
    /// `delete value;`
    Delete(Expr),
    /// `function name(params) { body }`, a declaration statement.
    Function(Function),
    /// `enum name { A, B = 2 }`
    Enum {
        /// The enum's name.
        name: String,
        /// Its members, each with its value where one is written.
        members: Vec<(String, Option<Expr>)>,
    },
    /// `#macro name body`, or `#macro config:name body`.
    Macro {
        /// The configuration it applies to, if any.
        config: Option<String>,
        /// The macro's name.
        name: String,
        /// Its text, as written (a macro is text, not an expression).
        body: String,
    },
    /// `{ ... }` on its own.
    Block(Block),
}

/// A name declared by `var` or `static`, with its first value if it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Declared {
    /// The name.
    pub name: String,
    /// `= value`.
    pub value: Option<Expr>,
}

/// One `case` of a switch, or its `default` (no label).
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// The value after `case`; `None` for `default`.
    pub label: Option<Expr>,
    /// The statements up to the next case.
    pub body: Block,
}

/// A function: declared (`function f(a) {}`), or a function expression
/// (`function(a) {}`) when it has no name.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The declared name.
    pub name: Option<String>,
    /// The parameters.
    pub params: Vec<Param>,
    /// `: parent(args)`, a constructor's parent and the arguments passed to it.
    pub inherits: Option<(String, Vec<Expr>)>,
    /// Whether it is a `constructor`.
    pub constructor: bool,
    /// The body.
    pub body: Block,
}

/// A named parameter and its default value.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// `= value`, used when the argument is left out.
    pub default: Option<Expr>,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A number literal.
    Number(Number),
    /// A string literal's value (escapes resolved).
    String(String),
    /// `$"text {expr} text"`, in parts.
    Template(Vec<TemplatePart>),
    /// `true` or `false`.
    Bool(bool),
    /// A name: a local, an instance variable, a built-in, an asset, a constant,
    /// `self`, `other`, `global`, `all`, `noone`, `undefined`.
    Ident(String),
    /// `base.name`.
    Field {
        /// Whose field: `other`, `global`, an object, an expression.
        base: Box<Expr>,
        /// The field's name.
        name: String,
    },
    /// `base[index]`, `base[a, b]`, `base[| index]` and the other accessors.
    Index {
        /// What is indexed.
        base: Box<Expr>,
        /// How.
        accessor: Accessor,
        /// The indices: one, or two for `[#` and the old two-dimensional arrays.
        indices: Vec<Expr>,
    },
    /// `callee(args)`.
    Call {
        /// What is called: a name, a field, any expression.
        callee: Box<Expr>,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `new callee(args)`.
    New {
        /// The constructor.
        callee: Box<Expr>,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `op expr`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        expr: Box<Expr>,
    },
    /// `++x`, `x--` and the others.
    Step {
        /// Which.
        op: StepOp,
        /// The variable changed.
        target: Box<Expr>,
    },
    /// `lhs op rhs`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// `cond ? then : otherwise`.
    Ternary {
        /// The condition.
        cond: Box<Expr>,
        /// Its value when the condition holds.
        then: Box<Expr>,
        /// Its value when it does not.
        otherwise: Box<Expr>,
    },
    /// `[a, b]`.
    Array(Vec<Expr>),
    /// `{ a: 1, b: 2 }`.
    Struct(Vec<(String, Expr)>),
    /// `function(a) {}` or `function name(a) {}` used as a value (a method).
    Function(Box<Function>),
    /// `(a && b)` as the left operand of another `&&` (or `||` of `||`): kept
    /// apart because GameMaker compiles it as a chain of its own, where
    /// `a && b && c` is one chain.
    Group(Box<Expr>),
}

/// A number literal, as GameMaker tells them apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// Written without a point or exponent, in decimal.
    Int(i64),
    /// Written in hex (`$FF3A00`, `0xff`) or binary (`0b101`): worth what the
    /// same [`Number::Int`] is, and printed as a colour is written, `$BBGGRR`.
    Hex(i64),
    /// Written with a point or an exponent.
    Real(f64),
}

impl Number {
    /// Its value, where it is an integer however written.
    pub fn int(self) -> Option<i64> {
        match self {
            Number::Int(i) | Number::Hex(i) => Some(i),
            Number::Real(_) => None,
        }
    }
}

/// A piece of a template string.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplatePart {
    /// Text, escapes resolved.
    Text(String),
    /// `{expr}`.
    Expr(Expr),
}

/// How an index reads its base.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accessor {
    /// `a[i]`.
    Array,
    /// `a[@ i]`: the array itself, not a copy made on write.
    ArrayRef,
    /// `list[| i]`.
    List,
    /// `map[? key]`.
    Map,
    /// `grid[# x, y]`.
    Grid,
    /// `s[$ key]`.
    Struct,
}

/// The assignment operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`
    Add,
    /// `-=`
    Sub,
    /// `*=`
    Mul,
    /// `/=`
    Div,
    /// `%=`
    Mod,
    /// `&=`
    And,
    /// `|=`
    Or,
    /// `^=`
    Xor,
    /// `??=`
    Nullish,
}

/// The prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `!x`
    Not,
    /// `~x`
    BitNot,
}

/// Increments and decrements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepOp {
    /// `++x`
    PreInc,
    /// `--x`
    PreDec,
    /// `x++`
    PostInc,
    /// `x--`
    PostDec,
}

/// The binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `div`
    IntDiv,
    /// `mod` (also written `%`)
    Mod,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `&`
    BitAnd,
    /// `^`
    BitXor,
    /// `|`
    BitOr,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
    /// `&&`
    And,
    /// `^^`
    Xor,
    /// `||`
    Or,
    /// `??`
    Nullish,
}

impl BinaryOp {
    /// How tightly it binds: higher binds tighter. The parser and the printer
    /// both use this, so a printed tree parses back to itself.
    pub fn precedence(self) -> u8 {
        use BinaryOp::*;
        match self {
            Nullish => 1,
            Or => 2,
            Xor => 3,
            And => 4,
            Lt | Le | Eq | Ne | Ge | Gt => 5,
            BitOr => 6,
            BitXor => 7,
            BitAnd => 8,
            Shl | Shr => 9,
            Add | Sub => 10,
            Mul | Div | IntDiv | Mod => 11,
        }
    }

    /// The operator as written.
    pub fn text(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Mul => "*",
            Div => "/",
            IntDiv => "div",
            Mod => "mod",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            Lt => "<",
            Le => "<=",
            Eq => "==",
            Ne => "!=",
            Ge => ">=",
            Gt => ">",
            And => "&&",
            Xor => "^^",
            Or => "||",
            Nullish => "??",
        }
    }
}

impl AssignOp {
    /// The operator `x op= y` applies (`x = x op y`); none for `=`.
    pub fn binary(self) -> Option<BinaryOp> {
        use AssignOp::*;
        Some(match self {
            Add => BinaryOp::Add,
            Sub => BinaryOp::Sub,
            Mul => BinaryOp::Mul,
            Div => BinaryOp::Div,
            Mod => BinaryOp::Mod,
            And => BinaryOp::BitAnd,
            Or => BinaryOp::BitOr,
            Xor => BinaryOp::BitXor,
            Nullish => BinaryOp::Nullish,
            Set => return None,
        })
    }

    /// The operator as written.
    pub fn text(self) -> &'static str {
        use AssignOp::*;
        match self {
            Set => "=",
            Add => "+=",
            Sub => "-=",
            Mul => "*=",
            Div => "/=",
            Mod => "%=",
            And => "&=",
            Or => "|=",
            Xor => "^=",
            Nullish => "??=",
        }
    }
}

/// Whether `name` is one of the words GameMaker 2.3 made keywords, which earlier
/// games use as names.
pub fn is_keyword_since_2_3(name: &str) -> bool {
    matches!(
        name,
        "static"
            | "function"
            | "constructor"
            | "new"
            | "delete"
            | "try"
            | "catch"
            | "finally"
            | "throw"
    )
}

/// Whether `name` is a word GML reserves, which no variable may be named; a
/// decompiled local named so is renamed.
pub fn is_keyword(name: &str) -> bool {
    is_keyword_since_2_3(name)
        || matches!(
            name,
            "if" | "else"
                | "while"
                | "do"
                | "until"
                | "for"
                | "repeat"
                | "with"
                | "switch"
                | "case"
                | "default"
                | "break"
                | "continue"
                | "exit"
                | "return"
                | "var"
                | "globalvar"
                | "enum"
                | "true"
                | "false"
                | "div"
                | "mod"
                | "and"
                | "or"
                | "xor"
                | "not"
                | "then"
                | "begin"
                | "end"
        )
}
