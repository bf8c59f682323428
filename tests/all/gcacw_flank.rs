//! GCACW flank attacks, every clause of `seeds/gcacw-flank-attacks.txt` (readings:
//! gcacw-tables.md §4 and §7.5–7.9).
//!
//! Positions: the defender is in 0303 (odd column), whose neighbours are N 0302, NE 0402,
//! SE 0403, S 0304, SW 0203, NW 0202.

use crate::common;

use common::*;
use musket::rules::attack::AttackType;
use musket::rules::gcacw::flank::{Clause, Flank, NeighbourFlank};
use musket::rules::map::{Feature, RouteKind};

fn flank_of(b: &B, attackers: &[&str], defender: &str) -> (musket::rules::game::Game, Flank) {
    let g = b.game();
    let kind = if attackers.len() > 1 {
        Some(AttackType::Grand)
    } else {
        None
    };
    let a = assess(&g, attackers, defender, kind);
    (g, a.flank)
}

fn nb<'a>(g: &musket::rules::game::Game, f: &'a Flank, label: &str) -> &'a NeighbourFlank {
    f.neighbours
        .iter()
        .find(|n| g.label(n.hex) == label)
        .unwrap()
}

/// The attacker in 0302 covers 0302 (1a), 0402 and 0202 (1b).
fn base() -> B {
    ring()
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 4)
}

/// Six covered hexes and no reductions: a second Union unit in 0304 covers 0304, 0403, 0203.
fn six() -> B {
    base().unit("s", 'U', "0304", 4)
}

fn covered(g: &musket::rules::game::Game, f: &Flank) -> Vec<String> {
    labels(g, &f.covered)
}

// Step 1a: "It is occupied by an undemoralized unit friendly to the attacker (including the
// attacking unit itself)" - active or not, attacking or not (reading 5).
#[test]
fn flank_1a_hex_occupied_by_attacker_side_unit_is_covered() {
    let (g, f) = flank_of(&six(), &["att"], "0303");
    assert!(
        nb(&g, &f, "0304")
            .cover
            .contains(&Clause::OccupiedByAttacker)
    );
    assert!(
        nb(&g, &f, "0302")
            .cover
            .contains(&Clause::OccupiedByAttacker)
    );
    assert_eq!(
        covered(&g, &f),
        ["0202", "0203", "0302", "0304", "0402", "0403"]
    );
}

// 1a/1b: an undemoralized unit only; a demoralized one neither occupies for 1a nor exerts ZOC.
#[test]
fn flank_1a_demoralized_unit_does_not_cover() {
    let b = base().unit_with("s", 'U', "0304", 4, |u| u.demoralized = 1);
    let (g, f) = flank_of(&b, &["att"], "0303");
    assert_eq!(covered(&g, &f), ["0202", "0302", "0402"]);
}

// Reading 3: leaders never cover or occupy a hex for the flank rules.
#[test]
fn flank_1a_leader_does_not_cover() {
    let (g, f) = flank_of(&base().leader("reno", 'U', "0304", 2), &["att"], "0303");
    assert_eq!(covered(&g, &f), ["0202", "0302", "0402"]);
}

// "surrounded by active and inactive enemy units or their ZOC": inactive units cover.
#[test]
fn flank_1b_inactive_unit_still_covers() {
    let b = base().unit_with("s", 'U', "0304", 4, |u| u.active = false);
    let (g, f) = flank_of(&b, &["att"], "0303");
    assert_eq!(f.covered.len(), 6);
    assert_eq!(covered(&g, &f)[1], "0203");
}

// 1b "(including 'restricted' ZOC)" and 3b "unoccupied and ... separated from all adjacent units
// friendly to the attacker ... by woods hexsides untraversed by a road, pike, trail or RR".
#[test]
fn flank_1b_restricted_zoc_covers_and_3b_reduces() {
    let b = base()
        .unit("w", 'U', "0305", 4)
        .hexside("0304", Dir::S, &[Feature::Woods]);
    let (g, f) = flank_of(&b, &["att"], "0303");
    let n = nb(&g, &f, "0304");
    assert_eq!(n.cover, [Clause::AttackerZoc]);
    assert!(n.restricted_only);
    assert_eq!(n.reduce, [Clause::Woods]);
    assert_eq!(labels(&g, &f.reductions), ["0304"]);
    // A trail across the woods hexside makes the ZOC normal and ends 3b.
    let b = b.route(RouteKind::Trail, &["0304", "0305"]);
    let (g, f) = flank_of(&b, &["att"], "0303");
    let n = nb(&g, &f, "0304");
    assert!(!n.restricted_only && n.covered());
    assert!(n.reduce.is_empty());
}

// 1c / 3c: "a swamp or mountain hex, unconnected to the defender's hex by a road, pike, trail,
// or RR".
#[test]
fn flank_1c_swamp_or_mountain_without_route_is_covered_and_3c_reduces() {
    for t in ['s', 'm'] {
        let (g, f) = flank_of(&base().terrain("0304", t), &["att"], "0303");
        let n = nb(&g, &f, "0304");
        assert_eq!(n.cover, [Clause::SwampMountain], "{t}");
        assert!(n.reduce.contains(&Clause::SwampMountain));
        for kind in [
            RouteKind::Road,
            RouteKind::Pike,
            RouteKind::Trail,
            RouteKind::Railroad,
        ] {
            let b = base().terrain("0304", t).route(kind, &["0303", "0304"]);
            let (g, f) = flank_of(&b, &["att"], "0303");
            assert!(!nb(&g, &f, "0304").covered(), "{t} {kind:?}");
        }
    }
}

// 1c: "(including provisional swamps in a rain turn)"; reading 2: in dry turns `p` is none of
// these.
#[test]
fn flank_1c_provisional_swamp_counts_in_rain_only() {
    let (g, f) = flank_of(&base().terrain("0304", 'p'), &["att"], "0303");
    assert!(!nb(&g, &f, "0304").covered());
    let (g, f) = flank_of(&base().terrain("0304", 'p').rain(), &["att"], "0303");
    assert_eq!(nb(&g, &f, "0304").cover, [Clause::SwampMountain]);
}

// 1d / 3d: "separated from the defender's hex by a major or minor river hexside which does not
// contain a bridge, dam, ferry, or ford."
#[test]
fn flank_1d_river_without_crossing_is_covered_and_3d_reduces() {
    for river in [Feature::MajorRiver, Feature::MinorRiver] {
        let (g, f) = flank_of(&base().hexside("0303", Dir::S, &[river]), &["att"], "0303");
        let n = nb(&g, &f, "0304");
        assert_eq!(n.cover, [Clause::River]);
        assert!(n.reduce.contains(&Clause::River));
        for crossing in [Feature::Bridge, Feature::Dam, Feature::Ferry, Feature::Ford] {
            let b = base().hexside("0303", Dir::S, &[river, crossing]);
            let (g, f) = flank_of(&b, &["att"], "0303");
            assert!(!nb(&g, &f, "0304").covered(), "{river:?} {crossing:?}");
        }
    }
    // Reading 7: a river without a crossing covers whatever routes cross it.
    let b = base()
        .hexside("0304", Dir::N, &[Feature::MinorRiver])
        .route(RouteKind::Road, &["0303", "0304"]);
    let (g, f) = flank_of(&b, &["att"], "0303");
    assert_eq!(nb(&g, &f, "0304").cover, [Clause::River]);
}

// 1d exception: "In a rain turn, a hex is covered if it is separated from the defender by a ford
// hexside"; 3d the same.
#[test]
fn flank_1d_rain_ford_hexside_is_covered() {
    let b = base().hexside("0303", Dir::S, &[Feature::MinorRiver, Feature::Ford]);
    let (g, f) = flank_of(&b, &["att"], "0303");
    assert!(!nb(&g, &f, "0304").covered());
    let (g, f) = flank_of(&b.rain(), &["att"], "0303");
    let n = nb(&g, &f, "0304");
    assert_eq!(n.cover, [Clause::River]);
    assert!(n.reduce.contains(&Clause::River));
}

// 1d exception: "... or a creek hexside untraversed by a road, pike, or RR" (no trail), and 3d:
// "a creek hexside untraversed by a road, pike, trail, or RR" (reading 7).
#[test]
fn flank_1d_rain_creek_covers_unless_road_pike_rr_and_3d_spares_trails() {
    let creek = || base().hexside("0303", Dir::S, &[Feature::Creek]);
    let (g, f) = flank_of(&creek(), &["att"], "0303");
    assert!(!nb(&g, &f, "0304").covered(), "a dry creek covers nothing");
    let (g, f) = flank_of(&creek().rain(), &["att"], "0303");
    let n = nb(&g, &f, "0304");
    assert_eq!(n.cover, [Clause::River]);
    assert!(n.reduce.contains(&Clause::River));
    for kind in [RouteKind::Road, RouteKind::Pike, RouteKind::Railroad] {
        let (g, f) = flank_of(
            &creek().rain().route(kind, &["0303", "0304"]),
            &["att"],
            "0303",
        );
        assert!(!nb(&g, &f, "0304").covered(), "{kind:?}");
    }
    let (g, f) = flank_of(
        &creek().rain().route(RouteKind::Trail, &["0303", "0304"]),
        &["att"],
        "0303",
    );
    let n = nb(&g, &f, "0304");
    assert_eq!(n.cover, [Clause::River], "1d lists no trail");
    assert!(!n.reduce.contains(&Clause::River), "3d lists trail");
}

// 1e / 3e: "a hypothetical hex just off the map that would be adjacent to a mapedge hex
// occupied by the defender." Off-map hexes are named by the label they would have.
#[test]
fn flank_1e_off_map_hexes_are_covered_and_3e_reduces() {
    let b = map(6, 6)
        .unit("def", 'C', "0101", 4)
        .unit("att", 'U', "0201", 4);
    let (g, f) = flank_of(&b, &["att"], "0101");
    assert_eq!(
        covered(&g, &f),
        ["0000", "0001", "0100", "0102", "0200", "0201"]
    );
    assert_eq!(labels(&g, &f.reductions), ["0000", "0001", "0100", "0200"]);
    assert_eq!(nb(&g, &f, "0100").cover, [Clause::OffMap]);
    assert_eq!(nb(&g, &f, "0100").reduce, [Clause::OffMap]);
    // Six covered: basic +4; four reductions, at most three: final +1.
    assert_eq!((f.basic, f.reduction, f.final_bonus), (4, 3, 1));
}

// Step 1 note: "Each of the six hexes ... may be counted only once in this step even if it
// fulfills more than one definition of 'covered.'"
#[test]
fn flank_step1_each_hex_counted_once() {
    let b = base().hexside("0303", Dir::N, &[Feature::MinorRiver]);
    let (g, f) = flank_of(&b, &["att"], "0303");
    let n = nb(&g, &f, "0302");
    assert!(n.cover.contains(&Clause::OccupiedByAttacker) && n.cover.contains(&Clause::River));
    assert_eq!(f.covered.len(), 3);
}

// Step 2, basic bonus: six covered -> +4 [seed]; five -> +2 [recon]; 0-4 -> 0 [pub].
#[test]
fn flank_step2_basic_bonus_by_covered_count() {
    let (_, f) = flank_of(&six(), &["att"], "0303");
    assert_eq!((f.covered.len(), f.basic, f.final_bonus), (6, 4, 4));
    // A unit in 0404 covers 0403 and 0304 only: five covered.
    let (_, f) = flank_of(&base().unit("s", 'U', "0404", 4), &["att"], "0303");
    assert_eq!((f.covered.len(), f.basic, f.final_bonus), (5, 2, 2));
    let (_, f) = flank_of(
        &base().hexside("0303", Dir::SE, &[Feature::MinorRiver]),
        &["att"],
        "0303",
    );
    assert_eq!((f.covered.len(), f.basic, f.final_bonus), (4, 0, 0));
    let (_, f) = flank_of(&base(), &["att"], "0303");
    assert_eq!((f.covered.len(), f.basic), (3, 0));
}

// Step 3a: "It is occupied by an undemoralized unit friendly to the defender."
#[test]
fn flank_step3a_defender_side_unit_in_a_covered_hex_reduces() {
    let (g, f) = flank_of(&six().unit("c2", 'C', "0402", 2), &["att"], "0303");
    assert_eq!(nb(&g, &f, "0402").reduce, [Clause::OccupiedByDefender]);
    assert_eq!((f.basic, f.final_bonus), (4, 3));
    // A demoralized defender-side unit does not reduce.
    let (_, f) = flank_of(
        &six().unit_with("c2", 'C', "0402", 2, |u| u.demoralized = 2),
        &["att"],
        "0303",
    );
    assert_eq!(f.final_bonus, 4);
}

// Step 3: a condition met by an uncovered hex reduces nothing; "reductions" lists covered hexes.
#[test]
fn flank_step3_uncovered_hexes_do_not_reduce() {
    let (g, f) = flank_of(&base().unit("c2", 'C', "0304", 2), &["att"], "0303");
    assert!(!nb(&g, &f, "0304").covered());
    assert!(f.reductions.is_empty());
}

// Step 3 "Maximum Reduction: The maximum reduction that may be applied to the basic flank bonus
// in this step is -3 ... there will always be a final flank bonus of at least +1."
#[test]
fn flank_step3_max_reduction_is_3() {
    // Garland's example [pub]: six covered, two road-less mountain hexes and one Confederate
    // unit: basic +4, three reductions, final +1.
    let garland = six()
        .terrain("0403", 'm')
        .terrain("0203", 'm')
        .unit("c2", 'C', "0402", 2);
    let (g, f) = flank_of(&garland, &["att"], "0303");
    assert_eq!(labels(&g, &f.reductions), ["0203", "0402", "0403"]);
    assert_eq!((f.basic, f.reduction, f.final_bonus), (4, 3, 1));
    // "a further Confederate-occupied neighbour would not lower it further"
    let (g, f) = flank_of(&garland.unit("c3", 'C', "0202", 2), &["att"], "0303");
    assert_eq!(labels(&g, &f.reductions), ["0202", "0203", "0402", "0403"]);
    assert_eq!((f.basic, f.reduction, f.final_bonus), (4, 3, 1));
}

// Flank Bonus Conditions: attacker-side units occupying or exerting ZOC into a hex "with a
// combined Combat value less than one-fourth the defender's Combat value (including
// entrenchments)" do not make it covered under 1a or 1b. Exactly a quarter still covers.
#[test]
fn flank_condition_under_a_quarter_of_defender_cv_does_not_cover() {
    let b = |def: u32, small: u32| {
        ring()
            .unit("def", 'C', "0303", def)
            .unit("att", 'U', "0302", 9)
            .unit("small", 'U', "0404", small)
    };
    let (g, f) = flank_of(&b(9, 2), &["att"], "0303");
    let n = nb(&g, &f, "0403");
    assert!(!n.covered() && n.under_fraction, "2 < 9/4");
    let (g, f) = flank_of(&b(9, 3), &["att"], "0303");
    assert!(nb(&g, &f, "0403").covered(), "3 >= 9/4");
    let (g, f) = flank_of(&b(8, 2), &["att"], "0303");
    assert!(nb(&g, &f, "0403").covered(), "exactly a quarter covers");
    // It applies to the attacker's own hex too (reading 6).
    let g = ring()
        .unit("def", 'C', "0303", 8)
        .unit("att", 'U', "0302", 1)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert!(!nb(&g, &a.flank, "0302").covered());
    // The defender's CV is taken after entrenchment maxima: 1/2 vs 4 (scenario.md example).
    let g = ring()
        .unit("def", 'C', "0303", 4)
        .unit("att", 'U', "0302", 4)
        .disorganized("sc", 'U', "0202", 0.5, 2)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert!(nb(&g, &a.flank, "0203").under_fraction);
}

// Reading 6: one sum per hex, occupants and every unit exerting ZOC into it together.
#[test]
fn flank_condition_sums_occupants_and_zoc() {
    // Defender 12: 0403 is reached by two 2-CV units' ZOC (0404, 0503): 4 >= 3 covers.
    let g = ring()
        .unit("def", 'C', "0303", 12)
        .unit("att", 'U', "0302", 12)
        .unit("a2", 'U', "0404", 2)
        .unit("a3", 'U', "0503", 2)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    let n = nb(&g, &a.flank, "0403");
    assert!(n.covered());
    assert_eq!(n.attacker_cv, Some(musket::rules::cv::Cv::whole(4)));
}

// "Inactive demoralized units belonging to the attacker may not contribute in any way to the
// achievement of a flank attack bonus." (reading 9: they neither occupy nor count as adjacent
// units for 3b; active demoralized units do count there.)
#[test]
fn flank_inactive_demoralized_attacker_units_contribute_nothing() {
    let woods = || {
        base()
            .unit("w", 'U', "0305", 4)
            .hexside("0304", Dir::S, &[Feature::Woods])
    };
    let idle = |active: bool| {
        move |u: &mut musket::rules::scenario::UnitFile| {
            u.demoralized = 1;
            u.active = active;
        }
    };
    let (g, f) = flank_of(
        &woods().unit_with("idle", 'U', "0404", 4, idle(false)),
        &["att"],
        "0303",
    );
    assert_eq!(nb(&g, &f, "0304").reduce, [Clause::Woods]);
    let (g, f) = flank_of(
        &woods().unit_with("idle", 'U', "0404", 4, idle(true)),
        &["att"],
        "0303",
    );
    assert!(
        nb(&g, &f, "0304").reduce.is_empty(),
        "an active demoralized unit is adjacent"
    );
    let (g, f) = flank_of(
        &woods().unit_with("idle", 'U', "0304", 4, idle(false)),
        &["att"],
        "0303",
    );
    let n = nb(&g, &f, "0304");
    assert_eq!(
        n.cover,
        [Clause::AttackerZoc],
        "no 1a from a demoralized unit"
    );
    assert_eq!(n.reduce, [Clause::Woods], "still unoccupied");
}

// Restrictions: "A unit helping to provide a flank attack bonus which does not participate in
// the attack may not contribute its Tactical Value to a combat".
#[test]
fn flank_restriction_flanker_tactical_value_is_not_used() {
    let g = six()
        .unit_with("s2", 'U', "0304", 2, |u| u.tactical = 3)
        .leader("flank-leader", 'U', "0304", 4)
        .game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.tactical, 0);
}

// Restrictions: "... nor does it trigger terrain modifiers" - only attacking units' hexsides
// count for the crossing modifiers.
#[test]
fn flank_restriction_flanker_does_not_trigger_terrain_modifiers() {
    let b = six().hexside("0303", Dir::N, &[Feature::MinorRiver, Feature::Bridge]);
    let g = b.game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(
        a.defender_drm, 2,
        "the attacker crosses a bridge; the flanker does not matter"
    );
    let a = assess(&g, &["att", "s"], "0303", Some(AttackType::Grand));
    assert_eq!(
        a.defender_drm, 0,
        "not every attacking unit crosses the bridge"
    );
}

// Step 4: "The final flank bonus from Step 3 is applied to the attacker's combat die roll, in
// addition to other modifiers."
#[test]
fn flank_step4_final_bonus_is_added_to_the_attackers_roll() {
    let g = six().game();
    let a = assess(&g, &["att"], "0303", None);
    assert_eq!(a.flank.final_bonus, 4);
    assert_eq!(a.attacker_drm_even, a.ratio_modifier + a.tactical + 4);
    let o = odds(&g, &["att"], "0303", None);
    assert_eq!(o.attacker_drm.even(), 4);
    assert_eq!(*o.differential.keys().next().unwrap(), 4 - 5);
}

// "This bonus ... applies even if some of the enemy units surrounding a defender do not
// participate in the attack."
#[test]
fn flank_bonus_counts_non_participating_units() {
    let (_, f) = flank_of(&six(), &["att"], "0303");
    assert_eq!(f.final_bonus, 4);
    let (_, f) = flank_of(&six(), &["att", "s"], "0303");
    assert_eq!(f.final_bonus, 4);
}

// Step 3 note: "Each of the six hexes adjacent to the defender may be counted only once in this
// step even if it fulfills more than one of the above conditions."
#[test]
fn flank_step3_each_hex_reduces_once() {
    // 0304: a swamp (3c) across a minor river (3d) holding a Confederate unit (3a), in the
    // six-covered position: one reduction, final +3.
    let b = six()
        .unit("c2", 'C', "0404", 2)
        .terrain("0403", 's')
        .hexside("0303", Dir::SE, &[Feature::MinorRiver])
        .unit("c3", 'C', "0403", 2);
    let (g, f) = flank_of(&b, &["att"], "0303");
    let n = nb(&g, &f, "0403");
    assert!(n.reduce.len() >= 3, "{:?}", n.reduce);
    assert_eq!(labels(&g, &f.reductions), ["0403"]);
    assert_eq!((f.basic, f.reduction, f.final_bonus), (4, 1, 3));
}
