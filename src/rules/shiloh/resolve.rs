//! Shiloh fire and melee: the assessment shared by odds and resolution.
//!
//! Procedure (card values; every [project default] is in the tables file and
//! `docs/rulesets/shiloh.md`):
//! - Fire: every attacker must be within `fire_range` hexes of the target (default 1,
//!   [project default]). Each firing unit's strength = its men (artillery: 16 per gun) x the
//!   cumulative product of its card modifiers x the random modifier, the product clamped to
//!   [0.2, 2.0]. Casualties to the target = floor(sum of strengths x 22 / 560) (\[recon\] from the
//!   card's example: rifles at range one), capped at the men in the target hex.
//! - Melee ([project default: not on the card, not the game's procedure]): the attackers'
//!   melee strength (as above, melee column) inflicts floor(S x 22 / 560) casualties on the
//!   defenders; the defenders' melee strength, computed against the hex of the first-listed
//!   attacker, inflicts the same rate on the attackers. Nobody retreats or routs.
//! - Dice, in this order: one d6 for the attackers' random modifier (die face 1..6 -> 1.00,
//!   1.04, ... 1.20, [project default]); in melee, then one d6 for the defenders'. One die per
//!   side per attack, shared by the side's units.
//! - Losses: the defenders' first, then the attackers'; within a side, the order the command
//!   names (`Choices::defender_losses` / `attacker_losses`), else the unit with the most men
//!   first (ties: scenario order), the rest from the next. A unit at 0 men is eliminated.
//! - Odds: `defender_results` / `attacker_results` are exact casualty counts (codes such as
//!   "22"; fire's attacker result is "-"); `differential` holds the defender's casualties minus
//!   the attacker's (fire: the defender's casualties).

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, ModValue, ModifierLine, Odds, OptionSpec, Role,
};
use crate::rules::cv::{Cv, Prob};
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::{check_attackers, choice_units};
use crate::rules::unit::{SideId, UnitIdx, UnitKind};

use super::data::{Tables, fac};
use super::ops::{Action, ActionCtx, class_of, special_action_cost};
use super::strength::{Flank, Phase, SRole, Situation, UnitStrength, show, unit_strength};
use super::{R, Shiloh};

/// The options of an attack of this kind.
pub fn option_specs(kind: AttackType) -> Vec<OptionSpec> {
    let mut v = vec![OptionSpec {
        key: "flanked",
        label: "Flanked".into(),
        values: if kind == AttackType::Melee {
            vec!["no".into(), "target".into(), "attacker".into()]
        } else {
            vec!["no".into(), "target".into(), "firer".into()]
        },
        default: "no".into(),
        help: "card SPECIAL CONDITIONS and footnotes * / ***: `target` = the target (melee: the \
               defender) is flanked by the attackers (x1.5 fire and melee; the flanked defender \
               melees x0.5); `firer` = the firing units are themselves flanked (x1.0 in the fire \
               phase, x0.5 in Final Defensive Fire); melee `attacker` = the attacking units are \
               themselves flanked by the defenders (example 2: the flanked unit melees x0.5; \
               footnote ***: the flanker, here the defender, x1.5). How flanking is determined is \
               not on the card."
            .into(),
    }];
    v.push(OptionSpec {
        key: "outmaneuvered",
        label: "Outmaneuvered".into(),
        values: vec!["no".into(), "yes".into()],
        default: "no".into(),
        help: "card: \"Unit Outmaneuvered: Firing Unit's strength is cut in half for that \
               attack\" (x0.5 to the attacking units, inside the clamped product). When a unit is \
               outmaneuvered is not on the card: the player says."
            .into(),
    });
    v.push(OptionSpec {
        key: "successful_attack",
        label: "Successful attack".into(),
        values: vec!["no".into(), "yes".into()],
        default: "no".into(),
        help: "card: \"Successful Attack: Firing Unit's strength is increased by 50% for that \
               attack\" (x1.5 to the attacking units, inside the clamped product). When an attack \
               counts as successful is not on the card: the player says."
            .into(),
    });
    if kind == AttackType::Fire {
        v.push(OptionSpec {
            key: "phase",
            label: "Fire phase".into(),
            values: vec!["fire".into(), "final-defensive".into()],
            default: "fire".into(),
            help:
                "card footnotes * and **: disrupted, routed, limbered and out-of-ammunition units \
                   may only fire in Final Defensive Fire; a flanked unit firing then has x0.5."
                    .into(),
        });
    }
    v
}

/// The attack type of a request (fire by default).
pub fn kind_of(req: &AttackRequest) -> Result<AttackType, AttackError> {
    match req.kind {
        None => Ok(AttackType::Fire),
        Some(k @ (AttackType::Fire | AttackType::Melee)) => Ok(k),
        Some(k) => Err(AttackError::WrongType {
            ruleset: "shiloh",
            kind: k.name(),
            types: "fire, melee".into(),
        }),
    }
}

/// The parsed options of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub phase: Phase,
    pub flank: Flank,
    pub outmaneuvered: bool,
    pub successful_attack: bool,
}

fn parse_options(kind: AttackType, req: &AttackRequest) -> Result<Options, AttackError> {
    let specs = option_specs(kind);
    for (k, v) in &req.options {
        let Some(s) = specs.iter().find(|s| s.key == k) else {
            return Err(AttackError::BadOption(format!(
                "unknown option {k:?} for shiloh {kind}; options: {}",
                specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", ")
            )));
        };
        if !s.values.contains(v) {
            return Err(AttackError::BadOption(format!(
                "option {k}={v:?}: values are {}",
                s.values.join(", ")
            )));
        }
    }
    let phase = match req.option("phase") {
        Some("final-defensive") => Phase::FinalDefensive,
        _ => Phase::Fire,
    };
    let flank = match req.option("flanked") {
        Some("target") => Flank::Target,
        Some("firer") => Flank::Firer,
        Some("attacker") => Flank::Attacker,
        _ => Flank::No,
    };
    Ok(Options {
        phase,
        flank,
        outmaneuvered: req.option("outmaneuvered") == Some("yes"),
        successful_attack: req.option("successful_attack") == Some("yes"),
    })
}

/// One attack, assessed: everything the odds and the resolution share.
#[derive(Clone, Debug)]
pub struct Assessment {
    pub kind: AttackType,
    pub phase: Phase,
    pub flank: Flank,
    pub outmaneuvered: bool,
    pub successful_attack: bool,
    pub defender_hex: Coord,
    pub attackers: Vec<UnitIdx>,
    /// The combat units in the defending hex.
    pub defenders: Vec<UnitIdx>,
    pub att: Vec<UnitStrength>,
    /// Melee only: the defenders' strengths against the attackers.
    pub def: Vec<UnitStrength>,
    /// Random modifier per die face 1..6.
    pub random: Vec<R>,
    /// Casualty rate per strength point (men, per strength).
    pub rate: (u32, u32),
    pub rate_source: String,
    pub attacker_men: u32,
    pub defender_men: u32,
    clamp: (R, R),
}

/// What one set of dice gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub attacker_strength: R,
    pub defender_strength: R,
    pub defender_loss: u32,
    pub attacker_loss: u32,
}

fn floor(r: R) -> u32 {
    (r.numer() / r.denom()).max(0) as u32
}

impl Assessment {
    /// The attack assessed, every factor named, explained and cited.
    pub fn new(rules: &Shiloh, game: &Game, req: &AttackRequest) -> Result<Self, AttackError> {
        Self::assess(rules, game, req, true)
    }

    /// The same assessment, values only: the factors carry no names or explanations (the
    /// checks and the computer players' odds, which read none; several times cheaper).
    pub fn unexplained(
        rules: &Shiloh,
        game: &Game,
        req: &AttackRequest,
    ) -> Result<Self, AttackError> {
        Self::assess(rules, game, req, false)
    }

    fn assess(
        rules: &Shiloh,
        game: &Game,
        req: &AttackRequest,
        explain: bool,
    ) -> Result<Self, AttackError> {
        let t = &rules.tables;
        let kind = kind_of(req)?;
        let opts = parse_options(kind, req)?;
        let (phase, flank) = (opts.phase, opts.flank);
        if req.attackers.is_empty() {
            return Err(AttackError::NoAttackers);
        }
        let stripped = without_leaders(game, req);
        let req = stripped.as_ref().unwrap_or(req);
        if req.attackers.is_empty() {
            return Err(AttackError::ZeroCv);
        }
        let def_hex = req.defender;
        if !game.map().contains(def_hex) {
            return Err(AttackError::BadHex(format!(
                "hex {} is not on the map",
                game.label(def_hex)
            )));
        }
        let side = check_attackers(game, &req.attackers)?;
        if let Some(w) = req
            .attackers
            .iter()
            .find(|a| game.unit(**a).kind == UnitKind::Wagon)
        {
            return Err(AttackError::Illegal(format!(
                "{} is a wagon: it does not fire or melee",
                game.unit(*w).id
            )));
        }
        let defenders = defending_units(game, req, side)?;
        for &a in &req.attackers {
            may_attack(t, game, kind, phase, def_hex, a)?;
        }
        let (att, def) = strengths(t, game, req, kind, &opts, &defenders, explain)?;
        let (rate, rate_source) = casualty_rate(t, kind);
        Ok(Assessment {
            kind,
            phase,
            flank,
            outmaneuvered: opts.outmaneuvered,
            successful_attack: opts.successful_attack,
            defender_hex: def_hex,
            attacker_men: req.attackers.iter().map(|a| game.unit(*a).manpower).sum(),
            defender_men: defenders.iter().map(|d| game.unit(*d).manpower).sum(),
            attackers: req.attackers.clone(),
            defenders,
            att,
            def,
            random: t.random.by_die.iter().map(|x| fac(*x)).collect(),
            rate,
            rate_source,
            clamp: (fac(t.clamp_min), fac(t.clamp_max)),
        })
    }

    fn side_strength(&self, list: &[UnitStrength], random: R) -> R {
        list.iter()
            .map(|u| {
                let p = u.product * random;
                let p = p.max(self.clamp.0).min(self.clamp.1);
                R::from_integer(u.base as i128) * p
            })
            .sum()
    }

    /// Casualties a strength inflicts (floor(S x men / per_strength)), before the cap.
    pub fn casualties(&self, strength: R) -> u32 {
        floor(strength * R::new(self.rate.0 as i128, self.rate.1 as i128))
    }

    /// The outcome of the attackers' die (and, in melee, the defenders').
    pub fn outcome(&self, att_die: u8, def_die: u8) -> Outcome {
        let ra = self.random[(att_die.clamp(1, 6) - 1) as usize];
        let s_att = self.side_strength(&self.att, ra);
        let defender_loss = self.casualties(s_att).min(self.defender_men);
        let (s_def, attacker_loss) = if self.kind == AttackType::Melee {
            let rd = self.random[(def_die.clamp(1, 6) - 1) as usize];
            let s = self.side_strength(&self.def, rd);
            (s, self.casualties(s).min(self.attacker_men))
        } else {
            (R::from_integer(0), 0)
        };
        Outcome {
            attacker_strength: s_att,
            defender_strength: s_def,
            defender_loss,
            attacker_loss,
        }
    }

    /// Every dice combination with its probability (fire: one die; melee: two). Each side's
    /// strength and the losses it inflicts depend on its own die only ([`Assessment::outcome`]),
    /// so a melee's 36 cases combine the six of each side.
    pub fn enumerate(&self) -> Vec<((u8, u8), Prob, Outcome)> {
        let mut out = Vec::new();
        // Each side's strength on each die is the work the computer opponent's budget counts
        // (`rules::work`): six a side.
        let sides = if self.kind == AttackType::Melee { 2 } else { 1 };
        crate::rules::work::add(6 * sides);
        if self.kind == AttackType::Melee {
            let by_die: Vec<Outcome> = (1..=6u8).map(|x| self.outcome(x, x)).collect();
            for (a, att) in (1..=6u8).zip(&by_die) {
                for (d, def) in (1..=6u8).zip(&by_die) {
                    let o = Outcome {
                        attacker_strength: att.attacker_strength,
                        defender_loss: att.defender_loss,
                        defender_strength: def.defender_strength,
                        attacker_loss: def.attacker_loss,
                    };
                    out.push(((a, d), Prob::new(1, 36), o));
                }
            }
        } else {
            for a in 1..=6u8 {
                out.push(((a, 0), Prob::new(1, 6), self.outcome(a, 0)));
            }
        }
        out
    }

    fn lines(&self, game: &Game) -> Vec<ModifierLine> {
        let mut lines = Vec::new();
        for (role, list) in [(Role::Attacker, &self.att), (Role::Defender, &self.def)] {
            for us in list {
                let id = &game.unit(us.unit).name;
                lines.push(ModifierLine {
                    role,
                    name: format!("{id}: base"),
                    value: ModValue::Points(us.base as i32),
                    detail: us.base_detail.clone(),
                    rule: "[card] strength = men x modifiers".into(),
                });
                for f in &us.factors {
                    lines.push(ModifierLine {
                        role,
                        name: f.name.clone(),
                        value: factor_value(f.value),
                        detail: f.detail.clone(),
                        rule: f.rule.clone(),
                    });
                }
                lines.push(ModifierLine {
                    role,
                    name: format!("{id}: product of the modifiers"),
                    value: factor_value(us.product),
                    detail: format!(
                        "{} (before the random modifier and the clamp)",
                        show(us.product)
                    ),
                    rule: "[card] All modifiers are cumulative (multiplied together)".into(),
                });
                lines.push(ModifierLine {
                    role,
                    name: format!("{id}: random modifier"),
                    value: factor_value(self.random[0]),
                    detail: format!(
                        "d6 1..6 -> {}; the product x random is clamped to [{}, {}]",
                        self.random.iter().map(|r| format!("{:.2}", to_f(*r))).collect::<Vec<_>>().join(", "),
                        to_f(self.clamp.0),
                        to_f(self.clamp.1)
                    ),
                    rule: "[card] Random Modifier 1.0 to 1.2; one d6 per side [project default: not on the card]".into(),
                });
                let (p1, c1) = clamp_pair(self.clamp, us.product * self.random[0]);
                let s1 = R::from_integer(us.base as i128) * p1;
                lines.push(ModifierLine {
                    role,
                    name: format!("{id}: strength at random 1.00"),
                    value: ModValue::Points(floor(s1) as i32),
                    detail: format!(
                        "{} x {}{} = {}",
                        us.base,
                        show(p1),
                        if c1 { " (clamped)" } else { "" },
                        show(s1)
                    ),
                    rule: "[card] Maximum and Minimum Modifiers: 2.0 and 0.2".into(),
                });
            }
        }
        lines.push(ModifierLine {
            role: Role::Attacker,
            name: "Casualty rate".into(),
            value: ModValue::Factor(to_factor(R::new(self.rate.0 as i128, self.rate.1 as i128))),
            detail: format!("{} men per {} strength", self.rate.0, self.rate.1),
            rule: self.rate_source.clone(),
        });
        lines
    }
}

/// The request without the leaders named among its attackers (a stack chosen whole): they do
/// not fire or melee; their bonus counts for the units in their hex either way. `None` when
/// it names no leader.
fn without_leaders(game: &Game, req: &AttackRequest) -> Option<AttackRequest> {
    let leader = |a: &UnitIdx| a.i() < game.units.len() && game.unit(*a).is_leader();
    if !req.attackers.iter().any(leader) {
        return None;
    }
    let mut r = req.clone();
    r.attackers.retain(|a| !leader(a));
    Some(r)
}

/// The combat units in the defending hex, which must hold some, of the other side.
fn defending_units(
    game: &Game,
    req: &AttackRequest,
    side: SideId,
) -> Result<Vec<UnitIdx>, AttackError> {
    let def_hex = req.defender;
    let here = game.units_at(def_hex);
    if here.is_empty() {
        return Err(AttackError::EmptyHex(game.label(def_hex)));
    }
    let defenders: Vec<UnitIdx> = here
        .iter()
        .copied()
        .filter(|d| game.unit(*d).is_combat())
        .collect();
    if defenders.is_empty() {
        return Err(AttackError::NoCombatDefender(game.label(def_hex)));
    }
    if game.unit(defenders[0]).side == side {
        return Err(AttackError::SameSide {
            unit: game.unit(req.attackers[0]).id.clone(),
            hex: game.label(def_hex),
            side: game.scenario.side_name(side).into(),
        });
    }
    Ok(defenders)
}

/// Whether attacker `a` may take part: within reach (fire: `fire_range`; melee: adjacent),
/// not a gunboat in melee, and the OP table's action row is not P for it.
fn may_attack(
    t: &Tables,
    game: &Game,
    kind: AttackType,
    phase: Phase,
    def_hex: Coord,
    a: UnitIdx,
) -> Result<(), AttackError> {
    let u = super::state::su(game, a);
    let from = u.hex.expect("on map");
    let reach = if kind == AttackType::Fire {
        t.fire_range
    } else {
        1
    };
    if from.distance(def_hex) > reach || from == def_hex {
        return Err(if reach == 1 {
            AttackError::NotAdjacent {
                unit: u.id.clone(),
                from: game.label(from),
                hex: game.label(def_hex),
            }
        } else {
            AttackError::Illegal(format!(
                "{} in {} is {} hexes from {}; fire reaches {reach} (fire_range)",
                u.name,
                game.label(from),
                from.distance(def_hex),
                game.label(def_hex)
            ))
        });
    }
    // The OP table's action rows: P means the unit cannot take the action.
    let action = match (kind, phase) {
        (AttackType::Melee, _) => Some(Action::MeleeAttacker),
        (_, Phase::Fire) => Some(Action::FireInFirePhase),
        _ => None,
    };
    if u.kind == UnitKind::Gunboat && kind == AttackType::Melee {
        return Err(AttackError::Illegal(format!(
            "{} is a gunboat: the card gives gunboats no melee",
            u.id
        )));
    }
    if let (Some(action), Some(class)) = (action, class_of(u)) {
        let ctx = ActionCtx {
            terrain: game
                .map()
                .terrain(from)
                .unwrap_or(crate::rules::map::Terrain::Clear),
            in_enemy_zoc: false,
            night: false,
        };
        if let Err(why) = special_action_cost(t, class, action, ctx) {
            return Err(AttackError::Illegal(format!(
                "{}: {why} (card OPERATIONS COSTS TABLE)",
                u.id
            )));
        }
    }
    Ok(())
}

/// Each attacker's strength against the defending hex and, in melee, each defender's against
/// the hex of the first-listed attacker.
fn strengths(
    t: &Tables,
    game: &Game,
    req: &AttackRequest,
    kind: AttackType,
    opts: &Options,
    defenders: &[UnitIdx],
    explain: bool,
) -> Result<(Vec<UnitStrength>, Vec<UnitStrength>), AttackError> {
    let situation = |role, target| Situation {
        role,
        phase: opts.phase,
        flank: opts.flank,
        target,
        attackers: &req.attackers,
        outmaneuvered: opts.outmaneuvered,
        successful_attack: opts.successful_attack,
        explain,
    };
    let role = if kind == AttackType::Fire {
        SRole::Fire
    } else {
        SRole::MeleeAttacker
    };
    let mut att = Vec::new();
    for &a in &req.attackers {
        let s = situation(role, req.defender);
        att.push(unit_strength(t, game, a, &s).map_err(AttackError::Illegal)?);
    }
    let mut def = Vec::new();
    if kind == AttackType::Melee {
        let target = game.unit(req.attackers[0]).hex.expect("on map");
        for &d in defenders {
            let s = situation(SRole::MeleeDefender, target);
            def.push(unit_strength(t, game, d, &s).map_err(AttackError::Illegal)?);
        }
    }
    Ok((att, def))
}

/// The casualty rate (men, per strength) and its source: the default weapon's at range one
/// for fire, `melee_casualties` for melee.
fn casualty_rate(t: &Tables, kind: AttackType) -> ((u32, u32), String) {
    if kind == AttackType::Fire {
        let w = t.weapon().expect("checked tables");
        ((w.men, w.per_strength), w.source.clone())
    } else {
        let m = &t.melee_casualties;
        ((m.men, m.per_strength), m.source.clone())
    }
}

fn clamp_pair(c: (R, R), p: R) -> (R, bool) {
    if p < c.0 {
        (c.0, true)
    } else if p > c.1 {
        (c.1, true)
    } else {
        (p, false)
    }
}

fn to_f(r: R) -> f64 {
    *r.numer() as f64 / *r.denom() as f64
}

/// A factor in ten-thousandths (rounded to the nearest when not exact, e.g. 77/96).
pub fn to_factor(r: R) -> u32 {
    let x = r * R::from_integer(10_000);
    ((x.numer() * 2 + x.denom()) / (2 * x.denom())).max(0) as u32
}

fn factor_value(r: R) -> ModValue {
    ModValue::Factor(to_factor(r))
}

fn dist_codes(map: BTreeMap<u32, Prob>) -> Vec<(String, Prob)> {
    map.into_iter().map(|(k, p)| (k.to_string(), p)).collect()
}

/// The exact odds.
pub fn odds(_rules: &Shiloh, game: &Game, a: &Assessment) -> Odds {
    let mut o = unexplained_odds(a);
    o.lines = a.lines(game);
    o.extra_json = explanation(game, a);
    o
}

/// The odds' numbers alone: no modifier lines, no JSON details.
pub fn unexplained_odds(a: &Assessment) -> Odds {
    let all = a.enumerate();
    let zero = Prob::from_integer(0);
    let mut dres: BTreeMap<u32, Prob> = BTreeMap::new();
    let mut ares: BTreeMap<u32, Prob> = BTreeMap::new();
    let mut diff: BTreeMap<i32, Prob> = BTreeMap::new();
    let (mut el_d, mut el_a) = (zero, zero);
    for (_, p, o) in &all {
        *dres.entry(o.defender_loss).or_insert(zero) += *p;
        *ares.entry(o.attacker_loss).or_insert(zero) += *p;
        *diff
            .entry(o.defender_loss as i32 - o.attacker_loss as i32)
            .or_insert(zero) += *p;
        el_d += *p * Prob::from_integer(o.defender_loss as u64);
        el_a += *p * Prob::from_integer(o.attacker_loss as u64);
    }
    let attacker_results = if a.kind == AttackType::Melee {
        dist_codes(ares)
    } else {
        vec![("-".to_string(), Prob::from_integer(1))]
    };
    Odds {
        ruleset: "shiloh",
        kind: a.kind,
        lines: Vec::new(),
        attacker_drm: ModValue::Fixed(0),
        defender_drm: ModValue::Fixed(0),
        extra_die: false,
        differential: diff,
        attacker_results,
        defender_results: dist_codes(dres),
        attacker_expected_loss: el_a,
        defender_expected_loss: el_d,
        attacker_manpower: a.attacker_men,
        defender_manpower: a.defender_men,
        p_retreat: zero,
        p_rout: zero,
        hex_notes: Vec::new(),
        extra_json: serde_json::Map::new(),
    }
}

/// The odds' explanation beyond the modifier lines: each unit's factors, exact and as
/// numbers, the strength by die, the casualty rate and the options (`musket odds --json`).
fn explanation(game: &Game, a: &Assessment) -> serde_json::Map<String, Value> {
    let mut x = serde_json::Map::new();
    x.insert(
        "differential_meaning".into(),
        serde_json::json!("the defender's casualties minus the attacker's, in men"),
    );
    let by_die: Vec<Value> = (1..=6u8)
        .map(|d| {
            let o = a.outcome(d, d);
            json!({"die": d, "random": to_f(a.random[(d - 1) as usize]), "strength": to_f(o.attacker_strength), "defender_casualties": o.defender_loss})
        })
        .collect();
    let s1 = a.side_strength(&a.att, a.random[0]);
    x.insert("strength".into(), json!(to_f(s1)));
    x.insert("strength_exact".into(), json!(show(s1)));
    let units: Vec<Value> = a
        .att
        .iter()
        .chain(&a.def)
        .map(|us| {
            let (p, c) = clamp_pair(a.clamp, us.product * a.random[0]);
            json!({
                "unit": game.unit(us.unit).id,
                "side": if a.att.iter().any(|x| x.unit == us.unit) { "attacker" } else { "defender" },
                "base": us.base,
                "factors": us.factors.iter().map(|f| json!({"name": f.name, "value": to_f(f.value), "exact": show(f.value), "rule": f.rule})).collect::<Vec<_>>(),
                "modifier_product": to_f(us.product),
                "modifier_product_exact": show(us.product),
                "clamped": c,
                "strength": to_f(R::from_integer(us.base as i128) * p),
            })
        })
        .collect();
    let product = a
        .att
        .first()
        .map(|u| u.product)
        .unwrap_or(R::from_integer(1));
    x.insert("modifier_product".into(), json!(to_f(product)));
    x.insert(
        "clamped".into(),
        json!(a.att.iter().chain(&a.def).any(|u| {
            a.random
                .iter()
                .any(|r| clamp_pair(a.clamp, u.product * *r).1)
        })),
    );
    x.insert("units".into(), Value::Array(units));
    x.insert("by_die".into(), Value::Array(by_die));
    x.insert(
        "casualty_rate".into(),
        json!(format!("{}/{}", a.rate.0, a.rate.1)),
    );
    x.insert(
        "phase".into(),
        json!(match a.phase {
            Phase::Fire => "fire",
            Phase::FinalDefensive => "final-defensive",
        }),
    );
    x.insert(
        "flanked".into(),
        json!(match a.flank {
            Flank::No => "no",
            Flank::Target => "target",
            Flank::Firer => "firer",
            Flank::Attacker => "attacker",
        }),
    );
    x.insert("outmaneuvered".into(), json!(a.outmaneuvered));
    x.insert("successful_attack".into(), json!(a.successful_attack));
    x
}

/// Loss orders for the attackers and the defenders, when the command gives them.
pub type LossOrders = (Option<Vec<UnitIdx>>, Option<Vec<UnitIdx>>);

/// Check the choices: loss orders only (Shiloh's card has no retreat or advance here).
pub fn check_choices(game: &Game, a: &Assessment, c: &Choices) -> Result<LossOrders, AttackError> {
    if c.retreat.is_some() || c.advance.is_some() {
        return Err(AttackError::Choice(
            "shiloh fire and melee have no retreat or advance (not on the card)".into(),
        ));
    }
    Ok((
        choice_units(game, &c.attacker_losses, &a.attackers, "attacker_losses")?,
        choice_units(game, &c.defender_losses, &a.defenders, "defender_losses")?,
    ))
}

/// Loss allocation: `loss` men taken from `units`, those `first` names first (in its order),
/// then the rest from the most men down (ties: in the order of `units`); a unit at 0 men is eliminated.
fn take_losses(
    game: &mut Game,
    units: &[UnitIdx],
    loss: u32,
    first: Option<Vec<UnitIdx>>,
    ev: &mut Vec<Event>,
) {
    let shares =
        crate::rules::attack::loss_shares(|u| game.unit(u).manpower, units, loss, first.as_deref());
    for (u, take) in shares {
        let unit = game.unit_mut(u);
        unit.manpower -= take;
        unit.cv = Cv::whole(unit.manpower);
        let now = unit.manpower;
        ev.push(Event::ManpowerLost {
            unit: u,
            amount: take,
            left: now,
        });
        if now == 0 {
            game.place(u, None);
            ev.push(Event::Eliminated { unit: u });
        }
    }
}

/// Roll and apply (dice order in the module documentation).
pub fn resolve(
    rules: &Shiloh,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = Assessment::new(rules, game, req)?;
    let (att_order, def_order) = check_choices(game, &a, choices)?;
    let mut ev = vec![Event::AttackDeclared {
        kind: a.kind,
        attackers: a.attackers.clone(),
        defender: a.defender_hex,
        defenders: a.defenders.clone(),
        attacker_drm: 0,
        defender_drm: 0,
    }];
    let (ad, dd) = roll_random_modifiers(&a, dice, &mut ev);
    let o = a.outcome(ad, dd);
    side_notes(game, &a, &o, Role::Attacker, ad, &mut ev);
    if a.kind == AttackType::Melee {
        side_notes(game, &a, &o, Role::Defender, dd, &mut ev);
    }
    ev.push(Event::CombatResult {
        differential: o.defender_loss as i32 - o.attacker_loss as i32,
        attacker: if a.kind == AttackType::Melee {
            o.attacker_loss.to_string()
        } else {
            "-".into()
        },
        defender: o.defender_loss.to_string(),
    });
    take_losses(game, &a.defenders, o.defender_loss, def_order, &mut ev);
    if a.kind == AttackType::Melee {
        take_losses(game, &a.attackers, o.attacker_loss, att_order, &mut ev);
    }
    Ok(ev)
}

/// The attackers' random-modifier die, then in melee the defenders' (fire: 0), with their
/// events.
fn roll_random_modifiers(
    a: &Assessment,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) -> (u8, u8) {
    let ad = crate::rules::event::roll_die(dice, DieRole::Attacker, ev);
    let dd = if a.kind == AttackType::Melee {
        crate::rules::event::roll_die(dice, DieRole::Defender, ev)
    } else {
        0
    };
    (ad, dd)
}

/// A side's notes: each unit's strength with the side's random modifier (die `die`), then the
/// side's strength and the casualties it inflicts (the outcome's).
fn side_notes(game: &Game, a: &Assessment, o: &Outcome, role: Role, die: u8, ev: &mut Vec<Event>) {
    let (list, side, strength, loss, whom) = match role {
        Role::Attacker => (
            &a.att,
            "Attackers'",
            o.attacker_strength,
            o.defender_loss,
            "the defenders",
        ),
        Role::Defender => (
            &a.def,
            "Defenders' melee",
            o.defender_strength,
            o.attacker_loss,
            "the attackers [project default melee procedure]",
        ),
    };
    let r = a.random[(die - 1) as usize];
    for us in list {
        let (p, c) = clamp_pair(a.clamp, us.product * r);
        ev.push(Event::Note {
            text: format!(
                "{}: {} x {} (modifiers) x {:.2} (random) = {}{} -> strength {:.2}",
                game.unit(us.unit).name,
                us.base,
                show(us.product),
                to_f(r),
                show(p),
                if c { " (clamped)" } else { "" },
                to_f(R::from_integer(us.base as i128) * p)
            ),
        });
    }
    ev.push(Event::Note {
        text: format!(
            "{side} strength {:.2} x {}/{} = {loss} casualties to {whom}",
            to_f(strength),
            a.rate.0,
            a.rate.1
        ),
    });
}
