//! The scenario editor screen: the editor's model ([`crate::editor::Editor`]) as one resource,
//! the pointer's tools turned into [`EditAction`]s, undo/redo, saving, and leaving to play the
//! result. Every change of the scenario is an `EditAction` sent as [`EditorCmd::Apply`], the
//! same data `musket edit --apply` reads, so headless tests drive the screen as a player does.
//!
//! Mouse: left button uses the tool (a brush stroke while held is one undo step), right or
//! middle drag pans, the wheel zooms. Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo,
//! Ctrl+S save, Ctrl+C / Ctrl+V copy the chosen unit / paste it under the pointer, Delete
//! removes the chosen unit, T F H R X E U V pick a tool, WASD / arrows pan, +/- zoom, Esc menu.

pub mod view;

use std::path::PathBuf;

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::core::{Screen, Source};
use super::input::{MAX_ZOOM, MIN_ZOOM, MapCamera, UiRects};
use super::layout::{hex_to_world, world_to_hex};
use crate::editor::{EditAction, Editor};
use crate::rules::hex::{Coord, Dir};
use crate::rules::map::{Feature, RouteKind};
use crate::rules::scenario::{ScenarioFile, UnitFile, VictoryHexFile};
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
        let terrain = crate::rules::scenario::terrain_letters(&file.ruleset)
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
        (pointer, keys)
            .run_if(in_state(Screen::Editor))
            .before(EditorSystems),
    )
    .add_plugins(view::plugin);
}

/// The commands (headless tests run this alone).
pub fn logic(app: &mut App) {
    app.add_message::<EditorCmd>().add_systems(
        Update,
        handle
            .in_set(EditorSystems)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The systems that apply editor commands; input runs before, views after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EditorSystems;

/// A blank scenario for "New scenario": 20x15 clear, GCACW, two sides, 8 turns.
pub fn blank() -> ScenarioFile {
    let mut f: ScenarioFile = crate::rules::scenario::from_ron(
        r#"(title: "New scenario", ruleset: "gcacw", sides: ["Union", "Confederate"],
            turn: 1, turns: 8, map: (columns: 20, rows: 15, terrain: []), units: [])"#,
    )
    .unwrap_or_else(|e| panic!("the blank scenario does not parse: {e:?}"));
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
            let sc = super::core::load_scenario(&Source::Builtin(name))?;
            let stem = name.trim_end_matches(".ron");
            (sc.file, free_path(&format!("my-{stem}")))
        }
    };
    world.insert_resource(EditorState::new(file, path));
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

fn say(st: &mut EditorState, text: impl Into<String>, error: bool) {
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
                world.write_message(super::core::Action::Start {
                    source: Source::File(path),
                    mode: super::core::Mode::Solitaire,
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

/// The side of hex `h` nearest to world point `p`: the one facing the neighbour whose centre is
/// nearest.
pub fn nearest_side(h: Coord, p: Vec2) -> Dir {
    let d = |x: &Dir| hex_to_world(h.neighbor(*x)).distance(p);
    Dir::ALL
        .into_iter()
        .min_by(|a, b| d(a).total_cmp(&d(b)))
        .unwrap_or(Dir::N)
}

/// The hexes from `a` to `b` on a line (both ends included), for strokes and routes that skip
/// hexes when the pointer moves fast.
pub fn hex_line(a: Coord, b: Coord) -> Vec<Coord> {
    a.to_hex()
        .line_to(b.to_hex())
        .map(Coord::from_hex)
        .collect()
}

fn over_ui(pos: Vec2, rects: &UiRects, egui: Option<&EguiWantsInput>) -> bool {
    rects.0.iter().any(|r| r.contains(pos)) || egui.is_some_and(|e| e.is_pointer_over_area())
}

/// Mouse: the tools, pan and zoom.
#[allow(clippy::too_many_arguments)]
fn pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&Camera, &GlobalTransform, &mut Transform, &mut Projection), With<MapCamera>>,
    rects: Res<UiRects>,
    egui: Option<Res<EguiWantsInput>>,
    st: Option<ResMut<EditorState>>,
    mut cmds: MessageWriter<EditorCmd>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut stroke_owner: Local<bool>,
) {
    let Some(mut st) = st else { return };
    let Ok(w) = window.single() else { return };
    let Ok((camera, gt, mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let cursor = w.cursor_position();
    let blocked = cursor.is_some_and(|p| over_ui(p, &rects, egui.as_deref())) && !*stroke_owner;
    let world = cursor.and_then(|c| camera.viewport_to_world_2d(gt, c).ok());
    let (cols, rows) = (st.ed.file.map.columns, st.ed.file.map.rows);
    let on_map =
        |c: Coord| c.col >= 1 && c.row >= 1 && i64::from(c.col) <= cols && i64::from(c.row) <= rows;
    let hex = world.map(world_to_hex).filter(|c| !blocked && on_map(*c));
    if hex != st.hover {
        st.hover = hex;
        redraw.write(bevy::window::RequestRedraw);
    }
    let side = match (hex, world) {
        (Some(h), Some(p)) if st.tool == Tool::Hexside => Some((h, nearest_side(h, p))),
        _ => None,
    };
    if side != st.hover_side {
        st.hover_side = side;
    }
    let scale = match &*proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    // Zoom towards the pointer; pan with the right or middle button.
    if !blocked && scroll.delta.y != 0.0 {
        let step = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y * 0.15,
            MouseScrollUnit::Pixel => scroll.delta.y * 0.004,
        };
        if let Projection::Orthographic(o) = &mut *proj {
            let old = o.scale;
            let new = (old * (1.0 - step).clamp(0.5, 1.5)).clamp(MIN_ZOOM, MAX_ZOOM);
            if let Some(p) = world {
                let moved = p + (t.translation.truncate() - p) * (new / old);
                t.translation.x = moved.x;
                t.translation.y = moved.y;
            }
            o.scale = new;
        }
    }
    if buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && motion.delta != Vec2::ZERO
    {
        t.translation.x -= motion.delta.x * scale;
        t.translation.y += motion.delta.y * scale;
        redraw.write(bevy::window::RequestRedraw);
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // The left button: the tool.
    if buttons.just_pressed(MouseButton::Left) && !blocked {
        *stroke_owner = true;
        if let (Some(h), Some(p)) = (hex, world) {
            press(&mut st, &mut cmds, h, p, shift);
        }
    } else if buttons.pressed(MouseButton::Left)
        && *stroke_owner
        && let Some(h) = hex
    {
        drag(&mut st, &mut cmds, h);
    }
    if buttons.just_released(MouseButton::Left) && *stroke_owner {
        *stroke_owner = false;
        release(&mut st, &mut cmds);
    }
}

fn label(st: &EditorState, c: Coord) -> String {
    c.label(crate::rules::map::label_width(
        st.ed.file.map.columns.max(1) as u32,
        st.ed.file.map.rows.max(1) as u32,
    ))
}

fn brush(st: &EditorState, hexes: Vec<String>) -> Option<EditAction> {
    match st.tool {
        Tool::Terrain => Some(EditAction::Paint {
            terrain: st.terrain,
            hexes,
        }),
        Tool::Elevation => Some(EditAction::Elevation {
            level: st.level,
            hexes,
        }),
        _ => None,
    }
}

fn press(
    st: &mut EditorState,
    cmds: &mut MessageWriter<EditorCmd>,
    h: Coord,
    p: Vec2,
    shift: bool,
) {
    let l = label(st, h);
    match st.tool {
        Tool::Terrain | Tool::Elevation => {
            cmds.write(EditorCmd::BeginStroke);
            if let Some(a) = brush(st, vec![l]) {
                cmds.write(EditorCmd::Apply(a));
            }
            st.stroke_last = Some(h);
        }
        Tool::Fill => {
            cmds.write(EditorCmd::Apply(EditAction::Fill {
                terrain: st.terrain,
                hex: l,
            }));
        }
        Tool::Hexside => {
            cmds.write(EditorCmd::Apply(EditAction::Hexside {
                hex: l,
                dir: nearest_side(h, p),
                feature: st.feature,
                on: None,
            }));
        }
        Tool::Route => st.route_path = vec![h],
        Tool::EraseRoute => {
            cmds.write(EditorCmd::Apply(EditAction::EraseRoute {
                hex: l,
                kind: None,
            }));
        }
        Tool::Unit => unit_click(st, cmds, h, shift),
        Tool::Victory => {
            let there = st.ed.file.victory.iter().any(|v| v.hex == l);
            let a = if there {
                EditAction::RemoveVictory { hex: l }
            } else {
                EditAction::Victory(VictoryHexFile {
                    hex: l,
                    points: st.points,
                    name: None,
                    holder: st.holder.and_then(|i| st.ed.file.sides.get(i).cloned()),
                })
            };
            cmds.write(EditorCmd::Apply(a));
        }
        Tool::Align => {
            // The pixel of the scan under the pointer becomes the next alignment point.
            if let Some(px) = view::scan_pixel(st, p) {
                let i = st.align_next.min(1);
                let mut u = st.ed.file.underlay.clone().unwrap_or_else(|| {
                    crate::rules::scenario::UnderlayFile {
                        image: String::new(),
                        opacity: 0.5,
                        visible: true,
                        align: Vec::new(),
                    }
                });
                let point = crate::rules::scenario::AlignPoint {
                    hex: st.align_hex[i].clone(),
                    x: f64::from(px.x),
                    y: f64::from(px.y),
                };
                if u.align.len() > i {
                    u.align[i] = point;
                } else {
                    u.align.push(point);
                }
                st.align_next = (i + 1) % 2;
                cmds.write(EditorCmd::Apply(EditAction::Underlay(Some(u))));
            } else {
                say(
                    st,
                    "Load a map scan first (Map scan, in the left panel)",
                    true,
                );
            }
        }
    }
}

/// The route being dragged reaches the pointer's hex `h`: the hexes on the way join it (none
/// skipped when the pointer moves fast), and going back onto the previous hex takes the last
/// step back.
pub fn extend_route(path: &mut Vec<Coord>, h: Coord) {
    let Some(&last) = path.last() else {
        return;
    };
    if last == h {
        return;
    }
    for c in hex_line(last, h).into_iter().skip(1) {
        if path.len() >= 2 && path[path.len() - 2] == c {
            path.pop();
        } else {
            path.push(c);
        }
    }
}

/// A click of the current tool on hex `h` (its centre): what a press and release there do.
pub fn click_hex(st: &mut EditorState, cmds: &mut MessageWriter<EditorCmd>, h: Coord) {
    press(st, cmds, h, hex_to_world(h), false);
    release(st, cmds);
}

fn drag(st: &mut EditorState, cmds: &mut MessageWriter<EditorCmd>, h: Coord) {
    match st.tool {
        Tool::Terrain | Tool::Elevation => {
            let Some(last) = st.stroke_last else { return };
            if last == h {
                return;
            }
            let hexes: Vec<String> = hex_line(last, h)
                .into_iter()
                .skip(1)
                .map(|c| label(st, c))
                .collect();
            if let Some(a) = brush(st, hexes) {
                cmds.write(EditorCmd::Apply(a));
            }
            st.stroke_last = Some(h);
        }
        Tool::Route => extend_route(&mut st.route_path, h),
        _ => {}
    }
}

fn release(st: &mut EditorState, cmds: &mut MessageWriter<EditorCmd>) {
    match st.tool {
        Tool::Terrain | Tool::Elevation => {
            cmds.write(EditorCmd::EndStroke);
            st.stroke_last = None;
        }
        Tool::Route => {
            let path = std::mem::take(&mut st.route_path);
            if path.len() >= 2 {
                let hexes = path.iter().map(|c| label(st, *c)).collect();
                cmds.write(EditorCmd::Apply(EditAction::Route {
                    kind: st.route,
                    hexes,
                }));
            }
        }
        _ => {}
    }
}

/// Units tool: a click on a unit chooses it (the next click on the stack, the next unit);
/// Shift-click moves the chosen unit; a click on an empty hex places a new unit.
fn unit_click(st: &mut EditorState, cmds: &mut MessageWriter<EditorCmd>, h: Coord, shift: bool) {
    let l = label(st, h);
    if shift && let Some(id) = st.selected.clone() {
        cmds.write(EditorCmd::Apply(EditAction::MoveUnit { id, hex: l }));
        return;
    }
    let here: Vec<String> = st
        .ed
        .file
        .units
        .iter()
        .filter(|u| u.hex == l)
        .map(|u| u.id.clone())
        .collect();
    if !here.is_empty() {
        let next = match st
            .selected
            .as_ref()
            .and_then(|s| here.iter().position(|x| x == s))
        {
            Some(i) => here[(i + 1) % here.len()].clone(),
            None => here[0].clone(),
        };
        st.selected = Some(next);
        return;
    }
    let side = st.ed.file.sides.get(st.side).cloned().unwrap_or_default();
    let prefix: String = side
        .chars()
        .filter(|c| c.is_alphanumeric())
        .take(3)
        .collect::<String>()
        .to_lowercase();
    let mut n = st.ed.file.units.len() + 1;
    let id = loop {
        let id = format!("{prefix}-{n}");
        if !st.ed.file.units.iter().any(|u| u.id == id) {
            break id;
        }
        n += 1;
    };
    let leader = st.kind == UnitKind::Leader;
    let u = UnitFile {
        id: id.clone(),
        name: format!("{side} {}", n),
        side,
        kind: st.kind,
        hex: l,
        strength: Some(crate::rules::scenario::StrengthFile::Organized(if leader {
            0.0
        } else {
            1.0
        })),
        ..UnitFile::blank()
    };
    cmds.write(EditorCmd::Apply(EditAction::Unit(Box::new(u))));
}

/// Keys of the editor.
#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    st: Option<ResMut<EditorState>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    mut cmds: MessageWriter<EditorCmd>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(mut st) = st else { return };
    // Only a text field takes the keys (a clicked button keeps egui's focus but not the keys).
    if st.typing {
        return;
    }
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let just = |k: KeyCode| keys.just_pressed(k);
    if ctrl {
        if just(KeyCode::KeyZ) && shift || just(KeyCode::KeyY) {
            cmds.write(EditorCmd::Redo);
        } else if just(KeyCode::KeyZ) {
            cmds.write(EditorCmd::Undo);
        } else if just(KeyCode::KeyS) {
            cmds.write(EditorCmd::Save);
        } else if just(KeyCode::KeyC) {
            let u = st
                .selected
                .as_ref()
                .and_then(|id| st.ed.file.units.iter().find(|u| &u.id == id).cloned());
            if let Some(u) = u {
                say(&mut st, format!("Copied {}", u.id), false);
                st.clipboard = Some(u);
            }
        } else if just(KeyCode::KeyV)
            && let (Some(u), Some(h)) = (st.clipboard.clone(), st.hover)
        {
            let mut n = 2;
            let new_id = loop {
                let id = format!("{}-{n}", u.id);
                if !st.ed.file.units.iter().any(|x| x.id == id) {
                    break id;
                }
                n += 1;
            };
            if st.ed.file.units.iter().any(|x| x.id == u.id) {
                cmds.write(EditorCmd::Apply(EditAction::CopyUnit {
                    id: u.id.clone(),
                    new_id,
                    hex: label(&st, h),
                }));
            } else {
                let mut u = u;
                u.hex = label(&st, h);
                cmds.write(EditorCmd::Apply(EditAction::Unit(Box::new(u))));
            }
        }
        return;
    }
    let tool = [
        (KeyCode::KeyT, Tool::Terrain),
        (KeyCode::KeyF, Tool::Fill),
        (KeyCode::KeyH, Tool::Hexside),
        (KeyCode::KeyR, Tool::Route),
        (KeyCode::KeyX, Tool::EraseRoute),
        (KeyCode::KeyE, Tool::Elevation),
        (KeyCode::KeyU, Tool::Unit),
        (KeyCode::KeyV, Tool::Victory),
    ]
    .into_iter()
    .find(|(k, _)| just(*k));
    if let Some((_, t)) = tool {
        st.tool = t;
    }
    if (just(KeyCode::Delete) || just(KeyCode::Backspace))
        && let Some(id) = st.selected.clone()
    {
        cmds.write(EditorCmd::Apply(EditAction::RemoveUnit { id }));
    }
    if just(KeyCode::Escape) {
        if st.selected.is_some() {
            st.selected = None;
        } else {
            cmds.write(EditorCmd::Exit);
        }
    }
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let scale = match &*proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut pan = Vec2::ZERO;
    for (k, d) in [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::KeyW, Vec2::Y),
        (KeyCode::ArrowDown, -Vec2::Y),
        (KeyCode::KeyS, -Vec2::Y),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::KeyD, Vec2::X),
        (KeyCode::ArrowLeft, -Vec2::X),
        (KeyCode::KeyA, -Vec2::X),
    ] {
        if keys.pressed(k) {
            pan += d;
        }
    }
    if pan != Vec2::ZERO {
        let d = pan.normalize() * 700.0 * scale * time.delta_secs().min(0.1);
        t.translation.x += d.x;
        t.translation.y += d.y;
        redraw.write(bevy::window::RequestRedraw);
    }
    if let Projection::Orthographic(o) = &mut *proj {
        if just(KeyCode::Equal) || just(KeyCode::NumpadAdd) {
            o.scale = (o.scale / 1.25).clamp(MIN_ZOOM, MAX_ZOOM);
        }
        if just(KeyCode::Minus) || just(KeyCode::NumpadSubtract) {
            o.scale = (o.scale * 1.25).clamp(MIN_ZOOM, MAX_ZOOM);
        }
    }
}
