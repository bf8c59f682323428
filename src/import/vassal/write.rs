//! Writing a draft into its folder, all or nothing.
//!
//! Everything is written first into a hidden folder inside the output folder, then moved into
//! place: the images, the mapping, and the scenario last, so a draft that is there is whole.
//! Every name written is one the import made (letters, digits, `.`, `-`, `_`, below the
//! folder): nothing is ever written outside it. A draft already there is replaced only when
//! it is unchanged since the import that wrote it (its digest is kept in
//! `.musket-import.ron`), unless `force`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::vassal::{Module, validate_relative_name};

use super::Plan;
use super::mapping::Mapping;

/// The record of the drafts an import wrote in a folder: file name → BLAKE3 of its text.
const RECORD: &str = ".musket-import.ron";

/// Why writing failed (one line).
pub type WriteError = String;

/// What was written.
#[derive(Debug, Clone)]
pub struct Written {
    /// The draft (absolute).
    pub scenario: PathBuf,
    /// The mapping file (absolute).
    pub mapping: PathBuf,
    /// The folder (absolute).
    pub dir: PathBuf,
}

/// Writes `plan` into `dir` (created if missing), reading the images from `module`.
pub fn write(
    module: &mut Module,
    plan: &Plan,
    mapping: &Mapping,
    dir: &Path,
    force: bool,
    progress: &mut dyn FnMut(&str),
) -> Result<Written, WriteError> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let file = format!("{}.ron", plan.stem);
    let target = dir.join(&file);
    let mut record = read_record(&dir);
    check_replace(&target, record.get(&file), force)?;
    let tmp = dir.join(format!(".musket-import-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: cannot create: {e}", tmp.display()))?;
    let result =
        stage(module, plan, mapping, &tmp, progress).and_then(|names| move_in(&tmp, &dir, &names));
    let _ = std::fs::remove_dir_all(&tmp);
    let text = result?;
    record.insert(file, digest(&text));
    let _ = std::fs::write(dir.join(RECORD), record_text(&record));
    Ok(Written {
        scenario: target,
        mapping: dir.join("mapping.ron"),
        dir,
    })
}

/// Refuses to replace a draft the player changed (or one no import wrote) unless `force`.
fn check_replace(target: &Path, recorded: Option<&String>, force: bool) -> Result<(), String> {
    if force || !target.exists() {
        return Ok(());
    }
    let now = std::fs::read_to_string(target).map(|t| digest(&t)).ok();
    if now.is_some() && now.as_ref() == recorded {
        return Ok(());
    }
    Err(format!(
        "{}: already exists and {} since it was imported; --force replaces it",
        target.display(),
        if recorded.is_some() {
            "was changed"
        } else {
            "was not written by an import (or its record is gone)"
        }
    ))
}

/// Writes every file into `tmp`; returns their names, the scenario last, and its text.
fn stage(
    module: &mut Module,
    plan: &Plan,
    mapping: &Mapping,
    tmp: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<(Vec<String>, String), String> {
    let mut names = Vec::new();
    let count = plan.images.len();
    for (i, (from, to)) in plan.images.iter().enumerate() {
        if i % 50 == 0 || i + 1 == count {
            progress(&format!("copying images {}/{count}", i + 1));
        }
        validate_relative_name(to).map_err(|e| format!("image '{to}': {e}"))?;
        let bytes = module.read_image(from).map_err(|e| e.to_string())?;
        let bytes = if from.to_lowercase().ends_with(".svg") && to.ends_with(".png") {
            svg_to_png(&bytes).map_err(|e| {
                format!(
                    "{}: the board image '{from}' (SVG) cannot be drawn: {e}",
                    module.label()
                )
            })?
        } else if from.to_lowercase().ends_with(".gif") && to.ends_with(".png") {
            super::colour::gif_to_png(&bytes)
                .map_err(|e| format!("{}: the counter image '{from}': {e}", module.label()))?
        } else {
            bytes
        };
        put(tmp, to, bytes.as_slice())?;
        names.push(to.clone());
    }
    let props = property_names(plan);
    put(tmp, "mapping.ron", mapping.text(&props).as_bytes())?;
    names.push("mapping.ron".into());
    let text = crate::editor::write::scenario_text(&plan.scenario);
    let file = format!("{}.ron", plan.stem);
    put(tmp, &file, text.as_bytes())?;
    names.push(file);
    Ok((names, text))
}

/// The most pixels an SVG board is drawn at (an 8,000 × 8,000 board; 256 MB of pixels).
const MAX_SVG_PIXELS: u64 = 64_000_000;

/// An SVG image drawn into a PNG at its own size (CSS pixels, 96 to the inch, as VASSAL sizes
/// it: `vassal::image::svg_size`), its text in the system's fonts where it has them.
pub fn svg_to_png(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_data(data, &opt).map_err(|e| e.to_string())?;
    let size = crate::vassal::image::svg_size(data)
        .map(|s| (s.width.max(1) as u32, s.height.max(1) as u32))
        .unwrap_or_else(|| {
            let s = tree.size();
            (s.width().ceil() as u32, s.height().ceil() as u32)
        });
    if u64::from(size.0) * u64::from(size.1) > MAX_SVG_PIXELS {
        return Err(format!(
            "{}×{} pixels, more than the {MAX_SVG_PIXELS} Musket draws: convert it to PNG",
            size.0, size.1
        ));
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.0, size.1)
        .ok_or_else(|| format!("{}×{} pixels: not a size to draw", size.0, size.1))?;
    let (sx, sy) = (
        size.0 as f32 / tree.size().width(),
        size.1 as f32 / tree.size().height(),
    );
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

fn put(tmp: &Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    let path = tmp.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(&path, bytes).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// Moves the staged files into `dir`, the last (the scenario) last.
fn move_in(
    tmp: &Path,
    dir: &Path,
    (names, text): &(Vec<String>, String),
) -> Result<String, String> {
    for name in names {
        let to = dir.join(name);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::rename(tmp.join(name), &to)
            .map_err(|e| format!("{}: cannot write: {e}", to.display()))?;
    }
    Ok(text.clone())
}

/// The property keys the pieces have (what `read` may name), sorted.
fn property_names(plan: &Plan) -> Vec<String> {
    let mut keys: Vec<String> = plan
        .counters
        .iter()
        .flat_map(|c| c.properties.iter().map(|(k, _)| k.clone()))
        .filter(|k| k != "BasicName" && !k.ends_with("_Active") && !k.ends_with("_Image"))
        .collect();
    keys.sort();
    keys.dedup();
    keys.truncate(60);
    keys
}

fn digest(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

fn read_record(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(dir.join(RECORD))
        .ok()
        .and_then(|t| crate::rules::scenario::from_ron(&t).ok())
        .unwrap_or_default()
}

fn record_text(r: &BTreeMap<String, String>) -> String {
    let mut o =
        String::from("// What `musket import vassal` wrote here: file → BLAKE3 of its text.\n{\n");
    for (k, v) in r {
        o.push_str(&format!("    {k:?}: {v:?},\n"));
    }
    o.push_str("}\n");
    o
}
