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

    let mut player = None;
    let mut restarted = false;
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
            break;
        }
        let link = w.resource::<Online>().0.as_ref().unwrap();
        let mine = g.scenario.side_name(g.active_side) == "Confederate";
        if !mine || link.sending {
            continue;
        }
        // Halfway: the server is killed and restarted on its port; the seat reconnects.
        if sent == 15 && !restarted {
            let addr = s.addr.clone();
            s.kill();
            s = Server::start(&dir.join("server"), &addr);
            restarted = true;
        }
        let side = g.active_side;
        let p = player.get_or_insert_with(|| musket::rules::ai::Kind::Greedy.player(1, side));
        let cmd = p.decide(g).command;
        assert!(
            musket::client::core::run_command(w, cmd),
            "the window refused its own command"
        );
        sent += 1;
    }
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
