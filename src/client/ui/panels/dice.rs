//! The dice on screen: the faces tumbling while they roll, then the roll, its note and the
//! result.

use bevy_egui::egui;

use crate::client::anim::{Anim, DieLabel, Stage};
use crate::rules::dice::DieRole;

pub(crate) fn die_face(painter: &egui::Painter, rect: egui::Rect, v: u8, fill: egui::Color32) {
    let r = (rect.width() * 0.15).round() as u8;
    painter.rect_filled(rect, r, fill);
    painter.rect_stroke(
        rect,
        r,
        egui::Stroke::new((rect.width() / 28.0).max(1.0), egui::Color32::BLACK),
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let d = rect.width() * 0.25;
    let pips: &[(f32, f32)] = match v {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in pips {
        painter.circle_filled(
            c + egui::vec2(x * d, y * d),
            rect.width() * 0.08,
            egui::Color32::BLACK,
        );
    }
}

pub(crate) fn dice_ui(ctx: &egui::Context, anim: &Anim) {
    if anim.stage == Stage::Idle {
        return;
    }
    let rolling = matches!(anim.stage, Stage::Rolling { .. });
    egui::Area::new(egui::Id::new("dice"))
        .fade_in(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(12.0)
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(&anim.headline).strong());
                    ui.horizontal(|ui| {
                        for (i, (role, v)) in anim.dice.iter().enumerate() {
                            let face = if rolling {
                                anim.tumble.get(i).copied().unwrap_or(*v)
                            } else {
                                *v
                            };
                            ui.vertical(|ui| {
                                let (name, fill) = match role {
                                    DieLabel::Role(DieRole::Artillery) => (
                                        "artillery".to_string(),
                                        egui::Color32::from_rgb(240, 220, 160),
                                    ),
                                    DieLabel::Role(DieRole::Attacker) => (
                                        "attacker".to_string(),
                                        egui::Color32::from_rgb(200, 215, 245),
                                    ),
                                    DieLabel::Role(DieRole::Defender) => (
                                        "defender".to_string(),
                                        egui::Color32::from_rgb(235, 205, 200),
                                    ),
                                    DieLabel::Role(DieRole::Other) => {
                                        ("die".to_string(), egui::Color32::WHITE)
                                    }
                                    DieLabel::Side { name, won } => (
                                        name.clone(),
                                        if *won && !rolling {
                                            egui::Color32::from_rgb(250, 240, 200)
                                        } else {
                                            egui::Color32::from_gray(215)
                                        },
                                    ),
                                };
                                let (rect, _) = ui.allocate_exact_size(
                                    egui::vec2(56.0, 56.0),
                                    egui::Sense::hover(),
                                );
                                die_face(ui.painter(), rect, face, fill);
                                ui.label(name);
                            });
                        }
                    });
                    if !rolling && let Some(note) = &anim.note {
                        ui.label(egui::RichText::new(note).strong().size(18.0));
                    }
                    if !rolling && let Some((x, a, d)) = &anim.result {
                        ui.label(
                            egui::RichText::new(format!(
                                "Differential {x:+}: defender {d}, attacker {a}"
                            ))
                            .strong()
                            .size(18.0),
                        );
                    }
                });
        });
}
