//! What a verb needs beyond its input: the limits every reader and decoder applies,
//! and each format's own settings. Every [`Handler`](crate::Handler) method takes
//! one, so a caller configures a run once and never names a format to do it.
//!
//! A format's settings are its own type ([`gbin::GapSettings`](crate::gbin::GapSettings),
//! [`native::BuildOptions`](crate::native::BuildOptions),
//! [`swag::SwagOptions`](crate::swag::SwagOptions)), kept here by type: this module
//! knows no format, and a format reads only its own settings.

use std::any::{Any, TypeId};
use std::path::PathBuf;
use std::sync::Arc;

use crate::limits::Limits;

/// Settings for one run of any verb.
///
/// ```
/// use gamepak::{native, Options};
///
/// let opts = Options::default().with(native::BuildOptions {
///     production: true,
///     ..Default::default()
/// });
/// assert!(opts.get::<native::BuildOptions>().production);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The allocation cap, and the budget the run's decoded items draw from (see
    /// [`crate::limits`]). Clones of these options share the budget: calls made at
    /// once with one each draw from it together.
    pub limits: Limits,
    /// Where the input was read from, when it is a file: a format whose files come
    /// with others beside them (a GameMaker game's audio groups) finds them there.
    pub input: Option<PathBuf>,
    /// Each format's own settings, set and read through [`Options::set`] and
    /// [`Options::get`].
    pub formats: PerFormat,
}

/// The formats' settings, each kept behind its type.
#[derive(Clone, Default)]
pub struct PerFormat(Vec<Arc<dyn Any + Send + Sync>>);

impl std::fmt::Debug for PerFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PerFormat({} set)", self.0.len())
    }
}

/// A format's settings: a plain value whose default is what a run without them does.
pub trait FormatSettings: Any + Send + Sync + Default + Clone {}

impl Options {
    /// These options with `settings` in force for their format, replacing any given
    /// before.
    pub fn with<S: FormatSettings>(mut self, settings: S) -> Options {
        self.set(settings);
        self
    }

    /// Puts `settings` in force for their format, replacing any given before.
    pub fn set<S: FormatSettings>(&mut self, settings: S) {
        let kept = &mut self.formats.0;
        kept.retain(|s| (**s).type_id() != TypeId::of::<S>());
        kept.push(Arc::new(settings));
    }

    /// The settings of one kind in force: those given, or the defaults.
    pub fn get<S: FormatSettings>(&self) -> std::borrow::Cow<'_, S> {
        self.formats
            .0
            .iter()
            .find_map(|s| s.downcast_ref::<S>())
            .map_or_else(
                || std::borrow::Cow::Owned(S::default()),
                std::borrow::Cow::Borrowed,
            )
    }
}
