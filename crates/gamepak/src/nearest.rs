//! The known name nearest a name that was not found, for a "did you mean" hint:
//! one near enough to be a slip of the keyboard, else none.

/// The candidate nearest `name` by edit distance, when at most a third of its
/// letters (plus one) differ. Ties go to the first.
pub(crate) fn nearest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let distance = |n: &&str| strsim::levenshtein(n, name);
    candidates
        .into_iter()
        .filter(|n| *n != name)
        .min_by_key(distance)
        .filter(|n| distance(n) <= name.chars().count() / 3 + 1)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn a_slip_finds_its_name_and_a_stranger_finds_none() {
        let known = ["x", "y", "object", "image_speed"];
        assert_eq!(nearest("xx", known), Some("x"));
        assert_eq!(nearest("objcet", known), Some("object"));
        assert_eq!(nearest("image_sped", known), Some("image_speed"));
        assert_eq!(nearest("colour", known), None);
    }
}
