//! GBACW fire combat: [9.16] with the [8.35] density shifts, the legend's morale rolls and
//! [13.15] for green units.
//!
//! Procedure (defaults are [project default: not in the seeds], docs/rulesets/gbacw.md):
//! 1. Fire strength = the firers' SP total (a battery's SP are its guns), or `--opt strength=N`;
//!    it gives the column of the chosen line (`--opt table=`, default `settings`), shifted by
//!    the density of the target hex ([8.35]: battery 1 SP, wagon 4 SP, leaders 0) and by
//!    `--opt shift=N`, held at the table's ends.
//! 2. Dice, in this order: the fire die (role Attacker); then, for each combat unit in the target
//!    hex that must roll (unit order): two dice for [13.15] if it is green and not rated yet,
//!    its morale die, and for `#*` after a pass the second die.
//! 3. The result applies to the hex: `P`, `R`, `P/R` make every combat unit in it roll; `#` /
//!    `#*` take `#` SP from the hex (the loss order of [`super::apply`]), then every surviving
//!    combat unit checks morale. Leaders and wagons only count for density.
//! 4. A routed unit is marked `Routed`; it moves `settings.fire_rout_retreat_hexes` (default
//!    0: the rout movement rules are not in the seeds).
//! 5. Die row 1's "Ammo Dep?" is shown in a note; its effect is not in the seeds.

use serde_json::{Map, Value, json};

use crate::rules::attack::{AttackError, AttackRequest, AttackType, Choices, ModValue, Odds};
use crate::rules::cv::{Prob, prob_f64};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::choice_units;
use crate::rules::unit::{Status, UnitIdx};

use super::apply;
use super::assess::{self, Fire};
use super::data::{FireCode, Tables};
use super::morale::{Big, Check, add, big, enumerate, mul, narrow, outcome, union, worse};

/// What one fire die gives, before the morale dice.
#[derive(Clone, Debug)]
pub struct FireDie {
    pub die: u8,
    pub code: FireCode,
    pub code_text: String,
    pub ammo_dep: bool,
    pub losses: Vec<(UnitIdx, u32)>,
    pub check: Option<Check>,
    /// The units that roll, in unit order.
    pub rollers: Vec<UnitIdx>,
}

/// Read the table for a die: the function the odds enumerate and the resolution calls.
pub fn read_die(t: &Tables, game: &Game, a: &Fire, order: Option<&[UnitIdx]>, die: u8) -> FireDie {
    let row = (die.clamp(1, 6) - 1) as usize;
    let code = t.parsed.fire[row][a.column];
    let code_text = t.fcrt.rows[row].results[a.column].trim().to_string();
    let (losses, check) = match code {
        FireCode::None => (Vec::new(), None),
        FireCode::P => (Vec::new(), Some(Check::P)),
        FireCode::R => (Vec::new(), Some(Check::R)),
        FireCode::PR => (Vec::new(), Some(Check::PR)),
        FireCode::Loss { n, star } => (
            apply::allocate(game, &a.targets, order, n),
            Some(Check::AfterLoss {
                star,
                code: code_text.clone(),
            }),
        ),
    };
    let rollers = if check.is_some() {
        a.targets
            .iter()
            .copied()
            .filter(|u| {
                let lost: u32 = losses.iter().filter(|(x, _)| x == u).map(|(_, n)| n).sum();
                game.unit(*u).manpower > lost
            })
            .collect()
    } else {
        Vec::new()
    };
    FireDie {
        die,
        code,
        code_text,
        ammo_dep: t.fcrt.rows[row].ammo_dep,
        losses,
        check,
        rollers,
    }
}

fn frac(p: Prob) -> Value {
    json!(format!("{}/{}", p.numer(), p.denom()))
}

pub fn odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    odds_of(t, game, &assess::fire(t, game, req)?, true)
}

/// [`odds`]' numbers without their explanation (the computer players').
pub fn odds_unexplained(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    odds_of(t, game, &assess::fire_bare(t, game, req)?, false)
}

/// The check without choices, then the odds' numbers, on one assessment (the computer's
/// trials).
pub fn checked_odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    let a = assess::fire_bare(t, game, req)?;
    plan(game, &a, &Choices::default())?;
    odds_of(t, game, &a, false)
}

/// The odds of an assessed fire attack; `explain`: with the details `musket odds --json`
/// gives (else its `extra_json` is empty).
fn odds_of(t: &Tables, game: &Game, a: &Fire, explain: bool) -> Result<Odds, AttackError> {
    let zero = Prob::from_integer(0);
    let one = Prob::from_integer(1);
    let can_move = rout_can_move(t, game, &a);
    let mut tally = Tally::new(a.targets.len());
    for die in 1..=6u8 {
        let fd = read_die(t, game, &a, None, die);
        tally.add_die(t, game, &a, &fd, can_move)?;
    }
    let p_rout = narrow(tally.p_rout, WHAT)?;
    let p_retreat = narrow(tally.p_retreat, "probability that a unit retreats")?;
    let defender_manpower: u32 = a.targets.iter().map(|u| game.unit(*u).manpower).sum();
    let attacker_manpower: u32 = a
        .sides
        .attackers
        .iter()
        .map(|u| game.unit(*u).manpower)
        .sum();
    let extra_json = if explain {
        explanation(t, game, a, &tally)
    } else {
        Map::new()
    };
    let mut differential = std::collections::BTreeMap::new();
    differential.insert(a.column as i32 + 1, one);
    Ok(Odds {
        ruleset: "gbacw",
        kind: AttackType::Fire,
        lines: a.lines.clone(),
        attacker_drm: ModValue::Fixed(0),
        defender_drm: ModValue::Fixed(0),
        extra_die: false,
        differential,
        attacker_results: vec![("-".into(), one)],
        defender_results: tally.results,
        attacker_expected_loss: zero,
        defender_expected_loss: tally.loss,
        attacker_manpower,
        defender_manpower,
        p_retreat,
        p_rout,
        hex_notes: Vec::new(),
        extra_json,
    })
}

const WHAT: &str = "probability that a unit routs";

/// Whether a routed unit can move: it moves `fire_rout_retreat_hexes` from the target hex;
/// whether it can take a step depends on the map only (the same for every unit there).
fn rout_can_move(t: &Tables, game: &Game, a: &Fire) -> bool {
    let hexes = t.settings.fire_rout_retreat_hexes;
    let firers = apply::hexes_of(game, &a.sides.attackers);
    hexes > 0
        && a.targets.first().is_some_and(|u| {
            !apply::default_path(game, game.unit(*u).side, &firers, a.sides.hex, hexes).is_empty()
        })
}

/// What the odds add up over the six fire dice; per target unit in `a.targets` order.
struct Tally {
    results: Vec<(String, Prob)>,
    loss: Prob,
    pinned: Vec<Prob>,
    routed: Vec<Prob>,
    eliminated: Vec<Prob>,
    failed: Vec<Prob>,
    ammo: Prob,
    p_rout: Big,
    p_retreat: Big,
}

impl Tally {
    fn new(n: usize) -> Self {
        let zero = Prob::from_integer(0);
        Tally {
            results: Vec::new(),
            loss: zero,
            pinned: vec![zero; n],
            routed: vec![zero; n],
            eliminated: vec![zero; n],
            failed: vec![zero; n],
            ammo: zero,
            p_rout: Big::from_integer(0),
            p_retreat: Big::from_integer(0),
        }
    }

    /// One fire die (probability 1/6): its result, losses and morale checks.
    fn add_die(
        &mut self,
        t: &Tables,
        game: &Game,
        a: &Fire,
        fd: &FireDie,
        can_move: bool,
    ) -> Result<(), AttackError> {
        let sixth = Prob::new(1, 6);
        apply::add_result(&mut self.results, &fd.code_text, sixth);
        if fd.ammo_dep {
            self.ammo += sixth;
        }
        let lost: u32 = fd.losses.iter().map(|(_, n)| n).sum();
        self.loss += sixth * Prob::from_integer(lost as u64);
        for (i, u) in a.targets.iter().enumerate() {
            if !fd.rollers.contains(u) && fd.losses.iter().any(|(x, _)| x == u) {
                self.eliminated[i] += sixth;
            }
        }
        let (routs, moves) = match &fd.check {
            Some(check) => self.morale_checks(t, game, a, fd, check),
            None => (Vec::new(), Vec::new()),
        };
        let s6 = big(sixth);
        self.p_rout = add(self.p_rout, mul(s6, union(routs, WHAT)?, WHAT)?, WHAT)?;
        if can_move {
            self.p_retreat = add(self.p_retreat, mul(s6, union(moves, WHAT)?, WHAT)?, WHAT)?;
        }
        Ok(())
    }

    /// The morale checks of one fire die's rollers. Per unit: P(its status becomes Routed),
    /// P(the result routs it, whether or not it already was: the rout movement).
    fn morale_checks(
        &mut self,
        t: &Tables,
        game: &Game,
        a: &Fire,
        fd: &FireDie,
        check: &Check,
    ) -> (Vec<Prob>, Vec<Prob>) {
        let zero = Prob::from_integer(0);
        let sixth = Prob::new(1, 6);
        let mut routs: Vec<Prob> = Vec::new();
        let mut moves: Vec<Prob> = Vec::new();
        for &u in &fd.rollers {
            let i = a.targets.iter().position(|x| *x == u).unwrap_or(0);
            let unit = game.unit(u);
            let cur = unit.status;
            let dist = enumerate(|r| outcome(t, game, u, check, r));
            let (mut pr, mut pm) = (zero, zero);
            for ((status, f), p) in dist {
                // As the resolution applies it: never better than the unit's status.
                let new = status.map(|s| worse(cur, s)).filter(|s| *s != cur);
                match new {
                    Some(Status::Pinned) => self.pinned[i] += sixth * p,
                    Some(Status::Routed) => {
                        self.routed[i] += sixth * p;
                        pr += p;
                    }
                    _ => {}
                }
                if status == Some(Status::Routed) {
                    pm += p;
                }
                if f {
                    self.failed[i] += sixth * p;
                }
            }
            routs.push(pr);
            moves.push(pm);
        }
        (routs, moves)
    }
}

/// The odds' details beyond the modifier lines (`musket odds --json`).
fn explanation(t: &Tables, game: &Game, a: &Fire, tally: &Tally) -> Map<String, Value> {
    let heads = t.fire_headings(a.table);
    let mut x = Map::new();
    x.insert("fire_strength".into(), json!(a.strength));
    x.insert(
        "differential_meaning".into(),
        json!("the [9.16] column read, 1 to 11, after the density and other shifts"),
    );
    x.insert("fire_strength_given".into(), json!(a.strength_given));
    x.insert("table".into(), json!(a.table.key()));
    x.insert("base_column".into(), json!(a.base_column + 1));
    x.insert("density_sp".into(), json!(a.density_sp));
    x.insert("density_shift".into(), json!(a.density_shift));
    x.insert("shift".into(), json!(a.extra_shift));
    x.insert("column".into(), json!(a.column + 1));
    x.insert("column_heading".into(), json!(heads[a.column]));
    x.insert("column_clamped".into(), json!(a.clamped));
    x.insert("ammo_dep_marked".into(), frac(tally.ammo));
    x.insert(
        "attacker_cv_text".into(),
        json!(format!(
            "fire strength {} ({})",
            a.strength,
            a.table.printed()
        )),
    );
    x.insert(
        "defender_cv_text".into(),
        json!(format!(
            "density {} SP ({:+})",
            a.density_sp, a.density_shift
        )),
    );
    x.insert(
        "crt_columns".into(),
        json!({ "attacker": format!("\"{}\" (column {})", heads[a.column], a.column + 1), "defender": "-" }),
    );
    x.insert("units".into(), unit_odds(game, a, tally));
    x
}

/// Each target unit's chances, in `a.targets` order.
fn unit_odds(game: &Game, a: &Fire, tally: &Tally) -> Value {
    Value::Array(
        a.targets
            .iter()
            .enumerate()
            .map(|(i, u)| {
                json!({
                    "id": game.unit(*u).id,
                    "pinned": frac(tally.pinned[i]),
                    "routed": frac(tally.routed[i]),
                    "eliminated": frac(tally.eliminated[i]),
                    "failed_morale_check": frac(tally.failed[i]),
                    "p_pinned": prob_f64(tally.pinned[i]),
                    "p_routed": prob_f64(tally.routed[i]),
                })
            })
            .collect(),
    )
}

struct Plan {
    losses: Option<Vec<UnitIdx>>,
    retreat: Option<Vec<Coord>>,
}

fn plan(game: &Game, a: &Fire, c: &Choices) -> Result<Plan, AttackError> {
    if c.attacker_losses.is_some() {
        return Err(AttackError::Choice(
            "attacker_losses: the firers take no losses from their own fire".into(),
        ));
    }
    if c.advance.is_some() {
        return Err(AttackError::Choice(
            "advance: a GBACW fire result offers no advance".into(),
        ));
    }
    Ok(Plan {
        losses: choice_units(game, &c.defender_losses, &a.targets, "defender_losses")?,
        retreat: apply::choice_path(game, &c.retreat)?,
    })
}

pub fn check(t: &Tables, game: &Game, req: &AttackRequest, c: &Choices) -> Result<(), AttackError> {
    let a = assess::fire_bare(t, game, req)?;
    plan(game, &a, c).map(|_| ())
}

pub fn resolve(
    t: &Tables,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = assess::fire_bare(t, game, req)?;
    let plan = plan(game, &a, choices)?;
    let firers = apply::hexes_of(game, &a.sides.attackers);
    let (mut ev, die) = apply::declare(AttackType::Fire, &a.sides, dice);
    let fd = read_die(t, game, &a, plan.losses.as_deref(), die);
    ev.push(Event::Note {
        text: format!(
            "Fire strength {} on {} column {} \"{}\" (density {:+}{}), die {die}: {}",
            a.strength,
            a.table.printed(),
            a.column + 1,
            t.fire_headings(a.table)[a.column],
            a.density_shift,
            if a.extra_shift != 0 {
                format!(", other shifts {:+}", a.extra_shift)
            } else {
                String::new()
            },
            fd.code_text
        ),
    });
    ev.push(Event::CombatResult {
        differential: a.column as i32 + 1,
        attacker: "-".into(),
        defender: fd.code_text.clone(),
    });
    if fd.ammo_dep {
        ev.push(Event::Note {
            text: "[9.16] die row 1 is marked \"Ammo Dep?\"; its effect is not in the seeds and is not applied".into(),
        });
    }
    apply::take_losses(game, &fd.losses, false, &mut ev);
    if let Some(check) = &fd.check {
        for &u in &fd.rollers {
            let Some(c) = apply::roll_morale(t, game, u, check, &mut *dice, &mut ev) else {
                continue;
            };
            if let Some(s) = c.status {
                apply::set_status(game, u, s, &mut ev);
                rout_retreat(t, game, u, s, plan.retreat.as_deref(), &firers, &mut ev);
            }
        }
    }
    Ok(ev)
}

/// A unit the fire routs moves `settings.fire_rout_retreat_hexes` (none by default).
fn rout_retreat(
    t: &Tables,
    game: &mut Game,
    u: UnitIdx,
    s: Status,
    chosen: Option<&[Coord]>,
    firers: &[Coord],
    ev: &mut Vec<Event>,
) {
    let hexes = t.settings.fire_rout_retreat_hexes;
    if s == Status::Routed
        && hexes > 0
        && let Some(from) = game.unit(u).hex
    {
        apply::retreat(game, &[u], from, hexes, true, chosen, firers, ev);
    }
}
