//! A game being played: the game state, its dice and the log of commands that led to it.
//!
//! A game is its scenario, its seed and its command log. Saving writes those three; loading
//! replays the log from the scenario with dice seeded the same way, which gives the identical
//! state. Undo is a replay of a shorter log.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::{Command, CommandError, apply};
use super::dice::Dice;
use super::event::Event;
use super::game::Game;
use super::ruleset::{RulesOverrides, Ruleset, for_scenario};
use super::scenario::{Scenario, ScenarioFile, from_ron, ron_options, validate};

pub const SAVE_VERSION: u32 = 1;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub version: u32,
    pub seed: u64,
    pub scenario: ScenarioFile,
    pub commands: Vec<Command>,
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{path}: cannot read the save: {source}")]
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
    #[error(
        "{path}: save format version {found} is not supported (this program reads version {SAVE_VERSION})"
    )]
    Version { path: String, found: u32 },
    #[error("{path}: the scenario inside the save is invalid: {problem}")]
    Scenario { path: String, problem: String },
    #[error("{path}: {source}")]
    Rules {
        path: String,
        source: super::ruleset::RulesError,
    },
    #[error("{path}: command {index} of the log cannot be replayed: {source}")]
    Replay {
        path: String,
        index: usize,
        source: CommandError,
    },
}

#[derive(Debug, Clone)]
pub struct Session {
    pub game: Game,
    pub dice: Dice,
    pub seed: u64,
    pub log: Vec<Command>,
    /// Dice rolled so far after each command of the log.
    pub rolls_after: Vec<u64>,
}

impl Session {
    pub fn new(scenario: Arc<Scenario>, rules: Arc<dyn Ruleset>, seed: u64) -> Self {
        Session {
            game: Game::new(scenario, rules),
            dice: Dice::new(seed),
            seed,
            log: Vec::new(),
            rolls_after: Vec::new(),
        }
    }

    /// How many of the last commands may be taken back: those after the last command that
    /// rolled dice (a die roll is never taken back).
    pub fn undoable(&self) -> usize {
        let mut before = 0;
        let mut last_roll = None;
        for (i, r) in self.rolls_after.iter().enumerate() {
            if *r > before {
                last_roll = Some(i);
            }
            before = *r;
        }
        match last_roll {
            Some(i) => self.log.len() - (i + 1),
            None => self.log.len(),
        }
    }

    /// Apply a command; on success it joins the log.
    pub fn execute(&mut self, cmd: Command) -> Result<Vec<Event>, CommandError> {
        let events = apply(&mut self.game, &cmd, &mut self.dice)?;
        self.log.push(cmd);
        self.rolls_after.push(self.dice.rolls());
        Ok(events)
    }

    /// A session rebuilt from a scenario, a seed and a log. Fails at the first command that no
    /// longer applies, with its index.
    pub fn replay(
        scenario: Arc<Scenario>,
        rules: Arc<dyn Ruleset>,
        seed: u64,
        commands: &[Command],
    ) -> Result<Session, (usize, CommandError)> {
        let mut s = Session::new(scenario, rules, seed);
        for (i, c) in commands.iter().enumerate() {
            s.execute(c.clone()).map_err(|e| (i, e))?;
        }
        Ok(s)
    }

    /// Take back the last `n` commands.
    pub fn undo(&mut self, n: usize) {
        let keep = self.log.len().saturating_sub(n);
        let log: Vec<Command> = self.log[..keep].to_vec();
        // Replaying a prefix of a log that applied cannot fail.
        if let Ok(s) = Session::replay(
            self.game.scenario.clone(),
            self.game.rules.clone(),
            self.seed,
            &log,
        ) {
            *self = s;
        }
    }

    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            version: SAVE_VERSION,
            seed: self.seed,
            scenario: self.game.scenario.file.clone(),
            commands: self.log.clone(),
        }
    }

    pub fn save_string(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new().depth_limit(3);
        ron_options()
            .to_string_pretty(&self.to_save(), cfg)
            .unwrap_or_default()
    }

    /// Read a save: check it, rebuild the scenario and replay the log.
    pub fn load_save(
        text: &str,
        path: &str,
        overrides: &RulesOverrides,
    ) -> Result<Session, SaveError> {
        let save: SaveFile = from_ron(text).map_err(|e| SaveError::Syntax {
            path: path.to_string(),
            line: e.line,
            col: e.col,
            message: e.message,
        })?;
        if save.version != SAVE_VERSION {
            return Err(SaveError::Version {
                path: path.to_string(),
                found: save.version,
            });
        }
        let scenario = validate(save.scenario).map_err(|p| SaveError::Scenario {
            path: path.to_string(),
            problem: p
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        })?;
        let rules = for_scenario(&scenario, overrides).map_err(|source| SaveError::Rules {
            path: path.to_string(),
            source,
        })?;
        Session::replay(Arc::new(scenario), rules, save.seed, &save.commands).map_err(
            |(index, source)| SaveError::Replay {
                path: path.to_string(),
                index,
                source,
            },
        )
    }

    pub fn load_file(path: &Path, overrides: &RulesOverrides) -> Result<Session, SaveError> {
        let text = std::fs::read_to_string(path).map_err(|source| SaveError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Session::load_save(&text, &path.display().to_string(), overrides)
    }
}

/// Write a file atomically: a temporary file beside it, then a rename, so a crash never leaves
/// a half-written file.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "save".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
