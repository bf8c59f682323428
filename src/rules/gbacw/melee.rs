//! GBACW melee: [12.98].
//!
//! Procedure (defaults are [project default: not in the seeds], docs/rulesets/gbacw.md):
//! 1. Melee strength of each side = its SP total, plus the player-supplied
//!    `--opt attacker_modifier=N` / `defender_modifier=N` (the Melee Modifiers are on the
//!    chart's flip side, not in the seeds). The differential (attacker minus defender) is
//!    treated as -4 below -4 and +6 above +6 ([12.98] notes).
//! 2. Dice, in this order: the melee die (role Attacker); then the attacker's morale checks
//!    (attacking units in the order named), then the defender's (unit order); each check is
//!    preceded by the two [13.15] dice of a green unit not rated yet.
//! 3. Losses first ([12.98] "Retreats are always executed after losses"): the defender's `K` /
//!    `Cn`, then the attacker's (the loss order of [`super::apply`]); `K` is one SP, `Cn` is `n`
//!    SP captured.
//! 4. The attacker's result, then the defender's:
//!    - `Rn`: the side's units in each hex retreat `n` hexes together (the defender's leaders
//!      go with them), then each unit checks morale; one that fails retreats 3 more hexes and,
//!      by `settings.melee_failed_retreat_check_routs`, is marked routed; the leaders that
//!      retreated with it and are still in its hex go along on the 3 hexes.
//!    - `Rpls` (attacker): retreat 2, check morale, fail: 3 more hexes.
//!      `Rpls` (defender): check morale, fail: retreat 3 hexes (with the leaders of its hex).
//!    - `Eng`: every surviving unit of the side is marked `Engaged` ([12.94] is not in the seeds).
//!    - Wagons and leaders have no morale rating: they move with their hex, they do not check.

use std::collections::BTreeMap;

use serde_json::{Map, json};

use crate::rules::attack::{AttackError, AttackRequest, AttackType, Choices, ModValue, Odds, Role};
use crate::rules::cv::Prob;
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::choice_units;
use crate::rules::unit::{Status, UnitIdx, UnitKind};

use super::apply;
use super::assess::{self, Melee};
use super::data::{MeleeCode, Tables};
use super::morale::{Big, Check, add, big, enumerate, mul, narrow, outcome, union};

/// The two codes a die gives, as printed and parsed.
pub fn read_die(t: &Tables, a: &Melee, die: u8) -> (String, MeleeCode, String, MeleeCode) {
    let row = (die.clamp(1, 6) - 1) as usize;
    let r = &t.melee.rows[row];
    (
        r.attacker[a.column].trim().to_string(),
        t.parsed.melee_attacker[row][a.column],
        r.defender[a.column].trim().to_string(),
        t.parsed.melee_defender[row][a.column],
    )
}

fn loss_of(c: &MeleeCode) -> u32 {
    u32::from(c.k) + c.captured
}

/// Units that check morale: non-leader, non-wagon units.
fn checks(game: &Game, u: UnitIdx) -> bool {
    !matches!(game.unit(u).kind, UnitKind::Leader | UnitKind::Wagon)
}

/// P(the unit fails a melee morale check) as it stands.
fn p_fail(t: &Tables, game: &Game, u: UnitIdx) -> Prob {
    let check = Check::Melee { why: String::new() };
    enumerate(|r| outcome(t, game, u, &check, r).map(|(_, failed)| failed))
        .into_iter()
        .filter(|(f, _)| *f)
        .map(|(_, p)| p)
        .sum()
}

/// One side's result on a copy of the game with the morale checks of `failing` failed and
/// every other passed: the game after it and its events.
#[allow(clippy::too_many_arguments)]
fn run_side(
    t: &Tables,
    game: &Game,
    role: Role,
    units: &[UnitIdx],
    code: &MeleeCode,
    text: &str,
    away: &[Coord],
    failing: &[UnitIdx],
) -> (Game, Vec<Event>) {
    let mut g = game.clone();
    let mut ev = Vec::new();
    let mut f = |_: &mut Game, u: UnitIdx, _: &str, _: &mut Vec<Event>| failing.contains(&u);
    side_result(
        t, &mut g, role, units, code, text, None, away, &mut f, &mut ev,
    );
    (g, ev)
}

/// Whether the events retreat one of `units` at least one hex.
fn moved(ev: &[Event], units: &[UnitIdx]) -> bool {
    ev.iter().any(
        |e| matches!(e, Event::Retreated { units: r, .. } if r.iter().any(|u| units.contains(u))),
    )
}

/// The side's units that check morale, as they stand.
fn checkers(game: &Game, units: &[UnitIdx]) -> Vec<UnitIdx> {
    units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map() && checks(game, *u))
        .collect()
}

/// At most this many attacking units are enumerated when their failures can change where the
/// defender may retreat (2^n patterns).
const MAX_PATTERN_UNITS: usize = 12;

pub fn odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    odds_of(t, game, &assess::melee(t, game, req)?, true)
}

/// [`odds`]' numbers without their explanation (the computer players').
pub fn odds_unexplained(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    odds_of(t, game, &assess::melee_bare(t, game, req)?, false)
}

/// The check without choices, then the odds' numbers, on one assessment (the computer's
/// trials).
pub fn checked_odds(t: &Tables, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
    let a = assess::melee_bare(t, game, req)?;
    plan(game, &a, &Choices::default())?;
    odds_of(t, game, &a, false)
}

/// The odds of an assessed melee; `explain`: with the details `musket odds --json` gives
/// (else its `extra_json` is empty).
fn odds_of(t: &Tables, game: &Game, a: &Melee, explain: bool) -> Result<Odds, AttackError> {
    let one = Prob::from_integer(1);
    let mut tally = Tally::new();
    for die in 1..=6u8 {
        let r = Reading::new(t, game, &a, die);
        tally.add_die(game, &r)?;
    }
    let p_retreat = narrow(tally.p_retreat, WHAT)?;
    let p_rout = narrow(tally.p_rout, WHAT)?;
    let p_att_retreat = narrow(tally.p_att_retreat, WHAT)?;
    let mut differential = BTreeMap::new();
    differential.insert(a.differential, one);
    Ok(Odds {
        ruleset: "gbacw",
        kind: AttackType::Melee,
        lines: a.lines.clone(),
        attacker_drm: ModValue::Fixed(0),
        defender_drm: ModValue::Fixed(0),
        extra_die: false,
        differential,
        attacker_results: tally.ar,
        defender_results: tally.dr,
        attacker_expected_loss: tally.al,
        defender_expected_loss: tally.dl,
        attacker_manpower: a.attacker_sp,
        defender_manpower: a.defender_sp,
        p_retreat,
        p_rout,
        hex_notes: Vec::new(),
        extra_json: if explain {
            explanation(a, p_att_retreat, tally.p_eng)
        } else {
            Map::new()
        },
    })
}

const WHAT: &str = "retreat and rout probabilities";

/// One melee die read: both codes, and each side's result run on a copy of the game.
struct Reading<'a> {
    t: &'a Tables,
    a: &'a Melee,
    at: String,
    ac: MeleeCode,
    dt: String,
    dc: MeleeCode,
    /// What each side's retreat moves away from when the melee leaves no enemy on the map.
    def_hex: [Coord; 1],
    att_hexes: Vec<Coord>,
}

impl<'a> Reading<'a> {
    fn new(t: &'a Tables, game: &Game, a: &'a Melee, die: u8) -> Self {
        let (at, ac, dt, dc) = read_die(t, a, die);
        Reading {
            t,
            a,
            at,
            ac,
            dt,
            dc,
            def_hex: [a.sides.hex],
            att_hexes: apply::hexes_of(game, &a.sides.attackers),
        }
    }

    /// The attacker's result with the checks of `failing` failed.
    fn attacker(&self, g: &Game, failing: &[UnitIdx]) -> (Game, Vec<Event>) {
        let attackers = &self.a.sides.attackers;
        let (ac, at) = (&self.ac, &self.at);
        run_side(
            self.t,
            g,
            Role::Attacker,
            attackers,
            ac,
            at,
            &self.def_hex,
            failing,
        )
    }

    /// The defender's result with the checks of `failing` failed.
    fn defender(&self, g: &Game, failing: &[UnitIdx]) -> (Game, Vec<Event>) {
        let (dc, dt) = (&self.dc, &self.dt);
        run_side(
            self.t,
            g,
            Role::Defender,
            &self.a.defenders,
            dc,
            dt,
            &self.att_hexes,
            failing,
        )
    }

    /// P(the attacker's result moves it): its first retreat does, or a unit whose failed
    /// check moves it (each unit's path depends on the map and the enemy only).
    fn attacker_retreat(
        &self,
        g1: &Game,
        a_check: &[UnitIdx],
        a_ev: &[Event],
    ) -> Result<Big, AttackError> {
        let attackers = &self.a.sides.attackers;
        if moved(a_ev, attackers) {
            return Ok(Big::from_integer(1));
        }
        let ps = a_check.iter().filter_map(|&u| {
            let (_, ev) = self.attacker(g1, &[u]);
            moved(&ev, attackers).then(|| p_fail(self.t, g1, u))
        });
        union(ps.collect::<Vec<_>>(), WHAT)
    }

    /// Where the attackers stand when the defender's result applies: every pattern of failed
    /// attacker checks, with its chance.
    fn attacker_patterns(
        &self,
        g1: &Game,
        a_check: &[UnitIdx],
    ) -> Result<Vec<(Game, Big)>, AttackError> {
        let (bzero, bone) = (Big::from_integer(0), Big::from_integer(1));
        if a_check.len() > MAX_PATTERN_UNITS {
            return Err(AttackError::Illegal(format!(
                "the odds of this melee enumerate every pattern of the attackers' morale \
                 checks; {} attacking units are more than {MAX_PATTERN_UNITS}",
                a_check.len()
            )));
        }
        let pf: Vec<Prob> = a_check.iter().map(|u| p_fail(self.t, g1, *u)).collect();
        let mut outcomes = Vec::new();
        for mask in 0u32..(1 << a_check.len()) {
            let mut w = bone;
            let mut failing = Vec::new();
            for (i, &u) in a_check.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    failing.push(u);
                    w = mul(w, big(pf[i]), WHAT)?;
                } else {
                    w = mul(w, bone - big(pf[i]), WHAT)?;
                }
            }
            if w != bzero {
                let (g2, _) = self.attacker(g1, &failing);
                outcomes.push((g2, w));
            }
        }
        Ok(outcomes)
    }

    /// The defender's morale checks with the attackers as they stand in `g2` (`d_ev`: its
    /// result with every check passed): P(it moves), and per unit P(the check routs it). A
    /// retreat that cannot take a step moves nobody; a unit already routed is not routed again.
    fn defender_checks(&self, g2: &Game, d_ev: &[Event]) -> Result<(Big, Vec<Prob>), AttackError> {
        let defenders = &self.a.defenders;
        let d_check = checkers(g2, defenders);
        let mut moves = Vec::new();
        let mut routs = Vec::new();
        let base_moved = moved(d_ev, defenders);
        for &u in &d_check {
            let (g3, ev) = self.defender(g2, &[u]);
            let pf = p_fail(self.t, g2, u);
            if moved(&ev, defenders) {
                moves.push(pf);
            }
            if g3.unit(u).status == Status::Routed && g2.unit(u).status != Status::Routed {
                routs.push(pf);
            }
        }
        let pm = if base_moved {
            Big::from_integer(1)
        } else {
            union(moves, WHAT)?
        };
        Ok((pm, routs))
    }
}

/// Whether the events hold the [12.98] `Eng` note.
fn is_eng(ev: &[Event]) -> bool {
    ev.iter()
        .any(|e| matches!(e, Event::Note { text } if text.starts_with("[12.98] Eng")))
}

/// What the odds add up over the six melee dice.
struct Tally {
    ar: Vec<(String, Prob)>,
    dr: Vec<(String, Prob)>,
    al: Prob,
    dl: Prob,
    p_eng: Prob,
    p_retreat: Big,
    p_rout: Big,
    p_att_retreat: Big,
}

impl Tally {
    fn new() -> Self {
        let (zero, bzero) = (Prob::from_integer(0), Big::from_integer(0));
        Tally {
            ar: Vec::new(),
            dr: Vec::new(),
            al: zero,
            dl: zero,
            p_eng: zero,
            p_retreat: bzero,
            p_rout: bzero,
            p_att_retreat: bzero,
        }
    }

    /// One melee die (probability 1/6): both results, the losses, then the attacker's result
    /// and the defender's against every way the attackers can stand.
    fn add_die(&mut self, game: &Game, r: &Reading) -> Result<(), AttackError> {
        let sixth = Prob::new(1, 6);
        let s6 = big(sixth);
        apply::add_result(&mut self.ar, &r.at, sixth);
        apply::add_result(&mut self.dr, &r.dt, sixth);
        // Losses first, as the resolution takes them (the default loss order).
        let mut g1 = game.clone();
        let (dloss, aloss) =
            take_losses(&mut g1, r.a, (&r.ac, &r.dc), (None, None), &mut Vec::new());
        self.dl += sixth * Prob::from_integer(dloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        self.al += sixth * Prob::from_integer(aloss.iter().map(|(_, n)| *n as u64).sum::<u64>());
        let attackers = &r.a.sides.attackers;
        let a_moves = r.ac.retreat > 0 || r.ac.repulse;
        let a_check = checkers(&g1, attackers);
        let (a_base, a_ev) = r.attacker(&g1, &[]);
        let mut eng = is_eng(&a_ev);
        if a_moves {
            let pa = r.attacker_retreat(&g1, &a_check, &a_ev)?;
            self.p_att_retreat = add(self.p_att_retreat, mul(s6, pa, WHAT)?, WHAT)?;
        }
        // Every pattern of failed attacker checks when they can move it and the defender may
        // move.
        let d_moves = r.dc.retreat > 0 || r.dc.repulse;
        let outcomes = if a_moves && d_moves && !a_check.is_empty() {
            r.attacker_patterns(&g1, &a_check)?
        } else {
            vec![(a_base, Big::from_integer(1))]
        };
        for (i, (g2, w)) in outcomes.iter().enumerate() {
            let (_, d_ev) = r.defender(g2, &[]);
            if i == 0 {
                eng |= is_eng(&d_ev);
            }
            if !d_moves {
                continue;
            }
            let (pm, routs) = r.defender_checks(g2, &d_ev)?;
            let sw = mul(s6, *w, WHAT)?;
            self.p_retreat = add(self.p_retreat, mul(sw, pm, WHAT)?, WHAT)?;
            self.p_rout = add(self.p_rout, mul(sw, union(routs, WHAT)?, WHAT)?, WHAT)?;
        }
        if eng {
            self.p_eng += sixth;
        }
        Ok(())
    }
}

/// The odds' details beyond the modifier lines (`musket odds --json`).
fn explanation(a: &Melee, p_att_retreat: Prob, p_eng: Prob) -> Map<String, serde_json::Value> {
    let mut x = Map::new();
    x.insert(
        "differential_meaning".into(),
        json!("melee strength differential, attacker minus defender, held to -4..+6 [12.98]"),
    );
    x.insert(
        "attacker_strength".into(),
        json!(a.attacker_sp as i32 + a.attacker_modifier),
    );
    x.insert(
        "defender_strength".into(),
        json!(a.defender_sp as i32 + a.defender_modifier),
    );
    x.insert("attacker_modifier".into(), json!(a.attacker_modifier));
    x.insert("defender_modifier".into(), json!(a.defender_modifier));
    x.insert("raw_differential".into(), json!(a.raw_differential));
    x.insert("column".into(), json!(a.differential));
    x.insert(
        "p_attacker_retreat".into(),
        json!(format!(
            "{}/{}",
            p_att_retreat.numer(),
            p_att_retreat.denom()
        )),
    );
    x.insert(
        "p_engaged".into(),
        json!(format!("{}/{}", p_eng.numer(), p_eng.denom())),
    );
    x.insert(
        "attacker_cv_text".into(),
        json!(format!(
            "melee strength {}",
            a.attacker_sp as i32 + a.attacker_modifier
        )),
    );
    x.insert(
        "defender_cv_text".into(),
        json!(format!(
            "melee strength {}",
            a.defender_sp as i32 + a.defender_modifier
        )),
    );
    x.insert(
        "crt_columns".into(),
        json!({ "attacker": format!("{:+}", a.differential), "defender": format!("{:+}", a.differential) }),
    );
    x
}

/// The SP each unit loses, as [`apply::allocate`] gives them.
type Losses = Vec<(UnitIdx, u32)>;

/// Losses first ([12.98] "Retreats are always executed after losses"): the SP the defender's
/// `K` / `Cn` takes, then the attacker's, each side in its loss order (`orders`: attackers',
/// defenders'; `None`: the default), both allocated before either is taken. `codes`: the
/// attacker's and the defender's.
fn take_losses(
    game: &mut Game,
    a: &Melee,
    (ac, dc): (&MeleeCode, &MeleeCode),
    (att_order, def_order): (Option<&[UnitIdx]>, Option<&[UnitIdx]>),
    ev: &mut Vec<Event>,
) -> (Losses, Losses) {
    let dloss = apply::allocate(game, &a.defenders, def_order, loss_of(dc));
    let aloss = apply::allocate(game, &a.sides.attackers, att_order, loss_of(ac));
    apply::take_losses(game, &dloss, dc.captured > 0, ev);
    apply::take_losses(game, &aloss, ac.captured > 0, ev);
    (dloss, aloss)
}

struct Plan {
    attacker_losses: Option<Vec<UnitIdx>>,
    defender_losses: Option<Vec<UnitIdx>>,
    retreat: Option<Vec<Coord>>,
}

fn plan(game: &Game, a: &Melee, c: &Choices) -> Result<Plan, AttackError> {
    if c.advance.is_some() {
        return Err(AttackError::Choice(
            "advance: the advance after melee is not in the seeds; move the units instead".into(),
        ));
    }
    Ok(Plan {
        attacker_losses: choice_units(
            game,
            &c.attacker_losses,
            &a.sides.attackers,
            "attacker_losses",
        )?,
        defender_losses: choice_units(game, &c.defender_losses, &a.defenders, "defender_losses")?,
        retreat: apply::choice_path(game, &c.retreat)?,
    })
}

pub fn check(t: &Tables, game: &Game, req: &AttackRequest, c: &Choices) -> Result<(), AttackError> {
    let a = assess::melee_bare(t, game, req)?;
    plan(game, &a, c).map(|_| ())
}

/// One unit's melee morale check with its events; `true` when it fails.
fn morale_check(
    t: &Tables,
    game: &mut Game,
    u: UnitIdx,
    why: &str,
    dice: &mut dyn DieSource,
    ev: &mut Vec<Event>,
) -> bool {
    let check = Check::Melee { why: why.into() };
    apply::roll_morale(t, game, u, &check, dice, ev).is_some_and(|c| c.failed)
}

/// Whether a unit fails its melee morale check: the resolution rolls it, the odds give each
/// pattern of failures.
type Fails<'a> = dyn FnMut(&mut Game, UnitIdx, &str, &mut Vec<Event>) -> bool + 'a;

/// Apply one side's movement result; `fails` decides each morale check.
#[allow(clippy::too_many_arguments)]
fn side_result(
    t: &Tables,
    game: &mut Game,
    role: Role,
    units: &[UnitIdx],
    code: &MeleeCode,
    text: &str,
    chosen: Option<&[Coord]>,
    away: &[Coord],
    fails: &mut Fails<'_>,
    ev: &mut Vec<Event>,
) {
    let alive: Vec<UnitIdx> = units
        .iter()
        .copied()
        .filter(|u| game.unit(*u).on_map())
        .collect();
    if alive.is_empty() {
        return;
    }
    if code.engaged {
        for &u in &alive {
            apply::set_status(game, u, Status::Engaged, ev);
        }
        ev.push(Event::Note {
            text:
                "[12.98] Eng: the units are engaged; what that means is [12.94], not in the seeds"
                    .into(),
        });
        return;
    }
    let first = if code.retreat > 0 {
        code.retreat
    } else if code.repulse && role == Role::Attacker {
        t.melee.repulse_attacker_retreat
    } else {
        0
    };
    let groups = retreat_groups(game, role, &alive);
    if first > 0 {
        for (h, g) in &groups {
            let path = if role == Role::Defender { chosen } else { None };
            apply::retreat(game, g, *h, first, false, path, away, ev);
        }
    }
    if code.retreat > 0 || code.repulse {
        let why = format!("after {text}");
        let checkers: Vec<UnitIdx> = alive.iter().copied().filter(|u| checks(game, *u)).collect();
        for u in checkers {
            if fails(game, u, &why, ev) {
                failed_check(t, game, role, code, u, &groups, away, ev);
            }
        }
    }
}

/// The side's units grouped by hex, in the order the units come; the defender's leaders in
/// the hex join its group (the attacker's leaders are those named among the attackers).
fn retreat_groups(game: &Game, role: Role, alive: &[UnitIdx]) -> Vec<(Coord, Vec<UnitIdx>)> {
    let mut groups: Vec<(Coord, Vec<UnitIdx>)> = Vec::new();
    for &u in alive {
        let h = game.unit(u).hex.expect("on map");
        match groups.iter_mut().find(|(c, _)| *c == h) {
            Some((_, g)) => g.push(u),
            None => groups.push((h, vec![u])),
        }
    }
    if role == Role::Defender {
        for (h, g) in &mut groups {
            let side = game.unit(g[0]).side;
            for &l in game.units_at(*h) {
                if game.unit(l).is_leader() && game.unit(l).side == side && !g.contains(&l) {
                    g.push(l);
                }
            }
        }
    }
    groups
}

/// A unit that failed its check after `Rn` or `Rpls`: routed after `Rn` (by
/// `settings.melee_failed_retreat_check_routs`), then it retreats the extra hexes.
#[allow(clippy::too_many_arguments)]
fn failed_check(
    t: &Tables,
    game: &mut Game,
    role: Role,
    code: &MeleeCode,
    u: UnitIdx,
    groups: &[(Coord, Vec<UnitIdx>)],
    away: &[Coord],
    ev: &mut Vec<Event>,
) {
    let extra = if code.repulse && role == Role::Defender {
        t.melee.repulse_defender_retreat
    } else {
        t.melee.failed_check_extra_retreat
    };
    let rout = code.retreat > 0 && t.settings.melee_failed_retreat_check_routs;
    if rout {
        apply::set_status(game, u, Status::Routed, ev);
    }
    if let Some(from) = game.unit(u).hex {
        // The leaders of its group that are still with it go along, as in the first retreat
        // [project default: not in the seeds].
        let mut movers = vec![u];
        if let Some((_, g)) = groups.iter().find(|(_, g)| g.contains(&u)) {
            movers.extend(
                g.iter()
                    .copied()
                    .filter(|l| game.unit(*l).is_leader() && game.unit(*l).hex == Some(from)),
            );
        }
        apply::retreat(game, &movers, from, extra, rout, None, away, ev);
    }
}

pub fn resolve(
    t: &Tables,
    game: &mut Game,
    req: &AttackRequest,
    choices: &Choices,
    dice: &mut dyn DieSource,
) -> Result<Vec<Event>, AttackError> {
    let a = assess::melee_bare(t, game, req)?;
    let plan = plan(game, &a, choices)?;
    // What each side's retreat moves away from when the melee leaves no enemy on the map.
    let def_hex = [a.sides.hex];
    let att_hexes = apply::hexes_of(game, &a.sides.attackers);
    let (mut ev, die) = apply::declare(AttackType::Melee, &a.sides, dice);
    let (at, ac, dt, dc) = read_die(t, &a, die);
    ev.push(Event::CombatResult {
        differential: a.differential,
        attacker: at.clone(),
        defender: dt.clone(),
    });
    let orders = (
        plan.attacker_losses.as_deref(),
        plan.defender_losses.as_deref(),
    );
    take_losses(game, &a, (&ac, &dc), orders, &mut ev);
    let mut roll = |g: &mut Game, u: UnitIdx, why: &str, ev: &mut Vec<Event>| -> bool {
        morale_check(t, g, u, why, &mut *dice, ev)
    };
    side_result(
        t,
        game,
        Role::Attacker,
        &a.sides.attackers,
        &ac,
        &at,
        None,
        &def_hex,
        &mut roll,
        &mut ev,
    );
    side_result(
        t,
        game,
        Role::Defender,
        &a.defenders,
        &dc,
        &dt,
        plan.retreat.as_deref(),
        &att_hexes,
        &mut roll,
        &mut ev,
    );
    Ok(ev)
}
