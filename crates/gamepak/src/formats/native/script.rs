//! The JavaScript chunk as the engine's writer lays it out.

/// One content path of the generated `Content` table, a segment per folder, and the
/// index it stands for.
pub type ContentEntry = (Vec<String>, usize);

/// `Content` as the writer prints it: JSON with tab indentation whose keys lost their
/// quotes (`\t Name: 0`), in name order, a nested object per folder as the engine's
/// importer makes them (`Enemies/Bat.sprite.png` is `Content.Enemies.Bat`). No path may
/// be a prefix of another: a name cannot be both content and a folder.
pub fn content_table(entries: &[ContentEntry]) -> String {
    let mut sorted = entries.to_vec();
    sorted.sort();
    let mut out = String::new();
    folder(&sorted, 0, &mut out);
    out
}

/// Prints sorted entries that share their first `depth` segments as one object.
fn folder(entries: &[ContentEntry], depth: usize, out: &mut String) {
    if entries.is_empty() {
        out.push_str("{}");
        return;
    }
    let tabs = "\t".repeat(depth);
    out.push_str("{\n");
    let mut rest = entries;
    while let Some((first, index)) = rest.first() {
        let key = &first[depth];
        let n = rest.iter().take_while(|(p, _)| p[depth] == *key).count();
        out.push_str(&format!("{tabs}\t {key}: "));
        if first.len() == depth + 1 {
            out.push_str(&index.to_string());
        } else {
            folder(&rest[..n], depth + 1, out);
        }
        rest = &rest[n..];
        out.push_str(if rest.is_empty() { "\n" } else { ",\n" });
    }
    out.push_str(&format!("{tabs}}}"));
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
        let entry = |path: &[&str], i| (path.iter().map(|s| s.to_string()).collect(), i);
        let t = content_table(&[entry(&["Hero"], 1), entry(&["Beep"], 0)]);
        assert_eq!(t, "{\n\t Beep: 0,\n\t Hero: 1\n}");
        assert_eq!(content_table(&[]), "{}");
        let nested = content_table(&[
            entry(&["Enemies", "Flying", "Bat"], 0),
            entry(&["Enemies", "Slime"], 1),
            entry(&["Hero"], 2),
        ]);
        assert_eq!(
            nested,
            "{\n\t Enemies: {\n\t\t Flying: {\n\t\t\t Bat: 0\n\t\t},\n\t\t Slime: 1\n\t},\n\t Hero: 2\n}"
        );
        assert!(is_identifier("Hero_2") && !is_identifier("2x") && !is_identifier("a-b"));
    }
}
