//! Property tests of the GCACW engine over random positions.

use crate::common;

use common::*;
use musket::rules::attack::{AttackType, Choices};
use musket::rules::cv::Prob;
use musket::rules::dice::Dice;
use musket::rules::event::Event;
use musket::rules::map::Feature;
use proptest::prelude::*;

/// Another unit on the 7x7 map: side, column, row, CV in halves, demoralized, active.
type Extra = (bool, i32, i32, u32, bool, bool);

const TERRAIN: [char; 8] = ['c', 'l', 'r', 'w', 't', 's', 'm', 'p'];
const FEATURES: [Feature; 8] = [
    Feature::MajorRiver,
    Feature::MinorRiver,
    Feature::Creek,
    Feature::Bridge,
    Feature::Dam,
    Feature::Ferry,
    Feature::Ford,
    Feature::Woods,
];

#[derive(Clone, Debug)]
struct Position {
    terrain: Vec<usize>,
    sides: Vec<(usize, usize, usize)>,
    rain: bool,
    def_halves: u32,
    def_art: i64,
    attackers: Vec<(usize, u32, i64)>,
    extras: Vec<Extra>,
}

fn position() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0usize..8, 49),
        prop::collection::vec((0usize..49, 0usize..6, 0usize..8), 0..12),
        any::<bool>(),
        1u32..60,
        0i64..6,
        prop::collection::vec((0usize..6, 1u32..40, 0i64..10), 1..4),
        prop::collection::vec(
            (
                any::<bool>(),
                1i32..8,
                1i32..8,
                1u32..30,
                any::<bool>(),
                any::<bool>(),
            ),
            0..10,
        ),
    )
        .prop_map(
            |(terrain, sides, rain, def_halves, def_art, attackers, extras)| Position {
                terrain,
                sides,
                rain,
                def_halves,
                def_art,
                attackers,
                extras,
            },
        )
}

const DEF: &str = "0404";

/// Build the position; returns the builder and the attacker ids.
fn build(p: &Position, extra_attacker: Option<(i32, i32, u32)>) -> (B, Vec<String>) {
    let mut b = map(7, 7);
    for (i, t) in p.terrain.iter().enumerate() {
        let label = format!("{:02}{:02}", i % 7 + 1, i / 7 + 1);
        b = b.terrain(&label, TERRAIN[*t]);
    }
    for (h, d, f) in &p.sides {
        let label = format!("{:02}{:02}", h % 7 + 1, h / 7 + 1);
        b = b.hexside(&label, Dir::ALL[*d], &[FEATURES[*f]]);
    }
    if p.rain {
        b = b.rain();
    }
    let half = p.def_halves % 2 == 1;
    b = if half || p.def_halves < 2 {
        b.disorganized(
            "def",
            'C',
            DEF,
            f64::from(p.def_halves) / 2.0,
            p.def_halves.div_ceil(2).max(1),
        )
    } else {
        b.unit_with("def", 'C', DEF, p.def_halves / 2, |u| {
            u.artillery = p.def_art
        })
    };
    let neighbours = ["0403", "0504", "0505", "0405", "0305", "0304"];
    let mut ids = Vec::new();
    let mut hexes = Vec::new();
    for (i, (n, cv, art)) in p.attackers.iter().enumerate() {
        let id = format!("a{i}");
        b = b.unit_with(&id, 'U', neighbours[*n], *cv, |u| u.artillery = *art);
        ids.push(id);
        hexes.push(neighbours[*n].to_string());
    }
    let mut taken: Vec<(String, char)> = hexes.iter().map(|h| (h.clone(), 'U')).collect();
    taken.push((DEF.to_string(), 'C'));
    let mut extras: Vec<Extra> = p.extras.clone();
    if let Some((c, r, cv)) = extra_attacker {
        extras.push((true, c, r, cv * 2, false, true));
    }
    for (i, (union, c, r, halves, demo, active)) in extras.iter().enumerate() {
        let label = format!("{c:02}{r:02}");
        let side = if *union { 'U' } else { 'C' };
        if taken.iter().any(|(h, s)| *h == label && *s != side) || label == DEF {
            continue;
        }
        taken.push((label.clone(), side));
        let id = format!("x{i}");
        b = if halves % 2 == 1 {
            b.disorganized(
                &id,
                side,
                &label,
                f64::from(*halves) / 2.0,
                halves.div_ceil(2),
            )
        } else {
            b.unit(&id, side, &label, halves / 2)
        };
        let u = b.file.units.last_mut().unwrap();
        u.demoralized = i64::from(*demo);
        u.active = *active;
    }
    (b, ids)
}

fn kind(ids: &[String], p: &Position) -> Option<AttackType> {
    let mut hexes: Vec<usize> = p.attackers.iter().map(|a| a.0).collect();
    hexes.sort();
    hexes.dedup();
    if hexes.len() > 1 {
        Some(AttackType::Grand)
    } else if ids.len() > 1 {
        Some(AttackType::Assault)
    } else {
        None
    }
}

fn one() -> Prob {
    Prob::from_integer(1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // Probabilities sum to 1; expected losses stay within the side's manpower; a rout is a
    // retreat.
    #[test]
    fn odds_probabilities_sum_to_one(p in position()) {
        let (b, ids) = build(&p, None);
        let g = b.game();
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let o = odds(&g, &refs, DEF, kind(&ids, &p));
        let total = o.differential.values().fold(Prob::from_integer(0), |a, b| a + *b);
        prop_assert_eq!(total, one());
        prop_assert_eq!(sum(&o.attacker_results), one());
        prop_assert_eq!(sum(&o.defender_results), one());
        prop_assert!(o.attacker_expected_loss <= Prob::from_integer(u64::from(o.attacker_manpower)));
        prop_assert!(o.defender_expected_loss <= Prob::from_integer(u64::from(o.defender_manpower)));
        prop_assert!(o.p_rout <= o.p_retreat);
    }

    // More attacker CV never lowers the ratio modifier.
    #[test]
    fn more_attacker_cv_never_lowers_the_ratio_modifier(p in position(), extra in 1u32..30) {
        let (b, ids) = build(&p, None);
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let before = assess(&b.game(), &refs, DEF, kind(&ids, &p));
        let mut q = p.clone();
        q.attackers[0].1 += extra;
        let (b2, _) = build(&q, None);
        let after = assess(&b2.game(), &refs, DEF, kind(&ids, &q));
        prop_assert!(after.attacker_cv >= before.attacker_cv);
        prop_assert!(after.ratio_modifier >= before.ratio_modifier);
    }

    // An extra attacker-side unit never lowers the covered count.
    #[test]
    fn extra_attacker_side_unit_never_lowers_covered_count(p in position(), c in 1i32..8, r in 1i32..8, cv in 1u32..20) {
        let (b, ids) = build(&p, None);
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let before = assess(&b.game(), &refs, DEF, kind(&ids, &p));
        let (b2, _) = build(&p, Some((c, r, cv)));
        let after = assess(&b2.game(), &refs, DEF, kind(&ids, &p));
        prop_assert!(after.flank.covered.len() >= before.flank.covered.len(),
            "{:?} -> {:?}", before.flank.covered, after.flank.covered);
    }

    // A resolution's result always has non-zero probability in the preview, and so does its
    // differential.
    #[test]
    fn resolution_result_has_nonzero_probability_in_the_preview(p in position(), seed in any::<u64>()) {
        let (b, ids) = build(&p, None);
        let mut g = b.game();
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let k = kind(&ids, &p);
        let o = odds(&g, &refs, DEF, k);
        let req = request(&g, &refs, DEF, k);
        let rules = g.rules.clone();
        let ev = rules.resolve(&mut g, &req, &Choices::default(), &mut Dice::new(seed)).unwrap();
        let (x, ar, dr) = ev.iter().find_map(|e| match e {
            Event::CombatResult { differential, attacker, defender } => Some((*differential, attacker.clone(), defender.clone())),
            _ => None,
        }).unwrap();
        prop_assert!(o.differential.get(&x).is_some_and(|v| *v > Prob::from_integer(0)));
        prop_assert!(o.attacker_result_prob(&ar) > Prob::from_integer(0));
        prop_assert!(o.defender_result_prob(&dr) > Prob::from_integer(0));
    }
}
