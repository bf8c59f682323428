//! The scenario editor's model, without Bevy: a scenario file being edited, the edits as data
//! ([`EditAction`]), undo and redo, the live checks and the writer. The editor screen of the
//! window and `musket edit FILE --apply ACTIONS.ron` both drive it, so what a player does with
//! the mouse is a list of actions a test (or a bulk conversion) can replay.
//!
//! - Every edit is an [`EditAction`]; [`Editor::apply`] checks it against the file as it stands
//!   (a hex on the map, a terrain letter of the ruleset, a unit field the ruleset uses…) and
//!   refuses it with a message naming the problem, changing nothing.
//! - Each applied action is one undo step; a brush stroke (many `Paint` actions while the
//!   button is down) is one step: [`Editor::begin_stroke`] / [`Editor::end_stroke`].
//! - The whole file is checked live by the loader's own checks ([`Editor::problems`]); the file
//!   cannot be saved while it would not load ([`Editor::save_string`]).
//! - Saving writes RON in the scenario format, one terrain string per row, one hexside, route,
//!   unit or victory hex per line ([`write`]).

pub mod action;
pub mod underlay;
pub mod write;

use std::path::Path;

pub use action::EditAction;

use crate::rules::scenario::{Problem, ScenarioFile, validate};

/// A scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor {
    pub file: ScenarioFile,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// A brush stroke is open: its actions after the first join the first's undo step.
    stroke: bool,
    /// The open stroke has its undo step.
    stroke_step: bool,
    /// Bumped on every change (views redraw on it).
    pub revision: u64,
}

/// One undo step: what it was, and the file before it.
#[derive(Clone, Debug)]
struct Step {
    label: String,
    before: ScenarioFile,
}

/// Most undo steps kept.
pub const UNDO_LIMIT: usize = 500;

impl Editor {
    pub fn new(file: ScenarioFile) -> Editor {
        Editor {
            file,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: false,
            stroke_step: false,
            revision: 0,
        }
    }

    /// Read a scenario file to edit. A file with problems opens (they are listed and must be
    /// fixed before saving); a file that is not RON of the scenario's shape does not.
    pub fn open(path: &Path) -> Result<Editor, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: ScenarioFile = crate::rules::scenario::from_ron(&text)
            .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.line, e.col, e.message))?;
        Ok(Editor::new(file))
    }

    /// Apply an edit: one undo step (or part of the open stroke's). A refused edit changes
    /// nothing.
    pub fn apply(&mut self, action: &EditAction) -> Result<(), String> {
        let before = self.file.clone();
        let label = action::apply(&mut self.file, action)?;
        if !(self.stroke && self.stroke_step) {
            self.undo.push(Step { label, before });
            if self.undo.len() > UNDO_LIMIT {
                self.undo.remove(0);
            }
            self.stroke_step = self.stroke;
        }
        self.redo.clear();
        self.revision += 1;
        Ok(())
    }

    /// Start a brush stroke (the button goes down): the edits until [`Editor::end_stroke`] make
    /// one undo step, labelled by the first.
    pub fn begin_stroke(&mut self) {
        self.stroke = true;
        self.stroke_step = false;
    }

    /// The button goes up.
    pub fn end_stroke(&mut self) {
        self.stroke = false;
        self.stroke_step = false;
    }

    /// Take back the last edit; its label ("Paint", "Fill"…), or None if there is none.
    pub fn undo(&mut self) -> Option<String> {
        let step = self.undo.pop()?;
        let after = std::mem::replace(&mut self.file, step.before);
        self.redo.push(Step {
            label: step.label.clone(),
            before: after,
        });
        self.revision += 1;
        Some(step.label)
    }

    /// Make the last undone edit again.
    pub fn redo(&mut self) -> Option<String> {
        let step = self.redo.pop()?;
        let before = std::mem::replace(&mut self.file, step.before);
        self.undo.push(Step {
            label: step.label.clone(),
            before,
        });
        self.revision += 1;
        Some(step.label)
    }

    /// The labels of the edits undo and redo would take back / make again, newest first.
    pub fn history(&self) -> (Vec<&str>, Vec<&str>) {
        (
            self.undo.iter().rev().map(|s| s.label.as_str()).collect(),
            self.redo.iter().rev().map(|s| s.label.as_str()).collect(),
        )
    }

    /// What would stop the file from loading, as the loader says it (empty: it loads).
    pub fn problems(&self) -> Vec<Problem> {
        validate(self.file.clone()).err().unwrap_or_default()
    }

    /// The file's text, if it would load; else the loader's problems.
    pub fn save_string(&self) -> Result<String, Vec<Problem>> {
        validate(self.file.clone())?;
        Ok(write::scenario_text(&self.file))
    }

    /// Write the file atomically (the previous version stays whole until the new one replaces
    /// it), if it would load.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = self.save_string().map_err(|p| {
            format!(
                "{} cannot be saved: it would not load: {}",
                path.display(),
                p.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        })?;
        crate::rules::session::write_atomic(path, &text)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Read a list of editor actions (`[Paint(terrain: 'w', hexes: ["0101"]), …]`).
pub fn parse_actions(text: &str) -> Result<Vec<EditAction>, String> {
    crate::rules::scenario::from_ron(text)
        .map_err(|e| format!("line {}, column {}: {}", e.line, e.col, e.message))
}
