//! Pointy-top maps (`map.orientation: Pointy`, a project addition to scenario.md): a map and its
//! mirror image across the diagonal are one battlefield. Every shipped scenario written out as
//! its pointy-top mirror (labels' column and row exchanged, terrain rows transposed, each
//! hexside's direction renamed: the flat N is the pointy W, NE is SW, SE stays SE, S is E, SW
//! is NE, NW stays NW) loads to the same model, plays the same games command for command, and
//! gives the same odds; the mirror's labels follow the pointy rule (even rows half a hex to
//! the right) and its directions are refused where a pointy hex has none.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use musket::rules::ai::{Kind, play_game};
use musket::rules::hex::{Compass, Orientation};
use musket::rules::scenario::ScenarioFile;
use serde_json::Value;

use crate::common::PLAYABLE;

fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pointy");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// A label of `width` digits per part with its column and row exchanged; other text as it is.
fn swap_label(s: &str, width: usize) -> Option<String> {
    (s.len() == 2 * width && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("{}{}", &s[width..], &s[..width]))
}

/// One string per row, transposed: row `r`'s letter `c` becomes row `c`'s letter `r`.
fn transpose(rows: &[Value]) -> Value {
    let grid: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect();
    let cols = grid.first().map_or(0, Vec::len);
    Value::Array(
        (0..cols)
            .map(|c| Value::String(grid.iter().map(|row| row[c]).collect()))
            .collect(),
    )
}

/// Every label of the file, wherever it is (a unit's hex, a route, a victory hex, a
/// reinforcement's entry, a map name's key), exchanged.
fn swap_labels(v: &mut Value, width: usize) {
    match v {
        Value::String(s) => {
            if let Some(t) = swap_label(s, width) {
                *s = t;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| swap_labels(x, width)),
        Value::Object(m) => {
            let old = std::mem::take(m);
            for (k, mut x) in old {
                swap_labels(&mut x, width);
                m.insert(swap_label(&k, width).unwrap_or(k), x);
            }
        }
        _ => {}
    }
}

/// The pointy-top mirror of a flat-top scenario file.
pub(crate) fn mirror(f: &ScenarioFile) -> ScenarioFile {
    let width = if f.map.columns > 99 || f.map.rows > 99 {
        3
    } else {
        2
    };
    let mut v = serde_json::to_value(f).unwrap();
    let map = v["map"].as_object_mut().unwrap();
    let terrain = transpose(map["terrain"].as_array().unwrap());
    map.insert("terrain".into(), terrain);
    if let Some(e) = map.get("elevation").and_then(Value::as_array) {
        let e = transpose(e);
        map.insert("elevation".into(), e);
    }
    let (c, r) = (map["columns"].clone(), map["rows"].clone());
    map.insert("columns".into(), r);
    map.insert("rows".into(), c);
    map.insert("orientation".into(), "Pointy".into());
    for h in map
        .get_mut("hexsides")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        let flat: Compass = serde_json::from_value(h["dir"].clone()).unwrap();
        let d = Orientation::Flat.dir(flat).unwrap();
        h["dir"] = serde_json::to_value(Orientation::Pointy.compass(d)).unwrap();
    }
    swap_labels(&mut v, width);
    // The title is no label, nor are the sides' names; a text of digits alone would be
    // changed above, so none of the shipped files has one.
    serde_json::from_value(v).unwrap()
}

/// Written to a folder of its own for each call: tests running at once write mirrors of the
/// same scenario, and one must not read another's file half written.
fn write(f: &ScenarioFile, name: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let p = tmp(&format!("{}-{k}", std::process::id())).join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, musket::editor::write::scenario_text(f)).unwrap();
    p
}

fn load(p: &Path) -> Arc<musket::rules::scenario::Scenario> {
    Arc::new(musket::rules::registry::load_scenario(p).unwrap())
}

// The mirror of every shipped scenario loads to the same units on the same hexes of the model,
// and every hex has the same terrain, elevation, hexsides and neighbours; its printed size is
// the original's turned.
#[test]
fn the_mirror_of_every_shipped_scenario_is_the_same_model() {
    for name in PLAYABLE
        .iter()
        .chain(&["example-flank.ron", "shiloh-1862.ron"])
    {
        let a = load(&shipped(name));
        let m = mirror(&a.file);
        let b = load(&write(&m, name));
        assert_eq!(b.map.orientation(), Orientation::Pointy);
        assert_eq!(
            (b.map.numbering().columns, b.map.numbering().rows),
            (a.map.numbering().rows, a.map.numbering().columns),
            "{name}"
        );
        assert_eq!(b.units, a.units, "{name}");
        for c in a.map.coords() {
            assert_eq!(b.map.terrain(c), a.map.terrain(c), "{name} {c:?}");
            assert_eq!(b.map.elevation(c), a.map.elevation(c), "{name} {c:?}");
            for n in c.neighbors() {
                assert_eq!(b.map.side_between(c, n), a.map.side_between(c, n), "{name}");
            }
            // The label a player reads is the original's with column and row exchanged.
            assert_eq!(
                Some(b.map.label(c)),
                swap_label(&a.map.label(c), a.map.label_width()),
                "{name}"
            );
        }
        // Written out again, the mirror is the same file.
        let again = musket::editor::write::scenario_text(&b.file);
        let back: ScenarioFile = musket::rules::scenario::from_ron(&again).unwrap();
        assert_eq!(back, b.file, "{name}");
    }
}

// A game on the mirror is the same game: the same commands for the same seed, whoever plays
// (the hexes they name by the mirror's labels).
#[test]
fn the_mirror_plays_the_same_games() {
    for name in PLAYABLE.iter().filter(|n| **n != "south-mountain.ron") {
        let (a, rules) = crate::common::load_shipped(name);
        let b = load(&write(&mirror(&a.file), name));
        for (seed, pair) in [
            (3, [Kind::Ai(2), Kind::Greedy]),
            (4, [Kind::Greedy, Kind::Ai(2)]),
        ] {
            let x = play_game(a.clone(), rules.clone(), seed, pair);
            let y = play_game(b.clone(), rules.clone(), seed, pair);
            assert!(x.session.log.len() > 10, "{name}");
            // Commands name hexes by label: the mirror's are the original's exchanged.
            let mut want = serde_json::to_value(&x.session.log).unwrap();
            swap_labels(&mut want, a.map.label_width());
            let got = serde_json::to_value(&y.session.log).unwrap();
            assert_eq!(got, want, "{name} {pair:?}");
            assert_eq!(x.session.game.units, y.session.game.units, "{name}");
        }
    }
}

fn musket(args: &[&str]) -> Value {
    let o = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

// scenario.md's contract example on the mirror: the same odds, the covered hexes named by the
// mirror's labels (0403 across the river is 0304 there), the same modifiers.
#[test]
fn the_mirror_gives_the_contract_odds() {
    let a = load(&shipped("example-flank.ron"));
    let p = write(&mirror(&a.file), "example-flank.ron");
    let flat = musket(&[
        "odds",
        &shipped("example-flank.ron").display().to_string(),
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--json",
    ]);
    let pointy = musket(&[
        "odds",
        &p.display().to_string(),
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--json",
    ]);
    let mut want = flat.clone();
    swap_labels(&mut want["flank"], 2);
    // Sorted lists of labels are in string order (scenario.md).
    for key in ["covered", "reductions"] {
        let mut l: Vec<String> = want["flank"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        l.sort();
        want["flank"][key] = l.into();
    }
    assert_eq!(pointy["flank"]["covered"], want["flank"]["covered"]);
    assert_eq!(pointy["flank"]["reductions"][0], "0304");
    for key in [
        "attacker_cv",
        "defender_cv",
        "ratio_modifier",
        "artillery_modifier",
        "attacker_drm",
        "defender_drm",
        "differential",
        "defender_results",
        "attacker_results",
    ] {
        assert_eq!(pointy[key], flat[key], "{key}");
    }
}

// On a pointy-top map the hexsides are named NE, E, SE, SW, W, NW: an N is refused, naming the
// field and the six; on a flat-top map an E is.
#[test]
fn directions_a_hex_does_not_have_are_refused() {
    let a = load(&shipped("example-flank.ron"));
    let mut m = mirror(&a.file);
    m.map.hexsides[0].dir = Compass::N;
    let p = write(&m, "bad-dir.ron");
    let e = musket::rules::registry::load_scenario(&p)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("map.hexsides[0].dir") && e.contains("NE, E, SE, SW, W, NW"),
        "{e}"
    );
    let mut f = a.file.clone();
    f.map.hexsides[0].dir = Compass::E;
    let p = write(&f, "bad-dir-flat.ron");
    let e = musket::rules::registry::load_scenario(&p)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("map.hexsides[0].dir") && e.contains("N, NE, SE, S, SW, NW"),
        "{e}"
    );
}

// The terrain-suggestion measurement (`musket import terrain-accuracy`) on a pointy map: its
// board is the flat board of the same model turned over the diagonal, pixel for pixel, its
// grid the flat grid's exchange, and the suggestions are as good as on the flat map. Before,
// `measure::render` refused pointy maps.
#[test]
fn a_pointy_map_is_drawn_and_measured_as_its_flat_mirror() {
    use musket::import::measure;
    for name in ["foxs-gap.ron", "crampton-gap.ron"] {
        let a = load(&shipped(name));
        let b = load(&write(&mirror(&a.file), name));
        let (fa, fb) = (
            measure::render(&a, 0).unwrap(),
            measure::render(&b, 0).unwrap(),
        );
        assert_eq!((fb.width, fb.height), (fa.height, fa.width), "{name}");
        for y in 0..fb.height as usize {
            for x in 0..fb.width as usize {
                let i = (y * fb.width as usize + x) * 3;
                let j = (x * fa.width as usize + y) * 3;
                assert_eq!(fb.rgb[i..i + 3], fa.rgb[j..j + 3], "{name} ({x}, {y})");
            }
        }
        // A hex's centre on the pointy board is the flat centre exchanged.
        for c in a.map.coords() {
            let (x, y) = measure::fit(Orientation::Flat).centre(Orientation::Flat, c);
            assert_eq!(
                measure::fit(Orientation::Pointy).centre(Orientation::Pointy, c),
                (y, x)
            );
        }
        let (ma, mb) = (
            measure::measure(&a, 3, 1, 6).unwrap(),
            measure::measure(&b, 3, 1, 6).unwrap(),
        );
        assert_eq!(mb.total(), ma.total(), "{name}");
        let (ra, rb) = (ma.right() as f64, mb.right() as f64);
        assert!(
            rb >= ra * 0.95,
            "{name}: pointy {rb} of {}, flat {ra}",
            mb.total()
        );
        eprintln!("{name}: flat {ra}/{0}, pointy {rb}/{0}", ma.total());
    }
}
