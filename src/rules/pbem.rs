//! Play by e-mail: turn files that the rules verify, and dice neither player controls.
//!
//! A game played by turn files is a chain of **entries**, one per hand-over, written in turn by
//! the two players: entry 0 by the player who starts the game (the *starter*), entry 1 by the
//! other, entry 2 by the starter, and so on. An entry holds the commands its writer played since
//! the entry before (while it was their side's move), the writer's dice secrets (below) and a
//! digest that chains it to every entry before it. A **turn file** is the scenario, its
//! sequence of play, the rules tables the game is played under (version 2) and every entry so
//! far, so it verifies on its own; `docs/pbem.md` is the player's description of the protocol.
//!
//! ## The rules both play by
//!
//! The starter's rules (the built-in tables, or a player's `--rules` file) go into the header
//! and its digest; every verifier replays under them, not its own. Where they differ from the
//! rule system's built-in rules, [`Verified::rule_changes`] lists the fields, and the receiver
//! is shown them before accepting ("this game uses rules that differ from the built-in gcacw:
//! …"; `musket turn verify` exits 3 unless `--accept-rules`). A version 1 file (no tables)
//! replays under the verifier's tables and its own sequence, whose changes are listed the same
//! way.
//!
//! ## Dice: commit and reveal
//!
//! Each player's Musket keeps one random 32-byte **master secret** per game ([`Secret`]); from
//! it, for each entry k it writes, two values: `x_k` (kept hidden until entry k+2) and `y_k`
//! (published at once). Entry k carries
//!
//! - `commit`: BLAKE3 of `x_k` (with the game id and k), a promise of a value not yet shown;
//! - `offer`: `y_k` in the clear;
//! - `reveal` (k >= 2): `x_{k-2}`, which must match the commitment of entry k-2.
//!
//! The dice of the commands of entry k (and, for entry 2, the rolls before the first command)
//! come from the game's portable generator ([`super::dice::Dice`]) seeded with
//! [`dice_seed`] of `x_{k-2}` (the writer's, committed two entries earlier) and `y_{k-1}` (the
//! other player's, published in the entry just received). `x_{k-2}` was fixed before `y_{k-1}`
//! was chosen and `y_{k-1}` was chosen without knowing `x_{k-2}`, so neither player chooses a
//! die; a player who restarts from the received file has the same two values, so the same
//! commands roll the same numbers (no re-roll by reloading). Entries 0 and 1 are the handshake:
//! no commands, as no dice can be rolled before both players have spoken.
//!
//! What this does not stop (`docs/pbem.md`): the writer of entry k knows both values before it
//! acts, so a modified client can show its coming rolls; and a player may stop answering.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::validate;
use super::order::Command;
use super::registry::{RulesOverrides, for_scenario};
use super::ruleset::Ruleset;
use super::scenario::{Scenario, ScenarioFile, from_ron, ron_options};
use super::sequence::Sequence;
use super::session::{Digest, SaveFile, Session};
use super::unit::SideId;

/// The turn-file format written. Version 2 carries the rules tables (`tables`); version 1
/// files (without) are still read.
pub const TURN_VERSION: u32 = 2;
/// What a turn file's `format` field says.
pub const FORMAT: &str = "musket turn file";
/// The ending of a turn file's name.
pub const EXTENSION: &str = ".musket-turn.ron";

/// A turn file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnFile {
    /// Always [`FORMAT`]: tells a turn file from a save.
    pub format: String,
    pub version: u32,
    /// The game's id: 32 hex digits chosen by the starter. Every digest and secret of the game
    /// is bound to it, so nothing carries over from another game.
    pub game: String,
    /// BLAKE3 of the scenario (as in saves: its fields, not its layout).
    pub scenario_digest: String,
    pub scenario: ScenarioFile,
    /// The sequence of play the game follows, whole (as in saves).
    pub sequence: Sequence,
    /// The rule system's tables the game is played under, as canonical RON (version 2 on;
    /// [`super::ruleset::Ruleset::tables_in_use`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<String>,
    /// The side the starter plays (the writer of the even entries).
    pub starter: String,
    pub entries: Vec<Entry>,
}

/// One hand-over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Its place in the chain, from 0.
    pub number: u32,
    /// The side of its writer.
    pub from: String,
    /// The commands its writer played since the entry before.
    pub commands: Vec<Command>,
    /// The writer's hidden value of entry `number - 2` (from entry 2 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<String>,
    /// The writer's published value (for the dice of the next entry).
    pub offer: String,
    /// The commitment to the writer's hidden value of this entry.
    pub commit: String,
    /// Whose move it is after this entry, or `game over`.
    pub to_move: String,
    /// BLAKE3 over the digest of the entry before (or the game's header) and this entry.
    pub digest: String,
}

/// What `to_move` says once the game has ended.
pub const GAME_OVER: &str = "game over";

/// A player's master secret for one game.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Secret {
    /// A fresh secret from the operating system's generator.
    pub fn random() -> Result<Secret, String> {
        Ok(Secret(hex(&random_bytes()?)))
    }

    /// A secret that follows from `words` (headless play and tests: anyone who knows the words
    /// knows the secret, so it protects nothing).
    pub fn derived(words: &str) -> Secret {
        Secret(hex(&blake3::derive_key(
            "musket pbem 1 derived secret",
            words.as_bytes(),
        )))
    }

    fn value(&self, game: &str, kind: &str, k: u32) -> String {
        let mut h = blake3::Hasher::new_derive_key("musket pbem 1 value");
        h.update(self.0.as_bytes());
        h.update(game.as_bytes());
        h.update(kind.as_bytes());
        h.update(&k.to_le_bytes());
        h.finalize().to_hex().to_string()
    }

    /// The hidden value `x_k`.
    pub fn hidden(&self, game: &str, k: u32) -> String {
        self.value(game, "hidden", k)
    }

    /// The published value `y_k`.
    pub fn offer(&self, game: &str, k: u32) -> String {
        self.value(game, "offer", k)
    }
}

fn random_bytes() -> Result<[u8; 32], String> {
    use rand::TryRng;
    let mut b = [0u8; 32];
    rand::rngs::SysRng
        .try_fill_bytes(&mut b)
        .map_err(|e| format!("the operating system gave no random numbers: {e}"))?;
    Ok(b)
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A new game id (32 hex digits).
pub fn new_game_id() -> Result<String, String> {
    Ok(hex(&random_bytes()?[..16]))
}

/// The commitment to hidden value `x` of entry `k`.
pub fn commitment(game: &str, k: u32, x: &str) -> String {
    let mut h = blake3::Hasher::new_derive_key("musket pbem 1 commitment");
    h.update(game.as_bytes());
    h.update(&k.to_le_bytes());
    h.update(x.as_bytes());
    h.finalize().to_hex().to_string()
}

/// The seed of the dice of entry `k`: from the writer's hidden value of entry k-2 and the other
/// player's published value of entry k-1. The first 8 bytes of a BLAKE3 hash, little-endian.
pub fn dice_seed(game: &str, k: u32, hidden: &str, offer: &str) -> u64 {
    let mut h = blake3::Hasher::new_derive_key("musket pbem 1 dice");
    h.update(game.as_bytes());
    h.update(&k.to_le_bytes());
    h.update(hidden.as_bytes());
    h.update(offer.as_bytes());
    let b = h.finalize();
    u64::from_le_bytes(b.as_bytes()[..8].try_into().unwrap_or([0; 8]))
}

/// The digest the chain starts from: the game id, the scenario digest, the sequence, the rules
/// tables (version 2) and the starter's side.
pub fn header_digest(f: &TurnFile) -> String {
    let mut h = match &f.tables {
        None => blake3::Hasher::new_derive_key("musket pbem 1 header"),
        Some(t) => {
            let mut h = blake3::Hasher::new_derive_key("musket pbem 2 header");
            h.update(&(t.len() as u64).to_le_bytes());
            h.update(t.as_bytes());
            h
        }
    };
    h.update(f.game.as_bytes());
    h.update(f.scenario_digest.as_bytes());
    h.update(canonical(&f.sequence).as_bytes());
    h.update(f.starter.as_bytes());
    h.finalize().to_hex().to_string()
}

/// The chain digest of `e` after `before`.
pub fn entry_digest(before: &str, e: &Entry) -> String {
    let mut body = e.clone();
    body.digest = String::new();
    let mut h = blake3::Hasher::new_derive_key("musket pbem 1 entry");
    h.update(before.as_bytes());
    h.update(canonical(&body).as_bytes());
    h.finalize().to_hex().to_string()
}

fn canonical<T: Serialize>(v: &T) -> String {
    ron_options().to_string(v).unwrap_or_default()
}

/// Why a turn file is refused: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {problem}")]
pub struct TurnError {
    pub path: String,
    /// What kind of failure: `read`, `format`, `scenario`, `rules`, `digest`, `commitment`,
    /// `command`, `turn`, `history`, `secret`.
    pub kind: &'static str,
    pub problem: String,
}

/// A turn file that passed every check, with the game replayed to its end.
#[derive(Clone, Debug)]
pub struct Verified {
    pub file: TurnFile,
    pub scenario: Arc<Scenario>,
    pub rules: Arc<dyn Ruleset>,
    pub sequence: Arc<Sequence>,
    /// The game after every entry (none before entry 2: no dice can be rolled before).
    pub session: Option<Session>,
    /// The log length before the last entry's commands.
    pub before_last: usize,
    /// Where the rules the game is played under differ from the rule system's built-in ones,
    /// one line per field ([`super::registry::changes_from_builtin`]); empty: the built-in rules.
    pub rule_changes: Vec<String>,
}

impl Verified {
    /// The number of the next entry.
    pub fn next_number(&self) -> u32 {
        self.file.entries.len() as u32
    }

    /// The side that writes the next entry.
    pub fn next_writer(&self) -> SideId {
        writer(&self.scenario, &self.file.starter, self.next_number())
    }

    /// Whose move it is (None: the game is over, or not yet begun: see [`Verified::next_writer`]).
    pub fn to_move(&self) -> Option<SideId> {
        match &self.session {
            Some(s) if s.game.is_over() => None,
            Some(s) => Some(s.game.active_side),
            None => Some(self.next_writer()),
        }
    }

    pub fn is_over(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.game.is_over())
    }

    /// One line: which entry, whose move, how many commands the last entry added.
    pub fn summary(&self) -> String {
        let last = self.file.entries.last();
        let added = last.map_or(0, |e| e.commands.len());
        let turn = self
            .session
            .as_ref()
            .map(|s| format!("game turn {}", s.game.turn))
            .unwrap_or_else(|| "before the first turn".into());
        let to_move = match (self.is_over(), &self.session) {
            (true, _) => "the game is over".to_string(),
            (false, Some(s)) => format!("{} to move", self.scenario.side_name(s.game.active_side)),
            (false, None) => format!(
                "{} writes the next entry",
                self.scenario.side_name(self.next_writer())
            ),
        };
        format!(
            "{}: turn file {} of game {} (started by {}), {turn}, {to_move}; {} added {added} command{}",
            self.scenario.title,
            self.file.entries.len().saturating_sub(1),
            &self.file.game[..8.min(self.file.game.len())],
            self.file.starter,
            last.map_or("nobody", |e| e.from.as_str()),
            if added == 1 { "" } else { "s" }
        )
    }
}

/// The side that writes entry `k`.
fn writer(sc: &Scenario, starter: &str, k: u32) -> SideId {
    let s = sc.side_by_name(starter).unwrap_or(SideId(0));
    if k.is_multiple_of(2) {
        s
    } else {
        SideId(1 - s.0.min(1))
    }
}

/// Read a turn file's text (nothing checked but its form).
pub fn parse(text: &str, path: &str) -> Result<TurnFile, TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    if text.trim().is_empty() {
        return Err(err("format", "the file is empty".into()));
    }
    match from_ron::<TurnFile>(text) {
        Ok(f) => Ok(f),
        Err(e) => {
            if from_ron::<SaveFile>(text).is_ok() {
                return Err(err(
                    "format",
                    "this is a saved game, not a turn file (open it with Load game)".into(),
                ));
            }
            let cut =
                e.message.contains("Unexpected end") || e.message.to_lowercase().contains("eof");
            Err(err(
                "format",
                format!(
                    "line {}, column {}: {}{}",
                    e.line,
                    e.col,
                    e.message,
                    if cut {
                        " (the file ends too early: was it cut short in sending?)"
                    } else {
                        ""
                    }
                ),
            ))
        }
    }
}

/// Read and verify a turn file on disk.
pub fn verify_file(path: &Path, ov: &RulesOverrides) -> Result<Verified, TurnError> {
    let p = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| TurnError {
        path: p.clone(),
        kind: "read",
        problem: format!("cannot read it: {e}"),
    })?;
    verify(parse(&text, &p)?, &p, ov)
}

fn is_hex(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Verify a turn file: its form and version, the scenario against its digest, the digest
/// chain, every commitment against its reveal, and every command replayed through the rules
/// (`validate`, then `apply`) with the dice that follow from the secrets, each played while it
/// was its writer's move, each entry handing the move over.
pub fn verify(file: TurnFile, path: &str, ov: &RulesOverrides) -> Result<Verified, TurnError> {
    check_form(&file, path)?;
    let (scenario, rules) = game_of(&file, path, ov)?;
    let scenario = Arc::new(scenario);
    let sequence = Arc::new(file.sequence.clone());
    check_chain(&file, &scenario, path)?;
    let (session, before_last) = replay(&file, &scenario, &rules, &sequence, path)?;
    check_handshake(&file, &scenario, path)?;
    let rule_changes = super::registry::changes_from_builtin(&*rules, &sequence);
    Ok(Verified {
        file,
        scenario,
        rules,
        sequence,
        session,
        before_last,
        rule_changes,
    })
}

impl TurnError {
    fn new(path: &str, kind: &'static str, problem: String) -> TurnError {
        TurnError {
            path: path.to_string(),
            kind,
            problem,
        }
    }
}

/// The file's form: a turn file, of a version this program reads, with the tables its version
/// carries, a game id, and the scenario its digest names.
fn check_form(file: &TurnFile, path: &str) -> Result<(), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    if file.format != FORMAT {
        return Err(err(
            "format",
            format!(
                "`format` is {:?}, not {FORMAT:?}: not a turn file",
                file.format
            ),
        ));
    }
    if !(1..=TURN_VERSION).contains(&file.version) {
        return Err(err(
            "format",
            format!(
                "turn file version {} is not supported (this program reads versions 1 to {TURN_VERSION})",
                file.version
            ),
        ));
    }
    match (&file.tables, file.version) {
        (None, 2..) => {
            return Err(err(
                "format",
                "it holds no `tables`: a version 2 turn file carries the rules it is played under"
                    .into(),
            ));
        }
        (Some(_), 1) => {
            return Err(err(
                "format",
                "a version 1 turn file holds no `tables` (was the version changed?)".into(),
            ));
        }
        _ => {}
    }
    if file.game.len() != 32 || !file.game.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(err(
            "format",
            "`game` is not a game id (32 hex digits)".into(),
        ));
    }
    let want = Digest::of(&file.scenario, 0, &[]).scenario;
    if want != file.scenario_digest {
        return Err(err(
            "digest",
            "the scenario it holds does not match its `scenario_digest` (the scenario was changed)"
                .into(),
        ));
    }
    Ok(())
}

/// The game the file holds: its scenario (valid, with a last turn), the rules it is played
/// under, a valid sequence of play, a starter who is a side, and at least one entry.
fn game_of(
    file: &TurnFile,
    path: &str,
    ov: &RulesOverrides,
) -> Result<(Scenario, Arc<dyn Ruleset>), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    let scenario = super::registry::validate_scenario(file.scenario.clone()).map_err(|p| {
        err(
            "scenario",
            format!(
                "the scenario inside is invalid: {}",
                p.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        )
    })?;
    if scenario.turns.is_none() {
        return Err(err(
            "scenario",
            "the scenario has no last turn (`turns`): it is a position to study, not a game".into(),
        ));
    }
    // The rules the starter wrote into the file (version 2), else the verifier's own.
    let rules = match &file.tables {
        Some(t) => super::registry::for_scenario_from_text(&scenario, t, "the file's rules tables")
            .map_err(|e| err("rules", e.to_string()))?,
        None => for_scenario(&scenario, ov).map_err(|e| err("scenario", e.to_string()))?,
    };
    if let Some((at, why)) = file.sequence.problems().first() {
        return Err(err(
            "scenario",
            format!("the sequence of play it holds is not valid: {at}: {why}"),
        ));
    }
    if scenario.side_by_name(&file.starter).is_none() {
        return Err(err(
            "format",
            format!("`starter` {:?} is not a side of the scenario", file.starter),
        ));
    }
    if file.entries.is_empty() {
        return Err(err("format", "it has no entries".into()));
    }
    Ok((scenario, rules))
}

/// The chain, the writers and the secrets' form: each entry in its place, from its writer,
/// matching its digest, its values hex, revealing what it committed to.
fn check_chain(file: &TurnFile, scenario: &Scenario, path: &str) -> Result<(), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    let mut before = header_digest(file);
    for (k, e) in file.entries.iter().enumerate() {
        let k32 = k as u32;
        let at = format!("entry {k}");
        if e.number != k32 {
            return Err(err("format", format!("{at} is numbered {}", e.number)));
        }
        let w = scenario.side_name(writer(scenario, &file.starter, k32));
        if e.from != w {
            return Err(err(
                "format",
                format!("{at} says it is from {:?}; it is {w}'s to write", e.from),
            ));
        }
        if entry_digest(&before, e) != e.digest {
            return Err(err(
                "digest",
                format!(
                    "{at} (from {}) does not match its digest: it was changed after it was written",
                    e.from
                ),
            ));
        }
        check_secrets(file, k, e, &at, path)?;
        if k < 2 && !e.commands.is_empty() {
            return Err(err(
                "turn",
                format!(
                    "{at} holds commands; no dice can be rolled before entry 2, so the first two entries hold none"
                ),
            ));
        }
        before = e.digest.clone();
    }
    Ok(())
}

/// Entry `k`'s values: each 64 lowercase hex digits, and a reveal (from entry 2 on, none
/// before) that matches the commitment of entry k-2.
fn check_secrets(
    file: &TurnFile,
    k: usize,
    e: &Entry,
    at: &str,
    path: &str,
) -> Result<(), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    for (name, v) in [
        ("offer", Some(&e.offer)),
        ("commit", Some(&e.commit)),
        ("reveal", e.reveal.as_ref()),
    ] {
        if let Some(v) = v
            && !is_hex(v)
        {
            return Err(err(
                "format",
                format!("{at}: `{name}` is not 64 lowercase hex digits"),
            ));
        }
    }
    match (&e.reveal, k >= 2) {
        (Some(_), false) => Err(err(
            "format",
            format!("{at} reveals a value; entries 0 and 1 have none to reveal"),
        )),
        (None, true) => Err(err(
            "commitment",
            format!("{at} reveals no value for entry {}", k - 2),
        )),
        (Some(x), true)
            if commitment(&file.game, k as u32 - 2, x) != file.entries[k - 2].commit =>
        {
            Err(err(
                "commitment",
                format!(
                    "{at}: the value it reveals does not match the commitment of entry {} (its dice would not be the ones promised)",
                    k - 2
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// The replay of the entries from 2 on, each with its dice: the game after the last, and the
/// log length before the last entry's commands.
fn replay(
    file: &TurnFile,
    scenario: &Arc<Scenario>,
    rules: &Arc<dyn Ruleset>,
    sequence: &Arc<Sequence>,
    path: &str,
) -> Result<(Option<Session>, usize), TurnError> {
    let mut session: Option<Session> = None;
    let mut before_last = 0;
    for (k, e) in file.entries.iter().enumerate().skip(2) {
        let seed = dice_seed(
            &file.game,
            k as u32,
            e.reveal.as_deref().unwrap_or(""),
            &file.entries[k - 1].offer,
        );
        let s = match session.as_mut() {
            Some(s) => {
                s.reseed(seed);
                s
            }
            None => session.insert(Session::with_sequence(
                scenario.clone(),
                rules.clone(),
                seed,
                sequence.clone(),
            )),
        };
        before_last = s.log.len();
        replay_entry(s, file, scenario, k, e, path)?;
    }
    Ok((session, before_last))
}

/// Entry `k`'s commands played on `s`, each while it is the writer's move and as the rules
/// allow; then the move handed over, to whom the entry says.
fn replay_entry(
    s: &mut Session,
    file: &TurnFile,
    scenario: &Scenario,
    k: usize,
    e: &Entry,
    path: &str,
) -> Result<(), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    let me = writer(scenario, &file.starter, k as u32);
    for (i, c) in e.commands.iter().enumerate() {
        let at = format!(
            "entry {k} (from {}), command {} ({})",
            e.from,
            i + 1,
            describe(c)
        );
        if s.game.is_over() {
            return Err(err("turn", format!("{at}: the game is already over")));
        }
        if s.game.active_side != me {
            return Err(err(
                "turn",
                format!(
                    "{at}: played while it was {}'s move",
                    scenario.side_name(s.game.active_side)
                ),
            ));
        }
        validate(&s.game, c)
            .map_err(|e| err("command", format!("{at}: the rules refuse it: {e}")))?;
        s.execute(c.clone())
            .map_err(|e| err("command", format!("{at}: the rules refuse it: {e}")))?;
    }
    let now = if s.game.is_over() {
        GAME_OVER.to_string()
    } else {
        scenario.side_name(s.game.active_side).to_string()
    };
    if !s.game.is_over() && s.game.active_side == me {
        return Err(err(
            "turn",
            format!(
                "entry {k} (from {}) ends while it is still {}'s move: it does not hand the move over",
                e.from, e.from
            ),
        ));
    }
    if e.to_move != now {
        return Err(err(
            "turn",
            format!(
                "entry {k} says {:?} is to move; after its commands it is {now:?}",
                e.to_move
            ),
        ));
    }
    Ok(())
}

/// Entries 0 and 1 say whose move follows: the next writer.
fn check_handshake(file: &TurnFile, scenario: &Scenario, path: &str) -> Result<(), TurnError> {
    for (k, e) in file.entries.iter().enumerate().take(2) {
        let next = scenario.side_name(writer(scenario, &file.starter, k as u32 + 1));
        if e.to_move != next {
            return Err(TurnError::new(
                path,
                "turn",
                format!(
                    "entry {k} says {:?} is to move; it is {next}'s entry next",
                    e.to_move
                ),
            ));
        }
    }
    Ok(())
}

/// A command as the log names it.
fn describe(c: &Command) -> String {
    let t = canonical(c);
    if t.len() > 80 {
        format!(
            "{}…",
            &t[..t.char_indices().nth(79).map_or(t.len(), |(i, _)| i)]
        )
    } else {
        t
    }
}

/// Check a new file against the previous one of the same game: same game, same scenario, and
/// its entries begin with exactly the previous file's.
pub fn check_previous(new: &Verified, prev: &Verified, path: &str) -> Result<(), TurnError> {
    let err = |kind, problem| TurnError::new(path, kind, problem);
    if new.file.game != prev.file.game {
        return Err(err(
            "history",
            format!(
                "it belongs to another game ({}) than the previous file ({})",
                &new.file.game[..8],
                &prev.file.game[..8.min(prev.file.game.len())]
            ),
        ));
    }
    if new.file.scenario_digest != prev.file.scenario_digest {
        // Drafts imported from two versions of a VASSAL module say so.
        let modules = match (&new.file.scenario.module, &prev.file.scenario.module) {
            (Some(n), Some(p)) if n.digest != p.digest => format!(
                ": imported from the module {}, the previous file's from {}",
                n.describe(),
                p.describe()
            ),
            _ => String::new(),
        };
        return Err(err(
            "history",
            format!(
                "its scenario is not the previous file's (another version of the scenario){modules}"
            ),
        ));
    }
    if new.file.sequence != prev.file.sequence
        || new.file.tables != prev.file.tables
        || new.file.starter != prev.file.starter
    {
        return Err(err(
            "history",
            "its game header is not the previous file's".into(),
        ));
    }
    let n = prev.file.entries.len();
    if new.file.entries.len() <= n {
        return Err(err(
            "history",
            format!(
                "it adds nothing to the previous file ({} entries, the previous has {n})",
                new.file.entries.len()
            ),
        ));
    }
    if let Some(k) = (0..n).find(|&k| new.file.entries[k] != prev.file.entries[k]) {
        return Err(err(
            "history",
            format!("entry {k} differs from the previous file's: the history was rewritten"),
        ));
    }
    Ok(())
}

/// Start a game: entry 0, written by the player of `side` (the starter), played under `rules`
/// (its tables go into the file, [`super::ruleset::Ruleset::tables_in_use`]) and `sequence`.
pub fn start(
    scenario: &ScenarioFile,
    rules: &dyn Ruleset,
    sequence: &Sequence,
    side: &str,
    game: &str,
    secret: &Secret,
) -> TurnFile {
    let mut f = TurnFile {
        format: FORMAT.into(),
        version: TURN_VERSION,
        game: game.to_string(),
        scenario_digest: Digest::of(scenario, 0, &[]).scenario,
        scenario: scenario.clone(),
        sequence: sequence.clone(),
        tables: Some(rules.tables_in_use()),
        starter: side.to_string(),
        entries: Vec::new(),
    };
    let other = {
        let names: Vec<&str> = scenario.sides.iter().map(|s| s.as_str()).collect();
        names
            .iter()
            .find(|n| **n != side)
            .copied()
            .unwrap_or("")
            .to_string()
    };
    push_entry(&mut f, side, Vec::new(), secret, other);
    f
}

fn push_entry(
    f: &mut TurnFile,
    from: &str,
    commands: Vec<Command>,
    secret: &Secret,
    to_move: String,
) {
    let k = f.entries.len() as u32;
    let before = f
        .entries
        .last()
        .map(|e| e.digest.clone())
        .unwrap_or_else(|| header_digest(f));
    let mut e = Entry {
        number: k,
        from: from.to_string(),
        commands,
        reveal: (k >= 2).then(|| secret.hidden(&f.game, k - 2)),
        offer: secret.offer(&f.game, k),
        commit: commitment(&f.game, k, &secret.hidden(&f.game, k)),
        to_move,
        digest: String::new(),
    };
    e.digest = entry_digest(&before, &e);
    f.entries.push(e);
}

/// The game as the next writer plays it: the verified game with the dice of the next entry
/// (from `secret`, which must be the one the writer committed with). Entries 0 and 1 have no
/// game yet: None.
pub fn session_for_next(v: &Verified, secret: &Secret) -> Result<Option<Session>, TurnError> {
    let k = v.next_number();
    if k < 2 {
        return Ok(None);
    }
    let game = &v.file.game;
    let x = secret.hidden(game, k - 2);
    if commitment(game, k - 2, &x) != v.file.entries[k as usize - 2].commit {
        return Err(TurnError {
            path: "this computer's secret".into(),
            kind: "secret",
            problem: format!(
                "it does not match what {} committed to in entry {} (the game was started on another computer, or its secret was lost)",
                v.scenario.side_name(v.next_writer()),
                k - 2
            ),
        });
    }
    let seed = dice_seed(game, k, &x, &v.file.entries[k as usize - 1].offer);
    Ok(Some(match &v.session {
        Some(s) => {
            let mut s = s.clone();
            s.reseed(seed);
            s
        }
        None => Session::with_sequence(
            v.scenario.clone(),
            v.rules.clone(),
            seed,
            v.sequence.clone(),
        ),
    }))
}

/// The next turn file: the verified one with an entry for the commands played on `session`
/// (the game [`session_for_next`] gave, played on) since it was received.
pub fn reply(v: &Verified, session: Option<&Session>, secret: &Secret) -> TurnFile {
    let mut f = v.file.clone();
    let me = v.next_writer();
    let from = v.scenario.side_name(me).to_string();
    let have = v.session.as_ref().map_or(0, |s| s.log.len());
    let (commands, to_move) = match session {
        Some(s) => (
            s.log[have.min(s.log.len())..].to_vec(),
            if s.game.is_over() {
                GAME_OVER.to_string()
            } else {
                v.scenario.side_name(s.game.active_side).to_string()
            },
        ),
        None => (
            Vec::new(),
            v.scenario.side_name(SideId(1 - me.0.min(1))).to_string(),
        ),
    };
    push_entry(&mut f, &from, commands, secret, to_move);
    f
}

/// A turn file as text (pretty RON).
pub fn to_text(f: &TurnFile) -> String {
    let cfg = ron::ser::PrettyConfig::new().depth_limit(4);
    ron_options().to_string_pretty(f, cfg).unwrap_or_default()
}

/// The conventional name of entry `k`'s file: `SCENARIO-turn-007-Union.musket-turn.ron`.
pub fn file_name(scenario_title: &str, k: u32, from: &str) -> String {
    let slug = |s: &str| {
        let mut out = String::new();
        for ch in s.chars().filter(|c| !matches!(c, '\'' | '\u{2019}')) {
            if ch.is_ascii_alphanumeric() {
                out.push(ch.to_ascii_lowercase());
            } else if !out.ends_with('-') && !out.is_empty() {
                out.push('-');
            }
        }
        out.trim_end_matches('-').to_string()
    };
    format!(
        "{}-turn-{k:03}-{}{EXTENSION}",
        slug(scenario_title),
        slug(from)
    )
}

/// Two players exchanging turn files in one process (headless play, tests): the starter
/// (`starter`) writes entry 0; then each in turn receives the other's file, verifies it on its
/// own and against the one before it, plays its side's move with `play` (called with the game
/// while it is that side's move) and writes the next. `sent` sees each file as it is written,
/// verified. Ends when the game is over (the file that ends it is the last) or after
/// `max_entries`.
#[allow(clippy::too_many_arguments)]
pub fn exchange(
    scenario: &ScenarioFile,
    sequence: &Sequence,
    starter: &str,
    game: &str,
    secrets: [&Secret; 2],
    ov: &RulesOverrides,
    max_entries: u32,
    mut play: impl FnMut(&mut Session),
    mut sent: impl FnMut(&Verified) -> Result<(), TurnError>,
) -> Result<Verified, TurnError> {
    let secret = |side: SideId| secrets[(side.0 as usize).min(1)];
    // The starter's secret by its side's place in the scenario (`verify` checks the rest).
    let first = scenario
        .sides
        .iter()
        .position(|s| s == starter)
        .unwrap_or(0);
    let unknown = || super::tables::RulesError::Unknown(scenario.ruleset.clone());
    let rules = super::registry::id(&scenario.ruleset)
        .ok_or_else(unknown)
        .and_then(|id| super::registry::for_id(id, ov))
        .map_err(|e| TurnError {
            path: "the starter's rules".into(),
            kind: "rules",
            problem: e.to_string(),
        })?;
    let f = start(
        scenario,
        &*rules,
        sequence,
        starter,
        game,
        secrets[first.min(1)],
    );
    let name = |k: u32| format!("turn file {k}");
    let mut v = verify(f, &name(0), ov)?;
    sent(&v)?;
    while !v.is_over() && v.next_number() < max_entries {
        let me = v.next_writer();
        let mut s = session_for_next(&v, secret(me))?;
        if let Some(s) = s.as_mut() {
            let mut guard = 0;
            while !s.game.is_over() && s.game.active_side == me && guard < 10_000 {
                let n = s.log.len();
                play(s);
                guard += 1;
                if s.log.len() == n && s.game.active_side == me && !s.game.is_over() {
                    // The player did nothing: its move ends.
                    let _ = s.execute(Command::EndTurn);
                }
            }
        }
        let f = reply(&v, s.as_ref(), secret(me));
        let next = verify(f, &name(v.next_number()), ov)?;
        check_previous(&next, &v, &name(next.file.entries.len() as u32 - 1))?;
        sent(&next)?;
        v = next;
    }
    Ok(v)
}

/// What a player's Musket keeps of a game played by turn files (a file per game in its data
/// folder, `pbem/GAME.ron`): the side it plays, its master secret, and the last file it sent
/// (its entry number and digest, so the reply must carry it unchanged).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    pub game: String,
    pub side: String,
    pub secret: Secret,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent: Option<(u32, String)>,
    /// The rules this player accepted for the game, where they differ from the built-in ones
    /// ([`rules_key`] of the file's header): asked once, not at every file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted_rules: Option<String>,
}

/// What identifies the rules of a game by files: BLAKE3 of its sequence and its tables (the
/// receiver accepts these, once, where they differ from the built-in rules).
pub fn rules_key(f: &TurnFile) -> String {
    let mut h = blake3::Hasher::new_derive_key("musket pbem rules");
    h.update(canonical(&f.sequence).as_bytes());
    h.update(f.tables.as_deref().unwrap_or("").as_bytes());
    h.finalize().to_hex().to_string()
}

/// The line a receiver is shown before accepting a game whose rules differ from the built-in
/// ones (`None`: the built-in rules).
pub fn rules_warning(v: &Verified) -> Option<String> {
    (!v.rule_changes.is_empty()).then(|| {
        format!(
            "this game uses rules that differ from the built-in {}: {}",
            v.rules.id(),
            v.rule_changes.join("; ")
        )
    })
}

/// Where the kept state of `game` lives in `dir`.
pub fn kept_path(dir: &Path, game: &str) -> std::path::PathBuf {
    let safe: String = game.chars().filter(|c| c.is_ascii_hexdigit()).collect();
    dir.join(format!("{safe}.ron"))
}

/// The kept state of `game`, if this computer has one.
pub fn load_kept(dir: &Path, game: &str) -> Result<Option<Kept>, String> {
    let p = kept_path(dir, game);
    match std::fs::read_to_string(&p) {
        Ok(t) => from_ron::<Kept>(&t)
            .map(Some)
            .map_err(|e| format!("{}:{}:{}: {}", p.display(), e.line, e.col, e.message)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", p.display())),
    }
}

/// Keep `k` (atomically).
pub fn save_kept(dir: &Path, k: &Kept) -> Result<(), String> {
    let p = kept_path(dir, &k.game);
    let text = ron_options()
        .to_string_pretty(k, ron::ser::PrettyConfig::new())
        .map_err(|e| e.to_string())?;
    super::session::write_atomic(&p, &text).map_err(|e| format!("{}: {e}", p.display()))
}

/// Check a received file against what this computer kept: the file is this player's to answer
/// and begins with the file it sent.
pub fn check_kept(v: &Verified, k: &Kept) -> Result<(), String> {
    let next = v.scenario.side_name(v.next_writer());
    if let Some((n, digest)) = &k.sent {
        let n = *n as usize;
        if v.file.entries.len() <= n + 1 {
            return Err(format!(
                "this is the file you sent (or an older one): it is {next}'s to answer, and you play {}; open your opponent's reply",
                k.side
            ));
        }
        if v.file.entries[n].digest != *digest {
            return Err(format!(
                "its entry {n} is not the one you sent: the history was rewritten"
            ));
        }
    }
    if v.is_over() {
        return Ok(());
    }
    if next != k.side {
        return Err(format!(
            "it is {next}'s move in this file and you play {}: it is not yours to answer",
            k.side
        ));
    }
    Ok(())
}
