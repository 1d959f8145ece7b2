//! A caret under a column of a source line, to show where a problem is.

/// Spaces up to `column` (from 1) of `source_line`, then `^`. Tabs stay tabs, so
/// that the caret lines up under the same character however tabs are shown.
pub(crate) fn under(source_line: &str, column: usize) -> String {
    let mut pad: String = source_line
        .chars()
        .take(column.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    pad.push('^');
    pad
}
