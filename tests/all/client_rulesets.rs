//! The client plays every rule system the same way: in each built-in scenario of GBACW, NGG 1812
//! and Shiloh, choose a stack, point at an adjacent enemy, check that the preview for every
//! attack type of the ruleset equals the rules' own odds (summing to 1), set an attack option
//! through the preview, roll, and see the result applied, logged and fed to the view.
#![cfg(feature = "client")]

use std::path::PathBuf;

use crate::testgen;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{
    Action, CombatLog, Feed, Mode, Play, Preview, Screen, Selection, Settings, Source,
};
use musket::rules::cv::Prob;
use musket::rules::hex::Coord;

fn app(data: &str) -> App {
    let d = std::env::temp_dir().join(format!("musket-rulesets-{data}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(PathBuf::from(&d)),
        seed: Some(1812),
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.update();
    app
}

fn send(app: &mut App, a: Action) {
    app.world_mut().write_message(a);
    app.update();
}

/// A hex of the active side next to an enemy hex with a combat unit: (own hex, enemy hex).
fn contact(app: &App) -> (Coord, Coord) {
    let g = app.world().resource::<Play>().game().unwrap();
    let req = testgen::first_contact(g)
        .unwrap_or_else(|| panic!("{}: no stacks in contact at the start", g.scenario.title));
    (g.unit(req.attackers[0]).hex.unwrap(), req.defender)
}

fn sum(list: &[(String, Prob)]) -> Prob {
    list.iter().map(|(_, p)| *p).sum()
}

fn play_one_combat(scenario: &'static str, ruleset: &str) {
    let mut app = app(ruleset);
    send(
        &mut app,
        Action::Start {
            source: Source::Builtin(scenario),
            mode: Mode::Solitaire,
            handover: false,
        },
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(
        app.world().resource::<Play>().game().unwrap().rules.id(),
        ruleset
    );
    // To the first phase of the sequence of play where attacks are made (GBACW: the defensive
    // fire, by the side not to move).
    let mut ended = 0;
    while !app
        .world()
        .resource::<Play>()
        .game()
        .map(|g| {
            g.sequence.phase(g.phase).allows.iter().any(|a| {
                matches!(
                    a,
                    musket::rules::sequence::Allow::Attack
                        | musket::rules::sequence::Allow::AttackOf(_)
                )
            })
        })
        .unwrap_or(true)
    {
        send(&mut app, Action::EndPhase);
        ended += 1;
    }
    let (own, enemy) = contact(&app);
    send(
        &mut app,
        Action::Click {
            hex: own,
            add: false,
        },
    );
    assert!(!app.world().resource::<Selection>().units.is_empty());
    send(
        &mut app,
        Action::Click {
            hex: enemy,
            add: false,
        },
    );

    // Every attack type of the ruleset previews exactly what the rules compute.
    let types = app
        .world()
        .resource::<Play>()
        .game()
        .unwrap()
        .rules
        .attack_types();
    let mut ok_types = 0;
    for kind in types.iter().copied().map(Some).chain([None]) {
        send(&mut app, Action::SetKind(kind));
        let preview = app.world().resource::<Preview>();
        let req = preview.request.clone().expect("a previewed attack");
        let shown = preview.odds.clone().expect("odds computed");
        let g = app.world().resource::<Play>().game().unwrap();
        let direct = g.rules.odds(g, &req).map_err(|e| e.to_string());
        match (&shown, &direct) {
            (Ok(s), Ok(d)) => {
                ok_types += 1;
                assert_eq!(s.lines, d.lines);
                assert_eq!(s.attacker_results, d.attacker_results);
                assert_eq!(s.defender_results, d.defender_results);
                assert_eq!(s.differential, d.differential);
                let one = Prob::from_integer(1);
                assert_eq!(sum(&s.attacker_results), one, "{kind:?}");
                assert_eq!(sum(&s.defender_results), one, "{kind:?}");
                assert_eq!(s.differential.values().copied().sum::<Prob>(), one);
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("preview {shown:?} differs from the rules {direct:?}"),
        }
    }
    assert!(
        ok_types >= 1,
        "no attack type of {ruleset} could be previewed"
    );

    // An option set in the preview reaches the request, and back to its default.
    let g = app.world().resource::<Play>().game().unwrap();
    let kind = app
        .world()
        .resource::<Preview>()
        .request
        .as_ref()
        .and_then(|r| r.kind)
        .unwrap_or(types[0]);
    let specs = g.rules.attack_options(g, kind);
    if let Some(spec) = specs.iter().find(|s| s.values.len() > 1) {
        let other = spec
            .values
            .iter()
            .find(|v| **v != spec.default)
            .unwrap()
            .clone();
        send(
            &mut app,
            Action::SetOption(spec.key.to_string(), Some(other.clone())),
        );
        let req = app.world().resource::<Preview>().request.clone().unwrap();
        assert_eq!(req.option(spec.key), Some(other.as_str()));
        send(&mut app, Action::SetOption(spec.key.to_string(), None));
        let req = app.world().resource::<Preview>().request.clone().unwrap();
        assert_eq!(req.option(spec.key), None);
    }

    // Roll the default attack.
    send(&mut app, Action::SetKind(None));
    assert!(
        matches!(app.world().resource::<Preview>().odds, Some(Ok(_))),
        "the default attack previews: {:?}",
        app.world()
            .resource::<Preview>()
            .odds
            .as_ref()
            .map(|o| o.as_ref().err())
    );
    let before = app.world().resource::<Play>().game().unwrap().units.clone();
    send(&mut app, Action::ConfirmAttack);
    let play = app.world().resource::<Play>().0.as_ref().unwrap();
    assert_eq!(
        play.session.log.len(),
        ended + 1,
        "the attack is in the command log"
    );
    assert!(matches!(
        play.session.log.last(),
        Some(musket::rules::order::Command::Attack { .. })
    ));
    assert!(play.session.dice.rolls() >= 1, "dice were rolled");
    let feed = app.world().resource::<Feed>();
    assert_eq!(feed.batches.len(), ended + 1);
    let log = app.world().resource::<CombatLog>();
    assert!(log.lines.len() >= 3, "{:?}", log.lines);
    // The result was applied to the game the view shows (or, where the dice said no effect,
    // the log says so).
    let after = &play.session.game.units;
    let changed = before != *after;
    let text: Vec<&str> = log.lines.iter().map(|l| l.text.as_str()).collect();
    assert!(
        changed
            || text
                .iter()
                .any(|t| t.contains("no effect") || t.contains("defender -")),
        "nothing changed and the log does not say why: {text:?}"
    );
}

#[test]
fn gbacw_scenario_plays_a_combat() {
    play_one_combat("gbacw-bloody-hill.ron", "gbacw");
}

#[test]
fn ngg1812_scenario_plays_a_combat() {
    play_one_combat("ngg1812-smolensk.ron", "ngg1812");
}

#[test]
fn shiloh_scenario_plays_a_combat() {
    play_one_combat("shiloh-hornets-nest.ron", "shiloh");
}
