//! The variables GameMaker's runner defines: the language's table of built-in
//! variables (`gml/language/builtins/variables.txt`, with their array-ness and
//! read-only flag), and the two names VARI also lists as built in that GML does not
//! read as variables. VARI gives one the id -6 (built in) where the code names it
//! on `self`, and 0 where on the `builtin` instance (2.3's `argument0`), and counts
//! it in neither of its header's counts: the runner finds it by name, as every
//! fixture's VARI shows.

use crate::formats::gamemaker::gml::language::builtins;

/// Built in for the runner, but not variables to GML: `undefined`, a constant
/// that earlier compilers reached as a variable (36 of the fixtures' VARI list it
/// at -6), and GameMaker 8's `gamemaker_version`.
const READ_BY_NAME: [&str; 2] = ["gamemaker_version", "undefined"];

/// Whether the runner defines a variable of this name.
pub fn is_builtin(name: &str) -> bool {
    builtins::is_builtin_variable(name) || READ_BY_NAME.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::is_builtin;

    #[test]
    fn the_runner_defines_the_languages_variables_and_the_names_read_by_name() {
        // Studio 1's background arrays are -6 in the fixtures' VARI, as every
        // variable of the language's table is.
        for name in ["x", "view_xview", "background_x", "argument0", "undefined"] {
            assert!(is_builtin(name), "{name}");
        }
        assert!(!is_builtin("my_variable"));
    }
}
