//! The command-line contract of scenario.md: `musket odds`, `check`, `resolve`, exit status 2
//! with a clear first line for bad input.

use std::process::{Command, Output};

fn musket(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run musket")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr_first_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

const EX: &str = "scenarios/example-flank.ron";

// scenario.md: "For example-flank.ron with --attackers usa-cox --defender 0303 the answer is:"
#[test]
fn odds_json_matches_the_contract_example() {
    let o = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["attacker_cv"], 9.0);
    assert_eq!(v["defender_cv"], 4.0);
    assert_eq!(v["ratio_modifier"], 1);
    assert_eq!(v["artillery_modifier"]["differential"], 2);
    assert_eq!(v["artillery_modifier"]["even"], 0);
    assert_eq!(v["artillery_modifier"]["odd"], 0);
    assert_eq!(
        v["flank"]["covered"],
        serde_json::json!(["0202", "0302", "0402", "0403"])
    );
    assert_eq!(v["flank"]["basic"], 0);
    assert_eq!(v["flank"]["reductions"], serde_json::json!(["0403"]));
    assert_eq!(v["flank"]["final"], 0);
    assert_eq!(v["attacker_drm"], 2);
    assert_eq!(v["defender_drm"], 0);
    let close = |a: &serde_json::Value, b: f64| (a.as_f64().unwrap() - b).abs() < 1e-9;
    for (k, n) in (-3..=7).zip([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) {
        assert!(
            close(&v["differential"][k.to_string()], n as f64 / 36.0),
            "differential {k}"
        );
    }
    for (k, n) in [
        ("-", 1),
        ("f", 2),
        ("F", 3),
        ("D", 9),
        ("Dr", 11),
        ("1DR", 4),
        ("2DR", 6),
    ] {
        assert!(
            close(&v["defender_results"][k], n as f64 / 36.0),
            "defender {k}"
        );
    }
    for (k, n) in [
        ("2D", 3),
        ("1D", 12),
        ("1Da", 6),
        ("Fa", 5),
        ("fa", 4),
        ("Ea", 3),
        ("a", 3),
    ] {
        assert!(
            close(&v["attacker_results"][k], n as f64 / 36.0),
            "attacker {k}"
        );
    }
}

// Without --json: "a readable breakdown naming every modifier, its value and its rule".
#[test]
fn odds_text_names_every_modifier_value_and_rule() {
    let o = musket(&["odds", EX, "--attackers", "usa-cox", "--defender", "0303"]);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("Ratio +1: 9 : 4 reads 2:1"), "{s}");
    assert!(s.contains("Artillery +0: differential 3-1 = +2"), "{s}");
    assert!(s.contains("Flank +0: 4 covered"), "{s}");
    assert!(s.contains("-1 0403"), "{s}");
    assert!(s.contains("(3d)"), "{s}");
    assert!(s.contains("Tactical +1"), "{s}");
    assert!(s.contains("P(defender retreats or routs) 58.3%"), "{s}");
}

// scenario.md: "--type defaults to march for one attacker and assault for several in one hex;
// attackers in several hexes without --type grand are an error." Leaders add no CV.
#[test]
fn odds_type_defaults_and_leaders() {
    let o = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox,usa-reno",
        "--defender",
        "0303",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["type"], "march");
    assert_eq!(v["attacker_cv"], 9.0);
    let o = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox,usa-scammon",
        "--defender",
        "0303",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("grand"),
        "{}",
        stderr_first_line(&o)
    );
    let o = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox,usa-scammon",
        "--defender",
        "0303",
        "--type",
        "grand",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["attacker_cv"], 9.5);
    assert_eq!(v["type"], "grand");
}

// "Exit status ... 2 with a message on stderr whose first line says what is wrong".
#[test]
fn odds_bad_input_exits_2_with_a_clear_first_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "odds",
                EX,
                "--attackers",
                "usa-nobody",
                "--defender",
                "0303",
            ],
            "unknown unit id \"usa-nobody\"",
        ),
        (
            &["odds", EX, "--attackers", "usa-crook", "--defender", "0303"],
            "not adjacent",
        ),
        (
            &["odds", EX, "--attackers", "usa-cox", "--defender", "0302"],
            "same side",
        ),
        (
            &["odds", EX, "--attackers", "usa-cox", "--defender", "0909"],
            "off the map",
        ),
        (
            &["odds", EX, "--attackers", "usa-cox", "--defender", "0304"],
            "no unit",
        ),
        (
            &["odds", EX, "--attackers", "usa-reno", "--defender", "0303"],
            "combat value is 0",
        ),
        (
            &[
                "odds",
                EX,
                "--attackers",
                "usa-cox,usa-scammon",
                "--defender",
                "0303",
                "--type",
                "march",
            ],
            "march attack",
        ),
        (
            &[
                "odds",
                "no/such/file.ron",
                "--attackers",
                "a",
                "--defender",
                "0303",
            ],
            "no/such/file.ron",
        ),
        (
            &[
                "odds",
                EX,
                "--attackers",
                "usa-cox",
                "--defender",
                "0303",
                "--type",
                "charge",
            ],
            "charge",
        ),
        (&["odds", EX, "--defender", "0303"], "--attackers"),
    ];
    for (args, want) in cases {
        let o = musket(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let first = stderr_first_line(&o);
        assert!(first.starts_with("error"), "{args:?}: {first}");
        assert!(first.contains(want), "{args:?}: {first}");
    }
}

#[test]
fn check_validates_files() {
    let o = musket(&["check", EX]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("ok"));
    let dir = std::env::temp_dir().join(format!("musket-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        std::fs::read_to_string(EX)
            .unwrap()
            .replace("fatigue: 2", "fatige: 2"),
    )
    .unwrap();
    let o = musket(&["check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let first = stderr_first_line(&o);
    assert!(
        first.contains("bad.ron:") && first.contains("fatige"),
        "{first}"
    );
}

#[test]
fn resolve_rolls_and_prints_events_reproducibly() {
    let args = [
        "resolve",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--seed",
        "7",
    ];
    let a = musket(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = musket(&args);
    assert_eq!(stdout(&a), stdout(&b));
    let s = stdout(&a);
    assert!(
        s.contains("Attacker's die:")
            && s.contains("Defender's die:")
            && s.contains("Differential"),
        "{s}"
    );
    let o = musket(&[
        "resolve",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--seed",
        "7",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["events"].as_array().unwrap().len() >= 4);
    let o = musket(&[
        "resolve",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--seed",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn zoc_and_rules_commands() {
    let o = musket(&["zoc", EX, "--hex", "0402"]);
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("usa-cox") && s.contains("usa-crook"), "{s}");
    let o = musket(&["rules"]);
    assert!(stdout(&o).contains("ratio_chart"));
    // A player's own rules file replaces the built-in one, and a broken one is refused.
    let dir = std::env::temp_dir().join(format!("musket-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("mine.ron");
    std::fs::write(
        &mine,
        stdout(&o).replace(
            "basic: [0, 0, 0, 0, 0, 2, 4]",
            "basic: [0, 0, 0, 0, 0, 3, 4]",
        ),
    )
    .unwrap();
    let ok = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--rules",
        mine.to_str().unwrap(),
    ]);
    assert!(ok.status.success());
    std::fs::write(&mine, "(ruleset: \"gcacw\")").unwrap();
    let bad = musket(&[
        "odds",
        EX,
        "--attackers",
        "usa-cox",
        "--defender",
        "0303",
        "--rules",
        mine.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr_first_line(&bad).contains("mine.ron"));
}

// Every ruleset's tables print, to copy and correct, and load back as a `--rules` file.
#[test]
fn rules_prints_each_rulesets_tables() {
    for (id, scenario) in [
        ("gcacw", EX),
        ("gbacw", "scenarios/gbacw-bloody-hill.ron"),
        ("ngg1812", "scenarios/ngg1812-smolensk.ron"),
        ("shiloh", "scenarios/shiloh-hornets-nest.ron"),
    ] {
        let o = musket(&["rules", id]);
        assert!(o.status.success(), "{id}");
        let path = std::env::temp_dir().join(format!("musket-cli-{id}-{}.ron", std::process::id()));
        std::fs::write(&path, &o.stdout).unwrap();
        let o = musket(&["--rules", path.to_str().unwrap(), "check", scenario]);
        assert!(
            o.status.success(),
            "{id}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let _ = std::fs::remove_file(&path);
    }
    // The computer players' section names a style of the search, or the file is refused.
    let o = musket(&["rules", "gcacw"]);
    let path = std::env::temp_dir().join(format!("musket-cli-style-{}.ron", std::process::id()));
    let text = String::from_utf8_lossy(&o.stdout)
        .replace("default_style: \"stand\"", "default_style: \"dig deep\"");
    assert!(text.contains("dig deep"));
    std::fs::write(&path, text).unwrap();
    let o = musket(&["--rules", path.to_str().unwrap(), "check", EX]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.contains("computer.default_style") && err.contains("dig deep"),
        "{err}"
    );
    // And the style played where the playouts fall short (Shiloh's file names one), and a
    // pooling weight (computer.pooled) outside 0 to 1.
    for (from, to, field, value) in [
        (
            "far_style: Some(\"stand\")",
            "far_style: Some(\"stand fast\")",
            "computer.far_style",
            "stand fast",
        ),
        (
            "pooled: Some(1.0)",
            "pooled: Some(1.5)",
            "computer.pooled",
            "1.5",
        ),
    ] {
        let text = String::from_utf8_lossy(&musket(&["rules", "shiloh"]).stdout).replace(from, to);
        assert!(text.contains(to));
        std::fs::write(&path, text).unwrap();
        let o = musket(&[
            "--rules",
            path.to_str().unwrap(),
            "check",
            "scenarios/shiloh-hornets-nest.ron",
        ]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(err.contains(field) && err.contains(value), "{err}");
    }
    // So is a value of a cut-short playout (GCACW's block) with a budget out of its range or a
    // weight out of its range.
    for (from, to, field) in [
        ("budget: 3.0", "budget: 0.5", "computer.cut_short.budget"),
        (
            "points: (7.4820, -7.3064)",
            "points: (7.4820, -555.0)",
            "computer.cut_short.points",
        ),
    ] {
        let text = String::from_utf8_lossy(&musket(&["rules", "gcacw"]).stdout).to_string();
        // As shipped, the block loads.
        std::fs::write(&path, &text).unwrap();
        let ok = musket(&["--rules", path.to_str().unwrap(), "check", EX]);
        assert!(
            ok.status.success(),
            "{}",
            String::from_utf8_lossy(&ok.stderr)
        );
        let text = text.replace(from, to);
        assert!(text.contains(to), "{to}");
        std::fs::write(&path, text).unwrap();
        let o = musket(&["--rules", path.to_str().unwrap(), "check", EX]);
        assert_eq!(o.status.code(), Some(2), "{to}");
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(err.contains(field), "{to}: {err}");
    }
    let _ = std::fs::remove_file(&path);
    let o = musket(&["rules", "gbacx"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_first_line(&o).contains("unknown ruleset"));
}

// The other rule systems' attack types and options on the command line; bad ones exit 2 with
// the problem on the first line.
#[test]
fn attack_types_and_options_of_the_other_rule_systems() {
    let sh = "scenarios/shiloh-hornets-nest.ron";
    let base = [
        "odds",
        sh,
        "--attackers",
        "usa-prentiss-b1",
        "--defender",
        "0504",
    ];
    let o = musket(
        &[
            &base[..],
            &["--type", "melee", "--opt", "flanked=target", "--json"],
        ]
        .concat(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["ruleset"], "shiloh");
    assert_eq!(v["type"], "melee");
    let o = musket(&[&base[..], &["--opt", "bogus=1"]].concat());
    assert_eq!(o.status.code(), Some(2));
    let first = stderr_first_line(&o);
    assert!(
        first.contains("bogus") && first.contains("flanked"),
        "{first}"
    );
    let o = musket(&[&base[..], &["--type", "march"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_first_line(&o).contains("no march attacks"));
    let o = musket(&[&base[..], &["--opt", "noequals"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_first_line(&o).contains("not key=value"));
}

// Issue 9, `musket moves`: every reachable hex with its cost and path; JSON keys as the issue
// gives them; --allowance fixes the budget; bad arguments exit 2 with the reason.
#[test]
fn moves_lists_the_reach_with_costs_and_paths() {
    let o = musket(&[
        "moves",
        "scenarios/foxs-gap.ron",
        "--unit",
        "usa-willcox",
        "--allowance",
        "2.5",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["unit"], "usa-willcox");
    assert_eq!(v["allowance"], 2.5);
    let list = v["reachable"].as_array().unwrap();
    assert!(!list.is_empty());
    for h in list {
        let cost = h["cost"].as_f64().unwrap();
        assert!(
            cost <= 2.5 || h["path"].as_array().unwrap().len() == 1,
            "{h}"
        );
        assert!(h["enemy_zoc"].is_boolean());
        let path = h["path"].as_array().unwrap();
        assert_eq!(path.last().unwrap(), &h["hex"]);
    }
    // The text form names the unit, the points and each hex.
    let o = musket(&[
        "moves",
        "scenarios/shiloh-hornets-nest.ron",
        "--unit",
        "csa-stephens",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(
        text.contains("csa-stephens") && text.contains("OP"),
        "{text}"
    );
    // Bad arguments.
    let o = musket(&["moves", "scenarios/foxs-gap.ron", "--unit", "nobody"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("nobody"),
        "{}",
        stderr_first_line(&o)
    );
    let o = musket(&[
        "moves",
        "scenarios/foxs-gap.ron",
        "--unit",
        "usa-willcox",
        "--allowance",
        "-1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("--allowance"),
        "{}",
        stderr_first_line(&o)
    );
}

// Issue 16 item 1: `musket moves --stack` moves the unit with every unit of its side in its hex;
// each hex gives what each unit pays, within its own allowance, and the hex the issue reports
// (Prentiss with his brigade to 0305, a path `validate` accepts) is listed.
#[test]
fn moves_stack_lists_each_units_cost() {
    let o = musket(&[
        "moves",
        "scenarios/shiloh-hornets-nest.ron",
        "--unit",
        "usa-prentiss-b1",
        "--stack",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v["units"],
        serde_json::json!(["usa-prentiss-b1", "usa-prentiss"])
    );
    let list = v["reachable"].as_array().unwrap();
    let mut differ = false;
    for h in list {
        let costs = h["costs"].as_object().unwrap();
        assert_eq!(costs.len(), 2, "{h}");
        let mut most = 0.0f64;
        for (id, c) in costs {
            let c = c.as_f64().unwrap();
            let left = v["allowances"][id]["points"].as_f64().unwrap();
            assert!(c <= left || h["path"].as_array().unwrap().len() == 1, "{h}");
            most = most.max(c);
        }
        assert_eq!(h["cost"].as_f64().unwrap(), most, "{h}");
        differ |= costs["usa-prentiss-b1"] != costs["usa-prentiss"];
    }
    assert!(
        differ,
        "a leader and his brigade pay different prices somewhere"
    );
    assert!(list.iter().any(|h| h["hex"] == "0305"), "0305 missing");
    // Without --stack, the unit alone.
    let o = musket(&[
        "moves",
        "scenarios/shiloh-hornets-nest.ron",
        "--unit",
        "usa-prentiss-b1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["units"], serde_json::json!(["usa-prentiss-b1"]));
    // The text form names each unit's allowance and each unit's cost where they differ.
    let o = musket(&[
        "moves",
        "scenarios/shiloh-hornets-nest.ron",
        "--unit",
        "usa-prentiss-b1",
        "--stack",
    ]);
    let text = stdout(&o);
    assert!(text.contains("Stack of 2 units"), "{text}");
    assert!(text.contains("[usa-prentiss-b1 "), "{text}");
}

// Issue 10: `musket play` plays a whole game headless and prints the result; bad players exit 2.
#[test]
fn play_prints_the_result_of_a_computer_game() {
    let o = musket(&[
        "play",
        "scenarios/foxs-gap.ron",
        "--sides",
        "ai,greedy",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["turns"], 4);
    assert_eq!(v["refused"], 0);
    assert!(v["score"]["Union"].is_u64() && v["losses"]["Confederate"].is_u64());
    assert_eq!(v["players"]["Union"], "ai3");
    let o = musket(&["play", "scenarios/foxs-gap.ron", "--sides", "ai,clever"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("clever"),
        "{}",
        stderr_first_line(&o)
    );
    let o = musket(&["play", "scenarios/example-flank.ron", "--sides", "ai,ai"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("no last turn"),
        "{}",
        stderr_first_line(&o)
    );
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "ai,random",
        "--games",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 2);
    let wins = v["wins"]["ai3"].as_u64().unwrap() + v["wins"]["random"].as_u64().unwrap();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 2);
    assert!(v["ai_turn_ms"]["median"].is_number());
    // Each win rate with its 95% interval (Wilson), which holds the rate.
    for p in ["ai3", "random"] {
        let c = &v["ci95"][p];
        let (rate, lo, hi) = (
            c["rate"].as_f64().unwrap(),
            c["low"].as_f64().unwrap(),
            c["high"].as_f64().unwrap(),
        );
        assert_eq!(rate, v["wins"][p].as_f64().unwrap() / 2.0, "{p}");
        assert!(lo <= rate && rate <= hi && hi - lo > 0.3, "{p}: {c}");
    }
    // How the search level chose its styles: one choice a game turn it played, each style
    // counted once; nothing for a player of one style.
    let c = &v["style_choices"]["ai3"];
    let n = c["choices"].as_u64().unwrap();
    let styles: u64 = c["styles"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(styles, n, "{c}");
    assert_eq!(c["rounds"]["turns"], n, "{c}");
    assert!(n >= 2 && c["switched"].as_u64().unwrap() <= n, "{c}");
    assert!(
        v["style_choices"]["random"].is_null(),
        "{}",
        v["style_choices"]
    );
}

// Issue 17: `musket play --log` prints each phase of GBACW's sequence of play, and the prefix
// of each command names the side that sent it: the Union fires in the Confederate player-turn's
// defensive fire, before the Confederates' offensive fire.
#[test]
fn play_log_prints_the_phases_and_who_acts() {
    let o = musket(&[
        "play",
        "scenarios/gbacw-bloody-hill.ron",
        "--sides",
        "ai,ai",
        "--log",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?}"))
    };
    let def = at("turn 1, Confederate player-turn: Defensive fire (Union acts)");
    let off = at("turn 1, Confederate player-turn: Offensive fire (Confederate acts)");
    let melee = at("turn 1, Confederate player-turn: Melee (Confederate acts)");
    let union_moves = at("turn 1, Union player-turn: Movement (Union acts)");
    assert!(def < off && off < melee && melee < union_moves);
    // Between defensive and offensive fire only the Union sends commands.
    for l in &lines[def..off] {
        if l.starts_with("turn ") && l.contains("(ai2):") {
            assert!(l.starts_with("turn 1 Union (ai2):"), "{l}");
        }
    }
}

// `musket resolve` rolls a one-off attack on the opening position, outside the sequence of play:
// GBACW's phases (movement first) must not refuse it.
#[test]
fn resolve_is_outside_the_sequence_of_play() {
    let o = musket(&[
        "resolve",
        "scenarios/gbacw-bloody-hill.ron",
        "--attackers",
        "usa-1mo",
        "usa-1ks",
        "--defender",
        "0605",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("Fire by 1st Missouri Infantry"));
}

// Issue 20: `musket play --turn-files DIR` writes one turn file per hand-over, in order; each
// verifies with `musket turn verify FILE --previous PREV` (exit 0, one line); a changed file
// and a save are refused with exit 2 and the failure named.
#[test]
fn play_by_turn_files_and_verify_each_against_the_one_before() {
    let dir = std::env::temp_dir().join(format!("musket-cli-turns-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let o = musket(&[
        "play",
        "scenarios/foxs-gap.ron",
        "--sides",
        "ai,greedy",
        "--seed",
        "4",
        "--turn-files",
        d,
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["over"], true);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    let listed: Vec<String> = j["turn_files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, listed, "sortable names, written in order");
    assert!(
        names[0].ends_with("-turn-000-union.musket-turn.ron"),
        "{}",
        names[0]
    );
    for w in names.windows(2) {
        let prev = dir.join(&w[0]);
        let next = dir.join(&w[1]);
        let o = musket(&[
            "turn",
            "verify",
            next.to_str().unwrap(),
            "--previous",
            prev.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{}: {}",
            w[1],
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(stdout(&o).starts_with("ok: "), "{}", stdout(&o));
        assert_eq!(stdout(&o).lines().count(), 1);
    }
    // The other way round: refused.
    let (a, b) = (dir.join(&names[3]), dir.join(&names[4]));
    let o = musket(&[
        "turn",
        "verify",
        a.to_str().unwrap(),
        "--previous",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    // One changed digit of the last file's last digest: refused, the entry named.
    let last = dir.join(names.last().unwrap());
    let t = std::fs::read_to_string(&last).unwrap();
    let at = t.rfind("digest: \"").unwrap() + 9;
    let mut b2 = t.clone().into_bytes();
    b2[at] = if b2[at] == b'0' { b'1' } else { b'0' };
    let bad = dir.join("bad.musket-turn.ron");
    std::fs::write(&bad, b2).unwrap();
    let o = musket(&["turn", "verify", bad.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(2));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["ok"], false);
    assert_eq!(j["kind"], "digest");
    assert!(
        stderr_first_line(&o).contains("does not match its digest"),
        "{}",
        stderr_first_line(&o)
    );
    // A file of another game (another seed, so another id and secrets) against one of this
    // game: refused, the history named.
    let other = dir.join("other");
    let o = musket(&[
        "play",
        "scenarios/foxs-gap.ron",
        "--sides",
        "ai,ai",
        "--seed",
        "5",
        "--files",
        "5",
        "--turn-files",
        other.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let theirs = std::fs::read_dir(&other)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("-turn-004-"))
        .unwrap();
    let o = musket(&[
        "turn",
        "verify",
        theirs.to_str().unwrap(),
        "--previous",
        dir.join(&names[3]).to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["kind"], "history");
    assert!(
        stderr_first_line(&o).contains("another game"),
        "{}",
        stderr_first_line(&o)
    );
    // A save passed as a turn file.
    let save = dir.join("game.ron");
    let o = musket(&[
        "play",
        "scenarios/foxs-gap.ron",
        "--sides",
        "random,random",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = musket(&["turn", "verify", save.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("saved game"),
        "{}",
        stderr_first_line(&o)
    );
    // A missing file.
    let o = musket(&["turn", "verify", dir.join("none.ron").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_first_line(&o).contains("cannot read"),
        "{}",
        stderr_first_line(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 34.2: `musket turn verify` on a game whose starter edited the rules: exit 3 with the
// differences named; `--accept-rules` accepts them (exit 0, the note kept); the JSON says so.
#[test]
fn turn_verify_reports_rules_that_differ_from_the_built_in_ones() {
    let f = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "tests/data/defects-4/pbem-house-rules/foxs-gap-14-september-1862-turn-025-confederate.musket-turn.ron",
    );
    let f = f.to_str().unwrap();
    let o = musket(&["turn", "verify", f]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("this game uses rules that differ from the built-in gcacw"),
        "{err}"
    );
    assert!(err.contains("sequence.initiative.ties"), "{err}");
    assert!(err.contains("--accept-rules"), "{err}");
    let o = musket(&["turn", "verify", f, "--accept-rules"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("ok: "), "{}", stdout(&o));
    let o = musket(&["turn", "verify", f, "--json"]);
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["rules_accepted"], false);
    assert!(v["rules_differ"].as_array().unwrap().len() >= 2, "{v}");
}

/// `selfplay --seat-adjusted`: a player against its own mirror (the same level, the same seeds
/// and seats) has no edge in any seat, with an interval of width 0; against a weaker player the
/// report pairs each game with the mirror of the same seed and seat.
#[test]
fn selfplay_seat_adjusted_pairs_each_game_with_its_mirror() {
    let run = |players: &str| -> serde_json::Value {
        let o = musket(&[
            "selfplay",
            "scenarios/foxs-gap.ron",
            "--players",
            players,
            "--games",
            "4",
            "--seed",
            "5",
            "--json",
            "--seat-adjusted",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_str(&stdout(&o)).unwrap()
    };
    let same = run("greedy,greedy");
    let s = &same["seat_adjusted"];
    assert_eq!(
        (s["score"].as_f64(), s["low"].as_f64(), s["high"].as_f64()),
        (Some(0.0), Some(0.0), Some(0.0))
    );
    assert_eq!(s["margin"], 0.0);
    assert_eq!(s["seats"]["Union"]["games"], 2);
    assert_eq!(s["seats"]["Confederate"]["games"], 2);
    let other = run("greedy,random");
    let o = &other["seat_adjusted"];
    // Pooled is the mean of the four paired differences: own rate minus mirror rate.
    let own = o["own_rate"].as_f64().unwrap();
    let mirror = o["mirror_rate"].as_f64().unwrap();
    assert!(
        (o["score"].as_f64().unwrap() - (own - mirror)).abs() < 1e-3,
        "{o}"
    );
    assert!(o["low"].as_f64().unwrap() <= o["score"].as_f64().unwrap());
    // Without the flag, no mirror games and no key.
    let plain = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "greedy,random",
        "--games",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&plain)).unwrap();
    assert!(v.get("seat_adjusted").is_none());
}

/// `selfplay A B --seat-adjusted`: each field's summary under `fields`, and the edge pooled
/// over every pair of every field (its games the sum of the fields').
#[test]
fn selfplay_pools_the_seat_adjusted_score_over_fields() {
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "scenarios/gbacw-bloody-hill.ron",
        "--players",
        "greedy,random",
        "--games",
        "2",
        "--json",
        "--seat-adjusted",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let fields = v["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 2);
    assert_ne!(fields[0]["scenario"], fields[1]["scenario"]);
    let pooled = &v["seat_adjusted"];
    assert_eq!(pooled["games"], 4);
    let mean: f64 = fields
        .iter()
        .map(|f| f["seat_adjusted"]["score"].as_f64().unwrap())
        .sum::<f64>()
        / 2.0;
    assert!(
        (pooled["score"].as_f64().unwrap() - mean).abs() < 1e-3,
        "{v}"
    );
    // A missing field is refused before any game, naming it.
    let bad = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "scenarios/nowhere.ron",
        "--players",
        "greedy,random",
    ]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("nowhere.ron"));
}

/// The measuring players on the command line (issue 37 item 4): `style:NAME`, `rush` and `hold`
/// play through `selfplay` under their names; an unknown style is refused with the list of
/// styles.
#[test]
fn selfplay_takes_the_measuring_players() {
    for players in ["style:dig-in,rush", "hold,style:all-out"] {
        let o = musket(&[
            "selfplay",
            "scenarios/foxs-gap.ron",
            "--players",
            players,
            "--games",
            "2",
            "--json",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["refused"], 0, "{players}");
        let names: Vec<&str> = players.split(',').collect();
        let wins: u64 = names
            .iter()
            .map(|p| v["wins"][p].as_u64().unwrap_or_else(|| panic!("{p}: {v}")))
            .sum();
        assert_eq!(wins + v["draws"].as_u64().unwrap(), 2, "{players}");
    }
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "style:reckless,ai2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let first = stderr_first_line(&o);
    assert!(
        first.contains("unknown style \"reckless\"") && first.contains("dig-in"),
        "{first}"
    );
}

/// `selfplay --positions FILE` (issue 49, for fitting `computer.cut_short`): each side's view of
/// each game at the start of each game turn, and how the game ended for it. Fox's Gap has four
/// game turns, holds 10 victory points (the Confederates 8 at the start) and the Union is its
/// first side; the two sides' rows mirror each other, and the Union's results are its wins in
/// the summary.
#[test]
fn selfplay_writes_the_positions_of_its_games() {
    let path = std::env::temp_dir().join(format!("musket-positions-{}.csv", std::process::id()));
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "style:stand,style:bold",
        "--games",
        "3",
        "--json",
        "--positions",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("field,game,seed,turn,side,first_side,points,losses,turns_left,result")
    );
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert!(rows.len() >= 3 * 2 * 2, "{text}");
    let mut union_wins = 0.0;
    for pair in rows.chunks(2) {
        let (a, b) = (&pair[0], &pair[1]);
        // field, game, seed and turn alike; sides 0 and 1; first_side 1 and 0.
        assert_eq!(
            (&a[..4], a[4], a[5], b[4], b[5]),
            (&b[..4], 0.0, 1.0, 1.0, 0.0),
            "{text}"
        );
        assert_eq!((a[6], a[7]), (-b[6], -b[7]), "{text}");
        assert_eq!(a[8], (4.0 - a[3] + 1.0) / 4.0, "turns left: {text}");
        assert_eq!(a[9] + b[9], 1.0, "{text}");
        if a[3] == 1.0 {
            assert_eq!((a[6], a[7]), (-0.6, 0.0), "the start: {text}");
            assert_eq!(a[2], 1.0 + a[1], "game i plays seed 1 + i: {text}");
            union_wins += a[9];
        }
    }
    let summary: f64 = ["style:stand", "style:bold"]
        .iter()
        .map(|p| v["wins_by_side"][p]["Union"].as_f64().unwrap())
        .sum();
    assert_eq!(union_wins, summary, "{v}");
    // A file that cannot be written is refused before any game is played.
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "ai2,ai2",
        "--positions",
        "/nonexistent-dir/positions.csv",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let first = stderr_first_line(&o);
    assert!(
        first.contains("--positions /nonexistent-dir/positions.csv"),
        "{first}"
    );
}

// Found while checking issue 48's selfplay runs (issue 47 item 6): `selfplay --games 0` played
// nothing and exited 0 with a win rate of 0 and an interval of 0 to 1, as if it had measured.
#[test]
fn selfplay_of_no_games_is_refused() {
    let o = musket(&[
        "selfplay",
        "scenarios/foxs-gap.ron",
        "--players",
        "ai2,greedy",
        "--games",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(
        stderr_first_line(&o).contains("--games 0"),
        "{}",
        stderr_first_line(&o)
    );
}

// Issue 49: `musket playout` measures one of ai3's playouts from a scenario's start: the game
// turns it reached (all of Fox's Gap's four, or the number asked), its work and time, the same
// work for the same dice; an unknown style or no playouts exits 2 naming the problem.
#[test]
fn playout_measures_the_searchs_playouts() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "playout",
            "scenarios/foxs-gap.ron",
            "--seeds",
            "2",
            "--json",
        ];
        args.extend_from_slice(extra);
        let o = musket(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let v = run(&[]);
    assert_eq!(v["style"], "stand");
    assert_eq!(v["enemy"], "ai2");
    let p = v["playouts"].as_array().unwrap();
    assert_eq!(p.len(), 2);
    for r in p {
        assert_eq!(r["turns"], 4, "{r}");
        assert!(r["work"].as_u64().unwrap() > 0, "{r}");
        // The end of the game: a win or a loss is worth +-1000 and the margin.
        assert!(r["value"].as_f64().unwrap().abs() >= 1000.0 - 100.0, "{r}");
    }
    // The same dice, the same playout.
    let again = run(&[]);
    assert_eq!(again["playouts"][0]["work"], p[0]["work"]);
    assert_eq!(again["playouts"][1]["value"], p[1]["value"]);
    let one = run(&["--turns", "1", "--style", "dig-in", "--enemy", "greedy"]);
    assert_eq!(one["style"], "dig in");
    assert_eq!(one["playouts"][0]["turns"], 1);
    assert!(one["playouts"][0]["work"].as_u64() < p[0]["work"].as_u64());
    for (bad, says) in [
        (vec!["--style", "reckless"], "reckless"),
        (vec!["--seeds", "0"], "--seeds 0"),
        (vec!["--enemy", "clever"], "clever"),
    ] {
        let mut args = vec!["playout", "scenarios/foxs-gap.ron"];
        args.extend_from_slice(&bad);
        let o = musket(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(
            stderr_first_line(&o).contains(says),
            "{}",
            stderr_first_line(&o)
        );
    }
}
