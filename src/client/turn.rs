//! The turn flow, driven by the rules' phase state: a command run on the game and its events
//! logged and queued for the view ([`execute`]), the end of a phase or of a side's turn (by a
//! player or the computer), what follows a change of the side that acts (log line, autosave,
//! the hot-seat hand-over), undo and saving. The dispatcher ([`super::core`]) and the
//! computer's driver ([`super::opponent`]) both go through here.

use std::path::PathBuf;

use bevy::prelude::*;

use super::save;
use super::state::*;
use crate::rules::command::Command;
use crate::rules::event::Event;

/// Run a command on the game; log its events and queue them for the view. False if refused.
pub fn execute(world: &mut World, cmd: Command) -> bool {
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return false;
    };
    let result = play.session.execute(cmd);
    match result {
        Ok(events) => {
            play.revision += 1;
            let game = &play.session.game;
            let turn = game.turn;
            let lines: Vec<LogLine> = events
                .iter()
                .map(|e| LogLine {
                    turn,
                    text: e.describe(game),
                    kind: if matches!(e, Event::AttackDeclared { .. }) {
                        LogKind::Attack
                    } else {
                        LogKind::Event
                    },
                })
                .collect();
            world.resource_mut::<CombatLog>().lines.extend(lines);
            world.resource_mut::<Feed>().batches.push_back(events);
            true
        }
        Err(e) => {
            notice(world, e.to_string(), true);
            false
        }
    }
}

pub fn end_turn(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    if !execute(world, Command::EndTurn) {
        return;
    }
    after_end_turn(world, false);
}

/// End the phase; when the side to act changes, as after the end of a turn.
pub fn end_phase(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let before = world
        .resource::<Play>()
        .0
        .as_ref()
        .map(|p| p.session.game.active_side);
    if !execute(world, Command::EndPhase) {
        return;
    }
    let after = world
        .resource::<Play>()
        .0
        .as_ref()
        .map(|p| p.session.game.active_side);
    if before != after {
        after_end_turn(world, false);
    } else {
        let hover = world.resource::<Selection>().hover;
        *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    }
}

/// After a side's `EndTurn` (a player's, or the computer's when `computer`): the log line, a
/// clear selection, the autosave, the hand-over screen of a hot-seat game; after the computer's
/// turn, undo stops here.
pub fn after_end_turn(world: &mut World, computer: bool) {
    let Some(p) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if computer {
        p.undo_floor = p.session.log.len();
    }
    let g = &p.session.game;
    let (turn, side, over) = (g.turn, g.active_side, g.is_over());
    let (mode, handover) = (p.mode, p.handover);
    let side_name = g.scenario.side_name(side).to_string();
    let phase = crate::rules::sequence::status_line(g);
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: match (over, phase) {
            (true, _) => "The last turn is over".into(),
            (false, Some(phase)) => format!("Turn {turn}: {side_name} to play: {phase}"),
            (false, None) => format!("Turn {turn}: {side_name} to play"),
        },
        kind: LogKind::Info,
    });
    let hover = world.resource::<Selection>().hover;
    *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    if let Err(e) = save_game(world, true) {
        notice(world, format!("Autosave failed: {e}"), true);
    }
    if mode == Mode::HotSeat && handover && !over {
        world.resource_mut::<HandOver>().waiting = Some(side);
    }
}

pub fn undo(world: &mut World) {
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if play.undoable() == 0 {
        let why = if play.session.undoable() > 0 {
            "Nothing to undo since the computer's turn"
        } else {
            "Nothing to undo since the last die roll"
        };
        notice(world, why, true);
        return;
    }
    let before = play.session.log.last().cloned();
    play.session.undo(1);
    play.revision += 1;
    let turn = play.session.game.turn;
    let what = match before {
        Some(Command::Move { unit, .. }) => format!("Undid the move of {unit}"),
        Some(Command::EndTurn) => "Undid the end of turn".to_string(),
        Some(c) => format!("Undid {c:?}"),
        None => "Undid".to_string(),
    };
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: what,
        kind: LogKind::Info,
    });
    let hover = world.resource::<Selection>().hover;
    *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    world.resource_mut::<HandOver>().waiting = None;
}

/// Save the game in the data directory (atomically); `auto`: the autosave slot.
pub fn save_game(world: &mut World, auto: bool) -> Result<PathBuf, String> {
    let dir = save::saves_dir(&world.resource::<Settings>().data_dir)
        .ok_or("no data directory for saves")?;
    let Some(p) = &world.resource::<Play>().0 else {
        return Err("no game to save".into());
    };
    let name = if auto {
        format!("autosave-{}.ron", p.source.stem())
    } else {
        format!(
            "{}-turn{}-{}.ron",
            p.source.stem(),
            p.session.game.turn,
            save::timestamp()
        )
    };
    let path = dir.join(name);
    let text = p.session.save_string();
    crate::rules::session::write_atomic(&path, &text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !auto {
        notice(world, format!("Saved {}", path.display()), false);
    }
    Ok(path)
}
