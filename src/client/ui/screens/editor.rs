//! The scenario editor's panels: the top bar (file, save, undo/redo, play), the tools and their
//! options with the scenario's settings and the map scan on the left, the unit roster and form,
//! the problems (click one to see its hex) and the history on the right. Panels send
//! [`EditorCmd`]s; choices that are not edits of the scenario (the tool, the brush) change the
//! editor's state directly.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::editor::{EditorCmd, EditorState, Tool};
use crate::client::input::UiRects;
use crate::client::ui::panels::{FormText, editor_settings, editor_units};
use crate::client::ui::theme::rect_of;
use crate::rules::map::{Feature, RouteKind, Terrain};
use crate::rules::registry::{terrain_letters, unit_kinds};
use crate::rules::scenario::Problem;

#[allow(clippy::too_many_arguments)]
pub(crate) fn editor_ui(
    mut contexts: EguiContexts,
    st: Option<ResMut<EditorState>>,
    mut cmds: MessageWriter<EditorCmd>,
    mut rects: ResMut<UiRects>,
    mut form: Local<FormText>,
    mut import: ResMut<crate::client::ui::panels::import::ImportDialog>,
    mut help: ResMut<crate::client::ui::panels::terrain_help::TerrainHelp>,
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
        follow_file(&mut form, &st);
    }
    let problems = st.problems.clone();

    // Top bar.
    let top = egui::Panel::top("ed_top").show(&mut root, |ui| {
        top_bar(ui, &mut st, &problems, &mut cmds);
        if ui
            .button("Import VASSAL module…")
            .on_hover_text("A module's board, grid and counters as a new draft")
            .clicked()
        {
            import.open = true;
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
                .show(ui, |ui| left_panel(ui, &mut st, &mut form, &mut cmds));
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
                    editor_units::roster(ui, &mut st);
                    ui.separator();
                    editor_units::unit_form(ui, &mut st, &mut form, &mut cmds);
                    ui.separator();
                    problems_list(ui, &mut st, &problems);
                    super::super::panels::drafts::placeholders(ui, &mut st, &mut cmds);
                    super::super::panels::terrain_help::panel(ui, &mut st, &mut help, &mut cmds);
                    ui.separator();
                    history(ui, &st);
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

/// The settings' texts taken from the file (at its new revision).
fn follow_file(form: &mut FormText, st: &EditorState) {
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

/// The top bar: the file, save, undo and redo, the menu and the hovered hex; the notice
/// below them.
fn top_bar(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    problems: &[Problem],
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Scenario editor");
        ui.separator();
        file_and_save(ui, st, problems, cmds);
        undo_redo(ui, st, cmds);
        if ui.button("Menu (Esc)").clicked() {
            cmds.write(EditorCmd::Exit);
        }
        if let Some(h) = st.hover {
            ui.separator();
            let f = &st.ed.file;
            let name = f
                .map
                .letter(h)
                .and_then(Terrain::from_letter)
                .map_or("?", |t| t.name());
            ui.label(format!("{} {name}", f.map.numbering().label(h)));
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
}

/// The file's path, whether it is saved, and Save and Save and play (only for a file that
/// loads).
fn file_and_save(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    problems: &[Problem],
    cmds: &mut MessageWriter<EditorCmd>,
) {
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
}

/// Undo and Redo, each naming the edit on hover.
fn undo_redo(ui: &mut egui::Ui, st: &EditorState, cmds: &mut MessageWriter<EditorCmd>) {
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
}

/// The left panel's contents: the tools, the tool's options, the scenario's settings and the
/// map scan.
fn left_panel(
    ui: &mut egui::Ui,
    st: &mut EditorState,
    form: &mut FormText,
    cmds: &mut MessageWriter<EditorCmd>,
) {
    ui.strong("Tools");
    for t in Tool::ALL {
        let on = st.tool == t;
        if ui.selectable_label(on, t.name()).clicked() {
            st.tool = t;
        }
    }
    ui.separator();
    tool_options(ui, st);
    ui.separator();
    editor_settings::settings(ui, st, form, cmds);
    ui.separator();
    editor_settings::scan(ui, st, form, cmds);
}

/// The loader's problems (the first 200); a click on one with a hex shows the hex.
fn problems_list(ui: &mut egui::Ui, st: &mut EditorState, problems: &[Problem]) {
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
                egui::RichText::new(p.to_string()).color(egui::Color32::from_rgb(200, 30, 30)),
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
}

/// The edits: those undone (greyed), then the last 30 done, the latest first.
fn history(ui: &mut egui::Ui, st: &EditorState) {
    ui.strong("History");
    let (u, r) = st.ed.history();
    for l in r.iter().rev() {
        ui.weak(format!("(undone) {l}"));
    }
    for l in u.iter().take(30) {
        ui.label(*l);
    }
}

fn tool_options(ui: &mut egui::Ui, st: &mut EditorState) {
    match st.tool {
        Tool::Terrain | Tool::Fill => terrain_options(ui, st),
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
        Tool::Unit => unit_options(ui, st),
        Tool::Victory => victory_options(ui, st),
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

/// The terrain brush (and fill): the ruleset's terrain letters.
fn terrain_options(ui: &mut egui::Ui, st: &mut EditorState) {
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

/// The units tool: the side and the kind of new units.
fn unit_options(ui: &mut egui::Ui, st: &mut EditorState) {
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

/// The victory hexes tool: the points and who holds the hex.
fn victory_options(ui: &mut egui::Ui, st: &mut EditorState) {
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
