//! Guesses from a module's words: which side a piece is on and what kind of unit it is.
//!
//! A module says this in many ways — palette folders ("Union/II Corps"), prototypes ("CSA
//! Infantry"), properties (`Side=Confederate`), image names (`us_hooker.png`), piece names.
//! Each is scored by a small vocabulary; the player confirms every guess in the mapping step.

use crate::rules::unit::UnitKind;

use super::colour;
use super::pieces::Found;

/// The sides the vocabulary knows, and the words naming each.
const SIDES: &[(&str, &[&str])] = &[
    (
        "Union",
        &[
            "union", "federal", "federals", "usa", "us", "yankee", "yankees", "north", "northern",
            "blue", "potomac",
        ],
    ),
    (
        "Confederate",
        &[
            "confederate",
            "confederates",
            "csa",
            "cs",
            "rebel",
            "rebels",
            "south",
            "southern",
            "grey",
            "gray",
            "anv",
        ],
    ),
    (
        "French",
        &[
            "french",
            "france",
            "fr",
            "fra",
            "napoleon",
            "grande",
            "imperial",
            "imperiale",
        ],
    ),
    (
        "Russian",
        &[
            "russian", "russians", "russia", "ru", "rus", "kutuzov", "tsar",
        ],
    ),
];

/// The colours of each side's counters by the period's convention (`[import default]`: the
/// usual counter colours of the series' games — Union blue, Confederate grey or butternut,
/// French blue, Russian green), consulted only among the rule system's own two sides.
const COLOURS: &[(&str, &[&str])] = &[
    ("Union", &["Blue"]),
    ("Confederate", &["Grey", "Tan"]),
    ("French", &["Blue"]),
    ("Russian", &["Green"]),
];

/// Words naming unit kinds, and the abbreviations of NATO-symbol image names (`inf_xx`,
/// `cav_x`, `art_iii`). Artillery before cavalry: on equal evidence "Horse Artillery" is a
/// battery.
const KINDS: &[(UnitKind, &[&str])] = &[
    (
        UnitKind::Leader,
        &[
            "leader",
            "leaders",
            "general",
            "gen",
            "commander",
            "hq",
            "headquarters",
            "marshal",
            "ldr",
            "cmdr",
            "staff",
        ],
    ),
    (
        UnitKind::Artillery,
        &[
            "artillery",
            "art",
            "arty",
            "battery",
            "batteries",
            "btty",
            "bty",
            "guns",
            "gun",
            "cannon",
            "cannons",
            "howitzer",
            "howitzers",
            "btry",
            "batt",
            "mortar",
            "mortars",
            "siege",
        ],
    ),
    (
        UnitKind::Cavalry,
        &[
            "cavalry",
            "cav",
            "horse",
            "dragoons",
            "hussars",
            "cossacks",
            "cossack",
            "lancers",
            "uhlans",
            "cuirassiers",
            "mounted",
            "mtd",
            "knights",
            "dragoon",
            "drag",
            "hussar",
            "hus",
            "lancer",
            "cuir",
            "squadron",
            "sqn",
            "sqdn",
            "troopers",
        ],
    ),
    (UnitKind::Gunboat, &["gunboat", "gunboats"]),
    (
        UnitKind::Wagon,
        &["wagon", "wagons", "train", "trains", "baggage", "supply"],
    ),
    (
        UnitKind::Infantry,
        &[
            "infantry",
            "inf",
            "division",
            "brigade",
            "regiment",
            "bde",
            "div",
            "foot",
            "rifles",
            "grenadiers",
            "fusiliers",
            "legion",
            "battalion",
            "bn",
            "btn",
            "regt",
            "rgt",
            "militia",
            "volunteers",
            "vols",
            "zouaves",
            "skirmishers",
            "sharpshooters",
            "jaegers",
            "jager",
            "voltigeurs",
            "corps",
            "recruits",
            "conscripts",
            "rearguard",
            "vanguard",
            "detachment",
            "garrison",
        ],
    ),
];

/// Property keys whose value names the side.
const SIDE_KEYS: &[&str] = &[
    "side",
    "army",
    "faction",
    "nation",
    "nationality",
    "player",
    "owner",
];

/// The words of a text, lower case (letters and digits; everything else separates).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The texts of a piece with the weight of each as evidence.
fn evidence(f: &Found) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = Vec::new();
    for folder in &f.palette_path {
        v.push((folder.clone(), 3));
    }
    for t in &f.piece.traits {
        if let Some(p) = &t.from_prototype {
            v.push((p.clone(), 3));
        }
    }
    for (k, val) in f.piece.properties() {
        let key = k.to_lowercase();
        if SIDE_KEYS.iter().any(|s| key == *s) {
            v.push((val, 5));
        } else if key != "basicname" {
            v.push((val, 1));
        }
    }
    if let Some(img) = f.piece.image() {
        v.push((img.to_string(), 2));
    }
    v.push((f.name.clone(), 2));
    v
}

/// The side a piece's words point at most (`None` when none does), by the vocabulary of
/// [`SIDES`] restricted to `sides` where given.
pub fn side(f: &Found, sides: Option<&[String]>) -> Option<&'static str> {
    let mut score = [0u32; SIDES.len()];
    for (text, weight) in evidence(f) {
        for w in words(&text) {
            for (i, (_, vocab)) in SIDES.iter().enumerate() {
                if vocab.contains(&w.as_str()) {
                    score[i] += weight;
                }
            }
        }
    }
    let allowed = |i: usize| sides.is_none_or(|s| s.iter().any(|n| n == SIDES[i].0));
    let best = (0..SIDES.len())
        .filter(|&i| allowed(i) && score[i] > 0)
        .max_by_key(|&i| (score[i], std::cmp::Reverse(i)))?;
    Some(SIDES[best].0)
}

/// The kind of unit a piece's words point at, among `kinds` (`None`: no word says).
pub fn kind(f: &Found, kinds: &[UnitKind]) -> Option<UnitKind> {
    let mut best: Option<(u32, UnitKind)> = None;
    for (k, vocab) in KINDS {
        if !kinds.contains(k) {
            continue;
        }
        let mut s = 0;
        for (text, weight) in evidence(f) {
            let ws = words(&text);
            s += ws.iter().filter(|w| vocab.contains(&w.as_str())).count() as u32 * weight;
        }
        if s > 0 && best.is_none_or(|(b, _)| s > b) {
            best = Some((s, *k));
        }
    }
    best.map(|(_, k)| k)
}

/// Whether a name reads as a person's (a leader's) rather than a formation's: no number in
/// it and at most four words ("Davout", "A. S. Johnston", "Col. Thomas T. Munford"); used
/// only for a piece no kind word names, in a module most of whose pieces a kind word names.
pub fn person_like(name: &str) -> bool {
    let w = words(name);
    !w.is_empty() && w.len() <= 4 && !name.chars().any(|c| c.is_ascii_digit())
}

/// The two sides of the draft: the two the pieces point at most, in the order of the
/// vocabulary, filled from `defaults`.
pub fn draft_sides(found: &[Found], defaults: [&str; 2]) -> Vec<String> {
    let mut count = [0usize; SIDES.len()];
    for f in found {
        if let Some(s) = side(f, None)
            && let Some(i) = SIDES.iter().position(|(n, _)| *n == s)
        {
            count[i] += 1;
        }
    }
    let mut order: Vec<usize> = (0..SIDES.len()).filter(|&i| count[i] > 0).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(count[i]), i));
    order.truncate(2);
    order.sort_unstable();
    let mut sides: Vec<String> = order.iter().map(|&i| SIDES[i].0.to_string()).collect();
    for d in defaults {
        if sides.len() < 2 && !sides.iter().any(|s| s == d) {
            sides.push(d.to_string());
        }
    }
    sides
}

/// Where a module's own words may split its pieces into two sides, in the order they are
/// tried: a side-like property's value (`Side`, `Nationality`, …), the top palette folder, the
/// first prototype, the first word of the piece's name, the first word of its image's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitBy {
    Property,
    Folder,
    Prototype,
    NameWord,
    ImageWord,
}

/// Two sides read from the module's own words, where the vocabulary of [`SIDES`] does not
/// know them ("Moslem_Cavalry_4-3_Turkish" and "Christian_Infantry_4-2_Portuguese").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub by: SplitBy,
    /// The two values, as the module writes them, the more common first.
    pub sides: [String; 2],
}

impl Split {
    /// The side of a piece by this split (`None` when its value is neither).
    pub fn side_of(&self, f: &Found) -> Option<&str> {
        let v = split_value(self.by, f)?;
        self.sides
            .iter()
            .find(|s| s.eq_ignore_ascii_case(&v))
            .map(String::as_str)
    }
}

/// A number or an ordinal ("12", "1st", "2nd", "3d", "4th"): a formation's number, no side.
fn is_number(word: &str) -> bool {
    let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && matches!(&word[digits..], "" | "st" | "nd" | "rd" | "d" | "th")
}

/// The first word of a text as written (letters and digits).
fn first_word(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
        .map(str::to_string)
}

/// A piece's value for a way of splitting.
fn split_value(by: SplitBy, f: &Found) -> Option<String> {
    let v = match by {
        SplitBy::Property => f
            .piece
            .properties()
            .into_iter()
            .find(|(k, v)| SIDE_KEYS.contains(&k.to_lowercase().as_str()) && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_string()),
        SplitBy::Folder => f.palette_path.first().map(|s| s.trim().to_string()),
        SplitBy::Prototype => f.piece.traits.iter().find_map(|t| t.from_prototype.clone()),
        SplitBy::NameWord => first_word(&f.name),
        SplitBy::ImageWord => f.piece.image().and_then(|i| {
            let stem = i.rsplit('/').next().unwrap_or(i);
            first_word(stem)
        }),
    }?;
    // A word that names a kind or a number says nothing of the side.
    let lower = v.to_lowercase();
    let kind_word = KINDS
        .iter()
        .any(|(_, vocab)| vocab.contains(&lower.as_str()));
    (!v.is_empty() && !kind_word && !is_number(&lower)).then_some(v)
}

/// The first way of `ways` that splits the pieces in two: at least 60% of them have a value,
/// the two commonest values are at least 75% of those, and each at least 10% of all.
pub fn split(found: &[Found], ways: &[SplitBy]) -> Option<Split> {
    let n = found.len();
    if n < 2 {
        return None;
    }
    for &by in ways {
        // Values counted case-blind, kept as first written.
        let mut counts: Vec<(String, usize)> = Vec::new();
        let mut with = 0;
        for f in found {
            let Some(v) = split_value(by, f) else {
                continue;
            };
            with += 1;
            match counts.iter_mut().find(|(s, _)| s.eq_ignore_ascii_case(&v)) {
                Some((_, c)) => *c += 1,
                None => counts.push((v, 1)),
            }
        }
        // Stable: equal counts keep the order first seen.
        counts.sort_by_key(|(_, c)| std::cmp::Reverse(*c));
        let [(a, ca), (b, cb), ..] = counts.as_slice() else {
            continue;
        };
        let enough = with * 10 >= n * 6 && (ca + cb) * 4 >= with * 3;
        if enough && ca * 10 >= n && cb * 10 >= n {
            return Some(Split {
                by,
                sides: [a.clone(), b.clone()],
            });
        }
    }
    None
}

/// The ways of splitting that are a module's structure (its properties, palette, prototypes):
/// tried before the counters' colours.
pub const STRUCTURE: &[SplitBy] = &[SplitBy::Property, SplitBy::Folder, SplitBy::Prototype];

/// The ways that read a name's first word: tried after the colours.
pub const FIRST_WORDS: &[SplitBy] = &[SplitBy::NameWord, SplitBy::ImageWord];

/// Two sides by the colours of the counters.
#[derive(Clone, Debug, PartialEq)]
pub struct ColourSides {
    pub groups: [colour::Group; 2],
    /// The side of each group.
    pub sides: [String; 2],
}

impl ColourSides {
    /// The side of a piece by its counter's colour (`None`: no colour, or neither group's).
    pub fn side_of(&self, f: &Found) -> Option<&str> {
        let g = colour::group_of(&self.groups, f.colour?)?;
        Some(self.sides[g].as_str())
    }

    /// What the player is told: each colour, its pieces and its side.
    pub fn note(&self) -> String {
        let g = |i: usize| {
            let gr = &self.groups[i];
            format!(
                "{} ({}, {} pieces) -> {}",
                colour::name(gr.colour),
                colour::hex(gr.colour),
                gr.pieces,
                self.sides[i]
            )
        };
        format!(
            "sides from the counters' colours where a piece's words name none: {}; {}; \
             confirm in mapping.ron",
            g(0),
            g(1)
        )
    }
}

/// The two colour groups of the counters as sides, where they split the pieces
/// ([`colour::split`]). Each group takes the side most of its pieces' words name (three in
/// four of those that name one), else the side its colour's name is in the vocabulary
/// ("Blue": Union) among `defaults`, else the other of `defaults` where the other group has
/// one of them, else its colour's name. `None` where both would be one side. Ordered as the
/// vocabulary orders its sides where both are its own.
pub fn colour_sides(found: &[Found], defaults: [&str; 2]) -> Option<ColourSides> {
    let colours: Vec<colour::Rgb> = found.iter().filter_map(|f| f.colour).collect();
    let groups = colour::split(&colours, found.len())?;
    let mut votes = [[0usize; SIDES.len()]; 2];
    for f in found {
        let g = f.colour.and_then(|c| colour::group_of(&groups, c));
        let s = side(f, None).and_then(|s| SIDES.iter().position(|(n, _)| *n == s));
        if let (Some(g), Some(s)) = (g, s) {
            votes[g][s] += 1;
        }
    }
    let voted = |g: usize| -> Option<String> {
        let total: usize = votes[g].iter().sum();
        let (i, n) = votes[g]
            .iter()
            .enumerate()
            .max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i)))?;
        // Two pieces at least, and three in four of those naming one: a single "French" (the
        // Union's General French) names no group.
        (*n >= 2 && n * 4 >= total * 3).then(|| SIDES[i].0.to_string())
    };
    let by_name = |g: usize| -> Option<String> {
        let w = colour::name(groups[g].colour);
        COLOURS
            .iter()
            .find(|(n, cs)| defaults.contains(n) && cs.contains(&w))
            .map(|(n, _)| n.to_string())
    };
    let mut l = [
        voted(0).or_else(|| by_name(0)),
        voted(1).or_else(|| by_name(1)),
    ];
    for g in 0..2 {
        if l[g].is_none()
            && let Some(other) = l[1 - g].clone()
            && defaults.contains(&other.as_str())
        {
            l[g] = defaults
                .iter()
                .find(|d| **d != other)
                .map(|d| d.to_string());
        }
    }
    let named = |g: usize| colour::name(groups[g].colour).to_string();
    let mut sides = [
        l[0].clone().unwrap_or_else(|| named(0)),
        l[1].clone().unwrap_or_else(|| named(1)),
    ];
    if sides[0] == sides[1] {
        if l[0].is_some() || l[1].is_some() {
            return None;
        }
        // Two shades of one colour word: the lighter and the darker.
        let light = usize::from(groups[1].lab[0] > groups[0].lab[0]);
        sides[light] = format!("Light {}", sides[light]);
        sides[1 - light] = format!("Dark {}", sides[1 - light]);
    }
    // The vocabulary's order where both are its sides (as the words' sides are ordered).
    let rank = |s: &str| SIDES.iter().position(|(n, _)| *n == s);
    let mut groups = groups;
    if let (Some(a), Some(b)) = (rank(&sides[0]), rank(&sides[1]))
        && b < a
    {
        groups.swap(0, 1);
        sides.swap(0, 1);
    }
    Some(ColourSides { groups, sides })
}

/// The draft's sides and the evidence that serves a piece its own words do not place.
#[derive(Clone, Debug)]
pub struct Sides {
    pub sides: Vec<String>,
    /// The module's words split the pieces into the two sides.
    pub split: Option<Split>,
    /// The counters' colours split them (the groups' sides are the draft's).
    pub colours: Option<ColourSides>,
}

/// The draft's two sides: the vocabulary's two where the pieces name two of them; else a
/// [`split`] by the module's structure ([`STRUCTURE`]); else the counters' colours; else a
/// split by first words ([`FIRST_WORDS`]); else the vocabulary's, filled from `defaults`.
/// Where the vocabulary gives the sides, the colours still place a piece that names none when
/// their groups are the two sides.
pub fn sides_of(found: &[Found], defaults: [&str; 2]) -> Sides {
    let named: std::collections::BTreeSet<&str> =
        found.iter().filter_map(|f| side(f, None)).collect();
    let by_colour = colour_sides(found, defaults);
    if named.len() < 2 {
        if let Some(s) = split(found, STRUCTURE) {
            return Sides {
                sides: s.sides.to_vec(),
                split: Some(s),
                colours: None,
            };
        }
        if let Some(c) = by_colour {
            return Sides {
                sides: c.sides.to_vec(),
                split: None,
                colours: Some(c),
            };
        }
        if let Some(s) = split(found, FIRST_WORDS) {
            return Sides {
                sides: s.sides.to_vec(),
                split: Some(s),
                colours: None,
            };
        }
    }
    let sides = draft_sides(found, defaults);
    let colours = by_colour.filter(|c| c.sides.iter().all(|s| sides.contains(s)));
    Sides {
        sides,
        split: None,
        colours,
    }
}

/// A piece's name for the draft: its own, or (a piece without one) its image's name, words
/// kept (`us_hooker.png`: "us hooker"), or "piece".
pub fn piece_name(plain: String, image: Option<&str>) -> String {
    if !plain.trim().is_empty() {
        return plain;
    }
    let stem = image
        .map(|i| i.rsplit('/').next().unwrap_or(i))
        .map(|s| s.rsplit_once('.').map_or(s, |(a, _)| a))
        .unwrap_or("");
    let words: Vec<&str> = stem
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        "piece".into()
    } else {
        words.join(" ")
    }
}

/// A unit id from a name: lower case letters and digits joined by `-` (`piece` when the name
/// has none).
pub fn slug(name: &str) -> String {
    let w = words(name);
    let s: String = w.join("-").chars().take(48).collect();
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() { "piece".into() } else { s }
}
