//! The command line's arguments: the subcommands and their options (clap), and how a bad
//! argument is reported.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::rules::attack::AttackType;

#[derive(Parser, Debug)]
#[command(
    name = "musket",
    version,
    about = "Hex-map wargames of the musket era, with every rule computed and explained."
)]
pub struct Cli {
    /// A rules tables file for the scenario's ruleset, in place of the built-in one (see
    /// `musket rules ID`).
    #[arg(long, global = true, value_name = "FILE")]
    pub rules: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Cmd>,

    /// Scenario to open in the game window (default: the built-in Fox's Gap scenario).
    #[arg(value_name = "SCENARIO")]
    pub scenario: Option<PathBuf>,

    #[command(flatten)]
    pub window: WindowArgs,
}

/// Options of the game window.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct WindowArgs {
    /// Hot-seat: two players at one computer, with a hand-over screen between turns.
    #[arg(long)]
    pub hotseat: bool,
    /// Hot-seat in action phases (GCACW): the hand-over screen only when the phase or the
    /// turn ends, not each time the initiative passes to the other player.
    #[arg(long)]
    pub handover_phases_only: bool,
    /// Seed of the dice (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Open on the main menu instead of a scenario.
    #[arg(long)]
    pub menu: bool,
    /// Open the scenario editor on FILE (a new scenario if it does not exist yet).
    #[arg(long, value_name = "FILE")]
    pub edit: Option<PathBuf>,
    /// Free movement: movement costs and attack limits are shown and logged but nothing is
    /// refused (for players who enforce printed rules Musket does not have).
    #[arg(long)]
    pub free_movement: bool,
    /// Who plays each side, in the scenario's side order: human, or the computer (ai = ai3,
    /// the strongest; easy, normal, hard = ai1, ai2, ai3; greedy, random; the measuring players
    /// rush, hold, style:NAME and split:A/B, docs/computer-players.md). E.g. `--sides
    /// human,ai` to play the first side against the computer.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub sides: Vec<String>,
    /// Open a turn file your opponent sent (play by e-mail): it is verified by the rules, their
    /// move is shown, then your side is yours to play (see docs/pbem.md).
    #[arg(long, value_name = "FILE")]
    pub turn: Option<PathBuf>,
    /// Play your seat of an online game (kept on this machine by `musket online host` or
    /// `join`): the game as the server has it, your opponent's commands as they arrive
    /// (docs/online.md).
    #[arg(long, value_name = "CODE")]
    pub online: Option<String>,
    /// Automation: click these hexes once the map is up (repeatable).
    #[arg(long = "click", value_name = "CCRR", hide = true)]
    pub clicks: Vec<String>,
    /// Automation: save a screenshot here and exit.
    #[arg(long, value_name = "PNG", hide = true)]
    pub screenshot: Option<PathBuf>,
    /// Measurement: frames to time after a warm-up.
    #[arg(long, hide = true)]
    pub frames: Option<u32>,
    /// Measurement: write the timings here (JSON).
    #[arg(long, value_name = "JSON", hide = true)]
    pub report: Option<PathBuf>,
    /// Measurement: an empty window, for comparison.
    #[arg(long, hide = true)]
    pub empty_window: bool,
    /// Automation: roll the previewed attack after the clicks.
    #[arg(long, hide = true)]
    pub confirm: bool,
    /// Automation: activate the selected leader after the clicks.
    #[arg(long, hide = true)]
    pub activate: bool,
    /// Automation: switch the danger overlay on after the clicks.
    #[arg(long, hide = true)]
    pub danger: bool,
    /// Automation: frames to wait before the screenshot.
    #[arg(long, hide = true)]
    pub shot_after: Option<u32>,
    /// Automation: end this many phases before the clicks (GCACW's leader transfers).
    #[arg(long = "end-phases", hide = true, default_value_t = 0)]
    pub end_phases: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TypeArg {
    /// GCACW march attack.
    March,
    /// GCACW assault.
    Assault,
    /// GCACW grand assault.
    Grand,
    /// GBACW / Shiloh fire.
    Fire,
    /// GBACW / Shiloh melee.
    Melee,
    /// NGG 1812 stack attack.
    Combat,
}

impl From<TypeArg> for AttackType {
    fn from(t: TypeArg) -> AttackType {
        match t {
            TypeArg::March => AttackType::March,
            TypeArg::Assault => AttackType::Assault,
            TypeArg::Grand => AttackType::Grand,
            TypeArg::Fire => AttackType::Fire,
            TypeArg::Melee => AttackType::Melee,
            TypeArg::Combat => AttackType::Combat,
        }
    }
}

/// Parse `key=value`.
fn parse_opt(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("{s:?} is not key=value")),
    }
}

#[derive(clap::Args, Debug)]
pub struct AttackArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Attacking unit ids, comma-separated.
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub attackers: Vec<String>,
    /// The defending hex, CCRR.
    #[arg(long)]
    pub defender: String,
    /// Attack type. GCACW: march (one unit, the default), assault (several in one hex, the
    /// default) or grand; GBACW and Shiloh: fire (default) or melee; NGG 1812: combat.
    #[arg(long = "type", value_enum)]
    pub kind: Option<TypeArg>,
    /// A condition of the attack the map does not show, `key=value` (repeatable); an unknown
    /// key is refused with the ruleset's known keys (docs/rules.md, "Other rule systems").
    #[arg(long = "opt", value_name = "KEY=VALUE", value_parser = parse_opt)]
    pub options: Vec<(String, String)>,
    /// A march-attack type of older editions (rows enabled in the rules file).
    #[arg(long)]
    pub march_type: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

// The arguments of `musket resolve` (the subcommand's help is the doc of `Cmd::Resolve`).
#[derive(clap::Args, Debug)]
pub struct ResolveArgs {
    #[command(flatten)]
    pub attack: AttackArgs,
    /// Seed of the dice.
    #[arg(long)]
    pub seed: u64,
    /// Retreat path for the defender (hex labels, comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub retreat: Option<Vec<String>>,
    /// Units that advance into a vacated hex (ids, comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub advance: Option<Vec<String>>,
    /// Order in which attacking units take losses (ids).
    #[arg(long, value_delimiter = ',')]
    pub attacker_losses: Option<Vec<String>>,
    /// Order in which defending units take losses (ids).
    #[arg(long, value_delimiter = ',')]
    pub defender_losses: Option<Vec<String>>,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Exact odds of an attack, every modifier explained.
    Odds(AttackArgs),
    /// Roll an attack with seeded dice and print what happens (in the attacking side's turn).
    Resolve(ResolveArgs),
    /// Check scenario files; print a summary of each or what is wrong.
    Check {
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
    },
    /// Every hex a unit can still reach this turn, with its cost and cheapest path.
    Moves(super::moves::MovesArgs),
    /// Play a whole game between computer players, headless, and print the result.
    Play(super::play::PlayArgs),
    /// The scenario editor: with --apply, apply a list of editor actions headless and save; without,
    /// open the editor window on the file.
    Edit(super::edit::EditArgs),
    /// Play many games between two computer players, sides alternating; print the wins and the
    /// computer opponent's thinking time per turn.
    Selfplay(super::play::SelfplayArgs),
    /// Measurement: what one of the computer's (ai3's) playouts costs on a scenario, from its
    /// start: work, game turns reached and time per dice seed.
    Playout(super::playout::PlayoutArgs),
    /// Battlefields nobody tuned the computer players on: new ground (a river line, a ridge, open
    /// ground, a town fight) for the army, rules and turns of a scenario, drawn by a seed.
    Fields(super::fields::FieldsArgs),
    /// Play by e-mail: `musket turn verify FILE [--previous PREV]` checks a turn file by the
    /// rules.
    #[command(subcommand)]
    Turn(super::turn::TurnCmd),
    /// A Musket server for live online games: every command judged by the rules, every die
    /// from commitments, every game stored before it is acknowledged (docs/online.md).
    Serve(super::online::ServeArgs),
    /// Play online without a window: `musket online host SCENARIO --server URL --side SIDE
    /// [--player ai3]`, `musket online join CODE …`, `list`, and on the server's machine
    /// `verify CODE --data DIR`, `export CODE --data DIR --out FILE`.
    #[command(subcommand)]
    Online(super::online::OnlineCmd),
    /// What the enemy can do to a hex in its next turn: which stacks can attack it, from
    /// where, how likely they get there, and the exact odds (every hex of the side to move if
    /// none named).
    Threats(super::threats::ThreatsArgs),
    /// Bring your own game: `musket import vassal MODULE.vmod --out DIR` makes a scenario
    /// draft from a VASSAL module (board, exact hex grid, counters, set-up).
    #[command(subcommand)]
    Import(super::import::ImportCmd),
    /// Zones of control: which units reach a hex, normal or restricted (all hexes if none named).
    Zoc {
        scenario: PathBuf,
        #[arg(long)]
        hex: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Print a ruleset's built-in tables file, to copy and correct (`musket rules gcacw >
    /// my-gcacw.ron`, then `--rules my-gcacw.ron`).
    Rules {
        /// gcacw (the default), gbacw, ngg1812 or shiloh.
        ruleset: Option<String>,
    },
    /// The digest of the sequence of play in a tables file (or the built-in one): what
    /// `tools/sequence_history.py` lists in `assets/rules/sequences.ron`.
    #[command(hide = true)]
    SequenceDigest {
        ruleset: String,
        file: Option<PathBuf>,
    },
    /// Time the game's own systems headless (no rendering) on a scenario, as JSON.
    MeasureSystems {
        scenario: Option<PathBuf>,
        #[arg(long, default_value_t = 600)]
        frames: u32,
        /// Time the scenario editor painting on a blank map of this size (e.g. 100x100).
        #[arg(long, value_name = "COLSxROWS")]
        editor: Option<String>,
    },
}

/// Report a command-line error: help and version go to stdout with status 0; anything else to
/// stderr with status 2, its first line saying what is wrong (clap's "…were not provided:" is
/// joined with the argument it lists).
pub(super) fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.render().to_string();
    let mut lines: Vec<&str> = text.lines().collect();
    let mut first = lines
        .first()
        .copied()
        .unwrap_or("error: bad arguments")
        .to_string();
    if first.ends_with(':') && lines.len() > 1 {
        first = format!("{first} {}", lines[1].trim());
        lines.remove(1);
    }
    eprintln!("{first}");
    for l in lines.iter().skip(1) {
        eprintln!("{l}");
    }
    ExitCode::from(2)
}
