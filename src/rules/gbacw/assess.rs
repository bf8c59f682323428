//! Everything about a GBACW attack that does not depend on the dice: who takes part, the
//! options, fire strength and column, density, melee strengths and differential.

use crate::rules::attack::{AttackError, AttackRequest, AttackType, ModValue, ModifierLine, Role};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::check_attackers;
use crate::rules::unit::{SideId, UnitIdx, UnitKind};

use super::data::{FireTable, Tables};

pub const FIRE_KEYS: &[&str] = &["table", "shift", "strength"];
pub const MELEE_KEYS: &[&str] = &["attacker_modifier", "defender_modifier"];

/// The checks every attack shares.
#[derive(Clone, Debug)]
pub struct Sides {
    pub attacker_side: SideId,
    pub defender_side: SideId,
    pub hex: Coord,
    /// The attacking units, in the order named.
    pub attackers: Vec<UnitIdx>,
    /// Every unit in the defending hex (leaders and wagons included), in unit order.
    pub in_hex: Vec<UnitIdx>,
}

pub fn kind(req: &AttackRequest) -> Result<AttackType, AttackError> {
    match req.kind {
        None | Some(AttackType::Fire) => Ok(AttackType::Fire),
        Some(AttackType::Melee) => Ok(AttackType::Melee),
        Some(k) => Err(AttackError::WrongType {
            ruleset: "gbacw",
            kind: k.name(),
            types: "fire, melee".into(),
        }),
    }
}

fn int_option(req: &AttackRequest, key: &str, lo: i32, hi: i32) -> Result<i32, AttackError> {
    match req.option(key) {
        None => Ok(0),
        Some(v) => match v.trim().parse::<i32>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(AttackError::BadOption(format!(
                "option {key}={v:?}: a whole number from {lo} to {hi}"
            ))),
        },
    }
}

fn check_keys(req: &AttackRequest, kind: AttackType, keys: &[&str]) -> Result<(), AttackError> {
    for k in req.options.keys() {
        if !keys.contains(&k.as_str()) {
            return Err(AttackError::BadOption(format!(
                "ruleset gbacw: unknown {} option {k:?}; known keys: {}",
                kind.name(),
                keys.join(", ")
            )));
        }
    }
    Ok(())
}

pub fn sides(game: &Game, req: &AttackRequest) -> Result<Sides, AttackError> {
    let attacker_side = check_attackers(game, &req.attackers)?;
    let first = game.unit(req.attackers[0]);
    // Leaders and wagons named with their stack (choosing a stack names them all) have no
    // strength points: they do not attack, and an attack by them alone has nothing to attack
    // with.
    let attackers: Vec<UnitIdx> = req
        .attackers
        .iter()
        .copied()
        .filter(|u| !matches!(game.unit(*u).kind, UnitKind::Leader | UnitKind::Wagon))
        .collect();
    if attackers.is_empty() {
        return Err(AttackError::ZeroCv);
    }
    let hex = req.defender;
    if !game.map().contains(hex) {
        return Err(AttackError::BadHex(format!(
            "the defending hex {} is off the map",
            game.label(hex)
        )));
    }
    let in_hex = game.units_at(hex).to_vec();
    if in_hex.is_empty() {
        return Err(AttackError::EmptyHex(game.label(hex)));
    }
    let defender_side = game.unit(in_hex[0]).side;
    if defender_side == attacker_side {
        return Err(AttackError::SameSide {
            unit: first.id.clone(),
            hex: game.label(hex),
            side: game.scenario.side_name(attacker_side).to_string(),
        });
    }
    if !in_hex.iter().any(|u| game.unit(*u).is_combat()) {
        return Err(AttackError::NoCombatDefender(game.label(hex)));
    }
    Ok(Sides {
        attacker_side,
        defender_side,
        hex,
        attackers,
        in_hex,
    })
}

/// The SP a unit counts for density [8.35].
pub fn unit_density_sp(t: &Tables, game: &Game, u: UnitIdx) -> u32 {
    let unit = game.unit(u);
    match unit.kind {
        UnitKind::Artillery => t.density.battery_sp,
        UnitKind::Wagon => t.density.wagon_sp,
        UnitKind::Leader => 0,
        _ => unit.manpower,
    }
}

/// A fire attack, before the die.
#[derive(Clone, Debug)]
pub struct Fire {
    pub sides: Sides,
    /// The units that take fire results: the combat units in the target hex (leaders and
    /// wagons only count for density).
    pub targets: Vec<UnitIdx>,
    pub table: FireTable,
    pub strength: u32,
    pub strength_given: bool,
    pub base_column: usize,
    pub density_sp: u32,
    pub density_row: usize,
    pub density_shift: i32,
    pub extra_shift: i32,
    /// The column read, 0-based, after shifts, clamped to the table.
    pub column: usize,
    /// Whether the shifts ran past an end of the table.
    pub clamped: bool,
    pub lines: Vec<ModifierLine>,
}

/// A fire attack assessed, with its modifier lines (`musket odds`).
pub fn fire(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Fire, AttackError> {
    let mut fire = fire_bare(t, game, req)?;
    let sp_sum: u32 = fire
        .sides
        .attackers
        .iter()
        .map(|u| game.unit(*u).manpower)
        .sum();
    fire.lines = fire_lines(t, game, &fire, sp_sum);
    Ok(fire)
}

/// [`fire`] without its modifier lines (text only a player reads): the computer's trials.
pub fn fire_bare(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Fire, AttackError> {
    let (table, extra_shift, given) = fire_options(t, req)?;
    let sides = sides(game, req)?;
    check_fire_range(t, game, &sides)?;
    let sp_sum: u32 = sides.attackers.iter().map(|u| game.unit(*u).manpower).sum();
    let strength = given.unwrap_or(sp_sum);
    let base_column = t.fire_column(table, strength);
    let hex_sp: u32 = sides
        .in_hex
        .iter()
        .map(|u| unit_density_sp(t, game, *u))
        .sum();
    let density_sp = hex_sp;
    let (density_row, density_shift) = t.density_shift(density_sp);
    let last = t.fire_columns(table).len() as i32 - 1;
    let raw = base_column as i32 + density_shift + extra_shift;
    let column = raw.clamp(0, last) as usize;
    let targets: Vec<UnitIdx> = sides
        .in_hex
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_combat())
        .collect();
    Ok(Fire {
        sides,
        targets,
        table,
        strength,
        strength_given: given.is_some(),
        base_column,
        density_sp,
        density_row,
        density_shift,
        extra_shift,
        column,
        clamped: raw != column as i32,
        lines: Vec::new(),
    })
}

/// The fire options, in the order they are checked: the column line (`table`), the other
/// column shifts (`shift`) and the fire strength given (`strength`).
fn fire_options(
    t: &Tables,
    req: &AttackRequest,
) -> Result<(FireTable, i32, Option<u32>), AttackError> {
    check_keys(req, AttackType::Fire, FIRE_KEYS)?;
    let table = match req.option("table") {
        None => t.settings.default_fire_table,
        Some("small-arms") => FireTable::SmallArms,
        Some("grapeshot") => FireTable::Grapeshot,
        Some(v) => {
            return Err(AttackError::BadOption(format!(
                "option table={v:?}: small-arms or grapeshot"
            )));
        }
    };
    let extra_shift = int_option(req, "shift", -20, 20)?;
    let given = match req.option("strength") {
        None => None,
        Some(_) => Some(int_option(req, "strength", 0, 10_000)? as u32),
    };
    Ok((table, extra_shift, given))
}

/// Every firer within `settings.fire_range` of the target hex.
fn check_fire_range(t: &Tables, game: &Game, sides: &Sides) -> Result<(), AttackError> {
    let range = t.settings.fire_range;
    for &u in &sides.attackers {
        let unit = game.unit(u);
        let from = unit.hex.unwrap_or(sides.hex);
        let d = from.distance(sides.hex);
        if d > range {
            return Err(AttackError::Illegal(format!(
                "{:?} in {} is {d} hexes from {}: out of fire range {range} (settings.fire_range; the fire-range rules are not in the seeds)",
                unit.name,
                game.label(from),
                game.label(sides.hex)
            )));
        }
    }
    Ok(())
}

/// The explanation of a fire attack: strength, density, other shifts, column.
fn fire_lines(t: &Tables, game: &Game, f: &Fire, sp_sum: u32) -> Vec<ModifierLine> {
    let mut lines = vec![strength_line(t, game, f, sp_sum), density_line(t, game, f)];
    if f.extra_shift != 0 {
        lines.push(ModifierLine {
            role: Role::Attacker,
            name: "Other shifts".into(),
            value: ModValue::Points(f.extra_shift),
            detail: "given with --opt shift".into(),
            rule: "player-supplied: the other column-shift charts are not in the seeds".into(),
        });
    }
    lines.push(column_line(t, f));
    lines
}

/// Fire strength and the column it reads on [9.16].
fn strength_line(t: &Tables, game: &Game, f: &Fire, sp_sum: u32) -> ModifierLine {
    let heads = t.fire_headings(f.table);
    ModifierLine {
        role: Role::Attacker,
        name: "Fire strength".into(),
        value: ModValue::Points(f.strength as i32),
        detail: if f.strength_given {
            format!(
                "given with --opt strength (the firers' SP total is {sp_sum}); reads {} \"{}\"",
                f.table.printed(),
                heads[f.base_column]
            )
        } else {
            format!(
                "SP of {} = {sp_sum}; reads {} \"{}\"",
                f.sides
                    .attackers
                    .iter()
                    .map(|u| format!("{} {}", game.unit(*u).name, game.unit(*u).manpower))
                    .collect::<Vec<_>>()
                    .join(" + "),
                f.table.printed(),
                heads[f.base_column]
            )
        },
        rule: "[9.16] column; strength = SP total [project default: the fire-strength rules are not in the seeds]".into(),
    }
}

/// [8.35] the density of the target hex and its column shift.
fn density_line(t: &Tables, game: &Game, f: &Fire) -> ModifierLine {
    let (density_sp, density_shift) = (f.density_sp, f.density_shift);
    ModifierLine {
        role: Role::Defender,
        name: "Density".into(),
        value: ModValue::Points(density_shift),
        detail: format!(
            "{density_sp} SP in {} ({}; battery {}, wagon {}) reads \"{}\": {density_shift:+} column(s)",
            game.label(f.sides.hex),
            f.sides
                .in_hex
                .iter()
                .map(|u| format!("{} {}", game.unit(*u).name, unit_density_sp(t, game, *u)))
                .collect::<Vec<_>>()
                .join(" + "),
            t.density.battery_sp,
            t.density.wagon_sp,
            t.density.rows[f.density_row].sp
        ),
        rule: "[8.35]".into(),
    }
}

/// The column read after the shifts, held at the table's ends.
fn column_line(t: &Tables, f: &Fire) -> ModifierLine {
    let heads = t.fire_headings(f.table);
    let raw = f.base_column as i32 + f.density_shift + f.extra_shift;
    let column = f.column;
    ModifierLine {
        role: Role::Attacker,
        name: "Column".into(),
        value: ModValue::Points(column as i32 + 1),
        detail: format!(
            "column {} {:+} = {}{}: \"{}\"",
            f.base_column + 1,
            f.density_shift + f.extra_shift,
            raw + 1,
            if raw != column as i32 {
                format!(", held at the table's end ({})", column + 1)
            } else {
                String::new()
            },
            heads[column]
        ),
        rule: "[9.16], [8.35]".into(),
    }
}

/// A melee, before the die.
#[derive(Clone, Debug)]
pub struct Melee {
    pub sides: Sides,
    /// The defending units: every non-leader unit in the hex (a wagon has 0 SP).
    pub defenders: Vec<UnitIdx>,
    pub attacker_sp: u32,
    pub defender_sp: u32,
    pub attacker_modifier: i32,
    pub defender_modifier: i32,
    pub raw_differential: i32,
    pub differential: i32,
    pub column: usize,
    pub lines: Vec<ModifierLine>,
}

/// A melee assessed, with its modifier lines (`musket odds`).
pub fn melee(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Melee, AttackError> {
    let mut m = melee_bare(t, game, req)?;
    m.lines = melee_lines(game, &m);
    Ok(m)
}

/// [`melee`] without its modifier lines (text only a player reads): the computer's trials.
pub fn melee_bare(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Melee, AttackError> {
    check_keys(req, AttackType::Melee, MELEE_KEYS)?;
    let am = int_option(req, "attacker_modifier", -100, 100)?;
    let dm = int_option(req, "defender_modifier", -100, 100)?;
    let sides = sides(game, req)?;
    check_adjacent(game, &sides)?;
    let defenders: Vec<UnitIdx> = sides
        .in_hex
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    let attacker_sp: u32 = sides.attackers.iter().map(|u| game.unit(*u).manpower).sum();
    let defender_sp: u32 = defenders.iter().map(|u| game.unit(*u).manpower).sum();
    let raw = attacker_sp as i32 + am - (defender_sp as i32 + dm);
    let (column, differential) = t.melee_column(raw);
    Ok(Melee {
        sides,
        defenders,
        attacker_sp,
        defender_sp,
        attacker_modifier: am,
        defender_modifier: dm,
        raw_differential: raw,
        differential,
        column,
        lines: Vec::new(),
    })
}

/// Every attacker next to the defending hex.
fn check_adjacent(game: &Game, sides: &Sides) -> Result<(), AttackError> {
    for &u in &sides.attackers {
        let unit = game.unit(u);
        let from = unit.hex.unwrap_or(sides.hex);
        if !from.is_adjacent(sides.hex) {
            return Err(AttackError::NotAdjacent {
                unit: unit.id.clone(),
                from: game.label(from),
                hex: game.label(sides.hex),
            });
        }
    }
    Ok(())
}

/// The explanation of a melee: each side's strength, the modifiers given, the differential.
fn melee_lines(game: &Game, m: &Melee) -> Vec<ModifierLine> {
    let (am, dm, raw, differential) = (
        m.attacker_modifier,
        m.defender_modifier,
        m.raw_differential,
        m.differential,
    );
    let list = |us: &[UnitIdx]| {
        us.iter()
            .map(|u| format!("{} {}", game.unit(*u).name, game.unit(*u).manpower))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let mut lines = vec![
        ModifierLine {
            role: Role::Attacker,
            name: "Melee strength".into(),
            value: ModValue::Points(m.attacker_sp as i32),
            detail: format!("SP of {}", list(&m.sides.attackers)),
            rule: "[12.98] [project default: melee strength = SP total; the melee-strength rules are not in the seeds]".into(),
        },
        ModifierLine {
            role: Role::Defender,
            name: "Melee strength".into(),
            value: ModValue::Points(m.defender_sp as i32),
            detail: format!("SP of {}", list(&m.defenders)),
            rule: "[12.98] [project default: melee strength = SP total; the melee-strength rules are not in the seeds]".into(),
        },
    ];
    for (role, v, key) in [
        (Role::Attacker, am, "attacker_modifier"),
        (Role::Defender, dm, "defender_modifier"),
    ] {
        if v != 0 {
            lines.push(ModifierLine {
                role,
                name: "Melee modifiers".into(),
                value: ModValue::Points(v),
                detail: format!("given with --opt {key}"),
                rule: "player-supplied: the Melee Modifiers (flip side of [12.98]) are not in the seeds".into(),
            });
        }
    }
    let (a, d) = (m.attacker_sp as i32 + am, m.defender_sp as i32 + dm);
    lines.push(ModifierLine {
        role: Role::Attacker,
        name: "Differential".into(),
        value: ModValue::Points(differential),
        detail: if raw != differential {
            format!("{a} - {d} = {raw:+}, treated as {differential:+}")
        } else {
            format!("{a} - {d} = {raw:+}")
        },
        rule: "[12.98] notes: less than -4 treated as -4, greater than +6 as +6".into(),
    });
    lines
}
