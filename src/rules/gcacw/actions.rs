//! GCACW's action cycle behind the core's [`Actions`]: leader activation and transfers
//! (`activation`), assaults (`assault`), the fatigue of marching, the extended march and the
//! forced march (`fatigue`).

use std::sync::Arc;

use super::Gcacw;
use crate::rules::actions::{ActionPlan, Actions, Reach};
use crate::rules::attack::{AttackRequest, AttackType};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::order::{Command, CommandError};
use crate::rules::sequence::ForcedMarch;
use crate::rules::unit::UnitIdx;

/// GCACW's checked action commands.
enum Plan {
    Activate(super::activation::Plan),
    ForceMarch(Vec<UnitIdx>, ForcedMarch),
    Transfer(UnitIdx, Coord),
}

impl Actions for Gcacw {
    fn check(&self, game: &Game, cmd: &Command) -> Result<ActionPlan, CommandError> {
        let plan = match cmd {
            Command::Activate { leader, units } => Plan::Activate(
                super::activation::plan(game, leader, units).map_err(CommandError::Activate)?,
            ),
            Command::ForceMarch { units } => {
                let (units, f) =
                    super::fatigue::forced_march_plan(game, units).map_err(CommandError::March)?;
                Plan::ForceMarch(units, f)
            }
            Command::TransferLeader { leader, to } => {
                let (l, h) = super::activation::transfer_plan(game, leader, to)
                    .map_err(CommandError::Activate)?;
                Plan::Transfer(l, h)
            }
            _ => return Err(CommandError::Activate("not an action command".into())),
        };
        Ok(ActionPlan(Arc::new(plan)))
    }

    fn apply(&self, game: &mut Game, plan: &ActionPlan, dice: &mut dyn DieSource) -> Vec<Event> {
        match plan.0.downcast_ref::<Plan>() {
            Some(Plan::Activate(p)) => super::activation::apply(self, game, p, dice),
            Some(Plan::ForceMarch(units, f)) => {
                super::fatigue::force_march(self, game, units, f, dice)
            }
            Some(Plan::Transfer(l, h)) => super::activation::transfer(game, *l, *h),
            None => Vec::new(),
        }
    }

    fn reach(&self, game: &Game, leader: UnitIdx) -> Option<Reach> {
        super::activation::reach(game, leader)
    }

    fn any_transfer(&self, game: &Game) -> bool {
        super::activation::any_transfer(game)
    }

    fn assaults_in_force(&self, game: &Game) -> bool {
        super::assault::in_force(game)
    }

    fn check_attack(
        &self,
        game: &Game,
        req: &AttackRequest,
        kind: Option<AttackType>,
    ) -> Result<(), String> {
        super::assault::check(game, req, kind)
    }

    fn with_leader(
        &self,
        game: &Game,
        attackers: &[UnitIdx],
        kind: Option<AttackType>,
    ) -> Vec<UnitIdx> {
        super::assault::with_leader(game, attackers, kind)
    }

    fn after_attack(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        kind: Option<AttackType>,
        dice: &mut dyn DieSource,
    ) -> Vec<Event> {
        super::assault::after(self, game, req, kind, dice)
    }

    fn after_march(
        &self,
        game: &mut Game,
        units: &[UnitIdx],
        dice: &mut dyn DieSource,
    ) -> Vec<Event> {
        super::fatigue::tire(self, game, units, dice)
    }

    fn extended_march_risk(&self, game: &Game, u: UnitIdx) -> f64 {
        super::fatigue::extended_march_risk(game, u)
    }

    fn extended_march_odds(&self, game: &Game, u: UnitIdx) -> Option<String> {
        super::fatigue::extended_march_odds(game, u)
    }

    fn forced_march_refusal(&self, game: &Game, units: &[String]) -> Option<String> {
        super::fatigue::forced_march_plan(game, units).err()
    }
}
