//! A .gap script reads and writes only inside its own folder (and the output folder),
//! judged by where its paths really lead; `allow_outside` lifts that for scripts one
//! trusts. Every refusal names the script's line, the path and where it leads.

use std::path::{Path, PathBuf};

use gamepak::gbin::gap::{run, GapOptions, Output};
use gamepak::gbin::GapSettings;

const EXPORT: &str = "export,filename=out.gbin,type=gbin,format=binary\n";

/// A project folder holding the script, and a folder beside it with a secret.
struct Setup {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    project: PathBuf,
    secret: PathBuf,
}

fn setup() -> Setup {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().canonicalize().unwrap();
    let project = root.join("project");
    std::fs::create_dir_all(project.join("assets")).unwrap();
    std::fs::write(project.join("assets/note.txt"), "inside").unwrap();
    std::fs::create_dir(root.join("outside")).unwrap();
    let secret = root.join("outside/secret.txt");
    std::fs::write(&secret, "the secret").unwrap();
    Setup {
        _tmp: tmp,
        root,
        project,
        secret,
    }
}

impl Setup {
    fn build(&self, script: &str, opts: &GapOptions) -> gamepak::Result<Vec<Output>> {
        let path = self.project.join("s.gap");
        std::fs::write(&path, script).unwrap();
        run(&path, opts)
    }

    /// Runs the script, expects a refusal at `line` naming `given` and where it leads,
    /// then runs it again with `allow_outside` and returns what it made.
    fn refused_then_allowed(
        &self,
        script: &str,
        line: usize,
        given: &str,
        leads_to: &Path,
    ) -> Vec<Output> {
        let err = self
            .build(script, &GapOptions::default())
            .expect_err(script)
            .to_string();
        for part in [
            format!("s.gap:{line}:"),
            format!("'{given}'"),
            leads_to.display().to_string(),
            "--allow-outside".into(),
        ] {
            assert!(err.contains(&part), "{err:?} does not contain {part:?}");
        }
        let trusted = GapOptions {
            settings: GapSettings {
                allow_outside: true,
                ..GapSettings::default()
            },
            ..GapOptions::default()
        };
        self.build(script, &trusted).unwrap()
    }
}

#[test]
fn an_export_climbing_out_is_refused_and_not_rewritten() {
    let s = setup();
    let script = "# a comment\nexport,filename=../../x.gbin,type=gbin,format=binary\n";
    let out = s.refused_then_allowed(
        script,
        2,
        "../../x.gbin",
        &s.root.parent().unwrap().join("x.gbin"),
    );
    assert_eq!(out[0].path, s.project.join("../../x.gbin"));
}

#[test]
fn an_absolute_export_is_refused() {
    let s = setup();
    let target = s.root.join("outside/x.gbin");
    let script = format!(
        "export,filename={},type=gbin,format=binary\n",
        target.display()
    );
    let out = s.refused_then_allowed(&script, 1, &target.display().to_string(), &target);
    assert_eq!(out[0].path, target);
}

#[test]
fn every_command_that_reads_refuses_an_absolute_path() {
    let s = setup();
    let secret = s.secret.display().to_string();
    for command in [
        format!("file,src={secret},name=f"),
        format!("loadimage,src={secret}"),
        format!("loadtilemap,src={secret},type=tiled:tmx"),
        format!("colourmap,name=c,src={secret}.gpl"),
        format!("sound,src={secret},srcformat=S16"),
        format!("strings,lang=ENGB,src={secret}"),
    ] {
        let err = s
            .build(&format!("{EXPORT}{command}\n"), &GapOptions::default())
            .expect_err(&command)
            .to_string();
        assert!(
            err.contains("s.gap:2: reads '") && err.contains("outside the script's folder"),
            "{command}: {err}"
        );
    }
    let out = s.refused_then_allowed(
        &format!("{EXPORT}file,src={secret},name=f\n"),
        2,
        &secret,
        &s.secret,
    );
    assert!(contains(&out[0].bytes, b"the secret"));
}

#[cfg(unix)]
#[test]
fn links_are_judged_by_where_they_lead() {
    use std::os::unix::fs::symlink;
    let s = setup();
    symlink(&s.secret, s.project.join("leak.txt")).unwrap();
    symlink("../outside", s.project.join("shared")).unwrap();
    let out = s.refused_then_allowed(
        &format!("{EXPORT}file,src=leak.txt,name=f\n"),
        2,
        "leak.txt",
        &s.secret,
    );
    assert!(contains(&out[0].bytes, b"the secret"));
    s.refused_then_allowed(
        "export,filename=shared/x.gbin,type=gbin,format=binary\n",
        1,
        "shared/x.gbin",
        &s.root.join("outside/x.gbin"),
    );

    // Links that stay inside, to a file or to a folder, are ordinary paths.
    symlink("assets/note.txt", s.project.join("note.txt")).unwrap();
    symlink("assets", s.project.join("art")).unwrap();
    let script = format!(
        "{EXPORT}file,src=note.txt,name=a\nfile,src=art/note.txt,name=b\nfile,src=art/../assets/note.txt,name=c\n"
    );
    let out = s.build(&script, &GapOptions::default()).unwrap();
    assert!(contains(&out[0].bytes, b"inside"));
}

#[test]
fn dot_dot_that_comes_back_inside_is_fine() {
    let s = setup();
    let script = format!("{EXPORT}file,src=assets/../../project/assets/note.txt,name=n\n");
    let out = s.build(&script, &GapOptions::default()).unwrap();
    assert!(contains(&out[0].bytes, b"inside"));
}

#[test]
fn an_output_folder_holds_the_exports_and_bounds_them() {
    let s = setup();
    let dir = s.root.join("build");
    let opts = GapOptions {
        output_dir: Some(dir.clone()),
        ..GapOptions::default()
    };
    let script =
        "export,filename=pkg/x.gbin,type=gbin,format=binary\nfile,src=assets/note.txt,name=n\n";
    let out = s.build(script, &opts).unwrap();
    assert_eq!(out[0].path, dir.join("pkg/x.gbin"));

    // Inside the script's folder is not inside the output folder.
    let err = s
        .build(
            "export,filename=../project/x.gbin,type=gbin,format=binary\n",
            &opts,
        )
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("s.gap:1: writes '../project/x.gbin'")
            && err.contains("outside the output folder"),
        "{err}"
    );
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
