//! The unit fields some rule systems add ([`EXTRA_UNIT_FIELDS`]) and the per-unit movement
//! allowance: each is refused in a ruleset that does not use it, and each must lie in its range.

use super::super::points::Mp;
use super::super::unit::{Status, UnitKind};
use super::{Check, EXTRA_UNIT_FIELDS, MAX_MOVEMENT, Profiles, UnitFile, unused_field};

/// The checked values of the optional fields of the other rule systems.
pub(super) struct Extra {
    pub morale: u8,
    pub rating: i32,
    pub combats: u8,
    pub guns: u32,
    pub efficiency: u8,
    pub command_control: f64,
    pub leader_bonus: i32,
    pub fortification: u8,
    pub movement: Option<Mp>,
}

/// Check the unit fields the other rule systems add: each is refused in a ruleset that does
/// not use it, and each must lie in its range.
pub(super) fn check_extra_fields(
    ck: &mut Check,
    profiles: Profiles,
    ruleset: &str,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) -> Extra {
    check_users(ck, profiles, ruleset, uf, f);
    let mut extra = check_ranges(ck, uf, f);
    check_kind_fields(ck, profiles, ruleset, uf, f);
    check_status(ck, profiles, ruleset, uf, f);
    extra.movement = check_movement(ck, uf, f);
    extra
}

/// Each field given is one the ruleset uses.
fn check_users(
    ck: &mut Check,
    profiles: Profiles,
    ruleset: &str,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) {
    let present: [bool; 18] = [
        uf.army,
        uf.exhausted,
        uf.demibrigade,
        uf.heavy_guns,
        uf.morale.is_some(),
        uf.green,
        uf.status.is_some(),
        uf.class.is_some(),
        uf.rating.is_some(),
        uf.forced_march,
        uf.combats.is_some(),
        uf.guns.is_some(),
        uf.efficiency.is_some(),
        uf.command_control.is_some(),
        uf.leader_bonus.is_some(),
        uf.mode.is_some(),
        uf.out_of_ammo,
        uf.fortification.is_some(),
    ];
    for (name, present) in EXTRA_UNIT_FIELDS.iter().zip(present) {
        let users = profiles.users(name);
        if present && !users.contains(&ruleset) {
            unused_field(ck, f(name), ruleset, &users);
        }
    }
}

/// The numbers, each in its range (out of it, the field counts as absent); the movement
/// allowance is left to [`check_movement`].
fn check_ranges(ck: &mut Check, uf: &UnitFile, f: &dyn Fn(&str) -> String) -> Extra {
    let mut int = |name: &str, v: Option<i64>, lo: i64, hi: i64, default: i64| -> i64 {
        match v {
            None => default,
            Some(x) if (lo..=hi).contains(&x) => x,
            Some(x) => {
                ck.bad(f(name), x, format!("{name} is {lo} to {hi}"));
                default
            }
        }
    };
    let morale = int("morale", uf.morale, 1, 6, 0) as u8;
    let rating = int("rating", uf.rating, 0, 9, 0) as i32;
    let combats = int("combats", uf.combats, 0, 9, 0) as u8;
    let guns = int("guns", uf.guns, 0, 100, 0) as u32;
    let efficiency = int("efficiency", uf.efficiency, 0, 100, 100) as u8;
    let leader_bonus = int("leader_bonus", uf.leader_bonus, 0, 100, 0) as i32;
    let fortification = int("fortification", uf.fortification, 0, 10, 0) as u8;
    int("men", uf.men, 0, 1_000_000, 0);
    let command_control = match uf.command_control {
        None => 1.0,
        Some(x) if x.is_finite() && (0.1..=2.0).contains(&x) => x,
        Some(x) => {
            ck.bad(f("command_control"), x, "command control is 0.1 to 2.0");
            1.0
        }
    };
    Extra {
        movement: None,
        morale,
        rating,
        combats,
        guns,
        efficiency,
        command_control,
        leader_bonus,
        fortification,
    }
}

/// The fields only some kinds of unit have (an army, a rating, a class, guns), and the
/// formation, one of the unit's kind.
fn check_kind_fields(
    ck: &mut Check,
    profiles: Profiles,
    ruleset: &str,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) {
    if uf.army && uf.kind != UnitKind::Leader {
        ck.bad(f("army"), "", "only a leader leads an army");
    }
    if uf.rating.is_some() && uf.kind != UnitKind::Leader {
        ck.bad(f("rating"), "", "only a leader (commander) has a rating");
    }
    if uf.class.is_some() && matches!(uf.kind, UnitKind::Leader) {
        ck.bad(f("class"), "", "a commander has no class");
    }
    if uf.guns.is_some() && uf.kind != UnitKind::Artillery {
        ck.bad(f("guns"), "", "only artillery has guns");
    }
    if let Some(p) = profiles.get(ruleset)
        && let (Some((modes, why)), Some(m)) = (p.modes, uf.mode)
    {
        let allowed = modes(uf.kind);
        if !allowed.contains(&m) {
            ck.bad(
                f("mode"),
                format!("{m:?}"),
                format!(
                    "a {} {} unit cannot be in this mode; its modes are {} ({why})",
                    p.name,
                    uf.kind.name(),
                    allowed
                        .iter()
                        .map(|m| format!("{m:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
    }
}

/// A green unit has no morale rating yet; only the rule systems that have them give a status
/// of disrupted, pinned or engaged.
fn check_status(
    ck: &mut Check,
    profiles: Profiles,
    ruleset: &str,
    uf: &UnitFile,
    f: &dyn Fn(&str) -> String,
) {
    if uf.morale.is_some() && uf.green {
        ck.bad(
            f("morale"),
            "",
            "a green unit has no morale rating until it sees the elephant [13.15]",
        );
    }
    let profile = profiles.get(ruleset);
    if uf.status == Some(Status::Disrupted) && !profile.is_some_and(|p| p.disrupted) {
        ck.bad(
            f("status"),
            "Disrupted",
            format!(
                "only {} units are disrupted",
                profiles.names(|p| p.disrupted)
            ),
        );
    }
    if matches!(uf.status, Some(Status::Pinned | Status::Engaged))
        && !profile.is_some_and(|p| p.pinned)
    {
        ck.bad(
            f("status"),
            "",
            format!(
                "only {} units are pinned or engaged",
                profiles.names(|p| p.pinned)
            ),
        );
    }
}

/// The unit's own movement allowance: 0 to [`MAX_MOVEMENT`], in steps of 1/60.
fn check_movement(ck: &mut Check, uf: &UnitFile, f: &dyn Fn(&str) -> String) -> Option<Mp> {
    match uf.movement {
        None => None,
        Some(x) => match Mp::from_f64(x).filter(|m| *m <= MAX_MOVEMENT) {
            Some(m) => Some(m),
            None => {
                ck.bad(
                    f("movement"),
                    x,
                    format!(
                        "a movement allowance is 0 to {} points, in steps of 1/60",
                        MAX_MOVEMENT.as_f64()
                    ),
                );
                None
            }
        },
    }
}
