//! `musket edit FILE --apply ACTIONS.ron [--out NEW.ron]`: the scenario editor's actions,
//! applied headless. Each is checked as the editor screen checks it; the first that cannot
//! apply stops the run (exit 2, its index and why) and nothing is written; so does a result
//! that would not load. The file is written atomically, in the editor's layout.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Failure;
use crate::editor::{Editor, parse_actions};

#[derive(clap::Args, Debug)]
pub struct EditArgs {
    /// The scenario file to edit.
    pub scenario: PathBuf,
    /// A RON list of editor actions, e.g. `[Paint(terrain: 'w', hexes: ["0304"]), Fill(terrain:
    /// 'c', hex: "0101")]` (see docs/editor.md).
    /// Without it, the editor window opens on the file.
    #[arg(long, value_name = "ACTIONS.ron")]
    pub apply: Option<PathBuf>,
    /// Where to write the result (default: the scenario file itself).
    #[arg(long, value_name = "NEW.ron")]
    pub out: Option<PathBuf>,
}

pub fn edit(a: EditArgs, ov: &crate::rules::registry::RulesOverrides) -> Result<ExitCode, Failure> {
    let Some(apply) = &a.apply else {
        return Err(Failure(
            "give --apply ACTIONS.ron (the editor window needs the client build)".into(),
        ));
    };
    let mut ed = Editor::open(&a.scenario).map_err(Failure)?;
    ed.rules = ov.clone();
    let text =
        std::fs::read_to_string(apply).map_err(|e| Failure(format!("{}: {e}", apply.display())))?;
    let actions = parse_actions(&text).map_err(|e| Failure(format!("{}: {e}", apply.display())))?;
    for (i, action) in actions.iter().enumerate() {
        ed.apply(action).map_err(|e| {
            Failure(format!(
                "{}: action {i} ({}) refused: {e}; nothing was written",
                apply.display(),
                action.name()
            ))
        })?;
    }
    let out = a.out.as_ref().unwrap_or(&a.scenario);
    ed.save(out).map_err(Failure)?;
    outln!(
        "{}: {} actions applied, written to {}",
        a.scenario.display(),
        actions.len(),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
