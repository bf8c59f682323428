//! The scenario editor's panels: the top bar (file, save, undo/redo, play), the tools and their
//! options with the scenario's settings and the map scan on the left, the unit roster and form,
//! the problems (click one to see its hex) and the history on the right. Panels send
//! [`EditorCmd`]s; choices that are not edits of the scenario (the tool, the brush) change the
//! editor's state directly.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::editor::{EditorCmd, EditorState, Tool};
use crate::client::input::UiRects;
use crate::client::ui::theme::rect_of;
use crate::editor::EditAction;
use crate::editor::action::unit_fields;
use crate::rules::map::{Feature, RouteKind, Terrain, Weather};
use crate::rules::scenario::{KNOWN_RULESETS, UnderlayFile, terrain_letters, unit_kinds};

/// What the form fields show while the player types (field name → text), per unit.
#[derive(Default)]
pub(crate) struct FormText {
    unit: Option<String>,
    rev: u64,
    fields: std::collections::BTreeMap<String, String>,
    title: String,
    briefing: String,
    sides: [String; 2],
    size: (i64, i64),
    scan_path: String,
    file_rev: Option<u64>,
}

/// A unit's field as RON text (what the form shows and the action takes).
fn field_text(u: &crate::rules::scenario::UnitFile, field: &str) -> String {
    // The unit as the editor writes it (`(id: "a", name: "Crook's", strength: Organized(4))`),
    // cut at the field: `name: "x",` → `"x"`.
    let v = crate::editor::write::whole_numbers(&crate::editor::write::line(u));
    let key = format!("{field}:");
    let Some(i) = find_field(&v, &key) else {
        return String::new();
    };
    let rest = v[i + key.len()..].trim_start();
    let mut depth = 0i32;
    let mut in_str = false;
    let mut end = rest.len();
    for (j, ch) in rest.char_indices() {
        match ch {
            '"' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => {
                if depth == 0 {
                    end = j;
                    break;
                }
                depth -= 1;
            }
            ',' if !in_str && depth == 0 => {
                end = j;
                break;
            }
            _ => {}
        }
    }
    rest[..end].to_string()
}

/// Where `key` starts as a field name (not inside a string).
fn find_field(v: &str, key: &str) -> Option<usize> {
    let mut in_str = false;
    let bytes = v.as_bytes();
    for i in 0..v.len() {
        if bytes[i] == b'"' {
            in_str = !in_str;
        }
        if !in_str
            && (i == 0 || matches!(bytes[i - 1], b'(' | b',' | b' '))
            && v[i..].starts_with(key)
        {
            return Some(i);
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn editor_ui(
    mut contexts: EguiContexts,
    st: Option<ResMut<EditorState>>,
    mut cmds: MessageWriter<EditorCmd>,
    mut rects: ResMut<UiRects>,
    mut form: Local<FormText>,
) -> Result {
    let Some(mut st) = st else { return Ok(()) };
    let ctx = contexts.ctx_mut()?.clone();
    rects.0.clear();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "editor_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // The texts follow the file when it changes under them (undo, another tool).
    if form.file_rev != Some(st.ed.revision) {
        form.file_rev = Some(st.ed.revision);
        let f = &st.ed.file;
        form.title = f.title.clone();
        form.briefing = f.briefing.clone().unwrap_or_default();
        form.sides = [
            f.sides.first().cloned().unwrap_or_default(),
            f.sides.get(1).cloned().unwrap_or_default(),
        ];
        form.size = (f.map.columns, f.map.rows);
        form.scan_path = f
            .underlay
            .as_ref()
            .map(|u| u.image.clone())
            .unwrap_or_default();
    }
    let problems = st.problems.clone();

    // Top bar.
    let top = egui::Panel::top("ed_top").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.strong("Scenario editor");
            ui.separator();
            ui.label("File:");
            let mut p = st.path.display().to_string();
            if ui
                .add(egui::TextEdit::singleline(&mut p).desired_width(260.0))
                .changed()
            {
                st.path = p.into();
            }
            if st.unsaved() {
                ui.colored_label(egui::Color32::from_rgb(170, 90, 0), "unsaved");
            }
            let can = problems.is_empty();
            let why = if can {
                "Write the file (Ctrl+S)".to_string()
            } else {
                format!(
                    "It would not load: {} problem(s), listed on the right",
                    problems.len()
                )
            };
            if ui
                .add_enabled(can, egui::Button::new("Save (Ctrl+S)"))
                .on_hover_text(&why)
                .on_disabled_hover_text(&why)
                .clicked()
            {
                cmds.write(EditorCmd::Save);
            }
            if ui
                .add_enabled(can, egui::Button::new("Save and play"))
                .on_disabled_hover_text(&why)
                .clicked()
            {
                cmds.write(EditorCmd::Play);
            }
            let (u, r) = st.ed.history();
            let (un, rn) = (
                u.first().map(|s| s.to_string()),
                r.first().map(|s| s.to_string()),
            );
            if ui
                .add_enabled(un.is_some(), egui::Button::new("Undo (Ctrl+Z)"))
                .on_hover_text(un.map_or(String::new(), |l| format!("Undo: {l}")))
                .clicked()
            {
                cmds.write(EditorCmd::Undo);
            }
            if ui
                .add_enabled(rn.is_some(), egui::Button::new("Redo (Ctrl+Y)"))
                .on_hover_text(rn.map_or(String::new(), |l| format!("Redo: {l}")))
                .clicked()
            {
                cmds.write(EditorCmd::Redo);
            }
            if ui.button("Menu (Esc)").clicked() {
                cmds.write(EditorCmd::Exit);
            }
            if let Some(h) = st.hover {
                ui.separator();
                let f = &st.ed.file;
                let w = crate::rules::map::label_width(
                    f.map.columns.max(1) as u32,
                    f.map.rows.max(1) as u32,
                );
                let letter = f
                    .map
                    .terrain
                    .get(h.row as usize - 1)
                    .and_then(|r| r.chars().nth(h.col as usize - 1));
                let name = letter
                    .and_then(Terrain::from_letter)
                    .map_or("?", |t| t.name());
                ui.label(format!("{} {name}", h.label(w)));
            }
        });
        if let Some((t, err)) = &st.notice {
            ui.colored_label(
                if *err {
                    egui::Color32::from_rgb(200, 30, 30)
                } else {
                    egui::Color32::from_rgb(30, 110, 40)
                },
                t,
            );
        }
    });
    rects.0.push(rect_of(top.response.rect));

    // Left: tools, their options, the scenario's settings, the map scan.
    let left = egui::Panel::left("ed_left")
        .default_size(290.0)
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("ed_left")
                .show(ui, |ui| {
                    ui.strong("Tools");
                    for t in Tool::ALL {
                        let on = st.tool == t;
                        if ui.selectable_label(on, t.name()).clicked() {
                            st.tool = t;
                        }
                    }
                    ui.separator();
                    tool_options(ui, &mut st);
                    ui.separator();
                    settings(ui, &mut st, &mut form, &mut cmds);
                    ui.separator();
                    scan(ui, &mut st, &mut form, &mut cmds);
                });
        });
    rects.0.push(rect_of(left.response.rect));

    // Right: roster, unit form, problems, history.
    let right = egui::Panel::right("ed_right")
        .default_size(330.0)
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("ed_right")
                .show(ui, |ui| {
                    roster(ui, &mut st);
                    ui.separator();
                    unit_form(ui, &mut st, &mut form, &mut cmds);
                    ui.separator();
                    ui.strong(format!("Problems ({})", problems.len()));
                    if problems.is_empty() {
                        ui.colored_label(
                            egui::Color32::from_rgb(30, 110, 40),
                            "None: the scenario loads and can be saved.",
                        );
                    }
                    for p in problems.iter().take(200) {
                        let at = crate::editor::problem_hex(&st.ed.file, p);
                        let r = ui.add(
                            egui::Label::new(
                                egui::RichText::new(p.to_string())
                                    .color(egui::Color32::from_rgb(200, 30, 30)),
                            )
                            .sense(egui::Sense::click()),
                        );
                        if let Some(h) = at
                            && r.on_hover_text("Click: show the hex").clicked()
                        {
                            st.focus = Some(h);
                            st.hover = Some(h);
                        }
                    }
                    ui.separator();
                    ui.strong("History");
                    let (u, r) = st.ed.history();
                    for l in r.iter().rev() {
                        ui.weak(format!("(undone) {l}"));
                    }
                    for l in u.iter().take(30) {
                        ui.label(*l);
                    }
                });
        });
    rects.0.push(rect_of(right.response.rect));
    // A focused text field asks for the keyboard (IME output): the editor's keys wait.
    let typing = ctx.output(|o| o.ime.is_some());
    if st.typing != typing {
        st.typing = typing;
    }
    Ok(())
}

fn tool_options(ui: &mut egui::Ui, st: &mut EditorState) {
    match st.tool {
        Tool::Terrain | Tool::Fill => {
            ui.label("Terrain (the ruleset's letters):");
            let letters = terrain_letters(&st.ed.file.ruleset);
            ui.horizontal_wrapped(|ui| {
                for ch in letters.chars() {
                    let name = Terrain::from_letter(ch).map_or("?", |t| t.name());
                    if ui
                        .selectable_label(st.terrain == ch, format!("{ch} {name}"))
                        .clicked()
                    {
                        st.terrain = ch;
                    }
                }
            });
            ui.weak(if st.tool == Tool::Terrain {
                "Click or drag to paint; one stroke is one undo."
            } else {
                "Click: the connected hexes of the same terrain take the new one."
            });
        }
        Tool::Hexside => {
            ui.label("Feature (click near a hex edge to toggle):");
            ui.horizontal_wrapped(|ui| {
                for f in Feature::ALL {
                    if ui
                        .selectable_label(st.feature == f, format!("{f:?}"))
                        .clicked()
                    {
                        st.feature = f;
                    }
                }
            });
        }
        Tool::Route | Tool::EraseRoute => {
            ui.label("Route kind (drag from hex to hex; X: click to cut):");
            ui.horizontal_wrapped(|ui| {
                for k in RouteKind::ALL {
                    if ui
                        .selectable_label(st.route == k, format!("{k:?}"))
                        .clicked()
                    {
                        st.route = k;
                    }
                }
            });
        }
        Tool::Elevation => {
            ui.add(egui::Slider::new(&mut st.level, 0..=9).text("level"));
            ui.weak("Click or drag to paint the level.");
        }
        Tool::Unit => {
            ui.label("New units (click an empty hex):");
            let sides = st.ed.file.sides.clone();
            ui.horizontal(|ui| {
                for (i, s) in sides.iter().enumerate() {
                    if ui.selectable_label(st.side == i, s).clicked() {
                        st.side = i;
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                for k in unit_kinds(&st.ed.file.ruleset) {
                    if ui
                        .selectable_label(st.kind == *k, format!("{k:?}"))
                        .clicked()
                    {
                        st.kind = *k;
                    }
                }
            });
            ui.weak(
                "Click a unit to choose it (again: the next in the stack); Shift-click moves \
                 the chosen unit; Ctrl+C / Ctrl+V copy it and paste under the pointer; Delete \
                 removes it.",
            );
        }
        Tool::Victory => {
            ui.add(egui::Slider::new(&mut st.points, 1..=20).text("points"));
            let sides = st.ed.file.sides.clone();
            ui.horizontal(|ui| {
                ui.label("Held by:");
                if ui
                    .selectable_label(st.holder.is_none(), "whoever is there")
                    .clicked()
                {
                    st.holder = None;
                }
                for (i, s) in sides.iter().enumerate() {
                    if ui.selectable_label(st.holder == Some(i), s).clicked() {
                        st.holder = Some(i);
                    }
                }
            });
            ui.weak("Click a hex to add a victory hex; click one to remove it.");
        }
        Tool::Align => {
            ui.label("Click the centre of each named hex on the scan:");
            for i in 0..2 {
                ui.horizontal(|ui| {
                    ui.label(format!("Point {}: hex", i + 1));
                    ui.add(egui::TextEdit::singleline(&mut st.align_hex[i]).desired_width(60.0));
                    if st.align_next == i {
                        ui.strong("(next click)");
                    }
                });
            }
        }
    }
}

fn settings(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.collapsing("Scenario", |ui| {
        let f = st.ed.file.clone();
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
                    for r in KNOWN_RULESETS {
                        if ui.selectable_label(f.ruleset == *r, *r).clicked() && f.ruleset != *r {
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
        let last = f.turns.unwrap_or(0).clamp(0, 60);
        if last > 0 {
            ui.label("Weather by turn, night turns (click to change):");
            let first = f.turn.unwrap_or(1);
            ui.horizontal_wrapped(|ui| {
                for t in first..=last {
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
    });
}

fn scan(
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

fn roster(ui: &mut egui::Ui, st: &mut EditorState) {
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

fn unit_form(
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
