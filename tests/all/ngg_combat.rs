//! NGG 1812 combat (rule 11 with 3.3, 4.1-4.2, 10.1-10.5): each test cites its clause.
//!
//! Geometry used throughout: the defender in 0303 (odd column) has neighbours N 0302,
//! NE 0402, SE 0403, S 0304, SW 0203, NW 0202. An attacking stack in 0302 is adjacent to
//! 0202 and 0402, so the defender's withdrawal hexes are 0304 (straight away), 0403, 0203.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use common::*;
use musket::rules::attack::{AttackError, AttackRequest, AttackType, Choices, ModValue};
use musket::rules::dice::{DieRole, FixedDice};
use musket::rules::event::Event;
use musket::rules::game::Game;
use musket::rules::map::Feature;
use musket::rules::ngg::Ngg;
use musket::rules::ngg::assess::{Assessment, Res, Withdrawal};
use musket::rules::order::Command;
use musket::rules::scenario::UnitFile;
use musket::rules::session::Session;
use musket::rules::unit::{Class, Status, UnitKind};

fn ngg(cols: u32, rows: u32) -> B {
    let mut b = map(cols, rows).ruleset("ngg1812");
    b.file.sides = vec!["French".into(), "Russian".into()];
    b
}

fn side(s: char) -> String {
    if s == 'F' {
        "French".into()
    } else {
        "Russian".into()
    }
}

/// A Veteran combat unit of `kind` (CF 1, 3.3).
fn u(b: B, id: &str, s: char, hex: &str, kind: UnitKind) -> B {
    with(b, id, s, hex, kind, |_| {})
}

fn with(b: B, id: &str, s: char, hex: &str, kind: UnitKind, f: impl FnOnce(&mut UnitFile)) -> B {
    b.unit_with(id, 'U', hex, 1, |x| {
        x.side = side(s);
        x.kind = kind;
        x.class = Some(Class::Veteran);
        f(x)
    })
}

fn disrupted(b: B, id: &str, s: char, hex: &str, kind: UnitKind) -> B {
    with(b, id, s, hex, kind, |x| x.status = Some(Status::Disrupted))
}

fn ldr(b: B, id: &str, s: char, hex: &str, rating: i64) -> B {
    b.unit_with(id, 'U', hex, 0, |x| {
        x.side = side(s);
        x.kind = UnitKind::Leader;
        x.rating = Some(rating);
    })
}

use UnitKind::{Artillery as Art, Cavalry as Cav, Infantry as Inf};

fn req(g: &Game, attackers: &[&str], def: &str, opts: &[(&str, &str)]) -> AttackRequest {
    let mut r = request(g, attackers, def, None);
    r.options = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    r
}

fn assess(g: &Game, r: &AttackRequest) -> Assessment {
    Assessment::new(&Ngg::builtin(), g, r, &Choices::default()).unwrap()
}

fn resolve(g: &mut Game, r: &AttackRequest, choices: Choices, dice: &[u8]) -> Vec<Event> {
    roll(g, r, &choices, dice)
}

fn at(g: &Game, id: &str) -> Option<String> {
    unit(g, id).hex.map(|h| g.label(h))
}

fn points(a: &Assessment, name: &str) -> Option<i32> {
    a.lines
        .iter()
        .find(|l| l.name == name)
        .map(|l| match l.value {
            ModValue::Points(v) => v,
            _ => panic!("not points"),
        })
}

// ---------------------------------------------------------------------------------------------
// Values (11.2-11.7, 11.18)
// ---------------------------------------------------------------------------------------------

// The booklet's Combat (2) example (research notes B.8 and D), on the demo scenario: Davout
// 4 Inf + 1 Cav + 1 Art = 6 + 4 = 10; river -3, fortified city with artillery -1 = 6; CR 3 = 9.
// Ney 4 units force-marched: 2, river -2, commander +1 = +1. French die 5: FAV 15.
// Constantine 2 Inf + 1 Cav = 3 + 2 = 5, CR 1 = 6; Platov 3 units halved (rounded down) to 1.
#[test]
fn combat_2_example_numbers_11_3_to_11_7() {
    let sc = musket::rules::registry::load_scenario(Path::new("scenarios/ngg1812-smolensk.ron"))
        .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("ngg1812").unwrap()).unwrap();
    let g = musket::rules::flow::new_game(Arc::new(sc), rules);
    let r = req(
        &g,
        &[
            "fr-davout",
            "fr-1d",
            "fr-2d",
            "fr-3d",
            "fr-4d",
            "fr-cav1",
            "fr-art1",
            "fr-ney",
            "fr-10d",
            "fr-11d",
            "fr-25d",
            "fr-art3",
        ],
        "0705",
        &[("defender_support", "0804")],
    );
    let a = assess(&g, &r);
    assert_eq!(g.label(a.stack.hex), "0605");
    assert_eq!(points(&a, "Combat factors"), Some(6));
    assert_eq!(points(&a, "Combined arms"), Some(4));
    assert_eq!(points(&a, "River"), Some(-3));
    assert_eq!(points(&a, "Fortified city"), Some(-1));
    assert_eq!(points(&a, "Commander"), Some(3));
    assert_eq!(a.stack.value, 9);
    assert_eq!(a.attacker_supports.len(), 1);
    assert_eq!(
        a.attacker_supports[0].value, 1,
        "Ney: 4 halved to 2, river -2, commander +1"
    );
    assert_eq!(a.fav_base, 10);
    let o = a.outcome(&Ngg::builtin(), &g, 5, 1, 3);
    assert_eq!(o.fav, 15);
    assert_eq!(
        a.defence.value, 6,
        "Constantine: 3 + 2 combined arms + CR 1"
    );
    let platov = &a.defender_supports[0];
    assert_eq!(g.label(platov.hex), "0804");
    assert_eq!(
        platov.value,
        1 + 1,
        "3 units halved to 1 (rounded down), Platov +1"
    );
    assert_eq!(a.fdv_base, 8);
}

#[test]
fn combined_arms_three_types_adds_4_11_3() {
    let g = u(
        u(
            u(u(ngg(6, 6), "i", 'F', "0302", Inf), "c", 'F', "0302", Cav),
            "a",
            'F',
            "0302",
            Art,
        ),
        "d",
        'R',
        "0303",
        Inf,
    )
    .game();
    let a = assess(&g, &req(&g, &["i", "c", "a"], "0303", &[]));
    assert_eq!(points(&a, "Combined arms"), Some(4));
    assert_eq!(a.fav_base, 3 + 4);
    let g2 = u(
        u(u(ngg(6, 6), "i", 'F', "0302", Inf), "c", 'F', "0302", Cav),
        "d",
        'R',
        "0303",
        Inf,
    )
    .game();
    let a2 = assess(&g2, &req(&g2, &["i", "c"], "0303", &[]));
    assert_eq!(a2.fav_base, 2 + 2, "two types: +2");
}

// 11.6: only undisrupted combat unit types count for the defence.
#[test]
fn defence_combined_arms_counts_undisrupted_types_11_6() {
    let b = u(u(ngg(6, 6), "a", 'F', "0302", Inf), "i", 'R', "0303", Inf);
    let g = disrupted(u(b, "i2", 'R', "0303", Inf), "c", 'R', "0303", Cav).game();
    let a = assess(&g, &req(&g, &["a"], "0303", &[]));
    assert_eq!(
        a.fdv_base, 2,
        "two undisrupted infantry, the disrupted cavalry adds no type"
    );
    let b = u(
        u(u(ngg(6, 6), "a", 'F', "0302", Inf), "i", 'R', "0303", Inf),
        "c",
        'R',
        "0303",
        Cav,
    );
    let g = b.game();
    assert_eq!(assess(&g, &req(&g, &["a"], "0303", &[])).fdv_base, 4);
}

// 11.2 bullet 3: halved if force-marched or already fought, quartered if both or fought twice;
// fractions rounded down. Play note to 11.4: halving comes after combined arms, before terrain.
#[test]
fn halved_rounds_down_11_2() {
    let three = |f: &dyn Fn(&mut UnitFile)| {
        let mut b = ngg(6, 6);
        for id in ["x", "y", "z"] {
            b = with(b, id, 'F', "0302", Inf, f);
        }
        let g = u(b, "d", 'R', "0303", Inf).game();
        assess(&g, &req(&g, &["x", "y", "z"], "0303", &[])).fav_base
    };
    assert_eq!(three(&|_| {}), 3);
    assert_eq!(three(&|x| x.forced_march = true), 1, "3 / 2 rounded down");
    assert_eq!(three(&|x| x.combats = Some(1)), 1);
    assert_eq!(
        three(&|x| x.combats = Some(2)),
        0,
        "fought twice: quartered"
    );
    assert_eq!(
        three(&|x| {
            x.forced_march = true;
            x.combats = Some(1)
        }),
        0
    );
    // 2 Inf + 1 Cav force-marched across a river: (3 + 2) / 2 = 2, then -3 = -1 (terrain after
    // halving; "modifiers are cumulative even when this produces a negative result").
    let b = with(
        with(
            with(ngg(6, 6), "x", 'F', "0302", Inf, |x| x.forced_march = true),
            "y",
            'F',
            "0302",
            Inf,
            |_| {},
        ),
        "c",
        'F',
        "0302",
        Cav,
        |_| {},
    );
    let g = u(b, "d", 'R', "0303", Inf)
        .hexside("0303", Dir::N, &[Feature::MinorRiver])
        .game();
    let a = assess(&g, &req(&g, &["x", "y", "c"], "0303", &[]));
    assert_eq!(points(&a, "Halved/quartered"), Some(2 - 5));
    assert_eq!(a.fav_base, -1);
}

#[test]
fn commander_cr_limited_by_units_present_11_5() {
    let g = ldr(
        u(
            u(u(ngg(6, 6), "x", 'F', "0302", Inf), "y", 'F', "0302", Inf),
            "d",
            'R',
            "0303",
            Inf,
        ),
        "L",
        'F',
        "0302",
        3,
    )
    .game();
    let a = assess(&g, &req(&g, &["L", "x", "y"], "0303", &[]));
    assert_eq!(
        points(&a, "Commander"),
        Some(2),
        "CR 3 limited to 2 combat units"
    );
    // 11.7: the defender's CR is limited to its undisrupted combat units.
    let b = disrupted(
        disrupted(
            u(u(ngg(6, 6), "x", 'F', "0302", Inf), "d", 'R', "0303", Inf),
            "d2",
            'R',
            "0303",
            Inf,
        ),
        "d3",
        'R',
        "0303",
        Inf,
    );
    let g = ldr(b, "K", 'R', "0303", 3).game();
    let a = assess(&g, &req(&g, &["x"], "0303", &[]));
    let cr = a
        .lines
        .iter()
        .find(|l| l.role == musket::rules::attack::Role::Defender && l.name == "Commander")
        .map(|l| l.value);
    assert_eq!(
        cr,
        Some(ModValue::Points(1)),
        "CR 3 limited to 1 undisrupted unit"
    );
    assert_eq!(a.fdv_base, 1 + 1);
}

// 11.4: fortified city without artillery -2; forest/marsh/rough -2; 11.5 footnote: supporting
// stacks -1 for these, -2 across a river.
#[test]
fn terrain_penalties_for_stack_and_support_11_4_11_5() {
    let g = u(
        u(u(ngg(6, 6), "x", 'F', "0302", Inf), "s", 'F', "0202", Inf),
        "d",
        'R',
        "0303",
        Inf,
    )
    .terrain("0303", 'k')
    .hexside("0303", Dir::NW, &[Feature::MinorRiver])
    .game();
    let a = assess(&g, &req(&g, &["x", "s"], "0303", &[("stack", "0302")]));
    assert_eq!(points(&a, "Fortified city"), Some(-2));
    assert_eq!(a.stack.value, 1 - 2);
    assert_eq!(
        a.attacker_supports[0].value,
        1 - 2 - 1,
        "1 unit, river -2, fortified without artillery -1"
    );
    for letter in ['w', 's', 'r'] {
        let g = u(
            u(u(ngg(6, 6), "x", 'F', "0302", Inf), "s", 'F', "0202", Inf),
            "d",
            'R',
            "0303",
            Inf,
        )
        .terrain("0303", letter)
        .game();
        let a = assess(&g, &req(&g, &["x", "s"], "0303", &[("stack", "0302")]));
        assert_eq!(points(&a, "Terrain"), Some(-2), "{letter}");
        assert_eq!(a.attacker_supports[0].value, 0, "{letter}: 1 unit -1");
    }
    // Mountain is not listed in 11.4: no penalty (a documented data entry).
    let g = u(u(ngg(6, 6), "x", 'F', "0302", Inf), "d", 'R', "0303", Inf)
        .terrain("0303", 'm')
        .game();
    assert_eq!(assess(&g, &req(&g, &["x"], "0303", &[])).fav_base, 1);
}

#[test]
fn disrupted_only_defence_is_1d6_11_18() {
    let b = disrupted(
        disrupted(u(ngg(6, 6), "x", 'F', "0302", Inf), "d1", 'R', "0303", Inf),
        "d2",
        'R',
        "0303",
        Cav,
    );
    let g = u(ldr(b, "K", 'R', "0303", 3), "s", 'R', "0403", Inf).game();
    let a = assess(&g, &req(&g, &["x"], "0303", &[("defender_support", "all")]));
    assert!(a.disrupted_only);
    assert_eq!(a.fdv_base, 0, "no commander, no support, no CF");
    assert!(a.defender_supports.is_empty());
    assert_eq!(a.defender_cap, 0);
    // Play note: disrupted units never inflict hits, whatever the dice: not on a win of the
    // attacker (11.15), nor on a tie (the play note prevails over 11.9's hit), nor on a loss.
    // FAV 1 + ad, FDV 0 + dd.
    for (ad, dd, ld, res) in [
        (6, 1, 6, Res::Win),
        (3, 4, 6, Res::Tie),
        (1, 2, 6, Res::Tie),
        (1, 6, 6, Res::Loss),
    ] {
        let o = a.outcome(&Ngg::builtin(), &g, ad, dd, ld);
        assert_eq!(o.res, res, "{ad}{dd}{ld}");
        assert_eq!(o.attacker_hits, 0, "{ad}{dd}{ld}");
        assert!(o.attacker_steps.is_empty(), "{ad}{dd}{ld}");
    }
    // Through the resolution: a tie leaves the attacker undisrupted.
    let mut g2 = g.clone();
    let ev = resolve(
        &mut g2,
        &req(&g, &["x"], "0303", &[]),
        Choices::default(),
        &[1, 2],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatResult {
            differential: 0,
            ..
        }
    )));
    assert_eq!(unit(&g2, "x").status, Status::Normal);
}

// ---------------------------------------------------------------------------------------------
// Outcome and hits (11.8-11.17)
// ---------------------------------------------------------------------------------------------

#[test]
fn tie_gives_attacker_one_hit_11_9() {
    let mut g = u(
        u(u(ngg(6, 6), "x", 'F', "0302", Inf), "y", 'F', "0302", Inf),
        "d",
        'R',
        "0303",
        Inf,
    )
    .game();
    let mut g2 = g.clone();
    let r = req(&g, &["x", "y"], "0303", &[]);
    // FAV 2 + 3 = 5, FDV 1 + 4 = 5.
    let mut dice = FixedDice::new(&[3, 4, 6]);
    let rules = g.rules.clone();
    let ev = rules
        .resolve(&mut g, &r, &Choices::default(), &mut dice)
        .unwrap();
    assert_eq!(dice.0.len(), 1, "no 11.15 die on a tie");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatResult {
            differential: 0,
            ..
        }
    )));
    assert_eq!(
        unit(&g, "x").status,
        Status::Disrupted,
        "one attacking unit is hit"
    );
    assert_eq!(unit(&g, "y").status, Status::Normal);
    assert_eq!(unit(&g, "d").status, Status::Normal);
    assert_eq!(at(&g, "d").as_deref(), Some("0303"), "both stay");
    assert_eq!(at(&g, "x").as_deref(), Some("0302"));
    // The owner's choice: y takes the hit.
    let c = Choices {
        attacker_losses: Some(vec!["y".into()]),
        ..Default::default()
    };
    resolve(&mut g2, &r, c, &[3, 4]);
    assert_eq!(unit(&g2, "y").status, Status::Disrupted);
    assert_eq!(unit(&g2, "x").status, Status::Normal);
}

#[test]
fn hits_capped_by_undisrupted_units_11_14() {
    let b = disrupted(
        disrupted(
            disrupted(
                u(u(ngg(6, 6), "x", 'F', "0302", Inf), "y", 'F', "0302", Inf),
                "d1",
                'R',
                "0303",
                Inf,
            ),
            "d2",
            'R',
            "0303",
            Inf,
        ),
        "d3",
        'R',
        "0303",
        Inf,
    );
    let g = b.game();
    let a = assess(&g, &req(&g, &["x", "y"], "0303", &[]));
    let o = a.outcome(&Ngg::builtin(), &g, 6, 1, 3);
    assert_eq!(o.diff, 2 + 6 - 1);
    assert_eq!(
        o.defender_hits, 2,
        "difference 7 capped at the winner's 2 undisrupted units"
    );
}

#[test]
fn loser_hits_half_difference_adjusted_11_15() {
    // 4 infantry vs 2 infantry: FAV 4 + ad, FDV 2 + dd.
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3", "a4"] {
        b = u(b, id, 'F', "0302", Inf);
    }
    let g = u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf).game();
    let a = assess(&g, &req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]));
    let rules = Ngg::builtin();
    // Difference 4 + 4 - (2 + 1) = 5: half 2 (rounded down).
    for (ld, hits) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 2), (6, 2)] {
        let o = a.outcome(&rules, &g, 4, 1, ld);
        assert_eq!(o.diff, 5);
        assert_eq!(
            o.attacker_hits, hits,
            "die {ld}: 2 adjusted, capped at the loser's 2 undisrupted units"
        );
    }
    // Difference 1: half 0, die 1 gives -1, not below zero.
    let o = a.outcome(&rules, &g, 1, 2, 1);
    assert_eq!((o.diff, o.attacker_hits), (1, 0));
    let o = a.outcome(&rules, &g, 1, 2, 6);
    assert_eq!(o.attacker_hits, 1);
}

// 11.17: a hit disrupts an undisrupted unit, eliminates a disrupted one; on an odd number of
// hits the owner may take one more hit on a disrupted unit to eliminate it.
#[test]
fn odd_hit_option_11_17() {
    let build = || {
        u(
            u(
                u(
                    u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "a2", 'F', "0302", Inf),
                    "a3",
                    'F',
                    "0302",
                    Inf,
                ),
                "d1",
                'R',
                "0303",
                Inf,
            ),
            "d2",
            'R',
            "0303",
            Inf,
        )
        .game()
    };
    // FAV 3 + 2 = 5, FDV 2 + 4 = 6: defender wins by 1: attacker 1 hit; defender 0 + adj.
    let g = build();
    let a = assess(&g, &req(&g, &["a1", "a2", "a3"], "0303", &[]));
    let o = a.outcome(&Ngg::builtin(), &g, 2, 4, 3);
    assert_eq!((o.res, o.attacker_hits), (Res::Loss, 1));
    assert_eq!(o.attacker_steps.len(), 1);
    assert!(!o.attacker_steps[0].eliminated);
    let g = build();
    let a = assess(
        &g,
        &req(
            &g,
            &["a1", "a2", "a3"],
            "0303",
            &[("odd_hit_attacker", "yes")],
        ),
    );
    let o = a.outcome(&Ngg::builtin(), &g, 2, 4, 3);
    assert_eq!(o.attacker_steps.len(), 2);
    assert!(
        o.attacker_steps[1].eliminated,
        "the extra hit eliminates the disrupted unit"
    );
    let mut g = build();
    let r = req(
        &g,
        &["a1", "a2", "a3"],
        "0303",
        &[("odd_hit_attacker", "yes")],
    );
    resolve(&mut g, &r, Choices::default(), &[2, 4, 3]);
    assert_eq!(at(&g, "a1"), None);
    assert_eq!(unit(&g, "a2").status, Status::Normal);
    // A hit on an already disrupted unit eliminates it.
    let mut g = build();
    let r = req(&g, &["a1", "a2", "a3"], "0303", &[]);
    let c = Choices {
        attacker_losses: Some(vec!["a2".into()]),
        ..Default::default()
    };
    resolve(&mut g, &r, c, &[2, 4, 3]);
    assert_eq!(unit(&g, "a2").status, Status::Disrupted);
}

// 11.17: at least half the hits go to the attacking or defending stack itself.
#[test]
fn at_least_half_the_hits_on_the_stack_11_17() {
    let b = u(
        u(
            u(
                u(
                    u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "a2", 'F', "0302", Inf),
                    "a3",
                    'F',
                    "0302",
                    Inf,
                ),
                "a4",
                'F',
                "0302",
                Inf,
            ),
            "d1",
            'R',
            "0303",
            Inf,
        ),
        "s1",
        'R',
        "0403",
        Inf,
    );
    let mut g = u(b, "s2", 'R', "0403", Inf).game();
    let r = req(
        &g,
        &["a1", "a2", "a3", "a4"],
        "0303",
        &[("defender_support", "0403")],
    );
    // FAV 4 + 6 = 10, FDV 1 + 1 (+2 support) + 1 = 4... defender hits = min(diff, 4).
    let c = Choices {
        defender_losses: Some(vec!["s1".into(), "s2".into(), "s1".into(), "s2".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &r, c, &[6, 6, 3]);
    let diff = 10 - (1 + 2 + 6);
    assert_eq!(diff, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("at least half")))
    );
    assert_eq!(
        unit(&g, "d1").status,
        Status::Disrupted,
        "the one hit goes to the stack, not the support"
    );
    assert_eq!(unit(&g, "s1").status, Status::Normal);
}

// ---------------------------------------------------------------------------------------------
// Withdrawal, pursuit, advance, escape (11.1, 11.10-11.13, 11.16, 11.19)
// ---------------------------------------------------------------------------------------------

fn four_vs_one() -> B {
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3", "a4"] {
        b = u(b, id, 'F', "0302", Inf);
    }
    u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf)
}

// 11.12 first bullet: a win by 3 or more forces the defenders to withdraw (11.11); the
// attacker's undisrupted units may advance.
#[test]
fn forced_withdrawal_by_three_or_more_11_12() {
    let mut g = four_vs_one().game();
    let r = req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]);
    // FAV 4 + 6 = 10, FDV 2 + 1 = 3: diff 7 -> 4 hits (cap 4) on 2 defenders: both eliminated.
    // Use a smaller win: FAV 4 + 2 = 6, FDV 2 + 1 = 3: diff 3: 3 hits: d1 disrupted, d2
    // disrupted, d1 eliminated; d2 withdraws to 0304 (straight away from 0302).
    let ev = resolve(&mut g, &r, Choices::default(), &[2, 1, 1]);
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "d2").as_deref(), Some("0304"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Retreated { rout: false, .. }))
    );
    assert!(ev.iter().any(|e| matches!(e, Event::AdvanceOffered { .. })));
    let opt = g.advance_option.clone().unwrap();
    assert_eq!(
        opt.units.len(),
        4,
        "all attackers (the loser inflicted 3/2 - 1 = 0 hits) remain undisrupted"
    );
    assert_eq!(g.label(opt.hex), "0303");
}

// 11.11: no withdrawal across an unbridged river, into difficult terrain (except Russians into
// forest, marsh, rough), onto enemy units or next to the attacking stack, or over capacity;
// 11.12: a forced withdrawal that is impossible eliminates the defenders.
#[test]
fn withdrawal_restrictions_11_11() {
    // Block 0304 by an unbridged river; 0403 is forest; 0203 is left.
    let g = four_vs_one()
        .hexside("0303", Dir::S, &[Feature::MinorRiver])
        .terrain("0403", 'w')
        .game();
    let a = assess(&g, &req(&g, &["a1"], "0303", &[]));
    let rules = Ngg::builtin();
    let movers = a.defence.combat.clone();
    assert!(
        a.hex_legal(&rules, &g, g.scenario.parse_hex("0304").unwrap(), None)
            .unwrap_err()
            .contains("unbridged river")
    );
    assert!(
        a.hex_legal(&rules, &g, g.scenario.parse_hex("0403").unwrap(), None)
            .is_ok(),
        "the side named Russian may enter forest (14.6)"
    );
    assert!(
        a.hex_legal(&rules, &g, g.scenario.parse_hex("0402").unwrap(), None)
            .unwrap_err()
            .contains("adjacent to the attacking stack")
    );
    assert_eq!(
        a.withdrawal_hex(&rules, &g, &movers)
            .map(|h| g.label(h))
            .as_deref(),
        Some("0403")
    );
    // A bridge opens the river.
    let g = four_vs_one()
        .hexside("0303", Dir::S, &[Feature::MinorRiver, Feature::Bridge])
        .game();
    let a = assess(&g, &req(&g, &["a1"], "0303", &[]));
    assert!(
        a.hex_legal(&rules, &g, g.scenario.parse_hex("0304").unwrap(), None)
            .is_ok()
    );
    // French defenders may not withdraw into forest; mountain is closed to everyone.
    let mut b = ngg(6, 6);
    for id in ["r1", "r2", "r3", "r4"] {
        b = u(b, id, 'R', "0302", Inf);
    }
    let b = u(u(b, "f1", 'F', "0303", Inf), "f2", 'F', "0303", Inf)
        .terrain("0403", 'w')
        .terrain("0203", 'm')
        .terrain("0304", 's');
    let mut g = b.game();
    let r = req(&g, &["r1", "r2", "r3", "r4"], "0303", &[]);
    let a = assess(&g, &r);
    assert_eq!(
        a.withdrawal_hex(&rules, &g, &a.defence.combat.clone()),
        None
    );
    // Win by 3: FAV 4 + 2, FDV 2 + 1: must withdraw, cannot: eliminated (11.12).
    resolve(&mut g, &r, Choices::default(), &[2, 1, 1]);
    assert_eq!(at(&g, "f1"), None);
    assert_eq!(at(&g, "f2"), None);
}

// 4.1 through 11.11: the receiving hex's capacity (6 OF) counts the units already there.
#[test]
fn withdrawal_respects_hex_capacity_4_1() {
    let mut b = four_vs_one();
    // 0304 holds 5 Veteran (OF 5): the 2 withdrawing Veterans would make 7.
    for id in ["f1", "f2", "f3", "f4", "f5"] {
        b = u(b, id, 'R', "0304", Inf);
    }
    let g = b.game();
    let a = assess(&g, &req(&g, &["a1"], "0303", &[]));
    let rules = Ngg::builtin();
    let h = g.scenario.parse_hex("0304").unwrap();
    assert!(
        a.hex_legal(&rules, &g, h, Some(&a.defence.combat))
            .unwrap_err()
            .contains("capacity")
    );
    assert!(
        a.hex_legal(&rules, &g, h, Some(&a.defence.combat[..1]))
            .is_ok()
    );
}

// 11.16: attacking undisrupted cavalry against a withdrawing stack without cavalry: one
// disrupted defending unit is eliminated.
#[test]
fn cavalry_pursuit_eliminates_a_disrupted_unit_11_16() {
    let mut b = ngg(6, 6);
    for (id, k) in [
        ("a1", Inf),
        ("a2", Inf),
        ("a3", Inf),
        ("a4", Inf),
        ("c", Cav),
    ] {
        b = u(b, id, 'F', "0302", k);
    }
    let b = u(
        u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf),
        "d3",
        'R',
        "0303",
        Inf,
    );
    let mut g = b.game();
    let r = req(&g, &["a1", "a2", "a3", "a4", "c"], "0303", &[]);
    // FAV 5 + 2 + 1 = 8, FDV 3 + 2 = 5: diff 3, 3 hits: d1, d2, d3 disrupted; the attacker
    // takes 3 / 2 = 1 hit (a1). Withdrawal forced; the cavalry's pursuit eliminates d1.
    let ev = resolve(&mut g, &r, Choices::default(), &[1, 2, 3]);
    assert_eq!(unit(&g, "c").status, Status::Normal);
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "d2").as_deref(), Some("0304"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.contains("11.16")))
    );
    // Without attacking cavalry, no pursuit.
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3"] {
        b = u(b, id, 'F', "0302", Inf);
    }
    let mut g = u(
        u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf),
        "d3",
        'R',
        "0303",
        Inf,
    )
    .game();
    let r = req(&g, &["a1", "a2", "a3"], "0303", &[]);
    resolve(&mut g, &r, Choices::default(), &[6, 1, 3]);
    assert_eq!(at(&g, "d1").as_deref(), Some("0304"));
}

// 11.12 second bullet: a win by 1 or 2: the defenders may stay or withdraw; if they withdraw,
// only undisrupted cavalry may advance. 11.10: a victorious defender may withdraw too.
#[test]
fn win_by_one_or_two_withdraw_option_and_cavalry_advance_11_12() {
    let build = || {
        let mut b = ngg(6, 6);
        for (id, k) in [("a1", Inf), ("c", Cav)] {
            b = u(b, id, 'F', "0302", k);
        }
        u(
            u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf),
            "d3",
            'R',
            "0303",
            Inf,
        )
    };
    // FAV 2 + 2 + 4 = 8, FDV 3 + 4 = 7: win by 1.
    let mut g = build().game();
    let r = req(&g, &["a1", "c"], "0303", &[]);
    resolve(&mut g, &r, Choices::default(), &[4, 4, 3]);
    assert_eq!(
        at(&g, "d1").as_deref(),
        Some("0303"),
        "default: the defenders stay"
    );
    assert!(g.advance_option.is_none());
    let mut g = build().game();
    let r = req(&g, &["a1", "c"], "0303", &[("withdraw", "yes")]);
    resolve(&mut g, &r, Choices::default(), &[4, 4, 3]);
    assert_eq!(at(&g, "d2").as_deref(), Some("0304"));
    let opt = g.advance_option.clone().unwrap();
    assert_eq!(opt.units, vec![g.unit_by_id("c").unwrap()], "cavalry only");
    // 11.10: the defender wins and withdraws: no advance.
    let mut g = build().game();
    let r = req(&g, &["a1", "c"], "0303", &[("withdraw", "yes")]);
    resolve(&mut g, &r, Choices::default(), &[1, 6, 3]);
    assert_eq!(at(&g, "d1").as_deref(), Some("0304"));
    assert!(g.advance_option.is_none());
}

// 11.1: a cavalry-only defence may withdraw before combat from attackers without cavalry; no
// dice are rolled; the attacking stack may advance.
#[test]
fn cavalry_only_defence_withdraws_before_combat_11_1() {
    let mut g = u(
        u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "a2", 'F', "0302", Art),
        "c",
        'R',
        "0303",
        Cav,
    )
    .game();
    let r = req(&g, &["a1", "a2"], "0303", &[("withdraw", "yes")]);
    let mut dice = FixedDice::new(&[6, 6, 6]);
    let rules = g.rules.clone();
    let ev = rules
        .resolve(&mut g, &r, &Choices::default(), &mut dice)
        .unwrap();
    assert_eq!(dice.0.len(), 3, "no dice");
    assert!(!ev.iter().any(|e| matches!(e, Event::DieRolled { .. })));
    assert_eq!(at(&g, "c").as_deref(), Some("0304"));
    assert_eq!(g.advance_option.as_ref().unwrap().units.len(), 2);
    assert_eq!(combats(&g, "a1"), 0, "no combat took place");
}

// 11.13: all defenders eliminated: undisrupted attackers and commanders may advance.
// 11.19: the defenders' commander rolls: 1 eliminated, else placed on the nearest friendly
// stack within 3 hexes, else eliminated.
#[test]
fn commander_escape_11_19_and_advance_11_13() {
    let build = |friend: Option<&str>| {
        let mut b = four_vs_one();
        b = ldr(b, "L", 'F', "0302", 2);
        b = ldr(b, "K", 'R', "0303", 1);
        if let Some(h) = friend {
            b = u(b, "f", 'R', h, Inf);
        }
        b.game()
    };
    let r = |g: &Game| req(g, &["L", "a1", "a2", "a3", "a4"], "0303", &[]);
    // FAV 4 + 2 + 6 = 12, FDV 2 + 1 + 1 = 4: 4 hits eliminate d1 and d2.
    let mut g = build(Some("0306"));
    let rq = r(&g);
    let ev = resolve(&mut g, &rq, Choices::default(), &[6, 1, 3, 4]);
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(
        at(&g, "K").as_deref(),
        Some("0306"),
        "escapes to the friendly stack 3 hexes away"
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Relocated { .. })));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DieRolled {
            role: DieRole::Other,
            value: 4
        }
    )));
    let opt = g.advance_option.clone().unwrap();
    assert!(
        opt.units.contains(&g.unit_by_id("L").unwrap()),
        "11.13: commanders included"
    );
    // A roll of 1: eliminated.
    let mut g = build(Some("0306"));
    let rq = r(&g);
    resolve(&mut g, &rq, Choices::default(), &[6, 1, 3, 1]);
    assert_eq!(at(&g, "K"), None);
    // No friendly stack within 3 hexes: eliminated.
    let mut g = build(Some("0106"));
    assert_eq!(
        g.scenario
            .parse_hex("0106")
            .unwrap()
            .distance(g.scenario.parse_hex("0303").unwrap()),
        4
    );
    let rq = r(&g);
    resolve(&mut g, &rq, Choices::default(), &[6, 1, 3, 5]);
    assert_eq!(at(&g, "K"), None);
}

// 11.19: an unaccompanied commander attacked rolls to escape; no values are compared.
#[test]
fn unaccompanied_commander_attacked_11_19() {
    let mut g = u(
        ldr(u(ngg(6, 6), "a1", 'F', "0302", Inf), "K", 'R', "0303", 1),
        "f",
        'R',
        "0305",
        Inf,
    )
    .game();
    let r = req(&g, &["a1"], "0303", &[]);
    let o = g.rules.odds(&g, &r).unwrap();
    assert_eq!(o.attacker_result_prob("no combat"), p(1, 1));
    let ev = resolve(&mut g, &r, Choices::default(), &[3]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::DieRolled { .. }))
            .count(),
        1
    );
    assert_eq!(at(&g, "K").as_deref(), Some("0305"));
}

// 11.2 bullet 2: after combat every unit of the attacking, defending and supporting stacks has
// taken part once more; a second attack by the same stack is halved.
#[test]
fn combat_counts_and_second_attack_halved_11_2() {
    let mut g = u(
        u(
            u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "a2", 'F', "0302", Inf),
            "s",
            'F',
            "0202",
            Inf,
        ),
        "d",
        'R',
        "0303",
        Inf,
    )
    .unit_with("x", 'U', "0404", 1, |x| {
        x.side = "Russian".into();
        x.class = Some(Class::Line);
    })
    .game();
    let r = req(
        &g,
        &["a1", "a2", "s"],
        "0303",
        &[("defender_support", "0404")],
    );
    match g.rules.check(&g, &r, &Choices::default()) {
        Err(AttackError::BadOption(m)) => assert!(
            m.contains("0404 is not adjacent to the defending hex 0303 (10.5)"),
            "{m}"
        ),
        other => panic!("0404 is not adjacent to 0303: expected that error, got {other:?}"),
    }
    let r = req(&g, &["a1", "a2", "s"], "0303", &[]);
    // FAV 2 + 1 (support) + 1 = 4, FDV 1 + 2 = 3: win by 1; the loser's 0 - 1 hits: none.
    resolve(&mut g, &r, Choices::default(), &[1, 2, 1]);
    assert_eq!(unit(&g, "d").status, Status::Disrupted);
    for id in ["a1", "a2", "s", "d"] {
        assert_eq!(combats(&g, id), 1, "{id}");
    }
    assert_eq!(combats(&g, "x"), 0);
    let a = assess(&g, &req(&g, &["a2"], "0303", &[]));
    assert_eq!(
        points(&a, "Halved/quartered"),
        Some(-1),
        "1 / 2 rounded down to 0"
    );
}

// ---------------------------------------------------------------------------------------------
// Legality and options (10.1, 4.2, options)
// ---------------------------------------------------------------------------------------------

#[test]
fn attacking_stack_must_be_undisrupted_10_1_and_within_capacity_4_2() {
    let g = disrupted(
        u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "d", 'R', "0303", Inf),
        "a2",
        'F',
        "0302",
        Inf,
    )
    .game();
    let e = g
        .rules
        .check(&g, &req(&g, &["a1"], "0303", &[]), &Choices::default())
        .unwrap_err();
    assert!(
        matches!(&e, AttackError::Illegal(m) if m.contains("10.1")),
        "{e}"
    );
    let mut b = ngg(6, 6);
    for id in ["c1", "c2", "c3", "c4"] {
        b = with(b, id, 'F', "0302", Inf, |x| {
            x.class = Some(Class::Conscript)
        });
    }
    let g = u(b, "d", 'R', "0303", Inf).game();
    let e = g
        .rules
        .check(
            &g,
            &req(&g, &["c1", "c2", "c3", "c4"], "0303", &[]),
            &Choices::default(),
        )
        .unwrap_err();
    assert!(
        matches!(&e, AttackError::Illegal(m) if m.contains("4.2")),
        "{e}"
    );
    assert!(
        g.rules
            .check(
                &g,
                &req(&g, &["c1", "c2", "c3"], "0303", &[]),
                &Choices::default()
            )
            .is_ok(),
        "OF 6 is allowed"
    );
}

#[test]
fn wrong_type_and_bad_options_are_refused() {
    let g = u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "d", 'R', "0303", Inf).game();
    let mut r = req(&g, &["a1"], "0303", &[]);
    r.kind = Some(AttackType::Fire);
    assert!(matches!(
        g.rules.check(&g, &r, &Choices::default()),
        Err(AttackError::WrongType { .. })
    ));
    let e = g
        .rules
        .check(
            &g,
            &req(&g, &["a1"], "0303", &[("bogus", "1")]),
            &Choices::default(),
        )
        .unwrap_err();
    assert!(
        matches!(&e, AttackError::BadOption(m) if m.contains("defender_support") && m.contains("withdraw")),
        "{e}"
    );
    let e = g
        .rules
        .check(
            &g,
            &req(&g, &["a1"], "0303", &[("withdraw", "maybe")]),
            &Choices::default(),
        )
        .unwrap_err();
    assert!(matches!(e, AttackError::BadOption(_)));
    let e = g
        .rules
        .check(
            &g,
            &req(&g, &["a1"], "0303", &[("stack", "0505")]),
            &Choices::default(),
        )
        .unwrap_err();
    assert!(matches!(e, AttackError::BadOption(_)));
    let keys: Vec<&str> = g
        .rules
        .attack_options(&g, AttackType::Combat)
        .iter()
        .map(|o| o.key)
        .collect();
    assert_eq!(
        keys,
        [
            "stack",
            "defender_support",
            "withdraw",
            "odd_hit_attacker",
            "odd_hit_defender"
        ]
    );
    assert_eq!(g.rules.attack_types(), &[AttackType::Combat]);
    assert!(g.rules.zoc(&g).is_empty(), "the seeds give NGG no ZOC");
}

// A refused attack rolls no dice and changes nothing; the chosen retreat must be legal (11.11).
#[test]
fn refused_attack_changes_nothing() {
    let mut g = four_vs_one().game();
    let before = g.units.clone();
    let r = req(&g, &["a1"], "0303", &[]);
    let c = Choices {
        retreat: Some(vec!["0402".into()]),
        ..Default::default()
    };
    let rules = g.rules.clone();
    let mut dice = FixedDice::new(&[6, 1]);
    assert!(matches!(
        rules.resolve(&mut g, &r, &c, &mut dice),
        Err(AttackError::Choice(_))
    ));
    assert_eq!(dice.0.len(), 2);
    assert_eq!(g.units, before);
}

// ---------------------------------------------------------------------------------------------
// Odds (exact; preview == resolve)
// ---------------------------------------------------------------------------------------------

#[test]
fn odds_sum_to_one_and_match_a_hand_count() {
    let g = four_vs_one().game();
    let o = g
        .rules
        .odds(&g, &req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]))
        .unwrap();
    assert_eq!(sum(&o.attacker_results), p(1, 1));
    assert_eq!(sum(&o.defender_results), p(1, 1));
    assert_eq!(
        o.differential.values().fold(p(0, 1), |a, b| a + *b),
        p(1, 1)
    );
    // FAV 4 + d6 against FDV 2 + d6: the attacker wins when ad + 2 > dd: 26 of 36? Count:
    let mut win = 0;
    let mut tie = 0;
    for ad in 1..=6 {
        for dd in 1..=6 {
            if ad + 2 > dd {
                win += 1
            } else if ad + 2 == dd {
                tie += 1
            }
        }
    }
    assert_eq!(o.attacker_result_prob("win"), p(win, 36));
    assert_eq!(o.attacker_result_prob("tie"), p(tie, 36));
    assert_eq!(
        o.extra_json["win"],
        serde_json::json!(format!("{}/{}", p(win, 36).numer(), p(win, 36).denom()))
    );
    assert!(
        o.extra_json.contains_key("attacker_hits") && o.extra_json.contains_key("defender_hits")
    );
    assert!(
        o.lines
            .iter()
            .all(|l| matches!(l.value, ModValue::Points(_)))
    );
}

// The resolution applies the outcome the odds enumerate, for every roll of the three dice.
#[test]
fn preview_equals_resolve_for_every_roll() {
    let mut b = ngg(6, 6);
    for (id, k) in [("a1", Inf), ("a2", Cav), ("a3", Art)] {
        b = u(b, id, 'F', "0302", k);
    }
    let b = ldr(b, "K", 'R', "0303", 2);
    let b = u(
        u(
            disrupted(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf),
            "d3",
            'R',
            "0303",
            Cav,
        ),
        "s",
        'R',
        "0203",
        Inf,
    );
    let g0 = b.game();
    let r = req(
        &g0,
        &["a1", "a2", "a3"],
        "0303",
        &[("defender_support", "all")],
    );
    let a = assess(&g0, &r);
    let rules = Ngg::builtin();
    for ad in 1..=6u8 {
        for dd in 1..=6u8 {
            for ld in 1..=6u8 {
                let o = a.outcome(&rules, &g0, ad, dd, ld);
                let mut g = g0.clone();
                let dice = if o.diff == 0 {
                    vec![ad, dd, 4]
                } else {
                    vec![ad, dd, ld, 4]
                };
                let ev = resolve(&mut g, &r, Choices::default(), &dice);
                let (diff, _, _) = ev
                    .iter()
                    .find_map(|e| match e {
                        Event::CombatResult {
                            differential,
                            attacker,
                            defender,
                        } => Some((*differential, attacker.clone(), defender.clone())),
                        _ => None,
                    })
                    .unwrap();
                assert_eq!(diff, o.diff);
                for s in o.attacker_steps.iter().chain(&o.defender_steps) {
                    let x = g.unit(s.unit);
                    if s.eliminated {
                        assert!(x.hex.is_none(), "{ad}{dd}{ld}: {} eliminated", x.id);
                    } else {
                        assert_eq!(x.status, Status::Disrupted);
                    }
                }
                match o.withdrawal {
                    Withdrawal::To(h) => assert!(
                        g.units_at(h).contains(&g.unit_by_id("d1").unwrap())
                            || unit(&g, "d1").hex.is_none()
                    ),
                    Withdrawal::Stays | Withdrawal::NoLegalHex => {
                        assert_eq!(at(&g, "K").as_deref(), Some("0303"))
                    }
                    Withdrawal::Blocked | Withdrawal::Eliminated => {
                        assert!(a.defence.combat.iter().all(|u| g.unit(*u).hex.is_none()))
                    }
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    // Over random stacks, statuses, forced marches and commanders, the outcome of every roll
    // against 11.8, 11.9, 11.14 and 11.15 computed here from the units alone (not from the
    // assessment's totals), and the odds against a count of the two value totals.
    #[test]
    fn outcome_and_odds_follow_11_8_to_11_15(
        att in proptest::collection::vec((0u8..3, proptest::bool::ANY), 1..6),
        def in proptest::collection::vec((0u8..3, proptest::bool::ANY, proptest::bool::ANY), 1..5),
        cr in 0i64..4, support in proptest::bool::ANY,
    ) {
        let kinds = [Inf, Cav, Art];
        let mut b = ngg(6, 6);
        let mut names = Vec::new();
        for (i, (k, fm)) in att.iter().enumerate() {
            let id = format!("a{i}");
            b = with(b, &id, 'F', "0302", kinds[*k as usize], |x| x.forced_march = *fm);
            names.push(id);
        }
        for (i, (k, dis, fm)) in def.iter().enumerate() {
            b = with(b, &format!("d{i}"), 'R', "0303", kinds[*k as usize], |x| {
                x.forced_march = *fm;
                if *dis { x.status = Some(Status::Disrupted) }
            });
        }
        b = ldr(b, "K", 'R', "0303", cr);
        if support {
            b = u(b, "s", 'F', "0202", Cav);
            names.push("s".into());
        }
        let g = b.game();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let r = req(&g, &refs, "0303", &[("stack", "0302")]);

        // The totals by hand: CF 1 each, +2 / +4 for two / three types, halved (rounded down)
        // if any unit of the stack force-marched, + the supporting stack's 1 unit; the defence
        // counts undisrupted units and types, + CR limited to them; disrupted only: 0 (11.18).
        let ca = |n: usize| [0, 0, 2, 4][n] as i64;
        let types = |ks: Vec<u8>| { let mut k = ks; k.sort(); k.dedup(); k.len() };
        let n = att.len() as i64;
        let div = if att.iter().any(|(_, fm)| *fm) { 2 } else { 1 };
        let fb = (n + ca(types(att.iter().map(|(k, _)| *k).collect()))) / div + i64::from(support);
        let und: Vec<u8> = def.iter().filter(|(_, d, _)| !*d).map(|(k, _, _)| *k).collect();
        let dn = und.len() as i64;
        let ddiv = if def.iter().any(|(_, _, fm)| *fm) { 2 } else { 1 };
        let db = if dn == 0 { 0 } else { (dn + ca(types(und.clone()))) / ddiv + cr.min(dn) };
        let acap = n + i64::from(support);
        let dcap = dn;
        let adj = [-1i64, -1, 0, 0, 1, 1];

        let a = assess(&g, &r);
        let rules = Ngg::builtin();
        let mut wins = 0u64;
        for ad in 1..=6u8 {
            for dd in 1..=6u8 {
                let diff = fb + i64::from(ad) - db - i64::from(dd);
                if diff > 0 { wins += 1 }
                for ld in 1..=6u8 {
                    let o = a.outcome(&rules, &g, ad, dd, ld);
                    let (ah, dh) = (i64::from(o.attacker_hits), i64::from(o.defender_hits));
                    proptest::prop_assert_eq!(i64::from(o.diff), diff);
                    let loser = |d: i64, cap: i64| (d / 2 + adj[usize::from(ld) - 1]).clamp(0, cap);
                    if diff > 0 {
                        proptest::prop_assert_eq!(o.res, Res::Win);
                        proptest::prop_assert_eq!(dh, diff.min(acap), "11.14");
                        proptest::prop_assert_eq!(ah, loser(diff, dcap), "11.15");
                    } else if diff < 0 {
                        proptest::prop_assert_eq!(o.res, Res::Loss);
                        proptest::prop_assert_eq!(ah, (-diff).min(dcap), "11.14");
                        proptest::prop_assert_eq!(dh, loser(-diff, acap), "11.15");
                    } else {
                        proptest::prop_assert_eq!(o.res, Res::Tie);
                        proptest::prop_assert_eq!(ah, i64::from(dn > 0), "11.9, 11.18");
                        proptest::prop_assert_eq!(dh, 0);
                    }
                    // Hits on the loser never exceed the winner's undisrupted units.
                    proptest::prop_assert!(dh <= acap && ah <= dcap);
                }
            }
        }
        let o = g.rules.odds(&g, &r).unwrap();
        let (w, t, l) = (o.attacker_result_prob("win"), o.attacker_result_prob("tie"), o.attacker_result_prob("loss"));
        proptest::prop_assert_eq!(w + t + l, p(1, 1));
        proptest::prop_assert_eq!(w, p(wins, 36));
        proptest::prop_assert!(o.p_rout <= o.p_retreat);
        proptest::prop_assert_eq!(
            o.p_retreat,
            o.defender_result_prob("withdraws") + o.defender_result_prob("eliminated")
        );
        proptest::prop_assert!(o.attacker_expected_loss <= p(u64::from(o.attacker_manpower), 1));
        proptest::prop_assert!(o.defender_expected_loss <= p(u64::from(o.defender_manpower), 1));
    }
}

// ---------------------------------------------------------------------------------------------
// The scenario, played through a session; the tables file.
// ---------------------------------------------------------------------------------------------

#[test]
fn full_combat_in_the_scenario_through_a_session() {
    let sc = musket::rules::registry::load_scenario(Path::new("scenarios/ngg1812-smolensk.ron"))
        .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("ngg1812").unwrap()).unwrap();
    let sc = Arc::new(sc);
    // Murat's cavalry (0507) attack the disrupted rearguard (0508): FDV is 1d6 (11.18).
    let attack = Command::Attack {
        attackers: vec!["fr-murat".into(), "fr-1cc".into(), "fr-2cc".into()],
        defender: "0508".into(),
        kind: Some(AttackType::Combat),
        march_type: None,
        choices: Choices::default(),
        options: BTreeMap::new(),
    };
    let mut found = false;
    for seed in 0..40 {
        let mut s = Session::new(sc.clone(), rules.clone(), seed);
        // Both sides pass the strategic movement: the French combat phase.
        while s.game.sequence.phase(s.game.phase).key != "combat_first" {
            s.execute(Command::EndTurn).unwrap();
        }
        let ev = s.execute(attack.clone()).unwrap();
        let (diff, res) = ev
            .iter()
            .find_map(|e| match e {
                Event::CombatResult {
                    differential,
                    attacker,
                    ..
                } => Some((*differential, attacker.clone())),
                _ => None,
            })
            .unwrap();
        let rear = s.game.unit_by_id("ru-rear").unwrap();
        if diff > 0 {
            assert!(res.starts_with("win"));
            // Any hit eliminates the disrupted rearguard; 11.13 then opens the advance.
            assert!(s.game.unit(rear).hex.is_none());
            assert!(s.game.advance_option.is_some());
            s.execute(Command::Advance {
                units: vec!["fr-1cc".into(), "fr-murat".into()],
            })
            .unwrap();
            assert_eq!(at(&s.game, "fr-1cc").as_deref(), Some("0508"));
            assert_eq!(at(&s.game, "fr-2cc").as_deref(), Some("0507"));
            assert_eq!(combats(&s.game, "fr-1cc"), 1);
            // The session replays to the same state.
            let back =
                Session::load_save(&s.save_string(), "save.ron", &Default::default()).unwrap();
            assert_eq!(back.game.units, s.game.units);
            found = true;
            break;
        }
    }
    assert!(found, "some seed gives the French a win");
}

#[test]
fn bad_tables_file_error_names_the_place() {
    let dir = std::env::temp_dir().join(format!("ngg-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ngg1812.ron");
    let text = musket::rules::ngg::DEFAULT_TABLES.replace(
        "loser_hits_adjustment: [-1, -1, 0, 0, 1, 1]",
        "loser_hits_adjustment: [-1, 0, 1]",
    );
    std::fs::write(&path, text).unwrap();
    let e = musket::rules::ngg::load(Some(&path))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("ngg1812.ron") && e.contains("loser_hits_adjustment"),
        "{e}"
    );
    std::fs::write(&path, "(ruleset: \"ngg1812\", edition: 3)").unwrap();
    let e = musket::rules::ngg::load(Some(&path))
        .unwrap_err()
        .to_string();
    assert!(e.contains("ngg1812.ron:1:"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

// 11.11: the owner picks the withdrawal hex among the legal ones (`Choices.retreat`).
#[test]
fn chosen_withdrawal_hex_is_used_11_11() {
    let mut g = four_vs_one().game();
    let r = req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]);
    let c = Choices {
        retreat: Some(vec!["0203".into()]),
        ..Default::default()
    };
    resolve(&mut g, &r, c, &[2, 1, 1]);
    assert_eq!(at(&g, "d2").as_deref(), Some("0203"));
}

// 11.12 second bullet: on a win by 1 or 2 only undisrupted cavalry may advance; a command
// naming infantry is not followed (logged), one naming the cavalry advances at once.
#[test]
fn advance_choice_checked_against_the_result_11_12() {
    let build = || {
        let mut b = ngg(6, 6);
        for (id, k) in [("a1", Inf), ("c", Cav)] {
            b = u(b, id, 'F', "0302", k);
        }
        u(
            u(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf),
            "d3",
            'R',
            "0303",
            Inf,
        )
    };
    let mut g = build().game();
    let r = req(&g, &["a1", "c"], "0303", &[("withdraw", "yes")]);
    let c = Choices {
        advance: Some(vec!["a1".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &r, c, &[4, 4, 3]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChoiceOverridden { .. }))
    );
    assert_eq!(at(&g, "a1").as_deref(), Some("0302"));
    let mut g = build().game();
    let c = Choices {
        advance: Some(vec!["c".into()]),
        ..Default::default()
    };
    let ev = resolve(&mut g, &r, c, &[4, 4, 3]);
    assert!(ev.iter().any(|e| matches!(e, Event::Advanced { .. })));
    assert_eq!(at(&g, "c").as_deref(), Some("0303"));
    assert!(g.advance_option.is_none());
}

// ---------------------------------------------------------------------------------------------
// Audit fixes: divisors as data, halving by hex, support hits, readings (11.1, 11.13, 11.9 vs
// 11.18), hand-worked hit counts, odds of the scenario.
// ---------------------------------------------------------------------------------------------

fn tables_with(from: &str, to: &str) -> Ngg {
    assert!(musket::rules::ngg::DEFAULT_TABLES.contains(from), "{from}");
    let text = musket::rules::ngg::DEFAULT_TABLES.replace(from, to);
    let mut tables: musket::rules::ngg::data::Tables =
        musket::rules::scenario::from_ron(&text).unwrap();
    assert!(tables.check().is_empty());
    Ngg { tables }
}

// 11.2: the divisors are read from the tables, not fixed at 2 and 4.
#[test]
fn halving_divisors_come_from_the_tables_11_2() {
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3", "a4"] {
        b = with(b, id, 'F', "0302", Inf, |x| x.forced_march = true);
    }
    let g = u(b, "d", 'R', "0303", Inf).game();
    let r = req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]);
    let fav = |rules: &Ngg| {
        Assessment::new(rules, &g, &r, &Choices::default())
            .unwrap()
            .fav_base
    };
    assert_eq!(fav(&Ngg::builtin()), 2, "4 halved");
    assert_eq!(
        fav(&tables_with("halved_divisor: 2", "halved_divisor: 3")),
        1,
        "4 / 3 rounded down"
    );
    // Quartered: force-marched and fought once.
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3", "a4"] {
        b = with(b, id, 'F', "0302", Inf, |x| {
            x.forced_march = true;
            x.combats = Some(1);
        });
    }
    let g = u(b, "d", 'R', "0303", Inf).game();
    let r = req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]);
    let fav = |rules: &Ngg| {
        Assessment::new(rules, &g, &r, &Choices::default())
            .unwrap()
            .fav_base
    };
    assert_eq!(fav(&Ngg::builtin()), 1, "4 quartered");
    assert_eq!(
        fav(&tables_with("quartered_divisor: 4", "quartered_divisor: 3")),
        1
    );
    assert_eq!(
        fav(&tables_with("quartered_divisor: 4", "quartered_divisor: 5")),
        0,
        "4 / 5 rounded down"
    );
}

// 11.2: "if any unit(s) within the stack force marched": leaving a force-marched unit out of
// the attack does not avoid the halving, for the attacking stack and a supporting stack.
#[test]
fn halving_looks_at_every_unit_in_the_hex_11_2() {
    let b = u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "a2", 'F', "0302", Inf);
    let b = with(b, "a3", 'F', "0302", Inf, |x| x.forced_march = true);
    let b = u(b, "s1", 'F', "0202", Inf);
    let b = with(b, "s2", 'F', "0202", Inf, |x| x.forced_march = true);
    let g = u(b, "d", 'R', "0303", Inf).game();
    let a = assess(
        &g,
        &req(&g, &["a1", "a2", "s1"], "0303", &[("stack", "0302")]),
    );
    assert_eq!(a.stack.value, 1, "2 named, halved because a3 force-marched");
    assert_eq!(points(&a, "Halved/quartered"), Some(-1));
    assert_eq!(a.attacker_supports[0].value, 0, "1 named unit, halved (s2)");
    assert_eq!(a.fav_base, 1);
}

// 11.17 / 11.18: on the attacker's side too, leftover hits may fall on every combat unit of a
// supporting hex, disrupted (and unnamed) ones included.
#[test]
fn attacker_support_hits_reach_disrupted_units_11_17() {
    let b = u(u(ngg(6, 6), "x", 'F', "0302", Inf), "s1", 'F', "0202", Inf);
    let mut b = disrupted(b, "s2", 'F', "0202", Inf);
    for id in ["d1", "d2", "d3", "d4", "d5"] {
        b = u(b, id, 'R', "0303", Inf);
    }
    let g0 = b.game();
    let r = req(&g0, &["x", "s1"], "0303", &[("stack", "0302")]);
    // FAV 1 + support 1 + 1 = 3; FDV 5 + 6 = 11: the attacker loses by 8; it takes
    // min(8, 5 undisrupted defenders) = 5 hits: x disrupted and eliminated, s1 disrupted and
    // eliminated, the disrupted s2 eliminated. The defender takes 8 / 2 + 0 (die 3) = 4,
    // capped at the attacker's 2 undisrupted units: d1 and d2 disrupted.
    let mut g = g0.clone();
    let ev = resolve(&mut g, &r, Choices::default(), &[1, 6, 3]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatResult {
            differential: -8,
            ..
        }
    )));
    for id in ["x", "s1", "s2"] {
        assert_eq!(at(&g, id), None, "{id} eliminated");
    }
    assert_eq!(unit(&g, "d1").status, Status::Disrupted);
    assert_eq!(unit(&g, "d2").status, Status::Disrupted);
    assert_eq!(unit(&g, "d3").status, Status::Normal);
    // The owner may name the disrupted supporting unit for a hit.
    let c = Choices {
        attacker_losses: Some(vec!["x".into(), "s2".into()]),
        ..Default::default()
    };
    assert!(g0.rules.check(&g0, &r, &c).is_ok());
}

// 11.14 / 11.17 hand-worked: 3 infantry against 1, dice 6, 1 and 5. FAV 3 + 6 = 9, FDV 1 + 1
// = 2: difference 7, capped at the winner's 3 units: 3 hits on d (disrupted, eliminated, the
// third has nothing to fall on). The loser's 7 / 2 = 3, +1 for the 5 = 4, capped at its 1
// undisrupted unit: 1 hit, a1 disrupted.
#[test]
fn hand_worked_hit_counts_11_14_11_15() {
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3"] {
        b = u(b, id, 'F', "0302", Inf);
    }
    let mut g = u(b, "d", 'R', "0303", Inf).game();
    let r = req(&g, &["a1", "a2", "a3"], "0303", &[]);
    let ev = resolve(&mut g, &r, Choices::default(), &[6, 1, 5]);
    let (diff, att, def) = ev
        .iter()
        .find_map(|e| match e {
            Event::CombatResult {
                differential,
                attacker,
                defender,
            } => Some((*differential, attacker.clone(), defender.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (diff, att.as_str(), def.as_str()),
        (7, "win (1 hits)", "3 hits")
    );
    assert_eq!(at(&g, "d"), None);
    assert_eq!(unit(&g, "a1").status, Status::Disrupted);
    assert_eq!(unit(&g, "a2").status, Status::Normal);
    assert_eq!(unit(&g, "a3").status, Status::Normal);
}

// 11.17: hits beyond the defending stack spill over to its supporting stack.
#[test]
fn defender_hits_spill_over_to_the_supporting_stack_11_17() {
    let mut b = ngg(6, 6);
    for id in ["a1", "a2", "a3", "a4"] {
        b = u(b, id, 'F', "0302", Inf);
    }
    let mut g = u(u(b, "d", 'R', "0303", Inf), "s", 'R', "0403", Inf).game();
    let r = req(
        &g,
        &["a1", "a2", "a3", "a4"],
        "0303",
        &[("defender_support", "0403")],
    );
    // FAV 4 + 6 = 10, FDV 1 + support 1 + 1 = 3: 7, capped at 4 hits: d disrupted and
    // eliminated (half on the stack), s disrupted and eliminated. The loser: 3 + 0 (die 3),
    // capped at its 2 undisrupted units: a1, a2 disrupted.
    resolve(&mut g, &r, Choices::default(), &[6, 1, 3]);
    assert_eq!(at(&g, "d"), None);
    assert_eq!(at(&g, "s"), None);
    assert_eq!(unit(&g, "a1").status, Status::Disrupted);
    assert_eq!(unit(&g, "a2").status, Status::Disrupted);
    assert_eq!(unit(&g, "a3").status, Status::Normal);
}

// 11.5 footnote: a supporting stack with artillery attacking a fortified city takes no
// modifier (seed silent: `fortified_with_artillery_support: 0`); without artillery -1.
#[test]
fn fortified_city_support_with_artillery_is_0_11_5() {
    let b = u(ngg(6, 6), "x", 'F', "0302", Inf);
    let b = u(u(b, "art", 'F', "0202", Art), "inf", 'F', "0402", Inf);
    let g = u(b, "d", 'R', "0303", Inf).terrain("0303", 'k').game();
    let a = assess(
        &g,
        &req(&g, &["x", "art", "inf"], "0303", &[("stack", "0302")]),
    );
    assert_eq!(
        points(&a, "Fortified city"),
        Some(-2),
        "stack without artillery"
    );
    assert_eq!(
        points(&a, "Supporting stack 0202"),
        Some(1),
        "1 unit, with artillery: 0"
    );
    assert_eq!(
        points(&a, "Supporting stack 0402"),
        Some(0),
        "1 unit, without: -1"
    );
    assert_eq!(a.fav_base, 1 - 2 + 1);
}

// 11.16 applies after a defender's win too: the defender withdraws by option (11.10) from an
// attacking stack with undisrupted cavalry and has none: a disrupted unit is eliminated.
#[test]
fn pursuit_after_a_defender_win_11_10_11_16() {
    let b = u(u(ngg(6, 6), "x1", 'F', "0302", Cav), "x2", 'F', "0302", Cav);
    let mut g = disrupted(u(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf).game();
    let r = req(&g, &["x1", "x2"], "0303", &[("withdraw", "yes")]);
    // FAV 2 + 1 = 3, FDV 1 + 6 = 7: the defender wins by 4. The attacker takes min(4, 1) = 1
    // (x1 disrupted; x2 stays undisrupted cavalry); the defender 4 / 2 - 1 (die 1) = 1: d1
    // disrupted. It withdraws to 0304; the pursuit eliminates the first disrupted unit, d1.
    let ev = resolve(&mut g, &r, Choices::default(), &[1, 6, 1]);
    assert_eq!(unit(&g, "x1").status, Status::Disrupted);
    assert_eq!(unit(&g, "x2").status, Status::Normal);
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "d2").as_deref(), Some("0304"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note { text } if text.starts_with("11.16")))
    );
}

// 11.1 "the attackers have none": read as the attacking stack; cavalry in a supporting stack
// does not stop the withdrawal before combat.
#[test]
fn cavalry_in_support_does_not_stop_11_1() {
    let b = u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "s", 'F', "0202", Cav);
    let b = u(b, "cav", 'F', "0302", Cav);
    let g = u(b, "c", 'R', "0303", Cav).game();
    let opts = [("withdraw", "yes"), ("stack", "0302")];
    let a = assess(&g, &req(&g, &["a1", "s"], "0303", &opts));
    assert!(a.pre_withdrawal.is_some(), "support cavalry does not count");
    let a = assess(&g, &req(&g, &["a1", "cav", "s"], "0303", &opts));
    assert!(a.pre_withdrawal.is_none(), "cavalry in the attacking stack");
}

// 11.13: all defenders eliminated: the attacking stack's commander may advance even when its
// combat units are all disrupted.
#[test]
fn commander_alone_may_advance_when_all_defenders_eliminated_11_13() {
    let b = ldr(u(ngg(6, 6), "x", 'F', "0302", Inf), "K", 'F', "0302", 1);
    let b = u(u(b, "s1", 'F', "0202", Inf), "s2", 'F', "0402", Inf);
    let g = u(disrupted(b, "d1", 'R', "0303", Inf), "d2", 'R', "0303", Inf).game();
    let a = assess(
        &g,
        &req(&g, &["x", "K", "s1", "s2"], "0303", &[("stack", "0302")]),
    );
    // FAV 1 + CR 1 + 1 + 1 + 6 = 10, FDV 1 + 1 = 2: 8, capped at 3 hits: d2 disrupted, d1 and
    // d2 eliminated. The loser's 4 + 0, capped at its 1 undisrupted unit: x disrupted.
    let o = a.outcome(&Ngg::builtin(), &g, 6, 1, 3);
    assert_eq!((o.diff, o.defender_hits, o.attacker_hits), (8, 3, 1));
    assert_eq!(o.withdrawal, Withdrawal::Eliminated);
    assert_eq!(o.advance, vec![g.unit_by_id("K").unwrap()]);
}

// The odds count the hits absorbed (from the steps the resolution applies), capped by what the
// stack can absorb: Murat's cavalry against the disrupted rearguard (one hit eliminates it).
#[test]
fn odds_losses_are_hits_absorbed_murat_vs_rearguard() {
    let sc = musket::rules::registry::load_scenario(Path::new("scenarios/ngg1812-smolensk.ron"))
        .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("ngg1812").unwrap()).unwrap();
    let g = musket::rules::flow::new_game(Arc::new(sc), rules);
    let o = g
        .rules
        .odds(&g, &req(&g, &["fr-murat", "fr-1cc", "fr-2cc"], "0508", &[]))
        .unwrap();
    // FAV 2 + Murat's CR 2 (limited to 2 units) + d6 against FDV d6 (11.18). The rearguard
    // absorbs one hit (and is eliminated) on every win of the attacker, and on a loss when the
    // losing attacker's half difference adjusted by 11.15's die is 1 or more (a loss by 1 and a
    // die of 5 or 6). It inflicts no hit (11.18's play note).
    let adj = [-1, -1, 0, 0, 1, 1];
    let (mut wins, mut gone) = (0u64, 0u64);
    for ad in 1..=6i32 {
        for dd in 1..=6i32 {
            let diff = 4 + ad - dd;
            if diff > 0 {
                wins += 1;
            }
            for a in adj {
                if diff > 0 || (diff < 0 && (-diff) / 2 + a >= 1) {
                    gone += 1;
                }
            }
        }
    }
    assert_eq!((wins, gone), (33, 33 * 6 + 2));
    assert_eq!(o.attacker_result_prob("win"), p(wins, 36));
    assert_eq!(o.defender_manpower, 1, "one disrupted unit absorbs one hit");
    assert_eq!(
        o.attacker_manpower, 4,
        "two undisrupted units absorb two hits each"
    );
    assert_eq!(o.defender_expected_loss, p(gone, 216));
    assert_eq!(
        o.attacker_expected_loss,
        p(0, 1),
        "disrupted units inflict no hits"
    );
    assert_eq!(o.p_rout, p(gone, 216));
    assert_eq!(o.p_retreat, p(gone, 216), "withdraws + eliminated");
}

// p_retreat is P(withdraws) + P(eliminated); p_rout P(eliminated); an 11.12 elimination counts
// as the hits the unit could absorb.
#[test]
fn p_retreat_includes_elimination_and_blocked_withdrawal_counts() {
    let g = four_vs_one().game();
    let r = req(&g, &["a1", "a2", "a3", "a4"], "0303", &[]);
    let o = g.rules.odds(&g, &r).unwrap();
    let w = o.defender_result_prob("withdraws");
    let e = o.defender_result_prob("eliminated");
    assert!(w > p(0, 1) && e > p(0, 1));
    assert_eq!(o.p_retreat, w + e);
    assert_eq!(o.p_rout, e);
    assert_eq!(o.defender_manpower, 4);
    assert!(o.defender_expected_loss <= p(4, 1));
    // Every withdrawal blocked (rivers all round but towards the attacker): a win by 3 or more
    // eliminates both defenders, 4 hits' worth, whatever hits were inflicted.
    let mut b = four_vs_one();
    for d in [
        musket::rules::hex::Dir::NE,
        musket::rules::hex::Dir::SE,
        musket::rules::hex::Dir::S,
        musket::rules::hex::Dir::SW,
        musket::rules::hex::Dir::NW,
    ] {
        b = b.hexside("0303", d, &[Feature::MajorRiver]);
    }
    let g = b.game();
    let a = assess(&g, &r);
    // A win by exactly 3: FAV 4 + 2, FDV 2 + 1: 3 hits (d1 disrupted, d2 disrupted, d1
    // eliminated); d2 cannot withdraw: eliminated too (11.12).
    let o = a.outcome(&Ngg::builtin(), &g, 2, 1, 3);
    assert_eq!((o.diff, o.defender_hits), (3, 3));
    assert_eq!(o.withdrawal, Withdrawal::Blocked);
    assert_eq!(musket::rules::ngg::odds::absorbed(&g, &o.defender_steps), 4);
}

// 4.1: every hex of the shipped scenario holds at most 6 OF.
#[test]
fn shipped_scenario_respects_hex_capacity_4_1() {
    let sc = musket::rules::registry::load_scenario(Path::new("scenarios/ngg1812-smolensk.ron"))
        .unwrap();
    let rules =
        musket::rules::registry::builtin(musket::rules::registry::id("ngg1812").unwrap()).unwrap();
    let g = musket::rules::flow::new_game(Arc::new(sc), rules);
    let t = Ngg::builtin().tables;
    let mut by_hex: BTreeMap<String, u32> = BTreeMap::new();
    for (i, x) in g.units.iter().enumerate() {
        if x.is_leader() {
            continue;
        }
        let own = musket::rules::ngg::state::unit(&g, musket::rules::unit::UnitIdx(i as u32));
        let class = own.class.unwrap_or_else(|| panic!("{} has no class", x.id));
        let h = g.label(x.hex.expect("on the map"));
        *by_hex.entry(h).or_insert(0) += t.of_halves(class);
    }
    assert!(by_hex.len() >= 6);
    for (h, halves) in by_hex {
        assert!(
            halves <= t.capacity_halves(),
            "{h}: OF {} > {}",
            f64::from(halves) / 2.0,
            t.hex_capacity
        );
    }
}

// The odds group the 216 cases (11.8: only FAV - FDV matters; 11.15: only the adjustment of its
// die): the same numbers as every one of the 216 rolls through the function the resolution
// applies, counted one by one — on a win, a tie, a loss, a disrupted-only defence (11.18), an
// odd-hit option (11.17), cavalry pursuit (11.16) and a cavalry-only defence (11.1).
#[test]
fn odds_count_every_one_of_the_216_rolls_11_8_11_15() {
    use musket::rules::cv::Prob;
    use musket::rules::ngg::odds::absorbed;
    use musket::rules::ruleset::Ruleset;
    type Setup = (B, Vec<&'static str>, Vec<(&'static str, &'static str)>);
    let setups: Vec<Setup> = vec![
        (four_vs_one(), vec!["a1", "a2", "a3", "a4"], vec![]),
        (
            u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "d1", 'R', "0303", Inf),
            vec!["a1"],
            vec![],
        ),
        (
            disrupted(
                u(u(ngg(6, 6), "a1", 'F', "0302", Cav), "a2", 'F', "0302", Inf),
                "d1",
                'R',
                "0303",
                Inf,
            ),
            vec!["a1", "a2"],
            vec![],
        ),
        (
            u(
                u(u(ngg(6, 6), "a1", 'F', "0302", Cav), "d1", 'R', "0303", Inf),
                "d2",
                'R',
                "0303",
                Art,
            ),
            vec!["a1"],
            vec![
                ("odd_hit_attacker", "yes"),
                ("odd_hit_defender", "yes"),
                ("withdraw", "yes"),
            ],
        ),
        (
            u(u(ngg(6, 6), "a1", 'F', "0302", Inf), "d1", 'R', "0303", Cav),
            vec!["a1"],
            vec![],
        ),
    ];
    let rules = Ngg::builtin();
    for (i, (b, attackers, opts)) in setups.into_iter().enumerate() {
        let g = b.game();
        let r = req(&g, &attackers, "0303", &opts);
        let a = assess(&g, &r);
        let odds = rules.odds(&g, &r).unwrap();
        let (mut diff, mut res) = (BTreeMap::new(), BTreeMap::new());
        let (mut att, mut def, mut gone) = (0u64, 0u64, 0u64);
        for ad in 1..=6 {
            for dd in 1..=6 {
                for ld in 1..=6 {
                    let o = a.outcome(&rules, &g, ad, dd, ld);
                    if o.res != Res::NoCombat {
                        *diff.entry(o.diff).or_insert(0u64) += 1;
                    }
                    *res.entry(o.res.code().to_string()).or_insert(0u64) += 1;
                    att += absorbed(&g, &o.attacker_steps);
                    def += absorbed(&g, &o.defender_steps);
                    gone += u64::from(matches!(
                        o.withdrawal,
                        Withdrawal::Eliminated | Withdrawal::Blocked
                    ));
                }
            }
        }
        let p = |n: u64| Prob::new(n, 216);
        let want: BTreeMap<i32, Prob> = diff.iter().map(|(k, n)| (*k, p(*n))).collect();
        assert_eq!(odds.differential, want, "setup {i}: FAV - FDV");
        for (code, prob) in &odds.attacker_results {
            assert_eq!(*prob, p(res[code]), "setup {i}: {code}");
        }
        assert_eq!(odds.attacker_expected_loss, p(att), "setup {i}");
        assert_eq!(odds.defender_expected_loss, p(def), "setup {i}");
        assert!(odds.p_rout >= p(gone), "setup {i}: eliminations");
    }
}

/// 11.2: the combats a unit has taken part in this turn (NGG 1812's own state of it).
fn combats(g: &Game, id: &str) -> u8 {
    musket::rules::ngg::state::unit(g, g.unit_by_id(id).unwrap()).combats
}
