//! GCACW die roll modifiers beyond the seeds (gcacw-tables.md §5), the Combat Results Table and
//! the exact odds (§6), and the `musket odds` contract example (scenario.md).

use crate::common;

use std::path::Path;
use std::sync::Arc;

use common::*;
use musket::rules::attack::{AttackError, AttackRequest, AttackType};
use musket::rules::gcacw::Gcacw;
use musket::rules::map::{Feature, RouteKind};

fn base(att: u32, def: u32) -> B {
    ring()
        .unit("def", 'C', "0303", def)
        .unit("att", 'U', "0302", att)
}

fn row_names(a: &musket::rules::gcacw::assess::Assessment) -> Vec<(String, i32)> {
    a.attacker_rows
        .iter()
        .chain(&a.defender_rows)
        .map(|r| (r.name.clone(), r.value))
        .collect()
}

// §5: "assault or grand assault +1" (v1.4 card: +1 Assault action); a one-unit assault is legal.
#[test]
fn drm_assault_and_grand_assault_plus_1() {
    let g = base(4, 4).unit("join", 'U', "0402", 4).game();
    assert!(assess(&g, &["att"], "0303", None).attacker_rows.is_empty());
    let a = assess(&g, &["att"], "0303", Some(AttackType::Assault));
    assert_eq!(row_names(&a), [("Assault".to_string(), 1)]);
    let a = assess(&g, &["att", "join"], "0303", Some(AttackType::Grand));
    assert_eq!(row_names(&a), [("Grand assault".to_string(), 1)]);
}

// §5: "rain turn -1".
#[test]
fn drm_rain_turn_minus_1() {
    let a = assess(&base(4, 4).rain().game(), &["att"], "0303", None);
    assert_eq!(row_names(&a), [("Rain".to_string(), -1)]);
    assert_eq!(a.attacker_drm_even, -1);
}

// §5 / reading 11: "+2 when every attacking unit attacks across a hexside with a bridge, dam,
// ferry or ford".
#[test]
fn drm_defender_plus_2_across_bridge_dam_ferry_ford() {
    for f in [Feature::Bridge, Feature::Dam, Feature::Ferry, Feature::Ford] {
        let g = base(4, 4)
            .hexside("0303", Dir::N, &[Feature::MinorRiver, f])
            .game();
        assert_eq!(assess(&g, &["att"], "0303", None).defender_drm, 2, "{f:?}");
    }
    let g = base(4, 4)
        .hexside("0303", Dir::N, &[Feature::Bridge])
        .unit("join", 'U', "0402", 4)
        .game();
    assert_eq!(
        assess(&g, &["att", "join"], "0303", Some(AttackType::Grand)).defender_drm,
        0
    );
}

// §5 / reading 11: "+2 defending in a mountain hex, or +1 when every attacking unit is also in a
// mountain hex".
#[test]
fn drm_defender_mountain_plus_2_or_plus_1() {
    let g = base(4, 4)
        .terrain("0303", 'm')
        .route(RouteKind::Road, &["0302", "0303"])
        .game();
    assert_eq!(assess(&g, &["att"], "0303", None).defender_drm, 2);
    let g = base(4, 4).terrain("0303", 'm').terrain("0302", 'm').game();
    assert_eq!(assess(&g, &["att"], "0303", None).defender_drm, 1);
}

// §5: "+1 when every attacking unit attacks across a creek hexside (+2 in rain)"; rows are
// cumulative: a creek hexside with a ford gives +2 and +1.
#[test]
fn drm_defender_creek_plus_1_plus_2_in_rain_and_cumulative_with_ford() {
    let creek = base(4, 4).hexside("0302", Dir::S, &[Feature::Creek]);
    assert_eq!(
        assess(&creek.game(), &["att"], "0303", None).defender_drm,
        1
    );
    assert_eq!(
        assess(&creek.clone().rain().game(), &["att"], "0303", None).defender_drm,
        2
    );
    let ford = base(4, 4).hexside("0303", Dir::N, &[Feature::Creek, Feature::Ford]);
    assert_eq!(assess(&ford.game(), &["att"], "0303", None).defender_drm, 3);
}

// §5: "tactical (the highest tactical value among the attacking units and the leaders stacked
// with them, minus the highest among the defending hex's units and leaders)"; signed; "x/y"
// leaders use the second value when defending.
#[test]
fn drm_tactical_best_attacker_and_stacked_leaders_minus_best_defender() {
    let g = ring()
        .unit_with("def", 'C', "0303", 4, |u| u.tactical = 1)
        .leader("jackson", 'C', "0303", 4)
        .unit_with("att", 'U', "0302", 4, |u| u.tactical = 1)
        .leader("reno", 'U', "0302", 3)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(
        (a.tactical_attacker.0, a.tactical_defender.0, a.tactical),
        (3, 4, -1)
    );
    let g = ring()
        .unit("def", 'C', "0303", 4)
        .unit_with("jackson", 'C', "0303", 0, |u| {
            u.kind = musket::rules::unit::UnitKind::Leader;
            u.tactical = 5;
            u.tactical_defence = Some(1);
        })
        .unit_with("att", 'U', "0302", 4, |u| u.tactical = -1)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(
        (a.tactical_attacker.0, a.tactical_defender.0, a.tactical),
        (-1, 1, -2)
    );
}

// §5: "Keep the older types as data rows a player can switch on" - off by default.
#[test]
fn drm_older_march_types_are_off_by_default() {
    let g = base(4, 4).game();
    let mut req = request(&g, &["att"], "0303", None);
    req.march_type = Some("Hasty".into());
    assert!(matches!(
        g.rules.odds(&g, &req),
        Err(AttackError::UnknownMarchType(..))
    ));
    // Switched on in a player's rules file, it applies.
    let text = musket::rules::gcacw::data::DEFAULT_TABLES.replace(
        "value: -1, rule: \"Standard Series march types (replay)\", source: Pub, enabled: false",
        "value: -1, rule: \"Standard Series march types (replay)\", source: Pub, enabled: true",
    );
    let rules = Gcacw::new(musket::rules::gcacw::data::Tables::parse(&text, "mine.ron").unwrap());
    let g2 = musket::rules::flow::new_game(g.scenario.clone(), Arc::new(rules));
    let o = g2.rules.odds(&g2, &req).unwrap();
    assert_eq!(o.attacker_drm.even(), -1);
}

// CRT checked against two replay combats [pub]: X = +1: defender CV 2 "D", attacker CV 7 "1D";
// X = +6: defender CV 1 "1DR", attacker CV 6 "a".
#[test]
fn crt_replay_combats() {
    let rules = Gcacw::builtin();
    let g = base(7, 2).game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.attacker_drm_even, 2); // 7:2 reads 3:1
    let o = a.outcome(&rules, 0, 2, 3); // (2 + 2) - 3 = +1
    assert_eq!(o.differential, 1);
    assert_eq!(a.defender_result(&rules, &o).code, "D");
    assert_eq!(a.attacker_result(&rules, &o).code, "1D");

    let g = base(6, 1).game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.attacker_drm_even, 5); // 6:1 is +5
    let o = a.outcome(&rules, 0, 6, 5); // (6 + 5) - 5 = +6
    assert_eq!(o.differential, 6);
    assert_eq!(a.defender_result(&rules, &o).code, "1DR");
    assert_eq!(a.attacker_result(&rules, &o).code, "a");
}

// §6 self-check: "m = 0 -> P(defender retreats or routs) 27.8%, P(rout) 8.3%; m = +2 -> 58.3%
// and 27.8%."
#[test]
fn crt_odds_self_check_m0_and_m2() {
    let o = odds(&base(4, 4).game(), &["att"], "0303", None);
    assert_eq!(o.attacker_drm.even() - o.defender_drm.even(), 0);
    assert_eq!((o.p_retreat, o.p_rout), (p(10, 36), p(3, 36)));
    let o = odds(&base(12, 4).game(), &["att"], "0303", None);
    assert_eq!(o.attacker_drm.even() - o.defender_drm.even(), 2);
    assert_eq!((o.p_retreat, o.p_rout), (p(21, 36), p(10, 36)));
}

// Reading 4: "A CV strictly between two CRT bands (3 1/2, 6 1/2, …) reads in the higher band."
#[test]
fn crt_cv_between_bands_reads_in_the_higher_band() {
    let g = ring()
        .disorganized("def", 'C', "0303", 3.5, 7)
        .disorganized("att", 'U', "0302", 6.5, 13)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.defender_column, 1); // 4-6
    assert_eq!(a.attacker_column, 2); // 7-11
    let g = ring()
        .disorganized("def", 'C', "0303", 0.5, 1)
        .unit("att", 'U', "0302", 3)
        .game();
    assert_eq!(assess(&g, &["att"], "0303", None).defender_column, 0); // 1/2-3
}

// §6: "the defender's result is read in the column of the defender's CV ..., the attacker's in
// the column of the attacker's CV"; rows <=-6 / <=-8 and >=+10 are open-ended.
#[test]
fn crt_open_ended_rows() {
    let rules = Gcacw::builtin();
    let g = base(70, 1).game();
    let a = assess(&g, &["att"], "0303", None);
    let o = a.outcome(&rules, 0, 6, 1);
    assert_eq!(o.differential, 6 + 13 - 1);
    assert_eq!(a.defender_result(&rules, &o).code, "3DR*");
    assert_eq!(a.attacker_result(&rules, &o).code, "1a"); // column 70+, row >= +10
    let g = base(1, 60).game();
    let a = assess(&g, &["att"], "0303", None);
    let o = a.outcome(&rules, 0, 1, 6);
    assert_eq!(o.differential, 1 - 12 - 6);
    assert_eq!(a.defender_result(&rules, &o).code, "-");
    assert_eq!(a.attacker_result(&rules, &o).code, "3D"); // <= -8, column 1/2-3
}

// §6: "Expected loss in the odds = the CRT number capped at the side's manpower."
#[test]
fn odds_expected_loss_is_capped_at_manpower() {
    // Defender 1 manpower, attacker 14:1: results 1DR..3DR* but at most 1 is lost.
    let o = odds(&base(14, 1).game(), &["att"], "0303", None);
    assert_eq!(o.defender_manpower, 1);
    let uncapped = o
        .defender_results
        .iter()
        .any(|(c, _)| c.starts_with('2') || c.starts_with('3'));
    assert!(uncapped);
    assert!(o.defender_expected_loss <= p(1, 1));
    // Every outcome at +13 loses at least 1 manpower (rows +8 and up): exactly 1 expected.
    assert_eq!(o.defender_expected_loss, p(1, 1));
}

// scenario.md, command-line contract: the example's distributions in 36ths.
#[test]
fn odds_contract_example_flank_in_36ths() {
    let sc =
        musket::rules::registry::load_scenario(Path::new("scenarios/example-flank.ron")).unwrap();
    let g = musket::rules::flow::new_game(Arc::new(sc), Arc::new(Gcacw::builtin()));
    let req = AttackRequest {
        attackers: vec![g.unit_by_id("usa-cox").unwrap()],
        defender: g.scenario.parse_hex("0303").unwrap(),
        kind: None,
        march_type: None,
        options: Default::default(),
    };
    let o = g.rules.odds(&g, &req).unwrap();
    let diffs: Vec<(i32, _)> = o.differential.iter().map(|(k, v)| (*k, *v)).collect();
    let want: Vec<(i32, _)> = (-3..=7)
        .zip([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
        .map(|(k, n)| (k, p(n, 36)))
        .collect();
    assert_eq!(diffs, want);
    let d: Vec<(&str, _)> = o
        .defender_results
        .iter()
        .map(|(c, v)| (c.as_str(), *v))
        .collect();
    assert_eq!(
        d,
        [
            ("-", p(1, 36)),
            ("f", p(2, 36)),
            ("F", p(3, 36)),
            ("D", p(9, 36)),
            ("Dr", p(11, 36)),
            ("1DR", p(4, 36)),
            ("2DR", p(6, 36))
        ]
    );
    let a: Vec<(&str, _)> = o
        .attacker_results
        .iter()
        .map(|(c, v)| (c.as_str(), *v))
        .collect();
    assert_eq!(
        a,
        [
            ("2D", p(3, 36)),
            ("1D", p(12, 36)),
            ("1Da", p(6, 36)),
            ("Fa", p(5, 36)),
            ("fa", p(4, 36)),
            ("Ea", p(3, 36)),
            ("a", p(3, 36))
        ]
    );
    assert_eq!((o.attacker_drm.even(), o.defender_drm.even()), (2, 0));
    let flank = &o.extra_json["flank"];
    assert_eq!(
        flank["covered"],
        serde_json::json!(["0202", "0302", "0402", "0403"])
    );
    assert_eq!(flank["reductions"], serde_json::json!(["0403"]));
    assert_eq!(
        (flank["basic"].as_i64(), flank["final"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(o.extra_json["artillery_modifier"]["differential"], 2);
}
