//! GBACW fire combat: [9.16] Fire Combat Results Table, [8.35] Density Adjustment Chart,
//! [13.15] Seeing the Elephant (seed `gbacw-charts-and-tables.txt`).

use crate::common;

use common::*;
use musket::rules::cv::Prob;
use musket::rules::dice::{DieRole, FixedDice};
use musket::rules::event::Event;
use musket::rules::game::Game;
use std::sync::Arc;

use musket::rules::attack::{AttackError, AttackRequest, AttackType, Choices};
use musket::rules::gbacw::data::{FailedCheck, FireCode, FireTable};
use musket::rules::gbacw::{Gbacw, Tables};
use musket::rules::unit::{Status, UnitKind};
use proptest::prelude::*;

fn t() -> Tables {
    Tables::builtin()
}

fn code(table: FireTable, strength: u32, die: u8) -> FireCode {
    let t = t();
    let col = t.fire_column(table, strength);
    t.parsed.fire[(die - 1) as usize][col]
}

/// A target of `sp` SP with morale `m` in 0303, a firer of `fire` SP in 0302 (adjacent, N).
fn duel(fire: u32, sp: u32, m: i64) -> Game {
    map(6, 6)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0303", sp, |u| u.morale = Some(m))
        .unit_with("att", 'U', "0302", fire, |u| u.morale = Some(4))
        .game()
}

// [9.16] Small Arms & CB "11 to 14", die 1: P.
#[test]
fn fcrt_small_arms_11_to_14_die_1_is_p() {
    assert_eq!(code(FireTable::SmallArms, 11, 1), FireCode::P);
    assert_eq!(code(FireTable::SmallArms, 14, 1), FireCode::P);
    // 15 is the next column, "15 to 20": R.
    assert_eq!(code(FireTable::SmallArms, 15, 1), FireCode::R);
}

// [9.16] the column headings of both lines, read at their edges.
#[test]
fn fcrt_column_headings_as_printed() {
    let t = t();
    for (s, c) in [
        (0, 0),
        (1, 1),
        (3, 1),
        (4, 2),
        (10, 3),
        (50, 9),
        (51, 10),
        (500, 10),
    ] {
        assert_eq!(t.fire_column(FireTable::SmallArms, s), c, "small arms {s}");
    }
    for (s, c) in [(0, 0), (3, 0), (4, 1), (8, 1), (9, 2), (62, 9), (63, 10)] {
        assert_eq!(t.fire_column(FireTable::Grapeshot, s), c, "grapeshot {s}");
    }
    // [9.16] "63 +", die 6: 3*.
    assert_eq!(
        code(FireTable::Grapeshot, 63, 6),
        FireCode::Loss { n: 3, star: true }
    );
}

// [9.16] die rows 5 and 6 are shipped as printed, off the pattern of rows 1-4.
#[test]
fn fcrt_rows_5_and_6_as_printed() {
    let t = t();
    let row = |d: usize| t.fcrt.rows[d - 1].results.join(" ");
    assert_eq!(row(5), "- P/R P/R 1 1 1 1* 2* 2* 2* 3*");
    assert_eq!(row(6), "P/R 1 1 1* 1* 1* 2* 2* 2* 3* 3*");
    assert_eq!(row(1), "- - - - P R P/R 1 1 1 1*");
    // "Ammo Dep?" stands before die row 1 only.
    let marked: Vec<u8> = t
        .fcrt
        .rows
        .iter()
        .filter(|r| r.ammo_dep)
        .map(|r| r.die)
        .collect();
    assert_eq!(marked, vec![1]);
}

// [8.35] 1-2: -1, 3-6: 0, 7-9: +1, 10+: +2.
#[test]
fn density_chart_as_printed() {
    let t = t();
    for (sp, s) in [
        (1, -1),
        (2, -1),
        (3, 0),
        (6, 0),
        (7, 1),
        (9, 1),
        (10, 2),
        (40, 2),
    ] {
        assert_eq!(t.density_shift(sp).1, s, "{sp} SP");
    }
}

// [8.35] 10+ SP in the hex: two columns right. 8 SP of fire reads "7 to 10" (column 4);
// with 10 SP in the target hex it is read two columns right, "15 to 20" (column 6).
#[test]
fn density_10_sp_shifts_two_right() {
    let g = duel(8, 10, 3);
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["density_sp"], 10);
    assert_eq!(o.extra_json["density_shift"], 2);
    assert_eq!(o.extra_json["base_column"], 4);
    assert_eq!(o.extra_json["column"], 6);
    assert_eq!(o.extra_json["column_heading"], "15 to 20");
}

// [8.35] note: "For density purposes a Battery counts as 1 SP": a 6-gun battery alone gives
// 1 SP, the 1-2 row, one column left.
#[test]
fn battery_counts_one_sp_for_density() {
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("bty", 'C', "0303", 6, |u| {
            u.kind = UnitKind::Artillery;
            u.morale = Some(3)
        })
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(4))
        .game();
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["density_sp"], 1);
    assert_eq!(o.extra_json["density_shift"], -1);
    assert_eq!(o.extra_json["column"], 3);
}

// [8.35] note: "a Wagon counts as 4 SP": 2 SP of infantry and a wagon make 6 SP (no shift).
#[test]
fn wagon_counts_four_sp_for_density() {
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("inf", 'C', "0303", 2, |u| u.morale = Some(3))
        .unit_with("wag", 'C', "0303", 0, |u| {
            u.kind = UnitKind::Wagon;
            u.strength = None
        })
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(4))
        .game();
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["density_sp"], 6);
    assert_eq!(o.extra_json["density_shift"], 0);
}

// Shifts are held at the table's ends [project default: not in the seeds]. Right end: 60 SP of
// fire reads "51+" (column 11) and the +2 of 12 SP in the hex cannot move it further.
#[test]
fn shifts_are_held_at_the_table_ends() {
    let g = duel(60, 12, 3);
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["base_column"], 11);
    assert_eq!(o.extra_json["density_shift"], 2);
    assert_eq!(o.extra_json["column"], 11);
    assert_eq!(o.extra_json["column_clamped"], true);
    // Left end: a fire strength of 0 reads "0 or less" (column 1); the -1 of 1 SP in the hex
    // cannot move it further left.
    let g = duel(8, 1, 3);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "0")]);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.extra_json["base_column"], 1);
    assert_eq!(o.extra_json["density_shift"], -1);
    assert_eq!(o.extra_json["column"], 1);
    assert_eq!(o.extra_json["column_clamped"], true);
    // Not clamped: 1 to 3 with the -1 reads column 1 without holding.
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "2")]);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.extra_json["base_column"], 2);
    assert_eq!(o.extra_json["column"], 1);
    assert_eq!(o.extra_json["column_clamped"], false);
}

// [13.15] all eleven rows: 2..12 -> 4,3,1,4,2,3,1,3,2,5,4.
#[test]
fn elephant_2d6_7_gives_morale_3() {
    let t = t();
    assert_eq!(t.elephant(7), 3);
    let all: Vec<u8> = (2..=12).map(|d| t.elephant(d)).collect();
    assert_eq!(all, vec![4, 3, 1, 4, 2, 3, 1, 3, 2, 5, 4]);
}

// [9.16] with the legend on a morale-2 target: 8 SP on 7 SP reads "11 to 14" (column 5 after
// the +1 density shift): die 1 P, 2 R, 3 P/R, 4 and 5 "1", 6 "1*". A die above 2 routs on R,
// P/R, and fails the check after 1 / 1* (settings: a failed check routs): P(rout) =
// (0 + 4/6 + 4/6 + 4/6 + 4/6 + 4/6) / 6 = 5/9; P(pinned) = (4/6 [P] + 2/6 [P/R] + 0 + 0 +
// 2/6 * 4/6 [1*: pass, second roll above 2]) / 6 = 11/54.
#[test]
fn fire_odds_follow_the_legend() {
    let g = duel(8, 7, 2);
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["column"], 5);
    assert_eq!(o.p_rout, p(5, 9));
    assert_eq!(o.defender_result_prob("1"), p(1, 3));
    assert_eq!(o.defender_result_prob("1*"), p(1, 6));
    assert_eq!(o.defender_expected_loss, p(1, 2));
    let pinned = p(4, 6) / 6 + p(2, 6) / 6 + p(2, 6) * p(4, 6) / 6;
    assert_eq!(pinned, p(11, 54));
    assert_eq!(
        o.extra_json["units"][0]["pinned"],
        format!("{}/{}", pinned.numer(), pinned.denom())
    );
    assert_eq!(sum(&o.defender_results), p(1, 1));
    assert_eq!(sum(&o.attacker_results), p(1, 1));
}

fn resolve(g: &mut Game, req: &AttackRequest, dice: &[u8]) -> Vec<Event> {
    roll(g, req, &Choices::default(), dice)
}

// [9.16] "# *": lose the SP, check morale; on a pass roll again: higher than morale pins.
#[test]
fn loss_star_pass_then_higher_pins() {
    let mut g = duel(8, 4, 3);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "51")]);
    // "51+" with 4 SP (no shift), die 1: "1*". MC 2 (passes, morale 3); second roll 4 > 3.
    let ev = resolve(&mut g, &req, &[1, 2, 4]);
    assert_eq!(unit(&g, "def").manpower, 3);
    assert_eq!(unit(&g, "def").status, Status::Pinned);
    assert!(ev.contains(&Event::CombatResult {
        differential: 11,
        attacker: "-".into(),
        defender: "1*".into()
    }));
    let checks: Vec<(u8, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::MoraleCheck { roll, passed, .. } => Some((*roll, *passed)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, vec![(2, true), (4, false)]);
    // The die row 1 "Ammo Dep?" mark is noted, not applied.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("Ammo Dep?")))
    );
}

// [9.16] "# *": "If lower, it is not pinned"; equal is not settled: settings default not pinned.
#[test]
fn loss_star_second_roll_equal_does_not_pin_by_default() {
    let mut g = duel(8, 4, 3);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "51")]);
    resolve(&mut g, &req, &[1, 2, 3]);
    assert_eq!(unit(&g, "def").status, Status::Normal);
    assert!(!t().settings.second_roll_equal_pins);
}

// [9.16] "#": a failed morale check after the loss routs (settings.failed_check_after_loss).
#[test]
fn loss_then_failed_check_routs() {
    let mut g = duel(8, 4, 3);
    // "43 to 50" die 1: "1"; MC 5 > 3 fails.
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "45")]);
    let ev = resolve(&mut g, &req, &[1, 5]);
    assert_eq!(unit(&g, "def").manpower, 3);
    assert_eq!(unit(&g, "def").status, Status::Routed);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ManpowerLost {
            amount: 1,
            left: 3,
            ..
        }
    )));
}

/// `duel`'s game again, with the built-in tables but `failed_check_after_loss` set to `f`.
fn with_failed_check(g: &mut Game, f: FailedCheck) {
    let mut t = t();
    t.settings.failed_check_after_loss = f;
    *g = musket::rules::flow::new_game(g.scenario.clone(), Arc::new(Gbacw::new(t)));
}

// settings.failed_check_after_loss = Pin: the failed check after "1" pins instead.
#[test]
fn loss_then_failed_check_pins_by_setting() {
    let mut g = duel(8, 4, 3);
    with_failed_check(&mut g, FailedCheck::Pin);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "45")]);
    let o = g.rules.odds(&g, &req).unwrap();
    // "43 to 50", die 1 to 6: 1 1* 2* 2* 2* 3*; every row checks and fails on 4, 5, 6 (1/2):
    // the unit is pinned on a failure (1/2) or, on the five `*` rows (5/6), by a second roll
    // of 4+ after a pass (1/2 * 1/2): 1/2 + 5/24.
    assert_eq!(o.p_rout, p(0, 1));
    assert_eq!(o.extra_json["units"][0]["routed"], "0/1");
    assert_eq!(o.extra_json["units"][0]["failed_morale_check"], "1/2");
    assert_eq!(o.extra_json["units"][0]["pinned"], "17/24");
    let ev = resolve(&mut g, &req, &[1, 5]);
    assert_eq!(unit(&g, "def").manpower, 3);
    assert_eq!(unit(&g, "def").status, Status::Pinned);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleCheck {
            roll: 5,
            passed: false,
            ..
        }
    )));
}

// settings.failed_check_after_loss = Nothing: the failed check after "1" changes no status.
#[test]
fn loss_then_failed_check_does_nothing_by_setting() {
    let mut g = duel(8, 4, 3);
    with_failed_check(&mut g, FailedCheck::Nothing);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "45")]);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.p_rout, p(0, 1));
    assert_eq!(o.extra_json["units"][0]["failed_morale_check"], "1/2");
    // Only the `*` second roll pins: 5/6 of the dice are starred, pass 1/2, roll 4+ 1/2.
    assert_eq!(o.extra_json["units"][0]["pinned"], "5/24");
    let ev = resolve(&mut g, &req, &[1, 5]);
    assert_eq!(unit(&g, "def").manpower, 3);
    assert_eq!(unit(&g, "def").status, Status::Normal);
    assert!(!ev.iter().any(|e| matches!(e, Event::StatusChanged { .. })));
}

// [9.16] a loss that takes the last SP eliminates the unit; it rolls no morale die.
#[test]
fn loss_eliminates_the_last_sp() {
    let mut g = duel(8, 1, 3);
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "45")]);
    let ev = resolve(&mut g, &req, &[1]);
    assert_eq!(unit(&g, "def").hex, None);
    assert!(ev.iter().any(|e| matches!(e, Event::Eliminated { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::MoraleCheck { .. })));
}

// [13.15] a green unit rolls two dice the first time it needs a rating: 3 + 4 = 7 -> 3; then
// [9.16] P: 4 > 3 pins.
#[test]
fn green_unit_sees_the_elephant_before_its_first_roll() {
    let mut g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0303", 4, |u| u.green = true)
        .unit_with("att", 'U', "0302", 11, |u| u.morale = Some(4))
        .game();
    let req = request(&g, &["att"], "0303", None);
    let ev = resolve(&mut g, &req, &[1, 3, 4, 4]);
    let d = unit(&g, "def");
    let own = musket::rules::gbacw::state::unit(&g, g.unit_by_id("def").unwrap());
    assert_eq!(
        (own.morale, own.green, d.status),
        (3, false, Status::Pinned)
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleRated {
            dice: 7,
            morale: 3,
            ..
        }
    )));
    let roles: Vec<DieRole> = ev
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { role, .. } => Some(*role),
            _ => None,
        })
        .collect();
    assert_eq!(
        roles,
        vec![
            DieRole::Attacker,
            DieRole::Other,
            DieRole::Other,
            DieRole::Other
        ]
    );
}

// Refused attacks: wrong type, unknown option (naming the known keys), out of range; they
// roll no dice and change nothing.
#[test]
fn refused_fire_rolls_nothing() {
    let mut g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0303", 4, |u| u.morale = Some(3))
        .unit_with("far", 'U', "0305", 8, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(3))
        .game();
    let rules = g.rules.clone();
    let before = g.units.clone();
    let cases = [
        (
            request(&g, &["att"], "0303", Some(AttackType::March)),
            "WrongType",
        ),
        (
            with_opts(request(&g, &["att"], "0303", None), &[("colour", "red")]),
            "BadOption",
        ),
        (
            with_opts(
                request(&g, &["att"], "0303", None),
                &[("table", "canister")],
            ),
            "BadOption",
        ),
        (request(&g, &["far"], "0303", None), "Illegal"),
    ];
    for (req, want) in cases {
        let mut dice = FixedDice::new(&[6, 6, 6]);
        let e = rules
            .resolve(&mut g, &req, &Choices::default(), &mut dice)
            .unwrap_err();
        assert!(format!("{e:?}").starts_with(want), "{e:?}");
        assert_eq!(dice.0.len(), 3, "no die rolled");
        assert_eq!(g.units, before);
        if let AttackError::BadOption(m) = &e
            && m.contains("colour")
        {
            assert!(m.contains("table") && m.contains("shift") && m.contains("strength"));
        }
    }
}

// The grapeshot line: `--opt table=grapeshot`; 8 guns read "4 to 8" (column 2).
#[test]
fn grapeshot_option_reads_the_other_line() {
    let g = duel(8, 4, 3);
    let req = with_opts(
        request(&g, &["att"], "0303", None),
        &[("table", "grapeshot")],
    );
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.extra_json["column"], 2);
    assert_eq!(o.extra_json["column_heading"], "4 to 8");
}

/// What the resolutions give over every sequence of dice.
#[derive(Default)]
struct Seen {
    rout: Prob,
    loss: Prob,
    codes: Vec<(String, Prob)>,
    /// Per unit of the target hex (unit order): pinned, routed, eliminated, failed a check.
    units: Vec<[Prob; 4]>,
}

/// Resolve with every sequence of `len` dice.
fn exhaustive(g: &Game, req: &AttackRequest, len: u32) -> Seen {
    let w = Prob::new(1, 6u64.pow(len));
    let targets: Vec<_> = g.units_at(req.defender).to_vec();
    let def_side = g.unit(targets[0]).side;
    let mut seen = Seen {
        units: vec![[Prob::from_integer(0); 4]; targets.len()],
        ..Default::default()
    };
    for n in 0..6u64.pow(len) {
        let dice: Vec<u8> = (0..len)
            .map(|i| ((n / 6u64.pow(i)) % 6) as u8 + 1)
            .collect();
        let mut h = g.clone();
        let ev = resolve(&mut h, req, &dice);
        let rolled = ev
            .iter()
            .filter(|e| matches!(e, Event::DieRolled { .. }))
            .count();
        assert!(rolled <= len as usize);
        if ev.iter().any(|e| {
            matches!(
                e,
                Event::StatusChanged {
                    status: Status::Routed,
                    ..
                }
            )
        }) {
            seen.rout += w;
        }
        for (i, u) in targets.iter().enumerate() {
            let f = &mut seen.units[i];
            for e in &ev {
                match e {
                    Event::StatusChanged { unit, status } if unit == u => match status {
                        Status::Pinned => f[0] += w,
                        Status::Routed => f[1] += w,
                        _ => {}
                    },
                    Event::Eliminated { unit } if unit == u => f[2] += w,
                    Event::MoraleCheck {
                        unit,
                        passed: false,
                        why,
                        ..
                    } if unit == u && why.starts_with("after") => f[3] += w,
                    _ => {}
                }
            }
        }
        for e in &ev {
            match e {
                Event::ManpowerLost { unit, amount, .. } | Event::Captured { unit, amount, .. }
                    if g.unit(*unit).side == def_side =>
                {
                    seen.loss += w * Prob::from_integer(*amount as u64)
                }
                Event::CombatResult { defender, .. } => {
                    match seen.codes.iter_mut().find(|(c, _)| c == defender) {
                        Some((_, p)) => *p += w,
                        None => seen.codes.push((defender.clone(), w)),
                    }
                }
                _ => {}
            }
        }
    }
    seen
}

fn frac(p: Prob) -> String {
    format!("{}/{}", p.numer(), p.denom())
}

// The odds and the resolution read the same tables and the same morale procedure: over every
// sequence of dice the resolutions give exactly the previewed distribution, per unit too.
fn agree(g: &Game, req: &AttackRequest, len: u32) {
    let o = g.rules.odds(g, req).unwrap();
    let seen = exhaustive(g, req, len);
    assert_eq!(seen.rout, o.p_rout);
    assert_eq!(seen.loss, o.defender_expected_loss);
    for (c, p) in &o.defender_results {
        assert_eq!(
            seen.codes.iter().find(|(x, _)| x == c).map(|(_, q)| *q),
            Some(*p),
            "{c}"
        );
    }
    for (i, f) in seen.units.iter().enumerate() {
        let u = &o.extra_json["units"][i];
        let id = u["id"].as_str().unwrap();
        assert_eq!(u["pinned"], frac(f[0]), "{id} pinned");
        assert_eq!(u["routed"], frac(f[1]), "{id} routed");
        assert_eq!(u["eliminated"], frac(f[2]), "{id} eliminated");
        assert_eq!(u["failed_morale_check"], frac(f[3]), "{id} failed");
    }
}

#[test]
fn preview_and_resolve_agree_over_every_die() {
    // A green target on a `1*` / `2*` column: fire die, two [13.15] dice, check, second roll.
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("g1", 'C', "0303", 3, |u| u.green = true)
        .unit_with("att", 'U', "0302", 30, |u| u.morale = Some(4))
        .game();
    agree(&g, &request(&g, &["att"], "0303", None), 5);
    // Two units in the hex share the loss and each checks morale.
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("a1", 'C', "0303", 1, |u| u.morale = Some(2))
        .unit_with("v1", 'C', "0303", 2, |u| u.morale = Some(4))
        .unit_with("att", 'U', "0302", 40, |u| u.morale = Some(4))
        .game();
    agree(&g, &request(&g, &["att"], "0303", None), 5);
}

// A unit already routed is not routed again and a pinned result leaves it routed; a unit
// already pinned is not pinned again but may rout (a result never makes a status better), in
// the odds as in the resolution. "11 to 14" (3 SP, no shift): P R P/R 1 1 1*.
#[test]
fn preview_and_resolve_agree_for_routed_and_pinned_units() {
    let mut g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("rt", 'C', "0303", 1, |u| u.morale = Some(3))
        .unit_with("pn", 'C', "0303", 2, |u| u.morale = Some(4))
        .unit_with("att", 'U', "0302", 12, |u| u.morale = Some(4))
        .game();
    let (rt, pn) = (g.unit_by_id("rt").unwrap(), g.unit_by_id("pn").unwrap());
    g.unit_mut(rt).status = Status::Routed;
    g.unit_mut(pn).status = Status::Pinned;
    let req = request(&g, &["att"], "0303", None);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(o.extra_json["column"], 5);
    assert_eq!(o.extra_json["units"][0]["routed"], "0/1");
    assert_eq!(o.extra_json["units"][0]["pinned"], "0/1");
    assert_eq!(o.extra_json["units"][1]["pinned"], "0/1");
    // Only "pn" can rout: R (5, 6 of its die), P/R (5, 6), and the failed checks after "1",
    // "1", "1*" (the loss falls on "pn", the larger unit; 5, 6 fail against 4): 5 rows x 1/3.
    assert_eq!(o.p_rout, p(5, 18));
    agree(&g, &req, 5);
}

// Eleven green 1-SP units in the hex: the union over the units has denominators far past
// `u64`; the odds give an exact answer or an error that says so, never a panic.
#[test]
fn eleven_green_units_do_not_overflow_the_odds() {
    let mut bld = map(6, 6).ruleset("gbacw");
    for i in 0..11 {
        bld = bld.unit_with(&format!("g{i}"), 'C', "0303", 1, |u| u.green = true);
    }
    let g = bld
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(4))
        .game();
    for strength in ["8", "30", "60"] {
        let req = with_opts(
            request(&g, &["att"], "0303", None),
            &[("strength", strength)],
        );
        // The union of eleven green units' routs needs denominators up to 6^34: an error.
        match g.rules.odds(&g, &req) {
            Err(AttackError::Illegal(m)) => {
                assert!(m.contains("does not fit"), "{m}");
            }
            other => panic!("{other:?}"),
        }
        // The resolution is not affected.
        let mut h = g.clone();
        resolve(&mut h, &req, &[6; 40]);
    }
    // Eleven veterans keep small denominators: the exact answer.
    let mut bld = map(6, 6).ruleset("gbacw");
    for i in 0..11 {
        bld = bld.unit_with(&format!("v{i}"), 'C', "0303", 1, |u| u.morale = Some(3));
    }
    let g = bld
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(4))
        .game();
    let req = with_opts(request(&g, &["att"], "0303", None), &[("strength", "60")]);
    let o = g.rules.odds(&g, &req).unwrap();
    assert_eq!(sum(&o.defender_results), p(1, 1));
}

fn parse(v: &serde_json::Value) -> Prob {
    let s = v.as_str().unwrap();
    let (n, d) = s.split_once('/').unwrap();
    Prob::new(n.parse().unwrap(), d.parse().unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    // Odds are distributions: each side's results sum to 1; per unit the exclusive outcomes
    // (pinned, routed, eliminated) sum to at most 1; the rout of some unit is at least each
    // unit's and at most their sum; the expected loss is at most the SP in the hex.
    #[test]
    fn fire_odds_are_consistent(fire in 1u32..70, a in 1u32..12, b in 0u32..6, ma in 1i64..=6,
                                green in any::<bool>(), grape in any::<bool>(), shift in -3i32..=3,
                                st in 0usize..3) {
        let mut bld = map(6, 6).ruleset("gbacw")
            .unit_with("x", 'C', "0303", a, |u| if green { u.green = true } else { u.morale = Some(ma) });
        if b > 0 {
            bld = bld.unit_with("y", 'C', "0303", b, |u| u.morale = Some(ma));
        }
        let mut g = bld.unit_with("att", 'U', "0302", fire, |u| u.morale = Some(3)).game();
        let x = g.unit_by_id("x").unwrap();
        g.unit_mut(x).status = [Status::Normal, Status::Pinned, Status::Routed][st];
        let mut req = request(&g, &["att"], "0303", None);
        if grape { req.options.insert("table".into(), "grapeshot".into()); }
        req.options.insert("shift".into(), shift.to_string());
        let o = g.rules.odds(&g, &req).unwrap();
        prop_assert_eq!(sum(&o.defender_results), p(1, 1));
        prop_assert_eq!(sum(&o.attacker_results), p(1, 1));
        prop_assert_eq!(o.differential.values().copied().sum::<Prob>(), p(1, 1));
        let units = o.extra_json["units"].as_array().unwrap();
        prop_assert_eq!(units.len(), if b > 0 { 2 } else { 1 });
        let mut total = p(0, 1);
        let mut most = p(0, 1);
        for u in units {
            let (pi, ro, el) = (parse(&u["pinned"]), parse(&u["routed"]), parse(&u["eliminated"]));
            prop_assert!(pi + ro + el <= p(1, 1), "{}", u);
            total += ro;
            most = most.max(ro);
        }
        prop_assert!(parse(&units[0]["routed"]) == p(0, 1) || st != 2, "a routed unit routs again");
        prop_assert!(most <= o.p_rout && o.p_rout <= total.min(p(1, 1)), "{:?} {:?} {:?}", most, o.p_rout, total);
        prop_assert!(o.p_retreat <= o.p_rout.max(p(0, 1)) || o.p_retreat == p(0, 1));
        prop_assert!(o.defender_expected_loss <= Prob::from_integer(u64::from(a + b)));
    }
}

// Choosing a stack names its leader too: a leader has no SP, so it does not fire, and the fire
// is the same as without it; a leader alone has nothing to fire with.
#[test]
fn a_leader_named_with_its_stack_does_not_fire() {
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("def", 'C', "0303", 4, |u| u.morale = Some(3))
        .unit_with("att", 'U', "0302", 8, |u| u.morale = Some(4))
        .leader("ldr", 'U', "0302", 0)
        .game();
    let alone = g
        .rules
        .odds(&g, &request(&g, &["att"], "0303", None))
        .unwrap();
    let with = g
        .rules
        .odds(&g, &request(&g, &["att", "ldr"], "0303", None))
        .unwrap();
    assert_eq!(alone.defender_results, with.defender_results);
    assert_eq!(
        alone.extra_json.get("fire_strength"),
        with.extra_json.get("fire_strength")
    );
    assert_eq!(
        g.rules
            .odds(&g, &request(&g, &["ldr"], "0303", None))
            .unwrap_err(),
        AttackError::ZeroCv
    );
}
