//! `ai3` ("hard"): the opponent that looks ahead, by simulation. **Experimental**: it does not
//! yet meet issue 19's bar (60% against `ai2` on every scenario); see the README's table.
//!
//! **Method: flat Monte Carlo over the plans of each attack decision, one game turn deep.**
//! Where `ai2` would attack, its planner offers the best-rated attack against each target it
//! can reach (at most [`PLANS`]: which stacks together, from which hexes, which attack type,
//! with the moves into position) and "no attack now" (its moves). Each plan is played on
//! copies of the game, then both sides are played on to the same point of the next game turn
//! (its own remaining moves and attacks, or actions, then the enemy's whole reply),
//! [`MIN_SAMPLES`] to [`SAMPLES`] times with different dice
//! (more rounds while the decision has simulated fewer than [`COMMAND_BUDGET`] commands); the
//! plan whose copies end best is played. Every command still comes from the exact-odds planner
//! and every roll re-plans, as in `ai2`.
//!
//! Why this method: a turn here is many commands with dice between them, so a tree over single
//! commands branches too much for a budget of about a second; searching over whole plans keeps
//! the branching to a handful while the planner handles the inside of each (the macro-action
//! reading of MCTS for multi-action turns; Justesen et al. found whole-turn planning beats
//! per-action trees in Hero Academy). The enemy's reply is played, not estimated: an attack
//! that leaves a stack to be destroyed, an empty victory hex or an advance into a bad hex costs
//! what the enemy then does with it. A flat search (one level) because the budget is small.
//!
//! - **Playouts**: `ai2` for both sides without its threat model (moves weigh adjacent enemies
//!   only), several times cheaper than `ai2` itself.
//! - **Evaluation** at the horizon: a finished game is +-1000 (win / loss, 0 a draw); otherwise
//!   the difference in victory points held plus half the scenario's total points times the
//!   difference in shares of strength destroyed (the victory rules' tie-break, weighted as the
//!   material that decides the coming fights).
//! - **Choice**: the samples of every plan use the same dice (common random numbers), and a
//!   plan other than `ai2`'s own first is played only when its paired gain over it is more
//!   than twice the standard error of that gain: with a few samples, noise must not overrule
//!   the exact-odds rating.
//! - **Budget**: at most [`GAME_TURN_BUDGET`] simulated commands a game turn; past it the
//!   game turn's remaining decisions are `ai2`'s (its first plan), which bounds the slowest
//!   game turn where many attacks are open (South Mountain's first).
//! - **Determinism**: each decision's dice are seeded from the game's seed, the side, the game
//!   turn and the decision's number, never from the game's own coming dice. The budget is a
//!   number of samples and of simulated commands, not a time, so a game replays exactly. The simulations run on the
//!   machine's cores and are combined in a fixed order: the choice does not depend on how many
//!   cores there are.

use std::sync::Arc;

use super::strong::{Chooser, Strong};
use super::{Decision, Player, Progress};
use crate::rules::command::{Command, apply, validate};
use crate::rules::dice::Dice;
use crate::rules::game::Game;
use crate::rules::unit::SideId;
use crate::rules::victory::outcome;

/// Most attack plans judged at a decision (the best rated by `ai2`; "no attack" besides).
pub const PLANS: usize = 4;

/// Dice samples per plan: at least `MIN_SAMPLES`, then more rounds (one sample of every plan
/// each) while the decision's simulated commands stay under [`COMMAND_BUDGET`], up to
/// `SAMPLES`.
pub const SAMPLES: u64 = 6;
pub const MIN_SAMPLES: u64 = 3;

/// Simulated commands a decision may spend before its last round of samples (a count, not a
/// time: the same on every machine).
pub const COMMAND_BUDGET: usize = 600;

/// Most commands one simulation plays (a guard; a game turn of South Mountain is about 200).
const MAX_SIM_COMMANDS: usize = 3000;

/// Simulated commands a side may spend in one game turn: past it the rest of the game turn's
/// decisions are `ai2`'s own (a count, not a time; it bounds the slowest game turn).
pub const GAME_TURN_BUDGET: usize = 1500;

/// What a finished game is worth to the winner.
const WIN: f64 = 1000.0;

/// The search-based opponent: `ai2`'s planner with [`MonteCarlo`] choosing its attacks.
pub struct Search {
    player: Strong,
    progress: Progress,
}

impl Search {
    pub fn new(seed: u64, side: SideId) -> Self {
        let progress = Progress::default();
        Search {
            player: Strong::new(2).with_chooser(Box::new(MonteCarlo {
                seed,
                side,
                decisions: 0,
                spent: (0, 0),
                progress: progress.clone(),
            })),
            progress,
        }
    }
}

impl Player for Search {
    fn name(&self) -> String {
        "ai3".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let mut d = self.player.decide(game);
        let why = d.why.strip_prefix("ai: ").unwrap_or(&d.why).to_string();
        d.why = format!("ai3: {why}");
        self.progress.set(0, 0);
        d
    }

    fn progress(&self) -> Option<Progress> {
        Some(self.progress.clone())
    }
}

/// Flat Monte Carlo over the plans of an attack decision: each plan played on copies of the
/// game, then one game turn of `ai2` against `ai2`, over the same dice samples.
pub struct MonteCarlo {
    seed: u64,
    side: SideId,
    /// Decisions taken (a part of each decision's dice seeds).
    decisions: u64,
    /// The game turn being played and the commands simulated in it so far.
    spent: (u32, usize),
    /// The dice samples played in the decision in progress, of [`SAMPLES`].
    progress: Progress,
}

impl Chooser for MonteCarlo {
    fn most(&self) -> usize {
        PLANS
    }

    fn choose(&mut self, game: &Game, plans: &[Vec<Decision>]) -> usize {
        self.decisions += 1;
        if self.spent.0 != game.turn {
            self.spent = (game.turn, 0);
        }
        if self.spent.1 >= GAME_TURN_BUDGET {
            return 0;
        }
        let base = mix(self.seed
            ^ (u64::from(self.side.0) << 56)
            ^ (u64::from(game.turn) << 40)
            ^ self.decisions);
        // values[p][k]: plan p's value on sample k's dice.
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); plans.len()];
        let mut spent = 0usize;
        for k in 0..SAMPLES {
            if k >= MIN_SAMPLES && spent >= COMMAND_BUDGET {
                break;
            }
            self.progress.set(k as u32, SAMPLES as u32);
            let dice = mix(base.wrapping_add(k));
            let tasks: Vec<(usize, u64)> = (0..plans.len()).map(|p| (p, dice)).collect();
            for ((p, _), (v, n)) in tasks.iter().zip(run_all(game, plans, &tasks)) {
                values[*p].push(v);
                spent += n;
            }
        }
        self.spent.1 += spent;
        let n = values[0].len();
        // Paired with the first plan (`ai2`'s own choice) over the same dice: another plan is
        // played only when it beats that one by more than twice the standard error of the
        // difference.
        let mut best = 0;
        let mut best_gain = 0.0;
        for p in 1..plans.len() {
            let diffs: Vec<f64> = (0..n).map(|k| values[p][k] - values[0][k]).collect();
            let mean = diffs.iter().sum::<f64>() / n as f64;
            let var =
                diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n as f64 - 1.0).max(1.0);
            let se = (var / n as f64).sqrt();
            if mean > 2.0 * se + 1e-9 && mean > best_gain {
                best = p;
                best_gain = mean;
            }
        }
        best
    }
}

/// SplitMix64's finaliser: spreads a seed's bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Run every (plan, dice seed) simulation, on the machine's cores; the values and commands
/// played, in task order.
fn run_all(game: &Game, plans: &[Vec<Decision>], tasks: &[(usize, u64)]) -> Vec<(f64, usize)> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(tasks.len())
        .max(1);
    if threads == 1 {
        return tasks
            .iter()
            .map(|(p, d)| simulate(game, &plans[*p], *d))
            .collect();
    }
    let game = Arc::new(game.clone());
    let mut values = vec![(0.0, 0); tasks.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let game = Arc::clone(&game);
                scope.spawn(move || {
                    tasks
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, (p, d))| (i, simulate(&game, &plans[*p], *d)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, v) in h.join().expect("a simulation thread panicked") {
                values[i] = v;
            }
        }
    });
    values
}

/// Play `plan` on a copy of the game, then `ai2` for both sides to the same point of the next
/// game turn (the rest of the side's turn or actions, then the enemy's whole reply), or the
/// end. The value to the side that acts now, and the commands played.
pub fn simulate(game: &Game, plan: &[Decision], dice_seed: u64) -> (f64, usize) {
    let me = game.active_side;
    let mut g = game.clone();
    let mut dice = Dice::new(dice_seed);
    for d in plan {
        if validate(&g, &d.command).is_err() || apply(&mut g, &d.command, &mut dice).is_err() {
            break;
        }
    }
    // The playouts' players: `ai2` without the threat model (its moves weigh adjacent enemies
    // only), several times cheaper; the simulated reply is the threat that matters here.
    let mut players = [Strong::new(2).fast(), Strong::new(2).fast()];
    let start = (game.turn, game.phase.round, game.phase.index);
    let mut played = plan.len();
    for _ in 0..MAX_SIM_COMMANDS {
        if g.is_over() {
            break;
        }
        let here = (g.phase.round, g.phase.index);
        if g.turn > start.0
            && (g.turn > start.0 + 1 || (g.active_side == me && here >= (start.1, start.2)))
        {
            break;
        }
        played += 1;
        let side = g.active_side;
        let d = players[side.0 as usize].decide(&g);
        let ok = validate(&g, &d.command).is_ok() && apply(&mut g, &d.command, &mut dice).is_ok();
        if !ok && apply(&mut g, &Command::EndTurn, &mut dice).is_err() {
            break;
        }
    }
    (value(&g, me), played)
}

/// What a game is worth to `side`: a finished game's result, else the points held and the
/// shares of strength destroyed.
pub fn value(game: &Game, side: SideId) -> f64 {
    let o = outcome(game);
    let (me, them) = (side.0 as usize, 1 - side.0 as usize);
    if o.over {
        return match o.winner {
            Some(w) if w == side => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
    }
    let total: u32 = game.scenario.victory.iter().map(|v| v.points).sum();
    let share = |s: usize| f64::from(o.lost[s]) / f64::from(o.start[s].max(1));
    f64::from(o.points[me]) - f64::from(o.points[them])
        + 0.5 * f64::from(total.max(1)) * (share(them) - share(me))
}
