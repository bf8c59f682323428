//! `musket moves`: every hex a unit can still reach this turn, with its cost and path.

use std::process::ExitCode;

use serde_json::{Value, json};

use super::{Failure, load_game};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{MoveContext, Reach, budget, may_move, reachable};
use crate::rules::points::{Allowance, Mp};
use crate::rules::registry::RulesOverrides;
use crate::rules::unit::{SideId, UnitIdx};

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

/// What `musket moves` found: the movers, their budgets and the hexes they reach.
struct Found<'a> {
    /// The position searched (the scenario's, or as the unit's side next moves).
    game: &'a Game,
    /// Whether the unit's side does not move in the phase under way.
    later: bool,
    /// The unit's side.
    side: SideId,
    /// The unit, then (--stack) the other units of its side in its hex.
    units: Vec<UnitIdx>,
    origin: Coord,
    /// Each mover's points and where they come from.
    budgets: Vec<(Mp, String)>,
    /// Why movers cannot move (none listed with --allowance).
    blocked: Vec<String>,
    /// The hexes reached, cheapest first (none when a mover cannot move).
    rows: Vec<Row>,
}

/// A hex the movers reach.
struct Row {
    cost: Mp,
    costs: Vec<Mp>,
    hex: String,
    path: Vec<String>,
    zoc: bool,
    stop: bool,
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
    let found = search(&a, &now, &game, side, later)?;
    if a.json {
        print_json(&found)?;
    } else {
        print_text(&found);
    }
    Ok(ExitCode::SUCCESS)
}

/// The movers, their budgets, and every hex they reach from theirs.
fn search<'a>(
    a: &MovesArgs,
    now: &Game,
    game: &'a Game,
    side: SideId,
    later: bool,
) -> Result<Found<'a>, Failure> {
    let (units, origin) = movers(a, game)?;
    let given = given_allowance(&a.allowance)?;
    // The budgets: --allowance for every unit; else what each has (a roll not made yet counts
    // at its most).
    let budgets: Vec<(Mp, String)> = units
        .iter()
        .map(|x| match given {
            Some(m) => (m, "given".to_string()),
            None => own_budget(game, *x),
        })
        .collect();
    let ctx = MoveContext::new(game);
    let reach = reachable(game, &ctx, &units, given)
        .ok_or_else(|| Failure(format!("--unit {:?}: cannot search from its hex", a.unit)))?;
    let blocked: Vec<String> = match given {
        Some(_) => Vec::new(),
        None => units
            .iter()
            .filter_map(|x| {
                may_move(game, *x)
                    .err()
                    // At the highest fatigue in an action phase: no march in its next action.
                    .or_else(|| {
                        (later && crate::rules::gate::on_initiative(now))
                            .then(|| crate::rules::gate::check_fatigue(now, *x).err())
                            .flatten()
                    })
            })
            .collect(),
    };
    let mut rows = rows(game, &ctx, &reach, origin, game.unit(units[0]).side);
    if !blocked.is_empty() {
        rows.clear();
    }
    rows.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.hex.cmp(&b.hex)));
    Ok(Found {
        game,
        later,
        side,
        units,
        origin,
        budgets,
        blocked,
        rows,
    })
}

/// The unit named and its hex: it alone, or (--stack) with its side's other units there.
fn movers(a: &MovesArgs, game: &Game) -> Result<(Vec<UnitIdx>, Coord), Failure> {
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
    Ok((units, origin))
}

/// The points of --allowance, if given.
fn given_allowance(allowance: &Option<String>) -> Result<Option<Mp>, Failure> {
    Ok(match allowance {
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
    })
}

/// Every hex reached but the movers' own, with its costs, path and enemy zone of control.
fn rows(game: &Game, ctx: &MoveContext, reach: &Reach, origin: Coord, side: SideId) -> Vec<Row> {
    let map = game.map();
    reach
        .hexes()
        .filter(|h| map.coord(h.index) != origin)
        .map(|h| {
            let c = map.coord(h.index);
            Row {
                cost: h.cost,
                costs: reach.unit_costs_ix(h.index).unwrap_or_default().to_vec(),
                hex: game.label(c),
                path: reach
                    .path(game, c)
                    .unwrap_or_default()
                    .iter()
                    .map(|p| game.label(*p))
                    .collect(),
                zoc: ctx.zoc_for(side, h.index).any(),
                stop: h.stop,
            }
        })
        .collect()
}

/// The movers' ids, in order.
fn ids<'a>(f: &Found<'a>) -> Vec<&'a str> {
    f.units
        .iter()
        .map(|x| f.game.unit(*x).id.as_str())
        .collect()
}

/// `--json`: one object.
fn print_json(f: &Found) -> Result<(), Failure> {
    let game = f.game;
    let ids = ids(f);
    let list: Vec<Value> = f
        .rows
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
        .zip(&f.budgets)
        .map(|(id, (m, how))| (id.to_string(), json!({"points": m.as_f64(), "from": how})))
        .collect();
    let least = f.budgets.iter().map(|b| b.0).min().unwrap_or(Mp::ZERO);
    let out = json!({
        "unit": game.unit(f.units[0]).id,
        "units": ids,
        "hex": game.label(f.origin),
        "allowance": least.as_f64(),
        "allowance_from": f.budgets[0].1,
        "allowances": allowances,
        "points": game.rules.movement().points_name(),
        "cannot_move": f.blocked,
        "when": if f.later { "its next phase of moves" } else { "now" },
        "turn": game.turn,
        "reachable": list,
    });
    outln!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}

/// The text: the movers and their points, why they cannot move, then a line a hex.
fn print_text(f: &Found) {
    let game = f.game;
    let pts = game.rules.movement().points_name();
    if f.later {
        outln!(
            "Not {}'s phase: what it reaches when it next moves (turn {})",
            game.scenario.side_name(f.side),
            game.turn
        );
    }
    if f.units.len() == 1 {
        let unit = game.unit(f.units[0]);
        outln!(
            "{} ({}) in {}: {} {pts} ({}); {} hexes reachable",
            unit.name,
            unit.id,
            game.label(f.origin),
            f.budgets[0].0,
            f.budgets[0].1,
            f.rows.len()
        );
    } else {
        outln!(
            "Stack of {} units in {}, moving together; {} hexes reachable",
            f.units.len(),
            game.label(f.origin),
            f.rows.len()
        );
        for (x, (m, how)) in f.units.iter().zip(&f.budgets) {
            let ux = game.unit(*x);
            outln!("  {} ({}): {m} {pts} ({how})", ux.name, ux.id);
        }
    }
    for why in &f.blocked {
        outln!("  cannot move: {why}");
    }
    let ids = ids(f);
    for r in &f.rows {
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

/// What a unit may spend, and where that comes from: what it has left; a roll not made yet at
/// its most.
fn own_budget(game: &Game, u: UnitIdx) -> (Mp, String) {
    let unit = game.unit(u);
    let mv = game.rules.movement();
    match budget(game, u).left {
        Some(l) => (l, "the unit's allowance".to_string()),
        None => match mv.allowance(game, u) {
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
