//! Fatigue from marching in an action phase (GCACW): each march tires the marching units; a
//! march to a high level makes the extended-march check; the forced march's extra points and
//! their cost.

use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::gate::on_initiative;
use crate::rules::sequence::*;

/// A march in an action phase tires its units (not leaders): the events of their fatigue.
///
/// A march that takes a unit to the extended-march level makes the check: its dice (after the
/// march roll, unit by unit in the march's order), then what the table says it costs.
pub fn tire(
    rules: &super::Gcacw,
    game: &mut Game,
    units: &[crate::rules::unit::UnitIdx],
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let n = game.sequence.fatigue.as_ref().map_or(0, |f| f.per_march);
    tire_by(rules, game, units, n, dice)
}

/// [`tire`] by `levels` (a forced march's cost).
pub fn tire_by(
    rules: &super::Gcacw,
    game: &mut Game,
    units: &[crate::rules::unit::UnitIdx],
    levels: u8,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let Some(f) = game.sequence.fatigue.clone() else {
        return Vec::new();
    };
    if !on_initiative(game) {
        return Vec::new();
    }
    let mut events = Vec::new();
    for &u in units {
        if game.unit(u).is_leader() {
            continue;
        }
        let from = game.unit(u).fatigue;
        events.extend(raise_fatigue(game, &[u], levels));
        let to = game.unit(u).fatigue;
        if let Some(x) = &f.extended
            && to >= x.level(super::state::unit(game, u).exhausted)
            && from < to
        {
            let side = game.scenario.side_name(game.unit(u).side).to_string();
            let modifier = x.modifier(&side, to, f.max);
            let rolled: Vec<u8> = (0..x.dice.max(1))
                .map(|_| {
                    crate::rules::event::roll_die(
                        dice,
                        crate::rules::dice::DieRole::Other,
                        &mut events,
                    )
                })
                .collect();
            let total = rolled.iter().map(|v| i32::from(*v)).sum::<i32>() + modifier;
            let result = x.result(total).cloned();
            events.push(Event::ExtendedMarch {
                unit: u,
                dice: rolled,
                modifier,
                loss: result.as_ref().map_or(0, |r| r.loss),
                disorganize: result.as_ref().is_some_and(|r| r.disorganize),
                source: x.source.clone(),
            });
            if let Some(r) = result {
                events.extend(rules.march_losses(game, u, r.loss, r.disorganize));
            }
        }
    }
    events
}

/// Raise the fatigue of `units` (not leaders) by `levels`, up to the highest, with no
/// extended-march check (an assault's cost): the events of their fatigue.
pub fn raise_fatigue(
    game: &mut Game,
    units: &[crate::rules::unit::UnitIdx],
    levels: u8,
) -> Vec<Event> {
    let Some(max) = game.sequence.fatigue.as_ref().map(|f| f.max) else {
        return Vec::new();
    };
    let mut events = Vec::new();
    for &u in units {
        let unit = game.unit_mut(u);
        if unit.is_leader() {
            continue;
        }
        let from = unit.fatigue;
        let to = from.saturating_add(levels).min(max);
        if to != from {
            unit.fatigue = to;
            events.push(Event::FatigueRaised { unit: u, from, to });
        }
    }
    events
}

/// The extended-march check a march would make for `u` now: the table, its modifier, and the
/// fatigue it takes the unit to (`None` when it makes none).
fn extended_check(
    game: &Game,
    u: crate::rules::unit::UnitIdx,
) -> Option<(&ExtendedMarch, i32, u8)> {
    let f = game.sequence.fatigue.as_ref()?;
    let x = f.extended.as_ref()?;
    let unit = game.unit(u);
    let to = unit.fatigue.saturating_add(f.per_march).min(f.max);
    if unit.is_leader()
        || !on_initiative(game)
        || to < x.level(super::state::unit(game, u).exhausted)
        || to == unit.fatigue
    {
        return None;
    }
    Some((
        x,
        x.modifier(game.scenario.side_name(unit.side), to, f.max),
        to,
    ))
}

/// What the extended-march check a march would make for `u` now is expected to cost: the
/// manpower lost, a disorganization counting as half a point (0 when it makes none).
pub fn extended_march_risk(game: &Game, u: crate::rules::unit::UnitIdx) -> f64 {
    extended_check(game, u).map_or(0.0, |(x, modifier, _)| {
        x.odds(modifier)
            .into_iter()
            .map(|(loss, dis, p)| p * (f64::from(loss) + if dis { 0.5 } else { 0.0 }))
            .sum()
    })
}

/// The extended-march check a march would make for `u` now, as text for a player ("fatigue
/// 2 -> 3: extended march, 1d6+1: 67% no effect, 17% disorganized, ..."); `None` when it
/// makes none.
pub fn extended_march_odds(game: &Game, u: crate::rules::unit::UnitIdx) -> Option<String> {
    let (x, modifier, to) = extended_check(game, u)?;
    let parts: Vec<String> = x
        .odds(modifier)
        .into_iter()
        .map(|(loss, dis, p)| {
            let what = match (loss, dis) {
                (0, false) => "no effect".to_string(),
                (0, true) => "disorganized".to_string(),
                (l, false) => format!("-{l} manpower"),
                (l, true) => format!("-{l} manpower, disorganized"),
            };
            format!("{:.0}% {what}", p * 100.0)
        })
        .collect();
    Some(format!(
        "fatigue {} -> {to}: extended march, {}d6{modifier:+}: {}",
        game.unit(u).fatigue,
        x.dice.max(1),
        parts.join(", ")
    ))
}

/// Check a forced march by `units` (ids): the rules have one, the phase is an action phase,
/// the units are one stack that has rolled its march in this action and not forced it, none
/// disorganized.
pub fn forced_march_plan(
    game: &Game,
    units: &[String],
) -> Result<(Vec<crate::rules::unit::UnitIdx>, ForcedMarch), String> {
    let phase = &game.sequence.phase(game.phase).name;
    let Some(f) = game
        .sequence
        .fatigue
        .as_ref()
        .and_then(|f| f.forced.clone())
    else {
        return Err(format!("{} has no forced march", game.rules.name()));
    };
    if !on_initiative(game) {
        return Err(format!("{phase}: a forced march is made in an action"));
    }
    let mut out = Vec::new();
    let mut hex = None;
    for id in units {
        let u = game
            .unit_by_id(id)
            .ok_or_else(|| format!("no unit has the id {id:?}"))?;
        let unit = game.unit(u);
        let id = &unit.name;
        if unit.side != game.active_side {
            return Err(format!("{id} is not of the side to act"));
        }
        if !unit.on_map() {
            return Err(format!("{id} is not on the map (eliminated)"));
        }
        if hex.is_some() && unit.hex != hex {
            return Err(format!(
                "{id} is not in the stack: a forced march is one stack's"
            ));
        }
        hex = unit.hex;
        if !crate::rules::movement::marched(game, u) {
            return Err(format!(
                "{id} has not rolled its march in this action (M first)"
            ));
        }
        if unit.forced_march {
            return Err(format!("{id} has force-marched in this action"));
        }
        if super::state::unit(game, u).disorganized {
            return Err(format!(
                "{id} is disorganized: no forced march ({})",
                f.source
            ));
        }
        out.push(u);
    }
    if out.is_empty() {
        return Err("a forced march needs units".into());
    }
    Ok((out, f))
}

/// Force-march: the dice, the points added to each unit's march, the fatigue it costs.
pub fn force_march(
    rules: &super::Gcacw,
    game: &mut Game,
    units: &[crate::rules::unit::UnitIdx],
    f: &ForcedMarch,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let mut events = Vec::new();
    let rolled: Vec<u8> = (0..f.dice.max(1))
        .map(|_| {
            crate::rules::event::roll_die(dice, crate::rules::dice::DieRole::Other, &mut events)
        })
        .collect();
    let sum = rolled.iter().map(|v| i32::from(*v)).sum::<i32>() + f.modifier;
    let bonus = crate::rules::points::Mp::whole(sum.max(f.min as i32).max(0) as u32);
    for &u in units {
        crate::rules::movement::add_to_march(game, u, bonus);
        game.unit_mut(u).forced_march = true;
    }
    events.push(Event::ForcedMarch {
        units: units.to_vec(),
        dice: rolled,
        bonus,
        source: f.source.clone(),
    });
    events.extend(tire_by(rules, game, units, f.fatigue, dice));
    events
}
