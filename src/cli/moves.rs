//! `musket moves`: every hex a unit can still reach this turn, with its cost and path.

use std::process::ExitCode;

use serde_json::{Value, json};

use super::{Failure, load_game};
use crate::rules::game::Game;
use crate::rules::movement::{MoveContext, budget, may_move, reachable};
use crate::rules::points::{Allowance, Mp};
use crate::rules::registry::RulesOverrides;
use crate::rules::unit::UnitIdx;

/// The arguments of `musket moves`.
#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    /// The scenario file.
    pub scenario: std::path::PathBuf,
    /// The unit (its id); alone unless --stack.
    #[arg(long)]
    pub unit: String,
    /// The unit and every unit of its side stacked with it, moving together: a hex is listed
    /// when one path suits every unit, each paying its own price from its own allowance (as
    /// `MoveStack` is checked).
    #[arg(long)]
    pub stack: bool,
    /// The points to spend, in place of the unit's allowance (or its march roll), e.g. `4` or
    /// `2.5`.
    #[arg(long, allow_hyphen_values = true)]
    pub allowance: Option<String>,
    /// Print one JSON object: {"unit", "units", "allowance", "allowances", "reachable":
    /// [{"hex", "cost", "costs", "path", "enemy_zoc", "stop"}]}; "cost" is what the unit that
    /// pays most pays, "costs" what each unit pays, by id.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: MovesArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let now = load_game(&a.scenario, ov)?;
    // A unit whose side does not move in the phase under way: what it reaches when it next
    // moves (as the threat model sees it, `movement::as_it_next_moves`).
    let side = now
        .unit_by_id(&a.unit)
        .map(|u| now.unit(u).side)
        .unwrap_or(now.active_side);
    let later = !crate::rules::movement::moves_now(&now, side);
    let game = if later {
        crate::rules::movement::as_it_next_moves(&now, side)
    } else {
        now.clone()
    };
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
    // The movers: the unit, then (--stack) its side's other units in its hex.
    let mut units = vec![u];
    if a.stack {
        units.extend(
            game.units_at(origin)
                .iter()
                .copied()
                .filter(|x| *x != u && game.unit(*x).side == unit.side),
        );
    }
    let pts = game.rules.movement().points_name();
    // The budgets: --allowance for every unit; else what each has (a roll not made yet counts
    // at its most).
    let given = match &a.allowance {
        Some(s) => Some(
            s.trim()
                .parse::<f64>()
                .ok()
                .and_then(Mp::from_f64)
                .ok_or_else(|| {
                    Failure(format!(
                        "--allowance {s:?}: give a number of points, 0 or more (e.g. 4 or 2.5)"
                    ))
                })?,
        ),
        None => None,
    };
    let budgets: Vec<(Mp, String)> = units
        .iter()
        .map(|x| match given {
            Some(m) => (m, "given".to_string()),
            None => own_budget(&game, *x),
        })
        .collect();
    let ctx = MoveContext::new(&game);
    let reach = reachable(&game, &ctx, &units, given)
        .ok_or_else(|| Failure(format!("--unit {:?}: cannot search from its hex", a.unit)))?;
    let blocked: Vec<String> = match given {
        Some(_) => Vec::new(),
        None => units
            .iter()
            .filter_map(|x| {
                may_move(&game, *x)
                    .err()
                    // At the highest fatigue in an action phase: no march in its next action.
                    .or_else(|| {
                        (later && crate::rules::gate::on_initiative(&now))
                            .then(|| crate::rules::gate::check_fatigue(&now, *x).err())
                            .flatten()
                    })
            })
            .collect(),
    };

    let map = game.map();
    let ids: Vec<&str> = units.iter().map(|x| game.unit(*x).id.as_str()).collect();
    struct Row {
        cost: Mp,
        costs: Vec<Mp>,
        hex: String,
        path: Vec<String>,
        zoc: bool,
        stop: bool,
    }
    let mut rows: Vec<Row> = reach
        .hexes()
        .filter(|h| map.coord(h.index) != origin)
        .map(|h| {
            let c = map.coord(h.index);
            Row {
                cost: h.cost,
                costs: reach.unit_costs_ix(h.index).unwrap_or_default().to_vec(),
                hex: game.label(c),
                path: reach
                    .path(&game, c)
                    .unwrap_or_default()
                    .iter()
                    .map(|p| game.label(*p))
                    .collect(),
                zoc: ctx.zoc_for(unit.side, h.index).any(),
                stop: h.stop,
            }
        })
        .collect();
    if !blocked.is_empty() {
        rows.clear();
    }
    rows.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.hex.cmp(&b.hex)));
    let least = budgets.iter().map(|b| b.0).min().unwrap_or(Mp::ZERO);
    if a.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|r| {
                let costs: serde_json::Map<String, Value> = ids
                    .iter()
                    .zip(&r.costs)
                    .map(|(id, c)| (id.to_string(), json!(c.as_f64())))
                    .collect();
                json!({
                    "hex": r.hex,
                    "cost": r.cost.as_f64(),
                    "costs": costs,
                    "path": r.path,
                    "enemy_zoc": r.zoc,
                    "stop": r.stop,
                })
            })
            .collect();
        let allowances: serde_json::Map<String, Value> = ids
            .iter()
            .zip(&budgets)
            .map(|(id, (m, how))| (id.to_string(), json!({"points": m.as_f64(), "from": how})))
            .collect();
        let out = json!({
            "unit": unit.id,
            "units": ids,
            "hex": game.label(origin),
            "allowance": least.as_f64(),
            "allowance_from": budgets[0].1,
            "allowances": allowances,
            "points": pts,
            "cannot_move": blocked,
            "when": if later { "its next phase of moves" } else { "now" },
            "turn": game.turn,
            "reachable": list,
        });
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        if later {
            outln!(
                "Not {}'s phase: what it reaches when it next moves (turn {})",
                game.scenario.side_name(side),
                game.turn
            );
        }
        if units.len() == 1 {
            outln!(
                "{} ({}) in {}: {} {pts} ({}); {} hexes reachable",
                unit.name,
                unit.id,
                game.label(origin),
                budgets[0].0,
                budgets[0].1,
                rows.len()
            );
        } else {
            outln!(
                "Stack of {} units in {}, moving together; {} hexes reachable",
                units.len(),
                game.label(origin),
                rows.len()
            );
            for (x, (m, how)) in units.iter().zip(&budgets) {
                let ux = game.unit(*x);
                outln!("  {} ({}): {m} {pts} ({how})", ux.name, ux.id);
            }
        }
        for why in &blocked {
            outln!("  cannot move: {why}");
        }
        for r in &rows {
            let each = if r.costs.iter().any(|c| *c != r.cost) {
                format!(
                    "  [{}]",
                    ids.iter()
                        .zip(&r.costs)
                        .map(|(id, c)| format!("{id} {c}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                String::new()
            };
            outln!(
                "  {}  {:>5} {pts}  {}{each}{}{}",
                r.hex,
                r.cost,
                r.path.join(" "),
                if r.zoc { "  [enemy ZOC]" } else { "" },
                if r.stop && !r.zoc {
                    "  [move ends]"
                } else {
                    ""
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What a unit may spend, and where that comes from: what it has left; a roll not made yet at
/// its most.
fn own_budget(game: &Game, u: UnitIdx) -> (Mp, String) {
    let unit = game.unit(u);
    let mv = game.rules.movement();
    match budget(game, u).left {
        Some(l) => (l, "the unit's allowance".to_string()),
        None => match mv.allowance(game, unit) {
            a @ Allowance::Roll { dice, modifier, .. } => (
                a.max().saturating_sub(unit.spent),
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
    }
}
