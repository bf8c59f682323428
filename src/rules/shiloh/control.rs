//! Command control and the recovery between rounds (SSI Shiloh's turn): Shiloh's steps of the
//! sequence of play, which the turn flow runs through the rule system's hooks
//! (`Ruleset::command_control`, `Ruleset::recovery`).
//!
//! SSI Shiloh's turn at the Intermediate and Advanced levels runs command control, recovery or
//! rally and reinforcement, then two sets of operations and combat with a mid-point recovery
//! between them [player: everygamegoing.com review, 1987]. The manual's procedures for these
//! steps were not found (every stored copy reads only its cover), so what they do here is a
//! `[project default]`, given in the rules file's `sequence.command_control` and
//! `sequence.round_recovery` and described in `docs/rulesets/shiloh.md`; a player who owns the
//! manual can correct the numbers there.
//!
//! - **Command control**, at the start of every game turn (the first included), before the
//!   reinforcements enter (they are in command in their first game turn): a combat unit
//!   with no friendly leader within `radius` hexes is out of command for the game turn; it has
//!   `out_of_command_percent` of its points in each operations phase (rounded down). A side
//!   whose scenario has no leader at all is always in command (the scenario does not model its
//!   command).
//! - **Recovery**, at the start of every game turn after the first (after command control,
//!   before the reinforcements) and, with `mid_point`, between the rounds: each combat unit of both sides, in unit order,
//!   with no enemy combat unit adjacent — a routed one rolls one d6 and rallies when the die x
//!   `rally_per_pip` is at most its efficiency (back to its first mode, disrupted); a disrupted
//!   one returns to good order (with `disrupted`); each loses `fatigue` points of fatigue.
//!
//! Dice: one d6 per routed unit that may rally, in unit order, the first dice of a game turn
//! (before a random-events roll; at the mid-point: before the second round's first phase).

use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::points::Mp;
use crate::rules::unit::{Mode, Status, Unit, UnitIdx};

/// Whether a unit takes part: a combat unit on the map.
fn counts(u: &Unit) -> bool {
    u.on_map() && !u.is_leader()
}

/// The command-control step: marks each combat unit out of command, or not, for the game turn.
pub fn command_control(game: &mut Game) -> Vec<Event> {
    let Some(rules) = game.sequence.command_control.clone() else {
        return Vec::new();
    };
    let leaders: Vec<(crate::rules::unit::SideId, crate::rules::hex::Coord)> = game
        .units
        .iter()
        .filter(|u| u.is_leader())
        .filter_map(|u| u.hex.map(|h| (u.side, h)))
        .collect();
    // A side the scenario gives no leader at all does not model command: always in command.
    let led: Vec<crate::rules::unit::SideId> = game
        .units
        .iter()
        .filter(|u| u.is_leader())
        .map(|u| u.side)
        .collect();
    let off: Vec<bool> = game
        .units
        .iter()
        .map(|u| {
            counts(u)
                && led.contains(&u.side)
                && !leaders.iter().any(|(side, h)| {
                    *side == u.side && u.hex.is_some_and(|x| x.distance(*h) <= rules.radius)
                })
        })
        .collect();
    let mut out = Vec::new();
    for (i, off) in off.into_iter().enumerate() {
        let u = UnitIdx(i as u32);
        if let Some(own) = super::state::unit_mut(game, u) {
            own.out_of_command = off;
        }
        if off {
            out.push(u);
        }
    }
    vec![Event::CommandControl {
        turn: game.turn,
        out_of_command: out,
        radius: rules.radius,
        percent: rules.out_of_command_percent,
    }]
}

/// A unit's points for an operations phase: all of them in command, the rules' share out of it,
/// and of that the scenario's surprise share on its turns (`surprise.points_percent`). Whole
/// points, each share rounded down.
pub fn points(game: &Game, u: UnitIdx, full: Mp) -> Mp {
    let unit = game.unit(u);
    let mut whole = full.0 / Mp::SCALE;
    if let Some(r) = &game.sequence.command_control
        && super::state::unit(game, u).out_of_command
    {
        whole = whole * r.out_of_command_percent / 100;
    }
    if let Some(s) = surprise_of(game, unit) {
        whole = whole * s.points_percent / 100;
    }
    if whole == full.0 / Mp::SCALE {
        full
    } else {
        Mp::whole(whole)
    }
}

/// The scenario's surprise on this unit now, if any.
fn surprise_of<'a>(game: &'a Game, unit: &Unit) -> Option<&'a crate::rules::scenario::Surprise> {
    let s = game.scenario.surprise.as_ref()?;
    if s.side != unit.side || s.turns.binary_search(&game.turn).is_err() {
        return None;
    }
    // Only a list of units needs the unit's index (found by id).
    (s.units.is_empty()
        || game
            .unit_by_id(&unit.id)
            .is_some_and(|i| s.units.contains(&i)))
    .then_some(s)
}

/// Why a unit has the points it has, for the move tooltips (`None`: all of them).
pub fn points_note(game: &Game, u: UnitIdx) -> Option<String> {
    let unit = game.unit(u);
    let mut notes = Vec::new();
    if let Some(r) = &game.sequence.command_control
        && super::state::unit(game, u).out_of_command
    {
        notes.push(format!(
            "out of command (no leader within {} hexes at the command-control step): {}% of its \
             points {}",
            r.radius, r.out_of_command_percent, r.source
        ));
    }
    if let Some(s) = surprise_of(game, unit).filter(|s| s.points_percent < 100) {
        notes.push(s.describe());
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// The recovery step (at a game turn's start, or with `mid_point` between the rounds).
pub fn recover(game: &mut Game, dice: &mut dyn DieSource, mid_point: bool) -> Vec<Event> {
    let Some(rules) = game.sequence.round_recovery.clone() else {
        return Vec::new();
    };
    if mid_point && !rules.mid_point {
        return Vec::new();
    }
    let enemies: Vec<(crate::rules::unit::SideId, crate::rules::hex::Coord)> = game
        .units
        .iter()
        .filter(|u| counts(u))
        .filter_map(|u| u.hex.map(|h| (u.side, h)))
        .collect();
    let mut events = Vec::new();
    let mut rallied = Vec::new();
    let mut failed = Vec::new();
    let mut restored = Vec::new();
    let mut rested = 0u32;
    for i in 0..game.units.len() {
        let u = &game.units[i];
        if !counts(u) {
            continue;
        }
        let hex = u.hex.expect("on the map");
        if enemies
            .iter()
            .any(|(s, h)| *s != u.side && h.distance(hex) <= 1)
        {
            continue;
        }
        let idx = UnitIdx(i as u32);
        let own = super::state::unit(game, idx);
        let routed = own.mode == Mode::Routed || u.status == Status::Routed;
        if routed {
            if rules.rally_per_pip == 0 {
                continue;
            }
            let die = crate::rules::event::roll_die(dice, DieRole::Other, &mut events);
            // Back to its kind's first formation (normal, dismounted, unlimbered), as a
            // scenario's unit without a mode has.
            let profile = game.rules.profile();
            let kind = game.units[i].kind;
            let efficiency = super::state::unit(game, idx).efficiency;
            if u32::from(die) * u32::from(rules.rally_per_pip) <= u32::from(efficiency) {
                if let Some(own) = super::state::unit_mut(game, idx)
                    && own.mode == Mode::Routed
                {
                    own.mode = profile.first_mode(kind);
                }
                game.unit_mut(idx).status = Status::Disrupted;
                rallied.push((idx, die));
            } else {
                failed.push((idx, die));
            }
        } else if rules.disrupted && u.status == Status::Disrupted {
            game.unit_mut(idx).status = Status::Normal;
            restored.push(idx);
        }
        let u = game.unit_mut(idx);
        if u.fatigue > 0 && rules.fatigue > 0 {
            u.fatigue = u.fatigue.saturating_sub(rules.fatigue);
            rested += 1;
        }
    }
    events.push(Event::RoundRecovered {
        mid_point,
        rallied,
        failed,
        restored,
        rested,
        fatigue: rules.fatigue,
    });
    events
}
