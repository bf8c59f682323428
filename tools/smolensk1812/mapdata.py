"""The ground of the Smolensk operation, 14-19 August 1812, as plain data.

Krasnoi (14 Aug), the assault on Smolensk (16-17 Aug), Valutina Gora / Lubino (19 Aug).

Every position is in KILOMETRES from REF, the Assumption (Uspensky) Cathedral on Cathedral Hill
inside the walled town: x east (+) / west (-), y north (+) / south (-).  Latitude/longitude are
turned into km with 111.25 km per degree of latitude and 64.19 km per degree of longitude
(111.32 x cos 54.789 deg).  See ground.md for the quotations behind each value.

Marks on every value:
- [wpt: source]  a published latitude/longitude (Wikipedia infoboxes read through mirrors);
  these are MODERN places: the modern village/park, not necessarily the 1812 spot.
    * REF: Uspensky Cathedral 54 deg 47'19"N 32 deg 03'15"E = 54.78869, 32.05422
      (ru.wikipedia "Успенский собор (Смоленск)", via wiki-org.ru).
    * Lopatinsky Garden = site of the Royal (Sigismund) Bastion, 54.78318, 32.03784
      (ru.wikipedia "Лопатинский сад", via wiki-org.ru).
    * Krasny (Krasnoi) 54.5600, 31.4300 (en.wikipedia "Krasny, Krasninsky District").
    * Katyn (Katan) 54.7700, 31.6897 (pl.wikipedia "Katyń"): at the Katynka's mouth on the Dnieper.
    * Lyady (Liadi) 54.6008, 31.1711 (ru.wikipedia "Ляды (Дубровенский район)", via perceptio*).
    * Pridneprovye (ex-Tykali), on the Dnieper 16 km NW of Krasny, 54.7003, 31.2467
      (ru.wikipedia via perceptiode.com).
- [pub: source]  a distance or direction stated in a text:
    * [Foord] E. Foord, Napoleon's Russian Campaign of 1812 (1914; Project Gutenberg #57185;
      read on bitlit.ru pages 40-41): Krasnoi/Lossmina/Korythnia, and the roads of Smolensk.
    * [Segur] Ségur, History of the Expedition to Russia (Eng. tr., Gutenberg #18113; free-books.at,
      clyx.com): the walls, the ravine, Valutina / Stubna / Kolowdnia.
    * [Voeld] Völderndorff, Kriegsgeschichte von Bayern vol. 3 (1826), pp. 82-99 (fulltext at
      staatsbibliothek.ewigerbund.org): positions of 15-17 and 19-20 August.
    * [imha] Russian military encyclopaedia article "Валутина гора, сражение при" (imha.ru);
      [BSE] Great Soviet Encyclopaedia "Валутина Гора"; [BE] Brockhaus-Efron "Валутина гора";
      [museum.ru] Borodino museum text to Hess's painting of Valutina Gora;
      [Hess] Tuchkov III's own account quoted at pro100-mica.dreamwidth.org;
      [Nafz] G. Nafziger, Napoleon's Invasion of Russia (quoted at bookreadfree.com);
      [ww2facts] it.ww2facts.net "La battaglia di Lubino" (a translation of a Russian article).
    * [wiki] Wikipedia "Battle of Valutino" (orientation only).
- [estimate: how]  this project's placement from the above.  Most river courses, all road
  bends, all radii and every 1812 village not listed under [wpt] are estimates (+-1-3 km, worse
  where said).  NO published coordinates were found for Lubino, Valutino, Korytnia,
  Prudishchevo, Gedeonovo, Gorbunovo, the Kolodnya or the Strogan: these are the weakest values.

Hex geometry expected by the generator (same as tools/gen_shiloh1862.py): columns
HEX_KM*sqrt(3)/2 apart, rows HEX_KM apart, even columns shifted half a hex south; hex (1,1)'s
centre is at (X_WEST, Y_TOP).
"""

REF = "Smolensk, the Kremlin (cathedral)"   # Uspensky Cathedral, 54.78869 N 32.05422 E [wpt: ru.wikipedia]

# NGG 1812's own scale was not found (see ground.md): its rules call it a "divisional-level
# strategic wargame" covering the whole campaign, so its hex is far too coarse for this
# operation.  [project default] 2 km a hex, a turn half a day (morning / afternoon-evening;
# the night as a separate no-combat phase): the walled town (about 2 x 1.5 km) is one hex plus
# its suburb hexes, a division deploys in 1-2 hexes, and a corps marching 20-25 km a day moves
# 5-6 hexes a turn on a road.
HEX_KM = 2.0
TURN = "half a day"   # [project default]; 14-19 August = 12 turns

# Frame: x -46 .. +21.6 km (40 columns x 1.732 km), y +14 .. -33 km (24 rows).
# Holds Krasnoi (-40,-25) with 6 km margin west and 7 km south, the walled town, the north bank
# to Barclay's night march (y +6..+9), and Valutina Gora / Lubino / Bredikhino to the east.
# Lyady, Sinyaki, Khomino and Rasasna lie OFF the west edge (entry via the Krasnoi road).
X_WEST = -46.0
Y_TOP = 14.0
COLUMNS = 40
ROWS = 24

PLACES = {
    # --- the city --------------------------------------------------------------------------
    "smolensk-city": (0.0, 0.0),            # [wpt: ru.wikipedia, Uspensky Cathedral] centre of the walled town
    "royal-bastion": (-1.05, -0.61),        # [wpt: ru.wikipedia, Lopatinsky Garden] Sigismund's 5-bastion earthen citadel at the SW angle
    "malakhov-gate": (-0.2, -0.9),          # [estimate: south gate of the wall ~0.9 km S of the cathedral; Foord names the Malakova Gate]
    "dnieper-gate": (-0.35, 0.35),          # [estimate: north gate of the wall facing the bridge, ~0.5 km NW of the cathedral]
    "dnieper-bridges": (-0.45, 0.55),       # [estimate] the long wooden bridge from the north gate [pub: Foord "From the north gate, over a long wooden bridge"]
    "st-petersburg-suburb": (-0.5, 1.4),    # [estimate] north-bank suburb (Zadneprovye) behind the bridge; not walled
    "north-bank-heights": (0.5, 2.5),       # [estimate] the heights over the suburb where the Russian batteries stood [pub: Voeld, Chandler]
    "krasnoi-suburb": (-1.9, -1.2),         # [estimate: W/SW of the wall, astride the Krasnoi road; Foord "Paskievich's division occupied the Krasnoï suburb and the ditch before the citadel"]
    "mstislavl-suburb": (-0.4, -1.9),       # [estimate: S of the wall on the Mstislavl road; Foord "Kolubakin's division defended the Mstislavl suburb"]
    "roslavl-suburb": (0.9, -1.7),          # [estimate: SSE, on the Roslavl road; Foord "Stavidzki's brigade ... that of Roslavl"]
    "raczenka-suburb": (2.2, -0.4),         # [estimate: E of the wall along the river; Foord "the line of nearly 2 miles from the Roslavl suburb to the river"]
    # --- the approach, 14-16 August ----------------------------------------------------------
    "krasnoi": (-40.07, -25.44),            # [wpt: en.wikipedia Krasny 54.5600 N 31.4300 E]
    "lossmina-bridge": (-38.6, -24.8),      # [pub: Foord "A little east of Krasnoï the Lossmina river flows to the Dnieper through a gully"; estimate 1.5 km E]
    "korytnia": (-21.0, -13.0),             # [pub: Foord "Korythnia, nearly half-way to Smolensk"; estimate on the Krasnoi road]
    "lubna": (-13.5, -8.5),                 # [pub: Voeld "den vier Stunden von Smolensk entfernten Ort Lubna" (~16-18 km by road); estimate]
    "orsha-road": (-46.0, -26.9),           # [estimate] where the Krasnoi road (the Orsha / Warsaw post road, via Liadi) leaves the west edge
    "french-camp-south": (-0.5, -4.5),      # [pub: Voeld p.86; J. H. Rose, Life of Napoleon I (Gutenberg #14300) "ranged around on the low hills which ring it on the south"; estimate centre of the arc]
    "ney-right": (-3.2, -1.8),              # [pub: Voeld: Ney on the French LEFT, facing the "heilige Feld" between the Dnieper and the Krasnoi road; the brief's "ney-right" key kept] [estimate]
    "davout-centre": (-1.2, -3.6),          # [pub: Voeld: Morand between the Krasnoi and Mohilev roads, Friant on his right, Compans on the Bulchowka plateau] [estimate]
    "poniatowski-left": (1.8, -3.2),        # [pub: Voeld: Poniatowski's 5th Corps on Davout's RIGHT (east), toward the Roslavl road; key kept from the brief] [estimate]
    "murat-cavalry-right": (4.0, -2.0),     # [pub: Voeld "Murats zahlreiche Reiterschaaren hatten die Ebene auf dem äußersten rechten Heerflügel inne"] [estimate: plain by the river E of the town]
    "guard-reserve": (-1.5, -6.5),          # [pub: Voeld "Napoleon selbst hielt seine Garden hinter der Mitte des Heeres, vor Iwanowskaia"] [estimate]
    "eugene-korytnia": (-20.0, -12.2),      # [pub: Voeld "Prinz Eugen ... als letzten Rückhalt, vor Korytnia"] [estimate]
    # --- the Russians -------------------------------------------------------------------------
    "barclay-north-bank": (0.0, 3.0),       # [pub: Zamoyski/Chandler: Barclay's corps on the heights of the north bank, W of the New Town; estimate]
    "bagration-road-east": (20.0, 6.0),     # [pub: Zamoyski "sent Bagration down the Moscow road towards Dorogobuzh"; estimate: the Moscow road at the east edge, toward Solovyovo]
    "shein-ostrog": (6.0, 2.2),             # [pub: Nafz "posted at Chein-Ostrog, four miles from Smolensk" (Gorchakov, 2nd Army); estimate on the Moscow road]
    "gedeonovo": (5.0, 2.8),                # [pub: ru.wikipedia Gedeonovka "4 km east of the city line, on the Smolensk-Dorogobuzh road"; estimate] Eugen of Württemberg's fight, morning 19 Aug
    # --- 19 August -----------------------------------------------------------------------------
    "valutina-gora": (8.3, 2.8),            # [pub: BE "верстах в 8 к востоку от Смоленска" (~8.5 km); imha "в 6 км от Смоленска, на р. Колодня"; estimate]
    "lubino": (15.5, 4.5),                  # [pub: ww2facts "Lubino (15 km da Smolensk)"; Foord "the high-road at Lubino, 14 miles distant" by the curved cross-road; estimate]
    "lubino-crossroads": (13.0, 3.8),       # [pub: Hess: from the junction he turned back 2-3 versts toward Smolensk to Valutina Gora; estimate]
    "bredikhino": (19.0, 5.5),              # [pub: imha, Hess: next stage east of Lubino on the Moscow road; estimate]
    "zabolotye": (15.0, 2.5),               # [pub: imha/geocaching.su "сражение при Лубино и Заболотье"; estimate S of Lubino]
    "prudishchevo": (9.6, 0.4),             # [pub: Foord "crossed the Dnieper by a ford at Prudichevo, about 6 miles out"; estimate] Junot's crossing, 19 Aug
    "prudishchevo-track-join": (12.4, 3.4), # [pub: Foord "joined the high-road about 2 miles west of Lubino"; estimate]
    "gorbunovo": (7.5, 7.5),                # [pub: Foord "A cross-road passed by the village of Gorbunovo in a shallow curve"; imha column route; estimate]
    "krakhotkino": (3.5, 5.5),              # [pub: imha "через Крахоткино, Горбуново, Кошаево и Лубино"; estimate]
    "koshaevo": (11.5, 7.0),                # [pub: imha, same route; estimate]
    "stabna": (4.0, 9.5),                   # [pub: ww2facts/imha: Dokhturov's column "attraverso i villaggi di Stabny e Prudishchevo"; estimate N of the city]
    "katan": (-23.4, -2.08),                # [wpt: pl.wikipedia Katyń 54.7700 N 31.6897 E] on the north-bank (Vitebsk) road
    # --- off the west edge: entry points only ------------------------------------------------
    "lyady": (-56.68, -20.90),              # [wpt: ru.wikipedia Ляды] OFF MAP (west); Neverovsky's cavalry outposts
    "sinyaki": (-48.4, -23.2),              # [pub: Voeld "bei Siniaki, halbweges von Liady nach Krasnoi"; estimate midpoint] OFF MAP
    "khomino": (-63.0, -11.0),              # [pub: Voeld "an den Dnieper gerade über von Chomino, wo er über den Strom setzte"; estimate ~7 km above Pridneprovye] OFF MAP, VERY UNCERTAIN
    "rasasna": (-75.0, -12.0),              # [pub: be.wikipedia "17 km NE of Dubrowna, on the right bank of the Dnieper at the Rasasenka's mouth"; Dubrowna estimated 54.57 N 30.69 E] OFF MAP
}

RIVERS = [
    # The Dnieper flows WEST past Smolensk (the French "ascended" it eastward).  Points AS IT
    # FLOWS, east edge -> west edge.  [pub: Foord: the Moscow road "ran for some 5 miles along the
    # bank of the Dnieper, and then crossed the chord of a great bend of the river to Solovievo"]
    # -> east of Prudishchevo the river bows SOUTH of the road.  [wpt: Katyn, Pridneprovye on the
    # bank]  Everything else [estimate].
    ("Dnieper", "major", [(21.6, -1.5), (18.0, -2.6), (14.0, -1.8), (11.0, -0.2), (9.6, 0.4),
                          (6.0, 1.0), (3.0, 0.9), (1.0, 0.6), (-0.45, 0.5), (-2.0, 0.5),
                          (-4.5, 0.2), (-8.0, 0.0), (-12.0, 0.3), (-17.0, -1.0), (-23.4, -2.1),
                          (-29.0, -3.8), (-35.0, -6.5), (-40.0, -8.5), (-46.0, -9.4)]),
    # [pub: imha "Валутина гора, деревня в 6 км от Смоленска, на р. Колодня"; Segur "the passage of
    # Kolowdnia"] N->S into the Dnieper just W of Valutina Gora [estimate].
    ("Kolodnya", "minor", [(7.0, 8.0), (7.3, 5.0), (7.5, 2.8), (7.4, 1.0)]),
    # [pub: Segur "Ney had furiously carried that of the Stubna"; ww2facts "Stabny"] the first
    # stream E of the city, N->S [estimate].
    ("Stabna", "minor", [(4.0, 9.5), (4.3, 6.0), (4.6, 3.0), (4.8, 1.0)]),
    # [pub: BSE "отошёл на позицию за р. Строгань"; museum.ru "the jaegers lay in the rich bushes
    # along the banks of Strogan river ... the only bridge"] between Valutina Gora and Lubino [estimate].
    ("Strogan", "minor", [(12.0, 8.0), (11.8, 5.5), (11.5, 3.6), (11.2, 1.2), (11.0, -0.2)]),
    # [pub: Foord "the Lossmina river flows to the Dnieper through a gully"] S->N [estimate].
    ("Lossmina", "minor", [(-38.0, -31.0), (-38.6, -24.8), (-38.0, -17.0), (-37.5, -7.5)]),
    # [pub: en.wikipedia Krasny "at the confluence of the Svinaya and the Mereya"; Segur "the
    # bridges of Krasnoë were broken down"] through the town, S->N [estimate].
    ("Svinaya", "minor", [(-41.0, -31.0), (-40.1, -25.4), (-41.5, -18.0), (-43.0, -9.0)]),
    # [wpt: Katyn stands at the Katynka's mouth] N->S [estimate of the upper course].
    ("Katynka", "minor", [(-23.0, 6.0), (-23.3, 2.0), (-23.4, -2.1)]),
]

BRIDGES = [
    (-0.45, 0.55, "Smolensk city bridge (long wooden bridge, north gate; burnt by the Russians 17/18 Aug)"),  # [pub: Foord; Chandler "burning the bridge behind them"] [estimate]
    (-0.9, 0.5, "French trestle bridges beside the burnt city bridge (18-19 Aug)"),   # [pub: museum.ru "having built the bridges across Dnepr on the night"; ww2facts "i genieri francesi ripararono la traversata"] [estimate]
    (9.6, 0.4, "Prudishchevo ford (Junot, 19 Aug)"),                                  # [pub: Foord] [estimate]
    (11.5, 3.6, "Strogan bridge ('the only bridge', Valutina/Lubino)"),              # [pub: museum.ru] [estimate]
    (-38.6, -24.8, "Lossmina bridge east of Krasnoi (wooden)"),                       # [pub: Foord "the high-road passed by the usual wooden bridge"] [estimate]
    (-40.1, -25.4, "Krasnoi bridges (broken down 14 Aug)"),                           # [pub: Segur] [estimate]
    (-63.0, -11.0, "Khomino: Murat's cavalry crossing, night 13/14 Aug (OFF MAP W)"), # [pub: Voeld] [estimate, very uncertain]
    (-75.0, -12.0, "Rasasna: Eblé's pontoon bridges, 13-14 Aug (OFF MAP W)"),         # [pub: Voeld "nach Rasasna ..., wo General Eblé Brücken schlagen ließ"; Mikaberidze "pontoon bridges over the Dnieper at Rosasna"]
]

_MOSCOW_ROAD = [(-0.45, 0.55), (-0.3, 1.3), (2.0, 1.7), (5.0, 2.8), (8.3, 2.8), (11.5, 3.6),
                (13.0, 3.8), (15.5, 4.5), (19.0, 5.5), (21.6, 6.2)]
# [pub: Foord: from the north gate "that to Moscow on the right ... ran for some 5 miles along the
# bank of the Dnieper, and then crossed the chord of a great bend"; Gedeonovo, Valutina Gora,
# Lubino, Bredikhino lie on it (imha, Hess)] [estimate of the line]

ROADS = [
    ("Moscow road", _MOSCOW_ROAD),
    ("Dorogobuzh road by the north bank", _MOSCOW_ROAD),   # the same highway (Smolensk-Dorogobuzh-Moscow); kept under both names
    # [pub: Foord "The road from Mohilev by Mstislavl led nearly directly southward"] [estimate]
    ("Mstislavl road", [(-0.2, -0.9), (-0.4, -1.9), (-1.0, -8.0), (-1.8, -18.0), (-2.5, -33.0)]),
    # [pub: Foord "that to Roslavl and Orel branched off from it near the Malakova Gate"] SSE [estimate]
    ("Roslavl road", [(-0.2, -0.9), (0.9, -1.7), (3.0, -8.0), (6.0, -18.0), (9.0, -33.0)]),
    # [pub: Foord "the Ielnia-Kaluga road led south-eastward for some distance, finally turning eastward"] [estimate]
    ("Ielnia road", [(0.9, -1.7), (5.0, -5.0), (10.0, -9.0), (15.0, -11.0), (21.6, -12.5)]),
    # [pub: Foord "that from Warsaw entering the city from the south-west by Krasnoï"; the Orsha post
    # road beyond Krasnoi via Liadi] [estimate]
    ("Krasny road", [(-1.05, -0.8), (-1.9, -1.2), (-5.0, -3.5), (-13.5, -8.5), (-21.0, -13.0),
                     (-30.0, -18.5), (-38.6, -24.8), (-40.07, -25.44), (-46.0, -26.9)]),
    ("Orsha road", [(-40.07, -25.44), (-46.0, -26.9)]),    # west of Krasnoi the same post road, toward Liadi-Dubrowna-Orsha
    # [pub: Foord: from the north gate "that to Vitebsk on the left"] along the north bank past Katan [estimate]
    ("Vitebsk road (north bank, by Katan)", [(-0.5, 1.4), (-4.0, 2.0), (-12.0, 1.5), (-18.0, 0.2),
                                              (-23.4, -1.6), (-32.0, -2.5), (-46.0, -3.5)]),
    # [pub: Foord "that to Velizh and St. Petersburg in the middle"] NNW toward Porechie (Demidov) [estimate]
    ("Porechie road", [(-0.5, 1.4), (-1.5, 4.0), (-3.0, 8.0), (-4.5, 14.0)]),
    # [pub: Foord "A cross-road passed by the village of Gorbunovo in a shallow curve to the
    # high-road at Lubino"; imha: Tuchkov I's column "через Крахоткино, Горбуново, Кошаево и Лубино"] [estimate]
    ("Gorbunovo cross-road (Barclay's night march, 18/19 Aug)", [(-0.5, 1.4), (1.0, 3.5), (3.5, 5.5),
                                                                  (7.5, 7.5), (11.5, 7.0), (15.5, 4.5)]),
    # [pub: ww2facts: Dokhturov's column "attraverso i villaggi di Stabny e Prudishchevo" to Solovyovo] [estimate]
    ("Stabna-Prudishchevo track (Dokhturov's column)", [(-0.5, 1.4), (-0.5, 6.0), (4.0, 9.5),
                                                         (10.0, 11.0), (21.6, 12.0)]),
    # [pub: Foord "another track crossed the Dnieper by a ford at Prudichevo ... and also joined the
    # high-road about 2 miles west of Lubino"] [estimate]
    ("Prudishchevo track", [(0.9, -1.7), (5.0, -1.0), (9.6, 0.4), (12.4, 3.4), (13.0, 3.8)]),
]

FORESTS = [
    # [pub: Nafz "The 20th Jagers were on the right of the main road and the 21st Jagers were on the
    # left. Both occupied thickets"; Voeld "das von den Russen vertheidigte Gehölz"] [estimate]
    ("thickets of Valutina Gora", 9.5, 3.3, 1.5),
    ("thickets along the Strogan", 11.8, 4.8, 1.2),
    # [pub: museum.ru "marching along bad road crossed by small rivers and ravines"; Zamoyski/Chandler
    # of the lost columns; chargewargames "rough wooded terrain" (weak)] north of the Moscow road [estimate]
    ("forest north of the Dnieper (Barclay's night march)", 6.0, 9.0, 4.0),
    ("forest north of the Dnieper (Koshaevo)", 13.5, 10.0, 3.0),
    # (Thiers, Russian tr. at kniga-online.net: Murat and Ney "прошли за лесами и болотами,
    # простиравшимися от Лиозно до Любавичей" - that is off the map to the NW, so no forest is
    # drawn for it here.)
]

MARSHES = [
    # [pub: wiki "The Russians were strongly posted in marshy ground, protected by a small stream";
    # imha Valutina Gora "на р. Колодня"] [estimate]
    ("Kolodnya valley at Valutina Gora", 7.5, 2.8, 1.0),
    ("Strogan valley before Lubino", 11.5, 2.5, 1.0),
    # [pub: Voeld: Junot held up by "unvorhergesehene Ursachen" after crossing near Prudishchevo;
    # the meadows of the Dnieper's great bend] [estimate, weak]
    ("Dnieper meadows at Prudishchevo", 11.0, 1.2, 1.2),
]

ROUGH = [
    # [pub: Segur "defended by a ravine, which, after encompassing a great part of the town, becomes
    # deeper and steeper as it approaches the Dnieper, on the side next to the citadel"] [estimate]
    ("ravine round the walled town (west, by the citadel)", -1.6, -0.3, 0.7),
    ("ravine round the walled town (south-east)", 0.8, -1.1, 0.6),
    # [pub: Foord "the Lossmina river flows to the Dnieper through a gully"; Chandler "the narrow Krasnoe defile"]
    ("Lossmina gully east of Krasnoi", -38.6, -24.8, 0.8),
    # [pub: Voeld/Chandler: Russian batteries on the heights of the north bank] [estimate]
    ("steep north bank opposite the city", 0.0, 1.8, 0.9),
    # [pub: BE "береговой увал Днепра" (tourister.ru: "not a hill but the Dnieper's bank terrace")] [estimate]
    ("Valutina Gora bank terrace", 8.6, 2.4, 0.6),
]

CITY = {
    # the walled town on the south bank [pub: Segur "surrounded by a wall twenty-five feet high,
    # eighteen thick, three thousand fathoms in length, and defended by twenty-nine massive towers";
    # fortress wall 6.5 km round, ~2.7 km2 (nebomore.ru)].  At 2 km a hex this is 1-2 hexes.
    "smolensk": [(0.0, 0.0), (-1.05, -0.61)],           # [wpt] cathedral and Royal Bastion
    # the fortified suburbs outside the wall [pub: Voeld "die zwei befestigten Vorstädte"; Foord
    # "he ranged his force in advance of the suburbs"] - not walled, earthworks only
    "smolensk-suburbs-south": [(-1.9, -1.2), (-0.4, -1.9), (0.9, -1.7), (2.2, -0.4)],   # [estimate]
    # the St Petersburg suburb on the north bank: not fortified in 1812 (Peter I's crownwork
    # opposite the bridge still stood; dismantled in the 1830s - orlova-center.ru) [estimate]
    "st-petersburg-suburb": [(-0.5, 1.4)],
}

TOWNS = [
    ("Krasnoi", -40.07, -25.44),       # [wpt]
    ("Korytnia", -21.0, -13.0),        # [pub: Foord] [estimate]
    ("Lubna", -13.5, -8.5),            # [pub: Voeld] [estimate]
    ("Katan", -23.4, -2.08),           # [wpt]
    ("Gedeonovo", 5.0, 2.8),           # [pub] [estimate]
    ("Shein Ostrog", 6.0, 2.2),        # [pub: Nafz] [estimate]
    ("Valutina Gora", 8.3, 2.8),       # [pub] [estimate]
    ("Prudishchevo", 9.6, 0.4),        # [pub: Foord] [estimate]
    ("Lubino", 15.5, 4.5),             # [pub] [estimate]
    ("Zabolotye", 15.0, 2.5),          # [pub] [estimate]
    ("Bredikhino", 19.0, 5.5),         # [pub] [estimate]
    ("Krakhotkino", 3.5, 5.5),         # [pub: imha] [estimate]
    ("Gorbunovo", 7.5, 7.5),           # [pub: Foord] [estimate]
    ("Koshaevo", 11.5, 7.0),           # [pub: imha] [estimate]
    ("Stabna", 4.0, 9.5),              # [pub] [estimate]
]
