//! What the script players (`rush`, `hold`: [`super::rush`], [`super::hold`]) share: the
//! stacks that take ground, the way to a goal (a route over the whole map by the movement
//! rules, then as far along it as the stack reaches this turn), the attacks open on an enemy
//! hex, a leader's activation for the stacks that want to march, and a guard on the commands
//! of one phase. Everything is asked of the rules (`options`, `movement`, `activation`);
//! nothing names a rule system. Every command is checked by `validate` before it is sent.

use super::Decision;
use super::options::{Stack, attack_units, f, march, move_cmd, movers, needs_march, reach};
use crate::rules::attack::{AttackRequest, Odds};
use crate::rules::command::validate;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{MoveContext, reachable};
use crate::rules::order::Command;
use crate::rules::points::Mp;
use crate::rules::unit::{SideId, UnitIdx};

/// Most commands a script sends in one phase of one game turn (a guard: past it, it ends its
/// turn; a game turn of South Mountain is about 200 commands).
pub const MAX_PHASE_COMMANDS: usize = 1000;

/// The movement points of a route: more than any stack spends crossing any shipped map, so
/// the route is the cheapest path anywhere on the map.
const ROUTE_MP: u32 = 1_000_000;

/// Hexes of this turn's reach tried for a move, nearest the goal first, when none on the route
/// is accepted.
const TRIED: usize = 12;

/// The commands sent in the phase under way: a guard against a turn that would not end.
#[derive(Default)]
pub struct Guard {
    key: Option<(u32, u8, usize, u8)>,
    sent: usize,
}

impl Guard {
    /// Count one more command of the phase under way; false once past [`MAX_PHASE_COMMANDS`].
    pub fn allow(&mut self, game: &Game) -> bool {
        let key = (
            game.turn,
            game.phase.round,
            game.phase.index,
            game.active_side.0,
        );
        if self.key != Some(key) {
            self.key = Some(key);
            self.sent = 0;
        }
        self.sent += 1;
        self.sent <= MAX_PHASE_COMMANDS
    }
}

/// Whether a unit holds ground: a combat unit that takes a victory hex by entering it.
pub fn holds_ground(game: &Game, u: UnitIdx) -> bool {
    let unit = game.unit(u);
    unit.is_combat() && unit.takes_ground()
}

/// Whether `side` has a unit that holds ground at `h`.
pub fn held_by(game: &Game, h: Coord, side: SideId) -> bool {
    game.units_at(h)
        .iter()
        .any(|u| game.unit(*u).side == side && holds_ground(game, *u))
}

/// Whether an enemy of `side` stands at `h`.
pub fn enemy_at(game: &Game, h: Coord, side: SideId) -> bool {
    game.side_at(h).is_some_and(|s| s != side)
}

/// A stack that wants to go somewhere: its units that can move, where it stands, the hexes
/// that would do (the nearest by the route is taken), and why, for the log.
pub struct Want {
    pub units: Vec<UnitIdx>,
    pub from: Coord,
    pub goals: Vec<Coord>,
    pub why: String,
}

/// The units of a stack that can move this turn, if some of them hold ground.
pub fn ground_movers(game: &Game, s: &Stack) -> Option<Vec<UnitIdx>> {
    let m = movers(game, s);
    m.iter().any(|u| holds_ground(game, *u)).then_some(m)
}

/// The wanted moves, in order: a leader's activation where that marches two or more of them
/// together, else the first stack's march roll or move that `validate` accepts.
pub fn go(game: &Game, wants: &[Want], who: &str) -> Option<Decision> {
    if let Some(d) = activation(game, wants, who) {
        return Some(d);
    }
    let ctx = MoveContext::new(game);
    wants.iter().find_map(|w| step(game, &ctx, w, who))
}

/// A stack's next command toward the nearest of its goals: its march roll where it needs one
/// (only while marching costs no extended-march check), else a move as far along its route as
/// it reaches this turn (or, off the route, to the hex in reach nearest a goal), never to a hex
/// farther from it than where it stands.
fn step(game: &Game, ctx: &MoveContext, w: &Want, who: &str) -> Option<Decision> {
    if w.goals.is_empty() || w.goals.contains(&w.from) {
        return None;
    }
    if needs_march(game, &w.units) {
        if march_risk(game, &w.units) > 0.0 {
            return None;
        }
        return march(game, &w.units).map(|command| Decision {
            command,
            why: format!("{who}: march ({})", w.why),
        });
    }
    let r = reach(game, ctx, &w.units, |_, _| Mp::ZERO)?;
    let route = reachable(game, ctx, &w.units, Some(Mp::whole(ROUTE_MP)));
    let goal = route.as_ref().and_then(|rt| {
        w.goals
            .iter()
            .filter_map(|g| rt.cost(game, *g).map(|c| (c, *g)))
            .min_by_key(|(c, g)| (*c, g.col, g.row))
            .map(|(_, g)| g)
    });
    // On the route to the nearest goal, the farthest hex reached this turn first.
    let mut tries: Vec<Coord> = match (&route, goal) {
        (Some(rt), Some(g)) => rt.path(game, g).unwrap_or_default(),
        _ => Vec::new(),
    };
    tries.reverse();
    tries.retain(|h| r.cost(game, *h).is_some());
    // Then any hex in reach nearer a goal than where the stack stands.
    let dist = |h: Coord| w.goals.iter().map(|g| g.distance(h)).min().unwrap_or(0);
    let here = dist(w.from);
    let mut near: Vec<Coord> = r
        .hexes()
        .map(|h| game.map().coord(h.index))
        .filter(|h| dist(*h) < here && !tries.contains(h))
        .collect();
    near.sort_by_key(|h| (dist(*h), h.col, h.row));
    tries.extend(near.into_iter().take(TRIED));
    for to in tries {
        let Some(path) = r.path(game, to) else {
            continue;
        };
        if path.is_empty() {
            continue;
        }
        let command = move_cmd(game, &w.units, &path);
        if validate(game, &command).is_ok() {
            return Some(Decision {
                command,
                why: format!("{who}: to {} ({})", game.label(to), w.why),
            });
        }
    }
    None
}

/// What the extended-march check a march would make now is expected to cost these units.
fn march_risk(game: &Game, units: &[UnitIdx]) -> f64 {
    units
        .iter()
        .map(|u| crate::rules::actions::extended_march_risk(game, *u))
        .sum()
}

/// In an action phase with leaders' activations, before any action: the leader whose command
/// (eligible, within his radius) holds the most stacks that want to march (two or more, each
/// without an extended-march check), activated with their units; the first such leader on a
/// tie.
fn activation(game: &Game, wants: &[Want], who: &str) -> Option<Decision> {
    if game.sequence.activation.is_none()
        || !crate::rules::gate::on_initiative(game)
        || game.cycle.acted
    {
        return None;
    }
    let side = game.active_side;
    let marching: Vec<&Want> = wants
        .iter()
        .filter(|w| {
            !w.goals.contains(&w.from)
                && needs_march(game, &w.units)
                && march_risk(game, &w.units) == 0.0
        })
        .collect();
    let mut best: Option<(usize, Command, String)> = None;
    for l in game.unit_indices() {
        let leader = game.unit(l);
        if !leader.is_leader() || leader.side != side || leader.command.is_empty() {
            continue;
        }
        let Some(r) = crate::rules::actions::reach(game, l) else {
            continue;
        };
        let mut units = Vec::new();
        let mut stacks = 0;
        for w in &marching {
            let troops: Vec<UnitIdx> = w
                .units
                .iter()
                .copied()
                .filter(|u| !game.unit(*u).is_leader())
                .collect();
            if !troops.is_empty() && troops.iter().all(|u| r.eligible.contains(u)) {
                units.extend(troops);
                stacks += 1;
            }
        }
        if stacks < 2 || best.as_ref().is_some_and(|b| stacks <= b.0) {
            continue;
        }
        let command = Command::Activate {
            leader: leader.id.clone(),
            units: units.iter().map(|u| game.unit(*u).id.clone()).collect(),
        };
        if validate(game, &command).is_ok() {
            let why = format!("{who}: activate {} with {stacks} stacks", leader.id);
            best = Some((stacks, command, why));
        }
    }
    best.map(|(_, command, why)| Decision { command, why })
}

/// The attacks open on the enemy at `target`: by every stack of `side` next to it together
/// (where there are two or more), and by each alone, as the rules accept them, with their odds.
pub fn attacks_on(game: &Game, side: SideId, target: Coord) -> Vec<(AttackRequest, Odds)> {
    let stacks: Vec<Vec<UnitIdx>> = target
        .neighbors()
        .into_iter()
        .filter(|n| game.side_at(*n) == Some(side))
        .map(|n| attack_units(game, game.units_at(n)))
        .filter(|units| units.iter().any(|u| game.unit(*u).is_combat()))
        .collect();
    let mut out = Vec::new();
    if stacks.len() >= 2 {
        let all: Vec<UnitIdx> = stacks.iter().flatten().copied().collect();
        out.extend(super::options::valid_attack(game, &all, target));
    }
    for units in &stacks {
        out.extend(super::options::valid_attack(game, units, target));
    }
    out
}

/// The expected exchange of an attack: the defender's expected loss less the attacker's.
pub fn exchange(o: &Odds) -> f64 {
    f(o.defender_expected_loss) - f(o.attacker_expected_loss)
}

/// An attack as a decision, with its odds in the log.
pub fn attack_decision(game: &Game, req: &AttackRequest, o: &Odds, who: &str) -> Decision {
    Decision {
        command: super::options::attack_cmd(game, req),
        why: format!(
            "{who}: {} ({}): expected losses {:.1} vs {:.1}, P(retreat or rout) {:.0}%",
            game.label(req.defender),
            o.kind,
            f(o.attacker_expected_loss),
            f(o.defender_expected_loss),
            100.0 * f(o.p_retreat)
        ),
    }
}

/// An open advance after combat taken when `wanted` says the vacated hex is worth it (by the
/// ground-holding units that may advance); `None` lets it lapse.
pub fn advance(game: &Game, wanted: impl Fn(Coord) -> bool, who: &str) -> Option<Decision> {
    let opt = game.advance_option.as_ref()?;
    if !wanted(opt.hex) {
        return None;
    }
    let units: Vec<String> = opt
        .units
        .iter()
        .filter(|u| game.unit(**u).on_map() && game.unit(**u).takes_ground())
        .map(|u| game.unit(*u).id.clone())
        .collect();
    let command = Command::Advance { units };
    validate(game, &command).ok()?;
    Some(Decision {
        command,
        why: format!("{who}: advance into {}", game.label(opt.hex)),
    })
}

/// The end of the turn.
pub fn end(why: String) -> Decision {
    Decision {
        command: Command::EndTurn,
        why,
    }
}
