//! The terrain layer: every hex a textured hexagon cut from the terrain atlas
//! (`assets/tiles/terrain.png`, one 128x112 cell per terrain), drawn opaque, in meshes of
//! [`CHUNK`] x [`CHUNK`] hexes so the renderer culls what is off screen and a repaint in the
//! editor rewrites one small mesh.
//!
//! Why not bevy_ecs_tilemap (used before): its tilemaps are drawn by every camera (0.19.0
//! reads no `RenderLayers`), and the terrain must be drawn by the backdrop camera only
//! ([`super::backdrop`]), not again every frame by the map camera. Drawn every frame, the two
//! cost the same under llvmpipe (measured: 24.8 ms against 23.1 ms a frame on South Mountain,
//! within the noise): the cost is the pixels covered, not the shader or the tile overlap.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use bevy::prelude::*;

use super::layout::{HEX_SIZE, TILE_H, TILE_W, hex_to_world};
use crate::rules::hex::Coord;
use crate::rules::map::Terrain;

/// Hexes along each side of a chunk mesh.
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

/// The six corners of a flat-topped hex around its centre, counter-clockwise from the east.
fn corners() -> [Vec2; 6] {
    let h = HEX_SIZE * 3f32.sqrt() / 2.0;
    [
        Vec2::new(HEX_SIZE, 0.0),
        Vec2::new(HEX_SIZE / 2.0, h),
        Vec2::new(-HEX_SIZE / 2.0, h),
        Vec2::new(-HEX_SIZE, 0.0),
        Vec2::new(-HEX_SIZE / 2.0, -h),
        Vec2::new(HEX_SIZE / 2.0, -h),
    ]
}

/// The texture coordinates of a hex's corners in atlas cell `cell`: the cell's hexagon, its
/// corners half a texel inside so the filter never reads the next cell.
pub fn corner_uvs(cell: u32) -> [[f32; 2]; 6] {
    let h = HEX_SIZE * 3f32.sqrt() / 2.0;
    let (sx, sy) = ((TILE_W / 2.0 - 0.5) / HEX_SIZE, (TILE_H / 2.0 - 0.5) / h);
    let atlas_w = TILE_W * ATLAS_CELLS as f32;
    corners().map(|c| {
        let px = cell.min(ATLAS_CELLS - 1) as f32 * TILE_W + TILE_W / 2.0 + c.x * sx;
        let py = TILE_H / 2.0 - c.y * sy;
        [px / atlas_w, py / TILE_H]
    })
}

/// One chunk's mesh: which hexes it holds (0-based first column and row, and its size).
#[derive(Component, Clone)]
pub struct TerrainChunk {
    pub first: (u32, u32),
    pub size: (u32, u32),
    pub mesh: Handle<Mesh>,
}

/// The chunks of a drawn terrain layer, row-major, for repainting single hexes.
#[derive(Default, Clone)]
pub struct TerrainLayer {
    pub columns: u32,
    pub rows: u32,
    chunks: Vec<Handle<Mesh>>,
}

impl TerrainLayer {
    fn chunks_across(&self) -> u32 {
        self.columns.div_ceil(CHUNK)
    }

    /// Repaint the hex at `at` (printed coordinates) with terrain `t`; false off the layer.
    pub fn set(&self, meshes: &mut Assets<Mesh>, at: Coord, t: Terrain) -> bool {
        let (Ok(c), Ok(r)) = (u32::try_from(at.col - 1), u32::try_from(at.row - 1)) else {
            return false;
        };
        if c >= self.columns || r >= self.rows {
            return false;
        }
        let (cx, cy) = (c / CHUNK, r / CHUNK);
        let Some(handle) = self.chunks.get((cy * self.chunks_across() + cx) as usize) else {
            return false;
        };
        let Some(mut mesh) = meshes.get_mut(handle) else {
            return false;
        };
        let width = CHUNK.min(self.columns - cx * CHUNK);
        let i = ((r % CHUNK) * width + c % CHUNK) as usize;
        let Some(bevy::mesh::VertexAttributeValues::Float32x2(uvs)) =
            mesh.attribute_mut(Mesh::ATTRIBUTE_UV_0)
        else {
            return false;
        };
        match uvs.get_mut(i * 6..i * 6 + 6) {
            Some(slot) => {
                slot.copy_from_slice(&corner_uvs(terrain_index(t)));
                true
            }
            None => false,
        }
    }
}

/// The mesh of the hexes `first`..`first + size` (0-based column and row).
fn chunk_mesh(first: (u32, u32), size: (u32, u32), terrain: &impl Fn(Coord) -> Terrain) -> Mesh {
    let n = (size.0 * size.1) as usize;
    let mut pos = Vec::with_capacity(n * 6);
    let mut uv = Vec::with_capacity(n * 6);
    let mut idx = Vec::with_capacity(n * 12);
    let corners = corners();
    for r in first.1..first.1 + size.1 {
        for c in first.0..first.0 + size.0 {
            let at = Coord::new(c as i32 + 1, r as i32 + 1);
            let centre = hex_to_world(at);
            let base = pos.len() as u32;
            pos.extend(
                corners
                    .iter()
                    .map(|k| [centre.x + k.x, centre.y + k.y, 0.0]),
            );
            uv.extend(corner_uvs(terrain_index(terrain(at))));
            // A hexagon as four triangles fanned from its first corner.
            for t in 1..5 {
                idx.extend([base, base + t, base + t + 1]);
            }
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uv)
    .with_inserted_indices(Indices::U32(idx))
}

/// The opaque material of the terrain: the atlas, no blending.
pub fn material(atlas: Handle<Image>) -> ColorMaterial {
    ColorMaterial {
        color: Color::WHITE,
        texture: Some(atlas),
        alpha_mode: bevy::sprite_render::AlphaMode2d::Opaque,
        ..default()
    }
}

/// Spawn the terrain of a `cols` x `rows` map (the terrain of each hex from `terrain`), every
/// chunk marked with `marker`, at depth `z`.
#[allow(clippy::too_many_arguments)]
pub fn spawn(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    material: &Handle<ColorMaterial>,
    (cols, rows): (u32, u32),
    terrain: impl Fn(Coord) -> Terrain,
    z: f32,
    marker: impl Component + Clone,
) -> TerrainLayer {
    let mut layer = TerrainLayer {
        columns: cols,
        rows,
        chunks: Vec::new(),
    };
    for cy in 0..rows.div_ceil(CHUNK) {
        for cx in 0..cols.div_ceil(CHUNK) {
            let first = (cx * CHUNK, cy * CHUNK);
            let size = (CHUNK.min(cols - first.0), CHUNK.min(rows - first.1));
            let mesh = meshes.add(chunk_mesh(first, size, &terrain));
            commands.spawn((
                Mesh2d(mesh.clone()),
                MeshMaterial2d(material.clone()),
                Transform::from_xyz(0.0, 0.0, z),
                TerrainChunk {
                    first,
                    size,
                    mesh: mesh.clone(),
                },
                super::backdrop::backdrop_layer(),
                marker.clone(),
            ));
            layer.chunks.push(mesh);
        }
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uvs_of(mesh: &Mesh) -> Vec<[f32; 2]> {
        match mesh.attribute(Mesh::ATTRIBUTE_UV_0) {
            Some(bevy::mesh::VertexAttributeValues::Float32x2(v)) => v.clone(),
            _ => panic!("no UVs"),
        }
    }

    fn positions_of(mesh: &Mesh) -> Vec<[f32; 3]> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(bevy::mesh::VertexAttributeValues::Float32x3(v)) => v.clone(),
            _ => panic!("no positions"),
        }
    }

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

    // Each hex's six corners sit on its hexagon around the rules' hex centre, its texture
    // coordinates inside its own atlas cell, and every chunk together covers each hex once.
    #[test]
    fn chunks_cover_each_hex_once_with_its_own_cell() {
        let (cols, rows) = (CHUNK + 3, CHUNK * 2 + 1);
        let terrain = |c: Coord| Terrain::ALL[((c.col * 7 + c.row) as usize) % Terrain::ALL.len()];
        let mut seen = std::collections::BTreeSet::new();
        for cy in 0..rows.div_ceil(CHUNK) {
            for cx in 0..cols.div_ceil(CHUNK) {
                let first = (cx * CHUNK, cy * CHUNK);
                let size = (CHUNK.min(cols - first.0), CHUNK.min(rows - first.1));
                let m = chunk_mesh(first, size, &terrain);
                let (pos, uv) = (positions_of(&m), uvs_of(&m));
                assert_eq!(pos.len(), (size.0 * size.1 * 6) as usize);
                for (i, (p6, uv6)) in pos.chunks(6).zip(uv.chunks(6)).enumerate() {
                    let (lc, lr) = (i as u32 % size.0, i as u32 / size.0);
                    let at = Coord::new((first.0 + lc + 1) as i32, (first.1 + lr + 1) as i32);
                    assert!(seen.insert(at), "{at:?} drawn twice");
                    let centre = hex_to_world(at);
                    let mid = p6.iter().map(|p| Vec2::new(p[0], p[1])).sum::<Vec2>() / 6.0;
                    assert!((mid - centre).length() < 1e-3, "{at:?}");
                    for p in p6 {
                        let d = (Vec2::new(p[0], p[1]) - centre).length();
                        assert!((d - HEX_SIZE).abs() < 1e-3);
                    }
                    let cell = terrain_index(terrain(at)) as f32;
                    for [u, v] in uv6 {
                        let x = u * ATLAS_CELLS as f32 - cell;
                        assert!(
                            x > 0.0 && x < 1.0 && *v > 0.0 && *v < 1.0,
                            "{at:?}: {u} {v}"
                        );
                    }
                }
            }
        }
        assert_eq!(seen.len(), (cols * rows) as usize);
    }

    // Repainting a hex rewrites only that hex's texture coordinates.
    #[test]
    fn repainting_a_hex_changes_only_that_hex() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_plugins(AssetPlugin::default())
            .init_asset::<Mesh>()
            .init_asset::<ColorMaterial>();
        let world = app.world_mut();
        let material = world
            .resource_mut::<Assets<ColorMaterial>>()
            .add(ColorMaterial::default());
        let layer = world.resource_scope(|world, mut meshes: Mut<Assets<Mesh>>| {
            let mut commands = world.commands();
            spawn(
                &mut commands,
                &mut meshes,
                &material,
                (20, 20),
                |_| Terrain::Clear,
                0.0,
                Name::new("t"),
            )
        });
        world.flush();
        let before: Vec<Vec<[f32; 2]>> = layer
            .chunks
            .iter()
            .map(|h| uvs_of(world.resource::<Assets<Mesh>>().get(h).unwrap()))
            .collect();
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        assert!(layer.set(&mut meshes, Coord::new(18, 3), Terrain::Woods));
        assert!(!layer.set(&mut meshes, Coord::new(21, 3), Terrain::Woods));
        assert!(!layer.set(&mut meshes, Coord::new(0, 3), Terrain::Woods));
        let after: Vec<Vec<[f32; 2]>> = layer
            .chunks
            .iter()
            .map(|h| uvs_of(meshes.get(h).unwrap()))
            .collect();
        // Column 18 is in the second chunk across (columns 17-20, 4 wide), row 3 its third row.
        let i = 2 * 4 + 1;
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            for (j, (x, y)) in b.iter().zip(a).enumerate() {
                let changed = k == 1 && j / 6 == i;
                assert_eq!(x != y, changed, "chunk {k} vertex {j}");
            }
        }
        assert_eq!(
            after[1][i * 6..i * 6 + 6],
            corner_uvs(terrain_index(Terrain::Woods))
        );
    }
}
