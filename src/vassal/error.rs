//! The one error type of the VASSAL reader.

use thiserror::Error;

/// Everything that can go wrong reading a VASSAL module, save or piece definition.
///
/// Each message is one line that names where the problem is (the archive file and the
/// entry inside it, the XML element path and attribute, or the piece/command) and what it
/// is. No reader function panics on any input: bad input always ends here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VassalError {
    /// The archive file could not be read from disk.
    #[error("{file}: cannot read: {message}")]
    Io { file: String, message: String },
    /// The file is not a readable zip archive.
    #[error("{file}: not a zip archive: {message}")]
    NotZip { file: String, message: String },
    /// One entry of the archive is damaged or uses an unsupported compression.
    #[error("{file}: entry '{entry}': {message}")]
    BadEntry {
        file: String,
        entry: String,
        message: String,
    },
    /// The archive has more entries than [`Limits::max_entries`](super::Limits).
    #[error("{file}: {count} entries, more than the limit of {limit}")]
    TooManyEntries {
        file: String,
        count: usize,
        limit: usize,
    },
    /// An entry declares (in the zip directory) more bytes than the per-entry limit.
    #[error(
        "{file}: entry '{entry}' declares {declared} bytes uncompressed, more than the limit of {limit} bytes per entry"
    )]
    EntryDeclaredTooLarge {
        file: String,
        entry: String,
        declared: u64,
        limit: u64,
    },
    /// An entry inflated past the per-entry limit while being read (whatever it declared).
    #[error("{file}: entry '{entry}' inflates past the limit of {limit} bytes per entry")]
    EntryTooLarge {
        file: String,
        entry: String,
        limit: u64,
    },
    /// The entries together declare, or inflate to, more than the total limit.
    #[error(
        "{file}: entries total more than the limit of {limit} bytes uncompressed (at entry '{entry}')"
    )]
    TotalTooLarge {
        file: String,
        entry: String,
        limit: u64,
    },
    /// An entry's compression ratio is above the limit (a zip bomb).
    #[error(
        "{file}: entry '{entry}' has compression ratio {ratio}:1, more than the limit of {limit}:1"
    )]
    CompressionRatio {
        file: String,
        entry: String,
        ratio: u64,
        limit: u64,
    },
    /// A name (zip entry or image/file named by the build file) is absolute, has `..`, or
    /// is otherwise not a safe relative path.
    #[error("{context}: unsafe name '{name}': {reason}")]
    UnsafeName {
        context: String,
        name: String,
        reason: String,
    },
    /// A required entry is missing from the archive.
    #[error("{file}: no entry '{entry}'{detail}")]
    MissingEntry {
        file: String,
        entry: String,
        detail: String,
    },
    /// Text that is not UTF-8.
    #[error("{file}: entry '{entry}': not UTF-8 text (at byte {offset})")]
    NotUtf8 {
        file: String,
        entry: String,
        offset: usize,
    },
    /// The XML could not be parsed.
    #[error("{file}: entry '{entry}': broken XML: {message}")]
    Xml {
        file: String,
        entry: String,
        message: String,
    },
    /// The XML parsed but is not a VASSAL build file / has a bad element.
    #[error("{file}: entry '{entry}': <{path}>: {message}")]
    Element {
        file: String,
        entry: String,
        path: String,
        message: String,
    },
    /// An attribute VASSAL would parse has a value it would refuse.
    /// (`message` quotes the refused value.)
    #[error("{file}: entry '{entry}': <{path}> attribute '{attribute}': {message}")]
    Attribute {
        file: String,
        entry: String,
        path: String,
        attribute: String,
        message: String,
    },
    /// A board's grid is of a kind this reader (or the importer) cannot use.
    #[error("board '{board}': {kind} is not supported: {reason}")]
    UnsupportedGrid {
        board: String,
        kind: String,
        reason: String,
    },
    /// A grid location name that the grid's numbering cannot read.
    #[error("grid location '{location}': {message}")]
    BadLocation { location: String, message: String },
    /// The obfuscated (`!VCSK`) stream of a save is damaged.
    #[error("{file}: entry '{entry}': damaged obfuscated stream at byte {offset}: {message}")]
    Obfuscation {
        file: String,
        entry: String,
        offset: usize,
        message: String,
    },
    /// A piece definition (`+/id/type/state`) or trait could not be read.
    #[error("{context}: bad piece definition: {message}")]
    Piece { context: String, message: String },
    /// A command of a saved game could not be read.
    #[error("{context}: command {index}: {message}")]
    Command {
        context: String,
        index: usize,
        message: String,
    },
}
