//! The literals that hold other code: arrays, structs, template strings and
//! functions.

use crate::formats::gamemaker::gml::language::ast::{Expr, Function, Param, TemplatePart};
use crate::formats::gamemaker::gml::language::lex::{Piece, Tok};
use crate::formats::gamemaker::gml::language::parse::{Failed, Parser, Result};

impl Parser<'_> {
    pub(crate) fn array_literal(&mut self) -> Result<Expr> {
        let items = self.list(&Tok::RBracket, "`]`", |p| p.expr())?;
        self.made(1 + self.last)?;
        Ok(Expr::Array(items))
    }

    /// `{ a: 1, "b": 2, c }` after its `{`.
    pub(crate) fn struct_literal(&mut self) -> Result<Expr> {
        let fields = self.list(&Tok::RBrace, "`}`", |p| {
            let t = p.token();
            let (key, shorthand) = match &t.kind {
                Tok::Str(s) => {
                    p.advance();
                    (s.clone(), false)
                }
                _ => (p.name("a field name")?, true),
            };
            if shorthand && matches!(p.peek(), Tok::Comma | Tok::RBrace) {
                let value = Expr::Ident(key.clone());
                p.made(1)?;
                return Ok((key, value));
            }
            p.expect(&Tok::Colon, "`:`")?;
            Ok((key, p.expr()?))
        })?;
        self.made(1 + self.last)?;
        Ok(Expr::Struct(fields))
    }

    pub(crate) fn template(&mut self, pieces: &[Piece]) -> Result<Expr> {
        let mut parts = Vec::new();
        let mut deepest = 0;
        for piece in pieces {
            match piece {
                Piece::Text(t) => parts.push(TemplatePart::Text(t.clone())),
                Piece::Code(tokens) => {
                    let mut sub = Parser::new(self.src, tokens, self.depth);
                    let e = sub.expr().and_then(|e| {
                        sub.expect(&Tok::End, "`}` to close the template's `{`")
                            .map(|()| e)
                    });
                    let Ok(e) = e else {
                        self.error = sub.error.take();
                        return Err(Failed);
                    };
                    deepest = deepest.max(sub.last);
                    parts.push(TemplatePart::Expr(e));
                }
            }
        }
        self.made(1 + deepest)?;
        Ok(Expr::Template(parts))
    }

    /// A function after its `function` keyword: `[name](params) [: parent(args)]
    /// [constructor] { body }`.
    pub(crate) fn function_rest(&mut self) -> Result<Function> {
        let name = match self.peek() {
            Tok::LParen => None,
            _ => Some(self.name("a function name")?),
        };
        self.expect(&Tok::LParen, "`(`")?;
        let params = self.list(&Tok::RParen, "`)`", |p| {
            let name = p.name("a parameter name")?;
            let default = if p.eat(&Tok::Assign) {
                Some(p.value()?)
            } else {
                p.last = 0;
                None
            };
            Ok(Param { name, default })
        })?;
        let d = self.last;
        let inherits = if self.eat(&Tok::Colon) {
            let parent = self.name("the parent constructor's name")?;
            Some((parent, self.arguments()?))
        } else {
            self.last = 0;
            None
        };
        let d = d.max(self.last);
        let constructor = self.eat_word("constructor");
        if !self.at(&Tok::LBrace) {
            return Err(self.unexpected("`{` to open the function's body"));
        }
        let body = self.block()?;
        self.made(1 + d.max(self.last))?;
        Ok(Function {
            name,
            params,
            inherits,
            constructor,
            body,
        })
    }
}
