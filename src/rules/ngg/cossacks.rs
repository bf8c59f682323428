//! Cossack activity (NGG 1812 13.1), at the end of each game turn: one die for each lone French
//! unit in a non-city Russian hex, in unit order; a die at or above the table's number (6, or
//! 5-6 from turn 7 on) is a hit. The readings the text leaves open are labelled in
//! `assets/rules/ngg1812.ron` (`cossacks`).

use super::Ngg;
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::unit::{SideId, Status};

/// The French side: the one not named Russian (`None` when neither or both are).
fn french(rules: &Ngg, game: &Game) -> Option<SideId> {
    let russian = |s: SideId| {
        rules
            .tables
            .withdrawal
            .is_russian(game.scenario.side_name(s))
    };
    match (russian(SideId(0)), russian(SideId(1))) {
        (false, true) => Some(SideId(0)),
        (true, false) => Some(SideId(1)),
        _ => None,
    }
}

/// The end-of-turn Cossack rolls and their hits.
pub fn roll(rules: &Ngg, game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let Some(c) = rules.tables.cossacks.clone() else {
        return Vec::new();
    };
    let Some(side) = french(rules, game) else {
        return Vec::new();
    };
    let need = if game.turn >= c.late_from {
        c.hit_on_late
    } else {
        c.hit_on
    };
    let lone: Vec<_> = game
        .unit_indices()
        .filter(|&u| {
            let unit = game.unit(u);
            let Some(hex) = unit.hex else { return false };
            unit.side == side
                && unit.is_combat()
                && !game
                    .map()
                    .terrain(hex)
                    .is_some_and(|t| c.safe_terrains.contains(&t))
                && game.units_at(hex).iter().all(|o| *o == u)
        })
        .collect();
    let mut events = Vec::new();
    for u in lone {
        let die = dice.d6();
        let hex = game.unit(u).hex.map(|h| game.label(h)).unwrap_or_default();
        let name = game.unit(u).name.clone();
        let hit = die >= need;
        events.push(Event::Note {
            text: format!(
                "13.1 Cossacks: {name}, alone at {hex}, die {die}: {}",
                if hit {
                    "a hit".to_string()
                } else {
                    format!("no hit ({need}+ hits)")
                }
            ),
        });
        if !hit {
            continue;
        }
        if game.unit(u).is_disrupted() {
            game.place(u, None);
            events.push(Event::Eliminated { unit: u });
        } else {
            game.unit_mut(u).status = Status::Disrupted;
            events.push(Event::StatusChanged {
                unit: u,
                status: Status::Disrupted,
            });
        }
    }
    events
}
