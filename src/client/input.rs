//! Mouse and keyboard: camera pan and zoom, clicks on hexes, shortcuts. Turns input into
//! [`Action`]s; holds no rules.
//!
//! Mouse: left click selects a stack, picks an enemy hex as the target, or moves the chosen
//! units to an empty hex; ctrl/shift-click adds a stack (grand assault); right click moves the
//! chosen units; drag with the right or middle button (or the left button on the map) pans;
//! the wheel zooms towards the pointer.
//! Keys: WASD / arrows pan, +/- zoom, Enter attack, E end turn (pass / end action), M march roll, F force march, C activate a leader, Ctrl+Z undo, Ctrl+S save,
//! Space plays the rest of the computer's turn without pausing,
//! Esc clear selection (again: menu), G grid, L labels, 1 / 2 ZOC of the first / second side,
//! Q cycles the attack type (default, march, assault, grand assault), B briefing, H / F1 legend.

use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::layout::{hex_to_world, world_to_hex};
use super::state::{Action, HandOver, Play, Screen, Selection};
use crate::rules::hex::Coord;

/// The map camera.
#[derive(Component)]
pub struct MapCamera;

/// Screen rectangles (logical pixels) covered by panels: the map ignores the pointer there.
#[derive(Resource, Default, Debug, Clone)]
pub struct UiRects(pub Vec<Rect>);

/// Pointer state between frames.
#[derive(Resource, Default)]
pub struct Pointer {
    /// Where a button went down and whether the pointer has moved far enough to be a drag.
    pressed_at: Option<(Vec2, MouseButton)>,
    dragging: bool,
    /// The last hex under the pointer.
    pub hex: Option<Coord>,
    /// The world position under the pointer.
    pub world: Option<Vec2>,
}

pub const MIN_ZOOM: f32 = 0.25;
pub const MAX_ZOOM: f32 = 8.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<UiRects>()
        .init_resource::<Pointer>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (keyboard, mouse)
                .chain()
                .run_if(in_state(Screen::Playing))
                .before(super::state::CoreSystems),
        )
        .add_systems(Update, centre_camera.run_if(in_state(Screen::Playing)))
        .add_systems(Update, map_viewport.before(mouse))
        .add_systems(
            Update,
            keep_map_centred
                .after(mouse)
                .after(keyboard)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            follow_computer
                .after(super::state::CoreSystems)
                .run_if(in_state(Screen::Playing)),
        );
}

/// Bring where the computer acts into view: a hex outside the middle of the map view pans the
/// camera to it.
fn follow_computer(
    play: Res<Play>,
    mut opp: ResMut<super::opponent::Opponent>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &Projection), With<MapCamera>>,
) {
    let Some(h) = opp.focus.take() else { return };
    let (Ok(w), Ok((mut t, proj))) = (window.single(), cam.single_mut()) else {
        return;
    };
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let p = hex_to_world(play.orientation(), h);
    // The middle 60% of the window (the panels take its sides).
    let half = Vec2::new(w.width(), w.height()) * scale * 0.3;
    let d = p - t.translation.truncate();
    if d.x.abs() > half.x || d.y.abs() > half.y {
        t.translation.x = p.x;
        t.translation.y = p.y;
    }
}

pub fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        MapCamera,
        // The panels' camera, drawn after it into the same intermediate texture, writes the
        // frame to the window: one copy to the window a frame, not two.
        Camera {
            output_mode: bevy::camera::CameraOutputMode::Skip,
            // Its frame starts from the backdrop's copy ([`super::backdrop`]).
            clear_color: ClearColorConfig::None,
            ..default()
        },
        super::backdrop::window_texture_usages(),
        super::backdrop::WantsBackdrop,
        // Software rendering: no multisampling halves the frame time.
        Msaa::Off,
        Transform::from_xyz(0.0, 0.0, 1000.0),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    // The panels' camera: the whole window, drawn after the map's, with egui and nothing else
    // (no render layer of the map's entities). The map camera draws only between the panels
    // ([`map_viewport`]), so the map's tiles, lines and counters are not drawn under them.
    commands.spawn((
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        super::backdrop::window_texture_usages(),
        Msaa::Off,
        bevy_egui::PrimaryEguiContext,
        super::backdrop::PanelsCamera,
        bevy::camera::visibility::RenderLayers::layer(31),
    ));
}

/// The part of the window the panels along its edges leave to the map (logical pixels): right
/// of those on the left edge, left of those on the right edge, below those along the top.
/// Floating windows (the legend, the briefing) do not count: the map goes on under them.
pub fn free_area(rects: &UiRects, window: Vec2) -> Rect {
    let (ww, wh) = (window.x, window.y);
    let mut free = Rect::new(0.0, 0.0, ww, wh);
    for r in &rects.0 {
        if r.height() > wh * 0.5 && r.min.x <= 1.0 {
            free.min.x = free.min.x.max(r.max.x);
        } else if r.height() > wh * 0.5 && r.max.x >= ww - 1.0 {
            free.max.x = free.max.x.min(r.min.x);
        } else if r.width() > ww * 0.5 && r.min.y <= 1.0 {
            free.min.y = free.min.y.max(r.max.y);
        }
    }
    free
}

/// The map camera's viewport and sub-view for the free area of a window (physical pixels):
/// the map is drawn only there, with the same world-to-screen mapping as over the whole
/// window (the sub-view of the full view), so panning, zooming and the pointer are unchanged.
pub fn map_view(
    free: Rect,
    window: Vec2,
    scale_factor: f32,
) -> Option<(bevy::camera::Viewport, bevy::camera::SubCameraView)> {
    let full = (window * scale_factor).round().as_uvec2();
    if full.x < 2 || full.y < 2 {
        return None;
    }
    let min = (free.min * scale_factor)
        .round()
        .as_uvec2()
        .min(full - UVec2::ONE);
    let max = (free.max * scale_factor).round().as_uvec2().min(full);
    let size = max.saturating_sub(min).max(UVec2::ONE);
    Some((
        bevy::camera::Viewport {
            physical_position: min,
            physical_size: size,
            ..default()
        },
        bevy::camera::SubCameraView {
            full_size: full,
            offset: min.as_vec2(),
            size,
        },
    ))
}

/// Keep the map camera's viewport on the free area between the panels as they open, close
/// and change width (the whole window on the menu, where no panel hides the map).
pub fn map_viewport(
    rects: Res<UiRects>,
    screen: Res<State<Screen>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<&mut Camera, With<MapCamera>>,
) {
    let (Ok(w), Ok(mut camera)) = (window.single(), cam.single_mut()) else {
        return;
    };
    let size = Vec2::new(w.width(), w.height());
    let view = match screen.get() {
        Screen::Playing | Screen::Editor => {
            map_view(free_area(&rects, size), size, w.scale_factor())
        }
        _ => None,
    };
    let (viewport, sub) = match view {
        Some((v, s)) => (Some(v), Some(s)),
        None => (None, None),
    };
    let same = |a: &Option<bevy::camera::Viewport>, b: &Option<bevy::camera::Viewport>| match (a, b)
    {
        (Some(a), Some(b)) => {
            a.physical_position == b.physical_position && a.physical_size == b.physical_size
        }
        (None, None) => true,
        _ => false,
    };
    if !same(&camera.viewport, &viewport) || camera.sub_camera_view != sub {
        camera.viewport = viewport;
        camera.sub_camera_view = sub;
    }
}

/// Centre the camera on the map and fit it in the space the panels leave, once per game
/// (after the first frame of panels, whose sizes it reads).
fn centre_camera(
    play: Res<Play>,
    rects: Res<UiRects>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut done_for: Local<Option<usize>>,
) {
    let Some(g) = play.game() else { return };
    let key = super::state::game_key(g);
    if *done_for == Some(key) || rects.0.is_empty() {
        return;
    }
    let (Ok((mut t, mut proj)), Ok(w)) = (cam.single_mut(), window.single()) else {
        return;
    };
    *done_for = Some(key);
    let (ww, wh) = (w.width(), w.height());
    let mut free = free_area(&rects, Vec2::new(ww, wh));
    // The stack inspector opens on the left when something is chosen: leave room for it.
    free.min.x = free.min.x.max(280.0);
    let (scale, at) = opening_view(g, free, Vec2::new(ww, wh));
    if let Projection::Orthographic(o) = &mut *proj {
        o.scale = scale;
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
}

/// Where the camera goes so that, along each axis on which the whole map fits in the free
/// area at zoom `scale`, the map is centred in the free area (not in the window, whose sides
/// the panels cover); along an axis on which it does not fit, the camera stays at `at`.
/// `lo`/`hi`: the map's corners in world units; `free` and `window` in logical pixels.
pub fn centred_view(lo: Vec2, hi: Vec2, free: Rect, window: Vec2, scale: f32, at: Vec2) -> Vec2 {
    let centre = (lo + hi) / 2.0;
    let span = (hi - lo) / scale.max(1e-6);
    // Screen offset of the free area's centre from the window's centre (y down on screen).
    let off = free.center() - window / 2.0;
    Vec2::new(
        if span.x <= free.width() {
            centre.x - off.x * scale
        } else {
            at.x
        },
        if span.y <= free.height() {
            centre.y + off.y * scale
        } else {
            at.y
        },
    )
}

/// The lowest and highest of the map's corner hexes' centres in world units (the corner hexes of
/// both column parities: even columns sit half a hex lower).
fn corner_centres(g: &crate::rules::game::Game) -> (Vec2, Vec2) {
    let map = g.map();
    let o = map.orientation();
    let (c, r) = (map.columns() as i32, map.rows() as i32);
    let corners = [(1, 1), (2.min(c), 1), (c, 1), (1, r), (2.min(c), r), (c, r)];
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for (col, row) in corners {
        let p = hex_to_world(o, Coord::new(col, row));
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo, hi)
}

/// The map's extent in world units: its corner hexes' centres, a hex's size around them.
pub fn map_bounds(g: &crate::rules::game::Game) -> (Vec2, Vec2) {
    let (lo, hi) = corner_centres(g);
    let pad = Vec2::splat(super::layout::HEX_SIZE);
    (lo - pad, hi + pad)
}

/// A map zoomed out to fit the free area stays centred between the panels, also when a panel
/// opens, closes or changes width.
fn keep_map_centred(
    play: Res<Play>,
    rects: Res<UiRects>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &Projection), With<MapCamera>>,
) {
    let Some(g) = play.game() else { return };
    if rects.0.is_empty() {
        return;
    }
    let (Ok(w), Ok((mut t, proj))) = (window.single(), cam.single_mut()) else {
        return;
    };
    let Projection::Orthographic(o) = proj else {
        return;
    };
    let size = Vec2::new(w.width(), w.height());
    let (lo, hi) = map_bounds(g);
    let at = t.translation.truncate();
    let to = centred_view(lo, hi, free_area(&rects, size), size, o.scale, at);
    if (to - at).length_squared() > 0.01 {
        t.translation.x = to.x;
        t.translation.y = to.y;
    }
}

/// The size, in screen pixels, the smallest text on a counter has at least when a game opens
/// (a counter's numbers are legible).
pub const LEGIBLE_PX: f32 = 10.0;

/// The largest zoom-out a game opens at: counters' smallest text stays [`LEGIBLE_PX`].
pub const OPENING_MAX_SCALE: f32 = super::layout::TEXT_SMALLEST / LEGIBLE_PX;

/// Where the camera opens on a game: the orthographic scale and the camera's position, given
/// the free area `free` of a window of size `window` (logical pixels). The whole map when it
/// fits at a legible zoom ([`OPENING_MAX_SCALE`]); otherwise that zoom, centred on the front
/// (the units of the side to move that are near the enemy) and kept over the map.
pub fn opening_view(g: &crate::rules::game::Game, free: Rect, window: Vec2) -> (f32, Vec2) {
    let (lo, hi) = corner_centres(g);
    let centre = (lo + hi) / 2.0;
    let span = (hi - lo) + Vec2::splat(180.0);
    let avail = free.size().max(Vec2::splat(200.0));
    let fit = (span.x / avail.x).max(span.y / avail.y);
    let scale = fit.clamp(MIN_ZOOM, OPENING_MAX_SCALE);
    let mut focus = centre;
    if fit > scale {
        focus = front(g).unwrap_or(centre);
        // Keep the view over the map: the free area's half-size in world units, less a margin.
        let half = free.size() * scale / 2.0;
        let margin = Vec2::splat(48.0);
        for (f, l, h, hs) in [
            (&mut focus.x, lo.x - margin.x, hi.x + margin.x, half.x),
            (&mut focus.y, lo.y - margin.y, hi.y + margin.y, half.y),
        ] {
            *f = if h - l <= 2.0 * hs {
                (l + h) / 2.0
            } else {
                f.clamp(l + hs, h - hs)
            };
        }
    }
    // Screen offset of the free area's centre from the window's centre.
    let off = free.center() - window / 2.0;
    (
        scale,
        Vec2::new(focus.x - off.x * scale, focus.y + off.y * scale),
    )
}

/// The middle of the front: the mean position of the side to move's units within two hexes of
/// an enemy unit; where none is, of its largest group (the units within [`GROUP_HEXES`] of
/// the unit with most of its side's units that near: two columns far apart open on one of
/// them, not on the empty ground between); `None` with no unit on the map.
fn front(g: &crate::rules::game::Game) -> Option<Vec2> {
    let on_map = |side_to_move: bool| {
        g.units.iter().filter(move |u| {
            u.on_map() && (u.side == g.active_side) == side_to_move && !u.is_leader()
        })
    };
    let enemies: Vec<Coord> = on_map(false).filter_map(|u| u.hex).collect();
    let own: Vec<Coord> = on_map(true).filter_map(|u| u.hex).collect();
    let near: Vec<Coord> = own
        .iter()
        .copied()
        .filter(|h| enemies.iter().any(|e| e.distance(*h) <= 2))
        .collect();
    let pick = if near.is_empty() {
        largest_group(&own)
    } else {
        near
    };
    if pick.is_empty() {
        return None;
    }
    let o = g.map().orientation();
    let sum = pick
        .iter()
        .fold(Vec2::ZERO, |acc, h| acc + hex_to_world(o, *h));
    Some(sum / pick.len() as f32)
}

/// How near (hexes) a side's units are to count as one group for the opening view.
const GROUP_HEXES: u32 = 6;

/// The hexes within [`GROUP_HEXES`] of the hex with most of `hexes` that near (the first on a
/// tie).
fn largest_group(hexes: &[Coord]) -> Vec<Coord> {
    let near = |a: Coord| -> Vec<Coord> {
        hexes
            .iter()
            .copied()
            .filter(|h| h.distance(a) <= GROUP_HEXES)
            .collect()
    };
    let mut best: Vec<Coord> = Vec::new();
    for &h in hexes {
        let group = near(h);
        if group.len() > best.len() {
            best = group;
        }
    }
    best
}

/// Whether the pointer at `pos` is over a panel (the map ignores it there).
pub fn over_ui(pos: Vec2, rects: &UiRects, egui: Option<&EguiWantsInput>) -> bool {
    rects.0.iter().any(|r| r.contains(pos)) || egui.is_some_and(|e| e.is_pointer_over_area())
}

/// The wheel zooms the map camera towards the pointer's world position `at`.
pub fn wheel_zoom(
    scroll: &AccumulatedMouseScroll,
    t: &mut Transform,
    proj: &mut Projection,
    at: Option<Vec2>,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let step = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y * 0.15,
        MouseScrollUnit::Pixel => scroll.delta.y * 0.004,
    };
    if let Projection::Orthographic(o) = proj {
        let old = o.scale;
        let new = (old * (1.0 - step).clamp(0.5, 1.5)).clamp(MIN_ZOOM, MAX_ZOOM);
        if let Some(p) = at {
            let moved = p + (t.translation.truncate() - p) * (new / old);
            t.translation.x = moved.x;
            t.translation.y = moved.y;
        }
        o.scale = new;
    }
}

/// WASD / arrows pan the map camera, +/- zoom it; true while it pans (frames must keep coming:
/// the app redraws on input only).
pub fn key_pan_zoom(
    keys: &ButtonInput<KeyCode>,
    dt: f32,
    t: &mut Transform,
    proj: &mut Projection,
) -> bool {
    let scale = match &*proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut pan = Vec2::ZERO;
    for (ks, d) in [
        ([KeyCode::KeyW, KeyCode::ArrowUp], Vec2::Y),
        ([KeyCode::KeyS, KeyCode::ArrowDown], -Vec2::Y),
        ([KeyCode::KeyD, KeyCode::ArrowRight], Vec2::X),
        ([KeyCode::KeyA, KeyCode::ArrowLeft], -Vec2::X),
    ] {
        if keys.any_pressed(ks) {
            pan += d;
        }
    }
    if pan != Vec2::ZERO {
        let d = pan.normalize() * 700.0 * scale * dt.min(0.1);
        t.translation.x += d.x;
        t.translation.y += d.y;
    }
    if let Projection::Orthographic(o) = proj {
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            o.scale = (o.scale / 1.25).clamp(MIN_ZOOM, MAX_ZOOM);
        }
        if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            o.scale = (o.scale * 1.25).clamp(MIN_ZOOM, MAX_ZOOM);
        }
    }
    pan != Vec2::ZERO
}

/// The pointer over the map, as the game ([`mouse`]) and the scenario editor read it: the
/// mouse, the window, the map camera (which it zooms and pans) and the panels over the map.
#[derive(SystemParam)]
pub struct MapPointer<'w, 's> {
    pub buttons: Res<'w, ButtonInput<MouseButton>>,
    pub keys: Res<'w, ButtonInput<KeyCode>>,
    pub motion: Res<'w, AccumulatedMouseMotion>,
    scroll: Res<'w, AccumulatedMouseScroll>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    #[allow(clippy::type_complexity)]
    cam: Query<
        'w,
        's,
        (
            &'static Camera,
            &'static GlobalTransform,
            &'static mut Transform,
            &'static mut Projection,
        ),
        With<MapCamera>,
    >,
    rects: Res<'w, UiRects>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

/// The pointer this frame ([`MapPointer::frame`]).
pub struct PointerFrame {
    /// Where it is in the window (logical pixels), when it is over it.
    pub cursor: Option<Vec2>,
    /// The world point under it, through the map camera.
    pub world: Option<Vec2>,
    /// Over a panel (or an egui area): the map is not under it.
    pub over_ui: bool,
    /// The map camera's zoom (its orthographic scale) before the wheel turns it.
    pub scale: f32,
}

impl MapPointer<'_, '_> {
    /// Where the pointer is this frame; none without the window or the map camera.
    pub fn frame(&self) -> Option<PointerFrame> {
        let w = self.window.single().ok()?;
        let (camera, gt, _, proj) = self.cam.single().ok()?;
        let cursor = w.cursor_position();
        let over_ui = cursor.is_some_and(|p| over_ui(p, &self.rects, self.egui.as_deref()));
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let world = cursor.and_then(|c| camera.viewport_to_world_2d(gt, c).ok());
        Some(PointerFrame {
            cursor,
            world,
            over_ui,
            scale,
        })
    }

    /// The wheel zooms the map camera towards the world point `at`.
    pub fn zoom(&mut self, at: Option<Vec2>) {
        if let Ok((_, _, mut t, mut proj)) = self.cam.single_mut() {
            wheel_zoom(&self.scroll, &mut t, &mut proj, at);
        }
    }

    /// The map follows the mouse's motion (at the camera's zoom `scale`): a drag pans it.
    pub fn pan(&mut self, scale: f32) {
        if let Ok((_, _, mut t, _)) = self.cam.single_mut() {
            t.translation.x -= self.motion.delta.x * scale;
            t.translation.y += self.motion.delta.y * scale;
        }
    }
}

fn mouse(
    play: Res<Play>,
    mut map: MapPointer,
    mut ptr: ResMut<Pointer>,
    mut actions: MessageWriter<Action>,
    sel: Res<Selection>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(PointerFrame {
        cursor,
        world,
        over_ui: blocked,
        scale,
    }) = map.frame()
    else {
        return;
    };

    // Hover. Over a panel the hovered hex stays (the attack previewed there can be rolled from
    // the panel's button); on the map, a change the core holds back for a moment (a hovered
    // attack's preview on the pointer's way to the panel) is sent again each frame, with frames
    // kept coming until it takes effect.
    ptr.world = world;
    if blocked {
        ptr.hex = None;
        if !sel.pointer_on_panel || sel.hover_left.is_some() {
            actions.write(Action::PointerOnPanel);
        }
    } else {
        let o = play.orientation();
        let hex = world.map(|p| world_to_hex(o, p));
        if hex != ptr.hex || hex != sel.hover {
            ptr.hex = hex;
            actions.write(Action::Hover(hex));
        }
        if hex != sel.hover {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
    let hex = ptr.hex;

    // Zoom towards the pointer.
    if !blocked {
        map.zoom(world);
    }

    // Press, drag, release.
    press_drag_release(
        &mut map,
        &mut ptr,
        (cursor, blocked, scale),
        hex,
        &mut actions,
    );
}

/// The buttons: a press on the map starts a press (ignored over a panel), a move of more than
/// 6 pixels makes it a drag that pans the map (at the camera's zoom `scale`), and a release
/// that was no drag clicks the hex (left: choose, ctrl/shift adds; right: move there).
fn press_drag_release(
    map: &mut MapPointer,
    ptr: &mut Pointer,
    (cursor, blocked, scale): (Option<Vec2>, bool, f32),
    hex: Option<Coord>,
    actions: &mut MessageWriter<Action>,
) {
    for b in [MouseButton::Left, MouseButton::Right, MouseButton::Middle] {
        if map.buttons.just_pressed(b)
            && !blocked
            && let Some(c) = cursor
        {
            ptr.pressed_at = Some((c, b));
            ptr.dragging = false;
        }
    }
    if let (Some((start, b)), Some(c)) = (ptr.pressed_at, cursor)
        && map.buttons.pressed(b)
    {
        if !ptr.dragging && (c - start).length() > 6.0 {
            ptr.dragging = true;
        }
        if ptr.dragging {
            map.pan(scale);
        }
    }
    if let Some((_, b)) = ptr.pressed_at
        && map.buttons.just_released(b)
    {
        if !ptr.dragging
            && !blocked
            && let Some(h) = hex
        {
            let add = map.keys.any_pressed([
                KeyCode::ControlLeft,
                KeyCode::ControlRight,
                KeyCode::ShiftLeft,
                KeyCode::ShiftRight,
            ]);
            match b {
                MouseButton::Left => {
                    actions.write(Action::Click { hex: h, add });
                }
                MouseButton::Right => {
                    actions.write(Action::MoveTo(h));
                }
                _ => {}
            }
        }
        ptr.pressed_at = None;
        ptr.dragging = false;
    }
}

#[allow(clippy::too_many_arguments)]
fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    egui: Option<Res<EguiWantsInput>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    mut actions: MessageWriter<Action>,
    sel: Res<Selection>,
    play: Res<Play>,
    handover: Res<HandOver>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    if handover.waiting.is_some() {
        if keys.any_just_pressed([KeyCode::Enter, KeyCode::Space]) {
            actions.write(Action::HandOverDone);
        }
        return;
    }
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    // Pan and zoom (with Ctrl the letters are shortcuts, not pan keys).
    if !ctrl && key_pan_zoom(&keys, time.delta_secs(), &mut t, &mut proj) {
        redraw.write(bevy::window::RequestRedraw);
    }
    let just = |k: KeyCode| keys.just_pressed(k);
    if ctrl && just(KeyCode::KeyZ) {
        actions.write(Action::Undo);
    } else if ctrl && just(KeyCode::KeyS) {
        actions.write(Action::Save);
    } else if ctrl {
        // No other shortcuts with ctrl.
    } else if just(KeyCode::Enter) || just(KeyCode::NumpadEnter) {
        actions.write(Action::ConfirmAttack);
    } else if just(KeyCode::KeyE) {
        actions.write(Action::EndTurn);
    } else if just(KeyCode::KeyP) {
        actions.write(Action::EndPhase);
    } else if just(KeyCode::Space) {
        actions.write(Action::SkipComputerTurn);
    } else if just(KeyCode::KeyM) {
        actions.write(Action::March);
    } else if just(KeyCode::KeyC) {
        actions.write(Action::Activate);
    } else if just(KeyCode::KeyF) {
        actions.write(Action::ForceMarch);
    } else if just(KeyCode::Escape) {
        if sel.hex.is_none() && sel.units.is_empty() && sel.target.is_none() {
            actions.write(Action::ToMenu);
        } else {
            actions.write(Action::ClearSelection);
        }
    } else if just(KeyCode::KeyG) {
        actions.write(Action::ToggleGrid);
    } else if just(KeyCode::KeyL) {
        actions.write(Action::ToggleLabels);
    } else if just(KeyCode::Digit1) {
        actions.write(Action::ToggleZoc(0));
    } else if just(KeyCode::Digit2) {
        actions.write(Action::ToggleZoc(1));
    } else if just(KeyCode::KeyT) {
        actions.write(Action::ToggleDanger);
    } else if just(KeyCode::KeyQ) {
        // Cycle: default, then each of the ruleset's attack types, then default again.
        if let Some(g) = play.game() {
            let types = g.rules.attack_types();
            let next = match sel.kind {
                None => types.first().copied(),
                Some(k) => types
                    .iter()
                    .position(|t| *t == k)
                    .and_then(|i| types.get(i + 1).copied()),
            };
            actions.write(Action::SetKind(next));
        }
    } else if just(KeyCode::KeyB) {
        actions.write(Action::ShowBriefing(true));
    } else if just(KeyCode::KeyH) || just(KeyCode::F1) {
        actions.write(Action::ToggleLegend);
    }
}
