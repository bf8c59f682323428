//! Screen geometry of the map: where a hex's centre is in the world, which hex is under a
//! point, and how that lines up with bevy_ecs_tilemap.
//!
//! World units: a hex's circumradius is [`HEX_SIZE`]; x grows to the right, y upwards, so row 1
//! is at the top and rows go down the screen (y negative). Column 1 is at x = 0.

use bevy::math::Vec2;
use bevy_ecs_tilemap::prelude::{TilePos, TilemapGridSize, TilemapSize, TilemapTileSize};
use hexx::HexLayout;

use crate::rules::hex::Coord;

/// Hex circumradius in world units (the terrain tiles are drawn for this size).
pub const HEX_SIZE: f32 = 64.0;
/// Tile image size (the terrain atlas cells).
pub const TILE_W: f32 = 128.0;
pub const TILE_H: f32 = 112.0;

/// The hexx layout of the map: flat-topped, y pointing down the printed rows.
pub fn hex_layout() -> HexLayout {
    let mut l = HexLayout::flat().with_hex_size(HEX_SIZE);
    l.invert_y();
    l
}

/// World position of a hex centre.
pub fn hex_to_world(c: Coord) -> Vec2 {
    hex_layout().hex_to_world_pos(c.to_hex())
}

/// The hex under a world position (may be off the map).
pub fn world_to_hex(p: Vec2) -> Coord {
    Coord::from_hex(hex_layout().world_pos_to_hex(p))
}

/// The two end points of the hexside between adjacent hexes `a` and `b`.
pub fn edge(a: Coord, b: Coord) -> (Vec2, Vec2) {
    let ca = hex_to_world(a);
    let cb = hex_to_world(b);
    let mid = (ca + cb) / 2.0;
    let along = (cb - ca).perp().normalize_or_zero() * (HEX_SIZE / 2.0);
    (mid - along, mid + along)
}

/// The bevy_ecs_tilemap grid for a map: `ColumnEven` with tile rows counted from the bottom
/// (its y points up), so the tile of printed (column, row) is (column-1, rows-row).
pub fn tile_pos(c: Coord, rows: u32) -> TilePos {
    TilePos {
        x: (c.col - 1) as u32,
        y: rows - c.row as u32,
    }
}

pub fn grid_size() -> TilemapGridSize {
    TilemapGridSize {
        x: 2.0 * HEX_SIZE,
        y: 3f32.sqrt() * HEX_SIZE,
    }
}

pub fn tile_size() -> TilemapTileSize {
    TilemapTileSize {
        x: TILE_W,
        y: TILE_H,
    }
}

pub fn map_size(columns: u32, rows: u32) -> TilemapSize {
    TilemapSize {
        x: columns,
        y: rows,
    }
}

/// Where the tilemap entity goes so that its tiles sit on [`hex_to_world`]: the offset of the
/// tile (column 1, row `rows`) relative to the tilemap's own origin.
pub fn tilemap_origin(rows: u32) -> Vec2 {
    hex_to_world(Coord::new(1, rows as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_ecs_tilemap::prelude::{HexCoordSystem, TilemapAnchor, TilemapType};

    // The tilemap's hex layout must put every tile where the rules' geometry says.
    #[test]
    fn tilemap_tiles_sit_on_the_hex_centres() {
        let (cols, rows) = (7u32, 5u32);
        let ms = map_size(cols, rows);
        let ty = TilemapType::Hexagon(HexCoordSystem::ColumnEven);
        let origin = tilemap_origin(rows);
        for col in 1..=cols as i32 {
            for row in 1..=rows as i32 {
                let c = Coord::new(col, row);
                let p = tile_pos(c, rows).center_in_world(
                    &ms,
                    &grid_size(),
                    &tile_size(),
                    &ty,
                    &TilemapAnchor::None,
                );
                let want = hex_to_world(c);
                assert!(
                    (p + origin - want).length() < 0.01,
                    "{col},{row}: {} vs {want}",
                    p + origin
                );
            }
        }
    }

    #[test]
    fn world_and_hex_round_trip() {
        for col in 0..9 {
            for row in 0..9 {
                let c = Coord::new(col, row);
                assert_eq!(world_to_hex(hex_to_world(c)), c);
                assert_eq!(world_to_hex(hex_to_world(c) + Vec2::new(20.0, -15.0)), c);
            }
        }
        // Row 1 at the top, even columns half a hex lower.
        assert!(hex_to_world(Coord::new(1, 2)).y < hex_to_world(Coord::new(1, 1)).y);
        assert!(hex_to_world(Coord::new(2, 1)).y < hex_to_world(Coord::new(1, 1)).y);
        assert!(hex_to_world(Coord::new(3, 1)).y == hex_to_world(Coord::new(1, 1)).y);
    }

    #[test]
    fn edges_lie_between_centres() {
        let a = Coord::new(3, 3);
        for n in a.neighbors() {
            let (p, q) = edge(a, n);
            assert!(((p - q).length() - HEX_SIZE).abs() < 0.01);
            let mid = (hex_to_world(a) + hex_to_world(n)) / 2.0;
            assert!(((p + q) / 2.0 - mid).length() < 0.01);
        }
    }
}
