//! The language's tests: the lexer, the parser and the printer together (trees
//! built by hand stand for what each construct must parse to), and the
//! decompiler's construct tests, each pairing assembly, in the disassembly's
//! syntax, with the GML the decompiler must print for it: GameMaker's own idiom
//! for the construct in one release family, written by hand after reading the
//! real games' disassembly.

mod accessors;
mod calls;
mod compile_props;
mod conditionals;
mod control;
mod depth;
mod diagnostics;
mod early_owners;
mod errors;
mod exits;
mod expr;
mod expressions;
mod function_forms;
mod functions;
mod hostile;
mod lex;
mod literals;
mod loops;
mod operators;
mod props;
mod round_trip;
mod snippets;
mod stmt;
mod switch;
mod variables;

use crate::formats::gamemaker::gml::language::ast::{
    Accessor, AssignOp, BinaryOp, Block, Declared, Expr, Number, StepOp, Stmt, UnaryOp,
};
use crate::formats::gamemaker::gml::language::parse::{parse, parse_expr};
use crate::formats::gamemaker::gml::language::print::{print, Style};

/// `text` parsed, or a failure showing the error.
fn p(text: &str) -> Block {
    parse(text).unwrap_or_else(|e| panic!("`{text}` does not parse:\n{e}"))
}

/// `text` parsed as one expression.
fn e(text: &str) -> Expr {
    parse_expr(text).unwrap_or_else(|e| panic!("`{text}` does not parse:\n{e}"))
}

/// The error `text` gives, as displayed.
fn err(text: &str) -> String {
    match parse(text) {
        Ok(tree) => panic!("`{text}` parses, to {tree:?}"),
        Err(e) => e.to_string(),
    }
}

/// Printed in the default style.
fn printed(block: &[Stmt]) -> String {
    print(block, Style::default())
}

fn id(name: &str) -> Expr {
    Expr::Ident(name.to_string())
}

fn int(n: i64) -> Expr {
    Expr::Number(Number::Int(n))
}

fn real(r: f64) -> Expr {
    Expr::Number(Number::Real(r))
}

fn string(s: &str) -> Expr {
    Expr::String(s.to_string())
}

fn bin(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    }
}

fn un(op: UnaryOp, expr: Expr) -> Expr {
    Expr::Unary {
        op,
        expr: Box::new(expr),
    }
}

fn step(op: StepOp, target: Expr) -> Expr {
    Expr::Step {
        op,
        target: Box::new(target),
    }
}

fn call(callee: Expr, args: Vec<Expr>) -> Expr {
    Expr::Call {
        callee: Box::new(callee),
        args,
    }
}

fn field(base: Expr, name: &str) -> Expr {
    Expr::Field {
        base: Box::new(base),
        name: name.to_string(),
    }
}

fn index(base: Expr, accessor: Accessor, indices: Vec<Expr>) -> Expr {
    Expr::Index {
        base: Box::new(base),
        accessor,
        indices,
    }
}

fn ternary(cond: Expr, then: Expr, otherwise: Expr) -> Expr {
    Expr::Ternary {
        cond: Box::new(cond),
        then: Box::new(then),
        otherwise: Box::new(otherwise),
    }
}

fn assign(target: Expr, op: AssignOp, value: Expr) -> Stmt {
    Stmt::Assign { target, op, value }
}

fn set(name: &str, value: Expr) -> Stmt {
    assign(id(name), AssignOp::Set, value)
}

fn declared(name: &str, value: Option<Expr>) -> Declared {
    Declared {
        name: name.to_string(),
        value,
    }
}

/// `f()` as a statement.
fn call_stmt(f: &str) -> Stmt {
    Stmt::Expr(call(id(f), vec![]))
}

use crate::formats::gamemaker::gml::decompile::from_assembly::decompile_assembly;

/// Decompiles `asm` and checks that its first entry prints as `gml`.
#[track_caller]
pub fn check(asm: &str, gml: &str) {
    check_styled(asm, gml, Style::default());
}

/// As [`check`], printing in `style`.
#[track_caller]
pub fn check_styled(asm: &str, gml: &str, style: Style) {
    let entries = decompile_assembly(asm).unwrap_or_else(|e| panic!("{e}"));
    let first = entries.first().expect("an entry");
    let body = first
        .body
        .as_ref()
        .unwrap_or_else(|e| panic!("L{:04x}: {}", e.at, e.why));
    let printed = print(body, style);
    assert_eq!(printed.trim(), unindent(gml).trim(), "\n{printed}");
}

/// `text` without the indent its first line has, so that tests can indent GML
/// inside Rust.
fn unindent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().skip_while(|l| l.trim().is_empty()).collect();
    let indent = lines.first().map_or(0, |l| l.len() - l.trim_start().len());
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A construct test: `name`, its assembly and the GML expected.
macro_rules! construct {
    ($(#[$attr:meta])* $name:ident, $asm:expr, $gml:expr) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            super::check($asm, $gml);
            super::check_compiled(stringify!($name), $asm, $gml);
        }
    };
}
pub(crate) use construct;

use crate::formats::gamemaker::model::version::Version;
use crate::formats::gamemaker::{
    gml::compile, gml::compile::identity::listing, gml::compile::Env, gml::compile::Source,
    gml::compile::Target,
};

/// Compiles `gml` for the game `asm` comes from (its release told by the test's
/// name and the assembly's own header lines and forms) and says where the
/// instructions differ from `asm`'s.
pub fn compiled_differs(name: &str, asm: &str, gml: &str) -> Option<String> {
    let env = construct_env(name, asm);
    let body = parse(&unindent(gml)).unwrap_or_else(|e| panic!("{e}"));
    let mut entries: Vec<(u32, String)> = asm
        .lines()
        .filter_map(|l| crate::formats::gamemaker::bytecode::disassemble::heading(l.trim()))
        .map(|h| {
            let at = u32::from_str_radix(h.label.trim_start_matches('L'), 16).unwrap_or(0);
            (at, h.name.to_string())
        })
        .collect();
    entries.sort();
    let entry = entries
        .first()
        .map_or("gml_Object_a_Create_0".to_string(), |e| e.1.clone());
    let functions: Vec<String> = entries.iter().skip(1).map(|e| e.1.clone()).collect();
    // Code off the FUNC chains, as the game's calls by name show it.
    let mut env = env;
    if asm.contains("call.i \"") {
        env.calls_by_name
            .extend(functions.iter().chain([&entry]).cloned());
    }
    let source = Source {
        entry: &entry,
        body: &body,
        functions: &functions,
        places: None,
    };
    let text = match compile::compile(&env, source) {
        Ok(c) => c.code.text(0).unwrap_or_else(|e| e),
        Err(errors) => return Some(format!("does not compile: {}", errors[0])),
    };
    let (want, got) = (listing(asm), listing(&text));
    (want != got).then(|| {
        let at = want.iter().zip(&got).position(|(a, b)| a != b);
        format!(
            "differs at {at:?}:\n{}",
            (0..want.len().max(got.len()))
                .map(|k| format!(
                    "{k:4} {:40} {}",
                    want.get(k).map_or("", String::as_str),
                    got.get(k).map_or("", String::as_str)
                ))
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

/// `l op r`, with `l` kept a chain of its own when `group` and it is one of
/// the same operator: `(a && b) && c`.
pub fn binary(op: BinaryOp, l: Expr, r: Expr, group: bool) -> Expr {
    let chain = matches!(&l, Expr::Binary { op: o, .. } if *o == op)
        && matches!(op, BinaryOp::And | BinaryOp::Or);
    let l = if group && chain {
        Expr::Group(Box::new(l))
    } else {
        l
    };
    bin(op, l, r)
}

/// The game a construct test's assembly comes from, as the compiler needs it.
fn construct_env(name: &str, asm: &str) -> Env {
    let has = |s: &str| asm.contains(s);
    // Snippets of the GameMaker: Studio 1 fixture games.
    let studio1_game = ["jtool_", "kappa_trooper_", "space_intruders_"]
        .iter()
        .any(|g| name.starts_with(g));
    let bytecode_14 = name.ends_with("_bc14");
    let release = if name.ends_with("_gms1") || studio1_game || bytecode_14 {
        Version::new(1, 0, 0, 0)
    } else if name.ends_with("_gms2") {
        // The releases of GameMaker Studio 2 before 2.3 whose `true` is an
        // integer, as most of its games' is.
        Version::V2_0_6
    } else if name.ends_with("_2_3") {
        Version::V2_3
    } else if name.ends_with("_2022") {
        Version::V2022_1
    } else if name.ends_with("_2023") && has("break.i -11") {
        Version::V2023_8
    } else if name.ends_with("_2023") {
        Version::V2023_1
    } else if name.ends_with("_2024") {
        Version::V2024_4
    } else if has("function") || has("@@") {
        Version::V2_3
    } else {
        Version::V2_0_6
    };
    let release = asm
        .lines()
        .find_map(|l| l.trim().strip_prefix("; release "))
        .and_then(|r| {
            let mut parts = r.trim().split('.').map(str::parse::<u16>);
            match (parts.next(), parts.next()) {
                (Some(Ok(a)), Some(Ok(b))) => Some(Version::new(a, b, 0, 0)),
                _ => None,
            }
        })
        .unwrap_or(release);
    let bytecode = match release < Version::GMS2 {
        true if bytecode_14 => 14,
        true => 16,
        false => 17,
    };
    let mut target = Target::new(bytecode, release);
    target.objects_as_instances = has("[instance]object");
    target.instances_as_kind = target.objects_as_instances;
    if has("dup.l 0") != has("dup.i 1") {
        target.element_copied_whole = has("dup.l 0");
    }
    target.folds_variable_hashes |= has("push.i variable ");
    target.self_through_builtin = asm.lines().any(|l| {
        let l = l.trim();
        (l.starts_with("push.v builtin.") || l.starts_with("pop.v.")) && l.contains(" builtin.")
    });
    if has("pushbltn.v builtin.") || has("pushbltn.v self.") {
        target.builtin_instance = has("pushbltn.v builtin.");
    }
    target.array_owners = has("break.e -5");
    target.object_methods_through_get_instance = has("@@GetInstance@@");
    target.functions_through_references = has("break.i -11 function ");
    target.array_get_in_accessors = has("@@array_get@@");
    if has("[array]object0.argument") {
        target.argument_array_on_arg = has("pushi.e -15");
    }
    if !has("@@Global@@") && has("pushi.e -5") && has("[array]") {
        target.global_arrays_through_stack = false;
    }
    if !has("@@Other@@") && has("pushi.e -2") && has("[array]") {
        target.other_arrays_through_stack = false;
    }
    let lines: Vec<&str> = asm.lines().map(str::trim).collect();
    target.functions_end_setting_statics =
        !has("break.e -6") && lines.windows(2).any(|w| w == ["break.e -7", "exit.i"]);
    target.owner_every_write = target.array_owners && release < Version::V2_3_6;
    target.compound_parameters_on_self =
        lines.iter().any(|l| l.starts_with("pop.v.v self.argument"));
    // A declaration storing a function on `self` or `builtin`, as the
    // evidence pass reads a game's.
    for w in lines.windows(3) {
        if w[0] == "dup.v 0" && w[2].starts_with("pop.v.v [stacktop]object0.") {
            match w[1] {
                "pushi.e -1" => target.function_variables_through_self = true,
                "pushi.e -6" => target.function_variables_through_self = false,
                _ => {}
            }
        }
    }
    target.checks_2d_indices = lines
        .windows(2)
        .any(|w| w == ["break.e -1", "push.i 32000"]);
    target.throw_drops_value = !has("@@throw@@")
        || lines
            .windows(2)
            .any(|w| w == ["call.i @@throw@@(argc=1)", "popz.v"]);
    let mut env = Env::bare(target);
    for line in asm.lines().map(str::trim) {
        // The owner id GameMaker gave an array's writes, which no listing shows.
        if let Some(rest) = line.strip_prefix("; owner ") {
            if let Some((name, id)) = rest.split_once(' ') {
                let id = id.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
                env.owner_ids
                    .insert("", name, true, id, target.owner_every_write);
            }
        }
        if let Some(rest) = line.strip_prefix("; asset ") {
            let mut parts = rest.split_whitespace();
            if let (Some(chunk), Some(index), Some(name)) =
                (parts.next(), parts.next(), parts.next())
            {
                if let (Ok(chunk), Ok(index)) =
                    (<[u8; 4]>::try_from(chunk.as_bytes()), index.parse::<u32>())
                {
                    env.assets.insert(
                        name.to_string(),
                        compile::env::Asset {
                            chunk: crate::fourcc::FourCC(chunk),
                            index,
                        },
                    );
                }
            }
        }
        let variable = line
            .split_once(' ')
            .filter(|(op, _)| op.starts_with("push") || op.starts_with("pop"))
            .and_then(|(_, operand)| operand.rsplit_once('.'));
        if let Some((_, name)) = variable {
            env.known_variables.insert(name.to_string());
        }
        for prefix in ["call.i ", "push.i function ", "break.i -11 function "] {
            let Some(rest) = line.strip_prefix(prefix) else {
                continue;
            };
            let callee = rest.split('(').next().unwrap_or("");
            env.known_functions.insert(callee.to_string());
            if let Some(short) = callee.strip_prefix("gml_Script_") {
                if !short.contains('@') {
                    env.functions.insert(short.to_string(), callee.to_string());
                }
            } else if target.release < Version::V2_3 && prefix == "call.i " {
                env.functions.insert(callee.to_string(), callee.to_string());
            }
        }
    }
    env
}

/// Construct tests whose GML does not yet compile to their assembly, each with
/// why.
const NOT_YET_COMPILED: &[(&str, &str)] = &[
    ("argument_array_in_a_function_2024", "other instructions"),
    ("array_of_objects_argument_2024", "other instructions"),
    ("array_reference_accessor_written_2_3", "other instructions"),
    (
        "array_write_naming_no_owner_after_2_3_6",
        "other instructions",
    ),
    (
        "asteroid_destroyer_obj_bullets_create_0",
        "other instructions",
    ),
    (
        "before_the_after_inn_man_firstroom_draw_0",
        "other instructions",
    ),
    (
        "before_the_after_inn_man_firstroom_mouse_50",
        "other instructions",
    ),
    ("bitwise_and_of_a_long_gms1", "other instructions"),
    ("bitwise_not_2_3", "other instructions"),
    ("chonko_create_menu_page", "other instructions"),
    (
        "constructor_declared_in_a_script_2024",
        "other instructions",
    ),
    (
        "constructor_with_a_static_method_2024",
        "this statement is not compiled yet",
    ),
    (
        "continue_inside_switch_in_a_loop_gms1",
        "other instructions",
    ),
    ("cs179j_note_spawner_step_0", "other instructions"),
    ("dieback_export_create_0", "other instructions"),
    ("division_of_a_sum_2024", "other instructions"),
    (
        "empty_struct_literal_field_written_where_a_statement_starts_2024",
        "other instructions",
    ),
    (
        "empty_struct_literal_in_a_global_2024",
        "other instructions",
    ),
    ("field_of_an_object_reference_2024", "other instructions"),
    ("fields_are_not_argument_indices", "other instructions"),
    ("function_argument_2_3", "other instructions"),
    ("function_argument_written_2024", "other instructions"),
    ("function_declared_in_a_script_2022", "other instructions"),
    (
        "function_returning_nothing_ends_without_exit_2_3",
        "other instructions",
    ),
    ("function_with_a_with_inside_2022", "other instructions"),
    (
        "functions_declared_one_after_another_2022",
        "other instructions",
    ),
    ("github_io_object_debugging_step_2", "other instructions"),
    (
        "github_io_script_networking_relay",
        "this statement is not compiled yet",
    ),
    ("if_with_a_return_in_each_arm_2023", "other instructions"),
    ("local_named_like_a_keyword", "other instructions"),
    ("local_named_like_a_keyword_of_2_3", "other instructions"),
    (
        "local_named_like_a_statement_keyword_gms1",
        "other instructions",
    ),
    ("method_call_on_an_instance_2_3", "other instructions"),
    (
        "method_of_a_struct_entry_with_arguments_2024",
        "other instructions",
    ),
    ("method_of_self_with_arguments_2024", "other instructions"),
    ("mini_jam_obj_game_manager_alarm_0", "other instructions"),
    ("mini_jam_obj_game_manager_create_0", "other instructions"),
    ("mini_jam_obj_game_manager_step_0", "other instructions"),
    ("nested_struct_literals_2024", "other instructions"),
    ("paramecium_array_index_of", "other instructions"),
    ("postfix_increment_as_an_index_2_3", "other instructions"),
    (
        "repeat_counts_down_without_a_conversion_2024",
        "other instructions",
    ),
    ("return_inside_with_in_a_function_2_3", "other instructions"),
    ("return_of_a_comparison_2022", "other instructions"),
    ("rpg_obj_coin_step_0", "other instructions"),
    ("rpg_obj_tooltip_create_0", "other instructions"),
    (
        "script_parameters_typed_by_the_script_body_gms1",
        "other instructions",
    ),
    ("script_referenced_as_a_value_2_3", "other instructions"),
    ("simple_auto_battler_camera", "other instructions"),
    (
        "simple_auto_battler_obj_control_alarm_0",
        "other instructions",
    ),
    ("sixty_four_bit_integer_2_3", "other instructions"),
    ("sound_reference_argument_2024", "other instructions"),
    (
        "space_nugs_obj_ship_collision_obj_nug",
        "other instructions",
    ),
    ("space_nugs_obj_ship_step_0", "other instructions"),
    ("static_leaves_no_value", "other instructions"),
    (
        "struct_field_from_a_loop_counter_2022",
        "other instructions",
    ),
    (
        "struct_literal_with_computed_fields_as_an_argument_2022",
        "other instructions",
    ),
    (
        "struct_literal_with_constant_fields_2024",
        "other instructions",
    ),
    (
        "temple_of_rebirth_obj_player_collision_obj_enemy4",
        "other instructions",
    ),
    ("while_loop_with_a_return_inside_2023", "other instructions"),
    ("with_inside_a_repeat_2024", "other instructions"),
];

/// Checks that `gml` compiles to `asm`, unless the test is listed as not yet.
#[track_caller]
pub fn check_compiled(name: &str, asm: &str, gml: &str) {
    let differs = compiled_differs(name, asm, gml);
    let listed = NOT_YET_COMPILED.iter().any(|(n, _)| *n == name);
    if std::env::var_os("GML_COMPILE_REPORT").is_some() {
        if let Some(d) = &differs {
            eprintln!("NOT COMPILED {name}: {}", d.lines().next().unwrap_or(""));
        }
        return;
    }
    match (differs, listed) {
        (Some(d), false) => panic!("{name} compiles to other instructions: {d}"),
        (None, true) => panic!("{name} compiles now: take it off NOT_YET_COMPILED"),
        _ => {}
    }
}
