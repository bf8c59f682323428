//! The scenario editor's unit panels: the roster of each side and the form of the chosen unit
//! (the fields the ruleset uses; the side and kind as lists, yes/no fields as checkboxes, the
//! rest as RON text as the file writes it).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::editor::Tool;
use crate::client::editor::{EditorCmd, EditorState};
use crate::client::ui::screens::editor::FormText;
use crate::editor::EditAction;
use crate::editor::action::unit_fields;
use crate::rules::scenario::unit_kinds;

/// A unit's field as RON text (what the form shows and the action takes), read from the typed
/// value; an optional field that is not set is empty.
fn field_text(u: &crate::rules::scenario::UnitFile, field: &str) -> String {
    match crate::editor::action::field_text(u, field) {
        Some(t) if t != "None" => t,
        _ => String::new(),
    }
}

pub(crate) fn roster(ui: &mut egui::Ui, st: &mut EditorState) {
    ui.strong(format!("Units ({})", st.ed.file.units.len()));
    let sides = st.ed.file.sides.clone();
    for side in sides {
        let units: Vec<(String, String, String)> = st
            .ed
            .file
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| (u.id.clone(), u.name.clone(), u.hex.clone()))
            .collect();
        egui::CollapsingHeader::new(format!("{side} ({})", units.len()))
            .id_salt(("roster", side.clone()))
            .default_open(true)
            .show(ui, |ui| {
                for (id, name, hex) in units {
                    let on = st.selected.as_ref() == Some(&id);
                    if ui
                        .selectable_label(on, format!("{hex}  {id}  {name}"))
                        .clicked()
                    {
                        st.selected = Some(id);
                        let f = &st.ed.file;
                        let w = crate::rules::map::label_width(
                            f.map.columns.max(1) as u32,
                            f.map.rows.max(1) as u32,
                        );
                        st.focus = crate::rules::hex::parse_label(&hex, w).ok();
                        st.tool = Tool::Unit;
                    }
                }
            });
    }
}

pub(crate) fn unit_form(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let Some(id) = st.selected.clone() else {
        ui.weak("Choose a unit (Units tool, or the roster) to edit it.");
        return;
    };
    let Some(u) = st.ed.file.units.iter().find(|u| u.id == id).cloned() else {
        st.selected = None;
        return;
    };
    ui.strong(format!("Unit {id}"));
    let fields = unit_fields(&st.ed.file.ruleset);
    if form.unit.as_ref() != Some(&id) || form.rev != st.ed.revision {
        form.unit = Some(id.clone());
        form.rev = st.ed.revision;
        form.fields = fields
            .iter()
            .map(|f| (f.to_string(), field_text(&u, f)))
            .collect();
    }
    let sides = st.ed.file.sides.clone();
    let kinds = unit_kinds(&st.ed.file.ruleset);
    let set = |cmds: &mut MessageWriter<EditorCmd>, field: &str, value: String| {
        cmds.write(EditorCmd::Apply(EditAction::UnitField {
            id: id.clone(),
            field: field.to_string(),
            value,
        }));
    };
    egui::Grid::new("unit_form").num_columns(2).show(ui, |ui| {
        for f in &fields {
            ui.label(*f);
            match *f {
                // Choices: the sides, the ruleset's unit kinds, yes/no.
                "side" => {
                    egui::ComboBox::from_id_salt("form_side")
                        .selected_text(&u.side)
                        .show_ui(ui, |ui| {
                            for sd in &sides {
                                if ui.selectable_label(u.side == *sd, sd).clicked() && u.side != *sd {
                                    set(cmds, f, format!("{sd:?}"));
                                }
                            }
                        });
                }
                "kind" => {
                    egui::ComboBox::from_id_salt("form_kind")
                        .selected_text(format!("{:?}", u.kind))
                        .show_ui(ui, |ui| {
                            for k in kinds {
                                if ui.selectable_label(u.kind == *k, format!("{k:?}")).clicked()
                                    && u.kind != *k
                                {
                                    set(cmds, f, format!("{k:?}"));
                                }
                            }
                        });
                }
                "entrenched" | "active" | "green" | "forced_march" | "out_of_ammo"
                | "demibrigade" | "heavy_guns" => {
                    let now = field_text(&u, f);
                    let mut on = if now.is_empty() { default_text(f) == "true" } else { now == "true" };
                    if ui.checkbox(&mut on, "").changed() {
                        set(cmds, f, on.to_string());
                    }
                }
                _ => {
                    let text = form.fields.entry(f.to_string()).or_default();
                    let r = ui
                        .add(egui::TextEdit::singleline(text).desired_width(170.0))
                        .on_hover_text(
                            "RON, as in the file: \"text\", 3, Organized(5), Some(2); empty: the default",
                        );
                    if r.lost_focus() && *text != field_text(&u, f) {
                        let value = if text.trim().is_empty() {
                            default_text(f)
                        } else {
                            text.clone()
                        };
                        set(cmds, f, value);
                    }
                }
            }
            ui.end_row();
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Remove (Delete)").clicked() {
            cmds.write(EditorCmd::Apply(EditAction::RemoveUnit { id: id.clone() }));
        }
        if ui.button("Copy (Ctrl+C)").clicked() {
            st.clipboard = Some(u.clone());
        }
    });
}

/// The text that sets a field back to its default.
fn default_text(field: &str) -> String {
    match field {
        "artillery" | "tactical" | "fatigue" | "demoralized" => "0".into(),
        "entrenched" | "green" | "forced_march" | "out_of_ammo" | "demibrigade" | "heavy_guns" => {
            "false".into()
        }
        "active" => "true".into(),
        _ => "None".into(),
    }
}
