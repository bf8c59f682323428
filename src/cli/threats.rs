//! `musket threats`: what the enemy can do to a hex in its next turn, with exact odds
//! (`rules::threat`).

use std::process::ExitCode;

use serde_json::{Value, json};

use super::{Failure, load_game, odds_json};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::registry::RulesOverrides;
use crate::rules::threat::{HexThreats, Threat, ThreatModel};

/// The arguments of `musket threats`.
#[derive(clap::Args, Debug)]
pub struct ThreatsArgs {
    /// The scenario file (or a game's scenario as it starts).
    pub scenario: std::path::PathBuf,
    /// The hex (CCRR) whose threats to list; without it, every hex of the side to move.
    #[arg(long)]
    pub hex: Option<String>,
    /// Print one JSON object: {"hex", "side", "threats": [{"units", "from", "type",
    /// "p_reach", "danger", "defender_results", "attacker_results", "odds"}], "combined"}
    /// (without --hex: {"side", "hexes": [those objects]}); "odds" is what `musket odds
    /// --json` prints for those units standing where they would attack from.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ThreatsArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let game = load_game(&a.scenario, ov)?;
    match &a.hex {
        Some(label) => {
            let hex = parse(&game, label)?;
            let side = game.side_at(hex).ok_or_else(|| {
                Failure(format!(
                    "--hex {label}: hex {} is empty: a threat is to units that hold a hex",
                    game.label(hex)
                ))
            })?;
            let mut model = ThreatModel::new(&game, side);
            let t = model
                .at(hex)
                .map_err(|e| Failure(format!("--hex {label}: {e}")))?;
            if a.json {
                let mut v = hex_json(&game, &model, &t);
                v["next_turn"] = json!(model.next_turn());
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                out!("{}", hex_text(&game, &t));
            }
        }
        None => {
            let side = game.active_side;
            let mut model = ThreatModel::new(&game, side);
            let all = model.all();
            if a.json {
                let v = json!({
                    "side": game.scenario.side_name(side),
                    "next_turn": model.next_turn(),
                    "hexes": all.iter().map(|t| hex_json(&game, &model, t)).collect::<Vec<_>>(),
                });
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                for t in &all {
                    out!("{}", hex_text(&game, t));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A hex label, or a clear error (a unit id given instead says where the unit stands).
fn parse(game: &Game, label: &str) -> Result<Coord, Failure> {
    if let Some(u) = game.unit_by_id(label) {
        let at = game
            .unit(u)
            .hex
            .map_or("is not on the map".to_string(), |h| {
                format!("stands at {} (--hex {})", game.label(h), game.label(h))
            });
        return Err(Failure(format!(
            "--hex {label:?}: a unit id, not a hex; the unit {at}"
        )));
    }
    game.scenario
        .parse_hex(label)
        .map_err(|e| Failure(format!("--hex {label:?}: {e}")))
}

fn threat_json(game: &Game, model: &ThreatModel, t: &Threat) -> Value {
    let odds = odds_json(game, &t.request.attackers, &t.odds);
    // The points each unit was given for the enemy's next phase (as `musket moves` gives them).
    let points: serde_json::Map<String, Value> = t
        .units
        .iter()
        .map(|u| {
            (
                game.unit(*u).id.clone(),
                json!(model.points(*u).map(|m| m.as_f64())),
            )
        })
        .collect();
    json!({
        "units": t.units.iter().map(|u| game.unit(*u).id.clone()).collect::<Vec<_>>(),
        "points": points,
        "from": t.from.iter().map(|h| game.label(*h)).collect::<Vec<_>>(),
        "type": t.odds.kind.name(),
        "p_reach": t.p_reach,
        "danger": t.danger,
        "defender_results": odds.get("defender_results").cloned().unwrap_or(Value::Null),
        "attacker_results": odds.get("attacker_results").cloned().unwrap_or(Value::Null),
        "p_retreat": odds.get("p_retreat").cloned().unwrap_or(Value::Null),
        "p_rout": odds.get("p_rout").cloned().unwrap_or(Value::Null),
        "odds": odds,
    })
}

fn hex_json(game: &Game, model: &ThreatModel, t: &HexThreats) -> Value {
    json!({
        "hex": game.label(t.hex),
        "side": game.scenario.side_name(t.side),
        "threats": t.threats.iter().map(|x| threat_json(game, model, x)).collect::<Vec<_>>(),
        "combined": t.combined.as_ref().map(|x| threat_json(game, model, x)),
    })
}

fn hex_text(game: &Game, t: &HexThreats) -> String {
    let mut s = format!(
        "{} ({}): {}\n",
        game.label(t.hex),
        game.scenario.side_name(t.side),
        if t.threats.is_empty() {
            "no enemy stack can attack it next turn".to_string()
        } else {
            format!("{} threat(s)", t.threats.len())
        }
    );
    for x in &t.threats {
        s.push_str(&format!("  {}\n", crate::rules::threat::text(game, x)));
    }
    if let Some(c) = &t.combined {
        s.push_str(&format!(
            "  together: {}\n",
            crate::rules::threat::text(game, c)
        ));
    }
    s
}
