//! Resolving a GCACW attack: roll, read the CRT, apply the results (gcacw-tables.md §6).
//!
//! Procedure and defaults (each default applies only when the command carries no choice):
//! 1. Dice, in this order: the artillery die (only when the artillery cell needs it), the
//!    attacker's d6, the defender's d6. The outcome comes from [`Assessment::outcome`], the
//!    function the odds enumerate.
//! 2. The defender's result, then the attacker's, each in this order:
//!    - manpower loss, capped at the side's manpower in the combat. Default allocation: the
//!      whole loss from the unit with the most manpower (ties: the first listed), any rest from
//!      the next; a unit at 0 manpower is eliminated. A loss changes the CV: an organized unit's
//!      CV is its manpower, a disorganized one's comes from the `disorganized_cv` table;
//!    - `D`: every surviving unit of the side flips to disorganized (CV from the table);
//!    - `f` / `F`: fatigue +1 / +2 on every surviving unit, capped at `fatigue_max`;
//!    - a retreat letter's demoralization (`R`: Demoralized-1) on every surviving unit;
//!    - letters whose effect the sources do not give (`E`, `*`) are logged, not applied.
//! 3. The defender's retreat (`r` 2-4 hexes, `R` 4-6): the whole stack, leaders included, moves
//!    along one path whose every hex is farther from the attacking units' hexes than the one
//!    before, is on the map, holds no enemy unit, is not in an enemy ZOC and is not across an
//!    impassable hexside. Default: the shortest allowed length; among such paths the one with
//!    the most steps along a route, then the one ending farthest from the attackers, then the
//!    first by hex labels. No legal path: the stack surrenders (is eliminated).
//! 4. `a`: the attacker may advance into the vacated hex with the units the command names; if
//!    it names none, the game offers the advance (`Command::Advance`) until the next command.

use crate::rules::attack::{AttackError, AttackRequest, Choices, Role};
use crate::rules::cv::Cv;
use crate::rules::dice::{DieRole, DieSource};
use crate::rules::event::Event;
use crate::rules::game::{AdvanceOption, Game};
use crate::rules::hex::Coord;
use crate::rules::ruleset::choice_units;
use crate::rules::unit::{SideId, UnitIdx};

use super::Gcacw;
use super::assess::Assessment;
use super::data::{Effect, ResultCode, Tables};

/// Choices resolved to units and hexes.
struct Plan {
    attacker_losses: Option<Vec<UnitIdx>>,
    defender_losses: Option<Vec<UnitIdx>>,
    retreat: Option<Vec<Coord>>,
    advance: Option<Vec<UnitIdx>>,
}

fn plan(game: &Game, a: &Assessment, c: &Choices) -> Result<Plan, AttackError> {
    let mut movers = a.attackers.clone();
    movers.extend(&a.attacker_leaders);
    let retreat = match &c.retreat {
        None => None,
        Some(labels) => {
            if labels.is_empty() {
                return Err(AttackError::Choice("retreat: the path is empty".into()));
            }
            let mut path = Vec::new();
            for l in labels {
                path.push(
                    game.scenario
                        .parse_hex(l)
                        .map_err(|e| AttackError::Choice(format!("retreat: {e}")))?,
                );
            }
            Some(path)
        }
    };
    Ok(Plan {
        attacker_losses: choice_units(game, &c.attacker_losses, &a.attackers, "attacker_losses")?,
        defender_losses: choice_units(game, &c.defender_losses, &a.defenders, "defender_losses")?,
        retreat,
        advance: choice_units(game, &c.advance, &movers, "advance")?,
    })
}

/// Check the choices a command carries against an attack already assessed.
pub fn check_plan(game: &Game, a: &Assessment, c: &Choices) -> Result<(), AttackError> {
    plan(game, a, c).map(|_| ())
}

/// Check the choices a command carries against the attack, without rolling.
pub fn check_choices(
    rules: &Gcacw,
    game: &Game,
    req: &AttackRequest,
    c: &Choices,
) -> Result<(), AttackError> {
    let a = Assessment::new(rules, game, req)?;
    plan(game, &a, c).map(|_| ())
}

pub fn resolve(
    rules: &Gcacw,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = Assessment::new(rules, game, req)?;
    let plan = plan(game, &a, choices)?;
    let mut ev = vec![declared(&a)];

    // 1. Dice.
    let (ar, dr) = roll(rules, &a, dice, &mut ev);

    // 2. Each side's result.
    apply_side(
        rules,
        game,
        &a.defenders,
        &dr,
        plan.defender_losses.as_deref(),
        Role::Defender,
        &mut ev,
    );
    apply_side(
        rules,
        game,
        &a.attackers,
        &ar,
        plan.attacker_losses.as_deref(),
        Role::Attacker,
        &mut ev,
    );

    // 3. Retreat.
    if let Some((min, max, rout, _)) = dr.retreat() {
        defender_retreat(rules, game, &a, &plan, (min, max, rout), &mut ev);
    }
    if ar.retreat().is_some() {
        ev.push(Event::CodeNotApplied {
            role: Role::Attacker,
            letter: ar
                .letters
                .iter()
                .find(|(_, e)| matches!(e, Effect::Retreat { .. }))
                .map_or('r', |(c, _)| *c),
            note: "attacker retreats are not part of the GCACW tables; move the units by hand"
                .into(),
        });
    }

    // 4. Advance.
    match &plan.advance {
        Some(adv) => chosen_advance(game, &a, adv, &ar, &mut ev),
        None => offer_advance(game, &a, &ar, &mut ev),
    }
    Ok(ev)
}

/// The attack as declared: every unit on both sides, leaders included, and the modifiers.
fn declared(a: &Assessment) -> Event {
    let mut defenders_all: Vec<UnitIdx> = a.defenders.clone();
    defenders_all.extend(&a.defender_leaders);
    Event::AttackDeclared {
        kind: a.kind,
        attackers: a
            .attackers
            .iter()
            .chain(&a.attacker_leaders)
            .copied()
            .collect(),
        defender: a.defender_hex,
        defenders: defenders_all,
        attacker_drm: a.attacker_drm_even,
        defender_drm: a.defender_drm,
    }
}

/// Step 1: roll the artillery die (only when its cell needs it), the attacker's d6 and the
/// defender's d6, in this order, and read both results: (attacker's, defender's).
fn roll(
    rules: &Gcacw,
    a: &Assessment,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) -> (ResultCode, ResultCode) {
    let art = if a.artillery.die {
        let v = crate::rules::event::roll_die(dice, DieRole::Artillery, ev);
        ev.push(Event::ModifierSettled {
            name: "Artillery".into(),
            value: if v.is_multiple_of(2) {
                a.artillery.even
            } else {
                a.artillery.odd
            },
        });
        v
    } else {
        0
    };
    let ad = crate::rules::event::roll_die(dice, DieRole::Attacker, ev);
    let dd = crate::rules::event::roll_die(dice, DieRole::Defender, ev);
    let o = a.outcome(rules, art, ad, dd);
    let ar = a.attacker_result(rules, &o).clone();
    let dr = a.defender_result(rules, &o).clone();
    ev.push(Event::CombatResult {
        differential: o.differential,
        attacker: ar.code.clone(),
        defender: dr.code.clone(),
    });
    (ar, dr)
}

/// Step 3: the defending stack retreats `min` to `max` hexes (`rout` for `R`) along the chosen
/// path if it is legal, else the default one; with no legal path it surrenders.
fn defender_retreat(
    rules: &Gcacw,
    game: &mut Game,
    a: &Assessment,
    plan: &Plan,
    (min, max, rout): (u32, u32, bool),
    ev: &mut Vec<Event>,
) {
    let stack: Vec<UnitIdx> = game.units_at(a.defender_hex).to_vec();
    if stack.is_empty() {
        return;
    }
    let from: Vec<Coord> = a.attacker_hexes.iter().map(|(h, _)| *h).collect();
    let ctx = RetreatCtx {
        rules,
        start: a.defender_hex,
        enemy: a.attacker_side,
        attacker_hexes: &from,
        min,
        max,
    };
    let mut path = None;
    if let Some(p) = &plan.retreat {
        match ctx.check(game, p) {
            Ok(()) => path = Some(p.clone()),
            Err(why) => ev.push(Event::ChoiceOverridden {
                what: "retreat path".into(),
                why,
            }),
        }
    }
    let path = path.or_else(|| ctx.default_path(game));
    match path {
        Some(p) => {
            for &u in &stack {
                game.move_along(u, &p);
            }
            ev.push(Event::Retreated {
                units: stack,
                path: p,
                rout,
            });
        }
        None => {
            ev.push(Event::Surrendered {
                units: stack.clone(),
                why: format!("no legal {}-hex retreat path", min),
            });
            for &u in &stack {
                game.place(u, None);
                ev.push(Event::Eliminated { unit: u });
            }
        }
    }
}

/// Step 4, the command naming the units that advance: they move into the vacated hex if the
/// attacker's result allows it.
fn chosen_advance(
    game: &mut Game,
    a: &Assessment,
    adv: &[UnitIdx],
    ar: &ResultCode,
    ev: &mut Vec<Event>,
) {
    let allowed = ar.has(&Effect::Advance);
    let vacated = game.units_at(a.defender_hex).is_empty();
    let movers: Vec<UnitIdx> = adv
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    if !allowed {
        ev.push(Event::ChoiceOverridden {
            what: "advance".into(),
            why: format!("the attacker's result {} gives no advance", ar.code),
        });
    } else if !vacated {
        ev.push(Event::ChoiceOverridden {
            what: "advance".into(),
            why: "the defending hex was not vacated".into(),
        });
    } else if !movers.is_empty() {
        for &u in &movers {
            game.place(u, Some(a.defender_hex));
        }
        ev.push(Event::Advanced {
            units: movers,
            to: a.defender_hex,
        });
    }
}

/// Step 4, the command leaving the choice open: the player may still advance with a separate
/// `Command::Advance` before anything else happens.
fn offer_advance(game: &mut Game, a: &Assessment, ar: &ResultCode, ev: &mut Vec<Event>) {
    if !(ar.has(&Effect::Advance) && game.units_at(a.defender_hex).is_empty()) {
        return;
    }
    let units: Vec<UnitIdx> = a
        .attackers
        .iter()
        .chain(&a.attacker_leaders)
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    if !units.is_empty() {
        game.set_advance_option(Some(AdvanceOption {
            units,
            hex: a.defender_hex,
        }));
        ev.push(Event::AdvanceOffered {
            hex: a.defender_hex,
        });
    }
}

/// Step 2 for one side: the manpower loss, then each letter of its result in order.
fn apply_side(
    rules: &Gcacw,
    game: &mut Game,
    units: &[UnitIdx],
    code: &ResultCode,
    order: Option<&[UnitIdx]>,
    role: Role,
    ev: &mut Vec<Event>,
) {
    let t = &rules.tables;
    allocate_losses(t, game, units, code.loss, order, ev);
    let alive: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    for (letter, effect) in &code.letters {
        match effect {
            Effect::Disorganize => {
                for &u in &alive {
                    disorganize(t, game, u, ev);
                }
            }
            Effect::Fatigue(n) => {
                for &u in &alive {
                    raise_fatigue(t, game, u, *n, ev);
                }
            }
            Effect::Retreat { demoralize, .. } => {
                if *demoralize > 0 {
                    for &u in &alive {
                        demoralize_to(game, u, *demoralize, ev);
                    }
                }
            }
            Effect::Advance => {}
            Effect::Unknown => {
                let note = t
                    .letters
                    .iter()
                    .find(|l| l.letter.starts_with(*letter))
                    .map_or_else(String::new, |l| l.note.clone());
                ev.push(Event::CodeNotApplied {
                    role,
                    letter: *letter,
                    note,
                });
            }
        }
    }
}

/// The manpower loss, capped at the side's manpower: first from the units the command names
/// in its order, then from the unit with the most manpower (ties: the first listed), any rest
/// from the next.
fn allocate_losses(
    t: &Tables,
    game: &mut Game,
    units: &[UnitIdx],
    loss: u32,
    order: Option<&[UnitIdx]>,
    ev: &mut Vec<Event>,
) {
    let shares = crate::rules::attack::loss_shares(|u| game.unit(u).manpower, units, loss, order);
    for (u, take) in shares {
        lose_manpower(t, game, u, take, ev);
    }
}

/// `u` loses `take` manpower (at most its own, more than 0): its CV follows (an organized
/// unit's is its manpower, a disorganized one's comes from the `disorganized_cv` table); at 0
/// it is eliminated. Returns whether it was.
pub(super) fn lose_manpower(
    t: &Tables,
    game: &mut Game,
    u: UnitIdx,
    take: u32,
    ev: &mut Vec<Event>,
) -> bool {
    let disorganized = super::state::unit(game, u).disorganized;
    let unit = game.unit_mut(u);
    unit.manpower -= take;
    unit.cv = if disorganized {
        t.disorganized_cv(unit.manpower)
    } else {
        Cv::whole(unit.manpower)
    };
    let left = unit.manpower;
    ev.push(Event::ManpowerLost {
        unit: u,
        amount: take,
        left,
    });
    if left == 0 {
        game.unit_mut(u).cv = Cv::ZERO;
        game.place(u, None);
        ev.push(Event::Eliminated { unit: u });
    }
    left == 0
}

/// `D`: an organized unit flips to disorganized, its CV from the table.
pub(super) fn disorganize(t: &Tables, game: &mut Game, u: UnitIdx, ev: &mut Vec<Event>) {
    let Some(own) = super::state::unit_mut(game, u) else {
        return;
    };
    if !own.disorganized {
        own.disorganized = true;
        let unit = game.unit_mut(u);
        unit.cv = t.disorganized_cv(unit.manpower);
        let cv = unit.cv;
        ev.push(Event::Disorganized { unit: u, cv });
    }
}

/// `f` / `F`: fatigue +n, capped at `fatigue_max`.
fn raise_fatigue(t: &Tables, game: &mut Game, u: UnitIdx, n: u8, ev: &mut Vec<Event>) {
    let unit = game.unit_mut(u);
    let to = (unit.fatigue + n).min(t.fatigue_max);
    if to != unit.fatigue {
        let from = unit.fatigue;
        unit.fatigue = to;
        ev.push(Event::FatigueRaised { unit: u, from, to });
    }
}

/// A retreat letter's demoralization: the unit is at least Demoralized-`level`.
fn demoralize_to(game: &mut Game, u: UnitIdx, level: u8, ev: &mut Vec<Event>) {
    let Some(own) = super::state::unit_mut(game, u) else {
        return;
    };
    if own.demoralized < level {
        own.demoralized = level;
        ev.push(Event::Demoralized { unit: u, level });
    }
}

/// A candidate retreat path: (steps along routes, final distance), the path.
type Candidate = ((u32, u32), Vec<Coord>);

/// What a retreat must respect.
pub struct RetreatCtx<'a> {
    pub rules: &'a Gcacw,
    pub start: Coord,
    pub enemy: SideId,
    pub attacker_hexes: &'a [Coord],
    pub min: u32,
    pub max: u32,
}

impl RetreatCtx<'_> {
    fn distance(&self, h: Coord) -> u32 {
        self.attacker_hexes
            .iter()
            .map(|a| a.distance(h))
            .min()
            .unwrap_or(0)
    }

    /// Why the step from `p` into `q` is not allowed, if it is not.
    fn step(&self, game: &Game, p: Coord, q: Coord, visited: &[Coord]) -> Result<(), String> {
        let map = game.map();
        let r = &self.rules.tables.retreat;
        let l = |c: Coord| game.label(c);
        if !p.is_adjacent(q) {
            return Err(format!("{} is not adjacent to {}", l(q), l(p)));
        }
        if !map.contains(q) {
            return Err(format!("{} is off the map", l(q)));
        }
        if visited.contains(&q) || q == self.start {
            return Err(format!("{} is entered twice", l(q)));
        }
        if game
            .units_at(q)
            .iter()
            .any(|u| game.unit(*u).side == self.enemy)
        {
            return Err(format!("{} holds enemy units", l(q)));
        }
        if self.distance(q) <= self.distance(p) {
            return Err(format!(
                "{} is not farther from the attackers than {}",
                l(q),
                l(p)
            ));
        }
        let side = map.side_between(p, q);
        if side.has_any(&r.impassable) && !side.has_any(&r.crossings) {
            return Err(format!("the hexside {}-{} cannot be crossed", l(p), l(q)));
        }
        if r.avoid_enemy_zoc && self.rules.in_enemy_zoc(game, q, self.enemy) {
            return Err(format!("{} is in an enemy zone of control", l(q)));
        }
        Ok(())
    }

    /// Check a path the player chose.
    pub fn check(&self, game: &Game, path: &[Coord]) -> Result<(), String> {
        let n = path.len() as u32;
        if n < self.min || n > self.max {
            return Err(format!(
                "the path has {n} hexes; this result retreats {} to {}",
                self.min, self.max
            ));
        }
        let mut p = self.start;
        for (i, q) in path.iter().enumerate() {
            self.step(game, p, *q, &path[..i])?;
            p = *q;
        }
        Ok(())
    }

    /// The default path (see the module documentation), or `None` if none exists.
    pub fn default_path(&self, game: &Game) -> Option<Vec<Coord>> {
        let mut best: Option<Candidate> = None;
        let mut path = Vec::new();
        self.search(game, self.start, &mut path, 0, &mut best);
        best.map(|(_, p)| p)
    }

    fn search(
        &self,
        game: &Game,
        at: Coord,
        path: &mut Vec<Coord>,
        on_route: u32,
        best: &mut Option<Candidate>,
    ) {
        if path.len() as u32 == self.min {
            let key = (on_route, self.distance(at));
            // Ties: the path whose hexes come first in label order (the model's column-then-
            // row order: on a pointy-top map, its flat-top mirror's).
            let better = match best {
                None => true,
                Some((k, p)) => key > *k || (key == *k && path < p),
            };
            if better {
                *best = Some((key, path.clone()));
            }
            return;
        }
        let prefer = &self.rules.tables.retreat.preferred_routes;
        for q in at.neighbors() {
            if self.step(game, at, q, path).is_ok() {
                let routed = u32::from(game.map().side_between(at, q).route_any(prefer));
                path.push(q);
                self.search(game, q, path, on_route + routed, best);
                path.pop();
            }
        }
    }
}
