//! Screen geometry of the map: where a hex's centre is in the world, which hex is under a
//! point, and the size of the terrain atlas's cells.
//!
//! World units: a hex's circumradius is [`HEX_SIZE`]; x grows to the right, y upwards, so row 1
//! is at the top and rows go down the screen (y negative). Column 1 is at x = 0.

use bevy::math::Vec2;
use hexx::HexLayout;

use crate::rules::hex::Coord;

/// Hex circumradius in world units (the terrain tiles are drawn for this size).
pub const HEX_SIZE: f32 = 64.0;
/// Tile image size (the terrain atlas cells).
pub const TILE_W: f32 = 128.0;
pub const TILE_H: f32 = 112.0;

/// The smallest text on a counter (the status markers, [`super::units`]): the opening zoom
/// keeps it at least `input::LEGIBLE_PX` on screen.
pub const TEXT_SMALLEST: f32 = 12.0;

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

#[cfg(test)]
mod tests {
    use super::*;

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
