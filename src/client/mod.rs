//! The Bevy desktop client: a set of plugins, one per concern. The authoritative game state is
//! one resource ([`GameState`]); entities are its view.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::WinitSettings;

use crate::cli::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Failure};
use crate::rules::ruleset::{RulesOverrides, for_id};
use crate::rules::scenario;
use crate::rules::session::Session;

pub mod map;

/// The game being played: the only authoritative state the client holds.
#[derive(Resource)]
pub struct GameState(pub Session);

/// Load the scenario (or the built-in default) and open the window.
pub fn run(scenario_path: Option<PathBuf>, ov: RulesOverrides) -> Result<ExitCode, Failure> {
    let sc = match &scenario_path {
        Some(p) => scenario::load(p)?,
        None => scenario::parse(
            DEFAULT_SCENARIO,
            std::path::Path::new(DEFAULT_SCENARIO_NAME),
        )?,
    };
    let rules = for_id(&sc.ruleset, &ov)?;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(1);
    let session = Session::new(Arc::new(sc), rules, seed);
    let title = format!("Musket - {}", session.game.scenario.title);
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title,
                resolution: (1280, 720).into(),
                ..default()
            }),
            ..default()
        }))
        // Turn-based: redraw on input only (near 0% CPU when idle).
        .insert_resource(WinitSettings::desktop_app())
        .insert_resource(GameState(session))
        .add_plugins(map::plugin)
        .run();
    Ok(ExitCode::SUCCESS)
}
