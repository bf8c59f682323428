//! A draft's placeholders in the editor (an import's guesses and blanks): each unit still
//! waiting for values, to pick and fill in the unit form, or to confirm as it stands.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::editor::{EditorCmd, EditorState};
use crate::editor::action::EditAction;

/// The list under the problems: "Values to enter (N units)", each unit a line; a click picks
/// it, "Confirm" takes its values as they are (one undo step).
pub fn placeholders(ui: &mut egui::Ui, st: &mut EditorState, cmds: &mut MessageWriter<EditorCmd>) {
    let waiting: Vec<(String, String, String)> = st
        .ed
        .file
        .units
        .iter()
        .filter(|u| !u.placeholder.is_empty())
        .map(|u| (u.id.clone(), u.name.clone(), u.placeholder.join(", ")))
        .collect();
    if waiting.is_empty() {
        return;
    }
    ui.separator();
    ui.strong(format!(
        "Values to enter before play ({} units)",
        waiting.len()
    ))
    .on_hover_text(
        "An import's guesses and blanks: the file saves with them, a game does not start. \
             Set a field in the unit form, or confirm the unit's values as they are.",
    );
    for (id, name, fields) in waiting.iter().take(200) {
        ui.horizontal(|ui| {
            if ui
                .small_button("Confirm")
                .on_hover_text("These values are right")
                .clicked()
            {
                cmds.write(EditorCmd::Apply(EditAction::UnitField {
                    id: id.clone(),
                    field: "placeholder".into(),
                    value: "[]".into(),
                }));
            }
            let r = ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("{name}: {fields}"))
                        .color(egui::Color32::from_rgb(170, 90, 0)),
                )
                .sense(egui::Sense::click()),
            );
            if r.on_hover_text("Click: pick the unit").clicked() {
                st.selected = Some(id.clone());
            }
        });
    }
}
