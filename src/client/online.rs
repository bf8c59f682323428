//! Online play in the window (`musket --online CODE`, a seat this machine keeps: `musket
//! online host|join` or the menu): the seat's client ([`crate::online::client`]) runs on a
//! thread of its own with the network; the window sends it the player's commands (checked by
//! the rules here first, then judged by the server) and shows every accepted entry as it
//! arrives — the game after it installed, its events animated and logged as a computer's
//! command is. The other side is a [`Seat::Remote`]: the player cannot act for it; nothing is
//! taken back online (undo stays at the last accepted command). The top bar says the connection
//! and whose move it is; a chat line talks to the other player.

use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

use bevy::prelude::*;

use super::core::install;
use super::state::*;
use crate::online::client::{self, FromWindow, Seated, ToWindow, WindowSide};
use crate::rules::unit::SideId;

/// The seat followed online, if any, and the menu's online section.
#[derive(Resource, Default)]
pub struct Online(pub Option<Link>, pub OnlineMenu);

/// The menu's "Play online" section: the server (remembered), the code to join, what is under
/// way.
#[derive(Default)]
pub struct OnlineMenu {
    pub server: String,
    pub code: String,
    /// A host or join under way (what it is).
    pub busy: Option<String>,
    /// Its answer: the code of the seat now kept, or why not.
    done: Option<Mutex<mpsc::Receiver<Result<String, String>>>>,
    /// A kept seat to open (chosen in the menu).
    pub open: Option<String>,
    /// The seats kept here (read when the menu opens).
    pub seats: Vec<client::SeatFile>,
    pub read: bool,
}

fn server_file(settings: &Settings) -> std::path::PathBuf {
    client::data_dir(settings.data_dir.as_deref())
        .join("online")
        .join("server.txt")
}

impl OnlineMenu {
    /// The server last used and the seats kept, once.
    pub fn read(&mut self, settings: &Settings) {
        if self.read {
            return;
        }
        self.read = true;
        self.server = std::fs::read_to_string(server_file(settings))
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "ws://127.0.0.1:7878".into());
        self.seats = client::seats(&client::data_dir(settings.data_dir.as_deref()));
    }

    /// Host the scenario of `source` as `side` on the server: on a thread (the answer comes
    /// back to [`poll`]).
    pub fn host(&mut self, settings: &Settings, source: &Source, side: &str) {
        let made = (|| {
            let sc = load_scenario(source)?;
            sc.playable()?;
            let rules = crate::rules::registry::for_scenario(&sc, &settings.rules)
                .map_err(|e| e.to_string())?;
            crate::rules::online::host_header(&sc.file, &*rules, side)
        })();
        let url = self.server.trim().to_string();
        let dir = client::data_dir(settings.data_dir.as_deref());
        self.remember(settings);
        self.busy = Some(format!("hosting on {url}…"));
        self.spawn(move || {
            let (header, secret) = made?;
            let rt = net_runtime()?;
            let seat = rt.block_on(client::host(&url, &header, &secret))?;
            client::save_seat(&dir, &seat)?;
            Ok(format!("{}@{}", seat.game, seat.side))
        });
    }

    /// Join game `code` on the server (a thread; the answer comes back to [`poll`]).
    pub fn join(&mut self, settings: &Settings) {
        let url = self.server.trim().to_string();
        let code = self.code.trim().to_string();
        let dir = client::data_dir(settings.data_dir.as_deref());
        self.remember(settings);
        self.busy = Some(format!("joining {code}…"));
        self.spawn(move || {
            if let Some(s) = client::load_role(&dir, &code, false)? {
                return Ok(format!("{}@{}", s.game, s.side));
            }
            let secret = crate::rules::pbem::Secret::random()?;
            let rt = net_runtime()?;
            let seat = rt.block_on(client::join(&url, &code, &secret))?;
            client::save_seat(&dir, &seat)?;
            Ok(format!("{}@{}", seat.game, seat.side))
        });
    }

    fn remember(&self, settings: &Settings) {
        let p = server_file(settings);
        if let Some(d) = p.parent() {
            let _ = std::fs::create_dir_all(d);
        }
        let _ = std::fs::write(p, self.server.trim());
    }

    fn spawn(&mut self, f: impl FnOnce() -> Result<String, String> + Send + 'static) {
        let (tx, rx) = mpsc::channel();
        self.done = Some(Mutex::new(rx));
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
    }

    /// The answer of a host or join, once it has come.
    fn answer(&mut self) -> Option<Result<String, String>> {
        let r = self.done.as_ref()?.lock().ok()?.try_recv().ok()?;
        self.done = None;
        self.busy = None;
        self.read = false;
        Some(r)
    }
}

fn net_runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network runtime: {e}"))
}

/// A seat's link to its client thread.
pub struct Link {
    pub code: String,
    pub side_name: String,
    to_net: tokio::sync::mpsc::UnboundedSender<FromWindow>,
    from_net: Mutex<mpsc::Receiver<ToWindow>>,
    /// The connection as last heard of (`connected`, `reconnecting…`).
    pub status: String,
    /// The other player's presence, and the chat.
    pub lines: Vec<String>,
    /// The chat line being typed.
    pub chat: String,
    /// The other player, while disconnected: their side and since when.
    pub away: Option<(String, std::time::Instant)>,
    /// The game in [`Play`] it belongs to ([`game_key`]).
    key: Option<usize>,
}

impl Link {
    /// One line for the top bar: the connection and whose move it is.
    pub fn status_line(&self, play: &PlayState, sending: bool) -> String {
        let g = &play.session.game;
        let whose = if g.is_over() {
            "the game is over".to_string()
        } else if g.scenario.side_name(g.active_side) == self.side_name {
            if sending {
                "your move (sent…)".into()
            } else {
                "your move".into()
            }
        } else {
            format!("the {}'s move", g.scenario.side_name(g.active_side))
        };
        let status = match &self.away {
            Some((side, since)) => {
                let t = since.elapsed().as_secs();
                format!(
                    "waiting for the {side} player (disconnected {}:{:02})",
                    t / 60,
                    t % 60
                )
            }
            None => self.status.clone(),
        };
        format!(
            "online {} ({}): {whose}; {status}",
            self.code, self.side_name
        )
    }

    /// Send a chat line.
    pub fn say(&mut self, text: String) {
        let _ = self.to_net.send(FromWindow::Chat(text));
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .init_resource::<Outbox>()
        .add_systems(Update, poll.after(CoreSystems));
}

/// Open seat `code` kept in the data folder: its client starts on a thread of its own; the
/// game appears when the server's log has been read.
pub fn open(world: &mut World, code: &str) -> Result<(), String> {
    open_seat(world, code)
}

fn open_seat(world: &mut World, code: &str) -> Result<(), String> {
    let dir = client::data_dir(world.resource::<Settings>().data_dir.as_deref());
    let seat = client::load_seat(&dir, code)?.ok_or_else(|| {
        format!(
            "no seat of game {code} is kept in {} (host or join it first: `musket online host …`, `musket online join {code} --server URL`)",
            dir.display()
        )
    })?;
    let (to_net, commands) = tokio::sync::mpsc::unbounded_channel();
    let (out, from_net) = mpsc::channel();
    let side_name = seat.side.clone();
    let thread_seat = seat.clone();
    std::thread::Builder::new()
        .name("musket-online".into())
        .spawn(move || run(thread_seat, commands, out))
        .map_err(|e| format!("cannot start the network thread: {e}"))?;
    // The window wakes ten times a second to show what arrives.
    world.insert_resource(bevy::winit::WinitSettings {
        focused_mode: bevy::winit::UpdateMode::reactive(Duration::from_millis(100)),
        unfocused_mode: bevy::winit::UpdateMode::reactive_low_power(Duration::from_millis(250)),
    });
    // A seat followed before is let go (its thread ends when the channel closes).
    world.resource_mut::<Online>().0 = Some(Link {
        code: seat.game.clone(),
        side_name,
        to_net,
        from_net: Mutex::new(from_net),
        status: format!("connecting to {}…", seat.server),
        lines: Vec::new(),
        chat: String::new(),
        away: None,
        key: None,
    });
    Ok(())
}

/// The client thread: the network runtime following the seat until the game ends.
fn run(
    seat: client::SeatFile,
    commands: tokio::sync::mpsc::UnboundedReceiver<FromWindow>,
    out: mpsc::Sender<ToWindow>,
) {
    let lines = out.clone();
    let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    else {
        let _ = out.send(ToWindow::Line("cannot start the network runtime".into()));
        return;
    };
    let mut seated = Seated::new(None, 0);
    seated.window = Some(WindowSide { commands, out });
    let mut notify = move |l: &str| {
        let _ = lines.send(ToWindow::Line(l.to_string()));
    };
    let r = rt.block_on(client::play(
        &seat,
        &mut seated,
        Duration::from_secs(24 * 3600),
        &mut notify,
    ));
    if let (Err(e), Some(w)) = (r, &seated.window) {
        let _ = w.out.send(ToWindow::Line(format!("stopped: {e}")));
    }
}

/// The menu's answers: a seat hosted, joined or chosen is opened.
fn menu_answers(world: &mut World) {
    let mut o = world.resource_mut::<Online>();
    let open = o.1.open.take();
    let answer = o.1.answer();
    let code = match (open, answer) {
        (Some(c), _) | (None, Some(Ok(c))) => c,
        (None, Some(Err(e))) => {
            notice(world, e, true);
            return;
        }
        (None, None) => return,
    };
    if let Err(e) = open_seat(world, &code) {
        notice(world, e, true);
    }
}

/// Show what the client thread heard.
fn poll(world: &mut World) {
    menu_answers(world);
    let msgs: Vec<ToWindow> = {
        let online = world.resource::<Online>();
        let Some(link) = &online.0 else {
            return;
        };
        let Ok(rx) = link.from_net.lock() else {
            return;
        };
        rx.try_iter().collect()
    };
    for m in msgs {
        match m {
            ToWindow::Synced(s) => synced(world, *s),
            ToWindow::Applied {
                session,
                events,
                seat,
            } => applied(world, *session, events, &seat),
            ToWindow::Line(l) => line(world, l),
            ToWindow::Presence {
                side,
                connected,
                since,
            } => {
                if let Some(l) = world.resource_mut::<Online>().0.as_mut() {
                    l.away = (!connected).then(|| {
                        let at = std::time::Instant::now()
                            .checked_sub(Duration::from_secs(since))
                            .unwrap_or_else(std::time::Instant::now);
                        (side, at)
                    });
                }
            }
            ToWindow::Refused(why) => {
                world.resource_mut::<Outbox>().sending = false;
                notice(world, format!("the server refused it: {why}"), true);
            }
        }
        world.write_message(bevy::window::RequestRedraw);
    }
}

fn link_mut(world: &mut World) -> Option<Mut<'_, Online>> {
    let o = world.resource_mut::<Online>();
    o.0.as_ref()?;
    Some(o)
}

/// The game as the server's log has it: installed whole (the player's side theirs, the other
/// remote; nothing to take back).
fn synced(world: &mut World, s: crate::rules::session::Session) {
    let key = world.resource::<Play>().game().map(game_key);
    let Some(o) = link_mut(world) else {
        return;
    };
    // The game already on screen, read again after a reconnection: the position replaced,
    // the log and the view kept.
    let same =
        o.0.as_ref()
            .is_some_and(|l| l.key.is_some() && l.key == key);
    if same {
        drop(o);
        let n = s.log.len();
        if let Some(p) = world.resource_mut::<Play>().0.as_mut() {
            p.undo_floor = n;
            p.session = s;
            p.revision += 1;
        }
        world.resource_mut::<Outbox>().sending = false;
        if let Some(l) = world.resource_mut::<Online>().0.as_mut() {
            l.status = "connected".into();
        }
        line(
            world,
            format!("connected: the game as the server has it ({n} commands)"),
        );
        return;
    }
    let side_name =
        o.0.as_ref()
            .map(|l| l.side_name.clone())
            .unwrap_or_default();
    let side = s
        .game
        .scenario
        .side_by_name(&side_name)
        .unwrap_or(SideId(0));
    let mut seats = [Seat::Remote; 2];
    seats[(side.0 as usize).min(1)] = Seat::Human;
    let file = s.game.scenario.file.clone();
    let source = Source::File(std::path::PathBuf::from(format!(
        "{}.ron",
        file.title.replace(['/', '\\'], "-")
    )));
    install(world, s, Mode::Solitaire, false, source, seats);
    let key = world.resource::<Play>().game().map(game_key);
    let to = world
        .resource::<Online>()
        .0
        .as_ref()
        .and_then(|l| Some((key?, l.to_net.clone())));
    *world.resource_mut::<Outbox>() = Outbox { to, sending: false };
    if let Some(l) = world.resource_mut::<Online>().0.as_mut() {
        l.key = key;
        l.status = "connected".into();
    }
}

/// An accepted entry: the game after it, its events logged and animated.
fn applied(
    world: &mut World,
    s: crate::rules::session::Session,
    events: Vec<crate::rules::event::Event>,
    seat: &str,
) {
    let key = world.resource::<Play>().game().map(game_key);
    let mine = {
        let Some(l) = world.resource::<Online>().0.as_ref() else {
            return;
        };
        if l.key != key {
            return;
        }
        l.side_name == seat
    };
    {
        let mut play = world.resource_mut::<Play>();
        let Some(p) = play.0.as_mut() else {
            return;
        };
        p.undo_floor = s.log.len();
        p.session = s;
        p.revision += 1;
    }
    super::turn::show_events(world, events);
    if mine {
        world.resource_mut::<Outbox>().sending = false;
    }
}

fn line(world: &mut World, text: String) {
    let Some(mut o) = link_mut(world) else {
        return;
    };
    let l = o.0.as_mut().expect("checked");
    if text.contains("reconnecting") || text.starts_with("stopped") || text.starts_with("connected")
    {
        l.status = text.clone();
    }
    l.lines.push(text.clone());
    if l.lines.len() > 200 {
        l.lines.remove(0);
    }
    let turn = world.resource::<Play>().game().map_or(0, |g| g.turn);
    world.resource_mut::<CombatLog>().lines.push(LogLine {
        turn,
        text,
        kind: LogKind::Info,
    });
}
