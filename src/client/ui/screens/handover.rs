//! The hot-seat hand-over: an opaque screen over everything between the players' turns, so
//! that the next player does not see the map before taking the computer.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::state::Action;
use crate::rules::unit::SideId;

/// Cover the screen until `side`'s player continues; returns the rect covered (all of it).
pub(crate) fn handover_ui(
    ctx: &egui::Context,
    g: &crate::rules::game::Game,
    side: SideId,
    actions: &mut MessageWriter<Action>,
) -> Rect {
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("handover"))
        .fade_in(false)
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            ui.painter()
                .rect_filled(rect, 0.0, egui::Color32::from_rgb(40, 36, 30));
            let mut child =
                ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(rect.width() * 0.3)));
            child.add_space(rect.height() * 0.3);
            let alternate = g.sequence.initiative.as_ref().is_some_and(|i| i.alternate);
            let title = if crate::rules::gate::on_initiative(g) && !alternate {
                format!("The {} player has the initiative", g.scenario.side_name(side))
            } else {
                format!("{} player's turn", g.scenario.side_name(side))
            };
            child.heading(
                egui::RichText::new(title)
                    .color(egui::Color32::WHITE)
                    .size(32.0),
            );
            if let Some(line) = crate::rules::gate::status_line(g) {
                child.label(egui::RichText::new(line).color(egui::Color32::WHITE));
            }
            child.label(
                egui::RichText::new(
                    "Pass the computer to the next player. The map stays hidden until you continue.",
                )
                .color(egui::Color32::LIGHT_GRAY),
            );
            child.add_space(12.0);
            if child
                .button(egui::RichText::new("Continue (Enter)").size(20.0))
                .clicked()
            {
                actions.write(Action::HandOverDone);
            }
        });
    Rect::new(screen.min.x, screen.min.y, screen.max.x, screen.max.y)
}
