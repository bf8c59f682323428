//! GBACW melee: [12.98].
//!
//! Procedure (defaults are [project default: not in the seeds], docs/rulesets/gbacw.md):
//! 1. Melee strength of each side = its SP total, plus the player-supplied
//!    `--opt attacker_modifier=N` / `defender_modifier=N` (the Melee Modifiers are on the
//!    chart's flip side, not in the seeds). The differential (attacker minus defender) is
//!    treated as -4 below -4 and +6 above +6 ([12.98] notes).
//! 2. Dice, in this order: the melee die (role Attacker); then the attacker's morale checks
//!    (attacking units in the order named), then the defender's (unit order); each check is
//!    preceded by the two [13.15] dice of a green unit not rated yet.
//! 3. Losses first ([12.98] "Retreats are always executed after losses"): the defender's `K` /
//!    `Cn`, then the attacker's (the loss order of [`super::apply`]); `K` is one SP, `Cn` is `n`
//!    SP captured.
//! 4. The attacker's result, then the defender's:
//!    - `Rn`: the side's units in each hex retreat `n` hexes together (the defender's leaders
//!      go with them), then each unit checks morale; one that fails retreats 3 more hexes and,
//!      by `settings.melee_failed_retreat_check_routs`, is marked routed.
//!    - `Rpls` (attacker): retreat 2, check morale, fail: 3 more hexes.
//!      `Rpls` (defender): check morale, fail: retreat 3 hexes.
//!    - `Eng`: every surviving unit of the side is marked `Engaged` ([12.94] is not in the seeds).
//!    - Wagons and leaders have no morale rating: they move with their hex, they do not check.

use std::collections::BTreeMap;

use serde_json::{Map, json};

use crate::rules::cv::Prob;
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::{
    AttackError, AttackRequest, AttackType, Choices, ModValue, Odds, Role, choice_units,
};
use crate::rules::unit::{Status, UnitIdx, UnitKind};

use super::apply::{self, Live};
use super::assess::{self, Melee};
use super::data::{MeleeCode, Tables};
use super::morale::{Check, enumerate, roll_unit};

/// The two codes a die gives, as printed and parsed.
pub fn read_die(t: &Tables, a: &Melee, die: u8) -> (String, MeleeCode, String, MeleeCode) {
    let row = (die.clamp(1, 6) - 1) as usize;
    let r = &t.melee.rows[row];
    (
        r.attacker[a.column].trim().to_string(),
        t.parsed.melee_attacker[row][a.column],
        r.defender[a.column].trim().to_string(),
        t.parsed.melee_defender[row][a.column],
    )
}

fn loss_of(c: &MeleeCode) -> u32 {
    u32::from(c.k) + c.captured
}

/// Units that check morale: non-leader, non-wagon units.
fn checks(game: &Game, u: UnitIdx) -> bool {
    !matches!(game.unit(u).kind, UnitKind::Leader | UnitKind::Wagon)
}

fn survivors(game: &Game, units: &[UnitIdx], losses: &[(UnitIdx, u32)]) -> Vec<UnitIdx> {
    units
        .iter()
        .copied()
        .filter(|u| {
            let lost: u32 = losses.iter().filter(|(x, _)| x == u).map(|(_, n)| n).sum();
            game.unit(*u).manpower > lost || (game.unit(*u).manpower == 0 && lost == 0)
        })
        .collect()
}

/// P(at least one of `units` fails a melee morale check).
fn p_any_fail(t: &Tables, game: &Game, units: &[UnitIdx], why: &str) -> Prob {
    let one = Prob::from_integer(1);
    let mut none = one;
    for &u in units.iter().filter(|u| checks(game, **u)) {
        let check = Check::Melee { why: why.into() };
        let dist = enumerate(|r| roll_unit(t, game.unit(u), &check, r).map(|c| c.failed));
        let pf: Prob = dist.iter().filter(|(f, _)| *f).map(|(_, p)| *p).sum();
        none *= one - pf;
    }
    one - none
}

pub fn odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    let a = assess::melee(t, game, req)?;
    let zero = Prob::from_integer(0);
    let one = Prob::from_integer(1);
    let sixth = Prob::new(1, 6);
    let mut ar: Vec<(String, Prob)> = Vec::new();
    let mut dr: Vec<(String, Prob)> = Vec::new();
    let (mut al, mut dl) = (zero, zero);
    let (mut p_retreat, mut p_rout, mut p_att_retreat, mut p_eng) = (zero, zero, zero, zero);
    for die in 1..=6u8 {
        let (at, ac, dt, dc) = read_die(t, &a, die);
        for (list, code) in [(&mut ar, &at), (&mut dr, &dt)] {
            match list.iter_mut().find(|(c, _)| c == code) {
                Some((_, p)) => *p += sixth,
                None => list.push((code.clone(), sixth)),
            }
        }
        let dloss = apply::allocate(game, &a.defenders, None, loss_of(&dc));
        let aloss = apply::allocate(game, &a.sides.attackers, None, loss_of(&ac));
        dl += sixth * Prob::from_integer(dloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        al += sixth * Prob::from_integer(aloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        let ds = survivors(game, &a.defenders, &dloss);
        let as_ = survivors(game, &a.sides.attackers, &aloss);
        if dc.engaged || ac.engaged {
            p_eng += sixth;
        }
        if !as_.is_empty() && (ac.retreat > 0 || ac.repulse) {
            p_att_retreat += sixth;
        }
        if !ds.is_empty() {
            if dc.retreat > 0 {
                p_retreat += sixth;
                if t.settings.melee_failed_retreat_check_routs {
                    p_rout += sixth * p_any_fail(t, game, &ds, "");
                }
            } else if dc.repulse {
                p_retreat += sixth * p_any_fail(t, game, &ds, "");
            }
        }
    }
    let mut x = Map::new();
    x.insert(
        "differential_meaning".into(),
        json!("melee strength differential, attacker minus defender, held to -4..+6 [12.98]"),
    );
    x.insert(
        "attacker_strength".into(),
        json!(a.attacker_sp as i32 + a.attacker_modifier),
    );
    x.insert(
        "defender_strength".into(),
        json!(a.defender_sp as i32 + a.defender_modifier),
    );
    x.insert("attacker_modifier".into(), json!(a.attacker_modifier));
    x.insert("defender_modifier".into(), json!(a.defender_modifier));
    x.insert("raw_differential".into(), json!(a.raw_differential));
    x.insert("column".into(), json!(a.differential));
    x.insert(
        "p_attacker_retreat".into(),
        json!(format!(
            "{}/{}",
            p_att_retreat.numer(),
            p_att_retreat.denom()
        )),
    );
    x.insert(
        "p_engaged".into(),
        json!(format!("{}/{}", p_eng.numer(), p_eng.denom())),
    );
    x.insert(
        "attacker_cv_text".into(),
        json!(format!(
            "melee strength {}",
            a.attacker_sp as i32 + a.attacker_modifier
        )),
    );
    x.insert(
        "defender_cv_text".into(),
        json!(format!(
            "melee strength {}",
            a.defender_sp as i32 + a.defender_modifier
        )),
    );
    x.insert(
        "crt_columns".into(),
        json!({ "attacker": format!("{:+}", a.differential), "defender": format!("{:+}", a.differential) }),
    );
    let mut differential = BTreeMap::new();
    differential.insert(a.differential, one);
    Ok(Odds {
        ruleset: "gbacw",
        kind: AttackType::Melee,
        lines: a.lines.clone(),
        attacker_drm: ModValue::Fixed(0),
        defender_drm: ModValue::Fixed(0),
        extra_die: false,
        differential,
        attacker_results: ar,
        defender_results: dr,
        attacker_expected_loss: al,
        defender_expected_loss: dl,
        attacker_manpower: a.attacker_sp,
        defender_manpower: a.defender_sp,
        p_retreat,
        p_rout,
        hex_notes: Vec::new(),
        extra_json: x,
    })
}

struct Plan {
    attacker_losses: Option<Vec<UnitIdx>>,
    defender_losses: Option<Vec<UnitIdx>>,
    retreat: Option<Vec<Coord>>,
}

fn plan(game: &Game, a: &Melee, c: &Choices) -> Result<Plan, AttackError> {
    if c.advance.is_some() {
        return Err(AttackError::Choice(
            "advance: the advance after melee is not in the seeds; move the units instead".into(),
        ));
    }
    Ok(Plan {
        attacker_losses: choice_units(
            game,
            &c.attacker_losses,
            &a.sides.attackers,
            "attacker_losses",
        )?,
        defender_losses: choice_units(game, &c.defender_losses, &a.defenders, "defender_losses")?,
        retreat: apply::choice_path(game, &c.retreat)?,
    })
}

pub fn check(t: &Tables, game: &Game, req: &AttackRequest, c: &Choices) -> Result<(), AttackError> {
    let a = assess::melee(t, game, req)?;
    plan(game, &a, c).map(|_| ())
}

/// One unit's melee morale check with its events; `true` when it fails.
fn morale_check(
    t: &Tables,
    game: &mut Game,
    u: UnitIdx,
    why: &str,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) -> bool {
    let mut live = Live {
        dice,
        rolled: Vec::new(),
    };
    let check = Check::Melee { why: why.into() };
    match roll_unit(t, game.unit(u), &check, &mut live) {
        Some(c) => {
            apply::morale_events(game, u, &c, ev);
            c.failed
        }
        None => false,
    }
}

/// Apply one side's movement result.
#[allow(clippy::too_many_arguments)]
fn side_result(
    t: &Tables,
    game: &mut Game,
    role: Role,
    units: &[UnitIdx],
    code: &MeleeCode,
    text: &str,
    chosen: Option<&[Coord]>,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) {
    let alive: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    if alive.is_empty() {
        return;
    }
    if code.engaged {
        for &u in &alive {
            apply::set_status(game, u, Status::Engaged, ev);
        }
        ev.push(Event::Note {
            text:
                "[12.98] Eng: the units are engaged; what that means is [12.94], not in the seeds"
                    .into(),
        });
        return;
    }
    let first = if code.retreat > 0 {
        code.retreat
    } else if code.repulse && role == Role::Attacker {
        t.melee.repulse_attacker_retreat
    } else {
        0
    };
    // Group by hex, in the order the units come.
    let mut groups: Vec<(Coord, Vec<UnitIdx>)> = Vec::new();
    for &u in &alive {
        let h = game.unit(u).hex.expect("on map");
        match groups.iter_mut().find(|(c, _)| *c == h) {
            Some((_, g)) => g.push(u),
            None => groups.push((h, vec![u])),
        }
    }
    if first > 0 {
        for (h, g) in &mut groups {
            if role == Role::Defender {
                let side = game.unit(g[0]).side;
                for &l in game.units_at(*h) {
                    if game.unit(l).is_leader() && game.unit(l).side == side && !g.contains(&l) {
                        g.push(l);
                    }
                }
            }
            let path = if role == Role::Defender { chosen } else { None };
            apply::retreat(game, g, *h, first, false, path, ev);
        }
    }
    if code.retreat > 0 || code.repulse {
        let why = format!("after {text}");
        let checkers: Vec<UnitIdx> = alive.iter().copied().filter(|u| checks(game, *u)).collect();
        for u in checkers {
            if morale_check(t, game, u, &why, dice, ev) {
                let extra = if code.repulse && role == Role::Defender {
                    t.melee.repulse_defender_retreat
                } else {
                    t.melee.failed_check_extra_retreat
                };
                let rout = code.retreat > 0 && t.settings.melee_failed_retreat_check_routs;
                if rout {
                    apply::set_status(game, u, Status::Routed, ev);
                }
                if let Some(from) = game.unit(u).hex {
                    apply::retreat(game, &[u], from, extra, rout, None, ev);
                }
            }
        }
    }
}

pub fn resolve(
    t: &Tables,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = assess::melee(t, game, req)?;
    let plan = plan(game, &a, choices)?;
    let mut ev = vec![Event::AttackDeclared {
        kind: AttackType::Melee,
        attackers: a.sides.attackers.clone(),
        defender: a.sides.hex,
        defenders: a.sides.in_hex.clone(),
        attacker_drm: 0,
        defender_drm: 0,
    }];
    let die = dice.d6();
    ev.push(Event::DieRolled {
        role: DieRole::Attacker,
        value: die,
    });
    let (at, ac, dt, dc) = read_die(t, &a, die);
    ev.push(Event::CombatResult {
        differential: a.differential,
        attacker: at.clone(),
        defender: dt.clone(),
    });
    let dloss = apply::allocate(
        game,
        &a.defenders,
        plan.defender_losses.as_deref(),
        loss_of(&dc),
    );
    let aloss = apply::allocate(
        game,
        &a.sides.attackers,
        plan.attacker_losses.as_deref(),
        loss_of(&ac),
    );
    apply::take_losses(game, &dloss, dc.captured > 0, &mut ev);
    apply::take_losses(game, &aloss, ac.captured > 0, &mut ev);
    side_result(
        t,
        game,
        Role::Attacker,
        &a.sides.attackers,
        &ac,
        &at,
        None,
        dice,
        &mut ev,
    );
    side_result(
        t,
        game,
        Role::Defender,
        &a.defenders,
        &dc,
        &dt,
        plan.retreat.as_deref(),
        dice,
        &mut ev,
    );
    Ok(ev)
}
