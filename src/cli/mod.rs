//! The command line: `musket` (the game window), `musket odds`, `musket check`,
//! `musket resolve`, `musket zoc` and `musket rules`.
//!
//! Bad input (files, arguments, attacks) exits with status 2 and a message on stderr whose
//! first line says what is wrong.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

use crate::rules::game::Game;
use crate::rules::registry::{RulesOverrides, for_scenario};
use crate::rules::scenario::Scenario;

/// Print to standard output; a closed pipe (`musket moves … | head`) ends the program quietly
/// instead of a panic.
macro_rules! outln {
    ($($t:tt)*) => {
        $crate::cli::write_out(format_args!($($t)*), true)
    };
}
macro_rules! out {
    ($($t:tt)*) => {
        $crate::cli::write_out(format_args!($($t)*), false)
    };
}

mod args;
mod edit;
mod fields;
mod import;
mod moves;
mod odds;
mod online;
mod online_load;
mod paired;
mod play;
mod playout;
mod positions;
mod threats;
mod turn;
mod zoc;

pub use args::{AttackArgs, Cli, Cmd, ResolveArgs, TypeArg, WindowArgs};
pub use odds::{odds_json, odds_text};

/// Write to standard output; exit quietly (status 0) when the reader has gone.
pub(crate) fn write_out(args: std::fmt::Arguments, newline: bool) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    let r = o
        .write_fmt(args)
        .and_then(|()| if newline { o.write_all(b"\n") } else { Ok(()) });
    if let Err(e) = r
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(0);
    }
}

/// A failure to report: exit status 2, the message on stderr.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string())
    }
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return args::argument_error(e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn overrides(cli_rules: &Option<PathBuf>) -> RulesOverrides {
    RulesOverrides {
        file: cli_rules.clone(),
    }
}

/// Load a scenario and its rule system.
pub fn load_game(path: &Path, ov: &RulesOverrides) -> Result<Game, Failure> {
    let sc = crate::rules::registry::load_scenario(path)?;
    sc.playable()
        .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let rules = for_scenario(&sc, ov).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    Ok(crate::rules::flow::new_game(Arc::new(sc), rules))
}

pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let ov = overrides(&cli.rules);
    match cli.command {
        None => run_client(cli.scenario, cli.window, ov),
        Some(Cmd::MeasureSystems {
            scenario,
            frames,
            editor,
        }) => measure_systems(scenario, frames, editor, ov),
        Some(Cmd::SequenceDigest { ruleset, file }) => sequence_digest(&ruleset, file.as_deref()),
        Some(Cmd::Rules { ruleset }) => rules(ruleset.as_deref()),
        Some(Cmd::Check { scenarios }) => check(&scenarios, &ov),
        Some(Cmd::Odds(a)) => odds::odds(a, &ov),
        Some(Cmd::Resolve(r)) => odds::resolve(r, &ov),
        Some(Cmd::Moves(a)) => moves::run(a, &ov),
        Some(Cmd::Threats(a)) => threats::run(a, &ov),
        Some(Cmd::Play(a)) => play::play(a, &ov),
        Some(Cmd::Turn(c)) => turn::run(c, &ov),
        Some(Cmd::Serve(a)) => online::serve(a),
        Some(Cmd::Online(c)) => online::run(c, &ov),
        // Without actions to apply: the editor window on the file.
        Some(Cmd::Edit(a)) if a.apply.is_none() => run_client(
            None,
            WindowArgs {
                edit: Some(a.scenario),
                ..WindowArgs::default()
            },
            ov,
        ),
        Some(Cmd::Edit(a)) => edit::edit(a, &ov),
        Some(Cmd::Selfplay(a)) => play::selfplay(a, &ov),
        Some(Cmd::Fields(a)) => fields::run(a, &ov),
        Some(Cmd::Playout(a)) => playout::run(a, &ov),
        Some(Cmd::Import(c)) => import::run(c).map(|()| ExitCode::SUCCESS),
        Some(Cmd::Zoc {
            scenario,
            hex,
            json: as_json,
        }) => zoc::run(&scenario, hex, as_json, &ov),
    }
}

/// `musket sequence-digest`: the digest of the sequence of play in a tables file, or in the
/// ruleset's built-in one.
fn sequence_digest(ruleset: &str, file: Option<&Path>) -> Result<ExitCode, Failure> {
    let text = match file {
        Some(p) => {
            std::fs::read_to_string(p).map_err(|e| Failure(format!("{}: {e}", p.display())))?
        }
        None => crate::rules::registry::id(ruleset)
            .and_then(crate::rules::registry::builtin_tables)
            .ok_or_else(|| Failure(format!("unknown ruleset {ruleset:?}")))?
            .to_string(),
    };
    match crate::rules::sequence::section(&text).map_err(Failure)? {
        Some(seq) => outln!("{}", crate::rules::sequence::digest(&seq)),
        None => outln!("none"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `musket rules`: a ruleset's built-in tables file (the default rule system's without one).
fn rules(ruleset: Option<&str>) -> Result<ExitCode, Failure> {
    use crate::rules::registry;
    let id = match ruleset {
        None => Some(registry::default_id()),
        Some(r) => registry::id(r),
    };
    match id.and_then(registry::builtin_tables) {
        Some(text) => {
            out!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Failure(format!(
            "unknown ruleset {:?}; known: {}",
            ruleset.unwrap_or_default(),
            registry::known_text()
        ))),
    }
}

/// `musket check`: a summary of each scenario file that loads and whose rules accept it;
/// every failure, one a line, as the error.
fn check(scenarios: &[PathBuf], ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let mut bad = Vec::new();
    for p in scenarios {
        match crate::rules::registry::load_scenario(p) {
            Ok(sc) => {
                // The rules must load and accept it too for the scenario to be playable.
                match for_scenario(&sc, ov) {
                    Ok(_) => {
                        outln!("{}: ok: {}", p.display(), summary(&sc));
                        if let Err(e) = sc.playable() {
                            outln!("{}: draft: {e}", p.display());
                        }
                        if let Some(w) = crate::editor::underlay::missing_image(&sc.file, p) {
                            eprintln!("{}: warning: {w}", p.display());
                        }
                    }
                    Err(e) => bad.push(format!("{}: {e}", p.display())),
                }
            }
            Err(e) => bad.push(e.to_string()),
        }
    }
    if bad.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        Err(Failure(bad.join("\n")))
    }
}

#[cfg(feature = "client")]
fn run_client(
    scenario: Option<PathBuf>,
    w: WindowArgs,
    rules: RulesOverrides,
) -> Result<ExitCode, Failure> {
    crate::client::run(crate::client::ClientOptions {
        scenario,
        rules,
        hotseat: w.hotseat,
        handover_phases_only: w.handover_phases_only,
        seed: w.seed,
        menu: w.menu,
        edit: w.edit,
        free_movement: w.free_movement,
        sides: w.sides,
        turn: w.turn,
        online: w.online,
        autotest: crate::client::autotest::Script {
            clicks: w.clicks,
            screenshot: w.screenshot,
            frames: w.frames,
            report: w.report,
            empty_window: w.empty_window,
            confirm: w.confirm,
            activate: w.activate,
            danger: w.danger,
            shot_after: w.shot_after,
            end_phases: w.end_phases,
            menu: w.menu,
        },
    })
    .map_err(Failure)
}

#[cfg(feature = "client")]
fn measure_systems(
    scenario: Option<PathBuf>,
    frames: u32,
    editor: Option<String>,
    rules: RulesOverrides,
) -> Result<ExitCode, Failure> {
    let v = match editor {
        Some(size) => {
            let (c, r) = size
                .split_once(['x', 'X'])
                .and_then(|(c, r)| Some((c.parse::<i64>().ok()?, r.parse::<i64>().ok()?)))
                .filter(|(c, r)| (1..=999).contains(c) && (1..=999).contains(r))
                .ok_or_else(|| Failure(format!("--editor {size}: COLSxROWS, e.g. 100x100")))?;
            crate::client::measure::measure_editor(c, r, frames).map_err(Failure)?
        }
        None => {
            crate::client::measure::measure_systems(scenario, frames, rules).map_err(Failure)?
        }
    };
    outln!("{}", serde_json::to_string_pretty(&v)?);
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "client"))]
fn measure_systems(
    _: Option<PathBuf>,
    _: u32,
    _: Option<String>,
    _: RulesOverrides,
) -> Result<ExitCode, Failure> {
    Err(Failure(
        "measure-systems needs the client (build with the default features)".into(),
    ))
}

#[cfg(not(feature = "client"))]
fn run_client(
    _scenario: Option<PathBuf>,
    _w: WindowArgs,
    _ov: RulesOverrides,
) -> Result<ExitCode, Failure> {
    Err(Failure(
        "this build has no game window (it was built without the `client` feature); \
         use a subcommand: odds, resolve, check, zoc, moves, play, selfplay, fields, edit --apply, rules (see `musket --help`)"
            .into(),
    ))
}

pub fn summary(sc: &Scenario) -> String {
    format!(
        "{:?}, ruleset {}, {}x{} map{}, {} units ({}){}",
        sc.title,
        sc.ruleset,
        sc.map.numbering().columns,
        sc.map.numbering().rows,
        if sc.map.orientation().is_flat() {
            ""
        } else {
            " (pointy-top)"
        },
        sc.units.len(),
        sc.sides
            .iter()
            .enumerate()
            .map(|(i, s)| format!(
                "{s} {}",
                sc.units.iter().filter(|u| u.side.0 as usize == i).count()
            ))
            .collect::<Vec<_>>()
            .join(", "),
        sc.turns.map_or(String::new(), |t| format!(", {t} turns"))
    )
}
