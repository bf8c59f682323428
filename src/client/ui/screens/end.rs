//! The end of the battle: losses and victory points per side, who holds each victory hex,
//! the outcome and why, and the way back to the menu.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::state::Action;
use crate::rules::unit::SideId;

pub(crate) fn end_screen(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    actions: &mut MessageWriter<Action>,
) {
    let sides = [SideId(0), SideId(1)];
    egui::Grid::new("end").striped(true).show(ui, |ui| {
        ui.strong("");
        for s in sides {
            ui.strong(g.scenario.side_name(s));
        }
        ui.end_row();
        ui.label("Manpower lost");
        for s in sides {
            ui.label(g.manpower_lost(s).to_string());
        }
        ui.end_row();
        ui.label("Units eliminated");
        for s in sides {
            ui.label(
                g.units
                    .iter()
                    .filter(|u| u.side == s && !u.is_leader() && !u.on_map())
                    .count()
                    .to_string(),
            );
        }
        ui.end_row();
        if !g.scenario.victory_losses.is_empty() {
            ui.label("Points for losses");
            for s in sides {
                ui.label(g.loss_points(s).to_string());
            }
            ui.end_row();
        }
        if !g.scenario.victory.is_empty() || !g.scenario.victory_losses.is_empty() {
            ui.label("Victory points");
            for s in sides {
                ui.label(g.score(s).to_string());
            }
            ui.end_row();
        }
    });
    if !g.scenario.victory.is_empty() {
        ui.separator();
        for (v, h) in g.scenario.victory.iter().zip(&g.holders) {
            ui.label(format!(
                "{} ({}), {} points: {}",
                v.name,
                g.label(v.hex),
                v.points,
                h.map_or("nobody".to_string(), |s| g
                    .scenario
                    .side_name(s)
                    .to_string())
            ));
        }
    }
    let o = crate::rules::victory::outcome(g);
    ui.heading(match o.winner {
        Some(s) => format!("{} victory", g.scenario.side_name(s)),
        None => "A draw".to_string(),
    });
    ui.label(&o.reason);
    if ui.button("Main menu").clicked() {
        actions.write(Action::ToMenu);
    }
}
