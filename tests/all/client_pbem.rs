//! Play by turn files in the client, headless (`MinimalPlugins`): a received file is verified,
//! the opponent's commands are replayed into the game, the player's side is theirs to play
//! (the opponent's is not), "Send turn" writes the next file, which verifies against the one
//! received; a file this computer cannot answer is refused with the reason.
#![cfg(feature = "client")]

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use musket::client::core::{
    Action, CombatLog, Notice, Play, Replaying, Screen, Seat, Settings, TurnAction,
};
use musket::client::opponent::Opponent;
use musket::client::pbem::{DialogKind, TurnFiles};
use musket::rules::ai::{Kind, play_turn};
use musket::rules::pbem::{self, Kept, Secret};
use musket::rules::registry::for_scenario;
use musket::rules::unit::SideId;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("musket-pbem-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Five turn files of Fox's Gap between two computer players (the Union starts), written to
/// `dir`; each player's kept state in `dir/keep/SIDE` as that player's Musket keeps it.
fn files(dir: &Path) -> Vec<PathBuf> {
    let sc = musket::rules::registry::load_scenario(Path::new("scenarios/foxs-gap.ron")).unwrap();
    let rules = for_scenario(&sc, &Default::default()).unwrap();
    let secrets = [Secret::derived("client a"), Secret::derived("client b")];
    let game = "0123456789abcdef0123456789abcdef".to_string();
    let mut players = [
        Kind::Ai(2).player(3, SideId(0)),
        Kind::Ai(2).player(3, SideId(1)),
    ];
    let mut out = Vec::new();
    let mut sent: [Option<(u32, String)>; 2] = [None, None];
    pbem::exchange(
        &sc.file,
        rules.sequence(),
        "Union",
        &game,
        [&secrets[0], &secrets[1]],
        &Default::default(),
        5,
        |s| {
            let side = s.game.active_side;
            play_turn(s, players[side.0 as usize].as_mut());
        },
        |v| {
            let e = v.file.entries.last().unwrap();
            let p = dir.join(pbem::file_name(&v.scenario.title, e.number, &e.from));
            std::fs::write(&p, pbem::to_text(&v.file)).unwrap();
            sent[(e.number % 2) as usize] = Some((e.number, e.digest.clone()));
            out.push(p);
            Ok(())
        },
    )
    .unwrap();
    for (i, side) in ["Union", "Confederate"].iter().enumerate() {
        let k = Kept {
            game: game.clone(),
            side: side.to_string(),
            secret: secrets[i].clone(),
            sent: sent[i].clone(),
            accepted_rules: None,
        };
        pbem::save_kept(&dir.join("keep").join(side.to_lowercase()).join("pbem"), &k).unwrap();
    }
    out
}

fn app(data: PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(Settings {
        data_dir: Some(data),
        ..Default::default()
    });
    app.add_plugins(musket::client::logic);
    app.world_mut().resource_mut::<Opponent>().pace = 0.0;
    app.update();
    app
}

fn turn(app: &mut App, a: TurnAction) {
    app.world_mut().write_message(a);
    app.update();
    app.update();
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .text
        .as_ref()
        .map(|(t, _)| t.clone())
        .unwrap_or_default()
}

#[test]
fn a_received_file_is_verified_replayed_played_and_answered() {
    let dir = temp_dir("answer");
    let f = files(&dir);
    // Entry 4 is the Union's: the Confederate player opens it.
    let mut app = app(dir.join("keep").join("confederate"));
    turn(&mut app, TurnAction::Open(f[4].clone()));
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing,
        "{}",
        notice(&app)
    );
    for _ in 0..200 {
        if !app.world().resource::<Replaying>().0 {
            break;
        }
        app.update();
    }
    assert!(!app.world().resource::<Replaying>().0);
    let v = pbem::verify_file(&f[4], &Default::default()).unwrap();
    {
        let p = app.world().resource::<Play>().0.as_ref().unwrap();
        assert_eq!(p.seats, [Seat::Remote, Seat::Human]);
        // The game is the verified one: every command of the file, replayed.
        assert_eq!(p.session.log, v.session.as_ref().unwrap().log);
        assert_eq!(p.session.game.active_side, SideId(1));
        // Undo cannot take back the opponent's commands.
        assert_eq!(p.undoable(), 0);
    }
    let log = &app.world().resource::<CombatLog>().lines;
    assert!(
        log.iter()
            .any(|l| l.text.starts_with("Turn file verified by the rules"))
    );
    // The Confederate passes (ends their action): the move goes to the Union, the remote
    // side, and the send dialog is offered.
    // (The initiative is rolled again after a pass: the Confederates may act again.)
    let side = |app: &App| {
        app.world()
            .resource::<Play>()
            .0
            .as_ref()
            .unwrap()
            .session
            .game
            .active_side
    };
    let mut passes = 0;
    while side(&app) == SideId(1) && passes < 20 {
        app.world_mut().write_message(Action::EndTurn);
        app.update();
        passes += 1;
    }
    assert_eq!(side(&app), SideId(0));
    for _ in 0..5 {
        app.update();
    }
    let (dialog, name) = {
        let tf = app.world().resource::<TurnFiles>();
        let p = app.world().resource::<Play>().0.as_ref().unwrap();
        let d = tf.dialog.as_ref().unwrap_or_else(|| {
            panic!(
                "the send dialog is offered: {:?} {:?} {}",
                p.session.game.active_side,
                p.session.log.last(),
                notice(&app)
            )
        });
        (d.kind, d.name.clone())
    };
    assert_eq!(dialog, DialogKind::Send);
    assert!(
        name.ends_with("-turn-005-confederate.musket-turn.ron"),
        "{name}"
    );
    // The player cannot act for the opponent.
    let before = app
        .world()
        .resource::<Play>()
        .0
        .as_ref()
        .unwrap()
        .session
        .log
        .len();
    app.world_mut().write_message(Action::EndTurn);
    app.update();
    assert_eq!(
        app.world()
            .resource::<Play>()
            .0
            .as_ref()
            .unwrap()
            .session
            .log
            .len(),
        before
    );
    assert!(
        notice(&app).contains("played by your opponent"),
        "{}",
        notice(&app)
    );
    // Send: the file verifies against the one received.
    let out = dir.join(&name);
    turn(&mut app, TurnAction::Send(out.clone()));
    assert!(out.exists(), "{}", notice(&app));
    let sent = pbem::verify_file(&out, &Default::default()).unwrap();
    pbem::check_previous(&sent, &v, "sent").unwrap();
    let e = sent.file.entries.last().unwrap();
    assert_eq!(e.from, "Confederate");
    assert_eq!(e.commands.len(), passes);
    assert!(
        e.commands
            .iter()
            .all(|c| *c == musket::rules::order::Command::EndTurn)
    );
    assert_eq!(sent.to_move(), Some(SideId(0)));
    // Opening the received file again (a reload to re-roll) is refused: its answer is sent.
    turn(&mut app, TurnAction::Open(f[4].clone()));
    assert!(
        notice(&app).contains("the file you sent"),
        "{}",
        notice(&app)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_this_computer_cannot_answer_is_refused_with_the_reason() {
    let dir = temp_dir("refuse");
    let f = files(&dir);
    // The Union opens its own file: not theirs to answer.
    let mut app = app(dir.join("keep").join("union"));
    turn(&mut app, TurnAction::Open(f[4].clone()));
    assert!(app.world().resource::<Play>().0.is_none());
    assert!(
        notice(&app).contains("the file you sent"),
        "{}",
        notice(&app)
    );
    // A computer that keeps no secret for the game (it was answered elsewhere).
    let mut other = app_in(&dir, "stranger");
    turn(&mut other, TurnAction::Open(f[4].clone()));
    assert!(other.world().resource::<Play>().0.is_none());
    assert!(
        notice(&other).contains("keeps no secret"),
        "{}",
        notice(&other)
    );
    // The invitation (entry 0), opened by a new player: they accept by sending entry 1.
    turn(&mut other, TurnAction::Open(f[0].clone()));
    let d = other
        .world()
        .resource::<TurnFiles>()
        .dialog
        .clone()
        .expect("send dialog");
    assert_eq!(d.kind, DialogKind::Send);
    let out = dir.join(&d.name);
    turn(&mut other, TurnAction::Send(out.clone()));
    let v = pbem::verify_file(&out, &Default::default()).unwrap();
    assert_eq!(v.file.entries.len(), 2);
    assert_eq!(v.file.entries[1].from, "Confederate");
    // A garbage file: the parse error, nothing installed.
    let junk = dir.join("junk.musket-turn.ron");
    std::fs::write(&junk, "(format: \"musket turn file\", version: 1, game: ").unwrap();
    turn(&mut other, TurnAction::Open(junk));
    assert!(
        notice(&other).contains("junk.musket-turn.ron"),
        "{}",
        notice(&other)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn app_in(dir: &Path, name: &str) -> App {
    let d = dir.join(name);
    std::fs::create_dir_all(&d).unwrap();
    app(d)
}
