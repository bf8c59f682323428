//! The scenario editor's settings panels: the scenario itself (title, ruleset, sides, turns,
//! weather by turn, night turns, briefing, map size) and the map scan (image, opacity,
//! alignment points).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::editor::{EditorCmd, EditorState};
use crate::client::ui::panels::FormText;
use crate::editor::EditAction;
use crate::rules::map::Weather;
use crate::rules::registry::terrain_letters;
use crate::rules::scenario::{ScenarioFile, UnderlayFile};

pub(crate) fn settings(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.collapsing("Scenario", |ui| {
        let f = st.ed.file.clone();
        title_ruleset_sides(ui, &f, form, cmds);
        turns_and_weather(ui, &f, cmds);
        let last = f.turns.unwrap_or(0).clamp(0, 60);
        if last > 0 {
            ui.label("Weather by turn, night turns (click to change):");
            let first = f.turn.unwrap_or(1);
            ui.horizontal_wrapped(|ui| {
                for t in first..=last {
                    turn_button(ui, &f, (first, last), t, cmds);
                }
            });
        }
        ui.label("Briefing");
        if ui
            .add(egui::TextEdit::multiline(&mut form.briefing).desired_rows(3))
            .lost_focus()
        {
            let b = (!form.briefing.trim().is_empty()).then(|| form.briefing.clone());
            if b != f.briefing {
                cmds.write(EditorCmd::Apply(EditAction::Briefing(b)));
            }
        }
        map_size(ui, &f, form, cmds);
    });
}

/// The title, the ruleset and the sides' names.
fn title_ruleset_sides(
    ui: &mut egui::Ui,
    f: &ScenarioFile,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal(|ui| {
        ui.label("Title");
        if ui.text_edit_singleline(&mut form.title).lost_focus() && form.title != f.title {
            cmds.write(EditorCmd::Apply(EditAction::Title(form.title.clone())));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Ruleset");
        egui::ComboBox::from_id_salt("ruleset")
            .selected_text(&f.ruleset)
            .show_ui(ui, |ui| {
                for r in crate::rules::registry::ids() {
                    let r = r.as_str();
                    if ui.selectable_label(f.ruleset == r, r).clicked() && f.ruleset != r {
                        cmds.write(EditorCmd::Apply(EditAction::Ruleset(r.to_string())));
                    }
                }
            });
    });
    ui.horizontal(|ui| {
        ui.label("Sides");
        let a = ui.add(egui::TextEdit::singleline(&mut form.sides[0]).desired_width(90.0));
        let b = ui.add(egui::TextEdit::singleline(&mut form.sides[1]).desired_width(90.0));
        if (a.lost_focus() || b.lost_focus()) && form.sides.to_vec() != f.sides {
            cmds.write(EditorCmd::Apply(EditAction::Sides(form.sides.to_vec())));
        }
    });
}

/// The first and last turns, and the weather.
fn turns_and_weather(ui: &mut egui::Ui, f: &ScenarioFile, cmds: &mut MessageWriter<EditorCmd>) {
    ui.horizontal(|ui| {
        ui.label("Turns");
        let mut first = f.turn.unwrap_or(1);
        let mut last = f.turns.unwrap_or(0);
        let a = ui.add(
            egui::DragValue::new(&mut first)
                .range(1..=999)
                .prefix("first "),
        );
        let b = ui.add(
            egui::DragValue::new(&mut last)
                .range(0..=999)
                .prefix("last "),
        );
        if (a.changed() || b.changed())
            && (Some(first) != f.turn || (last > 0).then_some(last) != f.turns)
        {
            cmds.write(EditorCmd::Apply(EditAction::Turns {
                first: Some(first),
                last: (last > 0).then_some(last),
            }));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Weather");
        for w in [Weather::Dry, Weather::Rain] {
            if ui
                .selectable_label(f.weather == w, format!("{w:?}"))
                .clicked()
                && f.weather != w
            {
                cmds.write(EditorCmd::Apply(EditAction::Weather(w)));
            }
        }
    });
}

/// Turn `t`'s button (of the turns `first..=last`): a click turns its rain on or off, a
/// right-click its night.
fn turn_button(
    ui: &mut egui::Ui,
    f: &ScenarioFile,
    (first, last): (i64, i64),
    t: i64,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let i = (t - first) as usize;
    let w = f
        .weather_by_turn
        .as_ref()
        .and_then(|v| v.get(i).copied())
        .unwrap_or(f.weather);
    let night = f.night_turns.contains(&t);
    let text = format!(
        "{t}{}{}",
        if w == Weather::Rain { " rain" } else { "" },
        if night { " night" } else { "" }
    );
    let r = ui
        .small_button(text)
        .on_hover_text("Click: rain on/off; right-click: night on/off");
    if r.clicked() {
        let mut v: Vec<Weather> = f
            .weather_by_turn
            .clone()
            .unwrap_or_else(|| vec![f.weather; (last - first + 1) as usize]);
        v.resize((last - first + 1) as usize, f.weather);
        v[i] = if w == Weather::Rain {
            Weather::Dry
        } else {
            Weather::Rain
        };
        cmds.write(EditorCmd::Apply(EditAction::WeatherByTurn(Some(v))));
    }
    if r.secondary_clicked() {
        let mut n = f.night_turns.clone();
        if night {
            n.retain(|x| *x != t);
        } else {
            n.push(t);
            n.sort_unstable();
        }
        cmds.write(EditorCmd::Apply(EditAction::NightTurns(n)));
    }
}

/// The map's size, and Resize when it is changed.
fn map_size(
    ui: &mut egui::Ui,
    f: &ScenarioFile,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal(|ui| {
        ui.label("Map");
        ui.add(
            egui::DragValue::new(&mut form.size.0)
                .range(1..=999)
                .suffix(" columns"),
        );
        ui.add(
            egui::DragValue::new(&mut form.size.1)
                .range(1..=999)
                .suffix(" rows"),
        );
        if (form.size.0, form.size.1) != (f.map.columns, f.map.rows)
            && ui.button("Resize").clicked()
        {
            cmds.write(EditorCmd::Apply(EditAction::Resize {
                columns: form.size.0,
                rows: form.size.1,
                fill: terrain_letters(&f.ruleset).chars().next().unwrap_or('c'),
            }));
        }
    });
}

pub(crate) fn scan(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.collapsing("Map scan (your own map, under the grid)", |ui| {
        ui.horizontal(|ui| {
            ui.label("Image");
            ui.add(egui::TextEdit::singleline(&mut form.scan_path).desired_width(170.0))
                .on_hover_text("A PNG file, relative to the scenario file or absolute");
            if ui.button("Load").clicked() {
                let mut u = st.ed.file.underlay.clone().unwrap_or(UnderlayFile {
                    image: String::new(),
                    opacity: 0.5,
                    visible: true,
                    align: Vec::new(),
                        grid: None,
                });
                u.image = form.scan_path.clone();
                cmds.write(EditorCmd::Apply(EditAction::Underlay(
                    (!u.image.is_empty()).then_some(u),
                )));
            }
        });
        if let Some(w) = &st.scan_warning {
            ui.colored_label(egui::Color32::from_rgb(170, 90, 0), w);
        }
        if let Some(u) = st.ed.file.underlay.clone() {
            let mut op = u.opacity;
            let mut vis = u.visible;
            let a = ui.add(egui::Slider::new(&mut op, 0.0..=1.0).text("opacity"));
            let b = ui.checkbox(&mut vis, "Shown");
            // The slider sends on release, so one drag is one undo step.
            if (a.drag_stopped() || (a.changed() && !a.dragged()) || b.changed())
                && (op != u.opacity || vis != u.visible)
            {
                cmds.write(EditorCmd::Apply(EditAction::Underlay(Some(UnderlayFile {
                    opacity: op,
                    visible: vis,
                    ..u.clone()
                }))));
            }
            for p in &u.align {
                ui.label(format!("{} at pixel ({:.0}, {:.0})", p.hex, p.x, p.y));
            }
            if u.align.len() < 2 {
                ui.weak("Align: pick \"Align the scan\", name two hexes far apart, click their centres on the scan.");
            }
        }
    });
}
