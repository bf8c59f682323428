//! Movement in the client: where the chosen stack can still go this turn (`rules::movement`),
//! shaded on the map with the enemy zone-of-control hexes marked, its cost on hover, the
//! cheapest path to the hovered hex, and what a move to an unreachable hex is refused for.
//!
//! The reach is computed once per game state and chosen stack (the same search `validate`
//! prices with), so hovering is free.

use bevy::prelude::*;

use super::draw::{Batch, VertexColorMaterial, spawn_batch};
use super::state::{CoreSystems, Play, Screen, Selection};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::movement::{
    MoveContext, Reach, budget, left_or_largest_roll, may_move, price_path, reachable, stack_left,
};
use crate::rules::order::Command;
use crate::rules::points::{Allowance, Enforcement, Mp};
use crate::rules::unit::UnitIdx;

/// Where the chosen stack can go.
#[derive(Resource, Default)]
pub struct MoveReach {
    key: Option<(u64, usize, Vec<UnitIdx>)>,
    /// The movers: the chosen units of the side to move, all in one hex.
    pub units: Vec<UnitIdx>,
    pub from: Option<Coord>,
    /// Within what they have left (a roll not made yet: its largest result).
    pub reach: Option<Reach>,
    /// With no limit: the cheapest path anywhere (for Free movement and for saying why a hex is
    /// out of reach).
    pub anywhere: Option<Reach>,
    /// With no limit, each mover alone (a stack of two or more): what each unit's cheapest path
    /// costs it, for saying which unit cannot afford a hex.
    pub alone: Vec<Reach>,
    /// Whether the budget is a march roll still to make: (dice, modifier).
    pub roll: Option<(u8, i32)>,
    /// What the stack has left (`None` before its roll).
    pub left: Option<Mp>,
    pub points: &'static str,
    /// Per map hex: in an enemy zone of control of the movers.
    pub zoc: Vec<bool>,
}

impl MoveReach {
    /// Whether the stack can reach `c` this turn.
    pub fn can_reach(&self, g: &Game, c: Coord) -> bool {
        Some(c) != self.from && self.reach.as_ref().is_some_and(|r| r.cost(g, c).is_some())
    }

    /// The cheapest path to `c` within reach (or anywhere, `free`).
    pub fn path(&self, g: &Game, c: Coord, free: bool) -> Option<Vec<Coord>> {
        let r = if free { &self.anywhere } else { &self.reach };
        r.as_ref()?.path(g, c).filter(|p| !p.is_empty())
    }

    /// Why a move to `c` is refused, for the status line.
    pub fn why_not(&self, g: &Game, c: Coord) -> String {
        let l = g.label(c);
        if g.side_at(c).is_some_and(|s| s != g.active_side) {
            return format!("{l} holds enemy units: a move never enters them");
        }
        if !g.map().contains(c) {
            return format!("{l} is off the map");
        }
        if let Some(why) = self.units.iter().find_map(|u| may_move(g, *u).err()) {
            return why;
        }
        let p = self.points;
        if self.anywhere.as_ref().and_then(|r| r.cost(g, c)).is_none() {
            return format!(
                "No legal path to {l}: terrain, hexsides, enemy units or zones of control bar every way"
            );
        }
        // Each unit on its own: its cheapest path against what it has left.
        let mut short = Vec::new();
        for (k, &u) in self.units.iter().enumerate() {
            let Some(cost) = self.alone.get(k).and_then(|r| r.cost(g, c)) else {
                continue;
            };
            match budget(g, u).left {
                Some(left) if cost > left => short.push(format!(
                    "{}'s cheapest path costs {cost} {p}, it has {left} {p} left this turn",
                    g.unit(u).name
                )),
                None if cost > left_or_largest_roll(g, u) => short.push(format!(
                    "{}'s cheapest path costs {cost} {p}, more than its largest march roll",
                    g.unit(u).name
                )),
                _ => {}
            }
        }
        if short.is_empty() {
            format!(
                "{l} is out of reach: no one path suits every unit of the stack within what each has left"
            )
        } else {
            format!("{l} is out of reach: {}", short.join("; "))
        }
    }
}

/// The reach alone (headless: what the logic needs).
pub fn logic(app: &mut App) {
    app.init_resource::<MoveReach>()
        .add_systems(Update, update_reach.after(CoreSystems));
}

/// The reach overlay (rendering).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        reach_layer
            .after(update_reach)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The chosen units of the side to move, if they stand in one hex.
pub fn movers(g: &Game, sel: &Selection) -> Vec<UnitIdx> {
    let units: Vec<UnitIdx> = sel
        .units
        .iter()
        .copied()
        .filter(|u| g.unit(*u).on_map() && g.unit(*u).side == g.active_side)
        .collect();
    let hex = units.first().and_then(|u| g.unit(*u).hex);
    if units.iter().all(|u| g.unit(*u).hex == hex) {
        units
    } else {
        Vec::new()
    }
}

/// The leader of the selected hex (or among the chosen units) who may be activated now: the
/// action phase's initiative is his side's, no action has begun, and he commands units
/// (`rules::activation`).
pub fn leader_to_activate(g: &Game, sel: &Selection) -> Option<UnitIdx> {
    if g.sequence.activation.is_none() || !crate::rules::gate::on_initiative(g) || g.cycle.acted {
        return None;
    }
    let of_hex: &[UnitIdx] = sel.hex.map_or(&[], |h| g.units_at(h));
    sel.units.iter().chain(of_hex.iter()).copied().find(|u| {
        let unit = g.unit(*u);
        unit.is_leader() && unit.side == g.active_side && !unit.command.is_empty()
    })
}

/// In a leader-transfer phase, the transfers of the chosen leaders to `hex` (`None` in other
/// phases, or when no leader is chosen).
pub fn transfers(g: &Game, movers: &[UnitIdx], hex: Coord) -> Option<Vec<Command>> {
    let phase = g.sequence.phase(g.phase);
    if !phase
        .allows
        .contains(&crate::rules::sequence::Allow::LeaderTransfer)
    {
        return None;
    }
    let cmds: Vec<Command> = movers
        .iter()
        .filter(|u| g.unit(**u).is_leader())
        .map(|u| Command::TransferLeader {
            leader: g.unit(*u).id.clone(),
            to: g.label(hex),
        })
        .collect();
    (!cmds.is_empty()).then_some(cmds)
}

/// Compute the reach of the chosen stack when the game or the choice changes.
pub fn update_reach(play: Res<Play>, sel: Res<Selection>, mut r: ResMut<MoveReach>) {
    let Some(p) = &play.0 else {
        if r.key.is_some() {
            *r = MoveReach::default();
        }
        return;
    };
    let g = &p.session.game;
    let units = movers(g, &sel);
    let key = (p.revision, super::state::game_key(g), units.clone());
    if r.key.as_ref() == Some(&key) {
        return;
    }
    *r = compute(g, &units);
    r.key = Some(key);
}

/// The reach of `units` in game `g`.
pub fn compute(g: &Game, units: &[UnitIdx]) -> MoveReach {
    let mut r = MoveReach {
        points: g.rules.movement().points_name(),
        ..Default::default()
    };
    let Some(&first) = units.first() else {
        return r;
    };
    let ctx = MoveContext::new(g);
    r.units = units.to_vec();
    r.from = g.unit(first).hex;
    r.left = stack_left(g, units);
    if r.left.is_none() {
        // A march roll to make: the largest result shows where the stack might go.
        r.roll = units
            .iter()
            .find_map(|u| match g.rules.movement().allowance(g, *u) {
                Allowance::Roll { dice, modifier, .. } => Some((dice, modifier)),
                _ => None,
            });
    }
    r.reach = reachable(g, &ctx, units, None);
    r.anywhere = reachable(g, &ctx, units, Some(Mp(u32::MAX / 2)));
    if units.len() > 1 {
        r.alone = units
            .iter()
            .filter_map(|u| reachable(g, &ctx, std::slice::from_ref(u), Some(Mp(u32::MAX / 2))))
            .collect();
    }
    let side = g.unit(first).side;
    r.zoc = (0..g.map().len())
        .map(|i| ctx.zoc_for(side, i).any())
        .collect();
    r
}

/// The tooltip lines of a move to the hovered hex: its cost and why, what is left, the roll it
/// needs; or why it is out of reach.
pub fn tip_lines(g: &Game, r: &MoveReach, hover: Coord) -> Vec<String> {
    let Some(from) = r.from else {
        return Vec::new();
    };
    if hover == from
        || !g.map().contains(hover)
        || g.side_at(hover).is_some_and(|s| s != g.active_side)
    {
        return Vec::new();
    }
    let free = g.scenario.movement == Enforcement::Free;
    let p = r.points;
    let Some(path) = r.path(g, hover, true) else {
        return vec![format!("{}: no legal path", g.label(hover))];
    };
    let mut lines = Vec::new();
    let reach_cost = r.reach.as_ref().and_then(|x| x.cost(g, hover));
    let each = r.reach.as_ref().and_then(|x| x.unit_costs(g, hover));
    match (reach_cost, r.left, r.roll) {
        (Some(c), Some(_), _) => match each.filter(|e| {
            r.units.len() > 1
                && r.units
                    .iter()
                    .zip(e.iter())
                    .any(|(u, x)| *x != c || budget(g, *u).left != r.left)
        }) {
            // A stack whose units pay different prices: each unit's own cost and what it keeps.
            Some(e) => {
                lines.push(format!("{}: each unit pays its own price", g.label(hover)));
                for (u, x) in r.units.iter().zip(e) {
                    let left = budget(g, *u).left.unwrap_or(Mp::ZERO);
                    lines.push(format!(
                        "  {}: {x} {p} ({} left after)",
                        g.unit(*u).name,
                        left.saturating_sub(*x)
                    ));
                }
            }
            None => lines.push(format!(
                "{}: {c} {p} ({} left after)",
                g.label(hover),
                r.left.unwrap_or(Mp::ZERO).saturating_sub(c)
            )),
        },
        (Some(c), None, Some((dice, m))) => lines.push(format!(
            "{}: {c} {p}: needs a march roll of {c} or more on {dice}d6{} ({:.0}%)",
            g.label(hover),
            if m != 0 {
                format!("{m:+}")
            } else {
                String::new()
            },
            100.0 * crate::rules::threat::p_roll_at_least(dice, m, Mp::ZERO, c)
        )),
        _ => lines.push(if free {
            format!("{} (Free movement: beyond the rules)", r.why_not(g, hover))
        } else {
            r.why_not(g, hover)
        }),
    }
    if r.reach.as_ref().is_some_and(|x| x.stops(g, hover)) {
        lines.push("  the move ends there".into());
    }
    // Before the march roll: what the march does to each unit's fatigue (an action phase),
    // with the extended-march check's odds where it makes one.
    if r.roll.is_some() {
        for &u in &r.units {
            if let Some(x) = crate::rules::actions::extended_march_odds(g, u) {
                lines.push(format!("  {}: {x}", g.unit(u).name));
            }
        }
    }
    // The price, step by step, of the mover that pays most (named, in a stack).
    let dearest = each
        .and_then(|e| (0..e.len()).max_by_key(|k| (e[*k], std::cmp::Reverse(*k))))
        .and_then(|k| r.units.get(k))
        .or(r.units.first());
    if let Some(&u) = dearest {
        if r.units.len() > 1 {
            lines.push(format!("  {}, step by step:", g.unit(u).name));
        }
        let priced = price_path(g, u, &r.units, &path);
        for s in &priced.steps {
            lines.push(format!("  {}: {}", s.lines.join(", "), s.cost));
        }
        if let Some((_, why)) = &priced.refused {
            lines.push(format!("  {why}"));
        }
    }
    lines
}

/// A unit's allowance this turn, for the inspector: `MP 4/6`, `march 1d6+1 to roll`, or `moved`.
pub fn allowance_text(g: &Game, u: UnitIdx) -> String {
    let unit = g.unit(u);
    let mv = g.rules.movement();
    let p = mv.points_name();
    if unit.stopped {
        return format!("{p} 0 (move ended)");
    }
    let b = budget(g, u);
    match (b.left, b.total) {
        (Some(l), Some(t)) => {
            if b.forced > Mp::ZERO {
                format!(
                    "{p} {l}/{} (+{} forced)",
                    t.saturating_sub(b.forced),
                    b.forced
                )
            } else {
                format!("{p} {l}/{t}")
            }
        }
        _ => match mv.allowance(g, u) {
            Allowance::Roll { dice, modifier, .. } => format!(
                "march {dice}d6{} to roll (M){}",
                if modifier != 0 {
                    format!("{modifier:+}")
                } else {
                    String::new()
                },
                crate::rules::actions::extended_march_odds(g, u)
                    .map_or(String::new(), |x| format!("; {x}"))
            ),
            _ => String::new(),
        },
    }
}

#[derive(Component)]
struct ReachLayer;

/// Shade every hex the chosen stack can still reach, and mark those in an enemy ZOC.
#[allow(clippy::too_many_arguments)]
fn reach_layer(
    mut commands: Commands,
    play: Res<Play>,
    r: Res<MoveReach>,
    parts: Query<Entity, With<ReachLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
    anim: Res<super::anim::Anim>,
    mut shown: Local<Option<(u64, usize, Vec<UnitIdx>)>>,
) {
    let Some(p) = &play.0 else { return };
    if anim.busy() || *shown == r.key {
        return;
    }
    shown.clone_from(&r.key);
    for e in &parts {
        commands.entity(e).despawn();
    }
    let g = &p.session.game;
    let mut b = Batch::on(g.map().orientation());
    if let Some(reach) = &r.reach {
        let map = g.map();
        for h in reach.hexes() {
            let c = map.coord(h.index);
            if Some(c) == r.from {
                continue;
            }
            b.hex_fill(c, 0.93, Color::srgba(1.0, 0.98, 0.75, 0.40));
            if r.zoc.get(h.index).copied().unwrap_or(false) {
                // Enemy ZOC: a red inner outline.
                b.hex_outline(c, 0.80, 4.0, Color::srgba(0.85, 0.10, 0.10, 0.70));
            }
        }
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        b,
        3.0,
        (
            super::draw::OverlayPart,
            ReachLayer,
            super::backdrop::backdrop_layer(),
        ),
    );
}
