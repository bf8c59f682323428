//! The main menu: the scenarios found on disk and built in (each with its summary, or why it
//! cannot be played), the chosen one's map in small ([`crate::client::thumbnail`]) beside its
//! briefing, the saved games, the mode of play, Start, Resume and Quit. Keys: Up and Down
//! choose the scenario (when no field has the keyboard), Tab and Space reach every button.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::client::input::UiRects;
use crate::client::save::{SaveEntry, list_saves, saves_dir};
use crate::client::state::{
    Action, BUILTIN, Mode, Notice, Play, Seat, Settings, Source, TurnAction, load_scenario,
};
use crate::rules::ai::Kind;
use crate::rules::unit::SideId;

/// One scenario in the menu: its summary or why it does not load.
#[derive(Clone, Debug)]
pub struct MenuEntry {
    pub source: Source,
    pub label: String,
    pub result: Result<ScenarioSummary, String>,
}

#[derive(Clone, Debug)]
pub struct ScenarioSummary {
    pub title: String,
    pub size: String,
    pub units: usize,
    pub turns: Option<u32>,
    pub briefing: Option<String>,
    pub ruleset: crate::rules::scenario::RulesetId,
    /// The two sides' names, in order (the first moves first).
    pub sides: [String; 2],
}

#[derive(Resource, Default)]
pub struct MenuState {
    pub entries: Vec<MenuEntry>,
    pub saves: Vec<SaveEntry>,
    pub selected: usize,
    pub mode: Mode,
    pub handover: bool,
    pub handover_phases_only: bool,
    /// New games in Free movement (starts as `--free-movement` says).
    pub free_movement: bool,
    /// Who plays each side of new games (starts as `--sides` says, else you against the
    /// strongest computer player).
    pub seats: [Seat; 2],
    pub scanned: bool,
    /// "Import VASSAL module…" was pressed: the import dialog opens.
    pub import: bool,
    /// The chosen scenario's map in small, as a texture, for the entry of this label (`None`:
    /// it does not load).
    pub thumbnail: Option<(String, Option<egui::TextureHandle>)>,
    /// The scenario file to choose when the menu opens (`musket --menu FILE`), once.
    pub choose: Option<std::path::PathBuf>,
}

/// The largest map picture in the menu, in points.
pub const THUMBNAIL_SIZE: [usize; 2] = [260, 260];

/// The map in small of a menu entry's scenario, if it loads.
pub fn entry_thumbnail(e: &MenuEntry) -> Option<crate::client::thumbnail::Thumbnail> {
    let sc = load_scenario(&e.source).ok()?;
    Some(crate::client::thumbnail::thumbnail(
        &sc,
        THUMBNAIL_SIZE[0],
        THUMBNAIL_SIZE[1],
    ))
}

/// The chosen entry's map picture as a texture, drawn when the choice changes.
fn thumbnail_texture(
    ctx: &egui::Context,
    menu: &mut MenuState,
    e: &MenuEntry,
) -> Option<egui::TextureHandle> {
    if menu.thumbnail.as_ref().is_none_or(|(l, _)| *l != e.label) {
        let tex = entry_thumbnail(e).map(|t| {
            let img = egui::ColorImage::from_rgba_unmultiplied([t.width, t.height], &t.rgba);
            ctx.load_texture(
                format!("map of {}", e.label),
                img,
                egui::TextureOptions::NEAREST,
            )
        });
        menu.thumbnail = Some((e.label.clone(), tex));
    }
    menu.thumbnail.as_ref().and_then(|(_, t)| t.clone())
}
/// List the scenarios: files in the scenario folders, then the built-in ones not on disk.
pub fn scan_scenarios(settings: &Settings) -> Vec<MenuEntry> {
    let mut out = Vec::new();
    let mut names = Vec::new();
    for dir in &settings.scenario_dirs {
        let Ok(rd) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<std::path::PathBuf> = rd
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        for f in files {
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            names.push(name.clone());
            let source = Source::File(f.clone());
            out.push(MenuEntry {
                result: summarize(&source),
                label: f.display().to_string(),
                source,
            });
        }
    }
    for (name, _) in BUILTIN {
        if !names.iter().any(|n| n == name) {
            let source = Source::Builtin(name);
            out.push(MenuEntry {
                result: summarize(&source),
                label: format!("{name} (built in)"),
                source,
            });
        }
    }
    // Playable first, largest last among equals: by map size.
    out
}

fn summarize(source: &Source) -> Result<ScenarioSummary, String> {
    let sc = load_scenario(source)?;
    Ok(ScenarioSummary {
        title: sc.title.clone(),
        size: format!("{}x{}", sc.map.numbering().columns, sc.map.numbering().rows),
        units: sc.units.len(),
        turns: sc.turns,
        briefing: sc.briefing.clone(),
        ruleset: sc.ruleset,
        sides: [
            sc.side_name(SideId(0)).to_string(),
            sc.side_name(SideId(1)).to_string(),
        ],
    })
}

pub(crate) fn scan_menu(mut menu: ResMut<MenuState>, settings: Res<Settings>) {
    menu.entries = scan_scenarios(&settings);
    menu.saves = saves_dir(&settings.data_dir)
        .map(|d| list_saves(&d))
        .unwrap_or_default();
    if !menu.scanned {
        menu.handover = true;
        menu.free_movement = settings.free_movement;
        menu.handover_phases_only = settings.handover_phases_only;
        menu.seats = if settings.seats.iter().any(|s| s.is_computer()) {
            settings.seats
        } else {
            [
                Seat::Human,
                Seat::Computer(Kind::Ai(crate::rules::ai::DEFAULT_LEVEL)),
            ]
        };
        menu.scanned = true;
    }
    if let Some(want) = menu.choose.take() {
        let name = want.file_name().map(|n| n.to_string_lossy().to_string());
        let found = menu.entries.iter().position(|e| match &e.source {
            Source::File(p) => *p == want || p.file_name() == want.file_name(),
            Source::Builtin(n) => name.as_deref() == Some(*n),
        });
        if let Some(i) = found {
            menu.selected = i;
        }
    }
    if menu.selected >= menu.entries.len() {
        menu.selected = 0;
    }
}
#[allow(clippy::too_many_arguments)]
pub(crate) fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    play: Res<Play>,
    settings: Res<Settings>,
    notice: Res<Notice>,
    mut actions: MessageWriter<Action>,
    mut turn_actions: MessageWriter<TurnAction>,
    mut exit: MessageWriter<AppExit>,
    mut rects: ResMut<UiRects>,
    mut online: ResMut<crate::client::online::Online>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    rects.0.clear();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Musket");
        ui.label("Hex-map wargames of the musket era: every rule computed and explained.");
        if let Some((t, err)) = &notice.text {
            ui.colored_label(
                if *err {
                    egui::Color32::RED
                } else {
                    egui::Color32::DARK_GREEN
                },
                t,
            );
        }
        ui.separator();
        ui.columns(2, |cols| {
            scenarios_column(
                &mut cols[0],
                &mut menu,
                &settings,
                &mut actions,
                &mut turn_actions,
            );
            game_column(
                &mut cols[1],
                &mut menu,
                &play,
                &settings,
                &mut actions,
                &mut turn_actions,
                &mut exit,
                &mut online,
            );
        });
    });
    Ok(())
}

/// The left column: the scenarios (with the editor's buttons), the saved games and the turn
/// file to open.
fn scenarios_column(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    settings: &Settings,
    actions: &mut MessageWriter<Action>,
    turn_actions: &mut MessageWriter<TurnAction>,
) {
    ui.strong("Scenarios");
    egui::ScrollArea::vertical()
        .id_salt("scenarios")
        .max_height(420.0)
        .show(ui, |ui| scenario_list(ui, menu));
    ui.horizontal(|ui| {
        if ui
            .button("New scenario")
            .on_hover_text("Open the scenario editor on a blank map")
            .clicked()
        {
            actions.write(Action::Edit(None));
        }
        if ui
            .button("Import VASSAL module…")
            .on_hover_text(
                "Your own module's board, grid and counters as a scenario draft \
                 (docs/vassal-import.md)",
            )
            .clicked()
        {
            menu.import = true;
        }
        if let Some(e) = menu.entries.get(menu.selected)
            && ui
                .button("Edit scenario")
                .on_hover_text(format!(
                    "Open {} in the scenario editor (a built-in scenario is saved as a copy in ./scenarios)",
                    e.label
                ))
                .clicked()
        {
            actions.write(Action::Edit(Some(e.source.clone())));
        }
    });
    ui.separator();
    ui.strong("Saved games");
    let dir = saves_dir(&settings.data_dir);
    if let Some(d) = &dir {
        ui.label(egui::RichText::new(d.display().to_string()).small());
    }
    egui::ScrollArea::vertical()
        .id_salt("saves")
        .max_height(200.0)
        .show(ui, |ui| {
            if menu.saves.is_empty() {
                ui.label("No saved games yet.");
            }
            for s in &menu.saves {
                if ui.button(format!("Load {}", s.name)).clicked() {
                    actions.write(Action::Load(s.path.clone()));
                }
            }
        });
    ui.separator();
    ui.strong("Play by e-mail");
    if ui
        .button("Open turn file… (Ctrl+O)")
        .on_hover_text(
            "A turn file your opponent sent: verified by the rules, their move shown on \
             the map, then your side to play (a file dropped on the window opens too)",
        )
        .clicked()
    {
        turn_actions.write(TurnAction::ShowOpen);
    }
}

/// The scenarios, each with its summary (a click chooses it) or why it cannot be played.
fn scenario_list(ui: &mut egui::Ui, menu: &mut MenuState) {
    let selected = menu.selected;
    let mut pick = None;
    for (i, e) in menu.entries.iter().enumerate() {
        match &e.result {
            Ok(s) => {
                let text = format!(
                    "{}  ({}, {} units{})",
                    s.title,
                    s.size,
                    s.units,
                    s.turns.map_or(String::new(), |t| format!(", {t} turns"))
                );
                if ui
                    .selectable_label(i == selected, text)
                    .on_hover_text(&e.label)
                    .clicked()
                {
                    pick = Some(i);
                }
            }
            Err(err) => {
                ui.colored_label(
                    egui::Color32::from_rgb(200, 40, 40),
                    format!("{}: cannot be played", e.label),
                )
                .on_hover_text(err);
                ui.label(
                    egui::RichText::new(err)
                        .small()
                        .color(egui::Color32::from_rgb(160, 40, 40)),
                );
            }
        }
    }
    // Up and Down choose among the playable scenarios while no widget has the keyboard.
    let (up, down) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::ArrowDown),
        )
    });
    if pick.is_none() && (up || down) && ui.memory(|m| m.focused().is_none()) {
        pick = step_choice(menu, down);
    }
    if let Some(i) = pick {
        menu.selected = i;
    }
}

/// The next (or previous) playable entry after the chosen one, if any.
fn step_choice(menu: &MenuState, down: bool) -> Option<usize> {
    let n = menu.entries.len();
    let order: Vec<usize> = if down {
        (menu.selected + 1..n).collect()
    } else {
        (0..menu.selected.min(n)).rev().collect()
    };
    order.into_iter().find(|i| menu.entries[*i].result.is_ok())
}

/// The right column: the chosen scenario and how to play it, then Resume and Quit.
fn game_column(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    play: &Play,
    settings: &Settings,
    actions: &mut MessageWriter<Action>,
    turn_actions: &mut MessageWriter<TurnAction>,
    exit: &mut MessageWriter<AppExit>,
    online: &mut crate::client::online::Online,
) {
    let chosen = menu.entries.get(menu.selected).cloned();
    let mut hostable = None;
    if let Some(e) = &chosen
        && let Ok(s) = &e.result
    {
        chosen_scenario(ui, menu, e, s, settings, actions, turn_actions);
        hostable = Some((&e.source, s.sides.as_slice()));
    }
    crate::client::ui::panels::online::menu_section(ui, hostable, settings, online);
    ui.add_space(12.0);
    if play.0.is_some() && ui.button("Resume the game in progress").clicked() {
        if let Some(p) = &play.0 {
            let _ = p;
        }
        actions.write(Action::Resume);
    }
    if ui.button("Quit").clicked() {
        exit.write(AppExit::Success);
    }
}

/// The chosen scenario: its summary and briefing, who plays each side, the options, the
/// games by turn files and Start.
fn chosen_scenario(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    e: &MenuEntry,
    s: &ScenarioSummary,
    settings: &Settings,
    actions: &mut MessageWriter<Action>,
    turn_actions: &mut MessageWriter<TurnAction>,
) {
    ui.heading(&s.title);
    ui.label(format!(
        "Map {} hexes, {} units, {} turns, ruleset {}",
        s.size,
        s.units,
        s.turns.map_or("open".to_string(), |t| t.to_string()),
        s.ruleset
    ));
    ui.add_space(6.0);
    briefing_and_map(ui, menu, e, s);
    ui.add_space(8.0);
    let both_human = seats_and_mode(ui, menu, s);
    let mut free = menu.free_movement;
    ui.checkbox(&mut free, "Free movement (costs shown, nothing refused)")
        .on_hover_text(
            "For players who enforce printed rules Musket does not have: moves and \
             attacks beyond the movement rules and per-turn limits are logged, not \
             refused. The save keeps the setting.",
        );
    menu.free_movement = free;
    turn_file_sides(ui, e, s, settings, turn_actions);
    if ui.button(egui::RichText::new("Start").strong()).clicked() {
        actions.write(Action::SetFreeMovement(menu.free_movement));
        actions.write(Action::SetHandOverPhasesOnly(menu.handover_phases_only));
        actions.write(Action::SetSeats(menu.seats));
        actions.write(Action::Start {
            source: e.source.clone(),
            mode: if both_human {
                menu.mode
            } else {
                Mode::Solitaire
            },
            handover: menu.handover,
        });
    }
}

/// The map in small beside the briefing (which scrolls when long).
fn briefing_and_map(ui: &mut egui::Ui, menu: &mut MenuState, e: &MenuEntry, s: &ScenarioSummary) {
    let ctx = ui.ctx().clone();
    let tex = thumbnail_texture(&ctx, menu, e);
    let height = THUMBNAIL_SIZE[1] as f32;
    ui.horizontal_top(|ui| {
        if let Some(t) = &tex {
            ui.image((t.id(), t.size_vec2())).on_hover_text(
                "The map at the start: terrain, rivers, roads, victory hexes (gold), units \
                 by side (open squares: where reinforcements enter)",
            );
        }
        if let Some(b) = &s.briefing {
            let size = egui::vec2(ui.available_width(), height);
            ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("briefing")
                    .max_height(height)
                    .show(ui, |ui| {
                        ui.add(egui::Label::new(b).wrap());
                    });
            });
        }
    });
}

/// Who plays each side; with two human players, solitaire or hot-seat and the hand-over
/// screen. Returns whether both sides are human.
fn seats_and_mode(ui: &mut egui::Ui, menu: &mut MenuState, s: &ScenarioSummary) -> bool {
    for i in 0..2 {
        ui.horizontal(|ui| {
            ui.label(format!(
                "{}{}:",
                s.sides[i],
                if i == 0 { " (moves first)" } else { "" }
            ));
            egui::ComboBox::from_id_salt(("seat", i))
                .selected_text(seat_label(menu.seats[i]))
                .show_ui(ui, |ui| {
                    for opt in SEAT_CHOICES {
                        ui.selectable_value(&mut menu.seats[i], opt, seat_label(opt));
                    }
                });
        });
    }
    let both_human = menu.seats.iter().all(|s| !s.is_computer());
    if both_human {
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut menu.mode,
                Mode::Solitaire,
                "Solitaire (one player, both sides)",
            );
            ui.radio_value(&mut menu.mode, Mode::HotSeat, "Hot-seat (two players)");
        });
    }
    if both_human && menu.mode == Mode::HotSeat {
        let mut h = menu.handover;
        ui.checkbox(&mut h, "Hide the map between turns (hand-over screen)");
        menu.handover = h;
        if h {
            let mut only = menu.handover_phases_only;
            ui.checkbox(&mut only, "…in action phases, only when the phase ends")
                .on_hover_text(
                    "In an action phase (GCACW) the initiative changes hands after \
                     many single actions; with this on, the players share the \
                     screen until the phase or the turn ends.",
                );
            menu.handover_phases_only = only;
        }
    }
    both_human
}

/// "By turn files, playing:" and a button for each side, which starts a game by e-mail.
fn turn_file_sides(
    ui: &mut egui::Ui,
    e: &MenuEntry,
    s: &ScenarioSummary,
    settings: &Settings,
    turn_actions: &mut MessageWriter<TurnAction>,
) {
    ui.horizontal(|ui| {
        ui.label("By turn files, playing:");
        for (i, side) in s.sides.iter().enumerate() {
            if ui
                .button(side)
                .on_hover_text(format!(
                    "Start a game by e-mail as {side}: writes the first turn file to {} for you to send to your opponent",
                    crate::client::save::turn_folder(&settings.data_dir).display()
                ))
                .clicked()
            {
                turn_actions.write(TurnAction::Start {
                    source: e.source.clone(),
                    side: SideId(i as u8),
                    folder: crate::client::save::turn_folder(&settings.data_dir),
                });
            }
        }
    });
}

/// What the menu offers for each side.
const SEAT_CHOICES: [Seat; 6] = [
    Seat::Human,
    Seat::Computer(Kind::Ai(3)),
    Seat::Computer(Kind::Ai(2)),
    Seat::Computer(Kind::Ai(1)),
    Seat::Computer(Kind::Greedy),
    Seat::Computer(Kind::Random),
];

fn seat_label(s: Seat) -> &'static str {
    match s {
        Seat::Human => "Human",
        Seat::Computer(Kind::Ai(1)) => "Computer: easy (ai1, cautious)",
        Seat::Computer(Kind::Ai(3)) => "Computer: hard (ai3, plans ahead by search)",
        Seat::Computer(Kind::Ai(_)) => "Computer: normal (ai2, exact odds)",
        Seat::Computer(Kind::Greedy) => "Computer: greedy (best odds, no plan)",
        Seat::Computer(Kind::Random) => "Computer: random (for testing)",
        // The measuring players (`--sides rush,ai`): not offered in the menu.
        Seat::Computer(Kind::Style(_) | Kind::Split(..) | Kind::Rush | Kind::Hold) => {
            "Computer: a measuring player (style, split, rush or hold)"
        }
        Seat::Remote => "Your opponent, by turn files",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(playable: bool) -> MenuEntry {
        MenuEntry {
            source: Source::Builtin("x.ron"),
            label: "x.ron".into(),
            result: if playable {
                Ok(ScenarioSummary {
                    title: "x".into(),
                    size: "1x1".into(),
                    units: 0,
                    turns: None,
                    briefing: None,
                    ruleset: crate::rules::registry::default_id(),
                    sides: ["A".into(), "B".into()],
                })
            } else {
                Err("broken".into())
            },
        }
    }

    /// Up and Down step over the entries that cannot be played, and stop at the ends.
    #[test]
    fn the_arrow_keys_step_over_broken_scenarios() {
        let mut menu = MenuState {
            entries: vec![entry(true), entry(false), entry(true), entry(false)],
            ..Default::default()
        };
        assert_eq!(step_choice(&menu, true), Some(2));
        menu.selected = 2;
        assert_eq!(step_choice(&menu, true), None);
        assert_eq!(step_choice(&menu, false), Some(0));
        menu.selected = 0;
        assert_eq!(step_choice(&menu, false), None);
    }
}
