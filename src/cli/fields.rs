//! `musket fields`: battlefields the computer players were never tuned on, generated for the
//! army, rules and turns of a source scenario (`crate::fieldgen`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::fieldgen::{self, Field, Template};
use crate::rules::registry::RulesOverrides;

use super::Failure;

/// Most fields one run may write per source.
const MOST: u32 = 1000;

#[derive(clap::Args, Debug)]
pub struct FieldsArgs {
    /// A scenario whose army, rules and turns the fields take (repeatable: fields for each).
    #[arg(long, required = true, value_name = "SCENARIO")]
    pub like: Vec<PathBuf>,
    /// The first field's seed; a source's field i has seed + i. Seeds below 1000 are the tuning
    /// set, 1000 and up the held-out set.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fields per source (1 to 1000).
    #[arg(long, default_value_t = 1)]
    pub count: u32,
    /// The layout: river, ridge, open or town (default: the seed's, seed % 4: town, river,
    /// ridge, open).
    #[arg(long, value_name = "NAME")]
    pub template: Option<String>,
    /// The folder to write the fields into (made if missing), as SOURCE-SEED.ron.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Print one JSON array, an object per field.
    #[arg(long)]
    pub json: bool,
}

/// `musket fields`.
pub fn run(a: FieldsArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let template = match &a.template {
        None => None,
        Some(t) => Some(Template::parse(t).ok_or_else(|| {
            let known: Vec<&str> = Template::ALL.iter().map(|t| t.name()).collect();
            Failure(format!(
                "--template {t}: unknown layout; known: {}",
                known.join(", ")
            ))
        })?),
    };
    if a.count == 0 || a.count > MOST {
        return Err(Failure(format!("--count {}: from 1 to {MOST}", a.count)));
    }
    if a.seed.checked_add(u64::from(a.count)).is_none() {
        return Err(Failure(format!(
            "--seed {}: too large for {} fields",
            a.seed, a.count
        )));
    }
    let stems = stems(&a.like)?;
    let mut scenarios = Vec::new();
    for like in &a.like {
        scenarios.push(crate::rules::registry::load_scenario(like)?);
    }
    let mut sources = Vec::new();
    for (like, sc) in a.like.iter().zip(&scenarios) {
        let shown = like.display().to_string();
        sources.push(
            fieldgen::Source::new(sc, &shown, ov)
                .map_err(|e| Failure(format!("--like {shown}: {e}")))?,
        );
    }
    if a.out.exists() && !a.out.is_dir() {
        return Err(Failure(format!("--out {}: not a folder", a.out.display())));
    }
    std::fs::create_dir_all(&a.out).map_err(|e| {
        Failure(format!(
            "--out {}: cannot make the folder: {e}",
            a.out.display()
        ))
    })?;
    let mut report = Vec::new();
    for ((like, stem), source) in a.like.iter().zip(&stems).zip(&sources) {
        for seed in a.seed..a.seed + u64::from(a.count) {
            let field = fieldgen::generate(source, seed, template)
                .map_err(|e| Failure(format!("{}: seed {seed}: {e}", like.display())))?;
            let path = a.out.join(format!("{stem}-{seed}.ron"));
            std::fs::write(&path, &field.text)
                .map_err(|e| Failure(format!("{}: cannot write: {e}", path.display())))?;
            if a.json {
                report.push(json(&path, seed, &field));
            } else {
                outln!("{}", line(&path, seed, &field));
            }
        }
    }
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(ExitCode::SUCCESS)
}

/// The file-name stem of each source; two sources of one stem would overwrite each other.
fn stems(likes: &[PathBuf]) -> Result<Vec<String>, Failure> {
    let mut out: Vec<String> = Vec::new();
    for p in likes {
        let stem = p
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Failure(format!("--like {}: not a file name", p.display())))?;
        if out.contains(&stem) {
            return Err(Failure(format!(
                "--like {}: another source has the name {stem:?}; their fields would overwrite each other",
                p.display()
            )));
        }
        out.push(stem);
    }
    Ok(out)
}

fn units_by_side(f: &Field) -> Vec<(String, usize)> {
    let sc = &f.scenario;
    sc.sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            (
                s.clone(),
                sc.units.iter().filter(|u| u.side.0 as usize == i).count(),
            )
        })
        .collect()
}

fn line(path: &Path, seed: u64, f: &Field) -> String {
    let sc = &f.scenario;
    let units: Vec<String> = units_by_side(f)
        .iter()
        .map(|(s, n)| format!("{s} {n}"))
        .collect();
    format!(
        "{}: {}, {}, {}x{}, {} units ({}), {} victory hexes, seed {seed} ({} set)",
        path.display(),
        f.template.title(),
        sc.ruleset,
        sc.map.columns(),
        sc.map.rows(),
        sc.units.len(),
        units.join(", "),
        sc.victory.len(),
        fieldgen::set_of(seed)
    )
}

fn json(path: &Path, seed: u64, f: &Field) -> serde_json::Value {
    let sc = &f.scenario;
    let units: serde_json::Map<String, serde_json::Value> = units_by_side(f)
        .into_iter()
        .map(|(s, n)| (s, n.into()))
        .collect();
    let victory: Vec<serde_json::Value> = f
        .file
        .victory
        .iter()
        .map(|v| {
            serde_json::json!({"hex": v.hex, "name": v.name, "points": v.points, "holder": v.holder})
        })
        .collect();
    serde_json::json!({
        "path": path.display().to_string(),
        "seed": seed,
        "set": fieldgen::set_of(seed),
        "template": f.template.name(),
        "ruleset": sc.ruleset,
        "title": sc.title,
        "columns": sc.map.columns(),
        "rows": sc.map.rows(),
        "turns": sc.turns,
        "units": units,
        "victory": victory,
        "ground": f.description,
    })
}
