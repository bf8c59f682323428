//! The computer opponent in the window. On its side's turn it thinks off the main thread (one
//! decision at a time, on a copy of the game, in Bevy's [`AsyncComputeTaskPool`]), and each
//! command it decides goes through [`core::execute`](super::state::execute), so `validate`
//! judges it as it judges a player's and the combat log and the animation show it like a
//! player's: moves slide, dice roll, results apply. Between commands it waits for the view to
//! finish showing the last one and a short pause ([`PACE_MOVE`], [`PACE_AFTER_ROLL`]); Space
//! ([`Action::SkipComputerTurn`](super::state::Action::SkipComputerTurn)) plays the rest of its
//! turn without pausing. The log says why it did each thing (`Decision::why`). Undo stops at
//! the end of its turn ([`PlayState::undo_floor`](super::state::PlayState::undo_floor)).

use std::time::Instant;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};

use super::anim::{Anim, AnimSystems, Stage};
use super::state::{
    Briefing, CombatLog, CoreSystems, Feed, HandOver, LogKind, LogLine, Play, Screen, Seat,
    Selection, SkipComputer, game_key,
};
use super::turn::execute;
use crate::rules::ai::{Decision, Kind, Player, Progress};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::order::Command;
use crate::rules::session::Session;
use crate::rules::unit::SideId;

/// Seconds between two of the computer's commands when the last one only moved (time to see
/// the counters slide).
pub const PACE_MOVE: f32 = 0.45;
/// Seconds after the dice of its last command are shown before the next command.
pub const PACE_AFTER_ROLL: f32 = 0.8;

/// A decision made off the main thread, with the player that made it (handed back).
struct Thought {
    player: Box<dyn Player>,
    side: usize,
    /// The game revision it was made on: a decision on a game since changed is dropped.
    revision: u64,
    decision: Decision,
    ms: f64,
}

/// The computer players of the game in play and what they are doing.
#[derive(Resource)]
pub struct Opponent {
    /// Each side's computer player, made on its first turn (it keeps its plan between
    /// decisions).
    players: [Option<Box<dyn Player>>; 2],
    /// The game they play ([`game_key`]): a new game gets new players.
    game: Option<usize>,
    task: Option<Task<Thought>>,
    /// Seconds to wait before the next command.
    pub wait: f32,
    /// Commands sent in the current turn.
    pub sent: usize,
    /// Thinking time of the current turn, in milliseconds.
    pub think_ms: f64,
    /// Where it acted last, for the camera to bring into view (taken by the view).
    pub focus: Option<Coord>,
    /// Multiplies the pauses between its commands (1: watchable; 0: none, for tests).
    pub pace: f32,
    /// How far the decision being made has got (players that search report it).
    pub progress: Option<Progress>,
    /// The game as the computer players were last told of it: a copy of the session that
    /// follows the log command by command ([`follow`]).
    shadow: Option<Session>,
    /// For each side a computer plays, the other side's commands it has not yet been told of
    /// ([`Player::observe`]), each with the game it was sent on; told before its next decision.
    pending: [Vec<(Game, Command)>; 2],
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent {
            players: [None, None],
            game: None,
            task: None,
            wait: 0.0,
            sent: 0,
            think_ms: 0.0,
            focus: None,
            pace: 1.0,
            progress: None,
            shadow: None,
            pending: [Vec::new(), Vec::new()],
        }
    }
}

impl Opponent {
    /// Whether a decision is being made now.
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }

    /// While thinking: the decision's progress, as (done, total), when the player reports it.
    pub fn progress(&self) -> Option<(u32, u32)> {
        self.progress
            .as_ref()
            .filter(|_| self.thinking())
            .map(Progress::get)
            .filter(|(_, total)| *total > 0)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Opponent>().add_systems(
        Update,
        drive
            .after(CoreSystems)
            .before(AnimSystems)
            .run_if(in_state(Screen::Playing)),
    );
}

/// One step of the computer's turn: collect a finished decision and send it, or start the
/// next one when the view has shown the last.
fn drive(world: &mut World) {
    let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let Some(p) = &world.resource::<Play>().0 else {
        let pace = world.resource::<Opponent>().pace;
        *world.resource_mut::<Opponent>() = Opponent { pace, ..default() };
        return;
    };
    let key = game_key(&p.session.game);
    let (revision, seed) = (p.revision, p.session.seed);
    let kind = p.computer_to_move();
    let side = p.session.game.active_side;
    {
        let mut opp = world.resource_mut::<Opponent>();
        if opp.game != Some(key) {
            *opp = Opponent {
                game: Some(key),
                pace: opp.pace,
                ..default()
            };
        }
    }
    follow(world);
    // A decision finished?
    match poll_decision(world) {
        Polled::Thinking => {
            redraw(world);
            return;
        }
        Polled::Done(t) => {
            let t = *t;
            let mut opp = world.resource_mut::<Opponent>();
            opp.think_ms += t.ms;
            opp.players[t.side] = Some(t.player);
            if t.revision == revision && kind.is_some() {
                send(world, t.decision);
            }
            redraw(world);
            return;
        }
        Polled::Idle => {}
    }
    let Some(kind) = kind else {
        world.resource_mut::<SkipComputer>().0 = false;
        return;
    };
    // The player reads the briefing (or a hand-over screen is up) first.
    if world.resource::<HandOver>().waiting.is_some() || world.resource::<Briefing>().open {
        return;
    }
    redraw(world);
    if !ready_for_next(world, dt) {
        return;
    }
    think(world, kind, side, seed, revision);
}

/// Where the decision being made stands.
enum Polled {
    /// None is being made.
    Idle,
    /// Not finished yet.
    Thinking,
    /// Finished (and taken out of the opponent).
    Done(Box<Thought>),
}

/// Whether the decision under way has finished.
fn poll_decision(world: &mut World) -> Polled {
    let mut opp = world.resource_mut::<Opponent>();
    match opp.task.as_mut() {
        Some(task) => match block_on(future::poll_once(task)) {
            Some(t) => {
                opp.task = None;
                Polled::Done(Box::new(t))
            }
            None => Polled::Thinking,
        },
        None => Polled::Idle,
    }
}

/// Whether the next command may be thought about: at once when the player skips to the end of
/// the turn (the view jumps there), else once the view has shown the last command and the
/// pause after it is over (`dt`: this frame's seconds).
fn ready_for_next(world: &mut World, dt: f32) -> bool {
    let skip = world.resource::<SkipComputer>().0;
    if skip {
        // Nothing left to show: the view jumps to where the turn ends.
        world.resource_mut::<Feed>().batches.clear();
        if let Some(mut anim) = world.get_resource_mut::<Anim>()
            && anim.stage != Stage::Idle
        {
            anim.stage = Stage::Idle;
        }
    } else {
        // The view (when there is one) has shown the last command.
        if super::anim::view_busy(world) {
            return false;
        }
        let mut opp = world.resource_mut::<Opponent>();
        if opp.wait > 0.0 {
            opp.wait -= dt;
            return false;
        }
    }
    true
}

/// Think about the next command of `side` (a `kind` player), off the main thread, on a copy
/// of the game at `revision`; the player is told first of the other side's commands since
/// its last decision.
fn think(world: &mut World, kind: Kind, side: SideId, seed: u64, revision: u64) {
    let Some(p) = &world.resource::<Play>().0 else {
        return;
    };
    let game = p.session.game.clone();
    let s = (side.0 as usize).min(1);
    let mut opp = world.resource_mut::<Opponent>();
    let mut player = opp.players[s]
        .take()
        .unwrap_or_else(|| kind.player(seed, SideId(s as u8)));
    opp.progress = player.progress();
    let seen = std::mem::take(&mut opp.pending[s]);
    opp.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let t0 = Instant::now();
        for (before, command) in &seen {
            player.observe(before, command);
        }
        let decision = player.decide(&game);
        Thought {
            player,
            side: s,
            revision,
            decision,
            ms: t0.elapsed().as_secs_f64() * 1000.0,
        }
    }));
}

/// Bring the computer players' copy of the game up to the log: each command since, with the
/// game it was sent on, is queued for the computer players of the other side (told before their
/// next decision). After an undo, a reseed or a load the copy starts afresh from the game as it
/// stands (what came before is not told).
fn follow(world: &mut World) {
    world.resource_scope(|world, mut opp: Mut<Opponent>| {
        let Some(p) = &world.resource::<Play>().0 else {
            return;
        };
        let session = &p.session;
        let computers = p.seats.map(|s| matches!(s, Seat::Computer(_)));
        let in_step = opp
            .shadow
            .as_ref()
            .is_some_and(|sh| sh.reseeds == session.reseeds && session.log.starts_with(&sh.log));
        if !in_step {
            opp.shadow = Some(session.clone());
            return;
        }
        let opp = &mut *opp;
        let Some(sh) = opp.shadow.as_mut() else {
            return;
        };
        while sh.log.len() < session.log.len() {
            let command = session.log[sh.log.len()].clone();
            let acting = (sh.game.active_side.0 as usize).min(1);
            for (s, pending) in opp.pending.iter_mut().enumerate() {
                if computers[s] && s != acting {
                    pending.push((sh.game.clone(), command.clone()));
                }
            }
            if sh.execute(command).is_err() {
                opp.shadow = None;
                return;
            }
        }
    });
}

fn redraw(world: &mut World) {
    if let Some(mut m) = world.get_resource_mut::<Messages<bevy::window::RequestRedraw>>() {
        m.write(bevy::window::RequestRedraw);
    }
}

/// The pause after the command just run, at `pace` (the pace multiplier): longer when it rolled
/// dice (time to read them) than when it only moved. Shared by the computer's turn and the
/// replay of a turn file ([`super::pbem`]).
pub fn pause_after_last(world: &World, pace: f32) -> f32 {
    let rolled = world.resource::<Feed>().batches.back().is_some_and(|b| {
        b.iter()
            .any(|e| matches!(e, crate::rules::event::Event::DieRolled { .. }))
    });
    pace * if rolled { PACE_AFTER_ROLL } else { PACE_MOVE }
}

/// Send the computer's command: its reason in the log, then the command through the rules as
/// a player's would go. A command the rules refuse (a defect) is logged and ends its turn.
fn send(world: &mut World, d: Decision) {
    let Some(p) = &world.resource::<Play>().0 else {
        return;
    };
    let g = &p.session.game;
    let turn = g.turn;
    let side = g.scenario.side_name(g.active_side).to_string();
    let focus = focus(g, &d.command);
    let why = d.why.strip_prefix("ai: ").unwrap_or(&d.why).to_string();
    let refused = validate(g, &d.command).err().map(|e| e.to_string());
    let Some(before) = super::turn::Before::of(world) else {
        return;
    };
    let end = matches!(d.command, Command::EndTurn);
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: format!("{side} (computer): {why}"),
        kind: LogKind::Computer,
    });
    if let Some(e) = refused {
        world.resource_mut::<CombatLog>().lines.push(LogLine {
            turn,
            text: format!("The computer sent a command the rules refuse (a defect): {e}"),
            kind: LogKind::Error,
        });
        if execute(world, Command::EndTurn) {
            finish_turn(world, before);
        }
        return;
    }
    if !execute(world, d.command) {
        return;
    }
    if world.resource::<SkipComputer>().0 {
        // Skipping: the view jumps to the result without showing it.
        world.resource_mut::<Feed>().batches.clear();
    }
    if end {
        finish_turn(world, before);
        return;
    }
    let pause = pause_after_last(world, world.resource::<Opponent>().pace);
    {
        let mut opp = world.resource_mut::<Opponent>();
        opp.sent += 1;
        opp.wait = pause;
    }
    // Show where it acted.
    if let Some(h) = focus {
        world.resource_mut::<Opponent>().focus = Some(h);
        let hover = world.resource::<Selection>().hover;
        *world.resource_mut::<Selection>() = Selection {
            hover,
            hex: Some(h),
            ..default()
        };
    }
}

fn finish_turn(world: &mut World, before: super::turn::Before) {
    let (sent, ms) = {
        let mut opp = world.resource_mut::<Opponent>();
        let r = (opp.sent, opp.think_ms);
        opp.sent = 0;
        opp.think_ms = 0.0;
        opp.wait = 0.0;
        r
    };
    // The skip lasts while this side acts (in an action phase, its run of initiatives).
    if world
        .resource::<Play>()
        .game()
        .is_none_or(|g| g.active_side != before.side || g.is_over())
    {
        world.resource_mut::<SkipComputer>().0 = false;
    }
    let turn = world.resource::<Play>().game().map_or(0, |g| g.turn);
    // In an action phase the computer ends one action (or passes), not its turn.
    let action = world.resource::<Play>().game().is_some_and(|g| {
        g.sequence.phase(before.phase).acts == crate::rules::sequence::Acts::Initiative
    });
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: format!(
            "The computer's {}: {sent} commands, {ms:.0} ms of thought",
            if action { "action" } else { "turn" }
        ),
        kind: LogKind::Computer,
    });
    super::turn::after_end_turn(world, true, before);
}

/// The hex a command acts on: where a move ends, the hex attacked.
fn focus(g: &crate::rules::game::Game, c: &Command) -> Option<Coord> {
    match c {
        Command::Move { path, .. } | Command::MoveStack { path, .. } => {
            path.last().and_then(|l| g.scenario.parse_hex(l).ok())
        }
        Command::Attack { defender, .. } => g.scenario.parse_hex(defender).ok(),
        _ => None,
    }
}
