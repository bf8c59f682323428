//! A battle's own rules as scenario data (issue 38, item 4; docs/scenario-format.md): the
//! ferries that land a side's reinforcements a limited number of men or units a game turn, in
//! order, stopped while the enemy holds the landing; and the surprise of a side on its first
//! turns (a share of its points; no attack in its own turn, Final Defensive Fire still open).
//! The numbers are the tests' own; Shiloh's are in `scenarios/shiloh-1862.ron`.

use crate::common;

use common::*;
use musket::rules::command::{execute, validate};
use musket::rules::dice::FixedDice;
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::movement::budget;
use musket::rules::narrate::Describe;
use musket::rules::order::Command;
use musket::rules::points::Mp;
use musket::rules::registry::validate_scenario;
use musket::rules::scenario::{FerryFile, ScenarioFile, SurpriseFile};
use musket::rules::unit::UnitKind;

fn sh() -> B {
    map(10, 10).ruleset("shiloh")
}

/// A Union reinforcement of `men` due on `turn` at `hex`.
fn due(b: B, id: &str, hex: &str, men: u32, turn: i64) -> B {
    b.unit_with(id, 'U', hex, men, |u| u.arrives = Some(turn))
}

fn ferry(b: &mut B, hex: &str, men: Option<i64>, units: Option<i64>) {
    b.file.ferries.push(FerryFile {
        name: "the steamers".into(),
        side: "Union".into(),
        hex: hex.into(),
        men_per_turn: men,
        units_per_turn: units,
        source: "[test]".into(),
    });
}

/// End phases until game turn `turn` begins (Shiloh rolls no dice here: nobody is routed);
/// the events on the way.
fn to_turn(g: &mut Game, turn: u32) -> Vec<Event> {
    let mut events = Vec::new();
    let mut dice = FixedDice::new(&[]);
    while g.turn < turn {
        events.extend(execute(g, &Command::EndTurn, &mut dice).unwrap());
    }
    events
}

fn on_map(g: &Game, id: &str) -> bool {
    g.unit(g.unit_by_id(id).unwrap()).hex.is_some()
}

/// Four reinforcements at a landing of 1000 men a turn: 600 (turn 2), 500 and 300 (turn 2),
/// 200 (turn 3). Turn 2 lands 600 (600 + 500 > 1000) and the 500 and the 300 wait, though the
/// 300 alone would fit (no unit passes one before it). Turn 3: 500 + 300 + 200 = 1000, all.
#[test]
fn a_ferry_lands_its_capacity_a_turn_in_order() {
    let mut b = sh().unit("c", 'C', "1010", 800);
    b = due(b, "a600", "0501", 600, 2);
    b = due(b, "b500", "0501", 500, 2);
    b = due(b, "c300", "0501", 300, 2);
    b = due(b, "d200", "0501", 200, 3);
    // Another hex of the same side: no ferry, all at once.
    b = due(b, "road", "0105", 3000, 2);
    ferry(&mut b, "0501", Some(1000), None);
    let mut g = b.game();
    let events = to_turn(&mut g, 2);
    assert!(on_map(&g, "a600") && on_map(&g, "road"));
    assert!(!on_map(&g, "b500") && !on_map(&g, "c300") && !on_map(&g, "d200"));
    let full: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::FerryFull { .. }))
        .collect();
    assert_eq!(full.len(), 1);
    let Event::FerryFull { ferry, units, .. } = full[0] else {
        unreachable!()
    };
    assert_eq!(ferry, "the steamers");
    let ids: Vec<&str> = units.iter().map(|u| g.unit(*u).id.as_str()).collect();
    assert_eq!(ids, ["b500", "c300"]);
    assert_eq!(
        full[0].describe(&g),
        "Ferry full: the steamers lands at most 1000 men a turn at 0501; waiting for the next \
         turn: b500, c300"
    );
    to_turn(&mut g, 3);
    for id in ["b500", "c300", "d200"] {
        assert!(on_map(&g, id), "{id} crossed on turn 3");
    }
}

/// `units_per_turn`: two units a turn, leaders counted; a unit larger than the whole
/// capacity crosses alone as the first of its turn.
#[test]
fn a_ferry_counts_units_and_lets_a_large_unit_cross_alone() {
    let mut b = sh().unit("c", 'C', "1010", 800);
    b = b.unit_with("boss", 'U', "0501", 0, |u| {
        u.kind = UnitKind::Leader;
        u.arrives = Some(2);
    });
    b = due(b, "x", "0501", 100, 2);
    b = due(b, "y", "0501", 100, 2);
    b = due(b, "big", "0601", 5000, 2);
    b = due(b, "after", "0601", 10, 2);
    ferry(&mut b, "0501", None, Some(2));
    ferry(&mut b, "0601", Some(1000), None);
    b.file.ferries[1].name = "the flat".into();
    let mut g = b.game();
    to_turn(&mut g, 2);
    assert!(on_map(&g, "boss") && on_map(&g, "x") && !on_map(&g, "y"));
    assert!(on_map(&g, "big") && !on_map(&g, "after"));
    to_turn(&mut g, 3);
    assert!(on_map(&g, "y") && on_map(&g, "after"));
}

/// The enemy on the landing stops the ferry: nobody crosses while it holds it; then the
/// queue lands at the ferry's capacity, not all at once.
#[test]
fn an_enemy_held_landing_stops_the_ferry() {
    let mut b = sh().unit("c", 'C', "0501", 800);
    b = due(b, "a", "0501", 600, 2);
    b = due(b, "b", "0501", 600, 2);
    ferry(&mut b, "0501", Some(1000), None);
    let mut g = b.game();
    let events = to_turn(&mut g, 2);
    assert!(!on_map(&g, "a") && !on_map(&g, "b"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Reinforced {
            delayed: true,
            units,
            ..
        } if units.len() == 2
    )));
    // The Confederates leave the landing.
    let c = g.unit_by_id("c").unwrap();
    g.place(c, Some(g.scenario.parse_hex("0810").unwrap()));
    to_turn(&mut g, 3);
    assert!(on_map(&g, "a") && !on_map(&g, "b"));
    to_turn(&mut g, 4);
    assert!(on_map(&g, "b"));
}

fn surprise(b: &mut B, units: &[&str], percent: i64, may_attack: bool) {
    b.file.surprise = Some(SurpriseFile {
        side: "Union".into(),
        turns: vec![1],
        units: units.iter().map(|u| u.to_string()).collect(),
        points_percent: percent,
        may_attack,
        source: "[test]".into(),
    });
}

fn left(g: &Game, id: &str) -> Option<Mp> {
    budget(g, g.unit_by_id(id).unwrap()).left
}

fn fire(attacker: &str, target: &str, options: &[(&str, &str)]) -> Command {
    Command::Attack {
        attackers: vec![attacker.into()],
        defender: target.into(),
        kind: None,
        march_type: None,
        choices: Default::default(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// Surprise on turn 1, 50% of the points, no attack: the surprised unit has 8 of its 16 OPs
/// (4 if also out of command: 16 x 50% x 50%), may not fire in its own turn but may give Final
/// Defensive Fire in the enemy's; on turn 2 it has all 16 and fires (its leader 2 hexes away,
/// the far one 6).
#[test]
fn a_surprised_unit_has_a_share_of_its_points_and_may_only_defend() {
    let mut b = sh()
        .leader("ul", 'U', "0303", 0)
        .unit("camp", 'U', "0505", 800)
        .unit("alert", 'U', "0104", 800)
        .unit("far", 'U', "0109", 800)
        .unit("c", 'C', "0506", 800)
        .leader("cl", 'C', "0606", 0);
    surprise(&mut b, &["camp", "far"], 50, false);
    let mut g = b.game();
    assert_eq!(left(&g, "camp"), Some(Mp::whole(8)));
    assert_eq!(left(&g, "alert"), Some(Mp::whole(16)));
    assert_eq!(left(&g, "far"), Some(Mp::whole(4)));
    assert_eq!(left(&g, "c"), Some(Mp::whole(16)));
    let camp = g.unit_by_id("camp").unwrap();
    let why = g.rules.movement().allowance_source(&g, camp);
    assert!(why.contains("surprised"), "{why}");
    let err = validate(&g, &fire("camp", "0506", &[]))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("camp is surprised") && err.contains("may defend, not attack"),
        "{err}"
    );
    // The Confederates' turn: the surprised unit's Final Defensive Fire is taken.
    let mut dice = FixedDice::new(&[]);
    execute(&mut g, &Command::EndPhase, &mut dice).unwrap();
    assert_eq!(g.scenario.side_name(g.active_side), "Confederate");
    assert!(validate(&g, &fire("c", "0505", &[])).is_ok());
    assert!(validate(&g, &fire("camp", "0506", &[("phase", "final-defensive")])).is_ok());
    to_turn(&mut g, 2);
    assert_eq!(left(&g, "camp"), Some(Mp::whole(16)));
    assert!(validate(&g, &fire("camp", "0506", &[])).is_ok());
}

/// Without `units` the whole side is surprised; `may_attack` left out (true) keeps its fire.
#[test]
fn a_surprise_of_the_whole_side_with_points_only() {
    let mut b = sh()
        .unit("u1", 'U', "0505", 800)
        .unit("u2", 'U', "0101", 800)
        .unit("c", 'C', "0506", 800);
    surprise(&mut b, &[], 25, true);
    let g = b.game();
    assert_eq!(left(&g, "u1"), Some(Mp::whole(4)));
    assert_eq!(left(&g, "u2"), Some(Mp::whole(4)));
    assert!(validate(&g, &fire("u1", "0506", &[])).is_ok());
}

fn problems(f: ScenarioFile) -> Vec<(String, String)> {
    validate_scenario(f)
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|p| (p.field, p.problem))
        .collect()
}

fn has(ps: &[(String, String)], field: &str, words: &str) -> bool {
    ps.iter().any(|(f, p)| f == field && p.contains(words))
}

#[test]
fn bad_ferries_and_surprises_name_the_place() {
    let mut b = due(sh().unit("c", 'C', "1010", 800), "a", "0501", 600, 2);
    ferry(&mut b, "0501", None, None);
    ferry(&mut b, "1299", Some(0), None);
    ferry(&mut b, "0501", Some(10), None);
    b.file.ferries[1].side = "Prussia".into();
    surprise(&mut b, &["c", "nobody"], 100, true);
    b.file.surprise.as_mut().unwrap().turns = vec![0];
    let ps = problems(b.file.clone());
    assert!(
        has(&ps, "ferries[0].men_per_turn", "give the ferry's capacity"),
        "{ps:?}"
    );
    assert!(has(&ps, "ferries[1].side", "not a side"), "{ps:?}");
    assert!(has(&ps, "ferries[1].hex", "off the map"), "{ps:?}");
    assert!(has(&ps, "ferries[1].men_per_turn", "1 to"), "{ps:?}");
    assert!(
        has(&ps, "ferries[2].hex", "a ferry at this hex already"),
        "{ps:?}"
    );
    assert!(
        has(&ps, "surprise.units[0]", "not a unit of Union"),
        "{ps:?}"
    );
    assert!(
        has(&ps, "surprise.units[1]", "no unit has this id"),
        "{ps:?}"
    );
    assert!(has(&ps, "surprise.turns[0]", "out of range"), "{ps:?}");
    assert!(has(&ps, "surprise", "does nothing"), "{ps:?}");
    // A rule system that does not play the surprise refuses it (GCACW).
    let mut g = map(6, 6).unit("u", 'U', "0101", 3);
    surprise(&mut g, &[], 50, false);
    assert!(has(
        &problems(g.file),
        "surprise",
        "the gcacw rules do not play it"
    ));
}

/// The editor's writer keeps both fields, and the file reads back the same.
#[test]
fn ferries_and_surprise_survive_the_writer() {
    let mut b = due(sh().unit("c", 'C', "1010", 800), "a", "0501", 600, 2);
    ferry(&mut b, "0501", Some(1000), Some(3));
    surprise(&mut b, &["c"], 50, false);
    b.file.surprise.as_mut().unwrap().side = "Confederate".into();
    let text = musket::editor::write::scenario_text(&b.file);
    let back: ScenarioFile = musket::rules::scenario::from_ron(&text).unwrap();
    assert_eq!(back, b.file);
    assert!(validate_scenario(back).is_ok());
}

/// Shiloh 1862's data: the Union surprised on turn 1 (8 of 16 OPs, no fire in its own turn),
/// the Confederates not; Buell's steamers land the historical schedule on time (no turn's
/// arrivals exceed 4,600 men), so with nobody fighting every Army of the Ohio unit due by turn
/// 12 is on the map then and no ferry was full.
#[test]
fn shiloh_1862_has_its_surprise_and_its_ferry() {
    use std::sync::Arc;
    let sc =
        musket::rules::registry::load_scenario(std::path::Path::new("scenarios/shiloh-1862.ron"))
            .unwrap();
    assert_eq!(sc.ferries.len(), 1);
    assert_eq!(sc.ferries[0].men_per_turn, Some(4600));
    assert_eq!(sc.label(sc.ferries[0].hex), "2408");
    let s = sc.surprise.as_ref().unwrap();
    assert_eq!(
        (s.turns.as_slice(), s.points_percent, s.may_attack),
        (&[1][..], 50, false)
    );
    let sc = Arc::new(sc);
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut session = musket::rules::session::Session::new(sc, rules, 7);
    let g = &session.game;
    // In command on turn 1 (the leaders with their camps): 8 OPs, not 16.
    assert_eq!(left(g, "usa-hildebrand"), Some(Mp::whole(8)));
    assert_eq!(left(g, "csa-russell"), Some(Mp::whole(16)));
    let mut events = Vec::new();
    while session.game.turn < 12 {
        events.extend(session.execute(Command::EndTurn).unwrap());
    }
    assert!(!events.iter().any(|e| matches!(e, Event::FerryFull { .. })));
    for id in [
        "usa-buell",
        "usa-ammen",
        "usa-boyle",
        "usa-rousseau",
        "usa-kirk",
    ] {
        assert!(on_map(&session.game, id), "{id} landed by turn 12");
    }
}

/// Reinforcements the ferry lands can move on: Ammen's brigade, landed on turn 9, has its 16
/// OPs in the Union's operations phase and can leave the Landing.
#[test]
fn shiloh_1862_landed_reinforcements_can_move() {
    use std::sync::Arc;
    let sc =
        musket::rules::registry::load_scenario(std::path::Path::new("scenarios/shiloh-1862.ron"))
            .unwrap();
    let sc = Arc::new(sc);
    let rules = musket::rules::registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut session = musket::rules::session::Session::new(sc, rules, 7);
    while session.game.turn < 9 {
        session.execute(Command::EndTurn).unwrap();
    }
    // The Confederates' operations phase, then the Union's.
    session.execute(Command::EndPhase).unwrap();
    let g = &session.game;
    assert_eq!(g.scenario.side_name(g.active_side), "Union");
    assert!(on_map(g, "usa-ammen"));
    assert_eq!(left(g, "usa-ammen"), Some(Mp::whole(16)));
    let ctx = musket::rules::movement::MoveContext::new(g);
    let ammen = g.unit_by_id("usa-ammen").unwrap();
    let reach = musket::rules::movement::reachable(g, &ctx, &[ammen], None).unwrap();
    assert!(reach.hexes().count() > 3, "{}", reach.hexes().count());
}

/// Shiloh 1862's strengths, guns and arrivals follow their sources
/// (docs/scenarios/shiloh-1862.md): the brigades' own figures, the corps and division figures
/// their units add up to, the OR's Confederate effective total on 6 April, each battery's guns,
/// and the arrivals Reed and the OR give.
#[test]
fn shiloh_1862_strengths_guns_and_arrivals_follow_the_sources() {
    let sc =
        musket::rules::registry::load_scenario(std::path::Path::new("scenarios/shiloh-1862.ron"))
            .unwrap();
    let unit = |id: &str| {
        let u = sc.unit_by_id(id).unwrap_or_else(|| panic!("{id}"));
        &sc.units[u.i()]
    };
    let guns_of = |id: &str| sc.setup[sc.unit_by_id(id).unwrap().i()].guns;
    let men = |ids: &[&str]| ids.iter().map(|id| unit(id).manpower).sum::<u32>();
    let battery = 1973.0 / 22.0; // OR I/10/1 p. 398 artillery effective, Reed's 22 batteries
    // Jordan, SHSP 35 p. 204: Hardee's corps 6,789 artillery and infantry; Gladden's 2,235.
    let hardee = [
        "csa-cleburne",
        "csa-wood",
        "csa-shaver",
        "csa-art-shoup",
        "csa-art-hindman",
    ];
    assert_eq!(men(&hardee), 6789);
    assert_eq!(men(&["csa-gladden"]), 2235);
    // OR I/10/1 p. 584: Cleburne's brigade with Trigg's and Calvert's batteries 2,750.
    let cleburne = men(&["csa-cleburne"]) as f64 + 2.0 * battery;
    assert!((cleburne - 2750.0).abs() < 1.0, "{cleburne}");
    // CMH vol. 8 p. 37: Cheatham's division 3,801; OR p. 553: Jackson's 2,208 with Girardey's.
    assert_eq!(
        men(&["csa-johnson", "csa-stephens", "csa-art-cheatham"]),
        3801
    );
    assert!((men(&["csa-jackson"]) as f64 + battery - 2208.0).abs() < 1.0);
    // OR I/10/1 p. 398: effective total 38,773 on 6 April (the 47th Tennessee came on the 7th).
    let on_6_april: u32 = sc
        .units
        .iter()
        .filter(|u| sc.side_name(u.side) == "Confederate")
        .filter(|u| u.arrives.is_none_or(|(t, _)| t <= 9))
        .map(|u| u.manpower)
        .sum();
    assert_eq!(on_6_april, 38773);
    assert_eq!(unit("csa-tenn-47").arrives.map(|(t, _)| t), Some(12));
    // McClernand's division's tablet: 6,941 of all arms.
    let mcclernand = [
        "usa-hare",
        "usa-marsh",
        "usa-raith",
        "usa-art-mcclernand",
        "usa-cav-mcclernand",
    ];
    assert_eq!(men(&mcclernand), 6941);
    // Guns: W. H. L. Wallace's 6 + 4 + 4 + 4; Gilman (OR p. 301): Bartlett's 6, Mendenhall's 4;
    // the siege guns ashore Sunday afternoon (Reed), Silfversparre's four 20-pounders among them.
    assert_eq!(guns_of("usa-art-whlwallace"), 18);
    assert_eq!(guns_of("usa-art-crittenden"), 10);
    let siege = unit("usa-art-siege");
    assert_eq!(
        (guns_of("usa-art-siege"), siege.arrives.map(|(t, _)| t)),
        (8, Some(7))
    );
    let guns = |side: &str| -> u32 {
        sc.units
            .iter()
            .zip(&sc.setup)
            .filter(|(u, _)| sc.side_name(u.side) == side)
            .map(|(_, s)| s.guns)
            .sum()
    };
    assert_eq!((guns("Confederate"), guns("Union")), (130, 139));
    // Reed: the 15th Michigan landed on 5 April (on the field Sunday morning); OR p. 372: the
    // 14th Wisconsin, 730 effective, at the Landing about 10 p.m. on the 6th (turn 10).
    assert!(unit("usa-mich-15").arrives.is_none() && unit("usa-mich-15").hex.is_some());
    let wis = unit("usa-wis-14");
    assert_eq!((wis.manpower, wis.arrives.map(|(t, _)| t)), (730, Some(10)));
}

/// Wilson's Creek 1861 (docs/scenarios/wilsons-creek-1861.md, issue 51): each unit's `men` is
/// the sources' figure and its strength the SP they make (100 men a point, a battery's guns:
/// the scale of SPI's Wilson's Creek); the State Guard's rows add up to Price's 5,221 (OR I/3
/// p. 101), the Confederates' to the 10,175 effective, Sigel's column to the 1,200 of Britton
/// and Lossing; the batteries' guns to Britton's fifteen Southern pieces and Lyon's ten and
/// Sigel's six; the green regiments are the new ones.
#[test]
fn wilsons_creek_1861_strengths_and_guns_follow_the_sources() {
    use musket::rules::scenario::StrengthFile;
    use musket::rules::unit::UnitKind;
    let sc = musket::rules::registry::load_scenario(std::path::Path::new(
        "scenarios/wilsons-creek-1861.ron",
    ))
    .unwrap();
    let f = &sc.file;
    let unit = |id: &str| {
        f.units
            .iter()
            .find(|u| u.id == id)
            .unwrap_or_else(|| panic!("{id}"))
    };
    let men = |ids: &[&str]| ids.iter().map(|id| unit(id).men.unwrap_or(0)).sum::<i64>();
    let side_men = |side: &str| {
        f.units
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.men)
            .sum::<i64>()
    };
    assert_eq!(side_men("Confederate"), 10_175);
    assert_eq!(side_men("Union"), 5_544);
    let msg = [
        "csa-rains-inf",
        "csa-bledsoe",
        "csa-rains-mtd",
        "csa-clark-inf",
        "csa-clark-cav",
        "csa-slack-inf",
        "csa-slack-cav",
        "csa-parsons-inf",
        "csa-parsons-cav",
        "csa-mcbride-div",
    ];
    assert_eq!(men(&msg), 5_221);
    let sigel = [
        "usa-3mo",
        "usa-5mo",
        "usa-carr",
        "usa-farrand",
        "usa-backof",
    ];
    assert_eq!(men(&sigel), 1_200);
    let sp = |u: &musket::rules::scenario::UnitFile| match u.strength {
        Some(StrengthFile::Organized(n)) => n,
        _ => -1.0,
    };
    let guns = |side: &str| -> f64 {
        f.units
            .iter()
            .filter(|u| u.side == side && u.kind == UnitKind::Artillery)
            .map(sp)
            .sum()
    };
    assert_eq!((guns("Confederate"), guns("Union")), (15.0, 16.0));
    for u in &f.units {
        match u.kind {
            UnitKind::Infantry | UnitKind::Cavalry => {
                let want = ((u.men.unwrap() as f64) / 100.0).round().max(1.0);
                assert_eq!(sp(u), want, "{}", u.id);
                assert!(u.green || u.morale.is_some(), "{}", u.id);
            }
            UnitKind::Leader => assert!(u.strength.is_none(), "{}", u.id),
            _ => {}
        }
    }
    assert_eq!(sp(unit("usa-1mo")), 8.0, "the 1st Missouri's 775 (NPS)");
    for green in ["usa-2ks", "csa-3ark", "csa-mcrae"] {
        assert!(unit(green).green, "{green}");
    }
    assert_eq!(unit("usa-plummer-1us").morale, Some(5), "regulars");
}

/// Smolensk 1812 (docs/scenarios/smolensk-1812.md, issue 51): each division's `men` is the
/// sources' figure or its share of a printed total; the rows add up to the French army of
/// the manoeuvre's 182,689 (against Ségur's 185,000 leaving Vitebsk) and to Buturlin's
/// 121,119 of the two Russian armies; Neverovsky's 27th, the one division figure printed for
/// itself (6,000 foot, Völderndorff p. 84), stands at Krasnoi at the start with its commander;
/// Raevsky's corps enters the town on the 15th; every combat unit has a class and every
/// commander a rating; no hex is over 4.1's capacity at the start (the scenario loads).
#[test]
fn smolensk_1812_totals_positions_and_arrivals_follow_the_sources() {
    use musket::rules::unit::UnitKind;
    let sc =
        musket::rules::registry::load_scenario(std::path::Path::new("scenarios/smolensk-1812.ron"))
            .unwrap();
    let f = &sc.file;
    let unit = |id: &str| {
        f.units
            .iter()
            .find(|u| u.id == id)
            .unwrap_or_else(|| panic!("{id}"))
    };
    let side_men = |side: &str| {
        f.units
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.men)
            .sum::<i64>()
    };
    assert_eq!(
        (side_men("French"), side_men("Russian")),
        (182_689, 121_119)
    );
    let nev = unit("ru-27th");
    assert_eq!((nev.men, nev.arrives), (Some(6000), None));
    assert_eq!(nev.hex, unit("ru-neverovsky").hex);
    let krasnoi = f
        .victory
        .iter()
        .find(|v| v.name.as_deref() == Some("Krasnoi"))
        .unwrap();
    assert_eq!(nev.hex, krasnoi.hex);
    // Raevsky's VII Corps: into the town on 15 August (turn 3, the morning of the 15th).
    for id in ["ru-raevsky", "ru-7-12th", "ru-7-26th"] {
        assert_eq!(unit(id).arrives, Some(3), "{id}");
    }
    for u in &f.units {
        match u.kind {
            UnitKind::Leader => assert!(u.rating.is_some(), "{}", u.id),
            _ => assert!(u.class.is_some(), "{}", u.id),
        }
    }
    let smolensk = f.victory.iter().find(|v| v.points == 6).unwrap();
    assert_eq!(
        sc.map.terrain(sc.parse_hex(&smolensk.hex).unwrap()),
        Some(musket::rules::map::Terrain::FortifiedCity)
    );
}
