//! `musket serve`: many games at once, each judged by the rules ([`Replica`]), stored before it
//! is acknowledged ([`super::store`]), relayed to both seats in order.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Mutex, mpsc};
use tokio_tungstenite::tungstenite::Message;

use super::protocol::{MAX_CHAT, Rate, ToClient, ToServer};
use super::store::{self, Log, Record, token_digest};
use super::ws_config;
use crate::rules::online::{Entry, Replica, header_text, parse_header};
use crate::rules::pbem::{Secret, new_game_id};
use crate::rules::unit::SideId;

/// A connection silent this long (no message, no ping) is closed.
pub const IDLE: Duration = Duration::from_secs(90);
/// Messages queued for a connection that does not read them: past this it is closed.
const QUEUE: usize = 4096;

type Tx = mpsc::Sender<String>;

/// A game in memory.
struct Live {
    replica: Replica,
    log: Log,
    secret: Secret,
    /// Token digests by side.
    tokens: [Option<String>; 2],
    /// The connections following each seat (connection id, its queue).
    seats: [Vec<(u64, Tx)>; 2],
    /// Since when each seat has had no connection.
    gone_since: [Instant; 2],
}

/// Every game the server holds.
pub struct Hub {
    data: PathBuf,
    games: std::sync::Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    next_conn: std::sync::atomic::AtomicU64,
    /// The scenarios and rules the games share.
    shared: crate::rules::online::Shared,
    /// A game neither seat has followed for this long leaves memory (it stays on disk and is
    /// read again when a seat opens it).
    pub keep_idle: Duration,
}

impl Hub {
    pub fn new(data: &Path) -> Hub {
        Hub {
            data: data.to_path_buf(),
            games: std::sync::Mutex::new(HashMap::new()),
            next_conn: 0.into(),
            shared: Default::default(),
            keep_idle: Duration::from_secs(300),
        }
    }

    /// How many games are in memory.
    pub fn held(&self) -> usize {
        self.games.lock().map_or(0, |g| g.len())
    }

    /// Let go of the games nobody has followed for [`Hub::keep_idle`].
    pub fn sweep(&self) {
        let Ok(mut games) = self.games.lock() else {
            return;
        };
        games.retain(|_, g| match g.try_lock() {
            Ok(l) => {
                l.seats.iter().any(|s| !s.is_empty())
                    || l.gone_since.iter().any(|t| t.elapsed() < self.keep_idle)
            }
            Err(_) => true,
        });
    }

    /// Game `code`, locked, as the table holds it (not a copy the sweep let go meanwhile).
    async fn locked(&self, code: &str) -> Result<tokio::sync::OwnedMutexGuard<Live>, String> {
        loop {
            let g = self.game(code)?;
            let l = g.clone().lock_owned().await;
            if self.cached(code).is_some_and(|c| Arc::ptr_eq(&c, &g)) {
                return Ok(l);
            }
        }
    }

    fn cached(&self, code: &str) -> Option<Arc<Mutex<Live>>> {
        self.games.lock().ok()?.get(code).cloned()
    }

    fn forget(&self, code: &str) {
        if let Ok(mut g) = self.games.lock() {
            g.remove(code);
        }
    }

    /// Game `code`: in memory, else read from its file and replayed.
    fn game(&self, code: &str) -> Result<Arc<Mutex<Live>>, String> {
        if let Some(g) = self.cached(code) {
            return Ok(g);
        }
        let live = tokio::task::block_in_place(|| load(&self.data, code, &self.shared))?;
        let mut games = self
            .games
            .lock()
            .map_err(|_| "the server's table is damaged")?;
        Ok(games
            .entry(code.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(live)))
            .clone())
    }

    /// Load every stored game (after a restart), returning how many and the failures.
    pub fn resume_all(&self) -> (usize, Vec<String>) {
        let mut ok = 0;
        let mut bad = Vec::new();
        for code in store::codes(&self.data).unwrap_or_default() {
            match self.game(&code) {
                Ok(_) => ok += 1,
                Err(e) => bad.push(e),
            }
        }
        (ok, bad)
    }
}

/// A stored game replayed through the rules.
fn load(data: &Path, code: &str, shared: &crate::rules::online::Shared) -> Result<Live, String> {
    let s = store::read(data, code)?;
    let at = store::path(data, code).display().to_string();
    let replica = crate::rules::online::verify_in(s.header, &s.entries, Some(shared))
        .map_err(|e| format!("{at}: the stored game does not replay: {e}"))?;
    let joiner = replica.joiner().0 as usize;
    let mut tokens = [None, None];
    tokens[replica.host().0 as usize] = Some(s.host_token);
    tokens[joiner] = s.join_token;
    let log = Log::open(data, code).map_err(|e| format!("{at}: {e}"))?;
    Ok(Live {
        replica,
        log,
        secret: s.secret,
        tokens,
        seats: [Vec::new(), Vec::new()],
        gone_since: [Instant::now(); 2],
    })
}

/// Serve on `listener` until `stop` completes.
pub async fn serve(
    listener: TcpListener,
    hub: Arc<Hub>,
    stop: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(stop);
    let mut sweep = tokio::time::interval(hub.keep_idle.min(Duration::from_secs(10)));
    loop {
        tokio::select! {
            _ = sweep.tick() => hub.sweep(),
            a = listener.accept() => match a {
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection(hub.clone(), stream));
                }
                // Out of descriptors and the like: wait, do not spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            () = &mut stop => break,
        }
    }
}

/// What a connection is attached to.
struct Conn {
    id: u64,
    tx: Tx,
    at: Option<(String, SideId)>,
    rate: Rate,
}

/// One client's connection: its messages handled in order, its queue written out.
async fn connection(hub: Arc<Hub>, stream: TcpStream) {
    let accept = tokio_tungstenite::accept_async_with_config(stream, Some(ws_config()));
    let Ok(Ok(ws)) = tokio::time::timeout(Duration::from_secs(10), accept).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::channel::<String>(QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(t) = rx.recv().await {
            if sink.send(Message::text(t)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let id = hub
        .next_conn
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut conn = Conn {
        id,
        tx,
        at: None,
        rate: Rate::default(),
    };
    while let Ok(Some(Ok(m))) = tokio::time::timeout(IDLE, source.next()).await {
        let keep = match m {
            Message::Text(t) => handle(&hub, &mut conn, t.as_str()).await,
            Message::Binary(_) => fault(&conn, "binary messages are not part of the protocol"),
            Message::Close(_) => false,
            _ => conn.rate.take(),
        };
        if !keep {
            break;
        }
    }
    detach(&hub, &conn).await;
    drop(conn);
    let _ = writer.await;
}

fn send(tx: &Tx, m: &ToClient) -> bool {
    tx.try_send(m.text()).is_ok()
}

/// Tell the client why it is cut off; false: close.
fn fault(conn: &Conn, why: &str) -> bool {
    send(&conn.tx, &ToClient::Error { why: why.into() });
    false
}

fn refused(conn: &Conn, n: Option<u32>, kind: &str, why: String) -> bool {
    send(
        &conn.tx,
        &ToClient::Refused {
            n,
            kind: kind.into(),
            why,
        },
    )
}

/// A second host, join or open on one connection: refused, the connection kept.
fn already(conn: &Conn) -> bool {
    refused(
        conn,
        None,
        "format",
        "this connection already follows a game".into(),
    )
}

/// One message: false closes the connection.
async fn handle(hub: &Hub, conn: &mut Conn, text: &str) -> bool {
    if !conn.rate.take() {
        return fault(conn, "too many messages: slow down");
    }
    let msg = match serde_json::from_str::<ToServer>(text) {
        Ok(m) => m,
        Err(e) => return refused(conn, None, "format", format!("not a message: {e}")),
    };
    match msg {
        ToServer::Host { header } => host(hub, conn, &header).await,
        ToServer::Join { game } => join(hub, conn, &game).await,
        ToServer::Open { game, token, have } => open(hub, conn, &game, &token, have).await,
        ToServer::Send {
            n,
            command,
            reveal,
            commit,
        } => entry(hub, conn, n, command, reveal, commit).await,
        ToServer::Chat { text } => chat(hub, conn, text).await,
    }
}

fn new_token() -> Result<String, String> {
    Ok(format!("{}{}", new_game_id()?, new_game_id()?))
}

async fn host(hub: &Hub, conn: &mut Conn, header: &str) -> bool {
    if conn.at.is_some() {
        return already(conn);
    }
    let made = (|| {
        let mut h = parse_header(header).map_err(|e| e.to_string())?;
        let code = h.game.clone();
        if !crate::rules::online::is_new_code(&code) {
            return Err(format!(
                "{code:?} is not a game code a host may choose (24 letters and digits in four groups)"
            ));
        }
        if store::path(&hub.data, &code).exists() || hub.cached(&code).is_some() {
            return Err(format!(
                "game {code} exists: host again (a new code is drawn)"
            ));
        }
        let secret = Secret::random()?;
        h.server_commit =
            crate::rules::online::commit(&secret, &code, crate::rules::online::SERVER, 0);
        let replica = Replica::new_in(h, Some(&hub.shared)).map_err(|e| e.to_string())?;
        let token = new_token()?;
        let first = Record::Game {
            header: header_text(&replica.header),
            secret: secret.0.clone(),
            host_token: token_digest(&token),
        };
        let log = tokio::task::block_in_place(|| Log::create(&hub.data, &code, &first))
            .map_err(|e| format!("the server cannot store the game: {e}"))?;
        let side = replica.host();
        let mut tokens = [None, None];
        tokens[side.0 as usize] = Some(token_digest(&token));
        let live = Live {
            replica,
            log,
            secret,
            tokens,
            seats: [Vec::new(), Vec::new()],
            gone_since: [Instant::now(); 2],
        };
        Ok::<_, String>((code, token, side, live))
    })();
    let (code, token, side, live) = match made {
        Ok(m) => m,
        Err(why) => return refused(conn, None, "host", why),
    };
    let live = Arc::new(Mutex::new(live));
    if let Ok(mut g) = hub.games.lock() {
        g.insert(code.clone(), live.clone());
    }
    let mut l = live.lock().await;
    let name = l.replica.scenario.side_name(side).to_string();
    seated(&mut l, conn, &code, side, name, token);
    true
}

async fn join(hub: &Hub, conn: &mut Conn, code: &str) -> bool {
    if conn.at.is_some() {
        return already(conn);
    }
    let mut l = match hub.locked(code).await {
        Ok(l) => l,
        Err(why) => return fault(conn, &why),
    };
    let side = l.replica.joiner();
    if l.tokens[side.0 as usize].is_some() {
        return fault(conn, &format!("game {code} has both its players"));
    }
    let Ok(token) = new_token() else {
        return fault(conn, "the server has no random numbers");
    };
    let name = l.replica.scenario.side_name(side).to_string();
    let rec = Record::Seat {
        side: name.clone(),
        token: token_digest(&token),
    };
    if let Err(e) = tokio::task::block_in_place(|| l.log.append(&rec)) {
        return fault(conn, &format!("the server cannot store the seat: {e}"));
    }
    l.tokens[side.0 as usize] = Some(token_digest(&token));
    seated(&mut l, conn, code, side, name, token);
    true
}

async fn open(hub: &Hub, conn: &mut Conn, code: &str, token: &str, have: u32) -> bool {
    if conn.at.is_some() {
        return already(conn);
    }
    let mut l = match hub.locked(code).await {
        Ok(l) => l,
        Err(why) => return fault(conn, &why),
    };
    let d = token_digest(token);
    let Some(side) = (0..2).find(|&s| l.tokens[s].as_deref() == Some(d.as_str())) else {
        return fault(conn, &format!("this token holds no seat of game {code}"));
    };
    attach(&mut l, conn, code, SideId(side as u8), have);
    true
}

/// A seat given (host, join): its token to the client, then the game followed from its start.
fn seated(l: &mut Live, conn: &mut Conn, code: &str, side: SideId, name: String, token: String) {
    send(
        &conn.tx,
        &ToClient::Seat {
            game: code.to_string(),
            side: name,
            token,
        },
    );
    attach(l, conn, code, side, 0);
}

/// Follow a seat: the log from `have` on, the other seat's presence; the seat is back.
fn attach(l: &mut Live, conn: &mut Conn, code: &str, side: SideId, have: u32) {
    let from = if have as usize > l.replica.entries.len() {
        0
    } else {
        have
    };
    send(
        &conn.tx,
        &ToClient::Log {
            header: (from == 0).then(|| header_text(&l.replica.header)),
            from,
            entries: l.replica.entries[from as usize..].to_vec(),
        },
    );
    let s = side.0 as usize;
    let other = 1 - s;
    send(&conn.tx, &presence(l, SideId(other as u8)));
    let back = l.seats[s].is_empty();
    l.seats[s].push((conn.id, conn.tx.clone()));
    if back {
        let p = presence(l, side);
        broadcast(l, other, &p);
    }
    conn.at = Some((code.to_string(), side));
}

fn presence(l: &Live, side: SideId) -> ToClient {
    let connected = !l.seats[side.0 as usize].is_empty();
    ToClient::Presence {
        side: l.replica.scenario.side_name(side).to_string(),
        connected,
        since: if connected {
            0
        } else {
            l.gone_since[side.0 as usize].elapsed().as_secs()
        },
    }
}

/// Send to every connection of seat `s`, dropping those that do not keep up.
fn broadcast(l: &mut Live, s: usize, m: &ToClient) {
    let text = m.text();
    l.seats[s].retain(|(_, tx)| tx.try_send(text.clone()).is_ok());
}

async fn detach(hub: &Hub, conn: &Conn) {
    let Some((code, side)) = &conn.at else {
        return;
    };
    let Some(live) = hub.cached(code) else {
        return;
    };
    let mut l = live.lock().await;
    let s = side.0 as usize;
    l.seats[s].retain(|(id, _)| *id != conn.id);
    if l.seats[s].is_empty() {
        l.gone_since[s] = Instant::now();
        let p = presence(&l, *side);
        broadcast(&mut l, 1 - s, &p);
    }
}

/// A seat's entry: judged by the rules, stored, relayed.
async fn entry(
    hub: &Hub,
    conn: &mut Conn,
    n: u32,
    command: Option<crate::rules::order::Command>,
    reveal: String,
    commit: String,
) -> bool {
    let Some((code, side)) = conn.at.clone() else {
        return refused(
            conn,
            Some(n),
            "format",
            "open a game before sending to it".into(),
        );
    };
    let Some(live) = hub.cached(&code) else {
        return fault(conn, "the game is no longer held: open it again");
    };
    let mut l = live.lock().await;
    let mut e = Entry {
        n,
        seat: l.replica.scenario.side_name(side).to_string(),
        command,
        reveal,
        commit,
        server: String::new(),
        server_commit: String::new(),
        digest: String::new(),
    };
    // A seat that sends again what was accepted (after a drop) is told again.
    if let Some(kept) = l.replica.entries.get(n as usize)
        && kept.seat == e.seat
        && kept.command == e.command
        && kept.reveal == e.reveal
    {
        return send(
            &conn.tx,
            &ToClient::Entry {
                entry: kept.clone(),
            },
        );
    }
    let secret = l.secret.clone();
    l.replica.server_part(&mut e, &secret);
    let accepted = match l.replica.apply(&e) {
        Ok((kept, _)) => kept.clone(),
        Err(r) => return refused(conn, r.at, r.kind, r.to_string()),
    };
    let rec = Record::Entry {
        entry: accepted.clone(),
    };
    if let Err(err) = tokio::task::block_in_place(|| l.log.append(&rec)) {
        // Not stored: the game in memory is ahead of its file; read it again.
        drop(l);
        hub.forget(&code);
        return fault(
            conn,
            &format!("the server could not store the command: {err}"),
        );
    }
    let m = ToClient::Entry { entry: accepted };
    broadcast(&mut l, 0, &m);
    broadcast(&mut l, 1, &m);
    true
}

async fn chat(hub: &Hub, conn: &mut Conn, text: String) -> bool {
    let Some((code, side)) = conn.at.clone() else {
        return refused(
            conn,
            None,
            "format",
            "open a game before chatting in it".into(),
        );
    };
    if text.chars().count() > MAX_CHAT || text.chars().any(char::is_control) {
        return refused(
            conn,
            None,
            "chat",
            format!("a chat line is one line of at most {MAX_CHAT} characters"),
        );
    }
    let Some(live) = hub.cached(&code) else {
        return fault(conn, "the game is no longer held: open it again");
    };
    let mut l = live.lock().await;
    let from = l.replica.scenario.side_name(side).to_string();
    let rec = Record::Chat {
        from: from.clone(),
        text: text.clone(),
    };
    if tokio::task::block_in_place(|| l.log.append(&rec)).is_err() {
        return refused(conn, None, "chat", "the server could not store it".into());
    }
    let m = ToClient::Chat { from, text };
    broadcast(&mut l, 0, &m);
    broadcast(&mut l, 1, &m);
    true
}
