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
            "ldr",
            "cmdr",
            "staff",
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
        ],
    ),
    (UnitKind::Gunboat, &["gunboat", "gunboats"]),
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
    (!v.is_empty() && !kind_word && !v.chars().all(|c| c.is_ascii_digit())).then_some(v)
}

/// The first way of [`SplitBy`] that splits the pieces in two: at least 60% of them have a
/// value, the two commonest values are at least 75% of those, and each at least 10% of all.
pub fn split(found: &[Found]) -> Option<Split> {
    let n = found.len();
    if n < 2 {
        return None;
    }
    for by in [
        SplitBy::Property,
        SplitBy::Folder,
        SplitBy::Prototype,
        SplitBy::NameWord,
        SplitBy::ImageWord,
    ] {
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

/// The draft's two sides and, where the module's own words give them, the split they come
/// from: the vocabulary's two sides where the pieces name two of them; else a [`split`]; else
/// the vocabulary's, filled from `defaults`.
pub fn sides_of(found: &[Found], defaults: [&str; 2]) -> (Vec<String>, Option<Split>) {
    let named: std::collections::BTreeSet<&str> =
        found.iter().filter_map(|f| side(f, None)).collect();
    if named.len() < 2
        && let Some(s) = split(found)
    {
        return (s.sides.to_vec(), Some(s));
    }
    (draft_sides(found, defaults), None)
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
