//! The Bevy desktop client: a set of plugins, one per concern (map, units, overlays, input,
//! panels, animation, automation for tests). The authoritative game state is one resource
//! ([`core::Play`]); entities are its view. The client holds no rules of its own: every number
//! it shows comes from `crate::rules`.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::winit::WinitSettings;

use crate::rules::registry::RulesOverrides;

pub mod anim;
pub mod art;
pub mod autotest;
pub mod backdrop;
pub mod core;
pub mod draw;
pub mod editor;
pub mod input;
pub mod layout;
pub mod map;
pub mod measure;
pub mod moves;
pub mod online;
pub mod opponent;
pub mod overlays;
pub mod pbem;
pub mod save;
pub mod state;
pub mod terrain;
pub mod threats;
pub mod thumbnail;
pub mod turn;
pub mod ui;
pub mod units;

use self::state::{Mode, Seat, Settings};

/// What the command line asks of the client.
#[derive(Clone, Debug, Default)]
pub struct ClientOptions {
    pub scenario: Option<PathBuf>,
    pub rules: RulesOverrides,
    pub hotseat: bool,
    /// See [`state::Settings::handover_phases_only`].
    pub handover_phases_only: bool,
    pub seed: Option<u64>,
    /// Start on the main menu instead of the default scenario.
    pub menu: bool,
    /// Open the scenario editor on this file (a blank scenario if it does not exist yet).
    pub edit: Option<PathBuf>,
    /// Free movement: costs shown, nothing refused.
    pub free_movement: bool,
    /// Who plays each side (`human`, `ai`, `ai1`, `ai2`, `random`, `greedy`), in the scenario's
    /// side order; empty: both human.
    pub sides: Vec<String>,
    /// Open this turn file (play by e-mail) instead of a scenario.
    pub turn: Option<PathBuf>,
    /// Play this seat of an online game (its code) instead of a scenario.
    pub online: Option<String>,
    pub autotest: autotest::Script,
}

/// The logic plugins only (no window, no rendering): what headless tests run.
pub fn logic(app: &mut App) {
    app.add_plugins((
        core::plugin,
        moves::logic,
        opponent::plugin,
        pbem::plugin,
        online::plugin,
        editor::logic,
        threats::logic,
    ));
}

/// The app draws on input and during animations only. After any change of what is shown it
/// draws a few more frames, so that work finished a frame later (a map built, images uploaded,
/// counters respawned, panels resized) reaches the screen.
#[allow(clippy::too_many_arguments)]
fn settle(
    play: Res<state::Play>,
    sel: Res<state::Selection>,
    preview: Res<state::Preview>,
    overlays: Res<state::Overlays>,
    handover: Res<state::HandOver>,
    briefing: Res<state::Briefing>,
    state: Res<State<state::Screen>>,
    mut left: Local<u32>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let changed = play.is_changed()
        || sel.is_changed()
        || preview.is_changed()
        || overlays.is_changed()
        || handover.is_changed()
        || briefing.is_changed()
        || state.is_changed();
    if changed {
        *left = 6;
    }
    if *left > 0 {
        *left -= 1;
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Build the whole client on an app that has `DefaultPlugins`.
pub fn client(app: &mut App) {
    app.add_systems(Last, settle);
    // egui draws on its own camera over the whole window ([`input`] spawns it), not on the
    // map camera, whose viewport is the space between the panels.
    app.insert_resource(bevy_egui::EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    });
    app.add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins((
            logic,
            draw::plugin,
            input::plugin,
            map::plugin,
            backdrop::plugin,
            units::plugin,
            art::plugin,
            overlays::plugin,
            threats::plugin,
            moves::plugin,
            anim::plugin,
            editor::plugin,
            ui::plugin,
            pbem::window_input,
        ));
}

/// Who plays each side, from `--sides`.
pub fn parse_seats(sides: &[String]) -> Result<[Seat; 2], String> {
    match sides {
        [] => Ok([Seat::Human; 2]),
        [a, b] => Ok([
            Seat::parse(a).map_err(|e| format!("--sides: {e}"))?,
            Seat::parse(b).map_err(|e| format!("--sides: {e}"))?,
        ]),
        _ => Err(format!(
            "--sides: give one player per side, e.g. human,ai (not {})",
            sides.len()
        )),
    }
}

/// Open the window and play. An error is a message for the player (the window did not open,
/// or a scripted run failed).
pub fn run(opts: ClientOptions) -> Result<ExitCode, String> {
    let seats = parse_seats(&opts.sides)?;
    // A file to edit must at least be RON of a scenario's shape (its other problems are the
    // editor's to list); refuse it before a window opens.
    if let Some(p) = opts.edit.as_ref().filter(|p| p.exists()) {
        crate::editor::Editor::open(p)?;
    }
    // Refuse a bad scenario or rules file before a window opens.
    if let Some(p) = &opts.scenario {
        let sc = crate::rules::registry::load_scenario(p).map_err(|e| e.to_string())?;
        if opts.edit.is_none() {
            sc.playable()
                .map_err(|e| format!("{}: {e} (`musket edit {}`)", p.display(), p.display()))?;
        }
        crate::rules::registry::for_scenario(&sc, &opts.rules)
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    // Refuse an online game this machine keeps no seat of before a window opens.
    if let Some(code) = &opts.online {
        let dir = crate::online::client::data_dir(None);
        if crate::online::client::load_seat(&dir, code)?.is_none() {
            return Err(format!(
                "no seat of online game {code} is kept in {} (host or join it first: `musket online join {code} --server URL`)",
                dir.display()
            ));
        }
    }
    // Refuse a turn file that does not verify before a window opens.
    if let Some(p) = &opts.turn {
        crate::rules::pbem::verify_file(p, &opts.rules).map_err(|e| e.to_string())?;
    }
    let started = std::time::Instant::now();
    let mut app = App::new();
    let title = "Musket".to_string();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: (1280, 720).into(),
                    // Timing runs measure the frame's cost, not the display's refresh rate.
                    present_mode: if opts.autotest.frames.is_some() {
                        bevy::window::PresentMode::AutoNoVsync
                    } else {
                        bevy::window::PresentMode::AutoVsync
                    },
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn,winit=error".into(),
                ..default()
            }),
    );
    // Turn-based: redraw on input and during animations only (near 0% CPU when idle).
    app.insert_resource(WinitSettings::desktop_app());
    let scenario_dirs = default_scenario_dirs();
    app.insert_resource(Settings {
        rules: opts.rules.clone(),
        data_dir: None,
        scenario_dirs,
        seed: opts.seed,
        free_movement: opts.free_movement,
        seats,
        handover_phases_only: opts.handover_phases_only,
    });
    if opts.autotest.empty_window {
        app.add_plugins(autotest::plugin(opts.autotest.clone(), started));
        app.add_systems(Startup, |mut c: Commands| {
            c.spawn((Camera2d, Msaa::Off));
        });
        app.run();
        return Ok(ExitCode::SUCCESS);
    }
    app.add_plugins((client, trace_frames));
    app.add_plugins(autotest::plugin(opts.autotest.clone(), started));
    open_first(&mut app, &opts);
    let exit = app.run();
    match exit {
        AppExit::Success => Ok(ExitCode::SUCCESS),
        AppExit::Error(_) => Err(autotest::failure_message()),
    }
}

/// What the window opens on: the editor (`--edit`), a turn file (`--turn`), the menu (`--menu`,
/// with the scenario named chosen there) or a game of the scenario named (else the default).
fn open_first(app: &mut App, opts: &ClientOptions) {
    if let Some(p) = opts.edit.clone() {
        app.add_systems(Startup, move |world: &mut World| {
            core::handle(
                world,
                state::Action::Edit(Some(state::Source::File(p.clone()))),
            );
        });
    } else if let Some(code) = opts.online.clone() {
        app.add_systems(Startup, move |world: &mut World| {
            if let Err(e) = online::open(world, &code) {
                error!("{e}");
                state::notice(world, e, true);
            }
        });
    } else if let Some(p) = opts.turn.clone() {
        app.add_systems(Startup, move |mut out: MessageWriter<state::TurnAction>| {
            out.write(state::TurnAction::Open(p.clone()));
        });
    } else if opts.menu {
        // `--menu FILE`: the menu opens with that scenario chosen.
        app.world_mut()
            .resource_mut::<ui::MenuState>()
            .choose
            .clone_from(&opts.scenario);
    } else {
        let mode = if opts.hotseat {
            Mode::HotSeat
        } else {
            Mode::Solitaire
        };
        let scenario = opts.scenario.clone();
        app.add_systems(Startup, move |world: &mut World| {
            if let Err(e) = core::start_from_args(world, scenario.clone(), mode) {
                error!("{e}");
            }
        });
    }
}

/// Scenario folders scanned by the menu besides the built-in scenarios: `./scenarios`.
pub fn default_scenario_dirs() -> Vec<PathBuf> {
    vec![PathBuf::from("scenarios")]
}

/// Debug aid: `MUSKET_TRACE_FRAMES=1` logs the frame rate and who asked for redraws.
pub fn trace_frames(app: &mut App) {
    if std::env::var_os("MUSKET_TRACE_FRAMES").is_none() {
        return;
    }
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        |mut c: bevy_egui::EguiContexts| {
            if let Ok(ctx) = c.ctx_mut() {
                let causes = ctx.repaint_causes();
                if !causes.is_empty() {
                    let events = ctx.input(|i| i.events.clone());
                    info!("egui repaint causes: {causes:?}; events {events:?}");
                }
            }
        },
    );
    app.add_systems(
        Last,
        |mut n: Local<(u32, f64)>,
         time: Res<Time<Real>>,
         mut r: MessageReader<bevy::window::RequestRedraw>| {
            let redraws = r.read().count();
            n.0 += 1;
            let now = time.elapsed_secs_f64();
            if redraws > 0 {
                info!("frame {} at {now:.2}s: {redraws} redraw request(s)", n.0);
            }
            if now - n.1 > 1.0 {
                info!("{} frames so far", n.0);
                n.1 = now;
            }
        },
    );
}
