//! The map's backdrop: what does not change from frame to frame (the terrain, hexsides,
//! routes, grid and hex labels; in the editor also the map scan) is drawn into an image only
//! when it or the view changes, and every frame starts from a copy of that image instead of
//! drawing it again.
//!
//! Why: under software rendering (Mesa's llvmpipe) a frame's cost is the pixels drawn, about
//! 5 ms for the terrain of a 1280x720 window, whatever the shader; a texture copy is a memory
//! copy. The counters, highlights, overlays and the pointer's marks stay on the map camera and
//! are drawn every frame over the copy, so nothing drawn changes.
//!
//! How:
//! - entities of the backdrop carry [`OnBackdrop`] and the render layer [`BACKDROP_LAYER`];
//! - the backdrop camera ([`BackdropCamera`]) renders that layer into [`Backdrop::image`] with
//!   the map camera's view (transform, projection, viewport, sub-view), and is active only in
//!   frames where the backdrop is stale: the view or the window changed, an entity of the layer
//!   was added, removed or changed, a mesh or image changed, a render pipeline was still being
//!   compiled (its draws would be missing), and for two frames after any of these;
//! - the backdrop camera's frame is copied into the image (its blit to the image is skipped);
//! - on the map camera, a render-world system in `Core2dSystems::Prepass` copies the image
//!   into the view's main texture; the map camera does not clear (it would clear the copy);
//! - when nothing of the map is left for the map camera itself to draw (no move's path, no
//!   dice: [`spare_map_camera`]), it is switched off and the copy is made on the panels'
//!   camera ([`PanelsCamera`]), which draws into the same texture: under software rendering a
//!   camera's passes cost even when they draw nothing (about 2 ms a frame at 1280x720).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{
    CameraMainTextureUsages, ImageRenderTarget, RenderTarget, SubCameraView, Viewport,
};
use bevy::core_pipeline::Core2dSystems;
use bevy::core_pipeline::schedule::Core2d;
use bevy::prelude::*;
use bevy::render::extract_component::{ExtractComponent, ExtractComponentPlugin};
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::{
    Extent3d, LoadOp, Operations, PipelineCache, RenderPassColorAttachment, RenderPassDescriptor,
    StoreOp, TexelCopyTextureInfo, Texture, TextureFormat, TextureUsages,
};
use bevy::render::renderer::{RenderContext, ViewQuery};
use bevy::render::texture::GpuImage;
use bevy::render::view::ViewTarget;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::PrimaryWindow;

/// The render layer of the backdrop's entities.
pub const BACKDROP_LAYER: usize = 1;

/// Marks an entity drawn into the backdrop (with [`backdrop_layer`]).
#[derive(Component, Clone, Copy, Default)]
pub struct OnBackdrop;

/// The components that put an entity on the backdrop.
pub fn backdrop_layer() -> (OnBackdrop, RenderLayers) {
    (OnBackdrop, RenderLayers::layer(BACKDROP_LAYER))
}

/// On the map camera (put there by whoever spawns it): its frames start from the backdrop,
/// drawn with its view ([`Backdrop`] is added at start-up).
#[derive(Component, Clone, Copy, Default)]
pub struct WantsBackdrop;

/// The camera drawing the backdrop into its image.
#[derive(Component)]
pub struct BackdropCamera;

/// The texture usages of the window cameras' main texture: the defaults and the copy into it.
/// Every camera drawing to the window must use the same, or Bevy gives them separate textures.
pub fn window_texture_usages() -> CameraMainTextureUsages {
    CameraMainTextureUsages(CameraMainTextureUsages::default().0 | TextureUsages::COPY_DST)
}

/// On the map camera: the backdrop's image, which the frame starts from (the camera that
/// copies it carries [`CopyBackdrop`], extracted to the render world).
#[derive(Component, Clone)]
pub struct Backdrop {
    pub image: Handle<Image>,
}

/// On the camera whose frame starts from the backdrop's copy: the map camera while it has
/// something of its own to draw, else the panels' camera ([`spare_map_camera`]).
#[derive(Component, Clone, ExtractComponent)]
pub struct CopyBackdrop {
    pub image: Handle<Image>,
}

/// On the panels' camera (egui's, over the whole window after the map camera, into the same
/// texture): the backdrop is copied on it while the map camera is off.
#[derive(Component, Clone, Copy, Default)]
pub struct PanelsCamera;

/// On the backdrop camera: the image its frame is copied into, once drawn (its output to the
/// image is skipped: a copy costs less than the blit).
#[derive(Component, Clone, ExtractComponent)]
pub struct BackdropOut {
    pub image: Handle<Image>,
}

/// Render pipelines still compiling, counted by the render world for the main world.
#[derive(Resource, Clone, Default)]
struct PendingPipelines(Arc<AtomicUsize>);

/// What the backdrop was last drawn for, and for how many more frames to draw it.
#[derive(Resource, Default)]
pub struct BackdropState {
    view: Option<ViewKey>,
    size: UVec2,
    redraw_frames: u32,
    /// Frames in which the backdrop was drawn (measurements and tests).
    pub redraws: u64,
}

/// The map camera's view: transform, zoom, viewport (position, size) and sub-view.
type ViewKey = (
    Transform,
    f32,
    Option<(UVec2, UVec2)>,
    Option<SubCameraView>,
);

fn view_key(t: &Transform, p: &Projection, c: &Camera) -> ViewKey {
    let scale = match p {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let viewport = c
        .viewport
        .as_ref()
        .map(|v: &Viewport| (v.physical_position, v.physical_size));
    (*t, scale, viewport, c.sub_camera_view)
}

/// `MUSKET_BACKDROP=always`: draw the backdrop every frame, as in a frame where the map pans
/// or zooms (to measure that case with `tools/frame-ratio.sh`).
fn redraw_always() -> bool {
    static ALWAYS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ALWAYS.get_or_init(|| std::env::var("MUSKET_BACKDROP").is_ok_and(|v| v == "always"))
}

/// Frames to keep drawing after a change: the render world runs a frame behind the main one.
const SETTLE_FRAMES: u32 = 2;

pub fn plugin(app: &mut App) {
    let pending = PendingPipelines::default();
    app.insert_resource(pending.clone())
        .init_resource::<BackdropState>()
        .add_plugins((
            ExtractComponentPlugin::<CopyBackdrop>::default(),
            ExtractComponentPlugin::<BackdropOut>::default(),
        ))
        .add_systems(PostStartup, spawn_backdrop_camera)
        .add_systems(
            PostUpdate,
            (follow_map_camera, spare_map_camera)
                .after(bevy::transform::TransformSystems::Propagate)
                .after(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
    let Some(render) = app.get_sub_app_mut(RenderApp) else {
        return;
    };
    render
        .insert_resource(pending)
        .add_systems(Render, count_pending.in_set(RenderSystems::Cleanup))
        .add_systems(
            Core2d,
            (
                copy_backdrop.in_set(Core2dSystems::Prepass),
                store_backdrop.after(Core2dSystems::PostProcess),
                clear_backdrop.in_set(Core2dSystems::Prepass),
            ),
        );
}

fn target_image(size: UVec2) -> Image {
    let mut image = Image::new_target_texture(
        size.x.max(1),
        size.y.max(1),
        TextureFormat::Rgba8UnormSrgb,
        None,
    );
    image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
    // Nothing to upload or keep on a resize: the GPU draws it.
    image.data = None;
    image.copy_on_resize = false;
    image
}

fn spawn_backdrop_camera(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    map_cam: Query<Entity, With<WantsBackdrop>>,
) {
    let image = images.add(target_image(UVec2::ONE));
    commands.spawn((
        Camera2d,
        BackdropCamera,
        Camera {
            order: -1,
            is_active: false,
            output_mode: bevy::camera::CameraOutputMode::Skip,
            // Bevy gives a camera that clears and writes no output no target at all:
            // [`clear_backdrop`] clears it.
            clear_color: ClearColorConfig::None,
            ..default()
        },
        RenderTarget::Image(ImageRenderTarget {
            handle: image.clone(),
            scale_factor: 1.0,
        }),
        BackdropOut {
            image: image.clone(),
        },
        Msaa::Off,
        RenderLayers::layer(BACKDROP_LAYER),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    for e in &map_cam {
        commands.entity(e).insert(Backdrop {
            image: image.clone(),
        });
    }
}

/// Give the backdrop camera the map camera's view, its image the window's size, and turn it
/// on in the frames where the backdrop is stale.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn follow_map_camera(
    mut state: ResMut<BackdropState>,
    pending: Res<PendingPipelines>,
    window: Query<&Window, With<PrimaryWindow>>,
    map_cam: Query<
        (&Transform, &Projection, &Camera, &Backdrop),
        (With<WantsBackdrop>, Without<BackdropCamera>),
    >,
    mut cam: Query<(&mut Transform, &mut Projection, &mut Camera), With<BackdropCamera>>,
    mut images: ResMut<Assets<Image>>,
    changed: Query<
        (),
        (
            With<OnBackdrop>,
            Or<(
                Added<OnBackdrop>,
                Changed<GlobalTransform>,
                Changed<InheritedVisibility>,
                Changed<Mesh2d>,
                Changed<Sprite>,
                Changed<Text2d>,
                Changed<TextColor>,
                // The terrain's tiles (`client::terrain`): a repainted hex.
                Changed<bevy_ecs_tilemap::tiles::TileTextureIndex>,
            )>,
        ),
    >,
    mut removed: RemovedComponents<OnBackdrop>,
    mut mesh_events: MessageReader<AssetEvent<Mesh>>,
    mut image_events: MessageReader<AssetEvent<Image>>,
    clear: Res<ClearColor>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (Ok(w), Ok((mt, mp, mc, backdrop)), Ok((mut t, mut p, mut c))) =
        (window.single(), map_cam.single(), cam.single_mut())
    else {
        return;
    };
    let own = backdrop.image.id();
    let mut stale = !changed.is_empty()
        || removed.read().count() > 0
        || mesh_events.read().count() > 0
        || image_events
            .read()
            .any(|e| !e.is_modified(own) && !e.is_added(own))
        || clear.is_changed()
        || pending.0.load(Ordering::Relaxed) > 0
        || redraw_always();
    let size = UVec2::new(w.physical_width(), w.physical_height());
    if size != state.size && size.x > 0 && size.y > 0 {
        if let Some(mut im) = images.get_mut(&backdrop.image) {
            *im = target_image(size);
        }
        state.size = size;
        stale = true;
    }
    let view = view_key(mt, mp, mc);
    if state.view != Some(view) {
        *t = *mt;
        *p = mp.clone();
        c.viewport = mc.viewport.clone();
        c.sub_camera_view = mc.sub_camera_view;
        state.view = Some(view);
        stale = true;
    }
    if stale {
        state.redraw_frames = SETTLE_FRAMES + 1;
    }
    let on = state.redraw_frames > 0;
    state.redraw_frames = state.redraw_frames.saturating_sub(1);
    if on {
        state.redraws += 1;
        // Frames come on input only when the game is idle: ask for the next ones.
        redraw.write(bevy::window::RequestRedraw);
    }
    if c.is_active != on {
        c.is_active = on;
    }
}

/// Switch the map camera off while nothing of the map is drawn by it rather than into the
/// backdrop (every visible sprite, mesh and text not on the backdrop is the map camera's: the
/// panels are egui's), and make the backdrop's copy on the panels' camera meanwhile; on again,
/// with the copy, as soon as something is. The camera keeps its view while off (the pointer's
/// hex is still read through it).
#[allow(clippy::type_complexity)]
fn spare_map_camera(
    mut commands: Commands,
    drawn: Query<
        &InheritedVisibility,
        (
            Or<(With<Sprite>, With<Mesh2d>, With<Text2d>)>,
            Without<OnBackdrop>,
        ),
    >,
    mut map: Query<(Entity, &mut Camera, &Backdrop, Has<CopyBackdrop>), With<WantsBackdrop>>,
    panels: Query<(Entity, Has<CopyBackdrop>), With<PanelsCamera>>,
) {
    let (Ok((map_e, mut camera, backdrop, map_copies)), Ok((panels_e, panels_copy))) =
        (map.single_mut(), panels.single())
    else {
        return;
    };
    let needed = drawn.iter().any(|v| v.get());
    if camera.is_active != needed {
        camera.is_active = needed;
    }
    let copy = CopyBackdrop {
        image: backdrop.image.clone(),
    };
    // The copy on the camera that draws first this frame, and only there.
    let ((first, has), (other, other_has)) = if needed {
        ((map_e, map_copies), (panels_e, panels_copy))
    } else {
        ((panels_e, panels_copy), (map_e, map_copies))
    };
    if !has {
        commands.entity(first).insert(copy);
    }
    if other_has {
        commands.entity(other).remove::<CopyBackdrop>();
    }
}

fn count_pending(cache: Res<PipelineCache>, pending: Res<PendingPipelines>) {
    pending
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

/// The backdrop camera's frame starts from the clear colour.
fn clear_backdrop(
    view: ViewQuery<(&ViewTarget, &BackdropOut)>,
    clear: Res<ClearColor>,
    mut ctx: RenderContext,
) {
    let (target, _) = view.into_inner();
    clear_texture(&mut ctx, target.main_texture(), &clear);
}

fn clear_texture(ctx: &mut RenderContext, texture: &Texture, clear: &ClearColor) {
    let view = texture.create_view(&default());
    let _pass = ctx
        .command_encoder()
        .begin_render_pass(&RenderPassDescriptor {
            label: Some("backdrop_clear"),
            color_attachments: &[Some(RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: Operations {
                    load: LoadOp::Clear(clear.0.to_linear().into()),
                    store: StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
}

/// The backdrop camera's frame, once drawn, into the backdrop image.
fn store_backdrop(
    view: ViewQuery<(&ViewTarget, &BackdropOut)>,
    images: Res<RenderAssets<GpuImage>>,
    mut ctx: RenderContext,
) {
    let (target, out) = view.into_inner();
    let main = target.main_texture();
    if let Some(img) = images.get(&out.image)
        && img.texture.size() == main.size()
        && img.texture.format() == main.format()
    {
        copy(&mut ctx, main, &img.texture);
    }
}

fn copy(ctx: &mut RenderContext, from: &Texture, to: &Texture) {
    let size = from.size();
    ctx.command_encoder().copy_texture_to_texture(
        TexelCopyTextureInfo {
            texture: from,
            mip_level: 0,
            origin: default(),
            aspect: default(),
        },
        TexelCopyTextureInfo {
            texture: to,
            mip_level: 0,
            origin: default(),
            aspect: default(),
        },
        Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        },
    );
}

/// The map camera's frame starts from the backdrop (or the clear colour while the image and
/// the window differ in size, for the frame of a resize).
fn copy_backdrop(
    view: ViewQuery<(&ViewTarget, &CopyBackdrop)>,
    images: Res<RenderAssets<GpuImage>>,
    clear: Res<ClearColor>,
    mut ctx: RenderContext,
) {
    let (target, backdrop) = view.into_inner();
    let main = target.main_texture();
    let size = main.size();
    match images.get(&backdrop.image) {
        Some(img) if img.texture.size() == size && img.texture.format() == main.format() => {
            copy(&mut ctx, &img.texture, main);
        }
        _ => clear_texture(&mut ctx, main, &clear),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_asset::<Mesh>()
            .add_message::<bevy::window::RequestRedraw>()
            .init_resource::<BackdropState>()
            .init_resource::<PendingPipelines>()
            .init_resource::<ClearColor>()
            .add_systems(Update, follow_map_camera);
        let world = app.world_mut();
        world.spawn((Window::default(), PrimaryWindow));
        let image = world
            .resource_mut::<Assets<Image>>()
            .add(target_image(UVec2::ONE));
        let map = world
            .spawn((
                Camera2d,
                WantsBackdrop,
                Transform::default(),
                Projection::Orthographic(OrthographicProjection::default_2d()),
                Backdrop { image },
            ))
            .id();
        let cam = world
            .spawn((
                Camera2d,
                BackdropCamera,
                Camera {
                    is_active: false,
                    ..default()
                },
                Transform::default(),
                Projection::Orthographic(OrthographicProjection::default_2d()),
            ))
            .id();
        (app, map, cam)
    }

    fn active_frames(app: &mut App, cam: Entity, frames: usize) -> usize {
        (0..frames)
            .filter(|_| {
                app.update();
                app.world().get::<Camera>(cam).unwrap().is_active
            })
            .count()
    }

    // The map camera is on only while something visible is drawn by it rather than into the
    // backdrop; the backdrop's copy is made on whichever camera draws first: the map camera
    // when it is on, else the panels' camera.
    #[test]
    fn the_map_camera_is_on_only_while_it_has_something_to_draw() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_systems(Update, spare_map_camera);
        let world = app.world_mut();
        let map = world
            .spawn((
                Camera2d,
                WantsBackdrop,
                Backdrop {
                    image: Handle::default(),
                },
            ))
            .id();
        let panels = world.spawn((Camera2d, PanelsCamera)).id();
        let on_backdrop = world
            .spawn((
                Sprite::default(),
                InheritedVisibility::VISIBLE,
                backdrop_layer(),
            ))
            .id();
        let state = |app: &App| {
            let w = app.world();
            (
                w.get::<Camera>(map).unwrap().is_active,
                w.get::<CopyBackdrop>(map).is_some(),
                w.get::<CopyBackdrop>(panels).is_some(),
            )
        };
        app.update();
        assert_eq!(state(&app), (false, false, true), "only the backdrop: off");
        // A move's path (a mesh of the map camera's own) appears: on, and it copies.
        let path = app
            .world_mut()
            .spawn((Mesh2d(Handle::default()), InheritedVisibility::VISIBLE))
            .id();
        app.update();
        assert_eq!(state(&app), (true, true, false));
        // Hidden: off again.
        app.world_mut()
            .entity_mut(path)
            .insert(InheritedVisibility::HIDDEN);
        app.update();
        assert_eq!(state(&app), (false, false, true));
        app.world_mut().despawn(on_backdrop);
        app.update();
        assert_eq!(state(&app), (false, false, true));
    }

    // Drawn when the view or a backdrop entity changes, and a few frames after; idle otherwise.
    #[test]
    fn the_backdrop_is_drawn_only_when_stale() {
        let (mut app, map, cam) = app();
        // Start-up: drawn, then settles.
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        assert_eq!(active_frames(&mut app, cam, 5), 0);
        // The map camera pans: the backdrop camera follows and draws again.
        app.world_mut()
            .get_mut::<Transform>(map)
            .unwrap()
            .translation
            .x = 100.0;
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        assert_eq!(
            app.world().get::<Transform>(cam).unwrap().translation.x,
            100.0
        );
        // A backdrop entity appears, changes, goes.
        let e = app
            .world_mut()
            .spawn((
                backdrop_layer(),
                Transform::default(),
                GlobalTransform::default(),
            ))
            .id();
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        app.world_mut()
            .get_mut::<GlobalTransform>(e)
            .unwrap()
            .set_if_neq(GlobalTransform::from_xyz(1.0, 0.0, 0.0));
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        app.world_mut().despawn(e);
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        // Entities off the backdrop do not count.
        let other = app
            .world_mut()
            .spawn((Transform::default(), GlobalTransform::default()))
            .id();
        app.update();
        app.world_mut()
            .get_mut::<GlobalTransform>(other)
            .unwrap()
            .set_if_neq(GlobalTransform::from_xyz(5.0, 0.0, 0.0));
        assert_eq!(active_frames(&mut app, cam, 10), 0);
        // An entity put on the backdrop after it was drawn (a counter, a counter's art): drawn
        // again with it, though nothing of it changed.
        app.world_mut().entity_mut(other).insert(backdrop_layer());
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        // A pipeline still compiling keeps it drawing.
        app.world()
            .resource::<PendingPipelines>()
            .0
            .store(1, Ordering::Relaxed);
        assert_eq!(active_frames(&mut app, cam, 10), 10);
        app.world()
            .resource::<PendingPipelines>()
            .0
            .store(0, Ordering::Relaxed);
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize);
        // A mesh edited in place (the editor's repaint).
        let h = app
            .world_mut()
            .resource_mut::<Assets<Mesh>>()
            .add(Mesh::new(
                bevy::mesh::PrimitiveTopology::TriangleList,
                bevy::asset::RenderAssetUsages::default(),
            ));
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
        if let Some(mut m) = app.world_mut().resource_mut::<Assets<Mesh>>().get_mut(&h) {
            m.insert_indices(bevy::mesh::Indices::U32(vec![0, 1, 2]));
        }
        assert_eq!(active_frames(&mut app, cam, 10), SETTLE_FRAMES as usize + 1);
    }
}
