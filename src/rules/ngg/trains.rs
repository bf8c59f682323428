//! Supply trains (NGG 1812 8.1-8.2), NGG 1812's own sequence machinery, which the
//! sequence engine reaches through [`Alternation`]
//! ([`crate::rules::ruleset::Ruleset::alternation`]).
//!
//! Where a ruleset's sequence has `trains` and the scenario gives each side its trains
//! (`supply_trains`, the game turn's count from the game's Table 7.3), the trains are spent as
//! the rules say:
//! - **Strategic movement** (8.2): the players alternate, one stack at a time; the side with
//!   more trains starts (a tie: the first side [project default]); each stack's move uses a
//!   train, removed after the move; a pass costs one train; a side without trains no longer
//!   moves and the other goes on alone; the phase ends when both pass, or when the side going
//!   on alone passes.
//! - **Rally** (8.1): disrupted units of a stack with a commander return to good order, up to
//!   the commanders' ratings (CRs add), and the stack's train is removed: one train per stack
//!   and phase. (The ruleset offers the rally; this module counts the trains.)
//!
//! Without `supply_trains` in the scenario nothing is counted: every stack may move, as before
//! trains existed (and as saves of those games replay).

use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::Alternation;
use crate::rules::sequence::TrainRules;
use crate::rules::unit::SideId;

use super::state::{NggState, Supply, trains_of as of};

fn supply(game: &Game) -> Option<&Supply> {
    game.own::<NggState>().map(|s| &s.trains)
}

fn supply_mut(game: &mut Game) -> Option<&mut Supply> {
    game.own_mut::<NggState>().map(|s| &mut s.trains)
}

fn trains(game: &Game) -> Option<[u32; 2]> {
    supply(game).and_then(|s| s.left)
}

/// The train rules in force: the sequence has them and the scenario gives trains.
fn counted(game: &Game) -> Option<&TrainRules> {
    trains(game)?;
    game.sequence.trains.as_ref()
}

/// The trains `side` has left (`None`: not counted).
fn left(game: &Game, side: SideId) -> Option<u32> {
    trains(game).map(|t| t[side.0 as usize % 2])
}

/// Whether the current phase is the one whose moves use trains.
fn in_train_phase(game: &Game) -> Option<&TrainRules> {
    counted(game).filter(|r| game.sequence.phase(game.phase).key == r.phase)
}

fn spend(game: &mut Game, side: SideId, n: u32, why: &str) -> Vec<Event> {
    let Some(t) = supply_mut(game).and_then(|s| s.left.as_mut()) else {
        return Vec::new();
    };
    let i = side.0 as usize % 2;
    let used = n.min(t[i]);
    if used == 0 {
        return Vec::new();
    }
    t[i] -= used;
    vec![Event::TrainsUsed {
        side,
        used,
        left: t[i],
        why: why.to_string(),
    }]
}

impl Alternation for super::Ngg {
    fn left(&self, game: &Game, side: SideId) -> Option<u32> {
        left(game, side)
    }

    /// A new game turn: each side's trains from the scenario.
    fn new_turn(&self, game: &mut Game) {
        let fresh = of(&game.scenario);
        if let Some(s) = supply_mut(game) {
            s.left = fresh;
            s.rallies.clear();
        }
    }

    /// A new phase: no stack has rallied in it.
    fn new_phase(&self, game: &mut Game) {
        if let Some(s) = supply_mut(game) {
            s.rallies.clear();
        }
    }

    fn status(&self, game: &Game) -> Option<String> {
        let [a, b] = counted(game).and(trains(game))?;
        Some(format!(
            "supply trains: {} {a}, {} {b}",
            game.scenario.side_name(SideId(0)),
            game.scenario.side_name(SideId(1))
        ))
    }

    /// A move that would begin a stack's strategic move: refused when the side has no train
    /// left for it (8.2).
    fn check_move(&self, game: &Game) -> Result<(), String> {
        let Some(r) = in_train_phase(game) else {
            return Ok(());
        };
        let side = game.active_side;
        let have = left(game, side).unwrap_or(0);
        if game.cycle.acted || have >= r.per_move {
            return Ok(());
        }
        Err(format!(
            "{}: the {} have no supply train left for a move ({} needed; 8.2)",
            game.sequence.phase(game.phase).name,
            game.scenario.side_name(side),
            r.per_move
        ))
    }

    /// A stack's strategic move has begun: its train is used.
    fn move_begun(&self, game: &mut Game) -> Vec<Event> {
        let Some(n) = in_train_phase(game).map(|r| r.per_move) else {
            return Vec::new();
        };
        spend(game, game.active_side, n, "a stack's strategic move (8.2)")
    }

    /// `side` passed in the strategic movement: it costs a train.
    fn passed(&self, game: &mut Game, side: SideId) -> Vec<Event> {
        let Some(n) = in_train_phase(game).map(|r| r.per_pass) else {
            return Vec::new();
        };
        spend(game, side, n, "a pass (8.2)")
    }

    /// Who moves next in the strategic movement, where `next` would by alternation: a side
    /// without trains is passed over; `None` when neither has any. The first move of the phase
    /// (`first`) goes to the side with more trains (a tie: the first side [project default]).
    fn who_moves(&self, game: &Game, next: SideId, first: bool) -> Option<SideId> {
        if in_train_phase(game).is_none() {
            return Some(next);
        }
        let t = trains(game).unwrap_or_default();
        let next = if first {
            if t[1] > t[0] { SideId(1) } else { SideId(0) }
        } else {
            next
        };
        [next, next.other()]
            .into_iter()
            .find(|s| t[s.0 as usize % 2] > 0)
    }

    /// After `side` passed: whether the strategic movement ends because the other side has no
    /// trains (the side going on alone has passed).
    fn alone_passed(&self, game: &Game, side: SideId) -> bool {
        in_train_phase(game).is_some() && left(game, side.other()) == Some(0)
    }
}

/// A stack's rally at `hex`: whether the side may have it (a train for a stack that has not
/// rallied in this phase yet), and how many units have rallied there already.
pub fn rally_check(game: &Game, hex: Coord, side: SideId) -> Result<u32, String> {
    let done = supply(game)
        .and_then(|s| s.rallies.iter().find(|(h, _)| *h == hex))
        .map_or(0, |r| r.1);
    if done > 0 {
        return Ok(done);
    }
    if let (Some(r), Some(have)) = (counted(game), left(game, side))
        && have < r.per_rally
    {
        return Err(format!(
            "the {} have no supply train left for a rally (8.1)",
            game.scenario.side_name(side)
        ));
    }
    Ok(0)
}

/// A unit of the stack at `hex` rallied: the stack's train is used with the first.
pub fn rallied(game: &mut Game, hex: Coord, side: SideId) -> Vec<Event> {
    let Some(s) = supply_mut(game) else {
        return Vec::new();
    };
    if let Some(r) = s.rallies.iter_mut().find(|(h, _)| *h == hex) {
        r.1 += 1;
        return Vec::new();
    }
    s.rallies.push((hex, 1));
    let Some(n) = counted(game).map(|r| r.per_rally) else {
        return Vec::new();
    };
    spend(game, side, n, "a stack's rally (8.1)")
}
