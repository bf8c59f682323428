//! Morale: Seeing the Elephant [13.15], the [9.16] legend's P, R, P/R, `#` and `#*` rolls, and
//! the melee morale checks of [12.98]. One function, [`roll_morale`], runs a procedure against a
//! source of dice; the resolution gives it the game's dice, the odds give it every sequence of
//! dice ([`enumerate`]), so the preview and the roll cannot disagree.

use num_rational::Ratio;

use crate::rules::attack::AttackError;
use crate::rules::cv::Prob;
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::unit::{Status, UnitIdx};

use super::data::{FailedCheck, Tables};

/// A source of dice that may run out (the enumeration's scripted dice do).
pub trait Roll {
    fn d6(&mut self) -> Option<u8>;
}

/// Dice given in order; `None` once used up (the enumeration then branches on the next die).
pub struct Script<'a> {
    pub dice: &'a [u8],
    pub pos: usize,
}

impl Roll for Script<'_> {
    fn d6(&mut self) -> Option<u8> {
        let d = self.dice.get(self.pos).copied();
        self.pos += 1;
        d
    }
}

/// Every outcome of a procedure over all dice sequences it asks for, with its probability
/// (sequences of different length are weighted 6^-length), merged by equal outcomes.
pub fn enumerate<T: PartialEq>(f: impl Fn(&mut dyn Roll) -> Option<T>) -> Vec<(T, Prob)> {
    let mut out: Vec<(T, Prob)> = Vec::new();
    let mut stack: Vec<Vec<u8>> = vec![Vec::new()];
    while let Some(seq) = stack.pop() {
        let mut s = Script { dice: &seq, pos: 0 };
        let r = f(&mut s);
        match r {
            Some(t) if s.pos <= seq.len() => {
                let p = Prob::new(1, 6u64.pow(seq.len() as u32));
                match out.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, q)) => *q += p,
                    None => out.push((t, p)),
                }
            }
            _ => {
                for d in (1..=6).rev() {
                    let mut n = seq.clone();
                    n.push(d);
                    stack.push(n);
                }
            }
        }
    }
    out
}

/// What a unit must roll for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// [9.16] P: "if the result is higher than the unit's morale, unit is pinned".
    P,
    /// [9.16] R: "if the result is higher than the unit's morale, unit routs".
    R,
    /// [9.16] P/R: "equal to or lower ... pinned; if higher, the unit routs".
    PR,
    /// [9.16] `#` / `#*`: a morale check after losses; `star`: roll again on a pass.
    AfterLoss { star: bool, code: String },
    /// [12.98]: a morale check after a melee result (the caller applies pass / fail).
    Melee { why: String },
    /// A morale check a scenario's rule calls for (the alert: `super::alert`); the caller
    /// applies pass / fail.
    Called { why: String },
}

/// One step of a procedure, for the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// [13.15]: two dice and the rating they give.
    Elephant { d1: u8, d2: u8, morale: u8 },
    /// A roll against the rating.
    Roll {
        roll: u8,
        morale: u8,
        passed: bool,
        why: String,
    },
}

/// The outcome of a procedure for one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub steps: Vec<Step>,
    /// The status the result gives (`None`: unchanged).
    pub status: Option<Status>,
    /// Whether a morale check (as opposed to a P / R / P/R roll) was failed.
    pub failed: bool,
}

/// A unit's rating, rolling on [13.15] first if it is green and not rated yet.
fn rating(
    t: &Tables,
    green: bool,
    morale: u8,
    steps: &mut Vec<Step>,
    r: &mut dyn Roll,
) -> Option<u8> {
    if green && morale == 0 {
        let d1 = r.d6()?;
        let d2 = r.d6()?;
        let m = t.elephant(d1 + d2);
        steps.push(Step::Elephant { d1, d2, morale: m });
        Some(m)
    } else {
        Some(morale)
    }
}

/// Whether a morale check roll passes (settings.morale_check_passes_on_equal).
pub fn passes(t: &Tables, roll: u8, morale: u8) -> bool {
    roll < morale || (roll == morale && t.settings.morale_check_passes_on_equal)
}

/// Run one unit's procedure. `None` when the dice run out (enumeration only).
pub fn roll_morale(
    t: &Tables,
    green: bool,
    morale: u8,
    check: &Check,
    r: &mut dyn Roll,
) -> Option<Checked> {
    let mut steps = Vec::new();
    let (status, failed) = procedure(t, green, morale, check, r, Some(&mut steps))?;
    Some(Checked {
        steps,
        status,
        failed,
    })
}

/// The procedure of [`roll_morale`], its steps written to `steps` when given (the odds, which
/// run it over every sequence of dice, want only the status it gives and whether a check
/// failed).
fn procedure(
    t: &Tables,
    green: bool,
    morale: u8,
    check: &Check,
    r: &mut dyn Roll,
    mut steps: Option<&mut Vec<Step>>,
) -> Option<(Option<Status>, bool)> {
    let mut rated = Vec::new();
    let m = rating(t, green, morale, &mut rated, r)?;
    if let Some(s) = steps.as_deref_mut() {
        s.append(&mut rated);
    }
    let d = r.d6()?;
    let mut log = |roll: u8, passed: bool, why: &dyn Fn() -> String| {
        if let Some(s) = steps.as_deref_mut() {
            s.push(Step::Roll {
                roll,
                morale: m,
                passed,
                why: why(),
            });
        }
    };
    let out = match check {
        Check::P => {
            log(d, d <= m, &|| "P: higher than morale pins".into());
            (if d > m { Some(Status::Pinned) } else { None }, false)
        }
        Check::R => {
            log(d, d <= m, &|| "R: higher than morale routs".into());
            (if d > m { Some(Status::Routed) } else { None }, false)
        }
        Check::PR => {
            log(d, d <= m, &|| {
                "P/R: equal or lower pins, higher routs".into()
            });
            (
                Some(if d <= m {
                    Status::Pinned
                } else {
                    Status::Routed
                }),
                false,
            )
        }
        Check::AfterLoss { star, code } => {
            let ok = passes(t, d, m);
            log(d, ok, &|| format!("after {code}"));
            if !ok {
                let st = match t.settings.failed_check_after_loss {
                    FailedCheck::Rout => Some(Status::Routed),
                    FailedCheck::Pin => Some(Status::Pinned),
                    FailedCheck::Nothing => None,
                };
                (st, true)
            } else if *star {
                let d2 = r.d6()?;
                let pin = d2 > m || (d2 == m && t.settings.second_roll_equal_pins);
                log(d2, !pin, &|| {
                    format!("{code} second roll: higher than morale pins")
                });
                (pin.then_some(Status::Pinned), false)
            } else {
                (None, false)
            }
        }
        Check::Melee { why } | Check::Called { why } => {
            let ok = passes(t, d, m);
            log(d, ok, &|| why.clone());
            (None, !ok)
        }
    };
    Some(out)
}

/// [`roll_morale`] for a unit as it stands.
pub fn roll_unit(
    t: &Tables,
    game: &Game,
    u: UnitIdx,
    check: &Check,
    r: &mut dyn Roll,
) -> Option<Checked> {
    let own = super::state::unit(game, u);
    roll_morale(t, own.green, own.morale, check, r)
}

/// [`roll_unit`]'s outcome alone: the status it gives and whether a check failed (what the
/// odds enumerate).
pub fn outcome(
    t: &Tables,
    game: &Game,
    u: UnitIdx,
    check: &Check,
    r: &mut dyn Roll,
) -> Option<(Option<Status>, bool)> {
    let own = super::state::unit(game, u);
    procedure(t, own.green, own.morale, check, r, None)
}

/// How bad a status is: a result never makes a unit's status better (a pinned result leaves a
/// routed unit routed) [project default: not in the seeds].
pub fn severity(s: Status) -> u8 {
    match s {
        Status::Normal | Status::Disrupted => 0,
        Status::Engaged => 1,
        Status::Pinned => 2,
        Status::Routed => 3,
    }
}

/// The status a unit ends with after a result's status.
pub fn worse(current: Status, new: Status) -> Status {
    if severity(new) >= severity(current) {
        new
    } else {
        current
    }
}

/// Wide exact fractions for the odds' sums and products: a union over many units multiplies
/// coprime denominators (a green unit's are powers of 6), which overflow `Prob`'s `u64` long
/// before `u128`. Every operation is checked; [`narrow`] brings the result back to a `Prob`.
pub type Big = Ratio<u128>;

/// `p` as a [`Big`].
pub fn big(p: Prob) -> Big {
    Big::new_raw(u128::from(*p.numer()), u128::from(*p.denom()))
}

fn too_big(what: &str) -> AttackError {
    AttackError::Illegal(format!(
        "the exact {what} does not fit in the odds' 64-bit fractions (too many units roll for \
         it): this attack has no exact preview, but it can still be resolved"
    ))
}

/// `a + b`, or an error naming `what` when the exact sum does not fit.
pub fn add(a: Big, b: Big, what: &str) -> Result<Big, AttackError> {
    num_traits_checked::add(&a, &b).ok_or_else(|| too_big(what))
}

/// `a * b`, or an error naming `what` when the exact product does not fit.
pub fn mul(a: Big, b: Big, what: &str) -> Result<Big, AttackError> {
    num_traits_checked::mul(&a, &b).ok_or_else(|| too_big(what))
}

/// P(at least one of independent events with these probabilities), exactly.
pub fn union(ps: impl IntoIterator<Item = Prob>, what: &str) -> Result<Big, AttackError> {
    let one = Big::from_integer(1);
    let mut none = one;
    for p in ps {
        none = mul(none, one - big(p), what)?;
    }
    Ok(one - none)
}

/// A [`Big`] as a `Prob`, or an error naming `what` when it does not fit.
pub fn narrow(b: Big, what: &str) -> Result<Prob, AttackError> {
    match (u64::try_from(*b.numer()), u64::try_from(*b.denom())) {
        (Ok(n), Ok(d)) => Ok(Prob::new(n, d)),
        _ => Err(too_big(what)),
    }
}

mod num_traits_checked {
    use super::Big;

    fn gcd(mut a: u128, mut b: u128) -> u128 {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a.max(1)
    }

    fn reduce(n: u128, d: u128) -> Big {
        let g = gcd(n, d);
        Big::new_raw(n / g, d / g)
    }

    pub fn mul(a: &Big, b: &Big) -> Option<Big> {
        let g1 = gcd(*a.numer(), *b.denom());
        let g2 = gcd(*b.numer(), *a.denom());
        let n = (a.numer() / g1).checked_mul(b.numer() / g2)?;
        let d = (a.denom() / g2).checked_mul(b.denom() / g1)?;
        Some(reduce(n, d))
    }

    pub fn add(a: &Big, b: &Big) -> Option<Big> {
        let g = gcd(*a.denom(), *b.denom());
        let l = (a.denom() / g).checked_mul(*b.denom())?;
        let n = a
            .numer()
            .checked_mul(l / a.denom())?
            .checked_add(b.numer().checked_mul(l / b.denom())?)?;
        Some(reduce(n, l))
    }
}

/// The rally ([`super::data::Rally`]): each routed combat unit on the map, in unit order, with no
/// enemy combat unit within `clear_of` hexes, rolls one die against its morale; passing
/// ([`morale::passes`]), it is in good order again. One die per unit checked, in unit order.
pub fn rally(t: &Tables, game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
    let Some(r) = &t.settings.rally else {
        return Vec::new();
    };
    let enemies: Vec<_> = game
        .units
        .iter()
        .filter(|u| u.is_combat() && u.status != Status::Routed)
        .filter_map(|u| u.hex.map(|h| (u.side, h)))
        .collect();
    let mut events = Vec::new();
    let (mut rallied, mut failed) = (Vec::new(), Vec::new());
    for i in 0..game.units.len() {
        let u = &game.units[i];
        let Some(hex) = u
            .hex
            .filter(|_| u.is_combat() && u.status == Status::Routed)
        else {
            continue;
        };
        let side = u.side;
        if enemies
            .iter()
            .any(|(s, h)| *s != side && h.distance(hex) <= r.clear_of)
        {
            continue;
        }
        let idx = UnitIdx(i as u32);
        let m = super::state::unit(game, idx).morale;
        let die =
            crate::rules::event::roll_die(dice, crate::rules::dice::DieRole::Other, &mut events);
        if passes(t, die, m) {
            game.unit_mut(idx).status = Status::Normal;
            rallied.push((idx, die));
        } else {
            failed.push((idx, die));
        }
    }
    if !rallied.is_empty() || !failed.is_empty() {
        events.push(Event::RoundRecovered {
            mid_point: false,
            rallied,
            failed,
            restored: Vec::new(),
            rested: 0,
            fatigue: 0,
        });
    }
    events
}

#[cfg(test)]
mod tests {
    use super::{Check, Tables, enumerate, procedure, roll_morale};

    // The odds enumerate the procedure without writing its steps; the resolution writes them.
    // Over every sequence of dice, for every check and rating (green and rated), both give the
    // same status and the same failed check with the same probability.
    #[test]
    fn the_odds_procedure_is_the_resolutions() {
        let t = Tables::builtin();
        let checks = [
            Check::P,
            Check::R,
            Check::PR,
            Check::AfterLoss {
                star: false,
                code: "1".into(),
            },
            Check::AfterLoss {
                star: true,
                code: "1*".into(),
            },
            Check::Melee { why: "m".into() },
            Check::Called { why: "c".into() },
        ];
        let mut cases = 0;
        for check in &checks {
            for (green, morale) in (0..=7u8).map(|m| (false, m)).chain([(true, 0)]) {
                let full = enumerate(|r| {
                    roll_morale(&t, green, morale, check, r).map(|c| (c.status, c.failed))
                });
                let bare = enumerate(|r| procedure(&t, green, morale, check, r, None));
                assert_eq!(full, bare, "{check:?} green {green} morale {morale}");
                let steps =
                    enumerate(|r| roll_morale(&t, green, morale, check, r).map(|c| c.steps.len()));
                assert!(
                    steps.iter().all(|(n, _)| *n >= 1),
                    "{check:?}: a roll is logged"
                );
                cases += 1;
            }
        }
        assert_eq!(cases, 7 * 9);
    }
}
