//! How often pack reads its folder's files and lays the game out: once each,
//! whatever the folder changed.

use crate::common;
use crate::formats::gamemaker::model::counted;
use crate::io::SourceDir;
use crate::Format;

/// Packs the folder `out`, each of its files read once and the game written once;
/// gives the pack's notes.
fn pack_once(out: &std::path::Path) -> Vec<String> {
    let dir = SourceDir::open(out).unwrap();
    let handler = Format::GameMaker.handler().unwrap();
    let (packed, reads, writes) = counted::passes(|| handler.pack(&dir, &Default::default()));
    let packed = packed.unwrap();
    let twice: Vec<_> = dir.reads().into_iter().filter(|(_, n)| *n > 1).collect();
    assert!(twice.is_empty(), "read more than once: {twice:?}");
    assert_eq!((reads, writes), (0, 1), "games read, games written");
    packed.reencoded
}

#[test]
fn a_pack_with_one_script_edited_reads_each_file_once_and_writes_the_game_once() {
    let Some((_, data)) = common::gamemaker_games_in("pack passes", "gamemaker")
        .into_iter()
        .max_by_key(|(_, data)| data.len())
    else {
        return;
    };
    let tmp = common::folder::extract(&data);
    let out = tmp.path();
    assert!(
        pack_once(out).is_empty(),
        "an untouched folder changes nothing"
    );
    common::folder::edit_first_script(out);
    let notes = pack_once(out);
    assert!(notes.iter().any(|n| n.ends_with(": compiled")), "{notes:?}");
}
