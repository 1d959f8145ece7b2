//! Checking audio groups: a group file's framing on its own (the FORM, its one AUDO
//! chunk and every entry of that), and a game's sounds against the groups they play
//! from (AGRP must list the group, and the group file beside the game must hold the
//! clip).

use std::collections::HashMap;
use std::path::Path;

use crate::formats::gamemaker::audio_group::file_names::FileNames;
use crate::formats::gamemaker::audio_group::group_file::read;
use crate::formats::gamemaker::binary::container::{self, form_location};
use crate::formats::gamemaker::model;
use crate::formats::gamemaker::model::chunks::audio_groups::AudioGroups;
use crate::formats::gamemaker::model::chunks::Body;
use crate::formats::gamemaker::views::sound_clips::Sound;
use crate::fourcc::FourCC;
use crate::limits::Limits;
use crate::report::{Problem, Report};

/// A group file given on its own. Every entry of AUDO is read alone, so that each
/// broken one is named.
pub fn check(data: &[u8]) -> Report {
    let form = match container::read(data) {
        Ok(f) => f,
        Err(e) => return Report::from_error(&e),
    };
    let mut r = Report::default();
    if form.trailing > 0 {
        let at = (data.len() - form.trailing) as u64;
        let msg = format!("{} bytes follow the FORM's end", form.trailing);
        r.warn(form_location(), at, msg);
    }
    let mut audo_chunks = form.chunks.iter().filter(|c| c.name == FourCC::AUDO);
    let Some(chunk) = audo_chunks.next() else {
        let msg = "an audio group holds an AUDO chunk, and this FORM holds none";
        r.error(form_location(), 8, msg);
        return r;
    };
    for again in audo_chunks {
        let msg = "chunk AUDO appears again: readers use the first";
        r.error(again.location(), again.offset, msg);
    }
    for other in form.chunks.iter().filter(|c| c.name != FourCC::AUDO) {
        let msg = format!(
            "an audio group holds AUDO alone; {} is kept as stored",
            other.name
        );
        r.note(other.location(), other.offset, msg);
    }
    let i = form
        .chunks
        .iter()
        .position(|c| std::ptr::eq(c, chunk))
        .expect("the chunk is the form's");
    let game = model::read_form(&form);
    match game.read_leniently(&form, i) {
        Some(read) => {
            for e in read.passed {
                r.problems.extend(Report::from_error(&e).problems);
            }
        }
        None => {
            if let Body::Stored { why: Some(why), .. } = &game.chunks[i].body {
                r.error(why.path.clone(), why.offset, why.message.clone());
            }
        }
    }
    r
}

/// Checks every sound that plays from an audio group: AGRP must list its group,
/// and, when the game's `input` is known, the group file beside it must read and
/// hold the clip. A group file that is not there is only noted: a game may be
/// checked without its groups. One that holds too few clips is a warning, not an
/// error: the game's own file is whole, and the group file beside it was built
/// from another version of the game.
pub fn check_sounds(
    game: &model::Game<'_>,
    sounds: &[Sound],
    input: Option<&Path>,
    limits: &Limits,
    r: &mut Report,
) {
    let listed = game.get::<AudioGroups>().map(|a| a.groups.len());
    let names = FileNames::of(game);
    let mut clip_counts: HashMap<u32, Option<usize>> = HashMap::new();
    for s in sounds.iter().filter(|s| s.group != 0) {
        let path = container::chunk_location(FourCC::SOND).at("entry", s.index);
        let (name, group, clip) = (&s.name, s.group, s.clip);
        if let Some(count) = listed.filter(|&count| group as usize >= count) {
            let msg = format!(
                "sound {name:?} plays from audio group {group}, but AGRP lists {count} groups"
            );
            r.error(path, s.at + 28, msg);
            continue;
        }
        let Some(input) = input else { continue };
        let file = names.get(group);
        let clips = *clip_counts
            .entry(group)
            .or_insert_with(|| group_beside(input, &file, limits, r));
        match clips {
            None => r.note(
                path,
                s.at + 28,
                format!("sound {name:?} plays clip {clip} of {file}, which is not beside the file (or does not read)"),
            ),
            // The game itself is sound: the group file beside it is from another
            // build, so the sound would not play.
            Some(count) if clip as usize >= count => r.warn(
                path,
                s.at + 32,
                format!("sound {name:?} plays clip {clip} of {file}, which holds {count} clips: the group file beside the game is from another build"),
            ),
            Some(_) => {}
        }
    }
}

/// Checks the group file `file` beside `input` into `r`, each problem under the
/// file's name, and gives how many clips it holds (none when it is not there or
/// does not read).
fn group_beside(input: &Path, file: &str, limits: &Limits, r: &mut Report) -> Option<usize> {
    let data = crate::io::Source::open(input.with_file_name(file), limits).ok()?;
    let report = check(&data);
    r.problems
        .extend(report.problems.into_iter().map(|p| Problem {
            path: format!("{file}/{}", p.path),
            ..p
        }));
    read(&data).ok().map(|g| g.clips.len())
}
