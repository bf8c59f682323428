//! The scenario editor's unit panels: the roster of each side and the form of the chosen unit:
//! the fields the ruleset uses, each with the widget a player expects ([`crate::editor::form`]:
//! plain text, a number with its range, a number that may be left unset, organized or
//! disorganized with its numbers, a choice, a checkbox) and its meaning on hover; the file keeps
//! its RON.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::editor::Tool;
use crate::client::editor::{EditorCmd, EditorState};
use crate::client::ui::panels::FormText;
use crate::editor::EditAction;
use crate::editor::action::unit_fields;
use crate::editor::form::{self, FormValue, Widget};
use crate::rules::registry::unit_kinds;

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
    let ruleset = st.ed.file.ruleset.clone();
    let fields = unit_fields(&ruleset);
    // The text boxes' contents, taken from the unit when it or the file changes.
    if form.unit.as_ref() != Some(&id) || form.rev != st.ed.revision {
        form.unit = Some(id.clone());
        form.rev = st.ed.revision;
        form.fields = fields
            .iter()
            .filter_map(
                |f| match form::read(&u, f, &form::widget(f, &ruleset, u.kind).0) {
                    FormValue::Text(t) => Some((f.to_string(), t)),
                    _ => None,
                },
            )
            .collect();
    }
    let sides = st.ed.file.sides.clone();
    let kinds = unit_kinds(&ruleset);
    let set = |cmds: &mut MessageWriter<EditorCmd>, field: &str, v: &FormValue| {
        cmds.write(EditorCmd::Apply(EditAction::UnitField {
            id: id.clone(),
            field: field.to_string(),
            value: form::ron_text(v),
        }));
    };
    // A drag of a number is one undo step, like a brush stroke.
    let stroke = |cmds: &mut MessageWriter<EditorCmd>, r: &egui::Response| {
        if r.drag_started() {
            cmds.write(EditorCmd::BeginStroke);
        }
        if r.drag_stopped() {
            cmds.write(EditorCmd::EndStroke);
        }
    };
    egui::Grid::new("unit_form").num_columns(2).show(ui, |ui| {
        for f in &fields {
            let (w, meaning) = form::widget(f, &ruleset, u.kind);
            ui.label(*f).on_hover_text(meaning);
            let now = form::read(&u, f, &w);
            match (&w, &now) {
                (Widget::Side, FormValue::Text(side)) => {
                    egui::ComboBox::from_id_salt("form_side")
                        .selected_text(side)
                        .show_ui(ui, |ui| {
                            for sd in &sides {
                                if ui.selectable_label(side == sd, sd).clicked() && side != sd {
                                    set(cmds, f, &FormValue::Text(sd.clone()));
                                }
                            }
                        })
                        .response
                        .on_hover_text(meaning);
                }
                (Widget::Kind, _) => {
                    egui::ComboBox::from_id_salt("form_kind")
                        .selected_text(format!("{:?}", u.kind))
                        .show_ui(ui, |ui| {
                            for k in kinds {
                                if ui
                                    .selectable_label(u.kind == *k, format!("{k:?}"))
                                    .clicked()
                                    && u.kind != *k
                                {
                                    set(cmds, f, &FormValue::Choice(Some(format!("{k:?}"))));
                                }
                            }
                        })
                        .response
                        .on_hover_text(meaning);
                }
                (Widget::Bool, FormValue::Bool(b)) => {
                    let mut on = *b;
                    if ui.checkbox(&mut on, "").on_hover_text(meaning).changed() {
                        set(cmds, f, &FormValue::Bool(on));
                    }
                }
                (Widget::Text | Widget::Hex, _) => {
                    let text = form.fields.entry(f.to_string()).or_default();
                    let r = ui
                        .add(egui::TextEdit::singleline(text).desired_width(170.0))
                        .on_hover_text(meaning);
                    if r.lost_focus() && FormValue::Text(text.clone()) != now {
                        set(cmds, f, &FormValue::Text(text.clone()));
                    }
                }
                (Widget::Int { lo, hi, optional }, FormValue::Int(n)) => {
                    ui.horizontal(|ui| {
                        let mut given = n.is_some();
                        if *optional
                            && ui
                                .checkbox(&mut given, "")
                                .on_hover_text("Set here; unchecked: the ruleset's default")
                                .changed()
                        {
                            set(
                                cmds,
                                f,
                                &FormValue::Int(given.then_some(n.unwrap_or(*lo).max(*lo))),
                            );
                        }
                        if n.is_some() || !*optional {
                            let mut v = n.unwrap_or(0);
                            let r = ui
                                .add(egui::DragValue::new(&mut v).range(*lo..=*hi))
                                .on_hover_text(format!("{meaning} ({lo} to {hi})"));
                            stroke(cmds, &r);
                            if r.changed() {
                                set(cmds, f, &FormValue::Int(Some(v)));
                            }
                        } else {
                            ui.weak("default");
                        }
                    });
                }
                (Widget::Float { lo, hi, step }, FormValue::Float(x)) => {
                    ui.horizontal(|ui| {
                        let mut given = x.is_some();
                        if ui
                            .checkbox(&mut given, "")
                            .on_hover_text("Set here; unchecked: the ruleset's default")
                            .changed()
                        {
                            set(
                                cmds,
                                f,
                                &FormValue::Float(given.then_some(x.unwrap_or(*lo).max(*lo))),
                            );
                        }
                        if let Some(x) = x {
                            let mut v = *x;
                            let r = ui
                                .add(egui::DragValue::new(&mut v).range(*lo..=*hi).speed(*step))
                                .on_hover_text(format!("{meaning} ({lo} to {hi})"));
                            stroke(cmds, &r);
                            if r.changed() {
                                set(cmds, f, &FormValue::Float(Some((v / step).round() * step)));
                            }
                        } else {
                            ui.weak("default");
                        }
                    });
                }
                (Widget::Choice { options, optional }, FormValue::Choice(c)) => {
                    let shown = c.clone().unwrap_or_else(|| "(default)".into());
                    egui::ComboBox::from_id_salt(("form_choice", *f))
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            if *optional
                                && ui.selectable_label(c.is_none(), "(default)").clicked()
                                && c.is_some()
                            {
                                set(cmds, f, &FormValue::Choice(None));
                            }
                            for o in options {
                                let on = c.as_deref() == Some(*o);
                                if ui.selectable_label(on, *o).clicked() && !on {
                                    set(cmds, f, &FormValue::Choice(Some(o.to_string())));
                                }
                            }
                        })
                        .response
                        .on_hover_text(meaning);
                }
                (Widget::Strength, _) => {
                    ui.horizontal(|ui| {
                        let (mut dis, mut cv, mut men) = match now {
                            FormValue::Strength {
                                disorganized,
                                cv,
                                manpower,
                            } => (disorganized, cv, manpower),
                            _ => (false, 0.0, 0.0),
                        };
                        let before = (dis, cv, men);
                        egui::ComboBox::from_id_salt("form_strength")
                            .selected_text(if dis { "Disorganized" } else { "Organized" })
                            .show_ui(ui, |ui| {
                                ui.selectable_value(&mut dis, false, "Organized");
                                ui.selectable_value(&mut dis, true, "Disorganized");
                            })
                            .response
                            .on_hover_text(meaning);
                        let r = ui
                            .add(
                                egui::DragValue::new(&mut cv)
                                    .range(0.0..=10_000.0)
                                    .speed(if dis { 0.5 } else { 1.0 }),
                            )
                            .on_hover_text(if dis {
                                "CV, in halves, at most the manpower"
                            } else {
                                "CV, a whole number (0 for a leader)"
                            });
                        stroke(cmds, &r);
                        if dis {
                            ui.label("men");
                            let r = ui
                                .add(egui::DragValue::new(&mut men).range(1.0..=10_000.0))
                                .on_hover_text("Manpower, a whole number, at least 1");
                            stroke(cmds, &r);
                        }
                        if (dis, cv, men) != before {
                            let cv = if dis {
                                (cv * 2.0).round() / 2.0
                            } else {
                                cv.round()
                            };
                            let men = men.round().max(1.0).max(cv.ceil());
                            set(
                                cmds,
                                f,
                                &FormValue::Strength {
                                    disorganized: dis,
                                    cv,
                                    manpower: men,
                                },
                            );
                        }
                    });
                }
                _ => {
                    ui.weak(form::ron_text(&now));
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
