//! The command line: `musket` (the game window), `musket odds`, `musket check`,
//! `musket resolve`, `musket zoc` and `musket rules`.
//!
//! Bad input (files, arguments, attacks) exits with status 2 and a message on stderr whose
//! first line says what is wrong.

use crate::rules::narrate::Describe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

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
mod moves;
mod play;
mod threats;
mod turn;

pub use args::{AttackArgs, Cli, Cmd, ResolveArgs, TypeArg, WindowArgs};

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

use clap::Parser;
use serde_json::{Map, Value, json};

use crate::rules::attack::{Choices, ModValue, Odds, Role, ZocKind};
use crate::rules::cv::{Prob, percent, prob_f64};
use crate::rules::dice::Dice;
use crate::rules::game::Game;
use crate::rules::order::Command;
use crate::rules::registry::{RulesOverrides, for_scenario};
use crate::rules::ruleset::attack_request;
use crate::rules::scenario::Scenario;
use crate::rules::session::Session;

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

/// The game, the attack and its odds the arguments of `odds` and `resolve` describe.
fn assess_args(
    a: &AttackArgs,
    ov: &RulesOverrides,
) -> Result<(Game, crate::rules::attack::AttackRequest, Odds), Failure> {
    let game = load_game(&a.scenario, ov)?;
    let req = attack_request(
        &game,
        &a.attackers,
        &a.defender,
        a.kind.map(Into::into),
        a.march_type.clone(),
        &a.options.iter().cloned().collect(),
    )?;
    let odds = game.rules.odds(&game, &req)?;
    Ok((game, req, odds))
}

/// Load a scenario and its rule system.
pub fn load_game(path: &Path, ov: &RulesOverrides) -> Result<Game, Failure> {
    let sc = crate::rules::registry::load_scenario(path)?;
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
        Some(Cmd::SequenceDigest { ruleset, file }) => {
            let text = match &file {
                Some(p) => std::fs::read_to_string(p)
                    .map_err(|e| Failure(format!("{}: {e}", p.display())))?,
                None => crate::rules::registry::builtin_tables(&ruleset)
                    .ok_or_else(|| Failure(format!("unknown ruleset {ruleset:?}")))?
                    .to_string(),
            };
            match crate::rules::sequence::section(&text).map_err(Failure)? {
                Some(seq) => outln!("{}", crate::rules::sequence::digest(&seq)),
                None => outln!("none"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Cmd::Rules { ruleset }) => match crate::rules::registry::builtin_tables(&ruleset) {
            Some(text) => {
                out!("{text}");
                Ok(ExitCode::SUCCESS)
            }
            None => Err(Failure(format!(
                "unknown ruleset {ruleset:?}; known: {}",
                crate::rules::registry::KNOWN_RULESETS.join(", ")
            ))),
        },
        Some(Cmd::Check { scenarios }) => {
            let mut bad = Vec::new();
            for p in &scenarios {
                match crate::rules::registry::load_scenario(p) {
                    Ok(sc) => {
                        // The rules must load and accept it too for the scenario to be playable.
                        match for_scenario(&sc, &ov) {
                            Ok(_) => {
                                outln!("{}: ok: {}", p.display(), summary(&sc));
                                if let Some(w) = crate::editor::underlay::missing_image(&sc.file, p)
                                {
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
        Some(Cmd::Odds(a)) => {
            let (game, req, odds) = assess_args(&a, &ov)?;
            if a.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&odds_json(&game, &req.attackers, &odds))?
                );
            } else {
                out!("{}", odds_text(&game, &req, &odds));
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Cmd::Resolve(ResolveArgs {
            attack: a,
            seed,
            retreat,
            advance,
            attacker_losses,
            defender_losses,
        })) => {
            let (mut game, req, odds) = assess_args(&a, &ov)?;
            // A one-off attack on the scenario's position: it is made in its side's turn.
            crate::rules::command::set_turn_for_attack(&mut game, &req);
            let mut session = Session {
                game,
                opening: Vec::new(),
                dice: Dice::new(seed),
                seed,
                log: Vec::new(),
                rolls_after: Vec::new(),
                rolls_at_start: 0,
                players: None,
                reseeds: Vec::new(),
            };
            let cmd = Command::Attack {
                attackers: a.attackers.clone(),
                defender: a.defender.clone(),
                kind: a.kind.map(Into::into),
                march_type: a.march_type.clone(),
                options: a.options.iter().cloned().collect(),
                choices: Choices {
                    attacker_losses,
                    defender_losses,
                    retreat,
                    advance,
                },
            };
            let events = session.execute(cmd)?;
            let game = &session.game;
            if a.json {
                let mut o = Map::new();
                o.insert("seed".into(), json!(seed));
                o.insert("events".into(), serde_json::to_value(&events)?);
                o.insert(
                    "log".into(),
                    json!(events.iter().map(|e| e.describe(game)).collect::<Vec<_>>()),
                );
                o.insert("odds".into(), odds_json(game, &req.attackers, &odds));
                outln!("{}", serde_json::to_string_pretty(&Value::Object(o))?);
            } else {
                let net = if game.rules.reads_differential() {
                    format!("net {}; ", net(&odds))
                } else {
                    String::new()
                };
                outln!(
                    "{} ({}: {net}P(retreat or rout) {}, P(rout) {}) with seed {seed}:",
                    game.rules.name(),
                    odds.kind,
                    percent(odds.p_retreat),
                    percent(odds.p_rout)
                );
                for e in &events {
                    outln!("  {}", e.describe(game));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Cmd::Moves(a)) => moves::run(a, &ov),
        Some(Cmd::Threats(a)) => threats::run(a, &ov),
        Some(Cmd::Play(a)) => play::play(a, &ov),
        Some(Cmd::Turn(c)) => turn::run(c, &ov),
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
        Some(Cmd::Zoc {
            scenario,
            hex,
            json: as_json,
        }) => {
            let game = load_game(&scenario, &ov)?;
            let hexes: Vec<_> = match &hex {
                Some(h) => vec![game.scenario.parse_hex(h).map_err(Failure)?],
                None => game.map().coords().collect(),
            };
            let mut out = Map::new();
            for h in hexes {
                let entries = game.rules.zoc_at(&game, h);
                if entries.is_empty() && hex.is_none() {
                    continue;
                }
                if as_json {
                    out.insert(
                        game.label(h),
                        json!(entries.iter().map(|e| json!({
                            "unit": game.unit(e.unit).id,
                            "side": game.scenario.side_name(game.unit(e.unit).side),
                            "kind": match e.kind { ZocKind::Normal => "normal", ZocKind::Restricted => "restricted" },
                        })).collect::<Vec<_>>()),
                    );
                } else {
                    let list: Vec<String> = entries
                        .iter()
                        .map(|e| {
                            let u = game.unit(e.unit);
                            format!(
                                "{} ({}{})",
                                u.id,
                                game.scenario.side_name(u.side),
                                if e.kind == ZocKind::Restricted {
                                    ", restricted"
                                } else {
                                    ""
                                }
                            )
                        })
                        .collect();
                    outln!(
                        "{}: {}",
                        game.label(h),
                        if list.is_empty() {
                            "no ZOC".to_string()
                        } else {
                            list.join(", ")
                        }
                    );
                }
            }
            if as_json {
                outln!("{}", serde_json::to_string_pretty(&Value::Object(out))?);
            }
            Ok(ExitCode::SUCCESS)
        }
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
         use a subcommand: odds, resolve, check, zoc, moves, play, selfplay, edit --apply, rules (see `musket --help`)"
            .into(),
    ))
}

pub fn summary(sc: &Scenario) -> String {
    format!(
        "{:?}, ruleset {}, {}x{} map, {} units ({}){}",
        sc.title,
        sc.ruleset,
        sc.map.columns(),
        sc.map.rows(),
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

fn net(o: &Odds) -> String {
    match (o.attacker_drm, o.defender_drm) {
        (ModValue::Fixed(a), d) => format!("{:+}", a - d.even()),
        (ModValue::ByDie { even, odd }, d) => format!(
            "{:+} / {:+} by the artillery die",
            even - d.even(),
            odd - d.even()
        ),
        (a, d) => format!("{:+}", a.even() - d.even()),
    }
}

fn fraction(p: Prob) -> String {
    format!("{}/{}", p.numer(), p.denom())
}

/// The readable breakdown of `musket odds`.
pub fn odds_text(game: &Game, req: &crate::rules::attack::AttackRequest, o: &Odds) -> String {
    let mut s = String::new();
    let names: Vec<String> = req
        .attackers
        .iter()
        .map(|u| {
            let unit = game.unit(*u);
            format!(
                "{} ({}, {})",
                unit.name,
                unit.id,
                unit.hex.map(|h| game.label(h)).unwrap_or_default()
            )
        })
        .collect();
    let def: Vec<String> = game
        .units_at(req.defender)
        .iter()
        .map(|u| game.unit(*u).name.clone())
        .collect();
    let terrain = game.map().terrain(req.defender).map_or("?", |t| t.name());
    s.push_str(&format!(
        "{} on {} ({}, {}): {}\n",
        names.join(" + "),
        game.label(req.defender),
        def.join(", "),
        terrain,
        o.kind
    ));
    let x = &o.extra_json;
    let gcacw = game.rules.reads_differential();
    if gcacw {
        let text = |k: &str| x.get(k).and_then(Value::as_str).unwrap_or("?").to_string();
        s.push_str(&format!(
            "Combat values: attacker {}, defender {}; CRT columns: attacker {}, defender {}\n",
            text("attacker_cv_text"),
            text("defender_cv_text"),
            x.get("crt_columns")
                .and_then(|c| c.get("attacker"))
                .and_then(Value::as_str)
                .unwrap_or("?"),
            x.get("crt_columns")
                .and_then(|c| c.get("defender"))
                .and_then(Value::as_str)
                .unwrap_or("?"),
        ));
    }
    for (role, title, total) in [
        (
            Role::Attacker,
            if gcacw { "Attacker's die" } else { "Attacker" },
            o.attacker_drm,
        ),
        (
            Role::Defender,
            if gcacw { "Defender's die" } else { "Defender" },
            o.defender_drm,
        ),
    ] {
        s.push_str(&format!("{title}:\n"));
        let mut any = false;
        for l in o.lines.iter().filter(|l| l.role == role) {
            any = true;
            s.push_str(&format!(
                "  {} {}: {}  [{}]\n",
                l.name, l.value, l.detail, l.rule
            ));
        }
        if !any {
            s.push_str("  no modifiers\n");
        }
        if gcacw {
            s.push_str(&format!("  total {total}\n"));
        }
    }
    if gcacw {
        s.push_str(&format!(
            "Net modifier {}{}\n",
            net(o),
            if o.extra_die {
                " (the artillery die is rolled before combat)"
            } else {
                ""
            }
        ));
    }

    if gcacw {
        s.push_str("Final differential (attacker roll + modifiers - defender roll - modifiers):\n");
    } else {
        let meaning = x
            .get("differential_meaning")
            .and_then(Value::as_str)
            .unwrap_or("the rule system's differential");
        s.push_str(&format!("Differential ({meaning}):\n"));
    }
    for (k, p) in &o.differential {
        s.push_str(&format!(
            "  {:>+3}  {:>6}  {}\n",
            k,
            percent(*p),
            fraction(*p)
        ));
    }
    for (side, manpower, list) in [
        ("Defender", o.defender_manpower, &o.defender_results),
        ("Attacker", o.attacker_manpower, &o.attacker_results),
    ] {
        s.push_str(&format!(
            "{side}'s result ({manpower} manpower in the combat):\n"
        ));
        for (c, p) in list {
            s.push_str(&format!(
                "  {:<6} {:>6}  {}\n",
                c,
                percent(*p),
                fraction(*p)
            ));
        }
    }
    s.push_str(&format!(
        "P(defender retreats or routs) {} ({}), P(rout) {} ({})\n",
        percent(o.p_retreat),
        fraction(o.p_retreat),
        percent(o.p_rout),
        fraction(o.p_rout)
    ));
    s.push_str(&format!(
        "Expected losses: attacker {:.2} of {}, defender {:.2} of {}\n",
        prob_f64(o.attacker_expected_loss),
        o.attacker_manpower,
        prob_f64(o.defender_expected_loss),
        o.defender_manpower
    ));
    // Lines a rule system adds for players (e.g. NGG 1812's distributions of hits).
    if let Some(Value::Array(lines)) = x.get("text_lines") {
        for l in lines.iter().filter_map(Value::as_str) {
            s.push_str(l);
            s.push('\n');
        }
    }
    if !o.hex_notes.is_empty() {
        s.push_str("Around the defender:\n");
        for n in &o.hex_notes {
            s.push_str(&format!("  {}: {}\n", n.label, n.reasons.join("; ")));
        }
    }
    s
}

/// The JSON object of `musket odds --json` (scenario.md "Command-line contract").
pub fn odds_json(game: &Game, attackers: &[crate::rules::unit::UnitIdx], o: &Odds) -> Value {
    let x = &o.extra_json;
    let mut m = Map::new();
    let get = |k: &str| x.get(k).cloned().unwrap_or(Value::Null);
    m.insert("ruleset".into(), json!(o.ruleset));
    m.insert("type".into(), json!(o.kind.name()));
    m.insert(
        "attackers".into(),
        json!(
            attackers
                .iter()
                .map(|u| game.unit(*u).id.clone())
                .collect::<Vec<_>>()
        ),
    );
    if game.rules.reads_differential() {
        m.insert("attacker_cv".into(), get("attacker_cv"));
        m.insert("defender_cv".into(), get("defender_cv"));
        m.insert("ratio".into(), get("ratio"));
        let ratio_mod = o
            .lines
            .iter()
            .find(|l| l.name == "Ratio")
            .map_or(0, |l| l.value.even());
        m.insert("ratio_modifier".into(), json!(ratio_mod));
        let art = get("artillery_modifier");
        m.insert("artillery_modifier".into(), art);
        m.insert("flank".into(), get("flank"));
        m.insert("tactical".into(), get("tactical"));
        m.insert("attacker_drm".into(), json!(o.attacker_drm.even()));
        m.insert("attacker_drm_odd".into(), json!(o.attacker_drm.odd()));
        m.insert("defender_drm".into(), json!(o.defender_drm.even()));
    }
    m.insert(
        "differential".into(),
        Value::Object(
            o.differential
                .iter()
                .map(|(k, p)| (k.to_string(), json!(prob_f64(*p))))
                .collect(),
        ),
    );
    let dist = |l: &[(String, Prob)]| {
        Value::Object(
            l.iter()
                .map(|(c, p)| (c.clone(), json!(prob_f64(*p))))
                .collect(),
        )
    };
    m.insert("defender_results".into(), dist(&o.defender_results));
    m.insert("attacker_results".into(), dist(&o.attacker_results));
    m.insert("p_retreat".into(), json!(prob_f64(o.p_retreat)));
    m.insert("p_rout".into(), json!(prob_f64(o.p_rout)));
    m.insert(
        "expected_manpower_lost".into(),
        json!({ "attacker": prob_f64(o.attacker_expected_loss), "defender": prob_f64(o.defender_expected_loss) }),
    );
    m.insert(
        "modifiers".into(),
        json!(
            o.lines
                .iter()
                .map(|l| {
                    let mut j = json!({
                        "side": l.role.name(),
                        "name": l.name,
                        "even": l.value.even(),
                        "odd": l.value.odd(),
                        "value": l.value.to_string(),
                        "detail": l.detail,
                        "rule": l.rule,
                    });
                    match l.value {
                        ModValue::Factor(_) => j["factor"] = json!(l.value.factor()),
                        ModValue::Points(p) => j["points"] = json!(p),
                        _ => {}
                    }
                    j
                })
                .collect::<Vec<_>>()
        ),
    );
    let exact = |l: &[(String, Prob)]| {
        Value::Object(
            l.iter()
                .map(|(c, p)| (c.clone(), json!(fraction(*p))))
                .collect(),
        )
    };
    m.insert(
        "exact".into(),
        json!({
            "differential": Value::Object(o.differential.iter().map(|(k, p)| (k.to_string(), json!(fraction(*p)))).collect()),
            "defender_results": exact(&o.defender_results),
            "attacker_results": exact(&o.attacker_results),
            "p_retreat": fraction(o.p_retreat),
            "p_rout": fraction(o.p_rout),
            "expected_manpower_lost": { "attacker": fraction(o.attacker_expected_loss), "defender": fraction(o.defender_expected_loss) },
        }),
    );
    // The rule system's own facts (its `Odds::extra_json`), verbatim.
    m.insert("extra".into(), Value::Object(x.clone()));
    m.insert(
        "hexes".into(),
        json!(o.hex_notes.iter().map(|n| json!({
            "hex": n.label, "covered": n.covered, "reduces": n.reduces, "reasons": n.reasons,
        })).collect::<Vec<_>>()),
    );
    Value::Object(m)
}
