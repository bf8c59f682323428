//! Overlays on the map, all computed by the rules: zones of control per side (normal and
//! restricted drawn differently), the selected hex, the attack target with its six neighbours
//! coloured covered / reducing / not covered (the same facts as `musket odds`), the path a
//! move would take with the enemy ZOC hexes it enters, and victory hexes.

use bevy::prelude::*;

use super::backdrop::backdrop_layer;
use super::draw::{Batch, VertexColorMaterial, spawn_batch};
use super::layout::{HEX_SIZE, hex_to_world};
use super::state::{Overlays, Play, Preview, Screen, Selection};
use crate::rules::attack::ZocKind;
use crate::rules::hex::Coord;

pub use super::draw::OverlayPart;

/// Colours of the flank overlay.
pub const COVERED: Color = Color::srgba(0.10, 0.70, 0.20, 0.45);
pub const REDUCING: Color = Color::srgba(0.95, 0.55, 0.05, 0.55);
pub const NOT_COVERED: Color = Color::srgba(0.45, 0.45, 0.45, 0.18);

/// A leader's command radius, and the units of his command it reaches (or his activated
/// group's).
pub const ACTIVATION_RADIUS: Color = Color::srgba(1.0, 0.93, 0.45, 0.30);
pub const ACTIVATED: Color = Color::srgb(0.15, 0.75, 0.25);

/// The ZOC overlay colour of a side (normal; restricted is drawn as an outline).
pub fn zoc_color(side: u8) -> Color {
    match side {
        0 => Color::srgba(0.15, 0.30, 0.85, 0.28),
        _ => Color::srgba(0.55, 0.40, 0.15, 0.30),
    }
}

/// Each layer is rebuilt only when what it shows changes.
#[derive(Component)]
struct ZocLayer;
#[derive(Component)]
struct MarkLayer;
#[derive(Component)]
struct PathLayer;

type UnitList = Vec<crate::rules::unit::UnitIdx>;

/// Revision, selected hex, target, pinned, game.
type MarksKey = (u64, Option<Coord>, Option<Coord>, bool, usize);

#[derive(Resource, Default)]
struct Keys {
    zoc: Option<(u64, [bool; 2], usize)>,
    marks: Option<MarksKey>,
    path: Option<(u64, Option<Coord>, UnitList)>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Keys>().add_systems(
        Update,
        (zoc_layer, mark_layer, path_layer)
            .after(super::state::CoreSystems)
            .after(super::moves::update_reach)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Whether a layer must be rebuilt: its key changed. If so, the key is stored and the layer's
/// old entities are despawned.
pub(crate) fn refresh<K: PartialEq, F: Component>(
    stored: &mut Option<K>,
    key: K,
    commands: &mut Commands,
    parts: &Query<Entity, With<F>>,
) -> bool {
    if stored.as_ref() == Some(&key) {
        return false;
    }
    *stored = Some(key);
    for e in parts {
        commands.entity(e).despawn();
    }
    true
}

fn game_key(p: &super::state::PlayState) -> usize {
    super::state::game_key(&p.session.game)
}

/// Zones of control of the sides switched on, and the victory hexes.
#[allow(clippy::too_many_arguments)]
fn zoc_layer(
    mut commands: Commands,
    play: Res<Play>,
    overlays: Res<Overlays>,
    mut keys: ResMut<Keys>,
    parts: Query<Entity, With<ZocLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
    anim: Res<super::anim::Anim>,
) {
    let Some(p) = &play.0 else { return };
    if anim.busy() {
        return;
    }
    if !refresh(
        &mut keys.zoc,
        (p.revision, overlays.zoc, game_key(p)),
        &mut commands,
        &parts,
    ) {
        return;
    }
    let g = &p.session.game;
    let o = g.map().orientation();
    let m = &material.0;
    let mut zoc = Batch::on(o);
    if overlays.zoc.iter().any(|x| *x) {
        let map = g.rules.zoc(g);
        for c in g.map().coords() {
            for side in 0..2u8 {
                if !overlays.zoc[side as usize] {
                    continue;
                }
                let entries: Vec<_> = map
                    .at(g.map(), c)
                    .iter()
                    .filter(|e| g.unit(e.unit).side.0 == side)
                    .collect();
                if entries.is_empty() {
                    continue;
                }
                let normal = entries.iter().any(|e| e.kind == ZocKind::Normal);
                let color = zoc_color(side);
                if normal {
                    zoc.hex_fill(c, 0.92, color);
                } else {
                    // Restricted only: an outline and a band.
                    zoc.hex_outline(c, 0.92, 7.0, color.with_alpha(0.7));
                    let centre = hex_to_world(o, c);
                    zoc.line(
                        centre - Vec2::new(HEX_SIZE * 0.6, HEX_SIZE * 0.35),
                        centre + Vec2::new(HEX_SIZE * 0.6, HEX_SIZE * 0.35),
                        5.0,
                        color.with_alpha(0.6),
                    );
                }
            }
        }
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        zoc,
        4.0,
        (OverlayPart, ZocLayer, backdrop_layer()),
    );

    let mut vic = Batch::on(o);
    for (v, holder) in g.scenario.victory.iter().zip(&g.holders) {
        let color = match holder {
            Some(s) => super::units::side_color(super::units::tone(&g.scenario, *s)),
            None => Color::srgb(0.5, 0.5, 0.5),
        };
        vic.hex_outline(v.hex, 0.98, 5.0, Color::srgb(0.85, 0.68, 0.10));
        vic.disc(
            hex_to_world(o, v.hex) + Vec2::new(-HEX_SIZE * 0.55, -HEX_SIZE * 0.55),
            7.0,
            10,
            color,
        );
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        vic,
        4.5,
        (OverlayPart, ZocLayer, backdrop_layer()),
    );
}

/// The selected hex, the target and the flank colours of its neighbours.
#[allow(clippy::too_many_arguments)]
fn mark_layer(
    mut commands: Commands,
    play: Res<Play>,
    sel: Res<Selection>,
    preview: Res<Preview>,
    mut keys: ResMut<Keys>,
    parts: Query<Entity, With<MarkLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
    anim: Res<super::anim::Anim>,
) {
    let Some(p) = &play.0 else { return };
    if anim.busy() {
        return;
    }
    let target = preview.request.as_ref().map(|r| r.defender);
    if preview.is_changed() {
        keys.marks = None;
    }
    if !refresh(
        &mut keys.marks,
        (p.revision, sel.hex, target, preview.pinned, game_key(p)),
        &mut commands,
        &parts,
    ) {
        return;
    }
    let g = &p.session.game;
    let mut marks = Batch::on(g.map().orientation());
    if let Some(h) = sel.hex {
        marks.hex_outline(h, 1.0, 4.0, Color::srgb(1.0, 0.92, 0.2));
    }
    // A leader who may be activated: his command radius (light) and the units of his
    // command it reaches (green) or not (grey).
    if let Some(leader) = super::moves::leader_to_activate(g, &sel)
        && let Some(r) = crate::rules::actions::reach(g, leader)
    {
        for h in r.hexes.keys() {
            marks.hex_fill(*h, 0.96, ACTIVATION_RADIUS);
        }
        for (u, _) in &r.refused {
            if let Some(h) = g.unit(*u).hex {
                marks.hex_outline(h, 0.86, 4.0, Color::srgba(0.5, 0.5, 0.5, 0.9));
            }
        }
        for u in &r.eligible {
            if let Some(h) = g.unit(*u).hex {
                marks.hex_outline(h, 0.86, 5.0, ACTIVATED);
            }
        }
    }
    // The units of the action under way (a leader's activation: his group).
    if g.cycle.leader.is_some() {
        for u in &g.cycle.units {
            if let Some(h) = g.unit(*u).hex {
                marks.hex_outline(h, 0.86, 5.0, ACTIVATED);
            }
        }
    }
    if let (Some(req), Some(Ok(odds))) = (&preview.request, &preview.odds) {
        for n in &odds.hex_notes {
            if !g.map().contains(n.hex) {
                continue;
            }
            let c = if n.reduces {
                REDUCING
            } else if n.covered {
                COVERED
            } else {
                NOT_COVERED
            };
            marks.hex_fill(n.hex, 0.80, c);
        }
        let c = if preview.pinned {
            Color::srgb(0.9, 0.1, 0.1)
        } else {
            Color::srgba(0.9, 0.1, 0.1, 0.6)
        };
        marks.hex_outline(req.defender, 1.0, 6.0, c);
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        marks,
        5.0,
        (OverlayPart, MarkLayer, backdrop_layer()),
    );
}

/// The cheapest path a move to the hovered hex would take (the chosen stack's reach), with the
/// enemy ZOC hexes it enters in red; in Free movement, beyond the reach too (dashed).
#[allow(clippy::too_many_arguments)]
fn path_layer(
    mut commands: Commands,
    play: Res<Play>,
    sel: Res<Selection>,
    reach: Res<super::moves::MoveReach>,
    mut keys: ResMut<Keys>,
    parts: Query<Entity, With<PathLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
    anim: Res<super::anim::Anim>,
) {
    let Some(p) = &play.0 else { return };
    if anim.busy() {
        return;
    }
    if !refresh(
        &mut keys.path,
        (p.revision, sel.hover, reach.units.clone()),
        &mut commands,
        &parts,
    ) {
        return;
    }
    let g = &p.session.game;
    let o = g.map().orientation();
    let mut path_b = Batch::on(o);
    let free = g.scenario.movement == crate::rules::points::Enforcement::Free;
    if let (Some(h), Some(from)) = (sel.hover, reach.from) {
        let within = reach.can_reach(g, h);
        let found = reach.path(g, h, !within && free);
        if let Some(path) = found {
            let mut pts = vec![hex_to_world(o, from)];
            pts.extend(path.iter().map(|c| hex_to_world(o, *c)));
            let line = if within {
                Color::srgba(1.0, 1.0, 1.0, 0.85)
            } else {
                Color::srgba(1.0, 0.6, 0.6, 0.85)
            };
            if within {
                path_b.polyline(&pts, 6.0, line);
            } else {
                for w in pts.windows(2) {
                    path_b.dashed(w[0], w[1], 5.0, 14.0, 10.0, line);
                }
            }
            for (i, c) in path.iter().enumerate() {
                let in_zoc = g
                    .map()
                    .index(*c)
                    .and_then(|ix| reach.zoc.get(ix).copied())
                    .unwrap_or(false);
                let color = if in_zoc {
                    Color::srgb(0.9, 0.1, 0.1)
                } else {
                    Color::srgb(1.0, 1.0, 1.0)
                };
                path_b.disc(
                    hex_to_world(o, *c),
                    if i + 1 == path.len() { 10.0 } else { 6.0 },
                    12,
                    color,
                );
            }
        }
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        path_b,
        30.0,
        (OverlayPart, PathLayer),
    );
}

/// The hex the chosen units are in, when they are all in one.
pub fn movers_hex(g: &crate::rules::game::Game, sel: &Selection) -> Option<Coord> {
    let mut hexes = sel.units.iter().filter_map(|u| g.unit(*u).hex);
    let first = hexes.next()?;
    hexes.all(|h| h == first).then_some(first)
}
