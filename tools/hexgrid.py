"""The hex grid the scenario generators draw on (tools/gen_shiloh1862.py,
tools/gen_wilsonscreek1861.py, tools/gen_smolensk1812.py): flat-topped hexes numbered from 1 in
columns then rows, even columns half a hex lower (docs/scenario-format.md), laid over a field
measured in any unit (yards, km) with x east and y north.
"""

import math

# The six neighbours of a flat-topped hex by direction (cube steps), as scenario.md names them.
DIRS = {"N": (0, 1, -1), "NE": (1, 0, -1), "SE": (1, -1, 0), "S": (0, -1, 1),
        "SW": (-1, 0, 1), "NW": (-1, 1, 0)}


class Grid:
    """`columns` x `rows` hexes `size` across (side to side), hex 0101's centre at
    (`x_west`, `y_top`); columns `size * sqrt(3) / 2` apart unless `col` is given."""

    def __init__(self, x_west, y_top, size, columns, rows, col=None):
        self.x_west, self.y_top, self.size = x_west, y_top, size
        self.columns, self.rows = columns, rows
        self.col = size * math.sqrt(3) / 2 if col is None else col

    def centre(self, c, r):
        x = self.x_west + (c - 1) * self.col
        y = self.y_top - (r - 1) * self.size - (self.size / 2 if c % 2 == 0 else 0)
        return x, y

    def on_map(self, h):
        return 1 <= h[0] <= self.columns and 1 <= h[1] <= self.rows

    def hex_at(self, x, y):
        """The hex whose centre is nearest to (x, y), clamped onto the map."""
        best = None
        c0 = round((x - self.x_west) / self.col) + 1
        for c in range(c0 - 1, c0 + 2):
            r0 = round((self.y_top - y - (self.size / 2 if c % 2 == 0 else 0)) / self.size) + 1
            for r in range(r0 - 1, r0 + 2):
                cx, cy = self.centre(c, r)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, c, r)
        _, c, r = best
        return min(max(c, 1), self.columns), min(max(r, 1), self.rows)

    def in_circle(self, x, y, rad):
        out = [(c, r) for c in range(1, self.columns + 1) for r in range(1, self.rows + 1)
               if (self.centre(c, r)[0] - x) ** 2 + (self.centre(c, r)[1] - y) ** 2 <= rad ** 2]
        h = self.hex_at(x, y)
        return out if h in out else out + [h]

    def polyline(self, points):
        """The hexes along a course through `points`, each next to the last, no A B A."""
        hexes = []
        for p, q in zip(points, points[1:]):
            for h in line(self.hex_at(*p), self.hex_at(*q)):
                if not hexes or hexes[-1] != h:
                    hexes.append(h)
        out = []
        for h in hexes:
            if len(out) >= 2 and out[-2] == h:
                out.pop()
                continue
            out.append(h)
        return out

    def neighbours(self, h):
        for d in DIRS:
            n = step(h, d)
            if self.on_map(n):
                yield n


def to_cube(c, r):
    q, rr = c - 1, r - 1
    z = rr - (q - (q & 1)) // 2
    return q, -q - z, z


def from_cube(x, y, z):
    return x + 1, z + (x - (x & 1)) // 2 + 1


def cube_round(x, y, z):
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def distance(a, b):
    ax, ay, az = to_cube(*a)
    bx, by, bz = to_cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def line(a, b):
    """Hexes from a to b, each next to the last (cube interpolation)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = to_cube(*a)
    bx, by, bz = to_cube(*b)
    out = []
    for i in range(n + 1):
        t = i / n
        h = from_cube(*cube_round(ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 1e-6,
                                  az + (bz - az) * t - 2e-6))
        if not out or out[-1] != h:
            out.append(h)
    return out


def step(h, d):
    x, y, z = to_cube(*h)
    dx, dy, dz = DIRS[d]
    return from_cube(x + dx, y + dy, z + dz)


def label(h):
    return f"{h[0]:02d}{h[1]:02d}"


def ron_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Svg:
    """A map picture of a grid's hexes, `s` pixels a hex's radius (docs/scenarios/*-map.svg)."""

    def __init__(self, grid, s):
        self.grid, self.s, self.out = grid, s, []
        w = grid.columns * 1.5 * s + 6 * s
        h = (grid.rows + 1) * math.sqrt(3) * s + 4 * s
        self.out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}">')

    def px(self, c, r):
        g, s = self.grid, self.s
        x, y = g.centre(c, r)
        return (x - g.x_west) / g.col * s * 1.5 + 2 * s, (g.y_top - y) / g.size * s * math.sqrt(3) + 2 * s

    def hexagon(self, h, fill, extra=""):
        x, y = self.px(*h)
        s = self.s
        pts = " ".join(f"{x + s * math.cos(math.radians(a)):.1f},{y + s * math.sin(math.radians(a)):.1f}"
                       for a in range(0, 360, 60))
        self.out.append(f'<polygon points="{pts}" fill="{fill}"{extra}/>')

    def route(self, hexes, width):
        d = " ".join(f"{self.px(*q)[0]:.1f},{self.px(*q)[1]:.1f}" for q in hexes)
        self.out.append(f'<polyline points="{d}" fill="none" stroke="#705030" stroke-width="{width}"/>')

    def ring(self, h, r):
        x, y = self.px(*h)
        self.out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" stroke="#d0a000" stroke-width="2"/>')

    def counter(self, h, colour):
        x, y = self.px(*h)
        self.out.append(f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>')

    def text(self):
        return "\n".join(self.out + ["</svg>"]) + "\n"
