//! The scenario editor's model (`musket::editor`, no Bevy) and `musket edit --apply`: paint,
//! fill, hexside toggles, routes, the unit form refusing a field with the loader's message,
//! undo/redo and strokes, saving only what loads, the round trip of every shipped scenario, the
//! alignment maths of the map scan.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::testgen;

use musket::editor::underlay::{AlignPoint, Similarity, UnderlayFile, image_to_map};
use musket::editor::{EditAction, Editor, action::unit_fields, parse_actions};
use musket::rules::hex::{Coord, Dir};
use musket::rules::map::{Feature, RouteKind, Terrain};
use musket::rules::registry::validate_scenario as validate;
use musket::rules::scenario::{ScenarioFile, UnitFile, from_ron};

use crate::common;

const SHIPPED: [&str; 7] = [
    "foxs-gap.ron",
    "crampton-gap.ron",
    "south-mountain.ron",
    "gbacw-bloody-hill.ron",
    "ngg1812-smolensk.ron",
    "shiloh-hornets-nest.ron",
    "example-flank.ron",
];

fn scenario_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name)
}

/// A 6x5 GCACW map: column 1 woods, the rest clear, with one unit per side.
fn small() -> Editor {
    let mut b = common::map(6, 5);
    for r in &mut b.file.map.terrain {
        r.replace_range(0..1, "w");
    }
    b.file.units.push(UnitFile {
        id: "u1".into(),
        name: "1st".into(),
        side: "Union".into(),
        hex: "0303".into(),
        strength: Some(musket::rules::scenario::StrengthFile::Organized(4.0)),
        ..UnitFile::blank()
    });
    b.file.units.push(UnitFile {
        id: "c1".into(),
        name: "1st CSA".into(),
        side: "Confederate".into(),
        hex: "0505".into(),
        strength: Some(musket::rules::scenario::StrengthFile::Organized(3.0)),
        ..UnitFile::blank()
    });
    assert!(validate(b.file.clone()).is_ok());
    Editor::new(b.file)
}

fn terrain(ed: &Editor, label: &str) -> Terrain {
    let sc = validate(ed.file.clone()).unwrap();
    let c = sc.parse_hex(label).unwrap();
    sc.map.terrain(c).unwrap()
}

fn act(text: &str) -> EditAction {
    from_ron(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

// Issue 11, "terrain painted per hex with a brush": the hexes painted change, no other.
#[test]
fn paint_changes_the_painted_hexes_only() {
    let mut ed = small();
    let before = ed.file.map.terrain.clone();
    ed.apply(&act(r#"Paint(terrain: 'm', hexes: ["0202", "0603"])"#))
        .unwrap();
    assert_eq!(terrain(&ed, "0202"), Terrain::Mountain);
    assert_eq!(terrain(&ed, "0603"), Terrain::Mountain);
    let changed: usize = before
        .iter()
        .zip(&ed.file.map.terrain)
        .map(|(a, b)| a.chars().zip(b.chars()).filter(|(x, y)| x != y).count())
        .sum();
    assert_eq!(changed, 2);
    // A letter the ruleset does not know, or a hex off the map: refused, nothing changed.
    let now = ed.file.clone();
    let e = ed
        .apply(&act(r#"Paint(terrain: 'h', hexes: ["0101"])"#))
        .unwrap_err();
    assert!(e.contains("not one of ruleset gcacw's letters"), "{e}");
    let e = ed
        .apply(&act(r#"Paint(terrain: 'w', hexes: ["0101", "0706"])"#))
        .unwrap_err();
    assert!(e.contains("0706 is off the map"), "{e}");
    assert_eq!(ed.file, now);
}

// "and a flood fill": the connected region of the same terrain, not the same terrain
// elsewhere.
#[test]
fn fill_takes_the_connected_region_only() {
    let mut ed = small();
    // A wall of rough down column 4 splits the clear hexes in two regions.
    for r in 1..=5 {
        ed.apply(&act(&format!(r#"Paint(terrain: 'r', hexes: ["040{r}"])"#)))
            .unwrap();
    }
    ed.apply(&act(r#"Fill(terrain: 'l', hex: "0202")"#))
        .unwrap();
    for c in 2..=3 {
        for r in 1..=5 {
            assert_eq!(terrain(&ed, &format!("0{c}0{r}")), Terrain::Rolling);
        }
    }
    for c in 5..=6 {
        for r in 1..=5 {
            assert_eq!(terrain(&ed, &format!("0{c}0{r}")), Terrain::Clear);
        }
    }
    assert_eq!(terrain(&ed, "0101"), Terrain::Woods);
    assert_eq!(terrain(&ed, "0403"), Terrain::Rough);
    // Filling with the same terrain changes nothing but is not an error.
    ed.apply(&act(r#"Fill(terrain: 'l', hex: "0202")"#))
        .unwrap();
}

// "hexside features toggled by clicking near a hex edge": on, then off from the other hex.
#[test]
fn hexside_toggle_from_either_hex() {
    let mut ed = small();
    ed.apply(&act(
        r#"Hexside(hex: "0303", dir: SE, feature: MinorRiver)"#,
    ))
    .unwrap();
    let sc = validate(ed.file.clone()).unwrap();
    let c = sc.parse_hex("0303").unwrap();
    assert!(sc.map.side(c, Dir::SE).has(Feature::MinorRiver));
    // A second feature joins the same entry; the same hexside named from the other hex.
    ed.apply(&act(r#"Hexside(hex: "0303", dir: SE, feature: Bridge)"#))
        .unwrap();
    assert_eq!(ed.file.map.hexsides.len(), 1);
    let other = c.neighbor(Dir::SE);
    let label = other.label(2);
    ed.apply(&act(&format!(
        r#"Hexside(hex: "{label}", dir: NW, feature: MinorRiver)"#
    )))
    .unwrap();
    let sc = validate(ed.file.clone()).unwrap();
    assert!(!sc.map.side(c, Dir::SE).has(Feature::MinorRiver));
    assert!(sc.map.side(c, Dir::SE).has(Feature::Bridge));
    // `on: Some(false)` on a hexside without it: nothing to do, no error.
    ed.apply(&act(
        r#"Hexside(hex: "0101", dir: N, feature: Creek, on: Some(false))"#,
    ))
    .unwrap();
    assert_eq!(ed.file.map.hexsides.len(), 1);
}

// "routes drawn by dragging from hex to hex, erased by click".
#[test]
fn routes_drawn_and_erased() {
    let mut ed = small();
    ed.apply(&act(
        r#"Route(kind: Road, hexes: ["0101", "0102", "0103", "0104"])"#,
    ))
    .unwrap();
    let sc = validate(ed.file.clone()).unwrap();
    let c = |l: &str| sc.parse_hex(l).unwrap();
    assert!(sc.map.side(c("0102"), Dir::S).route(RouteKind::Road));
    let e = ed
        .apply(&act(r#"Route(kind: Road, hexes: ["0101", "0301"])"#))
        .unwrap_err();
    assert!(e.contains("not adjacent"), "{e}");
    // Erasing the second hex cuts the road: 0103-0104 is left.
    ed.apply(&act(r#"EraseRoute(hex: "0102")"#)).unwrap();
    assert_eq!(ed.file.map.routes.len(), 1);
    assert_eq!(ed.file.map.routes[0].hexes, vec!["0103", "0104"]);
    let e = ed.apply(&act(r#"EraseRoute(hex: "0605")"#)).unwrap_err();
    assert!(e.contains("no route through 0605"), "{e}");
}

// "units placed, moved and edited in a form that shows exactly the fields the ruleset uses
// (refusing the ones it does not, with the same messages as the loader)".
#[test]
fn the_unit_form_refuses_a_field_the_ruleset_does_not_use() {
    let mut ed = small();
    let before = ed.file.clone();
    let e = ed
        .apply(&act(r#"UnitField(id: "u1", field: "morale", value: "3")"#))
        .unwrap_err();
    // The loader's message for the same file.
    let mut f = before.clone();
    f.units[0].morale = Some(3);
    let loader = validate(f).unwrap_err()[0].to_string();
    assert_eq!(e, loader);
    assert_eq!(ed.file, before);
    // A field the ruleset uses, in range and out of it.
    ed.apply(&act(r#"UnitField(id: "u1", field: "fatigue", value: "2")"#))
        .unwrap();
    assert_eq!(ed.file.units[0].fatigue, 2);
    let e = ed
        .apply(&act(r#"UnitField(id: "u1", field: "fatigue", value: "9")"#))
        .unwrap_err();
    assert!(e.starts_with("units[0].fatigue"), "{e}");
    let e = ed
        .apply(&act(r#"UnitField(id: "u1", field: "fatgue", value: "1")"#))
        .unwrap_err();
    assert!(e.contains("no field \"fatgue\""), "{e}");
    // The form's fields follow the ruleset.
    assert!(unit_fields("gcacw").contains(&"fatigue"));
    assert!(!unit_fields("gcacw").contains(&"morale"));
    assert!(unit_fields("gbacw").contains(&"morale"));
    assert!(unit_fields("shiloh").contains(&"guns"));
    assert!(!unit_fields("shiloh").contains(&"tactical"));
    // Move, copy (paste), remove; an enemy hex is refused as the loader refuses it.
    ed.apply(&act(r#"MoveUnit(id: "u1", hex: "0202")"#))
        .unwrap();
    assert_eq!(ed.file.units[0].hex, "0202");
    let e = ed
        .apply(&act(r#"MoveUnit(id: "u1", hex: "0505")"#))
        .unwrap_err();
    assert!(!e.is_empty());
    ed.apply(&act(r#"CopyUnit(id: "u1", new_id: "u2", hex: "0203")"#))
        .unwrap();
    assert_eq!(ed.file.units.len(), 3);
    let e = ed
        .apply(&act(r#"CopyUnit(id: "u1", new_id: "u2", hex: "0204")"#))
        .unwrap_err();
    assert!(e.contains("taken"), "{e}");
    ed.apply(&act(r#"RemoveUnit(id: "u2")"#)).unwrap();
    assert_eq!(ed.file.units.len(), 2);
}

// "Undo / redo of every edit"; a brush stroke is one step.
#[test]
fn undo_and_redo_every_edit_and_a_stroke_is_one_step() {
    let mut ed = small();
    let s0 = ed.file.clone();
    ed.apply(&act(r#"Title("Bull Run")"#)).unwrap();
    let s1 = ed.file.clone();
    ed.begin_stroke();
    for h in ["0202", "0203", "0204"] {
        ed.apply(&act(&format!(r#"Paint(terrain: 's', hexes: ["{h}"])"#)))
            .unwrap();
    }
    ed.end_stroke();
    let s2 = ed.file.clone();
    ed.apply(&act(
        r#"Victory((hex: "0404", points: 3, holder: "Union"))"#,
    ))
    .unwrap();
    let s3 = ed.file.clone();
    assert_eq!(ed.history().0, vec!["Victory hex", "Paint", "Title"]);
    assert_eq!(ed.undo().as_deref(), Some("Victory hex"));
    assert_eq!(ed.file, s2);
    assert_eq!(ed.undo().as_deref(), Some("Paint"));
    assert_eq!(ed.file, s1, "the stroke is one step");
    assert_eq!(ed.undo().as_deref(), Some("Title"));
    assert_eq!(ed.file, s0);
    assert_eq!(ed.undo(), None);
    assert_eq!(ed.redo().as_deref(), Some("Title"));
    assert_eq!(ed.redo().as_deref(), Some("Paint"));
    assert_eq!(ed.redo().as_deref(), Some("Victory hex"));
    assert_eq!(ed.file, s3);
    assert_eq!(ed.redo(), None);
    // A new edit after an undo drops the redo.
    ed.undo();
    ed.apply(&act(r#"Title("Manassas")"#)).unwrap();
    assert_eq!(ed.redo(), None);
}

// "the file cannot be saved while it would not load, and the reason says why".
#[test]
fn a_file_that_would_not_load_cannot_be_saved() {
    let mut ed = small();
    let dir = std::env::temp_dir().join(format!("musket-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("s.ron");
    // A run of the same process id before may have left one (temporary folders are shared).
    let _ = std::fs::remove_file(&path);
    // Units may not be placed together with an enemy through an action…
    assert!(
        ed.apply(&act(r#"MoveUnit(id: "c1", hex: "0303")"#))
            .is_err()
    );
    // …but a change of ruleset can leave letters the new ruleset does not know: listed live,
    // and saving is refused with the loader's reason.
    ed.apply(&act(r#"Paint(terrain: 'p', hexes: ["0605"])"#))
        .unwrap();
    ed.apply(&act(r#"Ruleset("shiloh")"#)).unwrap();
    let problems = ed.problems();
    assert!(!problems.is_empty());
    let e = ed.save(&path).unwrap_err();
    assert!(e.contains("would not load"), "{e}");
    assert!(e.contains("unknown terrain letter"), "{e}");
    assert!(!path.exists());
    ed.undo();
    assert!(ed.problems().is_empty());
    ed.save(&path).unwrap();
    musket::rules::registry::load_scenario(&path).unwrap();
}

// "Every shipped scenario opened and saved unchanged loads to the same game (a test compares
// the loaded scenarios, not the bytes)", and the text is laid out one terrain row per line.
#[test]
fn every_shipped_scenario_round_trips() {
    for name in SHIPPED {
        let p = scenario_path(name);
        let ed = Editor::open(&p).unwrap();
        let text = ed.save_string().unwrap();
        let again: ScenarioFile = from_ron(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(again, ed.file, "{name}");
        let a = validate(again).unwrap();
        let b = musket::rules::registry::load_scenario(&p).unwrap();
        assert_eq!(a.units, b.units, "{name}");
        assert_eq!(a.file, b.file, "{name}");
        for row in &b.file.map.terrain {
            assert!(text.contains(&format!("\"{row}\",\n")), "{name}: row {row}");
        }
    }
}

// "align the grid to it by clicking the centres of two named hexes (scale, offset and
// rotation follow)".
#[test]
fn underlay_alignment_maths() {
    // A known similarity: scale 2, rotated 90 degrees, offset (10, -4).
    let truth = Similarity {
        scale: 2.0,
        rotation: std::f64::consts::FRAC_PI_2,
        offset: (10.0, -4.0),
    };
    let a0 = (1.0, 2.0);
    let a1 = (-3.0, 5.0);
    let s = Similarity::from_pairs(a0, a1, truth.apply(a0), truth.apply(a1)).unwrap();
    assert!((s.scale - 2.0).abs() < 1e-12);
    assert!((s.rotation - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
    assert!((s.offset.0 - 10.0).abs() < 1e-9 && (s.offset.1 + 4.0).abs() < 1e-9);
    // Any other point lands where the truth sends it; the inverse brings it back.
    let p = (7.5, -2.25);
    let q = s.apply(p);
    let t = truth.apply(p);
    assert!((q.0 - t.0).abs() < 1e-9 && (q.1 - t.1).abs() < 1e-9);
    let back = s.inverse().apply(q);
    assert!((back.0 - p.0).abs() < 1e-9 && (back.1 - p.1).abs() < 1e-9);
    // Two clicks on the same pixel, or the same hex twice: refused with the reason.
    assert!(Similarity::from_pairs(a0, a0, (0.0, 0.0), (1.0, 1.0)).is_none());
    // From two clicked hex centres: every other hex centre maps onto its pixel.
    let centre = |l: &str| -> Result<(f64, f64), String> {
        let c = musket::rules::hex::parse_label(l, 2).map_err(|e| e.to_string())?;
        let x = 1.5 * f64::from(c.col);
        let y = 3f64.sqrt() * (f64::from(c.row) + if c.col % 2 == 0 { 0.5 } else { 0.0 });
        Ok((x, y))
    };
    // The scan: 40 px per layout unit, rotated 3 degrees, offset (120, 80).
    let scan = Similarity {
        scale: 40.0,
        rotation: 3f64.to_radians(),
        offset: (120.0, 80.0),
    };
    let click = |l: &str| {
        let (x, y) = scan.apply(centre(l).unwrap());
        AlignPoint {
            hex: l.into(),
            x,
            y,
        }
    };
    let u = UnderlayFile {
        image: "map.jpg".into(),
        opacity: 0.5,
        visible: true,
        align: vec![click("0101"), click("1208")],
        grid: None,
    };
    let to_map = image_to_map(&u, centre).unwrap();
    for l in ["0505", "0910", "0302"] {
        let px = scan.apply(centre(l).unwrap());
        let m = to_map.apply(px);
        let want = centre(l).unwrap();
        assert!(
            (m.0 - want.0).abs() < 1e-9 && (m.1 - want.1).abs() < 1e-9,
            "{l}"
        );
    }
    let same = UnderlayFile {
        align: vec![click("0101"), click("0101")],
        ..u.clone()
    };
    assert!(
        image_to_map(&same, centre)
            .unwrap_err()
            .contains("two different hexes")
    );
    let one = UnderlayFile {
        align: vec![click("0101")],
        ..u
    };
    assert!(image_to_map(&one, centre).unwrap_err().contains("1 given"));
    let _ = Coord::new(1, 1);
}

fn musket(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .output()
        .unwrap()
}

// Issue 11 point 4: `musket edit FILE --apply ACTIONS.ron [--out NEW.ron]`, refusing with exit
// 2 and the action's index if one is invalid.
#[test]
fn musket_edit_applies_actions_headless() {
    let dir = std::env::temp_dir().join(format!("musket-edit-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = scenario_path("foxs-gap.ron");
    let out = dir.join("out.ron");
    let good = dir.join("good.ron");
    std::fs::write(
        &good,
        r#"[
            Paint(terrain: 'w', hexes: ["0101", "0201"]),
            Hexside(hex: "0303", dir: SE, feature: Creek),
            Route(kind: Trail, hexes: ["0101", "0102"]),
            Victory((hex: "0101", points: 1, name: "Corner")),
        ]"#,
    )
    .unwrap();
    let o = musket(&[
        "edit",
        src.to_str().unwrap(),
        "--apply",
        good.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = musket(&["check", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let sc = musket::rules::registry::load_scenario(&out).unwrap();
    assert_eq!(sc.victory.len(), 4);
    // A bad action: exit 2, its index, nothing written.
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        r#"[Paint(terrain: 'w', hexes: ["0101"]), Fill(terrain: 'w', hex: "1399")]"#,
    )
    .unwrap();
    let out2 = dir.join("out2.ron");
    let o = musket(&[
        "edit",
        src.to_str().unwrap(),
        "--apply",
        bad.to_str().unwrap(),
        "--out",
        out2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("action 1 (Fill)"), "{err}");
    assert!(err.contains("off the map"), "{err}");
    assert!(!out2.exists());
    // A file of actions that is not RON of actions: its place.
    std::fs::write(&bad, "[Pant(terrain: 'w')]").unwrap();
    let o = musket(&[
        "edit",
        src.to_str().unwrap(),
        "--apply",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1"));
    // The actions parse as the editor writes them.
    assert_eq!(parse_actions("[]").unwrap(), vec![]);
}

// Issue 11 point 2: "The image path and alignment are optional scenario fields; the image is
// never required to play, and a missing image is a warning, not an error."
#[test]
fn a_missing_scan_is_a_warning_not_an_error() {
    let dir = std::env::temp_dir().join(format!("musket-edit-scan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ed = Editor::open(&scenario_path("foxs-gap.ron")).unwrap();
    ed.apply(&act(
        r#"Underlay(Some((image: "scans/nowhere.png", opacity: 0.6, align: [(hex: "0101", x: 12.0, y: 10.0), (hex: "1210", x: 900.0, y: 700.0)])))"#,
    ))
    .unwrap();
    let e = ed
        .apply(&act(r#"Underlay(Some((image: "x.png", opacity: 1.5)))"#))
        .unwrap_err();
    assert!(e.contains("opacity"), "{e}");
    let path = dir.join("with-scan.ron");
    ed.save(&path).unwrap();
    let o = musket(&["check", path.to_str().unwrap()]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("warning: underlay.image"), "{err}");
    assert!(err.contains("nowhere.png"), "{err}");
    // It plays: the scenario loads with its scan fields kept.
    let sc = musket::rules::registry::load_scenario(&path).unwrap();
    assert_eq!(sc.file.underlay.as_ref().unwrap().align.len(), 2);
}

/// An action drawn from a small alphabet, some of them invalid on purpose (hexes off the map,
/// letters the ruleset does not know, unknown units and fields, values out of range).
fn arbitrary_action(k: u8, a: u8, b: u8, c: u8) -> EditAction {
    let hex = |x: u8, y: u8| format!("{:02}{:02}", x % 14, y % 12);
    let letter = b"clrwtsmphz"[(c % 10) as usize] as char;
    let text = match k % 12 {
        0 => format!(
            r#"Paint(terrain: '{letter}', hexes: ["{}", "{}"])"#,
            hex(a, b),
            hex(b, c)
        ),
        1 => format!(r#"Fill(terrain: '{letter}', hex: "{}")"#, hex(a, b)),
        2 => format!(
            r#"Hexside(hex: "{}", dir: {}, feature: {})"#,
            hex(a, b),
            ["N", "NE", "SE", "S", "SW", "NW"][(c % 6) as usize],
            ["Creek", "MinorRiver", "Ford", "Bridge", "Woods"][(a % 5) as usize]
        ),
        3 => format!(
            r#"Route(kind: Road, hexes: ["{}", "{}"])"#,
            hex(a, b),
            hex(a.wrapping_add(c % 2), b.wrapping_add(1))
        ),
        4 => format!(r#"EraseRoute(hex: "{}")"#, hex(a, b)),
        5 => format!(r#"Elevation(level: {}, hexes: ["{}"])"#, c % 12, hex(a, b)),
        6 => format!(
            r#"UnitField(id: "{}", field: "{}", value: "{}")"#,
            ["usa-cox", "usa-crook", "csa-garland", "nobody"][(a % 4) as usize],
            ["fatigue", "morale", "tactical", "hex", "strength", "name"][(b % 6) as usize],
            ["1", "9", r#"\"0505\""#, "Organized(3)", "-2", r#"\"x\""#][(c % 6) as usize]
        ),
        7 => format!(
            r#"MoveUnit(id: "{}", hex: "{}")"#,
            ["usa-cox", "csa-garland"][(a % 2) as usize],
            hex(b, c)
        ),
        8 => format!(
            r#"CopyUnit(id: "usa-crook", new_id: "copy-{}", hex: "{}")"#,
            a % 3,
            hex(b, c)
        ),
        9 => format!(
            r#"Victory((hex: "{}", points: {}, holder: "Union"))"#,
            hex(a, b),
            i64::from(c % 4) - 1
        ),
        10 => format!(
            r#"Resize(columns: {}, rows: {}, fill: 'c')"#,
            8 + a % 8,
            8 + b % 6
        ),
        _ => format!(r#"RemoveVictory(hex: "{}")"#, hex(a, b)),
    };
    act(&text)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    // Any sequence of edits, valid or not: a refused edit changes nothing and says why; undoing
    // every step gives back the file as opened, redoing them gives the edited file again; the
    // writer's text reads back to the same file whenever it would load.
    #[test]
    fn any_edits_undo_to_the_start(steps in proptest::collection::vec(
        (0u8..12, 0u8..40, 0u8..40, 0u8..40), 1..40)
    ) {
        let mut ed = Editor::open(&scenario_path("foxs-gap.ron")).unwrap();
        let start = ed.file.clone();
        let mut applied = 0;
        for (k, a, b, c) in steps {
            let action = arbitrary_action(k, a, b, c);
            let before = ed.file.clone();
            match ed.apply(&action) {
                Ok(()) => applied += 1,
                Err(e) => {
                    proptest::prop_assert!(!e.is_empty());
                    proptest::prop_assert_eq!(&ed.file, &before);
                }
            }
        }
        let end = ed.file.clone();
        if let Ok(text) = ed.save_string() {
            let back: ScenarioFile = from_ron(&text).unwrap();
            proptest::prop_assert_eq!(&back, &end);
        }
        for _ in 0..applied {
            proptest::prop_assert!(ed.undo().is_some());
        }
        proptest::prop_assert_eq!(&ed.file, &start);
        proptest::prop_assert!(ed.undo().is_none());
        for _ in 0..applied {
            proptest::prop_assert!(ed.redo().is_some());
        }
        proptest::prop_assert_eq!(&ed.file, &end);
    }
}

// A file to edit that is not a scenario's RON is refused before a window opens, with its
// place (the editor lists every other problem itself).
#[cfg(feature = "client")]
#[test]
fn editing_a_file_that_is_not_a_scenario_is_refused_before_the_window() {
    let dir = std::env::temp_dir().join(format!("musket-edit-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(title: 1)").unwrap();
    for args in [
        vec!["--edit", bad.to_str().unwrap()],
        vec!["edit", bad.to_str().unwrap()],
    ] {
        let o = musket(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("bad.ron:1:9"), "{err}");
    }
}

// Issue 16 item 2: the editor runs exactly the loader's checks, the rule system's own among
// them (NGG 1812's unit class and 4.1 stacking capacity): copying a division twice more into
// Davout's hex 0605 of Smolensk, or adding an NGG unit without a class, is refused by
// `musket edit --apply` (exit 2, nothing written), and a file that already breaks such a rule
// lists it live and cannot be saved.
#[test]
fn the_editor_runs_the_rule_systems_own_checks() {
    let dir = std::env::temp_dir().join(format!("musket-edit-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = scenario_path("ngg1812-smolensk.ron");
    for (name, actions) in [
        (
            "stacking",
            r#"[CopyUnit(id: "fr-1d", new_id: "fr-1d-b", hex: "0605"),
                CopyUnit(id: "fr-1d", new_id: "fr-1d-c", hex: "0605")]"#,
        ),
        (
            "class",
            r#"[Unit((id: "fr-new", name: "New", side: "French", kind: Infantry, hex: "0101",
                strength: Organized(1)))]"#,
        ),
    ] {
        let acts = dir.join(format!("{name}.ron"));
        std::fs::write(&acts, actions).unwrap();
        let out = dir.join(format!("{name}-out.ron"));
        let o = musket(&[
            "edit",
            src.to_str().unwrap(),
            "--apply",
            acts.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("refused") && err.contains("nothing was written"),
            "{err}"
        );
        assert!(!out.exists(), "{name}: a file was written");
        // What the loader says of it is what the editor said.
        match name {
            "stacking" => assert!(
                err.contains("0605") || err.contains("capacity") || err.contains("stack"),
                "{err}"
            ),
            _ => assert!(err.contains("class"), "{err}"),
        }
    }
    // A file that already breaks a rule of its tables: listed live, not saved.
    let mut ed = Editor::open(&src).unwrap();
    ed.file
        .units
        .iter_mut()
        .find(|u| u.id == "fr-1d")
        .unwrap()
        .class = None;
    let problems = ed.problems();
    assert!(
        problems.iter().any(|p| p.to_string().contains("class")),
        "{problems:?}"
    );
    assert!(ed.save_string().is_err());
    let out = dir.join("never.ron");
    assert!(ed.save(&out).is_err());
    assert!(!out.exists());
}

// Issue 16 item 2: no sequence of random edits produces a file the editor saves and the game's
// loader then refuses (`musket check`'s own check: the format and the rule system's tables).
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    #[test]
    fn what_the_editor_saves_the_loader_loads(
        scenario in 0usize..SHIPPED.len(),
        steps in proptest::collection::vec((0u8..16, 0u8..=255, 0u8..=255, 0u8..=255), 1..30),
    ) {
        let mut ed = Editor::open(&scenario_path(SHIPPED[scenario])).unwrap();
        for (n, (k, a, b, c)) in steps.into_iter().enumerate() {
            // Besides the common alphabet: copies of this file's own units into its own unit
            // hexes (stacking), and a new unit of each kind with no ruleset fields.
            let units = &ed.file.units;
            let action = match k {
                12 | 13 if !units.is_empty() => EditAction::CopyUnit {
                    id: units[a as usize % units.len()].id.clone(),
                    new_id: format!("copy-{n}"),
                    hex: units[b as usize % units.len()].hex.clone(),
                },
                14 | 15 if !units.is_empty() => EditAction::Unit(Box::new(UnitFile {
                    id: format!("new-{n}"),
                    name: format!("New {n}"),
                    side: ed.file.sides[(a % 2) as usize].clone(),
                    kind: [musket::rules::unit::UnitKind::Infantry,
                        musket::rules::unit::UnitKind::Cavalry,
                        musket::rules::unit::UnitKind::Leader][(b % 3) as usize],
                    hex: units[c as usize % units.len()].hex.clone(),
                    strength: Some(musket::rules::scenario::StrengthFile::Organized(1.0)),
                    ..UnitFile::blank()
                })),
                _ => arbitrary_action(k, a, b, c),
            };
            let _ = ed.apply(&action);
            if let Ok(text) = ed.save_string() {
                let file: ScenarioFile = from_ron(&text).unwrap();
                proptest::prop_assert_eq!(&file, &ed.file);
                let loaded = musket::rules::registry::check_file(file, &Default::default());
                proptest::prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
            }
        }
    }
}

/// Text with everything a hand-written scanner gets wrong: quotes, backslashes, `#`, raw-string
/// openers, newlines, non-ASCII, numbers with `.0` and commas.
fn nasty_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop_oneof![
        any::<String>(),
        "[\"\\\\#r\n\t é½0-9.,() ]{0,24}",
        Just(r#"12" Napoleons 2.0, x"#.to_string()),
        Just("r#\"x\"#, 2.0)".to_string()),
        Just("\"##\"#".to_string()),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    // Issue 16 item 3: any text in any text field (the title, the briefing, the sides, a unit's
    // id and name, a victory hex's name, the scan's path) survives save -> load unchanged,
    // whenever the loader accepts it at all; the saved file never fails to load.
    #[test]
    fn any_text_survives_save_and_load(
        title in nasty_text(),
        briefing in nasty_text(),
        side in nasty_text(),
        id in nasty_text(),
        name in nasty_text(),
        place in nasty_text(),
        image in nasty_text(),
        cv in 0u32..40,
    ) {
        let mut ed = small();
        ed.file.title = title;
        ed.file.briefing = Some(briefing);
        let other = ed.file.sides[1].clone();
        for u in &mut ed.file.units {
            if u.side == other {
                u.side = side.clone();
            }
        }
        ed.file.sides[1] = side;
        ed.file.units[0].id = id;
        ed.file.units[0].name = name;
        ed.file.units[0].strength =
            Some(musket::rules::scenario::StrengthFile::Organized(f64::from(cv) / 2.0));
        ed.file.victory.push(musket::rules::scenario::VictoryHexFile {
            hex: "0101".into(),
            points: 1,
            name: Some(place),
            holder: None,
        });
        ed.file.underlay = Some(UnderlayFile { image, opacity: 0.5, visible: true, align: Vec::new(), grid: None });
        // What the loader refuses (an empty title, two sides of one name…) is not saved; what
        // it accepts is written and read back exactly.
        let loads = musket::rules::registry::check_file(ed.file.clone(), &Default::default()).is_ok();
        match ed.save_string() {
            Ok(text) => {
                proptest::prop_assert!(loads);
                let back: ScenarioFile = from_ron(&text)
                    .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e:?}\n{text}")))?;
                proptest::prop_assert_eq!(&back, &ed.file);
            }
            Err(p) => proptest::prop_assert!(!loads, "refused a file that loads: {:?}", p),
        }
    }
}

// Issue 16 item 3, the cases reported: a unit named `12" Napoleons 2.0, x` keeps its name, and a
// side name with a quote keeps the file loadable.
#[test]
fn quotes_and_numbers_in_names_are_written_as_they_are() {
    let mut ed = small();
    ed.file.units[0].name = r#"12" Napoleons 2.0, x"#.into();
    ed.apply(&EditAction::Sides(vec![
        "Union".into(),
        r#"The "Rebels""#.into(),
    ]))
    .unwrap();
    let text = ed.save_string().unwrap();
    let back: ScenarioFile = from_ron(&text).unwrap();
    assert_eq!(back.units[0].name, r#"12" Napoleons 2.0, x"#);
    assert_eq!(back.sides[1], r#"The "Rebels""#);
    assert!(musket::rules::registry::check_file(back, &Default::default()).is_ok());
    // Whole numbers are still written as the shipped files write them.
    assert!(text.contains("Organized(4)"), "{text}");
}

// Issue 16 item 4: a misspelt field in an action file is refused, not ignored (`onn` read as
// "toggle" added the creek; `lst` dropped the last turn): exit 2, the action's index, its line
// and column, the field's name, and nothing written. The same in a scenario's struct variants.
#[test]
fn a_misspelt_field_in_an_action_is_refused_with_its_place() {
    let dir = std::env::temp_dir().join(format!("musket-edit-typo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = scenario_path("foxs-gap.ron");
    for (actions, index, field, line) in [
        (
            "[\n  Paint(terrain: 'w', hexes: [\"0101\"]),\n  Hexside(hex: \"0303\", dir: SE, feature: Creek, onn: Some(false)),\n]",
            "action 1",
            "onn",
            "line 3",
        ),
        (
            "[Turns(first: Some(1), lst: Some(6))]",
            "action 0",
            "lst",
            "line 1",
        ),
    ] {
        let acts = dir.join("typo.ron");
        std::fs::write(&acts, actions).unwrap();
        let out = dir.join("out.ron");
        let o = musket(&[
            "edit",
            src.to_str().unwrap(),
            "--apply",
            acts.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        for want in [index, field, line, "column"] {
            assert!(err.contains(want), "{want}: {err}");
        }
        assert!(!out.exists());
        assert!(parse_actions(actions).is_err());
    }
    // A scenario: a disorganized strength with a field it does not have.
    let text = std::fs::read_to_string(scenario_path("foxs-gap.ron")).unwrap();
    let bad = text.replacen(
        "Organized(",
        "Disorganized(manpower: 3, cv: 1, men: 2), _x: Organized(",
        1,
    );
    assert!(from_ron::<ScenarioFile>(&bad).is_err());
    let bad = "Disorganized(cv: 1, manpower: 3, men: 2)";
    let e = from_ron::<musket::rules::scenario::StrengthFile>(bad).unwrap_err();
    assert!(e.message.contains("men"), "{e:?}");
}

// Issue 16 item 5: undo keeps what each edit changed, not a copy of the file: after 2,000
// single-hex paints on a 999x999 map the history holds about one terrain row per step (the
// last 500 steps), the same on a 100x100 map within the ratio of the row lengths, far below
// the 579 MB the copies took. (Time is measured by the criterion bench `editor`, not here.)
#[test]
fn undo_memory_grows_with_the_change_not_the_map() {
    let held = |side: u32| -> usize {
        let mut ed = Editor::new(testgen::generated(side, side, 10, 1));
        let w = musket::rules::map::label_width(side, side);
        for i in 0..2000u32 {
            let c = Coord::new((1 + (i * 7) % side) as i32, (1 + (i * 13) % side) as i32);
            let t = if i % 2 == 0 { 'w' } else { 'c' };
            let _ = ed.apply(&EditAction::Paint {
                terrain: t,
                hexes: vec![c.label(w)],
            });
        }
        ed.undo_bytes()
    };
    let big = held(999);
    let small = held(100);
    // The last 500 steps, one row each (999 letters, or 100), with overheads: about 0.6 MB;
    // the snapshots held the whole map per step.
    assert!(
        big <= 500 * (999 + 200),
        "{big} bytes of undo for 2,000 paints on 999x999"
    );
    assert!(
        small <= 500 * (100 + 200),
        "{small} bytes of undo for 2,000 paints on 100x100"
    );
    // A unit copy keeps the place of the new unit only.
    let mut ed = Editor::new(testgen::generated(999, 999, 40, 1));
    let (id, hex) = (ed.file.units[0].id.clone(), ed.file.units[0].hex.clone());
    for i in 0..50 {
        ed.apply(&EditAction::CopyUnit {
            id: id.clone(),
            new_id: format!("c{i}"),
            hex: hex.clone(),
        })
        .unwrap();
    }
    assert!(ed.undo_bytes() < 100_000, "{}", ed.undo_bytes());
    // And they all undo back to the start.
    let start = testgen::generated(999, 999, 40, 1);
    while ed.undo().is_some() {}
    assert_eq!(ed.file, start);
}

// Issue 16 item 7: the unit form gives each field a widget, not raw RON. The form's model reads
// each field's value from the typed unit and writes it back as the RON the file keeps: for every
// unit of every shipped scenario and every field its ruleset uses, read -> write -> apply leaves
// the unit as it was; a name typed as plain text (quotes and all) is stored as typed; a number's
// range is the loader's (its top accepted, one more refused).
#[test]
fn the_unit_forms_widgets_round_trip_every_field() {
    use musket::editor::form::{self, FormValue, Widget};
    for name in SHIPPED {
        let mut ed = Editor::open(&scenario_path(name)).unwrap();
        let ruleset = ed.file.ruleset.clone();
        for i in 0..ed.file.units.len() {
            let u = ed.file.units[i].clone();
            for f in unit_fields(&ruleset) {
                let (w, meaning) = form::widget(f, &ruleset, u.kind);
                assert!(!meaning.is_empty(), "{f}: no meaning");
                let v = form::read(&u, f, &w);
                let text = form::ron_text(&v);
                assert!(
                    !text.starts_with('"')
                        || matches!(w, Widget::Text | Widget::Hex | Widget::Side),
                    "{f}: {text}"
                );
                ed.apply(&EditAction::UnitField {
                    id: u.id.clone(),
                    field: f.into(),
                    value: text.clone(),
                })
                .unwrap_or_else(|e| panic!("{name} {} {f} = {text}: {e}", u.id));
                assert_eq!(
                    form::read(&ed.file.units[i], f, &w),
                    v,
                    "{name} {} {f}",
                    u.id
                );
            }
        }
    }
    // Plain text in, the same text stored.
    let mut ed = small();
    let typed = r#"12" Napoleons, 2.0 "Heavy""#;
    let w = form::widget("name", "gcacw", musket::rules::unit::UnitKind::Infantry).0;
    ed.apply(&EditAction::UnitField {
        id: "u1".into(),
        field: "name".into(),
        value: form::ron_text(&FormValue::Text(typed.into())),
    })
    .unwrap();
    assert_eq!(ed.file.units[0].name, typed);
    assert_eq!(
        form::read(&ed.file.units[0], "name", &w),
        FormValue::Text(typed.into())
    );
    // Ranges: GBACW morale 1 to 6, as the loader has it.
    let mut ed = Editor::open(&scenario_path("gbacw-bloody-hill.ron")).unwrap();
    let id = ed
        .file
        .units
        .iter()
        .find(|u| u.morale.is_some())
        .unwrap()
        .id
        .clone();
    let Widget::Int { lo, hi, optional } =
        form::widget("morale", "gbacw", musket::rules::unit::UnitKind::Infantry).0
    else {
        panic!("morale is a number");
    };
    assert!(optional);
    for (n, ok) in [(lo, true), (hi, true), (hi + 1, false), (lo - 1, false)] {
        let r = ed.apply(&EditAction::UnitField {
            id: id.clone(),
            field: "morale".into(),
            value: form::ron_text(&FormValue::Int(Some(n))),
        });
        assert_eq!(r.is_ok(), ok, "morale {n}: {r:?}");
    }
    // Organized and disorganized strengths as the file writes them.
    assert_eq!(
        form::ron_text(&FormValue::Strength {
            disorganized: false,
            cv: 4.0,
            manpower: 4.0
        }),
        "Organized(4)"
    );
    assert_eq!(
        form::ron_text(&FormValue::Strength {
            disorganized: true,
            cv: 1.5,
            manpower: 3.0
        }),
        "Disorganized(cv: 1.5, manpower: 3)"
    );
}

// Issue 34.4: NaN in the underlay's alignment made every save fail with the wrong reason and an
// empty problem list; infinity was written and passed `musket check`. Both are refused with the
// field named: by the editor's action, and by the loader for a file written by hand.
#[test]
fn non_finite_underlay_numbers_are_refused_with_the_field_named() {
    let mut ed = Editor::open(&scenario_path("foxs-gap.ron")).unwrap();
    let actions = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/defects-4/editor-underlay-nan.actions.ron"),
    )
    .unwrap();
    for a in parse_actions(&actions).unwrap() {
        let e = ed.apply(&a).unwrap_err();
        assert!(e.contains("underlay.align[0].x NaN"), "{e}");
    }
    for (x, y, field) in [
        ("inf", "7.5", "underlay.align[0].x"),
        ("1.0", "-inf", "underlay.align[0].y"),
    ] {
        let e = ed
            .apply(&act(&format!(
                r#"Underlay(Some((image: "scan.png", opacity: 0.5, align: [(hex: "0101", x: {x}, y: {y}), (hex: "0303", x: 10.0, y: 0.0)])))"#
            )))
            .unwrap_err();
        assert!(e.contains(field) && e.contains("finite"), "{e}");
    }
    let e = ed
        .apply(&act(r#"Underlay(Some((image: "scan.png", opacity: NaN)))"#))
        .unwrap_err();
    assert!(e.contains("underlay.opacity"), "{e}");
    // A file written by hand: the loader refuses it, naming the field.
    let mut f = ed.file.clone();
    f.underlay = Some(UnderlayFile {
        image: "scan.png".into(),
        opacity: 0.5,
        visible: true,
        grid: None,
        align: vec![
            AlignPoint {
                hex: "0101".into(),
                x: f64::INFINITY,
                y: 7.5,
            },
            AlignPoint {
                hex: "0303".into(),
                x: 10.0,
                y: 0.0,
            },
        ],
    });
    let problems = validate(f).unwrap_err();
    assert!(
        problems.iter().any(|p| p.field == "underlay.align[0].x"),
        "{problems:?}"
    );
}
