//! GCACW 7.2 Combat Values, 7.3 Artillery Values and 7.4 Combat Die Roll Modifiers (ratio and
//! artillery), from `seeds/gcacw-7.2-7.4-combat-values-and-artillery.txt`, with the readings of
//! `gcacw-tables.md`.

use crate::common;

use common::*;
use musket::rules::attack::{AttackError, AttackType};
use musket::rules::cv::Cv;
use musket::rules::gcacw::data::ArtCell;

/// Defender "def" (Confederate) in 0303, attackers (Union) north of it in 0302.
fn base(att_cv: u32, def_cv: u32) -> B {
    ring()
        .unit("def", 'C', "0303", def_cv)
        .unit("att", 'U', "0302", att_cv)
}

// 7.2: "If a unit's Strength marker is organized, its Combat value is simply the number shown."
#[test]
fn rule_7_2_organized_cv_is_the_number_shown() {
    let a = assess(&base(8, 4).game(), &["att"], "0303", None);
    assert_eq!(a.attacker_cv, Cv::whole(8));
    assert_eq!(a.defender_cv, Cv::whole(4));
}

// 7.2: "If a unit's Strength marker is disorganized, its Combat value is the unparenthesized
// number (not the parenthesized number, which is its Manpower value)."
#[test]
fn rule_7_2_disorganized_cv_is_the_unparenthesized_number() {
    let g = ring()
        .disorganized("def", 'C', "0303", 1.5, 4)
        .unit("att", 'U', "0302", 6)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.defender_cv, Cv::from_halves(3));
    assert_eq!(a.defender_manpower, 4);
    // 6 : 1 1/2 = 4:1 -> +3.
    assert_eq!((a.ratio, a.ratio_modifier), ((4, 1), 3));
}

// 7.2: "A unit ... may have a Combat Value of 1/2. If so, this fraction is retained in combat
// -- it is not rounded up or down." gcacw-tables.md §2: 1/2 vs 4 -> 1:8 (-7).
#[test]
fn rule_7_2_half_cv_is_retained_ratio_1_to_8() {
    let g = ring()
        .unit("def", 'C', "0303", 4)
        .disorganized("att", 'U', "0302", 0.5, 1)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.attacker_cv, Cv::from_halves(1));
    assert_eq!((a.ratio, a.ratio_modifier), ((1, 8), -7));
}

// 7.2: "A unit's Fatigue Level has no effect on its Combat value."
#[test]
fn rule_7_2_fatigue_has_no_effect_on_cv() {
    let fresh = odds(&base(8, 4).game(), &["att"], "0303", None);
    let tired = ring()
        .unit_with("def", 'C', "0303", 4, |u| u.fatigue = 4)
        .unit_with("att", 'U', "0302", 8, |u| u.fatigue = 4)
        .game();
    let a = assess(&tired, &["att"], "0303", None);
    assert_eq!((a.attacker_cv, a.defender_cv), (Cv::whole(8), Cv::whole(4)));
    assert_eq!(
        odds(&tired, &["att"], "0303", None).differential,
        fresh.differential
    );
}

// 7.2: "To determine the Combat value of an attacking unit in a march action, simply use that
// unit's Combat Value alone (no other units may join the attack)."
#[test]
fn rule_7_2_march_attack_uses_one_units_cv_alone() {
    let g = base(8, 4).unit("other", 'U', "0302", 5).game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.kind, AttackType::March);
    assert_eq!(a.attacker_cv, Cv::whole(8));
    let err = g
        .rules
        .odds(
            &g,
            &request(&g, &["att", "other"], "0303", Some(AttackType::March)),
        )
        .unwrap_err();
    assert_eq!(err, AttackError::MarchWithSeveral(2));
}

// 7.2: "To determine the final Combat value in an assault, combine the Combat values of all
// units participating in that assault" (default type for several units in one hex: assault).
#[test]
fn rule_7_2_assault_combines_participating_units() {
    let g = base(8, 4).unit("other", 'U', "0302", 5).game();
    let a = assess(&g, &["att", "other"], "0303", None);
    assert_eq!(a.kind, AttackType::Assault);
    assert_eq!(a.attacker_cv, Cv::whole(13));
    assert_eq!((a.ratio, a.ratio_modifier), ((3, 1), 2));
}

// 7.2: "... and add in the Combat values of those units joining in a grand assault (if any)."
#[test]
fn rule_7_2_grand_assault_adds_joining_units() {
    let g = base(8, 4).unit("join", 'U', "0402", 3).game();
    let a = assess(&g, &["att", "join"], "0303", Some(AttackType::Grand));
    assert_eq!(a.attacker_cv, Cv::whole(11));
    // Attackers in two hexes without `grand` are refused (scenario.md contract).
    let err = g
        .rules
        .odds(&g, &request(&g, &["att", "join"], "0303", None))
        .unwrap_err();
    assert_eq!(err, AttackError::SeveralHexes(2));
}

// 7.2: "To determine the final Combat value of defending units, combine the Combat values of
// all units in the defending hex." ("Players cannot withhold any part...")
#[test]
fn rule_7_2_defender_combines_every_unit_in_the_hex() {
    let g = base(8, 4)
        .unit("def2", 'C', "0303", 3)
        .leader("lee", 'C', "0303", 2)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.defender_cv, Cv::whole(7));
    assert_eq!(a.defenders.len(), 2);
}

// 7.2 Maximum values: "The maximum combined Combat value of defending units is 60."
#[test]
fn rule_7_2_defender_maximum_is_60() {
    let g = base(10, 40).unit("def2", 'C', "0303", 30).game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(
        (a.defender_cv_sum, a.defender_cv),
        (Cv::whole(70), Cv::whole(60))
    );
}

// 7.2: "If at least one-half of the infantry units defending in a hex are entrenched, the
// maximum Combat value is 100" (reading 4: by count).
#[test]
fn rule_7_2_defender_maximum_100_when_half_the_infantry_is_entrenched() {
    let g = ring()
        .unit_with("d1", 'C', "0303", 60, |u| u.entrenched = true)
        .unit("d2", 'C', "0303", 60)
        .unit("att", 'U', "0302", 10)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.defender_cap, 100);
    assert_eq!(a.defender_cv, Cv::whole(100));
    // One of three is less than half: 60.
    let g = ring()
        .unit_with("d1", 'C', "0303", 40, |u| u.entrenched = true)
        .unit("d2", 'C', "0303", 40)
        .unit("d3", 'C', "0303", 40)
        .unit("att", 'U', "0302", 10)
        .game();
    assert_eq!(
        assess(&g, &["att"], "0303", None).defender_cv,
        Cv::whole(60)
    );
}

// 7.2: "if all of the infantry units defending in a hex are entrenched, the maximum Combat
// value is 130." Only infantry counts (reading 4).
#[test]
fn rule_7_2_defender_maximum_130_when_all_infantry_is_entrenched() {
    let g = ring()
        .unit_with("d1", 'C', "0303", 70, |u| u.entrenched = true)
        .unit_with("d2", 'C', "0303", 70, |u| u.entrenched = true)
        .unit_with("cav", 'C', "0303", 5, |u| {
            u.kind = musket::rules::unit::UnitKind::Cavalry
        })
        .unit("att", 'U', "0302", 10)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!((a.defender_cap, a.defender_cv), (130, Cv::whole(130)));
    // The CRT column ignores entrenchment (reading 4: min(sum, 60)): column 50+.
    assert_eq!(a.defender_crt_cv, Cv::whole(60));
    assert_eq!(a.defender_column, 7);
    // A hex with no infantry keeps 60 even if entrenched.
    let g = ring()
        .unit_with("cav", 'C', "0303", 70, |u| {
            u.kind = musket::rules::unit::UnitKind::Cavalry;
            u.entrenched = true
        })
        .unit("att", 'U', "0302", 10)
        .game();
    assert_eq!(
        assess(&g, &["att"], "0303", None).defender_cv,
        Cv::whole(60)
    );
}

// 7.2: "The maximum combined Combat value of attacking units is 70."
#[test]
fn rule_7_2_attacker_maximum_is_70() {
    let g = base(40, 10).unit("att2", 'U', "0302", 40).game();
    let a = assess(&g, &["att", "att2"], "0303", None);
    assert_eq!(
        (a.attacker_cv_sum, a.attacker_cv),
        (Cv::whole(80), Cv::whole(70))
    );
    // CRT column 70+.
    assert_eq!(a.attacker_column, 9);
}

// 7.2: "In a grand assault, the total Combat value of attacking units may exceed 70 as long as
// each hex containing attacking units does not exceed 70."
#[test]
fn rule_7_2_grand_assault_may_exceed_70_but_each_hex_is_capped() {
    let g = base(40, 20)
        .unit("att2", 'U', "0302", 40)
        .unit("join", 'U', "0402", 30)
        .game();
    let a = assess(
        &g,
        &["att", "att2", "join"],
        "0303",
        Some(AttackType::Grand),
    );
    assert_eq!(a.attacker_cv, Cv::whole(100));
    // Grand with every attacker in one hex is an assault capped per hex (scenario.md).
    let a = assess(&g, &["att", "att2"], "0303", Some(AttackType::Grand));
    assert_eq!(a.attacker_cv, Cv::whole(70));
}

// 7.3: "A unit's Fatigue Level or Strength marker (organized or disorganized) has no effect on
// its Artillery value."
#[test]
fn rule_7_3_artillery_value_ignores_fatigue_and_disorganization() {
    let g = ring()
        .unit_with("def", 'C', "0303", 4, |u| u.artillery = 1)
        .unit_with("att", 'U', "0302", 0, |u| {
            u.strength = Some(musket::rules::scenario::StrengthFile::Disorganized {
                cv: 1.0,
                manpower: 3.0,
            });
            u.fatigue = 3;
            u.artillery = 4;
        })
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(
        (
            a.artillery.attacker,
            a.artillery.defender,
            a.artillery.differential
        ),
        (4, 1, 3)
    );
}

// 7.4 Ratio modifier: "round this ratio down in favor of the defender to conform to one of the
// simplified ratios listed on the Ratio Chart." Examples from gcacw-tables.md §2 and the replays.
#[test]
fn rule_7_4_ratio_rounds_down_in_the_defenders_favour() {
    for (att, def, ratio, modifier) in [
        (5, 2, (2, 1), 1),
        (2, 5, (1, 3), -2),
        (7, 2, (3, 1), 2), // replay: 7:2 reads 3:1
        (6, 1, (6, 1), 5), // replay: 6:1 is +5
        (9, 4, (2, 1), 1),
        (4, 4, (1, 1), 0),
        (3, 4, (1, 2), -1),
        (1, 3, (1, 3), -2),
        (12, 1, (12, 1), 11),
    ] {
        let a = assess(&base(att, def).game(), &["att"], "0303", None);
        assert_eq!(
            (a.ratio, a.ratio_modifier),
            (ratio, modifier),
            "{att} vs {def}"
        );
    }
}

// 7.4: "A modifier from -12 to +13 is listed next to each ratio."
#[test]
fn rule_7_4_ratio_modifier_runs_from_minus_12_to_plus_13() {
    let worst = assess(&base(1, 60).game(), &["att"], "0303", None);
    assert_eq!((worst.ratio, worst.ratio_modifier), ((1, 13), -12));
    let best = assess(&base(70, 1).game(), &["att"], "0303", None);
    assert_eq!((best.ratio, best.ratio_modifier), ((14, 1), 13));
    let edge = assess(&base(1, 13).game(), &["att"], "0303", None);
    assert_eq!(edge.ratio_modifier, -12);
    let edge = assess(&base(14, 1).game(), &["att"], "0303", None);
    assert_eq!(edge.ratio_modifier, 13);
}

/// The artillery modifier for a defender in terrain `t` with attacker / defender artillery.
fn art(t: char, att: i64, def: i64, rain: bool) -> (i32, i32, bool, ArtCell) {
    let mut b = ring()
        .terrain("0303", t)
        .unit_with("def", 'C', "0303", 4, |u| u.artillery = def)
        .unit_with("att", 'U', "0302", 8, |u| u.artillery = att);
    if rain {
        b = b.rain();
    }
    let a = assess(&b.game(), &["att"], "0303", None);
    (
        a.artillery.even,
        a.artillery.odd,
        a.artillery.die,
        a.artillery.cell,
    )
}

// 7.4 Artillery Modifier Summary, Clear row: -3 | -2 | NE | +1 | +2 (dagger: even +2, odd +1).
#[test]
fn rule_7_4_artillery_clear_row() {
    assert_eq!(art('c', 0, 4, false).0, -3);
    assert_eq!(art('c', 2, 5, false).0, -2);
    assert_eq!(art('c', 2, 0, false), (0, 0, false, ArtCell::NE));
    assert_eq!(art('c', 5, 0, false), (1, 1, false, ArtCell::Fixed(1)));
    assert_eq!(art('c', 7, 0, false), (1, 1, false, ArtCell::Fixed(1)));
    // "roll a die. If roll is even, +2 modifier is used; if roll is odd, +1" [seed], on Clear +8 [recon].
    assert_eq!(art('c', 8, 0, false), (2, 1, true, ArtCell::Dagger(2, 1)));
}

// Rolling row: -2 | -1 | NE | +1 * | +1.
#[test]
fn rule_7_4_artillery_rolling_row() {
    assert_eq!(art('l', 0, 4, false).0, -2);
    assert_eq!(art('l', 0, 3, false).0, -1);
    assert_eq!(art('l', 3, 1, false).0, 0);
    // "*": "If roll is even, indicated modifier is used; if roll is odd, no modifier is used."
    assert_eq!(art('l', 6, 1, false), (1, 0, true, ArtCell::Star(1)));
    assert_eq!(art('l', 9, 0, false), (1, 1, false, ArtCell::Fixed(1)));
}

// Rough row: -1 | -1 * | NE | NE | +1 *.
#[test]
fn rule_7_4_artillery_rough_row() {
    assert_eq!(art('r', 0, 5, false).0, -1);
    assert_eq!(art('r', 1, 1, false), (-1, 0, true, ArtCell::Star(-1)));
    assert_eq!(art('r', 4, 0, false).0, 0);
    assert_eq!(art('r', 7, 0, false).0, 0);
    assert_eq!(art('r', 8, 0, false), (1, 0, true, ArtCell::Star(1)));
}

// Woods/City and Swamp/Mountain rows: NE in every column.
#[test]
fn rule_7_4_artillery_woods_city_swamp_mountain_are_ne() {
    for t in ['w', 't', 's', 'm'] {
        for (a, d) in [(0, 6), (0, 2), (3, 0), (6, 0), (9, 0)] {
            assert_eq!(
                art(t, a, d, false),
                (0, 0, false, ArtCell::NE),
                "terrain {t} {a}-{d}"
            );
        }
    }
}

// "§ Also applies to provisional swamp hexes in rain turns." In dry turns the seed's mark was
// lost; the data ship Woods/City [recon].
#[test]
fn rule_7_4_artillery_provisional_swamp_row_depends_on_rain() {
    let row = |rain| {
        let mut b = ring()
            .terrain("0303", 'p')
            .unit_with("def", 'C', "0303", 4, |u| u.artillery = 1)
            .unit_with("att", 'U', "0302", 8, |u| u.artillery = 9);
        if rain {
            b = b.rain();
        }
        assess(&b.game(), &["att"], "0303", None).artillery.row
    };
    assert_eq!(row(true), "Swamp/Mountain");
    assert_eq!(row(false), "Woods/City");
}

// 7.4: "If neither the attacker nor the defender have Artillery values, no artillery modifier
// applies." (On Clear the -3..+1 column would otherwise give -2.)
#[test]
fn rule_7_4_no_artillery_on_either_side_no_modifier() {
    assert_eq!(art('c', 0, 0, false), (0, 0, false, ArtCell::NE));
}

// 7.4: "if the defender's Artillery value is 0, a negative artillery modifier is converted to
// 'no effect.'"
#[test]
fn rule_7_4_defender_without_artillery_turns_negative_into_ne() {
    let (even, odd, die, cell) = art('c', 1, 0, false);
    assert_eq!((even, odd, die, cell), (0, 0, false, ArtCell::Fixed(-2)));
    // A negative "*" cell needs no die once it is NE.
    assert_eq!(art('r', 1, 0, false), (0, 0, false, ArtCell::Star(-1)));
    // The same differential with defending artillery keeps the modifier.
    assert_eq!(art('c', 2, 1, false).0, -2);
}

// 7.4 "Just prior to combat, roll a die" and reading 10: the odds mix the even and odd cases
// half and half.
#[test]
fn rule_7_4_artillery_die_odds_mix_even_and_odd_cases() {
    let g = ring()
        .unit_with("def", 'C', "0303", 4, |u| u.artillery = 0)
        .unit_with("att", 'U', "0302", 4, |u| u.artillery = 8)
        .game();
    let o = odds(&g, &["att"], "0303", None);
    assert!(o.extra_die);
    // Ratio 0, no flank, tactical 0: attacker +2 (even) or +1 (odd).
    assert_eq!((o.attacker_drm.even(), o.attacker_drm.odd()), (2, 1));
    let tri = |k: i32| {
        if k.abs() <= 5 {
            (6 - k.abs()) as u64
        } else {
            0
        }
    };
    for x in -4..=7 {
        let want = p(tri(x - 2) + tri(x - 1), 72);
        let got = o.differential.get(&x).copied().unwrap_or(p(0, 1));
        assert_eq!(got, want, "x = {x}");
    }
}

// 7.4: "Several factors modify combat die rolls. Modifiers are cumulative."
#[test]
fn rule_7_4_modifiers_are_cumulative() {
    let g = ring()
        .terrain("0303", 'c')
        .unit_with("def", 'C', "0303", 4, |u| u.artillery = 1)
        .unit_with("att", 'U', "0302", 12, |u| {
            u.artillery = 6;
            u.tactical = 2
        })
        .unit("s", 'U', "0304", 4)
        .rain()
        .game();
    let a = assess(&g, &["att"], "0303", Some(AttackType::Assault));
    // Ratio 3:1 +2, artillery +5 on clear +1, flank six covered +4, tactical +2, assault +1,
    // rain -1.
    assert_eq!(
        (
            a.ratio_modifier,
            a.artillery.even,
            a.flank.final_bonus,
            a.tactical
        ),
        (2, 1, 4, 2)
    );
    assert_eq!(a.attacker_drm_even, 2 + 1 + 4 + 2 + 1 - 1);
}
