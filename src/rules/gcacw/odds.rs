//! Exact odds: every combination of the dice, counted in exact fractions.
//!
//! The attacker's and defender's d6 are always enumerated (36 cases); when the artillery cell
//! needs its extra die, all six of its faces are enumerated too (216 cases). Each case goes
//! through [`Assessment::outcome`], the function the real resolution uses.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rules::attack::{HexNote, ModValue, Odds};
use crate::rules::cv::Prob;
use crate::rules::game::Game;

use super::Gcacw;
use super::assess::Assessment;
use super::data::ResultCode;

pub fn odds(rules: &Gcacw, game: &Game, a: &Assessment) -> Odds {
    Odds {
        lines: a.lines(rules, game),
        hex_notes: hex_notes(rules, game, a),
        extra_json: explanation(rules, game, a),
        ..numbers(rules, a)
    }
}

/// The odds' numbers without their explanation (the modifier lines, the flank notes and the
/// JSON details, whose text is a good part of the work): what the computer players weigh
/// (`Ruleset::odds_unexplained`).
pub fn numbers(rules: &Gcacw, a: &Assessment) -> Odds {
    let c = count_outcomes(rules, a);
    let total = c.total;
    let t = &rules.tables;
    let attacker_results = ordered(&c.att, t.crt.attacker.rows.len(), total, &|r| {
        t.attacker_result(r, a.attacker_column)
    });
    let defender_results = ordered(&c.def, t.crt.defender.rows.len(), total, &|r| {
        t.defender_result(r, a.defender_column)
    });
    let attacker_expected_loss = expected_loss(&c.att, a.attacker_manpower, total);
    let defender_expected_loss = expected_loss(&c.def, a.defender_manpower, total);
    let p_retreat = probability(&c.def, total, |code| code.retreat().is_some());
    let p_rout = probability(&c.def, total, |code| code.retreat().is_some_and(|r| r.2));
    let differential: BTreeMap<i32, Prob> = c
        .diff
        .into_iter()
        .map(|(k, n)| (k, Prob::new(n, total)))
        .collect();
    let attacker_drm = if a.artillery.die {
        ModValue::ByDie {
            even: a.attacker_drm_even,
            odd: a.attacker_drm_odd,
        }
    } else {
        ModValue::Fixed(a.attacker_drm_even)
    };

    Odds {
        ruleset: "gcacw",
        kind: a.kind,
        lines: Vec::new(),
        attacker_drm,
        defender_drm: ModValue::Fixed(a.defender_drm),
        extra_die: a.artillery.die,
        differential,
        attacker_results,
        defender_results,
        attacker_expected_loss,
        defender_expected_loss,
        attacker_manpower: a.attacker_manpower,
        defender_manpower: a.defender_manpower,
        p_retreat,
        p_rout,
        hex_notes: Vec::new(),
        extra_json: serde_json::Map::new(),
    }
}

/// How often each result code comes up, one count per case.
type CodeCounts<'a> = Vec<(&'a ResultCode, u64)>;

/// Every combination of the dice, counted.
struct Counts<'a> {
    /// The number of cases (36, or 216 with the artillery die).
    total: u64,
    diff: BTreeMap<i32, u64>,
    att: CodeCounts<'a>,
    def: CodeCounts<'a>,
}

/// Count the outcome of every combination of the dice: the artillery die's faces when its cell
/// needs it, the attacker's d6 and the defender's d6.
fn count_outcomes<'a>(rules: &'a Gcacw, a: &Assessment) -> Counts<'a> {
    let art_faces: &[u8] = if a.artillery.die {
        &[1, 2, 3, 4, 5, 6]
    } else {
        &[2]
    };
    let mut c = Counts {
        total: (art_faces.len() * 36) as u64,
        diff: BTreeMap::new(),
        att: Vec::new(),
        def: Vec::new(),
    };
    // Lists are short (a handful of codes): a linear search is fastest.
    fn bump<'a>(list: &mut CodeCounts<'a>, code: &'a ResultCode) {
        match list.iter_mut().find(|(c, _)| std::ptr::eq(*c, code)) {
            Some((_, n)) => *n += 1,
            None => list.push((code, 1)),
        }
    }
    for &art in art_faces {
        for ad in 1..=6u8 {
            for dd in 1..=6u8 {
                let o = a.outcome(rules, art, ad, dd);
                *c.diff.entry(o.differential).or_insert(0) += 1;
                bump(&mut c.att, a.attacker_result(rules, &o));
                bump(&mut c.def, a.defender_result(rules, &o));
            }
        }
    }
    c
}

/// Table order: the codes of the column from the top row down, each once.
fn ordered<'a>(
    list: &[(&ResultCode, u64)],
    rows: usize,
    total: u64,
    get: &dyn Fn(usize) -> &'a ResultCode,
) -> Vec<(String, Prob)> {
    let mut out: Vec<(String, Prob)> = Vec::new();
    for r in 0..rows {
        let code = get(r);
        if out.iter().any(|(c, _)| *c == code.code) {
            continue;
        }
        let n: u64 = list
            .iter()
            .filter(|(c, _)| c.code == code.code)
            .map(|(_, n)| n)
            .sum();
        if n > 0 {
            out.push((code.code.clone(), Prob::new(n, total)));
        }
    }
    out
}

/// Expected manpower loss: each code's loss capped at the side's manpower.
fn expected_loss(list: &[(&ResultCode, u64)], manpower: u32, total: u64) -> Prob {
    let s: u64 = list
        .iter()
        .map(|(c, n)| u64::from(c.loss.min(manpower)) * n)
        .sum();
    Prob::new(s, total)
}

/// The chance of a result whose code meets `pred`.
fn probability(
    list: &[(&ResultCode, u64)],
    total: u64,
    pred: impl Fn(&ResultCode) -> bool,
) -> Prob {
    Prob::new(
        list.iter().filter(|(c, _)| pred(c)).map(|(_, n)| n).sum(),
        total,
    )
}

/// The flank facts of the six hexes around the defender, for the overlay.
fn hex_notes(rules: &Gcacw, game: &Game, a: &Assessment) -> Vec<HexNote> {
    let fraction = rules.tables.flank.minimum_fraction;
    a.flank
        .neighbours
        .iter()
        .map(|n| HexNote {
            hex: n.hex,
            label: game.label(n.hex),
            covered: n.covered(),
            reduces: n.reduces(),
            reasons: n.reasons(a.defender_cv, fraction),
        })
        .collect()
}

/// The ruleset's own explanation: ratio, artillery, flank, combat values and CRT columns.
fn explanation(rules: &Gcacw, game: &Game, a: &Assessment) -> serde_json::Map<String, Value> {
    let label = |c: &crate::rules::hex::Coord| game.label(*c);
    let t = &rules.tables;
    let mut extra = serde_json::Map::new();
    extra.insert(
        "ratio".into(),
        json!(format!("{}:{}", a.ratio.0, a.ratio.1)),
    );
    extra.insert(
        "artillery_modifier".into(),
        json!({
            "differential": a.artillery.differential,
            "even": a.artillery.even,
            "odd": a.artillery.odd,
            "die": a.artillery.die,
            "row": a.artillery.row,
        }),
    );
    // Sorted lists of labels are in string order (scenario.md): the model's order is theirs on
    // a flat-top map, not on a pointy-top one.
    let sorted = |hexes: &[crate::rules::hex::Coord]| -> Vec<String> {
        let mut v: Vec<String> = hexes.iter().map(label).collect();
        v.sort();
        v
    };
    extra.insert(
        "flank".into(),
        json!({
            "covered": sorted(&a.flank.covered),
            "basic": a.flank.basic,
            "reductions": sorted(&a.flank.reductions),
            "final": a.flank.final_bonus,
        }),
    );
    extra.insert("tactical".into(), json!(a.tactical));
    combat_values(&mut extra, a);
    extra.insert(
        "crt_columns".into(),
        json!({
            "attacker": column_name(&t.crt.attacker.columns, a.attacker_column),
            "defender": column_name(&t.crt.defender.columns, a.defender_column),
        }),
    );
    extra
}

/// The combat values (7.2), before and after the maxima, as numbers and as text.
fn combat_values(extra: &mut serde_json::Map<String, Value>, a: &Assessment) {
    extra.insert("attacker_cv".into(), json!(a.attacker_cv.to_f64()));
    extra.insert("defender_cv".into(), json!(a.defender_cv.to_f64()));
    extra.insert(
        "attacker_cv_text".into(),
        json!(match &a.attacker_cap_note {
            Some(n) => format!("{} ({n})", a.attacker_cv),
            None => a.attacker_cv.to_string(),
        }),
    );
    extra.insert(
        "defender_cv_text".into(),
        json!(if a.defender_cv_sum > a.defender_cv {
            format!(
                "{} ({} capped: {})",
                a.defender_cv, a.defender_cv_sum, a.defender_cap_note
            )
        } else {
            format!("{} ({})", a.defender_cv, a.defender_cap_note)
        }),
    );
    extra.insert(
        "attacker_cv_total".into(),
        json!(a.attacker_cv_sum.to_f64()),
    );
    extra.insert(
        "defender_cv_total".into(),
        json!(a.defender_cv_sum.to_f64()),
    );
    extra.insert("defender_crt_cv".into(), json!(a.defender_crt_cv.to_f64()));
}

/// A CRT column's name, e.g. `1/2-3`, `4-6`, `50+`.
pub fn column_name(cols: &[u32], i: usize) -> String {
    let lo = if i == 0 {
        "1/2".to_string()
    } else {
        cols[i].to_string()
    };
    match cols.get(i + 1) {
        Some(next) => format!("{lo}-{}", next - 1),
        None => format!("{lo}+"),
    }
}
