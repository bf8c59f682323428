//! `musket turn verify`: check a turn file (play by e-mail, [`crate::rules::pbem`]) without a
//! window.

use std::process::ExitCode;

use serde_json::json;

use super::Failure;
use crate::rules::pbem;
use crate::rules::registry::RulesOverrides;

#[derive(clap::Subcommand, Debug)]
pub enum TurnCmd {
    /// Verify a turn file: the scenario against its digest, the digest chain, every dice
    /// commitment, and every command replayed through the rules. Exit 0 with a one-line
    /// summary; exit 2 with the first failure; exit 3 when the game's rules (the sequence of
    /// play and tables the file carries) differ from the rule system's built-in ones and
    /// `--accept-rules` was not given (the differences are listed).
    Verify(VerifyArgs),
}

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The turn file.
    pub file: std::path::PathBuf,
    /// The file before it (the one you sent): the new file must begin with exactly its
    /// history.
    #[arg(long, value_name = "PREV")]
    pub previous: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Accept a game whose rules differ from the built-in ones (exit 0, the differences
    /// listed) instead of exiting 3.
    #[arg(long)]
    pub accept_rules: bool,
}

pub fn run(c: TurnCmd, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    match c {
        TurnCmd::Verify(a) => verify(a, ov),
    }
}

fn verify(a: VerifyArgs, ov: &RulesOverrides) -> Result<ExitCode, Failure> {
    let result = (|| {
        let v = pbem::verify_file(&a.file, ov)?;
        if let Some(prev) = &a.previous {
            let p = pbem::verify_file(prev, ov).map_err(|mut e| {
                e.problem = format!("(the previous file) {}", e.problem);
                e
            })?;
            pbem::check_previous(&v, &p, &a.file.display().to_string())?;
        }
        Ok::<_, pbem::TurnError>(v)
    })();
    match result {
        Ok(v) => {
            let refused = !v.rule_changes.is_empty() && !a.accept_rules;
            if a.json {
                let last = v.file.entries.last();
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&json!({
                        "ok": !refused,
                        "game": v.file.game,
                        "scenario": v.scenario.title,
                        "entry": last.map(|e| e.number),
                        "from": last.map(|e| e.from.clone()),
                        "added": last.map_or(0, |e| e.commands.len()),
                        "commands": v.session.as_ref().map_or(0, |s| s.log.len()),
                        "turn": v.session.as_ref().map(|s| s.game.turn),
                        "to_move": v.to_move().map(|s| v.scenario.side_name(s).to_string()),
                        "over": v.is_over(),
                        "summary": v.summary(),
                        "ruleset": v.rules.id(),
                        "rules_differ": v.rule_changes,
                        "rules_accepted": !refused,
                    }))?
                );
            } else if !refused {
                outln!("ok: {}", v.summary());
            }
            if let Some(w) = pbem::rules_warning(&v) {
                if refused {
                    eprintln!(
                        "not accepted: {}: {w}\n(run again with --accept-rules to play under them)",
                        a.file.display()
                    );
                    return Ok(ExitCode::from(3));
                }
                eprintln!("note: {w} (accepted with --accept-rules)");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if a.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&json!({
                        "ok": false,
                        "kind": e.kind,
                        "file": e.path,
                        "error": e.problem,
                    }))?
                );
            }
            eprintln!("refused: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
