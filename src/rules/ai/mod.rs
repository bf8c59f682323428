//! Computer players. Each plays one side through the same [`Command`]s a player sends, checked
//! by `command::validate` like any other; each is deterministic for a game's seed (its own
//! random numbers, where it uses any, are seeded from the game's seed and its side).
//!
//! - `random`: a legal command picked uniformly (march rolls, moves to any hex in reach,
//!   single-stack attacks, the end of the turn);
//! - `greedy`: the single-stack attack with the best expected exchange of losses while one is
//!   favourable, else each stack moves toward the nearest enemy;
//! - `ai` (levels `ai1`, `ai2`; `ai` is the strongest): attacks planned with the exact odds
//!   (which stacks, from which hexes, which attack type), weighing the losses expected on each
//!   side, the chance the defender retreats or routs, the victory hexes and the turns left;
//!   then moves toward the victory hexes it must take or hold ([`strong`]);
//! - measuring players, to test the computer opponent against: `style:NAME` (one style of the
//!   search level's portfolio played alone, [`fixed`]), `rush` (every stack for the nearest
//!   victory hex not held, [`rush`]) and `hold` (hold the side's victory hexes, counter-attack
//!   what comes close, [`hold`]).
//!
//! A player decides one command at a time ([`Player::decide`]) on the game as it stands, so a
//! driver can run it off the main thread and show each command before asking for the next.

pub mod fixed;
pub mod formation;
mod greedy;
pub mod hold;
mod memo;
pub mod options;
mod random;
pub mod rush;
pub mod scripts;
pub mod search;
pub mod strong;

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use super::command::validate;
use super::game::Game;
use super::order::Command;
use super::ruleset::Ruleset;
use super::scenario::Scenario;
use super::session::Session;
use super::unit::SideId;
use super::victory::{Outcome, outcome};

/// A command and why the player chose it (a line for the log).
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub command: Command,
    pub why: String,
}

/// A computer player of one side.
pub trait Player: Send + Sync {
    /// Its name as `--sides` takes it (`ai2`, `random`, `greedy`).
    fn name(&self) -> String;
    /// The next command of the side to move (its side); `EndTurn` ends its turn.
    fn decide(&mut self, game: &Game) -> Decision;
    /// Where a decision in progress has got, for a progress indicator (read from another
    /// thread while [`Player::decide`] runs); None for players that decide at once.
    fn progress(&self) -> Option<Progress> {
        None
    }
    /// A command about to be applied to `before` (the game as it stands): drivers tell a
    /// computer player of the other side's commands (and may tell it of its own), for a player
    /// that models its enemy (the search level). Most players ignore it.
    fn observe(&mut self, before: &Game, command: &Command) {
        let _ = (before, command);
    }
    /// How it chose the style of each game turn so far (the search level; none for players
    /// that play one style): what `musket selfplay --json` reports as `style_choices`.
    fn choices(&self) -> &[search::Choice] {
        &[]
    }
}

/// How far a decision has got: `done` parts of `total` (0 of 0 while there is nothing to
/// report). Shared between the thinking player and whoever shows it.
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<std::sync::atomic::AtomicU64>);

impl Progress {
    pub fn set(&self, done: u32, total: u32) {
        self.0.store(
            (u64::from(done) << 32) | u64::from(total),
            std::sync::atomic::Ordering::Relaxed,
        );
    }

    /// (done, total).
    pub fn get(&self) -> (u32, u32) {
        let v = self.0.load(std::sync::atomic::Ordering::Relaxed);
        ((v >> 32) as u32, v as u32)
    }
}

/// The kinds of player `musket play --sides` and `musket selfplay --players` take (the
/// client's menu offers the levels, `greedy` and `random`; the measuring players stay out of
/// it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Kind {
    /// The computer opponent: level 1 (easy, cautious), 2 (normal, the exact-odds planner) or
    /// 3 (hard, the search: [`search`]).
    Ai(u8),
    Random,
    Greedy,
    /// One style of the search's portfolio played alone (`style:dig-in`: [`fixed`]).
    Style(StyleId),
    /// Two styles of the portfolio played by the side's formations in turn along the front
    /// (`split:bold/dig-in`: [`fixed::Split`], `rules::ai::formation`).
    Split(StyleId, StyleId),
    /// Every stack for the nearest victory hex not held ([`rush`]).
    Rush,
    /// Hold the side's victory hexes and counter-attack what comes close ([`hold`]).
    Hold,
}

/// A style of the search's portfolio ([`search::portfolio`]), by its place in it: only a
/// place that exists ([`StyleId::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct StyleId(u8);

impl StyleId {
    /// The style at `index` of the portfolio, if there is one.
    pub fn new(index: usize) -> Option<StyleId> {
        (index < search::portfolio().len()).then_some(StyleId(index as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every style of the portfolio, in its order.
    pub fn all() -> Vec<StyleId> {
        (0..search::portfolio().len())
            .filter_map(StyleId::new)
            .collect()
    }
}

impl Kind {
    pub fn name(self) -> String {
        match self {
            Kind::Ai(l) => format!("ai{l}"),
            Kind::Random => "random".into(),
            Kind::Greedy => "greedy".into(),
            Kind::Style(s) => fixed::style_name(&search::portfolio()[s.index()]),
            Kind::Split(a, b) => fixed::split_name(a, b),
            Kind::Rush => "rush".into(),
            Kind::Hold => "hold".into(),
        }
    }

    /// Parse `ai`, `ai1` to `ai3`, `ai:2`, the levels' names `easy`, `normal`, `hard`,
    /// `random`, `greedy`, and the measuring players `style:NAME` (a style of the search's
    /// portfolio, hyphens or spaces: `style:dig-in`), `rush`, `hold`.
    pub fn parse(s: &str) -> Result<Kind, String> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(names) = t.strip_prefix("split:") {
            let style = |name: &str| {
                fixed::style_index(name)
                    .and_then(StyleId::new)
                    .ok_or_else(|| {
                        format!(
                            "unknown style {name:?} in {s:?}: the styles are {}",
                            fixed::style_names()
                        )
                    })
            };
            let Some((a, b)) = names.split_once('/') else {
                return Err(format!(
                    "{s:?}: name two styles, split:FIRST/SECOND (e.g. split:bold/dig-in)"
                ));
            };
            return Ok(Kind::Split(style(a)?, style(b)?));
        }
        if let Some(name) = t.strip_prefix("style:") {
            return fixed::style_index(name)
                .and_then(StyleId::new)
                .map(Kind::Style)
                .ok_or_else(|| {
                    format!(
                        "unknown style {name:?} in {s:?}: the styles are {}",
                        fixed::style_names()
                    )
                });
        }
        match t.as_str() {
            "ai" => Ok(Kind::Ai(DEFAULT_LEVEL)),
            "easy" => Ok(Kind::Ai(1)),
            "normal" => Ok(Kind::Ai(2)),
            "hard" => Ok(Kind::Ai(3)),
            "random" => Ok(Kind::Random),
            "greedy" => Ok(Kind::Greedy),
            "rush" => Ok(Kind::Rush),
            "hold" => Ok(Kind::Hold),
            _ => {
                let level = t
                    .strip_prefix("ai:")
                    .or_else(|| t.strip_prefix("ai"))
                    .and_then(|l| l.parse::<u8>().ok())
                    .filter(|l| (1..=LEVELS).contains(l));
                level.map(Kind::Ai).ok_or_else(|| {
                    format!(
                        "unknown player {s:?}: ai (level {DEFAULT_LEVEL}), ai1 to ai{LEVELS} \
                         (easy, normal, hard), random, greedy, rush, hold or style:NAME \
                         ({})",
                        fixed::style_names()
                    )
                })
            }
        }
    }

    /// The level's name for players (`easy`, `normal`, `hard`), where it has one.
    pub fn level_name(self) -> Option<&'static str> {
        match self {
            Kind::Ai(1) => Some("easy"),
            Kind::Ai(2) => Some("normal"),
            Kind::Ai(3) => Some("hard"),
            _ => None,
        }
    }

    /// A player of this kind for `side` of a game with `seed`.
    pub fn player(self, seed: u64, side: SideId) -> Box<dyn Player> {
        match self {
            Kind::Ai(level) if level >= 3 => Box::new(search::Search::new(seed, side)),
            Kind::Ai(level) => Box::new(strong::Strong::new(level)),
            Kind::Random => Box::new(random::Random::new(seed, side)),
            Kind::Greedy => Box::new(greedy::Greedy::new()),
            Kind::Style(s) => Box::new(fixed::Fixed::new(s)),
            Kind::Split(a, b) => Box::new(fixed::Fixed::split(a, b)),
            Kind::Rush => Box::new(rush::Rush::new()),
            Kind::Hold => Box::new(hold::Hold::new()),
        }
    }
}

/// The computer opponent's levels: 1 easy, 2 normal, 3 hard (the search).
pub const LEVELS: u8 = 3;

/// The level `ai` names: the search level (`ai3`, "hard"), the strongest (docs/computer-players.md's table: it
/// wins 60% or more of its games against `ai2` on every shipped scenario and on variants it was
/// not tuned on).
pub const DEFAULT_LEVEL: u8 = 3;

/// Most commands a player may send in one turn (a guard: a turn that does not end is ended).
pub const MAX_COMMANDS_PER_TURN: usize = 2000;

/// Most commands both players may send in one game turn (a guard for sequences where the
/// sides take turns within it, as action cycles: a game turn that does not end stops the game,
/// reported as a refusal, instead of running forever).
pub const MAX_COMMANDS_PER_GAME_TURN: usize = 20_000;

/// What a turn played by a computer player did.
#[derive(Clone, Debug, Default)]
pub struct TurnReport {
    /// Each command sent and why.
    pub decisions: Vec<Decision>,
    /// Commands `validate` refused (a defect: the players only send valid commands).
    pub refused: Vec<(Command, String)>,
    /// Time spent deciding, in milliseconds.
    pub think_ms: f64,
    /// Time the other side's player spent observing the commands, in milliseconds.
    pub watch_ms: f64,
}

/// Play the side to move's turn with `player`, to its end (`EndTurn`, or the guard).
pub fn play_turn(session: &mut Session, player: &mut dyn Player) -> TurnReport {
    play_turn_watched(session, player, None)
}

/// Play the side to move's turn with `players[side]`, telling the other side's player of every
/// command ([`Player::observe`]); the time it spends on that is its own (`TurnReport::watch_ms`).
pub fn play_turn_with(session: &mut Session, players: &mut [Box<dyn Player>; 2]) -> TurnReport {
    let side = session.game.active_side.0.min(1) as usize;
    let [a, b] = players;
    let (player, watcher) = if side == 0 { (a, b) } else { (b, a) };
    play_turn_watched(session, player.as_mut(), Some(watcher.as_mut()))
}

/// Play the side to move's turn with `player`, telling `watcher` of every command.
pub fn play_turn_watched(
    session: &mut Session,
    player: &mut dyn Player,
    mut watcher: Option<&mut dyn Player>,
) -> TurnReport {
    let mut report = TurnReport::default();
    let side = session.game.active_side;
    let turn = session.game.turn;
    while !session.game.is_over() && session.game.active_side == side && session.game.turn == turn {
        let t0 = Instant::now();
        let d = if report.decisions.len() >= MAX_COMMANDS_PER_TURN {
            Decision {
                command: Command::EndTurn,
                why: "too many commands in one turn".into(),
            }
        } else {
            player.decide(&session.game)
        };
        report.think_ms += t0.elapsed().as_secs_f64() * 1000.0;
        match validate(&session.game, &d.command) {
            Ok(_) => {
                if let Some(w) = watcher.as_deref_mut() {
                    let t0 = Instant::now();
                    w.observe(&session.game, &d.command);
                    report.watch_ms += t0.elapsed().as_secs_f64() * 1000.0;
                }
                if session.execute(d.command.clone()).is_err() {
                    report
                        .refused
                        .push((d.command.clone(), "refused when applied".into()));
                    let _ = session.execute(Command::EndTurn);
                    return report;
                }
                report.decisions.push(d);
            }
            Err(e) => {
                report.refused.push((d.command.clone(), e.to_string()));
                // Do not loop on a refusal: end the turn.
                let _ = session.execute(Command::EndTurn);
                return report;
            }
        }
    }
    report
}

/// A game played to its end by two computer players.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub outcome: Outcome,
    pub turns: u32,
    pub commands: usize,
    /// Thinking time of each computer turn, per side, in milliseconds.
    pub turn_ms: [Vec<f64>; 2],
    /// Thinking time per game turn, per side (all of a side's turns or actions in it), in
    /// milliseconds, in game-turn order.
    pub game_turn_ms: [Vec<f64>; 2],
    pub refused: Vec<(Command, String)>,
    /// Every command sent, in the order of the log, with its turn, side and why.
    pub decisions: Vec<(u32, SideId, Decision)>,
    /// How each side's player chose its style each game turn ([`Player::choices`]).
    pub choices: [Vec<search::Choice>; 2],
    pub session: Session,
}

/// Play a whole game: `players[s]` plays side `s`.
pub fn play_game(
    scenario: Arc<Scenario>,
    rules: Arc<dyn Ruleset>,
    seed: u64,
    players: [Kind; 2],
) -> GameReport {
    let mut session = Session::new(scenario, rules, seed);
    let mut ps = [
        players[0].player(seed, SideId(0)),
        players[1].player(seed, SideId(1)),
    ];
    let mut turn_ms = [Vec::new(), Vec::new()];
    let mut game_turn_ms: [Vec<(u32, f64)>; 2] = [Vec::new(), Vec::new()];
    // Time spent observing the enemy's commands, not yet counted in a game turn.
    let mut watching = [0.0f64; 2];
    let mut refused = Vec::new();
    let mut decisions = Vec::new();
    // A scenario without a last turn is played for at most this many.
    let limit = session
        .game
        .scenario
        .turns
        .unwrap_or(session.game.turn + 20);
    let mut this_turn = (session.game.turn, 0usize);
    while !session.game.is_over() && session.game.turn <= limit {
        let side = session.game.active_side;
        let turn = session.game.turn;
        if this_turn.0 != turn {
            this_turn = (turn, 0);
        }
        if this_turn.1 > MAX_COMMANDS_PER_GAME_TURN {
            refused.push((
                Command::EndTurn,
                format!(
                    "game turn {turn} did not end within {MAX_COMMANDS_PER_GAME_TURN} commands: \
                     the game is stopped"
                ),
            ));
            break;
        }
        let r = play_turn_with(&mut session, &mut ps);
        this_turn.1 += r.decisions.len() + r.refused.len() + 1;
        turn_ms[side.0 as usize].push(r.think_ms);
        // The other side's time observing the commands counts as its thinking: in this game
        // turn if it has played in it, else in its next.
        let other = side.other().0 as usize;
        match game_turn_ms[other].last_mut() {
            Some((t, total)) if *t == turn => *total += r.watch_ms,
            _ => watching[other] += r.watch_ms,
        }
        let per_turn = &mut game_turn_ms[side.0 as usize];
        let ms = r.think_ms + std::mem::take(&mut watching[side.0 as usize]);
        match per_turn.last_mut() {
            Some((t, total)) if *t == turn => *total += ms,
            _ => per_turn.push((turn, ms)),
        }
        refused.extend(r.refused);
        decisions.extend(r.decisions.into_iter().map(|d| (turn, side, d)));
    }
    GameReport {
        outcome: outcome(&session.game),
        turns: session.game.turn.min(limit),
        commands: session.log.len(),
        turn_ms,
        game_turn_ms: game_turn_ms.map(|v| v.into_iter().map(|(_, ms)| ms).collect()),
        refused,
        decisions,
        choices: [ps[0].choices().to_vec(), ps[1].choices().to_vec()],
        session,
    }
}

/// The 95% confidence interval of a win rate (`wins` of `games`), by Wilson's score interval:
/// good near 0 and 1 and for small samples, where the normal approximation is not.
pub fn wilson95(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod wilson_tests {
    use super::wilson95;

    // Wilson's interval by hand: 60 of 100 gives 0.5020 to 0.6906; 0 of 10 gives 0 to 0.2775;
    // it always holds the observed rate.
    #[test]
    fn the_interval_matches_the_formula() {
        let (lo, hi) = wilson95(60, 100);
        assert!(
            (lo - 0.5020).abs() < 5e-4 && (hi - 0.6906).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson95(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 5e-4, "{lo} {hi}");
        for (k, n) in [(1, 1), (5, 7), (99, 100), (100, 100)] {
            let (lo, hi) = wilson95(k, n);
            let p = f64::from(k) / f64::from(n);
            assert!(lo <= p && p <= hi && lo >= 0.0 && hi <= 1.0, "{k}/{n}");
        }
    }
}
