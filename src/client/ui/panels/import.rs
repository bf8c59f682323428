//! "Import VASSAL module…": the module's file, its board and set-up chosen from lists, the
//! rule system and the folder; the import runs off the main thread with its progress shown,
//! then the editor opens on the draft (the same import as `musket import vassal`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::state::{Action, Source};
use crate::import::vassal::{self, Options, mapping::Mapping};

/// The dialog's state.
#[derive(Resource, Default)]
pub struct ImportDialog {
    pub open: bool,
    pub module: String,
    pub out: String,
    pub ruleset: String,
    /// The module read: its name, boards (`MAP/BOARD`) and set-ups.
    read: Option<(String, Vec<String>, Vec<String>)>,
    board: usize,
    /// 0: the at-start stacks; `i`: set-up `i - 1`.
    setup: usize,
    replace: bool,
    status: String,
    error: Option<String>,
    running: Option<Mutex<Receiver<Msg>>>,
}

enum Msg {
    Progress(String),
    Done(Result<(PathBuf, String), String>),
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ImportDialog>().add_systems(
        bevy_egui::EguiPrimaryContextPass,
        import_ui.after(super::super::screens::menu::menu_ui),
    );
}

fn import_ui(
    mut contexts: EguiContexts,
    mut d: ResMut<ImportDialog>,
    mut menu: ResMut<super::super::screens::menu::MenuState>,
    mut actions: MessageWriter<Action>,
) -> Result {
    if menu.import {
        menu.import = false;
        d.open = true;
    }
    if !d.open {
        return Ok(());
    }
    poll(&mut d, &mut actions);
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    egui::Window::new("Import VASSAL module")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(&ctx, |ui| form(ui, &mut d));
    if !open && d.running.is_none() {
        d.open = false;
    }
    Ok(())
}

/// Progress and the result of a running import; the editor opens on the draft when done.
fn poll(d: &mut ImportDialog, actions: &mut MessageWriter<Action>) {
    let Some(rx) = d.running.take() else { return };
    let mut keep = true;
    let rx = rx
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    while let Ok(m) = rx.try_recv() {
        match m {
            Msg::Progress(p) => d.status = p,
            Msg::Done(Ok((path, summary))) => {
                d.status = summary;
                d.open = false;
                keep = false;
                actions.write(Action::Edit(Some(Source::File(path))));
            }
            Msg::Done(Err(e)) => {
                d.error = Some(e);
                d.status.clear();
                keep = false;
            }
        }
    }
    if keep {
        d.running = Some(Mutex::new(rx));
    }
}

fn form(ui: &mut egui::Ui, d: &mut ImportDialog) {
    ui.label(
        "Your own module (.vmod): its board under the exact grid and every counter of the \
         set-up on its hex, as a draft to confirm in the editor.",
    );
    ui.horizontal(|ui| {
        ui.label("Module:");
        let r = ui.add(egui::TextEdit::singleline(&mut d.module).desired_width(300.0));
        if r.changed() {
            d.read = None;
        }
        if ui.button("Read").clicked() || (r.lost_focus() && d.read.is_none()) {
            read_module(d);
        }
    });
    if let Some((name, boards, setups)) = d.read.clone() {
        ui.label(format!("{name}: {} boards with a hex grid", boards.len()));
        choose(ui, "Board:", &boards, &mut d.board);
        let mut setup_names = vec!["At-start stacks".to_string()];
        setup_names.extend(setups);
        choose(ui, "Set-up:", &setup_names, &mut d.setup);
        let ids: Vec<String> = crate::rules::registry::profiles()
            .0
            .iter()
            .map(|p| p.id.to_string())
            .collect();
        let mut ri = ids.iter().position(|i| *i == d.ruleset).unwrap_or(0);
        choose(ui, "Rules:", &ids, &mut ri);
        d.ruleset = ids.get(ri).cloned().unwrap_or_default();
        ui.horizontal(|ui| {
            ui.label("Folder:");
            ui.add(egui::TextEdit::singleline(&mut d.out).desired_width(300.0));
        });
        ui.checkbox(
            &mut d.replace,
            "Replace a draft there even if it was edited",
        );
        let busy = d.running.is_some();
        if ui
            .add_enabled(
                !busy && !d.out.trim().is_empty(),
                egui::Button::new("Import"),
            )
            .clicked()
        {
            start(d);
        }
    }
    if !d.status.is_empty() {
        ui.label(&d.status);
    }
    if let Some(e) = &d.error {
        ui.colored_label(egui::Color32::from_rgb(180, 30, 30), e);
    }
}

fn choose(ui: &mut egui::Ui, label: &str, items: &[String], at: &mut usize) {
    ui.horizontal(|ui| {
        ui.label(label);
        egui::ComboBox::from_id_salt(label)
            .selected_text(items.get(*at).cloned().unwrap_or_default())
            .width(300.0)
            .show_ui(ui, |ui| {
                for (i, it) in items.iter().enumerate() {
                    ui.selectable_value(at, i, it);
                }
            });
    });
}

/// Reads the module's boards and set-ups for the lists; proposes a folder beside it.
fn read_module(d: &mut ImportDialog) {
    d.error = None;
    let path = PathBuf::from(d.module.trim());
    match crate::vassal::Module::open(&path) {
        Ok(m) => {
            let boards = vassal::board_names(&m);
            if boards.is_empty() {
                d.error = Some(format!("{}: no board has a hex grid", path.display()));
            }
            if d.out.trim().is_empty() {
                d.out = default_folder(&path, &vassal::stem_of(m.name(), &path));
            }
            if d.ruleset.is_empty() {
                d.ruleset = crate::rules::registry::default_id().to_string();
            }
            d.board = 0;
            d.setup = 0;
            d.read = Some((m.name().to_string(), boards, vassal::setup_names(&m)));
        }
        Err(e) => d.error = Some(e.to_string()),
    }
}

fn default_folder(module: &Path, stem: &str) -> String {
    module
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("{stem}-musket"))
        .display()
        .to_string()
}

/// Runs the import on a thread; [`poll`] shows its progress.
fn start(d: &mut ImportDialog) {
    let Some((_, boards, setups)) = d.read.clone() else {
        return;
    };
    d.error = None;
    let module = PathBuf::from(d.module.trim());
    let out = PathBuf::from(d.out.trim());
    let opts = Options {
        module: module.clone(),
        board: boards.get(d.board).cloned(),
        source: match d.setup {
            0 => vassal::Source::AtStart,
            i => vassal::Source::Setup(setups.get(i - 1).cloned().unwrap_or_default()),
        },
        ruleset: d.ruleset.clone(),
        mapping: None,
    };
    let force = d.replace;
    let (tx, rx) = channel();
    d.running = Some(Mutex::new(rx));
    d.status = "Reading the module…".into();
    std::thread::spawn(move || {
        let progress_tx = tx.clone();
        let mut progress = move |m: &str| {
            let _ = progress_tx.send(Msg::Progress(m.to_string()));
        };
        let result = run(opts, &out, force, &mut progress);
        let _ = tx.send(Msg::Done(result));
    });
}

/// The whole import, with the answers remembered for the module.
fn run(
    mut opts: Options,
    out: &Path,
    force: bool,
    progress: &mut dyn FnMut(&str),
) -> Result<(PathBuf, String), String> {
    let mut module = crate::vassal::Module::open(&opts.module).map_err(|e| e.to_string())?;
    let stem = vassal::stem_of(module.name(), &opts.module);
    opts.mapping = vassal::mapping::remembered_path(&stem)
        .filter(|p| p.exists())
        .and_then(|p| Mapping::load(&p).ok());
    let plan = vassal::plan_module(&mut module, &opts, progress)?;
    let guessed = Mapping::guessed(
        &plan.module_name,
        &plan.scenario.sides,
        &plan.counters,
        opts.mapping.as_ref(),
    );
    let w = vassal::write(&mut module, &plan, &guessed, out, force, progress)?;
    Ok((
        w.scenario,
        format!(
            "{} units on a {}×{} map; {} pieces skipped",
            plan.pieces.len(),
            plan.grid.columns,
            plan.grid.rows,
            plan.skipped.len()
        ),
    ))
}
