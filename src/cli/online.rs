//! `musket serve` and `musket online host|join|list|verify|export`: live online play without
//! a window ([`crate::online`]; docs/online.md).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use super::Failure;
use crate::online::client::{self, Seated};
use crate::online::{server, store};
use crate::rules::ai::Kind;
use crate::rules::online::{self as game, Replica};
use crate::rules::pbem::Secret;
use crate::rules::registry::{RulesOverrides, for_scenario};

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Where to listen (a port of this machine; put TLS in front with a reverse proxy).
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "HOST:PORT")]
    pub addr: String,
    /// Where the games are stored (created if missing).
    #[arg(long, default_value = "musket-server", value_name = "DIR")]
    pub data: PathBuf,
    /// Seconds a game nobody follows stays in memory (it stays on disk, read again when
    /// opened).
    #[arg(long, default_value_t = 300, value_name = "SECS")]
    pub keep_idle: u64,
}

#[derive(clap::Subcommand, Debug)]
pub enum OnlineCmd {
    /// Host a game on a server: prints the game code on its first line (give it to your
    /// opponent), keeps your seat in the data folder, and with --player lets a computer play it.
    Host(HostArgs),
    /// Join a game by its code (run again, it reopens the seat it took).
    Join(JoinArgs),
    /// Reopen a seat this machine keeps (after a drop, a kill or a restart): CODE, or
    /// CODE@SIDE where this machine keeps both seats of the game.
    Resume(JoinArgs),
    /// The online games whose seats this machine keeps.
    List {
        /// The data folder (default: $MUSKET_DATA_DIR, else the platform's, as the window's).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// Check a stored game on the server's machine: every command by the rules, every die by
    /// its commitments; prints the final digest.
    Verify(StoredArgs),
    /// Write a stored game as a saved game the window opens.
    Export(ExportArgs),
    /// Measurement: a server of its own under many games of computer clients at once —
    /// commands a second, the relay's time to the opponent, memory per idle game, the restart.
    Load(super::online_load::LoadArgs),
}

#[derive(clap::Args, Debug)]
pub struct Playing {
    /// The server's address (ws://HOST:PORT).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// A computer player for the seat (ai1…ai3, greedy, style:NAME…); without it the seat is
    /// kept for a window.
    #[arg(long)]
    pub player: Option<String>,
    /// The computer player's seed (its choices; the dice come from the commitments).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object at the end: {"game", "winner", "commands", "digest"}.
    #[arg(long)]
    pub json: bool,
    /// The data folder the seat is kept in (default: $MUSKET_DATA_DIR, else the platform's).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// How long to keep reconnecting to a server that cannot be reached, in seconds.
    #[arg(long, default_value_t = 600)]
    pub patience: u64,
}

#[derive(clap::Args, Debug)]
pub struct HostArgs {
    pub scenario: PathBuf,
    /// The side you play.
    #[arg(long)]
    pub side: String,
    #[command(flatten)]
    pub play: Playing,
}

#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The game code the host gave you.
    pub code: String,
    #[command(flatten)]
    pub play: Playing,
}

#[derive(clap::Args, Debug)]
pub struct StoredArgs {
    pub code: String,
    /// The server's data folder.
    #[arg(long, value_name = "DIR")]
    pub data: PathBuf,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    pub code: String,
    #[arg(long, value_name = "DIR")]
    pub data: PathBuf,
    /// The saved game to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure(format!("cannot start the network runtime: {e}")))
}

/// `musket serve`.
pub fn serve(a: ServeArgs) -> Result<ExitCode, Failure> {
    std::fs::create_dir_all(&a.data)
        .map_err(|e| Failure(format!("--data {}: {e}", a.data.display())))?;
    let rt = runtime()?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(&a.addr)
            .await
            .map_err(|e| Failure(format!("--addr {}: cannot listen there: {e}", a.addr)))?;
        let at = listener.local_addr().map_err(Failure::from)?;
        let mut hub = server::Hub::new(&a.data);
        hub.keep_idle = Duration::from_secs(a.keep_idle.max(1));
        let hub = Arc::new(hub);
        let t0 = Instant::now();
        let (n, bad) = tokio::task::block_in_place(|| hub.resume_all());
        outln!("listening on ws://{at}");
        let _ = std::io::stdout().flush();
        eprintln!(
            "musket server: {n} stored game{} resumed in {:.2} s from {}",
            if n == 1 { "" } else { "s" },
            t0.elapsed().as_secs_f64(),
            a.data.display()
        );
        for b in bad {
            eprintln!("musket server: not resumed: {b}");
        }
        server::serve(listener, hub, stop_signal()).await;
        eprintln!("musket server: stopped (every acknowledged command is on disk)");
        Ok(ExitCode::SUCCESS)
    })
}

/// SIGTERM or Ctrl-C.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

pub fn run(c: OnlineCmd, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    match c {
        OnlineCmd::Host(a) => host(a, ov),
        OnlineCmd::Join(a) => join(a),
        OnlineCmd::Resume(a) => resume(a),
        OnlineCmd::List { data } => list(data.as_deref()),
        OnlineCmd::Verify(a) => verify(a),
        OnlineCmd::Export(a) => export(a),
        OnlineCmd::Load(a) => super::online_load::load(a, ov),
    }
}

fn kind(p: &Playing) -> Result<Option<Kind>, Failure> {
    p.player
        .as_deref()
        .map(Kind::parse)
        .transpose()
        .map_err(|e| Failure(format!("--player: {e}")))
}

fn server_url(p: &Playing) -> Result<String, Failure> {
    let url = p.server.clone().ok_or_else(|| {
        Failure("--server URL: which Musket server (ws://HOST:PORT, wss:// behind TLS)".into())
    })?;
    if !(url.starts_with("ws://") || url.starts_with("wss://")) {
        return Err(Failure(format!(
            "--server {url}: a server's address begins ws:// (or wss://), e.g. ws://127.0.0.1:7878"
        )));
    }
    Ok(url)
}

fn host(a: HostArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let url = server_url(&a.play)?;
    let kind = kind(&a.play)?;
    let sc = crate::rules::registry::load_scenario(&a.scenario)?;
    sc.playable()
        .map_err(|e| Failure(format!("{}: {e}", a.scenario.display())))?;
    let rules =
        for_scenario(&sc, ov).map_err(|e| Failure(format!("{}: {e}", a.scenario.display())))?;
    if sc.side_by_name(&a.side).is_none() {
        return Err(Failure(format!(
            "--side {:?}: the sides are {}",
            a.side,
            sc.sides.join(", ")
        )));
    }
    let (header, secret) = game::host_header(&sc.file, &*rules, &a.side).map_err(Failure)?;
    let dir = client::data_dir(a.play.data.as_deref());
    let rt = runtime()?;
    let seat = rt
        .block_on(client::host(&url, &header, &secret))
        .map_err(Failure)?;
    client::save_seat(&dir, &seat).map_err(Failure)?;
    outln!("{}", seat.game);
    let _ = std::io::stdout().flush();
    follow(&rt, &seat, kind, &a.play)
}

fn join(a: JoinArgs) -> Result<ExitCode, Failure> {
    let kind = kind(&a.play)?;
    let dir = client::data_dir(a.play.data.as_deref());
    let rt = runtime()?;
    let seat = match client::load_role(&dir, &a.code, false).map_err(Failure)? {
        Some(s) => {
            eprintln!("reopening your seat ({}) of game {}", s.side, s.game);
            s
        }
        None => {
            let url = server_url(&a.play)?;
            let secret = Secret::random().map_err(Failure)?;
            let s = rt
                .block_on(client::join(&url, &a.code, &secret))
                .map_err(|e| {
                    let hosted = matches!(client::load_role(&dir, &a.code, true), Ok(Some(_)));
                    Failure(if hosted {
                        format!(
                            "{e} (this machine hosts it: reopen your seat with `musket online resume {}`)",
                            a.code
                        )
                    } else {
                        e
                    })
                })?;
            client::save_seat(&dir, &s).map_err(Failure)?;
            eprintln!("you play the {} in game {}", s.side, s.game);
            s
        }
    };
    follow(&rt, &seat, kind, &a.play)
}

fn resume(a: JoinArgs) -> Result<ExitCode, Failure> {
    let kind = kind(&a.play)?;
    let dir = client::data_dir(a.play.data.as_deref());
    let seat = client::load_seat(&dir, &a.code)
        .map_err(Failure)?
        .ok_or_else(|| {
            Failure(format!(
                "no seat of game {} is kept in {}",
                a.code,
                dir.display()
            ))
        })?;
    eprintln!("reopening your seat ({}) of game {}", seat.side, seat.game);
    let rt = runtime()?;
    follow(&rt, &seat, kind, &a.play)
}

/// Play the seat with a computer player to the end (without one: say where the seat is kept).
fn follow(
    rt: &tokio::runtime::Runtime,
    seat: &client::SeatFile,
    kind: Option<Kind>,
    p: &Playing,
) -> Result<ExitCode, Failure> {
    let mut player = Seated::new(kind, p.seed);
    let mut notify = |line: &str| eprintln!("{line}");
    let done = rt
        .block_on(client::play(
            seat,
            &mut player,
            Duration::from_secs(p.patience),
            &mut notify,
        ))
        .map_err(Failure)?;
    if kind.is_none() && !done.replica.is_over() {
        eprintln!(
            "your seat ({}) is kept in {}; play it with `musket online join {} --player …`, or in the window",
            seat.side,
            client::data_dir(p.data.as_deref()).display(),
            seat.game
        );
        return Ok(ExitCode::SUCCESS);
    }
    report(&seat.game, &done.replica, p.json);
    Ok(ExitCode::SUCCESS)
}

/// The end of a game: its winner, commands and final digest.
fn summary(code: &str, r: &Replica) -> serde_json::Value {
    let winner = r.session.as_ref().and_then(|s| {
        crate::rules::victory::outcome(&s.game)
            .winner
            .map(|w| s.game.scenario.side_name(w).to_string())
    });
    json!({
        "game": code,
        "winner": winner,
        "commands": r.next().saturating_sub(1),
        "digest": r.digest(),
    })
}

fn report(code: &str, r: &Replica, as_json: bool) {
    let v = summary(code, r);
    if as_json {
        outln!("{v}");
    } else {
        outln!(
            "game {code}: {}; {} commands; digest {}",
            match v["winner"].as_str() {
                Some(w) => format!("the {w} win"),
                None if r.is_over() => "a draw".into(),
                None => "not over".into(),
            },
            v["commands"],
            v["digest"].as_str().unwrap_or("none")
        );
    }
}

fn list(data: Option<&Path>) -> Result<ExitCode, Failure> {
    let dir = client::data_dir(data);
    let seats = client::seats(&dir);
    if seats.is_empty() {
        outln!("no online games kept in {}", dir.display());
    }
    for s in seats {
        outln!("{}  {}  {}", s.game, s.side, s.server);
    }
    Ok(ExitCode::SUCCESS)
}

fn stored(code: &str, data: &Path) -> Result<Replica, Failure> {
    let s = store::read(data, code).map_err(Failure)?;
    game::verify(s.header, &s.entries)
        .map_err(|e| Failure(format!("{}: {e}", store::path(data, code).display())))
}

fn verify(a: StoredArgs) -> Result<ExitCode, Failure> {
    let r = stored(&a.code, &a.data)?;
    report(&a.code, &r, a.json);
    Ok(ExitCode::SUCCESS)
}

fn export(a: ExportArgs) -> Result<ExitCode, Failure> {
    let r = stored(&a.code, &a.data)?;
    let s = r
        .session
        .as_ref()
        .ok_or_else(|| Failure(format!("game {} has not begun: nothing to save", a.code)))?;
    crate::rules::session::write_atomic(&a.out, &s.save_string())
        .map_err(|e| Failure(format!("--out {}: {e}", a.out.display())))?;
    outln!(
        "{}: game {} ({} commands) saved",
        a.out.display(),
        a.code,
        r.next().saturating_sub(1)
    );
    Ok(ExitCode::SUCCESS)
}
