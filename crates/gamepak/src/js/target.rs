//! The ECMAScript edition a script is lowered to, as `tsconfig.json` names it.

#[cfg(feature = "script")]
use swc_ecma_ast::EsVersion;

/// An edition of ECMAScript, oldest first, as `compilerOptions.target` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Target {
    /// What the engine's own tsconfig names, and TypeScript's default in the
    /// engine's day.
    #[default]
    Es3,
    /// ECMAScript 5 (2009): what the engine's runtime runs.
    Es5,
    /// ECMAScript 2015 (ES6).
    Es2015,
    /// ECMAScript 2016.
    Es2016,
    /// ECMAScript 2017.
    Es2017,
    /// ECMAScript 2018.
    Es2018,
    /// ECMAScript 2019.
    Es2019,
    /// ECMAScript 2020.
    Es2020,
    /// ECMAScript 2021.
    Es2021,
    /// ECMAScript 2022.
    Es2022,
    /// Anything newer: types are stripped and nothing is lowered.
    EsNext,
}

/// Every name `target` may take, as TypeScript spells them (case does not matter).
pub const TARGET_NAMES: [&str; 16] = [
    "es3", "es5", "es6", "es2015", "es2016", "es2017", "es2018", "es2019", "es2020", "es2021",
    "es2022", "es2023", "es2024", "es2025", "esnext", "latest",
];

impl Target {
    /// The edition `name` stands for, in any case.
    pub fn named(name: &str) -> Option<Target> {
        Some(match name.to_ascii_lowercase().as_str() {
            "es3" => Target::Es3,
            "es5" => Target::Es5,
            "es6" | "es2015" => Target::Es2015,
            "es2016" => Target::Es2016,
            "es2017" => Target::Es2017,
            "es2018" => Target::Es2018,
            "es2019" => Target::Es2019,
            "es2020" => Target::Es2020,
            "es2021" => Target::Es2021,
            "es2022" => Target::Es2022,
            "es2023" | "es2024" | "es2025" | "esnext" | "latest" => Target::EsNext,
            _ => return None,
        })
    }

    /// The edition the code generator writes for.
    #[cfg(feature = "script")]
    pub(crate) fn es_version(self) -> EsVersion {
        match self {
            Target::Es3 => EsVersion::Es3,
            Target::Es5 => EsVersion::Es5,
            Target::Es2015 => EsVersion::Es2015,
            Target::Es2016 => EsVersion::Es2016,
            Target::Es2017 => EsVersion::Es2017,
            Target::Es2018 => EsVersion::Es2018,
            Target::Es2019 => EsVersion::Es2019,
            Target::Es2020 => EsVersion::Es2020,
            Target::Es2021 => EsVersion::Es2021,
            Target::Es2022 => EsVersion::Es2022,
            Target::EsNext => EsVersion::EsNext,
        }
    }

    /// TypeScript's default for `useDefineForClassFields`: class fields are defined
    /// from ES2022 on, and assigned in the constructor before.
    pub fn defines_class_fields(self) -> bool {
        self >= Target::Es2022
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_an_edition_in_any_case() {
        for name in TARGET_NAMES {
            assert!(Target::named(&name.to_uppercase()).is_some(), "{name}");
        }
        assert_eq!(Target::named("ES6"), Some(Target::Es2015));
        assert_eq!(Target::named("es2099"), None);
    }
}
