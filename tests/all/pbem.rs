//! Play by e-mail (`rules::pbem`, issue 20): a whole game exchanged as turn files between two
//! in-process players and verified at each step; every kind of tampering refused (property
//! tests over random edits); a file of another game refused against the previous one; dice
//! that neither player chooses and that reloading does not re-roll; bad input named.

use std::sync::Arc;

use musket::rules::ai::{Kind, play_turn};
use musket::rules::order::Command;
use musket::rules::pbem::{self, Secret, TurnFile, Verified};
use musket::rules::registry::for_scenario;
use musket::rules::scenario::Scenario;
use musket::rules::session::Session;
use musket::rules::unit::SideId;
use proptest::prelude::*;

fn scenario(path: &str) -> Arc<Scenario> {
    Arc::new(musket::rules::registry::load_scenario(std::path::Path::new(path)).unwrap())
}

/// A whole game between two `ai2` players exchanged as turn files; every file as verified
/// on arrival (each also checked against the one before it by `exchange`).
fn exchanged(path: &str, seed: u64, max: u32) -> Vec<Verified> {
    let sc = scenario(path);
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let secrets = [0, 1].map(|i| Secret::derived(&format!("test {seed} {i}")));
    let game = Secret::derived(&format!("game {seed}")).0[..32].to_string();
    let mut players = [
        Kind::Ai(2).player(seed, SideId(0)),
        Kind::Ai(2).player(seed, SideId(1)),
    ];
    let mut files = Vec::new();
    pbem::exchange(
        &sc.file,
        rules.sequence(),
        sc.side_name(SideId(0)),
        &game,
        [&secrets[0], &secrets[1]],
        &Default::default(),
        max,
        |s| {
            let side = s.game.active_side;
            let r = play_turn(s, players[side.0 as usize].as_mut());
            assert!(r.refused.is_empty(), "{:?}", r.refused);
        },
        |v| {
            files.push(v.clone());
            Ok(())
        },
    )
    .unwrap();
    files
}

fn text(v: &Verified) -> String {
    pbem::to_text(&v.file)
}

fn verify_text(t: &str) -> Result<Verified, pbem::TurnError> {
    let f = pbem::parse(t, "t.ron")?;
    pbem::verify(f, "t.ron", &Default::default())
}

#[test]
fn a_whole_game_is_exchanged_and_every_file_verifies_on_its_own_and_against_the_one_before() {
    let files = exchanged("scenarios/foxs-gap.ron", 5, 10_000);
    let last = files.last().unwrap();
    assert!(last.is_over(), "the exchange ends with the game");
    assert!(files.len() > 6);
    // The handshake: entries 0 and 1 hold no commands; every later entry hands the move over.
    assert!(files[1].file.entries.iter().all(|e| e.commands.is_empty()));
    for w in files.windows(2) {
        // As the receiving player reads them: text, parsed, verified, checked against the
        // file before.
        let prev = verify_text(&text(&w[0])).unwrap();
        let next = verify_text(&text(&w[1])).unwrap();
        pbem::check_previous(&next, &prev, "next").unwrap();
        assert_eq!(next.file.entries.len(), prev.file.entries.len() + 1);
        // The writers alternate.
        assert_ne!(
            prev.file.entries.last().unwrap().from,
            next.file.entries.last().unwrap().from
        );
    }
    // The whole log is the entries' commands in order, and it replays to the same game from
    // the entries' dice seeds.
    let log: Vec<Command> = last
        .file
        .entries
        .iter()
        .flat_map(|e| e.commands.clone())
        .collect();
    let s = last.session.as_ref().unwrap();
    assert_eq!(s.log, log);
    // A save of the game (with its reseeds) loads to the same game.
    let back = Session::load_save(&s.save_string(), "pbem.ron", &Default::default()).unwrap();
    assert_eq!(back.log, s.log);
    assert_eq!(back.dice.rolls(), s.dice.rolls());
    assert_eq!(back.game.turn, s.game.turn);
}

#[test]
fn the_dice_follow_from_both_secrets_and_reloading_rolls_the_same() {
    let files = exchanged("scenarios/foxs-gap.ron", 7, 6);
    let v = files.last().unwrap();
    // Entry 6 is the starter's: its dice come from its value committed in entry 4 and the
    // other's offer in entry 5.
    let me = Secret::derived("test 7 0");
    assert_eq!(v.next_writer(), SideId(0));
    let a = pbem::session_for_next(v, &me).unwrap().unwrap();
    let b = pbem::session_for_next(v, &me).unwrap().unwrap();
    let roll = |s: Session| {
        let mut dice = s.dice.clone();
        (0..20).map(|_| dice.d6()).collect::<Vec<u8>>()
    };
    let first = roll(a.clone());
    // Restarting from the received file: the same numbers.
    assert_eq!(first, roll(b));
    // Another secret than the one committed to is refused: the writer cannot choose again.
    let other = Secret::derived("test 7 0, another try");
    let e = pbem::session_for_next(v, &other).unwrap_err();
    assert_eq!(e.kind, "secret");
    // The opponent's published value changes every die: neither player alone decides them.
    let k = v.next_number();
    let hidden = me.hidden(&v.file.game, k - 2);
    let offer = &v.file.entries[k as usize - 1].offer;
    let seed = pbem::dice_seed(&v.file.game, k, &hidden, offer);
    let mut changed = offer.clone();
    changed.replace_range(0..1, if offer.starts_with('0') { "1" } else { "0" });
    assert_ne!(seed, pbem::dice_seed(&v.file.game, k, &hidden, &changed));
    let mut c = a.clone();
    c.reseed(pbem::dice_seed(&v.file.game, k, &hidden, &changed));
    assert_ne!(first, roll(c));
    // And the writer's hidden value (committed two entries before) changes them too.
    let mut d = a;
    d.reseed(pbem::dice_seed(&v.file.game, k, &"0".repeat(64), offer));
    assert_ne!(first, roll(d));
}

#[test]
fn a_file_of_another_game_is_refused_against_the_previous_one() {
    let a = exchanged("scenarios/foxs-gap.ron", 5, 5);
    let b = exchanged("scenarios/foxs-gap.ron", 6, 6);
    let e = pbem::check_previous(&b[5], &a[4], "b").unwrap_err();
    assert_eq!(e.kind, "history");
    assert!(e.problem.contains("another game"), "{}", e.problem);
    // The same game, but an entry rewritten (and every digest after it recomputed): the
    // history check names the entry.
    let mut f = a[4].file.clone();
    let entry = f
        .entries
        .iter()
        .position(|e| !e.commands.is_empty())
        .unwrap();
    f.entries[entry].commands.pop();
    let rewritten = rechain(f);
    let prev = a[3].clone();
    match pbem::verify(rewritten, "r", &Default::default()) {
        Ok(v) => {
            let e = pbem::check_previous(&v, &prev, "r").unwrap_err();
            assert!(e.problem.contains("rewritten"), "{}", e.problem);
        }
        // Without its last command the entry no longer hands the move over: refused anyway.
        Err(e) => assert!(["turn", "command"].contains(&e.kind), "{e}"),
    }
    // Passing the files the wrong way round: the older adds nothing.
    let e = pbem::check_previous(&a[3], &a[4], "a3").unwrap_err();
    assert!(e.problem.contains("adds nothing"), "{}", e.problem);
    // The same game on another scenario: refused; drafts imported from two versions of a
    // VASSAL module (issue 50 item 11) say which.
    let module = |d: &str| {
        Some(musket::rules::scenario::ModuleIdentity {
            name: "Fox's Gap".into(),
            version: "1.0".into(),
            digest: d.repeat(64),
        })
    };
    let mut old = a[3].clone();
    old.file.scenario.module = module("a");
    let mut new = a[4].clone();
    new.file.scenario.module = module("b");
    new.file.scenario_digest = "0".repeat(64);
    let e = pbem::check_previous(&new, &old, "n").unwrap_err();
    assert!(
        e.problem.contains("another version of the scenario")
            && e.problem.contains("Fox's Gap 1.0 (digest bbbbbbbbbbbb")
            && e.problem.contains("(digest aaaaaaaaaaaa"),
        "{}",
        e.problem
    );
}

/// Recompute every digest of a file (what someone editing it with the program's source would
/// do): only the rules and the commitments can then refuse it.
fn rechain(mut f: TurnFile) -> TurnFile {
    let mut before = pbem::header_digest(&f);
    for e in &mut f.entries {
        e.digest = pbem::entry_digest(&before, e);
        before = e.digest.clone();
    }
    f
}

#[test]
fn an_illegal_command_is_refused_by_the_rules_even_with_every_digest_recomputed() {
    let files = exchanged("scenarios/foxs-gap.ron", 5, 5);
    let mut f = files[4].file.clone();
    let k = f.entries.len() - 1;
    // A move of a unit to a hex far beyond its reach, inserted first in the last entry.
    let unit = f.scenario.units[0].id.clone();
    f.entries[k].commands.insert(
        0,
        Command::Move {
            unit,
            path: vec!["0101".into()],
        },
    );
    let e = pbem::verify(rechain(f), "t", &Default::default()).unwrap_err();
    assert!(["command", "turn"].contains(&e.kind), "{e}");
    assert!(e.problem.contains("entry 4"), "{e}");
    // A revealed value changed, digests recomputed: the commitment refuses it.
    let mut f = files[4].file.clone();
    let r = f.entries[4].reveal.clone().unwrap();
    let flipped = format!("{}{}", if r.starts_with('a') { "b" } else { "a" }, &r[1..]);
    f.entries[4].reveal = Some(flipped);
    let e = pbem::verify(rechain(f), "t", &Default::default()).unwrap_err();
    assert_eq!(e.kind, "commitment", "{e}");
    assert!(
        e.problem.contains("entry 4") && e.problem.contains("entry 2"),
        "{e}"
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let files = exchanged("scenarios/foxs-gap.ron", 5, 4);
    let t = text(&files[3]);
    // A save passed as a turn file.
    let s = files[3].session.as_ref().unwrap();
    let e = verify_text(&s.save_string()).unwrap_err();
    assert!(e.problem.contains("saved game"), "{e}");
    // A truncated file.
    let e = verify_text(&t[..t.len() / 2]).unwrap_err();
    assert_eq!(e.kind, "format");
    assert!(e.problem.contains("line"), "{e}");
    // An empty file.
    let e = verify_text("").unwrap_err();
    assert!(e.problem.contains("empty"), "{e}");
    // Another format version (one this program does not know).
    let v = pbem::TURN_VERSION;
    let e = verify_text(&t.replacen(
        &format!("version: {v},"),
        &format!("version: {},", v + 1),
        1,
    ))
    .unwrap_err();
    assert!(e.problem.contains(&format!("version {}", v + 1)), "{e}");
    // Another version of the scenario (a unit's strength changed): its digest does not match.
    let mut f = files[3].file.clone();
    f.scenario.title.push_str(" (revised)");
    let e = pbem::verify(f, "t", &Default::default()).unwrap_err();
    assert_eq!(e.kind, "digest");
    assert!(e.problem.contains("scenario"), "{e}");
}

#[test]
fn the_kept_state_refuses_a_file_not_this_players_to_answer() {
    let files = exchanged("scenarios/foxs-gap.ron", 5, 5);
    let game = files[4].file.game.clone();
    // The Union wrote entry 4 (and keeps it as sent): opening it again is refused.
    let union = pbem::Kept {
        game: game.clone(),
        side: "Union".into(),
        secret: Secret::derived("test 5 0"),
        sent: Some((4, files[4].file.entries[4].digest.clone())),
        accepted_rules: None,
    };
    let e = pbem::check_kept(&files[4], &union).unwrap_err();
    assert!(e.contains("the file you sent"), "{e}");
    // The Confederate sent entry 3: entry 4 is theirs to answer.
    let csa = pbem::Kept {
        game,
        side: "Confederate".into(),
        secret: Secret::derived("test 5 1"),
        sent: Some((3, files[3].file.entries[3].digest.clone())),
        accepted_rules: None,
    };
    pbem::check_kept(&files[4], &csa).unwrap();
    // … and the Union's own older file is not: it is the Union's move in it.
    let mut csa2 = csa.clone();
    csa2.sent = None;
    let e = pbem::check_kept(&files[3], &csa2).unwrap_err();
    assert!(e.contains("not yours to answer"), "{e}");
    // A kept digest that the file does not carry: the history was rewritten.
    let mut csa3 = csa;
    csa3.sent = Some((3, "0".repeat(64)));
    let e = pbem::check_kept(&files[4], &csa3).unwrap_err();
    assert!(e.contains("rewritten"), "{e}");
}

/// The places in a file's text where a hex value sits (digests, commitments, offers, reveals,
/// the game id): (start, end) byte ranges.
fn hex_fields(t: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for key in [
        "digest: \"",
        "commit: \"",
        "offer: \"",
        "reveal: \"",
        "game: \"",
        "scenario_digest: \"",
    ] {
        let mut from = 0;
        while let Some(i) = t[from..].find(key) {
            let s = from + i + key.len();
            let e = s + t[s..].find('"').unwrap();
            out.push((s, e));
            from = e;
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// One changed digit of any digest, commitment, offer, revealed secret or the game id:
    /// refused.
    #[test]
    fn one_changed_hex_digit_anywhere_is_refused(pick in any::<prop::sample::Index>(), pos in any::<prop::sample::Index>(), digit in 0u8..15) {
        let files = FILES.with(|f| f.clone());
        let t = text(files.last().unwrap());
        let fields = hex_fields(&t);
        let (s, e) = fields[pick.index(fields.len())];
        let at = s + pos.index(e - s);
        let old = t.as_bytes()[at];
        let digits = b"0123456789abcdef";
        let new = digits.iter().copied().filter(|d| *d != old).nth(digit as usize).unwrap();
        let mut b = t.clone().into_bytes();
        b[at] = new;
        let edited = String::from_utf8(b).unwrap();
        prop_assert!(verify_text(&edited).is_err(), "accepted an edit at byte {at}");
    }

    /// A command removed, added (a copy of another) or changed (moved to another entry's
    /// place, or its text edited): refused.
    #[test]
    fn a_removed_added_or_changed_command_is_refused(entry in any::<prop::sample::Index>(), cmd in any::<prop::sample::Index>(), kind in 0u8..3) {
        let files = FILES.with(|f| f.clone());
        let mut f = files.last().unwrap().file.clone();
        let with: Vec<usize> = (0..f.entries.len()).filter(|k| !f.entries[*k].commands.is_empty()).collect();
        let k = with[entry.index(with.len())];
        let n = f.entries[k].commands.len();
        let i = cmd.index(n);
        match kind {
            0 => { f.entries[k].commands.remove(i); }
            1 => { let c = f.entries[k].commands[i].clone(); f.entries[k].commands.insert(i, c); }
            _ => {
                // Changed: replaced by a different command (the end of the move, or a pass).
                let c = &mut f.entries[k].commands[i];
                *c = if *c == Command::EndTurn { Command::EndPhase } else { Command::EndTurn };
            }
        }
        let edited = pbem::to_text(&f);
        prop_assert!(verify_text(&edited).is_err());
    }
}

thread_local! {
    static FILES: Vec<Verified> = exchanged("scenarios/foxs-gap.ron", 5, 9);
}

/// The reproduction of issue 34.2: a Fox's Gap game by turn files (format version 1) whose
/// starter edited the sequence of play in the header: initiative ties to his side, a forced
/// march of 3 dice.
fn house_rules(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/defects-4/pbem-house-rules")
        .join(name)
}

// Issue 34.2: the rules a game by files is played under are visible: `rule_changes` lists where
// they differ from the built-in ones (the receiver is asked, `musket turn verify` exits 3).
#[test]
fn a_turn_file_with_edited_rules_lists_what_differs_from_the_built_in_rules() {
    for f in [
        "foxs-gap-14-september-1862-turn-000-union.musket-turn.ron",
        "foxs-gap-14-september-1862-turn-025-confederate.musket-turn.ron",
    ] {
        let v = pbem::verify_file(&house_rules(f), &Default::default()).unwrap();
        let all = v.rule_changes.join("\n");
        assert!(
            all.contains("sequence.initiative.ties: FirstSide (built-in: Reroll)"),
            "{all}"
        );
        assert!(
            all.contains("sequence.fatigue.forced.dice: 3 (built-in: 1)"),
            "{all}"
        );
        let w = pbem::rules_warning(&v).unwrap();
        assert!(
            w.starts_with("this game uses rules that differ from the built-in gcacw: "),
            "{w}"
        );
    }
    // A game under the built-in rules lists none.
    let files = exchanged("scenarios/foxs-gap.ron", 5, 4);
    assert!(files.iter().all(|v| v.rule_changes.is_empty()));
    assert!(pbem::rules_warning(&files[3]).is_none());
}

// A version 2 turn file carries the tables the starter plays by; its header digest covers them
// (an edit is refused), and every verifier replays under them, not under its own rules file.
#[test]
fn a_turn_file_carries_its_rules_tables_under_its_digest() {
    let files = exchanged("scenarios/foxs-gap.ron", 5, 5);
    let f = &files[4].file;
    assert_eq!(f.version, 2);
    let tables = f.tables.clone().expect("the tables");
    assert_eq!(tables, files[4].rules.tables_in_use());
    // Edited, the header's digest no longer matches: entry 0 is refused.
    let mut edited = f.clone();
    edited.tables = Some(tables.replacen("max_reduction:3", "max_reduction:1", 1));
    assert_ne!(edited.tables.as_deref(), Some(tables.as_str()));
    let e = pbem::verify(edited.clone(), "t", &Default::default()).unwrap_err();
    assert_eq!(e.kind, "digest", "{e}");
    assert!(e.problem.contains("entry 0"), "{e}");
    // With every digest recomputed it verifies, and the change is listed for the receiver.
    let v = pbem::verify(rechain(edited), "t", &Default::default()).unwrap();
    assert!(
        v.rule_changes
            .iter()
            .any(|c| c.contains("max_reduction: 1 (built-in: 3)")),
        "{:?}",
        v.rule_changes
    );
    // The receiver's own rules file does not change the game: the file's tables are used.
    let dir = std::env::temp_dir().join(format!("musket-pbem-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("mine.ron");
    std::fs::write(
        &mine,
        musket::rules::gcacw::data::DEFAULT_TABLES.replace("max_reduction: 3", "max_reduction: 2"),
    )
    .unwrap();
    let ov = musket::rules::registry::RulesOverrides { file: Some(mine) };
    let v = pbem::verify(f.clone(), "t", &ov).unwrap();
    assert_eq!(v.rules.tables_in_use(), tables);
    assert!(v.rule_changes.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
