//! Entrenching (GCACW): breastworks "complete in one turn" [pub: gcacw.com SLB rules changes].
//! How the action is taken is a [project default] (`entrench` in `assets/rules/gcacw.ron`): a
//! special action that begins an action of its own, by the unit kinds listed, not by a unit
//! already entrenched or entrenching; the works are complete at the end of the game turn if the
//! unit is still in its hex (a move leaves them: `movement::orders`). While they are built the
//! unit may not move on in the action.

use super::Gcacw;
use crate::rules::attack::SpecialAction;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::points::Mp;
use crate::rules::unit::UnitIdx;

/// The special action's key.
pub const KEY: &str = "entrench";

/// The entrenching a unit may begin, with why not where it may not.
pub fn action(rules: &Gcacw, game: &Game, unit: UnitIdx) -> Option<SpecialAction> {
    let e = rules.tables.entrench.as_ref()?;
    let u = game.unit(unit);
    if !u.on_map() || !e.kinds.contains(&u.kind) || u.entrenched {
        return None;
    }
    let on_initiative = crate::rules::gate::on_initiative(game);
    let cost = if u.entrenching {
        Err("its breastworks are under way: complete at the end of the turn".to_string())
    } else if on_initiative && game.cycle.acted {
        Err("entrenching is an action of its own: begin an action with it".to_string())
    } else {
        Ok(Mp::ZERO)
    };
    Some(SpecialAction {
        key: KEY.into(),
        label: "Entrench".into(),
        cost,
        rule: e.source.clone(),
        gain: false,
    })
}

/// The unit begins its works: it moves no further in this action.
pub fn begin(game: &mut Game, unit: UnitIdx) -> Vec<Event> {
    let u = game.unit_mut(unit);
    u.entrenching = true;
    u.stopped = true;
    let text = format!(
        "{} begins breastworks at {} (complete at the end of the turn if it stays)",
        game.unit(unit).name,
        game.unit(unit)
            .hex
            .map(|h| game.label(h))
            .unwrap_or_default()
    );
    vec![Event::Note { text }]
}

/// The end of the game turn: the works begun are complete.
pub fn complete(game: &mut Game) -> Vec<Event> {
    let done: Vec<UnitIdx> = game
        .unit_indices()
        .filter(|u| game.unit(*u).entrenching)
        .collect();
    let mut events = Vec::new();
    for u in done {
        let unit = game.unit_mut(u);
        unit.entrenching = false;
        if unit.hex.is_none() {
            continue;
        }
        unit.entrenched = true;
        events.push(Event::Note {
            text: format!("{} is entrenched (breastworks complete)", game.unit(u).name),
        });
    }
    events
}
