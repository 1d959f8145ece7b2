//! The JavaScript chunk as the engine's writer lays it out.

/// One name of the generated `Content` table and the index it stands for.
pub type ContentEntry = (String, usize);

/// `Content` as the writer prints it: JSON with tab indentation whose keys lost their
/// quotes (`\t Name: 0`), in name order.
pub fn content_table(entries: &[ContentEntry]) -> String {
    if entries.is_empty() {
        return "{}".into();
    }
    let body: Vec<String> = entries
        .iter()
        .map(|(n, i)| format!("\t {n}: {i}"))
        .collect();
    format!("{{\n{}\n}}", body.join(",\n"))
}

/// The whole chunk: the screen size, the engine (if given), `Content`, and the game
/// script wrapped in `StartGame`.
pub fn layout(width: u16, height: u16, engine: &str, content: &str, game: &str) -> String {
    format!(
        "var WidthVirtualPixels = {width}\nvar HeightVirtualPixels = {height}\n{engine}\nvar Content = {content}\nfunction StartGame() {{\n{game}\n}}\nSetLoadingMessage(\"Starting scripts, please wait...\")"
    )
}

/// Whether a name can be a key of `Content` without quotes.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_as_the_writer_prints_it() {
        let t = content_table(&[("Beep".into(), 0), ("Hero".into(), 1)]);
        assert_eq!(t, "{\n\t Beep: 0,\n\t Hero: 1\n}");
        assert_eq!(content_table(&[]), "{}");
        assert!(is_identifier("Hero_2") && !is_identifier("2x") && !is_identifier("a-b"));
    }
}
