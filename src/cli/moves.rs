//! `musket moves`: every hex a unit can still reach this turn, with its cost and path.

use std::process::ExitCode;

use serde_json::{Value, json};

use super::{Failure, load_game};
use crate::rules::movement::{Allowance, MoveContext, Mp, budget, reachable};
use crate::rules::ruleset::RulesOverrides;

/// The arguments of `musket moves`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    /// The scenario file.
    pub scenario: std::path::PathBuf,
    /// The unit (its id); the units stacked with it are not included.
    #[arg(long)]
    pub unit: String,
    /// The points to spend, in place of the unit's allowance (or its march roll), e.g. `4` or
    /// `2.5`.
    #[arg(long, allow_hyphen_values = true)]
    pub allowance: Option<String>,
    /// Print one JSON object: {"unit", "allowance", "reachable": [{"hex", "cost", "path",
    /// "enemy_zoc", ...}]}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: MovesArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let game = load_game(&a.scenario, ov)?;
    let u = game.unit_by_id(&a.unit).ok_or_else(|| {
        Failure(format!(
            "--unit {:?}: no such unit in {}",
            a.unit,
            a.scenario.display()
        ))
    })?;
    let unit = game.unit(u);
    let Some(origin) = unit.hex else {
        return Err(Failure(format!(
            "--unit {:?}: the unit is not on the map",
            a.unit
        )));
    };
    let mv = game.rules.movement();
    let pts = mv.points_name();
    // The budget: --allowance; else what the unit has; a roll not made yet counts at its most.
    let (points, how) = match &a.allowance {
        Some(s) => {
            let m = s
                .trim()
                .parse::<f64>()
                .ok()
                .and_then(Mp::from_f64)
                .ok_or_else(|| {
                    Failure(format!(
                        "--allowance {s:?}: give a number of points, 0 or more (e.g. 4 or 2.5)"
                    ))
                })?;
            (m, "given".to_string())
        }
        None => match budget(&game, u).left {
            Some(l) => (l, "the unit's allowance".to_string()),
            None => match mv.allowance(&game, unit) {
                a @ Allowance::Roll { dice, modifier, .. } => (
                    a.max(),
                    format!(
                        "the largest march roll, {dice}d6{}; the roll is made when the unit marches",
                        if modifier != 0 {
                            format!("{modifier:+}")
                        } else {
                            String::new()
                        }
                    ),
                ),
                a => (a.max(), "the unit's allowance".to_string()),
            },
        },
    };
    let ctx = MoveContext::new(&game);
    let reach = reachable(&game, &ctx, &[u], Some(points))
        .ok_or_else(|| Failure(format!("--unit {:?}: cannot search from its hex", a.unit)))?;
    let map = game.map();
    let mut rows: Vec<(Mp, String, Vec<String>, bool, bool)> = reach
        .hexes()
        .filter(|h| map.coord(h.index) != origin)
        .map(|h| {
            let c = map.coord(h.index);
            let path = reach
                .path(&game, c)
                .unwrap_or_default()
                .iter()
                .map(|p| game.label(*p))
                .collect();
            (
                h.cost,
                game.label(c),
                path,
                ctx.zoc_for(unit.side, h.index).any(),
                h.stop,
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    if a.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(cost, hex, path, zoc, stop)| {
                json!({
                    "hex": hex,
                    "cost": cost.as_f64(),
                    "path": path,
                    "enemy_zoc": zoc,
                    "stop": stop,
                })
            })
            .collect();
        let out = json!({
            "unit": unit.id,
            "hex": game.label(origin),
            "allowance": points.as_f64(),
            "allowance_from": how,
            "points": pts,
            "reachable": list,
        });
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        outln!(
            "{} ({}) in {}: {} {pts} ({how}); {} hexes reachable",
            unit.name,
            unit.id,
            game.label(origin),
            points,
            rows.len()
        );
        for (cost, hex, path, zoc, stop) in &rows {
            outln!(
                "  {hex}  {cost:>5} {pts}  {}{}{}",
                path.join(" "),
                if *zoc { "  [enemy ZOC]" } else { "" },
                if *stop && !*zoc { "  [move ends]" } else { "" }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
