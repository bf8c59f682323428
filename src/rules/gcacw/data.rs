//! The GCACW tables as data: `assets/rules/gcacw.ron`, embedded in the binary as the default
//! and overridable by a player's own file. Everything here is checked when it is read.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::attack::AttackType;
use crate::rules::cv::Cv;
use crate::rules::map::{Feature, RouteKind, Terrain};
use crate::rules::scenario::{Problem, from_ron};

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/gcacw.ron");

/// Breastworks built as an action (`Command::Special { action: "entrench" }`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrenchRules {
    /// The unit kinds that may entrench.
    pub kinds: Vec<crate::rules::unit::UnitKind>,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub ruleset: String,
    pub edition: String,
    pub combat_values: CombatValues,
    pub ratio_chart: Vec<RatioRow>,
    pub artillery: ArtilleryTable,
    pub flank: FlankTable,
    pub zoc: ZocRules,
    pub attacker_drms: Vec<DrmRow>,
    pub defender_drms: Vec<DrmRow>,
    pub crt: Crt,
    pub letters: Vec<LetterRow>,
    pub fatigue_max: u8,
    pub disorganized_cv: Vec<f64>,
    pub retreat: RetreatRules,
    /// Entrenching as an action (`None`: not allowed, e.g. a Basic Game without it).
    #[serde(default)]
    pub entrench: Option<EntrenchRules>,
    /// Parsed result codes, filled in by validation.
    #[serde(skip)]
    pub(crate) parsed: Parsed,
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

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatValues {
    pub defender_max: u32,
    pub defender_max_half_entrenched: u32,
    pub defender_max_all_entrenched: u32,
    pub attacker_max: u32,
    pub grand_assault_hex_max: u32,
    pub crt_defender_column_max: u32,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioRow {
    pub attacker: u32,
    pub defender: u32,
    pub modifier: i32,
    pub source: Source,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryTable {
    pub columns: Vec<Range>,
    pub rows: Vec<ArtilleryRow>,
    pub provisional_swamp_rain: String,
    pub provisional_swamp_dry: String,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub min: Option<i32>,
    pub max: Option<i32>,
}

impl Range {
    pub fn contains(&self, v: i32) -> bool {
        self.min.is_none_or(|m| v >= m) && self.max.is_none_or(|m| v <= m)
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (None, Some(m)) => write!(f, "{m:+} or less"),
            (Some(m), None) => write!(f, "{m:+} or more"),
            (Some(a), Some(b)) => write!(f, "{a:+} to {b:+}"),
            (None, None) => f.write_str("any"),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryRow {
    pub name: String,
    pub terrain: Vec<Terrain>,
    pub cells: Vec<ArtCell>,
}

/// A cell of the Artillery Modifier Summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ArtCell {
    /// No effect.
    NE,
    Fixed(i32),
    /// `*`: roll a die; even: the value, odd: no modifier.
    Star(i32),
    /// `†`: roll a die; even: the first value, odd: the second.
    Dagger(i32, i32),
}

impl ArtCell {
    /// (even, odd) modifiers and whether a die decides.
    pub fn values(self) -> (i32, i32, bool) {
        match self {
            ArtCell::NE => (0, 0, false),
            ArtCell::Fixed(v) => (v, v, false),
            ArtCell::Star(v) => (v, 0, true),
            ArtCell::Dagger(e, o) => (e, o, true),
        }
    }
}

impl fmt::Display for ArtCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArtCell::NE => f.write_str("NE"),
            ArtCell::Fixed(v) => write!(f, "{v:+}"),
            ArtCell::Star(v) => write!(f, "{v:+}*"),
            ArtCell::Dagger(e, o) => write!(f, "{e:+}/{o:+}†"),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlankTable {
    pub basic: Vec<i32>,
    pub max_reduction: u32,
    pub minimum_fraction: (u32, u32),
    pub river_hexsides: Vec<Feature>,
    pub river_crossings: Vec<Feature>,
    pub connecting_routes: Vec<RouteKind>,
    pub rain_creek_covers_unless: Vec<RouteKind>,
    pub rain_creek_reduces_unless: Vec<RouteKind>,
    pub woods_hexsides: Vec<Feature>,
    pub woods_routes: Vec<RouteKind>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZocRules {
    pub swamp_mountain_routes: Vec<RouteKind>,
    pub restricted_by: Vec<Feature>,
    pub restricted_unless_routes: Vec<RouteKind>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Source {
    Seed,
    Pub,
    Recon,
}

impl Source {
    pub fn mark(self) -> &'static str {
        match self {
            Source::Seed => "[seed]",
            Source::Pub => "[pub]",
            Source::Recon => "[recon]",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DrmWhen {
    AttackType(AttackType),
    MarchType(String),
    Rain,
    AllAttackersAcross(Vec<Feature>),
    DefenderIn {
        terrain: Terrain,
        attackers_also: Option<i32>,
    },
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrmRow {
    pub name: String,
    pub when: DrmWhen,
    pub value: i32,
    #[serde(default)]
    pub rain_value: Option<i32>,
    pub rule: String,
    pub source: Source,
    #[serde(default = "yes")]
    pub enabled: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crt {
    pub defender: CrtTable,
    pub attacker: CrtTable,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtTable {
    pub columns: Vec<u32>,
    pub rows: Vec<CrtRow>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtRow {
    pub x: i32,
    pub results: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    Disorganize,
    Retreat {
        min: u32,
        max: u32,
        rout: bool,
        demoralize: u8,
    },
    Advance,
    Fatigue(u8),
    /// A code the sources show without saying what it does: logged, not applied.
    Unknown,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LetterRow {
    pub letter: String,
    pub effect: Effect,
    pub note: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatRules {
    pub avoid_enemy_zoc: bool,
    pub preferred_routes: Vec<RouteKind>,
    pub impassable: Vec<Feature>,
    pub crossings: Vec<Feature>,
}

/// A CRT result, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultCode {
    /// As printed, `-` for no effect.
    pub code: String,
    pub loss: u32,
    /// The letters after the number, each with its effect.
    pub letters: Vec<(char, Effect)>,
}

impl ResultCode {
    pub fn retreat(&self) -> Option<(u32, u32, bool, u8)> {
        self.letters.iter().find_map(|(_, e)| match e {
            Effect::Retreat {
                min,
                max,
                rout,
                demoralize,
            } => Some((*min, *max, *rout, *demoralize)),
            _ => None,
        })
    }
    pub fn has(&self, want: &Effect) -> bool {
        self.letters.iter().any(|(_, e)| e == want)
    }
    pub fn fatigue(&self) -> u8 {
        self.letters
            .iter()
            .map(|(_, e)| match e {
                Effect::Fatigue(n) => *n,
                _ => 0,
            })
            .sum()
    }
}

/// Result codes decoded once at load: `[row][column]`, one grid per side.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub defender: Vec<Vec<ResultCode>>,
    pub attacker: Vec<Vec<ResultCode>>,
    pub disorganized_cv: Vec<Cv>,
}

use crate::rules::tables::TablesError;

impl Tables {
    /// The shipped tables.
    pub fn builtin() -> Tables {
        // The embedded file is checked by a unit test, so this cannot fail in a release.
        match Tables::parse(DEFAULT_TABLES, "<built-in gcacw.ron>") {
            Ok(t) => t,
            Err(e) => panic!("the built-in GCACW tables are invalid: {e}"),
        }
    }

    /// Read a player's rules file.
    pub fn load(path: &Path) -> Result<Tables, TablesError> {
        let text = std::fs::read_to_string(path).map_err(|source| TablesError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Tables::parse(&text, &path.display().to_string())
    }

    pub fn parse(text: &str, path: &str) -> Result<Tables, TablesError> {
        let mut t: Tables = from_ron(text).map_err(|e| TablesError::Syntax {
            path: path.to_string(),
            line: e.line,
            col: e.col,
            message: e.message,
        })?;
        t.check().map_err(|problems| TablesError::Invalid {
            path: path.to_string(),
            problems,
        })?;
        Ok(t)
    }

    pub fn defender_result(&self, row: usize, col: usize) -> &ResultCode {
        &self.parsed.defender[row][col]
    }

    pub fn attacker_result(&self, row: usize, col: usize) -> &ResultCode {
        &self.parsed.attacker[row][col]
    }

    /// CV of a disorganized marker with this manpower.
    pub fn disorganized_cv(&self, manpower: u32) -> Cv {
        let t = &self.parsed.disorganized_cv;
        let i = (manpower.max(1) as usize - 1).min(t.len() - 1);
        t[i]
    }

    /// The artillery row for a terrain, by the provisional-swamp rule for the weather.
    pub fn artillery_row(&self, terrain: Terrain, rain: bool) -> Option<&ArtilleryRow> {
        if terrain == Terrain::ProvisionalSwamp {
            let name = if rain {
                &self.artillery.provisional_swamp_rain
            } else {
                &self.artillery.provisional_swamp_dry
            };
            return self.artillery.rows.iter().find(|r| &r.name == name);
        }
        self.artillery
            .rows
            .iter()
            .find(|r| r.terrain.contains(&terrain))
    }

    /// Check every section in turn; a valid file also gets its result codes and disorganized
    /// CVs decoded.
    fn check(&mut self) -> Result<(), Vec<Problem>> {
        let mut p = Vec::new();
        self.check_header(&mut p);
        self.check_ratio_chart(&mut p);
        self.check_artillery(&mut p);
        self.check_flank(&mut p);
        self.check_drm_rows(&mut p);
        let letters = self.check_letters(&mut p);
        let mut parsed = Parsed::default();
        for (side, table, out) in [
            ("defender", &self.crt.defender, &mut parsed.defender),
            ("attacker", &self.crt.attacker, &mut parsed.attacker),
        ] {
            *out = check_crt(side, table, &letters, &mut p);
        }
        parsed.disorganized_cv = self.check_disorganized_cv(&mut p);
        if self.fatigue_max == 0 {
            bad(&mut p, "fatigue_max", "0".into(), "must be positive");
        }
        p.extend(self.computer.as_ref().and_then(|c| c.check()));

        if p.is_empty() {
            self.parsed = parsed;
            Ok(())
        } else {
            Err(p)
        }
    }

    /// The ruleset name, the movement and sequence sections and the 7.2 maxima.
    fn check_header(&self, p: &mut Vec<Problem>) {
        if self.ruleset != "gcacw" {
            bad(
                p,
                "ruleset",
                format!("{:?}", self.ruleset),
                "this file is not a GCACW rules file",
            );
        }
        for m in self.movement.check("movement") {
            bad(p, &m.field, m.value, &m.problem);
        }
        for (at, why) in self.sequence.problems() {
            bad(p, &at, String::new(), &why);
        }
        let cv = &self.combat_values;
        if cv.defender_max == 0 || cv.attacker_max == 0 || cv.grand_assault_hex_max == 0 {
            bad(p, "combat_values", String::new(), "maxima must be positive");
        }
    }

    /// 7.4 Ratio chart: strictly increasing ratios, non-decreasing modifiers.
    fn check_ratio_chart(&self, p: &mut Vec<Problem>) {
        if self.ratio_chart.is_empty() {
            bad(p, "ratio_chart", "[]".into(), "the chart is empty");
        }
        for (i, r) in self.ratio_chart.iter().enumerate() {
            if r.attacker == 0 || r.defender == 0 {
                bad(
                    p,
                    &format!("ratio_chart[{i}]"),
                    format!("{}:{}", r.attacker, r.defender),
                    "both sides of a ratio are at least 1",
                );
            }
            if i > 0 {
                let q = self.ratio_chart[i - 1];
                // q < r  <=>  q.a * r.d < r.a * q.d
                if u64::from(q.attacker) * u64::from(r.defender)
                    >= u64::from(r.attacker) * u64::from(q.defender)
                {
                    bad(
                        p,
                        &format!("ratio_chart[{i}]"),
                        format!("{}:{}", r.attacker, r.defender),
                        "ratios must be listed from worst to best",
                    );
                }
                if r.modifier < q.modifier {
                    bad(
                        p,
                        &format!("ratio_chart[{i}]"),
                        r.modifier.to_string(),
                        "a better ratio may not have a smaller modifier",
                    );
                }
            }
        }
    }

    /// 7.4 Artillery: contiguous columns covering every differential, full rows, each terrain
    /// in one row, and the provisional-swamp rows named.
    fn check_artillery(&self, p: &mut Vec<Problem>) {
        let cols = &self.artillery.columns;
        if cols.is_empty() || cols[0].min.is_some() || cols[cols.len() - 1].max.is_some() {
            bad(
                p,
                "artillery.columns",
                String::new(),
                "the first column must be open below (min: None) and the last open above (max: None)",
            );
        }
        for i in 1..cols.len() {
            match (cols[i - 1].max, cols[i].min) {
                (Some(a), Some(b)) if b == a + 1 => {}
                _ => bad(
                    p,
                    &format!("artillery.columns[{i}]"),
                    cols[i].to_string(),
                    "columns must follow each other without gaps or overlaps",
                ),
            }
        }
        for (i, row) in self.artillery.rows.iter().enumerate() {
            if row.cells.len() != cols.len() {
                bad(
                    p,
                    &format!("artillery.rows[{i}].cells"),
                    format!("{} cells", row.cells.len()),
                    &format!("the table has {} columns", cols.len()),
                );
            }
        }
        for t in Terrain::GCACW {
            if t != Terrain::ProvisionalSwamp
                && self
                    .artillery
                    .rows
                    .iter()
                    .filter(|r| r.terrain.contains(&t))
                    .count()
                    != 1
            {
                bad(
                    p,
                    "artillery.rows",
                    t.name().to_string(),
                    "each terrain must be in exactly one row",
                );
            }
        }
        for (f, name) in [
            (
                "artillery.provisional_swamp_rain",
                &self.artillery.provisional_swamp_rain,
            ),
            (
                "artillery.provisional_swamp_dry",
                &self.artillery.provisional_swamp_dry,
            ),
        ] {
            if !self.artillery.rows.iter().any(|r| &r.name == name) {
                bad(p, f, format!("{name:?}"), "no artillery row has this name");
            }
        }
    }

    /// Flank: the basic bonus for 0 to 6 covered hexes and the 1/4 condition's fraction.
    fn check_flank(&self, p: &mut Vec<Problem>) {
        if self.flank.basic.len() != 7 {
            bad(
                p,
                "flank.basic",
                format!("{} entries", self.flank.basic.len()),
                "give the basic bonus for 0 to 6 covered hexes (7 entries)",
            );
        }
        if self.flank.minimum_fraction.1 == 0 {
            bad(
                p,
                "flank.minimum_fraction",
                format!("{:?}", self.flank.minimum_fraction),
                "the denominator must be positive",
            );
        }
    }

    /// DRM rows: a hexside condition names at least one feature.
    fn check_drm_rows(&self, p: &mut Vec<Problem>) {
        for (list, rows) in [
            ("attacker_drms", &self.attacker_drms),
            ("defender_drms", &self.defender_drms),
        ] {
            for (i, r) in rows.iter().enumerate() {
                if let DrmWhen::AllAttackersAcross(fs) = &r.when
                    && fs.is_empty()
                {
                    bad(
                        p,
                        &format!("{list}[{i}].when"),
                        String::new(),
                        "list at least one hexside feature",
                    );
                }
            }
        }
    }

    /// Result letters: one character each, listed once, retreats of 1 <= min <= max. Gives the
    /// letters usable in CRT codes.
    fn check_letters(&self, p: &mut Vec<Problem>) -> Vec<(char, Effect)> {
        let mut letters: Vec<(char, Effect)> = Vec::new();
        for (i, l) in self.letters.iter().enumerate() {
            let mut chars = l.letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_ascii_digit() && c != '-' => {
                    if letters.iter().any(|(x, _)| *x == c) {
                        bad(
                            p,
                            &format!("letters[{i}].letter"),
                            format!("{:?}", l.letter),
                            "the letter is listed twice",
                        );
                    }
                    if let Effect::Retreat { min, max, .. } = l.effect
                        && (min == 0 || min > max)
                    {
                        bad(
                            p,
                            &format!("letters[{i}].effect"),
                            format!("{min}..{max}"),
                            "a retreat needs 1 <= min <= max",
                        );
                    }
                    letters.push((c, l.effect.clone()));
                }
                _ => bad(
                    p,
                    &format!("letters[{i}].letter"),
                    format!("{:?}", l.letter),
                    "one character, not a digit or '-'",
                ),
            }
        }
        letters
    }

    /// The disorganized CV table: per manpower from 1, a CV of 1/2 or more in halves, at most
    /// the manpower. Gives the CVs that are valid.
    fn check_disorganized_cv(&self, p: &mut Vec<Problem>) -> Vec<Cv> {
        let mut out = Vec::new();
        if self.disorganized_cv.is_empty() {
            bad(p, "disorganized_cv", "[]".into(), "the table is empty");
        }
        for (i, v) in self.disorganized_cv.iter().enumerate() {
            match Cv::from_f64(*v) {
                Some(c) if c.halves() > 0 && c <= Cv::whole(i as u32 + 1) => out.push(c),
                _ => bad(
                    p,
                    &format!("disorganized_cv[{i}]"),
                    v.to_string(),
                    &format!(
                        "a CV of 1/2 or more in halves, at most the manpower {}",
                        i + 1
                    ),
                ),
            }
        }
        out
    }
}

/// Record a problem with the rules file.
fn bad(p: &mut Vec<Problem>, field: &str, value: String, problem: &str) {
    p.push(Problem {
        field: field.to_string(),
        value,
        problem: problem.to_string(),
    })
}

/// One side's CRT (§6): columns from 1 upwards, rows one differential apart, a result per
/// column. Gives the decoded results, `[row][column]`.
fn check_crt(
    side: &str,
    table: &CrtTable,
    letters: &[(char, Effect)],
    p: &mut Vec<Problem>,
) -> Vec<Vec<ResultCode>> {
    if table.columns.is_empty() || table.columns[0] > 1 {
        bad(
            p,
            &format!("crt.{side}.columns"),
            format!("{:?}", table.columns),
            "the first column must start at 1 (it holds 1/2 too)",
        );
    }
    if table.columns.windows(2).any(|w| w[0] >= w[1]) {
        bad(
            p,
            &format!("crt.{side}.columns"),
            format!("{:?}", table.columns),
            "columns must increase",
        );
    }
    if table.rows.is_empty() {
        bad(
            p,
            &format!("crt.{side}.rows"),
            "[]".into(),
            "the table has no rows",
        );
    }
    let mut out = Vec::new();
    for (i, row) in table.rows.iter().enumerate() {
        if i > 0 && row.x != table.rows[i - 1].x + 1 {
            bad(
                p,
                &format!("crt.{side}.rows[{i}].x"),
                row.x.to_string(),
                "rows must follow each other one differential apart",
            );
        }
        if row.results.len() != table.columns.len() {
            bad(
                p,
                &format!("crt.{side}.rows[{i}].results"),
                format!("{} results", row.results.len()),
                &format!("the table has {} columns", table.columns.len()),
            );
        }
        let mut out_row = Vec::new();
        for (j, code) in row.results.iter().enumerate() {
            match parse_code(code, letters) {
                Ok(c) => out_row.push(c),
                Err(e) => bad(
                    p,
                    &format!("crt.{side}.rows[{i}].results[{j}]"),
                    format!("{code:?}"),
                    &e,
                ),
            }
        }
        out.push(out_row);
    }
    out
}

fn parse_code(code: &str, letters: &[(char, Effect)]) -> Result<ResultCode, String> {
    let trimmed = code.trim();
    if trimmed == "-" {
        return Ok(ResultCode {
            code: "-".into(),
            loss: 0,
            letters: Vec::new(),
        });
    }
    if trimmed.is_empty() {
        return Err("empty result; write \"-\" for no effect".into());
    }
    let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
    let loss = if digits.is_empty() {
        0
    } else {
        digits
            .parse::<u32>()
            .map_err(|_| "the loss is too large".to_string())?
    };
    let mut out = Vec::new();
    for c in trimmed[digits.len()..].chars() {
        match letters.iter().find(|(l, _)| *l == c) {
            Some((_, e)) => out.push((c, e.clone())),
            None => return Err(format!("unknown letter {c:?}: add it to `letters`")),
        }
    }
    Ok(ResultCode {
        code: trimmed.to_string(),
        loss,
        letters: out,
    })
}

/// The built-in tables' `movement` section (for a player's file written before it existed).
fn builtin_movement() -> crate::rules::movement::table::MoveTables {
    crate::rules::movement::table::builtin_section(DEFAULT_TABLES)
}

/// The built-in tables' `sequence` section (for a player's file written before it existed).
fn builtin_sequence() -> crate::rules::sequence::Sequence {
    crate::rules::sequence::builtin_section(DEFAULT_TABLES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_are_valid() {
        let t = Tables::parse(DEFAULT_TABLES, "gcacw.ron").unwrap();
        assert_eq!(t.ratio_chart.len(), 26);
        assert_eq!(t.ratio_chart[0].modifier, -12); // 7.4: "from -12 to +13"
        assert_eq!(t.ratio_chart[25].modifier, 13);
        assert_eq!(t.crt.defender.rows.len(), 17);
        assert_eq!(t.crt.attacker.rows.len(), 19);
        assert_eq!(t.disorganized_cv(1), Cv::from_halves(1));
        assert_eq!(t.disorganized_cv(9), Cv::from_halves(9));
        assert_eq!(t.disorganized_cv(500), Cv::whole(35));
    }

    #[test]
    fn result_codes_decode() {
        let t = Tables::builtin();
        // Defender row +4 (index 10), column 4-6: "1DR".
        let c = t.defender_result(10, 1);
        assert_eq!(c.code, "1DR");
        assert_eq!(c.loss, 1);
        assert!(c.has(&Effect::Disorganize));
        assert_eq!(c.retreat(), Some((4, 6, true, 1)));
        let f = t.defender_result(4, 0);
        assert_eq!((f.code.as_str(), f.fatigue()), ("f", 1));
        let none = t.defender_result(0, 0);
        assert_eq!((none.loss, none.letters.len()), (0, 0));
    }

    #[test]
    fn bad_rules_file_names_the_place() {
        let broken = DEFAULT_TABLES.replace("basic: [0, 0, 0, 0, 0, 2, 4]", "basic: [0, 0, 4]");
        let e = Tables::parse(&broken, "mine.ron").unwrap_err().to_string();
        assert!(e.starts_with("mine.ron: flank.basic"), "{e}");
        let broken = DEFAULT_TABLES.replace("\"1Fa\"", "\"1Qa\"");
        let e = Tables::parse(&broken, "mine.ron").unwrap_err().to_string();
        assert!(
            e.contains("crt.attacker.rows[11].results[3]") && e.contains("unknown letter 'Q'"),
            "{e}"
        );
        let broken = DEFAULT_TABLES.replace("max_reduction: 3", "max_reduktion: 3");
        let e = Tables::parse(&broken, "mine.ron").unwrap_err().to_string();
        assert!(
            e.starts_with("mine.ron:") && e.contains("max_reduktion"),
            "{e}"
        );
        let broken = DEFAULT_TABLES.replace(
            "(min: Some(5),  max: Some(7))",
            "(min: Some(6),  max: Some(7))",
        );
        let e = Tables::parse(&broken, "mine.ron").unwrap_err().to_string();
        assert!(e.contains("artillery.columns[3]"), "{e}");
    }
}
