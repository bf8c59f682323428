//! The panels and screens, in egui: the top bar (turn, weather, side, buttons), the stack
//! inspector and legend on the left, the attack preview and combat log on the right, the dice
//! on screen, the advance prompt, the briefing, the hot-seat hand-over screen, the end screen
//! and the main menu. Every number shown comes from the rules; the UI only sends [`Action`]s.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::anim::{Anim, Stage};
use super::core::{
    Action, BUILTIN, Briefing, CombatLog, HandOver, LogKind, Mode, Notice, Overlays, Play, Preview,
    Screen, Selection, Settings, Source, load_scenario,
};
use super::input::UiRects;
use super::map::{Art, style};
use super::save::{SaveEntry, list_saves, saves_dir};
use crate::rules::cv::{Prob, percent, prob_f64};
use crate::rules::dice::DieRole;
use crate::rules::map::{Terrain, Weather};
use crate::rules::ruleset::{ModValue, Odds, Role};
use crate::rules::unit::{SideId, Unit};

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
    pub ruleset: String,
}

#[derive(Resource, Default)]
pub struct MenuState {
    pub entries: Vec<MenuEntry>,
    pub saves: Vec<SaveEntry>,
    pub selected: usize,
    pub mode: Mode,
    pub handover: bool,
    /// New games in Free movement (starts as `--free-movement` says).
    pub free_movement: bool,
    pub scanned: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), scan_menu)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                menu_ui.run_if(in_state(Screen::Menu)),
                game_ui.run_if(in_state(Screen::Playing)),
            ),
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
        size: format!("{}x{}", sc.map.columns(), sc.map.rows()),
        units: sc.units.len(),
        turns: sc.turns,
        briefing: sc.briefing.clone(),
        ruleset: sc.ruleset.clone(),
    })
}

fn scan_menu(mut menu: ResMut<MenuState>, settings: Res<Settings>) {
    menu.entries = scan_scenarios(&settings);
    menu.saves = saves_dir(&settings.data_dir)
        .map(|d| list_saves(&d))
        .unwrap_or_default();
    if !menu.scanned {
        menu.handover = true;
        menu.free_movement = settings.free_movement;
        menu.scanned = true;
    }
    if menu.selected >= menu.entries.len() {
        menu.selected = 0;
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

/// A tooltip beside the pointer over the map (egui's own tooltips follow widgets, not hexes).
fn pointer_tip(ctx: &egui::Context, id: &str, pos: egui::Pos2, body: impl FnOnce(&mut egui::Ui)) {
    egui::Area::new(egui::Id::new(id))
        .fade_in(false)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(pos + egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, body);
        });
}

fn c32(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

fn rect_of(r: egui::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
}

#[allow(clippy::too_many_arguments)]
fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    play: Res<Play>,
    settings: Res<Settings>,
    notice: Res<Notice>,
    mut actions: MessageWriter<Action>,
    mut exit: MessageWriter<AppExit>,
    mut rects: ResMut<UiRects>,
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
            let ui = &mut cols[0];
            ui.strong("Scenarios");
            egui::ScrollArea::vertical()
                .id_salt("scenarios")
                .max_height(420.0)
                .show(ui, |ui| {
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
                    if let Some(i) = pick {
                        menu.selected = i;
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

            let ui = &mut cols[1];
            let chosen = menu.entries.get(menu.selected).cloned();
            if let Some(e) = chosen
                && let Ok(s) = &e.result
            {
                ui.heading(&s.title);
                ui.label(format!(
                    "Map {} hexes, {} units, {} turns, ruleset {}",
                    s.size,
                    s.units,
                    s.turns.map_or("open".to_string(), |t| t.to_string()),
                    s.ruleset
                ));
                if let Some(b) = &s.briefing {
                    ui.add_space(6.0);
                    ui.label(b);
                }
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    ui.radio_value(
                        &mut menu.mode,
                        Mode::Solitaire,
                        "Solitaire (one player, both sides)",
                    );
                    ui.radio_value(&mut menu.mode, Mode::HotSeat, "Hot-seat (two players)");
                });
                if menu.mode == Mode::HotSeat {
                    let mut h = menu.handover;
                    ui.checkbox(&mut h, "Hide the map between turns (hand-over screen)");
                    menu.handover = h;
                }
                let mut free = menu.free_movement;
                ui.checkbox(&mut free, "Free movement (costs shown, nothing refused)")
                    .on_hover_text(
                        "For players who enforce printed rules Musket does not have: moves and \
                         attacks beyond the movement rules and per-turn limits are logged, not \
                         refused. The save keeps the setting.",
                    );
                menu.free_movement = free;
                if ui.button(egui::RichText::new("Start").strong()).clicked() {
                    actions.write(Action::SetFreeMovement(menu.free_movement));
                    actions.write(Action::Start {
                        source: e.source.clone(),
                        mode: menu.mode,
                        handover: menu.handover,
                    });
                }
            }
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
        });
    });
    Ok(())
}

/// Everything the game screen reads.
#[derive(SystemParam)]
pub struct GameView<'w> {
    play: Res<'w, Play>,
    sel: Res<'w, Selection>,
    preview: Res<'w, Preview>,
    log: Res<'w, CombatLog>,
    notice: Res<'w, Notice>,
    handover: Res<'w, HandOver>,
    overlays: Res<'w, Overlays>,
    anim: Res<'w, Anim>,
    briefing: Res<'w, Briefing>,
    art: Option<Res<'w, Art>>,
    move_cost: Res<'w, super::core::MoveCostTip>,
}

#[allow(clippy::too_many_arguments)]
fn game_ui(
    mut contexts: EguiContexts,
    view: GameView,
    mut actions: MessageWriter<Action>,
    mut rects: ResMut<UiRects>,
    mut legend: Local<Option<egui::TextureId>>,
) -> Result {
    if legend.is_none()
        && let Some(art) = &view.art
    {
        *legend = Some(contexts.add_image(EguiTextureHandle::Weak(art.terrain.id())));
    }
    let ctx = contexts.ctx_mut()?.clone();
    rects.0.clear();
    let Some(p) = &view.play.0 else { return Ok(()) };
    let g = &p.session.game;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );

    // Top bar.
    let top = egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.strong(&g.scenario.title);
            ui.separator();
            let turns = g
                .scenario
                .turns
                .map_or(String::new(), |t| format!(" of {t}"));
            ui.label(format!(
                "Turn {}{}",
                g.turn.min(g.scenario.turns.unwrap_or(u32::MAX)),
                turns
            ));
            let w = g.weather();
            let (wt, wc) = match w {
                Weather::Dry => ("Dry", egui::Color32::from_rgb(120, 90, 20)),
                Weather::Rain => (
                    "RAIN: -1 to attacks, fords and creeks cover flanks",
                    egui::Color32::from_rgb(30, 80, 200),
                ),
            };
            ui.colored_label(wc, wt);
            ui.separator();
            let side = g.active_side;
            ui.label(
                egui::RichText::new(format!("{} to play", g.scenario.side_name(side)))
                    .strong()
                    .color(c32(super::units::side_color(side))),
            );
            ui.label(match p.mode {
                Mode::Solitaire => "(solitaire)",
                Mode::HotSeat => "(hot-seat)",
            });
            if g.scenario.movement == crate::rules::movement::Enforcement::Free {
                ui.colored_label(egui::Color32::from_rgb(170, 90, 0), "Free movement")
                    .on_hover_text(
                        "Movement costs and attack limits are shown and logged, not enforced",
                    );
            }
            ui.separator();
            if ui.button("End turn (E)").clicked() {
                actions.write(Action::EndTurn);
            }
            let n = p.session.undoable();
            if ui
                .add_enabled(n > 0, egui::Button::new(format!("Undo (Ctrl+Z) [{n}]")))
                .on_hover_text("Back to the last die roll, one command at a time")
                .clicked()
            {
                actions.write(Action::Undo);
            }
            if ui.button("Save (Ctrl+S)").clicked() {
                actions.write(Action::Save);
            }
            if ui.button("Menu (Esc)").clicked() {
                actions.write(Action::ToMenu);
            }
            ui.separator();
            let mut grid = view.overlays.grid;
            if ui.checkbox(&mut grid, "Grid (G)").changed() {
                actions.write(Action::ToggleGrid);
            }
            let mut labels = view.overlays.labels;
            if ui.checkbox(&mut labels, "Labels (L)").changed() {
                actions.write(Action::ToggleLabels);
            }
            for s in 0..2u8 {
                let mut z = view.overlays.zoc[s as usize];
                if ui
                    .checkbox(
                        &mut z,
                        format!("ZOC {} ({})", g.scenario.side_name(SideId(s)), s + 1),
                    )
                    .changed()
                {
                    actions.write(Action::ToggleZoc(s));
                }
            }
            let mut legend_on = view.overlays.legend;
            if ui.checkbox(&mut legend_on, "Legend (H)").changed() {
                actions.write(Action::ToggleLegend);
            }
            if g.scenario.briefing.is_some() && ui.button("Briefing (B)").clicked() {
                actions.write(Action::ShowBriefing(true));
            }
        });
    });
    rects.0.push(rect_of(top.response.rect));

    // Left: the stack inspector, while something is chosen.
    if view.sel.hex.is_some() || !view.sel.units.is_empty() {
        let left = egui::Panel::left("left")
            .default_size(270.0)
            .resizable(true)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("left_scroll")
                    .show(ui, |ui| {
                        inspector(ui, g, &view.sel, &mut actions);
                    });
            });
        rects.0.push(rect_of(left.response.rect));
    }

    // The legend and the controls, on request (H).
    if view.overlays.legend {
        let r = egui::Window::new("Legend and controls (H)")
            .fade_in(false)
            .fade_out(false)
            .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
            .default_width(300.0)
            .show(&ctx, |ui| {
                let ruleset = g.rules.id();
                legend_ui(ui, *legend, ruleset);
                ui.separator();
                ui.label(egui::RichText::new(
                    "Click a stack to choose it; click an adjacent enemy hex to preview the attack; Enter rolls. \
                     Ctrl-click adds a stack (grand assault). Click or right-click an empty hex to move. \
                     Drag or WASD to pan, wheel to zoom, Q attack type, E end turn, Ctrl+Z undo, \
                     Ctrl+S save, G grid, L labels, 1/2 ZOC, B briefing, H this window, Esc menu.",
                ).small());
            });
        if let Some(r) = r {
            rects.0.push(rect_of(r.response.rect));
        }
    }

    // Right: attack preview and combat log.
    let right = egui::Panel::right("right")
        .default_size(360.0)
        .max_size(460.0)
        .resizable(true)
        .show(&mut root, |ui| {
            preview_ui(ui, g, &view.sel, &view.preview, &mut actions);
            ui.separator();
            ui.strong("Combat log");
            egui::ScrollArea::vertical()
                .id_salt("log")
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for l in view
                        .log
                        .lines
                        .iter()
                        .rev()
                        .take(400)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                    {
                        let color = match l.kind {
                            LogKind::Attack => egui::Color32::from_rgb(150, 60, 0),
                            LogKind::Event => ui.visuals().text_color(),
                            LogKind::Info => egui::Color32::from_rgb(40, 90, 160),
                            LogKind::Error => egui::Color32::from_rgb(200, 30, 30),
                        };
                        ui.label(
                            egui::RichText::new(format!("T{} {}", l.turn, l.text))
                                .small()
                                .color(color),
                        );
                    }
                });
        });
    rects.0.push(rect_of(right.response.rect));

    // The operations cost of a move to the hovered hex (rule systems that price movement).
    if !view.move_cost.lines.is_empty()
        && view.preview.odds.is_none()
        && view.sel.pointer_on_hover()
        && let Some(pos) = ctx.pointer_hover_pos()
    {
        pointer_tip(&ctx, "move_cost_tip", pos, |ui| {
            for (i, l) in view.move_cost.lines.iter().enumerate() {
                if i == 0 || !l.starts_with(' ') {
                    ui.strong(l);
                } else {
                    ui.label(egui::RichText::new(l.trim_start()).small());
                }
            }
        });
    }

    // Flank reasons next to the pointer, over the target's neighbours.
    if let (Some(h), Some(Ok(odds))) = (view.sel.hover, &view.preview.odds)
        && view.sel.pointer_on_hover()
        && let Some(pos) = ctx.pointer_hover_pos()
        && let Some(n) = odds.hex_notes.iter().find(|n| n.hex == h)
    {
        pointer_tip(&ctx, "flank_tip", pos, |ui| {
            ui.strong(format!(
                "{}: {}",
                n.label,
                if n.reduces {
                    "covered, reduces"
                } else if n.covered {
                    "covered"
                } else {
                    "not covered"
                }
            ));
            for r in &n.reasons {
                ui.label(r);
            }
        });
    }

    // Dice.
    dice_ui(&ctx, &view.anim);

    // Advance prompt.
    if let Some(opt) = &g.advance_option
        && !view.anim.busy()
    {
        let r = egui::Window::new("Advance?")
            .fade_in(false)
            .fade_out(false)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
            .show(&ctx, |ui| {
                ui.label(format!(
                    "The result lets the attackers advance into {}.",
                    g.label(opt.hex)
                ));
                ui.horizontal(|ui| {
                    if ui.button("Advance").clicked() {
                        actions.write(Action::Advance(true));
                    }
                    if ui.button("Stay").clicked() {
                        actions.write(Action::Advance(false));
                    }
                });
            });
        if let Some(r) = r {
            rects.0.push(rect_of(r.response.rect));
        }
    }

    // Briefing.
    if view.briefing.open
        && let Some(b) = &g.scenario.briefing
    {
        let r = egui::Window::new(format!("Briefing: {}", g.scenario.title))
            .fade_in(false)
            .fade_out(false)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .default_width(460.0)
            .show(&ctx, |ui| {
                ui.label(b);
                if !g.scenario.victory.is_empty() {
                    ui.separator();
                    for v in &g.scenario.victory {
                        ui.label(format!(
                            "{} ({}): {} points",
                            v.name,
                            g.label(v.hex),
                            v.points
                        ));
                    }
                }
                if ui.button("Begin").clicked() {
                    actions.write(Action::ShowBriefing(false));
                }
            });
        if let Some(r) = r {
            rects.0.push(rect_of(r.response.rect));
        }
    }

    // End of the game.
    if g.is_over() {
        let r = egui::Window::new("The battle is over")
            .fade_in(false)
            .fade_out(false)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(&ctx, |ui| end_screen(ui, g, &mut actions));
        if let Some(r) = r {
            rects.0.push(rect_of(r.response.rect));
        }
    }

    // Notice.
    if let Some((t, err)) = &view.notice.text {
        egui::Area::new(egui::Id::new("notice"))
            .fade_in(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
            .interactable(false)
            .show(&ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.colored_label(
                        if *err {
                            egui::Color32::from_rgb(200, 30, 30)
                        } else {
                            egui::Color32::from_rgb(20, 110, 40)
                        },
                        t,
                    );
                });
            });
    }

    // Hot-seat hand-over: an opaque screen over everything.
    if let Some(side) = view.handover.waiting {
        let screen = ctx.viewport_rect();
        egui::Area::new(egui::Id::new("handover")).fade_in(false)
            .order(egui::Order::Foreground)
            .fixed_pos(screen.min)
            .show(&ctx, |ui| {
                let (rect, _) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
                ui.painter().rect_filled(rect, 0.0, egui::Color32::from_rgb(40, 36, 30));
                let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(rect.width() * 0.3)));
                child.add_space(rect.height() * 0.3);
                child.heading(egui::RichText::new(format!("{} player's turn", g.scenario.side_name(side))).color(egui::Color32::WHITE).size(32.0));
                child.label(egui::RichText::new("Pass the computer to the next player. The map stays hidden until you continue.").color(egui::Color32::LIGHT_GRAY));
                child.add_space(12.0);
                if child.button(egui::RichText::new("Continue (Enter)").size(20.0)).clicked() {
                    actions.write(Action::HandOverDone);
                }
            });
        rects.0.push(Rect::new(
            screen.min.x,
            screen.min.y,
            screen.max.x,
            screen.max.y,
        ));
    }
    Ok(())
}

fn unit_line(ruleset: &str, u: &Unit) -> String {
    let mut s = format!(
        "{} [{}] {} {}",
        u.name,
        u.id,
        u.kind.name(),
        super::units::strength_text(u)
    );
    match ruleset {
        "gcacw" => {
            if !u.is_leader() {
                s.push_str(&format!(" a{} t{:+}", u.artillery, u.tactical));
            } else if let Some(d) = u.tactical_defence {
                s.push_str(&format!("/{d:+}"));
            }
        }
        "gbacw" if !u.is_leader() && u.kind != crate::rules::unit::UnitKind::Wagon => {
            s.push_str(" SP");
        }
        "ngg1812" => {
            if let Some(c) = u.class {
                s.push_str(&format!(" {c:?}"));
            }
            if u.forced_march {
                s.push_str(" forced-march");
            }
            if u.combats > 0 {
                s.push_str(&format!(" fought {}x", u.combats));
            }
        }
        "shiloh" if !u.is_leader() => {
            s.push_str(" men");
            if u.guns > 0 {
                s.push_str(&format!(" {} guns", u.guns));
            }
            s.push_str(&format!(
                " eff {} fat {} cc {:.2} {}",
                u.efficiency,
                u.fatigue,
                u.command_control,
                u.mode.name()
            ));
            if u.leader_bonus != 0 {
                s.push_str(&format!(" leader +{}%", u.leader_bonus));
            }
            if u.out_of_ammo {
                s.push_str(" out of ammo");
            }
            if u.fortification > 0 {
                s.push_str(&format!(" fort {}", u.fortification));
            }
        }
        _ => {}
    }
    for (m, _) in super::units::markers(u) {
        s.push(' ');
        s.push_str(&m);
    }
    s
}

/// The rule system's special actions of the chosen units (Shiloh: change of mode, fortify),
/// each with its cost, as buttons; one greyed with why it cannot be taken now.
fn special_buttons(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let movers = super::moves::movers(g, sel);
    let mut seen: Vec<String> = Vec::new();
    let pts = g.rules.movement().points_name();
    let specials: Vec<crate::rules::ruleset::SpecialAction> = movers
        .iter()
        .flat_map(|u| g.rules.special_actions(g, *u))
        .filter(|a| {
            let new = !seen.contains(&a.key);
            seen.push(a.key.clone());
            new
        })
        .collect();
    if specials.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for a in specials {
            let (text, ok, tip) = match &a.cost {
                Ok(c) => (format!("{} ({c} {pts})", a.label), true, a.rule.clone()),
                Err(why) => (a.label.clone(), false, format!("{why} ({})", a.rule)),
            };
            if ui
                .add_enabled(ok, egui::Button::new(egui::RichText::new(text).small()))
                .on_hover_text(&tip)
                .on_disabled_hover_text(&tip)
                .clicked()
            {
                actions.write(Action::Special(a.key.clone()));
            }
        }
    });
}

fn inspector(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    ui.strong("Stack");
    let Some(h) = sel.hex else {
        ui.label("Click a hex to see its stack.");
        chosen_list(ui, g, sel, actions);
        return;
    };
    let t = g.map().terrain(h).unwrap_or(Terrain::Clear);
    let elevation = g.map().elevation(h);
    if elevation > 0 {
        ui.label(format!(
            "{} — {}, elevation {elevation}",
            g.label(h),
            t.name()
        ));
    } else {
        ui.label(format!("{} — {}", g.label(h), t.name()));
    }
    let here = g.units_at(h);
    if here.is_empty() {
        ui.label("No units.");
    }
    for &u in here {
        let unit = g.unit(u);
        let own = unit.side == g.active_side;
        let mut line = unit_line(g.rules.id(), unit);
        if own {
            let a = super::moves::allowance_text(g, u);
            if !a.is_empty() {
                line.push_str(&format!(" · {a}"));
            }
        }
        let text = egui::RichText::new(line).color(c32(super::units::side_color(unit.side)));
        if own {
            let mut on = sel.units.contains(&u);
            if ui
                .checkbox(&mut on, text)
                .on_hover_text("Chosen units move together and attack together")
                .changed()
            {
                actions.write(Action::ToggleUnit(u));
            }
        } else {
            ui.label(text);
        }
    }
    special_buttons(ui, g, sel, actions);
    // Hexsides of this hex.
    let sides: Vec<String> = crate::rules::hex::Dir::ALL
        .iter()
        .filter_map(|d| {
            let info = g.map().side(h, *d);
            let f: Vec<&str> = info
                .features()
                .map(|f| f.name())
                .chain(info.routes().map(|r| r.name()))
                .collect();
            (!f.is_empty()).then(|| format!("{}: {}", d.name(), f.join(", ")))
        })
        .collect();
    if !sides.is_empty() {
        ui.label(egui::RichText::new(sides.join("; ")).small());
    }
    let zoc = g.rules.zoc_at(g, h);
    if !zoc.is_empty() {
        let z: Vec<String> = zoc
            .iter()
            .map(|e| {
                format!(
                    "{}{}",
                    g.unit(e.unit).id,
                    if e.kind == crate::rules::ruleset::ZocKind::Restricted {
                        " (restricted)"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        ui.label(egui::RichText::new(format!("In the ZOC of: {}", z.join(", "))).small());
    }
    chosen_list(ui, g, sel, actions);
}

fn chosen_list(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    actions: &mut MessageWriter<Action>,
) {
    let elsewhere: Vec<_> = sel
        .units
        .iter()
        .filter(|u| g.unit(**u).hex != sel.hex)
        .collect();
    if !elsewhere.is_empty() {
        ui.label("Also chosen:");
        for &&u in &elsewhere {
            let mut on = true;
            if ui
                .checkbox(&mut on, unit_line(g.rules.id(), g.unit(u)))
                .changed()
            {
                actions.write(Action::ToggleUnit(u));
            }
        }
    }
}

fn legend_ui(ui: &mut egui::Ui, tex: Option<egui::TextureId>, ruleset: &str) {
    // The terrains this ruleset's maps may use, each with its tile from the atlas.
    let letters = crate::rules::scenario::terrain_letters(ruleset);
    let tiles = Terrain::ALL.len() as f32;
    egui::Grid::new("legend_terrain")
        .num_columns(4)
        .show(ui, |ui| {
            for (i, t) in Terrain::ALL
                .iter()
                .filter(|t| letters.contains(t.letter()))
                .enumerate()
            {
                if let Some(id) = tex {
                    let u0 = super::map::terrain_index(*t) as f32 / tiles;
                    ui.add(
                        egui::Image::new(egui::load::SizedTexture::new(id, [32.0, 28.0])).uv(
                            egui::Rect::from_min_max(
                                egui::pos2(u0, 0.0),
                                egui::pos2(u0 + 1.0 / tiles, 1.0),
                            ),
                        ),
                    );
                }
                ui.label(t.name());
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    let lines: [(&str, Color, f32, bool); 8] = [
        (
            "major river",
            style::MAJOR_RIVER.0,
            style::MAJOR_RIVER.1,
            false,
        ),
        (
            "minor river",
            style::MINOR_RIVER.0,
            style::MINOR_RIVER.1,
            false,
        ),
        ("creek", style::CREEK.0, style::CREEK.1, false),
        (
            "woods hexside",
            style::WOODS_SIDE.0,
            style::WOODS_SIDE.1,
            true,
        ),
        ("pike", style::PIKE.0, style::PIKE.1, false),
        ("road", style::ROAD.0, style::ROAD.1, false),
        ("trail", style::TRAIL.0, style::TRAIL.1, true),
        ("railroad", style::RAILROAD.0, style::RAILROAD.1, false),
    ];
    egui::Grid::new("legend_lines")
        .num_columns(4)
        .show(ui, |ui| {
            for (i, (name, color, w, dashed)) in lines.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(32.0, 14.0), egui::Sense::hover());
                let y = rect.center().y;
                let stroke = egui::Stroke::new((*w / 2.0).max(1.5), c32(*color));
                if *dashed {
                    for k in 0..4 {
                        let x = rect.min.x + k as f32 * 8.0;
                        ui.painter()
                            .line_segment([egui::pos2(x, y), egui::pos2(x + 5.0, y)], stroke);
                    }
                } else {
                    ui.painter().line_segment(
                        [egui::pos2(rect.min.x, y), egui::pos2(rect.max.x, y)],
                        stroke,
                    );
                }
                ui.label(*name);
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    ui.label(egui::RichText::new("Crossings: bridge (brown bar), ford (pale stripes), ferry (white dot), dam (grey bar). Gold ring: victory hex.").small());
    ui.label(egui::RichText::new("Elevation: a brown line with ticks where the ground steps down; the ticks point downhill, one per level.").small());
    ui.label(egui::RichText::new("Counters: F fatigue, D demoralized, E entrenched, i inactive; red band = disorganized; a artillery, ± tactical.").small());
    ui.label(egui::RichText::new("Other rule systems: M morale, G green, P pinned, R routed, Eng engaged, Dis disrupted; CR commander rating, % leader bonus; col/mtd/lmb/unl/dis formation mode.").small());
    ui.label(
        egui::RichText::new(
            "Flank overlay: green covered, orange covered and reducing, grey not covered.",
        )
        .small(),
    );
}

fn preview_ui(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    sel: &Selection,
    preview: &Preview,
    actions: &mut MessageWriter<Action>,
) {
    ui.strong("Attack");
    ui.horizontal_wrapped(|ui| {
        let mut k = sel.kind;
        ui.label("Type (Q):");
        if ui.radio_value(&mut k, None, "default").changed() {
            actions.write(Action::SetKind(k));
        }
        for t in g.rules.attack_types() {
            if ui.radio_value(&mut k, Some(*t), t.name()).changed() {
                actions.write(Action::SetKind(k));
            }
        }
    });
    // Conditions the map does not show (the ruleset's attack options).
    let kind = preview
        .request
        .as_ref()
        .and_then(|r| r.kind)
        .or(sel.kind)
        .or_else(|| g.rules.attack_types().first().copied());
    if let Some(kind) = kind {
        let specs = g.rules.attack_options(g, kind);
        if !specs.is_empty() {
            egui::Grid::new("attack-options")
                .num_columns(2)
                .show(ui, |ui| {
                    for spec in &specs {
                        ui.label(&spec.label).on_hover_text(&spec.help);
                        let current = sel
                            .options
                            .get(spec.key)
                            .cloned()
                            .unwrap_or_else(|| spec.default.clone());
                        if spec.values.is_empty() {
                            let mut text = current.clone();
                            let r =
                                ui.add(egui::TextEdit::singleline(&mut text).desired_width(60.0));
                            if r.changed() {
                                actions.write(Action::SetOption(
                                    spec.key.to_string(),
                                    Some(text).filter(|t| *t != spec.default),
                                ));
                            }
                            r.on_hover_text(&spec.help);
                        } else {
                            egui::ComboBox::from_id_salt(spec.key)
                                .selected_text(&current)
                                .show_ui(ui, |ui| {
                                    for v in &spec.values {
                                        if ui.selectable_label(*v == current, v).clicked() {
                                            actions.write(Action::SetOption(
                                                spec.key.to_string(),
                                                Some(v.clone()).filter(|v| *v != spec.default),
                                            ));
                                        }
                                    }
                                })
                                .response
                                .on_hover_text(&spec.help);
                        }
                        ui.end_row();
                    }
                });
        }
    }
    let (Some(req), Some(odds)) = (&preview.request, &preview.odds) else {
        ui.label("Choose your units, then point at or click an adjacent enemy hex.");
        return;
    };
    let names: Vec<String> = req
        .attackers
        .iter()
        .map(|u| g.unit(*u).name.clone())
        .collect();
    let defenders: Vec<String> = g
        .units_at(req.defender)
        .iter()
        .map(|u| g.unit(*u).name.clone())
        .collect();
    ui.label(format!(
        "{} on {} ({})",
        names.join(" + "),
        g.label(req.defender),
        defenders.join(", ")
    ));
    match odds {
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(200, 30, 30), e);
        }
        Ok(o) => odds_ui(ui, o, actions, preview.pinned),
    }
}

fn net(o: &Odds) -> String {
    match o.attacker_drm {
        ModValue::ByDie { even, odd } => format!(
            "{:+} / {:+} (artillery die even / odd)",
            even - o.defender_drm.even(),
            odd - o.defender_drm.even()
        ),
        a => format!("{:+}", a.even() - o.defender_drm.even()),
    }
}

fn odds_ui(ui: &mut egui::Ui, o: &Odds, actions: &mut MessageWriter<Action>, pinned: bool) {
    ui.label(format!("{}", o.kind));
    egui::Grid::new("mods")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for l in &o.lines {
                let who = match l.role {
                    Role::Attacker => "A",
                    Role::Defender => "D",
                };
                ui.label(format!("{who} {}", l.name));
                ui.strong(l.value.to_string());
                // Long details (Shiloh's exact fractions) are cut to the panel; hover shows
                // them whole, with the rule.
                ui.add(egui::Label::new(egui::RichText::new(&l.detail).small()).truncate())
                    .on_hover_text(format!("{}\n{}", l.detail, l.rule));
                ui.end_row();
            }
        });
    if o.ruleset == "gcacw" {
        ui.label(egui::RichText::new(format!("Net modifier {}", net(o))).strong());
    }
    ui.horizontal(|ui| {
        ui.label(format!("P(retreat or rout) {}", percent(o.p_retreat)));
        ui.label(format!("P(rout) {}", percent(o.p_rout)));
    });
    ui.label(format!(
        "Expected losses: attacker {:.2} of {}, defender {:.2} of {}",
        prob_f64(o.attacker_expected_loss),
        o.attacker_manpower,
        prob_f64(o.defender_expected_loss),
        o.defender_manpower
    ));
    ui.columns(2, |cols| {
        cols[0].strong("Defender");
        bars(
            &mut cols[0],
            &o.defender_results,
            egui::Color32::from_rgb(170, 60, 40),
        );
        cols[1].strong("Attacker");
        bars(
            &mut cols[1],
            &o.attacker_results,
            egui::Color32::from_rgb(60, 90, 170),
        );
    });
    let label = if pinned {
        "Attack! (Enter)"
    } else {
        "Attack! (click the hex, or Enter)"
    };
    if ui
        .button(egui::RichText::new(label).strong().size(16.0))
        .clicked()
    {
        actions.write(Action::ConfirmAttack);
    }
}

/// One bar per result, its length the probability.
fn bars(ui: &mut egui::Ui, list: &[(String, Prob)], color: egui::Color32) {
    for (code, p) in list {
        let (rect, resp) = ui.allocate_exact_size(
            egui::vec2(ui.available_width().min(170.0), 16.0),
            egui::Sense::hover(),
        );
        let f = prob_f64(*p) as f32;
        let painter = ui.painter();
        painter.rect_filled(rect, 2.0, egui::Color32::from_gray(230));
        let bar = egui::Rect::from_min_size(
            rect.min + egui::vec2(44.0, 2.0),
            egui::vec2((rect.width() - 90.0).max(10.0) * f, 12.0),
        );
        painter.rect_filled(bar, 2.0, color);
        painter.text(
            rect.left_center() + egui::vec2(3.0, 0.0),
            egui::Align2::LEFT_CENTER,
            code,
            egui::FontId::monospace(12.0),
            egui::Color32::BLACK,
        );
        painter.text(
            rect.right_center() - egui::vec2(3.0, 0.0),
            egui::Align2::RIGHT_CENTER,
            percent(*p),
            egui::FontId::proportional(11.0),
            egui::Color32::BLACK,
        );
        resp.on_hover_text(format!("{}/{} exactly", p.numer(), p.denom()));
    }
}

fn die_face(painter: &egui::Painter, rect: egui::Rect, v: u8, fill: egui::Color32) {
    painter.rect_filled(rect, 8.0, fill);
    painter.rect_stroke(
        rect,
        8.0,
        egui::Stroke::new(2.0, egui::Color32::BLACK),
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let d = rect.width() * 0.25;
    let pips: &[(f32, f32)] = match v {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in pips {
        painter.circle_filled(
            c + egui::vec2(x * d, y * d),
            rect.width() * 0.08,
            egui::Color32::BLACK,
        );
    }
}

fn dice_ui(ctx: &egui::Context, anim: &Anim) {
    if anim.stage == Stage::Idle {
        return;
    }
    let rolling = matches!(anim.stage, Stage::Rolling { .. });
    egui::Area::new(egui::Id::new("dice"))
        .fade_in(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(12.0)
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(&anim.headline).strong());
                    ui.horizontal(|ui| {
                        for (i, (role, v)) in anim.dice.iter().enumerate() {
                            let face = if rolling {
                                anim.tumble.get(i).copied().unwrap_or(*v)
                            } else {
                                *v
                            };
                            ui.vertical(|ui| {
                                let (name, fill) = match role {
                                    DieRole::Artillery => {
                                        ("artillery", egui::Color32::from_rgb(240, 220, 160))
                                    }
                                    DieRole::Attacker => {
                                        ("attacker", egui::Color32::from_rgb(200, 215, 245))
                                    }
                                    DieRole::Defender => {
                                        ("defender", egui::Color32::from_rgb(235, 205, 200))
                                    }
                                    DieRole::Other => ("die", egui::Color32::WHITE),
                                };
                                let (rect, _) = ui.allocate_exact_size(
                                    egui::vec2(56.0, 56.0),
                                    egui::Sense::hover(),
                                );
                                die_face(ui.painter(), rect, face, fill);
                                ui.label(name);
                            });
                        }
                    });
                    if !rolling && let Some(note) = &anim.note {
                        ui.label(egui::RichText::new(note).strong().size(18.0));
                    }
                    if !rolling && let Some((x, a, d)) = &anim.result {
                        ui.label(
                            egui::RichText::new(format!(
                                "Differential {x:+}: defender {d}, attacker {a}"
                            ))
                            .strong()
                            .size(18.0),
                        );
                    }
                });
        });
}

fn end_screen(
    ui: &mut egui::Ui,
    g: &crate::rules::game::Game,
    actions: &mut MessageWriter<Action>,
) {
    let sides = [SideId(0), SideId(1)];
    egui::Grid::new("end").striped(true).show(ui, |ui| {
        ui.strong("");
        for s in sides {
            ui.strong(g.scenario.side_name(s));
        }
        ui.end_row();
        ui.label("Manpower lost");
        for s in sides {
            ui.label(g.manpower_lost(s).to_string());
        }
        ui.end_row();
        ui.label("Units eliminated");
        for s in sides {
            ui.label(
                g.units
                    .iter()
                    .filter(|u| u.side == s && !u.is_leader() && !u.on_map())
                    .count()
                    .to_string(),
            );
        }
        ui.end_row();
        if !g.scenario.victory.is_empty() {
            ui.label("Victory points");
            for s in sides {
                ui.label(g.score(s).to_string());
            }
            ui.end_row();
        }
    });
    if !g.scenario.victory.is_empty() {
        ui.separator();
        for (v, h) in g.scenario.victory.iter().zip(&g.holders) {
            ui.label(format!(
                "{} ({}), {} points: {}",
                v.name,
                g.label(v.hex),
                v.points,
                h.map_or("nobody".to_string(), |s| g
                    .scenario
                    .side_name(s)
                    .to_string())
            ));
        }
    }
    let o = crate::rules::victory::outcome(g);
    ui.heading(match o.winner {
        Some(s) => format!("{} victory", g.scenario.side_name(s)),
        None => "A draw".to_string(),
    });
    ui.label(&o.reason);
    if ui.button("Main menu").clicked() {
        actions.write(Action::ToMenu);
    }
}
