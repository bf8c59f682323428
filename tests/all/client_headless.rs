//! The client's logic under `MinimalPlugins`: selection, the attack preview (equal to the
//! rules' odds), attacks, undo, end of turn and hot-seat hand-over, save and load, the menu's
//! scenario list.
#![cfg(feature = "client")]

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{
    Action, CombatLog, Feed, HandOver, Mode, Play, Preview, Screen, Selection, Settings, Source,
};
use musket::rules::attack::AttackType;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musket-headless-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn app(data: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(temp_dir(data)),
        // The Union wins the first initiative roll of a GCACW action phase with this seed.
        seed: Some(1864),
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.update();
    app
}

fn send(app: &mut App, a: Action) {
    app.world_mut().write_message(a);
    app.update();
}

/// Start a game; a GCACW game is taken past its leader-transfer phases (E for each side, the
/// hand-over confirmed in hot-seat) to its first action phase, where these tests begin. The
/// commands that took: the log's length then.
fn start(app: &mut App, name: &'static str, mode: Mode) -> usize {
    send(
        app,
        Action::Start {
            source: Source::Builtin(name),
            mode,
            handover: true,
        },
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    pass_transfers(app)
}

/// Pass the leader-transfer phases of the game's turn (GCACW plays them from turn 1), confirming
/// any hand-over; the log's length after.
fn pass_transfers(app: &mut App) -> usize {
    use musket::rules::sequence::Allow;
    for _ in 0..8 {
        if app.world().resource::<HandOver>().waiting.is_some() {
            send(app, Action::HandOverDone);
            continue;
        }
        let g = app.world().resource::<Play>().game().unwrap();
        if !g
            .sequence
            .phase(g.phase)
            .allows
            .contains(&Allow::LeaderTransfer)
        {
            break;
        }
        send(app, Action::EndPhase);
    }
    app.world()
        .resource::<Play>()
        .0
        .as_ref()
        .unwrap()
        .session
        .log
        .len()
}

fn click(app: &mut App, label: &str, add: bool) {
    let h = hex(app, label);
    send(app, Action::Click { hex: h, add });
}

fn hex(app: &App, label: &str) -> musket::rules::hex::Coord {
    app.world()
        .resource::<Play>()
        .game()
        .unwrap()
        .scenario
        .parse_hex(label)
        .unwrap()
}

fn unit(app: &App, id: &str) -> musket::rules::unit::UnitIdx {
    app.world()
        .resource::<Play>()
        .game()
        .unwrap()
        .unit_by_id(id)
        .unwrap()
}

#[test]
fn clicking_a_stack_selects_the_active_sides_units() {
    let mut app = app("select");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    let h = hex(&app, "0707");
    send(&mut app, Action::Click { hex: h, add: false });
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!(sel.hex, Some(h));
    assert_eq!(
        sel.units,
        vec![unit(&app, "usa-cox"), unit(&app, "usa-crook")]
    );
    // Ctrl-click adds another stack.
    click(&mut app, "0708", true);
    assert_eq!(app.world().resource::<Selection>().units.len(), 3);
    // Clicking an enemy stack with nothing chosen only inspects it.
    send(&mut app, Action::ClearSelection);
    click(&mut app, "0607", false);
    let sel = app.world().resource::<Selection>().clone();
    assert!(sel.units.is_empty() && sel.target.is_none());
    assert_eq!(sel.hex, Some(hex(&app, "0607")));
}

#[test]
fn preview_numbers_equal_the_rules_odds() {
    let mut app = app("preview");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    click(&mut app, "0708", true);
    click(&mut app, "0607", false);
    let preview = app.world().resource::<Preview>();
    let req = preview.request.clone().expect("a previewed attack");
    let shown = preview.odds.clone().unwrap().unwrap();
    // Two hexes: the client asks for a grand assault.
    assert_eq!(req.kind, Some(AttackType::Grand));
    let g = app.world().resource::<Play>().game().unwrap();
    let direct = g.rules.odds(g, &req).unwrap();
    assert_eq!(shown.differential, direct.differential);
    assert_eq!(shown.attacker_results, direct.attacker_results);
    assert_eq!(shown.defender_results, direct.defender_results);
    assert_eq!(
        (shown.p_retreat, shown.p_rout),
        (direct.p_retreat, direct.p_rout)
    );
    assert_eq!(shown.lines, direct.lines);
    // Changing the type updates the preview at once.
    send(&mut app, Action::SetKind(Some(AttackType::March)));
    let p = app.world().resource::<Preview>();
    assert!(
        p.odds.as_ref().unwrap().is_err(),
        "a march with several units is refused"
    );
    // Removing a unit updates it too.
    let u = unit(&app, "usa-scammon");
    send(&mut app, Action::ToggleUnit(u));
    send(&mut app, Action::SetKind(None));
    let p = app.world().resource::<Preview>();
    assert_eq!(p.request.as_ref().unwrap().attackers.len(), 2);
    assert!(p.odds.as_ref().unwrap().is_ok());
}

#[test]
fn confirming_an_attack_rolls_logs_and_feeds_the_view() {
    let mut app = app("attack");
    let base = start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    click(&mut app, "0607", false);
    let before = app
        .world()
        .resource::<Play>()
        .0
        .as_ref()
        .unwrap()
        .session
        .dice
        .rolls();
    send(&mut app, Action::ConfirmAttack);
    let play = app.world().resource::<Play>().0.as_ref().unwrap();
    assert!(play.session.dice.rolls() >= before + 2);
    assert_eq!(play.session.log.len(), base + 1);
    let log = app.world().resource::<CombatLog>();
    assert!(
        log.lines.iter().any(|l| l.text.contains("Attacker's die")),
        "{:?}",
        log.lines
    );
    assert!(log.lines.iter().any(|l| l.text.contains("Ratio")));
    // The initiative roll that opened the action phase (after the transfer phases, one batch
    // each), then the attack.
    let feed = &app.world().resource::<Feed>().batches;
    assert_eq!(feed.len(), base + 1);
    assert!(
        feed[base - 1]
            .iter()
            .any(|e| matches!(e, musket::rules::event::Event::InitiativeRolled { .. }))
    );
    // A die was rolled: nothing to undo.
    assert_eq!(play.session.undoable(), 0);
}

#[test]
fn moving_and_undo() {
    // Free movement: the move is the point here, not its cost.
    let mut app = app("move");
    app.world_mut().resource_mut::<Settings>().free_movement = true;
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    let from = hex(&app, "1105");
    send(
        &mut app,
        Action::Click {
            hex: from,
            add: false,
        },
    );
    let to = hex(&app, "1107");
    send(
        &mut app,
        Action::Click {
            hex: to,
            add: false,
        },
    );
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.unit(g.unit_by_id("usa-willcox").unwrap()).hex, Some(to));
    send(&mut app, Action::Undo);
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.unit(g.unit_by_id("usa-willcox").unwrap()).hex, Some(from));
}

/// The game's dice rolls, its command log length and where every unit is.
fn snapshot(app: &App) -> (u64, usize, Vec<Option<musket::rules::hex::Coord>>) {
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    (
        p.session.dice.rolls(),
        p.session.log.len(),
        p.session.game.units.iter().map(|u| u.hex).collect(),
    )
}

// Issue 9: a move out of reach is refused with the reason in the status line, and changes
// nothing (no march die is rolled for it either).
#[test]
fn a_move_out_of_reach_is_refused_and_changes_nothing() {
    let mut app = app("refused");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "1105", false);
    let before = snapshot(&app);
    // Ten hexes west, across the crest: beyond even the largest march roll.
    let far = hex(&app, "0105");
    send(&mut app, Action::MoveTo(far));
    assert_eq!(snapshot(&app), before);
    let (text, error) = app
        .world()
        .resource::<musket::client::core::Notice>()
        .text
        .clone()
        .unwrap();
    assert!(error && text.contains("0105"), "{text}");
    assert!(
        text.contains("out of reach") || text.contains("No legal path"),
        "{text}"
    );
    // An enemy-held hex too.
    let enemy = hex(&app, "0607");
    send(&mut app, Action::MoveTo(enemy));
    assert_eq!(snapshot(&app), before);
}

// Issue 16 item 1: Prentiss with his 1st Brigade (Hornets' Nest) may move to 0305, each paying
// its own price; the client offers the hex, the cost tooltip gives each unit's cost, and the
// move is made (before, it was refused: "the cheapest path costs 19 OP, the stack has 16 OP
// left").
#[test]
fn a_leader_and_his_brigade_move_where_the_rules_let_them() {
    let mut app = app("stack-reach");
    start(&mut app, "shiloh-hornets-nest.ron", Mode::Solitaire);
    click(&mut app, "0503", false);
    let b1 = unit(&app, "usa-prentiss-b1");
    let leader = unit(&app, "usa-prentiss");
    let sel = app.world().resource::<Selection>().units.clone();
    assert!(sel.contains(&b1) && sel.contains(&leader), "{sel:?}");
    let target = hex(&app, "0305");
    {
        let r = app.world().resource::<musket::client::moves::MoveReach>();
        let g = app.world().resource::<Play>().game().unwrap();
        assert!(r.can_reach(g, target), "0305 is in the stack's reach");
        let tip = musket::client::moves::tip_lines(g, r, target).join("\n");
        assert!(tip.contains("each unit pays its own price"), "{tip}");
        assert!(
            tip.contains("Prentiss's 1st Brigade:") && tip.contains("Prentiss:"),
            "{tip}"
        );
    }
    send(&mut app, Action::MoveTo(target));
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.unit(b1).hex, Some(target));
    assert_eq!(g.unit(leader).hex, Some(target));
}

// GCACW: the first move of a stack in a turn rolls its march allowance (a die, logged, on
// screen), then moves within it; a unit may always move one hex.
#[test]
fn a_gcacw_move_rolls_the_march_die_first() {
    let mut app = app("march");
    let base = start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "1105", false);
    let (rolls, _, _) = snapshot(&app);
    let to = hex(&app, "1005");
    send(&mut app, Action::MoveTo(to));
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    assert_eq!(p.session.dice.rolls(), rolls + 1);
    assert!(matches!(
        p.session.log[base],
        musket::rules::order::Command::March { .. }
    ));
    let g = &p.session.game;
    let w = g.unit(g.unit_by_id("usa-willcox").unwrap());
    assert_eq!(w.hex, Some(to));
    assert!(w.march.is_some());
    let left = musket::rules::movement::budget(g, g.unit_by_id("usa-willcox").unwrap()).left;
    let log = app.world().resource::<CombatLog>();
    assert!(
        log.lines.iter().any(|l| l.text.contains("marches: dice")),
        "{:?}",
        log.lines
    );
    // The reach the view shades is what is left now.
    app.update();
    let r = app.world().resource::<musket::client::moves::MoveReach>();
    assert_eq!(r.left, left);
}

/// Where the game stands: turn, the side to act, whether it is over.
fn standing(app: &App) -> (u32, u8, bool) {
    let g = app.world().resource::<Play>().game().unwrap();
    (g.turn, g.active_side.0, g.is_over())
}

// GCACW's action phase (issue 17): E ends the action, or passes; the hand-over screen comes
// up each time the initiative passes to the other player, and nothing happens on the map
// until that player confirms; the phase (the game turn) ends when both pass in a row.
#[test]
fn end_turn_passes_to_the_other_side_with_a_hand_over_in_hot_seat() {
    let mut app = app("turns");
    start(&mut app, "foxs-gap.ron", Mode::HotSeat);
    assert_eq!(standing(&app), (1, 0, false));
    let mut handovers = 0;
    for _ in 0..200 {
        let (turn, side, _) = standing(&app);
        if turn == 2 {
            break;
        }
        send(&mut app, Action::EndTurn);
        let (_, now, over) = standing(&app);
        let waiting = app.world().resource::<HandOver>().waiting;
        if now != side && !over {
            assert_eq!(waiting, Some(musket::rules::unit::SideId(now)));
            handovers += 1;
            // Nothing happens on the map until the next player confirms.
            let log = app
                .world()
                .resource::<Play>()
                .0
                .as_ref()
                .unwrap()
                .session
                .log
                .len();
            send(&mut app, Action::EndTurn);
            let p = app.world().resource::<Play>().0.as_ref().unwrap();
            assert_eq!(
                (p.session.log.len(), p.session.game.active_side.0),
                (log, now)
            );
            send(&mut app, Action::HandOverDone);
        } else {
            // The same player won the initiative again: no hand-over.
            assert_eq!(waiting, None);
        }
    }
    assert_eq!(standing(&app).0, 2, "two passes in a row end the turn");
    assert!(handovers >= 1);
    // Each change of player autosaves.
    let dir = app
        .world()
        .resource::<Settings>()
        .data_dir
        .clone()
        .unwrap()
        .join("saves");
    assert!(dir.join("autosave-foxs-gap.ron").is_file());
}

// The setting for short activations: between the actions of one phase the players share the
// screen; the hand-over comes when the phase (here the game turn) ends.
#[test]
fn the_hand_over_can_wait_for_the_end_of_the_action_phase() {
    let mut app = app("turns-short");
    app.world_mut()
        .resource_mut::<Settings>()
        .handover_phases_only = true;
    start(&mut app, "foxs-gap.ron", Mode::HotSeat);
    let mut changes = 0;
    for _ in 0..200 {
        let (turn, side, _) = standing(&app);
        send(&mut app, Action::EndTurn);
        let (now_turn, now, _) = standing(&app);
        let waiting = app.world().resource::<HandOver>().waiting;
        if now_turn == turn {
            assert_eq!(waiting, None);
            changes += usize::from(now != side);
        } else {
            assert_eq!(waiting.is_some(), now != side);
            break;
        }
    }
    assert!(changes >= 1, "the initiative never changed hands");
}

// The initiative's roll, the actions taken and what E does are on the phase bar's line.
#[test]
fn the_action_phase_status_names_the_initiative_and_what_ends_it() {
    let mut app = app("status");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    let g = app.world().resource::<Play>().game().unwrap();
    let line = musket::rules::gate::status_line(g).unwrap();
    assert_eq!(
        line,
        "Action phase: Union has the initiative, to act or pass"
    );
    assert!(g.cycle.rolled.is_some() && g.cycle.winner == Some(musket::rules::unit::SideId(0)));
    // The opening roll is in the log for the player to see.
    assert!(
        app.world()
            .resource::<CombatLog>()
            .lines
            .iter()
            .any(|l| l.text.starts_with("Initiative: Union ")),
        "{:?}",
        app.world().resource::<CombatLog>().lines
    );
}

#[test]
fn solitaire_has_no_hand_over_and_the_game_ends_after_the_last_turn() {
    let mut app = app("solo");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    for _ in 0..2000 {
        if standing(&app).2 {
            break;
        }
        send(&mut app, Action::EndTurn);
        assert_eq!(app.world().resource::<HandOver>().waiting, None);
    }
    assert!(app.world().resource::<Play>().game().unwrap().is_over());
}

#[test]
fn save_and_load_round_trip_to_the_identical_state() {
    let mut app = app("save");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    click(&mut app, "0607", false);
    send(&mut app, Action::ConfirmAttack);
    send(&mut app, Action::EndTurn);
    let path = musket::client::core::save_game(app.world_mut(), false).unwrap();
    assert!(path.is_file());
    let (units, turn, rolls) = {
        let s = &app.world().resource::<Play>().0.as_ref().unwrap().session;
        (s.game.units.clone(), s.game.turn, s.dice.rolls())
    };
    // Play on, then load: the saved state comes back exactly.
    send(&mut app, Action::EndTurn);
    send(&mut app, Action::Load(path));
    let s = &app.world().resource::<Play>().0.as_ref().unwrap().session;
    assert_eq!(s.game.units, units);
    assert_eq!((s.game.turn, s.dice.rolls()), (turn, rolls));
}

#[test]
fn menu_lists_scenarios_and_shows_errors_instead_of_crashing() {
    let dir = temp_dir("menu");
    std::fs::write(dir.join("broken.ron"), "(title: \"x\", ruleset: \"gcacw\"").unwrap();
    std::fs::write(
        dir.join("good.ron"),
        include_str!("../../scenarios/example-flank.ron"),
    )
    .unwrap();
    let settings = Settings {
        scenario_dirs: vec![dir.clone()],
        ..Default::default()
    };
    let entries = musket::client::ui::scan_scenarios(&settings);
    let broken = entries
        .iter()
        .find(|e| e.label.contains("broken.ron"))
        .unwrap();
    assert!(broken.result.as_ref().unwrap_err().contains("broken.ron:"));
    assert!(
        entries
            .iter()
            .any(|e| e.label.contains("good.ron") && e.result.is_ok())
    );
    // The built-in scenarios are listed too, three playable GCACW scenarios among them.
    let playable = entries
        .iter()
        .filter(|e| e.result.as_ref().is_ok_and(|s| s.ruleset == "gcacw"))
        .count();
    assert!(playable >= 4);
    let big = entries
        .iter()
        .filter_map(|e| e.result.as_ref().ok())
        .find(|s| s.title.contains("South Mountain"))
        .unwrap();
    assert!(big.units >= 60);
    // Starting the broken file shows an error and keeps the menu.
    let mut app = app("menu-start");
    send(
        &mut app,
        Action::Start {
            source: Source::File(dir.join("broken.ron")),
            mode: Mode::Solitaire,
            handover: true,
        },
    );
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    let n = app.world().resource::<musket::client::core::Notice>();
    assert!(n.text.as_ref().unwrap().0.contains("broken.ron"));
}

/// Issue 38, item 7: the menu lists Shiloh 1862 first among the Shiloh battles (built in, and
/// from the scenarios folder), with its briefing and a map picture drawn from its hexes:
/// taller than wide like its 24 x 39 map, with terrain, the Tennessee's blue, gold victory
/// rings and both sides' unit colours. Every listed scenario gets a picture.
#[test]
fn menu_lists_shiloh_1862_first_among_shiloh_battles_with_a_map_picture() {
    use bevy::color::ColorToPacked;
    use musket::client::thumbnail::{VICTORY_GOLD, side_colour};
    use musket::client::ui::screens::menu::{THUMBNAIL_SIZE, entry_thumbnail};
    use musket::rules::unit::SideId;
    for dirs in [Vec::new(), vec![PathBuf::from("scenarios")]] {
        let settings = Settings {
            scenario_dirs: dirs.clone(),
            ..Default::default()
        };
        let entries = musket::client::ui::scan_scenarios(&settings);
        let shiloh: Vec<_> = entries
            .iter()
            .filter(|e| e.result.as_ref().is_ok_and(|s| s.ruleset == "shiloh"))
            .collect();
        assert!(shiloh.len() >= 2, "{dirs:?}");
        assert!(
            shiloh[0].label.contains("shiloh-1862.ron"),
            "{dirs:?}: {}",
            shiloh[0].label
        );
        let summary = shiloh[0].result.as_ref().unwrap();
        assert!(
            summary
                .briefing
                .as_ref()
                .unwrap()
                .contains("Pittsburg Landing")
        );
        let t = entry_thumbnail(shiloh[0]).unwrap();
        assert_eq!(t.height, THUMBNAIL_SIZE[1]);
        assert!(t.width < t.height && t.width > t.height / 2, "{t:?}");
        let sc = musket::client::state::load_scenario(&shiloh[0].source).unwrap();
        let count = |c: [u8; 4]| {
            (0..t.height)
                .flat_map(|y| (0..t.width).map(move |x| (x, y)))
                .filter(|(x, y)| t.pixel(*x, *y) == c)
                .count()
        };
        assert!(
            count(VICTORY_GOLD) > 12 * 4,
            "gold rings of 12 victory hexes"
        );
        assert!(count(side_colour(&sc, SideId(0))) > 20, "Confederate units");
        assert!(count(side_colour(&sc, SideId(1))) > 20, "Union units");
        let river = musket::client::map::style::MAJOR_RIVER.0.to_srgba();
        let river = river.to_u8_array();
        assert!(
            count(river) > t.height / 2,
            "the Tennessee along the east edge"
        );
        // A corner off the hexes stays transparent; the middle is terrain.
        assert_eq!(t.pixel(0, 0)[3], 0);
        assert_eq!(t.pixel(t.width / 2, t.height / 2)[3], 255);
        for e in entries.iter().filter(|e| e.result.is_ok()) {
            let t = entry_thumbnail(e).unwrap_or_else(|| panic!("{}", e.label));
            assert!(t.width <= THUMBNAIL_SIZE[0] && t.height <= THUMBNAIL_SIZE[1]);
            assert!(t.rgba.chunks(4).filter(|p| p[3] == 255).count() > t.rgba.len() / 8);
        }
    }
}

#[test]
fn moving_into_enemy_zoc_warns_and_ends_the_move() {
    let mut app = app("zocwarn");
    // A clear 6x6 map: a Union brigade with 6 MP in 0102, a Confederate one in 0404.
    let text = r#"(title: "ZOC", ruleset: "gcacw", sides: ["Union", "Confederate"],
        map: (columns: 6, rows: 6, terrain: ["cccccc", "cccccc", "cccccc", "cccccc", "cccccc", "cccccc"]),
        units: [
            (id: "u", name: "U", side: "Union", kind: Infantry, hex: "0102", strength: Organized(4), movement: 6),
            (id: "c", name: "C", side: "Confederate", kind: Infantry, hex: "0404", strength: Organized(4)),
        ])"#;
    let dir = temp_dir("zocwarn-scenario");
    let file = dir.join("zoc.ron");
    std::fs::write(&file, text).unwrap();
    send(
        &mut app,
        Action::Start {
            source: Source::File(file),
            mode: Mode::Solitaire,
            handover: false,
        },
    );
    app.update();
    click(&mut app, "0102", false);
    app.update();
    // A hex in reach where the move must end (an enemy zone of control).
    let (to, g_units) = {
        let g = app.world().resource::<Play>().game().unwrap();
        let r = app.world().resource::<musket::client::moves::MoveReach>();
        let reach = r.reach.as_ref().unwrap();
        let to = reach
            .hexes()
            .map(|h| g.map().coord(h.index))
            .find(|c| Some(*c) != r.from && reach.stops(g, *c))
            .expect("an enemy ZOC hex within reach");
        (to, g.unit_by_id("u").unwrap())
    };
    send(&mut app, Action::MoveTo(to));
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.unit(g_units).hex, Some(to));
    assert!(g.unit(g_units).stopped);
    let n = app.world().resource::<musket::client::core::Notice>();
    let (text, error) = n.text.clone().unwrap();
    assert!(
        text.contains("zone of control at") && text.contains(&g.label(to)) && !error,
        "{text}"
    );
    // Its move is over for this turn.
    let next = to
        .neighbors()
        .into_iter()
        .find(|n| g.map().contains(*n) && g.units_at(*n).is_empty())
        .unwrap();
    let before = snapshot(&app);
    send(&mut app, Action::MoveTo(next));
    assert_eq!(snapshot(&app), before);
}

/// Frames of `ms` milliseconds each from now on (the hover hold counts game time).
fn step_time(app: &mut App, ms: u64) {
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(ms),
    ));
}

/// Fox's Gap with Cox and Crook (0707) chosen and the pointer on Garland (0607): its attack
/// previewed, not pinned. Frames of 100 ms.
fn hovering_an_attack(name: &str) -> (App, musket::rules::hex::Coord) {
    let mut app = app(name);
    step_time(&mut app, 100);
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    let target = hex(&app, "0607");
    send(&mut app, Action::Hover(Some(target)));
    app.update();
    assert_eq!(previewed(&app), Some(target));
    assert!(!app.world().resource::<Preview>().pinned);
    (app, target)
}

fn previewed(app: &App) -> Option<musket::rules::hex::Coord> {
    app.world()
        .resource::<Preview>()
        .request
        .as_ref()
        .map(|r| r.defender)
}

// Issue 8.14: the hover preview disappeared as the pointer travelled from the target hex to the
// panel's "Attack!" button. It is held while the pointer crosses hexes without an enemy and
// for as long as it stays on the panel, so the button can be clicked.
#[test]
fn a_hovered_attack_stays_previewed_on_the_way_to_the_panel() {
    let (mut app, target) = hovering_an_attack("hover-hold");
    let base = app
        .world()
        .resource::<Play>()
        .0
        .as_ref()
        .unwrap()
        .session
        .log
        .len();
    // On the way to the panel: an empty hex, then a friendly one, within the hold.
    for h in ["0807", "0808"] {
        let h = hex(&app, h);
        send(&mut app, Action::Hover(Some(h)));
        assert_eq!(previewed(&app), Some(target), "over {h:?}");
    }
    // On the panel, for as long as the player reads it.
    send(&mut app, Action::PointerOnPanel);
    for _ in 0..30 {
        send(&mut app, Action::PointerOnPanel);
    }
    assert_eq!(previewed(&app), Some(target));
    assert!(!app.world().resource::<Selection>().pointer_on_hover());
    // "Attack!" rolls the attack that was hovered.
    send(&mut app, Action::ConfirmAttack);
    let play = app.world().resource::<Play>().0.as_ref().unwrap();
    assert_eq!(play.session.log.len(), base + 1);
    assert!(matches!(
        &play.session.log[base],
        musket::rules::order::Command::Attack { defender, .. } if defender == "0607"
    ));
}

// The hold ends when the pointer rests on a hex without an enemy, and at once on another enemy
// hex.
#[test]
fn a_hovered_attack_is_dropped_when_the_pointer_stays_elsewhere() {
    let (mut app, target) = hovering_an_attack("hover-drop");
    let empty = hex(&app, "0807");
    for _ in 0..10 {
        send(&mut app, Action::Hover(Some(empty)));
    }
    assert_eq!(app.world().resource::<Selection>().hover, Some(empty));
    assert_eq!(previewed(&app), None);
    // Another enemy hex replaces the preview at once.
    send(&mut app, Action::Hover(Some(target)));
    app.update();
    let other = hex(&app, "0606");
    send(&mut app, Action::Hover(Some(other)));
    app.update();
    assert_eq!(previewed(&app), Some(other));
}

// Issue 8.13: Fox's Gap opened with a counter's numbers about 6 px tall. Every shipped scenario
// opens at a zoom where the smallest counter text is at least 10 px, the whole map in view
// where it fits at that zoom, and the view over the map.
#[test]
fn every_scenario_opens_with_legible_counters() {
    use musket::client::input::{LEGIBLE_PX, opening_view};
    use musket::client::units::TEXT_SMALLEST;
    let window = Vec2::new(1280.0, 720.0);
    // The panels of a 1280x720 window: the top bar, the inspector's room, the right panel.
    let free = Rect::new(280.0, 44.0, 1280.0 - 360.0, 720.0);
    for (name, _) in musket::client::core::BUILTIN {
        let mut app = app("zoom");
        start(&mut app, name, Mode::Solitaire);
        let g = app.world().resource::<Play>().game().unwrap();
        let (scale, at) = opening_view(g, free, window);
        assert!(
            TEXT_SMALLEST / scale >= LEGIBLE_PX - 1e-3,
            "{name}: the smallest counter text is {:.1} px",
            TEXT_SMALLEST / scale
        );
        // The view's centre (the free area's centre in world units) is over the map.
        let off = free.center() - window / 2.0;
        let centre = Vec2::new(at.x + off.x * scale, at.y - off.y * scale);
        let hex = musket::client::layout::world_to_hex(g.map().orientation(), centre);
        assert!(
            g.map().contains(hex),
            "{name}: the view is centred off the map"
        );
        // The side to move sees some of its units (Wilson's Creek opened on the empty ground
        // between Lyon's and Sigel's columns).
        let o = g.map().orientation();
        let seen = g
            .units
            .iter()
            .filter(|u| u.on_map() && u.side == g.active_side && !u.is_leader())
            .filter_map(|u| u.hex)
            .any(|h| {
                let p = musket::client::layout::hex_to_world(o, h);
                free.contains((p - at) / scale * Vec2::new(1.0, -1.0) + window / 2.0)
            });
        assert!(seen, "{name}: no unit of the side to move in view");
        if name.starts_with("example") {
            // A small map is shown whole.
            let map = g.map();
            for c in [(1, 1), (map.columns() as i32, map.rows() as i32)] {
                let p = musket::client::layout::hex_to_world(
                    map.orientation(),
                    musket::rules::hex::Coord::new(c.0, c.1),
                );
                let screen = (p - at) / scale * Vec2::new(1.0, -1.0) + window / 2.0;
                assert!(free.contains(screen), "{name}: hex {c:?} is out of view");
            }
        }
    }
}

// Issue 16 item 7: a map zoomed out so that it fits is centred in the space between the panels,
// not in the window: its east edge is left of the right panel, its west edge right of the left
// one, with equal margins; when the right panel widens, it moves to stay centred between them.
#[test]
fn a_fitting_map_is_centred_between_the_panels() {
    use musket::client::input::{UiRects, centred_view, free_area};
    let window = Vec2::new(1280.0, 720.0);
    let lo = Vec2::new(0.0, -900.0);
    let hi = Vec2::new(1800.0, 0.0);
    for right_width in [360.0f32, 460.0] {
        let rects = UiRects(vec![
            Rect::new(0.0, 0.0, 1280.0, 44.0),
            Rect::new(0.0, 44.0, 270.0, 720.0),
            Rect::new(1280.0 - right_width, 44.0, 1280.0, 720.0),
        ]);
        let free = free_area(&rects, window);
        assert_eq!(free, Rect::new(270.0, 44.0, 1280.0 - right_width, 720.0));
        let scale = 4.0; // 1800 world units over 450 screen pixels: fits
        let cam = centred_view(lo, hi, free, window, scale, Vec2::ZERO);
        // World x to screen x: the camera's x sits at the window's middle.
        let screen_x = |x: f32| window.x / 2.0 + (x - cam.x) / scale;
        let (west, east) = (screen_x(lo.x), screen_x(hi.x));
        assert!(
            east <= free.max.x && west >= free.min.x,
            "{west}..{east} in {free:?}"
        );
        assert!(((west - free.min.x) - (free.max.x - east)).abs() < 0.01);
        // Screen y (down) of the map's top and bottom, centred between the top bar and the foot.
        let screen_y = |y: f32| window.y / 2.0 - (y - cam.y) / scale;
        let (top, bottom) = (screen_y(hi.y), screen_y(lo.y));
        assert!(((top - free.min.y) - (free.max.y - bottom)).abs() < 0.01);
    }
    // A map that does not fit is left where the player put it.
    let free = Rect::new(270.0, 44.0, 920.0, 720.0);
    let at = Vec2::new(123.0, -45.0);
    assert_eq!(centred_view(lo, hi, free, window, 1.0, at), at);
}

// Issue 17: GBACW's sequence of play in the window's logic: the phase bar's line follows the
// phases, End phase goes to the next, and in hot-seat the hand-over screen comes up whenever
// the side that acts changes (the Union's defensive fire in the Confederate player-turn).
#[test]
fn gbacw_phases_advance_and_hand_over_when_the_acting_side_changes() {
    use musket::rules::gate::status_line;
    use musket::rules::unit::SideId;
    let mut app = app("phases");
    start(&mut app, "gbacw-bloody-hill.ron", Mode::HotSeat);
    if app.world().resource::<HandOver>().waiting.is_some() {
        send(&mut app, Action::HandOverDone);
    }
    let line = |app: &App| status_line(app.world().resource::<Play>().game().unwrap());
    assert_eq!(
        line(&app).as_deref(),
        Some("Movement (Confederate player-turn, phase 1 of 4)")
    );
    send(&mut app, Action::EndPhase);
    assert_eq!(
        line(&app).as_deref(),
        Some("Defensive fire (Confederate player-turn, phase 2 of 4)")
    );
    assert_eq!(
        app.world().resource::<HandOver>().waiting,
        Some(SideId(1)),
        "the Union fires now: hand over"
    );
    // Nothing changes until the Union player confirms.
    send(&mut app, Action::EndPhase);
    assert!(line(&app).unwrap().starts_with("Defensive fire"));
    send(&mut app, Action::HandOverDone);
    send(&mut app, Action::EndPhase);
    assert!(line(&app).unwrap().starts_with("Offensive fire"));
    assert_eq!(app.world().resource::<HandOver>().waiting, Some(SideId(0)));
    send(&mut app, Action::HandOverDone);
    // Offensive fire to melee: the same side acts, no hand-over.
    send(&mut app, Action::EndPhase);
    assert!(line(&app).unwrap().starts_with("Melee"));
    assert_eq!(app.world().resource::<HandOver>().waiting, None);
    // The log says which phase began.
    let log = app.world().resource::<CombatLog>();
    assert!(
        log.lines
            .iter()
            .any(|l| l.text.contains("Melee (Confederate acts)")),
        "{:?}",
        log.lines
    );
}

// Issue 17: a GCACW leader is activated from the map: choosing his hex shows the button (and
// the radius), C activates him; the group rolls one march and the action is theirs.
#[test]
fn a_leader_is_activated_with_his_command() {
    let mut app = app("activate");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    let g = app.world().resource::<Play>().game().unwrap();
    let sel = app.world().resource::<Selection>().clone();
    let cox = g.unit_by_id("usa-cox").unwrap();
    assert_eq!(
        musket::client::moves::leader_to_activate(g, &sel),
        Some(cox)
    );
    send(&mut app, Action::Activate);
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    assert!(matches!(
        p.session.log.last(),
        Some(musket::rules::order::Command::Activate { leader, .. }) if leader == "usa-cox"
    ));
    let g = &p.session.game;
    assert_eq!(g.cycle.leader, Some(cox));
    let crook = g.unit_by_id("usa-crook").unwrap();
    assert!(g.cycle.units.contains(&crook));
    assert!(g.unit(crook).march.is_some() && g.unit(crook).fatigue == 1);
    // The action has begun: no second activation, and E now ends the action.
    let sel = app.world().resource::<Selection>().clone();
    assert_eq!(musket::client::moves::leader_to_activate(g, &sel), None);
}

// Issue 17: from the second GCACW turn, each side's leader-transfer phase: the status names
// it; a chosen leader right-clicked onto a friendly stack transfers; E passes to the other
// side's transfers, then the action phase.
#[test]
fn leaders_transfer_from_the_map_in_their_phase() {
    let mut app = app("transfer");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    for _ in 0..500 {
        if standing(&app).0 == 2 {
            break;
        }
        send(&mut app, Action::EndTurn);
    }
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.turn, 2);
    assert_eq!(
        musket::rules::gate::status_line(g).unwrap(),
        "Leader transfer (Union acts, phase 1 of 3)"
    );
    let cox = g.unit_by_id("usa-cox").unwrap();
    let from = g.unit(cox).hex.unwrap();
    let to = g.unit(g.unit_by_id("usa-willcox").unwrap()).hex.unwrap();
    send(
        &mut app,
        Action::Click {
            hex: from,
            add: false,
        },
    );
    send(&mut app, Action::MoveTo(to));
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    assert!(
        matches!(
            p.session.log.last(),
            Some(musket::rules::order::Command::TransferLeader { leader, .. }) if leader == "usa-cox"
        ),
        "{:?}",
        p.session.log.last()
    );
    assert_eq!(p.session.game.unit(cox).hex, Some(to));
    send(&mut app, Action::EndTurn);
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.active_side.0, 1);
    send(&mut app, Action::EndTurn);
    let g = app.world().resource::<Play>().game().unwrap();
    assert!(musket::rules::gate::on_initiative(g));
}

// Issue 17: the forced march from the window: after the march roll, F adds to the stack's
// march (GCACW's action phase).
#[test]
fn a_stack_force_marches_after_its_march_roll() {
    let mut app = app("forced");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    click(&mut app, "0707", false);
    send(&mut app, Action::March);
    let g = app.world().resource::<Play>().game().unwrap();
    let crook = g.unit_by_id("usa-crook").unwrap();
    let before = g.unit(crook).march.unwrap();
    send(&mut app, Action::ForceMarch);
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    assert!(matches!(
        p.session.log.last(),
        Some(musket::rules::order::Command::ForceMarch { .. })
    ));
    let after = p.session.game.unit(crook).march.unwrap();
    assert!(after >= before + musket::rules::points::Mp::whole(2));
}

// Issue 17: a GCACW assault is a leader's action of its own (`sequence.assault`). Choosing
// units and an enemy hex is enough: the leader who may lead it is added to the request; units
// whose leader does not stand with them may not assault, and the preview's request says so.
#[test]
fn an_assault_names_its_leader_and_is_the_whole_action() {
    let mut app = app("assault");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(g.scenario.side_name(g.active_side), "Union");
    // Scammon's brigade alone (Cox stands in another hex): no leader for an assault.
    click(&mut app, "0708", false);
    click(&mut app, "0607", false);
    send(&mut app, Action::SetKind(Some(AttackType::Assault)));
    let req = app.world().resource::<Preview>().request.clone().unwrap();
    let g = app.world().resource::<Play>().game().unwrap();
    let cox = g.unit_by_id("usa-cox").unwrap();
    assert!(!req.attackers.contains(&cox));
    let e = musket::rules::command::validate(g, &musket::rules::ai::options::attack_cmd(g, &req))
        .unwrap_err()
        .to_string();
    assert!(e.contains("led by a leader"), "{e}");
    // Crook's brigade, with Cox in its hex but not chosen: he is added and leads it.
    click(&mut app, "0707", false);
    send(&mut app, Action::ToggleUnit(cox));
    assert!(!app.world().resource::<Selection>().units.contains(&cox));
    click(&mut app, "0607", false);
    send(&mut app, Action::SetKind(Some(AttackType::Assault)));
    let req = app.world().resource::<Preview>().request.clone().unwrap();
    assert!(req.attackers.contains(&cox), "{:?}", req.attackers);
    send(&mut app, Action::ConfirmAttack);
    let p = app.world().resource::<Play>().0.as_ref().unwrap();
    assert!(matches!(
        p.session.log.last(),
        Some(musket::rules::order::Command::Attack { attackers, .. })
            if attackers.iter().any(|a| a == "usa-cox")
    ));
    assert!(p.session.game.cycle.assault, "the assault is the action");
}

/// Run frames until the danger overlay's answer (computed on a worker thread) has landed.
fn wait_for_danger(app: &mut App) {
    for _ in 0..2000 {
        if app
            .world()
            .resource::<musket::client::threats::Danger>()
            .key
            .is_some()
        {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.update();
    }
}

// Issue 18: the danger overlay (T) computes, off the frame, the threats to every hex of the
// side to move; a Union stack next to a Confederate brigade is threatened by it, in the words
// of the attack preview.
#[test]
fn the_danger_overlay_lists_the_threats_to_each_hex() {
    let mut app = app("danger");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    send(&mut app, Action::ToggleDanger);
    assert!(
        app.world()
            .resource::<musket::client::state::Overlays>()
            .danger
    );
    wait_for_danger(&mut app);
    let d = app.world().resource::<musket::client::threats::Danger>();
    assert!(d.key.is_some(), "the answer arrives");
    let h = hex(&app, "0707");
    let lines = d.lines(h);
    assert!(
        lines
            .iter()
            // By the unit's name, as a player reads it (issue 34.6), not its id.
            .any(|l| l.contains("Garland's Brigade") && l.contains("P(reach) 100%")),
        "{lines:?}"
    );
    // The same answer as the rules give for that hex.
    let g = app.world().resource::<Play>().game().unwrap();
    let direct = musket::rules::threat::threats(g, h).unwrap();
    assert_eq!(
        lines.len(),
        direct.threats.len() + usize::from(direct.combined.is_some())
    );
    // Off and on again with the game unchanged: the same answer, not computed again.
    let key = d.key;
    send(&mut app, Action::ToggleDanger);
    send(&mut app, Action::ToggleDanger);
    assert_eq!(
        app.world()
            .resource::<musket::client::threats::Danger>()
            .key,
        key,
        "no change, no new computation"
    );
}

// Issue 18: while a move is planned with the overlay on, the hex under the pointer shows the
// danger the chosen stack would be in there, before the move is made.
#[test]
fn a_planned_move_shows_the_danger_there() {
    let mut app = app("danger-plan");
    start(&mut app, "foxs-gap.ron", Mode::Solitaire);
    send(&mut app, Action::ToggleDanger);
    wait_for_danger(&mut app);
    // Scammon's brigade at 0708; 0808, one hex back, is within any march.
    click(&mut app, "0708", false);
    let to = hex(&app, "0808");
    send(&mut app, Action::Hover(Some(to)));
    app.update();
    let d = app.world().resource::<musket::client::threats::Danger>();
    let (key, lines) = d.planned.clone().expect("the danger of the planned move");
    assert_eq!(key.1, to);
    assert!(lines[0].starts_with("Danger at 0808"), "{lines:?}");
    // The rules' answer for the same question.
    let g = app.world().resource::<Play>().game().unwrap();
    let scammon = g.unit_by_id("usa-scammon").unwrap();
    let mut model = musket::rules::threat::ThreatModel::new(g, g.active_side);
    let t = model.danger_if(&[scammon], to).unwrap();
    match t.worst() {
        Some(w) => assert!(lines[0].contains(&musket::rules::threat::text_named(g, w))),
        None => assert!(lines[0].contains("no enemy stack")),
    }
    // The game itself is unchanged: Scammon still stands at 0708.
    assert_eq!(g.unit(scammon).hex, Some(hex(&app, "0708")));
}

// Issue 17 (NGG 1812 8.1): in the French rally phase the top bar names the phase and the
// supply trains left; the inspector's Rally sends the chosen stack's disrupted units, as many
// as the commander's rating allows (Davout, CR 2: two of three), for one train.
#[test]
fn a_rally_from_the_window_spends_one_train_for_the_commanders_rating() {
    let dir = temp_dir("rally-scenario");
    let file = dir.join("rally.ron");
    let rows = vec![format!("{:?}", "c".repeat(8)); 6].join(", ");
    std::fs::write(
        &file,
        format!(
            r#"(title: "Rally", ruleset: "ngg1812", sides: ["French", "Russian"], turns: 3, supply_trains: [4, 3],
  map: (columns: 8, rows: 6, terrain: [{rows}]),
  units: [
    (id: "davout", name: "Davout", side: "French", kind: Leader, hex: "0302", rating: 2),
    (id: "d1", name: "1st", side: "French", kind: Infantry, hex: "0302", strength: Organized(1), class: Line, status: Disrupted),
    (id: "d2", name: "2nd", side: "French", kind: Infantry, hex: "0302", strength: Organized(1), class: Line, status: Disrupted),
    (id: "d3", name: "3rd", side: "French", kind: Infantry, hex: "0302", strength: Organized(1), class: Line, status: Disrupted),
    (id: "r1", name: "R1", side: "Russian", kind: Infantry, hex: "0703", strength: Organized(1), class: Line),
  ])"#
        ),
    )
    .unwrap();
    let mut app = app("rally");
    send(
        &mut app,
        Action::Start {
            source: Source::File(file),
            mode: Mode::Solitaire,
            handover: true,
        },
    );
    app.update();
    let g = app.world().resource::<Play>().game().unwrap();
    assert_eq!(
        musket::rules::gate::status_line(g).unwrap(),
        "Rally (French acts, phase 1 of 5); supply trains: French 4, Russian 3"
    );
    click(&mut app, "0302", false);
    send(&mut app, Action::Special("rally".into()));
    let g = app.world().resource::<Play>().game().unwrap();
    let disrupted: Vec<bool> = ["d1", "d2", "d3"]
        .iter()
        .map(|id| g.unit(g.unit_by_id(id).unwrap()).is_disrupted())
        .collect();
    assert_eq!(
        disrupted.iter().filter(|d| !**d).count(),
        2,
        "{disrupted:?}"
    );
    assert_eq!(
        g.rules
            .alternation()
            .and_then(|a| a.left(g, musket::rules::unit::SideId(0))),
        Some(3)
    );
    assert!(
        app.world()
            .resource::<CombatLog>()
            .lines
            .iter()
            .any(|l| l.text.contains("supply train for a stack's rally (8.1)")),
        "{:?}",
        app.world().resource::<CombatLog>().lines
    );
}
