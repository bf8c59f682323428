//! Playing back what the rules did: dice rolling on screen, then the result, then losses,
//! flips, retreats and advances on the map. The events come from the rules ([`Feed`]); this
//! module only times their display. While it runs, frames are requested continuously; at rest
//! the app redraws on input only.

use crate::rules::narrate::Describe;
use std::collections::HashMap;

use bevy::prelude::*;

use super::layout::hex_to_world;
use super::state::{Feed, Play, Screen};
use crate::rules::dice::DieRole;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::unit::{SideId, UnitIdx};

/// How long the dice tumble, then how long the result stays up (seconds).
pub const ROLL_TIME: f32 = 0.9;
pub const RESULT_TIME: f32 = 1.8;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Stage {
    #[default]
    Idle,
    /// Dice tumbling, `t` seconds in.
    Rolling { t: f32 },
    /// The result on show.
    Result { t: f32 },
}

/// The roll being shown.
#[derive(Resource, Default, Debug)]
pub struct Anim {
    pub stage: Stage,
    pub dice: Vec<(DieLabel, u8)>,
    /// Differential, attacker result, defender result.
    pub result: Option<(i32, String, String)>,
    pub headline: String,
    /// A result that is not a combat's (a march roll's allowance).
    pub note: Option<String>,
    /// The faces shown while tumbling (changes every few frames; looks only).
    pub tumble: Vec<u8>,
    frame: u32,
}

impl Anim {
    /// Whether the map should keep showing the state before the batch.
    pub fn busy(&self) -> bool {
        matches!(self.stage, Stage::Rolling { .. })
    }
}

/// Whether the view (when there is one) is still showing the last command: its dice rolling,
/// or events queued for it. Without a view (headless), never.
pub fn view_busy(world: &World) -> bool {
    world
        .get_resource::<Anim>()
        .is_some_and(|a| a.busy() || !world.resource::<super::state::Feed>().batches.is_empty())
}

/// Whose die is shown: a combat or march die by its role, or a side's initiative die.
#[derive(Clone, Debug, PartialEq)]
pub enum DieLabel {
    Role(DieRole),
    Side { name: String, won: bool },
}

/// Paths units took in the last batch, for the counters to slide along.
#[derive(Resource, Default)]
pub struct MovePaths(pub HashMap<UnitIdx, Vec<Coord>>);

/// A floating note over the map ("-1", "eliminated", "D").
#[derive(Component)]
pub struct Floater {
    pub t: f32,
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnimSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<Anim>()
        .init_resource::<MovePaths>()
        .add_systems(
            Update,
            (next_batch, advance_stage, floaters)
                .chain()
                .in_set(AnimSystems)
                .after(super::state::CoreSystems)
                .run_if(in_state(Screen::Playing)),
        );
}

fn next_batch(
    mut commands: Commands,
    mut feed: ResMut<Feed>,
    mut anim: ResMut<Anim>,
    mut paths: ResMut<MovePaths>,
    play: Res<Play>,
) {
    if anim.stage != Stage::Idle && anim.busy() {
        return;
    }
    let Some(batch) = feed.batches.pop_front() else {
        return;
    };
    let Some(p) = &play.0 else { return };
    let game = &p.session.game;
    // The initiative: the roll that decided (a tie is rolled again), each side's dice.
    let initiative = batch.iter().rev().find_map(|e| match e {
        Event::InitiativeRolled { dice, winner } => Some((dice, *winner)),
        _ => None,
    });
    let dice = batch_dice(game, &batch, initiative);
    let ties = batch
        .iter()
        .filter(|e| matches!(e, Event::InitiativeRolled { winner: None, .. }))
        .count();
    for e in &batch {
        match e {
            Event::Retreated { units, path, .. } => {
                for u in units {
                    paths
                        .0
                        .insert(*u, path[..path.len().saturating_sub(1)].to_vec());
                }
            }
            Event::UnitMoved { unit, path } => {
                paths
                    .0
                    .insert(*unit, path[..path.len().saturating_sub(1)].to_vec());
            }
            _ => {}
        }
    }
    spawn_notes(&mut commands, game, &batch);
    if dice.is_empty() {
        return;
    }
    anim.result = batch.iter().find_map(|e| match e {
        Event::CombatResult {
            differential,
            attacker,
            defender,
        } => Some((*differential, attacker.clone(), defender.clone())),
        _ => None,
    });
    anim.headline = headline(game, &batch, initiative.is_some());
    anim.note = roll_note(game, &batch, initiative.and_then(|(_, w)| w), ties);
    anim.tumble = dice.iter().map(|(_, v)| *v).collect();
    anim.dice = dice;
    anim.stage = Stage::Rolling { t: 0.0 };
}

/// The batch's dice: the combat and march dice, then each side's initiative dice (those of
/// the roll that decided).
fn batch_dice(
    game: &Game,
    batch: &[Event],
    initiative: Option<(&[Vec<u8>; 2], Option<SideId>)>,
) -> Vec<(DieLabel, u8)> {
    let mut dice: Vec<(DieLabel, u8)> = batch
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { role, value } => Some((DieLabel::Role(*role), *value)),
            _ => None,
        })
        .collect();
    if let Some((rolled, winner)) = initiative {
        for (s, ds) in rolled.iter().enumerate() {
            let side = crate::rules::unit::SideId(s as u8);
            for d in ds {
                dice.push((
                    DieLabel::Side {
                        name: game.scenario.side_name(side).to_string(),
                        won: winner == Some(side),
                    },
                    *d,
                ));
            }
        }
    }
    dice
}

/// Notes over the map for losses and status changes, stacked where a hex has several.
fn spawn_notes(commands: &mut Commands, game: &Game, batch: &[Event]) {
    let mut notes: Vec<(Coord, String, Color)> = Vec::new();
    let hex_of = |u: &UnitIdx| game.unit(*u).hex;
    for e in batch {
        match e {
            Event::ManpowerLost { unit, amount, .. } => {
                if let Some(h) = hex_of(unit).or_else(|| last_hex(batch, *unit)) {
                    notes.push((h, format!("-{amount}"), Color::srgb(0.9, 0.1, 0.1)));
                }
            }
            Event::Disorganized { unit, .. } => {
                if let Some(h) = hex_of(unit) {
                    notes.push((h, "disorganized".into(), Color::srgb(0.7, 0.1, 0.1)));
                }
            }
            Event::Surrendered { units, .. } => {
                if let Some(h) = units.first().and_then(|u| last_hex(batch, *u)) {
                    notes.push((h, "surrender".into(), Color::srgb(0.6, 0.0, 0.0)));
                }
            }
            _ => {}
        }
    }
    let mut seen: HashMap<Coord, usize> = HashMap::new();
    let o = game.map().orientation();
    for (h, s, c) in notes {
        let k = seen.entry(h).or_insert(0);
        let p = hex_to_world(o, h) + Vec2::new(0.0, 20.0 - 16.0 * *k as f32);
        *k += 1;
        commands.spawn((
            Text2d::new(s),
            TextFont {
                font_size: bevy::text::FontSize::Px(20.0),
                ..default()
            },
            TextColor(c),
            Transform::from_xyz(p.x, p.y, 60.0),
            Floater { t: -ROLL_TIME },
        ));
    }
}

/// The roll's headline: the attack or the march it is for, or the initiative.
fn headline(game: &Game, batch: &[Event], initiative: bool) -> String {
    batch
        .iter()
        .find(|e| matches!(e, Event::AttackDeclared { .. } | Event::MarchRolled { .. }))
        .map(|e| match e {
            Event::MarchRolled { units, .. } => format!(
                "March: {}",
                units
                    .iter()
                    .map(|u| game.unit(*u).name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            e => e.describe(game),
        })
        .unwrap_or_else(|| {
            if initiative {
                "Initiative".to_string()
            } else {
                String::new()
            }
        })
}

/// A result that is not a combat's: the side that takes the initiative (`winner`, after
/// `ties` ties), else a march roll's allowance.
fn roll_note(game: &Game, batch: &[Event], winner: Option<SideId>, ties: usize) -> Option<String> {
    if let Some(w) = winner {
        return Some(format!(
            "{} takes the initiative{}",
            game.scenario.side_name(w),
            match ties {
                0 => String::new(),
                1 => " (after a tie, rolled again)".to_string(),
                n => format!(" (after {n} ties, rolled again)"),
            }
        ));
    }
    batch.iter().find_map(|e| match e {
        Event::MarchRolled {
            modifier,
            allowance,
            ..
        } => Some(format!(
            "March allowance {allowance} MP{}",
            if *modifier != 0 {
                format!(" (dice {modifier:+})")
            } else {
                String::new()
            }
        )),
        _ => None,
    })
}

/// The hex a unit was in before the batch (for units eliminated by it).
fn last_hex(batch: &[Event], unit: UnitIdx) -> Option<Coord> {
    batch.iter().find_map(|e| match e {
        Event::AttackDeclared {
            defender,
            defenders,
            ..
        } if defenders.contains(&unit) => Some(*defender),
        _ => None,
    })
}

fn advance_stage(
    time: Res<Time>,
    mut anim: ResMut<Anim>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let dt = time.delta_secs().min(0.1);
    match anim.stage.clone() {
        Stage::Idle => {}
        Stage::Rolling { t } => {
            let t = t + dt;
            anim.frame = anim.frame.wrapping_add(1);
            if anim.frame.is_multiple_of(3) {
                // Tumbling faces: a simple counter-based shuffle, for the eye only.
                let f = anim.frame;
                for (i, v) in anim.tumble.iter_mut().enumerate() {
                    *v = ((f as usize * 7 + i * 3 + *v as usize) % 6 + 1) as u8;
                }
            }
            anim.stage = if t >= ROLL_TIME {
                Stage::Result { t: 0.0 }
            } else {
                Stage::Rolling { t }
            };
            redraw.write(bevy::window::RequestRedraw);
        }
        Stage::Result { t } => {
            let t = t + dt;
            anim.stage = if t >= RESULT_TIME {
                Stage::Idle
            } else {
                Stage::Result { t }
            };
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

fn floaters(
    mut commands: Commands,
    time: Res<Time>,
    anim: Res<Anim>,
    mut q: Query<(
        Entity,
        &mut Transform,
        &mut TextColor,
        &mut Floater,
        &mut Visibility,
    )>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (e, mut t, mut c, mut f, mut v) in &mut q {
        if anim.busy() && f.t < 0.0 {
            v.set_if_neq(Visibility::Hidden);
            continue;
        }
        f.t = f.t.max(0.0) + time.delta_secs().min(0.1);
        v.set_if_neq(Visibility::Inherited);
        t.translation.y += 18.0 * time.delta_secs().min(0.1);
        let a = (1.0 - f.t / 2.0).clamp(0.0, 1.0);
        c.0 = c.0.with_alpha(a);
        if f.t > 2.0 {
            commands.entity(e).despawn();
        }
        redraw.write(bevy::window::RequestRedraw);
    }
}
