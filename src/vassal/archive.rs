//! Safe reading of the zip archives VASSAL uses (`.vmod` modules, `.vsav` saves and the
//! saved games bundled inside a module).
//!
//! Every archive is checked when opened: the number of entries, each entry's name (no
//! absolute paths, no `..`), each entry's declared uncompressed size, the declared total
//! and the compression ratio. Reading an entry then stops as soon as the bytes actually
//! inflated pass the per-entry or the total limit, whatever the directory declared.

use std::cell::Cell;
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Cursor, Read, Seek};
use std::path::Path;

use super::error::VassalError;

/// Bounds on what an archive may hold; each is named in the error when exceeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most entries (files and folders) an archive may have.
    pub max_entries: usize,
    /// Most uncompressed bytes of one entry (declared and actually inflated).
    pub max_entry_size: u64,
    /// Most uncompressed bytes of all entries together (declared, and actually read).
    pub max_total_size: u64,
    /// Highest compression ratio (uncompressed / compressed) allowed for an entry that
    /// declares more than [`Limits::ratio_min_size`] bytes.
    pub max_ratio: u64,
    /// Entries smaller than this are not ratio-checked (tiny text compresses very well).
    pub ratio_min_size: u64,
}

impl Default for Limits {
    /// Generous for real modules (a large module has a few thousand images and map
    /// scans of tens of megabytes) and far below what would exhaust memory.
    fn default() -> Self {
        Limits {
            max_entries: 50_000,
            max_entry_size: 256 * 1024 * 1024,
            max_total_size: 2 * 1024 * 1024 * 1024,
            max_ratio: 200,
            ratio_min_size: 1024 * 1024,
        }
    }
}

/// What the directory of an archive says of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryInfo {
    /// The entry's name, a validated relative path with `/` separators.
    pub name: String,
    /// Declared uncompressed size in bytes.
    pub size: u64,
    /// Compressed size in bytes.
    pub compressed_size: u64,
    /// Whether the entry is a folder.
    pub is_dir: bool,
}

trait ReadSeek: Read + Seek {}
impl<T: Read + Seek> ReadSeek for T {}

/// An opened, checked zip archive.
pub struct Archive {
    label: String,
    zip: zip::ZipArchive<Box<dyn ReadSeek>>,
    entries: Vec<EntryInfo>,
    index: HashMap<String, usize>,
    limits: Limits,
    total_read: Cell<u64>,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("label", &self.label)
            .field("entries", &self.entries.len())
            .field("limits", &self.limits)
            .finish()
    }
}

impl Archive {
    /// Opens the zip file at `path` with `limits`.
    pub fn open(path: &Path, limits: Limits) -> Result<Archive, VassalError> {
        let label = path.display().to_string();
        let file = File::open(path).map_err(|e| VassalError::Io {
            file: label.clone(),
            message: e.to_string(),
        })?;
        Self::from_reader(label, Box::new(BufReader::new(file)), limits)
    }

    /// Opens a zip held in memory; `label` names it in errors (e.g. `module.vmod!setup.vsav`).
    pub fn from_bytes(label: &str, bytes: Vec<u8>, limits: Limits) -> Result<Archive, VassalError> {
        Self::from_reader(label.to_string(), Box::new(Cursor::new(bytes)), limits)
    }

    fn from_reader(
        label: String,
        reader: Box<dyn ReadSeek>,
        limits: Limits,
    ) -> Result<Archive, VassalError> {
        let zip = zip::ZipArchive::new(reader).map_err(|e| VassalError::NotZip {
            file: label.clone(),
            message: e.to_string(),
        })?;
        if zip.len() > limits.max_entries {
            return Err(VassalError::TooManyEntries {
                file: label,
                count: zip.len(),
                limit: limits.max_entries,
            });
        }
        let mut entries = Vec::with_capacity(zip.len());
        let mut index = HashMap::with_capacity(zip.len());
        let mut declared_total: u64 = 0;
        for i in 0..zip.len() {
            let data = zip.by_index_data(i).map_err(|e| VassalError::NotZip {
                file: label.clone(),
                message: format!("entry {i}: {e}"),
            })?;
            let raw = data.name_raw();
            let name = match std::str::from_utf8(raw) {
                Ok(n) => n.to_string(),
                Err(_) => {
                    return Err(VassalError::UnsafeName {
                        context: label.clone(),
                        name: String::from_utf8_lossy(raw).into_owned(),
                        reason: "entry name is not UTF-8".into(),
                    });
                }
            };
            validate_relative_name(&name).map_err(|reason| VassalError::UnsafeName {
                context: label.clone(),
                name: name.clone(),
                reason,
            })?;
            let size = data.size();
            let compressed_size = data.compressed_size();
            let is_dir = data.is_dir();
            if size > limits.max_entry_size {
                return Err(VassalError::EntryDeclaredTooLarge {
                    file: label,
                    entry: name,
                    declared: size,
                    limit: limits.max_entry_size,
                });
            }
            declared_total = declared_total.saturating_add(size);
            if declared_total > limits.max_total_size {
                return Err(VassalError::TotalTooLarge {
                    file: label,
                    entry: name,
                    limit: limits.max_total_size,
                });
            }
            if size > limits.ratio_min_size {
                let ratio = size / compressed_size.max(1);
                if ratio > limits.max_ratio {
                    return Err(VassalError::CompressionRatio {
                        file: label,
                        entry: name,
                        ratio,
                        limit: limits.max_ratio,
                    });
                }
            }
            index.insert(name.clone(), i);
            entries.push(EntryInfo {
                name,
                size,
                compressed_size,
                is_dir,
            });
        }
        Ok(Archive {
            label,
            zip,
            entries,
            index,
            limits,
            total_read: Cell::new(0),
        })
    }

    /// How the archive is named in errors (its path, or `outer!inner` for nested ones).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The limits it was opened with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Every entry, in directory order.
    pub fn entries(&self) -> &[EntryInfo] {
        &self.entries
    }

    /// Whether an entry of exactly this name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// Reads a whole entry, enforcing the per-entry and total limits on the bytes actually
    /// inflated. Errors name the entry.
    pub fn read(&mut self, name: &str) -> Result<Vec<u8>, VassalError> {
        let Some(&i) = self.index.get(name) else {
            return Err(VassalError::MissingEntry {
                file: self.label.clone(),
                entry: name.to_string(),
                detail: String::new(),
            });
        };
        let label = self.label.clone();
        let bad = |message: String| VassalError::BadEntry {
            file: label.clone(),
            entry: name.to_string(),
            message,
        };
        let mut f = self.zip.by_index(i).map_err(|e| bad(e.to_string()))?;
        let limit = self.limits.max_entry_size;
        let declared = f.size();
        let mut out = Vec::with_capacity(declared.min(limit).min(64 * 1024 * 1024) as usize);
        let mut chunk = [0u8; 64 * 1024];
        loop {
            let n = f.read(&mut chunk).map_err(|e| bad(e.to_string()))?;
            if n == 0 {
                break;
            }
            out.extend_from_slice(&chunk[..n]);
            if out.len() as u64 > limit {
                return Err(VassalError::EntryTooLarge {
                    file: self.label.clone(),
                    entry: name.to_string(),
                    limit,
                });
            }
            let total = self.total_read.get() + n as u64;
            self.total_read.set(total);
            if total > self.limits.max_total_size {
                return Err(VassalError::TotalTooLarge {
                    file: self.label.clone(),
                    entry: name.to_string(),
                    limit: self.limits.max_total_size,
                });
            }
        }
        Ok(out)
    }

    /// Reads at most the first `max` bytes of an entry (e.g. an image header).
    pub fn read_prefix(&mut self, name: &str, max: usize) -> Result<Vec<u8>, VassalError> {
        let Some(&i) = self.index.get(name) else {
            return Err(VassalError::MissingEntry {
                file: self.label.clone(),
                entry: name.to_string(),
                detail: String::new(),
            });
        };
        let label = self.label.clone();
        let f = self.zip.by_index(i).map_err(|e| VassalError::BadEntry {
            file: label.clone(),
            entry: name.to_string(),
            message: e.to_string(),
        })?;
        let mut out = Vec::new();
        f.take(max as u64)
            .read_to_end(&mut out)
            .map_err(|e| VassalError::BadEntry {
                file: label,
                entry: name.to_string(),
                message: e.to_string(),
            })?;
        Ok(out)
    }

    /// Reads an entry as UTF-8 text (a leading byte-order mark is dropped).
    pub fn read_text(&mut self, name: &str) -> Result<String, VassalError> {
        let bytes = self.read(name)?;
        let bytes = bytes
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(&bytes)
            .to_vec();
        String::from_utf8(bytes).map_err(|e| VassalError::NotUtf8 {
            file: self.label.clone(),
            entry: name.to_string(),
            offset: e.utf8_error().valid_up_to(),
        })
    }
}

/// Checks that `name` is a safe relative path inside an archive or output folder: not
/// empty, not absolute (`/x`, `\x`, `C:x`), no `..` component, no NUL or other control
/// characters. Both `/` and `\` count as separators. Returns the reason when it is not.
///
/// Use it for zip entry names (done by [`Archive`]) and for every file name the build
/// file gives (board and piece images, setup files) before using it as a path.
pub fn validate_relative_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("empty name".into());
    }
    if name.chars().any(|c| c.is_control()) {
        return Err("contains a control character".into());
    }
    if name.starts_with('/') || name.starts_with('\\') {
        return Err("absolute path".into());
    }
    let b = name.as_bytes();
    if b.len() >= 2 && b[1] == b':' && b[0].is_ascii_alphabetic() {
        return Err("drive-letter path".into());
    }
    if name.split(['/', '\\']).any(|c| c == "..") {
        return Err("contains a '..' component".into());
    }
    Ok(())
}

/// [`validate_relative_name`] as a [`VassalError::UnsafeName`] naming `context`.
pub fn check_relative_name(context: &str, name: &str) -> Result<(), VassalError> {
    validate_relative_name(name).map_err(|reason| VassalError::UnsafeName {
        context: context.to_string(),
        name: name.to_string(),
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_names() {
        assert_eq!(validate_relative_name("images/a.png"), Ok(()));
        assert_eq!(validate_relative_name("a..b.png"), Ok(()));
        assert_eq!(validate_relative_name("sub/dir/x.gif"), Ok(()));
        assert_eq!(validate_relative_name(""), Err("empty name".into()));
        assert_eq!(
            validate_relative_name("/etc/passwd"),
            Err("absolute path".into())
        );
        assert_eq!(validate_relative_name("\\x"), Err("absolute path".into()));
        assert_eq!(
            validate_relative_name("C:x.png"),
            Err("drive-letter path".into())
        );
        assert_eq!(
            validate_relative_name("images/../../x"),
            Err("contains a '..' component".into())
        );
        assert_eq!(
            validate_relative_name("a\\..\\b"),
            Err("contains a '..' component".into())
        );
        assert_eq!(
            validate_relative_name("a\0b"),
            Err("contains a control character".into())
        );
    }

    #[test]
    fn not_a_zip() {
        let e = Archive::from_bytes("x.vmod", b"hello".to_vec(), Limits::default()).unwrap_err();
        assert!(matches!(e, VassalError::NotZip { .. }));
        assert!(
            e.to_string().starts_with("x.vmod: not a zip archive: "),
            "{e}"
        );
    }
}
