//! Commands judged and applied: every command a player sends ([`super::order::Command`]) goes
//! through here.
//!
//! `validate(&Game, &Command)` checks a command without changing anything, and is the whole
//! judge of what is legal: whose turn it is (only the side to move moves and attacks, but for
//! an attack the rule system makes out of turn), that the game is not over, and every rule of
//! the rule system. What it accepts comes back as a [`Checked`] command, the plan it found;
//! `apply(&mut Game, Checked, &mut dice)` carries that plan out, checking nothing again, and
//! returns the events; [`execute`] is the two in one. A refused command changes nothing and
//! rolls no dice.

use super::ruleset::attack_request;

use super::attack::{AttackError, AttackRequest};
use super::dice::DieSource;
use super::event::Event;
use super::game::Game;
use super::hex::Coord;
use super::movement::orders::{self, MarchPlan, MovePlan};
use super::order::{Command, CommandError};
use super::unit::{SideId, UnitIdx};

/// The request of an attack command.
fn request_of(game: &Game, cmd: &Command) -> Result<AttackRequest, AttackError> {
    let Command::Attack {
        attackers,
        defender,
        kind,
        march_type,
        options,
        ..
    } = cmd
    else {
        return Err(AttackError::NoAttackers);
    };
    attack_request(
        game,
        attackers,
        defender,
        *kind,
        march_type.clone(),
        options,
    )
}

/// The units a move or march names: known ids, each once, on the map, of the side to move,
/// all in one hex.
fn stack_of(
    game: &Game,
    ids: &[String],
    what: &str,
) -> Result<(Vec<UnitIdx>, Coord), CommandError> {
    let err = |m: String| match what {
        "march" => CommandError::March(m),
        "special action" => CommandError::Special(m),
        _ => CommandError::Move(m),
    };
    if ids.is_empty() {
        return Err(err("name the units".into()));
    }
    let mut units = Vec::new();
    let mut hex = None;
    for id in ids {
        let u = game
            .unit_by_id(id)
            .ok_or_else(|| err(format!("unknown unit id {id:?}")))?;
        if units.contains(&u) {
            return Err(err(format!("unit {id:?} is named twice")));
        }
        let Some(at) = game.unit(u).hex else {
            if let Some((t, h)) = game.unit(u).arrives {
                return Err(err(format!(
                    "unit {id:?} is a reinforcement: it enters at {} at the start of turn {t}",
                    game.label(h)
                )));
            }
            return Err(err(format!("unit {id:?} has been eliminated")));
        };
        own_turn(game, u, "unit")?;
        match hex {
            None => hex = Some(at),
            Some(h) if h != at => {
                return Err(err(format!(
                    "unit {id:?} is in {}, not {}: the units of a {what} stand in one hex",
                    game.label(at),
                    game.label(h)
                )));
            }
            _ => {}
        }
        units.push(u);
    }
    Ok((units, hex.unwrap_or(Coord::new(0, 0))))
}

/// The hexes of a move's path: on the map, each next to the one before, none enemy-held.
fn path_coords(
    game: &Game,
    from: Coord,
    side: SideId,
    path: &[String],
) -> Result<Vec<Coord>, CommandError> {
    if path.is_empty() {
        return Err(CommandError::Move("the path is empty".into()));
    }
    let mut at = from;
    let mut out = Vec::new();
    for (k, l) in path.iter().enumerate() {
        let c = game.scenario.parse_hex(l).map_err(CommandError::Move)?;
        if !c.is_adjacent(at) {
            return Err(CommandError::Move(format!(
                "step {}: {} is not adjacent to {}",
                k + 1,
                game.label(c),
                game.label(at)
            )));
        }
        if game.units_at(c).iter().any(|x| game.unit(*x).side != side) {
            return Err(CommandError::Move(format!(
                "step {}: {} holds enemy units (a unit never enters an enemy-held hex)",
                k + 1,
                game.label(c)
            )));
        }
        out.push(c);
        at = c;
    }
    Ok(out)
}

/// A move command checked: its plan by the movement rules.
fn move_plan(game: &Game, ids: &[String], path: &[String]) -> Result<MovePlan, CommandError> {
    let (units, from) = stack_of(game, ids, "move")?;
    let side = game.unit(units[0]).side;
    let coords = path_coords(game, from, side, path)?;
    orders::plan_move(game, &units, &coords).map_err(CommandError::Move)
}

/// A special action checked: each unit and its cost.
fn special_plan(
    game: &Game,
    ids: &[String],
    action: &str,
) -> Result<Vec<(UnitIdx, super::points::Mp)>, CommandError> {
    let (units, _) = stack_of(game, ids, "special action")?;
    let free = game.scenario.movement == super::points::Enforcement::Free;
    let mut out = Vec::new();
    for u in units {
        let unit = game.unit(u);
        let specials = game.rules.special_actions(game, u);
        let Some(a) = specials.iter().find(|a| a.key == action) else {
            return Err(CommandError::Special(format!(
                "{} cannot {action:?} here; its actions: {}",
                unit.name,
                if specials.is_empty() {
                    "none".to_string()
                } else {
                    specials
                        .iter()
                        .map(|a| a.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            )));
        };
        let cost = match &a.cost {
            Ok(c) => *c,
            Err(why) => {
                return Err(CommandError::Special(format!(
                    "{}: {}: {why}",
                    unit.name, a.label
                )));
            }
        };
        if !free
            && let Some(left) = super::movement::budget(game, u).left
            && cost > left
        {
            return Err(CommandError::Special(format!(
                "{}: {} costs {cost} {p} and it has {left} {p} left this turn ({})",
                unit.name,
                a.label,
                a.rule,
                p = game.rules.movement().points_name()
            )));
        }
        out.push((u, cost));
    }
    let ids: Vec<UnitIdx> = out.iter().map(|(u, _)| *u).collect();
    game.rules
        .check_special(game, &ids, action)
        .map_err(CommandError::Special)?;
    Ok(out)
}

fn march_plan(game: &Game, ids: &[String]) -> Result<MarchPlan, CommandError> {
    let (units, _) = stack_of(game, ids, "march")?;
    orders::plan_march(game, &units).map_err(CommandError::March)
}

/// Give the turn to the side that makes this attack (its attackers' side, or the other one for
/// an out-of-turn attack such as Shiloh's Final Defensive Fire). For one-off attacks on a
/// scenario's opening position (`musket resolve`), where either side may be the one to attack:
/// outside any sequence of play (the generic turn, its one phase allowing every attack).
pub fn set_turn_for_attack(game: &mut Game, req: &AttackRequest) {
    game.set_sequence(std::sync::Arc::new(super::sequence::generic()));
    game.set_phase(super::sequence::PhaseState::default());
    *game.cycle_mut() = super::sequence::Cycle::default();
    let Some(first) = req.attackers.first().filter(|u| u.i() < game.units.len()) else {
        return;
    };
    let side = game.unit(*first).side;
    game.set_active_side(match game.rules.out_of_turn(req) {
        None => side,
        Some(_) => side.other(),
    });
}

/// The special action `key` by as many of `units` (one stack) as the rules accept together:
/// those for which it is open now, strongest first, the weakest left out until the command is
/// valid (a rally: up to the commanders' ratings). `None` when not even one may take it.
pub fn special_for(game: &Game, units: &[UnitIdx], key: &str) -> Option<Command> {
    let mut able: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| {
            game.rules
                .special_actions(game, *u)
                .iter()
                .any(|a| a.key == key && a.cost.is_ok())
        })
        .collect();
    able.sort_by_key(|u| std::cmp::Reverse(game.unit(*u).manpower));
    while !able.is_empty() {
        let cmd = Command::Special {
            units: able.iter().map(|u| game.unit(*u).id.clone()).collect(),
            action: key.to_string(),
        };
        if validate(game, &cmd).is_ok() {
            return Some(cmd);
        }
        able.pop();
    }
    None
}

/// A command [`validate`] accepted, with the plan it found: what [`apply`] carries out without
/// checking anything again. Only `validate` makes one, for the game as it stood then; `apply`
/// refuses it on a game that has changed since.
#[derive(Clone, Debug)]
pub struct Checked {
    command: Command,
    plan: Plan,
    /// The game's [version](Game::version) it was judged on.
    version: u64,
}

impl Checked {
    /// The command as the player (or the computer) gave it.
    pub fn command(&self) -> &Command {
        &self.command
    }

    /// For an attack, the request the rules took (the window keeps it for its preview and its
    /// roll; nobody builds it again).
    pub fn attack(&self) -> Option<&AttackRequest> {
        match &self.plan {
            Plan::Attack(a, _) => Some(&a.request),
            _ => None,
        }
    }
}

/// What each kind of command was found to do.
#[derive(Clone, Debug)]
enum Plan {
    Attack(CheckedAttack, super::attack::Choices),
    Move(MovePlan),
    March(MarchPlan),
    Special(Vec<(UnitIdx, super::points::Mp)>, String),
    Advance(Vec<UnitIdx>, Coord),
    EndTurn,
    EndPhase,
    /// A command of the rule system's action cycle (`Ruleset::actions`).
    Action(super::actions::ActionPlan),
}

/// An attack command through every check that applies to it, in one place: the request, and
/// the per-turn limits it counts against.
#[derive(Clone, Debug)]
struct CheckedAttack {
    request: AttackRequest,
    limits: orders::AttackLimits,
}

/// Every check of an attack after the phase's (`gate::check`): the side that may make it
/// (`attack_turn`), the scenario's surprise, an action phase's assault rules, the rule
/// system's own checks of the attack and its choices, then the per-turn limits.
fn check_attack(
    game: &Game,
    cmd: &Command,
    choices: &super::attack::Choices,
) -> Result<CheckedAttack, CommandError> {
    let request = request_of(game, cmd)?;
    who_may_attack(game, &request)?;
    game.rules.check(game, &request, choices)?;
    let limits = orders::check_attack_limits(game, &request).map_err(CommandError::Limit)?;
    Ok(CheckedAttack { request, limits })
}

/// The checks of who may make an attack, before the rule system's own: the side that may
/// (`attack_turn`), the scenario's surprise, an action phase's assault rules. For a command
/// ([`check_attack`]) and a request the computer weighs ([`judge_attack`]) alike.
fn who_may_attack(game: &Game, req: &AttackRequest) -> Result<(), CommandError> {
    attack_turn(game, req)?;
    surprise_check(game, req)?;
    assault_check(game, req)
}

/// An attack the computer players weigh, judged as [`validate`] judges the attack command the
/// request makes (its attackers' ids, its defender's label, no choices): the same checks, made
/// on the request (no ids written and parsed back), and its odds — their numbers, from
/// [`Ruleset::checked_odds`](super::ruleset::Ruleset::checked_odds), which a rule system may
/// answer with one assessment of the attack where its check and its odds each made one. The
/// same acceptance as `validate`'s, and the same odds as `odds_unexplained`'s
/// (`tests/all/ai.rs` compares them on every attack open at the start of each shipped field).
pub fn judge_attack(game: &Game, req: &AttackRequest) -> Result<super::attack::Odds, CommandError> {
    not_over(game)?;
    super::gate::check_attack(game, req).map_err(CommandError::Phase)?;
    who_may_attack(game, req)?;
    // The per-turn limits before the rule system's check and odds: the same acceptance, and no
    // odds computed for an attack the limits refuse.
    orders::check_attack_limits(game, req).map_err(CommandError::Limit)?;
    Ok(game.rules.checked_odds(game, req)?)
}

/// Check a command against the game without changing it: the one judge of what is legal, for
/// every caller (the window, the computer players, the command line, turn files). What it
/// accepts, [`apply`] carries out.
pub fn validate(game: &Game, cmd: &Command) -> Result<Checked, CommandError> {
    not_over(game)?;
    super::gate::check(game, cmd).map_err(CommandError::Phase)?;
    Ok(Checked {
        command: cmd.clone(),
        plan: plan(game, cmd)?,
        version: game.version(),
    })
}

/// An action command by the rule system's action cycle, or why the rule system has none.
fn action_plan(game: &Game, cmd: &Command) -> Result<super::actions::ActionPlan, CommandError> {
    if let Some(actions) = game.rules.actions() {
        return actions.check(game, cmd);
    }
    let phase = &game.sequence.phase(game.phase).name;
    let name = game.rules.name();
    Err(match cmd {
        Command::ForceMarch { .. } => CommandError::March(format!("{name} has no forced march")),
        Command::TransferLeader { .. } => {
            CommandError::Activate(format!("{phase}: {name} has no leader transfers"))
        }
        _ => CommandError::Activate(format!("{phase}: leaders are not activated in {name}")),
    })
}

/// Validate and apply a command: what the players' sessions, the computer's playouts and the
/// tests do with a command in hand.
pub fn execute(
    game: &mut Game,
    cmd: &Command,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, CommandError> {
    let checked = validate(game, cmd)?;
    apply(game, checked, dice)
}

/// Each command's plan, by its own checks.
fn plan(game: &Game, cmd: &Command) -> Result<Plan, CommandError> {
    Ok(match cmd {
        Command::Attack { choices, .. } => {
            Plan::Attack(check_attack(game, cmd, choices)?, choices.clone())
        }
        Command::Move { unit, path } => {
            Plan::Move(move_plan(game, std::slice::from_ref(unit), path)?)
        }
        Command::MoveStack { units, path } => Plan::Move(move_plan(game, units, path)?),
        Command::March { units } => Plan::March(march_plan(game, units)?),
        Command::Special { units, action } => {
            Plan::Special(special_plan(game, units, action)?, action.clone())
        }
        Command::Advance { units } => {
            let (units, hex) = advancers(game, units)?;
            Plan::Advance(units, hex)
        }
        Command::EndTurn => Plan::EndTurn,
        Command::EndPhase => Plan::EndPhase,
        Command::Activate { .. } | Command::ForceMarch { .. } | Command::TransferLeader { .. } => {
            Plan::Action(action_plan(game, cmd)?)
        }
    })
}

/// "Turn 2 of 4" (or "turn 2" in a scenario without a length).
fn turn_text(game: &Game) -> String {
    match game.scenario.turns {
        Some(t) => format!("turn {} of {t}", game.turn),
        None => format!("turn {}", game.turn),
    }
}

/// No command is taken once the scenario's last turn has ended.
fn not_over(game: &Game) -> Result<(), CommandError> {
    if game.is_over() {
        return Err(CommandError::Turn(format!(
            "the game is over: its last turn ({}) has ended",
            game.scenario.turns.unwrap_or(game.turn)
        )));
    }
    Ok(())
}

/// A unit may move only in its side's turn.
fn own_turn(game: &Game, u: UnitIdx, what: &str) -> Result<(), CommandError> {
    let side = game.unit(u).side;
    if side != game.active_side {
        return Err(CommandError::Turn(format!(
            "{what} {} belongs to {}; it is {}'s turn ({})",
            game.unit(u).name,
            game.scenario.side_name(side),
            game.scenario.side_name(game.active_side),
            turn_text(game)
        )));
    }
    Ok(())
}

/// The side that may make an attack: the side to move, or, for an attack the rule system
/// makes in the other side's turn (Shiloh's Final Defensive Fire,
/// [`super::ruleset::Ruleset::out_of_turn`]), the side not to move.
pub fn attack_turn(game: &Game, req: &AttackRequest) -> Result<(), CommandError> {
    let reaction = game.rules.out_of_turn(req);
    let side = match reaction {
        None => game.active_side,
        Some(_) => game.active_side.other(),
    };
    for &u in &req.attackers {
        if u.i() >= game.units.len() || game.unit(u).side == side {
            continue;
        }
        let unit = game.unit(u);
        return Err(CommandError::Turn(match &reaction {
            None => format!(
                "attacker {} belongs to {}; it is {}'s turn ({})",
                unit.name,
                game.scenario.side_name(unit.side),
                game.scenario.side_name(game.active_side),
                turn_text(game)
            ),
            Some(what) => format!(
                "attacker {}: {what} is made by the side not to move ({}) in {}'s turn ({})",
                unit.name,
                game.scenario.side_name(side),
                game.scenario.side_name(game.active_side),
                turn_text(game)
            ),
        }));
    }
    Ok(())
}

/// The scenario's surprise (`surprise.may_attack: false`): a surprised unit may not attack in
/// its own side's turn; an attack the rules make in the other side's turn (Shiloh's Final
/// Defensive Fire) stays open.
fn surprise_check(game: &Game, req: &AttackRequest) -> Result<(), CommandError> {
    if game.scenario.surprise.is_none() || game.rules.out_of_turn(req).is_some() {
        return Ok(());
    }
    for &u in &req.attackers {
        let Some(unit) = game.units.get(u.i()) else {
            continue;
        };
        if let Some(s) = game
            .scenario
            .surprised(u, unit.side, game.turn)
            .filter(|s| !s.may_attack)
        {
            return Err(CommandError::Limit(format!(
                "attacker {} is {}: it may defend, not attack, in its own turn",
                unit.name,
                s.describe()
            )));
        }
    }
    Ok(())
}

/// An action phase's assaults and march attacks (the rule system's action cycle).
fn assault_check(game: &Game, req: &AttackRequest) -> Result<(), CommandError> {
    let Some(actions) = game.rules.actions() else {
        return Ok(());
    };
    let kind = super::ruleset::kind_of(game, req);
    actions
        .check_attack(game, req, kind)
        .map_err(CommandError::Limit)
}

/// The advance the attack's result allows, kept for the attackers its fatigue left on the map
/// (a unit eliminated by its extended-march check does not advance; a leader does not advance
/// alone). Returns the offer's event, if one stands.
fn offer_advance(game: &mut Game) -> Option<Event> {
    let opt = game.set_advance_option(None)?;
    let units: Vec<UnitIdx> = opt
        .units
        .into_iter()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    if units.iter().all(|u| game.unit(*u).is_leader()) {
        return None;
    }
    game.set_advance_option(Some(super::game::AdvanceOption {
        units,
        hex: opt.hex,
    }));
    Some(Event::AdvanceOffered { hex: opt.hex })
}

fn advancers(game: &Game, units: &[String]) -> Result<(Vec<UnitIdx>, Coord), CommandError> {
    let Some(opt) = &game.advance_option else {
        return Err(CommandError::Advance("no advance is open: only the command right after an attack whose result allows it may advance".into()));
    };
    let may: std::collections::HashSet<UnitIdx> = opt.units.iter().copied().collect();
    let mut seen = std::collections::HashSet::with_capacity(units.len());
    let mut out = Vec::new();
    for id in units {
        let u = game
            .unit_by_id(id)
            .ok_or_else(|| CommandError::Advance(format!("unknown unit id {id:?}")))?;
        if !may.contains(&u) {
            return Err(CommandError::Advance(format!(
                "{id:?} did not take part in the attack"
            )));
        }
        if !game.unit(u).on_map() {
            return Err(CommandError::Advance(format!(
                "{id:?} has been eliminated: only units on the map advance"
            )));
        }
        if seen.insert(u) {
            out.push(u);
        }
    }
    Ok((out, opt.hex))
}

/// Carry out a command [`validate`] accepted, returning what happened: its plan as checked,
/// nothing checked again. Refused (changing nothing) if the game has changed since it was
/// checked.
pub fn apply(
    game: &mut Game,
    checked: Checked,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, CommandError> {
    if checked.version != game.version() {
        return Err(CommandError::Stale);
    }
    let Checked { command, plan, .. } = checked;
    game.new_version();
    if let Plan::Advance(units, hex) = plan {
        // No units: the advance is declined.
        game.set_advance_option(None);
        for &u in &units {
            game.place(u, Some(hex));
        }
        return Ok(vec![Event::Advanced { units, to: hex }]);
    }
    // The open advance ends with any other command; a command the rules still refuse (an
    // attack whose resolution fails) changes nothing, the advance included.
    let saved_advance = game.set_advance_option(None);
    match carry_out(game, plan, dice) {
        Ok(mut events) => {
            events.extend(super::gate::record_action(game, &command));
            Ok(events)
        }
        Err(e) => {
            game.set_advance_option(saved_advance);
            Err(e)
        }
    }
}

/// A plan's changes to the game, and their events.
fn carry_out(
    game: &mut Game,
    plan: Plan,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, CommandError> {
    Ok(match plan {
        Plan::Attack(a, choices) => {
            let rules = game.rules.clone();
            let mut events = rules.resolve(game, &a.request, &choices, dice)?;
            orders::count_attack(game, &a.request, &a.limits);
            // The attack ends with its fatigue and the extended-march check (GCACW); only
            // then is the advance offered, to the attackers still on the map.
            events.retain(|e| !matches!(e, Event::AdvanceOffered { .. }));
            if let Some(actions) = rules.actions() {
                events.extend(actions.after_attack(game, &a.request, a.limits.kind, dice));
            }
            events.extend(offer_advance(game));
            events
        }
        Plan::Move(plan) => orders::apply_move(game, &plan),
        Plan::March(plan) => {
            let rules = game.rules.clone();
            let mut events = orders::apply_march(game, &plan, dice);
            if let Some(actions) = rules.actions() {
                events.extend(actions.after_march(game, &plan.units, dice));
            }
            events
        }
        Plan::Special(units, action) => {
            let rules = game.rules.clone();
            let mut events = Vec::new();
            for (u, cost) in units {
                let unit = game.unit_mut(u);
                unit.spent = unit.spent + cost;
                events.extend(rules.apply_special(game, u, &action));
            }
            events
        }
        Plan::Advance(..) => Vec::new(),
        Plan::EndTurn => super::flow::end_turn(game, dice),
        // In an action phase a side ends its action, not the phase (both must pass).
        Plan::EndPhase if super::gate::on_initiative(game) => super::flow::end_turn(game, dice),
        Plan::EndPhase => super::flow::end_phase(game, dice),
        Plan::Action(plan) => {
            let rules = game.rules.clone();
            match rules.actions() {
                Some(actions) => actions.apply(game, &plan, dice),
                None => Vec::new(),
            }
        }
    })
}
