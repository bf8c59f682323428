//! GBACW fire combat: [9.16] Fire Combat Results Table, [8.35] Density Adjustment Chart,
//! [13.15] Seeing the Elephant (seed `gbacw-charts-and-tables.txt`).

mod common;

use common::*;
use musket::rules::cv::Prob;
use musket::rules::dice::{DieRole, FixedDice};
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::gbacw::Tables;
use musket::rules::gbacw::data::{FireCode, FireTable};
use musket::rules::ruleset::{AttackError, AttackRequest, AttackType, Choices};
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

fn with_opts(mut r: AttackRequest, opts: &[(&str, &str)]) -> AttackRequest {
    for (k, v) in opts {
        r.options.insert(k.to_string(), v.to_string());
    }
    r
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

// Shifts are held at the table's ends: 0 SP of fire on 1 SP reads the first column.
#[test]
fn shifts_are_held_at_the_table_ends() {
    let g = duel(60, 12, 3);
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.extra_json["column"], 11);
    assert_eq!(o.extra_json["column_clamped"], true);
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
    let rules = g.rules.clone();
    rules
        .resolve(g, req, &Choices::default(), &mut FixedDice::new(dice))
        .unwrap()
}

fn unit<'a>(g: &'a Game, id: &str) -> &'a musket::rules::unit::Unit {
    g.unit(g.unit_by_id(id).unwrap())
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
    assert_eq!((d.morale, d.green, d.status), (3, false, Status::Pinned));
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

/// Resolve with every sequence of `len` dice; the rout probability, the expected loss and the
/// defender's result distribution the resolutions give.
fn exhaustive(g: &Game, req: &AttackRequest, len: u32) -> (Prob, Prob, Vec<(String, Prob)>) {
    let w = Prob::new(1, 6u64.pow(len));
    let (mut rout, mut loss) = (Prob::from_integer(0), Prob::from_integer(0));
    let mut codes: Vec<(String, Prob)> = Vec::new();
    let def_side = g.unit(g.units_at(req.defender)[0]).side;
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
            rout += w;
        }
        for e in &ev {
            match e {
                Event::ManpowerLost { unit, amount, .. } | Event::Captured { unit, amount, .. }
                    if g.unit(*unit).side == def_side =>
                {
                    loss += w * Prob::from_integer(*amount as u64)
                }
                Event::CombatResult { defender, .. } => {
                    match codes.iter_mut().find(|(c, _)| c == defender) {
                        Some((_, p)) => *p += w,
                        None => codes.push((defender.clone(), w)),
                    }
                }
                _ => {}
            }
        }
    }
    (rout, loss, codes)
}

// The odds and the resolution read the same tables and the same morale procedure: over every
// sequence of dice the resolutions give exactly the previewed distribution (a green target,
// two units in the hex, a `1*` column).
fn agree(g: &Game, len: u32) {
    let req = request(g, &["att"], "0303", None);
    let o = g.rules.odds(g, &req).unwrap();
    let (rout, loss, codes) = exhaustive(g, &req, len);
    assert_eq!(rout, o.p_rout);
    assert_eq!(loss, o.defender_expected_loss);
    for (c, p) in &o.defender_results {
        assert_eq!(
            codes.iter().find(|(x, _)| x == c).map(|(_, q)| *q),
            Some(*p),
            "{c}"
        );
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
    agree(&g, 5);
    // Two units in the hex share the loss and each checks morale.
    let g = map(6, 6)
        .ruleset("gbacw")
        .unit_with("a1", 'C', "0303", 1, |u| u.morale = Some(2))
        .unit_with("v1", 'C', "0303", 2, |u| u.morale = Some(4))
        .unit_with("att", 'U', "0302", 40, |u| u.morale = Some(4))
        .game();
    agree(&g, 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    // Odds are distributions: each side's results sum to 1, probabilities lie in [0, 1].
    #[test]
    fn fire_odds_sum_to_one(fire in 1u32..70, a in 1u32..12, b in 0u32..6, ma in 1i64..=6,
                            green in any::<bool>(), grape in any::<bool>(), shift in -3i32..=3) {
        let mut bld = map(6, 6).ruleset("gbacw")
            .unit_with("x", 'C', "0303", a, |u| if green { u.green = true } else { u.morale = Some(ma) });
        if b > 0 {
            bld = bld.unit_with("y", 'C', "0303", b, |u| u.morale = Some(ma));
        }
        let g = bld.unit_with("att", 'U', "0302", fire, |u| u.morale = Some(3)).game();
        let mut req = request(&g, &["att"], "0303", None);
        if grape { req.options.insert("table".into(), "grapeshot".into()); }
        req.options.insert("shift".into(), shift.to_string());
        let o = g.rules.odds(&g, &req).unwrap();
        prop_assert_eq!(sum(&o.defender_results), p(1, 1));
        prop_assert_eq!(sum(&o.attacker_results), p(1, 1));
        prop_assert!(o.p_rout <= p(1, 1) && o.p_retreat <= p(1, 1));
        prop_assert_eq!(o.differential.values().copied().sum::<Prob>(), p(1, 1));
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
