#!/usr/bin/env python3
"""Generate Musket's Maryland Campaign (September 1862) scenarios.

Writes three GCACW scenarios inspired by the battle of South Mountain, 14 September 1862
(the GCACW game "Here Come the Rebels" covers the campaign):

    scenarios/foxs-gap.ron       small:  12 x 10 hexes, 4 turns
    scenarios/crampton-gap.ron   medium: 22 x 16 hexes, 6 turns (a rain storm on turns 4-5)
    scenarios/south-mountain.ron large:  44 x 32 hexes, 8 turns

Each map is painted from a few features (ridges, woods, towns, streams) rather than typed hex by
hex. The script implements the format's hex geometry itself (scenario.md, "Coordinates":
flat-topped hexes, columns run down, even-numbered columns sit half a hex lower) and asserts
before writing that every route is a chain of adjacent hexes, every hexside joins two adjacent
hexes, no hex holds units of both sides and every unit id is unique.

Streams are drawn along hexsides: a stream is a list of waypoints, and the script joins them by
the shortest path along hex edges. Where a route crosses a stream hexside the script adds a
Bridge (pikes, roads) or a Ford (trails) unless the scenario names another crossing.

Usage:
    python3 tools/gen_scenarios.py           # write the three files
    python3 tools/gen_scenarios.py --show    # also print each map with its units (ASCII)

Then check them:
    cargo run -q --no-default-features -- check scenarios/*.ron
"""

from __future__ import annotations

import heapq
import math
import os
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hexgrid  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# Hex geometry (scenario.md): 1-based (column, row); even-numbered columns sit half a hex lower.
# ---------------------------------------------------------------------------------------------

DIRS = ["N", "NE", "SE", "S", "SW", "NW"]
OPPOSITE = {"N": "S", "NE": "SW", "SE": "NW", "S": "N", "SW": "NE", "NW": "SE"}


def neighbour(h, d):
    """The neighbour of hex h=(col, row) across the hexside facing direction d."""
    c, r = h
    odd = c % 2 == 1
    return {
        "N": (c, r - 1),
        "S": (c, r + 1),
        "NE": (c + 1, r - 1) if odd else (c + 1, r),
        "SE": (c + 1, r) if odd else (c + 1, r + 1),
        "SW": (c - 1, r) if odd else (c - 1, r + 1),
        "NW": (c - 1, r - 1) if odd else (c - 1, r),
    }[d]


def neighbours(h):
    return [neighbour(h, d) for d in DIRS]


def direction(a, b):
    for d in DIRS:
        if neighbour(a, d) == b:
            return d
    return None


def adjacent(a, b):
    return direction(a, b) is not None


# The examples of scenario.md, checked every run.
assert [neighbour((3, 3), d) for d in DIRS] == [(3, 2), (4, 2), (4, 3), (3, 4), (2, 3), (2, 2)]
assert [neighbour((4, 3), d) for d in DIRS] == [(4, 2), (5, 3), (5, 4), (4, 4), (3, 4), (3, 3)]
for _h in [(3, 3), (4, 3), (1, 1), (10, 7)]:
    for _d in DIRS:
        assert neighbour(neighbour(_h, _d), OPPOSITE[_d]) == _h


def to_cube(h):
    c, r = h
    q = c - 1
    z = (r - 1) - (q - (q & 1)) // 2
    return (q, -q - z, z)


def from_cube(x, y, z):
    q = x
    row = z + (q - (q & 1)) // 2
    return (q + 1, row + 1)


def distance(a, b):
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


for _h in [(3, 3), (4, 3)]:
    assert from_cube(*to_cube(_h)) == _h
    for _n in neighbours(_h):
        assert distance(_h, _n) == 1, (_h, _n)


# The nearest hex to a fractional cube position: the generators' one (tools/hexgrid.py).
cube_round = hexgrid.cube_round


def hex_line(a, b):
    """The hexes on the straight line from a to b, both included: a chain of adjacent hexes."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    # A small nudge keeps the rounding off exact hex edges (always to the same side).
    ax, ay, az = ax + 1e-6, ay + 2e-6, az - 3e-6
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(from_cube(*cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)))
    return out


def center(h):
    """Pixel centre of a hex (size 1, flat-topped); y grows downwards."""
    c, r = h
    q = c - 1
    return (1.5 * q, math.sqrt(3) * ((r - 1) + 0.5 * (q & 1)))


def label(h):
    return f"{h[0]:02d}{h[1]:02d}"


def parse(s):
    return (int(s[:2]), int(s[2:]))


# ---------------------------------------------------------------------------------------------
# A map painted from features
# ---------------------------------------------------------------------------------------------

TERRAIN_LETTERS = set("clrwtsmp")


@dataclass
class Stream:
    name: str
    feature: str  # MajorRiver | MinorRiver | Creek
    sides: list  # ordered list of frozenset({a, b})


class Map:
    def __init__(self, columns, rows, base="c"):
        self.columns, self.rows = columns, rows
        self.grid = {(c, r): base for c in range(1, columns + 1) for r in range(1, rows + 1)}
        self.streams: list[Stream] = []
        self.woods_sides: list = []  # (comment, [frozenset])
        self.routes: list = []  # (kind, comment, [hexes])
        self.crossing_override: dict = {}  # frozenset -> feature
        self._build_vertices()

    # --- terrain --------------------------------------------------------------------------
    def on_map(self, h):
        return 1 <= h[0] <= self.columns and 1 <= h[1] <= self.rows

    def hexes(self):
        return list(self.grid)

    def set(self, h, t, only=None):
        assert t in TERRAIN_LETTERS, t
        if self.on_map(h) and (only is None or self.grid[h] in only):
            self.grid[h] = t

    def paint(self, hexes, t, only=None):
        for h in hexes:
            self.set(h, t, only)

    def blob(self, c, radius, t, only=None):
        """Every hex within `radius` of hex c."""
        self.paint([h for h in self.grid if distance(h, c) <= radius], t, only)

    def band(self, waypoints, width, t, only=None, offset=0):
        """A band along the line through waypoints: each line hex and the hexes of its row
        from column c+offset-width .. c+offset+width (ridges running north-south)."""
        for h in self.path(waypoints):
            for dc in range(-width, width + 1):
                self.set((h[0] + offset + dc, h[1]), t, only)

    def path(self, waypoints):
        out = []
        for a, b in zip(waypoints, waypoints[1:]):
            seg = hex_line(a, b)
            out.extend(seg if not out else seg[1:])
        return out

    # --- routes ---------------------------------------------------------------------------
    def route(self, kind, waypoints, comment=""):
        hexes = self.path(waypoints)
        self.routes.append((kind, comment, hexes))
        return hexes

    # --- hexsides -------------------------------------------------------------------------
    def _build_vertices(self):
        """Hex corners and the edges between them (interior hexsides only)."""
        self.edge_of = {}  # frozenset{v1, v2} -> frozenset{hexA, hexB}
        self.vadj = {}
        self.vpos = {}
        owners = {}
        for h in self.grid:
            x, y = center(h)
            vs = []
            for k in range(6):
                a = math.radians(60 * k)
                p = (round(x + math.cos(a), 3), round(y + math.sin(a), 3))
                self.vpos[p] = p
                vs.append(p)
            for k in range(6):
                e = frozenset((vs[k], vs[(k + 1) % 6]))
                owners.setdefault(e, set()).add(h)
        for e, hs in owners.items():
            if len(hs) == 2:
                a, b = sorted(hs)
                assert adjacent(a, b), (a, b)
                self.edge_of[e] = frozenset(hs)
                v1, v2 = tuple(e)
                self.vadj.setdefault(v1, []).append(v2)
                self.vadj.setdefault(v2, []).append(v1)

    def nearest_vertex(self, pt):
        """pt: (col, row) as floats in hex units; the interior corner nearest to it."""
        c, r = pt
        q = c - 1
        x = 1.5 * q
        y = math.sqrt(3) * ((r - 1) + 0.5 * (int(round(c)) - 1 & 1))
        return min(self.vadj, key=lambda v: (v[0] - x) ** 2 + (v[1] - y) ** 2)

    def edge_path(self, p, q):
        """Shortest chain of hexsides from corner p to corner q."""
        dist = {p: 0.0}
        prev = {}
        pq = [(0.0, p)]
        while pq:
            d, v = heapq.heappop(pq)
            if v == q:
                break
            if d > dist[v]:
                continue
            for w in self.vadj[v]:
                nd = d + 1.0 + 1e-3 * abs(w[1] - q[1])  # tie-break: a steady course
                if nd < dist.get(w, 1e18):
                    dist[w] = nd
                    prev[w] = v
                    heapq.heappush(pq, (nd, w))
        out = []
        v = q
        while v != p:
            out.append(self.edge_of[frozenset((v, prev[v]))])
            v = prev[v]
        return list(reversed(out))

    def stream(self, name, feature, waypoints):
        """A stream along hexsides through the corners nearest to the waypoints (col, row)."""
        vs = [self.nearest_vertex(w) for w in waypoints]
        sides = []
        for a, b in zip(vs, vs[1:]):
            for s in self.edge_path(a, b):
                if s not in sides:
                    sides.append(s)
        st = Stream(name, feature, sides)
        self.streams.append(st)
        return st

    def stream_bank(self, name, feature, hexes, dirs):
        """A stream along given hexsides: for every hex of `hexes`, the sides facing `dirs`."""
        sides = []
        for h in hexes:
            for d in dirs:
                n = neighbour(h, d)
                if self.on_map(n):
                    sides.append(frozenset((h, n)))
        st = Stream(name, feature, sides)
        self.streams.append(st)
        return st

    def woods(self, comment, pairs):
        """Woods hexsides: pairs of adjacent hexes."""
        sides = []
        for a, b in pairs:
            assert adjacent(a, b), ("woods hexside", a, b)
            sides.append(frozenset((a, b)))
        self.woods_sides.append((comment, sides))

    def woods_between(self, comment, inside, outside_terrain="clr"):
        """Woods hexsides on every side between a hex of `inside` (woods / mountain) and a
        neighbour of the given open terrain: the edge of a forest."""
        pairs = []
        for h in inside:
            for n in neighbours(h):
                if self.on_map(n) and self.grid[n] in outside_terrain and n not in inside:
                    pairs.append((h, n))
        self.woods(comment, pairs)

    def open_passes(self, letters):
        """Routes whose comment starts with a key of `letters` turn the mountain hexes they
        cross into that terrain: a pass through the ridge."""
        for _kind, comment, hexes in self.routes:
            for key, t in letters.items():
                if comment.startswith(key):
                    self.paint([h for h in hexes if self.grid[h] == "m"], t)

    def cross(self, a, b, feature):
        """Name the crossing (Bridge, Ford, Ferry, Dam) where a route crosses between a and b."""
        assert adjacent(a, b)
        self.crossing_override[frozenset((a, b))] = feature

    # --- output ---------------------------------------------------------------------------
    def route_sides(self):
        out = {}
        for kind, _c, hexes in self.routes:
            for a, b in zip(hexes, hexes[1:]):
                out.setdefault(frozenset((a, b)), set()).add(kind)
        return out

    def validate(self):
        for kind, comment, hexes in self.routes:
            assert len(hexes) >= 2, comment
            for a, b in zip(hexes, hexes[1:]):
                assert adjacent(a, b), (kind, comment, a, b)
            for h in hexes:
                assert self.on_map(h), (kind, comment, h)
        for st in self.streams:
            for s in st.sides:
                a, b = tuple(s)
                assert adjacent(a, b) and self.on_map(a) and self.on_map(b), (st.name, a, b)

    def hexside_entries(self):
        """[(comment, [(hexA, dir, [features])])] in output order."""
        rs = self.route_sides()
        groups = []
        for st in self.streams:
            entries = []
            for s in st.sides:
                a, b = sorted(s)
                feats = [st.feature]
                if s in rs:
                    kinds = rs[s]
                    over = self.crossing_override.get(s)
                    if over:
                        feats.append(over)
                    elif kinds & {"Pike", "Road", "Railroad"}:
                        feats.append("Bridge")
                    else:
                        feats.append("Ford")
                elif s in self.crossing_override:
                    feats.append(self.crossing_override[s])
                entries.append((a, direction(a, b), feats))
            groups.append((f"{st.name} ({st.feature})", entries))
        for comment, sides in self.woods_sides:
            entries = []
            seen = set()
            for s in sides:
                if s in seen:
                    continue
                seen.add(s)
                a, b = sorted(s)
                entries.append((a, direction(a, b), ["Woods"]))
            groups.append((comment, entries))
        return groups


# ---------------------------------------------------------------------------------------------
# Units and scenarios
# ---------------------------------------------------------------------------------------------


@dataclass
class Unit:
    id: str
    name: str
    side: str
    kind: str
    hex: tuple
    cv: int
    artillery: int = 0
    tactical: int = 0
    tactical_defence: int | None = None
    fatigue: int = 0
    entrenched: bool = False
    comment: str = ""
    # A leader's command: the ids of the units he activates (GCACW 5.2).
    command: list = field(default_factory=list)
    # An army leader (GCACW 7.1: he leads grand assaults).
    army: bool = False


class Scenario:
    def __init__(self, path, title, turns, briefing, mp: Map, weather_by_turn=None, header=""):
        self.path, self.title, self.turns, self.briefing = path, title, turns, briefing
        self.map = mp
        self.weather_by_turn = weather_by_turn
        self.header = header
        self.units: list[Unit] = []
        self.victory = []  # (hex, points, name, holder or None)

    def inf(self, side, id, name, h, cv, art=0, tac=0, **kw):
        self.units.append(Unit(id, name, side, "Infantry", h, cv, art, tac, **kw))

    def cav(self, side, id, name, h, cv, art=0, tac=0, **kw):
        self.units.append(Unit(id, name, side, "Cavalry", h, cv, art, tac, **kw))

    def arty(self, side, id, name, h, cv, art, **kw):
        self.units.append(Unit(id, name, side, "Artillery", h, cv, art, 0, **kw))

    def leader(self, side, id, name, h, tac, tdef=None, **kw):
        self.units.append(Unit(id, name, side, "Leader", h, 0, 0, tac, tdef, **kw))

    def commands(self, by_leader):
        """Each leader's command (the units he activates), from the order of battle."""
        by_id = {u.id: u for u in self.units}
        for leader, units in by_leader.items():
            assert by_id[leader].kind == "Leader", leader
            for uid in units:
                assert by_id[uid].side == by_id[leader].side, (leader, uid)
            by_id[leader].command = list(units)

    def armies(self, ids):
        """The army leaders (GCACW 7.1: they lead grand assaults), from the order of battle."""
        by_id = {u.id: u for u in self.units}
        for i in ids:
            assert by_id[i].kind == "Leader", i
            by_id[i].army = True

    def vp(self, h, points, name, holder=None):
        self.victory.append((h, points, name, holder))

    # --- checks ---------------------------------------------------------------------------
    def validate(self):
        mp = self.map
        mp.validate()
        ids = set()
        side_at = {}
        for u in self.units:
            assert u.id not in ids, ("duplicate id", u.id)
            assert " " not in u.id and "," not in u.id, u.id
            ids.add(u.id)
            assert mp.on_map(u.hex), (u.id, u.hex)
            assert u.side in ("Union", "Confederate")
            if u.kind == "Leader":
                assert u.cv == 0 and 0 <= u.tactical <= 3
            else:
                assert u.cv >= 1 and 0 <= u.artillery <= 4, u.id
            other = side_at.setdefault(u.hex, u.side)
            assert other == u.side, ("both sides in one hex", label(u.hex), u.id)
        for h, _p, name, _holder in self.victory:
            assert mp.on_map(h), name
        if self.weather_by_turn:
            assert len(self.weather_by_turn) == self.turns

    # --- writing --------------------------------------------------------------------------
    def ron(self):
        mp = self.map
        L = []
        w = L.append
        for line in self.header.strip("\n").split("\n"):
            w(f"// {line}".rstrip())
        w("// Generated by tools/gen_scenarios.py: edit the script, not this file.")
        w("(")
        w(f"    title: {q(self.title)},")
        w('    ruleset: "gcacw",')
        w('    sides: ["Union", "Confederate"],')
        if self.weather_by_turn:
            w("    weather: " + self.weather_by_turn[0] + ",")
        else:
            w("    weather: Dry,")
        w("    turn: 1,")
        w(f"    turns: {self.turns},")
        if self.weather_by_turn:
            w("    weather_by_turn: [" + ", ".join(self.weather_by_turn) + "],")
        w(f"    briefing: {q(self.briefing)},")
        w("    victory: [")
        for h, p, name, holder in self.victory:
            hold = f", holder: {q(holder)}" if holder else ""
            w(f"        (hex: {q(label(h))}, points: {p}, name: {q(name)}{hold}),")
        w("    ],")
        w("    map: (")
        w(f"        columns: {mp.columns},")
        w(f"        rows: {mp.rows},")
        w("        // c clear, l rolling, r rough, w woods, t town, s swamp, m mountain,")
        w("        // p provisional swamp (a swamp in rain turns only)")
        w("        //            " + "".join(str(c // 10) for c in range(1, mp.columns + 1)))
        w("        //            " + "".join(str(c % 10) for c in range(1, mp.columns + 1)))
        w("        terrain: [")
        for r in range(1, mp.rows + 1):
            row = "".join(mp.grid[(c, r)] for c in range(1, mp.columns + 1))
            w(f'            "{row}", // {r:02d}')
        w("        ],")
        w("        hexsides: [")
        for comment, entries in mp.hexside_entries():
            if not entries:
                continue
            w(f"            // {comment}")
            for a, d, feats in entries:
                w(f"            (hex: {q(label(a))}, dir: {d}, features: [{', '.join(feats)}]),")
        w("        ],")
        w("        routes: [")
        for kind, comment, hexes in mp.routes:
            if comment:
                w(f"            // {comment}")
            items = [q(label(h)) for h in hexes]
            lines = []
            for i in range(0, len(items), 12):
                lines.append(", ".join(items[i:i + 12]))
            if len(lines) == 1:
                w(f"            (kind: {kind}, hexes: [{lines[0]}]),")
            else:
                w(f"            (kind: {kind}, hexes: [")
                for ln in lines:
                    w(f"                {ln},")
                w("            ]),")
        w("        ],")
        w("    ),")
        w("    units: [")
        for side in ("Union", "Confederate"):
            w(f"        // ---- {side} ----")
            for u in [u for u in self.units if u.side == side]:
                if u.comment:
                    w(f"        // {u.comment}")
                parts = [
                    f"id: {q(u.id)}",
                    f"name: {q(u.name)}",
                    f"side: {q(u.side)}",
                    f"kind: {u.kind}",
                    f"hex: {q(label(u.hex))}",
                    f"strength: Organized({u.cv})",
                ]
                if u.artillery:
                    parts.append(f"artillery: {u.artillery}")
                if u.tactical:
                    parts.append(f"tactical: {u.tactical}")
                if u.tactical_defence is not None:
                    parts.append(f"tactical_defence: {u.tactical_defence}")
                if u.fatigue:
                    parts.append(f"fatigue: {u.fatigue}")
                if u.entrenched:
                    parts.append("entrenched: true")
                if u.army:
                    parts.append("army: true")
                head = ", ".join(parts[:4])
                tail = ", ".join(parts[4:])
                if u.command:
                    units = ", ".join(q(c) for c in u.command)
                    w(f"        ({head},")
                    w(f"         {tail},")
                    w(f"         command: [{units}]),")
                else:
                    w(f"        ({head},")
                    w(f"         {tail}),")
        w("    ],")
        w(")")
        return "\n".join(L) + "\n"

    def summary(self):
        per = {}
        for u in self.units:
            k = "leaders" if u.kind == "Leader" else "combat"
            per.setdefault(u.side, {}).setdefault(k, 0)
            per[u.side][k] += 1
        return per


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def stagger_show(sc):
    """Print the map staggered: each map row on two text lines (odd columns, then even)."""
    mp = sc.map
    at = {}
    for u in sc.units:
        mark = ("U" if u.side == "Union" else "C") if u.kind != "Leader" else ("u" if u.side == "Union" else "c")
        if at.get(u.hex, "").isupper():
            continue
        at[u.hex] = mark
    vps = {v[0] for v in sc.victory}
    rhex = set()
    for _k, _c, hexes in mp.routes:
        rhex.update(hexes)
    print(f"== {sc.title} ({mp.columns}x{mp.rows}) ==")
    hdr1 = "      " + "".join(f"{c:<4d}" for c in range(1, mp.columns + 1, 2))
    hdr2 = "        " + "".join(f"{c:<4d}" for c in range(2, mp.columns + 1, 2))
    print(hdr1)
    print(hdr2)
    for r in range(1, mp.rows + 1):
        for parity in (1, 0):
            s = f"{r:02d}    " if parity == 1 else "      "
            if parity == 0:
                s += "  "
            for c in range(1 if parity == 1 else 2, mp.columns + 1, 2):
                h = (c, r)
                ch = at.get(h, mp.grid[h])
                mark = "*" if h in vps else ("=" if h in rhex else " ")
                s += f"{ch}{mark}  "
            print(s.rstrip())
    print()


# ---------------------------------------------------------------------------------------------
# 1. Fox's Gap (small)
# ---------------------------------------------------------------------------------------------

UNION, CSA = "Union", "Confederate"
H = parse  # H("0606") -> (6, 6)


def foxs_gap():
    mp = Map(12, 10, base="l")
    # Farm fields in the valley east of the mountain and on the western foot.
    mp.paint([(c, r) for c in (9, 10, 11, 12) for r in range(1, 11) if (c + r) % 3 == 0], "c")
    mp.paint([(c, r) for c in (1, 2, 3) for r in range(1, 11) if (c + 2 * r) % 4 == 0], "c")
    # South Mountain: the crest (mountain) on column 6, wooded slopes on 5 and 7, rough below.
    mp.band([(6, 1), (6, 10)], 0, "m")
    mp.band([(5, 1), (5, 10)], 0, "w")
    mp.band([(7, 1), (7, 10)], 0, "w")
    mp.paint([H("0803"), H("0804"), H("0809"), H("0810"), H("0402"), H("0405"), H("0409")], "r")
    mp.paint([H("0501"), H("0510"), H("0701")], "r")
    # Fox's Gap: Daniel Wise's fields open the crest; woods south of it (Garland's line).
    mp.set(H("0606"), "c")
    mp.set(H("0607"), "w")
    mp.set(H("0605"), "w")
    # Woods patches in the valleys.
    mp.paint([H("1004"), H("1005"), H("0902"), H("1109"), H("0208"), H("0304")], "w")
    mp.paint([H("1203"), H("1204")], "w")  # Bolivar's woodlot
    mp.set(H("1202"), "t")  # Bolivar
    # Streams: a branch of Catoctin Creek in the eastern valley, the head of the Little
    # Antietam in the west with marshy bottoms (provisional swamp).
    mp.stream("Branch of Catoctin Creek", "Creek", [(10.5, 0.5), (10.5, 4), (9.5, 7), (10.5, 10.5)])
    mp.stream("Little Antietam Creek", "Creek", [(2.5, 3), (2.5, 6), (1.5, 10.5)])
    mp.paint([H("0206"), H("0207"), H("0107")], "p")
    # Routes.
    mp.route("Road", [(12, 8), (9, 7), (7, 6), (6, 6), (4, 7), (1, 8)],
             "Old Sharpsburg Road: up from the valley through Fox's Gap")
    mp.route("Trail", [(6, 1), (6, 6), (6, 10)], "Wood Road along the crest: north to Turner's Gap")
    mp.route("Road", [(12, 2), (10, 4), (10, 6), (9, 7)], "Lane from Bolivar to the Old Sharpsburg Road")
    mp.route("Trail", [(1, 3), (4, 4), (5, 5), (6, 6)], "Farm track up the western slope")
    mp.route("Road", [(12, 1), (12, 2), (12, 8)], "Valley road along the eastern edge")
    # The forest edge: woods hexsides where the eastern slope meets the farm fields.
    mp.woods("Forest edge on the eastern slope (woods hexsides)",
             [(H("0702"), H("0802")), (H("0703"), H("0802")), (H("0703"), H("0803")),
              (H("0704"), H("0803")), (H("0709"), H("0809")), (H("0710"), H("0809")),
              (H("0710"), H("0810"))])
    mp.woods("Wise's woods south of the gap", [(H("0607"), H("0608"))])

    briefing = (
        "Morning, 14 September 1862. Cox's Kanawha Division has climbed the Old Sharpsburg "
        "Road and found Garland's North Carolina brigade, a battery and Rosser's horsemen "
        "holding Fox's Gap, a mile south of Turner's Gap. "
        "The Union must take the gap (Wise's field, 0606, 5 points) and the Wood Road crest "
        "north of it (0603, 3 points); the Confederates score what they still hold after "
        "turn 4, and gain Bolivar (1202, 2 points) if they can break through to it. "
        "Willcox's division is coming up the valley road behind Cox, and G.B. Anderson's "
        "brigade is marching down the crest from Turner's Gap. "
        "The crest (column 06) is mountain: +2 to its defenders, and no zone of control "
        "crosses into it except along the Wood Road trail."
    )
    sc = Scenario(os.path.join(ROOT, "scenarios", "foxs-gap.ron"),
                  "Fox's Gap, 14 September 1862", 4, briefing, mp,
                  header="Fox's Gap on South Mountain, 14 September 1862 (small: 12 x 10, 4 turns).\n"
                         "Cox's Kanawha Division against Garland's brigade; north is up, the Union\n"
                         "attacks from the east (right).")
    sc.vp(H("0606"), 5, "Fox's Gap (Wise's field)", CSA)
    sc.vp(H("0603"), 3, "Wood Road crest", CSA)
    sc.vp(H("1202"), 2, "Bolivar", UNION)

    # Union: Cox's Kanawha Division (two brigades), its guns and cavalry; Willcox behind.
    sc.leader(UNION, "usa-cox", "Brig. Gen. Jacob D. Cox", H("0707"), 2)
    sc.inf(UNION, "usa-crook", "Crook's Brigade (Kanawha Div.)", H("0707"), 4, 1, 1)
    sc.inf(UNION, "usa-scammon", "Scammon's Brigade (Kanawha Div.)", H("0708"), 4, 1, 1)
    sc.arty(UNION, "usa-mcmullin", "McMullin's Ohio Battery", H("0706"), 1, 2)
    sc.cav(UNION, "usa-gilmore", "Gilmore's Ohio Cavalry", H("0809"), 1)
    sc.inf(UNION, "usa-willcox", "Willcox's Division (IX Corps)", H("1105"), 7, 2, 1,
           comment="reserve: coming down the Bolivar lane, a few hexes behind Cox")

    # Confederate: Garland's brigade at the gap, Rosser to the south, Anderson coming down.
    sc.leader(CSA, "csa-dhhill", "Maj. Gen. D. H. Hill", H("0606"), 1, 3)
    sc.inf(CSA, "csa-garland", "Garland's Brigade", H("0607"), 4, 1, 1)
    sc.arty(CSA, "csa-bondurant", "Bondurant's Alabama Battery", H("0606"), 1, 2)
    sc.cav(CSA, "csa-rosser", "Rosser's 5th Virginia Cavalry", H("0609"), 1, 1, 1,
           comment="with Pelham's horse artillery on the southern crest")
    sc.inf(CSA, "csa-gbanderson", "G. B. Anderson's Brigade", H("0603"), 4, 1, 1,
           comment="arriving down the Wood Road from Turner's Gap")
    # Leaders' commands (GCACW 5.2 activation), from the order of battle: Cox led the
    # Kanawha Division and, with Reno, IX Corps' column at Fox's Gap; Hill his division with
    # Rosser's cavalry sent to him.
    sc.commands({
        "usa-cox": ["usa-crook", "usa-scammon", "usa-mcmullin", "usa-gilmore", "usa-willcox"],
        "csa-dhhill": ["csa-garland", "csa-gbanderson", "csa-bondurant", "csa-rosser"],
    })
    return sc


# ---------------------------------------------------------------------------------------------
# 2. Crampton's Gap (medium)
# ---------------------------------------------------------------------------------------------


def crampton_gap():
    mp = Map(22, 16, base="l")
    # Open farmland: the Middletown Valley east of the mountain, Pleasant Valley west of it.
    mp.paint([(c, r) for c in range(12, 23) for r in range(1, 17) if (2 * c + r) % 5 in (0, 2)], "c")
    mp.paint([(c, r) for c in range(1, 7) for r in range(1, 17) if (c + 3 * r) % 4 == 0], "c")
    # South Mountain: crest (mountain) two hexes wide, wooded slopes, rough foothills.
    crest = [(9, 1), (9, 8), (8, 16)]
    mp.band(crest, 1, "w")
    mp.band(crest, 0, "m")
    mp.band(crest, 0, "m", offset=-1)
    mp.band(crest, 0, "r", offset=2, only="lc")
    mp.band(crest, 0, "w", offset=-2, only="lc")
    # Elk Ridge's lower slopes in the south-west corner.
    mp.paint([H("0114"), H("0115"), H("0116"), H("0215"), H("0216")], "w")
    mp.paint([H("0116"), H("0216")], "m")
    # The gaps: Crampton's (Gapland, 0907) and Brownsville (0812) cut the crest.
    mp.paint([H("0907"), H("0807")], "r")
    mp.paint([H("0812"), H("0712")], "w")
    # Woodlots east of the mountain and Burkittsville.
    mp.paint([H("1303"), H("1403"), H("1713"), H("1813"), H("1603"), H("2009"), H("2110")], "w")
    mp.set(H("1408"), "t")  # Burkittsville
    mp.set(H("0514"), "t")  # Brownsville
    mp.set(H("1210"), "w")  # the woods where the Arnoldstown road meets the Mountain Church road
    # Streams.  Burkitts Run rises under the mountain and runs south past Burkittsville, its
    # bottoms wet (provisional swamp); Catoctin Creek crosses the eastern valley; Israel Creek
    # drains Pleasant Valley, with a marsh near Brownsville.
    mp.stream("Burkitts Run", "Creek", [(12.5, 1), (12.5, 5), (12.5, 9), (13.5, 13), (12.5, 16.6)])
    mp.stream("Catoctin Creek", "MinorRiver", [(20.5, 0.5), (19.5, 5), (18.5, 10), (19.5, 13), (18.5, 16.6)])
    mp.stream("Israel Creek", "Creek", [(3.5, 0.5), (3.5, 6), (2.5, 11), (3.5, 16.6)])
    mp.paint([H("1304"), H("1311"), H("1312"), H("1910"), H("1911")], "p")
    mp.paint([H("0305"), H("0306"), H("0210"), H("0211"), H("0313")], "p")
    mp.set(H("0312"), "s")
    # Routes.
    gap_road = mp.route("Road", [(22, 4), (18, 6), (14, 8), (11, 8), (9, 7), (6, 8), (4, 8), (1, 8)],
                        "Gapland road: Middletown - Burkittsville - Crampton's Gap - Pleasant Valley")
    mp.route("Road", [(14, 8), (12, 11), (10, 12), (8, 12), (6, 13), (5, 14)],
             "Arnoldstown road: Burkittsville - Brownsville Gap - Brownsville")
    mp.route("Road", [(4, 1), (4, 8), (5, 14), (5, 16)], "Pleasant Valley road: Rohrersville - Brownsville - Weverton")
    mp.route("Road", [(14, 8), (18, 12), (22, 15)], "Jefferson road")
    mp.route("Trail", [(11, 1), (11, 8), (11, 16)], "Mountain Church road along the eastern foot")
    mp.route("Trail", [(9, 7), (9, 4), (10, 1)], "Ridge track north from the gap")
    mp.route("Trail", [(16, 1), (16, 5), (14, 8)], "Farm lane north of Burkittsville")
    mp.route("Trail", [(22, 9), (20, 8), (18, 6)], "Back road to Jefferson (fords Catoctin Creek)")
    mp.open_passes({"Gapland": "r", "Arnoldstown": "w"})
    # The forest edge at the foot of the mountain: Munford's and Parham's men held the Mountain
    # Church road behind stone walls with the woods at their backs.
    mp.woods("Woods hexsides at the foot of the eastern slope",
             [((10, r), n) for r in range(2, 16) for n in neighbours((10, r))
              if n[0] == 11 and mp.on_map(n) and r not in (7, 8, 11, 12)])
    mp.woods("Woods hexsides on the western slope",
             [((6, r), (5, r)) for r in (3, 4, 5, 10, 11)])

    weather = ["Dry", "Dry", "Dry", "Rain", "Rain", "Dry"]
    briefing = (
        "Afternoon, 14 September 1862. Franklin's VI Corps has marched through Burkittsville and "
        "found Munford's cavalry and Parham's small Virginia brigade behind the stone walls of "
        "the Mountain Church road, with McLaws's brigades hurrying up from Pleasant Valley. "
        "Crampton's Gap (0907, 6 points) and Brownsville Gap (0812, 3 points) are the keys; "
        "the Confederates also count the Pleasant Valley crossroads (0408, 3 points), while the "
        "Union holds Burkittsville (1408, 2) and the Catoctin Creek bridge (1812, 1). "
        "A thunderstorm breaks on turns 4 and 5: attacks are at -1, creeks and fords shield "
        "flanks and make the defender's creek bonus +2, and the wet bottoms of Burkitts Run, "
        "Catoctin Creek and Israel Creek (p) become swamp. Couch's division is far behind on the "
        "Jefferson road; the Union must win before it matters."
    )
    sc = Scenario(os.path.join(ROOT, "scenarios", "crampton-gap.ron"),
                  "Crampton's Gap, 14 September 1862", 6, briefing, mp, weather_by_turn=weather,
                  header="Crampton's Gap on South Mountain, 14 September 1862 (medium: 22 x 16, 6 turns).\n"
                         "Franklin's VI Corps against McLaws's rearguard; north is up, the Union attacks\n"
                         "from the east. Rain on turns 4 and 5.")
    sc.vp(H("0907"), 6, "Crampton's Gap", CSA)
    sc.vp(H("0812"), 3, "Brownsville Gap", CSA)
    sc.vp(H("0408"), 3, "Pleasant Valley crossroads", CSA)
    sc.vp(H("1408"), 2, "Burkittsville", UNION)
    sc.vp(H("1812"), 1, "Catoctin Creek bridge", UNION)

    # Union: VI Corps. Slocum's brigades north of the Gapland road, Smith's south of it.
    sc.leader(UNION, "usa-franklin", "Maj. Gen. William B. Franklin", H("1508"), 1)
    sc.leader(UNION, "usa-slocum", "Maj. Gen. Henry W. Slocum", H("1307"), 2)
    sc.inf(UNION, "usa-bartlett", "Bartlett's Brigade (Slocum)", H("1307"), 4, 1, 2)
    sc.inf(UNION, "usa-torbert", "Torbert's New Jersey Brigade (Slocum)", H("1308"), 4, 1, 1)
    sc.inf(UNION, "usa-newton", "Newton's Brigade (Slocum)", H("1405"), 4, 1, 1)
    sc.arty(UNION, "usa-wolcott", "Wolcott's Maryland Battery", H("1309"), 1, 2)
    sc.leader(UNION, "usa-smith", "Maj. Gen. William F. Smith", H("1310"), 1)
    sc.inf(UNION, "usa-brooks", "Brooks's Vermont Brigade (Smith)", H("1310"), 4, 1, 1)
    sc.inf(UNION, "usa-irwin", "Irwin's Brigade (Smith)", H("1411"), 4, 1)
    sc.inf(UNION, "usa-hancock", "Hancock's Brigade (Smith)", H("1610"), 5, 1, 2,
           comment="Smith's reserve")
    sc.arty(UNION, "usa-ayres", "Ayres's Battery (5th U.S. F)", H("1509"), 1, 2)
    sc.cav(UNION, "usa-rush", "6th Pennsylvania Cavalry (Rush's Lancers)", H("1604"), 2)
    sc.inf(UNION, "usa-couch", "Couch's Division (IV Corps)", H("2115"), 8, 2, 1,
           comment="far behind on the Jefferson road")

    # Confederate: the Mountain Church road line, the gap, and McLaws's men behind.
    sc.leader(CSA, "csa-munford", "Col. Thomas T. Munford", H("1207"), 1)
    sc.cav(CSA, "csa-2va", "2nd Virginia Cavalry", H("1207"), 2, 0, 1)
    sc.inf(CSA, "csa-parham", "Parham's (Mahone's) Brigade", H("1208"), 2, 0, 1)
    sc.cav(CSA, "csa-12va", "12th Virginia Cavalry", H("1210"), 1)
    sc.arty(CSA, "csa-chew", "Chew's Horse Battery", H("1207"), 1, 2)
    sc.arty(CSA, "csa-grimes", "Grimes's Portsmouth Battery", H("1008"), 1, 2)
    sc.leader(CSA, "csa-cobb", "Brig. Gen. Howell Cobb", H("0907"), 0, 1)
    sc.inf(CSA, "csa-cobbbde", "Cobb's Brigade", H("0907"), 5, 1, 0)
    sc.inf(CSA, "csa-semmes", "Semmes's Brigade", H("0812"), 3, 1, 1)
    sc.leader(CSA, "csa-mclaws", "Maj. Gen. Lafayette McLaws", H("0514"), 2)
    sc.inf(CSA, "csa-wilcox", "Wilcox's Brigade", H("0514"), 3, 0, 1)
    sc.inf(CSA, "csa-wright", "Wright's Brigade", H("0516"), 3, 0, 1)
    sc.arty(CSA, "csa-macon", "Macon's Richmond Fayette Artillery", H("0609"), 1, 2)
    # Leaders' commands (GCACW 5.2 activation), from the order of battle: VI Corps' two
    # divisions (Slocum, Smith) with their batteries, Couch and Rush under Franklin; Munford's
    # defence, Cobb's brigade, the rest of McLaws's command.
    sc.commands({
        "usa-franklin": ["usa-couch", "usa-rush"],
        "usa-slocum": ["usa-bartlett", "usa-torbert", "usa-newton", "usa-wolcott"],
        "usa-smith": ["usa-brooks", "usa-irwin", "usa-hancock", "usa-ayres"],
        "csa-munford": ["csa-parham", "csa-chew", "csa-grimes"],
        "csa-cobb": ["csa-cobbbde"],
        "csa-mclaws": ["csa-semmes", "csa-wilcox", "csa-wright", "csa-macon"],
    })
    return sc


# ---------------------------------------------------------------------------------------------
# 3. South Mountain (large)
# ---------------------------------------------------------------------------------------------


def south_mountain():
    import random

    rnd = random.Random(1862)  # fixed seed: the same map every run
    mp = Map(44, 32, base="l")
    # Farmland: the Middletown Valley (east), the Boonsboro and Pleasant valleys (west).
    for h in mp.hexes():
        x = rnd.random()
        if x < 0.38:
            mp.set(h, "c")
        elif x < 0.46:
            mp.set(h, "w")
    # South Mountain, north-north-east to south-south-west: Turner's Gap 1908, Fox's Gap 1813,
    # Crampton's Gap 1627. Crest two hexes wide, wooded slopes, rough eastern foothills.
    crest = [(20, 1), (19, 8), (18, 13), (17, 20), (16, 27), (15, 32)]
    mp.band(crest, 3, "w")
    mp.band(crest, 0, "r", offset=3, only="lcw")
    mp.band(crest, 0, "m")
    mp.band(crest, 0, "m", offset=-1)
    # The Frosttown plateau: a second ridge north of the National Road, where Meade attacked.
    mp.band([(23, 1), (23, 6)], 0, "m")
    mp.band([(24, 1), (24, 7)], 0, "r", only="lcw")
    mp.paint([H("2207"), H("2206"), H("2107")], "r")
    # Catoctin Mountain along the eastern edge; Elk Ridge in the south-west corner.
    mp.band([(43, 1), (42, 32)], 1, "w")
    mp.band([(43, 1), (42, 32)], 0, "m")
    mp.band([(6, 23), (4, 32)], 1, "w")
    mp.band([(6, 23), (4, 32)], 0, "m")
    # The gaps.
    # (the roads through them are opened below: a road hex on the crest is no mountain)
    mp.set(H("1908"), "r")  # Turner's Gap, the Mountain House
    mp.set(H("1813"), "c")  # Fox's Gap, Wise's field
    mp.set(H("1627"), "r")  # Crampton's Gap
    # Towns.
    for h in ["0608", "0708", "3310", "3410", "2509", "2127", "0923", "0317", "1231"]:
        mp.set(H(h), "t")
    # Streams.
    mp.stream("Catoctin Creek", "MinorRiver",
              [(31.5, 0.5), (31.5, 6), (31.5, 11), (29.5, 18), (26.5, 26), (25.5, 32.6)])
    mp.stream("Antietam Creek", "MinorRiver", [(3.5, 0.5), (2.5, 6), (1.5, 12), (1.5, 20), (1.5, 26), (0.6, 30)])
    mp.stream("Little Antietam Creek", "Creek", [(15.5, 15.5), (10.5, 17.8), (6.5, 18.8), (2.5, 19.5)])
    mp.stream("Israel Creek", "Creek", [(12.5, 19.5), (11.5, 26), (10.5, 32.6)])
    mp.stream("Middle Creek", "Creek", [(38.5, 0.5), (35.5, 4), (32.7, 7.5)])
    mp.stream("Beaver Creek", "Creek", [(10.5, 0.5), (9.5, 4), (8.5, 7)])
    for h in ["3007", "3013", "3014", "2919", "2820", "2722", "1222", "1224", "1126", "1128", "0221", "0322"]:
        mp.set(H(h), "p")
    # Burkitts Run along the foot of the mountain at Burkittsville (Munford's stone-wall line).
    mp.stream_bank("Burkitts Run", "Creek", [(19, r) for r in range(23, 31)], ["NE", "SE"])
    mp.set(H("0320"), "s")
    mp.set(H("1127"), "s")
    # Routes.
    mp.route("Pike", [(44, 9), (43, 9), (38, 9), (34, 10), (31, 10), (25, 9), (21, 8), (19, 8),
                      (15, 8), (7, 8), (6, 8), (1, 5)],
             "National Road: Frederick - Middletown - Turner's Gap - Boonsboro - Hagerstown")
    mp.route("Road", [(25, 9), (21, 12), (18, 13), (14, 14), (8, 16), (3, 17)],
             "Old Sharpsburg Road: Bolivar - Fox's Gap - Keedysville")
    mp.route("Road", [(6, 8), (4, 13), (3, 17), (1, 20)], "Boonsboro - Keedysville - Sharpsburg road")
    mp.route("Road", [(33, 10), (28, 5), (24, 3), (20, 4), (15, 3), (8, 2), (4, 1)],
             "Old Hagerstown Road: Middletown - Frosttown gap")
    mp.route("Trail", [(19, 8), (19, 5), (20, 4), (20, 1)], "Ridge track north of Turner's Gap")
    mp.route("Trail", [(19, 8), (18, 13), (17, 20), (16, 27)], "Wood Road along the crest")
    mp.route("Trail", [(19, 8), (16, 11), (14, 14)], "Dahlgren road down the western slope")
    mp.route("Road", [(33, 10), (30, 16), (24, 24), (21, 27)], "Middletown - Burkittsville road")
    mp.route("Road", [(21, 27), (16, 27), (13, 28), (11, 28)], "Gapland road through Crampton's Gap")
    mp.route("Road", [(21, 27), (18, 29), (15, 30), (12, 31)], "Arnoldstown road through Brownsville Gap")
    mp.route("Road", [(8, 16), (9, 23), (11, 28), (12, 31), (12, 32)],
             "Rohrersville road down Pleasant Valley to Brownsville")
    mp.route("Road", [(34, 10), (37, 20), (39, 32)], "Middletown - Jefferson road")
    mp.route("Road", [(21, 27), (30, 30), (33, 32)], "Burkittsville - Jefferson road")
    mp.route("Road", [(33, 10), (35, 1)], "Myersville road")
    mp.route("Trail", [(25, 9), (25, 5), (24, 3)], "Bolivar - Frosttown track")
    mp.route("Trail", [(21, 27), (21, 20), (21, 12)], "Mountain Church road along the eastern foot")
    mp.route("Trail", [(9, 23), (3, 21)], "Rohrersville - Keedysville lane")
    # The gaps: where these roads cross a mountain hex, the hex is a pass instead.
    mp.open_passes({"National Road": "r", "Old Sharpsburg": "w", "Old Hagerstown": "r",
                    "Gapland": "r", "Arnoldstown": "w"})
    mp.cross(H("2628"), H("2729"), "Ford")  # the Burkittsville - Jefferson road fords Catoctin Creek
    # Woods hexsides: the forest edge on the eastern slope between the gaps, where the
    # farm fields end and the timber begins.
    crest_col = {}
    for c, r in mp.path(crest):
        crest_col[r] = min(c, crest_col.get(r, 99))
    pairs = []
    for r in list(range(9, 12)) + list(range(14, 19)) + list(range(21, 26)):
        h = (crest_col[r] + 2, r)  # the lower wooded slope
        for n in neighbours(h):
            if mp.on_map(n) and n[0] > h[0] and mp.grid[n] in "rlc" and mp.grid[h] == "w":
                pairs.append((h, n))
    mp.woods("Forest edge on the eastern slope (woods hexsides)", pairs)

    briefing = (
        "14 September 1862: McClellan, holding Lee's lost order, pushes the Army of the Potomac "
        "at the three passes of South Mountain while D. H. Hill's division holds them and "
        "Longstreet marches back from Hagerstown through Boonsboro. "
        "Victory hexes: Turner's Gap (1908, 8 points), Fox's Gap (1813, 5), Crampton's Gap "
        "(1627, 6), the Frosttown gap (2004, 3) and Boonsboro (0608, 4) start Confederate; "
        "Middletown (3310, 3) and Burkittsville (2127, 2) start Union. "
        "Hooker's I Corps faces Rodes and Colquitt north of the National Road, Reno's IX Corps "
        "faces Garland at Fox's Gap and Franklin's VI Corps faces Munford and Parham at "
        "Burkittsville; Sumner, Mansfield's XII Corps and Sykes are still crossing the Middletown "
        "Valley. "
        "The crest is mountain (+2 to its defenders, no zones of control across it except along "
        "the roads and trails), Catoctin and Antietam Creeks are minor rivers, and the National "
        "Road is a pike."
    )
    sc = Scenario(os.path.join(ROOT, "scenarios", "south-mountain.ron"),
                  "South Mountain, 14 September 1862", 8, briefing, mp,
                  header="The battle of South Mountain, 14 September 1862 (large: 44 x 32, 8 turns).\n"
                         "Turner's, Fox's and Crampton's gaps; north is up, the Union attacks from the\n"
                         "east (Middletown Valley), the Confederates hold the crest and Boonsboro.")
    sc.vp(H("1908"), 8, "Turner's Gap", CSA)
    sc.vp(H("1813"), 5, "Fox's Gap", CSA)
    sc.vp(H("1627"), 6, "Crampton's Gap", CSA)
    sc.vp(H("2004"), 3, "Frosttown gap", CSA)
    sc.vp(H("0608"), 4, "Boonsboro", CSA)
    sc.vp(H("3310"), 3, "Middletown", UNION)
    sc.vp(H("2127"), 2, "Burkittsville", UNION)

    U, C = UNION, CSA
    # ---- Union: Army of the Potomac ----
    sc.leader(U, "usa-mcclellan", "Maj. Gen. George B. McClellan", H("3310"), 1)
    sc.leader(U, "usa-burnside", "Maj. Gen. Ambrose E. Burnside", H("2509"), 0)
    # I Corps (Hooker) north of the National Road.
    sc.leader(U, "usa-hooker", "Maj. Gen. Joseph Hooker", H("2404"), 2)
    sc.inf(U, "usa-meade", "Meade's Division (I Corps)", H("2404"), 9, 2, 2)
    sc.inf(U, "usa-hatch", "Hatch's Division (I Corps)", H("2405"), 8, 2, 1)
    sc.inf(U, "usa-gibbon", "Gibbon's Iron Brigade (I Corps)", H("2108"), 4, 1, 2,
           comment="on the National Road below Turner's Gap")
    sc.inf(U, "usa-ricketts", "Ricketts's Division (I Corps)", H("2707"), 8, 2, 1)
    # IX Corps (Reno) at Fox's Gap.
    sc.leader(U, "usa-reno", "Maj. Gen. Jesse L. Reno", H("1914"), 2)
    sc.inf(U, "usa-scammon", "Scammon's Brigade (Kanawha Div.)", H("1914"), 4, 1, 1)
    sc.inf(U, "usa-crook", "Crook's Brigade (Kanawha Div.)", H("1912"), 4, 1, 1)
    sc.inf(U, "usa-willcox", "Willcox's Division (IX Corps)", H("2211"), 7, 2, 1)
    sc.inf(U, "usa-sturgis", "Sturgis's Division (IX Corps)", H("2511"), 7, 2, 1)
    sc.inf(U, "usa-rodman", "Rodman's Division (IX Corps)", H("2610"), 6, 2, 0)
    sc.arty(U, "usa-benjamin", "Benjamin's Battery (2nd U.S. E, 20-pdr Parrotts)", H("2210"), 1, 3)
    sc.arty(U, "usa-mcmullin", "McMullin's Ohio Battery", H("1913"), 1, 2)
    # VI Corps (Franklin) at Burkittsville.
    sc.leader(U, "usa-franklin", "Maj. Gen. William B. Franklin", H("2127"), 1)
    sc.inf(U, "usa-slocum", "Slocum's Division (VI Corps)", H("2026"), 9, 2, 2)
    sc.inf(U, "usa-smith", "Smith's Division (VI Corps)", H("2128"), 8, 2, 1)
    sc.cav(U, "usa-rush", "6th Pennsylvania Cavalry", H("2127"), 2)
    sc.inf(U, "usa-couch", "Couch's Division (IV Corps)", H("3330"), 7, 2, 1,
           comment="on the Jefferson road, a day behind")
    # II Corps (Sumner), XII Corps and V Corps crossing the valley.
    sc.leader(U, "usa-sumner", "Maj. Gen. Edwin V. Sumner", H("3510"), 1)
    sc.inf(U, "usa-richardson", "Richardson's Division (II Corps)", H("3510"), 9, 2, 2)
    sc.inf(U, "usa-sedgwick", "Sedgwick's Division (II Corps)", H("3609"), 10, 2, 1)
    sc.inf(U, "usa-french", "French's Division (II Corps)", H("3811"), 8, 1, 0)
    sc.inf(U, "usa-williams", "Williams's Division (XII Corps)", H("4009"), 7, 2, 1)
    sc.inf(U, "usa-greene", "Greene's Division (XII Corps)", H("4110"), 5, 1, 1)
    sc.inf(U, "usa-sykes", "Sykes's Division (V Corps)", H("4309"), 6, 2, 2)
    sc.arty(U, "usa-hunt", "Artillery Reserve (Hunt)", H("3711"), 1, 4)
    # Cavalry (Pleasonton).
    sc.leader(U, "usa-pleasonton", "Brig. Gen. Alfred Pleasonton", H("2422"), 1)
    sc.cav(U, "usa-farnsworth", "Farnsworth's Cavalry Brigade", H("2422"), 3, 1, 1)
    sc.cav(U, "usa-mcreynolds", "McReynolds's Cavalry Brigade", H("3614"), 2, 1)

    # ---- Confederate: Army of Northern Virginia ----
    sc.leader(C, "csa-lee", "Gen. Robert E. Lee", H("0608"), 2)
    # D. H. Hill's division holds the passes.
    sc.leader(C, "csa-dhhill", "Maj. Gen. D. H. Hill", H("1908"), 1, 3)
    sc.inf(C, "csa-colquitt", "Colquitt's Brigade", H("2007"), 4, 1, 2,
           comment="behind the stone walls on the National Road below the gap")
    sc.arty(C, "csa-lane", "Lane's Battery (Cutts's Battalion)", H("1908"), 1, 3)
    sc.inf(C, "csa-rodes", "Rodes's Brigade", H("2305"), 5, 1, 2,
           comment="on the Frosttown plateau")
    sc.arty(C, "csa-carter", "Carter's King William Battery", H("2004"), 1, 2)
    sc.inf(C, "csa-ripley", "Ripley's Brigade", H("1809"), 4, 1, 0)
    sc.inf(C, "csa-gbanderson", "G. B. Anderson's Brigade", H("1811"), 4, 1, 1)
    sc.inf(C, "csa-garland", "Garland's Brigade", H("1813"), 4, 1, 1)
    sc.arty(C, "csa-bondurant", "Bondurant's Alabama Battery", H("1812"), 1, 2)
    # Stuart's cavalry.
    sc.leader(C, "csa-stuart", "Maj. Gen. J. E. B. Stuart", H("1815"), 2)
    sc.cav(C, "csa-rosser", "Rosser's 5th Virginia Cavalry", H("1815"), 1, 1, 1,
           comment="with Pelham's guns on the crest south of Fox's Gap")
    sc.cav(C, "csa-hampton", "Hampton's Cavalry Brigade", H("2323"), 3, 1, 1)
    # Crampton's Gap: Munford and McLaws's rearguard.
    sc.leader(C, "csa-munford", "Col. Thomas T. Munford", H("1926"), 1)
    sc.cav(C, "csa-2va", "2nd Virginia Cavalry", H("1926"), 2, 0, 1)
    sc.arty(C, "csa-chew", "Chew's Horse Battery", H("1926"), 1, 2)
    sc.inf(C, "csa-parham", "Parham's (Mahone's) Brigade", H("1927"), 2, 0, 1)
    sc.cav(C, "csa-12va", "12th Virginia Cavalry", H("1927"), 1)
    sc.leader(C, "csa-mclaws", "Maj. Gen. Lafayette McLaws", H("1231"), 2)
    sc.inf(C, "csa-cobb", "Cobb's Brigade", H("1428"), 5, 1, 0)
    sc.inf(C, "csa-semmes", "Semmes's Brigade", H("1530"), 3, 1, 1)
    sc.inf(C, "csa-wilcox", "Wilcox's Brigade", H("1231"), 3, 0, 1)
    # Longstreet's command marching back from Hagerstown through Boonsboro.
    sc.leader(C, "csa-longstreet", "Maj. Gen. James Longstreet", H("0708"), 2, 3)
    sc.leader(C, "csa-drjones", "Brig. Gen. David R. Jones", H("0908"), 1)
    sc.inf(C, "csa-drayton", "Drayton's Brigade", H("1008"), 3, 1, 0)
    sc.inf(C, "csa-gtanderson", "G. T. Anderson's Brigade", H("0908"), 3, 1, 1)
    sc.inf(C, "csa-kemper", "Kemper's Brigade", H("0807"), 2, 0, 1)
    sc.inf(C, "csa-garnett", "Garnett's Brigade", H("0708"), 2, 0, 1)
    sc.inf(C, "csa-jenkins", "Jenkins's Brigade (Walker)", H("0507"), 2, 0, 1)
    sc.leader(C, "csa-hood", "Brig. Gen. John B. Hood", H("1208"), 3)
    sc.inf(C, "csa-wofford", "Hood's Texas Brigade (Wofford)", H("1208"), 4, 1, 2)
    sc.inf(C, "csa-law", "Law's Brigade", H("1308"), 4, 1, 2)
    sc.inf(C, "csa-evans", "Evans's Brigade", H("1508"), 3, 1, 1)
    sc.arty(C, "csa-washington", "Washington Artillery", H("0608"), 1, 3)
    sc.arty(C, "csa-sdlee", "S. D. Lee's Battalion", H("0408"), 1, 3)
    # Leaders' commands (GCACW 5.2 activation), from the orders of battle: corps under their
    # commanders (Hooker I, Reno IX with the Kanawha Division, Franklin VI with Couch and
    # Rush, Sumner II and XII), the cavalry under Pleasonton and Stuart, the divisions under
    # Hill, McLaws, D. R. Jones and Hood; McClellan the reserve (Sykes, Hunt), Longstreet his
    # unattached brigade and artillery. The wing commanders (Burnside) and Lee command
    # through these and activate no one here.
    sc.commands({
        "usa-hooker": ["usa-meade", "usa-hatch", "usa-gibbon", "usa-ricketts"],
        "usa-reno": ["usa-scammon", "usa-crook", "usa-mcmullin", "usa-willcox", "usa-sturgis",
                     "usa-rodman", "usa-benjamin"],
        "usa-franklin": ["usa-slocum", "usa-smith", "usa-couch", "usa-rush"],
        "usa-sumner": ["usa-richardson", "usa-sedgwick", "usa-french", "usa-williams",
                       "usa-greene"],
        "usa-pleasonton": ["usa-farnsworth", "usa-mcreynolds"],
        "usa-mcclellan": ["usa-sykes", "usa-hunt"],
        "csa-dhhill": ["csa-garland", "csa-colquitt", "csa-rodes", "csa-ripley",
                       "csa-gbanderson", "csa-lane", "csa-carter", "csa-bondurant"],
        "csa-stuart": ["csa-rosser", "csa-hampton"],
        "csa-munford": ["csa-parham", "csa-chew"],
        "csa-mclaws": ["csa-cobb", "csa-semmes", "csa-wilcox"],
        "csa-drjones": ["csa-drayton", "csa-gtanderson", "csa-kemper", "csa-garnett",
                        "csa-jenkins"],
        "csa-hood": ["csa-wofford", "csa-law"],
        "csa-longstreet": ["csa-evans", "csa-washington", "csa-sdlee"],
    })
    # The armies' commanders lead grand assaults (GCACW 7.1).
    sc.armies(["usa-mcclellan", "csa-lee"])
    return sc


def contacts(sc):
    """Print every combat unit's adjacent enemy hexes (the attacks possible on turn 1)."""
    side_at = {}
    for u in sc.units:
        side_at[u.hex] = u.side
    for u in sc.units:
        if u.kind == "Leader":
            continue
        enemies = [label(n) for n in neighbours(u.hex) if side_at.get(n, u.side) != u.side]
        if enemies:
            print(f"  {u.id:18s} {label(u.hex)} ({sc.map.grid[u.hex]}) -> {', '.join(enemies)}")


def main():
    show = "--show" in sys.argv
    for build in (foxs_gap, crampton_gap, south_mountain):
        sc = build()
        sc.validate()
        with open(sc.path, "w") as f:
            f.write(sc.ron())
        if show:
            stagger_show(sc)
        per = sc.summary()
        if show:
            contacts(sc)
        print(f"{os.path.relpath(sc.path, ROOT)}: {sc.map.columns}x{sc.map.rows}, {sc.turns} turns, "
              f"units {per}")


if __name__ == "__main__":
    main()
