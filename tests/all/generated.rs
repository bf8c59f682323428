//! The generated test scenarios (`tests/support/testgen.rs`) load, and follow from their seed.

use std::sync::Arc;

use musket::rules::attack::AttackRequest;
use musket::rules::game::Game;
use musket::rules::gcacw::Gcacw;
use musket::rules::map::{Feature, RouteKind, Terrain};
use musket::rules::registry::validate_scenario as validate;
use musket::rules::ruleset::Ruleset;
use musket::rules::scenario::ScenarioFile;

use crate::testgen;
use testgen::*;

fn game(file: ScenarioFile) -> Game {
    let s = validate(file).unwrap_or_else(|p| {
        panic!(
            "{}",
            p.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    musket::rules::flow::new_game(Arc::new(s), Arc::new(Gcacw::builtin()))
}

#[test]
fn generated_60x80_validates_with_fronts() {
    let file = generated(60, 80, 300, 1);
    assert_eq!(file, generated(60, 80, 300, 1), "deterministic");
    assert!(
        file.map.hexsides.len() >= 200,
        "{} hexsides",
        file.map.hexsides.len()
    );
    let g = game(file);
    assert_eq!(g.units.len(), 300);
    for ch in "clrwtsmp".chars() {
        let t = Terrain::from_letter(ch).unwrap();
        assert!(
            g.map().coords().any(|c| g.map().terrain(c) == Some(t)),
            "no {ch}"
        );
    }
    for f in [
        Feature::MajorRiver,
        Feature::MinorRiver,
        Feature::Creek,
        Feature::Bridge,
        Feature::Ford,
        Feature::Woods,
    ] {
        assert!(g.map().hexsides().any(|(_, i)| i.has(f)), "no {f:?}");
    }
    for k in RouteKind::ALL {
        assert!(
            g.map()
                .routes()
                .iter()
                .any(|r| r.kind == k && r.hexes.len() >= 20),
            "no long {k:?}"
        );
    }
    let gcacw = || {
        g.unit_indices()
            .map(|u| musket::rules::gcacw::state::gu(&g, u))
    };
    assert!(gcacw().any(|u| u.own.disorganized && u.cv.halves() % 2 == 1));
    assert!(gcacw().any(|u| u.is_demoralized()));
    assert!(gcacw().any(|u| u.own.entrenched));
    assert!(g.units.iter().any(|u| u.is_leader()));
    let pairs = enemy_pairs(&g);
    assert!(pairs.len() >= 50, "{} adjacent enemy pairs", pairs.len());

    let rules = Gcacw::builtin();
    let a = assault_case(&g).expect("an assault");
    assert!(a.attackers.len() >= 2);
    rules.odds(&g, &a).expect("assault odds");
    let gr = grand_case(&g).expect("a grand assault");
    rules.odds(&g, &gr).expect("grand odds");
    // Shown with --nocapture: the cases the benchmarks use.
    let describe = |r: &AttackRequest| {
        let odds = rules.odds(&g, r).unwrap();
        let who: Vec<String> = r
            .attackers
            .iter()
            .map(|u| {
                format!(
                    "{} ({}, {})",
                    g.unit(*u).id,
                    g.label(g.unit(*u).hex.unwrap()),
                    musket::rules::gcacw::state::gu(&g, *u).strength_label()
                )
            })
            .collect();
        let held: Vec<String> = g
            .units_at(r.defender)
            .iter()
            .map(|u| {
                format!(
                    "{} ({})",
                    g.unit(*u).id,
                    musket::rules::gcacw::state::gu(&g, *u).strength_label()
                )
            })
            .collect();
        let lines: Vec<String> = odds
            .lines
            .iter()
            .map(|l| format!("{} {}: {}", l.name, l.value, l.detail))
            .collect();
        format!(
            "{} on {} [{}] by {}\n    {}",
            odds.kind,
            g.label(r.defender),
            held.join(", "),
            who.join(", "),
            lines.join("\n    ")
        )
    };
    println!(
        "{} adjacent enemy hex pairs\n{}\n{}",
        pairs.len(),
        describe(&a),
        describe(&gr)
    );
}

#[test]
fn small_and_odd_sizes_validate() {
    for (c, r, n, seed) in [
        (1, 1, 0, 0),
        (3, 2, 4, 7),
        (10, 10, 20, 3),
        (120, 40, 200, 9),
    ] {
        game(generated(c, r, n, seed));
    }
}
