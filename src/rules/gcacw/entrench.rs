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
    let (u, own) = (game.unit(unit), super::state::unit(game, unit));
    if !u.on_map() || !e.kinds.contains(&u.kind) || own.entrenched {
        return None;
    }
    let on_initiative = crate::rules::gate::on_initiative(game);
    let cost = if own.entrenching {
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
    if let Some(own) = super::state::unit_mut(game, unit) {
        own.entrenching = true;
    }
    crate::rules::movement::end_move(game, unit);
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
        .filter(|u| super::state::unit(game, *u).entrenching)
        .collect();
    let mut events = Vec::new();
    for u in done {
        let on_map = game.unit(u).hex.is_some();
        if let Some(own) = super::state::unit_mut(game, u) {
            own.entrenching = false;
            own.entrenched |= on_map;
        }
        if !on_map {
            continue;
        }
        events.push(Event::Note {
            text: format!("{} is entrenched (breastworks complete)", game.unit(u).name),
        });
    }
    events
}
