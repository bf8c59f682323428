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
