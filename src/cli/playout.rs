//! `musket playout`: what one of `ai3`'s playouts costs on a scenario — a style played for the
//! side to move against a model of the enemy, from the scenario's start, to the end of the
//! game or a number of game turns (`rules::ai::search::play_style`, the playout the search
//! plays): its work (`rules::work`, the count the search's budget is in), the game turns it
//! reached and its time, per dice seed. A measurement, for docs/computer-players.md.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;

use super::Failure;
use crate::rules::ai::Kind;
use crate::rules::ai::fixed;
use crate::rules::ai::search::{self, Horizon};

#[derive(clap::Args, Debug)]
pub struct PlayoutArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// The style played for the side to move (a style of ai3's portfolio: stand, steady, bold,
    /// all-out, cautious, dig-in).
    #[arg(long, default_value = "stand")]
    pub style: String,
    /// The model of the enemy (ai2, greedy, rush or hold).
    #[arg(long, default_value = "ai2")]
    pub enemy: String,
    /// Game turns to look ahead (default: to the end of the game).
    #[arg(long)]
    pub turns: Option<u32>,
    /// Playouts, on dice seeds 1 to N.
    #[arg(long, default_value_t = 5)]
    pub seeds: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(
    a: PlayoutArgs,
    ov: &crate::rules::registry::RulesOverrides,
) -> Result<ExitCode, Failure> {
    let game = super::load_game(&a.scenario, ov)?;
    let Some(script) = fixed::style_index(&a.style).map(|i| search::portfolio()[i]) else {
        return Err(Failure(format!(
            "--style {}: not a style of ai3's portfolio ({})",
            a.style,
            fixed::style_names()
        )));
    };
    let enemy = Kind::parse(&a.enemy).map_err(Failure)?;
    if a.seeds == 0 {
        return Err(Failure(
            "--seeds 0: nothing to measure (give 1 or more)".into(),
        ));
    }
    let horizon = Horizon::Turns(a.turns.unwrap_or(u32::MAX));
    let mut rows = Vec::new();
    for seed in 1..=a.seeds {
        let t = Instant::now();
        let (value, work, turns) = search::play_style(&game, script.style, enemy, seed, horizon);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        rows.push((seed, value, work, turns, ms));
    }
    let mut ms: Vec<f64> = rows.iter().map(|r| r.4).collect();
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    let work: u64 = rows.iter().map(|r| r.2).sum::<u64>() / a.seeds;
    if a.json {
        let list: Vec<_> = rows
            .iter()
            .map(|r| json!({"seed": r.0, "value": r.1, "work": r.2, "turns": r.3, "ms": r.4}))
            .collect();
        let out = json!({
            "scenario": game.scenario.title,
            "style": script.name,
            "enemy": enemy.name(),
            "playouts": list,
            "median_ms": median,
            "mean_work": work,
        });
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        println!(
            "{}: {} against {}, {} playouts from the start",
            game.scenario.title,
            script.name,
            enemy.name(),
            a.seeds
        );
        for r in &rows {
            println!(
                "  seed {}: {} game turns, work {}, {:.0} ms, value {:+.1}",
                r.0, r.3, r.2, r.4, r.1
            );
        }
        println!("  median {median:.0} ms, mean work {work}");
    }
    Ok(ExitCode::SUCCESS)
}
