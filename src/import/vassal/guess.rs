//! Guesses from a module's words: which side a piece is on and what kind of unit it is.
//!
//! A module says this in many ways — palette folders ("Union/II Corps"), prototypes ("CSA
//! Infantry"), properties (`Side=Confederate`), image names (`us_hooker.png`), piece names.
//! Each is scored by a small vocabulary; the player confirms every guess in the mapping step.

use crate::rules::unit::UnitKind;

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
            "french", "france", "fr", "fra", "napoleon", "grande", "imperial",
        ],
    ),
    (
        "Russian",
        &[
            "russian", "russians", "russia", "ru", "rus", "kutuzov", "tsar",
        ],
    ),
];

/// Words naming unit kinds.
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
        ],
    ),
    (
        UnitKind::Cavalry,
        &[
            "cavalry", "cav", "horse", "dragoons", "hussars", "cossacks", "cossack", "lancers",
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
            "guns",
            "gun",
        ],
    ),
    (UnitKind::Gunboat, &["gunboat", "gunboats"]),
    (
        UnitKind::Infantry,
        &[
            "infantry", "inf", "division", "brigade", "regiment", "bde", "div",
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

/// A unit id from a name: lower case letters and digits joined by `-` (`piece` when the name
/// has none).
pub fn slug(name: &str) -> String {
    let w = words(name);
    let s: String = w.join("-").chars().take(48).collect();
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() { "piece".into() } else { s }
}
