//! The online game's window: the connection, whose move it is, the other player's presence,
//! the chat (Enter sends).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::online::Online;
use crate::client::state::Play;

pub fn online_ui(
    mut contexts: EguiContexts,
    mut online: ResMut<Online>,
    play: Res<Play>,
    outbox: Res<crate::client::state::Outbox>,
) -> Result {
    let Some(link) = online.0.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new("Online")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .resizable(false)
        .default_width(340.0)
        .show(&ctx, |ui| {
            match &play.0 {
                Some(p) => ui.label(link.status_line(p, outbox.sending)),
                None => ui.label(format!("game {}: {}", link.code, link.status)),
            };
            for l in link.lines.iter().rev().take(3).rev() {
                ui.label(egui::RichText::new(l).small());
            }
            ui.horizontal(|ui| {
                let r = ui.add(
                    egui::TextEdit::singleline(&mut link.chat)
                        .hint_text("a line to your opponent")
                        .desired_width(240.0),
                );
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Send").clicked() || enter) && !link.chat.trim().is_empty() {
                    let text = std::mem::take(&mut link.chat);
                    link.say(text.trim().to_string());
                }
            });
        });
    Ok(())
}

/// The menu's "Play online" section: the server's address (remembered), host the chosen
/// scenario as a side, join by code, and the online games kept here.
pub fn menu_section(
    ui: &mut egui::Ui,
    source: Option<(&crate::client::state::Source, &[String])>,
    settings: &crate::client::state::Settings,
    online: &mut Online,
) {
    if let Some(l) = &online.0 {
        ui.separator();
        ui.label(egui::RichText::new(format!("Online game {}", l.code)).strong());
        ui.horizontal(|ui| {
            ui.label(format!(
                "You play the {}. Send the code to your opponent; the game opens here when they join.",
                l.side_name
            ));
            if ui.small_button("Copy the code").clicked() {
                ui.ctx().copy_text(l.code.clone());
            }
        });
        ui.label(egui::RichText::new(&l.status).small());
    }
    let m = &mut online.1;
    m.read(settings);
    ui.separator();
    ui.label(egui::RichText::new("Play online").strong())
        .on_hover_text(
            "A Musket server judges every command and rolls dice nobody chooses (docs/online.md)",
        );
    ui.horizontal(|ui| {
        ui.label("Server:");
        ui.add(egui::TextEdit::singleline(&mut m.server).desired_width(220.0));
    });
    if let Some(b) = &m.busy {
        ui.label(b.as_str());
        return;
    }
    if let Some((src, sides)) = source {
        ui.horizontal(|ui| {
            ui.label("Host this scenario, playing:");
            for side in sides {
                if ui
                    .button(side)
                    .on_hover_text(format!(
                        "Host a game as {side}: the server gives a code to send to your opponent"
                    ))
                    .clicked()
                {
                    m.host(settings, src, side);
                }
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label("Join by code:");
        ui.add(
            egui::TextEdit::singleline(&mut m.code)
                .hint_text("xxxxxx-xxxxxx-xxxxxx-xxxxxx")
                .desired_width(220.0),
        );
        if ui
            .add_enabled(!m.code.trim().is_empty(), egui::Button::new("Join"))
            .clicked()
        {
            m.join(settings);
        }
    });
    if !m.seats.is_empty() {
        ui.label("Online games:");
        let mut open = None;
        for s in m.seats.iter().rev().take(6) {
            ui.horizontal(|ui| {
                ui.label(format!("{} ({})", s.game, s.side));
                if ui.small_button("Open").clicked() {
                    open = Some(format!("{}@{}", s.game, s.side));
                }
            });
        }
        if open.is_some() {
            m.open = open;
        }
    }
}
