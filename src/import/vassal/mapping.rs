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
    /// A field read from a piece property for every piece (`{"strength": "Manpower"}`).
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
            read: previous.map(|p| p.read.clone()).unwrap_or_default(),
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
