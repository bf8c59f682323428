//! The mapping step: the player's answers about a module's pieces, in a file.
//!
//! An import writes `mapping.ron` beside the draft with one row per distinct piece (its
//! guessed side and kind, `confirmed: false`) and the fields the rule system needs. The
//! player corrects it (or answers in the editor), then imports again with `--mapping`: a
//! confirmed row's side and kind stop being placeholders, `values` fill fields, `read` takes a
//! field from a piece property for every piece, and `unit: false` leaves a piece out. The
//! answers are remembered per module (`$XDG_CONFIG_HOME/musket/vassal/<module>.ron`) and used
//! by the next import of that module.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::scenario::UnitFile;
use crate::rules::unit::UnitKind;
use crate::vassal::Piece;

use super::Counter;

/// The answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mapping {
    /// The module's name (a reminder; not checked).
    #[serde(default)]
    pub module: String,
    /// The draft's two sides.
    #[serde(default)]
    pub sides: Vec<String>,
    /// A field read for every piece: from a piece property (`{"strength": "Manpower"}`), or
    /// the `N`th of the values printed in the piece's name or its image's name, numbers joined
    /// by dashes as on a counter (`"name#1"`: 6 of "Hooker 6-2"; `"image#2"`). A name printing
    /// no such values ("Brigade 3", "1st Corps") gives none: its row's value is asked for.
    #[serde(default)]
    pub read: BTreeMap<String, String>,
    /// One row per distinct piece name.
    #[serde(default)]
    pub pieces: Vec<Answer>,
}

/// What the player says of the pieces with one name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    pub name: String,
    /// A unit (false: left out of the draft, e.g. a marker).
    #[serde(default = "yes")]
    pub unit: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<UnitKind>,
    /// The side and kind are the player's, not guesses.
    #[serde(default)]
    pub confirmed: bool,
    /// Field values (`{"strength": "6", "tactical": "2"}`), as the scenario format writes them
    /// (an empty one is still to be given).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, String>,
}

fn yes() -> bool {
    true
}

impl Mapping {
    /// The row of a piece name.
    pub fn answer(&self, name: &str) -> Option<&Answer> {
        self.pieces.iter().find(|a| a.name == name)
    }

    /// The value of `field` for a piece: its row's `values`, else the property `read` names.
    pub fn value_for(&self, field: &str, name: &str, piece: &Piece) -> Option<String> {
        if let Some(v) = self
            .answer(name)
            .and_then(|a| a.values.get(field))
            .filter(|v| !v.trim().is_empty())
        {
            return Some(v.clone());
        }
        let key = self.read.get(field)?;
        if let Some(n) = key.strip_prefix("name#").and_then(|n| n.parse().ok()) {
            return nth_value(name, n).map(|v| v.to_string());
        }
        if let Some(n) = key.strip_prefix("image#").and_then(|n| n.parse().ok()) {
            let image = piece.image()?;
            return nth_value(image.rsplit('/').next().unwrap_or(image), n).map(|v| v.to_string());
        }
        piece.property(key).filter(|v| !v.trim().is_empty())
    }

    /// The mapping the import guessed: every piece's row unconfirmed, answers already given
    /// (`previous`) kept.
    pub fn guessed(
        module: &str,
        sides: &[String],
        counters: &[Counter],
        previous: Option<&Mapping>,
    ) -> Mapping {
        let pieces = counters
            .iter()
            .map(|c| match previous.and_then(|p| p.answer(&c.name)) {
                Some(a) => a.clone(),
                None => Answer {
                    name: c.name.clone(),
                    unit: c.unit,
                    side: Some(c.side.clone()),
                    kind: Some(c.kind),
                    confirmed: false,
                    values: c.needs.iter().map(|f| (f.clone(), String::new())).collect(),
                },
            })
            .collect();
        Mapping {
            module: module.to_string(),
            sides: sides.to_vec(),
            read: previous.map_or_else(|| propose_read(counters), |p| p.read.clone()),
            pieces,
        }
    }

    /// Reads a mapping file; the error names the file, line and problem.
    pub fn load(path: &Path) -> Result<Mapping, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        crate::rules::scenario::from_ron::<Mapping>(&text)
            .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.line, e.col, e.message))
    }

    /// The file's text: one piece per line.
    pub fn text(&self, properties: &[String]) -> String {
        use crate::editor::write::line;
        let mut o = String::from(
            "// Musket's mapping of a VASSAL module's pieces (docs/vassal-import.md).\n\
             // Correct each row, set `confirmed: true`, then import again with --mapping.\n",
        );
        if self.read.values().any(|v| v.starts_with("name#")) {
            o.push_str(
                "// The pieces' names print numbers: read {\"strength\": \"name#1\"} takes each \
                 piece's first as its strength (\"name#2\" the second, \"image#1\" the image \
                 name's first); correct it to the game's counters, then import with --mapping.\n",
            );
        }
        if !properties.is_empty() {
            o.push_str(&format!(
                "// Piece properties a field can be read from (read: {{\"strength\": \"…\"}}): {}\n",
                properties.join(", ")
            ));
        }
        o.push_str("(\n");
        o.push_str(&format!("    module: {},\n", line(&self.module)));
        o.push_str(&format!("    sides: {},\n", line(&self.sides)));
        o.push_str(&format!("    read: {},\n", line(&self.read)));
        o.push_str("    pieces: [\n");
        for a in &self.pieces {
            o.push_str(&format!("        {},\n", line(a)));
        }
        o.push_str("    ],\n)\n");
        o
    }
}

/// The numbers printed in a text, in order: runs of digits that are not part of a word ("6-2"
/// gives 6 and 2; "1st" and "3a" none).
pub fn numbers(text: &str) -> Vec<u32> {
    number_spans(text).into_iter().map(|(v, _)| v).collect()
}

/// [`numbers`] with where each is (its byte range).
fn number_spans(text: &str) -> Vec<(u32, std::ops::Range<usize>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let letter = |j: Option<usize>| {
            j.and_then(|j| b.get(j))
                .is_some_and(u8::is_ascii_alphabetic)
        };
        if !letter(start.checked_sub(1))
            && !letter(Some(i))
            && let Ok(v) = text[start..i].parse()
        {
            out.push((v, start..i));
        }
    }
    out
}

/// The values a text prints as a counter prints them: the first run of two or more numbers
/// joined by dashes ("Hooker 6-2": 6, 2; "Division 12 6-2-4": 6, 2, 4; "Brigade 3": none).
pub fn printed_values(text: &str) -> Vec<u32> {
    let spans = number_spans(text);
    let mut i = 0;
    while i < spans.len() {
        let mut j = i;
        while j + 1 < spans.len() && &text[spans[j].1.end..spans[j + 1].1.start] == "-" {
            j += 1;
        }
        if j > i {
            return spans[i..=j].iter().map(|(v, _)| *v).collect();
        }
        i += 1;
    }
    Vec::new()
}

/// The `n`th (from 1) of a text's [`printed_values`].
pub fn nth_value(text: &str, n: usize) -> Option<u32> {
    printed_values(text).get(n.checked_sub(1)?).copied()
}

/// The reading the import proposes for a module whose units' names print their values (most
/// of them begin their numbers with a dash-joined pair, "Hooker 6-2"): the first number is the
/// strength. Written into the mapping for the
/// player to confirm or correct once for the whole module (the order of a counter's numbers
/// is the game's: `name#2` is the second); nothing where the names carry no numbers or the
/// rule system has no strength.
pub fn propose_read(counters: &[Counter]) -> BTreeMap<String, String> {
    let units: Vec<&Counter> = counters
        .iter()
        .filter(|c| c.unit && c.needs.iter().any(|f| f == "strength"))
        .collect();
    let with = units
        .iter()
        .filter(|c| nth_value(&c.name, 1).is_some_and(|v| v > 0))
        .count();
    let mut read = BTreeMap::new();
    if !units.is_empty() && with * 10 >= units.len() * 6 {
        read.insert("strength".to_string(), "name#1".to_string());
    }
    read
}

/// Where the answers for a module are remembered.
pub fn remembered_path(stem: &str) -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(
        base.join("musket")
            .join("vassal")
            .join(format!("{stem}.ron")),
    )
}

/// Sets a unit's field from the text the player gave (`"6"`, `"Veteran"`, `"Organized(6)"`).
/// A bare number for `strength` is `Organized(n)`.
pub fn set_field(u: &mut UnitFile, field: &str, value: &str) -> Result<(), String> {
    let v = value.trim();
    let parsed: serde_json::Value = if let Ok(i) = v.parse::<i64>() {
        serde_json::json!(i)
    } else if let Ok(f) = v.parse::<f64>() {
        serde_json::json!(f)
    } else if v == "true" || v == "false" {
        serde_json::json!(v == "true")
    } else {
        serde_json::json!(v)
    };
    let parsed = match (field, &parsed) {
        ("strength", serde_json::Value::Number(n)) => serde_json::json!({ "Organized": n }),
        _ => parsed,
    };
    let mut obj = serde_json::to_value(&*u).map_err(|e| e.to_string())?;
    let Some(map) = obj.as_object_mut() else {
        return Err("a unit is not a record".into());
    };
    map.insert(field.to_string(), parsed);
    let new: UnitFile =
        serde_json::from_value(obj).map_err(|e| format!("not a value of this field ({e})"))?;
    *u = new;
    Ok(())
}
