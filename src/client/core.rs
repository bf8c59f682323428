//! The client's logic, with no rendering: the game in play (one resource), what the player has
//! selected, the attack preview, the combat log and the turn flow. Input and UI send
//! [`Action`]s; this plugin turns them into rules [`Command`]s and keeps the view resources up
//! to date. Everything here runs under `MinimalPlugins`, so it is tested headless.

use crate::rules::narrate::Describe;
use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::attack::{AttackRequest, AttackType};
use crate::rules::hex::Coord;
use crate::rules::order::Command;
use crate::rules::registry::for_scenario;
use crate::rules::session::Session;
use crate::rules::unit::UnitIdx;

use super::turn::{end, execute, undo};

pub use super::state::*;
pub use super::turn::{after_end_turn, execute as run_command, save_game};

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_message::<Action>()
        .init_resource::<Play>()
        .init_resource::<Selection>()
        .init_resource::<Preview>()
        .init_resource::<CombatLog>()
        .init_resource::<Feed>()
        .init_resource::<Notice>()
        .init_resource::<HandOver>()
        .init_resource::<Overlays>()
        .init_resource::<Settings>()
        .init_resource::<Briefing>()
        .init_resource::<MoveCostTip>()
        .init_resource::<EditorRequest>()
        .init_resource::<SkipComputer>()
        .init_resource::<Replaying>()
        .add_systems(
            Update,
            (handle_actions, update_preview).chain().in_set(CoreSystems),
        )
        .add_systems(Update, update_move_cost.after(super::moves::update_reach));
}

fn update_move_cost(
    play: Res<Play>,
    sel: Res<Selection>,
    reach: Res<super::moves::MoveReach>,
    mut tip: ResMut<MoveCostTip>,
) {
    let Some(p) = &play.0 else { return };
    let g = &p.session.game;
    let key = Some((p.revision, sel.hover, reach.units.clone()));
    if tip.key == key && !reach.is_changed() {
        return;
    }
    tip.key = key;
    let lines = match sel.hover {
        // A leader-transfer phase: whether the chosen leaders may transfer there.
        Some(h) if let Some(cmds) = super::moves::transfers(g, &reach.units, h) => cmds
            .iter()
            .map(|c| match crate::rules::command::validate(g, c) {
                Ok(_) => format!("{}: transfer here (right-click)", g.label(h)),
                Err(e) => e.to_string(),
            })
            .collect(),
        Some(h) if !reach.units.is_empty() => super::moves::tip_lines(g, &reach, h),
        _ => Vec::new(),
    };
    if tip.lines != lines {
        tip.lines = lines;
    }
}

/// Start a game: used by the menu, the command line and tests.
pub fn start_game(
    world: &mut World,
    source: Source,
    mode: Mode,
    handover: bool,
) -> Result<(), String> {
    let settings = world.resource::<Settings>().clone();
    let mut sc = load_scenario(&source)?;
    // A draft (an import's placeholders) opens in the editor, not in a game.
    sc.playable()?;
    if settings.free_movement {
        // Kept in the scenario the save holds, so loading, undo and replay keep it.
        sc.movement = crate::rules::points::Enforcement::Free;
        sc.file.movement = crate::rules::points::Enforcement::Free;
    }
    let rules = for_scenario(&sc, &settings.rules).map_err(|e| e.to_string())?;
    let seed = settings.seed.unwrap_or_else(clock_seed);
    let mut session = Session::new(Arc::new(sc), rules, seed);
    let seats = settings.seats;
    if seats.iter().any(|s| s.is_computer()) {
        session.set_players(Some(seats.iter().map(|s| s.name()).collect()));
    }
    install(world, session, mode, handover, source, seats);
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

pub(crate) fn install(
    world: &mut World,
    session: Session,
    mode: Mode,
    handover: bool,
    source: Source,
    seats: [Seat; 2],
) {
    let title = session.game.scenario.title.clone();
    // A game with a computer player is loaded after its last computer turn: undo stops there.
    let undo_floor = if seats.iter().any(|s| *s != Seat::Human) {
        session.log.len()
    } else {
        0
    };
    // No hand-over screen when the computer plays a side: only one person is at the screen.
    let handover = handover && !seats.iter().any(|s| s.is_computer());
    let has_briefing = session.game.scenario.briefing.is_some() && session.log.is_empty();
    let turn = session.game.turn;
    world.resource_mut::<Play>().0 = Some(PlayState {
        session,
        mode,
        handover,
        source,
        revision: 1,
        seats,
        undo_floor,
    });
    *world.resource_mut::<Selection>() = Selection::default();
    *world.resource_mut::<HandOver>() = HandOver::default();
    world.resource_mut::<Feed>().batches.clear();
    world.resource_mut::<Briefing>().open = has_briefing;
    // What happened before the first command (the first initiative roll), in the log; in a
    // new game, on screen too.
    let (opening, lines, fresh) = {
        let p = world.resource::<Play>().0.as_ref().expect("just installed");
        let g = &p.session.game;
        let lines: Vec<String> = p.session.opening.iter().map(|e| e.describe(g)).collect();
        (p.session.opening.clone(), lines, p.session.log.is_empty())
    };
    let mut log = world.resource_mut::<CombatLog>();
    log.lines.clear();
    log.lines.push(LogLine {
        turn,
        text: format!("{title}: turn {turn}"),
        kind: LogKind::Info,
    });
    log.lines.extend(lines.into_iter().map(|text| LogLine {
        turn,
        text,
        kind: LogKind::Event,
    }));
    if fresh && !opening.is_empty() {
        world.resource_mut::<Feed>().batches.push_back(opening);
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

fn handle_actions(world: &mut World) {
    let actions: Vec<Action> = {
        let mut msgs = world.resource_mut::<Messages<Action>>();
        msgs.drain().collect()
    };
    for a in actions {
        handle(world, a);
    }
}

/// The actions that change the game: refused while the computer plays its turn.
fn changes_game(a: &Action) -> bool {
    matches!(
        a,
        Action::MoveTo(_)
            | Action::ConfirmAttack
            | Action::Advance(_)
            | Action::EndTurn
            | Action::EndPhase
            | Action::Undo
            | Action::March
            | Action::Activate
            | Action::ForceMarch
            | Action::Special(_)
    )
}

/// Apply one action.
pub fn handle(world: &mut World, action: Action) {
    if changes_game(&action) && refused_while_waiting(world) {
        return;
    }
    match action {
        Action::Start {
            source,
            mode,
            handover,
        } => {
            if let Err(e) = start_game(world, source, mode, handover) {
                notice(world, e, true);
            }
        }
        Action::Load(path) => load_game(world, path),
        Action::Hover(h) => hover(world, h),
        Action::PointerOnPanel => pointer_on_panel(world),
        Action::Click { hex, add } => click(world, hex, add),
        Action::MoveTo(hex) => move_to(world, hex),
        Action::March => march(world),
        Action::Activate => activate(world),
        Action::ForceMarch => force_march(world),
        Action::Special(key) => special(world, &key),
        Action::SetFreeMovement(on) => world.resource_mut::<Settings>().free_movement = on,
        Action::SetHandOverPhasesOnly(on) => {
            world.resource_mut::<Settings>().handover_phases_only = on;
        }
        Action::SetSeats(seats) => world.resource_mut::<Settings>().seats = seats,
        Action::Edit(source) => world.resource_mut::<EditorRequest>().0 = Some(source),
        Action::SkipComputerTurn => {
            if computer_turn(world).is_some() || world.resource::<Replaying>().0 {
                world.resource_mut::<SkipComputer>().0 = true;
            }
        }
        Action::ToggleUnit(u) => toggle_unit(world, u),
        Action::SetKind(k) => set_kind(world, k),
        Action::SetOption(key, value) => {
            let mut sel = world.resource_mut::<Selection>();
            match value {
                Some(v) => sel.options.insert(key, v),
                None => sel.options.remove(&key),
            };
        }
        Action::ClearSelection => {
            let hover = world.resource::<Selection>().hover;
            *world.resource_mut::<Selection>() = Selection { hover, ..default() };
        }
        Action::ConfirmAttack => confirm_attack(world),
        Action::Advance(yes) => advance(world, yes),
        Action::EndTurn => end(world, Command::EndTurn),
        Action::EndPhase => end(world, Command::EndPhase),
        Action::Undo => undo(world),
        Action::Save => {
            if let Err(e) = save_game(world, false) {
                notice(world, e, true);
            }
        }
        Action::HandOverDone => world.resource_mut::<HandOver>().waiting = None,
        Action::ToMenu => world.resource_mut::<NextState<Screen>>().set(Screen::Menu),
        Action::Resume => {
            if world.resource::<Play>().0.is_some() {
                world
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Playing);
            }
        }
        Action::ToggleGrid => toggle_overlay(world, |o| &mut o.grid),
        Action::ToggleLabels => toggle_overlay(world, |o| &mut o.labels),
        Action::ToggleZoc(s) => toggle_overlay(world, |o| &mut o.zoc[(s as usize).min(1)]),
        Action::ToggleDanger => toggle_overlay(world, |o| &mut o.danger),
        Action::ToggleLegend => toggle_overlay(world, |o| &mut o.legend),
        Action::ShowBriefing(open) => world.resource_mut::<Briefing>().open = open,
    }
}

/// Not the player's move: the computer's, or (by turn files) the distant opponent's. Says so
/// (true) for an action that would change the game.
fn refused_while_waiting(world: &mut World) -> bool {
    let waiting = computer_turn(world)
        .map(|s| (s, true))
        .or_else(|| remote_turn(world).map(|s| (s, false)));
    let Some((side, computer)) = waiting else {
        return false;
    };
    let name = world
        .resource::<Play>()
        .game()
        .map_or(String::new(), |g| g.scenario.side_name(side).to_string());
    let text = if computer {
        format!("The computer is playing {name}'s turn (Space: skip to its end)")
    } else {
        format!(
            "It is {name}'s move, played by your opponent: send your turn file (Ctrl+T), \
             then open theirs when it comes (Ctrl+O)"
        )
    };
    notice(world, text, false);
    true
}

/// Load a saved game, with the players the save names.
fn load_game(world: &mut World, path: PathBuf) {
    let rules = world.resource::<Settings>().rules.clone();
    match Session::load_file(&path, &rules) {
        Ok(s) => {
            let source = Source::File(path.clone());
            // The save says who played each side (games against the computer).
            let seats = match &s.players {
                Some(p) if p.len() == 2 => [
                    Seat::parse(&p[0]).unwrap_or_default(),
                    Seat::parse(&p[1]).unwrap_or_default(),
                ],
                _ => [Seat::Human; 2],
            };
            install(world, s, Mode::Solitaire, false, source, seats);
            notice(world, format!("Loaded {}", path.display()), false);
        }
        Err(e) => notice(world, e.to_string(), true),
    }
}

/// The pointer is over a panel: no hex is hovered.
fn pointer_on_panel(world: &mut World) {
    let sel = world.resource::<Selection>();
    if !sel.pointer_on_panel || sel.hover_left.is_some() {
        let mut sel = world.resource_mut::<Selection>();
        sel.pointer_on_panel = true;
        sel.hover_left = None;
    }
}

/// Force march the chosen stack.
fn force_march(world: &mut World) {
    if let Some(g) = world.resource::<Play>().game() {
        let sel = world.resource::<Selection>().clone();
        let units: Vec<String> = super::moves::movers(g, &sel)
            .iter()
            .map(|u| g.unit(*u).id.clone())
            .collect();
        if units.is_empty() {
            notice(world, "Choose a stack of yours that has marched", true);
        } else {
            execute(world, Command::ForceMarch { units });
        }
    }
}

/// Choose a unit of the side to move, on the map, or take it out of the choice.
fn toggle_unit(world: &mut World, u: UnitIdx) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    if g.unit(u).side != g.active_side || !g.unit(u).on_map() {
        return;
    }
    let mut sel = world.resource_mut::<Selection>();
    if let Some(i) = sel.units.iter().position(|x| *x == u) {
        sel.units.remove(i);
    } else {
        sel.units.push(u);
    }
}

/// The attack type (`None`: the ruleset's default).
fn set_kind(world: &mut World, k: Option<AttackType>) {
    let mut sel = world.resource_mut::<Selection>();
    if sel.kind != k {
        sel.kind = k;
        // Options belong to an attack type.
        sel.options.clear();
    }
}

/// Turn one of the map's overlays on or off.
fn toggle_overlay(world: &mut World, flag: impl FnOnce(&mut Overlays) -> &mut bool) {
    let mut o = world.resource_mut::<Overlays>();
    let f = flag(&mut o);
    *f = !*f;
}

/// The active side's units in a hex that can be chosen.
fn own_units(g: &crate::rules::game::Game, hex: Coord) -> Vec<UnitIdx> {
    g.units_at(hex)
        .iter()
        .copied()
        .filter(|u| g.unit(*u).side == g.active_side)
        .collect()
}

fn click(world: &mut World, hex: Coord, add: bool) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    if !g.map().contains(hex) {
        return;
    }
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    // The computer's (or the distant opponent's) turn: a click only shows the stack.
    if computer_turn(world).is_some() || remote_turn(world).is_some() {
        let hover = world.resource::<Selection>().hover;
        *world.resource_mut::<Selection>() = Selection {
            hover,
            hex: Some(hex),
            ..default()
        };
        return;
    }
    // An open advance: clicking the vacated hex advances.
    if g.advance_option.as_ref().is_some_and(|a| a.hex == hex) {
        advance(world, true);
        return;
    }
    let side_here = g.side_at(hex);
    let active = g.active_side;
    let own = own_units(g, hex);
    let mut sel = world.resource::<Selection>().clone();
    match side_here {
        Some(s) if s == active => {
            if add {
                for u in own {
                    if !sel.units.contains(&u) {
                        sel.units.push(u);
                    }
                }
            } else {
                sel.units = own;
                sel.target = None;
            }
            sel.hex = Some(hex);
        }
        Some(_) => {
            if sel.units.is_empty() {
                // Inspect the enemy stack.
                sel.hex = Some(hex);
            } else {
                sel.target = Some(hex);
            }
        }
        None => {
            if !sel.units.is_empty() {
                world.insert_resource(sel);
                move_to(world, hex);
                return;
            }
            sel = Selection {
                hover: sel.hover,
                hex: Some(hex),
                ..default()
            };
        }
    }
    world.insert_resource(sel);
}

/// Move the chosen stack to `hex` along its cheapest path: in a rule system whose allowances
/// are rolled (GCACW), the march die is rolled first (on screen); a hex out of reach is refused
/// with the reason. In Free movement the cheapest path is taken whatever it costs.
fn move_to(world: &mut World, hex: Coord) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let sel = world.resource::<Selection>().clone();
    let movers = super::moves::movers(g, &sel);
    // A leader-transfer phase: the chosen leaders transfer to the hex.
    if let Some(cmds) = super::moves::transfers(g, &movers, hex) {
        for c in cmds {
            if !execute(world, c) {
                return;
            }
        }
        let mut sel = world.resource_mut::<Selection>();
        sel.hex = Some(hex);
        sel.target = None;
        return;
    }
    if movers.is_empty() {
        if !sel.units.is_empty() {
            notice(
                world,
                "The chosen units are in several hexes: choose one stack to move",
                true,
            );
        }
        return;
    }
    let free = g.scenario.movement == crate::rules::points::Enforcement::Free;
    let mut reach = super::moves::compute(g, &movers);
    // A march roll first, where allowances are rolled and the target may be within it.
    if reach.roll.is_some() && !free {
        if !reach.can_reach(g, hex) {
            let why = reach.why_not(g, hex);
            notice(world, why, true);
            return;
        }
        let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
        if !execute(world, Command::March { units: ids }) {
            return;
        }
        let Some(g) = world.resource::<Play>().game() else {
            return;
        };
        reach = super::moves::compute(g, &movers);
    }
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let path = if free {
        reach.path(g, hex, true)
    } else if reach.can_reach(g, hex) {
        reach.path(g, hex, false)
    } else {
        None
    };
    let Some(path) = path else {
        let why = reach.why_not(g, hex);
        notice(world, why, true);
        return;
    };
    let labels: Vec<String> = path.iter().map(|c| g.label(*c)).collect();
    let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
    let stops = reach.reach.as_ref().is_some_and(|r| r.stops(g, hex));
    let cmd = if ids.len() == 1 {
        Command::Move {
            unit: ids[0].clone(),
            path: labels,
        }
    } else {
        Command::MoveStack {
            units: ids,
            path: labels,
        }
    };
    if !execute(world, cmd) {
        return;
    }
    if stops {
        let l = world
            .resource::<Play>()
            .game()
            .map_or(String::new(), |g| g.label(hex));
        notice(
            world,
            format!("Entered an enemy zone of control at {l}: the move ends there"),
            false,
        );
    }
    let mut sel = world.resource_mut::<Selection>();
    sel.hex = Some(hex);
    sel.target = None;
}

/// A special action by the chosen units that can take it: those for which it is open now, as
/// many as the rules accept together (a rally: up to the commanders' ratings), else all of
/// them, for `validate` to say why not.
fn special(world: &mut World, key: &str) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let movers = super::moves::movers(g, &sel);
    let command = crate::rules::command::special_for(g, &movers, key).or_else(|| {
        // None may take it now: all that have it, for `validate` to say why not.
        let ids: Vec<String> = movers
            .iter()
            .filter(|u| g.rules.special_actions(g, **u).iter().any(|a| a.key == key))
            .map(|u| g.unit(*u).id.clone())
            .collect();
        (!ids.is_empty()).then(|| Command::Special {
            units: ids,
            action: key.to_string(),
        })
    });
    if let Some(c) = command {
        execute(world, c);
    }
}

/// Activate the selected leader (GCACW's action phase): he and the units of his command in
/// his radius roll one march; they stay chosen, to move one stack after another.
fn activate(world: &mut World) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let Some(leader) = super::moves::leader_to_activate(g, &sel) else {
        notice(
            world,
            "Choose a leader of the side with the initiative, before its action begins",
            true,
        );
        return;
    };
    let id = g.unit(leader).id.clone();
    execute(
        world,
        Command::Activate {
            leader: id,
            units: Vec::new(),
        },
    );
}

/// Roll the chosen stack's march allowance (GCACW), without moving yet.
fn march(world: &mut World) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let sel = world.resource::<Selection>().clone();
    let movers = super::moves::movers(g, &sel);
    if movers.is_empty() {
        notice(world, "Choose a stack of yours to march", true);
        return;
    }
    let ids: Vec<String> = movers.iter().map(|u| g.unit(*u).id.clone()).collect();
    execute(world, Command::March { units: ids });
}

/// The pointer is over hex `h` of the map (or off it): it becomes the hovered hex, unless it
/// leaves the hex of a hovered (unpinned) attack for one without an enemy, when the attack's
/// preview is held for [`HOVER_HOLD_SECS`] (time to reach the panel's "Attack!" button).
fn hover(world: &mut World, h: Option<Coord>) {
    let now = world
        .get_resource::<Time>()
        .map_or(0.0, |t| t.elapsed_secs_f64());
    let sel = world.resource::<Selection>();
    if sel.hover == h {
        if sel.hover_left.is_some() || sel.pointer_on_panel {
            let mut sel = world.resource_mut::<Selection>();
            sel.hover_left = None;
            sel.pointer_on_panel = false;
        }
        return;
    }
    let preview = world.resource::<Preview>();
    let previewing = !preview.pinned
        && preview
            .request
            .as_ref()
            .is_some_and(|r| Some(r.defender) == sel.hover);
    let enemy = world.resource::<Play>().game().is_some_and(|g| {
        h.and_then(|c| g.side_at(c))
            .is_some_and(|s| s != g.active_side)
    });
    if previewing && !enemy {
        match sel.hover_left {
            Some(t) if now - t < HOVER_HOLD_SECS => return,
            None => {
                let mut sel = world.resource_mut::<Selection>();
                sel.hover_left = Some(now);
                sel.pointer_on_panel = false;
                return;
            }
            _ => {}
        }
    }
    let mut sel = world.resource_mut::<Selection>();
    sel.hover = h;
    sel.hover_left = None;
    sel.pointer_on_panel = false;
}

/// The attack the current selection describes, if any.
pub fn current_request(
    g: &crate::rules::game::Game,
    sel: &Selection,
) -> Option<(AttackRequest, bool)> {
    let (target, pinned) = match sel.target {
        Some(t) => (t, true),
        None => {
            let h = sel.hover?;
            (h, false)
        }
    };
    let enemy = g.side_at(target).is_some_and(|s| s != g.active_side);
    if !enemy {
        return None;
    }
    let attackers: Vec<UnitIdx> = sel
        .units
        .iter()
        .copied()
        .filter(|u| {
            let unit = g.unit(*u);
            unit.side == g.active_side && unit.hex.is_some_and(|h| h.is_adjacent(target))
        })
        .collect();
    if attackers.is_empty() {
        return None;
    }
    // The type the rules give these attackers (GCACW: from several hexes, a grand assault).
    let kind = g.rules.kind_for(g, &attackers, sel.kind);
    // GCACW's action phase: an assault names the leader who leads it; the player chooses
    // the units and the hex, the rules find him (`rules::assault`).
    let probe = AttackRequest::new(attackers.clone(), target, kind);
    let attackers = crate::rules::actions::with_leader(
        g,
        &attackers,
        crate::rules::ruleset::kind_of(g, &probe),
    );
    Some((
        AttackRequest {
            attackers,
            defender: target,
            kind,
            march_type: None,
            options: sel.options.clone(),
        },
        pinned,
    ))
}

fn update_preview(play: Res<Play>, sel: Res<Selection>, mut preview: ResMut<Preview>) {
    if let Some(new) = next_preview(&play, &sel, &preview) {
        *preview = new;
    }
}

/// The preview the selection asks for, when it is not the one held (`None`: the held one
/// stands). The attack's odds, its command and `validate`'s verdict on it are worked out here,
/// once for each change of the game or of the attack; the panel only reads them.
fn next_preview(play: &Play, sel: &Selection, preview: &Preview) -> Option<Preview> {
    let cleared = || (preview.request.is_some() || preview.odds.is_some()).then(Preview::default);
    let Some(p) = &play.0 else {
        return cleared();
    };
    let g = &p.session.game;
    let req = current_request(g, sel);
    let key = req.as_ref().map(|(r, _)| {
        (
            p.revision,
            r.attackers.clone(),
            Some(r.defender),
            r.kind,
            r.options.clone(),
        )
    });
    if key == preview.key && preview.key.is_some() == req.is_some() {
        return None;
    }
    let Some((r, pinned)) = req else {
        return cleared();
    };
    // The side that may make it (Shiloh's Final Defensive Fire is the other side's), as
    // `validate` will judge it; then the odds.
    let odds = crate::rules::command::attack_turn(g, &r)
        .map_err(|e| e.to_string())
        .and_then(|()| g.rules.odds(g, &r).map_err(|e| e.to_string()));
    // The command the Attack button sends, and why `validate` refuses it now if it does: out
    // of its phase (a movement phase, the other side's fire), or beyond what the action allows
    // (GCACW: an assault is a leader's action of its own).
    let command = crate::rules::ai::options::attack_cmd(g, &r);
    let refusal = crate::rules::command::validate(g, &command)
        .err()
        .map(|e| e.to_string());
    Some(Preview {
        request: Some(r),
        odds: Some(odds),
        command: Some(command),
        refusal,
        pinned,
        key,
    })
}

/// Roll the previewed attack: the command the preview holds. When this frame's actions have
/// changed the selection or the game since the preview was made (the autotest's clicks and
/// Enter come in one frame), the preview of the selection now is worked out for it.
fn confirm_attack(world: &mut World) {
    if world.resource::<HandOver>().waiting.is_some() {
        return;
    }
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let held = world.resource::<Preview>();
    let made = next_preview(
        world.resource::<Play>(),
        world.resource::<Selection>(),
        held,
    );
    let preview = made.as_ref().unwrap_or(held);
    let (Some(req), Some(cmd)) = (preview.request.clone(), preview.command.clone()) else {
        notice(
            world,
            "Choose attacking units, then an adjacent enemy hex",
            true,
        );
        return;
    };
    // Log the modifiers the attack is made with, as previewed.
    if let Ok(odds) = g.rules.odds(g, &req) {
        let turn = g.turn;
        let lines: Vec<LogLine> = odds
            .lines
            .iter()
            .map(|l| LogLine {
                turn,
                text: format!("  {} {} {}: {}", l.role.name(), l.name, l.value, l.detail),
                kind: LogKind::Attack,
            })
            .collect();
        world.resource_mut::<CombatLog>().lines.extend(lines);
    }
    if execute(world, cmd) {
        let mut s = world.resource_mut::<Selection>();
        s.target = None;
        // Keep the surviving attackers chosen.
        let keep: Vec<UnitIdx> = s.units.clone();
        let Some(g) = world.resource::<Play>().game() else {
            return;
        };
        let alive: Vec<UnitIdx> = keep.into_iter().filter(|u| g.unit(*u).on_map()).collect();
        world.resource_mut::<Selection>().units = alive;
    }
}

fn advance(world: &mut World, yes: bool) {
    let Some(g) = world.resource::<Play>().game() else {
        return;
    };
    let Some(opt) = g.advance_option.clone() else {
        return;
    };
    // Declining is the advance of no units: a command like any other, in the log and the
    // turn file.
    let ids = match yes {
        true => opt.units.iter().map(|u| g.unit(*u).id.clone()).collect(),
        false => Vec::new(),
    };
    if execute(world, Command::Advance { units: ids }) && yes {
        let mut s = world.resource_mut::<Selection>();
        s.hex = Some(opt.hex);
    }
}

/// Start the game the command line asked for (a scenario file, or the default scenario).
pub fn start_from_args(
    world: &mut World,
    scenario: Option<PathBuf>,
    mode: Mode,
) -> Result<(), String> {
    let source = match scenario {
        Some(p) => Source::File(p),
        None => Source::Builtin(DEFAULT_SCENARIO),
    };
    start_game(world, source, mode, true)
}
