//! The leaders' commands (GCACW): units of the leader's side, each listed once.

use std::collections::HashMap;

use super::super::unit::{Unit, UnitIdx, UnitKind};
use super::{Check, Profiles, ScenarioFile, UnitFile, quoted, unused_field};

/// Check each leader's command and give it to his unit (`units`, in the file's order); `ids`
/// holds each id's first unit.
pub(super) fn check_commands(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
    ids: &HashMap<&str, usize>,
    units: &mut [Unit],
) {
    for (i, uf) in file.units.iter().enumerate() {
        if uf.command.is_empty() {
            continue;
        }
        let f = |name: &str| format!("units[{i}].{name}");
        let users = profiles.users("command");
        if !users.contains(&file.ruleset.as_str()) {
            unused_field(ck, f("command"), &file.ruleset, &users);
            continue;
        }
        if uf.kind != UnitKind::Leader {
            ck.bad(f("command"), "", "only a leader has a command");
            continue;
        }
        let command = command_of(ck, file, ids, i, uf);
        if let Some(u) = units.get_mut(i) {
            u.command = command;
        }
    }
}

/// The units leader `i` commands: each an id of a unit of his side but himself, listed once.
fn command_of(
    ck: &mut Check,
    file: &ScenarioFile,
    ids: &HashMap<&str, usize>,
    i: usize,
    uf: &UnitFile,
) -> Vec<UnitIdx> {
    let mut command = Vec::new();
    for (j, id) in uf.command.iter().enumerate() {
        let at = format!("units[{i}].command[{j}]");
        match ids.get(id.as_str()).copied() {
            None => ck.bad(at, quoted(id), "no unit has this id"),
            Some(k) if k == i => ck.bad(at, quoted(id), "a leader does not command himself"),
            Some(k) if file.units[k].side != uf.side => ck.bad(
                at,
                quoted(id),
                format!("a unit of the other side ({})", file.units[k].side),
            ),
            Some(k) if command.contains(&UnitIdx(k as u32)) => {
                ck.bad(at, quoted(id), "listed twice")
            }
            Some(k) => command.push(UnitIdx(k as u32)),
        }
    }
    command
}
