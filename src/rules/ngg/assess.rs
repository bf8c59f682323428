//! One NGG 1812 combat, assessed before the dice: who takes part (10.1, 10.3, 10.5), the
//! attack and defence values without their dice (11.2-11.7, 11.18), the caps on hits (11.14,
//! 11.15), and [`Assessment::outcome`]: everything that follows from the three dice. The odds
//! enumerate `outcome`; the resolution applies it.

use std::collections::BTreeMap;

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, ModValue, ModifierLine, Role,
};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::check_attackers;
use crate::rules::unit::{SideId, Status, UnitIdx, UnitKind};

use super::Ngg;

/// The option keys of a combat, with their values (the default first).
pub const OPTION_KEYS: &[(&str, &str)] = &[
    ("stack", "CCRR (the attacking stack's hex)"),
    ("defender_support", "none | all | CCRR+CCRR"),
    ("withdraw", "no | yes"),
    ("odd_hit_attacker", "no | yes"),
    ("odd_hit_defender", "no | yes"),
];

/// One stack taking part.
#[derive(Clone, Debug)]
pub struct Stack {
    pub hex: Coord,
    /// Combat units that take hits: the attacking stack's named ones; every combat unit in the
    /// hex of a supporting stack (either side's, disrupted included) or of the defending stack.
    pub combat: Vec<UnitIdx>,
    /// Commanders with the stack (the attacker's: named; the defender's: all in the hex).
    pub leaders: Vec<UnitIdx>,
    /// Undisrupted combat units contributing (an attacker's support: the named ones).
    pub undisrupted: u32,
    /// What the stack adds (a supporting stack's contribution, or the stack's value before its
    /// die).
    pub value: i32,
}

/// Who wins, from the attacker's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    Win,
    Tie,
    Loss,
    /// No values compared: the defender withdrew before combat (11.1) or only commanders were
    /// attacked (11.19).
    NoCombat,
}

impl Res {
    pub fn code(self) -> &'static str {
        match self {
            Res::Win => "win",
            Res::Tie => "tie",
            Res::Loss => "loss",
            Res::NoCombat => "no combat",
        }
    }
}

/// Why a unit took a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// 11.9 / 11.14 / 11.15.
    Hit,
    /// 11.17's optional extra hit on an odd number.
    OddHit,
    /// 11.16.
    Pursuit,
    /// 11.12 first bullet: no withdrawal possible.
    NoWithdrawal,
}

/// A hit applied: the unit ends `Disrupted` or eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub unit: UnitIdx,
    pub eliminated: bool,
    pub why: Why,
}

/// What the defending stack does after the values are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    /// Stays in its hex.
    Stays,
    /// Chose to withdraw (or had to) but no hex is legal: stays (option) .
    NoLegalHex,
    /// Withdraws (11.11) to this hex.
    To(Coord),
    /// 11.12 first bullet: had to withdraw and could not: eliminated.
    Blocked,
    /// Every defending combat unit was eliminated by hits.
    Eliminated,
}

/// Everything that follows from the dice.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub fav: i32,
    pub fdv: i32,
    pub diff: i32,
    pub res: Res,
    /// Hits inflicted on each side by 11.9 / 11.14 / 11.15 (before 11.16 and 11.17's option).
    pub attacker_hits: u32,
    pub defender_hits: u32,
    /// 11.15's die adjustment, when the die was used.
    pub adjustment: Option<i32>,
    pub attacker_steps: Vec<Step>,
    pub defender_steps: Vec<Step>,
    pub withdrawal: Withdrawal,
    /// Units allowed to advance into the vacated hex (11.1, 11.12, 11.13); empty: none.
    pub advance: Vec<UnitIdx>,
    /// Commanders who roll for escape (11.19), in order.
    pub escapes: Vec<UnitIdx>,
    /// Notes for the log.
    pub notes: Vec<String>,
}

impl Outcome {
    /// Whether the 11.15 die is rolled (a winner and a loser).
    pub fn needs_loser_die(&self) -> bool {
        matches!(self.res, Res::Win | Res::Loss)
    }
}

#[derive(Clone, Debug)]
pub struct Assessment {
    pub attacker_side: SideId,
    pub defender_side: SideId,
    pub defender_hex: Coord,
    /// The attacking stack.
    pub stack: Stack,
    pub attacker_supports: Vec<Stack>,
    /// The defending stack: every unit in the hex.
    pub defence: Stack,
    pub defender_supports: Vec<Stack>,
    /// FAV and FDV without their dice.
    pub fav_base: i32,
    pub fdv_base: i32,
    /// 11.18: the defending hex holds disrupted combat units only.
    pub disrupted_only: bool,
    /// 11.19: only commanders are attacked.
    pub leaders_only: bool,
    /// 11.1: the cavalry-only defender withdraws before combat, to this hex.
    pub pre_withdrawal: Option<Coord>,
    /// Undisrupted combat units on each side, supporting stacks included (11.14, 11.15).
    pub attacker_cap: u32,
    pub defender_cap: u32,
    pub withdraw: bool,
    pub odd_hit_attacker: bool,
    pub odd_hit_defender: bool,
    pub lines: Vec<ModifierLine>,
    /// The FAV / FDV arithmetic, one line each.
    pub fav_text: String,
    pub fdv_text: String,
    pub retreat_choice: Option<Coord>,
    pub attacker_losses: Option<Vec<UnitIdx>>,
    pub defender_losses: Option<Vec<UnitIdx>>,
    pub advance_choice: Option<Vec<UnitIdx>>,
}

fn yes_no(req: &AttackRequest, key: &str) -> Result<bool, AttackError> {
    match req.option(key) {
        None | Some("no") => Ok(false),
        Some("yes") => Ok(true),
        Some(v) => Err(AttackError::BadOption(format!(
            "option {key}={v}: the values are no (default) and yes"
        ))),
    }
}

/// 11.2 bullet 3: the divisor of a stack's aggregate and why. "If any unit(s) within the stack"
/// force marched or already fought: every combat unit in the stack's hex is looked at, named
/// or not (commanders are not: seed silent, documented).
fn halving(t: &super::data::Tables, game: &Game, hex: Coord) -> (i32, String) {
    let units: Vec<UnitIdx> = game
        .units_at(hex)
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    let fm = units.iter().any(|u| game.unit(*u).forced_march);
    let fought = units
        .iter()
        .map(|u| game.unit(*u).combats)
        .max()
        .unwrap_or(0);
    let (h, q) = (t.halved_divisor, t.quartered_divisor);
    match (fm, fought) {
        (true, 1..) | (_, 2..) => (
            q,
            if fought >= 2 {
                format!("fought {fought} times this turn: quartered")
            } else {
                "force-marched and fought this turn: quartered".into()
            },
        ),
        (true, 0) => (h, "force-marched: halved".into()),
        (false, 1) => (h, "fought this turn: halved".into()),
        (false, 0) => (1, String::new()),
    }
}

impl Assessment {
    pub fn new(
        rules: &Ngg,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<Assessment, AttackError> {
        let t = &rules.tables;
        if let Some(k) = req.kind
            && k != AttackType::Combat
        {
            return Err(AttackError::WrongType {
                ruleset: "ngg1812",
                kind: k.name(),
                types: "combat".into(),
            });
        }
        for k in req.options.keys() {
            if !OPTION_KEYS.iter().any(|(n, _)| n == k) {
                return Err(AttackError::BadOption(format!(
                    "unknown option {k:?}; ngg1812 options: {}",
                    OPTION_KEYS
                        .iter()
                        .map(|(n, v)| format!("{n}={v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        let withdraw = yes_no(req, "withdraw")?;
        let odd_hit_attacker = yes_no(req, "odd_hit_attacker")?;
        let odd_hit_defender = yes_no(req, "odd_hit_defender")?;

        // The attackers.
        let attacker_side = check_attackers(game, &req.attackers)?;
        let first = game.unit(req.attackers[0]);
        let dhex = req.defender;
        if !game.map().contains(dhex) {
            return Err(AttackError::BadHex(format!(
                "{} is not on the map",
                game.label(dhex)
            )));
        }
        let in_hex = game.units_at(dhex).to_vec();
        if in_hex.is_empty() {
            return Err(AttackError::EmptyHex(game.label(dhex)));
        }
        let defender_side = game.unit(in_hex[0]).side;
        if defender_side == attacker_side {
            return Err(AttackError::SameSide {
                unit: first.id.clone(),
                hex: game.label(dhex),
                side: game.scenario.side_name(attacker_side).into(),
            });
        }
        for &u in &req.attackers {
            let h = game.unit(u).hex.unwrap_or(dhex);
            if !h.is_adjacent(dhex) {
                // 10.1 / 10.3: the attacking stack and the supporting stacks are adjacent.
                return Err(AttackError::NotAdjacent {
                    unit: game.unit(u).id.clone(),
                    from: game.label(h),
                    hex: game.label(dhex),
                });
            }
            if game.unit(u).is_disrupted() {
                return Err(AttackError::Illegal(format!(
                    "{} is disrupted: disrupted units take no active part in combat (10.1, 11.18)",
                    game.unit(u).id
                )));
            }
        }
        // Group the named units by hex, in the order first named.
        let mut groups: Vec<(Coord, Vec<UnitIdx>)> = Vec::new();
        for &u in &req.attackers {
            let h = game.unit(u).hex.unwrap_or(dhex);
            match groups.iter_mut().find(|(c, _)| *c == h) {
                Some((_, v)) => v.push(u),
                None => groups.push((h, vec![u])),
            }
        }
        let combat_count = |v: &[UnitIdx]| v.iter().filter(|u| !game.unit(**u).is_leader()).count();
        let stack_hex = match req.option("stack") {
            Some(label) => {
                let c = game
                    .scenario
                    .parse_hex(label)
                    .map_err(|e| AttackError::BadOption(format!("option stack={label}: {e}")))?;
                if !groups.iter().any(|(h, _)| *h == c) {
                    return Err(AttackError::BadOption(format!(
                        "option stack={label}: no named attacker is in {}",
                        game.label(c)
                    )));
                }
                c
            }
            None => {
                // Default: the hex with most named combat units; ties: the first named.
                let best = groups
                    .iter()
                    .map(|(_, v)| combat_count(v))
                    .max()
                    .unwrap_or(0);
                groups
                    .iter()
                    .find(|(_, v)| combat_count(v) == best)
                    .map(|(h, _)| *h)
                    .unwrap_or(dhex)
            }
        };
        let split = |v: &[UnitIdx]| -> (Vec<UnitIdx>, Vec<UnitIdx>) {
            v.iter().partition(|u| !game.unit(**u).is_leader())
        };
        let named = |h: Coord| {
            groups
                .iter()
                .find(|(c, _)| *c == h)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let (s_combat, s_leaders) = split(&named(stack_hex));
        if s_combat.is_empty() {
            return Err(AttackError::Illegal(format!(
                "the attacking stack in {} names no combat unit",
                game.label(stack_hex)
            )));
        }
        // 10.1: every unit of the attacking stack is undisrupted, named or not.
        if let Some(u) = game
            .units_at(stack_hex)
            .iter()
            .find(|u| game.unit(**u).is_disrupted())
        {
            return Err(AttackError::Illegal(format!(
                "10.1: all units of the attacking stack must be undisrupted; {} in {} is disrupted",
                game.unit(*u).id,
                game.label(stack_hex)
            )));
        }
        // 4.2: the attacking units may not exceed the hex capacity.
        let of = |u: UnitIdx| -> Result<u32, AttackError> {
            let unit = game.unit(u);
            if unit.is_leader() {
                return Ok(0);
            }
            unit.class.map(|c| t.of_halves(c)).ok_or_else(|| {
                AttackError::Illegal(format!(
                    "{} has no class (Veteran, Line or Conscript): its occupancy factor (3.3) is needed",
                    unit.id
                ))
            })
        };
        let mut of_sum = 0;
        for &u in &s_combat {
            of_sum += of(u)?;
        }
        if of_sum > t.capacity_halves() {
            return Err(AttackError::Illegal(format!(
                "4.2: the attacking units' OF {} exceeds the hex capacity {}",
                of_sum as f64 / 2.0,
                t.hex_capacity
            )));
        }
        let mut lines = Vec::new();
        let line = |role, name: &str, v: i32, detail: String, rule: &str| ModifierLine {
            role,
            name: name.into(),
            value: ModValue::Points(v),
            detail,
            rule: rule.into(),
        };
        let terrain = game.map().terrain(dhex);
        let fortified = terrain.is_some_and(|x| t.terrain.fortified_terrains.contains(&x));
        let difficult = terrain.is_some_and(|x| t.terrain.difficult_terrains.contains(&x));
        let river = |from: Coord| {
            game.map()
                .side_between(from, dhex)
                .has_any(&t.terrain.river_features)
        };
        let has_artillery =
            |v: &[UnitIdx]| v.iter().any(|u| game.unit(*u).kind == UnitKind::Artillery);
        let kinds = |v: &[UnitIdx]| {
            let mut k: Vec<UnitKind> = v.iter().map(|u| game.unit(*u).kind).collect();
            k.sort_by_key(|k| *k as u8);
            k.dedup();
            k
        };
        let combined = |n: usize| match n {
            0 | 1 => 0,
            2 => t.combined_arms_two_types,
            _ => t.combined_arms_three_types,
        };

        // 11.3-11.5: the attacking stack.
        let a = Role::Attacker;
        let n = s_combat.len() as i32;
        let cf = n * t.cf_per_undisrupted_unit;
        lines.push(line(
            a,
            "Combat factors",
            cf,
            format!(
                "{n} undisrupted combat units, CF {} each",
                t.cf_per_undisrupted_unit
            ),
            "3.3",
        ));
        let ks = kinds(&s_combat);
        let ca = combined(ks.len());
        if ca != 0 {
            lines.push(line(
                a,
                "Combined arms",
                ca,
                format!(
                    "{} types: {}",
                    ks.len(),
                    ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                ),
                "11.3",
            ));
        }
        let (div, why) = halving(t, game, stack_hex);
        let raw = cf + ca;
        let mut value = raw.div_euclid(div);
        if div > 1 {
            lines.push(line(
                a,
                "Halved/quartered",
                value - raw,
                format!("{why}: {raw} / {div} = {value} (rounded down)"),
                "11.2",
            ));
        }
        let mut fav_parts = vec![format!("attack value {value}")];
        if river(stack_hex) {
            value += t.terrain.river_stack;
            lines.push(line(
                a,
                "River",
                t.terrain.river_stack,
                format!(
                    "{} to {} crosses a river (bridged or not)",
                    game.label(stack_hex),
                    game.label(dhex)
                ),
                "11.4",
            ));
            fav_parts.push(format!("river {:+}", t.terrain.river_stack));
        }
        if fortified {
            let (v, what) = if has_artillery(&s_combat) {
                (t.terrain.fortified_with_artillery_stack, "with artillery")
            } else {
                (
                    t.terrain.fortified_without_artillery_stack,
                    "without artillery",
                )
            };
            value += v;
            lines.push(line(
                a,
                "Fortified city",
                v,
                format!("attacking {what} into a fortified city"),
                "11.4",
            ));
            fav_parts.push(format!("fortified city {v:+}"));
        } else if difficult {
            value += t.terrain.difficult_stack;
            lines.push(line(
                a,
                "Terrain",
                t.terrain.difficult_stack,
                format!("attacking into {}", terrain.map_or("?", |x| x.name())),
                "11.4",
            ));
            fav_parts.push(format!("terrain {:+}", t.terrain.difficult_stack));
        }
        let best_cr = |ls: &[UnitIdx]| {
            ls.iter()
                .map(|u| (game.unit(*u).rating, *u))
                .max_by_key(|(r, u)| (*r, std::cmp::Reverse(*u)))
        };
        if let Some((cr, l)) = best_cr(&s_leaders) {
            let v = cr.min(n);
            value += v;
            lines.push(line(
                a,
                "Commander",
                v,
                format!(
                    "{} CR {cr}, limited to {n} combat units present",
                    game.unit(l).name
                ),
                "11.5",
            ));
            fav_parts.push(format!("commander {v:+}"));
        }
        let stack = Stack {
            hex: stack_hex,
            combat: s_combat.clone(),
            leaders: s_leaders,
            undisrupted: n as u32,
            value,
        };
        let mut fav_base = value;
        let mut attacker_supports = Vec::new();
        for (h, v) in &groups {
            if *h == stack_hex {
                continue;
            }
            let (c, l) = split(v);
            if c.is_empty() {
                return Err(AttackError::Illegal(format!(
                    "the supporting stack in {} names no combat unit",
                    game.label(*h)
                )));
            }
            let n = c.len() as i32;
            let (div, why) = halving(t, game, *h);
            let mut v = n.div_euclid(div);
            let mut detail = vec![format!("{n} undisrupted combat units")];
            if div > 1 {
                detail.push(format!("{why} to {v}"));
            }
            if river(*h) {
                v += t.terrain.river_support;
                detail.push(format!("river {:+}", t.terrain.river_support));
            }
            if fortified {
                let (m, what) = if has_artillery(&c) {
                    (
                        t.terrain.fortified_with_artillery_support,
                        "fortified city with artillery (no value given by 11.5)",
                    )
                } else {
                    (
                        t.terrain.fortified_without_artillery_support,
                        "fortified city without artillery",
                    )
                };
                v += m;
                detail.push(format!("{what} {m:+}"));
            } else if difficult {
                v += t.terrain.difficult_support;
                detail.push(format!("terrain {:+}", t.terrain.difficult_support));
            }
            if !l.is_empty() {
                v += t.support_commander_bonus;
                detail.push(format!("commander {:+}", t.support_commander_bonus));
            }
            lines.push(line(
                a,
                &format!("Supporting stack {}", game.label(*h)),
                v,
                detail.join(", "),
                "10.3, 11.5",
            ));
            fav_parts.push(format!("support {} {v:+}", game.label(*h)));
            fav_base += v;
            // 11.17 / 11.18: hits may fall on every combat unit of the supporting hex, named or
            // not, disrupted included, as on the defender's side.
            let in_support: Vec<UnitIdx> = game
                .units_at(*h)
                .iter()
                .copied()
                .filter(|u| !game.unit(*u).is_leader())
                .collect();
            attacker_supports.push(Stack {
                hex: *h,
                undisrupted: n as u32,
                combat: in_support,
                leaders: l,
                value: v,
            });
        }
        let attacker_cap =
            stack.undisrupted + attacker_supports.iter().map(|s| s.undisrupted).sum::<u32>();

        // 11.6-11.7, 11.18: the defence.
        let d = Role::Defender;
        let (d_combat, d_leaders): (Vec<UnitIdx>, Vec<UnitIdx>) =
            in_hex.iter().partition(|u| !game.unit(**u).is_leader());
        let d_und: Vec<UnitIdx> = d_combat
            .iter()
            .copied()
            .filter(|u| !game.unit(*u).is_disrupted())
            .collect();
        let leaders_only = d_combat.is_empty();
        let disrupted_only = !leaders_only && d_und.is_empty();
        for &u in &d_combat {
            of(u)?;
        }
        let mut fdv_parts = Vec::new();
        let dn = d_und.len() as i32;
        let mut dvalue = 0;
        if leaders_only {
            lines.push(line(
                d,
                "Commanders only",
                0,
                "no combat unit: each commander rolls to escape".into(),
                "11.19",
            ));
        } else if disrupted_only {
            lines.push(line(
                d,
                "Disrupted units only",
                0,
                "FDV is 1d6 alone (no commander, no support)".into(),
                "11.18",
            ));
            fdv_parts.push("disrupted only: 0".into());
        } else {
            let cf = dn * t.cf_per_undisrupted_unit;
            lines.push(line(
                d,
                "Combat factors",
                cf,
                format!(
                    "{dn} undisrupted combat units, CF {} each",
                    t.cf_per_undisrupted_unit
                ),
                "3.3",
            ));
            let ks = kinds(&d_und);
            let ca = combined(ks.len());
            if ca != 0 {
                lines.push(line(
                    d,
                    "Combined arms",
                    ca,
                    format!(
                        "{} undisrupted types: {}",
                        ks.len(),
                        ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                    ),
                    "11.6",
                ));
            }
            let (div, why) = halving(t, game, dhex);
            let raw = cf + ca;
            dvalue = raw.div_euclid(div);
            if div > 1 {
                lines.push(line(
                    d,
                    "Halved/quartered",
                    dvalue - raw,
                    format!("{why}: {raw} / {div} = {dvalue} (rounded down)"),
                    "11.2",
                ));
            }
            fdv_parts.push(format!("defence value {dvalue}"));
            if let Some((cr, l)) = best_cr(&d_leaders) {
                let v = cr.min(dn);
                dvalue += v;
                lines.push(line(
                    d,
                    "Commander",
                    v,
                    format!(
                        "{} CR {cr}, limited to {dn} undisrupted combat units",
                        game.unit(l).name
                    ),
                    "11.7",
                ));
                fdv_parts.push(format!("commander {v:+}"));
            }
        }
        let defence = Stack {
            hex: dhex,
            combat: d_combat.clone(),
            leaders: d_leaders,
            undisrupted: dn as u32,
            value: dvalue,
        };
        let mut fdv_base = dvalue;
        // 10.5: the defender's supporting stacks.
        let support_hexes: Vec<Coord> = match req.option("defender_support") {
            None | Some("none") => Vec::new(),
            Some("all") => dhex
                .neighbors()
                .into_iter()
                .filter(|h| {
                    game.units_at(*h).iter().any(|u| {
                        let x = game.unit(*u);
                        x.side == defender_side && !x.is_leader() && !x.is_disrupted()
                    })
                })
                .collect(),
            Some(list) => {
                let mut out = Vec::new();
                for label in list.split('+') {
                    let c = game.scenario.parse_hex(label.trim()).map_err(|e| {
                        AttackError::BadOption(format!("option defender_support={list}: {e} (values: none, all, or hexes joined by +)"))
                    })?;
                    if !c.is_adjacent(dhex) {
                        return Err(AttackError::BadOption(format!(
                            "option defender_support: {} is not adjacent to the defending hex {} (10.5)",
                            game.label(c),
                            game.label(dhex)
                        )));
                    }
                    let ok = game.units_at(c).iter().any(|u| {
                        let x = game.unit(*u);
                        x.side == defender_side && !x.is_leader() && !x.is_disrupted()
                    });
                    if !ok {
                        return Err(AttackError::BadOption(format!(
                            "option defender_support: {} holds no undisrupted combat unit of the defender",
                            game.label(c)
                        )));
                    }
                    if out.contains(&c) {
                        return Err(AttackError::BadOption(format!(
                            "option defender_support: {} is named twice",
                            game.label(c)
                        )));
                    }
                    out.push(c);
                }
                out
            }
        };
        let mut defender_supports = Vec::new();
        if !support_hexes.is_empty() && (disrupted_only || leaders_only) {
            lines.push(line(
                d,
                "Supporting stacks ignored",
                0,
                "the defending hex holds no undisrupted combat unit".into(),
                "11.18",
            ));
        } else {
            for h in support_hexes {
                let (c, l): (Vec<UnitIdx>, Vec<UnitIdx>) = game
                    .units_at(h)
                    .iter()
                    .partition(|u| !game.unit(**u).is_leader());
                let n = c.iter().filter(|u| !game.unit(**u).is_disrupted()).count() as i32;
                let (div, why) = halving(t, game, h);
                let mut v = n.div_euclid(div);
                let mut detail = vec![format!("{n} undisrupted combat units")];
                if div > 1 {
                    detail.push(format!("{why} to {v}"));
                }
                if !l.is_empty() {
                    v += t.support_commander_bonus;
                    detail.push(format!("commander {:+}", t.support_commander_bonus));
                }
                lines.push(line(
                    d,
                    &format!("Supporting stack {}", game.label(h)),
                    v,
                    detail.join(", "),
                    "10.5, 11.7",
                ));
                fdv_parts.push(format!("support {} {v:+}", game.label(h)));
                fdv_base += v;
                defender_supports.push(Stack {
                    hex: h,
                    undisrupted: n as u32,
                    combat: c,
                    leaders: l,
                    value: v,
                });
            }
        }
        let defender_cap = if disrupted_only || leaders_only {
            0
        } else {
            defence.undisrupted + defender_supports.iter().map(|s| s.undisrupted).sum::<u32>()
        };

        let mut a = Assessment {
            attacker_side,
            defender_side,
            defender_hex: dhex,
            stack,
            attacker_supports,
            defence,
            defender_supports,
            fav_base,
            fdv_base,
            disrupted_only,
            leaders_only,
            pre_withdrawal: None,
            attacker_cap,
            defender_cap,
            withdraw,
            odd_hit_attacker,
            odd_hit_defender,
            lines,
            fav_text: format!("FAV = {} = {fav_base} + 1d6", fav_parts.join(", ")),
            fdv_text: format!(
                "FDV = {} = {fdv_base} + 1d6",
                if fdv_parts.is_empty() {
                    "0".to_string()
                } else {
                    fdv_parts.join(", ")
                }
            ),
            retreat_choice: None,
            attacker_losses: None,
            defender_losses: None,
            advance_choice: None,
        };
        a.read_choices(rules, game, choices)?;
        // 11.1: a cavalry-only defence may withdraw before combat from attackers without cavalry.
        let all_cav = !a.defence.combat.is_empty()
            && a.defence
                .combat
                .iter()
                .all(|u| game.unit(*u).kind == UnitKind::Cavalry);
        // "the attackers have none": read as the attacking stack (the stack that carries out
        // the order, 11.1, and the one that may advance); supporting stacks do not count (seed
        // silent, documented).
        let att_cav = a
            .stack
            .combat
            .iter()
            .any(|u| game.unit(*u).kind == UnitKind::Cavalry);
        if withdraw && all_cav && !att_cav {
            let movers: Vec<UnitIdx> = in_hex.clone();
            a.pre_withdrawal = a.withdrawal_hex(rules, game, &movers);
        }
        Ok(a)
    }

    fn read_choices(&mut self, rules: &Ngg, game: &Game, c: &Choices) -> Result<(), AttackError> {
        let ids = |list: &Option<Vec<String>>,
                   allowed: &[UnitIdx],
                   what: &str,
                   twice: bool|
         -> Result<Option<Vec<UnitIdx>>, AttackError> {
            let Some(list) = list else { return Ok(None) };
            let mut out = Vec::new();
            for id in list {
                let u = game.unit_by_id(id).ok_or_else(|| {
                    AttackError::Choice(format!("{what}: unknown unit id {id:?}"))
                })?;
                if !allowed.contains(&u) {
                    return Err(AttackError::Choice(format!(
                        "{what}: unit {id:?} is not one of this combat's units that may be named here"
                    )));
                }
                if !twice && out.contains(&u) {
                    return Err(AttackError::Choice(format!(
                        "{what}: unit {id:?} is named twice"
                    )));
                }
                out.push(u);
            }
            Ok(Some(out))
        };
        let att_units: Vec<UnitIdx> = self.attacker_units();
        let def_units: Vec<UnitIdx> = self.defender_units();
        self.attacker_losses = ids(&c.attacker_losses, &att_units, "attacker losses", true)?;
        self.defender_losses = ids(&c.defender_losses, &def_units, "defender losses", true)?;
        let mut movers = self.stack.combat.clone();
        movers.extend(&self.stack.leaders);
        self.advance_choice = ids(&c.advance, &movers, "advance", false)?;
        if let Some(path) = &c.retreat {
            if path.len() != 1 {
                return Err(AttackError::Choice(format!(
                    "retreat: a withdrawal is one hex (11.11), not {}",
                    path.len()
                )));
            }
            let h = game
                .scenario
                .parse_hex(&path[0])
                .map_err(|e| AttackError::Choice(format!("retreat: {e}")))?;
            if let Err(why) = self.hex_legal(rules, game, h, None) {
                return Err(AttackError::Choice(format!(
                    "retreat to {}: {why}",
                    game.label(h)
                )));
            }
            self.retreat_choice = Some(h);
        }
        Ok(())
    }

    /// The attacker's combat units in the combat: the stack's, then the supports'.
    pub fn attacker_units(&self) -> Vec<UnitIdx> {
        let mut v = self.stack.combat.clone();
        for s in &self.attacker_supports {
            v.extend(&s.combat);
        }
        v
    }

    pub fn defender_units(&self) -> Vec<UnitIdx> {
        let mut v = self.defence.combat.clone();
        for s in &self.defender_supports {
            v.extend(&s.combat);
        }
        v
    }

    /// Whether the defending side counts as Russian for 14.6's exception in 11.11.
    pub fn defender_is_russian(&self, rules: &Ngg, game: &Game) -> bool {
        rules
            .tables
            .withdrawal
            .is_russian(game.scenario.side_name(self.defender_side))
    }

    /// 11.11: whether the stack may withdraw to `h`; with `movers`, the 4.1 capacity too.
    pub fn hex_legal(
        &self,
        rules: &Ngg,
        game: &Game,
        h: Coord,
        movers: Option<&[UnitIdx]>,
    ) -> Result<(), String> {
        let t = &rules.tables;
        let map = game.map();
        if !h.is_adjacent(self.defender_hex) {
            return Err("not adjacent to the defending hex".into());
        }
        let Some(terrain) = map.terrain(h) else {
            return Err("off the map".into());
        };
        let side = map.side_between(self.defender_hex, h);
        if side.has_any(&t.terrain.river_features) && !side.has_any(&t.terrain.bridge_features) {
            return Err("across an unbridged river (11.11)".into());
        }
        if t.withdrawal.difficult_terrains.contains(&terrain)
            && !(self.defender_is_russian(rules, game)
                && t.withdrawal.russian_may_enter.contains(&terrain))
        {
            return Err(format!(
                "into difficult terrain ({}) (11.11, 14.6)",
                terrain.name()
            ));
        }
        if game
            .units_at(h)
            .iter()
            .any(|u| game.unit(*u).side != self.defender_side)
        {
            return Err("onto enemy units (11.11)".into());
        }
        if h == self.stack.hex || h.is_adjacent(self.stack.hex) {
            return Err("adjacent to the attacking stack (11.11)".into());
        }
        if let Some(movers) = movers {
            let of = |u: &UnitIdx| {
                let x = game.unit(*u);
                if x.is_leader() {
                    0
                } else {
                    x.class.map_or(0, |c| t.of_halves(c))
                }
            };
            if let Some(x) = game
                .units_at(h)
                .iter()
                .map(|u| game.unit(*u))
                .find(|x| !x.is_leader() && x.class.is_none())
            {
                return Err(format!(
                    "{} there has no class: its OF (3.3) is unknown",
                    x.id
                ));
            }
            let there: u32 = game.units_at(h).iter().map(of).sum();
            let moving: u32 = movers.iter().map(of).sum();
            if there + moving > t.capacity_halves() {
                return Err(format!(
                    "over the hex capacity: OF {} + {} > {} (4.1)",
                    there as f64 / 2.0,
                    moving as f64 / 2.0,
                    t.hex_capacity
                ));
            }
        }
        Ok(())
    }

    /// The hex the stack withdraws to: the player's choice if legal, else the first legal hex
    /// of: the hex straight away from the attacking stack, then N, NE, SE, S, SW, NW.
    pub fn withdrawal_hex(&self, rules: &Ngg, game: &Game, movers: &[UnitIdx]) -> Option<Coord> {
        let mut order = Vec::new();
        if let Some(h) = self.retreat_choice {
            order.push(h);
        }
        if let Some(d) = self.stack.hex.direction_to(self.defender_hex) {
            order.push(self.defender_hex.neighbor(d));
        }
        order.extend(self.defender_hex.neighbors());
        order
            .into_iter()
            .find(|h| self.hex_legal(rules, game, *h, Some(movers)).is_ok())
    }

    /// Everything that follows from the attacker's die `ad`, the defender's `dd` and 11.15's
    /// die `ld` (ignored on a tie).
    pub fn outcome(&self, rules: &Ngg, game: &Game, ad: u8, dd: u8, ld: u8) -> Outcome {
        let t = &rules.tables;
        let mut o = Outcome {
            fav: 0,
            fdv: 0,
            diff: 0,
            res: Res::NoCombat,
            attacker_hits: 0,
            defender_hits: 0,
            adjustment: None,
            attacker_steps: Vec::new(),
            defender_steps: Vec::new(),
            withdrawal: Withdrawal::Stays,
            advance: Vec::new(),
            escapes: Vec::new(),
            notes: Vec::new(),
        };
        let mut attack_stack_all = self.stack.combat.clone();
        attack_stack_all.extend(&self.stack.leaders);
        if let Some(h) = self.pre_withdrawal {
            o.withdrawal = Withdrawal::To(h);
            o.advance = attack_stack_all;
            o.notes
                .push("11.1: the cavalry-only defenders withdraw before combat".into());
            return o;
        }
        if self.leaders_only {
            o.escapes = self.defence.leaders.clone();
            o.notes
                .push("11.19: unaccompanied commanders attacked: each rolls to escape".into());
            return o;
        }
        o.fav = self.fav_base + i32::from(ad);
        o.fdv = self.fdv_base + i32::from(dd);
        o.diff = o.fav - o.fdv;
        let adj = t.loser_adjustment(ld);
        let loser_hits = |d: i32, cap: u32| -> u32 { (d / 2 + adj).clamp(0, cap as i32) as u32 };
        match o.diff.cmp(&0) {
            std::cmp::Ordering::Greater => {
                o.res = Res::Win;
                o.defender_hits = (o.diff as u32).min(self.attacker_cap);
                o.attacker_hits = loser_hits(o.diff, self.defender_cap);
                o.adjustment = Some(adj);
            }
            std::cmp::Ordering::Less => {
                o.res = Res::Loss;
                o.attacker_hits = ((-o.diff) as u32).min(self.defender_cap);
                o.defender_hits = loser_hits(-o.diff, self.attacker_cap);
                o.adjustment = Some(adj);
            }
            std::cmp::Ordering::Equal => {
                o.res = Res::Tie;
                // 11.9 gives the attacker a hit on a tie, but 11.18's play note says disrupted
                // units can never inflict hits: against a disrupted-only defence the play note
                // prevails (a reading, documented).
                o.attacker_hits = if self.disrupted_only { 0 } else { t.tie_hits };
            }
        }
        // 11.17: apply the hits.
        let mut st: BTreeMap<UnitIdx, u8> = BTreeMap::new(); // 0 undisrupted, 1 disrupted, 2 gone
        for u in self
            .attacker_units()
            .into_iter()
            .chain(self.defender_units())
        {
            st.insert(u, u8::from(game.unit(u).status == Status::Disrupted));
        }
        let att_support: Vec<UnitIdx> = if o.res == Res::Tie {
            Vec::new() // 11.9: one unit in the attacking stack
        } else {
            self.attacker_supports
                .iter()
                .flat_map(|s| s.combat.clone())
                .collect()
        };
        let def_support: Vec<UnitIdx> = self
            .defender_supports
            .iter()
            .flat_map(|s| s.combat.clone())
            .collect();
        o.attacker_steps = allocate(
            &mut st,
            o.attacker_hits,
            &self.stack.combat,
            &att_support,
            self.attacker_losses.as_deref(),
            &mut o.notes,
            "attacker",
        );
        o.defender_steps = allocate(
            &mut st,
            o.defender_hits,
            &self.defence.combat,
            &def_support,
            self.defender_losses.as_deref(),
            &mut o.notes,
            "defender",
        );
        if self.odd_hit_attacker && o.attacker_hits % 2 == 1 {
            odd_hit(
                &mut st,
                &self.stack.combat,
                &att_support,
                &mut o.attacker_steps,
            );
        }
        if self.odd_hit_defender && o.defender_hits % 2 == 1 {
            odd_hit(
                &mut st,
                &self.defence.combat,
                &def_support,
                &mut o.defender_steps,
            );
        }
        let alive = |st: &BTreeMap<UnitIdx, u8>, v: &[UnitIdx]| -> Vec<UnitIdx> {
            v.iter()
                .copied()
                .filter(|u| st.get(u).is_some_and(|s| *s < 2))
                .collect()
        };
        let undisrupted = |st: &BTreeMap<UnitIdx, u8>, v: &[UnitIdx]| -> Vec<UnitIdx> {
            v.iter()
                .copied()
                .filter(|u| st.get(u) == Some(&0))
                .collect()
        };
        let def_alive = alive(&st, &self.defence.combat);
        let margin = t.forced_withdrawal_margin;
        let wants = match o.res {
            _ if def_alive.is_empty() => None,
            Res::Win if o.diff >= margin => Some(true),
            Res::Win | Res::Loss if self.withdraw => Some(false),
            _ => None,
        };
        if def_alive.is_empty() {
            o.withdrawal = Withdrawal::Eliminated;
        } else if let Some(forced) = wants {
            let mut movers = def_alive.clone();
            movers.extend(&self.defence.leaders);
            match self.withdrawal_hex(rules, game, &movers) {
                Some(h) => {
                    if let Some(c) = self.retreat_choice
                        && c != h
                    {
                        o.notes.push(format!(
                            "the chosen withdrawal hex {} is over capacity; {} used",
                            game.label(c),
                            game.label(h)
                        ));
                    }
                    o.withdrawal = Withdrawal::To(h);
                }
                None if forced => {
                    o.withdrawal = Withdrawal::Blocked;
                    for u in &def_alive {
                        st.insert(*u, 2);
                        o.defender_steps.push(Step {
                            unit: *u,
                            eliminated: true,
                            why: Why::NoWithdrawal,
                        });
                    }
                    o.notes
                        .push("11.12: the defenders must withdraw and cannot: eliminated".into());
                }
                None => {
                    o.withdrawal = Withdrawal::NoLegalHex;
                    o.notes
                        .push("11.11: no legal withdrawal hex: the defenders stay".into());
                }
            }
        }
        // 11.16: pursuit by cavalry.
        if let Withdrawal::To(_) = o.withdrawal {
            let cav = |st: &BTreeMap<UnitIdx, u8>, v: &[UnitIdx]| {
                undisrupted(st, v)
                    .iter()
                    .any(|u| game.unit(*u).kind == UnitKind::Cavalry)
            };
            if cav(&st, &self.stack.combat) && !cav(&st, &self.defence.combat) {
                for _ in 0..t.pursuit_hits {
                    if let Some(u) = self
                        .defence
                        .combat
                        .iter()
                        .copied()
                        .find(|u| st.get(u) == Some(&1))
                    {
                        st.insert(u, 2);
                        o.defender_steps.push(Step {
                            unit: u,
                            eliminated: true,
                            why: Why::Pursuit,
                        });
                    } else {
                        o.notes.push(
                            "11.16: attacking cavalry pursues but no defending unit is disrupted"
                                .into(),
                        );
                    }
                }
            }
        }
        // 11.12 / 11.13: advance.
        let att_und = undisrupted(&st, &self.stack.combat);
        let all_gone = alive(&st, &self.defence.combat).is_empty();
        let stack_survives = !alive(&st, &self.stack.combat).is_empty();
        if all_gone {
            // 11.13: "any undisrupted unit(s) in the attacking stack (including any
            // Commander(s))": the commanders may advance even if every combat unit of the stack
            // is disrupted (not if they were all eliminated: then the commanders roll, 11.19).
            o.advance = att_und;
            if stack_survives {
                o.advance.extend(&self.stack.leaders);
            }
        } else if matches!(o.withdrawal, Withdrawal::To(_)) && o.res == Res::Win && o.diff >= margin
        {
            o.advance = att_und;
            if !o.advance.is_empty() {
                o.advance.extend(&self.stack.leaders);
            }
        } else if matches!(o.withdrawal, Withdrawal::To(_)) && o.res == Res::Win {
            o.advance = att_und
                .into_iter()
                .filter(|u| game.unit(*u).kind == UnitKind::Cavalry)
                .collect();
        }
        // 11.19: commanders on hexes whose combat units were all eliminated.
        let mut hexes: Vec<(Coord, Vec<UnitIdx>)> =
            vec![(self.stack.hex, self.stack.combat.clone())];
        hexes.extend(
            self.attacker_supports
                .iter()
                .map(|s| (s.hex, s.combat.clone())),
        );
        hexes.push((self.defender_hex, self.defence.combat.clone()));
        hexes.extend(
            self.defender_supports
                .iter()
                .map(|s| (s.hex, s.combat.clone())),
        );
        for (h, _) in hexes {
            let combat_before: Vec<UnitIdx> = game
                .units_at(h)
                .iter()
                .copied()
                .filter(|u| !game.unit(*u).is_leader())
                .collect();
            if combat_before.is_empty() {
                continue;
            }
            let gone = combat_before.iter().all(|u| st.get(u) == Some(&2));
            if gone {
                o.escapes.extend(
                    game.units_at(h)
                        .iter()
                        .copied()
                        .filter(|u| game.unit(*u).is_leader()),
                );
            }
        }
        o
    }
}

/// 11.17: apply `hits` to `main` (at least half) and then `support`. With the player's list,
/// each entry takes one hit in turn (a unit named twice is disrupted, then eliminated); the
/// rest follows the default: disrupt the undisrupted units of the stack in unit order, then
/// eliminate its disrupted units, then the same in the supporting stacks.
fn allocate(
    st: &mut BTreeMap<UnitIdx, u8>,
    hits: u32,
    main: &[UnitIdx],
    support: &[UnitIdx],
    order: Option<&[UnitIdx]>,
    notes: &mut Vec<String>,
    who: &str,
) -> Vec<Step> {
    let start = st.clone();
    let run = |st: &mut BTreeMap<UnitIdx, u8>, order: Option<&[UnitIdx]>| -> Vec<Step> {
        let mut steps = Vec::new();
        let mut listed = order.unwrap_or(&[]).iter().copied();
        for _ in 0..hits {
            let pick = listed
                .by_ref()
                .find(|u| {
                    (main.contains(u) || support.contains(u)) && st.get(u).is_some_and(|s| *s < 2)
                })
                .or_else(|| {
                    [main, support].into_iter().find_map(|group| {
                        group
                            .iter()
                            .copied()
                            .find(|u| st.get(u) == Some(&0))
                            .or_else(|| group.iter().copied().find(|u| st.get(u) == Some(&1)))
                    })
                });
            let Some(u) = pick else { break };
            let s = st.get(&u).copied().unwrap_or(0) + 1;
            st.insert(u, s);
            steps.push(Step {
                unit: u,
                eliminated: s >= 2,
                why: Why::Hit,
            });
        }
        steps
    };
    let steps = run(st, order);
    if order.is_some() {
        let on_main = steps.iter().filter(|s| main.contains(&s.unit)).count();
        let main_gone = main.iter().all(|u| st.get(u) == Some(&2));
        if on_main * 2 < steps.len() && !main_gone {
            notes.push(format!("{who} losses: at least half the hits go to the stack itself (11.17); default order used"));
            *st = start;
            return run(st, None);
        }
    }
    steps
}

/// 11.17's option: one more hit on a disrupted unit (the stack's first, else a supporting
/// stack's), eliminating it.
fn odd_hit(
    st: &mut BTreeMap<UnitIdx, u8>,
    main: &[UnitIdx],
    support: &[UnitIdx],
    steps: &mut Vec<Step>,
) {
    if let Some(u) = main
        .iter()
        .chain(support)
        .copied()
        .find(|u| st.get(u) == Some(&1))
    {
        st.insert(u, 2);
        steps.push(Step {
            unit: u,
            eliminated: true,
            why: Why::OddHit,
        });
    }
}
