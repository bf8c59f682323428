//! A seat's client: host or join a game, keep the seat on this machine, follow the game
//! through the rules ([`Replica`]) and, with a computer player, play it — reconnecting by itself
//! after a drop, at the last entry it has.

use std::path::{Path, PathBuf};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio_tungstenite::tungstenite::Message;

use super::protocol::{ToClient, ToServer};
use super::ws_config;
use crate::rules::ai::{Kind, Player};
use crate::rules::online::{Entry, Header, Replica, header_text, parse_header};
use crate::rules::pbem::Secret;
use crate::rules::scenario::{from_ron, ron_options};
use crate::rules::unit::SideId;

/// A seat kept on this machine: where, which game, which side, its token and dice secret.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatFile {
    pub server: String,
    pub game: String,
    pub side: String,
    pub token: String,
    pub secret: String,
    /// Whether this is the host's seat (else the joiner's).
    #[serde(default)]
    pub host: bool,
}

/// Musket's data folder: `dir`, else `$MUSKET_DATA_DIR`, else the platform's (Linux:
/// `$XDG_DATA_HOME/musket` or `~/.local/share/musket`, as the window's saves).
pub fn data_dir(dir: Option<&Path>) -> PathBuf {
    if let Some(d) = dir {
        return d.to_path_buf();
    }
    if let Some(d) = std::env::var_os("MUSKET_DATA_DIR").filter(|v| !v.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME") {
        return PathBuf::from(d).join("musket");
    }
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    home.join(".local/share/musket")
}

/// A seat's file: `online/CODE.host.ron` or `online/CODE.join.ron` (one machine may keep both
/// seats of a game: a player testing, two computer clients).
fn seat_path(dir: &Path, code: &str, host: bool) -> PathBuf {
    let role = if host { "host" } else { "join" };
    dir.join("online").join(format!("{code}.{role}.ron"))
}

/// Keep a seat (its token is the only key to it).
pub fn save_seat(dir: &Path, s: &SeatFile) -> Result<(), String> {
    let p = seat_path(dir, &s.game, s.host);
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let text = ron_options().to_string(s).map_err(|e| e.to_string())?;
    crate::rules::session::write_atomic(&p, &text).map_err(|e| format!("{}: {e}", p.display()))
}

/// The host's (`host`) or the joiner's seat of game `code` kept here, if any.
pub fn load_role(dir: &Path, code: &str, host: bool) -> Result<Option<SeatFile>, String> {
    if !crate::rules::online::is_code(code) {
        return Err(format!("{code:?} is not a game code"));
    }
    let p = seat_path(dir, code, host);
    match std::fs::read_to_string(&p) {
        Ok(t) => from_ron::<SeatFile>(&t)
            .map(Some)
            .map_err(|e| format!("{}: {}", p.display(), e.message)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", p.display())),
    }
}

/// The seat `which` names, kept here: `CODE` (the one seat of the game kept here) or
/// `CODE@SIDE` (where this machine keeps both). None: no seat of it is kept here.
pub fn load_seat(dir: &Path, which: &str) -> Result<Option<SeatFile>, String> {
    let (code, side) = match which.split_once('@') {
        Some((c, s)) => (c, Some(s)),
        None => (which, None),
    };
    let kept: Vec<SeatFile> = [true, false]
        .into_iter()
        .filter_map(|h| load_role(dir, code, h).transpose())
        .collect::<Result<_, _>>()?;
    match (side, kept.as_slice()) {
        (Some(side), _) => Ok(kept.into_iter().find(|s| s.side == side)),
        (None, [_, _]) => Err(format!(
            "this machine keeps both seats of game {code}: name one, {code}@{} or {code}@{}",
            kept[0].side, kept[1].side
        )),
        (None, _) => Ok(kept.into_iter().next()),
    }
}

/// Every seat kept here, by game code.
pub fn seats(dir: &Path) -> Vec<SeatFile> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir.join("online")) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some((code, role)) = name.strip_suffix(".ron").and_then(|n| n.rsplit_once('.'))
            else {
                continue;
            };
            if let Ok(Some(s)) = load_role(dir, code, role == "host") {
                out.push(s);
            }
        }
    }
    out.sort_by(|a, b| (&a.game, !a.host).cmp(&(&b.game, !b.host)));
    out.dedup();
    out
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(url: &str) -> Result<Ws, String> {
    let c = tokio_tungstenite::connect_async_with_config(url, Some(ws_config()), true);
    match tokio::time::timeout(Duration::from_secs(10), c).await {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(format!("cannot reach the server at {url}: {e}")),
        Err(_) => Err(format!("the server at {url} did not answer within 10 s")),
    }
}

async fn say(ws: &mut Ws, m: &ToServer) -> Result<(), String> {
    ws.send(Message::text(m.text()))
        .await
        .map_err(|e| format!("the connection dropped: {e}"))
}

/// The next message from the server (None: the connection ended).
async fn hear(ws: &mut Ws) -> Result<Option<ToClient>, String> {
    while let Some(m) = ws.next().await {
        match m.map_err(|e| format!("the connection dropped: {e}"))? {
            Message::Text(t) => {
                return serde_json::from_str(t.as_str())
                    .map(Some)
                    .map_err(|e| format!("the server sent what this Musket cannot read: {e}"));
            }
            Message::Close(_) => return Ok(None),
            _ => {}
        }
    }
    Ok(None)
}

/// The seat the server gives after a host or join.
async fn seat_answer(
    ws: &mut Ws,
    url: &str,
    secret: &Secret,
    host: bool,
) -> Result<SeatFile, String> {
    loop {
        match hear(ws).await? {
            Some(ToClient::Seat { game, side, token }) => {
                return Ok(SeatFile {
                    server: url.to_string(),
                    game,
                    side,
                    token,
                    secret: secret.0.clone(),
                    host,
                });
            }
            Some(ToClient::Refused { why, .. } | ToClient::Error { why }) => return Err(why),
            Some(_) => {}
            None => return Err("the server closed the connection".into()),
        }
    }
}

/// Host `header`'s game (its code and the host's commitment made with `secret`): the seat.
pub async fn host(url: &str, header: &Header, secret: &Secret) -> Result<SeatFile, String> {
    let mut ws = connect(url).await?;
    say(
        &mut ws,
        &ToServer::Host {
            header: header_text(header),
        },
    )
    .await?;
    let seat = seat_answer(&mut ws, url, secret, true).await;
    let _ = ws.close(None).await;
    seat
}

/// Take the free seat of game `code`.
pub async fn join(url: &str, code: &str, secret: &Secret) -> Result<SeatFile, String> {
    let mut ws = connect(url).await?;
    say(
        &mut ws,
        &ToServer::Join {
            game: code.to_string(),
        },
    )
    .await?;
    let seat = seat_answer(&mut ws, url, secret, false).await;
    let _ = ws.close(None).await;
    seat
}

/// What happened while following a game, for the one who watches (a line each).
pub type Notify<'a> = &'a mut (dyn FnMut(&str) + Send);

/// A game followed to its end.
pub struct Finished {
    pub replica: Replica,
}

/// The seat's player: a computer player of a kind, made for the seat's side; or none (the
/// client only joins: it sends the join that begins the game, and stops).
pub struct Seated {
    pub kind: Option<Kind>,
    pub seed: u64,
    player: Option<Box<dyn Player>>,
    /// Who is told of every entry sent and received (measurements).
    pub watch: Option<std::sync::Arc<dyn Watch>>,
    /// The client's own pace: it sends at most half the rate the server allows.
    pace: super::protocol::Rate,
    /// A pause before each command (measurements: a player's thinking time).
    pub think: Duration,
    /// A window playing the seat: its commands in, the game out.
    pub window: Option<WindowSide>,
}

/// What a window sends the client that follows its seat.
#[derive(Clone, Debug)]
pub enum FromWindow {
    /// The player's command (checked by the rules there, judged again by the server).
    Command(crate::rules::order::Command),
    Chat(String),
}

/// What the client tells the window.
#[derive(Clone, Debug)]
pub enum ToWindow {
    /// The game as it stands after the log was (re)read: shown at once.
    Synced(Box<crate::rules::session::Session>),
    /// An entry accepted: the game after it and what happened, to animate.
    Applied {
        session: Box<crate::rules::session::Session>,
        events: Vec<crate::rules::event::Event>,
        seat: String,
    },
    /// The connection, the chat: a line for the player.
    Line(String),
    /// The other seat's connection (`since`: seconds without one).
    Presence {
        side: String,
        connected: bool,
        since: u64,
    },
    /// The server refused the player's command.
    Refused(String),
}

/// The window's end of a seat's client.
pub struct WindowSide {
    pub commands: tokio::sync::mpsc::UnboundedReceiver<FromWindow>,
    pub out: std::sync::mpsc::Sender<ToWindow>,
}

impl Seated {
    pub fn new(kind: Option<Kind>, seed: u64) -> Seated {
        Seated {
            kind,
            seed,
            player: None,
            watch: None,
            pace: super::protocol::Rate::at(super::protocol::RATE / 2.0),
            think: Duration::ZERO,
            window: None,
        }
    }
}

/// Told of a game's traffic as the client sees it (`musket online load` times the relay).
pub trait Watch: Send + Sync {
    /// The seat sent entry `n` of `game`.
    fn sent(&self, game: &str, n: u32);
    /// Entry `n` of `game`, written by `seat`, arrived at the seat `at`.
    fn arrived(&self, game: &str, n: u32, seat: &str, at: &str);
}

/// Why one connection ended.
enum Ended {
    /// Reconnect (the connection dropped).
    Dropped(String),
    /// Stop: the seat cannot go on (a wrong token, a refused command…).
    Fatal(String),
}

/// The state kept across connections.
struct Follow<'a> {
    seat: &'a SeatFile,
    secret: Secret,
    replica: Option<Replica>,
    /// The entry sent and not yet seen accepted.
    pending: Option<Entry>,
    /// Whether `pending` is still to be sent on this connection (after a drop).
    unsent: bool,
    /// Whether the player was told how the game's rules differ from the built-in ones.
    rules_told: bool,
    player: &'a mut Seated,
    notify: Notify<'a>,
}

/// Follow the seat's game to its end, `player` playing its side, reconnecting after every
/// drop with a growing pause (0.25 s doubling to 8 s; never giving up while the server can be
/// reached again within `patience`).
pub async fn play(
    seat: &SeatFile,
    player: &mut Seated,
    patience: Duration,
    notify: Notify<'_>,
) -> Result<Finished, String> {
    let mut f = Follow {
        seat,
        secret: Secret(seat.secret.clone()),
        replica: None,
        pending: None,
        unsent: false,
        rules_told: false,
        player,
        notify,
    };
    let mut pause = Duration::from_millis(250);
    let mut since = tokio::time::Instant::now();
    loop {
        match f.connection().await {
            Ok(()) => {
                let replica = f.replica.take().ok_or("the game was not received")?;
                return Ok(Finished { replica });
            }
            Err(Ended::Fatal(why)) => return Err(why),
            Err(Ended::Dropped(why)) => {
                if since.elapsed() > patience {
                    return Err(format!("{why}; gave up after {} s", patience.as_secs()));
                }
                (f.notify)(&format!(
                    "{why}; reconnecting in {:.2} s",
                    pause.as_secs_f64()
                ));
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(8));
            }
        }
        if f.replica.as_ref().is_some_and(|r| r.next() > 0) {
            // Progress was made on that connection: the next drop starts the pauses again.
            since = tokio::time::Instant::now();
        }
    }
}

impl Follow<'_> {
    fn side(&self) -> Option<SideId> {
        let r = self.replica.as_ref()?;
        r.scenario.side_by_name(&self.seat.side)
    }

    /// Whether there is nothing left to follow: the game is over, or there is no player and
    /// no join to send.
    fn done(&self) -> bool {
        let Some(r) = self.replica.as_ref() else {
            return false;
        };
        let joining = !r.started() && self.side() == Some(r.joiner());
        let nobody = self.player.kind.is_none() && self.player.window.is_none();
        r.is_over() || (nobody && !joining && self.pending.is_none())
    }

    /// One connection: open the seat at the last entry held, follow, play.
    async fn connection(&mut self) -> Result<(), Ended> {
        let mut ws = connect(&self.seat.server).await.map_err(Ended::Dropped)?;
        let have = self.replica.as_ref().map_or(0, |r| r.next());
        let open = ToServer::Open {
            game: self.seat.game.clone(),
            token: self.seat.token.clone(),
            have,
        };
        say(&mut ws, &open).await.map_err(Ended::Dropped)?;
        self.unsent = self.pending.is_some();
        let mut ping = tokio::time::interval(Duration::from_secs(20));
        let mut synced = false;
        loop {
            if synced && self.done() {
                let _ = ws.close(None).await;
                return Ok(());
            }
            if synced {
                self.move_if_ours(&mut ws).await?;
            }
            let m = tokio::select! {
                m = hear(&mut ws) => m.map_err(Ended::Dropped)?,
                _ = ping.tick() => {
                    ws.send(Message::Ping(Vec::new().into())).await
                        .map_err(|e| Ended::Dropped(format!("the connection dropped: {e}")))?;
                    continue;
                }
                w = from_window(&mut self.player.window) => {
                    match w {
                        Some(w) => self.window_says(w, &mut ws).await?,
                        None => return Err(Ended::Fatal("the window was closed".into())),
                    }
                    continue;
                }
            };
            let Some(m) = m else {
                return Err(Ended::Dropped("the server closed the connection".into()));
            };
            synced |= matches!(m, ToClient::Log { .. });
            self.hear(m, &mut ws).await?;
        }
    }

    async fn hear(&mut self, m: ToClient, ws: &mut Ws) -> Result<(), Ended> {
        match m {
            ToClient::Log {
                header,
                from,
                entries,
            } => {
                if let Some(h) = header {
                    let h = parse_header(&h).map_err(|e| Ended::Fatal(e.to_string()))?;
                    let r = Replica::new(h).map_err(|e| Ended::Fatal(e.to_string()))?;
                    if !std::mem::replace(&mut self.rules_told, true) {
                        let changes =
                            crate::rules::registry::changes_from_builtin(&*r.rules, &r.sequence);
                        if !changes.is_empty() {
                            (self.notify)(&format!(
                                "this game is played under rules that differ from the built-in {}: {}",
                                r.scenario.ruleset,
                                changes.join("; ")
                            ));
                        }
                    }
                    self.replica = Some(r);
                } else if self.replica.as_ref().map(Replica::next) != Some(from) {
                    return self
                        .reload(ws, "the server's log does not follow ours")
                        .await;
                }
                for e in entries {
                    self.follow(&e, ws, false).await?;
                }
                match self.replica.as_ref().and_then(|r| r.session.clone()) {
                    Some(s) => self.tell(ToWindow::Synced(Box::new(s))),
                    None => self.tell(ToWindow::Line(
                        "connected: waiting for your opponent to join".into(),
                    )),
                }
            }
            ToClient::Entry { entry } => self.follow(&entry, ws, true).await?,
            ToClient::Refused { why, .. } if self.player.window.is_some() => {
                self.pending = None;
                self.tell(ToWindow::Refused(why));
            }
            ToClient::Refused { n, kind, why } => {
                return Err(Ended::Fatal(format!(
                    "the server refused {} ({kind}): {why}",
                    n.map_or("a message".into(), |n| format!("entry {n}"))
                )));
            }
            ToClient::Presence {
                side,
                connected,
                since,
            } if self.player.window.is_some() => self.tell(ToWindow::Presence {
                side,
                connected,
                since,
            }),
            ToClient::Presence {
                side,
                connected,
                since,
            } => (self.notify)(&if connected {
                format!("the {side} player is connected")
            } else {
                format!(
                    "waiting for the {side} player (disconnected {}:{:02})",
                    since / 60,
                    since % 60
                )
            }),
            ToClient::Chat { from, text } => {
                let l = format!("{from}: {text}");
                (self.notify)(&l);
            }
            ToClient::Error { why } => return Err(Ended::Fatal(why)),
            ToClient::Seat { .. } => {}
        }
        Ok(())
    }

    /// Tell the window, if one plays the seat.
    fn tell(&self, m: ToWindow) {
        if let Some(w) = &self.player.window {
            let _ = w.out.send(m);
        }
    }

    /// The window's command (when it is the seat's move and nothing is on its way) or chat.
    async fn window_says(&mut self, w: FromWindow, ws: &mut Ws) -> Result<(), Ended> {
        let cmd = match w {
            FromWindow::Chat(text) => {
                return say(ws, &ToServer::Chat { text })
                    .await
                    .map_err(Ended::Dropped);
            }
            FromWindow::Command(c) => c,
        };
        let (Some(side), Some(r)) = (self.side(), self.replica.as_ref()) else {
            return Ok(());
        };
        if r.to_move() != Some(side) || self.pending.is_some() {
            self.tell(ToWindow::Refused(
                "wait: it is not your move, or your last command is on its way".into(),
            ));
            return Ok(());
        }
        let entry = r.seat_part(side, &self.secret, Some(cmd));
        let send = send_of(&entry);
        self.pending = Some(entry);
        self.unsent = false;
        say(ws, &send).await.map_err(Ended::Dropped)
    }

    /// An accepted entry played here through the rules; out of step: reload. `live`: it
    /// arrived as it was accepted (the window animates it), not in a log read again.
    async fn follow(&mut self, e: &Entry, ws: &mut Ws, live: bool) -> Result<(), Ended> {
        let Some(r) = self.replica.as_mut() else {
            return self.reload(ws, "an entry came before the game").await;
        };
        if e.n < r.next() {
            return Ok(());
        }
        if let Some(w) = &self.player.watch {
            w.arrived(&self.seat.game, e.n, &e.seat, &self.seat.side);
        }
        let mine = Some(e.seat.as_str()) == Some(self.seat.side.as_str());
        if !mine
            && let (Some(p), Some(s), Some(c)) =
                (self.player.player.as_mut(), r.session.as_ref(), &e.command)
        {
            tokio::task::block_in_place(|| p.observe(&s.game, c));
        }
        let events = match r.apply(e) {
            Ok((_, events)) => events,
            Err(refusal) => {
                let why = format!("{refusal}; reloading the game from the server");
                return self.reload(ws, &why).await;
            }
        };
        if self.pending.as_ref().is_some_and(|p| p.n <= e.n) {
            self.pending = None;
        }
        if live
            && self.player.window.is_some()
            && let Some(s) = r.session.clone()
        {
            // The join begins the game: the window shows it whole.
            self.tell(if e.n == 0 {
                ToWindow::Synced(Box::new(s))
            } else {
                ToWindow::Applied {
                    session: Box::new(s),
                    events,
                    seat: e.seat.clone(),
                }
            });
        }
        Ok(())
    }

    /// Drop what this client holds and ask for the whole log again.
    async fn reload(&mut self, ws: &mut Ws, why: &str) -> Result<(), Ended> {
        (self.notify)(why);
        self.replica = None;
        self.player.player = None;
        self.pending = None;
        // The whole log again, on a new connection.
        let _ = ws.close(None).await;
        Err(Ended::Dropped(why.to_string()))
    }

    /// Where it is this seat's move (or its join), send its entry: the one pending after a
    /// drop, else the computer player's next command.
    async fn move_if_ours(&mut self, ws: &mut Ws) -> Result<(), Ended> {
        let Some(side) = self.side() else {
            return Ok(());
        };
        let r = self.replica.as_ref().expect("side() found it");
        if let Some(p) = self.pending.as_ref().filter(|p| p.n == r.next()) {
            if !std::mem::take(&mut self.unsent) {
                return Ok(());
            }
            let again = send_of(p);
            return say(ws, &again).await.map_err(Ended::Dropped);
        }
        let entry = if !r.started() && side == r.joiner() {
            r.seat_part(side, &self.secret, None)
        } else if r.to_move() == Some(side) {
            let s = r.session.as_ref().expect("started");
            let seated = &mut *self.player;
            let Some(kind) = seated.kind else {
                return Ok(());
            };
            let p = seated
                .player
                .get_or_insert_with(|| kind.player(seated.seed, side));
            let d = tokio::task::block_in_place(|| p.decide(&s.game));
            r.seat_part(side, &self.secret, Some(d.command))
        } else {
            return Ok(());
        };
        if !self.player.think.is_zero() {
            tokio::time::sleep(self.player.think).await;
        }
        let send = send_of(&entry);
        let n = entry.n;
        self.pending = Some(entry);
        self.unsent = false;
        while let Some(wait) = self.player.pace.wait() {
            tokio::time::sleep(wait).await;
        }
        if let Some(w) = &self.player.watch {
            w.sent(&self.seat.game, n);
        }
        say(ws, &send).await.map_err(Ended::Dropped)
    }
}

/// The window's next message (never, without a window; None: the window has gone).
async fn from_window(w: &mut Option<WindowSide>) -> Option<FromWindow> {
    match w {
        Some(w) => w.commands.recv().await,
        None => std::future::pending().await,
    }
}

fn send_of(e: &Entry) -> ToServer {
    ToServer::Send {
        n: e.n,
        command: e.command.clone(),
        reveal: e.reveal.clone(),
        commit: e.commit.clone(),
    }
}
