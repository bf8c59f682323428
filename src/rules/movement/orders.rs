//! What the movement commands check and do (`command::validate` and `command::apply` call
//! these): a move of a unit or a stack along a path, a march roll, and the per-turn limits of
//! attacks. In a game whose scenario says `movement: Free`, costs are computed and logged but
//! nothing here is refused.

use super::{PricedPath, budget, price_path};
use crate::rules::attack::AttackRequest;
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::points::{Enforcement, Mp};
use crate::rules::unit::UnitIdx;

fn enforced(game: &Game) -> bool {
    game.scenario.movement == Enforcement::Enforced
}

/// A checked move: each unit's priced path.
#[derive(Clone, Debug)]
pub struct MovePlan {
    pub units: Vec<UnitIdx>,
    pub path: Vec<Coord>,
    pub priced: Vec<PricedPath>,
    /// Per unit: the move is its whole move this turn (a minimum one-hex move beyond its
    /// allowance, or a step that ends it in an enemy ZOC).
    pub ends: Vec<bool>,
}

/// Check a move of `units` (one stack: all in one hex) along `path` (hexes after their hex,
/// adjacent steps on the map, no enemy-held hex: the caller has checked that), by the rule
/// system's movement rules.
pub fn plan_move(game: &Game, units: &[UnitIdx], path: &[Coord]) -> Result<MovePlan, String> {
    let mv = game.rules.movement();
    let pts = mv.points_name();
    let strict = enforced(game);
    let mut plan = MovePlan {
        units: units.to_vec(),
        path: path.to_vec(),
        priced: Vec::new(),
        ends: Vec::new(),
    };
    for &u in units {
        let unit = game.unit(u);
        let id = &unit.name;
        let p = price_path(game, u, units, path);
        let b = budget(game, u);
        let mut ends = p.steps.last().is_some_and(|s| s.stop);
        if strict {
            if unit.stopped {
                return Err(format!(
                    "{id} has ended its move this turn (it entered an enemy zone of control)"
                ));
            }
            if let Some(rule) = mv.one_move_per_turn()
                && unit.spent > Mp::ZERO
            {
                return Err(format!("{id} has made its move this turn ({rule})"));
            }
            if let Some((k, why)) = &p.refused {
                return Err(format!(
                    "{id}, step {} to {}: {why}",
                    k + 1,
                    game.label(path[*k])
                ));
            }
            let Some(left) = b.left else {
                return Err(format!(
                    "{id} has not rolled its march allowance this turn: march first (M)"
                ));
            };
            if p.total > left {
                let whole = mv
                    .minimum_one_hex()
                    .filter(|_| path.len() == 1 && unit.spent == Mp::ZERO);
                match whole {
                    Some(_) => ends = true,
                    None => {
                        return Err(format!(
                            "{id}: the move costs {} {pts} ({}); it has {left} {pts} left{} this turn",
                            p.total,
                            p.steps
                                .iter()
                                .map(|s| s.lines.join(", "))
                                .collect::<Vec<_>>()
                                .join("; "),
                            b.total.map_or(String::new(), |t| format!(" of {t}")),
                        ));
                    }
                }
            }
        }
        plan.priced.push(p);
        plan.ends.push(ends);
    }
    Ok(plan)
}

/// Make a checked move: every unit spends its cost and ends in the last hex, taking the
/// victory hexes on the way; a forced march (NGG 1812) is marked.
pub fn apply_move(game: &mut Game, plan: &MovePlan) -> Vec<Event> {
    let mut ev = Vec::new();
    let pts = game.rules.movement().points_name();
    for ((&u, p), &ends) in plan.units.iter().zip(&plan.priced).zip(&plan.ends) {
        let before = budget(game, u);
        let normal = before.total.map(|t| t.saturating_sub(before.forced));
        let unit = game.unit_mut(u);
        unit.spent = unit.spent + p.total;
        if ends {
            unit.stopped = true;
        }
        let spent = unit.spent;
        // What a unit leaving its hex leaves there (GCACW: its breastworks, built or begun).
        if !plan.path.is_empty() {
            let rules = game.rules.clone();
            rules.leaves_hex(game, u);
        }
        game.move_along(u, &plan.path);
        ev.push(Event::UnitMoved {
            unit: u,
            path: plan.path.clone(),
        });
        let left = budget(game, u).left;
        ev.push(Event::MoveCost {
            unit: u,
            cost: p.total,
            left,
            points: pts,
            lines: p.steps.iter().map(|s| s.lines.join(", ")).collect(),
        });
        if let Some(n) = normal
            && before.forced > Mp::ZERO
            && spent > n
            && !game.unit(u).forced_march
        {
            game.unit_mut(u).forced_march = true;
            ev.push(Event::Note {
                text: format!(
                    "{} force-marches ({spent} {pts} this turn, more than {n}): halved in combat this turn (11.2)",
                    game.unit(u).name
                ),
            });
        }
        if let Some((k, why)) = &p.refused {
            ev.push(Event::Note {
                text: format!(
                    "Free movement: {} step {} to {} is not allowed by the rules: {why}",
                    game.unit(u).name,
                    k + 1,
                    game.label(plan.path[*k])
                ),
            });
        }
    }
    ev
}

/// A checked march roll.
#[derive(Clone, Debug)]
pub struct MarchPlan {
    pub units: Vec<UnitIdx>,
    pub dice: u8,
    pub modifier: i32,
    pub min: Mp,
    pub rule: String,
}

/// Check a march roll for `units` (one stack of the side to move, none rolled this turn).
pub fn plan_march(game: &Game, units: &[UnitIdx]) -> Result<MarchPlan, String> {
    let hex = units.first().and_then(|u| game.unit(*u).hex);
    for u in units.iter().map(|u| game.unit(*u)) {
        if u.hex != hex {
            return Err(format!(
                "{} is not in {}: a march roll is for one stack",
                u.name,
                hex.map_or("?".into(), |h| game.label(h))
            ));
        }
    }
    plan_group_march(game, units)
}

/// A march roll for units wherever they are (a leader's activation: one roll for the group).
pub fn plan_group_march(game: &Game, units: &[UnitIdx]) -> Result<MarchPlan, String> {
    let mv = game.rules.movement();
    let refs: Vec<&crate::rules::unit::Unit> = units.iter().map(|u| game.unit(*u)).collect();
    let Some((dice, modifier, min, rule)) = mv.march_roll(game, &refs) else {
        return Err(format!(
            "{} allowances are not rolled: units move without a march roll",
            game.rules.name()
        ));
    };
    for u in &refs {
        if u.march.is_some() || u.movement.is_some() {
            return Err(format!(
                "{} has {} this turn",
                u.name,
                if u.movement.is_some() {
                    "a fixed allowance (the scenario's `movement`): it needs no roll"
                } else {
                    "rolled its march allowance"
                }
            ));
        }
    }
    Ok(MarchPlan {
        units: units.to_vec(),
        dice,
        modifier,
        min,
        rule,
    })
}

/// Roll a checked march: every unit of it may spend the result this turn.
pub fn apply_march(game: &mut Game, plan: &MarchPlan, dice: &mut dyn DieSource) -> Vec<Event> {
    let mut ev = Vec::new();
    let rolled: Vec<u8> = (0..plan.dice)
        .map(|_| crate::rules::event::roll_die(dice, DieRole::Other, &mut ev))
        .collect();
    let sum: i32 = rolled.iter().map(|d| i32::from(*d)).sum::<i32>() + plan.modifier;
    let allowance = Mp::whole(sum.max(0) as u32).max(plan.min);
    for &u in &plan.units {
        game.unit_mut(u).march = Some(allowance);
    }
    ev.push(Event::MarchRolled {
        units: plan.units.clone(),
        dice: rolled,
        modifier: plan.modifier,
        allowance,
        rule: plan.rule.clone(),
    });
    ev
}

/// An attack's type and what it costs each attacker (zero where free), checked against the
/// per-turn limits.
#[derive(Clone, Debug)]
pub struct AttackLimits {
    pub kind: Option<crate::rules::attack::AttackType>,
    pub costs: Vec<Mp>,
}

/// Check the per-turn limits of an attack: each attacking unit's attacks so far this turn and
/// what the attack costs it (Shiloh's OPs).
pub fn check_attack_limits(game: &Game, req: &AttackRequest) -> Result<AttackLimits, String> {
    let mv = game.rules.movement();
    let kind = crate::rules::ruleset::kind_of(game, req);
    let out_of_turn = game.rules.out_of_turn(req).is_some();
    let mut costs = Vec::new();
    for &u in &req.attackers {
        let unit = game.unit(u);
        let cost = match kind {
            Some(k) => match mv.attack_cost(game, u, k, out_of_turn) {
                Ok(c) => c,
                Err(why) if enforced(game) => return Err(format!("{}: {why}", unit.name)),
                Err(_) => Mp::ZERO,
            },
            None => Mp::ZERO,
        };
        costs.push(cost);
        if !enforced(game) || unit.is_leader() {
            continue;
        }
        let made = attacks_made(unit, kind, mv.attacks_by_type());
        // The phase's limit, if it sets one, else the per-turn one.
        let limit = match crate::rules::gate::attacks_per_unit(game) {
            Some(max) => {
                let p = game.sequence.phase(game.phase);
                Some((max, "this phase", format!("{}: {}", p.name, p.source)))
            }
            None => mv
                .attacks_per_turn()
                .map(|max| (max, "this turn", mv.attacks_source().to_string())),
        };
        if let Some((max, period, source)) = limit
            && made >= max
        {
            let what = match kind {
                Some(k) if mv.attacks_by_type() => format!("made {} {k} {period}", times(made)),
                _ => format!("attacked {} {period}", times(made)),
            };
            return Err(format!(
                "{} has {what}; the limit is {} ({source})",
                unit.name,
                times(max),
            ));
        }
        if cost > Mp::ZERO
            && let Some(left) = budget(game, u).left
            && cost > left
        {
            return Err(format!(
                "{}: the attack costs {cost} {} and it has {left} left this turn",
                unit.name,
                mv.points_name()
            ));
        }
    }
    Ok(AttackLimits { kind, costs })
}

/// The attacks a unit has made this turn that count against a new one of `kind`.
pub fn attacks_made(
    unit: &crate::rules::unit::Unit,
    kind: Option<crate::rules::attack::AttackType>,
    by_type: bool,
) -> u32 {
    match kind {
        Some(k) if by_type => u32::from(unit.attacks[k.index()]),
        _ => unit.attacks.iter().map(|a| u32::from(*a)).sum(),
    }
}

fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// Count an attack made: each attacker's attacks this turn, and what it spent.
pub fn count_attack(game: &mut Game, req: &AttackRequest, limits: &AttackLimits) {
    let kind = limits
        .kind
        .unwrap_or(crate::rules::attack::AttackType::Assault);
    for (&u, &c) in req.attackers.iter().zip(&limits.costs) {
        let unit = game.unit_mut(u);
        let a = &mut unit.attacks[kind.index()];
        *a = a.saturating_add(1);
        unit.spent = unit.spent + c;
    }
}
