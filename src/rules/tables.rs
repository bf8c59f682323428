//! Rules tables as data: every rule system keeps its numbers in `assets/rules/<id>.ron`,
//! embedded in the binary as the default and overridable by a player's own file
//! (`--rules FILE`, or `<user rules dir>/<id>.ron`). This module holds what they share: the
//! error type, the reader that places syntax errors, and where a player's files live.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::scenario::{Problem, from_ron};

/// Why a rules file was refused.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    #[error("{path}: cannot read the rules file: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{col}: {message}")]
    Syntax {
        path: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{path}: {}{}", problems[0], if problems.len() > 1 { format!(" (and {} more problems)", problems.len() - 1) } else { String::new() })]
    Invalid {
        path: String,
        problems: Vec<Problem>,
    },
}

/// Why a rule system could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("unknown ruleset {0:?}")]
    Unknown(String),
    #[error(transparent)]
    Tables(#[from] TablesError),
    /// The scenario breaks a rule of its rule system's tables.
    #[error("{}{}", problems[0], if problems.len() > 1 { format!(" (and {} more problems)", problems.len() - 1) } else { String::new() })]
    Scenario { problems: Vec<Problem> },
}

/// Parse tables text (`path` names it in errors), then run `check` on the result, which lists
/// every problem it finds (field path, value, why).
pub fn parse_tables<T: DeserializeOwned>(
    text: &str,
    path: &str,
    check: impl FnOnce(&mut T) -> Vec<Problem>,
) -> Result<T, TablesError> {
    let mut t: T = from_ron(text).map_err(|e| TablesError::Syntax {
        path: path.to_string(),
        line: e.line,
        col: e.col,
        message: e.message,
    })?;
    let problems = check(&mut t);
    if problems.is_empty() {
        Ok(t)
    } else {
        Err(TablesError::Invalid {
            path: path.to_string(),
            problems,
        })
    }
}

/// Parse a tables text given as (text, name), or the built-in text when it is `None`.
pub fn tables_from<T: DeserializeOwned>(
    text: Option<(&str, &str)>,
    builtin: &str,
    builtin_name: &str,
    check: impl FnOnce(&mut T) -> Vec<Problem>,
) -> Result<T, TablesError> {
    match text {
        None => parse_tables(builtin, builtin_name, check),
        Some((t, name)) => parse_tables(t, name, check),
    }
}

/// The tables a rule system plays by, as compact canonical RON (its fields, not a file's
/// layout): what a save or a turn file carries, and what its digest covers. It reads back
/// (`ruleset::from_text`) into the same tables.
pub fn canonical<T: serde::Serialize>(tables: &T) -> String {
    super::scenario::ron_options()
        .to_string(tables)
        .unwrap_or_default()
}

/// Read a player's tables file, or the built-in text when `path` is `None`.
pub fn load_tables<T: DeserializeOwned>(
    path: Option<&Path>,
    builtin: &str,
    builtin_name: &str,
    check: impl FnOnce(&mut T) -> Vec<Problem>,
) -> Result<T, TablesError> {
    match path {
        None => parse_tables(builtin, builtin_name, check),
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|source| TablesError::Io {
                path: p.display().to_string(),
                source,
            })?;
            parse_tables(&text, &p.display().to_string(), check)
        }
    }
}

/// A problem found while checking tables.
pub fn problem(field: impl Into<String>, value: impl ToString, why: impl Into<String>) -> Problem {
    Problem {
        field: field.into(),
        value: value.to_string(),
        problem: why.into(),
    }
}

/// Where a player's own rules files are looked for: `$XDG_CONFIG_HOME/musket/rules/` or
/// `~/.config/musket/rules/` (on Windows `%APPDATA%\musket\rules\`).
pub fn user_rules_dir() -> Option<std::path::PathBuf> {
    if let Some(x) = std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        return Some(std::path::PathBuf::from(x).join("musket").join("rules"));
    }
    if cfg!(windows)
        && let Some(a) = std::env::var_os("APPDATA")
    {
        return Some(std::path::PathBuf::from(a).join("musket").join("rules"));
    }
    std::env::var_os("HOME").map(|h| {
        std::path::PathBuf::from(h)
            .join(".config")
            .join("musket")
            .join("rules")
    })
}

/// Where two sets of rules differ, field by field (their JSON, as the typed tables serialize):
/// one line per difference, its path and both values (`sequence.initiative.ties: "FirstSide"
/// (built-in: "Reroll")`), at most `max` lines (then a count of the rest). The sources and
/// notes (`source`, `…_source`) are left out: they document a rule, they do not change it.
pub fn differences(
    ours: &serde_json::Value,
    builtin: &serde_json::Value,
    max: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    diff_values("", ours, builtin, &mut out);
    if out.len() > max {
        let rest = out.len() - max;
        out.truncate(max);
        out.push(format!("and {rest} more"));
    }
    out
}

fn short(v: &serde_json::Value) -> String {
    let t = match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if t.chars().count() > 60 {
        format!("{}…", t.chars().take(59).collect::<String>())
    } else {
        t
    }
}

fn diff_values(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    let documents = |k: &str| k == "source" || k.ends_with("_source");
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x.iter().filter(|(k, _)| !documents(k)) {
                match y.get(k) {
                    Some(vb) => diff_values(&join(k), va, vb, out),
                    None => out.push(format!("{}: {} (built-in: not set)", join(k), short(va))),
                }
            }
            for (k, vb) in y.iter().filter(|(k, _)| !documents(k)) {
                if !x.contains_key(k) {
                    out.push(format!("{}: not set (built-in: {})", join(k), short(vb)));
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                diff_values(&format!("{path}[{i}]"), va, vb, out);
            }
        }
        _ if a == b => {}
        _ => out.push(format!("{path}: {} (built-in: {})", short(a), short(b))),
    }
}

/// The styles of the search level's portfolio (`rules::ai::search::portfolio`), by name: what a
/// rules file's [`ComputerPlay::default_style`] may name (the portfolio's test checks the two
/// lists agree).
pub const STYLE_NAMES: [&str; 6] = ["stand", "steady", "bold", "all out", "cautious", "dig in"];

/// What a rule system's file tells the computer players (its `computer` section): choices made
/// by measuring games, not rules, so a player may change them with their own file like any
/// other number.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerPlay {
    /// The style the search level (`ai3`) plays unless its playouts show another to be better:
    /// one of [`STYLE_NAMES`].
    pub default_style: String,
    /// How it was chosen.
    pub source: String,
    /// Where the search's playouts cannot reach the end of the game: how it values a playout
    /// cut short, so that it may still choose among the styles. None: it plays the default
    /// there, with no playouts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_short: Option<CutShort>,
    /// The style the search level plays where its playouts cannot reach the end of the game
    /// and no [`CutShort`] value lets it choose (one of [`STYLE_NAMES`]); the default still
    /// is the one to beat where they reach it. None: the default there as well.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub far_style: Option<String>,
    /// Where the search's playouts reach the end: the weight the paired differences of its
    /// earlier choices in the game keep beside the choice's own, per game turn of age (1: all
    /// alike; 0 to 1), so that a style better on this field over several choices is played
    /// though no one choice's few rounds show it; only where the choice's own rounds keep the
    /// default. None: each choice on its own rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pooled: Option<f64>,
}

/// The search level's value of a playout cut short of the end (`rules::ai::search`): the
/// chance that the side wins, by a logistic model of where the playout stopped, fitted to
/// games played out. Each weight is a pair (a, b), weighing its feature by a + b × the share
/// of the game turns left (1 on the first game turn, 1/turns on the last); the chance is
/// 1 / (1 + e^-z), z the sum of the weighed features.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CutShort {
    /// The budget of such a choice, in multiples of a choice that reaches the end (1 to 10).
    pub budget: f64,
    /// The constant.
    pub bias: (f64, f64),
    /// 1 for the scenario's first side, 0 for the second.
    pub first_side: (f64, f64),
    /// The side's victory points less the enemy's, over all the points the scenario's
    /// victory hexes hold.
    pub points: (f64, f64),
    /// The share of its strength the enemy has lost less the share the side has lost.
    pub losses: (f64, f64),
    /// How they were found.
    pub source: String,
}

impl CutShort {
    /// The side's chance of winning, from the features as [`CutShort`] names them.
    pub fn chance(&self, first_side: f64, points: f64, losses: f64, turns_left: f64) -> f64 {
        let w = |(a, b): (f64, f64)| a + b * turns_left;
        let z = w(self.bias)
            + w(self.first_side) * first_side
            + w(self.points) * points
            + w(self.losses) * losses;
        1.0 / (1.0 + (-z).exp())
    }
}

impl ComputerPlay {
    /// A problem with the section, if any (`field` names it in the file).
    pub fn check(&self) -> Option<Problem> {
        let styles = [
            ("computer.default_style", Some(&self.default_style)),
            ("computer.far_style", self.far_style.as_ref()),
        ];
        let unknown = styles.into_iter().find_map(|(field, name)| {
            let name = name.filter(|n| !STYLE_NAMES.contains(&n.as_str()))?;
            Some(Problem {
                field: field.into(),
                value: name.clone(),
                problem: format!(
                    "not a style of the search level: {}",
                    STYLE_NAMES.join(", ")
                ),
            })
        });
        if unknown.is_some() {
            return unknown;
        }
        if let Some(w) = self.pooled.filter(|w| !(0.0..=1.0).contains(w)) {
            return Some(Problem {
                field: "computer.pooled".into(),
                value: w.to_string(),
                problem: "not from 0 to 1 (the weight an earlier choice keeps per game turn)"
                    .into(),
            });
        }
        let c = self.cut_short.as_ref()?;
        if !(1.0..=10.0).contains(&c.budget) {
            return Some(Problem {
                field: "computer.cut_short.budget".into(),
                value: c.budget.to_string(),
                problem: "not from 1 to 10 (times a choice's budget)".into(),
            });
        }
        let weights = [
            ("bias", c.bias),
            ("first_side", c.first_side),
            ("points", c.points),
            ("losses", c.losses),
        ];
        weights.into_iter().find_map(|(name, (a, b))| {
            // NaN is never within the bounds, nor is either infinity.
            (!(a.abs() <= 100.0 && b.abs() <= 100.0)).then(|| Problem {
                field: format!("computer.cut_short.{name}"),
                value: format!("({a}, {b})"),
                problem: "a weight must be a number from -100 to 100".into(),
            })
        })
    }
}
