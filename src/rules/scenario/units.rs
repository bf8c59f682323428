//! The units' checks, one unit at a time: its id, side, hex and arrival, its kind, the fields
//! its rule system adds, its strength, artillery, tactical values, fatigue and demoralization;
//! then the unit as it starts.

use std::collections::HashMap;

use super::super::hex::Coord;
use super::super::points::Mp;
use super::super::unit::{Mode, SideId, Unit};
use super::board::Board;
use super::extra::{Extra, check_extra_fields};
use super::header::Turns;
use super::strength::{Strength, check_strength};
use super::{
    Check, MAX_TURN, MAX_UNITS, Profile, Profiles, ScenarioFile, UnitFile, UnitSetup, quoted,
    side_named,
};

/// What the units' checks give the later checks and the scenario.
pub(super) struct Units<'a> {
    /// The units, in the file's order, and their rule system's values.
    pub units: Vec<Unit>,
    pub setup: Vec<UnitSetup>,
    /// Each id's first unit.
    pub ids: HashMap<&'a str, usize>,
    /// The side of the units in each hex at the start (reinforcements aside), and the first of
    /// them.
    pub hex_side: HashMap<Coord, (SideId, usize)>,
}

/// What every unit is checked against.
struct Ctx<'a> {
    file: &'a ScenarioFile,
    profiles: Profiles<'a>,
    profile: Option<&'a Profile>,
    board: Board,
    turns: Turns,
}

/// Where a unit is: its side, its hex, and the turn it arrives on if it is a reinforcement.
struct Placed {
    side: SideId,
    hex: Option<Coord>,
    arrives: Option<u32>,
}

/// The checked artillery and tactical values, and the ruleset's highest fatigue.
struct Values {
    artillery: u32,
    tactical: i32,
    tactical_defence: Option<i32>,
    max_fatigue: i64,
}

/// Check the units, one at a time, and build them.
pub(super) fn check_units<'a>(
    ck: &mut Check,
    file: &'a ScenarioFile,
    profiles: Profiles<'a>,
    board: Board,
    turns: Turns,
) -> Units<'a> {
    let cx = Ctx {
        file,
        profiles,
        profile: profiles.get(&file.ruleset),
        board,
        turns,
    };
    let mut out = Units {
        units: Vec::new(),
        setup: Vec::new(),
        ids: HashMap::new(),
        hex_side: HashMap::new(),
    };
    if file.units.len() > MAX_UNITS {
        ck.bad(
            "units",
            file.units.len(),
            format!("too many units: at most {MAX_UNITS}"),
        );
    }
    for (i, uf) in file.units.iter().enumerate() {
        let (unit, setup) = check_unit(ck, &cx, &mut out, i, uf);
        out.units.push(unit);
        out.setup.push(setup);
    }
    out
}

/// Check unit `i` of the file and build it.
fn check_unit<'a>(
    ck: &mut Check,
    cx: &Ctx<'a>,
    out: &mut Units<'a>,
    i: usize,
    uf: &'a UnitFile,
) -> (Unit, UnitSetup) {
    let f = |name: &str| format!("units[{i}].{name}");
    check_id(ck, &mut out.ids, i, uf, &f);
    let side = check_side(ck, cx.file, uf, &f);
    let hex = cx.board.hex(ck, f("hex"), &uf.hex);
    // A reinforcement enters later: its hex is where it will enter, not where it stands.
    let arrives = check_arrival(ck, cx.turns, uf, &f);
    if let Some(h) = hex
        && uf.arrives.is_none()
    {
        match out.hex_side.get(&h) {
            Some((s, j)) if *s != side => ck.bad(
                f("hex"),
                quoted(&uf.hex),
                format!(
                    "units of two sides in one hex ({} is {}, {} is {})",
                    quoted(&uf.id),
                    uf.side,
                    quoted(&cx.file.units[*j].id),
                    cx.file.units[*j].side
                ),
            ),
            _ => {
                out.hex_side.insert(h, (side, i));
            }
        }
    }
    check_kind(ck, cx, uf, &f);
    check_import_fields(ck, cx, uf, &f);
    let extra = check_extra_fields(ck, cx.profiles, &cx.file.ruleset, uf, &f);
    let strength = check_strength(ck, uf, &f);
    let values = check_values(ck, cx, uf, &f);
    let placed = Placed { side, hex, arrives };
    let setup = unit_setup(uf, strength.2, &values, &extra, cx.profile);
    (build_unit(uf, placed, strength, values, &extra), setup)
}

/// The unit's values for its rule system's own fields.
fn unit_setup(
    uf: &UnitFile,
    disorganized: bool,
    values: &Values,
    extra: &Extra,
    profile: Option<&Profile>,
) -> UnitSetup {
    UnitSetup {
        disorganized,
        artillery: values.artillery,
        tactical: values.tactical,
        tactical_defence: values.tactical_defence,
        demoralized: uf.demoralized.clamp(0, 2) as u8,
        entrenched: uf.entrenched,
        exhausted: uf.exhausted,
        active: uf.active,
        army: uf.army,
        morale: extra.morale,
        green: uf.green,
        class: uf.class,
        rating: extra.rating,
        combats: extra.combats,
        guns: extra.guns,
        efficiency: extra.efficiency,
        command_control: extra.command_control,
        leader_bonus: extra.leader_bonus,
        mode: match (uf.mode, profile) {
            (Some(m), _) => m,
            (None, Some(p)) => p.first_mode(uf.kind),
            (None, None) => Mode::default(),
        },
        out_of_ammo: uf.out_of_ammo,
        fortification: extra.fortification,
        demibrigade: uf.demibrigade,
        heavy_guns: uf.heavy_guns,
    }
}

/// The id: not empty, without commas or spaces, and not another unit's.
fn check_id<'a>(
    ck: &mut Check,
    ids: &mut HashMap<&'a str, usize>,
    i: usize,
    uf: &'a UnitFile,
    f: &dyn Fn(&str) -> String,
) {
    if uf.id.trim().is_empty() {
        ck.bad(f("id"), quoted(&uf.id), "the id is empty");
    } else if uf.id.contains(',') || uf.id.chars().any(char::is_whitespace) {
        ck.bad(
            f("id"),
            quoted(&uf.id),
            "an id may not contain commas or spaces (it is used on the command line)",
        );
    }
    if let Some(first) = ids.get(uf.id.as_str()) {
        ck.bad(
            f("id"),
            quoted(&uf.id),
            format!("duplicate unit id (first at units[{first}])"),
        );
    } else {
        ids.insert(uf.id.as_str(), i);
    }
}

/// The side: one of the scenario's (the first when it is not).
fn check_side(
    ck: &mut Check,
    file: &ScenarioFile,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) -> SideId {
    match side_named(&file.sides, &uf.side) {
        Some(s) => s,
        None => {
            ck.bad(
                f("side"),
                quoted(&uf.side),
                format!("unknown side; the sides are {:?}", file.sides),
            );
            SideId(0)
        }
    }
}

/// A reinforcement's turn: after the first turn, up to the last.
fn check_arrival(
    ck: &mut Check,
    turns: Turns,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) -> Option<u32> {
    let first_turn = turns.first;
    match uf.arrives {
        None => None,
        Some(t) if t > i64::from(first_turn) && t <= turns.last.map_or(MAX_TURN, i64::from) => {
            Some(t as u32)
        }
        Some(t) => {
            ck.bad(
                f("arrives"),
                t,
                format!(
                    "out of range: a reinforcement arrives from turn {} to {} (the turn at \
                     whose start it enters)",
                    first_turn + 1,
                    turns.last.map_or(MAX_TURN, i64::from)
                ),
            );
            None
        }
    }
}

/// The kind: one the ruleset knows.
fn check_kind(ck: &mut Check, cx: &Ctx, uf: &UnitFile, f: &dyn Fn(&str) -> String) {
    let file = cx.file;
    let profiles = cx.profiles;
    if !profiles.unit_kinds(&file.ruleset).contains(&uf.kind) {
        ck.bad(
            f("kind"),
            format!("{:?}", uf.kind),
            format!(
                "ruleset {} has no {} units; kinds: {}",
                file.ruleset,
                uf.kind.name(),
                profiles
                    .unit_kinds(&file.ruleset)
                    .iter()
                    .map(|k| format!("{k:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
}

/// The fields every unit has, which may be placeholders.
const BASE_FIELDS: &[&str] = &["name", "side", "kind", "hex", "strength"];

/// The counter picture (`image`: a file name, one line) and the placeholders (`placeholder`:
/// fields the unit has in its rule system, each once).
fn check_import_fields(ck: &mut Check, cx: &Ctx, uf: &UnitFile, f: &dyn Fn(&str) -> String) {
    if let Some(img) = &uf.image
        && (img.trim().is_empty() || img.chars().any(char::is_control))
    {
        ck.bad(
            f("image"),
            quoted(img),
            "a picture's file name: one line, not empty",
        );
    }
    let known = |name: &str| {
        BASE_FIELDS.contains(&name)
            || cx
                .profile
                .is_some_and(|p| p.core_fields.contains(&name) || p.unit_fields.contains(&name))
    };
    for (j, name) in uf.placeholder.iter().enumerate() {
        if !known(name) {
            let mut fields: Vec<&str> = BASE_FIELDS.to_vec();
            if let Some(p) = cx.profile {
                fields.extend(p.core_fields.iter().chain(p.unit_fields));
            }
            ck.bad(
                f(&format!("placeholder[{j}]")),
                quoted(name),
                format!(
                    "not a field of a {} unit; fields: {}",
                    cx.file.ruleset,
                    fields.join(", ")
                ),
            );
        } else if uf.placeholder[..j].contains(name) {
            ck.bad(
                f(&format!("placeholder[{j}]")),
                quoted(name),
                "listed twice",
            );
        }
    }
}

/// Artillery 0 to 1000, tactical values -100 to 100, fatigue 0 to the ruleset's highest,
/// demoralized 0 to 2.
fn check_values(ck: &mut Check, cx: &Ctx, uf: &UnitFile, f: &dyn Fn(&str) -> String) -> Values {
    let artillery = if (0..=1000).contains(&uf.artillery) {
        uf.artillery as u32
    } else {
        ck.bad(
            f("artillery"),
            uf.artillery,
            "the artillery value is between 0 and 1000",
        );
        0
    };
    let mut tactical = 0;
    for (name, v) in [
        ("tactical", Some(uf.tactical)),
        ("tactical_defence", uf.tactical_defence),
    ] {
        if let Some(v) = v {
            if !(-100..=100).contains(&v) {
                ck.bad(f(name), v, "a tactical value is between -100 and 100");
            } else if name == "tactical" {
                tactical = v as i32;
            }
        }
    }
    let tactical_defence = uf
        .tactical_defence
        .filter(|v| (-100..=100).contains(v))
        .map(|v| v as i32);
    let max_fatigue = cx.profile.map_or(4, |p| p.max_fatigue);
    if !(0..=max_fatigue).contains(&uf.fatigue) {
        ck.bad(
            f("fatigue"),
            uf.fatigue,
            format!(
                "fatigue is 0 to {max_fatigue} in ruleset {}",
                cx.file.ruleset
            ),
        );
    }
    if !(0..=2).contains(&uf.demoralized) {
        ck.bad(f("demoralized"), uf.demoralized, "demoralized is 0, 1 or 2");
    }
    Values {
        artillery,
        tactical,
        tactical_defence,
        max_fatigue,
    }
}

/// The unit as it starts, from its file and its checked values.
fn build_unit(
    uf: &UnitFile,
    placed: Placed,
    (cv, manpower, _): Strength,
    values: Values,
    extra: &Extra,
) -> Unit {
    let Placed { side, hex, arrives } = placed;
    Unit {
        id: uf.id.clone(),
        name: uf.name.clone(),
        side,
        kind: uf.kind,
        hex: if arrives.is_some() { None } else { hex },
        cv,
        manpower,
        fatigue: uf.fatigue.clamp(0, values.max_fatigue) as u8,
        arrives: arrives.zip(hex),
        status: uf.status.unwrap_or_default(),
        forced_march: uf.forced_march,
        movement: extra.movement,
        command: Vec::new(),
        spent: Mp::ZERO,
        march: None,
        stopped: false,
        attacks: [0; 6],
    }
}
