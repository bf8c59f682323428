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
//!   unit or victory hex per line ([`write`](mod@write)).

pub mod action;
pub mod form;
pub mod underlay;
pub mod undo;
pub mod write;

use std::collections::VecDeque;
use std::path::Path;

pub use action::EditAction;
use undo::{Snapshot, Step};

use crate::rules::registry::{RulesOverrides, check_file};
use crate::rules::scenario::{Problem, ScenarioFile};

/// A scenario being edited.
#[derive(Clone, Debug)]
pub struct Editor {
    pub file: ScenarioFile,
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    /// A brush stroke is open: its actions after the first join the first's undo step.
    stroke: bool,
    /// The open stroke has its undo step.
    stroke_step: bool,
    /// Bumped on every change (views redraw on it).
    pub revision: u64,
    /// The rules tables the file is checked by (the player's `--rules`, else the user rules
    /// directory's, else the built-in ones), as the game will load it.
    pub rules: RulesOverrides,
    /// The loader's problems with the file at a revision (checked once per change, and
    /// carried over by the unit edits that computed them).
    checked: Option<(u64, Vec<Problem>)>,
}

/// Most undo steps kept.
pub const UNDO_LIMIT: usize = 500;

impl Editor {
    pub fn new(file: ScenarioFile) -> Editor {
        Editor {
            file,
            undo: VecDeque::new(),
            redo: Vec::new(),
            stroke: false,
            stroke_step: false,
            revision: 0,
            rules: RulesOverrides::default(),
            checked: None,
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
    /// nothing. The undo step keeps what the edit changed, not a copy of the file.
    pub fn apply(&mut self, action: &EditAction) -> Result<(), String> {
        let before_problems = action.checks_units().then(|| {
            let p = self.problems();
            self.checked = Some((self.revision, p.clone()));
            p
        });
        let snapshot = Snapshot::take(&self.file, action);
        let label = match action::apply_to(&mut self.file, action) {
            Ok(l) => l,
            Err(e) => {
                snapshot.restore(&mut self.file);
                return Err(e);
            }
        };
        if let Some(old) = before_problems {
            let now = check_file(self.file.clone(), &self.rules)
                .err()
                .unwrap_or_default();
            let new: Vec<String> = now
                .iter()
                .filter(|p| !old.contains(p))
                .map(ToString::to_string)
                .collect();
            if !new.is_empty() {
                snapshot.restore(&mut self.file);
                return Err(new.join("; "));
            }
            self.checked = Some((self.revision + 1, now));
        }
        let parts = snapshot.trim(&self.file);
        if self.stroke && self.stroke_step {
            if let Some(step) = self.undo.back_mut() {
                step.parts.extend(parts);
            }
        } else {
            self.undo.push_back(Step { label, parts });
            if self.undo.len() > UNDO_LIMIT {
                self.undo.pop_front();
            }
            self.stroke_step = self.stroke;
        }
        self.redo.clear();
        self.revision += 1;
        Ok(())
    }

    /// About how many bytes the undo and redo history holds (it grows with what the edits
    /// changed, not with the map).
    pub fn undo_bytes(&self) -> usize {
        self.undo.iter().chain(&self.redo).map(Step::bytes).sum()
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
        let step = self.undo.pop_back()?.swap(&mut self.file);
        let label = step.label.clone();
        self.redo.push(step);
        self.revision += 1;
        Some(label)
    }

    /// Make the last undone edit again.
    pub fn redo(&mut self) -> Option<String> {
        let step = self.redo.pop()?.swap(&mut self.file);
        let label = step.label.clone();
        self.undo.push_back(step);
        self.revision += 1;
        Some(label)
    }

    /// The labels of the edits undo and redo would take back / make again, newest first.
    pub fn history(&self) -> (Vec<&str>, Vec<&str>) {
        (
            self.undo.iter().rev().map(|s| s.label.as_str()).collect(),
            self.redo.iter().rev().map(|s| s.label.as_str()).collect(),
        )
    }

    /// What would stop the file from loading, as the loader says it (empty: it loads): the
    /// format and the rule system's own checks ([`check_file`]), exactly what the game and
    /// `musket check` run.
    pub fn problems(&self) -> Vec<Problem> {
        if let Some((rev, p)) = &self.checked
            && *rev == self.revision
        {
            return p.clone();
        }
        check_file(self.file.clone(), &self.rules)
            .err()
            .unwrap_or_default()
    }

    /// The units' placeholder values (an import's guesses and blanks), as the editor lists
    /// them beside the problems: the file saves with them, a game does not start.
    pub fn placeholders(&self) -> Vec<Problem> {
        placeholders(&self.file)
    }

    /// Whether the file still holds placeholder values (an import's): it saves, but a game does
    /// not start on it.
    pub fn is_draft(&self) -> bool {
        self.file.units.iter().any(|u| !u.placeholder.is_empty())
    }

    /// The file's text, if it would load; else the loader's problems. The text is read back
    /// before it is handed out: it must load, by the loader's checks, as exactly this file (a
    /// writer that changed a value on the way would be caught here, not by the player).
    pub fn save_string(&self) -> Result<String, Vec<Problem>> {
        check_file(self.file.clone(), &self.rules)?;
        let text = write::scenario_text(&self.file);
        let back: ScenarioFile = crate::rules::scenario::from_ron(&text).map_err(|e| {
            vec![Problem {
                field: format!("line {}, column {}", e.line, e.col),
                value: String::new(),
                problem: format!("the written file would not read back: {}", e.message),
            }]
        })?;
        if back != self.file {
            return Err(vec![Problem {
                field: "file".into(),
                value: String::new(),
                problem: "the written file would read back changed; nothing was written".into(),
            }]);
        }
        check_file(back, &self.rules)?;
        Ok(text)
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

/// Read a list of editor actions (`[Paint(terrain: 'w', hexes: ["0101"]), …]`). An action that
/// does not read (a misspelt field, a field it does not have, a value of the wrong kind) is
/// named by its index in the list and its line and column.
pub fn parse_actions(text: &str) -> Result<Vec<EditAction>, String> {
    crate::rules::scenario::from_ron::<Actions>(text)
        .map(|a| a.0)
        .map_err(|e| format!("line {}, column {}: {}", e.line, e.col, e.message))
}

/// A list of actions whose reading errors name the action's index.
struct Actions(Vec<EditAction>);

impl<'de> serde::Deserialize<'de> for Actions {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Actions, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Actions;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of editor actions: [Paint(...), Unit(...), ...]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Actions, A::Error> {
                let mut out = Vec::new();
                loop {
                    match seq.next_element::<EditAction>() {
                        Ok(Some(a)) => out.push(a),
                        Ok(None) => return Ok(Actions(out)),
                        Err(e) => {
                            return Err(serde::de::Error::custom(format!(
                                "action {}: {e}",
                                out.len()
                            )));
                        }
                    }
                }
            }
        }
        d.deserialize_seq(V)
    }
}

/// The map as far as it can be drawn, whatever else is wrong with the file: its size, its
/// terrain (an unknown letter as clear), elevation, the hexsides and routes whose hexes are on
/// the map. What the editor's view draws.
pub fn preview_map(f: &ScenarioFile) -> crate::rules::map::Map {
    use crate::rules::map::{Map, Route, Terrain};
    let mut n = f.map.numbering();
    (n.columns, n.rows) = (n.columns.max(1), n.rows.max(1));
    let (cols, rows) = n.model_size();
    let mut m = Map::new(cols, rows, Terrain::Clear).with_orientation(n.orientation);
    for (r, line) in f.map.terrain.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let at = n.at(c as i32 + 1, r as i32 + 1);
            if m.contains(at) {
                m.set_terrain(at, Terrain::from_letter(ch).unwrap_or(Terrain::Clear));
            }
        }
    }
    for (r, line) in f.map.elevation.iter().flatten().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let at = n.at(c as i32 + 1, r as i32 + 1);
            if let Some(d) = ch.to_digit(10)
                && m.contains(at)
            {
                m.set_elevation(at, d as u8);
            }
        }
    }
    for h in &f.map.hexsides {
        if let (Ok(c), Ok(d)) = (n.parse(&h.hex), n.orientation.dir(h.dir))
            && m.contains(c)
        {
            for ft in &h.features {
                m.add_feature(c, d, *ft);
            }
        }
    }
    for r in &f.map.routes {
        let hexes: Option<Vec<_>> = r
            .hexes
            .iter()
            .map(|l| n.parse(l).ok().filter(|c| m.contains(*c)))
            .collect();
        if let Some(hexes) = hexes
            && hexes.windows(2).all(|w| w[0].is_adjacent(w[1]))
        {
            m.add_route(Route {
                kind: r.kind,
                hexes,
            });
        }
    }
    m
}

/// The hex a problem is about, where it names one (a unit's, a victory hex, a hexside, a
/// route's first hex, a terrain row's first letter): the editor shows it on a click.
pub fn problem_hex(f: &ScenarioFile, p: &Problem) -> Option<crate::rules::hex::Coord> {
    let n = f.map.numbering();
    let index = |prefix: &str| -> Option<usize> {
        let rest = p.field.strip_prefix(prefix)?;
        rest[..rest.find(']')?].parse().ok()
    };
    let label = if let Some(i) = index("units[") {
        f.units.get(i).map(|u| u.hex.clone())
    } else if let Some(i) = index("victory[") {
        f.victory.get(i).map(|v| v.hex.clone())
    } else if let Some(i) = index("map.hexsides[") {
        f.map.hexsides.get(i).map(|h| h.hex.clone())
    } else if let Some(i) = index("map.routes[") {
        f.map.routes.get(i).and_then(|r| r.hexes.first().cloned())
    } else if let Some(r) = index("map.terrain[").or_else(|| index("map.elevation[")) {
        return Some(n.at(1, r as i32 + 1));
    } else {
        None
    };
    label
        .and_then(|l| n.parse(&l).ok())
        .or_else(|| n.parse(&p.value.replace('"', "")).ok())
}

/// The units' placeholder values as problems of the editor's list (not the loader's: the file
/// saves with them), one per unit: `units[3].placeholder = side, strength: …`.
fn placeholders(f: &ScenarioFile) -> Vec<Problem> {
    f.units
        .iter()
        .enumerate()
        .filter(|(_, u)| !u.placeholder.is_empty())
        .map(|(i, u)| Problem {
            field: format!("units[{i}].placeholder"),
            value: u.placeholder.join(", "),
            problem: format!(
                "{} ({}): values to enter before play (an import's guesses and blanks)",
                u.id, u.name
            ),
        })
        .collect()
}
