//! A game being played: the game state, its dice and the log of commands that led to it.
//!
//! A game is its scenario, its seed and its command log. Saving writes those three; loading
//! replays the log from the scenario with dice seeded the same way, which gives the identical
//! state. Undo is a replay of a shorter log.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::execute;
use super::dice::Dice;
use super::event::Event;
use super::game::Game;
use super::order::{Command, CommandError};
use super::registry::validate_scenario as validate;
use super::registry::{RulesOverrides, for_scenario};
use super::ruleset::Ruleset;
use super::scenario::{Scenario, ScenarioFile, from_ron, ron_options};

/// The save format written. Version 2 adds the digest; version 1 saves (no digest) still load.
/// Version 3: games follow a sequence of play (`rules::sequence`), which the save holds whole,
/// so a game replays in the sequence it was played in even after the rules file changes;
/// saves of versions 1 and 2 were played in the generic "I go, you go" turn and replay in it.
/// Version 4: the log may hold leaders' activations (`Command::Activate`); versions 1 to 3
/// load as before (they hold none).
/// Version 5: a game played by turn files may seed its dice afresh at each hand-over
/// (`reseeds`, covered by the log digest); earlier versions hold none.
/// Version 6: the save holds the rules tables the game is played under (`tables`), and the log
/// digest covers them and the sequence of play: a save replays under its own rules whatever
/// the loading program's, and an edited sequence or table is refused. Versions 1 to 5 load as
/// before (under the loader's tables).
pub const SAVE_VERSION: u32 = 6;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub version: u32,
    pub seed: u64,
    /// Digests of what follows, checked on loading (version 2 on; absent in version 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<Digest>,
    pub scenario: ScenarioFile,
    /// The sequence of play the game follows (version 3 on). Absent in a version 3 save: its
    /// rule system's; in versions 1 and 2: the generic turn they were played in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sequence: Option<super::sequence::Sequence>,
    /// The rule system's tables the game is played under, as canonical RON (version 6 on:
    /// [`super::ruleset::Ruleset::tables_in_use`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<String>,
    pub commands: Vec<Command>,
    /// Where the dice were seeded afresh (see [`Session::reseeds`]; version 5 on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reseeds: Vec<(usize, u64)>,
    /// Who plays each side, in the scenario's side order (`human`, `ai2`, `greedy`…): where the
    /// window picks the game up on loading. Not part of the game (not in the digests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
}

/// BLAKE3 digests (hex) of a save's contents, so an edited or damaged save is refused with a
/// clear message instead of loading into another game. They guard against accidents, not
/// against someone who recomputes them.
///
/// - `scenario`: the scenario as read (its fields, not its layout: reformatting the file does
///   not change it);
/// - `log`: the scenario digest, the seed and every command in order (from version 6, also the
///   sequence of play and the rules tables the game is played under).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Digest {
    pub scenario: String,
    pub log: String,
}

impl Digest {
    /// The digests of a scenario, a seed and a command log.
    pub fn of(scenario: &ScenarioFile, seed: u64, commands: &[Command]) -> Digest {
        Digest::of_reseeded(scenario, seed, commands, &[])
    }

    /// [`Digest::of`] of a game whose dice were seeded afresh at `reseeds` (none: the same
    /// digest as [`Digest::of`]).
    pub fn of_reseeded(
        scenario: &ScenarioFile,
        seed: u64,
        commands: &[Command],
        reseeds: &[(usize, u64)],
    ) -> Digest {
        Digest::of_game(scenario, seed, commands, reseeds, None)
    }

    /// The digests of a game, with the rules it is played under (its sequence of play and its
    /// tables' canonical text) where the save holds them (version 6 on); `None`: as version 5
    /// and before computed it.
    pub fn of_game(
        scenario: &ScenarioFile,
        seed: u64,
        commands: &[Command],
        reseeds: &[(usize, u64)],
        rules: Option<(&super::sequence::Sequence, &str)>,
    ) -> Digest {
        let mut h = blake3::Hasher::new();
        h.update(b"musket scenario 1\n");
        h.update(canonical(scenario).as_bytes());
        let scenario = h.finalize().to_hex().to_string();
        let mut h = blake3::Hasher::new();
        match rules {
            None => {
                h.update(b"musket log 1\n");
            }
            Some((sequence, tables)) => {
                h.update(b"musket log 2\n");
                let seq = canonical(sequence);
                for part in [seq.as_str(), tables] {
                    h.update(&(part.len() as u64).to_le_bytes());
                    h.update(part.as_bytes());
                }
            }
        }
        h.update(scenario.as_bytes());
        h.update(&seed.to_le_bytes());
        for c in commands {
            let text = canonical(c);
            h.update(&(text.len() as u64).to_le_bytes());
            h.update(text.as_bytes());
        }
        for (i, seed) in reseeds {
            h.update(b"reseed");
            h.update(&(*i as u64).to_le_bytes());
            h.update(&seed.to_le_bytes());
        }
        Digest {
            scenario,
            log: h.finalize().to_hex().to_string(),
        }
    }
}

/// Canonical (compact) RON of a value a digest covers.
fn canonical<T: Serialize>(v: &T) -> String {
    ron_options().to_string(v).unwrap_or_default()
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
        "{path}: save format version {found} is not supported (this program reads versions 1 to {SAVE_VERSION})"
    )]
    Version { path: String, found: u32 },
    #[error(
        "{path}: the save was changed after it was written: {what} no longer match its digest; \
         it is not loaded, so as not to play another game than the one saved (a save written by \
         Musket needs no editing: load it and play on, or undo)"
    )]
    Digest { path: String, what: &'static str },
    #[error(
        "{path}: the save has no digest; a version {SAVE_VERSION} save carries one (was the line removed?)"
    )]
    NoDigest { path: String },
    #[error(
        "{path}: the save does not hold the rules it was played under (`sequence` and `tables`); a version 6 save carries both (was a field removed?)"
    )]
    NoRules { path: String },
    #[error("{path}: the scenario inside the save is invalid: {problem}")]
    Scenario { path: String, problem: String },
    #[error("{path}: {source}")]
    Rules {
        path: String,
        source: super::tables::RulesError,
    },
    #[error("{path}: the sequence of play it holds is not valid: {problem}")]
    Sequence { path: String, problem: String },
    #[error("{path}: command {index} of the log cannot be replayed: {source}")]
    Replay {
        path: String,
        index: usize,
        source: CommandError,
    },
}

/// A game played from a scenario, a seed and a log of commands: what everyone may read
/// ([`Record`], through `Deref`: `session.game`, `session.log`), changed only by its own
/// methods ([`Session::execute`], undo, reseed, seats), so every command the window, the
/// computer, turn files and the command line give goes through the one judge.
#[derive(Debug, Clone)]
pub struct Session {
    record: Record,
}

/// What a session holds, to read: `Session` derefs to it.
#[derive(Debug, Clone)]
pub struct Record {
    pub game: Game,
    /// What happened before the first command (the first initiative roll).
    pub opening: Vec<Event>,
    pub dice: Dice,
    pub seed: u64,
    pub log: Vec<Command>,
    /// Dice rolled so far after each command of the log.
    pub rolls_after: Vec<u64>,
    /// Dice rolled before the first command (the opening initiative roll).
    pub rolls_at_start: u64,
    /// Who plays each side (see [`SaveFile::players`]), kept through undo and saves.
    pub players: Option<Vec<String>>,
    /// Where the dice are seeded afresh: before the command at each log index, the generator
    /// restarts from the seed given (play by turn files, [`super::pbem`]: each hand-over's
    /// dice follow from both players' secrets). Empty in a game played from one seed.
    pub reseeds: Vec<(usize, u64)>,
}

impl std::ops::Deref for Session {
    type Target = Record;
    fn deref(&self) -> &Record {
        &self.record
    }
}

impl Session {
    pub fn new(scenario: Arc<Scenario>, rules: Arc<dyn Ruleset>, seed: u64) -> Self {
        let sequence = Arc::new(rules.sequence().clone());
        Session::with_sequence(scenario, rules, seed, sequence)
    }

    /// A session whose game follows `sequence` instead of its rule system's.
    pub fn with_sequence(
        scenario: Arc<Scenario>,
        rules: Arc<dyn Ruleset>,
        seed: u64,
        sequence: Arc<super::sequence::Sequence>,
    ) -> Self {
        let mut game = crate::rules::flow::new_game_with(scenario, rules, sequence);
        let mut dice = Dice::new(seed);
        // A game that begins on the initiative rolls it before the first command.
        let opening = super::flow::begin(&mut game, &mut dice);
        let rolls_at_start = dice.rolls();
        Session {
            record: Record {
                game,
                opening,
                dice,
                seed,
                log: Vec::new(),
                rolls_after: Vec::new(),
                rolls_at_start,
                players: None,
                reseeds: Vec::new(),
            },
        }
    }

    /// A session from a position set up by hand, with no log behind it (`musket resolve`'s
    /// one-off attack on a scenario's opening position): it cannot be saved as a replayable
    /// game, only played on.
    pub fn at_position(game: Game, seed: u64) -> Self {
        Session {
            record: Record {
                game,
                opening: Vec::new(),
                dice: Dice::new(seed),
                seed,
                log: Vec::new(),
                rolls_after: Vec::new(),
                rolls_at_start: 0,
                players: None,
                reseeds: Vec::new(),
            },
        }
    }

    /// The game as it stands, the session's record let go.
    pub fn into_game(self) -> Game {
        self.record.game
    }

    /// Who plays each side (kept in saves).
    pub fn set_players(&mut self, players: Option<Vec<String>>) {
        self.record.players = players;
    }

    /// How many of the last commands may be taken back: those after the last command that
    /// rolled dice (a die roll is never taken back).
    pub fn undoable(&self) -> usize {
        let mut before = self.record.rolls_at_start;
        let mut last_roll = None;
        for (i, r) in self.record.rolls_after.iter().enumerate() {
            if *r > before {
                last_roll = Some(i);
            }
            before = *r;
        }
        match last_roll {
            Some(i) => self.record.log.len() - (i + 1),
            None => self.record.log.len(),
        }
    }

    /// Seed the dice afresh from here on: the commands from the next one on roll from `seed`.
    /// Kept through undo (a reseed at or before the point undone to stays).
    pub fn reseed(&mut self, seed: u64) {
        let at = self.record.log.len();
        self.record.reseeds.retain(|(i, _)| *i != at);
        self.record.reseeds.push((at, seed));
        self.record.dice.reseed(seed);
    }

    /// Apply a command; on success it joins the log.
    pub fn execute(&mut self, cmd: Command) -> Result<Vec<Event>, CommandError> {
        let events = execute(&mut self.record.game, &cmd, &mut self.record.dice)?;
        self.record.log.push(cmd);
        self.record.rolls_after.push(self.record.dice.rolls());
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
        let sequence = Arc::new(rules.sequence().clone());
        Session::replay_with(scenario, rules, seed, sequence, commands)
    }

    /// [`Session::replay`] following `sequence`.
    pub fn replay_with(
        scenario: Arc<Scenario>,
        rules: Arc<dyn Ruleset>,
        seed: u64,
        sequence: Arc<super::sequence::Sequence>,
        commands: &[Command],
    ) -> Result<Session, (usize, CommandError)> {
        Session::replay_reseeded(scenario, rules, seed, sequence, commands, &[])
    }

    /// [`Session::replay_with`] with the dice seeded afresh where `reseeds` says (see
    /// [`Session::reseeds`]); a reseed at the log's end is kept for the next command.
    pub fn replay_reseeded(
        scenario: Arc<Scenario>,
        rules: Arc<dyn Ruleset>,
        seed: u64,
        sequence: Arc<super::sequence::Sequence>,
        commands: &[Command],
        reseeds: &[(usize, u64)],
    ) -> Result<Session, (usize, CommandError)> {
        let mut s = Session::with_sequence(scenario, rules, seed, sequence);
        let at = |s: &mut Session, i: usize| {
            for (_, seed) in reseeds.iter().filter(|(j, _)| *j == i) {
                s.reseed(*seed);
            }
        };
        for (i, c) in commands.iter().enumerate() {
            at(&mut s, i);
            s.execute(c.clone()).map_err(|e| (i, e))?;
        }
        at(&mut s, commands.len());
        Ok(s)
    }

    /// Take back the last `n` commands.
    pub fn undo(&mut self, n: usize) {
        let keep = self.record.log.len().saturating_sub(n);
        let log: Vec<Command> = self.record.log[..keep].to_vec();
        let reseeds: Vec<(usize, u64)> = self
            .reseeds
            .iter()
            .copied()
            .filter(|(i, _)| *i <= keep)
            .collect();
        // Replaying a prefix of a log that applied cannot fail.
        if let Ok(s) = Session::replay_reseeded(
            self.record.game.scenario.clone(),
            self.record.game.rules.clone(),
            self.record.seed,
            self.record.game.sequence.clone(),
            &log,
            &reseeds,
        ) {
            let players = self.record.players.take();
            *self = s;
            self.record.players = players;
        }
    }

    pub fn to_save(&self) -> SaveFile {
        let tables = self.record.game.rules.tables_in_use();
        SaveFile {
            version: SAVE_VERSION,
            seed: self.record.seed,
            digest: Some(Digest::of_game(
                &self.record.game.scenario.file,
                self.record.seed,
                &self.record.log,
                &self.record.reseeds,
                Some((&self.record.game.sequence, &tables)),
            )),
            scenario: self.record.game.scenario.file.clone(),
            sequence: Some((*self.record.game.sequence).clone()),
            tables: Some(tables),
            commands: self.record.log.clone(),
            reseeds: self.record.reseeds.clone(),
            players: self.record.players.clone(),
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
        if !(1..=SAVE_VERSION).contains(&save.version) {
            return Err(SaveError::Version {
                path: path.to_string(),
                found: save.version,
            });
        }
        check_digest(&save, path)?;
        let scenario = validate(save.scenario).map_err(|p| SaveError::Scenario {
            path: path.to_string(),
            problem: p
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        })?;
        // A version 6 save plays under the tables it holds; an older one under the loader's.
        let rules = match save.tables.as_deref().filter(|_| save.version >= 6) {
            Some(t) => super::registry::for_scenario_from_text(
                &scenario,
                t,
                &format!("{path} (the rules tables it holds)"),
            ),
            None => for_scenario(&scenario, overrides),
        }
        .map_err(|source| SaveError::Rules {
            path: path.to_string(),
            source,
        })?;
        let sequence = saved_sequence(save.sequence, save.version, &*rules, path)?;
        let mut s = Session::replay_reseeded(
            Arc::new(scenario),
            rules,
            save.seed,
            sequence,
            &save.commands,
            &save.reseeds,
        )
        .map_err(|(index, source)| SaveError::Replay {
            path: path.to_string(),
            index,
            source,
        })?;
        s.record.players = save.players;
        Ok(s)
    }

    pub fn load_file(path: &Path, overrides: &RulesOverrides) -> Result<Session, SaveError> {
        let text = std::fs::read_to_string(path).map_err(|source| SaveError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Session::load_save(&text, &path.display().to_string(), overrides)
    }
}

/// A save's digest checked against what it holds (a version 1 save has none: loaded
/// unchecked); a version 6 save's covers the rules it holds, which it must hold.
fn check_digest(save: &SaveFile, path: &str) -> Result<(), SaveError> {
    let d = match &save.digest {
        // Written before saves carried a digest: loaded unchecked.
        None if save.version == 1 => return Ok(()),
        None => {
            return Err(SaveError::NoDigest {
                path: path.to_string(),
            });
        }
        Some(d) => d,
    };
    let rules = match (&save.sequence, &save.tables) {
        (Some(seq), Some(t)) if save.version >= 6 => Some((seq, t.as_str())),
        _ if save.version >= 6 => {
            return Err(SaveError::NoRules {
                path: path.to_string(),
            });
        }
        _ => None,
    };
    let want = Digest::of_game(
        &save.scenario,
        save.seed,
        &save.commands,
        &save.reseeds,
        rules,
    );
    let what = if want.scenario != d.scenario {
        Some("the scenario it holds does")
    } else if want.log != d.log && rules.is_some() {
        Some("the seed, the command log, the sequence of play and the rules tables do")
    } else if want.log != d.log {
        Some("the seed and the command log do")
    } else {
        None
    };
    match what {
        Some(what) => Err(SaveError::Digest {
            path: path.to_string(),
            what,
        }),
        None => Ok(()),
    }
}

/// The sequence of play a save of `version` is replayed under: the one it holds (valid, and
/// for versions 3 to 5 one Musket shipped), else its rule system's (version 3 on), else the
/// generic turn of the games played before sequences existed.
fn saved_sequence(
    saved: Option<super::sequence::Sequence>,
    version: u32,
    rules: &dyn Ruleset,
    path: &str,
) -> Result<Arc<super::sequence::Sequence>, SaveError> {
    Ok(match saved {
        Some(seq) => {
            let problems = seq.problems();
            if let Some((at, why)) = problems.first() {
                return Err(SaveError::Sequence {
                    path: path.to_string(),
                    problem: format!("{at}: {why}"),
                });
            }
            if version < 6 {
                unshipped_sequence(&seq, rules).map_err(|problem| SaveError::Sequence {
                    path: path.to_string(),
                    problem,
                })?;
            }
            Arc::new(seq)
        }
        None if version >= 3 => Arc::new(rules.sequence().clone()),
        // Played before sequences existed.
        None => Arc::new(super::sequence::generic()),
    })
}

/// A save of versions 3 to 5 holds its sequence of play outside its digest: it is taken only
/// if Musket wrote it, as a rule system's built-in sequence of some version
/// ([`super::sequence::history`]), the generic one, or the sequence of the tables it is loaded
/// with (a game played with a player's own rules file loads with that file). Otherwise it was
/// edited: the error says where it differs from the built-in one.
fn unshipped_sequence(seq: &super::sequence::Sequence, rules: &dyn Ruleset) -> Result<(), String> {
    let d = super::sequence::digest(seq);
    let known = d == super::sequence::digest(rules.sequence())
        || d == super::sequence::digest(&super::sequence::generic())
        || super::sequence::history()
            .iter()
            .any(|(id, h)| id == rules.id().as_str() && *h == d);
    if known {
        return Ok(());
    }
    let json = |s: &super::sequence::Sequence| serde_json::to_value(s).unwrap_or_default();
    let changes = super::tables::differences(&json(seq), &json(rules.sequence()), 6);
    Err(format!(
        "it is not a sequence Musket has written for {} (the save was edited, and its digest \
         does not cover the sequence in a version 5 save): it differs from the current one at {}; \
         a game played with your own rules file loads with that file (--rules FILE)",
        rules.id(),
        changes.join("; ")
    ))
}

/// Write a file atomically: a temporary file beside it, then a rename, so a crash never leaves
/// a half-written file and the previous version stays whole until the new one replaces it.
/// No temporary file is left behind when a step fails; one left by a process killed mid-write
/// is removed by the next write of the same file.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    write_atomic_with(path, |f| f.write_all(text.as_bytes()))
}

/// [`write_atomic`] with the writing step given (`write` fills the temporary file).
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "save".into());
    remove_stale_temps(dir, &name);
    let tmp = dir.join(temp_name(&name, std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        write(&mut f)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The temporary file of a write of `name` by process `pid`.
fn temp_name(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.tmp")
}

/// Remove the temporary files of earlier writes of `name` whose process is gone (killed
/// mid-write). Where liveness cannot be told (not Linux), a temporary file older than an hour
/// is taken as abandoned.
fn remove_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    let me = std::process::id();
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let gone = if cfg!(target_os = "linux") {
            !Path::new(&format!("/proc/{pid}")).exists()
        } else {
            e.metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600)
        };
        if gone {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
