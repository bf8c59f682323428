//! The terrain layer: a `bevy_ecs_tilemap` hex tilemap (the design's tile layer), one tile per
//! hex cut from the terrain atlas (`assets/tiles/terrain.png`, one 128x112 cell per terrain),
//! rendered in chunks of [`CHUNK`] x [`CHUNK`] tiles, so a repaint in the editor rebuilds one
//! small chunk.
//!
//! The tilemap is drawn by the backdrop camera only ([`super::backdrop`]): its entity carries
//! the backdrop's render layer, and `bevy_ecs_tilemap` 0.19 gives tilemaps a visibility class
//! (`TilemapRenderSettings`) and queues each view's chunks from that view's visible entities,
//! so the map camera, whose layer it is not, never draws it (checked by
//! [`tests::the_map_camera_does_not_see_the_tilemap`] and the window test's frame ratio).

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::layout::{HEX_SIZE, TILE_H, TILE_W, hex_to_world};
use crate::rules::hex::{Coord, Orientation};
use crate::rules::map::Terrain;

/// Tiles along each side of a render chunk.
pub const CHUNK: u32 = 16;

/// Cells in the terrain atlas (one per [`Terrain`], in [`terrain_index`] order).
pub const ATLAS_CELLS: u32 = 17;

/// Index of a terrain in the atlas.
pub fn terrain_index(t: Terrain) -> u32 {
    match t {
        Terrain::Clear => 0,
        Terrain::Rolling => 1,
        Terrain::Rough => 2,
        Terrain::Woods => 3,
        Terrain::City => 4,
        Terrain::Swamp => 5,
        Terrain::Mountain => 6,
        Terrain::ProvisionalSwamp => 7,
        Terrain::HeavyWoods => 8,
        Terrain::Orchard => 9,
        Terrain::Church => 10,
        Terrain::Ravine => 11,
        Terrain::Stream => 12,
        Terrain::Ford => 13,
        Terrain::Bridge => 14,
        Terrain::SunkenRoad => 15,
        Terrain::FortifiedCity => 16,
    }
}

/// The tilemap's tile of model hex `c` on a map of `cols` x `rows` model hexes. A flat-top
/// map: `ColumnEven` with tile rows counted from the bottom (its y points up), so (column, row)
/// is (column - 1, rows - row). A pointy-top map is the same tilemap turned a quarter turn
/// ([`tilemap_transform`]) with its columns in reverse order, from an even column so that each
/// keeps its half-hex shift: a quarter turn of a mirror is the mirror across the diagonal the
/// model keeps such a map as, and a turn, unlike a mirror, keeps the tiles' faces towards the
/// camera.
pub fn tile_pos(o: Orientation, c: Coord, (cols, rows): (u32, u32)) -> TilePos {
    let x = match o {
        Orientation::Flat => c.col - 1,
        Orientation::Pointy => reversed_from(cols) - c.col - 1,
    };
    TilePos {
        x: x as u32,
        y: rows - c.row as u32,
    }
}

/// The even column number past the last one that the reversed columns count down from.
fn reversed_from(cols: u32) -> i32 {
    let c = cols as i32 + 1;
    if c % 2 == 0 { c } else { c + 1 }
}

/// The tilemap's size in tiles (a pointy-top map's may have one empty column more).
pub fn tilemap_size(o: Orientation, (cols, rows): (u32, u32)) -> TilemapSize {
    match o {
        Orientation::Flat => TilemapSize { x: cols, y: rows },
        Orientation::Pointy => TilemapSize {
            x: reversed_from(cols) as u32 - 1,
            y: rows,
        },
    }
}

/// Where the tilemap entity goes, and how it is turned, so that its tiles sit on
/// [`hex_to_world`].
pub fn tilemap_transform(o: Orientation, dims: (u32, u32), z: f32) -> Transform {
    let first = Coord::new(1, 1);
    let local = tile_pos(o, first, dims).center_in_world(
        &tilemap_size(o, dims),
        &grid_size(),
        &tile_size(),
        &MAP_TYPE,
        &TilemapAnchor::None,
    );
    let turn = match o {
        Orientation::Flat => Quat::IDENTITY,
        Orientation::Pointy => Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
    };
    let at = hex_to_world(o, first) - (turn * local.extend(0.0)).truncate();
    Transform::from_xyz(at.x, at.y, z).with_rotation(turn)
}

/// The tilemap's grid: hexes of circumradius [`HEX_SIZE`], flat-topped.
pub fn grid_size() -> TilemapGridSize {
    TilemapGridSize {
        x: 2.0 * HEX_SIZE,
        y: 3f32.sqrt() * HEX_SIZE,
    }
}

/// An atlas cell.
pub fn tile_size() -> TilemapTileSize {
    TilemapTileSize {
        x: TILE_W,
        y: TILE_H,
    }
}

/// The map type: flat-topped hexes, even columns half a hex lower (as `scenario.md` prints them).
pub const MAP_TYPE: TilemapType = TilemapType::Hexagon(HexCoordSystem::ColumnEven);

/// On the terrain layer's entities (its tilemap and its tiles).
#[derive(Component, Clone, Copy, Default)]
pub struct TerrainPart;

/// A drawn terrain layer: its tilemap and its tiles, row-major from the top-left, for
/// repainting single hexes.
#[derive(Default, Clone)]
pub struct TerrainLayer {
    pub columns: u32,
    pub rows: u32,
    pub tilemap: Option<Entity>,
    tiles: Vec<Entity>,
}

impl TerrainLayer {
    /// The tile entity of the hex at `at` (printed coordinates), if it is on the layer.
    pub fn tile(&self, at: Coord) -> Option<Entity> {
        let (c, r) = (
            u32::try_from(at.col - 1).ok()?,
            u32::try_from(at.row - 1).ok()?,
        );
        if c >= self.columns || r >= self.rows {
            return None;
        }
        self.tiles.get((r * self.columns + c) as usize).copied()
    }

    /// Repaint the hex at `at` with terrain `t`; false off the layer.
    pub fn set(&self, tiles: &mut Query<&mut TileTextureIndex>, at: Coord, t: Terrain) -> bool {
        let Some(mut index) = self.tile(at).and_then(|e| tiles.get_mut(e).ok()) else {
            return false;
        };
        index.0 = terrain_index(t);
        true
    }
}

/// Spawn the terrain of a `cols` x `rows` map (the terrain of each hex from `terrain`) as a
/// tilemap of the atlas `atlas` at depth `z`, in the backdrop's layer, its entities marked
/// with `marker`.
pub fn spawn(
    commands: &mut Commands,
    atlas: &Handle<Image>,
    o: Orientation,
    (cols, rows): (u32, u32),
    terrain: impl Fn(Coord) -> Terrain,
    z: f32,
    marker: impl Component + Clone,
) -> TerrainLayer {
    let size = tilemap_size(o, (cols, rows));
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn((TerrainPart, marker.clone())).id();
    let mut tiles = Vec::with_capacity((cols * rows) as usize);
    for r in 1..=rows {
        for c in 1..=cols {
            let at = Coord::new(c as i32, r as i32);
            let position = tile_pos(o, at, (cols, rows));
            let tile = commands
                .spawn((
                    TileBundle {
                        position,
                        tilemap_id: TilemapId(tilemap),
                        texture_index: TileTextureIndex(terrain_index(terrain(at))),
                        ..default()
                    },
                    // A repainted tile makes the backdrop stale (`backdrop::follow_map_camera`).
                    super::backdrop::OnBackdrop,
                    TerrainPart,
                    marker.clone(),
                ))
                .id();
            storage.set(&position, tile);
            tiles.push(tile);
        }
    }
    commands.entity(tilemap).insert((
        TilemapBundle {
            grid_size: grid_size(),
            map_type: MAP_TYPE,
            size,
            storage,
            texture: TilemapTexture::Single(atlas.clone()),
            tile_size: tile_size(),
            anchor: TilemapAnchor::None,
            transform: tilemap_transform(o, (cols, rows), z),
            render_settings: TilemapRenderSettings {
                render_chunk_size: UVec2::splat(CHUNK),
                y_sort: false,
            },
            ..default()
        },
        super::backdrop::backdrop_layer(),
    ));
    TerrainLayer {
        columns: cols,
        rows,
        tilemap: Some(tilemap),
        tiles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::camera::visibility::{RenderLayers, VisibleEntities};

    // The atlas has one cell per terrain, each TILE_W x TILE_H.
    #[test]
    fn the_atlas_has_a_cell_for_every_terrain() {
        let png = super::super::map::TERRAIN_PNG;
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), (ATLAS_CELLS * TILE_W as u32, TILE_H as u32));
        let all = Terrain::ALL
            .iter()
            .map(|t| terrain_index(*t))
            .collect::<std::collections::BTreeSet<_>>();
        assert_eq!(all, (0..ATLAS_CELLS).collect());
    }

    // The tilemap's hex layout puts every tile where the rules' geometry says, on a flat-top
    // map and (turned, columns reversed) on a pointy-top one, of odd and even widths.
    #[test]
    fn tilemap_tiles_sit_on_the_hex_centres() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for (cols, rows) in [(7u32, 5u32), (6, 5), (4, 9)] {
                let size = tilemap_size(o, (cols, rows));
                let t = tilemap_transform(o, (cols, rows), 0.0);
                let mut seen = std::collections::BTreeSet::new();
                for col in 1..=cols as i32 {
                    for row in 1..=rows as i32 {
                        let c = Coord::new(col, row);
                        let tp = tile_pos(o, c, (cols, rows));
                        assert!(tp.x < size.x && tp.y < size.y, "{o:?} {c:?}");
                        assert!(seen.insert((tp.x, tp.y)), "{o:?} {c:?} shares a tile");
                        let p = tp.center_in_world(
                            &size,
                            &grid_size(),
                            &tile_size(),
                            &MAP_TYPE,
                            &TilemapAnchor::None,
                        );
                        let got = t.transform_point(p.extend(0.0)).truncate();
                        let want = hex_to_world(o, c);
                        assert!(
                            (got - want).length() < 0.01,
                            "{o:?} {cols}x{rows} {col},{row}: {got} vs {want}"
                        );
                    }
                }
            }
        }
    }

    /// A headless app with the tilemap of a `cols` x `rows` map of `terrain` (no renderer).
    fn layer_app(cols: u32, rows: u32, terrain: impl Fn(Coord) -> Terrain) -> (App, TerrainLayer) {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            TransformPlugin,
            bevy::camera::visibility::VisibilityPlugin,
        ))
        .init_asset::<Image>()
        .init_asset::<Mesh>()
        .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>();
        let layer = {
            let world = app.world_mut();
            let atlas = world.resource_mut::<Assets<Image>>().add(Image::default());
            let mut commands = world.commands();
            let layer = spawn(
                &mut commands,
                &atlas,
                Orientation::Flat,
                (cols, rows),
                terrain,
                0.0,
                Name::new("t"),
            );
            world.flush();
            layer
        };
        (app, layer)
    }

    // Each hex is one tile, at its own position, showing its own terrain's cell; repainting a
    // hex changes that tile alone.
    #[test]
    fn each_hex_is_one_tile_and_a_repaint_changes_only_it() {
        let (cols, rows) = (CHUNK + 3, 9);
        let terrain = |c: Coord| Terrain::ALL[((c.col * 7 + c.row) as usize) % Terrain::ALL.len()];
        let (mut app, layer) = layer_app(cols, rows, terrain);
        let world = app.world_mut();
        let mut seen = std::collections::BTreeSet::new();
        for r in 1..=rows as i32 {
            for c in 1..=cols as i32 {
                let at = Coord::new(c, r);
                let e = layer.tile(at).unwrap();
                assert!(seen.insert(e), "{at:?} shares a tile");
                assert_eq!(
                    *world.get::<TilePos>(e).unwrap(),
                    tile_pos(Orientation::Flat, at, (cols, rows))
                );
                assert_eq!(
                    world.get::<TileTextureIndex>(e).unwrap().0,
                    terrain_index(terrain(at))
                );
            }
        }
        let before: Vec<u32> = seen
            .iter()
            .map(|e| world.get::<TileTextureIndex>(*e).unwrap().0)
            .collect();
        let mut state: bevy::ecs::system::SystemState<Query<&mut TileTextureIndex>> =
            bevy::ecs::system::SystemState::new(world);
        let mut q = state.get_mut(world).unwrap();
        assert!(layer.set(&mut q, Coord::new(18, 3), Terrain::Woods));
        assert!(!layer.set(&mut q, Coord::new(cols as i32 + 1, 3), Terrain::Woods));
        assert!(!layer.set(&mut q, Coord::new(0, 3), Terrain::Woods));
        let changed = layer.tile(Coord::new(18, 3)).unwrap();
        for (e, b) in seen.iter().zip(&before) {
            let now = world.get::<TileTextureIndex>(*e).unwrap().0;
            if *e == changed {
                assert_eq!(now, terrain_index(Terrain::Woods));
            } else {
                assert_eq!(now, *b);
            }
        }
    }

    // Issue 34.8: the tilemap is drawn by the backdrop camera only. `bevy_ecs_tilemap` queues a
    // view's chunks from the tilemaps visible to it (its visibility class); with the backdrop's
    // render layer the tilemap is visible to the backdrop camera and not to the map camera.
    #[test]
    fn the_map_camera_does_not_see_the_tilemap() {
        let (mut app, layer) = layer_app(4, 3, |_| Terrain::Clear);
        let map_cam = app
            .world_mut()
            .spawn((Camera2d, Camera::default(), RenderLayers::layer(0)))
            .id();
        let backdrop_cam = app
            .world_mut()
            .spawn((
                Camera2d,
                Camera {
                    order: -1,
                    ..default()
                },
                RenderLayers::layer(super::super::backdrop::BACKDROP_LAYER),
            ))
            .id();
        app.update();
        app.update();
        let tilemap = layer.tilemap.unwrap();
        let sees = |cam: Entity| {
            app.world()
                .get::<VisibleEntities>(cam)
                .unwrap()
                .get(std::any::TypeId::of::<TilemapRenderSettings>())
                .contains(&tilemap)
        };
        assert!(sees(backdrop_cam), "the backdrop camera draws the terrain");
        assert!(
            !sees(map_cam),
            "the map camera must not draw the terrain again"
        );
    }
}
