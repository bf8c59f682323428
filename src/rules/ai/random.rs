//! `random`: a legal command picked uniformly among the side's march rolls, moves to every hex in
//! reach, single-stack attacks, leaders' activations and the end of its turn.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::options::{
    activations, attack_cmd, march, move_cmd, movers, reach, stack_attacks, stacks,
};
use super::{Decision, Player};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::movement::MoveContext;
use crate::rules::order::Command;
use crate::rules::points::Allowance;
use crate::rules::unit::SideId;

pub struct Random {
    rng: Xoshiro256PlusPlus,
}

impl Random {
    pub fn new(seed: u64, side: SideId) -> Self {
        Random {
            rng: Xoshiro256PlusPlus::seed_from_u64(
                seed ^ 0x5241_4e44_4f4d_0000 ^ u64::from(side.0),
            ),
        }
    }
}

impl Player for Random {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let side = game.active_side;
        let mut cands: Vec<Command> = vec![Command::EndTurn];
        let ctx = MoveContext::new(game);
        for s in stacks(game, side) {
            let m = movers(game, &s);
            if m.is_empty() {
                continue;
            }
            if let Some(c) = march(game, &m) {
                cands.push(c);
                continue;
            }
            let unrolled = |g: &Game, u| match g.rules.movement().allowance(g, u) {
                a @ Allowance::Roll { .. } => a.max(),
                a => a.max(),
            };
            if let Some(r) = reach(game, &ctx, &m, unrolled) {
                for h in r.hexes() {
                    let to = game.map().coord(h.index);
                    if to == s.hex {
                        continue;
                    }
                    if let Some(path) = r.path(game, to) {
                        let cmd = move_cmd(game, &m, &path);
                        if validate(game, &cmd).is_ok() {
                            cands.push(cmd);
                        }
                    }
                }
            }
        }
        for (req, _) in stack_attacks(game, side) {
            cands.push(attack_cmd(game, &req));
        }
        cands.extend(activations(game, side).into_iter().map(|(c, _)| c));
        cands.extend(super::options::transfer(game, side).map(|(c, _)| c));
        let i = self.rng.random_range(0..cands.len());
        Decision {
            command: cands.swap_remove(i),
            why: format!("random: one of {} legal commands", cands.len() + 1),
        }
    }
}
