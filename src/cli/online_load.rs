//! `musket online load`: a measurement of one server under many games at once (issue 52
//! item 8). It starts a server process of its own on loopback with a fresh data folder, opens
//! idle games to weigh one in the server's memory, plays many games of computer clients at
//! once timing every relay, then kills the server and times its restart over everything stored.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

use super::Failure;
use crate::online::client::{self, Seated, Watch};
use crate::rules::ai::Kind;
use crate::rules::online as game;
use crate::rules::pbem::Secret;
use crate::rules::registry::{RulesOverrides, for_scenario};
use crate::rules::ruleset::Ruleset;
use crate::rules::scenario::Scenario;

#[derive(clap::Args, Debug)]
pub struct LoadArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 500)]
    pub games: usize,
    /// Idle games opened first (hosted and joined, no command), to weigh one in memory.
    #[arg(long, default_value_t = 500)]
    pub idle: usize,
    #[arg(long, default_value = "scenarios/foxs-gap.ron")]
    pub scenario: PathBuf,
    /// The computer player of every seat.
    #[arg(long, default_value = "greedy")]
    pub player: String,
    /// Where the server keeps the games (default: a new folder in the system's temporary one).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Each computer player's pause before a command, in milliseconds (0: as fast as the
    /// server relays: a measure of its throughput, not of a player's wait).
    #[arg(long, default_value_t = 0)]
    pub think: u64,
    #[arg(long)]
    pub json: bool,
}

/// The relays timed: when each entry was sent, how long each took to reach the opponent.
#[derive(Default)]
struct Clock {
    sent: Mutex<HashMap<(String, u32), Instant>>,
    relay_ms: Mutex<Vec<f64>>,
}

impl Watch for Clock {
    fn sent(&self, game: &str, n: u32) {
        if let Ok(mut s) = self.sent.lock() {
            s.insert((game.to_string(), n), Instant::now());
        }
    }

    fn arrived(&self, game: &str, n: u32, seat: &str, at: &str) {
        if seat == at {
            return;
        }
        let t = self
            .sent
            .lock()
            .ok()
            .and_then(|mut s| s.remove(&(game.to_string(), n)));
        if let (Some(t), Ok(mut v)) = (t, self.relay_ms.lock()) {
            v.push(t.elapsed().as_secs_f64() * 1000.0);
        }
    }
}

struct Spawned {
    child: Child,
    url: String,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server process of this program on `addr`, serving `data`: its address once it listens.
fn spawn_server(data: &Path, addr: &str) -> Result<Spawned, Failure> {
    let exe = std::env::current_exe().map_err(Failure::from)?;
    let mut child = Command::new(exe)
        .args(["serve", "--addr", addr, "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Failure(format!("cannot start a server: {e}")))?;
    let out = child.stdout.take().ok_or("no output")?;
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line)?;
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| Failure(format!("the server said {line:?}")))?
        .to_string();
    Ok(Spawned { child, url })
}

/// A process's resident memory, in kB (Linux).
fn rss_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let l = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    l.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

struct Setup {
    scenario: Scenario,
    rules: Arc<dyn Ruleset>,
    host: String,
}

/// Host and join one game; with `kind`, play it to its end (commands played).
async fn one_game(
    url: String,
    setup: Arc<Setup>,
    kind: Option<Kind>,
    seed: u64,
    clock: Arc<Clock>,
    think: Duration,
) -> Result<u32, String> {
    let (header, secret) = game::host_header(&setup.scenario.file, &*setup.rules, &setup.host)?;
    let code = header.game.clone();
    let host = client::host(&url, &header, &secret).await?;
    let join = client::join(&url, &code, &Secret::random()?).await?;
    let seat = |seat: client::SeatFile| {
        let clock = clock.clone();
        tokio::spawn(async move {
            let mut p = Seated::new(kind, seed);
            p.watch = Some(clock);
            p.think = think;
            let mut quiet = |_: &str| {};
            client::play(&seat, &mut p, Duration::from_secs(120), &mut quiet)
                .await
                .map(|f| f.replica.next().saturating_sub(1))
        })
    };
    let (a, b) = (seat(join), seat(host));
    let n = a.await.map_err(|e| e.to_string())??;
    b.await.map_err(|e| e.to_string())??;
    Ok(n)
}

/// Run `n` games at once; the commands played and the time.
async fn many(
    url: &str,
    setup: &Arc<Setup>,
    n: usize,
    kind: Option<Kind>,
    clock: &Arc<Clock>,
    think: Duration,
) -> Result<(u64, f64), Failure> {
    let t0 = Instant::now();
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            tokio::spawn(one_game(
                url.to_string(),
                setup.clone(),
                kind,
                i as u64 + 1,
                clock.clone(),
                think,
            ))
        })
        .collect();
    let mut commands = 0u64;
    for t in tasks {
        commands += t
            .await
            .map_err(|e| Failure(e.to_string()))?
            .map_err(Failure)? as u64;
    }
    Ok((commands, t0.elapsed().as_secs_f64()))
}

pub fn load(a: LoadArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let kind = Kind::parse(&a.player).map_err(|e| Failure(format!("--player: {e}")))?;
    let scenario = crate::rules::registry::load_scenario(&a.scenario)?;
    let rules = for_scenario(&scenario, ov)?;
    let host = scenario.sides[0].clone();
    let setup = Arc::new(Setup {
        scenario,
        rules,
        host,
    });
    let data = a.data.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("musket-load-{}", std::process::id()))
    });
    let _ = std::fs::remove_dir_all(&data);
    let server = spawn_server(&data, "127.0.0.1:0")?;
    let pid = server.child.id();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let clock = Arc::new(Clock::default());
    let rss0 = rss_kb(pid).unwrap_or(0);
    let t_idle = rt
        .block_on(many(
            &server.url,
            &setup,
            a.idle,
            None,
            &clock,
            Duration::ZERO,
        ))?
        .1;
    let rss1 = rss_kb(pid).unwrap_or(0);
    let (commands, secs) = rt.block_on(many(
        &server.url,
        &setup,
        a.games,
        Some(kind),
        &clock,
        Duration::from_millis(a.think),
    ))?;
    let rss2 = rss_kb(pid).unwrap_or(0);
    let addr = server.url.trim_start_matches("ws://").to_string();
    drop(server);
    let t0 = Instant::now();
    let again = spawn_server(&data, &addr)?;
    let resume_s = t0.elapsed().as_secs_f64();
    let rss3 = rss_kb(again.child.id()).unwrap_or(0);
    drop(again);
    let mut ms = clock.relay_ms.lock().map(|v| v.clone()).unwrap_or_default();
    ms.sort_by(f64::total_cmp);
    let v = json!({
        "scenario": setup.scenario.title,
        "player": a.player,
        "think_ms": a.think,
        "games": a.games,
        "idle_games": a.idle,
        "idle_open_s": t_idle,
        "commands": commands,
        "seconds": secs,
        "commands_per_s": commands as f64 / secs.max(1e-9),
        "relay_ms": {
            "count": ms.len(),
            "median": percentile(&ms, 0.5),
            "p90": percentile(&ms, 0.9),
            "p99": percentile(&ms, 0.99),
            "max": ms.last().copied().unwrap_or(0.0),
        },
        "server_rss_kb": {"start": rss0, "after_idle": rss1, "after_games": rss2, "after_resume": rss3},
        "kb_per_idle_game": (rss1.saturating_sub(rss0)) as f64 / a.idle.max(1) as f64,
        "resume": {"games": a.idle + a.games, "seconds": resume_s},
    });
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!(
            "{} games of {} at once: {} commands in {:.1} s ({:.0}/s); relay median {:.1} ms, p99 {:.1} ms; {:.0} kB a idle game; {} games resumed in {:.2} s",
            a.games,
            a.player,
            commands,
            secs,
            v["commands_per_s"].as_f64().unwrap_or(0.0),
            percentile(&ms, 0.5),
            percentile(&ms, 0.99),
            v["kb_per_idle_game"].as_f64().unwrap_or(0.0),
            a.idle + a.games,
            resume_s
        );
    }
    if a.data.is_none() {
        let _ = std::fs::remove_dir_all(&data);
    }
    Ok(ExitCode::SUCCESS)
}
