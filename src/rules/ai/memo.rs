//! The reaches a playout's planner keeps from one plan to the next ([`ReachMemo`]).
//!
//! `ai2`'s planner finds every stack's reach afresh at each plan — after every command, since a
//! march roll, a move or an attack changes what the side can do. Most of those reaches are the
//! same as at the plan before: a command changes a few hexes, and a reach far from them is
//! what it was. The search's playouts ([`super::strong::Strong::fast`]) keep them: a reach is
//! found again only when a unit has entered, left or changed (status, strength) within two hexes
//! of its farthest hex, the stack's points to spend differ, or the game turn, phase or side to
//! move has changed. The zones of control and the holders of the hexes the reaches are traced
//! through (`MoveContext`) are kept as long as no unit has entered, left, changed, attacked or
//! tired. An approximation (a rule that reaches farther than two hexes would not be seen), for
//! the playouts only: the players' own moves are always planned on fresh reaches.

use std::sync::Arc;

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{MoveContext, Reach};
use crate::rules::points::Mp;
use crate::rules::unit::{Status, UnitIdx};

/// How near (in hexes beyond a reach's farthest hex) a changed unit makes it be found again:
/// a zone of control and the stacking of the hex entered, with one to spare.
const MARGIN: u32 = 2;

/// A kept reach: the movers, the points each could spend, the reach, where it starts and how
/// far its farthest hex is.
struct Kept {
    movers: Vec<UnitIdx>,
    lefts: Vec<Mp>,
    reach: Option<Arc<Reach>>,
    origin: Coord,
    radius: u32,
}

/// Reaches kept across plans, with what each unit was when they were last checked.
#[derive(Default)]
pub struct ReachMemo {
    /// The game turn, phase (round, index) and side to move the kept reaches are of.
    at: Option<(u32, u8, usize, u8)>,
    /// Each unit's hex, status and strength, and its attacks and fatigue, at the last check.
    seen: Vec<Seen>,
    kept: Vec<Kept>,
    /// The zones of control and holders of the hexes, while no unit has changed.
    ctx: Option<Arc<MoveContext>>,
    /// Reaches found and kept reaches used (for measuring).
    pub found: u64,
    pub reused: u64,
}

/// What the memo notes of a unit: where it is, its status and strength (a change near a reach
/// finds it again), its attacks and fatigue (a change finds the zones of control again).
#[derive(Clone, Copy, PartialEq)]
struct Seen {
    hex: Option<Coord>,
    status: Status,
    manpower: u32,
    attacks: [u8; 6],
    fatigue: u8,
}

impl Seen {
    fn near(&self) -> (Option<Coord>, Status, u32) {
        (self.hex, self.status, self.manpower)
    }
}

impl ReachMemo {
    /// Bring the memo up to `game`: forget every reach on another turn, phase or side to move,
    /// and those near a unit that has changed since the last check. The zones of control and
    /// holders of the hexes to trace reaches with: kept, or found again.
    pub fn refresh(&mut self, game: &Game) -> Arc<MoveContext> {
        let at = (
            game.turn,
            game.phase.round,
            game.phase.index,
            game.active_side.0,
        );
        let now: Vec<Seen> = game
            .units
            .iter()
            .map(|u| Seen {
                hex: u.hex,
                status: u.status,
                manpower: u.manpower,
                attacks: u.attacks,
                fatigue: u.fatigue,
            })
            .collect();
        if self.at != Some(at) || self.seen != now {
            self.ctx = None;
        }
        if self.at != Some(at) || self.seen.len() != now.len() {
            self.kept.clear();
        } else {
            let mut changed: Vec<Coord> = Vec::new();
            for (before, after) in self.seen.iter().zip(&now) {
                if before.near() != after.near() {
                    changed.extend(before.hex);
                    changed.extend(after.hex);
                }
            }
            if !changed.is_empty() {
                self.kept.retain(|k| {
                    changed
                        .iter()
                        .all(|h| h.distance(k.origin) > k.radius + MARGIN)
                });
            }
        }
        self.at = Some(at);
        self.seen = now;
        self.ctx
            .get_or_insert_with(|| Arc::new(MoveContext::new(game)))
            .clone()
    }

    /// The kept reach of `movers` with these points to spend, if any.
    pub fn get(&mut self, movers: &[UnitIdx], lefts: &[Mp]) -> Option<Option<Arc<Reach>>> {
        let k = self
            .kept
            .iter()
            .find(|k| k.movers == movers && k.lefts == lefts)?;
        self.reused += 1;
        Some(k.reach.clone())
    }

    /// Keep a reach just found.
    pub fn keep(
        &mut self,
        game: &Game,
        movers: &[UnitIdx],
        lefts: Vec<Mp>,
        reach: Option<Arc<Reach>>,
    ) {
        self.found += 1;
        let Some(origin) = movers.first().and_then(|u| game.unit(*u).hex) else {
            return;
        };
        let radius = reach.as_ref().map_or(0, |r| {
            r.hexes()
                .map(|h| game.map().coord(h.index).distance(origin))
                .max()
                .unwrap_or(0)
        });
        self.kept.retain(|k| k.movers != movers);
        self.kept.push(Kept {
            movers: movers.to_vec(),
            lefts,
            reach,
            origin,
            radius,
        });
    }
}
