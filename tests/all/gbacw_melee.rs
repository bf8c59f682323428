//! GBACW melee: [12.98] Melee Combat Results Table (seed `gbacw-charts-and-tables.txt`), a full
//! combat in the Bloody Hill demo, and the tables file's errors.

use crate::common;

use std::sync::Arc;

use common::*;
use musket::rules::attack::{AttackRequest, AttackType, Choices};
use musket::rules::cv::Prob;
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::gbacw::Tables;
use musket::rules::order::Command;
use musket::rules::session::Session;
use musket::rules::unit::Status;

const M: Option<AttackType> = Some(AttackType::Melee);

/// Attacker `a` SP in 0304 (morale 4), defender `d` SP in 0305 (morale 3), on a 8x8 map.
fn melee(a: u32, d: u32) -> Game {
    map(8, 8)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0305", d, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0304", a, |u| u.morale = Some(4))
        .game()
}

fn resolve(g: &mut Game, req: &AttackRequest, dice: &[u8]) -> Vec<Event> {
    roll(g, req, &Choices::default(), dice)
}

// [12.98] notes: "Attacks are less than -4 are treated as -4."
#[test]
fn melee_differential_below_minus_4_reads_minus_4() {
    let g = melee(1, 10);
    let o = odds(&g, &["att"], "0305", M);
    assert_eq!(o.differential.keys().copied().collect::<Vec<_>>(), vec![-4]);
    assert_eq!(o.extra_json["raw_differential"], -9);
    // Column -4: die 6 attacker C3R3, the defender "-" on every die.
    assert_eq!(o.attacker_result_prob("C3R3"), p(1, 6));
    assert_eq!(o.defender_result_prob("-"), p(1, 1));
}

// [12.98] notes: "Greater than +6 treated as +6."
#[test]
fn melee_differential_above_plus_6_reads_plus_6() {
    let g = melee(12, 2);
    let o = odds(&g, &["att"], "0305", M);
    assert_eq!(o.differential.keys().copied().collect::<Vec<_>>(), vec![6]);
    // Column +6, defender: C2R3 C2R2 C2R2 C1R2 C1R2 C1R2.
    assert_eq!(o.defender_result_prob("C2R3"), p(1, 6));
    assert_eq!(o.defender_result_prob("C2R2"), p(1, 3));
    assert_eq!(o.defender_result_prob("C1R2"), p(1, 2));
    assert_eq!(sum(&o.defender_results), p(1, 1));
    assert_eq!(sum(&o.attacker_results), p(1, 1));
    // Every result retreats the defender, but C2 (dice 1 to 3) captures both its SP and an
    // eliminated side does not retreat: it retreats on dice 4 to 6 only.
    assert_eq!(o.p_retreat, p(1, 2));
}

// [12.98] die 2 at +1: the defender's "R2" without capture, as printed.
#[test]
fn melee_die_2_plus_1_defender_r2_as_printed() {
    let t = Tables::builtin();
    let r = &t.melee.rows[1];
    assert_eq!(
        (r.attacker[5].as_str(), r.defender[5].as_str()),
        ("-", "R2")
    );
    let mut g = melee(6, 5);
    let req = request(&g, &["att"], "0305", M);
    // Die 2, defender retreats 2 then checks: 1 <= 3 passes, no capture.
    let ev = resolve(&mut g, &req, &[2, 1]);
    assert!(ev.contains(&Event::CombatResult {
        differential: 1,
        attacker: "-".into(),
        defender: "R2".into()
    }));
    assert_eq!(unit(&g, "def").manpower, 5);
    assert_eq!(
        unit(&g, "def")
            .hex
            .unwrap()
            .distance(g.scenario.parse_hex("0305").unwrap()),
        2
    );
    assert_eq!(unit(&g, "def").status, Status::Normal);
}

// [12.98] -1, die 1: attacker K (one SP a casualty), defender C1R2 (one SP captured, retreat 2,
// then a morale check; failed: 3 more hexes, routed).
#[test]
fn k_and_c1r2_with_a_failed_check() {
    let mut g = melee(4, 5);
    let req = request(&g, &["att"], "0305", M);
    let start = g.scenario.parse_hex("0305").unwrap();
    let ev = resolve(&mut g, &req, &[1, 6]);
    assert_eq!(unit(&g, "att").manpower, 3);
    assert_eq!(unit(&g, "def").manpower, 4);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Captured {
            amount: 1,
            left: 4,
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ManpowerLost {
            amount: 1,
            left: 3,
            ..
        }
    )));
    assert_eq!(unit(&g, "def").hex.unwrap().distance(start), 5);
    assert_eq!(unit(&g, "def").status, Status::Routed);
    // Losses come before the retreat ([12.98] "Retreats are always executed after losses").
    let cap = ev
        .iter()
        .position(|e| matches!(e, Event::Captured { .. }))
        .unwrap();
    let ret = ev
        .iter()
        .position(|e| matches!(e, Event::Retreated { .. }))
        .unwrap();
    assert!(cap < ret);
}

// [12.98] Rpls at 0, die 4: the attacker retreats 2 and checks (passes with 2); the defender
// checks (fails with 5 against 3) and retreats 3 hexes.
#[test]
fn repulse_moves_the_attacker_2_and_a_failing_defender_3() {
    let mut g = melee(5, 5);
    let req = request(&g, &["att"], "0305", M);
    let (a0, d0) = (unit(&g, "att").hex.unwrap(), unit(&g, "def").hex.unwrap());
    let ev = resolve(&mut g, &req, &[4, 2, 5]);
    assert!(ev.contains(&Event::CombatResult {
        differential: 0,
        attacker: "Rpls".into(),
        defender: "Rpls".into()
    }));
    assert_eq!(unit(&g, "att").hex.unwrap().distance(a0), 2);
    assert_eq!(unit(&g, "def").hex.unwrap().distance(d0), 3);
    assert_eq!(unit(&g, "def").status, Status::Normal);
}

// [12.98] Eng at 0, die 3: both sides engaged.
#[test]
fn eng_marks_both_sides_engaged() {
    let mut g = melee(5, 5);
    let req = request(&g, &["att"], "0305", M);
    resolve(&mut g, &req, &[3]);
    assert_eq!(unit(&g, "att").status, Status::Engaged);
    assert_eq!(unit(&g, "def").status, Status::Engaged);
}

// Player-supplied melee modifiers move the differential: 5 + 2 - (5 + 0) = +2.
#[test]
fn melee_modifiers_are_added_to_strength() {
    let g = melee(5, 5);
    let mut req = request(&g, &["att"], "0305", M);
    req.options.insert("attacker_modifier".into(), "2".into());
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.differential.keys().copied().collect::<Vec<_>>(), vec![2]);
    req.options.insert("table".into(), "grapeshot".into());
    assert!(
        g.rules.odds(&g, &req).is_err(),
        "a fire option is refused in melee"
    );
}

/// Resolve `req` with every sequence of `len` dice and compare with the odds: the defender's
/// rout, retreat and loss, the attacker's retreat and loss, and the Eng results.
fn agree(g: &Game, req: &AttackRequest, len: u32, what: &str) {
    let o = g.rules.odds(g, req).unwrap();
    let w = Prob::new(1, 6u64.pow(len));
    let z = p(0, 1);
    let (mut rout, mut retreat, mut loss) = (z, z, z);
    let (mut a_retreat, mut a_loss, mut eng) = (z, z, z);
    let def = g.unit_by_id("def").unwrap();
    let att = g.unit_by_id("att").unwrap();
    for n in 0..6u64.pow(len) {
        let dice: Vec<u8> = (0..len)
            .map(|i| ((n / 6u64.pow(i)) % 6) as u8 + 1)
            .collect();
        let mut h = g.clone();
        let ev = resolve(&mut h, req, &dice);
        if h.unit(def).status == Status::Routed && g.unit(def).status != Status::Routed {
            rout += w;
        }
        let moved = |u| {
            ev.iter()
                .any(|e| matches!(e, Event::Retreated { units, .. } if units.contains(&u)))
        };
        if moved(def) {
            retreat += w;
        }
        if moved(att) {
            a_retreat += w;
        }
        if ev
            .iter()
            .any(|e| matches!(e, Event::Note { text } if text.starts_with("[12.98] Eng")))
        {
            eng += w;
        }
        loss += w * Prob::from_integer((g.unit(def).manpower - h.unit(def).manpower) as u64);
        a_loss += w * Prob::from_integer((g.unit(att).manpower - h.unit(att).manpower) as u64);
    }
    assert_eq!(rout, o.p_rout, "{what}: rout");
    assert_eq!(retreat, o.p_retreat, "{what}: retreat");
    assert_eq!(loss, o.defender_expected_loss, "{what}: loss");
    assert_eq!(a_loss, o.attacker_expected_loss, "{what}: attacker loss");
    assert_eq!(
        o.extra_json["p_attacker_retreat"],
        format!("{}/{}", a_retreat.numer(), a_retreat.denom()),
        "{what}: attacker retreat"
    );
    assert_eq!(
        o.extra_json["p_engaged"],
        format!("{}/{}", eng.numer(), eng.denom()),
        "{what}: engaged"
    );
}

// The odds and the resolution agree over every sequence of dice (a green defender: die,
// two [13.15] dice, its check; the attacker's check).
#[test]
fn melee_preview_and_resolve_agree_over_every_die() {
    for (a, d) in [(5u32, 5u32), (4, 5), (9, 3), (2, 6)] {
        let g = map(8, 8)
            .ruleset("gbacw")
            .unit_with("def", 'C', "0305", d, |u| u.green = true)
            .unit_with("att", 'U', "0304", a, |u| u.morale = Some(3))
            .game();
        let req = request(&g, &["att"], "0305", M);
        agree(&g, &req, 5, &format!("{a} v {d}"));
    }
}

// The same where retreats are blocked: the defender in the corner 0101 with enemy units in
// every neighbour on the map, the attacker on the top edge; an already routed defender.
#[test]
fn melee_preview_and_resolve_agree_with_blocked_retreats() {
    for (a, d) in [(5u32, 5u32), (4, 5), (9, 3), (2, 6)] {
        let g = map(8, 8)
            .ruleset("gbacw")
            .unit_with("def", 'C', "0101", d, |u| u.green = true)
            .unit_with("att", 'U', "0201", a, |u| u.morale = Some(3))
            .unit_with("b1", 'U', "0102", 1, |u| u.morale = Some(3))
            .unit_with("b2", 'U', "0202", 1, |u| u.morale = Some(3))
            .game();
        let req = request(&g, &["att"], "0101", M);
        let o = g.rules.odds(&g, &req).unwrap();
        assert_eq!(o.p_retreat, p(0, 1), "{a} v {d}: the defender cannot move");
        agree(&g, &req, 5, &format!("blocked {a} v {d}"));
    }
    let mut g = melee(4, 5);
    let def = g.unit_by_id("def").unwrap();
    g.unit_mut(def).status = Status::Routed;
    let req = request(&g, &["att"], "0305", M);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.p_rout, p(0, 1), "already routed");
    agree(&g, &req, 3, "already routed");
}

// [12.98] C2R3 at +6 with the defender boxed in: the retreat is not previewed as a retreat,
// and the resolution moves nobody (the failed check still routs it).
#[test]
fn blocked_defender_retreat_is_not_counted() {
    let mut g = map(8, 8)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0101", 5, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0201", 12, |u| u.morale = Some(3))
        .unit_with("b1", 'U', "0102", 1, |u| u.morale = Some(3))
        .unit_with("b2", 'U', "0202", 1, |u| u.morale = Some(3))
        .game();
    let req = request(&g, &["att"], "0101", M);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.differential.keys().copied().collect::<Vec<_>>(), vec![6]);
    assert_eq!(o.p_retreat, p(0, 1));
    // Every die retreats it (C2R3, C2R2 ... C1R2, 3 SP left at least) and its check fails on
    // 4, 5, 6 against morale 3.
    assert_eq!(o.p_rout, p(1, 2));
    let ev = resolve(&mut g, &req, &[1, 6]);
    assert_eq!(g.label(unit(&g, "def").hex.unwrap()), "0101");
    assert_eq!(unit(&g, "def").status, Status::Routed);
    assert!(!ev.iter().any(|e| matches!(e, Event::Retreated { .. })));
}

// [12.98] Rpls: "Attacker retreats 2 hexes and checks morale. If fails, retreats an additional
// 3 hexes": at 0, die 4, the attacker fails (6 against 4) and ends 2 + 3 = 5 hexes away; the
// defender passes (1 against 3) and stays.
#[test]
fn repulsed_attacker_failing_its_check_retreats_5() {
    let mut g = map(8, 12)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0308", 5, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0307", 5, |u| u.morale = Some(4))
        .game();
    let req = request(&g, &["att"], "0308", M);
    let (a0, d0) = (unit(&g, "att").hex.unwrap(), unit(&g, "def").hex.unwrap());
    let ev = resolve(&mut g, &req, &[4, 6, 1]);
    assert_eq!(unit(&g, "att").hex.unwrap().distance(a0), 5);
    assert_eq!(unit(&g, "def").hex.unwrap(), d0);
    let retreats: Vec<usize> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Retreated { path, .. } => Some(path.len()),
            _ => None,
        })
        .collect();
    assert_eq!(retreats, vec![2, 3]);
    // An Rpls failure is not a routing result (only Rn's is, by settings).
    assert_eq!(unit(&g, "att").status, Status::Normal);
}

// The leaders that retreated with a unit go along on its extra 3 hexes after a failed check
// [project default: not in the seeds]. -1, die 1: C1R2, the check fails (6 against 3).
#[test]
fn leaders_go_along_on_the_extra_retreat() {
    let mut g = map(8, 8)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0305", 5, |u| u.morale = Some(3))
        .leader("ldr", 'C', "0305", 0)
        .unit_with("att", 'U', "0304", 4, |u| u.morale = Some(4))
        .game();
    let req = request(&g, &["att"], "0305", M);
    let start = g.scenario.parse_hex("0305").unwrap();
    resolve(&mut g, &req, &[1, 6]);
    assert_eq!(unit(&g, "def").hex.unwrap().distance(start), 5);
    assert_eq!(unit(&g, "ldr").hex, unit(&g, "def").hex);
}

// Eleven green defenders: exact odds or an error that says so, never a panic.
#[test]
fn eleven_green_defenders_do_not_overflow_the_odds() {
    let mut bld = map(8, 8).ruleset("gbacw");
    for i in 0..11 {
        bld = bld.unit_with(&format!("g{i}"), 'C', "0305", 1, |u| u.green = true);
    }
    let g = bld
        .unit_with("att", 'U', "0304", 20, |u| u.morale = Some(4))
        .game();
    let req = request(&g, &["att"], "0305", M);
    match g.rules.odds(&g, &req) {
        Ok(o) => {
            assert_eq!(sum(&o.defender_results), p(1, 1));
            assert!(o.p_rout <= p(1, 1) && o.p_retreat <= p(1, 1));
        }
        Err(musket::rules::attack::AttackError::Illegal(m)) => {
            assert!(m.contains("does not fit"), "{m}")
        }
        Err(e) => panic!("{e:?}"),
    }
}

// A full combat in the demo scenario through a session: fire, then melee, then the turn ends;
// the save replays to the identical state.
#[test]
fn bloody_hill_full_combat_in_a_session() {
    let sc = musket::rules::registry::load_scenario(std::path::Path::new(
        "scenarios/gbacw-bloody-hill.ron",
    ))
    .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("gbacw").unwrap()).unwrap();
    let mut s = Session::new(Arc::new(sc), rules, 1861);
    // The sequence of play (assets/rules/gbacw.ron `sequence`): the Confederates' player-turn
    // passes phase by phase, then the Union's movement and the Confederate defensive fire: the
    // Union's offensive fire.
    let key = |s: &Session| s.game.sequence.phase(s.game.phase).key.clone();
    while !(s.game.phase.phasing == musket::rules::unit::SideId(1) && key(&s) == "offensive_fire") {
        s.execute(Command::EndPhase).unwrap();
    }
    assert_eq!(s.game.active_side, musket::rules::unit::SideId(1));
    let attack = |att: &[&str], hex: &str, kind| Command::Attack {
        attackers: att.iter().map(|a| a.to_string()).collect(),
        defender: hex.into(),
        kind,
        march_type: None,
        options: Default::default(),
        choices: Choices::default(),
    };
    // Out of range: refused, no die rolled.
    assert!(s.execute(attack(&["usa-totten"], "0605", None)).is_err());
    assert_eq!(s.dice.rolls(), 0);
    let before: u32 = s.game.units.iter().map(|u| u.manpower).sum();
    let h0605 = s.game.scenario.parse_hex("0605").unwrap();
    let hex_sp: u32 = s
        .game
        .units_at(h0605)
        .iter()
        .map(|u| s.game.unit(*u).manpower)
        .sum();
    let ev = s
        .execute(attack(
            &["usa-1mo", "usa-1ks"],
            "0605",
            Some(AttackType::Fire),
        ))
        .unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::CombatResult { .. })));
    // The fire result is the [9.16] entry at the previewed column for the die rolled, and the
    // defender loses the SP it prints (capped at the hex's SP).
    let t = Tables::builtin();
    let first_die = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::DieRolled { value, .. } => Some(*value),
                _ => None,
            })
            .unwrap()
    };
    let die = first_die(&ev);
    let (col, code) = ev
        .iter()
        .find_map(|e| match e {
            Event::CombatResult {
                differential,
                defender,
                ..
            } => Some((*differential, defender.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        t.fcrt.rows[die as usize - 1].results[col as usize - 1].trim(),
        code
    );
    let printed: u32 = code.trim_end_matches('*').parse().unwrap_or(0);
    let fire_lost: u32 = ev
        .iter()
        .map(|e| match e {
            Event::ManpowerLost { amount, .. } => *amount,
            _ => 0,
        })
        .sum();
    assert_eq!(fire_lost, printed.min(hex_sp));
    // Melee comes in its own phase, after fire.
    s.execute(Command::EndPhase).unwrap();
    assert_eq!(key(&s), "melee");
    let g0 = s.game.clone();
    let mreq = AttackRequest {
        attackers: vec![g0.unit_by_id("usa-1ks").unwrap()],
        defender: g0.scenario.parse_hex("0506").unwrap(),
        kind: M,
        march_type: None,
        options: Default::default(),
    };
    let mo = g0.rules.odds(&g0, &mreq).unwrap();
    let ev2 = s
        .execute(attack(&["usa-1ks"], "0506", Some(AttackType::Melee)))
        .unwrap();
    // The melee result is the [12.98] pair at the previewed differential for the die rolled.
    let mdie = first_die(&ev2);
    let diff = *mo.differential.keys().next().unwrap();
    let ci = t.melee.columns.iter().position(|c| *c == diff).unwrap();
    let row = &t.melee.rows[mdie as usize - 1];
    assert!(ev2.contains(&Event::CombatResult {
        differential: diff,
        attacker: row.attacker[ci].trim().into(),
        defender: row.defender[ci].trim().into(),
    }));
    // Every SP lost is in the events.
    let lost: u32 = ev
        .iter()
        .chain(&ev2)
        .map(|e| match e {
            Event::ManpowerLost { amount, .. } | Event::Captured { amount, .. } => *amount,
            _ => 0,
        })
        .sum();
    let after: u32 = s.game.units.iter().map(|u| u.manpower).sum();
    assert_eq!(before - after, lost);
    assert!(s.dice.rolls() >= 2);
    s.execute(Command::EndTurn).unwrap();
    let back = Session::load_save(&s.save_string(), "save.ron", &Default::default()).unwrap();
    assert_eq!(back.game.units, s.game.units);
}

// A tables file with a bad entry is refused with the place named, never a panic.
#[test]
fn bad_tables_file_names_the_place() {
    let text = musket::rules::gbacw::DEFAULT_TABLES.replacen(
        "\"P/R\", \"P/R\", \"1\"",
        "\"P/R\", \"Q\", \"1\"",
        1,
    );
    assert_ne!(text, musket::rules::gbacw::DEFAULT_TABLES);
    let dir = std::env::temp_dir().join(format!("gbacw-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("gbacw.ron");
    std::fs::write(&f, &text).unwrap();
    let e = musket::rules::gbacw::load(Some(&f))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fcrt.rows[4].results[2] = Q"), "{e}");
    std::fs::write(&f, "(ruleset: \"gbacw\",").unwrap();
    let e = musket::rules::gbacw::load(Some(&f))
        .unwrap_err()
        .to_string();
    assert!(e.contains("gbacw.ron:1:"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

// A retreat with no allowed step stops where it is, with a note (the seeds give no rule for a
// blocked retreat; nothing is eliminated). The attacker on the map edge, [12.98] Rpls.
#[test]
fn blocked_retreat_stops_with_a_note() {
    let mut g = map(8, 8)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0302", 5, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0301", 5, |u| u.morale = Some(4))
        .game();
    let req = request(&g, &["att"], "0302", M);
    let ev = resolve(&mut g, &req, &[4, 1, 1]);
    assert_eq!(g.label(unit(&g, "att").hex.unwrap()), "0301");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("no retreat step")))
    );
}

// [12.98] R2: "retreats 2 hexes". When the melee has left no enemy unit on the map (the only
// attacker lost its last SP to K), the step rule "farther from the nearest enemy" is measured
// from the hex the enemy fought from, and the retreat is still made (it used to be blocked).
#[test]
fn defender_retreats_when_the_melee_left_no_enemy_on_the_map() {
    // Differential 1 + 3 - 3 = +1: die 3 reads attacker K, defender C1R2.
    let mut g = melee(1, 3);
    let mut req = request(&g, &["att"], "0305", M);
    req.options.insert("attacker_modifier".into(), "3".into());
    let ev = resolve(&mut g, &req, &[3, 1]);
    assert!(ev.contains(&Event::CombatResult {
        differential: 1,
        attacker: "K".into(),
        defender: "C1R2".into()
    }));
    assert!(!unit(&g, "att").on_map());
    let path = ev
        .iter()
        .find_map(|e| match e {
            Event::Retreated { path, .. } => Some(path.clone()),
            _ => None,
        })
        .expect("the defender retreats");
    assert_eq!(path.len(), 2);
    let from = g.scenario.parse_hex("0304").unwrap();
    assert_eq!(unit(&g, "def").hex.unwrap().distance(from), 3);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("no retreat step")))
    );
    // The odds count it: column +1, the defender moves on die 1 (C1R2), 2 (R2), 3 (C1R2, the
    // attacker gone) and on die 5 (Rpls) when its check fails (morale 3: 1/2).
    let g = melee(1, 3);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.p_retreat, p(7, 12));
}

/// The rally ([project default], `settings.rally` in assets/rules/gbacw.ron): at the start of
/// a game turn, a routed unit with no unrouted enemy within two hexes makes a morale check (a
/// roll at or below its rating passes) and is in good order again; one that fails stays
/// routed; one near the enemy does not roll; one die per unit checked, in unit order. A rules
/// file without `rally` keeps routed units routed (as before the rally existed).
#[test]
fn routed_units_clear_of_the_enemy_rally_on_a_morale_check() {
    use musket::rules::dice::FixedDice;
    let text = r#"(
        title: "rally", ruleset: "gbacw", sides: ["Union", "Confederate"], weather: Dry,
        turn: 1, turns: 3,
        map: (columns: 8, rows: 3, terrain: ["cccccccc", "cccccccc", "cccccccc"]),
        units: [
            (id: "far", name: "Far", side: "Union", kind: Infantry, hex: "0101", strength: Organized(3), morale: 4, status: Routed),
            (id: "shaken", name: "Shaken", side: "Union", kind: Infantry, hex: "0103", strength: Organized(3), morale: 2, status: Routed),
            (id: "near", name: "Near", side: "Union", kind: Infantry, hex: "0602", strength: Organized(3), morale: 6, status: Routed),
            (id: "enemy", name: "Enemy", side: "Confederate", kind: Infantry, hex: "0802", strength: Organized(3), morale: 3),
        ],
        victory: [],
    )"#;
    let sc = Arc::new(
        musket::rules::registry::parse_scenario(text, std::path::Path::new("rally.ron")).unwrap(),
    );
    let status = |g: &Game, id: &str| g.unit(g.unit_by_id(id).unwrap()).status;
    let rules = musket::rules::gbacw::from_text(None).unwrap();
    let mut game = musket::rules::flow::new_game(sc.clone(), rules.clone());
    let mut dice = FixedDice::new(&[4, 5, 6]);
    let events = rules.round_recovery(&mut game, &mut dice, false);
    let rolled = events
        .iter()
        .filter(|e| matches!(e, Event::DieRolled { .. }))
        .count();
    assert_eq!(rolled, 2, "{events:?}");
    assert_eq!(
        dice.0.len(),
        1,
        "one die left: the unit near the enemy did not roll"
    );
    assert_eq!(status(&game, "far"), Status::Normal, "4 on morale 4 passes");
    assert_eq!(
        status(&game, "shaken"),
        Status::Routed,
        "5 on morale 2 fails"
    );
    assert_eq!(
        status(&game, "near"),
        Status::Routed,
        "within two hexes of the enemy"
    );
    // Between rounds nothing happens (GBACW has one round).
    assert!(rules.round_recovery(&mut game, &mut dice, true).is_empty());
    // A player's rules file without the rally: routed units stay routed.
    let t = musket::rules::gbacw::DEFAULT_TABLES;
    let start = t.find("        rally: Some((").unwrap();
    let end = start + t[start..].find(")),").unwrap() + 3;
    let cut = format!("{}        rally: None,{}", &t[..start], &t[end..]);
    let rules = musket::rules::gbacw::from_text(Some((&cut, "no-rally.ron"))).unwrap();
    let mut game = musket::rules::flow::new_game(sc, rules.clone());
    let events = rules.round_recovery(&mut game, &mut FixedDice::new(&[1, 1]), false);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(status(&game, "far"), Status::Routed);
}

/// The scenario's `surprise` in GBACW: on its turns a surprised unit has `points_percent` of its
/// movement points (whole points, rounded down), and its allowance's source says why; after
/// them, and for the other side, all of them.
#[test]
fn a_surprised_side_has_its_share_of_movement_points_on_its_turns() {
    use musket::rules::points::{Allowance, Mp};
    let text = r#"(
        title: "surprise", ruleset: "gbacw", sides: ["Union", "Confederate"], weather: Dry,
        turn: 1, turns: 4,
        surprise: (side: "Confederate", turns: [1, 2], points_percent: 50, may_attack: true, source: "the camps"),
        map: (columns: 8, rows: 3, terrain: ["cccccccc", "cccccccc", "cccccccc"]),
        units: [
            (id: "u", name: "U", side: "Union", kind: Infantry, hex: "0101", strength: Organized(3), morale: 4),
            (id: "inf", name: "Inf", side: "Confederate", kind: Infantry, hex: "0803", strength: Organized(3), morale: 3),
            (id: "cav", name: "Cav", side: "Confederate", kind: Cavalry, hex: "0801", strength: Organized(3), morale: 3),
        ],
        victory: [],
    )"#;
    let sc = Arc::new(
        musket::rules::registry::parse_scenario(text, std::path::Path::new("surprise.ron"))
            .unwrap(),
    );
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut session = Session::new(sc, rules.clone(), 3);
    let points = |g: &Game, id: &str| match rules.movement().allowance(g, g.unit_by_id(id).unwrap())
    {
        Allowance::Fixed { points, .. } => points,
        other => panic!("{other:?}"),
    };
    let g = &session.game;
    // Infantry 6 MP, cavalry 10 (docs/rulesets/gbacw.md): the Confederates half, the Union all.
    assert_eq!(points(g, "inf"), Mp::whole(3));
    assert_eq!(points(g, "cav"), Mp::whole(5));
    assert_eq!(points(g, "u"), Mp::whole(6));
    let why = rules
        .movement()
        .allowance_source(g, g.unit_by_id("inf").unwrap());
    assert!(why.contains("surprised") && why.contains("50%"), "{why}");
    while session.game.turn < 3 {
        session.execute(Command::EndTurn).unwrap();
    }
    assert_eq!(
        points(&session.game, "inf"),
        Mp::whole(6),
        "after its turns all of them"
    );
}
