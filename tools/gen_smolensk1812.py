#!/usr/bin/env python3
"""Generate scenarios/smolensk-1812.ron: the operation around Smolensk, 14-19 August 1812, for
the NGG 1812 rules as Musket encodes them (docs/rulesets/ngg1812.md).

Inputs (each figure's source is in them; docs/scenarios/smolensk-1812.md explains):
  tools/smolensk1812/units.csv   the divisions and commanders: men, class, rating, place
  tools/smolensk1812/mapdata.py  the field in km from the Uspensky cathedral
  tools/smolensk1812/sources.md  the sources, side totals, timeline; ground.md the ground
Outputs: the scenario, the unit table and the map picture in docs/scenarios/.

Python 3's standard library only: `python3 tools/gen_smolensk1812.py`, then
`musket check scenarios/smolensk-1812.ron`.
"""

import csv
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tools", "smolensk1812")
sys.path.insert(0, DATA)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hexgrid  # noqa: E402
import mapdata as M  # noqa: E402

UNITS_CSV = os.path.join(DATA, "units.csv")
OUT = os.path.join(ROOT, "scenarios", "smolensk-1812.ron")
TABLE = os.path.join(ROOT, "docs", "scenarios", "smolensk-1812-units.md")
SVG = os.path.join(ROOT, "docs", "scenarios", "smolensk-1812-map.svg")

# Turns [project default]: half a day each (mapdata.py's TURN), turn 1 the morning of 14
# August (Krasnoi), turn 12 the afternoon and evening of 19 August (Valutina Gora).
FIRST_DAY = 14
TURNS = 12

# Supply trains a game turn, French then Russian (Table 7.3's values were not found) [project
# default: as the rules demonstration].
SUPPLY_TRAINS = [5, 4]

# The hex capacity (4.1): six OF; OF in halves by class (3.3: Veteran 1, Line 1.5, Conscript 2).
CAPACITY_HALVES = 12
OF_HALVES = {"Veteran": 2, "Line": 3, "Conscript": 4}

# Victory hexes [project default]: Napoleon sought the battle for Smolensk and the road to
# Moscow; the Russian armies had to keep the city or their road east. Krasnoi, held by
# Neverovsky on the morning of the 14th, is the French army's road in.
VICTORY = [
    ("smolensk-city", 6, "Smolensk (the walled town)", "Russian"),
    ("bagration-road-east", 4, "The Moscow road (east)", "Russian"),
    ("lubino-crossroads", 2, "Lubino crossroads", None),
    ("krasnoi", 1, "Krasnoi", "Russian"),
]

HEX = M.HEX_KM
COL = HEX * math.sqrt(3) / 2
COLUMNS, ROWS = M.COLUMNS, M.ROWS
GRID = hexgrid.Grid(M.X_WEST, M.Y_TOP, HEX, COLUMNS, ROWS)
centre, hex_at, in_circle, polyline = GRID.centre, GRID.hex_at, GRID.in_circle, GRID.polyline
on_map, step, DIRS = GRID.on_map, hexgrid.step, hexgrid.DIRS
label, ron_str = hexgrid.label, hexgrid.ron_str


def crosses(p, q, a, b):
    """Whether segment p-q crosses segment a-b."""
    def orient(u, v, w):
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])
    return (orient(p, q, a) * orient(p, q, b) < 0) and (orient(a, b, p) * orient(a, b, q) < 0)


def river_sides():
    """(hex, dir) -> features: a hexside is a river's where the line between the two hexes'
    centres crosses the river's course."""
    sides = {}
    segs = [(kind, a, b) for _, kind, pts in M.RIVERS for a, b in zip(pts, pts[1:])]
    for c in range(1, COLUMNS + 1):
        for r in range(1, ROWS + 1):
            h = (c, r)
            for d in ("N", "NE", "SE"):   # each side once, from its hex's north and east
                n = step(h, d)
                if not on_map(n):
                    continue
                p, q = centre(*h), centre(*n)
                for kind, a, b in segs:
                    if crosses(p, q, a, b):
                        f = "MajorRiver" if kind == "major" else "MinorRiver"
                        sides.setdefault((h, d), set()).add(f)
    for x, y, name in M.BRIDGES:
        if not (M.X_WEST <= x <= M.X_WEST + COLUMNS * COL and M.Y_TOP - ROWS * HEX <= y <= M.Y_TOP):
            continue   # off the map (Khomino, Rasasna)
        def mid(s):
            (h, d) = s
            a, b = centre(*h), centre(*step(h, d))
            return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        near = min(sides, key=lambda s: (mid(s)[0] - x) ** 2 + (mid(s)[1] - y) ** 2, default=None)
        if near is not None and math.dist(mid(near), (x, y)) <= 1.5 * HEX:
            sides[near].add("Ford" if "ford" in name.lower() else "Bridge")
    return sides


def build_map():
    terrain = {(c, r): "c" for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)}
    for _, x, y, rad in M.FORESTS:
        for h in in_circle(x, y, rad):
            terrain[h] = "w"
    for _, x, y, rad in M.MARSHES:
        for h in in_circle(x, y, rad):
            terrain[h] = "s"
    for _, x, y, rad in M.ROUGH:
        for h in in_circle(x, y, rad):
            terrain[h] = "r"
    for _, x, y in M.TOWNS:
        if M.X_WEST <= x and y <= M.Y_TOP:
            terrain[hex_at(x, y)] = "t"
    for name, pts in M.CITY.items():
        for x, y in pts:
            terrain[hex_at(x, y)] = "k" if name == "smolensk" else "t"
    roads = [(name, polyline(pts)) for name, pts in M.ROADS]
    return terrain, roads, river_sides()


def read_rows():
    with open(UNITS_CSV, newline="") as f:
        return list(csv.DictReader(f))


# Where units.csv's entries name no place of mapdata.py: the south edge on the Mstislavl road
# (the IV Cavalry Corps' and V Corps' approach from Mohilev) [estimate: the road's end].
EXTRA_PLACES = {"mstislavl-south": (-2.5, -32.0)}


def entry(r):
    """A unit's game turn of arrival (`None`: on the map at the start) and the place it enters
    at, from units.csv's `place` and `arrives` ("15 Aug PM at orsha-road (...); later ..."):
    the first clause's day and part of the day (turn 1 = the morning of the 14th; PM, night or
    evening the second half) and its "at PLACE"; without one, the unit's own place."""
    text = r["arrives"].split(";")[0]
    if not text.strip():
        return None, r["place"]
    m = re.search(r"(\d{1,2})", text)
    if not m:
        sys.exit(f"units.csv {r['id']}: an arrival without a day: {text!r}")
    day = int(m.group(1))
    first = text[: m.end() + 8]
    late = bool(re.search(r"pm|afternoon|evening|night", first, re.I))
    turn = (day - FIRST_DAY) * 2 + 1 + int(late)
    at = re.search(r" (?:at|to) ([a-z0-9-]+)", text)
    if at:
        place = at.group(1)
    elif "south edge" in text.lower():
        place = "mstislavl-south"
    else:
        place = r["place"]
    return (turn if turn > 1 else None), place


def placed(rows, places):
    """Each unit's hex: its place, else the nearest hexes with room under 4.1's capacity;
    commanders with the first unit of their place."""
    used = {}
    out = {}
    for r in rows:
        home = hex_at(*places[entry(r)[1]])
        if r["kind"] == "Leader":
            out[r["id"]] = home
            continue
        need = OF_HALVES[r["class"]]
        ring, seen, h = [home], {home}, None
        while h is None:
            for cand in sorted(ring):
                if used.get(cand, 0) + need <= CAPACITY_HALVES:
                    h = cand
                    break
            else:
                ring = [n for q in ring for d in DIRS for n in [step(q, d)]
                        if on_map(n) and n not in seen]
                seen.update(ring)
        used[h] = used.get(h, 0) + need
        out[r["id"]] = h
    return out


def unit_ron(r, h):
    f = [f"id: {ron_str(r['id'])}", f"name: {ron_str(r['name'])}", f"side: {ron_str(r['side'])}",
         f"kind: {r['kind']}", f"hex: {ron_str(label(h))}"]
    if r["kind"] == "Leader":
        f.append(f"rating: {int(r['rating'] or 0)}")
    else:
        f.append("strength: Organized(1)")
        f.append(f"class: {r['class']}")
    if r["men"]:
        f.append(f"men: {int(r['men'])}")
    t = entry(r)[0]
    if t:
        f.append(f"arrives: {t}")
    return "        (" + ", ".join(f) + "),"


def briefing(places):
    return (
        "Smolensk, 14-19 August 1812: twelve turns of half a day, from Krasnoi on the morning "
        "of the 14th to Valutina Gora on the 19th; a hex is 2 km. Napoleon has crossed the "
        "Dnieper west of Krasnoi and marches on Smolensk by the Krasnoi road; Neverovsky's "
        "27th Division stands at Krasnoi; Raevsky's corps hurries back to the city, whose old "
        "walls the Russians will hold while Barclay's and Bagration's armies join on the north "
        "bank and then take the Moscow road east. Victory hexes: Smolensk 6, the Moscow road "
        "at the east edge 4 and Krasnoi 1 (Russian), the Lubino crossroads 2. The French move "
        "first. Every unit's men and source: docs/scenarios/smolensk-1812.md."
    )


def scenario_text(rows, terrain, roads, sides, hexes, places):
    grid = "\n".join("            " + ron_str("".join(terrain[(c, r)] for c in range(1, COLUMNS + 1)))
                     + "," for r in range(1, ROWS + 1))
    hexsides = "\n".join(
        f"            (hex: {ron_str(label(h))}, dir: {d}, features: [{', '.join(sorted(fs))}]),"
        for (h, d), fs in sorted(sides.items()))
    routes = "\n".join(
        f"            (kind: Road, hexes: [{', '.join(ron_str(label(h)) for h in hs)}]),"
        for _, hs in roads if len(hs) > 1)
    victory = "\n".join(
        f"        (hex: {ron_str(label(hex_at(*places[p])))}, points: {pts}, name: {ron_str(n)}"
        + (f", holder: {ron_str(hold)}" if hold else "") + "),"
        for p, pts, n, hold in VICTORY)
    units = "\n".join(unit_ron(r, hexes[r["id"]]) for r in rows)
    return f"""// Smolensk, 14-19 August 1812 (NGG 1812). Generated by tools/gen_smolensk1812.py from
// tools/smolensk1812/ (units.csv: the divisions and commanders, a source on every row;
// mapdata.py: the ground). Do not edit by hand: change the data and run the generator.
(
    title: "Smolensk, 14-19 August 1812",
    ruleset: "ngg1812",
    sides: ["French", "Russian"],
    weather: Dry,
    turn: 1,
    turns: {TURNS},
    // Table 7.3's supply trains were not found: [project default], as the rules demonstration.
    supply_trains: {SUPPLY_TRAINS},
    briefing: {ron_str(briefing(places))},
    victory: [
{victory}
    ],
    map: (
        columns: {COLUMNS},
        rows: {ROWS},
        terrain: [
{grid}
        ],
        hexsides: [
{hexsides}
        ],
        routes: [
{routes}
        ],
    ),
    units: [
{units}
    ],
)
"""


def unit_table(rows, hexes):
    out = ["# Smolensk 1812: the units (generated by tools/gen_smolensk1812.py)", "",
           "| id | unit | side | corps | kind | men | class | rating | hex | arrives | source of the men |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        t = entry(r)[0]
        src = (r["men_src"] or r["source"]).replace("|", "/").replace("\n", " ")
        out.append(f"| {r['id']} | {r['name']} | {r['side']} | {r['corps']} | {r['kind']} | "
                   f"{r['men']} | {r['class']} | {r['rating']} | {label(hexes[r['id']])} | "
                   f"{'' if t is None else 'turn ' + str(t)} | {src} |")
    for side in ("French", "Russian"):
        men = sum(int(r["men"] or 0) for r in rows if r["side"] == side)
        n = sum(1 for r in rows if r["side"] == side and r["kind"] != "Leader")
        out += ["", f"{side}: {n} combat units, {men:,} men in the rows."]
    return "\n".join(out) + "\n"


COLOURS = {"c": "#e8e0a8", "w": "#7fae6a", "s": "#a8c8b8", "r": "#c8b088", "t": "#c08060",
           "k": "#905040"}


def write_svg(terrain, roads, sides, hexes, rows, places):
    pic = hexgrid.Svg(GRID, 9.0)
    for h, t in terrain.items():
        pic.hexagon(h, COLOURS.get(t, "#ccc"), ' stroke="#d8d0a0" stroke-width="0.3"')
    for (hx, d), fs in sides.items():
        a, b = pic.px(*hx), pic.px(*step(hx, d))
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        vx, vy = (b[1] - a[1]) / 2 / math.sqrt(3), -(b[0] - a[0]) / 2 / math.sqrt(3)
        col = "#d09020" if ("Bridge" in fs or "Ford" in fs) else "#3070c0"
        wid = 3 if "MajorRiver" in fs else 1.5
        pic.out.append(f'<line x1="{mx - vx:.1f}" y1="{my - vy:.1f}" x2="{mx + vx:.1f}" '
                       f'y2="{my + vy:.1f}" stroke="{col}" stroke-width="{wid}"/>')
    for _, hs in roads:
        pic.route(hs, 1.2)
    for p, _, _, _ in VICTORY:
        pic.ring(hex_at(*places[p]), pic.s)
    for r in rows:
        pic.counter(hexes[r["id"]], "#3050a0" if r["side"] == "French" else "#307040")
    return pic.text()


def main():
    rows = read_rows()
    places = {**M.PLACES, **EXTRA_PLACES}
    missing = sorted({entry(r)[1] for r in rows} - set(places))
    if missing:
        sys.exit(f"units.csv names places mapdata.py does not have: {missing}")
    bad = [r["id"] for r in rows if r["kind"] != "Leader" and r["class"] not in OF_HALVES]
    if bad:
        sys.exit(f"units.csv: combat units without a class Veteran, Line or Conscript: {bad}")
    terrain, roads, sides = build_map()
    hexes = placed(rows, places)
    with open(OUT, "w") as f:
        f.write(scenario_text(rows, terrain, roads, sides, hexes, places))
    with open(TABLE, "w") as f:
        f.write(unit_table(rows, hexes))
    with open(SVG, "w") as f:
        f.write(write_svg(terrain, roads, sides, hexes, rows, places))
    print(f"wrote {OUT}: {COLUMNS}x{ROWS}, {len(rows)} units, {len(sides)} river hexsides; {TABLE}; {SVG}")


if __name__ == "__main__":
    main()
