//! Long lists and huge stacks: the loader's checks and the commands stay correct at scale (their
//! speed is measured by `cargo bench --no-default-features --bench rules`, groups `loader` and
//! `stack`, and the figures are in the README).

use std::sync::Arc;

use crate::testgen;

use musket::rules::command::validate;
use musket::rules::order::Command;
use musket::rules::registry::builtin;
use musket::rules::scenario::{self, VictoryHexFile};
use musket::rules::unit::UnitIdx;
use testgen::{LongList, big_stack, long_list};

const N: usize = 100_000;

#[test]
fn every_long_list_loads() {
    for list in LongList::ALL {
        let file = long_list(list, N);
        let sc = musket::rules::registry::validate_scenario(file)
            .unwrap_or_else(|p| panic!("{list:?}: {:?}", &p[..1]));
        match list {
            LongList::Victory => assert_eq!(sc.victory.len(), N),
            LongList::Units => assert_eq!(sc.units.len(), N),
            LongList::Turns => assert_eq!(sc.night_turns.len(), 10_000),
            _ => {}
        }
    }
}

// Issue 8.7: the duplicate check of victory hexes was quadratic. One pass finds a duplicate
// at the end of a long list and names the first entry.
#[test]
fn a_duplicate_at_the_end_of_a_long_list_is_found() {
    let mut file = long_list(LongList::Victory, N);
    let first = file.victory[12].hex.clone();
    file.victory.push(VictoryHexFile {
        hex: first.clone(),
        points: 1,
        name: None,
        holder: None,
    });
    let problems = musket::rules::registry::validate_scenario(file).unwrap_err();
    assert_eq!(
        problems.len(),
        1,
        "{:?}",
        &problems[..2.min(problems.len())]
    );
    assert_eq!(problems[0].field, format!("victory[{N}].hex"));
    assert!(
        problems[0].problem.contains("first as victory[12]"),
        "{}",
        problems[0]
    );

    let mut file = long_list(LongList::Units, N);
    let mut dup = file.units[7].clone();
    dup.hex = file.units[N - 1].hex.clone();
    dup.side = file.units[N - 1].side.clone();
    file.units.push(dup);
    let problems = musket::rules::registry::validate_scenario(file).unwrap_err();
    assert_eq!(
        problems.len(),
        1,
        "{:?}",
        &problems[..2.min(problems.len())]
    );
    assert!(
        problems[0].problem.contains("first at units[7]"),
        "{}",
        problems[0]
    );
}

// Issue 8.9: every unit is found by its id through the scenario's index, and the occupancy of
// a 10,000-unit hex stays exact as units come and go.
#[test]
fn a_ten_thousand_unit_stack() {
    let n = 10_000;
    // An army leader in the stack leads its assault (GCACW 7.1: any unit of his side).
    let mut file = big_stack(n);
    file.units.push(scenario::UnitFile {
        id: "army".into(),
        name: "Army".into(),
        side: "Union".into(),
        kind: musket::rules::unit::UnitKind::Leader,
        hex: "0505".into(),
        strength: Some(scenario::StrengthFile::Organized(0.0)),
        army: true,
        ..scenario::UnitFile::blank()
    });
    let sc = musket::rules::registry::validate_scenario(file).unwrap();
    let mut g = musket::rules::flow::new_game(
        Arc::new(sc),
        builtin(musket::rules::registry::default_id()).unwrap(),
    );
    for i in [0, 1, n / 2, n - 1, n] {
        assert_eq!(g.unit_by_id(&format!("u{i}")), Some(UnitIdx(i as u32)));
    }
    assert_eq!(g.unit_by_id("u-none"), None);
    let stack = g.scenario.parse_hex("0505").unwrap();
    let away = g.scenario.parse_hex("0504").unwrap();
    assert_eq!(g.units_at(stack).len(), n + 1);
    for i in (0..n).step_by(3) {
        g.place(UnitIdx(i as u32), Some(away));
    }
    assert_eq!(g.units_at(away).len(), n.div_ceil(3));
    assert_eq!(g.units_at(stack).len(), n + 1 - n.div_ceil(3));
    assert!(g.units_at(stack).windows(2).all(|w| w[0] < w[1]));
    assert!(g.units_at(away).windows(2).all(|w| w[0] < w[1]));
    // A move of one unit out of the stack, and an assault by the whole stack, validate.
    let mv = Command::Move {
        unit: format!("u{}", n - 2),
        path: vec!["0506".into()],
    };
    validate(&g, &mv).unwrap();
    let attackers: Vec<String> = g
        .units_at(stack)
        .iter()
        .map(|u| g.unit(*u).id.clone())
        .collect();
    let attack = Command::Attack {
        attackers,
        defender: "0605".into(),
        kind: None,
        march_type: None,
        choices: Default::default(),
        options: Default::default(),
    };
    validate(&g, &attack).unwrap();
}
