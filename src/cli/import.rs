//! `musket import vassal MODULE.vmod --out DIR …`: a VASSAL module to a scenario draft.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::Failure;
use crate::import::vassal::{self, Options, Plan, Source, Written, mapping::Mapping};

#[derive(Subcommand, Debug)]
pub enum ImportCmd {
    /// A VASSAL module (`.vmod`): its board under the exact hex grid, every piece of the
    /// set-up a unit on its hex with its own picture, written as a scenario draft into DIR.
    Vassal(VassalArgs),
    /// Terrain help without a window: the hexes named as examples (`0512=w`, or every hex
    /// already of another terrain than clear with `--painted`) and every other hex's suggested
    /// terrain from the draft's board image; `--write` paints the suggestions into the file.
    Terrain(TerrainArgs),
    /// Measure the terrain suggestions on scenarios drawn with Musket's own tile art: label
    /// a few hexes of each terrain, suggest the rest, print how many are right per terrain.
    TerrainAccuracy(AccuracyArgs),
}

#[derive(Args, Debug)]
pub struct TerrainArgs {
    /// The draft (a scenario with an underlay fitted by its grid).
    pub scenario: PathBuf,
    /// Example hexes: LABEL=LETTER, comma-separated (`0512=w,0301=c`).
    #[arg(long, value_delimiter = ',')]
    pub examples: Vec<String>,
    /// Paint the suggestions into the file (each terrain one edit).
    #[arg(long)]
    pub write: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct AccuracyArgs {
    /// Scenario files.
    #[arg(required = true)]
    pub scenarios: Vec<PathBuf>,
    /// Example hexes labelled per terrain.
    #[arg(long, default_value_t = 3)]
    pub examples: usize,
    /// Seed of the draw of the example hexes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Pixel noise added to the drawn board (0 to 60).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(0..=60))]
    pub noise: u8,
    /// Also write each drawn board as a PNG into this folder.
    #[arg(long, value_name = "DIR")]
    pub boards: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct VassalArgs {
    /// The module file (`.vmod`).
    pub module: PathBuf,
    /// The folder to write the draft, the board image and the counters into (made if missing;
    /// not needed with --list).
    #[arg(long, value_name = "DIR", required_unless_present = "list")]
    pub out: Option<PathBuf>,
    /// The board to import, by name or as MAP/BOARD (default: the only board with a hex grid,
    /// or the one the set-up uses most).
    #[arg(long, value_name = "NAME")]
    pub board: Option<String>,
    /// Take the pieces from a set-up bundled in the module (its menu name), not the at-start
    /// stacks.
    #[arg(long, value_name = "NAME", conflicts_with = "save")]
    pub setup: Option<String>,
    /// Take the pieces from a saved game (`.vsav`).
    #[arg(long, value_name = "FILE.vsav")]
    pub save: Option<PathBuf>,
    /// The rule system of the draft (the default: gcacw).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// The player's answers (a `mapping.ron` written by an earlier import, corrected); they are
    /// remembered for this module. Without it, answers remembered for the module are used.
    #[arg(long, value_name = "FILE")]
    pub mapping: Option<PathBuf>,
    /// Do not use the answers remembered for this module.
    #[arg(long, conflicts_with = "mapping")]
    pub fresh: bool,
    /// Replace a draft in DIR even if it was changed since it was imported.
    #[arg(long)]
    pub force: bool,
    /// One JSON object on stdout: the scenario, board, grid, pieces and skipped pieces.
    #[arg(long)]
    pub json: bool,
    /// List the module's boards (size, grid kind, image present) and set-ups, and write
    /// nothing (with --json: one object).
    #[arg(long)]
    pub list: bool,
}

pub fn run(cmd: ImportCmd) -> Result<(), Failure> {
    match cmd {
        ImportCmd::Vassal(a) => run_vassal(a),
        ImportCmd::TerrainAccuracy(a) => terrain_accuracy(a),
        ImportCmd::Terrain(a) => terrain(a),
    }
}

fn run_vassal(a: VassalArgs) -> Result<(), Failure> {
    let started = std::time::Instant::now();
    let quiet = a.json;
    let mut progress = |msg: &str| {
        if !quiet {
            eprintln!("import: {msg}");
        }
    };
    progress(&format!("reading {}", a.module.display()));
    let mut module = crate::vassal::Module::open(&a.module).map_err(|e| Failure(e.to_string()))?;
    if a.list {
        return list(&module, a.json);
    }
    let Some(out) = a.out.clone() else {
        return Err(Failure(
            "import vassal: --out DIR is needed (or --list)".into(),
        ));
    };
    let stem = vassal::stem_of(module.name(), &a.module);
    let (mapping, remembered) = answers(&a, &stem)?;
    let opts = Options {
        module: a.module.clone(),
        board: a.board.clone(),
        source: match (&a.setup, &a.save) {
            (Some(s), _) => Source::Setup(s.clone()),
            (None, Some(p)) => Source::Save(p.clone()),
            (None, None) => Source::AtStart,
        },
        ruleset: a
            .ruleset
            .clone()
            .unwrap_or_else(|| crate::rules::registry::default_id().to_string()),
        mapping: mapping.clone(),
    };
    let plan = vassal::plan_module(&mut module, &opts, &mut progress).map_err(Failure)?;
    let guessed = Mapping::guessed(
        &plan.module_name,
        &plan.scenario.sides,
        &plan.counters,
        mapping.as_ref(),
    );
    // The module the draft already in DIR was imported from, where it is another.
    let before = std::fs::read_to_string(out.join(format!("{}.ron", plan.stem)))
        .ok()
        .and_then(|t| {
            crate::rules::scenario::from_ron::<crate::rules::scenario::ScenarioFile>(&t).ok()
        })
        .and_then(|f| f.module);
    let changed = match (&before, &plan.scenario.module) {
        (Some(b), Some(n)) if b.digest != n.digest => Some((b.clone(), n.clone())),
        _ => None,
    };
    if let Some((b, n)) = &changed {
        progress(&format!(
            "the draft in {} was imported from {}; this module is {}: its boards, pieces or \
             images may differ",
            out.display(),
            b.describe(),
            n.describe()
        ));
    }
    let written = vassal::write(&mut module, &plan, &guessed, &out, a.force, &mut progress)
        .map_err(Failure)?;
    if a.mapping.is_some()
        && let (Some(m), Some(path)) = (&mapping, vassal::mapping::remembered_path(&stem))
    {
        remember(m, &path);
    }
    if a.json {
        let mut report = report_json(&plan, &written);
        report["module_changed"] = match &changed {
            Some((b, n)) => json!({"before": b, "now": n}),
            None => Value::Null,
        };
        outln!("{report}");
    } else {
        report_text(&plan, &written, remembered.as_deref(), started.elapsed());
    }
    Ok(())
}

/// The answers to use: `--mapping`, else those remembered for the module (unless `--fresh`).
fn answers(a: &VassalArgs, stem: &str) -> Result<(Option<Mapping>, Option<PathBuf>), Failure> {
    if let Some(p) = &a.mapping {
        return Ok((Some(Mapping::load(p).map_err(Failure)?), None));
    }
    if a.fresh {
        return Ok((None, None));
    }
    match vassal::mapping::remembered_path(stem) {
        Some(p) if p.exists() => match Mapping::load(&p) {
            Ok(m) => Ok((Some(m), Some(p))),
            Err(e) => {
                eprintln!("import: the remembered answers are not readable, not used: {e}");
                Ok((None, None))
            }
        },
        _ => Ok((None, None)),
    }
}

fn remember(m: &Mapping, path: &Path) {
    let ok = path
        .parent()
        .map(std::fs::create_dir_all)
        .transpose()
        .and_then(|_| std::fs::write(path, m.text(&[])));
    if let Err(e) = ok {
        eprintln!(
            "import: could not remember the answers in {}: {e}",
            path.display()
        );
    }
}

/// `--list`: the module's boards (map, name, size, grid kind, whether the image is there) and
/// set-ups.
fn list(module: &crate::vassal::Module, as_json: bool) -> Result<(), Failure> {
    let mut boards = Vec::new();
    for m in &module.build_file().maps {
        for b in &m.boards {
            let s = b.size();
            let grid = b
                .grid
                .as_ref()
                .map_or("none".to_string(), |g| g.player_kind());
            let importable = b.require_hex_grid().err().map(|e| e.to_string());
            boards.push(json!({
                "map": m.id(),
                "name": b.name,
                "width": s.width,
                "height": s.height,
                "grid": grid,
                "image": b.image,
                "image_present": b.image.as_ref().map(|_| !b.image_missing),
                "not_importable": importable,
            }));
        }
    }
    let setups = vassal::setup_names(module);
    if as_json {
        outln!(
            "{}",
            json!({
                "module": module.name(),
                "version": module.version(),
                "boards": boards,
                "setups": setups,
            })
        );
        return Ok(());
    }
    outln!("module: {} {}", module.name(), module.version());
    for b in &boards {
        let image = match (&b["image"], &b["image_present"]) {
            (Value::Null, _) => "no image".to_string(),
            (_, Value::Bool(false)) => {
                format!("image {} MISSING", b["image"].as_str().unwrap_or(""))
            }
            _ => format!("image {}", b["image"].as_str().unwrap_or("")),
        };
        let why = b["not_importable"]
            .as_str()
            .map(|e| format!("; not importable: {e}"))
            .unwrap_or_default();
        outln!(
            "board: {}/{} ({}×{} px; grid: {}; {image}{why})",
            b["map"].as_str().unwrap_or(""),
            b["name"].as_str().unwrap_or(""),
            b["width"],
            b["height"],
            b["grid"].as_str().unwrap_or("")
        );
    }
    for s in setups {
        outln!("setup: {s}");
    }
    Ok(())
}

fn report_json(plan: &Plan, w: &Written) -> Value {
    let board_image = plan
        .scenario
        .underlay
        .as_ref()
        .map(|u| w.dir.join(&u.image).display().to_string());
    json!({
        "scenario": w.scenario.display().to_string(),
        "module": plan.scenario.module,
        "dir": w.dir.display().to_string(),
        "mapping": w.mapping.display().to_string(),
        "board": {
            "name": plan.board.name,
            "map": plan.board.map,
            "image": board_image,
            "width": plan.board.width,
            "height": plan.board.height,
        },
        "grid": {
            "dx": plan.grid.dx,
            "dy": plan.grid.dy,
            "x0": plan.grid.x0,
            "y0": plan.grid.y0,
            "sideways": plan.grid.sideways,
            "columns": plan.grid.columns,
            "rows": plan.grid.rows,
            "zone": plan.grid.zone,
            "labels_are_locations": plan.grid.identity,
        },
        "pieces": plan.pieces.iter().map(|p| json!({
            "name": p.name, "x": p.x, "y": p.y, "location": p.location,
            "hex": p.hex, "unit": p.unit,
        })).collect::<Vec<_>>(),
        "skipped": plan.skipped.iter().map(|(n, r)| json!({"name": n, "reason": r})).collect::<Vec<_>>(),
        "notes": plan.notes,
    })
}

fn report_text(plan: &Plan, w: &Written, remembered: Option<&Path>, took: std::time::Duration) {
    outln!("draft: {}", w.scenario.display());
    outln!(
        "board: {}/{} ({}×{} px), grid dx {} dy {}: {}×{} hexes, {}",
        plan.board.map,
        plan.board.name,
        plan.board.width,
        plan.board.height,
        plan.grid.dx,
        plan.grid.dy,
        plan.grid.columns,
        plan.grid.rows,
        if plan.grid.identity {
            "labels are the module's hex numbers"
        } else {
            "the module's hex names kept as labels"
        }
    );
    outln!(
        "units: {} (sides {}), skipped: {}",
        plan.pieces.len(),
        plan.scenario.sides.join(" and "),
        plan.skipped.len()
    );
    for (n, r) in plan.skipped.iter().take(10) {
        outln!("  skipped {n}: {r}");
    }
    if plan.skipped.len() > 10 {
        outln!(
            "  … and {} more (--json lists them all)",
            plan.skipped.len() - 10
        );
    }
    for n in &plan.notes {
        outln!("note: {n}");
    }
    if let Some(p) = remembered {
        outln!("answers remembered for this module used: {}", p.display());
    }
    let waiting = plan
        .scenario
        .units
        .iter()
        .filter(|u| !u.placeholder.is_empty())
        .count();
    if waiting == 0 {
        outln!(
            "next: every unit has its values; paint a few hexes of each terrain and let the \
             editor suggest the rest (`musket edit {}`, or `musket import terrain`), then play",
            w.scenario.display()
        );
        outln!("took {:.1} s", took.as_secs_f64());
        return;
    }
    outln!(
        "next: confirm sides, kinds and values in {} (then `musket import vassal … --mapping \
         {}`) or in the editor: {} units wait for values; paint the terrain with `musket edit {}`",
        w.mapping.display(),
        w.mapping.display(),
        waiting,
        w.scenario.display()
    );
    outln!("took {:.1} s", took.as_secs_f64());
}

fn terrain_accuracy(a: AccuracyArgs) -> Result<(), Failure> {
    use crate::import::measure;
    let mut rows = Vec::new();
    let (mut right, mut total) = (0, 0);
    for p in &a.scenarios {
        let sc = crate::rules::registry::load_scenario(p)?;
        let acc = measure::measure(&sc, a.examples, a.seed, a.noise)
            .map_err(|e| Failure(format!("{}: {e}", p.display())))?;
        if let Some(dir) = &a.boards {
            let pic = measure::render(&sc, a.noise).map_err(Failure)?;
            std::fs::create_dir_all(dir).map_err(|e| Failure(format!("{}: {e}", dir.display())))?;
            let out = dir.join(format!(
                "{}.png",
                p.file_stem()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default()
            ));
            image::save_buffer(
                &out,
                &pic.rgb,
                pic.width,
                pic.height,
                image::ExtendedColorType::Rgb8,
            )
            .map_err(|e| Failure(format!("{}: {e}", out.display())))?;
        }
        right += acc.right();
        total += acc.total();
        rows.push((p.display().to_string(), acc));
    }
    if a.json {
        let v: Vec<Value> = rows
            .iter()
            .map(|(p, acc)| {
                json!({
                    "scenario": p,
                    "examples": acc.examples,
                    "right": acc.right(),
                    "total": acc.total(),
                    "terrain": acc.per_terrain.iter().map(|(l, r, t)| json!({
                        "letter": l.to_string(), "right": r, "total": t,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        outln!(
            "{}",
            json!({"scenarios": v, "right": right, "total": total})
        );
        return Ok(());
    }
    for (p, acc) in &rows {
        outln!(
            "{p}: {}/{} right ({:.1}%), {} examples",
            acc.right(),
            acc.total(),
            pct(acc.right(), acc.total()),
            acc.examples
        );
        for (l, r, t) in &acc.per_terrain {
            let name = crate::rules::map::Terrain::from_letter(*l)
                .map(|t| t.name())
                .unwrap_or("?");
            outln!("  {l} {name:<16} {r:>5}/{t:<5} {:.1}%", pct(*r, *t));
        }
    }
    outln!("all: {right}/{total} right ({:.1}%)", pct(right, total));
    Ok(())
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

fn terrain(a: TerrainArgs) -> Result<(), Failure> {
    use crate::editor::{Editor, action::EditAction};
    use crate::import::terrain::{Picture, suggest};
    let mut ed = Editor::open(&a.scenario).map_err(Failure)?;
    let f = ed.file.clone();
    let u = f.underlay.as_ref().ok_or_else(|| {
        Failure(format!(
            "{}: no board image (underlay)",
            a.scenario.display()
        ))
    })?;
    let fit = u.grid.ok_or_else(|| {
        Failure(format!(
            "{}: underlay.grid: terrain help needs the board's exact grid fit (an imported module's)",
            a.scenario.display()
        ))
    })?;
    let numbering = f.map.numbering();
    let mut examples = Vec::new();
    for e in &a.examples {
        let (l, t) = e
            .split_once('=')
            .ok_or_else(|| Failure(format!("--examples {e}: give LABEL=LETTER (0512=w)")))?;
        let c = numbering
            .parse(l.trim())
            .map_err(|err| Failure(format!("--examples {e}: {err}")))?;
        let letter = t
            .trim()
            .chars()
            .next()
            .filter(|_| t.trim().chars().count() == 1);
        let letter =
            letter.ok_or_else(|| Failure(format!("--examples {e}: one terrain letter")))?;
        examples.push((c, letter));
    }
    if examples.is_empty() {
        return Err(Failure(
            "--examples: name a few hexes of each terrain (0512=w,…)".into(),
        ));
    }
    for (c, l) in &examples {
        ed.apply(&EditAction::Paint {
            terrain: *l,
            hexes: vec![numbering.label(*c)],
        })
        .map_err(Failure)?;
    }
    let path = crate::editor::underlay::image_path(u, &a.scenario);
    let bytes = std::fs::read(&path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let pic = Picture::decode(&bytes, &path.display().to_string()).map_err(Failure)?;
    let hexes: Vec<crate::rules::hex::Coord> = numbering.hexes().collect();
    let got = suggest(&pic, (&fit, numbering.orientation), &hexes, &examples);
    let mut by: std::collections::BTreeMap<char, Vec<String>> = Default::default();
    for s in &got {
        by.entry(s.letter).or_default().push(numbering.label(s.hex));
    }
    if a.json {
        outln!(
            "{}",
            json!({"suggestions": got.iter().map(|s| json!({
            "hex": numbering.label(s.hex), "terrain": s.letter.to_string(), "sure": s.sure,
        })).collect::<Vec<_>>()})
        );
    } else {
        for (l, hs) in &by {
            outln!("{l}: {} hexes: {}", hs.len(), hs.join(" "));
        }
    }
    if a.write {
        for (terrain, hexes) in by {
            ed.apply(&EditAction::Paint { terrain, hexes })
                .map_err(Failure)?;
        }
        ed.save(&a.scenario).map_err(Failure)?;
        eprintln!(
            "import: {} written ({} hexes suggested)",
            a.scenario.display(),
            got.len()
        );
    }
    Ok(())
}
