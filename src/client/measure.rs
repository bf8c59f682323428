//! Measuring the game's own systems without a window: the logic, the counters, the overlays
//! and the animation timing run under `MinimalPlugins` (with asset storage) while a scripted
//! player moves the pointer every frame, chooses stacks and previews attacks. Rendering and
//! egui are left out: this is the time the game itself adds to a frame.
//! `musket measure-systems [SCENARIO] --frames N` prints the timings as JSON;
//! `musket measure-systems --editor 100x100 --frames N` times the scenario editor's systems
//! while a brush stroke paints one hex a frame.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::core::start_game;
use super::state::{Action, Mode, Play, Settings, Source};
use crate::rules::registry::RulesOverrides;

/// An app without a window, with the asset storage and the art handles the views need.
fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()));
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>();
    app.add_message::<bevy::window::RequestRedraw>();
    app.insert_resource(super::map::Art {
        terrain: Handle::default(),
        symbols: Handle::default(),
    });
    app
}

/// Frame times (ms) as `frames`, `mean_ms`, `median_ms`, `p90_ms`, `max_ms`.
fn stats(times: &[f64]) -> serde_json::Map<String, serde_json::Value> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len().max(1);
    let at = |i: usize| sorted.get(i.min(n - 1)).copied().unwrap_or(0.0);
    let serde_json::Value::Object(m) = serde_json::json!({
        "frames": sorted.len(),
        "mean_ms": times.iter().sum::<f64>() / n as f64,
        "median_ms": at(n / 2),
        "p90_ms": at(n * 9 / 10),
        "max_ms": at(n - 1),
    }) else {
        unreachable!("a JSON object literal")
    };
    m
}

pub fn measure_systems(
    scenario: Option<PathBuf>,
    frames: u32,
    rules: RulesOverrides,
) -> Result<serde_json::Value, String> {
    let mut app = headless_app();
    app.insert_resource(Settings {
        rules,
        seed: Some(1),
        data_dir: Some(std::env::temp_dir().join("musket-measure")),
        ..default()
    });
    app.add_plugins((
        super::logic,
        super::draw::plugin,
        super::units::plugin,
        super::overlays::plugin,
        super::anim::plugin,
    ));
    app.update();
    let source = match scenario {
        Some(p) => Source::File(p),
        None => Source::Builtin("south-mountain.ron"),
    };
    start_game(app.world_mut(), source, Mode::Solitaire, false)?;
    // Both ZOC overlays on: the heaviest display.
    for s in 0..2 {
        app.world_mut().write_message(Action::ToggleZoc(s));
    }
    app.update();
    app.update();

    // A scripted player: the pointer sweeps the map; every 20 frames a stack of the side to
    // play is chosen and an adjacent enemy hex previewed.
    let (coords, stacks): (Vec<_>, Vec<_>) = {
        let g = app.world().resource::<Play>().game().ok_or("no game")?;
        let coords: Vec<_> = g.map().coords().collect();
        let mut stacks = Vec::new();
        for c in &coords {
            if g.side_at(*c) == Some(g.active_side)
                && let Some(t) = c
                    .neighbors()
                    .into_iter()
                    .find(|n| g.side_at(*n).is_some_and(|s| s != g.active_side))
            {
                stacks.push((*c, t));
            }
        }
        (coords, stacks)
    };
    if stacks.is_empty() {
        return Err("the scenario has no attack to preview on its first turn".into());
    }
    let mut times = Vec::with_capacity(frames as usize);
    for i in 0..frames as usize {
        let w = app.world_mut();
        w.write_message(Action::Hover(Some(coords[(i * 7) % coords.len()])));
        if i % 20 == 0 {
            let (own, enemy) = stacks[(i / 20) % stacks.len()];
            w.write_message(Action::Click {
                hex: own,
                add: false,
            });
            w.write_message(Action::Click {
                hex: enemy,
                add: false,
            });
        }
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let (units, hexes) = {
        let g = app.world().resource::<Play>().game().ok_or("no game")?;
        (g.units.len(), g.map().len())
    };
    let mut out = stats(&times);
    out.insert("units".into(), units.into());
    out.insert("hexes".into(), hexes.into());
    Ok(serde_json::Value::Object(out))
}

/// The scenario editor's own systems (commands, live checks, tiles, hexsides and routes,
/// units, cursor) on a blank `columns` x `rows` map while a brush stroke paints a new hex every
/// frame and the pointer moves with it: the time per frame and how many tiles each frame
/// redrew.
pub fn measure_editor(columns: i64, rows: i64, frames: u32) -> Result<serde_json::Value, String> {
    use super::editor::{EditorCmd, EditorState};
    use crate::editor::EditAction;
    let mut app = headless_app();
    app.add_plugins((
        super::logic,
        super::draw::plugin,
        super::editor::view::plugin,
    ));
    app.update();
    let mut file = super::editor::blank();
    file.map.columns = columns;
    file.map.rows = rows;
    file.map.terrain = vec!["c".repeat(columns as usize); rows as usize];
    app.world_mut()
        .insert_resource(EditorState::new(file, std::env::temp_dir().join("m.ron")));
    app.world_mut()
        .resource_mut::<NextState<super::state::Screen>>()
        .set(super::state::Screen::Editor);
    app.update();
    app.update();
    let width = crate::rules::map::label_width(columns as u32, rows as u32);
    app.world_mut().write_message(EditorCmd::BeginStroke);
    let mut times = Vec::with_capacity(frames as usize);
    let mut tiles = Vec::with_capacity(frames as usize);
    for i in 0..frames as i64 {
        // A stroke sweeping the map row by row, a hex a frame, alternating letters.
        let c = crate::rules::hex::Coord::new(
            (i % columns) as i32 + 1,
            ((i / columns) % rows) as i32 + 1,
        );
        let letter = if (i / (columns * rows)) % 2 == 0 {
            'w'
        } else {
            'c'
        };
        let w = app.world_mut();
        w.resource_mut::<EditorState>().hover = Some(c);
        w.write_message(EditorCmd::Apply(EditAction::Paint {
            terrain: letter,
            hexes: vec![c.label(width)],
        }));
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        tiles.push(
            app.world()
                .resource::<super::editor::view::EditorView>()
                .last_tiles_updated,
        );
    }
    app.world_mut().write_message(EditorCmd::EndStroke);
    app.update();
    let steps = app.world().resource::<EditorState>().ed.history().0.len();
    let mut out = stats(&times);
    out.insert("map".into(), format!("{columns}x{rows}").into());
    out.insert(
        "tiles_redrawn_per_frame_max".into(),
        tiles.iter().max().copied().unwrap_or(0).into(),
    );
    out.insert("undo_steps_for_the_stroke".into(), steps.into());
    Ok(serde_json::Value::Object(out))
}
