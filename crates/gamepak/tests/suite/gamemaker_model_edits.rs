//! Edits through the typed model on every real game whose chunks all read into it:
//! a string grown, a string added and named by the game, an instance moved, an
//! instance and a room added. The file the model writes passes `check` with no
//! problem at all, and reads back with the edits.

use crate::common;

use gamepak::gamemaker::chunks::general::General;
use gamepak::gamemaker::chunks::room::{Instance, Rooms};
use gamepak::gamemaker::chunks::strings::Strings;
use gamepak::gamemaker::chunks::Body;
use gamepak::gamemaker::{self as model, names::Id};
use gamepak::Format;

#[test]
fn every_fully_read_game_takes_edits_and_checks_clean() {
    let handler = Format::GameMaker.handler().unwrap();
    let mut edited = 0;
    for (name, data) in common::gamemaker_games("every_fully_read_game_takes_edits") {
        let mut m = model::read(&data).unwrap();
        if m.chunks
            .iter()
            .any(|p| matches!(p.body, Body::Stored { .. }))
        {
            eprintln!("{name}: skipped, a chunk is kept as stored");
            continue;
        }
        let strings = m.get_mut::<Strings>().unwrap();
        strings.list[0]
            .to_mut()
            .push_str(" grown through the model");
        let caption = strings.add("A caption added through the model ✓");
        let room_name = strings.add("rm_added_by_gamepak");
        m.get_mut::<General>().unwrap().display_name = Some(caption);
        let rooms = m.get_mut::<Rooms>().unwrap();
        let first = rooms.rooms.iter().flatten().next().cloned().unwrap();
        let mut moved = None;
        if let Some(room) = rooms
            .rooms
            .iter_mut()
            .flatten()
            .find(|r| r.instances.iter().flatten().next().is_some())
        {
            let inst = room.instances.iter_mut().flatten().next().unwrap();
            inst.x += 17;
            moved = Some((inst.id, inst.x));
        }
        let object = rooms
            .rooms
            .iter()
            .flatten()
            .flat_map(|r| r.instances.iter().flatten())
            .map(|i| i.object)
            .next()
            .unwrap_or(Id::new(0));
        let mut added = first.clone();
        added.name = Some(room_name);
        added.instances.push(Some(Instance {
            x: 5,
            y: 6,
            object,
            id: 999_999,
            scale: [1.0, 1.0],
            colour: u32::MAX,
            ..Default::default()
        }));
        rooms.rooms.push(Some(added));
        let room_count = rooms.rooms.len();
        let bytes = model::write(&mut m).unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = handler.open(&bytes, &Default::default()).check();
        assert!(report.problems.is_empty(), "{name}: {}", report.lines());
        let back = model::read(&bytes).unwrap();
        assert!(
            back.chunks
                .iter()
                .all(|p| !matches!(p.body, Body::Stored { .. })),
            "{name}"
        );
        let texts = back.texts();
        assert!(texts[0].ends_with(" grown through the model"), "{name}");
        let general = back.get::<General>().unwrap();
        assert_eq!(
            texts[general.display_name.unwrap().0 as usize],
            "A caption added through the model ✓"
        );
        let rooms = back.get::<Rooms>().unwrap();
        assert_eq!(rooms.rooms.len(), room_count, "{name}");
        let last = rooms.rooms.last().unwrap().as_ref().unwrap();
        assert_eq!(texts[last.name.unwrap().0 as usize], "rm_added_by_gamepak");
        if let Some((id, x)) = moved {
            let found = rooms
                .rooms
                .iter()
                .flatten()
                .flat_map(|r| r.instances.iter().flatten())
                .find(|i| i.id == id);
            assert_eq!(found.map(|i| i.x), Some(x), "{name}");
        }
        edited += 1;
    }
    eprintln!("{edited} games edited through the model");
}

/// The steps of the `gamepak::gamemaker` example, on a real game.
#[test]
fn the_library_example_runs_on_a_real_game() {
    use gamepak::gamemaker::chunks::{general::General, room::Rooms, strings::Strings};
    use gamepak::gamemaker::Game;
    let Some(dir) = common::fixture_dir("the_library_example", "gamemaker") else {
        return;
    };
    let data = std::fs::read(dir.join("Andreasholmbrg_Chonko.win")).unwrap();
    let mut game = Game::read(&data).unwrap();
    let rooms = game.get_mut::<Rooms>().unwrap();
    let instance = rooms
        .rooms
        .iter_mut()
        .flatten()
        .flat_map(|r| r.instances.iter_mut().flatten())
        .next()
        .unwrap();
    instance.x += 32;
    let (id, x) = (instance.id, instance.x);
    let title = game.get_mut::<Strings>().unwrap().add("My mod");
    game.get_mut::<General>().unwrap().display_name = Some(title);
    let bytes = game.write().unwrap();
    let report = Format::GameMaker
        .handler()
        .unwrap()
        .open(&bytes, &Default::default())
        .check();
    assert!(report.problems.is_empty(), "{}", report.lines());
    let back = Game::read(&bytes).unwrap();
    let moved = back
        .get::<Rooms>()
        .unwrap()
        .rooms
        .iter()
        .flatten()
        .flat_map(|r| r.instances.iter().flatten())
        .find(|i| i.id == id)
        .unwrap();
    assert_eq!(moved.x, x);
    let name = back.get::<General>().unwrap().display_name.unwrap();
    assert_eq!(back.texts()[name.0 as usize], "My mod");
}
