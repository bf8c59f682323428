//! Reinforcements (issue 17: NGG 1812 13.2 "reinforcements arrive", Shiloh's reinforcements,
//! GCACW scenarios' arrivals): the scenario's `arrives` on a unit names the game turn at whose
//! start it enters the map at its `hex`. Until then it is off the map and takes no part; where
//! the enemy holds the hex it waits a turn [project default].

use std::path::Path;
use std::sync::Arc;

use musket::rules::command::validate;
use musket::rules::event::Event;
use musket::rules::order::Command;
use musket::rules::registry::for_scenario;
use musket::rules::scenario::{self, Scenario};
use musket::rules::session::Session;

/// A 6 x 4 clear field of `ruleset` with these RON unit entries, 4 turns long.
fn field(ruleset: &str, units: &str) -> Result<Scenario, String> {
    let rows: Vec<String> = (0..4).map(|_| format!("{:?}", "c".repeat(6))).collect();
    let text = format!(
        "(title: \"reinforcements\", ruleset: {ruleset:?}, sides: [\"Union\", \"Confederate\"],
          turns: Some(4),
          map: (columns: 6, rows: 4, terrain: [{}]),
          units: [{units}])",
        rows.join(", ")
    );
    musket::rules::registry::parse_scenario(&text, Path::new("reinforcements.ron"))
        .map_err(|e| e.to_string())
}

const UNITS: &str = r#"
    (id: "usa-1", name: "First", side: "Union", kind: Infantry, hex: "0101", strength: Organized(3)),
    (id: "usa-2", name: "Second", side: "Union", kind: Infantry, hex: "0201", strength: Organized(3),
     arrives: 2),
    (id: "csa-1", name: "Rebel", side: "Confederate", kind: Infantry, hex: "0604", strength: Organized(3)),
"#;

fn session(sc: Scenario) -> Session {
    let sc = Arc::new(sc);
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    Session::new(sc, rules, 7)
}

/// End turns and phases until game turn `turn` begins; the events on the way.
fn to_turn(s: &mut Session, turn: u32) -> Vec<Event> {
    let mut events = Vec::new();
    while s.game.turn < turn {
        events.extend(s.execute(Command::EndTurn).unwrap());
    }
    events
}

#[test]
fn a_reinforcement_enters_at_the_start_of_its_turn_in_every_ruleset() {
    for ruleset in ["gcacw", "gbacw", "ngg1812", "shiloh"] {
        let units = match ruleset {
            "ngg1812" => UNITS
                .replace(
                    "strength: Organized(3))",
                    "strength: Organized(3), class: Line)",
                )
                .replace(
                    "strength: Organized(3),\n",
                    "strength: Organized(3), class: Line,\n",
                ),
            _ => UNITS.to_string(),
        };
        let sc = field(ruleset, &units).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        let mut s = session(sc);
        let u2 = s.game.unit_by_id("usa-2").unwrap();
        assert_eq!(
            s.game.unit(u2).hex,
            None,
            "{ruleset}: off the map before turn 2"
        );
        assert!(
            s.game
                .units_at(s.game.scenario.parse_hex("0201").unwrap())
                .is_empty()
        );
        // A command naming it says when it comes.
        let e = validate(
            &s.game,
            &Command::Move {
                unit: "usa-2".into(),
                path: vec!["0301".into()],
            },
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("reinforcement") && e.contains("turn 2"),
            "{ruleset}: {e}"
        );
        // It is not counted as lost.
        assert_eq!(s.game.manpower_lost(s.game.unit(u2).side), 0);
        let ev = to_turn(&mut s, 2);
        let hex = s.game.scenario.parse_hex("0201").unwrap();
        assert_eq!(s.game.unit(u2).hex, Some(hex), "{ruleset}");
        assert!(
            ev.iter().any(|e| matches!(
                e,
                Event::Reinforced { units, hex: h, delayed: false } if *units == [u2] && *h == hex
            )),
            "{ruleset}: {ev:?}"
        );
        // A replay of the log gives the same game.
        let back = Session::load_save(&s.save_string(), "r.ron", &Default::default()).unwrap();
        assert_eq!(back.game.unit(u2).hex, Some(hex), "{ruleset}");
    }
}

#[test]
fn a_reinforcement_whose_hex_the_enemy_holds_waits_a_turn() {
    let units = UNITS.replace(
        r#"hex: "0604", strength: Organized(3))"#,
        r#"hex: "0201", strength: Organized(3))"#,
    );
    // The file may put the enemy where a reinforcement will enter.
    let sc = field("gcacw", &units).unwrap();
    let mut s = session(sc);
    let u2 = s.game.unit_by_id("usa-2").unwrap();
    let ev = to_turn(&mut s, 2);
    assert_eq!(s.game.unit(u2).hex, None);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Reinforced { delayed: true, .. })),
        "{ev:?}"
    );
    // Still held a turn later: still waiting; once the hex is free (the position set by
    // hand), it enters.
    let mut t = crate::common::Table::of(&s);
    let rebel = t.game.unit_by_id("csa-1").unwrap();
    t.game
        .place(rebel, Some(t.game.scenario.parse_hex("0604").unwrap()));
    while t.game.turn < 3 {
        t.execute(Command::EndTurn).unwrap();
    }
    assert!(t.game.unit(u2).hex.is_some());
}

#[test]
fn a_bad_arrival_turn_names_the_place() {
    for (arrives, why) in [
        ("1", "from turn 2 to 4"),
        ("5", "from turn 2 to 4"),
        ("-3", "out of range"),
    ] {
        let units = UNITS.replace("arrives: 2", &format!("arrives: {arrives}"));
        let e = field("gcacw", &units).unwrap_err();
        assert!(
            e.contains("units[1].arrives") && e.contains(why),
            "{arrives}: {e}"
        );
    }
}

// A scenario's random events table (GCACW's Random Events Phase, "where a scenario has a
// table": a 2d6 table in the one example found, [player: K1]): rolled at the start of every
// game turn, before its initiative; `Rain`/`Dry` set that turn's weather, a `Note` is
// announced for the players to apply.
#[test]
fn random_events_are_rolled_at_the_start_of_every_turn() {
    let sc = field("gcacw", UNITS).unwrap();
    let mut file = sc.file.clone();
    file.random_events = Some(scenario::RandomEventsFile {
        dice: 1,
        events: vec![
            scenario::RandomEventFile {
                rolls: vec![1, 2, 3],
                event: scenario::RandomEvent::Rain,
            },
            scenario::RandomEventFile {
                rolls: vec![4, 5, 6],
                event: scenario::RandomEvent::Note("Union paralysis".into()),
            },
        ],
    });
    // The editor's writer keeps the table.
    let text = musket::editor::write::scenario_text(&file);
    let back = musket::rules::registry::parse_scenario(&text, Path::new("r.ron")).unwrap();
    assert_eq!(back.file.random_events, file.random_events);
    let mut s = session(back);
    let mut rolls = 0;
    for turn in 1..=3 {
        let ev: Vec<Event> = if turn == 1 {
            s.opening.clone()
        } else {
            // What came after the last turn's end.
            let ev = to_turn(&mut s, turn);
            let end = ev
                .iter()
                .rposition(|e| matches!(e, Event::TurnEnded { .. }))
                .unwrap();
            ev[end..].to_vec()
        };
        let (dice, event) = ev
            .iter()
            .find_map(|e| match e {
                Event::RandomEvent { dice, event } => Some((dice.clone(), event.clone())),
                _ => None,
            })
            .unwrap_or_else(|| panic!("turn {turn}: {ev:?}"));
        rolls += 1;
        assert_eq!(dice.len(), 1);
        let rain = dice[0] <= 3;
        assert_eq!(
            event,
            Some(if rain {
                scenario::RandomEvent::Rain
            } else {
                scenario::RandomEvent::Note("Union paralysis".into())
            })
        );
        assert_eq!(
            s.game.weather() == musket::rules::map::Weather::Rain,
            rain,
            "turn {turn}"
        );
        // Before the turn's initiative roll.
        let at = ev
            .iter()
            .position(|e| matches!(e, Event::RandomEvent { .. }));
        let init = ev
            .iter()
            .position(|e| matches!(e, Event::InitiativeRolled { .. }));
        if let (Some(a), Some(i)) = (at, init) {
            assert!(a < i, "turn {turn}");
        }
    }
    assert_eq!(rolls, 3);
}

#[test]
fn a_bad_random_events_table_names_the_place() {
    for (table, at, why) in [
        ("(dice: 4, events: [])", "random_events.dice", "1 to 3 dice"),
        (
            "(dice: 2, events: [(rolls: [1], event: Rain)])",
            "random_events.events[0].rolls[0]",
            "2 to 12",
        ),
        (
            "(dice: 2, events: [(rolls: [7], event: Rain), (rolls: [7], event: Dry)])",
            "random_events.events[1].rolls[0]",
            "has an event already",
        ),
        ("(dice: 2, events: [(rolls: [7], evnt: Rain)])", "", "evnt"),
    ] {
        let rows: Vec<String> = (0..4).map(|_| format!("{:?}", "c".repeat(6))).collect();
        let text = format!(
            "(title: \"t\", ruleset: \"gcacw\", sides: [\"Union\", \"Confederate\"],
              random_events: {table},
              map: (columns: 6, rows: 4, terrain: [{}]), units: [{UNITS}])",
            rows.join(", ")
        );
        let e = musket::rules::registry::parse_scenario(&text, Path::new("t.ron"))
            .unwrap_err()
            .to_string();
        assert!(e.contains(at) && e.contains(why), "{table}: {e}");
    }
}
