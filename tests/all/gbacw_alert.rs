//! The scenario's `alert` in GBACW (`rules::gbacw::alert`, after S&T 80's *Wilson's Creek*
//! exclusive rules as its review describes them): a side asleep in its camps does not move
//! until an enemy comes within sight (or the alert's last turn); then each of its combat units
//! makes a morale check, the ones that fail rout, and a mounted one that fails fights on foot.

use std::sync::Arc;

use musket::rules::dice::FixedDice;
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::narrate::Describe;
use musket::rules::points::{Allowance, Mp};
use musket::rules::unit::{SideId, Status, UnitKind};

/// Union `u` at `union_hex`; Confederate infantry `inf` (morale 3) at 0801, cavalry `cav`
/// (morale 3) at 0803 and leader `ldr` at 0802; the Confederates asleep (`alert`).
fn camps(union_hex: &str, alert: &str) -> Game {
    let text = format!(
        r#"(
        title: "alert", ruleset: "gbacw", sides: ["Union", "Confederate"], weather: Dry,
        turn: 1, turns: 4,
        alert: {alert},
        map: (columns: 8, rows: 3, terrain: ["cccccccc", "cccccccc", "cccccccc"]),
        units: [
            (id: "u", name: "U", side: "Union", kind: Infantry, hex: "{union_hex}", strength: Organized(3), morale: 4),
            (id: "inf", name: "Inf", side: "Confederate", kind: Infantry, hex: "0801", strength: Organized(3), morale: 3),
            (id: "ldr", name: "Ldr", side: "Confederate", kind: Leader, hex: "0802", strength: Organized(0)),
            (id: "cav", name: "Cav", side: "Confederate", kind: Cavalry, hex: "0803", strength: Organized(3), morale: 3),
        ],
        victory: [],
    )"#
    );
    let sc = Arc::new(
        musket::rules::registry::parse_scenario(&text, std::path::Path::new("alert.ron")).unwrap(),
    );
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    musket::rules::flow::new_game(sc, rules)
}

fn points(g: &Game, id: &str) -> Mp {
    match g.rules.movement().allowance(g, g.unit_by_id(id).unwrap()) {
        Allowance::Fixed { points, .. } => points,
        other => panic!("{other:?}"),
    }
}

/// End phases until `side`'s player-turn begins (or the game ends), with every event.
fn until(g: &mut Game, side: SideId, dice: &mut FixedDice) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..40 {
        events.extend(musket::rules::flow::end_phase(g, dice));
        if g.phase.phasing == side && g.phase.index == 0 || g.is_over() {
            break;
        }
    }
    events
}

/// Asleep, the side's combat units have no points and say why; its leader rides. Once an
/// enemy combat unit is within `within` hexes as its player-turn begins: one morale check a
/// unit in unit order (die 2 against 3 passes, die 5 fails), the cavalry that failed routs and
/// is infantry from then on, and the units move again.
#[test]
fn an_army_asleep_moves_once_the_enemy_is_in_sight_and_checks_its_morale() {
    let alert = r#"(side: "Confederate", within: 3, source: "the camps")"#;
    let mut g = camps("0501", alert);
    assert_eq!(points(&g, "inf"), Mp::ZERO);
    assert_eq!(points(&g, "cav"), Mp::ZERO);
    assert_eq!(points(&g, "u"), Mp::whole(6), "the Union is awake");
    assert!(
        points(&g, "ldr") > Mp::ZERO,
        "a leader may ride while the camps sleep"
    );
    let why = g
        .rules
        .movement()
        .allowance_source(&g, g.unit_by_id("inf").unwrap());
    assert!(
        why.contains("not yet alerted") && why.contains("within 3 hexes"),
        "{why}"
    );

    let mut dice = FixedDice::new(&[2, 5]);
    let events = until(&mut g, SideId(1), &mut dice);
    let checks: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::MoraleCheck {
                unit, roll, passed, ..
            } => Some((g.unit(*unit).id.clone(), *roll, *passed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        checks,
        vec![("inf".to_string(), 2, true), ("cav".to_string(), 5, false)],
        "one check a combat unit, in unit order; the leader makes none"
    );
    let (inf, cav, u) = (
        g.unit_by_id("inf").unwrap(),
        g.unit_by_id("cav").unwrap(),
        g.unit_by_id("u").unwrap(),
    );
    assert!(events.iter().any(|e| matches!(e,
        Event::Alerted { side: SideId(1), sighted: Some((e, o)), routed, on_foot }
            if *e == u && *o == inf && routed == &vec![cav] && on_foot == &vec![cav])));
    assert_eq!(g.unit(cav).status, Status::Routed);
    assert_eq!(g.unit(cav).kind, UnitKind::Infantry, "it lost its horses");
    assert_eq!(g.unit(inf).status, Status::Normal);
    assert_eq!(points(&g, "inf"), Mp::whole(6), "awake, it moves");
    let alerted = events
        .iter()
        .find(|e| matches!(e, Event::Alerted { .. }))
        .unwrap();
    let line = alerted.describe(&g);
    assert!(
        line.contains("Confederate is alerted (U is in sight of Inf)"),
        "{line}"
    );

    // Once awake, never again: the next player-turn makes no check.
    let mut dice = FixedDice::new(&[6; 10]);
    until(&mut g, SideId(0), &mut dice);
    let later = until(&mut g, SideId(1), &mut dice);
    assert!(!later.iter().any(|e| matches!(e, Event::Alerted { .. })));
}

/// Out of sight the side sleeps on until the alert's `turn`, when it wakes with nobody named.
#[test]
fn an_army_out_of_sight_wakes_on_the_alerts_turn() {
    let alert = r#"(side: "Confederate", within: 3, turn: 2)"#;
    let mut g = camps("0101", alert);
    let mut dice = FixedDice::new(&[1; 20]);
    let first = until(&mut g, SideId(1), &mut dice);
    assert!(
        !first.iter().any(|e| matches!(e, Event::Alerted { .. })),
        "7 hexes is out of sight"
    );
    assert_eq!(points(&g, "inf"), Mp::ZERO);
    until(&mut g, SideId(0), &mut dice);
    assert_eq!(g.turn, 2);
    let second = until(&mut g, SideId(1), &mut dice);
    assert!(second.iter().any(|e| matches!(e,
        Event::Alerted { sighted: None, routed, .. } if routed.is_empty())));
    assert_eq!(
        points(&g, "cav"),
        Mp::whole(10),
        "awake, mounted (it passed)"
    );
}

/// A bad alert is refused with the place and the problem; other rule systems do not play it.
#[test]
fn a_bad_alert_names_its_field() {
    let base = std::fs::read_to_string("scenarios/gbacw-bloody-hill.ron").unwrap();
    let with = |alert: &str| {
        base.replacen(
            "    units: [",
            &format!("    alert: {alert},\n    units: ["),
            1,
        )
    };
    let problems = |text: String| {
        musket::rules::registry::parse_scenario(&text, std::path::Path::new("x.ron"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let p = problems(with(r#"(side: "Rebels", within: 0, turn: 0)"#));
    for want in ["alert.side", "\"Rebels\"", "alert.within", "alert.turn"] {
        assert!(p.contains(want), "{want} in {p}");
    }
    let gcacw = std::fs::read_to_string("scenarios/foxs-gap.ron")
        .unwrap()
        .replacen(
            "    units: [",
            "    alert: (side: \"Union\", within: 3),\n    units: [",
            1,
        );
    let p = problems(gcacw);
    assert!(p.contains("the alert is played by GBACW"), "{p}");
    assert!(
        problems(with(r#"(side: "Confederate", within: 4, turn: 3)"#)).is_empty(),
        "a good one loads"
    );
}
