//! Supply trains and rally (issue 17: NGG 1812 8.1-8.2, `rules::ngg::trains`, `rules::ngg` rally),
//! from the rule text [essaydocs NGG rules p. 8]:
//! - 8.1: "disrupted combat units in a supplied stack that has a Supply Train allocated and a
//!   Commander present return to good order, up to the CR (CRs of several commanders add). The
//!   train is then removed."
//! - 8.2: the players alternate, each moving one stack with an allocated train; the side with
//!   the most trains starts; the train is removed after each move; a pass costs one genuine
//!   train; if one side runs out of trains, the other goes on alone.
//!
//! The trains per turn are the scenario's `supply_trains` (Table 7.3's values are the player's
//! to enter); the first side starts a tie [project default].

use std::path::Path;
use std::sync::Arc;

use musket::rules::command::validate;
use musket::rules::event::Event;
use musket::rules::order::Command;
use musket::rules::registry::for_scenario;
use musket::rules::session::Session;
use musket::rules::unit::SideId;

/// An 8 x 6 clear NGG field: a French corps (Davout, CR 2, with three divisions, two of them
/// disrupted, and a disrupted one without a commander elsewhere), a Russian corps far away.
fn session(trains: &str, ruleset: &str) -> Result<Session, String> {
    let rows: Vec<String> = (0..6).map(|_| format!("{:?}", "c".repeat(8))).collect();
    let text = format!(
        r#"(title: "trains", ruleset: {ruleset:?}, sides: ["French", "Russian"], turns: 3, {trains}
          map: (columns: 8, rows: 6, terrain: [{}]),
          units: [
            (id: "davout", name: "Davout", side: "French", kind: Leader, hex: "0102", rating: 2),
            (id: "d1", name: "1st", side: "French", kind: Infantry, hex: "0102", strength: Organized(1), class: Line, status: Disrupted),
            (id: "d2", name: "2nd", side: "French", kind: Infantry, hex: "0102", strength: Organized(1), class: Line, status: Disrupted),
            (id: "d3", name: "3rd", side: "French", kind: Infantry, hex: "0102", strength: Organized(1), class: Line, status: Disrupted),
            (id: "lone", name: "Lone", side: "French", kind: Infantry, hex: "0105", strength: Organized(1), class: Line, status: Disrupted),
            (id: "bagration", name: "Bagration", side: "Russian", kind: Leader, hex: "0802", rating: 1),
            (id: "r1", name: "R1", side: "Russian", kind: Infantry, hex: "0802", strength: Organized(1), class: Line),
            (id: "r2", name: "R2", side: "Russian", kind: Infantry, hex: "0805", strength: Organized(1), class: Line),
          ])"#,
        rows.join(", ")
    );
    let sc = musket::rules::registry::parse_scenario(&text, Path::new("trains.ron"))
        .map_err(|e| e.to_string())?;
    let sc = Arc::new(sc);
    let rules = for_scenario(&sc, &Default::default()).map_err(|e| e.to_string())?;
    Ok(Session::new(sc, rules, 5))
}

fn phase(s: &Session) -> String {
    s.game.sequence.phase(s.game.phase).key.clone()
}

fn rally(units: &[&str]) -> Command {
    Command::Special {
        units: units.iter().map(|u| u.to_string()).collect(),
        action: "rally".into(),
    }
}

/// The trains `side` has left, as the rule system counts them (through its `Alternation`).
fn trains(s: &Session, side: u8) -> Option<u32> {
    let a = s
        .game
        .rules
        .alternation()
        .expect("NGG 1812 alternates with trains");
    a.left(&s.game, SideId(side))
}

fn left(s: &Session, side: u8) -> u32 {
    trains(s, side).unwrap()
}

fn step(hex: &str, units: &[&str]) -> Command {
    Command::MoveStack {
        units: units.iter().map(|u| u.to_string()).collect(),
        path: vec![hex.into()],
    }
}

// 8.1: up to the commanders' ratings (Davout's CR 2 rallies two of the three), one train for
// the stack however many it rallies; a disrupted unit without a commander may not rally.
#[test]
fn a_rally_returns_disrupted_units_up_to_the_commanders_rating_for_one_train() {
    let mut s = session("supply_trains: [4, 3],", "ngg1812").unwrap();
    assert_eq!(phase(&s), "rally_first");
    let e = validate(&s.game, &rally(&["d1", "d2", "d3"]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("CR 2") && e.contains("8.1"), "{e}");
    let e = validate(&s.game, &rally(&["lone"]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("commander"), "{e}");
    let ev = s.execute(rally(&["d1"])).unwrap();
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::TrainsUsed {
                used: 1,
                left: 3,
                ..
            }
        )),
        "{ev:?}"
    );
    // The second unit of the same stack: no second train.
    s.execute(rally(&["d2"])).unwrap();
    assert_eq!(left(&s, 0), 3);
    let g = &s.game;
    for (id, disrupted) in [("d1", false), ("d2", false), ("d3", true)] {
        assert_eq!(
            g.unit(g.unit_by_id(id).unwrap()).is_disrupted(),
            disrupted,
            "{id}"
        );
    }
    // The rating is spent for this phase.
    let e = validate(&s.game, &rally(&["d3"])).unwrap_err().to_string();
    assert!(e.contains("have rallied 2"), "{e}");
    // Rallies are in the rally phases only. The Russians' is passed over (none of their units
    // is disrupted: `skip_when_idle`); the movement comes next.
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase(&s), "movement");
    let e = validate(&s.game, &rally(&["d3"])).unwrap_err().to_string();
    assert!(e.contains("Strategic movement"), "{e}");
}

// 8.1: no train, no rally: the unit's rally says why, and the French rally phase, with nothing
// to do, is passed over.
#[test]
fn no_train_no_rally() {
    let s = session("supply_trains: [0, 3],", "ngg1812").unwrap();
    let g = &s.game;
    let d1 = g.unit_by_id("d1").unwrap();
    let why = g
        .rules
        .special_actions(g, d1)
        .into_iter()
        .find(|a| a.key == "rally")
        .unwrap()
        .cost
        .unwrap_err();
    assert!(why.contains("no supply train"), "{why}");
    assert_eq!(phase(&s), "movement");
    assert!(validate(g, &rally(&["d1"])).is_err());
}

// 8.2: the side with more trains starts; each stack's move uses a train; a pass costs one; a
// side without trains moves no more and the other goes on alone; its pass ends the movement.
#[test]
fn strategic_moves_and_passes_spend_trains() {
    let mut s = session("supply_trains: [2, 3],", "ngg1812").unwrap();
    // Through the French rally (none made; the Russians' is passed over).
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase(&s), "movement");
    assert_eq!(
        s.game.active_side,
        SideId(1),
        "the Russians have more trains"
    );
    s.execute(step("0702", &["bagration", "r1"])).unwrap();
    assert_eq!(left(&s, 1), 2, "the move used a train");
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(s.game.active_side, SideId(0));
    s.execute(step("0202", &["davout", "d1", "d2", "d3"]))
        .unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(left(&s, 0), 1);
    // The Russians pass: it costs a train.
    let ev = s.execute(Command::EndTurn).unwrap();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Passed { .. })),
        "{ev:?}"
    );
    assert_eq!(left(&s, 1), 1);
    // The French use their last train on a move; then the Russians go on alone.
    s.execute(step("0104", &["lone"])).unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(left(&s, 0), 0);
    assert_eq!(s.game.active_side, SideId(1));
    s.execute(step("0804", &["r2"])).unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(left(&s, 1), 0);
    // Neither has a train: the movement is over.
    assert_eq!(phase(&s), "combat_first");
    // The next game turn brings the scenario's trains again.
    while s.game.turn < 2 {
        s.execute(Command::EndTurn).unwrap();
    }
    assert_eq!((left(&s, 0), left(&s, 1)), (2, 3));
}

// 8.2: a side without a train may not begin a move; the other goes on alone, and its pass ends
// the movement.
#[test]
fn a_side_without_trains_stays_and_the_other_goes_on_alone() {
    // No train: no French rally phase (nothing to do in it), straight to the movement.
    let mut s = session("supply_trains: [0, 2],", "ngg1812").unwrap();
    assert_eq!(phase(&s), "movement");
    assert_eq!(s.game.active_side, SideId(1));
    s.execute(step("0702", &["bagration", "r1"])).unwrap();
    s.execute(Command::EndTurn).unwrap();
    // Still the Russians: the French have nothing to move with.
    assert_eq!(s.game.active_side, SideId(1));
    assert_eq!(phase(&s), "movement");
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase(&s), "combat_first", "the side alone passed");
}

// Without `supply_trains` nothing is counted (every stack may move, the first side starts);
// the field is NGG 1812's and its values are bounded.
#[test]
fn without_trains_nothing_is_counted_and_bad_values_name_the_place() {
    let mut s = session("", "ngg1812").unwrap();
    s.execute(Command::EndTurn).unwrap();
    assert_eq!(phase(&s), "movement");
    assert_eq!(s.game.active_side, SideId(0));
    assert_eq!(trains(&s, 0), None);
    s.execute(rally(&["d1"])).unwrap_err();
    s.execute(step("0202", &["davout", "d1", "d2", "d3"]))
        .unwrap();
    let e = session("supply_trains: [4, 100],", "ngg1812").unwrap_err();
    assert!(
        e.contains("supply_trains[1]") && e.contains("0 to 99"),
        "{e}"
    );
    let e = session("supply_trains: [4, 4],", "gcacw").unwrap_err();
    assert!(e.contains("supply_trains") && e.contains("NGG 1812"), "{e}");
}

// Saves replay the trains exactly (a game is its scenario, seed and log).
#[test]
fn a_save_replays_the_trains() {
    let mut s = session("supply_trains: [2, 3],", "ngg1812").unwrap();
    s.execute(rally(&["d1", "d2"])).unwrap();
    s.execute(Command::EndTurn).unwrap();
    s.execute(step("0702", &["bagration", "r1"])).unwrap();
    let back = Session::load_save(&s.save_string(), "t.ron", &Default::default()).unwrap();
    assert_eq!((left(&back, 0), left(&back, 1)), (left(&s, 0), left(&s, 1)));
    assert_eq!(
        musket::rules::gate::status_line(&back.game),
        musket::rules::gate::status_line(&s.game)
    );
    assert_eq!(back.game.units, s.game.units);
}

/// A 6 x 3 NGG field for the Cossacks (13.1), first game turn `turn`: a lone French unit in good
/// order (0101), a lone disrupted one (0401), one alone in a city (0301), and a stack (0103).
fn cossack_game(turn: u32) -> musket::rules::game::Game {
    let text = format!(
        r#"(title: "cossacks", ruleset: "ngg1812", sides: ["French", "Russian"], turn: {turn}, turns: {},
          map: (columns: 6, rows: 3, terrain: ["cctccc", "cccccc", "cccccc"]),
          units: [
            (id: "lone", name: "Lone", side: "French", kind: Infantry, hex: "0101", strength: Organized(1), class: Line),
            (id: "lone2", name: "Lone disrupted", side: "French", kind: Cavalry, hex: "0401", strength: Organized(1), class: Line, status: Disrupted),
            (id: "city", name: "In the city", side: "French", kind: Infantry, hex: "0301", strength: Organized(1), class: Line),
            (id: "ney", name: "Ney", side: "French", kind: Leader, hex: "0103", rating: 2),
            (id: "s1", name: "Stacked", side: "French", kind: Infantry, hex: "0103", strength: Organized(1), class: Line),
            (id: "r1", name: "R1", side: "Russian", kind: Cavalry, hex: "0603", strength: Organized(1), class: Line),
          ])"#,
        turn + 1
    );
    let sc = Arc::new(
        musket::rules::registry::parse_scenario(&text, Path::new("c.ron"))
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    musket::rules::flow::new_game(sc, rules)
}

/// End phases until the game turn changes, with these dice; the events.
fn end_game_turn(g: &mut musket::rules::game::Game, dice: &[u8]) -> Vec<Event> {
    let mut d = musket::rules::dice::FixedDice::new(dice);
    let turn = g.turn;
    let mut events = Vec::new();
    while g.turn == turn {
        events.extend(musket::rules::command::execute(g, &Command::EndTurn, &mut d).unwrap());
    }
    assert!(d.0.is_empty(), "dice left: {:?}", d.0);
    events
}

// 13.1: at the end of the turn one die for each lone French unit outside a city, in unit order;
// a 6 hits (a unit in good order is disrupted, a disrupted one eliminated); from turn 7 a 5
// or 6. The unit in the city and the stacked one roll no die.
#[test]
fn cossacks_hit_lone_french_units_outside_cities() {
    let status = |g: &musket::rules::game::Game, id: &str| {
        let u = g.unit(g.unit_by_id(id).unwrap());
        (u.hex.is_some(), u.is_disrupted())
    };
    // Turn 1: the lone unit rolls 6 (disrupted), the lone disrupted one 5 (no hit before turn 7).
    let mut g = cossack_game(1);
    let ev = end_game_turn(&mut g, &[6, 5]);
    assert_eq!(status(&g, "lone"), (true, true));
    assert_eq!(status(&g, "lone2"), (true, true));
    assert_eq!(status(&g, "city"), (true, false));
    assert_eq!(status(&g, "s1"), (true, false));
    let notes: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Note { text } if text.starts_with("13.1") => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[1].contains("no hit (6+ hits)"), "{notes:?}");
    // Turn 7: a 5 hits; the disrupted unit is eliminated.
    let mut g = cossack_game(7);
    end_game_turn(&mut g, &[5, 5]);
    assert_eq!(status(&g, "lone"), (true, true));
    assert_eq!(status(&g, "lone2"), (false, true));
}
