//! `musket fields`: fresh battlefields for measuring the computer players (issue 37, item 3).
//! Every rule system's shipped scenario lends its army to fields that load, can be played and
//! hold what their layout promises; a seed always makes the same file; the committed held-out
//! set is exactly what its command makes; bad arguments are refused with a clear first line.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use musket::fieldgen::{self, Field, Template};
use musket::rules::game::Game;
use musket::rules::hex::Coord;
use musket::rules::map::{Feature, Terrain};
use musket::rules::registry::{self, RulesOverrides};
use musket::rules::scenario::Scenario;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn source(name: &str) -> Scenario {
    registry::load_scenario(&root().join("scenarios").join(name)).expect("a shipped scenario")
}

fn make(name: &str, seed: u64) -> Field {
    let like = format!("scenarios/{name}");
    let sc = source(name);
    let src = fieldgen::Source::new(&sc, &like, &RulesOverrides::default()).unwrap();
    fieldgen::generate(&src, seed, None).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"))
}

/// The field as the game would load it from its text: the scenario and a new game.
fn load(field: &Field) -> Game {
    let sc = registry::parse_scenario(&field.text, Path::new("field.ron")).expect("it loads");
    sc.playable().expect("no placeholders");
    let rules = registry::for_scenario(&sc, &RulesOverrides::default()).expect("rules accept it");
    musket::rules::flow::new_game(Arc::new(sc), rules)
}

/// The hexes at either end of each crossing: hexsides with a bridge or a ford, ford and bridge
/// hexes.
fn crossings(game: &Game) -> Vec<Coord> {
    let map = game.map();
    let mut out: Vec<Coord> = map
        .hexsides()
        .filter(|(_, i)| i.has(Feature::Bridge) || i.has(Feature::Ford))
        .flat_map(|(s, _)| [s.hex, s.hex.neighbor(s.dir)])
        .collect();
    out.extend(
        map.coords()
            .filter(|c| matches!(map.terrain(*c), Some(Terrain::Ford | Terrain::Bridge))),
    );
    out
}

fn rivers(game: &Game) -> usize {
    let map = game.map();
    let sides = map
        .hexsides()
        .filter(|(_, i)| i.has(Feature::MajorRiver) || i.has(Feature::MinorRiver))
        .count();
    sides
        + map
            .coords()
            .filter(|c| map.terrain(*c) == Some(Terrain::Stream))
            .count()
}

/// What every field must hold: both sides hold victory hexes and have some to take; every
/// objective and crossing is reachable by every unit that can move; no unit starts on ground
/// it could not enter or beside an enemy; the layout's own features are there.
fn check(name: &str, seed: u64, field: &Field) {
    let game = load(field);
    let what = format!("{name} seed {seed} ({})", field.template.name());
    let sc = &game.scenario;
    for side in 0..2u8 {
        let held = sc
            .victory
            .iter()
            .filter(|v| v.holder.map(|h| h.0) == Some(side));
        assert!(
            held.count() >= 1,
            "{what}: side {side} holds no victory hex"
        );
        let other = sc
            .victory
            .iter()
            .filter(|v| v.holder.map(|h| h.0) != Some(side));
        assert!(
            other.count() >= 1,
            "{what}: side {side} has nothing to take"
        );
    }
    let mut targets: Vec<Coord> = sc.victory.iter().map(|v| v.hex).collect();
    targets.extend(crossings(&game));
    let missed = fieldgen::unreachable(&game, &targets);
    assert!(missed.is_empty(), "{what}: unreachable: {missed:?}");
    for (i, u) in game.units.iter().enumerate() {
        let Some(hex) = u.hex else { continue };
        let me = musket::rules::unit::UnitIdx(i as u32);
        let enters = hex
            .neighbors()
            .into_iter()
            .any(|n| fieldgen::step(&game, me, n, hex).is_some());
        let moves = hex
            .neighbors()
            .into_iter()
            .any(|n| fieldgen::step(&game, me, hex, n).is_some());
        assert!(
            enters || !moves || !u.takes_ground(),
            "{what}: {} starts on ground it cannot enter",
            u.id
        );
        for n in hex.neighbors() {
            let enemy = game
                .units_at(n)
                .iter()
                .any(|o| game.unit(*o).side != u.side);
            assert!(
                !enemy || !u.is_combat(),
                "{what}: {} starts next to an enemy",
                u.id
            );
        }
    }
    match field.template {
        Template::River => {
            assert!(rivers(&game) > 0, "{what}: no river");
            assert!(
                !crossings(&game).is_empty(),
                "{what}: a river without a crossing"
            );
        }
        Template::Ridge => assert!(
            game.map().coords().any(|c| game.map().elevation(c) >= 2),
            "{what}: no summit"
        ),
        Template::Open | Template::Town => assert!(
            sc.victory.iter().any(|v| v.name.starts_with("Town")),
            "{what}: no town"
        ),
    }
}

#[test]
fn every_shipped_game_lends_its_army_to_fields_of_every_layout() {
    let shipped = [
        "foxs-gap.ron",
        "crampton-gap.ron",
        "gbacw-bloody-hill.ron",
        "ngg1812-smolensk.ron",
        "shiloh-hornets-nest.ron",
    ];
    for name in shipped {
        for seed in 1..=4 {
            let field = make(name, seed);
            assert_eq!(field.template, Template::for_seed(seed));
            check(name, seed, &field);
        }
    }
    // The largest shipped army, on one layout.
    check("south-mountain.ron", 5, &make("south-mountain.ron", 5));
    // The whole battle of Shiloh (101 units, reinforcements by ferry): its ferries name hexes of
    // its own map, which a field has not (they made the field's probe refuse the army); its
    // reinforcements enter at their side's edge instead, as the briefing says.
    let field = make("shiloh-1862.ron", 3);
    check("shiloh-1862.ron", 3, &field);
    assert!(field.file.ferries.is_empty());
    assert!(
        field.text.contains("Its ferries are not on this ground"),
        "{}",
        field.file.briefing.as_deref().unwrap_or_default()
    );
    assert!(load(&field).units.len() > 100);
}

/// The reachability check finds units cut off by a river they may not cross, and none where
/// a bridge crosses it.
#[test]
fn a_unit_behind_an_unbridged_major_river_cannot_reach_the_far_bank() {
    let game = |features: &str| {
        let text = format!(
            r#"(
            title: "cut off", ruleset: "gcacw", sides: ["Union", "Confederate"], turns: 2,
            map: (columns: 4, rows: 1, terrain: ["cccc"],
                  hexsides: [(hex: "0201", dir: NE, features: [{features}])]),
            units: [
                (id: "u", name: "U", side: "Union", kind: Infantry, hex: "0101", strength: Organized(3)),
                (id: "c", name: "C", side: "Confederate", kind: Infantry, hex: "0401", strength: Organized(3)),
            ],
        )"#
        );
        let sc = registry::parse_scenario(&text, Path::new("cut.ron")).unwrap();
        let rules = registry::for_scenario(&sc, &RulesOverrides::default()).unwrap();
        musket::rules::flow::new_game(Arc::new(sc), rules)
    };
    let (far, near) = (Coord::new(4, 1), Coord::new(2, 1));
    let cut = game("MajorRiver");
    assert_eq!(
        fieldgen::unreachable(&cut, &[near]),
        vec!["unit c: 0201".to_string()]
    );
    assert_eq!(
        fieldgen::unreachable(&cut, &[far, near]),
        vec!["unit u: 0401".to_string(), "unit c: 0201".to_string()]
    );
    let bridged = game("MajorRiver, Bridge");
    assert!(fieldgen::unreachable(&bridged, &[far, near]).is_empty());
}

#[test]
fn a_seed_always_makes_the_same_file_and_another_seed_another() {
    let a = make("gbacw-bloody-hill.ron", 7);
    let b = make("gbacw-bloody-hill.ron", 7);
    assert_eq!(a.text, b.text);
    let c = make("gbacw-bloody-hill.ron", 11);
    assert_eq!(c.template, a.template, "7 and 11 draw the same layout");
    assert_ne!(a.text, c.text);
    assert!(a.text.contains("--seed 7"));
    assert!(a.file.title.contains("Generated field 7"));
}

#[test]
fn a_chosen_layout_is_drawn_whatever_the_seed() {
    let sc = source("foxs-gap.ron");
    let src = fieldgen::Source::new(&sc, "foxs", &RulesOverrides::default()).unwrap();
    for t in Template::ALL {
        let f = fieldgen::generate(&src, 3, Some(t)).unwrap();
        assert_eq!(f.template, t);
        check("foxs-gap.ron", 3, &f);
    }
}

#[test]
fn the_seeds_split_into_a_tuning_set_and_a_held_out_set() {
    assert_eq!(fieldgen::set_of(1), "tuning");
    assert_eq!(fieldgen::set_of(999), "tuning");
    assert_eq!(fieldgen::set_of(1000), "held-out");
    assert!(make("foxs-gap.ron", 1001).text.contains("held-out set"));
    assert!(make("foxs-gap.ron", 2).text.contains("tuning set"));
}

/// The committed held-out set (tests/fields/held-out) is what its command makes, byte for byte:
/// `musket fields --like … --seed 1001 --count 4 --out tests/fields/held-out`.
#[test]
fn the_held_out_set_is_exactly_what_its_command_makes() {
    let dir = root().join("tests/fields/held-out");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fields/held-out")
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    let mut systems = std::collections::BTreeMap::<String, Vec<Template>>::new();
    for n in &names {
        let text = std::fs::read_to_string(dir.join(n)).unwrap();
        let (stem, seed) = n.trim_end_matches(".ron").rsplit_once('-').unwrap();
        let seed: u64 = seed.parse().unwrap();
        assert_eq!(fieldgen::set_of(seed), "held-out", "{n}");
        let field = make(&format!("{stem}.ron"), seed);
        assert!(
            field.text == text,
            "{n} is not what seed {seed} makes: regenerate it"
        );
        systems
            .entry(field.scenario.ruleset.to_string())
            .or_default()
            .push(field.template);
    }
    assert_eq!(systems.len(), registry::built_in_ids().len(), "{systems:?}");
    for (id, ts) in systems {
        assert!(
            ts.len() >= 2 && ts.iter().any(|t| *t != ts[0]),
            "{id}: {ts:?}"
        );
    }
}

fn musket(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run musket")
}

fn first_error_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn the_command_writes_fields_that_musket_check_accepts() {
    let dir = std::env::temp_dir().join(format!("musket-fields-{}", std::process::id()));
    let out = dir.to_string_lossy().to_string();
    let o = musket(&[
        "fields",
        "--like",
        "scenarios/ngg1812-smolensk.ron",
        "--like",
        "scenarios/shiloh-hornets-nest.ron",
        "--seed",
        "41",
        "--count",
        "2",
        "--out",
        &out,
        "--json",
    ]);
    assert!(o.status.success(), "{}", first_error_line(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let fields = v.as_array().unwrap();
    assert_eq!(fields.len(), 4);
    for f in fields {
        assert_eq!(f["set"], "tuning");
        assert!(f["victory"].as_array().unwrap().len() >= 3);
        let path = f["path"].as_str().unwrap();
        let c = musket(&["check", path]);
        assert!(c.status.success(), "{path}: {}", first_error_line(&c));
    }
    assert!(dir.join("ngg1812-smolensk-42.ron").is_file());
    let again = musket(&[
        "fields",
        "--like",
        "scenarios/ngg1812-smolensk.ron",
        "--seed",
        "42",
        "--out",
        &out,
    ]);
    assert!(again.status.success());
    let line = String::from_utf8_lossy(&again.stdout);
    assert!(
        line.contains("ngg1812-smolensk-42.ron: ridge line, ngg1812"),
        "{line}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--rules FILE` makes and checks the fields with the player's tables, and says so in the file.
#[test]
fn a_players_rules_tables_make_and_check_the_fields() {
    let dir = std::env::temp_dir().join(format!("musket-fields-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tables = dir.join("my-gcacw.ron");
    std::fs::write(
        &tables,
        registry::builtin_tables(registry::default_id()).unwrap(),
    )
    .unwrap();
    let (t, out) = (
        tables.to_string_lossy().to_string(),
        dir.to_string_lossy().to_string(),
    );
    let fox = "scenarios/foxs-gap.ron";
    let o = musket(&[
        "--rules", &t, "fields", "--like", fox, "--seed", "5", "--out", &out,
    ]);
    assert!(o.status.success(), "{}", first_error_line(&o));
    let text = std::fs::read_to_string(dir.join("foxs-gap-5.ron")).unwrap();
    assert!(text.contains(&format!("--seed 5 --rules {t}")), "{text}");
    let ngg = "scenarios/ngg1812-smolensk.ron";
    let none = dir.join("none");
    let o = musket(&[
        "--rules",
        &t,
        "fields",
        "--like",
        ngg,
        "--out",
        &none.to_string_lossy(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let line = first_error_line(&o);
    let want = format!("--like {ngg}: its rules refuse its units");
    assert!(line.contains(&want), "{line}");
    assert!(!none.exists(), "a refused source writes nothing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused_with_what_is_wrong() {
    let tmp = std::env::temp_dir().join(format!("musket-fields-bad-{}", std::process::id()));
    std::fs::write(&tmp, "not a folder").unwrap();
    let file = tmp.to_string_lossy().to_string();
    let fox = "scenarios/foxs-gap.ron";
    let cases: [(&[&str], &str); 7] = [
        (
            &["--like", fox, "--count", "0", "--out", "x"],
            "--count 0: from 1 to 1000",
        ),
        (
            &["--like", fox, "--template", "swamp", "--out", "x"],
            "--template swamp: unknown layout; known: town, river, ridge, open",
        ),
        (&["--like", fox, "--out", &file], "not a folder"),
        (
            &["--like", "scenarios/nope.ron", "--out", "x"],
            "scenarios/nope.ron: cannot read the file",
        ),
        (
            &["--like", "scenarios/example-flank.ron", "--out", "x"],
            "no number of turns",
        ),
        (
            &["--like", fox, "--like", "other/foxs-gap.ron", "--out", "x"],
            "another source has the name \"foxs-gap\"",
        ),
        (
            &[
                "--like",
                fox,
                "--seed",
                "18446744073709551615",
                "--out",
                "x",
            ],
            "too large",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["fields"];
        all.extend(args);
        let o = musket(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let line = first_error_line(&o);
        assert!(line.contains(want), "{args:?}: {line}");
    }
    let o = musket(&["fields", "--like", fox]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        first_error_line(&o).contains("--out"),
        "{}",
        first_error_line(&o)
    );
    let _ = std::fs::remove_file(&tmp);
    assert!(
        !Path::new(&root().join("x")).exists(),
        "a refused run made no folder"
    );
}

/// `fields --like` a pointy-top scenario makes a pointy-top field: the field the same seed
/// makes from the flat scenario, turned over the diagonal — the same model hex for hex and
/// unit for unit, its labels and directions the pointy map's, its briefing's west and east
/// printed as north and south. Before, it was written flat-topped.
#[test]
fn a_field_like_a_pointy_map_is_pointy() {
    use musket::rules::hex::Orientation;
    let flat_src = source("foxs-gap.ron");
    let text = musket::editor::write::scenario_text(&crate::pointy::mirror(&flat_src.file));
    let pointy_src = registry::parse_scenario(&text, Path::new("pointy-foxs-gap.ron")).unwrap();
    for seed in [5, 2003] {
        let flat = make("foxs-gap.ron", seed);
        let src = fieldgen::Source::new(
            &pointy_src,
            "pointy-foxs-gap.ron",
            &RulesOverrides::default(),
        )
        .unwrap();
        let pointy = fieldgen::generate(&src, seed, None).unwrap();
        let (a, b) = (load(&flat), load(&pointy));
        assert_eq!(b.map().orientation(), Orientation::Pointy);
        assert!(pointy.text.contains("orientation: Pointy"), "seed {seed}");
        for c in a.map().coords() {
            assert_eq!(b.map().terrain(c), a.map().terrain(c), "seed {seed} {c:?}");
            assert_eq!(
                b.map().elevation(c),
                a.map().elevation(c),
                "seed {seed} {c:?}"
            );
            for n in c.neighbors() {
                assert_eq!(b.map().side_between(c, n), a.map().side_between(c, n));
            }
        }
        let hexes = |g: &Game| g.units.iter().map(|u| u.hex).collect::<Vec<_>>();
        assert_eq!(hexes(&b), hexes(&a), "seed {seed}");
        let vh = |g: &Game| g.scenario.victory.iter().map(|v| v.hex).collect::<Vec<_>>();
        assert_eq!(vh(&b), vh(&a), "seed {seed}");
        let briefing = b.scenario.file.briefing.clone().unwrap_or_default();
        assert!(briefing.contains("deploys in the north"), "{briefing}");
    }
}
