//! The editor's input: the pointer's tools (press, drag, release on the map, a stroke while
//! the button is held), pan and zoom, and the keys. Each turns into [`EditorCmd`]s; nothing
//! here changes the scenario itself.

use bevy::prelude::*;

use super::{EditorCmd, EditorState, Tool, say, view};
use crate::client::input::{MapCamera, MapPointer, PointerFrame, key_pan_zoom};
use crate::client::layout::{hex_to_world, world_to_hex};
use crate::editor::EditAction;
use crate::rules::hex::{Coord, Dir, Orientation};
use crate::rules::scenario::{UnitFile, VictoryHexFile};
use crate::rules::unit::UnitKind;

/// The side of hex `h` nearest to world point `p` on a map standing `o`: the one facing the
/// neighbour whose centre is nearest.
pub fn nearest_side(o: Orientation, h: Coord, p: Vec2) -> Dir {
    let d = |x: &Dir| hex_to_world(o, h.neighbor(*x)).distance(p);
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

/// Mouse: the tools, pan and zoom.
pub(super) fn pointer(
    mut map: MapPointer,
    st: Option<ResMut<EditorState>>,
    mut cmds: MessageWriter<EditorCmd>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut stroke_owner: Local<bool>,
) {
    let Some(mut st) = st else { return };
    let Some(PointerFrame {
        world,
        over_ui,
        scale,
        ..
    }) = map.frame()
    else {
        return;
    };
    let blocked = over_ui && !*stroke_owner;
    let n = st.ed.file.map.numbering();
    let o = n.orientation;
    let on_map = |c: Coord| n.contains(c);
    let hex = world
        .map(|p| world_to_hex(o, p))
        .filter(|c| !blocked && on_map(*c));
    if hex != st.hover {
        st.hover = hex;
        redraw.write(bevy::window::RequestRedraw);
    }
    let side = match (hex, world) {
        (Some(h), Some(p)) if st.tool == Tool::Hexside => Some((h, nearest_side(o, h, p))),
        _ => None,
    };
    if side != st.hover_side {
        st.hover_side = side;
    }
    // Zoom towards the pointer; pan with the right or middle button.
    if !blocked {
        map.zoom(world);
    }
    if map
        .buttons
        .any_pressed([MouseButton::Right, MouseButton::Middle])
        && map.motion.delta != Vec2::ZERO
    {
        map.pan(scale);
        redraw.write(bevy::window::RequestRedraw);
    }
    let shift = map
        .keys
        .any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // The left button: the tool.
    if map.buttons.just_pressed(MouseButton::Left) && !blocked {
        *stroke_owner = true;
        if let (Some(h), Some(p)) = (hex, world) {
            press(&mut st, &mut cmds, h, p, shift);
        }
    } else if map.buttons.pressed(MouseButton::Left)
        && *stroke_owner
        && let Some(h) = hex
    {
        drag(&mut st, &mut cmds, h);
    }
    if map.buttons.just_released(MouseButton::Left) && *stroke_owner {
        *stroke_owner = false;
        release(&mut st, &mut cmds);
    }
}

fn label(st: &EditorState, c: Coord) -> String {
    st.ed.file.map.numbering().label(c)
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
                dir: st.ed.file.map.orientation.compass(nearest_side(
                    st.ed.file.map.orientation,
                    h,
                    p,
                )),
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
                        grid: None,
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
    press(
        st,
        cmds,
        h,
        hex_to_world(st.ed.file.map.orientation, h),
        false,
    );
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
pub(super) fn keys(
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
    if key_pan_zoom(&keys, time.delta_secs(), &mut t, &mut proj) {
        redraw.write(bevy::window::RequestRedraw);
    }
}
