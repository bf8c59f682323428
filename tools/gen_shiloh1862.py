#!/usr/bin/env python3
"""Generate scenarios/shiloh-1862.ron: the battle of Shiloh, 6-7 April 1862 (ruleset shiloh).

Inputs (all in tools/shiloh1862/):
    units.csv    one row per unit: order of battle, the basis of its strength, its start
                 position (yards from Pittsburg Landing) or arrival turn and place, its source
    mapdata.py   the field: fields, thickets, creeks, roads, crossings, named places (yards)

The script is deterministic. It
  1. computes every unit's men from the sourced totals in STRENGTH_BASES below (largest
     remainder, so each basis's units add up to its sourced total exactly);
  2. paints the map at 250 yards per hex (scenario.md geometry: flat-topped hexes, even columns
     half a hex lower);
  3. writes scenarios/shiloh-1862.ron and the unit table of docs/scenarios/shiloh-1862.md
     (between the markers <!-- units:begin --> and <!-- units:end -->);
  4. with --write-csv, writes the computed men and guns back into units.csv (the `men` and
     `guns` columns), and otherwise checks that units.csv agrees with them.

Usage:
    python3 tools/gen_shiloh1862.py [--write-csv] [--show]
    cargo run --release --no-default-features -- check scenarios/shiloh-1862.ron
"""

from __future__ import annotations

import csv
import io
import math
import os
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "shiloh1862"))
import mapdata as M  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tools"))
import hexgrid  # noqa: E402

UNITS_CSV = os.path.join(ROOT, "tools", "shiloh1862", "units.csv")
OUT = os.path.join(ROOT, "scenarios", "shiloh-1862.ron")
DOC = os.path.join(ROOT, "docs", "scenarios", "shiloh-1862.md")

# ---------------------------------------------------------------------------------------------
# Time scale: 90-minute turns (the SSI game's), two night turns.
# ---------------------------------------------------------------------------------------------

TURN_TIMES = [
    "6 Apr 5:00-6:30 a.m.", "6 Apr 6:30-8:00 a.m.", "6 Apr 8:00-9:30 a.m.",
    "6 Apr 9:30-11:00 a.m.", "6 Apr 11:00 a.m.-12:30 p.m.", "6 Apr 12:30-2:00 p.m.",
    "6 Apr 2:00-3:30 p.m.", "6 Apr 3:30-5:00 p.m.", "6 Apr 5:00-6:30 p.m.",
    "night 6 Apr 6:30 p.m.-midnight", "night 7 Apr midnight-5:30 a.m.",
    "7 Apr 5:30-7:00 a.m.", "7 Apr 7:00-8:30 a.m.", "7 Apr 8:30-10:00 a.m.",
    "7 Apr 10:00-11:30 a.m.", "7 Apr 11:30 a.m.-1:00 p.m.", "7 Apr 1:00-2:30 p.m.",
    "7 Apr 2:30-4:00 p.m.",
]
TURNS = len(TURN_TIMES)
NIGHT_TURNS = [10, 11]

# ---------------------------------------------------------------------------------------------
# Strengths. A unit's men come, in this order of preference, from
#   1. its own figure in a source (`known`, cited in `strength_src`): a brigade's return or
#      report; where the figure includes batteries that are units of their own here
#      (`incl_bats`), their men (the per-battery estimate below) are taken off;
#   2. part figures (`known` for `known_regts` of its regiments) plus a share for the rest;
#   3. a share, by regiment (a battalion 0.5), of what a sourced total leaves after the units
#      with figures: first the total of its `group` (a corps or division figure), then its
#      army's (`basis`).
# Batteries and cavalry, for which no figure of their men was found, are per-battery and
# per-company estimates. Guns are data (`guns`, cited in `guns_src`).
# ---------------------------------------------------------------------------------------------

# OR I/10/1 p. 398 (quoted in Southern Historical Society Papers vol. 24 p. 129): the effective
# total of the Army of the Mississippi before leaving Corinth.
CS_INF, CS_ART, CS_CAV = 34727, 1973, 2073
# Reed p. 45: five divisions at Pittsburg Landing, 39,830 present for duty; Lew Wallace's Third
# Division at Crump's Landing, 7,564.
AOT_PITTSBURG, AOT_LEW_WALLACE = 39830, 7564
# OR I/10/2 p. 85: Mitchel's division of the Army of the Ohio, March 1862 return, present for
# duty: infantry 276 officers + 6,043 men in 12 regiments; artillery (three batteries) 12 + 331,
# 18 pieces; cavalry (one regiment) 32 + 569.
AOO_INF_PER_REGT = Fraction(276 + 6043, 12)
ART_PER_BATTERY = Fraction(12 + 331, 3)
CAV_PER_COMPANY = Fraction(32 + 569, 12)   # 12 companies a regiment [estimate]

# Corps and division figures (`group` in units.csv): the units of the group share what is left
# of the figure after those with their own.
GROUPS = {
    "HARDEE": (6789, "Hardee's corps, infantry and artillery: 6,789 (T. Jordan, 'The Battle of "
                     "Shiloh', Southern Historical Society Papers vol. 35, 1907, p. 204)"),
    "CHEATHAM": (3801, "Cheatham's division: 'Cheatham carried into battle 3,801 officers and men' "
                       "(J. D. Porter, Confederate Military History, ed. C. A. Evans, Atlanta 1899, "
                       "vol. 8, Tennessee, p. 37)"),
    "MCCLERNAND": (6941, "McClernand's division: 'The Division had present for duty, of all arms, "
                         "officers and men, 6941' (its War Department tablet in the park)"),
}
# M. F. Force, From Fort Henry to Corinth (Scribner 1881): "By the returns, Cleburne's brigade
# was the largest, having 2,750 effectives": no Confederate brigade's share exceeds Cleburne's
# infantry.
CS_LARGEST = "csa-cleburne"

BASIS_TEXT = {
    "CS-INF": "[estimate: {regts} regiments x {per} men, the share of each regiment (a battalion "
              "0.5) without a figure of what the brigades with figures leave of the 34,727 infantry "
              "effectives (OR I/10/1 p. 398){cap}]",
    "CS-REINF": "[estimate: 1 regiment x {per} men, the Confederate infantry share]",
    "CS-ART": "[estimate: {bat} batteries x {per} men (OR I/10/1 p. 398 artillery effective 1,973 / "
              "{n} batteries in Reed's organization)]",
    "CS-CAV": "[estimate: {regts} regiments x {per} men (OR I/10/1 p. 398 cavalry effective 2,073 / "
              "{n} regiments in Reed's organization)]",
    "AOT-PL": "[estimate: {regts} regiments x {per} men, the share of each regiment without a figure "
              "of what the units with figures, the batteries and the cavalry leave of the 39,830 "
              "present for duty at Pittsburg Landing (Reed p. 45)]",
    "AOT-LW": "[estimate: {regts} regiments x {per} men (Reed p. 45, Third Division 7,564 present "
              "for duty, less batteries and cavalry, / its 11 regiments; 9 came)]",
    "US-ART": "[estimate: {bat} batteries x 114.3 men (OR I/10/2 p. 85: three batteries, 343 "
              "present for duty)]",
    "US-CAV": "[estimate: {cos} companies x 50.1 men (OR I/10/2 p. 85: a cavalry regiment 601 "
              "present for duty; 12 companies a regiment)]",
    "AOO-INF": "[estimate: {regts} regiments x 526.6 men (OR I/10/2 p. 85: 6,319 infantry present "
               "for duty in 12 regiments, Army of the Ohio, March 1862)]",
    "AOO-ART": "[estimate: {bat} batteries x 114.3 men (OR I/10/2 p. 85)]",
    "AOT-UN": "",
}
GROUP_TEXT = ("[estimate: {regts} regiments x {per} men, the share of each regiment without a "
              "figure of what the units with figures and the batteries' estimate leave of {src}]")


def num(s):
    s = (s or "").strip()
    return Fraction(s) if s else Fraction(0)


def share(total, weights):
    """Split the whole number `total` in proportion to `weights` (largest remainder; ties by
    order), so the parts add up to `total` exactly."""
    wsum = sum(weights)
    raw = [Fraction(total) * w / wsum for w in weights]
    parts = [math.floor(r) for r in raw]
    left = total - sum(parts)
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i] - parts[i]), i))
    for i in order[:left]:
        parts[i] += 1
    return parts


class Strengths:
    """Every unit's men, and for each estimated share the men a regiment got (`per`)."""

    def __init__(self, rows):
        self.rows = rows
        self.men = {}
        self.per = {}        # id -> (men a regiment, how it was capped) for shared units
        self.how = {}        # id -> "group" or "basis": where the share came from
        self.bat_men = {}    # side -> men a battery
        self.cav_per_regt = None

    def bats(self, r):
        return num(r["batteries"])

    def open_regts(self, r):
        """Regiments of an infantry unit that no figure covers."""
        if r["kind"] != "Infantry":
            return Fraction(0)
        if r["known"] and not r["known_regts"]:
            return Fraction(0)
        return num(r["regts"]) - num(r["known_regts"])

    def fixed(self, r):
        """The men of a unit from its own figures (its whole strength when no regiment is open),
        less the batteries the figure includes."""
        side = r["side"]
        return num(r["known"]) - self.bats_included(r) * self.bat_men.get(side, ART_PER_BATTERY)

    def bats_included(self, r):
        return num(r["incl_bats"])

    def compute(self):
        rows = self.rows
        cs_bats = [r for r in rows if r["basis"] == "CS-ART"]
        self.bat_men["Confederate"] = Fraction(CS_ART, int(sum(self.bats(r) for r in cs_bats)))
        self.bat_men["Union"] = ART_PER_BATTERY
        # Batteries and cavalry.
        for r, m in zip(cs_bats, share(CS_ART, [self.bats(r) for r in cs_bats])):
            self.men[r["id"]] = m
        cs_cav = [r for r in rows if r["basis"] == "CS-CAV"]
        for r, m in zip(cs_cav, share(CS_CAV, [num(r["regts"]) for r in cs_cav])):
            self.men[r["id"]] = m
        self.cav_per_regt = Fraction(CS_CAV) / sum(num(r["regts"]) for r in cs_cav)
        for r in rows:
            if r["basis"] in ("US-ART", "AOO-ART"):
                self.men[r["id"]] = round(ART_PER_BATTERY * self.bats(r))
            elif r["basis"] == "US-CAV":
                self.men[r["id"]] = round(CAV_PER_COMPANY * num(r["cav_cos"]))
        # Units wholly covered by their own figure.
        for r in rows:
            if r["kind"] == "Infantry" and r["known"] and not r["known_regts"]:
                self.men[r["id"]] = round(self.fixed(r))
        # Corps and division figures, then the army totals.
        for g, (total, _) in GROUPS.items():
            self.distribute([r for r in rows if r["group"] == g], total, "group")
        self.distribute([r for r in rows if r["basis"] == "CS-INF"], CS_INF, "basis",
                        cap=self.men[CS_LARGEST])
        self.distribute([r for r in rows if r["basis"] in ("AOT-PL", "US-ART", "US-CAV")
                         and not self.lew_wallace(r)], AOT_PITTSBURG, "basis")
        lw = [r for r in rows if r["basis"] == "AOT-LW"]
        support = sum(self.men[r["id"]] for r in rows if r["basis"] in ("US-ART", "US-CAV")
                      and self.lew_wallace(r))
        per = Fraction(AOT_LEW_WALLACE - support, 11)   # 11 regiments; 9 came (Reed)
        for r in lw:
            self.men[r["id"]] = round(per * num(r["regts"]))
            self.per[r["id"]] = (per, None)
        for r in rows:
            if r["basis"] == "AOO-INF":
                self.men[r["id"]] = round(AOO_INF_PER_REGT * num(r["regts"]))
            elif r["basis"] == "CS-REINF":
                per, _ = self.per[next(x["id"] for x in rows if x["basis"] == "CS-INF"
                                       and x["id"] in self.per and self.per[x["id"]][1] is None)]
                self.men[r["id"]] = round(per * num(r["regts"]))
                self.per[r["id"]] = (per, None)
        return self.men

    @staticmethod
    def lew_wallace(r):
        return r["basis"] == "AOT-LW" or r["id"] in ("usa-art-lwallace", "usa-cav-lwallace")

    def distribute(self, units, total, how, cap=None):
        """The units of `units` with open regiments and no men yet share what `total` leaves after
        the others (and their own part figures), by open regiment; none above `cap`."""
        open_ = [r for r in units if r["id"] not in self.men and self.open_regts(r) > 0]
        left = total - sum(self.men[r["id"]] for r in units if r["id"] in self.men) \
            - sum(self.fixed(r) for r in open_)
        capped = []
        while open_:
            per = Fraction(left) / sum(self.open_regts(r) for r in open_)
            over = [r for r in open_ if cap is not None
                    and self.fixed(r) + per * self.open_regts(r) > cap]
            if not over:
                break
            for r in over:
                self.men[r["id"]] = cap
                self.per[r["id"]] = (per, cap)
                self.how[r["id"]] = how
                left -= cap - self.fixed(r)
                open_.remove(r)
                capped.append(r)
        if not open_:
            return
        parts = share(round(left), [self.open_regts(r) for r in open_])
        for r, m in zip(open_, parts):
            self.men[r["id"]] = round(self.fixed(r)) + m
            self.per[r["id"]] = (per, None)
            self.how[r["id"]] = how


def compute_strengths(rows):
    """Men (and guns) for each unit row."""
    s = Strengths(rows)
    men = s.compute()
    guns = {r["id"]: int(r["guns"]) for r in rows if r["kind"] == "Artillery"}
    return men, guns, s


def fmt(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):.1f}"


def basis_note(r, rows, s):
    """How a unit's men were found: its source's figure, or the estimate and its arithmetic."""
    if r["kind"] == "Leader":
        return ""
    parts = []
    if r["known"]:
        inc = num(r["incl_bats"])
        text = r["strength_src"]
        if inc:
            text += (f"; less {fmt(inc)} batteries x {fmt(s.bat_men[r['side']])} men "
                     "[estimate: the battery estimate below], units of their own here")
        parts.append(text)
    if r["id"] in s.per and s.open_regts(r) > 0 or r["basis"] in ("CS-REINF", "AOT-LW"):
        per, cap = s.per[r["id"]]
        regts = fmt(s.open_regts(r))
        if s.how.get(r["id"]) == "group":
            t = GROUP_TEXT.format(regts=regts, per=fmt(per), src=GROUPS[r["group"]][1])
        else:
            t = BASIS_TEXT[r["basis"]].format(
                regts=regts, per=fmt(per),
                cap=(f"; held at Cleburne's {cap} (Force, From Fort Henry to Corinth, 1881: "
                     "'Cleburne's brigade was the largest')" if cap else ""))
        parts.append(("the rest: " if r["known"] else "") + t)
    elif not r["known"] and r["basis"] in BASIS_TEXT:
        same = [x for x in rows if x["basis"] == r["basis"]]
        n = sum(num(x["regts"]) for x in same) if r["basis"] != "CS-ART" else \
            sum(num(x["batteries"]) for x in same)
        per = s.bat_men["Confederate"] if r["basis"] == "CS-ART" else s.cav_per_regt
        parts.append(BASIS_TEXT[r["basis"]].format(
            regts=fmt(num(r["regts"])), bat=fmt(num(r["batteries"])), cos=fmt(num(r["cav_cos"])),
            n=fmt(n), per=fmt(per), cap=""))
    if r["kind"] == "Artillery" and r["guns_src"]:
        parts.append("guns: " + r["guns_src"])
    return "; ".join(p for p in parts if p)


# ---------------------------------------------------------------------------------------------
# Hex geometry (scenario.md): 1-based (column, row); even-numbered columns sit half a hex lower.
# ---------------------------------------------------------------------------------------------

COL_YARDS = M.HEX_YARDS * math.sqrt(3) / 2
GRID = hexgrid.Grid(M.X_WEST, M.Y_TOP, M.HEX_YARDS, M.COLUMNS, M.ROWS)
centre, hex_at, polyline = GRID.centre, GRID.hex_at, GRID.polyline
to_cube, from_cube, cube_round = hexgrid.to_cube, hexgrid.from_cube, hexgrid.cube_round
distance, line = hexgrid.distance, hexgrid.line


def adjacent(a, b):
    return distance(a, b) == 1


def label(h):
    return f"{h[0]:02d}{h[1]:02d}"


def in_circle(x, y, rad):
    out = []
    for c in range(1, M.COLUMNS + 1):
        for r in range(1, M.ROWS + 1):
            cx, cy = centre(c, r)
            if (cx - x) ** 2 + (cy - y) ** 2 <= rad ** 2:
                out.append((c, r))
    h = hex_at(x, y)
    if h not in out:
        out.append(h)
    return out


# ---------------------------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------------------------


def build_map():
    terrain = {(c, r): "w" for c in range(1, M.COLUMNS + 1) for r in range(1, M.ROWS + 1)}
    elev = {h: 1 for h in terrain}
    for _, x, y, rad in M.FIELDS:
        for h in in_circle(x, y, rad):
            terrain[h] = "c"
    for _, x, y, rad in M.THICKETS:
        for h in in_circle(x, y, rad):
            terrain[h] = "h"
    creek_hexes = {}
    for name, letter, pts in M.CREEKS:
        for h in polyline(pts):
            # A swamp creek outranks a stream or ravine where they meet.
            if terrain[h] != "s":
                terrain[h] = letter
            elev[h] = 0
            creek_hexes.setdefault(h, name)
    for x, y, rad in M.BOTTOMS:
        for h in in_circle(x, y, rad):
            terrain[h] = "s"
            elev[h] = 0
    for _, x, y, rad in M.ORCHARD:
        for h in in_circle(x, y, rad):
            terrain[h] = "o"
    for x, y in M.SUNKEN_ROAD:
        pass
    for h in polyline(M.SUNKEN_ROAD):
        terrain[h] = "u"
    for _, x, y, _r in M.CHURCH:
        terrain[hex_at(x, y)] = "n"
    roads = []
    for name, pts in M.ROADS:
        hexes = polyline(pts)
        roads.append((name, hexes))
        # A road crossing a creek: the named crossings are bridges or fords; elsewhere a road
        # over a swamp creek is a bridge, over a stream or ravine the road keeps its letter.
    for place, letter in M.CROSSINGS:
        h = hex_at(*M.PLACES[place])
        terrain[h] = letter
        elev[h] = 0
    for name, hexes in roads:
        for h in hexes:
            if terrain[h] == "s" and h not in [hex_at(*M.PLACES[p]) for p, _ in M.CROSSINGS]:
                # Roads crossing flooded bottoms elsewhere (the Corinth road over Lick Creek's
                # head, the Bark road): a ford [estimate].
                terrain[h] = "f"
    # The Landing itself: the bluff road down to the boats, open ground.
    terrain[hex_at(*M.PLACES["landing"])] = "c"
    elev[hex_at(*M.PLACES["landing"])] = 0
    return terrain, elev, roads


# ---------------------------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------------------------


def read_rows():
    with open(UNITS_CSV, newline="") as f:
        return list(csv.DictReader(f))


def write_rows(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    with open(UNITS_CSV, "w", newline="") as f:
        f.write(buf.getvalue())


def unit_hex(r, occupied):
    if r["place"]:
        return hex_at(*M.PLACES[r["place"]])
    return hex_at(float(r["x_yd"]), float(r["y_yd"]))


def ron_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


VICTORY = [
    # (place, points, name, holder). The objectives [pub]: the Confederates attacked "with the
    # intention of driving the Union defenders away from the river and into the swamps of Owl
    # Creek" (Wikipedia, "Battle of Shiloh"); on 7 April Grant and Buell retook the
    # camps and Shiloh Church. The points are [project default].
    ("landing", 10, "Pittsburg Landing", "Union"),
    ("shiloh-church", 5, "Shiloh Church", "Union"),
    ("hornets-nest", 3, "The Hornets' Nest (Sunken Road)", "Union"),
    ("peach-orchard", 2, "The Peach Orchard", "Union"),
    ("snake-bridge", 2, "Snake Creek bridge (the River road to Crump's Landing)", "Union"),
    ("owl-bridge", 1, "Owl Creek bridge (Purdy road)", "Union"),
    ("lick-ford", 1, "Lick Creek ford (Hamburg road)", "Union"),
    ("johnston-hq", 6, "Johnston's headquarters (Bark and Corinth roads)", "Confederate"),
    # The Confederate line of communication to Corinth and the ground the attack started from:
    # [project default] points chosen so both sides start with 24 and, as long as no objective
    # changes hands, the proportion of losses decides (the stand-in melee has no retreat, so a
    # held hex falls only when its last man does: docs/rulesets/shiloh.md).
    ("corinth-road-south", 8, "The Corinth road south (the line of retreat to Corinth)",
     "Confederate"),
    ("monterey-road-south", 4, "The road to Mickey's and Monterey", "Confederate"),
    ("fraley-field", 3, "Fraley field (Hardee's start line)", "Confederate"),
    ("bark-road-west", 3, "The Bark road west (Polk's and Bragg's approach)", "Confederate"),
]


# The first turn's surprise (docs/scenarios/shiloh-1862.md, "The historical rules as data").
# [pub] the surprise itself: on 5 April Sherman wrote to Grant "I do not apprehend anything
# like an attack on our position" (OR I/10/2 p. 93, quoted in J. F. Rhodes, History of the
# Civil War, 1917, p. 100); the attack came at 4:55 a.m. on the 6th (tablet HME43). Its effect
# is a [project default] (the 1987 game's surprise rule was not found): on turn 1 (5:00-6:30
# a.m.) every Union unit has half its operations points and may not attack in its own turn
# (Final Defensive Fire stays open).
SURPRISE_TURNS = [1]
SURPRISE_POINTS_PERCENT = 50
SURPRISE_SOURCE = (
    "[pub] the surprise: Sherman to Grant, 5 Apr 1862, 'I do not apprehend anything like an "
    "attack on our position' (OR I/10/2 p. 93; Rhodes, History of the Civil War, p. 100); the "
    "attack at 4:55 a.m. (tablet HME43). Its effect [project default]: half OPs and no attack "
    "in the Union's own turn on turn 1 (5:00-6:30 a.m.)"
)

# Buell's ferry at Pittsburg Landing. [estimate] its capacity: the most men the historical
# schedule (Reed p. 61) lands in one turn, turn 12 (Rousseau, Kirk and Terrill: 4,590), rounded
# up to the hundred, so the historical arrivals cross on time; the steamers' own capacity was
# not found. A landing the enemy holds stops the ferry; the queue then crosses at this rate.
FERRY_MEN_PER_TURN = 4600
FERRY_SOURCE = (
    "[estimate: the most men Reed p. 61's schedule lands in one 90-minute turn (turn 12: "
    "Rousseau, Kirk, Terrill, 4,590), rounded up to the hundred; the steamers' own capacity not "
    "found] the Army of the Ohio and Grant came up the river by steamer (Reed p. 61; Buell's "
    "report)"
)


def ferry_ron():
    landing = label(hex_at(*M.PLACES["landing"]))
    return (f'[(name: "the steamers at Pittsburg Landing", side: "Union", hex: "{landing}", '
            f"men_per_turn: {FERRY_MEN_PER_TURN}, source: {ron_str(FERRY_SOURCE)})]")


def surprise_ron():
    return (f'(side: "Union", turns: [{", ".join(str(t) for t in SURPRISE_TURNS)}], '
            f"points_percent: {SURPRISE_POINTS_PERCENT}, may_attack: false, "
            f"source: {ron_str(SURPRISE_SOURCE)})")


def briefing(terrain):
    L = lambda p: label(hex_at(*M.PLACES[p]))  # noqa: E731
    return (
        "Shiloh (Pittsburg Landing), 6-7 April 1862. 18 turns of 90 minutes (turn 1 = 5:00 a.m. "
        "6 April; turns 10-11 the night; turn 18 ends 4:00 p.m. 7 April); 250 yards a hex; north "
        "up, the Tennessee River along the east edge. At 4:55 a.m. Hardee's pickets at Fraley "
        f"field ({L('fraley-field')}) meet Prentiss's patrol: Johnston's Army of the Mississippi, "
        "Hardee's corps in front, Bragg's 800 yards behind, Polk and Breckinridge in column on "
        f"the Corinth road at Johnston's headquarters ({L('johnston-hq')}), falls on Grant's camps. "
        f"Sherman's brigades around Shiloh Church ({L('shiloh-church')}) and by the Lick Creek "
        f"ford ({L('lick-ford')}), and Miller's brigade of Prentiss's division, start disrupted: "
        "they were surprised (Peabody's brigade, whose patrol found the enemy, is not). On turn "
        "1 the whole Union army is surprised: half its operations points, and no attack in its "
        "own turn (it still gives Final Defensive Fire). Grant comes up from Savannah "
        f"to Pittsburg Landing ({L('landing')}) on turn 3. Hold the Sunken Road - the Hornets' "
        f"Nest ({L('hornets-nest')}), east of Duncan field ({L('duncan-field')}) - and the Peach "
        f"Orchard ({L('peach-orchard')}) by the Bloody Pond ({L('bloody-pond')}); Grant's last "
        f"line stands on the bluff above Dill Branch ({L('dill-branch-mouth')}) with the siege "
        f"guns ({L('webster-guns')}). Buell's Army of the Ohio is ferried to the Landing: "
        "Ammen's brigade turn 9, the rest of Nelson's division turn 10, Crittenden turn 11, "
        f"McCook turns 12-13, Wood turns 17-18; the steamers land at most {FERRY_MEN_PER_TURN:,} "
        "men a turn, and none while the Confederates hold the Landing. Lew Wallace's division comes down the River "
        f"road ({L('river-road')}) over the Snake Creek bridge ({L('snake-bridge')}) on turn 10. "
        "Owl, Snake and Lick creeks are flooded (swamp): cross at the Owl Creek bridge "
        f"({L('owl-bridge')}), the Snake Creek bridge and the Lick Creek ford. Victory hexes: "
        "the Landing 10, Shiloh Church 5, the Hornets' Nest 3, the Peach Orchard 2, Snake Creek "
        "bridge 2, Owl Creek bridge 1, Lick Creek ford 1 (Union at the start); Johnston's "
        "headquarters 6, the Corinth road south 8, the road to Mickey's 4, Fraley field 3, the "
        "Bark road west 3 (Confederate): 24 points each. More points after turn 18 wins; equal "
        "points, the larger share of the enemy destroyed (historically the Confederates lost "
        "about 26% of their men, the Union 20%: the Union held the Landing, retook its camps and "
        "won). The Confederates win by taking the Landing, the church or the Hornets' Nest and "
        "keeping them, or by bleeding the Union more than they bleed. Every strength and place is sourced in docs/scenarios/shiloh-1862.md."
    )


# ---------------------------------------------------------------------------------------------
# Map picture (SVG): docs/scenarios/shiloh-1862-map.svg
# ---------------------------------------------------------------------------------------------

SVG = os.path.join(ROOT, "docs", "scenarios", "shiloh-1862-map.svg")
COLOURS = {"c": "#e8e0a8", "w": "#9cc48a", "h": "#4f8a48", "o": "#e6a0c0", "n": "#b07050",
           "s": "#7fa9b8", "v": "#a08a6a", "e": "#8fc0e0", "f": "#c0e0f0", "b": "#d0a070",
           "u": "#c8a060"}


def write_svg(terrain, roads, rows):
    size = 14.0  # pixels from hex centre to corner
    w = size * 2
    h = math.sqrt(3) * size

    def px(c, r):
        x = size + (c - 1) * w * 0.75
        y = h / 2 + (r - 1) * h + (h / 2 if c % 2 == 0 else 0)
        return x + 10, y + 10

    out = []
    W = px(M.COLUMNS, 1)[0] + size + 30
    H = px(2, M.ROWS)[1] + h + 20
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.0f}" height="{H:.0f}" '
               f'font-family="sans-serif" font-size="8">')
    out.append(f'<rect width="{W:.0f}" height="{H:.0f}" fill="white"/>')
    for (c, r), t in sorted(terrain.items()):
        x, y = px(c, r)
        pts = " ".join(f"{x + size * math.cos(math.radians(a)):.1f},"
                       f"{y + size * math.sin(math.radians(a)):.1f}" for a in range(0, 360, 60))
        out.append(f'<polygon points="{pts}" fill="{COLOURS[t]}" stroke="#777" '
                   f'stroke-width="0.3"/>')
    x0 = px(M.COLUMNS, 1)[0] + size
    out.append(f'<rect x="{x0:.1f}" y="0" width="20" height="{H:.0f}" fill="#4a7fb0"/>')
    for name, hexes in roads:
        pts = " ".join(f"{px(*hh)[0]:.1f},{px(*hh)[1]:.1f}" for hh in hexes)
        out.append(f'<polyline points="{pts}" fill="none" stroke="#8a3b12" stroke-width="1.6"/>')
    for r in rows:
        if r["arrives"] or r["kind"] == "Leader":
            continue
        x, y = px(*unit_hex(r, {}))
        col = "#3050c0" if r["side"] == "Union" else "#b03030"
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2" fill="{col}" stroke="black" '
                   f'stroke-width="0.4"/>')
    for place, pts_, name, holder in VICTORY:
        x, y = px(*hex_at(*M.PLACES[place]))
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="gold" '
                   f'stroke-width="1.6"/>')
        anchor = "end" if x > W - 120 else "start"
        tx = x - 8 if anchor == "end" else x + 8
        out.append(f'<text x="{tx:.1f}" y="{y - 6:.1f}" text-anchor="{anchor}">'
                   f'{name.split(" (")[0]} ({pts_})</text>')
    out.append(f'<text x="10" y="{H - 6:.0f}">Shiloh 6-7 April 1862: 250 yards a hex; north up; '
               f'Tennessee River east; red = Confederate, blue = Union at 5 a.m. 6 April; '
               f'gold = victory hexes</text>')
    out.append("</svg>")
    with open(SVG, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    write_csv = "--write-csv" in sys.argv
    show = "--show" in sys.argv
    rows = read_rows()
    men, guns, strengths = compute_strengths(rows)
    mismatch = []
    for r in rows:
        want_m = str(men.get(r["id"], 0)) if r["kind"] != "Leader" else "0"
        want_g = str(guns.get(r["id"], "")) if r["id"] in guns else ""
        if r["men"] != want_m or r["guns"] != want_g:
            mismatch.append(r["id"])
            r["men"], r["guns"] = want_m, want_g
    if write_csv:
        write_rows(rows)
    elif mismatch:
        sys.exit(f"units.csv disagrees with the computed strengths for {mismatch[:5]}...: "
                 "run with --write-csv")

    terrain, elev, roads = build_map()
    ids = set()
    occupied = {}
    units_ron = []
    for r in rows:
        assert r["id"] not in ids, r["id"]
        ids.add(r["id"])
        h = unit_hex(r, occupied)
        if not r["arrives"]:
            other = occupied.get(h)
            assert other is None or other == r["side"], (r["id"], label(h))
            occupied[h] = r["side"]
        fields = [f"id: {ron_str(r['id'])}", f"name: {ron_str(r['name'])}",
                  f"side: {ron_str(r['side'])}", f"kind: {r['kind']}", f"hex: \"{label(h)}\""]
        if r["kind"] != "Leader":
            fields.append(f"strength: Organized({men[r['id']]})")
        if r["id"] in guns:
            fields.append(f"guns: {guns[r['id']]}")
        if r["mode"]:
            fields.append(f"mode: {r['mode']}")
        if r["status"]:
            fields.append(f"status: {r['status']}")
        if r["leader_bonus"]:
            fields.append(f"leader_bonus: {int(r['leader_bonus'])}")
        if r["side"] == "Confederate" and r["kind"] != "Leader" and not r["arrives"]:
            # [project default] the march from Corinth, 3-5 April; the night in line of battle.
            fields.append("fatigue: 10")
        if r["id"] == "usa-art-siege":
            fields.append("heavy_guns: true")
        if r["arrives"]:
            fields.append(f"arrives: {int(r['arrives'])}")
        units_ron.append("        (" + ", ".join(fields) + "),")

    # Routes, checked.
    routes_ron = []
    for name, hexes in roads:
        for a, b in zip(hexes, hexes[1:]):
            assert adjacent(a, b), (name, a, b)
        routes_ron.append(f"            // {name}\n            (kind: Road, hexes: ["
                          + ", ".join(f'"{label(h)}"' for h in hexes) + "]),")
    # The Tennessee River along the east edge (drawn; no hex lies across it).
    sides_ron = []
    for r in range(1, M.ROWS + 1):
        for d in ("NE", "SE"):
            sides_ron.append(f'            (hex: "{label((M.COLUMNS, r))}", dir: {d}, '
                             "features: [MajorRiver]),")

    terr_rows = ["".join(terrain[(c, r)] for c in range(1, M.COLUMNS + 1))
                 for r in range(1, M.ROWS + 1)]
    elev_rows = ["".join(str(elev[(c, r)]) for c in range(1, M.COLUMNS + 1))
                 for r in range(1, M.ROWS + 1)]
    vic = []
    for place, pts, name, holder in VICTORY:
        vic.append(f'        (hex: "{label(hex_at(*M.PLACES[place]))}", points: {pts}, '
                   f"name: {ron_str(name)}, holder: {ron_str(holder)}),")
    turns_comment = "\n".join(f"//   turn {i + 1:2d}: {t}" for i, t in enumerate(TURN_TIMES))

    out = f"""// GENERATED by tools/gen_shiloh1862.py from tools/shiloh1862/units.csv and
// tools/shiloh1862/mapdata.py: do not edit by hand. Sources: docs/scenarios/shiloh-1862.md.
//
// The battle of Shiloh (Pittsburg Landing), 6-7 April 1862, for the Shiloh rules (SSI 1987).
// Scale: 250 yards between hex centres (north up; the Tennessee River is the east edge; the
// Landing is hex {label(hex_at(*M.PLACES['landing']))}); 90-minute turns (the SSI game's), two night turns:
{turns_comment}
// Strengths in men: each brigade's own figure where a return or report gives one (OR I/10/1,
// Jordan, the Iowa monuments ...), else its share of a corps, division or army total
// (Confederates OR I/10/1 p. 398, effective 38,773; the Army of the Tennessee Reed p. 45,
// 39,830 at Pittsburg Landing and Lew Wallace 7,564; the Army of the Ohio at the OR I/10/2
// p. 85 regiment size); the docs table gives each unit's figure or arithmetic. Terrain letters: c clear (fields), w light woods, h heavy woods (thickets),
// o Peach Orchard, n Shiloh Church, s swamp (flooded creek bottoms), v ravine, e stream,
// f ford, b bridge, u Sunken Road. Elevation: 1 the plateau, 0 creeks, ravines and bottoms.
(
    title: "Shiloh, 6-7 April 1862",
    ruleset: "shiloh",
    sides: ["Confederate", "Union"],
    weather: Dry,
    turns: {TURNS},
    night_turns: [{", ".join(str(t) for t in NIGHT_TURNS)}],
    ferries: {ferry_ron()},
    surprise: {surprise_ron()},
    briefing: {ron_str(briefing(terrain))},
    victory: [
{chr(10).join(vic)}
    ],
    map: (
        columns: {M.COLUMNS},
        rows: {M.ROWS},
        terrain: [
{chr(10).join('            "' + t + '",' for t in terr_rows)}
        ],
        elevation: [
{chr(10).join('            "' + t + '",' for t in elev_rows)}
        ],
        hexsides: [
{chr(10).join(sides_ron)}
        ],
        routes: [
{chr(10).join(routes_ron)}
        ],
    ),
    units: [
{chr(10).join(units_ron)}
    ],
)
"""
    with open(OUT, "w") as f:
        f.write(out)

    write_svg(terrain, roads, rows)

    # The docs table.
    if os.path.exists(DOC):
        doc = open(DOC).read()
        b, e = "<!-- units:begin -->", "<!-- units:end -->"
        if b in doc and e in doc:
            lines = ["| id | name | side | formation | kind | men | guns | start hex / arrival "
                     "| source | strength derivation |",
                     "|---|---|---|---|---|---|---|---|---|---|"]
            for r in rows:
                h = label(unit_hex(r, {}))
                where = (f"turn {r['arrives']} at {h} ({r['place']}; "
                         f"{TURN_TIMES[int(r['arrives']) - 1]})" if r["arrives"]
                         else f"{h} (turn 1, 5:00 a.m. 6 Apr)")
                m = r["men"] if r["kind"] != "Leader" else "-"
                lines.append(f"| {r['id']} | {r['name']} | {r['side']} | {r['army']}: "
                             f"{r['formation']} | {r['kind']} | {m} | {r['guns'] or '-'} | "
                             f"{where} | {r['source']} | {basis_note(r, rows, strengths) or '-'} |")
            head, rest = doc.split(b, 1)
            _, tail = rest.split(e, 1)
            with open(DOC, "w") as f:
                f.write(head + b + "\n" + "\n".join(lines) + "\n" + e + tail)

    # Totals.
    tot = {}
    for r in rows:
        if r["kind"] != "Leader":
            key = (r["side"], r["army"])
            tot[key] = tot.get(key, 0) + int(r["men"])
    for k in sorted(tot):
        print(f"{k[0]:12s} {k[1]:28s} {tot[k]:6d}")
    print("units:", {s: sum(1 for r in rows if r['side'] == s) for s in ("Confederate", "Union")})
    if show:
        for r in range(1, M.ROWS + 1):
            line_ = ""
            for c in range(1, M.COLUMNS + 1):
                line_ += terrain[(c, r)]
            print(f"{r:2d} {line_}")


if __name__ == "__main__":
    main()
