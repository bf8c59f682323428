//! What the editor draws: the terrain (the game's terrain layer and art; after an edit only the
//! hexes whose letter changed are repainted), hexsides, routes and elevation (rebuilt when they
//! change), units and victory hexes, the map scan under the grid, and the pointer's tool
//! (the hex, the hexside, the route being dragged, the chosen unit). The game's map is hidden
//! while the editor is up and shown again after.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;

use super::{EditorState, EditorSystems};
use crate::client::backdrop::backdrop_layer;
use crate::client::draw::{Batch, VertexColorMaterial, spawn_batch};
use crate::client::input::MapCamera;
use crate::client::layout::{self, HEX_SIZE, hex_to_world};
use crate::client::map::{Art, hexsides_batch, routes_batch};
use crate::client::state::Screen;
use crate::client::terrain::TerrainLayer;
use crate::editor::underlay::{Affine, Similarity, grid_to_map, image_to_map};
use crate::rules::hex::Coord;
use crate::rules::map::Terrain;
use crate::rules::scenario::ScenarioFile;

/// Everything the editor's view spawned.
#[derive(Component, Clone, Copy)]
pub struct EditorPart;

#[derive(Component)]
struct LinesLayer;
#[derive(Component)]
struct MarksLayer;
#[derive(Component)]
struct CursorLayer;
#[derive(Component)]
struct ScanSprite;

/// A game entity hidden while the editor is up, with its visibility before.
#[derive(Component)]
struct HiddenByEditor(Visibility);

/// What is on screen, to redraw only what changed.
#[derive(Resource, Default)]
pub struct EditorView {
    /// The map size the tiles were built for.
    size: Option<(i64, i64, crate::rules::hex::Orientation)>,
    /// The terrain layer's meshes.
    tiles: TerrainLayer,
    /// The terrain letters the tiles show.
    letters: Vec<Vec<char>>,
    drawn_rev: Option<u64>,
    lines: Option<LinesKey>,
    marks: Option<MarksKey>,
    cursor: Option<CursorKey>,
    /// The scan: its path, image and size in pixels.
    scan: Option<(String, Handle<Image>, UVec2)>,
    /// Tiles updated by the last redraw (measurements and tests).
    pub last_tiles_updated: usize,
}

impl EditorView {
    /// Whether the map's tiles are up.
    pub fn built(&self) -> bool {
        self.size.is_some()
    }
}

/// What the hexside, route and elevation layer was drawn from.
type LinesKey = (
    Vec<crate::rules::scenario::HexsideFile>,
    Vec<crate::rules::scenario::RouteFile>,
    Option<Vec<String>>,
);
/// What the units and victory layer was drawn from (with the chosen unit).
type MarksKey = (
    Vec<crate::rules::scenario::UnitFile>,
    Vec<crate::rules::scenario::VictoryHexFile>,
    Option<String>,
);

type CursorKey = (
    Option<Coord>,
    Option<(Coord, crate::rules::hex::Dir)>,
    Vec<Coord>,
    Option<String>,
    super::Tool,
);

pub fn plugin(app: &mut App) {
    app.init_resource::<EditorView>()
        .add_systems(OnEnter(Screen::Editor), (hide_game, centre_on_map))
        .add_systems(OnExit(Screen::Editor), (show_game, clear))
        .add_systems(
            Update,
            (
                sync_tiles,
                sync_lines,
                sync_marks,
                sync_scan,
                sync_cursor,
                follow,
            )
                .chain()
                .after(EditorSystems)
                .run_if(in_state(Screen::Editor)),
        );
}

type GameView = Or<(
    With<crate::client::map::MapPart>,
    With<crate::client::units::Counter>,
    With<crate::client::draw::OverlayPart>,
)>;

fn hide_game(
    mut commands: Commands,
    q: Query<(Entity, &Visibility), (GameView, Without<ChildOf>)>,
) {
    for (e, v) in &q {
        commands
            .entity(e)
            .insert((HiddenByEditor(*v), Visibility::Hidden));
    }
}

fn show_game(mut commands: Commands, q: Query<(Entity, &HiddenByEditor)>) {
    for (e, h) in &q {
        commands.entity(e).insert(h.0).remove::<HiddenByEditor>();
    }
}

fn clear(mut commands: Commands, q: Query<Entity, With<EditorPart>>, mut view: ResMut<EditorView>) {
    for e in &q {
        commands.entity(e).despawn();
    }
    *view = EditorView::default();
}

/// The camera on the middle of the map, at a zoom that shows it.
fn centre_on_map(
    st: Option<Res<EditorState>>,
    window: Query<&Window>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    let Some(st) = st else { return };
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let n = st.ed.file.map.numbering();
    let o = n.orientation;
    let (c, r) = (n.columns.max(1), n.rows.max(1));
    let a = hex_to_world(o, n.at(1, 1));
    let b = hex_to_world(o, n.at(c as i32, r as i32));
    let mid = (a + b) / 2.0;
    t.translation.x = mid.x;
    t.translation.y = mid.y;
    let (w, h) = window
        .iter()
        .next()
        .map_or((1280.0, 720.0), |w| (w.width(), w.height()));
    if let Projection::Orthographic(o) = &mut *proj {
        // The space between the editor's side panels.
        let free = Vec2::new((w - 700.0).max(240.0), (h - 60.0).max(200.0));
        let need = ((b - a).abs() + Vec2::splat(2.0 * HEX_SIZE)) / free;
        o.scale = need
            .max_element()
            .clamp(0.5, crate::client::input::MAX_ZOOM);
        // The map in the middle of the space between the panels (the right one is wider).
        t.translation.x = mid.x + 20.0 * o.scale;
    }
}

fn letters(f: &ScenarioFile) -> Vec<Vec<char>> {
    let (c, r) = (
        f.map.columns.clamp(1, 999) as usize,
        f.map.rows.clamp(1, 999) as usize,
    );
    (0..r)
        .map(|i| {
            let row: Vec<char> = f
                .map
                .terrain
                .get(i)
                .map_or(Vec::new(), |s| s.chars().collect());
            (0..c).map(|j| row.get(j).copied().unwrap_or('c')).collect()
        })
        .collect()
}

/// Terrain: built for a size; after that only the hexes whose letter changed are redrawn.
fn sync_tiles(
    mut commands: Commands,
    st: Option<Res<EditorState>>,
    art: Option<Res<Art>>,
    mut view: ResMut<EditorView>,
    mut tiles: Query<&mut bevy_ecs_tilemap::tiles::TileTextureIndex>,
    old: Query<Entity, (With<EditorPart>, With<crate::client::terrain::TerrainPart>)>,
) {
    let (Some(st), Some(art)) = (st, art) else {
        return;
    };
    if view.drawn_rev == Some(st.ed.revision) && view.size.is_some() {
        return;
    }
    view.drawn_rev = Some(st.ed.revision);
    let f = &st.ed.file;
    let n = f.map.numbering();
    let size = (
        f.map.columns.clamp(1, 999),
        f.map.rows.clamp(1, 999),
        n.orientation,
    );
    let now = letters(f);
    // The letters are by printed row and column; the tiles by the model's hexes.
    let printed = |c: Coord| {
        let (col, row) = n.orientation.printed(c);
        (row as usize - 1, col as usize - 1)
    };
    let terrain = |ch: char| Terrain::from_letter(ch).unwrap_or(Terrain::Clear);
    if view.size != Some(size) {
        for e in &old {
            commands.entity(e).despawn();
        }
        view.tiles = crate::client::terrain::spawn(
            &mut commands,
            &art.terrain,
            n.orientation,
            n.orientation.size(size.0 as u32, size.1 as u32),
            |c| {
                let (r, k) = printed(c);
                terrain(now[r][k])
            },
            0.0,
            EditorPart,
        );
        view.size = Some(size);
        view.last_tiles_updated = now.iter().map(Vec::len).sum();
        view.letters = now;
        view.lines = None;
        view.marks = None;
        return;
    }
    // Only the hexes whose letter changed.
    let mut changed = 0;
    for (r, row) in now.iter().enumerate() {
        for (c, ch) in row.iter().enumerate() {
            if view.letters[r][c] != *ch {
                let at = n.at(c as i32 + 1, r as i32 + 1);
                view.tiles.set(&mut tiles, at, terrain(*ch));
                changed += 1;
            }
        }
    }
    view.last_tiles_updated = changed;
    view.letters = now;
}

/// Hexsides, routes and elevation: rebuilt when they change.
fn sync_lines(
    mut commands: Commands,
    st: Option<Res<EditorState>>,
    mut view: ResMut<EditorView>,
    old: Query<Entity, With<LinesLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
) {
    let Some(st) = st else { return };
    let f = &st.ed.file;
    let key = (
        f.map.hexsides.clone(),
        f.map.routes.clone(),
        f.map.elevation.clone(),
    );
    if view.lines.as_ref() == Some(&key) {
        return;
    }
    view.lines = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let map = crate::editor::preview_map(f);
    let m = &material.0;
    // No grid layer: the terrain tiles draw their own edges (as in play).
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        hexsides_batch(&map),
        2.0,
        (EditorPart, LinesLayer, backdrop_layer()),
    );
    spawn_batch(
        &mut commands,
        &mut meshes,
        m,
        routes_batch(&map),
        3.0,
        (EditorPart, LinesLayer, backdrop_layer()),
    );
}

/// Units (a square in the side's colour per unit, stacked) and victory hexes (a gold ring).
fn sync_marks(
    mut commands: Commands,
    st: Option<Res<EditorState>>,
    mut view: ResMut<EditorView>,
    old: Query<Entity, With<MarksLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
) {
    let Some(st) = st else { return };
    let f = &st.ed.file;
    let key = (f.units.clone(), f.victory.clone(), st.selected.clone());
    if view.marks.as_ref() == Some(&key) {
        return;
    }
    view.marks = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let numbering = f.map.numbering();
    let hex = |l: &str| numbering.parse(l).ok();
    let mut b = Batch::on(numbering.orientation);
    for v in &f.victory {
        if let Some(c) = hex(&v.hex) {
            b.hex_outline(c, 0.9, 5.0, Color::srgb(0.85, 0.68, 0.10));
        }
    }
    let top = unit_squares(&mut b, f, st.selected.as_ref());
    // The top unit of each stack: its kind's initial and strength ("I4", "L" for a leader).
    for (p, u) in top.values() {
        let strength = match &u.strength {
            Some(crate::rules::scenario::StrengthFile::Organized(n)) if *n > 0.0 => {
                format!("{n}")
            }
            Some(crate::rules::scenario::StrengthFile::Disorganized { cv, .. }) => format!("{cv}d"),
            _ => String::new(),
        };
        let kind = format!("{:?}", u.kind);
        commands.spawn((
            Text2d::new(format!("{}{strength}", &kind[..1])),
            TextFont {
                font_size: bevy::text::FontSize::Px(15.0),
                ..default()
            },
            TextColor(Color::WHITE),
            Transform::from_xyz(p.x, p.y, 11.0),
            EditorPart,
            MarksLayer,
        ));
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        b,
        10.0,
        (EditorPart, MarksLayer),
    );
}

/// A square per unit in its side's colour, stacked down and to the right in its hex, edged
/// in gold when `selected`. Returns the top unit of each stack, with where it is drawn.
fn unit_squares<'a>(
    b: &mut Batch,
    f: &'a ScenarioFile,
    selected: Option<&String>,
) -> std::collections::BTreeMap<Coord, (Vec2, &'a crate::rules::scenario::UnitFile)> {
    let numbering = f.map.numbering();
    let o = numbering.orientation;
    let hex = |l: &str| numbering.parse(l).ok();
    let mut count = std::collections::HashMap::<Coord, usize>::new();
    let mut top =
        std::collections::BTreeMap::<Coord, (Vec2, &crate::rules::scenario::UnitFile)>::new();
    let sides = &f.sides;
    for u in &f.units {
        let Some(c) = hex(&u.hex) else { continue };
        let k = count.entry(c).or_insert(0);
        let side = sides.iter().position(|s| *s == u.side).unwrap_or(0);
        let names = [
            sides.first().map_or("", String::as_str),
            sides.get(1).map_or("", String::as_str),
        ];
        let color = crate::client::units::side_color(crate::client::units::tone_of_names(
            names,
            crate::rules::unit::SideId(side as u8),
        ));
        let p = hex_to_world(o, c) + Vec2::new(-6.0, 6.0) * *k as f32;
        let s = if u.kind == crate::rules::unit::UnitKind::Leader {
            14.0
        } else {
            22.0
        };
        let sel = selected == Some(&u.id);
        let edge = if sel {
            Color::srgb(1.0, 0.85, 0.1)
        } else {
            Color::BLACK
        };
        let e = s + if sel { 4.0 } else { 1.5 };
        b.quad(
            p + Vec2::new(-e, -e),
            p + Vec2::new(e, -e),
            p + Vec2::new(e, e),
            p + Vec2::new(-e, e),
            edge,
        );
        b.quad(
            p + Vec2::new(-s, -s),
            p + Vec2::new(s, -s),
            p + Vec2::new(s, s),
            p + Vec2::new(-s, s),
            color,
        );
        *k += 1;
        top.insert(c, (p, u));
    }
    top
}

/// The transform from the scan's pixels (x right, y down) to the world: the alignment when it
/// has two points, else the image stretched over the map's width from its top-left corner.
pub fn scan_transform(f: &ScenarioFile, size: UVec2) -> Affine {
    if let Some(a) = f.underlay.as_ref().and_then(|u| {
        let o = f.map.orientation;
        grid_to_map(u, o, true, |c| {
            let p = hex_to_world(o, c);
            (f64::from(p.x), f64::from(p.y))
        })
    }) {
        return a;
    }
    Affine::from_similarity(&scan_similarity(f, size))
}

/// [`scan_transform`] by the two alignment points, or stretched over the map's width.
fn scan_similarity(f: &ScenarioFile, size: UVec2) -> Similarity {
    let n = f.map.numbering();
    let o = n.orientation;
    let centre = |l: &str| -> Result<(f64, f64), String> {
        let c = n.parse(l).map_err(|e| e.to_string())?;
        let p = hex_to_world(o, c);
        Ok((f64::from(p.x), f64::from(p.y)))
    };
    if let Some(u) = &f.underlay {
        // Pixels with y down against a world with y up: align on (x, -y).
        let mut flipped = u.clone();
        for p in &mut flipped.align {
            p.y = -p.y;
        }
        if let Ok(s) = image_to_map(&flipped, centre) {
            return s;
        }
    }
    let a = hex_to_world(o, n.at(1, 1));
    let b = hex_to_world(o, n.at(f.map.columns.max(1) as i32, 1));
    let map_w = f64::from((b.x - a.x) + 2.0 * HEX_SIZE);
    let scale = map_w / f64::from(size.x.max(1));
    Similarity {
        scale,
        rotation: 0.0,
        offset: (f64::from(a.x - HEX_SIZE), f64::from(a.y + HEX_SIZE * 0.87)),
    }
}

/// Where the scan's sprite goes for the pixel-to-world transform `s` (the pixels flipped: y
/// up), at depth `z`.
pub fn scan_sprite_transform(s: &Affine, size: UVec2, z: f32) -> Transform {
    let (w, h) = (f64::from(size.x), f64::from(size.y));
    // The sprite's centre: the pixel (w/2, h/2), i.e. (w/2, -h/2) in the flipped frame.
    let (cx, cy) = s.apply((w / 2.0, -h / 2.0));
    let (rot, sx, sy) = s.rotation_scale();
    Transform {
        translation: Vec3::new(cx as f32, cy as f32, z),
        rotation: Quat::from_rotation_z(rot as f32),
        scale: Vec3::new(sx as f32, sy as f32, 1.0),
    }
}

/// The scan's pixel under world point `p`, if a scan is shown.
pub fn scan_pixel(st: &EditorState, p: Vec2) -> Option<Vec2> {
    let size = st.scan_size?;
    let s = scan_transform(&st.ed.file, size).inverse();
    let (x, y) = s.apply((f64::from(p.x), f64::from(p.y)));
    Some(Vec2::new(x as f32, -y as f32))
}

/// Read a PNG (or JPEG, where the build has it) from disk into an image.
pub(crate) fn read_image(path: &std::path::Path) -> Result<Image, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    Image::from_buffer(
        &bytes,
        ImageType::Extension(&ext),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::default(),
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// The map scan: loaded when its path changes, placed by its alignment, faded by its opacity.
fn sync_scan(
    mut commands: Commands,
    st: Option<ResMut<EditorState>>,
    mut view: ResMut<EditorView>,
    mut images: ResMut<Assets<Image>>,
    mut sprite: Query<(Entity, &mut Sprite, &mut Transform, &mut Visibility), With<ScanSprite>>,
) {
    let Some(mut st) = st else { return };
    let Some(u) = st.ed.file.underlay.clone().filter(|u| !u.image.is_empty()) else {
        for (e, ..) in &sprite {
            commands.entity(e).despawn();
        }
        view.scan = None;
        st.scan_size = None;
        return;
    };
    if view.scan.as_ref().map(|s| &s.0) != Some(&u.image) {
        for (e, ..) in &sprite {
            commands.entity(e).despawn();
        }
        view.scan = None;
        st.scan_size = None;
        let path = crate::editor::underlay::image_path(&u, &st.path);
        match read_image(&path) {
            Ok(img) => {
                let size = img.size();
                let h = images.add(img);
                commands.spawn((
                    Sprite::from_image(h.clone()),
                    Transform::default(),
                    EditorPart,
                    ScanSprite,
                    backdrop_layer(),
                ));
                view.scan = Some((u.image.clone(), h, size));
                st.scan_size = Some(size);
                st.scan_warning = None;
            }
            Err(e) => {
                // A warning, not an error: the scenario plays without its scan.
                st.scan_warning = Some(format!("Map scan not shown: {e}"));
                view.scan = Some((u.image.clone(), Handle::default(), UVec2::ZERO));
            }
        }
        return;
    }
    let Some((_, _, size)) = view.scan.clone() else {
        return;
    };
    if size == UVec2::ZERO {
        return;
    }
    let s = scan_transform(&st.ed.file, size);
    for (_, mut spr, mut t, mut vis) in &mut sprite {
        let want = scan_sprite_transform(&s, size, 0.5);
        if *t != want {
            *t = want;
        }
        let color = Color::srgba(1.0, 1.0, 1.0, u.opacity as f32);
        if spr.color != color {
            spr.color = color;
        }
        let v = if u.visible {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != v {
            *vis = v;
        }
    }
}

/// The tool under the pointer: the hex, the hexside, the route being dragged.
fn sync_cursor(
    mut commands: Commands,
    st: Option<Res<EditorState>>,
    mut view: ResMut<EditorView>,
    old: Query<Entity, With<CursorLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
) {
    let Some(st) = st else { return };
    let key: CursorKey = (
        st.hover,
        st.hover_side,
        st.route_path.clone(),
        st.selected.clone(),
        st.tool,
    );
    if view.cursor.as_ref() == Some(&key) {
        return;
    }
    view.cursor = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let o = st.ed.file.map.orientation;
    let mut b = Batch::on(o);
    let gold = Color::srgb(1.0, 0.85, 0.1);
    if let Some((h, d)) = st.hover_side {
        let (a, c) = layout::edge(o, h, h.neighbor(d));
        b.line(a, c, 8.0, gold);
    } else if let Some(h) = st.hover {
        b.hex_outline(h, 1.0, 3.0, gold);
    }
    if st.route_path.len() >= 2 {
        let pts: Vec<Vec2> = st.route_path.iter().map(|c| hex_to_world(o, *c)).collect();
        b.polyline(&pts, 8.0, Color::srgba(1.0, 0.85, 0.1, 0.8));
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        b,
        20.0,
        (EditorPart, CursorLayer),
    );
}

/// Bring a hex asked for (a problem clicked, a unit in the roster) into view.
fn follow(st: Option<ResMut<EditorState>>, mut cam: Query<&mut Transform, With<MapCamera>>) {
    let Some(mut st) = st else { return };
    let Some(h) = st.focus.take() else { return };
    if let Ok(mut t) = cam.single_mut() {
        let p = hex_to_world(st.ed.file.map.orientation, h);
        t.translation.x = p.x;
        t.translation.y = p.y;
    }
}
