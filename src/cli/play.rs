//! `musket play` (one game between computer players, headless) and `musket selfplay` (many, sides
//! alternating, with the computer opponent's thinking times).

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{Value, json};

use super::Failure;
use crate::rules::ai::search::Choice;
use crate::rules::ai::{GameReport, Kind, play_game};
use crate::rules::narrate::Describe;
use crate::rules::pbem;
use crate::rules::registry::{RulesOverrides, for_scenario};
use crate::rules::ruleset::Ruleset;
use crate::rules::scenario::Scenario;
use crate::rules::unit::SideId;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The scenario file.
    pub scenario: std::path::PathBuf,
    /// One player per side, in the scenario's side order: ai (= ai3), ai1 / easy, ai2 / normal,
    /// ai3 / hard (the search), random, greedy, or a measuring player: rush, hold, style:NAME
    /// (a style of ai3's portfolio played alone, such as style:dig-in), split:A/B (two styles,
    /// the side's formations playing them in turn along the front).
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
    /// The scenario file; several play each in turn, with a JSON object per field and the
    /// seat-adjusted score pooled over them (`fields`, `seat_adjusted`).
    #[arg(required = true)]
    pub scenarios: Vec<std::path::PathBuf>,
    /// The two players (ai, ai1 to ai3, easy, normal, hard, random, greedy, and the measuring
    /// players rush, hold, style:NAME, NAME a style of ai3's portfolio such as dig-in (an
    /// unknown NAME lists them), and split:A/B, two styles played by the side's formations in
    /// turn); they swap sides every game.
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
    /// Also play each game's mirror (the second player against itself, same seed and seats)
    /// and report the first player's seat-adjusted edge: per seat and pooled, its score and
    /// victory-point margin beside the mirror's, with a 95% interval (`seat_adjusted`).
    #[arg(long)]
    pub seat_adjusted: bool,
    /// Write where each game stood at the start of each game turn, from each side's view, and
    /// how it ended, to FILE (CSV: the features of a playout cut short, for fitting
    /// `computer.cut_short` with tools/fit-cut-short.py).
    #[arg(long, value_name = "FILE")]
    pub positions: Option<std::path::PathBuf>,
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

fn load(path: &Path, ov: &RulesOverrides) -> Result<(Arc<Scenario>, Arc<dyn Ruleset>), Failure> {
    let sc = crate::rules::registry::load_scenario(path)?;
    sc.playable()
        .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    if sc.turns.is_none() {
        return Err(Failure(format!(
            "{}: the scenario has no last turn (`turns`): it is a position to study, not a game to play",
            path.display()
        )));
    }
    let rules = for_scenario(&sc, ov).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    Ok((Arc::new(sc), rules))
}

/// The name of side `s` (0 or 1).
fn side_name(sc: &Scenario, s: usize) -> String {
    sc.side_name(SideId(s as u8)).to_string()
}

/// Who won (the side and its player), or a draw.
fn winner_text(sc: &Scenario, winner: Option<SideId>, names: &[String; 2]) -> String {
    match winner {
        Some(s) => format!(
            "{} ({}) wins",
            side_name(sc, s.0 as usize),
            names[s.0 as usize]
        ),
        None => "a draw".into(),
    }
}

fn report_json(r: &GameReport, names: [String; 2]) -> Value {
    let g = &r.session.game;
    let side = |s: usize| side_name(&g.scenario, s);
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
        session.set_players(Some(names.to_vec()));
        crate::rules::session::write_atomic(path, &session.save_string())
            .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    }
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&report_json(&r, names))?);
    } else {
        let g = &r.session.game;
        let side = |s: usize| side_name(&g.scenario, s);
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
            winner_text(&g.scenario, r.outcome.winner, &names),
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

/// What `musket selfplay` counts over its games, by player (not by side, but where it says).
#[derive(Default)]
struct Tally {
    wins: [u32; 2],
    /// Each player's wins by the side it played.
    wins_as: [[u32; 2]; 2],
    draws: u32,
    /// The computer opponents' thinking time per turn.
    ai_ms: Vec<f64>,
    /// Each player's thinking per game turn (all its turns or actions in one).
    per_game_turn: [Vec<f64>; 2],
    refused: usize,
    /// Actions (activations) each player took in each game turn of an action phase.
    actions: [Vec<f64>; 2],
    /// How each player chose its style each game turn (the search level).
    choices: [Vec<Choice>; 2],
}

impl Tally {
    /// Count a game in which player `order[s]` played side `s`.
    fn add(&mut self, r: &GameReport, order: [usize; 2], players: &[Kind; 2]) {
        self.refused += r.refused.len();
        for turn in &r.session.game.cycle.history {
            for (side, &p) in order.iter().enumerate() {
                self.actions[p].push(f64::from(turn[side]));
            }
        }
        for (side, &p) in order.iter().enumerate() {
            if matches!(players[p], Kind::Ai(_)) {
                self.ai_ms.extend(r.turn_ms[side].iter().copied());
            }
            self.per_game_turn[p].extend(r.game_turn_ms[side].iter().copied());
            self.choices[p].extend(r.choices[side].iter().copied());
        }
        match r.outcome.winner {
            Some(s) => {
                let p = order[s.0 as usize];
                self.wins[p] += 1;
                self.wins_as[p][s.0 as usize] += 1;
            }
            None => self.draws += 1,
        }
    }
}

pub fn selfplay(a: SelfplayArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    if a.games == 0 {
        return Err(Failure(
            "--games 0: nothing to measure; play at least one game".into(),
        ));
    }
    let players = kinds(&a.players)?;
    let fields: Vec<_> = a
        .scenarios
        .iter()
        .map(|p| load(p, ov))
        .collect::<Result<_, _>>()?;
    let mut positions = a
        .positions
        .as_deref()
        .map(super::positions::create)
        .transpose()?;
    let mut outs = Vec::new();
    let mut all_pairs = Vec::new();
    let mut refused = 0;
    for (i, (sc, rules)) in fields.into_iter().enumerate() {
        let (out, pairs, r, rows) = selfplay_field(&a, players, sc, rules, i);
        outs.push(out);
        all_pairs.extend(pairs);
        refused += r;
        if let (Some(w), Some(path)) = (positions.as_mut(), a.positions.as_deref()) {
            use std::io::Write;
            rows.iter()
                .try_for_each(|row| writeln!(w, "{row}"))
                .and_then(|()| w.flush())
                .map_err(|e| Failure(format!("--positions {}: {e}", path.display())))?;
        }
    }
    // One field: its summary, as before; several: each field's and the pooled edge.
    let out = if outs.len() == 1 {
        outs.remove(0)
    } else {
        let mut o = json!({ "fields": outs });
        if a.seat_adjusted {
            o["seat_adjusted"] = super::paired::pooled(&all_pairs);
        }
        o
    };
    outln!("{}", serde_json::to_string_pretty(&out)?);
    if refused > 0 {
        return Err(Failure(format!(
            "{refused} commands were refused by the rules (a defect)"
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// One field's games (and their mirrors with `--seat-adjusted`): its summary, its pairs, the
/// commands refused and its `--positions` rows (none without it).
fn selfplay_field(
    a: &SelfplayArgs,
    players: [Kind; 2],
    sc: Arc<Scenario>,
    rules: Arc<dyn Ruleset>,
    field: usize,
) -> (Value, Vec<super::paired::Pair>, usize, Vec<String>) {
    let mut names = players.map(|k| k.name());
    if names[0] == names[1] {
        names[0].push_str("#1");
        names[1].push_str("#2");
    }
    let mut tally = Tally::default();
    let mut pairs = Vec::new();
    let mut rows = Vec::new();
    for i in 0..a.games {
        // Game i: player (i % 2) plays the first side.
        let first = (i % 2) as usize;
        let order = [first, 1 - first];
        let seed = a.seed.wrapping_add(u64::from(i));
        let r = play_game(
            sc.clone(),
            rules.clone(),
            seed,
            [players[order[0]], players[order[1]]],
        );
        tally.add(&r, order, &players);
        if a.positions.is_some() {
            rows.extend(super::positions::rows(field, i, &r));
        }
        if a.seat_adjusted {
            pairs.push(mirror_pair(&sc, &rules, seed, first, &r, players[1]));
        }
        if !a.json {
            game_line(i, &names, order, &r);
        }
    }
    // The summary is one JSON object either way (after the per-game lines without --json).
    let mut out = selfplay_json(&sc, a, &names, &tally);
    if a.seat_adjusted
        && let Some(o) = out.as_object_mut()
    {
        let sides = [side_name(&sc, 0), side_name(&sc, 1)];
        o.insert("seat_adjusted".into(), super::paired::report(&pairs, sides));
    }
    (out, pairs, tally.refused, rows)
}

/// A game's line without `--json`.
fn game_line(i: u32, names: &[String; 2], order: [usize; 2], r: &GameReport) {
    outln!(
        "game {}: {} {} - {} {}: {}",
        i + 1,
        names[order[0]],
        r.outcome.points[0],
        r.outcome.points[1],
        names[order[1]],
        match r.outcome.winner {
            Some(s) => format!("{} wins ({})", names[order[s.0 as usize]], r.outcome.reason),
            None => format!("draw ({})", r.outcome.reason),
        }
    );
}

/// The summary of `musket selfplay`: the wins, their confidence intervals, the thinking times.
fn selfplay_json(sc: &Scenario, a: &SelfplayArgs, names: &[String; 2], t: &Tally) -> Value {
    let side = |s: usize| side_name(sc, s);
    json!({
        "scenario": sc.title,
        "games": a.games,
        "wins": { names[0].clone(): t.wins[0], names[1].clone(): t.wins[1] },
        "wins_by_side": {
            names[0].clone(): { side(0): t.wins_as[0][0], side(1): t.wins_as[0][1] },
            names[1].clone(): { side(0): t.wins_as[1][0], side(1): t.wins_as[1][1] },
        },
        "draws": t.draws,
        // Each player's win rate with its 95% confidence interval (Wilson's score interval).
        "ci95": {
            names[0].clone(): ci(t.wins[0], a.games),
            names[1].clone(): ci(t.wins[1], a.games),
        },
        "ai_turn_ms": stats(t.ai_ms.clone()),
        // Each player's thinking per game turn: all of its turns (or, in an action phase, all
        // of its actions) in one game turn.
        "game_turn_ms": {
            names[0].clone(): stats(t.per_game_turn[0].clone()),
            names[1].clone(): stats(t.per_game_turn[1].clone()),
        },
        // Action phases (GCACW): the actions each player took per game turn.
        "actions_per_turn": if t.actions[0].is_empty() {
            Value::Null
        } else {
            json!({
                names[0].clone(): action_stats(&t.actions[0]),
                names[1].clone(): action_stats(&t.actions[1]),
            })
        },
        // The search level: how it chose each game turn's style.
        "style_choices": if t.choices.iter().all(Vec::is_empty) {
            Value::Null
        } else {
            json!({
                names[0].clone(): choice_stats(&t.choices[0]),
                names[1].clone(): choice_stats(&t.choices[1]),
            })
        },
        "refused": t.refused,
        "seed": a.seed,
    })
}

/// A player's style choices summed up: how many, how many saw the end of the game, played
/// another style than the default or some formations the runner-up, the rounds of playouts
/// (0: the default without rounds) and the styles played.
fn choice_stats(c: &[Choice]) -> Value {
    if c.is_empty() {
        return Value::Null;
    }
    let count = |f: fn(&Choice) -> bool| c.iter().filter(|x| f(x)).count();
    let mut styles = serde_json::Map::new();
    for x in c {
        let n = styles.get(x.style).and_then(Value::as_u64).unwrap_or(0);
        styles.insert(x.style.into(), json!(n + 1));
    }
    json!({
        "choices": c.len(),
        "sees_end": count(|x| x.sees_end),
        "switched": count(|x| x.switched),
        "by_formation": count(|x| x.by_formation),
        "rounds": stats(c.iter().map(|x| x.rounds as f64).collect()),
        "styles": styles,
    })
}

/// The game's id and the two players' secrets, derived from --seed.
struct Pact {
    game: String,
    secrets: [pbem::Secret; 2],
}

/// What the exchange of turn files left: the last file verified, the files' names in order,
/// the commands the rules refused, and the last file each player sent (number and digest).
struct Exchanged {
    v: pbem::Verified,
    files: Vec<String>,
    refused: Vec<String>,
    last_sent: [Option<(u32, String)>; 2],
}

/// `musket play --turn-files DIR`: a game between computer players exchanged as turn files.
fn play_by_files(
    a: &PlayArgs,
    dir: &Path,
    sc: Arc<Scenario>,
    rules: Arc<dyn Ruleset>,
    players: [Kind; 2],
    ov: &RulesOverrides,
) -> Result<ExitCode, Failure> {
    std::fs::create_dir_all(dir).map_err(|e| Failure(format!("{}: {e}", dir.display())))?;
    let pact = Pact {
        secrets: [0, 1]
            .map(|i| pbem::Secret::derived(&format!("musket play seed {} side {i}", a.seed))),
        game: pbem::Secret::derived(&format!("musket play seed {} game", a.seed)).0[..32]
            .to_string(),
    };
    let x = exchange(a, dir, &sc, &rules, players, &pact, ov)?;
    if let Some(keep) = &a.keep_secrets {
        keep_secrets(keep, &sc, &pact, &x.last_sent)?;
    }
    print_files_result(a, dir, &sc, players, &x)?;
    if let Some(r) = x.refused.first() {
        return Err(Failure(format!(
            "{} commands were refused by the rules (a defect): first {r}",
            x.refused.len()
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The players take their turns and send their files, each written to `dir` and verified,
/// until the game ends or --files were written.
fn exchange(
    a: &PlayArgs,
    dir: &Path,
    sc: &Scenario,
    rules: &Arc<dyn Ruleset>,
    players: [Kind; 2],
    pact: &Pact,
    ov: &RulesOverrides,
) -> Result<Exchanged, Failure> {
    let mut ps = [
        players[0].player(a.seed, SideId(0)),
        players[1].player(a.seed, SideId(1)),
    ];
    let mut files: Vec<String> = Vec::new();
    let mut refused: Vec<String> = Vec::new();
    let mut last_sent: [Option<(u32, String)>; 2] = [None, None];
    let title = sc.title.clone();
    let v = pbem::exchange(
        &sc.file,
        rules.sequence(),
        sc.side_name(SideId(0)),
        &pact.game,
        [&pact.secrets[0], &pact.secrets[1]],
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
    Ok(Exchanged {
        v,
        files,
        refused,
        last_sent,
    })
}

/// --keep-secrets: each player's kept state, as that player's Musket keeps it.
fn keep_secrets(
    keep: &Path,
    sc: &Scenario,
    pact: &Pact,
    last_sent: &[Option<(u32, String)>; 2],
) -> Result<(), Failure> {
    for (i, sent) in last_sent.iter().enumerate() {
        let side = side_name(sc, i);
        let k = pbem::Kept {
            game: pact.game.clone(),
            side: side.clone(),
            secret: pact.secrets[i].clone(),
            sent: sent.clone(),
            accepted_rules: None,
        };
        let d = keep.join(side.to_lowercase()).join("pbem");
        pbem::save_kept(&d, &k).map_err(Failure)?;
    }
    Ok(())
}

/// The result of a game by turn files: the files written, the score and who won (or where it
/// stopped), as text or one JSON object.
fn print_files_result(
    a: &PlayArgs,
    dir: &Path,
    sc: &Scenario,
    players: [Kind; 2],
    x: &Exchanged,
) -> Result<(), Failure> {
    let names = players.map(|k| k.name());
    let files = &x.files;
    let Some(session) = &x.v.session else {
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
        return Ok(());
    };
    let g = &session.game;
    let o = crate::rules::victory::outcome(g);
    let side = |s: usize| side_name(&g.scenario, s);
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
                "refused": x.refused.len(),
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
            if g.is_over() {
                winner_text(&g.scenario, o.winner, &names)
            } else {
                format!("stopped at game turn {} (--files)", g.turn)
            }
        );
    }
    Ok(())
}

/// Game `seed`'s mirror: `second` against itself; the pair of the first player's result from
/// `seat` in `r` and the mirror's from the same seat.
fn mirror_pair(
    sc: &Arc<Scenario>,
    rules: &Arc<dyn crate::rules::ruleset::Ruleset>,
    seed: u64,
    seat: usize,
    r: &GameReport,
    second: Kind,
) -> super::paired::Pair {
    let m = play_game(sc.clone(), rules.clone(), seed, [second, second]);
    let winner = |o: &crate::rules::victory::Outcome| o.winner.map(|s| s.0 as usize);
    let (own, own_margin) = super::paired::seat_result(winner(&r.outcome), r.outcome.points, seat);
    let (mirror, mirror_margin) =
        super::paired::seat_result(winner(&m.outcome), m.outcome.points, seat);
    super::paired::Pair {
        seat,
        score: own - mirror,
        margin: own_margin - mirror_margin,
        own,
        mirror,
    }
}
