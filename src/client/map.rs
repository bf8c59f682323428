//! The map: the terrain as hexagons cut from the project-made atlas ([`super::terrain`],
//! `assets/tiles/terrain.png`, embedded), hexside features drawn on the hex edges, routes drawn
//! through the hex centres, a grid and hex labels. Built when a game starts; the grid and the
//! labels follow the display toggles and the zoom.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;

use super::backdrop::backdrop_layer;
use super::draw::{Batch, VertexColorMaterial, spawn_batch};
use super::input::MapCamera;
use super::layout::{HEX_SIZE, edge, hex_to_world};
use super::state::{Overlays, Play, Screen};
use crate::rules::hex::Dir;
use crate::rules::map::{Feature, RouteKind, Terrain};

/// The project's art, decoded from the bytes built into the binary.
#[derive(Resource, Clone)]
pub struct Art {
    pub terrain: Handle<Image>,
    pub symbols: Handle<Image>,
}

pub const TERRAIN_PNG: &[u8] = include_bytes!("../../assets/tiles/terrain.png");
pub const SYMBOLS_PNG: &[u8] = include_bytes!("../../assets/tiles/symbols.png");

/// Everything spawned for the current map.
#[derive(Component, Clone, Copy)]
pub struct MapPart;

#[derive(Component)]
pub struct GridLayer;

#[derive(Component)]
pub struct HexLabel;

/// Which game the map was built for (the scenario's address).
#[derive(Resource, Default)]
pub struct BuiltFor(pub Option<usize>);

pub fn plugin(app: &mut App) {
    // The terrain's tile layer (`client::terrain`).
    app.add_plugins(bevy_ecs_tilemap::TilemapPlugin);
    app.init_resource::<BuiltFor>()
        .add_systems(Startup, load_art)
        .add_systems(
            Update,
            (build_map, toggle_grid_and_labels)
                .chain()
                .after(super::state::CoreSystems)
                .run_if(in_state(Screen::Playing)),
        );
}

fn decode(bytes: &[u8]) -> Image {
    Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::default(),
    )
    .unwrap_or_else(|e| panic!("built-in art does not decode: {e}"))
}

fn load_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let terrain = images.add(decode(TERRAIN_PNG));
    let symbols = images.add(decode(SYMBOLS_PNG));
    commands.insert_resource(Art { terrain, symbols });
}

/// Colours and widths of the map's line work (also used by the legend).
pub mod style {
    use bevy::prelude::Color;

    pub const MAJOR_RIVER: (Color, f32) = (Color::srgb(0.16, 0.36, 0.72), 10.0);
    pub const MINOR_RIVER: (Color, f32) = (Color::srgb(0.22, 0.46, 0.80), 6.0);
    pub const CREEK: (Color, f32) = (Color::srgb(0.35, 0.60, 0.86), 3.0);
    pub const WOODS_SIDE: (Color, f32) = (Color::srgb(0.10, 0.30, 0.10), 5.0);
    pub const BRIDGE: Color = Color::srgb(0.45, 0.28, 0.12);
    pub const DAM: Color = Color::srgb(0.35, 0.35, 0.38);
    pub const FERRY: Color = Color::srgb(0.95, 0.95, 0.85);
    pub const FORD: Color = Color::srgb(0.85, 0.80, 0.55);
    pub const ROAD: (Color, f32) = (Color::srgb(0.55, 0.22, 0.12), 5.0);
    pub const PIKE: (Color, f32) = (Color::srgb(0.70, 0.12, 0.08), 8.0);
    pub const TRAIL: (Color, f32) = (Color::srgb(0.45, 0.30, 0.16), 3.0);
    pub const RAILROAD: (Color, f32) = (Color::srgb(0.10, 0.10, 0.10), 3.0);
    pub const GRID: Color = Color::srgba(0.1, 0.1, 0.1, 0.35);
}

/// Draw the hexside features: elevation steps, rivers and creeks along the edge, woods
/// hexsides as a dark band, crossings as marks across the edge's middle.
pub fn hexsides_batch(map: &crate::rules::map::Map) -> Batch {
    let o = map.orientation();
    let mut b = Batch::on(o);
    elevation_marks(map, &mut b);
    let mut crossings = Vec::new();
    for (side, info) in map.hexsides() {
        let a = side.hex;
        let n = a.neighbor(side.dir);
        if !map.contains(a) && !map.contains(n) {
            continue;
        }
        let (p, q) = edge(o, a, n);
        let water = [
            (Feature::MajorRiver, style::MAJOR_RIVER),
            (Feature::MinorRiver, style::MINOR_RIVER),
            (Feature::Creek, style::CREEK),
        ];
        for (f, (color, w)) in water {
            if info.has(f) {
                // Extend a little past the corners so consecutive river hexsides join.
                let d = (q - p).normalize_or_zero() * (w / 2.0);
                b.line(p - d, q + d, w, color);
            }
        }
        if info.has(Feature::Woods) {
            let (color, w) = style::WOODS_SIDE;
            b.dashed(p, q, w, 7.0, 4.0, color);
        }
        crossings.push((p, q, *info));
    }
    for (p, q, info) in crossings {
        let mid = (p + q) / 2.0;
        let along = (q - p).normalize_or_zero();
        let across = along.perp();
        if info.has(Feature::Bridge) {
            let c = style::BRIDGE;
            b.line(
                mid - across * 12.0 - along * 6.0,
                mid + across * 12.0 - along * 6.0,
                3.0,
                c,
            );
            b.line(
                mid - across * 12.0 + along * 6.0,
                mid + across * 12.0 + along * 6.0,
                3.0,
                c,
            );
            b.line(mid - along * 6.0, mid + along * 6.0, 10.0, c);
        }
        if info.has(Feature::Dam) {
            b.line(mid - across * 10.0, mid + across * 10.0, 7.0, style::DAM);
        }
        if info.has(Feature::Ferry) {
            b.disc(mid, 7.0, 10, Color::BLACK);
            b.disc(mid, 5.0, 10, style::FERRY);
        }
        if info.has(Feature::Ford) {
            for k in [-1.0, 0.0, 1.0] {
                b.line(
                    mid - across * 9.0 + along * 5.0 * k,
                    mid + across * 9.0 + along * 5.0 * k,
                    2.0,
                    style::FORD,
                );
            }
        }
    }
    b
}

/// Elevation: a brown ridge line on every hexside where the ground steps down, with short
/// hachures pointing downhill (one per level of the step).
fn elevation_marks(map: &crate::rules::map::Map, b: &mut Batch) {
    let o = map.orientation();
    let ink = Color::srgba(0.42, 0.28, 0.14, 0.85);
    for a in map.coords() {
        let ea = map.elevation(a);
        if ea == 0 {
            continue;
        }
        for d in [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW] {
            let n = a.neighbor(d);
            let en = map.elevation(n);
            if !map.contains(n) || en >= ea {
                continue;
            }
            let (p, q) = edge(o, a, n);
            b.line(p, q, 2.5, ink);
            let along = (q - p).normalize_or_zero();
            let down = (hex_to_world(o, n) - hex_to_world(o, a)).normalize_or_zero();
            let steps = (ea - en).min(3) as usize;
            for k in 0..5 {
                let m = p.lerp(q, (k as f32 + 0.5) / 5.0);
                for s in 0..steps {
                    let o = along * (s as f32 * 3.0 - (steps as f32 - 1.0) * 1.5);
                    b.line(m + o, m + o + down * 7.0, 1.5, ink);
                }
            }
        }
    }
}

/// Draw the routes through the hex centres.
pub fn routes_batch(map: &crate::rules::map::Map) -> Batch {
    let o = map.orientation();
    let mut b = Batch::on(o);
    let mut routes: Vec<&crate::rules::map::Route> = map.routes().iter().collect();
    // Lesser routes first so pikes and railroads draw on top.
    routes.sort_by_key(|r| match r.kind {
        RouteKind::Trail => 0,
        RouteKind::Road => 1,
        RouteKind::Pike => 2,
        RouteKind::Railroad => 3,
    });
    for r in routes {
        let pts: Vec<Vec2> = r.hexes.iter().map(|h| hex_to_world(o, *h)).collect();
        match r.kind {
            RouteKind::Road => {
                let (c, w) = style::ROAD;
                b.polyline(&pts, w, c);
            }
            RouteKind::Pike => {
                let (c, w) = style::PIKE;
                b.polyline(&pts, w + 3.0, Color::srgb(0.25, 0.05, 0.02));
                b.polyline(&pts, w, c);
            }
            RouteKind::Trail => {
                let (c, w) = style::TRAIL;
                for s in pts.windows(2) {
                    b.dashed(s[0], s[1], w, 14.0, 9.0, c);
                }
            }
            RouteKind::Railroad => {
                let (c, w) = style::RAILROAD;
                b.polyline(&pts, w, c);
                for s in pts.windows(2) {
                    let d = (s[1] - s[0]).normalize_or_zero();
                    let n = d.perp();
                    let len = (s[1] - s[0]).length();
                    let mut t = 6.0;
                    while t < len {
                        let m = s[0] + d * t;
                        b.line(m - n * 6.0, m + n * 6.0, 2.0, c);
                        t += 14.0;
                    }
                }
            }
        }
    }
    b
}

/// Hex outlines for the grid.
pub fn grid_batch(map: &crate::rules::map::Map) -> Batch {
    let o = map.orientation();
    let mut b = Batch::on(o);
    for c in map.coords() {
        // Each hex draws its N, NE and SE edges; the map's edges are closed by the others.
        for d in [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW] {
            let n = c.neighbor(d);
            if matches!(d, Dir::S | Dir::SW | Dir::NW) && map.contains(n) {
                continue;
            }
            let (p, q) = edge(o, c, n);
            b.line(p, q, 1.5, style::GRID);
        }
    }
    b
}

fn build_map(
    mut commands: Commands,
    play: Res<Play>,
    mut built: ResMut<BuiltFor>,
    art: Option<Res<Art>>,
    parts: Query<Entity, With<MapPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
) {
    let Some(p) = &play.0 else { return };
    let Some(art) = art else { return };
    let key = super::state::game_key(&p.session.game);
    if built.0 == Some(key) {
        return;
    }
    built.0 = Some(key);
    for e in &parts {
        commands.entity(e).despawn();
    }
    let map = &p.session.game.scenario.map;
    let (cols, rows) = (map.columns(), map.rows());

    // Terrain.
    super::terrain::spawn(
        &mut commands,
        &art.terrain,
        map.orientation(),
        (cols, rows),
        |c| map.terrain(c).unwrap_or(Terrain::Clear),
        0.0,
        MapPart,
    );

    let m = &material.0;
    let (grid, sides, routes) = (grid_batch(map), hexsides_batch(map), routes_batch(map));
    debug!(
        "map layers: {} tiles; triangles: grid {}, hexsides {}, routes {}",
        map.len(),
        grid.triangles(),
        sides.triangles(),
        routes.triangles()
    );
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        grid,
        1.0,
        (MapPart, GridLayer, backdrop_layer()),
    );
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        sides,
        2.0,
        (MapPart, backdrop_layer()),
    );
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        routes,
        3.0,
        (MapPart, backdrop_layer()),
    );
}

/// Zoom level (orthographic scale) below which hex labels show.
pub const LABEL_ZOOM: f32 = 1.1;

/// The grid follows its toggle; hex labels exist only while zoomed in with labels on (hidden
/// text still costs every frame under software rendering).
#[allow(clippy::too_many_arguments)]
fn toggle_grid_and_labels(
    mut commands: Commands,
    play: Res<Play>,
    overlays: Res<Overlays>,
    cams: Query<&Projection, With<MapCamera>>,
    mut grid: Query<&mut Visibility, With<GridLayer>>,
    labels: Query<Entity, With<HexLabel>>,
    built: Res<BuiltFor>,
) {
    let g = if overlays.grid {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut grid {
        v.set_if_neq(g);
    }
    let scale = match cams.iter().next() {
        Some(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    let want = overlays.labels && scale < LABEL_ZOOM;
    let have = !labels.is_empty();
    if want && !have && built.0.is_some() {
        let Some(p) = &play.0 else { return };
        let sc = &p.session.game.scenario;
        let map = &sc.map;
        let o = map.orientation();
        for c in map.coords() {
            let at = hex_to_world(o, c) + Vec2::new(0.0, HEX_SIZE * 0.70);
            // The hex's printed name where the scenario keeps one (an imported module's).
            let text = sc.hex_name(c).map_or_else(|| map.label(c), str::to_string);
            commands.spawn((
                Text2d::new(text),
                TextFont {
                    font_size: bevy::text::FontSize::Px(13.0),
                    ..default()
                },
                TextColor(Color::srgba(0.1, 0.1, 0.1, 0.75)),
                Transform::from_xyz(at.x, at.y, 6.0),
                HexLabel,
                MapPart,
                backdrop_layer(),
            ));
        }
    } else if !want && have {
        for e in &labels {
            commands.entity(e).despawn();
        }
    }
}
