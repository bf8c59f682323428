//! Who won: a game ends after its scenario's last turn, and the winner is decided by the
//! scenario's victory conditions.
//!
//! 1. **Victory points.** Each side scores the points of the victory hexes it holds at the end
//!    (a hex changes hands when a combat unit enters it: docs/scenario-format.md), and where the
//!    scenario gives them (`victory_losses`) a point for every so much of the enemy's strength
//!    it destroyed. More points win.
//! 2. **Losses**, when the points are equal (or the scenario has no victory hexes)
//!    [project default]: the side that destroyed the larger share of its enemy's starting
//!    strength (manpower, strength points or men, as the rule system counts them) wins, the share
//!    compared exactly.
//! 3. Otherwise the game is a draw.
//!
//! A scenario without a number of turns never ends: it is a position to study, not a game to
//! play (`playable` is false).

use serde::Serialize;

use super::game::Game;
use super::unit::SideId;

/// The result of a game (or where it stands, before its end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Victory points per side.
    pub points: [u32; 2],
    /// Strength each side lost, and what it started with.
    pub lost: [u32; 2],
    pub start: [u32; 2],
    /// The winner (`None`: a draw, or the game is not over).
    pub winner: Option<SideId>,
    pub over: bool,
    /// Why, for players: `Union 8 points to 2`, `equal points: Confederate destroyed 40% of the
    /// Union's strength, the Union 25% of theirs`.
    pub reason: String,
}

/// Whether a scenario can be played to a result: it has a last turn.
pub fn playable(game: &Game) -> bool {
    game.scenario.turns.is_some()
}

/// The starting strength of a side (its units' manpower as the scenario gives it).
fn start_strength(game: &Game, side: SideId) -> u32 {
    game.scenario
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| u.manpower)
        .sum()
}

/// The outcome of the game as it stands.
pub fn outcome(game: &Game) -> Outcome {
    let sides = [SideId(0), SideId(1)];
    let points = sides.map(|s| game.score(s));
    let lost = sides.map(|s| game.manpower_lost(s));
    let start = sides.map(|s| start_strength(game, s));
    let over = game.is_over();
    let name = |s: usize| game.scenario.side_name(SideId(s as u8)).to_string();
    let winner = decide(points, lost, start);
    let reason = if points[0] != points[1] {
        let w = usize::from(points[1] > points[0]);
        format!("{} {} points to {}", name(w), points[w], points[1 - w])
    } else {
        let head = if game.scenario.victory.is_empty() {
            "no victory hexes".to_string()
        } else {
            format!("equal points ({})", points[0])
        };
        let pct = |(n, d): (u64, u64)| 100.0 * n as f64 / d as f64;
        let [a, b] = shares(lost, start);
        let detail = format!(
            "{} destroyed {:.0}% of the enemy's strength, {} {:.0}%",
            name(0),
            pct(a),
            name(1),
            pct(b)
        );
        match winner {
            Some(_) => format!("{head}: {detail}"),
            None => format!("{head}: a draw ({detail})"),
        }
    };
    let for_losses: Vec<String> = game
        .scenario
        .victory_losses
        .iter()
        .map(|l| format!("{} {}", name(l.side.0 as usize), game.loss_points(l.side)))
        .collect();
    let reason = if for_losses.is_empty() {
        reason
    } else {
        format!(
            "{reason} (for the enemy's losses: {})",
            for_losses.join(", ")
        )
    };
    Outcome {
        points,
        lost,
        start,
        winner: if over { winner } else { None },
        over,
        reason,
    }
}

/// The side that would win if the game ended now with these victory `points` per side (the
/// holders' by default: [`Game::score`]; a computer player may count them otherwise), by the
/// rules above: the points, and on equal points the losses (`None`: a draw).
pub fn ahead_with(game: &Game, points: [u32; 2]) -> Option<SideId> {
    let sides = [SideId(0), SideId(1)];
    let lost = sides.map(|s| game.manpower_lost(s));
    let start = sides.map(|s| start_strength(game, s));
    decide(points, lost, start)
}

/// The side that would win if the game ended now (`None`: a draw).
pub fn ahead(game: &Game) -> Option<SideId> {
    ahead_with(game, [SideId(0), SideId(1)].map(|s| game.score(s)))
}

/// More points win; on equal points the larger share of the enemy's starting strength
/// destroyed; else a draw.
fn decide(points: [u32; 2], lost: [u32; 2], start: [u32; 2]) -> Option<SideId> {
    let [a, b] = shares(lost, start);
    // The shares compared as cross products.
    let order = points[0]
        .cmp(&points[1])
        .then((a.0 * b.1).cmp(&(b.0 * a.1)));
    match order {
        std::cmp::Ordering::Greater => Some(SideId(0)),
        std::cmp::Ordering::Less => Some(SideId(1)),
        std::cmp::Ordering::Equal => None,
    }
}

/// The share of the enemy's strength each side destroyed, as (lost, start) of the enemy.
fn shares(lost: [u32; 2], start: [u32; 2]) -> [(u64, u64); 2] {
    [0, 1].map(|s| (u64::from(lost[1 - s]), u64::from(start[1 - s].max(1))))
}
