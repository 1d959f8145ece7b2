//! Which function of a blob a byte belongs to. A blob's nested functions lie
//! inside the code of the function that declares them, each jumped over by a
//! `b` just before its start, so the innermost span holding a byte is its
//! function.

/// Each function of a blob that starts at one of `starts` (in the order given):
/// the bytes its body spans, from its start to where the branch over it (`over`
/// of its start) goes. Code outside every span is the blob's first entry's.
pub fn function_ranges(
    starts: &[u32],
    over: impl Fn(u32) -> Option<u32>,
) -> Vec<(u32, u32, usize)> {
    let mut order: Vec<(u32, usize)> = starts.iter().copied().zip(0..).collect();
    order.sort_unstable();
    order
        .into_iter()
        .filter(|&(s, _)| s > 0)
        .filter_map(|(s, k)| Some((s, over(s)?, k)))
        .collect()
}

/// The function whose body holds byte `at` (by its place among the starts): the
/// innermost span; `None` for the entry starting the blob.
pub fn function_at(ranges: &[(u32, u32, usize)], at: u32) -> Option<usize> {
    ranges
        .iter()
        .filter(|&&(s, e, _)| s <= at && at < e)
        .min_by_key(|&&(s, e, _)| e - s)
        .map(|&(_, _, k)| k)
}
