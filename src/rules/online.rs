//! Live online play: the game log a Musket server keeps, the dice nobody chooses, and the
//! replay every party runs (the server to judge, both clients to follow, `musket online verify`
//! to check afterwards). The network lives in [`crate::online`]; this is the game.
//!
//! ## The log
//!
//! A game online is a [`Header`] (the scenario, its sequence of play and rules tables, as in
//! turn files; the host's side; the first commitments) and a list of [`Entry`]s numbered from
//! 0: entry 0 is the second player's **join** (it starts the game: the opening rolls), every
//! later entry one **command** of the side to move. Every party replays the same entries
//! through [`Replica::apply`]: the command checked by the rules (`validate`, then `apply`
//! through [`Session::execute`]), played while it is its seat's move, and the whole position's
//! digest after it ([`state_digest`]) compared with the one the server wrote.
//!
//! ## Dice: three parties, commit then reveal
//!
//! Each party (the two seats and the server) derives a value `v(k)` for each of its entries from
//! a secret only it knows, and publishes first the **commitment** `C(k) = H(game, party, k,
//! v(k))`, later `v(k)` itself (the reveal), which must match. Entry n carries
//!
//! - the author's reveal of the value it committed to in its previous entry (the host's first
//!   commitment is in the header; the joiner's first value, in its join, needs none: nothing
//!   was revealed before it) and its commitment to the next;
//! - the server's reveal of its value n (committed in entry n-1, or in the header for n = 0)
//!   and its commitment to value n+1.
//!
//! The dice of entry n come from the game's portable generator seeded with [`dice_seed`] of the
//! game, n, each seat's term (the author's reveal; the other seat's current commitment) and the
//! server's value n. The server's value is revealed only after the author's command has been
//! received, and the author's value only with its command: so the player who moves cannot
//! foresee the dice of its command (it lacks the server's value), the server cannot foresee
//! them before the command is fixed (it lacks the author's value), and nobody can choose them
//! (every value was committed before the others were shown). A player who sends a command
//! again after a drop sends the same reveal; the server's value n is fixed: the same dice.
//! Nothing is taken back online (no undo): a die once rolled stands.
//!
//! What it does not stop: a server operator and one player together could foresee the dice
//! (docs/online.md); hidden information, which these games do not have.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::validate;
use super::event::Event;
use super::order::Command;
use super::pbem::Secret;
use super::ruleset::Ruleset;
use super::scenario::{Scenario, ScenarioFile, from_ron, ron_options};
use super::sequence::Sequence;
use super::session::{Digest, Session};
use super::unit::SideId;

/// What a header's `format` says.
pub const FORMAT: &str = "musket online game";
/// The log format written.
pub const VERSION: u32 = 1;
/// The server's name as a party to the dice.
pub const SERVER: &str = "server";

/// A game's header: what it is played from, and the first commitments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub format: String,
    pub version: u32,
    /// The game code (what players share to join).
    pub game: String,
    /// BLAKE3 of the scenario (as in saves).
    pub scenario_digest: String,
    pub scenario: ScenarioFile,
    /// The sequence of play, whole.
    pub sequence: Sequence,
    /// The rule system's tables, canonical RON ([`Ruleset::tables_in_use`]).
    pub tables: String,
    /// The side the host plays.
    pub host: String,
    /// The host's commitment to its value 1 (revealed with its first command).
    pub host_commit: String,
    /// The server's commitment to its value 0 (revealed in the join).
    pub server_commit: String,
}

/// One accepted entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Its place, from 0 (the join).
    pub n: u32,
    /// The side of its author.
    pub seat: String,
    /// The command (none in the join).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<Command>,
    /// The author's value (committed in its previous entry; the joiner's first needs none).
    pub reveal: String,
    /// The author's commitment to its next value.
    pub commit: String,
    /// The server's value n.
    pub server: String,
    /// The server's commitment to its value n+1.
    pub server_commit: String,
    /// The position's digest after the entry ([`state_digest`]).
    pub digest: String,
}

/// Why an entry or a header is refused: at which entry, what kind of failure, what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{problem}", at.map(|n| format!("entry {n}: ")).unwrap_or_default())]
pub struct Refusal {
    /// The entry (None: the header).
    pub at: Option<u32>,
    /// `format`, `scenario`, `rules`, `turn`, `seat`, `over`, `commitment`, `command`, `step`.
    pub kind: &'static str,
    pub problem: String,
}

fn refuse(at: Option<u32>, kind: &'static str, problem: impl Into<String>) -> Refusal {
    Refusal {
        at,
        kind,
        problem: problem.into(),
    }
}

/// A party's value `k` of a game, from its secret.
pub fn value(secret: &Secret, game: &str, party: &str, k: u32) -> String {
    let mut h = blake3::Hasher::new_derive_key("musket online 1 value");
    for part in [secret.0.as_str(), game, party] {
        h.update(&(part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.update(&k.to_le_bytes());
    h.finalize().to_hex().to_string()
}

/// The commitment to a party's value `k`.
pub fn commitment(game: &str, party: &str, k: u32, value: &str) -> String {
    let mut h = blake3::Hasher::new_derive_key("musket online 1 commitment");
    for part in [game, party, value] {
        h.update(&(part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.update(&k.to_le_bytes());
    h.finalize().to_hex().to_string()
}

/// A party's commitment to its own value `k`.
pub fn commit(secret: &Secret, game: &str, party: &str, k: u32) -> String {
    commitment(game, party, k, &value(secret, game, party, k))
}

/// The dice seed of entry `n`: the first 8 bytes (little-endian) of a BLAKE3 hash of the game,
/// `n`, the two seats' terms (scenario side order) and the server's value `n`.
pub fn dice_seed(game: &str, n: u32, terms: [&str; 2], server: &str) -> u64 {
    let mut h = blake3::Hasher::new_derive_key("musket online 1 dice");
    h.update(game.as_bytes());
    h.update(&n.to_le_bytes());
    for t in [terms[0], terms[1], server] {
        h.update(t.as_bytes());
    }
    let b = h.finalize();
    u64::from_le_bytes(b.as_bytes()[..8].try_into().unwrap_or([0; 8]))
}

/// The digest of a game as it stands: its position ([`super::game::Game::state_digest`]), the
/// dice rolled so far and the length of its log.
pub fn state_digest(s: &Session) -> String {
    let mut h = blake3::Hasher::new_derive_key("musket online 1 state");
    h.update(s.game.state_digest().as_bytes());
    h.update(&s.dice.rolls().to_le_bytes());
    h.update(&(s.log.len() as u64).to_le_bytes());
    h.finalize().to_hex().to_string()
}

/// 64 lowercase hex digits.
pub fn is_hex64(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A header as canonical RON (how the server stores and sends it).
pub fn header_text(h: &Header) -> String {
    ron_options().to_string(h).unwrap_or_default()
}

/// A header from its RON text.
pub fn parse_header(text: &str) -> Result<Header, Refusal> {
    from_ron::<Header>(text).map_err(|e| {
        refuse(
            None,
            "format",
            format!(
                "the game header, line {}, column {}: {}",
                e.line, e.col, e.message
            ),
        )
    })
}

/// A new game's header, for the host: its scenario, rules and sequence, its side.
pub fn new_header(
    game: &str,
    scenario: &ScenarioFile,
    rules: &dyn Ruleset,
    sequence: &Sequence,
    host: &str,
    host_commit: String,
    server_commit: String,
) -> Header {
    Header {
        format: FORMAT.into(),
        version: VERSION,
        game: game.into(),
        scenario_digest: Digest::of(scenario, 0, &[]).scenario,
        scenario: scenario.clone(),
        sequence: sequence.clone(),
        tables: rules.tables_in_use(),
        host: host.into(),
        host_commit,
        server_commit,
    }
}

/// A game a host offers a server: a new code, the host's fresh secret and its first
/// commitment, the scenario played under `rules` (their sequence); the server's commitment is
/// left for the server to write.
pub fn host_header(
    scenario: &ScenarioFile,
    rules: &dyn Ruleset,
    side: &str,
) -> Result<(Header, Secret), String> {
    let code = new_code()?;
    let secret = Secret::random()?;
    let header = new_header(
        &code,
        scenario,
        rules,
        rules.sequence(),
        side,
        commit(&secret, &code, side, 1),
        "0".repeat(64),
    );
    Ok((header, secret))
}

/// What a game is played from, once checked: its scenario, rules and sequence of play.
type Parts = (Arc<Scenario>, Arc<dyn Ruleset>, Arc<Sequence>);

/// The parts games played from the same header share: a server holding many games of one
/// scenario keeps them once (they are never changed by play).
#[derive(Default)]
pub struct Shared(std::sync::Mutex<std::collections::HashMap<String, Parts>>);

impl Shared {
    /// What a header's parts are known by: its scenario, tables and sequence.
    fn key(h: &Header) -> String {
        let mut k = blake3::Hasher::new_derive_key("musket online 1 parts");
        for part in [
            h.scenario_digest.as_str(),
            h.tables.as_str(),
            &super::sequence::digest(&h.sequence),
        ] {
            k.update(&(part.len() as u64).to_le_bytes());
            k.update(part.as_bytes());
        }
        k.finalize().to_hex().to_string()
    }

    fn get(&self, key: &str) -> Option<Parts> {
        self.0.lock().ok()?.get(key).cloned()
    }

    fn put(&self, key: String, p: Parts) {
        if let Ok(mut m) = self.0.lock() {
            m.insert(key, p);
        }
    }
}

/// A game replayed from its log: what the server judges with and each client follows.
#[derive(Clone, Debug)]
pub struct Replica {
    pub header: Header,
    pub scenario: Arc<Scenario>,
    pub rules: Arc<dyn Ruleset>,
    pub sequence: Arc<Sequence>,
    /// The game (from the join on).
    pub session: Option<Session>,
    pub entries: Vec<Entry>,
    /// Each seat's current commitment (the joiner's: none before it joins).
    commits: [Option<String>; 2],
    /// The number of each seat's next value.
    next_k: [u32; 2],
    server_commit: String,
    /// The host's side.
    host: SideId,
}

impl Replica {
    /// The game a header describes, checked: its form, its scenario against its digest and the
    /// rules, its tables, its sequence, the host's side, the commitments' form.
    pub fn new(header: Header) -> Result<Replica, Refusal> {
        Replica::new_in(header, None)
    }

    /// [`Replica::new`], the scenario, rules and sequence shared with the other games of
    /// `shared` played from the same ones (checked once).
    pub fn new_in(header: Header, shared: Option<&Shared>) -> Result<Replica, Refusal> {
        check_form(&header)?;
        let key = shared.map(|_| Shared::key(&header));
        let parts = match (shared, &key) {
            (Some(s), Some(k)) => s.get(k),
            _ => None,
        };
        let (scenario, rules, sequence) = match parts {
            Some(p) => p,
            None => {
                let p = Replica::parts(&header)?;
                if let (Some(s), Some(k)) = (shared, key) {
                    s.put(k, p.clone());
                }
                p
            }
        };
        let host = scenario.side_by_name(&header.host).ok_or_else(|| {
            refuse(
                None,
                "format",
                format!(
                    "the host's side {:?} is not a side of the scenario",
                    header.host
                ),
            )
        })?;
        let mut commits = [None, None];
        commits[host.0 as usize] = Some(header.host_commit.clone());
        Ok(Replica {
            sequence,
            scenario,
            rules,
            session: None,
            entries: Vec::new(),
            commits,
            next_k: [1, 1],
            server_commit: header.server_commit.clone(),
            host,
            header,
        })
    }

    /// A header's scenario (valid, with a last turn), rules (its tables) and sequence (valid).
    fn parts(header: &Header) -> Result<Parts, Refusal> {
        let err = |kind, p: String| refuse(None, kind, p);
        let scenario = super::registry::validate_scenario(header.scenario.clone())
            .map_err(|p| err("scenario", format!("the scenario is invalid: {}", join(&p))))?;
        if scenario.turns.is_none() {
            return Err(err(
                "scenario",
                "the scenario has no last turn (`turns`): it is a position to study, not a game"
                    .into(),
            ));
        }
        let rules =
            super::registry::for_scenario_from_text(&scenario, &header.tables, "the game's tables")
                .map_err(|e| err("rules", e.to_string()))?;
        if let Some((at, why)) = header.sequence.problems().first() {
            return Err(err(
                "scenario",
                format!("the sequence of play is not valid: {at}: {why}"),
            ));
        }
        Ok((Arc::new(scenario), rules, Arc::new(header.sequence.clone())))
    }

    /// The number of the next entry.
    pub fn next(&self) -> u32 {
        self.entries.len() as u32
    }

    /// The host's side.
    pub fn host(&self) -> SideId {
        self.host
    }

    /// The side that joins.
    pub fn joiner(&self) -> SideId {
        self.host.other()
    }

    /// Whether the second player has joined.
    pub fn started(&self) -> bool {
        self.session.is_some()
    }

    pub fn is_over(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.game.is_over())
    }

    /// The side whose move it is (None: not begun, or over).
    pub fn to_move(&self) -> Option<SideId> {
        match &self.session {
            Some(s) if !s.game.is_over() => Some(s.game.active_side),
            _ => None,
        }
    }

    /// The number of `side`'s next value (what its next entry reveals).
    pub fn next_value(&self, side: SideId) -> u32 {
        if side == self.joiner() && self.commits[side.0 as usize].is_none() {
            0
        } else {
            self.next_k[side.0 as usize]
        }
    }

    /// The digest after the last entry (None before the join).
    pub fn digest(&self) -> Option<&str> {
        self.entries.last().map(|e| e.digest.as_str())
    }

    /// The entry `side` sends next (its command or, for the joiner's first, none), with the
    /// server's part left empty ([`Replica::server_part`] fills it).
    pub fn seat_part(&self, side: SideId, secret: &Secret, command: Option<Command>) -> Entry {
        let name = self.scenario.side_name(side).to_string();
        let game = &self.header.game;
        let k = self.next_value(side);
        Entry {
            n: self.next(),
            seat: name.clone(),
            command,
            reveal: value(secret, game, &name, k),
            commit: commit(secret, game, &name, k + 1),
            server: String::new(),
            server_commit: String::new(),
            digest: String::new(),
        }
    }

    /// The server's values on an entry it received: its value n, its commitment to n+1.
    pub fn server_part(&self, e: &mut Entry, secret: &Secret) {
        let game = &self.header.game;
        e.server = value(secret, game, SERVER, e.n);
        e.server_commit = commit(secret, game, SERVER, e.n + 1);
    }

    /// Check and play entry `e`: in its place, from the seat whose move it is (the joiner
    /// first), its values matching their commitments, its command accepted by the rules with
    /// the dice that follow from them. The entry joins the log with the digest after it; where
    /// `e.digest` is not empty and differs, the refusal says so (kind `step`: out of step).
    /// A refused entry changes nothing, except an out-of-step one (the game is to be reloaded).
    pub fn apply(&mut self, e: &Entry) -> Result<(&Entry, Vec<Event>), Refusal> {
        let side = self.check_turn(e)?;
        self.check_values(e, side)?;
        let seed = dice_seed(&self.header.game, e.n, self.terms(e, side), &e.server);
        let events = self.play(e, seed)?;
        let k = self.next_value(side);
        self.commits[side.0 as usize] = Some(e.commit.clone());
        self.next_k[side.0 as usize] = k + 1;
        self.server_commit = e.server_commit.clone();
        let digest = self.session.as_ref().map(state_digest).unwrap_or_default();
        let mut kept = e.clone();
        kept.digest = digest;
        self.entries.push(kept);
        let last = self.entries.last().expect("just pushed");
        if !e.digest.is_empty() && e.digest != last.digest {
            return Err(refuse(
                Some(e.n),
                "step",
                format!(
                    "out of step at command {}: the position after it is not the one the server has",
                    e.n
                ),
            ));
        }
        Ok((last, events))
    }

    /// Entry `e` is the next, from the seat that may write it: its side.
    fn check_turn(&self, e: &Entry) -> Result<SideId, Refusal> {
        let at = Some(e.n);
        if e.n != self.next() {
            return Err(refuse(
                at,
                "step",
                format!("entry {} was expected next", self.next()),
            ));
        }
        let side = self
            .scenario
            .side_by_name(&e.seat)
            .ok_or_else(|| refuse(at, "seat", format!("{:?} is not a side", e.seat)))?;
        let Some(s) = &self.session else {
            if side != self.joiner() || e.command.is_some() {
                return Err(refuse(
                    at,
                    "turn",
                    format!(
                        "the game has not begun: it begins when the {} player joins",
                        self.scenario.side_name(self.joiner())
                    ),
                ));
            }
            return Ok(side);
        };
        if s.game.is_over() {
            return Err(refuse(at, "over", "the game is over"));
        }
        if e.command.is_none() {
            return Err(refuse(at, "format", "it holds no command"));
        }
        if s.game.active_side != side {
            return Err(refuse(
                at,
                "turn",
                format!(
                    "it is the {}'s move, not the {}'s",
                    self.scenario.side_name(s.game.active_side),
                    e.seat
                ),
            ));
        }
        Ok(side)
    }

    /// The entry's values: hex, the author's and the server's matching their commitments.
    fn check_values(&self, e: &Entry, side: SideId) -> Result<(), Refusal> {
        let at = Some(e.n);
        for (name, v) in [
            ("reveal", &e.reveal),
            ("commit", &e.commit),
            ("server", &e.server),
            ("server_commit", &e.server_commit),
        ] {
            if !is_hex64(v) {
                return Err(refuse(
                    at,
                    "format",
                    format!("`{name}` is not 64 lowercase hex digits"),
                ));
            }
        }
        let game = &self.header.game;
        if let Some(c) = &self.commits[side.0 as usize]
            && commitment(game, &e.seat, self.next_value(side), &e.reveal) != *c
        {
            return Err(refuse(
                at,
                "commitment",
                format!(
                    "the {}'s value does not match its commitment (its dice would not be the ones promised)",
                    e.seat
                ),
            ));
        }
        if commitment(game, SERVER, e.n, &e.server) != self.server_commit {
            return Err(refuse(
                at,
                "commitment",
                "the server's value does not match its commitment (its dice would not be the ones promised)",
            ));
        }
        Ok(())
    }

    /// Each seat's term in the dice of `e`: the author's reveal, the other's commitment.
    fn terms<'a>(&'a self, e: &'a Entry, side: SideId) -> [&'a str; 2] {
        let term = |s: usize| -> &str {
            if s == side.0 as usize {
                &e.reveal
            } else {
                self.commits[s].as_deref().unwrap_or("")
            }
        };
        [term(0), term(1)]
    }

    /// The join begins the game; a command is checked by the rules, then played.
    fn play(&mut self, e: &Entry, seed: u64) -> Result<Vec<Event>, Refusal> {
        let Some(cmd) = &e.command else {
            let s = Session::with_sequence(
                self.scenario.clone(),
                self.rules.clone(),
                seed,
                self.sequence.clone(),
            );
            let events = s.opening.clone();
            self.session = Some(s);
            return Ok(events);
        };
        let s = self.session.as_mut().expect("checked: the game has begun");
        let rule = |x: super::order::CommandError| {
            refuse(Some(e.n), "command", format!("the rules refuse it: {x}"))
        };
        validate(&s.game, cmd).map_err(rule)?;
        s.reseed(seed);
        s.execute(cmd.clone()).map_err(rule)
    }
}

/// The header's form: an online game of a version read here, a game code, the scenario its
/// digest names, the commitments hex.
fn check_form(h: &Header) -> Result<(), Refusal> {
    let err = |kind, p: String| refuse(None, kind, p);
    if h.format != FORMAT {
        return Err(err(
            "format",
            format!("`format` is {:?}, not {FORMAT:?}", h.format),
        ));
    }
    if h.version != VERSION {
        return Err(err(
            "format",
            format!(
                "online game version {} is not supported (this program reads {VERSION})",
                h.version
            ),
        ));
    }
    if !is_code(&h.game) {
        return Err(err("format", format!("{:?} is not a game code", h.game)));
    }
    if Digest::of(&h.scenario, 0, &[]).scenario != h.scenario_digest {
        return Err(err(
            "digest",
            "the scenario does not match its `scenario_digest` (the scenario was changed)".into(),
        ));
    }
    for (name, v) in [
        ("host_commit", &h.host_commit),
        ("server_commit", &h.server_commit),
    ] {
        if !is_hex64(v) {
            return Err(err(
                "format",
                format!("`{name}` is not 64 lowercase hex digits"),
            ));
        }
    }
    Ok(())
}

/// The letters a new game code is made of (no 0/o, 1/l/i: read aloud or copied by hand).
const CODE_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new game code from the system's generator: 24 letters and digits in four groups of six
/// (about 119 bits: unguessable), as the host draws it.
pub fn new_code() -> Result<String, String> {
    let id = super::pbem::new_game_id()?;
    let h = blake3::derive_key("musket online 1 code", id.as_bytes());
    let c: Vec<u8> = h[..24]
        .iter()
        .map(|x| CODE_LETTERS[*x as usize % CODE_LETTERS.len()])
        .collect();
    let part = |i: usize| String::from_utf8_lossy(&c[i * 6..i * 6 + 6]).to_string();
    Ok(format!("{}-{}-{}-{}", part(0), part(1), part(2), part(3)))
}

/// A code as [`new_code`] draws them (what a server lets a host choose).
pub fn is_new_code(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| p.len() == 6 && p.bytes().all(|b| CODE_LETTERS.contains(&b)))
}

/// A game code: 4 to 64 of lowercase letters, digits and dashes.
pub fn is_code(s: &str) -> bool {
    (4..=64).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Check a whole stored game (`musket online verify`): its header, then every entry replayed,
/// every value against its commitment, every command by the rules, every digest.
pub fn verify(header: Header, entries: &[Entry]) -> Result<Replica, Refusal> {
    verify_in(header, entries, None)
}

/// [`verify`], the game's parts shared through `shared`.
pub fn verify_in(
    header: Header,
    entries: &[Entry],
    shared: Option<&Shared>,
) -> Result<Replica, Refusal> {
    let mut r = Replica::new_in(header, shared)?;
    for e in entries {
        if e.digest.is_empty() {
            return Err(refuse(Some(e.n), "format", "it holds no digest"));
        }
        r.apply(e)?;
    }
    Ok(r)
}
