//! Issue 52 in the window's logic (`MinimalPlugins`): a seat opened with `--online CODE`
//! follows the game as the server has it, the player's commands go to the server and come back
//! played, the opponent's (a computer client in its own process) arrive as they are accepted;
//! the server killed and restarted mid-game costs the wait; the end is the server's.
#![cfg(feature = "client")]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{Play, Settings};
use musket::client::online::Online;

use super::online::{Server, finish, host, host_rest, temp, verified};

/// Play the Confederate seat in the window's logic with a greedy player until the game ends;
/// `before` is told how many commands were sent before each new one (a test's moment to act).
fn play_confederate(app: &mut App, seed: u64, mut before: impl FnMut(usize)) {
    let mut player = None;
    let mut sent = 0;
    let t0 = Instant::now();
    loop {
        assert!(
            t0.elapsed() < Duration::from_secs(240),
            "the game did not end"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
        let w = app.world_mut();
        let Some(p) = w.resource::<Play>().0.as_ref() else {
            continue;
        };
        let g = &p.session.game;
        if g.is_over() {
            return;
        }
        let mine = g.scenario.side_name(g.active_side) == "Confederate";
        if !mine || w.resource::<musket::client::state::Outbox>().sending {
            continue;
        }
        before(sent);
        let w = app.world_mut();
        let g = &w.resource::<Play>().0.as_ref().unwrap().session.game;
        let side = g.active_side;
        let p = player.get_or_insert_with(|| musket::rules::ai::Kind::Greedy.player(seed, side));
        let cmd = p.decide(g).command;
        assert!(
            musket::client::core::run_command(w, cmd),
            "the window refused its own command"
        );
        sent += 1;
    }
}

#[test]
fn a_window_seat_plays_a_whole_game_online_through_a_server_restart() {
    let dir = temp("window");
    let mut s = Server::start(&dir.join("server"), "127.0.0.1:0");
    let (h, code) = host(&s, "foxs-gap", "Union", Some("ai2"), &dir.join("a"));
    let h_rest = host_rest();
    // The Confederate seat taken (the join sent), kept for the window.
    let st = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args(["online", "join", &code, "--server", &s.url, "--data"])
        .arg(dir.join("b"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(st.success());

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(dir.join("b")),
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.update();
    musket::client::online::open(app.world_mut(), &code).unwrap();

    let mut restarted = false;
    play_confederate(&mut app, 1, |sent| {
        // Halfway: the server is killed and restarted on its port; the seat reconnects.
        if sent == 15 && !restarted {
            let addr = s.addr.clone();
            s.kill();
            s = Server::start(&dir.join("server"), &addr);
            restarted = true;
        }
    });
    assert!(restarted, "the game ended before the restart");
    let a = finish(h, Some(h_rest));
    let w = app.world();
    let session = &w.resource::<Play>().0.as_ref().unwrap().session;
    assert_eq!(
        Some(musket::rules::online::state_digest(session).as_str()),
        a["digest"].as_str(),
        "the window's game is not the server's"
    );
    assert_eq!(verified(&s.data, &code), a);
    let link = w.resource::<Online>().0.as_ref().unwrap();
    assert!(
        link.lines.iter().any(|l| l.contains("reconnecting")),
        "the drop was not shown: {:?}",
        link.lines
    );
}

/// The menu's "Host this scenario, playing: Confederate": the seat is kept and followed, the
/// game opens when a computer client joins as the Union, and the window plays it to the end.
#[test]
fn the_menu_hosts_a_game_that_opens_when_the_opponent_joins() {
    let dir = temp("menu-host");
    let s = Server::start(&dir.join("server"), "127.0.0.1:0");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let settings = Settings {
        data_dir: Some(dir.join("w")),
        ..Default::default()
    };
    app.insert_resource(settings.clone());
    app.add_plugins(musket::client::logic);
    app.update();
    {
        let mut o = app.world_mut().resource_mut::<Online>();
        o.1.read(&settings);
        o.1.server = s.url.clone();
        o.1.host(
            &settings,
            &musket::client::state::Source::Builtin("foxs-gap.ron"),
            "Confederate",
        );
    }
    let t0 = Instant::now();
    let code = loop {
        assert!(t0.elapsed() < Duration::from_secs(60), "no game hosted");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
        if let Some(l) = &app.world().resource::<Online>().0 {
            break l.code.clone();
        }
    };
    assert!(
        app.world().resource::<Play>().0.is_none(),
        "a game before the join"
    );
    let j = Command::new(env!("CARGO_BIN_EXE_musket"))
        .args([
            "online", "join", &code, "--server", &s.url, "--player", "ai2", "--json", "--data",
        ])
        .arg(dir.join("j"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    play_confederate(&mut app, 2, |_| {});
    let b = finish(j, None);
    let session = &app.world().resource::<Play>().0.as_ref().unwrap().session;
    assert_eq!(
        Some(musket::rules::online::state_digest(session).as_str()),
        b["digest"].as_str()
    );
    assert_eq!(verified(&s.data, &code), b);
}
