//! The player's own art in play: the map scan under the grid (`underlay`, placed by its exact
//! fit or its two alignment points) and each unit's counter picture (`image`, from a VASSAL
//! module) in place of the drawn counter. `V` shows the drawn counters instead (and back).
//!
//! Images are read from disk next to the scenario file, once each; one that cannot be read is
//! left out (the drawn counter stays) with a warning in the log.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::backdrop::backdrop_layer;
use super::editor::view::{read_image, scan_sprite_transform, scan_transform};
use super::state::{Play, Screen, Source};
use super::units::{Border, Counter};

/// Whether the art is shown (switched by V or the top bar's checkbox, which reads this
/// resource only: hence the atomic), and the images read so far (by path; `None`: unreadable).
#[derive(Resource)]
pub struct ArtState {
    pub show: AtomicBool,
    images: HashMap<PathBuf, Option<(Handle<Image>, UVec2)>>,
    /// The game whose map scan is placed (its key), so it is placed once per game.
    scan_for: Option<usize>,
}

impl Default for ArtState {
    fn default() -> Self {
        ArtState {
            show: AtomicBool::new(true),
            images: HashMap::new(),
            scan_for: None,
        }
    }
}

/// A counter's picture (a child of its [`Counter`]).
#[derive(Component)]
pub struct CounterArt;

/// The map scan in play.
#[derive(Component)]
pub struct PlayScan;

pub fn plugin(app: &mut App) {
    app.init_resource::<ArtState>()
        .add_systems(Update, toggle.run_if(in_state(Screen::Playing)))
        .add_systems(
            PostUpdate,
            (place_scan, dress_counters, show_or_hide)
                .chain()
                .before(bevy::transform::TransformSystems::Propagate)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnExit(Screen::Playing), clear_scan);
}

/// The folder relative paths in the scenario are read from.
fn scenario_dir(play: &Play) -> Option<PathBuf> {
    match &play.0.as_ref()?.source {
        Source::File(p) => Some(p.parent().unwrap_or(Path::new(".")).to_path_buf()),
        Source::Builtin(_) => None,
    }
}

fn resolve(dir: &Path, name: &str) -> PathBuf {
    let p = Path::new(name);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        dir.join(p)
    }
}

impl ArtState {
    /// The image at `path`, read once.
    fn image(&mut self, path: &Path, images: &mut Assets<Image>) -> Option<(Handle<Image>, UVec2)> {
        if let Some(known) = self.images.get(path) {
            return known.clone();
        }
        let got = match read_image(path) {
            Ok(img) => {
                let size = img.size();
                Some((images.add(img), size))
            }
            Err(e) => {
                warn!("picture not shown: {e}");
                None
            }
        };
        self.images.insert(path.to_path_buf(), got.clone());
        got
    }
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, egui: Option<Res<EguiWantsInput>>, art: Res<ArtState>) {
    if egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if !ctrl && keys.just_pressed(KeyCode::KeyV) {
        art.show.fetch_xor(true, Ordering::Relaxed);
    }
}

impl ArtState {
    /// Whether counter pictures are shown.
    pub fn shown(&self) -> bool {
        self.show.load(Ordering::Relaxed)
    }

    /// Show the pictures (true) or the drawn counters.
    pub fn set_shown(&self, on: bool) {
        self.show.store(on, Ordering::Relaxed);
    }
}

/// The map scan under the grid, where the scenario has one that is visible.
fn place_scan(
    mut commands: Commands,
    play: Res<Play>,
    mut art: ResMut<ArtState>,
    mut images: ResMut<Assets<Image>>,
    old: Query<Entity, With<PlayScan>>,
) {
    let Some(game) = play.game() else { return };
    let key = super::state::game_key(game);
    if art.scan_for == Some(key) {
        return;
    }
    art.scan_for = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let file = &game.scenario.file;
    let (Some(u), Some(dir)) = (
        file.underlay.as_ref().filter(|u| u.visible),
        scenario_dir(&play),
    ) else {
        return;
    };
    let Some((handle, size)) = art.image(&resolve(&dir, &u.image), &mut images) else {
        return;
    };
    let t = scan_sprite_transform(&scan_transform(file, size), size, 0.5);
    let mut sprite = Sprite::from_image(handle);
    sprite.color = Color::srgba(1.0, 1.0, 1.0, u.opacity as f32);
    commands.spawn((sprite, t, PlayScan, backdrop_layer()));
}

fn clear_scan(
    mut commands: Commands,
    mut art: ResMut<ArtState>,
    old: Query<Entity, With<PlayScan>>,
) {
    art.scan_for = None;
    for e in &old {
        commands.entity(e).despawn();
    }
}

/// Each new counter whose unit has a picture gets it, the size of the counter, above the
/// drawn face (the side markers beside it stay visible).
fn dress_counters(
    mut commands: Commands,
    play: Res<Play>,
    mut art: ResMut<ArtState>,
    mut images: ResMut<Assets<Image>>,
    counters: Query<(Entity, &Counter, &Children), Added<Counter>>,
    borders: Query<(&Border, &Transform)>,
) {
    let Some(game) = play.game() else { return };
    let Some(dir) = scenario_dir(&play) else {
        return;
    };
    for (e, c, children) in &counters {
        let Some(name) = game.scenario.unit_image(c.unit) else {
            continue;
        };
        let Some((handle, _)) = art.image(&resolve(&dir, name), &mut images) else {
            continue;
        };
        let Some((size, z)) = children
            .iter()
            .find_map(|ch| borders.get(ch).ok())
            .map(|(b, t)| (b.size, t.translation.z))
        else {
            continue;
        };
        let mut sprite = Sprite::from_image(handle);
        sprite.custom_size = Some(Vec2::splat(size));
        // Above every drawn part of every counter (depth bands up to 12), higher units of a
        // stack above lower ones.
        let z = 12.5 + (z - 9.0) * 0.1;
        let vis = if art.shown() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        commands.entity(e).with_child((
            sprite,
            Transform::from_xyz(0.0, 0.0, z),
            vis,
            CounterArt,
            super::backdrop::backdrop_layer(),
        ));
    }
}

fn show_or_hide(
    art: Res<ArtState>,
    mut applied: Local<Option<bool>>,
    mut q: Query<&mut Visibility, With<CounterArt>>,
) {
    if *applied == Some(art.shown()) {
        return;
    }
    *applied = Some(art.shown());
    let want = if art.shown() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut q {
        if *v != want {
            *v = want;
        }
    }
}
