//! The scenario editor screen's logic, headless (`MinimalPlugins`): the menu opens it on a
//! scenario or a blank map, its commands edit, undo and redo, its live checks follow every
//! change, saving refuses a file that would not load, "Save and play" starts the game on the
//! saved file, Esc goes back to the menu.
#![cfg(feature = "client")]

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{Action, Play, Screen, Settings, Source};
use musket::client::editor::{EditorCmd, EditorState};
use musket::editor::EditAction;
use musket::rules::map::Terrain;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(std::env::temp_dir().join(format!("musket-ed-{}", std::process::id()))),
        seed: Some(3),
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.update();
    app
}

fn send(app: &mut App, c: EditorCmd) {
    app.world_mut().write_message(c);
    app.update();
}

fn act(text: &str) -> EditorCmd {
    EditorCmd::Apply(musket::rules::scenario::from_ron(text).unwrap())
}

fn st(app: &App) -> &EditorState {
    app.world().resource::<EditorState>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_editor_edits_checks_saves_and_plays() {
    let mut app = app();
    app.world_mut()
        .write_message(Action::Edit(Some(Source::Builtin("foxs-gap.ron"))));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Editor);
    assert_eq!(st(&app).ed.file.title, "Fox's Gap, 14 September 1862");
    assert!(st(&app).problems.is_empty());
    // A stroke of three hexes: one undo step.
    send(&mut app, EditorCmd::BeginStroke);
    for h in ["0101", "0102", "0103"] {
        send(
            &mut app,
            act(&format!(r#"Paint(terrain: 's', hexes: ["{h}"])"#)),
        );
    }
    send(&mut app, EditorCmd::EndStroke);
    assert!(st(&app).unsaved());
    assert_eq!(st(&app).ed.history().0, vec!["Paint"]);
    // A refused edit: the notice says why, nothing changes.
    let before = st(&app).ed.file.clone();
    send(
        &mut app,
        act(r#"UnitField(id: "usa-cox", field: "morale", value: "3")"#),
    );
    let (msg, err) = st(&app).notice.clone().unwrap();
    assert!(err && msg.contains("does not use this field"), "{msg}");
    assert_eq!(st(&app).ed.file, before);
    // The live checks follow the file: a change of ruleset that leaves letters it does not
    // know is listed, and saving is refused.
    send(&mut app, act(r#"Ruleset("shiloh")"#));
    assert!(!st(&app).problems.is_empty());
    let dir = std::env::temp_dir().join(format!("musket-ed-save-{}", std::process::id()));
    let path = dir.join("mine.ron");
    // A run of the same process id before may have left one (temporary folders are shared).
    let _ = std::fs::remove_file(&path);
    app.world_mut().resource_mut::<EditorState>().path = path.clone();
    send(&mut app, EditorCmd::Save);
    assert!(!path.exists());
    assert!(st(&app).notice.as_ref().unwrap().1);
    send(&mut app, EditorCmd::Undo);
    assert!(st(&app).problems.is_empty());
    send(&mut app, EditorCmd::Redo);
    assert!(!st(&app).problems.is_empty());
    send(&mut app, EditorCmd::Undo);
    // Save and play: the game starts on the saved file, with the edit in it.
    send(&mut app, EditorCmd::Play);
    app.update();
    app.update();
    assert!(path.exists());
    assert_eq!(screen(&app), Screen::Playing);
    let g = app.world().resource::<Play>().game().unwrap();
    let c = g.scenario.parse_hex("0102").unwrap();
    assert_eq!(g.map().terrain(c), Some(Terrain::Swamp));
    assert!(app.world().get_resource::<EditorState>().is_none());
}

#[test]
fn a_new_scenario_starts_blank_and_esc_goes_back_to_the_menu() {
    let mut app = app();
    app.world_mut().write_message(Action::Edit(None));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Editor);
    let f = &st(&app).ed.file;
    assert_eq!((f.map.columns, f.map.rows), (20, 15));
    assert!(f.units.is_empty());
    // A unit placed through the editor's own unit action, then resized away: refused.
    send(
        &mut app,
        EditorCmd::Apply(EditAction::Unit(Box::new(
            musket::rules::scenario::UnitFile {
                id: "u".into(),
                name: "U".into(),
                side: "Union".into(),
                hex: "1812".into(),
                strength: Some(musket::rules::scenario::StrengthFile::Organized(2.0)),
                ..musket::rules::scenario::UnitFile::blank()
            },
        ))),
    );
    assert_eq!(st(&app).selected.as_deref(), Some("u"));
    send(&mut app, act(r#"Resize(columns: 10, rows: 10, fill: 'c')"#));
    let (msg, _) = st(&app).notice.clone().unwrap();
    assert!(msg.contains("unit u at 1812 would fall off"), "{msg}");
    send(&mut app, EditorCmd::Exit);
    app.update();
    assert_eq!(screen(&app), Screen::Menu);
}

// Issue 11: "routes drawn by dragging from hex to hex": the hexes the pointer passes join the
// route, none skipped when it moves fast, and dragging back shortens it; the result is a
// chain of adjacent hexes the Route action takes.
#[test]
fn a_route_drag_is_a_chain_of_adjacent_hexes() {
    use musket::client::editor::extend_route;
    use musket::rules::hex::Coord;
    let mut path = vec![Coord::new(1, 1)];
    // A fast move from 0101 to 0601: every hex between joins.
    extend_route(&mut path, Coord::new(6, 1));
    assert_eq!(path.first(), Some(&Coord::new(1, 1)));
    assert_eq!(path.last(), Some(&Coord::new(6, 1)));
    assert!(path.windows(2).all(|w| w[0].is_adjacent(w[1])), "{path:?}");
    let n = path.len();
    // Back onto the previous hex: one step back.
    let prev = path[n - 2];
    extend_route(&mut path, prev);
    assert_eq!(path.len(), n - 1);
    // The same hex again: nothing.
    extend_route(&mut path, prev);
    assert_eq!(path.len(), n - 1);
}

// "hexside features toggled by clicking near a hex edge": the edge nearest the pointer.
#[test]
fn a_click_near_an_edge_picks_that_edge() {
    use musket::client::editor::nearest_side;
    use musket::client::layout::hex_to_world;
    use musket::rules::hex::{Coord, Dir, Orientation};
    for o in [Orientation::Flat, Orientation::Pointy] {
        let h = Coord::new(4, 4);
        let c = hex_to_world(o, h);
        for d in Dir::ALL {
            // A point two thirds of the way to the edge's middle, towards that neighbour.
            let n = hex_to_world(o, h.neighbor(d));
            let p = c + (n - c) * 0.33;
            assert_eq!(nearest_side(o, h, p), d, "{o:?} {d:?}");
        }
    }
}
