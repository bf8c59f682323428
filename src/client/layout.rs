//! Screen geometry of the map: where a hex's centre is in the world, which hex is under a
//! point, and the size of the terrain atlas's cells.
//!
//! World units: a hex's circumradius is [`HEX_SIZE`]; x grows to the right, y upwards, so row 1
//! is at the top and rows go down the screen (y negative). Column 1 is at x = 0.
//!
//! A pointy-top map is kept as its flat-top mirror across the diagonal (`rules::hex`): its
//! hexes are drawn where the mirror's are, mirrored back, `(x, y)` to `(-y, -x)`, so the model's
//! columns are the printed rows going down the screen.

use bevy::math::Vec2;
use hexx::HexLayout;

use crate::rules::hex::{Coord, Orientation};

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

/// The mirror across the diagonal that turns a flat-top map's world into its pointy-top
/// twin's (its own inverse).
fn mirror(o: Orientation, p: Vec2) -> Vec2 {
    match o {
        Orientation::Flat => p,
        Orientation::Pointy => Vec2::new(-p.y, -p.x),
    }
}

/// World position of a hex centre on a map standing `o`.
pub fn hex_to_world(o: Orientation, c: Coord) -> Vec2 {
    mirror(o, hex_layout().hex_to_world_pos(c.to_hex()))
}

/// The hex under a world position (may be off the map).
pub fn world_to_hex(o: Orientation, p: Vec2) -> Coord {
    Coord::from_hex(hex_layout().world_pos_to_hex(mirror(o, p)))
}

/// The two end points of the hexside between adjacent hexes `a` and `b`.
pub fn edge(o: Orientation, a: Coord, b: Coord) -> (Vec2, Vec2) {
    let ca = hex_to_world(o, a);
    let cb = hex_to_world(o, b);
    let mid = (ca + cb) / 2.0;
    let along = (cb - ca).perp().normalize_or_zero() * (HEX_SIZE / 2.0);
    (mid - along, mid + along)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [Orientation; 2] = [Orientation::Flat, Orientation::Pointy];

    #[test]
    fn world_and_hex_round_trip() {
        for o in BOTH {
            for col in 0..9 {
                for row in 0..9 {
                    let c = Coord::new(col, row);
                    assert_eq!(world_to_hex(o, hex_to_world(o, c)), c);
                    assert_eq!(
                        world_to_hex(o, hex_to_world(o, c) + Vec2::new(20.0, -15.0)),
                        c
                    );
                }
            }
        }
        let flat = |c, r| hex_to_world(Orientation::Flat, Coord::new(c, r));
        // Row 1 at the top, even columns half a hex lower.
        assert!(flat(1, 2).y < flat(1, 1).y);
        assert!(flat(2, 1).y < flat(1, 1).y);
        assert!(flat(3, 1).y == flat(1, 1).y);
        // Pointy-top: printed column c, row r is the model's (r, c); rows run straight across
        // and go down the screen, even rows half a hex to the right.
        let n = crate::rules::hex::Numbering::new(Orientation::Pointy, 9, 9);
        let pointy = |c, r| hex_to_world(Orientation::Pointy, n.at(c, r));
        assert!(pointy(2, 1).x > pointy(1, 1).x && pointy(2, 1).y == pointy(1, 1).y);
        assert!(pointy(1, 2).y < pointy(1, 1).y);
        assert!((pointy(1, 2).x - pointy(1, 1).x - 3f32.sqrt() * HEX_SIZE / 2.0).abs() < 0.01);
        assert!(pointy(1, 3).x == pointy(1, 1).x);
    }

    #[test]
    fn edges_lie_between_centres() {
        for o in BOTH {
            let a = Coord::new(3, 3);
            for n in a.neighbors() {
                let (p, q) = edge(o, a, n);
                assert!(((p - q).length() - HEX_SIZE).abs() < 0.01);
                let mid = (hex_to_world(o, a) + hex_to_world(o, n)) / 2.0;
                assert!(((p + q) / 2.0 - mid).length() < 0.01);
            }
        }
    }
}
