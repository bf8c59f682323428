//! Driving the real client from the command line, for the window test and for measurements:
//! click given hexes, take a screenshot and exit; or run continuously for a number of frames
//! and report frame times and start-up time as JSON.
//!
//! `musket [SCENARIO] --click 0302 --click 0303 --screenshot shot.png` clicks the hexes (the
//! first chooses a stack, the next ones add stacks or pick the target), waits for the frame to
//! settle, writes the screenshot and exits. `--frames N --report out.json` measures N frames
//! after a warm-up; `--empty-window` measures an empty window the same way, for comparison.
//!
//! With `--menu` (and a scenario file to choose there) the run is ready once the menu has
//! listed the scenarios: `musket --menu FILE --screenshot menu.png` shows the menu.
//!
//! In the scenario editor (`musket --edit FILE`), clicks name a tool: `paint:w:0303` paints
//! woods, `fill:s:0101` fills, `unit:1:0505` places a unit of the second side, `victory:0606`
//! adds a victory hex; after the clicks the file is saved (Ctrl+S), then the screenshot taken.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::winit::WinitSettings;

use super::map::BuiltFor;
use super::state::{Action, Play};
use super::units::Counter;
use crate::rules::game::Game;

#[derive(Clone, Debug, Default)]
pub struct Script {
    /// Hex labels to click, in order (ctrl-click after the first own stack).
    pub clicks: Vec<String>,
    pub screenshot: Option<PathBuf>,
    /// Frames to measure.
    pub frames: Option<u32>,
    pub report: Option<PathBuf>,
    pub empty_window: bool,
    /// Roll the previewed attack after the clicks.
    pub confirm: bool,
    /// Activate the selected leader after the clicks (GCACW's action phase).
    pub activate: bool,
    /// Switch the danger overlay on after the clicks.
    pub danger: bool,
    /// Frames to wait after the clicks before the screenshot (default 40).
    pub shot_after: Option<u32>,
    /// Phases to end before the clicks (GCACW's leader-transfer phases).
    pub end_phases: u32,
    /// The window opens on the menu (`--menu`): ready once it has listed the scenarios.
    pub menu: bool,
}

impl Script {
    pub fn is_active(&self) -> bool {
        !self.clicks.is_empty()
            || self.screenshot.is_some()
            || self.frames.is_some()
            || self.empty_window
    }
}

static FAILURE: Mutex<String> = Mutex::new(String::new());

/// Why the automated run failed.
pub fn failure_message() -> String {
    let f = FAILURE.lock().map(|s| s.clone()).unwrap_or_default();
    if f.is_empty() {
        "the client stopped with an error".into()
    } else {
        f
    }
}

fn fail(msg: String, exit: &mut MessageWriter<AppExit>) {
    error!("{msg}");
    if let Ok(mut f) = FAILURE.lock() {
        *f = msg;
    }
    exit.write(AppExit::error());
}

#[derive(Resource)]
struct Run {
    script: Script,
    started: Instant,
    frame: u32,
    ready_at: Option<(u32, f64)>,
    clicked: bool,
    shot: bool,
    times: Vec<f64>,
    last: Option<Instant>,
    /// The backdrop's redraw count when the measured frames began.
    redraws_before: Option<u64>,
}

pub fn plugin(script: Script, started: Instant) -> impl Fn(&mut App) {
    move |app: &mut App| {
        if !script.is_active() {
            return;
        }
        if script.frames.is_some() || script.screenshot.is_some() {
            // Keep frames coming as fast as they can be made, focused or not: an automated run
            // has no input to wake the app (and under Xvfb the window has no focus).
            app.insert_resource(WinitSettings {
                focused_mode: bevy::winit::UpdateMode::Continuous,
                unfocused_mode: bevy::winit::UpdateMode::Continuous,
            });
        }
        app.insert_resource(Run {
            script: script.clone(),
            started,
            frame: 0,
            ready_at: None,
            clicked: false,
            shot: false,
            times: Vec::new(),
            last: None,
            redraws_before: None,
        });
        app.add_systems(Last, drive);
    }
}

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    mut run: ResMut<Run>,
    play: Option<Res<Play>>,
    built: Option<Res<BuiltFor>>,
    counters: Query<(), With<Counter>>,
    cams: Query<(), With<Camera>>,
    mut actions: Option<MessageWriter<Action>>,
    mut exit: MessageWriter<AppExit>,
    mut editor: EditorParts,
    menu: Option<Res<super::ui::MenuState>>,
    backdrop: Option<Res<super::backdrop::BackdropState>>,
) {
    run.frame += 1;
    let now = Instant::now();
    let frame = run.frame;
    // Ready: the first frame with the map and its counters (or, for an empty window, a camera).
    if run.ready_at.is_none() {
        let ready = if run.script.empty_window {
            !cams.is_empty()
        } else if editor.state.is_some() {
            editor.view.as_ref().is_some_and(|v| v.built())
        } else if run.script.menu {
            menu.as_ref().is_some_and(|m| m.scanned)
        } else {
            built.as_ref().is_some_and(|b| b.0.is_some()) && !counters.is_empty()
        };
        if ready {
            let ms = run.started.elapsed().as_secs_f64() * 1000.0;
            info!("first interactive frame after {ms:.0} ms");
            run.ready_at = Some((frame, ms));
        } else if frame > 2000 {
            fail(
                "the game did not become ready within 2000 frames".into(),
                &mut exit,
            );
        }
        return;
    }
    let (ready_frame, startup_ms) = run.ready_at.unwrap_or((0, 0.0));
    let since = frame - ready_frame;

    // In the editor with frames to measure: a brush stroke painting a hex a frame (the
    // pointer's work, without the pointer).
    if editor.state.is_some() && run.script.frames.is_some() && run.script.clicks.is_empty() {
        editor_stroke(since, &mut editor);
    }
    if !run.clicked && since >= 2 && editor.state.is_some() {
        run.clicked = true;
        if let Err(e) = editor_clicks(&run.script.clicks, &mut editor) {
            fail(e, &mut exit);
            return;
        }
    }
    if !run.clicked && since >= 2 {
        run.clicked = true;
        if let (Some(p), Some(w)) = (play.as_ref(), actions.as_mut())
            && let Some(g) = p.game()
            && let Err(e) = game_clicks(&run.script, g, w)
        {
            fail(e, &mut exit);
            return;
        }
    }

    // Measure frame times after a warm-up.
    if let Some(n) = run.script.frames {
        let redraws = backdrop.map_or(0, |b| b.redraws);
        let at = (now, redraws);
        if since > 30 && !measure(&mut run, n, at, startup_ms, play.as_deref(), &mut exit) {
            return;
        }
        if run.script.screenshot.is_none() {
            return;
        }
    }

    if let Some(path) = run.script.screenshot.clone() {
        screenshot(&mut commands, &mut run, path, since, &mut exit);
    }
}

/// The game's scripted clicks: the briefing closed, the phases to end, the hexes clicked
/// (an own stack after the first one is added), then the attack, activation and danger
/// overlay asked for. A hex label that does not parse stops them: the error.
fn game_clicks(script: &Script, g: &Game, w: &mut MessageWriter<Action>) -> Result<(), String> {
    w.write(Action::ShowBriefing(false));
    for _ in 0..script.end_phases {
        w.write(Action::EndPhase);
    }
    for (i, label) in script.clicks.clone().iter().enumerate() {
        match g.scenario.parse_hex(label) {
            Ok(hex) => {
                let own = g.side_at(hex) == Some(g.active_side);
                w.write(Action::Click {
                    hex,
                    add: i > 0 && own,
                });
                w.write(Action::Hover(Some(hex)));
            }
            Err(e) => {
                return Err(format!("--click {label}: {e}"));
            }
        }
    }
    if script.confirm {
        w.write(Action::ConfirmAttack);
    }
    if script.activate {
        w.write(Action::Activate);
    }
    if script.danger {
        w.write(Action::ToggleDanger);
    }
    Ok(())
}

/// One frame's time (`now`, and the backdrop's redraw count); once `n` are in, the report
/// (printed, and written where asked) and, with no screenshot to take, the exit. False when
/// the report could not be written.
fn measure(
    run: &mut Run,
    n: u32,
    (now, redraws): (Instant, u64),
    startup_ms: f64,
    play: Option<&Play>,
    exit: &mut MessageWriter<AppExit>,
) -> bool {
    if let Some(last) = run.last {
        run.times
            .push(now.duration_since(last).as_secs_f64() * 1000.0);
    }
    run.last = Some(now);
    let before = *run.redraws_before.get_or_insert(redraws);
    if run.times.len() as u32 >= n {
        let mut t = run.times.clone();
        t.sort_by(f64::total_cmp);
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        let median = t[t.len() / 2];
        let (units, hexes) = play
            .and_then(|p| p.game())
            .map_or((0, 0), |g| (g.units.len(), g.map().len()));
        let json = serde_json::json!({
            "frames": t.len(),
            "mean_ms": mean,
            "median_ms": median,
            "p90_ms": t[(t.len() * 9 / 10).min(t.len() - 1)],
            "startup_ms": startup_ms,
            "units": units,
            "hexes": hexes,
            "empty_window": run.script.empty_window,
            // Frames that drew the map's backdrop anew (0 when nothing on it changed).
            "backdrop_redraws": redraws - before,
        });
        let text = serde_json::to_string_pretty(&json).unwrap_or_default();
        println!("{text}");
        if let Some(p) = &run.script.report
            && let Err(e) = std::fs::write(p, &text)
        {
            fail(format!("{}: {e}", p.display()), exit);
            return false;
        }
        if run.script.screenshot.is_none() {
            exit.write(AppExit::Success);
        }
    }
    true
}

/// Once the preview has settled (and the frames are measured), the screenshot to `path`,
/// then the exit.
fn screenshot(
    commands: &mut Commands,
    run: &mut Run,
    path: PathBuf,
    since: u32,
    exit: &mut MessageWriter<AppExit>,
) {
    // Let the preview settle and the images upload; the dice animation is not running.
    let measured = run
        .script
        .frames
        .is_none_or(|n| run.times.len() as u32 >= n);
    if !run.shot && since >= run.script.shot_after.unwrap_or(40) && measured {
        run.shot = true;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        commands.spawn(Screenshot::primary_window()).observe(
            move |cap: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                save_to_disk(path.clone())(cap);
                exit.write(AppExit::Success);
            },
        );
    } else if since > 2000 {
        fail("the screenshot was not taken".into(), exit);
    }
}

/// What a scripted run of the editor needs.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EditorParts<'w> {
    state: Option<ResMut<'w, super::editor::EditorState>>,
    view: Option<Res<'w, super::editor::view::EditorView>>,
    /// None in an empty window (no editor there).
    cmds: Option<MessageWriter<'w, super::editor::EditorCmd>>,
}

/// The editor's scripted clicks (`paint:w:0303`, `fill:s:0101`, `unit:1:0505`,
/// `victory:0606`), each through the tool a player would use, then Save.
fn editor_clicks(clicks: &[String], ed: &mut EditorParts) -> Result<(), String> {
    use super::editor::{EditorCmd, Tool, click_hex};
    let (Some(st), Some(cmds)) = (ed.state.as_mut(), ed.cmds.as_mut()) else {
        return Ok(());
    };
    for c in clicks {
        let parts: Vec<&str> = c.split(':').collect();
        let (tool, arg, label) = match parts.as_slice() {
            [t, a, l] => (*t, Some(*a), *l),
            [t, l] => (*t, None, *l),
            _ => return Err(format!("--click {c}: in the editor, TOOL:[ARG:]CCRR")),
        };
        let hex = (st.ed.file.map.numbering())
            .parse(label)
            .map_err(|e| format!("--click {c}: {e}"))?;
        match (tool, arg) {
            ("paint", Some(a)) | ("fill", Some(a)) => {
                st.tool = if tool == "paint" {
                    Tool::Terrain
                } else {
                    Tool::Fill
                };
                st.terrain = a.chars().next().unwrap_or('c');
            }
            ("unit", Some(a)) => {
                st.tool = Tool::Unit;
                st.side = a.parse().map_err(|_| format!("--click {c}: side 0 or 1"))?;
            }
            ("victory", None) => st.tool = Tool::Victory,
            _ => return Err(format!("--click {c}: tools paint, fill, unit, victory")),
        }
        click_hex(st, cmds, hex);
    }
    cmds.write(EditorCmd::Save);
    Ok(())
}

/// Frame `i` of a scripted brush stroke over the whole map, row by row, woods then clear.
fn editor_stroke(i: u32, ed: &mut EditorParts) {
    use super::editor::EditorCmd;
    use crate::editor::EditAction;
    let (Some(st), Some(cmds)) = (ed.state.as_mut(), ed.cmds.as_mut()) else {
        return;
    };
    let (c, r) = (st.ed.file.map.columns.max(1), st.ed.file.map.rows.max(1));
    let i = i64::from(i);
    if i == 0 {
        cmds.write(EditorCmd::BeginStroke);
    }
    let n = st.ed.file.map.numbering();
    let hex = n.at((i % c) as i32 + 1, ((i / c) % r) as i32 + 1);
    let letter = if (i / (c * r)) % 2 == 0 { 'w' } else { 'c' };
    st.hover = Some(hex);
    cmds.write(EditorCmd::Apply(EditAction::Paint {
        terrain: letter,
        hexes: vec![n.label(hex)],
    }));
}
