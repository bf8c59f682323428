//! `musket play` (one game between computer players, headless) and `musket selfplay` (many, sides
//! alternating, with the computer opponent's thinking times).

use crate::rules::narrate::Describe;
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{Value, json};

use super::Failure;
use crate::rules::ai::{GameReport, Kind, play_game};
use crate::rules::registry::{RulesOverrides, for_scenario};
use crate::rules::unit::SideId;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The scenario file.
    pub scenario: std::path::PathBuf,
    /// One player per side, in the scenario's side order: ai (= ai3), ai1 / easy, ai2 / normal,
    /// ai3 / hard (the search), random, greedy.
    #[arg(long, value_delimiter = ',', required = true)]
    pub sides: Vec<String>,
    /// Seed of the dice (and of the random player).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print every command as it is played: who sent it, why, and what the rules did.
    #[arg(long)]
    pub log: bool,
    /// Write the game as a save file (load it in the window to step through it, or continue it).
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
    /// Play by turn files: the two players exchange files as two people playing by e-mail
    /// would, one per hand-over, written to DIR in order (`SCENARIO-turn-000-SIDE...`); each is
    /// verified on its own and against the one before it. The dice follow from the two players'
    /// secrets (derived here from --seed: headless play protects nothing), not from the seed.
    #[arg(long, value_name = "DIR")]
    pub turn_files: Option<std::path::PathBuf>,
    /// With --turn-files: stop after this many files (the game can then go on in the window:
    /// see --keep-secrets).
    #[arg(long, value_name = "N", requires = "turn_files")]
    pub files: Option<u32>,
    /// With --turn-files: write each player's kept state (side, secret, last file sent) as
    /// that player's Musket keeps it, in DIR/SIDE/pbem/, so that `MUSKET_DATA_DIR=DIR/SIDE
    /// musket --turn FILE` plays on as that side.
    #[arg(long, value_name = "DIR", requires = "turn_files")]
    pub keep_secrets: Option<std::path::PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// The scenario file.
    pub scenario: std::path::PathBuf,
    /// The two players (ai, ai1 to ai3, easy, normal, hard, random, greedy); they swap sides
    /// every game.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn kinds(list: &[String]) -> Result<[Kind; 2], Failure> {
    if list.len() != 2 {
        return Err(Failure(format!(
            "give two players, one per side (e.g. ai,greedy), not {}",
            list.len()
        )));
    }
    Ok([
        Kind::parse(&list[0]).map_err(Failure)?,
        Kind::parse(&list[1]).map_err(Failure)?,
    ])
}

fn load(
    path: &std::path::Path,
    ov: &RulesOverrides,
) -> Result<
    (
        Arc<crate::rules::scenario::Scenario>,
        Arc<dyn crate::rules::ruleset::Ruleset>,
    ),
    Failure,
> {
    let sc = crate::rules::registry::load_scenario(path)?;
    if sc.turns.is_none() {
        return Err(Failure(format!(
            "{}: the scenario has no last turn (`turns`): it is a position to study, not a game to play",
            path.display()
        )));
    }
    let rules = for_scenario(&sc, ov).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    Ok((Arc::new(sc), rules))
}

fn report_json(r: &GameReport, names: [String; 2]) -> Value {
    let g = &r.session.game;
    let side = |s: usize| g.scenario.side_name(SideId(s as u8)).to_string();
    json!({
        "scenario": g.scenario.title,
        "players": { side(0): names[0], side(1): names[1] },
        "winner": r.outcome.winner.map(|s| side(s.0 as usize)),
        "winner_player": r.outcome.winner.map(|s| names[s.0 as usize].clone()),
        "reason": r.outcome.reason,
        "score": { side(0): r.outcome.points[0], side(1): r.outcome.points[1] },
        "losses": { side(0): r.outcome.lost[0], side(1): r.outcome.lost[1] },
        "turns": r.turns,
        "commands": r.commands,
        "refused": r.refused.len(),
    })
}

/// Every command of the game with why it was sent, and the events it made (the game replayed
/// from its seed).
fn print_log(r: &GameReport, names: &[String; 2]) -> Result<(), Failure> {
    let g = &r.session.game;
    let mut s =
        crate::rules::session::Session::new(g.scenario.clone(), g.rules.clone(), r.session.seed);
    if !s.opening.is_empty() {
        outln!("turn {} before the first command:", s.game.turn);
        for e in &s.opening {
            outln!("    {}", e.describe(&s.game));
        }
    }
    for (turn, side, d) in &r.decisions {
        outln!(
            "turn {turn} {} ({}): {}",
            g.scenario.side_name(*side),
            names[side.0 as usize],
            d.why
        );
        let events = s
            .execute(d.command.clone())
            .map_err(|e| Failure(format!("the game does not replay: {e}")))?;
        for e in events {
            outln!("    {}", e.describe(&s.game));
        }
    }
    Ok(())
}

pub fn play(a: PlayArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let players = kinds(&a.sides)?;
    let (sc, rules) = load(&a.scenario, ov)?;
    if let Some(dir) = &a.turn_files {
        return play_by_files(&a, dir, sc, rules, players, ov);
    }
    let r = play_game(sc, rules, a.seed, players);
    let names = players.map(|k| k.name());
    if a.log {
        print_log(&r, &names)?;
    }
    if let Some(path) = &a.save {
        let mut session = r.session.clone();
        session.players = Some(names.to_vec());
        crate::rules::session::write_atomic(path, &session.save_string())
            .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    }
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&report_json(&r, names))?);
    } else {
        let g = &r.session.game;
        let side = |s: usize| g.scenario.side_name(SideId(s as u8)).to_string();
        outln!(
            "{}: {} ({}) against {} ({}), seed {}",
            g.scenario.title,
            side(0),
            names[0],
            side(1),
            names[1],
            a.seed
        );
        outln!(
            "  score {} {} - {} {}; losses {} {}, {} {}; {} turns, {} commands",
            side(0),
            r.outcome.points[0],
            side(1),
            r.outcome.points[1],
            side(0),
            r.outcome.lost[0],
            side(1),
            r.outcome.lost[1],
            r.turns,
            r.commands
        );
        outln!(
            "  {}: {}",
            match r.outcome.winner {
                Some(s) => format!("{} ({}) wins", side(s.0 as usize), names[s.0 as usize]),
                None => "a draw".into(),
            },
            r.outcome.reason
        );
    }
    if !r.refused.is_empty() {
        return Err(Failure(format!(
            "{} commands were refused by the rules (a defect): first {:?}: {}",
            r.refused.len(),
            r.refused[0].0,
            r.refused[0].1
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The median, 90th percentile and maximum of some times.
fn stats(mut v: Vec<f64>) -> Value {
    if v.is_empty() {
        return json!({"median": null, "p90": null, "max": null});
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    json!({
        "median": (at(0.5) * 100.0).round() / 100.0,
        "p90": (at(0.9) * 100.0).round() / 100.0,
        "max": (v[v.len() - 1] * 100.0).round() / 100.0,
        "turns": v.len(),
    })
}

/// The mean and the largest of some per-turn counts.
fn action_stats(v: &[f64]) -> Value {
    let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
    json!({
        "mean": (mean * 100.0).round() / 100.0,
        "max": v.iter().copied().fold(0.0, f64::max),
        "turns": v.len(),
    })
}

/// A win rate and its 95% confidence interval, as selfplay's JSON gives them.
fn ci(wins: u32, games: u32) -> Value {
    let (lo, hi) = crate::rules::ai::wilson95(wins, games);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    json!({
        "rate": round(f64::from(wins) / f64::from(games.max(1))),
        "low": round(lo),
        "high": round(hi),
    })
}

pub fn selfplay(a: SelfplayArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let players = kinds(&a.players)?;
    let (sc, rules) = load(&a.scenario, ov)?;
    let mut names = players.map(|k| k.name());
    if names[0] == names[1] {
        names[0].push_str("#1");
        names[1].push_str("#2");
    }
    let mut wins = [0u32; 2];
    let mut wins_as = [[0u32; 2]; 2];
    let mut draws = 0u32;
    let mut ai_ms = Vec::new();
    // Each player's thinking per game turn (all its turns or actions in one).
    let mut per_game_turn: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut refused = 0usize;
    // Actions (activations) each player took in each game turn of an action phase.
    let mut actions: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for i in 0..a.games {
        // Game i: player (i % 2) plays the first side.
        let first = (i % 2) as usize;
        let order = [first, 1 - first];
        let r = play_game(
            sc.clone(),
            rules.clone(),
            a.seed.wrapping_add(u64::from(i)),
            [players[order[0]], players[order[1]]],
        );
        refused += r.refused.len();
        for turn in &r.session.game.cycle.history {
            for (side, &p) in order.iter().enumerate() {
                actions[p].push(f64::from(turn[side]));
            }
        }
        for (side, &p) in order.iter().enumerate() {
            if matches!(players[p], Kind::Ai(_)) {
                ai_ms.extend(r.turn_ms[side].iter().copied());
            }
            per_game_turn[p].extend(r.game_turn_ms[side].iter().copied());
        }
        match r.outcome.winner {
            Some(s) => {
                let p = order[s.0 as usize];
                wins[p] += 1;
                wins_as[p][s.0 as usize] += 1;
            }
            None => draws += 1,
        }
        if !a.json {
            outln!(
                "game {}: {} {} - {} {}: {}",
                i + 1,
                names[order[0]],
                r.outcome.points[0],
                r.outcome.points[1],
                names[order[1]],
                match r.outcome.winner {
                    Some(s) =>
                        format!("{} wins ({})", names[order[s.0 as usize]], r.outcome.reason),
                    None => format!("draw ({})", r.outcome.reason),
                }
            );
        }
    }
    let side = |s: usize| sc.side_name(SideId(s as u8)).to_string();
    let out = json!({
        "scenario": sc.title,
        "games": a.games,
        "wins": { names[0].clone(): wins[0], names[1].clone(): wins[1] },
        "wins_by_side": {
            names[0].clone(): { side(0): wins_as[0][0], side(1): wins_as[0][1] },
            names[1].clone(): { side(0): wins_as[1][0], side(1): wins_as[1][1] },
        },
        "draws": draws,
        // Each player's win rate with its 95% confidence interval (Wilson's score interval).
        "ci95": {
            names[0].clone(): ci(wins[0], a.games),
            names[1].clone(): ci(wins[1], a.games),
        },
        "ai_turn_ms": stats(ai_ms),
        // Each player's thinking per game turn: all of its turns (or, in an action phase, all
        // of its actions) in one game turn.
        "game_turn_ms": {
            names[0].clone(): stats(per_game_turn[0].clone()),
            names[1].clone(): stats(per_game_turn[1].clone()),
        },
        // Action phases (GCACW): the actions each player took per game turn.
        "actions_per_turn": if actions[0].is_empty() {
            Value::Null
        } else {
            json!({
                names[0].clone(): action_stats(&actions[0]),
                names[1].clone(): action_stats(&actions[1]),
            })
        },
        "refused": refused,
        "seed": a.seed,
    });
    // The summary is one JSON object either way (after the per-game lines without --json).
    outln!("{}", serde_json::to_string_pretty(&out)?);
    if refused > 0 {
        return Err(Failure(format!(
            "{refused} commands were refused by the rules (a defect)"
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// `musket play --turn-files DIR`: a game between computer players exchanged as turn files.
fn play_by_files(
    a: &PlayArgs,
    dir: &std::path::Path,
    sc: Arc<crate::rules::scenario::Scenario>,
    rules: Arc<dyn crate::rules::ruleset::Ruleset>,
    players: [Kind; 2],
    ov: &RulesOverrides,
) -> Result<ExitCode, Failure> {
    use crate::rules::pbem;
    std::fs::create_dir_all(dir).map_err(|e| Failure(format!("{}: {e}", dir.display())))?;
    let mut ps = [
        players[0].player(a.seed, SideId(0)),
        players[1].player(a.seed, SideId(1)),
    ];
    let secrets =
        [0, 1].map(|i| pbem::Secret::derived(&format!("musket play seed {} side {i}", a.seed)));
    let game =
        pbem::Secret::derived(&format!("musket play seed {} game", a.seed)).0[..32].to_string();
    let mut files: Vec<String> = Vec::new();
    let mut refused: Vec<String> = Vec::new();
    let mut last_sent: [Option<(u32, String)>; 2] = [None, None];
    let title = sc.title.clone();
    let v = pbem::exchange(
        &sc.file,
        rules.sequence(),
        sc.side_name(SideId(0)),
        &game,
        [&secrets[0], &secrets[1]],
        ov,
        a.files.unwrap_or(100_000),
        |s| {
            let r = crate::rules::ai::play_turn_with(s, &mut ps);
            refused.extend(
                r.refused
                    .into_iter()
                    .map(|(c, why)| format!("{c:?}: {why}")),
            );
        },
        |v| {
            let e = v.file.entries.last().expect("a verified file has entries");
            let name = pbem::file_name(&title, e.number, &e.from);
            let path = dir.join(&name);
            crate::rules::session::write_atomic(&path, &pbem::to_text(&v.file)).map_err(|err| {
                pbem::TurnError {
                    path: path.display().to_string(),
                    kind: "read",
                    problem: format!("cannot write it: {err}"),
                }
            })?;
            if !a.json {
                outln!("{name}: {}", v.summary());
            }
            files.push(name);
            last_sent[(v.next_writer().0 as usize + 1) % 2] = Some((e.number, e.digest.clone()));
            Ok(())
        },
    )
    .map_err(|e| Failure(e.to_string()))?;
    if let Some(keep) = &a.keep_secrets {
        for i in 0..2 {
            let side = sc.side_name(SideId(i as u8)).to_string();
            let k = pbem::Kept {
                game: game.clone(),
                side: side.clone(),
                secret: secrets[i].clone(),
                sent: last_sent[i].clone(),
                accepted_rules: None,
            };
            let d = keep.join(side.to_lowercase()).join("pbem");
            pbem::save_kept(&d, &k).map_err(Failure)?;
        }
    }
    let names = players.map(|k| k.name());
    let Some(session) = &v.session else {
        // Stopped in the handshake (--files 1 or 2): no move yet.
        if a.json {
            outln!(
                "{}",
                serde_json::to_string_pretty(&json!({
                    "scenario": sc.title,
                    "over": false,
                    "commands": 0,
                    "turn_files": files,
                    "dir": dir.display().to_string(),
                }))?
            );
        } else {
            outln!(
                "{} files in {}; no move yet (the handshake)",
                files.len(),
                dir.display()
            );
        }
        return Ok(ExitCode::SUCCESS);
    };
    let g = &session.game;
    let o = crate::rules::victory::outcome(g);
    let side = |s: usize| g.scenario.side_name(SideId(s as u8)).to_string();
    if a.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "scenario": g.scenario.title,
                "players": { side(0): names[0], side(1): names[1] },
                "over": g.is_over(),
                "winner": o.winner.map(|s| side(s.0 as usize)),
                "reason": o.reason,
                "score": { side(0): o.points[0], side(1): o.points[1] },
                "turns": g.turn.min(g.scenario.turns.unwrap_or(g.turn)),
                "commands": session.log.len(),
                "turn_files": files,
                "dir": dir.display().to_string(),
                "refused": refused.len(),
            }))?
        );
    } else {
        outln!(
            "{} files in {}; score {} {} - {} {}: {}",
            files.len(),
            dir.display(),
            side(0),
            o.points[0],
            side(1),
            o.points[1],
            match o.winner {
                _ if !g.is_over() => format!("stopped at game turn {} (--files)", g.turn),
                Some(s) => format!("{} ({}) wins", side(s.0 as usize), names[s.0 as usize]),
                None => "a draw".into(),
            }
        );
    }
    if let Some(r) = refused.first() {
        return Err(Failure(format!(
            "{} commands were refused by the rules (a defect): first {r}",
            refused.len()
        )));
    }
    Ok(ExitCode::SUCCESS)
}
