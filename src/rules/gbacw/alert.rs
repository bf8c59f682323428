//! The scenario's alert (`rules::scenario::alert`) as GBACW plays it: S&T 80's *Wilson's Creek*
//! (SPI 1980) as a review describes its exclusive rules: the Confederates "are not able to move
//! until 'alerted', which means a Union unit gets within sighting distance"; then "each
//! Southern unit has to undergo a morale check, meaning about half rout"; a mounted unit that
//! panics "will be infantry the rest of the day" (docsbay.net, "Wilson's Creek", review of S&T
//! 80). The rules' own text was not read: the distance, when the alert is looked at and the
//! check's procedure are `[project default]`s (docs/rulesets/gbacw.md):
//!
//! 1. Until the alert, the side's units other than leaders have no movement points (a leader
//!    may ride: the historical scenario lets the Confederate leaders move on turn 1, its
//!    [27.31]).
//! 2. As each of the side's player-turns begins, it is alerted if an enemy combat unit on the
//!    map stands within the alert's `within` hexes of one of its units on the map (the first
//!    such pair in unit order is named), or if the game turn is the alert's `turn`.
//! 3. Then each of its combat units on the map, in unit order, makes a morale check: one die,
//!    passing as GBACW's other checks pass ([`super::morale::passes`]; a green unit rolls its
//!    rating on [13.15] first). A unit that fails routs; a cavalry unit that fails also fights
//!    on foot, as infantry, for the rest of the game.

use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::unit::{Status, UnitIdx, UnitKind};

use super::apply::{roll_morale, set_status};
use super::data::Tables;
use super::morale::Check;

/// Why a unit may not move: its side is not yet alerted (leaders excepted).
pub fn held(game: &Game, u: UnitIdx) -> Option<String> {
    let alert = game.scenario.alert.as_ref()?;
    let unit = game.unit(u);
    if unit.side != alert.side || unit.kind == UnitKind::Leader || !super::state::asleep(game) {
        return None;
    }
    Some(alert.describe())
}

/// The first enemy combat unit within sight of one of `side`'s units on the map, with it.
fn sighted(game: &Game, within: u32) -> Option<(UnitIdx, UnitIdx)> {
    let side = game.scenario.alert.as_ref()?.side;
    let own: Vec<_> = game
        .unit_indices()
        .filter_map(|u| {
            let unit = game.unit(u);
            (unit.side == side).then_some((u, unit.hex?))
        })
        .collect();
    game.unit_indices().find_map(|e| {
        let enemy = game.unit(e);
        let hex = enemy
            .hex
            .filter(|_| enemy.side != side && enemy.is_combat())?;
        own.iter()
            .find(|(_, h)| h.distance(hex) <= within)
            .map(|(u, _)| (e, *u))
    })
}

/// As the alert's side begins a player-turn asleep: the alert, if an enemy is in sight or its
/// last turn has come, with every unit's morale check.
pub fn look(t: &Tables, game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let Some(alert) = game.scenario.alert.clone() else {
        return Vec::new();
    };
    if game.phase.phasing != alert.side || !super::state::asleep(game) {
        return Vec::new();
    }
    let seen = sighted(game, alert.within);
    if seen.is_none() && alert.turn.is_none_or(|t| game.turn < t) {
        return Vec::new();
    }
    super::state::wake(game);
    let mut events = Vec::new();
    let (mut routed, mut on_foot) = (Vec::new(), Vec::new());
    let units: Vec<UnitIdx> = game
        .unit_indices()
        .filter(|&u| game.unit(u).side == alert.side && game.unit(u).is_combat())
        .collect();
    let check = Check::Called {
        why: "the alert: surprised in camp".into(),
    };
    for u in units {
        let Some(c) = roll_morale(t, game, u, &check, dice, &mut events) else {
            continue;
        };
        if !c.failed {
            continue;
        }
        set_status(game, u, Status::Routed, &mut events);
        routed.push(u);
        if game.unit(u).kind == UnitKind::Cavalry {
            game.unit_mut(u).kind = UnitKind::Infantry;
            on_foot.push(u);
        }
    }
    events.push(Event::Alerted {
        side: alert.side,
        sighted: seen,
        routed,
        on_foot,
    });
    events
}
