//! Colours and small helpers shared by the screens and panels: Bevy colours and rects to
//! egui's, and the tooltip beside the pointer over the map.

use bevy::prelude::*;
use bevy_egui::egui;

/// The panels' background: egui's dark panel colour, drawn by the window's clear colour
/// rather than by egui (see [`apply_style`]).
pub(crate) fn panel_background() -> Color {
    let c = egui::Visuals::dark().panel_fill;
    Color::srgb_u8(c.r(), c.g(), c.b())
}

/// The panels along the window's edges are left unfilled: the window's clear colour, the same
/// colour, is already there (the map camera draws only between them). Under software rendering
/// every pixel drawn costs: this takes the panels' 300,000 pixels at 1280x720 out of each
/// frame (2 ms of 23 on South Mountain). Windows and pop-ups keep their fill.
pub(crate) fn apply_style(mut contexts: bevy_egui::EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else { return };
    ctx.all_styles_mut(|s| s.visuals.panel_fill = egui::Color32::TRANSPARENT);
    *done = true;
}

/// A tooltip beside the pointer over the map (egui's own tooltips follow widgets, not hexes).
pub(crate) fn pointer_tip(
    ctx: &egui::Context,
    id: &str,
    pos: egui::Pos2,
    body: impl FnOnce(&mut egui::Ui),
) {
    egui::Area::new(egui::Id::new(id))
        .fade_in(false)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(pos + egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, body);
        });
}

/// A Bevy colour as egui's.
pub(crate) fn c32(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// An egui rect as Bevy's (for [`UiRects`](crate::client::input::UiRects)).
pub(crate) fn rect_of(r: egui::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
}
