//! The computer opponent in the window, headless (`MinimalPlugins`): it plays its side's turn
//! through the same commands as a player (the log says why, the view is fed its moves and
//! rolls), the player cannot act in its turn, undo stops at the end of its turn and at the
//! player's last roll, Space plays the rest of its turn at once, saves remember who plays.
#![cfg(feature = "client")]

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{
    Action, CombatLog, Feed, LogKind, Mode, Notice, Play, Screen, Seat, Settings, Source,
};
use musket::client::opponent::Opponent;
use musket::rules::ai::Kind;
use musket::rules::event::Event;
use musket::rules::movement::{MoveContext, reachable};
use musket::rules::order::Command;
use musket::rules::unit::SideId;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musket-opponent-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The client's logic with `seats`, the computer pausing `pace` times its normal pauses.
fn app(data: &str, seats: [Seat; 2], pace: f32) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(temp_dir(data)),
        // The Union wins the first initiative roll of a GCACW action phase with this seed.
        seed: Some(1864),
        seats,
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.world_mut().resource_mut::<Opponent>().pace = pace;
    app.update();
    app
}

fn send(app: &mut App, a: Action) {
    app.world_mut().write_message(a);
    app.update();
}

fn start(app: &mut App, name: &'static str) {
    send(
        app,
        Action::Start {
            source: Source::Builtin(name),
            mode: Mode::Solitaire,
            handover: true,
        },
    );
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    // The briefing is read first: the computer waits for it.
    send(app, Action::ShowBriefing(false));
    pass_transfers(app);
}

/// Past GCACW's leader-transfer phases (played from turn 1): the player's E, the computer's own
/// play of its phase; these tests begin at the first action phase.
fn pass_transfers(app: &mut App) {
    use musket::rules::sequence::Allow;
    let in_transfers = |a: &App| {
        let g = &play(a).session.game;
        g.sequence
            .phase(g.phase)
            .allows
            .contains(&Allow::LeaderTransfer)
    };
    for _ in 0..4 {
        if !in_transfers(app) {
            return;
        }
        if play(app).computer_to_move().is_some() {
            run_until(app, 20_000, |a| {
                !in_transfers(a) || play(a).computer_to_move().is_none()
            });
        } else {
            send(app, Action::EndPhase);
        }
    }
}

fn play(app: &App) -> &musket::client::core::PlayState {
    app.world().resource::<Play>().0.as_ref().unwrap()
}

/// Run frames until `done` or `max` frames; the number of frames run.
fn run_until(app: &mut App, max: usize, done: impl Fn(&App) -> bool) -> usize {
    for i in 0..max {
        if done(app) {
            return i;
        }
        app.update();
        // The computer thinks on another thread: give it time.
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    panic!("not done after {max} frames");
}

fn computer_lines(app: &App) -> Vec<String> {
    app.world()
        .resource::<CombatLog>()
        .lines
        .iter()
        .filter(|l| l.kind == LogKind::Computer)
        .map(|l| l.text.clone())
        .collect()
}

/// The player's first move: a march roll (dice) for `unit`, then a move one hex along its
/// reach, through the client's own actions.
fn march_and_move(app: &mut App, unit: &str) {
    let g = &play(app).session.game;
    let u = g.unit_by_id(unit).unwrap();
    let h = g.unit(u).hex.unwrap();
    send(app, Action::Click { hex: h, add: false });
    send(app, Action::March);
    let g = &play(app).session.game;
    assert!(
        matches!(play(app).session.log.last(), Some(Command::March { .. })),
        "the march roll was not made"
    );
    let ctx = MoveContext::new(g);
    let reach = reachable(g, &ctx, &[u], None).unwrap();
    let to = reach
        .hexes()
        .map(|r| g.map().coord(r.index))
        .find(|c| *c != h && c.is_adjacent(h))
        .expect("somewhere to go");
    let n = play(app).session.log.len();
    send(app, Action::MoveTo(to));
    assert_eq!(play(app).session.log.len(), n + 1, "the move was not made");
}

/// Pass (E) until the computer has the initiative (an action phase: the player passes, the
/// sides roll again).
fn pass_until_computer(app: &mut App) {
    for _ in 0..100 {
        if play(app).computer_to_move().is_some() {
            return;
        }
        send(app, Action::EndTurn);
    }
    panic!("the computer never won the initiative");
}

// The issue: the computer's turn plays out in the window; the log says why; the player cannot
// act in it; undo never goes into it, and stops at the player's last roll. In GCACW's action
// phase (issue 17) the computer's "turn" is its run of actions while it holds the initiative.
#[test]
fn the_computer_plays_its_turn_and_undo_stops_at_the_players_last_roll() {
    let mut app = app("turn", [Seat::Human, Seat::Computer(Kind::Ai(2))], 0.0);
    start(&mut app, "foxs-gap.ron");
    assert_eq!(play(&app).session.game.active_side, SideId(0));
    // The player's action: a march roll and a move, then the end of the action.
    march_and_move(&mut app, "usa-crook");
    send(&mut app, Action::EndTurn);
    pass_until_computer(&mut app);
    app.world_mut().resource_mut::<Feed>().batches.clear();
    let why_before = computer_lines(&app).len();
    assert_eq!(play(&app).session.game.active_side, SideId(1));
    let before = play(&app).session.log.len();
    // In the computer's turn the player's commands are refused and change nothing.
    send(&mut app, Action::EndTurn);
    send(&mut app, Action::Undo);
    let notice = app.world().resource::<Notice>().text.clone().unwrap().0;
    assert!(notice.contains("The computer is playing"), "{notice}");
    assert!(play(&app).session.log.len() >= before);
    assert_eq!(play(&app).session.game.active_side, SideId(1));
    // It plays until the player has the initiative.
    run_until(&mut app, 20_000, |a| {
        play(a).session.game.active_side == SideId(0)
    });
    let p = play(&app);
    let sent = &p.session.log[before..];
    assert!(sent.len() >= 2, "it only ended its turn: {sent:?}");
    assert!(matches!(sent.last(), Some(Command::EndTurn)));
    // Every command it sent is in the log with why (one line per command), and a summary
    // after each of its actions.
    let why = &computer_lines(&app)[why_before..];
    let actions = sent
        .iter()
        .filter(|c| matches!(c, Command::EndTurn))
        .count();
    assert_eq!(why.len(), sent.len() + actions, "{why:#?}");
    assert!(why[0].starts_with("Confederate (computer): "), "{}", why[0]);
    assert!(
        why.last().unwrap().starts_with("The computer's action: "),
        "{why:#?}"
    );
    // The view was fed its moves and its rolls, in order.
    let feed = &app.world().resource::<Feed>().batches;
    assert_eq!(feed.len(), sent.len());
    let moved = feed
        .iter()
        .flatten()
        .filter(|e| matches!(e, Event::UnitMoved { .. }))
        .count();
    let moves = sent
        .iter()
        .filter(|c| matches!(c, Command::Move { .. } | Command::MoveStack { .. }))
        .count();
    assert!(moved >= moves, "{moved} moves shown for {moves} sent");
    // Each of its actions ended with a new initiative roll, shown on screen.
    let rolls = feed
        .iter()
        .flatten()
        .filter(|e| {
            matches!(
                e,
                Event::InitiativeRolled {
                    winner: Some(_),
                    ..
                }
            )
        })
        .count();
    assert!(
        rolls >= actions,
        "{rolls} initiative rolls for {actions} actions"
    );
    // Undo: nothing of the computer's turn.
    let n = p.session.log.len();
    assert_eq!(p.undoable(), 0);
    send(&mut app, Action::Undo);
    assert_eq!(play(&app).session.log.len(), n);
    let notice = app.world().resource::<Notice>().text.clone().unwrap().0;
    assert!(notice.contains("computer's turn"), "{notice}");
    // The player's next action: roll, move; undo takes back the move, not the roll.
    let g = &play(&app).session.game;
    let fresh = |u: &&musket::rules::unit::Unit| {
        u.side == SideId(0)
            && u.is_combat()
            && u.on_map()
            && u.fatigue < 4
            && musket::rules::movement::budget(g, g.unit_by_id(&u.id).unwrap())
                .left
                .is_none()
    };
    let mover = g
        .units
        .iter()
        .find(fresh)
        .map(|u| u.id.clone())
        .expect("a Union unit to march");
    march_and_move(&mut app, &mover);
    let n = play(&app).session.log.len();
    assert_eq!(play(&app).undoable(), 1);
    send(&mut app, Action::Undo);
    assert_eq!(play(&app).session.log.len(), n - 1);
    assert!(matches!(
        play(&app).session.log.last(),
        Some(Command::March { .. })
    ));
    send(&mut app, Action::Undo);
    assert_eq!(play(&app).session.log.len(), n - 1, "undo took back a roll");
}

// The issue: "a key to skip to the end of its turn": in an action phase, to the end of its
// run of actions (until the player has the initiative).
#[test]
fn space_plays_the_rest_of_the_computers_turn_without_pausing() {
    // Pauses of 1,000 times the normal: without the skip the turn would take hours.
    let mut app = app("skip", [Seat::Computer(Kind::Ai(2)), Seat::Human], 1000.0);
    start(&mut app, "foxs-gap.ron");
    run_until(&mut app, 2_000, |a| !play(a).session.log.is_empty());
    send(&mut app, Action::SkipComputerTurn);
    let frames = run_until(&mut app, 5_000, |a| {
        play(a).session.game.active_side == SideId(1)
    });
    assert!(frames < 5_000);
    assert!(
        !app.world()
            .resource::<musket::client::state::SkipComputer>()
            .0,
        "the skip lasts one turn"
    );
    // Nothing is left to show: the view jumps to the end of the turn.
    assert!(app.world().resource::<Feed>().batches.is_empty());
}

// The issue: "computer vs computer to watch": a whole game plays out in the window, every
// command accepted by the rules.
#[test]
fn computer_against_computer_plays_a_whole_game_in_the_window() {
    let mut app = app(
        "watch",
        [Seat::Computer(Kind::Ai(2)), Seat::Computer(Kind::Greedy)],
        0.0,
    );
    start(&mut app, "foxs-gap.ron");
    run_until(&mut app, 100_000, |a| play(a).session.game.is_over());
    let errors: Vec<String> = app
        .world()
        .resource::<CombatLog>()
        .lines
        .iter()
        .filter(|l| l.kind == LogKind::Error)
        .map(|l| l.text.clone())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The same game as `musket play` with the same seed and players.
    let p = play(&app);
    let sc = p.session.game.scenario.clone();
    let r = musket::rules::ai::play_game(
        sc,
        p.session.game.rules.clone(),
        p.session.seed,
        [Kind::Ai(2), Kind::Greedy],
    );
    assert_eq!(r.session.log, p.session.log);
}

// Issue 19: the hard level models the enemy from the commands it watches; in the window it is
// told of them as they are played (`opponent::follow`), so it plays the game `musket play`
// plays with the same seed and players, and its log names its model of `greedy`.
#[test]
fn the_hard_level_watches_the_enemy_in_the_window_as_in_selfplay() {
    let mut app = app(
        "watch-hard",
        [Seat::Computer(Kind::Greedy), Seat::Computer(Kind::Ai(3))],
        0.0,
    );
    start(&mut app, "foxs-gap.ron");
    run_until(&mut app, 200_000, |a| play(a).session.game.is_over());
    let p = play(&app);
    let r = musket::rules::ai::play_game(
        p.session.game.scenario.clone(),
        p.session.game.rules.clone(),
        p.session.seed,
        [Kind::Greedy, Kind::Ai(3)],
    );
    assert_eq!(r.session.log, p.session.log);
    let lines = computer_lines(&app);
    assert!(
        lines.iter().any(|l| l.contains("against greedy")),
        "{lines:#?}"
    );
}

// Saves remember who plays each side; a loaded game against the computer cannot be undone
// into the computer's turns.
#[test]
fn a_save_remembers_the_computer_player() {
    let mut app = app("save", [Seat::Human, Seat::Computer(Kind::Ai(1))], 0.0);
    start(&mut app, "foxs-gap.ron");
    march_and_move(&mut app, "usa-crook");
    send(&mut app, Action::EndTurn);
    pass_until_computer(&mut app);
    run_until(&mut app, 20_000, |a| {
        play(a).session.game.active_side == SideId(0)
    });
    let path = musket::client::core::save_game(app.world_mut(), false).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("players"), "{text}");
    let log = play(&app).session.log.clone();
    let mut other = self::app("load", [Seat::Human, Seat::Human], 0.0);
    send(&mut other, Action::Load(path));
    let p = play(&other);
    assert_eq!(p.seats, [Seat::Human, Seat::Computer(Kind::Ai(1))]);
    assert_eq!(p.session.log, log);
    assert_eq!(p.undoable(), 0);
}
