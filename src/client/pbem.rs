//! Play by turn files in the window ([`crate::rules::pbem`]): start a game by files, open a
//! received file (main menu "Open turn file", Ctrl+O, `musket --turn FILE`, or a file dropped
//! on the window), which is verified by the rules and whose opponent's commands are replayed on
//! the map with the usual animations and log (Space skips to their end), then the player's
//! side is theirs to play; when their move is done, "Send turn" (Ctrl+T) writes the next file.
//!
//! The opponent's side is a [`Seat::Remote`]: the player cannot act for it, and undo stops at
//! the end of what the received file held. What this computer keeps of each game (the side it
//! plays, its secret, the last file it sent) lives in the data folder's `pbem` folder.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::anim::AnimSystems;
use super::core::install;
use super::save::{self, SaveEntry};
use super::state::*;
use super::turn::execute;
use crate::rules::order::Command;
use crate::rules::pbem::{self, Kept, Secret, Verified};
use crate::rules::session::Session;
use crate::rules::unit::SideId;

/// A game by turn files in play.
pub struct PbemGame {
    /// The last file received (verified) or, once sent, the file sent.
    pub verified: Verified,
    /// The side this computer plays.
    pub side: SideId,
    pub kept: Kept,
    /// The game once the opponent's commands are shown, with this player's dice (installed
    /// when the replay ends).
    pub full: Option<Session>,
    /// The opponent's commands still to show.
    pub pending: VecDeque<Command>,
    /// The file this player wrote last (waiting for the reply).
    pub sent: Option<PathBuf>,
    /// The send dialog was offered once this move ended.
    pub prompted: bool,
    /// The game in [`Play`] it belongs to ([`game_key`]).
    pub key: Option<usize>,
}

impl PbemGame {
    /// What the player is to do now, in a line.
    pub fn status(&self, play: &Play) -> String {
        let sc = &self.verified.scenario;
        let mine = sc.side_name(self.side);
        if !self.pending.is_empty() {
            return format!(
                "Replaying your opponent's move: {} command(s) to show (Space: skip)",
                self.pending.len()
            );
        }
        if let Some(p) = &self.sent {
            return format!(
                "Sent {}: send it to your opponent, then open their reply (Ctrl+O)",
                p.display()
            );
        }
        match play.game() {
            Some(g) if g.is_over() && self.verified.is_over() => {
                "The game is over: the file you opened ends it".into()
            }
            Some(g) if g.is_over() => {
                "The game is over: send the last file so your opponent sees the end".into()
            }
            Some(g) if g.active_side == self.side => {
                format!("Your move ({mine}); Send turn when it is done")
            }
            Some(g) => format!(
                "{}'s move, played by your opponent: Send turn (Ctrl+T)",
                sc.side_name(g.active_side)
            ),
            None => "Send your reply to accept the game (Ctrl+T)".into(),
        }
    }
}

/// Which dialog is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    Open,
    Send,
}

/// The open or send dialog: a folder (remembered), a file name, the turn files found there.
#[derive(Clone, Debug)]
pub struct Dialog {
    pub kind: DialogKind,
    pub folder: String,
    pub name: String,
    pub files: Vec<SaveEntry>,
}

/// A received file whose rules differ from the built-in ones, waiting for the player to accept
/// them (or not) before it is opened.
#[derive(Clone, Debug)]
pub struct RulesQuestion {
    pub path: PathBuf,
    /// "this game uses rules that differ from the built-in gcacw: …" ([`pbem::rules_warning`]).
    pub changes: Vec<String>,
    pub ruleset: String,
}

/// Play by turn files: the game in play (if any) and the dialog.
#[derive(Resource, Default)]
pub struct TurnFiles {
    pub game: Option<PbemGame>,
    pub dialog: Option<Dialog>,
    /// A file whose rules the player is asked to accept.
    pub question: Option<RulesQuestion>,
    wait: f32,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnFiles>()
        .add_message::<TurnAction>()
        .add_systems(
            Update,
            (handle, replay)
                .chain()
                .after(CoreSystems)
                .before(AnimSystems),
        );
}

/// The window's extras: files dropped on it, Ctrl+O and Ctrl+T.
pub fn window_input(app: &mut App) {
    app.add_systems(PreUpdate, (dropped, keys));
}

fn dropped(
    mut drops: MessageReader<bevy::window::FileDragAndDrop>,
    mut out: MessageWriter<TurnAction>,
) {
    for d in drops.read() {
        if let bevy::window::FileDragAndDrop::DroppedFile { path_buf, .. } = d {
            out.write(TurnAction::Open(path_buf.clone()));
        }
    }
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    mut out: MessageWriter<TurnAction>,
) {
    let Some(keys) = keys else {
        return;
    };
    if *screen.get() == Screen::Editor {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyO) {
        out.write(TurnAction::ShowOpen);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyT) {
        out.write(TurnAction::ShowSend);
    }
}

fn handle(world: &mut World) {
    let actions: Vec<TurnAction> = world
        .resource_mut::<Messages<TurnAction>>()
        .drain()
        .collect();
    for a in actions {
        let r = match a {
            TurnAction::Open(p) => open(world, &p, false),
            TurnAction::OpenAccepting(p) => open(world, &p, true),
            TurnAction::Send(p) => send(world, &p),
            TurnAction::Start {
                source,
                side,
                folder,
            } => start(world, &source, side, &folder),
            TurnAction::ShowOpen => {
                show(world, DialogKind::Open);
                Ok(())
            }
            TurnAction::ShowSend => {
                if world.resource::<TurnFiles>().game.is_some() {
                    show(world, DialogKind::Send);
                    Ok(())
                } else {
                    Err("No game by turn files in play: open a turn file (Ctrl+O) or start one from the menu".into())
                }
            }
        };
        if let Err(e) = r {
            notice(world, e, true);
        }
    }
}

/// Put up a dialog on the remembered folder.
pub fn show(world: &mut World, kind: DialogKind) {
    let data = world.resource::<Settings>().data_dir.clone();
    let folder = save::turn_folder(&data);
    let name = match (kind, &world.resource::<TurnFiles>().game) {
        (DialogKind::Send, Some(g)) => {
            let k = g.verified.next_number();
            pbem::file_name(
                &g.verified.scenario.title,
                k,
                g.verified.scenario.side_name(g.side),
            )
        }
        _ => String::new(),
    };
    let files = save::list_turn_files(&folder);
    world.resource_mut::<TurnFiles>().dialog = Some(Dialog {
        kind,
        folder: folder.display().to_string(),
        name,
        files,
    });
}

fn kept_dir(world: &World) -> Result<PathBuf, String> {
    save::pbem_dir(&world.resource::<Settings>().data_dir)
        .ok_or_else(|| "no data folder to keep this game's secret in".to_string())
}

/// Start a game by turn files: entry 0, written to `folder`.
fn start(world: &mut World, source: &Source, side: SideId, folder: &Path) -> Result<(), String> {
    let sc = load_scenario(source)?;
    if sc.turns.is_none() {
        return Err(format!(
            "{}: the scenario has no last turn: it cannot be played by turn files",
            sc.title
        ));
    }
    let ov = world.resource::<Settings>().rules.clone();
    let rules = crate::rules::registry::for_scenario(&sc, &ov).map_err(|e| e.to_string())?;
    let game = pbem::new_game_id()?;
    let secret = Secret::random()?;
    let side_name = sc.side_name(side).to_string();
    let file = pbem::start(
        &sc.file,
        &*rules,
        rules.sequence(),
        &side_name,
        &game,
        &secret,
    );
    let name = pbem::file_name(&sc.title, 0, &side_name);
    let path = folder.join(&name);
    let v = pbem::verify(file, &path.display().to_string(), &ov).map_err(|e| e.to_string())?;
    let e = v.file.entries.last().expect("entry 0");
    let kept = Kept {
        game: game.clone(),
        side: side_name.clone(),
        secret,
        sent: Some((0, e.digest.clone())),
        // The starter's own rules: accepted by starting under them.
        accepted_rules: (!v.rule_changes.is_empty()).then(|| pbem::rules_key(&v.file)),
    };
    crate::rules::session::write_atomic(&path, &pbem::to_text(&v.file))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    pbem::save_kept(&kept_dir(world)?, &kept)?;
    save::remember_turn_folder(&world.resource::<Settings>().data_dir, folder);
    notice(
        world,
        format!(
            "New game by turn files: you play {side_name}. Wrote {}: send it to your opponent, then open their reply (Ctrl+O)",
            path.display()
        ),
        false,
    );
    Ok(())
}

/// Open a received turn file. A file whose rules differ from the built-in ones is opened only
/// once the player has accepted them (`accept`, or earlier for this game): until then the
/// question is put.
fn open(world: &mut World, path: &Path, accept: bool) -> Result<(), String> {
    if world.resource::<Replaying>().0 {
        return Err("A turn file is being replayed: wait for its end (or Space)".into());
    }
    let ov = world.resource::<Settings>().rules.clone();
    let v = pbem::verify_file(path, &ov).map_err(|e| e.to_string())?;
    let dir = kept_dir(world)?;
    let p = path.display().to_string();
    let stored = pbem::load_kept(&dir, &v.file.game)?;
    let key = pbem::rules_key(&v.file);
    let accepted = accept
        || v.rule_changes.is_empty()
        || stored
            .as_ref()
            .is_some_and(|k| k.accepted_rules.as_deref() == Some(key.as_str()));
    if !accepted {
        let mut tf = world.resource_mut::<TurnFiles>();
        tf.dialog = None;
        tf.question = Some(RulesQuestion {
            path: path.to_path_buf(),
            changes: v.rule_changes.clone(),
            ruleset: v.rules.id().to_string(),
        });
        return Ok(());
    }
    world.resource_mut::<TurnFiles>().question = None;
    let accepted_rules = (!v.rule_changes.is_empty()).then(|| key.clone());
    let kept = kept_for(&v, stored, accepted_rules, &dir, &p)?;
    let side = v.scenario.side_by_name(&kept.side).ok_or_else(|| {
        format!(
            "{p}: the side kept for this game, {}, is not in its scenario",
            kept.side
        )
    })?;
    let full = if v.is_over() {
        v.session.clone()
    } else {
        pbem::session_for_next(&v, &kept.secret).map_err(|e| e.to_string())?
    };
    let from = v
        .file
        .entries
        .last()
        .map(|e| e.from.clone())
        .unwrap_or_default();
    let summary = v.summary();
    let Some(full) = full else {
        answer_invitation(world, v, side, kept, &from);
        return Ok(());
    };
    let (shown, pending) = replay_start(&v, &full, &p)?;
    // A file in which the game is over needs no answer.
    let over = v.is_over();
    let game = PbemGame {
        verified: v,
        side,
        kept,
        full: Some(full),
        pending,
        sent: None,
        prompted: over,
        key: None,
    };
    show_received(world, path, shown, game, &summary, &from);
    Ok(())
}

/// What this computer keeps of the game: the stored record (checked against the file, with
/// the rules now accepted), or a new one with a new secret when the file is an invitation.
fn kept_for(
    v: &Verified,
    stored: Option<Kept>,
    accepted_rules: Option<String>,
    dir: &Path,
    p: &str,
) -> Result<Kept, String> {
    Ok(match stored {
        Some(mut k) => {
            pbem::check_kept(v, &k).map_err(|e| format!("{p}: {e}"))?;
            if accepted_rules.is_some() && k.accepted_rules != accepted_rules {
                k.accepted_rules = accepted_rules;
                pbem::save_kept(dir, &k)?;
            }
            k
        }
        None if v.next_number() == 1 => {
            let k = Kept {
                game: v.file.game.clone(),
                side: v.scenario.side_name(v.next_writer()).to_string(),
                secret: Secret::random()?,
                sent: None,
                accepted_rules,
            };
            pbem::save_kept(dir, &k)?;
            k
        }
        None => {
            return Err(format!(
                "{p}: this computer keeps no secret for this game ({}): it was started or answered on another computer, and each player's Musket keeps its own; open it where the earlier files were written",
                &v.file.game[..8]
            ));
        }
    })
}

/// Answering the invitation: nothing to play yet; the send dialog is offered.
fn answer_invitation(world: &mut World, v: Verified, side: SideId, kept: Kept, from: &str) {
    let title = v.scenario.title.clone();
    world.resource_mut::<TurnFiles>().game = Some(PbemGame {
        verified: v,
        side,
        kept,
        full: None,
        pending: VecDeque::new(),
        sent: None,
        prompted: true,
        key: None,
    });
    show(world, DialogKind::Send);
    notice(
        world,
        format!(
            "{from} invites you to play {title} by turn files, as {}. Send your reply to accept (no move yet: the dice need a secret from each of you)",
            v_side_name(world, side)
        ),
        false,
    );
}

/// The game as it stood before the last entry's commands, and those commands, which are
/// then shown.
fn replay_start(
    v: &Verified,
    full: &Session,
    p: &str,
) -> Result<(Session, VecDeque<Command>), String> {
    let before = v.before_last.min(full.log.len());
    let pending: VecDeque<Command> = if v.file.entries.len() > 2 {
        full.log[before..v.session.as_ref().map_or(0, |s| s.log.len())]
            .iter()
            .cloned()
            .collect()
    } else {
        VecDeque::new()
    };
    let shown = if pending.is_empty() {
        full.clone()
    } else {
        let reseeds: Vec<(usize, u64)> = full
            .reseeds
            .iter()
            .copied()
            .filter(|(i, _)| *i <= before)
            .collect();
        Session::replay_reseeded(
            v.scenario.clone(),
            v.rules.clone(),
            full.seed,
            v.sequence.clone(),
            &full.log[..before],
            &reseeds,
        )
        .map_err(|(i, e)| format!("{p}: command {} does not replay: {e}", i + 1))?
    };
    Ok((shown, pending))
}

/// Put the received game in play at `shown` (the player's side theirs, the other remote),
/// then show its pending commands (or, with none, hand the game over at once).
fn show_received(
    world: &mut World,
    path: &Path,
    shown: Session,
    mut game: PbemGame,
    summary: &str,
    from: &str,
) {
    let p = path.display().to_string();
    let mut seats = [Seat::Remote; 2];
    seats[(game.side.0 as usize).min(1)] = Seat::Human;
    install(
        world,
        shown,
        Mode::Solitaire,
        false,
        Source::File(path.to_path_buf()),
        seats,
    );
    game.key = world.resource::<Play>().game().map(game_key);
    let n = game.pending.len();
    world.resource_mut::<Replaying>().0 = n > 0;
    world.resource_mut::<SkipComputer>().0 = false;
    let data = world.resource::<Settings>().data_dir.clone();
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        save::remember_turn_folder(&data, folder);
    }
    let pace = world.resource::<super::opponent::Opponent>().pace;
    {
        let mut tf = world.resource_mut::<TurnFiles>();
        tf.dialog = None;
        // A moment to see the position before the opponent's move is shown.
        tf.wait = pace * 0.6;
        tf.game = Some(game);
    }
    let turn = world.resource::<Play>().game().map_or(0, |g| g.turn);
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text: format!("Turn file verified by the rules: {summary}"),
        kind: LogKind::Info,
    });
    notice(
        world,
        format!("Verified {p}: {n} command(s) of {from} to show (Space: skip)"),
        false,
    );
    if n == 0 {
        finish_replay(world);
    }
}

fn v_side_name(world: &World, side: SideId) -> String {
    world
        .resource::<TurnFiles>()
        .game
        .as_ref()
        .map(|g| g.verified.scenario.side_name(side).to_string())
        .unwrap_or_default()
}

/// Show the opponent's commands one by one (the computer's pace); then hand the player their
/// side, or offer to send when it is not their move.
fn replay(world: &mut World) {
    let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let key = world.resource::<Play>().game().map(game_key);
    // Another game was started or loaded: this one is no longer in play.
    let stale = world
        .resource::<TurnFiles>()
        .game
        .as_ref()
        .is_some_and(|g| g.key.is_some() && g.key != key);
    if stale {
        world.resource_mut::<TurnFiles>().game = None;
        world.resource_mut::<Replaying>().0 = false;
        return;
    }
    let Some(g) = &world.resource::<TurnFiles>().game else {
        return;
    };
    if g.pending.is_empty() {
        // The player's move is over: offer the send dialog, once.
        let over_or_theirs = world
            .resource::<Play>()
            .game()
            .is_some_and(|gm| gm.is_over() || gm.active_side != g.side);
        if g.key.is_some() && g.sent.is_none() && !g.prompted && over_or_theirs {
            world
                .resource_mut::<TurnFiles>()
                .game
                .as_mut()
                .expect("checked")
                .prompted = true;
            show(world, DialogKind::Send);
        }
        return;
    }
    if world.resource::<HandOver>().waiting.is_some() || world.resource::<Briefing>().open {
        return;
    }
    let skip = world.resource::<SkipComputer>().0;
    if skip {
        world.resource_mut::<Feed>().batches.clear();
    } else {
        if super::anim::view_busy(world) {
            return;
        }
        let mut tf = world.resource_mut::<TurnFiles>();
        if tf.wait > 0.0 {
            tf.wait -= dt;
            return;
        }
    }
    let Some(cmd) = world
        .resource_mut::<TurnFiles>()
        .game
        .as_mut()
        .and_then(|g| g.pending.pop_front())
    else {
        return;
    };
    let pace = world.resource::<super::opponent::Opponent>().pace;
    if !execute(world, cmd) {
        // Verified, so this is a defect: show the game as verified.
        world
            .resource_mut::<TurnFiles>()
            .game
            .as_mut()
            .expect("in play")
            .pending
            .clear();
    }
    if skip {
        world.resource_mut::<Feed>().batches.clear();
    }
    world.resource_mut::<TurnFiles>().wait = super::opponent::pause_after_last(world, pace);
    if world
        .resource::<TurnFiles>()
        .game
        .as_ref()
        .is_some_and(|g| g.pending.is_empty())
    {
        finish_replay(world);
    }
}

/// The replay is over: the game with this player's dice, theirs to play.
fn finish_replay(world: &mut World) {
    let Some(full) = world
        .resource_mut::<TurnFiles>()
        .game
        .as_mut()
        .and_then(|g| g.full.take())
    else {
        return;
    };
    world.resource_mut::<Replaying>().0 = false;
    world.resource_mut::<SkipComputer>().0 = false;
    let side = world
        .resource::<TurnFiles>()
        .game
        .as_ref()
        .map_or(SideId(0), |g| g.side);
    if let Some(p) = world.resource_mut::<Play>().0.as_mut() {
        p.session = full;
        p.revision += 1;
        p.undo_floor = p.session.log.len();
    }
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let text = if g.is_over() {
        "The game is over".to_string()
    } else if g.active_side == side {
        format!("Your move: {}", g.scenario.side_name(side))
    } else {
        format!(
            "{} is to move first: send your file (Ctrl+T)",
            g.scenario.side_name(g.active_side)
        )
    };
    notice(world, text, false);
}

/// Write the next turn file.
fn send(world: &mut World, path: &Path) -> Result<(), String> {
    let ov = world.resource::<Settings>().rules.clone();
    let data = world.resource::<Settings>().data_dir.clone();
    let dir = kept_dir(world)?;
    let Some(g) = world.resource::<TurnFiles>().game.as_ref() else {
        return Err("No game by turn files in play".into());
    };
    if !g.pending.is_empty() {
        return Err("Your opponent's move is still being shown".into());
    }
    if g.sent.is_some() {
        return Err(
            "You have sent your file for this move; open your opponent's reply (Ctrl+O)".into(),
        );
    }
    let session = if g.key.is_some() {
        let Some(p) = world.resource::<Play>().0.as_ref() else {
            return Err("No game in play".into());
        };
        let gm = &p.session.game;
        if !gm.is_over() && gm.active_side == g.side {
            return Err(format!(
                "It is still your move ({}): end your turn first; the file hands the move to your opponent",
                gm.scenario.side_name(g.side)
            ));
        }
        Some(p.session.clone())
    } else {
        None
    };
    let file = pbem::reply(&g.verified, session.as_ref(), &g.kept.secret);
    // The file is checked as the opponent will check it before it is written.
    let v = pbem::verify(file, &path.display().to_string(), &ov).map_err(|e| e.to_string())?;
    let mut kept = g.kept.clone();
    let e = v.file.entries.last().expect("an entry was added");
    kept.sent = Some((e.number, e.digest.clone()));
    let added = e.commands.len();
    crate::rules::session::write_atomic(path, &pbem::to_text(&v.file))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    pbem::save_kept(&dir, &kept)?;
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        save::remember_turn_folder(&data, folder);
    }
    {
        let mut tf = world.resource_mut::<TurnFiles>();
        tf.dialog = None;
        let g = tf.game.as_mut().expect("checked");
        g.verified = v;
        g.kept = kept;
        g.sent = Some(path.to_path_buf());
    }
    notice(
        world,
        format!(
            "Wrote {} ({added} command(s)): send it to your opponent, then open their reply (Ctrl+O)",
            path.display()
        ),
        false,
    );
    Ok(())
}
