//! The legend: the ruleset's terrains with their tiles, the hexside lines, and what the other
//! marks on the map and counters mean.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::map::style;
use crate::client::ui::theme::c32;
use crate::rules::map::Terrain;

pub(crate) fn legend_ui(ui: &mut egui::Ui, tex: Option<egui::TextureId>, ruleset: &str) {
    // The terrains this ruleset's maps may use, each with its tile from the atlas.
    let letters = crate::rules::registry::terrain_letters(ruleset);
    let tiles = Terrain::ALL.len() as f32;
    egui::Grid::new("legend_terrain")
        .num_columns(4)
        .show(ui, |ui| {
            for (i, t) in Terrain::ALL
                .iter()
                .filter(|t| letters.contains(t.letter()))
                .enumerate()
            {
                if let Some(id) = tex {
                    let u0 = crate::client::terrain::terrain_index(*t) as f32 / tiles;
                    ui.add(
                        egui::Image::new(egui::load::SizedTexture::new(id, [32.0, 28.0])).uv(
                            egui::Rect::from_min_max(
                                egui::pos2(u0, 0.0),
                                egui::pos2(u0 + 1.0 / tiles, 1.0),
                            ),
                        ),
                    );
                }
                ui.label(t.name());
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    let lines: [(&str, Color, f32, bool); 8] = [
        (
            "major river",
            style::MAJOR_RIVER.0,
            style::MAJOR_RIVER.1,
            false,
        ),
        (
            "minor river",
            style::MINOR_RIVER.0,
            style::MINOR_RIVER.1,
            false,
        ),
        ("creek", style::CREEK.0, style::CREEK.1, false),
        (
            "woods hexside",
            style::WOODS_SIDE.0,
            style::WOODS_SIDE.1,
            true,
        ),
        ("pike", style::PIKE.0, style::PIKE.1, false),
        ("road", style::ROAD.0, style::ROAD.1, false),
        ("trail", style::TRAIL.0, style::TRAIL.1, true),
        ("railroad", style::RAILROAD.0, style::RAILROAD.1, false),
    ];
    egui::Grid::new("legend_lines")
        .num_columns(4)
        .show(ui, |ui| {
            for (i, (name, color, w, dashed)) in lines.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(32.0, 14.0), egui::Sense::hover());
                let y = rect.center().y;
                let stroke = egui::Stroke::new((*w / 2.0).max(1.5), c32(*color));
                if *dashed {
                    for k in 0..4 {
                        let x = rect.min.x + k as f32 * 8.0;
                        ui.painter()
                            .line_segment([egui::pos2(x, y), egui::pos2(x + 5.0, y)], stroke);
                    }
                } else {
                    ui.painter().line_segment(
                        [egui::pos2(rect.min.x, y), egui::pos2(rect.max.x, y)],
                        stroke,
                    );
                }
                ui.label(*name);
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    ui.label(egui::RichText::new("Crossings: bridge (brown bar), ford (pale stripes), ferry (white dot), dam (grey bar). Gold ring: victory hex.").small());
    ui.label(egui::RichText::new("Elevation: a brown line with ticks where the ground steps down; the ticks point downhill, one per level.").small());
    ui.label(egui::RichText::new("Counters: F fatigue, D demoralized, E entrenched, Ex exhausted, i inactive; red band = disorganized; a artillery, ± tactical.").small());
    ui.label(egui::RichText::new("Danger (T): the side to move's hexes in red, deeper the likelier the enemy's best attack next turn drives the stack back (P(retreat or rout)) or costs it men; choose a stack for its threats.").small());
    ui.label(egui::RichText::new("Other rule systems: M morale, G green, P pinned, R routed, Eng engaged, Dis disrupted; CR commander rating, % leader bonus; col/mtd/lmb/unl/dis formation mode.").small());
    ui.label(
        egui::RichText::new(
            "Flank overlay: green covered, orange covered and reducing, grey not covered.",
        )
        .small(),
    );
}
