//! Play by turn files: the open and send dialogs (a folder, remembered; a file name; the turn
//! files found there) and, while a game by files is in play, its status and buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::pbem::{Dialog, DialogKind, PbemGame, RulesQuestion, TurnFiles};
use crate::client::save::list_turn_files;
use crate::client::state::{Play, Screen, TurnAction};

pub(crate) fn turnfile_ui(
    mut contexts: EguiContexts,
    mut tf: ResMut<TurnFiles>,
    play: Res<Play>,
    screen: Res<State<Screen>>,
    mut out: MessageWriter<TurnAction>,
) -> Result {
    if *screen.get() == Screen::Editor {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    // The game by files in play: where it stands.
    if *screen.get() == Screen::Playing
        && let Some(g) = &tf.game
        && g.key.is_some()
    {
        status_window(&ctx, g, &play, &mut out);
    }
    // A received file whose rules differ from the built-in ones: asked before it is opened.
    if let Some(q) = tf.question.clone() {
        match rules_question(&ctx, &q) {
            Some(true) => {
                tf.question = None;
                out.write(TurnAction::OpenAccepting(q.path));
            }
            Some(false) => tf.question = None,
            None => {}
        }
    }
    let Some(d) = tf.dialog.as_mut() else {
        return Ok(());
    };
    if dialog_window(&ctx, d, &mut out) {
        tf.dialog = None;
    }
    Ok(())
}

/// The game by files in play: its id, the side played, where it stands, and the buttons.
fn status_window(
    ctx: &egui::Context,
    g: &PbemGame,
    play: &Play,
    out: &mut MessageWriter<TurnAction>,
) {
    let status = g.status(play);
    let mine = g.verified.scenario.side_name(g.side).to_string();
    let id = g.verified.file.game[..8].to_string();
    egui::Window::new("Play by turn files")
        .id(egui::Id::new("pbem_status"))
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.label(format!("Game {id}: you play {mine}"));
            ui.label(egui::RichText::new(status).italics());
            ui.horizontal(|ui| {
                if ui.button("Send turn (Ctrl+T)").clicked() {
                    out.write(TurnAction::ShowSend);
                }
                if ui.button("Open turn file (Ctrl+O)").clicked() {
                    out.write(TurnAction::ShowOpen);
                }
            });
        });
}

/// The question on a received file's rules: the player's answer this frame, if any.
fn rules_question(ctx: &egui::Context, q: &RulesQuestion) -> Option<bool> {
    let mut answer = None;
    egui::Window::new("This game uses other rules")
        .id(egui::Id::new("pbem_rules"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .min_width(560.0)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(format!(
                "This game uses rules that differ from the built-in {}: the game will be \
                 played under them, by both of you. Accept them only if you agreed on them.",
                q.ruleset
            ));
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    for c in &q.changes {
                        ui.label(egui::RichText::new(c).monospace().small());
                    }
                });
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new("Accept these rules and open").strong())
                    .clicked()
                {
                    answer = Some(true);
                }
                if ui.button("Decline (Esc)").clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(false);
                }
            });
        });
    answer
}

/// The open or send dialog; whether the player closed it (Cancel).
fn dialog_window(ctx: &egui::Context, d: &mut Dialog, out: &mut MessageWriter<TurnAction>) -> bool {
    let mut close = false;
    let title = match d.kind {
        DialogKind::Open => "Open turn file",
        DialogKind::Send => "Send turn",
    };
    egui::Window::new(title)
        .id(egui::Id::new("pbem_dialog"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .min_width(560.0)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            match d.kind {
                DialogKind::Open => {
                    ui.label("A turn file your opponent sent: it is verified by the rules, then their move is shown on the map. You can also drop a file on the window.");
                }
                DialogKind::Send => {
                    ui.label("Writes the next turn file: every command so far, your dice secret's reveal and commitment. Send it to your opponent by any means (mail, a shared folder).");
                }
            }
            folder_and_file(ui, d);
            ui.horizontal(|ui| {
                let path = std::path::Path::new(&d.folder).join(&d.name);
                let (label, ok) = match d.kind {
                    DialogKind::Open => ("Open and verify", !d.name.is_empty()),
                    DialogKind::Send => ("Write the file", !d.name.is_empty()),
                };
                if ui.add_enabled(ok, egui::Button::new(egui::RichText::new(label).strong())).clicked() {
                    out.write(match d.kind {
                        DialogKind::Open => TurnAction::Open(path),
                        DialogKind::Send => TurnAction::Send(path),
                    });
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
    close
}

/// The dialog's folder and file name; to open, the turn files in the folder.
fn folder_and_file(ui: &mut egui::Ui, d: &mut Dialog) {
    ui.horizontal(|ui| {
        ui.label("Folder:");
        if ui
            .add(egui::TextEdit::singleline(&mut d.folder).desired_width(500.0))
            .changed()
        {
            d.files = list_turn_files(std::path::Path::new(&d.folder));
        }
    });
    ui.horizontal(|ui| {
        ui.label("File:");
        ui.add(egui::TextEdit::singleline(&mut d.name).desired_width(500.0));
    });
    if d.kind == DialogKind::Open {
        ui.label(egui::RichText::new("Turn files in the folder (newest name first):").small());
        egui::ScrollArea::vertical()
            .max_height(220.0)
            .show(ui, |ui| {
                if d.files.is_empty() {
                    ui.label("none");
                }
                for f in &d.files {
                    let name = f
                        .path
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        .unwrap_or_default();
                    if ui.selectable_label(d.name == name, &name).clicked() {
                        d.name = name;
                    }
                }
            });
    }
}
