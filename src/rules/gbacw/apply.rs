//! What fire and melee share when a result is applied: who loses strength points, retreat
//! paths, status changes and the events of a morale procedure.
//!
//! Defaults (each [project default: not in the seeds]):
//! - Losses: in the order the command's `defender_losses` / `attacker_losses` names (units it
//!   leaves out follow in the default order); by default the unit with the most SP loses first
//!   (ties: the first in unit order), the rest from the next. A unit at 0 SP is eliminated.
//! - Retreat: each hex of the path is on the map, holds no enemy unit and is farther from the
//!   nearest enemy unit than the hex before (when the combat has left no enemy unit on the map,
//!   farther from the nearest hex the enemy fought from: the retreat is still made). Default path: at each step the allowed neighbour
//!   farthest from the nearest enemy, ties by direction N, NE, SE, S, SW, NW. When no step is
//!   allowed the units stop where they are and a note says so (the seeds give no rule for a
//!   blocked retreat; nothing is eliminated).

use crate::rules::attack::{AttackError, AttackType};
use crate::rules::cv::Prob;
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::unit::{SideId, Status, UnitIdx};

use super::assess::Sides;
use super::data::Tables;
use super::morale::{Check, Checked, Roll, Step, roll_unit, worse};

/// The game's dice as a [`Roll`], recording every value for the `DieRolled` events.
pub struct Live<'a> {
    pub dice: &'a mut dyn DieSource,
    pub rolled: Vec<u8>,
}

impl Roll for Live<'_> {
    fn d6(&mut self) -> Option<u8> {
        let d = self.dice.d6();
        self.rolled.push(d);
        Some(d)
    }
}

/// The start of every resolution: the attack declared, then the fire or melee die (role
/// Attacker), rolled.
pub fn declare(kind: AttackType, sides: &Sides, dice: &mut dyn DieSource) -> (Vec<Event>, u8) {
    let mut ev = vec![Event::AttackDeclared {
        kind,
        attackers: sides.attackers.clone(),
        defender: sides.hex,
        defenders: sides.in_hex.clone(),
        attacker_drm: 0,
        defender_drm: 0,
    }];
    let die = crate::rules::event::roll_die(dice, DieRole::Attacker, &mut ev);
    (ev, die)
}

/// Count a result code's chance `p` in the odds' list of results (codes in the order met).
pub fn add_result(list: &mut Vec<(String, Prob)>, code: &str, p: Prob) {
    match list.iter_mut().find(|(c, _)| c == code) {
        Some((_, q)) => *q += p,
        None => list.push((code.to_string(), p)),
    }
}

/// One unit's morale procedure rolled with the game's dice, with its events and rating
/// ([`morale_events`]); `None` when the unit does not check (no events).
pub fn roll_morale(
    t: &Tables,
    game: &mut Game,
    u: UnitIdx,
    check: &Check,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) -> Option<Checked> {
    let mut live = Live {
        dice,
        rolled: Vec::new(),
    };
    let c = roll_unit(t, game, u, check, &mut live)?;
    morale_events(game, u, &c, ev);
    Some(c)
}

/// The SP each unit loses when a side loses `n`: `order` first (if given), then the rest by
/// most SP (ties: unit order). Capped at the side's SP.
pub fn allocate(
    game: &Game,
    units: &[UnitIdx],
    order: Option<&[UnitIdx]>,
    n: u32,
) -> Vec<(UnitIdx, u32)> {
    // Ties by unit order: the units in that order, then the shared (stable) allocation.
    let mut by_index = units.to_vec();
    by_index.sort_unstable();
    crate::rules::attack::loss_shares(|u| game.unit(u).manpower, &by_index, n, order)
}

/// Apply a loss (or a capture) and its events; eliminated units leave the map.
pub fn take_losses(
    game: &mut Game,
    losses: &[(UnitIdx, u32)],
    captured: bool,
    ev: &mut Vec<Event>,
) {
    for &(u, n) in losses {
        let left = game.unit(u).manpower - n;
        game.unit_mut(u).manpower = left;
        game.unit_mut(u).cv = crate::rules::cv::Cv::whole(left);
        if captured {
            ev.push(Event::Captured {
                unit: u,
                amount: n,
                left,
            });
        } else {
            ev.push(Event::ManpowerLost {
                unit: u,
                amount: n,
                left,
            });
        }
        if left == 0 {
            game.place(u, None);
            ev.push(Event::Eliminated { unit: u });
        }
    }
}

/// Distance from a hex to what a retreat moves away from: the nearest unit of `enemy` on the
/// map; when the combat has left no enemy unit on the map, the nearest of `away` (the hexes
/// the enemy fought from). `None` when there is neither (any step is away).
fn enemy_distance(game: &Game, enemy: SideId, away: &[Coord], h: Coord) -> Option<u32> {
    game.units
        .iter()
        .filter(|u| u.side == enemy)
        .filter_map(|u| u.hex)
        .map(|e| e.distance(h))
        .min()
        .or_else(|| away.iter().map(|e| e.distance(h)).min())
}

fn step_ok(game: &Game, side: SideId, away: &[Coord], p: Coord, q: Coord) -> Result<(), String> {
    let enemy = side.other();
    if !p.is_adjacent(q) {
        return Err(format!(
            "{} is not adjacent to {}",
            game.label(q),
            game.label(p)
        ));
    }
    if !game.map().contains(q) {
        return Err(format!("{} is off the map", game.label(q)));
    }
    if game.units_at(q).iter().any(|u| game.unit(*u).side == enemy) {
        return Err(format!("{} holds enemy units", game.label(q)));
    }
    if enemy_distance(game, enemy, away, q) <= enemy_distance(game, enemy, away, p)
        && enemy_distance(game, enemy, away, p).is_some()
    {
        return Err(format!(
            "{} is not farther from the enemy than {}",
            game.label(q),
            game.label(p)
        ));
    }
    Ok(())
}

/// The default path of up to `n` hexes (shorter when blocked); `away` as in [`retreat`].
pub fn default_path(game: &Game, side: SideId, away: &[Coord], from: Coord, n: u32) -> Vec<Coord> {
    let mut path = Vec::new();
    let mut at = from;
    for _ in 0..n {
        let enemy = side.other();
        let best = at
            .neighbors()
            .into_iter()
            .filter(|q| step_ok(game, side, away, at, *q).is_ok())
            .map(|q| (enemy_distance(game, enemy, away, q).unwrap_or(0), q))
            .fold(None::<(u32, Coord)>, |b, c| match b {
                Some(b) if b.0 >= c.0 => Some(b),
                _ => Some(c),
            });
        match best {
            Some((_, q)) => {
                path.push(q);
                at = q;
            }
            None => break,
        }
    }
    path
}

/// The hexes of these units (on the map), each once: what a retreat from them moves away from.
pub fn hexes_of(game: &Game, units: &[UnitIdx]) -> Vec<Coord> {
    let mut out: Vec<Coord> = units.iter().filter_map(|u| game.unit(*u).hex).collect();
    out.sort_unstable_by_key(|c| (c.col, c.row));
    out.dedup();
    out
}

/// Check a player's path of exactly `n` hexes from `from`.
pub fn check_path(
    game: &Game,
    side: SideId,
    away: &[Coord],
    from: Coord,
    path: &[Coord],
    n: u32,
) -> Result<(), String> {
    if path.len() != n as usize {
        return Err(format!(
            "the result retreats {n} hexes, the path has {}",
            path.len()
        ));
    }
    let mut at = from;
    for &q in path {
        step_ok(game, side, away, at, q)?;
        at = q;
    }
    Ok(())
}

/// Retreat `units` (all in `from`) `n` hexes, by `chosen` if it is legal, else the default.
/// Each step is farther from the nearest enemy unit; when the combat has left none on the map,
/// farther from `away`, the hexes the enemy fought from (a retreat is still made).
#[allow(clippy::too_many_arguments)]
pub fn retreat(
    game: &mut Game,
    units: &[UnitIdx],
    from: Coord,
    n: u32,
    rout: bool,
    chosen: Option<&[Coord]>,
    away: &[Coord],
    ev: &mut Vec<Event>,
) {
    if units.is_empty() || n == 0 {
        return;
    }
    let side = game.unit(units[0]).side;
    let path = match chosen {
        Some(p) => match check_path(game, side, away, from, p, n) {
            Ok(()) => p.to_vec(),
            Err(why) => {
                ev.push(Event::ChoiceOverridden {
                    what: "retreat".into(),
                    why,
                });
                default_path(game, side, away, from, n)
            }
        },
        None => default_path(game, side, away, from, n),
    };
    if (path.len() as u32) < n {
        ev.push(Event::Note {
            text: format!(
                "{}: no retreat step after {} of {n} hexes; the units stop there (a blocked retreat is not in the seeds)",
                units
                    .iter()
                    .map(|u| game.unit(*u).name.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                path.len()
            ),
        });
    }
    if !path.is_empty() {
        for &u in units {
            game.move_along(u, &path);
        }
        ev.push(Event::Retreated {
            units: units.to_vec(),
            path,
            rout,
        });
    }
}

/// Events of a unit's morale procedure (its dice are `rolled`, in order), and its rating.
pub fn morale_events(game: &mut Game, u: UnitIdx, c: &Checked, ev: &mut Vec<Event>) {
    for s in &c.steps {
        match s {
            Step::Elephant { d1, d2, morale } => {
                ev.push(Event::DieRolled {
                    role: DieRole::Other,
                    value: *d1,
                });
                ev.push(Event::DieRolled {
                    role: DieRole::Other,
                    value: *d2,
                });
                if let Some(own) = super::state::unit_mut(game, u) {
                    own.morale = *morale;
                    own.green = false;
                }
                ev.push(Event::MoraleRated {
                    unit: u,
                    dice: d1 + d2,
                    morale: *morale,
                });
            }
            Step::Roll {
                roll,
                morale,
                passed,
                why,
            } => {
                ev.push(Event::DieRolled {
                    role: DieRole::Other,
                    value: *roll,
                });
                ev.push(Event::MoraleCheck {
                    unit: u,
                    roll: *roll,
                    morale: *morale,
                    passed: *passed,
                    why: why.clone(),
                });
            }
        }
    }
}

/// Set a unit's status (never better than it was) with its event.
pub fn set_status(game: &mut Game, u: UnitIdx, s: Status, ev: &mut Vec<Event>) {
    let cur = game.unit(u).status;
    let new = worse(cur, s);
    if new != cur {
        game.unit_mut(u).status = new;
        ev.push(Event::StatusChanged {
            unit: u,
            status: new,
        });
    }
}

pub fn choice_path(
    game: &Game,
    list: &Option<Vec<String>>,
) -> Result<Option<Vec<Coord>>, AttackError> {
    let Some(labels) = list else { return Ok(None) };
    if labels.is_empty() {
        return Err(AttackError::Choice("retreat: the path is empty".into()));
    }
    let mut out = Vec::new();
    for l in labels {
        out.push(
            game.scenario
                .parse_hex(l)
                .map_err(|e| AttackError::Choice(format!("retreat: {e}")))?,
        );
    }
    Ok(Some(out))
}
