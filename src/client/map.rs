//! The map view: one hexagon per hex, coloured by terrain.

use bevy::prelude::*;

use super::GameState;
use crate::rules::map::Terrain;

/// Hex circumradius in world units.
pub const HEX_SIZE: f32 = 32.0;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_map);
}

pub fn terrain_color(t: Terrain) -> Color {
    match t {
        Terrain::Clear => Color::srgb(0.80, 0.84, 0.62),
        Terrain::Rolling => Color::srgb(0.70, 0.76, 0.50),
        Terrain::Rough => Color::srgb(0.62, 0.58, 0.44),
        Terrain::Woods => Color::srgb(0.30, 0.52, 0.28),
        Terrain::City => Color::srgb(0.62, 0.55, 0.55),
        Terrain::Swamp => Color::srgb(0.40, 0.55, 0.55),
        Terrain::Mountain => Color::srgb(0.55, 0.45, 0.35),
        Terrain::ProvisionalSwamp => Color::srgb(0.55, 0.66, 0.58),
    }
}

/// World position of a hex centre (flat-topped, y up, row 1 at the top).
pub fn hex_center(col: i32, row: i32) -> Vec2 {
    let x = 1.5 * HEX_SIZE * (col - 1) as f32;
    let shift = if col % 2 == 0 { 0.5 } else { 0.0 };
    let y = -(3f32.sqrt() * HEX_SIZE) * ((row - 1) as f32 + shift);
    Vec2::new(x, y)
}

fn spawn_map(
    mut commands: Commands,
    state: Res<GameState>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let map = &state.0.game.scenario.map;
    let hex = meshes.add(RegularPolygon::new(HEX_SIZE * 0.97, 6));
    let mut centre = Vec2::ZERO;
    for c in map.coords() {
        let t = map.terrain(c).unwrap_or(Terrain::Clear);
        let p = hex_center(c.col, c.row);
        centre += p;
        commands.spawn((
            Mesh2d(hex.clone()),
            MeshMaterial2d(materials.add(terrain_color(t))),
            // RegularPolygon is pointy-topped; turn it 30 degrees for flat tops.
            Transform::from_translation(p.extend(0.0))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_6)),
        ));
    }
    centre /= map.len().max(1) as f32;
    commands.spawn((
        Camera2d,
        Msaa::Off,
        Transform::from_translation(centre.extend(100.0)),
    ));
}
