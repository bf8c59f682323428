#!/usr/bin/env python3
"""Generate Musket's tile art: assets/tiles/terrain.png and assets/tiles/symbols.png.

Standard library only (no PIL). A small signed-distance rasteriser draws circles,
rings, arcs, lines, polygons and rectangle outlines with coverage-based
anti-aliasing (coverage = clamp(0.5 - signed distance), about one pixel of ramp),
and a minimal PNG writer (zlib + struct) saves 8-bit RGBA with an sRGB chunk.
Colours are plain sRGB values, blended in sRGB like a printed map.

Every random choice comes from random.Random seeded with SEED (plus the tile
index), so re-running the script produces byte-identical files.

Run from anywhere:  python3 tools/gen_art.py
"""

import math
import os
import random
import struct
import zlib

SEED = 1862
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "assets", "tiles")

# Flat-topped hexagon, circumradius 64 px. The tile is 128 x 112 (112 is
# sqrt(3) * 64 = 110.85 rounded); the hexagon fills the tile exactly, so it is
# stretched vertically by about 1% to touch the top and bottom edges.
TILE_W, TILE_H = 128, 112
HEX_VERTS = [(0, 56), (32, 0), (96, 0), (128, 56), (96, 112), (32, 112)]
INSET = 5.0          # patterns stay this far inside the hex edge
BORDER_DARKEN = 0.20  # the outer 2 px of the hex are this much darker

SYMBOL = 64


# --------------------------------------------------------------------------
# Shapes: a signed distance function (negative inside) plus a bounding box.
# --------------------------------------------------------------------------

class Shape:
    __slots__ = ("sdf", "bbox")

    def __init__(self, sdf, bbox):
        self.sdf = sdf
        self.bbox = bbox  # (x0, y0, x1, y1), may be loose


def clamp01(v):
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    t = ((px - ax) * dx + (py - ay) * dy) / l2 if l2 else 0.0
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _bbox_of(points, pad):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def circle(cx, cy, r):
    return Shape(lambda x, y: math.hypot(x - cx, y - cy) - r,
                 (cx - r, cy - r, cx + r, cy + r))


def ring(cx, cy, r, w):
    h = w / 2
    return Shape(lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - h,
                 (cx - r - h, cy - r - h, cx + r + h, cy + r + h))


def line(ax, ay, bx, by, w):
    """A stroke with round caps."""
    h = w / 2
    return Shape(lambda x, y: _seg_dist(x, y, ax, ay, bx, by) - h,
                 _bbox_of([(ax, ay), (bx, by)], h))


def polyline(points, w):
    h = w / 2
    segs = list(zip(points, points[1:]))

    def sdf(x, y):
        return min(_seg_dist(x, y, a[0], a[1], b[0], b[1]) for a, b in segs) - h
    return Shape(sdf, _bbox_of(points, h))


def _polygon_sdf(points):
    edges = list(zip(points, points[1:] + points[:1]))

    def sdf(x, y):
        d = float("inf")
        inside = False
        for (ax, ay), (bx, by) in edges:
            e = _seg_dist(x, y, ax, ay, bx, by)
            if e < d:
                d = e
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return -d if inside else d
    return sdf


def polygon(points):
    return Shape(_polygon_sdf(points), _bbox_of(points, 0))


def polygon_outline(points, w):
    f = _polygon_sdf(points)
    h = w / 2
    return Shape(lambda x, y: abs(f(x, y)) - h, _bbox_of(points, h))


def rect(x0, y0, x1, y1):
    return polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def _box_sdf(x, y, cx, cy, hx, hy):
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0)


def rect_outline(x0, y0, x1, y1, w):
    """Stroke of width w centred on the rectangle's edges, square corners."""
    cx, cy, hx, hy, h = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, w / 2

    def sdf(x, y):
        return max(_box_sdf(x, y, cx, cy, hx + h, hy + h),
                   -_box_sdf(x, y, cx, cy, hx - h, hy - h))
    return Shape(sdf, (x0 - h, y0 - h, x1 + h, y1 + h))


def _in_sweep(a, a0, a1):
    """Is angle a on the arc that runs from a0 increasing to a1 (a1 > a0)?"""
    return (a - a0) % (2 * math.pi) <= a1 - a0


def ellipse_arc(cx, cy, rx, ry, a0, a1, w):
    """Stroke of an elliptical arc from parametric angle a0 increasing to a1
    (radians; image coordinates, y grows downwards, so -pi/2 points up), round
    caps. The distance is the first-order estimate f / |grad f|, close enough
    for thin strokes."""
    h = w / 2
    s = rx / ry

    def sdf(x, y):
        dx, dy = x - cx, (y - cy) * s
        q = math.hypot(dx, dy) or 1e-9
        a = math.atan2(dy, dx)
        if _in_sweep(a, a0, a1):
            g = math.hypot(dx, dy * s) / q  # |grad| of hypot(dx, dy*s)
            return abs(q - rx) / g - h
        ends = [(cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in (a0, a1)]
        return min(math.hypot(x - ex, y - ey) for ex, ey in ends) - h
    return Shape(sdf, (cx - rx - h, cy - ry - h, cx + rx + h, cy + ry + h))


def union(*shapes):
    fs = [s.sdf for s in shapes]
    bb = (min(s.bbox[0] for s in shapes), min(s.bbox[1] for s in shapes),
          max(s.bbox[2] for s in shapes), max(s.bbox[3] for s in shapes))
    return Shape(lambda x, y: min(f(x, y) for f in fs), bb)


# --------------------------------------------------------------------------
# Canvas: float RGBA, straight alpha, 0..255.
# --------------------------------------------------------------------------

class Canvas:
    def __init__(self, w, h, color=(0, 0, 0), alpha=0.0):
        self.w, self.h = w, h
        n = w * h
        self.r = [float(color[0])] * n
        self.g = [float(color[1])] * n
        self.b = [float(color[2])] * n
        self.a = [float(alpha)] * n
        self.clip = None  # optional per-pixel multiplier for paint()

    def paint(self, shape, color, opacity=1.0):
        """Blend `color` over the canvas with the shape's pixel coverage."""
        x0, y0, x1, y1 = shape.bbox
        x0 = max(0, int(math.floor(x0)) - 1)
        y0 = max(0, int(math.floor(y0)) - 1)
        x1 = min(self.w, int(math.ceil(x1)) + 1)
        y1 = min(self.h, int(math.ceil(y1)) + 1)
        sdf, clip = shape.sdf, self.clip
        cr, cg, cb = color
        R, G, B, A = self.r, self.g, self.b, self.a
        for y in range(y0, y1):
            py = y + 0.5
            row = y * self.w
            for x in range(x0, x1):
                cov = 0.5 - sdf(x + 0.5, py)
                if cov <= 0.0:
                    continue
                i = row + x
                k = (1.0 if cov > 1.0 else cov) * opacity
                if clip is not None:
                    k *= clip[i]
                    if k <= 0.0:
                        continue
                R[i] += (cr - R[i]) * k
                G[i] += (cg - G[i]) * k
                B[i] += (cb - B[i]) * k
                A[i] += (255.0 - A[i]) * k

    def blit(self, src, ox, oy):
        for y in range(src.h):
            d, s = (oy + y) * self.w + ox, y * src.w
            self.r[d:d + src.w] = src.r[s:s + src.w]
            self.g[d:d + src.w] = src.g[s:s + src.w]
            self.b[d:d + src.w] = src.b[s:s + src.w]
            self.a[d:d + src.w] = src.a[s:s + src.w]

    def to_bytes(self):
        out = bytearray(self.w * self.h * 4)
        for i, px in enumerate(zip(self.r, self.g, self.b, self.a)):
            for j, v in enumerate(px):
                out[i * 4 + j] = 0 if v <= 0 else 255 if v >= 255 else int(v + 0.5)
        return bytes(out)


# --------------------------------------------------------------------------
# PNG writer (RGBA 8-bit, adaptive filtering, sRGB chunk).
# --------------------------------------------------------------------------

def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _filter_row(row, prev, bpp=4):
    """Return (filter type, filtered bytes) with the smallest sum of |signed bytes|."""
    n = len(row)
    left = bytes(bpp) + row[:n - bpp]
    upleft = bytes(bpp) + prev[:n - bpp]
    cands = [
        (0, row),
        (1, bytes((row[i] - left[i]) & 255 for i in range(n))),
        (2, bytes((row[i] - prev[i]) & 255 for i in range(n))),
        (3, bytes((row[i] - ((left[i] + prev[i]) >> 1)) & 255 for i in range(n))),
        (4, bytes((row[i] - _paeth(left[i], prev[i], upleft[i])) & 255 for i in range(n))),
    ]
    return min(cands, key=lambda c: sum(v if v < 128 else 256 - v for v in c[1]))


def write_png(path, w, h, rgba):
    stride = w * 4
    raw = bytearray()
    prev = bytes(stride)
    for y in range(h):
        row = rgba[y * stride:(y + 1) * stride]
        ftype, data = _filter_row(row, prev)
        raw.append(ftype)
        raw += data
        prev = row

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
           + chunk(b"sRGB", b"\x00")  # perceptual rendering intent
           + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
           + chunk(b"IEND", b""))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(png)


# --------------------------------------------------------------------------
# Terrain helpers.
# --------------------------------------------------------------------------

HEX_SDF = _polygon_sdf(HEX_VERTS)


def hex_inside(x, y, margin):
    return HEX_SDF(x, y) < -margin


def value_noise(rng, w, h, cell):
    """Smooth random field in [-1, 1] (bilinear value noise, smoothstep weights)."""
    gw, gh = w // cell + 2, h // cell + 2
    grid = [[rng.uniform(-1.0, 1.0) for _ in range(gw)] for _ in range(gh)]

    def f(x, y):
        gx, gy = x / cell, y / cell
        ix, iy = int(gx), int(gy)
        tx, ty = gx - ix, gy - iy
        tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        top = grid[iy][ix] + (grid[iy][ix + 1] - grid[iy][ix]) * tx
        bot = grid[iy + 1][ix] + (grid[iy + 1][ix + 1] - grid[iy + 1][ix]) * tx
        return top + (bot - top) * ty
    return f


def base_tile(rng, color, mottle, grain):
    """An opaque tile of `color` with a soft printed mottling and fine grain."""
    c = Canvas(TILE_W, TILE_H, color, 255.0)
    noise = value_noise(rng, TILE_W, TILE_H, 14)
    for y in range(TILE_H):
        for x in range(TILE_W):
            i = y * TILE_W + x
            d = mottle * noise(x, y) + grain * rng.uniform(-1.0, 1.0)
            c.r[i] += d
            c.g[i] += d
            c.b[i] += d * 0.9
    # Patterns fade out INSET px from the hexagon edge.
    c.clip = [clamp01(-HEX_SDF(x + 0.5, y + 0.5) - INSET)
              for y in range(TILE_H) for x in range(TILE_W)]
    return c


def finish_tile(c):
    """Darken the hexagon's outer 2 px and cut it out with an anti-aliased edge."""
    c.clip = None
    for y in range(TILE_H):
        for x in range(TILE_W):
            i = y * TILE_W + x
            sd = HEX_SDF(x + 0.5, y + 0.5)
            k = 1.0 - BORDER_DARKEN * clamp01(sd + 2.5)
            c.r[i] *= k
            c.g[i] *= k
            c.b[i] *= k
            c.a[i] = 255.0 * clamp01(0.5 - sd)
    return c


def scatter(rng, count, min_dist, margin, tries=4000):
    """Up to `count` random points inside the hexagon (at least `margin` from its
    edge) and at least `min_dist` apart; dart throwing, so deterministic per rng."""
    pts = []
    for _ in range(tries):
        if len(pts) >= count:
            break
        x, y = rng.uniform(0, TILE_W), rng.uniform(0, TILE_H)
        if not hex_inside(x, y, margin):
            continue
        if all((x - px) ** 2 + (y - py) ** 2 >= min_dist ** 2 for px, py in pts):
            pts.append((x, y))
    return pts


def shade(color, k):
    return tuple(v * k for v in color)


def reed_tuft(c, x, y, size, color, width=1.3):
    """A little fan of reed blades growing up from (x, y), with a ground stroke."""
    for dx, dh in ((-0.55, 0.75), (-0.25, 1.0), (0.05, 1.1), (0.35, 0.95), (0.6, 0.7)):
        c.paint(line(x + dx * 2, y, x + dx * size, y - dh * size, width), color)
    c.paint(line(x - size * 0.55, y + 0.5, x + size * 0.55, y + 0.5, width), color)


def water_dashes(c, rng, rows, color, width, dash, gap, avoid=(), avoid_r=0.0):
    """Rows of short horizontal dashes; `dash`/`gap` are (min, max) lengths."""
    for y in rows:
        x = rng.uniform(0, gap[1])
        while x < TILE_W:
            length = rng.uniform(*dash)
            mx = x + length / 2
            ok = hex_inside(x, y, INSET + 1) and hex_inside(x + length, y, INSET + 1)
            if ok and all((mx - ax) ** 2 + (y - ay) ** 2 > avoid_r ** 2 for ax, ay in avoid):
                c.paint(line(x, y, x + length, y, width), color)
            x += length + rng.uniform(*gap)


# --------------------------------------------------------------------------
# The terrains (index order = atlas order = `terrain_index` in src/client/map.rs).
# --------------------------------------------------------------------------

CLEAR_BASE = (214, 214, 170)


def tile_clear(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    for x, y in scatter(rng, 45, 6, INSET + 2):
        c.paint(circle(x, y, 0.7), (168, 170, 128), 0.45)
    return c


def tile_rolling(rng):
    c = base_tile(rng, (192, 196, 142), mottle=5.0, grain=2.5)
    contour = (134, 132, 88)
    # (hilltop x, y, number of contours): nested flat contour rings, each left
    # open at the bottom so they read as soft form lines, not outlines
    hills = [(38, 38, 3), (92, 40, 3), (50, 82, 2), (92, 84, 1)]
    for hx, hy, n in hills:
        hx += rng.uniform(-2, 2)
        hy += rng.uniform(-2, 2)
        for k in range(n):
            rx = 6 + 7 * k
            ry = rx * 0.6
            gap = rng.uniform(1.3, 1.9)  # opening, radians, around straight down
            tilt = rng.uniform(-0.2, 0.2)
            a0 = math.pi / 2 + gap / 2 + tilt
            c.paint(ellipse_arc(hx, hy + 1.5 * k, rx, ry, a0, a0 + 2 * math.pi - gap, 1.6),
                    contour, 0.8)
    return c


def tile_rough(rng):
    base = (204, 186, 140)
    c = base_tile(rng, base, mottle=6.0, grain=3.0)
    stone, hatch = (96, 82, 60), (128, 108, 76)
    pts = scatter(rng, 36, 10, INSET + 4)
    for n, (x, y) in enumerate(pts):
        if n % 3 == 2:  # a group of three short hatch strokes
            for k in (-2.2, 0, 2.2):
                c.paint(line(x + k - 1.5, y + 2.5, x + k + 1.5, y - 2.5, 1.3), hatch)
        else:  # an irregular stone, lit from the upper left
            r = rng.uniform(2.0, 3.4)
            pts_ = [(x + r * rng.uniform(0.7, 1.2) * math.cos(a),
                     y + r * rng.uniform(0.6, 1.0) * math.sin(a))
                    for a in [2 * math.pi * j / 6 + rng.uniform(-0.3, 0.3) for j in range(6)]]
            c.paint(polygon(pts_), stone)
            c.paint(circle(x - r * 0.3, y - r * 0.3, r * 0.35), shade(base, 0.8), 0.8)
    return c


def tile_woods(rng):
    c = base_tile(rng, (104, 134, 78), mottle=5.0, grain=2.5)
    fills = [(92, 128, 68), (84, 120, 62), (100, 136, 72), (88, 124, 70)]
    outline, light = (40, 64, 34), (128, 158, 94)
    trees = scatter(rng, 70, 10.5, INSET + 8, tries=8000)
    trees.sort(key=lambda p: (p[1], p[0]))  # back to front
    for x, y in trees:
        r = rng.uniform(6.0, 7.8)
        c.paint(circle(x, y, r), rng.choice(fills))
        c.paint(circle(x - r * 0.3, y - r * 0.3, r * 0.4), light, 0.35)
        c.paint(ring(x, y, r, 1.4), outline)
    return c


def tile_city(rng):
    base = (206, 205, 200)
    c = base_tile(rng, base, mottle=3.0, grain=2.0)
    street, building = (150, 148, 142), (78, 76, 80)
    xs = [24, 44, 64, 84, 104]
    ys = [20, 38, 56, 74, 92]
    # streets
    for x in xs:
        c.paint(line(x, 8, x, 104, 1.8), street)
    for y in ys:
        c.paint(line(8, y, 120, y, 1.8), street)
    # buildings in the blocks (only blocks well inside the hex)
    for bx0, bx1 in zip(xs, xs[1:]):
        for by0, by1 in zip(ys, ys[1:]):
            corners = [(bx0, by0), (bx1, by0), (bx0, by1), (bx1, by1)]
            if not all(hex_inside(px, py, INSET) for px, py in corners):
                continue
            # up to three of the block's four corner lots hold a building
            lots = [(bx0 + 3, by0 + 3), (bx1 - 3, by0 + 3), (bx0 + 3, by1 - 3), (bx1 - 3, by1 - 3)]
            for sx, sy in rng.sample(lots, rng.choice((1, 2, 2, 3))):
                w, h = rng.uniform(5.5, 7.5), rng.uniform(4.5, 6.5)
                x = sx if sx < (bx0 + bx1) / 2 else sx - w
                y = sy if sy < (by0 + by1) / 2 else sy - h
                c.paint(rect(x, y, x + w, y + h), shade(building, rng.uniform(0.9, 1.1)))
    return c


def tile_swamp(rng):
    c = base_tile(rng, (142, 176, 164), mottle=5.0, grain=2.5)
    water, reed = (52, 100, 120), (46, 84, 52)
    tufts = scatter(rng, 9, 26, INSET + 9)
    water_dashes(c, rng, range(12, 104, 8), water, 1.9, dash=(6, 12), gap=(4, 9),
                 avoid=tufts, avoid_r=8.0)
    for x, y in tufts:
        reed_tuft(c, x, y + 4, 7.5, reed)
    return c


def _lerp(p, q, t):
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def tile_mountain(rng):
    base = (168, 134, 100)
    c = base_tile(rng, base, mottle=8.0, grain=3.0)
    lit, dark, ink = (206, 176, 136), (112, 82, 58), (64, 44, 30)
    # (apex, left base x, right base x, base y), back to front
    peaks = [((34, 22), 13, 66, 64), ((95, 30), 64, 116, 70), ((57, 44), 27, 100, 94)]
    for apex, lx, rx, by in peaks:
        ax, ay = apex
        left, right = (lx, by), (rx, by)
        # rocky kinks on both slopes
        ls = _lerp(apex, left, 0.5)
        ls = (ls[0] - 1.5, ls[1] - 1.0)
        rs = _lerp(apex, right, 0.4)
        rs = (rs[0] + 1.5, rs[1] - 0.5)
        # the ridge that splits the lit (west) face from the shaded (east) face
        foot = (ax + (rx - ax) * 0.25, by)
        r1 = (ax + 1.5, ay + (by - ay) * 0.35)
        r2 = (ax + (rx - ax) * 0.12, ay + (by - ay) * 0.65)
        c.paint(polygon([apex, ls, left, foot, r2, r1]), lit)
        c.paint(polygon([apex, r1, r2, foot, right, rs]), dark)
        # engraved shading strokes across the dark face
        for t in (0.5, 0.66, 0.82):
            p = _lerp(apex, foot, t)
            q = _lerp(apex, right, t)
            c.paint(line(*_lerp(p, q, 0.3), *_lerp(p, q, 0.7), 1.2), ink, 0.55)
        c.paint(polygon_outline([left, ls, apex, rs, right], 2.0), ink)
        c.paint(polyline([apex, r1, r2, foot], 1.2), ink, 0.6)
    return c


def tile_provisional_swamp(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    mark = (38, 116, 114)
    for x, y in scatter(rng, 6, 30, INSET + 12):
        # three staggered rows of short dashes: a thin, broken swamp sign
        for row, (count, off) in enumerate(((2, 0.0), (3, -3.5), (2, 0.0))):
            yy = y + (row - 1) * 5.0
            for k in range(count):
                xx = x - 7 + off + k * 8
                c.paint(line(xx, yy, xx + 4.5, yy, 2.0), mark)
    return c


def tile_heavy_woods(rng):
    c = base_tile(rng, (70, 100, 56), mottle=5.0, grain=2.5)
    fills = [(58, 92, 46), (52, 86, 42), (64, 98, 50)]
    outline, light = (24, 44, 22), (96, 128, 74)
    trees = scatter(rng, 110, 8.0, INSET + 7, tries=9000)
    trees.sort(key=lambda p: (p[1], p[0]))
    for x, y in trees:
        r = rng.uniform(5.5, 7.0)
        c.paint(circle(x, y, r), rng.choice(fills))
        c.paint(circle(x - r * 0.3, y - r * 0.3, r * 0.4), light, 0.3)
        c.paint(ring(x, y, r, 1.4), outline)
    return c


def tile_orchard(rng):
    c = base_tile(rng, (200, 206, 156), mottle=4.0, grain=2.5)
    fill, outline = (120, 150, 80), (60, 84, 44)
    for row in range(6):
        for col in range(7):
            x, y = 22 + col * 14 + (7 if row % 2 else 0), 20 + row * 15
            if hex_inside(x, y, INSET + 6):
                c.paint(circle(x, y, 4.2), fill)
                c.paint(ring(x, y, 4.2, 1.1), outline)
    return c


def tile_church(rng):
    c = tile_woods(rng)
    wall, ink = (236, 232, 220), (50, 40, 36)
    c.paint(rect(50, 50, 78, 74), wall)
    c.paint(rect_outline(50, 50, 78, 74, 1.6), ink)
    c.paint(polygon([(48, 51), (64, 38), (80, 51)]), (150, 60, 50))
    c.paint(line(64, 22, 64, 38, 2.2), ink)
    c.paint(line(58, 28, 70, 28, 2.2), ink)
    return c


def tile_ravine(rng):
    base = (196, 176, 132)
    c = base_tile(rng, base, mottle=6.0, grain=3.0)
    ink = (92, 66, 40)
    pts = [(10, 40), (34, 52), (52, 48), (72, 64), (94, 60), (120, 76)]
    c.paint(polyline(pts, 7.0), shade(base, 0.7))
    c.paint(polyline(pts, 2.0), ink)
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        for t in (0.25, 0.5, 0.75):
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            c.paint(line(x, y - 4, x - 2, y - 9, 1.4), ink, 0.7)
            c.paint(line(x, y + 4, x + 2, y + 9, 1.4), ink, 0.7)
    return c


def _stream(c, width=4.0):
    water = (60, 120, 190)
    pts = [(6, 60), (26, 52), (46, 62), (66, 54), (86, 64), (106, 56), (124, 62)]
    c.paint(polyline(pts, width), water)
    return pts


def tile_stream(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    _stream(c)
    return c


def tile_ford(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    _stream(c, 6.0)
    for k in range(-2, 3):
        c.paint(line(58 + k * 5, 46, 62 + k * 5, 72, 2.2), (226, 214, 160))
    return c


def tile_bridge(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    _stream(c, 6.0)
    c.paint(rect(56, 40, 72, 78), (120, 76, 40))
    c.paint(rect_outline(56, 40, 72, 78, 1.4), (60, 36, 20))
    return c


def tile_sunken_road(rng):
    c = base_tile(rng, CLEAR_BASE, mottle=4.0, grain=2.5)
    bank, road = (120, 96, 60), (170, 130, 84)
    c.paint(line(8, 64, 120, 64, 14.0), bank)
    c.paint(line(8, 64, 120, 64, 8.0), road)
    for x in range(14, 118, 8):
        c.paint(line(x, 55, x + 3, 57, 1.4), (70, 54, 30))
        c.paint(line(x, 73, x + 3, 71, 1.4), (70, 54, 30))
    return c


def tile_fortified_city(rng):
    c = tile_city(rng)
    ink = (60, 40, 40)
    pts = []
    for k in range(10):
        r = 46 if k % 2 == 0 else 34
        a = k * math.pi / 5
        pts.append((64 + r * math.sin(a), 56 - r * math.cos(a) * 0.85))
    c.paint(polygon_outline(pts, 3.0), ink)
    return c


TERRAINS = [
    ("clear", tile_clear),
    ("rolling", tile_rolling),
    ("rough", tile_rough),
    ("woods", tile_woods),
    ("city", tile_city),
    ("swamp", tile_swamp),
    ("mountain", tile_mountain),
    ("provisional swamp", tile_provisional_swamp),
    ("heavy woods", tile_heavy_woods),
    ("orchard", tile_orchard),
    ("woods/church", tile_church),
    ("ravine", tile_ravine),
    ("stream", tile_stream),
    ("ford", tile_ford),
    ("bridge", tile_bridge),
    ("sunken road", tile_sunken_road),
    ("fortified city", tile_fortified_city),
]


# --------------------------------------------------------------------------
# Unit-type symbols: white on transparent, 64 x 64, 5 px strokes.
# --------------------------------------------------------------------------

STROKE = 5.0
BOX = (7.0, 16.0, 57.0, 48.0)  # NATO unit frame, about 3:2


def symbol_infantry():
    x0, y0, x1, y1 = BOX
    return union(rect_outline(*BOX, STROKE),
                 line(x0, y0, x1, y1, STROKE), line(x0, y1, x1, y0, STROKE))


def symbol_cavalry():
    x0, y0, x1, y1 = BOX
    return union(rect_outline(*BOX, STROKE), line(x0, y1, x1, y0, STROKE))


def symbol_artillery():
    x0, y0, x1, y1 = BOX
    return union(rect_outline(*BOX, STROKE), circle((x0 + x1) / 2, (y0 + y1) / 2, 7.5))


def symbol_leader():
    cx, cy, ro = 32.0, 35.0, 28.0
    ri = ro * 0.382  # the regular pentagram's inner radius
    pts = [(cx + (ro if k % 2 == 0 else ri) * math.sin(k * math.pi / 5),
            cy - (ro if k % 2 == 0 else ri) * math.cos(k * math.pi / 5)) for k in range(10)]
    return polygon(pts)


def symbol_wagon():
    return union(rect_outline(10.0, 18.0, 54.0, 40.0, STROKE),
                 ring(20.0, 46.0, 6.0, 3.5), ring(44.0, 46.0, 6.0, 3.5))


def symbol_gunboat():
    hull = polygon([(4.0, 34.0), (60.0, 34.0), (50.0, 48.0), (14.0, 48.0)])
    return union(hull, rect(24.0, 20.0, 40.0, 34.0), line(32.0, 8.0, 32.0, 20.0, 4.0))


SYMBOLS = [
    ("infantry", symbol_infantry),
    ("cavalry", symbol_cavalry),
    ("artillery", symbol_artillery),
    ("leader", symbol_leader),
    ("wagon", symbol_wagon),
    ("gunboat", symbol_gunboat),
]


# --------------------------------------------------------------------------

def main():
    atlas = Canvas(TILE_W * len(TERRAINS), TILE_H)
    for i, (_, make) in enumerate(TERRAINS):
        tile = finish_tile(make(random.Random(SEED * 100 + i)))
        atlas.blit(tile, i * TILE_W, 0)
    path = os.path.join(OUT_DIR, "terrain.png")
    write_png(path, atlas.w, atlas.h, atlas.to_bytes())
    print("wrote", os.path.relpath(path, ROOT), f"{atlas.w}x{atlas.h}")

    sym = Canvas(SYMBOL * len(SYMBOLS), SYMBOL, (255, 255, 255), 0.0)
    for i, (_, make) in enumerate(SYMBOLS):
        tile = Canvas(SYMBOL, SYMBOL, (255, 255, 255), 0.0)
        tile.paint(make(), (255, 255, 255))
        sym.blit(tile, i * SYMBOL, 0)
    path = os.path.join(OUT_DIR, "symbols.png")
    write_png(path, sym.w, sym.h, sym.to_bytes())
    print("wrote", os.path.relpath(path, ROOT), f"{sym.w}x{sym.h}")


if __name__ == "__main__":
    main()
