//! `musket zoc`: which units' zones of control reach a hex, normal or restricted.

use std::path::Path;
use std::process::ExitCode;

use serde_json::{Map, Value, json};

use super::{Failure, load_game};
use crate::rules::attack::{ZocEntry, ZocKind};
use crate::rules::game::Game;
use crate::rules::registry::RulesOverrides;

/// The zones of control at one hex, or at every hex some zone reaches (none named); as text
/// lines or one JSON object.
pub fn run(
    scenario: &Path,
    hex: Option<String>,
    as_json: bool,
    ov: &RulesOverrides,
) -> Result<ExitCode, Failure> {
    let game = load_game(scenario, ov)?;
    let hexes: Vec<_> = match &hex {
        Some(h) => vec![game.scenario.parse_hex(h).map_err(Failure)?],
        None => game.map().coords().collect(),
    };
    let mut out = Map::new();
    for h in hexes {
        let entries = game.rules.zoc_at(&game, h);
        if entries.is_empty() && hex.is_none() {
            continue;
        }
        if as_json {
            out.insert(game.label(h), entries_json(&game, &entries));
        } else {
            outln!("{}: {}", game.label(h), entries_text(&game, &entries));
        }
    }
    if as_json {
        outln!("{}", serde_json::to_string_pretty(&Value::Object(out))?);
    }
    Ok(ExitCode::SUCCESS)
}

fn entries_json(game: &Game, entries: &[ZocEntry]) -> Value {
    json!(entries.iter().map(|e| json!({
        "unit": game.unit(e.unit).id,
        "side": game.scenario.side_name(game.unit(e.unit).side),
        "kind": match e.kind { ZocKind::Normal => "normal", ZocKind::Restricted => "restricted" },
    })).collect::<Vec<_>>())
}

fn entries_text(game: &Game, entries: &[ZocEntry]) -> String {
    let list: Vec<String> = entries
        .iter()
        .map(|e| {
            let u = game.unit(e.unit);
            format!(
                "{} ({}{})",
                u.id,
                game.scenario.side_name(u.side),
                if e.kind == ZocKind::Restricted {
                    ", restricted"
                } else {
                    ""
                }
            )
        })
        .collect();
    if list.is_empty() {
        "no ZOC".to_string()
    } else {
        list.join(", ")
    }
}
