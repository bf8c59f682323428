//! `musket check`, `odds` and `resolve` on the NGG 1812 demo scenario.

use std::process::{Command, Output};

fn musket(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run musket")
}

const SC: &str = "scenarios/ngg1812-smolensk.ron";
const DAVOUT_AND_NEY: &str =
    "fr-davout,fr-1d,fr-2d,fr-3d,fr-4d,fr-cav1,fr-art1,fr-ney,fr-10d,fr-11d,fr-25d,fr-art3";

#[test]
fn the_demo_scenario_checks() {
    let o = musket(&["check", SC]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

// The Combat (2) example through the command line: FAV 10 + 1d6 (11.3-11.5), the hit
// distributions (11.14, 11.15) printed, exact fractions in the JSON.
#[test]
fn odds_text_and_json_for_the_combat_2_example() {
    let o = musket(&[
        "odds",
        SC,
        "--attackers",
        DAVOUT_AND_NEY,
        "--defender",
        "0705",
        "--opt",
        "defender_support=0804",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("FAV = attack value 10, river -3, fortified city -1, commander +3, support 0604 +1 = 10 + 1d6"), "{out}");
    assert!(
        out.contains("Hits inflicted on the attacker")
            && out.contains("Hits inflicted on the defender"),
        "{out}"
    );
    let o = musket(&[
        "odds",
        SC,
        "--attackers",
        DAVOUT_AND_NEY,
        "--defender",
        "0705",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ruleset"], "ngg1812");
    assert_eq!(v["extra"]["fav_base"], 10);
    assert_eq!(v["extra"]["fdv_base"], 6);
    assert!(v["extra"]["attacker_hits"].is_object());
    let o = musket(&[
        "odds",
        SC,
        "--attackers",
        "fr-1d",
        "--defender",
        "0705",
        "--opt",
        "nonsense=1",
    ]);
    assert!(!o.status.success());
}

#[test]
fn resolve_prints_the_dice_and_the_result() {
    let o = musket(&[
        "resolve",
        SC,
        "--attackers",
        DAVOUT_AND_NEY,
        "--defender",
        "0705",
        "--seed",
        "3",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("Attacker's die") && out.contains("Defender's die"),
        "{out}"
    );
    assert!(
        out.contains("FAV =") && out.contains("Result: attacker"),
        "{out}"
    );
}
