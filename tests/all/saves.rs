//! Saves: atomic writes leave no temporary file, a digest refuses an edited save, a
//! byte-order mark is accepted.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use musket::rules::order::Command;
use musket::rules::registry::for_scenario;
use musket::rules::scenario::{self, ron_options};
use musket::rules::session::{SaveError, SaveFile, Session, write_atomic, write_atomic_with};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musket-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Fox's Gap after a few commands, with dice rolled.
fn played() -> Session {
    let sc = musket::rules::registry::load_scenario(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/foxs-gap.ron"
    )))
    .unwrap();
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    // The generic turn: these tests are about saves, not the sequence of play.
    let generic = Arc::new(musket::rules::sequence::generic());
    let mut s = Session::with_sequence(Arc::new(sc), rules, 17, generic);
    for c in [
        Command::March {
            units: vec!["usa-crook".into()],
        },
        Command::Move {
            unit: "usa-crook".into(),
            path: vec!["0807".into()],
        },
        Command::EndTurn,
        Command::Attack {
            attackers: vec!["csa-garland".into()],
            defender: "0708".into(),
            kind: None,
            march_type: None,
            choices: Default::default(),
            options: Default::default(),
        },
        Command::EndTurn,
    ] {
        s.execute(c).unwrap();
    }
    s
}

fn load(text: &str) -> Result<Session, SaveError> {
    Session::load_save(text, "game.ron", &Default::default())
}

// Issue 8.5: a failed write used to leave its `.tmp` file behind (the `?` returned before the
// clean-up). The previous save stays whole and no temporary file is left.
#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
    let dir = temp_dir("fail");
    let path = dir.join("game.ron");
    write_atomic(&path, "old").unwrap();
    let e = write_atomic_with(&path, |f| {
        use std::io::Write;
        f.write_all(b"half of the new")?;
        Err(std::io::Error::other("disk full"))
    })
    .unwrap_err();
    assert_eq!(e.to_string(), "disk full");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(files_in(&dir), vec!["game.ron".to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
}

// A process killed mid-write leaves its temporary file; the next write of the same file
// removes it (its process is gone), and leaves other files alone.
#[test]
fn the_next_write_removes_a_killed_writers_temporary_file() {
    let dir = temp_dir("stale");
    let path = dir.join("game.ron");
    // Process ids on Linux stay below 2^22.
    std::fs::write(dir.join(".game.ron.4194999.tmp"), "half").unwrap();
    std::fs::write(dir.join(".other.ron.4194999.tmp"), "another file's").unwrap();
    std::fs::write(dir.join("keep.ron"), "x").unwrap();
    write_atomic(&path, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    let mut want = vec![".other.ron.4194999.tmp", "game.ron", "keep.ron"];
    if !cfg!(target_os = "linux") {
        // Elsewhere only temporary files older than an hour are taken as abandoned.
        want.insert(0, ".game.ron.4194999.tmp");
    }
    assert_eq!(files_in(&dir), want);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_round_trips_with_its_digest() {
    let s = played();
    let text = s.save_string();
    assert!(text.contains("digest:"), "{text}");
    let back = load(&text).unwrap();
    assert_eq!(back.log, s.log);
    assert_eq!(back.game.units, s.game.units);
}

/// The save as an older version wrote it: no rules tables, the digest as that version computed
/// it (not covering the sequence).
fn as_version(mut save: SaveFile, version: u32) -> SaveFile {
    save.version = version;
    save.tables = None;
    save.digest = Some(musket::rules::session::Digest::of_reseeded(
        &save.scenario,
        save.seed,
        &save.commands,
        &save.reseeds,
    ));
    save
}

fn edited(f: impl FnOnce(&mut SaveFile)) -> Result<Session, SaveError> {
    let mut save = played().to_save();
    f(&mut save);
    load(&ron_options().to_string(&save).unwrap())
}

fn refused_as_edited(r: Result<Session, SaveError>, what: &str) {
    match r {
        Err(e @ SaveError::Digest { .. }) => {
            let m = e.to_string();
            assert!(
                m.starts_with("game.ron:") && m.contains("changed") && m.contains(what),
                "{m}"
            );
        }
        Err(e) => panic!("expected a digest error, got: {e}"),
        Ok(_) => panic!("an edited save loaded"),
    }
}

// Issue 8.6: 87 of 1,559 altered saves loaded silently (seed changed, commands removed or
// swapped). Each is now refused with the part that changed named.
#[test]
fn an_edited_save_is_refused() {
    refused_as_edited(edited(|s| s.seed += 1), "command log");
    refused_as_edited(edited(|s| s.commands.truncate(3)), "command log");
    refused_as_edited(edited(|s| s.commands.swap(0, 1)), "command log");
    refused_as_edited(edited(|s| s.commands.push(Command::EndTurn)), "command log");
    refused_as_edited(
        edited(|s| s.scenario.units[1].strength = Some(scenario::StrengthFile::Organized(9.0))),
        "scenario",
    );
    refused_as_edited(edited(|s| s.scenario.title.push('!')), "scenario");
    // A save without its digest line is refused too; a version 1 save (written before saves
    // had one) loads unchecked.
    match edited(|s| s.digest = None) {
        Err(e @ SaveError::NoDigest { .. }) => assert!(e.to_string().contains("digest")),
        other => panic!("{:?}", other.err()),
    }
    edited(|s| {
        s.digest = None;
        s.version = 1;
    })
    .unwrap();
    match edited(|s| s.version = musket::rules::session::SAVE_VERSION + 1) {
        Err(e @ SaveError::Version { .. }) => assert!(e.to_string().contains(&format!(
            "version {}",
            musket::rules::session::SAVE_VERSION + 1
        ))),
        other => panic!("{:?}", other.err()),
    }
    match edited(|s| {
        // In a version 5 save (its digest does not cover the sequence).
        *s = as_version(s.clone(), 5);
        if let Some(q) = s.sequence.as_mut() {
            q.phases.clear();
        }
    }) {
        Err(e @ SaveError::Sequence { .. }) => {
            assert!(e.to_string().contains("sequence.phases"), "{e}")
        }
        other => panic!("{:?}", other.err()),
    }
}

// Save version 3: a game follows a sequence of play, which the save holds. A version 2 save
// was played in the generic turn (one side moves and attacks, then the other): it replays in
// it, and holds it when saved again, so the game goes on as it was begun.
#[test]
fn a_save_from_before_the_sequences_replays_in_the_generic_turn() {
    let sc = musket::rules::registry::load_scenario(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/gbacw-bloody-hill.ron"
    )))
    .unwrap();
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    // In the generic turn the Confederates end their turn and the Union moves at once.
    let generic = Arc::new(musket::rules::sequence::generic());
    let mut old = Session::with_sequence(Arc::new(sc.clone()), rules.clone(), 5, generic);
    old.execute(Command::EndTurn).unwrap();
    let g = &old.game;
    let from = g.unit(g.unit_by_id("usa-totten").unwrap()).hex.unwrap();
    let mv = from
        .neighbors()
        .into_iter()
        .map(|n| Command::Move {
            unit: "usa-totten".into(),
            path: vec![g.label(n)],
        })
        .find(|c| musket::rules::command::validate(g, c).is_ok())
        .expect("a hex Totten may move to");
    old.execute(mv.clone()).unwrap();
    let mut save = old.to_save();
    assert_eq!(save.sequence, Some(musket::rules::sequence::generic()));
    save.sequence = None;
    let save = as_version(save, 2);
    let back = load(&ron_options().to_string(&save).unwrap()).unwrap();
    assert_eq!(back.game.units, old.game.units);
    assert_eq!(
        back.to_save().sequence,
        Some(musket::rules::sequence::generic())
    );
    // Under GBACW's own sequence the same log is refused: after the Confederate movement
    // comes the Union's defensive fire, not its movement.
    let mut new = Session::new(Arc::new(sc), rules, 5);
    new.execute(Command::EndTurn).unwrap();
    let e = new.execute(mv).unwrap_err().to_string();
    assert!(
        e.starts_with("Defensive fire: only the Union acts now"),
        "{e}"
    );
    // A version 3 save holds the sequence it was played in: it replays in it whatever the
    // rules file says now; without it, in the rule system's.
    let mut v3 = as_version(new.to_save(), 3);
    assert_eq!(v3.sequence.as_ref(), Some(&*new.game.sequence));
    let held = load(&ron_options().to_string(&v3).unwrap()).unwrap();
    assert_eq!(held.game.phase, new.game.phase);
    v3.sequence = None;
    let plain = load(&ron_options().to_string(&v3).unwrap()).unwrap();
    assert_eq!(plain.game.phase, new.game.phase);
}

// The digest covers what the save means, not how it is laid out.
#[test]
fn a_reformatted_save_loads() {
    let s = played();
    let save = s.to_save();
    let compact = ron_options().to_string(&save).unwrap();
    let back = load(&compact).unwrap();
    assert_eq!(back.game.units, s.game.units);
    let commented = format!("// my game\n{}", s.save_string());
    load(&commented).unwrap();
}

// Issue 8.10: a save beginning with a UTF-8 byte-order mark was refused ("1:1: Expected
// opening `(`").
#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let s = played();
    let back = load(&format!("\u{feff}{}", s.save_string())).unwrap();
    assert_eq!(back.log, s.log);
    let dir = temp_dir("bom");
    let p = dir.join("bom.ron");
    std::fs::write(&p, format!("\u{feff}{}", s.save_string())).unwrap();
    Session::load_file(&p, &Default::default()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

// And a rules tables file with one.
#[test]
fn a_rules_file_with_a_byte_order_mark_loads() {
    let dir = temp_dir("bom-rules");
    for id in musket::rules::registry::built_in_ids() {
        let p = dir.join(format!("{id}.ron"));
        let text = musket::rules::registry::builtin_tables(id).unwrap();
        std::fs::write(&p, format!("\u{feff}{text}")).unwrap();
        let ov = musket::rules::registry::RulesOverrides {
            file: Some(p.clone()),
        };
        musket::rules::registry::for_id(id, &ov).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 16 item 4: a field a save does not have, misspelt or made up, is refused with its place
// (line and column) and name, not ignored: in a command of the log and in the file itself.
#[test]
fn a_save_with_an_unknown_field_is_refused_with_its_place() {
    let s = played();
    let text = s.save_string();
    let bad = text.replacen("Move(", "Move(speed: 2, ", 1);
    assert_ne!(bad, text, "the save has a Move command");
    let e = load(&bad).expect_err("refused").to_string();
    assert!(e.contains("speed") && e.contains(':'), "{e}");
    let bad = text.replacen("(", "(comment: \"x\", ", 1);
    let e = load(&bad).expect_err("refused").to_string();
    assert!(e.contains("comment"), "{e}");
}

// Issue 16 item 4: in a rules tables file, a field no table has is refused wherever it is put:
// after every `(` that opens named fields in each built-in tables file, a made-up field makes
// the file refused, naming it and its line and column.
#[test]
fn a_rules_file_with_an_unknown_field_is_refused_wherever_it_is() {
    let dir = temp_dir("unknown-rules");
    let mut tried = 0;
    for id in musket::rules::registry::built_in_ids() {
        let text = musket::rules::registry::builtin_tables(id).unwrap();
        let p = dir.join(format!("{id}.ron"));
        let ov = musket::rules::registry::RulesOverrides {
            file: Some(p.clone()),
        };
        // Each `(` followed by `name:` (skipping comments' text is not needed: a `(` in a
        // comment followed by `word:` would only add a case that must fail too, or be skipped
        // below when the text did not change its meaning).
        let bytes = text.as_bytes();
        let mut places = Vec::new();
        for (i, b) in bytes.iter().enumerate() {
            if *b != b'(' {
                continue;
            }
            let rest = text[i + 1..].trim_start();
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !ident.is_empty() && rest[ident.len()..].starts_with(':') {
                let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
                if !text[line_start..i].contains("//") {
                    places.push(i + 1);
                }
            }
        }
        assert!(places.len() > 3, "{id}: {} places", places.len());
        for at in places {
            let bad = format!("{}bogus_field: 1, {}", &text[..at], &text[at..]);
            std::fs::write(&p, &bad).unwrap();
            let e = match musket::rules::registry::for_id(id, &ov) {
                Ok(_) => panic!(
                    "{id}: accepted an unknown field at byte {at}: {}",
                    &text[at.saturating_sub(40)..at + 20]
                ),
                Err(e) => e.to_string(),
            };
            assert!(e.contains("bogus_field"), "{id} at byte {at}: {e}");
            tried += 1;
        }
    }
    assert!(tried > 20);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 34.3: `rounds: 1` -> `rounds: 2` in a save loaded into another game. A version 6 save's
// digest covers the sequence of play and the rules tables it holds.
#[test]
fn an_edited_sequence_or_table_in_a_save_is_refused() {
    refused_as_edited(
        edited(|s| s.sequence.as_mut().unwrap().rounds = 2),
        "sequence of play",
    );
    refused_as_edited(
        edited(|s| {
            s.sequence.as_mut().unwrap().phases[0].attacks_per_unit = Some(3);
        }),
        "sequence of play",
    );
    refused_as_edited(
        edited(|s| {
            let t = s.tables.as_mut().unwrap();
            let i = t
                .find("max_reduction:3")
                .expect("the flank bonus's maximum reduction");
            t.replace_range(i..i + "max_reduction:3".len(), "max_reduction:2");
        }),
        "rules tables",
    );
    match edited(|s| s.tables = None) {
        Err(e @ SaveError::NoRules { .. }) => assert!(e.to_string().contains("tables"), "{e}"),
        other => panic!("{:?}", other.err()),
    }
}

// A version 6 save plays under the tables it holds, whatever rules file it is loaded with.
#[test]
fn a_save_plays_under_the_tables_it_holds() {
    let s = played();
    let text = s.save_string();
    let dir = temp_dir("own-tables");
    let mine = dir.join("mine.ron");
    std::fs::write(
        &mine,
        musket::rules::gcacw::data::DEFAULT_TABLES.replace("max_reduction: 3", "max_reduction: 1"),
    )
    .unwrap();
    let ov = musket::rules::registry::RulesOverrides {
        file: Some(mine.clone()),
    };
    let back = Session::load_save(&text, "game.ron", &ov).unwrap();
    assert_eq!(
        back.game.rules.tables_in_use(),
        s.game.rules.tables_in_use()
    );
    assert_eq!(back.game.units, s.game.units);
    let _ = std::fs::remove_dir_all(&dir);
}

// A version 5 save's digest does not cover the sequence it holds: it loads only with a
// sequence Musket wrote (`assets/rules/sequences.ron`, the generic one, or the loader's own).
// The reproductions: the same Bloody Hill save with `rounds: 1` and `rounds: 2`.
#[test]
fn a_version_5_save_with_an_edited_sequence_is_refused() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/defects-4");
    let ov = Default::default();
    let orig = Session::load_file(&dir.join("save-sequence-orig.ron"), &ov).unwrap();
    assert_eq!(orig.log.len(), 81);
    match Session::load_file(&dir.join("save-sequence-rounds2.ron"), &ov) {
        Err(e @ SaveError::Sequence { .. }) => {
            let m = e.to_string();
            assert!(m.contains("rounds: 2 (built-in: 1)"), "{m}");
            assert!(m.contains("not a sequence Musket has written"), "{m}");
        }
        other => panic!("loaded: {:?}", other.map(|s| s.game.turn)),
    }
}

// Every built-in sequence of play is listed in the history a version 3-5 save is checked
// against (regenerate it with tools/sequence_history.py after changing one).
#[test]
fn every_built_in_sequence_is_in_the_history() {
    for id in musket::rules::registry::built_in_ids() {
        let rules = musket::rules::registry::builtin(id).unwrap();
        let d = musket::rules::sequence::digest(rules.sequence());
        assert!(
            musket::rules::sequence::history()
                .iter()
                .any(|(r, h)| r == id.as_str() && *h == d),
            "{id}'s built-in sequence ({d}) is not in assets/rules/sequences.ron: run tools/sequence_history.py"
        );
    }
}

// Issue 48 item 1: a rule system's unit state moved out of the shared unit into its own type.
// Saves written before that change (by commit de2eca4: `musket play SCENARIO --sides
// ai2,greedy --seed 11 --save FILE`, one game of each rule system to its end) load, replay to
// the end and give the result that version printed for the same game.
#[test]
fn saves_written_before_each_system_owned_its_unit_state_replay_to_the_same_result() {
    use musket::rules::unit::SideId;
    // (file, score of each side, manpower lost by each side, commands): as de2eca4 printed.
    let cases = [
        ("foxs-gap", [10, 0], [4, 0], 84),
        ("gbacw-bloody-hill", [7, 0], [7, 10], 89),
        ("ngg1812-smolensk", [5, 0], [6, 10], 65),
        ("shiloh-hornets-nest", [16, 0], [1742, 1762], 150),
    ];
    for (name, score, lost, commands) in cases {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/saves-de2eca4")
            .join(format!("{name}.save.ron"));
        let s = Session::load_file(&path, &Default::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let g = &s.game;
        assert!(g.is_over(), "{name}: played to its end");
        assert_eq!(s.log.len(), commands, "{name}: commands");
        let sides = [SideId(0), SideId(1)];
        assert_eq!(sides.map(|x| g.score(x)), score, "{name}: score");
        assert_eq!(sides.map(|x| g.manpower_lost(x)), lost, "{name}: losses");
    }
}
