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
use crate::rules::scenario::UnitFile;
use crate::rules::unit::UnitKind;

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
                        st.focus = st.ed.file.map.numbering().parse(&hex).ok();
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
    let unit = FormUnit {
        id: &id,
        u: &u,
        ruleset: &ruleset,
        sides: &sides,
        kinds: unit_kinds(&ruleset),
    };
    egui::Grid::new("unit_form").num_columns(2).show(ui, |ui| {
        for f in &fields {
            field_row(ui, &unit, f, form, cmds);
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

/// The unit the form edits, and the choices its fields offer.
struct FormUnit<'a> {
    id: &'a str,
    u: &'a UnitFile,
    ruleset: &'a str,
    sides: &'a [String],
    kinds: &'static [UnitKind],
}

/// Set a field of the unit `id` to `v`.
fn set(cmds: &mut MessageWriter<EditorCmd>, id: &str, field: &str, v: &FormValue) {
    cmds.write(EditorCmd::Apply(EditAction::UnitField {
        id: id.to_string(),
        field: field.to_string(),
        value: form::ron_text(v),
    }));
}

/// A drag of a number is one undo step, like a brush stroke.
fn stroke(cmds: &mut MessageWriter<EditorCmd>, r: &egui::Response) {
    if r.drag_started() {
        cmds.write(EditorCmd::BeginStroke);
    }
    if r.drag_stopped() {
        cmds.write(EditorCmd::EndStroke);
    }
}

/// One row of the form: the field's name (its meaning on hover) and its widget.
fn field_row(
    ui: &mut egui::Ui,
    unit: &FormUnit,
    f: &str,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let id = unit.id;
    let (w, meaning) = form::widget(f, unit.ruleset, unit.u.kind);
    ui.label(f).on_hover_text(meaning);
    let now = form::read(unit.u, f, &w);
    match (&w, &now) {
        (Widget::Side, FormValue::Text(side)) => {
            egui::ComboBox::from_id_salt("form_side")
                .selected_text(side)
                .show_ui(ui, |ui| {
                    for sd in unit.sides {
                        if ui.selectable_label(side == sd, sd).clicked() && side != sd {
                            set(cmds, id, f, &FormValue::Text(sd.clone()));
                        }
                    }
                })
                .response
                .on_hover_text(meaning);
        }
        (Widget::Kind, _) => kind_box(ui, unit, f, meaning, cmds),
        (Widget::Bool, FormValue::Bool(b)) => {
            let mut on = *b;
            if ui.checkbox(&mut on, "").on_hover_text(meaning).changed() {
                set(cmds, id, f, &FormValue::Bool(on));
            }
        }
        (Widget::Text | Widget::Hex, _) => {
            let text = form.fields.entry(f.to_string()).or_default();
            let r = ui
                .add(egui::TextEdit::singleline(text).desired_width(170.0))
                .on_hover_text(meaning);
            if r.lost_focus() && FormValue::Text(text.clone()) != now {
                set(cmds, id, f, &FormValue::Text(text.clone()));
            }
        }
        (Widget::Int { lo, hi, optional }, FormValue::Int(n)) => {
            int_field(ui, (id, f, meaning), (*lo, *hi, *optional), *n, cmds);
        }
        (Widget::Float { lo, hi, step }, FormValue::Float(x)) => {
            float_field(ui, (id, f, meaning), (*lo, *hi, *step), *x, cmds);
        }
        (Widget::Choice { options, optional }, FormValue::Choice(c)) => {
            choice_box(ui, (id, f, meaning), options, *optional, c, cmds);
        }
        (Widget::Strength, _) => strength_field(ui, (id, f, meaning), &now, cmds),
        _ => {
            ui.weak(form::ron_text(&now));
        }
    }
}

/// The unit's kind: one of the ruleset's.
fn kind_box(
    ui: &mut egui::Ui,
    unit: &FormUnit,
    f: &str,
    meaning: &str,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let u = unit.u;
    egui::ComboBox::from_id_salt("form_kind")
        .selected_text(format!("{:?}", u.kind))
        .show_ui(ui, |ui| {
            for k in unit.kinds {
                if ui
                    .selectable_label(u.kind == *k, format!("{k:?}"))
                    .clicked()
                    && u.kind != *k
                {
                    set(cmds, unit.id, f, &FormValue::Choice(Some(format!("{k:?}"))));
                }
            }
        })
        .response
        .on_hover_text(meaning);
}

/// A whole number in `lo..=hi`; when `optional`, a checkbox gives it or leaves the default.
fn int_field(
    ui: &mut egui::Ui,
    (id, f, meaning): (&str, &str, &str),
    (lo, hi, optional): (i64, i64, bool),
    n: Option<i64>,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal(|ui| {
        let mut given = n.is_some();
        if optional
            && ui
                .checkbox(&mut given, "")
                .on_hover_text("Set here; unchecked: the ruleset's default")
                .changed()
        {
            set(
                cmds,
                id,
                f,
                &FormValue::Int(given.then_some(n.unwrap_or(lo).max(lo))),
            );
        }
        if n.is_some() || !optional {
            let mut v = n.unwrap_or(0);
            let r = ui
                .add(egui::DragValue::new(&mut v).range(lo..=hi))
                .on_hover_text(format!("{meaning} ({lo} to {hi})"));
            stroke(cmds, &r);
            if r.changed() {
                set(cmds, id, f, &FormValue::Int(Some(v)));
            }
        } else {
            ui.weak("default");
        }
    });
}

/// A number in `lo..=hi` in steps of `step`, or the default (the checkbox).
fn float_field(
    ui: &mut egui::Ui,
    (id, f, meaning): (&str, &str, &str),
    (lo, hi, step): (f64, f64, f64),
    x: Option<f64>,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal(|ui| {
        let mut given = x.is_some();
        if ui
            .checkbox(&mut given, "")
            .on_hover_text("Set here; unchecked: the ruleset's default")
            .changed()
        {
            set(
                cmds,
                id,
                f,
                &FormValue::Float(given.then_some(x.unwrap_or(lo).max(lo))),
            );
        }
        if let Some(x) = x {
            let mut v = x;
            let r = ui
                .add(egui::DragValue::new(&mut v).range(lo..=hi).speed(step))
                .on_hover_text(format!("{meaning} ({lo} to {hi})"));
            stroke(cmds, &r);
            if r.changed() {
                set(
                    cmds,
                    id,
                    f,
                    &FormValue::Float(Some((v / step).round() * step)),
                );
            }
        } else {
            ui.weak("default");
        }
    });
}

/// One of `options`; when `optional`, the default too.
fn choice_box(
    ui: &mut egui::Ui,
    (id, f, meaning): (&str, &str, &str),
    options: &[&'static str],
    optional: bool,
    c: &Option<String>,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    let shown = c.clone().unwrap_or_else(|| "(default)".into());
    egui::ComboBox::from_id_salt(("form_choice", f))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            if optional && ui.selectable_label(c.is_none(), "(default)").clicked() && c.is_some() {
                set(cmds, id, f, &FormValue::Choice(None));
            }
            for o in options {
                let on = c.as_deref() == Some(*o);
                if ui.selectable_label(on, *o).clicked() && !on {
                    set(cmds, id, f, &FormValue::Choice(Some(o.to_string())));
                }
            }
        })
        .response
        .on_hover_text(meaning);
}

/// Organized with a whole CV, or disorganized with a CV in halves and the manpower.
fn strength_field(
    ui: &mut egui::Ui,
    (id, f, meaning): (&str, &str, &str),
    now: &FormValue,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal(|ui| {
        let (mut dis, mut cv, mut men) = match *now {
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
                id,
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
