//! Everything about an attack that does not depend on the dice: who takes part, combat values
//! and their maxima (7.2), the ratio and artillery modifiers (7.4), the flank bonus, tactical
//! values and the other die roll modifiers (gcacw-tables.md §5). The one function
//! [`Assessment::outcome`] turns dice into a result; the odds enumerate it and the resolution
//! calls it with the rolled dice.

use crate::rules::attack::{AttackError, AttackRequest, AttackType, ModValue, ModifierLine, Role};
use crate::rules::cv::Cv;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::{HexsideInfo, Terrain, Weather};
use crate::rules::ruleset::check_attackers;
use crate::rules::unit::{SideId, UnitIdx};

use super::Gcacw;
use super::data::{self, ArtCell, DrmRow, DrmWhen, ResultCode, Source};
use super::flank::{Flank, flank};

/// The artillery modifier, before the extra die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artillery {
    pub attacker: u32,
    pub defender: u32,
    pub differential: i32,
    /// The row used, e.g. `Woods/City`; empty when no artillery is present.
    pub row: String,
    pub column: Option<usize>,
    pub cell: ArtCell,
    pub even: i32,
    pub odd: i32,
    /// Whether an extra die decides the modifier.
    pub die: bool,
    pub detail: String,
}

/// A die roll modifier row that applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppliedRow {
    pub name: String,
    pub value: i32,
    pub rule: String,
    pub detail: String,
}

/// The dice-independent facts of an attack.
#[derive(Clone, Debug)]
pub struct Assessment {
    pub kind: AttackType,
    pub attacker_side: SideId,
    pub defender_side: SideId,
    pub defender_hex: Coord,
    /// Attacking combat units, in the order named.
    pub attackers: Vec<UnitIdx>,
    /// Leaders named as attackers or stacked with an attacking unit.
    pub attacker_leaders: Vec<UnitIdx>,
    /// Combat units in the defending hex.
    pub defenders: Vec<UnitIdx>,
    pub defender_leaders: Vec<UnitIdx>,
    /// Hexes the attacking units are in, each with its CV sum.
    pub attacker_hexes: Vec<(Coord, Cv)>,
    pub attacker_cv_sum: Cv,
    pub attacker_cv: Cv,
    pub attacker_cap_note: Option<String>,
    pub defender_cv_sum: Cv,
    pub defender_cv: Cv,
    pub defender_cap: u32,
    pub defender_cap_note: String,
    pub defender_crt_cv: Cv,
    pub ratio: (u32, u32),
    pub ratio_row: usize,
    pub ratio_modifier: i32,
    pub artillery: Artillery,
    pub flank: Flank,
    pub tactical_attacker: (i32, String),
    pub tactical_defender: (i32, String),
    pub tactical: i32,
    pub attacker_rows: Vec<AppliedRow>,
    pub defender_rows: Vec<AppliedRow>,
    /// Total attacker modifier for an even / odd extra die (equal when no die is needed).
    pub attacker_drm_even: i32,
    pub attacker_drm_odd: i32,
    pub defender_drm: i32,
    /// CRT columns.
    pub attacker_column: usize,
    pub defender_column: usize,
    pub attacker_manpower: u32,
    pub defender_manpower: u32,
}

/// What the dice give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub differential: i32,
    pub attacker_row: usize,
    pub defender_row: usize,
}

/// The attack type for a request: the one given, checked, or the default (gcacw odds contract:
/// march for one attacking unit, assault for several in one hex; several hexes need grand).
pub fn attack_type(game: &Game, req: &AttackRequest) -> Result<AttackType, AttackError> {
    let combat: Vec<UnitIdx> = req
        .attackers
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    let mut hexes: Vec<Coord> = combat.iter().filter_map(|u| game.unit(*u).hex).collect();
    hexes.sort();
    hexes.dedup();
    if let Some(k @ (AttackType::Fire | AttackType::Melee | AttackType::Combat)) = req.kind {
        return Err(AttackError::WrongType {
            ruleset: "gcacw",
            kind: k.name(),
            types: "march, assault, grand".into(),
        });
    }
    if let Some(key) = req.options.keys().next() {
        return Err(AttackError::BadOption(format!(
            "ruleset gcacw takes no attack options (got {key:?})"
        )));
    }
    match req.kind {
        Some(AttackType::March) if combat.len() > 1 => {
            Err(AttackError::MarchWithSeveral(combat.len()))
        }
        Some(AttackType::Assault) if hexes.len() > 1 => Err(AttackError::SeveralHexes(hexes.len())),
        Some(k) => Ok(k),
        None if hexes.len() > 1 => Err(AttackError::SeveralHexes(hexes.len())),
        None if combat.len() > 1 => Ok(AttackType::Assault),
        None => Ok(AttackType::March),
    }
}

/// Who takes part in an attack, and the type of attack.
struct Participants<'a> {
    kind: AttackType,
    attacker_side: SideId,
    defender_side: SideId,
    defender_hex: Coord,
    /// Every unit in the defending hex, leaders included.
    in_hex: &'a [UnitIdx],
    attackers: Vec<UnitIdx>,
    attacker_leaders: Vec<UnitIdx>,
    defenders: Vec<UnitIdx>,
    defender_leaders: Vec<UnitIdx>,
    attacker_hexes: Vec<(Coord, Cv)>,
}

/// The combat values (7.2): the sums and the values after the maxima.
struct CombatValues {
    attacker_cv_sum: Cv,
    attacker_cv: Cv,
    attacker_cap_note: Option<String>,
    defender_cv_sum: Cv,
    defender_cv: Cv,
    defender_cap: u32,
    defender_cap_note: String,
    defender_crt_cv: Cv,
}

/// The ratio modifier (7.4): the chart row, the ratio it lists and its modifier.
struct RatioModifier {
    row: usize,
    ratio: (u32, u32),
    modifier: i32,
}

impl Assessment {
    pub fn new(rules: &Gcacw, game: &Game, req: &AttackRequest) -> Result<Assessment, AttackError> {
        let t = &rules.tables;
        let p = participants(rules, game, req)?;
        let dhex = p.defender_hex;
        let cv = combat_values(&t.combat_values, game, &p);
        let ratio = ratio_modifier(rules, cv.attacker_cv, cv.defender_cv);
        let artillery = artillery_modifier(rules, game, &p);
        let flank = flank(
            rules,
            game,
            dhex,
            p.attacker_side,
            p.defender_side,
            cv.defender_cv,
        );
        let (tactical_attacker, tactical_defender) = tactical_values(game, &p);
        let tactical = tactical_attacker.0 - tactical_defender.0;
        let facts = RowFacts::new(game, req, &p);
        let attacker_rows = facts.apply(&t.attacker_drms);
        let defender_rows = facts.apply(&t.defender_drms);
        let fixed: i32 = ratio.modifier
            + flank.final_bonus
            + tactical
            + attacker_rows.iter().map(|r| r.value).sum::<i32>();
        let defender_drm = defender_rows.iter().map(|r| r.value).sum();

        Ok(Assessment {
            kind: p.kind,
            attacker_side: p.attacker_side,
            defender_side: p.defender_side,
            defender_hex: dhex,
            attacker_manpower: p.attackers.iter().map(|u| game.unit(*u).manpower).sum(),
            defender_manpower: p.defenders.iter().map(|u| game.unit(*u).manpower).sum(),
            attackers: p.attackers,
            attacker_leaders: p.attacker_leaders,
            defenders: p.defenders,
            defender_leaders: p.defender_leaders,
            attacker_hexes: p.attacker_hexes,
            attacker_cv_sum: cv.attacker_cv_sum,
            attacker_cv: cv.attacker_cv,
            attacker_cap_note: cv.attacker_cap_note,
            defender_cv_sum: cv.defender_cv_sum,
            defender_cv: cv.defender_cv,
            defender_cap: cv.defender_cap,
            defender_cap_note: cv.defender_cap_note,
            defender_crt_cv: cv.defender_crt_cv,
            ratio: ratio.ratio,
            ratio_row: ratio.row,
            ratio_modifier: ratio.modifier,
            attacker_drm_even: fixed + artillery.even,
            attacker_drm_odd: fixed + artillery.odd,
            artillery,
            flank,
            tactical_attacker,
            tactical_defender,
            tactical,
            attacker_rows,
            defender_rows,
            defender_drm,
            attacker_column: crt_column(&t.crt.attacker.columns, cv.attacker_cv),
            defender_column: crt_column(&t.crt.defender.columns, cv.defender_crt_cv),
        })
    }

    /// The result of the dice: the artillery die (ignored unless the artillery cell needs it),
    /// the attacker's die and the defender's die. The odds enumerate this function; the
    /// resolution calls it with the rolled dice.
    pub fn outcome(
        &self,
        rules: &Gcacw,
        artillery_die: u8,
        attacker_die: u8,
        defender_die: u8,
    ) -> Outcome {
        let drm = if !self.artillery.die || artillery_die.is_multiple_of(2) {
            self.attacker_drm_even
        } else {
            self.attacker_drm_odd
        };
        let x = (i32::from(attacker_die) + drm) - (i32::from(defender_die) + self.defender_drm);
        let row = |rows: &[super::data::CrtRow]| {
            let lo = rows[0].x;
            let hi = rows[rows.len() - 1].x;
            (x.clamp(lo, hi) - lo) as usize
        };
        Outcome {
            differential: x,
            attacker_row: row(&rules.tables.crt.attacker.rows),
            defender_row: row(&rules.tables.crt.defender.rows),
        }
    }

    pub fn attacker_result<'a>(&self, rules: &'a Gcacw, o: &Outcome) -> &'a ResultCode {
        rules
            .tables
            .attacker_result(o.attacker_row, self.attacker_column)
    }

    pub fn defender_result<'a>(&self, rules: &'a Gcacw, o: &Outcome) -> &'a ResultCode {
        rules
            .tables
            .defender_result(o.defender_row, self.defender_column)
    }

    /// Every modifier as a line of the breakdown.
    pub fn lines(&self, rules: &Gcacw, game: &Game) -> Vec<ModifierLine> {
        let mut v = Vec::new();
        let source = rules.tables.ratio_chart[self.ratio_row].source;
        let recon_ratio = if source == Source::Seed {
            String::new()
        } else {
            format!(" {}", source.mark())
        };
        v.push(ModifierLine {
            role: Role::Attacker,
            name: "Ratio".into(),
            value: ModValue::Fixed(self.ratio_modifier),
            detail: format!(
                "{} : {} reads {}:{}",
                self.attacker_cv, self.defender_cv, self.ratio.0, self.ratio.1
            ),
            rule: format!("7.4 Ratio Chart{recon_ratio}"),
        });
        v.push(ModifierLine {
            role: Role::Attacker,
            name: "Artillery".into(),
            value: if self.artillery.die {
                ModValue::ByDie {
                    even: self.artillery.even,
                    odd: self.artillery.odd,
                }
            } else {
                ModValue::Fixed(self.artillery.even)
            },
            detail: self.artillery.detail.clone(),
            rule: "7.4 Artillery Modifier Summary".into(),
        });
        let basic_recon = if self.flank.covered.len() == 5 {
            " [recon: basic +2 for 5]"
        } else {
            ""
        };
        v.push(ModifierLine {
            role: Role::Attacker,
            name: "Flank".into(),
            value: ModValue::Fixed(self.flank.final_bonus),
            detail: self.flank.summary(game),
            rule: format!("Flank attacks, steps 1-4{basic_recon}"),
        });
        v.push(ModifierLine {
            role: Role::Attacker,
            name: "Tactical".into(),
            value: ModValue::Fixed(self.tactical),
            detail: format!(
                "{} ({}) - {} ({})",
                self.tactical_attacker.0,
                self.tactical_attacker.1,
                self.tactical_defender.0,
                self.tactical_defender.1
            ),
            rule: "charts v1.4: attacker's highest tactical value minus defender's [pub]".into(),
        });
        for r in &self.attacker_rows {
            v.push(ModifierLine {
                role: Role::Attacker,
                name: r.name.clone(),
                value: ModValue::Fixed(r.value),
                detail: r.detail.clone(),
                rule: r.rule.clone(),
            });
        }
        for r in &self.defender_rows {
            v.push(ModifierLine {
                role: Role::Defender,
                name: r.name.clone(),
                value: ModValue::Fixed(r.value),
                detail: r.detail.clone(),
                rule: r.rule.clone(),
            });
        }
        v
    }
}

/// Who takes part: the attacking units (checked adjacent), the defending hex's units, the
/// leaders of both sides and the attack type.
fn participants<'a>(
    rules: &Gcacw,
    game: &'a Game,
    req: &AttackRequest,
) -> Result<Participants<'a>, AttackError> {
    let attacker_side = check_attackers(game, &req.attackers)?;
    let dhex = req.defender;
    let (defender_side, in_hex) = defending_hex(game, req, attacker_side)?;
    let defenders: Vec<UnitIdx> = in_hex
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    let defender_leaders: Vec<UnitIdx> = in_hex
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_leader())
        .collect();
    if defenders.is_empty() {
        return Err(AttackError::NoCombatDefender(game.label(dhex)));
    }
    check_adjacent(game, req)?;
    let attackers: Vec<UnitIdx> = req
        .attackers
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    if attackers.is_empty() {
        return Err(AttackError::ZeroCv);
    }
    let kind = attack_type(game, req)?;
    if let Some(mt) = &req.march_type {
        check_march_type(rules, kind, mt)?;
    }
    let attacker_hexes = attacker_hexes(game, &attackers, dhex);
    let attacker_leaders = attacker_leaders(game, req, attacker_side, &attacker_hexes);
    Ok(Participants {
        kind,
        attacker_side,
        defender_side,
        defender_hex: dhex,
        in_hex,
        attackers,
        attacker_leaders,
        defenders,
        defender_leaders,
        attacker_hexes,
    })
}

/// The defending hex: on the map, holding units of the other side. Gives that side and the
/// units in the hex.
fn defending_hex<'a>(
    game: &'a Game,
    req: &AttackRequest,
    attacker_side: SideId,
) -> Result<(SideId, &'a [UnitIdx]), AttackError> {
    let dhex = req.defender;
    let label = |c: Coord| game.label(c);
    if !game.map().contains(dhex) {
        return Err(AttackError::BadHex(format!(
            "the defending hex {} is off the map",
            label(dhex)
        )));
    }
    let in_hex = game.units_at(dhex);
    if in_hex.is_empty() {
        return Err(AttackError::EmptyHex(label(dhex)));
    }
    let defender_side = game.unit(in_hex[0]).side;
    if defender_side == attacker_side {
        return Err(AttackError::SameSide {
            unit: game.unit(req.attackers[0]).id.clone(),
            hex: label(dhex),
            side: game.scenario.side_name(attacker_side).to_string(),
        });
    }
    Ok((defender_side, in_hex))
}

/// Every named attacker, leaders included, must be adjacent to the defending hex.
fn check_adjacent(game: &Game, req: &AttackRequest) -> Result<(), AttackError> {
    let dhex = req.defender;
    for &u in &req.attackers {
        let unit = game.unit(u);
        let from = unit.hex.unwrap_or(dhex);
        if !from.is_adjacent(dhex) {
            return Err(AttackError::NotAdjacent {
                unit: unit.id.clone(),
                from: game.label(from),
                hex: game.label(dhex),
            });
        }
    }
    Ok(())
}

/// A declared march type: only for a march attack, and only one the rules switch on.
fn check_march_type(rules: &Gcacw, kind: AttackType, mt: &str) -> Result<(), AttackError> {
    if kind != AttackType::March {
        return Err(AttackError::MarchTypeNotMarch);
    }
    let enabled: Vec<&str> = rules
        .tables
        .attacker_drms
        .iter()
        .filter(|r| r.enabled)
        .filter_map(|r| match &r.when {
            DrmWhen::MarchType(n) => Some(n.as_str()),
            _ => None,
        })
        .collect();
    if !enabled.contains(&mt) {
        return Err(AttackError::UnknownMarchType(
            mt.to_string(),
            if enabled.is_empty() {
                "none (switch rows on in the rules file)".into()
            } else {
                enabled.join(", ")
            },
        ));
    }
    Ok(())
}

/// The hexes the attacking units are in, in the order first named, each with its CV sum.
fn attacker_hexes(game: &Game, attackers: &[UnitIdx], dhex: Coord) -> Vec<(Coord, Cv)> {
    let mut out: Vec<(Coord, Cv)> = Vec::new();
    for &u in attackers {
        let unit = game.unit(u);
        let h = unit.hex.unwrap_or(dhex);
        match out.iter_mut().find(|(c, _)| *c == h) {
            Some((_, cv)) => *cv += unit.cv,
            None => out.push((h, unit.cv)),
        }
    }
    out
}

/// The leaders named as attackers, then those stacked with an attacking unit.
fn attacker_leaders(
    game: &Game,
    req: &AttackRequest,
    attacker_side: SideId,
    attacker_hexes: &[(Coord, Cv)],
) -> Vec<UnitIdx> {
    let mut out: Vec<UnitIdx> = req
        .attackers
        .iter()
        .copied()
        .filter(|u| game.unit(*u).is_leader())
        .collect();
    for (h, _) in attacker_hexes {
        for &u in game.units_at(*h) {
            let unit = game.unit(u);
            if unit.is_leader() && unit.side == attacker_side && !out.contains(&u) {
                out.push(u);
            }
        }
    }
    out
}

/// 7.2 Combat values and maxima.
fn combat_values(cvt: &data::CombatValues, game: &Game, p: &Participants) -> CombatValues {
    let attacker_cv_sum: Cv = p.attackers.iter().map(|u| game.unit(*u).cv).sum();
    let (attacker_cv, attacker_cap_note) =
        attacker_maximum(cvt, game, p.kind, attacker_cv_sum, &p.attacker_hexes);
    let defender_cv_sum: Cv = p.defenders.iter().map(|u| game.unit(*u).cv).sum();
    let (defender_cap, defender_cap_note) = defender_maximum(cvt, game, &p.defenders);
    CombatValues {
        attacker_cv_sum,
        attacker_cv,
        attacker_cap_note,
        defender_cv_sum,
        defender_cv: defender_cv_sum.min(Cv::whole(defender_cap)),
        defender_cap,
        defender_cap_note,
        defender_crt_cv: defender_cv_sum.min(Cv::whole(cvt.crt_defender_column_max)),
    }
}

/// 7.2 The attacker's maximum: the whole attack's, or in a grand assault each hex's. Gives the
/// capped CV and a note when a cap bit.
fn attacker_maximum(
    cvt: &data::CombatValues,
    game: &Game,
    kind: AttackType,
    attacker_cv_sum: Cv,
    attacker_hexes: &[(Coord, Cv)],
) -> (Cv, Option<String>) {
    match kind {
        AttackType::Grand => {
            let cap = Cv::whole(cvt.grand_assault_hex_max);
            let capped: Cv = attacker_hexes.iter().map(|(_, cv)| (*cv).min(cap)).sum();
            let note = attacker_hexes
                .iter()
                .filter(|(_, cv)| *cv > cap)
                .map(|(h, cv)| {
                    format!(
                        "{} {} capped at {}",
                        game.label(*h),
                        cv,
                        cvt.grand_assault_hex_max
                    )
                })
                .collect::<Vec<_>>();
            (capped, (!note.is_empty()).then(|| note.join(", ")))
        }
        _ => {
            let cap = Cv::whole(cvt.attacker_max);
            (
                attacker_cv_sum.min(cap),
                (attacker_cv_sum > cap)
                    .then(|| format!("{} capped at {}", attacker_cv_sum, cvt.attacker_max)),
            )
        }
    }
}

/// 7.2 The defender's maximum, by how many of the defending infantry units are entrenched
/// (reading 4), with its note.
fn defender_maximum(cvt: &data::CombatValues, game: &Game, defenders: &[UnitIdx]) -> (u32, String) {
    let infantry: Vec<super::state::Gu> = defenders
        .iter()
        .map(|u| super::state::gu(game, *u))
        .filter(|u| u.kind == crate::rules::unit::UnitKind::Infantry)
        .collect();
    let entrenched = infantry.iter().filter(|u| u.own.entrenched).count();
    if !infantry.is_empty() && entrenched == infantry.len() {
        (
            cvt.defender_max_all_entrenched,
            format!(
                "all {} infantry entrenched: max {}",
                infantry.len(),
                cvt.defender_max_all_entrenched
            ),
        )
    } else if !infantry.is_empty() && 2 * entrenched >= infantry.len() {
        (
            cvt.defender_max_half_entrenched,
            format!(
                "{entrenched} of {} infantry entrenched: max {}",
                infantry.len(),
                cvt.defender_max_half_entrenched
            ),
        )
    } else {
        (cvt.defender_max, format!("max {}", cvt.defender_max))
    }
}

/// 7.4 Ratio: the largest listed ratio not above attacker:defender.
fn ratio_modifier(rules: &Gcacw, attacker_cv: Cv, defender_cv: Cv) -> RatioModifier {
    let chart = &rules.tables.ratio_chart;
    let (a, d) = (
        u64::from(attacker_cv.halves()),
        u64::from(defender_cv.halves()),
    );
    let row = chart
        .iter()
        .rposition(|r| u64::from(r.attacker) * d <= a * u64::from(r.defender))
        .unwrap_or(0);
    let rr = chart[row];
    RatioModifier {
        row,
        ratio: (rr.attacker, rr.defender),
        modifier: rr.modifier,
    }
}

/// 7.4 Artillery: the differential's column in the defender's terrain row; no artillery on
/// either side gives no modifier, and with none on the defender's a negative one becomes NE.
fn artillery_modifier(rules: &Gcacw, game: &Game, p: &Participants) -> Artillery {
    let t = &rules.tables;
    let rain = game.weather() == Weather::Rain;
    let art = |u: &UnitIdx| super::state::unit(game, *u).artillery;
    let art_a: u32 = p.attackers.iter().map(art).sum();
    let art_d: u32 = p.defenders.iter().map(art).sum();
    let differential = art_a as i32 - art_d as i32;
    let terrain = game.map().terrain(p.defender_hex).unwrap_or(Terrain::Clear);
    if art_a == 0 && art_d == 0 {
        return Artillery {
            attacker: 0,
            defender: 0,
            differential: 0,
            row: String::new(),
            column: None,
            cell: ArtCell::NE,
            even: 0,
            odd: 0,
            die: false,
            detail: "no artillery on either side: no modifier".into(),
        };
    }
    let row = t.artillery_row(terrain, rain);
    let column = t
        .artillery
        .columns
        .iter()
        .position(|c| c.contains(differential));
    let cell = match (row, column) {
        (Some(r), Some(c)) => r.cells.get(c).copied().unwrap_or(ArtCell::NE),
        _ => ArtCell::NE,
    };
    let (mut even, mut odd, die) = cell.values();
    let mut detail = format!(
        "differential {art_a}-{art_d} = {differential:+}, {} ({}), column {}: {}",
        terrain.name(),
        row.map_or("?", |r| r.name.as_str()),
        column.map_or("?".to_string(), |c| t.artillery.columns[c].to_string()),
        cell
    );
    if art_d == 0 && (even < 0 || odd < 0) {
        even = even.max(0);
        odd = odd.max(0);
        detail.push_str("; defender has no artillery: negative becomes NE");
    }
    let die = die && even != odd;
    if die {
        detail.push_str(&format!("; extra die: even {even:+}, odd {odd:+}"));
    }
    Artillery {
        attacker: art_a,
        defender: art_d,
        differential,
        row: row.map_or(String::new(), |r| r.name.clone()),
        column,
        cell,
        even,
        odd,
        die,
        detail,
    }
}

/// Tactical: best among the attacking units and their leaders, and the defending hex's best
/// (a leader's defensive value when it has one). Flankers that do not attack add nothing (flank
/// "Restrictions").
fn tactical_values(game: &Game, p: &Participants) -> ((i32, String), (i32, String)) {
    let attacker = best_tactical(p.attackers.iter().chain(&p.attacker_leaders).map(|u| {
        (
            super::state::unit(game, *u).tactical,
            game.unit(*u).name.as_str(),
        )
    }));
    let defender = best_tactical(p.in_hex.iter().map(|u| {
        (
            super::state::unit(game, *u).defence_tactical(),
            game.unit(*u).name.as_str(),
        )
    }));
    (attacker, defender)
}

/// The highest value with its unit's name (ties: the first); `(0, "")` for none.
fn best_tactical<'a>(units: impl Iterator<Item = (i32, &'a str)>) -> (i32, String) {
    let mut b: Option<(i32, String)> = None;
    for (v, n) in units {
        match &b {
            Some((bv, _)) if *bv >= v => {}
            _ => b = Some((v, n.to_string())),
        }
    }
    b.unwrap_or((0, String::new()))
}

/// A CRT column: the last whose lower bound is not above the CV rounded up (at least 1).
fn crt_column(cols: &[u32], cv: Cv) -> usize {
    cols.iter()
        .rposition(|c| *c <= cv.ceil().max(1))
        .unwrap_or(0)
}

/// What the die roll modifier rows of the rules data look at (gcacw-tables.md §5). Only
/// attacking units count (flank "Restrictions": flankers do not trigger terrain modifiers).
struct RowFacts<'a> {
    game: &'a Game,
    kind: AttackType,
    march_type: Option<&'a str>,
    rain: bool,
    /// The defending hex's terrain.
    terrain: Terrain,
    attackers: &'a [UnitIdx],
    /// Each attacking unit's hexside with the defending hex.
    sides: Vec<&'a HexsideInfo>,
}

impl<'a> RowFacts<'a> {
    fn new(game: &'a Game, req: &'a AttackRequest, p: &'a Participants) -> Self {
        let map = game.map();
        let dhex = p.defender_hex;
        RowFacts {
            game,
            kind: p.kind,
            march_type: req.march_type.as_deref(),
            rain: game.weather() == Weather::Rain,
            terrain: map.terrain(dhex).unwrap_or(Terrain::Clear),
            attackers: &p.attackers,
            sides: p
                .attackers
                .iter()
                .map(|u| map.side_between(game.unit(*u).hex.unwrap_or(dhex), dhex))
                .collect(),
        }
    }

    /// The enabled rows that apply, in the order listed.
    fn apply(&self, rows: &[DrmRow]) -> Vec<AppliedRow> {
        let mut out = Vec::new();
        for r in rows.iter().filter(|r| r.enabled) {
            if let Some((value, detail)) = self.hit(r) {
                out.push(AppliedRow {
                    name: r.name.clone(),
                    value,
                    rule: format!(
                        "{}{}",
                        r.rule,
                        if r.source == Source::Seed {
                            String::new()
                        } else {
                            format!(" {}", r.source.mark())
                        }
                    ),
                    detail,
                });
            }
        }
        out
    }

    /// The value and the reason of a row whose condition holds.
    fn hit(&self, r: &DrmRow) -> Option<(i32, String)> {
        let (kind, rain) = (self.kind, self.rain);
        let base = if rain {
            r.rain_value.unwrap_or(r.value)
        } else {
            r.value
        };
        match &r.when {
            DrmWhen::AttackType(k) => (*k == kind).then(|| (base, kind.to_string())),
            DrmWhen::MarchType(n) => (kind == AttackType::March
                && self.march_type == Some(n.as_str()))
            .then(|| (base, format!("declared {n}"))),
            DrmWhen::Rain => rain.then(|| (base, "rain turn".to_string())),
            DrmWhen::AllAttackersAcross(fs) => {
                self.sides.iter().all(|s| s.has_any(fs)).then(|| {
                    let names: Vec<&str> = fs.iter().map(|f| f.name()).collect();
                    (
                        base,
                        format!(
                            "every attacking unit attacks across a {} hexside{}",
                            names.join("/"),
                            if rain && r.rain_value.is_some() {
                                " (rain)"
                            } else {
                                ""
                            }
                        ),
                    )
                })
            }
            DrmWhen::DefenderIn {
                terrain: tr,
                attackers_also,
            } => (self.terrain == *tr).then(|| self.defender_in(*tr, *attackers_also, base)),
        }
    }

    /// A defender-terrain row: its own value, or `attackers_also` when every attacker is in
    /// that terrain too.
    fn defender_in(&self, tr: Terrain, attackers_also: Option<i32>, base: i32) -> (i32, String) {
        let (game, map) = (self.game, self.game.map());
        let all_in = self
            .attackers
            .iter()
            .all(|u| game.unit(*u).hex.and_then(|h| map.terrain(h)) == Some(tr));
        match (all_in, attackers_also) {
            (true, Some(v)) => (
                v,
                format!(
                    "defender in {}; every attacker in {} too",
                    tr.name(),
                    tr.name()
                ),
            ),
            _ => (base, format!("defender in {}", tr.name())),
        }
    }
}
