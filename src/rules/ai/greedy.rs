//! `greedy`: attacks with the single stack whose attack has the best expected exchange of losses
//! (the defender's expected loss minus the attacker's) while that exchange is favourable; then
//! moves each stack, once a turn, to the hex in reach nearest to an enemy unit; in an action
//! phase, first activates the leader with the most units to activate.

use super::options::{
    activations, attack_cmd, f, march, move_cmd, movers, reach, stack_attacks, stacks,
};
use super::{Decision, Player};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::MoveContext;
use crate::rules::order::Command;
use crate::rules::unit::SideId;

pub struct Greedy {
    /// The turn and side of the stacks already moved (by their hex after moving).
    moved: Option<(u32, u8, Vec<Coord>)>,
}

impl Greedy {
    pub fn new() -> Self {
        Greedy { moved: None }
    }
}

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let side = game.active_side;
        let key = (game.turn, side.0);
        if self.moved.as_ref().is_none_or(|(t, s, _)| (*t, *s) != key) {
            self.moved = Some((key.0, key.1, Vec::new()));
        }
        // 0. What only helps (a rally).
        if let Some((command, why)) = super::options::gain_action(game) {
            return Decision {
                command,
                why: format!("greedy: {why}"),
            };
        }
        // 1. The best favourable single-stack attack.
        if let Some(d) = best_attack(game, side) {
            return d;
        }
        // 2. A leader away from his command joins it (a leader-transfer phase).
        if let Some((command, why)) = super::options::transfer(game, side) {
            return Decision {
                command,
                why: format!("greedy: {why}"),
            };
        }
        // 3. In an action phase, the leader who activates the most units (two or more).
        if let Some(d) = largest_activation(game, side) {
            return d;
        }
        // 4. Each stack once: toward the nearest enemy.
        self.toward_the_enemy(game, side)
    }
}

/// The single-stack attack with the best expected exchange of losses, if favourable.
fn best_attack(game: &Game, side: SideId) -> Option<Decision> {
    let (x, req, o) = stack_attacks(game, side)
        .into_iter()
        .map(|(req, o)| {
            let x = f(o.defender_expected_loss) - f(o.attacker_expected_loss);
            (x, req, o)
        })
        .filter(|(x, _, _)| *x > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    Some(Decision {
        command: attack_cmd(game, &req),
        why: format!(
            "greedy: {} for an expected exchange of {x:.2} (P(retreat or rout) {:.0}%)",
            game.label(req.defender),
            100.0 * f(o.p_retreat)
        ),
    })
}

/// The activation of the leader who activates the most units, two or more.
fn largest_activation(game: &Game, side: SideId) -> Option<Decision> {
    let (cmd, n) = activations(game, side)
        .into_iter()
        .filter(|(_, n)| *n >= 2)
        .max_by_key(|(_, n)| *n)?;
    Some(Decision {
        command: cmd,
        why: format!("greedy: activate the largest command ({n} units)"),
    })
}

impl Greedy {
    /// The next stack not moved yet this turn that has combat units: its march roll, or its
    /// move to the hex in reach nearest to an enemy unit (if nearer than where it stands); the
    /// end of the turn when every stack has moved.
    fn toward_the_enemy(&mut self, game: &Game, side: SideId) -> Decision {
        let enemies: Vec<Coord> = game
            .units
            .iter()
            .filter(|u| u.side != side && u.is_combat())
            .filter_map(|u| u.hex)
            .collect();
        let ctx = MoveContext::new(game);
        let moved = self.moved.as_mut().map(|m| &mut m.2);
        let Some(moved) = moved else {
            return end("greedy: nothing to do");
        };
        for s in stacks(game, side) {
            if moved.contains(&s.hex) {
                continue;
            }
            let m = movers(game, &s);
            if m.is_empty() || !m.iter().any(|u| game.unit(*u).is_combat()) {
                continue;
            }
            if let Some(c) = march(game, &m) {
                return Decision {
                    command: c,
                    why: "greedy: march".into(),
                };
            }
            let dist = |h: Coord| enemies.iter().map(|e| e.distance(h)).min().unwrap_or(0);
            let here = dist(s.hex);
            let Some(r) = reach(game, &ctx, &m, |_, _| crate::rules::points::Mp::ZERO) else {
                continue;
            };
            let best = r
                .hexes()
                .map(|h| game.map().coord(h.index))
                .filter(|h| *h != s.hex)
                .min_by_key(|h| (dist(*h), h.col, h.row));
            moved.push(s.hex);
            if let Some(to) = best.filter(|h| dist(*h) < here)
                && let Some(path) = r.path(game, to)
            {
                let cmd = move_cmd(game, &m, &path);
                if validate(game, &cmd).is_ok() {
                    moved.push(to);
                    return Decision {
                        command: cmd,
                        why: format!("greedy: toward the nearest enemy ({} hexes)", dist(to)),
                    };
                }
            }
        }
        end("greedy: every stack has moved")
    }
}

fn end(why: &str) -> Decision {
    Decision {
        command: Command::EndTurn,
        why: why.into(),
    }
}
