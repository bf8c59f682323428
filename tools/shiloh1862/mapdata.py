"""The field of Shiloh, 6-7 April 1862, as data for tools/gen_shiloh1862.py.

Every position is in YARDS from Pittsburg Landing: x east (+) / west (-), y north (+) /
south (-). The generator turns yards into hexes at 250 yards between hex centres.

Where the shapes come from (see docs/scenarios/shiloh-1862.md, "The map"):
- [park map] the Shiloh National Military Park Commission's "Map of Shiloh Battlefield,
  positions on first day / second day", surveyed and drawn by Atwell Thompson, 1900-1901,
  battle lines located by D. W. Reed (Reed 1909, maps; printed in "Indiana at Shiloh", 1904,
  archive.org indianaatshilohr00inindi): which fields, roads, creeks and camps lie where,
  relative to each other.
- [Reed] D. W. Reed, The Battle of Shiloh and the Organizations Engaged (GPO 1902/1909), text
  of "Detailed Movements" (also at shilohbattlefield.org/commission/Pages/...): named places.
- [OR 10/1 p. 181] "the Tennessee River was very high, the water backing up in all the streams,
  covering the bottoms in the vicinity of the river from 2 to 6 feet, rendering Lick and Snake
  Creeks impassable" -> Lick, Snake and Owl Creek bottoms are swamp (s), crossed only at the
  bridges and the ford.
- [Grant, Personal Memoirs, ch. 25] Shiloh meeting-house "stood on the ridge which divides the waters of Snake
  and Lick creeks" -> the upland is elevation 1, creek and ravine hexes 0.
The yard values themselves are this project's reading of those maps [estimate: read off the
park map's scale, +-1 hex]; no survey coordinates were available to the author. The river's
west bank is straightened to the map's east edge (its true course bends by up to ~400 yards).
"""

# Map frame: west edge x = -5000, top edge y = +2000; 24 columns x 39 rows of 250-yard hexes.
X_WEST = -5000
Y_TOP = 2000
HEX_YARDS = 250
COLUMNS = 24
ROWS = 39

# Named places (used by units.csv `place`, victory hexes, the briefing).
PLACES = {
    # [Reed] the steamboat landing at the foot of the bluff; the ferry for Buell's army.
    "landing": (0, 0),
    # [Reed lwallacediv page] Lew Wallace came "by the river road" across Snake Creek; he enters
    # on the map's north edge on that road.
    "river-road": (-1950, 2000),
    "snake-bridge": (-1750, 1250),      # [park map] bridge of the River road over Snake Creek
    "owl-bridge": (-3950, -1300),       # [park map; Roman ch. 20] Owl Creek bridge, Purdy road
    "lick-ford": (-450, -3450),         # [OR 10/1 p. 257, Stuart] ford of Lick Creek, Hamburg road
    "shiloh-church": (-2150, -2300),    # [Reed] Shiloh meeting-house on the Corinth road
    "hornets-nest": (-1250, -1250),     # [Reed, park tablets] the Sunken Road thicket, centre
    "peach-orchard": (-850, -1550),     # [Reed] Sarah Bell's peach orchard
    "johnston-hq": (-2800, -6000),      # [tablet HME43] junction of the Bark and Corinth roads
    "fraley-field": (-2300, -4150),
    "corinth-road-south": (-2900, -7500),   # the Corinth road leaves the map toward Corinth
    "monterey-road-south": (-2200, -7500),  # the road to Mickey's / Monterey leaves the map
    "bark-road-west": (-4400, -7200),       # the Bark road leaves the map toward the west     # [Reed, Hardee page] picket fight at 4:55 a.m.
    "duncan-field": (-1700, -1050),
    "bloody-pond": (-500, -1400),
    "dill-branch-mouth": (0, -450),
    "webster-guns": (-350, -150),       # [Grant's report] siege guns on the bluff above Dill Branch
}

# Fields (clear, 'c'): centre and radius in yards [park map].
FIELDS = [
    ("Rhea field", -1800, -2450, 180),
    ("Howell field", -2600, -2900, 150),
    ("Seay field", -1950, -3500, 180),
    ("Fraley field", -2300, -4150, 200),
    ("Wood's field", -2900, -4150, 180),
    ("Spain field", -900, -2850, 200),
    ("Barnes field", -1400, -2350, 170),
    ("Review field", -1300, -1800, 200),
    ("Duncan field", -1700, -1050, 230),
    ("Sarah Bell field (Peach Orchard)", -800, -1600, 120),
    ("Wicker field", -450, -1100, 170),
    ("Cloud field", -650, -350, 180),
    ("Jones field", -3100, -950, 230),
    ("Sowell field", -2600, -1300, 170),
    ("Woolf field", -2400, -1850, 150),
    ("Davis wheat field", -700, -2150, 150),
    ("McCuller field", -200, -2350, 140),
    ("Crescent field", -3400, -3400, 170),
    ("Mickey's road fields", -2550, -6900, 180),
]

# Thickets and heavy woods ('h') [Reed; park map].
THICKETS = [
    ("Hornets' Nest thicket", -1150, -1300, 180),
    ("Owl Creek bottom thicket", -4500, -3000, 250),
    ("Lick Creek thicket", -1100, -4000, 200),
]

ORCHARD = [("Peach Orchard", -850, -1550, 120)]
CHURCH = [("Shiloh Church", -2150, -2300, 0)]

# Creeks and branches: polylines (x, y) and the terrain letter drawn along them.
#  s = swamp (flooded bottoms: OR 10/1 p. 181), e = stream, v = ravine.
CREEKS = [
    # [park map] Snake Creek runs east to the Tennessee north of the Landing; Owl Creek joins
    # it from the south-west.
    ("Snake Creek", "s", [(-3100, 1300), (-2400, 1250), (-1750, 1250), (-1000, 1300),
                          (-400, 1450), (0, 1500)]),
    # [park map] Owl Creek bounds the field on the west; its bridge carries the Purdy road.
    ("Owl Creek", "s", [(-3100, 1300), (-3500, 400), (-3800, -500), (-3950, -1300),
                        (-4200, -2300), (-4400, -3300), (-4550, -4400), (-4700, -5600),
                        (-4800, -7500)]),
    # [park map] Lick Creek bounds the field on the south-east and reaches the river south of
    # the Landing; the Hamburg road fords it.
    ("Lick Creek", "s", [(0, -3300), (-450, -3450), (-900, -4250), (-1300, -5150),
                         (-1600, -6250), (-1900, -7500)]),
    # [Reed] Dill Branch: the deep ravine south of the Landing in front of Grant's last line.
    ("Dill Branch", "v", [(-1300, -650), (-900, -550), (-500, -480), (0, -450)]),
    # [Reed] Tilghman Branch flows north into Snake Creek west of the Landing; Lew Wallace
    # crossed it on 7 April.
    ("Tilghman Branch", "v", [(-2100, -700), (-2050, 0), (-2150, 600), (-2300, 1250)]),
    # [Reed] Shiloh Branch, in front of Sherman's camps, flowing west to Owl Creek.
    ("Shiloh Branch", "e", [(-1300, -3100), (-1800, -2800), (-2250, -2700), (-2900, -2600),
                            (-3500, -2450), (-4150, -2250)]),
    # [park map] Locust Grove Branch, north into Lick Creek beside Stuart's camp.
    ("Locust Grove Branch", "e", [(-800, -2700), (-750, -3300), (-700, -3850)]),
    # [park map] Oak Creek / Tan-yard branch feeding Owl Creek west of Jones field.
    ("Tan-yard branch", "e", [(-2700, -400), (-3200, -600), (-3650, -700)]),
]

# Roads (route kind Road) [park map; Reed].
ROADS = [
    # Pittsburg-Corinth road: Landing - Duncan field - Shiloh Church - Wood's field - Johnston's
    # HQ (Bark road junction) - south edge toward Corinth.
    ("Corinth road", [(0, 0), (-450, -200), (-950, -500), (-1450, -900), (-1900, -1200),
                      (-2150, -1650), (-2150, -2300), (-2300, -2800), (-2500, -3500),
                      (-2650, -4300), (-2800, -5200), (-2800, -6000), (-2900, -7500)]),
    # Eastern Corinth road: off the Corinth road near Cloud field, south past Prentiss's camps
    # to the Bark road.
    ("Eastern Corinth road", [(-650, -300), (-700, -800), (-1000, -1500), (-1250, -2200),
                              (-1250, -2900), (-1500, -3800), (-1700, -4800)]),
    # Hamburg-Savannah road: Snake Creek bridge - Landing - Wicker field - Peach Orchard -
    # Stuart's camp - Lick Creek ford - Hamburg.
    ("Hamburg-Savannah road", [(-1950, 2000), (-1750, 1250), (-1200, 700), (-600, 200),
                               (-350, -300), (-300, -1100), (-300, -1900), (-350, -2900),
                               (-450, -3450), (-250, -4200), (0, -4700)]),
    # Hamburg-Purdy road: Hamburg road - Peach Orchard - Review field - McClernand's camps -
    # Shiloh Church - McDowell's camp - Owl Creek bridge.
    ("Hamburg-Purdy road (the Purdy road west of Shiloh Church)", [(-300, -1800), (-850, -1700), (-1300, -1950), (-1800, -2050),
                            (-2150, -2300), (-2800, -2000), (-3400, -1700), (-3950, -1300),
                            (-4600, -1100), (-5000, -1000)]),
    # Bark road: from the Corinth road at Johnston's HQ east-north-east along Lick Creek to the
    # Hamburg road at the ford.
    ("Bark road", [(-4400, -7200), (-2800, -6000), (-2200, -5500), (-1700, -4800),
                   (-1100, -4000), (-450, -3450)]),
    # Sunken Road (drawn as 'u' hexes too): Corinth road at Duncan field to the Peach Orchard.
    ("Sunken Road", [(-1450, -900), (-1300, -1150), (-1100, -1400), (-850, -1550)]),
    # Road to Mickey's (Breckinridge's approach).
    ("Monterey road", [(-2800, -6000), (-2450, -6900), (-2200, -7500)]),
]

SUNKEN_ROAD = [(-1450, -900), (-1300, -1150), (-1100, -1400), (-900, -1500)]

# Crossings: (place, letter) bridge 'b' or ford 'f' where a road meets a creek hex.
CROSSINGS = [
    ("snake-bridge", "b"),   # [Reed lwallacediv page] Lew Wallace's road in
    ("owl-bridge", "b"),     # [Roman ch. 20] "from the Owl Creek bridge, on the Purdy road"
    ("lick-ford", "f"),      # [OR 10/1 p. 257] "the ford of Lick Creek, on the Hamburg road"
]

# River bottoms beside the Tennessee (swamp) [OR 10/1 p. 181, "covering the bottoms in the
# vicinity of the river"]: at the mouths of Snake Creek, Dill Branch and Lick Creek.
BOTTOMS = [(0, 1250, 250), (-100, 1700, 200), (0, -700, 150), (0, -3000, 300)]
