#!/usr/bin/env python3
"""Generate scenarios/wilsons-creek-1861.ron: the battle of Wilson's Creek, 10 August 1861,
for the GBACW rules as Musket encodes them (docs/rulesets/gbacw.md).

Inputs (each figure's source is in them; docs/scenarios/wilsons-creek-1861.md explains):
  tools/wilsonscreek1861/units.csv   the order of battle: men, guns, morale basis, dawn place
  tools/wilsonscreek1861/mapdata.py  the field in yards from the Ray house
  tools/wilsonscreek1861/sources.md  the sources, side totals, timeline
Outputs: the scenario, and the unit table and map picture in docs/scenarios/.

Python 3's standard library only: `python3 tools/gen_wilsonscreek1861.py`, then
`musket check scenarios/wilsons-creek-1861.ron`.
"""

import csv
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tools", "wilsonscreek1861")
sys.path.insert(0, DATA)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hexgrid  # noqa: E402
import mapdata as M  # noqa: E402

UNITS_CSV = os.path.join(DATA, "units.csv")
OUT = os.path.join(ROOT, "scenarios", "wilsons-creek-1861.ron")
TABLE = os.path.join(ROOT, "docs", "scenarios", "wilsons-creek-1861-units.md")
SVG = os.path.join(ROOT, "docs", "scenarios", "wilsons-creek-1861-map.svg")

# The game's scale [pub]: SPI's Wilson's Creek (S&T 80, 1980, in the Great Battles of the
# American Civil War series): 20-minute game turns, a strength point 100 men or 1 gun
# (mapdata.py names where this was read). Turn 1 is 5:00-5:20 a.m. (Lyon's attack "about 5
# o'clock": sources.md, timeline); turn 20 ends at 11:40, after the Union withdrawal began
# (Sturgis "held the ground until about 11:30", sources.md S13).
TURN_MINUTES = 20
FIRST = 5 * 60
TURNS = 20
MEN_PER_SP = 100

# Morale ratings by the unit's basis [project default]: GBACW rates a regiment 1 (worst) to 6;
# the 1980 game's own ratings were not found. Regulars 5; volunteers who had been under fire
# (Boonville, Dug Springs, Carthage) 4; the Missouri State Guard 3 (most had fought at
# Carthage or Boonville, few were drilled); mounted volunteers 3; new regiments green (they
# roll their rating the first time they need one: [13.15]); Home Guards 2.
MORALE = {
    "regular": 5,
    "battery-regular": 5,
    "volunteer-drilled": 4,
    "battery-volunteer": 4,
    "state-guard": 3,
    "mounted-volunteer": 3,
    "home-guard": 2,
    "volunteer-new": None,  # green
}

# Places units.csv names that mapdata.py does not (sources.md, section 4, describes them).
EXTRA_PLACES = {
    # McCulloch's brigade's camp, east of the creek near the Wire Road, south of Ray's
    # cornfield [estimate: between the cornfield and McCulloch's headquarters].
    "mcculloch-camp": (-450, -500),
    # Reid's battery's heights east of Pearce's camp [estimate: mapdata's reid-battery].
    "reid-hill": M.PLACES["reid-battery"],
    # Lyon's train and its guard on the line of approach north of the field; the spot was not
    # found [estimate: on the lane north of the Short farm].
    "union-train": (-1900, 2100),
}
PLACES = {**M.PLACES, **EXTRA_PLACES}

# The alert of the Southern camps, S&T 80's own exclusive rule for this battle as its review
# describes it: the Confederates "are not able to move until 'alerted', which means a Union
# unit gets within sighting distance"; then "each Southern unit has to undergo a morale
# check, meaning about half rout", and a mounted unit that panics fights as infantry "the
# rest of the day" (docsbay.net review of S&T 80). The sighting distance and the last turn
# are [project default]s: 4 hexes (500 yards in the brush and timber), and by 6:20 a.m. (turn
# 5) at the latest, when Price's line was forming on Bloody Hill's south slope (about 6:30,
# B&L vol. 1 p. 290). The surprise (a share of movement points on given turns), tried first,
# did not help the Union and is not used (docs/scenarios/wilsons-creek-1861.md).
ALERT = {
    "side": "Confederate",
    "within": 4,
    "turn": 5,
    "source": "[pub] S&T 80 (SPI 1980) exclusive rules as reviewed (docsbay.net): the "
              "Confederates do not move until a Union unit is within sighting distance, then "
              "every unit checks morale and panicked mounted units fight on foot; Pearce was "
              "alerted \"at about 5 o'clock a.m.\" (OR I/3 p. 121); the 4 hexes and turn 5 "
              "[project default]",
}

# Victory points for losses [project default]: the victory hexes alone ask the Union to hold
# ground it did not hold: it attacked to drive the Southern army from its camps (Sturgis, Moore
# p. 498) and left the field at about 11:30 (Schofield, OR I/3 p. 63), having taken about as
# many men as it lost (its 1,235 casualties against McCulloch's 1,095: OR pp. 72, 106-107).
# S&T 80's own victory conditions were not found; its designer wrote that in his scenario "the
# Confederates have a decided advantage and will usually be the victors" ([27.0], scribd). So
# the Union scores a point for every 4 strength points (400 men or 4 guns) of the
# Confederates' destroyed, besides the victory hexes: chosen so that the computer (ai2
# against itself) wins with either side (docs/scenarios/wilsons-creek-1861.md, Playtesting).
LOSSES = {
    "side": "Union",
    "per": 4,
    "source": "[project default] the Union attacked to drive the Southern army from its camps "
              "(Sturgis, Moore p. 498) and left the field (Schofield, OR I/3 p. 63): a point "
              "for every 4 SP destroyed, chosen in playtesting (docs/scenarios/"
              "wilsons-creek-1861.md)",
}

# Victory hexes [project default]: Lyon attacked to drive the Southern army from its camps
# (Sturgis, Moore p. 498); the ground both sides fought for was Bloody Hill, the ford and
# the camps. The Union holds its line of retreat, the Confederates their camps.
VICTORY = [
    ("bloody-hill-crest", 5, "Bloody Hill crest", None),
    ("wire-road-ford", 4, "Wire Road ford (Edwards cabin)", "Confederate"),
    ("sharp-farm", 3, "Sharp farm", "Confederate"),
    ("ray-house", 2, "Ray house", "Confederate"),
    ("union-withdrawal", 4, "The road to Springfield", "Union"),
]

# ---------------------------------------------------------------------------------------------
# Hex geometry: 1-based (column, row), flat-topped, even columns half a hex lower; hexes
# M.HEX_YARDS across from side to side, columns HEX_YARDS * sqrt(3)/2 apart.
# ---------------------------------------------------------------------------------------------

COL_YARDS = M.HEX_YARDS * math.sqrt(3) / 2
COLUMNS = int((M.COLUMNS * M.HEX_YARDS) // COL_YARDS)   # the frame's width in these columns
ROWS = M.ROWS
GRID = hexgrid.Grid(M.X_WEST, M.Y_TOP, M.HEX_YARDS, COLUMNS, ROWS)
centre, hex_at, in_circle, polyline = GRID.centre, GRID.hex_at, GRID.in_circle, GRID.polyline
neighbours, label, ron_str = GRID.neighbours, hexgrid.label, hexgrid.ron_str


# ---------------------------------------------------------------------------------------------
# The map: open upland (the oak barrens and prairie: mapdata.py), fields, woods, the creeks
# as stream hexes, fords where a road crosses, the farms as towns; elevation from the hills.
# ---------------------------------------------------------------------------------------------


def build_map():
    terrain = {(c, r): "c" for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)}
    elev = {h: 0 for h in terrain}
    for _, x, y, rad, level in M.HILLS:
        for h in in_circle(x, y, rad):
            elev[h] = max(elev[h], level)
    for _, x, y, rad in M.WOODS:
        for h in in_circle(x, y, rad):
            terrain[h] = "w"
    for _, x, y, rad in M.FIELDS:
        for h in in_circle(x, y, rad):
            terrain[h] = "c"
    for _, pts in M.CREEKS:
        for h in polyline(pts):
            terrain[h] = "e"
            elev[h] = 0
    roads = [(name, polyline(pts)) for name, pts in M.ROADS]
    for x, y, _ in M.FORDS:
        terrain[hex_at(x, y)] = "f"
    for _, hexes in roads:
        for h in hexes:
            if terrain[h] == "e":
                terrain[h] = "f"   # a road over a stream: a ford [estimate]
    for _, x, y in M.BUILDINGS:
        h = hex_at(x, y)
        if terrain[h] not in "ef":
            terrain[h] = "t"
    return terrain, elev, roads


# ---------------------------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------------------------


def read_rows():
    with open(UNITS_CSV, newline="") as f:
        return list(csv.DictReader(f))


def strength_sp(r):
    """A unit's strength points: a battery's guns; else its men / 100, at least 1."""
    if r["kind"] == "Artillery":
        return int(r["guns"] or 0)
    if r["kind"] in ("Leader", "Wagon"):
        return None
    men = int(r["men"] or 0)
    return max(1, (men + MEN_PER_SP // 2) // MEN_PER_SP)   # the nearest, halves up


def placed(rows, terrain):
    """Each unit's hex: its place, the place's neighbours when two combat units are there
    already (rings outward, a stream hex last); leaders and wagons stack with the first unit."""
    count = {}
    out = {}
    for r in rows:
        home = hex_at(*PLACES[r["place"]])
        if r["kind"] in ("Leader", "Wagon"):
            out[r["id"]] = home
            continue
        ring, seen, h = [home], {home}, None
        while h is None:
            for cand in sorted(ring, key=lambda q: (terrain[q] == "e", q)):
                if count.get(cand, 0) < 2:
                    h = cand
                    break
            else:
                ring = [n for q in ring for n in neighbours(q) if n not in seen]
                seen.update(ring)
        count[h] = count.get(h, 0) + 1
        out[r["id"]] = h
    return out


def unit_ron(r, h):
    fields = [f"id: {ron_str(r['id'])}", f"name: {ron_str(r['name'])}",
              f"side: {ron_str(r['side'])}", f"kind: {r['kind']}", f"hex: {ron_str(label(h))}"]
    sp = strength_sp(r)
    if r["kind"] == "Wagon":
        fields.append("strength: Organized(0)")
    elif sp is not None:
        fields.append(f"strength: Organized({sp})")
    if r["men"]:
        fields.append(f"men: {int(r['men'])}")
    if r["kind"] not in ("Leader", "Wagon"):
        m = MORALE[r["morale_basis"]]
        fields.append("green: true" if m is None else f"morale: {m}")
    return "        (" + ", ".join(fields) + "),"


def time_of(turn):
    t = FIRST + (turn - 1) * TURN_MINUTES
    return f"{t // 60}:{t % 60:02d}"


def briefing():
    return (
        "Wilson's Creek (Oak Hills), Missouri, 10 August 1861, 5:00 to 11:40 a.m., twenty "
        "turns of 20 minutes; a hex is 125 yards, a strength point 100 men or one gun (the scale "
        "of SPI's Wilson's Creek, 1980). Lyon has marched through the night from Springfield: "
        "his column (Plummer's regulars, the 1st Missouri, 1st and 2nd Kansas, 1st Iowa, "
        "Totten's and Du Bois' batteries) stands on the prairie north of Bloody Hill; Sigel's "
        "column (the 3rd and 5th Missouri, Backof's guns, two companies of regular cavalry) is "
        "south-east of the Southern camps, its guns on a hill above the cavalry's tents. "
        "McCulloch's Western Army and Price's Missouri State Guard, more than 10,000 men, are "
        "in their camps along the creek, asleep: until a Union combat unit comes within "
        f"{ALERT['within']} hexes of one of theirs (or {time_of(ALERT['turn'])} at the latest) only "
        "their leaders move; then every Southern unit makes a morale check, those that fail "
        "rout, and mounted men who fail lose their horses and fight on foot (S&T 80's alert). "
        "Victory hexes: Bloody Hill crest 5, the Wire Road ford "
        "4 and Sharp's farm 3 and the Ray house 2 (Confederate), the road to Springfield 4 "
        f"(Union); and the Union scores a point for every {LOSSES['per']} strength points of "
        "the Southern army destroyed. The Union moves first. Every unit's men and source: "
        "docs/scenarios/wilsons-creek-1861.md."
    )


def scenario_text(rows, terrain, elev, roads, hexes):
    grid = lambda f: "\n".join(  # noqa: E731
        "            " + ron_str("".join(f((c, r)) for c in range(1, COLUMNS + 1))) + ","
        for r in range(1, ROWS + 1))
    routes = "\n".join(
        f"            (kind: Road, hexes: [{', '.join(ron_str(label(h)) for h in hs)}]),"
        for _, hs in roads)
    victory = []
    for place, pts, name, holder in VICTORY:
        hold = f", holder: {ron_str(holder)}" if holder else ""
        victory.append(f"        (hex: {ron_str(label(hex_at(*PLACES[place])))}, points: {pts}, "
                       f"name: {ron_str(name)}{hold}),")
    units = "\n".join(unit_ron(r, hexes[r["id"]]) for r in rows)
    return f"""// Wilson's Creek, 10 August 1861 (GBACW). Generated by tools/gen_wilsonscreek1861.py from
// tools/wilsonscreek1861/ (units.csv: the order of battle with a source on every unit;
// mapdata.py: the field). Do not edit by hand: change the data and run the generator.
(
    title: "Wilson's Creek, 10 August 1861",
    ruleset: "gbacw",
    sides: ["Union", "Confederate"],
    weather: Dry,
    turn: 1,
    turns: {TURNS},
    alert: (side: {ron_str(ALERT["side"])}, within: {ALERT["within"]}, turn: {ALERT["turn"]}, source: {ron_str(ALERT["source"])}),
    briefing: {ron_str(briefing())},
    victory: [
{chr(10).join(victory)}
    ],
    victory_losses: [
        (side: {ron_str(LOSSES["side"])}, per: {LOSSES["per"]}, source: {ron_str(LOSSES["source"])}),
    ],
    map: (
        columns: {COLUMNS},
        rows: {ROWS},
        terrain: [
{grid(lambda h: terrain[h])}
        ],
        elevation: [
{grid(lambda h: str(elev[h]))}
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
    out = ["# Wilson's Creek 1861: the units (generated by tools/gen_wilsonscreek1861.py)", "",
           "| id | unit | side | kind | men | guns | SP | morale | hex | source of the men |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        sp = strength_sp(r)
        m = MORALE.get(r["morale_basis"]) if r["kind"] not in ("Leader", "Wagon") else ""
        morale = "green" if m is None else m
        src = (r["men_src"] or r["source"]).replace("|", "/").replace("\n", " ")
        out.append(f"| {r['id']} | {r['name']} | {r['side']} | {r['kind']} | {r['men']} | "
                   f"{r['guns']} | {'' if sp is None else sp} | {morale} | "
                   f"{label(hexes[r['id']])} | {src} |")
    for side in ("Union", "Confederate"):
        men = sum(int(r["men"] or 0) for r in rows if r["side"] == side)
        guns = sum(int(r["guns"] or 0) for r in rows if r["side"] == side and r["kind"] == "Artillery")
        out.append("")
        out.append(f"{side}: {men:,} men in the rows, {guns} guns.")
    return "\n".join(out) + "\n"


COLOURS = {"c": "#e8e0a8", "w": "#9cc48a", "e": "#7fb2e0", "f": "#b8d8f0", "t": "#c08060"}


def write_svg(terrain, elev, roads, hexes, rows):
    pic = hexgrid.Svg(GRID, 6.0)
    for h, t in terrain.items():
        e = elev[h]
        shade = "" if e == 0 else f' stroke="#806040" stroke-width="{0.4 * e:.1f}"'
        pic.hexagon(h, COLOURS.get(t, "#ccc"), shade)
    for _, hs in roads:
        pic.route(hs, 1.5)
    for place, _, _, _ in VICTORY:
        pic.ring(hex_at(*PLACES[place]), pic.s * 1.1)
    for r in rows:
        pic.counter(hexes[r["id"]], "#3050a0" if r["side"] == "Union" else "#909090")
    return pic.text()


def main():
    rows = read_rows()
    missing = {r["place"] for r in rows} - set(PLACES)
    if missing:
        sys.exit(f"units.csv names places mapdata.py does not have: {sorted(missing)}")
    terrain, elev, roads = build_map()
    hexes = placed(rows, terrain)
    with open(OUT, "w") as f:
        f.write(scenario_text(rows, terrain, elev, roads, hexes))
    with open(TABLE, "w") as f:
        f.write(unit_table(rows, hexes))
    with open(SVG, "w") as f:
        f.write(write_svg(terrain, elev, roads, hexes, rows))
    print(f"wrote {OUT}: {COLUMNS}x{ROWS}, {len(rows)} units; {TABLE}; {SVG}")


if __name__ == "__main__":
    main()
