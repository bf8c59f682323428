//! Attacks in an action phase (GCACW): the march attack and the leaders' assaults.
//!
//! In GCACW an attack is part of an action, and actions are limited by fatigue, not by a count
//! of attacks a turn [player: the series' action cycle, shared/notes/sequence-of-play.md 1.2,
//! 1.9]:
//! - A **march attack** is made by one unit in its march action ("In a march action the
//!   attacking unit attacks alone with its own CV", 7.2 [seed]). A unit that attacks without
//!   having marched in the action makes a march of no hexes: it is tired as by a march (with its
//!   extended-march check) and has no allowance left [project default].
//! - An **assault** (5.3) is an action of its own, led by a leader ("Instead of activating a
//!   Leader or single unit for March, you can attempt an Assault with a Leader", the series'
//!   tutorial): units of his command in one hex. A **grand assault**
//!   (7.1) is led by an army leader, with units from several hexes ("Army Leaders … are used to
//!   initiate Grand Assaults — attacks from multiple hexes"); an army leader counts every unit
//!   of his side as his command (gcacw.com Q&A).
//! - Not found, so [project default]: the leader stands with attacking units (the combat
//!   rules take the attacker's leaders from the attacking hexes, and "an assault action must
//!   use the tactical value of the leader who started it", v1.1 errata); with `radius`, each
//!   attacking unit is within his command radius, counted in hexes (the attacking hexes lie
//!   in the enemy's zone of control, which blocks an activation's radius); each attacking
//!   combat unit gains `fatigue` levels, and a unit at the highest fatigue does not assault;
//!   a unit attacks at most `per_action` times in one action.
//!
//! The sequence's `assault` rules hold these values; without them (or outside an action phase,
//! or with `--free-movement`) attacks are limited only by the movement section's counts.
//!
//! [`check`] is part of `validate` (through `orders::check_attack_limits`); [`after`] applies
//! what an accepted attack did to the action; [`leader_for`] finds the leader an attack needs,
//! for the client and the computer players, so the player chooses units and a hex as before.

use crate::rules::attack::{AttackRequest, AttackType};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::points::Enforcement;
use crate::rules::sequence::AssaultRules;
use crate::rules::unit::UnitIdx;

/// The assault rules in force for an attack now: the sequence's, in an action phase of a game
/// whose rules are enforced.
fn assault_rules(game: &Game) -> Option<&AssaultRules> {
    if game.scenario.movement == Enforcement::Free || !crate::rules::gate::on_initiative(game) {
        return None;
    }
    game.sequence.assault.as_ref()
}

/// Whether the current phase has assault rules (an action phase of a game whose rules are
/// enforced, with the sequence's `assault`).
pub fn in_force(game: &Game) -> bool {
    assault_rules(game).is_some()
}

pub use crate::rules::ruleset::kind_of;

/// Whether attacks of `kind` are a leader's assault in the current phase.
pub fn is_assault(game: &Game, kind: Option<AttackType>) -> bool {
    assault_rules(game).is_some_and(|r| kind.is_some_and(|k| r.kinds.contains(&k)))
}

/// Whether an attack by `attackers` of `kind` is acceptable as an action now (the phase's
/// assault rules): who leads it, whose units, their fatigue, the action it belongs to.
pub fn check(game: &Game, req: &AttackRequest, kind: Option<AttackType>) -> Result<(), String> {
    let Some(r) = assault_rules(game) else {
        return Ok(());
    };
    let phase = &game.sequence.phase(game.phase).name;
    let combat: Vec<UnitIdx> = combat_units(game, &req.attackers);
    let leaders: Vec<UnitIdx> = req
        .attackers
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_leader())
        .collect();
    if game.cycle.assault {
        return Err(format!(
            "{phase}: this action was an assault, and an assault is the whole action; end it \
             (E) and attack again when you next hold the initiative ({})",
            r.source
        ));
    }
    for &u in &combat {
        let made = game.cycle.attacked.iter().filter(|a| **a == u).count() as u32;
        if made >= r.per_action {
            return Err(format!(
                "{phase}: {} has attacked in this action; a unit attacks {} an action ({})",
                game.unit(u).name,
                if r.per_action == 1 {
                    "once".to_string()
                } else {
                    format!("{} times", r.per_action)
                },
                r.source
            ));
        }
    }
    let max = game.sequence.fatigue.as_ref().map(|f| f.max);
    if !kind.is_some_and(|k| r.kinds.contains(&k)) {
        // A march attack: a unit not marching in this action marches no hexes to make it.
        for &u in &combat {
            let unit = game.unit(u);
            if !crate::rules::movement::marched(game, u)
                && let Some(max) = max
                && unit.fatigue >= max
            {
                return Err(format!(
                    "{phase}: {} is at fatigue {}, the highest: it may not march, and a march \
                     attack is made in a march ({})",
                    unit.name, unit.fatigue, r.source
                ));
            }
        }
        return Ok(());
    }
    let kind = kind.expect("an assault kind");
    let a_kind = with_article(kind);
    if game.cycle.acted {
        return Err(format!(
            "{phase}: {a_kind} is an action of its own, not part of another; end this action \
             (E) and make it when you next hold the initiative ({})",
            r.source
        ));
    }
    let leader = match leaders.as_slice() {
        [l] => *l,
        [] => {
            let hint = match leader_for(game, &combat, kind) {
                Some(l) => format!(" ({} may lead this one)", game.unit(l).name),
                None => String::new(),
            };
            return Err(format!(
                "{phase}: {a_kind} is led by a leader{}: name him among the attackers{hint} ({})",
                if r.army.contains(&kind) {
                    " of the army"
                } else {
                    ""
                },
                r.source
            ));
        }
        _ => {
            return Err(format!(
                "{phase}: one leader leads {a_kind}; {} are named ({})",
                names(game, &leaders),
                r.source
            ));
        }
    };
    led_by(game, r, leader, &combat, kind)
}

/// Why a leader may not lead an attack (the data of the message [`led_by`] gives).
enum Refusal<'a> {
    NotArmyLeader,
    OffMap,
    NotWithAttackers,
    NotOfCommand(UnitIdx),
    BeyondRadius(UnitIdx, u32, &'a str),
    Fatigued(UnitIdx),
}

/// Whether `leader` may lead `combat` units in a `kind` attack now: `None`, or why not. No
/// text is made here: [`leader_for`] asks it of every leader of the side, for every attack the
/// computer weighs.
fn refusal<'a>(
    game: &'a Game,
    r: &AssaultRules,
    leader: UnitIdx,
    combat: &[UnitIdx],
    kind: AttackType,
) -> Option<Refusal<'a>> {
    let l = game.unit(leader);
    let army = super::state::unit(game, leader).army;
    if r.army.contains(&kind) && !army {
        return Some(Refusal::NotArmyLeader);
    }
    let Some(at) = l.hex else {
        return Some(Refusal::OffMap);
    };
    if !combat.iter().any(|u| game.unit(*u).hex == Some(at)) {
        return Some(Refusal::NotWithAttackers);
    }
    let radius = match (&game.sequence.activation, r.radius) {
        (Some(a), true) => Some((a.radius, a.source.as_str())),
        _ => None,
    };
    let max = game.sequence.fatigue.as_ref().map(|f| f.max);
    for &u in combat {
        let unit = game.unit(u);
        if !army && !crate::rules::movement::command_of(game, leader).contains(&u) {
            return Some(Refusal::NotOfCommand(u));
        }
        if let (Some((radius, source)), Some(h)) = (radius, unit.hex)
            && h.distance(at) > radius
        {
            return Some(Refusal::BeyondRadius(u, radius, source));
        }
        if let Some(max) = max
            && unit.fatigue >= max
        {
            return Some(Refusal::Fatigued(u));
        }
    }
    None
}

/// Whether `leader` may lead `combat` units in a `kind` attack now; if not, why, for players.
fn led_by(
    game: &Game,
    r: &AssaultRules,
    leader: UnitIdx,
    combat: &[UnitIdx],
    kind: AttackType,
) -> Result<(), String> {
    let Some(why) = refusal(game, r, leader, combat, kind) else {
        return Ok(());
    };
    let phase = &game.sequence.phase(game.phase).name;
    let l = game.unit(leader);
    Err(match why {
        Refusal::NotArmyLeader => format!(
            "{phase}: {} is led by an army leader; {} is not one ({})",
            with_article(kind),
            l.name,
            r.source
        ),
        Refusal::OffMap => format!("{phase}: {} is not on the map", l.name),
        Refusal::NotWithAttackers => format!(
            "{phase}: {} leads the {kind} from an attacking hex: he must stand with units that \
             attack ({})",
            l.name, r.source
        ),
        Refusal::NotOfCommand(u) => format!(
            "{phase}: {} is not of {}'s command ({})",
            game.unit(u).name,
            l.name,
            r.source
        ),
        Refusal::BeyondRadius(u, radius, source) => format!(
            "{phase}: {} is beyond {}'s command radius of {radius} hexes ({source})",
            game.unit(u).name,
            l.name
        ),
        Refusal::Fatigued(u) => format!(
            "{phase}: {} is at fatigue {}, the highest: it may not assault ({})",
            game.unit(u).name,
            game.unit(u).fatigue,
            r.source
        ),
    })
}

/// The leader who may lead `combat` units in a `kind` attack now, where the phase needs one
/// (`None` where none may, or none is needed). A corps or division leader before an army
/// leader, in the scenario's order.
pub fn leader_for(game: &Game, combat: &[UnitIdx], kind: AttackType) -> Option<UnitIdx> {
    let r = assault_rules(game)?;
    if !r.kinds.contains(&kind) || combat.is_empty() {
        return None;
    }
    let side = game.unit(combat[0]).side;
    let mut leaders: Vec<UnitIdx> = (0..game.units.len() as u32)
        .map(UnitIdx)
        .filter(|u| {
            let l = game.unit(*u);
            l.is_leader() && l.side == side && l.on_map()
        })
        .collect();
    leaders.sort_by_key(|u| super::state::unit(game, *u).army);
    leaders
        .into_iter()
        .find(|l| refusal(game, r, *l, combat, kind).is_none())
}

/// `attackers` with the leader their attack of `kind` needs now, if it needs one and one may
/// lead it (the attackers as they are otherwise).
pub fn with_leader(game: &Game, attackers: &[UnitIdx], kind: Option<AttackType>) -> Vec<UnitIdx> {
    let mut out = attackers.to_vec();
    let Some(kind) = kind else { return out };
    if !is_assault(game, Some(kind)) || attackers.iter().any(|u| game.unit(*u).is_leader()) {
        return out;
    }
    if let Some(l) = leader_for(game, &combat_units(game, attackers), kind) {
        out.push(l);
    }
    out
}

/// What an accepted attack did to the action under way: an assault tires its units and is the
/// whole action; a march attack by a unit not marching is its march (tired as by one, no
/// allowance left). Every attacker's attack in the action is counted.
pub fn after(
    rules: &super::Gcacw,
    game: &mut Game,
    req: &AttackRequest,
    kind: Option<AttackType>,
    dice: &mut dyn DieSource,
) -> Vec<Event> {
    let Some(r) = assault_rules(game).cloned() else {
        return Vec::new();
    };
    let combat: Vec<UnitIdx> = combat_units(game, &req.attackers)
        .into_iter()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    let attacked = combat_units(game, &req.attackers);
    game.cycle_mut().attacked.extend(attacked);
    if kind.is_some_and(|k| r.kinds.contains(&k)) {
        let leader = req
            .attackers
            .iter()
            .copied()
            .find(|u| game.unit(*u).is_leader());
        let cycle = game.cycle_mut();
        cycle.assault = true;
        cycle.leader = leader;
        return super::fatigue::raise_fatigue(game, &combat, r.fatigue);
    }
    let marching: Vec<UnitIdx> = combat
        .into_iter()
        .filter(|u| !crate::rules::movement::marched(game, *u))
        .collect();
    for &u in &marching {
        crate::rules::movement::march_spent(game, u);
    }
    super::fatigue::tire(rules, game, &marching, dice)
}

/// "an assault", "a grand assault".
fn with_article(kind: AttackType) -> String {
    let k = kind.to_string();
    let an = k.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {k}", if an { "an" } else { "a" })
}

fn combat_units(game: &Game, units: &[UnitIdx]) -> Vec<UnitIdx> {
    units
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect()
}

fn names(game: &Game, units: &[UnitIdx]) -> String {
    units
        .iter()
        .map(|u| game.unit(*u).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
