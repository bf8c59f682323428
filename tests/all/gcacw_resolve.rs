//! Resolving GCACW attacks: dice, the CRT, and applying results (gcacw-tables.md §6), through
//! commands and sessions.

use crate::common;

use common::*;
use musket::rules::attack::{AttackType, Choices};
use musket::rules::command::validate;
use musket::rules::cv::Cv;
use musket::rules::dice::{DieRole, FixedDice};
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::order::Command;
use musket::rules::session::Session;

fn resolve(
    g: &mut Game,
    attackers: &[&str],
    def: &str,
    kind: Option<AttackType>,
    choices: Choices,
    dice: &[u8],
) -> Vec<Event> {
    let req = request(g, attackers, def, kind);
    roll(g, &req, &choices, dice)
}

fn result(ev: &[Event]) -> (i32, String, String) {
    ev.iter()
        .find_map(|e| match e {
            Event::CombatResult {
                differential,
                attacker,
                defender,
            } => Some((*differential, attacker.clone(), defender.clone())),
            _ => None,
        })
        .unwrap()
}

// Dice order: attacker's die, then defender's; X = modified attacker roll - modified defender
// roll. 4 vs 4, no modifiers: dice 3 and 3 give X = 0: defender "D", attacker "1D" (4-6).
#[test]
fn resolve_reads_the_crt_with_the_rolled_dice() {
    let mut g = ring()
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 4)
        .game();
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[3, 3]);
    assert_eq!(
        ev[1],
        Event::DieRolled {
            role: DieRole::Attacker,
            value: 3
        }
    );
    assert_eq!(
        ev[2],
        Event::DieRolled {
            role: DieRole::Defender,
            value: 3
        }
    );
    assert_eq!(result(&ev), (0, "1D".into(), "D".into()));
    // D: "every unit of that side in the combat flips to disorganized", CV from the table.
    let d = gc(&g, "def");
    assert!(d.own.disorganized);
    assert_eq!(d.cv, Cv::whole(2));
    let a = gc(&g, "att");
    assert_eq!(
        (a.manpower, a.own.disorganized, a.cv),
        (3, true, Cv::from_halves(3))
    );
}

// The artillery die is rolled first, and only when the cell needs it.
#[test]
fn resolve_rolls_the_artillery_die_first_when_needed() {
    let mut g = ring()
        .unit("def", 'C', "0303", 4)
        .unit_with("att", 'U', "0302", 4, |u| u.artillery = 8)
        .game();
    // Artillery die 3 (odd): +1. Then 1 vs 6: X = 1 + 1 - 6 = -4.
    let ev = resolve(
        &mut g,
        &["att"],
        "0303",
        None,
        Choices::default(),
        &[3, 1, 6],
    );
    assert_eq!(
        ev[1],
        Event::DieRolled {
            role: DieRole::Artillery,
            value: 3
        }
    );
    assert_eq!(
        ev[2],
        Event::ModifierSettled {
            name: "Artillery".into(),
            value: 1
        }
    );
    assert_eq!(result(&ev).0, -4);
}

// Losses: "the default takes it from the unit with the most manpower (ties: first listed). A
// unit at 0 manpower is eliminated."
#[test]
fn resolve_losses_default_to_the_largest_unit_and_eliminate_at_zero() {
    // Attacker 3 vs defender 1+1: X <= -3 for the attacker gives "1D" at column 1/2-3.
    let mut g = ring()
        .unit("d1", 'C', "0303", 1)
        .unit("d2", 'C', "0303", 1)
        .unit("a1", 'U', "0302", 2)
        .unit("a2", 'U', "0302", 2)
        .game();
    // Assault 4 vs 2 -> 2:1 +1, assault +1, flank: 0302 (1a), 0402, 0202 (1b) -> 0: m = +2.
    // Dice 1 vs 6: X = 1 + 2 - 6 = -3: attacker column 4-6 "2D", defender "-".
    let ev = resolve(
        &mut g,
        &["a1", "a2"],
        "0303",
        None,
        Choices::default(),
        &[1, 6],
    );
    assert_eq!(result(&ev), (-3, "2D".into(), "-".into()));
    // Both units have 2: the first listed takes the whole loss and is eliminated.
    assert!(ev.contains(&Event::ManpowerLost {
        unit: g.unit_by_id("a1").unwrap(),
        amount: 2,
        left: 0
    }));
    assert!(ev.contains(&Event::Eliminated {
        unit: g.unit_by_id("a1").unwrap()
    }));
    assert!(!unit(&g, "a1").on_map());
    assert_eq!(
        (unit(&g, "a2").manpower, gc(&g, "a2").own.disorganized),
        (2, true)
    );
}

// The command may carry the allocation.
#[test]
fn resolve_losses_follow_the_players_order() {
    let mut g = ring()
        .unit("d1", 'C', "0303", 1)
        .unit("a1", 'U', "0302", 3)
        .unit("a2", 'U', "0302", 1)
        .game();
    let choices = Choices {
        attacker_losses: Some(vec!["a2".into(), "a1".into()]),
        ..Default::default()
    };
    // 4 vs 1 -> +3, assault +1: m = +4; dice 1 vs 6: X = -1: attacker 4-6 "1D".
    let ev = resolve(&mut g, &["a1", "a2"], "0303", None, choices, &[1, 6]);
    assert_eq!(result(&ev).1, "1D");
    assert!(!unit(&g, "a2").on_map());
    assert_eq!(unit(&g, "a1").manpower, 3);
}

// f / F: "+1 / +2 fatigue to every unit of that side in the combat, capped at 4 [recon]".
#[test]
fn resolve_fatigue_f_and_big_f_capped_at_4() {
    let mut g = ring()
        .unit_with("def", 'C', "0303", 4, |u| u.fatigue = 3)
        .unit("att", 'U', "0302", 4)
        .game();
    // m = 0; dice 2 vs 3: X = -1: defender "F".
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[2, 3]);
    assert_eq!(result(&ev).2, "F");
    assert_eq!(unit(&g, "def").fatigue, 4);
    let mut g = ring()
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 4)
        .game();
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[1, 3]);
    assert_eq!(result(&ev).2, "f");
    assert_eq!(unit(&g, "def").fatigue, 1);
}

// R: rout 4-6 hexes, Demoralized-1 [recon]; the whole stack, leaders included, retreats along
// one path farther from the attacker each hex; the default is the shortest length.
#[test]
fn resolve_rout_demoralizes_and_retreats_the_stack_four_hexes() {
    let mut g = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .leader("lee", 'C', "0303", 0)
        .unit("att", 'U', "0302", 12)
        .game();
    // 12:4 -> +2; dice 6 vs 4: X = +4: defender (4-6) "1DR", attacker (12-18) "1fa".
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[6, 4]);
    assert_eq!(result(&ev), (4, "1fa".into(), "1DR".into()));
    let d = gc(&g, "def");
    assert_eq!(
        (d.manpower, d.own.disorganized, d.own.demoralized),
        (3, true, 1)
    );
    let path = ev.iter().find_map(|e| match e {
        Event::Retreated { path, rout, units } => Some((path.clone(), *rout, units.len())),
        _ => None,
    });
    let (path, rout, n) = path.unwrap();
    assert!(rout);
    assert_eq!(n, 2, "the leader goes with the stack");
    assert_eq!(path.len(), 4);
    let start = g.scenario.parse_hex("0302").unwrap();
    let mut last = 1;
    for h in &path {
        let d = h.distance(start);
        assert!(d > last, "each hex farther from the attacker");
        last = d;
    }
    assert_eq!(unit(&g, "lee").hex, d.hex);
}

// "a stack with no legal retreat surrenders (eliminated)".
#[test]
fn resolve_no_legal_retreat_surrenders() {
    // The defender is in a corner-like pocket: enemy units around block every path.
    let mut g = map(6, 6)
        .unit("def", 'C', "0101", 4)
        .unit("att", 'U', "0201", 12)
        .unit("u2", 'U', "0103", 4)
        .game();
    // 12:4 +2, flank: 0101 on the map edge: covered 0000,0001,0100,0200 (1e), 0201 (1a),
    // 0102 (1b) = 6 -> +4 - 3 = +1: m = +3. Dice 6 vs 6: X = +3: "Dr" (retreat 2).
    let ev = resolve(&mut g, &["att"], "0101", None, Choices::default(), &[6, 6]);
    assert_eq!(result(&ev).2, "Dr");
    assert!(ev.iter().any(|e| matches!(e, Event::Surrendered { .. })));
    assert!(!unit(&g, "def").on_map());
}

// "a: the attacker may advance into the vacated hex (default: no advance)".
#[test]
fn resolve_advance_only_when_chosen_and_allowed() {
    let setup = || {
        map(8, 10)
            .unit("def", 'C', "0303", 4)
            .unit("att", 'U', "0302", 12)
            .game()
    };
    let mut g = setup();
    resolve(&mut g, &["att"], "0303", None, Choices::default(), &[6, 4]);
    assert_eq!(g.label(unit(&g, "att").hex.unwrap()), "0302");
    let mut g = setup();
    let ch = Choices {
        advance: Some(vec!["att".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &["att"], "0303", None, ch.clone(), &[6, 4]);
    assert!(ev.iter().any(|e| matches!(e, Event::Advanced { .. })));
    assert_eq!(g.label(unit(&g, "att").hex.unwrap()), "0303");
    // No "a" in the result: the choice is reported and not followed.
    let mut g = setup();
    let ev = resolve(&mut g, &["att"], "0303", None, ch, &[1, 6]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChoiceOverridden { .. }))
    );
    assert_eq!(g.label(unit(&g, "att").hex.unwrap()), "0302");
}

// A retreat path the player chose is followed when legal, else reported and replaced.
#[test]
fn resolve_chosen_retreat_path() {
    let setup = || {
        map(8, 10)
            .unit("def", 'C', "0303", 4)
            .unit("att", 'U', "0302", 12)
            .game()
    };
    let mut g = setup();
    // +2, dice 4 vs 4 -> X = +2: "Dr", 2 to 4 hexes.
    let ch = Choices {
        retreat: Some(vec!["0304".into(), "0305".into(), "0306".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &["att"], "0303", None, ch, &[4, 4]);
    assert_eq!(result(&ev).2, "Dr");
    assert_eq!(g.label(unit(&g, "def").hex.unwrap()), "0306");
    let mut g = setup();
    let ch = Choices {
        retreat: Some(vec!["0304".into(), "0303".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &["att"], "0303", None, ch, &[4, 4]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChoiceOverridden { .. }))
    );
    assert_ne!(g.label(unit(&g, "def").hex.unwrap()), "0303");
}

// "E and * are shown but their effects are unknown — keep them as codes in the result and in
// the log."
#[test]
fn resolve_unknown_codes_are_logged_not_applied() {
    let mut g = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 12)
        .game();
    // +2, dice 6 vs 3: X = +5: attacker (12-18) "Ea".
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[6, 3]);
    assert_eq!(result(&ev).1, "Ea");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CodeNotApplied { letter: 'E', .. }))
    );
    let a = gc(&g, "att");
    assert_eq!((a.manpower, a.fatigue, a.own.disorganized), (12, 0, false));
}

// Commands validate without rolling; a session replays a log to the identical state.
#[test]
fn session_save_and_replay_give_the_identical_state() {
    let b = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 12)
        .unit_with("x", 'U', "0810", 2, |u| u.movement = Some(6.0));
    let g = b.game();
    let mut s = common::generic_session(g.scenario.clone(), g.rules.clone(), 77);
    let bad = Command::Attack {
        attackers: vec!["x".into()],
        defender: "0303".into(),
        kind: None,
        march_type: None,
        options: Default::default(),
        choices: Choices::default(),
    };
    assert!(validate(&s.game, &bad).is_err());
    assert!(s.execute(bad).is_err());
    assert_eq!(s.dice.rolls(), 0, "a refused command rolls no dice");
    s.execute(Command::Attack {
        attackers: vec!["att".into()],
        defender: "0303".into(),
        kind: None,
        march_type: None,
        options: Default::default(),
        choices: Choices::default(),
    })
    .unwrap();
    s.execute(Command::Move {
        unit: "x".into(),
        path: vec!["0809".into(), "0808".into()],
    })
    .unwrap();
    s.execute(Command::EndTurn).unwrap();
    let text = s.save_string();
    let back = Session::load_save(&text, "save.ron", &Default::default()).unwrap();
    assert_eq!(back.game.units, s.game.units);
    assert_eq!(
        (back.game.turn, back.game.active_side, back.dice.rolls()),
        (s.game.turn, s.game.active_side, s.dice.rolls())
    );
    // Undo the last two commands: the position after the attack.
    let mut u = s.clone();
    u.undo(2);
    assert_eq!(u.log.len(), 1);
    assert_eq!(
        g.label(u.game.unit(u.game.unit_by_id("x").unwrap()).hex.unwrap()),
        "0810"
    );
}

// Project addition to the format: victory hexes, held by the side of the last combat unit to
// enter; the default holder is the side there at the start.
#[test]
fn victory_hexes_follow_the_last_combat_unit_to_enter() {
    let mut b = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 12);
    b.file.victory = vec![
        musket::rules::scenario::VictoryHexFile {
            hex: "0303".into(),
            points: 5,
            name: Some("Crossroads".into()),
            holder: None,
        },
        musket::rules::scenario::VictoryHexFile {
            hex: "0808".into(),
            points: 2,
            name: None,
            holder: Some("Union".into()),
        },
    ];
    let mut g = b.game();
    let (u, c) = (
        musket::rules::unit::SideId(0),
        musket::rules::unit::SideId(1),
    );
    assert_eq!((g.score(u), g.score(c)), (2, 5));
    let ch = Choices {
        advance: Some(vec!["att".into()]),
        ..Default::default()
    };
    resolve(&mut g, &["att"], "0303", None, ch, &[6, 4]);
    assert_eq!((g.score(u), g.score(c)), (7, 0));
    b.file.victory[0].holder = Some("Nobody".into());
    let err = musket::rules::registry::validate_scenario(b.file.clone()).unwrap_err();
    assert_eq!(err[0].field, "victory[0].holder");
}

// An "a" result with no advance chosen leaves the advance open for the next command only.
#[test]
fn advance_command_after_an_attack_that_allows_it() {
    let b = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 12)
        .unit("far", 'U', "0808", 2);
    let mut g = b.game();
    let ev = resolve(&mut g, &["att"], "0303", None, Choices::default(), &[6, 4]);
    assert!(ev.iter().any(|e| matches!(e, Event::AdvanceOffered { .. })));
    let mut dice = FixedDice::new(&[]);
    let wrong = Command::Advance {
        units: vec!["far".into()],
    };
    assert!(musket::rules::command::execute(&mut g, &wrong, &mut dice).is_err());
    assert!(
        g.advance_option.is_some(),
        "a refused command keeps the option open"
    );
    let ok = Command::Advance {
        units: vec!["att".into()],
    };
    musket::rules::command::execute(&mut g, &ok, &mut dice).unwrap();
    assert_eq!(g.label(unit(&g, "att").hex.unwrap()), "0303");
    assert!(
        musket::rules::command::execute(&mut g, &ok, &mut dice).is_err(),
        "only once"
    );
}

// Undo goes back to the last die roll, not beyond.
#[test]
fn session_undo_stops_at_the_last_die_roll() {
    let b = map(8, 10)
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 12)
        .unit_with("x", 'U', "0810", 2, |u| u.movement = Some(6.0));
    let g = b.game();
    let mut s = common::generic_session(g.scenario.clone(), g.rules.clone(), 5);
    s.execute(Command::Move {
        unit: "x".into(),
        path: vec!["0809".into()],
    })
    .unwrap();
    assert_eq!(s.undoable(), 1);
    s.execute(Command::Attack {
        attackers: vec!["att".into()],
        defender: "0303".into(),
        kind: None,
        march_type: None,
        options: Default::default(),
        choices: Choices::default(),
    })
    .unwrap();
    assert_eq!(s.undoable(), 0);
    s.execute(Command::Move {
        unit: "x".into(),
        path: vec!["0808".into()],
    })
    .unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(s.undoable(), 2);
}

// Issue 34.1: the attack's fatigue and its extended-march check belong to the attack; only then
// is the advance offered, to the attackers still on the map. The reproduction: Wolcott's battery
// makes a march attack on Crampton's Gap, the defender retreats, the fatigue 3 -> 4 check costs
// the battery its last manpower. Before, `Advance` brought it back with manpower 0.
#[test]
fn an_attacker_eliminated_by_its_attacks_fatigue_does_not_advance() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/defects-4/advance-eliminated.save.ron");
    let mut s = Session::load_file(&path, &Default::default()).unwrap();
    let g = &s.game;
    let wolcott = g.unit_by_id("usa-wolcott").unwrap();
    assert!(!g.unit(wolcott).on_map(), "the battery was eliminated");
    assert!(
        g.advance_option
            .as_ref()
            .is_none_or(|o| !o.units.contains(&wolcott)),
        "no advance is offered to an eliminated unit"
    );
    let cmd = Command::Advance {
        units: vec!["usa-wolcott".into()],
    };
    assert!(validate(&s.game, &cmd).is_err());
    assert!(s.execute(cmd).is_err());
    assert!(!s.game.unit(wolcott).on_map());
    // The attack's events: the fatigue and the elimination come before any offer to advance.
    let (scenario, rules, seed, sequence) = (
        s.game.scenario.clone(),
        s.game.rules.clone(),
        s.seed,
        s.game.sequence.clone(),
    );
    let n = s.log.len();
    let mut before =
        Session::replay_reseeded(scenario, rules, seed, sequence, &s.log[..n - 1], &s.reseeds)
            .unwrap();
    let ev = before.execute(s.log[n - 1].clone()).unwrap();
    let eliminated = ev
        .iter()
        .position(|e| matches!(e, Event::Eliminated { unit } if *unit == wolcott))
        .expect("the battery is eliminated by the attack");
    assert!(
        ev.iter()
            .skip(eliminated)
            .all(|e| !matches!(e, Event::AdvanceOffered { .. })),
        "{ev:?}"
    );
}

// Random play on Crampton's Gap: after every command, a unit that may advance is on the map,
// and no unit with no manpower stands on the map.
#[test]
fn only_units_on_the_map_may_advance() {
    use musket::rules::ai::Kind;
    use musket::rules::unit::SideId;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crampton-gap.ron");
    let sc = std::sync::Arc::new(musket::rules::registry::load_scenario(&path).unwrap());
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    for seed in 0..6 {
        let mut s = Session::new(sc.clone(), rules.clone(), seed);
        let mut players = [
            Kind::Random.player(seed, SideId(0)),
            Kind::Random.player(seed + 9, SideId(1)),
        ];
        for _ in 0..1500 {
            if s.game.is_over() {
                break;
            }
            let d = players[s.game.active_side.0 as usize % 2].decide(&s.game);
            s.execute(d.command).unwrap();
            if let Some(o) = &s.game.advance_option {
                assert!(
                    o.units.iter().all(|u| s.game.unit(*u).on_map()),
                    "seed {seed}"
                );
            }
            for u in s.game.unit_indices() {
                let unit = s.game.unit(u);
                assert!(
                    !(unit.on_map() && unit.is_combat() && unit.manpower == 0),
                    "seed {seed}: {} on the map with no manpower",
                    unit.id
                );
            }
        }
    }
}
