//! The game screen: the top bar (turn, weather, side, buttons), the inspector on the left,
//! the legend window, the attack preview and combat log on the right, the tips beside the
//! pointer, the dice, the advance prompt, the briefing, the end of the battle, the notice and
//! the hot-seat hand-over, in that order (later ones drawn over earlier ones).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::end::end_screen;
use super::handover::handover_ui;
use crate::client::anim::Anim;
use crate::client::input::UiRects;
use crate::client::map::Art;
use crate::client::state::{
    Action, Briefing, CombatLog, HandOver, LogKind, Mode, Notice, Overlays, Play, PlayState,
    Preview, Selection,
};
use crate::client::ui::panels::{
    dice::dice_ui, inspector::inspector, legend::legend_ui, preview::preview_ui,
};
use crate::client::ui::theme::{c32, pointer_tip, rect_of};
use crate::rules::ai::Kind;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::Weather;
use crate::rules::unit::SideId;

/// The side panels' widths (logical pixels): the stack inspector on the left, the attack
/// preview and combat log on the right. Their least width; a player may widen them.
pub const LEFT_PANEL: f32 = 270.0;
pub const RIGHT_PANEL: f32 = 360.0;

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
    move_cost: Res<'w, crate::client::state::MoveCostTip>,
    opponent: Res<'w, crate::client::opponent::Opponent>,
    danger: Res<'w, crate::client::threats::Danger>,
    counter_art: Option<Res<'w, crate::client::art::ArtState>>,
    online: Res<'w, crate::client::online::Online>,
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn game_ui(
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
        ui.horizontal_wrapped(|ui| top_bar(ui, p, &view, &mut actions));
    });
    rects.0.push(rect_of(top.response.rect));

    // Left: the stack inspector, while something is chosen.
    if view.sel.hex.is_some() || !view.sel.units.is_empty() {
        let left = left_panel(&mut root, g, &view, &mut actions);
        rects.0.push(rect_of(left));
    }

    // The legend and the controls, on request (H).
    if view.overlays.legend
        && let Some(r) = legend_window(&ctx, g, *legend)
    {
        rects.0.push(rect_of(r));
    }

    // Right: attack preview and combat log.
    let right = right_panel(&mut root, g, &view, &mut actions);
    rects.0.push(rect_of(right));

    pointer_tips(&ctx, g, &view);

    // Dice.
    dice_ui(&ctx, &view.anim);

    // What the bars and panels leave of the screen: the prompts' windows stay inside it.
    let free = root.available_rect_before_wrap();
    for r in prompts(&ctx, free, g, &view, &mut actions) {
        rects.0.push(rect_of(r));
    }

    // Notice.
    if let Some((t, err)) = &view.notice.text {
        notice(&ctx, t, *err);
    }

    // Hot-seat hand-over: an opaque screen over everything.
    if let Some(side) = view.handover.waiting {
        rects.0.push(handover_ui(&ctx, g, side, &mut actions));
    }
    Ok(())
}

/// The top bar's contents, left to right: the game's state, whose move it is, the turn's
/// buttons and the map's overlays.
fn top_bar(ui: &mut egui::Ui, p: &PlayState, view: &GameView, actions: &mut MessageWriter<Action>) {
    let g = &p.session.game;
    game_status(ui, g);
    let initiative = crate::rules::gate::on_initiative(g);
    side_to_play(ui, g, initiative);
    let computer = p.computer_to_move();
    computer_status(ui, p, computer, view, actions);
    if g.scenario.movement == crate::rules::points::Enforcement::Free {
        ui.colored_label(egui::Color32::from_rgb(170, 90, 0), "Free movement")
            .on_hover_text("Movement costs and attack limits are shown and logged, not enforced");
    }
    ui.separator();
    if initiative {
        initiative_bar(ui, g);
    }
    turn_buttons(ui, p, computer.is_none(), initiative, actions);
    overlay_toggles(ui, g, view, actions);
}

/// The scenario's title, the turn, the reinforcements still to come and the weather.
fn game_status(ui: &mut egui::Ui, g: &Game) {
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
    // Reinforcements still to come (the scenario's `arrives`): a count, each on hover.
    let mut coming: Vec<(u32, String)> = g
        .units
        .iter()
        .filter_map(|u| {
            let (t, h) = u.arrives?;
            Some((
                t,
                format!(
                    "turn {t}: {} ({}) at {}",
                    u.name,
                    g.scenario.side_name(u.side),
                    g.label(h)
                ),
            ))
        })
        .collect();
    if !coming.is_empty() {
        coming.sort();
        let lines: Vec<String> = coming.into_iter().map(|(_, l)| l).collect();
        ui.label(egui::RichText::new(format!("+{} to come", lines.len())).small())
            .on_hover_text(format!(
                "Reinforcements, entering at the start of their turn:\n{}",
                lines.join("\n")
            ));
    }
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
}

/// The side to play (outside action phases), then the phase of the sequence of play.
fn side_to_play(ui: &mut egui::Ui, g: &Game, initiative: bool) {
    let side = g.active_side;
    let side_colour = c32(crate::client::units::side_color(
        crate::client::units::tone(&g.scenario, side),
    ));
    if !initiative {
        ui.label(
            egui::RichText::new(format!("{} to play", g.scenario.side_name(side)))
                .strong()
                .color(side_colour),
        );
    }
    // The phase of the sequence of play, where the game has more than one; in an
    // action phase, who has the initiative (in the side's colour).
    let seq = &g.sequence;
    if let Some(line) = crate::rules::gate::status_line(g) {
        let mut text = egui::RichText::new(line).strong();
        if initiative {
            // Lightened: the sides' counter colours are dark on the dark bar.
            text = text.color(side_colour.lerp_to_gamma(egui::Color32::WHITE, 0.45));
        }
        ui.label(text).on_hover_text(format!(
            "{}\n\n{}",
            seq.phase(g.phase).source,
            seq.phases
                .iter()
                .enumerate()
                .map(|(i, q)| format!(
                    "{}{}. {}",
                    if i == g.phase.index { "▶ " } else { "   " },
                    i + 1,
                    q.name
                ))
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }
}

/// Who plays: the computer at work (with its progress and the skip button), or the mode.
fn computer_status(
    ui: &mut egui::Ui,
    p: &PlayState,
    computer: Option<Kind>,
    view: &GameView,
    actions: &mut MessageWriter<Action>,
) {
    match computer {
        Some(k) => {
            ui.label(
                egui::RichText::new(format!(
                    "the computer ({}) is {}",
                    k.name(),
                    if view.opponent.thinking() {
                        "thinking…"
                    } else {
                        "playing"
                    }
                ))
                .italics(),
            );
            if let Some((done, total)) = view.opponent.progress() {
                ui.add(
                    egui::ProgressBar::new(done as f32 / total as f32)
                        .desired_width(90.0)
                        .text(format!("sample {}/{total}", done + 1)),
                )
                .on_hover_text(
                    "The search plays each of its styles out on copies of the game, over \
                     the same dice samples, and plays the game turn in the style that \
                     ends best; the map, the log and the camera stay yours meanwhile",
                );
            }
            if ui
                .button("Skip to its end (Space)")
                .on_hover_text("Play the rest of the computer's turn without pausing")
                .clicked()
            {
                actions.write(Action::SkipComputerTurn);
            }
        }
        None if view.online.0.is_some() => {
            ui.label("(online)");
        }
        None if p.seats.contains(&crate::client::state::Seat::Remote) => {
            ui.label("(by turn files)");
        }
        None if p.seats.iter().any(|s| s.is_computer()) => {
            ui.label("(you against the computer)");
        }
        None => {
            ui.label(match p.mode {
                Mode::Solitaire => "(solitaire)",
                Mode::HotSeat => "(hot-seat)",
            });
        }
    }
}

/// End phase, end turn (or action, or pass), undo, save and menu; the first three only while
/// no computer is to move (`players`).
fn turn_buttons(
    ui: &mut egui::Ui,
    p: &PlayState,
    players: bool,
    initiative: bool,
    actions: &mut MessageWriter<Action>,
) {
    let g = &p.session.game;
    let seq = &g.sequence;
    if seq.phases.len() > 1
        && !initiative
        && ui
            .add_enabled(players, egui::Button::new("End phase (P)"))
            .on_hover_text("End this phase and go on to the next")
            .clicked()
    {
        actions.write(Action::EndPhase);
    }
    let (label, hover) = end_button_text(g, initiative);
    if ui
        .add_enabled(players, egui::Button::new(label))
        .on_hover_text(hover)
        .clicked()
    {
        actions.write(Action::EndTurn);
    }
    let n = if !players { 0 } else { p.undoable() };
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
}

/// The end button's label and hover: end turn, end action or pass.
fn end_button_text(g: &Game, initiative: bool) -> (&'static str, &'static str) {
    let seq = &g.sequence;
    if !initiative {
        (
            "End turn (E)",
            if seq.phases.len() > 1 {
                "End this side's phases until the other side acts"
            } else {
                "End this side's turn"
            },
        )
    } else if g.cycle.acted {
        (
            "End action (E)",
            "End this action: both sides roll for the next initiative",
        )
    } else {
        (
            "Pass (E)",
            g.sequence
                .initiative
                .as_ref()
                .map_or("Do nothing with this initiative", |i| match i.pass {
                    crate::rules::sequence::PassRule::Yield => {
                        "Do nothing with this initiative: the other side has the action \
                         (it acts, or passes too and the phase ends)"
                    }
                    crate::rules::sequence::PassRule::Reroll => {
                        "Do nothing with this initiative: both sides roll again; when \
                         both sides pass with no action between, the phase ends"
                    }
                }),
        )
    }
}

/// The map's overlays (grid, labels, each side's ZOC, danger, legend) and the briefing.
fn overlay_toggles(
    ui: &mut egui::Ui,
    g: &Game,
    view: &GameView,
    actions: &mut MessageWriter<Action>,
) {
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
    let mut danger = view.overlays.danger;
    if ui
        .checkbox(&mut danger, "Danger (T)")
        .on_hover_text(
            "Shade the side to move's hexes by the worst attack the enemy can make on \
             them in its next turn (red: likely to retreat or lose heavily); hover a \
             stack for its threats",
        )
        .changed()
    {
        actions.write(Action::ToggleDanger);
    }
    if let Some(art) = &view.counter_art
        && g.scenario.file.units.iter().any(|u| u.image.is_some())
    {
        let mut on = art.shown();
        if ui
            .checkbox(&mut on, "Counter art (V)")
            .on_hover_text(
                "The counters' own pictures (an imported module's), or Musket's drawn counters",
            )
            .changed()
        {
            art.set_shown(on);
        }
    }
    let mut legend_on = view.overlays.legend;
    if ui.checkbox(&mut legend_on, "Legend (H)").changed() {
        actions.write(Action::ToggleLegend);
    }
    if g.scenario.briefing.is_some() && ui.button("Briefing (B)").clicked() {
        actions.write(Action::ShowBriefing(true));
    }
}

/// The left panel: the stack inspector (with the danger overlay's threats to the chosen
/// hex). Returns the panel's rectangle.
fn left_panel(
    root: &mut egui::Ui,
    g: &Game,
    view: &GameView,
    actions: &mut MessageWriter<Action>,
) -> egui::Rect {
    // A steady width, whatever the content: the panel never shrinks to a short line (one
    // unit's line wrapped over six lines after a move); the player may widen it.
    let left = egui::Panel::left("left")
        .default_size(LEFT_PANEL)
        .min_size(LEFT_PANEL)
        .max_size(2.0 * LEFT_PANEL)
        .resizable(true)
        .show(root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("left_scroll")
                .show(ui, |ui| {
                    // The danger overlay's threats to the chosen hex.
                    let threats = match view.sel.hex {
                        Some(h) if view.overlays.danger => {
                            Some((view.danger.lines(h), view.danger.computing()))
                        }
                        _ => None,
                    };
                    inspector(ui, g, &view.sel, threats, actions);
                });
        });
    left.response.rect
}

/// The legend window with the controls; its rectangle when shown.
fn legend_window(
    ctx: &egui::Context,
    g: &Game,
    legend: Option<egui::TextureId>,
) -> Option<egui::Rect> {
    let r = egui::Window::new("Legend and controls (H)")
        .fade_in(false)
        .fade_out(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_width(300.0)
        .show(ctx, |ui| {
            legend_ui(ui, legend, g.rules.id().as_str());
            ui.separator();
            ui.label(egui::RichText::new(
                "Click a stack to choose it; click an adjacent enemy hex to preview the attack; Enter rolls. \
                 Ctrl-click adds a stack (grand assault). Click or right-click an empty hex to move. \
                 Drag or WASD to pan, wheel to zoom, Q attack type, E end turn, Ctrl+Z undo, \
                 Ctrl+S save, G grid, L labels, 1/2 ZOC, T danger, B briefing, H this window, Esc menu.",
            ).small());
        });
    r.map(|r| r.response.rect)
}

/// The right panel: the attack preview above the combat log. Returns the panel's rectangle.
fn right_panel(
    root: &mut egui::Ui,
    g: &Game,
    view: &GameView,
    actions: &mut MessageWriter<Action>,
) -> egui::Rect {
    let right = egui::Panel::right("right")
        .default_size(RIGHT_PANEL)
        .min_size(RIGHT_PANEL)
        .max_size(460.0)
        .resizable(true)
        .show(root, |ui| {
            preview_ui(ui, g, &view.sel, &view.preview, actions);
            ui.separator();
            ui.strong("Combat log");
            egui::ScrollArea::vertical()
                .id_salt("log")
                .stick_to_bottom(true)
                .show(ui, |ui| combat_log(ui, &view.log));
        });
    right.response.rect
}

/// The combat log's last 400 lines, coloured by kind.
fn combat_log(ui: &mut egui::Ui, log: &CombatLog) {
    for l in log
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
            LogKind::Computer => egui::Color32::from_rgb(90, 40, 140),
        };
        ui.label(
            egui::RichText::new(format!("T{} {}", l.turn, l.text))
                .small()
                .color(color),
        );
    }
}

/// The tips beside the pointer: a move's cost, a stack's threats, a hex's flank reasons.
fn pointer_tips(ctx: &egui::Context, g: &Game, view: &GameView) {
    // The operations cost of a move to the hovered hex (rule systems that price movement).
    if !view.move_cost.lines.is_empty()
        && view.preview.odds.is_none()
        && view.sel.pointer_on_hover()
        && let Some(pos) = ctx.pointer_hover_pos()
    {
        move_cost_tip(ctx, pos, view);
    }

    // The danger overlay: hovering a stack of the side to move lists its threats (the move
    // tooltip above says the danger of a move instead).
    if view.overlays.danger
        && view.move_cost.lines.is_empty()
        && view.preview.odds.is_none()
        && view.sel.pointer_on_hover()
        && let Some(h) = view.sel.hover
        && g.side_at(h) == Some(g.active_side)
        && let Some(pos) = ctx.pointer_hover_pos()
    {
        threats_tip(ctx, pos, g, h, view);
    }

    // Flank reasons next to the pointer, over the target's neighbours.
    if let (Some(h), Some(Ok(odds))) = (view.sel.hover, &view.preview.odds)
        && view.sel.pointer_on_hover()
        && let Some(pos) = ctx.pointer_hover_pos()
        && let Some(n) = odds.hex_notes.iter().find(|n| n.hex == h)
    {
        pointer_tip(ctx, "flank_tip", pos, |ui| {
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
}

/// The operations cost of a move to the hovered hex, and the danger there.
fn move_cost_tip(ctx: &egui::Context, pos: egui::Pos2, view: &GameView) {
    pointer_tip(ctx, "move_cost_tip", pos, |ui| {
        for (i, l) in view.move_cost.lines.iter().enumerate() {
            if i == 0 || !l.starts_with(' ') {
                ui.strong(l);
            } else {
                ui.label(egui::RichText::new(l.trim_start()).small());
            }
        }
        // The danger overlay: what the enemy could do to the stack there.
        if let Some((_, lines)) = &view.danger.planned {
            for (i, l) in lines.iter().enumerate() {
                let t =
                    egui::RichText::new(l.trim_start()).color(egui::Color32::from_rgb(230, 90, 80));
                ui.label(if i == 0 { t } else { t.small() });
            }
        }
    });
}

/// The threats to the hovered stack of the side to move.
fn threats_tip(ctx: &egui::Context, pos: egui::Pos2, g: &Game, h: Coord, view: &GameView) {
    let lines = view.danger.lines(h);
    pointer_tip(ctx, "threats_tip", pos, |ui| {
        ui.strong(format!("Threats to {} (the enemy's next turn)", g.label(h)));
        if lines.is_empty() {
            ui.label(if view.danger.computing() {
                "computing…"
            } else {
                "none: no enemy stack can attack it"
            });
        }
        for l in lines.iter().take(5) {
            ui.label(
                egui::RichText::new(l)
                    .small()
                    .color(egui::Color32::from_rgb(230, 90, 80)),
            );
        }
    });
}

/// The windows over the map, in order: the advance prompt, the briefing and the end of the
/// battle. Returns the rectangles of those shown.
fn prompts(
    ctx: &egui::Context,
    free: egui::Rect,
    g: &Game,
    view: &GameView,
    actions: &mut MessageWriter<Action>,
) -> Vec<egui::Rect> {
    let mut rects = Vec::new();
    // Advance prompt.
    if let Some(opt) = &g.advance_option
        && !view.anim.busy()
        && let Some(r) = advance_window(ctx, g, opt.hex, actions)
    {
        rects.push(r);
    }

    // Briefing.
    if view.briefing.open
        && let Some(b) = &g.scenario.briefing
        && let Some(r) = briefing_window(ctx, free, g, b, actions)
    {
        rects.push(r);
    }

    // End of the game.
    if g.is_over() {
        let r = egui::Window::new("The battle is over")
            .fade_in(false)
            .fade_out(false)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| end_screen(ui, g, actions));
        if let Some(r) = r {
            rects.push(r.response.rect);
        }
    }
    rects
}

/// The advance prompt: advance into `hex`, or stay.
fn advance_window(
    ctx: &egui::Context,
    g: &Game,
    hex: Coord,
    actions: &mut MessageWriter<Action>,
) -> Option<egui::Rect> {
    let r = egui::Window::new("Advance?")
        .fade_in(false)
        .fade_out(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "The result lets the attackers advance into {}.",
                g.label(hex)
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
    r.map(|r| r.response.rect)
}

/// The scenario's briefing with its victory points, and the button that begins (or Enter). A
/// long briefing scrolls: the window fits the screen, its title and "Begin" always in view
/// (Shiloh 1862's ran off both edges of a 1280x720 window, and the computer waits for it).
fn briefing_window(
    ctx: &egui::Context,
    free: egui::Rect,
    g: &Game,
    b: &str,
    actions: &mut MessageWriter<Action>,
) -> Option<egui::Rect> {
    // Room for the title bar, the button and the window's margins, in what the bars and
    // panels leave of the screen (`free`; taken from the whole screen, the top bars pushed
    // "Begin" below the bottom edge of a 1280x720 window).
    let body = (free.height() - 120.0).max(120.0);
    let r = egui::Window::new(format!("Briefing: {}", g.scenario.title))
        .fade_in(false)
        .fade_out(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .constrain_to(free)
        .default_width(460.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(body)
                .show(ui, |ui| {
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
                    for l in &g.scenario.victory_losses {
                        ui.label(l.describe(&g.scenario.sides));
                    }
                });
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Begin (Enter)").clicked() || enter {
                actions.write(Action::ShowBriefing(false));
            }
        });
    r.map(|r| r.response.rect)
}

/// The notice at the bottom: red for an error, green otherwise.
fn notice(ctx: &egui::Context, t: &str, err: bool) {
    egui::Area::new(egui::Id::new("notice"))
        .fade_in(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.colored_label(
                    if err {
                        egui::Color32::from_rgb(200, 30, 30)
                    } else {
                        egui::Color32::from_rgb(20, 110, 40)
                    },
                    t,
                );
            });
        });
}

/// The action phase's bar: the last initiative roll as dice (the first side's, then the
/// second's; hover for who rolled what), and the actions each side has taken this turn.
fn initiative_bar(ui: &mut egui::Ui, g: &crate::rules::game::Game) {
    use crate::rules::unit::SideId;
    let c = &g.cycle;
    let name = |s: usize| g.scenario.side_name(SideId(s as u8));
    if let Some(rolled) = &c.rolled {
        let roll = |s: usize| crate::rules::dice::dice_text(&rolled[s]);
        let tip = format!(
            "The last initiative roll: {} {}, {} {}{}",
            name(0),
            roll(0),
            name(1),
            roll(1),
            c.winner.map_or(String::new(), |w| format!(
                ": {} has the initiative",
                name(w.0 as usize)
            ))
        );
        for (s, dice) in rolled.iter().enumerate() {
            let won = c.winner == Some(SideId(s as u8));
            for d in dice {
                let (rect, resp) =
                    ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                let fill = if won {
                    egui::Color32::WHITE
                } else {
                    egui::Color32::from_gray(150)
                };
                crate::client::ui::panels::dice::die_face(ui.painter(), rect, *d, fill);
                resp.on_hover_text(&tip);
            }
        }
    }
    ui.label(format!("actions {}–{}", c.actions[0], c.actions[1]))
        .on_hover_text(format!(
            "Actions this turn: {} {}, {} {}\n\n{}",
            name(0),
            c.actions[0],
            name(1),
            c.actions[1],
            g.sequence
                .initiative
                .as_ref()
                .map_or(String::new(), |i| i.source.clone())
        ));
}
