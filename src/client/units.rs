//! Counters: one per unit on the map, drawn from the game state. A counter shows its side's
//! colour, the unit-type symbol, and what its rule system prints on it (`Ruleset::counter`):
//! its value at the bottom (a combat value, with 1/2 written out; a commander's rating …), the
//! corner values (GCACW's artillery and tactical values) and the markers down its edge
//! (fatigue, demoralization, breastworks, formation …); a reduced counter (GCACW's
//! disorganized side) is pale with a red band. Stacks are drawn offset, with a count. Leaders
//! are round-cornered stars.
//!
//! Counters are rebuilt when the game changes, once any dice animation has finished; units
//! that moved slide along their path.

use std::collections::HashMap;

use bevy::prelude::*;

use super::anim::{Anim, MovePaths};
use super::layout::hex_to_world;
use super::map::Art;
use super::state::{Play, Preview, Screen, Selection};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::{CounterFace, Marker};
use crate::rules::unit::{SideId, Unit, UnitIdx, UnitKind};

pub const COUNTER: f32 = 60.0;
/// Text sizes on a counter (world units; at zoom 1 one unit is one pixel): the strength (a
/// long one such as `1/2 (2)` smaller), the corner values, the status markers and the stack
/// count.
pub const TEXT_STRENGTH: f32 = 20.0;
pub const TEXT_STRENGTH_LONG: f32 = 15.0;
pub const TEXT_CORNER: f32 = 13.0;
pub const TEXT_MARKER: f32 = super::layout::TEXT_SMALLEST;
pub use super::layout::TEXT_SMALLEST;
pub const STACK_STEP: f32 = 6.0;

#[derive(Component)]
pub struct Counter {
    pub unit: UnitIdx,
}

/// The frame of a counter: its colour shows chosen / attacking / defending.
#[derive(Component)]
pub struct Border {
    pub unit: UnitIdx,
    pub hex: Coord,
    pub size: f32,
}

/// The frame's colour and width.
fn border_style(selected: bool, attacking: bool, defending: bool) -> (Color, f32) {
    let color = if attacking {
        Color::srgb(1.0, 0.55, 0.0)
    } else if selected {
        Color::srgb(1.0, 0.92, 0.2)
    } else if defending {
        Color::srgb(0.85, 0.10, 0.10)
    } else {
        Color::srgb(0.05, 0.05, 0.05)
    };
    (
        color,
        if selected || attacking || defending {
            4.0
        } else {
            2.0
        },
    )
}

/// A counter sliding to its new place.
#[derive(Component)]
pub struct Slide {
    pub points: Vec<Vec2>,
    pub t: f32,
    pub z: f32,
}

/// What the counters show now.
#[derive(Resource, Default)]
pub struct Shown {
    pub revision: u64,
    pub selection: Vec<UnitIdx>,
    pub marked: Vec<UnitIdx>,
    pub positions: HashMap<UnitIdx, (Coord, Vec2)>,
    pub game: Option<usize>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Shown>().add_systems(
        Update,
        (sync_counters, counters_on_backdrop, slide)
            .chain()
            .after(super::anim::AnimSystems)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Side colours: the first side (Union) blue, the second (Confederate) grey-butternut.
/// The colours a side is drawn in: blue for the Union (Federal, USA, North), grey for the
/// Confederacy (CSA, Rebel, South), whatever their order in the scenario; other sides by
/// their order (the first blue).
pub fn tone(sc: &crate::rules::scenario::Scenario, s: SideId) -> SideId {
    tone_of_names([sc.side_name(SideId(0)), sc.side_name(SideId(1))], s)
}

/// [`tone`] from the two sides' names (the editor has no validated scenario).
pub fn tone_of_names(names: [&str; 2], s: SideId) -> SideId {
    let of = |i: usize| {
        let n = names[i].to_ascii_lowercase();
        if ["confed", "csa", "rebel", "south"]
            .iter()
            .any(|k| n.contains(k))
        {
            Some(1)
        } else if ["union", "federal", "usa", "north"]
            .iter()
            .any(|k| n.contains(k))
        {
            Some(0)
        } else {
            None
        }
    };
    match (of(0), of(1)) {
        (Some(a), Some(b)) if a != b => SideId(if s.0 == 0 { a } else { b }),
        _ => s,
    }
}

/// A side's colour, by its [`tone`].
pub fn side_color(s: SideId) -> Color {
    match s.0 {
        0 => Color::srgb(0.20, 0.32, 0.60),
        _ => Color::srgb(0.55, 0.52, 0.44),
    }
}

pub fn side_color_pale(s: SideId) -> Color {
    match s.0 {
        0 => Color::srgb(0.55, 0.64, 0.84),
        _ => Color::srgb(0.80, 0.78, 0.70),
    }
}

/// The colour of a marker on a counter, by what it marks.
pub fn marker_color(m: Marker) -> Color {
    match m {
        Marker::Fatigue => Color::srgb(0.90, 0.55, 0.10),
        Marker::Harm => Color::srgb(0.80, 0.10, 0.10),
        Marker::Works => Color::srgb(0.45, 0.30, 0.15),
        Marker::Exhausted => Color::srgb(0.55, 0.35, 0.60),
        Marker::Inactive | Marker::Formation => Color::srgb(0.35, 0.35, 0.35),
        Marker::Command => Color::srgb(0.30, 0.40, 0.70),
        Marker::Morale => Color::srgb(0.20, 0.35, 0.65),
        Marker::Green => Color::srgb(0.25, 0.55, 0.25),
    }
}

fn symbol_index(k: UnitKind) -> f32 {
    match k {
        UnitKind::Infantry => 0.0,
        UnitKind::Cavalry => 1.0,
        UnitKind::Artillery => 2.0,
        UnitKind::Leader => 3.0,
        UnitKind::Wagon => 4.0,
        UnitKind::Gunboat => 5.0,
    }
}

/// Where each unit of a hex is drawn: combat units bottom to top, leaders on top.
pub fn stack_layout(
    units: &[UnitIdx],
    game: &crate::rules::game::Game,
) -> Vec<(UnitIdx, Vec2, usize)> {
    let mut order: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    order.extend(units.iter().copied().filter(|u| game.unit(*u).is_leader()));
    let n = order.len();
    let start = -Vec2::new(STACK_STEP, STACK_STEP) * (n.saturating_sub(1) as f32) / 2.0;
    order
        .into_iter()
        .enumerate()
        .map(|(i, u)| (u, start + Vec2::new(STACK_STEP, STACK_STEP) * i as f32, i))
        .collect()
}

/// A counter's text of `size` at `at` in the text band. Each text size is drawn from its own
/// font atlas (an image of its glyphs), and the renderer starts a new draw call whenever the
/// image changes between two items in depth order; so each size gets its own depth within the
/// band, and all the counters' texts of one size are drawn in one batch (software rendering
/// pays for each draw call) instead of switching images between every counter's texts.
fn text(s: impl Into<String>, size: f32, color: Color, at: Vec2) -> impl Bundle {
    (
        Text2d::new(s.into()),
        TextFont {
            font_size: bevy::text::FontSize::Px(size),
            ..default()
        },
        TextColor(color),
        Transform::from_translation(at.extend(BAND_TEXT + size / 100.0)),
    )
}

#[allow(clippy::too_many_arguments)]
fn sync_counters(
    mut commands: Commands,
    play: Res<Play>,
    sel: Res<Selection>,
    preview: Res<Preview>,
    anim: Res<Anim>,
    art: Option<Res<Art>>,
    mut shown: ResMut<Shown>,
    mut paths: ResMut<MovePaths>,
    counters: Query<Entity, With<Counter>>,
    mut borders: Query<(&Border, &mut Sprite)>,
) {
    let Some(p) = &play.0 else { return };
    let Some(art) = art else { return };
    if anim.busy() {
        return;
    }
    let game = &p.session.game;
    let game_key = super::state::game_key(game);
    let marked: Vec<UnitIdx> = preview
        .request
        .as_ref()
        .map(|r| r.attackers.clone())
        .unwrap_or_default();
    if shown.revision == p.revision
        && shown.selection == sel.units
        && shown.marked == marked
        && shown.game == Some(game_key)
    {
        return;
    }
    let new_game = shown.game != Some(game_key);
    let target_hex = preview.request.as_ref().map(|r| r.defender);
    if !new_game && shown.revision == p.revision {
        // Only the choice changed: recolour the frames in place.
        shown.selection = sel.units.clone();
        shown.marked = marked.clone();
        for (b, mut sprite) in &mut borders {
            let (color, w) = border_style(
                sel.units.contains(&b.unit),
                marked.contains(&b.unit),
                target_hex == Some(b.hex),
            );
            sprite.color = color;
            sprite.custom_size = Some(Vec2::splat(b.size + 2.0 * w));
        }
        return;
    }
    shown.revision = p.revision;
    shown.selection = sel.units.clone();
    shown.marked = marked.clone();
    shown.game = Some(game_key);
    if new_game {
        shown.positions.clear();
    }
    for e in &counters {
        commands.entity(e).despawn();
    }
    let choice = Choice {
        selection: &sel.units,
        marked: &marked,
        target: target_hex,
    };
    let positions = spawn_counters(&mut commands, game, &art, &choice, &shown.positions, &paths);
    shown.positions = positions;
    paths.0.clear();
}

/// The player's choice the frames show: the chosen units, the attackers and the target hex.
struct Choice<'a> {
    selection: &'a [UnitIdx],
    marked: &'a [UnitIdx],
    target: Option<Coord>,
}

/// A counter for every unit on the map, stacked; a unit whose hex changed slides there from
/// where it was shown (`before`), along its path. Returns where each counter is.
fn spawn_counters(
    commands: &mut Commands,
    game: &Game,
    art: &Art,
    choice: &Choice,
    before: &HashMap<UnitIdx, (Coord, Vec2)>,
    paths: &MovePaths,
) -> HashMap<UnitIdx, (Coord, Vec2)> {
    let mut positions = HashMap::new();
    let o = game.map().orientation();
    for c in game.map().coords() {
        let here = game.units_at(c);
        if here.is_empty() {
            continue;
        }
        let n = here.len();
        for (u, off, i) in stack_layout(here, game) {
            let unit = game.unit(u);
            let pos = hex_to_world(o, c) + off;
            positions.insert(u, (c, pos));
            let mut slide = None;
            if let Some((old_hex, old_pos)) = before.get(&u)
                && *old_hex != c
            {
                let mut pts = vec![*old_pos];
                if let Some(path) = paths.0.get(&u) {
                    pts.extend(path.iter().map(|h| hex_to_world(o, *h)));
                }
                pts.push(pos);
                slide = Some(Slide {
                    points: pts,
                    t: 0.0,
                    z: 0.0,
                });
            }
            let start = slide.as_ref().map_or(pos, |s| s.points[0]);
            let flags = (
                choice.selection.contains(&u),
                choice.marked.contains(&u),
                choice.target == Some(c),
            );
            let top = i + 1 == n;
            let face = game.rules.counter(game, u);
            let mut e = commands.spawn((
                Counter { unit: u },
                Transform::from_xyz(start.x, start.y, 0.0),
                Visibility::Inherited,
            ));
            if let Some(s) = slide {
                e.insert(s);
            }
            e.with_children(|parent| {
                counter_parts(
                    parent,
                    u,
                    c,
                    (unit, &face),
                    art,
                    flags,
                    i,
                    top.then_some(n),
                    tone(&game.scenario, unit.side),
                )
            });
        }
    }
    positions
}

/// Depth bands: every untextured part of every counter below every symbol, every symbol below
/// every text, so the renderer draws each band in one batch (software rendering pays for each
/// draw call). Within the untextured band, higher units of a stack draw above lower ones; only
/// the top unit of a stack shows its symbol, numbers and markers (the others show their edges,
/// as a real stack does; the inspector lists them all).
const BAND_SHAPES: f32 = 9.0;
const BAND_SYMBOLS: f32 = 11.0;
const BAND_TEXT: f32 = 12.0;

#[allow(clippy::too_many_arguments)]
fn counter_parts(
    parent: &mut ChildSpawnerCommands,
    idx: UnitIdx,
    hex: Coord,
    (unit, counter): (&Unit, &CounterFace),
    art: &Art,
    (selected, attacking, defending): (bool, bool, bool),
    level: usize,
    top_of: Option<usize>,
    tone: SideId,
) {
    let leader = unit.is_leader();
    let size = if leader { COUNTER * 0.8 } else { COUNTER };
    let z = BAND_SHAPES + level as f32 * 0.1;
    let (border, bw) = border_style(selected, attacking, defending);
    parent.spawn((
        Sprite::from_color(border, Vec2::splat(size + 2.0 * bw)),
        Transform::from_xyz(0.0, 0.0, z),
        Border {
            unit: idx,
            hex,
            size,
        },
    ));
    let face = if counter.reduced {
        side_color_pale(tone)
    } else {
        side_color(tone)
    };
    parent.spawn((
        Sprite::from_color(face, Vec2::splat(size)),
        Transform::from_xyz(0.0, 0.0, z + 0.01),
    ));
    if counter.reduced {
        // A red band across the top marks the reduced (disorganized) side of the marker.
        parent.spawn((
            Sprite::from_color(Color::srgb(0.75, 0.12, 0.12), Vec2::new(size, 7.0)),
            Transform::from_xyz(0.0, size / 2.0 - 3.5, z + 0.02),
        ));
    }
    let Some(n) = top_of else { return };
    counter_face(parent, (unit, counter), art, size, z);
    if n > 1 {
        let at = Vec3::new(-size / 2.0 - 2.0, size / 2.0 + 2.0, z + 0.06);
        parent.spawn((
            Sprite::from_color(Color::srgb(0.95, 0.95, 0.90), Vec2::splat(18.0)),
            Transform::from_translation(at),
        ));
        parent.spawn(text(
            n.to_string(),
            TEXT_MARKER,
            Color::BLACK,
            at.truncate(),
        ));
    }
}

/// The top counter's face: the unit's symbol, its value, its corner values, and its markers
/// down the right edge.
fn counter_face(
    parent: &mut ChildSpawnerCommands,
    (unit, counter): (&Unit, &CounterFace),
    art: &Art,
    size: f32,
    z: f32,
) {
    let ink = if counter.reduced {
        Color::srgb(0.1, 0.1, 0.1)
    } else {
        Color::WHITE
    };
    let idx = symbol_index(unit.kind);
    let mut sym = Sprite::from_image(art.symbols.clone());
    sym.rect = Some(Rect::new(idx * 64.0, 0.0, idx * 64.0 + 64.0, 64.0));
    sym.custom_size = Some(Vec2::splat(size * 0.55));
    sym.color = ink;
    parent.spawn((sym, Transform::from_xyz(0.0, size * 0.14, BAND_SYMBOLS)));
    // The value at the bottom; the corner values at the top (GCACW's artillery, tactical).
    let strength = counter.value.clone();
    let big = if strength.len() > 4 {
        TEXT_STRENGTH_LONG
    } else {
        TEXT_STRENGTH
    };
    parent.spawn(text(strength, big, ink, Vec2::new(0.0, -size * 0.30)));
    for (corner, x) in counter.corners.iter().zip([-1.0, 1.0]) {
        if let Some(v) = corner {
            parent.spawn(text(
                v.clone(),
                TEXT_CORNER,
                ink,
                Vec2::new(x * size * 0.36, size * 0.38 - 4.0),
            ));
        }
    }
    // Markers down the right edge.
    for (i, (m, kind)) in counter.markers.iter().enumerate() {
        let color = marker_color(*kind);
        let y = size / 2.0 - 9.0 - i as f32 * 17.0;
        parent.spawn((
            Sprite::from_color(color, Vec2::new(22.0, 15.0)),
            Transform::from_xyz(size / 2.0 + 7.0, y, z + 0.05),
        ));
        parent.spawn(text(
            m,
            TEXT_MARKER,
            Color::WHITE,
            Vec2::new(size / 2.0 + 7.0, y),
        ));
    }
}

/// Every counter and its parts are drawn into the map's backdrop (`client::backdrop`), with
/// the overlays beneath them, so a frame in which nothing changes copies them with the
/// terrain instead of drawing them again; a counter that slides, or is recoloured, redraws
/// the backdrop while it does. (What is drawn over the counters — a move's path, the dice —
/// stays on the map camera.) A part added later, such as a counter's art, joins when added.
#[allow(clippy::type_complexity)]
fn counters_on_backdrop(
    mut commands: Commands,
    new: Query<
        (Entity, Option<&ChildOf>),
        (
            Or<(Added<Counter>, Added<ChildOf>)>,
            Without<super::backdrop::OnBackdrop>,
        ),
    >,
    counters: Query<(), With<Counter>>,
) {
    for (e, parent) in &new {
        if counters.contains(e) || parent.is_some_and(|p| counters.contains(p.parent())) {
            commands.entity(e).insert(super::backdrop::backdrop_layer());
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Transform, &mut Slide)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (e, mut t, mut s) in &mut q {
        s.t += time.delta_secs().min(0.05);
        let legs = (s.points.len() - 1).max(1) as f32;
        let dur = 0.18 * legs + 0.1;
        let f = (s.t / dur).min(1.0) * legs;
        let i = (f.floor() as usize).min(s.points.len() - 2);
        let local = f - i as f32;
        let p = s.points[i].lerp(s.points[i + 1], local);
        t.translation = p.extend(s.z + 20.0);
        if s.t >= dur {
            let end = *s.points.last().unwrap_or(&p);
            t.translation = end.extend(s.z);
            commands.entity(e).remove::<Slide>();
        }
        redraw.write(bevy::window::RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::backdrop::OnBackdrop;

    // A counter and every part of it — those spawned with it and those added later, such as its
    // art — are drawn into the backdrop; other entities are not.
    #[test]
    fn counters_and_their_parts_are_on_the_backdrop() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_systems(Update, counters_on_backdrop);
        let world = app.world_mut();
        let counter = world
            .spawn((Counter { unit: UnitIdx(0) }, Transform::default()))
            .id();
        let face = world.spawn((Sprite::default(), ChildOf(counter))).id();
        let other = world.spawn(Transform::default()).id();
        let other_part = world.spawn((Sprite::default(), ChildOf(other))).id();
        app.update();
        let art = app
            .world_mut()
            .spawn((Sprite::default(), ChildOf(counter)))
            .id();
        app.update();
        let on = |e: Entity| app.world().get::<OnBackdrop>(e).is_some();
        assert!(on(counter) && on(face) && on(art));
        assert!(!on(other) && !on(other_part));
    }
}
