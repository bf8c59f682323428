//! The gate of the sequence of play: whether a command may be given now, in the phase under
//! way (who acts in it and what it allows, an action under way, a unit too tired to march),
//! and the phase bar's line. The part of `command::validate` that refuses a command out of
//! phase, naming the phase and who may act.

use super::attack::AttackType;
use super::event::Event;
use super::game::Game;
use super::order::Command;
use super::sequence::*;

/// Where a game stands in a sequence of more than one phase or round, for the phase bar and
/// the log: "Defensive fire (Confederate player-turn, phase 2 of 4)"; `None` in the generic
/// sequence, where "X to play" says it all.
pub fn status_line(game: &Game) -> Option<String> {
    let line = phase_line(game)?;
    // The supply trains left (NGG 1812 8.1-8.2), where counted.
    Some(
        match game.rules.alternation().and_then(|a| a.status(game)) {
            Some(budget) => format!("{line}; {budget}"),
            None => line,
        },
    )
}

fn phase_line(game: &Game) -> Option<String> {
    let seq = &game.sequence;
    if on_initiative(game) {
        let side = game.scenario.side_name(game.active_side);
        let c = &game.cycle;
        let what = if c.acted {
            "its action under way".to_string()
        } else if c.passed[(game.active_side.other().0 as usize).min(1)] {
            format!(
                "to act or pass ({} passed: a pass now ends the phase)",
                game.scenario.side_name(game.active_side.other())
            )
        } else {
            "to act or pass".to_string()
        };
        // Alternating single stacks (NGG 1812) have no initiative roll: it is the side's turn.
        let holds = if seq.initiative.as_ref().is_some_and(|i| i.alternate) {
            "to move"
        } else {
            "has the initiative"
        };
        return Some(format!(
            "{}: {side} {holds}, {what}",
            seq.phase(game.phase).name
        ));
    }
    if seq.phases.len() <= 1 && seq.rounds <= 1 {
        return None;
    }
    let p = seq.phase(game.phase);
    let mut parts = vec![match seq.structure {
        Structure::PlayerTurns => format!(
            "{} player-turn",
            game.scenario.side_name(game.phase.phasing)
        ),
        Structure::GameTurn => format!("{} acts", game.scenario.side_name(game.active_side)),
    }];
    if seq.rounds > 1 {
        parts.push(format!("round {} of {}", game.phase.round + 1, seq.rounds));
    }
    if seq.phases.len() > 1 {
        parts.push(format!(
            "phase {} of {}",
            game.phase.index + 1,
            seq.phases.len()
        ));
    }
    Some(format!("{} ({})", p.name, parts.join(", ")))
}

/// What a command asks of a phase (`None`: anything, as ending a phase).
fn needs(game: &Game, cmd: &Command) -> Option<Need> {
    match cmd {
        Command::Move { .. } | Command::MoveStack { .. } | Command::March { .. } => {
            Some(Need::Move)
        }
        Command::Special { .. } => Some(Need::Special),
        Command::ForceMarch { .. } => Some(Need::Move),
        Command::TransferLeader { .. } => Some(Need::Transfer),
        Command::Attack {
            attackers,
            defender,
            kind,
            march_type,
            options,
            ..
        } => {
            let kind = kind.or_else(|| {
                let req = super::ruleset::attack_request(
                    game,
                    attackers,
                    defender,
                    None,
                    march_type.clone(),
                    options,
                )
                .ok()?;
                super::ruleset::kind_of(game, &req)
            });
            Some(Need::Attack(kind))
        }
        Command::Advance { .. }
        | Command::EndPhase
        | Command::EndTurn
        | Command::Activate { .. } => None,
    }
}

enum Need {
    Move,
    Special,
    Transfer,
    Attack(Option<AttackType>),
}

impl Need {
    fn met_by(&self, a: &Allow) -> bool {
        match (self, a) {
            (Need::Move, Allow::Move)
            | (Need::Special, Allow::Special)
            | (Need::Transfer, Allow::LeaderTransfer) => true,
            (Need::Attack(_), Allow::Attack) => true,
            (Need::Attack(Some(k)), Allow::AttackOf(j)) => k == j,
            _ => false,
        }
    }

    fn what(&self) -> String {
        match self {
            Need::Move => "moves".into(),
            Need::Special => "special actions".into(),
            Need::Transfer => "leader transfers".into(),
            Need::Attack(Some(k)) => format!("{k} attacks"),
            Need::Attack(None) => "attacks".into(),
        }
    }
}

/// Whether the current phase allows a command, and the side in it (the acting side); the
/// message names the phase, who acts and where the command belongs.
pub fn check(game: &Game, cmd: &Command) -> Result<(), String> {
    match needs(game, cmd) {
        Some(need) => {
            let moves = matches!(need, Need::Move);
            check_need(game, need)?;
            check_action(game, cmd)?;
            if moves && game.scenario.movement == super::points::Enforcement::Enforced {
                if let Some(a) = game.rules.alternation() {
                    a.check_move(game)?;
                }
            }
            Ok(())
        }
        None => Ok(()),
    }
}

/// Whether the current phase lets unit `u` move now: the phase allows moves and, in an
/// action under way, `u` is one of its units; a unit at the highest fatigue that has no march
/// under way may not march (the reach of a stack is empty where this refuses).
pub fn check_moves(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    check_need(game, Need::Move)?;
    if !on_initiative(game) || game.scenario.movement == super::points::Enforcement::Free {
        return Ok(());
    }
    if game.unit(u).march.is_none() {
        check_fatigue(game, u)?;
    }
    check_in_action(game, u)
}

/// A unit at the highest fatigue may not march (leaders are not tired).
pub fn check_fatigue(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    let (Some(f), unit) = (&game.sequence.fatigue, game.unit(u)) else {
        return Ok(());
    };
    if !unit.is_leader() && unit.fatigue >= f.max {
        return Err(format!(
            "{}: {} is at fatigue {}, the highest: it may not march ({})",
            game.sequence.phase(game.phase).name,
            unit.name,
            unit.fatigue,
            f.source
        ));
    }
    Ok(())
}

/// In an action under way, only its units act.
fn check_in_action(game: &Game, u: super::unit::UnitIdx) -> Result<(), String> {
    if game.cycle.units.is_empty() || game.cycle.units.contains(&u) {
        return Ok(());
    }
    let names: Vec<&str> = game
        .cycle
        .units
        .iter()
        .map(|u| game.unit(*u).name.as_str())
        .collect();
    Err(format!(
        "{}: this action is {}'s; {} acts in another action (end this one first, and roll for \
         the next initiative)",
        game.sequence.phase(game.phase).name,
        names.join(", "),
        game.unit(u).name
    ))
}

fn check_need(game: &Game, need: Need) -> Result<(), String> {
    // `--free-movement`: the players keep the printed rules by hand, phases included.
    if game.scenario.movement == super::points::Enforcement::Free {
        return Ok(());
    }
    let seq = &game.sequence;
    let phase = seq.phase(game.phase);
    if phase.allows.iter().any(|a| need.met_by(a)) {
        return Ok(());
    }
    let side = game.scenario.side_name(game.active_side);
    let doing: Vec<String> = phase.allows.iter().map(ToString::to_string).collect();
    let elsewhere = seq.where_allowed(|a| need.met_by(a));
    Err(format!(
        "{}: only the {side} acts now, with {}; {} {}",
        phase.name,
        doing.join(" and "),
        need.what(),
        if elsewhere.is_empty() {
            "are in no phase of this game".to_string()
        } else {
            format!("come in {}", elsewhere.join(", "))
        }
    ))
}

/// The attacks per unit of the current phase, if it sets a limit.
pub fn attacks_per_unit(game: &Game) -> Option<u32> {
    game.sequence.phase(game.phase).attacks_per_unit
}

/// Whether the current phase runs on the initiative (an action phase).
pub fn on_initiative(game: &Game) -> bool {
    game.sequence.phase(game.phase).acts == Acts::Initiative
}

/// The units a command acts with (moves, marches, special actions, attacks), by id.
fn command_units(cmd: &Command) -> &[String] {
    match cmd {
        Command::Move { unit, .. } => std::slice::from_ref(unit),
        Command::MoveStack { units, .. }
        | Command::March { units }
        | Command::ForceMarch { units }
        | Command::Special { units, .. } => units,
        Command::Attack { attackers, .. } => attackers,
        Command::Advance { .. }
        | Command::EndPhase
        | Command::EndTurn
        | Command::Activate { .. }
        | Command::TransferLeader { .. } => &[],
    }
}

/// [`check`] of the attack command a request makes (the computer players' trials, which judge
/// requests, not commands): the phase allows its attack type (the request's, else the rule
/// system's default) and, in an action under way, the attackers are its units.
pub fn check_attack(game: &Game, req: &super::attack::AttackRequest) -> Result<(), String> {
    check_need(game, Need::Attack(super::ruleset::kind_of(game, req)))?;
    if !on_initiative(game) || game.scenario.movement == super::points::Enforcement::Free {
        return Ok(());
    }
    for &u in &req.attackers {
        check_in_action(game, u)?;
    }
    Ok(())
}

/// In an action under way, only its units act (one action: one unit or one group); a unit at
/// the highest fatigue does not march.
fn check_action(game: &Game, cmd: &Command) -> Result<(), String> {
    if !on_initiative(game) || game.scenario.movement == super::points::Enforcement::Free {
        return Ok(());
    }
    if let Command::March { units } = cmd {
        for u in units.iter().filter_map(|id| game.unit_by_id(id)) {
            check_fatigue(game, u)?;
        }
    }
    for u in command_units(cmd)
        .iter()
        .filter_map(|id| game.unit_by_id(id))
    {
        check_in_action(game, u)?;
    }
    Ok(())
}

/// Note what a command the rules accepted did to the action under way (a phase on the
/// initiative): the action has begun, and its units are those of its first command.
pub fn record_action(game: &mut Game, cmd: &Command) -> Vec<Event> {
    let ids = command_units(cmd);
    if !on_initiative(game) || ids.is_empty() {
        return Vec::new();
    }
    // A stack's strategic move uses its supply train as it begins (NGG 8.2).
    let events = if game.cycle.acted || !matches!(needs(game, cmd), Some(Need::Move)) {
        Vec::new()
    } else {
        let rules = game.rules.clone();
        rules
            .alternation()
            .map_or_else(Vec::new, |a| a.move_begun(game))
    };
    game.cycle_mut().acted = true;
    if game.cycle.units.is_empty() {
        let units = ids.iter().filter_map(|id| game.unit_by_id(id)).collect();
        game.cycle_mut().units = units;
    }
    events
}
