//! What a side can do now, for every player: its stacks, their reach, the attacks open to them,
//! and commands built from them. Everything here goes through the rule system's trait and the
//! movement model; nothing is particular to one rule system.

use std::collections::BTreeMap;

use crate::rules::attack::{AttackRequest, AttackType, Odds};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{MoveContext, Reach, budget, reachable_within};
use crate::rules::order::Command;
use crate::rules::points::{Allowance, Mp};
use crate::rules::unit::{SideId, UnitIdx};

/// A side's units in one hex.
#[derive(Clone, Debug)]
pub struct Stack {
    pub hex: Coord,
    pub units: Vec<UnitIdx>,
}

/// The side's stacks on the map, in map order.
pub fn stacks(game: &Game, side: SideId) -> Vec<Stack> {
    let mut by_hex: BTreeMap<(i32, i32), Vec<UnitIdx>> = BTreeMap::new();
    for u in game.unit_indices() {
        let unit = game.unit(u);
        if unit.side == side
            && let Some(h) = unit.hex
        {
            by_hex.entry((h.row, h.col)).or_default().push(u);
        }
    }
    by_hex
        .into_iter()
        .map(|((row, col), units)| Stack {
            hex: Coord::new(col, row),
            units,
        })
        .collect()
}

/// The units of a stack that can still move this turn (points left, or a march roll to make).
pub fn movers(game: &Game, stack: &Stack) -> Vec<UnitIdx> {
    stack
        .units
        .iter()
        .copied()
        .filter(|u| {
            let unit = game.unit(*u);
            !unit.stopped
                && match budget(game, *u).left {
                    Some(l) => l > Mp::ZERO,
                    None => true,
                }
        })
        .collect()
}

/// Whether a unit must roll its march allowance before it moves.
fn unrolled(game: &Game, u: UnitIdx) -> bool {
    let unit = game.unit(u);
    unit.movement.is_none()
        && unit.march.is_none()
        && matches!(
            game.rules.movement().allowance(game, u),
            Allowance::Roll { .. }
        )
}

/// Whether some of these units must roll their march allowance before they move.
pub fn needs_march(game: &Game, units: &[UnitIdx]) -> bool {
    units.iter().any(|u| unrolled(game, *u))
}

/// The march roll of those of these units that still need one, if any and it is valid.
pub fn march(game: &Game, units: &[UnitIdx]) -> Option<Command> {
    let need: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| unrolled(game, *u))
        .collect();
    if need.is_empty() {
        return None;
    }
    let cmd = Command::March {
        units: need.iter().map(|u| game.unit(*u).id.clone()).collect(),
    };
    validate(game, &cmd).is_ok().then_some(cmd)
}

/// The move of `units` along `path` as a command.
pub fn move_cmd(game: &Game, units: &[UnitIdx], path: &[Coord]) -> Command {
    let labels = path.iter().map(|c| game.label(*c)).collect();
    if units.len() == 1 {
        Command::Move {
            unit: game.unit(units[0]).id.clone(),
            path: labels,
        }
    } else {
        Command::MoveStack {
            units: units.iter().map(|u| game.unit(*u).id.clone()).collect(),
            path: labels,
        }
    }
}

/// The reach of a stack's movers within what they have left (a march roll not made yet counts
/// as `unrolled`, a number of points the caller chooses).
pub fn reach(
    game: &Game,
    ctx: &MoveContext,
    units: &[UnitIdx],
    unrolled: impl Fn(&Game, UnitIdx) -> Mp,
) -> Option<Reach> {
    reachable_within(game, ctx, units, &lefts(game, units, unrolled))
}

/// What each of `units` has left to spend this turn (a march roll not made yet counts as
/// `unrolled`): the points [`reach`] traces with.
pub fn lefts(game: &Game, units: &[UnitIdx], unrolled: impl Fn(&Game, UnitIdx) -> Mp) -> Vec<Mp> {
    units
        .iter()
        .map(|u| budget(game, *u).left.unwrap_or_else(|| unrolled(game, *u)))
        .collect()
}

/// The units of `units` that may take part in an attack now: on the map, combat units within
/// the per-turn limits, and leaders (who add their values).
pub fn attack_units(game: &Game, units: &[UnitIdx]) -> Vec<UnitIdx> {
    units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect()
}

/// An attack by `attackers` on `target` as the rule system accepts it: the first attack type
/// (the default, then each of the system's types) whose request `validate` takes, with its odds
/// (their numbers: [`Ruleset::odds_unexplained`](crate::rules::ruleset::Ruleset)).
pub fn valid_attack(
    game: &Game,
    attackers: &[UnitIdx],
    target: Coord,
) -> Option<(AttackRequest, Odds)> {
    valid_attack_with(game, attackers, target, false)
}

/// [`valid_attack`], its odds explained as `musket odds` explains them when `explain` (for a
/// player to read: the threats shown).
pub fn valid_attack_with(
    game: &Game,
    attackers: &[UnitIdx],
    target: Coord,
    explain: bool,
) -> Option<(AttackRequest, Odds)> {
    let kinds = || std::iter::once(None).chain(game.rules.attack_types().iter().map(|k| Some(*k)));
    let attack_of_kind =
        |units: &[UnitIdx], kind| attack_of_kind(game, units, target, kind, explain);
    for kind in kinds() {
        if let Some(r) = attack_of_kind(attackers, kind) {
            return Some(r);
        }
    }
    let in_force = crate::rules::actions::assaults_in_force(game);
    // Where some of them may not attack (Shiloh's limbered guns in a stack with cavalry, a
    // unit that has fired this phase), the others: those that may attack alone, with the
    // leaders in their hexes. (Where assaults are in force, below.)
    let combat = attackers
        .iter()
        .filter(|u| game.unit(**u).is_combat())
        .count();
    if !in_force && combat >= 2 {
        for kind in kinds() {
            if let Some(r) = without_the_refused(game, attackers, target, kind)
                .and_then(|group| attack_of_kind(&group, kind))
            {
                return Some(r);
            }
        }
    }
    // Where the units may not attack together because an assault needs a leader of their
    // command and is an action of its own (GCACW's action phase), the strongest of them alone.
    // (Elsewhere the rules' own refusal stands: a single unit's attack is judged on its own.)
    if !in_force {
        return None;
    }
    let mut combat: Vec<UnitIdx> = attackers
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_combat())
        .collect();
    if combat.len() < 2 {
        return None;
    }
    combat.sort_by_key(|u| std::cmp::Reverse(game.unit(*u).cv));
    for &u in &combat {
        let one = with_their_leaders(game, attackers, &[u]);
        for kind in kinds() {
            if let Some(r) = attack_of_kind(&one, kind) {
                return Some(r);
            }
        }
    }
    None
}

/// Those of `attackers` the rules let attack `target` alone in an attack of `kind` (and the
/// leaders in their hexes), when some may not and some may: `None` when all or none may.
fn without_the_refused(
    game: &Game,
    attackers: &[UnitIdx],
    target: Coord,
    kind: Option<AttackType>,
) -> Option<Vec<UnitIdx>> {
    let combat = attackers
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_combat());
    let (able, refused): (Vec<UnitIdx>, Vec<UnitIdx>) = combat.partition(|u| {
        let req = AttackRequest::new(vec![*u], target, kind);
        validate(game, &attack_cmd(game, &req)).is_ok()
    });
    if able.is_empty() || refused.is_empty() {
        return None;
    }
    Some(with_their_leaders(game, attackers, &able))
}

/// `units` and the leaders of `attackers` who stand in a hex of one of them.
fn with_their_leaders(game: &Game, attackers: &[UnitIdx], units: &[UnitIdx]) -> Vec<UnitIdx> {
    let mut group = units.to_vec();
    group.extend(attackers.iter().copied().filter(|l| {
        let leader = game.unit(*l);
        leader.is_leader() && units.iter().any(|u| game.unit(*u).hex == leader.hex)
    }));
    group
}

/// An attack of one type (`None`: the rules' default), if `validate` takes it, with its odds
/// (explained when `explain`).
pub fn attack_of_kind(
    game: &Game,
    attackers: &[UnitIdx],
    target: Coord,
    kind: Option<AttackType>,
    explain: bool,
) -> Option<(AttackRequest, Odds)> {
    let req = AttackRequest::new(attackers.to_vec(), target, kind);
    // An assault names the leader who leads it (GCACW's action phase).
    let led = crate::rules::actions::with_leader(
        game,
        attackers,
        crate::rules::ruleset::kind_of(game, &req),
    );
    let req = AttackRequest::new(led, target, kind);
    crate::rules::work::add(ODDS_WORK);
    if explain {
        validate(game, &attack_cmd(game, &req)).ok()?;
        let odds = game.rules.odds(game, &req).ok()?;
        return Some((req, odds));
    }
    let odds = crate::rules::command::judge_attack(game, &req).ok()?;
    Some((req, odds))
}

/// The work ([`crate::rules::work`]) of judging one attack (its check and its odds), in hexes
/// settled by a movement search.
pub const ODDS_WORK: u64 = 2;

/// An attack request as a command.
pub fn attack_cmd(game: &Game, req: &AttackRequest) -> Command {
    Command::Attack {
        attackers: req
            .attackers
            .iter()
            .map(|u| game.unit(*u).id.clone())
            .collect(),
        defender: game.label(req.defender),
        kind: req.kind,
        march_type: None,
        choices: Default::default(),
        options: req.options.clone(),
    }
}

/// Enemy-held hexes next to `hex`.
pub fn enemy_neighbours(game: &Game, hex: Coord, side: SideId) -> Vec<Coord> {
    hex.neighbors()
        .into_iter()
        .filter(|n| game.side_at(*n).is_some_and(|s| s != side))
        .filter(|n| game.units_at(*n).iter().any(|u| game.unit(*u).is_combat()))
        .collect()
}

/// Every single-stack attack open to `side` now: each stack on each adjacent enemy hex.
pub fn stack_attacks(game: &Game, side: SideId) -> Vec<(AttackRequest, Odds)> {
    let mut out = Vec::new();
    for s in stacks(game, side) {
        let units = attack_units(game, &s.units);
        if !units.iter().any(|u| game.unit(*u).is_combat()) {
            continue;
        }
        for t in enemy_neighbours(game, s.hex, side) {
            if let Some(a) = valid_attack(game, &units, t) {
                out.push(a);
            }
        }
    }
    out
}

/// Expected losses as floats, for ratings.
pub fn f(p: crate::rules::cv::Prob) -> f64 {
    crate::rules::cv::prob_f64(p)
}

/// The leaders' activations `side` may make now (an action phase with activations, no action
/// begun), each with every eligible unit of the leader's command, and how many units each moves.
pub fn activations(game: &Game, side: SideId) -> Vec<(Command, usize)> {
    if game.sequence.activation.is_none() || game.cycle.acted || game.active_side != side {
        return Vec::new();
    }
    game.unit_indices()
        .filter(|u| {
            let unit = game.unit(*u);
            unit.is_leader() && unit.side == side && !unit.command.is_empty()
        })
        .filter_map(|l| {
            let n = crate::rules::actions::reach(game, l)?.eligible.len();
            let cmd = Command::Activate {
                leader: game.unit(l).id.clone(),
                units: Vec::new(),
            };
            (n > 0 && validate(game, &cmd).is_ok()).then_some((cmd, n))
        })
        .collect()
}

/// In a leader-transfer phase, a transfer worth making for `side`: a leader with a command who
/// is not with any unit of it, onto the unit of his command (within his transfer range) with the
/// most units of his command within his command radius of it; the first such leader in unit
/// order.
pub fn transfer(game: &Game, side: SideId) -> Option<(Command, String)> {
    let t = game.sequence.leader_transfer.as_ref()?;
    let radius = game.sequence.activation.as_ref().map_or(3, |a| a.radius);
    for l in game.unit_indices() {
        let leader = game.unit(l);
        let Some(at) = leader.hex else { continue };
        if !leader.is_leader() || leader.side != side || leader.command.is_empty() {
            continue;
        }
        let command: Vec<Coord> = leader
            .command
            .iter()
            .filter_map(|u| game.unit(*u).hex)
            .collect();
        if command.contains(&at) {
            continue;
        }
        let best = command
            .iter()
            .filter(|h| at.distance(**h) <= t.hexes)
            .max_by_key(|h| {
                let near = command.iter().filter(|c| c.distance(**h) <= radius).count();
                (near, std::cmp::Reverse((h.col, h.row)))
            });
        if let Some(&h) = best {
            let cmd = Command::TransferLeader {
                leader: leader.id.clone(),
                to: game.label(h),
            };
            if validate(game, &cmd).is_ok() {
                let why = format!("{} joins his command at {}", leader.name, game.label(h));
                return Some((cmd, why));
            }
        }
    }
    None
}

/// A special action that only helps (`SpecialAction::gain`: NGG 1812's rally) open to units of
/// the side to act: the command for the most units of one stack the rules accept together
/// (strongest first), if the phase allows it.
pub fn gain_action(game: &Game) -> Option<(Command, String)> {
    let side = game.active_side;
    for s in stacks(game, side) {
        let mut gains: BTreeMap<String, String> = BTreeMap::new();
        for &u in &s.units {
            for a in game.rules.special_actions(game, u) {
                if a.gain && a.cost.is_ok() {
                    gains.entry(a.key).or_insert(a.label);
                }
            }
        }
        for (key, label) in gains {
            if let Some(cmd) = crate::rules::command::special_for(game, &s.units, &key) {
                let n = match &cmd {
                    Command::Special { units, .. } => units.len(),
                    _ => 0,
                };
                let why = format!("{label}: {n} unit(s) at {}", game.label(s.hex));
                return Some((cmd, why));
            }
        }
    }
    None
}
