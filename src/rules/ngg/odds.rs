//! Exact odds: the attacker's d6, the defender's d6 and 11.15's d6 (216 equally likely cases),
//! each through [`Assessment::outcome`], the function the resolution applies.
//!
//! Result codes: the attacker's `win` / `tie` / `loss` (11.8, 11.9; `no combat` when the
//! defender withdrew before combat, 11.1, or only commanders were attacked, 11.19); the
//! defender's `holds` (stays in its hex), `withdraws` (11.11) or `eliminated` (every combat
//! unit gone: by hits, by pursuit, or unable to make a forced withdrawal). NGG has no rout as
//! such; this program calls the defending stack's elimination its "rout": `p_rout` is
//! P(eliminated) and `p_retreat` is P(withdraws) + P(eliminated), so `p_rout <= p_retreat`
//! (the trait's "retreats or routs").
//!
//! Losses are counted in hits absorbed, from the same steps the resolution applies
//! ([`Outcome::attacker_steps`] / [`Outcome::defender_steps`]: 11.9, 11.14, 11.15, 11.16's
//! pursuit, 11.17's optional extra hit, and 11.12's eliminations when a forced withdrawal is
//! blocked). A unit absorbs at most two hits if undisrupted (disrupted, then eliminated) and one
//! if already disrupted; an eliminated unit counts all it could absorb. The "manpower" fields
//! are what each side can absorb: 2 per undisrupted combat unit and 1 per disrupted one, over
//! the stacks and supporting stacks in the combat, so an expected loss never exceeds them.
//! `extra_json` holds `win`, `tie`, `loss`, the hits inflicted (`attacker_hits` /
//! `defender_hits` distributions, 11.9, 11.14, 11.15), `fav_base`, `fdv_base`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rules::attack::{AttackType, ModValue, Odds};
use crate::rules::cv::{Prob, percent};
use crate::rules::game::Game;

use super::Ngg;
use super::assess::{Assessment, Outcome, Res, Stack, Step, Withdrawal};
use crate::rules::unit::UnitIdx;

fn frac(p: Prob) -> String {
    format!("{}/{}", p.numer(), p.denom())
}

/// What a unit can absorb before it is eliminated: 2 hits undisrupted, 1 disrupted.
fn capacity(game: &Game, u: UnitIdx) -> u64 {
    if game.unit(u).is_disrupted() { 1 } else { 2 }
}

/// Hits absorbed by the units the steps touch: an eliminated unit counts its whole capacity
/// (11.12's elimination of an undisrupted unit included), a disrupted one 1.
pub fn absorbed(game: &Game, steps: &[Step]) -> u64 {
    let mut seen: Vec<UnitIdx> = Vec::new();
    let mut total = 0;
    for s in steps {
        if seen.contains(&s.unit) {
            continue;
        }
        seen.push(s.unit);
        total += if steps.iter().any(|x| x.unit == s.unit && x.eliminated) {
            capacity(game, s.unit)
        } else {
            1
        };
    }
    total
}

/// The hits a side's units can absorb (the "manpower" of the odds).
pub fn side_capacity(game: &Game, units: &[UnitIdx]) -> u32 {
    units.iter().map(|u| capacity(game, *u) as u32).sum()
}

/// Whether every defending combat unit is eliminated.
fn defence_gone(a: &Assessment, o: &Outcome) -> bool {
    !a.defence.combat.is_empty()
        && a.defence.combat.iter().all(|u| {
            o.defender_steps
                .iter()
                .any(|s| s.unit == *u && s.eliminated)
        })
}

/// The equally likely cases: the attacker's d6, the defender's d6 and 11.15's d6.
const CASES: u64 = 216;

/// The probability of `n` cases out of [`CASES`].
fn p(n: u64) -> Prob {
    Prob::new(n, CASES)
}

/// The outcomes of the cases, counted.
struct Counts {
    diff: BTreeMap<i32, u64>,
    /// The attacker's result codes (11.8, 11.9; `no combat`).
    res: Vec<(&'static str, u64)>,
    /// The defender's result codes.
    def: Vec<(&'static str, u64)>,
    /// Hits inflicted on the attacker and on the defender.
    ah: BTreeMap<u32, u64>,
    dh: BTreeMap<u32, u64>,
    /// Hits absorbed, summed over the cases.
    att_loss: u64,
    def_loss: u64,
}

impl Counts {
    fn new() -> Counts {
        Counts {
            diff: BTreeMap::new(),
            res: ["win", "tie", "loss", "no combat"].map(|c| (c, 0)).to_vec(),
            def: ["holds", "withdraws", "eliminated"]
                .map(|c| (c, 0))
                .to_vec(),
            ah: BTreeMap::new(),
            dh: BTreeMap::new(),
            att_loss: 0,
            def_loss: 0,
        }
    }

    /// `w` equally likely cases with the outcome `o`, counted.
    fn add(&mut self, game: &Game, a: &Assessment, o: &Outcome, w: u64) {
        if o.res != Res::NoCombat {
            *self.diff.entry(o.diff).or_insert(0) += w;
        }
        let code = o.res.code();
        if let Some(e) = self.res.iter_mut().find(|(c, _)| *c == code) {
            e.1 += w;
        }
        let d = defender_code(a, o);
        if let Some(e) = self.def.iter_mut().find(|(c, _)| *c == d) {
            e.1 += w;
        }
        *self.ah.entry(o.attacker_hits).or_insert(0) += w;
        *self.dh.entry(o.defender_hits).or_insert(0) += w;
        self.att_loss += w * absorbed(game, &o.attacker_steps);
        self.def_loss += w * absorbed(game, &o.defender_steps);
    }
}

/// The defender's result code: `eliminated` (every combat unit gone, or a forced withdrawal
/// blocked), `withdraws` or `holds`.
fn defender_code(a: &Assessment, o: &Outcome) -> &'static str {
    let gone = defence_gone(a, o);
    match o.withdrawal {
        _ if gone
            || o.withdrawal == Withdrawal::Eliminated
            || o.withdrawal == Withdrawal::Blocked =>
        {
            "eliminated"
        }
        Withdrawal::To(_) => "withdraws",
        _ => "holds",
    }
}

/// The codes that occur, with their probabilities.
fn list(v: &[(&'static str, u64)]) -> Vec<(String, Prob)> {
    v.iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| (c.to_string(), p(*n)))
        .collect()
}

/// The cases with code `c`.
fn count(v: &[(&'static str, u64)], c: &str) -> u64 {
    v.iter().find(|(x, _)| *x == c).map_or(0, |(_, n)| *n)
}

/// The 216 cases grouped by what decides them: [`Assessment::outcome`] depends on the dice
/// only through the difference of the two d6 (11.8: FAV - FDV) and, when one side wins, 11.15's
/// adjustment for its die. So one pair of dice stands for each difference (`6 - |difference|`
/// pairs), and one face of 11.15's die for each adjustment (the faces with that adjustment);
/// a tie or a combat decided before the dice (11.1, 11.19) ignores 11.15's die. Each case:
/// (attacker's die, defender's die, 11.15's die, how many of the 216 it stands for).
fn cases(rules: &Ngg, a: &Assessment) -> Vec<(u8, u8, u8, u64)> {
    // 11.15's faces, grouped by adjustment: (a face, how many faces).
    let mut faces: Vec<(i32, u8, u64)> = Vec::new();
    for ld in 1..=6u8 {
        let adj = rules.tables.loser_adjustment(ld);
        match faces.iter_mut().find(|f| f.0 == adj) {
            Some(f) => f.2 += 1,
            None => faces.push((adj, ld, 1)),
        }
    }
    let decided = a.pre_withdrawal.is_some() || a.leaders_only;
    let mut out = Vec::new();
    for delta in -5..=5i32 {
        let pairs = 6 - delta.unsigned_abs() as u64;
        let ad = (1 + delta).max(1) as u8;
        let dd = (i32::from(ad) - delta) as u8;
        if decided || a.fav_base + delta == a.fdv_base {
            out.push((ad, dd, 1, pairs * 6));
        } else {
            out.extend(faces.iter().map(|&(_, ld, n)| (ad, dd, ld, pairs * n)));
        }
    }
    out
}

pub fn odds(rules: &Ngg, game: &Game, a: &Assessment) -> Odds {
    let mut n = Counts::new();
    let cases = cases(rules, a);
    // Each case is the resolution's procedure run once: the work the computer opponent's
    // budget counts (`rules::work`).
    crate::rules::work::add(cases.len() as u64);
    for (ad, dd, ld, w) in cases {
        n.add(game, a, &a.outcome(rules, game, ad, dd, ld), w);
    }
    Odds {
        ruleset: "ngg1812",
        kind: AttackType::Combat,
        lines: a.lines.clone(),
        attacker_drm: ModValue::Points(a.fav_base),
        defender_drm: ModValue::Points(a.fdv_base),
        extra_die: false,
        differential: n.diff.iter().map(|(k, c)| (*k, p(*c))).collect(),
        attacker_results: list(&n.res),
        defender_results: list(&n.def),
        attacker_expected_loss: p(n.att_loss),
        defender_expected_loss: p(n.def_loss),
        attacker_manpower: side_capacity(game, &a.attacker_units()),
        defender_manpower: side_capacity(game, &a.defender_units()),
        p_retreat: p(count(&n.def, "withdraws") + count(&n.def, "eliminated")),
        p_rout: p(count(&n.def, "eliminated")),
        hex_notes: Vec::new(),
        extra_json: extra_json(game, a, &n),
    }
}

/// A hits distribution as JSON fractions.
fn dist(m: &BTreeMap<u32, u64>) -> Value {
    Value::Object(
        m.iter()
            .map(|(h, n)| (h.to_string(), json!(frac(p(*n)))))
            .collect(),
    )
}

/// 11.9, 11.14, 11.15: the hits inflicted on one side, as a text line.
fn hits_line(who: &str, m: &BTreeMap<u32, u64>) -> String {
    let parts: Vec<String> = m
        .iter()
        .map(|(h, n)| format!("{h}: {} ({})", percent(p(*n)), frac(p(*n))))
        .collect();
    format!(
        "Hits inflicted on the {who} (11.9, 11.14, 11.15): {}",
        parts.join(", ")
    )
}

/// The odds' `extra_json`: the results, the hits, the values and the stacks.
fn extra_json(game: &Game, a: &Assessment, n: &Counts) -> serde_json::Map<String, Value> {
    let mut x = serde_json::Map::new();
    x.insert(
        "differential_meaning".into(),
        serde_json::json!("FAV minus FDV (11.8): positive, the attacker wins; 0, a tie"),
    );
    for c in ["win", "tie", "loss"] {
        x.insert(c.into(), json!(frac(p(count(&n.res, c)))));
    }
    x.insert("attacker_hits".into(), dist(&n.ah));
    x.insert("defender_hits".into(), dist(&n.dh));
    x.insert("fav_base".into(), json!(a.fav_base));
    x.insert("fdv_base".into(), json!(a.fdv_base));
    x.insert("attacker_cv_text".into(), json!(a.fav_text));
    x.insert("defender_cv_text".into(), json!(a.fdv_text));
    x.insert(
        "crt_columns".into(),
        json!({"attacker": "none (FAV against FDV, 11.8)", "defender": "none"}),
    );
    x.insert("attacker_stack".into(), json!(game.label(a.stack.hex)));
    let labels = |v: &[Stack]| json!(v.iter().map(|s| game.label(s.hex)).collect::<Vec<_>>());
    x.insert("attacker_supports".into(), labels(&a.attacker_supports));
    x.insert("defender_supports".into(), labels(&a.defender_supports));
    x.insert("disrupted_only".into(), json!(a.disrupted_only));
    x.insert(
        "text_lines".into(),
        json!([
            a.fav_text.clone(),
            a.fdv_text.clone(),
            hits_line("attacker", &n.ah),
            hits_line("defender", &n.dh),
        ]),
    );
    x
}
