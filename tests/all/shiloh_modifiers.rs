//! Shiloh fire and melee strength: every test cites the rules card
//! (`shared/rules/seeds/shiloh-fire-melee-operations.txt`, "FIRE AND MELEE STRENGTH MODIFIERS"
//! and "ADDITIONAL MODIFIERS FOR FIRE AND MELEE").

use crate::common;

use common::*;
use musket::rules::attack::{AttackError, AttackType, Choices};
use musket::rules::cv::Prob;
use musket::rules::dice::FixedDice;
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::order::Command;
use musket::rules::session::Session;
use musket::rules::shiloh::data::fac;
use musket::rules::shiloh::resolve::Assessment;
use musket::rules::shiloh::strength::*;
use musket::rules::shiloh::{R, Shiloh};
use musket::rules::unit::{Mode, Status, UnitKind};
use proptest::prelude::*;

fn rules() -> Shiloh {
    Shiloh::builtin()
}

fn r(n: i128, d: i128) -> R {
    R::new(n, d)
}

/// Round an exact value to two decimals, as the card prints.
fn two_places(x: R) -> R {
    let h = x * R::from_integer(100);
    R::new((h.numer() * 2 + h.denom()) / (2 * h.denom()), 100)
}

fn assess(
    g: &Game,
    att: &[&str],
    def: &str,
    kind: Option<AttackType>,
    opts: &[(&str, &str)],
) -> Assessment {
    Assessment::new(&rules(), g, &with_opts(request(g, att, def, kind), opts)).unwrap()
}

fn assess_err(
    g: &Game,
    att: &[&str],
    def: &str,
    kind: Option<AttackType>,
    opts: &[(&str, &str)],
) -> AttackError {
    Assessment::new(&rules(), g, &with_opts(request(g, att, def, kind), opts)).unwrap_err()
}

fn factor(a: &Assessment, name_part: &str) -> R {
    a.att[0]
        .factors
        .iter()
        .find(|f| f.name.contains(name_part))
        .unwrap_or_else(|| panic!("no factor {name_part:?} in {:?}", a.att[0].factors))
        .value
}

/// A 4x4 shiloh map: firer (Confederate) in 0203, target (Union) in 0202 (its north neighbour).
fn board(firer_t: char, target_t: char) -> B {
    let mut rows = vec!["cccc".to_string(); 4];
    rows[1].replace_range(1..2, &target_t.to_string());
    rows[2].replace_range(1..2, &firer_t.to_string());
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    map(4, 4).ruleset("shiloh").terrain_rows(&refs)
}

// Card worked example: "Firer has 75 efficiency = 0.87", "Firer has 15 fatigue = 0.93": the
// card's formulas ("1% per two points") give 0.875 and 0.925 exactly; the card prints them
// rounded.
#[test]
fn worked_example_efficiency_and_fatigue_are_exact_from_the_formulas() {
    let t = &rules().tables;
    assert_eq!(efficiency_factor(t, 75), r(875, 1000));
    assert_eq!(fatigue_factor(t, 15), r(925, 1000));
    assert_ne!(efficiency_factor(t, 75), fac(0.87));
    assert_ne!(fatigue_factor(t, 15), fac(0.93));
    // "For every two points a unit's efficiency is below 100 ... 60 would have ... .80";
    // "Fatigue of 20 would give a modifier of .90".
    assert_eq!(efficiency_factor(t, 60), r(80, 100));
    assert_eq!(fatigue_factor(t, 20), r(90, 100));
    assert_eq!(efficiency_factor(t, 100), R::from_integer(1));
}

// Card worked example: the eight printed factors multiply to 0.2845 (exactly 0.2844989784),
// printed "TOTAL 0.28" and used: "A unit above with 2000 men would fire with a strength of
// 560" (2000 x 0.28). The ninth line, "Random modifier is 1.3", lies outside the card's own
// "1.0 to 1.2" and is not in that total.
#[test]
fn worked_example_printed_factors_give_the_printed_total() {
    let printed = [0.80, 0.70, 1.40, 0.30, 0.87, 0.93, 1.15, 1.30];
    let p: R = printed.iter().map(|x| fac(*x)).product();
    assert_eq!(p, r(2_844_989_784, 10_000_000_000));
    assert_eq!(two_places(p), r(28, 100));
    assert_eq!(R::from_integer(2000) * two_places(p), R::from_integer(560));
    // With the random 1.3 the total would be 0.37, not the printed 0.28.
    assert_eq!(two_places(p * fac(1.3)), r(37, 100));
    let t = &rules().tables;
    assert!(fac(1.3) > fac(t.random.card_max));
    assert!(
        t.random
            .by_die
            .iter()
            .all(|x| fac(*x) <= fac(1.2) && fac(*x) >= fac(1.0))
    );
    // The implementation's own product for the example (formula values 0.875 and 0.925, see
    // the next test) also rounds to the printed TOTAL 0.28, and 2000 men x 0.28 = 560.
    let a = worked_example_assessment();
    let own = a.att[0].product;
    assert_eq!(own, r(284_595_675, 1_000_000_000));
    assert_ne!(
        own, p,
        "the code uses the formulas, not the printed rounded factors"
    );
    assert_eq!(two_places(own), r(28, 100));
    assert_eq!(
        R::from_integer(a.att[0].base as i128) * two_places(own),
        R::from_integer(560)
    );
    // Inside the clamp at every random factor (0.2846 .. 0.3415).
    for x in &t.random.by_die {
        assert!(!a.att[0].clamped(t, fac(*x)).1);
    }
}

/// The card's worked example on the map (see the next test).
fn worked_example_assessment() -> Assessment {
    let g = board('c', 'w')
        .unit_with("firer", 'C', "0203", 2000, |u| {
            u.mode = Some(Mode::Column);
            u.efficiency = Some(75);
            u.fatigue = 15;
            u.leader_bonus = Some(15);
            u.command_control = Some(1.3);
        })
        .unit("target", 'U', "0202", 3000)
        .game();
    assess(&g, &["firer"], "0202", None, &[])
}

// Card worked example rebuilt on the map: firer 2000 men in its square (0.80), target in light
// woods (0.70) with 3000 men (1.40), column mode (0.30), efficiency 75, fatigue 15, leader bonus
// 15 (1.15), command control 1.3: the product from the formulas is exactly 0.284595675.
#[test]
fn worked_example_on_the_map_uses_the_formula_values() {
    let a = worked_example_assessment();
    assert_eq!(factor(&a, "firer's square density"), r(80, 100));
    assert_eq!(factor(&a, "target in woods"), r(70, 100));
    assert_eq!(factor(&a, "target density"), r(140, 100));
    assert_eq!(factor(&a, "mode column"), r(30, 100));
    assert_eq!(factor(&a, "efficiency"), r(875, 1000));
    assert_eq!(factor(&a, "fatigue"), r(925, 1000));
    assert_eq!(factor(&a, "leader bonus"), r(115, 100));
    assert_eq!(factor(&a, "command control"), r(130, 100));
    assert_eq!(a.att[0].product, r(284_595_675, 1_000_000_000));
    // 2000 x 0.284595675 = 569.19 (the card's 560 uses the rounded 0.28).
    assert_eq!(
        a.att[0].strength(&rules().tables, R::from_integer(1)),
        r(56_919_135, 100_000)
    );
}

// Card example: "(With rifles at range one, it would kill 22 to 26 men.)" from strength 560:
// the [recon] rate 22/560, spread by the random modifier 1.0 .. 1.2.
#[test]
fn rifles_at_range_one_kill_22_to_26_from_strength_560() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["f"], "0202", None, &[]);
    assert_eq!(a.casualties(R::from_integer(560)), 22);
    assert_eq!(a.casualties(R::from_integer(560) * fac(1.2)), 26);
    assert_eq!(a.casualties(R::from_integer(559)), 21);
}

// Card example 1: "A target unit in woods on higher elevation than the firing unit would result
// in modifier of 0.49 (0.7 x 0.7) in the Fire Phases and the Melee Phases."
#[test]
fn example_1_target_in_woods_on_higher_elevation() {
    let mut b = board('c', 'w')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000);
    b.file.map.elevation = Some(vec![
        "0000".into(),
        "0100".into(),
        "0000".into(),
        "0000".into(),
    ]);
    let g = b.game();
    for kind in [AttackType::Fire, AttackType::Melee] {
        let a = assess(&g, &["f"], "0202", Some(kind), &[]);
        assert_eq!(a.att[0].product, r(49, 100), "{kind}");
    }
    // Same position without the elevation: 0.70 only.
    let g = board('c', 'w')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    assert_eq!(
        assess(&g, &["f"], "0202", None, &[]).att[0].product,
        r(70, 100)
    );
}

// Card example 2: "A target unit flanked by a firing unit in clear terrain would give the firing
// unit a 1.5 modifier in the Fire and Melee Phases. In the Fire Phases, the flanked unit would
// fire with a 1.0 modifier (if it had a target) but would melee with a 0.5 modifier."
#[test]
fn example_2_flanked_target() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    let fire = assess(&g, &["f"], "0202", None, &[("flanked", "target")]);
    assert_eq!(fire.att[0].product, r(150, 100));
    let melee = assess(
        &g,
        &["f"],
        "0202",
        Some(AttackType::Melee),
        &[("flanked", "target")],
    );
    assert_eq!(melee.att[0].product, r(150, 100));
    // The flanked defender melees with 0.5 (footnote ***).
    assert_eq!(melee.def[0].product, r(50, 100));
    // The flanked unit firing in the fire phase: 1.0; in Final Defensive Fire: 0.5 (footnote *).
    let g2 = board('c', 'c')
        .unit("t", 'U', "0203", 1000)
        .unit("f", 'C', "0202", 1000)
        .game();
    let a = assess(&g2, &["t"], "0202", None, &[("flanked", "firer")]);
    assert_eq!(a.att[0].product, R::from_integer(1));
    let a = assess(
        &g2,
        &["t"],
        "0202",
        None,
        &[("flanked", "firer"), ("phase", "final-defensive")],
    );
    assert_eq!(a.att[0].product, r(50, 100));
    // Without the option: no flank factor.
    assert_eq!(
        assess(&g, &["f"], "0202", None, &[]).att[0].product,
        R::from_integer(1)
    );
}

// Card example 3: "An artillery unit in woods firing at a unit in woods would receive a 0.49
// (0.7 x 0.7) modifier."; Artillerymen: "Each gun requires 16 artillerymen" (6 guns: 96).
#[test]
fn example_3_artillery_in_woods_firing_at_woods() {
    let g = board('w', 'w')
        .unit_with("art", 'C', "0203", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Unlimbered);
        })
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["art"], "0202", None, &[]);
    assert_eq!(a.att[0].product, r(49, 100));
    assert_eq!(a.att[0].base, 96);
    assert_eq!(factor(&a, "artillerymen"), R::from_integer(1));
    // Melee: "Artillery in Woods" is 1.00 in the melee column, but artillery may not attack in
    // melee (OP table: Melee (attacker) P for artillery).
    assert!(matches!(
        assess_err(&g, &["art"], "0202", Some(AttackType::Melee), &[]),
        AttackError::Illegal(_)
    ));
}

// Artillerymen: "A Union artillery unit with six guns would need 96 men ... If it lost 19 men
// (20%), the unit's strength would be multiplied 0.8": exactly 77/96 = 0.802.
#[test]
fn artillerymen_77_of_96() {
    let t = &rules().tables;
    assert_eq!(artillerymen_factor(t, 96, 6), R::from_integer(1));
    assert_eq!(artillerymen_factor(t, 77, 6), r(77, 96));
    assert_eq!(two_places(artillerymen_factor(t, 77, 6)), r(80, 100));
    assert_ne!(artillerymen_factor(t, 77, 6), r(8, 10));
    assert_eq!(artillerymen_factor(t, 200, 6), R::from_integer(1));
}

// Density of Firing Unit's Square: "1200 men = .96 modifier"; melee attacker "1200 men = .98";
// Target Density: 1% per 50 men over/under 1000, "Maximum modifier of 1.4";
// Fortification: "A fortification level of 5 would give a modifier of 0.5";
// Leader Bonus: "A leader with bonus of 20 would multiply casualties ... by 1.2".
#[test]
fn additional_modifiers_card_values() {
    let t = &rules().tables;
    assert_eq!(firer_density_factor(t, SRole::Fire, 1200), r(96, 100));
    assert_eq!(
        firer_density_factor(t, SRole::MeleeAttacker, 1200),
        r(98, 100)
    );
    assert_eq!(
        firer_density_factor(t, SRole::Fire, 900),
        R::from_integer(1)
    );
    assert_eq!(target_density_factor(t, 1200), r(104, 100));
    assert_eq!(target_density_factor(t, 800), r(96, 100));
    assert_eq!(target_density_factor(t, 3000), r(140, 100));
    assert_eq!(target_density_factor(t, 9000), r(140, 100));
    // [project default] minimum 0.80 (the formula's value at 0 men).
    assert_eq!(target_density_factor(t, 0), r(80, 100));
    assert_eq!(fortification_factor(t, 5), r(50, 100));
    assert_eq!(fortification_factor(t, 1), r(90, 100));
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .leader("ldr", 'C', "0203", 0)
        .unit("t", 'U', "0202", 1000)
        .game();
    let mut g = g;
    let l = g.unit_by_id("ldr").unwrap();
    musket::rules::shiloh::state::unit_mut(&mut g, l)
        .unwrap()
        .leader_bonus = 20;
    assert_eq!(
        factor(&assess(&g, &["f"], "0202", None, &[]), "leader bonus"),
        r(120, 100)
    );
    // Naming the leader with its stack (as choosing the whole stack does) changes nothing: a
    // leader does not fire, its bonus counts for the unit either way.
    let with_leader = assess(&g, &["f", "ldr"], "0202", None, &[]);
    assert_eq!(with_leader.att.len(), 1);
    assert_eq!(factor(&with_leader, "leader bonus"), r(120, 100));
    assert!(matches!(
        assess_err(&g, &["ldr"], "0202", None, &[]),
        AttackError::ZeroCv
    ));
    // Command Control: "750 men and a command control of 1.3 would have ... 975".
    let g = board('c', 'c')
        .unit_with("f", 'C', "0203", 750, |u| u.command_control = Some(1.3))
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["f"], "0202", None, &[]);
    assert_eq!(
        a.att[0].strength(&rules().tables, R::from_integer(1)),
        R::from_integer(975)
    );
}

// "All modifiers are cumulative with a maximum of 2.0 and a minimum of 0.2."
#[test]
fn cumulative_product_is_clamped_to_0_2_and_2_0() {
    // Mounted melee 2.00 x flanker 1.50 = 3.00 -> 2.0.
    let g = board('c', 'c')
        .unit_with("cav", 'C', "0203", 1000, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Mounted);
        })
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(
        &g,
        &["cav"],
        "0202",
        Some(AttackType::Melee),
        &[("flanked", "target")],
    );
    assert_eq!(a.att[0].product, R::from_integer(3));
    let t = &rules().tables;
    assert_eq!(
        a.att[0].clamped(t, R::from_integer(1)),
        (R::from_integer(2), true)
    );
    // Column 0.30 x heavy woods 0.40 = 0.12 -> 0.2.
    let g = board('c', 'h')
        .unit_with("col", 'C', "0203", 1000, |u| u.mode = Some(Mode::Column))
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["col"], "0202", None, &[]);
    assert_eq!(a.att[0].product, r(12, 100));
    assert_eq!(a.att[0].clamped(t, R::from_integer(1)), (r(2, 10), true));
    assert_eq!(
        a.att[0].strength(t, R::from_integer(1)),
        R::from_integer(200)
    );
    assert_eq!(a.att[0].clamped(t, fac(1.2)), (r(2, 10), true));
}

// Footnote **: "May only fire during Final Defensive Fire and with these modifiers" (disrupted
// 0.50**, out of ammo 0.30**, routed 0.50**, limbered 0.20**). "Routed" is both a condition
// and a mode on the card: its 0.5 is applied once.
#[test]
fn final_defensive_fire_only_units_and_routed_once() {
    let g = board('c', 'c')
        .unit_with("lim", 'C', "0203", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Limbered);
        })
        .unit_with("rout", 'C', "0203", 1000, |u| {
            u.mode = Some(Mode::Routed);
            u.status = Some(Status::Routed);
        })
        .unit_with("ammo", 'C', "0203", 1000, |u| u.out_of_ammo = true)
        .unit("t", 'U', "0202", 500)
        .game();
    for id in ["lim", "rout", "ammo"] {
        assert!(
            matches!(
                assess_err(&g, &[id], "0202", None, &[]),
                AttackError::Illegal(_)
            ),
            "{id}"
        );
    }
    let fdf = [("phase", "final-defensive")];
    assert_eq!(
        factor(&assess(&g, &["lim"], "0202", None, &fdf), "mode limbered"),
        r(20, 100)
    );
    assert_eq!(
        factor(
            &assess(&g, &["ammo"], "0202", None, &fdf),
            "out of ammunition"
        ),
        r(30, 100)
    );
    let a = assess(&g, &["rout"], "0202", None, &fdf);
    let halves = a.att[0]
        .factors
        .iter()
        .filter(|f| f.value == r(1, 2))
        .count();
    assert_eq!(halves, 1, "routed applied once: {:?}", a.att[0].factors);
    // Melee column: out of ammo 0.70.
    assert_eq!(
        factor(
            &assess(&g, &["ammo"], "0202", Some(AttackType::Melee), &[]),
            "out of ammunition"
        ),
        r(70, 100)
    );
}

// Target location and firing unit's location tables, fire and melee columns.
#[test]
fn location_tables_fire_and_melee_columns() {
    for (tt, fire, melee) in [
        ('v', 70, 130),
        ('u', 50, 70),
        ('h', 40, 40),
        ('o', 70, 70),
        ('n', 70, 70),
        ('e', 80, 80),
        ('s', 80, 80),
        ('f', 100, 100),
        ('b', 100, 100),
    ] {
        let g = board('c', tt)
            .unit("f", 'C', "0203", 1000)
            .unit("t", 'U', "0202", 1000)
            .game();
        assert_eq!(
            assess(&g, &["f"], "0202", None, &[]).att[0].product,
            r(fire, 100),
            "{tt} fire"
        );
        assert_eq!(
            assess(&g, &["f"], "0202", Some(AttackType::Melee), &[]).att[0].product,
            r(melee, 100),
            "{tt} melee"
        );
    }
    for (ft, melee) in [('e', 70), ('f', 90), ('b', 90), ('v', 60)] {
        let g = board(ft, 'c')
            .unit("f", 'C', "0203", 1000)
            .unit("t", 'U', "0202", 1000)
            .game();
        assert_eq!(
            assess(&g, &["f"], "0202", None, &[]).att[0].product,
            R::from_integer(1),
            "{ft} fire"
        );
        assert_eq!(
            assess(&g, &["f"], "0202", Some(AttackType::Melee), &[]).att[0].product,
            r(melee, 100),
            "{ft} melee"
        );
    }
}

#[test]
fn bad_options_and_types_are_refused() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    match assess_err(&g, &["f"], "0202", None, &[("flank", "yes")]) {
        AttackError::BadOption(m) => assert!(m.contains("flanked") && m.contains("phase"), "{m}"),
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        assess_err(&g, &["f"], "0202", None, &[("phase", "night")]),
        AttackError::BadOption(_)
    ));
    assert!(matches!(
        assess_err(
            &g,
            &["f"],
            "0202",
            Some(AttackType::Melee),
            &[("flanked", "firer")]
        ),
        AttackError::BadOption(_)
    ));
    assert!(matches!(
        assess_err(&g, &["f"], "0202", Some(AttackType::Assault), &[]),
        AttackError::WrongType { .. }
    ));
    // Fire reaches adjacent hexes only [project default].
    let g = board('c', 'c')
        .unit("f", 'C', "0204", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    assert!(matches!(
        assess_err(&g, &["f"], "0202", None, &[]),
        AttackError::NotAdjacent { .. }
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    // More efficiency (a larger factor, all else equal) never gives fewer casualties, for every
    // die face; a higher die (a larger random modifier) never gives fewer casualties; and the
    // casualties never exceed the men in the target hex (fire and both sides of a melee).
    #[test]
    fn casualties_monotonic_and_capped(
        men in 50u32..5000, tmen in 1u32..400, amen in 1u32..400,
        eff in 0u8..=100, up in 0u8..=100, fat in 0u8..=200,
        melee in any::<bool>(), t in 0usize..5, succ in any::<bool>(),
    ) {
        let terr = ['c', 'w', 'h', 'v', 'u'][t];
        let eff2 = eff.saturating_add(up).min(100);
        let kind = if melee { AttackType::Melee } else { AttackType::Fire };
        let opts: &[(&str, &str)] = if succ { &[("successful_attack", "yes")] } else { &[] };
        let setup = |e: u8, fmen: u32| {
            let g = board('c', terr)
                .unit_with("f", 'C', "0203", fmen, |u| { u.efficiency = Some(e as i64); u.fatigue = fat as i64; })
                .unit("t", 'U', "0202", tmen)
                .game();
            assess(&g, &["f"], "0202", Some(kind), opts)
        };
        let (lo, hi) = (setup(eff, men), setup(eff2, men));
        for d in 1..=6u8 {
            let (ol, oh) = (lo.outcome(d, d), hi.outcome(d, d));
            prop_assert!(ol.attacker_strength <= oh.attacker_strength);
            prop_assert!(ol.defender_loss <= oh.defender_loss, "die {}: {} > {}", d, ol.defender_loss, oh.defender_loss);
            prop_assert!(oh.defender_loss <= tmen);
            if d > 1 {
                prop_assert!(hi.outcome(d - 1, d - 1).defender_loss <= oh.defender_loss);
            }
        }
        // A small attacker in melee: its casualties are capped at its men.
        if melee {
            let a = setup(eff, amen);
            for (da, dd) in [(1u8, 6u8), (6, 6), (3, 2)] {
                let o = a.outcome(da, dd);
                prop_assert!(o.attacker_loss <= amen && o.defender_loss <= tmen);
            }
        }
    }

    // Preview and resolution agree for all 36 melee die pairs: resolving each pair on a fresh
    // game gives the outcome the assessment computes, and the 36 resolved results, 1/36 each,
    // are exactly the odds' distributions.
    #[test]
    fn melee_preview_equals_resolution_for_all_36_pairs(
        men in 100u32..4000, tmen in 50u32..4000, eff in 40u8..=100, fort in 0i64..4,
        flank in 0usize..3, t in 0usize..4,
    ) {
        let terr = ['c', 'w', 'v', 'u'][t];
        let b = board('c', terr)
            .unit_with("f", 'C', "0203", men, |u| u.efficiency = Some(eff as i64))
            .unit_with("t", 'U', "0202", tmen, |u| u.fortification = Some(fort));
        let fl = ["no", "target", "attacker"][flank];
        let req = with_opts(request(&b.game(), &["f"], "0202", Some(AttackType::Melee)), &[("flanked", fl)]);
        let g0 = b.game();
        let odds = g0.rules.odds(&g0, &req).unwrap();
        let a = Assessment::new(&rules(), &g0, &req).unwrap();
        let mut dres: std::collections::BTreeMap<String, Prob> = Default::default();
        let mut ares: std::collections::BTreeMap<String, Prob> = Default::default();
        for da in 1..=6u8 {
            for dd in 1..=6u8 {
                let mut g = b.game();
                let rules = g.rules.clone();
                let ev = rules
                    .resolve(&mut g, &req, &Choices::default(), &mut FixedDice::new(&[da, dd]))
                    .unwrap();
                let want = a.outcome(da, dd);
                let (att, def) = combat(&ev);
                prop_assert_eq!(&att, &want.attacker_loss.to_string());
                prop_assert_eq!(&def, &want.defender_loss.to_string());
                prop_assert_eq!(g.unit(g.unit_by_id("f").unwrap()).manpower, men - want.attacker_loss);
                prop_assert_eq!(g.unit(g.unit_by_id("t").unwrap()).manpower, tmen - want.defender_loss);
                *dres.entry(def).or_insert(Prob::from_integer(0)) += Prob::new(1, 36);
                *ares.entry(att).or_insert(Prob::from_integer(0)) += Prob::new(1, 36);
            }
        }
        let sorted = |l: &[(String, Prob)]| l.iter().cloned().collect::<std::collections::BTreeMap<_, _>>();
        prop_assert_eq!(sorted(&odds.defender_results), dres);
        prop_assert_eq!(sorted(&odds.attacker_results), ares);
    }
}

fn combat(ev: &[Event]) -> (String, String) {
    ev.iter()
        .find_map(|e| match e {
            Event::CombatResult {
                attacker, defender, ..
            } => Some((attacker.clone(), defender.clone())),
            _ => None,
        })
        .unwrap()
}

// Preview and roll never disagree: with every die face, the resolved casualties are the code
// the odds give that face (fire: one d6; melee: attacker's d6 then defender's).
#[test]
fn resolve_matches_the_odds_for_every_die() {
    let b = board('c', 'w')
        .unit_with("f", 'C', "0203", 2400, |u| {
            u.efficiency = Some(70);
            u.leader_bonus = Some(10);
        })
        .unit("t", 'U', "0202", 1800);
    for d in 1..=6u8 {
        let mut g = b.game();
        let a = assess(&g, &["f"], "0202", None, &[]);
        let want = a.outcome(d, 0);
        let req = request(&g, &["f"], "0202", None);
        let rules = g.rules.clone();
        let ev = rules
            .resolve(&mut g, &req, &Choices::default(), &mut FixedDice::new(&[d]))
            .unwrap();
        assert_eq!(
            combat(&ev),
            ("-".to_string(), want.defender_loss.to_string())
        );
        let t = g.unit(g.unit_by_id("t").unwrap());
        assert_eq!(t.manpower, 1800 - want.defender_loss);
        let o = g.rules.odds(&b.game(), &req).unwrap();
        assert!(o.defender_result_prob(&want.defender_loss.to_string()) >= Prob::new(1, 6));
    }
    for (da, dd) in [(1u8, 6u8), (6, 1), (3, 4)] {
        let mut g = b.game();
        let a = assess(&g, &["f"], "0202", Some(AttackType::Melee), &[]);
        let want = a.outcome(da, dd);
        let req = request(&g, &["f"], "0202", Some(AttackType::Melee));
        let rules = g.rules.clone();
        let ev = rules
            .resolve(
                &mut g,
                &req,
                &Choices::default(),
                &mut FixedDice::new(&[da, dd]),
            )
            .unwrap();
        assert_eq!(
            combat(&ev),
            (
                want.attacker_loss.to_string(),
                want.defender_loss.to_string()
            )
        );
        assert_eq!(
            g.unit(g.unit_by_id("f").unwrap()).manpower,
            2400 - want.attacker_loss
        );
    }
}

// A refused attack rolls no dice and changes nothing; losses that reach 0 men eliminate.
#[test]
fn refused_attack_changes_nothing_and_elimination() {
    let b = board('c', 'c')
        .unit_with("f", 'C', "0203", 3000, |u| u.command_control = Some(2.0))
        .unit("t", 'U', "0202", 60);
    let mut g = b.game();
    let rules = g.rules.clone();
    let mut dice = FixedDice::new(&[6]);
    let bad = with_opts(request(&g, &["f"], "0202", None), &[("x", "y")]);
    assert!(
        rules
            .resolve(&mut g, &bad, &Choices::default(), &mut dice)
            .is_err()
    );
    assert_eq!(dice.0.len(), 1, "no die drawn");
    let ok = request(&g, &["f"], "0202", None);
    let ev = rules
        .resolve(&mut g, &ok, &Choices::default(), &mut dice)
        .unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Eliminated { .. })));
    assert!(!g.unit(g.unit_by_id("t").unwrap()).on_map());
}

// A full combat in the demo scenario through a session: Confederate fire, then melee.
#[test]
fn full_combat_in_the_demo_scenario() {
    let sc = musket::rules::registry::load_scenario(std::path::Path::new(
        "scenarios/shiloh-hornets-nest.ron",
    ))
    .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("shiloh").unwrap()).unwrap();
    let mut s = Session::new(std::sync::Arc::new(sc), rules, 11);
    let before = s
        .game
        .unit(s.game.unit_by_id("usa-prentiss-b1").unwrap())
        .manpower;
    let o = s
        .game
        .rules
        .odds(&s.game, &request(&s.game, &["csa-gibson"], "0503", None))
        .unwrap();
    assert!(o.defender_expected_loss > Prob::from_integer(0));
    // Gibson (woods, row 4, level 0) fires up at Prentiss on the sunken road (level 1): the
    // card's factors: sunken road 0.50 x higher elevation 0.70 x leader 1.10 x target density
    // 1.24 (2200 men) x firer density 0.72 (2400) x fortification 1 0.90 x efficiency 70 0.85 x
    // fatigue 30 0.85 x command control 0.9 = 0.2011582188.
    let a = Assessment::new(
        &Shiloh::builtin(),
        &s.game,
        &request(&s.game, &["csa-gibson"], "0503", None),
    )
    .unwrap();
    assert_eq!(factor(&a, "higher elevation"), r(70, 100));
    assert_eq!(a.att[0].product, r(502_895_547, 2_500_000_000));
    // Strength 2400 x 0.20116 x random 1.00 .. 1.20 = 482.8 .. 579.3; x 22/560 -> 18 .. 22.
    let want: Vec<(String, Prob)> = [
        ("18", Prob::new(1, 6)),
        ("19", Prob::new(1, 6)),
        ("20", Prob::new(1, 6)),
        ("21", Prob::new(1, 6)),
        ("22", Prob::new(1, 3)),
    ]
    .into_iter()
    .map(|(c, p)| (c.to_string(), p))
    .collect();
    assert_eq!(o.defender_results, want);
    // The Union moves first: the Confederate turn.
    s.execute(Command::EndTurn).unwrap();
    let ev = s
        .execute(Command::Attack {
            attackers: vec!["csa-gibson".into()],
            defender: "0503".into(),
            kind: None,
            march_type: None,
            options: Default::default(),
            choices: Choices::default(),
        })
        .unwrap();
    let (_, d) = combat(&ev);
    let lost: u32 = d.parse().unwrap();
    assert!(o.defender_result_prob(&d) > Prob::from_integer(0));
    assert_eq!(
        s.game
            .unit(s.game.unit_by_id("usa-prentiss-b1").unwrap())
            .manpower,
        before - lost
    );
    let ev = s
        .execute(Command::Attack {
            attackers: vec!["csa-shaver".into()],
            defender: "0603".into(),
            kind: Some(AttackType::Melee),
            march_type: None,
            options: [("flanked".to_string(), "target".to_string())]
                .into_iter()
                .collect(),
            choices: Choices::default(),
        })
        .unwrap();
    assert!(
        ev.iter()
            .filter(|e| matches!(e, Event::DieRolled { .. }))
            .count()
            == 2
    );
    assert!(ev.iter().any(|e| matches!(e, Event::ManpowerLost { .. })));
}

#[test]
fn bad_tables_file_error_names_the_place() {
    let dir = std::env::temp_dir().join(format!("musket-shiloh-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("shiloh.ron");
    let text = musket::rules::shiloh::DEFAULT_TABLES.replace("clamp_max: 2.00", "clamp_max: 0.10");
    std::fs::write(&p, text).unwrap();
    let e = musket::rules::shiloh::load(Some(&p))
        .unwrap_err()
        .to_string();
    assert!(e.contains("shiloh.ron") && e.contains("clamp_min"), "{e}");
    std::fs::write(&p, "(ruleset: \"shiloh\", oops").unwrap();
    let e = musket::rules::shiloh::load(Some(&p))
        .unwrap_err()
        .to_string();
    assert!(e.contains("shiloh.ron:1:"), "{e}");
    let text =
        musket::rules::shiloh::DEFAULT_TABLES.replace("by_die: [1.00, 1.04,", "by_die: [1.04,");
    std::fs::write(&p, text).unwrap();
    let e = musket::rules::shiloh::load(Some(&p))
        .unwrap_err()
        .to_string();
    assert!(e.contains("random.by_die"), "{e}");
}

fn rule_of(a: &Assessment, i: usize, name_part: &str) -> String {
    a.att[i]
        .factors
        .iter()
        .find(|f| f.name.contains(name_part))
        .unwrap_or_else(|| panic!("no factor {name_part:?}"))
        .rule
        .clone()
}

// "Unit Outmaneuvered: Firing Unit's strength is cut in half for that attack." and
// "Successful Attack: Firing Unit's strength is increased by 50% for that attack.": factors of
// the attacking units, fire and melee, inside the clamped product.
#[test]
fn outmaneuvered_and_successful_attack() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    let t = &rules().tables;
    assert_eq!(t.outmaneuvered.factor, 0.50);
    assert_eq!(t.successful_attack.factor, 1.50);
    assert!(t.outmaneuvered.source.starts_with("[card]"));
    for kind in [AttackType::Fire, AttackType::Melee] {
        let om = assess(&g, &["f"], "0202", Some(kind), &[("outmaneuvered", "yes")]);
        assert_eq!(om.att[0].product, r(50, 100), "{kind}");
        assert_eq!(factor(&om, "outmaneuvered"), r(1, 2));
        let sa = assess(
            &g,
            &["f"],
            "0202",
            Some(kind),
            &[("successful_attack", "yes")],
        );
        assert_eq!(sa.att[0].product, r(150, 100), "{kind}");
        let both = assess(
            &g,
            &["f"],
            "0202",
            Some(kind),
            &[("outmaneuvered", "yes"), ("successful_attack", "yes")],
        );
        assert_eq!(both.att[0].product, r(75, 100), "{kind}");
        let no = assess(
            &g,
            &["f"],
            "0202",
            Some(kind),
            &[("outmaneuvered", "no"), ("successful_attack", "no")],
        );
        assert_eq!(no.att[0].product, R::from_integer(1), "{kind}");
        // The melee defender is not the firing unit: unaffected.
        if kind == AttackType::Melee {
            assert_eq!(both.def[0].product, R::from_integer(1));
            assert_eq!(om.def[0].product, R::from_integer(1));
        }
    }
    assert!(matches!(
        assess_err(&g, &["f"], "0202", None, &[("outmaneuvered", "maybe")]),
        AttackError::BadOption(_)
    ));
    // Inside the clamp: mounted melee 2.00 x flanker 1.50 x outmaneuvered 0.50 = 1.50, not the
    // clamped 2.0 halved (1.0).
    let g = board('c', 'c')
        .unit_with("cav", 'C', "0203", 1000, |u| {
            u.kind = UnitKind::Cavalry;
            u.mode = Some(Mode::Mounted);
        })
        .unit("t", 'U', "0202", 1000)
        .game();
    let melee = Some(AttackType::Melee);
    let a = assess(
        &g,
        &["cav"],
        "0202",
        melee,
        &[("flanked", "target"), ("outmaneuvered", "yes")],
    );
    assert_eq!(
        a.att[0].clamped(t, R::from_integer(1)),
        (r(150, 100), false)
    );
    assert_eq!(
        a.att[0].strength(t, R::from_integer(1)),
        R::from_integer(1500)
    );
    // Successful attack pushes mounted melee 2.00 x 1.50 = 3.00 to the 2.0 maximum.
    let a = assess(&g, &["cav"], "0202", melee, &[("successful_attack", "yes")]);
    assert_eq!(a.att[0].product, R::from_integer(3));
    assert_eq!(
        a.att[0].clamped(t, R::from_integer(1)),
        (R::from_integer(2), true)
    );
    // Column 0.30 x heavy woods 0.40 x successful 1.50 = 0.18: still under the 0.2 minimum;
    // outmaneuvered 0.06: the minimum too.
    let g = board('c', 'h')
        .unit_with("col", 'C', "0203", 1000, |u| u.mode = Some(Mode::Column))
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["col"], "0202", None, &[("successful_attack", "yes")]);
    assert_eq!(a.att[0].product, r(18, 100));
    assert_eq!(a.att[0].clamped(t, R::from_integer(1)), (r(2, 10), true));
    // With the random 1.2 inside the clamp: 0.18 x 1.2 = 0.216, above the minimum.
    assert_eq!(a.att[0].clamped(t, fac(1.2)), (r(216, 1000), false));
    let a = assess(&g, &["col"], "0202", None, &[("outmaneuvered", "yes")]);
    assert_eq!(a.att[0].product, r(6, 100));
    assert_eq!(a.att[0].clamped(t, fac(1.2)), (r(2, 10), true));
}

// "Firing unit is routed 0.50" (condition) and "Routed 0.50**" (mode): a routed unit keeps its
// own mode's factor (column 0.30); a unit routed in mode Routed gets 0.5 once.
#[test]
fn routed_status_keeps_the_mode_factor_and_reads_the_condition_row() {
    let g = board('c', 'c')
        .unit_with("rcol", 'C', "0203", 1000, |u| {
            u.mode = Some(Mode::Column);
            u.status = Some(Status::Routed);
        })
        .unit_with("rr", 'C', "0203", 1000, |u| {
            u.mode = Some(Mode::Routed);
            u.status = Some(Status::Routed);
        })
        .unit_with("mr", 'C', "0203", 1000, |u| u.mode = Some(Mode::Routed))
        .unit("t", 'U', "0202", 500)
        .game();
    let fdf = [("phase", "final-defensive")];
    // Target 500 men: density 0.90; the three firers fire alone (1000 men each: 1.00).
    let dens = r(90, 100);
    let a = assess(&g, &["rcol"], "0202", None, &fdf);
    assert_eq!(factor(&a, "routed"), r(1, 2));
    assert_eq!(factor(&a, "mode column"), r(30, 100));
    assert_eq!(a.att[0].product, r(15, 100) * dens);
    // Melee column: 0.50 x 0.30, defending only (footnote ****, read as attached to the
    // Routed melee value: docs/rulesets/shiloh.md).
    let e = assess_err(&g, &["rcol"], "0202", Some(AttackType::Melee), &[]);
    assert!(e.to_string().contains("may only defend in melee"), "{e}");
    let a = assess(&g, &["t"], "0203", Some(AttackType::Melee), &[]);
    let rcol = g.unit_by_id("rcol").unwrap();
    let d = a.def.iter().find(|d| d.unit == rcol).unwrap();
    assert_eq!(d.product, r(15, 100));
    for id in ["rr", "mr"] {
        let a = assess(&g, &[id], "0202", None, &fdf);
        assert_eq!(a.att[0].product, r(1, 2) * dens, "{id}");
        let halves = a.att[0]
            .factors
            .iter()
            .filter(|f| f.value == r(1, 2))
            .count();
        assert_eq!(halves, 1, "{id}: {:?}", a.att[0].factors);
    }
    // The condition row is read from the tables (a file with 0.40 changes it); the mode row is
    // what a unit in mode Routed gets.
    let mut t = rules().tables;
    t.routed.fire = 0.40;
    let rules2 = Shiloh::new(t);
    let req = with_opts(request(&g, &["rcol"], "0202", None), &fdf);
    let a = Assessment::new(&rules2, &g, &req).unwrap();
    assert_eq!(a.att[0].product, r(12, 100) * dens);
    let req = with_opts(request(&g, &["rr"], "0202", None), &fdf);
    let a = Assessment::new(&rules2, &g, &req).unwrap();
    assert_eq!(a.att[0].product, r(1, 2) * dens);
}

// "If over 1000 men are firing from the square": only the firing units' men count.
#[test]
fn firer_density_counts_the_firing_units_only() {
    let g = board('c', 'c')
        .unit("a", 'C', "0203", 1200)
        .unit("b", 'C', "0203", 800)
        .unit_with("art", 'C', "0203", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Unlimbered);
        })
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["a"], "0202", None, &[]);
    assert_eq!(factor(&a, "firer's square density"), r(96, 100));
    let ab = assess(&g, &["a", "b"], "0202", None, &[]);
    assert_eq!(factor(&ab, "firer's square density"), r(80, 100));
    // Artillery firing with them neither gets the modifier nor counts.
    let all = assess(&g, &["a", "b", "art"], "0202", None, &[]);
    assert_eq!(factor(&all, "firer's square density"), r(80, 100));
    assert!(
        !all.att[2]
            .factors
            .iter()
            .any(|f| f.name.contains("square density"))
    );
    // Melee attacker: 1% per 100 men over 1000.
    let m = assess(&g, &["a", "b"], "0202", Some(AttackType::Melee), &[]);
    assert_eq!(factor(&m, "firer's square density"), r(90, 100));
}

// Readings that are not on the card are labelled as project defaults.
#[test]
fn readings_are_labelled_project_defaults() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit_with("art", 'C', "0203", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Unlimbered);
        })
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["f", "art"], "0202", None, &[]);
    assert!(rule_of(&a, 0, "leader bonus").contains("[project default: not on the card]"));
    let art = a.att[1]
        .factors
        .iter()
        .find(|f| f.name.contains("artillerymen"))
        .unwrap();
    assert!(
        art.rule
            .contains("at most 1 [project default: not on the card")
    );
    // No rule text repeats itself (the flank footnote source once).
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    let fire = assess(&g, &["f"], "0202", None, &[("flanked", "firer")]);
    let melee = assess(
        &g,
        &["f"],
        "0202",
        Some(AttackType::Melee),
        &[("flanked", "target")],
    );
    for f in fire.att[0].factors.iter().chain(&melee.def[0].factors) {
        assert!(f.rule.matches("example 2").count() <= 1, "{}", f.rule);
        assert!(f.rule.matches("footnote").count() <= 1, "{}", f.rule);
    }
}

// Fortification: "The firing unit is penalized by 10% per level that the target is fortified."
// The melee attacker is penalised by the defender's fortification; the melee defender gets no
// fortification factor (its "target" is the attacking stack: [project default]).
#[test]
fn fortification_not_applied_to_the_melee_defender() {
    let g = board('c', 'c')
        .unit_with("f", 'C', "0203", 1000, |u| u.fortification = Some(3))
        .unit_with("t", 'U', "0202", 1000, |u| u.fortification = Some(2))
        .game();
    let m = assess(&g, &["f"], "0202", Some(AttackType::Melee), &[]);
    assert_eq!(factor(&m, "target fortified 2"), r(80, 100));
    assert!(
        !m.def[0]
            .factors
            .iter()
            .any(|f| f.name.contains("fortified")),
        "{:?}",
        m.def[0].factors
    );
    assert_eq!(m.def[0].product, R::from_integer(1));
    let f = assess(&g, &["f"], "0202", None, &[]);
    assert_eq!(f.att[0].product, r(80, 100));
}

// Example 2: "the flanked unit ... would melee with a 0.5 modifier"; footnote ***: "The flanker
// has a modifier of 1.50": flanked=attacker in melee.
#[test]
fn example_2_flanked_attacker_melees_at_half() {
    let g = board('c', 'c')
        .unit("f", 'C', "0203", 1000)
        .unit("t", 'U', "0202", 1000)
        .game();
    let m = assess(
        &g,
        &["f"],
        "0202",
        Some(AttackType::Melee),
        &[("flanked", "attacker")],
    );
    assert_eq!(m.att[0].product, r(50, 100));
    assert_eq!(factor(&m, "flanked unit in melee"), r(1, 2));
    assert_eq!(m.def[0].product, r(150, 100));
    let flanker = m.def[0]
        .factors
        .iter()
        .find(|f| f.name.contains("flanker in melee"))
        .unwrap();
    assert_eq!(flanker.value, r(150, 100));
    assert!(flanker.rule.contains("[project default: not on the card"));
    // Fire has no `attacker` value (the flanked firer is `firer`).
    assert!(matches!(
        assess_err(&g, &["f"], "0202", None, &[("flanked", "attacker")]),
        AttackError::BadOption(_)
    ));
}

// The random modifier's die factors must lie in the card's range (card_min .. card_max).
#[test]
fn random_by_die_outside_the_card_range_is_a_tables_problem() {
    let dir = std::env::temp_dir().join(format!("musket-shiloh-rnd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("shiloh.ron");
    let default = "by_die: [1.00, 1.04, 1.08, 1.12, 1.16, 1.20]";
    assert!(musket::rules::shiloh::DEFAULT_TABLES.contains(default));
    for (bad, field, value) in [
        (
            "by_die: [1.00, 1.04, 1.08, 1.12, 1.16, 1.25]",
            "random.by_die[5]",
            "1.25",
        ),
        (
            "by_die: [0.95, 1.04, 1.08, 1.12, 1.16, 1.20]",
            "random.by_die[0]",
            "0.95",
        ),
    ] {
        let text = musket::rules::shiloh::DEFAULT_TABLES.replace(default, bad);
        std::fs::write(&p, text).unwrap();
        let e = musket::rules::shiloh::load(Some(&p))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(field) && e.contains(value) && e.contains("card_max"),
            "{e}"
        );
    }
    // card_min above card_max.
    let text = musket::rules::shiloh::DEFAULT_TABLES.replace("card_min: 1.00", "card_min: 1.30");
    std::fs::write(&p, text).unwrap();
    let e = musket::rules::shiloh::load(Some(&p))
        .unwrap_err()
        .to_string();
    assert!(e.contains("random.card_min"), "{e}");
}

// Footnote ****, "May only defend in Melee and with this modifier", is attached to no entry;
// the Routed and Limbered melee values carry ***, whose text is about the flanked defender.
// Read as ****: a routed or limbered unit may not attack in melee, and defends at x0.50.
#[test]
fn routed_and_limbered_units_only_defend_in_melee() {
    let g = board('c', 'c')
        .unit_with("lim", 'C', "0203", 96, |u| {
            u.kind = UnitKind::Artillery;
            u.guns = Some(6);
            u.mode = Some(Mode::Limbered);
        })
        .unit_with("rout", 'C', "0203", 1000, |u| u.mode = Some(Mode::Routed))
        .unit_with("st", 'C', "0203", 1000, |u| u.status = Some(Status::Routed))
        .unit("t", 'U', "0202", 1000)
        .game();
    for id in ["rout", "st"] {
        let e = assess_err(&g, &[id], "0202", Some(AttackType::Melee), &[]);
        assert!(
            e.to_string().contains("may only defend in melee") && e.to_string().contains(id),
            "{id}: {e}"
        );
    }
    // Limbered artillery is refused too (the operations table already prices its melee
    // attack P).
    let e = assess_err(&g, &["lim"], "0202", Some(AttackType::Melee), &[]);
    assert!(e.to_string().contains("lim"), "{e}");
    // Defending, each has the 0.50 of its row, once.
    let a = assess(&g, &["t"], "0203", Some(AttackType::Melee), &[]);
    for id in ["lim", "rout", "st"] {
        let u = g.unit_by_id(id).unwrap();
        let d = a.def.iter().find(|d| d.unit == u).unwrap();
        let halves = d.factors.iter().filter(|f| f.value == r(1, 2)).count();
        assert_eq!(halves, 1, "{id}: {:?}", d.factors);
    }
    // A unit in another mode attacks (column x0.30).
    let g = board('c', 'c')
        .unit_with("col", 'C', "0203", 1000, |u| u.mode = Some(Mode::Column))
        .unit("t", 'U', "0202", 1000)
        .game();
    let a = assess(&g, &["col"], "0202", Some(AttackType::Melee), &[]);
    assert_eq!(factor(&a, "mode column"), r(30, 100));
}
