//! Fire and melee strength: a unit's men times the product of every modifier on the card,
//! the cumulative product (random modifier included) clamped to [0.2, 2.0].
//!
//! Every factor is an exact fraction: efficiency 75 gives 175/200 = 0.875 and fatigue 15 gives
//! 185/200 = 0.925 exactly, as the card's formulas say (the card's example prints 0.87 and
//! 0.93; see `docs/rulesets/shiloh.md`).

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::Terrain;
use crate::rules::unit::{Mode, Status, UnitIdx, UnitKind};

use super::R;
use super::data::{Single, Tables, fac};
use super::state::{Su, su};

/// Whose strength is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SRole {
    /// A unit firing (fire combat).
    Fire,
    /// A unit attacking in melee.
    MeleeAttacker,
    /// A unit defending in melee (its strength against the attackers).
    MeleeDefender,
}

impl SRole {
    pub fn is_fire(self) -> bool {
        self == SRole::Fire
    }
}

/// The combat phase of a fire attack (footnotes *, **).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Fire,
    FinalDefensive,
}

/// Who is flanked (the card does not say how flanking is determined: the player says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flank {
    No,
    /// The target (melee: the defender) is flanked by the attackers.
    Target,
    /// The firing units are themselves flanked (fire only).
    Firer,
    /// Melee only: the attacking units are themselves flanked by the defenders (example 2:
    /// "the flanked unit ... would melee with a 0.5 modifier"; footnote ***: "The flanker has a
    /// modifier of 1.50").
    Attacker,
}

/// One factor of a unit's strength.
#[derive(Clone, Debug, PartialEq)]
pub struct Factor {
    pub name: String,
    pub value: R,
    pub detail: String,
    pub rule: String,
}

/// A unit's strength before the random modifier.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitStrength {
    pub unit: UnitIdx,
    /// Men the factors multiply (artillery fire: 16 per gun, see `base_detail`).
    pub base: u32,
    pub base_detail: String,
    pub factors: Vec<Factor>,
    /// The product of `factors`, unclamped, without the random modifier.
    pub product: R,
}

impl UnitStrength {
    /// The cumulative product with the random modifier `random`, clamped, and whether the
    /// clamp bit.
    pub fn clamped(&self, t: &Tables, random: R) -> (R, bool) {
        clamp(t, self.product * random)
    }

    /// Strength with the random modifier `random` (exact).
    pub fn strength(&self, t: &Tables, random: R) -> R {
        R::from_integer(self.base as i128) * self.clamped(t, random).0
    }
}

/// Clamp a cumulative product to the card's [0.2, 2.0].
pub fn clamp(t: &Tables, p: R) -> (R, bool) {
    let (lo, hi) = (fac(t.clamp_min), fac(t.clamp_max));
    if p < lo {
        (lo, true)
    } else if p > hi {
        (hi, true)
    } else {
        (p, false)
    }
}

/// The situation of one unit's fire or melee.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    pub role: SRole,
    pub phase: Phase,
    pub flank: Flank,
    /// The hex the unit fires at (melee defender: the attacking stack's hex).
    pub target: Coord,
    /// The units firing (melee: attacking) in this attack: the firer's square density counts
    /// the men of these units in the firer's hex ("men ... firing from the square").
    pub attackers: &'a [UnitIdx],
    /// Option `outmaneuvered=yes`: "Unit Outmaneuvered: Firing Unit's strength is cut in half
    /// for that attack" (attacking units only; when it applies is not on the card).
    pub outmaneuvered: bool,
    /// Option `successful_attack=yes`: "Successful Attack: Firing Unit's strength is increased
    /// by 50% for that attack" (attacking units only; when it applies is not on the card).
    pub successful_attack: bool,
    /// Name, explain and cite each factor (`false`: the values alone, for the checks and the
    /// computer players' odds, which read no explanation).
    pub explain: bool,
}

/// Efficiency factor: -1% per `pts` points below 100 (exact).
pub fn efficiency_factor(t: &Tables, efficiency: u8) -> R {
    let pts = t.efficiency_points_per_percent as i128;
    let below = 100 - (efficiency.min(100) as i128);
    R::new((100 * pts - below).max(0), 100 * pts)
}

/// Fatigue factor: -1% per `pts` points of fatigue (exact, never below 0).
pub fn fatigue_factor(t: &Tables, fatigue: u8) -> R {
    let pts = t.fatigue_points_per_percent as i128;
    R::new((100 * pts - fatigue as i128).max(0), 100 * pts)
}

/// Target density (fire): +1% per `men_per_percent` men over `base_men`, -1% under, within
/// [min, max].
pub fn target_density_factor(t: &Tables, men: u32) -> R {
    let d = &t.target_density;
    let f = R::from_integer(1)
        + R::new(
            men as i128 - d.base_men as i128,
            100 * d.men_per_percent as i128,
        );
    let f = f.max(fac(d.min));
    match d.max {
        Some(m) => f.min(fac(m)),
        None => f,
    }
}

/// Firing unit's square density: -1% per `men_per_percent` men over `base_men`.
pub fn firer_density_factor(t: &Tables, role: SRole, men: u32) -> R {
    let d = match role {
        SRole::MeleeAttacker => &t.firer_density_melee_attacker,
        _ => &t.firer_density_fire,
    };
    let over = men.saturating_sub(d.base_men) as i128;
    (R::from_integer(1) - R::new(over, 100 * d.men_per_percent as i128)).max(fac(d.min))
}

/// Fortification: -10% per level of the target (never below 0).
pub fn fortification_factor(t: &Tables, level: u8) -> R {
    let pct = (level as i128) * t.fortification_percent_per_level as i128;
    R::new((100 - pct).max(0), 100)
}

/// Artillerymen: men / (16 x guns), at most 1 (the cap is a reading of "to fully support
/// it": [project default: not on the card]).
pub fn artillerymen_factor(t: &Tables, men: u32, guns: u32) -> R {
    let need = (t.artillerymen_per_gun * guns) as i128;
    if need == 0 {
        return R::from_integer(1);
    }
    R::new(men as i128, need).min(R::from_integer(1))
}

/// Command control as an exact fraction (ten-thousandths).
pub fn command_control_factor(cc: f64) -> R {
    fac(cc)
}

/// Leader bonus in percent: the unit's own, or the best of its side's leaders in its hex
/// ([project default: not on the card]: the card says only "the unit it is with").
pub fn leader_bonus(game: &Game, u: Su) -> (i32, Option<String>) {
    let mut best = (u.own.leader_bonus, None);
    if let Some(h) = u.hex {
        for &l in game.units_at(h) {
            let lu = su(game, l);
            if lu.is_leader() && lu.side == u.side && lu.own.leader_bonus > best.0 {
                best = (lu.own.leader_bonus, Some(lu.name.clone()));
            }
        }
    }
    best
}

/// Men of the non-artillery `firing` units in `hex` ("men ... firing from the square").
pub fn firing_men_in_hex(game: &Game, hex: Coord, firing: &[UnitIdx]) -> u32 {
    firing
        .iter()
        .map(|x| game.unit(*x))
        .filter(|x| x.hex == Some(hex) && x.is_combat() && x.kind != UnitKind::Artillery)
        .map(|x| x.manpower)
        .sum()
}

/// Whether a unit may fire in the fire phase, or only in Final Defensive Fire (footnote **).
pub fn final_defensive_only(t: &Tables, u: Su) -> Option<String> {
    let mode_row = t.mode_row(u.own.mode);
    if mode_row.is_some_and(|r| r.final_defensive_only) {
        return Some(format!("mode {}", u.own.mode.name()));
    }
    if u.status == Status::Routed
        && t.mode_row(Mode::Routed)
            .is_some_and(|r| r.final_defensive_only)
    {
        return Some("routed".into());
    }
    if u.status == Status::Disrupted && t.disrupted_final_defensive_only {
        return Some("disrupted".into());
    }
    if u.own.out_of_ammo && t.out_of_ammo_final_defensive_only {
        return Some("out of ammunition".into());
    }
    None
}

/// Whether a unit may only defend in melee (footnote ****, read as attached to the Routed and
/// Limbered melee values): why, or `None` when it may attack. A routed unit (status) reads the
/// Routed mode row, as for footnote **.
pub fn melee_defend_only(t: &Tables, u: Su) -> Option<String> {
    if t.mode_row(u.own.mode).is_some_and(|r| r.melee_defend_only) {
        return Some(format!("mode {}", u.own.mode.name()));
    }
    if u.status == Status::Routed
        && t.mode_row(Mode::Routed)
            .is_some_and(|r| r.melee_defend_only)
    {
        return Some("routed".into());
    }
    None
}

fn f2(r: R) -> String {
    let v = *r.numer() as f64 / *r.denom() as f64;
    format!("{v:.4}")
}

/// A fraction shown exactly and as a decimal.
pub fn show(r: R) -> String {
    if *r.denom() == 1 {
        format!("{}", r.numer())
    } else {
        format!("{}/{} = {}", r.numer(), r.denom(), f2(r))
    }
}

/// Every factor of one unit's strength. `Err` says why the unit cannot fire or melee here.
pub fn unit_strength(
    t: &Tables,
    game: &Game,
    ui: UnitIdx,
    s: &Situation,
) -> Result<UnitStrength, String> {
    let u = su(game, ui);
    let hex = u
        .hex
        .ok_or_else(|| format!("{} is not on the map", u.name))?;
    may_fire_or_melee(t, u, s)?;
    let f = Firer {
        t,
        game,
        u,
        hex,
        s,
        fire: s.role.is_fire(),
    };
    let mut fs = Factors {
        explain: s.explain,
        list: Vec::new(),
    };
    target_location(&f, &mut fs)?;
    firing_units_location(&f, &mut fs);
    special_conditions(&f, &mut fs);
    mode(&f, &mut fs)?;
    outmaneuvered_or_successful(&f, &mut fs);
    leader_and_density(&f, &mut fs);
    fortification_efficiency_fatigue_command(&f, &mut fs);
    let (base, base_detail) = artillerymen(&f, &mut fs)?;
    let product = fs.list.iter().fold(R::from_integer(1), |a, f| a * f.value);
    Ok(UnitStrength {
        unit: ui,
        base,
        base_detail,
        factors: fs.list,
        product,
    })
}

/// One unit's fire or melee, as the card's headings read it.
struct Firer<'a> {
    t: &'a Tables,
    game: &'a Game,
    u: Su<'a>,
    /// The unit's hex.
    hex: Coord,
    s: &'a Situation<'a>,
    fire: bool,
}

impl Firer<'_> {
    /// The card's FIRE MOD. or MELEE MOD. column.
    fn pick(&self, fire_v: f64, melee_v: f64) -> R {
        fac(if self.fire { fire_v } else { melee_v })
    }

    fn col(&self) -> &'static str {
        if self.fire { "fire" } else { "melee" }
    }
}

/// The factors of a unit's strength as they are found, each explained only when one is
/// wanted (the strings are most of the work of an unexplained assessment:
/// `Situation::explain`).
struct Factors {
    explain: bool,
    list: Vec<Factor>,
}

impl Factors {
    /// A factor; `words` gives its name, detail and rule, called only when explaining.
    fn push(&mut self, value: R, words: impl FnOnce() -> (String, String, String)) {
        self.list.push(if self.explain {
            let (name, detail, rule) = words();
            Factor {
                name,
                value,
                detail,
                rule,
            }
        } else {
            Factor {
                name: String::new(),
                value,
                detail: String::new(),
                rule: String::new(),
            }
        })
    }
}

/// Footnote ** (fire in the fire phase) and footnote **** (melee attack): why the unit may
/// not.
fn may_fire_or_melee(t: &Tables, u: Su, s: &Situation) -> Result<(), String> {
    if s.role == SRole::Fire
        && s.phase == Phase::Fire
        && let Some(why) = final_defensive_only(t, u)
    {
        return Err(format!(
            "{} ({why}) may only fire during Final Defensive Fire (card footnote **); use --opt phase=final-defensive",
            u.name
        ));
    }
    if s.role == SRole::MeleeAttacker
        && let Some(why) = melee_defend_only(t, u)
    {
        return Err(format!(
            "{} ({why}) may only defend in melee (card footnote ****, read as attached to the \
             Routed and Limbered melee values: docs/rulesets/shiloh.md)",
            u.name
        ));
    }
    Ok(())
}

/// TARGET LOCATION: the target hex's terrain, and Higher Elevation.
fn target_location(f: &Firer, fs: &mut Factors) -> Result<(), String> {
    let (t, game, u, s) = (f.t, f.game, f.u, f.s);
    let map = game.map();
    let tt = map.terrain(s.target).unwrap_or(Terrain::Clear);
    let row = t
        .target_row(tt)
        .ok_or_else(|| format!("no target-location row for {}", tt.name()))?;
    fs.push(f.pick(row.fire, row.melee), || {
        (
            format!("{}: target in {}", u.name, tt.name()),
            format!("target hex {} ({})", game.label(s.target), f.col()),
            row.source.clone(),
        )
    });
    let (te, fe) = (map.elevation(s.target), map.elevation(f.hex));
    if te > fe {
        let h = &t.higher_elevation;
        fs.push(f.pick(h.fire, h.melee), || {
            (
                format!("{}: target on higher elevation", u.name),
                format!("target level {te} > firer level {fe}"),
                h.source.clone(),
            )
        });
    }
    Ok(())
}

/// FIRING UNIT'S LOCATION: the unit's hex's terrain, and Artillery in Woods.
fn firing_units_location(f: &Firer, fs: &mut Factors) {
    let (t, game, u, hex) = (f.t, f.game, f.u, f.hex);
    let ft = game.map().terrain(hex).unwrap_or(Terrain::Clear);
    if let Some(r) = t.firer_row(ft) {
        fs.push(f.pick(r.fire, r.melee), || {
            (
                format!("{}: firer in {}", u.name, ft.name()),
                format!("firer hex {}", game.label(hex)),
                r.source.clone(),
            )
        });
    }
    if u.kind == UnitKind::Artillery && t.woods.contains(&ft) {
        let a = &t.artillery_in_woods;
        fs.push(f.pick(a.fire, a.melee), || {
            (
                format!("{}: artillery in woods", u.name),
                format!("firer hex {} is {}", game.label(hex), ft.name()),
                a.source.clone(),
            )
        });
    }
}

/// SPECIAL CONDITIONS: flanked, then disrupted, out of ammo and routed.
fn special_conditions(f: &Firer, fs: &mut Factors) {
    let (t, u) = (f.t, f.u);
    flanked(f, fs);
    if u.status == Status::Disrupted {
        let d = &t.disrupted;
        fs.push(f.pick(d.fire, d.melee), || {
            (
                format!("{}: disrupted", u.name),
                "firing unit is disrupted".into(),
                d.source.clone(),
            )
        });
    }
    if u.own.out_of_ammo {
        let d = &t.out_of_ammo;
        fs.push(f.pick(d.fire, d.melee), || {
            (
                format!("{}: out of ammunition", u.name),
                "firing unit out of ammo".into(),
                d.source.clone(),
            )
        });
    }
    // Routed as a condition (status) and as a mode: the condition row only when the mode is
    // not Routed, so a routed unit in mode Routed gets Routed's 0.5 once (the mode row), and a
    // routed unit in another mode keeps that mode's factor too.
    if u.status == Status::Routed && u.own.mode != Mode::Routed {
        let r = &t.routed;
        fs.push(f.pick(r.fire, r.melee), || {
            (
                format!("{}: routed", u.name),
                format!(
                    "status Routed, mode {} (the mode's factor applies as well)",
                    u.own.mode.name()
                ),
                r.source.clone(),
            )
        });
    }
}

/// "Target unit is flanked" and footnotes * and ***: who flanks whom, by the unit's role.
fn flanked(f: &Firer, fs: &mut Factors) {
    let (t, u, s) = (f.t, f.u, f.s);
    let fl = &t.flanked;
    match (s.flank, s.role) {
        (Flank::Target, SRole::Fire | SRole::MeleeAttacker) => {
            fs.push(f.pick(fl.flanker.fire, fl.flanker.melee), || {
                (
                    format!("{}: target is flanked", u.name),
                    "the firer flanks the target (option flanked=target)".into(),
                    fl.flanker.source.clone(),
                )
            });
        }
        (Flank::Target, SRole::MeleeDefender) => fs.push(fac(fl.flanked_defender_melee), || {
            (
                format!("{}: flanked defender in melee", u.name),
                "the defender is flanked (option flanked=target)".into(),
                fl.source.clone(),
            )
        }),
        (Flank::Attacker, SRole::MeleeAttacker) => fs.push(fac(fl.flanked_defender_melee), || {
            (
                format!("{}: flanked unit in melee", u.name),
                "the attacking unit is itself flanked (option flanked=attacker): example 2, \
                 \"the flanked unit ... would melee with a 0.5 modifier\""
                    .into(),
                fl.source.clone(),
            )
        }),
        (Flank::Attacker, SRole::MeleeDefender) => {
            fs.push(fac(fl.flanker.melee), || {
                (
                    format!("{}: flanker in melee", u.name),
                    "the defender flanks the attacking units (option flanked=attacker): \
                     footnote ***, \"The flanker has a modifier of 1.50\""
                        .into(),
                    format!(
                        "{}; the defender as the flanker [project default: not on the card: a \
                         reading of footnote ***]",
                        fl.flanker.source
                    ),
                )
            });
        }
        (Flank::Firer, SRole::Fire) => {
            let (v, d) = match s.phase {
                Phase::FinalDefensive => (
                    fac(fl.flanked_unit_final_defensive_fire),
                    "the flanked unit firing in Final Defensive Fire",
                ),
                Phase::Fire => (
                    R::from_integer(1),
                    "the flanked unit firing in the fire phase (example 2: 1.0)",
                ),
            };
            fs.push(v, || {
                (
                    format!("{}: firer is flanked", u.name),
                    d.into(),
                    fl.source.clone(),
                )
            });
        }
        _ => {}
    }
}

/// MODES: the unit's mode row.
fn mode(f: &Firer, fs: &mut Factors) -> Result<(), String> {
    let (t, u) = (f.t, f.u);
    let mr = t
        .mode_row(u.own.mode)
        .ok_or_else(|| format!("no mode row for {}", u.own.mode.name()))?;
    fs.push(f.pick(mr.fire, mr.melee), || {
        (
            format!("{}: mode {}", u.name, u.own.mode.name()),
            if u.own.mode == Mode::Routed && u.status == Status::Routed {
                format!(
                    "{} column (status Routed too: Routed's factor applied once)",
                    f.col()
                )
            } else {
                format!("{} column", f.col())
            },
            mr.source.clone(),
        )
    });
    Ok(())
}

/// Unit Outmaneuvered and Successful Attack: the attacking units only.
fn outmaneuvered_or_successful(f: &Firer, fs: &mut Factors) {
    let (t, u, s) = (f.t, f.u, f.s);
    if s.role == SRole::MeleeDefender {
        return;
    }
    if s.outmaneuvered {
        option_factor(fs, u, &t.outmaneuvered, "outmaneuvered", "outmaneuvered");
    }
    if s.successful_attack {
        option_factor(
            fs,
            u,
            &t.successful_attack,
            "successful attack",
            "successful_attack",
        );
    }
}

/// A factor the player's option `key=yes` applies (when it applies is not on the card).
fn option_factor(fs: &mut Factors, u: Su, o: &Single, what: &str, key: &str) {
    fs.push(fac(o.factor), || {
        (
            format!("{}: {what}", u.name),
            format!("option {key}=yes (when it applies is not on the card)"),
            o.source.clone(),
        )
    });
}

/// ADDITIONAL MODIFIERS: Leader Bonus, Target Density (fire) and Density of Firing Unit's
/// Square (not artillery, not the melee defender).
fn leader_and_density(f: &Firer, fs: &mut Factors) {
    let (t, game, u, s) = (f.t, f.game, f.u, f.s);
    let (bonus, from) = leader_bonus(game, u);
    fs.push(R::new(100 + bonus as i128, 100), || {
        (
            format!("{}: leader bonus {bonus}", u.name),
            match from {
                Some(l) => format!("{l} in the hex: x(1 + {bonus}/100)"),
                None => format!("x(1 + {bonus}/100)"),
            },
            "[card] Leader Bonus: direct modifier (bonus 20 -> x1.2); which leader counts (the \
             unit's own bonus or the best friendly leader's in its hex) [project default: not \
             on the card]"
                .into(),
        )
    });
    if f.fire {
        let men = game
            .units_at(s.target)
            .iter()
            .map(|x| game.unit(*x))
            .filter(|x| x.is_combat())
            .map(|x| x.manpower)
            .sum::<u32>();
        fs.push(target_density_factor(t, men), || {
            (
                format!("{}: target density", u.name),
                format!("{men} men in the target square"),
                "[card] Target Density: 1% per 50 men over/under 1000, max 1.4 (min 0.8 [project default])".into(),
            )
        });
    }
    if u.kind != UnitKind::Artillery && s.role != SRole::MeleeDefender {
        let men = firing_men_in_hex(game, f.hex, s.attackers);
        fs.push(firer_density_factor(t, s.role, men), || {
            (
                format!("{}: firer's square density", u.name),
                format!(
                    "{men} men of the {} units in the firer's square (artillery not counted)",
                    if f.fire { "firing" } else { "attacking" }
                ),
                if f.fire {
                    "[card] Density of Firing Unit's Square: 1% per 50 men over 1000 (1200 men = .96)"
                        .into()
                } else {
                    "[card] Density of Firing Unit's Square, melee attacker: 1% per 100 men over 1000 (1200 men = .98)".into()
                },
            )
        });
    }
}

/// ADDITIONAL MODIFIERS: Fortification Level, Efficiency, Fatigue and Command Control.
fn fortification_efficiency_fatigue_command(f: &Firer, fs: &mut Factors) {
    let (t, game, u, s) = (f.t, f.game, f.u, f.s);
    // "The firing unit is penalized by 10% per level that the target is fortified": the fire
    // and the melee attacker's target. The melee defender's "target" is the attacking stack,
    // which the card does not treat: [project default: not on the card] no fortification
    // factor for the melee defender.
    let fort = if s.role == SRole::MeleeDefender {
        0
    } else {
        game.units_at(s.target)
            .iter()
            .map(|x| su(game, *x))
            .filter(|x| x.is_combat())
            .map(|x| x.own.fortification)
            .max()
            .unwrap_or(0)
    };
    if fort > 0 {
        fs.push(fortification_factor(t, fort), || {
            (
                format!("{}: target fortified {fort}", u.name),
                format!("-{}% per level", t.fortification_percent_per_level),
                "[card] Fortification Level: 10% per level (level 5 = 0.5)".into(),
            )
        });
    }
    let e = efficiency_factor(t, u.own.efficiency);
    fs.push(e, || {
        (
            format!("{}: efficiency {}", u.name, u.own.efficiency),
            format!("1 - (100 - {})/2 %: {}", u.own.efficiency, show(e)),
            "[card] Efficiency: -1% per 2 points below 100 (60 -> .80)".into(),
        )
    });
    let fa = fatigue_factor(t, u.fatigue);
    fs.push(fa, || {
        (
            format!("{}: fatigue {}", u.name, u.fatigue),
            format!("1 - {}/2 %: {}", u.fatigue, show(fa)),
            "[card] Fatigue: -1% per 2 points (20 -> .90)".into(),
        )
    });
    fs.push(command_control_factor(u.own.command_control), || {
        (
            format!("{}: command control", u.name),
            format!("x{}", u.own.command_control),
            "[card] Command Control: direct modifier (750 men x 1.3 = 975)".into(),
        )
    });
}

/// Artillerymen (artillery fire): the factor, and the men the factors multiply, with their
/// explanation.
fn artillerymen(f: &Firer, fs: &mut Factors) -> Result<(u32, String), String> {
    let (t, u) = (f.t, f.u);
    if !(u.kind == UnitKind::Artillery && f.fire) {
        return Ok((u.manpower, format!("{} men", u.manpower)));
    }
    if u.own.guns == 0 {
        return Err(format!("artillery {} has no guns", u.name));
    }
    let a = artillerymen_factor(t, u.manpower, u.own.guns);
    fs.push(a, || {
        (
            format!("{}: artillerymen", u.name),
            format!(
                "{} men / ({} x {} guns): {}",
                u.manpower,
                t.artillerymen_per_gun,
                u.own.guns,
                show(a)
            ),
            "[card] Artillerymen: 16 per gun (6 guns need 96), strength proportionate to the \
             men; at most 1 [project default: not on the card: a reading of \"to fully support \
             it\"]"
                .into(),
        )
    });
    let base = t.artillerymen_per_gun * u.own.guns;
    Ok((
        base,
        format!(
            "{} guns x {} artillerymen = {base} [project default: not on the card: artillery fires with its full crew complement, scaled by the artillerymen modifier]",
            u.own.guns, t.artillerymen_per_gun
        ),
    ))
}
