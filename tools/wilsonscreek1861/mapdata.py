"""The field of Wilson's Creek (Oak Hills), Greene County, Missouri, 10 August 1861, as plain data.

Every position is in YARDS from the Ray house: x east (+) / west (-), y north (+) / south (-).
There is no survey of the 1861 field available to the author; positions come from three kinds
of source, marked on every value:

- [wpt: ...] a published latitude/longitude of a marker or tour waypoint on the National
  Battlefield, converted to yards from the Ray house (37 deg 06.413' N, 93 deg 23.890' W,
  waymarking.com "Spinning Wheel" waymark at the Ray house) with 2025.4 yd per minute of
  latitude and 1615.4 yd per minute of longitude (cos 37.1 deg).  These are the firmest
  values (+-50 yd), but they are where a MARKER stands, which is near, not on, the 1861 spot.
    * hmdb.org markers (Historical Marker Database): "Death of Brigadier General Nathaniel
      Lyon" m8113 (37 06.299, 93 24.697); "Price's Headquarters" m35213 at tour stop 3
      (37 06.049, 93 24.278); "Rout of Sigel's Column" m35229 at tour stop 5
      (37 05.735, 93 24.605); "Signs From The Past" m35144 at tour stop 1, Gibson's Mill
      (37 06.843, 93 24.543).
    * thecivilwarmuse.com tour pages "Sigel's Attack" (tour stop 4, 37 05.488, 93 24.387;
      Backof's battery hill 37 05.022, 93 24.049; Sigel's line of battle c. 7 a.m.
      37 05.340, 93 24.562; Sigel's crossing of Terrell Creek 37 05.007, 93 24.374),
      "Red Marker 2" on Bloody Hill (37 06.361, 93 24.754), "Sigel's Retreat" (James River
      ford approach 37 03.311, 93 24.286: off the map, 3.5 miles south).
    * waymarking.com "Sigel's Attack" (37 05.486, 93 24.387), agreeing with the above.
- [pub: ...] a distance or direction stated in a text: the Official Records ser. I vol. 3
  (reports of Sturgis, Plummer, Sigel, Pearce, McCulloch; sw.civilwar.com / civilwar.com
  "571-wilson-s-creek" pages, ehistory.osu.edu); the Rebellion Record (perseus.tufts.edu
  2001.05.0072, Sturgis's and Sigel's reports); Battles and Leaders vol. 1 (perseus
  2001.05.0007: Pearce, "Arkansas troops in the battle of Wilson's Creek", also on
  nps.gov/wicr; Sigel, "The flanking column at Wilson's Creek"); Confederate Military History
  vol. 12, Missouri (perseus 2001.05.0254, the terrain paragraph); National Park Service
  Wilson's Creek pages (nps.gov/wicr virtual tour stops 1-8, tour guide text quoted on
  civilwaralbum.com, NPS Civil War Series handbook "The Battle of Wilson's Creek",
  nps.gov/parkhistory/online_books/civil_war_series/26); W. G. Piston & R. W. Hatcher,
  "Wilson's Creek" (UNC Press 2000, chapters quoted on a public epub page) for the farm
  layout only.
- [estimate: how] derived by this project from the above to keep one consistent geometry.
  Most of the creek courses, the roads between the waypoints, all the radii and all the
  elevation levels are estimates (+-150 yd, worse where noted).

Corrections to the starting assumptions (see ground.md): Wilson Creek flows roughly SOUTH
(a little west of south, then a little east of south) through the field, not south-west;
it "ran roughly southwest" only above the field (Piston ch. 10). Tyrell (Terrell) Creek
joins it about two miles below the Wire Road ford, south of the map, and was crossed by Sigel
west of Wilson Creek near the south boundary of the park. Bloody Hill is WEST (a little
south of west) of the Ray house, not north-west of it: the Lyon marker is 1,300 yd west and
230 yd south of the house.
"""

REF = "Ray house"   # the origin: John Ray's house on the Wire Road (still standing, NPS tour stop 2)

# GBACW scale: SPI's Wilson's Creek (S&T no. 80, 1980, vol. 3 of the SPI/TSR Great Battles of
# the American Civil War series): "each hex covers about 125 yards from hexside to hexside",
# 20-minute game-turns, "each Strength Point is the equivalent of 100 men or 1 gun"
# (thewarlibrary.com.au listing of the game; the same words for SPI's Stonewall on
# boardgamewikia.com). Terrible Swift Sword (1976) is quoted as 120 yards per hex.
HEX_YARDS = 125

# Map frame: west edge x = -3000, top edge y = +2700; 34 columns x 55 rows of 125-yard hexes
# (4,250 x 6,875 yd: east edge x = +1250, bottom edge y = -4175).  It holds the prairie and
# the Short farm north of Bloody Hill where Lyon's column deployed, the creek from above
# Gibson's Mill to below the Terrell Creek crossing, the Sharp farm, Sigel's hill and his
# approach from the south-east, with 300-1000 yd of margin.  About the size of the S&T 80
# map (22" x 34").
X_WEST = -3000
Y_TOP = 2700
COLUMNS = 34
ROWS = 55

# Named places (for units.csv `place`, victory hexes, the briefing).
PLACES = {
    # --- origin and the Ray farm (east of the creek) ---
    "ray-house": (0, 0),                # [wpt: waymarking "Spinning Wheel" at the Ray house]
    "ray-springhouse": (-200, 80),      # [pub: NPS stop 2 "located west of the house", "walk down
                                        #  the slope northwest of the house"; distance estimate]
    "ray-cornfield": (-500, 350),       # [pub: NPS tour guide "the hill northwest of here in the Ray
                                        #  cornfield"; "between Tour Stops 1 and 2"; estimate: midway,
                                        #  east of the creek]
    "plummer-crossing": (-1030, 200),   # [pub: Plummer, OR p. 72: "a deep jungle ... an impassable
                                        #  lagoon" before the corn field; Sturgis: "a ridge about 500
                                        #  yards to our left"; estimate]
    # --- Bloody Hill (west of the creek) ---
    "bloody-hill-crest": (-1400, -300), # [wpt: between Red Marker 2 (-1396,-105), "the northern crest
                                        #  of what would later be known as Bloody Hill", and the Lyon
                                        #  marker (-1304,-231); estimate: crest centre a little south]
    "lyon-fell": (-1304, -231),         # [wpt: hmdb m8113 Lyon marker "At or near this spot fell"]
    "totten-battery": (-1420, -260),    # [pub: Sturgis OR p. 66, Totten "opposite the interval between
                                        #  the First Kansas and the First Missouri" on the crest; NPS
                                        #  stop 7; estimate]
    "dubois-battery": (-1380, -170),    # [pub: Sturgis OR p. 66 "some 80 yards to left and rear of
                                        #  Totten's guns"; estimate]
    "north-spur": (-1750, 450),         # [pub: NPS stop 8 "This unnamed northern spur of Bloody Hill";
                                        #  Hunter's MSG cavalry line c. 5 a.m.; estimate: near the
                                        #  visitor centre (-2116,1053 [wpt: park coordinates]), SE of it]
    "bloody-hill-north": (-2000, 2300), # [pub: Sturgis OR p. 60/66: picket reached "at about 4 o'clock",
                                        #  column deployed and "moved forward about one and a half mile"
                                        #  to the ridge by 5 a.m.; estimate: ~1 mile NNW of the north
                                        #  spur on the Short-farm lane, kept on the map; the 4 a.m.
                                        #  point itself is ~0.5 mile further north, off the top edge]
    "short-farm": (-1850, 1500),        # [pub: Piston ch. 13 the farm road "ran due north, past the
                                        #  280-acre farm of Elias B. Short"; estimate]
    "union-withdrawal": (-1950, 2700),  # [pub: NPS stop 8 "Union troops retreated across this field,
                                        #  headed back to Springfield"; Sturgis: "to the high open
                                        #  prairie about two miles from the battle ground"; top edge]
    "guibor-battery": (-1400, -750),    # [pub: hmdb, Guibor's Battery marker "approx. 0.3 miles" from
                                        #  the Lyon marker; NPS stop 6 "north view toward the crest of
                                        #  Bloody Hill"; estimate: south slope, north of Skegg's Branch]
    # --- the creek valley below Bloody Hill ---
    "gibson-mill": (-1100, 650),        # [pub: Piston ch. 10 mill "on the eastern bank"; hmdb m35144:
                                        #  mill site "about 700 feet" from the stop 1 marker
                                        #  (-1055,871 [wpt]); estimate: downstream of it]
    "rains-camp": (-1250, 450),         # [pub: NPS tour guide stop 1 "the northern end of the
                                        #  Confederate camps ... Rains ... headquarters of his
                                        #  division near the mill"; estimate: west bank, south-west]
    "wire-road-ford": (-760, -650),     # [pub: hmdb m35213 "The trail ... leads down to the historic
                                        #  Wire Road, then across the creek to the site of Price's
                                        #  headquarters"; CMH "half a mile below Gibson's mill";
                                        #  estimate: between stop 3 and the Edwards cabin]
    "price-hq": (-860, -740),           # [pub: Edwards cabin; "Near here to the west" of stop 3 (NPS
                                        #  tour guide), "The Eye of the Storm" marker "about 700 feet"
                                        #  from the stop 3 marker (-627,-737 [wpt]); Piston "about a
                                        #  mile to the south" of Rains's HQ]
    "msg-camps": (-1050, -950),         # [pub: CMH "Price's infantry bivouacked between Skegg's creek
                                        #  and the crossing, all west of Wilson's creek"; Pearce "his
                                        #  command mostly north of the Springfield road"; estimate:
                                        #  centre of the camps along the creek below Bloody Hill]
    "woodruff-battery": (-720, -470),   # [pub: Pearce OR p. 121 "the eminence north of camp"; NPS
                                        #  tour guide "From the wooded ridge to the northwest" of stop 3;
                                        #  hmdb: 0.2 mi from stop 3, 0.3 mi from the Lyon marker;
                                        #  estimate from those distances]
    "mcculloch-hq": (-600, -850),       # [pub: Pearce (B&L) "on the right of the Springfield road, east
                                        #  of Wilson's Creek, rather in advance of the center of the
                                        #  camp. General Price occupied a position immediately west";
                                        #  Winn farm (Piston); estimate: SE of the ford]
    "pearce-camp": (-400, -1100),       # [pub: Pearce (B&L) "my headquarters on the heights east and
                                        #  south of" McCulloch's; Pearce OR p. 121 "the heights to the
                                        #  east" (Reid's battery); estimate]
    "reid-battery": (-300, -1300),      # [pub: Pearce OR p. 121 "The Fourth and Fifth on the heights to
                                        #  the east, to support Reid's battery"; estimate]
    # --- the south end: Skegg's Branch, the Sharp farm, the cavalry camps ---
    "skeggs-branch": (-1120, -1230),    # [pub: where the Wire Road crosses it north of the Sharp house;
                                        #  Piston ch. 16 "some fifty yards to the front and right the
                                        #  plateau ended and the terrain dipped sharply toward Skegg's
                                        #  Branch"; estimate]
    "skeggs-mouth": (-720, -1400),      # [pub: CMH "Skegg's creek from the west flows into Wilson's
                                        #  creek half a mile below the crossing"; estimate]
    "sharp-farm": (-1160, -1420),       # [wpt: stop 5 "Rout of Sigel's Column" (-1155,-1373), Sigel
                                        #  "formed his men into line of battle across the Wire Road";
                                        #  pub: Piston ch. 14 Sharp's house "a mile away, to the
                                        #  northwest" of Sigel's knoll; estimate: the house just south]
    "sigel-final": (-1155, -1373),      # [wpt: hmdb m35229, NPS stop 5 "Sigel's Final Position"]
    "cavalry-camps": (-803, -1875),     # [wpt: stop 4; pub: NPS marker "the 2,300 Confederate
                                        #  cavalrymen camped here in Sharp's Cornfield"; CMH "In the
                                        #  wooded valley, between the two branches west of Wilson's
                                        #  creek, the mounted men of Churchill and Greer and 700 of
                                        #  Price's cavalry were camped"]
    "sigel-line-7am": (-1086, -2173),   # [wpt: thecivilwarmuse "Sigel's Brigade marched and went into
                                        #  line of battle around 7:00 A.M."; NPS "about a quarter mile
                                        #  in front of you" from stop 4]
    # --- Sigel's approach from the south-east ---
    "sigel-first-guns": (-257, -2817),  # [wpt: thecivilwarmuse "the hill on which Sigel deployed
                                        #  Backof's Battery"; pub: Sigel "I planted four pieces of
                                        #  artillery on a little hill"; Piston "The knoll ... rose
                                        #  almost 150 feet above the southeastern edge of the Sharp
                                        #  farm"]
    "terrell-crossing": (-782, -2848),  # [wpt: thecivilwarmuse "the place where Sigel and his forces
                                        #  crossed Terrell Creek"]
    "sigel-wilson-crossing": (-560, -2950),  # [pub: Sigel "the infantry advanced toward the point
                                        #  where the Fayetteville road crosses Wilson's Creek";
                                        #  thecivilwarmuse "to cross Wilson's Creek and Terrell Creek";
                                        #  estimate: between the hill and the Terrell crossing]
    "dixon-farm": (-100, -3350),        # [pub: Piston ch. 14 the farm road "from the southwestern corner
                                        #  of the stubble field ... ran southeast to the John Dixon
                                        #  farm"; Sigel's retreat "south toward the Dixon Farm"
                                        #  (thecivilwarmuse); estimate]
    "sigel-start": (200, -3250),        # [pub: Sigel "arrived at daybreak within a mile of the enemy's
                                        #  camp"; estimate: ~1 mile SE of the cavalry camps, east of
                                        #  the hill, on his road from the Yokermill (Forsyth) road]
    "sigel-east-entry": (1250, -3300),  # [estimate: where Sigel's road enters from the east edge]
    "wire-road-south": (-2550, -4175),  # [estimate: the Wire (Fayetteville/Cassville) road leaves the
                                        #  map south-west; Sigel's men and Carr's cavalry fled this way]
    "wire-road-north": (1250, 1650),    # [estimate: the Wire road leaves north-east toward Springfield,
                                        #  "ten miles" (NPS)]
}

# Wilson Creek and its branches, polylines north (upstream) to south (downstream).
CREEKS = [
    # [pub: Piston ch. 10 "ran roughly southwest for about five miles ... Then it turned south";
    #  estimate between the fixed points: just west of the stop 1 marker (the mill is on the
    #  east bank, the visitor centre across the creek to the west); west of the Ray cornfield and of
    #  Woodruff's ridge; east of the Edwards cabin; west of Sharp's fields ("The eastern edges of
    #  the fields paralleled Wilson Creek"); west of Sigel's hill; east of the Terrell crossing]
    ("Wilson Creek", [(-250, 2700), (-600, 1900), (-900, 1300), (-1090, 870), (-1150, 650),
                      (-1080, 350), (-950, -50), (-870, -400), (-760, -650), (-740, -1000),
                      (-720, -1400), (-620, -1800), (-580, -2300), (-560, -2850),
                      (-540, -3300), (-500, -3800), (-470, -4175)]),
    # [pub: CMH "Skegg's creek from the west"; Piston ch. 16 the dip north of the Sharp house;
    #  estimate: course in the valley between Bloody Hill and the Sharp plateau]
    ("Skegg's Branch", [(-3000, -1050), (-2400, -1000), (-1900, -1050), (-1500, -1150),
                        (-1120, -1230), (-900, -1330), (-720, -1400)]),
    # [wpt: Sigel's crossing (-782,-2848); pub: CMH "Tyrrell's creek, also from the west, flows
    #  into it south of the main road two miles"; Piston ch. 10 Moody's Springs on Terrell Creek
    #  two miles from Wilson Creek on the Wire road, and the mouth about a mile above the James;
    #  estimate: the upper course and the lower course down to the south edge; the mouth lies
    #  ~150 yd south of the map]
    ("Tyrell Creek", [(-3000, -3350), (-2300, -3450), (-1600, -3250), (-1100, -2950),
                      (-782, -2848), (-700, -3200), (-600, -3800), (-530, -4175)]),
]

ROADS = [
    # The Wire (Telegraph; Springfield-Fayetteville; "Springfield road"/"Fayetteville road";
    # Butterfield route) road. [pub: NPS "Directly in front of the [Ray] house lies the
    # historic Wire Road"; hmdb m35213 the trail "leads down to the historic Wire Road, then
    # across the creek" to Price's HQ; "The Eye of the Storm": "the Southern army entered this
    # valley from your left on the Wire Road"; Sigel's last line "across the Wire Road" at the
    # Sharp house; Piston ch. 10: from Moody's Springs north "onto high ground", the Little York
    # road "bearing to the left" after half a mile; estimate: every bend]
    ("Wire Road", [(1250, 1650), (800, 1100), (350, 450), (0, 0), (-300, -300),
                   (-560, -560), (-760, -650), (-860, -740), (-1000, -1000), (-1120, -1230),
                   (-1160, -1400), (-1300, -1900), (-1600, -2600), (-2000, -3250),
                   (-2300, -3450), (-2550, -4175)]),
    # Little York road, branching west half a mile north of Moody's Springs [pub: Piston ch. 10;
    #  estimate: direction]
    ("Little York road", [(-2050, -3100), (-2500, -2950), (-3000, -2850)]),
    # Farm road of Lyon's approach and retreat: from the west bank opposite Gibson's Mill
    # south-west into a ravine, "curving like a fish hook" over the northern spur of Bloody Hill,
    # then "due north, past the ... farm of Elias B. Short" toward the Mt. Vernon road, "which
    # Lyon had followed when leaving Springfield" [pub: Piston ch. 13; Sturgis: "thence across
    # the prairie"; NPS stop 8; estimate: line]
    ("Short farm lane (Lyon's approach and withdrawal)",
     [(-1200, 650), (-1450, 500), (-1650, 380), (-1750, 450), (-1800, 900), (-1850, 1500),
      (-1900, 2100), (-1950, 2700)]),
    # Farm road west of Sharp's fields: north to the Wire Road at the Sharp house, south-east
    # from the stubble field's south-west corner to the Dixon farm - Sigel's approach and
    # retreat [pub: Piston ch. 14; estimate: line]
    ("Sharp-Dixon farm road (Sigel's road)",
     [(-1160, -1420), (-1150, -1800), (-1150, -2350), (-782, -2848), (-560, -2950),
      (-100, -3350)]),
    # Sigel's road from the east: the Yokermill (Forsyth) road, then "toward the south-west"
    # [pub: Sigel, B&L "The flanking column"; estimate: line, via his start point and hill]
    ("Sigel's approach from the east",
     [(1250, -3300), (200, -3250), (-100, -3350)]),
    ("Track to Sigel's hill", [(200, -3250), (-257, -2817)]),   # [estimate]
    # Mill lane from the Wire Road to Gibson's Mill [estimate: a farm lane on the east side,
    #  the tour road's line]
    ("Gibson mill lane", [(350, 450), (-300, 650), (-800, 700), (-1100, 650)]),
]

# Where roads cross the creeks (x, y, name).
FORDS = [
    (-760, -650, "Wire Road ford of Wilson Creek (by the Edwards cabin)"),   # [pub/estimate, above]
    (-1080, 560, "ford just south of Gibson's Mill"),   # [pub: NPS CW Series "the ford just south
                                                         #  of John Gibson's mill"; estimate]
    (-1120, -1230, "Wire Road crossing of Skegg's Branch"),                 # [estimate]
    (-560, -2950, "Sigel's crossing of Wilson Creek"),                     # [estimate]
    (-782, -2848, "Sigel's crossing of Terrell Creek"),                    # [wpt]
    (-2300, -3450, "Wire Road crossing of Terrell Creek (Moody's Springs)"),  # [pub: Piston; estimate]
]

# Open ground: fields, farmyards, prairie (name, x, y, radius_yards).
FIELDS = [
    ("Ray cornfield", -500, 350, 250),          # [pub: NPS "the fenced high ground ... just beyond
                                                 #  Ray's springhouse"; estimate: size]
    ("Ray farmyard and orchard", 0, 0, 150),    # [pub: NPS 420-acre farm, orchard by the springhouse]
    ("Gibson oat field", -850, 1000, 150),      # [pub: NPS stop 1 "Gibson House and Oat Field"
                                                 #  (tour listing); estimate]
    ("Sharp cornfield", -880, -1700, 230),      # [wpt: stop 4; pub: Piston ch. 14 "The field ...
                                                 #  closest to the Sharp house, had been planted in
                                                 #  corn"]
    ("Sharp stubble field", -920, -2150, 270),  # [pub: Piston ch. 14 "The second, larger field
                                                 #  adjoining it ... was now in stubble"; wpt: Sigel's
                                                 #  7 a.m. line at its far end]
    ("Edwards farm clearing (MSG camps)", -950, -850, 200),   # [estimate: camp ground]
    ("Short farm", -1850, 1500, 250),           # [pub: Piston "280-acre farm of Elias B. Short"]
    ("Prairie north of Bloody Hill", -1900, 2300, 500),  # [pub: Piston ch. 13 the enemy "blanketed
                                                 #  the prairie"; Sturgis "across the prairie",
                                                 #  "the high open prairie"]
    ("Dixon farm", -100, -3350, 200),           # [estimate]
]

# Woods and brush: where the sources say cover, timber or scrub (name, x, y, radius_yards).
# The rest of the upland is drawn clear (open oak barrens/savanna with grass); see ground.md.
WOODS = [
    ("Wilson Creek bottom above the mill", -950, 1200, 200),     # [pub: Plummer "a deep jungle"]
    ("Lagoon thicket by the millrace", -1050, 250, 180),         # [pub: Plummer "an impassable
                                                                  #  lagoon"; hmdb m35144 millrace]
    ("Creek timber below Bloody Hill", -850, -300, 150),         # [pub: Piston ch. 14 "the trees
                                                                  #  along the stream"; estimate]
    ("Woodruff's wooded ridge", -720, -470, 180),                # [pub: NPS "the wooded ridge"]
    ("Bloody Hill south and east slopes (scrub oak, underbrush)", -1200, -650, 350),
                                                                  # [pub: Sturgis "under considerable
                                                                  #  cover ... along the slope in
                                                                  #  front"; estimate: extent]
    ("Bloody Hill west shoulder (scrub oak)", -1950, -550, 350),  # [estimate]
    ("Skegg's Branch ravine", -1800, -1050, 250),                # [estimate]
    ("Cavalry valley woods west of Sharp's", -1550, -2050, 350), # [pub: CMH "In the wooded valley,
                                                                  #  between the two branches"]
    ("Creek timber by Sharp's fields", -620, -2000, 150),        # [pub: Piston "trees along the
                                                                  #  stream"]
    ("Scrub oak on the high ground above Terrell Creek", -1900, -3000, 450),
                                                                  # [pub: Piston ch. 10 "high ground
                                                                  #  dominated by stands of scrub
                                                                  #  oak"]
    ("Terrell-Wilson bottom", -650, -3500, 250),                 # [estimate]
    ("Heights east of the creek (Pearce)", -250, -1500, 300),    # [estimate]
]

# Ridges (name, x, y, radius_yards, level): level 1 = one step above the creek bottoms,
# level 2 = the crests.  [pub: CMH "a hill 75 feet high, still further west and north of the
# road" (Bloody Hill seen from the camps); Piston: Sigel's knoll "almost 150 feet above" the
# SE edge of the Sharp farm; NPS "The wooded eminence ... is Bloody Hill"; estimate: all radii]
HILLS = [
    ("Bloody Hill (shoulders)", -1500, -400, 750, 1),
    ("Bloody Hill crest", -1400, -300, 350, 2),
    ("Northern spur of Bloody Hill", -1750, 450, 300, 1),
    ("Ray cornfield hill", -450, 350, 350, 1),
    ("Ray house rise", 0, 0, 250, 1),
    ("Woodruff's ridge", -720, -470, 200, 1),
    ("Heights east of the creek (Pearce, Reid)", -300, -1250, 450, 1),
    ("Sharp plateau", -1050, -1800, 450, 1),
    ("Sigel's hill (base)", -257, -2817, 550, 1),
    ("Sigel's hill (knoll)", -257, -2817, 250, 2),
    ("High ground south-west of Sharp's", -1900, -3000, 500, 1),
]

# Buildings (name, x, y).
BUILDINGS = [
    ("Ray house", 0, 0),                    # [wpt]
    ("Ray springhouse", -200, 80),          # [pub direction; estimate distance]
    ("Gibson's Mill", -1100, 650),          # [pub/estimate, as PLACES]
    ("Gibson house", -1150, 750),           # [pub: hmdb "Gibson's House Site" ~600 ft from the stop
                                            #  1 marker; estimate]
    ("Edwards cabin", -860, -740),          # [pub/estimate, as PLACES "price-hq"]
    ("Winn house (McCulloch's HQ)", -600, -850),   # [estimate]
    ("Sharp house", -1160, -1420),          # [pub: Piston "large white house" on the Wire Road]
    ("Short house", -1850, 1500),           # [estimate]
    ("Dixon house", -100, -3350),           # [estimate]
]
TOWNS = BUILDINGS   # alias for the generator pattern

# The raw published coordinates used above (degrees-minutes N, degrees-minutes W) and their
# yards from the Ray house, so the conversion can be checked.
WAYPOINTS = {
    "Ray house (waymarking)":             ((37, 6.413), (93, 23.890), (0, 0)),
    "Stop 1 'Signs From The Past' (hmdb m35144)": ((37, 6.843), (93, 24.543), (-1055, 871)),
    "Lyon marker (hmdb m8113)":           ((37, 6.299), (93, 24.697), (-1304, -231)),
    "Bloody Hill Red Marker 2 (civilwarmuse)": ((37, 6.361), (93, 24.754), (-1396, -105)),
    "Stop 3 Price's HQ marker (hmdb m35213)": ((37, 6.049), (93, 24.278), (-627, -737)),
    "Stop 4 Sigel's Attack (civilwarmuse/waymarking)": ((37, 5.487), (93, 24.387), (-803, -1875)),
    "Backof's battery hill (civilwarmuse)": ((37, 5.022), (93, 24.049), (-257, -2817)),
    "Sigel's line c. 7 a.m. (civilwarmuse)": ((37, 5.340), (93, 24.562), (-1086, -2173)),
    "Sigel's Terrell Creek crossing (civilwarmuse)": ((37, 5.007), (93, 24.374), (-782, -2848)),
    "Stop 5 Rout of Sigel's Column (hmdb m35229)": ((37, 5.735), (93, 24.605), (-1155, -1373)),
    "Park coordinates (Wikipedia; visitor-centre area)": ((37, 6.933), (93, 25.200), (-2116, 1053)),
    "James River ford approach (civilwarmuse; off map)": ((37, 3.311), (93, 24.286), (-640, -6283)),
}
