//! The panels and screens, in egui: the top bar (turn, weather, side, buttons), the stack
//! inspector and legend on the left, the attack preview and combat log on the right, the dice
//! on screen, the advance prompt, the briefing, the hot-seat hand-over screen, the end screen
//! and the main menu. Every number shown comes from the rules; the UI only sends
//! [`Action`](crate::client::state::Action)s.
//!
//! Layout, one concern per file:
//! - [`screens`]: whole screens and what covers the map: [`screens::menu`] (the main menu and
//!   the scan of scenarios and saves), [`screens::game`] (the game screen: top bar, panels
//!   layout, combat log, pointer tips, advance prompt, briefing, notice),
//!   [`screens::handover`] (the hot-seat hand-over overlay), [`screens::end`] (the end of
//!   the battle), [`screens::editor`] (the scenario editor's panels);
//! - [`panels`]: the parts the game screen is built of: [`panels::inspector`] (the stack
//!   inspector), [`panels::legend`], [`panels::preview`] (the attack preview and its odds),
//!   [`panels::dice`] (the dice on screen); the editor's [`panels::editor_settings`] (the
//!   scenario's settings, the map scan) and [`panels::editor_units`] (roster, unit form);
//! - [`theme`]: colours and small shared helpers (colour conversion, rects, pointer tips);
//! - here: the plugin and the systems that are no screen of their own.

use bevy::prelude::*;
use bevy_egui::egui;

use super::state::{Notice, Screen};

pub mod panels;
pub mod screens;
pub mod theme;

pub use screens::game::GameView;
pub use screens::menu::{MenuEntry, MenuState, ScenarioSummary, scan_scenarios};

use screens::game::game_ui;
use screens::menu::{menu_ui, scan_menu};

/// The menu and game screens, the notice's timeout, and the filter that lets an idle game rest.
pub fn plugin(app: &mut App) {
    app.add_plugins((panels::import::plugin, panels::terrain_help::plugin));
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), scan_menu)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                menu_ui.run_if(in_state(Screen::Menu)),
                game_ui.run_if(in_state(Screen::Playing)),
                screens::editor::editor_ui.run_if(in_state(Screen::Editor)),
            ),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            panels::turnfile::turnfile_ui.after(menu_ui).after(game_ui),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            panels::online::online_ui
                .after(game_ui)
                .run_if(in_state(Screen::Playing)),
        )
        .insert_resource(ClearColor(theme::panel_background()))
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            theme::apply_style.before(menu_ui),
        )
        .add_systems(Update, age_notice)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// bevy_egui 0.42 reports the keyboard modifiers to egui as a change on every frame; egui then
/// asks for another frame, and the app never rests. Keep the event only when the modifiers
/// really changed, so an idle game draws nothing (redraw on input and animation only).
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let changed = *last != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

fn age_notice(time: Res<Time>, mut n: ResMut<Notice>) {
    if n.text.is_some() {
        n.age += time.delta_secs();
        if n.age > 6.0 {
            n.text = None;
        }
    }
}
