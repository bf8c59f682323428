//! The GBACW tables as data: `assets/rules/gbacw.ron`, embedded in the binary as the default and
//! overridable by a player's own file (`--rules FILE`). The printed tables are kept as printed
//! (column headings and result codes are the chart's own strings, parsed and checked here);
//! every value the seeds do not give is an explicit entry of `settings`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::scenario::Problem;
use crate::rules::tables::{TablesError, load_tables, problem};

use super::DEFAULT_TABLES;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub ruleset: String,
    pub edition: String,
    pub fcrt: Fcrt,
    pub density: Density,
    pub elephant: Vec<ElephantRow>,
    pub melee: MeleeCrt,
    pub settings: Settings,
    /// Parsed forms of the printed strings, filled in by [`check`].
    #[serde(skip)]
    pub parsed: Parsed,
    /// Movement (`rules::movement::table`); a file without the section uses the built-in one.
    #[serde(default = "builtin_movement")]
    pub movement: crate::rules::movement::table::MoveTables,
    /// The sequence of play (`rules::sequence`); a file without it plays the built-in one.
    #[serde(default = "builtin_sequence")]
    pub sequence: crate::rules::sequence::Sequence,
    /// What the computer players are told (`rules::tables::ComputerPlay`); none: their own
    /// defaults.
    #[serde(default)]
    pub computer: Option<crate::rules::tables::ComputerPlay>,
}

/// [9.16] Fire Combat Results Table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fcrt {
    /// Column headings of the Grapeshot line, as printed ("3 or less", "4 to 8", "63 +").
    pub grapeshot: Vec<String>,
    /// Column headings of the Small Arms & CB line, as printed.
    pub small_arms: Vec<String>,
    /// Die rows 1 to 6, in order.
    pub rows: Vec<FireRow>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    pub die: u8,
    /// The row carries the printed "Ammo Dep?" mark (shown, never applied: its rule is not in
    /// the seeds).
    #[serde(default)]
    pub ammo_dep: bool,
    pub results: Vec<String>,
}

/// [8.35] Density Adjustment Chart.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Density {
    pub rows: Vec<DensityRow>,
    /// "For density purposes a Battery counts as 1 SP".
    pub battery_sp: u32,
    /// "... and a Wagon counts as 4 SP".
    pub wagon_sp: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DensityRow {
    /// Strength points in the hex as printed: "1-2", "3-6", "7-9", "10+".
    pub sp: String,
    /// Column shifts: - to the left, + to the right.
    pub shift: i32,
}

/// [13.15] Seeing the Elephant: two dice -> morale rating.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElephantRow {
    pub dice: u8,
    pub morale: u8,
}

/// [12.98] Melee Combat Results Table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeCrt {
    /// The differential columns (attacker minus defender), lowest first.
    pub columns: Vec<i32>,
    /// Per die 1..6: the attacker's row and the defender's row.
    pub rows: Vec<MeleeRow>,
    /// "R2 or 3 = ... If MC is failed, units retreat an additional 3 hexes."
    pub failed_check_extra_retreat: u32,
    /// "Rpls = ... Attacker retreats 2 hexes and checks morale."
    pub repulse_attacker_retreat: u32,
    /// "Rpls = ... Defender then checks morale; if fails, retreat 3 hexes."
    pub repulse_defender_retreat: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeRow {
    pub die: u8,
    pub attacker: Vec<String>,
    pub defender: Vec<String>,
}

/// Which column line of the fire table is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FireTable {
    SmallArms,
    Grapeshot,
}

impl FireTable {
    pub fn key(self) -> &'static str {
        match self {
            FireTable::SmallArms => "small-arms",
            FireTable::Grapeshot => "grapeshot",
        }
    }
    pub fn printed(self) -> &'static str {
        match self {
            FireTable::SmallArms => "Small Arms & CB",
            FireTable::Grapeshot => "Grapeshot",
        }
    }
}

/// What a failed morale check after a `#` / `#*` fire result does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FailedCheck {
    Rout,
    Pin,
    Nothing,
}

/// Values the seeds do not give, each an explicit choice a player who owns the rules can set.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Largest distance in hexes at which a unit may fire (1: adjacent only).
    pub fire_range: u32,
    /// Column line read when the attack names none.
    pub default_fire_table: FireTable,
    /// Whether a morale check roll equal to the morale rating passes (a roll above fails, one
    /// below passes).
    pub morale_check_passes_on_equal: bool,
    /// What a failed morale check after `#` or `#*` does.
    pub failed_check_after_loss: FailedCheck,
    /// `#*` second roll: whether a roll equal to the morale rating pins.
    pub second_roll_equal_pins: bool,
    /// Hexes a unit routed by fire retreats (0: its status changes, it is not moved).
    pub fire_rout_retreat_hexes: u32,
    /// Whether a unit failing the morale check after a melee `R2`/`R3` is marked routed
    /// (the [12.98] note says "fail, they rout an additional 3 hexes").
    pub melee_failed_retreat_check_routs: bool,
    /// The rally of routed units at the start of each game turn after the first (`None`: a
    /// routed unit stays routed, as before the rally existed; a rules file without it).
    #[serde(default)]
    pub rally: Option<Rally>,
}

/// How routed units rally (the rally rules are not in the seeds: a [project default] a
/// player who owns the rules corrects). At the start of each game turn after the first, each
/// routed combat unit on the map with no enemy combat unit within `clear_of` hexes makes a
/// morale check (one die, [`super::morale::passes`]); passing, it is in good order again.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rally {
    pub clear_of: u32,
    pub source: String,
}

/// A fire result code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireCode {
    None,
    P,
    R,
    PR,
    /// Lose `n` SP / guns and make a morale check; `star`: if passed, roll again for a pin.
    Loss {
        n: u32,
        star: bool,
    },
}

/// A melee result code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MeleeCode {
    pub k: bool,
    pub captured: u32,
    pub retreat: u32,
    pub repulse: bool,
    pub engaged: bool,
}

/// An inclusive range, `hi` open when `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub lo: u32,
    pub hi: Option<u32>,
}

impl Span {
    pub fn contains(&self, v: u32) -> bool {
        v >= self.lo && self.hi.is_none_or(|h| v <= h)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub grapeshot: Vec<Span>,
    pub small_arms: Vec<Span>,
    /// `fire[die - 1][column]`.
    pub fire: Vec<Vec<FireCode>>,
    pub density: Vec<(Span, i32)>,
    /// Morale for dice 2..=12 at index `dice - 2`.
    pub elephant: [u8; 11],
    /// `melee_attacker[die - 1][column]`, same for the defender.
    pub melee_attacker: Vec<Vec<MeleeCode>>,
    pub melee_defender: Vec<Vec<MeleeCode>>,
}

/// Parse a fire column heading as printed: "3 or less", "4 to 8", "63 +", "51+".
pub fn parse_heading(s: &str) -> Option<Span> {
    let t = s.trim();
    if let Some(n) = t.strip_suffix("or less") {
        let hi = n.trim().parse().ok()?;
        return Some(Span {
            lo: 0,
            hi: Some(hi),
        });
    }
    if let Some(n) = t.strip_suffix('+') {
        return Some(Span {
            lo: n.trim().parse().ok()?,
            hi: None,
        });
    }
    let (a, b) = t.split_once(" to ").or_else(|| t.split_once('-'))?;
    Some(Span {
        lo: a.trim().parse().ok()?,
        hi: Some(b.trim().parse().ok()?),
    })
}

pub fn parse_fire_code(s: &str) -> Option<FireCode> {
    Some(match s.trim() {
        "-" => FireCode::None,
        "P" => FireCode::P,
        "R" => FireCode::R,
        "P/R" => FireCode::PR,
        t => {
            let (num, star) = match t.strip_suffix('*') {
                Some(n) => (n, true),
                None => (t, false),
            };
            let n: u32 = num.trim().parse().ok()?;
            if n == 0 {
                return None;
            }
            FireCode::Loss { n, star }
        }
    })
}

pub fn parse_melee_code(s: &str) -> Option<MeleeCode> {
    let t = s.trim();
    let mut c = MeleeCode::default();
    match t {
        "-" => return Some(c),
        "K" => {
            c.k = true;
            return Some(c);
        }
        "Rpls" => {
            c.repulse = true;
            return Some(c);
        }
        "Eng" => {
            c.engaged = true;
            return Some(c);
        }
        _ => {}
    }
    let mut rest = t;
    if let Some(r) = rest.strip_prefix('C') {
        let end = r.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(r.len());
        c.captured = r[..end].parse().ok()?;
        rest = &r[end..];
    }
    if let Some(r) = rest.strip_prefix('R') {
        c.retreat = r.parse().ok()?;
        rest = "";
    }
    (rest.is_empty() && (c.captured > 0 || c.retreat > 0)).then_some(c)
}

/// Check the tables and fill in their parsed forms; list every problem.
pub fn check(t: &mut Tables) -> Vec<Problem> {
    let mut out = Vec::new();
    if t.ruleset != "gbacw" {
        out.push(problem(
            "ruleset",
            &t.ruleset,
            "this file is for ruleset \"gbacw\"",
        ));
    }
    out.extend(t.movement.check("movement"));
    out.extend(t.computer.as_ref().and_then(|c| c.check()));
    for (at, why) in t.sequence.problems() {
        out.push(problem(at, "", why));
    }
    let mut p = Parsed::default();
    check_fire_headings(&t.fcrt, &mut p, &mut out);
    check_fire_rows(&t.fcrt, &mut p, &mut out);
    check_density(&t.density, &mut p, &mut out);
    check_elephant(&t.elephant, &mut p, &mut out);
    check_melee(&t.melee, &mut p, &mut out);
    if t.settings.fire_range == 0 {
        out.push(problem("settings.fire_range", 0, "at least 1 (adjacent)"));
    }
    t.parsed = p;
    out
}

/// [9.16] column headings, both lines: contiguous from 0, the last open, as many columns in
/// each line.
fn check_fire_headings(fcrt: &Fcrt, p: &mut Parsed, out: &mut Vec<Problem>) {
    for (name, list, dst) in [
        ("fcrt.grapeshot", &fcrt.grapeshot, &mut p.grapeshot),
        ("fcrt.small_arms", &fcrt.small_arms, &mut p.small_arms),
    ] {
        check_heading_line(name, list, dst, out);
    }
    if fcrt.grapeshot.len() != fcrt.small_arms.len() {
        out.push(problem(
            "fcrt.small_arms",
            fcrt.small_arms.len(),
            format!(
                "both column lines have the same number of columns (grapeshot has {})",
                fcrt.grapeshot.len()
            ),
        ));
    }
}

/// One [9.16] column line: contiguous from 0, the last open.
fn check_heading_line(name: &str, list: &[String], dst: &mut Vec<Span>, out: &mut Vec<Problem>) {
    let mut next = 0u32;
    for (i, h) in list.iter().enumerate() {
        let f = format!("{name}[{i}]");
        match parse_heading(h) {
            None => out.push(problem(
                f,
                h,
                "a heading reads \"N or less\", \"A to B\" or \"N+\"",
            )),
            Some(s) => {
                if s.lo != next && !(i == 0 && s.lo == 0) {
                    out.push(problem(
                        &f,
                        h,
                        format!("the columns must follow on without gap or overlap (expected it to start at {next})"),
                    ));
                }
                if s.hi.is_none() && i + 1 != list.len() {
                    out.push(problem(&f, h, "only the last column may be open (\"N+\")"));
                }
                if i + 1 == list.len() && s.hi.is_some() {
                    out.push(problem(&f, h, "the last column must be open (\"N+\")"));
                }
                if let Some(hi) = s.hi {
                    if hi < s.lo {
                        out.push(problem(&f, h, "the range is reversed"));
                    }
                    next = hi + 1;
                }
                dst.push(s);
            }
        }
    }
    if list.is_empty() {
        out.push(problem(name, "[]", "at least one column"));
    }
}

/// A table of die rows has six, 1 to 6.
fn check_six_rows(field: &str, n: usize, out: &mut Vec<Problem>) {
    if n != 6 {
        out.push(problem(field, n, "six die rows, 1 to 6"));
    }
}

/// Die row `i` (0-based) of a table is for die `i + 1`.
fn check_die_number(field: &str, i: usize, die: u8, out: &mut Vec<Problem>) {
    if die as usize != i + 1 {
        out.push(problem(
            format!("{field}[{i}].die"),
            die,
            format!("expected {}", i + 1),
        ));
    }
}

/// [9.16] die rows 1 to 6, one result per column, each a fire result code.
fn check_fire_rows(fcrt: &Fcrt, p: &mut Parsed, out: &mut Vec<Problem>) {
    let cols = fcrt.small_arms.len();
    check_six_rows("fcrt.rows", fcrt.rows.len(), out);
    for (i, r) in fcrt.rows.iter().enumerate() {
        check_die_number("fcrt.rows", i, r.die, out);
        if r.results.len() != cols {
            out.push(problem(
                format!("fcrt.rows[{i}].results"),
                r.results.len(),
                format!("one result per column ({cols})"),
            ));
        }
        let mut row = Vec::new();
        for (j, c) in r.results.iter().enumerate() {
            match parse_fire_code(c) {
                Some(code) => row.push(code),
                None => {
                    out.push(problem(
                        format!("fcrt.rows[{i}].results[{j}]"),
                        c,
                        "a fire result is -, P, R, P/R, a number or a number with *",
                    ));
                    row.push(FireCode::None);
                }
            }
        }
        p.fire.push(row);
    }
}

/// A density row's strength points as printed: "A-B" or "N+".
fn parse_density_sp(s: &str) -> Option<Span> {
    let s = s.trim();
    if let Some(n) = s.strip_suffix('+') {
        n.trim().parse().ok().map(|lo| Span { lo, hi: None })
    } else {
        s.split_once('-').and_then(|(a, b)| {
            Some(Span {
                lo: a.trim().parse().ok()?,
                hi: Some(b.trim().parse().ok()?),
            })
        })
    }
}

/// [8.35] density rows: contiguous from 1, the last (and only it) open.
fn check_density(density: &Density, p: &mut Parsed, out: &mut Vec<Problem>) {
    let mut next = 1u32;
    for (i, r) in density.rows.iter().enumerate() {
        let f = format!("density.rows[{i}].sp");
        match parse_density_sp(&r.sp) {
            None => out.push(problem(f, &r.sp, "reads \"A-B\" or \"N+\"")),
            Some(sp) => {
                if sp.lo != next {
                    out.push(problem(
                        &f,
                        &r.sp,
                        format!("expected the row to start at {next}"),
                    ));
                }
                if sp.hi.is_none() != (i + 1 == density.rows.len()) {
                    out.push(problem(
                        &f,
                        &r.sp,
                        "the last row, and only it, is open (\"N+\")",
                    ));
                }
                if let Some(h) = sp.hi {
                    if h < sp.lo {
                        out.push(problem(&f, &r.sp, "the range is reversed"));
                    }
                    next = h + 1;
                }
                p.density.push((sp, r.shift));
            }
        }
    }
    if density.rows.is_empty() {
        out.push(problem("density.rows", "[]", "at least one row"));
    }
}

/// [13.15] Seeing the Elephant: dice 2..12 once each, morale 1..6.
fn check_elephant(elephant: &[ElephantRow], p: &mut Parsed, out: &mut Vec<Problem>) {
    let mut seen = [false; 11];
    for (i, r) in elephant.iter().enumerate() {
        if !(2..=12).contains(&r.dice) {
            out.push(problem(
                format!("elephant[{i}].dice"),
                r.dice,
                "two dice give 2 to 12",
            ));
            continue;
        }
        if !(1..=6).contains(&r.morale) {
            out.push(problem(
                format!("elephant[{i}].morale"),
                r.morale,
                "a morale rating is 1 to 6",
            ));
        }
        let k = (r.dice - 2) as usize;
        if seen[k] {
            out.push(problem(
                format!("elephant[{i}].dice"),
                r.dice,
                "listed twice",
            ));
        }
        seen[k] = true;
        p.elephant[k] = r.morale;
    }
    for (k, s) in seen.iter().enumerate() {
        if !s {
            out.push(problem("elephant", k + 2, "this dice total has no row"));
        }
    }
}

/// [12.98] consecutive differential columns, die rows 1 to 6, each side's row one melee result
/// code per column.
fn check_melee(m: &MeleeCrt, p: &mut Parsed, out: &mut Vec<Problem>) {
    if m.columns.is_empty() || m.columns.windows(2).any(|w| w[1] != w[0] + 1) {
        out.push(problem(
            "melee.columns",
            format!("{:?}", m.columns),
            "consecutive differentials, lowest first",
        ));
    }
    check_six_rows("melee.rows", m.rows.len(), out);
    for (i, r) in m.rows.iter().enumerate() {
        check_die_number("melee.rows", i, r.die, out);
        for (side, list, dst) in [
            ("attacker", &r.attacker, &mut p.melee_attacker),
            ("defender", &r.defender, &mut p.melee_defender),
        ] {
            if list.len() != m.columns.len() {
                out.push(problem(
                    format!("melee.rows[{i}].{side}"),
                    list.len(),
                    format!("one result per column ({})", m.columns.len()),
                ));
            }
            dst.push(melee_codes(&format!("melee.rows[{i}].{side}"), list, out));
        }
    }
}

/// One side's row of melee result codes, parsed (an unreadable code is listed and read as -).
fn melee_codes(field: &str, list: &[String], out: &mut Vec<Problem>) -> Vec<MeleeCode> {
    let mut row = Vec::new();
    for (j, c) in list.iter().enumerate() {
        match parse_melee_code(c) {
            Some(code) => row.push(code),
            None => {
                out.push(problem(
                    format!("{field}[{j}]"),
                    c,
                    "a melee result is -, K, Eng, Rpls, Rn or CnRn",
                ));
                row.push(MeleeCode::default());
            }
        }
    }
    row
}

impl Tables {
    /// The built-in tables (checked by the tests; a defect there is a build defect).
    pub fn builtin() -> Tables {
        Tables::load(None).expect("built-in gbacw tables are valid")
    }

    pub fn load(path: Option<&Path>) -> Result<Tables, TablesError> {
        load_tables(path, DEFAULT_TABLES, "assets/rules/gbacw.ron", check)
    }

    /// From a tables text (text, name), or the built-in one.
    pub fn from_text(text: Option<(&str, &str)>) -> Result<Tables, TablesError> {
        crate::rules::tables::tables_from(text, DEFAULT_TABLES, "assets/rules/gbacw.ron", check)
    }

    /// The fire column line's spans.
    pub fn fire_columns(&self, table: FireTable) -> &[Span] {
        match table {
            FireTable::SmallArms => &self.parsed.small_arms,
            FireTable::Grapeshot => &self.parsed.grapeshot,
        }
    }

    pub fn fire_headings(&self, table: FireTable) -> &[String] {
        match table {
            FireTable::SmallArms => &self.fcrt.small_arms,
            FireTable::Grapeshot => &self.fcrt.grapeshot,
        }
    }

    /// The column (0-based) a fire strength reads, before shifts.
    pub fn fire_column(&self, table: FireTable, strength: u32) -> usize {
        let cols = self.fire_columns(table);
        cols.iter()
            .position(|s| s.contains(strength))
            .unwrap_or(cols.len() - 1)
    }

    /// The density shift for SP in a hex (below the first row: the first row's shift).
    pub fn density_shift(&self, sp: u32) -> (usize, i32) {
        let rows = &self.parsed.density;
        match rows.iter().position(|(s, _)| s.contains(sp)) {
            Some(i) => (i, rows[i].1),
            None => (0, rows[0].1),
        }
    }

    /// Morale rating for a two-dice total on [13.15].
    pub fn elephant(&self, dice: u8) -> u8 {
        self.parsed.elephant[(dice.clamp(2, 12) - 2) as usize]
    }

    /// The melee column index of a clamped differential, and the clamped value.
    pub fn melee_column(&self, differential: i32) -> (usize, i32) {
        let cols = &self.melee.columns;
        let d = differential.clamp(cols[0], cols[cols.len() - 1]);
        ((d - cols[0]) as usize, d)
    }
}

/// The built-in tables' `movement` section (for a player's file written before it existed).
fn builtin_sequence() -> crate::rules::sequence::Sequence {
    crate::rules::sequence::builtin_section(super::DEFAULT_TABLES)
}

fn builtin_movement() -> crate::rules::movement::table::MoveTables {
    crate::rules::movement::table::builtin_section(super::DEFAULT_TABLES)
}
