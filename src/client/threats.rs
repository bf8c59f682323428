//! The danger overlay (T): every hex the side to move holds, shaded by the worst attack the
//! enemy can make on it in its next turn (`rules::threat`), and each hex's threats in words
//! for the inspector.
//!
//! The threats of a whole side are computed on a worker thread from a copy of the game (the
//! rules core is plain data), once per change of the game; the map keeps the last answer
//! until the new one is ready, so the window never waits for it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::draw::{Batch, VertexColorMaterial, spawn_batch};
use super::state::{Overlays, Play, Screen};
use crate::rules::hex::Coord;

/// What the overlay shows: per hex, its worst danger and its threats in words.
type Answer = HashMap<Coord, (f64, Vec<String>)>;

/// The game a danger answer is for: its revision and which game it is.
type Key = (u64, usize);

/// A planned move's danger is for: the game, the hex, the movers.
pub type PlanKey = (Key, Coord, Vec<crate::rules::unit::UnitIdx>);

/// What a worker thread hands back: the answer, and the model it was computed with (kept for
/// the danger of a move being planned).
type Done = (Answer, crate::rules::threat::ThreatModel);

/// The danger of the side to move's hexes, as last computed.
#[derive(Resource, Default)]
pub struct Danger {
    /// The game the shown answer is for.
    pub key: Option<Key>,
    pub hexes: Answer,
    /// The model of that game (the enemy's reaches), for the danger of a planned move.
    model: Option<crate::rules::threat::ThreatModel>,
    /// The danger where the chosen stack would stand after the move under the pointer: the
    /// game, the hex and the movers it is for, and its lines.
    pub planned: Option<(PlanKey, Vec<String>)>,
    /// A computation under way, and where its answer lands.
    pending: Option<(Key, Arc<Mutex<Option<Done>>>)>,
}

impl Danger {
    /// Whether the answer shown is for an older state of the game (a new one is on its way).
    pub fn computing(&self) -> bool {
        self.pending.is_some()
    }

    /// The threats to `hex` in words, most dangerous first (empty when none, or not known).
    pub fn lines(&self, hex: Coord) -> &[String] {
        self.hexes.get(&hex).map_or(&[], |(_, l)| l.as_slice())
    }
}

#[derive(Component)]
struct DangerLayer;

/// The computation (headless too).
pub fn logic(app: &mut App) {
    app.init_resource::<Danger>().add_systems(
        Update,
        (update_danger, plan_danger)
            .chain()
            .after(super::state::CoreSystems)
            .after(super::moves::update_reach)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The overlay on the map.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        danger_layer
            .after(update_danger)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The answer for a game: each hex of the side to move with threats.
pub fn compute(g: &crate::rules::game::Game) -> Done {
    let mut model = crate::rules::threat::ThreatModel::new(g, g.active_side);
    let answer = model
        .all()
        .into_iter()
        .filter(|t| !t.threats.is_empty())
        .map(|t| {
            let worst = t.worst().map_or(0.0, |w| w.danger);
            let mut lines: Vec<String> = t
                .threats
                .iter()
                .map(|x| crate::rules::threat::text_named(g, x))
                .collect();
            if let Some(c) = &t.combined {
                lines.push(format!(
                    "together: {}",
                    crate::rules::threat::text_named(g, c)
                ));
            }
            (t.hex, (worst, lines))
        })
        .collect();
    (answer, model)
}

/// Start a computation when the overlay is on and the game changed; take its answer when it
/// lands.
fn update_danger(play: Res<Play>, overlays: Res<Overlays>, mut danger: ResMut<Danger>) {
    let Some(p) = &play.0 else { return };
    let key = (p.revision, super::state::game_key(&p.session.game));
    if let Some((k, slot)) = &danger.pending {
        let done = slot.lock().ok().and_then(|mut s| s.take());
        if let Some((answer, model)) = done {
            let k = *k;
            danger.pending = None;
            danger.key = Some(k);
            danger.hexes = answer;
            danger.model = Some(model);
        }
    }
    // One computation at a time: a game that changes faster than it is computed (the
    // computer's moves) gets the answer for its latest state once the one under way lands.
    if !overlays.danger || danger.key == Some(key) || danger.pending.is_some() {
        return;
    }
    let game = p.session.game.clone();
    let slot = Arc::new(Mutex::new(None));
    let out = slot.clone();
    let spawned = std::thread::Builder::new()
        .name("musket-threats".into())
        .spawn(move || {
            let done = compute(&game);
            if let Ok(mut s) = out.lock() {
                *s = Some(done);
            }
        });
    match spawned {
        Ok(_) => danger.pending = Some((key, slot)),
        // No thread to be had: compute here, once.
        Err(_) => {
            let (answer, model) = compute(&p.session.game);
            danger.hexes = answer;
            danger.model = Some(model);
            danger.key = Some(key);
        }
    }
}

/// While a move is planned with the overlay on, the danger the chosen stack would be in at
/// the hex under the pointer (one hex's threats, from the model already built: about a
/// millisecond on South Mountain).
fn plan_danger(
    play: Res<Play>,
    overlays: Res<Overlays>,
    sel: Res<super::state::Selection>,
    reach: Res<super::moves::MoveReach>,
    mut danger: ResMut<Danger>,
) {
    let Some(p) = &play.0 else { return };
    let key = (p.revision, super::state::game_key(&p.session.game));
    let g = &p.session.game;
    let target = match (sel.hover, &reach.reach, reach.from) {
        (Some(h), Some(r), Some(from))
            if overlays.danger
                && danger.key == Some(key)
                && h != from
                && r.cost(g, h).is_some()
                && g.side_at(h).is_none_or(|s| s == g.active_side) =>
        {
            Some(h)
        }
        _ => None,
    };
    let Some(h) = target else {
        if danger.planned.is_some() {
            danger.planned = None;
        }
        return;
    };
    let want = (key, h, reach.units.clone());
    if danger.planned.as_ref().is_some_and(|(k, _)| *k == want) {
        return;
    }
    let Some(model) = danger.model.as_mut() else {
        return;
    };
    let lines = match model.danger_if(&reach.units, h) {
        Ok(t) => {
            let mut lines = vec![match t.worst() {
                Some(w) => format!(
                    "Danger at {}: {}",
                    g.label(h),
                    crate::rules::threat::text_named(g, w)
                ),
                None => format!("Danger at {}: no enemy stack can attack there", g.label(h)),
            }];
            lines.extend(
                t.threats
                    .iter()
                    .skip(1)
                    .take(3)
                    .map(|x| format!("  {}", crate::rules::threat::text_named(g, x))),
            );
            lines
        }
        Err(_) => Vec::new(),
    };
    danger.planned = Some((want, lines));
}

/// The overlay's colours for a danger (0 to 2): the fill, light to deep red, and the
/// outline, more opaque the greater the danger.
pub fn danger_colors(d: f64) -> (Color, Color) {
    let x = (d.clamp(0.0, 1.2) / 1.2) as f32;
    let red = |alpha: f32| Color::srgba(0.85, 0.08, 0.05, alpha);
    (red(0.20 + 0.45 * x), red(0.55 + 0.45 * x))
}

#[allow(clippy::too_many_arguments)]
fn danger_layer(
    play: Res<Play>,
    mut commands: Commands,
    overlays: Res<Overlays>,
    danger: Res<Danger>,
    parts: Query<Entity, With<DangerLayer>>,
    mut meshes: ResMut<Assets<Mesh>>,
    material: Res<VertexColorMaterial>,
    mut shown: Local<Option<(bool, Option<Key>)>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    // Frames keep coming while the answer is on its way (the app draws on input only).
    if danger.computing() {
        redraw.write(bevy::window::RequestRedraw);
    }
    let now = (overlays.danger, danger.key);
    if !super::overlays::refresh(&mut shown, now, &mut commands, &parts) || !overlays.danger {
        return;
    }
    let mut batch = Batch::on(play.orientation());
    let mut hexes: Vec<(&Coord, &(f64, Vec<String>))> = danger.hexes.iter().collect();
    hexes.sort_by_key(|(c, _)| **c);
    for (c, (d, _)) in hexes {
        if *d > 0.0 {
            let (fill, outline) = danger_colors(*d);
            batch.hex_fill(*c, 0.96, fill);
            batch.hex_outline(*c, 0.96, 3.0 + 5.0 * d.min(1.0) as f32, outline);
        }
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &material.0,
        batch,
        4.5,
        (
            super::overlays::OverlayPart,
            DangerLayer,
            super::backdrop::backdrop_layer(),
        ),
    );
}
