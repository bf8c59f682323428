//! Leaders' activations in GCACW's action phase (issue 17): a leader and the units of his
//! command within his command radius act as one action, on one march roll.
//!
//! Sources (the data's, `assets/rules/gcacw.ron` `sequence.activation`): 5.2 Activate Leader,
//! "activates units of his own command within his command radius: 3 hexes, blocked by enemy
//! ZOC", "one MA roll covers every unit activated" [player: wargamereplays tutorial 2, the OTR
//! Q&A, a variant write-up; shared/notes/sequence-of-play.md 1.3-1.4]; the Union leader's
//! march modifier +1 [pub: motoi-s, HCR replay]; each march +1 fatigue [replay].

use crate::common::{Table, gcu};
use std::path::Path;
use std::sync::Arc;

use musket::rules::attack::AttackType;
use musket::rules::command::validate;
use musket::rules::event::Event;
use musket::rules::hex::Coord;
use musket::rules::order::Command;
use musket::rules::registry::for_scenario;
use musket::rules::scenario::Scenario;
use musket::rules::session::Session;
use musket::rules::unit::SideId;

/// A clear 12 x 12 field; `units` are RON unit entries.
fn field(units: &str) -> Scenario {
    field_with_victory(units, "")
}

fn unit(id: &str, side: &str, kind: &str, hex: Coord, extra: &str) -> String {
    format!(
        "(id: {id:?}, name: {id:?}, side: {side:?}, kind: {kind}, hex: {:?}, strength: Organized({}){extra}),",
        hex.label(2),
        if kind == "Leader" { 0 } else { 4 }
    )
}

/// A session on `sc` with GCACW's own sequence (its radius replaced by `radius`), at the
/// start of the first action phase (both sides' leader-transfer phases passed), from the first
/// seed where the Union wins its initiative.
fn session(sc: Scenario, radius: Option<u32>) -> Table {
    (0..100)
        .map(|seed| {
            let mut s = session_at_start(sc.clone(), radius, seed);
            while !musket::rules::gate::on_initiative(&s.game) {
                s.execute(Command::EndPhase).unwrap();
            }
            s
        })
        .find(|s| s.game.active_side == SideId(0))
        .map(|s| Table::of(&s))
        .expect("a seed where the Union acts first")
}

/// A session on `sc` with GCACW's own sequence (its radius replaced by `radius`), as it starts.
fn session_at_start(sc: Scenario, radius: Option<u32>, seed: u64) -> Session {
    let sc = Arc::new(sc);
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let mut seq = rules.sequence().clone();
    if let Some(r) = radius {
        seq.activation.as_mut().unwrap().radius = r;
    }
    Session::with_sequence(sc, rules, seed, Arc::new(seq))
}

fn activate(leader: &str, units: &[&str]) -> Command {
    Command::Activate {
        leader: leader.into(),
        units: units.iter().map(|u| u.to_string()).collect(),
    }
}

const L: Coord = Coord::new(6, 6);

/// The hex `n` steps from `from` straight along neighbour direction `dir`.
fn along(from: Coord, dir: usize, n: usize) -> Coord {
    let mut h = from;
    for _ in 0..n {
        h = h.neighbors()[dir];
    }
    h
}

// 5.2 with the data's radius of 3: units 1, 2 and 3 hexes from the leader are activated, one 4
// hexes away is not; units not of his command are never part of it.
#[test]
fn the_command_radius_is_three_hexes() {
    let far = along(L, 0, 4);
    let units = [
        unit(
            "usa-leader",
            "Union",
            "Leader",
            L,
            ", command: [\"usa-1\", \"usa-2\", \"usa-3\", \"usa-4\"]",
        ),
        unit("usa-1", "Union", "Infantry", along(L, 0, 1), ""),
        unit("usa-2", "Union", "Infantry", along(L, 2, 2), ""),
        unit("usa-3", "Union", "Infantry", along(L, 3, 3), ""),
        unit("usa-4", "Union", "Infantry", far, ""),
        unit("usa-other", "Union", "Infantry", along(L, 4, 1), ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let mut s = session(field(&units), None);
    assert_eq!(
        s.game.sequence.activation.as_ref().unwrap().radius,
        3,
        "the data's radius"
    );
    let e = validate(&s.game, &activate("usa-leader", &["usa-4"])).unwrap_err();
    assert!(e.to_string().contains("outside"), "{e}");
    let e = validate(&s.game, &activate("usa-leader", &["usa-other"])).unwrap_err();
    assert!(e.to_string().contains("not of usa-leader's command"), "{e}");
    let ev = s.execute(activate("usa-leader", &[])).unwrap();
    let id = |i: &musket::rules::unit::UnitIdx| s.game.unit(*i).id.clone();
    let activated: Vec<String> = ev
        .iter()
        .find_map(|e| match e {
            Event::LeaderActivated { units, .. } => Some(units.iter().map(id).collect()),
            _ => None,
        })
        .unwrap();
    assert_eq!(activated, ["usa-1", "usa-2", "usa-3"]);
}

// "Blocked by enemy ZOC": with a radius of 2, the one hex between the leader and a unit two
// hexes away lies in an enemy zone of control: the radius stops there. A friendly combat unit
// in that hex carries it on; without `zoc_blocks` the enemy ZOC does not matter.
#[test]
fn an_enemy_zone_of_control_blocks_the_radius() {
    let mid = along(L, 0, 1);
    let target = along(L, 0, 2);
    // An enemy next to the middle hex and to the unit, not to the leader.
    let enemy = mid
        .neighbors()
        .into_iter()
        .find(|h| *h != L && *h != target && h.is_adjacent(target) && !h.is_adjacent(L))
        .unwrap();
    let base = [
        unit(
            "usa-leader",
            "Union",
            "Leader",
            L,
            ", command: [\"usa-far\"]",
        ),
        unit("usa-far", "Union", "Infantry", target, ""),
        unit("csa-x", "Confederate", "Infantry", enemy, ""),
    ]
    .concat();
    let s = session(field(&base), Some(2));
    let e = validate(&s.game, &activate("usa-leader", &["usa-far"])).unwrap_err();
    assert!(e.to_string().contains("outside"), "{e}");
    // A friendly unit (not of his command) holds the middle hex: the radius goes on.
    let held = format!("{base}{}", unit("usa-mid", "Union", "Infantry", mid, ""));
    let s = session(field(&held), Some(2));
    validate(&s.game, &activate("usa-leader", &["usa-far"])).unwrap();
    // The same position without the ZOC rule.
    let sc = Arc::new(field(&base));
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let mut seq = rules.sequence().clone();
    let a = seq.activation.as_mut().unwrap();
    a.radius = 2;
    a.zoc_blocks = false;
    let s = (0..100)
        .map(|seed| {
            let mut s =
                Session::with_sequence(sc.clone(), rules.clone(), seed, Arc::new(seq.clone()));
            while !musket::rules::gate::on_initiative(&s.game) {
                s.execute(Command::EndPhase).unwrap();
            }
            s
        })
        .find(|s| s.game.active_side == SideId(0))
        .unwrap();
    validate(&s.game, &activate("usa-leader", &["usa-far"])).unwrap();
}

// One march roll for the group, with the Union leader's +1; every activated unit gets the same
// allowance and a fatigue level (the leader none); the action is theirs: they move one by one,
// other units wait for another action; ending it rolls the initiative again.
#[test]
fn an_activation_is_one_march_roll_and_one_action() {
    let units = [
        unit(
            "usa-leader",
            "Union",
            "Leader",
            L,
            ", command: [\"usa-1\", \"usa-2\"]",
        ),
        unit("usa-1", "Union", "Infantry", L, ""),
        unit("usa-2", "Union", "Infantry", along(L, 3, 2), ""),
        unit("usa-3", "Union", "Infantry", along(L, 1, 2), ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let mut s = session(field(&units), None);
    let rolls = s.dice.rolls();
    let ev = s.execute(activate("usa-leader", &[])).unwrap();
    assert_eq!(s.dice.rolls(), rolls + 1, "one die for the group");
    let die = ev
        .iter()
        .find_map(|e| match e {
            Event::DieRolled { value, .. } => Some(u32::from(*value)),
            _ => None,
        })
        .unwrap();
    let g = &s.game;
    let u = |id: &str| g.unit(g.unit_by_id(id).unwrap());
    let allowance = musket::rules::points::Mp::whole(die + 1);
    for id in ["usa-leader", "usa-1", "usa-2"] {
        assert_eq!(u(id).march, Some(allowance), "{id}");
    }
    assert_eq!((u("usa-1").fatigue, u("usa-2").fatigue), (1, 1));
    assert_eq!(u("usa-leader").fatigue, 0);
    assert_eq!(u("usa-3").march, None);
    // usa-3 is not in this action; a second activation neither.
    let e = validate(
        &s.game,
        &Command::March {
            units: vec!["usa-3".into()],
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("this action is"), "{e}");
    let e = validate(&s.game, &activate("usa-leader", &[])).unwrap_err();
    assert!(e.to_string().contains("an action is under way"), "{e}");
    // The group's units move one by one on the roll.
    let from = u("usa-2").hex.unwrap();
    let to = from.neighbors()[3];
    s.execute(Command::Move {
        unit: "usa-2".into(),
        path: vec![s.game.label(to)],
    })
    .unwrap();
    let rolls = s.dice.rolls();
    s.execute(Command::EndTurn).unwrap();
    assert!(s.dice.rolls() >= rolls + 2, "a new initiative roll");
    assert_eq!(s.game.cycle.actions[0], 1);
    assert_eq!(s.game.cycle.leader, None);
}

// A leader of the side without the initiative, a unit that is no leader, a leader without a
// command: each refused with the reason.
#[test]
fn activations_the_rules_do_not_allow_are_refused() {
    let units = [
        unit("usa-leader", "Union", "Leader", L, ", command: [\"usa-1\"]"),
        unit("usa-lone", "Union", "Leader", along(L, 1, 3), ""),
        unit("usa-1", "Union", "Infantry", L, ""),
        unit(
            "csa-leader",
            "Confederate",
            "Leader",
            Coord::new(1, 12),
            ", command: [\"csa-x\"]",
        ),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let s = session(field(&units), None);
    for (leader, why) in [
        ("csa-leader", "the Union has the initiative"),
        ("usa-1", "is not a leader"),
        ("usa-lone", "commands no units"),
    ] {
        let e = validate(&s.game, &activate(leader, &[])).unwrap_err();
        assert!(e.to_string().contains(why), "{leader}: {e}");
    }
}

// The scenario's `command` is checked: ids that exist, of the leader's side, on a leader, in
// GCACW only.
#[test]
fn a_bad_command_in_a_scenario_names_the_place() {
    let bad = [
        unit(
            "usa-leader",
            "Union",
            "Leader",
            L,
            ", command: [\"nobody\", \"csa-x\"]",
        ),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let row = "c".repeat(12);
    let rows: Vec<String> = (0..12).map(|_| format!("{row:?}")).collect();
    let text = format!(
        "(title: \"x\", ruleset: \"gcacw\", sides: [\"Union\", \"Confederate\"],
          map: (columns: 12, rows: 12, terrain: [{}]), units: [{bad}])",
        rows.join(", ")
    );
    let e = musket::rules::registry::parse_scenario(&text, Path::new("x.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("units[0].command[0]") && e.contains("no unit has this id"),
        "{e}"
    );
    assert!(
        e.contains("units[0].command[1]") && e.contains("other side"),
        "{e}"
    );
}

/// March `id` with the dice `values` (the march die first, then any extended-march die).
fn march_with(s: &mut Table, id: &str, values: &[u8]) -> Vec<Event> {
    let march = Command::March {
        units: vec![id.into()],
    };
    s.execute_with(&march, values).unwrap()
}

/// End the action, with dice that give the Union the next initiative; where the Union has not
/// begun its action, it has a new one already (a pass would yield it to the Confederates, 5.1).
fn next_union_action(s: &mut Table) {
    if !s.game.cycle.acted {
        assert_eq!(s.game.active_side, SideId(0));
        return;
    }
    s.execute_with(&Command::EndTurn, &[6, 1]).unwrap();
    assert_eq!(s.game.active_side, SideId(0));
}

// Fatigue and the extended march (the data: `sequence.fatigue`): each march +1; a march to
// fatigue 3 or more makes the check, 1d6 +1 for a Union unit, +1 more to fatigue 4; totals
// from the table ([project default] cells: 6 disorganized, 7+ one manpower and disorganized);
// a unit at 4 may not march; the turn's recovery takes 2 off.
#[test]
fn marches_tire_units_and_the_extended_march_costs_them() {
    let units = [
        unit("usa-1", "Union", "Infantry", L, ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let mut s = session(field(&units), None);
    let u = s.game.unit_by_id("usa-1").unwrap();
    // Fatigue 0 -> 1 -> 2: no check.
    for want in [1, 2] {
        let ev = march_with(&mut s, "usa-1", &[3]);
        assert!(!ev.iter().any(|e| matches!(e, Event::ExtendedMarch { .. })));
        assert_eq!(s.game.unit(u).fatigue, want);
        next_union_action(&mut s);
    }
    // 2 -> 3: the check, die 4 + 1 (Union) = 5: no effect.
    let ev = march_with(&mut s, "usa-1", &[3, 4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ExtendedMarch { dice, modifier: 1, loss: 0, disorganize: false, .. } if *dice == [4]
    )));
    assert_eq!(
        (s.game.unit(u).manpower, gcu(&s.game, u).own.disorganized),
        (4, false)
    );
    next_union_action(&mut s);
    // 3 -> 4: +1 more; die 5 + 2 = 7: one manpower lost and disorganized.
    let ev = march_with(&mut s, "usa-1", &[3, 5]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ExtendedMarch {
            modifier: 2,
            loss: 1,
            disorganize: true,
            ..
        }
    )));
    let unit = gcu(&s.game, u);
    assert_eq!(
        (unit.fatigue, unit.manpower, unit.own.disorganized),
        (4, 3, true)
    );
    next_union_action(&mut s);
    // At 4, the highest: no march.
    let e = validate(
        &s.game,
        &Command::March {
            units: vec!["usa-1".into()],
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("the highest"), "{e}");
    // The odds shown before a march: none at 4 (it may not march).
    assert_eq!(
        musket::rules::actions::extended_march_odds(&s.game, u),
        None
    );
    // Both pass: the turn ends and the recovery takes 2 levels off.
    let mut guard = 0;
    while s.game.turn == 1 && guard < 100 {
        s.execute(Command::EndTurn).unwrap();
        guard += 1;
    }
    assert_eq!(s.game.unit(u).fatigue, 2);
    // Turn 2 opens with the leader transfers, passed over with no leader to transfer (none
    // here); then the action phase.
    assert_eq!(s.game.sequence.phase(s.game.phase).key, "action");
    while !musket::rules::gate::on_initiative(&s.game) {
        s.execute(Command::EndTurn).unwrap();
    }
    // From 2, the next march makes the check: the odds with +1 (1d6+1: 6 and 7 are 2 faces).
    let odds = musket::rules::actions::extended_march_odds(&s.game, u).unwrap();
    assert!(
        odds.contains("fatigue 2 -> 3") && odds.contains("1d6+1"),
        "{odds}"
    );
    assert!(odds.contains("67% no effect"), "{odds}");
    assert!(odds.contains("17% disorganized"), "{odds}");
    assert!(odds.contains("17% -1 manpower, disorganized"), "{odds}");
}

// The recovery at the end of the game turn (the data's `sequence.recovery`, [project
// default]): units outside enemy zones of control reorganize (CV back to their manpower) and
// lose their demoralization; a unit in an enemy ZOC does not.
#[test]
fn the_recovery_reorganizes_units_away_from_the_enemy() {
    let enemy = Coord::new(2, 10);
    let near = enemy.neighbors()[0];
    let units = [
        unit("usa-away", "Union", "Infantry", L, ", demoralized: 1"),
        unit("usa-near", "Union", "Infantry", near, ""),
        unit("csa-x", "Confederate", "Infantry", enemy, ""),
    ]
    .concat()
    .replace(
        "strength: Organized(4), demoralized: 1",
        "strength: Disorganized(cv: 2, manpower: 4), demoralized: 1",
    )
    .replacen(
        &format!("hex: {:?}, strength: Organized(4)", near.label(2)),
        &format!(
            "hex: {:?}, strength: Disorganized(cv: 2, manpower: 4)",
            near.label(2)
        ),
        1,
    );
    let mut s = session(field(&units), None);
    let id = |s: &Table, id: &str| s.game.unit_by_id(id).unwrap();
    let (away, near_u) = (id(&s, "usa-away"), id(&s, "usa-near"));
    assert!(gcu(&s.game, away).own.disorganized && gcu(&s.game, near_u).own.disorganized);
    let mut events = Vec::new();
    while s.game.turn == 1 {
        events.extend(s.execute(Command::EndTurn).unwrap());
    }
    let u = gcu(&s.game, away);
    assert_eq!(
        (u.own.disorganized, u.cv, u.own.demoralized),
        (false, musket::rules::cv::Cv::whole(4), 0)
    );
    assert!(gcu(&s.game, near_u).own.disorganized, "in the enemy's ZOC");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Recovered { unit, .. } if *unit == away))
    );
    // Through its exhausted side ("disorganized units flip to exhausted", about a day to come
    // back [player: P2]; `recovery.exhausted`): exhausted until the next recovery, and meanwhile
    // its extended-march check comes from fatigue 2 (`extended.exhausted_at`, [player: J2]).
    assert!(gcu(&s.game, away).own.exhausted);
    assert!(!gcu(&s.game, near_u).own.exhausted);
    s.game.unit_mut(away).fatigue = 1;
    while s.game.active_side != SideId(0)
        || s.game.cycle.acted
        || !musket::rules::gate::on_initiative(&s.game)
    {
        s.execute(Command::EndTurn).unwrap();
    }
    let ev = march_with(&mut s, "usa-away", &[3, 1]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ExtendedMarch { unit, .. } if *unit == away)),
        "an exhausted unit checks at fatigue 2: {ev:?}"
    );
    let turn = s.game.turn;
    while s.game.turn == turn {
        s.execute(Command::EndTurn).unwrap();
    }
    assert!(
        !gcu(&s.game, away).own.exhausted,
        "normal again after the next recovery"
    );
}

// Without the exhausted side, a march to fatigue 2 makes no check.
#[test]
fn a_unit_not_exhausted_checks_from_fatigue_three() {
    let units = unit("usa-1", "Union", "Infantry", L, ", fatigue: 1");
    let mut s = session(field(&units), None);
    let ev = march_with(&mut s, "usa-1", &[3, 1]);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::ExtendedMarch { .. })),
        "{ev:?}"
    );
}

// The leader-transfer phases (the data: two phases before the action phase every turn, the
// first included, `leader_transfer.hexes: 10`): each side in turn may move its leaders up to 10
// hexes onto a friendly combat unit, once each; nothing else is done in them. Turn 1 too: "The
// Confederates transfer Longstreet from Hagerstown to Boonsboro ... exactly 10 hexes away" on
// turn 1 of the HCR South Mountain replay (wargamereplays).
#[test]
fn leaders_transfer_before_the_action_phase_every_turn() {
    let units = [
        unit("usa-leader", "Union", "Leader", Coord::new(1, 1), ""),
        unit("usa-1", "Union", "Infantry", Coord::new(1, 1), ""),
        unit("usa-2", "Union", "Infantry", Coord::new(6, 1), ""),
        unit("usa-far", "Union", "Infantry", Coord::new(12, 1), ""),
        unit(
            "csa-leader",
            "Confederate",
            "Leader",
            Coord::new(12, 12),
            "",
        ),
        unit("csa-x", "Confederate", "Infantry", Coord::new(12, 12), ""),
        unit("csa-y", "Confederate", "Infantry", Coord::new(12, 10), ""),
    ]
    .concat();
    let mut s = session_at_start(field(&units), None, 1);
    let transfer = |to: Coord| Command::TransferLeader {
        leader: "usa-leader".into(),
        to: to.label(2),
    };
    // Turn 1 opens with the Union's transfers.
    assert_eq!(s.game.turn, 1);
    assert_eq!(s.game.sequence.phase(s.game.phase).key, "transfer_first");
    assert_eq!(s.game.active_side, SideId(0));
    let e = validate(
        &s.game,
        &Command::March {
            units: vec!["usa-1".into()],
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("moves come in Action phase"), "{e}");
    let e = validate(&s.game, &transfer(Coord::new(12, 1))).unwrap_err();
    assert!(e.to_string().contains("11 hexes"), "{e}");
    let e = validate(&s.game, &transfer(Coord::new(5, 1))).unwrap_err();
    assert!(e.to_string().contains("has none"), "{e}");
    let e = validate(
        &s.game,
        &Command::TransferLeader {
            leader: "csa-leader".into(),
            to: Coord::new(12, 12).label(2),
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("the Union transfers now"), "{e}");
    s.execute(transfer(Coord::new(6, 1))).unwrap();
    let l = s.game.unit_by_id("usa-leader").unwrap();
    assert_eq!(s.game.unit(l).hex, Some(Coord::new(6, 1)));
    let e = validate(&s.game, &transfer(Coord::new(1, 1))).unwrap_err();
    assert!(
        e.to_string().contains("has transferred in this phase"),
        "{e}"
    );
    // E: the Confederate transfers; E again: the action phase and its initiative roll.
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(s.game.sequence.phase(s.game.phase).key, "transfer_second");
    assert_eq!(s.game.active_side, SideId(1));
    let rolls = s.dice.rolls();
    s.execute(Command::EndTurn).unwrap();
    assert!(musket::rules::gate::on_initiative(&s.game));
    assert!(s.dice.rolls() >= rolls + 2, "the initiative roll");
    let e = validate(&s.game, &transfer(Coord::new(1, 1))).unwrap_err();
    assert!(
        e.to_string()
            .contains("leader transfers come in Leader transfer"),
        "{e}"
    );
    // Turn 2 opens with the Union's transfers again.
    while s.game.turn == 1 {
        s.execute(Command::EndTurn).unwrap();
    }
    assert_eq!(s.game.sequence.phase(s.game.phase).key, "transfer_first");
    assert_eq!(s.game.active_side, SideId(0));
}

// The forced march (data `sequence.fatigue.forced`): after its march roll, an organized stack
// adds the die less one, at least 2 MP [pub: motoi-s]; once an action; it costs a fatigue
// level ([project default]); a disorganized unit may not.
#[test]
fn a_forced_march_adds_the_die_less_one_at_least_two() {
    let units = [
        unit("usa-1", "Union", "Infantry", L, ""),
        unit("usa-2", "Union", "Infantry", along(L, 0, 3), ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat()
    .replacen(
        &format!("hex: {:?}, strength: Organized(4)", along(L, 0, 3).label(2)),
        &format!(
            "hex: {:?}, strength: Disorganized(cv: 2, manpower: 4)",
            along(L, 0, 3).label(2)
        ),
        1,
    );
    let force = |id: &str| Command::ForceMarch {
        units: vec![id.into()],
    };
    for (die, bonus) in [(1u8, 2u32), (3, 2), (4, 3), (6, 5)] {
        let mut s = session(field(&units), None);
        let u = s.game.unit_by_id("usa-1").unwrap();
        let e = validate(&s.game, &force("usa-1")).unwrap_err();
        assert!(e.to_string().contains("M first"), "{e}");
        march_with(&mut s, "usa-1", &[3]);
        s.execute_with(&force("usa-1"), &[die]).unwrap();
        let unit = s.game.unit(u);
        assert_eq!(
            unit.march,
            Some(musket::rules::points::Mp::whole(3 + bonus)),
            "die {die}"
        );
        assert_eq!(unit.fatigue, 2, "the march's level and the forced march's");
        let e = validate(&s.game, &force("usa-1")).unwrap_err();
        assert!(e.to_string().contains("has force-marched"), "{e}");
    }
    // A disorganized unit may not force-march.
    let mut s = session(field(&units), None);
    next_union_action(&mut s);
    march_with(&mut s, "usa-2", &[3]);
    let e = validate(&s.game, &force("usa-2")).unwrap_err();
    assert!(e.to_string().contains("disorganized"), "{e}");
}

fn attack(attackers: &[&str], defender: Coord, kind: Option<AttackType>) -> Command {
    Command::Attack {
        attackers: attackers.iter().map(|u| u.to_string()).collect(),
        defender: defender.label(2),
        kind,
        march_type: None,
        choices: Default::default(),
        options: Default::default(),
    }
}

// The data's `sequence.assault` (5.3 an assault is a leader's action; 7.1 a grand assault an
// army leader's, from several hexes [player: wargamereplays tutorial 2]; [project default] the
// leader stands with attacking units, each within his command radius, +1 fatigue each, none at
// the highest fatigue, one attack a unit an action). Two brigades of Cox's command stand together next to an enemy brigade.
#[test]
fn an_assault_is_a_leaders_action_with_units_of_his_command() {
    let target = along(L, 0, 1);
    let units = [
        unit(
            "usa-cox",
            "Union",
            "Leader",
            L,
            ", command: [\"usa-1\", \"usa-2\"]",
        ),
        unit("usa-1", "Union", "Infantry", L, ""),
        unit("usa-2", "Union", "Infantry", L, ""),
        unit("usa-other", "Union", "Infantry", L, ", fatigue: 4"),
        unit("csa-x", "Confederate", "Infantry", target, ""),
    ]
    .concat();
    let mut s = session(field(&units), None);
    assert!(
        s.game.sequence.assault.is_some(),
        "the data's assault rules"
    );
    // Several units in one hex make an assault, led by a leader: without one it is refused,
    // naming the leader who may lead it.
    let e = validate(&s.game, &attack(&["usa-1", "usa-2"], target, None)).unwrap_err();
    assert!(
        e.to_string().contains("led by a leader") && e.to_string().contains("usa-cox may lead"),
        "{e}"
    );
    // A unit not of his command, or at the highest fatigue, is refused.
    let e = validate(
        &s.game,
        &attack(&["usa-1", "usa-other", "usa-cox"], target, None),
    )
    .unwrap_err();
    assert!(e.to_string().contains("not of usa-cox's command"), "{e}");
    // The helper the client and the computer use finds him.
    let g = &s.game;
    let ids = |v: &[&str]| -> Vec<musket::rules::unit::UnitIdx> {
        v.iter().map(|i| g.unit_by_id(i).unwrap()).collect()
    };
    let led = musket::rules::actions::with_leader(
        g,
        &ids(&["usa-1", "usa-2"]),
        Some(AttackType::Assault),
    );
    assert_eq!(led, ids(&["usa-1", "usa-2", "usa-cox"]));
    // The assault: each attacking unit +1 fatigue, the leader none; the assault is the whole
    // action (no move after it, no second attack).
    let ev = s
        .execute(attack(&["usa-1", "usa-2", "usa-cox"], target, None))
        .unwrap();
    // The assault's cost comes after the combat (whose result may tire them too): the last
    // events raise each attacking unit's fatigue by one.
    let tail: Vec<(musket::rules::unit::UnitIdx, u8, u8)> = ev
        .iter()
        .rev()
        // The advance is offered after the attack's fatigue (issue 34.1).
        .filter(|e| !matches!(e, Event::AdvanceOffered { .. }))
        .take(2)
        .filter_map(|e| match e {
            Event::FatigueRaised { unit, from, to } => Some((*unit, *from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(tail.len(), 2, "{ev:?}");
    for (u, from, to) in tail {
        assert_eq!(to, from + 1);
        assert_eq!(s.game.unit(u).fatigue, to);
        assert_ne!(s.game.unit(u).id, "usa-cox");
    }
    assert_eq!(
        s.game.unit(s.game.unit_by_id("usa-cox").unwrap()).fatigue,
        0
    );
    if s.game.units_at(target).is_empty() {
        return;
    }
    let e = validate(&s.game, &attack(&["usa-1"], target, None)).unwrap_err();
    assert!(e.to_string().contains("was an assault"), "{e}");
}

// An assault is an action of its own: after a march has begun the action, the marching unit
// makes a march attack alone, but no assault; a leader away from the attacking units does not
// lead one.
#[test]
fn an_assault_is_not_part_of_a_march_and_the_leader_stands_with_it() {
    let target = along(L, 0, 1);
    let far = along(L, 3, 5);
    let units = [
        unit(
            "usa-far",
            "Union",
            "Leader",
            far,
            ", command: [\"usa-1\", \"usa-2\"]",
        ),
        unit("usa-1", "Union", "Infantry", L, ""),
        unit("usa-2", "Union", "Infantry", L, ""),
        unit("csa-x", "Confederate", "Infantry", target, ""),
    ]
    .concat();
    let mut s = session(field(&units), None);
    let e = validate(
        &s.game,
        &attack(&["usa-1", "usa-2", "usa-far"], target, None),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("he must stand with units that attack"),
        "{e}"
    );
    march_with(&mut s, "usa-1", &[4]);
    let e = validate(
        &s.game,
        &attack(&["usa-1"], target, Some(AttackType::Assault)),
    )
    .unwrap_err();
    assert!(e.to_string().contains("an action of its own"), "{e}");
    // The march attack: the unit's march already tired it (fatigue 1), the attack adds none.
    s.execute(attack(&["usa-1"], target, None)).unwrap();
    assert_eq!(s.game.unit(s.game.unit_by_id("usa-1").unwrap()).fatigue, 1);
}

// 7.1: a grand assault, from several hexes, is led by an army leader (the scenario's `army`),
// with any unit of his side; a corps leader may not lead one.
#[test]
fn a_grand_assault_is_led_by_an_army_leader() {
    let target = along(L, 0, 1);
    let a = target.neighbors()[2];
    let b = target.neighbors()[4];
    let units = [
        unit(
            "usa-cox",
            "Union",
            "Leader",
            a,
            ", command: [\"usa-1\", \"usa-2\"]",
        ),
        unit("usa-mac", "Union", "Leader", b, ", army: true"),
        unit("usa-1", "Union", "Infantry", a, ""),
        unit("usa-2", "Union", "Infantry", b, ""),
        unit("usa-3", "Union", "Infantry", along(b, 3, 4), ""),
        unit("csa-x", "Confederate", "Infantry", target, ""),
    ]
    .concat();
    let s = session(field(&units), Some(1));
    // Each attacking unit within his command radius (here 1 hex, counted straight).
    let e = validate(
        &s.game,
        &attack(
            &["usa-1", "usa-2", "usa-mac"],
            target,
            Some(AttackType::Grand),
        ),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("beyond usa-mac's command radius of 1"),
        "{e}"
    );
    let s = session(field(&units), None);
    let e = validate(
        &s.game,
        &attack(
            &["usa-1", "usa-2", "usa-cox"],
            target,
            Some(AttackType::Grand),
        ),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("army leader; usa-cox is not one"),
        "{e}"
    );
    validate(
        &s.game,
        &attack(
            &["usa-1", "usa-2", "usa-mac"],
            target,
            Some(AttackType::Grand),
        ),
    )
    .unwrap();
    // Outside an action phase's rules (`--free-movement`), no leader is needed.
    let mut sc = (*s.game.scenario).clone();
    sc.movement = musket::rules::points::Enforcement::Free;
    let free = session(sc, None);
    validate(
        &free.game,
        &attack(&["usa-1", "usa-2"], target, Some(AttackType::Grand)),
    )
    .unwrap();
}

// A march attack is made in a march: a unit at the highest fatigue that has not marched in
// the action may not make one.
#[test]
fn a_unit_at_the_highest_fatigue_does_not_attack() {
    let target = along(L, 0, 1);
    let units = [
        unit("usa-1", "Union", "Infantry", L, ", fatigue: 4"),
        unit("csa-x", "Confederate", "Infantry", target, ""),
    ]
    .concat();
    let s = session(field(&units), None);
    let e = validate(&s.game, &attack(&["usa-1"], target, None)).unwrap_err();
    assert!(e.to_string().contains("fatigue 4, the highest"), "{e}");
}

// Entrenching (issue 17's "entrench" action): breastworks "complete in one turn" [pub:
// gcacw.com SLB rules changes]; [project default] an action of its own, by infantry, complete
// at the end of the game turn if the unit stays; a unit that moves leaves its works.
#[test]
fn entrenching_is_an_action_and_the_works_are_complete_at_the_end_of_the_turn() {
    let units = [
        unit("dig", "Union", "Infantry", Coord::new(2, 2), ""),
        unit("walk", "Union", "Infantry", Coord::new(5, 5), ""),
        unit("guns", "Union", "Artillery", Coord::new(8, 8), ""),
        unit("csa", "Confederate", "Infantry", Coord::new(11, 11), ""),
    ]
    .concat();
    let sc = Arc::new(field(&units));
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let mut g = musket::rules::flow::new_game(sc, rules);
    // Initiative rolls alternate 6 and 1 (the first side wins each); march dice 3.
    let mut dice = musket::rules::dice::FixedDice::new(&[6, 1].repeat(60));
    // The leader-transfer phases first.
    while !musket::rules::gate::on_initiative(&g) {
        musket::rules::command::execute(&mut g, &Command::EndPhase, &mut dice).unwrap();
    }
    let entrench = |ids: &[&str]| Command::Special {
        units: ids.iter().map(|s| s.to_string()).collect(),
        action: "entrench".into(),
    };
    let id = |g: &musket::rules::game::Game, s: &str| g.unit_by_id(s).unwrap();
    // Artillery may not entrench (infantry only).
    assert!(validate(&g, &entrench(&["guns"])).is_err());
    musket::rules::command::execute(&mut g, &entrench(&["dig"]), &mut dice).unwrap();
    assert!(gcu(&g, id(&g, "dig")).own.entrenching && !gcu(&g, id(&g, "dig")).own.entrenched);
    // It moves no further in this action.
    let e = validate(
        &g,
        &Command::Move {
            unit: "dig".into(),
            path: vec!["0203".into()],
        },
    );
    assert!(e.is_err(), "{e:?}");
    musket::rules::command::execute(&mut g, &Command::EndTurn, &mut dice).unwrap();
    // After a march has begun an action, entrenching is refused: it is an action of its own.
    while g.active_side != SideId(0) {
        musket::rules::command::execute(&mut g, &Command::EndTurn, &mut dice).unwrap();
    }
    musket::rules::command::execute(
        &mut g,
        &Command::March {
            units: vec!["walk".into()],
        },
        &mut dice,
    )
    .unwrap();
    let e = validate(&g, &entrench(&["walk"])).unwrap_err().to_string();
    assert!(e.contains("an action of its own"), "{e}");
    // The end of the game turn: the works are complete.
    let events = {
        let mut ev = Vec::new();
        while g.turn == 1 {
            ev.extend(
                musket::rules::command::execute(&mut g, &Command::EndTurn, &mut dice).unwrap(),
            );
        }
        ev
    };
    assert!(gcu(&g, id(&g, "dig")).own.entrenched);
    assert!(!gcu(&g, id(&g, "dig")).own.entrenching);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("entrenched"))),
        "{events:?}"
    );
    // A unit that moves leaves its works (in the next action phase).
    while !(musket::rules::gate::on_initiative(&g) && g.active_side == SideId(0)) {
        musket::rules::command::execute(&mut g, &Command::EndTurn, &mut dice).unwrap();
    }
    musket::rules::command::execute(
        &mut g,
        &Command::March {
            units: vec!["dig".into()],
        },
        &mut dice,
    )
    .unwrap();
    musket::rules::command::execute(
        &mut g,
        &Command::Move {
            unit: "dig".into(),
            path: vec!["0203".into()],
        },
        &mut dice,
    )
    .unwrap();
    assert!(!gcu(&g, id(&g, "dig")).own.entrenched);
}

/// A clear 12 x 12 GCACW field of 3 turns with these units and victory hexes (RON entries).
fn field_with_victory(units: &str, victory: &str) -> Scenario {
    let row = "c".repeat(12);
    let rows: Vec<String> = (0..12).map(|_| format!("{row:?}")).collect();
    let text = format!(
        "(title: \"activation\", ruleset: \"gcacw\", sides: [\"Union\", \"Confederate\"],
          turns: Some(3),
          map: (columns: 12, rows: 12, terrain: [{}]),
          victory: [{victory}],
          units: [{units}])",
        rows.join(", ")
    );
    musket::rules::registry::parse_scenario(&text, Path::new("activation.ron"))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// What `player` does first with the Union's initiative on `sc`: whether it activates
/// "usa-leader" with "usa-2" among the units, and the command with its reason.
fn activates_usa_2(sc: Scenario, player: musket::rules::ai::Kind) -> (bool, String) {
    let s = session(sc, None);
    let d = player.player(1, SideId(0)).decide(&s.game);
    validate(&s.game, &d.command).unwrap_or_else(|e| panic!("{player:?}: {e}"));
    let with = match &d.command {
        // No units named: every eligible unit of his command (both divisions here).
        Command::Activate { leader, units } => {
            leader == "usa-leader" && (units.is_empty() || units.contains(&"usa-2".to_string()))
        }
        _ => false,
    };
    (with, format!("{:?} ({})", d.command, d.why))
}

// Issue 19 ("time its activations under the game's sequence of play"): with the initiative, the
// computer spends its action on the leader's activation when his command's stacks gain by
// marching together, and not when one of them must stay. A Union leader with two divisions of
// his command two hexes either side of him; the Confederates' victory hex, empty, lies across
// the field (1212), worth 10 points (at 3, `ai3`'s default style, stand, would rather wait:
// its divisions gain too little by marching for it, and it marches the leader alone). `ai3`
// and `ai2` open with the leader's activation, both divisions on one march roll (5.2); before
// the leader's own march counted with his activation, `ai2` marched him alone. Then usa-2 stands on the
// Union's own victory hex with a Confederate division three hexes off (the far objective worth
// 3): `ai3` and `ai2` leave it out of any activation, while `greedy` activates the largest
// command whole (so the test can fail).
#[test]
fn the_computer_activates_a_leader_when_his_command_gains_by_marching_together() {
    use musket::rules::ai::Kind;
    let leader = unit(
        "usa-leader",
        "Union",
        "Leader",
        L,
        ", command: [\"usa-1\", \"usa-2\"]",
    );
    let objective = "(hex: \"1212\", points: 3, name: \"objective\", holder: \"Confederate\")";
    let units = [
        leader.clone(),
        unit("usa-1", "Union", "Infantry", along(L, 3, 2), ""),
        unit("usa-2", "Union", "Infantry", along(L, 0, 2), ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(1, 12), ""),
    ]
    .concat();
    let prize = objective.replace("points: 3", "points: 10");
    for player in [Kind::Ai(3), Kind::Ai(2)] {
        let (with, what) = activates_usa_2(field_with_victory(&units, &prize), player);
        assert!(with, "{player:?}: {what}");
    }
    // usa-2 holds the Union's victory hex; a Confederate division can reach it.
    let hold = along(L, 0, 2);
    let units = [
        leader,
        unit("usa-1", "Union", "Infantry", along(L, 3, 2), ""),
        unit("usa-2", "Union", "Infantry", hold, ""),
        unit("csa-x", "Confederate", "Infantry", along(hold, 0, 3), ""),
    ]
    .concat();
    let victory = format!(
        "{objective}, (hex: {:?}, points: 3, name: \"held\", holder: \"Union\")",
        hold.label(2)
    );
    let g = session(field_with_victory(&units, &victory), None).game;
    assert!(musket::rules::threat::ThreatModel::new(&g, SideId(0)).exposed(hold));
    for player in [Kind::Ai(3), Kind::Ai(2), Kind::Greedy] {
        let (with, what) = activates_usa_2(field_with_victory(&units, &victory), player);
        match player {
            Kind::Greedy => assert!(with, "greedy is no test of the behaviour: {what}"),
            _ => assert!(!with, "{player:?}: {what}"),
        }
    }
}

// A side with no leader who may transfer (none on the map, or none with a friendly combat unit
// 1 to 10 hexes away) has its leader-transfer phase passed over [project default].
#[test]
fn a_transfer_phase_with_no_leader_to_transfer_is_passed_over() {
    let units = [
        unit("usa-leader", "Union", "Leader", Coord::new(1, 1), ""),
        unit("usa-1", "Union", "Infantry", Coord::new(1, 1), ""),
        unit("usa-2", "Union", "Infantry", Coord::new(3, 1), ""),
        unit(
            "csa-leader",
            "Confederate",
            "Leader",
            Coord::new(12, 12),
            "",
        ),
        unit("csa-x", "Confederate", "Infantry", Coord::new(12, 12), ""),
    ]
    .concat();
    let mut s = session_at_start(field(&units), None, 1);
    assert_eq!(s.game.sequence.phase(s.game.phase).key, "transfer_first");
    // The Union's E: the Confederates' leader has no unit to transfer onto: the action phase.
    s.execute(Command::EndTurn).unwrap();
    assert!(musket::rules::gate::on_initiative(&s.game));
    // Without any leader, neither side's phase is played.
    let units = [
        unit("usa-1", "Union", "Infantry", Coord::new(1, 1), ""),
        unit("csa-x", "Confederate", "Infantry", Coord::new(12, 12), ""),
    ]
    .concat();
    let s = session_at_start(field(&units), None, 1);
    assert!(musket::rules::gate::on_initiative(&s.game));
}
