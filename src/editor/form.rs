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

/// The widget of `field` for a unit of `ruleset`, and what the field means (the hover text):
/// the fields every scenario has, else the rule system's own (its profile's `fields`).
pub fn widget(
    field: &str,
    ruleset: &str,
    kind: crate::rules::unit::UnitKind,
) -> (Widget, &'static str) {
    let profile = crate::rules::registry::profile(ruleset);
    common_widget(field, profile)
        .or_else(|| {
            profile
                .and_then(|p| p.field(field))
                .map(|f| system_widget(f, p_modes(profile, kind)))
        })
        .unwrap_or((Widget::Text, ""))
}

/// The formations of a unit of `kind` in the rule system, by name.
fn p_modes(
    profile: Option<&'static crate::rules::scenario::Profile>,
    kind: crate::rules::unit::UnitKind,
) -> Vec<&'static str> {
    profile
        .and_then(|p| p.modes)
        .map_or(&[][..], |(modes, _)| modes(kind))
        .iter()
        .map(|m| mode_name(*m))
        .collect()
}

/// A whole number from `lo` to `hi`, that may be left unset or not.
fn int(lo: i64, hi: i64, optional: bool) -> Widget {
    Widget::Int { lo, hi, optional }
}

/// The widget of one of a rule system's own fields.
fn system_widget(
    f: &'static crate::rules::scenario::FieldSpec,
    modes: Vec<&'static str>,
) -> (Widget, &'static str) {
    use crate::rules::scenario::FieldInput as I;
    let w = match f.input {
        I::Int { lo, hi, optional } => int(lo, hi, optional),
        I::Float { lo, hi, step } => Widget::Float { lo, hi, step },
        I::Bool => Widget::Bool,
        I::Choice { options, optional } => Widget::Choice {
            options: options.to_vec(),
            optional,
        },
        I::Modes => Widget::Choice {
            options: modes,
            optional: true,
        },
    };
    (w, f.help)
}

/// The fields of every ruleset's units (fatigue in the rule system's range).
fn common_widget(
    field: &str,
    profile: Option<&'static crate::rules::scenario::Profile>,
) -> Option<(Widget, &'static str)> {
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
        "fatigue" => match profile {
            Some(p) => (int(0, p.max_fatigue, false), p.fatigue_help),
            None => (int(0, 4, false), "Fatigue level, 0 to 4."),
        },
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
