//! Exact odds: every combination of the dice, counted in exact fractions.
//!
//! The attacker's and defender's d6 are always enumerated (36 cases); when the artillery cell
//! needs its extra die, all six of its faces are enumerated too (216 cases). Each case goes
//! through [`Assessment::outcome`], the function the real resolution uses.

use std::collections::BTreeMap;

use serde_json::json;

use crate::rules::attack::{HexNote, ModValue, Odds};
use crate::rules::cv::Prob;
use crate::rules::game::Game;

use super::Gcacw;
use super::assess::Assessment;
use super::data::ResultCode;

pub fn odds(rules: &Gcacw, game: &Game, a: &Assessment) -> Odds {
    let art_faces: &[u8] = if a.artillery.die {
        &[1, 2, 3, 4, 5, 6]
    } else {
        &[2]
    };
    let total = (art_faces.len() * 36) as u64;

    let mut diff: BTreeMap<i32, u64> = BTreeMap::new();
    let mut att: Vec<(&ResultCode, u64)> = Vec::new();
    let mut def: Vec<(&ResultCode, u64)> = Vec::new();
    // Lists are short (a handful of codes): a linear search is fastest.
    fn bump<'a>(list: &mut Vec<(&'a ResultCode, u64)>, code: &'a ResultCode) {
        match list.iter_mut().find(|(c, _)| std::ptr::eq(*c, code)) {
            Some((_, n)) => *n += 1,
            None => list.push((code, 1)),
        }
    }
    for &art in art_faces {
        for ad in 1..=6u8 {
            for dd in 1..=6u8 {
                let o = a.outcome(rules, art, ad, dd);
                *diff.entry(o.differential).or_insert(0) += 1;
                bump(&mut att, a.attacker_result(rules, &o));
                bump(&mut def, a.defender_result(rules, &o));
            }
        }
    }

    // Table order: the codes of the column from the top row down, each once.
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
    let t = &rules.tables;
    let attacker_results = ordered(&att, t.crt.attacker.rows.len(), total, &|r| {
        t.attacker_result(r, a.attacker_column)
    });
    let defender_results = ordered(&def, t.crt.defender.rows.len(), total, &|r| {
        t.defender_result(r, a.defender_column)
    });

    let expected = |list: &[(&ResultCode, u64)], manpower: u32| -> Prob {
        let s: u64 = list
            .iter()
            .map(|(c, n)| u64::from(c.loss.min(manpower)) * n)
            .sum();
        Prob::new(s, total)
    };
    let attacker_expected_loss = expected(&att, a.attacker_manpower);
    let defender_expected_loss = expected(&def, a.defender_manpower);
    let p_retreat = Prob::new(
        def.iter()
            .filter(|(c, _)| c.retreat().is_some())
            .map(|(_, n)| n)
            .sum(),
        total,
    );
    let p_rout = Prob::new(
        def.iter()
            .filter(|(c, _)| c.retreat().is_some_and(|r| r.2))
            .map(|(_, n)| n)
            .sum(),
        total,
    );

    let differential: BTreeMap<i32, Prob> = diff
        .into_iter()
        .map(|(k, n)| (k, Prob::new(n, total)))
        .collect();

    let label = |c: &crate::rules::hex::Coord| game.label(*c);
    let fraction = t.flank.minimum_fraction;
    let hex_notes: Vec<HexNote> = a
        .flank
        .neighbours
        .iter()
        .map(|n| HexNote {
            hex: n.hex,
            label: label(&n.hex),
            covered: n.covered(),
            reduces: n.reduces(),
            reasons: n.reasons(a.defender_cv, fraction),
        })
        .collect();

    let attacker_drm = if a.artillery.die {
        ModValue::ByDie {
            even: a.attacker_drm_even,
            odd: a.attacker_drm_odd,
        }
    } else {
        ModValue::Fixed(a.attacker_drm_even)
    };

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
    extra.insert(
        "flank".into(),
        json!({
            "covered": a.flank.covered.iter().map(label).collect::<Vec<_>>(),
            "basic": a.flank.basic,
            "reductions": a.flank.reductions.iter().map(label).collect::<Vec<_>>(),
            "final": a.flank.final_bonus,
        }),
    );
    extra.insert("tactical".into(), json!(a.tactical));
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
    extra.insert(
        "crt_columns".into(),
        json!({
            "attacker": column_name(&t.crt.attacker.columns, a.attacker_column),
            "defender": column_name(&t.crt.defender.columns, a.defender_column),
        }),
    );

    Odds {
        ruleset: "gcacw",
        kind: a.kind,
        lines: a.lines(rules, game),
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
        hex_notes,
        extra_json: extra,
    }
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
