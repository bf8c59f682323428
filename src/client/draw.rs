//! A small batcher of coloured triangles: thick lines, dashes, hexagons and discs, built into
//! one `Mesh` with vertex colours so a whole layer (rivers, roads, overlays) is one draw call.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use bevy::prelude::*;

use super::layout::{HEX_SIZE, hex_to_world};
use crate::rules::hex::{Coord, Orientation};

/// Marks every entity of the overlays drawn over the map (zones of control, flank colours,
/// the move shading, the target and path marks), so the editor can hide them all.
#[derive(Component)]
pub struct OverlayPart;

/// Triangles of one layer, drawn over a map standing [`Batch::orientation`] (its hexagons and
/// hex positions follow it).
#[derive(Default)]
pub struct Batch {
    pos: Vec<[f32; 3]>,
    col: Vec<[f32; 4]>,
    idx: Vec<u32>,
    pub orientation: Orientation,
}

impl Batch {
    /// An empty batch for a map standing `o`.
    pub fn on(o: Orientation) -> Self {
        Batch {
            orientation: o,
            ..default()
        }
    }

    /// The angle of a hexagon's `i`-th corner: from 0 (flat top), from 30° (pointy top).
    fn corner(&self, i: usize) -> f32 {
        let first = match self.orientation {
            Orientation::Flat => 0.0,
            Orientation::Pointy => std::f32::consts::FRAC_PI_6,
        };
        first + std::f32::consts::FRAC_PI_3 * i as f32
    }

    pub fn is_empty(&self) -> bool {
        self.idx.is_empty()
    }

    pub fn triangles(&self) -> usize {
        self.idx.len() / 3
    }

    fn vertex(&mut self, p: Vec2, c: [f32; 4]) -> u32 {
        self.pos.push([p.x, p.y, 0.0]);
        self.col.push(c);
        (self.pos.len() - 1) as u32
    }

    pub fn triangle(&mut self, a: Vec2, b: Vec2, c: Vec2, color: Color) {
        let k = color.to_linear().to_f32_array();
        let i = self.vertex(a, k);
        let j = self.vertex(b, k);
        let l = self.vertex(c, k);
        self.idx.extend([i, j, l]);
    }

    pub fn quad(&mut self, a: Vec2, b: Vec2, c: Vec2, d: Vec2, color: Color) {
        self.triangle(a, b, c, color);
        self.triangle(a, c, d, color);
    }

    /// A thick line from `a` to `b` with square ends.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        let d = (b - a).normalize_or_zero();
        let n = d.perp() * (width / 2.0);
        self.quad(a - n, b - n, b + n, a + n, color);
    }

    /// A dashed line.
    pub fn dashed(&mut self, a: Vec2, b: Vec2, width: f32, dash: f32, gap: f32, color: Color) {
        let len = (b - a).length();
        let d = (b - a).normalize_or_zero();
        let mut t = 0.0;
        while t < len {
            let e = (t + dash).min(len);
            self.line(a + d * t, a + d * e, width, color);
            t = e + gap;
        }
    }

    /// A polyline: each segment runs half a width past its ends, which closes the joins
    /// (two triangles a segment: software rendering pays per triangle).
    pub fn polyline(&mut self, pts: &[Vec2], width: f32, color: Color) {
        for w in pts.windows(2) {
            let d = (w[1] - w[0]).normalize_or_zero() * (width / 2.0);
            self.line(w[0] - d, w[1] + d, width, color);
        }
    }

    pub fn disc(&mut self, c: Vec2, r: f32, sides: usize, color: Color) {
        for i in 0..sides {
            let a0 = std::f32::consts::TAU * i as f32 / sides as f32;
            let a1 = std::f32::consts::TAU * (i + 1) as f32 / sides as f32;
            self.triangle(
                c,
                c + Vec2::from_angle(a0) * r,
                c + Vec2::from_angle(a1) * r,
                color,
            );
        }
    }

    /// A filled hexagon around a hex centre, `scale` of the full size.
    pub fn hex_fill(&mut self, hex: Coord, scale: f32, color: Color) {
        let c = hex_to_world(self.orientation, hex);
        let r = HEX_SIZE * scale;
        for i in 0..6 {
            let (a0, a1) = (self.corner(i), self.corner(i + 1));
            self.triangle(
                c,
                c + Vec2::from_angle(a0) * r,
                c + Vec2::from_angle(a1) * r,
                color,
            );
        }
    }

    /// The outline of a hex, drawn inside its edge.
    pub fn hex_outline(&mut self, hex: Coord, scale: f32, width: f32, color: Color) {
        let c = hex_to_world(self.orientation, hex);
        let r = HEX_SIZE * scale;
        for i in 0..6 {
            let (a0, a1) = (self.corner(i), self.corner(i + 1));
            let (p0, p1) = (c + Vec2::from_angle(a0) * r, c + Vec2::from_angle(a1) * r);
            let (q0, q1) = (
                c + Vec2::from_angle(a0) * (r - width),
                c + Vec2::from_angle(a1) * (r - width),
            );
            self.quad(p0, p1, q1, q0, color);
        }
    }

    pub fn into_mesh(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.pos)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.col)
        .with_inserted_indices(Indices::U32(self.idx))
    }
}

/// Spawn a batch as a mesh entity at depth `z` (nothing if empty).
pub fn spawn_batch(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    material: &Handle<ColorMaterial>,
    batch: Batch,
    z: f32,
    extra: impl Bundle,
) -> Option<Entity> {
    if batch.is_empty() {
        return None;
    }
    Some(
        commands
            .spawn((
                Mesh2d(meshes.add(batch.into_mesh())),
                MeshMaterial2d(material.clone()),
                Transform::from_xyz(0.0, 0.0, z),
                extra,
            ))
            .id(),
    )
}

/// The shared white material that shows vertex colours as they are.
#[derive(Resource, Clone)]
pub struct VertexColorMaterial(pub Handle<ColorMaterial>);

pub fn plugin(app: &mut App) {
    let handle = app
        .world_mut()
        .resource_mut::<Assets<ColorMaterial>>()
        .add(ColorMaterial {
            color: Color::WHITE,
            // Overlays are translucent: blend by the vertex colours' alpha.
            alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
            ..default()
        });
    app.insert_resource(VertexColorMaterial(handle));
}
