//! SSI Shiloh's turn around the operations (issue 17): command control, recovery and the
//! mid-point recovery (`rules::control`), and the card's Reorganize.
//!
//! The order of the steps is the review's [player: everygamegoing.com, SSI Shiloh 1987]:
//! command control, recovery or rally, reinforcement, two sets of operations and combat with a
//! mid-point recovery between them. What command control and recovery do is not found (the
//! manual's stored copies read only the cover): the numbers these tests check are the
//! `[project default]`s of `assets/rules/shiloh.ron`'s `sequence` (a leader within 4 hexes,
//! half OPs out of command; away from the enemy -5 fatigue, disrupted to good order, a routed
//! unit rallies on d6 x 20 <= efficiency).

use crate::common;

use common::*;
use musket::rules::command::execute;
use musket::rules::dice::FixedDice;
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::movement::budget;
use musket::rules::narrate::Describe;
use musket::rules::order::Command;
use musket::rules::points::Mp;
use musket::rules::unit::{Mode, Status, UnitKind};

fn sh() -> B {
    map(10, 10).ruleset("shiloh")
}

fn left(g: &Game, id: &str) -> Option<Mp> {
    budget(g, g.unit_by_id(id).unwrap()).left
}

/// End phases until the game turn changes, with these dice (all used); the events.
fn end_game_turn(g: &mut Game, dice: &[u8]) -> Vec<Event> {
    let mut d = FixedDice::new(dice);
    let turn = g.turn;
    let mut events = Vec::new();
    while g.turn == turn {
        events.extend(execute(g, &Command::EndTurn, &mut d).unwrap());
    }
    assert!(d.0.is_empty(), "dice left: {:?}", d.0);
    events
}

// Command control [project default]: a leader within 4 hexes keeps a unit in command (16 OPs,
// the budget's own project default); at 5 hexes it has half (8). A side with no leader at all
// is not subject to it.
#[test]
fn a_unit_out_of_its_leaders_reach_has_half_its_ops() {
    let g = sh()
        .leader("ul", 'U', "0101", 0)
        .unit("near", 'U', "0105", 800)
        .unit("far", 'U', "0106", 800)
        .unit("c", 'C', "1010", 800)
        .game();
    assert_eq!(left(&g, "near"), Some(Mp::whole(16)));
    assert_eq!(left(&g, "far"), Some(Mp::whole(8)));
    // The Confederates have no leader: every unit keeps its OPs.
    assert_eq!(left(&g, "c"), Some(Mp::whole(16)));
    let far = g.unit_by_id("far").unwrap();
    let why = g.rules.movement().allowance_source(&g, far);
    assert!(why.contains("out of command"), "{why}");
}

// Command control runs again at the start of every game turn: a unit the leader has joined is
// in command; the log says who is out.
#[test]
fn command_control_is_judged_again_each_game_turn() {
    let mut g = sh()
        .leader("ul", 'U', "0101", 0)
        .unit("far", 'U', "0108", 800)
        .leader("cl", 'C', "1010", 0)
        .unit("c", 'C', "1009", 800)
        .game();
    assert_eq!(left(&g, "far"), Some(Mp::whole(8)));
    // The leader rides to 0106, two hexes from the unit.
    let ride = Command::Move {
        unit: "ul".into(),
        path: ["0102", "0103", "0104", "0105", "0106"]
            .map(String::from)
            .to_vec(),
    };
    execute(&mut g, &ride, &mut FixedDice::new(&[])).unwrap();
    let events = end_game_turn(&mut g, &[]);
    assert_eq!(g.turn, 2);
    assert_eq!(left(&g, "far"), Some(Mp::whole(16)));
    let text: Vec<String> = events.iter().map(|e| e.describe(&g)).collect();
    assert!(
        text.iter()
            .any(|t| t == "Command control (turn 2): every unit is in command"),
        "{text:#?}"
    );
}

// Recovery [project default]: away from the enemy, a routed unit with efficiency 80 rallies on
// 1-4 (die x 20 <= 80) to disrupted and its first mode; with 5 it stays routed; a disrupted
// one is in good order again; fatigue -5. A unit next to the enemy recovers nothing and rolls
// no die. It runs at the mid-point (between the two rounds of operations) and at the start of
// each game turn after the first.
#[test]
fn recovery_rallies_routed_units_and_rests_the_rest_away_from_the_enemy() {
    let routed = |u: &mut musket::rules::scenario::UnitFile| {
        u.mode = Some(Mode::Routed);
        u.status = Some(Status::Routed);
        u.efficiency = Some(80);
        u.fatigue = 12;
    };
    let mut g = sh()
        .unit_with("r1", 'U', "0101", 800, routed)
        .unit_with("r2", 'U', "0103", 800, routed)
        .unit_with("d", 'U', "0105", 800, |u| {
            u.status = Some(Status::Disrupted)
        })
        .unit_with("front", 'U', "0808", 800, routed)
        .unit_with("art", 'U', "0301", 90, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(4);
            u.mode = Some(Mode::Routed);
            u.efficiency = Some(100);
        })
        .unit("c", 'C', "0809", 800)
        .game();
    let unit = |g: &Game, id: &str| g.unit(g.unit_by_id(id).unwrap()).clone();
    // The first round's two player-turns, then the mid-point recovery. Dice in unit order:
    // r1 4 (rallies), r2 5 (fails), art 5 (100 >= 5 x 20: rallies). "front" is next to the
    // enemy: no die.
    let mut d = FixedDice::new(&[4, 5, 5]);
    let mut events = Vec::new();
    while g.phase.round == 0 {
        events.extend(execute(&mut g, &Command::EndTurn, &mut d).unwrap());
    }
    assert!(d.0.is_empty(), "dice left: {:?}", d.0);
    assert_eq!(g.turn, 1);
    let r1 = unit(&g, "r1");
    assert_eq!(
        (mode(&g, "r1"), r1.status, r1.fatigue),
        (Mode::Normal, Status::Disrupted, 7)
    );
    let r2 = unit(&g, "r2");
    assert_eq!(
        (mode(&g, "r2"), r2.status, r2.fatigue),
        (Mode::Routed, Status::Routed, 7)
    );
    assert_eq!(unit(&g, "d").status, Status::Normal);
    assert_eq!(mode(&g, "art"), Mode::Unlimbered);
    let front = unit(&g, "front");
    assert_eq!((mode(&g, "front"), front.fatigue), (Mode::Routed, 12));
    let text: Vec<String> = events.iter().map(|e| e.describe(&g)).collect();
    assert!(
        text.iter().any(|t| t.starts_with("Mid-point recovery: ")
            && t.contains("r1 rallies (die 4)")
            && t.contains("r2 stays routed (die 5)")
            && t.contains("d is in good order again")),
        "{text:#?}"
    );
    // Game turn 2 begins with the recovery: r2 rolls 6 (fails again); r1 is in good order.
    let events = end_game_turn(&mut g, &[6]);
    assert_eq!(g.turn, 2);
    assert_eq!(unit(&g, "r1").status, Status::Normal);
    assert_eq!(unit(&g, "r1").fatigue, 2);
    assert_eq!(mode(&g, "r2"), Mode::Routed);
    let text: Vec<String> = events.iter().map(|e| e.describe(&g)).collect();
    assert!(
        text.iter().any(|t| t.starts_with("Recovery: ")
            && t.contains("r2 stays routed (die 6)")
            && t.contains("r1 is in good order again")),
        "{text:#?}"
    );
}

// The first game turn has no recovery: the scenario's fatigue and routs stand as set up.
#[test]
fn no_recovery_before_the_first_turn_is_played() {
    let g = sh()
        .unit_with("r", 'U', "0101", 800, |u| {
            u.mode = Some(Mode::Routed);
            u.fatigue = 30;
        })
        .unit("c", 'C', "1010", 800)
        .game();
    let r = g.unit(g.unit_by_id("r").unwrap());
    assert_eq!((mode(&g, "r"), r.fatigue), (Mode::Routed, 30));
}

// The card's SPECIAL ACTIONS: "Reorganize 2 N/A N/A N/A" (infantry only); note [1]: infantry
// gets the road rate only as demibrigades "(A and B reorganized)". What reorganizing does is
// read from note [1] [project default]: a brigade in column pays clear's 2 on the road; after
// reorganizing (2 OPs) the road rate, 1; reorganizing back costs 2 again.
#[test]
fn reorganize_costs_two_ops_and_gives_the_road_rate() {
    use musket::rules::map::RouteKind;
    let g = sh()
        .route(RouteKind::Road, &["0101", "0102", "0103", "0104"])
        .unit_with("i", 'U', "0101", 800, |u| u.mode = Some(Mode::Column))
        .unit_with("cav", 'U', "0301", 800, |u| u.kind = UnitKind::Cavalry)
        .unit("e", 'C', "0909", 800)
        .game();
    let i = g.unit_by_id("i").unwrap();
    let cav = g.unit_by_id("cav").unwrap();
    assert!(
        !g.rules
            .special_actions(&g, cav)
            .iter()
            .any(|a| a.key == "reorganize"),
        "Reorganize is N/A for cavalry"
    );
    let ops = musket::rules::movement::stack_left(&g, &[i]);
    assert_eq!(ops, Some(Mp::whole(16)));
    let mut s = musket::rules::session::Session::new(g.scenario.clone(), g.rules.clone(), 1);
    let step = |g: &Game| {
        let u = g.unit_by_id("i").unwrap();
        let p = vec![g.scenario.parse_hex("0102").unwrap()];
        musket::rules::shiloh::ops::move_cost(g, u, &p).total
    };
    assert_eq!(step(&s.game), Some(2));
    let special = Command::Special {
        units: vec!["i".into()],
        action: "reorganize".into(),
    };
    s.execute(special.clone()).unwrap();
    assert!(musket::rules::shiloh::state::unit(&s.game, i).demibrigade);
    assert_eq!(s.game.unit(i).spent, Mp::whole(2));
    assert_eq!(step(&s.game), Some(1));
    s.execute(special).unwrap();
    assert!(!musket::rules::shiloh::state::unit(&s.game, i).demibrigade);
    assert_eq!(s.game.unit(i).spent, Mp::whole(4));
}

/// A unit's formation (Shiloh's own state of it).
fn mode(g: &Game, id: &str) -> Mode {
    musket::rules::shiloh::state::unit(g, g.unit_by_id(id).unwrap()).mode
}
