//! The turn flow, driven by the rules' phase state: a command run on the game and its events
//! logged and queued for the view ([`execute`]), the end of a phase or of a side's turn (by a
//! player or the computer), what follows a change of the side that acts (log line, autosave,
//! the hot-seat hand-over), undo and saving. The dispatcher ([`super::core`]) and the
//! computer's driver ([`super::opponent`]) both go through here.

use crate::rules::narrate::Describe;
use std::path::PathBuf;

use bevy::prelude::*;

use super::save;
use super::state::*;
use crate::rules::event::Event;
use crate::rules::order::Command;
use crate::rules::sequence::PhaseState;
use crate::rules::unit::SideId;

/// Run a command on the game; log its events and queue them for the view. False if refused.
pub fn execute(world: &mut World, cmd: Command) -> bool {
    // An online game: the command goes to the server, and is played when it comes back.
    if let Some(sent) = send_online(world, &cmd) {
        return sent;
    }
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return false;
    };
    let result = play.session.execute(cmd);
    match result {
        Ok(events) => {
            play.revision += 1;
            show_events(world, events);
            true
        }
        Err(e) => {
            notice(world, e.to_string(), true);
            false
        }
    }
}

/// What a command did, on the game in play: each event in the combat log, and all of them
/// queued for the view to animate.
pub fn show_events(world: &mut World, events: Vec<Event>) {
    let Some(game) = world.resource::<Play>().game() else {
        return;
    };
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
}

/// Where the game stood before a command that may hand the play to the other side: who acted,
/// in which turn and phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Before {
    pub side: SideId,
    pub turn: u32,
    pub phase: PhaseState,
}

impl Before {
    pub fn of(world: &World) -> Option<Before> {
        world.resource::<Play>().game().map(|g| Before {
            side: g.active_side,
            turn: g.turn,
            phase: g.phase,
        })
    }
}

/// End the side's turn (`EndTurn`; in an action phase, its action, a pass if it did nothing)
/// or the phase (`EndPhase`), then what follows a change of the side to act.
pub fn end(world: &mut World, cmd: Command) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let Some(before) = Before::of(world) else {
        return;
    };
    if !execute(world, cmd) {
        return;
    }
    after_end_turn(world, false, before);
}

/// After a side's `EndTurn` or `EndPhase` (a player's, or the computer's when `computer`):
/// when the side to act changed, the log line, the autosave and the hand-over screen of a
/// hot-seat game (in action phases, only at the end of a phase if the players chose so); a
/// clear selection; after the computer's turn, undo stops here.
pub fn after_end_turn(world: &mut World, computer: bool, before: Before) {
    let phases_only = world.resource::<Settings>().handover_phases_only;
    let Some(p) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if computer {
        p.undo_floor = p.session.log.len();
    }
    let g = &p.session.game;
    let (turn, side, over) = (g.turn, g.active_side, g.is_over());
    let same_phase = g.turn == before.turn && g.phase == before.phase;
    let (mode, handover) = (p.mode, p.handover);
    let side_name = g.scenario.side_name(side).to_string();
    let phase = crate::rules::gate::status_line(g);
    let changed = side != before.side || over;
    let hover = world.resource::<Selection>().hover;
    *world.resource_mut::<Selection>() = Selection { hover, ..default() };
    if !changed && same_phase {
        // The same side goes on (a new initiative won, or a phase where it acts again).
        if let Some(phase) = phase {
            world.resource_mut::<CombatLog>().lines.push(LogLine {
                turn,
                text: phase,
                kind: LogKind::Info,
            });
        }
        return;
    }
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: match (over, phase) {
            (true, _) => "The last turn is over".into(),
            (false, Some(phase)) => format!("Turn {turn}: {side_name} to play: {phase}"),
            (false, None) => format!("Turn {turn}: {side_name} to play"),
        },
        kind: LogKind::Info,
    });
    if let Err(e) = save_game(world, true) {
        notice(world, format!("Autosave failed: {e}"), true);
    }
    let initiative = world
        .resource::<Play>()
        .game()
        .is_some_and(crate::rules::gate::on_initiative);
    let between_actions = initiative && same_phase;
    if mode == Mode::HotSeat && handover && !over && changed && !(between_actions && phases_only) {
        world.resource_mut::<HandOver>().waiting = Some(side);
    }
}

pub fn undo(world: &mut World) {
    let Some(play) = world.resource_mut::<Play>().into_inner().0.as_mut() else {
        return;
    };
    if play.undoable() == 0 {
        // Nothing since the computer's last command (its last action may end with a roll).
        let computer = play.undo_floor > 0 && play.session.log.len() <= play.undo_floor;
        let why = if computer || play.session.undoable() > 0 {
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

/// The player's command in an online game ([`Outbox`]): checked here, then sent (it is
/// played when the server relays it). None: the game in play is not followed online.
fn send_online(world: &mut World, cmd: &Command) -> Option<bool> {
    let key = world.resource::<Play>().game().map(game_key)?;
    let outbox = world.resource::<Outbox>();
    let (to_key, to_net) = outbox.to.as_ref()?;
    if *to_key != key {
        return None;
    }
    let to_net = to_net.clone();
    let sending = outbox.sending;
    let game = world.resource::<Play>().game()?;
    if sending {
        notice(world, "your last command is on its way to the server", true);
        return Some(false);
    }
    if let Err(e) = crate::rules::command::validate(game, cmd) {
        notice(world, e.to_string(), true);
        return Some(false);
    }
    let sent = to_net
        .send(crate::online::client::FromWindow::Command(cmd.clone()))
        .is_ok();
    world.resource_mut::<Outbox>().sending = sent;
    Some(sent)
}
