//! One NGG 1812 combat, assessed before the dice: who takes part (10.1, 10.3, 10.5), the
//! attack and defence values without their dice (11.2-11.7, 11.18), the caps on hits (11.14,
//! 11.15); [`Assessment::outcome`] (in `outcome.rs`) is everything that follows from the three
//! dice. The odds enumerate `outcome`; the resolution applies it.

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, ModValue, ModifierLine, Role,
};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::check_attackers;
use crate::rules::unit::{SideId, UnitIdx, UnitKind};

use super::Ngg;
use super::data::Tables;

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

/// The yes/no options of a combat (11.1 / 11.10 `withdraw`, 11.17's odd-hit option).
struct Flags {
    withdraw: bool,
    odd_hit_attacker: bool,
    odd_hit_defender: bool,
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

/// The attack type (combat only) and the option keys, with the yes/no options read.
fn read_options(req: &AttackRequest) -> Result<Flags, AttackError> {
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
    Ok(Flags {
        withdraw: yes_no(req, "withdraw")?,
        odd_hit_attacker: yes_no(req, "odd_hit_attacker")?,
        odd_hit_defender: yes_no(req, "odd_hit_defender")?,
    })
}

/// 10.1 / 10.3: the attackers (one side, every one adjacent to the defending hex and
/// undisrupted) and the defending hex (on the map, held by the other side). Returns the
/// attacker's side, the defender's side and the units in the defending hex.
fn sides(game: &Game, req: &AttackRequest) -> Result<(SideId, SideId, Vec<UnitIdx>), AttackError> {
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
                game.unit(u).name
            )));
        }
    }
    Ok((attacker_side, defender_side, in_hex))
}

/// The named units grouped by hex, in the order first named.
fn group_by_hex(game: &Game, req: &AttackRequest) -> Vec<(Coord, Vec<UnitIdx>)> {
    let mut groups: Vec<(Coord, Vec<UnitIdx>)> = Vec::new();
    for &u in &req.attackers {
        let h = game.unit(u).hex.unwrap_or(req.defender);
        match groups.iter_mut().find(|(c, _)| *c == h) {
            Some((_, v)) => v.push(u),
            None => groups.push((h, vec![u])),
        }
    }
    groups
}

/// Combat units and commanders, each in their order.
fn split(game: &Game, v: &[UnitIdx]) -> (Vec<UnitIdx>, Vec<UnitIdx>) {
    v.iter().partition(|u| !game.unit(**u).is_leader())
}

/// The attacking stack's hex: the `stack` option, else the hex with most named combat units
/// (ties: the first named).
fn choose_stack_hex(
    game: &Game,
    req: &AttackRequest,
    groups: &[(Coord, Vec<UnitIdx>)],
) -> Result<Coord, AttackError> {
    let combat_count = |v: &[UnitIdx]| v.iter().filter(|u| !game.unit(**u).is_leader()).count();
    match req.option("stack") {
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
            Ok(c)
        }
        None => {
            let best = groups
                .iter()
                .map(|(_, v)| combat_count(v))
                .max()
                .unwrap_or(0);
            Ok(groups
                .iter()
                .find(|(_, v)| combat_count(v) == best)
                .map(|(h, _)| *h)
                .unwrap_or(req.defender))
        }
    }
}

/// 3.3: a unit's occupancy factor in halves (a commander's is 0); a combat unit without a class
/// has none and cannot fight.
fn occupancy(t: &Tables, game: &Game, u: UnitIdx) -> Result<u32, AttackError> {
    let unit = game.unit(u);
    if unit.is_leader() {
        return Ok(0);
    }
    super::state::unit(game, u).class.map(|c| t.of_halves(c)).ok_or_else(|| {
        AttackError::Illegal(format!(
            "{} has no class (Veteran, Line or Conscript): its occupancy factor (3.3) is needed",
            unit.name
        ))
    })
}

/// 10.1 and 4.2: the attacking stack's named combat units and commanders; it names a combat
/// unit, every unit in its hex is undisrupted and its combat units fit the hex capacity.
fn attacking_units(
    t: &Tables,
    game: &Game,
    groups: &[(Coord, Vec<UnitIdx>)],
    stack_hex: Coord,
) -> Result<(Vec<UnitIdx>, Vec<UnitIdx>), AttackError> {
    let named = groups
        .iter()
        .find(|(c, _)| *c == stack_hex)
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let (combat, leaders) = split(game, &named);
    if combat.is_empty() {
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
            game.unit(*u).name,
            game.label(stack_hex)
        )));
    }
    // 4.2: the attacking units may not exceed the hex capacity.
    let mut of_sum = 0;
    for &u in &combat {
        of_sum += occupancy(t, game, u)?;
    }
    if of_sum > t.capacity_halves() {
        return Err(AttackError::Illegal(format!(
            "4.2: the attacking units' OF {} exceeds the hex capacity {}",
            of_sum as f64 / 2.0,
            t.hex_capacity
        )));
    }
    Ok((combat, leaders))
}

/// 11.2 bullet 3: the divisor of a stack's aggregate and why. "If any unit(s) within the stack"
/// force marched or already fought: every combat unit in the stack's hex is looked at, named
/// or not (commanders are not: seed silent, documented).
fn halving(t: &Tables, game: &Game, hex: Coord) -> (i32, String) {
    let units: Vec<UnitIdx> = game
        .units_at(hex)
        .iter()
        .copied()
        .filter(|u| !game.unit(*u).is_leader())
        .collect();
    let fm = units.iter().any(|u| game.unit(*u).forced_march);
    let fought = units
        .iter()
        .map(|u| super::state::unit(game, *u).combats)
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

/// The combat unit types among `v`, each once, in type order.
fn kinds(game: &Game, v: &[UnitIdx]) -> Vec<UnitKind> {
    let mut k: Vec<UnitKind> = v.iter().map(|u| game.unit(*u).kind).collect();
    k.sort_by_key(|k| *k as u8);
    k.dedup();
    k
}

/// The commander with the highest CR (ties: the first in unit order).
fn best_cr(game: &Game, leaders: &[UnitIdx]) -> Option<(i32, UnitIdx)> {
    leaders
        .iter()
        .map(|u| (super::state::unit(game, *u).rating, *u))
        .max_by_key(|(r, u)| (*r, std::cmp::Reverse(*u)))
}

/// The values without their dice, summed in the rules' order (11.3-11.7): the modifier lines
/// and the terms of the FAV and FDV texts.
struct Tally<'a> {
    t: &'a Tables,
    game: &'a Game,
    dhex: Coord,
    /// 11.4: the defending hex is a fortified city, or forest, marsh or rough ground.
    fortified: bool,
    difficult: bool,
    lines: Vec<ModifierLine>,
    fav_parts: Vec<String>,
    fdv_parts: Vec<String>,
}

impl<'a> Tally<'a> {
    fn new(t: &'a Tables, game: &'a Game, dhex: Coord) -> Tally<'a> {
        let terrain = game.map().terrain(dhex);
        Tally {
            t,
            game,
            dhex,
            fortified: terrain.is_some_and(|x| t.terrain.fortified_terrains.contains(&x)),
            difficult: terrain.is_some_and(|x| t.terrain.difficult_terrains.contains(&x)),
            lines: Vec::new(),
            fav_parts: Vec::new(),
            fdv_parts: Vec::new(),
        }
    }

    fn line(&mut self, role: Role, name: &str, v: i32, detail: String, rule: &str) {
        self.lines.push(ModifierLine {
            role,
            name: name.into(),
            value: ModValue::Points(v),
            detail,
            rule: rule.into(),
        });
    }

    /// The terms of the FAV (attacker) or FDV (defender) text.
    fn parts(&mut self, role: Role) -> &mut Vec<String> {
        match role {
            Role::Attacker => &mut self.fav_parts,
            Role::Defender => &mut self.fdv_parts,
        }
    }

    /// 11.4 / 11.5: a river between `from` and the defending hex, bridged or not.
    fn river(&self, from: Coord) -> bool {
        self.game
            .map()
            .side_between(from, self.dhex)
            .has_any(&self.t.terrain.river_features)
    }

    /// 11.3 / 11.6 with 11.2 bullet 3: the attack or defence value of a stack whose undisrupted
    /// combat units are `units`: their aggregate CFs plus the combined-arms bonus for their
    /// types, halved or quartered.
    fn stack_value(&mut self, role: Role, units: &[UnitIdx], hex: Coord) -> i32 {
        let (t, game) = (self.t, self.game);
        let n = units.len() as i32;
        let cf = n * t.cf_per_undisrupted_unit;
        self.line(
            role,
            "Combat factors",
            cf,
            format!(
                "{n} undisrupted combat units, CF {} each",
                t.cf_per_undisrupted_unit
            ),
            "3.3",
        );
        let ks = kinds(game, units);
        let ca = match ks.len() {
            0 | 1 => 0,
            2 => t.combined_arms_two_types,
            _ => t.combined_arms_three_types,
        };
        if ca != 0 {
            let (types, rule) = match role {
                Role::Attacker => ("types", "11.3"),
                Role::Defender => ("undisrupted types", "11.6"),
            };
            self.line(
                role,
                "Combined arms",
                ca,
                format!(
                    "{} {types}: {}",
                    ks.len(),
                    ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                ),
                rule,
            );
        }
        let (div, why) = halving(t, game, hex);
        let raw = cf + ca;
        let value = raw.div_euclid(div);
        if div > 1 {
            self.line(
                role,
                "Halved/quartered",
                value - raw,
                format!("{why}: {raw} / {div} = {value} (rounded down)"),
                "11.2",
            );
        }
        value
    }

    /// 11.5 / 11.7: the highest CR among the stack's commanders, limited to its `n` combat
    /// units (the defence: undisrupted ones); 0 without a commander.
    fn commander(&mut self, role: Role, leaders: &[UnitIdx], n: i32) -> i32 {
        let Some((cr, l)) = best_cr(self.game, leaders) else {
            return 0;
        };
        let v = cr.min(n);
        let (limit, rule) = match role {
            Role::Attacker => ("combat units present", "11.5"),
            Role::Defender => ("undisrupted combat units", "11.7"),
        };
        let game = self.game;
        let name = &game.unit(l).name;
        self.line(
            role,
            "Commander",
            v,
            format!("{name} CR {cr}, limited to {n} {limit}"),
            rule,
        );
        self.parts(role).push(format!("commander {v:+}"));
        v
    }

    /// 11.4: the attacking stack's river, fortified city and difficult terrain terms.
    fn attack_terrain(&mut self, hex: Coord, combat: &[UnitIdx]) -> i32 {
        let (t, game, a) = (self.t, self.game, Role::Attacker);
        let mut value = 0;
        if self.river(hex) {
            value += t.terrain.river_stack;
            let detail = format!(
                "{} to {} crosses a river (bridged or not)",
                game.label(hex),
                game.label(self.dhex)
            );
            self.line(a, "River", t.terrain.river_stack, detail, "11.4");
            self.fav_parts
                .push(format!("river {:+}", t.terrain.river_stack));
        }
        if self.fortified {
            let (v, what) = if has_artillery(game, combat) {
                (t.terrain.fortified_with_artillery_stack, "with artillery")
            } else {
                (
                    t.terrain.fortified_without_artillery_stack,
                    "without artillery",
                )
            };
            value += v;
            let detail = format!("attacking {what} into a fortified city");
            self.line(a, "Fortified city", v, detail, "11.4");
            self.fav_parts.push(format!("fortified city {v:+}"));
        } else if self.difficult {
            value += t.terrain.difficult_stack;
            let terrain = game.map().terrain(self.dhex);
            let detail = format!("attacking into {}", terrain.map_or("?", |x| x.name()));
            self.line(a, "Terrain", t.terrain.difficult_stack, detail, "11.4");
            self.fav_parts
                .push(format!("terrain {:+}", t.terrain.difficult_stack));
        }
        value
    }

    /// 11.3-11.5: the attacking stack: its attack value, modified by terrain, with its
    /// commander.
    fn attacking_stack(
        &mut self,
        hex: Coord,
        combat: Vec<UnitIdx>,
        leaders: Vec<UnitIdx>,
    ) -> Stack {
        let n = combat.len() as i32;
        let mut value = self.stack_value(Role::Attacker, &combat, hex);
        self.fav_parts.push(format!("attack value {value}"));
        value += self.attack_terrain(hex, &combat);
        value += self.commander(Role::Attacker, &leaders, n);
        Stack {
            hex,
            combat,
            leaders,
            undisrupted: n as u32,
            value,
        }
    }

    /// 10.3 / 10.5 with 11.2 bullet 3: a supporting stack's `n` undisrupted combat units,
    /// halved or quartered, and the detail so far.
    fn support_count(&self, h: Coord, n: i32) -> (i32, Vec<String>) {
        let (div, why) = halving(self.t, self.game, h);
        let v = n.div_euclid(div);
        let mut detail = vec![format!("{n} undisrupted combat units")];
        if div > 1 {
            detail.push(format!("{why} to {v}"));
        }
        (v, detail)
    }

    /// 11.5's footnote: an attacker's supporting stack across a river, into a fortified city
    /// or into forest, marsh or rough ground.
    fn support_terrain(&self, h: Coord, named: &[UnitIdx], detail: &mut Vec<String>) -> i32 {
        let t = self.t;
        let mut v = 0;
        if self.river(h) {
            v += t.terrain.river_support;
            detail.push(format!("river {:+}", t.terrain.river_support));
        }
        if self.fortified {
            let (m, what) = if has_artillery(self.game, named) {
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
        } else if self.difficult {
            v += t.terrain.difficult_support;
            detail.push(format!("terrain {:+}", t.terrain.difficult_support));
        }
        v
    }

    /// 11.5 / 11.7: a supporting stack's commander bonus, its line and its FAV / FDV term.
    fn support_total(
        &mut self,
        role: Role,
        h: Coord,
        mut v: i32,
        mut detail: Vec<String>,
        leaders: &[UnitIdx],
    ) -> i32 {
        if !leaders.is_empty() {
            v += self.t.support_commander_bonus;
            detail.push(format!("commander {:+}", self.t.support_commander_bonus));
        }
        let rule = match role {
            Role::Attacker => "10.3, 11.5",
            Role::Defender => "10.5, 11.7",
        };
        let label = self.game.label(h);
        let name = format!("Supporting stack {label}");
        self.line(role, &name, v, detail.join(", "), rule);
        self.parts(role).push(format!("support {label} {v:+}"));
        v
    }

    /// 10.3, 11.5: one of the attacker's supporting stacks (`named`: its named combat units).
    fn attacker_support(&mut self, h: Coord, named: &[UnitIdx], leaders: Vec<UnitIdx>) -> Stack {
        let n = named.len() as i32;
        let (v, mut detail) = self.support_count(h, n);
        let v = v + self.support_terrain(h, named, &mut detail);
        let value = self.support_total(Role::Attacker, h, v, detail, &leaders);
        // 11.17 / 11.18: hits may fall on every combat unit of the supporting hex, named or
        // not, disrupted included, as on the defender's side.
        let game = self.game;
        let in_support: Vec<UnitIdx> = game
            .units_at(h)
            .iter()
            .copied()
            .filter(|u| !game.unit(*u).is_leader())
            .collect();
        Stack {
            hex: h,
            undisrupted: n as u32,
            combat: in_support,
            leaders,
            value,
        }
    }

    /// 11.6, 11.7, 11.18, 11.19: the defending stack, every unit in the hex: its defence value
    /// with its commander; 0 when it holds disrupted combat units only or commanders only.
    fn defence(&mut self, in_hex: &[UnitIdx]) -> Result<Stack, AttackError> {
        let game = self.game;
        let d = Role::Defender;
        let (combat, leaders) = split(game, in_hex);
        let und: Vec<UnitIdx> = combat
            .iter()
            .copied()
            .filter(|u| !game.unit(*u).is_disrupted())
            .collect();
        for &u in &combat {
            occupancy(self.t, game, u)?;
        }
        let dn = und.len() as i32;
        let mut value = 0;
        if combat.is_empty() {
            let detail = "no combat unit: each commander rolls to escape".into();
            self.line(d, "Commanders only", 0, detail, "11.19");
        } else if und.is_empty() {
            let detail = "FDV is 1d6 alone (no commander, no support)".into();
            self.line(d, "Disrupted units only", 0, detail, "11.18");
            self.fdv_parts.push("disrupted only: 0".into());
        } else {
            value = self.stack_value(d, &und, self.dhex);
            self.fdv_parts.push(format!("defence value {value}"));
            value += self.commander(d, &leaders, dn);
        }
        Ok(Stack {
            hex: self.dhex,
            combat,
            leaders,
            undisrupted: dn as u32,
            value,
        })
    }

    /// 10.5, 11.7: one of the defender's supporting stacks: every unit in the hex.
    fn defender_support(&mut self, h: Coord) -> Stack {
        let game = self.game;
        let (c, l) = split(game, game.units_at(h));
        let n = c.iter().filter(|u| !game.unit(**u).is_disrupted()).count() as i32;
        let (v, detail) = self.support_count(h, n);
        let value = self.support_total(Role::Defender, h, v, detail, &l);
        Stack {
            hex: h,
            undisrupted: n as u32,
            combat: c,
            leaders: l,
            value,
        }
    }

    /// 10.5 with 11.18: the defender's supporting stacks; none count when the defending hex
    /// holds no undisrupted combat unit (`ignored`).
    fn defender_supports(&mut self, hexes: Vec<Coord>, ignored: bool) -> Vec<Stack> {
        if !hexes.is_empty() && ignored {
            let detail = "the defending hex holds no undisrupted combat unit".into();
            self.line(
                Role::Defender,
                "Supporting stacks ignored",
                0,
                detail,
                "11.18",
            );
            return Vec::new();
        }
        hexes
            .into_iter()
            .map(|h| self.defender_support(h))
            .collect()
    }
}

fn has_artillery(game: &Game, v: &[UnitIdx]) -> bool {
    v.iter().any(|u| game.unit(*u).kind == UnitKind::Artillery)
}

/// 10.5: the hexes of the defender's supporting stacks, from the `defender_support` option:
/// each adjacent to the defending hex and holding an undisrupted combat unit of the defender.
fn defender_support_hexes(
    game: &Game,
    req: &AttackRequest,
    defender_side: SideId,
) -> Result<Vec<Coord>, AttackError> {
    let dhex = req.defender;
    let supports = |h: Coord| {
        game.units_at(h).iter().any(|u| {
            let x = game.unit(*u);
            x.side == defender_side && !x.is_leader() && !x.is_disrupted()
        })
    };
    let list = match req.option("defender_support") {
        None | Some("none") => return Ok(Vec::new()),
        Some("all") => {
            return Ok(dhex
                .neighbors()
                .into_iter()
                .filter(|h| supports(*h))
                .collect());
        }
        Some(list) => list,
    };
    let mut out = Vec::new();
    for label in list.split('+') {
        let c = game.scenario.parse_hex(label.trim()).map_err(|e| {
            AttackError::BadOption(format!(
                "option defender_support={list}: {e} (values: none, all, or hexes joined by +)"
            ))
        })?;
        if !c.is_adjacent(dhex) {
            return Err(AttackError::BadOption(format!(
                "option defender_support: {} is not adjacent to the defending hex {} (10.5)",
                game.label(c),
                game.label(dhex)
            )));
        }
        if !supports(c) {
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
    Ok(out)
}

impl Assessment {
    pub fn new(
        rules: &Ngg,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<Assessment, AttackError> {
        let t = &rules.tables;
        let flags = read_options(req)?;
        let (attacker_side, defender_side, in_hex) = sides(game, req)?;
        let dhex = req.defender;
        let groups = group_by_hex(game, req);
        let stack_hex = choose_stack_hex(game, req, &groups)?;
        let (s_combat, s_leaders) = attacking_units(t, game, &groups, stack_hex)?;
        let mut tally = Tally::new(t, game, dhex);
        // 11.3-11.5: the attacking stack and its supporting stacks.
        let stack = tally.attacking_stack(stack_hex, s_combat, s_leaders);
        let mut attacker_supports = Vec::new();
        for (h, v) in groups.iter().filter(|(h, _)| *h != stack_hex) {
            let (c, l) = split(game, v);
            if c.is_empty() {
                return Err(AttackError::Illegal(format!(
                    "the supporting stack in {} names no combat unit",
                    game.label(*h)
                )));
            }
            attacker_supports.push(tally.attacker_support(*h, &c, l));
        }
        // 11.6-11.7, 11.18: the defence and its supporting stacks.
        let defence = tally.defence(&in_hex)?;
        let leaders_only = defence.combat.is_empty();
        let disrupted_only = !leaders_only && defence.undisrupted == 0;
        let support_hexes = defender_support_hexes(game, req, defender_side)?;
        let defender_supports =
            tally.defender_supports(support_hexes, disrupted_only || leaders_only);
        let mut a = Assessment {
            attacker_side,
            defender_side,
            defender_hex: dhex,
            fav_base: total(&stack, &attacker_supports),
            fdv_base: total(&defence, &defender_supports),
            attacker_cap: cap(&stack, &attacker_supports),
            defender_cap: if disrupted_only || leaders_only {
                0
            } else {
                cap(&defence, &defender_supports)
            },
            stack,
            attacker_supports,
            defence,
            defender_supports,
            disrupted_only,
            leaders_only,
            pre_withdrawal: None,
            withdraw: flags.withdraw,
            odd_hit_attacker: flags.odd_hit_attacker,
            odd_hit_defender: flags.odd_hit_defender,
            lines: Vec::new(),
            fav_text: String::new(),
            fdv_text: String::new(),
            retreat_choice: None,
            attacker_losses: None,
            defender_losses: None,
            advance_choice: None,
        };
        a.texts(tally);
        a.read_choices(rules, game, choices)?;
        a.withdraw_before_combat(rules, game, &in_hex);
        Ok(a)
    }

    /// The modifier lines and the FAV / FDV arithmetic, one line each.
    fn texts(&mut self, tally: Tally<'_>) {
        self.lines = tally.lines;
        self.fav_text = format!(
            "FAV = {} = {} + 1d6",
            tally.fav_parts.join(", "),
            self.fav_base
        );
        self.fdv_text = format!(
            "FDV = {} = {} + 1d6",
            if tally.fdv_parts.is_empty() {
                "0".to_string()
            } else {
                tally.fdv_parts.join(", ")
            },
            self.fdv_base
        );
    }

    /// 11.1: a cavalry-only defence may withdraw before combat from attackers without cavalry.
    fn withdraw_before_combat(&mut self, rules: &Ngg, game: &Game, in_hex: &[UnitIdx]) {
        let all_cav = !self.defence.combat.is_empty()
            && self
                .defence
                .combat
                .iter()
                .all(|u| game.unit(*u).kind == UnitKind::Cavalry);
        // "the attackers have none": read as the attacking stack (the stack that carries out
        // the order, 11.1, and the one that may advance); supporting stacks do not count (seed
        // silent, documented).
        let att_cav = self
            .stack
            .combat
            .iter()
            .any(|u| game.unit(*u).kind == UnitKind::Cavalry);
        if self.withdraw && all_cav && !att_cav {
            self.pre_withdrawal = self.withdrawal_hex(rules, game, in_hex);
        }
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
            let class = |u: &UnitIdx| super::state::unit(game, *u).class;
            let of = |u: &UnitIdx| {
                if game.unit(*u).is_leader() {
                    0
                } else {
                    class(u).map_or(0, |c| t.of_halves(c))
                }
            };
            if let Some(x) = game
                .units_at(h)
                .iter()
                .find(|u| !game.unit(**u).is_leader() && class(u).is_none())
                .map(|u| game.unit(*u))
            {
                return Err(format!(
                    "{} there has no class: its OF (3.3) is unknown",
                    x.name
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
}

/// A stack's value with its supporting stacks' (the FAV or FDV without its die).
fn total(stack: &Stack, supports: &[Stack]) -> i32 {
    stack.value + supports.iter().map(|s| s.value).sum::<i32>()
}

/// 11.14 / 11.15: a side's undisrupted combat units, supporting stacks included.
fn cap(stack: &Stack, supports: &[Stack]) -> u32 {
    stack.undisrupted + supports.iter().map(|s| s.undisrupted).sum::<u32>()
}
