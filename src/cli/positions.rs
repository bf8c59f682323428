//! `musket selfplay --positions FILE`: where each game stood at the start of each game turn,
//! from each side's view, and how it ended, for fitting a value of a playout cut short
//! (`computer.cut_short`; `tools/fit-cut-short.py` fits one).

use std::io::Write;
use std::path::Path;

use super::Failure;
use crate::rules::ai::GameReport;
use crate::rules::ai::search::Features;
use crate::rules::session::Session;
use crate::rules::unit::SideId;

/// The file's first line: the columns of every row.
pub const HEADER: &str = "field,game,seed,turn,side,first_side,points,losses,turns_left,result";

/// The open file, its header written.
pub fn create(path: &Path) -> Result<std::io::BufWriter<std::fs::File>, Failure> {
    let fail = |e: std::io::Error| Failure(format!("--positions {}: {e}", path.display()));
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
    writeln!(w, "{HEADER}").map_err(fail)?;
    Ok(w)
}

/// The rows of game `game` of field `field`: its log played again from its seed, each side's
/// [`Features`] before the first command of each game turn, and the side's result (1 a win,
/// 0.5 a draw, 0 a loss).
pub fn rows(field: usize, game: u32, r: &GameReport) -> Vec<String> {
    let g = &r.session.game;
    let mut replay = Session::new(g.scenario.clone(), g.rules.clone(), r.session.seed);
    let result = |side: SideId| match r.outcome.winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let mut out = Vec::new();
    let mut last = None;
    let mut log = r.session.log.iter();
    while !replay.game.is_over() {
        if last != Some(replay.game.turn) {
            last = Some(replay.game.turn);
            for side in [SideId(0), SideId(1)] {
                let f = Features::of(&replay.game, side);
                out.push(format!(
                    "{field},{game},{},{},{},{},{:.5},{:.5},{:.5},{}",
                    r.session.seed,
                    replay.game.turn,
                    side.0,
                    f.first_side,
                    f.points,
                    f.losses,
                    f.turns_left,
                    result(side)
                ));
            }
        }
        let Some(cmd) = log.next() else { break };
        if replay.execute(cmd.clone()).is_err() {
            break;
        }
    }
    out
}
