//! The real window: the default scenario (and a Shiloh one) opened under a display (Xvfb + Mesa lavapipe in CI),
//! an attack chosen by clicking, a screenshot saved and checked: not blank, counters of both
//! sides on the map, the flank overlay and the attack preview's bar charts present.
//!
//! The screenshot is written to `$CARGO_TARGET_TMPDIR/window-test.png` (with the README's
//! `CARGO_TARGET_DIR`, `~/.cache/musket-target/tmp/window-test.png`).
//! Without a display the test is skipped, unless `MUSKET_REQUIRE_WINDOW_TEST=1` (CI) makes
//! that a failure.
#![cfg(feature = "client")]

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn display_available() -> bool {
    std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
        || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
}

struct Shot {
    w: usize,
    h: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn load(path: &PathBuf) -> Shot {
        let bytes = std::fs::read(path).expect("the screenshot exists");
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        let ch = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(ch)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            w: info.width as usize,
            h: info.height as usize,
            rgb,
        }
    }

    /// Pixels within `tol` of a colour, inside x in [x0, x1).
    fn count(&self, c: [u8; 3], tol: i32, x0: usize, x1: usize) -> usize {
        self.count_in(c, tol, x0, x1, 0, self.h)
    }

    /// Pixels for which `pred` holds, inside x in [x0, x1).
    fn count_where(&self, pred: impl Fn([u8; 3]) -> bool, x0: usize, x1: usize) -> usize {
        let mut n = 0;
        for y in 0..self.h {
            for x in x0..x1.min(self.w) {
                if pred(self.rgb[y * self.w + x]) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Pixels within `tol` of a colour, inside x in [x0, x1) and y in [y0, y1).
    fn count_in(&self, c: [u8; 3], tol: i32, x0: usize, x1: usize, y0: usize, y1: usize) -> usize {
        let mut n = 0;
        for y in y0..y1.min(self.h) {
            for x in x0..x1.min(self.w) {
                let p = self.rgb[y * self.w + x];
                if (0..3).all(|i| (p[i] as i32 - c[i] as i32).abs() <= tol) {
                    n += 1;
                }
            }
        }
        n
    }
}

fn srgb8(r: f32, g: f32, b: f32) -> [u8; 3] {
    [
        (r * 255.0).round() as u8,
        (g * 255.0).round() as u8,
        (b * 255.0).round() as u8,
    ]
}

/// Run the game with `args` and a screenshot to `name`; `None` when there is no display (and
/// none is required).
fn window_shot(name: &str, args: &[&str]) -> Option<Shot> {
    if !display_available() {
        if std::env::var("MUSKET_REQUIRE_WINDOW_TEST").is_ok_and(|v| v == "1") {
            panic!("MUSKET_REQUIRE_WINDOW_TEST=1 but there is no display (run under xvfb-run)");
        }
        eprintln!("window test skipped: no display (set DISPLAY, or run `xvfb-run -a cargo test`)");
        return None;
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
    let _ = std::fs::remove_file(&out);
    let data = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-data"));
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .arg("--screenshot")
        .arg(&out)
        .env("MUSKET_DATA_DIR", &data)
        .spawn()
        .expect("start musket");
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("the window test did not finish in 5 minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "musket exited with {status}");
    let shot = Shot::load(&out);
    assert_eq!((shot.w, shot.h), (1280, 720));
    eprintln!("screenshot: {}", out.display());
    Some(shot)
}

#[test]
fn window_opens_the_default_scenario_and_previews_an_attack() {
    // Choose Cox and Crook in 0707, then Garland's hex 0607 as the target.
    let Some(shot) = window_shot(
        "window-test",
        &["--seed", "1864", "--click", "0707", "--click", "0607"],
    ) else {
        return;
    };

    // Not blank: many colours, and light and dark parts.
    let mut colours: Vec<[u8; 3]> = shot.rgb.iter().step_by(7).copied().collect();
    colours.sort();
    colours.dedup();
    assert!(colours.len() > 500, "only {} colours", colours.len());

    // Counters of both sides on the map (between the side panels).
    let (map0, map1) = (300, 800);
    let union = shot.count(srgb8(0.20, 0.32, 0.60), 6, map0, map1);
    let confed = shot.count(srgb8(0.55, 0.52, 0.44), 6, map0, map1);
    assert!(union > 1500, "Union counters: {union} pixels");
    assert!(confed > 1500, "Confederate counters: {confed} pixels");

    // The target's red outline on the map.
    let target = shot.count(srgb8(0.9, 0.1, 0.1), 12, map0, map1);
    assert!(target > 200, "target outline: {target} pixels");

    // The preview panel on the right: the defender's and attacker's bar charts.
    let def_bars = shot.count([170, 60, 40], 6, 780, 1280);
    let att_bars = shot.count([60, 90, 170], 6, 780, 1280);
    assert!(
        def_bars > 100 && att_bars > 100,
        "bars: defender {def_bars}, attacker {att_bars} pixels"
    );
}

#[test]
fn window_plays_another_rule_system_on_its_own_terrain() {
    // Shiloh: Prentiss's stack in 0503 fires at Gibson's brigade in the heavy woods of 0504.
    let Some(shot) = window_shot(
        "window-test-shiloh",
        &[
            "scenarios/shiloh-hornets-nest.ron",
            "--seed",
            "7",
            "--click",
            "0503",
            "--click",
            "0504",
        ],
    ) else {
        return;
    };
    let (map0, map1) = (300, 900);
    // Both sides' counters, the target outline.
    let union = shot.count(srgb8(0.20, 0.32, 0.60), 6, map0, map1);
    let confed = shot.count(srgb8(0.55, 0.52, 0.44), 6, map0, map1);
    assert!(
        union > 1000 && confed > 1000,
        "counters: {union} / {confed} pixels"
    );
    assert!(
        shot.count(srgb8(0.9, 0.1, 0.1), 12, map0, map1) > 200,
        "target outline"
    );
    // Shiloh's own tiles: the dark heavy-woods green and the stream's blue.
    let heavy = shot.count([58, 92, 46], 10, map0, map1);
    let stream = shot.count([60, 120, 190], 12, map0, map1);
    assert!(heavy > 300, "heavy woods: {heavy} pixels");
    assert!(stream > 100, "stream: {stream} pixels");
    // The preview's bar charts (fire: the defender's casualties, the attacker's "-").
    let def_bars = shot.count([170, 60, 40], 6, 780, 1280);
    let att_bars = shot.count([60, 90, 170], 6, 780, 1280);
    assert!(
        def_bars > 100 && att_bars > 100,
        "bars: defender {def_bars}, attacker {att_bars} pixels"
    );
}

// Issue 11: "a real-window test under Xvfb that opens the editor, paints a few hexes, places a
// unit and saves a file that `musket check` accepts".
#[test]
fn window_editor_paints_places_a_unit_and_saves() {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-editor.ron");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    let Some(shot) = window_shot(
        "window-test-editor",
        &[
            "--edit",
            f,
            "--click",
            "paint:w:0303",
            "--click",
            "paint:w:0304",
            "--click",
            "paint:w:0404",
            "--click",
            "unit:0:0303",
            "--click",
            "unit:1:0808",
            "--click",
            "victory:0606",
        ],
    ) else {
        return;
    };
    // The saved file loads, with what was painted and placed.
    let out = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(["check", f])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sc = musket::rules::registry::load_scenario(&file).unwrap();
    for l in ["0303", "0304", "0404"] {
        let c = sc.parse_hex(l).unwrap();
        assert_eq!(
            sc.map.terrain(c),
            Some(musket::rules::map::Terrain::Woods),
            "{l}"
        );
    }
    assert_eq!(sc.units.len(), 2);
    assert_eq!(sc.victory.len(), 1);
    // On screen, between the panels: the woods tiles' dark green, a Union unit's blue square
    // and the victory hex's gold ring.
    let (map0, map1) = (330, 940);
    let woods = shot.count([60, 89, 48], 8, map0, map1);
    let union = shot.count(srgb8(0.20, 0.32, 0.60), 6, map0, map1);
    let gold = shot.count(srgb8(0.85, 0.68, 0.10), 12, map0, map1);
    // A blank map has none of this green; three painted hexes give a few hundred pixels.
    assert!(woods > 100, "woods: {woods} pixels");
    assert!(union > 100, "unit: {union} pixels");
    assert!(gold > 50, "victory hex: {gold} pixels");
}

// The measurement modes `tools/frame-ratio.sh` uses: an empty window and the editor's brush
// stroke each run their frames and write a report.
#[test]
fn window_measurement_modes_report() {
    if !display_available() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("window-measure-editor.ron");
    let _ = std::fs::remove_file(&file);
    for (name, args) in [
        ("empty", vec!["--empty-window"]),
        ("editor", vec!["--edit", file.to_str().unwrap()]),
    ] {
        let report = dir.join(format!("window-measure-{name}.json"));
        let _ = std::fs::remove_file(&report);
        let out = Command::new(env!("CARGO_BIN_EXE_musket"))
            .args(&args)
            .args(["--frames", "5", "--report", report.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert_eq!(v["frames"], 5, "{name}");
    }
}

// Issue 10 in the real window: the computer plays the first side of Fox's Gap on screen (its
// reasons in the combat log, in the computer's colour), then hands the turn to the player.
#[test]
fn window_computer_plays_its_turn_on_screen() {
    let Some(shot) = window_shot(
        "window-test-computer",
        &[
            "--sides",
            "ai,human",
            "--seed",
            "1864",
            "--shot-after",
            "600",
        ],
    ) else {
        return;
    };
    // The combat log's lines from the computer (LogKind::Computer, purple) on the right.
    let purple = shot.count([90, 40, 140], 40, 920, 1280);
    assert!(purple > 200, "computer log lines: {purple} pixels");
    // Both sides' counters on the map.
    let union = shot.count(srgb8(0.20, 0.32, 0.60), 6, 200, 900);
    assert!(union > 1000, "counters: {union} pixels");
}

// Issue 17: GCACW's action phase opens with the initiative roll, shown on screen: each side's
// die (in the dice window over the map, grey while tumbling and for the side that lost, cream
// for the winner) and, on the top bar, the roll and the side that acts.
#[test]
fn window_shows_the_initiative_roll() {
    let Some(shot) = window_shot(
        "window-test-initiative",
        // The leader-transfer phases ended first (GCACW plays them from turn 1).
        &["--seed", "1864", "--end-phases", "2", "--shot-after", "20"],
    ) else {
        return;
    };
    // The dice window: centred at the top of the screen, below the top bar.
    let grey = shot.count_in([215, 215, 215], 3, 440, 840, 60, 240);
    let cream = shot.count_in([250, 240, 200], 3, 440, 840, 60, 240);
    assert!(
        grey + cream > 3000,
        "initiative dice: {grey} grey and {cream} cream pixels"
    );
    // The top bar's dice of the last roll: the winner's white, the other's grey.
    let white = shot.count_in([255, 255, 255], 0, 0, 1280, 0, 50);
    let dim = shot.count_in([150, 150, 150], 0, 0, 1280, 0, 50);
    assert!(
        white > 150 && dim > 150,
        "top bar dice: {white} white, {dim} grey pixels"
    );
}

// Issue 17: a GCACW leader's activation in the window: Cox chosen and activated (C) in the
// Union's action; his group is outlined in green on the map, each unit tired by its march.
#[test]
fn window_shows_a_leaders_activation() {
    let Some(shot) = window_shot(
        "window-test-activation",
        &[
            "--seed",
            "1864",
            "--end-phases",
            "2",
            "--click",
            "0707",
            "--activate",
            "--shot-after",
            "75",
        ],
    ) else {
        return;
    };
    // The group's outlines (overlays::ACTIVATED) on the map, between the side panels.
    let green = shot.count(srgb8(0.15, 0.75, 0.25), 10, 270, 920);
    assert!(green > 400, "activated group outlines: {green} pixels");
    // The march tired each unit of the group: the orange F1 marker (units::markers) on their
    // counters (no unit has one before).
    let fatigue = shot.count(srgb8(0.90, 0.55, 0.10), 8, 270, 920);
    assert!(fatigue > 150, "fatigue markers: {fatigue} pixels");
}

// Issue 18: the danger overlay (T, here `--danger`) shades the side to move's threatened hexes
// in red: the map between the panels holds far more red-dominant pixels with it than without.
#[test]
fn window_shows_the_danger_overlay() {
    let args = ["--seed", "1864", "--click", "0707", "--shot-after", "90"];
    let Some(plain) = window_shot("window-test-danger-off", &args) else {
        return;
    };
    let mut on = args.to_vec();
    on.push("--danger");
    let Some(shot) = window_shot("window-test-danger", &on) else {
        return;
    };
    let red = |p: [u8; 3]| p[0] as i32 > p[1] as i32 + 70 && p[0] as i32 > p[2] as i32 + 70;
    let (before, after) = (
        plain.count_where(red, 270, 920),
        shot.count_where(red, 270, 920),
    );
    assert!(
        after > before + 1500,
        "red-shaded hexes: {before} pixels without the overlay, {after} with it"
    );
}

// Issue 20: a turn file opened in the window (`musket --turn FILE`) is verified, and the
// opponent's move is replayed on the map with its log: the Union's march attacks of the file
// (orange attack lines) and the verification line (blue) in the combat log.
#[test]
fn window_opens_a_turn_file_and_shows_the_replayed_move() {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-test-turnfile-files");
    let _ = std::fs::remove_dir_all(&tmp);
    let keep = tmp.join("keep");
    let o = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args([
            "play",
            "scenarios/foxs-gap.ron",
            // `ai2` by name: a game whose Union turn file 4 attacks, in few commands (the log
            // then still shows the verification line above them).
            "--sides",
            "ai2,ai2",
            "--seed",
            "1",
            "--files",
            "5",
        ])
        .arg("--turn-files")
        .arg(&tmp)
        .arg("--keep-secrets")
        .arg(&keep)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run musket play");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.to_string_lossy()
                .ends_with("-turn-004-union.musket-turn.ron")
        })
        .expect("the Union's file 4");
    // The Confederate player's computer: its kept secret in its data folder.
    let data = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-test-turnfile-data");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join("pbem")).unwrap();
    for e in std::fs::read_dir(keep.join("confederate").join("pbem")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), data.join("pbem").join(e.file_name())).unwrap();
    }
    let Some(shot) = window_shot(
        "window-test-turnfile",
        &["--turn", file.to_str().unwrap(), "--shot-after", "500"],
    ) else {
        return;
    };
    // The log on the right: the verification line (LogKind::Info) and the replayed attacks.
    let info = shot.count([40, 90, 160], 40, 920, 1280);
    let attack = shot.count([150, 60, 0], 50, 920, 1280);
    assert!(info > 100, "verification line: {info} pixels");
    assert!(attack > 100, "replayed attacks: {attack} pixels");
    // Both sides' counters on the map.
    let union = shot.count(srgb8(0.20, 0.32, 0.60), 6, 200, 900);
    assert!(union > 1000, "counters: {union} pixels");
}
