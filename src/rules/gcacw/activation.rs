//! A leader's activation in an action phase (GCACW 5.2 "Activate Leader", as the tutorial and
//! the PBEM rules describe it): the leader and the units of his command within his command
//! radius act as one action, on one march roll for the group; each then moves on its own.
//!
//! The radius is counted in hexes from the leader's hex and traced through hexes free of
//! enemy units; with `zoc_blocks`, it does not go on out of a hex in a normal enemy zone of
//! control unless a friendly combat unit holds that hex (the sequence's `activation` rules).
//!
//! A leader transfer ([`transfer_plan`], [`transfer`]): in a leader-transfer phase a leader
//! moves up to the sequence's `leader_transfer.hexes` onto a hex with a friendly combat unit,
//! once a phase.
//!
//! Procedure: [`plan`] checks a command `Activate { leader, units }` against the game (the
//! phase, the action not begun, the leader's command, each unit in the radius, not at the
//! highest fatigue, no march roll yet); [`apply`] makes the roll, tires the units and gives
//! the action to them.

use std::collections::{HashMap, VecDeque};

use crate::rules::attack::ZocKind;
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::MoveContext;
use crate::rules::sequence::ActivationRules;
use crate::rules::unit::{SideId, UnitIdx};

pub use crate::rules::actions::Reach;

/// The hexes a radius traced from `from` reaches for `side`.
pub fn radius_hexes(
    game: &Game,
    side: SideId,
    from: Coord,
    rules: &ActivationRules,
) -> HashMap<Coord, u32> {
    let ctx = MoveContext::new(game);
    let map = game.map();
    let mut seen = HashMap::from([(from, 0u32)]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        let d = seen[&h];
        if d >= rules.radius {
            continue;
        }
        // A hex in the enemy's zone of control ends the trace there (the leader's own hex
        // does not: he reaches the units around him), unless a friendly combat unit holds it.
        if h != from && rules.zoc_blocks && blocked(game, &ctx, side, h) {
            continue;
        }
        for n in h.neighbors() {
            let Some(i) = map.index(n) else { continue };
            if seen.contains_key(&n) || ctx.holder(i).is_some_and(|s| s != side) {
                continue;
            }
            seen.insert(n, d + 1);
            queue.push_back(n);
        }
    }
    seen
}

fn blocked(game: &Game, ctx: &MoveContext, side: SideId, h: Coord) -> bool {
    let Some(i) = game.map().index(h) else {
        return true;
    };
    let zoc = ctx.zoc_for(side, i).kind == Some(ZocKind::Normal);
    let held = game
        .units
        .iter()
        .any(|u| u.side == side && u.hex == Some(h) && u.is_combat());
    zoc && !held
}

/// What `leader` can activate now (his radius and his command's units in it).
pub fn reach(game: &Game, leader: UnitIdx) -> Option<Reach> {
    let rules = game.sequence.activation.as_ref()?;
    let l = game.unit(leader);
    let from = l.hex?;
    let hexes = radius_hexes(game, l.side, from, rules);
    let max = game.sequence.fatigue.as_ref().map(|f| f.max);
    let mut r = Reach {
        hexes,
        ..Reach::default()
    };
    for &u in crate::rules::movement::command_of(game, leader) {
        let unit = game.unit(u);
        let why = match unit.hex {
            None => Some("not on the map".to_string()),
            Some(h) if !r.hexes.contains_key(&h) => Some(format!(
                "outside {}'s command radius of {} hexes{}",
                l.name,
                rules.radius,
                if rules.zoc_blocks {
                    " (traced around enemy units and zones of control)"
                } else {
                    ""
                }
            )),
            Some(_) if max.is_some_and(|m| unit.fatigue >= m && !unit.is_leader()) => Some(
                format!("at fatigue {}, the highest: it may not march", unit.fatigue),
            ),
            Some(_) if crate::rules::movement::marched(game, u) => {
                Some("has rolled its march already".into())
            }
            Some(_) => None,
        };
        match why {
            None => r.eligible.push(u),
            Some(w) => r.refused.push((u, w)),
        }
    }
    Some(r)
}

/// The checked activation: the leader, the units (ids resolved), and the march roll's terms.
#[derive(Clone, Debug)]
pub struct Plan {
    pub leader: UnitIdx,
    pub units: Vec<UnitIdx>,
    pub roll: crate::rules::movement::orders::MarchPlan,
}

/// Check `Activate { leader, units }` (`units` empty: every eligible unit of his command).
pub fn plan(game: &Game, leader: &str, units: &[String]) -> Result<Plan, String> {
    let phase = game.sequence.phase(game.phase);
    if game.sequence.activation.is_none() {
        return Err(format!(
            "{}: leaders are not activated in {} (its sequence has no `activation`)",
            phase.name,
            game.rules.name()
        ));
    }
    if !crate::rules::gate::on_initiative(game) {
        return Err(format!(
            "{}: a leader is activated in an action phase only",
            phase.name
        ));
    }
    if game.cycle.acted {
        return Err(format!(
            "{}: an action is under way; end it first (E) and roll for the next initiative",
            phase.name
        ));
    }
    let l = own_leader(game, leader, "has the initiative")?;
    let lu = game.unit(l);
    let leader = &lu.name;
    let command = crate::rules::movement::command_of(game, l);
    if command.is_empty() {
        return Err(format!(
            "{leader} commands no units in this scenario (its `command` is empty)"
        ));
    }
    let r = reach(game, l).ok_or_else(|| format!("{leader} is not on the map"))?;
    let chosen: Vec<UnitIdx> = if units.is_empty() {
        if r.eligible.is_empty() {
            let why: Vec<String> = r
                .refused
                .iter()
                .map(|(u, w)| format!("{} {w}", game.unit(*u).name))
                .collect();
            return Err(format!(
                "no unit of {leader}'s command may be activated: {}",
                why.join("; ")
            ));
        }
        r.eligible.clone()
    } else {
        let mut out = Vec::new();
        for id in units {
            let u = game
                .unit_by_id(id)
                .ok_or_else(|| format!("no unit has the id {id:?}"))?;
            let name = &game.unit(u).name;
            if !command.contains(&u) {
                return Err(format!("{name} is not of {leader}'s command"));
            }
            if let Some((_, why)) = r.refused.iter().find(|(x, _)| *x == u) {
                return Err(format!("{name} may not be activated: {why}"));
            }
            if !out.contains(&u) {
                out.push(u);
            }
        }
        out
    };
    // One march roll for the group, the leader's (his side's leader modifier).
    let mut group = vec![l];
    group.extend(&chosen);
    let roll = crate::rules::movement::orders::plan_group_march(game, &group)?;
    Ok(Plan {
        leader: l,
        units: chosen,
        roll,
    })
}

/// Activate: the group's march roll, their fatigue, and the action is theirs.
pub fn apply(
    rules: &super::Gcacw,
    game: &mut Game,
    plan: &Plan,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let mut events = vec![Event::LeaderActivated {
        leader: plan.leader,
        units: plan.units.clone(),
    }];
    events.extend(crate::rules::movement::orders::apply_march(
        game, &plan.roll, dice,
    ));
    events.extend(super::fatigue::tire(rules, game, &plan.units, dice));
    let cycle = game.cycle_mut();
    cycle.acted = true;
    cycle.leader = Some(plan.leader);
    cycle.units = plan.roll.units.clone();
    events
}

/// The leader `id` of the side to act ("…; the Union `acts`" when he is the other side's).
fn own_leader(game: &Game, id: &str, acts: &str) -> Result<UnitIdx, String> {
    let l = game
        .unit_by_id(id)
        .ok_or_else(|| format!("no unit has the id {id:?}"))?;
    let lu = game.unit(l);
    if !lu.is_leader() {
        return Err(format!("{} is not a leader", lu.name));
    }
    if lu.side != game.active_side {
        return Err(format!(
            "{}: {} is a {} leader; the {} {acts}",
            game.sequence.phase(game.phase).name,
            lu.name,
            game.scenario.side_name(lu.side),
            game.scenario.side_name(game.active_side)
        ));
    }
    Ok(l)
}

/// Check `TransferLeader { leader, to }`: the leader and the hex.
pub fn transfer_plan(game: &Game, leader: &str, to: &str) -> Result<(UnitIdx, Coord), String> {
    let phase = game.sequence.phase(game.phase);
    let Some(rules) = &game.sequence.leader_transfer else {
        return Err(format!(
            "{}: {} has no leader transfers (its sequence has no `leader_transfer`)",
            phase.name,
            game.rules.name()
        ));
    };
    let l = own_leader(game, leader, "transfers now")?;
    let lu = game.unit(l);
    let leader = &lu.name;
    if game.cycle.transferred.contains(&l) {
        return Err(format!(
            "{}: {leader} has transferred in this phase",
            phase.name
        ));
    }
    let from = lu
        .hex
        .ok_or_else(|| format!("{leader} is not on the map"))?;
    let h = game.scenario.parse_hex(to)?;
    let d = from.distance(h);
    if d == 0 || d > rules.hexes {
        return Err(format!(
            "{}: {} is {d} hexes from {leader}; a leader transfers 1 to {} hexes ({})",
            phase.name,
            game.label(h),
            rules.hexes,
            rules.source
        ));
    }
    let friends = game
        .units_at(h)
        .iter()
        .any(|u| game.unit(*u).side == lu.side && game.unit(*u).is_combat());
    if !friends {
        return Err(format!(
            "{}: a leader transfers onto a friendly combat unit; {} has none",
            phase.name,
            game.label(h)
        ));
    }
    Ok((l, h))
}

/// Whether a leader of the side to act may transfer now: on the map, not transferred in this
/// phase, with a friendly combat unit 1 to `leader_transfer.hexes` hexes away (what a
/// leader-transfer phase is passed over without, `sequence::idle`).
pub fn any_transfer(game: &Game) -> bool {
    let Some(rules) = &game.sequence.leader_transfer else {
        return false;
    };
    let side = game.active_side;
    let friends: Vec<Coord> = game
        .units
        .iter()
        .filter(|u| u.side == side && u.is_combat())
        .filter_map(|u| u.hex)
        .collect();
    game.unit_indices().any(|l| {
        let u = game.unit(l);
        u.is_leader()
            && u.side == side
            && !game.cycle.transferred.contains(&l)
            && u.hex.is_some_and(|h| {
                friends
                    .iter()
                    .any(|f| (1..=rules.hexes).contains(&h.distance(*f)))
            })
    })
}

/// Transfer: the leader is placed in the hex.
pub fn transfer(game: &mut Game, leader: UnitIdx, to: Coord) -> Vec<Event> {
    let from = game.unit(leader).hex;
    game.place(leader, Some(to));
    game.cycle_mut().transferred.push(leader);
    vec![Event::LeaderTransferred { leader, from, to }]
}
