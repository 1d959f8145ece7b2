//! The refusal of code nested deeper than the passes' stack allows.

use swc_common::{Span, Spanned};
use swc_ecma_ast::{Expr, Program, Stmt};
use swc_ecma_visit::{Visit, VisitWith};

use crate::js::MAX_NESTING;

/// The place where `program` first nests past [`MAX_NESTING`], if it does. The walk
/// itself stops there, so it never goes deeper than the limit.
pub(super) fn check(program: &Program) -> Result<(), Span> {
    let mut walk = Walk::default();
    program.visit_with(&mut walk);
    walk.too_deep.map_or(Ok(()), Err)
}

#[derive(Default)]
struct Walk {
    depth: usize,
    too_deep: Option<Span>,
}

impl Walk {
    fn enter<N: VisitWith<Self> + Spanned>(&mut self, node: &N) {
        if self.too_deep.is_some() {
            return;
        }
        if self.depth == MAX_NESTING {
            self.too_deep = Some(node.span());
            return;
        }
        self.depth += 1;
        node.visit_children_with(self);
        self.depth -= 1;
    }
}

impl Visit for Walk {
    fn visit_expr(&mut self, node: &Expr) {
        self.enter(node);
    }

    fn visit_stmt(&mut self, node: &Stmt) {
        self.enter(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swc_common::{sync::Lrc, SourceMap};

    fn parse(text: String) -> Program {
        let cm: Lrc<SourceMap> = Default::default();
        let file = super::super::parse::add(&cm, "t.js", text);
        swc_ecma_parser::parse_file_as_program(
            &file,
            Default::default(),
            Default::default(),
            None,
            &mut Vec::new(),
        )
        .unwrap()
    }

    #[test]
    fn deep_chains_and_brackets_are_refused_and_shallow_code_is_not() {
        crate::pass_stack::run(deep_and_shallow);
    }

    fn deep_and_shallow() {
        let chain = format!("var a = {};", vec!["1"; MAX_NESTING + 10].join("+"));
        assert!(check(&parse(chain)).is_err());
        let brackets = format!("var a = {}1{};", "(".repeat(1200), ")".repeat(1200));
        assert!(check(&parse(brackets)).is_err());
        let fine = format!("var a = {};", vec!["1"; MAX_NESTING / 2].join("+"));
        assert!(check(&parse(fine)).is_ok());
    }
}
