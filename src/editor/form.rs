//! The unit form's model, without Bevy: for each field of a unit, the widget a player expects
//! (plain text, a number with its range, a number that may be left unset, a yes/no box, a
//! choice, the strength as organized or disorganized with its numbers), what the field means,
//! the field's value read from the typed unit (through serde, not from text), and the RON text
//! an [`EditAction::UnitField`](super::EditAction::UnitField) takes to set it. The window draws
//! the widgets; the file keeps its RON.

use serde_json::Value as Json;

use crate::rules::scenario::UnitFile;

/// The widget of a field.
#[derive(Clone, Debug, PartialEq)]
pub enum Widget {
    /// Free text (`name`, `id`), written as a RON string.
    Text,
    /// A hex label (`hex`).
    Hex,
    /// A whole number in a range; `optional`: it may be left unset (the ruleset's default).
    Int { lo: i64, hi: i64, optional: bool },
    /// A number in a range, in steps of `step`; may be left unset.
    Float { lo: f64, hi: f64, step: f64 },
    /// Yes or no.
    Bool,
    /// One of the names; `optional`: it may be left unset.
    Choice {
        options: Vec<&'static str>,
        optional: bool,
    },
    /// The scenario's sides.
    Side,
    /// The ruleset's unit kinds.
    Kind,
    /// Organized (a whole CV) or disorganized (a CV in halves and the manpower).
    Strength,
}

/// A field's value in the form.
#[derive(Clone, Debug, PartialEq)]
pub enum FormValue {
    Text(String),
    Int(Option<i64>),
    Float(Option<f64>),
    Bool(bool),
    Choice(Option<String>),
    Strength {
        disorganized: bool,
        cv: f64,
        manpower: f64,
    },
    /// No strength given (a leader's default, `Organized(0)`).
    NoStrength,
}

/// The widget of `field` for a unit of `ruleset`, and what the field means (the hover text).
pub fn widget(
    field: &str,
    ruleset: &str,
    kind: crate::rules::unit::UnitKind,
) -> (Widget, &'static str) {
    common_widget(field)
        .or_else(|| gcacw_widget(field, ruleset))
        .or_else(|| gbacw_ngg_widget(field))
        .or_else(|| shiloh_widget(field, ruleset, kind))
        .unwrap_or((Widget::Text, ""))
}

/// A whole number from `lo` to `hi`, that may be left unset or not.
fn int(lo: i64, hi: i64, optional: bool) -> Widget {
    Widget::Int { lo, hi, optional }
}

/// The fields of every ruleset's units.
fn common_widget(field: &str) -> Option<(Widget, &'static str)> {
    use Widget::*;
    Some(match field {
        "id" => (
            Text,
            "The unit's id: unique in the file; commands and saves name the unit by it.",
        ),
        "name" => (Text, "The name shown on screen and in the log."),
        "side" => (Side, "The side the unit fights for."),
        "kind" => (
            Kind,
            "Infantry, cavalry, artillery, a leader… (the ruleset's kinds).",
        ),
        "hex" => (Hex, "Where the unit stands: a hex label such as 0604."),
        "strength" => (
            Strength,
            "Organized: the combat value (CV), a whole number. Disorganized: a CV in halves and the manpower it is drawn from (GCACW). Leaders: none.",
        ),
        "active" => (
            Bool,
            "Active: takes part in the game (inactive units wait to be released).",
        ),
        "arrives" => (
            int(2, crate::rules::scenario::MAX_TURN, true),
            "A reinforcement: the turn at whose start it enters the map at its hex; unset: on the map from the start.",
        ),
        "movement" => (
            Float {
                lo: 0.0,
                hi: 1000.0,
                step: 0.5,
            },
            "Movement allowance in points, in place of the ruleset's (optional).",
        ),
        _ => return None,
    })
}

/// GCACW's fields, and fatigue (each ruleset's range).
fn gcacw_widget(field: &str, ruleset: &str) -> Option<(Widget, &'static str)> {
    use Widget::*;
    Some(match field {
        "artillery" => (int(0, 1000, false), "Artillery value (GCACW), 0 to 1000."),
        "tactical" => (
            int(-100, 100, false),
            "A leader's tactical rating (GCACW), -100 to 100.",
        ),
        "tactical_defence" => (
            int(-100, 100, true),
            "A leader's defensive tactical rating where it differs (\"x/y\" leaders); unset: the same as tactical.",
        ),
        "fatigue" => match crate::rules::registry::profile(ruleset) {
            Some(p) => (int(0, p.max_fatigue, false), p.fatigue_help),
            None => (int(0, 4, false), "Fatigue level, 0 to 4."),
        },
        "demoralized" => (int(0, 2, false), "Demoralization (GCACW): 0 none, 1 or 2."),
        "entrenched" => (Bool, "Entrenched (GCACW)."),
        "exhausted" => (
            Bool,
            "On its exhausted side (GCACW): reorganized, not yet recovered; its extended-march check comes earlier.",
        ),
        "army" => (
            Bool,
            "An army leader (GCACW): he leads grand assaults, with any unit of his side.",
        ),
        _ => return None,
    })
}

/// GBACW's and NGG 1812's fields (the combat status is both's, and Shiloh's).
fn gbacw_ngg_widget(field: &str) -> Option<(Widget, &'static str)> {
    use Widget::*;
    Some(match field {
        "morale" => (int(1, 6, true), "Morale rating (GBACW), 1 to 6."),
        "green" => (Bool, "Green troops (GBACW)."),
        "status" => (
            Choice {
                options: vec!["Normal", "Disrupted", "Pinned", "Routed", "Engaged"],
                optional: true,
            },
            "Combat status: disrupted (NGG 1812), pinned, routed or engaged (GBACW), routed (Shiloh).",
        ),
        "class" => (
            Choice {
                options: vec!["Veteran", "Line", "Conscript"],
                optional: true,
            },
            "Unit class (NGG 1812): veteran, line or conscript; commanders have none.",
        ),
        "rating" => (int(0, 9, true), "A commander's rating (NGG 1812), 0 to 9."),
        "forced_march" => (
            Bool,
            "Force-marched this turn (NGG 1812 8.4): halved in combat.",
        ),
        "combats" => (
            int(0, 9, true),
            "Combats fought this turn (NGG 1812 11.2), 0 to 9.",
        ),
        _ => return None,
    })
}

/// Shiloh's fields.
fn shiloh_widget(
    field: &str,
    ruleset: &str,
    kind: crate::rules::unit::UnitKind,
) -> Option<(Widget, &'static str)> {
    use Widget::*;
    Some(match field {
        "guns" => (int(0, 100, true), "Guns of a battery (Shiloh), 0 to 100."),
        "efficiency" => (
            int(0, 100, true),
            "Efficiency (Shiloh), 0 to 100; unset: 100.",
        ),
        "command_control" => (
            Float {
                lo: 0.1,
                hi: 2.0,
                step: 0.1,
            },
            "Command control (Shiloh), 0.1 to 2.0; unset: 1.0.",
        ),
        "leader_bonus" => (int(0, 100, true), "A leader's bonus (Shiloh), 0 to 100."),
        "mode" => (
            Choice {
                options: crate::rules::registry::profile(ruleset)
                    .and_then(|p| p.modes)
                    .map_or(&[][..], |(modes, _)| modes(kind))
                    .iter()
                    .map(|m| mode_name(*m))
                    .collect(),
                optional: true,
            },
            "Formation (Shiloh): the modes of the unit's kind; unset: the first.",
        ),
        "out_of_ammo" => (Bool, "Out of ammunition (Shiloh)."),
        "fortification" => (int(0, 10, true), "Fortification level (Shiloh), 0 to 10."),
        "demibrigade" => (Bool, "A demi-brigade (Shiloh)."),
        "heavy_guns" => (Bool, "Heavy guns (Shiloh)."),
        _ => return None,
    })
}

fn mode_name(m: crate::rules::unit::Mode) -> &'static str {
    use crate::rules::unit::Mode::*;
    match m {
        Normal => "Normal",
        Column => "Column",
        Mounted => "Mounted",
        Dismounted => "Dismounted",
        Limbered => "Limbered",
        Unlimbered => "Unlimbered",
        Routed => "Routed",
    }
}

/// The value of `field` of unit `u`, read from the typed unit.
pub fn read(u: &UnitFile, field: &str, w: &Widget) -> FormValue {
    let json = serde_json::to_value(u).unwrap_or(Json::Null);
    let v = json.get(field).cloned().unwrap_or(Json::Null);
    match w {
        Widget::Text | Widget::Hex | Widget::Side => {
            FormValue::Text(v.as_str().unwrap_or_default().to_string())
        }
        Widget::Kind => FormValue::Choice(v.as_str().map(str::to_string)),
        // A number that must be given and is left out of the file is its default, 0.
        Widget::Int { optional, .. } => FormValue::Int(v.as_i64().or((!optional).then_some(0))),
        Widget::Float { .. } => FormValue::Float(v.as_f64()),
        Widget::Bool => FormValue::Bool(match v.as_bool() {
            Some(b) => b,
            // Left out of the file: the default.
            None => field == "active",
        }),
        Widget::Choice { .. } => FormValue::Choice(v.as_str().map(str::to_string)),
        Widget::Strength => match &u.strength {
            None => FormValue::NoStrength,
            Some(crate::rules::scenario::StrengthFile::Organized(cv)) => FormValue::Strength {
                disorganized: false,
                cv: *cv,
                manpower: *cv,
            },
            Some(crate::rules::scenario::StrengthFile::Disorganized { cv, manpower }) => {
                FormValue::Strength {
                    disorganized: true,
                    cv: *cv,
                    manpower: *manpower,
                }
            }
        },
    }
}

/// The RON text that sets a field to `v` (what `UnitField` takes).
pub fn ron_text(v: &FormValue) -> String {
    use super::write::{WholeNumbers, line};
    match v {
        FormValue::Text(s) => line(s),
        FormValue::Int(None)
        | FormValue::Float(None)
        | FormValue::Choice(None)
        | FormValue::NoStrength => "None".into(),
        FormValue::Int(Some(n)) => n.to_string(),
        FormValue::Float(Some(x)) => line(&WholeNumbers(x)),
        FormValue::Bool(b) => b.to_string(),
        FormValue::Choice(Some(c)) => c.clone(),
        FormValue::Strength {
            disorganized: false,
            cv,
            ..
        } => line(&WholeNumbers(
            &crate::rules::scenario::StrengthFile::Organized(*cv),
        )),
        FormValue::Strength {
            disorganized: true,
            cv,
            manpower,
        } => line(&WholeNumbers(
            &crate::rules::scenario::StrengthFile::Disorganized {
                cv: *cv,
                manpower: *manpower,
            },
        )),
    }
}
