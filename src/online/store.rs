//! The server's durable store: one append-only file per game under `DATA/games/`, one JSON
//! record a line, each written and flushed to the disk (`fsync`) before it is acknowledged.
//! A line cut short by a crash (no newline at the end of the file) was never acknowledged and
//! is dropped on reading; any other damage is an error naming the file and the line.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::online::{Entry, Header, is_code, parse_header};
use crate::rules::pbem::Secret;

/// One line of a game's file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case", deny_unknown_fields)]
pub enum Record {
    /// The first line: the header (RON), the server's secret for the game and the digest of
    /// the host's seat token.
    Game {
        header: String,
        secret: String,
        host_token: String,
    },
    /// The joiner's seat: its side and the digest of its token.
    Seat { side: String, token: String },
    /// An accepted entry.
    Entry { entry: Entry },
    /// A chat line (not part of the game).
    Chat { from: String, text: String },
}

/// A game as read back from its file.
#[derive(Clone, Debug)]
pub struct Stored {
    pub header: Header,
    pub secret: Secret,
    /// Token digests: the host's, the joiner's (once joined).
    pub host_token: String,
    pub join_token: Option<String>,
    pub entries: Vec<Entry>,
    pub chat: Vec<(String, String)>,
}

/// The digest a token is kept as (the file never holds a token itself).
pub fn token_digest(token: &str) -> String {
    blake3::derive_key("musket online 1 seat token", token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The file of game `code` under `data`.
pub fn path(data: &Path, code: &str) -> PathBuf {
    data.join("games").join(format!("{code}.musket-online"))
}

/// An open game file, appended to.
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
}

impl Log {
    /// Create a new game's file with its first record (refused if the file exists).
    pub fn create(data: &Path, code: &str, first: &Record) -> std::io::Result<Log> {
        let p = path(data, code);
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new().create_new(true).append(true).open(&p)?;
        let mut log = Log { file, path: p };
        log.append(first)?;
        // The new name itself is made durable too.
        if let Some(dir) = log.path.parent() {
            File::open(dir)?.sync_all()?;
        }
        Ok(log)
    }

    /// Open an existing game's file to append to.
    pub fn open(data: &Path, code: &str) -> std::io::Result<Log> {
        let p = path(data, code);
        let file = OpenOptions::new().append(true).open(&p)?;
        Ok(Log { file, path: p })
    }

    /// Append one record and flush it to the disk.
    pub fn append(&mut self, r: &Record) -> std::io::Result<()> {
        let mut line = serde_json::to_string(r).map_err(std::io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Why a stored game cannot be read.
fn bad(p: &Path, line: usize, why: impl std::fmt::Display) -> String {
    format!("{}: line {line}: {why}", p.display())
}

/// Read game `code` from `data` (its records, nothing replayed). A torn last line is dropped.
pub fn read(data: &Path, code: &str) -> Result<Stored, String> {
    if !is_code(code) {
        return Err(format!("{code:?} is not a game code"));
    }
    let p = path(data, code);
    let text = std::fs::read_to_string(&p).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("no game {code} in {}", data.display()),
        _ => format!("{}: cannot read it: {e}", p.display()),
    })?;
    let torn = !text.is_empty() && !text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let keep = if torn { lines.len() - 1 } else { lines.len() };
    let mut records = Vec::with_capacity(keep);
    for (i, l) in lines[..keep].iter().enumerate() {
        records.push(serde_json::from_str::<Record>(l).map_err(|e| bad(&p, i + 1, e))?);
    }
    from_records(&p, records)
}

fn from_records(p: &Path, records: Vec<Record>) -> Result<Stored, String> {
    let mut it = records.into_iter();
    let Some(Record::Game {
        header,
        secret,
        host_token,
    }) = it.next()
    else {
        return Err(bad(p, 1, "the file does not begin with a game record"));
    };
    let header = parse_header(&header).map_err(|e| bad(p, 1, e))?;
    let mut s = Stored {
        header,
        secret: Secret(secret),
        host_token,
        join_token: None,
        entries: Vec::new(),
        chat: Vec::new(),
    };
    for (i, r) in it.enumerate() {
        match r {
            Record::Seat { token, .. } if s.join_token.is_none() => s.join_token = Some(token),
            Record::Entry { entry } => s.entries.push(entry),
            Record::Chat { from, text } => s.chat.push((from, text)),
            _ => return Err(bad(p, i + 2, "a second game or seat record")),
        }
    }
    Ok(s)
}

/// The codes of every game stored under `data`.
pub fn codes(data: &Path) -> std::io::Result<Vec<String>> {
    let dir = data.join("games");
    let mut out = Vec::new();
    match std::fs::read_dir(&dir) {
        Ok(rd) => {
            for e in rd {
                let name = e?.file_name().to_string_lossy().to_string();
                if let Some(code) = name.strip_suffix(".musket-online")
                    && is_code(code)
                {
                    out.push(code.to_string());
                }
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    out.sort();
    Ok(out)
}
