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
//!      by `settings.melee_failed_retreat_check_routs`, is marked routed; the leaders that
//!      retreated with it and are still in its hex go along on the 3 hexes.
//!    - `Rpls` (attacker): retreat 2, check morale, fail: 3 more hexes.
//!      `Rpls` (defender): check morale, fail: retreat 3 hexes (with the leaders of its hex).
//!    - `Eng`: every surviving unit of the side is marked `Engaged` ([12.94] is not in the seeds).
//!    - Wagons and leaders have no morale rating: they move with their hex, they do not check.

use std::collections::BTreeMap;

use serde_json::{Map, json};

use crate::rules::attack::{AttackError, AttackRequest, AttackType, Choices, ModValue, Odds, Role};
use crate::rules::cv::Prob;
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::choice_units;
use crate::rules::unit::{Status, UnitIdx, UnitKind};

use super::apply::{self, Live};
use super::assess::{self, Melee};
use super::data::{MeleeCode, Tables};
use super::morale::{Big, Check, add, big, enumerate, mul, narrow, roll_unit, union};

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

/// P(the unit fails a melee morale check) as it stands.
fn p_fail(t: &Tables, game: &Game, u: UnitIdx) -> Prob {
    let check = Check::Melee { why: String::new() };
    enumerate(|r| roll_unit(t, game.unit(u), &check, r).map(|c| c.failed))
        .into_iter()
        .filter(|(f, _)| *f)
        .map(|(_, p)| p)
        .sum()
}

/// One side's result on a copy of the game with the morale checks of `failing` failed and
/// every other passed: the game after it and its events.
#[allow(clippy::too_many_arguments)]
fn run_side(
    t: &Tables,
    game: &Game,
    role: Role,
    units: &[UnitIdx],
    code: &MeleeCode,
    text: &str,
    away: &[Coord],
    failing: &[UnitIdx],
) -> (Game, Vec<Event>) {
    let mut g = game.clone();
    let mut ev = Vec::new();
    let mut f = |_: &mut Game, u: UnitIdx, _: &str, _: &mut Vec<Event>| failing.contains(&u);
    side_result(
        t, &mut g, role, units, code, text, None, away, &mut f, &mut ev,
    );
    (g, ev)
}

/// Whether the events retreat one of `units` at least one hex.
fn moved(ev: &[Event], units: &[UnitIdx]) -> bool {
    ev.iter().any(
        |e| matches!(e, Event::Retreated { units: r, .. } if r.iter().any(|u| units.contains(u))),
    )
}

/// The side's units that check morale, as they stand.
fn checkers(game: &Game, units: &[UnitIdx]) -> Vec<UnitIdx> {
    units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map() && checks(game, *u))
        .collect()
}

/// At most this many attacking units are enumerated when their failures can change where the
/// defender may retreat (2^n patterns).
const MAX_PATTERN_UNITS: usize = 12;

pub fn odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    let a = assess::melee(t, game, req)?;
    let zero = Prob::from_integer(0);
    let one = Prob::from_integer(1);
    let sixth = Prob::new(1, 6);
    const WHAT: &str = "retreat and rout probabilities";
    let bzero = Big::from_integer(0);
    let bone = Big::from_integer(1);
    let s6 = big(sixth);
    let mut ar: Vec<(String, Prob)> = Vec::new();
    let mut dr: Vec<(String, Prob)> = Vec::new();
    let (mut al, mut dl, mut p_eng) = (zero, zero, zero);
    let (mut p_retreat, mut p_rout, mut p_att_retreat) = (bzero, bzero, bzero);
    let attackers = &a.sides.attackers;
    // What each side's retreat moves away from when the melee leaves no enemy on the map.
    let def_hex = [a.sides.hex];
    let att_hexes = apply::hexes_of(game, attackers);
    for die in 1..=6u8 {
        let (at, ac, dt, dc) = read_die(t, &a, die);
        for (list, code) in [(&mut ar, &at), (&mut dr, &dt)] {
            match list.iter_mut().find(|(c, _)| c == code) {
                Some((_, p)) => *p += sixth,
                None => list.push((code.clone(), sixth)),
            }
        }
        // Losses first, as the resolution takes them (the default loss order).
        let dloss = apply::allocate(game, &a.defenders, None, loss_of(&dc));
        let aloss = apply::allocate(game, attackers, None, loss_of(&ac));
        dl += sixth * Prob::from_integer(dloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        al += sixth * Prob::from_integer(aloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        let mut g1 = game.clone();
        let mut sink = Vec::new();
        apply::take_losses(&mut g1, &dloss, dc.captured > 0, &mut sink);
        apply::take_losses(&mut g1, &aloss, ac.captured > 0, &mut sink);
        let is_eng = |ev: &[Event]| {
            ev.iter()
                .any(|e| matches!(e, Event::Note { text } if text.starts_with("[12.98] Eng")))
        };
        // The attacker's result: it moves when its first retreat does, or a unit whose failed
        // check moves it (each unit's path depends on the map and the enemy only).
        let a_moves = ac.retreat > 0 || ac.repulse;
        let a_check = checkers(&g1, attackers);
        let (a_base, a_ev) = run_side(t, &g1, Role::Attacker, attackers, &ac, &at, &def_hex, &[]);
        let mut eng = is_eng(&a_ev);
        if a_moves {
            let pa = if moved(&a_ev, attackers) {
                bone
            } else {
                let ps = a_check.iter().filter_map(|&u| {
                    let (_, ev) =
                        run_side(t, &g1, Role::Attacker, attackers, &ac, &at, &def_hex, &[u]);
                    moved(&ev, attackers).then(|| p_fail(t, &g1, u))
                });
                union(ps.collect::<Vec<_>>(), WHAT)?
            };
            p_att_retreat = add(p_att_retreat, mul(s6, pa, WHAT)?, WHAT)?;
        }
        // Where the attackers stand when the defender's result applies: every pattern of
        // failed attacker checks, when they can move it and the defender may move.
        let d_moves = dc.retreat > 0 || dc.repulse;
        let mut outcomes: Vec<(Game, Big)> = Vec::new();
        if a_moves && d_moves && !a_check.is_empty() {
            if a_check.len() > MAX_PATTERN_UNITS {
                return Err(AttackError::Illegal(format!(
                    "the odds of this melee enumerate every pattern of the attackers' morale \
                     checks; {} attacking units are more than {MAX_PATTERN_UNITS}",
                    a_check.len()
                )));
            }
            let pf: Vec<Prob> = a_check.iter().map(|u| p_fail(t, &g1, *u)).collect();
            for mask in 0u32..(1 << a_check.len()) {
                let mut w = bone;
                let mut failing = Vec::new();
                for (i, &u) in a_check.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        failing.push(u);
                        w = mul(w, big(pf[i]), WHAT)?;
                    } else {
                        w = mul(w, bone - big(pf[i]), WHAT)?;
                    }
                }
                if w != bzero {
                    let (g2, _) = run_side(
                        t,
                        &g1,
                        Role::Attacker,
                        attackers,
                        &ac,
                        &at,
                        &def_hex,
                        &failing,
                    );
                    outcomes.push((g2, w));
                }
            }
        } else {
            outcomes.push((a_base, bone));
        }
        // The defender's result against each: a retreat that cannot take a step moves nobody;
        // a unit already routed is not routed again.
        let defender_side = |g: &Game, failing: &[UnitIdx]| {
            run_side(
                t,
                g,
                Role::Defender,
                &a.defenders,
                &dc,
                &dt,
                &att_hexes,
                failing,
            )
        };
        for (i, (g2, w)) in outcomes.iter().enumerate() {
            let (_, d_ev) = defender_side(g2, &[]);
            if i == 0 {
                eng |= is_eng(&d_ev);
            }
            if !d_moves {
                continue;
            }
            let d_check = checkers(g2, &a.defenders);
            let mut moves = Vec::new();
            let mut routs = Vec::new();
            let base_moved = moved(&d_ev, &a.defenders);
            for &u in &d_check {
                let (g3, ev) = defender_side(g2, &[u]);
                let pf = p_fail(t, g2, u);
                if moved(&ev, &a.defenders) {
                    moves.push(pf);
                }
                if g3.unit(u).status == Status::Routed && g2.unit(u).status != Status::Routed {
                    routs.push(pf);
                }
            }
            let pm = if base_moved {
                bone
            } else {
                union(moves, WHAT)?
            };
            let sw = mul(s6, *w, WHAT)?;
            p_retreat = add(p_retreat, mul(sw, pm, WHAT)?, WHAT)?;
            p_rout = add(p_rout, mul(sw, union(routs, WHAT)?, WHAT)?, WHAT)?;
        }
        if eng {
            p_eng += sixth;
        }
    }
    let p_retreat = narrow(p_retreat, WHAT)?;
    let p_rout = narrow(p_rout, WHAT)?;
    let p_att_retreat = narrow(p_att_retreat, WHAT)?;
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

/// Whether a unit fails its melee morale check: the resolution rolls it, the odds give each
/// pattern of failures.
type Fails<'a> = dyn FnMut(&mut Game, UnitIdx, &str, &mut Vec<Event>) -> bool + 'a;

/// Apply one side's movement result; `fails` decides each morale check.
#[allow(clippy::too_many_arguments)]
fn side_result(
    t: &Tables,
    game: &mut Game,
    role: Role,
    units: &[UnitIdx],
    code: &MeleeCode,
    text: &str,
    chosen: Option<&[Coord]>,
    away: &[Coord],
    fails: &mut Fails<'_>,
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
    // Group by hex, in the order the units come; the defender's leaders in the hex join its
    // group (the attacker's leaders are those named among the attackers).
    let mut groups: Vec<(Coord, Vec<UnitIdx>)> = Vec::new();
    for &u in &alive {
        let h = game.unit(u).hex.expect("on map");
        match groups.iter_mut().find(|(c, _)| *c == h) {
            Some((_, g)) => g.push(u),
            None => groups.push((h, vec![u])),
        }
    }
    if role == Role::Defender {
        for (h, g) in &mut groups {
            let side = game.unit(g[0]).side;
            for &l in game.units_at(*h) {
                if game.unit(l).is_leader() && game.unit(l).side == side && !g.contains(&l) {
                    g.push(l);
                }
            }
        }
    }
    if first > 0 {
        for (h, g) in &groups {
            let path = if role == Role::Defender { chosen } else { None };
            apply::retreat(game, g, *h, first, false, path, away, ev);
        }
    }
    if code.retreat > 0 || code.repulse {
        let why = format!("after {text}");
        let checkers: Vec<UnitIdx> = alive.iter().copied().filter(|u| checks(game, *u)).collect();
        for u in checkers {
            if fails(game, u, &why, ev) {
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
                    // The leaders of its group that are still with it go along, as in the
                    // first retreat [project default: not in the seeds].
                    let mut movers = vec![u];
                    if let Some((_, g)) = groups.iter().find(|(_, g)| g.contains(&u)) {
                        movers.extend(g.iter().copied().filter(|l| {
                            game.unit(*l).is_leader() && game.unit(*l).hex == Some(from)
                        }));
                    }
                    apply::retreat(game, &movers, from, extra, rout, None, away, ev);
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
    // What each side's retreat moves away from when the melee leaves no enemy on the map.
    let def_hex = [a.sides.hex];
    let att_hexes = apply::hexes_of(game, &a.sides.attackers);
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
    let mut roll = |g: &mut Game, u: UnitIdx, why: &str, ev: &mut Vec<Event>| -> bool {
        morale_check(t, g, u, why, &mut *dice, ev)
    };
    side_result(
        t,
        game,
        Role::Attacker,
        &a.sides.attackers,
        &ac,
        &at,
        None,
        &def_hex,
        &mut roll,
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
        &att_hexes,
        &mut roll,
        &mut ev,
    );
    Ok(ev)
}
