//! The scenario editor screen: the editor's model ([`crate::editor::Editor`]) as one resource,
//! the pointer's tools turned into [`EditAction`]s, undo/redo, saving, and leaving to play the
//! result. Every change of the scenario is an `EditAction` sent as [`EditorCmd::Apply`], the
//! same data `musket edit --apply` reads, so headless tests drive the screen as a player does.
//!
//! Mouse: left button uses the tool (a brush stroke while held is one undo step), right or
//! middle drag pans, the wheel zooms. Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo,
//! Ctrl+S save, Ctrl+C / Ctrl+V copy the chosen unit / paste it under the pointer, Delete
//! removes the chosen unit, T F H R X E U V pick a tool, WASD / arrows pan, +/- zoom, Esc menu.
//!
//! Here: the state, the commands and opening the editor; [`tools`]: the pointer and the keys;
//! [`view`]: what is drawn.

pub mod tools;
pub mod view;

pub use tools::{click_hex, extend_route, hex_line, nearest_side};

use std::path::PathBuf;

use bevy::prelude::*;

use super::state::{Screen, Source};
use crate::editor::{EditAction, Editor};
use crate::rules::hex::{Coord, Dir};
use crate::rules::map::{Feature, RouteKind};
use crate::rules::scenario::{ScenarioFile, UnitFile};
use crate::rules::unit::UnitKind;

/// What the left button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tool {
    /// Paint terrain hex by hex (drag for a stroke).
    #[default]
    Terrain,
    /// Flood-fill terrain.
    Fill,
    /// Toggle a hexside feature on the edge nearest the pointer.
    Hexside,
    /// Draw a route by dragging from hex to hex.
    Route,
    /// Cut routes at a hex.
    EraseRoute,
    /// Paint elevation.
    Elevation,
    /// Choose a unit, or place a new one (Shift-click: move the chosen unit there).
    Unit,
    /// Add or remove a victory hex.
    Victory,
    /// Click the centre of a hex on the map scan (alignment point 1, then 2).
    Align,
}

impl Tool {
    pub const ALL: [Tool; 9] = [
        Tool::Terrain,
        Tool::Fill,
        Tool::Hexside,
        Tool::Route,
        Tool::EraseRoute,
        Tool::Elevation,
        Tool::Unit,
        Tool::Victory,
        Tool::Align,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Terrain => "Terrain brush (T)",
            Tool::Fill => "Fill (F)",
            Tool::Hexside => "Hexside (H)",
            Tool::Route => "Route (R)",
            Tool::EraseRoute => "Erase route (X)",
            Tool::Elevation => "Elevation (E)",
            Tool::Unit => "Units (U)",
            Tool::Victory => "Victory hex (V)",
            Tool::Align => "Align the scan",
        }
    }
}

/// The editor in the window.
#[derive(Resource)]
pub struct EditorState {
    pub ed: Editor,
    /// Where Save writes.
    pub path: PathBuf,
    pub tool: Tool,
    /// The brush's terrain letter, hexside feature, route kind, elevation level.
    pub terrain: char,
    pub feature: Feature,
    pub route: RouteKind,
    pub level: u8,
    /// New units: side (0 or 1) and kind.
    pub side: usize,
    pub kind: UnitKind,
    /// The unit chosen (its id): shown in the form.
    pub selected: Option<String>,
    pub clipboard: Option<UnitFile>,
    /// New victory hexes: points and holder (None: nobody).
    pub points: i64,
    pub holder: Option<usize>,
    /// The route being dragged.
    pub route_path: Vec<Coord>,
    /// The last hex painted in the open stroke (the next one joins it with a line).
    pub stroke_last: Option<Coord>,
    /// The hex under the pointer.
    pub hover: Option<Coord>,
    /// The hexside under the pointer (Hexside tool).
    pub hover_side: Option<(Coord, Dir)>,
    /// What the last command did or why it was refused.
    pub notice: Option<(String, bool)>,
    /// The editor revision saved last (the file is unsaved when it differs).
    pub saved: u64,
    /// A hex for the camera to bring into view (a clicked problem, a roster entry).
    pub focus: Option<Coord>,
    /// The alignment point being clicked next (0 or 1) and the hex it is for.
    pub align_next: usize,
    pub align_hex: [String; 2],
    /// The scan's size in pixels, once loaded.
    pub scan_size: Option<UVec2>,
    /// Why the scan is not shown (a warning: the scenario plays without it).
    pub scan_warning: Option<String>,
    /// A text field of the panels has the keyboard: the editor's keys are off.
    pub typing: bool,
    /// The loader's problems with the file, and the revision they are for (checked once per
    /// change, not per frame).
    pub problems: Vec<crate::rules::scenario::Problem>,
    pub problems_rev: Option<u64>,
}

impl EditorState {
    pub fn new(file: ScenarioFile, path: PathBuf) -> Self {
        let terrain = crate::rules::registry::terrain_letters(&file.ruleset)
            .chars()
            .next()
            .unwrap_or('c');
        let ed = Editor::new(file);
        let saved = ed.revision;
        EditorState {
            ed,
            path,
            tool: Tool::Terrain,
            terrain,
            feature: Feature::Creek,
            route: RouteKind::Road,
            level: 1,
            side: 0,
            kind: UnitKind::Infantry,
            selected: None,
            clipboard: None,
            points: 1,
            holder: None,
            route_path: Vec::new(),
            stroke_last: None,
            hover: None,
            hover_side: None,
            notice: None,
            saved,
            focus: None,
            align_next: 0,
            align_hex: ["0101".into(), "0101".into()],
            scan_size: None,
            scan_warning: None,
            typing: false,
            problems: Vec::new(),
            problems_rev: None,
        }
    }

    pub fn unsaved(&self) -> bool {
        self.ed.revision != self.saved
    }
}

/// What the editor's panels and keys ask for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum EditorCmd {
    /// An edit of the scenario.
    Apply(EditAction),
    /// A brush stroke starts / ends (its edits make one undo step).
    BeginStroke,
    EndStroke,
    Undo,
    Redo,
    /// Write the file (refused while it would not load).
    Save,
    /// Save, then play the scenario.
    Play,
    /// Back to the menu.
    Exit,
}

/// Input and drawing (the window); the commands are [`logic`]'s.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (tools::pointer, tools::keys)
            .run_if(in_state(Screen::Editor))
            .before(EditorSystems),
    )
    .add_plugins(view::plugin);
}

/// The commands (headless tests run this alone).
pub fn logic(app: &mut App) {
    app.add_message::<EditorCmd>()
        .add_systems(
            Update,
            handle
                .in_set(EditorSystems)
                .run_if(in_state(Screen::Editor)),
        )
        .add_systems(
            Update,
            open_requested.after(crate::client::state::CoreSystems),
        );
}

/// Open the editor the player asked for ([`crate::client::state::EditorRequest`], set by
/// `Action::Edit`); a file that does not open is a notice, and the screen stays.
fn open_requested(world: &mut World) {
    let Some(source) = world
        .get_resource_mut::<crate::client::state::EditorRequest>()
        .and_then(|mut r| r.0.take())
    else {
        return;
    };
    if let Err(e) = open(world, source) {
        crate::client::state::notice(world, e, true);
    }
}

/// The systems that apply editor commands; input runs before, views after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EditorSystems;

/// A blank scenario for "New scenario": 20x15 clear, the first rule system (GCACW), two sides,
/// 8 turns.
pub fn blank() -> ScenarioFile {
    let mut f: ScenarioFile = crate::rules::scenario::from_ron(
        r#"(title: "New scenario", ruleset: "", sides: ["Union", "Confederate"],
            turn: 1, turns: 8, map: (columns: 20, rows: 15, terrain: []), units: [])"#,
    )
    .unwrap_or_else(|e| panic!("the blank scenario does not parse: {e:?}"));
    f.ruleset = crate::rules::registry::default_id().to_string();
    f.map.terrain = vec!["c".repeat(20); 15];
    f
}

/// Open the editor on a scenario (None: a blank one). A built-in scenario is saved as a copy
/// in `./scenarios/`.
pub fn open(world: &mut World, source: Option<Source>) -> Result<(), String> {
    let (file, path) = match source {
        None => (blank(), free_path("new-scenario")),
        Some(Source::File(p)) if !p.exists() => (blank(), p),
        Some(Source::File(p)) => (crate::editor::Editor::open(&p)?.file, p),
        Some(Source::Builtin(name)) => {
            let sc = super::state::load_scenario(&Source::Builtin(name))?;
            let stem = name.trim_end_matches(".ron");
            (sc.file, free_path(&format!("my-{stem}")))
        }
    };
    let mut state = EditorState::new(file, path);
    // Checked by the tables the game will load it with (the player's --rules, else theirs).
    if let Some(settings) = world.get_resource::<super::state::Settings>() {
        state.ed.rules = settings.rules.clone();
    }
    world.insert_resource(state);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
    Ok(())
}

/// `scenarios/<stem>.ron`, or `<stem>-2.ron`… if taken.
fn free_path(stem: &str) -> PathBuf {
    let dir = PathBuf::from("scenarios");
    let mut p = dir.join(format!("{stem}.ron"));
    let mut n = 2;
    while p.exists() {
        p = dir.join(format!("{stem}-{n}.ron"));
        n += 1;
    }
    p
}

pub(super) fn say(st: &mut EditorState, text: impl Into<String>, error: bool) {
    st.notice = Some((text.into(), error));
}

/// Apply the editor's commands.
pub fn handle(world: &mut World) {
    let cmds: Vec<EditorCmd> = world
        .resource_mut::<Messages<EditorCmd>>()
        .drain()
        .collect();
    for c in cmds {
        handle_one(world, c);
    }
    // The live checks, once per change.
    if let Some(mut st) = world.get_resource_mut::<EditorState>()
        && st.problems_rev != Some(st.ed.revision)
    {
        let p = st.ed.problems();
        st.problems = p;
        st.problems_rev = Some(st.ed.revision);
    }
}

fn handle_one(world: &mut World, c: EditorCmd) {
    let Some(mut st) = world.get_resource_mut::<EditorState>() else {
        return;
    };
    match c {
        EditorCmd::Apply(a) => match st.ed.apply(&a) {
            Ok(()) => {
                if let EditAction::RemoveUnit { id } = &a
                    && st.selected.as_ref() == Some(id)
                {
                    st.selected = None;
                }
                if let EditAction::Unit(u) = &a {
                    st.selected = Some(u.id.clone());
                }
                if let EditAction::CopyUnit { new_id, .. } = &a {
                    st.selected = Some(new_id.clone());
                }
                if let EditAction::UnitField { id, field, value } = &a
                    && field == "id"
                    && st.selected.as_ref() == Some(id)
                {
                    st.selected = crate::rules::scenario::from_ron::<String>(value).ok();
                }
                if !matches!(a, EditAction::Paint { .. } | EditAction::Elevation { .. }) {
                    st.notice = None;
                }
            }
            Err(e) => say(&mut st, format!("{}: {e}", a.name()), true),
        },
        EditorCmd::BeginStroke => st.ed.begin_stroke(),
        EditorCmd::EndStroke => st.ed.end_stroke(),
        EditorCmd::Undo => match st.ed.undo() {
            Some(l) => say(&mut st, format!("Undid: {l}"), false),
            None => say(&mut st, "Nothing to undo", true),
        },
        EditorCmd::Redo => match st.ed.redo() {
            Some(l) => say(&mut st, format!("Redid: {l}"), false),
            None => say(&mut st, "Nothing to redo", true),
        },
        EditorCmd::Save => {
            save(&mut st);
        }
        EditorCmd::Play => {
            if save(&mut st) {
                let path = st.path.clone();
                world.remove_resource::<EditorState>();
                world.write_message(super::state::Action::Start {
                    source: Source::File(path),
                    mode: super::state::Mode::Solitaire,
                    handover: false,
                });
            }
        }
        EditorCmd::Exit => {
            world.remove_resource::<EditorState>();
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
        }
    }
}

fn save(st: &mut EditorState) -> bool {
    if let Some(dir) = st.path.parent()
        && !dir.as_os_str().is_empty()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        say(st, format!("{}: {e}", dir.display()), true);
        return false;
    }
    match st.ed.save(&st.path) {
        Ok(()) => {
            st.saved = st.ed.revision;
            let p = st.path.display().to_string();
            say(st, format!("Saved {p}"), false);
            true
        }
        Err(e) => {
            say(st, e, true);
            false
        }
    }
}
