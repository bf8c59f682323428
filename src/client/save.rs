//! Where saves live and how they are listed.
//!
//! Saves go in the platform's data directory (`directories::ProjectDirs`): on Linux
//! `$XDG_DATA_HOME/musket/saves` (usually `~/.local/share/musket/saves`), on macOS
//! `~/Library/Application Support/musket/saves`, on Windows `%APPDATA%\musket\data\saves`.
//! `MUSKET_DATA_DIR` overrides it (tests use that). Writes are atomic (temporary file, then
//! rename); an autosave is written at each end of turn.

use std::path::{Path, PathBuf};

/// The saves folder: the override, `MUSKET_DATA_DIR`, or the platform's data directory.
pub fn saves_dir(override_dir: &Option<PathBuf>) -> Option<PathBuf> {
    if let Some(d) = override_dir {
        return Some(d.join("saves"));
    }
    if let Some(d) = std::env::var_os("MUSKET_DATA_DIR").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(d).join("saves"));
    }
    directories::ProjectDirs::from("", "", "musket").map(|p| p.data_dir().join("saves"))
}

/// Where this computer keeps its games by turn files (each game's secret, `rules::pbem::Kept`)
/// and the folder turn files were last written to: `pbem` in the data directory.
pub fn pbem_dir(override_dir: &Option<PathBuf>) -> Option<PathBuf> {
    saves_dir(override_dir).and_then(|d| d.parent().map(|p| p.join("pbem")))
}

/// The folder turn files go to: the one last used (remembered in `pbem/folder.txt`), else
/// `turns` in the data directory.
pub fn turn_folder(override_dir: &Option<PathBuf>) -> PathBuf {
    let Some(dir) = pbem_dir(override_dir) else {
        return PathBuf::from(".");
    };
    std::fs::read_to_string(dir.join("folder.txt"))
        .ok()
        .map(|t| PathBuf::from(t.trim()))
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| dir.with_file_name("turns"))
}

/// Remember the folder turn files were written to or read from.
pub fn remember_turn_folder(override_dir: &Option<PathBuf>, folder: &Path) {
    if let Some(dir) = pbem_dir(override_dir) {
        let _ = crate::rules::session::write_atomic(
            &dir.join("folder.txt"),
            &folder.display().to_string(),
        );
    }
}

/// The turn files in a folder, newest first.
pub fn list_turn_files(dir: &Path) -> Vec<SaveEntry> {
    let mut v: Vec<SaveEntry> = list_saves(dir)
        .into_iter()
        .filter(|e| {
            e.path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(crate::rules::pbem::EXTENSION))
        })
        .collect();
    v.sort_by(|a, b| b.name.cmp(&a.name));
    v
}

/// A save file found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub name: String,
    pub modified: std::time::SystemTime,
}

/// Saves in the folder, newest first.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<SaveEntry> = rd
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .map(|e| SaveEntry {
            name: e
                .file_name()
                .to_string_lossy()
                .trim_end_matches(".ron")
                .to_string(),
            modified: e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH),
            path: e.path(),
        })
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    out
}

/// `YYYYMMDD-HHMMSS` (UTC) for save names.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
    }
}
